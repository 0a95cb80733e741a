"""``Game``: a position with history, notation, status and save/load.

>>> g = Game.from_pysol(1)
>>> g.state.base, g.status
(10, 'playing')
>>> m = g.play("turn")
>>> str(m)
'7C s>w'
>>> g.undo() == m
True
"""

from __future__ import annotations

import functools
import html
import json
import random
import re
from collections.abc import Iterable
from typing import Any

from ..validate import check_origin, check_position, is_int, quote, quote_error
from .cards import (
    CODES,
    RANK_LABELS,
    SUIT_SYMBOLS,
    SUITS,
    CardError,
    card_label,
    card_name,
    format_cards,
    parse_card,
    parse_deck,
    parse_rank,
)
from .deal import parse_pysol_number, pysol_deck, shuffled_deck
from .rules import VARIANTS, IllegalMoveError, Rules, RulesError, get_rules
from .state import FOUNDATION, STOCK, WASTE, Move, RawMove, State, expand

SAVE_FORMAT = "fourseasons-widget/game"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 2_000_000
MAX_MOVES = 20_000
#: a new deal without a seed gets one from 1 to this: short, to read and type again (PySolFC
#: numbers its deals 1 to 1,000,000 the same way)
NEW_SEEDS = 1_000_000

#: the model's own proof of a loss looks at most this far: from this many stock cards down,
#: whether any move can still change more than the arrangement of the cross
LATE_STOCK = 5
STUCK_LIMIT = 5_000


class SaveFileError(ValueError):
    """A save file that cannot be loaded: corrupt, truncated, of a future version or crafted."""


def _not_json(name: str) -> Any:
    # Python's json reads NaN and Infinity; JSON has no such numbers, and no save holds them
    raise SaveFileError(f"save file holds {name}, which is not JSON")


def _only_rearranging(rules: Rules, state: State) -> bool:
    """True when the stock is empty and no sequence of moves can do anything but rearrange the
    tableau: from every tableau arrangement reachable by tableau-to-tableau moves, no card can
    go home or leave the waste.  Then the cards home can never change, so the game is lost.
    (The arrangements reachable this way are few; the walk is capped.)"""
    if state.stock:
        return False
    seen = {state.key()}
    todo = [state]
    while todo:
        s = todo.pop()
        for m in rules.engine.moves(s):
            src, dst, _ = m
            if dst >= FOUNDATION or src in (WASTE, STOCK):
                return False
            t = rules.engine.apply(s, m)
            k = t.key()
            if k not in seen:
                if len(seen) >= STUCK_LIMIT:
                    return False  # too many to tell cheaply
                seen.add(k)
                todo.append(t)
    return True


def set_loss_prover(prover):
    """Deprecated: the model knows no solver any more; the board's table proves late losses
    (:func:`fourseasons_widget.table.losses.set_prover`, which this forwards to for one
    release)."""
    import importlib
    import warnings

    warnings.warn("set_loss_prover has moved to fourseasons_widget.table.losses.set_prover "
                  "(the model knows no solver: the board's table proves late losses); the old "
                  "name goes in the next release", DeprecationWarning, stacklevel=2)
    # (by name: the model imports nothing of the table)
    return importlib.import_module("fourseasons_widget.table.losses").set_prover(prover)


@functools.lru_cache(maxsize=4096)
def position_status(rules: Rules, state: State) -> str:
    """``"won"``, ``"lost"`` (proved: no sequence of moves wins) or ``"playing"``, from what
    the model itself can see: "lost" when no move is legal, or when, with at most
    :data:`LATE_STOCK` cards left in the stock, no move can ever change anything but the
    arrangement of the tableau.  A loss that needs a search is the solver's to prove (the
    board asks it: :mod:`fourseasons_widget.table.losses`), and recorded in the game
    (:meth:`Game.record_lost`).
    """
    if state.is_won:
        return "won"
    if not rules.engine.moves(state):
        return "lost"
    if len(state.stock) > LATE_STOCK:
        return "playing"
    if _only_rearranging(rules, state):
        return "lost"
    return "playing"


