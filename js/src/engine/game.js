// A game: a position with history, undo/redo, status and the save-file form — a port of
// fourseasons_widget/model/game.py (and Move of state.py) for the board that plays where no kernel
// answers.  What needs a search is Python's: this game says "lost" only on the cheap proofs
// (no legal move; or, the stock empty, nothing but rearranging the tableau left), never on a
// solver's proof.

import { CardError, CODES, cardLabel, formatCards, parseCard, parseDeck, parseRank, quote,
  RANK_LABELS, SUITS } from "./cards.js";
import { pysolDeck, parsePysolNumber, shuffledDeck } from "./deal.js";
import { FOUNDATION, IllegalMoveError, RulesError, STOCK, VARIANT_DATA, WASTE, foundationCards,
  getRules, isWon, makeState, optionValues, pileName, stateKey } from "./rules.js";

export const SAVE_FORMAT = "fourseasons-widget/game";
export const SAVE_VERSION = 1;
export const MAX_MOVES = 20000;
const STUCK_LIMIT = 5000;

export class SaveFileError extends Error {}

// -- the public move and its notation -----------------------------------------------------
const ABBR = { stock: "s", waste: "w", foundation: "f", cross: "c", tableau: "t", cell: "x" };
const FULL = Object.fromEntries(Object.entries(ABBR).map(([k, v]) => [v, k]));
const PILE_NAME = /^(stock|waste|(foundation|cross|tableau|cell):(0|[1-9][0-9]?))$/;
const SHORT_PILE = /^([swfctx])(0|[1-9][0-9]?)?$/;

export function abbreviate(pile) {
  const [kind, index = ""] = pile.split(":");
  return (ABBR[kind] || kind) + index;
}

/** "c2" → "cross:2"; full names pass through. */
export function expand(text) {
  const t = typeof text === "string" && text.length <= 20 && /^[\x00-\x7f]*$/.test(text)
    ? text.trim().toLowerCase() : "";
  if (PILE_NAME.test(t)) return t;
  const m = SHORT_PILE.exec(t);
  if (m && "sw".includes(m[1]) === (m[2] === undefined)) {
    const kind = FULL[m[1]];
    return m[2] === undefined ? kind : `${kind}:${m[2]}`;
  }
  throw new Error(`unknown pile ${quote(text, 20)}: use stock, waste, foundation:i or a tableau pile`);
}

export const moveText = (m) => `${m.card} ${abbreviate(m.source)}>${abbreviate(m.target)}`;

/** Move.parse: the full notation "7H w>c2" (or "7H waste>cross:2"). */
export function parseMoveText(text) {
  const m = typeof text === "string" && text.length <= 60
    ? /^\s*(\S+)\s+(\S+?)\s*(?:>|->|→)\s*(\S+)\s*$/.exec(text) : null;
  if (!m) throw new Error(`cannot read move ${quote(text)}: expected e.g. '7H w>c2'`);
  return { card: CODES[parseCard(m[1])], source: expand(m[2]), target: expand(m[3]) };
}

// -- cheap proofs of a loss ---------------------------------------------------------------
/** True when the stock is empty and nothing but rearranging the tableau can ever happen
 * (game._only_rearranging). */
export function onlyRearranging(rules, state) {
  if (state.stock.length) return false;
  const seen = new Set([stateKey(state)]);
  const todo = [state];
  while (todo.length) {
    const s = todo.pop();
    for (const m of rules.engine.moves(s)) {
      const [src, dst] = m;
      if (dst >= FOUNDATION || src === WASTE || src === STOCK) return false;
      const t = rules.engine.apply(s, m);
      const k = stateKey(t);
      if (!seen.has(k)) {
        if (seen.size >= STUCK_LIMIT) return false;
        seen.add(k);
        todo.push(t);
      }
    }
  }
  return true;
}

/** "won", "lost" (on the cheap proofs only) or "playing". */
export function localStatus(rules, state) {
  if (isWon(state)) return "won";
  if (!rules.engine.moves(state).length) return "lost";
  if (onlyRearranging(rules, state)) return "lost";
  return "playing";
}

// -- the game -----------------------------------------------------------------------------
export class Game {
  constructor(state, rules, { seed = null, deck = null, pysol = null } = {}) {
    this.rules = rules;
    this.start = state;
    this.states = [state];
    this.moves = [];
    this.redoStack = [];
    this.auto = [];
    this.redoAuto = [];
    this.seed = seed;
    this.deck = deck;
    this.pysol = pysol;
    this.statusCache = new Map();
  }

