// One view of the widget: renders what Python publishes and turns clicks, drags and keys into
// intents.  It never decides whether a move is legal: it highlights the legal moves Python
// published, and sends what the player asks for; Python accepts it or says why not.

import { AnalysisPanel } from "./analysis.js";
import { applyHighlights, patchBoard, renderBoard } from "./board.js";
import { cardName, parseCode } from "./cards.js";
import { bannerFor, bannerIntent, inProgress } from "./banner.js";
import { makeGhost } from "./drag.js";
import { KernelWatch } from "./kernel.js";
import { clockNow, formatClock, statsRows } from "./stats-panel.js";
import { watchDetails } from "./popover.js";
import { layoutFor, neighbour } from "./layout.js";

// Replay control icons (SVG paths in a 16×16 box, drawn in the button's text colour).
// Play is a large plain triangle; the steps carry a bar (|◀ ▶|), the ends two triangles and a
// bar (|◀◀ ▶▶|): they no longer look alike.
const ICONS = {
  first: "M1 3h2v10H1zM9 3v10L4 8zM15 3v10l-5-5z",
  prev: "M3 3h2v10H3zM13 3v10L6 8z",
  play: "M3 1.5v13L14.5 8z",
  pause: "M4 3h3v10H4zM9 3h3v10H9z",
  next: "M11 3h2v10h-2zM3 3v10l7-5z",
  last: "M13 3h2v10h-2zM1 3v10l5-5zM7 3v10l5-5z",
};

function setIcon(button, name) {
  const NS = "http://www.w3.org/2000/svg";
  const doc = button.ownerDocument;
  const svg = doc.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("width", "1em");
  svg.setAttribute("height", "1em");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = doc.createElementNS(NS, "path");
  path.setAttribute("d", ICONS[name]);
  path.setAttribute("fill", "currentColor");
  svg.appendChild(path);
  button.replaceChildren(svg);
  button.dataset.icon = name;
}

const KEYS_HELP = [
  ["Tab / arrow keys", "move between piles"],
  ["Enter or Space", "pick up the top card; again on another pile to put it there"],
  ["Enter on the same pile", "pick a longer run (where runs move), then put it back"],
  ["Escape", "put the card back; stop a running search"],
  ["T", "turn the stock"],
  ["U  (Ctrl+Z)", "undo"],
  ["Y  (Shift+U, Ctrl+Y)", "redo"],
  ["H", "hint"],
  ["A", "auto-finish"],
  ["Double-click", "send a card home"],
];

const SPEEDS = [["slow", 900], ["normal", 450], ["fast", 160]];

function h(doc, tag, attrs = {}, ...children) {
  const el = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("data-") || k.startsWith("aria-") || k === "role" || k === "title"
      || k === "type" || k === "min" || k === "max" || k === "step" || k === "value"
      || k === "for" || k === "id" || k === "inputmode" || k === "placeholder" || k === "tabindex") {
      el.setAttribute(k, v === true ? "" : String(v));
    } else el[k] = v;
  }
  for (const c of children) if (c != null) el.append(c);
  return el;
}

// performance marks for benchmarks/browser_latency.py: intent sent, board received, drawn
function mark(win, name) {
  try {
    win.performance.mark(name);
  } catch {
    /* no performance API: nothing to record */
  }
}

function prefersReducedMotion(win) {
  try {
    return !!(win && win.matchMedia && win.matchMedia("(prefers-reduced-motion: reduce)").matches);
  } catch {
    return false;
  }
}

export class BoardView {
  constructor(model, el) {
    this.model = model;
    this.el = el;
    this.doc = el.ownerDocument;
    this.win = this.doc.defaultView;
    this.selected = null; // {card, source}
    this.replayIndex = null; // a frame of model.replay, or null for the live game
    this.replayTimer = null;
    this.replaySpeed = 450;
    this.drag = null;
    this.suppressClick = false;
    this.lastSerial = model.get("message_serial");
    this.publishedAt = this.win.performance ? this.win.performance.now() : 0;
    this.dismissed = null;
    this.localNote = "";
    this.disposers = [];
    this.build();
    this.listen();
    this.renderAll(false);
  }

