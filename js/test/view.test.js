// The view: intents sent for clicks, double-clicks and keys; messages; replay; cleanup.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BoardView } from "../src/view.js";
import widget from "../src/widget.js";
import { clone, dom, FakeModel, FIXTURES } from "./helpers.js";

function setup(board = FIXTURES.midgame, extra = {}) {
  const win = dom();
  const el = win.document.createElement("div");
  win.document.body.appendChild(el);
  const model = new FakeModel({ board: clone(board), ...extra });
  const view = new BoardView(model, el);
  const q = (sel) => el.querySelector(sel);
  const click = (node) => node.dispatchEvent(new win.MouseEvent("click", { bubbles: true }));
  const dblclick = (node) => node.dispatchEvent(new win.MouseEvent("dblclick", { bubbles: true }));
  const key = (node, k, opts = {}) => node.dispatchEvent(new win.KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true, ...opts }));
  return { win, el, model, view, q, click, dblclick, key };
}

const topCardEl = (q, pile) => {
  const cards = q(`[data-pile="${pile}"]`).querySelectorAll("[data-card]");
  return cards[cards.length - 1];
};

test("the root suppresses notebook shortcuts and carries the status line", () => {
  const { q, el } = setup();
  const root = q(".fsw-root");
  assert.ok(root.hasAttribute("data-lm-suppress-shortcuts"));
  const status = q('[data-role="status"]');
  const b = FIXTURES.midgame;
  assert.match(status.textContent, new RegExp(`Moves ${b.ply}`));
  assert.match(status.textContent, new RegExp(`Home ${b.home}/52`));
  assert.match(status.textContent, new RegExp(`Stock ${b.stock}`));
  assert.match(status.textContent, new RegExp(`Base rank ${b.base}`));
  assert.equal(root.dataset.ply, String(b.ply));
  assert.ok(el.querySelector('[aria-live="polite"]'));
  for (const a of ["new", "restart", "undo", "redo", "hint", "auto_finish", "solve"]) {
    assert.equal(q(`[data-action="${a}"]`).tagName, "BUTTON", a);
  }
  assert.equal(q('[data-role="variant"]').tagName, "SELECT");
  assert.equal(q('[data-role="seed"]').value, `seed ${b.seed}`);
});

test("click a card, then a highlighted destination: a move intent with the version", () => {
  const { model, q, click } = setup();
  const b = FIXTURES.midgame;
  const [card, source, target] = b.legal.find(([c, s, t]) => c && s !== "stock" && !t.startsWith("foundation"))
    || b.legal.find(([c, s]) => c && s !== "stock");
  click(q(`[data-pile="${source}"] [data-card="${card}"]`));
  assert.ok(q(`[data-pile="${target}"]`).classList.contains("fsw-target"));
  assert.equal(model.sent.length, 0, "picking sends nothing");
  click(q(`[data-pile="${target}"]`));
  assert.deepEqual(model.sent, [{ type: "move", card, source, target, ply: b.ply, version: b.version }]);
  assert.equal(q(".fsw-target"), null, "the pick is put down");
});

test("a drop on a pile that is not highlighted is still asked, so Python can say why", () => {
  const { model, q, click } = setup(FIXTURES.variants.standard);
  const b = FIXTURES.variants.standard;
  // TC (cross:1) may go on the bottom pile; try the top pile instead
  click(q('[data-pile="cross:1"] [data-card="TC"]'));
  assert.ok(!q('[data-pile="foundation:0"]').classList.contains("fsw-target"));
  click(q('[data-pile="foundation:0"]'));
  assert.deepEqual(model.sent, [{ type: "move", card: "TC", source: "cross:1", target: "foundation:0", ply: 0, version: b.version }]);
});

test("clicking the stock turns it", () => {
  const { model, q, click } = setup();
  click(q('[data-pile="stock"]'));
  assert.equal(model.sent.length, 1);
  assert.equal(model.sent[0].type, "turn");
  assert.equal(model.sent[0].ply, FIXTURES.midgame.ply);
});

