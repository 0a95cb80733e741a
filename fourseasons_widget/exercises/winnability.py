"""Checkers for notebook 06 (winnability): intervals from counts, sample sizes, coverage.

They read the shipped results (``fourseasons_widget/data/``), so they follow the data when it
is regenerated.

>>> check_sample_size(None)
✘ Not yet. Fill in `n_deals` with a whole number of deals.
"""

from __future__ import annotations

import math
from typing import Any

from ..solver.experiments import load_deals, load_winrates, wilson
from ._common import missing
from ._feedback import Feedback

Z95 = 1.96


def _row(variant: str, player: str) -> dict[str, str]:
    return next(r for r in load_winrates() if r["variant"] == variant and r["player"] == player)


def _is_number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def check_solver_interval(variant: str, low: Any, high: Any, tol: float = 0.002) -> Feedback:
    """The solver's honest 95% interval for ``variant`` (as fractions, e.g. 0.37), from the
    shipped counts: Wilson's lower bound of won/n, Wilson's upper bound of (won + unknown)/n."""
    if missing(low) or missing(high):
        return Feedback.not_yet("Fill in `low` and `high` (fractions such as 0.25, not percents).")
    if not (_is_number(low) and _is_number(high)):
        return Feedback.not_yet("`low` and `high` should be numbers.")
    if low > 1 or high > 1:
        return Feedback.not_yet("Write the bounds as fractions between 0 and 1, not percents.")
    r = _row(variant, "solver")
    n, won, unknown = int(r["n"]), int(r["won"]), int(r["unknown"])
    true_low = wilson(won, n)[0]
    true_high = wilson(won + unknown, n)[1]
    wrong = []
    if abs(low - true_low) > tol:
        wrong.append("the lower bound: which deals are certainly won?")
    if abs(high - true_high) > tol:
        wrong.append("the upper bound: which deals might still be won?")
    if wrong:
        return Feedback.not_yet("Look again at " + " And ".join(wrong))
    return Feedback.right(f"{100 * true_low:.1f}% – {100 * true_high:.1f}%: the {unknown} "
                          "undecided deals make the interval wide, not the sample size.")


def half_width(p: float, n: int, z: float = Z95) -> float:
    """The half-width of the normal-approximation interval for a rate ``p`` on ``n`` deals."""
    return z * math.sqrt(p * (1 - p) / n)


def deals_needed(p: float, margin: float, z: float = Z95) -> int:
    """The smallest ``n`` with :func:`half_width` at most ``margin``: ``z² p (1−p) / margin²``."""
    return math.ceil(z * z * p * (1 - p) / (margin * margin) - 1e-9)


def check_sample_size(n_deals: Any, variant: str = "standard", player: str = "heuristic",
                      margin: float = 0.02, tol: float = 0.05) -> Feedback:
    """How many deals for a 95% interval of ±``margin`` around the shipped rate ``p`` of
    ``player`` on ``variant``?  Accepted within ``tol`` (relative) of the normal formula
    ``z² p (1−p) / margin²``; Wilson's answer lies inside that."""
    r = _row(variant, player)
    p = int(r["won"]) / int(r["n"])
    if missing(n_deals):
        return Feedback.not_yet("Fill in `n_deals` with a whole number of deals.")
    if not _is_number(n_deals) or n_deals < 1:
        return Feedback.not_yet("`n_deals` should be a positive number of deals.")
    n = round(n_deals)
    need = deals_needed(p, margin)
    w = 100 * half_width(p, n)
    if n < need * (1 - tol):
        return Feedback.not_yet(f"With {n} deals the interval is about ±{w:.1f} points: not "
                                "narrow enough yet.")
    if n > need * (1 + tol):
        return Feedback.not_yet(f"With {n} deals the interval is about ±{w:.1f} points: "
                                "narrower than asked, so fewer deals would do.")
    return Feedback.right(f"About {need} deals: ±{100 * half_width(p, need):.2f} points. "
                          "Half the width costs four times the deals.")


def sample(variant: str, player: str, seeds: range | list[int]) -> list[dict[str, str]]:
    """The shipped per-deal rows of ``player`` on ``variant`` for these seeds."""
    want = set(seeds)
    return [r for r in load_deals()
            if r["variant"] == variant and r["player"] == player and int(r["seed"]) in want]


