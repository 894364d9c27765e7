// Length of the saved string (exportString) of complete random games, for every scenario of
// every ruleset in the catalogue (Bailén also with every option), through the Node build of the
// wasm `Game` handle (pkg-node/, from scripts/build.sh). One plain line per figure.
// Usage: node bench/saved-length.mjs [GAMES per scenario, default 10]
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { Game, catalogue } = require('../pkg-node/napoleonic.js');
const games = Number(process.argv[2] ?? 10);
const runs = [];
for (const r of catalogue().rulesets) {
  for (const s of r.scenarios) runs.push([r.id, s.id, undefined, '']);
  if (r.id === 'bailen') {
    const all = Object.fromEntries(r.options.filter((o) => o.kind.type === 'Flag').map((o) => [o.name, o.name !== 'historical_deployment']));
    for (const s of r.scenarios) runs.push([r.id, s.id, all, ' (every optional rule)']);
  }
}
for (const [ruleset, scenario, options, note] of runs) {
  const lengths = [];
  let actions = 0;
  for (let seed = 1; seed <= games; seed++) {
    const g = new Game(ruleset, scenario, options, seed);
    let x = (seed * 7919 + 1) >>> 0;
    let p;
    while ((p = g.prompt())) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      g.applyIndex(x % p.actions.length);
    }
    actions = Math.max(actions, g.choiceCount());
    lengths.push(g.exportString().length);
    g.free();
  }
  console.log(`${ruleset} ${scenario}${note}: ${games} complete random games, saved string ${Math.min(...lengths)}-${Math.max(...lengths)} characters (longest game ${actions} actions)`);
}
