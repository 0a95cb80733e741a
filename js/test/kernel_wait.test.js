// No click is lost while the board looks for Python (kernel.js, table.js).  Until a kernel
// answers, or is known missing, the intents are held and then played once, by the side that
// turns out to hold the game: Python (one by one, each stamped with the position it is played
// on), or the page's engine — whose game Python takes over when it answers late.  Python here is
// a stand-in: the front-end engine (proved equal to the Python model in tests/test_js_engine.py)
// answering the intents as the widget does, and only when it is free (a slow cell holds it).
import assert from "node:assert/strict";
import { test } from "node:test";
import { Game } from "../src/engine/game.js";
import { LocalTable } from "../src/engine/local.js";
import { BoardView } from "../src/view.js";
import { dom, FakeModel } from "./helpers.js";

const RULES = { tableau_wrap: "literal", rules: "default" };
const tick = (win, ms) => new Promise((r) => win.setTimeout(r, ms));

/** A model with Python behind it that answers only when free; `manager`: what the model
 * shows of its widget manager (JupyterLab's has the kernel; marimo's has none). */
function slowPython({ manager, busy = true, refuse = () => false } = {}) {
  const model = new FakeModel({});
  if (manager !== undefined) model.widget_manager = manager;
  const fake = { model, emit: (msg) => model.emit("msg:custom", msg) };
  const python = new LocalTable(fake, Game.new(7, "standard", RULES));
  python.publish("new");
  const state = { busy, inbox: [], intents: [] };
  const handle = (msg) => {
    if (msg.type === "ping") fake.emit({ type: "pong" });
    else if (refuse(msg, state.intents.length)) fake.emit({ type: "refused", reason: "refused: not now" });
    else python.intent(msg);
  };
  const drain = () => {
    while (state.inbox.length) {
      const msg = state.inbox.shift();
      queueMicrotask(() => handle(msg));
    }
  };
  model.send = (msg) => {
    if (msg.type !== "ping") state.intents.push(msg);
    state.inbox.push(msg);
    if (!state.busy) drain();
  };
  const free = () => {
    state.busy = false;
    drain();
  };
  return { model, python, state, free };
}

function board(model, { timeout = 30 } = {}) {
  const win = dom();
  const el = win.document.createElement("div");
  win.document.body.appendChild(el);
  const view = new BoardView(model, el);
  view.kernel.timeout = timeout; // (the first question's wait, 4 s on a page, made short)
  view.kernel.ping();
  const q = (sel) => el.querySelector(sel);
  const click = (node) => node.dispatchEvent(new win.MouseEvent("click", { bubbles: true }));
  return { win, view, q, turn: () => click(q('[data-pile="stock"]')) };
}

test("marimo (no kernel status): clicks while Python is busy are kept, played here, then Python's", async () => {
  const { model, python, state, free } = slowPython({ manager: { get_model() {} } });
  const { win, view, q, turn } = board(model);
  turn(); // before any answer: held, sent nowhere
  assert.deepEqual(state.intents, []);
  assert.match(q('[data-role="status"]').textContent, /Waiting for Python.*1 move kept/);
  await tick(win, 80); // no answer: the page plays, and says Python has not answered (not "none")
  assert.equal(q(".fsw-root").dataset.kernel, "local");
  assert.equal(model.get("board").ply, 1, "the click made while waiting is played, once");
  const banner = q('[data-role="banner-text"]').textContent;
  assert.match(banner, /Python has not answered/);
  assert.doesNotMatch(banner, /No kernel here/);
  turn();
  turn();
  assert.equal(model.get("board").ply, 3);
  const played = JSON.stringify(model.get("board").waste);
  assert.deepEqual(state.intents, []);
  free(); // the slow cell ends: Python answers and takes over the game played meanwhile
  await tick(win, 20);
  assert.equal(q(".fsw-root").dataset.kernel, "live");
  assert.equal(python.game.ply, 3, "Python plays each of the three turns once");
  assert.equal(state.intents.filter((m) => m.type === "turn").length, 3);
  assert.equal(JSON.stringify(model.get("board").waste), played);
  assert.equal(view.table.local, null, "the page's engine is gone");
  assert.equal(model.get("board").version, python.version, "the board shown is Python's");
  assert.match(q('[data-role="status"]').textContent, /took over the game played in this page meanwhile \(3 moves\)/);
  assert.doesNotMatch(q('[data-role="banner-text"]').textContent, /not answered/);
  turn(); // and on with Python
  await tick(win, 5);
  assert.equal(python.game.ply, 4);
  view.destroy();
});

test("a busy kernel the page can see: the clicks wait, then reach Python one by one, none stale", async () => {
  const kernel = { status: "busy" };
  const { model, python, state, free } = slowPython({ manager: { kernel } });
  const { win, view, q, turn } = board(model);
  turn();
  turn();
  await tick(win, 80); // busy all along: waited for, never called missing
  assert.equal(view.kernel.alive, null);
  assert.equal(q(".fsw-root").dataset.kernel, undefined);
  assert.deepEqual(state.intents, []);
  kernel.status = "idle";
  free();
  await tick(win, 20);
  assert.equal(python.game.ply, 2, "both turns played (the second is not refused as stale)");
  assert.deepEqual(state.intents.map((m) => [m.type, m.ply]), [["turn", 0], ["turn", 1]]);
  assert.equal(model.get("message_kind"), "move");
  view.destroy();
});

