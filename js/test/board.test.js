// Rendering: layouts per variant, the DOM contract, aria labels, highlighting from legal moves.
import assert from "node:assert/strict";
import { test } from "node:test";
import { applyHighlights, renderBoard } from "../src/board.js";
import { cardElement, parseCode } from "../src/cards.js";
import { BADGE_ROOM, FAN_ROOM, FAN_STEP, fanOffsets, fanStrip, layoutFor, neighbour, rowHeights } from "../src/layout.js";
import { clone, dom, FIXTURES } from "./helpers.js";

const VARIANTS = FIXTURES.variants;

function render(board, position, opts) {
  const win = dom();
  const el = renderBoard(win.document, board, position, opts);
  win.document.body.appendChild(el);
  return { win, el };
}

function allCards(board) {
  const cards = [...board.piles.flat(), ...board.waste];
  for (const f of board.foundations) cards.push(...f.cards);
  return cards;
}

test("every variant draws every pile with a data-pile named as in moves", () => {
  for (const [name, board] of Object.entries(VARIANTS)) {
    const { el } = render(board);
    const piles = [...el.querySelectorAll("[data-pile]")].map((p) => p.dataset.pile).sort();
    const want = [...board.pile_names, "stock", "waste", "foundation:0", "foundation:1",
      "foundation:2", "foundation:3"].sort();
    assert.deepEqual(piles, want, name);
    const kind = { cross: "cross", cells: "cell", rows: "tableau", grid: "cross" }[board.layout];
    assert.ok(board.pile_names.every((p) => p.startsWith(`${kind}:`)), name);
    // every legal move names piles that exist on the board
    for (const [, s, t] of board.legal) {
      assert.ok(el.querySelector(`[data-pile="${s}"]`), `${name}: ${s}`);
      assert.ok(el.querySelector(`[data-pile="${t}"]`), `${name}: ${t}`);
    }
  }
});

test("every face-up card has exactly one data-card element; the stock stays face down", () => {
  for (const board of [...Object.values(VARIANTS), FIXTURES.midgame, FIXTURES.won]) {
    const { el } = render(board);
    const shown = [...el.querySelectorAll("[data-card]")].map((c) => c.dataset.card).sort();
    assert.deepEqual(shown, allCards(board).sort());
    assert.equal(new Set(shown).size, shown.length, "no card twice");
    assert.equal(shown.length + board.stock, 52);
    const stock = el.querySelector('[data-pile="stock"]');
    assert.equal(stock.querySelectorAll("[data-card]").length, 0);
    if (board.stock) assert.match(stock.textContent, new RegExp(`\\b${board.stock}\\b`));
  }
});

test("the cross: corners apart, the five piles in a plus, stock and waste at the side", () => {
  const lay = layoutFor(VARIANTS.standard);
  assert.deepEqual(lay.cells["cross:0"], [2, 2]); // left
  assert.deepEqual(lay.cells["cross:1"], [2, 3]); // centre
  assert.deepEqual(lay.cells["cross:2"], [2, 4]); // right
  assert.deepEqual(lay.cells["cross:3"], [1, 3]); // top
  assert.deepEqual(lay.cells["cross:4"], [3, 3]); // bottom
  assert.deepEqual(lay.cells["foundation:0"], [1, 1]);
  assert.deepEqual(lay.cells["foundation:3"], [3, 5]);
  assert.deepEqual(lay.cells.stock, [1, 6]);
  assert.equal(lay.fan, true);
  const { el } = render(VARIANTS.standard);
  const top = el.querySelector('[data-pile="cross:3"]');
  assert.equal(top.style.gridRow, "1");
  assert.equal(top.style.gridColumn, "3");
});

test("Dick 1883: a 3×3 grid with the foundations in its corners", () => {
  const lay = layoutFor(VARIANTS.dick1883);
  assert.equal(lay.cols, 3);
  assert.equal(lay.rows, 3);
  const cells = Object.entries(lay.cells).filter(([n]) => n !== "stock" && n !== "waste");
  const seen = new Set(cells.map(([, [r, c]]) => `${r},${c}`));
  assert.equal(seen.size, 9, "nine distinct cells");
  for (const [r, c] of [[1, 1], [1, 3], [3, 1], [3, 3]]) {
    const f = cells.find(([, rc]) => rc[0] === r && rc[1] === c);
    assert.match(f[0], /^foundation:/);
  }
  assert.deepEqual(lay.cells["cross:1"], [2, 2], "the centre pile in the centre");
});

