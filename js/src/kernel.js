// Is a live kernel behind this board?  The static export (a notebook saved with its widgets)
// has the widget state but no comm: intents go nowhere.  Such a page is known at once: it
// embeds its widget state in a <script type="application/vnd.jupyter.widget-state+json"> and
// its widget manager (the html-manager) has no kernel — the board says so before its first
// frame is seen, and never asks.  Elsewhere the board asks ("ping") and Python answers
// ("pong"); no answer within `timeout` ms means no kernel, and the board says so and greys out
// what needs one.  A kernel that is busy is not missing: where the widget manager shows its
// kernel (JupyterLab, Notebook 7, JupyterLite) and that kernel is busy — running cells, and
// in JupyterLite (Pyodide, no subshells) unable to answer until they end — the board waits for
// it to be idle and asks again, instead of saying "no kernel" and refusing clicks.  A late
// answer puts things right.
//
// Where no kernel answers the board still plays: `playLocally` puts the front-end engine
// (engine/local.js, a port of the Python model checked against it in CI) behind the table, and
// the views' intents go to it instead.  It is never used while a kernel answers: a late answer
// hands the board back to Python (`stopLocal`).  A model with no `board` at all (a static course
// page: MyST's {anywidget} directive, a plain HTML page) never had Python behind it and plays
// locally from its first frame.
//
// No click is lost while the board looks for Python.  Until a kernel answers (or is known
// missing), the intents are held by the table (table.js) and played once, by whichever side
// turns out to hold the game: Python, when it answers, one by one; the page's engine when no
// kernel answers.  A page that cannot see its kernel's status (marimo's model has no
// `widget_manager.kernel`; a plain page) cannot tell a busy kernel from none: after the
// timeout it plays in the page and says that Python has not answered (not that there is
// none); when Python answers after all, the game played in the page meanwhile is handed over
// to it (handover.js: as ordinary intents, each checked by Python) instead of being dropped.

import { gameFromModel, LocalTable, WAITING_BANNER } from "./engine/local.js";
import { ask, handOver, lineOf, sameDeal } from "./handover.js";
import { tableFor } from "./table.js";

const WIDGET_STATE = 'script[type="application/vnd.jupyter.widget-state+json"]';

/** A page rendered from embedded widget state, with no kernel behind its widget manager. */
export function staticPage(model, win) {
  const doc = win && win.document;
  if (!doc || typeof doc.querySelector !== "function" || !doc.querySelector(WIDGET_STATE)) {
    return false;
  }
  let manager = null;
  try {
    manager = model && model.widget_manager;
  } catch {
    /* (MyST's model throws on widget_manager: it has none) */
  }
  return !(manager && manager.kernel);
}

/** A model that never came from Python: no published board (a static course page). */
export function kernelless(model) {
  try {
    const b = model.get("board");
    return !b || typeof b !== "object" || !Object.keys(b).length;
  } catch {
    return true;
  }
}

/** Put the front-end engine behind `table` (once); null when the model names no game it can
 * deal (then the board stays as it was: replay and browsing only). */
export function playLocally(table, { unsure = false } = {}) {
  if (table.local) return table.local;
  let game;
  try {
    game = gameFromModel(table.model);
  } catch (err) {
    table.localError = err && err.message ? err.message : String(err);
    return null;
  }
  const before = table.model.get("board");
  const local = new LocalTable(table, game);
  local.pythonBoard = before && typeof before === "object" && Object.keys(before).length ? before : null;
  // (a page that cannot see its kernel's status: Python may only be busy)
  if (unsure && local.pythonBoard) local.banner = WAITING_BANNER;
  table.local = local;
  local.publish("refresh");
  table.release(false); // the clicks made while the page waited: played here, in order
  return local;
}

/** A kernel answered after all: Python's board again.  A game the page played meanwhile is
 * handed over to Python (each move an ordinary intent Python checks); resolves to the
 * hand-over's outcome (null when there was nothing to hand over), said by `note`. */
