""""How could it have been won?": a lost game of the history dealt again, with the solver's
winning line to replay, while the player's own game stays one click away ("Back to my game").

:class:`HowWon` is a service of the table's controller (:class:`~fourseasons_widget.table.controller.
Table`); it knows its table only through the one host interface, :class:`~.host.TableHost` (it imports
neither the controller nor the widget), so any host, a test's included, can drive it.

- :meth:`HowWon.show` finds the game in the history (by the id the board showed it with), deals
  it again as a position given by code (it records nothing: the deal shown is not the
  player's), and asks the table's advisor for the winning line;
- the player's game on the board when it was asked — the very :class:`~fourseasons_widget.
  game.Game`, its moves, undo and redo, and its finished analysis — is :attr:`HowWon.kept`
  until :meth:`HowWon.back_to_my_game` or another deal (which lets it go);
- :meth:`HowWon.kept_title` is what the banner says of the game kept.
"""

from __future__ import annotations

from typing import Any

from ..channel import IntentError
from ..model.game import Game
from ..model.rules import IllegalMoveError
from ..validate import is_int, quote
from .advice import line_on_record
from .host import TableHost
from .intents import handles
from .recorder import history_or_none

#: how many games of the history a game is looked for in (the most the store gives)
HISTORY = 1000


#: the seconds the board's search gets, at least, on a deal the shipped classification knows
#: to be won (a line exists: worth the wait; the board's own solve time may be shorter)
KNOWN_WON_SECONDS = 30.0


#: (its own name for the one host interface, kept for a release)
HowWonHost = TableHost


def deal_again(row: dict[str, Any]) -> Game:
    """The deal of a game of the history (a row of :meth:`Stats.history
    <fourseasons_widget.store.stats.Stats.history>`), or :class:`IllegalMoveError` if it cannot be
    dealt again (its deal was not kept, or the row names one that does not deal)."""
    options = row.get("options") if isinstance(row.get("options"), dict) else {}
    deal = row.get("deal") or ""
    try:
        if isinstance(deal, str) and deal.startswith("PySolFC "):
            return Game.from_pysol(deal.split(" ", 1)[1], row["variant"], **options)
        if row.get("seed") is not None:
            return Game.new(seed=row["seed"], variant=row["variant"], **options)
    except (ValueError, TypeError) as e:
        raise IllegalMoveError(f"that game cannot be dealt again ({str(e)[:80]})") from None
    raise IllegalMoveError("that game's deal was not kept: it cannot be dealt again")


