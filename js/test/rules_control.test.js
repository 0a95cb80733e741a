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
  const none = setup(undefined);
  assert.equal(none.select.closest("label").hidden, true);
});