test("Simplicity: two rows of six between the corners", () => {
  const lay = layoutFor(VARIANTS.simplicity);
  assert.equal(VARIANTS.simplicity.pile_names.length, 12);
  for (let i = 0; i < 12; i++) {
    assert.deepEqual(lay.cells[`tableau:${i}`], [i < 6 ? 1 : 2, 2 + (i % 6)]);
  }
  assert.deepEqual(lay.cells["foundation:1"], [1, 8]);
  assert.deepEqual(lay.cells["foundation:2"], [2, 1]);
});

test("Corners: five one-card cells, no fanning", () => {
  const lay = layoutFor(VARIANTS.corners);
  assert.equal(lay.fan, false);
  const { el } = render(VARIANTS.corners);
  assert.equal(el.style.getPropertyValue("--fsw-room"), "0");
  assert.equal(el.querySelectorAll('[data-pile^="cell:"]').length, 5);
});

test("pile depth: a deep pile squeezes into its row's room; the rows keep one height", () => {
  const board = FIXTURES.midgame;
  const { el } = render(board);
  const i = board.piles.findIndex((p) => p.length >= 5);
  assert.ok(i >= 0, "the fixture has a deep pile");
  const pile = el.querySelector(`[data-pile="${board.pile_names[i]}"]`);
  const ks = [...pile.querySelectorAll("[data-card]")].map((c) => Number(c.style.getPropertyValue("--fsw-k")));
  assert.deepEqual(ks, ks.map((_, k) => k), "card k lies k strips down");
  assert.equal(Number(pile.style.getPropertyValue("--fsw-under")), ks.length - 1);
  assert.equal(pile.querySelector(".fsw-depth"), null, "no count badge over the cards' corners");
  // the strip: the face's step while the pile fits the room, then the room shared evenly
  assert.equal(fanStrip(4), FAN_STEP);
  for (const n of [2, 5, 7, 9, 13]) {
    const offs = fanOffsets(n);
    assert.ok(offs.at(-1) <= FAN_ROOM + 1e-9, `${n} cards stay in the row's room`);
    assert.ok(offs[1] - offs[0] > 0 && Math.abs(offs[1] - offs[0] - fanStrip(n)) < 1e-9);
  }
  // (an eighth of the card's height: on the 63 px cards of a 1280×757 JupyterLab, a strip of
  // 11 px, whose rank styles.css draws whole at 9.4 px — 0.95 of room drew it at 9.1 px on
  // the 52 px cards it left)
  assert.ok(fanStrip(7) >= 0.125, `a 7-card pile keeps a strip a rank shows whole in: ${fanStrip(7)}`);
  // a 13-card pile: the rows are as tall as with one card (the felt keeps its size)
  const deep = clone(board);
  deep.piles[i] = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "AS"];
  const shallow = clone(board);
  shallow.piles = shallow.piles.map((p) => p.slice(0, 1));
  assert.equal(render(deep).el.style.gridTemplateRows, render(shallow).el.style.gridTemplateRows);
  assert.deepEqual(rowHeights(layoutFor(board)),
    Array(3).fill(`calc(var(--fsw-ch) * ${(1 + FAN_ROOM).toFixed(3)} + 4px)`));
  assert.ok(rowHeights(layoutFor(board, { narrow: true }))[0].includes("var(--fsw-room-min)"), "the narrow fans' floor");
  const corners = layoutFor({ ...board, layout: "cells" });
  assert.ok(rowHeights(corners)[0].includes((1 + BADGE_ROOM).toFixed(3)), "unfanned rows keep room for the counts");
});