class HowWon:
    """"How could it have been won?" on one table (see the module doc)."""

    def __init__(self, host: TableHost) -> None:
        self.host = host
        #: the player's own game (and its analysis, as :meth:`Review.stash` kept it) while
        #: another deal is shown; ``None`` when the game shown is the player's
        self.kept: tuple[Game, Any] | None = None
        #: what the solver found of the deal shown (see :class:`~fourseasons_widget.table.offers.
        #: BannerState`): ``"searching"``, then its verdict; ``None`` before any search
        self.line: str | None = None
        #: what the shipped classification knows of the deal shown (a :class:`~fourseasons_
        #: widget.solver.experiments.Known`; ``None`` where the deal is not in it)
        self.known: Any = None

    def kept_title(self) -> str | None:
        """The game kept, as the banner names it (``None``: none is kept)."""
        if self.kept is None:
            return None
        g = self.kept[0]
        # (its variant named only where the deal shown is of another one)
        title = "" if g.rules.title == self.host.game.rules.title else f"{g.rules.title}, "
        return f"{title}move {g.ply}, {g.status}"

    def _row(self, row_id: int) -> dict[str, Any]:
        store = self.host.recorder.store
        if store is not None and is_int(row_id) and row_id < 0:
            # (a game shown before the store wrote it, and written since: its id in the file)
            row_id = store.real_id(row_id)
        rows = [] if store is None else (history_or_none(store, None, HISTORY) or [])
        row = next((r for r in rows if r.get("id") == row_id), None)
        if row is None:
            raise IllegalMoveError(f"there is no game {quote(row_id, 20)} in the history")
        return row

    def in_progress(self) -> bool:
        """Is a game in progress on the board (one :meth:`show` would give up)?"""
        g = self.host.game
        return bool(g.ply and g.status == "playing" and self.host.recorder.in_progress(g))

    def show(self, row_id: int, *, give_up: bool = False) -> Game:
        """A lost game of the history, dealt again, with the solver's winning line to replay
        (refused, changing nothing, over a game in progress unless ``give_up`` — the board
        asks the player first, as it does before a new deal — or while the solver is busy).
        The game on the board stays one click away ("Back to my game")."""
        host = self.host
        with host.lock:
            row = self._row(row_id)
            if row.get("result") != "lost":
                raise IllegalMoveError("only a lost game is shown again, with how it could "
                                       "have been won")
            g = host.game
            if not give_up and self.in_progress():
                raise IllegalMoveError("a game is in progress on this board: finish it or deal "
                                       "a new one first (nothing was changed)")
            if host.worker.busy:  # (refused before anything changes)
                raise IntentError(f"the solver is busy with a {host.worker.busy}: wait, or "
                                  "cancel it")
            game = deal_again(row)
            # the game on the board stays one click away ("Back to my game"): the lost game
            # with its history, its analysis ("Where did I go wrong?") and its record as they are
            mine = self.kept if self.kept is not None else (
                (g, host.review.stash()) if g.ply else None)
            deal = row.get("deal") or ""
            # the best answer there is: the shipped classification's, where it has the deal
            # (a loss proved there is not searched again; a known win gets the time to be found)
            from ..solver.experiments import known_verdict

            known = known_verdict(game)
            self.known = known
            lost = known is not None and known.verdict == "lost"
            # a line on record (solver/lines.py: the deals the solver needed more than 10,000
            # positions for) is shown at once; the others are found in a moment
            on_record = line_on_record(game, known)
            self.line = None if lost else "record" if on_record is not None else "searching"
            host.deal(game, f"{game.rules.title}: {deal or 'the deal'} again — how it could "
                            "have been won", given=True, keep=mine)
            if lost:
                return game
            advisor, seconds = host.advisor, host.solve_seconds
            if on_record is not None:
                advisor.show_solution(on_record, seconds)
                return game
            if known is not None and known.verdict == "won":
                seconds = max(seconds, KNOWN_WON_SECONDS)

            def found(result: Any) -> None:
                # (what the banner says of the deal: a winning line only when there is one)
                self.line = result.verdict if result.verdict in ("won", "lost") else "unknown"
                advisor.show_solution(result, seconds)

            advisor.search("solve", seconds, found)
            return game

    @handles("how_won")
    def _intent(self, c: dict[str, Any]) -> None:
        row = c.get("id")
        if not is_int(row) or isinstance(row, bool):
            raise IntentError("refused: how_won names a game of the history by its id")
        # over a game in progress the board asks first, as before a new deal ("ask": true; a
        # confirmed question comes back "confirmed", which no view may send)
        if self.in_progress() and self.host.ask_first(c):
            return
        self.show(row, give_up=c.get("confirmed") is True)

    def back_to_my_game(self) -> Game:
        """Leave the deal :meth:`show` shows, for the player's own game kept meanwhile: the
        very game (its moves, undo, redo and status) and its analysis."""
        host = self.host
        with host.lock:
            if self.kept is None:
                raise IllegalMoveError("no game of yours is kept: this is your game")
            game, stash = self.kept
            self.line = self.known = None
            host.replay = {}
            # (given: its result was recorded when it ended, if it was the player's — nothing
            # more is kept of it)
            host.deal(game, f"Back to your game: {game.rules.title}, move {game.ply}",
                      given=True)
            host.review.unstash(stash)
            return game


__all__ = ["HowWon", "HowWonHost", "deal_again"]
