"""Measurements of what the player sees, shared by the browser tests (JupyterLab, Notebook 7
and the static export): where the drag image is while a card is dragged, whether an open
popover lies within the viewport, who has the keyboard after a click on the felt."""

from __future__ import annotations

from typing import Any

DRAG_TOLERANCE = 3.0  # px between the grabbed point of the drag image and the pointer


def drag_offsets(page: Any, card: Any, to: tuple[float, float], *, grab=(0.5, 0.35),
                 steps: int = 8) -> list[tuple[float, float]]:
    """Press on ``card`` (a locator) at the fraction ``grab`` of its box, move the pointer in
    ``steps`` to the client point ``to`` and, at every step after the drag has started, the
    (dx, dy) between the pointer and the point of the drag image that was grabbed.  The pointer
    then goes back to where it started and is released there: a drop on the card's own pile is
    no move, so the position is unchanged."""
    box = card.bounding_box()
    gx, gy = box["width"] * grab[0], box["height"] * grab[1]
    x0, y0 = box["x"] + gx, box["y"] + gy
    m = page.mouse
    m.move(x0, y0)
    m.down()
    out = []
    for k in range(1, steps + 1):
        x = x0 + (to[0] - x0) * k / steps
        y = y0 + (to[1] - y0) * k / steps
        m.move(x, y)
        g = page.locator('[data-role="drag-image"]')
        if g.count():
            gb = g.first.bounding_box()
            out.append((gb["x"] + gx - x, gb["y"] + gy - y))
    m.move(x0, y0)
    m.up()
    return out


def worst(offsets: list[tuple[float, float]]) -> float:
    return max(max(abs(dx), abs(dy)) for dx, dy in offsets)


def popover_rect(page: Any, root: Any) -> dict[str, float]:
    """Open the Keys popover of board ``root``; its box and the viewport's width."""
    help_ = root.locator('[data-role="help"]')
    if not help_.evaluate("d => d.open"):
        help_.locator("summary").click()
    panel = root.locator('[data-role="help-panel"]')
    panel.wait_for(state="visible")
    page.wait_for_timeout(50)
    r = panel.evaluate("""p => { const r = p.getBoundingClientRect();
      return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
              vw: window.innerWidth, vh: window.innerHeight}; }""")
    help_.locator("summary").click()  # close it again
    return r


def inside_viewport(r: dict[str, float]) -> bool:
    return r["left"] >= 0 and r["right"] <= r["vw"] and r["right"] > r["left"]


def click_felt(root: Any) -> None:
    """Click the felt where no pile is: its lower-left corner, inside the padding."""
    felt = root.locator('[data-role="felt"]')
    b = felt.bounding_box()
    felt.click(position={"x": 6, "y": b["height"] - 6})


def board_has_keys(page: Any, root: Any) -> bool:
    return page.evaluate("el => el.contains(document.activeElement)", root.element_handle())


def focus_ring(page: Any, root: Any) -> str:
    """The felt's outline while the board has the keyboard (e.g. 'rgb(..) solid 3px')."""
    return root.locator('[data-role="felt"]').evaluate(
        "el => { const s = getComputedStyle(el); return s.outlineStyle + ' ' + s.outlineWidth; }")


def version(root: Any) -> int:
    """The position number the board shows (``data-version``)."""
    return int(root.get_attribute("data-version"))


def wait_version(nb: Any, root: Any, old: int) -> None:
    """Wait until the board shows a position newer than version ``old``."""
    nb.page.wait_for_function("([el, v]) => Number(el.dataset.version) > v",
                              arg=[root.element_handle(), old])


def act(nb: Any, root: Any, fn: Any) -> None:
    """Do ``fn`` (clicks, keys) and wait until the board shows a newer position."""
    old = version(root)
    fn()
    wait_version(nb, root, old)


#: Four Seasons seed 7 with its centre cross pile made a 7-card run (K♦ down to 7♠): a deep pile
#: as a long game builds it.  Defines ``_game``, the position, for a board or a search view.
DEEP_PILE = """
from fourseasons_widget import Game
from fourseasons_widget.model.game import state_from_dict
from fourseasons_widget.model.rules import get_rules
_g = Game.new(seed=7)
_st = _g.to_dict()["start"]
_run = "KD QS JC TD 9H 8S 7S".split()
_st["stock"] = " ".join([c for c in _st["stock"].split() if c not in _run] + [_st["piles"][1]])
_st["piles"][1] = " ".join(_run)
_rules = get_rules("standard")
_game = Game(state_from_dict(_rules, _st), _rules)
"""


def lost_on_the_board(board: str, moves: str, setup: str = "") -> str:
    """A cell that makes the board ``board`` (a ``FourSeasons(...)`` expression) and plays
    ``moves`` (an expression: move notations) as the board sends them, up to where the board
    proves the game lost (a move on after that is refused, as a player meets it), then waits
    for the loss's analysis; it ends with ``w`` (the board shown)."""
    return (
        "from fourseasons_widget import FourSeasons\n"
        f"{setup}"
        f"w = {board}\n"
        f"for n in {moves}:\n"
        "    if w.status == 'lost':\n"
        "        break\n"
        "    m, b = w.game.parse_move(n), w.board\n"
        "    c = ({'type': 'turn'} if (m.source, m.target) == ('stock', 'waste') else\n"
        "         {'type': 'move', 'card': None if m.source == 'stock' else m.card,\n"
        "          'source': m.source, 'target': m.target})\n"
        "    assert w.handle_intent({**c, 'ply': b['ply'], 'version': b['version']}), w.message\n"
        "assert w._review.done.wait(120)\n"
        "w")
