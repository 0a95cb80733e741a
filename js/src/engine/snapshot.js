// Plain-data pictures of a position and plain words for moves: a port of
// fourseasons_widget/table/snapshot.py, so the board drawn from the front-end engine is the board
// drawn from Python's.  The face-down stock card is never named before it is turned.

import { cardName, CODES, parseCard, SUITS } from "./cards.js";
import { cardsHome, foundationCards, pileName } from "./rules.js";

const CROSS_NAMES = ["the left of the cross", "the centre of the cross", "the right of the cross",
  "the top of the cross", "the bottom of the cross"];
const CELL_NAMES = ["the left cell", "the centre cell", "the right cell", "the top cell", "the bottom cell"];
const GRID_NAMES = ["the left of the grid", "the centre of the grid", "the right of the grid",
  "the top of the grid", "the bottom of the grid"];
const FOUNDATION_NAMES = ["the upper-left foundation", "the upper-right foundation",
  "the lower-left foundation", "the lower-right foundation"];

export function pileLabels(rules) {
  const names = { stock: "the stock", waste: "the waste" };
  FOUNDATION_NAMES.forEach((text, i) => {
    names[`foundation:${i}`] = text;
  });
  if (rules.layout === "rows") {
    const half = rules.n_piles / 2;
    for (let i = 0; i < rules.n_piles; i++) {
      names[pileName(rules, i)] = `tableau pile ${(i % half) + 1} of the ${i < half ? "top" : "bottom"} row`;
    }
  } else {
    const table = { cells: CELL_NAMES, grid: GRID_NAMES }[rules.layout] || CROSS_NAMES;
    for (let i = 0; i < rules.n_piles; i++) names[pileName(rules, i)] = i < table.length ? table[i] : pileName(rules, i);
  }
  return names;
}

/** What is face up, and how much is face down (the stock's size only). */
export function positionSnapshot(rules, s) {
  const foundations = [0, 1, 2, 3].map((slot) => {
    const suit = s.corners[slot];
    if (suit < 0) return { suit: null, count: 0, cards: [] };
    const cards = foundationCards(s, slot).map((c) => CODES[c]);
    return { suit: SUITS[suit], count: cards.length, cards };
  });
  return {
    piles: s.piles.map((p) => p.map((c) => CODES[c])),
    foundations,
    stock: s.stock.length,
    waste: s.waste.map((c) => CODES[c]),
    home: cardsHome(s),
  };
}

export const isTurn = (m) => m.source === "stock" && m.target === "waste";

export function describeMove(m, labels) {
  if (isTurn(m)) return `turned the stock: ${cardName(parseCard(m.card))}`;
  if (m.source === "waste" && m.target === "stock") return "redealt: the waste turned over is the stock again";
  return `${cardName(parseCard(m.card))} from ${labels[m.source] ?? m.source} to ${labels[m.target] ?? m.target}`;
}

export function adviseMove(m, labels) {
  if (isTurn(m)) return "turn the stock";
  if (m.source === "stock") return `deal the next stock card to ${labels[m.target] ?? m.target}`;
  if (m.source === "waste" && m.target === "stock") return "redeal: turn the waste over as the stock";
  return `${cardName(parseCard(m.card))} from ${labels[m.source] ?? m.source} to ${labels[m.target] ?? m.target}`;
}

/** [card, source, target] for the board; a move from the stock names no card (a turn, or
 * Dick 1883's vacancy filled from the pack: that card is face down). */
export const moveTriple = (m) => (m ? [m.source === "stock" ? null : m.card, m.source, m.target] : null);
