// The panels, the banner's offers, the demo bar, the view options and the sounds: each drawn
// from a fake model's snapshot, each sending the contract's intents.
import assert from "node:assert/strict";
import { test } from "node:test";
import { historyLine, shortDate } from "../src/panels.js";
import { soundFor } from "../src/sounds.js";
import { bannerInfo } from "../src/banner.js";
import { BoardView } from "../src/view.js";
import { clone, dom, FakeModel, FIXTURES } from "./helpers.js";

function setup(board = FIXTURES.midgame, extra = {}) {
  const win = dom();
  const el = win.document.createElement("div");
  win.document.body.appendChild(el);
  const outside = win.document.createElement("p");
  win.document.body.appendChild(outside);
  const model = new FakeModel({ board: clone(board), ...extra });
  const view = new BoardView(model, el);
  const q = (sel) => el.querySelector(sel);
  const click = (node) => node.dispatchEvent(new win.MouseEvent("click", { bubbles: true, cancelable: true }));
  const press = (node) => node.dispatchEvent(new win.MouseEvent("pointerdown", { bubbles: true }));
  const key = (node, k) => node.dispatchEvent(new win.KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
  return { win, el, model, view, q, click, press, key, outside };
}

/** A board as an older kernel publishes it: no `ui`, no `demo`. */
const older = (board) => {
  const b = clone(board);
  delete b.ui;
  delete b.demo;
  return b;
};
/** What a kernel's board of this version publishes as the intents it takes (a few). */
const KERNEL_INTENTS = ["move", "turn", "undo", "ping", "pause", "view_option"];
const UI = { picker: "standard", panel: "", offers: [], banner: null, notice: "" };
const withUi = (board, ui = {}) => ({ ...clone(board), ui: { ...UI, ...ui } });
const panelIntents = (model) => model.sent.filter((m) => m.type === "panel").map((m) => m.panel);

test("no ui in the snapshot: the view keeps the panels itself, and closes them on Escape, outside, a new deal", () => {
  const { q, click, press, key, model, outside } = setup(older(FIXTURES.midgame));
  const stats = q('[data-role="stats"]');
  click(stats.querySelector("summary"));
  assert.equal(stats.open, true);
  key(q('[data-pile="stock"]'), "Escape");
  assert.equal(stats.open, false, "Escape");
  click(stats.querySelector("summary"));
  press(outside);
  assert.equal(stats.open, false, "a press outside");
  click(stats.querySelector("summary"));
  press(q('[data-role="stats-panel"]'));
  assert.equal(stats.open, true, "a press inside keeps it");
  const next = older(FIXTURES.midgame);
  Object.assign(next, { seed: 99, ply: 0, can_undo: false, can_redo: false, version: next.version + 1 });
  model.set("board", next);
  assert.equal(stats.open, false, "a new deal");
  assert.deepEqual(panelIntents(model), [], "an older kernel gets no panel intents");
  // ? opens the keys
  key(q('[data-pile="stock"]'), "?");
  assert.equal(q('[data-role="help"]').open, true);
});

test("ui in the snapshot: the panel intents are sent and board.ui.panel is drawn", () => {
  const b = withUi(FIXTURES.midgame);
  const { q, click, key, model } = setup(b);
  const stats = q('[data-role="stats"]');
  click(stats.querySelector("summary"));
  assert.deepEqual(panelIntents(model), ["stats"]);
  assert.equal(stats.open, true, "shown at once");
  model.set("board", withUi(b, { panel: "stats" }));
  key(q('[data-pile="stock"]'), "Escape");
  assert.deepEqual(panelIntents(model), ["stats", ""]);
  model.set("board", withUi(b, { panel: "" }));
  assert.equal(stats.open, false);
  // Python opens one (another view asked): drawn
  model.set("board", withUi(b, { panel: "keys" }));
  assert.equal(q('[data-role="help"]').open, true);
  assert.equal(q('[data-role="help"] summary').getAttribute("aria-expanded"), "true");
  // a panel republished with the same version: no second glide, the pick stays
  const [card, source] = b.legal.find(([c, s]) => c && s !== "stock");
  click(q(`[data-pile="${source}"] [data-card="${card}"]`));
  model.set("board", withUi(b, { panel: "" }));
  assert.ok(q(".fsw-selected"), "the pick survives a panel change");
});

test("the history: the last deals in Stats, all of them behind a button, how_won for a lost one", () => {
  const rows = Array.from({ length: 8 }, (_, i) => ({ date: `2026-12-0${1 + (i % 9)}T09:1${i}:00`, variant: "standard",
    deal: `seed ${i}`, result: i % 2 ? "lost" : "won", moves: 80 + i, seconds: 61.5 + i, id: 100 + i }));
  const b = withUi(FIXTURES.midgame, { panel: "stats" });
  b.history = rows;
  b.stats = { played: 8, won: 4, lost: 4, abandoned: 0, streak: 1, best_streak: 2, best_moves: 80, best_seconds: 61 };
  const { q, click, model } = setup(b);
  const list = q('[data-role="history"]');
  assert.equal(list.querySelectorAll("li").length, 5);
  assert.match(list.textContent, /won — Four Seasons · seed 0/);
  const more = q('[data-action="history"]');
  assert.equal(more.textContent, "All 8 deals");
  click(more);
  assert.deepEqual(panelIntents(model), ["history"]);
  model.set("board", { ...b, ui: { ...b.ui, panel: "history" } });
  assert.equal(q('[data-role="history"]').querySelectorAll("li").length, 8);
  assert.equal(q('[data-role="stats"]').open, true);
  const how = q('[data-history-id="101"] [data-action="how_won"]');
  assert.ok(how && !q('[data-history-id="100"] [data-action="how_won"]'), "only lost deals offer it");
  click(how);
  assert.deepEqual(model.sent.at(-1), { type: "how_won", id: 101, ask: true, ply: b.ply, version: b.version });
  assert.equal(model.sent.filter((m) => m.type === "history").length, 0, "the toolbar sends nothing of its own");
  assert.equal(shortDate("2026-12-01T09:05:33"), "1 Dec 09:05");
  assert.deepEqual(historyLine({ date: "2026-12-01T09:05", variant: "czarina", deal: "PySolFC 617", result: "abandoned", moves: 1, seconds: 75 }, { czarina: "Czarina" }),
    ["given up — Czarina · PySolFC 617", "1 Dec 09:05 · 1 move · 1:15"]);
});

test("the banner from board.ui: its offers are buttons that send offer intents", () => {
  const b = withUi(FIXTURES.midgame, {
    banner: { kind: "lost", text: "Game lost: no sequence of moves can win from here (proved)." },
    offers: [{ id: "undo", label: "Undo", enabled: false }, { id: "play_again", label: "Play again", enabled: true }],
  });
  b.status = "lost";
  const { q, click, model } = setup(b);
  const banner = q('[data-role="banner"]');
  assert.equal(banner.hidden, false);
  assert.equal(banner.dataset.kind, "lost");
  assert.ok(q('[data-offer="undo"]').disabled);
  click(q('[data-offer="play_again"]'));
  assert.deepEqual(model.sent.at(-1), { type: "offer", id: "play_again", ply: b.ply, version: b.version });
  // (it lies over no card, so it has no × of its own: Python's offers are its only buttons)
  assert.deepEqual([...banner.querySelectorAll("button")].map((x) => x.dataset.offer), ["undo", "play_again"]);
  assert.equal(bannerInfo({ ...UI, banner: null }), null);
  assert.equal(bannerInfo(b.ui, { offline: true }).kind, "offline");
});

test("a notice from board.ui shows in the status line", () => {
  const { q } = setup(withUi(FIXTURES.midgame, { notice: "Auto-finish stopped: no win is proved from here" }));
  assert.match(q('[data-role="notice"]').textContent, /Auto-finish stopped/);
});

test("demo: shown where the board has a demo; its bar draws board.demo and sends the demo intents", () => {
  const { q, click, model } = setup(older(FIXTURES.midgame));
  assert.equal(q('[data-action="demo"]').hidden, true, "an older kernel: no Demo button");
  const b = { ...clone(FIXTURES.midgame), demo: null };
  model.set("board", b);
  const start = q('[data-action="demo"]');
  assert.equal(start.hidden, false);
  click(start);
  assert.deepEqual(model.sent.filter((m) => m.type === "demo").map((m) => m.action), ["start"]);
  model.set("board", { ...b, version: b.version + 1, demo: { running: true, paused: false, step: 3, of: 120, speed_ms: 700 } });
  const bar = q('[data-role="demo"]');
  assert.equal(bar.hidden, false);
  assert.match(q('[data-role="demo-info"]').textContent, /move 3 of 120/);
  assert.ok(!start.hidden && start.disabled, "the Demo button stays (greyed): the toolbar keeps its shape");
  assert.equal(q('[data-demo="resume"]').hidden, true);
  assert.ok(q('[data-demo="step"]').disabled, "a step waits for a pause");
  click(q('[data-demo="pause"]'));
  model.set("board", { ...b, version: b.version + 2, demo: { running: true, paused: true, step: 3, of: 120, speed_ms: 700 } });
  assert.equal(q('[data-demo="pause"]').hidden, true);
  click(q('[data-demo="step"]'));
  click(q('[data-demo="take_over"]'));
  assert.deepEqual(model.sent.filter((m) => m.type === "demo").map((m) => m.action), ["start", "pause", "step", "take_over"]);
  for (const btn of bar.querySelectorAll("button")) assert.ok(btn.getAttribute("aria-label") || btn.textContent.trim(), "every button is labelled");
  model.set("board", { ...b, version: b.version + 3, demo: null });
  assert.equal(bar.hidden, true);
});

test("demo: greyed while the kernel searches, given back when busy ends even with no new board", () => {
  // (the site's Pyodide publishes a hint's board while busy is still "hint", then clears busy)
  const { q, model } = setup({ ...clone(FIXTURES.midgame), demo: null });
  const start = q('[data-action="demo"]');
  assert.equal(start.disabled, false);
  model.set("busy", "hint");
  assert.equal(start.disabled, true, "greyed while a search runs");
  const b = model.get("board");
  model.set("board", { ...b, hint: { card: "x" } }); // the hint's board, busy still set
  assert.equal(start.disabled, true);
  model.set("busy", "");
  assert.equal(start.disabled, false, "the end of the search gives Demo back");
});

test("demo: the view that started it keeps the pace, one step every speed_ms; a paused demo waits", async () => {
  const { q, click, model, win } = setup({ ...clone(FIXTURES.midgame), demo: null });
  const b = model.get("board");
  click(q('[data-action="demo"]'));
  const steps = () => model.sent.filter((m) => m.type === "demo" && m.action === "step").length;
  model.set("board", { ...b, version: b.version + 1, demo: { running: true, paused: false, step: 0, of: 9, speed_ms: 100 } });
  await new Promise((r) => win.setTimeout(r, 160));
  assert.equal(steps(), 1, "one step after speed_ms");
  await new Promise((r) => win.setTimeout(r, 160));
  assert.equal(steps(), 1, "the next waits for Python's board");
  model.set("board", { ...b, version: b.version + 2, demo: { running: true, paused: true, step: 1, of: 9, speed_ms: 100 } });
  await new Promise((r) => win.setTimeout(r, 160));
  assert.equal(steps(), 1, "paused: no step");
  // another view of the same board does not step
  const other = dom();
  const el2 = other.document.createElement("div");
  const v2 = new BoardView(model, el2);
  model.set("board", { ...b, version: b.version + 3, demo: { running: true, paused: false, step: 1, of: 9, speed_ms: 100 } });
  await new Promise((r) => win.setTimeout(r, 160));
  assert.equal(steps(), 2, "resumed: the view that started it steps once, the other view not at all");
  v2.destroy();
});

test("view options: the choice is an intent Python applies; the view shows it until Python answers or refuses", () => {
  const { q, model, win } = setup(FIXTURES.midgame, { card_face: "classic", table_colour: "green", sounds: false, intents: KERNEL_INTENTS });
  const root = q(".fsw-root");
  assert.ok(root.classList.contains("fsw-face-classic") && root.classList.contains("fsw-table-green"));
  const face = q('[data-role="card-face"]');
  face.value = "large";
  face.dispatchEvent(new win.Event("change", { bubbles: true }));
  assert.deepEqual(model.sent.filter((m) => m.type === "view_option"), [{ type: "view_option", name: "card_face", value: "large" }]);
  assert.equal(model.get("card_face"), "classic", "the trait is Python's: not written");
  assert.equal(model.saved, 0);
  assert.ok(root.classList.contains("fsw-face-large") && !root.classList.contains("fsw-face-classic"), "shown at once");
  model.set("card_face", "large"); // Python applied it
  assert.ok(root.classList.contains("fsw-face-large"));
  model.set("table_colour", "blue"); // another view chose it
  assert.ok(root.classList.contains("fsw-table-blue"));
  assert.equal(q('[data-role="table-colour"]').value, "blue");
  // a choice Python refuses: the view shows Python's own again
  const colour = q('[data-role="table-colour"]');
  colour.value = "grey";
  colour.dispatchEvent(new win.Event("change", { bubbles: true }));
  assert.ok(root.classList.contains("fsw-table-grey"));
  model.emit("msg:custom", { type: "refused", reason: "refused: table_colour takes one of …", intent: "view_option" });
  assert.ok(root.classList.contains("fsw-table-blue") && !root.classList.contains("fsw-table-grey"));
  assert.equal(colour.value, "blue");
  // the toolbar's four-colour toggle too
  const four = q('[data-role="four-colour"]');
  four.checked = true;
  four.dispatchEvent(new win.Event("change", { bubbles: true }));
  assert.deepEqual(model.sent.at(-1), { type: "view_option", name: "four_colour", value: true });
  assert.equal(model.get("four_colour"), false);
  assert.ok(root.classList.contains("fsw-four-colour"), "shown at once");
  // the View popover is the view's own panel: no panel intent, closed by Escape
  const details = q('[data-role="view"]');
  details.querySelector("summary").dispatchEvent(new win.MouseEvent("click", { bubbles: true, cancelable: true }));
  assert.equal(details.open, true);
  q('[data-pile="stock"]').dispatchEvent(new win.KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
  assert.equal(details.open, false);
  assert.equal(model.sent.filter((m) => m.type === "panel").length, 0);
});

test("view options for a kernel whose board takes no view_option intent (an older widget): the trait is written", () => {
  const { q, model, win } = setup(FIXTURES.midgame, { card_face: "classic", table_colour: "green", sounds: false });
  const face = q('[data-role="card-face"]');
  face.value = "large";
  face.dispatchEvent(new win.Event("change", { bubbles: true }));
  assert.equal(model.get("card_face"), "large");
  assert.equal(model.saved, 1);
  assert.equal(model.sent.filter((m) => m.type === "view_option").length, 0);
  assert.ok(q(".fsw-root").classList.contains("fsw-face-large"));
});

test("view options without the traits (an older kernel): kept by the view alone", () => {
  const { q, model, win } = setup(older(FIXTURES.midgame));
  const colour = q('[data-role="table-colour"]');
  colour.value = "grey";
  colour.dispatchEvent(new win.Event("change", { bubbles: true }));
  assert.equal(model.get("table_colour"), undefined, "no trait written");
  assert.ok(q(".fsw-root").classList.contains("fsw-table-grey"));
  assert.equal(q('[data-role="sounds"]').checked, false, "sounds are off by default");
});

test("sounds: which one a new board calls for", () => {
  const b = clone(FIXTURES.midgame);
  assert.equal(soundFor({ ...b, last: { kind: "move", move: ["4C", "stock", "waste"] } }, b), "turn");
  assert.equal(soundFor({ ...b, last: { kind: "move", move: ["4C", "cross:1", "foundation:2"] } }, b), "home");
  assert.equal(soundFor({ ...b, last: { kind: "move", move: ["4C", "cross:1", "cross:2"] } }, b), "move");
  assert.equal(soundFor({ ...b, status: "won", last: null }, b), "won");
  assert.equal(soundFor({ ...b, last: null }, b), null);
});

test("view options: the auto-home choice (safe, or every card as PySolFC) with what each costs", () => {
  const { q, model, win } = setup(FIXTURES.midgame, { card_face: "classic", table_colour: "green", sounds: false, auto_home_rule: "safe" });
  const rule = q('[data-role="auto-home-rule"]');
  assert.equal(rule.value, "safe");
  assert.equal(rule.disabled, false);
  assert.deepEqual([...rule.options].map((o) => o.value), ["safe", "all"]);
  const help = q('[data-role="auto-home-help"]').textContent;
  assert.match(help, /never costs a win/);
  assert.match(help, /PySolFC/);
  assert.match(help, /\d+ deals/);
  rule.value = "all";
  rule.dispatchEvent(new win.Event("change", { bubbles: true }));
  assert.equal(model.get("auto_home_rule"), "all"); // (this kernel takes no view_option intent)
  model.set("auto_home_rule", "safe"); // another view (or Python) chose it
  assert.equal(rule.value, "safe");
  // an older kernel without the choice: not offered
  const older = setup(FIXTURES.midgame);
  assert.equal(older.q('[data-role="auto-home-rule"]').disabled, true);
});
