// Cards: codes ("7H", "TD"), their names, and how a card is drawn (HTML + inline SVG pips,
// no images, no fonts to download: crisp at any zoom).

export const RANKS = "A23456789TJQK";
export const SUITS = "SHDC";
export const RANK_LABELS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const RANK_NAMES = [
  "ace", "two", "three", "four", "five", "six", "seven",
  "eight", "nine", "ten", "jack", "queen", "king",
];
export const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };

const SVG_NS = "http://www.w3.org/2000/svg";

// Suit shapes in a 100×100 box, drawn here rather than taken from a font so that every
// platform shows the same, sharp shapes.
const SUIT_SHAPES = {
  H: [["path", { d: "M50 90C22 68 4 50 4 29 4 14 16 4 29 4c10 0 17 6 21 14C54 10 61 4 71 4c13 0 25 10 25 25 0 21-18 39-46 61z" }]],
  D: [["path", { d: "M50 3 86 50 50 97 14 50z" }]],
  S: [["path", { d: "M50 4C62 24 95 38 95 62c0 15-11 25-24 25-8 0-14-4-18-10 1 9 6 15 15 19H32c9-4 14-10 15-19-4 6-10 10-18 10C16 87 5 77 5 62 5 38 38 24 50 4z" }]],
  C: [
    ["circle", { cx: "50", cy: "28", r: "21" }],
    ["circle", { cx: "27", cy: "60", r: "21" }],
    ["circle", { cx: "73", cy: "60", r: "21" }],
    ["path", { d: "M44 50h12c0 22 4 34 14 46H30c10-12 14-24 14-46z" }],
  ],
};

/** Read a card code: {code, rank (0-12), suit ("S"|"H"|"D"|"C"), label, name, red}. */
export function parseCode(code) {
  if (typeof code !== "string" || code.length !== 2) return null;
  const rank = RANKS.indexOf(code[0]);
  const suit = code[1];
  if (rank < 0 || !SUITS.includes(suit)) return null;
  return {
    code,
    rank,
    suit,
    label: RANK_LABELS[rank] + SUIT_SYMBOLS[suit],
    name: `${RANK_NAMES[rank]} of ${SUIT_NAMES[suit]}`,
    red: suit === "H" || suit === "D",
  };
}

/** "seven of hearts" (or the code itself when it cannot be read). */
export function cardName(code) {
  const c = parseCode(code);
  return c ? c.name : String(code);
}

export function suitSvg(doc, suit, className) {
  const svg = doc.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  if (className) svg.setAttribute("class", className);
  for (const [tag, attrs] of SUIT_SHAPES[suit] || []) {
    const el = doc.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    svg.appendChild(el);
  }
  return svg;
}

function index(doc, c, extra) {
  const idx = doc.createElement("span");
  idx.className = "fsw-idx" + (extra ? " " + extra : "");
  const r = doc.createElement("span");
  r.className = "fsw-rank";
  r.textContent = RANK_LABELS[c.rank];
  idx.append(r, suitSvg(doc, c.suit, "fsw-pip"));
  return idx;
}

/**
 * A face-up card: `<div class="fsw-card" data-card="7H" aria-label="seven of hearts, on …">`.
 * `where` is the spoken name of its pile ("the waste").
 */
export function cardElement(doc, code, where) {
  const c = parseCode(code);
  const el = doc.createElement("div");
  el.dataset.card = code;
  if (!c) {
    el.className = "fsw-card fsw-unknown";
    el.textContent = "?";
    return el;
  }
  el.className = `fsw-card fsw-suit-${c.suit} ${c.red ? "fsw-red" : "fsw-black"}`;
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", where ? `${c.name}, on ${where}` : c.name);
  el.title = c.label;
  const centre = doc.createElement("span");
  centre.className = "fsw-centre";
  if (c.rank >= 10) {
    const face = doc.createElement("span");
    face.className = "fsw-face";
    face.textContent = RANK_LABELS[c.rank];
    centre.append(face, suitSvg(doc, c.suit, "fsw-face-pip"));
  } else {
    centre.append(suitSvg(doc, c.suit, c.rank === 0 ? "fsw-big-pip fsw-ace" : "fsw-big-pip"));
  }
  el.append(index(doc, c), centre, index(doc, c, "fsw-idx-b"));
  return el;
}

/** A face-down card (the stock). */
export function backElement(doc) {
  const el = doc.createElement("div");
  el.className = "fsw-card fsw-back";
  el.setAttribute("aria-hidden", "true");
  const inner = doc.createElement("span");
  inner.className = "fsw-back-inner";
  el.appendChild(inner);
  return el;
}
