// The view options: card face (classic, or large corner indices for readability), table
// colour, piles fanned or stacked, sounds, the auto-home rule.  Each is a trait Python
// publishes (`card_face`, `table_colour`, `piles`, `sounds`, `auto_home_rule`); the player's choice goes to Python as a
// `view_option` intent, which Python checks and applies (table.js setOption: shown here until
// Python answers).  A kernel whose board takes no such intent gets the trait written (an older
// widget); a kernel without the traits at all still gets the choice in this view, kept by the
// view alone.  Drawn as a "View" popover of the toolbar (a panel
// of the view's own: Python does not keep whether it is open).
//
// DOM contract: [data-role="view-options"] (the popover), [data-role="card-face"],
// [data-role="table-colour"], [data-role="pile-view"], [data-role="auto-home-rule"] (selects),
// [data-role="pile-view-help"] (what each pile view shows), [data-role="sounds"] (a
// checkbox), [data-role="auto-home-help"] (what each auto-home choice does and costs); the root
// carries .fsw-face-<face>, .fsw-table-<colour> and .fsw-piles-<piles>.

import { h } from "./dom.js";

export const CARD_FACES = [["classic", "Classic"], ["large", "Large corner indices"]];
export const TABLE_COLOURS = [["green", "Green felt"], ["blue", "Blue felt"], ["grey", "Grey felt"], ["theme", "Notebook theme"]];
// How a pile of the tableau is drawn: fanned down (every card's corner shows; each row keeps
// room for a fan under its first card), or stacked as PySolFC draws Four Seasons (the top
// card and a count badge: the rows keep only the badge's room, so where the height binds —
// a laptop's JupyterLab — the cards are larger).  Four Seasons builds down in any suit, so
// the top card is the one that matters; a screen reader hears the whole pile in its label.
export const PILE_VIEWS = [["fanned", "Fanned (see every card)"], ["stacked", "Stacked (as PySolFC)"]];
export const PILE_VIEW_HELP = [
  ["Fanned", "every card's corner shows; a deep pile squeezes its fan into the room each row keeps for it (where the height is short, the cross's top and bottom piles fan sideways)."],
  ["Stacked", "as PySolFC: the top card and a count (a screen reader hears the cards under it); the rows keep no room for fans, so where the height binds the cards are larger (in a 1280×800 JupyterLab 92 px wide, not 83)."],
];
// Which cards go home by themselves after a move (Python's automove.py; the toolbar's "Auto
// home" turns it on and off).  The figures: benchmarks/auto_home.py, 200 standard deals.
export const AUTO_HOME_RULES = [["safe", "Safe moves only"], ["all", "Every card that can (PySolFC)"]];
export const AUTO_HOME_HELP = [
  ["Safe moves only", "a card goes home by itself only when no card can ever be built on it again (an ace base too): it never costs a win, but some cards are left for you to send home."],
  ["Every card that can", "as PySolFC's auto-drop: no chores, but a card still needed to build on goes too, which can cost a win: on 200 deals the fair player (who never looks at the stock) won 63 with safe moves, 55 with every card (61 with none)."],
];
const DEFAULTS = { card_face: "classic", table_colour: "green", piles: "fanned", sounds: false, auto_home_rule: "safe" };

