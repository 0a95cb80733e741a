// The search view: node classes and counts agree with Python's, the tree layout is tidy, and
// the controls step, scrub and show a node's position.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { classAt, countsAt, layoutAt, neighbourOf, parentTag, pathTo, queueAt, visibleAt } from "../src/searchtree.js";
import { MIN_FIT_SCALE, SearchViewUI } from "../src/searchview.js";
import { clone, dom, FakeModel } from "./helpers.js";

const TRACES = JSON.parse(
  readFileSync(new URL("./fixtures/searchtrace.json", import.meta.url), "utf8"),
);
const BFS = TRACES["breadth-first"];
const DFS = TRACES["depth-first"];
const ASTAR = TRACES["A*"];

function setup(trace = BFS, extra = {}) {
  const win = dom();
  const el = win.document.createElement("div");
  win.document.body.appendChild(el);
  const model = new FakeModel({
    trace: clone(trace), step: 0, selected: 0, algorithm: trace.algorithm,
    algorithms: ["breadth-first", "depth-first", "greedy best-first", "A*"], ...extra,
  });
  const view = new SearchViewUI(model, el);
  const q = (sel) => el.querySelector(sel);
  const qa = (sel) => [...el.querySelectorAll(sel)];
  const click = (node) => node.dispatchEvent(new win.MouseEvent("click", { bubbles: true }));
  return { win, el, model, view, q, qa, click };
}

test("the classes and counts drawn agree with Python's at every step", () => {
  for (const t of [BFS, DFS]) {
    assert.ok(t.steps.length > 0);
    for (let k = 0; k <= t.steps.length; k++) {
      assert.deepEqual(countsAt(t, k), t.counts[k], `${t.algorithm}, step ${k}`);
    }
  }
});

test("the goal shows only once the search has taken it from the frontier", () => {
  const n = BFS.steps.length;
  assert.equal(classAt(BFS, BFS.goal, n), "goal");
  assert.notEqual(classAt(BFS, BFS.goal, n - 1), "goal");
  assert.equal(classAt(BFS, 0, 0), "frontier");
  assert.equal(classAt(BFS, 0, 1), "explored");
});

test("the path to the goal is the solution's line", () => {
  assert.deepEqual(pathTo(BFS, BFS.goal), BFS.path);
});

test("the layout is tidy: depth left to right, leaves on their own rows, parents centred", () => {
  for (const t of [BFS, DFS]) {
    const k = t.steps.length;
    const lay = layoutAt(t, k);
    const ids = visibleAt(t, k);
    assert.equal(lay.pos.size, ids.length);
    const seen = new Set();
    for (const id of ids) {
      const p = lay.pos.get(id);
      const key = `${p.x},${p.y}`;
      assert.ok(!seen.has(key), `two nodes at ${key}`);
      seen.add(key);
      assert.ok(p.x >= 0 && p.x <= lay.width && p.y >= 0 && p.y <= lay.height);
      const parent = t.nodes[id].parent;
      if (parent !== null) {
        assert.ok(lay.pos.get(parent).x < p.x, "a child lies right of its parent");
      }
      const kids = ids.filter((c) => t.nodes[c].parent === id);
      if (kids.length) {
        const ys = kids.map((c) => lay.pos.get(c).y);
        assert.equal(p.y, (ys[0] + ys[ys.length - 1]) / 2);
      }
    }
  }
});

test("step, back, the slider and the end button move through the trace", () => {
  const { q, qa, click, model } = setup(BFS, { show_duplicates: true });
  const drawn = () => qa('[data-role="tree"] [data-node]').length;
  const n = BFS.steps.length;
  assert.equal(q('[data-role="step-label"]').textContent, `step 0 of ${n}`);
  assert.equal(drawn(), 1);
  click(q('[data-role="step"]'));
  assert.equal(model.get("step"), 1);
  assert.equal(drawn(), visibleAt(BFS, 1).length);
  assert.equal(q('[data-count="frontier"]').textContent, String(BFS.counts[1].frontier));
  click(q('[data-role="back"]'));
  assert.equal(model.get("step"), 0);
  const slider = q('[data-role="slider"]');
  slider.value = "5";
  slider.dispatchEvent(new slider.ownerDocument.defaultView.Event("input"));
  assert.equal(model.get("step"), 5);
  assert.equal(q('[data-count="drawn"]').textContent, String(visibleAt(BFS, 5).length));
  click(q('[aria-label="Jump to the end"]'));
  assert.equal(drawn(), BFS.nodes.length);
  assert.equal(qa('[data-class="goal"]').length, 1);
  assert.match(q('[data-role="step-label"]').textContent, /goal/);
});

