// The geometry of a drag (drag-controller.js handles the pointer): the drag image, a copy of
// the picked card(s) that follows the pointer, and the pile a drop lands on.
//
// It is positioned `absolute` inside the board's root, in coordinates measured from the root's
// own box (getBoundingClientRect), never `fixed`: inside JupyterLab and Notebook 7 an ancestor
// with CSS containment (`contain`, `container-type`, a transform or a filter) becomes the
// containing block of fixed elements, and a fixed image then lands hundreds of pixels away from
// the pointer.  Measuring where the image really sits once placed (its offset parent may be any
// ancestor) makes the placement exact whatever the page does around the board.

/**
 * Where to put the image's left/top (CSS px in its containing block) so that the grab point
 * lies under the pointer.
 *   pointer: {x, y}  the pointer (client coordinates)
 *   grab:    {x, y}  where the card was grabbed, from the card's top-left corner
 *   origin:  {x, y}  the client position of the containing block's (0, 0) point
 */
export function ghostPlace(pointer, grab, origin) {
  return { left: pointer.x - grab.x - origin.x, top: pointer.y - grab.y - origin.y };
}

/**
 * The client position of the (0, 0) point of the containing block `ghost` is positioned in:
 * the ghost's own box, minus the left/top it was given.
 */
export function measureOrigin(ghost) {
  const r = ghost.getBoundingClientRect();
  const left = parseFloat(ghost.style.left) || 0;
  const top = parseFloat(ghost.style.top) || 0;
  return { x: r.left - left, y: r.top - top };
}

/**
 * A drag image for `cards` (elements of the board), grabbed at client point `start` on the
 * first of them, appended to `host` (the board's root); `cardRect`, the first card's box when
 * it was pressed, if known.  Returns {el, move(x, y), remove()}.
 * The host's position is read on every move, so a page that scrolls during the drag is
 * followed too.
 */
export function makeGhost(doc, host, cards, start, extraClass = "", cardRect = null) {
  // (cardRect: the card's box when it was pressed, before the pick lifted it a little)
  const r = cardRect || cards[0].getBoundingClientRect();
  const grab = { x: start.x - r.left, y: start.y - r.top };
  const ghost = doc.createElement("div");
  ghost.className = "fsw-ghost" + (extraClass ? " " + extraClass : "");
  ghost.dataset.role = "drag-image";
  ghost.style.setProperty("--fsw-cw", `${r.width}px`);
  cards.forEach((c, k) => {
    const copy = c.cloneNode(true);
    copy.removeAttribute("data-card");
    copy.classList.remove("fsw-selected", "fsw-fly", "fsw-movable", "fsw-hint-from");
    // (its place in the image only: not its place in the pile's fan or the waste's)
    copy.style.removeProperty("--fsw-k");
    copy.style.removeProperty("--fsw-wk");
    copy.style.setProperty("--fsw-y", String(k * 0.19));
    copy.style.setProperty("--fsw-x", "0");
    ghost.appendChild(copy);
  });
  ghost.style.left = "0px";
  ghost.style.top = "0px";
  host.appendChild(ghost);
  // where (0, 0) of the ghost's containing block is, relative to the host's box
  const o = measureOrigin(ghost);
  const h0 = host.getBoundingClientRect();
  const rel = { x: o.x - h0.left, y: o.y - h0.top };
  const move = (x, y) => {
    const h = host.getBoundingClientRect();
    const p = ghostPlace({ x, y }, grab, { x: h.left + rel.x, y: h.top + rel.y });
    ghost.style.left = `${p.left}px`;
    ghost.style.top = `${p.top}px`;
  };
  move(start.x, start.y);
  return { el: ghost, grab, move, remove: () => ghost.remove() };
}

/** The area (px²) two boxes ({left, top, right, bottom}) share; 0 when apart. */
export function overlapArea(a, b) {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * Where a dragged card lands, decided by the card, not the pointer (PySolFC's way): of the
 * `piles` ([{pile, rect}]), the legal target (a name in `legal`) the card's box `card` overlaps
 * most.  With none overlapped, the pile the card overlaps most, or else the one under the
 * pointer (`pointerPile`), as a drop Python will refuse and say why — never the `source`
 * (a card put back where it was).  Returns {pile, legal} or null (dropped on no pile).
 */
export function dropTarget(card, piles, legal, source, pointerPile = null) {
  const targets = new Set(legal);
  let best = null;
  let bestArea = 0;
  let any = null;
  let anyArea = 0;
  for (const { pile, rect } of piles) {
    if (pile === source) continue;
    const a = overlapArea(card, rect);
    if (a <= 0) continue;
    if (targets.has(pile) && a > bestArea) {
      best = pile;
      bestArea = a;
    }
    if (a > anyArea) {
      any = pile;
      anyArea = a;
    }
  }
  if (best) return { pile: best, legal: true };
  const other = any || (pointerPile && pointerPile !== source ? pointerPile : null);
  return other ? { pile: other, legal: targets.has(other) } : null;
}
