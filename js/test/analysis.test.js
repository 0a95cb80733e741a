// The "Where did I go wrong?" panel: drawn from the analysis trait, intents sent, the
// reviewed move marked on the board.
import assert from "node:assert/strict";
import { test } from "node:test";
import { cardName } from "../src/cards.js";
import { BoardView } from "../src/view.js";
import { clone, dom, FakeModel, FIXTURES } from "./helpers.js";

function setup(board, analysis = {}) {
  const win = dom();
  const el = win.document.createElement("div");
  win.document.body.appendChild(el);
  const model = new FakeModel({ board: clone(board), analysis });
  const view = new BoardView(model, el);
  const q = (sel) => el.querySelector(sel);
  const click = (node) => node.dispatchEvent(new win.MouseEvent("click", { bubbles: true }));
  return { win, el, model, view, q, click };
}

// An analysis of a game whose move `ply` (the board's current ply) is the turning point:
// the move played and the better move are legal moves of the fixture's position.
function analysisFor(board) {
  const legal = board.legal.filter(([c, s]) => c && s !== "stock");
  const played = legal[0];
  const better = legal.find((m) => m[0] !== played[0]) || legal[1];
  const n = board.ply + 3;
  const moves = Array.from({ length: n }, (_, i) => (i === board.ply
    ? [...played, `${played[0]} x>y`, "the move played"] : ["4C", "stock", "waste", `m${i}`, `move ${i}`]));
  const verdicts = Array.from({ length: n + 1 }, (_, i) => (i <= board.ply ? "won" : i === n ? "lost" : "unknown"));
  return {
    state: "done", plies: n, moves, verdicts, turning_point: board.ply, played, better,
    proved: false, lost_from: n, complete: true, examined: 7, text: "After move X no win was found", review: null,
  };
}

test("before any analysis: the button asks for one", () => {
  const b = FIXTURES.midgame;
  const { q, click, model } = setup(b);
  const btn = q('[data-role="analysis"] [data-action="analyse"]');
  assert.equal(btn.tagName, "BUTTON");
  assert.equal(btn.textContent, "Where did I go wrong?");
  assert.equal(btn.disabled, false);
  assert.ok(q('[data-role="move-list"]').hidden);
  click(btn);
  assert.deepEqual(model.sent, [{ type: "analyse", ply: b.ply, version: b.version }]);
});

test("nothing played yet: the button is disabled", () => {
  const { q } = setup(FIXTURES.variants.standard);
  assert.equal(q('[data-action="analyse"]').disabled, true);
});

test("while it runs: progress, a Stop button, the board stays playable", () => {
  const b = FIXTURES.midgame;
  const { q, click, model } = setup(b, { state: "running", plies: 80, examined: 3 });
  assert.match(q('[data-role="analysis-state"]').textContent, /3 positions examined/);
  assert.ok(q('[data-action="analyse"]').hidden);
  const stop = q('[data-action="analysis_stop"]');
  assert.equal(stop.hidden, false);
  click(stop);
  assert.equal(model.sent.at(-1).type, "analysis_stop");
  // a move can still be made on the board
  const [card, source, target] = b.legal.find(([c, s, t]) => c && s !== "stock" && t !== s);
  click(q(`[data-pile="${source}"] [data-card="${card}"]`));
  click(q(`[data-pile="${target}"]`));
  assert.deepEqual(model.sent.at(-1), { type: "move", card, source, target, ply: b.ply, version: b.version });
});

test("the move list: one button per move, verdict marks, the turning point flagged", () => {
  const b = FIXTURES.midgame;
  const a = analysisFor(b);
  const { q, el } = setup(b, a);
  const items = el.querySelectorAll('[data-role="move-list"] button[data-ply]');
  assert.equal(items.length, a.plies);
  const marker = q('[data-role="turning-point"]');
  assert.equal(marker.dataset.ply, String(b.ply));
  // no win found after it, nothing proved: no "went wrong here" (issue 35, item 8)
  assert.match(marker.getAttribute("aria-label"), new RegExp(`^Move ${b.ply + 1}: the move played; no win found after it, not proved lost$`));
  assert.ok(!marker.classList.contains("fsw-mv-turning"));
  assert.equal(marker.querySelector(".fsw-mv-flag"), null);
  assert.equal(items[0].querySelector(".fsw-mv-mark").textContent, "✓");
  assert.equal(items[a.plies - 1].querySelector(".fsw-mv-mark").textContent, "✗");
  assert.equal(marker.getAttribute("aria-current"), "step", "the board is at the turning point's position");
  assert.equal(q('[data-role="analysis-text"]').textContent, a.text);
  assert.ok(q('[data-action="analyse"]').hidden, "analysed already: a heading instead of the button");
  assert.equal(q(".fsw-analysis-title").hidden, false);
});

