// Under and over the board: the status line (the position's facts, the kernel's message or
// the view's own note, "Solving…"), the live region screen readers read, and the banner (won,
// lost, resume, no kernel) with its buttons.
//
// The banner lies over the felt (it never pushes the board down) and can be put aside with
// its × (until the board changes).  Where the snapshot carries `board.ui.banner` and
// `board.ui.offers` (Python's word), the banner shows them and each button sends
// {type: "offer", id}; before that, banner.js works them out from the board.

import { bannerFor, bannerIntent, NO_KERNEL_TEXT } from "./banner.js";
import { h } from "./dom.js";

// the contract's offer ids → the actions banner.js knows (for the view's own fallback)
const OFFER_ACTION = { play_again: "again", next_deal: "next", resume: "resume", cancel: "dismiss" };

/** The banner to show: {kind, text, actions: [{action, label, enabled, offer}]} or null. */
export function bannerInfo(board, ui, { live = true, offline = false, dismissed = false } = {}) {
  if (offline) return { kind: "offline", text: NO_KERNEL_TEXT, actions: [] };
  if (!ui) return bannerFor(board, { live, offline, dismissed });
  if (!live || !ui.banner || typeof ui.banner !== "object") return null;
  const offers = Array.isArray(ui.offers) ? ui.offers : [];
  return {
    kind: String(ui.banner.kind || "info"),
    text: String(ui.banner.text || ""),
    actions: offers.map((o) => ({ action: OFFER_ACTION[o.id] || o.id, label: String(o.label || o.id), enabled: o.enabled !== false, offer: o.id })),
  };
}

export class StatusLine {
  constructor(view) {
    this.view = view;
    const doc = view.doc;
    this.banner = h(doc, "div", { class: "fsw-banner", "data-role": "banner", hidden: true, role: "status" });
    this.el = h(doc, "div", { class: "fsw-status", "data-role": "status" });
    this.live = h(doc, "div", { class: "fsw-live", "data-role": "live", "aria-live": "polite", role: "status" });
    this.localNote = "";
    this.lastSerial = view.table.get("message_serial");
    this.dismissed = null; // the version whose resume offer was put aside (no `ui` yet)
    this.hidden = null; // "version|kind" of a banner put aside with its ×
  }

  listen() {
    const v = this.view;
    v.on(this.banner, "click", (e) => {
      const btn = e.target.closest && e.target.closest("button[data-banner]");
      if (!btn || btn.disabled) return;
      const b = v.board();
      if (btn.dataset.banner === "hide") {
        this.hidden = `${b.version}|${this.banner.dataset.kind}`;
        this.renderBanner();
        return;
      }
      if (btn.dataset.offer && v.table.ui()) {
        v.send({ type: "offer", id: btn.dataset.offer });
        return;
      }
      if (btn.dataset.banner === "dismiss") {
        this.dismissed = b.version;
        this.renderBanner();
        return;
      }
      const intent = bannerIntent(btn.dataset.banner, b);
      if (intent) v.send(intent);
    });
  }

  renderBanner() {
    const v = this.view;
    const b = v.board();
    const info = bannerInfo(b, v.table.ui(), { live: !v.replaying(), offline: v.offline(), dismissed: this.dismissed === b.version });
    const banner = this.banner;
    if (!info || this.hidden === `${b.version}|${info.kind}`) {
      banner.hidden = true;
      banner.replaceChildren();
      banner.className = "fsw-banner";
      delete banner.dataset.key;
      return;
    }
    const key = `${info.kind}|${info.text}|${info.actions.map((a) => `${a.action}:${a.enabled !== false}`).join(",")}`;
    if (!banner.hidden && banner.dataset.key === key) return;
    const doc = v.doc;
    banner.dataset.key = key;
    banner.hidden = false;
    banner.className = `fsw-banner fsw-${info.kind}`;
    banner.dataset.kind = info.kind;
    banner.replaceChildren(h(doc, "span", { class: "fsw-banner-text", text: info.text }),
      ...info.actions.map((a) => h(doc, "button", { type: "button", class: "fsw-btn", "data-banner": a.action,
        "data-offer": a.offer, text: a.label, disabled: a.enabled === false })),
      h(doc, "button", { type: "button", class: "fsw-banner-hide", "data-banner": "hide", title: "Hide this message (to see the board)",
        "aria-label": "hide this message", text: "×" }));
  }

  render() {
    const v = this.view;
    const doc = v.doc;
    const b = v.board();
    const t = v.table;
    const kind = t.get("message_kind");
    const msg = t.get("message") || "";
    const serial = t.get("message_serial");
    const busy = t.get("busy");
    const ui = t.ui();
    const parts = v.replay.active()
      ? v.replay.statusParts()
      : [`Moves ${b.ply ?? 0}`, `Home ${b.home ?? 0}/52`, `Stock ${b.stock ?? 0}`, `Base rank ${b.base ?? "?"}`];
    this.el.replaceChildren(h(doc, "span", { class: "fsw-facts", text: parts.join(" · ") }));
    if (busy) {
      const what = busy === "solve" ? "Solving… (play on meanwhile)" : busy === "hint" ? "Thinking…" : "Working…";
      this.el.append(h(doc, "span", { class: "fsw-msg fsw-busy", "data-role": "busy", text: what }));
    }
    const note = this.localNote || msg;
    if (note) {
      const cls = this.localNote ? "fsw-note" : `fsw-msg-${kind}`;
      this.el.append(h(doc, "span", { class: `fsw-msg ${cls}`, "data-role": "message", text: note }));
    }
    if (ui && ui.notice && ui.notice !== note) {
      this.el.append(h(doc, "span", { class: "fsw-msg fsw-notice", "data-role": "notice", text: String(ui.notice) }));
    }
    this.el.dataset.kind = busy ? "busy" : this.localNote ? "note" : kind;
    if (serial !== this.lastSerial) {
      this.lastSerial = serial;
      this.announce(msg);
    }
    v.root.classList.toggle("fsw-busy-now", !!busy);
  }

  announce(text) {
    // re-set the text so that the same words twice are read twice
    this.live.textContent = "";
    this.live.textContent = text;
  }

  note(text) {
    this.localNote = text;
    this.render();
    if (text) this.announce(text);
  }
}
