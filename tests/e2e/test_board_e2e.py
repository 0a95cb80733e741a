"""The board in a real browser against a real JupyterLab (and Notebook 7): play by mouse, by
drag and drop and by keyboard, checking the kernel-side Game after every step."""

from __future__ import annotations

import pytest
from board_probes import act, version, wait_version

pytestmark = pytest.mark.e2e

# The test deck (as in tests/test_widget.py): cross 9H 8S KD 5D 2C (left, centre, right, top,
# bottom), base 5C, then the stock 7D, 6S, …
DECK = ("9H 8S KD 5D 2C 5C 7D 6S 4H 3C QH JS TD 9C 8D 7C 6H 5S 4C 3H 2D AS KC QD JC TH 9S 8C "
        "7H 6D 4S 3D 2H AD KS QC JH TC 9D 8H 7S 6C 5H 4D 3S 2S AH KH QS JD TS AC")

SETUP = f"""from fourseasons_widget import FourSeasons, Game
w = FourSeasons(deck="{DECK}")
w"""


def board(nb, i: int = 0):
    return nb.widgets().nth(i)


def pile(root, name: str):
    return root.locator(f'[data-pile="{name}"]')


def card(root, name: str, code: str):
    return root.locator(f'[data-pile="{name}"] [data-card="{code}"]')


def status_text(root) -> str:
    return root.locator('[data-role="status"]').inner_text()


def test_play_by_clicking_turn_build_home_fill_undo(open_notebook):
    nb = open_notebook([SETUP])
    root = board(nb)
    assert nb.eval("w.game.ply") == 0

    # turn the stock: click it
    act(nb, root, lambda: pile(root, "stock").click())
    assert nb.eval("[str(m) for m in w.game.history]") == ["7D s>w"]
    assert nb.eval("w.game.state.waste[-1] == __import__('fourseasons_widget').parse_card('7D')")
    assert card(root, "waste", "7D").is_visible()

    # move a card onto the cross: pick the waste top, the legal targets light up, drop it
    card(root, "waste", "7D").click()
    assert "fsw-target" in pile(root, "cross:1").get_attribute("class")
    assert "fsw-target" not in pile(root, "cross:2").get_attribute("class")
    act(nb, root, lambda: pile(root, "cross:1").click())
    assert nb.eval("w.board['piles'][1]") == ["8S", "7D"]
    assert nb.eval("str(w.game.history[-1])") == "7D w>c1"

    # send a card home: double-click the 5D (the base rank) on the top of the cross
    act(nb, root, lambda: card(root, "cross:3", "5D").dblclick())
    assert nb.eval("str(w.game.history[-1])").startswith("5D c3>f")
    assert nb.eval("w.game.state.cards_home") == 2
    assert pile(root, "cross:3").locator("[data-card]").count() == 0

    # fill the space: turn 6S, click it, click the empty top of the cross
    act(nb, root, lambda: pile(root, "stock").click())
    card(root, "waste", "6S").click()
    act(nb, root, lambda: pile(root, "cross:3").click())
    assert nb.eval("w.board['piles'][3]") == ["6S"]
    assert nb.eval("w.game.ply") == 5

    # a refused move: 9H onto KD; nothing changes, the status says why
    before = nb.eval("w.game.ply")
    card(root, "cross:0", "9H").click()
    serial = nb.eval("w.message_serial")
    pile(root, "cross:2").click()
    root.locator('[data-role="status"] .fsw-msg-refusal').wait_for()
    assert "cannot go on" in status_text(root)
    assert nb.eval("w.game.ply") == before and nb.eval("w.message_serial") == serial + 1
    assert "cannot go on" in root.locator('[data-role="live"]').inner_text()

    # undo with the toolbar button: 6S back on the waste
    act(nb, root, lambda: root.locator('button[data-action="undo"]').click())
    assert nb.eval("w.game.ply") == 4
    assert nb.eval("w.board['piles'][3]") == [] and nb.eval("w.board['waste'][-1]") == "6S"
    assert card(root, "waste", "6S").is_visible()

    # drag and drop: 6S from the waste onto 7D
    def drag():
        src = card(root, "waste", "6S").bounding_box()
        dst = pile(root, "cross:1").locator('[data-card="7D"]').bounding_box()
        m = nb.page.mouse
        m.move(src["x"] + src["width"] / 2, src["y"] + src["height"] / 2)
        m.down()
        for k in range(1, 9):
            m.move(src["x"] + (dst["x"] - src["x"]) * k / 8 + src["width"] / 2,
                   src["y"] + (dst["y"] - src["y"]) * k / 8 + src["height"] / 2)
        m.up()

    act(nb, root, drag)
    assert nb.eval("w.board['piles'][1]") == ["8S", "7D", "6S"]
    assert nb.eval("str(w.game.history[-1])") == "6S w>c1"