test("double-click sends a card home when a published move allows", () => {
  const b = clone(FIXTURES.variants.standard);
  const { model, q, dblclick } = setup(b);
  const home = b.legal.find(([, , t]) => t.startsWith("foundation"));
  dblclick(q(`[data-pile="${home[1]}"] [data-card="${home[0]}"]`));
  assert.equal(model.sent.length, 1);
  assert.deepEqual(model.sent[0], { type: "move", card: home[0], source: home[1], target: home[2], ply: 0, version: b.version });
});

test("keyboard: Enter picks, arrows move focus, Enter drops; letters are shortcuts", () => {
  const b = clone(FIXTURES.variants.standard);
  const { model, q, key, win, el } = setup(b);
  const centre = q('[data-pile="cross:1"]');
  centre.focus();
  key(centre, "Enter");
  assert.ok(q('[data-pile="cross:4"]').classList.contains("fsw-target"), "TC may go on the bottom pile");
  key(centre, "ArrowDown");
  assert.equal(win.document.activeElement.dataset.pile, "cross:4");
  key(win.document.activeElement, " ");
  assert.deepEqual(model.sent.at(-1), { type: "move", card: "TC", source: "cross:1", target: "cross:4", ply: 0, version: b.version });
  // a published legal move is drawn at once, while Python confirms; refused, Python's board is back
  assert.ok(q('[data-pile="cross:4"] [data-card="TC"]'), "drawn at once");
  assert.equal(q(".fsw-root").dataset.pending, "move");
  model.emit("msg:custom", { type: "refused", reason: "meant for an earlier position" });
  assert.ok(q('[data-pile="cross:1"] [data-card="TC"]'), "back where Python has it");
  assert.equal(q(".fsw-root").dataset.pending, undefined);
  const focus = q('[data-pile="waste"]');
  for (const [k, type] of [["t", "turn"], ["u", "undo"], ["y", "redo"], ["h", "hint"], ["a", "auto_finish"]]) {
    const ev = new win.KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true });
    focus.dispatchEvent(ev);
    assert.equal(model.sent.at(-1).type, type, k);
    assert.ok(ev.defaultPrevented, `${k} is handled by the game`);
    model.set("board", clone(model.get("board"))); // (Python answers: the next one may go)
  }
  key(focus, "z", { ctrlKey: true });
  assert.equal(model.sent.at(-1).type, "undo");
  // Escape puts a picked card back
  centre.focus();
  key(centre, "Enter");
  assert.ok(el.querySelector(".fsw-selected"));
  key(centre, "Escape");
  assert.equal(el.querySelector(".fsw-selected"), null);
  // typing in the seed box is not a shortcut
  const n = model.sent.length;
  key(q('[data-role="seed"]'), "t");
  assert.equal(model.sent.length, n);
});

test("a new board clears the pick and redraws; refusals show in the status and the live region", () => {
  const { model, q, click } = setup();
  const b = FIXTURES.midgame;
  const [card, source] = b.legal.find(([c, s]) => c && s !== "stock");
  click(q(`[data-pile="${source}"] [data-card="${card}"]`));
  assert.ok(q(".fsw-selected"));
  const next = clone(b);
  next.ply += 1;
  next.version += 1;
  model.set("board", next);
  assert.equal(q(".fsw-selected"), null);
  assert.equal(q(".fsw-root").dataset.ply, String(next.ply));
  model.set("message", "7♥ cannot go on 9♣: the cross builds down by one rank");
  model.set("message_kind", "refusal");
  model.set("message_serial", 5);
  const status = q('[data-role="status"]');
  assert.match(status.textContent, /cannot go on 9♣/);
  assert.ok(status.querySelector(".fsw-msg-refusal"));
  assert.match(q('[data-role="live"]').textContent, /cannot go on 9♣/);
});

test("won and lost show a clear banner", () => {
  const { q, model } = setup(FIXTURES.won);
  const banner = q('[data-role="banner"]');
  assert.equal(banner.hidden, false);
  assert.match(banner.textContent, /won/i);
  const lost = clone(FIXTURES.midgame);
  lost.status = "lost";
  lost.ui.banner = { kind: "lost", text: "Game lost (as Python says it)" };
  model.set("board", lost);
  assert.match(q('[data-role="banner"]').textContent, /lost/i);
  assert.equal(q('[data-role="banner"]').dataset.kind, "lost");
  assert.ok(q('[data-action="hint"]').disabled);
  assert.ok(q('[data-action="solve"]').disabled, "a proved loss needs no Solve");
});

