// The Rules control: which rules the board deals under — this project's, or PySolFC's own
// (where PySolFC has the variant).  Python keeps the choice (with the player's statistics, for
// the next board) and publishes it in `board.ui.rules` ({value, available}); a change sends
// {type: "rules", rules, ask: true}: over a game in progress Python asks first, on the banner,
// as for New deal.  New deal and the variant picker follow the choice (Python's, not the view's).
//
// DOM contract: [data-role="rules"] (a select, labelled "Rules"), inside label.fsw-rules.

import { h } from "./dom.js";

export const RULES = [["default", "This project's"], ["pysol", "PySolFC's"]];
const TITLE = "The rules new deals follow: this project's, or PySolFC's own (its corners per suit, K on A, one card turned at the deal)";
const NONE = "PySolFC has no game of this variant: this project's rules are the only ones it has (your choice of PySolFC's rules stays for the variants PySolFC has)";

export class RulesControl {
  constructor(view) {
    this.view = view;
    const doc = view.doc;
    this.select = h(doc, "select", { class: "fsw-rules-select", "data-role": "rules", "aria-label": "rules" },
      ...RULES.map(([value, text]) => h(doc, "option", { value, text })));
    this.el = h(doc, "label", { class: "fsw-rules", title: TITLE }, h(doc, "span", { class: "fsw-rules-label", text: "Rules\u00a0" }), this.select);
  }

  /** Python's `ui.rules`, or null (a kernel that publishes none: the control hides). */
  shown() {
    const ui = this.view.table.ui();
    const r = ui && ui.rules;
    return r && RULES.some(([value]) => value === r.value) ? r : null;
  }

  listen() {
    const v = this.view;
    v.on(this.select, "change", () => {
      const rules = this.select.value;
      const r = this.shown();
      if (r) this.select.value = r.value; // (until Python has dealt under them)
      v.send({ type: "rules", rules, ask: true });
    });
  }

  render() {
    const r = this.shown();
    this.el.hidden = !r;
    if (!r) return;
    const v = this.view;
    // where PySolFC has no such game the control shows the rules the game is played by (this
    // project's, the only ones), says why it is greyed, and keeps the choice for the others
    const value = r.available ? r.value : "default";
    if (v.doc.activeElement !== this.select || this.select.value !== value) this.select.value = value;
    this.select.disabled = !r.available || v.replaying() || v.offline();
    this.el.title = r.available ? TITLE : NONE;
    this.select.title = this.el.title; // (a disabled select shows no tooltip of its label's)
    this.el.classList.toggle("fsw-rules-only", !r.available);
    const pysol = this.select.options[1];
    const text = r.available ? RULES[1][1] : `${RULES[1][1]} (no such game)`;
    if (pysol && pysol.textContent !== text) pysol.textContent = text;
  }
}