test("an analysis cut short offers to look longer", () => {
  const b = FIXTURES.midgame;
  const { q, click, model } = setup(b, { ...analysisFor(b), complete: true });
  assert.ok(q('[data-action="analyse_longer"]').hidden);
  model.set("analysis", { ...analysisFor(b), complete: false });
  const longer = q('[data-action="analyse_longer"]');
  assert.equal(longer.hidden, false);
  click(longer);
  assert.deepEqual(model.sent, [{ type: "analyse", longer: true, ply: b.ply, version: b.version }]);
});

test("a click on the marker sends a review intent for that ply", () => {
  const b = FIXTURES.midgame;
  const { q, click, model } = setup(b, analysisFor(b));
  click(q('[data-role="turning-point"]'));
  assert.deepEqual(model.sent, [{ type: "review", at: b.ply, ply: b.ply, version: b.version }]);
});

test("the list is one tab stop; arrow keys, Home and End move along it", () => {
  const b = FIXTURES.midgame;
  const { q, el, win, model } = setup(b, analysisFor(b));
  const items = [...el.querySelectorAll('[data-role="move-list"] button[data-ply]')];
  assert.deepEqual(items.filter((x) => x.tabIndex === 0), [q('[data-role="turning-point"]')]);
  const marker = q('[data-role="turning-point"]');
  marker.focus();
  marker.dispatchEvent(new win.KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true, cancelable: true }));
  assert.equal(win.document.activeElement, items[b.ply + 1]);
  assert.equal(items[b.ply + 1].tabIndex, 0);
  assert.equal(marker.tabIndex, -1);
  items[b.ply + 1].dispatchEvent(new win.KeyboardEvent("keydown", { key: "Home", bubbles: true, cancelable: true }));
  assert.equal(win.document.activeElement, items[0]);
  assert.equal(model.sent.length, 0, "moving along the list sends nothing");
});

test("the reviewed position: the move played and the winning move marked on the board", () => {
  const b = FIXTURES.midgame;
  const a = analysisFor(b);
  const { q, model, el } = setup(b, a);
  assert.equal(el.querySelector(".fsw-played-from, .fsw-better-from"), null);
  model.set("analysis", { ...a, review: { at: b.ply, played: a.played, better: a.better, verdict: "won" } });
  const [pc, ps, pt] = a.played;
  const [bc, bs, bt] = a.better;
  assert.ok(q(`[data-pile="${ps}"] [data-card="${pc}"]`).classList.contains("fsw-played-from"));
  assert.ok(q(`[data-pile="${pt}"]`).classList.contains("fsw-played-to"));
  assert.ok(q(`[data-pile="${bs}"] [data-card="${bc}"]`).classList.contains("fsw-better-from"));
  assert.ok(q(`[data-pile="${bt}"]`).classList.contains("fsw-better-to"));
  assert.equal(el.querySelectorAll(".fsw-played-from").length, 1);
  const note = q('[data-role="analysis-review"]');
  assert.equal(note.hidden, false);
  assert.ok(note.textContent.includes(`the move played here: ${cardName(pc)} from ${b.pile_labels[ps]} to ${b.pile_labels[pt]}`), note.textContent);
  // the board moves on (another ply): the marks go
  model.set("board", { ...clone(b), ply: b.ply + 1, version: b.version + 1 });
  assert.equal(el.querySelector(".fsw-played-from, .fsw-better-from, .fsw-played-to, .fsw-better-to"), null);
  assert.ok(q('[data-role="analysis-review"]').hidden);
});

test("a winning line published for the review waits for Watch, then replays", () => {
  const b = FIXTURES.midgame;
  const { q, model, view } = setup(b, analysisFor(b));
  const frames = [clone(b), clone(b)];
  model.set("replay", { version: b.version, frames, moves: [["4C", "stock", "waste", "turn"]], autoplay: false });
  assert.equal(view.replayIndex, null, "not started by itself");
  const watch = q('[data-replay="enter"]');
  assert.equal(watch.hidden, false);
  watch.dispatchEvent(new view.win.MouseEvent("click", { bubbles: true }));
  assert.equal(view.replayIndex, 0);
  assert.ok(q('[data-role="turning-point"]').disabled, "the list waits while the replay shows");
});

test("destroy removes the panel and its listeners", () => {
  const b = FIXTURES.midgame;
  const { view, el, model } = setup(b, analysisFor(b));
  view.destroy();
  assert.equal(el.querySelector('[data-role="analysis"]'), null);
  assert.equal(model.listenerCount(), 0);
});

test("went wrong here: only on a move proved to have lost the game", () => {
  const b = FIXTURES.midgame;
  const a = analysisFor(b);
  a.verdicts = a.verdicts.map((v, i) => (i === b.ply + 1 ? "lost" : v));
  a.proved = true;
  const { q } = setup(b, a);
  const marker = q('[data-role="turning-point"]');
  assert.match(marker.getAttribute("aria-label"), /Here it went wrong$/);
  assert.ok(marker.classList.contains("fsw-mv-turning"));
  assert.equal(marker.querySelector(".fsw-mv-flag").textContent, "went wrong here");
});