export class ViewOptions {
  constructor(view) {
    this.view = view;
    const doc = view.doc;
    this.local = { ...DEFAULTS };
    const select = (role, label, choices) => h(doc, "select", { "data-role": role, "aria-label": label },
      ...choices.map(([value, text]) => h(doc, "option", { value, text })));
    this.face = select("card-face", "card face", CARD_FACES);
    this.colour = select("table-colour", "table colour", TABLE_COLOURS);
    this.piles = select("pile-view", "piles: fanned or stacked", PILE_VIEWS);
    this.pilesHelp = h(doc, "dl", { class: "fsw-option-help", "data-role": "pile-view-help" },
      ...PILE_VIEW_HELP.flatMap(([k, v]) => [h(doc, "dt", { text: k }), h(doc, "dd", { text: v })]));
    this.sounds = h(doc, "input", { type: "checkbox", "data-role": "sounds" });
    this.autoRule = select("auto-home-rule", "auto home: which cards go home by themselves", AUTO_HOME_RULES);
    this.autoHelp = h(doc, "dl", { class: "fsw-option-help", "data-role": "auto-home-help" },
      ...AUTO_HOME_HELP.flatMap(([k, v]) => [h(doc, "dt", { text: k }), h(doc, "dd", { text: v })]));
    const row = (text, control) => h(doc, "label", { class: "fsw-option" }, h(doc, "span", { text }), control);
    this.panel = h(doc, "div", { class: "fsw-popover fsw-options-panel", "data-role": "view-options", role: "group", "aria-label": "view options" },
      row("Cards", this.face), row("Table", this.colour), row("Piles", this.piles), this.pilesHelp,
      row("Auto home", this.autoRule), this.autoHelp,
      h(doc, "label", { class: "fsw-option fsw-check" }, this.sounds, h(doc, "span", { text: "Sounds (made in the browser)" })));
    this.summary = h(doc, "summary", { title: "Card face, table colour, piles, auto home, sounds", text: "View", "aria-label": "view options: cards, table, piles, auto home, sounds" });
    this.shownPiles = null; // (the pile view the board is drawn in: a change redraws it)
    this.details = h(doc, "details", { class: "fsw-help fsw-view", "data-role": "view", "data-panel": "view" }, this.summary, this.panel);
  }

  listen() {
    const v = this.view;
    v.on(this.face, "change", () => this.set("card_face", this.face.value));
    v.on(this.colour, "change", () => this.set("table_colour", this.colour.value));
    v.on(this.piles, "change", () => this.set("piles", this.piles.value));
    v.on(this.autoRule, "change", () => this.set("auto_home_rule", this.autoRule.value));
    v.on(this.sounds, "change", () => {
      this.set("sounds", this.sounds.checked);
      if (this.sounds.checked) v.sound("move"); // (a click: the browser lets the page sound now)
    });
  }

  /** The option's value: the trait where the kernel has it, else the view's own. */
  get(name) {
    const t = this.view.table.get(name);
    return t === undefined || t === null ? this.local[name] : t;
  }

  /** Are the piles stacked (the View option; fanned by default, or for a value not known)? */
  stacked() {
    return this.get("piles") === "stacked";
  }

  set(name, value) {
    this.local[name] = value;
    if (this.view.table.get(name) !== undefined) this.view.table.setOption(name, value);
    this.render();
  }

  render() {
    const r = this.view.root;
    const face = CARD_FACES.some(([f]) => f === this.get("card_face")) ? this.get("card_face") : "classic";
    const colour = TABLE_COLOURS.some(([c]) => c === this.get("table_colour")) ? this.get("table_colour") : "green";
    for (const [f] of CARD_FACES) r.classList.toggle(`fsw-face-${f}`, f === face);
    for (const [c] of TABLE_COLOURS) r.classList.toggle(`fsw-table-${c}`, c === colour);
    this.face.value = face;
    this.colour.value = colour;
    const piles = this.stacked() ? "stacked" : "fanned";
    for (const [p] of PILE_VIEWS) r.classList.toggle(`fsw-piles-${p}`, p === piles);
    this.piles.value = piles;
    if (piles !== this.shownPiles) {
      // (another pile view: the cards sized for it, the board drawn in it — not before the
      // board is first drawn, which reads the option itself)
      const first = this.shownPiles === null;
      this.shownPiles = piles;
      if (!first && this.view.renderer.boardEl) {
        this.view.renderer.fit.update(true);
        this.view.renderer.render(false);
      }
    }
    this.sounds.checked = !!this.get("sounds");
    const rule = this.get("auto_home_rule");
    this.autoRule.value = AUTO_HOME_RULES.some(([r]) => r === rule) ? rule : "safe";
    // (a kernel without the choice, an older widget, or a page without one: not offered)
    this.autoRule.disabled = this.view.table.get("auto_home_rule") === undefined || this.view.offline();
    this.sounds.disabled = !this.view.sounds.available();
  }
}
