// Under the board: the status line (the position's facts, the kernel's message or the view's
// own note, "Solving…") and the live region screen readers read.  (The banner is banner.js's,
// in the message row above the felt: message-row.js.)

import { h } from "./dom.js";

/** ms a refusal stays in sight when a hint's message comes right after it (a hint asked just
 * before, answered late): the refusal's reason is not replaced before it can be read. */
export const REFUSAL_KEEP_MS = 4000;
const clock = (win) => (win.performance ? win.performance.now() : Date.now());

export class StatusLine {
  constructor(view) {
    this.view = view;
    const doc = view.doc;
    this.el = h(doc, "div", { class: "fsw-status", "data-role": "status" });
    this.live = h(doc, "div", { class: "fsw-live", "data-role": "live", "aria-live": "polite", role: "status" });
    this.localNote = "";
    this.lastSerial = view.table.get("message_serial");
    this.refused = null; // {text, at}: the last refusal said, kept in sight a moment
    this.keepTimer = null;
  }

  listen() {}

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
      const what = busy === "solve" ? "Solving… (play on meanwhile)" : busy === "hint" ? "Thinking…" : busy === "demo" ? "The demo gets ready…" : "Working…";
      this.el.append(h(doc, "span", { class: "fsw-msg fsw-busy", "data-role": "busy", text: what }));
    }
    const note = this.localNote || msg;
    if (note) {
      const cls = this.localNote ? "fsw-note" : `fsw-msg-${kind}`;
      this.el.append(h(doc, "span", { class: `fsw-msg ${cls}`, "data-role": "message", text: note }));
    }
    if (serial !== this.lastSerial) {
      if (kind === "refusal") this.refused = { text: msg, at: clock(v.win) };
      else if (kind !== "hint") this.refused = null;
    }
    const r = this.refused;
    const age = r ? clock(v.win) - r.at : Infinity;
    if (r && kind === "hint" && note === msg && msg !== r.text && age < REFUSAL_KEEP_MS) {
      // a hint's word came before the refusal's could be read: both, the refusal first
      this.el.insertBefore(h(doc, "span", { class: "fsw-msg fsw-msg-refusal", "data-role": "refusal-kept", text: r.text }),
        this.el.lastChild);
      if (this.keepTimer) v.win.clearTimeout(this.keepTimer);
      this.keepTimer = v.win.setTimeout(() => {
        this.keepTimer = null;
        this.render();
      }, REFUSAL_KEEP_MS - age + 20);
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
