// The hand-over: a game played on the preview (preview.js: the board a notebook shows before
// its kernel is ready, playing on the front-end engine) goes on on the live board, with Python,
// once the cell runs.  The preview keeps its line — the deal and the moves from it, after undos
// — under the notebook cell it is shown in; the live board that first renders in that cell
// finds it and plays it to Python as ordinary intents, one by one, each stamped with Python's
// own ply and version and each checked by Python as any click is.  Python stays the truth:
// the first intent it refuses (or leaves unanswered) stops the hand-over, and the board shows
// what Python publishes, with a short note saying so.  The moves are the player's: they made
// them, a few seconds earlier, on the preview.

import { optionValues } from "./engine/rules.js";
import { isTurn, positionSnapshot } from "./engine/snapshot.js";

const KEY = Symbol.for("fourseasons-widget.handover");
const POSITION = ["piles", "foundations", "stock", "waste"];
const MAX_MOVES = 400; // (a line is at most the 52 cards' moves and turns many times over)

function store(win) {
  if (!win) return null;
  if (!(win[KEY] instanceof WeakMap)) win[KEY] = new WeakMap();
  return win[KEY];
}

/** The notebook cell `el` is shown in (JupyterLab keeps the cell's node when its output is
 * cleared and written again), or null outside a notebook. */
export function cellOf(el) {
  return el && typeof el.closest === "function" ? el.closest(".jp-Cell") : null;
}

/** What the live board needs to play `game` again: the deal and the line from it. */
export function lineOf(game) {
  const moves = game.moves.slice(0, MAX_MOVES).map((m, i) => ({
    card: m.card, source: m.source, target: m.target, auto: !!game.auto[i] }));
  const s = positionSnapshot(game.rules, game.state);
  return { variant: game.variant, options: optionValues(game.rules), seed: game.seed,
    pysol: game.pysol, moves, position: Object.fromEntries(POSITION.map((k) => [k, s[k]])) };
}

/** The preview in `el` now shows `game`: keep its line for the live board of the same cell. */
export function keepLine(el, game) {
  const cell = cellOf(el);
  const map = store(el && el.ownerDocument && el.ownerDocument.defaultView);
  if (!cell || !map) return false;
  map.set(cell, lineOf(game));
  return true;
}

/** The line kept for the cell of `el` (taken: it is handed over once), or null. */
export function takeLine(el) {
  const cell = cellOf(el);
  const map = store(el && el.ownerDocument && el.ownerDocument.defaultView);
  if (!cell || !map || !map.has(cell)) return null;
  const line = map.get(cell);
  map.delete(cell);
  return line;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

function sortedOptions(o) {
  return Object.fromEntries(Object.entries(o || {}).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Is Python's board `b` at the deal of `line` (variant, rules, seed or PySolFC number)? */
export function sameDeal(b, line) {
  return b.variant === line.variant && same(sortedOptions(b.options), sortedOptions(line.options))
    && (line.pysol !== null ? b.pysol === line.pysol : b.seed === line.seed && b.pysol === null);
}

/** Send `intent` and wait for Python's answer: a new board (ok) or a refusal (its reason). */
export function ask(table, intent, { wait = 600000, setTimer = setTimeout, clearTimer = clearTimeout } = {}) {
  const before = table.board().version;
  return new Promise((resolve) => {
    let stops = [];
    const done = (answer) => {
      for (const s of stops) s();
      stops = [];
      resolve(answer);
    };
    const timer = setTimer(() => done({ ok: false, reason: "Python did not answer" }), wait);
    stops.push(() => clearTimer(timer));
    stops.push(table.watch(["board"], () => {
      if (table.board().version !== before) done({ ok: true });
    }));
    stops.push(table.onMessage((msg) => {
      if (msg && msg.type === "refused") done({ ok: false, reason: String(msg.reason || "refused").slice(0, 200) });
    }));
    try {
      table.send(intent);
    } catch (err) {
      done({ ok: false, reason: String((err && err.message) || err).slice(0, 200) });
    }
  });
}

function intentFor(m) {
  if (isTurn(m)) return { type: "turn" };
  return { type: "move", card: m.source === "stock" ? null : m.card, source: m.source, target: m.target };
}

/** Play `line` (kept by the preview) to Python's board behind `table`.  Resolves to
 * `{ handed, moves, reason }`: `handed` false when Python refused or the board was not at the
 * deal (then nothing more is sent, and Python's board is what shows). */
export async function handOver(table, line, opts = {}) {
  const fail = (reason, moves = 0) => ({ handed: false, moves, reason });
  const b0 = table.board();
  if (b0.ply !== 0) return fail("the board had moved on from its deal");
  if (!sameDeal(b0, line)) {
    if (!line.moves.length) return { handed: true, moves: 0, reason: null }; // (nothing played)
    if ((b0.options || {}).rules !== undefined && line.options.rules !== undefined
        && b0.options.rules !== line.options.rules && line.pysol === null) {
      const r = await ask(table, { type: "rules", rules: line.options.rules }, opts);
      if (!r.ok) return fail(r.reason);
    }
    const deal = line.pysol !== null
      ? { type: "deal_number", text: String(line.pysol), variant: line.variant }
      : { type: "new_game", seed: line.seed, variant: line.variant };
    const r = await ask(table, deal, opts);
    if (!r.ok) return fail(r.reason);
    if (!sameDeal(table.board(), line)) return fail("Python dealt another game");
  }
  let played = 0;
  for (let i = 0; i < line.moves.length;) {
    const ply = table.board().ply;
    if (ply > i) { // (Python's own auto-home played these, as the preview's did)
      i = ply;
      continue;
    }
    const r = await ask(table, intentFor(line.moves[i]), opts);
    if (!r.ok) return fail(r.reason, played);
    if (table.board().ply <= i) return fail("Python's board did not move", played);
    played += line.moves[i].auto ? 0 : 1;
    i += 1;
  }
  const b = table.board();
  if (b.ply !== line.moves.length || !POSITION.every((k) => same(b[k], line.position[k]))) {
    return fail("Python's position differs from the preview's", played);
  }
  return { handed: true, moves: line.moves.length, reason: null };
}

/** Wait until `el` is in the page, then hand over the line kept for its cell, if any;
 * `note(text)` shows the outcome on the board. */
export function handOverWhenShown(table, el, note, { tries = 100, every = 100, ...opts } = {}) {
  const win = el.ownerDocument && el.ownerDocument.defaultView;
  if (!win || !win[KEY]) return null; // (no preview ever played in this page)
  return new Promise((resolve) => {
    const look = async (left) => {
      if (!el.isConnected) {
        if (left > 0) setTimeout(() => look(left - 1), every);
        else resolve(null);
        return;
      }
      const line = takeLine(el);
      if (!line) {
        resolve(null);
        return;
      }
      // (said on the element too, for whoever watches the page: a test, a course's script)
      el.dataset.handover = "playing";
      const out = await handOver(table, line, opts);
      el.dataset.handover = out.handed ? `handed ${out.moves}` : "stopped";
      if (out.handed && out.moves) note(`Python took over the game played before it was ready (${out.moves} move${out.moves !== 1 ? "s" : ""}).`);
      else if (!out.handed) note(`The game played before Python was ready was not taken over: ${out.reason}. This is Python's board.`);
      resolve(out);
    };
    look(tries);
  });
}