def check_covers(variant: str, player: str, seeds: range | list[int], interval: Any,
                 covers: Any, tol: float = 0.002) -> Feedback:
    """The 95% Wilson interval of a small sample (``seeds`` of the shipped per-deal data) and
    whether it covers the rate of all the shipped deals."""
    if missing(interval) or missing(covers):
        return Feedback.not_yet("Fill in `interval` (low, high) and `covers` (True or False).")
    try:
        lo, hi = (float(x) for x in interval)
    except (TypeError, ValueError):
        return Feedback.not_yet("`interval` should be a pair of fractions: (low, high).")
    if not isinstance(covers, bool):
        return Feedback.not_yet("`covers` should be True or False.")
    rows = sample(variant, player, seeds)
    won = sum(r["outcome"] == "won" for r in rows)
    true_lo, true_hi = wilson(won, len(rows))
    if abs(lo - true_lo) > tol or abs(hi - true_hi) > tol:
        return Feedback.not_yet("The interval is not yet right: count the won deals of the "
                                "sample and use wilson(won, n).")
    big = _row(variant, player)
    rate = int(big["won"]) / int(big["n"])
    if covers != (true_lo <= rate <= true_hi):
        return Feedback.not_yet("The interval is right; now compare it with the rate on all "
                                f"{big['n']} deals.")
    return Feedback.right(f"Interval {100 * true_lo:.1f}% – {100 * true_hi:.1f}%, large-sample "
                          f"rate {100 * rate:.1f}%.")


def check_prover_interval(variant: str, low: Any, high: Any, tol: float = 0.0005) -> Feedback:
    """The honest 95% interval of the perfect-play win rate of ``variant`` from the shipped
    classification's counts (won, proved lost, unknown): Wilson's lower bound of won/n and
    Wilson's upper bound of (won + unknown)/n.  The tolerance is tight enough to tell Wilson's
    bounds from the normal interval's (the feedback says which one was used)."""
    from ..solver.experiments import load_classification

    if missing(low) or missing(high):
        return Feedback.not_yet("Fill in `low` and `high` (fractions such as 0.25, not percents).")
    if not (_is_number(low) and _is_number(high)):
        return Feedback.not_yet("`low` and `high` should be numbers.")
    if low > 1 or high > 1 or low < 0:
        return Feedback.not_yet("Write the bounds as fractions between 0 and 1, not percents.")
    r = next(r for r in load_classification() if r["variant"] == variant)
    n, won, unknown, lost = int(r["n"]), int(r["won"]), int(r["unknown"]), int(r["lost"])
    true_low, true_high = wilson(won, n)[0], wilson(won + unknown, n)[1]
    wrong = []
    if abs(low - true_low) > tol:
        wrong.append("the lower bound: which deals are certainly won?")
    if abs(high - true_high) > tol:
        wrong.append(_upper_hint(high, n, won, unknown, tol))
    if wrong:
        text = "Look again at " + "; and at ".join(wrong)
        return Feedback.not_yet(text if text.endswith("?") else text + ".")
    why = (f"only the {unknown} unknown deal{'s' * (unknown != 1)} keep{'s' * (unknown == 1)} "
           "it above the Wilson bound of the wins alone" if unknown else
           "with no deal left unknown it is the Wilson bound of the wins alone: what a sample "
           f"of {n:,} deals can say")
    return Feedback.right(
        f"{100 * true_low:.1f}% – {100 * true_high:.2f}%: the {lost:,} proof{'s' * (lost != 1)} "
        f"of loss bring{'s' * (lost == 1)} the top down from 100%; {why}.")


def _upper_hint(high: float, n: int, won: int, unknown: int, tol: float) -> str:
    """What a wrong upper bound most likely is."""
    from ..solver.intervals import clopper_pearson, normal_interval

    if abs(high - wilson(unknown, n)[1]) <= tol or abs(high - wilson(won, n)[1]) <= tol:
        return ("the upper bound: which deals might still be won? (the won ones and the "
                "unknown ones together)")
    for label, method in (("the normal interval's", normal_interval),
                          ("Clopper–Pearson's", clopper_pearson)):
        if abs(high - method(won + unknown, n)[1]) <= tol:
            return f"the upper bound: that is {label} bound; the exercise asks for Wilson's"
    return "the upper bound: which deals might still be won?"