def test_play_by_keyboard_only(open_notebook):
    nb = open_notebook([SETUP])
    root = board(nb)
    kb = nb.page.keyboard
    pile(root, "stock").focus()  # the starting point; from here on only keys

    act(nb, root, lambda: kb.press("t"))  # turn
    assert nb.eval("[str(m) for m in w.game.history]") == ["7D s>w"]

    kb.press("ArrowDown")  # stock -> waste
    assert nb.page.evaluate("document.activeElement.dataset.pile") == "waste"
    kb.press("Enter")  # pick 7D
    assert "fsw-selected" in card(root, "waste", "7D").get_attribute("class")
    kb.press("ArrowLeft")  # waste -> right of the cross
    kb.press("ArrowLeft")  # -> centre
    assert nb.page.evaluate("document.activeElement.dataset.pile") == "cross:1"
    act(nb, root, lambda: kb.press("Enter"))  # drop
    assert nb.eval("w.board['piles'][1]") == ["8S", "7D"]

    # after the redraw the focus stays on the pile
    assert nb.page.evaluate("document.activeElement.dataset.pile") == "cross:1"
    kb.press("ArrowUp")  # -> top of the cross (5D)
    assert nb.page.evaluate("document.activeElement.dataset.pile") == "cross:3"
    kb.press(" ")  # pick 5D with Space
    kb.press("Escape")  # put it back
    assert root.locator(".fsw-selected").count() == 0
    kb.press("Enter")  # pick it again
    assert "fsw-target" in pile(root, "foundation:1").get_attribute("class")
    kb.press("ArrowRight")  # -> the upper-right foundation, an empty corner
    assert nb.page.evaluate("document.activeElement.dataset.pile") == "foundation:1"
    act(nb, root, lambda: kb.press("Enter"))
    assert nb.eval("w.game.state.cards_home") == 2
    assert nb.eval("str(w.game.history[-1])") == "5D c3>f1"

    act(nb, root, lambda: kb.press("u"))  # undo
    assert nb.eval("w.game.state.cards_home") == 1
    act(nb, root, lambda: kb.press("y"))  # redo
    assert nb.eval("w.game.state.cards_home") == 2
    # the notebook did not see the keys (no cell was added, deleted or run)
    assert nb.page.evaluate(
        "window.jupyterapp.shell.currentWidget.content.widgets.length") == 1


def test_hint_and_solve_replay_in_the_browser(open_notebook, artifacts):
    nb = open_notebook(["from fourseasons_widget import FourSeasons\nw = FourSeasons(seed=7)\nw"])
    root = board(nb)

    # hint: the fair player's move (it never looks at the stock), marked on the board and
    # explained with its estimate in words
    serial = nb.eval("w.message_serial")
    root.locator('button[data-action="hint"]').click()
    nb.page.wait_for_function(
        "el => el.querySelector('.fsw-hint-from') !== null", arg=root.element_handle())
    assert nb.eval("w.message_serial") > serial
    assert "never looks at the face-down cards" in status_text(root)
    hint = nb.eval("w.board['hint']['move']")
    legal = nb.eval("[[None if m.source == 'stock' else m.card, m.source, m.target] "
                    "for m in w.game.legal_moves()]")
    assert hint in legal
    assert "fsw-hint-to" in pile(root, hint[2]).get_attribute("class")
    root.screenshot(path=str(artifacts / "fair-hint.png"))

    # the solver's hint: named for what it is
    root.locator('button[data-action="solver_hint"]').click()
    nb.page.wait_for_function(
        "el => el.querySelector('[data-role=\"status\"]').textContent"
        ".includes(\"Solver's hint: knows the stock\")", arg=root.element_handle(),
        timeout=60_000)
    assert "perfect-information" in status_text(root)
    root.screenshot(path=str(artifacts / "solver-hint.png"))

    # solve: the line comes back as frames; the browser replays it
    root.locator('button[data-action="solve"]').click()
    root.locator('[data-role="replay"]').wait_for(state="visible")
    assert root.get_attribute("data-mode") == "replay"
    n = nb.eval("len(w.replay['frames'])")
    slider = root.locator('[data-role="replay-slider"]')
    assert slider.get_attribute("max") == str(n - 1)
    root.locator('button[data-replay="next"]').click()
    assert slider.input_value() == "1"
    root.locator('button[data-replay="next"]').click()
    assert slider.input_value() == "2"
    root.locator('button[data-replay="prev"]').click()
    assert slider.input_value() == "1"
    # play runs in the browser: the kernel is not asked for anything
    ply = nb.eval("w.game.ply")
    root.locator('[data-role="replay-speed"]').select_option(label="fast")
    root.locator('button[data-replay="play"]').click()
    nb.page.wait_for_function("el => Number(el.value) >= 5", arg=slider.element_handle())
    root.locator('button[data-replay="play"]').click()  # pause
    paused = slider.input_value()
    nb.page.wait_for_timeout(400)
    assert slider.input_value() == paused
    root.locator('button[data-replay="last"]').click()
    assert root.locator('[data-pile^="foundation"] [data-card]').count() == 52
    assert nb.eval("w.game.ply") == ply
    # back to the live game
    root.locator('button[data-replay="leave"]').click()
    assert root.get_attribute("data-mode") == "live"
    assert root.locator('[data-pile^="foundation"] [data-card]').count() == nb.eval(
        "w.game.state.cards_home")


def test_two_views_stay_in_sync(open_notebook):
    nb = open_notebook([SETUP.removesuffix("\nw") + "\ndisplay(w)\ndisplay(w)"], expect_widgets=2)
    a, b = board(nb, 0), board(nb, 1)
    act(nb, b, lambda: pile(a, "stock").click())
    assert card(b, "waste", "7D").is_visible()
    assert a.get_attribute("data-version") == b.get_attribute("data-version")
    # a change from Python reaches both views
    old = version(a)
    nb.run("w.play('7D w>c1')")
    wait_version(nb, a, old)
    wait_version(nb, b, old)
    assert card(b, "cross:1", "7D").count() == 1


def test_notebook7(open_notebook):
    nb = open_notebook([SETUP], app="notebook")
    root = board(nb)
    assert nb.page.url.split("?")[0].endswith(".ipynb") and "/notebooks/" in nb.page.url
    act(nb, root, lambda: pile(root, "stock").click())
    assert nb.eval("[str(m) for m in w.game.history]") == ["7D s>w"]
    card(root, "waste", "7D").click()
    act(nb, root, lambda: pile(root, "cross:1").click())
    assert nb.eval("w.board['piles'][1]") == ["8S", "7D"]
    act(nb, root, lambda: root.locator('button[data-action="undo"]').click())
    assert nb.eval("w.game.ply") == 1
