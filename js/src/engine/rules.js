// The rules of Four Seasons and its variants: a port of fourseasons_widget/model/rules.py (and the
// State of state.py) for the board that plays where no kernel answers.  The same data (one
// frozen rules object per variant and options), the same four engines, the same move order and
// the same refusal texts, word for word: tests/test_js_engine.py plays both side by side.
//
// A position is a plain object {piles, home, corners, stock, waste, base, bases, redeals}
// (arrays never mutated once made: `apply` copies what it changes).  A raw move is
// [source, target, count] with STOCK, WASTE, a pile index or FOUNDATION + slot.

import VARIANTS from "../../../fourseasons_widget/model/variants.json" with { type: "json" };
import { cardCode, cardLabel, makeCard, mod, parseCard, quote, RANK_LABELS } from "./cards.js";

export const STOCK = -2;
export const WASTE = -1;
export const FOUNDATION = 100;
export const WRAPS = ["literal", "always", "never"];

export class RulesError extends Error {}
/** A move the rules refuse: the message names the rule; the game is unchanged. */
export class IllegalMoveError extends Error {}

// -- positions ----------------------------------------------------------------------------
export function makeState(piles, home, corners, stock, waste, base, bases = null, redeals = 0) {
  return { piles, home, corners, stock, waste, base, bases, redeals };
}
export const baseOf = (s, suit) => (s.bases === null ? s.base : s.bases[suit]);
/** The card the foundation of `suit` takes next (-1 once complete). */
export function wants(s, suit) {
  const h = s.home[suit];
  return h >= 13 ? -1 : ((baseOf(s, suit) + h) % 13) * 4 + suit;
}
export const cardsHome = (s) => s.home[0] + s.home[1] + s.home[2] + s.home[3];
export const isWon = (s) => cardsHome(s) === 52;
export function foundationCards(s, slot) {
  const suit = s.corners[slot];
  if (suit < 0) return [];
  const b = baseOf(s, suit);
  return Array.from({ length: s.home[suit] }, (_, k) => ((b + k) % 13) * 4 + suit);
}
/** State.key(): positions equal up to the order of the piles share it. */
export function stateKey(s) {
  const piles = s.piles.map((p) => p.join(",")).sort();
  return JSON.stringify([piles, s.home, s.stock.length, s.waste, s.redeals]);
}
const replaceAt = (arr, i, v) => {
  const out = arr.slice();
  out[i] = v;
  return out;
};

// -- pile names ---------------------------------------------------------------------------
const PILE_NAME = /^(stock|waste|(foundation|cross|tableau|cell):(0|[1-9][0-9]?))$/;
export function pileParts(name) {
  if (typeof name !== "string" || name.length > 20) return null;
  const m = PILE_NAME.exec(name);
  if (!m) return null;
  return m[2] === undefined ? [m[1], null] : [m[2], Number(m[3])];
}

// -- the rules as data --------------------------------------------------------------------
// One definition, read by Python's model too (fourseasons_widget/model/variants.json): never a
// copy of its table (tests/test_js_engine.py checks that both read it alike).
const OPT_AUTODEAL = VARIANTS.autodeal;
export const PYSOL_CORNERS = VARIANTS.pysol_corners;
export const PYSOL_RULES = VARIANTS.pysol_rules;
const DEFAULTS = VARIANTS.defaults;

export const VARIANT_DATA = Object.fromEntries(Object.entries(VARIANTS.variants)
  .map(([name, fields]) => [name, { ...DEFAULTS, variant: name, ...fields }]));

export const VARIANT_NAMES = Object.keys(VARIANT_DATA);

/** Rules.option_values: the options as a save file names them. */
export function optionValues(r) {
  const values = {};
  for (const [name] of r.options) values[name] = r[name];
  if (r.autodeal !== "off") values.autodeal = r.autodeal;
  return values;
}

