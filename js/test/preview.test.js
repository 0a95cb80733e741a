// The preview (a saved board drawn before the kernel is ready) and its hand-over to Python.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Game } from "../src/engine/game.js";
import { LocalTable } from "../src/engine/local.js";
import { handOver, handOverWhenShown, keepLine, lineOf, takeLine } from "../src/handover.js";
import { PageModel, PayloadError, readPayload, renderPreview } from "../src/preview.js";
import { tableFor } from "../src/table.js";
import { dom, FakeModel } from "./helpers.js";

// what fourseasons_widget/preview.py writes for FourSeasons(seed=7) and for a PySolFC deal
const SEED7 = { version: 1, variant: "standard", options: { tableau_wrap: "literal", rules: "default" }, seed: 7 };
const PYSOL = { version: 1, variant: "corners", options: { rules: "pysol" }, pysol: 123 };

test("Python's payloads are read as the deals they name", () => {
  assert.deepEqual(readPayload(SEED7), { variant: "standard", options: SEED7.options, seed: 7 });
  assert.deepEqual(readPayload(PYSOL), { variant: "corners", options: { rules: "pysol" }, pysol: 123 });
});

test("a bad payload is refused with a short reason, whatever it holds", () => {
  const bad = [
    null, 7, "x", [SEED7], {},
    { ...SEED7, version: 2 },
    { ...SEED7, deck: ["AS"] }, // (a deck is never sent: an unknown field)
    { ...SEED7, variant: "klondike" },
    { ...SEED7, variant: { toString: () => "standard" } },
    { ...SEED7, options: ["literal"] },
    { ...SEED7, options: { tableau_wrap: 3 } },
    { ...SEED7, options: { tableau_wrap: "x".repeat(500) } },
    { ...SEED7, options: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`o${i}`, "a"])) },
    { ...SEED7, options: { tableau_wrap: "sideways" } },
    { ...SEED7, seed: -1 }, { ...SEED7, seed: 1.5 }, { ...SEED7, seed: 2 ** 60 }, { ...SEED7, seed: "7" },
    { ...SEED7, pysol: 5 }, // (both)
    { version: 1, variant: "standard" }, // (neither)
    { version: 1, variant: "dick1883", options: {}, pysol: 5 }, // (PySolFC has no such game)
  ];
  for (const data of bad) {
    assert.throws(() => readPayload(data), (e) => e instanceof PayloadError && e.message.length < 200,
      JSON.stringify(data)?.slice(0, 80));
  }
});

function cell(win) {
  const c = win.document.createElement("div");
  c.className = "jp-Cell";
  const el = win.document.createElement("div");
  c.append(el);
  win.document.body.append(c);
  return el;
}

test("the preview is the kernel-less board at the deal, saying that Python is not running yet", async () => {
  const win = dom();
  const el = cell(win);
  const stop = renderPreview(el, SEED7);
  await new Promise((r) => win.setTimeout(r, 5));
  const cards = el.querySelectorAll("[data-card]");
  assert.ok(cards.length >= 6, `cards shown: ${cards.length}`);
  assert.match(el.textContent, /Python is not running yet/);
  assert.match(el.textContent, /hint, solve, proofs and statistics need Python/);
  // the deal is Python's seed 7: the same cards the engine deals for it
  const dealt = lineOf(Game.new(7, "standard", SEED7.options)).position;
  const shown = new Set([...cards].map((c) => c.dataset.card));
  for (const pile of dealt.piles) assert.ok(shown.has(pile.at(-1)), pile.at(-1));
  stop();
});

