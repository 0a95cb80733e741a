// Stacked piles (the View option "Piles", issue 35): as PySolFC draws Four Seasons, each pile
// of the tableau shows its top card and a count badge, names every card in its label, and the
// rows keep no fan's room — so where the height binds, the cards are larger.
import assert from "node:assert/strict";
import { test } from "node:test";
import { renderBoard } from "../src/board.js";
import { fitCards } from "../src/fit.js";
import { BADGE_ROOM, layoutFor } from "../src/layout.js";
import { BoardView } from "../src/view.js";
import { clone, dom, FakeModel, FIXTURES } from "./helpers.js";

const board = FIXTURES.midgame;

test("stacked: no pile fans, each row keeps only a count badge's room", () => {
  for (const [name, b] of Object.entries(FIXTURES.variants)) {
    for (const narrow of [false, true]) {
      const lay = layoutFor(b, { narrow, stacked: true });
      assert.equal(lay.fan, false, name);
      assert.equal(lay.room, BADGE_ROOM, name);
    }
  }
  assert.equal(layoutFor(board).fan, true, "fanned by default");
});

test("stacked: larger cards where the height binds, the same where the width does", () => {
  for (const [width, height] of [[848, 500], [1108, 560]]) {
    const fanned = fitCards(board, width, height);
    const stacked = fitCards(board, width, height, 76, true);
    // (fanned, the cross's top and bottom piles fan sideways there: only the centre row keeps
    // a fan's room)
    assert.ok(fanned.across && stacked.cw > fanned.cw * 1.08, `${width}×${height}: ${fanned.cw} → ${stacked.cw}`);
  }
  // (a narrow output: larger until the width binds — five cards across 304 px)
  const narrow = fitCards(board, 304, 620, 76, true);
  // (fanned, the cross's top and bottom piles fan sideways there: as large, both width-bound)
  assert.ok(narrow.narrow && narrow.cw >= fitCards(board, 304, 620).cw, `${narrow.cw}`);
  // (no height limit: the width decides, and a fan's room costs no width)
  assert.equal(fitCards(board, 848, null, 76, true).cw, fitCards(board, 848, null).cw);
});

test("stacked: each pile shows its top card and a count; its label names the cards under it", () => {
  const win = dom();
  const el = renderBoard(win.document, board, null, { stacked: true });
  assert.ok(el.classList.contains("fsw-stacked"));
  let deep = 0;
  board.pile_names.forEach((name, i) => {
    const cards = board.piles[i];
    const pile = el.querySelector(`[data-pile="${name}"]`);
    const badge = pile.querySelector(".fsw-pile-count");
    const shown = [...pile.querySelectorAll("[data-card]")];
    assert.deepEqual(shown.map((c) => c.dataset.card), cards, `${name}: every card is in the pile`);
    for (const c of shown) assert.equal(c.style.getPropertyValue("--fsw-k"), "0", `${name}: not fanned`);
    if (cards.length > 1) {
      deep += 1;
      assert.equal(badge && badge.textContent, String(cards.length), name);
      const label = pile.getAttribute("aria-label");
      assert.match(label, new RegExp(`^.*: ${cards.length} cards, .+ on top; under it, from the top: `));
      assert.equal(label.split("under it, from the top: ")[1].split(", ").length, cards.length - 1, label);
    } else assert.equal(badge, null, `${name}: no count for one card`);
  });
  assert.ok(deep >= 1, "the fixture has a pile of more than one card");
  // fanned: no count badge on the piles (every corner shows), and no list in the label
  const fanned = renderBoard(win.document, board, null, {});
  assert.equal(fanned.querySelector(".fsw-pile-count"), null);
  assert.doesNotMatch(fanned.innerHTML, /under it, from the top/);
});

test("the View panel's Piles choice redraws the board stacked and sets the trait", () => {
  const win = dom();
  const el = win.document.createElement("div");
  win.document.body.appendChild(el);
  const model = new FakeModel({ board: clone(board), card_face: "classic", table_colour: "green", piles: "fanned", sounds: false });
  const view = new BoardView(model, el);
  assert.equal(el.querySelector(".fsw-pile-count"), null);
  const select = el.querySelector('[data-role="pile-view"]');
  assert.deepEqual([...select.options].map((o) => o.value), ["fanned", "stacked"]);
  select.value = "stacked";
  select.dispatchEvent(new win.Event("change", { bubbles: true }));
  assert.equal(model.get("piles"), "stacked");
  assert.ok(model.saved > 0, "sent to Python");
  assert.ok(el.querySelector(".fsw-board.fsw-stacked"), "the board is drawn stacked");
  assert.ok(el.querySelector(".fsw-pile-count"));
  assert.ok(view.root.classList.contains("fsw-piles-stacked"));
  // Python's value (another view's choice, a kept setting) redraws it too
  model.set("piles", "fanned");
  assert.equal(el.querySelector(".fsw-board.fsw-stacked"), null);
  assert.equal(el.querySelector(".fsw-pile-count"), null);
  view.destroy();
});