  static new(seed, variant = "standard", options = {}) {
    const rules = getRules(variant, options);
    // (a short seed, 1 to 1,000,000, to read and type again: Python's Game.new, NEW_SEEDS)
    if (seed === null || seed === undefined) seed = 1 + Math.floor(Math.random() * 1000000);
    if (!Number.isSafeInteger(seed) || seed < 0) {
      throw new Error(`a seed is a non-negative integer below 2**63, not ${quote(seed)}`);
    }
    const deck = shuffledDeck(seed);
    return new Game(rules.engine.deal(deck), rules, { seed, deck });
  }

  static fromDeck(deck, variant = "standard", options = {}) {
    const rules = getRules(variant, options);
    const cards = parseDeck(deck);
    return new Game(rules.engine.deal(cards), rules, { deck: cards });
  }

  static fromPysol(number, variant = "standard", options = {}) {
    const plain = VARIANT_DATA[variant];
    if (plain && options.rules === "pysol" && !plain.options.some(([n]) => n === "rules")) {
      throw new RulesError(`PySolFC deal numbers cannot be dealt in ${plain.title}: PySolFC has no such game`);
    }
    const rules = getRules(variant, options);
    if (rules.pysol_rows === null) {
      const hint = rules.options.some(([n]) => n === "rules")
        ? "; PySolFC's own Corners is variant='corners', rules='pysol'" : "";
      throw new RulesError(`PySolFC deal numbers cannot be dealt in ${rules.title}: PySolFC has no `
        + `such game, or deals it otherwise${hint}`);
    }
    const n = parsePysolNumber(number);
    const deck = pysolDeck(n, rules.pysol_rows, rules.deal === "cross");
    return new Game(rules.engine.deal(deck), rules, { deck, pysol: n });
  }

  get state() {
    return this.states[this.states.length - 1];
  }

  get variant() {
    return this.rules.variant;
  }

  get ply() {
    return this.moves.length;
  }

  get canUndo() {
    return this.moves.length > 0;
  }

  get canRedo() {
    return this.redoStack.length > 0;
  }

  get status() {
    const s = this.state;
    let v = this.statusCache.get(s);
    if (v === undefined) {
      v = localStatus(this.rules, s);
      if (this.statusCache.size > 512) this.statusCache.clear();
      this.statusCache.set(s, v);
    }
    return v;
  }

  legalMoves() {
    const s = this.state;
    return this.rules.engine.moves(s).map((m) => this.rules.engine.toMove(s, m));
  }

  /** Why a move is refused, or null when it is legal. */
  explain(move) {
    try {
      this.resolve(move);
    } catch (e) {
      return e.message;
    }
    return null;
  }

  /** Play a move ({card, source, target} or "turn" / notation); IllegalMoveError if refused. */
  play(move, { auto = false } = {}) {
    const [m, raw] = this.resolve(move);
    this.push(m, raw, auto && this.moves.length > 0);
    this.redoStack = [];
    this.redoAuto = [];
    return m;
  }

  push(m, raw, auto = false) {
    if (this.moves.length >= MAX_MOVES) throw new IllegalMoveError(`a game holds at most ${MAX_MOVES} moves`);
    this.states.push(this.rules.engine.apply(this.state, raw));
    this.moves.push(m);
    this.auto.push(auto);
  }

  undo() {
    if (!this.moves.length) throw new IllegalMoveError("nothing to undo");
    for (;;) {
      this.states.pop();
      const m = this.moves.pop();
      const auto = this.auto.pop();
      this.redoStack.push(m);
      this.redoAuto.push(auto);
      if (!auto || !this.moves.length) return m;
    }
  }

  redo() {
    if (!this.redoStack.length) throw new IllegalMoveError("nothing to redo");
    let first = null;
    while (this.redoStack.length && (first === null || this.redoAuto[this.redoAuto.length - 1])) {
      const m = this.redoStack[this.redoStack.length - 1];
      const raw = this.rules.engine.fromMove(this.state, m);
      this.push(m, raw, this.redoAuto[this.redoAuto.length - 1] && first !== null);
      this.redoStack.pop();
      this.redoAuto.pop();
      first = first || m;
    }
    return first;
  }

  /** The last move and those that followed it by themselves, oldest first. */
  get lastGroup() {
    let i = this.moves.length;
    while (i > 1 && this.auto[i - 1]) i--;
    return this.moves.slice(Math.max(0, i - 1));
  }

  restart() {
    while (this.moves.length) this.undo();
  }

  resolve(move) {
    if (isWon(this.state)) throw new IllegalMoveError("the game is won: every card is home");
    if (typeof move === "string") move = this.parseMove(move);
    if (!move || typeof move !== "object") {
      throw new IllegalMoveError(`a move is a Move or a string like '7H w>c2', not ${quote(move)}`);
    }
    const raw = this.rules.engine.fromMove(this.state, move);
    return [this.rules.engine.toMove(this.state, raw), raw];
  }

