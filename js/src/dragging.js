// Drag and drop with pointer events (mouse, pen and touch alike): a drag picks the card, a
// copy follows the pointer (drag.js), the drop sends the move intent.

import { makeGhost } from "./drag.js";

export class DragController {
  constructor(view) {
    this.view = view;
    this.drag = null;
  }

  listen() {
    const v = this.view;
    v.on(v.renderer.wrap, "pointerdown", (e) => this.onPointerDown(e));
    v.disposers.push(() => this.end());
  }

  onPointerDown(e) {
    const v = this.view;
    if (e.button !== 0 || v.replaying()) return;
    const cardEl = e.target.closest && e.target.closest("[data-card]");
    const pileEl = e.target.closest && e.target.closest("[data-pile]");
    if (!cardEl || !pileEl || !v.picker.legalFrom(cardEl.dataset.card, pileEl.dataset.pile).length) return;
    this.drag = { x: e.clientX, y: e.clientY, card: cardEl.dataset.card, source: pileEl.dataset.pile, started: false, pointerId: e.pointerId,
      rect: cardEl.getBoundingClientRect() }; // where it was grabbed, before the pick lifts it
    const move = (ev) => this.onPointerMove(ev);
    const up = (ev) => this.onPointerUp(ev);
    const doc = v.doc;
    doc.addEventListener("pointermove", move);
    doc.addEventListener("pointerup", up);
    doc.addEventListener("pointercancel", up);
    this.drag.off = () => {
      doc.removeEventListener("pointermove", move);
      doc.removeEventListener("pointerup", up);
      doc.removeEventListener("pointercancel", up);
    };
  }

  onPointerMove(e) {
    const d = this.drag;
    const v = this.view;
    if (!d) return;
    const r = v.renderer;
    if (!d.started) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
      d.started = true;
      v.picker.set({ card: d.card, source: d.source });
      const pile = r.pile(d.source);
      const cards = [...pile.querySelectorAll(".fsw-selected")];
      if (!cards.length) cards.push(pile.querySelector(`[data-card="${d.card}"]`) || pile);
      const classes = [...v.root.classList].filter((c) => c === "fsw-four-colour" || c.startsWith("fsw-face-")).join(" ");
      d.ghost = makeGhost(v.doc, v.root, cards, { x: d.x, y: d.y }, classes, d.rect);
      for (const c of cards) c.classList.add("fsw-dragging");
    }
    d.ghost.move(e.clientX, e.clientY);
    const over = r.pileAt(e.clientX, e.clientY);
    for (const el of r.boardEl.querySelectorAll(".fsw-over")) el.classList.remove("fsw-over");
    if (over) over.classList.add("fsw-over");
    e.preventDefault();
  }

  onPointerUp(e) {
    const d = this.drag;
    const v = this.view;
    if (!d) return;
    if (d.started) {
      v.picker.suppressClick = true;
      v.win.setTimeout(() => { v.picker.suppressClick = false; }, 0);
      const over = e.type === "pointerup" ? v.renderer.pileAt(e.clientX, e.clientY) : null;
      this.end();
      v.picker.clear();
      if (over && over.dataset.pile !== d.source) v.move(d.card, d.source, over.dataset.pile);
      v.renderer.highlight();
    } else this.end();
  }

  end() {
    const d = this.drag;
    if (!d) return;
    if (d.off) d.off();
    if (d.ghost) d.ghost.remove();
    const boardEl = this.view.renderer.boardEl;
    if (boardEl) {
      for (const el of boardEl.querySelectorAll(".fsw-dragging, .fsw-over")) el.classList.remove("fsw-dragging", "fsw-over");
    }
    this.drag = null;
  }
}
