// The toolbar's popover panels: the keys help, the statistics with the per-deal history.
//
// Which panel is open is part of the snapshot (`board.ui.panel`, one of "", "stats", "keys",
// "history"): the view sends {type: "panel", panel} to open one or close all — on its button,
// on Escape, on a click outside it — and draws what Python publishes; Python closes it on a new
// deal.  Before a board publishes `ui` (an older kernel), the view keeps the state itself and
// closes the panel on a new deal too.  The view shows its request at once; Python's word comes
// with the first snapshot that carries the panel asked for.  A snapshot made before Python read
// the request (a move's, or the answer to an earlier request: open Keys, press Escape at once)
// still names the old panel and is not allowed to open it again; the wait ends after
// PENDING_MS in any case (a request another view of the board overtook).
//
// DOM contract: [data-role="help"] / [data-role="help-panel"] (keys), [data-role="stats"] /
// [data-role="stats-panel"] (figures), [data-role="history"] (the list of deals, each
// [data-history-id]; a lost deal's [data-action="how_won"]).

import { h } from "./dom.js";
import { watchDetails } from "./popover.js";
import { formatClock, statsRows } from "./stats-panel.js";

export const KEYS_HELP = [
  ["Tab / arrow keys", "move between piles"],
  ["Enter or Space", "pick up the top card; again on another pile to put it there"],
  ["Enter on the same pile", "pick a longer run (where runs move), then put it back"],
  ["Escape", "put the card back; close a panel; stop a running search; answer the banner's question No (Keep playing, Not now)"],
  ["T", "turn the stock"],
  ["U  (Ctrl+Z)", "undo"],
  ["Y  (Shift+U, Ctrl+Y)", "redo"],
  ["H", "hint"],
  ["A", "auto-finish"],
  ["?", "this list"],
  ["Double-click", "send a card home"],
];

export const PANELS = ["", "stats", "keys", "history"];
const PENDING_MS = 3000; // how long a panel request may wait for Python's answer
const now = () => (typeof performance !== "undefined" ? performance.now() : Date.now());
const RECENT = 5; // deals listed in the Stats panel; the rest behind "All deals"

