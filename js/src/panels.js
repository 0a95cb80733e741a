// The popover panels of the toolbar: the keys help and the statistics.

import { h } from "./dom.js";
import { watchDetails } from "./popover.js";
import { statsRows } from "./stats-panel.js";

export const KEYS_HELP = [
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

export class Panels {
  constructor(view) {
    this.view = view;
    const doc = view.doc;
    this.helpPanel = h(doc, "dl", { class: "fsw-popover", "data-role": "help-panel" },
      ...KEYS_HELP.flatMap(([k, v]) => [h(doc, "dt", { text: k }), h(doc, "dd", { text: v })]));
    this.help = h(doc, "details", { class: "fsw-help", "data-role": "help" },
      h(doc, "summary", { title: KEYS_HELP.map(([k, v]) => `${k}: ${v}`).join("\n"), text: "Keys" }),
      this.helpPanel);
    this.statsPanel = h(doc, "dl", { class: "fsw-popover", "data-role": "stats-panel" });
    this.statsBox = h(doc, "details", { class: "fsw-help fsw-stats", "data-role": "stats" },
      h(doc, "summary", { title: "Your games of this variant, kept between sessions", text: "Stats" }),
      this.statsPanel);
  }

  /** The elements the toolbar carries. */
  toolbarItems() {
    return [this.statsBox, this.help];
  }

  listen() {
    const v = this.view;
    v.disposers.push(watchDetails(v.win, v.root, this.help, this.helpPanel));
    v.disposers.push(watchDetails(v.win, v.root, this.statsBox, this.statsPanel));
  }

  /** Close every open panel; returns whether one was open. */
  closeAll() {
    let was = false;
    for (const d of [this.help, this.statsBox]) {
      if (d.open) {
        d.open = false;
        was = true;
      }
    }
    return was;
  }

  toggleHelp() {
    this.help.open = !this.help.open;
  }

  render() {
    const doc = this.view.doc;
    const rows = statsRows(this.view.board().stats);
    this.statsPanel.replaceChildren(...rows.flatMap(([k, v]) => [h(doc, "dt", { text: k }), h(doc, "dd", { text: v })]));
  }
}
