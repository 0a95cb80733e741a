"""What a notebook's cell does to a board while other threads drive it too: one random call of
the Python API, shared by the storms of tests/test_board_races.py and tests/test_worker_storm.py
(a refusal is a ValueError, which both storms expect)."""

from __future__ import annotations

import random

from fourseasons_widget import FourSeasons, Game

VARIANTS = ("standard", "corners", "czarina", "simplicity", "sequences", "dick1883")


def python_call(w: FourSeasons, rnd: random.Random, *, waits: bool = False) -> None:
    """One call a cell makes (the main thread); ``waits``: some calls also wait for the search
    or the analysis they start while the other threads go on (no deadlock)."""
    what = rnd.randrange(21 if waits else 19)
    if what == 0:
        moves = w.game.legal_moves()
        if moves:
            w.play(rnd.choice(moves))
    elif what == 1:
        w.undo()
    elif what == 2:
        w.hint(max_seconds=0.02)
    elif what == 3:
        w.hint(background=True)
    elif what == 4:
        w.solve(background=True)
    elif what == 5:
        w.auto_finish(max_seconds=0.02)
    elif what == 6:
        w.auto_finish(background=True)
    elif what == 7:
        w.analyse(wait=False)
    elif what == 8:
        w.cancel()
    elif what == 9:
        w.variant = rnd.choice(VARIANTS)
    elif what == 10:
        w.seed = rnd.choice([rnd.randrange(40), 2**63])  # (the second is refused)
    elif what == 11:
        w.new_game(seed=rnd.randrange(40), variant=rnd.choice(VARIANTS))
    elif what == 12:
        w.refresh()
    elif what == 13:
        w.game = Game.new(seed=rnd.randrange(40), variant=rnd.choice(VARIANTS))
    elif what == 14:
        w.review(rnd.randrange(max(1, w.game.ply)))
    elif what == 15:
        w.four_colour = not w.four_colour
    elif what == 16:
        w.paused = not w.paused
    elif what == 17:
        w.replay = {}
    elif what == 18:
        w.auto_home = not w.auto_home
    elif what == 19:
        assert w.solve(background=True).wait(60), "a search waited for did not end"
    else:
        w.analyse(wait=True)


def intent(rnd: random.Random, b: dict, *, stale: float = 0.0) -> dict:
    """What a front end sends, built from the board ``b`` it shows (its legal moves, its
    offers); with probability ``stale`` an intent that has waited (the board changed since)."""
    kind = rnd.choice(["move", "move", "move", "move", "turn", "undo", "redo", "restart",
                       "hint", "solve", "auto_finish", "cancel", "new_game", "deal_number",
                       "resume", "panel", "offer", "analyse", "analysis_stop", "review"])
    msg: dict = {"type": kind, "ply": b["ply"], "version": b["version"]}
    if rnd.random() < stale:
        msg["version"] -= 1
    if kind == "move":
        if not b["legal"]:
            return {"type": "turn", "ply": b["ply"], "version": b["version"]}
        card, source, target = rnd.choice(b["legal"])
        # (a move from the stock names no card: the front end does not know it)
        msg.update(card=None if source == "stock" else card, source=source, target=target)
    elif kind == "new_game":
        msg = {"type": kind, "seed": rnd.randrange(40), "variant": rnd.choice(VARIANTS)}
    elif kind == "deal_number":
        msg = {"type": kind, "text": rnd.choice(["seed 3", "617", "ms5", "12", "seed 653821"]),
               "variant": rnd.choice(("standard", "czarina", "simplicity"))}
    elif kind in ("resume", "cancel", "analysis_stop"):
        msg = {"type": kind}
    elif kind == "panel":
        msg = {"type": kind, "panel": rnd.choice(["", "stats", "keys"])}
    elif kind == "offer":
        offers = [o["id"] for o in b.get("ui", {}).get("offers", [])] or ["next_deal"]
        msg = {"type": kind, "id": rnd.choice(offers)}
    elif kind == "review":
        msg["at"] = rnd.randrange(max(1, b["ply"]))
    return msg
