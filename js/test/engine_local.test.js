// The board without a kernel: the front-end engine (src/engine/) behind a model that has no
// Python — a static course page's model, as MyST's {anywidget} directive gives (get/set/on;
// off, save_changes and send throw) — and behind an exported page's board.  The engine itself
// is checked against the Python model move by move in tests/test_js_engine.py; these tests
// check what the player sees: the board plays, refuses with the rule's reason, undoes, redoes,
// detects a win, and says what needs Python.
import assert from "node:assert/strict";
import test from "node:test";
import { Game } from "../src/engine/game.js";
import { PyRandom, shuffledDeck } from "../src/engine/deal.js";
import { getRules, STOCK, WASTE } from "../src/engine/rules.js";
import { moveTriple } from "../src/engine/snapshot.js";
import { INTENTS, LOCAL_BANNER, NEEDS_PYTHON } from "../src/engine/local.js";
import { tableFor } from "../src/table.js";
import REGISTRY from "../../fourseasons_widget/table/intents.json" with { type: "json" };
import widget from "../src/widget.js";
import { dom, FakeModel } from "./helpers.js";

/** MyST's model for {anywidget} (myst-theme's MystAnyModel): events carry a CustomEvent. */
class MystLikeModel {
  constructor(state) {
    this.state = state;
    this.target = new EventTarget();
  }
  get(name) {
    return this.state[name];
  }
  set(key, value) {
    this.state[key] = value;
    this.target.dispatchEvent(new CustomEvent(`change:${key}`, { detail: value }));
  }
  on(name, cb) {
    this.target.addEventListener(name, cb);
  }
  off() {
    throw new Error("MystAnyModel.off not implemented yet.");
  }
  save_changes() {
    throw new Error("MystAnyModel.save_changes not implemented yet.");
  }
  send() {
    throw new Error("MystAnyModel.send not implemented yet.");
  }
  get widget_manager() {
    throw new Error("MystAnyModel.widget_manager does not exist.");
  }
}

// A deal that is all but won: the spades 2-6 on the cross, A♠ the base, the rest in order in
// the stock — one card home and the rest goes home by itself (the auto-move's finishing run).
const SUITED = ["2S", "3S", "4S", "5S", "6S", "AS", "7S", "8S", "9S", "TS", "JS", "QS", "KS",
  ..."HDC".split("").flatMap((s) => "A23456789TJQK".split("").map((r) => r + s))];

function mount(model) {
  const win = dom();
  const el = win.document.createElement("div");
  win.document.body.appendChild(el);
  const stop = widget.render({ model, el });
  // (the clock's and the kernel watch's timers live in the window: close it with the view)
  const cleanup = () => {
    stop();
    win.close();
  };
  const q = (sel) => el.querySelector(sel);
  const click = (node) => node.dispatchEvent(new win.MouseEvent("click", { bubbles: true }));
  const dbl = (node) => node.dispatchEvent(new win.MouseEvent("dblclick", { bubbles: true }));
  const settle = () => new Promise((r) => win.setTimeout(r, 10));
  return { win, el, q, click, dbl, settle, cleanup };
}

test("CPython's Mersenne Twister: the same numbers, so 'seed 7' is the same deal", () => {
  // random.Random(42).random() and random.Random(0).getrandbits(32) in CPython
  assert.equal(new PyRandom(42).random(), 0.6394267984578837);
  assert.equal(new PyRandom(0).uint32(), 3626764237);
  assert.equal(shuffledDeck(7).length, 52);
  assert.equal(new Set(shuffledDeck(7)).size, 52);
});

test("a move from the stock never names the face-down card (Dick 1883's vacancy too)", () => {
  const g = Game.new(3, "dick1883");
  for (let i = 0; i < 300 && g.status === "playing"; i++) {
    const raw = g.rules.engine.moves(g.state);
    for (const m of raw.filter(([s]) => s === STOCK)) {
      assert.equal(moveTriple(g.rules.engine.toMove(g.state, m))[0], null);
    }
    const pick = raw.find(([s, t]) => s === STOCK && t !== WASTE) || raw[i % raw.length];
    g.play(g.rules.engine.toMove(g.state, pick));
  }
  // and a guess at the stock card is refused in the same words, right or wrong
  const s = Game.new(5).state;
  const right = Game.new(5).explain({ card: "AS", source: "stock", target: "cross:0" });
  const wrong = Game.new(5).explain({ card: "KD", source: "stock", target: "cross:0" });
  assert.ok(s.stock.length && right !== null);
  assert.equal(right.replace(/^\S+/, ""), wrong.replace(/^\S+/, ""));
});

