"""The banner above the board and the offers on it, from the table's state: a service of the
controller (:class:`~fourseasons_widget.table.controller.Table`), plain data in, plain data out, so
that what the banner shows and what the controller accepts come from one function.

The table publishes :func:`banner` of its state; an ``offer`` intent is accepted only if the
offer is enabled in :func:`banner` of the state *now* (never of what was published once): an
offer shown is an offer that works, and one no longer true is neither shown nor taken.

>>> from fourseasons_widget import Game
>>> g = Game.new(seed=7)
>>> _ = g.play("turn")
>>> b = banner(BannerState(g, g.status, asking="Deal a new game?"))
>>> b["banner"]["kind"], [o["id"] for o in b["offers"]]
('confirm', ['confirm', 'cancel'])
>>> enabled(BannerState(g, g.status))
set()
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..model.game import Game
from ..model.rules import VARIANTS
from ..validate import safe_text
from .rules_choice import question as rules_question

#: the offers a banner may carry
OFFERS = ("resume", "play_again", "next_deal", "undo", "confirm", "cancel", "my_game")


@dataclass(frozen=True)
class BannerState:
    """What the banner depends on: the game shown and its status; ``asking``, the question
    kept for a new deal asked over a game in progress; ``resume``, the saved game on offer
    (``{"moves", "title"}``) and whether it was put aside (``dismissed``); ``back``, the title
    of the player's own game kept while "How could it have been won?" shows another deal, and
    ``line``, what the solver found of that deal: ``"searching"``, ``"won"`` (its winning line
    is on the replay), ``"record"`` (the line on record is, no search ran: solver/lines.py),
    ``"unknown"`` (no win within its time) or ``None`` (no search ran, or it
    was stopped) — the banner promises the solver's winning line only when there is one;
    ``known``, what the shipped classification knows of that deal (a
    :class:`~fourseasons_widget.solver.experiments.Known`, or ``None`` where the deal is not
    in it): said beside the search's answer, so that "could it have been won?" has the best
    answer there is even when the board's search finds nothing in its time."""

    game: Game
    status: str
    asking: str | None = None
    resume: dict[str, Any] | None = None
    dismissed: bool = False
    back: str | None = None
    line: str | None = None
    known: Any = None


def _offer(oid: str, label: str, on: bool = True) -> dict[str, Any]:
    return {"id": oid, "label": label, "enabled": bool(on)}


def banner(s: BannerState) -> dict[str, Any]:
    """``{"banner": {kind, text} | None, "offers": [{id, label, enabled}]}``."""
    g, status = s.game, s.status
    if s.asking is not None and status == "playing" and g.ply:
        return {"banner": {"kind": "confirm", "text": f"{s.asking} The game in progress "
                                                      f"(move {g.ply}) will be given up."},
                "offers": [_offer("confirm", "Deal anyway"), _offer("cancel", "Keep playing")]}
    if s.back is not None:
        # the player's lost game stays one click away while another deal is shown
        known = s.known.verdict if s.known is not None else None
        if status == "won":
            text = "The same deal, won."
        elif status == "lost":
            text = "The same deal: from here it cannot be won (proved)."
        elif known == "lost":
            # (short: the banner's row holds about a hundred characters at 420 px)
            text = (f"This deal cannot be won: an exhaustive search ({s.known.positions:,} "
                    "positions) proved it.")
        elif s.line == "won":
            text = "The solver's winning line is on the replay (Watch the solution)."
        elif s.line == "record":
            text = "The winning line on record is on the replay (Watch the solution)."
        elif known == "won" and s.line == "searching":
            text = (f"This deal can be won (a {s.known.moves}-move win is on record): the solver "
                    "is looking for it…")
        elif known == "won" and s.line == "unknown":
            text = (f"This deal can be won (a {s.known.moves}-move win is on record); the solver "
                    "found no win in its time.")
        elif s.line == "searching":
            text = "The same deal: the solver is looking for a way to win it…"
        elif s.line == "unknown" and known == "unknown":
            text = ("The solver found no win in its time; none is known (one of "
                    f"{s.known.unknown:,} of {s.known.n:,} deals unsettled).")
        elif s.line == "unknown":
            text = ("The same deal: the solver found no win within its time (it may still be "
                    "winnable). Try it yourself.")
        else:
            text = "The same deal again, to try yourself."
        return {"banner": {"kind": "info", "text": f"{text} Your game ({s.back}) is kept."},
                "offers": [_offer("my_game", "Back to my game")]}
    if s.resume is not None and not s.dismissed and status == "playing" and not g.ply:
        n = s.resume["moves"]
        what = "of this variant" if not s.resume.get("title") else f"of {s.resume['title']}"
        return {"banner": {"kind": "resume", "text": f"An unfinished game {what} ({n} "
                                                     f"move{'s' * (n != 1)}) was kept from "
                                                     "before."},
                "offers": [_offer("resume", "Resume it"), _offer("cancel", "Not now")]}
    if status == "won":
        return {"banner": {"kind": "won", "text": "You won! The cross has vanished: all 52 "
                                                  "cards are home."},
                "offers": [_offer("play_again", "Play again"), _offer("next_deal", "Next deal")]}
    if status == "lost":
        if g.ply:
            return {"banner": {"kind": "lost", "text": "Game lost: no sequence of moves can win "
                                                       "from here (proved). Undo, or deal "
                                                       "again."},
                    "offers": [_offer("undo", "Undo", g.can_undo),
                               _offer("play_again", "Play again"),
                               _offer("next_deal", "Next deal")]}
        return {"banner": {"kind": "lost", "text": "This deal cannot be won: no sequence of "
                                                   "moves wins it (proved). Deal another."},
                "offers": [_offer("next_deal", "Next deal")]}
    return {"banner": None, "offers": []}


def question(intent: dict[str, Any], game: Game, max_text: int = 40) -> str:
    """What the banner asks before a new deal over ``game`` in progress, for the ``intent``
    that asks for it (a ``new_game``, ``deal_number``, ``rules`` or ``how_won`` intent, already
    checked)."""
    variant = intent.get("variant") or game.variant
    if intent["type"] == "deal_number":
        return f"Deal {safe_text(str(intent.get('text', '')).strip(), max_text)}?"
    if intent["type"] == "rules":
        return rules_question(intent.get("rules"))
    if intent["type"] == "how_won":
        return "Show how that lost deal could have been won?"
    if variant != game.variant:
        return f"Switch to {VARIANTS[variant].title}?"
    return "Deal a new game?"


def enabled(s: BannerState) -> set[str]:
    """The offers an ``offer`` intent may take now."""
    return {o["id"] for o in banner(s)["offers"] if o["enabled"]}


__all__ = ["OFFERS", "BannerState", "banner", "enabled", "question"]
