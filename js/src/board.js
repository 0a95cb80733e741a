// Drawing a position.  Pure DOM building from the data Python publishes: no game logic here.
//
// DOM contract (stable, for tests and course authors):
//   every card      [data-card="7H"]
//   every pile      [data-pile="stock" | "waste" | "foundation:i" | "cross:i" | "tableau:i" | "cell:i"]
//   status line     [data-role="status"]

import { backElement, cardElement, cardName, RANK_LABELS, SUIT_SYMBOLS, suitSvg } from "./cards.js";
import { layoutFor, ROOM_MIN_CSS, rowHeights, SIDE_MAX, SIDE_W } from "./layout.js";

const SUIT_ORDER = ["S", "H", "D", "C"];
const FOUND_APART = 0.45; // of a card's width: the foundations' distance from the rows

function labelOf(board, pile) {
  return (board.pile_labels && board.pile_labels[pile]) || pile;
}

function pileElement(doc, board, name, cell, kind) {
  const el = doc.createElement("div");
  el.className = `fsw-pile fsw-pile-${kind}`;
  el.dataset.pile = name;
  el.dataset.row = String(cell[0]);
  el.dataset.col = String(cell[1]);
  el.style.gridRow = String(cell[0]);
  el.style.gridColumn = String(cell[1]);
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  return el;
}

function badge(doc, text, cls) {
  const b = doc.createElement("span");
  b.className = "fsw-badge" + (cls ? " " + cls : "");
  b.textContent = text;
  b.setAttribute("aria-hidden", "true");
  return b;
}

function placeholder(doc, text, cls) {
  const p = doc.createElement("div");
  p.className = "fsw-slot" + (cls ? " " + cls : "");
  if (text) {
    const t = doc.createElement("span");
    t.className = "fsw-slot-text";
    t.textContent = text;
    p.appendChild(t);
  }
  p.setAttribute("aria-hidden", "true");
  return p;
}

function topOf(cards) {
  return cards.length ? cards[cards.length - 1] : null;
}

/**
 * Build the board element for `position` (the live board, or a replay frame) drawn in the
 * layout of `board`.  Returns the element; highlighting is applied separately.
 */
