"""Demo mode: the solver plays the deal at a watchable pace; pause, step, take over.

The pace is the front end's (no timers in the kernel, so it works without threads): while a
demo runs and is not paused, the view sends ``{"type": "demo", "action": "step"}`` every
``speed_ms``; each step plays the next move of the solver's line.  A step is played only while
the game is still where the demo left it — a move made by hand, an undo or a new deal ends the
demo.  The demo's moves are the solver's, not the person's, so they record nothing; after
*take over* the person's moves make the game theirs.

>>> from fourseasons_widget import Game
>>> g = Game.new(seed=7)
>>> d = Demo(g, [g.legal_moves()[0]])
>>> d.on_track(g), d.snapshot()["of"]
(True, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .game import Game
from .state import Move, State

#: the actions a view may send
ACTIONS = ("start", "pause", "resume", "step", "stop", "take_over")
SPEED_MS = 700  # between two moves, by default


@dataclass
class Demo:
    """A demo in progress on one game: the line, how far it has played, paused or not."""

    game: Game
    line: list[Move]
    step: int = 0
    paused: bool = False
    speed_ms: int = SPEED_MS
    start_ply: int = field(init=False)
    expected: State = field(init=False)

    def __post_init__(self) -> None:
        self.start_ply = self.game.ply
        self.expected = self.game.state

    @property
    def running(self) -> bool:
        return self.step < len(self.line)

    def on_track(self, game: Game) -> bool:
        """The game is where the demo left it (nobody else has moved)."""
        return (game is self.game and game.ply == self.start_ply + self.step
                and game.state == self.expected)

    def next_move(self) -> Move:
        return self.line[self.step]

    def played(self, game: Game) -> None:
        self.step += 1
        self.expected = game.state

    def snapshot(self) -> dict[str, Any]:
        return {"running": self.running, "paused": self.paused, "step": self.step,
                "of": len(self.line), "speed_ms": self.speed_ms}


__all__ = ["ACTIONS", "SPEED_MS", "Demo"]
