// The table that plays in the page, where no kernel answers: an exported notebook, a static
// course page (anywidget's `render({model, el})` with a model that has no kernel, as MyST's
// {anywidget} directive gives), a plain HTML page.  It takes the intents the views send, plays
// them on the front-end engine (a port of the Python model, checked against it move by move
// in CI: tests/test_js_engine.py), and publishes the same snapshot the Python controller
// publishes (controller.py), into the same model keys — so the board is drawn exactly as it is
// from Python.  Where a kernel exists it is never used: Python is the truth there.
//
// What needs Python stays Python's: a hint, the solver, proofs that a deal is lost (the page
// says "lost" only on the cheap proofs: no legal move, or nothing left but rearranging),
// statistics and the analysis.  Those controls are disabled with that explanation.
//
// Where the game comes from (the model's keys, first found wins):
//   `game`     a saved game (Python's `Game.to_dict()` / `to_json()`): deck, moves, redo;
//              the static export writes it for each board (export.py)
//   `deck`     52 card codes, dealt in order (Python's `Game.from_deck`)
//   `pysol`    a PySolFC deal number, "123" or "ms123" (with `rules: "pysol"` in `options`
//              for PySolFC's own rules)
//   `seed`     this library's shuffle: the same deal as `Game.new(seed=...)` in Python
//   `variant`, `options` (e.g. {"tableau_wrap": "always"}) for the last three.
// With none of them a random seed is dealt — on a page of its own (no board from Python); a
// board Python published whose game the page cannot deal stays as it is (replay and browsing).

import { afterMove, finishingRun } from "./automove.js";
import { CODES, RANK_LABELS, SUITS } from "./cards.js";
import { parseDealText } from "./deal.js";
import { Game } from "./game.js";
import { getRules, isWon, optionValues, pileNames, VARIANT_DATA, VARIANT_NAMES } from "./rules.js";
import { describeMove, moveTriple, pileLabels, positionSnapshot } from "./snapshot.js";
import REGISTRY from "../../../fourseasons_widget/table/intents.json" with { type: "json" };

/** What needs Python, said on the board and on the disabled buttons. */
// (Python's board's words, controller.py LOST_NO_MOVES)
export const LOST_NO_MOVES = "the game is over: it was proved lost (no sequence of moves wins from here) "
  + "— undo to play on from before, or deal again";
export const NEEDS_PYTHON = "Hint, solve, proofs that a deal is lost, statistics and the analysis "
  + "need Python (open this in Jupyter)";
export const LOCAL_BANNER = "No kernel here: the board plays in this page; hint, solve, proofs "
  + "and statistics need Python.";
/** The same, on the preview a notebook shows before its kernel is ready (the model's key
 * `preview`: the JupyterLite site, js/src/preview.js): Python is coming, not absent. */
export const PREVIEW_BANNER = "Python is not running yet: the board plays here; hint, solve, proofs "
  + "and statistics need Python.";
/** Where the page cannot see its kernel's status (marimo, a plain page) and Python has not
 * answered: it may be busy (a slow cell), so the page plays and Python takes over when it
 * answers. */
export const WAITING_BANNER = "Python has not answered (a cell may be running): the board plays in "
  + "this page, and Python takes the game over when it answers; hint, solve, proofs and "
  + "statistics need Python.";
const REFUSED_PYTHON = (what) => `${what} needs Python: this page has no kernel (the board plays here; `
  + "hint, solve, proofs, statistics and the analysis need one)";

// The table's intents, the fields each may carry, which name the position, and what the ones
// this page cannot play need Python for: the one registry Python's table reads too
// (fourseasons_widget/table/intents.json), never a copy of its list.
const TABLE_INTENTS = Object.entries(REGISTRY.intents).filter(([, v]) => v.layer === "table");
export const INTENTS = new Set(TABLE_INTENTS.map(([k]) => k));
export const NEED_PYTHON = Object.fromEntries(TABLE_INTENTS.filter(([, v]) => v.page !== "plays")
  .map(([k, v]) => [k, v.page]));
