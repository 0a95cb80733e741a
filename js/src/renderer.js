// The board renderer: draws the published position (or the replay's frame) on the felt,
// patching the piles in place when the layout is the same, marks what can be done (the legal
// moves Python published, the pick, the hint) and lets the moved cards glide in.

import { applyHighlights, patchBoard, renderBoard } from "./board.js";
import { h, prefersReducedMotion } from "./dom.js";
import { layoutFor } from "./layout.js";

export class BoardRenderer {
  constructor(view) {
    this.view = view;
    // focusable (not in the tab order: the piles are), so that a click on the felt gives the
    // board the keyboard; the ring shows on the felt while the board has it
    this.wrap = h(view.doc, "div", { class: "fsw-board-wrap", tabindex: "-1", "data-role": "felt" });
    this.boardEl = null;
    this.layout = null;
    this.targets = [];
  }

  /** Draw the board; `animate`: let the last move's cards glide in. */
  render(animate) {
    const v = this.view;
    const b = v.board();
    const frame = v.replay.frame();
    const inReplay = !!frame;
    const active = v.doc.activeElement;
    const focused = active && v.root.contains(active) && active.closest ? active.closest("[data-pile]") : null;
    const focusPile = focused ? focused.dataset.pile : null;

    const fresh = renderBoard(v.doc, b, frame);
    const el = this.boardEl && patchBoard(this.boardEl, fresh) ? this.boardEl : fresh;
    if (el === fresh) this.wrap.replaceChildren(el);
    this.boardEl = el;
    this.layout = layoutFor(b);
    this.highlight();

    const r = v.root;
    r.dataset.variant = b.variant || "";
    r.dataset.layout = b.layout || "";
    r.dataset.ply = String(b.ply ?? 0);
    r.dataset.version = String(b.version ?? 0);
    r.dataset.status = b.status || "";
    r.dataset.mode = inReplay ? "replay" : "live";
    r.classList.toggle("fsw-replaying", inReplay);

    if (focusPile && el === fresh) {
      // (a patched board keeps its pile elements, and so the focus, without asking:
      // focusing again would run JupyterLab's focus handlers on every move)
      const again = el.querySelector(`[data-pile="${focusPile}"]`);
      if (again) again.focus({ preventScroll: true });
    }
    if (animate && !prefersReducedMotion(v.win)) {
      const last = inReplay ? v.replay.step : b.last;
      this.fly(last);
      // the cards that went home by themselves after the move, one after another
      if (!inReplay && last && Array.isArray(last.then)) {
        last.then.forEach((mv, k) => this.fly({ kind: "move", move: mv }, (k + 1) * 90));
      }
    }
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
    const pile = this.pile(to);
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

  /** Mark the legal moves, the pick and the hint (or, in a replay, the next move). */
  highlight() {
    const v = this.view;
    if (!this.boardEl) return;
    const b = v.board();
    if (v.replay.active()) {
      const mv = v.replay.nextMove();
      applyHighlights(this.boardEl, [], null, mv ? { move: mv } : null);
      v.analysisPanel.decorate(this.boardEl);
      return;
    }
    this.targets = applyHighlights(this.boardEl, b.legal || [], v.picker.selected, b.hint);
    v.root.classList.toggle("fsw-picking", !!v.picker.selected);
    v.analysisPanel.decorate(this.boardEl);
  }

  pile(name) {
    return this.boardEl ? this.boardEl.querySelector(`[data-pile="${name}"]`) : null;
  }

  /** The pile element under client point (x, y), or null. */
  pileAt(x, y) {
    const doc = this.view.doc;
    const hit = doc.elementFromPoint ? doc.elementFromPoint(x, y) : null;
    const pile = hit && hit.closest && hit.closest("[data-pile]");
    return pile && this.boardEl && this.boardEl.contains(pile) ? pile : null;
  }

  /** The pile element an event happened in (on this board), or null. */
  pileOf(target) {
    const pile = target && target.closest && target.closest("[data-pile]");
    return pile && this.boardEl && this.boardEl.contains(pile) ? pile : null;
  }

  focusPile(name) {
    const el = this.pile(name);
    if (el) el.focus();
  }

  /** The card codes of a pile, bottom first. */
  cardsOf(name) {
    const el = this.pile(name);
    return el ? [...el.querySelectorAll("[data-card]")].map((c) => c.dataset.card) : [];
  }
}