  // -- building the frame ---------------------------------------------------------------
  build() {
    const { doc } = this;
    const root = h(doc, "div", {
      class: "fsw-root",
      "data-lm-suppress-shortcuts": true,
      role: "application",
      "aria-roledescription": "card game",
    });
    this.root = root;
    this.titleEl = h(doc, "div", { class: "fsw-title" });
    this.summaryEl = h(doc, "div", { class: "fsw-summary" });
    const button = (action, text, title, extra = {}) =>
      h(doc, "button", { type: "button", class: "fsw-btn", "data-action": action, title, text, ...extra });
    this.buttons = {
      new: button("new", "New deal", "Deal a new game with a random seed"),
      deal: button("deal", "Deal #", "Deal the game typed beside: a PySolFC deal number (PySolFC's own rules), or 'seed' and a number"),
      restart: button("restart", "Restart", "Back to the deal (the moves can be redone)"),
      undo: button("undo", "Undo", "Take back the last move (U)"),
      redo: button("redo", "Redo", "Play again the move taken back (Y)"),
      hint: button("hint", "Hint", "The solver's next move: perfect-information advice, it knows the stock (H)"),
      auto: button("auto_finish", "Auto-finish", "Send cards home while a win stays proved (A)"),
      solve: button("solve", "Solve ▸ replay", "Solve this position and replay the line, step by step"),
      cancel: button("cancel", "Cancel", "Stop the search (the board stays playable while it runs)", { hidden: true }),
    };
    this.seedInput = h(doc, "input", {
      class: "fsw-seed", type: "text", spellcheck: "false", autocomplete: "off", maxlength: "30",
      "data-role": "seed", "aria-label": "deal number: a PySolFC deal number, or seed and a number",
      title: "This deal: a PySolFC deal number (123, ms123) or 'seed 42'. Type one and press Enter to deal it",
    });
    this.variantSelect = h(doc, "select", { class: "fsw-variant", "data-role": "variant", "aria-label": "variant", title: "Variant" });
    this.fourColour = h(doc, "input", { type: "checkbox", "data-role": "four-colour" });
    this.autoHome = h(doc, "input", { type: "checkbox", "data-role": "auto-home" });
    const autoLabel = h(doc, "label", { class: "fsw-check", title: "After each move, cards that are proved safe go home by themselves (one undo takes them back with the move)" },
      this.autoHome, h(doc, "span", { text: "Auto home" }));
    const fourLabel = h(doc, "label", { class: "fsw-check", title: "Four-colour deck: ♠ black, ♥ red, ♦ blue, ♣ green" },
      this.fourColour, h(doc, "span", { text: "4 colours" }));
    this.helpPanel = h(doc, "dl", { class: "fsw-popover", "data-role": "help-panel" },
      ...KEYS_HELP.flatMap(([k, v]) => [h(doc, "dt", { text: k }), h(doc, "dd", { text: v })]));
    const help = h(doc, "details", { class: "fsw-help", "data-role": "help" },
      h(doc, "summary", { title: KEYS_HELP.map(([k, v]) => `${k}: ${v}`).join("\n"), text: "Keys" }),
      this.helpPanel);
    this.help = help;
    this.statsPanel = h(doc, "dl", { class: "fsw-popover", "data-role": "stats-panel" });
    this.statsBox = h(doc, "details", { class: "fsw-help fsw-stats", "data-role": "stats" },
      h(doc, "summary", { title: "Your games of this variant, kept between sessions", text: "Stats" }),
      this.statsPanel);
    this.clockEl = h(doc, "span", { class: "fsw-clock", "data-role": "clock", "aria-label": "time played", title: "Time played (stops while the page is hidden)" });
    const group = (...kids) => h(doc, "div", { class: "fsw-group" }, ...kids);
    this.toolbar = h(doc, "div", { class: "fsw-toolbar", role: "toolbar", "aria-label": "game controls" },
      group(this.buttons.new, h(doc, "span", { class: "fsw-seed-wrap" }, h(doc, "span", { class: "fsw-seed-label", text: "#" }), this.seedInput), this.buttons.deal, this.variantSelect),
      group(this.buttons.restart, this.buttons.undo, this.buttons.redo),
      group(this.buttons.hint, this.buttons.auto, this.buttons.solve, this.buttons.cancel),
      group(autoLabel, fourLabel, this.statsBox, help));
    this.banner = h(doc, "div", { class: "fsw-banner", "data-role": "banner", hidden: true });
    // the in-board confirmation (never a browser dialog) before a game in progress is dropped
    this.confirmText = h(doc, "span", { class: "fsw-confirm-text" });
    this.confirmYes = h(doc, "button", { type: "button", class: "fsw-btn fsw-primary", "data-confirm": "yes", text: "Deal anyway" });
    this.confirmNo = h(doc, "button", { type: "button", class: "fsw-btn", "data-confirm": "no", text: "Keep playing" });
    this.confirmBar = h(doc, "div", { class: "fsw-confirm", "data-role": "confirm", role: "alertdialog", "aria-label": "confirm", hidden: true },
      this.confirmText, this.confirmYes, this.confirmNo);
    this.pending = null;

    // replay controls
    // Icons are inline SVG: media-control glyphs (⏮ ⏸ ⏭) are missing from many system fonts.
    const rb = (action, icon, title) => {
      const b = h(doc, "button", { type: "button", class: "fsw-btn fsw-rbtn", "data-replay": action, title, "aria-label": title });
      setIcon(b, icon);
      return b;
    };
    this.replayButtons = {
      first: rb("first", "first", "first position"),
      prev: rb("prev", "prev", "step back"),
      play: rb("play", "play", "play"),
      next: rb("next", "next", "step forward"),
      last: rb("last", "last", "last position"),
    };
    this.slider = h(doc, "input", { type: "range", min: "0", max: "0", step: "1", value: "0", class: "fsw-slider", "data-role": "replay-slider", "aria-label": "replay position" });
    this.speed = h(doc, "select", { class: "fsw-speed", "data-role": "replay-speed", "aria-label": "replay speed" },
      ...SPEEDS.map(([name, ms]) => h(doc, "option", { value: String(ms), text: name, selected: ms === this.replaySpeed })));
    this.replayInfo = h(doc, "span", { class: "fsw-replay-info", "data-role": "replay-info" });
    this.replayLeave = h(doc, "button", { type: "button", class: "fsw-btn fsw-primary", "data-replay": "leave", text: "Back to the game" });
    this.replayEnter = h(doc, "button", { type: "button", class: "fsw-btn", "data-replay": "enter", text: "Watch the solution", hidden: true });
    this.replayBar = h(doc, "div", { class: "fsw-replay", "data-role": "replay", hidden: true, role: "group", "aria-label": "replay of the solver's line" },
      this.replayButtons.first, this.replayButtons.prev, this.replayButtons.play, this.replayButtons.next, this.replayButtons.last,
      this.slider, this.speed, this.replayInfo, this.replayLeave);

    // focusable (not in the tab order: the piles are), so that a click on the felt gives the
    // board the keyboard; the ring shows on the felt while the board has it
    this.boardWrap = h(doc, "div", { class: "fsw-board-wrap", tabindex: "-1", "data-role": "felt" });
    this.status = h(doc, "div", { class: "fsw-status", "data-role": "status" });
    this.live = h(doc, "div", { class: "fsw-live", "data-role": "live", "aria-live": "polite", role: "status" });
    root.append(
      h(doc, "div", { class: "fsw-head" }, this.titleEl, this.summaryEl, this.clockEl),
      this.toolbar, this.confirmBar, this.banner, this.replayBar, this.boardWrap,
      h(doc, "div", { class: "fsw-foot" }, this.status, this.replayEnter), this.live);
    this.analysisPanel = new AnalysisPanel(this);
    root.insertBefore(this.analysisPanel.root, this.live);
    this.el.appendChild(root);
  }