const VERSIONED = new Set(TABLE_INTENTS.filter(([, v]) => v.versioned).map(([k]) => k));
const FIELDS = Object.fromEntries(TABLE_INTENTS.map(([k, v]) => [k, new Set([...REGISTRY.common, ...v.fields])]));
const PANELS = ["", "keys"]; // (statistics and history are Python's)
const MAX_TEXT = REGISTRY.max_text;

const andHome = (n) => (n > 0 ? ` (and ${n} card${n !== 1 ? "s" : ""} that went home by themselves)` : "");
const capital = (t) => t.charAt(0).toUpperCase() + t.slice(1);

function get(model, name) {
  try {
    return model.get(name);
  } catch {
    return undefined;
  }
}

/** The game the model describes (see the top of this file); throws when it cannot be read. */
export function gameFromModel(model) {
  const saved = get(model, "game");
  if (saved && typeof saved === "object") return Game.fromDict(saved);
  if (typeof saved === "string" && saved.length < 2_000_000) return Game.fromDict(JSON.parse(saved));
  const board = get(model, "board") || {};
  const variant = get(model, "variant") || board.variant || "standard";
  const options = get(model, "options") || board.options || {};
  const deck = get(model, "deck");
  if (deck !== undefined && deck !== null) return Game.fromDeck(deck, variant, options);
  const pysol = get(model, "pysol") ?? board.pysol;
  if (pysol !== undefined && pysol !== null) return Game.fromPysol(pysol, variant, options);
  const seed = get(model, "seed") ?? board.seed;
  if (!Number.isSafeInteger(seed) && Object.keys(board).length) {
    // Python's board of a game the page cannot deal (a position given by code): not guessed
    throw new Error("this board's game is not in the page");
  }
  return Game.new(Number.isSafeInteger(seed) ? seed : null, variant, options);
}

export class LocalTable {
  /** `table`: the view's Table (its model and its message handlers). */
  constructor(table, game) {
    this.table = table;
    this.model = table.model;
    this.game = game;
    this.needsPython = NEEDS_PYTHON;
    this.banner = null; // (its own words for the no-kernel banner, kernel.js: WAITING_BANNER)
    const old = get(this.model, "board") || {};
    this.version = (Number.isSafeInteger(old.version) ? old.version : 0) + 1;
    this.panel = "";
    this.asking = null;
    this.serial = get(this.model, "message_serial") || 0;
    this.clock = { seconds: 0, since: null };
    if (!Array.isArray(get(this.model, "variants")) || !get(this.model, "variants").length) {
      this.set("variants", VARIANT_NAMES.map((name) => ({ name, title: VARIANT_DATA[name].title,
        summary: VARIANT_DATA[name].summary })));
    }
  }

  set(name, value) {
    this.model.set(name, value);
  }

  say(text, kind = "info") {
    this.serial += 1;
    this.set("message", String(text).slice(0, 400));
    this.set("message_kind", kind);
    this.set("message_serial", this.serial);
  }

  labels() {
    return pileLabels(this.game.rules);
  }

  // -- intents ----------------------------------------------------------------------------
  /** Apply one intent; a refused one changes nothing and says why (as Python does). */
  intent(c) {
    try {
      const kind = this.check(c);
      if (kind !== "panel" && kind !== "offer") this.asking = null;
      this.apply(kind, c);
      return true;
    } catch (e) {
      const reason = (e && e.message) || "refused";
      this.say(reason, "refusal");
      this.table.emit({ type: "refused", reason, intent: c && INTENTS.has(c.type) ? c.type : null });
      return false;
    }
  }

  check(c) {
    if (!c || typeof c !== "object") throw new Error("refused: an intent is an object with a 'type'");
    const kind = c.type;
    if (!INTENTS.has(kind)) throw new Error(`refused: unknown intent type ${JSON.stringify(String(kind)).slice(0, 40)}`);
    for (const [key, value] of Object.entries(c)) {
      if (!FIELDS[kind].has(key)) throw new Error(`refused: a ${kind} intent has no field ${JSON.stringify(String(key)).slice(0, 22)}`);
      if (typeof value === "string" && value.length > MAX_TEXT) throw new Error(`refused: the '${key}' field is too long`);
    }
    if (NEED_PYTHON[kind]) throw new Error(REFUSED_PYTHON(NEED_PYTHON[kind]));
    if (VERSIONED.has(kind) && (c.ply !== this.game.ply || c.version !== this.version)) {
      throw new Error(`refused: that ${kind} was meant for an earlier position (ply ${c.ply}, version `
        + `${c.version}); the board has changed since (now ply ${this.game.ply}, version ${this.version}) — nothing was done`);
    }
    return kind;
  }

