// The board on a static page (an HTML export): it knows at once that no kernel is behind it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { KernelWatch, staticPage } from "../src/kernel.js";
import { dom } from "./helpers.js";

function fakeModel(manager) {
  const sent = [];
  return { sent, widget_manager: manager, send: (m) => sent.push(m), on() {}, off() {} };
}

function withState(win) {
  const s = win.document.createElement("script");
  s.type = "application/vnd.jupyter.widget-state+json";
  s.textContent = "{}";
  win.document.head.append(s);
}

test("a page with embedded widget state and no kernel is static; a notebook page is not", () => {
  const win = dom();
  assert.equal(staticPage(fakeModel({}), win), false); // JupyterLab: no embedded state
  withState(win);
  assert.equal(staticPage(fakeModel({}), win), true); // the html-manager has no kernel
  assert.equal(staticPage(fakeModel({ kernel: { id: "k" } }), win), false);
});

test("on a static page the board says 'no kernel' on the next tick and never pings", async () => {
  const win = dom();
  withState(win);
  const model = fakeModel({});
  const seen = [];
  const watch = new KernelWatch(model, win, (alive) => seen.push(alive), { timeout: 60000 });
  watch.ping();
  assert.deepEqual(seen, []); // not inside the view's constructor
  await new Promise((r) => win.setTimeout(r, 5));
  assert.deepEqual(seen, [false]);
  assert.equal(watch.alive, false);
  assert.deepEqual(model.sent, []);
  watch.dispose();
});

test("with a kernel's manager the board still asks, and waits for the answer", async () => {
  const win = dom();
  withState(win);
  const model = fakeModel({ kernel: { id: "k" } });
  const seen = [];
  const watch = new KernelWatch(model, win, (alive) => seen.push(alive), { timeout: 60000 });
  watch.ping();
  await new Promise((r) => win.setTimeout(r, 5));
  assert.deepEqual(model.sent, [{ type: "ping" }]);
  assert.deepEqual(seen, []);
  watch.dispose();
});

test("a busy kernel is waited for, not called missing; silence once idle is 'no kernel'", async () => {
  const win = dom();
  const kernel = { status: "busy" };
  const model = fakeModel({ kernel });
  const seen = [];
  const watch = new KernelWatch(model, win, (alive) => seen.push(alive), { timeout: 10, retries: 0 });
  watch.ping();
  await new Promise((r) => win.setTimeout(r, 60));
  assert.deepEqual(seen, []); // busy for 6 timeouts: still unknown, clicks still go to Python
  assert.equal(watch.alive, null);
  kernel.status = "idle"; // the cells are done: the board asks again
  await new Promise((r) => win.setTimeout(r, 15));
  assert.equal(model.sent.length, 2);
  await new Promise((r) => win.setTimeout(r, 30));
  assert.deepEqual(seen, [false]); // idle and silent: no kernel after all
  watch.dispose();
});

test("a busy kernel that answers when it is done makes the board live", async () => {
  const win = dom();
  const kernel = { status: "busy" };
  const handlers = [];
  const model = { ...fakeModel({ kernel }), on: (_e, h) => handlers.push(h) };
  const seen = [];
  const watch = new KernelWatch(model, win, (alive) => seen.push(alive), { timeout: 10 });
  watch.ping();
  await new Promise((r) => win.setTimeout(r, 40));
  kernel.status = "idle";
  handlers.forEach((h) => h({ type: "pong" }));
  assert.deepEqual(seen, [true]);
  watch.dispose();
});
