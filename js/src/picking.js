// Picking a card and putting it down, by click (and by the keyboard, through `choose`): the
// pick is the view's own state; what it may do comes from the legal moves Python published,
// and the move itself is an intent Python accepts or refuses with its reason.

import { cardName, parseCode } from "./cards.js";

export class Picker {
  constructor(view) {
    this.view = view;
    this.selected = null; // {card, source}
    this.suppressClick = false; // the click that ends a drag is not a pick
  }

  listen() {
    const v = this.view;
    v.on(v.renderer.wrap, "click", (e) => this.onClick(e));
    v.on(v.renderer.wrap, "dblclick", (e) => this.onDoubleClick(e));
  }

  legal() {
    return this.view.board().legal || [];
  }

  legalFrom(card, source) {
    return this.legal().filter(([c, s]) => s === source && (c === card || s === "stock"));
  }

  /** The cards of a pile that some legal move takes, top first. */
  movableCardsOf(pile) {
    const legal = this.legal();
    return this.view.renderer.cardsOf(pile).reverse().filter((c) => legal.some(([lc, ls]) => lc === c && ls === pile));
  }

  topCard(pile) {
    const cards = this.view.renderer.cardsOf(pile);
    return cards.length ? cards[cards.length - 1] : null;
  }

  set(selected) {
    this.selected = selected;
    this.view.renderer.highlight();
  }

  pick(card, source) {
    this.set({ card, source });
    const n = (this.view.renderer.targets || []).length;
    const what = card ? cardName(card) : "the next stock card";
    this.view.note(n ? `Picked ${what}: ${n} place${n > 1 ? "s" : ""} it can go (highlighted)`
      : `Picked ${what}: no legal place for it now`);
  }

  cancel(quiet) {
    if (!this.selected) return;
    this.set(null);
    if (!quiet) this.view.note("Put back");
  }

  /** Forget the pick without redrawing (a new board is drawn next). */
  clear() {
    this.selected = null;
  }

  /** A pile was chosen (click or Enter) with nothing picked, or `card` clicked on it. */
  choose(pile, card) {
    const v = this.view;
    if (v.replaying()) return;
    if (this.selected) {
      const sel = this.selected;
      if (pile === sel.source) {
        // the same pile again: a longer run if one moves, else put it back
        const runs = this.movableCardsOf(pile);
        const i = runs.indexOf(sel.card);
        if (card && card !== sel.card && runs.includes(card)) return this.pick(card, pile);
        if (i >= 0 && i + 1 < runs.length && !card) return this.pick(runs[i + 1], pile);
        if (card && i >= 0 && i + 1 < runs.length && card === sel.card) return this.pick(runs[i + 1], pile);
        return this.cancel();
      }
      const isTarget = (v.renderer.targets || []).includes(pile);
      if (!isTarget && card && this.legalFrom(card, pile).length && pile !== "stock") {
        return this.pick(card, pile); // another movable card: pick it instead
      }
      this.selected = null;
      v.move(sel.card, sel.source, pile);
      v.renderer.highlight();
      return;
    }
    if (pile === "stock") {
      const legal = this.legal();
      if (legal.some(([, s, t]) => s === "stock" && t === "waste") || !legal.some(([, s]) => s === "stock")) {
        v.send({ type: "turn" });
      } else this.pick(null, "stock");
      return;
    }
    if (pile.startsWith("foundation")) {
      v.note("Cards never leave a foundation");
      return;
    }
    const top = this.topCard(pile);
    const pickCard = card || top;
    if (!pickCard) {
      v.note(pile === "waste" ? "The waste is empty" : "Nothing to pick up here");
      return;
    }
    if (card && card !== top && !this.legalFrom(card, pile).length) {
      // a buried card that cannot move: pick the top instead, the usual intention
      return this.pick(top, pile);
    }
    this.pick(pickCard, pile);
  }

  onClick(e) {
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    const pileEl = this.view.renderer.pileOf(e.target);
    if (!pileEl) return;
    const cardEl = e.target.closest("[data-card]");
    this.choose(pileEl.dataset.pile, cardEl ? cardEl.dataset.card : null);
  }

  onDoubleClick(e) {
    const v = this.view;
    if (v.replaying()) return;
    const cardEl = e.target.closest && e.target.closest("[data-card]");
    const pileEl = e.target.closest && e.target.closest("[data-pile]");
    if (!cardEl || !pileEl) return;
    const source = pileEl.dataset.pile;
    const card = cardEl.dataset.card;
    const home = this.legalFrom(card, source).find(([, , t]) => t.startsWith("foundation"));
    this.selected = null;
    if (home) v.move(card, source, home[2]);
    else if (!source.startsWith("foundation")) {
      // not home-able now: ask anyway, so that Python says why (its next foundation card)
      const f = this.homeFor(card);
      if (f) v.move(card, source, f);
    }
    v.renderer.highlight();
  }

  homeFor(card) {
    const c = parseCode(card);
    if (!c) return null;
    const founds = this.view.board().foundations || [];
    let i = founds.findIndex((f) => f && f.suit === c.suit);
    if (i < 0) i = founds.findIndex((f) => !f || !f.suit);
    return i < 0 ? null : `foundation:${i}`;
  }
}
