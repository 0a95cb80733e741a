// The game's clock and the statistics panel: formatting only; Python keeps the figures (the
// clock's seconds when the board was published, and whether it runs), the view ticks between.

/** 75 -> "1:15", 3725 -> "1:02:05". */
export function formatClock(seconds) {
  const s = Math.max(0, Math.floor(Number(seconds) || 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** The rows of the statistics panel for one variant's figures (or none yet); `needsPython`:
 * the board plays in the page with no kernel (an exported page), where no statistics are kept
 * — it says so, not "none yet". */
export function statsRows(stats, store, needsPython = false) {
  if (needsPython) return [["Statistics", "need Python: run the notebook to keep them"]];
  // what the store says of itself (busy, off, reset, kept in the page's memory only)
  const note = store && typeof store.message === "string" && store.message ? [["Kept", store.message]] : [];
  if (!stats) return [["Games", "none yet on this board's variant"], ...note];
  const pct = stats.played ? ` (${Math.round((100 * stats.won) / stats.played)}%)` : "";
  return [
    ["Played", String(stats.played)],
    ["Won", `${stats.won}${pct}`],
    ["Lost", String(stats.lost)],
    ["Given up", String(stats.abandoned || 0)],
    ["Finished by the Demo", String(stats.demo || 0)],
    ["Streak", `${stats.streak} (best ${stats.best_streak})`],
    ["Fewest moves", stats.best_moves == null ? "—" : String(stats.best_moves)],
    ["Best time", stats.best_seconds == null ? "—" : formatClock(stats.best_seconds)],
    ...note,
  ];
}

/** The clock's reading now: published seconds plus the time since, while it runs. */
export function clockNow(clock, publishedAt, now, visible = true) {
  if (!clock) return 0;
  const extra = clock.running && visible ? Math.max(0, (now - publishedAt) / 1000) : 0;
  return (clock.seconds || 0) + extra;
}
