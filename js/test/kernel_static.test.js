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
