"""``FourSeasons``: the board as a Jupyter widget (anywidget).

The widget is a thin adapter around a :class:`~fourseasons_widget.game.Game`.  Python stays the
single source of truth: it publishes the position (with the legal moves, for highlighting) in
synced traits, and the front end (``js/``, shipped as ``static/widget.js``) renders it and sends
*intents* back — "move 7H from the waste to cross:2", "turn the stock".  Every intent carries
the position's version (``ply`` and ``version``); a stale, forged or garbled intent is refused
with a message and changes nothing.

>>> w = FourSeasons(seed=7, variant="czarina")
>>> w.board["layout"], w.ply
('cross', 0)
>>> m = w.play("turn")
>>> w.ply, w.board["waste"][-1] == m.card
(1, True)
>>> _ = w.undo()
>>> w.ply
0

All state lives in traits, so two views of one widget stay in sync and a notebook saved with
its widget state (or exported to static HTML) can rebuild the board.
"""

from __future__ import annotations

import contextlib
import pathlib
from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

import anywidget
import traitlets

from .cards import RANK_LABELS, SUITS, card_name, parse_card
from .deal import parse_deal_text
from .game import Game
from .review import INTENTS as REVIEW_INTENTS
from .review import Review
from .rules import VARIANTS, IllegalMoveError, Rules, RulesError
from .state import FOUNDATION, WASTE, Move, State
from .validate import BudgetError, budget, frontend_update, is_int, quote, safe_text

STATIC = pathlib.Path(__file__).parent / "static"
if not (STATIC / "widget.js").is_file():  # a source checkout without the built front end
    raise ImportError(
        f"the widget's front end is not built ({STATIC / 'widget.js'} is missing): run "
        "`pip install -e .` (which builds it) or `cd js && npm install && npm run build`")

#: the intents the front end may send
INTENTS = ("move", "turn", "undo", "redo", "hint", "new_game", "restart", "auto_finish",
           "solve", "deal_number") + REVIEW_INTENTS
#: intents that act on (or advise about) the position and so must name its version
VERSIONED = frozenset(INTENTS) - {"new_game", "deal_number", "analysis_stop"}
MAX_TEXT = 40  # no field of a genuine intent is longer
#: the fields an intent may carry
INTENT_FIELDS = frozenset({"type", "ply", "version", "card", "source", "target", "seed",
                           "variant", "text", "longer", "at"})
#: the traits a view may set (a view option), with the type each takes; every other trait is
#: Python's to publish, and a front-end update of one is refused and Python's value re-sent
#: (``_view_count``: ipywidgets' own count of views, sent by front ends when it is enabled)
FRONTEND_WRITABLE: dict[str, type] = {"four_colour": bool, "_view_count": int}

_CROSS_NAMES = ("the left of the cross", "the centre of the cross", "the right of the cross",
                "the top of the cross", "the bottom of the cross")
_CELL_NAMES = ("the left cell", "the centre cell", "the right cell", "the top cell",
               "the bottom cell")
_GRID_NAMES = ("the left of the grid", "the centre of the grid", "the right of the grid",
               "the top of the grid", "the bottom of the grid")
_FOUNDATION_NAMES = ("the upper-left foundation", "the upper-right foundation",
                     "the lower-left foundation", "the lower-right foundation")


def _seconds(value: Any, name: str, default: float | None = None) -> float:
    """A time budget for the solver: a finite number of seconds greater than 0 (``None``
    takes ``default``; the widget never searches without a limit)."""
    value = budget(value if value is not None else default, name)
    if value is None:
        raise BudgetError(f"{name} must be a finite number of seconds greater than 0, not None")
    return value


class Hint(NamedTuple):
    """What :meth:`FourSeasons.hint` found: the advised ``move`` (or ``None``), the solver's
    ``verdict`` (``won`` / ``lost`` / ``unknown``) and the ``text`` shown to the player."""

    move: Move | None
    verdict: str
    text: str


class IntentError(ValueError):
    """An intent from the front end that is refused before it reaches the rules."""


# ---------------------------------------------------------------------------------------------
# Plain-data snapshots of a position (what the front end draws)


