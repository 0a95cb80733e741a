"""The moments after a loss, by mouse and by keyboard, as a player meets them (issue 35, items
1, 2 and 5): in JupyterLab and Notebook 7, at 1280×800 and 420×900, in the light and the dark
theme — a lost game ▸ Stats ▸ "How could it have been won?" ▸ the solver's line ▸ "Play this
deal" ▸ the banner's "Back to my game" ▸ the lost game again.  Every click is Playwright's ordinary click (which
refuses an element another one covers: "… intercepts pointer events"), and at each step every
control on screen is checked to be the element a click at its centre reaches.

Before the fix the banner shown after the replay took the side column's class (``fsw-info``):
a tall empty grey box, its button pushed out of sight and ``pointer-events: none`` — the way
back to the player's game could not be clicked."""

from __future__ import annotations

import json
import pathlib
import time

import pytest
from board_probes import act, lost_on_the_board

pytestmark = pytest.mark.e2e

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "lost_games.json"
LATE = min(json.loads(DATA.read_text()), key=lambda g: len(g["moves"]) - g["turning_point"])

#: the player's game, lost on the board
LOST_GAME = lost_on_the_board(
    f"FourSeasons(seed={LATE['seed']}, variant={LATE['variant']!r}, auto_home=False, "
    "solve_seconds=30)", repr(LATE["moves"]))

#: the controls of the board a person sees (not hidden, not inside a closed panel) whose centre,
#: in the window, a click does not reach: what lies there instead
COVERED = """(el, within) => {
  const out = [];
  const scope = within ? el.querySelector(within) : el;
  for (const c of scope.querySelectorAll('button, select, input, summary, [data-pile]')) {
    if (c.closest('[hidden]') || !c.getClientRects().length) continue;
    if (c.closest('details:not([open]) > :not(summary)')) continue;
    const r = c.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    const x = r.left + r.width / 2, y = r.top + Math.min(r.height / 2, 12);
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;  // (scrolled away)
    let clipped = false;  // (scrolled away inside a list of its own: the analysis's moves)
    for (let a = c.parentElement; a && a !== el; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (/(auto|scroll|hidden)/.test(s.overflowY + s.overflowX)) {
        const b = a.getBoundingClientRect();
        if (x < b.left || x > b.right || y < b.top || y > b.bottom) clipped = true;
      }
    }
    if (clipped) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && !el.contains(hit)) continue;  // (scrolled under the notebook's own bars)
    const pe = getComputedStyle(c).pointerEvents;
    if (pe === 'none' || !hit || !(c === hit || c.contains(hit))) {
      out.push({control: (c.dataset.offer || c.dataset.replay || c.dataset.action || c.dataset.pile
                          || c.dataset.role || c.textContent.trim().slice(0, 20)),
                pointerEvents: pe, hit: hit ? hit.className || hit.tagName : null});
    }
  }
  return out;
}"""


def set_theme(nb, theme: str) -> None:
    nb.execute("apputils:change-theme", {"theme": f"JupyterLab {theme.title()}"})
    nb.page.wait_for_function(
        f"document.body.dataset.jpThemeLight === '{'true' if theme == 'light' else 'false'}'")


def all_clickable(root, what: str, within: str | None = None) -> None:
    """``within``: only the controls inside this element (an open panel covers the board)."""
    covered = root.evaluate(COVERED, within)
    assert not covered, f"{what}: controls a click cannot reach: {covered}"


