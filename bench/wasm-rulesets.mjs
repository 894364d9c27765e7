// Random games per second in wasm (Node) for every ruleset, against the same games natively
// (examples/bench_rulesets.rs), with the ratio. Needs pkg-node/ (scripts/build.sh) and
//   cargo build --profile bench --example bench_rulesets
// Usage: node bench/wasm-rulesets.mjs [GAMES] [SEED]
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
const require = createRequire(import.meta.url);
const { benchRandom } = require('../pkg-node/napoleonic.js');
const games = Number(process.argv[2] ?? 60);
const seed = Number(process.argv[3] ?? 1);
const native = {};
for (const line of execFileSync('target/release/examples/bench_rulesets', [String(games), String(seed)], { encoding: 'utf8' }).split('\n')) {
  const m = /ruleset=(\S+) .*actions=(\d+) .*games_per_s=([\d.]+)/.exec(line);
  if (m) native[m[1]] = { actions: Number(m[2]), gps: Number(m[3]) };
}
for (const ruleset of ['bailen', 'muskets-battle', 'bloody-monday']) {
  benchRandom(ruleset, Math.min(5, games), seed); // warm up
  const t = performance.now();
  const actions = benchRandom(ruleset, games, seed);
  const s = (performance.now() - t) / 1000;
  const gps = games / s;
  const n = native[ruleset];
  const same = n && n.actions === actions ? 'same games' : `ACTIONS DIFFER (native ${n?.actions})`;
  console.log(`${ruleset.padEnd(15)} wasm ${gps.toFixed(1)} games/s, native ${n?.gps} games/s, ratio ${(gps / (n?.gps ?? NaN)).toFixed(2)} (${same})`);
}
