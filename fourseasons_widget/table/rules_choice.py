"""The player's choice of rules: this project's reading or PySolFC's, for the variants that have
both (the Rules control, "New deal" and the picker follow it, and it is kept for the next board).

:class:`RulesChoice` is a service of the table's controller (:class:`~fourseasons_widget.
controller.Table`); it knows its table only through the one host interface, :class:`~.host.TableHost` (it
imports neither the controller nor the widget), so any host, a test's included, can drive it:

- :meth:`RulesChoice.options_for` — the rule options a new deal of a variant is dealt with;
- :meth:`RulesChoice.choose` — the player picked a reading: a new deal under it (the same seed,
  where the game has one), unless the game shown already plays under it;
- :meth:`RulesChoice.control` — the Rules control as the board publishes it.

The choice is kept beside the statistics (:mod:`~fourseasons_widget.store.prefs`) when the player
makes it; a reading that comes with a deal (a PySolFC deal number typed on the board, a game
resumed) is followed by this board only.

>>> from fourseasons_widget import Game
>>> class Host:
...     game = Game.new(seed=3, variant="standard", rules="pysol")
>>> c = RulesChoice(Host(), None)
>>> c.value, c.control(Host.game)
('pysol', {'value': 'pysol', 'available': True})
>>> c.options_for("standard", Host.game.rules) == dict(Host.game.rules.option_values)
True
>>> c.keep("default"); c.options_for("standard", Host.game.rules)
{'rules': 'default'}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..channel import IntentError
from ..model.rules import VARIANTS, IllegalMoveError
from ..store.prefs import RULES
from ..validate import quote
from .host import TableHost
from .intents import handles

if TYPE_CHECKING:
    from ..model.game import Game
    from ..model.rules import Rules
    from ..store.prefs import Prefs


def has_reading(rules: Rules | None) -> bool:
    """The variant of ``rules`` has a rule reading to choose (PySolFC has a game of it)."""
    return rules is not None and "rules" in dict(rules.options)


def checked(value: Any) -> str:
    """A reading a front end sent, or :class:`IntentError` (it may send anything)."""
    if not isinstance(value, str) or value not in RULES:
        raise IntentError(f"refused: the rules are one of {', '.join(RULES)}, not "
                          f"{quote(value)}")
    return value


def question(rules: str) -> str:
    """What the banner asks before a new deal under ``rules`` over a game in progress."""
    return ("Deal again under PySolFC's rules?" if rules == "pysol"
            else "Deal again under this project's rules?")


#: (its own name for the one host interface, kept for a release)
RulesHost = TableHost


class RulesChoice:
    """The rule reading new deals are dealt under, on one table (see the module doc).

    ``rules``: the reading asked for (``"default"`` or ``"pysol"``); by default the game's own
    where its variant has one, else the one the player chose last (kept in ``prefs``)."""

    def __init__(self, host: TableHost, prefs: Prefs | None, rules: str | None = None) -> None:
        if rules is not None and rules not in RULES:
            raise ValueError(f"rules= takes one of {', '.join(RULES)}, not {quote(rules)}")
        game = host.game
        if rules is None and has_reading(game.rules):
            rules = game.rules.rules
        if rules is None:
            rules = prefs.load().get("rules", "default") if prefs is not None else "default"
        self.host = host
        self.prefs = prefs
        #: the rule reading New deal and the picker deal under (where the variant has one)
        self.value: str = rules

    def options_for(self, variant: str, current: Rules) -> dict[str, str]:
        """The options a new deal of ``variant`` is dealt with, the game shown playing under
        ``current``: the same rules keep their other options; else the reading chosen (``{}``
        for a variant that has none)."""
        reading = {"rules": self.value} if has_reading(VARIANTS.get(variant)) else {}
        if variant == current.variant and reading.get("rules", "default") == current.rules:
            return dict(current.option_values)
        return reading

    def keep(self, rules: str, *, save: bool = True) -> None:
        """New deals follow ``rules`` from now on; ``save``: the player chose it (the Rules
        control), so the next board follows it too — a reading that came with a deal (a
        PySolFC deal number, a game resumed) is this board's only."""
        self.value = rules
        if save and self.prefs is not None:
            self.prefs.save("rules", rules)

    def follow(self, game: Game) -> None:
        """A game taken up under its own rules: this board deals under them from now on."""
        if has_reading(game.rules):
            self.keep(game.rules.rules, save=False)

    def choose(self, rules: str) -> Game | None:
        """Play under ``rules`` (``"default"``: this project's; ``"pysol"``: PySolFC's) from
        now on: a new deal of this variant under them (the same seed, where the game has one),
        unless the game shown already plays under them."""
        if rules not in RULES:
            raise IllegalMoveError(f"the rules are one of {', '.join(RULES)}, not "
                                   f"{quote(rules)}")
        host = self.host
        with host.lock:
            g = host.game
            if not has_reading(g.rules):
                raise IllegalMoveError(f"PySolFC has no game of {g.rules.title}: its rules are "
                                       "this project's only")
            self.keep(rules)
            if g.rules.rules == rules:
                host.publish(kind="panel", keep_hint=True, bump=False)
                return None
            return host.new_game(seed=g.seed if g.pysol is None else None, variant=g.variant)

    @handles("rules")
    def _intent(self, c: dict[str, Any]) -> None:
        rules = checked(c.get("rules"))
        # (over a game in progress a choice that deals again is asked about first)
        if (c.get("ask") is True and self.wants_asking(self.host.game, rules)
                and self.host.ask_first(c)):
            return
        self.choose(rules)

    def wants_asking(self, game: Game, rules: str) -> bool:
        """Choosing ``rules`` over ``game`` deals again (so a game in progress is asked about
        first)."""
        return has_reading(game.rules) and game.rules.rules != rules

    def control(self, game: Game) -> dict[str, Any]:
        """The Rules control: the reading the game shown plays under (where its variant has a
        choice), else the player's choice for the variants that have one."""
        available = has_reading(game.rules)
        return {"value": game.rules.rules if available else self.value, "available": available}


__all__ = ["RulesChoice", "RulesHost", "checked", "has_reading", "question"]
