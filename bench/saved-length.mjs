// Length of the saved string (exportString) of complete random games, per scenario, through
// the Node build of the wasm `Game` handle (pkg-node/, from scripts/build.sh).
// Usage: node bench/saved-length.mjs [GAMES per scenario, default 10]
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { Game } = require('../pkg-node/napoleonic.js');
const games = Number(process.argv[2] ?? 10);
const scenarios = [
  ['bailen', 'bailen-1808'],
  ['bloody-monday', 'borodino'],
  ['bloody-monday', 'last-blood'],
  ['muskets-battle', 'medina-de-rioseco'],
  ['muskets-battle', 'vitoria'],
];
for (const [ruleset, scenario] of scenarios) {
  const lengths = [];
  for (let seed = 1; seed <= games; seed++) {
    const g = new Game(ruleset, scenario, undefined, seed);
    let x = (seed * 7919 + 1) >>> 0;
    let p;
    while ((p = g.prompt())) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      g.applyIndex(x % p.actions.length);
    }
    lengths.push(g.exportString().length);
    g.free();
  }
  console.log(`${ruleset} ${scenario}: ${games} complete random games, saved string ${Math.min(...lengths)}-${Math.max(...lengths)} characters`);
}
