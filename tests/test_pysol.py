"""PySolFC's deals and rules (``from_pysol``, ``rules="pysol"``).

The deals are cross-checked against ``pysol_cards``, PySolFC's own dealing package: its random
generators shuffle the cards as PySolFC's ``construct_random`` and ``Game.shuffle`` do, and
:func:`pysolfc_deal` lays them out as PySolFC's ``startGame`` methods do
(``pysollib/games/windmill.py``: FourSeasons 484, Czarina 483, Corners 417, Simplicity 437).
"""

from __future__ import annotations

import json
import re

import pytest
from helpers import codes, make_deck
from pysol_cards.cards import createCards, ms_rearrange
from pysol_cards.random import LCRandom31, MTRandom, match_ms_deal_prefix, shuffle
from pysol_cards.random_base import RandomBase

from fourseasons_widget import Game
from fourseasons_widget.budget import Budget
from fourseasons_widget.model.game import position_status, state_from_dict
from fourseasons_widget.model.rules import IllegalMoveError, RulesError, get_rules
from fourseasons_widget.solver.exact import (
    FastSearch,
    engine_search,
    fast_search_supports,
    search,
    solve,
)

PYSOL_VARIANTS = ("standard", "czarina", "corners", "simplicity")

# deal numbers: 1-2000 and around 32000 (where PySolFC changes generator), large numbers up to
# 20 digits, and "ms" numbers over the Microsoft generator's whole range (its extensions from
# 2**31 and 2**32 on included)
NUMBERS = ([str(n) for n in range(1, 2001)] + [str(n) for n in range(31990, 32011)]
           + [str(10**k + k) for k in range(5, 20)] + [str(2**k - 1) for k in range(31, 66, 3)]
           + ["99999999999999999999"]
           + [f"ms{n}" for n in (1, 617, 11982, 31999, 32000, 32001, 100000, 1000000)]
           + [f"ms{n}" for n in range(2**31 - 3, 2**31 + 3)]
           + [f"ms{n}" for n in range(2**32 - 3, 2**32 + 3)]
           + [f"ms{n}" for n in range(2**33 - 10, 2**33)]
           + [f"ms{n}" for n in range(40000, 40200)])

RANKS = "A23456789TJQK"
# PySolFC's rows in the order its createGame makes them (and its deal fills them), as this
# model names the piles: the cross top, left, centre, right, bottom; Simplicity's two rows
CROSS = ["cross:3", "cross:0", "cross:1", "cross:2", "cross:4"]
ROWS = {"standard": CROSS, "czarina": CROSS, "corners": [p.replace("cross", "cell") for p in CROSS],
        "simplicity": [f"tableau:{i}" for i in range(12)]}


def code(card) -> str:
    return RANKS[card.rank - 1] + card.suit_s()


def pysolfc_talon(number: str) -> list:
    """The talon PySolFC shuffles for game ``number`` (its last card is dealt first)."""
    ms = match_ms_deal_prefix(number)
    seed = ms if ms is not None else int(number)
    rng = LCRandom31(seed) if ms is not None or seed < 32000 else MTRandom(seed)
    cards = createCards(1)
    if isinstance(rng, LCRandom31):
        cards = ms_rearrange(cards)
    return rng.shuffle(cards)


def pysolfc_deal(variant: str, number: str) -> dict:
    """PySolFC's opening layout: foundations by index (0-3: ♣ ♠ ♥ ♦, upper-left, upper-right,
    lower-left, lower-right), rows, waste, and the talon in the order it is turned."""
    talon = pysolfc_talon(number)
    found = {}
    if variant == "corners":
        # Corners._shuffleHook: the first card of each suit from the bottom of the talon is
        # lifted, the four put on top (clubs dealt first), then dealt to the foundations
        suits, top = [], []
        for c in talon[:]:
            if c.suit not in suits:
                suits.append(c.suit)
                talon.remove(c)
                top.append(c)
                if len(suits) == 4:
                    break
        talon = talon + sorted(top, key=lambda c: -c.suit)
        for i in range(4):
            found[i] = code(talon.pop())
    else:  # Czarina.startGame / Simplicity.startGame: the base card to its suit's foundation
        base = talon.pop()
        found[base.suit] = code(base)
    rows = {name: code(talon.pop()) for name in ROWS[variant]}
    waste = code(talon.pop())
    return {"found": found, "rows": rows, "waste": [waste],
            "stock": [code(c) for c in reversed(talon)]}