export function renderBoard(doc, board, position, { narrow = false, stacked = false, across = false } = {}) {
  const pos = position || board;
  const lay = layoutFor(board, { narrow, stacked, across });
  const root = doc.createElement("div");
  root.className = `fsw-board fsw-layout-${board.layout}` + (narrow ? " fsw-narrow" : "")
    + (stacked ? " fsw-stacked" : "") + (lay.across.length ? " fsw-across" : "");
  root.style.setProperty("--fsw-grid-cols", String(lay.cols));
  root.style.setProperty("--fsw-rows", String(lay.rows));
  // the room below each row's first card (fans squeeze into it) and a row's height, in cards
  root.style.setProperty("--fsw-room", lay.fan ? String(lay.room) : "0");
  root.style.setProperty("--fsw-room-min", lay.fan && lay.narrow ? ROOM_MIN_CSS : "0px"); // (its floor)
  root.style.setProperty("--fsw-row-k", String(1 + lay.room));
  root.style.setProperty("--fsw-side-k", String(SIDE_W)); // (the side column fit.js counts)
  root.style.setProperty("--fsw-side-max", `${SIDE_MAX}px`);
  if (narrow) {
    root.style.gridTemplateColumns = `repeat(${lay.cols}, var(--fsw-cw))`;
  } else if (board.layout === "rows") {
    // the foundations' columns are wider: they stand apart from the tableau
    root.style.setProperty("--fsw-extra-cols", String(2 * FOUND_APART));
    root.style.gridTemplateColumns = `calc(var(--fsw-cw) * ${1 + FOUND_APART}) repeat(${lay.cols - 2}, var(--fsw-cw)) `
      + `calc(var(--fsw-cw) * ${1 + FOUND_APART}) var(--fsw-side-w)`;
  }
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", `${board.title}: the board`);
  const base = board.base;

  // the tableau
  (board.pile_names || []).forEach((name, i) => {
    const cards = (pos.piles && pos.piles[i]) || [];
    const where = labelOf(board, name);
    const el = pileElement(doc, board, name, lay.cells[name], "tableau");
    // (the cross's top and bottom piles, where they fan sideways: styles.css .fsw-fan-x)
    if (lay.across.includes(name)) el.classList.add("fsw-fan-x");
    if (!cards.length) {
      el.appendChild(placeholder(doc, "space", "fsw-space"));
    } else {
      // the fan: card k lies k strips down; the strip (styles.css) squeezes a deep pile into
      // its row's room, so the pile never outgrows its row
      fanPile(el, cards.length, lay.fan);
      cards.forEach((code, k) => {
        const c = cardElement(doc, code, where);
        c.style.setProperty("--fsw-k", String(lay.fan ? k : 0));
        if (k < cards.length - 1) c.classList.add("fsw-under");
        el.appendChild(c);
      });
      // (fanned, no count badge: every card's corner shows, and the badge covered an index;
      // stacked, the count in the room under the pile, as the foundations' and the stock's)
      if (stacked) stackCount(el, cards.length);
    }
    // (stacked, the cards under the top one are hidden: the label names them, top down)
    const under = stacked && cards.length > 1
      ? `; under it, from the top: ${cards.slice(0, -1).reverse().map(cardName).join(", ")}` : "";
    el.setAttribute("aria-label", cards.length
      ? `${where}: ${cards.length} card${cards.length > 1 ? "s" : ""}, ${cardName(topOf(cards))} on top${under}`
      : `${where}: a space`);
    root.appendChild(el);
  });

  // the foundations
  for (let slot = 0; slot < 4; slot++) {
    const name = `foundation:${slot}`;
    const f = (pos.foundations && pos.foundations[slot]) || { suit: null, count: 0, cards: [] };
    const where = labelOf(board, name);
    const el = pileElement(doc, board, name, lay.cells[name], "foundation");
    if (!f.count) {
      // where the rules give each suit its corner (PySolFC), the corner shows its suit
      const fixed = board.corner_suits && board.corner_suits[slot];
      const ph = placeholder(doc, (base || "") + (fixed ? SUIT_SYMBOLS[fixed] : ""), "fsw-found-empty");
      const sub = doc.createElement("span");
      sub.className = "fsw-slot-sub";
      sub.textContent = "base";
      ph.appendChild(sub);
      el.appendChild(ph);
      el.setAttribute("aria-label", fixed
        ? `${where}: empty, takes the ${rankWord(board)} of ${suitName(fixed)}`
        : `${where}: empty, takes any ${rankWord(board)}`);
    } else {
      for (const code of f.cards) el.appendChild(cardElement(doc, code, where));
      [...el.querySelectorAll(".fsw-card")].slice(0, -1).forEach((c) => c.classList.add("fsw-under"));
      el.appendChild(badge(doc, `${f.count}/13`, "fsw-count" + (f.count === 13 ? " fsw-full" : "")));
      el.setAttribute("aria-label",
        `${where}: ${f.count} of 13 ${suitName(f.suit)}, ${cardName(topOf(f.cards))} on top`);
    }
    root.appendChild(el);
  }

  // the stock
  const stock = pileElement(doc, board, "stock", lay.cells.stock, "stock");
  const left = pos.stock || 0;
  if (left) {
    // a few backs offset by a hair show that the stock is a pile
    const shown = Math.min(3, Math.ceil(left / 12));
    for (let k = 0; k < shown; k++) {
      const b = backElement(doc);
      b.style.setProperty("--fsw-x", String(-(shown - 1 - k) * 0.025));
      b.style.setProperty("--fsw-y", String(-(shown - 1 - k) * 0.02));
      stock.appendChild(b);
    }
    stock.appendChild(badge(doc, String(left), "fsw-count"));
  } else {
    stock.appendChild(placeholder(doc, "empty", "fsw-stock-empty"));
  }
  stock.setAttribute("aria-label", left ? `the stock: ${left} card${left > 1 ? "s" : ""} face down; turn the next` : "the stock: empty");
  root.appendChild(stock);

  // the waste: the top card readable, two below peeking out to hint at its depth
  const waste = pileElement(doc, board, "waste", lay.cells.waste, "waste");
  const wcards = pos.waste || [];
  if (!wcards.length) {
    waste.appendChild(placeholder(doc, "waste", "fsw-waste-empty"));
  } else {
    // the top three fanned sideways, each showing its whole index (rank and suit): the step
    // is the index's width, per face (styles.css: --fsw-wstep)
    const fanned = Math.min(3, wcards.length);
    wcards.forEach((code, k) => {
      const c = cardElement(doc, code, "the waste");
      c.style.setProperty("--fsw-wk", String(Math.max(0, k - (wcards.length - fanned))));
      if (k < wcards.length - 1) c.classList.add("fsw-under");
      waste.appendChild(c);
    });
    if (wcards.length > 1) waste.appendChild(badge(doc, String(wcards.length), "fsw-depth"));
  }
  waste.setAttribute("aria-label", wcards.length
    ? `the waste: ${wcards.length} card${wcards.length > 1 ? "s" : ""}, ${cardName(topOf(wcards))} on top`
    : "the waste: empty");
  root.appendChild(waste);

  if (lay.spans.waste) waste.style.gridColumn = `${lay.cells.waste[1]} / span ${lay.spans.waste}`;

  // the base rank (and what is home), under the waste where there is room; beside the piles,
  // it also holds the message row (message-row.js; the renderer puts it in .fsw-tray-slot): the room
  // under the waste, where it never lies over a card
  if (lay.info) {
    const info = doc.createElement("div");
    info.className = "fsw-info";
    info.dataset.role = "side";
    const [row, col] = lay.info;
    info.style.gridRow = lay.narrow ? String(row) : `${row - 1} / span 2`;
    // (in the narrow row, over the last two columns, clear of the waste's fan: it is wider
    // than a card)
    info.style.gridColumn = lay.narrow ? `${col - 1} / span 2` : String(col);
    const b = doc.createElement("div");
    b.className = "fsw-info-base";
    b.innerHTML = "";
    const big = doc.createElement("span");
    big.className = "fsw-info-big";
    // PySolFC's Corners starts each suit at its own rank: "4 base ranks"
    const perSuit = board.base_rank === null && board.base === "per suit";
    big.textContent = perSuit ? "4" : base || "?";
    const small = doc.createElement("span");
    small.className = "fsw-info-small";
    small.textContent = perSuit ? "base ranks" : "base rank";
    b.append(big, small);
    const home = doc.createElement("div");
    home.className = "fsw-info-home";
    home.dataset.role = "home";
    home.textContent = `${pos.home ?? 0}/52 home`;
    const line = doc.createElement("div");
    line.className = "fsw-info-line";
    line.append(b, home);
    info.append(line);
    if (!lay.narrow) {
      const slot = doc.createElement("div");
      slot.className = "fsw-tray-slot";
      info.append(slot);
    }
    root.appendChild(info);
  }
  // every row of one height, whatever the piles hold: the felt keeps its size
  root.style.gridTemplateRows = rowHeights(lay).join(" ");
  return root;
}

