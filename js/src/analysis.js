// "Where did I go wrong?": the move list under the board, with the turning point marked.
//
// Python computes everything (the analysis runs in the kernel, in a worker thread) and
// publishes it in the `analysis` trait; this module only draws it and sends intents:
//   {type: "analyse"}             find the move that lost the game
//   {type: "analyse", longer: true}  again, with bigger budgets (it was cut short)
//   {type: "analysis_stop"}       stop the analysis running
//   {type: "review", at: ply}     rewind the board to the position before move `ply`
// and, while the board shows a reviewed position, marks on it the move played there and the
// move that would have won (`analysis.review`).
//
// DOM contract: the panel [data-role="analysis"], its button [data-action="analyse"], the
// verdict text [data-role="analysis-text"], the list [data-role="move-list"] of buttons
// [data-ply="i"] (move i + 1, 0-based ply as in game.history), the turning point's button
// also [data-role="turning-point"].  On the board: .fsw-played-from / .fsw-played-to (the
// move played) and .fsw-better-from / .fsw-better-to (the move that would have won).
// Its styles are in analysis.css (imported by index.js: node cannot import CSS in the tests).

import { cardName } from "./cards.js";

const MARK = { won: "✓", lost: "✗", unknown: "?" };
const AFTER = {
  won: "still winnable after it",
  lost: "proved lost after it",
  unknown: "no win found after it, not proved lost",
};

function el(doc, tag, attrs = {}, text) {
  const e = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    e.setAttribute(k, v === true ? "" : String(v));
  }
  if (text !== undefined) e.textContent = text;
  return e;
}

const DECOR = ["fsw-played-from", "fsw-played-to", "fsw-better-from", "fsw-better-to"];

/** Mark a move's card (or the stock, whose card is face down) and its target pile. */
function mark(boardEl, move, from, to) {
  if (!move) return;
  const [card, source, target] = move;
  const src = boardEl.querySelector(`[data-pile="${source}"]`);
  if (src) {
    const c = source === "stock" ? null : src.querySelector(`[data-card="${card}"]`);
    (c || src).classList.add(from);
  }
  const dst = boardEl.querySelector(`[data-pile="${target}"]`);
  if (dst) dst.classList.add(to);
}

export class AnalysisPanel {
  /** `view`: the BoardView (its model, its `send`, its board and replay state). */
  constructor(view) {
    this.view = view;
    const doc = (this.doc = view.doc);
    this.button = el(doc, "button", { type: "button", class: "fsw-btn", "data-action": "analyse",
      title: "Find the move after which the game could no longer be won (the solver checks the positions of the game)" },
    "Where did I go wrong?");
    this.longerButton = el(doc, "button", { type: "button", class: "fsw-btn", "data-action": "analyse_longer", hidden: true,
      title: "The analysis was cut short: run it again with four times the budget" }, "Look longer");
    this.stopButton = el(doc, "button", { type: "button", class: "fsw-btn", "data-action": "analysis_stop", hidden: true }, "Stop");
    this.heading = el(doc, "span", { class: "fsw-analysis-title", hidden: true }, "Where did I go wrong?");
    this.state = el(doc, "span", { class: "fsw-analysis-state", "data-role": "analysis-state" });
    this.text = el(doc, "p", { class: "fsw-analysis-text", "data-role": "analysis-text", hidden: true });
    this.legend = el(doc, "p", { class: "fsw-analysis-legend", hidden: true },
      "After each move: ✓ still winnable · ? no win found · ✗ proved lost. Click a move to go back there.");
    this.reviewNote = el(doc, "p", { class: "fsw-analysis-review", "data-role": "analysis-review", hidden: true });
    this.list = el(doc, "ol", { class: "fsw-movelist", "data-role": "move-list", "aria-label": "the moves of the game", hidden: true });
    this.root = el(doc, "section", { class: "fsw-analysis", "data-role": "analysis", "aria-label": "Where did I go wrong?" });
    const head = el(doc, "div", { class: "fsw-analysis-head" });
    head.append(this.button, this.heading, this.longerButton, this.stopButton, this.state);
    this.root.append(head, this.text, this.legend, this.list, this.reviewNote);
    this.drawn = null; // the analysis object the list was built for
    this.onClick = (e) => this.click(e);
    this.root.addEventListener("click", this.onClick);
    this.onKey = (e) => this.key(e);
    this.list.addEventListener("keydown", this.onKey);
  }

  analysis() {
    return this.view.model.get("analysis") || {};
  }

  click(e) {
    const b = e.target.closest && e.target.closest("button");
    if (!b || b.disabled || !this.root.contains(b)) return;
    if (b.dataset.action === "analyse") this.view.send({ type: "analyse" });
    else if (b.dataset.action === "analyse_longer") this.view.send({ type: "analyse", longer: true });
    else if (b.dataset.action === "analysis_stop") this.view.send({ type: "analysis_stop" });
    else if (b.dataset.ply !== undefined) this.view.send({ type: "review", at: Number(b.dataset.ply) });
  }

  /** The list is one tab stop (roving tabindex): arrows, Home and End move along it. */
  key(e) {
    const items = [...this.list.querySelectorAll("button[data-ply]")];
    const i = items.indexOf(e.target);
    if (i < 0) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    let j = null;
    if (step) j = Math.max(0, Math.min(items.length - 1, i + step));
    else if (e.key === "Home") j = 0;
    else if (e.key === "End") j = items.length - 1;
    if (j === null) return;
    e.preventDefault();
    e.stopPropagation();
    items[i].tabIndex = -1;
    items[j].tabIndex = 0;
    items[j].focus();
  }