def model_layout(g: Game) -> dict:
    s, rules = g.state, g.rules
    found = {slot: codes(s.foundation_cards(slot))[0] for slot in range(4) if s.corners[slot] >= 0}
    rows = {name: codes(s.piles[rules.pile_index(name)])[0] for name in rules.pile_names}
    return {"found": found, "rows": rows, "waste": codes(s.waste), "stock": codes(s.stock)}


def test_the_reference_talon_is_pysol_cards_own_shuffle():
    # pysol_cards.random.shuffle takes the Microsoft generator up to 32000 inclusive; PySolFC's
    # construct_random (pysollib/pysolrandom.py) below 32000 only: they agree elsewhere
    for n in [*range(1, 300), *range(32001, 32300), 10**12, 10**19 + 1]:
        mine = [code(c) for c in pysolfc_talon(str(n))]
        theirs = shuffle(createCards(1), n, RandomBase.DEALS_PYSOLFC)
        assert mine == [code(c) for c in theirs], n
    for n in (5, 40000, 2**31 + 5, 2**32 + 5):
        theirs = shuffle(createCards(1), n, RandomBase.DEALS_MS)
        assert [code(c) for c in pysolfc_talon(f"ms{n}")] == [code(c) for c in theirs]


@pytest.mark.parametrize("variant", PYSOL_VARIANTS)
def test_pysol_deals_match_pysolfc_card_for_card(variant):
    wrong = [n for n in NUMBERS
             if model_layout(Game.from_pysol(n, variant, rules="pysol")) != pysolfc_deal(variant, n)]
    assert not wrong, f"{len(wrong)} of {len(NUMBERS)} deals differ, e.g. {wrong[:5]}"
    assert len(set(NUMBERS)) == len(NUMBERS) > 2200


@pytest.mark.parametrize("variant", ["standard", "czarina", "simplicity"])
def test_model_rules_deal_pysolfc_cards_with_the_waste_card_still_in_the_stock(variant):
    for n in NUMBERS[::7]:
        want = pysolfc_deal(variant, n)
        g = Game.from_pysol(n, variant)
        s = g.state
        assert {name: codes(s.piles[g.rules.pile_index(name)])[0] for name in ROWS[variant]} \
            == want["rows"]
        assert codes(s.foundation_cards(0)) == list(want["found"].values())
        assert s.waste == () and codes(s.stock) == want["waste"] + want["stock"]


@pytest.mark.parametrize("number", [1, "1", "#1", " 1 ", "ms1", "MS1"])
def test_pysol_number_spellings(number):
    assert Game.from_pysol(number, rules="pysol").state == Game.from_pysol(1, rules="pysol").state


def test_ms_numbers_differ_from_plain_numbers_from_32000_on():
    a, b = Game.from_pysol(40000, rules="pysol"), Game.from_pysol("ms40000", rules="pysol")
    assert a.state != b.state and b.pysol == "ms40000" and a.pysol == 40000


@pytest.mark.parametrize("number,message", [
    (0, "positive"), (-3, "positive"), ("abc", "digits"), ("ms0", "ms1"), (f"ms{2**33}", "ms1"),
    (10**20, "20 digits"), ("1e5", "digits"), (True, "positive"), (2.5, "positive")])
def test_bad_pysol_numbers_are_refused(number, message):
    with pytest.raises(ValueError, match=message):
        Game.from_pysol(number)


@pytest.mark.parametrize("variant,options", [
    ("dick1883", {}), ("sequences", {}), ("corners", {}), ("corners", {"rules": "default"})])
