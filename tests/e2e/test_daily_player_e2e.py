"""What a daily player meets first, measured in the page (issue 18 items 1, 2, 3, 5): the
picker shows the variant dealt; a game left unfinished resumes after Kernel ▸ Restart Kernel and
Run All Cells of the play notebook, at its own move; running the notebook writes nothing into
the statistics; no face-down card is named anywhere on the board."""

from __future__ import annotations

import pathlib

import pytest
from board_probes import act

pytestmark = pytest.mark.e2e

ROOT = pathlib.Path(__file__).resolve().parents[2]
PLAY = ROOT / "notebooks" / "01-play.ipynb"
STATS = "{v: s['played'] for v, s in __import__('fourseasons_widget').stats.Stats().summary().items()}"


def test_the_picker_shows_the_variant_dealt(open_notebook, artifacts):
    """Item 1: pick Czarina, then Four Seasons, then Simplicity: each time the picker shows the
    variant the board now plays (it used to show the one before)."""
    nb = open_notebook(["from fourseasons_widget import FourSeasons\n"
                        "w = FourSeasons(seed=3, stats=False)\nw"])
    root = nb.widgets().first
    picker = root.locator('[data-role="variant"]')
    shown = []
    for variant in ("czarina", "standard", "simplicity"):
        act(nb, root, lambda variant=variant: picker.select_option(variant))
        assert nb.eval("w.game.variant") == variant
        shown.append((picker.input_value(),
                       picker.evaluate("s => s.options[s.selectedIndex].textContent")))
    nb.page.screenshot(path=str(artifacts / "daily-picker.png"))
    assert [v for v, _ in shown] == ["czarina", "standard", "simplicity"]
    assert [t for _, t in shown] == ["Czarina", "Four Seasons", "Simplicity"]


def test_resume_after_restart_and_run_all_and_the_notebook_records_nothing(open_notebook,
                                                                          artifacts):
    """Items 2 and 3 in 01-play itself: Run All records nothing (its demo board's lost game
    used to count as a lost game, and to delete the saved one); play on the first board, then
    Restart Kernel and Run All Cells; "Resume it" on the first board brings the game back at
    its move."""
    nb = open_notebook(PLAY, name="daily-01-play.ipynb", expect_widgets=5)
    before = nb.eval(STATS)
    root = nb.widgets().first
    for _ in range(6):  # six moves on the board (turns of the stock; cards may go home too)
        act(nb, root, lambda: root.locator('[data-pile="stock"]').click())
    ply = nb.eval("board.game.ply")
    state = nb.eval("str(board.game.state.key())")
    assert ply >= 6 and int(root.get_attribute("data-ply")) == ply
    nb.restart_and_run_all(expect_widgets=5)
    assert nb.eval(STATS) == before, "Run All wrote into the statistics"
    root = nb.widgets().first
    banner = root.locator('[data-role="banner"]')
    assert banner.is_visible() and "unfinished game" in banner.inner_text()
    nb.page.screenshot(path=str(artifacts / "daily-resume-offer.png"))
    act(nb, root, lambda: banner.locator('button[data-offer="resume"]').click())
    assert int(root.get_attribute("data-ply")) == ply  # what the player sees: the move reached
    assert nb.eval("board.game.ply") == ply and nb.eval("str(board.game.state.key())") == state
    nb.page.screenshot(path=str(artifacts / "daily-resumed.png"))
    assert nb.eval(STATS) == before


def test_no_face_down_card_is_named_anywhere_on_the_board(open_notebook, artifacts):
    """Item 5: deal 37's only move is turning the stock; after Hint the board (its text, its
    labels, its data) names no card of the stock, and the hint reads as advice."""
    nb = open_notebook(["from fourseasons_widget import FourSeasons\n"
                        "w = FourSeasons(seed=37, stats=False, hint_seconds=2)\nw"])
    root = nb.widgets().first
    root.locator('[data-action="hint"]').click()
    nb.page.wait_for_function("el => /Hint|cannot be won|No win/.test(el.textContent)",
                              arg=root.locator('[data-role="status"]').element_handle(),
                              timeout=60_000)
    nb.page.screenshot(path=str(artifacts / "daily-hint-turn.png"))
    stock = nb.eval("[(__import__('fourseasons_widget').cards.CODES[c], "
                    "__import__('fourseasons_widget').cards.card_name(c)) "
                    "for c in w.game.state.stock]")
    seen = root.evaluate("""el => {
        const parts = [el.innerText];
        for (const n of [el, ...el.querySelectorAll('*')])
            for (const a of n.attributes) parts.push(a.value);
        return parts.join('\\n');
    }""")
    tokens = set(seen.replace(",", " ").replace(":", " ").split())
    named = [(code, name) for code, name in stock if code in tokens or name in seen]
    assert named == [], f"face-down cards named on the board: {named[:3]}"
    status = root.locator('[data-role="status"]').inner_text()
    assert "turned" not in status and ("turn the stock" in status or "cannot be won" in status)


def test_no_resume_banner_over_a_position_the_notebook_gives(open_notebook, artifacts):
    """A player left a game unfinished (saved in the store); the notebook then shows a position
    of its own (game=) and a deal (seed=): only the deal offers the saved game, the given
    position is shown as the author put it, and playing on it keeps the player's saved game."""
    nb = open_notebook([
        "from fourseasons_widget import FourSeasons, Game\n"
        "from fourseasons_widget.store.stats import Stats\n"
        "left = Game.new(seed=7)\n"
        "for _ in range(4):\n"
        "    left.play('turn')\n"
        "Stats().save_unfinished('standard', left.to_json(), 12.0)\n"
        "Stats().flush()",
        "given = FourSeasons(game=Game.new(seed=3), auto_home=False)\ngiven",
        "dealt = FourSeasons(seed=5)\ndealt"], expect_widgets=2)
    given, dealt = nb.widgets().nth(0), nb.widgets().nth(1)
    dealt_banner = dealt.locator('[data-role="banner"]')
    nb.page.wait_for_function("el => /unfinished game/.test(el.innerText)",
                              arg=dealt_banner.element_handle(), timeout=30_000)
    banner = given.locator('[data-role="banner"]')
    assert not (banner.is_visible() and "unfinished" in banner.inner_text())
    assert given.locator('button[data-offer="resume"]').count() == 0
    nb.page.screenshot(path=str(artifacts / "daily-given-no-resume.png"))
    act(nb, given, lambda: given.locator('[data-pile="stock"]').click())  # the player plays it
    assert nb.eval("given.game.ply") == 1
    assert nb.eval("Stats().flush() and Game.from_json(Stats().unfinished('standard')[0])"
                   ".state == left.state")
