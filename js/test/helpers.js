// Test helpers: a DOM (jsdom) and a stand-in for the anywidget model.
import { readFileSync } from "node:fs";
import { JSDOM } from "jsdom";

export const FIXTURES = JSON.parse(
  readFileSync(new URL("./fixtures/boards.json", import.meta.url), "utf8"),
);

export function dom() {
  const jsdom = new JSDOM("<!doctype html><html><body></body></html>", { pretendToBeVisual: true });
  return jsdom.window;
}

/** The parts of the anywidget model API the view uses: get/set/on/off/send/save_changes. */
export class FakeModel {
  constructor(state) {
    this.state = {
      board: {},
      message: "",
      message_kind: "info",
      message_serial: 0,
      four_colour: false,
      replay: {},
      busy: "",
      variants: [
        { name: "standard", title: "Four Seasons", summary: "" },
        { name: "czarina", title: "Czarina", summary: "" },
      ],
      ...state,
    };
    this.handlers = new Map();
    this.sent = [];
    this.saved = 0;
  }
  get(key) {
    return this.state[key];
  }
  set(key, value) {
    this.state[key] = value;
    this.emit(`change:${key}`, value);
  }
  on(event, fn) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event).add(fn);
  }
  off(event, fn) {
    this.handlers.get(event)?.delete(fn);
  }
  emit(event, ...args) {
    for (const fn of this.handlers.get(event) || []) fn(...args);
  }
  send(msg) {
    if (msg && msg.type === "ping") {
      // a live kernel answers the board's ping (a model with `kernel: false` stays silent,
      // one with `kernel: "later"` answers on the next microtask: until then the board holds
      // the intents, kernel.js).  At once, so that the tests' clicks reach Python as in a
      // notebook whose kernel answered long before the player's first click.
      if (this.kernel === "later") queueMicrotask(() => this.emit("msg:custom", { type: "pong" }));
      else if (this.kernel !== false) this.emit("msg:custom", { type: "pong" });
      return;
    }
    this.sent.push(msg);
  }
  save_changes() {
    this.saved += 1;
  }
  listenerCount() {
    let n = 0;
    for (const s of this.handlers.values()) n += s.size;
    return n;
  }
}

export function clone(x) {
  return JSON.parse(JSON.stringify(x));
}
