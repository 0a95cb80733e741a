// The table: one per widget model, made in anywidget's `initialize` (the coordinator every
// view of the model shares, as quak's widget.ts and lonboard's src/model/* do).  It reads
// the snapshot Python publishes and sends intents stamped with the position they were meant
// for; it holds no game state of its own.  The views (view.js) and their controllers only
// ever talk to the model through it.

export class Table {
  constructor(model) {
    this.model = model;
    // the front-end engine playing where no kernel answers (kernel.js playLocally), else null
    this.local = null;
    this.handlers = new Set(); // the views' message handlers (the local engine's refusals too)
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

  get(name) {
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
    const b = this.board();
    const msg = { ...intent };
    if (intent.type !== "new_game") {
      msg.ply = b.ply;
      msg.version = b.version;
    }
    if (this.local) this.local.intent(msg);
    else this.model.send(msg);
  }

  /** Set a front-end-writable view option (a synced trait Python checks). */
  setOption(name, value) {
    this.model.set(name, value);
    try {
      this.model.save_changes();
    } catch (err) {
      if (!this.local) throw err; // (a static page's model may not sync: nothing to sync to)
    }
  }
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
  TABLES.delete(model);
}