def table_reach(entries: list[int], slots: int) -> int:
    """How many stock layers an in-memory layered search walks to their end with tables of
    ``slots`` slots: a table is full when half its slots are taken, so the search stops at the
    first layer with more than ``slots // 2`` distinct positions (``entries``, in layer order)."""
    for i, e in enumerate(entries):
        if e > slots // 2:
            return i
    return len(entries)


def _whole(x: Any) -> bool:
    import numbers

    return isinstance(x, numbers.Integral) and not isinstance(x, bool)


def _power_of_two(x: Any) -> bool:
    return _whole(x) and x > 0 and not int(x) & (int(x) - 1)


def _slots_for(positions: int) -> int:
    """The smallest power of two of slots (2^16 at least) whose half holds ``positions``."""
    slots = 1 << 16
    while slots // 2 < positions:
        slots *= 2
    return slots


def check_table_reach(slots_needed: Any, layers_walked: Any, seed: int = 198,
                      default_slots: int = 1 << 25) -> Feedback:
    """Deal ``seed``'s layers on disk (``data/disk-SEED.csv``, its ``entries`` column: the
    distinct positions of each stock layer): the smallest power of two of slots whose table
    holds every layer (a table is full when half its slots are taken), and how many layers a
    table of ``default_slots`` walks to their end.  The feedback names the classic mistakes:
    the whole table counted as usable, the layers summed (the layered search keeps one layer
    in a table, not all of them), the layer that filled counted as walked."""
    from ..solver.survey import load_disk_layers

    if missing(slots_needed) or missing(layers_walked):
        return Feedback.not_yet("Fill in `slots_needed` (a power of two) and `layers_walked` "
                                "(a whole number of stock layers).")
    if not _power_of_two(slots_needed):
        return Feedback.not_yet("`slots_needed` should be a power of two, such as 2**20 "
                                "(tables double as they grow).")
    if not _whole(layers_walked) or layers_walked < 0:
        return Feedback.not_yet("`layers_walked` should be a whole number of stock layers.")
    slots_needed, layers_walked = int(slots_needed), int(layers_walked)
    entries = [int(r["entries"]) for r in load_disk_layers()[seed]]
    need = _slots_for(max(entries))
    walked = table_reach(entries, default_slots)
    wrong = []
    if slots_needed != need:
        if slots_needed * 2 == need:
            wrong.append("`slots_needed`: a table is full when *half* its slots are taken")
        elif slots_needed == _slots_for(sum(entries)) and slots_needed != need:
            wrong.append("`slots_needed`: the layered search keeps one layer in a table at a "
                         "time, so the widest layer sets the size, not all the layers together")
        elif slots_needed < need:
            wrong.append("`slots_needed`: some layer does not fit in a table that size")
        else:
            wrong.append("`slots_needed`: a smaller power of two holds every layer")
    if layers_walked != walked:
        if layers_walked == walked + 1:
            wrong.append("`layers_walked`: the layer that fills the table is not walked to its "
                         "end (count the layers *before* it), and the table is full at half")
        elif layers_walked == walked - 1:
            wrong.append("`layers_walked`: layers count from 0 — the answer is how many, not "
                         "the index of the last one")
        else:
            wrong.append(f"`layers_walked`: find the first layer with more than "
                         f"{default_slots // 2:,} positions")
    if wrong:
        return Feedback.not_yet("Look again at " + "; and at ".join(wrong) + ".")
    return Feedback.right(
        f"{need:,} slots (2^{need.bit_length() - 1}) for every layer of deal {seed}, whose "
        f"widest holds {max(entries):,} positions; the default 2^"
        f"{default_slots.bit_length() - 1} slots walk {walked} of its {len(entries)} layers.")


#: the letters of :func:`claimed_wins`' claims
CLAIM_LETTERS = ("A", "B", "C", "D")


