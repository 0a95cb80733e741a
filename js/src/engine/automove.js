// Cards that go home by themselves (the board's auto-move): a port of
// fourseasons_widget/automove.py.  Only moves that can never hurt: a card goes home when every
// card that could be built on it is home already; where spaces are refilled by force, not when
// it would change a fill; in Dick 1883 never.  And when what is left is won by moves home and
// turns alone, the game is finished for the player.

import { FOUNDATION, WASTE, isWon } from "./rules.js";

const MAX_RUN = 200;
const TABLES = new WeakMap();

function tables(rules, base) {
  let perBase = TABLES.get(rules.engine);
  if (!perBase) TABLES.set(rules.engine, (perBase = new Map()));
  let t = perBase.get(base);
  if (!t) {
    const fits = rules.engine.fits(base);
    const children = [];
    for (let c = 0; c < 52; c++) {
      const row = [];
      for (let x = 0; x < 52; x++) if (fits[x * 52 + c]) row.push([x & 3, (((x >> 2) - base) % 13 + 13) % 13]);
      children.push(row);
    }
    const wants = [0, 1, 2, 3].map((suit) => Array.from({ length: 14 }, (_, h) => (h < 13 ? ((base + h) % 13) * 4 + suit : -1)));
    t = { children, wants };
    perBase.set(base, t);
  }
  return t;
}

function safeRaw(rules, s) {
  const fill = rules.fill;
  if (fill === "vacancy") return null;
  const { children, wants } = tables(rules, s.base);
  const keepLast = fill !== "free";
  for (const raw of rules.engine.moves(s)) {
    const [src, dst] = raw;
    if (dst < FOUNDATION) continue;
    let card;
    if (src === WASTE) {
      if (fill === "waste" || !s.waste.length) continue;
      card = s.waste[s.waste.length - 1];
    } else if (src >= 0) {
      const pile = s.piles[src];
      if (!pile || !pile.length || (keepLast && pile.length === 1)) continue;
      card = pile[pile.length - 1];
    } else {
      continue;
    }
    // (the next card its foundation takes; an empty one's is its base card, which the same
    // proof sends home: it could only ever be a building target too)
    if (wants[card & 3][s.home[card & 3]] !== card) continue;
    if (children[card].every(([suit, need]) => s.home[suit] > need)) return raw;
  }
  return null;
}

export function safeHomeMoves(rules, state) {
  const line = [];
  let s = state;
  for (let i = 0; i < MAX_RUN; i++) {
    const raw = safeRaw(rules, s);
    if (raw === null) break;
    line.push(rules.engine.toMove(s, raw));
    s = rules.engine.apply(s, raw);
  }
  return line;
}

/** The moves that win by moves home and turns alone, or null. */
export function finishingRun(rules, state) {
  const line = [];
  let s = state;
  for (let i = 0; i < MAX_RUN; i++) {
    if (isWon(s)) return line;
    const moves = rules.engine.moves(s);
    let raw = moves.find((m) => m[1] >= FOUNDATION);
    if (!raw) {
      raw = moves.find((m) => m[1] === WASTE);
      if (!raw) return null;
    }
    line.push(rules.engine.toMove(s, raw));
    s = rules.engine.apply(s, raw);
  }
  return null;
}

export function afterMove(rules, state) {
  const run = finishingRun(rules, state);
  return run !== null ? run : safeHomeMoves(rules, state);
}