test("clicking a node shows its position and the moves that lead there", () => {
  const { q, click, model } = setup(BFS, { step: BFS.steps.length });
  const goal = q(`[data-role="tree"] [data-node="${BFS.goal}"]`);
  click(goal.querySelector("circle"));
  assert.equal(model.get("selected"), BFS.goal);
  const box = q('[data-role="position"]');
  assert.equal(box.dataset.shownNode, String(BFS.goal));
  const home = box.querySelector('[data-role="home"]');
  assert.equal(home.textContent, `${BFS.positions[BFS.nodes[BFS.goal].pos].home}/52 home`);
  assert.match(q('[data-role="node-info"]').textContent, new RegExp(BFS.path.join("  ")));
  // the board is a picture: nothing in it is focusable
  assert.equal(box.querySelectorAll("[tabindex]").length, 0);
});

test("arrow keys move the selection along the tree; Enter steps", () => {
  const { q, model, win } = setup(BFS, { step: 3 });
  const tree = q('[data-role="tree"]');
  const key = (k) => tree.dispatchEvent(new win.KeyboardEvent("keydown", { key: k, bubbles: true }));
  key("ArrowRight");
  const child = model.get("selected");
  assert.equal(BFS.nodes[child].parent, 0);
  key("ArrowLeft");
  assert.equal(model.get("selected"), 0);
  key("Enter");
  assert.equal(model.get("step"), 4);
  const lay = layoutAt(BFS, 4);
  const below = neighbourOf(BFS, 4, lay, child, "ArrowDown");
  assert.ok(lay.pos.get(below).y > lay.pos.get(child).y);
});

test("play advances in the browser and pause stops it; cleanup removes everything", async () => {
  const { q, click, model, view, el } = setup(BFS);
  q(".fsv-select[aria-label='Play speed']").value = "140";
  q(".fsv-select[aria-label='Play speed']").dispatchEvent(new (el.ownerDocument.defaultView.Event)("change"));
  click(q('[data-role="play"]'));
  assert.equal(q('[data-role="play"]').getAttribute("aria-label"), "Pause");
  await new Promise((r) => setTimeout(r, 400));
  const reached = model.get("step");
  assert.ok(reached >= 1, `played to ${reached}`);
  click(q('[data-role="play"]'));
  const stopped = model.get("step");
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(model.get("step"), stopped);
  view.destroy();
  assert.equal(el.children.length, 0);
  assert.equal(model.listenerCount(), 0);
});

test("a new trace from Python (another algorithm) redraws from step 0", () => {
  const { q, model, qa } = setup(BFS, { step: 4 });
  model.set("step", 0);
  model.set("trace", clone(DFS));
  assert.equal(qa('[data-role="tree"] [data-node]').length, 1);
  assert.match(q('[data-role="summary"]').textContent, /depth-first/);
  assert.equal(q('[data-role="slider"]').max, String(DFS.steps.length));
});

test("play stops on the last step, showing Play again", async () => {
  const n = BFS.steps.length;
  const { q, click, model, el } = setup(BFS, { step: n - 1 });
  const speed = q(".fsv-select[aria-label='Play speed']");
  speed.value = "140";
  speed.dispatchEvent(new (el.ownerDocument.defaultView.Event)("change"));
  click(q('[data-role="play"]'));
  await new Promise((r) => setTimeout(r, 250));
  assert.equal(model.get("step"), n);
  assert.equal(q('[data-role="play"]').getAttribute("aria-label"), "Play");
});

test("without a kernel, choosing another algorithm says so and keeps the recorded search", async () => {
  const { q, view, el } = setup(BFS);
  view.kernelWait = 30;
  const picker = q('select[aria-label="Search algorithm"]');
  picker.value = "A*";
  picker.dispatchEvent(new (el.ownerDocument.defaultView.Event)("change"));
  assert.match(q('[data-role="note"]').textContent, /Running A\*/);
  await new Promise((r) => setTimeout(r, 80));
  assert.match(q('[data-role="note"]').textContent, /needs a running kernel/);
  assert.equal(picker.value, "breadth-first");
  view.destroy();
});

