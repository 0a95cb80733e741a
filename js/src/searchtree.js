// The search view's geometry: which nodes of a recorded search are drawn after k expansions,
// their class, and a tidy layout of that tree.  Pure functions over the trace Python publishes
// (fourseasons_widget/search/trace.py): no DOM here, so they are unit-tested in node.
//
// A node's class after k expansions (the same rule as Trace.class_at in Python):
//   not drawn  — generated at a later step (born > k)
//   goal       — the goal node, once every expansion is shown and the search was solved
//   explored   — expanded at a step <= k
//   duplicate  — dropped as a duplicate, or superseded by a cheaper path at a step <= k
//   frontier   — otherwise: generated, waiting

export const LEVEL = 136; // px between depths (room for "#12 g10 h12 f22" left of a node)
// px between rows: a node's move label sits above its edge and its "#k g h f" below, so a row
// holds two lines of text (24 px let one row's figures touch the next row's move)
export const ROW = 34;
export const MARGIN = 16;

export function classAt(trace, id, k) {
  const n = trace.nodes[id];
  if (!n || n.born > k) return null;
  if (trace.solved && trace.goal === id && k === trace.steps.length) return "goal";
  if (n.expanded !== null && n.expanded !== undefined && n.expanded <= k) return "explored";
  if (n.duplicate || (n.superseded !== null && n.superseded !== undefined && n.superseded <= k)) {
    return "duplicate";
  }
  return "frontier";
}

/**
 * The node ids drawn after k expansions, in the order generated (with hideDuplicates, the
 * nodes that are duplicates at step k are left out: they have no children, so the tree stays
 * whole).
 */
export function visibleAt(trace, k, hideDuplicates = false) {
  const out = [];
  for (const n of trace.nodes) {
    if (n.born > k) continue;
    if (hideDuplicates && classAt(trace, n.id, k) === "duplicate") continue;
    out.push(n.id);
  }
  return out;
}

/**
 * The frontier after k expansions in the order the search takes it (Python's order: the
 * trace's step.queue), the node taken next (the one expanded at step k + 1; null at the end)
 * and the frontier's full size.
 */
export function queueAt(trace, k) {
  const steps = trace.steps || [];
  const queue = k === 0 ? [0] : steps[k - 1].queue || [];
  const next = k < steps.length ? steps[k].node : null;
  const size = k === 0 ? 1 : countsAt(trace, k).frontier + (k === steps.length && trace.solved ? 1 : 0);
  return { queue, next, size: Math.max(size, queue.length) };
}

/** Counts of drawn nodes by class after k expansions. */
export function countsAt(trace, k) {
  const c = { frontier: 0, explored: 0, duplicate: 0, goal: 0 };
  for (const id of visibleAt(trace, k)) c[classAt(trace, id, k)] += 1;
  return c;
}

/**
 * A tidy layout of the tree drawn after k expansions, growing left to right: x by depth, each
 * leaf on its own row in the order generated, each parent centred on its first and last child
 * (so edges never cross).  Returns {pos: Map id -> {x, y}, width, height}.
 */
export function layoutAt(trace, k, hideDuplicates = false) {
  const ids = visibleAt(trace, k, hideDuplicates);
  const kids = new Map();
  for (const id of ids) {
    const p = trace.nodes[id].parent;
    if (p === null || p === undefined) continue;
    if (!kids.has(p)) kids.set(p, []);
    kids.get(p).push(id);
  }
  const pos = new Map();
  let row = 0;
  let maxDepth = 0;
  // iterative post-order from the root (id 0): deep trees must not overflow the call stack
  const stack = [[0, false]];
  while (stack.length) {
    const [id, done] = stack.pop();
    const ch = kids.get(id) || [];
    const depth = trace.nodes[id].depth;
    if (!done && ch.length) {
      stack.push([id, true]);
      for (let i = ch.length - 1; i >= 0; i--) stack.push([ch[i], false]);
      continue;
    }
    maxDepth = Math.max(maxDepth, depth);
    const x = MARGIN + 8 + depth * LEVEL;
    let y;
    if (!ch.length) {
      y = MARGIN + row * ROW;
      row += 1;
    } else {
      y = (pos.get(ch[0]).y + pos.get(ch[ch.length - 1]).y) / 2;
    }
    pos.set(id, { x, y });
  }
  return {
    pos,
    width: MARGIN * 2 + 16 + maxDepth * LEVEL,
    height: MARGIN * 2 + Math.max(0, row - 1) * ROW,
  };
}

/**
 * What tells a frontier entry apart from another with the same move and figures (the same
 * move played in two different positions): the expansion that generated it, "#k" as the tree
 * labels that parent.  The start position has none.
 */
export function parentTag(trace, id) {
  const n = trace.nodes[id];
  if (!n || n.parent === null || n.parent === undefined) return "";
  const p = trace.nodes[n.parent];
  return p && p.expanded !== null && p.expanded !== undefined ? `#${p.expanded}` : "";
}

/** The moves from the root to node id. */
export function pathTo(trace, id) {
  const out = [];
  let n = trace.nodes[id];
  while (n && n.parent !== null && n.parent !== undefined) {
    out.push(n.move);
    n = trace.nodes[n.parent];
  }
  return out.reverse();
}

/** The neighbour of node id for the arrow keys among the drawn nodes (rows in layout order). */
export function neighbourOf(trace, k, layout, id, key) {
  const n = trace.nodes[id];
  if (key === "ArrowLeft") return n.parent ?? id;
  const drawn = visibleAt(trace, k).filter((c) => layout.pos.has(c));
  if (key === "ArrowRight") {
    const child = drawn.find((c) => trace.nodes[c].parent === id);
    return child ?? id;
  }
  // up / down: the nearest drawn node above / below, preferring the same depth
  const here = layout.pos.get(id);
  const dir = key === "ArrowUp" ? -1 : 1;
  let best = id;
  let bestScore = Infinity;
  for (const c of drawn) {
    const p = layout.pos.get(c);
    const dy = (p.y - here.y) * dir;
    if (dy <= 0) continue;
    const score = dy + Math.abs(p.x - here.x) * 4;
    if (score < bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}
