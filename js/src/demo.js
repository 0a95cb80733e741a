// Demo mode: the solver plays the deal at a watchable pace, in Python (the `demo` part of the
// snapshot: {running, paused, step, of, speed_ms} or null).  This bar draws it and sends
// {type: "demo", action: "start" | "pause" | "resume" | "step" | "stop" | "take_over"}.
// Shown only where the board publishes a `demo` key (a kernel that has the demo mode).
// The pace is the view's (the kernel keeps no timers, so it works without threads): while the
// demo runs unpaused, the view that started or resumed it sends a "step" every `speed_ms`
// after each new board (one view only, so two views of a board do not step twice).
//
// DOM contract: the toolbar's [data-action="demo"], the bar [data-role="demo"] with its
// buttons [data-demo="pause" | "resume" | "step" | "take_over" | "stop"] and the text
// [data-role="demo-info"].

import { h } from "./dom.js";
import { setIcon } from "./replay.js";

export class DemoController {
  constructor(view) {
    this.view = view;
    const doc = view.doc;
    this.startButton = h(doc, "button", { type: "button", class: "fsw-btn", "data-action": "demo", hidden: true,
      title: "Watch the solver play this deal at a watchable pace (pause, step, take over)", text: "Demo" });
    const b = (action, icon, label) => {
      const el = h(doc, "button", { type: "button", class: "fsw-btn fsw-rbtn", "data-demo": action, title: label, "aria-label": label });
      if (icon) setIcon(el, icon);
      else el.textContent = label;
      return el;
    };
    this.buttons = {
      pause: b("pause", "pause", "pause the demo"),
      resume: b("resume", "play", "go on with the demo"),
      step: b("step", "step", "one move of the demo"),
      take_over: b("take_over", null, "Take over"),
      stop: b("stop", "stop", "stop the demo"),
    };
    this.buttons.take_over.classList.add("fsw-primary");
    this.buttons.take_over.setAttribute("aria-label", "take over: play on from here yourself");
    this.timer = null;
    this.driving = false; // this view keeps the pace
    this.info = h(doc, "span", { class: "fsw-replay-info", "data-role": "demo-info", "aria-live": "off" });
    this.bar = h(doc, "div", { class: "fsw-replay fsw-demo", "data-role": "demo", hidden: true, role: "group", "aria-label": "demo: the solver plays" },
      h(doc, "span", { class: "fsw-demo-title", text: "Demo" }),
      this.buttons.pause, this.buttons.resume, this.buttons.step, this.info, this.buttons.take_over, this.buttons.stop);
  }

  listen() {
    const v = this.view;
    // (the start button is the toolbar's: it calls start())
    v.on(this.bar, "click", (e) => {
      const btn = e.target.closest && e.target.closest("button[data-demo]");
      if (!btn || btn.disabled) return;
      this.act(btn.dataset.demo);
    });
    v.disposers.push(() => this.stopTimer());
    // Demo waits while the kernel searches (`busy`), like Hint: when the search ends the board
    // may not change (a hint's board comes *before* busy is cleared, as in the site's
    // thread-free Pyodide), so the end of `busy` alone must give the button back
    v.disposers.push(v.table.watch(["busy"], () => this.render()));
  }

  start() {
    this.act("start");
  }

  act(action) {
    this.driving = action === "start" || action === "resume" || action === "step" || (this.driving && action === "pause");
    this.stopTimer();
    this.view.send({ type: "demo", action });
  }

  stopTimer() {
    if (this.timer) this.view.win.clearTimeout(this.timer);
    this.timer = null;
  }

  /** The next step, `speed_ms` after this board, while the demo runs unpaused (this view's pace). */
  schedule() {
    this.stopTimer();
    const d = this.state();
    if (!d || !d.running) this.driving = false;
    if (!d || !d.running || d.paused || !this.driving || this.view.offline()) return;
    this.timer = this.view.win.setTimeout(() => {
      this.timer = null;
      const now = this.state();
      if (now && now.running && !now.paused && this.driving) this.view.send({ type: "demo", action: "step" });
    }, Math.max(100, Number(d.speed_ms) || 700));
  }

  /** The snapshot's demo, or null. */
  state() {
    const d = this.view.board().demo;
    return d && typeof d === "object" ? d : null;
  }

  running() {
    const d = this.state();
    return !!(d && d.running);
  }

  render() {
    const v = this.view;
    const b = v.board();
    const d = this.state();
    const offered = Object.prototype.hasOwnProperty.call(b, "demo");
    const off = v.offline();
    // (shown, greyed, while the demo runs: a button that came and went would move the board)
    this.startButton.hidden = !offered;
    const needs = v.needsPython ? v.needsPython() : ""; // (no kernel: the demo needs Python)
    this.startButton.disabled = off || !!needs || v.replaying() || b.status !== "playing" || !!v.table.get("busy") || !!(d && d.running);
    if (needs) this.startButton.title = needs;
    this.bar.hidden = !(d && d.running);
    v.root.classList.toggle("fsw-demo-on", !!(d && d.running));
    const key = `${b.version}|${JSON.stringify(d)}`;
    if (this.shownKey !== key) {
      this.shownKey = key; // (a new board, or the demo paused or resumed: the pace again)
      this.schedule();
    }
    if (!d || !d.running) return;
    const paused = !!d.paused;
    this.buttons.pause.hidden = paused;
    this.buttons.resume.hidden = !paused;
    this.buttons.step.disabled = !paused;
    const speed = d.speed_ms ? ` · ${(d.speed_ms / 1000).toFixed(1)} s a move` : "";
    // (no win found: the fair player's best moves, which may lose — said while it plays)
    const unsure = d.sure === false ? " · best moves, may lose" : "";
    this.info.textContent = `move ${d.step ?? 0} of ${d.of ?? "?"}${unsure}${paused ? " · paused" : speed}`;
    for (const k of Object.keys(this.buttons)) if (off) this.buttons[k].disabled = true;
  }
}
