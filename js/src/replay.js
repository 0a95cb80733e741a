// The replay of a solved line: its frames are drawn in the browser (Python published them in
// the `replay` trait), stepped with the buttons, the slider, the keys or a timer.  While it
// shows, the board sends no intents — but one: where Python offers the player's own game back
// (ui.offers "my_game", after "How could it have been won?"), the bar carries that offer too, so
// the lost game is one click away while its winning line is watched.

import { h } from "./dom.js";

// Replay control icons (SVG paths in a 16×16 box, drawn in the button's text colour).
// Play is a large plain triangle; the steps carry a bar (|◀ ▶|), the ends two triangles and a
// bar (|◀◀ ▶▶|): they no longer look alike.
const ICONS = {
  first: "M1 3h2v10H1zM9 3v10L4 8zM15 3v10l-5-5z",
  prev: "M3 3h2v10H3zM13 3v10L6 8z",
  play: "M3 1.5v13L14.5 8z",
  pause: "M4 3h3v10H4zM9 3h3v10H9z",
  next: "M11 3h2v10h-2zM3 3v10l7-5z",
  last: "M13 3h2v10h-2zM1 3v10l5-5zM7 3v10l5-5z",
  step: "M2 3v10l7-5zM11 3h3v10h-3z",
  stop: "M3 3h10v10H3z",
};

export function setIcon(button, name) {
  const NS = "http://www.w3.org/2000/svg";
  const doc = button.ownerDocument;
  const svg = doc.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("width", "1em");
  svg.setAttribute("height", "1em");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = doc.createElementNS(NS, "path");
  path.setAttribute("d", ICONS[name]);
  path.setAttribute("fill", "currentColor");
  svg.appendChild(path);
  button.replaceChildren(svg);
  button.dataset.icon = name;
}

const SPEEDS = [["slow", 900], ["normal", 450], ["fast", 160]];

export class ReplayController {
  constructor(view) {
    this.view = view;
    const doc = view.doc;
    this.index = null; // a frame of the replay, or null for the live game
    this.timer = null;
    this.speedMs = 450;
    this.step = null; // the move from the previous frame to this one, for the animation
    // Icons are inline SVG: media-control glyphs (⏮ ⏸ ⏭) are missing from many system fonts.
    const rb = (action, icon, title) => {
      const b = h(doc, "button", { type: "button", class: "fsw-btn fsw-rbtn", "data-replay": action, title, "aria-label": title });
      setIcon(b, icon);
      return b;
    };
    this.buttons = {
      first: rb("first", "first", "first position"),
      prev: rb("prev", "prev", "step back"),
      play: rb("play", "play", "play"),
      next: rb("next", "next", "step forward"),
      last: rb("last", "last", "last position"),
    };
    this.slider = h(doc, "input", { type: "range", min: "0", max: "0", step: "1", value: "0", class: "fsw-slider", "data-role": "replay-slider", "aria-label": "replay position" });
    this.speed = h(doc, "select", { class: "fsw-speed", "data-role": "replay-speed", "aria-label": "replay speed" },
      ...SPEEDS.map(([name, ms]) => h(doc, "option", { value: String(ms), text: name, selected: ms === this.speedMs })));
    this.info = h(doc, "span", { class: "fsw-replay-info", "data-role": "replay-info" });
    this.leaveButton = h(doc, "button", { type: "button", class: "fsw-btn fsw-primary", "data-replay": "leave", text: "Back to the game" });
    this.enterButton = h(doc, "button", { type: "button", class: "fsw-btn", "data-replay": "enter", text: "Watch the solution", hidden: true });
    this.mineButton = h(doc, "button", { type: "button", class: "fsw-btn", "data-replay": "my_game", hidden: true,
      text: "Back to my game", title: "Leave this deal for your own game, as you left it (its moves, Undo, Where did I go wrong?)" });
    this.bar = h(doc, "div", { class: "fsw-replay", "data-role": "replay", hidden: true, role: "group", "aria-label": "replay of the solver's line" },
      this.buttons.first, this.buttons.prev, this.buttons.play, this.buttons.next, this.buttons.last,
      this.slider, this.speed, this.info, this.mineButton, this.leaveButton);
  }

  listen() {
    const v = this.view;
    v.on(this.bar, "click", (e) => this.onButton(e));
    v.on(this.enterButton, "click", () => this.enter(0));
    v.on(this.slider, "input", () => this.show(Number(this.slider.value)));
    v.on(this.speed, "change", () => {
      this.speedMs = Number(this.speed.value) || 450;
      if (this.timer) this.play();
    });
    v.disposers.push(() => this.stop());
  }

  frames() {
    const r = this.view.table.get("replay") || {};
    return Array.isArray(r.frames) ? r.frames : [];
  }

  moves() {
    const r = this.view.table.get("replay") || {};
    return Array.isArray(r.moves) ? r.moves : [];
  }

  /** Is a replay shown? */
  active() {
    return this.index !== null && this.frames().length > 0;
  }