def pile_labels(rules: Rules) -> dict[str, str]:
    """Spoken names of the piles, for aria-labels and announcements."""
    names: dict[str, str] = {"stock": "the stock", "waste": "the waste"}
    for i, text in enumerate(_FOUNDATION_NAMES):
        names[f"foundation:{i}"] = text
    if rules.layout == "rows":
        half = rules.n_piles // 2
        for i in range(rules.n_piles):
            row = "top" if i < half else "bottom"
            names[rules.pile_name(i)] = f"tableau pile {i % half + 1} of the {row} row"
    else:
        table = {"cells": _CELL_NAMES, "grid": _GRID_NAMES}.get(rules.layout, _CROSS_NAMES)
        for i in range(rules.n_piles):
            names[rules.pile_name(i)] = table[i] if i < len(table) else rules.pile_name(i)
    return names


def position_snapshot(rules: Rules, s: State) -> dict[str, Any]:
    """The position as JSON-able data: what is face up, and how much is face down.

    The stock is face down, so only its size is given.

    >>> from fourseasons_widget import Game
    >>> snap = position_snapshot(Game.new(seed=7).rules, Game.new(seed=7).state)
    >>> len(snap["piles"]), snap["stock"], snap["home"]
    (5, 46, 1)
    """
    foundations = []
    for slot in range(4):
        suit = s.corners[slot]
        if suit < 0:
            foundations.append({"suit": None, "count": 0, "cards": []})
        else:
            cards = [_code(c) for c in s.foundation_cards(slot)]
            foundations.append({"suit": SUITS[suit], "count": len(cards), "cards": cards})
    return {
        "piles": [[_code(c) for c in p] for p in s.piles],
        "foundations": foundations,
        "stock": len(s.stock),
        "waste": [_code(c) for c in s.waste],
        "home": s.cards_home,
    }


def _code(card: int) -> str:
    from .cards import CODES

    return CODES[card]


def describe_move(move: Move, labels: dict[str, str]) -> str:
    """``"seven of hearts from the waste to the centre of the cross"``."""
    if move.source == "stock" and move.target == "waste":
        return f"turned the stock: {card_name(parse_card(move.card))}"
    if move.source == "waste" and move.target == "stock":
        return "redealt: the waste turned over is the stock again"
    return (f"{card_name(parse_card(move.card))} from {labels.get(move.source, move.source)} "
            f"to {labels.get(move.target, move.target)}")


def _home_run(game: Game) -> list[Move] | None:
    """The moves that finish the game by moving cards home and turning the stock only, or
    ``None`` when that is not enough.

    Playing every possible move home before turning is never worse in this sub-game (a card
    home only uncovers more; a turn can always wait), so the greedy run is exact: when it fails
    no run of home moves and turns wins.
    """
    rules, s = game.rules, game.state
    engine = rules.engine
    line: list[Move] = []
    for _ in range(200):
        if s.is_won:
            return line
        moves = engine.moves(s)
        home = [m for m in moves if m[1] >= FOUNDATION]
        if home:
            raw = home[0]
        else:
            turns = [m for m in moves if m[1] == WASTE]
            if not turns:
                return None
            raw = turns[0]
        line.append(engine.to_move(s, raw))
        s = engine.apply(s, raw)
    return None


# ---------------------------------------------------------------------------------------------


