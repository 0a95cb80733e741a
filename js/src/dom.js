// Small DOM helpers shared by the board's controllers.

/** `h(doc, "button", {class, text, "data-x": 1, …}, ...children)`: an element. */
export function h(doc, tag, attrs = {}, ...children) {
  const el = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("data-") || k.startsWith("aria-") || k === "role" || k === "title"
      || k === "type" || k === "min" || k === "max" || k === "step" || k === "value"
      || k === "for" || k === "id" || k === "inputmode" || k === "placeholder" || k === "tabindex") {
      el.setAttribute(k, v === true ? "" : String(v));
    } else el[k] = v;
  }
  for (const c of children) if (c != null) el.append(c);
  return el;
}

/** A performance mark for benchmarks/browser_latency.py (intent sent, board received, drawn). */
export function mark(win, name) {
  try {
    win.performance.mark(name);
  } catch {
    /* no performance API: nothing to record */
  }
}

export function now(win) {
  return win && win.performance ? win.performance.now() : 0;
}

export function prefersReducedMotion(win) {
  try {
    return !!(win && win.matchMedia && win.matchMedia("(prefers-reduced-motion: reduce)").matches);
  } catch {
    return false;
  }
}