/** A stacked pile's count badge (the count of its cards, shown from two on), made, updated or
 * removed for a pile of `n`. */
export function stackCount(el, n) {
  let b = el.querySelector(":scope > .fsw-pile-count");
  if (n < 2) {
    if (b) b.remove();
    return;
  }
  if (!b) {
    b = badge(el.ownerDocument, "", "fsw-count fsw-pile-count");
    el.appendChild(b);
  }
  b.textContent = String(n);
}

/** A fanned pile's variables: the cards under the top one (styles.css squeezes them into the
 * row's room). */
export function fanPile(el, n, fan) {
  el.style.setProperty("--fsw-under", String(fan ? Math.max(0, n - 1) : 0));
  el.style.setProperty("--fsw-n1", String(Math.max(1, n - 1)));
}

/**
 * Bring `old` (a board in the page) up to `fresh` (a board just built) in place, keeping the
 * pile elements — and so the keyboard focus — when the layout is the same, and, keyed by card
 * code, the card elements that stay in their pile (a card gliding in keeps gliding; the DOM
 * changes only where the position did).  Returns false when the layouts differ (then replace
 * the whole board).
 */
export function patchBoard(old, fresh) {
  if (old.className !== fresh.className || old.children.length !== fresh.children.length) return false;
  const olds = [...old.children];
  const news = [...fresh.children];
  for (let i = 0; i < olds.length; i++) {
    const a = olds[i];
    const b = news[i];
    if (a.tagName !== b.tagName || (a.dataset.pile || "") !== (b.dataset.pile || "")) return false;
  }
  old.style.cssText = fresh.style.cssText;
  old.setAttribute("aria-label", fresh.getAttribute("aria-label") || "");
  for (let i = 0; i < olds.length; i++) {
    const a = olds[i];
    const b = news[i];
    a.className = b.className;
    a.style.cssText = b.style.cssText;
    const label = b.getAttribute("aria-label");
    if (label !== null) a.setAttribute("aria-label", label);
    if (a.dataset.pile) patchPile(a, b);
    else if (a.dataset.role === "side") {
      // (the message row's slot keeps the message row: only the base rank line is new)
      a.replaceChild(b.firstChild, a.firstChild);
    } else a.replaceChildren(...b.childNodes);
  }
  return true;
}