class FourSeasons(anywidget.AnyWidget):
    """Four Seasons in a notebook: click, drag or use the keyboard to play.

    Make one from a seed (``FourSeasons(seed=7, variant="czarina")``), a ``Game``
    (``FourSeasons(game=g)``), a deck (``FourSeasons(deck="AS 7H ...")``) or a PySolFC deal
    number (``FourSeasons(pysol=1)``).  The Python API mirrors the model: :meth:`play`,
    :meth:`turn`, :meth:`undo`, :meth:`redo`, :meth:`restart`, :meth:`new_game`, :meth:`hint`,
    :meth:`auto_finish`, :meth:`solve`, :meth:`analyse` and :meth:`review` ("Where did I go
    wrong?", ``review.py``; ``analyse_on_loss=False``: not by itself after a losing move on the
    board), and :attr:`game`.  Observe ``board``, ``ply``, ``status``
    or ``message`` to react to changes (``w.observe(f, "status")``).

    If you change ``w.game`` behind the widget's back (``w.game.play(...)``), call
    :meth:`refresh` to republish it.
    """

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"

    #: the position and everything the front end needs to draw and highlight it
    board = traitlets.Dict().tag(sync=True)
    #: the last announcement or refusal, shown in the status line and read by screen readers
    message = traitlets.Unicode("").tag(sync=True)
    #: ``info`` | ``move`` | ``refusal`` | ``hint`` | ``won`` | ``lost`` | ``busy``
    message_kind = traitlets.Unicode("info").tag(sync=True)
    #: counts messages, so that the same refusal twice is announced twice
    message_serial = traitlets.Int(0).tag(sync=True)
    variant = traitlets.Unicode("standard").tag(sync=True)
    seed = traitlets.Int(None, allow_none=True).tag(sync=True)
    ply = traitlets.Int(0).tag(sync=True)
    status = traitlets.Unicode("playing").tag(sync=True)
    #: a view option: spades black, hearts red, diamonds blue, clubs green
    four_colour = traitlets.Bool(False).tag(sync=True)
    #: a solved line to replay in the browser: {version, verdict, moves, frames, ...} or {}
    replay = traitlets.Dict().tag(sync=True)
    #: what the kernel is busy with ("" | "hint" | "solve" | "auto_finish")
    busy = traitlets.Unicode("").tag(sync=True)
    #: the variants on offer in the picker: [{name, title, summary}]
    variants = traitlets.List().tag(sync=True)
    #: "Where did I go wrong?": {} or the analysis of the game (see ``review.py``)
    analysis = traitlets.Dict().tag(sync=True)

    def __init__(self, seed: int | None = None, variant: str = "standard", *,
                 game: Game | None = None, deck: str | Iterable[Any] | None = None,
                 pysol: int | str | None = None, four_colour: bool = False,
                 hint_seconds: float = 1.5, solve_seconds: float = 5.0,
                 analyse_on_loss: bool = True, **options: str) -> None:
        if sum(x is not None for x in (seed, game, deck, pysol)) > 1:
            raise ValueError("give at most one of seed=, game=, deck= and pysol=")
        if game is None:
            if deck is not None:
                game = Game.from_deck(deck, variant, **options)
            elif pysol is not None:
                game = Game.from_pysol(pysol, variant, **options)
            else:
                game = Game.new(seed=seed, variant=variant, **options)
        elif not isinstance(game, Game):
            raise TypeError(f"game= takes a Game, not {type(game).__name__}")
        self.hint_seconds = _seconds(hint_seconds, "hint_seconds")
        self.solve_seconds = _seconds(solve_seconds, "solve_seconds")
        self._game = game
        self._version = 0
        self._hint: dict[str, Any] | None = None
        self._last: dict[str, Any] | None = None
        self._lines: dict[State, list[Move]] = {}  # solved lines, by the position they start at
        self._syncing = False
        self._in_intent = False
        self._review = Review(self, on_loss=analyse_on_loss)
        super().__init__(four_colour=four_colour,
                         variants=[{"name": r.variant, "title": r.title, "summary": r.summary}
                                   for r in VARIANTS.values()])
        self._publish(kind="new")
        self.on_msg(self._on_msg)

    # -- the game ------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The :class:`Game` shown (read it freely; after changing it directly, call
        :meth:`refresh`)."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"game takes a Game, not {type(game).__name__}")
        self._game = game
        self._lines.clear()
        self._publish(kind="new", message=f"{game.rules.title}: a new game")

    def refresh(self) -> None:
        """Republish the game (after changing :attr:`game` directly)."""
        self._publish(kind="refresh")

    # -- the Python API (mirrors Game) ---------------------------------------------------
    def play(self, move: Move | str) -> Move:
        """Play a move (``Move`` or notation such as ``"7H w>c2"``, ``"turn"``).  An illegal
        move raises :class:`IllegalMoveError`; the refusal is also shown on the board."""
        try:
            m = self._game.play(move)
        except ValueError as e:
            self._refuse(str(e))
            raise
        self._after_move(m, "move")
        return m

    def turn(self) -> Move:
        """Turn the next stock card onto the waste."""
        return self.play("turn")

    def undo(self) -> Move:
        try:
            m = self._game.undo()
        except IllegalMoveError as e:
            self._refuse(str(e))
            raise
        self._publish(kind="undo", move=m,
                      message=f"Took back: {describe_move(m, self._labels())}")
        return m

    def redo(self) -> Move:
        try:
            m = self._game.redo()
        except IllegalMoveError as e:
            self._refuse(str(e))
            raise
        self._publish(kind="redo", move=m,
                      message=f"Played again: {describe_move(m, self._labels())}")
        return m

    def restart(self) -> None:
        """Back to the deal (the moves can be redone)."""
        self._game.restart()
        self._publish(kind="restart", message="Back to the deal; redo replays the moves")

    def new_game(self, seed: int | None = None, variant: str | None = None,
                 **options: str) -> Game:
        """Deal a new game (a random seed if none; the current variant if none)."""
        variant = variant or self._game.rules.variant
        if not options and variant == self._game.rules.variant:
            options = dict(self._game.rules.option_values)
        game = Game.new(seed=seed, variant=variant, **options)
        self._game = game
        self._lines.clear()
        self._publish(kind="new", message=f"{game.rules.title}: new deal, seed {game.seed}")
        return game

    def deal_number(self, text: str, variant: str | None = None) -> Game:
        """Deal what the toolbar's "Deal #" box holds (:func:`~fourseasons_widget.deal.
        parse_deal_text`): a PySolFC number deals PySolFC's own game, ``rules="pysol"``
        (refused where PySolFC has no such game); ``"seed N"`` a seeded deal."""
        what, value = parse_deal_text(text)
        if what == "seed":
            return self.new_game(seed=value, variant=variant)
        game = Game.from_pysol(value, variant or self._game.rules.variant, rules="pysol")
        self._game = game
        self._lines.clear()
        self._publish(kind="new", message=f"{game.rules.title}: PySolFC deal #{game.pysol}")
        return game

    def hint(self, max_seconds: float | None = None) -> Hint:
        """Advice for the current position, from the solver (which sees the whole stock:
        perfect-information advice).  Says the game cannot be won only when that is proved."""
        g = self._game
        if g.state.is_won:
            h = Hint(None, "won", "The game is won: every card is home")
            self._say(h.text, "won")
            return h
        seconds = _seconds(max_seconds, "max_seconds", self.hint_seconds)
        labels = self._labels()
        line, verdict, nodes = self._solved_line(seconds, "hint")
        if verdict == "won" and line:
            m = line[0]
            text = (f"Hint (solver's perfect-information advice — it knows the order of the "
                    f"stock): {describe_move(m, labels)}; a win is {len(line)} moves away")
            h = Hint(m, "won", text)
        elif verdict == "lost":
            h = Hint(None, "lost", f"This position cannot be won: every line was searched "
                                   f"({nodes:,} positions)")
        else:
            m = self._useful_move()
            if m is None:
                h = Hint(None, "unknown", "No move is left")
            else:
                h = Hint(m, "unknown", f"No win found within {seconds:g}"
                                       f" s; a useful move: {describe_move(m, labels)}")
        self._hint = ({"move": [h.move.card, h.move.source, h.move.target], "verdict": h.verdict,
                       "text": h.text} if h.move else None)
        self._publish(kind="hint", message=h.text,
                      message_kind="lost" if h.verdict == "lost" else "hint", keep_hint=True)
        return h

    def auto_finish(self, max_seconds: float | None = None) -> int:
        """Move cards home while that is safe; returns how many moves were played.

        Safe means proved: either moving cards home and turning the stock is enough to win
        (then all of it is played), or each card sent home keeps a win the solver has proved.
        """
        g = self._game
        seconds = _seconds(max_seconds, "max_seconds", self.hint_seconds)
        if g.state.is_won:
            self._say("The game is won already", "won")
            return 0
        run = _home_run(g)
        played: list[Move] = []
        if run is not None:
            for m in run:
                played.append(g.play(m))
        else:
            while True:
                line, verdict, _ = self._solved_line(seconds, "auto_finish")
                if verdict != "won" or not line or not line[0].target.startswith("foundation"):
                    break
                played.append(g.play(line[0]))
        if not played:
            self._say("Auto-finish sends cards home only while a win stays proved; from here "
                      "the next move home is not proved safe — play on by hand", "refusal")
            return 0
        self._publish(kind="auto", move=played[-1],
                      message=f"Auto-finish: {len(played)} move{'s' * (len(played) != 1)} "
                              f"played, {g.state.cards_home} cards home")
        return len(played)

    def solve(self, max_seconds: float | None = None):
        """Solve the current position and publish the line for replay in the browser
        (``replay`` trait).  Returns the solver's result."""
        from .search.solver import solve

        g = self._game
        seconds = _seconds(max_seconds, "max_seconds", self.solve_seconds)
        with self._busy("solve"):
            result = solve(g, max_seconds=seconds)
        if result.verdict == "won":
            self._store_line(g.state, result.moves)
            self._publish_line(result.moves, nodes=result.nodes, seconds=result.seconds)
            self._say(f"Solved: a win in {len(result.moves)} moves ({result.nodes:,} positions, "
                      f"{result.seconds:.2f} s) — perfect-information line; replay it below",
                      "hint")
        elif result.verdict == "lost":
            self.replay = {}
            self._say(f"This position cannot be won: every line was searched "
                      f"({result.nodes:,} positions)", "lost")
        else:
            self.replay = {}
            self._say(f"No win found within {seconds:g} s ({result.nodes:,} positions searched); "
                      "the position may still be winnable", "info")
        return result

    def analyse(self, wait: bool = True):
        """Where did I go wrong?  Analyse the game as played (the moves played and those redo
        would replay) in a worker thread, and show the move list with the turning point on the
        board.  Returns the :class:`~fourseasons_widget.analysis.Analysis` (``wait=False``:
        ``None`` at once, the board shows the result when it comes)."""
        return self._review.start(wait=wait)

    def review(self, ply: int | None = None) -> None:
        """Rewind the board to ``ply`` of the analysed game (default: the turning point) and
        highlight the move played there and the move that would have won; redo returns."""
        a = self._review.analysis
        if ply is None and a is not None:
            ply = a.turning_point
        self._review.go_to(ply)

    def replay_line(self, moves: Iterable[Move | str], message: str | None = None) -> None:
        """Publish a line of moves from the current position (a search result's path, say) for
        replay in the browser, as :meth:`solve` does with the solver's line.  Every move is
        checked first; an illegal one raises ``IllegalMoveError`` and nothing is published."""
        probe = self._game.copy()
        line = [probe.play(m) for m in moves]
        self._publish_line(line)
        self._say(message or f"A line of {len(line)} moves; replay it below", "hint")

    def _publish_line(self, moves: list[Move], *, nodes: int | None = None,
                      seconds: float | None = None) -> None:
        g = self._game
        frames = [position_snapshot(g.rules, g.state)]
        probe = g.copy()
        for m in moves:
            probe.play(m)
            frames.append(position_snapshot(g.rules, probe.state))
        labels = self._labels()
        self.replay = {
            "version": self._version,
            "ply": g.ply,
            "verdict": "won" if probe.state.is_won else "line",
            "nodes": nodes,
            "seconds": None if seconds is None else round(seconds, 3),
            "moves": [[m.card, m.source, m.target, describe_move(m, labels)] for m in moves],
            "frames": frames,
        }

    # -- intents from the front end ------------------------------------------------------
    def handle_intent(self, content: Any) -> bool:
        """Validate and apply one intent (a dict from the front end).  Returns ``True`` when it
        was applied; a refused intent changes nothing, sets :attr:`message` to the reason and
        sends ``{"type": "refused", "reason": ...}`` back to the views."""
        try:
            self._in_intent = True
            kind = self._check_intent(content)
            self._apply_intent(kind, content)
        except (IntentError, ValueError) as e:
            self._in_intent = False
            reason = safe_text(str(e) or "refused")
            self._say(reason, "refusal")
            kind = content.get("type") if isinstance(content, dict) else None
            # (the intent's type is echoed only when it is one: never outside input)
            self.send({"type": "refused", "reason": reason,
                       "intent": kind if isinstance(kind, str) and kind in INTENTS else None})
            return False
        finally:
            self._in_intent = False
        return True

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        with self._last_resort("intent"):
            self.handle_intent(content)

    # -- everything else from the front end ----------------------------------------------
    def _handle_msg(self, msg: Any) -> None:
        """Every message from the front end arrives here (ipywidgets calls it for the comm).
        The same dispatch as ``ipywidgets.Widget._handle_msg`` (state updates, state
        requests, custom messages), with every part checked and nothing raised: a malformed
        message is refused and logged, never a traceback in the notebook."""
        with self._last_resort("message"):
            content = msg.get("content") if isinstance(msg, dict) else None
            data = content.get("data") if isinstance(content, dict) else None
            method = data.get("method") if isinstance(data, dict) else None
            if method == "update" and isinstance(data.get("state"), dict):
                if data.get("buffer_paths"):  # no trait of this widget is binary
                    raise IntentError("refused: this widget takes no binary state")
                self.set_state(data["state"])
            elif method == "request_state":
                self.send_state()
            elif method == "custom" and "content" in data:
                buffers = msg.get("buffers")
                self._handle_custom_msg(data["content"], buffers if isinstance(buffers, list)
                                        else [])
            else:
                raise IntentError(f"refused: a message from the front end with method "
                                  f"{quote(method)}")

    def set_state(self, sync_data: Any) -> None:
        """A state update from a front end.  Only :data:`FRONTEND_WRITABLE` traits are set
        (with a value of their type); for every other name, Python's value is sent back, so
        each view shows Python's truth again (``board``, ``status``, ``ply``, ``seed``...:
        Python publishes them; the front end sends intents)."""
        accepted, refused = frontend_update(sync_data, FRONTEND_WRITABLE)
        if accepted:
            super().set_state(accepted)
        if refused:
            names = [n for n in refused if n in self.keys]
            if names:
                self.send_state(names)
            self._say(safe_text(f"Refused: the front end may not set {', '.join(refused[:5])}"
                                + (" …" if len(refused) > 5 else "")), "refusal")

    @contextlib.contextmanager
    def _last_resort(self, what: str) -> Iterator[None]:
        """Nothing from the front end raises into the notebook: anything unexpected is
        logged, said as a bounded refusal, and Python's state republished."""
        try:
            yield
        except ValueError as e:  # a refusal (IntentError, IllegalMoveError...): said, logged
            reason = safe_text(str(e) or "refused", 200)
            self.log.info("%s", reason)
            self._say(reason, "refusal")
        except Exception as e:  # the last resort: not expected, so Python's state is re-sent
            reason = safe_text(f"refused: an unexpected error while handling a {what} from the "
                               f"front end ({type(e).__name__}: {quote(str(e), 80)})", 200)
            self.log.warning("%s", reason)
            try:
                self._in_intent = False
                self._publish(kind="refresh", message=reason, message_kind="refusal")
            except Exception:  # (publishing itself failed: the warning above says why)
                self.log.warning("could not republish the board after: %s", reason)

    def _check_intent(self, content: Any) -> str:
        if not isinstance(content, dict):
            raise IntentError("refused: an intent is an object with a 'type'")
        kind = content.get("type")
        if not isinstance(kind, str) or kind not in INTENTS:
            shown = quote(kind) if kind is not None else "missing"
            raise IntentError(f"refused: unknown intent type {shown}")
        for key, value in content.items():
            if key not in INTENT_FIELDS:
                raise IntentError(f"refused: an intent has no field {quote(key, 20)}")
            if isinstance(value, str) and len(value) > MAX_TEXT:
                raise IntentError(f"refused: the {quote(key, 20)} field is too long")
            if not (value is None or isinstance(value, str | bool | float) or is_int(value)):
                raise IntentError(f"refused: the {quote(key, 20)} field must be a plain value")
        if kind in VERSIONED:
            ply = content.get("ply")
            if not isinstance(ply, int) or isinstance(ply, bool):
                raise IntentError(f"refused: a {kind} intent must carry the position's ply")
            version = content.get("version")
            if not is_int(version):
                raise IntentError(f"refused: a {kind} intent must carry the position's version "
                                  "(an integer)")
            if ply != self._game.ply or version != self._version:
                raise IntentError(
                    f"refused: that {kind} was meant for an earlier position (ply {quote(ply)}, "
                    f"version {quote(version)}); the board has changed since (now ply "
                    f"{self._game.ply}, version {self._version}) — nothing was done")
        return kind

    def _apply_intent(self, kind: str, c: dict[str, Any]) -> None:
        if kind == "move":
            card, source, target = c.get("card"), c.get("source"), c.get("target")
            if not isinstance(source, str) or not isinstance(target, str):
                raise IntentError("refused: a move names its source and target piles")
            if source == "stock":
                # The stock card is face down: a view never knows it, so it names none, and
                # whether a named card is the next one is never said (nor played on).
                if card is not None:
                    raise IntentError("refused: the stock card is face down; a move from the "
                                      "stock names no card")
                if self._game.state.stock:
                    card = _code(self._game.state.stock[0])
            if not isinstance(card, str):
                raise IntentError("refused: a move names its card, like '7H'")
            self.play(Move(card, source, target))
        elif kind == "turn":
            self.play("turn")
        elif kind == "undo":
            self.undo()
        elif kind == "redo":
            self.redo()
        elif kind == "restart":
            if not self._game.ply:
                raise IllegalMoveError("this is the deal already: nothing to restart")
            self.restart()
        elif kind == "hint":
            self.hint()
        elif kind == "auto_finish":
            self.auto_finish()
        elif kind == "solve":
            self.solve()
        elif kind == "analyse":
            self._review.start(longer=c.get("longer") is True)
        elif kind == "analysis_stop":
            self._review.cancel()
        elif kind == "review":
            self._review.go_to(c.get("at"))
        elif kind == "new_game":
            seed, variant = c.get("seed"), c.get("variant")
            if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                                     or not 0 <= seed < 2**53):
                raise IntentError("refused: a seed is a whole number from 0 to 2^53")
            if variant is not None and (not isinstance(variant, str) or variant not in VARIANTS):
                raise IntentError(f"refused: unknown variant {quote(variant)}")
            self.new_game(seed=seed, variant=variant)
        elif kind == "deal_number":
            variant = c.get("variant")
            if variant is not None and (not isinstance(variant, str) or variant not in VARIANTS):
                raise IntentError(f"refused: unknown variant {str(variant)[:MAX_TEXT]!r}")
            self.deal_number(c.get("text"), variant)

    # -- publishing ----------------------------------------------------------------------
    def _labels(self) -> dict[str, str]:
        return pile_labels(self._game.rules)

    def _after_move(self, m: Move, kind: str) -> None:
        text = describe_move(m, self._labels())
        text = text[0].upper() + text[1:]
        self._publish(kind=kind, move=m, message=text)

    def _publish(self, kind: str = "refresh", move: Move | None = None, message: str | None = None,
                 message_kind: str | None = None, keep_hint: bool = False) -> None:
        g = self._game
        rules, s = g.rules, g.state
        if kind != "hint":
            self._version += 1
        if not keep_hint:
            self._hint = None
        status = g.status
        hidden = {"stock"}  # the stock is face down: its card is not published
        legal = [[None if m.source in hidden else m.card, m.source, m.target]
                 for m in g.legal_moves()]
        snap = position_snapshot(rules, s)
        board = {
            **snap,
            "variant": rules.variant,
            "title": rules.title,
            "summary": rules.summary,
            "layout": rules.layout,
            "pile_kind": rules.pile_kind,
            "pile_names": rules.pile_names,
            "pile_labels": self._labels(),
            "options": rules.option_values,
            "base": RANK_LABELS[s.base] if s.bases is None else "per suit",
            "base_rank": s.base if s.bases is None else None,
            # the suit each corner takes where the rules fix it (PySolFC), else None
            "corner_suits": (None if rules.corner_suits is None
                             else [SUITS[x] for x in rules.corner_suits]),
            "ply": g.ply,
            "version": self._version,
            "status": status,
            "legal": legal,
            "can_undo": g.can_undo,
            "can_redo": g.can_redo,
            "can_auto_finish": status == "playing" and _home_run(g) is not None,
            "seed": g.seed,
            "pysol": g.pysol,
            "hint": self._hint,
            "last": ({"kind": kind, "move": [move.card, move.source, move.target]}
                     if move is not None else {"kind": kind, "move": None}),
        }
        with self.hold_sync():
            self._syncing = True
            try:
                if kind != "hint" and self.replay and self.replay.get("version") != self._version:
                    self.replay = {}
                self.board = board
                self.ply = g.ply
                self.status = status
                self.variant = rules.variant
                self.seed = g.seed
            finally:
                self._syncing = False
            if status == "won":
                self._say("Won! The cross has vanished: all 52 cards are home", "won")
            elif status == "lost":
                self._say((message + ". " if message else "")
                          + "No sequence of moves can win from here (proved) — undo, or deal "
                            "again", "lost")
            elif message is not None:
                self._say(message, message_kind or ("move" if move is not None else "info"))
        self._review.sync(kind, status)

    def _refuse(self, reason: str) -> None:
        # a refusal met while handling an intent is said once, by handle_intent
        if not self._in_intent:
            self._say(reason, "refusal")

    def _say(self, text: str, kind: str = "info") -> None:
        with self.hold_sync():
            self.message = safe_text(text)
            self.message_kind = kind
            self.message_serial += 1

    @contextlib.contextmanager
    def _busy(self, what: str) -> Iterator[None]:
        self.busy = what  # sent at once, before the search: the views show what is going on
        try:
            yield
        finally:
            self.busy = ""

    # -- the solver, with the lines it found kept for later hints ------------------------
    def _store_line(self, start: State, moves: list[Move]) -> None:
        if len(self._lines) > 5000:
            self._lines.clear()
        probe = Game(start, self._game.rules)
        for i, m in enumerate(moves):
            self._lines[probe.state] = moves[i:]
            probe.play(m)

    def _solved_line(self, max_seconds: float, what: str) -> tuple[list[Move], str, int]:
        s = self._game.state
        line = self._lines.get(s)
        if line is not None:
            return line, "won", 0
        from .search.solver import solve

        with self._busy(what):
            result = solve(self._game, max_seconds=max_seconds)
        if result.verdict == "won":
            self._store_line(s, result.moves)
        return result.moves, result.verdict, result.nodes

    def _useful_move(self) -> Move | None:
        """A legal move that does something: home first, then building or filling from the
        waste, then a pile move that empties a pile, then turning the stock."""
        moves = self._game.legal_moves()
        if not moves:
            return None

        def score(m: Move) -> int:
            if m.target.startswith("foundation"):
                return 0
            if m.source == "waste":
                return 1
            if m.source == "stock":
                return 3
            return 2

        return min(moves, key=score)

    # -- Python-side trait changes -------------------------------------------------------
    @traitlets.observe("variant")
    def _variant_changed(self, change: dict[str, Any]) -> None:
        if self._syncing or change["new"] == self._game.rules.variant:
            return
        if change["new"] not in VARIANTS:
            self._syncing = True
            self.variant = change["old"]
            self._syncing = False
            raise RulesError(f"unknown variant {quote(change['new'])}; choose one of "
                             f"{', '.join(VARIANTS)}")
        self.new_game(seed=self._game.seed, variant=change["new"])

    @traitlets.observe("seed")
    def _seed_changed(self, change: dict[str, Any]) -> None:
        if self._syncing or change["new"] is None or change["new"] == self._game.seed:
            return
        try:
            self.new_game(seed=change["new"])
        except ValueError:  # (a seed Game.new refuses: the trait shows the game's own again)
            self._syncing = True
            try:
                self.seed = self._game.seed
            finally:
                self._syncing = False
            raise

    def __repr__(self) -> str:
        return f"<FourSeasons {self._game!r}>"


__all__ = ["FourSeasons", "Hint", "IntentError", "describe_move", "pile_labels",
           "position_snapshot"]