  /** The frame shown, or null for the live game. */
  frame() {
    return this.active() ? this.frames()[this.index] : null;
  }

  /** The move from the shown frame to the next one, or null at the end. */
  nextMove() {
    return this.active() ? this.moves()[this.index] || null : null;
  }

  statusParts() {
    const n = this.frames().length - 1;
    const mv = this.nextMove();
    return [`Replay: position ${this.index} of ${n}`,
      mv ? `next: ${mv[3] || mv.slice(0, 3).join(" ")}` : "the line is played out"];
  }

  /** Python's offer of the player's own game back ("my_game"), if it stands. */
  mineOffered() {
    const ui = this.view.table.ui();
    const offers = ui && Array.isArray(ui.offers) ? ui.offers : [];
    return offers.some((o) => o && o.id === "my_game" && o.enabled !== false);
  }

  /** One clear way back: after "How could it have been won?" the primary button is the
   * player's own game ("Back to my game"); closing the replay is then "Play this deal", to try
   * the deal shown — never a second "Back to …" that looks the same and leaves the game. */
  renderMine() {
    const mine = this.mineOffered() && !this.view.offline();
    this.mineButton.hidden = !mine;
    this.mineButton.classList.toggle("fsw-primary", mine);
    this.leaveButton.classList.toggle("fsw-primary", !mine);
    const [text, title] = mine
      ? ["Play this deal", "Close the replay and play this deal yourself, from its start"]
      : ["Back to the game", "Close the replay: back to the game on the board"];
    if (this.leaveButton.textContent !== text) {
      this.leaveButton.textContent = text;
      this.leaveButton.title = title;
    }
  }

  /** The `replay` trait changed (or, `initial`, the view was built). */
  onChange(initial) {
    this.renderMine();
    const n = this.frames().length;
    this.enterButton.hidden = !n || this.index !== null;
    if (!n) {
      if (this.index !== null) this.leave();
      return;
    }
    const r = this.view.table.get("replay") || {};
    if (initial !== true && r.autoplay !== false) this.enter(0);
  }

  enter(i) {
    if (!this.frames().length) return;
    this.view.picker.clear();
    this.index = 0;
    this.bar.hidden = false;
    this.enterButton.hidden = true;
    this.slider.max = String(this.frames().length - 1);
    this.show(i || 0);
    this.buttons.play.focus({ preventScroll: true });
  }

  show(i) {
    const n = this.frames().length;
    if (!n || this.index === null) return;
    const prev = this.index;
    this.index = Math.max(0, Math.min(n - 1, i));
    const moves = this.moves();
    const forward = this.index === prev + 1;
    const mv = forward ? moves[prev] : this.index === prev - 1 ? moves[this.index] : null;
    this.step = mv ? { kind: forward ? "move" : "undo", move: mv.slice(0, 3) } : null;
    this.slider.value = String(this.index);
    this.info.textContent = `${this.index} / ${n - 1}`;
    this.buttons.prev.disabled = this.index === 0;
    this.buttons.first.disabled = this.index === 0;
    this.buttons.next.disabled = this.index === n - 1;
    this.buttons.last.disabled = this.index === n - 1;
    this.renderMine();
    this.view.render(!!this.step);
    if (this.index === n - 1) this.stop();
  }

  setPlayIcon(name) {
    setIcon(this.buttons.play, name);
    this.buttons.play.setAttribute("aria-label", name);
    this.buttons.play.title = name;
  }

  play() {
    this.stop();
    if (this.index >= this.frames().length - 1) this.show(0);
    this.setPlayIcon("pause");
    this.timer = this.view.win.setInterval(() => this.show(this.index + 1), this.speedMs);
  }

  stop() {
    if (this.timer) this.view.win.clearInterval(this.timer);
    this.timer = null;
    this.setPlayIcon("play");
  }

  toggle() {
    if (this.timer) this.stop();
    else this.play();
  }

  leave() {
    this.stop();
    this.index = null;
    this.step = null;
    this.bar.hidden = true;
    this.enterButton.hidden = !this.frames().length;
    this.view.render(false);
  }

  onButton(e) {
    const btn = e.target.closest && e.target.closest("button[data-replay]");
    if (!btn || btn.disabled) return;
    const a = btn.dataset.replay;
    const i = this.index ?? 0;
    if (a === "first") this.show(0);
    else if (a === "prev") this.show(i - 1);
    else if (a === "next") this.show(i + 1);
    else if (a === "last") this.show(this.frames().length - 1);
    else if (a === "play") this.toggle();
    else if (a === "leave") this.leave();
    else if (a === "my_game") {
      this.leave();
      this.view.send({ type: "offer", id: "my_game" });
    }
  }

  /** A key while the replay shows; returns whether it was handled. */
  onKey(e, tag) {
    const key = e.key;
    if (key === "ArrowRight" || key === ".") this.show(this.index + 1);
    else if (key === "ArrowLeft" || key === ",") this.show(this.index - 1);
    else if (key === " " && tag !== "BUTTON") this.toggle();
    else if (key === "Escape") this.leave();
    else return false;
    return true;
  }
}
