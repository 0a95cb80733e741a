// The board's size: cards as large as the room the output area really has, width and height
// — the width of the board's own box, the height of the notebook's scrolling panel (or the
// window) less what stands above and below the felt — and, in an output too narrow for the
// side column beside the piles, the narrow layout (stock, waste and base rank in a row under
// the piles, the message row across the felt's top).  Measured only when the output's size
// changes (a ResizeObserver on the board and on the notebook's panel, the window's resize),
// never on a move: the felt keeps one size for a given output width and height, whatever the
// piles hold.

import { acrossReadable, boardSpan, feltHeight, layoutFor } from "./layout.js";

export const CW_MIN = 28; // px: the smallest card (a phone in portrait)
export const CW_MAX = 124; // px: the largest (a big screen: more would only be coarse)
const PAD_WIDE = 16; // the felt's padding (styles.css --fsw-pad; half of it at the bottom,
const PAD_NARROW = 8; // in the wide layout, under a row whose room lies below its cards)
const SPARE = 4;
const NARROW_BELOW = 48; // px: a card narrower than this beside a side column calls for the narrow layout // px of slack so that rounding never brings a scroll bar

/** The widest cards whose felt (layout.js feltHeight, monotone in the card width) fits `avail`
 * px: by bisection (a fanned row's room has a floor in px, so the height is not linear). */