export function pileName(r, index) {
  if (index === STOCK) return "stock";
  if (index === WASTE) return "waste";
  if (index >= FOUNDATION) return `foundation:${index - FOUNDATION}`;
  return `${r.pile_kind}:${index}`;
}

export function pileIndex(r, name) {
  const parts = pileParts(name);
  if (parts !== null) {
    const [kind, i] = parts;
    if (kind === "stock") return STOCK;
    if (kind === "waste") return WASTE;
    if (kind === "foundation" && i < 4) return FOUNDATION + i;
    if (kind === r.pile_kind && i < r.n_piles) return i;
  }
  throw new IllegalMoveError(`there is no pile ${quote(name, 24)} in ${r.title}`);
}

export const pileNames = (r) => Array.from({ length: r.n_piles }, (_, i) => pileName(r, i));

const CACHE = new Map();

/** The rules of a variant with options applied (get_rules): one object per variant and
 * options, with its engine. */
export function getRules(variantName = "standard", options = {}) {
  const key = JSON.stringify([variantName, Object.entries(options || {}).sort()]);
  let r = CACHE.get(key);
  if (!r) {
    r = makeRules(variantName, options || {});
    if (CACHE.size < 256) CACHE.set(key, r);
  }
  return r;
}

function makeRules(variantName, options) {
  if (typeof variantName !== "string" || !Object.hasOwn(VARIANT_DATA, variantName)) {
    throw new RulesError(`unknown variant ${quote(variantName, 30)}; choose one of ${VARIANT_NAMES.join(", ")}`);
  }
  let base = VARIANT_DATA[variantName];
  let allowed = Object.fromEntries(base.options);
  const which = options.rules;
  if (which !== undefined && which !== null && "rules" in allowed && allowed.rules.includes(which)
      && which !== base.rules && which === "pysol") {
    base = { ...base, ...PYSOL_RULES[base.variant] };
  }
  if (base.rules === "pysol") allowed = { ...Object.fromEntries(base.options), autodeal: OPT_AUTODEAL[1] };
  const changes = {};
  for (const [name, value] of Object.entries(options)) {
    if (value === null || value === undefined) continue;
    if (!Object.hasOwn(allowed, name)) {
      const known = Object.keys(allowed).join(", ") || "none";
      throw new RulesError(`unknown option ${quote(name, 30)} for ${base.variant}; options: ${known}`);
    }
    if (name === "autodeal" && base.rules === "pysol") {
      if (!OPT_AUTODEAL[1].includes(value)) {
        throw new RulesError(`option autodeal must be one of off, on, not ${quote(value, 30)}`);
      }
      if (value !== base.autodeal) changes[name] = value;
      continue;
    }
    if (base.rules === "pysol" && name !== "rules") {
      if (value !== base[name]) {
        throw new RulesError(`rules='pysol' plays PySolFC's rules as they are: its ${name} is `
          + `${quote(base[name])}, not ${quote(value, 30)}`);
      }
      continue;
    }
    if (!allowed[name].includes(value)) {
      throw new RulesError(`option ${name} must be one of ${allowed[name].join(", ")}, not ${quote(value, 30)}`);
    }
    changes[name] = value;
  }
  const rules = Object.freeze({ ...base, ...changes });
  const Cls = { free: Engine, stock: ImmediateFillEngine, waste: ImmediateFillEngine,
    vacancy: Dick1883Engine, pysol: PysolFillEngine }[rules.fill];
  return Object.freeze({ ...rules, engine: new Cls(rules) });
}

// -- engines ------------------------------------------------------------------------------
const WHERE = { cross: "the cross", tableau: "the tableau", cell: "a cell" };

/** Move generation and application for the flow where spaces wait for the player. */
export class Engine {
  constructor(rules) {
    this.rules = rules;
    this.n = rules.n_piles;
    this.sequences = rules.sequences;
    this.freeFill = rules.fill === "free" || rules.fill === "pysol";
    this.cornerSuits = rules.corner_suits;
    this.foundationBack = rules.foundation_back;
    this.fitsCache = new Map();
    this.parentsCache = new Map();
    this.autodeal = rules.autodeal === "on";
  }

