// The banner shows what Python's board.ui says (its text verbatim, its offers as buttons that
// send offer intents) and nothing of its own; the question before a new deal over a game in
// progress is Python's too; the message row holds one thing at a time; the board without a
// kernel.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { bannerInfo, NO_KERNEL_TEXT } from "../src/banner.js";
import { BoardView } from "../src/view.js";
import { clone, dom, FakeModel, FIXTURES } from "./helpers.js";

function setup(board, extra = {}, modelOpts = {}) {
  const win = dom();
  const el = win.document.createElement("div");
  win.document.body.appendChild(el);
  const model = new FakeModel({ board: clone(board), ...extra });
  Object.assign(model, modelOpts);
  const view = new BoardView(model, el);
  const q = (sel) => el.querySelector(sel);
  const click = (node) => node.dispatchEvent(new win.MouseEvent("click", { bubbles: true }));
  return { win, el, model, view, q, click };
}

const withBanner = (board, banner, offers = []) => ({ ...clone(board), ui: { ...clone(board.ui), banner, offers } });
const shown = (q) => {
  const banner = q('[data-role="banner"]');
  return {
    kind: banner.dataset.kind,
    text: q('[data-role="banner-text"]').textContent,
    buttons: [...banner.querySelectorAll("button")].map((x) => [x.dataset.offer, x.textContent, x.disabled]),
    visible: !banner.hidden && !banner.closest("[hidden]"),
  };
};

test("the banner shows Python's text and offers verbatim, whatever they say", () => {
  // an arbitrary text and arbitrary labels: a view that composed its own would not show these
  const b = withBanner(FIXTURES.midgame, { kind: "lost", text: "Zebra 42: the front end did not write this." },
    [{ id: "undo", label: "Take it back", enabled: false }, { id: "next_deal", label: "Another one", enabled: true }]);
  const { model, view, q, click } = setup(b);
  assert.deepEqual(shown(q), { kind: "lost", text: "Zebra 42: the front end did not write this.",
    buttons: [["undo", "Take it back", true], ["next_deal", "Another one", false]], visible: true });
  assert.equal(q('[data-role="banner"]').getAttribute("aria-live"), "polite");
  assert.equal(q('[data-role="tray"]').dataset.showing, "banner");
  click(q('[data-offer="undo"]')); // disabled: nothing sent
  assert.equal(model.sent.length, 0);
  click(q('[data-offer="next_deal"]'));
  assert.deepEqual(model.sent.at(-1), { type: "offer", id: "next_deal", ply: b.ply, version: b.version });
  view.destroy();
});

test("no banner when Python publishes none, even on a won or lost board, nor without a ui", () => {
  for (const [status, ply] of [["won", 178], ["lost", 12], ["lost", 0]]) {
    const b = withBanner(FIXTURES.won, null, [{ id: "next_deal", label: "Next deal", enabled: true }]);
    Object.assign(b, { status, ply });
    const { view, q } = setup(b);
    assert.deepEqual(shown(q), { kind: "", text: "", buttons: [], visible: true }, `${status} at ${ply}`);
    assert.equal(q('[data-role="tray"]').dataset.showing, "");
    view.destroy();
  }
  const older = clone(FIXTURES.won);
  delete older.ui;
  const { view, q } = setup(older);
  assert.equal(shown(q).text, "");
  view.destroy();
  assert.equal(bannerInfo(null), null);
  assert.equal(bannerInfo({ banner: { kind: "won", text: "" }, offers: [] }), null);
  assert.equal(bannerInfo(FIXTURES.won.ui, { live: false }), null, "not over a replay");
  assert.equal(bannerInfo(FIXTURES.won.ui, { offline: true }).text, NO_KERNEL_TEXT);
  assert.equal(bannerInfo({ banner: { kind: "<script>", text: "x" } }).kind, "info");
});

test("Python's own banner texts are nowhere in the front end's source", () => {
  const src = new URL("../src/", import.meta.url);
  const code = readdirSync(src).filter((f) => f.endsWith(".js")).map((f) => readFileSync(new URL(f, src), "utf8")).join("\n");
  const texts = [FIXTURES.won.ui.banner.text, FIXTURES.asking.ui.banner.text];
  for (const t of [...texts, "You won", "cannot be won", "Game lost", "unfinished game", "will be given up"]) {
    assert.ok(!code.includes(t), `the JS composes "${t}" itself`);
  }
  // the offers' labels, as the label of a button of the view's own
  for (const t of ["Play again", "Next deal", "Resume it", "Not now", "Deal anyway", "Keep playing"]) {
    for (const lit of [`"${t}"`, `'${t}'`, `\`${t}\``]) assert.ok(!code.includes(lit), `the JS labels a button ${lit} itself`);
  }
});