test("toolbar buttons send their intents; undo is disabled when there is nothing to undo", () => {
  const { model, q, click } = setup(FIXTURES.variants.standard);
  assert.ok(q('[data-action="undo"]').disabled);
  const answer = () => model.set("busy", ""); // (Python answers: the next one may go)
  click(q('[data-action="hint"]'));
  answer();
  click(q('[data-action="solve"]'));
  answer();
  click(q('[data-action="new"]'));
  assert.deepEqual(model.sent.map((m) => m.type), ["hint", "solve", "new_game"]);
  assert.equal(model.sent[2].seed, null);
  const seed = q('[data-role="seed"]');
  seed.value = "ms42";
  click(q('[data-action="deal"]'));
  const dealt = model.sent.at(-1);
  assert.deepEqual([dealt.type, dealt.text, dealt.variant], ["deal_number", "ms42", "standard"]);
  const select = q('[data-role="variant"]');
  select.value = "czarina";
  select.dispatchEvent(new select.ownerDocument.defaultView.Event("change", { bubbles: true }));
  assert.equal(model.sent.at(-1).variant, "czarina");
});

test("four-colour deck: a view option set from the checkbox", () => {
  const { model, q, win } = setup();
  const box = q('[data-role="four-colour"]');
  box.checked = true;
  box.dispatchEvent(new win.Event("change", { bubbles: true }));
  assert.equal(model.get("four_colour"), true);
  assert.equal(model.saved, 1);
  assert.ok(q(".fsw-root").classList.contains("fsw-four-colour"));
});

test("replay: frames drawn in the browser, stepped, and left for the live game", () => {
  const { model, q, click } = setup(FIXTURES.replay_board);
  const replay = clone(FIXTURES.replay);
  model.set("replay", replay);
  const root = q(".fsw-root");
  assert.equal(root.dataset.mode, "replay");
  assert.equal(q('[data-role="replay"]').hidden, false);
  const slider = q('[data-role="replay-slider"]');
  assert.equal(slider.max, String(replay.frames.length - 1));
  const homeAt = () => [...q(".fsw-board").querySelectorAll('[data-pile^="foundation"] [data-card]')].length;
  assert.equal(homeAt(), replay.frames[0].home);
  const playButton = q('[data-replay="play"]');
  assert.ok(playButton.querySelector("svg path"), "icons are inline SVG, not font glyphs");
  assert.equal(playButton.dataset.icon, "play");
  click(playButton);
  assert.equal(playButton.dataset.icon, "pause");
  assert.equal(playButton.getAttribute("aria-label"), "pause");
  click(playButton);
  assert.equal(playButton.dataset.icon, "play");
  click(q('[data-replay="first"]'));
  click(q('[data-replay="next"]'));
  assert.equal(slider.value, "1");
  assert.equal(homeAt(), replay.frames[1].home);
  click(q('[data-replay="last"]'));
  assert.equal(homeAt(), 52);
  assert.match(q('[data-role="status"]').textContent, /Replay/);
  // no intents while replaying: clicking the board does nothing
  click(q('[data-pile="stock"]'));
  assert.equal(model.sent.length, 0);
  click(q('[data-replay="leave"]'));
  assert.equal(root.dataset.mode, "live");
  assert.equal(homeAt(), replay.frames[0].home);
  assert.equal(q('[data-replay="enter"]').hidden, false, "the line can be watched again");
  model.set("replay", {});
  assert.equal(q('[data-replay="enter"]').hidden, true);
});

test("render returns a cleanup that removes the view and its listeners", () => {
  const win = dom();
  const el = win.document.createElement("div");
  const model = new FakeModel({ board: clone(FIXTURES.midgame) });
  const cleanup = widget.render({ model, el });
  assert.ok(el.querySelector(".fsw-root"));
  assert.ok(model.listenerCount() > 0);
  cleanup();
  assert.equal(el.querySelector(".fsw-root"), null);
  assert.equal(model.listenerCount(), 0);
  assert.equal(typeof widget.initialize, "function");
});