def flow(nb, root, lost_ply: int, shot, tag: str) -> None:
    # Stats ▸ the lost deal ▸ How could it have been won?
    root.locator('[data-role="stats"] > summary').click()
    how = root.locator('[data-action="how_won"]').first
    how.wait_for()
    all_clickable(root, f"{tag} the Stats panel", '[data-role="stats-panel"]')
    act(nb, root, lambda: how.click())
    replay = root.locator('[data-role="replay"]')
    replay.wait_for(state="visible", timeout=120_000)
    # one clear way back: the primary button is the player's own game; the other one says
    # what it does (it is no second "Back to …")
    mine = replay.locator('button[data-replay="my_game"]')
    leave = replay.locator('button[data-replay="leave"]')
    labels = {"mine": [mine.inner_text(), "fsw-primary" in mine.get_attribute("class")],
              "leave": [leave.inner_text(), "fsw-primary" in leave.get_attribute("class")]}
    replay.scroll_into_view_if_needed()
    all_clickable(root, f"{tag} the replay of the solver's line")
    shot(f"after-loss-{tag}-replay")
    # close the replay: the deal shown, with the banner that keeps the way back
    leave.click()
    banner = root.locator('[data-role="banner"]')
    back = banner.locator('button[data-offer="my_game"]')
    back.wait_for(state="visible")
    banner.scroll_into_view_if_needed()
    shot(f"after-loss-{tag}-banner")
    text = banner.locator('[data-role="banner-text"]').inner_text()
    assert "winning line" in text and "kept" in text, text  # (the solver found it: LATE is won)
    bb, tb = banner.bounding_box(), root.locator('[data-role="tray"]').bounding_box()
    assert bb["height"] <= tb["height"] + 1, (bb, tb)  # (no tall empty box: it fits its row)
    box = back.bounding_box()
    assert tb["y"] - 1 <= box["y"] and box["y"] + box["height"] <= tb["y"] + tb["height"] + 1
    banner.scroll_into_view_if_needed()
    all_clickable(root, f"{tag} the banner after the replay")
    # one ordinary click: the lost game, at its move, lost, with Undo
    act(nb, root, lambda: back.click())
    assert int(root.get_attribute("data-ply")) == lost_ply
    assert root.get_attribute("data-status") == "lost"
    assert not back.is_visible()
    assert not replay.locator('button[data-replay="my_game"]').is_visible()
    all_clickable(root, f"{tag} the lost game again")
    # (said last, so that a failure above names the clicks first)
    assert labels == {"mine": ["Back to my game", True], "leave": ["Play this deal", False]}


@pytest.mark.parametrize(("app", "width", "height"), [("lab", 1280, 800), ("lab", 420, 900),
                                                      ("notebook", 1280, 800),
                                                      ("notebook", 420, 900)])
def test_after_a_loss_every_way_back_is_clickable(open_notebook, artifacts, app, width, height):
    nb = open_notebook([LOST_GAME], app=app)
    page = nb.page
    page.set_viewport_size({"width": width, "height": height})
    if app == "lab" and width < 600 and not page.evaluate("window.jupyterapp.shell.leftCollapsed"):
        nb.execute("application:toggle-left-area")  # (as a player at 420 px would)
        page.wait_for_timeout(300)
    root = nb.widgets().first
    lost_ply = nb.eval("w.ply")
    assert nb.eval("w.status") == "lost"

    def shot(name: str) -> None:
        page.screenshot(path=str(artifacts / f"{name}.png"))

    for theme in ("light", "dark"):
        set_theme(nb, theme)
        root.scroll_into_view_if_needed()
        all_clickable(root, f"{app} {width} {theme}: the lost game")
        flow(nb, root, lost_ply, shot, f"{app}-{width}-{theme}")
    set_theme(nb, "light")