test("with a kernel, the new trace arrives and clears the note", async () => {
  const { q, view, el, model } = setup(BFS);
  view.kernelWait = 60;
  const picker = q('select[aria-label="Search algorithm"]');
  picker.value = "depth-first";
  picker.dispatchEvent(new (el.ownerDocument.defaultView.Event)("change"));
  model.set("trace", clone(DFS));
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(q('[data-role="note"]').textContent, "");
  assert.equal(picker.value, "depth-first");
  view.destroy();
});

test("the queue panel lists Python's frontier in order, the next node marked, at every step", () => {
  for (const t of [BFS, DFS, ASTAR]) {
    const { q, qa, click } = setup(t);
    for (let k = 0; k <= t.steps.length; k++) {
      const ids = qa('[data-role="queue"] li').map((li) => Number(li.dataset.node));
      const want = k === 0 ? [0] : t.steps[k - 1].queue;
      assert.deepEqual(ids, want, `${t.algorithm}, step ${k}`);
      const marked = qa('[data-role="queue"] li[data-next]').map((li) => Number(li.dataset.node));
      const tree = qa('[data-role="tree"] [data-next]').map((g) => Number(g.dataset.node));
      if (k < t.steps.length) {
        // the node taken next is the head of the queue, and the one the next step expands
        assert.deepEqual(marked, [want[0]]);
        assert.equal(want[0], t.steps[k].node);
        assert.deepEqual(tree, [want[0]]);
      } else {
        assert.deepEqual(marked, []);
      }
      click(q('[data-role="step"]'));
    }
  }
});

test("each queue entry shows g, h and f; a tree node shows them too", () => {
  const { q, qa, click } = setup(ASTAR);
  click(q('[data-role="step"]'));
  const li = qa('[data-role="queue"] li')[0];
  const n = ASTAR.nodes[Number(li.dataset.node)];
  assert.match(li.textContent, new RegExp(`g ${n.g}.*h ${n.h}.*f ${n.f}`));
  assert.ok(qa(".fsv-ghf").some((t) => t.textContent.includes(`g${n.g} h${n.h} f${n.f}`)));
});

test("duplicates are hidden until the toggle shows them", () => {
  const { q, qa, click, model } = setup(ASTAR);
  click(q('[aria-label="Jump to the end"]'));
  const k = ASTAR.steps.length;
  assert.equal(qa('[data-role="tree"] [data-class="duplicate"]').length, 0);
  assert.equal(qa('[data-role="tree"] [data-node]').length, visibleAt(ASTAR, k, true).length);
  const box = q('[data-role="show-duplicates"]');
  box.checked = true;
  box.dispatchEvent(new box.ownerDocument.defaultView.Event("change"));
  assert.equal(model.get("show_duplicates"), true);
  assert.equal(qa('[data-role="tree"] [data-class="duplicate"]').length, ASTAR.counts[k].duplicate);
});

test("fit shows the whole layout while it is readable; zoom narrows the view box; fit restores it", () => {
  const { q, click, view } = setup(BFS, { show_duplicates: true });
  click(q('[data-role="step"]'));
  const svg = q('[data-role="tree"] svg');
  const vb = () => svg.getAttribute("viewBox").split(" ").map(Number);
  let lay = view.layout;
  let [x, y, w, h] = vb();
  assert.ok(x <= 0 && y <= 0 && x + w >= lay.width && y + h >= lay.height, "fit covers the tree");
  assert.equal(svg.dataset.fit, "true");
  assert.equal(svg.dataset.partial, "false");
  assert.equal(q('[data-role="tree-note"]').textContent, "");
  click(q('[data-role="zoom-in"]'));
  const [, , w2] = vb();
  assert.ok(w2 < w);
  assert.equal(svg.dataset.fit, "false");
  click(q('[data-role="fit"]'));
  [x, y, w, h] = vb();
  assert.ok(x + w >= lay.width && y + h >= lay.height);
});