function byHeight(span, avail) {
  let lo = 0;
  let hi = 4 * CW_MAX;
  if (feltHeight(span, hi) <= avail) return hi;
  for (let k = 0; k < 40; k++) {
    const mid = (lo + hi) / 2;
    if (feltHeight(span, mid) <= avail) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * The card width and layout for a board: `width`, the board's box width; `height`, the
 * height the felt may take (null: no limit); `band`, the message row's height when it lies
 * across the felt (narrow layout).  Returns {cw, narrow, css}: the narrow layout when it gives
 * the larger cards, and `css`, the card width as a CSS length — the width's term in container
 * units (100cqi: the board's own width, as the browser lays it out) and the height's in px —
 * which is `cw` at this width.  `stacked` (the View option): the piles do not fan, and no row
 * keeps a fan's room below its first card, only a count badge's.
 */
export function fitCards(board, width, height, band = 76, stacked = false) {
  const size = (narrow, across = false) => {
    const lay = layoutFor(board, { narrow, stacked, across });
    const span = boardSpan(lay);
    const pad = narrow ? PAD_NARROW : PAD_WIDE;
    const padV = narrow ? 2 * pad : pad * 1.5;
    const byWidth = (width - 2 * pad - SPARE) / span.w;
    const h = height ? byHeight(span, height - padV - (narrow ? band + 6 : 0)) : Infinity;
    return { cw: Math.min(byWidth, h), byHeight: h, span, pad, across: lay.across.length > 0 };
  };
  // the cross's top and bottom piles fan sideways where that gives the larger cards (the
  // height binds: the three rows each kept a fan's room, and cards of 69 px left two fifths of
  // a 1280×800 JupyterLab's felt bare, issue 35)
  const best = (narrow) => {
    const down = size(narrow);
    const across = size(narrow, true);
    // (and only on cards large enough that a pile of seven shows each rank as a fan down
    // would: about 45 px)
    return across.across && across.cw > down.cw + 0.5 && acrossReadable(across.cw) ? across : down;
  };
  const wide = best(false);
  const narrow = best(true);
  // (only where the side column leaves the cards small, and the narrow layout clearly helps)
  const useNarrow = wide.cw < NARROW_BELOW && narrow.cw > wide.cw * 1.08;
  const pick = useNarrow ? narrow : wide;
  const cw = Math.max(CW_MIN, Math.min(CW_MAX, pick.cw));
  const cap = Math.floor(Math.min(CW_MAX, pick.byHeight) * 10) / 10;
  const byWidth = `(100cqi - ${2 * pick.pad + SPARE}px) / ${+pick.span.w.toFixed(4)}`;
  const css = `clamp(${CW_MIN}px, min(${cap}px, ${byWidth}), ${CW_MAX}px)`;
  return { cw: Math.floor(cw * 10) / 10, narrow: useNarrow, across: pick.across, css };
}

const PANELS = ".jp-WindowedPanel-outer, .jp-Notebook"; // JupyterLab's and Notebook 7's notebook panel

/** The element above `node`: its parent, or — at the top of a shadow root (marimo shows each
 * output in one) — the element the shadow root belongs to. */
export function parentAcross(node) {
  if (!node) return null;
  if (node.parentElement) return node.parentElement;
  const root = typeof node.getRootNode === "function" ? node.getRootNode() : null;
  return root && root !== node && root.host ? root.host : null;
}

/** `el.closest(sel)`, going on past shadow roots to the page around them. */
export function closestAcross(el, sel) {
  for (let node = el; node;) {
    const hit = typeof node.closest === "function" ? node.closest(sel) : null;
    if (hit) return hit;
    const root = typeof node.getRootNode === "function" ? node.getRootNode() : null;
    node = root && root.host ? root.host : null;
  }
  return null;
}

/** The nearest ancestor of `el` that scrolls vertically (the notebook's panel), or null —
 * looked for past shadow roots (marimo's outputs): the board fits its notebook's room, not the
 * window's. */
export function scroller(el, win) {
  // JupyterLab's and Notebook 7's notebook panel; else the nearest that scrolls (an output
  // area's own scroll box does not count: it is as tall as what it holds)
  const nb = closestAcross(el, PANELS);
  if (nb && nb.clientHeight > 0) return nb;
  const body = el.ownerDocument.body;
  for (let p = parentAcross(el); p && p !== body; p = parentAcross(p)) {
    if (p.classList.contains("jp-OutputArea-output") || p.classList.contains("jp-OutputArea")) continue;
    if (p.classList.contains(MARIMO_OUTPUT)) continue; // (its bound, if any: cellBound)
    const oy = win.getComputedStyle(p).overflowY;
    if ((oy === "auto" || oy === "scroll" || oy === "overlay") && p.clientHeight > 0) return p;
  }
  return null;
}

const MARIMO_OUTPUT = "output-area"; // marimo's output area (in `marimo edit`: at most 610 px tall)

/** The output box of this board's cell when it bounds its height, as `marimo edit` does (its
 * output area: `max-height: 610px`, scrolling within; marimo's "Expand output" lifts it), or
 * null.  Its bound, not its height, is read: the box is as tall as what it holds. */
export function cellBox(el) {
  return closestAcross(el, `.${MARIMO_OUTPUT}`);
}

/** The height the board may take in `cell` (cellBox): its max-height less its padding, or
 * null where it has none (`marimo run`, an expanded output). */
export function cellBound(cell, win) {
  if (!cell) return null;
  const cs = win.getComputedStyle(cell);
  const max = parseFloat(cs.maxHeight);
  if (!(max > 0)) return null;
  return max - (parseFloat(cs.paddingTop) || 0) - (parseFloat(cs.paddingBottom) || 0);
}

export class Fit {
  constructor(view) {
    this.view = view;
    this.cw = null;
    this.narrow = false;
    this.across = false; // the cross's top and bottom piles fanned sideways (fitCards)
    this.key = "";
    this.scroll = undefined;
    this.observer = null;
    this.frame = 0;
    this.width = -1;
    this.viewH = -1;
    this.observed = null;
    this.cell = null; // (a bounded cell's output box, marimo edit's: cellBox)
    this.bound = null;
  }

  listen() {
    const v = this.view;
    const win = v.win;
    if (win.ResizeObserver) {
      // (the output's width only: the board's own height changing — a bar shown, a panel
      // opened — must not resize the cards.)  Measured at once, in the observer's callback
      // (after layout, before paint), not a frame later: the width itself needs no script
      // (--fsw-cw follows it in container units), but a switch to or from the narrow layout
      // does, and a board off screen — JupyterLab does not lay out the cells out of view —
      // meets a width change made meanwhile only when it scrolls back in.
      this.observer = new win.ResizeObserver((entries) => {
        let measure = false;
        for (const e of entries) {
          if (e.target === v.root) {
            measure = measure || e.contentRect.width !== this.width;
            this.width = e.contentRect.width;
          } else if (e.target === this.scroll) {
            measure = measure || this.scroll.clientHeight !== this.viewH;
          } else if (e.target === this.cell) {
            // (marimo's "Expand output" lifts the cell's bound, "Collapse" puts it back)
            measure = measure || cellBound(this.cell, v.win) !== this.bound;
          }
        }
        if (measure) this.update();
      });
      this.observer.observe(v.root);
      v.disposers.push(() => this.observer.disconnect());
    }
    v.on(win, "resize", () => this.schedule());
  }

  /** Measure in the next frame (`force`: even if the output's size is unchanged). */
  schedule(force = false) {
    const win = this.view.win;
    this.forced = this.forced || force;
    if (this.frame || !win.requestAnimationFrame) return;
    this.frame = win.requestAnimationFrame(() => {
      this.frame = 0;
      const f = this.forced;
      this.forced = false;
      this.update(f);
    });
  }

  /** Find the notebook's panel whose height bounds the cards, and hear when that height
   * changes.  It changes without the window's: Notebook 7 hides its 42 px top bar in a narrow
   * window a while after the window narrowed (its panel 898 -> 940 px at 420×1000), and each
   * board measured before that kept the old height's cap (cards 59.4 px, not 63.5) until
   * something else made it measure again — the won board only when scrolled back into view,
   * whose cards then grew under the player's eyes.  (Only the notebook's panel: its height
   * does not follow what it holds, so the cards' size cannot feed back into it; a plain
   * scrolling ancestor's might.) */
  findScroller() {
    const v = this.view;
    if (this.observed && this.observer) this.observer.unobserve(this.observed);
    this.observed = null;
    this.scroll = scroller(v.root, v.win);
    if (this.scroll && this.observer && this.scroll.matches(PANELS)) {
      this.observer.observe(this.scroll);
      this.observed = this.scroll;
    }
    if (this.cell && this.observer) this.observer.unobserve(this.cell);
    this.cell = cellBox(v.root);
    if (this.cell && this.observer) this.observer.observe(this.cell);
  }

  /** Measure and size the cards; re-render the board if the layout changed. */
  update(force = false) {
    const v = this.view;
    const root = v.root;
    const win = v.win;
    if (!root.isConnected || !root.getBoundingClientRect) return;
    const box = root.getBoundingClientRect();
    if (!box.width) return; // (not shown: a collapsed output)
    if (this.scroll === undefined || (this.scroll && !this.scroll.isConnected)) this.findScroller();
    // (never more than the window's: what shows of a scrolling panel is at most the window,
    // and the exported page's .jp-Notebook — a plain block as tall as what it holds, not a
    // scrolling panel — gave the board its own height back: cards of 124 px on a board of
    // 1,091 px in an 800 px window, issue 35)
    const viewH = Math.min(this.scroll ? this.scroll.clientHeight : Infinity, win.innerHeight);
    this.viewH = viewH;
    // a cell whose output box is bounded (marimo edit): the board fits within it, foot and all
    this.bound = cellBound(this.cell, win);
    // the output's size decides, nothing else: what stands around the felt (a longer status
    // line, a toolbar that wraps once a button is enabled) is read only when it changed
    const size = `${Math.round(box.width)}x${viewH}x${this.bound}`;
    if (size === this.size && !force) return;
    this.size = size;
    // what stands above the felt in the board (title, toolbar) and below it (the status line),
    // and a little for the cell's own padding
    const wrap = v.renderer.wrap;
    const above = wrap.getBoundingClientRect().top - box.top;
    // (below: the status line's facts — moves, home, stock — not the whole foot: a message
    // there, three lines long at 420 px after Solve, made the cards of a board resized then
    // a sixth smaller than its neighbours', for good)
    const facts = root.querySelector(".fsw-facts");
    const status = root.querySelector(".fsw-status");
    const line = Math.max(facts ? facts.getBoundingClientRect().height : 0,
      status ? parseFloat(win.getComputedStyle(status).minHeight) || 0 : 0);
    const below = line ? line + 8 : 0;
    let height = viewH - above - below - 8;
    if (this.bound !== null) {
      // (in a bounded box the whole foot counts, as it stands when the size changes: what
      // does not fit there is scrolled to within the cell)
      const foot = box.bottom - wrap.getBoundingClientRect().bottom;
      height = Math.min(height, this.bound - above - Math.max(below, foot) - 2);
    }
    const stage = root.querySelector(".fsw-stage");
    const band = (stage && parseFloat(win.getComputedStyle(stage).getPropertyValue("--fsw-tray-h"))) || 76;
    const stacked = v.options.stacked();
    const { cw, narrow, across, css } = fitCards(v.board(), box.width, height > 120 ? height : null, band, stacked);
    this.cw = cw;
    const key = `${css}|${narrow}|${across}|${stacked}`;
    if (key === this.key && !force) return;
    this.key = key;
    // (the width's part in container units: a board whose output changed width while it was
    // off screen — not laid out, so not measured — has the right cards the moment it is laid
    // out again, before any script runs)
    root.style.setProperty("--fsw-cw", css);
    root.dataset.fit = narrow ? "narrow" : "wide";
    if (narrow !== this.narrow || across !== this.across) {
      this.narrow = narrow;
      this.across = across;
      v.renderer.render(false);
    }
  }
}