test("a plain page whose send goes nowhere: the clicks of the first seconds are played here", async () => {
  const { model, state } = slowPython(); // (no widget manager at all, and nobody ever answers)
  const { win, view, q, turn } = board(model);
  turn();
  turn();
  assert.equal(model.get("board").ply, 0);
  await tick(win, 80);
  assert.equal(q(".fsw-root").dataset.kernel, "local");
  assert.equal(model.get("board").ply, 2, "each click played once, in order");
  assert.deepEqual(state.intents, [], "nothing sent into the void");
  view.destroy();
});

test("the first held click Python refuses drops those made after it, and says so once", async () => {
  const kernel = { status: "busy" };
  const { model, python, state, free } = slowPython({ manager: { kernel }, refuse: (_m, n) => n === 1 });
  const { win, view, q, turn } = board(model);
  turn();
  turn();
  turn();
  kernel.status = "idle";
  free();
  await tick(win, 20);
  assert.equal(python.game.ply, 0);
  assert.equal(state.intents.length, 1, "the two made after the refused one are not sent");
  assert.match(q('[data-role="status"]').textContent, /2 more moves made after it/);
  view.destroy();
});

test("a kernel that answers at once: nothing is held", async () => {
  const { model, python, state } = slowPython({ manager: { kernel: { status: "idle" } }, busy: false });
  const { win, view, turn } = board(model);
  await tick(win, 5);
  turn();
  assert.equal(state.intents.length, 1);
  await tick(win, 5);
  assert.equal(python.game.ply, 1);
  view.destroy();
});

test("Python's answer to a move is written back once as `seen` (what marimo re-runs cells on)", async () => {
  const { model, python, state } = slowPython({ manager: { kernel: { status: "idle" } }, busy: false });
  model.state.seen = 0; // (a kernel that has the trait)
  const { win, view, turn } = board(model);
  await tick(win, 5);
  turn();
  await tick(win, 5);
  assert.equal(python.game.ply, 1);
  assert.equal(model.get("seen"), python.version);
  assert.equal(model.saved, 1, "one write per answered move");
  model.set("board", { ...model.get("board") }); // (a republish that is not an answer: no write)
  assert.equal(model.saved, 1);
  // hiding the page is an intent, not a trait write (no cell re-runs for it)
  Object.defineProperty(win.document, "hidden", { configurable: true, get: () => true });
  win.document.dispatchEvent(new win.Event("visibilitychange"));
  assert.deepEqual(state.intents.at(-1), { type: "pause", paused: true });
  assert.equal(model.saved, 1);
  view.destroy();
});

test("a kernel that answered, then runs a slow cell: the clicks made meanwhile are all played", async () => {
  const { model, python, state, free } = slowPython({ manager: { get_model() {} }, busy: false });
  const { win, view, turn } = board(model);
  await tick(win, 5);
  assert.equal(view.kernel.alive, true);
  state.busy = true; // a slow cell beside the board (marimo answers nothing until it ends)
  turn();
  turn();
  turn();
  assert.equal(state.intents.length, 1, "one on its way, the others wait for its answer");
  free();
  await tick(win, 20);
  assert.equal(python.game.ply, 3, "each played once, none refused as stale");
  assert.deepEqual(state.intents.map((m) => m.ply), [0, 1, 2]);
  view.destroy();
});

test("view options chosen while Python is busy are kept in order, played in the page, then handed to Python", async () => {
  const { model, python, state, free } = slowPython({ manager: { get_model() {} } });
  Object.assign(model.state, { card_face: "classic", table_colour: "green", intents: ["turn", "view_option"] });
  const intent = python.intent.bind(python); // (Python applies a view option to its trait)
  python.intent = (msg) => (msg.type === "view_option" ? model.set(msg.name, msg.value) : intent(msg));
  const { win, view, q, turn } = board(model);
  const choose = (role, value) => {
    const select = q(`[data-role="${role}"]`);
    select.value = value;
    select.dispatchEvent(new win.Event("change", { bubbles: true }));
  };
  choose("card-face", "large"); // before any answer: held with the moves
  turn();
  assert.ok(q(".fsw-root").classList.contains("fsw-face-large"), "shown at once");
  assert.deepEqual(state.intents, []);
  await tick(win, 80); // no answer: the page plays, its own choice kept by the page
  assert.equal(q(".fsw-root").dataset.kernel, "local");
  choose("table-colour", "blue");
  assert.ok(q(".fsw-root").classList.contains("fsw-table-blue"));
  assert.deepEqual(state.intents, [], "nothing written or sent while the page plays");
  free(); // Python answers: the game and the choices go to it, as intents it checks
  await tick(win, 20);
  assert.equal(q(".fsw-root").dataset.kernel, "live");
  assert.deepEqual(state.intents.filter((m) => m.type === "view_option").map((m) => [m.name, m.value]).sort(),
    [["card_face", "large"], ["table_colour", "blue"]]);
  assert.equal(model.saved, 0, "no trait written");
  assert.equal(python.game.ply, 1);
  assert.ok(q(".fsw-root").classList.contains("fsw-face-large") && q(".fsw-root").classList.contains("fsw-table-blue"));
  view.destroy();
});
