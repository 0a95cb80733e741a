"""The one interface through which the table's services know the table.

Each service of :class:`~fourseasons_widget.table.controller.Table` — the advisor
(:mod:`.advice`), demo mode (:mod:`.demo`), "How could it have been won?" (:mod:`.how_won`), the
review (:mod:`.review`) and the Rules choice (:mod:`.rules_choice`) — is made with the table as
its host and reaches it only through :class:`TableHost`: the game shown, the one lock and
worker, the ways to say, publish (the table's commit step: see :meth:`Table.commit
<fourseasons_widget.table.controller.Table.commit>`) and deal, to ask the player first before a
new deal (``ask_first``), the budgets, and what the table publishes for them (``replay``,
``analysis``).  A service imports neither the controller nor the widget, so any host (a test's
small class included) drives it; the intents it answers it declares itself (``@handles`` of
:mod:`.intents`).  What a service needs of another service the
table holds (``advisor``, ``review``, ``recorder``) is named here by the few calls it makes, so
this module imports no service.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..model.game import Game
    from ..model.state import Move
    from .background import Job, Worker


class AdvisorCalls(Protocol):
    """What a service asks of the table's advisor (:class:`~.advice.Advisor`)."""

    def search(self, kind: str, budget_s: float, show: Any) -> Job: ...

    def show_solution(self, result: Any, budget_s: float) -> None: ...


class ReviewCalls(Protocol):
    """What a service asks of the table's review (:class:`~.review.Review`)."""

    def stash(self) -> Any: ...

    def unstash(self, stash: Any) -> None: ...


class RecorderCalls(Protocol):
    """What a service asks of the table's recorder (:class:`~.recorder.Recorder`)."""

    store: Any

    def in_progress(self, game: Game) -> bool: ...


class TableHost(Protocol):
    """The table, as every one of its services sees it."""

    lock: Any
    worker: Worker
    in_intent: bool
    busy: str
    notice: str
    replay: dict[str, Any]
    analysis: dict[str, Any]
    hint_seconds: float
    solve_seconds: float
    advisor: AdvisorCalls
    review: ReviewCalls
    recorder: RecorderCalls

    @property
    def game(self) -> Game: ...

    def say(self, text: str, kind: str = "info") -> None: ...

    def publish(self, kind: str = "refresh", move: Any = None, message: str | None = None,
                message_kind: str | None = None, **kw: Any) -> None: ...

    def publish_line(self, moves: list[Move], *, nodes: int | None = None,
                     seconds: float | None = None) -> None: ...

    def labels(self) -> dict[str, str]: ...

    def settle(self) -> None: ...

    def batch(self) -> contextlib.AbstractContextManager[None]: ...

    def deal(self, game: Game, message: str, *, given: bool = False,
             keep: tuple[Game, Any] | None = None) -> Game: ...

    def new_game(self, seed: int | None = None, variant: str | None = None,
                 **options: str) -> Game: ...

    def ask_first(self, content: dict[str, Any]) -> bool: ...


__all__ = ["AdvisorCalls", "RecorderCalls", "ReviewCalls", "TableHost"]
