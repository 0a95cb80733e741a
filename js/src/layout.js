// Where each pile sits on the board, per layout.  Positions are CSS grid cells [row, col]
// (1-based).  The side column holds the stock, the waste and the base rank.

// The cross piles by index: 0 left, 1 centre, 2 right, 3 top, 4 bottom (see notebooks/sources.md).
const CROSS_CELLS = [[2, 2], [2, 3], [2, 4], [1, 3], [3, 3]];
const GRID_CELLS = [[2, 1], [2, 2], [2, 3], [1, 2], [3, 2]];

/**
 * The layout of a board: {cols, rows, side, fan, room, cells: {pileName: [row, col]}, spans,
 * narrow, stacked, sideRow, info: the base rank's [row, col] or null}.  `fan` says whether tableau piles fan downwards (they hold more than one
 * card).  `narrow` (an output too narrow for a side column beside the piles): the stock, the
 * waste and the base rank go in a row of their own under the piles (`sideRow`), the waste
 * spanning `spans.waste` columns.  `stacked` (the View option "Stacked", as PySolFC draws Four
 * Seasons): no pile fans — each shows its top card, with a count badge in the room under it —
 * so no row keeps a fan's room, and where the height binds the cards are larger.
 */
export function layoutFor(board, { narrow = false, stacked = false, across = false } = {}) {
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
  const spans = {};
  let side;
  let sideRow = 0;
  let info = null; // the base rank's cell (not a pile)
  if (narrow) {
    // a row under the piles: the stock, the waste fanned over the next columns, the base rank
    sideRow = rows + 1;
    side = 0;
    cells.stock = [sideRow, 1];
    cells.waste = [sideRow, 2];
    spans.waste = cols >= 5 ? 3 : cols - 1;
    if (cols >= 5) info = [sideRow, cols];
  } else {
    side = cols + 1;
    cells.stock = [1, side];
    cells.waste = [2, side];
    if (rows >= 3) info = [3, side];
  }
  const fan = board.layout !== "cells" && !stacked;
  // room: below each row's first card, of a card's height (a fan squeezes into it; an
  // unfanned pile keeps room for its count badge)
  const room = fan ? (narrow ? FAN_ROOM_NARROW : FAN_ROOM) : BADGE_ROOM;
  // `across` (fit.js, where the height binds): the cross's top and bottom
  // piles fan sideways, over the empty cells beside them, so the first and last rows keep only
  // a count badge's room — the centre row alone keeps a fan's
  const fanAcross = across && fan && board.layout === "cross" && names.length === 5
    ? [names[3], names[4]] : [];
  const rooms = Array.from({ length: rows }, (_, r) =>
    fanAcross.length && (r === 0 || r === rows - 1) ? BADGE_ROOM : room);
  return { cols, rows, side, sideRow, narrow, stacked, spans, cells, info, fan, room, rooms, across: fanAcross };
}

// Fanning, as PySolFC does it: every card of a pile shows its corner index, and the pile
// never outgrows its row (the felt keeps one size): each row has FAN_ROOM (of a card's
// height) below its first card.  The cards of a pile are FAN_STEP apart (the whole index and
// a little more; FAN_STEP_LARGE for the large corner indices) while they fit that room; a
// deeper pile squeezes them evenly into it, and its cards' indices shrink to the strip left
// showing (styles.css: --fsw-strip), so that every rank stays whole, readable and clickable.
export const FAN_STEP = 0.21; // of a card's height, classic face
export const FAN_STEP_LARGE = 0.27; // the large corner indices
// (0.75: four cards fanned at the full step, the fifth on squeezes.  The room is most of the
// felt's height — three rows of it in the cross — so it sets the cards' size where the height
// binds: at 0.95, a 1280×757 JupyterLab had cards of 52 px on a felt mostly bare; at 0.75
// they are a fifth larger, and a squeezed card's index hugs its top edge (styles.css), so a
// pile of seven shows each rank larger than 0.95 showed it on the smaller cards)
export const FAN_ROOM = 0.75; // a row's room below its first card
// (the narrow layout's cards are small — its width binds, under 50 px — so the same fraction of
// a card is fewer pixels: it keeps the larger room, and a deep pile's ranks stay readable)
export const FAN_ROOM_NARROW = 0.95;
// (and, in the narrow layout, never fewer pixels than a pile of seven needs to show each rank
// whole, 1 px under a squeezed card's top edge, at RANK_MIN px — JupyterLab's smallest text,
// --jp-ui-font-size0, 10.8 px — or at the face's own rank size on cards too small for that:
// styles.css draws a squeezed index 0.85 of its size tall, 3 px to spare.  On the 44 px cards
// of a 420×900 JupyterLab, 0.95 of a card's height left each rank 7.9 px, 5 px of ink, on a
// 10 px strip.  Not in the wide layout: its cards are larger, and where its height binds —
// 1280×757 — the floor would cost a tenth of the card's width)
export const RANK_MIN = 11; // px
export const IDX_K = 0.25; // the classic face's rank size, of a card's width (styles.css --fsw-idx-k)
const ROOM_CARDS = 6; // the strips a row's room is made for: a pile of seven
/** The least room below a fanned row's first card, in px, for cards `cw` px wide. */
export function roomMinPx(cw) {
  return ROOM_CARDS * (0.85 * Math.min(RANK_MIN, IDX_K * cw) + 3);
}
/** The same as a CSS length, of the board's card width. */
export const ROOM_MIN_CSS = `calc(${ROOM_CARDS} * (0.85 * min(${RANK_MIN}px, var(--fsw-cw) * ${IDX_K}) + 3px))`;
export const FAN_READ = 0.12; // the least strip a squeezed pile is meant to keep (≈ 11 cards)
export const BADGE_ROOM = 0.3; // room under an unfanned pile's card for its count badge