const FLY_PROPS = ["--fsw-dx", "--fsw-dy", "animation-delay", "animation-fill-mode"];

/** A card element kept in place, brought up to its fresh copy (same code: same face). */
function syncCard(a, b) {
  const flying = a.classList.contains("fsw-fly");
  const keep = flying ? FLY_PROPS.map((p) => [p, a.style.getPropertyValue(p)]) : [];
  a.className = b.className + (flying ? " fsw-fly" : "");
  a.style.cssText = b.style.cssText;
  for (const [p, val] of keep) if (val) a.style.setProperty(p, val);
  for (const attr of ["aria-label", "title"]) {
    const val = b.getAttribute(attr);
    if (val !== null && a.getAttribute(attr) !== val) a.setAttribute(attr, val);
  }
}

/** The children of pile `a` made those of `b`, reusing `a`'s cards by code, moving nothing
 * that is already where it belongs (a node taken out and put back restarts its animation). */
function patchPile(a, b) {
  const mine = new Map();
  for (const c of a.children) if (c.dataset.card) mine.set(c.dataset.card, c);
  const want = [...b.children].map((n) => {
    const o = n.dataset.card ? mine.get(n.dataset.card) : null;
    if (!o) return n;
    mine.delete(n.dataset.card);
    syncCard(o, n);
    return o;
  });
  want.forEach((n, i) => {
    if (a.children[i] !== n) a.insertBefore(n, a.children[i] || null);
  });
  while (a.children.length > want.length) a.lastElementChild.remove();
}

function rankWord(board) {
  const r = board.base_rank;
  const names = ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king"];
  return typeof r === "number" ? names[r] : `${board.base || "base-rank"} card`;
}

function suitName(s) {
  return { S: "spades", H: "hearts", D: "diamonds", C: "clubs" }[s] || "cards";
}

/**
 * Mark what can be done, from the published legal moves only:
 *  - `.fsw-movable` on cards (and the stock) that some legal move takes;
 *  - `.fsw-selected` on the picked card (and the cards above it, which move with it);
 *  - `.fsw-target` on the piles the picked card may legally go to;
 *  - `.fsw-hint-from` / `.fsw-hint-to` for a hint.
 * Returns the list of target pile names.
 */
export function applyHighlights(boardEl, legal, selected, hint) {
  for (const el of boardEl.querySelectorAll(".fsw-movable, .fsw-selected, .fsw-target, .fsw-hint-from, .fsw-hint-to")) {
    el.classList.remove("fsw-movable", "fsw-selected", "fsw-target", "fsw-hint-from", "fsw-hint-to");
  }
  const find = (pile) => boardEl.querySelector(`[data-pile="${pile}"]`);
  for (const [card, source] of legal || []) {
    const pile = find(source);
    if (!pile) continue;
    if (source === "stock") pile.classList.add("fsw-movable");
    else {
      const c = pile.querySelector(`[data-card="${card}"]`);
      if (c) c.classList.add("fsw-movable");
    }
  }
  const targets = [];
  if (selected) {
    const pile = find(selected.source);
    if (pile) {
      if (selected.source === "stock") pile.classList.add("fsw-selected");
      else {
        let on = false;
        for (const c of pile.querySelectorAll("[data-card]")) {
          if (c.dataset.card === selected.card) on = true;
          if (on) c.classList.add("fsw-selected");
        }
      }
    }
    for (const [card, source, target] of legal || []) {
      if (source === selected.source && (card === selected.card || source === "stock")) {
        const t = find(target);
        if (t && !targets.includes(target)) {
          t.classList.add("fsw-target");
          targets.push(target);
        }
      }
    }
  }
  if (hint && hint.move) {
    const [card, source, target] = hint.move;
    const from = find(source);
    if (from) {
      const c = source === "stock" ? from : from.querySelector(`[data-card="${card}"]`);
      (c || from).classList.add("fsw-hint-from");
    }
    const to = find(target);
    if (to) to.classList.add("fsw-hint-to");
  }
  return targets;
}

export { RANK_LABELS, SUIT_ORDER, suitSvg };