export async function stopLocal(table, note = () => {}) {
  const local = table.local;
  if (!local) return null;
  table.local = null;
  table.handOverOptions(); // (the view options chosen meanwhile: Python checks them too)
  if (!local.pythonBoard) return null;
  table.model.set("board", local.pythonBoard);
  const line = lineOf(local.game);
  if (!line.moves.length && sameDeal(local.pythonBoard, line)) return null; // (nothing played)
  // the page played from the deal: Python's game goes back to it first (its moves redoable)
  if (table.board().ply > 0 && sameDeal(table.board(), line)) {
    await ask(table, { type: "restart" });
  }
  const out = await handOver(table, line);
  if (out.handed && out.moves) {
    note(`Python answered and took over the game played in this page meanwhile (${out.moves} move${out.moves !== 1 ? "s" : ""}).`);
  } else if (!out.handed) {
    note(`Python answered; the game played in this page meanwhile was not taken over: ${out.reason}. This is Python's board.`);
  }
  return out;
}

export class KernelWatch {
  constructor(model, win, onChange, { timeout = 4000, retry = 20000, retries = 3 } = {}) {
    this.model = model;
    this.win = win;
    this.onChange = onChange;
    this.timeout = timeout;
    this.retry = retry;
    this.retries = retries; // asked again a few times, then the board stays as it is
    this.alive = null; // unknown until the first answer or the timeout
    const table = tableFor(model);
    if (table.kernelAlive === undefined) table.kernelAlive = null; // (held until it is known)
    this.timer = null;
    this.onMsg = (msg) => {
      if (msg && msg.type === "pong") this.set(true);
    };
    model.on("msg:custom", this.onMsg);
  }

  ping() {
    if (this.alive === null && staticPage(this.model, this.win)) {
      // no kernel can ever answer here: say so now (after the view is built), ask nothing
      this.win.clearTimeout(this.timer);
      this.timer = this.win.setTimeout(() => this.set(false), 0);
      return;
    }
    try {
      this.model.send({ type: "ping" });
    } catch {
      // no comm at all (a static page's model): nothing can ever answer
      this.win.clearTimeout(this.timer);
      this.timer = this.win.setTimeout(() => this.set(false), 0);
      return;
    }
    this.win.clearTimeout(this.timer);
    this.timer = this.win.setTimeout(() => this.expired(false), this.timeout);
  }

  /** No answer within `timeout`: a busy kernel is waited for, a silent idle one is "none". */
  expired(waited) {
    if (this.alive === true) return;
    if (this.kernelBusy()) {
      this.timer = this.win.setTimeout(() => this.expired(true), this.timeout);
      return;
    }
    if (waited) {
      this.ping(); // it was busy and is idle now: ask again (the first ping may be answered too)
      return;
    }
    this.set(false);
    if (this.retries-- > 0) this.timer = this.win.setTimeout(() => this.ping(), this.retry);
  }

  /** The widget manager's kernel, when it shows one, is starting or running something. */
  kernelBusy() {
    let kernel = null;
    try {
      kernel = this.model.widget_manager && this.model.widget_manager.kernel;
    } catch {
      return false;
    }
    const status = kernel && kernel.status;
    return typeof status === "string" && ["busy", "starting", "restarting", "autorestarting"]
      .includes(status);
  }

  /** Can this page see its kernel's status?  (JupyterLab, Notebook 7, JupyterLite: yes;
   * marimo's model and a plain page: no — silence may be a busy kernel.) */
  seesKernel() {
    try {
      const manager = this.model.widget_manager;
      return !!(manager && manager.kernel);
    } catch {
      return false;
    }
  }

  set(alive) {
    const changed = this.alive !== alive;
    this.alive = alive;
    if (alive) this.win.clearTimeout(this.timer);
    if (changed) tableFor(this.model).kernelAlive = alive;
    if (changed) this.onChange(alive);
    // the intents held while the board waited go to the side that holds the game (after the
    // view has put it in place: Python's board, or the page's engine)
    if (changed) tableFor(this.model).release(alive, this.note || (() => {}));
  }

  /** Something came from the kernel (a new board): it is there. */
  heard() {
    if (this.alive !== true) this.set(true);
  }

  dispose() {
    this.win.clearTimeout(this.timer);
    try {
      this.model.off("msg:custom", this.onMsg);
    } catch {
      /* (MyST's model has no `off`) */
    }
  }
}
