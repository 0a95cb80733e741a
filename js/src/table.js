// The table: one per widget model, made in anywidget's `initialize` (the coordinator every
// view of the model shares, as quak's widget.ts and lonboard's src/model/* do).  It reads
// the snapshot Python publishes and sends intents stamped with the position they were meant
// for; it holds no game state of its own.  The views (view.js) and their controllers only
// ever talk to the model through it.
//
// No intent is lost while the board looks for Python (kernel.js): until a kernel has answered
// or is known to be missing, the intents a Python board's views send are held here, in order,
// unstamped; they are played by whichever side turns out to hold the game — sent to Python
// one by one when it answers (each stamped with Python's ply and version when it is sent, and
// each waiting for Python's answer to the one before), or played by the page's engine when no
// kernel answers (kernel.js playLocally).  Each is played once: a held intent leaves the queue
// as it is played.

import REGISTRY from "../../fourseasons_widget/table/intents.json" with { type: "json" };

/** The intents that name the position they were meant for (Python refuses a stale one): from
 * the one registry of intents Python reads too (fourseasons_widget/table/intents.json). */
const VERSIONED = new Set(Object.entries(REGISTRY.intents).filter(([, v]) => v.versioned).map(([k]) => k));
/** What Python changes when it answers an intent (besides a "refused" message; its refusal's
 * words come as a state update first, so they are not taken for the answer). */
const ANSWERS = ["board", "busy", "analysis", "replay"];
/** More intents than a player makes while a slow cell runs; beyond, a click is refused. */
export const MAX_HELD = 400;

export class Table {
  constructor(model) {
    this.model = model;
    // the front-end engine playing where no kernel answers (kernel.js playLocally), else null
    this.local = null;
    this.handlers = new Set(); // the views' message handlers (the local engine's refusals too)
    // has a kernel answered?  undefined while no view asks (a table of its own: nothing is
    // held), null from a view's first question until an answer or a timeout (kernel.js)
    this.kernelAlive = undefined;
    this.held = []; // the intents sent while the answer is awaited, oldest first (unstamped)
    this.flushing = false;
    // (the last board version this page said it saw answer its own intent: `seen`, below)
    this.seenVersion = null;
    this.answering = null; // (listening for Python's answer: the function that stops it)
    this.inflight = null; // (an intent naming its position awaits Python's answer: see send)
    this.say = null; // (how the views say what became of the held intents)
    this.pending = new Map(); // (view options chosen, Python's answer awaited: setOption)
    this.pendingWatch = new Set();
    this.localOptions = new Map(); // (chosen while the page's engine played: handOverOptions)
  }

  /** Python answered one of this page's intents with a new position: the page says so by
   * writing `seen` (the board's version) — the one front-end write a move makes.  Where the
   * notebook reacts to a widget's front-end writes (marimo re-runs the cells that read
   * `mo.ui.anywidget(board).value`), the cells reading the board run again after each move,
   * with Python's new board; in Jupyter it is one small message.  Only a kernel that has the
   * trait is written to (an older one would refuse it). */
  sawAnswer() {
    if (!this.answering || this.local) return;
    const b = this.board();
    if (!Number.isSafeInteger(b.version) || b.version === this.seenVersion) return;
    this.stopAnswering();
    let has = false;
    try {
      has = Number.isSafeInteger(this.model.get("seen"));
    } catch {
      has = false;
    }
    if (!has) return;
    this.seenVersion = b.version;
    try {
      this.model.set("seen", b.version);
      this.model.save_changes();
    } catch {
      /* (a model that cannot write back: nothing reacts to it anyway) */
    }
  }

  stopAnswering() {
    if (this.answering) this.answering();
    this.answering = null;
    this.settled();
  }

  /** The page is hidden (or shown again): Python's clock stops (an intent, not a trait
   * write: no notebook reacts to it, marimo re-runs no cell). */
  pause(hidden) {
    if (this.local || this.kernelAlive !== true) return;
    this.model.send({ type: "pause", paused: !!hidden });
  }

  /** Hold the intents now?  While no kernel has answered yet a Python board's intents wait
   * (a model with no board never had Python behind it: its page plays it from the start). */
  holding() {
    if (this.local || this.kernelAlive !== null) return false;
    const b = this.board();
    return !!(b && typeof b === "object" && Object.keys(b).length);
  }

