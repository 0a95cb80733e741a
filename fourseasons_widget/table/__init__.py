"""The table: the board's game and its services, with no widget in sight.

:mod:`.controller` holds the :class:`~.controller.Table` — intents in, each handed to a service,
one snapshot out — and its services each live in a module of their own: :mod:`.advice` (hint,
solve, auto-finish), :mod:`.demo` (demo mode), :mod:`.how_won` ("How could it have been won?"),
:mod:`.review` ("Where did I go wrong?"), :mod:`.rules_choice` (the Rules choice),
:mod:`.offers` (the banner's offers), :mod:`.recorder` (what is recorded, the clock),
:mod:`.snapshot` (the picture of a game and its words) and :mod:`.background` (the worker that
runs searches beside the board).  The widget (:mod:`fourseasons_widget.widget`) is a thin
adapter over the table; the old module paths (``fourseasons_widget.table.controller`` …) answer for
one release with a ``DeprecationWarning``.
"""