def test_from_pysol_refuses_what_pysolfc_does_not_deal(variant, options):
    with pytest.raises(ValueError, match="cannot be dealt"):
        Game.from_pysol(7, variant, **options)


def test_pysol_rules_fix_their_options_and_others_have_none():
    assert get_rules("czarina", rules="pysol").tableau_wrap == "always"
    assert get_rules("czarina", rules="pysol", tableau_wrap="always").rules == "pysol"
    with pytest.raises(RulesError, match="PySolFC's rules as they are"):
        get_rules("standard", rules="pysol", tableau_wrap="literal")
    with pytest.raises(RulesError, match="unknown option 'rules'"):
        get_rules("dick1883", rules="pysol")
    with pytest.raises(RulesError, match="must be one of default, pysol"):
        get_rules("standard", rules="solvitaire")
    # and back: the model's rules from PySolFC's
    assert get_rules(get_rules("corners", rules="pysol"), rules="default") == get_rules("corners")


# -- the rules -----------------------------------------------------------------------------


def test_each_suit_has_its_own_corner():
    # base 2♦ goes to the lower-right corner; 2♠ only to the upper-right, 2♣ to the upper-left
    g = Game.from_deck(make_deck("8H 2S 4C 5C 2C 2D"), rules="pysol")
    assert g.state.corners == (-1, -1, -1, 2)
    homes = {m.card: m.target for m in g.legal_moves() if m.target.startswith("foundation")}
    assert homes == {"2S": "foundation:1", "2C": "foundation:0"}
    with pytest.raises(IllegalMoveError, match="takes only ♠"):
        g.play("2C c4>f1")
    # the model's own rules: any empty corner
    d = Game.from_deck(make_deck("8H 2S 4C 5C 2C 2D"))
    assert d.state.corners == (2, -1, -1, -1)
    assert {m.target for m in d.legal_moves() if m.card == "2S"} == {
        "foundation:1", "foundation:2", "foundation:3"}


def test_the_deal_turns_the_first_stock_card():
    g = Game.from_deck(make_deck("8H 9C 4C 5C 6C 2D JS QS"), "czarina", rules="pysol")
    assert codes(g.state.waste) == ["JS"] and codes(g.state.stock[:1]) == ["QS"]


def test_czarina_space_filled_from_the_waste_which_refills_from_the_stock():
    g = Game.from_deck(make_deck("8H 9C 4C 5C 6C 2D JS QS KS"), "czarina", rules="pysol")
    g.play("8H c0>c1")
    assert codes(g.state.piles[0]) == ["JS"]
    assert codes(g.state.waste) == ["QS"] and codes(g.state.stock[:1]) == ["KS"]


LOCKED = {"base": "5", "piles": ["5C 4C", "KC QC JC TC 9C 8C 7C 6C", "3C 2C AC", "", ""],
          "foundations": [None, "S13", "H13", "D13"], "stock": "", "waste": ""}
# The same cards as this model deals them: its first foundation holds the deal's base card, so
# the empty corner is another one (PySolFC keeps the upper-left corner for clubs).
LOCKED_MODEL = {**LOCKED, "foundations": ["S13", "H13", "D13", None]}


def test_czarina_space_takes_another_piles_top_once_stock_and_waste_are_gone():
    rules = get_rules("czarina", rules="pysol")
    g = Game(state_from_dict(rules, LOCKED), rules)
    assert "4C c0>c3" in [str(m) for m in g.legal_moves()]
    g.play("4C c0>c3")
    g.play("5C c0>f0")
    assert g.state.home[3] == 1


