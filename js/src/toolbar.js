// The toolbar: the title line (title, summary, clock), the game's buttons, the deal box, the
// variant picker and the view options.  Renders from the snapshot; every button sends an
// intent.  A new deal is asked for with {ask: true}: over a game in progress Python asks the
// player first, on the banner (its ui.banner "confirm" with the offers confirm / cancel).

import { h } from "./dom.js";
import { RulesControl } from "./rules-control.js";
import { clockNow, formatClock } from "./stats-panel.js";

export class Toolbar {
  constructor(view) {
    this.view = view;
    const doc = view.doc;
    this.titleEl = h(doc, "div", { class: "fsw-title" });
    this.summaryEl = h(doc, "div", { class: "fsw-summary" });
    this.clockEl = h(doc, "span", { class: "fsw-clock", "data-role": "clock", "aria-label": "time played", title: "Time played (stops while the page is hidden)" });
    this.head = h(doc, "div", { class: "fsw-head" }, this.titleEl, this.summaryEl, this.clockEl);
    const button = (action, text, title, extra = {}) =>
      h(doc, "button", { type: "button", class: "fsw-btn", "data-action": action, title, text, ...extra });
    this.buttons = {
      // (data-short: the label of the compact toolbar, in a narrow output; the text stays the
      // button's accessible name)
      new: button("new", "New deal", "Deal a new game with a random seed", { "data-short": "New" }),
      deal: button("deal", "Deal #", "Deal the game typed beside: a PySolFC deal number (PySolFC's own rules), or 'seed' and a number", { "data-short": "Deal" }),
      restart: button("restart", "Restart", "Back to the deal (the moves can be redone)"),
      undo: button("undo", "Undo", "Take back the last move (U)"),
      redo: button("redo", "Redo", "Play again the move taken back (Y)"),
      hint: button("hint", "Hint", "Fair advice: the move that wins most often over the stock orders consistent with what you have seen; it never looks at the face-down cards. Press again for the next move (H)"),
      auto: button("auto_finish", "Auto-finish", "Send cards home while a win stays proved (A)", { "data-short": "Finish" }),
      solve: button("solve", "Solve ▸ replay", "Solve this position and replay the line, step by step", { "data-short": "Solve" }),
      solverHint: button("solver_hint", "Solver's hint", "Solver's hint: knows the stock. The solver's next move, perfect-information advice (it knows the order of the face-down cards)", { "data-short": "Peek" }),
      cancel: button("cancel", "Cancel", "Stop the search (the board stays playable while it runs)", { hidden: true }),
    };
    this.seedInput = h(doc, "input", {
      class: "fsw-seed", type: "text", spellcheck: "false", autocomplete: "off", maxlength: "30",
      "data-role": "seed", "aria-label": "deal number: a PySolFC deal number (123, ms123), or seed and a number (seed 42)",
      title: "This deal: a PySolFC deal number (123, ms123) or 'seed 42'. Type one and press Enter to deal it",
    });
    this.variantSelect = h(doc, "select", { class: "fsw-variant", "data-role": "variant", "aria-label": "variant", title: "Variant" });
    this.rules = new RulesControl(view);
    this.fourColour = h(doc, "input", { type: "checkbox", "data-role": "four-colour" });
    this.autoHome = h(doc, "input", { type: "checkbox", "data-role": "auto-home" });
    const autoLabel = h(doc, "label", { class: "fsw-check", title: "After each move, cards that are proved safe go home by themselves (one undo takes them back with the move)" },
      this.autoHome, h(doc, "span", { text: "Auto home", "data-short": "Home" }));
    const fourLabel = h(doc, "label", { class: "fsw-check", title: "Four-colour deck: ♠ black, ♥ red, ♦ blue, ♣ green" },
      this.fourColour, h(doc, "span", { text: "4 colours", "data-short": "4 col." }));
    const group = (role, ...kids) => h(doc, "div", { class: "fsw-group", "data-group": role }, ...kids);
    // Fixed rows, whatever the variant: the deal in the first; the way back, the help and the
    // options in the second; the panels (Stats, View, Keys) on the title's line.  A player finds
    // each control where it was: before, the groups flowed after the variant picker, as wide
    // as the name it showed, and Restart, Undo and Redo went from the first row's end to the
    // second's start from one variant to the next.
    const row = (...kids) => h(doc, "div", { class: "fsw-toolbar-row" }, ...kids);
    this.head.append(group("panels", ...view.panels.toolbarItems()));
    this.el = h(doc, "div", { class: "fsw-toolbar", role: "toolbar", "aria-label": "game controls" },
      row(group("deal", this.buttons.new, h(doc, "span", { class: "fsw-seed-wrap" }, h(doc, "span", { class: "fsw-seed-label", text: "#" }), this.seedInput), this.buttons.deal, this.variantSelect, this.rules.el)),
      row(group("history", this.buttons.restart, this.buttons.undo, this.buttons.redo),
        group("help", this.buttons.hint, this.buttons.auto, this.buttons.solve, this.buttons.solverHint, view.demo.startButton, this.buttons.cancel),
        group("view", autoLabel, fourLabel)));

    this.clockTimer = null; // ticks only while the clock runs (see tick)
  }

