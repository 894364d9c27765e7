// The page's engine modules, one per ruleset (www/pkg/<ruleset>/, scripts/build.sh), under Node:
// each loads, has its own ruleset's typed class and no other's, plays its default scenario and
// resumes it from its saved string, reads which ruleset any ruleset's saved string is for (the
// page reads a string with whichever module it has, then loads the string's own: engine.ts
// savedRuleset), and refuses a game of another ruleset with the engine's error, not a trap.
// Run after scripts/build.sh: node tests/node/modules.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const www = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../www');
const { rulesets } = JSON.parse(readFileSync(path.join(www, 'pkg/catalogue.json'), 'utf8'));
/** The typed class of each ruleset (src/wasm.rs typed_game!). */
const CLASSES = { bailen: 'BailenGame', 'muskets-battle': 'MusketsBattleGame', 'bloody-monday': 'BloodyMondayGame', 'napoleons-battles': 'NapoleonsBattlesGame' };

let failures = 0;
const ok = (cond, what) => {
  console.log(`  ${cond ? 'ok  ' : 'FAIL'} ${what}`);
  if (!cond) failures++;
};

const modules = {};
for (const { id } of rulesets) {
  const dir = path.join(www, 'pkg', id);
  const engine = await import(pathToFileURL(path.join(dir, 'napoleonic.js')).href);
  engine.initSync({ module: readFileSync(path.join(dir, 'napoleonic_bg.wasm')) });
  modules[id] = engine;
}
ok(rulesets.length === Object.keys(CLASSES).length && rulesets.every((r) => CLASSES[r.id]), `every ruleset of the catalogue has its class here (${rulesets.map((r) => r.id).join(', ')})`);

console.log('-- each module: its class alone, a game played and resumed');
const saved = {};
for (const info of rulesets) {
  const engine = modules[info.id];
  const others = Object.entries(CLASSES).filter(([id]) => id !== info.id).map(([, cls]) => cls);
  ok(typeof engine[CLASSES[info.id]] === 'function' && others.every((cls) => engine[cls] === undefined),
    `${info.id}: ${CLASSES[info.id]} and none of ${others.join(', ')}`);
  const game = new engine[CLASSES[info.id]](info.default_scenario, {}, 7);
  let choices = 0;
  for (let i = 0; i < 40; i++) {
    const prompt = game.prompt();
    if (!prompt || prompt.actions.length === 0) break;
    game.applyIndex((i * 7) % prompt.actions.length);
    choices++;
  }
  saved[info.id] = game.exportString();
  const back = engine[CLASSES[info.id]].importString(saved[info.id]);
  ok(choices > 0 && back.choiceCount() === choices && back.exportString() === saved[info.id],
    `${info.id}: ${choices} choices of ${info.default_scenario} played, saved and resumed by its class`);
  const generic = engine.Game.importString(saved[info.id]);
  ok(generic.ruleset() === info.id && generic.choiceCount() === choices, `${info.id}: the generic Game (the computer's worker) resumes it too`);
  for (const g of [game, back, generic]) g.free();
}

console.log('-- saved strings across modules');
for (const info of rulesets) {
  const engine = modules[info.id];
  const read = rulesets.map((r) => engine.savedRuleset(saved[r.id]));
  ok(read.every((id, i) => id === rulesets[i].id), `${info.id}'s module reads which ruleset each string is for (${read.join(', ')})`);
  for (const other of rulesets.filter((r) => r.id !== info.id)) {
    try {
      engine.Game.importString(saved[other.id]);
      ok(false, `${info.id}'s module refuses a game of ${other.id}: it was accepted`);
    } catch (e) {
      const trap = e instanceof WebAssembly.RuntimeError || /unreachable|panicked/.test(String(e?.message));
      ok(!trap && e?.kind === 'bad-saved-string' && e.message.includes(other.id), `${info.id}'s module refuses a game of ${other.id}: ${e?.kind} "${e?.message}"`);
    }
  }
}

if (failures) {
  console.error(`node modules: ${failures} failure(s)`);
  process.exit(1);
}
console.log('node modules: all checks passed');