  /** "turn" (and its other names) or the full notation. */
  parseMove(text) {
    const t = text.trim();
    if (t.length > 60) throw new IllegalMoveError("that move text is too long to be a move");
    const s = this.state;
    const low = t.toLowerCase();
    if (["turn", "t", "s", "stock", "deal", "s>w", "stock>waste", "redeal"].includes(low)) {
      if (!s.stock.length) {
        if (s.waste.length && this.rules.redeals && ["turn", "t", "s", "stock", "redeal"].includes(low)) {
          return { card: CODES[s.waste[s.waste.length - 1]], source: "waste", target: "stock" };
        }
        throw new IllegalMoveError("the stock is empty");
      }
      if (low === "redeal") throw new IllegalMoveError("a redeal turns the waste back only once the stock is empty");
      return { card: CODES[s.stock[0]], source: "stock", target: "waste" };
    }
    try {
      return parseMoveText(t);
    } catch (e) {
      throw new IllegalMoveError(e.message);
    }
  }

  // -- the save file ----------------------------------------------------------------------
  toDict() {
    const auto = this.auto.flatMap((a, i) => (a ? [i] : []));
    const redoAuto = [...this.redoAuto].reverse().flatMap((a, i) => (a ? [i] : []));
    return {
      format: SAVE_FORMAT,
      version: SAVE_VERSION,
      variant: this.rules.variant,
      options: optionValues(this.rules),
      seed: this.seed,
      pysol: this.pysol,
      deck: this.deck !== null ? formatCards(this.deck) : null,
      start: stateToDict(this.start),
      moves: this.moves.map(moveText),
      redo: [...this.redoStack].reverse().map(moveText),
      ...(auto.length ? { auto } : {}),
      ...(redoAuto.length ? { redo_auto: redoAuto } : {}),
    };
  }

  /** A game from its save-file form (Game.to_dict in Python), every move replayed and
   * checked; SaveFileError naming the problem otherwise. */
  static fromDict(data) {
    if (!data || typeof data !== "object" || Array.isArray(data)) throw new SaveFileError("a save file holds a JSON object");
    if (data.format !== SAVE_FORMAT) throw new SaveFileError(`not a Four Seasons save file (format ${quote(data.format)})`);
    if (!Number.isInteger(data.version) || data.version < 1) {
      throw new SaveFileError("save file version is missing or not a positive integer");
    }
    if (data.version > SAVE_VERSION) {
      throw new SaveFileError(`save file version ${data.version} is newer than this page reads (${SAVE_VERSION})`);
    }
    const options = data.options === null || data.options === undefined ? {} : data.options;
    if (typeof options !== "object" || Array.isArray(options)
        || !Object.values(options).every((v) => typeof v === "string")) {
      throw new SaveFileError("save file options must map names to strings");
    }
    let rules;
    try {
      rules = getRules(data.variant, options);
    } catch (e) {
      throw new SaveFileError(`save file: ${e.message}`);
    }
    let start;
    let deck = null;
    try {
      if (data.deck !== null && data.deck !== undefined) {
        if (typeof data.deck !== "string") throw new CardError("save file deck must be a string of card codes");
        deck = parseDeck(data.deck);
        start = rules.engine.deal(deck);
        // (the start is read, then compared in one spelling: key order and spacing free)
        if (data.start && JSON.stringify(stateToDict(start))
            !== JSON.stringify(stateToDict(stateFromDict(rules, data.start)))) {
          throw new Error("save file deck and start position disagree");
        }
      } else {
        start = stateFromDict(rules, data.start);
      }
    } catch (e) {
      throw new SaveFileError(e.message.startsWith("save file") ? e.message : `save file start position: ${e.message}`);
    }
    const game = new Game(start, rules, { seed: Number.isSafeInteger(data.seed) ? data.seed : null, deck,
      pysol: data.pysol ?? null });
    for (const key of ["moves", "redo"]) {
      const seq = data[key] ?? [];
      if (!Array.isArray(seq) || seq.length > MAX_MOVES || !seq.every((x) => typeof x === "string")) {
        throw new SaveFileError(`save file ${key} must be a list of move strings`);
      }
    }
    (data.moves || []).forEach((text, i) => {
      try {
        game.play(parseMoveText(text));
      } catch (e) {
        throw new SaveFileError(`save file move ${i + 1} (${quote(text, 30)}) is illegal: ${e.message}`);
      }
    });
    const redo = data.redo || [];
    const ply = game.ply;
    redo.forEach((text, i) => {
      try {
        game.play(parseMoveText(text));
      } catch (e) {
        throw new SaveFileError(`save file redo move ${i + 1} (${quote(text, 30)}) is illegal: ${e.message}`);
      }
    });
    // (played to check them, then taken back: the redo line as the engine names its moves)
    const line = game.moves.slice(ply);
    game.states.length = ply + 1;
    game.moves.length = ply;
    game.auto.length = ply;
    game.redoStack = line.reverse();
    for (const [key, n] of [["auto", game.moves.length], ["redo_auto", redo.length]]) {
      const marks = data[key] ?? [];
      if (!Array.isArray(marks) || !marks.every((i) => Number.isInteger(i) && i > 0 && i < n)) {
        throw new SaveFileError(`save file ${key} must list indices of automatic moves`);
      }
    }
    const auto = new Set(data.auto || []);
    game.auto = game.moves.map((_, i) => auto.has(i));
    const redoAuto = new Set(data.redo_auto || []);
    game.redoAuto = redo.map((_, i) => redoAuto.has(i)).reverse();
    return game;
  }
}

