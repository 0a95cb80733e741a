// Optional sounds, made in the browser with WebAudio (no sound files, nothing fetched): a soft
// tap for a move, a brush for a turn of the stock, a low note for a refusal, a rising chord
// for a win.  Off by default (the `sounds` view option); the AudioContext is made on the first
// sound after the player turned them on (a click: browsers let a page sound only then).

const VOICES = {
  // [frequency Hz, duration s, type, gain, then (frequency at the end)]
  move: [[520, 0.06, "triangle", 0.16, 380]],
  turn: [[0, 0.09, "noise", 0.08]],
  home: [[660, 0.07, "triangle", 0.14, 880]],
  refused: [[150, 0.16, "square", 0.06, 120]],
  won: [[523, 0.14, "triangle", 0.14], [659, 0.14, "triangle", 0.14], [784, 0.28, "triangle", 0.14]],
};

export class Sounds {
  constructor(win) {
    this.win = win;
    this.ctx = null;
  }

  /** Whether this browser can make the sounds at all. */
  available() {
    return !!(this.win && (this.win.AudioContext || this.win.webkitAudioContext));
  }

  context() {
    if (!this.ctx && this.available()) {
      try {
        this.ctx = new (this.win.AudioContext || this.win.webkitAudioContext)();
      } catch {
        this.ctx = null;
      }
    }
    if (this.ctx && this.ctx.state === "suspended") this.ctx.resume().catch(() => {});
    return this.ctx;
  }

  /** Play `kind` ("move", "turn", "home", "refused", "won"); returns whether it sounded. */
  play(kind) {
    const voice = VOICES[kind];
    const ctx = voice && this.context();
    if (!ctx) return false;
    let at = ctx.currentTime + 0.005;
    for (const [freq, dur, type, gain, end] of voice) {
      const g = ctx.createGain();
      g.gain.setValueAtTime(0.0001, at);
      g.gain.exponentialRampToValueAtTime(gain, at + 0.008);
      g.gain.exponentialRampToValueAtTime(0.0001, at + dur);
      g.connect(ctx.destination);
      let src;
      if (type === "noise") {
        const buf = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * dur), ctx.sampleRate);
        const data = buf.getChannelData(0);
        for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length);
        src = ctx.createBufferSource();
        src.buffer = buf;
      } else {
        src = ctx.createOscillator();
        src.type = type;
        src.frequency.setValueAtTime(freq, at);
        if (end) src.frequency.exponentialRampToValueAtTime(end, at + dur);
      }
      src.connect(g);
      src.start(at);
      src.stop(at + dur + 0.02);
      at += type === "noise" ? dur : dur * 0.8;
    }
    return true;
  }

  dispose() {
    if (this.ctx) this.ctx.close().catch(() => {});
    this.ctx = null;
  }
}

/** Which sound a new board calls for (its last action), or null. */
export function soundFor(board, previous) {
  if (board.status === "won" && previous && previous.status !== "won") return "won";
  const last = board.last;
  if (!last || !last.move) return null;
  const [, source, target] = last.move;
  if (source === "stock" && target === "waste") return "turn";
  if (String(target).startsWith("foundation")) return "home";
  return "move";
}
