// One view of the widget: the coordinator of small controllers, each drawing its part from
// the snapshot Python publishes and turning the player's clicks, drags and keys into intents:
//   Toolbar        title line, buttons, deal box, variant picker, options
//   Panels         the popovers (keys help, statistics and the deals played)
//   ViewOptions    card face, table colour, sounds (Sounds: made with WebAudio)
//   DemoController the solver playing the deal at a watchable pace
//   BoardRenderer  the felt: piles and cards, highlights, the moved cards' glide
//   Picker         click to pick and put down, double-click home
//   DragController drag and drop
//   KeysController the keyboard
//   ReplayController the replay of a solved line
//   StatusLine     the status line, the live region
//   Banner         Python's ui.banner and its offers (or the page's no-kernel notice)
//   MessageRow     the band above the felt holding the banner, the demo bar or the replay bar
//   AnalysisPanel  "Where did I go wrong?" (analysis.js)
// The view never decides whether a move is legal: it highlights the legal moves Python
// published and sends what the player asks for; Python accepts it or says why not.

import { AnalysisPanel } from "./analysis.js";
import { Banner } from "./banner.js";
import { DemoController } from "./demo.js";
import { DragController } from "./drag-controller.js";
import { h, mark, now, prefersReducedMotion } from "./dom.js";
import { KeysController } from "./keys.js";
import { KernelWatch, playLocally, staticPage, stopLocal } from "./kernel.js";
import { ViewOptions } from "./options.js";
import { Panels } from "./panels.js";
import { Picker } from "./picking.js";
import { BoardRenderer } from "./renderer.js";
import { ReplayController } from "./replay.js";
import { Sounds, soundFor } from "./sounds.js";
import { StatusLine } from "./status.js";
import { Table, tableFor } from "./table.js";
import { Toolbar } from "./toolbar.js";
import { MessageRow } from "./message-row.js";

const kernellessBoard = (b) => !b || !Object.keys(b).length;

export class BoardView {
  /** `model`: the anywidget model, or its Table (made in initialize). */
  constructor(model, el) {
    this.table = model instanceof Table ? model : tableFor(model);
    this.model = this.table.model;
    this.el = el;
    this.doc = el.ownerDocument;
    this.win = this.doc.defaultView;
    this.disposers = [];
    this.publishedAt = now(this.win);
    this.shownVersion = this.table.board().version;
    this.previewed = null; // a move drawn at once, waiting for Python's board
    this.lastBoard = this.table.board();
    this.sentAt = 0;
    this.root = h(this.doc, "div", {
      class: "fsw-root",
      "data-lm-suppress-shortcuts": true,
      role: "application",
      "aria-roledescription": "card game",
    });
    this.sounds = new Sounds(this.win);
    this.options = new ViewOptions(this);
    this.demo = new DemoController(this);
    this.panels = new Panels(this);
    this.toolbar = new Toolbar(this);
    this.replay = new ReplayController(this);
    this.renderer = new BoardRenderer(this);
    this.statusLine = new StatusLine(this);
    this.banner = new Banner(this);
    this.tray = new MessageRow(this, { replay: this.replay.bar, demo: this.demo.bar, banner: this.banner });
    this.picker = new Picker(this);
    this.dragger = new DragController(this);
    this.keys = new KeysController(this);
    this.analysisPanel = new AnalysisPanel(this);
    // the message row (always there, of one height) and the felt: no banner or bar ever
    // moves the piles or lies over a card
    this.stage = h(this.doc, "div", { class: "fsw-stage" }, this.tray.el, this.renderer.wrap);
    this.root.append(
      this.toolbar.head, this.toolbar.el, this.stage,
      h(this.doc, "div", { class: "fsw-foot" }, this.statusLine.el, this.replay.enterButton),
      this.analysisPanel.root, this.statusLine.live);
    this.el.appendChild(this.root);
    this.listen();
    this.renderAll();
  }

  // -- what the controllers share --------------------------------------------------------
  board() {
    return this.table.board();
  }