  /** The top card of foundation `slot` that may go back to the tableau, or null. */
  foundationTop(s, slot) {
    const suit = s.corners[slot];
    if (suit < 0) return null;
    const h = s.home[suit];
    if (h < 1) return null;
    return (mod(baseOf(s, suit) + h - 1, 13) << 2) | suit;
  }

  /** fits[c * 52 + t] is 1 when card c may be built on card t in the tableau. */
  fits(base) {
    let table = this.fitsCache.get(base);
    if (!table) {
      table = new Uint8Array(52 * 52);
      const { build, tableau_wrap: wrap } = this.rules;
      if (build !== "none") {
        for (let c = 0; c < 52; c++) {
          const rc = c >> 2;
          for (let t = 0; t < 52; t++) {
            const rt = t >> 2;
            if (mod(rt - rc, 13) !== 1) continue;
            if (build === "alternate" && isRedCard(c) === isRedCard(t)) continue;
            if (wrap === "literal" && base === 0 && rt === 0) continue;
            if (wrap === "never" && rt === base) continue;
            table[c * 52 + t] = 1;
          }
        }
      }
      this.fitsCache.set(base, table);
    }
    return table;
  }

  whyNotBuild(base, c, t) {
    const r = this.rules;
    const where = WHERE[r.pile_kind];
    const pre = `${cardLabel(c)} cannot go on ${cardLabel(t)}`;
    if (r.build === "none") return `${pre}: a cell holds one card, no building`;
    if (mod((t >> 2) - (c >> 2), 13) !== 1) {
      const colours = r.build === "alternate" ? " in alternating colours" : "";
      return `${pre}: ${where} builds down by one rank${colours}`;
    }
    if (r.build === "alternate" && isRedCard(c) === isRedCard(t)) {
      return `${pre}: ${where} builds in alternating colours`;
    }
    if (r.tableau_wrap === "never" && (t >> 2) === base) {
      return `${pre}: nothing is built on a base-rank card (tableau_wrap='never')`;
    }
    return `${pre}: K goes on A only when the base rank is not A`;
  }

  homeSlots(s, card) {
    if (this.cornerSuits !== null) return [this.cornerSuits.indexOf(card & 3)];
    const out = [];
    for (let slot = 0; slot < 4; slot++) if (s.corners[slot] < 0) out.push(slot);
    return out;
  }

  /** parents[c]: the cards c may be built on. */
  parents(base) {
    let cached = this.parentsCache.get(base);
    if (!cached) {
      const fits = this.fits(base);
      cached = [];
      for (let c = 0; c < 52; c++) {
        const row = [];
        for (let t = 0; t < 52; t++) if (fits[c * 52 + t]) row.push(t);
        cached.push(row);
      }
      this.parentsCache.set(base, cached);
    }
    return cached;
  }

