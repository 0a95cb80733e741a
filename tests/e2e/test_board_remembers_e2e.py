"""A board that remembers its player, and post-loss tools that work together, in the page
(issue 26, items 2 and 3): View settings and the Rules chosen on the board survive a kernel
restart; after "How could it have been won?" the player's lost game is one click away ("Back to
my game"), with its moves, its status and "Where did I go wrong?"."""

from __future__ import annotations

import json
import pathlib

import pytest
from board_probes import act, lost_on_the_board

pytestmark = pytest.mark.e2e

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "lost_games.json"


def looks(root) -> dict:
    return root.evaluate("""el => ({
        face: [...el.classList].find(c => c.startsWith('fsw-face-')),
        table: [...el.classList].find(c => c.startsWith('fsw-table-')),
        rules: el.querySelector('[data-role="rules"]').value,
        rulesVisible: !!el.querySelector('[data-role="rules"]').offsetParent,
        title: el.querySelector('.fsw-title').textContent,
    })""")


def test_view_settings_and_rules_survive_a_kernel_restart(open_notebook, artifacts):
    nb = open_notebook(["from fourseasons_widget import FourSeasons\n"
                        "w = FourSeasons()\nw"])
    root = nb.widgets().first
    first = looks(root)
    assert first == {"face": "fsw-face-classic", "table": "fsw-table-green", "rules": "default",
                     "rulesVisible": True, "title": "Four Seasons"}
    # the View panel: large corner indices, blue felt
    root.locator('[data-role="view"] > summary').click()
    root.locator('[data-role="card-face"]').select_option("large")
    root.locator('[data-role="table-colour"]').select_option("blue")
    root.locator('[data-role="view"] > summary').click()
    # the Rules control, beside the picker: PySolFC's rules (at the deal: dealt at once)
    act(nb, root, lambda: root.locator('[data-role="rules"]').select_option("pysol"))
    assert nb.eval("w.game.rules.rules") == "pysol"
    nb.page.wait_for_function("() => document.querySelector('.fsw-root').classList"
                              ".contains('fsw-table-blue')")
    nb.page.screenshot(path=str(artifacts / "remembers-before-restart.png"))
    # New deal keeps them
    act(nb, root, lambda: root.locator('[data-action="new"]').click())
    assert nb.eval("w.game.rules.rules") == "pysol"
    nb.restart_and_run_all()
    root = nb.widgets().first
    after = looks(root)
    nb.page.screenshot(path=str(artifacts / "remembers-after-restart.png"))
    assert after == {"face": "fsw-face-large", "table": "fsw-table-blue", "rules": "pysol",
                     "rulesVisible": True, "title": "Four Seasons (PySolFC)"}
    assert nb.eval("[w.card_face, w.table_colour, w.game.rules.rules]") == ["large", "blue",
                                                                          "pysol"]
    # and back to this project's rules, from the control
    act(nb, root, lambda: root.locator('[data-role="rules"]').select_option("default"))
    assert nb.eval("w.game.rules.rules") == "default"
    assert looks(root)["title"] == "Four Seasons"


def test_after_how_it_could_have_been_won_the_lost_game_is_one_click_away(open_notebook,
                                                                          artifacts):
    late = min(json.loads(DATA.read_text()), key=lambda g: len(g["moves"]) - g["turning_point"])
    # the player's game, lost on the board (its moves sent as the board sends them)
    nb = open_notebook([lost_on_the_board(
        f"FourSeasons(seed={late['seed']}, variant={late['variant']!r}, auto_home=False, "
        "solve_seconds=30)", repr(late["moves"]))])
    root = nb.widgets().first
    lost_ply = nb.eval("w.ply")
    assert nb.eval("w.status") == "lost" and nb.eval("w.analysis['state']") == "done"
    # Stats ▸ the lost deal ▸ How could it have been won?
    root.locator('[data-role="stats"]').click()
    how = root.locator('[data-action="how_won"]').first
    how.wait_for()
    act(nb, root, lambda: how.click())
    nb.page.wait_for_function("() => !!document.querySelector('.fsw-root [data-role=\"replay\"]')"
                              " && !document.querySelector('.fsw-root [data-role=\"replay\"]')"
                              ".hidden", timeout=120_000)
    # the winning line plays in the replay bar, which carries the way back to the player's game
    back = root.locator('[data-role="replay"] button[data-replay="my_game"]')
    assert back.is_visible() and back.inner_text() == "Back to my game"
    assert nb.eval("w.ply") == 0 and nb.eval("w.replay['verdict']") == "won"
    nb.page.screenshot(path=str(artifacts / "how-won-line-and-back.png"))
    box = back.bounding_box()
    row = root.locator('[data-role="tray"]').bounding_box()
    assert box["x"] + box["width"] <= row["x"] + row["width"] + 1  # (not clipped off the row)
    assert box["y"] + box["height"] <= row["y"] + row["height"] + 1
    # one click: the lost game, at its move, lost, with Undo and its analysis
    act(nb, root, lambda: back.click())
    assert int(root.get_attribute("data-ply")) == lost_ply
    assert root.get_attribute("data-status") == "lost"
    assert root.locator('[data-action="undo"]').is_enabled()
    assert nb.eval("w.analysis['state']") == "done"
    nb.page.screenshot(path=str(artifacts / "how-won-back-to-my-game.png"))
    assert not back.is_visible()
    assert not root.locator('[data-role="banner"] button[data-offer="my_game"]').is_visible()