def test_a_position_the_model_calls_lost_wins_under_pysolfc_rules():
    for fill in ("stock", "waste"):
        model = get_rules("czarina", fill=fill)
        s = state_from_dict(model, LOCKED_MODEL)
        assert position_status(model, s) == "lost"
        assert search(model, s, budget=Budget(positions=10_000))[0] == "lost"
    rules = get_rules("czarina", rules="pysol")
    g = Game(state_from_dict(rules, LOCKED), rules)
    assert g.status == "playing"
    r = solve(g, budget=Budget(positions=10_000))
    assert r.verdict == "won"
    for m in r.moves:
        g.play(m)
    assert g.status == "won"


def corners_deck() -> str:
    # the deepest card of each suit (the last in the deck) is 9♠, 4♥, J♦, 2♣; 5♥ (cell:0)
    # can go home at once, and is kept for later
    head = ["5H", "9C", "5C", "6C", "7D", "TS"]
    tail = ["2C", "JD", "4H", "9S"]
    rest = [c for c in make_deck(*head).split() if c not in tail and c not in head]
    return " ".join(head + rest + tail)


def test_corners_foundations_start_with_each_suits_deepest_card():
    g = Game.from_deck(corners_deck(), "corners", rules="pysol")
    s = g.state
    assert [codes(s.foundation_cards(slot)) for slot in range(4)] == [["2C"], ["9S"], ["4H"], ["JD"]]
    assert codes(p[0] for p in s.piles) == ["5H", "9C", "5C", "6C", "7D"]
    assert codes(s.waste) == ["TS"] and codes(s.stock[:2]) == ["AS", "AH"]
    assert len(s.stock) == 52 - 4 - 5 - 1
    g.play("TS w>f1")
    assert codes(g.state.waste) == ["AS"]  # the waste, emptied, takes the next stock card


def test_corners_cell_refilled_from_the_waste_then_the_waste_from_the_stock():
    g = Game.from_deck(corners_deck(), "corners", rules="pysol")
    g.play("5H x0>f2")
    assert codes(g.state.piles[0]) == ["TS"]  # the waste's top, at once
    assert codes(g.state.waste) == ["AS"] and codes(g.state.stock[:1]) == ["AH"]
    # the model's own Corners fills from the stock instead
    d = Game.from_deck(make_deck("5H 9C 5C 6C 7D 4H TS"), "corners")
    assert codes(d.state.foundation_cards(0)) == ["4H"]
    d.play("5H x0>f0")
    assert codes(d.state.piles[0]) == ["TS"] and d.state.waste == ()


def test_corners_two_redeals_then_no_more():
    g = Game.from_deck(corners_deck(), "corners", rules="pysol")
    redeals = 0
    while True:
        while g.state.stock:
            g.play("turn")
        if redeals == 2:
            break
        m = g.play("turn")
        assert (m.source, m.target) == ("waste", "stock")
        redeals += 1
        assert g.state.waste == () and g.state.redeals == redeals and len(g.state.stock) == 43
    assert not any(m.target == "stock" for m in g.legal_moves())
    with pytest.raises(IllegalMoveError, match="no redeal left: Corners \\(PySolFC\\) allows 2"):
        g.play(f"{codes(g.state.waste[-1:])[0]} w>s")
    with pytest.raises(IllegalMoveError, match="no redeal left"):
        g.play("turn")


def test_after_a_redeal_an_emptied_cell_waits_and_takes_any_card():
    # PySolFC refills a cell only from the waste: a cell emptied just after a redeal (the
    # waste empty) stays empty, and then takes any card the player puts there
    g = Game.from_deck(corners_deck(), "corners", rules="pysol")
    while g.state.stock:
        g.play("turn")
    g.play("turn")  # the redeal: the waste is empty
    g.play("5H x0>f2")
    assert g.state.piles[0] == () and g.state.waste == ()
    g.play("turn")
    # the stock is the waste turned over: 10♠, turned by the deal, comes first again
    assert g.state.piles[0] == () and codes(g.state.waste) == ["TS"]
    assert {str(m) for m in g.legal_moves() if m.target == "cell:0"} == {"TS w>x0", "9C x1>x0",
                                                                           "5C x2>x0", "6C x3>x0",
                                                                           "7D x4>x0"}
    g.play("TS w>x0")
    assert codes(g.state.piles[0]) == ["TS"] and codes(g.state.waste) == ["AS"]