  moves(s) {
    const out = [];
    const { piles, home, corners, base, bases } = s;
    const parents = this.parents(base);
    const n = this.n;
    const where = new Map();
    piles.forEach((p, j) => {
      if (p.length) where.set(p[p.length - 1], j);
    });
    const empties = [];
    if (this.freeFill) for (let j = 0; j < n; j++) if (!piles[j].length) empties.push(j);
    const srcs = [];
    if (s.waste.length) srcs.push([WASTE, s.waste[s.waste.length - 1]]);
    piles.forEach((p, j) => {
      if (p.length) srcs.push([j, p[p.length - 1]]);
    });
    for (const [src, c] of srcs) {
      const suit = c & 3;
      const h = home[suit];
      if (h === 0) {
        if (c >> 2 === base) for (const slot of this.homeSlots(s, c)) out.push([src, FOUNDATION + slot, 1]);
      } else if (h < 13 && ((bases ? bases[suit] : base) + h) % 13 === c >> 2) {
        out.push([src, FOUNDATION + corners.indexOf(suit), 1]);
      }
      for (const t of parents[c]) {
        const j = where.get(t);
        if (j !== undefined) out.push([src, j, 1]);
      }
      for (const j of empties) if (j !== src) out.push([src, j, 1]);
    }
    if (this.foundationBack) {
      for (let slot = 0; slot < 4; slot++) {
        const c = this.foundationTop(s, slot);
        if (c === null) continue;
        for (const t of parents[c]) {
          const j = where.get(t);
          if (j !== undefined) out.push([FOUNDATION + slot, j, 1]);
        }
        for (const j of empties) out.push([FOUNDATION + slot, j, 1]);
      }
    }
    if (this.sequences) {
      const fits = this.fits(base);
      for (let i = 0; i < n; i++) {
        const p = piles[i];
        let k = p.length - 1;
        while (k > 0 && fits[p[k] * 52 + p[k - 1]]) k--;
        for (let m = k; m < p.length - 1; m++) {
          const c = p[m];
          const count = p.length - m;
          for (const t of parents[c]) {
            const j = where.get(t);
            if (j !== undefined && j !== i) out.push([i, j, count]);
          }
          for (const j of empties) if (j !== i) out.push([i, j, count]);
        }
      }
    }
    if (s.stock.length) out.push([STOCK, WASTE, 1]);
    else if (s.waste.length && s.redeals < this.rules.redeals) out.push([WASTE, STOCK, 1]);
    return out;
  }

  /** Apply a raw move known to be legal (from moves()), then PySolFC's auto deal if on. */
  apply(s, move) {
    const t = this.applyMove(s, move);
    if (this.autodeal && !t.waste.length && t.stock.length) {
      return makeState(t.piles, t.home, t.corners, t.stock.slice(1), t.stock.slice(0, 1), t.base,
        t.bases, t.redeals);
    }
    return t;
  }

  applyMove(s, move) {
    return this.plainApply(s, move);
  }

  plainApply(s, [src, dst, count]) {
    let { piles, home, corners, stock, waste } = s;
    if (dst === STOCK) {
      return makeState(piles, home, corners, waste, [], s.base, s.bases, s.redeals + 1);
    }
    let cards;
    if (src === STOCK) {
      cards = stock.slice(0, 1);
      stock = stock.slice(1);
    } else if (src === WASTE) {
      cards = waste.slice(-1);
      waste = waste.slice(0, -1);
    } else if (src >= FOUNDATION) {
      cards = [this.foundationTop(s, src - FOUNDATION)];
      const suit = cards[0] & 3;
      home = replaceAt(home, suit, home[suit] - 1);
      if (!home[suit]) corners = replaceAt(corners, src - FOUNDATION, -1);
    } else {
      const p = piles[src];
      cards = p.slice(p.length - count);
      piles = replaceAt(piles, src, p.slice(0, p.length - count));
    }
    if (dst >= FOUNDATION) {
      const suit = cards[0] & 3;
      home = replaceAt(home, suit, home[suit] + 1);
      const slot = dst - FOUNDATION;
      if (corners[slot] < 0) corners = replaceAt(corners, slot, suit);
    } else if (dst === WASTE) {
      waste = waste.concat(cards);
    } else {
      piles = replaceAt(piles, dst, piles[dst].concat(cards));
    }
    return this.after(makeState(piles, home, corners, stock, waste, s.base, s.bases, s.redeals));
  }

  /** Hook for forced follow-ups (filling spaces). */
  after(s) {
    return s;
  }

