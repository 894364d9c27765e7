// Random games of Bailén inside wasm, in Node: times benchRandomGames (pkg-node/, the nodejs
// build of the engine) and prints games/s and actions/s, then the gzipped size of the page's
// module of Bailén www/pkg/bailen/napoleonic_bg.wasm (zlib gzip, level 9).
//
//   node bench/wasm-bench.mjs [--games N] [--seed S] [--warmup N] [--seconds T]
//
// Without --games it first times a few games and picks enough for about --seconds (default 3).
// benchRandomGames(G, S) plays game g with seed S + g and Options::all(); the native twin
// (cargo run --release --example bench_native -- G S) plays the very same games, so its action
// total must match. The line starting "wasm games=" is the machine-readable result.
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync, constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const opts = { games: null, seed: 1, warmup: 20, seconds: 3 };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i].replace(/^--/, '');
    if (!(key in opts) || i + 1 >= argv.length) {
      console.error('usage: node bench/wasm-bench.mjs [--games N] [--seed S] [--warmup N] [--seconds T]');
      process.exit(2);
    }
    const value = Number(argv[++i]);
    if (!Number.isFinite(value) || value < 0) {
      console.error(`--${key} needs a non-negative number, got ${argv[i]}`);
      process.exit(2);
    }
    opts[key] = value;
  }
  return opts;
}

const opts = parseArgs(process.argv.slice(2));

const nodePkg = join(root, 'pkg-node', 'napoleonic.js');
if (!existsSync(nodePkg)) {
  console.error(`${nodePkg} is missing: run scripts/build.sh (it builds pkg-node/ with wasm-pack --target nodejs)`);
  process.exit(1);
}
const require = createRequire(import.meta.url);
const engine = require(nodePkg);
if (typeof engine.benchRandomGames !== 'function') {
  console.error(`${nodePkg} has no benchRandomGames export: rebuild it with scripts/build.sh`);
  process.exit(1);
}

const now = () => Number(process.hrtime.bigint()) / 1e9;
const seedOf = (s) => s >>> 0; // the wasm side takes a u32

// Warm up the JIT tiers on other games than the measured ones (as the native twin does).
if (opts.warmup > 0) engine.benchRandomGames(opts.warmup, seedOf(opts.seed + 1_000_000));

let games = opts.games;
if (games === null) {
  // Calibrate: a few games, then enough for about `seconds`.
  const probe = 5;
  const t = now();
  engine.benchRandomGames(probe, seedOf(opts.seed + 2_000_000));
  const perGame = (now() - t) / probe;
  games = Math.max(10, Math.ceil(opts.seconds / perGame));
}

const t0 = now();
const actions = engine.benchRandomGames(games, seedOf(opts.seed));
const secs = now() - t0;
console.log(
  `wasm games=${games} seed=${opts.seed} actions=${actions} seconds=${secs.toFixed(3)} ` +
    `games_per_s=${(games / secs).toFixed(1)} actions_per_s=${Math.round(actions / secs)}`,
);

const webWasm = join(root, 'www', 'pkg', 'bailen', 'napoleonic_bg.wasm');
if (existsSync(webWasm)) {
  const raw = readFileSync(webWasm);
  const gz = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
  console.log(
    `wasm size www/pkg/bailen/napoleonic_bg.wasm raw_bytes=${raw.length} gzip9_bytes=${gz.length} ` +
      `(${(gz.length / 1024).toFixed(1)} KiB gzipped)`,
  );
} else {
  console.log(`wasm size: ${webWasm} is missing (run scripts/build.sh)`);
}
