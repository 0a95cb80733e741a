// The banner: what Python's `board.ui.banner` says ({kind, text}: resume, won, lost, confirm,
// info) with the buttons of `board.ui.offers` ([{id, label, enabled}]); a button sends
// {type: "offer", id}.  The front end composes none of it: no banner text, no button, no rule
// of its own (when to offer what is Python's).  The one thing only the page can know is that no
// kernel answers (kernel.js): that notice is the view's own.
//
// DOM contract: [data-role="banner"] (data-kind), its text [data-role="banner-text"], its
// buttons button[data-offer="<offer id>"].

import { h } from "./dom.js";

export const NO_KERNEL_TEXT =
  "No live kernel: replay and browsing work; playing needs Python (run the notebook).";

const KINDS = new Set(["info", "won", "lost", "confirm", "resume"]);

/**
 * The banner to show, {kind, text, offers: [{id, label, enabled}]}, or null: Python's
 * `ui.banner` and `ui.offers` as published (only checked to be what they claim), or the
 * no-kernel notice.
 *   live:    the live game is shown (not a replay)
 *   offline: no kernel answers (kernel.js)
 */
export function bannerInfo(ui, { live = true, offline = false } = {}) {
  if (offline) return { kind: "offline", text: NO_KERNEL_TEXT, offers: [] };
  if (!live || !ui || !ui.banner || typeof ui.banner !== "object") return null;
  const text = typeof ui.banner.text === "string" ? ui.banner.text : "";
  if (!text) return null;
  const offers = (Array.isArray(ui.offers) ? ui.offers : [])
    .filter((o) => o && typeof o.id === "string" && o.id)
    .map((o) => ({ id: o.id, label: typeof o.label === "string" && o.label ? o.label : o.id, enabled: o.enabled !== false }));
  return { kind: KINDS.has(ui.banner.kind) ? ui.banner.kind : "info", text, offers };
}

export class Banner {
  constructor(view) {
    this.view = view;
    const doc = view.doc;
    this.text = h(doc, "span", { class: "fsw-banner-text", "data-role": "banner-text" });
    this.buttons = h(doc, "span", { class: "fsw-banner-offers" });
    // (a live region that stays in the page, so a new text is read out)
    this.el = h(doc, "div", { class: "fsw-banner", "data-role": "banner", "data-kind": "", role: "status", "aria-live": "polite" },
      this.text, this.buttons);
    this.info = null;
    this.key = "";
  }

  listen() {
    const v = this.view;
    v.on(this.el, "click", (e) => {
      const btn = e.target.closest && e.target.closest("button[data-offer]");
      if (!btn || btn.disabled) return;
      v.send({ type: "offer", id: btn.dataset.offer });
    });
  }

  /** Is there a banner to show? */
  showing() {
    return !!this.info;
  }

  render() {
    const v = this.view;
    const info = bannerInfo(v.table.ui(), { live: !v.replaying(), offline: v.offline() });
    this.info = info;
    const el = this.el;
    const key = info ? JSON.stringify(info) : "";
    if (key === this.key) return;
    const before = this.key;
    this.key = key;
    // (its own class per kind, fsw-banner-<kind>: never a class of the board's own, like the side
    // column's fsw-info, whose padding and pointer-events: none once took the banner's buttons)
    el.className = info ? `fsw-banner fsw-banner-${info.kind}` : "fsw-banner";
    el.dataset.kind = info ? info.kind : "";
    this.text.textContent = info ? info.text : "";
    const doc = v.doc;
    this.buttons.replaceChildren(...(info ? info.offers : []).map((o) => h(doc, "button", {
      type: "button", class: `fsw-btn${o.id === "confirm" || o.id === "resume" ? " fsw-primary" : ""}`,
      "data-offer": o.id, text: o.label, disabled: !o.enabled })));
    // a question asked: the answer that keeps the game has the keyboard (as a dialog would)
    if (info && info.kind === "confirm" && !before.includes('"confirm"')) {
      const keep = this.buttons.querySelector('button[data-offer="cancel"]');
      if (keep) keep.focus({ preventScroll: true });
    }
  }
}