def test_pysol_games_save_and_load_with_their_rules():
    g = Game.from_pysol("ms12345", "corners", rules="pysol")
    for _ in range(3):
        g.play(g.legal_moves()[0])
    while g.state.stock:
        g.play("turn")
    g.play("turn")  # a redeal
    data = json.loads(g.to_json())
    assert data["options"] == {"rules": "pysol"} and data["pysol"] == "ms12345"
    back = Game.from_json(g.to_json())
    assert back.state == g.state and back.rules == g.rules and back.history == g.history
    assert back.state.redeals == 1 and back.state.bases == g.state.bases


def test_the_solver_plays_pysol_rules_through_the_engine():
    assert fast_search_supports(get_rules("standard", rules="pysol"))
    assert not fast_search_supports(get_rules("czarina", rules="pysol"))
    assert not fast_search_supports(get_rules("corners", rules="pysol"))
    with pytest.raises(ValueError, match="does not mirror"):
        FastSearch(get_rules("czarina", rules="pysol"), Game.from_pysol(3, "czarina").state)
    for variant in PYSOL_VARIANTS:
        g = Game.from_pysol(3, variant, rules="pysol")
        r = solve(g, budget=Budget(positions=3000))
        assert r.verdict in ("won", "unknown")  # an unproved deal is not called lost
        if r.won:
            for m in r.moves:
                g.play(m)
            assert g.status == "won"


def _wrong_corner(d):
    f = d["start"]["foundations"]
    d["start"]["foundations"] = f[1:] + f[:1]  # the base card one corner round
    d["deck"] = None


@pytest.mark.parametrize("variant,change,message", [
    ("standard", lambda d: d["options"].update(tableau_wrap="literal"), "as they are"),
    ("standard", _wrong_corner, "each suit has its own corner"),
    ("corners", lambda d: d["start"].update(redeals=3), "redeals must be a count from 0 to 2"),
    ("corners", lambda d: d["start"].pop("bases"), "has a base rank per suit"),
    ("corners", lambda d: d.update(pysol="ms0"), "PySolFC deal number"),
    ("corners", lambda d: d.update(pysol=" 12"), "PySolFC deal number"),
])
def test_crafted_pysol_saves_are_refused(variant, change, message):
    from fourseasons_widget.model.game import SaveFileError

    d = json.loads(Game.from_pysol(12, variant, rules="pysol").to_json())
    change(d)
    with pytest.raises(SaveFileError, match=message):
        Game.from_json(json.dumps(d))


def _late(rules, n: int, max_stock: int = 2) -> list:
    """Positions late in random games (moves home favoured) under ``rules``."""
    import random

    out = []
    for seed in range(200):
        rng = random.Random(seed)
        s = Game.new(seed, rules).state
        for _ in range(300):
            moves = rules.moves(s)
            if not moves or s.is_won:
                break
            home = [m for m in moves if m[1] >= 100]
            s = rules.apply(s, rng.choice(home if home and rng.random() < 0.6 else moves))
            if len(s.stock) <= max_stock and not s.is_won:
                out.append(s)
                break
        if len(out) >= n:
            break
    return out


@pytest.mark.parametrize("variant,options", [("standard", {"rules": "pysol"}), ("czarina", {})])
def test_engine_search_and_fast_search_agree(variant, options):
    """Where the fast search mirrors the rules, the engine's plain search (used for PySolFC's
    fills and redeals) reaches the same verdicts on late positions: each checks the other."""
    rules = get_rules(variant, **options)
    verdicts = []
    for s in _late(rules, 10):
        fast = search(rules, s, budget=Budget(positions=4000), order="cross")[0]
        slow = engine_search(rules, s, 4000)[0]
        if "unknown" not in (fast, slow):
            assert fast == slow, s
            verdicts.append(fast)
    assert len(verdicts) >= 5