def claimed_wins() -> dict[str, tuple[int, list[str]]]:
    """Four claimed wins of the standard game, each ``(seed, moves)`` in the Game's notation,
    made from the winning lines on record (``data/lines.csv.gz``) of the two smallest standard
    seeds there, *s* and *t*.  Two are real wins: deal *t*'s line (a check that replays every
    claim from one deal refuses it) and deal *s*'s.  Two are not, each made to fool a check
    that stops short of the whole replay: deal *s*'s line with an illegal move put in two
    thirds of the way (the first later move of the line that is not legal there: a replay
    that skips a refused move and goes on wins), and deal *s*'s line without its last three
    moves (every move legal, the game not won)."""
    from ..model.game import Game
    from ..model.rules import IllegalMoveError
    from ..solver.lines import load_lines

    s, t = sorted(seed for v, seed in load_lines() if v == "standard")[:2]
    line = load_lines()[("standard", s)].split(",")
    k = 2 * len(line) // 3
    g = Game.new(seed=s)
    for m in line[:k]:
        g.play(m)
    for bad in line[k + 1:]:
        try:
            g.copy().play(bad)
        except IllegalMoveError:
            break
    else:  # pragma: no cover - a line whose every later move is legal at move k
        raise RuntimeError(f"deal {s}: no later move is illegal at move {k + 1}")
    return {"A": (t, load_lines()[("standard", t)].split(",")),
            "B": (s, line[:k] + [bad] + line[k:]), "C": (s, line), "D": (s, line[:-3])}


def _replayed(seed: int, moves: list[str]) -> tuple[int, str | None, int]:
    """How far ``moves`` replay from deal ``seed``: the moves played, the first illegal move's
    refusal (or ``None``) and the cards home at the end."""
    from ..model.game import Game
    from ..model.rules import IllegalMoveError

    g = Game.new(seed=seed)
    for i, m in enumerate(moves):
        try:
            g.play(m)
        except IllegalMoveError as e:
            return i, str(e), g.state.cards_home
    return len(moves), None, g.state.cards_home


def check_claimed_wins(wins: Any) -> Feedback:
    """Which of :func:`claimed_wins`' claims are wins of the standard game: ``wins``, the set
    of their letters.  A claim is a win when every one of its moves is legal, played in turn
    from the deal, and all 52 cards are home at its end; the feedback names what a check that
    stops short of that misses (a legal line that ends before the game is won, an illegal move
    late in a line, another deal's line)."""
    if missing(wins):
        return Feedback.not_yet("Fill in `wins` with the set of the claims' letters that are "
                                "real wins, such as {'A'} (or set() for none).")
    if type(wins) not in (set, frozenset, list, tuple) or len(wins) > len(CLAIM_LETTERS):
        return Feedback.not_yet("`wins` should be a set of letters, such as {'A', 'C'}.")
    picked = set()
    for x in wins:
        if type(x) is not str or x.strip().upper() not in CLAIM_LETTERS:
            return Feedback.not_yet(f"`wins` holds letters {', '.join(CLAIM_LETTERS)} only.")
        picked.add(x.strip().upper())
    claims = claimed_wins()
    truth = {}
    for letter, (seed, moves) in claims.items():
        played, refused, home = _replayed(seed, moves)
        truth[letter] = (refused is None and home == 52, played, refused, home, len(moves))
    wrong = []
    for letter in CLAIM_LETTERS:
        won, played, refused, home, n = truth[letter]
        if (letter in picked) == won:
            continue
        if won:
            wrong.append(f"{letter}: replay it from its own deal (deal {claims[letter][0]}), "
                         "all of it — where does it end?")
        elif refused is not None:
            wrong.append(f"{letter}: is every one of its {n} moves legal when its turn comes? "
                         "(a refused move ends the claim: do not skip it)")
        else:
            wrong.append(f"{letter}: every move is legal, but how many cards are home at its "
                         "end?")
    if wrong:
        return Feedback.not_yet("Look again at " + "; ".join(wrong))
    said = []
    for letter in CLAIM_LETTERS:
        won, played, refused, home, n = truth[letter]
        said.append(f"{letter} wins ({n} moves, 52 cards home)" if won else
                    f"{letter} stops at move {played + 1} of {n}" if refused is not None else
                    f"{letter} ends legal with {home} cards home")
    return Feedback.right("; ".join(said) + ". A win carries its own proof: anyone can replay "
                          "it. A loss has no such line to check.")
