// The board's size (fit.js): cards from the room the output has, width and height; the narrow
// layout where it gives the larger cards.  And Escape from a control inside the View panel.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CW_MAX, CW_MIN, fitCards } from "../src/fit.js";
import { acrossRankPx, acrossReadable, BADGE_ROOM, boardSpan, FAN_ROOM, feltHeight, IDX_K, layoutFor, RANK_MIN, roomMinPx, rowsBetween } from "../src/layout.js";
import { BoardView } from "../src/view.js";
import { clone, dom, FakeModel, FIXTURES } from "./helpers.js";

const board = FIXTURES.midgame;

test("cards fill the width where the height allows, the height where it binds", () => {
  const wide = fitCards(board, 848, null);
  assert.equal(wide.narrow, false);
  const span = boardSpan(layoutFor(board));
  assert.ok(Math.abs(wide.cw - (848 - 32 - 4) / span.w) < 0.2, `width-bound: ${wide.cw}`);
  // a 757 px window leaves the felt about 500 px: the height binds, and a taller window
  // gives larger cards
  const short = fitCards(board, 848, 500);
  const tall = fitCards(board, 848, 650);
  assert.ok(short.cw < wide.cw && tall.cw > short.cw, `${short.cw} < ${tall.cw}`);
  // (there the cross's top and bottom piles fan sideways: the larger cards)
  assert.equal(short.across, true);
  const rows = feltHeight(boardSpan(layoutFor(board, { across: true })), short.cw) + 16 + 8; // (the felt's padding: 16 px, 8 at the bottom)
  assert.ok(rows <= 500 + 0.5 && rows > 490, `the felt fills the height it has: ${rows}`);
});

test("where the height binds, the cross's top and bottom piles fan sideways and the cards grow", () => {
  // a 1280×800 JupyterLab: a felt 848 px wide and about 520 px tall.  Each of the cross's three
  // rows kept a fan's room below its cards (69 px wide, the felt two fifths bare); the top and
  // bottom piles fanned over the empty cells beside them, only the centre row keeps it
  const down = boardSpan(layoutFor(board));
  const across = boardSpan(layoutFor(board, { across: true }));
  assert.ok(across.h < down.h * 0.85, `${across.h} vs ${down.h}`);
  const f = fitCards(board, 848, 520);
  const byDown = (520 - 24 - down.fixedH) / down.h;
  assert.ok(f.across && f.cw > byDown * 1.15, `${f.cw} vs ${byDown}`);
  // no height limit, or piles that do not fan: as before
  assert.equal(fitCards(board, 848, null).across, false);
  assert.equal(fitCards(board, 848, 520, 76, true).across, false);
  // the narrow layout too (a 420×900 JupyterLab: 39 px cards fanned down), but only on cards
  // large enough that a pile of seven fanned sideways shows each rank as a fan down would
  const narrow = fitCards(board, 304, 560);
  assert.ok(narrow.narrow && narrow.across && acrossReadable(narrow.cw), JSON.stringify(narrow));
  assert.ok(acrossRankPx(narrow.cw) >= RANK_MIN, `${acrossRankPx(narrow.cw)}`);
  assert.equal(acrossReadable(40), false);
  const small = fitCards(board, 250, 420);
  assert.ok(small.cw < 45 && !small.across, JSON.stringify(small));
  // the layout: those two piles, their rows a count badge's room, the centre row a fan's
  const lay = layoutFor(board, { across: true });
  assert.deepEqual(lay.across, [board.pile_names[3], board.pile_names[4]]);
  assert.deepEqual(lay.rooms, [BADGE_ROOM, FAN_ROOM, BADGE_ROOM]);
  assert.deepEqual(layoutFor({ ...board, layout: "grid" }, { across: true }).across, []);
});

test("the glide between rows of unequal height counts each row's own height", () => {
  const lay = layoutFor(board, { across: true });
  const unit = 1 + FAN_ROOM;
  assert.ok(Math.abs(rowsBetween(lay, 1, 3) + ((1 + BADGE_ROOM) + unit) / unit) < 1e-9);
  assert.ok(Math.abs(rowsBetween(lay, 3, 2) - 1) < 1e-9);
  assert.equal(rowsBetween(layoutFor(board), 1, 3), -2);
});

