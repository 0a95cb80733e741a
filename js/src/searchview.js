// The step-by-step search view (anywidget module for fourseasons_widget.SearchView).
// Python recorded the search once and published it in the `trace` trait; this file only draws
// it: the tree after k expansions, the counts, and the position of a node clicked.  Stepping,
// playing and the slider work in the browser, with or without a kernel.
//
// DOM contract (for tests and course authors):
//   [data-role="tree"] svg          the search tree; each node g[data-node=id][data-class=...]
//   [data-role="step-label"]        "step k of n"
//   [data-count="frontier" | "explored" | "duplicate" | "goal" | "drawn"]   the counts shown
//   [data-role="position"]          the board of the selected node, [data-shown-node=id]
//   [data-role="queue"] li[data-node=id]   the frontier in the order it is taken (Python's
//                                   step.queue); li.fsv-next / [data-next] is the node taken next
//   [data-role="show-duplicates"]   the checkbox that draws the duplicates (off by default)
//   [data-role="fit"]               zoom to fit; [data-role="zoom-in"], [data-role="zoom-out"]
//   [data-role="legend"]            one entry per mark drawn
//   [data-role="error"]             role="alert": Python's `error` trait (a student's search that
//                                   failed), plain text, hidden when empty
//   [data-role="tree-note"]         says when the tree is bigger than its box at a readable size

import { renderBoard } from "./board.js";
import { classAt, countsAt, layoutAt, neighbourOf, parentTag, pathTo, queueAt } from "./searchtree.js";

const NS = "http://www.w3.org/2000/svg";
const ICONS = {
  first: "M3 3h2v10H3zM14 3v10L6 8z",
  prev: "M12 3v10L4 8z",
  play: "M4 3v10l9-5z",
  pause: "M4 3h3v10H4zM9 3h3v10H9z",
  next: "M4 3v10l8-5z",
  last: "M11 3h2v10h-2zM2 3v10l8-5z",
};
// "fit" never shrinks the tree below this scale: its smallest labels (the 11 px "g h f") stay
// about 9 px on screen; a bigger tree is shown around the node the search takes next
export const MIN_FIT_SCALE = 0.8;
const SPEEDS = [["slow", 900], ["normal", 420], ["fast", 140]];
const EVALUATION_WORDS = {
  "breadth-first": "f = depth: the oldest first (a FIFO queue)",
  "depth-first": "f = −depth: the newest first (a stack)",
  "greedy best-first": "f = h: the nearest-looking first",
  "A*": "f = g + h: the lowest f first",
};
const CLASS_WORDS = {
  frontier: "in the frontier",
  explored: "explored (expanded)",
  duplicate: "a duplicate (state reached before)",
  goal: "the goal",
};

function el(doc, tag, attrs = {}, ...children) {
  const e = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
}

