// The clock's arithmetic and the statistics panel's rows.
import assert from "node:assert/strict";
import { test } from "node:test";
import { clockNow, formatClock, statsRows } from "../src/stats-panel.js";

test("the clock reads m:ss, and h:mm:ss past an hour", () => {
  assert.equal(formatClock(0), "0:00");
  assert.equal(formatClock(75.9), "1:15");
  assert.equal(formatClock(3725), "1:02:05");
  assert.equal(formatClock(-3), "0:00");
});

test("a running clock adds the time since the board was published, unless the page is hidden", () => {
  const clock = { seconds: 10, running: true };
  assert.equal(clockNow(clock, 1000, 3500), 12.5);
  assert.equal(clockNow(clock, 1000, 3500, false), 10);
  assert.equal(clockNow({ seconds: 10, running: false }, 1000, 3500), 10);
  assert.equal(clockNow(null, 0, 10), 0);
});

test("the statistics panel shows the figures Python keeps", () => {
  const rows = Object.fromEntries(statsRows({ played: 5, won: 3, lost: 1, abandoned: 0, demo: 1, streak: 2, best_streak: 2, best_moves: 101, best_seconds: 367 }));
  assert.equal(rows.Played, "5");
  assert.equal(rows["Finished by the Demo"], "1");
  assert.equal(rows.Won, "3 (60%)");
  assert.equal(rows["Fewest moves"], "101");
  assert.equal(rows["Best time"], "6:07");
  assert.match(statsRows(null)[0][1], /none yet/);
  // a page with no kernel (the exported page) keeps none: it says they need Python
  assert.deepEqual(statsRows(null, null, true), [["Statistics", "need Python: run the notebook to keep them"]]);
});

test("the panel says what the store says of itself (kept in the page only, busy, off)", () => {
  const store = { state: "memory", message: "kept only while this page is open" };
  const rows = Object.fromEntries(statsRows({ played: 1, won: 1, lost: 0, streak: 1, best_streak: 1 }, store));
  assert.equal(rows.Kept, "kept only while this page is open");
  assert.equal(Object.fromEntries(statsRows(null, store)).Kept, "kept only while this page is open");
  assert.equal("Kept" in Object.fromEntries(statsRows(null, null)), false);
});