  // -- events ----------------------------------------------------------------------------
  on(target, type, fn, opts) {
    target.addEventListener(type, fn, opts);
    this.disposers.push(() => target.removeEventListener(type, fn, opts));
  }

  listen() {
    const m = this.model;
    const onChange = (names, fn) => {
      for (const n of names) {
        m.on(`change:${n}`, fn);
        this.disposers.push(() => m.off(`change:${n}`, fn));
      }
    };
    onChange(["board"], () => this.onBoard());
    onChange(["message_serial"], () => {
      this.localNote = ""; // the kernel's word comes after the view's own notes
      this.renderMessages();
    });
    onChange(["message", "message_kind", "busy"], () => this.renderMessages());
    onChange(["four_colour"], () => this.renderOptions());
    onChange(["replay"], () => this.onReplay());
    onChange(["variants"], () => this.renderVariants());
    onChange(["analysis"], () => {
      this.analysisPanel.render();
      this.highlight();
    });
    const onCustom = (msg) => this.onCustom(msg);
    m.on("msg:custom", onCustom);
    this.disposers.push(() => m.off("msg:custom", onCustom));

    this.on(this.toolbar, "click", (e) => this.onToolbar(e));
    this.on(this.replayBar, "click", (e) => this.onReplayButton(e));
    this.on(this.replayEnter, "click", () => this.enterReplay(0));
    this.on(this.slider, "input", () => this.showFrame(Number(this.slider.value)));
    this.on(this.speed, "change", () => {
      this.replaySpeed = Number(this.speed.value) || 450;
      if (this.replayTimer) this.play();
    });
    this.on(this.seedInput, "keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        this.dealSeed();
      }
      e.stopPropagation();
    });
    this.on(this.variantSelect, "change", () => {
      const b = this.board();
      const variant = this.variantSelect.value;
      this.variantSelect.value = b.variant; // until it is dealt
      const title = (this.variantSelect.querySelector(`option[value="${variant}"]`) || {}).textContent || variant;
      this.confirmThen(`Switch to ${title}?`, { type: "new_game", variant, seed: typeof b.seed === "number" ? b.seed : null });
    });
    this.on(this.confirmBar, "click", (e) => {
      const btn = e.target.closest && e.target.closest("button[data-confirm]");
      if (!btn) return;
      const intent = this.pending;
      this.closeConfirm();
      if (btn.dataset.confirm === "yes" && intent) this.send(intent);
    });
    this.on(this.banner, "click", (e) => {
      const btn = e.target.closest && e.target.closest("button[data-banner]");
      if (!btn) return;
      if (btn.dataset.banner === "dismiss") {
        this.dismissed = this.board().version;
        this.renderBoard(false);
        return;
      }
      const intent = bannerIntent(btn.dataset.banner, this.board());
      if (intent) this.send(intent);
    });
    this.on(this.autoHome, "change", () => {
      m.set("auto_home", this.autoHome.checked);
      m.save_changes();
    });
    onChange(["auto_home"], () => this.renderOptions());
    this.kernel = new KernelWatch(m, this.win, (alive) => this.onKernel(alive));
    this.disposers.push(() => this.kernel.dispose());
    this.kernel.ping();
    this.on(this.fourColour, "change", () => {
      m.set("four_colour", this.fourColour.checked);
      m.save_changes();
    });
    this.on(this.boardWrap, "click", (e) => this.onClick(e));
    this.on(this.boardWrap, "dblclick", (e) => this.onDoubleClick(e));
    this.on(this.boardWrap, "pointerdown", (e) => this.onPointerDown(e));
    this.on(this.root, "keydown", (e) => this.onKey(e));
    // a click anywhere on the board that left the focus outside it (on the notebook, say)
    // gives the board the keyboard
    this.on(this.root, "click", (e) => this.claimFocus(e));
    this.disposers.push(watchDetails(this.win, this.root, this.help, this.helpPanel));
    this.disposers.push(watchDetails(this.win, this.root, this.statsBox, this.statsPanel));
    // the clock stops while the page is hidden (Python keeps the time; this view ticks it)
    this.on(this.doc, "visibilitychange", () => {
      if (this.offline()) return;
      try {
        m.set("paused", !!this.doc.hidden);
        m.save_changes();
      } catch {
        /* no kernel: nothing to pause */
      }
      this.tick();
    });
    this.clockTimer = null; // ticks only while the clock runs (see tick)
    this.disposers.push(() => this.win.clearInterval(this.clockTimer));
  }

  claimFocus(e) {
    const active = this.doc.activeElement;
    if (active && this.root.contains(active)) return;
    const t = e.target;
    if (t && t.closest && t.closest("input, select, textarea, button, summary, a")) return;
    this.boardWrap.focus({ preventScroll: true });
  }

  destroy() {
    this.stop();
    this.endDrag();
    this.analysisPanel.destroy();
    for (const d of this.disposers.splice(0)) d();
    this.root.remove();
  }

  board() {
    return this.model.get("board") || {};
  }

  send(intent) {
    const b = this.board();
    if (this.kernel && this.kernel.alive === false) {
      this.note("Playing needs Python: this page has no live kernel (replay and browsing work)");
      return;
    }
    this.localNote = "";
    const msg = { ...intent };
    if (intent.type !== "new_game") {
      msg.ply = b.ply;
      msg.version = b.version;
    }
    mark(this.win, "fsw:send");
    try {
      this.model.send(msg);
    } catch (err) {
      this.note(`cannot reach the kernel: ${err && err.message ? err.message : err}`);
    }
  }

  // -- rendering -------------------------------------------------------------------------
  renderAll(animate) {
    this.renderVariants();
    this.renderOptions();
    this.renderBoard(animate);
    this.renderMessages();
    this.onReplay(true);
  }

  tick() {
    const b = this.board();
    const secs = clockNow(b.clock, this.publishedAt || 0, this.win.performance ? this.win.performance.now() : 0, !this.doc.hidden);
    // (shown once the clock has started: from the first move made on the board)
    const text = b.clock && (b.clock.running || b.clock.seconds > 0) ? `time ${formatClock(secs)}` : "";
    if (this.clockEl.textContent !== text) this.clockEl.textContent = text;
    const running = !!(b.clock && b.clock.running);
    if (running && !this.clockTimer) this.clockTimer = this.win.setInterval(() => this.tick(), 1000);
    else if (!running && this.clockTimer) {
      this.win.clearInterval(this.clockTimer);
      this.clockTimer = null;
    }
  }

  renderStats() {
    const rows = statsRows(this.board().stats);
    this.statsPanel.replaceChildren(...rows.flatMap(([k, v]) => [h(this.doc, "dt", { text: k }), h(this.doc, "dd", { text: v })]));
  }

  onBoard() {
    mark(this.win, "fsw:board");
    this.publishedAt = this.win.performance ? this.win.performance.now() : 0;
    if (this.kernel) this.kernel.heard();
    if (this.pending && !inProgress(this.board())) this.closeConfirm();
    this.selected = null;
    this.localNote = "";
    this.renderBoard(true);
    this.renderMessages();
    mark(this.win, "fsw:rendered");
  }

  renderVariants() {
    const vs = this.model.get("variants") || [];
    const b = this.board();
    const have = [...this.variantSelect.options].map((o) => o.value).join(",");
    if (have !== vs.map((v) => v.name).join(",")) {
      this.variantSelect.replaceChildren(...vs.map((v) => h(this.doc, "option", { value: v.name, text: v.title, title: v.summary })));
    }
    if (b.variant) this.variantSelect.value = b.variant;
  }

  renderOptions() {
    const four = !!this.model.get("four_colour");
    this.root.classList.toggle("fsw-four-colour", four);
    this.fourColour.checked = four;
    const auto = this.model.get("auto_home");
    this.autoHome.checked = auto === undefined ? true : !!auto;
  }

  onKernel(alive) {
    this.root.dataset.kernel = alive ? "live" : "none";
    this.root.classList.toggle("fsw-no-kernel", !alive);
    this.renderBoard(false);
    this.renderMessages();
  }

  offline() {
    return !!(this.kernel && this.kernel.alive === false);
  }

  /** Ask inside the board before an intent that would drop a game in progress. */
  confirmThen(question, intent) {
    if (!inProgress(this.board())) {
      this.send(intent);
      return;
    }
    this.pending = intent;
    this.confirmText.textContent = `${question} The game in progress (move ${this.board().ply}) will be given up.`;
    this.confirmBar.hidden = false;
    this.confirmNo.focus({ preventScroll: true });
  }

  closeConfirm() {
    this.pending = null;
    this.confirmBar.hidden = true;
  }

  renderBoard(animate) {
    const b = this.board();
    const inReplay = this.replayIndex !== null && this.frames().length;
    const frame = inReplay ? this.frames()[this.replayIndex] : null;
    const focused = this.doc.activeElement && this.root.contains(this.doc.activeElement)
      ? this.doc.activeElement.closest && this.doc.activeElement.closest("[data-pile]") : null;
    const focusPile = focused ? focused.dataset.pile : null;

    const fresh = renderBoard(this.doc, b, frame);
    const el = this.boardEl && patchBoard(this.boardEl, fresh) ? this.boardEl : fresh;
    if (el === fresh) this.boardWrap.replaceChildren(el);
    this.boardEl = el;
    this.layout = layoutFor(b);
    this.highlight();

    const r = this.root;
    r.dataset.variant = b.variant || "";
    r.dataset.layout = b.layout || "";
    r.dataset.ply = String(b.ply ?? 0);
    r.dataset.version = String(b.version ?? 0);
    r.dataset.status = b.status || "";
    r.dataset.mode = inReplay ? "replay" : "live";
    r.classList.toggle("fsw-replaying", !!inReplay);
    this.titleEl.textContent = b.title || "Four Seasons";
    this.summaryEl.textContent = b.summary || "";
    if (this.doc.activeElement !== this.seedInput) {
      this.seedInput.value = b.pysol ? String(b.pysol) : typeof b.seed === "number" ? `seed ${b.seed}` : "";
      this.seedInput.placeholder = "123, ms123, seed 42";
    }
    const live = !inReplay;
    this.buttons.undo.disabled = !live || !b.can_undo;
    this.buttons.redo.disabled = !live || !b.can_redo;
    this.buttons.restart.disabled = !live || !b.ply;
    const playing = b.status === "playing";
    const busy = !!this.model.get("busy");
    this.buttons.hint.disabled = !live || !playing || busy;
    this.buttons.auto.disabled = !live || !playing || busy;
    this.buttons.auto.classList.toggle("fsw-ready", !!b.can_auto_finish);
    this.buttons.solve.disabled = !live || !playing || busy;
    this.buttons.new.disabled = !live;
    this.buttons.deal.disabled = !live;
    this.variantSelect.disabled = !live;

    const off = this.offline();
    for (const k of ["new", "deal", "restart", "undo", "redo", "hint", "auto", "solve"]) {
      if (off) this.buttons[k].disabled = true;
    }
    this.variantSelect.disabled = !live || off;
    this.seedInput.disabled = off;
    this.autoHome.disabled = off;
    this.renderBanner(bannerFor(b, { live, offline: off, dismissed: this.dismissed === b.version }));
    this.renderStats();
    this.tick();

    if (focusPile && el === fresh) {
      // (a patched board keeps its pile elements, and so the focus, without asking:
      // focusing again would run JupyterLab's focus handlers on every move)
      const again = el.querySelector(`[data-pile="${focusPile}"]`);
      if (again) again.focus({ preventScroll: true });
    }
    if (animate && !prefersReducedMotion(this.win)) {
      const last = inReplay ? this.replayStep : b.last;
      this.fly(last);
      // the cards that went home by themselves after the move, one after another
      if (!inReplay && last && Array.isArray(last.then)) {
        last.then.forEach((mv, k) => this.fly({ kind: "move", move: mv }, (k + 1) * 90));
      }
    }
  }

  renderBanner(info) {
    const banner = this.banner;
    if (!info) {
      banner.hidden = true;
      banner.replaceChildren();
      banner.className = "fsw-banner";
      return;
    }
    const key = `${info.kind}|${info.text}`;
    if (!banner.hidden && banner.dataset.key === key) return;
    banner.dataset.key = key;
    banner.hidden = false;
    banner.className = `fsw-banner fsw-${info.kind}`;
    banner.dataset.kind = info.kind;
    banner.replaceChildren(h(this.doc, "span", { class: "fsw-banner-text", text: info.text }),
      ...info.actions.map((a) => h(this.doc, "button", { type: "button", class: "fsw-btn", "data-banner": a.action, text: a.label })));
  }

  fly(last, delay = 0) {
    // The moved card glides in from the pile it left.  The distance comes from the grid cells
    // of the two piles (CSS does the arithmetic), so nothing is measured: measuring would force
    // a layout of the whole notebook page on every move.
    if (!last || !last.move || !this.layout) return;
    const [card, source, target] = last.move;
    const [from, to] = last.kind === "undo" ? [target, source] : [source, target];
    const a = this.layout.cells[from];
    const z = this.layout.cells[to];
    if (!a || !z) return;
    const pile = this.boardEl.querySelector(`[data-pile="${to}"]`);
    if (!pile) return;
    const cards = [...pile.querySelectorAll("[data-card]")];
    let i = cards.findIndex((c) => c.dataset.card === card);
    if (i < 0) i = cards.length - 1; // a face-down stock card, or a pile that was refilled
    const side = this.layout.side;
    const colX = (c) => c + (c === side ? 0.45 / 1.16 : 0); // the side column stands apart
    for (const c of cards.slice(Math.max(0, i))) {
      c.style.animationDelay = delay ? `${delay}ms` : "";
      if (delay) c.style.animationFillMode = "backwards";
      c.style.setProperty("--fsw-dx", String(colX(a[1]) - colX(z[1])));
      c.style.setProperty("--fsw-dy", String(a[0] - z[0]));
      c.classList.remove("fsw-fly");
      c.classList.add("fsw-fly");
      c.addEventListener("animationend", () => c.classList.remove("fsw-fly"), { once: true });
    }
  }

  highlight() {
    if (!this.boardEl) return;
    const b = this.board();
    if (this.replayIndex !== null && this.frames().length) {
      const mv = this.replayMoves()[this.replayIndex];
      applyHighlights(this.boardEl, [], null, mv ? { move: mv } : null);
      this.analysisPanel.decorate(this.boardEl);
      return;
    }
    this.targets = applyHighlights(this.boardEl, b.legal || [], this.selected, b.hint);
    this.root.classList.toggle("fsw-picking", !!this.selected);
    this.analysisPanel.decorate(this.boardEl);
  }

  renderMessages() {
    const b = this.board();
    const kind = this.model.get("message_kind");
    const msg = this.model.get("message") || "";
    const serial = this.model.get("message_serial");
    const busy = this.model.get("busy");
    const parts = [];
    if (this.replayIndex !== null && this.frames().length) {
      const n = this.frames().length - 1;
      const mv = this.replayMoves()[this.replayIndex];
      parts.push(`Replay: position ${this.replayIndex} of ${n}`);
      parts.push(mv ? `next: ${mv[3] || mv.slice(0, 3).join(" ")}` : "the line is played out");
    } else {
      parts.push(`Moves ${b.ply ?? 0}`, `Home ${b.home ?? 0}/52`, `Stock ${b.stock ?? 0}`, `Base rank ${b.base ?? "?"}`);
    }
    this.status.replaceChildren();
    const facts = h(this.doc, "span", { class: "fsw-facts", text: parts.join(" · ") });
    this.status.append(facts);
    if (busy) {
      const what = busy === "solve" ? "Solving… (play on meanwhile)" : busy === "hint" ? "Thinking…" : "Working…";
      this.status.append(h(this.doc, "span", { class: "fsw-msg fsw-busy", "data-role": "busy", text: what }));
    }
    const note = this.localNote || msg;
    if (note) {
      const cls = this.localNote ? "fsw-note" : `fsw-msg-${kind}`;
      this.status.append(h(this.doc, "span", { class: `fsw-msg ${cls}`, "data-role": "message", text: note }));
    }
    this.status.dataset.kind = busy ? "busy" : this.localNote ? "note" : kind;
    if (serial !== this.lastSerial) {
      this.lastSerial = serial;
      this.announce(msg);
    }
    const live = this.replayIndex === null;
    this.buttons.hint.disabled = !live || b.status !== "playing" || !!busy;
    this.buttons.auto.disabled = !live || b.status !== "playing" || !!busy;
    this.buttons.solve.disabled = !live || b.status !== "playing" || !!busy;
    this.root.classList.toggle("fsw-busy-now", !!busy);
    this.buttons.cancel.hidden = !busy;
    if (this.offline()) {
      for (const k of ["hint", "auto", "solve"]) this.buttons[k].disabled = true;
    }
    this.analysisPanel.render();
  }

  announce(text) {
    // re-set the text so that the same words twice are read twice
    this.live.textContent = "";
    this.live.textContent = text;
  }

  note(text) {
    this.localNote = text;
    this.renderMessages();
    if (text) this.announce(text);
  }

  onCustom(msg) {
    if (!msg || msg.type !== "refused") return;
    this.selected = null;
    this.highlight();
    this.root.classList.remove("fsw-shake");
    void this.root.offsetWidth;
    if (!prefersReducedMotion(this.win)) this.root.classList.add("fsw-shake");
  }

  // -- the toolbar -----------------------------------------------------------------------
  onToolbar(e) {
    const btn = e.target.closest && e.target.closest("button[data-action]");
    if (!btn || btn.disabled) return;
    const a = btn.dataset.action;
    if (a === "new") this.confirmThen("Deal a new game?", { type: "new_game", seed: null, variant: this.board().variant });
    else if (a === "deal") this.dealSeed();
    else this.send({ type: a });
  }

  dealSeed() {
    // Python reads the text: a PySolFC deal number, or "seed" and a number
    const text = this.seedInput.value.trim();
    if (!text) {
      this.note("type a PySolFC deal number (like 123 or ms123), or 'seed' and a number");
      return;
    }
    this.confirmThen(`Deal ${text}?`, { type: "deal_number", text, variant: this.board().variant });
  }

  // -- picking and dropping --------------------------------------------------------------
  legalFrom(card, source) {
    return (this.board().legal || []).filter(([c, s]) => s === source && (c === card || s === "stock"));
  }

  movableCardsOf(pile) {
    // the cards of a pile that some legal move takes, top first
    const el = this.boardEl && this.boardEl.querySelector(`[data-pile="${pile}"]`);
    if (!el) return [];
    const cards = [...el.querySelectorAll("[data-card]")].map((c) => c.dataset.card).reverse();
    const legal = this.board().legal || [];
    return cards.filter((c) => legal.some(([lc, ls]) => lc === c && ls === pile));
  }

  topCard(pile) {
    const el = this.boardEl && this.boardEl.querySelector(`[data-pile="${pile}"]`);
    if (!el) return null;
    const cards = el.querySelectorAll("[data-card]");
    return cards.length ? cards[cards.length - 1].dataset.card : null;
  }

  pick(card, source) {
    this.selected = { card, source };
    this.highlight();
    const n = (this.targets || []).length;
    const what = card ? cardName(card) : "the next stock card";
    this.note(n ? `Picked ${what}: ${n} place${n > 1 ? "s" : ""} it can go (highlighted)`
      : `Picked ${what}: no legal place for it now`);
  }

  cancel(quiet) {
    if (!this.selected) return;
    this.selected = null;
    this.highlight();
    if (!quiet) this.note("Put back");
  }

  /** A pile was chosen (click or Enter) with nothing picked, or `card` clicked on it. */
  choose(pile, card) {
    const b = this.board();
    if (this.replayIndex !== null) return;
    if (this.selected) {
      const sel = this.selected;
      if (pile === sel.source) {
        // the same pile again: a longer run if one moves, else put it back
        const runs = this.movableCardsOf(pile);
        const i = runs.indexOf(sel.card);
        if (card && card !== sel.card && runs.includes(card)) return this.pick(card, pile);
        if (i >= 0 && i + 1 < runs.length && !card) return this.pick(runs[i + 1], pile);
        if (card && i >= 0 && i + 1 < runs.length && card === sel.card) return this.pick(runs[i + 1], pile);
        return this.cancel();
      }
      const isTarget = (this.targets || []).includes(pile);
      if (!isTarget && card && this.legalFrom(card, pile).length && pile !== "stock") {
        return this.pick(card, pile); // another movable card: pick it instead
      }
      this.selected = null;
      this.send({ type: "move", card: sel.card, source: sel.source, target: pile });
      this.highlight();
      return;
    }
    if (pile === "stock") {
      const legal = b.legal || [];
      if (legal.some(([, s, t]) => s === "stock" && t === "waste") || !legal.some(([, s]) => s === "stock")) {
        this.send({ type: "turn" });
      } else this.pick(null, "stock");
      return;
    }
    if (pile.startsWith("foundation")) {
      this.note("Cards never leave a foundation");
      return;
    }
    const pickCard = card || this.topCard(pile);
    if (!pickCard) {
      this.note(pile === "waste" ? "The waste is empty" : "Nothing to pick up here");
      return;
    }
    if (card && card !== this.topCard(pile) && !this.legalFrom(card, pile).length) {
      // a buried card that cannot move: pick the top instead, the usual intention
      return this.pick(this.topCard(pile), pile);
    }
    this.pick(pickCard, pile);
  }

  onClick(e) {
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    const pileEl = e.target.closest && e.target.closest("[data-pile]");
    if (!pileEl || !this.boardEl || !this.boardEl.contains(pileEl)) return;
    const cardEl = e.target.closest("[data-card]");
    this.choose(pileEl.dataset.pile, cardEl ? cardEl.dataset.card : null);
  }

  onDoubleClick(e) {
    if (this.replayIndex !== null) return;
    const cardEl = e.target.closest && e.target.closest("[data-card]");
    const pileEl = e.target.closest && e.target.closest("[data-pile]");
    if (!cardEl || !pileEl) return;
    const source = pileEl.dataset.pile;
    const card = cardEl.dataset.card;
    const home = this.legalFrom(card, source).find(([, , t]) => t.startsWith("foundation"));
    this.selected = null;
    if (home) this.send({ type: "move", card, source, target: home[2] });
    else if (!source.startsWith("foundation")) {
      // not home-able now: ask anyway, so that Python says why (its next foundation card)
      const f = this.homeFor(card);
      if (f) this.send({ type: "move", card, source, target: f });
    }
    this.highlight();
  }

  homeFor(card) {
    const c = parseCode(card);
    const b = this.board();
    if (!c) return null;
    const founds = b.foundations || [];
    let i = founds.findIndex((f) => f && f.suit === c.suit);
    if (i < 0) i = founds.findIndex((f) => !f || !f.suit);
    return i < 0 ? null : `foundation:${i}`;
  }

  // -- drag and drop (pointer events: mouse, pen and touch alike) --------------------------
  onPointerDown(e) {
    if (e.button !== 0 || this.replayIndex !== null) return;
    const cardEl = e.target.closest && e.target.closest("[data-card]");
    const pileEl = e.target.closest && e.target.closest("[data-pile]");
    if (!cardEl || !pileEl || !this.legalFrom(cardEl.dataset.card, pileEl.dataset.pile).length) return;
    this.drag = { x: e.clientX, y: e.clientY, card: cardEl.dataset.card, source: pileEl.dataset.pile, started: false, pointerId: e.pointerId,
      rect: cardEl.getBoundingClientRect() }; // where it was grabbed, before the pick lifts it
    const move = (ev) => this.onPointerMove(ev);
    const up = (ev) => this.onPointerUp(ev);
    this.doc.addEventListener("pointermove", move);
    this.doc.addEventListener("pointerup", up);
    this.doc.addEventListener("pointercancel", up);
    this.drag.off = () => {
      this.doc.removeEventListener("pointermove", move);
      this.doc.removeEventListener("pointerup", up);
      this.doc.removeEventListener("pointercancel", up);
    };
  }

  onPointerMove(e) {
    const d = this.drag;
    if (!d) return;
    if (!d.started) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
      d.started = true;
      this.selected = { card: d.card, source: d.source };
      this.highlight();
      const pile = this.boardEl.querySelector(`[data-pile="${d.source}"]`);
      const cards = [...pile.querySelectorAll(".fsw-selected")];
      if (!cards.length) cards.push(pile.querySelector(`[data-card="${d.card}"]`) || pile);
      d.ghost = makeGhost(this.doc, this.root, cards, { x: d.x, y: d.y },
        this.root.classList.contains("fsw-four-colour") ? "fsw-four-colour" : "", d.rect);
      for (const c of cards) c.classList.add("fsw-dragging");
    }
    d.ghost.move(e.clientX, e.clientY);
    const over = this.pileAt(e.clientX, e.clientY);
    for (const el of this.boardEl.querySelectorAll(".fsw-over")) el.classList.remove("fsw-over");
    if (over) over.classList.add("fsw-over");
    e.preventDefault();
  }

  pileAt(x, y) {
    const hit = this.doc.elementFromPoint ? this.doc.elementFromPoint(x, y) : null;
    const pile = hit && hit.closest && hit.closest("[data-pile]");
    return pile && this.boardEl.contains(pile) ? pile : null;
  }

  onPointerUp(e) {
    const d = this.drag;
    if (!d) return;
    if (d.started) {
      this.suppressClick = true;
      this.win.setTimeout(() => { this.suppressClick = false; }, 0);
      const over = e.type === "pointerup" ? this.pileAt(e.clientX, e.clientY) : null;
      this.endDrag();
      if (over && over.dataset.pile !== d.source) {
        this.selected = null;
        this.send({ type: "move", card: d.card, source: d.source, target: over.dataset.pile });
      } else this.selected = null;
      this.highlight();
    } else this.endDrag();
  }

  endDrag() {
    const d = this.drag;
    if (!d) return;
    if (d.off) d.off();
    if (d.ghost) d.ghost.remove();
    if (this.boardEl) {
      for (const el of this.boardEl.querySelectorAll(".fsw-dragging, .fsw-over")) el.classList.remove("fsw-dragging", "fsw-over");
    }
    this.drag = null;
  }

  // -- the keyboard ----------------------------------------------------------------------
  onKey(e) {
    const t = e.target;
    const tag = t && t.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const key = e.key;
    const pileEl = t && t.closest && t.closest("[data-pile]");
    let handled = true;
    const ctrl = e.ctrlKey || e.metaKey;
    if (this.replayIndex !== null) {
      if (key === "ArrowRight" || key === ".") this.showFrame(this.replayIndex + 1);
      else if (key === "ArrowLeft" || key === ",") this.showFrame(this.replayIndex - 1);
      else if (key === " " && !(tag === "BUTTON")) this.togglePlay();
      else if (key === "Escape") this.leaveReplay();
      else handled = false;
    } else if (ctrl) {
      const k = key.toLowerCase();
      if (k === "z" && !e.shiftKey) this.send({ type: "undo" });
      else if (k === "y" || (k === "z" && e.shiftKey)) this.send({ type: "redo" });
      else handled = false;
    } else if (e.altKey) {
      handled = false;
    } else if (key.startsWith("Arrow") && pileEl && this.boardEl.contains(pileEl)) {
      const dir = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[key];
      const next = neighbour(this.layout.cells, pileEl.dataset.pile, dir[0], dir[1]);
      if (next) this.focusPile(next);
    } else if ((key === "Enter" || key === " ") && pileEl && this.boardEl.contains(pileEl)) {
      this.choose(pileEl.dataset.pile, null);
    } else if (key === "Enter" || key === " ") {
      handled = false; // buttons do their own thing
    } else if (key === "Escape") {
      if (this.selected) this.cancel();
      else if (this.model.get("busy")) this.send({ type: "cancel" }); // stop the search
      else handled = false;
    } else {
      const k = key.toLowerCase();
      if (k === "t") this.send({ type: "turn" });
      else if (k === "u" && e.shiftKey) this.send({ type: "redo" });
      else if (k === "u") this.send({ type: "undo" });
      else if (k === "y") this.send({ type: "redo" });
      else if (k === "h") this.send({ type: "hint" });
      else if (k === "a") this.send({ type: "auto_finish" });
      else if (key === "?") this.help.open = !this.help.open;
      else handled = false;
    }
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  focusPile(name) {
    const el = this.boardEl && this.boardEl.querySelector(`[data-pile="${name}"]`);
    if (el) el.focus();
  }

  // -- replay of a solved line -----------------------------------------------------------
  frames() {
    const r = this.model.get("replay") || {};
    return Array.isArray(r.frames) ? r.frames : [];
  }

  replayMoves() {
    const r = this.model.get("replay") || {};
    return Array.isArray(r.moves) ? r.moves : [];
  }

  onReplay(initial) {
    const n = this.frames().length;
    this.replayEnter.hidden = !n || this.replayIndex !== null;
    if (!n) {
      if (this.replayIndex !== null) this.leaveReplay();
      return;
    }
    const r = this.model.get("replay") || {};
    if (initial !== true && r.autoplay !== false) this.enterReplay(0);
  }

  enterReplay(i) {
    if (!this.frames().length) return;
    this.selected = null;
    this.replayIndex = 0;
    this.replayBar.hidden = false;
    this.replayEnter.hidden = true;
    this.slider.max = String(this.frames().length - 1);
    this.showFrame(i || 0);
    this.replayButtons.play.focus({ preventScroll: true });
  }

  showFrame(i) {
    const n = this.frames().length;
    if (!n || this.replayIndex === null) return;
    const prev = this.replayIndex;
    this.replayIndex = Math.max(0, Math.min(n - 1, i));
    const moves = this.replayMoves();
    const forward = this.replayIndex === prev + 1;
    const mv = forward ? moves[prev] : this.replayIndex === prev - 1 ? moves[this.replayIndex] : null;
    this.replayStep = mv ? { kind: forward ? "move" : "undo", move: mv.slice(0, 3) } : null;
    this.slider.value = String(this.replayIndex);
    this.replayInfo.textContent = `${this.replayIndex} / ${n - 1}`;
    this.replayButtons.prev.disabled = this.replayIndex === 0;
    this.replayButtons.first.disabled = this.replayIndex === 0;
    this.replayButtons.next.disabled = this.replayIndex === n - 1;
    this.replayButtons.last.disabled = this.replayIndex === n - 1;
    this.renderBoard(!!this.replayStep);
    this.renderMessages();
    if (this.replayIndex === n - 1) this.stop();
  }

  play() {
    this.stop();
    if (this.replayIndex >= this.frames().length - 1) this.showFrame(0);
    setIcon(this.replayButtons.play, "pause");
    this.replayButtons.play.setAttribute("aria-label", "pause");
    this.replayButtons.play.title = "pause";
    this.replayTimer = this.win.setInterval(() => this.showFrame(this.replayIndex + 1), this.replaySpeed);
  }

  stop() {
    if (this.replayTimer) this.win.clearInterval(this.replayTimer);
    this.replayTimer = null;
    if (this.replayButtons) {
      setIcon(this.replayButtons.play, "play");
      this.replayButtons.play.setAttribute("aria-label", "play");
      this.replayButtons.play.title = "play";
    }
  }

  togglePlay() {
    if (this.replayTimer) this.stop();
    else this.play();
  }

  leaveReplay() {
    this.stop();
    this.replayIndex = null;
    this.replayBar.hidden = true;
    this.replayEnter.hidden = !this.frames().length;
    this.renderBoard(false);
    this.renderMessages();
  }

  onReplayButton(e) {
    const btn = e.target.closest && e.target.closest("button[data-replay]");
    if (!btn || btn.disabled) return;
    const a = btn.dataset.replay;
    const i = this.replayIndex ?? 0;
    if (a === "first") this.showFrame(0);
    else if (a === "prev") this.showFrame(i - 1);
    else if (a === "next") this.showFrame(i + 1);
    else if (a === "last") this.showFrame(this.frames().length - 1);
    else if (a === "play") this.togglePlay();
    else if (a === "leave") this.leaveReplay();
  }
}