/** "2026-12-01T09:12:00" -> "1 Dec 09:12" (the date as the player reads it, no library). */
export function shortDate(iso) {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(String(iso || ""));
  if (!m) return String(iso || "");
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${Number(m[3])} ${months[Number(m[2]) - 1] || m[2]} ${m[4]}:${m[5]}`;
}

/** One deal of the history as the list shows it: [headline, details]. */
export function historyLine(row, titles = {}) {
  const variant = titles[row.variant] || row.variant || "";
  const deal = row.deal ? ` · ${row.deal}` : "";
  const result = { won: "won", lost: "lost", abandoned: "given up", demo: "finished by the Demo" }[row.result] || String(row.result || "");
  const moves = `${row.moves} move${row.moves === 1 ? "" : "s"}`;
  return [`${result} — ${variant}${deal}`, `${shortDate(row.date)} · ${moves} · ${formatClock(row.seconds)}`];
}

export class Panels {
  constructor(view) {
    this.view = view;
    const doc = view.doc;
    this.local = ""; // the panel shown (the snapshot's word, or the view's own request)
    this.localOnly = ""; // a panel of the view's own ("view": the view options)
    this.pending = null; // {panel, at}: a request Python has not yet answered
    this.dealKey = dealKey(view.board());
    this.helpPanel = h(doc, "dl", { class: "fsw-popover", "data-role": "help-panel", id: uid(doc, "keys") },
      ...KEYS_HELP.flatMap(([k, v]) => [h(doc, "dt", { text: k }), h(doc, "dd", { text: v })]));
    this.helpSummary = h(doc, "summary", { title: KEYS_HELP.map(([k, v]) => `${k}: ${v}`).join("\n"), text: "Keys",
      "aria-label": "keys: the keyboard shortcuts" });
    this.help = h(doc, "details", { class: "fsw-help", "data-role": "help", "data-panel": "keys" }, this.helpSummary, this.helpPanel);
    this.statsList = h(doc, "dl", { class: "fsw-stats-figures", "data-role": "stats-figures" });
    this.historyHead = h(doc, "div", { class: "fsw-history-head" });
    this.historyList = h(doc, "ol", { class: "fsw-history", "data-role": "history", "aria-label": "your deals, newest first" });
    this.historyMore = h(doc, "button", { type: "button", class: "fsw-btn fsw-link", "data-action": "history" });
    // a refusal of what was asked here ("How could it have been won?"), said here: the status
    // line under the board lies behind this panel
    this.refusal = h(doc, "p", { class: "fsw-panel-refusal", "data-role": "stats-refusal", role: "alert", hidden: true });
    this.statsPanel = h(doc, "div", { class: "fsw-popover fsw-stats-panel", "data-role": "stats-panel", role: "group", "aria-label": "statistics" },
      this.statsList, this.historyHead, this.refusal, this.historyList, this.historyMore);
    this.statsSummary = h(doc, "summary", { title: "Your games of this variant, kept between sessions", text: "Stats",
      "aria-label": "statistics and the deals you played" });
    this.statsBox = h(doc, "details", { class: "fsw-help fsw-stats", "data-role": "stats", "data-panel": "stats" },
      this.statsSummary, this.statsPanel);
  }

  /** The elements the toolbar carries. */
  toolbarItems() {
    return [this.statsBox, this.view.options.details, this.help];
  }

  listen() {
    const v = this.view;
    v.disposers.push(watchDetails(v.win, v.root, this.help, this.helpPanel));
    v.disposers.push(watchDetails(v.win, v.root, this.statsBox, this.statsPanel));
    v.disposers.push(watchDetails(v.win, v.root, v.options.details, v.options.panel));
    for (const s of [this.helpSummary, this.statsSummary, v.options.summary]) {
      // the summary is the panel's button: the view decides (never the native toggle)
      v.on(s, "click", (e) => {
        e.preventDefault();
        const name = s.parentElement.dataset.panel;
        this.request(this.isOpen(name) ? "" : name);
      });
    }
    v.on(this.statsPanel, "click", (e) => this.onClick(e));
    // a press anywhere outside the open panel (the felt, the notebook) closes it
    v.on(v.doc, "pointerdown", (e) => {
      if (!this.shown()) return;
      const open = this.openDetails();
      if (open && !open.contains(e.target)) this.request("");
    }, true);
  }

  /** The open panel's name ("" for none). */
  shown() {
    return this.localOnly || this.local;
  }

  isOpen(name) {
    if (this.localOnly) return name === this.localOnly;
    return this.local === name || (name === "stats" && this.local === "history");
  }

  openDetails() {
    if (this.localOnly === "view") return this.view.options.details;
    if (this.local === "keys") return this.help;
    if (this.local === "stats" || this.local === "history") return this.statsBox;
    return null;
  }

  /** Open `name` ("" closes them all): shown at once, asked of Python when it keeps the state. */
  request(name) {
    if (name === "view") {
      // the view's own panel: Python keeps no word of it (its other panels close)
      if (this.local) {
        this.local = "";
        this.ask("");
      }
      this.localOnly = "view";
      this.render();
      return;
    }
    const wasLocal = !!this.localOnly;
    this.localOnly = "";
    if (!PANELS.includes(name) || name === this.local) {
      if (wasLocal) this.render();
      return;
    }
    this.local = name;
    this.render();
    this.ask(name);
  }

  /** Ask Python for `name`; until a snapshot carries it, older snapshots do not overrule it. */
  ask(name) {
    if (!this.view.table.ui() || this.view.offline()) return;
    this.pending = { panel: name, at: now() };
    this.view.send({ type: "panel", panel: name });
  }

  /** Close every open panel; returns whether one was open. */
  closeAll() {
    if (!this.shown()) return false;
    this.request("");
    return true;
  }

  toggleHelp() {
    this.request(this.local === "keys" ? "" : "keys");
  }

  /** A new snapshot: its panel, or (no `ui` yet) the view's own, closed on a new deal. */
  onBoard() {
    const b = this.view.board();
    const ui = this.view.table.ui();
    const key = dealKey(b);
    const newDeal = key !== this.dealKey && b.ply === 0;
    this.dealKey = key;
    if (ui) {
      const said = PANELS.includes(ui.panel) ? ui.panel : "";
      const p = this.pending;
      if (p && (said === p.panel || newDeal || now() - p.at > PENDING_MS)) this.pending = null;
      if (!this.pending) this.local = said;
    } else if (newDeal) this.local = "";
    if (newDeal) this.localOnly = "";
  }

  onClick(e) {
    const btn = e.target.closest && e.target.closest("button[data-action]");
    if (!btn || btn.disabled) return;
    const a = btn.dataset.action;
    if (a === "history") this.request(this.local === "history" ? "stats" : "history");
    else if (a === "how_won") {
      // over a game in progress Python asks first, on the banner, as New deal does
      this.showRefusal("");
      this.view.send({ type: "how_won", id: Number(btn.dataset.historyId), ask: true });
    }
  }

  /** Python refused an intent sent from the Stats panel: its reason, shown in the panel. */
  showRefusal(reason) {
    this.refusal.textContent = reason || "";
    this.refusal.hidden = !reason;
  }

  render() {
    const v = this.view;
    const doc = v.doc;
    const b = v.board();
    const viewOpen = this.localOnly === "view";
    this.help.open = !viewOpen && this.local === "keys";
    const statsOpen = !viewOpen && (this.local === "stats" || this.local === "history");
    this.statsBox.open = statsOpen;
    if (!statsOpen) this.showRefusal("");
    v.options.details.open = viewOpen;
    v.options.summary.setAttribute("aria-expanded", String(viewOpen));
    this.helpSummary.setAttribute("aria-expanded", String(this.help.open));
    this.statsSummary.setAttribute("aria-expanded", String(this.statsBox.open));
    const rows = statsRows(b.stats, b.stats_state, !!(v.needsPython && v.needsPython()));
    this.statsList.replaceChildren(...rows.flatMap(([k, val]) => [h(doc, "dt", { text: k }), h(doc, "dd", { text: val })]));
    const history = Array.isArray(b.history) ? b.history : null;
    const all = this.local === "history";
    this.statsPanel.classList.toggle("fsw-history-open", all);
    if (!history) {
      this.historyHead.hidden = true;
      this.historyList.hidden = true;
      this.historyMore.hidden = true;
      return;
    }
    const titles = Object.fromEntries((v.table.get("variants") || []).map((x) => [x.name, x.title]));
    const shownRows = all ? history : history.slice(0, RECENT);
    this.historyHead.hidden = false;
    this.historyHead.textContent = history.length ? (all ? "Every deal, newest first" : "Your last deals") : "No deal finished yet";
    this.historyList.hidden = !history.length;
    this.historyList.replaceChildren(...shownRows.map((row) => {
      const [head, detail] = historyLine(row, titles);
      const li = h(doc, "li", { class: `fsw-history-row fsw-result-${row.result}`, "data-history-id": String(row.id) },
        h(doc, "span", { class: "fsw-history-what", text: head }),
        h(doc, "span", { class: "fsw-history-when", text: detail }));
      if (row.result === "lost" && typeof row.id === "number") {
        li.append(h(doc, "button", { type: "button", class: "fsw-btn fsw-link", "data-action": "how_won", "data-history-id": String(row.id),
          text: "How could it have been won?", "aria-label": `how the deal lost on ${shortDate(row.date)} could have been won` }));
      }
      return li;
    }));
    this.historyMore.hidden = history.length <= RECENT && !all;
    this.historyMore.textContent = all ? "Fewer" : `All ${history.length} deals`;
    this.historyMore.setAttribute("aria-expanded", String(all));
  }
}

/** What names a deal: another one (or the same dealt again) closes the panels. */
function dealKey(b) {
  return `${b.variant}|${b.seed}|${b.pysol}|${b.ply === 0 && !b.can_undo && !b.can_redo ? "fresh" : "played"}`;
}

let uidCounter = 0;
function uid(doc, name) {
  uidCounter += 1;
  return `fsw-${name}-${uidCounter}`;
}