test("the narrow layout: stock, waste and base rank in a row under the piles, no side column", () => {
  const board = FIXTURES.midgame;
  const lay = layoutFor(board, { narrow: true });
  assert.equal(lay.sideRow, lay.rows + 1);
  assert.deepEqual(lay.cells.stock, [lay.sideRow, 1]);
  assert.deepEqual(lay.cells.waste, [lay.sideRow, 2]);
  assert.equal(lay.spans.waste, 3);
  const { el } = render(board, null, { narrow: true });
  assert.ok(el.classList.contains("fsw-narrow"));
  assert.equal(el.querySelector('[data-pile="waste"]').style.gridColumn, "2 / span 3");
  assert.equal(el.querySelector(".fsw-tray-slot"), null, "the message row goes across the felt's top");
  assert.equal(el.style.gridTemplateRows.split(" calc(").length, 4);
});

test("the waste shows its top card last and hints at its depth", () => {
  const board = FIXTURES.midgame;
  assert.ok(board.waste.length >= 3);
  const { el } = render(board);
  const waste = el.querySelector('[data-pile="waste"]');
  const cards = [...waste.querySelectorAll("[data-card]")];
  assert.equal(cards.at(-1).dataset.card, board.waste.at(-1));
  assert.ok(!cards.at(-1).classList.contains("fsw-under"));
  const xs = cards.slice(-3).map((c) => Number(c.style.getPropertyValue("--fsw-wk")));
  assert.ok(xs[0] < xs[1] && xs[1] < xs[2], "the top three fan out");
  assert.equal(waste.querySelector(".fsw-depth").textContent, String(board.waste.length));
});

test("foundations show their count and base rank; the base rank is on the board", () => {
  const board = FIXTURES.midgame;
  const { el } = render(board);
  board.foundations.forEach((f, slot) => {
    const p = el.querySelector(`[data-pile="foundation:${slot}"]`);
    if (f.count) assert.equal(p.querySelector(".fsw-count").textContent, `${f.count}/13`);
    else assert.match(p.textContent, new RegExp(board.base));
  });
  assert.equal(el.querySelector(".fsw-info-big").textContent, board.base);
  const fresh = render(VARIANTS.standard).el;
  const empty = fresh.querySelector('[data-pile="foundation:3"]');
  assert.match(empty.textContent, new RegExp(`^${VARIANTS.standard.base}`));
});

test("PySolFC's rules: empty corners show the suit they take; Corners' four base ranks", () => {
  const board = clone(VARIANTS.standard);
  board.corner_suits = ["C", "S", "H", "D"];
  const { el } = render(board);
  const empty = board.foundations.map((f, slot) => [f, slot]).filter(([f]) => !f.count);
  assert.ok(empty.length >= 3);
  for (const [, slot] of empty) {
    const p = el.querySelector(`[data-pile="foundation:${slot}"]`);
    assert.match(p.textContent, new RegExp(`^${board.base}${"♣♠♥♦"[slot]}`));
    assert.match(p.getAttribute("aria-label"), new RegExp(["clubs", "spades", "hearts", "diamonds"][slot]));
  }
  const corners = clone(VARIANTS.corners);
  Object.assign(corners, { base: "per suit", base_rank: null });
  const info = render(corners).el.querySelector(".fsw-info-base");
  assert.equal(info.textContent, "4base ranks");
  // the model's own rules: no suit in an empty corner
  const plain = render(VARIANTS.standard).el.querySelector('[data-pile="foundation:3"]');
  assert.doesNotMatch(plain.textContent, /[♣♠♥♦]/);
});

test("aria labels name the card and where it lies", () => {
  const board = FIXTURES.midgame;
  const { el } = render(board);
  const top = board.waste.at(-1);
  const c = parseCode(top);
  const card = el.querySelector(`[data-pile="waste"] [data-card="${top}"]`);
  assert.equal(card.getAttribute("aria-label"), `${c.name}, on the waste`);
  const pile = el.querySelector('[data-pile="cross:1"]');
  const p = board.piles[1];
  assert.match(pile.getAttribute("aria-label"), /^the centre of the cross: \d+ cards?, .+ on top$/);
  assert.ok(pile.getAttribute("aria-label").includes(parseCode(p.at(-1)).name));
  const seven = cardElement(dom().document, "7H", "the waste");
  assert.equal(seven.getAttribute("aria-label"), "seven of hearts, on the waste");
  assert.equal(el.querySelector('[data-pile="stock"]').getAttribute("aria-label"),
    `the stock: ${board.stock} cards face down; turn the next`);
  for (const p2 of el.querySelectorAll("[data-pile]")) {
    assert.equal(p2.tabIndex, 0, "every pile is focusable");
    assert.ok(p2.getAttribute("aria-label"), "every pile is labelled");
  }
});