  /** deck[0:n] to the piles, deck[n] the base (or PySolFC Corners' lifted suits). */
  deal(deck) {
    const n = this.n;
    const home = [0, 0, 0, 0];
    const corners = [-1, -1, -1, -1];
    let bases = null;
    let base;
    let rest;
    if (this.rules.deal === "suits") {
      const lifted = new Map();
      for (let i = deck.length - 1; i >= 0; i--) if (!lifted.has(deck[i] & 3)) lifted.set(deck[i] & 3, deck[i]);
      deck = deck.filter((c) => lifted.get(c & 3) !== c);
      bases = [0, 1, 2, 3].map((suit) => lifted.get(suit) >> 2);
      for (let suit = 0; suit < 4; suit++) {
        home[suit] = 1;
        corners[this.cornerSuits.indexOf(suit)] = suit;
      }
      base = bases[this.cornerSuits[0]];
      rest = deck.slice(n);
    } else {
      const b = deck[n];
      home[b & 3] = 1;
      corners[this.cornerSuits ? this.cornerSuits.indexOf(b & 3) : 0] = b & 3;
      base = b >> 2;
      rest = deck.slice(n + 1);
    }
    const waste = this.rules.turn_at_deal ? rest.slice(0, 1) : [];
    const piles = deck.slice(0, n).map((c) => [c]);
    return this.after(makeState(piles, home, corners, rest.slice(waste.length), waste, base, bases));
  }

  // -- moves in and out of the public notation ------------------------------------------
  /** The public move {card, source, target} of a raw move. */
  toMove(s, [src, dst, count]) {
    let card;
    if (src === STOCK) card = s.stock[0];
    else if (src === WASTE) card = s.waste[s.waste.length - 1];
    else if (src >= FOUNDATION) card = this.foundationTop(s, src - FOUNDATION);
    else card = s.piles[src][s.piles[src].length - count];
    return { card: cardCode(card), source: pileName(this.rules, src), target: pileName(this.rules, dst) };
  }

  /** The raw move for a public move, or IllegalMoveError saying why not. */
  fromMove(s, move) {
    const r = this.rules;
    if (![move.card, move.source, move.target].every((x) => typeof x === "string" && x.length <= 20)) {
      throw new IllegalMoveError("a move names its card and piles as short strings");
    }
    const src = pileIndex(r, move.source);
    const dst = pileIndex(r, move.target);
    let card;
    try {
      card = parseCard(move.card);
    } catch (e) {
      throw new IllegalMoveError(e.message);
    }
    const count = this.locate(s, card, src);
    const raw = [src, dst, count];
    if (this.moves(s).some((m) => m[0] === src && m[1] === dst && m[2] === count)) return raw;
    throw new IllegalMoveError(this.whyIllegal(s, card, src, dst, count));
  }

  locate(s, card, src) {
    const name = pileName(this.rules, src);
    if (src >= FOUNDATION) {
      if (!this.foundationBack) {
        throw new IllegalMoveError(`${cardLabel(card)} cannot leave a foundation: cards never do`);
      }
      if (this.foundationTop(s, src - FOUNDATION) !== card) {
        throw new IllegalMoveError(`${cardLabel(card)} is not available on ${name}: only a `
          + "foundation's top card goes back to the tableau");
      }
      return 1;
    }
    if (src === STOCK) {
      if (!s.stock.length) throw new IllegalMoveError("the stock is empty");
      if (s.stock[0] !== card) {
        throw new IllegalMoveError(`${cardLabel(card)} is not the next stock card; only the next card is turned`);
      }
      return 1;
    }
    if (src === WASTE) {
      const top = s.waste[s.waste.length - 1];
      if (!s.waste.length || top !== card) {
        const what = s.waste.length ? `the top is ${cardLabel(top)}` : "the waste is empty";
        throw new IllegalMoveError(`${cardLabel(card)} is not available on the waste: ${what}`);
      }
      return 1;
    }
    const p = s.piles[src];
    const at = p.indexOf(card);
    if (at < 0) throw new IllegalMoveError(`${cardLabel(card)} is not on ${name}`);
    const count = p.length - at;
    if (count > 1 && !this.sequences) {
      throw new IllegalMoveError(`${cardLabel(card)} is not available: only the top card of ${name} `
        + `(${cardLabel(p[p.length - 1])}) moves, one card at a time`);
    }
    return count;
  }