  /** The replay's frame index, or null for the live game (read by the analysis panel). */
  get replayIndex() {
    return this.replay.index;
  }

  replaying() {
    return this.replay.active();
  }

  offline() {
    return !!(this.kernel && this.kernel.alive === false && !this.table.local);
  }

  /** The board plays on the page's own engine (no kernel): what needs Python says so. */
  needsPython() {
    return this.table.local ? this.table.local.needsPython : "";
  }

  on(target, type, fn, opts) {
    target.addEventListener(type, fn, opts);
    this.disposers.push(() => target.removeEventListener(type, fn, opts));
  }

  send(intent) {
    if (!this.table.local && this.kernel && this.kernel.alive === false) playLocally(this.table);
    if (this.offline()) {
      this.note("Playing needs Python: this page has no live kernel (replay and browsing work)");
      return false;
    }
    this.statusLine.localNote = "";
    mark(this.win, "fsw:send");
    this.sentAt = now(this.win); // (the view that asked is the one that sounds)
    try {
      // (said while no kernel has answered yet, or when Python is slow to answer a click —
      // not for the one click that waits a moment behind another, as quick clicks do)
      const n = this.table.send(intent) === "held" ? this.table.held.length : 0;
      if (n && (this.table.kernelAlive === null || n > 1)) {
        this.note(`Waiting for Python to answer: ${n} move${n !== 1 ? "s" : ""} kept, played when it does`);
      }
      return true;
    } catch (err) {
      this.note(`cannot reach the kernel: ${err && err.message ? err.message : err}`);
      return false;
    }
  }

  /** The move intent (the picker, the drag and double-click all send it here).  A move that
   * Python published as legal is drawn at once while Python confirms it (it decides: its
   * board, a moment later, is what stays); any other is only asked, and Python says why not. */
  move(card, source, target) {
    const b = this.board();
    const listed = (b.legal || []).some(([c, s, t]) => s === source && t === target && (c === card || s === "stock"));
    if (!this.send({ type: "move", card, source, target })) return;
    if (listed && !this.replaying() && this.renderer.preview(card, source, target)) {
      this.previewed = { card, source, target, version: b.version };
    }
  }

  note(text) {
    this.statusLine.note(text);
  }

  // -- events ----------------------------------------------------------------------------
  listen() {
    const t = this.table;
    const watch = (names, fn) => this.disposers.push(t.watch(names, fn));
    watch(["board"], () => this.onBoard());
    watch(["message_serial"], () => {
      this.statusLine.localNote = ""; // the kernel's word comes after the view's own notes
      this.renderMessages();
    });
    watch(["message", "message_kind", "busy"], () => this.renderMessages());
    watch(["four_colour", "auto_home"], () => this.toolbar.renderOptions());
    watch(["replay"], () => this.replay.onChange());
    watch(["variants"], () => this.toolbar.renderVariants());
    watch(["analysis"], () => {
      this.analysisPanel.render();
      this.renderer.highlight();
    });
    this.disposers.push(t.onMessage((msg) => this.onCustom(msg)));
    watch(["card_face", "table_colour", "piles", "sounds", "auto_home_rule"], () => this.options.render());
    for (const c of [this.toolbar, this.panels, this.options, this.demo, this.replay, this.statusLine, this.banner, this.picker, this.dragger, this.keys]) c.listen();
    this.disposers.push(() => this.sounds.dispose());
    this.kernel = new KernelWatch(this.model, this.win, (alive) => this.onKernel(alive));
    this.kernel.note = (text) => this.note(text);
    this.disposers.push(() => this.kernel.dispose());
    this.kernel.ping();
    // a click anywhere on the board that left the focus outside it (on the notebook, say)
    // gives the board the keyboard
    this.on(this.root, "click", (e) => this.claimFocus(e));
    // the clock stops while the page is hidden (Python keeps the time; this view ticks it)
    this.on(this.doc, "visibilitychange", () => {
      if (this.offline()) return;
      try {
        t.pause(this.doc.hidden);
      } catch {
        /* no kernel: nothing to pause */
      }
      this.toolbar.tick();
    });
  }

