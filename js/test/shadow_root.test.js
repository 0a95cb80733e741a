// The board inside a shadow root, as marimo shows every output: its fitting finds the
// notebook's scrolling panel outside the shadow root (fit.js), and it reads the page's dark
// theme, marked on <body> or <html> where no selector of its style sheet reaches (theme.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { closestAcross, scroller } from "../src/fit.js";
import { pageTheme } from "../src/theme.js";
import widget from "../src/widget.js";
import { clone, dom, FakeModel, FIXTURES } from "./helpers.js";

/** A marimo-like page: a scrolling app panel, an output holding a shadow root, the board's
 * element inside it. */
function marimoPage() {
  const win = dom();
  const doc = win.document;
  const panel = doc.createElement("div");
  panel.id = "App";
  panel.style.overflowY = "auto";
  Object.defineProperty(panel, "clientHeight", { configurable: true, get: () => 700 });
  const output = doc.createElement("div");
  output.className = "output-area";
  const host = doc.createElement("marimo-anywidget");
  panel.append(output);
  output.append(host);
  doc.body.append(panel);
  const shadow = host.attachShadow({ mode: "open" });
  const el = doc.createElement("div");
  shadow.append(el);
  return { win, doc, panel, host, el };
}

test("the scrolling panel and a notebook's class are found past the shadow root", () => {
  const { doc, panel, el } = marimoPage();
  assert.equal(scroller(el, doc.defaultView), panel);
  panel.classList.add("jp-Notebook"); // (a class looked for by closest(), outside the shadow root)
  assert.equal(closestAcross(el, ".jp-Notebook"), panel);
  assert.equal(closestAcross(el, ".nowhere"), null);
});

test("the page's dark theme is read across the shadow root, and followed when it changes", async () => {
  const { win, doc, el } = marimoPage();
  assert.equal(pageTheme(el), "");
  doc.body.classList.add("dark"); // marimo's mark
  assert.equal(pageTheme(el), "dark");
  doc.body.classList.remove("dark");
  doc.documentElement.setAttribute("data-theme", "dark"); // marimo's other mark
  assert.equal(pageTheme(el), "dark");
  doc.documentElement.setAttribute("data-theme", "light");
  assert.equal(pageTheme(el), "light");
  doc.documentElement.removeAttribute("data-theme");
  doc.body.setAttribute("data-jp-theme-light", "false"); // JupyterLab's, seen from inside too
  assert.equal(pageTheme(el), "dark");
  doc.body.removeAttribute("data-jp-theme-light");

  const model = new FakeModel({ board: clone(FIXTURES.midgame) });
  const cleanup = widget.render({ model, el });
  const root = el.querySelector(".fsw-root");
  assert.equal(root.dataset.pageTheme, undefined);
  assert.ok(!root.hasAttribute("data-jp-colours"), "no JupyterLab colours in this page");
  doc.body.classList.add("dark"); // the player switches marimo to dark
  await new Promise((r) => win.setTimeout(r, 5));
  assert.equal(root.dataset.pageTheme, "dark");
  doc.body.classList.remove("dark");
  await new Promise((r) => win.setTimeout(r, 5));
  assert.equal(root.dataset.pageTheme, undefined);
  doc.body.setAttribute("data-jp-theme-light", "false"); // JupyterLab: its own colours are used
  await new Promise((r) => win.setTimeout(r, 5));
  assert.equal(root.dataset.pageTheme, "dark");
  assert.ok(root.hasAttribute("data-jp-colours"));
  cleanup();
});