def test_how_it_could_have_been_won_over_a_game_in_progress_asks(open_notebook, artifacts):
    """Asked during a game, "How could it have been won?" asks as New deal does (on the banner,
    the Stats panel closed so the question is seen), and "Keep playing" keeps the game."""
    nb = open_notebook([LOST_GAME[:-1] + "w.new_game(seed=7)\nw"])
    page = nb.page
    page.set_viewport_size({"width": 1280, "height": 800})
    root = nb.widgets().first
    act(nb, root, lambda: root.locator('[data-pile="stock"]').click())  # a game in progress
    root.locator('[data-role="stats"] > summary').click()
    how = root.locator('[data-action="how_won"]').first
    how.click()
    banner = root.locator('[data-role="banner"]')
    keep = banner.locator('button[data-offer="cancel"]')
    keep.wait_for(state="visible")
    assert "could have been won" in banner.inner_text() and "given up" in banner.inner_text()
    assert not root.locator('[data-role="stats-panel"]').is_visible()
    all_clickable(root, "the question")
    banner.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "after-loss-ask-over-a-game.png"))
    keep.click()
    keep.wait_for(state="hidden")
    assert nb.eval("[w.game.seed, w.ply]") == [7, 1]
    # asked again, and confirmed: the lost deal is shown, the game given up kept one click away
    root.locator('[data-role="stats"] > summary').click()
    root.locator('[data-action="how_won"]').first.click()
    confirm = banner.locator('button[data-offer="confirm"]')
    act(nb, root, lambda: confirm.click())
    assert nb.eval("[w.game.seed, w.ply]") == [LATE["seed"], 0]
    back = root.locator('button[data-replay="my_game"], button[data-offer="my_game"]').first
    back.wait_for(state="visible", timeout=120_000)
    act(nb, root, lambda: back.click())
    assert nb.eval("[w.game.seed, w.ply]") == [7, 1]


#: from now on (the lost game's analysis done), the solver finds no win within its time
#: (Deal # 617's case in the issue), as it answers when its node budget runs out
NO_WIN = (
    "from fourseasons_widget.solver import exact\n"
    "_real = exact.solve\n"
    "exact.solve = lambda game, *a, **kw: _real(game, max_nodes=1)")


@pytest.mark.parametrize(("width", "height", "theme"), [(1280, 800, "dark"), (420, 900, "light")])
def test_no_win_found_the_banner_says_so_and_the_way_back_clicks(open_notebook, artifacts,
                                                                 width, height, theme):
    """The solver finds no win for the lost deal: the banner does not promise a winning line,
    says so whole in its row (at 420 px too, where its words are longest for the room), and
    "Back to my game" is one ordinary click."""
    nb, root, lost_ply = lost_board_at(open_notebook, [LOST_GAME, NO_WIN], width, height, theme)
    page = nb.page
    assert nb.eval("exact.solve is not _real and w.status == 'lost'")
    root.locator('[data-role="stats"] > summary').click()
    act(nb, root, lambda: root.locator('[data-action="how_won"]').first.click())
    banner = root.locator('[data-role="banner"]')
    page.wait_for_function("el => /found no win/.test(el.textContent)", arg=banner.element_handle(),
                           timeout=60_000)
    back = banner.locator('button[data-offer="my_game"]')
    banner.scroll_into_view_if_needed()
    text = banner.locator('[data-role="banner-text"]')
    said = text.inner_text()
    status = root.locator('[data-role="status"]').inner_text()
    page.screenshot(path=str(artifacts / f"after-loss-no-win-{width}-{theme}.png"))
    print(f"{width} {theme}: banner {said!r}; status {status!r}")
    assert "winning line" not in said and "(move" in said, said
    assert "failed" not in root.inner_text()
    assert not root.locator('[data-role="replay"]').is_visible()
    whole_and_back(nb, root, text, back, lost_ply, f"no win found, {width} {theme}")


#: a moving-sequences game lost on the board: the rule sheet's beginner (``play_heuristic``)
#: on deal 8, its moves sent as the board sends them until the board proves the game lost.
#: Deal 8 is one the plain search does not win within three million positions (single cards
#: only, the streamliner, do)
SEQUENCES_LOST = lost_on_the_board(
    "FourSeasons(seed=8, variant='sequences', auto_home=False, solve_seconds=6)",
    "[str(m) for m in play_heuristic(Game.new(seed=8, variant='sequences')).moves]",
    setup="from fourseasons_widget import Game\n"
          "from fourseasons_widget.solver.players import play_heuristic\n")[:-1] + (
    "assert w.status == 'lost'\n"
    "def line_wins():  # (the line on the replay, played through a fresh Game of the deal)\n"
    "    from fourseasons_widget.model.state import Move\n"
    "    g = Game.new(seed=8, variant='sequences')\n"
    "    for card, source, target, _said in w.replay['moves']:\n"
    "        g.play(Move(card, source, target))\n"
    "    return g.state.is_won\n"
    "w")