class Game:
    """A game of Four Seasons (or a variant): the position, the moves played, undo and redo.

    Make one with :meth:`new` (a seeded shuffle), :meth:`from_deck`, :meth:`from_pysol` or
    :meth:`from_json`.
    """

    def __init__(self, state: State, rules: Rules | str = "standard", *,
                 seed: int | None = None, deck: tuple[int, ...] | None = None,
                 pysol: int | str | None = None) -> None:
        self.rules = rules if isinstance(rules, Rules) else get_rules(rules)
        validate_state(self.rules, state)
        check_origin(seed, pysol, None)  # (a save's deck is checked against them on loading)
        self._start = state
        self._states: list[State] = [state]
        self._moves: list[Move] = []
        self._redo: list[Move] = []
        # per move (and per move to redo): did it follow the move before it by itself (the
        # board's auto-move)?  Undo and redo step over such a group as one.
        self._auto: list[bool] = []
        self._redo_auto: list[bool] = []
        # positions some search proved lost (every position reached from one is lost too)
        self._proved_lost: set[State] = set()
        self.seed = seed
        self.deck = deck
        self.pysol = pysol

    # -- making games --------------------------------------------------------------------
    @classmethod
    def new(cls, seed: int | None = None, variant: str | Rules = "standard",
            **options: str) -> Game:
        """A new deal, reproducible from ``seed`` (a random seed is picked and kept if none:
        a short one, from 1 to :data:`NEW_SEEDS`, that a player can read and type again, as
        PySolFC's deal numbers; any seed below ``2**63`` still deals, an old long one too)."""
        rules = get_rules(variant, **options)
        if seed is None:
            seed = random.SystemRandom().randrange(1, NEW_SEEDS + 1)
        if not is_int(seed) or not 0 <= seed < 2**63:
            raise ValueError(f"a seed is a non-negative integer below 2**63, not {quote(seed)}")
        deck = shuffled_deck(seed)
        return cls(rules.deal_deck(deck), rules, seed=seed, deck=deck)

    @classmethod
    def from_deck(cls, deck: str | Iterable[Any], variant: str | Rules = "standard",
                  **options: str) -> Game:
        """A game from an explicit deck, ``deck[0]`` dealt first (see ``notebooks/sources.md``, the deal order)."""
        rules = get_rules(variant, **options)
        cards = parse_deck(deck)
        return cls(rules.deal_deck(cards), rules, deck=cards)

    @classmethod
    def from_pysol(cls, number: int | str, variant: str | Rules = "standard",
                   **options: str) -> Game:
        """PySolFC's deal ``number`` (``123``, ``"123"`` or an "ms" number, ``"ms123"``) of
        Four Seasons, Czarina, Corners or Simplicity.

        With ``rules="pysol"`` the game is PySolFC's own, card for card and rule for rule.
        With the model's rules the cards lie where PySolFC deals them, but PySolFC's first
        waste card is still the first stock card (``play("turn")`` reaches PySolFC's opening
        position), and a base card goes to any empty corner.  A variant or rules PySolFC
        cannot deal (moving sequences, Dick 1883, the model's Corners) raise ``ValueError``.
        """
        plain = variant if isinstance(variant, Rules) else VARIANTS.get(variant)
        if plain is not None and options.get("rules") == "pysol" and \
                "rules" not in dict(plain.options):
            raise RulesError(f"PySolFC deal numbers cannot be dealt in {plain.title}: PySolFC "
                             "has no such game")
        rules = get_rules(variant, **options)
        if rules.pysol_rows is None:
            hint = ("; PySolFC's own Corners is variant='corners', rules='pysol'"
                    if "rules" in dict(rules.options) else "")
            raise RulesError(f"PySolFC deal numbers cannot be dealt in {rules.title}: PySolFC "
                             f"has no such game, or deals it otherwise{hint}")
        number = parse_pysol_number(number)
        deck = pysol_deck(number, rules.pysol_rows, base=rules.deal == "cross")
        return cls(rules.deal_deck(deck), rules, deck=deck, pysol=number)

    def copy(self) -> Game:
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g._states = list(self._states)
        g._moves = list(self._moves)
        g._redo = list(self._redo)
        g._auto = list(self._auto)
        g._redo_auto = list(self._redo_auto)
        g._proved_lost = set(self._proved_lost)
        return g

    # -- reading the position ------------------------------------------------------------
    @property
    def state(self) -> State:
        """The current position (immutable, hashable)."""
        return self._states[-1]

    @property
    def start(self) -> State:
        return self._start

    @property
    def variant(self) -> str:
        return self.rules.variant

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves played, oldest first."""
        return tuple(self._moves)

    @property
    def positions(self) -> tuple[State, ...]:
        """The positions of the game so far, the deal first: ``positions[i]`` is the position
        before ``history[i]``, ``positions[-1]`` the current one."""
        return tuple(self._states)

    @property
    def redo_line(self) -> tuple[Move, ...]:
        """The moves taken back that :meth:`redo` would play again, the next one first."""
        return tuple(reversed(self._redo))

    @property
    def ply(self) -> int:
        return len(self._moves)

    @property
    def automatic(self) -> tuple[bool, ...]:
        """Per move of :attr:`history`: ``True`` when it followed the move before it by itself
        (played with ``auto=True``: the board's auto-move)."""
        return tuple(self._auto)

    @property
    def can_undo(self) -> bool:
        return bool(self._moves)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def status(self) -> str:
        """``"playing"``, ``"won"`` or ``"lost"`` (said only when proved: no line wins)."""
        if self.state in self._proved_lost:
            return "lost"
        return position_status(self.rules, self.state)

    def record_lost(self, state: State) -> None:
        """Keep a search's proof that ``state`` cannot be won (a search that exhausted every
        line from it), so that :attr:`status` says "lost" there and in every position reached
        from it — at once, and for good."""
        self._proved_lost.add(state)
        for i, s in enumerate(self._states):
            if s == state:
                self._proved_lost.update(self._states[i:])
                break

    def is_over(self) -> bool:
        return self.status != "playing"

    def legal_moves(self) -> list[Move]:
        s = self.state
        to_move = self.rules.engine.to_move
        return [to_move(s, m) for m in self.rules.engine.moves(s)]

    def is_legal(self, move: Move | str) -> bool:
        try:
            self._resolve(move)
        except ValueError:
            return False
        return True

    # -- playing -------------------------------------------------------------------------
    def play(self, move: Move | str, *, auto: bool = False) -> Move:
        """Play a move (a :class:`Move` or notation such as ``"7H w>c2"``, ``"7H>f"``,
        ``"turn"``); returns the Move.  An illegal move raises :class:`IllegalMoveError`
        (a ``ValueError``) naming the rule, and the game is unchanged.

        ``auto=True`` marks a move that follows the previous one by itself (a card the board
        sent home): :meth:`undo` takes it back together with the move it followed."""
        m, raw = self._resolve(move)
        self._push(m, raw, auto and bool(self._moves))
        self._redo.clear()
        self._redo_auto.clear()
        return m

    def _push(self, m: Move, raw: RawMove, auto: bool = False) -> None:
        if len(self._moves) >= MAX_MOVES:
            raise IllegalMoveError(f"a game holds at most {MAX_MOVES} moves")
        before = self.state
        self._states.append(self.rules.engine.apply(before, raw))
        self._moves.append(m)
        self._auto.append(auto)
        if before in self._proved_lost:
            self._proved_lost.add(self.state)

    def undo(self) -> Move:
        """Take back the last move, with the moves that followed it by themselves (played with
        ``auto=True``); returns the move taken back first in the game's order (the player's).
        ``IllegalMoveError`` if there is none."""
        if not self._moves:
            raise IllegalMoveError("nothing to undo")
        while True:
            self._states.pop()
            m = self._moves.pop()
            auto = self._auto.pop()
            self._redo.append(m)
            self._redo_auto.append(auto)
            if not auto or not self._moves:
                return m

    def redo(self) -> Move:
        """Play again the last move taken back (with the moves that followed it by
        themselves); returns it."""
        if not self._redo:
            raise IllegalMoveError("nothing to redo")
        first = None
        while self._redo and (first is None or self._redo_auto[-1]):
            m = self._redo[-1]
            raw = self.rules.engine.from_move(self.state, m)
            self._push(m, raw, self._redo_auto[-1] and first is not None)
            self._redo.pop()
            self._redo_auto.pop()
            first = first or m
        return first

    @property
    def last_group(self) -> tuple[Move, ...]:
        """The last move and the moves that followed it by themselves (what :meth:`undo` would
        take back), oldest first."""
        i = len(self._moves)
        while i > 1 and self._auto[i - 1]:
            i -= 1
        return tuple(self._moves[max(0, i - 1):])

    def restart(self) -> None:
        """Back to the deal; the moves can be redone."""
        while self._moves:
            self.undo()

    def _resolve(self, move: Move | str) -> tuple[Move, RawMove]:
        if self.state.is_won:
            raise IllegalMoveError("the game is won: every card is home")
        if isinstance(move, str):
            move = self.parse_move(move)
        if not isinstance(move, Move):
            raise IllegalMoveError(f"a move is a Move or a string like '7H w>c2', not {quote(move)}")
        raw = self.rules.engine.from_move(self.state, move)
        # the history holds the move as the engine names it ("7h" or "10H" read as "7H", "TH")
        return self.rules.engine.to_move(self.state, raw), raw

    def parse_move(self, text: str) -> Move:
        """Read move notation against the current position.

        Accepted: ``"7H w>c2"`` / ``"7H waste>cross:2"`` (full), ``"7H>c2"`` or ``"7H c2"``
        (source found), ``"7H>f"`` / ``"7H home"`` (to its foundation), ``"turn"`` (or ``"s"``).
        """
        if not isinstance(text, str):
            raise IllegalMoveError(f"a move is a string like '7H w>c2', not {quote(text)}")
        t = text.strip()
        if len(t) > 60:
            raise IllegalMoveError("that move text is too long to be a move")
        s = self.state
        low = t.lower()
        if low in ("turn", "t", "s", "stock", "deal", "s>w", "stock>waste", "redeal"):
            if not s.stock:
                if s.waste and self.rules.redeals and low in ("turn", "t", "s", "stock",
                                                              "redeal"):
                    return Move(CODES[s.waste[-1]], "waste", "stock")  # a redeal, if one is left
                raise IllegalMoveError("the stock is empty")
            if low == "redeal":
                raise IllegalMoveError("a redeal turns the waste back only once the stock is "
                                       "empty")
            return Move(CODES[s.stock[0]], "stock", "waste")
        m = re.fullmatch(r"(\S+?)\s*(?:\s(\S+?)\s*)?(?:(?:>|->|→|\s)\s*(\S+))?", t)
        if not m or not m.group(1):
            raise IllegalMoveError(f"cannot read move {quote(t)}: expected e.g. '7H w>c2' or 'turn'")
        try:
            card = parse_card(m.group(1))
        except CardError as e:
            raise IllegalMoveError(f"cannot read move {quote(t)}: {e}") from None
        src_text, dst_text = m.group(2), m.group(3)
        if dst_text is None and src_text is not None:
            src_text, dst_text = None, src_text
        if dst_text is None:
            raise IllegalMoveError(f"cannot read move {quote(t)}: where does {card_label(card)} go?")
        if src_text is not None and ">" in src_text:
            src_text, _, rest = src_text.partition(">")
            dst_text = rest or dst_text
        try:
            source = expand(src_text) if src_text else self._where(card)
            if dst_text.lower() in ("f", "home", "foundation", "h"):
                target = self._home_for(card)
            else:
                target = expand(dst_text)
        except IllegalMoveError:
            raise
        except ValueError as e:
            raise IllegalMoveError(str(e)) from None
        return Move(CODES[card], source, target)

    def _where(self, card: int) -> str:
        s = self.state
        if s.waste and s.waste[-1] == card:
            return "waste"
        for i, p in enumerate(s.piles):
            if card in p:
                return self.rules.pile_name(i)
        if card in s.waste:
            raise IllegalMoveError(f"{card_label(card)} is in the waste, under {card_label(s.waste[-1])}")
        if card in s.stock:
            # (the same words for the next stock card: which card that is stays face down)
            raise IllegalMoveError(f"{card_label(card)} is still in the stock, face down: turn "
                                   "it first")
        raise IllegalMoveError(f"{card_label(card)} is already home")

    def _home_for(self, card: int) -> str:
        s = self.state
        suit = card & 3
        if s.home[suit]:
            return f"foundation:{s.corners.index(suit)}"
        if self.rules.corner_suits is not None:
            return f"foundation:{self.rules.corner_suits.index(suit)}"
        if -1 in s.corners:
            return f"foundation:{s.corners.index(-1)}"
        return "foundation:0"

    def explain(self, move: Move | str) -> str | None:
        """Why a move is refused, or ``None`` if it is legal."""
        try:
            self._resolve(move)
        except ValueError as e:
            return str(e)
        return None

    # -- saving --------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "variant": self.rules.variant,
            "options": self.rules.option_values,
            "seed": self.seed,
            "pysol": self.pysol,
            "deck": format_cards(self.deck) if self.deck is not None else None,
            "start": state_to_dict(self._start),
            "moves": [str(m) for m in self._moves],
            "redo": [str(m) for m in reversed(self._redo)],
            # (optional in version 1: older files have no automatic moves)
            **({"auto": [i for i, a in enumerate(self._auto) if a]} if any(self._auto) else {}),
            **({"redo_auto": [i for i, a in enumerate(reversed(self._redo_auto)) if a]}
               if any(self._redo_auto) else {}),
        }

    def to_json(self, **kw: Any) -> str:
        """The game as JSON (a versioned format; see :meth:`from_json`)."""
        return json.dumps(self.to_dict(), **kw)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a saved game.  Every field is checked; anything wrong raises
        :class:`SaveFileError` (a ``ValueError``) naming the problem.  Only JSON is read: no
        ``eval``, no ``pickle``."""
        if isinstance(text, bytes | bytearray):
            if len(text) > MAX_SAVE_BYTES:
                raise SaveFileError("save file too large")
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError:
                raise SaveFileError("save file is not UTF-8 text") from None
        if not isinstance(text, str):
            raise SaveFileError("a save file is JSON text")
        if len(text) > MAX_SAVE_BYTES:
            raise SaveFileError("save file too large")
        try:
            data = json.loads(text, parse_constant=_not_json)
        except SaveFileError:
            raise
        except (json.JSONDecodeError, RecursionError) as e:
            raise SaveFileError(f"save file is not valid JSON (corrupt or truncated?): {e}"[:200]) from None
        except ValueError:
            # (Python refuses to read an integer of more than 4,300 digits)
            raise SaveFileError("save file holds a number too long to read") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        if not isinstance(data, dict):
            raise SaveFileError("a save file holds a JSON object")
        if data.get("format") != SAVE_FORMAT:
            raise SaveFileError(f"not a Four Seasons save file (format {quote(data.get('format'))})")
        version = data.get("version")
        if not is_int(version) or version < 1:
            raise SaveFileError("save file version is missing or not a positive integer")
        if version > SAVE_VERSION:
            raise SaveFileError(f"save file version {quote(version)} is newer than this library "
                                f"reads ({SAVE_VERSION}); upgrade fourseasons-widget")
        variant = data.get("variant")
        options = data.get("options")
        options = {} if options is None else options
        if not isinstance(options, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in options.items()):
            raise SaveFileError("save file options must map names to strings")
        try:
            base_rules = get_rules(variant)
            for name in options:  # (checked first: a key such as "variant" is no option)
                if name not in dict(base_rules.options) and name != "autodeal":
                    raise RulesError(f"unknown option {quote(name, 30)} for {base_rules.variant}")
            rules = get_rules(base_rules, **options)
        except ValueError as e:
            raise SaveFileError(f"save file: {e}") from None
        seed, pysol = data.get("seed"), data.get("pysol")
        try:
            check_origin(seed, pysol, None)
        except ValueError as e:
            raise SaveFileError(f"save file: {e}") from None
        deck = None
        if data.get("deck") is not None:
            try:
                deck = parse_deck(data["deck"]) if isinstance(data["deck"], str) else None
            except CardError as e:
                raise SaveFileError(f"save file deck: {e}") from None
            if deck is None:
                raise SaveFileError("save file deck must be a string of card codes")
        try:
            start = state_from_dict(rules, data.get("start"))
        except ValueError as e:
            raise SaveFileError(f"save file start position: {e}") from None
        if deck is not None and rules.deal_deck(deck) != start:
            raise SaveFileError("save file deck and start position disagree")
        try:
            check_origin(seed, pysol, deck, rules)
        except ValueError as e:
            raise SaveFileError(f"save file: {e}") from None
        game = cls(start, rules, seed=seed, deck=deck, pysol=pysol)
        for key in ("moves", "redo"):
            seq = data.get(key, [])
            if not isinstance(seq, list) or len(seq) > MAX_MOVES or not all(isinstance(x, str) for x in seq):
                raise SaveFileError(f"save file {key} must be a list of move strings")
        for i, text in enumerate(data.get("moves", [])):
            try:
                game.play(Move.parse(text))
            except ValueError as e:
                raise SaveFileError(f"save file move {i + 1} ({quote(text, 30)}) is illegal: "
                                    f"{quote_error(e)}") from None
        # the redo list must replay from the end position, then is rewound
        redo = data.get("redo", [])
        probe = game.copy()
        for i, text in enumerate(redo):
            try:
                probe.play(Move.parse(text))
            except ValueError as e:
                raise SaveFileError(f"save file redo move {i + 1} ({quote(text, 30)}) is illegal: "
                                    f"{quote_error(e)}") from None
        game._redo = list(reversed(probe.history[game.ply:]))  # (as the engine names them)
        # automatic moves (optional): indices into moves / redo; never the first of a list
        for key, n in (("auto", len(game._moves)), ("redo_auto", len(redo))):
            marks = data.get(key, [])
            if not isinstance(marks, list) or not all(
                    isinstance(i, int) and not isinstance(i, bool) and 0 < i < n for i in marks):
                raise SaveFileError(f"save file {key} must list indices of automatic moves")
        auto = set(data.get("auto", []))
        game._auto = [i in auto for i in range(len(game._moves))]
        redo_auto = set(data.get("redo_auto", []))
        game._redo_auto = [i in redo_auto for i in reversed(range(len(redo)))]
        return game

    # -- showing -------------------------------------------------------------------------
    def __repr__(self) -> str:
        origin = (f"seed={self.seed}" if self.seed is not None
                  else f"pysol={self.pysol}" if self.pysol is not None else "custom")
        return (f"<Game {self.rules.variant} {origin} ply={self.ply} home={self.state.cards_home}"
                f" stock={len(self.state.stock)} {self.status}>")

    def __str__(self) -> str:
        return board_text(self.rules, self.state, status=self.status)

    def _repr_html_(self) -> str:
        return board_html(self.rules, self.state, status=self.status)


# ---------------------------------------------------------------------------------------------
# Positions to and from plain data, with validation


def state_to_dict(s: State) -> dict[str, Any]:
    return {
        "base": RANK_LABELS[s.base] if s.base != 9 else "T",
        "piles": [format_cards(p) for p in s.piles],
        "foundations": [None if s.corners[i] < 0 else f"{SUITS[s.corners[i]]}{s.home[s.corners[i]]}"
                        for i in range(4)],
        "stock": format_cards(s.stock),
        "waste": format_cards(s.waste),
        **({"bases": " ".join(RANK_LABELS[b] if b != 9 else "T" for b in s.bases)}
           if s.bases is not None else {}),
        **({"redeals": s.redeals} if s.redeals else {}),
    }


def _cards(text: Any, what: str) -> tuple[int, ...]:
    if not isinstance(text, str) or len(text) > 500:
        raise ValueError(f"{what} must be a string of card codes")
    return tuple(parse_card(c) for c in text.split())


def state_from_dict(rules: Rules, d: Any) -> State:
    """A position from :func:`state_to_dict`'s form; every rule of a reachable position is
    checked (52 cards once each, pile counts and shapes, foundations)."""
    if not isinstance(d, dict):
        raise ValueError("a position is a JSON object")
    base = parse_rank(d.get("base"))
    piles_raw = d.get("piles")
    if not isinstance(piles_raw, list) or len(piles_raw) != rules.n_piles:
        raise ValueError(f"{rules.title} has {rules.n_piles} tableau piles")
    piles = tuple(_cards(p, "a pile") for p in piles_raw)
    founds = d.get("foundations")
    if not isinstance(founds, list) or len(founds) != 4:
        raise ValueError("there are four foundations")
    home = [0, 0, 0, 0]
    corners = [-1, -1, -1, -1]
    for i, f in enumerate(founds):
        if f is None:
            continue
        m = re.fullmatch(r"([SHDC])([1-9][0-9]?)", f, re.ASCII) if isinstance(f, str) else None
        if not m or not 1 <= int(m.group(2)) <= 13:
            raise ValueError(f"foundation {i} must be null or a suit and a count, like 'H3'")
        suit = SUITS.index(m.group(1))
        if home[suit]:
            raise ValueError(f"two foundations take {SUIT_SYMBOLS[suit]}")
        home[suit] = int(m.group(2))
        corners[i] = suit
    bases = d.get("bases")
    if bases is not None:
        if not isinstance(bases, str) or len(bases) > 20 or len(bases.split()) != 4:
            raise ValueError("bases must be four ranks, one per suit (♠ ♥ ♦ ♣)")
        bases = tuple(parse_rank(b) for b in bases.split())
    redeals = d.get("redeals", 0)
    if not isinstance(redeals, int) or isinstance(redeals, bool) or not 0 <= redeals <= rules.redeals:
        raise ValueError(f"redeals must be a count from 0 to {rules.redeals}")
    state = State(piles, tuple(home), tuple(corners), _cards(d.get("stock"), "the stock"),
                  _cards(d.get("waste"), "the waste"), base, bases, redeals)
    validate_state(rules, state)
    return state


def validate_state(rules: Rules, s: State) -> None:
    """Raise ``ValueError`` naming the first way ``s`` is not a position the rules can reach
    (every invariant the engines and the solver rely on: see
    :func:`~fourseasons_widget.validate.check_position`)."""
    check_position(rules, s)


# ---------------------------------------------------------------------------------------------
# Text and HTML boards

_CROSS_CELLS = {3: (0, 1), 0: (1, 0), 1: (1, 1), 2: (1, 2), 4: (2, 1)}


def _pile_text(p: tuple[int, ...]) -> str:
    if not p:
        return "[ -- ]"
    depth = f"{len(p)}" if len(p) > 1 else " "
    return f"[{card_label(p[-1]):>3}]{depth}"


def _found_text(s: State, slot: int) -> str:
    suit = s.corners[slot]
    if suit < 0:
        return "( -- )"
    top = s.foundation_cards(slot)[-1]
    return f"({card_label(top):>3}){s.home[suit]}"


def _base_text(s: State) -> str:
    if s.bases is None:
        return f"base rank {RANK_LABELS[s.base]}"
    return "bases " + " ".join(card_label(s.foundation_cards(slot)[0]) for slot in range(4)
                               if s.corners[slot] >= 0)


def board_text(rules: Rules, s: State, status: str = "") -> str:
    """A readable text board.  ``[7♥]3`` is a pile with 7♥ on top, 3 cards deep; ``(J♦)2`` a
    foundation with two cards."""
    w = 8
    lines = [f"{rules.title} · {_base_text(s)} · home {s.cards_home}/52"
             + (f" · {status}" if status else "")]
    f = [_found_text(s, i) for i in range(4)]
    if rules.layout == "rows":
        lines.append(f[0].ljust(w * 6) + f[1])
        for row in range(2):
            lines.append(" " * 4 + "".join(_pile_text(s.piles[row * 6 + j]).ljust(w)
                                           for j in range(6)))
        lines.append(f[2].ljust(w * 6) + f[3])
    else:
        grid = [[" " * w] * 3 for _ in range(3)]
        for i, (r, c) in _CROSS_CELLS.items():
            grid[r][c] = _pile_text(s.piles[i]).ljust(w)
        if rules.layout == "grid":
            grid[0][0], grid[0][2] = f[0].ljust(w), f[1].ljust(w)
            grid[2][0], grid[2][2] = f[2].ljust(w), f[3].ljust(w)
            lines += ["  " + "".join(row) for row in grid]
        else:
            lines.append(f[0].ljust(w * 4) + f[1])
            lines += [" " * w + "".join(row) for row in grid]
            lines.append(f[2].ljust(w * 4) + f[3])
    waste = card_label(s.waste[-1]) if s.waste else "--"
    lines.append(f"stock {len(s.stock)} · waste {waste} ({len(s.waste)})")
    return "\n".join(line.rstrip() for line in lines)


def _html_card(c: int | None, extra: str = "") -> str:
    if c is None:
        return f'<div class="fs-x-card fs-x-empty">{html.escape(extra)}</div>'
    red = (c & 3) in (1, 2)
    color = "#c62828" if red else "inherit"
    return (f'<div class="fs-x-card" title="{html.escape(card_name(c))}" '
            f'style="color:{color}">{html.escape(card_label(c))}'
            f'<small>{html.escape(extra)}</small></div>')


def board_html(rules: Rules, s: State, status: str = "") -> str:
    """A static HTML board (for ``_repr_html_``); every text is escaped."""
    cells: dict[tuple[int, int], str] = {}

    def pile(i: int) -> str:
        p = s.piles[i]
        return _html_card(p[-1] if p else None, f"×{len(p)}" if len(p) > 1 else "")

    def found(slot: int) -> str:
        suit = s.corners[slot]
        if suit < 0:
            return _html_card(None, "♦♣♥♠"[slot])
        top = s.foundation_cards(slot)[-1]
        return _html_card(top, f"{s.home[suit]}/13")

    if rules.layout == "rows":
        cols = 8
        for j in range(12):
            cells[(1 + j // 6, 1 + j % 6)] = pile(j)
        corners = [(0, 0), (0, 7), (3, 0), (3, 7)]
        rows = 4
    else:
        cols = 3 if rules.layout == "grid" else 5
        off = 0 if rules.layout == "grid" else 1
        for i, (r, c) in _CROSS_CELLS.items():
            cells[(r, c + off)] = pile(i)
        corners = [(0, 0), (0, 2), (2, 0), (2, 2)] if rules.layout == "grid" else [
            (0, 0), (0, 4), (2, 0), (2, 4)]
        rows = 3
    for slot, rc in enumerate(corners):
        cells[rc] = found(slot)
    body = "".join(
        "<tr>" + "".join(f"<td>{cells.get((r, c), '')}</td>" for c in range(cols)) + "</tr>"
        for r in range(rows))
    waste = _html_card(s.waste[-1] if s.waste else None, f"waste {len(s.waste)}")
    stock = f'<div class="fs-x-card fs-x-back">{len(s.stock)}</div>'
    title = html.escape(f"{rules.title} · {_base_text(s)} · "
                        f"home {s.cards_home}/52" + (f" · {status}" if status else ""))
    style = (
        "<style>.fs-x td{padding:2px}.fs-x-card{width:3em;height:4.2em;border:1px solid #888;"
        "border-radius:6px;display:flex;flex-direction:column;align-items:center;"
        "justify-content:center;font:bold 1.1em sans-serif;background:rgba(128,128,128,.08)}"
        ".fs-x-card small{font-weight:normal;font-size:.6em;opacity:.8}"
        ".fs-x-empty{border-style:dashed;opacity:.6;font-weight:normal}"
        ".fs-x-back{background:repeating-linear-gradient(45deg,rgba(40,80,160,.5) 0 4px,"
        "rgba(40,80,160,.25) 4px 8px)}</style>")
    return (f'{style}<div class="fs-x" role="group" aria-label="{title}"><div>{title}</div>'
            f'<table>{body}</table><div style="display:flex;gap:6px">{stock}{waste}</div></div>')


__all__ = ["Game", "Move", "IllegalMoveError", "SaveFileError", "VARIANTS", "board_text",
           "board_html", "position_status", "validate_state", "state_to_dict", "state_from_dict",
           "STOCK", "WASTE", "FOUNDATION"]
