// The drag image's placement and the popovers' fitting: pure arithmetic, plus the view's wiring.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ghostPlace, makeGhost, measureOrigin } from "../src/drag.js";
import { fitPopover, shiftInto, visibleSpan } from "../src/popover.js";
import { BoardView } from "../src/view.js";
import { clone, dom, FakeModel, FIXTURES } from "./helpers.js";

const rect = (left, top, width, height) => ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top });

test("the grab point stays under the pointer whatever the containing block's origin", () => {
  const grab = { x: 30, y: 12 };
  for (const origin of [{ x: 0, y: 0 }, { x: 250, y: 70 }, { x: -40, y: 900 }]) {
    const p = ghostPlace({ x: 500, y: 300 }, grab, origin);
    // the image's client box starts at origin + (left, top): the grab point is at the pointer
    assert.equal(origin.x + p.left + grab.x, 500);
    assert.equal(origin.y + p.top + grab.y, 300);
  }
});

test("measureOrigin reads the containing block's origin from the placed box", () => {
  const el = { style: { left: "40px", top: "15px" }, getBoundingClientRect: () => rect(290, 85, 60, 84) };
  assert.deepEqual(measureOrigin(el), { x: 250, y: 70 });
});

test("makeGhost places the copy so that the grabbed point follows the pointer (offset host)", () => {
  const win = dom();
  const doc = win.document;
  const host = doc.createElement("div");
  doc.body.appendChild(host);
  const card = doc.createElement("div");
  card.dataset.card = "7H";
  // (a waste card, fanned third: its place in the waste must not follow it into the image)
  card.style.setProperty("--fsw-wk", "2");
  card.style.setProperty("--fsw-k", "5");
  host.appendChild(card);
  // the host sits at (250, 70) and is the containing block: a placed element's client box is
  // host origin + its left/top
  host.getBoundingClientRect = () => rect(250, 70, 800, 600);
  card.getBoundingClientRect = () => rect(400, 200, 60, 84);
  const realAppend = host.appendChild.bind(host);
  host.appendChild = (el) => {
    el.getBoundingClientRect = () => rect(250 + parseFloat(el.style.left), 70 + parseFloat(el.style.top), 60, 84);
    return realAppend(el);
  };
  const g = makeGhost(doc, host, [card], { x: 420, y: 230 });
  assert.deepEqual(g.grab, { x: 20, y: 30 });
  g.move(700, 500);
  const box = g.el.getBoundingClientRect();
  assert.equal(box.left + g.grab.x, 700);
  assert.equal(box.top + g.grab.y, 500);
  assert.equal(g.el.querySelector("[data-card]"), null, "the copy is not a card of the DOM contract");
  const copy = g.el.firstElementChild;
  assert.equal(copy.style.getPropertyValue("--fsw-wk") + copy.style.getPropertyValue("--fsw-k"), "",
    "the copy lies at the image's corner, not at its place in the waste or the fan");
  g.remove();
  assert.equal(host.querySelector(".fsw-ghost"), null);
});

test("shiftInto keeps a panel within the span, left edge first when too wide", () => {
  assert.equal(shiftInto(rect(-167, 0, 300, 100), 8, 1272), 175);
  assert.equal(shiftInto(rect(1100, 0, 300, 100), 8, 1272), -128);
  assert.equal(shiftInto(rect(100, 0, 300, 100), 8, 1272), 0);
  assert.equal(shiftInto(rect(50, 0, 500, 100), 8, 408), -42);
});

test("visibleSpan is the viewport within the board's box", () => {
  const win = { innerWidth: 1280 };
  const root = { getBoundingClientRect: () => rect(300, 0, 420, 500) };
  assert.deepEqual(visibleSpan(win, root), { lo: 300, hi: 720 });
  assert.deepEqual(visibleSpan(win, null), { lo: 8, hi: 1272 });
});

test("fitPopover translates a panel that starts off the left edge back into view", () => {
  const win = dom();
  const panel = win.document.createElement("dl");
  let shift = 0;
  panel.getBoundingClientRect = () => rect(-167 + shift, 40, 380, 200);
  const root = { getBoundingClientRect: () => rect(0, 0, 420, 800) };
  Object.defineProperty(win, "innerWidth", { value: 420 });
  const dx = fitPopover(win, root, panel);
  assert.equal(dx, 175); // the span starts at the 8 px margin (the board's box starts at 0)
  assert.equal(panel.style.translate, `${Math.round(dx)}px 0`);
  assert.equal(panel.style.maxWidth, "404px");
});

test("a click on the felt gives the board the keyboard: T then turns the stock", () => {
  const win = dom();
  const el = win.document.createElement("div");
  win.document.body.appendChild(el);
  const outside = win.document.createElement("button");
  win.document.body.appendChild(outside);
  const model = new FakeModel({ board: clone(FIXTURES.midgame) });
  const view = new BoardView(model, el);
  outside.focus();
  const felt = el.querySelector('[data-role="felt"]');
  assert.equal(felt.getAttribute("tabindex"), "-1");
  felt.dispatchEvent(new win.MouseEvent("click", { bubbles: true }));
  assert.equal(win.document.activeElement, felt);
  felt.dispatchEvent(new win.KeyboardEvent("keydown", { key: "t", bubbles: true, cancelable: true }));
  assert.equal(model.sent.at(-1).type, "turn");
  view.destroy();
});
