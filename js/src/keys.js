// The keyboard: arrows move between piles, Enter/Space pick and drop (through the picker),
// letters are the toolbar's shortcuts, and in a replay the arrows step through the line.

import { neighbour } from "./layout.js";

export class KeysController {
  constructor(view) {
    this.view = view;
  }

  listen() {
    const v = this.view;
    v.on(v.root, "keydown", (e) => this.onKey(e));
  }

  /** Escape with a panel open: close it; the focus, if it was inside the panel, goes to the
   * panel's own button (a control of a closed panel cannot keep it).  Whether one was open. */
  closePanel(target) {
    const panels = this.view.panels;
    const open = panels.openDetails();
    if (!panels.closeAll()) return false;
    if (open && target && open.contains(target)) {
      const summary = open.querySelector("summary");
      if (summary) summary.focus({ preventScroll: true });
    }
    return true;
  }

  onKey(e) {
    const v = this.view;
    const t = e.target;
    const tag = t && t.tagName;
    if (e.key === "Escape" && this.closePanel(t)) {
      // (first, even from a control inside the panel — the View panel's Sounds checkbox:
      // the panel closes and its button keeps the keyboard)
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const key = e.key;
    const pileEl = v.renderer.pileOf(t);
    let handled = true;
    const ctrl = e.ctrlKey || e.metaKey;
    if (v.replaying()) {
      handled = v.replay.onKey(e, tag);
    } else if (ctrl) {
      const k = key.toLowerCase();
      if (k === "z" && !e.shiftKey) v.send({ type: "undo" });
      else if (k === "y" || (k === "z" && e.shiftKey)) v.send({ type: "redo" });
      else handled = false;
    } else if (e.altKey) {
      handled = false;
    } else if (key.startsWith("Arrow") && pileEl) {
      const dir = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[key];
      const next = neighbour(v.renderer.layout.cells, pileEl.dataset.pile, dir[0], dir[1]);
      if (next) v.renderer.focusPile(next);
    } else if ((key === "Enter" || key === " ") && pileEl) {
      v.picker.choose(pileEl.dataset.pile, null);
    } else if (key === "Enter" || key === " ") {
      handled = false; // buttons do their own thing
    } else if (key === "Escape") {
      if (v.picker.selected) v.picker.cancel();
      else if (v.table.get("busy")) v.send({ type: "cancel" }); // stop the search
      else if (offers(v, "cancel")) v.send({ type: "offer", id: "cancel" }); // Keep playing / Not now
      else handled = false;
    } else {
      const k = key.toLowerCase();
      if (k === "t") v.send({ type: "turn" });
      else if (k === "u" && e.shiftKey) v.send({ type: "redo" });
      else if (k === "u") v.send({ type: "undo" });
      else if (k === "y") v.send({ type: "redo" });
      else if (k === "h") v.send({ type: "hint" });
      else if (k === "a") v.send({ type: "auto_finish" });
      else if (key === "?") v.panels.toggleHelp();
      else handled = false;
    }
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  }
}

/** Whether the banner Python published offers `id`, enabled. */
function offers(v, id) {
  const ui = v.table.ui();
  return !!(ui && Array.isArray(ui.offers) && ui.offers.some((o) => o && o.id === id && o.enabled));
}
