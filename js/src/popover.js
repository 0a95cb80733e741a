// Popovers (the "Keys" list, the statistics panel…) kept inside the viewport and the board.
//
// A popover opens under its button; where the button wraps to the start of a toolbar row, or
// the output is narrow, the natural place runs off an edge.  `fitPopover` measures the open
// panel and shifts it (a CSS translate) so that its box lies within the visible area: the
// viewport intersected with the board's own box, less a margin.

const MARGIN = 8;

/**
 * The horizontal shift (px) that brings `rect` (its left/right) within [lo, hi], preferring
 * the left edge when the panel is wider than the room (then its width must be capped too).
 */
export function shiftInto(rect, lo, hi) {
  if (rect.right - rect.left >= hi - lo) return lo - rect.left;
  if (rect.left < lo) return lo - rect.left;
  if (rect.right > hi) return hi - rect.right;
  return 0;
}

/** The visible span [lo, hi] for a popover of `root` in window `win`. */
export function visibleSpan(win, root) {
  const vw = win.innerWidth || (win.document && win.document.documentElement.clientWidth) || 0;
  let lo = MARGIN;
  let hi = vw - MARGIN;
  if (root) {
    const r = root.getBoundingClientRect();
    if (r.width > 2 * MARGIN) {
      lo = Math.max(lo, r.left);
      hi = Math.min(hi, r.right);
    }
  }
  return { lo, hi: Math.max(hi, lo + 120) };
}

/** Place the open `panel` (an element of `root`) within the viewport and the board. */
export function fitPopover(win, root, panel) {
  panel.style.translate = "";
  const { lo, hi } = visibleSpan(win, root);
  panel.style.maxWidth = `${Math.max(120, hi - lo)}px`;
  const r = panel.getBoundingClientRect();
  const dx = shiftInto(r, lo, hi);
  if (dx) panel.style.translate = `${Math.round(dx)}px 0`;
  return dx;
}

/**
 * Keep a <details> popover (its panel: the element after <summary>) in view whenever it opens
 * and while the window is resized.  Returns a function that stops watching.
 */
export function watchDetails(win, root, details, panel) {
  const fit = () => {
    if (details.open) fitPopover(win, root, panel);
  };
  // The "toggle" event comes in a later task: until then the panel would show at its natural
  // place, off the window's edge where the button starts a row.  A MutationObserver on `open`
  // fits it in the same task as the click (or the code) that opened it, before it is painted.
  const Observer = win.MutationObserver;
  const observer = Observer ? new Observer(fit) : null;
  if (observer) observer.observe(details, { attributes: true, attributeFilter: ["open"] });
  details.addEventListener("toggle", fit);
  win.addEventListener("resize", fit);
  return () => {
    if (observer) observer.disconnect();
    details.removeEventListener("toggle", fit);
    win.removeEventListener("resize", fit);
  };
}