@pytest.mark.parametrize(("width", "height", "theme"), [(1280, 800, "light"), (420, 900, "dark")])
def test_a_lost_moving_sequences_game_how_it_could_have_been_won(open_notebook, artifacts,
                                                                 width, height, theme):
    """A game of moving sequences lost on the board: Stats ▸ "How could it have been won?"
    shows a winning line of the real game, and every way back is one ordinary click, as in
    the standard game.  (The classification's streamliner won the deal, after the plain search
    spent three million positions: its line is on record and shown at once.  Searched again,
    in the real rules first, the line came 16 s after the click; single cards first, 0.7 s.)"""
    nb, root, lost_ply = lost_board_at(open_notebook, [SEQUENCES_LOST], width, height, theme)
    assert nb.eval("[w.game.rules.variant, w.status, w.game.seed]") == ["sequences", "lost", 8]
    root.scroll_into_view_if_needed()
    all_clickable(root, f"sequences {width} {theme}: the lost game")
    timed: dict[str, float] = {}

    def shot(name: str) -> None:
        if name.endswith("-replay") and "replay" not in timed:
            timed["replay"] = time.perf_counter() - timed["start"]
            assert nb.eval("line_wins()") is True  # (the replay's line, not a promise)
            assert "the line on record" in nb.eval("w.message")
        nb.page.screenshot(path=str(artifacts / f"{name}.png"))

    timed["start"] = time.perf_counter()
    flow(nb, root, lost_ply, shot, f"sequences-{width}-{theme}")
    print(f"sequences {width} {theme}: the winning line on screen {timed['replay']:.1f} s "
          "after the first click")


def lost_board_at(open_notebook, cells, width, height, theme):
    """The notebook of ``cells`` (the first loses a game on the board) at that size and theme,
    the left area closed on a narrow window: the notebook, the board, the lost game's ply."""
    nb = open_notebook(cells)
    page = nb.page
    page.set_viewport_size({"width": width, "height": height})
    if width < 600 and not page.evaluate("window.jupyterapp.shell.leftCollapsed"):
        nb.execute("application:toggle-left-area")
        page.wait_for_timeout(300)
    set_theme(nb, theme)
    return nb, nb.widgets().first, nb.eval("w.ply")


def whole_and_back(nb, root, text, back, lost_ply, what: str) -> None:
    """The banner's words whole in their box (not cut by the row's fixed height), its button in
    the row, every control clickable; then "Back to my game", one ordinary click, brings back
    the lost game."""
    said = text.inner_text()
    clipped = text.evaluate("t => t.scrollHeight - t.clientHeight")
    assert clipped <= 1, f"the banner's words are cut by {clipped} px: {said!r}"
    tb, box = root.locator('[data-role="tray"]').bounding_box(), back.bounding_box()
    assert tb["y"] - 1 <= box["y"] and box["y"] + box["height"] <= tb["y"] + tb["height"] + 1, (tb, box)
    all_clickable(root, what)
    act(nb, root, lambda: back.click())
    assert int(root.get_attribute("data-ply")) == lost_ply
    assert root.get_attribute("data-status") == "lost"


