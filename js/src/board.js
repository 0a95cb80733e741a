// Drawing a position.  Pure DOM building from the data Python publishes: no game logic here.
//
// DOM contract (stable, for tests and course authors):
//   every card      [data-card="7H"]
//   every pile      [data-pile="stock" | "waste" | "foundation:i" | "cross:i" | "tableau:i" | "cell:i"]
//   status line     [data-role="status"]

import { backElement, cardElement, cardName, RANK_LABELS, SUIT_SYMBOLS, suitSvg } from "./cards.js";
import { fanOffsets, FAN_SPACE, layoutFor } from "./layout.js";

const SUIT_ORDER = ["S", "H", "D", "C"];

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
export function renderBoard(doc, board, position) {
  const pos = position || board;
  const lay = layoutFor(board);
  const root = doc.createElement("div");
  root.className = `fsw-board fsw-layout-${board.layout}`;
  root.style.setProperty("--fsw-grid-cols", String(lay.cols));
  root.style.setProperty("--fsw-rows", String(lay.rows));
  root.style.setProperty("--fsw-fan", lay.fan ? String(FAN_SPACE) : "0");
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", `${board.title}: the board`);
  const base = board.base;

  // the tableau
  (board.pile_names || []).forEach((name, i) => {
    const cards = (pos.piles && pos.piles[i]) || [];
    const where = labelOf(board, name);
    const el = pileElement(doc, board, name, lay.cells[name], "tableau");
    if (!cards.length) {
      el.appendChild(placeholder(doc, "space", "fsw-space"));
    } else {
      const offs = lay.fan ? fanOffsets(cards.length) : cards.map(() => 0);
      el.style.setProperty("--fsw-depth", offs[offs.length - 1].toFixed(4));
      cards.forEach((code, k) => {
        const c = cardElement(doc, code, where);
        c.style.setProperty("--fsw-y", offs[k].toFixed(4));
        if (k < cards.length - 1) c.classList.add("fsw-under");
        el.appendChild(c);
      });
      if (cards.length > 1) el.appendChild(badge(doc, String(cards.length), "fsw-depth"));
    }
    el.setAttribute("aria-label", cards.length
      ? `${where}: ${cards.length} card${cards.length > 1 ? "s" : ""}, ${cardName(topOf(cards))} on top`
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
      for (const code of f.cards) {
        const c = cardElement(doc, code, where);
        c.style.setProperty("--fsw-y", "0");
        el.appendChild(c);
      }
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
    const fanned = Math.min(3, wcards.length);
    wcards.forEach((code, k) => {
      const c = cardElement(doc, code, "the waste");
      const pos_ = k - (wcards.length - fanned);
      c.style.setProperty("--fsw-x", String(Math.max(0, pos_) * 0.32));
      c.style.setProperty("--fsw-y", "0");
      if (k < wcards.length - 1) c.classList.add("fsw-under");
      waste.appendChild(c);
    });
    if (wcards.length > 1) waste.appendChild(badge(doc, String(wcards.length), "fsw-depth"));
  }
  waste.setAttribute("aria-label", wcards.length
    ? `the waste: ${wcards.length} card${wcards.length > 1 ? "s" : ""}, ${cardName(topOf(wcards))} on top`
    : "the waste: empty");
  root.appendChild(waste);

  // the base rank (and what is home), under the waste where there is room
  if (lay.rows >= 3) {
    const info = doc.createElement("div");
    info.className = "fsw-info";
    info.style.gridRow = "3";
    info.style.gridColumn = String(lay.side);
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
    info.append(b, home);
    root.appendChild(info);
  }
  return root;
}

/**
 * Bring `old` (a board in the page) up to `fresh` (a board just built) in place, keeping the
 * pile elements — and so the keyboard focus — when the layout is the same.  Returns false when
 * the layouts differ (then replace the whole board).
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
    a.replaceChildren(...b.childNodes);
  }
  return true;
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