  /** The published snapshot (the `board` trait), never null. */
  board() {
    return this.model.get("board") || {};
  }

  /** The snapshot's `ui` part (picker, panel, offers, banner, notice), or null before `board`
   * publishes it (then the views keep their own local state). */
  ui() {
    const ui = this.board().ui;
    return ui && typeof ui === "object" ? ui : null;
  }

  /** A trait's value (a view option the player just chose: that choice, until Python's
   * answer). */
  get(name) {
    if (this.pending.has(name)) return this.pending.get(name);
    return this.model.get(name);
  }

  /** Call `fn` on a change of any of `names` (traits) ; returns the function that stops it. */
  watch(names, fn) {
    for (const n of names) this.model.on(`change:${n}`, fn);
    return () => {
      for (const n of names) off(this.model, `change:${n}`, fn);
    };
  }

  /** Call `fn` on each custom message; returns the function that stops it. */
  onMessage(fn) {
    this.model.on("msg:custom", fn);
    this.handlers.add(fn);
    return () => {
      this.handlers.delete(fn);
      off(this.model, "msg:custom", fn);
    };
  }

  /** A message from the local engine to the views (as Python's custom messages come). */
  emit(msg) {
    for (const fn of [...this.handlers]) fn(msg);
  }

  /** Send an intent; all but a new game carry the ply and version they were meant for, so
   * that Python refuses a stale one. */
  send(intent) {
    if (this.holding() || this.flushing || this.inflight) {
      if (this.held.length >= MAX_HELD) {
        throw new Error("Python has not answered yet, and too many moves are waiting for it");
      }
      this.held.push({ ...intent });
      return "held";
    }
    this.sendNow(intent);
    return "sent";
  }

  /** `intent` stamped with the position shown now, to the local engine or to Python. */
  sendNow(intent) {
    const b = this.board();
    const msg = { ...intent };
    if (intent.type !== "new_game" && intent.type !== "view_option") {
      msg.ply = b.ply;
      msg.version = b.version;
    }
    if (this.local && intent.type === "view_option") this.localOption(intent.name, intent.value);
    else if (this.local) this.local.intent(msg);
    else {
      if (VERSIONED.has(intent.type) && !this.flushing) this.awaitAnswer();
      try {
        this.model.send(msg);
      } catch (err) {
        this.settled();
        throw err;
      }
      // (a view option changes no position: nothing for the notebook to react to)
      if (!this.answering && intent.type !== "view_option") this.answering = this.watch(["board"], () => this.sawAnswer());
    }
  }

  /** An intent naming its position is on its way to Python: the next ones wait for Python's
   * answer to it (a busy kernel — a slow cell beside the board — answers late, and a click
   * stamped with the position before that answer would be refused as stale), then go, each
   * stamped with the position it is played on (release). */
  awaitAnswer() {
    this.settled();
    const stops = [
      this.watch(ANSWERS, () => this.settled(true)),
      this.onMessage((msg) => {
        if (answersIntent(msg)) this.settled(true, true);
      }),
    ];
    this.inflight = () => {
      for (const s of stops) s();
    };
  }

  settled(answered = false, refused = false) {
    if (!this.inflight) return;
    this.inflight();
    this.inflight = null;
    if (!answered || !this.held.length) return;
    if (refused) {
      const n = this.held.length;
      this.held = [];
      (this.say || (() => {}))(`${n} more move${n !== 1 ? "s" : ""} made after it, on a position that never was, ${n !== 1 ? "were" : "was"} not sent`);
      return;
    }
    Promise.resolve().then(() => this.release(this.kernelAlive, this.say));
  }

