// One view of the widget: the coordinator of small controllers, each drawing its part from
// the snapshot Python publishes and turning the player's clicks, drags and keys into intents:
//   Toolbar        title line, buttons, deal box, variant picker, options, the confirmation
//   Panels         the popovers (keys help, statistics)
//   BoardRenderer  the felt: piles and cards, highlights, the moved cards' glide
//   Picker         click to pick and put down, double-click home
//   DragController drag and drop
//   KeysController the keyboard
//   ReplayController the replay of a solved line
//   StatusLine     the status line, the live region, the banner
//   AnalysisPanel  "Where did I go wrong?" (analysis.js)
// The view never decides whether a move is legal: it highlights the legal moves Python
// published and sends what the player asks for; Python accepts it or says why not.

import { AnalysisPanel } from "./analysis.js";
import { DragController } from "./dragging.js";
import { h, mark, now, prefersReducedMotion } from "./dom.js";
import { KeysController } from "./keys.js";
import { KernelWatch } from "./kernel.js";
import { Panels } from "./panels.js";
import { Picker } from "./picking.js";
import { BoardRenderer } from "./renderer.js";
import { ReplayController } from "./replay.js";
import { StatusLine } from "./status.js";
import { Table, tableFor } from "./table.js";
import { Toolbar } from "./toolbar.js";

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
    this.root = h(this.doc, "div", {
      class: "fsw-root",
      "data-lm-suppress-shortcuts": true,
      role: "application",
      "aria-roledescription": "card game",
    });
    this.panels = new Panels(this);
    this.toolbar = new Toolbar(this);
    this.replay = new ReplayController(this);
    this.renderer = new BoardRenderer(this);
    this.statusLine = new StatusLine(this);
    this.picker = new Picker(this);
    this.dragger = new DragController(this);
    this.keys = new KeysController(this);
    this.analysisPanel = new AnalysisPanel(this);
    this.root.append(
      this.toolbar.head, this.toolbar.el, this.toolbar.confirmBar, this.statusLine.banner,
      this.replay.bar, this.renderer.wrap,
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
    return !!(this.kernel && this.kernel.alive === false);
  }

  on(target, type, fn, opts) {
    target.addEventListener(type, fn, opts);
    this.disposers.push(() => target.removeEventListener(type, fn, opts));
  }

  send(intent) {
    if (this.offline()) {
      this.note("Playing needs Python: this page has no live kernel (replay and browsing work)");
      return;
    }
    this.statusLine.localNote = "";
    mark(this.win, "fsw:send");
    try {
      this.table.send(intent);
    } catch (err) {
      this.note(`cannot reach the kernel: ${err && err.message ? err.message : err}`);
    }
  }

  /** The move intent (the picker, the drag and double-click all send it here). */
  move(card, source, target) {
    this.send({ type: "move", card, source, target });
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
    for (const c of [this.toolbar, this.panels, this.replay, this.statusLine, this.picker, this.dragger, this.keys]) c.listen();
    this.kernel = new KernelWatch(this.model, this.win, (alive) => this.onKernel(alive));
    this.disposers.push(() => this.kernel.dispose());
    this.kernel.ping();
    // a click anywhere on the board that left the focus outside it (on the notebook, say)
    // gives the board the keyboard
    this.on(this.root, "click", (e) => this.claimFocus(e));
    // the clock stops while the page is hidden (Python keeps the time; this view ticks it)
    this.on(this.doc, "visibilitychange", () => {
      if (this.offline()) return;
      try {
        t.setOption("paused", !!this.doc.hidden);
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

  destroy() {
    this.analysisPanel.destroy();
    for (const d of this.disposers.splice(0)) d();
    this.root.remove();
  }

  onBoard() {
    mark(this.win, "fsw:board");
    this.publishedAt = now(this.win);
    if (this.kernel) this.kernel.heard();
    this.toolbar.onBoard();
    this.picker.clear();
    this.statusLine.localNote = "";
    this.render(true);
    mark(this.win, "fsw:rendered");
  }

  onKernel(alive) {
    this.root.dataset.kernel = alive ? "live" : "none";
    this.root.classList.toggle("fsw-no-kernel", !alive);
    this.render(false);
  }

  onCustom(msg) {
    if (!msg || msg.type !== "refused") return;
    this.picker.set(null);
    this.root.classList.remove("fsw-shake");
    void this.root.offsetWidth;
    if (!prefersReducedMotion(this.win)) this.root.classList.add("fsw-shake");
  }

  // -- drawing ---------------------------------------------------------------------------
  renderAll() {
    this.toolbar.renderVariants();
    this.toolbar.renderOptions();
    this.render(false);
    this.replay.onChange(true);
  }

  /** Everything drawn from the snapshot; `animate`: let the last move glide in. */
  render(animate) {
    this.renderer.render(animate);
    this.toolbar.render();
    this.statusLine.renderBanner();
    this.panels.render();
    this.renderMessages();
  }

  renderMessages() {
    this.statusLine.render();
    this.toolbar.renderBusy();
    this.analysisPanel.render();
  }
}
