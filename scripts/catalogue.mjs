// Write the engine's catalogue (rulesets, scenarios, options, sides: catalogue() of the web build
// of every ruleset in pkg/) to www/pkg/catalogue.json, bundled into the page, so the page can
// show its start screen before any engine module has loaded; the page checks it against each
// module once loaded (engine.ts confirmCatalogue).
// Then every ruleset's own module (www/pkg/<ruleset>/, scripts/build.sh) is checked: it is there,
// it loads, and its catalogue is its ruleset alone, as the full build describes it.
//   node scripts/catalogue.mjs
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const www = path.join(root, 'www');

/** catalogue() of the web module in `dir` (its glue napoleonic.js and napoleonic_bg.wasm). */
async function catalogueOf(dir) {
  const engine = await import(path.join(dir, 'napoleonic.js'));
  engine.initSync({ module: await readFile(path.join(dir, 'napoleonic_bg.wasm')) });
  return engine.catalogue();
}

const full = await catalogueOf(path.join(root, 'pkg'));
const text = JSON.stringify(full);
await writeFile(path.join(www, 'pkg/catalogue.json'), text + '\n');
console.log(`    www/pkg/catalogue.json: ${text.length} bytes, ${full.rulesets.length} rulesets`);

let failed = false;
for (const info of full.rulesets) {
  const dir = path.join(www, 'pkg', info.id);
  let own;
  try {
    own = await catalogueOf(dir);
  } catch (e) {
    console.error(`    ${path.relative(root, dir)}: the module of ${info.id} does not load (${e.message}): is it in build.sh's RULESETS?`);
    failed = true;
    continue;
  }
  const ids = own.rulesets.map((r) => r.id);
  if (ids.length !== 1 || ids[0] !== info.id) {
    console.error(`    ${path.relative(root, dir)}: the module of ${info.id} holds ${ids.join(', ') || 'no ruleset'}`);
    failed = true;
  } else if (JSON.stringify(own.rulesets[0]) !== JSON.stringify(info)) {
    console.error(`    ${path.relative(root, dir)}: the module's catalogue of ${info.id} differs from the full build's`);
    failed = true;
  } else {
    console.log(`    ${path.relative(root, dir)}: ${info.id} alone, as catalogued`);
  }
}
if (failed) process.exit(1);