const rankText = (r) => (r !== 9 ? RANK_LABELS[r] : "T");

export function stateToDict(s) {
  return {
    base: rankText(s.base),
    piles: s.piles.map(formatCards),
    foundations: [0, 1, 2, 3].map((i) => (s.corners[i] < 0 ? null : `${SUITS[s.corners[i]]}${s.home[s.corners[i]]}`)),
    stock: formatCards(s.stock),
    waste: formatCards(s.waste),
    ...(s.bases !== null ? { bases: s.bases.map(rankText).join(" ") } : {}),
    ...(s.redeals ? { redeals: s.redeals } : {}),
  };
}

const cardsOf = (text, what) => {
  if (typeof text !== "string" || text.length > 500) throw new Error(`${what} must be a string of card codes`);
  return text.split(/\s+/).filter(Boolean).map(parseCard);
};

/** A position from stateToDict's form, with the checks a page can make cheaply: the shape,
 * 52 cards once each, the foundations. */
export function stateFromDict(rules, d) {
  if (!d || typeof d !== "object" || Array.isArray(d)) throw new Error("a position is a JSON object");
  const base = parseRank(d.base);
  if (!Array.isArray(d.piles) || d.piles.length !== rules.n_piles) {
    throw new Error(`${rules.title} has ${rules.n_piles} tableau piles`);
  }
  const piles = d.piles.map((p) => cardsOf(p, "a pile"));
  if (!Array.isArray(d.foundations) || d.foundations.length !== 4) throw new Error("there are four foundations");
  const home = [0, 0, 0, 0];
  const corners = [-1, -1, -1, -1];
  d.foundations.forEach((f, i) => {
    if (f === null) return;
    const m = typeof f === "string" ? /^([SHDC])([1-9][0-9]?)$/.exec(f) : null;
    if (!m || Number(m[2]) > 13) throw new Error(`foundation ${i} must be null or a suit and a count, like 'H3'`);
    const suit = SUITS.indexOf(m[1]);
    if (home[suit]) throw new Error("two foundations take the same suit");
    home[suit] = Number(m[2]);
    corners[i] = suit;
  });
  let bases = null;
  if (d.bases !== undefined && d.bases !== null) {
    if (typeof d.bases !== "string" || d.bases.trim().split(/\s+/).length !== 4) throw new Error("bases must be four ranks");
    bases = d.bases.trim().split(/\s+/).map(parseRank);
  }
  if ((bases !== null) !== (rules.deal === "suits")) throw new Error("per-suit base ranks belong to PySolFC's Corners only");
  const redeals = d.redeals ?? 0;
  if (!Number.isInteger(redeals) || redeals < 0 || redeals > rules.redeals) {
    throw new Error(`redeals must be a count from 0 to ${rules.redeals}`);
  }
  const s = makeState(piles, home, corners, cardsOf(d.stock, "the stock"), cardsOf(d.waste, "the waste"), base,
    bases, redeals);
  const all = [...piles.flat(), ...s.stock, ...s.waste];
  for (let slot = 0; slot < 4; slot++) all.push(...foundationCards(s, slot));
  if (all.length !== 52 || new Set(all).size !== 52) throw new Error("a position holds each of the 52 cards once");
  if (rules.pile_capacity !== null && piles.some((p) => p.length > rules.pile_capacity)) {
    throw new Error("a cell holds one card");
  }
  const fits = rules.engine.fits(base);
  piles.forEach((p, i) => {
    for (let k = 1; k < p.length; k++) {
      if (!fits[p[k] * 52 + p[k - 1]]) {
        throw new Error(`${pileName(rules, i)} has ${CODES[p[k]]} on ${CODES[p[k - 1]]}, which the tableau rules never allow`);
      }
    }
  });
  return s;
}

export { cardLabel };
