// Where each pile sits on the board, per layout.  Positions are CSS grid cells [row, col]
// (1-based).  The side column holds the stock, the waste and the base rank.

// The cross piles by index: 0 left, 1 centre, 2 right, 3 top, 4 bottom (see RULES.md).
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

// Fanning: the top card's neighbour is offset enough to read its whole index; the cards below
// share the rest of the row's room, each still showing its rank (a strip of at least
// FAN_MIN), and only when even that does not fit are the deepest squeezed into a thin edge that
// shows the pile's depth (their badge says how many).
export const FAN_STEP = 0.19; // of a card's height: the top card's neighbour, and at most any
export const FAN_MIN = 0.11; // the least strip that still shows a rank
export const FAN_EDGE = 0.08; // room for the squeezed deepest cards
export const FAN_SPACE = FAN_STEP * 3 + FAN_EDGE; // a pile's room below its first card
export const FAN_READABLE = 4; // (kept for callers: the cards readable at the full step)

/** Offsets (fractions of a card's height) of the cards of a pile of `n`, bottom first. */
export function fanOffsets(n) {
  if (n <= 0) return [];
  if (n === 1) return [0];
  const under = n - 2; // cards below the top card's neighbour
  const room = FAN_SPACE - FAN_STEP;
  let step = under ? Math.min(FAN_STEP, room / under) : 0;
  let hidden = 0;
  if (under && step < FAN_MIN) {
    // show as many as fit at FAN_MIN; squeeze the deepest into the edge
    const shown = Math.floor((room - FAN_EDGE) / FAN_MIN + 1e-9);
    hidden = under - shown;
    step = FAN_MIN;
  }
  const edge = hidden ? Math.min(FAN_EDGE / hidden, 0.03) : 0;
  const out = [];
  let y = 0;
  for (let i = 0; i < n; i++) {
    out.push(y);
    if (i < hidden) y += edge;
    else if (i < n - 2) y += step;
    else y += FAN_STEP;
  }
  return out;
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