test("cards: big rank and suit, red or black, a four-colour class hook", () => {
  const doc = dom().document;
  const tenD = cardElement(doc, "TD", "x");
  assert.equal(tenD.querySelector(".fsw-rank").textContent, "10");
  assert.ok(tenD.classList.contains("fsw-red") && tenD.classList.contains("fsw-suit-D"));
  const ks = cardElement(doc, "KS", "x");
  assert.ok(ks.classList.contains("fsw-black"));
  assert.equal(ks.querySelector(".fsw-face").textContent, "K");
  assert.ok(ks.querySelector("svg path"), "the suit is drawn, not a font glyph");
  assert.equal(parseCode("ZZ"), null);
});

test("highlighting comes from the published legal moves only", () => {
  const board = clone(FIXTURES.midgame);
  const { el } = render(board);
  const [card, source] = board.legal.find(([c, s]) => c && s !== "stock");
  const want = board.legal.filter(([c, s]) => c === card && s === source).map(([, , t]) => t).sort();
  const got = applyHighlights(el, board.legal, { card, source }, null).sort();
  assert.deepEqual(got, want);
  const marked = [...el.querySelectorAll(".fsw-target")].map((p) => p.dataset.pile).sort();
  assert.deepEqual(marked, want);
  assert.ok(el.querySelector(`[data-pile="${source}"] [data-card="${card}"]`).classList.contains("fsw-selected"));
  // movable: exactly the cards some legal move takes
  const movable = [...el.querySelectorAll("[data-card].fsw-movable")].map((c) => c.dataset.card).sort();
  const legalCards = [...new Set(board.legal.filter(([c, s]) => c && s !== "stock").map(([c]) => c))].sort();
  assert.deepEqual(movable, legalCards);
  // a forged legal list highlights what it says: the view has no rules of its own
  const forged = [[card, source, "foundation:3"]];
  assert.deepEqual(applyHighlights(el, forged, { card, source }, null), ["foundation:3"]);
  // nothing picked, nothing highlighted as a target
  assert.deepEqual(applyHighlights(el, board.legal, null, null), []);
  assert.equal(el.querySelectorAll(".fsw-target").length, 0);
});

test("a hint marks its card and its destination", () => {
  const board = clone(FIXTURES.midgame);
  const { el } = render(board);
  const [card, source, target] = board.legal.find(([c, s]) => c && s !== "stock");
  applyHighlights(el, board.legal, null, { move: [card, source, target] });
  assert.ok(el.querySelector(`[data-pile="${source}"] [data-card="${card}"]`).classList.contains("fsw-hint-from"));
  assert.ok(el.querySelector(`[data-pile="${target}"]`).classList.contains("fsw-hint-to"));
});

test("arrow-key neighbours on the cross", () => {
  const { cells } = layoutFor(VARIANTS.standard);
  assert.equal(neighbour(cells, "cross:1", 0, 1), "cross:2");
  assert.equal(neighbour(cells, "cross:1", 0, -1), "cross:0");
  assert.equal(neighbour(cells, "cross:1", -1, 0), "cross:3");
  assert.equal(neighbour(cells, "cross:1", 1, 0), "cross:4");
  assert.equal(neighbour(cells, "foundation:1", 0, 1), "stock");
  assert.equal(neighbour(cells, "stock", 1, 0), "waste");
  assert.equal(neighbour(cells, "foundation:0", -1, 0), null);
});

test("a replay frame is drawn in the live board's layout", () => {
  const board = FIXTURES.replay_board;
  const frames = FIXTURES.replay.frames;
  const { el } = render(board, frames.at(-1));
  const shown = [...el.querySelectorAll("[data-card]")].length;
  const last = frames.at(-1);
  assert.equal(shown + last.stock, 52);
  assert.equal(last.home, 52);
});
