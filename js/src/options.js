// The view options: card face (classic, or large corner indices for readability), table
// colour, sounds.  Each is a front-end-writable trait Python checks (`card_face`,
// `table_colour`, `sounds`); a kernel without them (an older widget) still gets the choice
// in this view, kept by the view alone.  Drawn as a "View" popover of the toolbar (a panel
// of the view's own: Python does not keep whether it is open).
//
// DOM contract: [data-role="view-options"] (the popover), [data-role="card-face"],
// [data-role="table-colour"] (selects), [data-role="sounds"] (a checkbox); the root carries
// .fsw-face-<face> and .fsw-table-<colour>.

import { h } from "./dom.js";

export const CARD_FACES = [["classic", "Classic"], ["large", "Large corner indices"]];
export const TABLE_COLOURS = [["green", "Green felt"], ["blue", "Blue felt"], ["grey", "Grey felt"], ["theme", "Notebook theme"]];
const DEFAULTS = { card_face: "classic", table_colour: "green", sounds: false };

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
    const row = (text, control) => h(doc, "label", { class: "fsw-option" }, h(doc, "span", { text }), control);
    this.panel = h(doc, "div", { class: "fsw-popover fsw-options-panel", "data-role": "view-options", role: "group", "aria-label": "view options" },
      row("Cards", this.face), row("Table", this.colour),
      h(doc, "label", { class: "fsw-option fsw-check" }, this.sounds, h(doc, "span", { text: "Sounds (made in the browser)" })));
    this.summary = h(doc, "summary", { title: "Card face, table colour, sounds", text: "View", "aria-label": "view options: cards, table, sounds" });
    this.details = h(doc, "details", { class: "fsw-help fsw-view", "data-role": "view", "data-panel": "view" }, this.summary, this.panel);
  }

  listen() {
    const v = this.view;
    v.on(this.face, "change", () => this.set("card_face", this.face.value));
    v.on(this.colour, "change", () => this.set("table_colour", this.colour.value));
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
    this.sounds.disabled = !this.view.sounds.available();
  }
}
