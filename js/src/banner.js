// What the banner above the board says, and which buttons it offers: the game won or lost
// (with "Play again" and "Next deal"), or no kernel behind the board.  Pure: the view renders it.

export const NO_KERNEL_TEXT =
  "No live kernel: replay and browsing work; playing needs Python (run the notebook).";

/**
 * {kind, text, actions: [{action, label}]} for `board` (what Python published), or null.
 *   live:    the live game is shown (not a replay)
 *   offline: no kernel answers
 */
export function bannerFor(board, { live = true, offline = false, dismissed = false } = {}) {
  if (offline) return { kind: "offline", text: NO_KERNEL_TEXT, actions: [] };
  if (!live) return null;
  if (board.resume && !(board.ply > 0) && !dismissed && board.status === "playing") {
    const n = board.resume.moves;
    return {
      kind: "resume",
      text: `An unfinished game of this variant (${n} move${n === 1 ? "" : "s"}) was kept from before.`,
      actions: [{ action: "resume", label: "Resume it" }, { action: "dismiss", label: "Not now" }],
    };
  }
  const again = { action: "again", label: "Play again" };
  const next = { action: "next", label: "Next deal" };
  if (board.status === "won") {
    return { kind: "won", text: "You won! The cross has vanished: all 52 cards are home.", actions: [again, next] };
  }
  if (board.status === "lost") {
    if (!(board.ply > 0)) {
      // lost at the deal (Corners often is): the same deal again would be lost again
      return {
        kind: "lost",
        text: "This deal cannot be won: no sequence of moves wins it (proved). Deal another.",
        actions: [next],
      };
    }
    return {
      kind: "lost",
      text: "Game lost: no sequence of moves can win from here (proved). Undo, or deal again.",
      actions: [again, next],
    };
  }
  return null;
}

/** A game in progress: dealing another would throw it away, so the board asks first. */
export function inProgress(board) {
  return board.status === "playing" && (board.ply || 0) > 0;
}

/** The intent for a banner action: the same deal again, or a new one. */
export function bannerIntent(action, board) {
  if (action === "again") {
    if (typeof board.seed === "number") return { type: "new_game", seed: board.seed, variant: board.variant };
    return { type: "restart" };
  }
  if (action === "next") return { type: "new_game", seed: null, variant: board.variant };
  if (action === "resume") return { type: "resume" };
  return null;
}
