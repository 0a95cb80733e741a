// The board renderer: draws the published position (or the replay's frame) on the felt,
// patching the piles in place when the layout is the same, marks what can be done (the legal
// moves Python published, the pick, the hint) and lets the moved cards glide in.

import { applyHighlights, fanPile, patchBoard, renderBoard, stackCount } from "./board.js";
import { h, prefersReducedMotion } from "./dom.js";
import { Fit } from "./fit.js";
import { layoutFor, rowsBetween } from "./layout.js";

export class BoardRenderer {
  constructor(view) {
    this.view = view;
    // focusable (not in the tab order: the piles are), so that a click on the felt gives the
    // board the keyboard; the ring shows on the felt while the board has it
    this.wrap = h(view.doc, "div", { class: "fsw-board-wrap", tabindex: "-1", "data-role": "felt" });
    this.boardEl = null;
    this.layout = null;
    this.targets = [];
    this.fit = new Fit(view); // the cards' size and the narrow layout (fit.js)
    this.layoutKey = "";
    this.fit.listen();
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

    const narrow = this.fit.narrow;
    const stacked = v.options.stacked();
    const across = this.fit.across;
    const fresh = renderBoard(v.doc, b, frame, { narrow, stacked, across });
    const el = this.boardEl && patchBoard(this.boardEl, fresh) ? this.boardEl : fresh;
    if (el === fresh) {
      if (this.boardEl && this.boardEl.parentNode === this.wrap) this.boardEl.replaceWith(el);
      else this.wrap.appendChild(el);
    }
    this.boardEl = el;
    this.layout = layoutFor(b, { narrow, stacked, across });
    this.placeTray();
    this.highlight();
    const key = `${b.layout}|${b.variant}|${(b.pile_names || []).length}`;
    if (key !== this.layoutKey) {
      // a new layout (another variant): its cards sized for it, once
      this.layoutKey = key;
      this.fit.update(true);
      // and once more when the toolbar shows it (its rows are fixed, but the felt's room is
      // read again once the page has laid the new variant's controls out)
      this.fit.schedule(true);
    }

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
    delete r.dataset.pending;
    if (animate && !prefersReducedMotion(v.win)) {
      const last = inReplay ? v.replay.step : b.last;
      // (a move already drawn at once glides no second time: only what followed it)
      if (!(animate === "previewed" && !inReplay)) this.fly(last);
      // the cards that went home by themselves after the move, one after another
      if (!inReplay && last && Array.isArray(last.then)) {
        last.then.forEach((mv, k) => this.fly({ kind: "move", move: mv }, (k + 1) * 90));
      }
    }
  }

  /** The message row: in the room under the waste beside the piles, or (the narrow layout,
   * Simplicity's two rows) across the felt's top; never over a card either way. */
  placeTray() {
    const tray = this.view.tray && this.view.tray.el;
    if (!tray) return;
    const slot = this.boardEl.querySelector(".fsw-tray-slot");
    const host = slot || this.wrap;
    if (slot ? tray.parentNode !== slot : this.wrap.firstChild !== tray) {
      const active = this.view.doc.activeElement;
      host.insertBefore(tray, slot ? null : this.wrap.firstChild);
      if (active && tray.contains(active)) active.focus({ preventScroll: true });
    }
    this.view.root.dataset.tray = slot ? "side" : "band";
  }

  /**
   * Show the move `card` from `source` to `target` at once, before Python's new board comes:
   * only for a move Python published as legal (the caller checks), and only the cards' places
   * (Python's board, a few ms later, redraws everything: counts, labels, cards sent home
   * after it).  The stock's next card is face down: a move from the stock waits.
   * Returns whether the move was drawn.
   */
  preview(card, source, target) {
    const src = this.pile(source);
    const dst = this.pile(target);
    if (!src || !dst || source === "stock" || source === "waste" && target === "stock") return false;
    const cards = [...src.children].filter((c) => c.dataset.card);
    const i = cards.findIndex((c) => c.dataset.card === card);
    if (i < 0) return false;
    const moving = cards.slice(i);
    for (const slot of dst.querySelectorAll(":scope > .fsw-slot")) slot.remove();
    const badge = dst.querySelector(":scope > .fsw-badge");
    for (const c of moving) {
      c.classList.remove("fsw-selected", "fsw-movable", "fsw-hint-from", "fsw-dragging");
      dst.insertBefore(c, badge);
    }
    const restack = (pile, fan) => {
      const list = [...pile.children].filter((c) => c.dataset.card);
      list.forEach((c, k) => {
        c.style.setProperty("--fsw-k", String(fan ? k : 0));
        c.style.removeProperty("--fsw-wk");
        c.classList.toggle("fsw-under", k < list.length - 1);
      });
      if (fan) fanPile(pile, list.length, true);
      else if (this.layout && this.layout.stacked && pile.classList.contains("fsw-pile-tableau")) stackCount(pile, list.length);
    };
    const fans = (name) => !!(this.layout && this.layout.fan) && !name.startsWith("foundation") && name !== "waste";
    restack(dst, fans(target));
    if (source !== "waste") restack(src, fans(source));
    else {
      const left = [...src.children].filter((c) => c.dataset.card);
      if (left.length) left[left.length - 1].classList.remove("fsw-under");
    }
    this.view.root.dataset.pending = "move";
    if (!prefersReducedMotion(this.view.win)) this.fly({ kind: "move", move: [card, source, target] });
    return true;
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
    const colX = (c) => c + (side && c === side ? 0.45 / 1.16 : 0); // the side column stands apart
    for (const c of cards.slice(Math.max(0, i))) {
      c.style.animationDelay = delay ? `${delay}ms` : "";
      if (delay) c.style.animationFillMode = "backwards";
      c.style.setProperty("--fsw-dx", String(colX(a[1]) - colX(z[1])));
      c.style.setProperty("--fsw-dy", String(rowsBetween(this.layout, a[0], z[0])));
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
