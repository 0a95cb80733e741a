// The view options: card face (classic, or large corner indices for readability), table
// colour, sounds, the auto-home rule.  Each is a trait Python publishes (`card_face`,
// `table_colour`, `sounds`, `auto_home_rule`); the player's choice goes to Python as a
// `view_option` intent, which Python checks and applies (table.js setOption: shown here until
// Python answers).  A kernel whose board takes no such intent gets the trait written (an older
// widget); a kernel without the traits at all still gets the choice in this view, kept by the
// view alone.  Drawn as a "View" popover of the toolbar (a panel
// of the view's own: Python does not keep whether it is open).
//
// DOM contract: [data-role="view-options"] (the popover), [data-role="card-face"],
// [data-role="table-colour"], [data-role="auto-home-rule"] (selects), [data-role="sounds"] (a
// checkbox), [data-role="auto-home-help"] (what each auto-home choice does and costs); the root
// carries .fsw-face-<face> and .fsw-table-<colour>.

import { h } from "./dom.js";

export const CARD_FACES = [["classic", "Classic"], ["large", "Large corner indices"]];
export const TABLE_COLOURS = [["green", "Green felt"], ["blue", "Blue felt"], ["grey", "Grey felt"], ["theme", "Notebook theme"]];
// Which cards go home by themselves after a move (Python's automove.py; the toolbar's "Auto
// home" turns it on and off).  The figures: benchmarks/auto_home.py, 200 standard deals.
export const AUTO_HOME_RULES = [["safe", "Safe moves only"], ["all", "Every card that can (PySolFC)"]];
export const AUTO_HOME_HELP = [
  ["Safe moves only", "a card goes home by itself only when no card can ever be built on it again (an ace base too): it never costs a win, but some cards are left for you to send home."],
  ["Every card that can", "as PySolFC's auto-drop: no chores, but a card still needed to build on goes too, which can cost a win: on 200 deals the fair player (who never looks at the stock) won 63 with safe moves, 55 with every card (61 with none)."],
];
const DEFAULTS = { card_face: "classic", table_colour: "green", sounds: false, auto_home_rule: "safe" };

export class ViewOptions {
  constructor(view) {
    this.view = view;
    const doc = view.doc;
    this.local = { ...DEFAULTS };
    const select = (role, label, choices) => h(doc, "select", { "data-role": role, "aria-label": label },
      ...choices.map(([value, text]) => h(doc, "option", { value, text })));
    this.face = select("card-face", "card face", CARD_FACES);
    this.colour = select("table-colour", "table colour", TABLE_COLOURS);
    this.sounds = h(doc, "input", { type: "checkbox", "data-role": "sounds" });
    this.autoRule = select("auto-home-rule", "auto home: which cards go home by themselves", AUTO_HOME_RULES);
    this.autoHelp = h(doc, "dl", { class: "fsw-option-help", "data-role": "auto-home-help" },
      ...AUTO_HOME_HELP.flatMap(([k, v]) => [h(doc, "dt", { text: k }), h(doc, "dd", { text: v })]));
    const row = (text, control) => h(doc, "label", { class: "fsw-option" }, h(doc, "span", { text }), control);
    this.panel = h(doc, "div", { class: "fsw-popover fsw-options-panel", "data-role": "view-options", role: "group", "aria-label": "view options" },
      row("Cards", this.face), row("Table", this.colour), row("Auto home", this.autoRule), this.autoHelp,
      h(doc, "label", { class: "fsw-option fsw-check" }, this.sounds, h(doc, "span", { text: "Sounds (made in the browser)" })));
    this.summary = h(doc, "summary", { title: "Card face, table colour, auto home, sounds", text: "View", "aria-label": "view options: cards, table, auto home, sounds" });
    this.details = h(doc, "details", { class: "fsw-help fsw-view", "data-role": "view", "data-panel": "view" }, this.summary, this.panel);
  }

  listen() {
    const v = this.view;
    v.on(this.face, "change", () => this.set("card_face", this.face.value));
    v.on(this.colour, "change", () => this.set("table_colour", this.colour.value));
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
    this.sounds.checked = !!this.get("sounds");
    const rule = this.get("auto_home_rule");
    this.autoRule.value = AUTO_HOME_RULES.some(([r]) => r === rule) ? rule : "safe";
    // (a kernel without the choice, an older widget, or a page without one: not offered)
    this.autoRule.disabled = this.view.table.get("auto_home_rule") === undefined || this.view.offline();
    this.sounds.disabled = !this.view.sounds.available();
  }
}
