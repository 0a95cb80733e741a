// The banner's words and buttons, the in-board confirmation, and the board without a kernel.
import assert from "node:assert/strict";
import { test } from "node:test";
import { bannerFor, bannerIntent, inProgress, NO_KERNEL_TEXT } from "../src/banner.js";
import { BoardView } from "../src/view.js";
import { clone, dom, FakeModel, FIXTURES } from "./helpers.js";

test("won and lost banners offer Play again and Next deal; none while playing", () => {
  const won = bannerFor({ status: "won" });
  assert.equal(won.kind, "won");
  assert.deepEqual(won.actions.map((a) => a.label), ["Play again", "Next deal"]);
  const lost = bannerFor({ status: "lost", ply: 12 });
  assert.equal(lost.kind, "lost");
  assert.deepEqual(lost.actions.map((a) => a.label), ["Play again", "Next deal"]);
  assert.match(lost.text, /Undo/);
  // lost at the deal: no undo to offer, and the same deal again would be lost again
  const atDeal = bannerFor({ status: "lost", ply: 0 });
  assert.equal(atDeal.kind, "lost");
  assert.deepEqual(atDeal.actions.map((a) => a.label), ["Next deal"]);
  assert.doesNotMatch(atDeal.text, /Undo/);
  assert.equal(bannerFor({ status: "playing" }), null);
  assert.equal(bannerFor({ status: "won" }, { live: false }), null, "not over a replay");
  assert.equal(bannerFor({ status: "playing" }, { offline: true }).text, NO_KERNEL_TEXT);
});

test("Play again deals the same seed (or restarts a custom deal); Next deal a new one", () => {
  assert.deepEqual(bannerIntent("again", { seed: 7, variant: "czarina" }), { type: "new_game", seed: 7, variant: "czarina" });
  assert.deepEqual(bannerIntent("again", { seed: null, variant: "standard" }), { type: "restart" });
  assert.deepEqual(bannerIntent("next", { seed: 7, variant: "corners" }), { type: "new_game", seed: null, variant: "corners" });
  assert.ok(inProgress({ status: "playing", ply: 3 }));
  assert.ok(!inProgress({ status: "playing", ply: 0 }) && !inProgress({ status: "won", ply: 90 }));
});

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

test("New deal on a game in progress asks inside the board; Keep playing sends nothing", () => {
  const b = clone(FIXTURES.midgame);
  assert.ok(b.ply > 0 && b.status === "playing");
  const { model, view, q, click } = setup(b);
  click(q('[data-action="new"]'));
  const bar = q('[data-role="confirm"]');
  assert.equal(bar.hidden, false);
  assert.match(bar.textContent, /given up/);
  assert.equal(model.sent.length, 0);
  click(q('[data-confirm="no"]'));
  assert.equal(bar.hidden, true);
  assert.equal(model.sent.length, 0);
  click(q('[data-action="new"]'));
  click(q('[data-confirm="yes"]'));
  assert.equal(model.sent.at(-1).type, "new_game");
  // a variant switch asks too, and the picker shows the game's variant until it is dealt
  const select = q('[data-role="variant"]');
  select.value = "czarina";
  select.dispatchEvent(new (select.ownerDocument.defaultView.Event)("change", { bubbles: true }));
  assert.equal(select.value, b.variant);
  assert.equal(bar.hidden, false);
  click(q('[data-confirm="yes"]'));
  assert.deepEqual(model.sent.at(-1).variant, "czarina");
  view.destroy();
});

test("the won banner's Next deal sends a new game at once", () => {
  const b = clone(FIXTURES.midgame);
  b.status = "won";
  delete b.ui; // (an older kernel: the view works the banner out itself; see comforts.test.js)
  const { model, view, q, click } = setup(b);
  const banner = q('[data-role="banner"]');
  assert.equal(banner.hidden, false);
  click(banner.querySelector('[data-banner="next"]'));
  assert.equal(model.sent.at(-1).type, "new_game");
  view.destroy();
});

test("with no kernel the board says so, greys out what needs Python and sends nothing", async () => {
  const { win, model, view, q, click } = setup(FIXTURES.midgame, {}, { kernel: false });
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