  /** Draw the panel from the `analysis` trait and the board (the current ply). */
  render() {
    const a = this.analysis();
    const board = this.view.board();
    const replaying = this.view.replayIndex !== null;
    const running = a.state === "running";
    const played = (board.ply || 0) > 0 || !!board.can_redo;
    this.button.hidden = running || a.state === "done";
    // (no kernel: the board plays in the page, but the analysis is a search: Python's)
    const needs = this.view.needsPython ? this.view.needsPython() : "";
    this.button.disabled = replaying || !played || !!needs;
    if (needs) this.button.title = needs;
    this.heading.hidden = a.state !== "done";
    this.longerButton.hidden = !(a.state === "done" && a.complete === false);
    this.longerButton.disabled = replaying;
    this.stopButton.hidden = !running;
    this.state.textContent = running
      ? `Looking for the move that lost the game… ${a.examined || 0} position${a.examined === 1 ? "" : "s"} examined`
      : a.state === "error" ? a.text || "the analysis failed" : "";
    this.root.dataset.state = a.state || "idle";
    const done = a.state === "done";
    this.text.hidden = !done;
    this.legend.hidden = !done || !(a.moves || []).length;
    this.list.hidden = this.legend.hidden;
    const r = a.review;
    const reviewing = done && r && r.at === board.ply && !replaying;
    this.reviewNote.hidden = !reviewing;
    if (reviewing) this.drawReviewNote(r);
    if (!done) {
      this.list.replaceChildren();
      this.drawn = null;
      return;
    }
    this.text.textContent = a.text || "";
    if (this.drawn !== a) this.buildList(a);
    // where the board is now: the next move of the list from here
    const here = board.ply;
    for (const b of this.list.querySelectorAll("button[data-ply]")) {
      const on = Number(b.dataset.ply) === here && !replaying;
      if (on) b.setAttribute("aria-current", "step");
      else b.removeAttribute("aria-current");
      b.disabled = replaying;
    }
  }

  drawReviewNote(r) {
    const doc = this.doc;
    const labels = this.view.board().pile_labels || {};
    const say = ([card, source, target]) => (source === "stock" && target === "waste"
      ? `turn the stock (${cardName(card)})`
      : `${cardName(card)} from ${labels[source] || source} to ${labels[target] || target}`);
    const key = (cls) => el(doc, "span", { class: cls, "aria-hidden": "true" });
    const parts = [key("fsw-key-played"), `the move played here: ${say(r.played)}`];
    if (r.better) parts.push(" · ", key("fsw-key-better"), `the move that would have won: ${say(r.better)}`);
    parts.push(". Redo plays the game on.");
    this.reviewNote.replaceChildren(...parts);
  }

  buildList(a) {
    const doc = this.doc;
    const tp = a.turning_point;
    const verdicts = a.verdicts || [];
    const items = (a.moves || []).map((m, i) => {
      const after = verdicts[i + 1] || "unknown";
      // "went wrong here" only where the move is proved to have lost the game (a win before
      // it, proved lost after it): a "?" after it (no win found, nothing proved) is no verdict
      const atTp = i === tp; // (the list's anchor, proved or not)
      const turning = atTp && after === "lost";
      const label = `Move ${i + 1}: ${m[4] || m[3]}; ${AFTER[after]}${turning ? ". Here it went wrong" : ""}`;
      const b = el(doc, "button", {
        type: "button",
        tabindex: i === (tp ?? 0) ? 0 : -1, // (the list's one tab stop: where the analysis looks)
        class: `fsw-mv fsw-mv-${after}${turning ? " fsw-mv-turning" : ""}`,
        "data-ply": i,
        "data-role": atTp ? "turning-point" : null,
        "aria-label": label,
        title: label,
      });
      b.append(el(doc, "span", { class: "fsw-mv-n", "aria-hidden": "true" }, `${i + 1}.`),
        el(doc, "span", { class: "fsw-mv-text", "aria-hidden": "true" }, m[3]),
        el(doc, "span", { class: "fsw-mv-mark", "aria-hidden": "true" }, MARK[after]));
      if (turning) b.append(el(doc, "span", { class: "fsw-mv-flag", "aria-hidden": "true" }, "went wrong here"));
      const li = el(doc, "li");
      li.append(b);
      return li;
    });
    this.list.replaceChildren(...items);
    this.drawn = a;
    const marker = this.list.querySelector('[data-role="turning-point"]');
    if (marker) {
      // bring the marker into the list's view without scrolling the notebook page
      // (the list is positioned: its items' offsetTop is measured from it)
      const li = marker.parentElement;
      this.list.scrollTop = Math.max(0, li.offsetTop - this.list.clientHeight / 2);
    }
  }

  /** Mark the reviewed move on the board (called after every highlight of the live board). */
  decorate(boardEl) {
    if (!boardEl) return;
    for (const e of boardEl.querySelectorAll(DECOR.map((c) => `.${c}`).join(","))) e.classList.remove(...DECOR);
    const r = this.analysis().review;
    if (!r || this.view.replayIndex !== null || this.view.board().ply !== r.at) return;
    mark(boardEl, r.played, "fsw-played-from", "fsw-played-to");
    mark(boardEl, r.better, "fsw-better-from", "fsw-better-to");
  }

  destroy() {
    this.root.removeEventListener("click", this.onClick);
    this.list.removeEventListener("keydown", this.onKey);
    this.root.remove();
  }
}
