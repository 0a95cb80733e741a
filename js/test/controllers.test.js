// The controllers the view is made of, each tested against a fake model: the table (the
// coordinator made in initialize), the toolbar's picker, the picker's pick.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Table, tableFor } from "../src/table.js";
import widget from "../src/widget.js";
import { BoardView } from "../src/view.js";
import { clone, dom, FakeModel, FIXTURES } from "./helpers.js";

function setup(board = FIXTURES.midgame, extra = {}) {
  const win = dom();
  const el = win.document.createElement("div");
  win.document.body.appendChild(el);
  const model = new FakeModel({ board: clone(board), ...extra });
  const view = new BoardView(model, el);
  const q = (sel) => el.querySelector(sel);
  const click = (node) => node.dispatchEvent(new win.MouseEvent("click", { bubbles: true }));
  return { win, el, model, view, q, click };
}

test("the table stamps intents with the position they were meant for, except a new game", async () => {
  const model = new FakeModel({ board: { ply: 7, version: 12 } });
  const t = new Table(model);
  t.send({ type: "undo" });
  t.send({ type: "new_game", seed: null, variant: "standard" });
  // (the second waits for Python's answer to the first, which names a position)
  assert.deepEqual(model.sent, [{ type: "undo", ply: 7, version: 12 }]);
  model.set("board", { ply: 6, version: 13 });
  await Promise.resolve();
  await Promise.resolve();
  assert.deepEqual(model.sent, [{ type: "undo", ply: 7, version: 12 }, { type: "new_game", seed: null, variant: "standard" }]);
  assert.equal(t.ui(), null, "no ui part published yet");
  model.set("board", { ply: 0, version: 1, ui: { picker: "czarina", panel: "" } });
  assert.equal(t.ui().picker, "czarina");
  t.setOption("four_colour", true); // (a kernel that publishes no intents: an older one)
  assert.equal(model.get("four_colour"), true);
  assert.equal(model.saved, 1);
});

test("a view option is an unstamped intent, in order with the moves held before it", async () => {
  const model = new FakeModel({ board: { ply: 7, version: 12 }, four_colour: false, intents: ["undo", "view_option"] });
  const t = new Table(model);
  t.send({ type: "undo" });
  t.setOption("four_colour", true); // (made after the undo: sent after Python's answer to it)
  assert.deepEqual(model.sent, [{ type: "undo", ply: 7, version: 12 }]);
  assert.equal(t.get("four_colour"), true, "the choice, shown until Python answers");
  assert.equal(model.get("four_colour"), false);
  model.set("board", { ply: 6, version: 13 });
  await Promise.resolve();
  await Promise.resolve();
  assert.deepEqual(model.sent.at(-1), { type: "view_option", name: "four_colour", value: true });
  assert.equal(model.saved, 0, "no trait written");
  // a refusal of the view option is not the answer to a move: the move held behind it waits
  t.send({ type: "turn" });
  model.emit("msg:custom", { type: "refused", intent: "view_option", reason: "refused" });
  t.send({ type: "undo" });
  assert.deepEqual(model.sent.filter((m) => m.type !== "view_option").map((m) => m.type), ["undo", "turn"]);
  model.set("four_colour", true); // Python's answer: the truth from now on
  model.set("four_colour", false); // (set again from Python)
  assert.equal(t.get("four_colour"), false);
});

test("initialize makes the model's one table; every view of the model shares it", () => {
  const model = new FakeModel({ board: clone(FIXTURES.midgame) });
  const cleanup = widget.initialize({ model });
  const win = dom();
  const a = win.document.createElement("div");
  const b = win.document.createElement("div");
  const ca = widget.render({ model, el: a });
  const cb = widget.render({ model, el: b });
  assert.equal(tableFor(model), tableFor(model));
  // a move on one view: both views draw the new board
  const next = clone(FIXTURES.midgame);
  next.ply += 1;
  next.version += 1;
  model.set("board", next);
  assert.equal(a.querySelector(".fsw-root").dataset.ply, String(next.ply));
  assert.equal(b.querySelector(".fsw-root").dataset.ply, String(next.ply));
  ca();
  cb();
  cleanup();
  assert.equal(model.listenerCount(), 0);
});

test("the variant picker shows the published game's variant after a switch (item 1)", () => {
  const { model, q } = setup(FIXTURES.variants.standard);
  const select = q('[data-role="variant"]');
  assert.equal(select.value, "standard");
  const czarina = clone(FIXTURES.variants.standard);
  czarina.variant = "czarina";
  if (czarina.ui) czarina.ui.picker = "czarina"; // (as Python publishes it: one snapshot)
  czarina.version += 1;
  model.set("board", czarina);
  assert.equal(select.value, "czarina", "the picker follows the board");
  // the snapshot's ui.picker, when published, is what the picker shows
  const b = clone(czarina);
  b.version += 1;
  b.ui = { picker: "standard", panel: "", offers: [], banner: null, notice: "" };
  model.set("board", b);
  assert.equal(select.value, "standard");
});

test("each controller draws its part: toolbar, felt, status line, replay bar", () => {
  const { view, q } = setup();
  assert.ok(view.toolbar.el.contains(q('[data-action="hint"]')));
  assert.ok(view.renderer.wrap.contains(q('[data-pile="stock"]')));
  assert.equal(view.statusLine.el, q('[data-role="status"]'));
  assert.equal(view.replay.bar, q('[data-role="replay"]'));
  assert.equal(view.replayIndex, null);
});

test("a snapshot made before Python read a panel request does not open the panel again", () => {
  const { model, view } = setup(FIXTURES.variants.standard);
  const publish = (panel) => {
    const b = clone(model.get("board"));
    b.version += 1;
    b.ui = { ...(b.ui || { picker: b.variant, offers: [], banner: null, notice: "" }), panel };
    model.set("board", b);
  };
  publish(""); // the board publishes its ui
  view.panels.request("keys"); // the Keys button ...
  view.panels.request(""); // ... and Escape at once
  assert.deepEqual(model.sent.filter((m) => m.type === "panel").map((m) => m.panel), ["keys", ""]);
  publish("keys"); // Python's answer to the first request, sent before it read the second
  assert.equal(view.panels.shown(), "", "the stale snapshot does not reopen Keys");
  publish(""); // the answer to Escape
  assert.equal(view.panels.shown(), "");
  publish("stats"); // nothing asked: Python's word is the last
  assert.equal(view.panels.shown(), "stats");
  view.panels.request("");
  publish("stats"); // a move's snapshot, made before the close was read
  assert.equal(view.panels.shown(), "");
});