test("a bad payload shows a message, not a board", () => {
  const win = dom();
  const el = cell(win);
  renderPreview(el, { ...SEED7, seed: "seven" });
  assert.equal(el.querySelectorAll("[data-card]").length, 0);
  assert.match(el.textContent, /^No board preview: the saved board's seed is not a whole number in range/);
});

test("each change of the preview's game is kept under its cell, taken once", () => {
  const win = dom();
  const el = cell(win);
  renderPreview(el, SEED7);
  assert.equal(takeLine(el), null); // (untouched: nothing to hand over)
  const game = Game.new(7, "standard", SEED7.options);
  game.play("turn");
  assert.equal(keepLine(el, game), true);
  const line = takeLine(el);
  assert.equal(line.seed, 7);
  assert.deepEqual(line.moves.map((m) => [m.source, m.target]), [["stock", "waste"]]);
  assert.equal(takeLine(el), null);
  assert.equal(keepLine(win.document.createElement("div"), game), false); // (no cell: not kept)
});

// A stand-in for Python behind the live board: the engine (proved equal to the Python model
// in tests/test_js_engine.py) answering intents as the widget does — a new board, or a refusal.
function livePython({ seed = 7, variant = "standard", options = SEED7.options, autoHome = true, refuse = () => false } = {}) {
  const model = new FakeModel({ auto_home: autoHome });
  const fake = { model, emit: (msg) => model.emit("msg:custom", msg) };
  const python = new LocalTable(fake, Game.new(seed, variant, options));
  python.publish("new");
  model.send = (msg) => {
    model.sent.push(msg);
    queueMicrotask(() => {
      if (refuse(msg, model.sent.length)) fake.emit({ type: "refused", reason: "refused: not now" });
      else python.intent(msg);
    });
  };
  return { model, table: tableFor(model), python };
}

function playedLine(seed, n, options = SEED7.options) {
  // `n` intents a player might send on the preview (its engine with auto-home on, as the
  // preview plays: the cards that go home by themselves are in the line, marked `auto`)
  const model = new FakeModel({});
  const preview = new LocalTable({ model, emit() {} }, Game.new(seed, "standard", options));
  for (let i = 0; i < n; i++) {
    const g = preview.game;
    const legal = g.legalMoves();
    const m = legal.find((x) => x.target.startsWith("foundation")) || legal.find((x) => x.target === "waste") || legal[0];
    const stamp = { ply: g.ply, version: preview.version };
    preview.intent(m.source === "stock" && m.target === "waste" ? { type: "turn", ...stamp }
      : { type: "move", card: m.source === "stock" ? null : m.card, source: m.source, target: m.target, ...stamp });
  }
  return { game: preview.game, line: lineOf(preview.game) };
}

test("the hand-over plays the preview's line to Python: the same position, as intents", async () => {
  const { game, line } = playedLine(7, 3);
  const { table, model, python } = livePython();
  const out = await handOver(table, line);
  assert.deepEqual(out, { handed: true, moves: line.moves.length, reason: null });
  assert.deepEqual(python.game.state, game.state);
  assert.ok(model.sent.every((m) => (m.type === "move" || m.type === "turn") && Number.isInteger(m.version)));
  assert.ok(model.sent.length <= line.moves.length);
});

test("cards that went home by themselves: Python's auto-home plays them, or (off) they are sent as moves", async () => {
  const { game, line } = playedLine(3, 40);
  assert.ok(line.moves.some((m) => m.auto), "this line has cards that went home by themselves");
  const on = livePython({ seed: 3 });
  assert.equal((await handOver(on.table, line)).handed, true);
  assert.deepEqual(on.python.game.state, game.state);
  assert.ok(on.model.sent.length < line.moves.length); // (Python's own auto-home played those)
  const { table, model, python } = livePython({ seed: 3, autoHome: false });
  const out = await handOver(table, line);
  assert.equal(out.handed, true, out.reason);
  assert.equal(model.sent.length, line.moves.length);
  assert.deepEqual(python.game.state, game.state);
});

test("another deal on the preview: Python deals it first, then the moves", async () => {
  const { game, line } = playedLine(99, 2);
  const { table, model, python } = livePython({ seed: 7 });
  const out = await handOver(table, line);
  assert.equal(out.handed, true, out.reason);
  assert.equal(model.sent[0].type, "new_game");
  assert.equal(model.sent[0].seed, 99);
  assert.deepEqual(python.game.state, game.state);
});

test("the first intent Python refuses stops the hand-over; Python's board stays", async () => {
  const { line } = playedLine(7, 4);
  const { table, model, python } = livePython({ refuse: (_m, n) => n === 2 });
  const out = await handOver(table, line);
  assert.equal(out.handed, false);
  assert.match(out.reason, /not now/);
  assert.equal(model.sent.length, 2);
  assert.equal(python.game.ply, table.board().ply);
});

test("a board that has moved on from its deal is not handed anything", async () => {
  const { line } = playedLine(7, 2);
  const { table, model, python } = livePython();
  python.intent({ type: "turn", ply: 0, version: python.version });
  const out = await handOver(table, line);
  assert.equal(out.handed, false);
  assert.deepEqual(model.sent, []);
});

test("an unanswered intent stops the hand-over after its wait", async () => {
  const { line } = playedLine(7, 2);
  const { table, model } = livePython();
  model.send = (msg) => model.sent.push(msg); // (Python never answers)
  const out = await handOver(table, line, { wait: 20 });
  assert.deepEqual([out.handed, out.reason], [false, "Python did not answer"]);
  assert.equal(model.sent.length, 1);
});

test("the page model is the anywidget contract: get, set, on, off", () => {
  const m = new PageModel({ seed: 1 });
  let n = 0;
  const f = () => (n += 1);
  m.on("change:seed", f);
  m.set("seed", 2);
  m.off("change:seed", f);
  m.set("seed", 3);
  assert.deepEqual([m.get("seed"), n], [3, 1]);
});

test("the live board of the same cell takes the kept line over once, and says so", async () => {
  const win = dom();
  const previewEl = cell(win);
  const { game } = playedLine(7, 3);
  keepLine(previewEl, game);
  const liveEl = win.document.createElement("div");
  previewEl.closest(".jp-Cell").append(liveEl); // (Run All: the live board in the same cell)
  previewEl.remove();
  const { table, python } = livePython();
  const notes = [];
  const out = await handOverWhenShown(table, liveEl, (t) => notes.push(t), { every: 1 });
  assert.equal(out.handed, true);
  assert.deepEqual(python.game.state, game.state);
  assert.equal(liveEl.dataset.handover, `handed ${game.moves.length}`);
  assert.match(notes[0], /^Python took over the game played before it was ready/);
  // (taken: another live board in that cell starts at its own deal)
  const again = livePython();
  assert.equal(await handOverWhenShown(again.table, liveEl, () => {}, { every: 1 }), null);
  assert.deepEqual(again.model.sent, []);
});
