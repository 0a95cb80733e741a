"""The player's Rules choice as a service (fourseasons_widget/table/rules_choice.py), driven through its
small host protocol, without a controller's Table: what New deal follows, what the Rules control
shows, what is kept for the next board, and bad input refused with nothing changed."""

from __future__ import annotations

import threading

import pytest

from fourseasons_widget import Game
from fourseasons_widget.channel import IntentError
from fourseasons_widget.model.rules import IllegalMoveError
from fourseasons_widget.store.prefs import Prefs
from fourseasons_widget.table.rules_choice import RulesChoice, checked, question


class Host:
    """A table as the choice sees it: the game shown, what was published and dealt."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.lock = threading.RLock()
        self.published: list[dict] = []
        self.dealt: list[dict] = []

    def publish(self, kind: str = "refresh", **kw) -> None:
        self.published.append({"kind": kind, **kw})

    def new_game(self, seed=None, variant=None, **options) -> Game:
        self.dealt.append({"seed": seed, "variant": variant, **options})
        self.game = Game.new(seed=seed, variant=variant,
                             **(options or {"rules": self.choice.value}))
        return self.game


def choice(game: Game, prefs: Prefs | None = None, rules: str | None = None):
    host = Host(game)
    host.choice = RulesChoice(host, prefs, rules)
    return host, host.choice


def test_choosing_the_other_rules_deals_the_same_seed_again_and_keeps_the_choice(tmp_path):
    prefs = Prefs(tmp_path / "stats.sqlite")
    host, c = choice(Game.new(seed=11, variant="czarina"), prefs)
    assert c.value == "default" and c.control(host.game) == {"value": "default",
                                                              "available": True}
    game = c.choose("pysol")
    assert host.dealt == [{"seed": 11, "variant": "czarina"}]
    assert game is host.game and game.rules.rules == "pysol"
    assert c.value == "pysol" and c.control(host.game)["value"] == "pysol"
    assert Prefs(prefs.path).load()["rules"] == "pysol"  # (the next board follows it)


def test_choosing_the_rules_the_game_plays_under_deals_nothing():
    host, c = choice(Game.new(seed=2, variant="standard", rules="pysol"))
    assert c.value == "pysol"  # (the game's own reading, not the default)
    assert c.choose("pysol") is None
    assert host.dealt == [] and host.published == [{"kind": "panel", "keep_hint": True,
                                                    "bump": False}]


def test_a_variant_without_a_reading_refuses_and_changes_nothing(tmp_path):
    prefs = Prefs(tmp_path / "stats.sqlite")
    host, c = choice(Game.new(seed=2, variant="sequences"), prefs, rules="pysol")
    with pytest.raises(IllegalMoveError, match="PySolFC has no game of"):
        c.choose("default")
    assert (c.value, host.dealt, host.published) == ("pysol", [], [])
    assert "rules" not in Prefs(prefs.path).load()
    # the control shows the choice, unavailable, where the game has no reading
    assert c.control(host.game) == {"value": "pysol", "available": False}


def test_new_deals_keep_the_game_s_options_under_the_same_rules_else_the_choice():
    g = Game.new(seed=5, variant="standard", tableau_wrap="never")
    _host, c = choice(g)
    assert c.options_for("standard", g.rules) == dict(g.rules.option_values)
    assert c.options_for("czarina", g.rules) == {"rules": "default"}
    assert c.options_for("sequences", g.rules) == {}
    c.keep("pysol", save=False)
    assert c.options_for("standard", g.rules) == {"rules": "pysol"}


def test_a_reading_that_came_with_a_deal_is_followed_but_not_kept(tmp_path):
    prefs = Prefs(tmp_path / "stats.sqlite")
    _host, c = choice(Game.new(seed=1), prefs)
    c.follow(Game.from_pysol(617, "standard", rules="pysol"))
    assert c.value == "pysol" and "rules" not in Prefs(prefs.path).load()
    c.follow(Game.new(seed=1, variant="sequences"))  # (no reading: the choice stays)
    assert c.value == "pysol"


def test_the_choice_starts_from_what_the_player_kept(tmp_path):
    prefs = Prefs(tmp_path / "stats.sqlite")
    prefs.save("rules", "pysol")
    assert choice(Game.new(seed=1, variant="sequences"), prefs)[1].value == "pysol"
    assert choice(Game.new(seed=1, variant="sequences"))[1].value == "default"


@pytest.mark.parametrize("bad", [None, 1, "PYSOL", "default " * 8, True, ["pysol"]])
def test_bad_readings_are_refused(bad):
    with pytest.raises(IntentError, match="the rules are one of default, pysol"):
        checked(bad)
    with pytest.raises(ValueError, match="rules= takes one of"):
        RulesChoice(Host(Game.new(seed=1)), None, bad if isinstance(bad, str) else "x")
    host, c = choice(Game.new(seed=1))
    with pytest.raises(IllegalMoveError):
        c.choose(bad if isinstance(bad, str) else "x")
    assert (c.value, host.dealt) == ("default", [])


def test_what_the_banner_asks_names_the_rules():
    assert question("pysol") == "Deal again under PySolFC's rules?"
    assert question("default") == "Deal again under this project's rules?"