  /** The kernel answered (`alive`) or is known missing: the held intents are played, in
   * order, by the side that holds the game.  To the page's engine at once; to Python one by
   * one, each sent when Python has answered the one before (so each is stamped with the
   * position it is played on) — and the first Python refuses drops the rest (they were made
   * after it, on a position that never was), said by `note`. */
  release(alive, note = () => {}) {
    this.kernelAlive = alive;
    if (note) this.say = note;
    if (this.flushing || !this.held.length) return Promise.resolve(0);
    if (!alive && alive !== undefined && !this.local) return Promise.resolve(0); // (kept until a side can play them)
    if (this.local) {
      let n = 0;
      while (this.held.length) {
        this.sendNow(this.held.shift());
        n += 1;
      }
      return Promise.resolve(n);
    }
    this.flushing = true;
    return new Promise((resolve) => {
      let played = 0;
      const next = () => {
        if (!this.held.length || this.local) {
          this.flushing = false;
          if (this.held.length) this.release(this.kernelAlive, note); // (the page took over)
          resolve(played);
          return;
        }
        const intent = this.held.shift();
        if (!VERSIONED.has(intent.type)) { // (no position named: nothing to wait for)
          this.sendNow(intent);
          played += 1;
          next();
          return;
        }
        const stops = [];
        const done = (refused) => {
          for (const s of stops.splice(0)) s();
          played += 1;
          if (refused && this.held.length) {
            const n = this.held.length;
            this.held = [];
            note(`${n} more move${n !== 1 ? "s" : ""} made after it, on a position that never was, ${n !== 1 ? "were" : "was"} not sent`);
          }
          // (the next one once the whole update is in: a front end may announce its keys
          // one by one, marimo's does)
          Promise.resolve().then(next);
        };
        stops.push(this.watch(ANSWERS, () => done(false)));
        stops.push(this.onMessage((msg) => {
          if (answersIntent(msg)) done(true);
        }));
        try {
          this.sendNow(intent);
        } catch (err) {
          for (const s of stops.splice(0)) s();
          this.held = [];
          this.flushing = false;
          note(`cannot reach the kernel: ${err && err.message ? err.message : err}`);
          resolve(played);
        }
      };
      next();
    });
  }

  /** The player changed a view option (the View panel's, the toolbar's toggles): Python
   * checks and applies it — a `view_option` intent, in order with the moves (held with them
   * while the board waits for Python), never a write of the trait, which Python publishes.
   * Until Python's answer the views show the choice (`get` reads it: `pending`); Python's
   * trait, when it comes, or its refusal, ends that.  Where the page's engine plays (no
   * kernel) the choice is the page's own; a kernel whose board has no such intent (an older
   * widget) gets the trait written, as it used to take it. */
  setOption(name, value) {
    this.pending.set(name, value);
    if (!this.pendingWatch.has(name)) {
      this.pendingWatch.add(name);
      // (Python's value arrived: it is the truth from now on)
      this.watch([name], () => this.pending.delete(name));
    }
    if (!this.local && takesIntent(this.model, "view_option")) {
      this.send({ type: "view_option", name, value });
      return;
    }
    if (this.local) {
      this.localOption(name, value);
      return;
    }
    this.model.set(name, value);
    this.model.save_changes();
  }

  /** A view option where the page's engine plays: the page's own model keeps it. */
  localOption(name, value) {
    this.localOptions.set(name, value);
    try {
      this.model.set(name, value);
    } catch {
      /* (a model that cannot be set: the view keeps the choice, `pending`) */
    }
  }

  /** Python answered after all (kernel.js stopLocal): the view options chosen while the
   * page played go to it, as the player's intents. */
  handOverOptions() {
    const chosen = [...this.localOptions];
    this.localOptions.clear();
    if (!takesIntent(this.model, "view_option")) return;
    for (const [name, value] of chosen) this.setOption(name, value);
  }

  /** Python refused a view option (or a view is drawn afresh from Python's state): what the
   * views show is Python's again. */
  dropPending() {
    this.pending.clear();
  }
}

/** Does the kernel behind `model` take intents of type `kind`?  (Its board publishes the
 * intents it takes; an older board publishes none.) */
export function takesIntent(model, kind) {
  let intents;
  try {
    intents = model.get("intents");
  } catch {
    return false;
  }
  return Array.isArray(intents) && intents.includes(kind);
}

/** A refusal of the intent awaited (a view option's refusal answers no move). */
function answersIntent(msg) {
  return !!(msg && msg.type === "refused" && msg.intent !== "view_option");
}

function off(model, name, fn) {
  try {
    model.off(name, fn);
  } catch {
    /* (MyST's model has no `off` yet: the view is gone with its element anyway) */
  }
}

const TABLES = new WeakMap();

/** The table of `model` (made once, in initialize, or on first use). */
export function tableFor(model) {
  let t = TABLES.get(model);
  if (!t) {
    t = new Table(model);
    TABLES.set(model, t);
  }
  return t;
}

export function dropTable(model) {
  const t = TABLES.get(model);
  if (t) t.stopAnswering();
  TABLES.delete(model);
}
