// Decks: this project's seeded shuffle and PySolFC's numbered deals, a port of
// fourseasons_widget/model/deal.py.  `shuffledDeck(seed)` is Python's `random.Random(seed).shuffle`
// (the Mersenne Twister, seeded as CPython seeds it from an int), so "seed 42" deals here the
// same cards as `Game.new(seed=42)` does in Python; PySolFC's deals use its Microsoft FreeCell
// generator (BigInt: 33-bit arithmetic) or the Mersenne Twister's `random()`.

import { makeCard } from "./cards.js";

/** CPython's random.Random for an integer seed: genrand_uint32, getrandbits, random. */
export class PyRandom {
  constructor(seed) {
    this.mt = new Uint32Array(624);
    this.index = 624;
    let n = BigInt(seed);
    if (n < 0n) n = -n;
    const key = [];
    while (n > 0n) {
      key.push(Number(n & 0xffffffffn));
      n >>= 32n;
    }
    if (!key.length) key.push(0);
    this.initByArray(key);
  }

  initGenrand(s) {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < 624; i++) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.index = 624;
  }

  initByArray(key) {
    this.initGenrand(19650218);
    const mt = this.mt;
    let i = 1;
    let j = 0;
    for (let k = Math.max(624, key.length); k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
      i++;
      j++;
      if (i >= 624) {
        mt[0] = mt[623];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = 623; k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= 624) {
        mt[0] = mt[623];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  uint32() {
    const mt = this.mt;
    if (this.index >= 624) {
      for (let k = 0; k < 624; k++) {
        const y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7fffffff);
        mt[k] = mt[(k + 397) % 624] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** getrandbits(k) for 1 <= k <= 32. */
  bits(k) {
    return this.uint32() >>> (32 - k);
  }

  random() {
    const a = this.uint32() >>> 5;
    const b = this.uint32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }

  /** _randbelow_with_getrandbits(n), n < 2**32. */
  below(n) {
    const k = 32 - Math.clz32(n);
    let r = this.bits(k);
    while (r >= n) r = this.bits(k);
    return r;
  }

  shuffle(x) {
    for (let i = x.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [x[i], x[j]] = [x[j], x[i]];
    }
    return x;
  }
}

/** A reproducible deck for `seed` (the same as Python's shuffled_deck). */
export function shuffledDeck(seed) {
  return new PyRandom(seed).shuffle(Array.from({ length: 52 }, (_, c) => c));
}

export const MS_MAX = 2n ** 33n - 1n;
const PYSOL_SUITS = [3, 0, 1, 2]; // PySolFC's suit order C S H D

function msDeal(number) {
  const cards = [];
  for (let r = 0; r < 13; r++) for (const s of [3, 2, 1, 0]) cards.push(makeCard(r, s));
  const num = BigInt(number);
  const wide = num >= 1n << 32n;
  const high = (1n << 31n) <= num && num < 1n << 32n ? 0x8000n : 0n;
  let seedx = wide ? num - (1n << 32n) : num;
  for (let n = cards.length - 1; n > 0; n--) {
    seedx = (seedx * 214013n + 2531011n) & 0x1ffffffffn;
    const rnd = wide ? ((seedx >> 16n) & 0xffffn) + 1n : ((seedx >> 16n) & 0x7fffn) | high;
    const j = Number(rnd % BigInt(n + 1));
    [cards[n], cards[j]] = [cards[j], cards[n]];
  }
  return cards.reverse();
}

function mtDeal(number) {
  const cards = [];
  for (const s of PYSOL_SUITS) for (let r = 0; r < 13; r++) cards.push(makeCard(r, s));
  const rng = new PyRandom(number);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(rng.random() * (i + 1));
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards.reverse();
}

/** A PySolFC game number as Python keeps it: a BigInt-safe decimal string, or "ms<n>". */
export function parsePysolNumber(number) {
  let text;
  if (typeof number === "string") {
    const t = number.trim().toLowerCase();
    if (t.length > 30) throw new Error("a PySolFC deal number has at most 20 digits");
    const ms = t.startsWith("ms");
    const digits = ms ? t.slice(2) : t.replace(/^#/, "");
    if (!/^[0-9]+$/.test(digits)) {
      throw new Error(`a PySolFC deal number is digits, or 'ms' and digits, not '${number.trim().slice(0, 30)}'`);
    }
    const value = BigInt(digits);
    if (ms) {
      if (value < 1n || value > MS_MAX) throw new Error(`PySolFC's ms deal numbers run from ms1 to ms${MS_MAX}`);
      return `ms${value}`;
    }
    text = value;
  } else if (typeof number === "number" && Number.isSafeInteger(number)) {
    text = BigInt(number);
  } else if (typeof number === "bigint") {
    text = number;
  } else {
    throw new Error("a PySolFC deal number is a positive integer");
  }
  if (text < 1n) throw new Error(`a PySolFC deal number is a positive integer, not ${text}`);
  if (text >= 10n ** 20n) throw new Error("PySolFC deal numbers have at most 20 digits");
  return text <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(text) : String(text);
}

/** The 52 cards in the order PySolFC deals them for deal `number`. */
export function pysolOrder(number) {
  const n = parsePysolNumber(number);
  if (typeof n === "string" && n.startsWith("ms")) return msDeal(n.slice(2));
  return BigInt(n) < 32000n ? msDeal(n) : mtDeal(n);
}

export const CROSS_ROWS = [3, 0, 1, 2, 4];

/** This model's deck for PySolFC's deal `number` (deal.pysol_deck). */
export function pysolDeck(number, rows = CROSS_ROWS, base = true) {
  const p = pysolOrder(number);
  const head = base ? 1 : 0;
  const piles = new Array(rows.length).fill(0);
  rows.forEach((j, k) => {
    piles[j] = p[head + k];
  });
  return [...piles, ...p.slice(0, head), ...p.slice(head + rows.length)];
}

/** What a player types in the deal box: ["pysol", n] or ["seed", n] (deal.parse_deal_text). */
export function parseDealText(text) {
  if (typeof text !== "string" || !text.trim()) {
    throw new Error("type a PySolFC deal number (like 123 or ms123), or 'seed' and a number");
  }
  const t = text.trim().toLowerCase();
  for (const prefix of ["seed", "s"]) {
    if (!t.startsWith(prefix)) continue;
    const rest = t.slice(prefix.length).trim();
    if (rest !== t && /^[0-9]+$/.test(rest)) {
      if (rest.length > 19 || BigInt(rest) >= 2n ** 53n) throw new Error("a seed is a whole number from 0 to 2^53");
      return ["seed", Number(rest)];
    }
  }
  return ["pysol", parsePysolNumber(text)];
}