  whyIllegal(s, card, src, dst, count) {
    const r = this.rules;
    const lab = cardLabel(card);
    if (src === STOCK) {
      // the stock card is face down: this refusal must not name it, nor differ with it
      if (dst === STOCK) return "the stock turns onto the waste, not onto itself";
      if (dst !== WASTE) return "the stock turns onto the waste; play the card from there";
    }
    if (src === dst) return `${lab} is already on ${pileName(r, src)}`;
    if (dst === STOCK) {
      if (r.redeals && src === WASTE) {
        if (s.redeals >= r.redeals) return `no redeal left: ${r.title} allows ${r.redeals}`;
        return "the waste goes back to the stock only once the stock is empty";
      }
      return "no card goes back to the stock";
    }
    if (dst === WASTE) return "only the stock is turned onto the waste";
    if (dst >= FOUNDATION) {
      if (count > 1) return "one card at a time goes to a foundation";
      const slot = dst - FOUNDATION;
      const suitThere = s.corners[slot];
      const need = RANK_LABELS[s.base];
      const fixed = r.corner_suits;
      const suitSymbol = (suit) => cardLabel(makeCard(s.base, suit)).slice(-1);
      if (fixed !== null && fixed[slot] !== (card & 3)) {
        return `${lab} cannot go on foundation:${slot}: in ${r.title} that corner takes only ${suitSymbol(fixed[slot])}`;
      }
      if (suitThere < 0) {
        if (card >> 2 !== s.base) {
          return `${lab} cannot start a foundation: every foundation starts with the base rank, ${need}`;
        }
        return `${lab} cannot go there: its suit's foundation is already started`;
      }
      if (suitThere !== (card & 3)) {
        return `${lab} cannot go on foundation:${slot}: that foundation takes only ${suitSymbol(suitThere)}`;
      }
      if (s.home[suitThere] >= 13) return `foundation:${slot} is complete`;
      return `${lab} cannot go on foundation:${slot}: it builds up by suit, round the corner; `
        + `next is ${cardLabel(wants(s, suitThere))}`;
    }
    const target = s.piles[dst];
    if (count > 1 && !this.sequences) return "only one card moves at a time";
    if (target.length) {
      const top = target[target.length - 1];
      if (r.pile_capacity === 1) return `${lab} cannot go on ${cardLabel(top)}: a cell holds one card`;
      return this.whyNotBuild(s.base, card, top);
    }
    return this.whyNotSpace(s, card, src, dst);
  }

  whyNotSpace(s, card, src, dst) {
    return `${cardLabel(card)} cannot go to ${pileName(this.rules, dst)}`;
  }
}

const isRedCard = (c) => (c & 3) === 1 || (c & 3) === 2;

/** Czarina and Corners: a space is filled at once from the stock (or, with fill="waste",
 * from the waste top, else the stock); once they are empty a space stays empty. */
export class ImmediateFillEngine extends Engine {
  constructor(rules) {
    super(rules);
    this.fromWaste = rules.fill === "waste";
  }

  after(s) {
    if (s.piles.every((p) => p.length)) return s;
    let { stock, waste } = s;
    const piles = s.piles.slice();
    for (let j = 0; j < piles.length; j++) {
      if (piles[j].length) continue;
      if (this.fromWaste && waste.length) {
        piles[j] = waste.slice(-1);
        waste = waste.slice(0, -1);
      } else if (stock.length) {
        piles[j] = stock.slice(0, 1);
        stock = stock.slice(1);
      }
    }
    return { ...s, piles, stock, waste };
  }