/** The strip (fraction of a card's height) between the cards of a pile of `n` in a row with
 * `room` below its first card, for cards `step` apart when unsqueezed. */
export function fanStrip(n, room = FAN_ROOM, step = FAN_STEP) {
  if (n <= 1) return step;
  return Math.min(step, room / (n - 1));
}

/** Offsets (fractions of a card's height) of the cards of a pile of `n`, bottom first. */
export function fanOffsets(n, room = FAN_ROOM, step = FAN_STEP) {
  const s = fanStrip(n, room, step);
  return Array.from({ length: Math.max(0, n) }, (_, k) => k * s);
}

/** Each grid row's height as a CSS length: one card and the row's room (the same for every
 * position, so the felt keeps its size while piles deepen), and the side row's. */
export function rowHeights(layout) {
  const row = (room) => layout.fan && layout.narrow && room === layout.room
    ? `calc(var(--fsw-ch) + max(var(--fsw-ch) * ${room.toFixed(3)}, var(--fsw-room-min)) + 4px)`
    : `calc(var(--fsw-ch) * ${(1 + room).toFixed(3)} + 4px)`;
  const out = rowRooms(layout).map(row);
  if (layout.sideRow) out.push(`calc(var(--fsw-ch) * ${(1 + BADGE_ROOM).toFixed(3)} + 4px)`);
  return out;
}

/** Each grid row's room below its first card (of a card's height). */
export function rowRooms(layout) {
  return layout.rooms || Array.from({ length: layout.rows }, () => layout.room);
}

/** From grid row `a` to row `z`, in rows of the layout's fanned height (what the glide's
 * --fsw-dy counts, styles.css): the rows' own heights where they differ (`across`). */
export function rowsBetween(layout, a, z) {
  const rooms = rowRooms(layout);
  const height = (r) => (r >= 1 && r <= rooms.length ? 1 + rooms[r - 1] : 1 + layout.room) / (1 + layout.room);
  let d = 0;
  for (let r = Math.min(a, z); r < Math.max(a, z); r++) d += height(r);
  return a < z ? -d : d;
}

/** The corner rank, in px, of each card of a pile of seven fanned sideways (styles.css
 * .fsw-fan-x: the strip the room leaves each card, less the index's inset and 3 px, holds a
 * rank an em wide), on cards `cw` px wide. */
export function acrossRankPx(cw) {
  const strip = (2 * (1 + 0.16) * cw) / ROOM_CARDS;
  return Math.min(IDX_K * cw, (strip - 0.06 * cw - 3) / 1.05);
}

/** Do a pile of seven fanned sideways show each rank as large as a fan down guarantees
 * (roomMinPx's RANK_MIN, or the face's own rank on cards too small for it)? */
export function acrossReadable(cw) {
  return acrossRankPx(cw) >= Math.min(RANK_MIN, IDX_K * cw) - 0.05;
}

/** The felt's geometry in card widths, for sizing the cards (fit.js): {w, h, fixedH, rows,
 * room, floor} — the board is `w` card widths wide and `h` card widths (+ fixedH px) tall
 * while each of its `rows` rows has `room` (of a card's height) below its first card; with
 * `floor` (the narrow layout's fans), at least roomMinPx(cw) there (see feltHeight). */
export function boardSpan(layout) {
  const gap = 0.16;
  const room = layout.room;
  let w = layout.cols + (layout.cols - 1) * gap;
  if (layout.cols > 5 && !layout.narrow) w += 2 * 0.45; // Simplicity's foundations stand apart
  if (!layout.narrow) w += gap + SIDE_W;
  const nrows = layout.rows + (layout.sideRow ? 1 : 0);
  let h = rowRooms(layout).reduce((sum, r) => sum + (1 + r) * 1.4, 0) + (nrows - 1) * 0.08;
  if (layout.sideRow) h += (1 + BADGE_ROOM) * 1.4;
  // (the floor is for the rows whose piles fan down: with `across`, the centre row alone)
  const fanRows = rowRooms(layout).filter((r) => r === room).length;
  return { w, h, fixedH: nrows * 4, rows: fanRows, room, floor: layout.fan && layout.narrow };
}

/** The felt's rows' height in px (padding aside) for cards `cw` px wide. */
export function feltHeight(span, cw) {
  const floor = span.floor ? Math.max(0, roomMinPx(cw) - span.room * 1.4 * cw) : 0;
  return span.h * cw + span.rows * floor + span.fixedH;
}

export const SIDE_W = 2.9; // the side column, in card widths: the waste fanned (up to 2.44, large indices) set apart (0.45)
// (the side column takes SIDE_W card widths — what fitCards counts — and grows past that only
// into the felt's free width, up to SIDE_MAX px, for the message row under the waste: board.js
// hands both to styles.css, --fsw-side-k and --fsw-side-max, so the two never disagree)
export const SIDE_MAX = 340; // px

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