  apply(kind, c) {
    const g = this.game;
    if (kind === "move") {
      let { card } = c;
      const { source, target } = c;
      if (typeof source !== "string" || typeof target !== "string") throw new Error("refused: a move names its source and target piles");
      if (source === "stock") {
        if (card !== null && card !== undefined) {
          throw new Error("refused: the stock card is face down; a move from the stock names no card");
        }
        // (the view never knows the face-down card: the page fills it in, as Python does)
        if (g.state.stock.length) card = CODES[g.state.stock[0]];
      }
      if (typeof card !== "string") throw new Error("refused: a move names its card, like '7H'");
      this.overIfLost({ card, source, target });
      this.play({ card, source, target });
    } else if (kind === "turn") {
      this.overIfLost("turn");
      this.play("turn");
    } else if (kind === "undo") {
      const m = g.undo();
      const extra = g.redoStack.length ? this.groupSize([...g.redoAuto].reverse()) - 1 : 0;
      this.publish("undo", m, `Took back: ${describeMove(m, this.labels())}${andHome(extra)}`);
    } else if (kind === "redo") {
      const m = g.redo();
      const group = g.lastGroup;
      this.publish("redo", m, `Played again: ${describeMove(m, this.labels())}${andHome(group.length - 1)}`,
        group.slice(1));
    } else if (kind === "restart") {
      if (!g.ply) throw new Error("this is the deal already: nothing to restart");
      g.restart();
      this.publish("restart", null, "Back to the deal; redo replays the moves");
    } else if (kind === "panel") {
      if (!PANELS.includes(c.panel)) {
        throw new Error(c.panel === "stats" || c.panel === "history"
          ? REFUSED_PYTHON("Statistics") : `refused: there is no panel ${JSON.stringify(String(c.panel))}`);
      }
      this.panel = c.panel;
      this.publish("panel", null, null, [], false);
    } else if (kind === "offer") {
      this.takeOffer(c.id);
    } else if (kind === "new_game") {
      const { seed, variant } = c;
      if (seed !== null && seed !== undefined && !(Number.isSafeInteger(seed) && seed >= 0)) {
        throw new Error("refused: a seed is a whole number from 0 to 2^53");
      }
      if (variant !== null && variant !== undefined && !VARIANT_NAMES.includes(variant)) {
        throw new Error(`refused: unknown variant ${JSON.stringify(String(variant)).slice(0, 40)}`);
      }
      if (!this.askFirst(c)) this.newGame(seed ?? null, variant ?? null);
    } else if (kind === "deal_number") {
      const { variant } = c;
      if (variant !== null && variant !== undefined && !VARIANT_NAMES.includes(variant)) {
        throw new Error(`refused: unknown variant ${JSON.stringify(String(variant)).slice(0, 40)}`);
      }
      if (c.ask === true) parseDealText(c.text);
      if (!this.askFirst(c)) this.dealNumber(c.text, variant ?? null);
    } else if (kind === "rules") {
      // this project's rules or PySolFC's, for this deal and the next (as Python's board)
      if (c.rules !== "default" && c.rules !== "pysol") throw new Error("refused: rules is 'default' or 'pysol'");
      if (!g.rules.options.some(([name]) => name === "rules")) {
        throw new Error(`refused: PySolFC has no game of ${g.rules.title}: its rules are this project's only`);
      }
      if (c.rules === g.rules.rules) throw new Error(`refused: this board already deals under ${c.rules === "pysol" ? "PySolFC's" : "this project's"} rules`);
      if (!this.askFirst(c)) this.newGame(null, null, c.rules);
    }
  }

  /** A legal move on a game proved lost is refused (an illegal one by its rule), as Python's
   * board does: the game is over there. */
  overIfLost(move) {
    const g = this.game;
    if (g.status === "lost" && g.explain(move) === null) throw new Error(LOST_NO_MOVES);
  }