// the CSS length fit.js sets, evaluated where the board is `width` px wide (100cqi)
function cssAt(css, width) {
  const expr = css.replace(/100cqi/g, String(width)).replace(/px/g, "")
    .replace("clamp(", "clampTo(").replace("min(", "Math.min(");
  return new Function("clampTo", `return ${expr}`)((lo, x, hi) => Math.max(lo, Math.min(x, hi)));
}

test("the card width's CSS follows the board's width by itself, the height's cap in px", () => {
  for (const [width, height] of [[848, null], [848, 500], [848, 650], [304, 600], [1108, 560], [300, 900]]) {
    const f = fitCards(board, width, height);
    assert.ok(Math.abs(cssAt(f.css, width) - f.cw) < 0.11, `${width}×${height}: ${f.css} is ${f.cw} px`);
  }
  // width-bound: a board narrowed while off screen (JupyterLab lays out no cell out of view,
  // so no script measures it) has, as soon as it is laid out, the cards fit.js would give it
  const f = fitCards(board, 848, null);
  assert.ok(Math.abs(cssAt(f.css, 700) - fitCards(board, 700, null).cw) < 0.11);
  // height-bound: the width does not enlarge the cards past what the height allows
  const short = fitCards(board, 848, 500);
  assert.ok(Math.abs(cssAt(short.css, 1200) - fitCards(board, 1200, 500).cw) < 0.11);
});

test("a narrow output takes the narrow layout (no side column) when its cards are larger", () => {
  const narrow = fitCards(board, 304, 600);
  assert.equal(narrow.narrow, true);
  const wideOnly = (304 - 32 - 4) / boardSpan(layoutFor(board)).w;
  assert.ok(narrow.cw > wideOnly * 1.3, `${narrow.cw} vs ${wideOnly}`);
  assert.equal(fitCards(board, 1280, 600).narrow, false);
});

test("a fanned row's room never leaves a pile of seven ranks smaller than RANK_MIN px", () => {
  // (the room's floor: six strips, each a squeezed index of RANK_MIN px drawn 0.85 of its size
  // tall and 3 px to spare — or of the face's own rank size on cards too small for RANK_MIN)
  assert.equal(roomMinPx(60), 6 * (0.85 * RANK_MIN + 3));
  assert.equal(roomMinPx(30), 6 * (0.85 * 30 * IDX_K + 3));
  // a 420 px JupyterLab: cards 50 px wide, the narrow layout; 0.95 of a card's height of
  // room would be 67 px, under the floor; the felt still fills the height it has
  const span = boardSpan(layoutFor(board, { narrow: true }));
  assert.ok(span.room * 1.4 * 50 < roomMinPx(50));
  for (const height of [560, 600, 620]) {
    const f = fitCards(board, 304, height);
    assert.equal(f.narrow, true);
    // (the narrow felt's padding, 8 px each side, and the message row across its top, 76 + 6)
    const felt = feltHeight(boardSpan(layoutFor(board, { narrow: true, across: f.across })), f.cw) + 16 + 82;
    const byWidth = (304 - 20) / boardSpan(layoutFor(board, { narrow: true })).w;
    assert.ok(felt <= height + 0.5 && (felt > height - 4 || f.cw >= Math.floor(byWidth * 10) / 10),
      `${height}: cards ${f.cw} px, felt ${felt}`);
  }
});

test("the card size stays between its bounds", () => {
  assert.equal(fitCards(board, 5000, null).cw, CW_MAX);
  assert.equal(fitCards(board, 100, 150).cw, CW_MIN);
});

test("Escape from the Sounds checkbox closes the View panel; its button keeps the keyboard", () => {
  const win = dom();
  const el = win.document.createElement("div");
  win.document.body.appendChild(el);
  const model = new FakeModel({ board: clone(board), card_face: "classic", table_colour: "green", sounds: false });
  const view = new BoardView(model, el);
  const details = el.querySelector('[data-role="view"]');
  details.querySelector("summary").dispatchEvent(new win.MouseEvent("click", { bubbles: true, cancelable: true }));
  assert.equal(details.open, true);
  const sounds = el.querySelector('[data-role="sounds"]');
  sounds.focus();
  sounds.dispatchEvent(new win.KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
  assert.equal(details.open, false, "the panel closed");
  assert.equal(win.document.activeElement, details.querySelector("summary"));
  view.destroy();
});