test("New deal and a variant switch ask Python ({ask: true}); the question is Python's banner", () => {
  const b = clone(FIXTURES.midgame);
  assert.ok(b.ply > 0 && b.status === "playing");
  const { model, view, q, click } = setup(b);
  click(q('[data-action="new"]'));
  assert.deepEqual(model.sent.at(-1), { type: "new_game", seed: null, variant: "standard", ask: true });
  assert.equal(q('[data-role="confirm"]'), null, "no question of the view's own");
  assert.equal(shown(q).text, "");
  // Python asks: its banner and its two offers; the answer that keeps the game has the keyboard
  model.set("board", clone(FIXTURES.asking));
  assert.deepEqual(shown(q), { kind: "confirm", text: FIXTURES.asking.ui.banner.text,
    buttons: [["confirm", "Deal anyway", false], ["cancel", "Keep playing", false]], visible: true });
  assert.equal(view.doc.activeElement, q('[data-offer="cancel"]'));
  click(q('[data-offer="confirm"]'));
  assert.deepEqual(model.sent.at(-1), { type: "offer", id: "confirm", ply: FIXTURES.asking.ply, version: FIXTURES.asking.version });
  // a variant switch: the picker shows Python's ui.picker until the new game is dealt
  const select = q('[data-role="variant"]');
  select.value = "czarina";
  select.dispatchEvent(new (select.ownerDocument.defaultView.Event)("change", { bubbles: true }));
  assert.equal(select.value, "standard");
  assert.deepEqual(model.sent.at(-1), { type: "new_game", seed: b.seed, variant: "czarina", ask: true });
  q('[data-role="seed"]').value = "617";
  click(q('[data-action="deal"]'));
  assert.deepEqual(model.sent.at(-1), { type: "deal_number", text: "617", variant: "standard", ask: true, ply: b.ply, version: b.version });
  view.destroy();
});

test("the message row holds one thing at a time: the replay, else the demo, else the banner", () => {
  const b = withBanner(FIXTURES.replay_board, { kind: "info", text: "Python says hello" });
  b.demo = { running: true, paused: true, step: 3, of: 40, speed_ms: 700 };
  const { model, view, q } = setup(b);
  const tray = q('[data-role="tray"]');
  const vis = (role) => !q(`[data-role="${role}"]`).hidden;
  assert.equal(tray.dataset.showing, "demo");
  assert.ok(vis("demo") && !vis("banner") && !vis("replay"));
  model.set("replay", { ...clone(FIXTURES.replay), autoplay: true });
  assert.equal(tray.dataset.showing, "replay");
  assert.ok(vis("replay") && !vis("demo") && !vis("banner"));
  view.replay.leave();
  model.set("board", { ...clone(b), demo: null, version: b.version + 1 });
  assert.equal(tray.dataset.showing, "banner");
  assert.ok(vis("banner") && !vis("demo") && !vis("replay"));
  // the bars and the banner are all inside the row, and nothing else is
  assert.deepEqual([...tray.children].map((c) => c.dataset.role).sort(), ["banner", "demo", "replay"]);
  // inside the felt, in the room under the waste beside the piles (the side column's slot)
  assert.ok(tray.closest('[data-role="felt"]'), "the row lies inside the felt");
  assert.ok(tray.parentElement.matches(".fsw-tray-slot") && tray.closest('[data-role="side"]'), "in the room under the waste");
  view.destroy();
});

test("with no kernel the board says so, greys out what needs Python and sends nothing", async () => {
  // (a board that names no deal the page could play: see engine_local.test.js for one that does)
  const { win, model, view, q, click } = setup({ ...FIXTURES.midgame, seed: null, pysol: null }, {}, { kernel: false });
  view.kernel.timeout = 0;
  view.kernel.ping();
  await new Promise((r) => win.setTimeout(r, 20));
  assert.equal(q(".fsw-root").dataset.kernel, "none");
  const banner = q('[data-role="banner"]');
  assert.equal(banner.hidden, false);
  assert.match(banner.textContent, /playing needs Python/);
  for (const a of ["new", "deal", "undo", "hint", "auto_finish", "solve"]) {
    assert.ok(q(`[data-action="${a}"]`).disabled, a);
  }
  assert.ok(q('[data-role="variant"]').disabled);
  click(q('[data-pile="stock"]'));
  assert.equal(model.sent.length, 0);
  assert.match(q('[data-role="status"]').textContent, /needs Python/);
  // a late answer: the kernel is there after all
  model.emit("msg:custom", { type: "pong" });
  assert.equal(q(".fsw-root").dataset.kernel, "live");
  assert.ok(!q('[data-action="hint"]').disabled);
  view.destroy();
});

test("the Cancel button shows while the kernel searches, and sends cancel", () => {
  const { model, view, q, click } = setup(FIXTURES.midgame);
  const cancel = q('[data-action="cancel"]');
  assert.equal(cancel.hidden, true);
  model.set("busy", "solve");
  assert.equal(cancel.hidden, false);
  assert.match(q('[data-role="status"]').textContent, /Solving/);
  click(cancel);
  assert.equal(model.sent.at(-1).type, "cancel");
  const n = model.sent.length;
  q('[data-pile="stock"]').dispatchEvent(new (q(".fsw-root").ownerDocument.defaultView.KeyboardEvent)("keydown", { key: "Escape", bubbles: true, cancelable: true }));
  assert.equal(model.sent.length, n + 1, "Escape stops the search too");
  assert.equal(model.sent.at(-1).type, "cancel");
  model.set("busy", "");
  assert.equal(cancel.hidden, true);
  view.destroy();
});

