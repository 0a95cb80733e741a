// Under and above the board: the status line (the position's facts, the kernel's message or
// the view's own note, "Solving…"), the live region screen readers read, and the banner (won,
// lost, resume, no kernel) with its buttons.

import { bannerFor, bannerIntent } from "./banner.js";
import { h } from "./dom.js";

export class StatusLine {
  constructor(view) {
    this.view = view;
    const doc = view.doc;
    this.banner = h(doc, "div", { class: "fsw-banner", "data-role": "banner", hidden: true });
    this.el = h(doc, "div", { class: "fsw-status", "data-role": "status" });
    this.live = h(doc, "div", { class: "fsw-live", "data-role": "live", "aria-live": "polite", role: "status" });
    this.localNote = "";
    this.lastSerial = view.table.get("message_serial");
    this.dismissed = null; // the version whose resume offer was put aside
  }

  listen() {
    const v = this.view;
    v.on(this.banner, "click", (e) => {
      const btn = e.target.closest && e.target.closest("button[data-banner]");
      if (!btn) return;
      if (btn.dataset.banner === "dismiss") {
        this.dismissed = v.board().version;
        this.renderBanner();
        return;
      }
      const intent = bannerIntent(btn.dataset.banner, v.board());
      if (intent) v.send(intent);
    });
  }

  renderBanner() {
    const v = this.view;
    const b = v.board();
    const info = bannerFor(b, { live: !v.replaying(), offline: v.offline(), dismissed: this.dismissed === b.version });
    const banner = this.banner;
    if (!info) {
      banner.hidden = true;
      banner.replaceChildren();
      banner.className = "fsw-banner";
      delete banner.dataset.key;
      return;
    }
    const key = `${info.kind}|${info.text}`;
    if (!banner.hidden && banner.dataset.key === key) return;
    banner.dataset.key = key;
    banner.hidden = false;
    banner.className = `fsw-banner fsw-${info.kind}`;
    banner.dataset.kind = info.kind;
    banner.replaceChildren(h(v.doc, "span", { class: "fsw-banner-text", text: info.text }),
      ...info.actions.map((a) => h(v.doc, "button", { type: "button", class: "fsw-btn", "data-banner": a.action, text: a.label })));
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
