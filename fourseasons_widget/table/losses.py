"""A loss proved while the board plays: the table asks the solver, the model never does.

The model's status (:attr:`Game.status <fourseasons_widget.model.game.Game.status>`) says
"lost" only from what the model itself can see — no legal move, or a stock so low that no move
can change more than the arrangement of the cross — and from the proofs recorded in the game
(:meth:`Game.record_lost <fourseasons_widget.model.game.Game.record_lost>`).  The board wants
more: when the stock is nearly out, a complete search of what is left, on a small budget, so
that a lost game is said lost at once.  :func:`prove_late_loss` makes that search for the
table (:mod:`.controller` calls it before each publish) and records a proof in the game.

>>> from fourseasons_widget import Game
>>> prove_late_loss(Game.new(seed=1))   # (a fresh deal: its stock is far from out)
False
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from ..budget import Budget
from ..model.game import Game, position_status
from ..model.rules import Rules
from ..model.state import State

# Budgets for proving a loss while playing: tried before each publish, so it must stay fast.
# A proof that needs more than these is left to the solver (the hint says "no win found"),
# and the status stays "playing".
LOSS_NODES = 100_000
LOSS_SECONDS_NO_STOCK = 0.25
LOSS_SECONDS_LATE = 0.05
#: tried from this many stock cards down
LATE_STOCK = 5

#: ``(rules, state, max_nodes, max_seconds) -> bool``: True only when an exhaustive search of
#: the position found no win.
LossProver = Callable[[Rules, State, int, float], bool]


def exhausted(rules: Rules, state: State, max_nodes: int, max_seconds: float) -> bool:
    """The research solver's exact search, exhausted with no win (the default prover)."""
    from ..solver.exact import search

    verdict, _, _ = search(rules, state, budget=Budget(seconds=max_seconds, positions=max_nodes))
    return verdict == "lost"


_prover: LossProver | None = exhausted


def set_prover(prover: LossProver | None) -> LossProver | None:
    """Use ``prover`` for the board's search for a late loss (``None``: none, the model's own
    proofs only); returns the one it replaces.  Verdicts found before are forgotten."""
    global _prover
    old, _prover = _prover, prover
    late_loss.cache_clear()
    return old


@functools.lru_cache(maxsize=4096)
def late_loss(rules: Rules, state: State) -> bool:
    """Whether the prover, on its small budget, finds ``state`` lost (only tried when the
    stock has at most :data:`LATE_STOCK` cards and the model's own status says "playing")."""
    if _prover is None or len(state.stock) > LATE_STOCK:
        return False
    if position_status(rules, state) != "playing":
        return False
    seconds = LOSS_SECONDS_NO_STOCK if not state.stock else LOSS_SECONDS_LATE
    return bool(_prover(rules, state, LOSS_NODES, seconds))


def prove_late_loss(game: Game) -> bool:
    """Search the position of ``game`` for a late loss; a proof is recorded in the game (its
    status is "lost" from then on).  Returns whether the game is now known lost this way."""
    if game.status != "playing" or not late_loss(game.rules, game.state):
        return False
    game.record_lost(game.state)
    return True


__all__ = ["LATE_STOCK", "LOSS_NODES", "LossProver", "exhausted", "late_loss",
           "prove_late_loss", "set_prover"]