test("K on A: refused with the rule's words unless the reading allows it", () => {
  const literal = getRules("standard");
  const always = getRules("standard", { tableau_wrap: "always" });
  // K♠ (48) on A♥ (1) with base rank A (0)
  assert.equal(literal.engine.fits(0)[48 * 52 + 1], 0);
  assert.equal(always.engine.fits(0)[48 * 52 + 1], 1);
  assert.match(literal.engine.whyNotBuild(0, 48, 1), /K goes on A only when the base rank is not A/);
  assert.throws(() => getRules("standard", { rules: "pysol", tableau_wrap: "never" }), /PySolFC's rules as they are/);
  assert.throws(() => getRules("nonsense"), /unknown variant 'nonsense'/);
});

test("a static page's model (MyST's): the board deals, plays, refuses, undoes, redoes and wins", async () => {
  const model = new MystLikeModel({ variant: "standard", deck: SUITED.join(" "), auto_home: false });
  const { q, click, dbl, settle, cleanup } = mount(model);
  await settle();
  const root = q(".fsw-root");
  assert.equal(root.dataset.kernel, "local");
  assert.equal(q('[data-role="banner-text"]').textContent, LOCAL_BANNER);
  for (const a of ["hint", "solve", "auto_finish"]) {
    const b = q(`[data-action="${a}"]`);
    assert.ok(b.disabled, a);
    assert.equal(b.title, NEEDS_PYTHON);
  }
  assert.equal(model.get("board").piles[0][0], "2S");
  // turn the stock: 7♠ comes up
  click(q('[data-pile="stock"]'));
  assert.equal(model.get("board").ply, 1);
  assert.deepEqual(model.get("board").waste, ["7S"]);
  // an illegal move: 7♠ on 2♠ — refused with the rule's words, nothing changes
  click(q('[data-pile="waste"] [data-card="7S"]'));
  click(q('[data-pile="cross:0"]'));
  assert.equal(model.get("board").ply, 1);
  assert.equal(model.get("message_kind"), "refusal");
  assert.match(q('[data-role="status"]').textContent, /7♠ cannot go on 2♠: the cross builds down by one rank/);
  // undo and redo
  click(q('[data-action="undo"]'));
  assert.equal(model.get("board").ply, 0);
  assert.equal(model.get("board").stock, 46);
  click(q('[data-action="redo"]'));
  assert.deepEqual(model.get("board").waste, ["7S"]);
  // play it out by double-clicks: 2♠…6♠ home, then each turned card
  for (const c of ["2S", "3S", "4S", "5S", "6S"]) dbl(q(`[data-card="${c}"]`));
  assert.equal(model.get("board").home, 6);
  while (model.get("board").status === "playing") {
    const w = model.get("board").waste.at(-1);
    if (w && model.get("board").legal.some(([c, , t]) => c === w && t.startsWith("foundation"))) dbl(q(`[data-card="${w}"]`));
    else click(q('[data-pile="stock"]'));
  }
  assert.equal(model.get("board").status, "won");
  assert.equal(model.get("board").home, 52);
  assert.equal(q('[data-role="banner"]').dataset.kind, "won");
  assert.match(q('[data-role="banner-text"]').textContent, /You won/);
  cleanup();
});

test("with auto-home on, one move finishes a won game by itself, and one undo takes it back", async () => {
  const model = new MystLikeModel({ deck: SUITED.join(" ") });
  const { q, dbl, click, settle, cleanup } = mount(model);
  await settle();
  dbl(q('[data-card="2S"]'));
  const b = model.get("board");
  assert.equal(b.status, "won");
  assert.equal(b.last.then.length, b.ply - 1); // (drawn one by one after the move)
  assert.ok(b.ply > 50);
  click(q('[data-action="undo"]'));
  assert.equal(model.get("board").ply, 0);
  cleanup();
});

test("what needs Python is refused with the reason, and nothing is sent anywhere", async () => {
  const model = new FakeModel({ board: {}, seed: 7, variant: "czarina" });
  model.kernel = false;
  const { q, settle, cleanup } = mount(model);
  await settle();
  assert.equal(model.get("board").variant, "czarina");
  const game = Game.new(7, "czarina");
  assert.deepEqual(model.get("board").piles, game.state.piles.map((p) => p.map((c) => ["A23456789TJQK"[c >> 2] + "SHDC"[c & 3]][0])));
  // a hint asked for anyway (the key H): refused with the reason
  const { KeyboardEvent } = q(".fsw-root").ownerDocument.defaultView;
  q('[data-pile="stock"]').dispatchEvent(new KeyboardEvent("keydown", { key: "h", bubbles: true }));
  assert.match(model.get("message"), /needs Python/);
  assert.equal(model.sent.filter((m) => m.type !== "ping").length, 0);
  // a new deal works in the page
  const before = model.get("board").seed;
  q('[data-action="new"]').click();
  assert.notEqual(model.get("board").seed, before);
  cleanup();
});

test("the page's engine takes the intents of the one registry, with their fields (intents.json)", async () => {
  const model = new FakeModel({ board: {}, seed: 7, variant: "standard" });
  model.kernel = false;
  const { settle, cleanup } = mount(model);
  await settle();
  const local = tableFor(model).local;
  const stamp = (c) => ({ ...c, ply: model.get("board").ply, version: model.get("board").version });
  // every intent of the registry's table is known here: played, or refused for needing Python
  for (const [kind, spec] of Object.entries(REGISTRY.intents)) {
    if (spec.layer !== "table") continue;
    assert.ok(INTENTS.has(kind), kind);
    if (spec.page !== "plays") {
      assert.equal(local.intent(stamp({ type: kind })), false, kind);
      assert.match(model.get("message"), new RegExp(`^${spec.page.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} needs Python`), kind);
    }
  }
  // a field the registry does not give the intent is refused, and nothing moves
  const ply = model.get("board").ply;
  assert.equal(local.intent(stamp({ type: "turn", card: "7H" })), false);
  assert.match(model.get("message"), /a turn intent has no field "card"/);
  assert.equal(model.get("board").ply, ply);
  assert.equal(local.intent(stamp({ type: "turn" })), true);
  assert.equal(model.get("board").ply, ply + 1);
  cleanup();
});

test("an exported board (Python's state, no kernel) plays on from its saved game", async () => {
  const g = Game.new(9, "simplicity");
  g.play("turn");
  g.play(g.legalMoves()[0]);
  // the board Python published (a few keys are enough here) and the game the export adds
  const model = new FakeModel({ board: { variant: "simplicity", ply: 2, version: 5, seed: 9, piles: [] }, game: g.toDict() });
  model.kernel = false;
  const { q, settle, win, cleanup } = mount(model);
  await new Promise((r) => win.setTimeout(r, 4200)); // (the kernel is given 4 s to answer)
  await settle();
  assert.equal(q(".fsw-root").dataset.kernel, "local");
  assert.equal(model.get("board").ply, 2);
  assert.ok(model.get("board").version > 5);
  q('[data-action="undo"]').click();
  assert.equal(model.get("board").ply, 1);
  cleanup();
});

test("a page's model with a deck that cannot be dealt says why, and plays nothing", async () => {
  const model = new MystLikeModel({ deck: "AS AS 2S" });
  const { q, settle, cleanup } = mount(model);
  await settle();
  assert.equal(q(".fsw-root").dataset.kernel, "none");
  assert.match(q('[data-role="status"]').textContent, /cannot be dealt: a deck has 52 cards, this one has 3/);
  cleanup();
});

test("a saved game with an illegal move is refused, naming the move", () => {
  const g = Game.new(4);
  g.play("turn");
  const saved = g.toDict();
  saved.moves = [...saved.moves, "KH w>c0"];
  assert.throws(() => Game.fromDict(saved), /save file move 2 \('KH w>c0'\) is illegal/);
});

test("without a kernel the toolbar keeps Python's controls: Rules works, Demo greyed (nothing moves)", async () => {
  const model = new MystLikeModel({ variant: "standard", seed: 7, auto_home: false });
  const { q, settle, cleanup, win } = mount(model);
  await settle();
  const demo = q('button[data-action="demo"]');
  assert.ok(demo && !demo.hidden && demo.disabled, "the Demo button stays, greyed");
  assert.equal(demo.title, NEEDS_PYTHON);
  const select = q('[data-role="rules"]');
  assert.ok(select && !select.closest("label").hidden, "the Rules control is shown");
  assert.equal(select.value, "default");
  select.value = "pysol";
  select.dispatchEvent(new win.Event("change", { bubbles: true }));
  assert.equal(model.get("board").ui.rules.value, "pysol"); // (no game in progress: dealt at once)
  assert.match(model.get("board").title, /PySolFC/);
  select.value = "default";
  select.dispatchEvent(new win.Event("change", { bubbles: true }));
  assert.equal(model.get("board").ui.rules.value, "default");
  cleanup();
});
