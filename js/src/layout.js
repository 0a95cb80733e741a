// Where each pile sits on the board, per layout.  Positions are CSS grid cells [row, col]
// (1-based).  The side column holds the stock, the waste and the base rank.

// The cross piles by index: 0 left, 1 centre, 2 right, 3 top, 4 bottom (see notebooks/sources.md).
const CROSS_CELLS = [[2, 2], [2, 3], [2, 4], [1, 3], [3, 3]];
const GRID_CELLS = [[2, 1], [2, 2], [2, 3], [1, 2], [3, 2]];

/**
 * The layout of a board: {cols, rows, fan, cells: {pileName: [row, col]}}.
 * `fan` says whether tableau piles fan downwards (they hold more than one card).
 */
export function layoutFor(board) {
  const names = board.pile_names || [];
  const cells = {};
  let cols;
  let rows;
  if (board.layout === "rows") {
    const half = Math.ceil(names.length / 2);
    names.forEach((name, i) => {
      cells[name] = [i < half ? 1 : 2, 2 + (i % half)];
    });
    cols = half + 2;
    rows = 2;
    cells["foundation:0"] = [1, 1];
    cells["foundation:1"] = [1, cols];
    cells["foundation:2"] = [2, 1];
    cells["foundation:3"] = [2, cols];
  } else if (board.layout === "grid") {
    names.forEach((name, i) => {
      cells[name] = GRID_CELLS[i];
    });
    cols = 3;
    rows = 3;
    cells["foundation:0"] = [1, 1];
    cells["foundation:1"] = [1, 3];
    cells["foundation:2"] = [3, 1];
    cells["foundation:3"] = [3, 3];
  } else {
    // "cross" and "cells": the exploded cross, corners apart from the five piles
    names.forEach((name, i) => {
      cells[name] = CROSS_CELLS[i];
    });
    cols = 5;
    rows = 3;
    cells["foundation:0"] = [1, 1];
    cells["foundation:1"] = [1, 5];
    cells["foundation:2"] = [3, 1];
    cells["foundation:3"] = [3, 5];
  }
  const side = cols + 1;
  cells.stock = [1, side];
  cells.waste = [2, side];
  return { cols, rows, side, cells, fan: board.layout !== "cells" };
}

// Fanning, as PySolFC does it: every card of a pile shows its corner index.  The top card's
// neighbour is offset by FAN_STEP (its whole index and a little more); the cards below share
// the row's room down to FAN_READ each (the whole rank still shows), and a pile deeper than
// that makes its row taller (see rowFans) rather than hide a card.
export const FAN_STEP = 0.21; // of a card's height: the top card's neighbour, and at most any
export const FAN_READ = 0.2; // the least strip: the whole corner rank of the classic face
export const FAN_SPACE = 0.65; // a row's room below its first card, before it grows
export const FAN_MIN = FAN_READ; // (kept for callers)
export const FAN_READABLE = 4; // (kept for callers: the cards readable at the full step)

/** Offsets (fractions of a card's height) of the cards of a pile of `n`, bottom first. */
export function fanOffsets(n) {
  if (n <= 0) return [];
  if (n === 1) return [0];
  const under = n - 2; // cards below the top card's neighbour
  const room = FAN_SPACE - FAN_STEP;
  const step = under ? Math.max(FAN_READ, Math.min(FAN_STEP, room / under)) : 0;
  const out = [];
  let y = 0;
  for (let i = 0; i < n; i++) {
    out.push(y);
    y += i < n - 2 ? step : FAN_STEP;
  }
  return out;
}

/** The room each grid row needs below its cards' first card (fractions of a card's
 * height): FAN_SPACE, or more for a deeper pile in that row.  `depths`: {pileName: depth}. */
export function rowFans(layout, depths) {
  const fans = Array.from({ length: layout.rows }, () => (layout.fan ? FAN_SPACE : 0));
  if (!layout.fan) return fans;
  for (const [name, depth] of Object.entries(depths)) {
    const cell = layout.cells[name];
    if (cell && depth > fans[cell[0] - 1]) fans[cell[0] - 1] = depth;
  }
  return fans;
}

/** The pile next to `from` in direction dr/dc on the grid, for arrow-key focus moves. */
export function neighbour(cells, from, dr, dc) {
  const here = cells[from];
  if (!here) return null;
  let best = null;
  let bestScore = Infinity;
  for (const [name, [r, c]] of Object.entries(cells)) {
    if (name === from) continue;
    const along = dr ? (r - here[0]) * dr : (c - here[1]) * dc;
    const across = dr ? Math.abs(c - here[1]) : Math.abs(r - here[0]);
    if (along <= 0) continue;
    const score = along * 10 + across * 11;
    if (score < bestScore) {
      bestScore = score;
      best = name;
    }
  }
  return best;
}
