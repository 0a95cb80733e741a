// The message row: a box of constant size inside the felt that holds, one at a time, the
// replay bar, the demo bar or the banner (Python's banner, or the page's no-kernel notice).
// Beside the piles it fills the room under the waste (the renderer puts it in the side
// column's .fsw-tray-slot); in the narrow layout and Simplicity's two rows it lies across the
// felt's top, of one height per width (styles.css).  It is always there, empty or not, so that
// nothing ever moves the piles (no layout shift) and nothing lies over a card.
//
// DOM contract: [data-role="tray"], data-showing = "" | "banner" | "demo" | "replay"; the board's
// root says where it lies: data-tray = "side" | "band".

import { h } from "./dom.js";

export class MessageRow {
  /** `layers`: {replay, demo, banner} — the replay's and the demo's bars, and the Banner. */
  constructor(view, { replay, demo, banner }) {
    this.view = view;
    this.layers = { replay, demo, banner: banner.el };
    this.banner = banner;
    this.el = h(view.doc, "div", { class: "fsw-tray", "data-role": "tray", "data-showing": "" },
      banner.el, demo, replay);
  }

  /** What shows: the replay while one is watched, else the demo while it runs, else the
   * banner (if any); their controllers say whether each has something to show. */
  render() {
    const v = this.view;
    const showing = v.replaying() ? "replay" : v.demo.running() && !v.offline() ? "demo" : this.banner.showing() ? "banner" : "";
    for (const [name, el] of Object.entries(this.layers)) el.hidden = name !== showing && !(name === "banner" && !showing);
    this.el.dataset.showing = showing;
  }
}