  listen() {
    const v = this.view;
    v.on(this.el, "click", (e) => this.onClick(e));
    v.on(this.seedInput, "keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        this.dealSeed();
      }
      e.stopPropagation();
    });
    v.on(this.variantSelect, "change", () => {
      const b = v.board();
      const variant = this.variantSelect.value;
      this.variantSelect.value = this.pickerValue(); // until it is dealt
      v.send({ type: "new_game", variant, seed: typeof b.seed === "number" ? b.seed : null, ask: true });
    });
    // (view options: intents Python checks; the choice is shown until Python's answer)
    v.on(this.autoHome, "change", () => {
      v.table.setOption("auto_home", this.autoHome.checked);
      this.renderOptions();
    });
    v.on(this.fourColour, "change", () => {
      v.table.setOption("four_colour", this.fourColour.checked);
      this.renderOptions();
    });
    v.disposers.push(() => this.stopClock());
    this.rules.listen();
  }

  onClick(e) {
    const btn = e.target.closest && e.target.closest("button[data-action]");
    if (!btn || btn.disabled || btn.closest(".fsw-popover")) return; // (the panels' own buttons)
    const a = btn.dataset.action;
    const v = this.view;
    if (a === "demo") v.demo.start();
    else if (a === "new") v.send({ type: "new_game", seed: null, variant: v.board().variant, ask: true });
    else if (a === "deal") this.dealSeed();
    else v.send({ type: a });
  }

  dealSeed() {
    // Python reads the text: a PySolFC deal number, or "seed" and a number
    const text = this.seedInput.value.trim();
    if (!text) {
      this.view.note("type a PySolFC deal number (like 123 or ms123), or 'seed' and a number");
      return;
    }
    this.view.send({ type: "deal_number", text, variant: this.view.board().variant, ask: true });
  }

  onBoard() {}

  /** The variant the picker shows: the snapshot's `ui.picker` when published, else the game's. */
  pickerValue() {
    const ui = this.view.table.ui();
    return (ui && ui.picker) || this.view.board().variant || "";
  }

  renderVariants() {
    const doc = this.view.doc;
    const vs = this.view.table.get("variants") || [];
    const have = [...this.variantSelect.options].map((o) => o.value).join(",");
    if (have !== vs.map((v) => v.name).join(",")) {
      this.variantSelect.replaceChildren(...vs.map((v) => h(doc, "option", { value: v.name, text: v.title, title: v.summary })));
    }
    const shown = this.pickerValue();
    if (shown) this.variantSelect.value = shown;
  }

  renderOptions() {
    const t = this.view.table;
    const four = !!t.get("four_colour");
    this.view.root.classList.toggle("fsw-four-colour", four);
    this.fourColour.checked = four;
    const auto = t.get("auto_home");
    this.autoHome.checked = auto === undefined ? true : !!auto;
  }

  /** The title, the deal box and which buttons can be used now. */
  render() {
    const v = this.view;
    const b = v.board();
    const doc = v.doc;
    this.titleEl.textContent = b.title || "Four Seasons";
    this.titleEl.title = this.titleEl.textContent;
    this.summaryEl.textContent = b.summary || "";
    this.summaryEl.title = b.summary || ""; // (one line, cut with an ellipsis where it is long)
    if (doc.activeElement !== this.seedInput) {
      this.seedInput.value = b.pysol ? String(b.pysol) : typeof b.seed === "number" ? `seed ${b.seed}` : "";
      // (short enough for the compact toolbar's box, 5.2em; the forms it takes — 123, ms123,
      // seed 42 — are in its title and its accessible name)
      this.seedInput.placeholder = "e.g. 123";
    }
    const live = !v.replaying();
    const off = v.offline();
    const bt = this.buttons;
    bt.undo.disabled = !live || !b.can_undo || off;
    bt.redo.disabled = !live || !b.can_redo || off;
    bt.restart.disabled = !live || !b.ply || off;
    bt.new.disabled = !live || off;
    bt.deal.disabled = !live || off;
    bt.auto.classList.toggle("fsw-ready", !!b.can_auto_finish);
    this.variantSelect.disabled = !live || off;
    this.seedInput.disabled = off;
    this.autoHome.disabled = off;
    this.renderVariants();
    this.rules.render();
    this.renderBusy();
    this.tick();
  }

  /** Hint, Auto-finish, Solve and the solver's hint wait while the kernel searches; Cancel
   *  shows meanwhile. */
  renderBusy() {
    const v = this.view;
    const b = v.board();
    const busy = !!v.table.get("busy");
    const needs = v.needsPython ? v.needsPython() : "";
    const can = !v.replaying() && b.status === "playing" && !busy && !v.offline() && !needs;
    for (const k of ["hint", "auto", "solve", "solverHint"]) {
      const btn = this.buttons[k];
      btn.disabled = !can;
      // (no kernel: the board plays in the page, and these buttons say what needs Python)
      if (needs) {
        if (btn.dataset.title === undefined) btn.dataset.title = btn.title;
        btn.title = needs;
      } else if (btn.dataset.title !== undefined) btn.title = btn.dataset.title;
    }
    this.buttons.cancel.hidden = !busy;
  }

  tick() {
    const v = this.view;
    const b = v.board();
    const secs = clockNow(b.clock, v.publishedAt || 0, v.win.performance ? v.win.performance.now() : 0, !v.doc.hidden);
    // (shown once the clock has started: from the first move made on the board)
    const text = b.clock && (b.clock.running || b.clock.seconds > 0) ? `time ${formatClock(secs)}` : "";
    if (this.clockEl.textContent !== text) this.clockEl.textContent = text;
    const running = !!(b.clock && b.clock.running);
    if (running && !this.clockTimer) this.clockTimer = v.win.setInterval(() => this.tick(), 1000);
    else if (!running && this.clockTimer) this.stopClock();
  }

  stopClock() {
    if (this.clockTimer) this.view.win.clearInterval(this.clockTimer);
    this.clockTimer = null;
  }
}
