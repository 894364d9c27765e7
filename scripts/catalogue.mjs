// Write the engine's catalogue (rulesets, scenarios, options, sides: catalogue() of the web build
// in www/pkg/) to www/pkg/catalogue.json, bundled into the page, so the page can show its start
// screen while the engine itself is still on its way; the page checks it against the engine once
// loaded (engine.ts confirmCatalogue).
//   node scripts/catalogue.mjs
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const www = path.join(path.dirname(fileURLToPath(import.meta.url)), '../www');
const engine = await import(path.join(www, 'pkg/napoleonic.js'));
engine.initSync({ module: await readFile(path.join(www, 'pkg/napoleonic_bg.wasm')) });
const text = JSON.stringify(engine.catalogue());
await writeFile(path.join(www, 'pkg/catalogue.json'), text + '\n');
console.log(`    www/pkg/catalogue.json: ${text.length} bytes, ${JSON.parse(text).rulesets.length} rulesets`);
