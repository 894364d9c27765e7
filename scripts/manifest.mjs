// custom-elements.json for <napoleonic-game>, written by @custom-elements-manifest/analyzer from
// www/src/element.ts (its JSDoc: @attr, @fires, @csspart, @cssprop) into www/custom-elements.json,
// which the page serves and the npm package ships. Kept to the element's public interface: the
// members marked @internal and the private ones are left out.
//   node scripts/manifest.mjs
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'www/custom-elements.json');
const fail = (why) => {
  console.error(`manifest.mjs: ERROR: ${why}`);
  process.exit(1);
};

// The analyzer writes <outdir>/custom-elements.json (outdir relative to the working directory).
execFileSync(path.join(ROOT, 'node_modules/.bin/cem'), ['analyze', '--globs', 'www/src/element.ts', 'www/src/api.ts', '--outdir', 'www', '--quiet'], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const manifest = JSON.parse(await readFile(OUT, 'utf8'));
const element = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'napoleonic-game');
if (!element) fail('the analyzer found no <napoleonic-game> in www/src/element.ts');
element.members = (element.members ?? []).filter((m) => m.privacy !== 'private' && !m.name.startsWith('#') && m.name !== 'testTimings');
for (const name of ['attributes', 'events', 'cssParts', 'cssProperties']) {
  if (!element[name]?.length) fail(`the analyzer found no ${name} of <napoleonic-game>: check element.ts's JSDoc`);
}
await writeFile(OUT, JSON.stringify(manifest, null, 2) + '\n');
console.log(`www/custom-elements.json: ${element.attributes.length} attributes, ${element.events.length} events, ${element.cssParts.length} parts, ${element.cssProperties.length} CSS properties`);
