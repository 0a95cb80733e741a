// Cards as small ints, `rank * 4 + suit` (rank 0 the ace … 12 the king; suits 0 ♠ 1 ♥ 2 ♦ 3 ♣),
// and their text codes: a port of fourseasons_widget/model/cards.py for the board that plays where no
// kernel answers.  Python stays the reference; tests/test_js_engine.py checks this port against
// it move by move.

export const RANKS = "A23456789TJQK";
export const SUITS = "SHDC";
export const SUIT_SYMBOLS = "♠♥♦♣";
export const SUIT_NAMES = ["spades", "hearts", "diamonds", "clubs"];
export const RANK_NAMES = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine",
  "ten", "jack", "queen", "king"];
export const RANK_LABELS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

export const CODES = Array.from({ length: 52 }, (_, c) => RANKS[c >> 2] + SUITS[c & 3]);
const BY_CODE = new Map(CODES.map((code, c) => [code, c]));

export class CardError extends Error {}

export const rankOf = (c) => c >> 2;
export const suitOf = (c) => c & 3;
export const isRed = (c) => (c & 3) === 1 || (c & 3) === 2;
export const makeCard = (rank, suit) => rank * 4 + suit;
export const cardCode = (c) => CODES[c];
/** The short label a player reads: `7♥`, `10♦`. */
export const cardLabel = (c) => RANK_LABELS[c >> 2] + SUIT_SYMBOLS[c & 3];
/** The spoken name: `seven of hearts`. */
export const cardName = (c) => `${RANK_NAMES[c >> 2]} of ${SUIT_NAMES[c & 3]}`;

/** Python's `%`: the result has the divisor's sign (so `(a - b) % 13` is never negative). */
export const mod = (a, n) => ((a % n) + n) % n;

const isAscii = (s) => /^[\x00-\x7f]*$/.test(s);

/** Python's `ascii()` of a string: quoted as Python quotes it, non-ASCII escaped. */
export function pyAscii(s) {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = "";
  for (const ch of s) {
    const cp = ch.codePointAt(0);
    if (ch === "\\") out += "\\\\";
    else if (ch === quote) out += "\\" + quote;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (cp < 0x20 || cp === 0x7f) out += "\\x" + cp.toString(16).padStart(2, "0");
    else if (cp < 0x7f) out += ch;
    else if (cp <= 0xff) out += "\\x" + cp.toString(16).padStart(2, "0");
    else if (cp <= 0xffff) out += "\\u" + cp.toString(16).padStart(4, "0");
    else out += "\\U" + cp.toString(16).padStart(8, "0");
  }
  return quote + out + quote;
}

/** validate.quote: a short, ASCII, safe rendering of outside input for a message. */
export function quote(x, limit = 40) {
  if (typeof x === "string") {
    // (Python slices by code point; a lone surrogate is one code unit in both)
    const cps = Array.from(x);
    let text = pyAscii(cps.slice(0, limit).join(""));
    if (cps.length > limit || text.length > limit + 2) {
      text = text.slice(0, limit - 1).replace(/\\+$/, "") + "...'";
    }
    return text;
  }
  if (x === null || x === undefined) return "None";
  if (typeof x === "boolean") return x ? "True" : "False";
  if (typeof x === "number") return Number.isInteger(x) ? String(x) : String(x);
  if (Array.isArray(x)) return `a list of ${x.length} items`;
  if (typeof x === "object") return `a dict of ${Object.keys(x).length} items`;
  return `a ${typeof x}`;
}

/** Read a card code such as `7H`, `TD` or `10d` (case does not matter). */
export function parseCard(code) {
  if (typeof code !== "string") {
    throw new CardError(`a card code must be a string like '7H', not ${quote(code, 24)}`);
  }
  let text = code.length <= 8 && isAscii(code) ? code.trim().toUpperCase() : "";
  if (text.startsWith("10")) text = "T" + text.slice(2);
  const card = BY_CODE.get(text);
  if (card === undefined) {
    throw new CardError(`malformed card code ${quote(code, 24)}: expected a rank (A 2-9 T/10 J Q K) `
      + "followed by a suit (S H D C), e.g. '7H'");
  }
  return card;
}

export function parseRank(text) {
  if (Number.isInteger(text) && text >= 0 && text < 13) return text;
  if (typeof text === "string" && text.length <= 8 && isAscii(text)) {
    let t = text.trim().toUpperCase();
    if (t === "10") t = "T";
    if (t.length === 1 && RANKS.includes(t)) return RANKS.indexOf(t);
  }
  throw new CardError(`malformed rank ${quote(text, 24)}: expected one of A 2-9 T J Q K`);
}

/** A full 52-card deck from a string of codes or a list of codes / card numbers. */
export function parseDeck(deck) {
  let items;
  if (typeof deck === "string") {
    if (deck.length > 2000) throw new CardError("a deck has 52 cards: this text is far too long to be one");
    items = deck.replace(/,/g, " ").split(/\s+/).filter(Boolean);
  } else if (Array.isArray(deck)) {
    items = deck;
  } else {
    throw new CardError(`a deck must be a string or a list of card codes, not ${quote(deck, 24)}`);
  }
  if (items.length !== 52) throw new CardError(`a deck has 52 cards, this one has ${items.length}`);
  const cards = items.map((x) => {
    if (typeof x === "number") {
      if (Number.isInteger(x) && x >= 0 && x < 52) return x;
      throw new CardError(`card number ${quote(x, 24)} is out of range 0-51`);
    }
    return parseCard(x);
  });
  const seen = new Set();
  for (const c of cards) {
    if (seen.has(c)) throw new CardError(`the deck holds ${CODES[c]} twice`);
    seen.add(c);
  }
  return cards;
}

export const formatCards = (cards) => cards.map((c) => CODES[c]).join(" ");