def tab_to(root, selector: str, what: str, limit: int = 120) -> None:
    """Press Tab, as a keyboard player does, until the control ``selector`` (inside the board)
    has the keyboard."""
    page = root.page
    for _ in range(limit):
        if root.evaluate("(el, s) => { const a = el.getRootNode().activeElement;"
                         " return !!a && el.contains(a) && a.matches(s); }", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{what}: {limit} presses of Tab never reached {selector}")


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (420, 900)])
def test_after_a_loss_the_way_back_by_keyboard(open_notebook, artifacts, width, height):
    """The same flow with the keyboard only (Tab to each control, Enter), from a click on the
    board's title as a player gives the board the keyboard: Stats ▸ "How could it have been
    won?" ▸ "Play this deal" ▸ the banner's "Back to my game" ▸ the lost game again."""
    nb = open_notebook([LOST_GAME])
    page = nb.page
    page.set_viewport_size({"width": width, "height": height})
    if width < 600 and not page.evaluate("window.jupyterapp.shell.leftCollapsed"):
        nb.execute("application:toggle-left-area")
        page.wait_for_timeout(300)
    root = nb.widgets().first
    lost_ply = nb.eval("w.ply")
    root.scroll_into_view_if_needed()
    root.locator(".fsw-title").click()
    tab_to(root, '[data-role="stats"] > summary', "Stats")
    page.keyboard.press("Enter")
    how = root.locator('[data-action="how_won"]').first
    how.wait_for()
    tab_to(root, '[data-action="how_won"]', "How could it have been won?")
    act(nb, root, lambda: page.keyboard.press("Enter"))
    replay = root.locator('[data-role="replay"]')
    replay.wait_for(state="visible", timeout=120_000)
    tab_to(root, 'button[data-replay="leave"]', "Play this deal")
    page.keyboard.press("Enter")
    back = root.locator('[data-role="banner"] button[data-offer="my_game"]')
    back.wait_for(state="visible")
    tab_to(root, 'button[data-offer="my_game"]', "Back to my game")
    page.screenshot(path=str(artifacts / f"after-loss-keyboard-{width}.png"))
    act(nb, root, lambda: page.keyboard.press("Enter"))
    assert int(root.get_attribute("data-ply")) == lost_ply
    assert root.get_attribute("data-status") == "lost"


#: a game of the deal the shipped classification proves lost (the deal after which the player's
#: own lost game is listed), recorded in the same history
def _proved_lost_seed() -> int:
    from fourseasons_widget.solver.experiments import load_deals

    return next(int(d["seed"]) for d in load_deals(classification=True)
                if d["variant"] == "standard" and d["outcome"] == "lost")


@pytest.mark.parametrize(("width", "height", "theme"), [(1280, 800, "dark"), (420, 900, "light")])
def test_a_deal_proved_lost_the_banner_says_so_from_the_classification(open_notebook, artifacts,
                                                                       width, height, theme):
    """"How could it have been won?" on a deal the shipped classification proves lost (issue
    37, item 6): the banner says at once that it could not have been won and by what proof (no
    search runs), its words whole at 420 px, and "Back to my game" is one ordinary click."""
    seed = _proved_lost_seed()
    record = ("_s = w._tracker.store\n"
              f"_s.record('standard', 'lost', moves=30, seconds=60.0, seed={seed})\n"
              "assert _s.flush()")
    nb, root, lost_ply = lost_board_at(open_notebook, [LOST_GAME, record], width, height, theme)
    page = nb.page
    # (the game's id from the store itself: the board's copy of the history is published again
    # when the panel opens, and this kernel request may overtake the board's own message; the
    # click below waits until the board shows the row)
    game_id = nb.eval(f"[r['id'] for r in _s.history(None, 50) if r['seed'] == {seed}][0]")
    root.locator('[data-role="stats"] > summary').click()
    row = root.locator(f'[data-action="how_won"][data-history-id="{game_id}"]')
    act(nb, root, lambda: row.click())
    banner = root.locator('[data-role="banner"]')
    page.wait_for_function("el => /cannot be won: an exhaustive/.test(el.textContent)",
                           arg=banner.element_handle(), timeout=30_000)
    assert nb.eval("[w.game.seed, w.ply, w._worker.job is None]") == [seed, 0, True]
    back = banner.locator('button[data-offer="my_game"]')
    banner.scroll_into_view_if_needed()
    text = banner.locator('[data-role="banner-text"]')
    said = text.inner_text()
    page.screenshot(path=str(artifacts / f"after-loss-proved-lost-{width}-{theme}.png"))
    print(f"{width} {theme}: banner {said!r}")
    assert "positions) proved it" in said and "winning line" not in said, said
    whole_and_back(nb, root, text, back, lost_ply, f"proved lost, {width} {theme}")