test("Escape answers the banner's question No: Keep playing", () => {
  const { model, view, q } = setup(FIXTURES.midgame);
  const esc = () => q('[data-pile="stock"]').dispatchEvent(
    new (q(".fsw-root").ownerDocument.defaultView.KeyboardEvent)("keydown", { key: "Escape", bubbles: true, cancelable: true }));
  const n = model.sent.length;
  esc();
  assert.equal(model.sent.length, n, "no question asked: Escape sends nothing");
  model.set("board", clone(FIXTURES.asking));
  esc();
  assert.deepEqual(model.sent.at(-1), { type: "offer", id: "cancel", ply: FIXTURES.asking.ply, version: FIXTURES.asking.version });
  view.destroy();
});

test("the banner's class is its own: never the side column's fsw-info (whose pointer-events: none took its buttons)", () => {
  const b = withBanner(FIXTURES.midgame, { kind: "info", text: "The same deal again. Your game (move 9, lost) is kept." },
    [{ id: "my_game", label: "Back to my game", enabled: true }]);
  const { q } = setup(b);
  const banner = q('[data-role="banner"]');
  assert.ok(banner.classList.contains("fsw-banner-info"));
  assert.ok(!banner.classList.contains("fsw-info"), banner.className);
  const css = readFileSync(new URL("../src/styles.css", import.meta.url), "utf8");
  // every banner kind is styled by its own class
  for (const kind of ["info", "won", "lost", "confirm", "resume", "offline"]) {
    assert.match(css, new RegExp(`\\.fsw-banner\\.fsw-banner-${kind}\\b`), kind);
  }
  assert.doesNotMatch(css, /\.fsw-banner\.fsw-(info|won|lost|confirm|resume|offline)\b/);
});

test("after How could it have been won?, one clear way back: Back to my game is the primary button, the other is Play this deal", () => {
  const b = withBanner(FIXTURES.midgame, { kind: "info", text: "The solver's winning line is on the replay." },
    [{ id: "my_game", label: "Back to my game", enabled: true }]);
  const { model, q, click } = setup(b);
  model.set("replay", clone(FIXTURES.replay));
  const mine = q('[data-replay="my_game"]');
  const leave = q('[data-replay="leave"]');
  assert.equal(mine.hidden, false);
  assert.equal(mine.textContent, "Back to my game");
  assert.ok(mine.classList.contains("fsw-primary"));
  assert.equal(leave.textContent, "Play this deal");
  assert.ok(!leave.classList.contains("fsw-primary"));
  click(mine);
  assert.deepEqual([model.sent.at(-1).type, model.sent.at(-1).id], ["offer", "my_game"]);
  // a plain replay (Solve): the one way back is "Back to the game"
  const plain = setup(FIXTURES.midgame);
  plain.model.set("replay", clone(FIXTURES.replay));
  assert.equal(plain.q('[data-replay="my_game"]').hidden, true);
  assert.equal(plain.q('[data-replay="leave"]').textContent, "Back to the game");
  assert.ok(plain.q('[data-replay="leave"]').classList.contains("fsw-primary"));
});

test("a refusal of How could it have been won? is said in the Stats panel, where the player looks", () => {
  const b = { ...clone(FIXTURES.midgame), history: [{ id: 5, result: "lost", variant: "standard", deal: "seed 2", moves: 40, seconds: 60, date: "2026-12-01T09:12:00" }] };
  const { model, q, click } = setup(b);
  click(q('[data-role="stats"] > summary'));
  click(q('[data-action="how_won"]'));
  const sent = model.sent.at(-1);
  assert.deepEqual([sent.type, sent.id, sent.ask], ["how_won", 5, true]);
  model.emit("msg:custom", { type: "refused", reason: "the solver is busy with a hint: wait, or cancel it", intent: "how_won" });
  const note = q('[data-role="stats-refusal"]');
  assert.equal(note.hidden, false);
  assert.match(note.textContent, /solver is busy/);
});

test("a refusal's reason is not replaced by a hint's word before it can be read", () => {
  const { model, q } = setup(FIXTURES.midgame);
  const say = (message, kind) => {
    model.set("message_kind", kind);
    model.set("message", message);
    model.set("message_serial", (model.get("message_serial") || 0) + 1);
  };
  say("9♣ cannot go on 7♥: the cross builds down by one rank", "refusal");
  say("Hint: move the 4♣ home", "hint");
  const kept = q('[data-role="refusal-kept"]');
  assert.ok(kept, "the refusal stays in sight beside the hint");
  assert.match(kept.textContent, /cannot go on/);
  assert.match(q('[data-role="message"]').textContent, /Hint/);
  // a move said next: the refusal has had its moment
  say("Moved the 4♣ home", "move");
  assert.equal(q('[data-role="refusal-kept"]'), null);
});