  claimFocus(e) {
    const active = this.doc.activeElement;
    if (active && this.root.contains(active)) return;
    const target = e.target;
    if (target && target.closest && target.closest("input, select, textarea, button, summary, a")) return;
    this.renderer.wrap.focus({ preventScroll: true });
  }

  /** A sound, if the player turned them on. */
  sound(kind) {
    if (this.options.get("sounds")) this.sounds.play(kind);
  }

  destroy() {
    this.analysisPanel.destroy();
    for (const d of this.disposers.splice(0)) d();
    this.root.remove();
  }

  onBoard() {
    mark(this.win, "fsw:board");
    const b = this.board();
    this.publishedAt = now(this.win);
    // (a board from Python says a kernel is there; one from the page's own engine does not)
    if (this.kernel && !this.table.local) this.kernel.heard();
    this.toolbar.onBoard();
    this.panels.onBoard();
    // a new position (not, say, a panel opened): the pick goes, the move glides in
    const moved = b.version !== this.shownVersion;
    this.shownVersion = b.version;
    let animate = moved;
    const p = this.previewed;
    if (moved && p) {
      const m = b.last && b.last.kind === "move" && b.last.move;
      if (m && m[0] === p.card && m[1] === p.source && m[2] === p.target) animate = "previewed";
      this.previewed = null;
    }
    if (moved) {
      this.picker.clear();
      this.statusLine.localNote = "";
      const kind = soundFor(b, this.lastBoard);
      if (kind && (kind === "won" || (this.sentAt && now(this.win) - this.sentAt < 3000))) this.sound(kind);
    }
    this.lastBoard = b;
    this.render(animate);
    mark(this.win, "fsw:rendered");
  }

  onKernel(alive) {
    if (alive) stopLocal(this.table, (text) => this.note(text));
    else if (!playLocally(this.table, { unsure: !this.kernel.seesKernel() && !staticPage(this.model, this.win) }) && this.table.localError && kernellessBoard(this.board())) {
      // a page of its own whose model names a game that cannot be dealt: say why
      this.note(`This board cannot be dealt: ${this.table.localError}`.slice(0, 300));
    }
    this.root.dataset.kernel = alive ? "live" : this.table.local ? "local" : "none";
    this.root.classList.toggle("fsw-no-kernel", !alive);
    this.render(false);
  }

  onCustom(msg) {
    if (!msg || msg.type !== "refused") return;
    if (msg.intent === "view_option") {
      // (Python refused a view option: the views show Python's choice again)
      this.table.dropPending();
      this.options.render();
      this.toolbar.renderOptions();
      return;
    }
    // (a refusal of what the Stats panel asked is said there too, where the player looks)
    if (msg.intent === "how_won" && this.panels.isOpen("stats")) this.panels.showRefusal(String(msg.reason || ""));
    if (this.sentAt && now(this.win) - this.sentAt < 3000) this.sound("refused");
    if (this.previewed) {
      // the move drawn at once was refused (the board had changed): back to Python's board
      this.previewed = null;
      this.render(false);
    }
    this.picker.set(null);
    this.root.classList.remove("fsw-shake");
    void this.root.offsetWidth;
    if (!prefersReducedMotion(this.win)) this.root.classList.add("fsw-shake");
  }

  // -- drawing ---------------------------------------------------------------------------
  renderAll() {
    this.toolbar.renderVariants();
    this.toolbar.renderOptions();
    this.options.render();
    this.render(false);
    this.replay.onChange(true);
  }

  /** Everything drawn from the snapshot; `animate`: let the last move glide in. */
  render(animate) {
    this.renderer.render(animate);
    this.toolbar.render();
    this.banner.render();
    this.demo.render();
    this.tray.render();
    this.panels.render();
    this.renderMessages();
  }

  renderMessages() {
    this.statusLine.render();
    this.toolbar.renderBusy();
    this.analysisPanel.render();
  }
}
