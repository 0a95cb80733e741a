// The JavaScript side of the differential test (tests/test_js_engine.py): reads games as JSON
// lines on stdin — the rules, the deck (or a seed / PySolFC number to deal it from), the
// operations Python played and a digest of what Python saw after each — replays them on the
// front-end engine and writes, per game, one JSON line: how many steps it checked and, for the
// first that differs, everything it saw there (Python prints the difference).  A digest is the
// SHA-1 of the observation as canonical JSON (sorted keys, no spaces), the same on both sides.
// It also checks the hidden-card rule itself: no published snapshot or legal move names a card
// that is face down.
import { createHash } from "node:crypto";
import { createInterface } from "node:readline";
import { finishingRun, afterMove } from "../src/engine/automove.js";
import { CODES } from "../src/engine/cards.js";
import { pysolDeck, shuffledDeck } from "../src/engine/deal.js";
import { Game, moveText, onlyRearranging, stateToDict } from "../src/engine/game.js";
import { getRules, isWon, optionValues, pileNames } from "../src/engine/rules.js";
import { moveTriple, pileLabels, positionSnapshot } from "../src/engine/snapshot.js";

function hiddenLeak(game) {
  const s = game.state;
  const published = JSON.stringify([positionSnapshot(game.rules, s), game.legalMoves().map(moveTriple)]);
  return s.stock.filter((c) => published.includes(`"${CODES[c]}"`)).map((c) => CODES[c]);
}

/** JSON with sorted keys and no spaces: Python's json.dumps(sort_keys=True, separators=(",", ":"),
 * ensure_ascii=False). */
export function canonical(x) {
  if (Array.isArray(x)) return `[${x.map(canonical).join(",")}]`;
  if (x && typeof x === "object") {
    return `{${Object.keys(x).sort().map((k) => `${JSON.stringify(k)}:${canonical(x[k])}`).join(",")}}`;
  }
  return JSON.stringify(x === undefined ? null : x);
}

const digest = (obs) => createHash("sha1").update(canonical(obs), "utf8").digest("hex");

function observe(game, op, sample) {
  const s = game.state;
  const out = { state: stateToDict(s), legal: game.legalMoves().map(moveText), won: isWon(s),
    undo: game.canUndo, redo: game.canRedo };
  const leak = hiddenLeak(game);
  if (leak.length) out.leak = leak;
  if (sample) {
    out.snapshot = positionSnapshot(game.rules, s);
    out.triples = game.legalMoves().map(moveTriple);
  }
  if (sample === 2) {
    const run = finishingRun(game.rules, s);
    out.finishing = run === null ? null : run.map(moveText);
    out.after = afterMove(game.rules, s).map(moveText);
    if (!s.stock.length) out.rearranging = onlyRearranging(game.rules, s);
  }
  return out;
}

const sampleOf = (i) => (i % 20 === 0 ? 2 : i % 5 === 0 ? 1 : 0);

/** What the board shows of the rules themselves (names, layout, options, pile labels). */
function rulesInfo(spec) {
  const r = getRules(spec.variant, spec.options);
  return { id: spec.id, info: { title: r.title, summary: r.summary, layout: r.layout,
    pile_kind: r.pile_kind, pile_names: pileNames(r), pile_labels: pileLabels(r),
    options: optionValues(r), corner_suits: r.corner_suits, redeals: r.redeals } };
}

function run(spec) {
  if (spec.rules_info) return rulesInfo(spec);
  const rules = getRules(spec.variant, spec.options);
  const result = { id: spec.id, checked: 0, differ: 0, first: null, leaks: [] };
  if (spec.seed !== undefined) result.deck = shuffledDeck(spec.seed);
  if (spec.pysol !== undefined) result.deck = pysolDeck(spec.pysol, rules.pysol_rows, rules.deal === "cross");
  const game = spec.save ? Game.fromDict(spec.save) : new Game(rules.engine.deal(spec.deck), rules,
    { deck: spec.deck, pysol: spec.pysol ?? null });
  const check = (where, obs) => {
    const leak = obs.leak;
    delete obs.leak;
    if (leak) result.leaks.push([where, leak]);
    if (spec.digests) {
      result.checked += 1;
      if (digest(obs) !== spec.digests[where + 1]) {
        result.differ += 1;
        if (result.first === null) result.first = [where, obs];
      }
    }
  };
  check(-1, observe(game, null, 2));
  spec.ops.forEach((op, i) => {
    const sample = sampleOf(i + 1);
    let reason = null;
    try {
      if (op[0] === "play") game.play({ card: op[1], source: op[2], target: op[3] }, { auto: !!op[4] });
      else if (op[0] === "text") game.play(op[1]);
      else if (op[0] === "undo") game.undo();
      else if (op[0] === "redo") game.redo();
      else if (op[0] === "try") {
        // an attempt: refused (with its reason) or not, and nothing changes either way
        reason = game.explain({ card: op[1], source: op[2], target: op[3] });
      }
    } catch (e) {
      reason = e.message;
    }
    check(i, { reason, ...observe(game, op, sample) });
  });
  result.save = game.toDict();
  return result;
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (!line.trim()) continue;
  let out;
  try {
    out = run(JSON.parse(line));
  } catch (e) {
    out = { error: String(e && e.stack ? e.stack : e) };
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}