function svgEl(doc, tag, attrs = {}) {
  const e = doc.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

function iconButton(doc, name, label) {
  const b = el(doc, "button", { type: "button", class: "fsv-btn", "aria-label": label, title: label });
  setIcon(b, name);
  return b;
}

function setIcon(button, name) {
  const doc = button.ownerDocument;
  const svg = svgEl(doc, "svg", { viewBox: "0 0 16 16", width: "1em", height: "1em",
    "aria-hidden": "true", focusable: "false" });
  svg.appendChild(svgEl(doc, "path", { d: ICONS[name], fill: "currentColor" }));
  button.replaceChildren(svg);
  button.dataset.icon = name;
}

function reducedMotion(win) {
  try {
    return !!(win && win.matchMedia && win.matchMedia("(prefers-reduced-motion: reduce)").matches);
  } catch {
    return false;
  }
}

function fmt(x) {
  return Number.isInteger(x) ? String(x) : x.toFixed(1);
}

export class SearchViewUI {
  constructor(model, host) {
    this.model = model;
    this.host = host;
    this.doc = host.ownerDocument;
    this.win = this.doc.defaultView;
    this.timer = null;
    this.speed = SPEEDS[1][1];
    this.kernelWait = 5000; // ms to wait for the kernel's new trace before saying none came
    this.waiting = null;
    this.build();
    this.onTrace = () => this.load();
    this.onStep = () => this.show(this.model.get("step"), false);
    this.onSelected = () => this.select(this.model.get("selected"), false);
    this.onDup = () => { this.dupBox.checked = !!this.model.get("show_duplicates"); this.redraw(); };
    this.onNote = () => { this.note.textContent = this.model.get("note") || ""; };
    this.onError = () => this.showError();
    this.fit = true;
    this.vb = { x: 0, y: 0, w: 100, h: 100 };
    model.on("change:show_duplicates", this.onDup);
    model.on("change:note", this.onNote);
    model.on("change:error", this.onError);
    model.on("change:trace", this.onTrace);
    model.on("change:step", this.onStep);
    model.on("change:selected", this.onSelected);
    this.load();
    this.showError();
  }

  showError() {
    // a student's search that raised, or ran past its bounds: Python says what happened
    const text = String(this.model.get("error") || "");
    this.errorBox.textContent = text; // plain text: a message may quote student code
    this.errorBox.hidden = !text;
  }

  build() {
    const d = this.doc;
    this.root = el(d, "div", { class: "fsw-root fsv-root", "data-lm-suppress-shortcuts": "",
      role: "group", "aria-label": "Step-by-step search" });
    // head: the algorithm picker and a one-line summary of the run
    this.picker = el(d, "select", { class: "fsv-select", "aria-label": "Search algorithm" });
    this.summary = el(d, "span", { class: "fsv-summary", "data-role": "summary" });
    const head = el(d, "div", { class: "fsv-head" },
      el(d, "label", { class: "fsv-label" }, "Algorithm ", this.picker), this.summary);
    // controls
    this.bFirst = iconButton(d, "first", "Back to the start");
    this.bPrev = iconButton(d, "prev", "Step back");
    this.bPlay = iconButton(d, "play", "Play");
    this.bNext = iconButton(d, "next", "Step: expand the next node");
    this.bLast = iconButton(d, "last", "Jump to the end");
    this.bPlay.dataset.role = "play";
    this.bNext.dataset.role = "step";
    this.bPrev.dataset.role = "back";
    this.slider = el(d, "input", { type: "range", min: 0, max: 0, step: 1, value: 0,
      class: "fsv-slider", "aria-label": "Expansions shown", "data-role": "slider" });
    this.stepLabel = el(d, "span", { class: "fsv-steplabel", "data-role": "step-label",
      "aria-live": "polite" });
    this.speedSel = el(d, "select", { class: "fsv-select", "aria-label": "Play speed" });
    for (const [name, ms] of SPEEDS) {
      const o = el(d, "option", { value: ms, text: name });
      if (ms === this.speed) o.selected = true;
      this.speedSel.append(o);
    }
    const controls = el(d, "div", { class: "fsv-controls", role: "toolbar",
      "aria-label": "Step through the search" },
    this.bFirst, this.bPrev, this.bPlay, this.bNext, this.bLast, this.slider, this.stepLabel,
    el(d, "label", { class: "fsv-label" }, "speed ", this.speedSel));
    // counts and legend: one entry per mark drawn
    this.counts = {};
    const legend = el(d, "div", { class: "fsv-legend", "data-role": "legend" });
    const counts = el(d, "span", { class: "fsv-counts", "data-role": "counts" });
    for (const [cls, word] of [["frontier", "frontier"], ["explored", "explored"],
      ["duplicate", "duplicates"], ["goal", "goal"]]) {
      const sw = svgEl(d, "svg", { viewBox: "-8 -8 16 16", width: 14, height: 14, "aria-hidden": "true" });
      sw.appendChild(this.marker(cls));
      const n = el(d, "b", { "data-count": cls, text: "0" });
      this.counts[cls] = n;
      counts.append(el(d, "span", { class: `fsv-key fsv-${cls}`, "data-key": cls }, sw,
        el(d, "span", { text: word }), n));
    }
    legend.append(counts);
    for (const [cls, word] of [["next", "taken next"], ["current", "just expanded"],
      ["selected", "selected (its position is shown)"]]) {
      const sw = svgEl(d, "svg", { viewBox: "-10 -10 20 20", width: 16, height: 16, "aria-hidden": "true" });
      const g = svgEl(d, "g", { class: `fsv-node fsv-frontier fsv-${cls}` });
      g.appendChild(svgEl(d, "circle", { r: 9, class: "fsv-hit" }));
      g.appendChild(this.marker("frontier"));
      sw.appendChild(g);
      legend.append(el(d, "span", { class: "fsv-key", "data-key": cls }, sw,
        el(d, "span", { text: word })));
    }
    this.counts.drawn = el(d, "b", { "data-count": "drawn", text: "0" });
    this.counts.generated = el(d, "b", { "data-count": "generated", text: "0" });
    legend.append(el(d, "span", { class: "fsv-key fsv-drawn" }, "tree nodes drawn ", this.counts.drawn,
      " of ", this.counts.generated, " generated"));
    legend.append(el(d, "div", { class: "fsv-keytext", "data-key": "labels",
      text: "#k: expanded k-th · g h f beside a node · rows: the order generated, not expanded · "
        + "a frontier entry's “from #k”: the expansion that generated it" }));
    // view options: duplicates, zoom
    this.dupBox = el(d, "input", { type: "checkbox", "data-role": "show-duplicates" });
    this.bFit = el(d, "button", { type: "button", class: "fsv-btn", "data-role": "fit",
      text: "fit", title: "Zoom to fit the whole tree", "aria-label": "Zoom to fit" });
    this.bZoomIn = el(d, "button", { type: "button", class: "fsv-btn", "data-role": "zoom-in",
      text: "+", title: "Zoom in (or the mouse wheel; drag to pan)", "aria-label": "Zoom in" });
    this.bZoomOut = el(d, "button", { type: "button", class: "fsv-btn", "data-role": "zoom-out",
      text: "−", title: "Zoom out", "aria-label": "Zoom out" });
    const options = el(d, "div", { class: "fsv-controls fsv-options" },
      el(d, "label", { class: "fsv-label" }, this.dupBox, "show duplicates"),
      this.bZoomOut, this.bFit, this.bZoomIn);
    // the tree (scrolls both ways) and the position of the selected node
    this.svg = svgEl(d, "svg", { class: "fsv-svg", role: "img" });
    this.treeBox = el(d, "div", { class: "fsv-tree", "data-role": "tree", tabindex: 0,
      role: "group", "aria-label": "Search tree: arrow keys move between nodes, Enter shows one" });
    this.treeBox.append(this.svg);
    this.treeNote = el(d, "div", { class: "fsv-treenote", "data-role": "tree-note",
      "aria-live": "polite" });
    const treeCol = el(d, "div", { class: "fsv-treecol" }, this.treeBox, this.treeNote);
    // the frontier as a priority queue: the main picture beside the tree
    this.queueHead = el(d, "div", { class: "fsv-queuehead", "data-role": "queue-head" });
    this.queueList = el(d, "ol", { class: "fsv-queue", "data-role": "queue",
      "aria-label": "The frontier, in the order the search takes it" });
    this.queueMore = el(d, "div", { class: "fsv-queuemore", "data-role": "queue-more" });
    const queue = el(d, "div", { class: "fsv-queuebox" }, this.queueHead, this.queueList, this.queueMore);
    this.nodeInfo = el(d, "div", { class: "fsv-nodeinfo", "data-role": "node-info",
      "aria-live": "polite" });
    this.boardBox = el(d, "div", { class: "fsv-board fsw-board-wrap", "data-role": "position" });
    const side = el(d, "div", { class: "fsv-side" }, this.nodeInfo, this.boardBox);
    const main = el(d, "div", { class: "fsv-main" }, queue, treeCol, side);
    this.note = el(d, "div", { class: "fsv-note", "data-role": "note" });
    // what went wrong in a student's search (Python's `error`), right under the head
    this.errorBox = el(d, "div", { class: "fsv-error", role: "alert", "data-role": "error",
      hidden: true });
    this.root.append(head, this.errorBox, controls, options, legend, main, this.note);
    this.host.append(this.root);

    // events
    this.picker.addEventListener("change", () => {
      this.pause();
      const asked = this.picker.value;
      this.model.set("algorithm", asked);
      this.model.save_changes();
      this.note.textContent = `Running ${asked} in the kernel…`;
      // on a static page (no kernel) nothing answers: say so and show what is recorded
      this.win.clearTimeout(this.waiting);
      this.waiting = this.win.setTimeout(() => {
        if ((this.trace || {}).key !== asked) {
          this.picker.value = (this.trace || {}).key || asked;
          this.note.textContent = "Choosing another algorithm needs a running kernel; "
            + "this page shows the search recorded when it was saved.";
        }
      }, this.kernelWait);
    });
    this.bFirst.addEventListener("click", () => { this.pause(); this.show(0, true); });
    this.bPrev.addEventListener("click", () => { this.pause(); this.show(this.k - 1, true); });
    this.bNext.addEventListener("click", () => { this.pause(); this.show(this.k + 1, true); });
    this.bLast.addEventListener("click", () => { this.pause(); this.show(this.n, true); });
    this.bPlay.addEventListener("click", () => (this.timer ? this.pause() : this.play()));
    this.slider.addEventListener("input", () => { this.pause(); this.show(Number(this.slider.value), true); });
    this.speedSel.addEventListener("change", () => {
      this.speed = Number(this.speedSel.value);
      if (this.timer) { this.pause(); this.play(); }
    });
    this.svg.addEventListener("click", (ev) => {
      if (this.dragged) return;
      const g = ev.target.closest && ev.target.closest("[data-node]");
      if (g) this.select(Number(g.dataset.node), true);
    });
    this.queueList.addEventListener("click", (ev) => {
      const li = ev.target.closest && ev.target.closest("[data-node]");
      if (li) this.select(Number(li.dataset.node), true);
    });
    this.dupBox.addEventListener("change", () => {
      this.model.set("show_duplicates", this.dupBox.checked);
      this.model.save_changes();
      this.redraw();
    });
    this.bFit.addEventListener("click", () => { this.fit = true; this.applyView(); });
    this.bZoomIn.addEventListener("click", () => this.zoom(1 / 1.5));
    this.bZoomOut.addEventListener("click", () => this.zoom(1.5));
    this.svg.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      this.zoom(ev.deltaY > 0 ? 1.2 : 1 / 1.2, ev);
    }, { passive: false });
    this.svg.addEventListener("pointerdown", (ev) => {
      this.drag = { x: ev.clientX, y: ev.clientY, vb: { ...this.vb } };
      this.dragged = false;
    });
    this.svg.addEventListener("pointermove", (ev) => {
      if (!this.drag) return;
      const dx = ev.clientX - this.drag.x;
      const dy = ev.clientY - this.drag.y;
      if (!this.dragged && Math.abs(dx) + Math.abs(dy) < 4) return;
      this.dragged = true;
      const s = this.scale();
      this.fit = false;
      this.vb = { ...this.drag.vb, x: this.drag.vb.x - dx / s, y: this.drag.vb.y - dy / s };
      this.setViewBox();
    });
    const end = () => { this.drag = null; this.win.setTimeout(() => { this.dragged = false; }, 0); };
    this.svg.addEventListener("pointerup", end);
    this.svg.addEventListener("pointerleave", end);
    this.treeBox.addEventListener("keydown", (ev) => this.onKey(ev));
    // the output area narrows (a side panel opens, the window shrinks): fit again to the new box
    if (this.win.ResizeObserver) {
      this.resizer = new this.win.ResizeObserver(() => { if (this.fit) this.applyView(); });
      this.resizer.observe(this.treeBox);
    }
  }

  marker(cls) {
    const d = this.doc;
    if (cls === "duplicate") {
      return svgEl(d, "rect", { x: -4.5, y: -4.5, width: 9, height: 9, class: "fsv-mark" });
    }
    if (cls === "goal") return svgEl(d, "circle", { r: 7, class: "fsv-mark" });
    return svgEl(d, "circle", { r: 6, class: "fsv-mark" });
  }

  load() {
    this.pause();
    this.trace = this.model.get("trace") || {};
    const t = this.trace;
    this.n = (t.steps || []).length;
    const algos = this.model.get("algorithms") || [];
    this.picker.replaceChildren(...algos.map((a) => el(this.doc, "option", { value: a, text: a })));
    this.picker.value = this.model.get("algorithm");
    this.slider.max = String(this.n);
    this.note.textContent = "";
    this.dupBox.checked = !!this.model.get("show_duplicates");
    this.fit = true;
    this.queueHead.textContent = `Frontier — ${EVALUATION_WORDS[t.evaluation || t.algorithm] || "in the order taken"}`;
    if (!t.nodes) {
      this.summary.textContent = "no search recorded";
      return;
    }
    const end = t.solved
      ? `reached the goal: a line of ${t.path.length} moves`
      : t.stopped === "limit"
        ? `no goal within the first ${t.max_steps} expansions (the trace stops there)`
        : t.stopped === "error"
          ? "the search stopped early (see the message above): what it did until then"
          : "the search space was exhausted: no goal";
    this.summary.textContent = `${t.algorithm}: ${t.expanded} expansions, ${t.generated} nodes generated; ${end}.`;
    this.selectedId = Math.min(this.model.get("selected") || 0, t.nodes.length - 1);
    this.show(this.model.get("step") || 0, false, true);
  }

  show(k, sync, force = false) {
    if (!this.trace || !this.trace.nodes) return;
    k = Math.max(0, Math.min(this.n, Math.round(k)));
    if (k === this.k && !force) return;
    this.k = k;
    this.draw();
    this.slider.value = String(k);
    const st = k > 0 ? this.trace.steps[k - 1] : null;
    this.stepLabel.textContent = `step ${k} of ${this.n}`
      + (k === this.n && this.trace.solved ? " — goal" : "");
    const c = countsAt(this.trace, k);
    for (const cls of ["frontier", "explored", "duplicate", "goal"]) this.counts[cls].textContent = String(c[cls]);
    this.counts.drawn.textContent = String(this.layout.pos.size);
    this.counts.generated.textContent = String(c.frontier + c.explored + c.duplicate + c.goal);
    this.bPrev.disabled = this.bFirst.disabled = k === 0;
    this.bNext.disabled = this.bLast.disabled = k === this.n;
    this.drawQueue();
    // follow the search: the node taken next, or the goal once it is reached
    const q = queueAt(this.trace, k);
    if (k === this.n && this.trace.solved) this.scrollTo(this.trace.goal);
    else if (q.next !== null) this.scrollTo(q.next);
    else if (st) this.scrollTo(st.node);
    if (sync && this.model.get("step") !== k) {
      this.model.set("step", k);
      this.model.save_changes();
    }
    // the selected node may have become visible or invisible
    this.showNode(this.selectedId);
  }

  redraw() {
    if (!this.trace || !this.trace.nodes) return;
    this.draw();
    this.counts.drawn.textContent = String(this.layout.pos.size);
    this.showNode(this.selectedId);
  }

  draw() {
    const d = this.doc;
    const t = this.trace;
    const k = this.k;
    const hide = !this.dupBox.checked;
    const lay = layoutAt(t, k, hide);
    this.layout = lay;
    const current = k > 0 ? t.steps[k - 1].node : -1;
    const next = queueAt(t, k).next;
    // the node a partial fit centres on: the next one taken, else the goal, else the last expanded
    this.focusId = next !== null ? next : (t.solved && k === this.n ? t.goal : current);
    const svg = this.svg;
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    svg.setAttribute("aria-label", `Search tree after ${k} expansions: ${lay.pos.size} nodes drawn`);
    const edges = svgEl(d, "g", { class: "fsv-edges" });
    const labels = svgEl(d, "g", { class: "fsv-labels" });
    const nodes = svgEl(d, "g", { class: "fsv-nodes" });
    for (const id of lay.pos.keys()) {
      const n = t.nodes[id];
      const p = lay.pos.get(id);
      if (n.parent !== null && n.parent !== undefined) {
        const q = lay.pos.get(n.parent);
        const elbow = q.x + 18;
        edges.appendChild(svgEl(d, "path", {
          d: `M${q.x + 7},${q.y}H${elbow}V${p.y}H${p.x - 8}`, class: "fsv-edge",
        }));
        const lab = svgEl(d, "text", { x: p.x - 10, y: p.y - 5, class: "fsv-move", "text-anchor": "end" });
        lab.textContent = n.move;
        labels.appendChild(lab);
      }
      const cls = classAt(t, id, k);
      if (cls !== "duplicate") {
        // below the edge, left of the node (the move's label is above it)
        const ghf = svgEl(d, "text", { x: p.x - 10, y: p.y + 14, class: "fsv-ghf", "text-anchor": "end" });
        ghf.textContent = (n.expanded !== null && n.expanded !== undefined && n.expanded <= k
          ? `#${n.expanded} ` : "") + `g${fmt(n.g)} h${fmt(n.h)} f${fmt(n.f)}`;
        labels.appendChild(ghf);
      }
      const g = svgEl(d, "g", { transform: `translate(${p.x},${p.y})`, "data-node": id,
        "data-class": cls, class: `fsv-node fsv-${cls}` + (id === current ? " fsv-current" : "")
          + (id === next ? " fsv-next" : "")
          + (id === this.selectedId ? " fsv-selected" : "") });
      if (id === next) g.dataset.next = "";
      const title = svgEl(d, "title");
      const from = parentTag(t, id);
      title.textContent = `${n.move || "start"}${from ? ` (from ${from})` : ""}: ${CLASS_WORDS[cls]}${id === next ? ", taken next" : ""}, depth ${n.depth}, g ${fmt(n.g)}, h ${fmt(n.h)}, f ${fmt(n.f)}`;
      g.appendChild(title);
      g.appendChild(svgEl(d, "circle", { r: 11, class: "fsv-hit" }));
      g.appendChild(this.marker(cls));
      nodes.appendChild(g);
    }
    svg.replaceChildren(edges, labels, nodes);
    this.applyView();
  }

  drawQueue() {
    const d = this.doc;
    const t = this.trace;
    const { queue, next, size } = queueAt(t, this.k);
    const items = [];
    queue.forEach((id, i) => {
      const n = t.nodes[id];
      const path = pathTo(t, id);
      const isNext = id === next;
      const li = el(d, "li", { "data-node": id, "data-rank": i,
        class: "fsv-qitem" + (isNext ? " fsv-next" : "") + (id === this.selectedId ? " fsv-qselected" : ""),
        title: path.length ? path.join("  ") : "the start position" },
      el(d, "span", { class: "fsv-qmove", text: n.move || "start" }),
      parentTag(t, id) ? el(d, "span", { class: "fsv-qfrom", "data-role": "from",
        title: "the expansion that generated it (#k in the tree)", text: `from ${parentTag(t, id)}` }) : null,
      el(d, "span", { class: "fsv-qnum", text: `g ${fmt(n.g)}` }),
      el(d, "span", { class: "fsv-qnum", text: `h ${fmt(n.h)}` }),
      el(d, "b", { class: "fsv-qnum", text: `f ${fmt(n.f)}` }),
      isNext ? el(d, "span", { class: "fsv-qbadge", text: "next" }) : null);
      if (isNext) li.dataset.next = "";
      items.push(li);
    });
    this.queueList.replaceChildren(...items);
    const ended = this.k === this.n;
    this.queueMore.textContent = (size > queue.length ? `… and ${size - queue.length} more. ` : "")
      + (ended ? (t.solved ? "The goal was taken from the frontier: the search ends."
        : t.stopped === "limit" ? "The trace stops here (its budget)."
          : t.stopped === "error" ? "The search stopped here, before its end."
            : "The frontier is empty: no goal.")
        : queue.length ? "" : "The frontier is empty.");
  }

  // -- zoom and pan: the svg's viewBox over the layout ------------------------------------------

  scale() {
    const r = this.svg.getBoundingClientRect ? this.svg.getBoundingClientRect() : null;
    const w = r && r.width ? r.width : 600;
    const h = r && r.height ? r.height : 380;
    return Math.min(w / this.vb.w, h / this.vb.h);
  }

  applyView() {
    const lay = this.layout;
    if (!lay) return;
    if (this.fit) {
      // the whole tree, never blown up past 1.6× (a toy tree should not look enormous)
      const box = this.treeBox.getBoundingClientRect ? this.treeBox.getBoundingClientRect() : null;
      const bw = box && box.width ? box.width : 600;
      const bh = box && box.height ? box.height : 380;
      // room on the left for the root's g h f label (drawn left of each node)
      const full = lay.width + 120;
      const tall = lay.height + 12;
      const s = Math.min(bw / full, bh / tall);
      if (s >= MIN_FIT_SCALE) {
        const w = Math.max(full, bw / 1.6);
        const h = Math.max(tall, bh / 1.6);
        this.vb = { x: -80 + (full - w) / 2, y: (lay.height - h) / 2, w, h };
        this.partial = false;
      } else {
        // too big to read whole: the readable scale, around the node the search takes next
        const w = bw / MIN_FIT_SCALE;
        const h = bh / MIN_FIT_SCALE;
        const f = lay.pos.get(this.focusId) || lay.pos.get(0);
        const clamp = (v, lo, hi) => (hi < lo ? (lo + hi) / 2 : Math.max(lo, Math.min(hi, v)));
        const x = full <= w ? -80 + (full - w) / 2 : clamp(f.x - w / 2, -80, -80 + full - w);
        const y = tall <= h ? (lay.height - h) / 2 : clamp(f.y - h / 2, -6, lay.height + 6 - h);
        this.vb = { x, y, w, h };
        this.partial = true;
      }
    }
    const t = this.trace;
    const next = queueAt(t, this.k).next;
    const around = this.focusId === next ? "the node taken next"
      : t.solved && this.focusId === t.goal && this.k === this.n ? "the goal"
        : this.focusId === this.selectedId ? "the selected node" : "the last node expanded";
    this.treeNote.textContent = this.fit && this.partial
      ? `The tree (${lay.pos.size} nodes) is bigger than its box at a readable size: it shows `
        + `the part around ${around}. Drag to pan, − to see more at once.`
      : "";
    this.svg.dataset.partial = this.fit && this.partial ? "true" : "false";
    this.setViewBox();
  }

  setViewBox() {
    const v = this.vb;
    if (!this.fit) { // zoomed or panned by hand: the reader chose what to see
      this.treeNote.textContent = "";
      this.svg.dataset.partial = "false";
    }
    this.svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
    this.svg.dataset.fit = this.fit ? "true" : "false";
  }

  zoom(factor, ev) {
    const v = this.vb;
    let cx = v.x + v.w / 2;
    let cy = v.y + v.h / 2;
    if (ev && this.svg.getBoundingClientRect) {
      const r = this.svg.getBoundingClientRect();
      if (r.width && r.height) {
        cx = v.x + ((ev.clientX - r.left) / r.width) * v.w;
        cy = v.y + ((ev.clientY - r.top) / r.height) * v.h;
      }
    }
    const w = Math.max(60, v.w * factor);
    const h = Math.max(40, v.h * factor);
    this.fit = false;
    this.vb = { x: cx - (cx - v.x) * (w / v.w), y: cy - (cy - v.y) * (h / v.h), w, h };
    this.setViewBox();
  }

  scrollTo(id) {
    // zoomed in: keep the node followed in view (fit shows everything anyway)
    const p = this.layout && this.layout.pos.get(id);
    if (!p || (this.fit && !this.partial)) return;
    if (this.fit) { // a partial fit already centres on the node taken next
      if (id !== this.focusId) { this.focusId = id; this.applyView(); }
      return;
    }
    const v = this.vb;
    if (p.x < v.x || p.x > v.x + v.w || p.y < v.y || p.y > v.y + v.h) {
      this.vb = { ...v, x: p.x - v.w / 2, y: p.y - v.h / 2 };
      this.setViewBox();
    }
  }

  select(id, sync) {
    if (!this.trace || !this.trace.nodes || !this.trace.nodes[id]) return;
    this.selectedId = id;
    for (const g of this.svg.querySelectorAll(".fsv-selected")) g.classList.remove("fsv-selected");
    const g = this.svg.querySelector(`[data-node="${id}"]`);
    if (g) g.classList.add("fsv-selected");
    for (const li of this.queueList.querySelectorAll("li")) {
      li.classList.toggle("fsv-qselected", Number(li.dataset.node) === id);
    }
    this.showNode(id);
    if (sync && this.model.get("selected") !== id) {
      this.model.set("selected", id);
      this.model.save_changes();
    }
  }

  showNode(id) {
    const t = this.trace;
    const n = t.nodes[id];
    if (!n) return;
    const cls = classAt(t, id, this.k);
    if (cls === null) {
      this.nodeInfo.textContent = "The selected node has not been generated yet at this step.";
      this.boardBox.replaceChildren();
      this.boardBox.dataset.shownNode = "";
      return;
    }
    const path = pathTo(t, id);
    const d = this.doc;
    this.nodeInfo.replaceChildren(
      el(d, "b", { text: id === 0 ? "The start position" : `After ${path.length} move${path.length > 1 ? "s" : ""}` }),
      ` — ${CLASS_WORDS[cls]}; depth ${n.depth}, g = ${fmt(n.g)}, h = ${fmt(n.h)}, f = ${fmt(n.f)}.`,
      el(d, "div", { class: "fsv-path", text: path.length ? path.join("  ") : "(no moves yet)" }),
    );
    const board = renderBoard(d, t.board, t.positions[n.pos]);
    board.setAttribute("aria-label", `Position of the selected node: ${path.length} moves from the start`);
    // a picture, not a playing surface: nothing in it takes focus
    for (const p of board.querySelectorAll("[tabindex]")) p.removeAttribute("tabindex");
    for (const p of board.querySelectorAll("[role=button]")) p.removeAttribute("role");
    this.boardBox.replaceChildren(board);
    this.boardBox.dataset.shownNode = String(id);
  }

  onKey(ev) {
    const keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"];
    if (keys.includes(ev.key) && this.layout) {
      ev.preventDefault();
      const cur = this.layout.pos.has(this.selectedId) ? this.selectedId : 0;
      const next = neighbourOf(this.trace, this.k, this.layout, cur, ev.key);
      this.select(next, true);
      const p = this.layout.pos.get(next);
      if (p) this.scrollTo(next);
    } else if (ev.key === " " || ev.key === "Enter") {
      ev.preventDefault();
      this.pause();
      this.show(this.k + 1, true);
    } else if (ev.key === "Backspace") {
      ev.preventDefault();
      this.pause();
      this.show(this.k - 1, true);
    }
  }

  play() {
    if (this.k >= this.n) this.show(0, true);
    setIcon(this.bPlay, "pause");
    this.bPlay.setAttribute("aria-label", "Pause");
    this.bPlay.title = "Pause";
    this.timer = this.win.setInterval(() => {
      if (this.k < this.n) this.show(this.k + 1, true);
      if (this.k >= this.n) this.pause(); // stop on the last step, not a tick later
    }, this.speed);
  }

  pause() {
    if (this.timer) this.win.clearInterval(this.timer);
    this.timer = null;
    if (this.bPlay) {
      setIcon(this.bPlay, "play");
      this.bPlay.setAttribute("aria-label", "Play");
      this.bPlay.title = "Play";
    }
  }

  destroy() {
    this.pause();
    this.win.clearTimeout(this.waiting);
    if (this.resizer) this.resizer.disconnect();
    this.model.off("change:trace", this.onTrace);
    this.model.off("change:step", this.onStep);
    this.model.off("change:selected", this.onSelected);
    this.model.off("change:show_duplicates", this.onDup);
    this.model.off("change:note", this.onNote);
    this.model.off("change:error", this.onError);
    this.root.remove();
  }
}

export function render({ model, el: host }) {
  const view = new SearchViewUI(model, host);
  return () => view.destroy();
}

export default {
  initialize() {
    return () => {};
  },
  render,
};
