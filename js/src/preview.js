// The preview: the board a notebook shows before its kernel is ready.  Python writes, beside
// the widget's own output, a small description of the deal (fourseasons_widget/preview.py:
// `application/vnd.fourseasons.board+json`, a seed or a PySolFC number, never a deck); this
// project's JupyterLab extension (js/labext) hands it here, and it is drawn as the board that
// plays without a kernel — this module's `widget.render` over a model of the page's own, the
// same board and front-end engine the exported page and a plain HTML page play on.  The board
// says that Python is not running yet; each change of its game is kept for the live board of
// the same cell (handover.js), which plays it on to Python once the cell runs.
//
// The data comes from a notebook file, which anyone may have written: it is read strictly
// (known fields only, typed, bounded, dealt by the engine before anything is drawn) and a bad
// one is shown as a short message, not a board.

import { gameFromModel } from "./engine/local.js";
import { VARIANT_NAMES } from "./engine/rules.js";
import { keepLine } from "./handover.js";
import { tableFor } from "./table.js";
import widget from "./widget.js";

export const MIME = "application/vnd.fourseasons.board+json";
const FIELDS = new Set(["version", "variant", "options", "seed", "pysol"]);
const MAX_OPTIONS = 8;
const WORD = /^[a-z][a-z0-9_]{0,23}$/;

export class PayloadError extends Error {}

const shown = (v) => JSON.stringify(typeof v === "string" ? v.slice(0, 24) : typeof v);

/** The deal `data` describes, checked: `{ variant, options, seed }` or `{ …, pysol }`.
 * Throws a PayloadError saying what is wrong. */
export function readPayload(data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new PayloadError("the saved board is not an object");
  const keys = Object.keys(data);
  const unknown = keys.find((k) => !FIELDS.has(k));
  if (unknown !== undefined) throw new PayloadError(`the saved board has an unknown field ${shown(unknown)}`);
  if (data.version !== 1) throw new PayloadError("the saved board is not version 1 (written by another fourseasons-widget?)");
  if (!VARIANT_NAMES.includes(data.variant)) throw new PayloadError(`the saved board names no known variant: ${shown(data.variant)}`);
  const options = data.options ?? {};
  if (!options || typeof options !== "object" || Array.isArray(options)) throw new PayloadError("the saved board's options are not an object");
  const entries = Object.entries(options);
  if (entries.length > MAX_OPTIONS) throw new PayloadError("the saved board has too many options");
  for (const [k, v] of entries) {
    if (!WORD.test(k) || typeof v !== "string" || !WORD.test(v)) {
      throw new PayloadError(`the saved board's option ${shown(k)} is not a short word`);
    }
  }
  const hasSeed = data.seed !== undefined;
  const hasPysol = data.pysol !== undefined;
  if (hasSeed === hasPysol) throw new PayloadError("the saved board names a seed or a PySolFC deal number (one of them)");
  const n = hasSeed ? data.seed : data.pysol;
  if (!Number.isSafeInteger(n) || n < (hasSeed ? 0 : 1)) {
    throw new PayloadError(`the saved board's ${hasSeed ? "seed" : "PySolFC number"} is not a whole number in range`);
  }
  const deal = { variant: data.variant, options: { ...options }, [hasSeed ? "seed" : "pysol"]: n };
  try {
    gameFromModel({ get: (k) => deal[k] }); // (the engine's own checks: options, PySolFC's games)
  } catch (err) {
    throw new PayloadError(`the saved board cannot be dealt: ${String((err && err.message) || err).slice(0, 120)}`);
  }
  return deal;
}

/** A model of the page's own (the anywidget model contract, no kernel behind it). */
export class PageModel {
  #state;
  #events = new EventTarget();
  constructor(state) {
    this.#state = { ...state };
  }
  get(name) {
    return this.#state[name];
  }
  set(name, value) {
    this.#state[name] = value;
    this.#events.dispatchEvent(new Event(`change:${name}`));
  }
  on(name, fn) {
    this.#events.addEventListener(name, fn);
  }
  off(name, fn) {
    this.#events.removeEventListener(name, fn);
  }
}

/** Draw the preview of `data` in `el`; returns its cleanup.  A bad `data` is a message. */
export function renderPreview(el, data) {
  let deal;
  try {
    deal = readPayload(data);
  } catch (err) {
    if (!(err instanceof PayloadError)) throw err;
    const p = el.ownerDocument.createElement("p");
    p.className = "fsw-preview-error";
    p.setAttribute("role", "note");
    p.textContent = `No board preview: ${err.message}. Run the cell to see the board.`;
    el.replaceChildren(p);
    return () => p.remove();
  }
  const model = new PageModel({ ...deal, preview: true });
  const stop = widget.render({ model, el });
  const table = tableFor(model);
  let moved = false;
  const keep = () => {
    const game = table.local && table.local.game;
    // (kept once the player changed something: an untouched preview hands nothing over)
    if (game && (moved || game.ply || game.seed !== deal.seed || game.pysol !== (deal.pysol ?? null))) {
      moved = true;
      keepLine(el, game);
    }
  };
  model.on("change:board", keep);
  return () => {
    model.off("change:board", keep);
    stop();
  };
}
