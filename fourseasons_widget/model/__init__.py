"""The model: cards, deals, the rules of every variant, positions as values and a game (history,
undo, status, save files).  It imports nothing beyond itself but the package's one gate for
outside input (``validate``) and its helpers; never the solver, the analysis or a widget
(``tests/test_package_layout.py``)."""