@pytest.mark.parametrize("variant", ["czarina", "corners"])
def test_pysol_fills_and_redeals_are_searched_by_the_engine(variant):
    rules = get_rules(variant, rules="pysol")
    verdicts = set()
    for s in _late(rules, 6, max_stock=0):
        verdict, line, _ = search(rules, s, budget=Budget(positions=3000))
        verdicts.add(verdict)
        if verdict == "won":  # the line replays in the model
            g = Game(s, rules)
            for m in line:
                g.play(rules.engine.to_move(g.state, m))
            assert g.state.is_won
    assert "won" in verdicts or "lost" in verdicts


# -- the board's "Deal #" box -------------------------------------------------------------


def test_deal_box_reads_pysol_numbers_and_seeds():
    from fourseasons_widget.model.deal import parse_deal_text

    assert parse_deal_text(" 123 ") == ("pysol", 123)
    assert parse_deal_text("ms123") == ("pysol", "ms123")
    assert parse_deal_text("seed 42") == parse_deal_text("S42") == ("seed", 42)
    for bad in ("", "  ", "seven", "seed", "seed -1", "ms", "1.5"):
        with pytest.raises(ValueError):
            parse_deal_text(bad)


def test_deal_number_intent_deals_pysolfcs_own_game():
    from fourseasons_widget import FourSeasons

    w = FourSeasons(seed=3)
    assert w.handle_intent({"type": "deal_number", "text": "ms123", "variant": "corners"})
    want = Game.from_pysol("ms123", "corners", rules="pysol")
    assert w.game.state == want.state and w.game.rules == want.rules
    assert w.board["pysol"] == "ms123" and w.board["options"] == {"rules": "pysol"}
    assert w.board["title"] == "Corners (PySolFC)"
    assert w.board["corner_suits"] == ["C", "S", "H", "D"]
    assert (w.board["base"], w.board["base_rank"]) == ("per suit", None)  # four base ranks
    assert w.handle_intent({"type": "deal_number", "text": "seed 9"})
    assert w.game.seed == 9 and w.game.rules.rules == "pysol"  # the board's rules kept


@pytest.mark.parametrize("text,variant,reason", [
    ("7", "dick1883", "cannot be dealt in The Four Seasons \\(Dick, 1883\\)"),
    ("7", "sequences", "cannot be dealt"), ("ms0", "standard", "ms1"),
    ("abc", "standard", "digits"), ("", "standard", "type a PySolFC deal number")])
def test_deal_number_intent_refuses_with_the_reason_and_changes_nothing(text, variant, reason):
    from fourseasons_widget import FourSeasons

    w = FourSeasons(seed=3)
    before = (w.game.state, w.board["version"])
    assert not w.handle_intent({"type": "deal_number", "text": text, "variant": variant})
    assert (w.game.state, w.board["version"]) == before
    assert w.message_kind == "refusal"
    assert re.search(reason, w.message)


def test_cli_solves_pysol_games_and_refuses_what_pysolfc_does_not_deal(capsys):
    from fourseasons_widget.tools.cli import main

    assert main(["solve", "--pysol", "ms5", "--variant", "corners", "--rules", "pysol",
                 "--nodes", "300", "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("Corners (PySolFC), PySolFC deal ms5: ")
    assert main(["solve", "--pysol", "5", "--variant", "corners", "--nodes", "300"]) == 2
    err = capsys.readouterr().err
    assert "cannot be dealt in Corners" in err and "rules='pysol'" in err


def test_the_board_redeals_on_a_turn_of_the_empty_stock():
    from fourseasons_widget import FourSeasons

    w = FourSeasons(pysol=5, variant="corners", rules="pysol")
    while w.game.state.stock:
        w.play("turn")
    waste = w.game.state.waste
    assert w.handle_intent({"type": "turn", "ply": w.game.ply, "version": w.board["version"]})
    assert w.game.state.stock == waste and w.game.state.redeals == 1
    assert "redealt" in w.message.lower()