  whyNotSpace(s, card, src, dst) {
    const from = this.fromWaste ? "the waste" : "the stock";
    return `${cardLabel(card)} cannot fill ${pileName(this.rules, dst)}: in ${this.rules.title} a `
      + `space is filled only from ${from}, at once, and stays empty once that is gone`;
  }
}

/** PySolFC's Czarina and Corners: the pile a move takes its card from is refilled at once from
 * the waste, the waste (once empty) from the stock. */
export class PysolFillEngine extends Engine {
  applyMove(s, move) {
    const t = this.plainApply(s, move);
    const [src, dst] = move;
    let { piles, stock, waste } = t;
    let emptied;
    if (src === WASTE && dst !== STOCK) {
      emptied = !waste.length;
    } else if (src >= 0 && src < FOUNDATION && !piles[src].length && waste.length) {
      piles = replaceAt(piles, src, waste.slice(-1));
      waste = waste.slice(0, -1);
      emptied = !waste.length;
    } else {
      return t;
    }
    if (emptied && stock.length) {
      waste = stock.slice(0, 1);
      stock = stock.slice(1);
    }
    return makeState(piles, t.home, t.corners, stock, waste, t.base, t.bases, t.redeals);
  }
}

// Dick's tableau cells in the order the deal fills them (top, left, centre, right, bottom)
const DICK_DEAL_ORDER = [3, 0, 1, 2, 4];

/** Dick (1883): the interleaved deal; a vacancy is filled at once, from another pile or the
 * waste, from the pack only when the waste is empty. */
export class Dick1883Engine extends Engine {
  moves(s) {
    const vacancies = [];
    for (let j = 0; j < this.n; j++) if (!s.piles[j].length) vacancies.push(j);
    if (vacancies.length && (s.waste.length || s.stock.length)) {
      const out = [];
      for (const v of vacancies) {
        out.push(s.waste.length ? [WASTE, v, 1] : [STOCK, v, 1]);
        for (let i = 0; i < this.n; i++) if (s.piles[i].length) out.push([i, v, 1]);
      }
      return out;
    }
    const out = super.moves(s);
    for (const v of vacancies) for (let i = 0; i < this.n; i++) if (s.piles[i].length) out.push([i, v, 1]);
    return out;
  }

  deal(deck) {
    const first = deck[0];
    const base = first >> 2;
    const home = [0, 0, 0, 0];
    const corners = [first & 3, -1, -1, -1];
    home[first & 3] = 1;
    const piles = [[], [], [], [], []];
    let placed = 0;
    let i = 1;
    while (placed < 5 && i < 52) {
      const c = deck[i++];
      const suit = c & 3;
      if (home[suit] === 0 && c >> 2 === base) {
        corners[corners.indexOf(-1)] = suit;
        home[suit] = 1;
      } else if (home[suit] && home[suit] < 13 && (base + home[suit]) % 13 === c >> 2) {
        home[suit] += 1;
      } else {
        piles[DICK_DEAL_ORDER[placed++]] = [c];
      }
    }
    return makeState(piles, home, corners, deck.slice(i), [], base);
  }

  whyIllegal(s, card, src, dst, count) {
    const vacancies = [];
    for (let j = 0; j < this.n; j++) if (!s.piles[j].length) vacancies.push(j);
    const isVacancy = vacancies.includes(dst);
    if (vacancies.length && (s.waste.length || s.stock.length) && !isVacancy) {
      const names = vacancies.map((v) => pileName(this.rules, v)).join(", ");
      return `a vacancy (${names}) must be filled at once, before any other move`;
    }
    if (vacancies.length && isVacancy && count > 1) {
      return "a vacancy is filled with one card, the top of another pile or of the waste";
    }
    if (isVacancy && src === STOCK && s.waste.length) {
      return "a vacancy is filled from the pack only when the wastepile is empty; "
        + "use the top of the waste or of another pile";
    }
    return super.whyIllegal(s, card, src, dst, count);
  }
}
