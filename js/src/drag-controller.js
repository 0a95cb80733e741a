// Drag and drop with pointer events (mouse, pen and touch alike): a drag picks the card, a
// copy follows the pointer (its placement and the drop's target are drag-geometry.js's), the
// drop sends the move intent.  The drop lands where the card is, not where the pointer is: on
// the legal target the dragged card overlaps most (drag-geometry.js dropTarget).  A drop on a
// pile that is no legal target is sent all the same, so that Python refuses it and says why,
// in the words of the click path; a card that cannot move is dragged too, and its drop refused
// the same way.

import { cardName } from "./cards.js";
import { dropTarget, makeGhost } from "./drag-geometry.js";

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
    if (!cardEl || !pileEl) return;
    const card = cardEl.dataset.card;
    const source = pileEl.dataset.pile;
    // a card that cannot move now is dragged as well (its drop is refused with the reason);
    // but a buried one only where it moves, and nothing leaves a foundation (said on a drag)
    const movable = v.picker.legalFrom(card, source).length > 0;
    const top = v.picker.topCard(source) === card;
    const refuse = source.startsWith("foundation") ? "Cards never leave a foundation"
      : !movable && !top ? `${cardName(card)} cannot move now: it lies under other cards` : "";
    this.drag = { x: e.clientX, y: e.clientY, card, source, movable, refuse, started: false, pointerId: e.pointerId,
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
      if (d.refuse) {
        // (no drag image for a card that cannot leave: the reason, once)
        v.note(d.refuse);
        v.picker.suppressClick = true;
        v.win.setTimeout(() => { v.picker.suppressClick = false; }, 0);
        this.end();
        return;
      }
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
    const at = this.landing(e);
    const over = at && at.legal ? r.pile(at.pile) : null;
    for (const el of r.boardEl.querySelectorAll(".fsw-over")) if (el !== over) el.classList.remove("fsw-over");
    if (over) over.classList.add("fsw-over");
    e.preventDefault();
  }

  /** Where the dragged card would land now ({pile, legal} or null): by the card's box. */
  landing(e) {
    const d = this.drag;
    const v = this.view;
    const r = v.renderer;
    if (!d || !d.ghost || !r.boardEl) return null;
    const first = d.ghost.el.firstElementChild || d.ghost.el;
    const card = first.getBoundingClientRect();
    const piles = [...r.boardEl.querySelectorAll("[data-pile]")].map((el) => ({ pile: el.dataset.pile, rect: el.getBoundingClientRect() }));
    const legal = v.picker.legalFrom(d.card, d.source).map(([, , t]) => t);
    const under = e && e.type !== "pointercancel" ? r.pileAt(e.clientX, e.clientY) : null;
    return dropTarget(card, piles, legal, d.source, under ? under.dataset.pile : null);
  }

  onPointerUp(e) {
    const d = this.drag;
    const v = this.view;
    if (!d) return;
    if (d.started) {
      v.picker.suppressClick = true;
      v.win.setTimeout(() => { v.picker.suppressClick = false; }, 0);
      const at = e.type === "pointerup" ? this.landing(e) : null;
      this.end();
      v.picker.clear();
      // a drop on a pile: sent (a legal one is drawn at once; another is Python's to refuse,
      // with the rule's words); on no pile: put back, and why where the card has no place
      if (at) v.move(d.card, d.source, at.pile);
      else if (e.type === "pointerup") {
        v.note(d.movable ? `Put back: drop ${cardName(d.card)} on a highlighted pile to move it`
          : `Put back: ${cardName(d.card)} has no legal place now`);
      }
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