test("a tree too big to read whole is fitted at a readable scale around the node taken next", () => {
  const { q, qa, click, view } = setup(BFS, { show_duplicates: true });
  const svg = q('[data-role="tree"] svg');
  const vb = () => svg.getAttribute("viewBox").split(" ").map(Number);
  let partial = 0;
  for (let k = 0; k < BFS.steps.length; k++) {
    const [x, y, w, h] = vb();
    const lay = view.layout;
    // the box is 600 x 380 px in jsdom: the scale is never below the readable one
    assert.ok(Math.min(600 / w, 380 / h) >= MIN_FIT_SCALE - 1e-9, `step ${k}: scale`);
    const next = lay.pos.get(BFS.steps[k].node);
    assert.ok(next.x >= x && next.x <= x + w && next.y >= y && next.y <= y + h, `step ${k}: next in view`);
    if (svg.dataset.partial === "true") {
      partial += 1;
      assert.match(q('[data-role="tree-note"]').textContent, /bigger than its box/);
    } else {
      assert.ok(x <= 0 && x + w >= lay.width && y + h >= lay.height, `step ${k}: whole tree`);
    }
    click(q('[data-role="step"]'));
  }
  assert.ok(partial > 0, "the fixture's tree outgrows its box (else this test shows nothing)");
  assert.ok(qa('[data-role="tree"] [data-node]').length > 0);
});

test("queue rows with the same move and figures are told apart by the expansion that made them", () => {
  let same = 0;
  for (const t of [BFS, DFS, ASTAR]) {
    const { q, qa, click } = setup(t);
    for (let k = 0; k <= t.steps.length; k++) {
      const rows = qa('[data-role="queue"] li');
      const texts = rows.map((li) => li.textContent);
      assert.equal(new Set(texts).size, texts.length, `${t.algorithm}, step ${k}: ${texts}`);
      // the tag is the parent's "#k", the label that parent carries in the tree
      for (const li of rows) {
        const n = t.nodes[Number(li.dataset.node)];
        if (n.parent === null) continue;
        assert.equal(li.querySelector('[data-role="from"]').textContent,
          `from #${t.nodes[n.parent].expanded}`);
        assert.ok(qa(".fsv-ghf").some((e) => e.textContent.startsWith(`#${t.nodes[n.parent].expanded} `)));
      }
      const bare = rows.map((li) => [...li.children].filter((c) => c.dataset.role !== "from")
        .map((c) => c.textContent).join(" "));
      same += bare.length - new Set(bare).size;
      click(q('[data-role="step"]'));
    }
  }
  assert.ok(same > 0, "the fixtures hold rows alike but for their parent (else nothing is shown)");
  assert.equal(parentTag(BFS, 0), "");
});

test("Python's error is shown as plain text in an alert, hidden when there is none", () => {
  const { q, model } = setup(BFS, { error: "" });
  const box = q('[data-role="error"]');
  assert.equal(box.getAttribute("role"), "alert");
  assert.equal(box.hidden, true);
  model.set("error", "your search raised ValueError: <b>bad</b> node");
  assert.equal(box.hidden, false);
  assert.equal(box.textContent, "your search raised ValueError: <b>bad</b> node");
  assert.equal(box.querySelector("b"), null, "never parsed as HTML");
  model.set("error", "");
  assert.equal(box.hidden, true);
  assert.equal(box.textContent, "");
  // a model from before the trait existed shows nothing
  const old = setup(BFS);
  assert.equal(old.q('[data-role="error"]').hidden, true);
});

test("the legend names every mark: frontier, explored, duplicate, goal, next, just expanded, selected", () => {
  const { qa } = setup();
  const keys = qa('[data-role="legend"] [data-key]').map((e) => e.dataset.key);
  for (const k of ["frontier", "explored", "duplicate", "goal", "next", "current", "selected"]) {
    assert.ok(keys.includes(k), k);
  }
  assert.equal(typeof queueAt, "function");
});

test("a search that stopped on an error is not said to have exhausted its space", () => {
  const failed = { ...clone(BFS), solved: false, stopped: "error" };
  const { q, model } = setup(failed);
  model.set("step", failed.steps.length);
  assert.match(q('[data-role="summary"]').textContent, /stopped early/);
  assert.doesNotMatch(q('[data-role="summary"]').textContent, /exhausted/);
  assert.match(q('[data-role="queue-more"]').textContent, /stopped here/);
  const done = setup({ ...clone(BFS), solved: false, stopped: "exhausted" });
  assert.match(done.q('[data-role="summary"]').textContent, /exhausted/);
});