  groupSize(autoOldestFirst) {
    let n = 1;
    for (const a of autoOldestFirst.slice(1)) {
      if (!a) break;
      n += 1;
    }
    return n;
  }

  play(move) {
    const g = this.game;
    const m = g.play(move);
    const follow = [];
    if (get(this.model, "auto_home") !== false) {
      for (const f of afterMove(g.rules, g.state)) follow.push(g.play(f, { auto: true }));
    }
    let text = capital(describeMove(m, this.labels()));
    if (follow.length) {
      text += isWon(g.state) ? "; the rest went home by itself"
        : `; then ${follow.length} card${follow.length !== 1 ? "s" : ""} went home by themselves`;
    }
    if (this.clock.since === null && g.status === "playing") this.clock.since = Date.now();
    this.publish("move", m, text, follow);
  }

  newGame(seed, variant, rules = null) {
    const g = this.game;
    variant = variant || g.variant;
    const options = variant === g.variant ? optionValues(g.rules) : {};
    if (rules) options.rules = rules; // (the other options follow the rules' own: a fresh set)
    if (rules) for (const k of Object.keys(options)) if (k !== "rules") delete options[k];
    const game = Game.new(seed, variant, options);
    this.deal(game, `${game.rules.title}: new deal, seed ${game.seed}`);
  }

  dealNumber(text, variant) {
    const [what, value] = parseDealText(text);
    if (what === "seed") {
      this.newGame(value, variant);
      return;
    }
    const game = Game.fromPysol(value, variant || this.game.variant, { rules: "pysol" });
    this.deal(game, `${game.rules.title}: PySolFC deal #${game.pysol}`);
  }

  sameDeal() {
    const g = this.game;
    const options = optionValues(g.rules);
    if (g.pysol !== null) return Game.fromPysol(g.pysol, g.variant, options);
    if (g.seed !== null) return Game.new(g.seed, g.variant, options);
    return new Game(g.start, g.rules, { deck: g.deck });
  }

  deal(game, message) {
    this.game = game;
    this.panel = "";
    this.asking = null;
    this.clock = { seconds: 0, since: null };
    this.publish("new", null, message);
  }

  askFirst(c) {
    const g = this.game;
    if (c.ask !== true || g.status !== "playing" || !g.ply) return false;
    const variant = c.variant || g.variant;
    let question;
    if (c.type === "deal_number") question = `Deal ${String(c.text ?? "").trim().slice(0, MAX_TEXT)}?`;
    else if (c.type === "rules") question = `Deal under ${c.rules === "pysol" ? "PySolFC's" : "this project's"} rules?`;
    else if (variant !== g.variant) question = `Switch to ${VARIANT_DATA[variant].title}?`;
    else question = "Deal a new game?";
    const kept = { ...c };
    delete kept.ask;
    this.asking = [kept, question];
    this.publish("panel", null, null, [], false);
    return true;
  }

  takeOffer(offer) {
    const board = get(this.model, "board") || {};
    const on = new Set(((board.ui || {}).offers || []).filter((o) => o.enabled).map((o) => o.id));
    if (!on.has(offer)) throw new Error(`refused: the banner offers no ${JSON.stringify(String(offer)).slice(0, 40)} now`);
    if (offer === "confirm" && this.asking) {
      const [kept] = this.asking;
      this.asking = null;
      this.apply(kept.type, kept);
    } else if (offer === "cancel") {
      this.asking = null;
      this.publish("panel", null, null, [], false);
    } else if (offer === "play_again") {
      this.deal(this.sameDeal(), `${this.game.rules.title}: the same deal again`);
    } else if (offer === "next_deal") {
      this.newGame(null, null);
    } else if (offer === "undo") {
      this.apply("undo", {});
    }
  }

