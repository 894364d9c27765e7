// Random games per second in wasm (Node) for every ruleset, against the same games natively
// (examples/bench_rulesets.rs), with the ratio. Needs pkg-node/ (scripts/build.sh) and
//   cargo build --profile bench --example bench_rulesets
// Usage: node bench/wasm-rulesets.mjs [GAMES] [SEED] [RULESET] [REPEATS]
// (BENCH_PKG and BENCH_NATIVE name another pkg-node build or native binary.)
// GAMES 0 (default) takes each ruleset's default (about a second natively). Both sides play the
// games once untimed (wasm tiers up to optimised code meanwhile), then report the best of
// REPEATS (default 3) timed runs; native and wasm runs alternate so that another process on the
// machine skews both alike.
// Prints one line per ruleset, for scripts:
//   RULESET native N games/s wasm M games/s ratio R step U us
// (N, M: games a second; R = M / N; U: mean microseconds of one prompt + apply in wasm.)
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
const require = createRequire(import.meta.url);
const { benchRandom } = require(process.env.BENCH_PKG ?? '../pkg-node/napoleonic.js');
const gamesArg = Number(process.argv[2] ?? 0);
const seed = Number(process.argv[3] ?? 1);
const only = process.argv[4] ?? 'all';
const repeats = Math.max(1, Number(process.argv[5] ?? 3));
const defaults = { bailen: 60, 'muskets-battle': 6000, 'bloody-monday': 600, 'napoleons-battles': 10 };
const native = (ruleset, games) => {
  const out = execFileSync(process.env.BENCH_NATIVE ?? 'target/release/examples/bench_rulesets', [String(games), String(seed), ruleset, '1'], { encoding: 'utf8' });
  const m = /actions=(\d+) seconds=([\d.]+)/.exec(out);
  if (!m) throw new Error(`bench_rulesets printed: ${out}`);
  return { actions: Number(m[1]), seconds: Number(m[2]) };
};
for (const ruleset of Object.keys(defaults)) {
  if (only !== 'all' && only !== ruleset) continue;
  const games = gamesArg > 0 ? gamesArg : defaults[ruleset];
  benchRandom(ruleset, games, seed); // warm up: wasm tiers up
  let wasmBest = Infinity, nativeBest = Infinity, actions = 0, nativeActions = 0;
  for (let r = 0; r < repeats; r++) {
    const t = performance.now();
    actions = benchRandom(ruleset, games, seed);
    wasmBest = Math.min(wasmBest, (performance.now() - t) / 1000);
    const n = native(ruleset, games);
    nativeActions = n.actions;
    nativeBest = Math.min(nativeBest, n.seconds);
  }
  const wasmGps = games / wasmBest, nativeGps = games / nativeBest;
  if (nativeActions !== actions) {
    throw new Error(`${ruleset}: native and wasm played different games (native ${nativeActions} actions, wasm ${actions})`);
  }
  const stepUs = (wasmBest * 1e6) / actions;
  console.log(`${ruleset} native ${nativeGps.toFixed(1)} games/s wasm ${wasmGps.toFixed(1)} games/s ratio ${(wasmGps / nativeGps).toFixed(2)} step ${stepUs.toFixed(2)} us`);
}
