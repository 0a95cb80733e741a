// The Rules control (rules-control.js): it shows the rules Python publishes (board.ui.rules),
// sends {type: "rules", rules, ask: true} and keeps showing Python's value until Python deals.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BoardView } from "../src/view.js";
import { clone, dom, FakeModel, FIXTURES } from "./helpers.js";

function setup(rules) {
  const win = dom();
  const el = win.document.createElement("div");
  win.document.body.appendChild(el);
  const board = clone(FIXTURES.variants.standard);
  board.ui = { ...board.ui, rules };
  const model = new FakeModel({ board });
  new BoardView(model, el);
  return { win, el, model, select: el.querySelector('[data-role="rules"]') };
}

test("the Rules control shows Python's rules and asks Python to change them", () => {
  const { win, model, select } = setup({ value: "default", available: true });
  assert.ok(select, "a Rules select in the toolbar");
  assert.equal(select.closest("label").textContent.startsWith("Rules"), true, "labelled");
  assert.equal(select.value, "default");
  assert.equal(select.disabled, false);
  select.value = "pysol";
  select.dispatchEvent(new win.Event("change", { bubbles: true }));
  const sent = model.sent.at(-1);
  assert.equal(sent.type, "rules");
  assert.equal(sent.rules, "pysol");
  assert.equal(sent.ask, true);
  assert.equal(select.value, "default", "Python's value until it has dealt under the new rules");
  const next = clone(model.get("board"));
  next.ui = { ...next.ui, rules: { value: "pysol", available: true } };
  next.version += 1;
  model.set("board", next);
  assert.equal(select.value, "pysol");
});

test("the Rules control is disabled where PySolFC has no such game, hidden with no rules", () => {
  const { select } = setup({ value: "pysol", available: false });
  assert.equal(select.disabled, true);
  assert.match(select.closest("label").title, /PySolFC has no game/);
  // it shows the rules the game is played by, and says why on the select itself (issue 35)
  assert.equal(select.value, "default");
  assert.match(select.title, /PySolFC has no game/);
  assert.match(select.options[1].textContent, /no such game/);
  const none = setup(undefined);
  assert.equal(none.select.closest("label").hidden, true);
});

test("the replay bar carries Python's offer of the player's own game back", () => {
  const win = dom();
  const el = win.document.createElement("div");
  win.document.body.appendChild(el);
  const board = clone(FIXTURES.variants.standard);
  board.ui = { ...board.ui, offers: [{ id: "my_game", label: "Back to my game", enabled: true }] };
  const model = new FakeModel({ board, replay: {} });
  new BoardView(model, el);
  const frame = { piles: board.piles, foundations: board.foundations, stock: board.stock, waste: board.waste, home: board.home };
  model.set("replay", { version: board.version, ply: 0, verdict: "won", moves: [["7H", "waste", "cross:0", "a move"]], frames: [frame, frame] });
  const mine = el.querySelector('[data-replay="my_game"]');
  assert.ok(mine && !mine.hidden, "shown while the line is watched");
  mine.dispatchEvent(new win.MouseEvent("click", { bubbles: true }));
  assert.deepEqual({ type: model.sent.at(-1).type, id: model.sent.at(-1).id }, { type: "offer", id: "my_game" });
  assert.equal(el.querySelector('[data-role="replay"]').hidden, true, "the replay left for the game");
  const plain = clone(FIXTURES.variants.standard);
  plain.version += 1;
  model.set("board", plain);
  model.set("replay", { version: plain.version, ply: 0, verdict: "won", moves: [["7H", "waste", "cross:0", "a move"]], frames: [frame, frame] });
  assert.equal(el.querySelector('[data-replay="my_game"]').hidden, true, "not offered: not shown");
});