  // -- publishing -------------------------------------------------------------------------
  ui(status) {
    const g = this.game;
    let banner = { kind: "info", text: this.banner
      || (get(this.model, "preview") === true ? PREVIEW_BANNER : LOCAL_BANNER) };
    let offers = [];
    if (this.asking && status === "playing" && g.ply) {
      banner = { kind: "confirm", text: `${this.asking[1]} The game in progress (move ${g.ply}) will be given up.` };
      offers = [{ id: "confirm", label: "Deal anyway", enabled: true }, { id: "cancel", label: "Keep playing", enabled: true }];
    } else if (status === "won") {
      banner = { kind: "won", text: "You won! The cross has vanished: all 52 cards are home." };
      offers = [{ id: "play_again", label: "Play again", enabled: true }, { id: "next_deal", label: "Next deal", enabled: true }];
    } else if (status === "lost") {
      banner = g.ply
        ? { kind: "lost", text: "Game lost: no sequence of moves can win from here (proved). Undo, or deal again." }
        : { kind: "lost", text: "This deal cannot be won: no sequence of moves wins it (proved). Deal another." };
      offers = g.ply
        ? [{ id: "undo", label: "Undo", enabled: g.canUndo }, { id: "play_again", label: "Play again", enabled: true },
          { id: "next_deal", label: "Next deal", enabled: true }]
        : [{ id: "next_deal", label: "Next deal", enabled: true }];
    }
    const hasRules = g.rules.options.some(([name]) => name === "rules");
    return { picker: g.variant, panel: this.panel, offers, banner, notice: "",
      rules: { value: hasRules && g.rules.rules === "pysol" ? "pysol" : "default", available: hasRules } };
  }

  /** The snapshot the Python controller would publish (controller.Table.publish), with
   * `local` saying that this page plays without a kernel and what needs one. */
  snapshot(kind = "refresh", move = null, group = []) {
    const g = this.game;
    const { rules, state: s } = g;
    const status = g.status;
    if (status !== "playing" && this.clock.since !== null) {
      this.clock.seconds += (Date.now() - this.clock.since) / 1000;
      this.clock.since = null;
    }
    const running = this.clock.since !== null;
    const seconds = this.clock.seconds + (running ? (Date.now() - this.clock.since) / 1000 : 0);
    return {
      ...positionSnapshot(rules, s),
      variant: rules.variant,
      title: rules.title,
      summary: rules.summary,
      layout: rules.layout,
      pile_kind: rules.pile_kind,
      pile_names: pileNames(rules),
      pile_labels: this.labels(),
      options: optionValues(rules),
      base: s.bases === null ? RANK_LABELS[s.base] : "per suit",
      base_rank: s.bases === null ? s.base : null,
      corner_suits: rules.corner_suits === null ? null : rules.corner_suits.map((x) => SUITS[x]),
      ply: g.ply,
      version: this.version,
      status,
      legal: g.legalMoves().map(moveTriple),
      can_undo: g.canUndo,
      can_redo: g.canRedo,
      can_auto_finish: status === "playing" && finishingRun(rules, s) !== null,
      seed: g.seed,
      pysol: g.pysol,
      hint: null,
      clock: { seconds: Math.round(seconds * 10) / 10, running },
      stats: null,
      resume: null,
      history: null,
      ui: this.ui(status),
      // (the demo needs Python: its button stays, greyed and saying so, as Hint's does, so
      // that the toolbar and the felt below it keep their places)
      demo: null,
      last: move
        ? { kind, move: [move.card, move.source, move.target], then: group.map((f) => [f.card, f.source, f.target]) }
        : { kind, move: null },
      local: { needs_python: NEEDS_PYTHON },
    };
  }

  publish(kind = "refresh", move = null, message = null, group = [], bump = true) {
    if (bump) this.version += 1;
    const board = this.snapshot(kind, move, group);
    this.set("board", board);
    const g = this.game;
    for (const [key, value] of [["ply", g.ply], ["status", board.status], ["variant", g.variant], ["seed", g.seed]]) {
      if (get(this.model, key) !== value) this.set(key, value);
    }
    if (board.status === "won") this.say("Won! The cross has vanished: all 52 cards are home", "won");
    else if (board.status === "lost" && (kind === "move" || kind === "new" || kind === "refresh")) {
      const what = g.ply ? "No sequence of moves can win from here (proved) — undo, or deal again"
        : "This deal cannot be won (proved) — deal another";
      this.say((message ? `${message}. ` : "") + what, "lost");
    } else if (message !== null) this.say(message, move ? "move" : "info");
  }
}
