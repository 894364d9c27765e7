// The npm package for embedders (napoleonic-wargames), from what scripts/build.sh built: one
// wasm module per ruleset (www/pkg/<ruleset>/ and its generated types, pkg-web/<ruleset>/), the
// catalogue, the entry npm/index.ts (compiled with its declarations), the <napoleonic-game>
// element (element/: the page's element bundled with its worker and stylesheet, its
// declarations, custom-elements.json beside package.json), npm/README.md and LICENSE.
// Writes the package's folder dist-npm/ and packs it (npm pack) into dist-npm-pack/; prints the
// tarball's path last. tests/package/run.mjs installs that tarball outside the repo and tests it.
//   node scripts/package.mjs
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'dist-npm');
const PACKED = path.join(ROOT, 'dist-npm-pack');
const RULESETS = ['bailen', 'muskets-battle', 'bloody-monday', 'napoleons-battles'];
const fail = (why) => {
  console.error(`package.mjs: ERROR: ${why}`);
  process.exit(1);
};
const exists = (p) => stat(p).then(() => true, () => false);

// The crate's version is the package's.
const cargo = await readFile(path.join(ROOT, 'Cargo.toml'), 'utf8');
const version = /^version\s*=\s*"([^"]+)"/m.exec(cargo)?.[1] ?? fail('no version in Cargo.toml');

await rm(OUT, { recursive: true, force: true });
await mkdir(OUT, { recursive: true });
const exportsMap = {
  '.': { types: './index.d.ts', default: './index.js' },
  './catalogue.json': './catalogue.json',
  './element': { types: './element/napoleonic-game.d.ts', default: './element/napoleonic-game.js' },
  './element/worker.js': './element/worker.js',
  './custom-elements.json': './custom-elements.json',
};
for (const id of RULESETS) {
  const built = path.join(ROOT, 'www/pkg', id);
  const types = path.join(ROOT, 'pkg-web', id, 'napoleonic.d.ts');
  for (const f of [path.join(built, 'napoleonic.js'), path.join(built, 'napoleonic_bg.wasm'), types]) {
    if (!(await exists(f))) fail(`${path.relative(ROOT, f)} missing: run scripts/build.sh first`);
  }
  await mkdir(path.join(OUT, id));
  await copyFile(path.join(built, 'napoleonic.js'), path.join(OUT, id, 'napoleonic.js'));
  await copyFile(path.join(built, 'napoleonic_bg.wasm'), path.join(OUT, id, 'napoleonic_bg.wasm'));
  await copyFile(types, path.join(OUT, id, 'napoleonic.d.ts'));
  exportsMap[`./${id}`] = { types: `./${id}/napoleonic.d.ts`, default: `./${id}/napoleonic.js` };
  exportsMap[`./${id}/napoleonic_bg.wasm`] = `./${id}/napoleonic_bg.wasm`;
}
// The catalogue as the engine wrote it, as JSON and as a module the entry imports (a JSON import
// would need import attributes, which not every browser and bundler reads).
const catalogue = await readFile(path.join(ROOT, 'www/pkg/catalogue.json'), 'utf8');
JSON.parse(catalogue);
await writeFile(path.join(OUT, 'catalogue.json'), catalogue);
await writeFile(path.join(OUT, 'catalogue.js'), `// The engine's catalogue, written at build time.\nexport default ${catalogue.trim()};\n`);
await writeFile(path.join(OUT, 'catalogue.d.ts'), 'declare const catalogue: unknown;\nexport default catalogue;\n');
await copyFile(path.join(ROOT, 'npm/index.ts'), path.join(OUT, 'index.ts'));
// The entry and its declarations, checked against the modules' generated types.
const tsc = path.join(ROOT, 'node_modules/.bin/tsc');
execFileSync(tsc, ['--declaration', '--strict', '--noUncheckedIndexedAccess', '--target', 'es2022', '--module', 'es2022',
  '--moduleResolution', 'bundler', '--lib', 'es2022,esnext.disposable,dom', '--skipLibCheck', 'false', path.join(OUT, 'index.ts')], { stdio: 'inherit' });
await rm(path.join(OUT, 'index.ts'));

// The element: the page's own (www/src/main.ts), finding the modules one folder up (element/ is
// beside <ruleset>/), and its computer opponent's worker beside it.
const esbuild = path.join(ROOT, 'node_modules/.bin/esbuild');
execFileSync(esbuild, ['napoleonic-game=www/src/main.ts', 'worker=www/src/worker.ts', '--bundle', '--format=esm', '--platform=browser',
  '--target=es2022', '--loader:.css=text', '--define:MODULES_DIR="../"', '--minify', '--sourcemap', `--outdir=${path.join(OUT, 'element')}`,
  '--log-level=warning'], { cwd: ROOT, stdio: 'inherit' });
// Its declarations (the element's class and its public types; nothing of the shell's).
const declared = path.join(OUT, '.declarations');
execFileSync(tsc, ['--declaration', '--emitDeclarationOnly', '--strict', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler',
  '--resolveJsonModule', '--lib', 'es2022,esnext.disposable,dom,dom.iterable', '--skipLibCheck', '--stripInternal', '--outDir', declared,
  path.join(ROOT, 'www/src/main.ts'), path.join(ROOT, 'www/src/css.d.ts')], { stdio: 'inherit' });
for (const [from, to] of [['main.d.ts', 'napoleonic-game.d.ts'], ['element.d.ts', 'element.d.ts'], ['api.d.ts', 'api.d.ts']]) {
  // (tsc writes them under src/: its root is www/, which holds the catalogue it reads)
  await copyFile(path.join(declared, 'src', from), path.join(OUT, 'element', to));
}
await rm(declared, { recursive: true, force: true });
const manifest = path.join(ROOT, 'www/custom-elements.json');
if (!(await exists(manifest))) fail('www/custom-elements.json missing: run scripts/build.sh first');
await copyFile(manifest, path.join(OUT, 'custom-elements.json'));
await copyFile(path.join(ROOT, 'npm/README.md'), path.join(OUT, 'README.md'));
await copyFile(path.join(ROOT, 'LICENSE'), path.join(OUT, 'LICENSE'));
const pkg = {
  name: 'napoleonic-wargames',
  version,
  description: "The rules of four Napoleonic board wargames (Bailén 1808, Age of Muskets I's Field Battle, Bloody Monday, Napoleon's Battles) as WebAssembly modules, for the browser and Node",
  license: 'MIT',
  type: 'module',
  main: './index.js',
  types: './index.d.ts',
  exports: exportsMap,
  files: ['index.js', 'index.d.ts', 'catalogue.js', 'catalogue.d.ts', 'catalogue.json', ...RULESETS.map((id) => `${id}/`), 'element/', 'custom-elements.json', 'README.md', 'LICENSE'],
  // The element's bundle defines <napoleonic-game> when imported.
  sideEffects: ['./element/napoleonic-game.js'],
  customElements: 'custom-elements.json',
  engines: { node: '>=18' },
  keywords: ['wargame', 'napoleonic', 'board game', 'webassembly', 'rules engine', 'hex and counter'],
};
await writeFile(path.join(OUT, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
await rm(PACKED, { recursive: true, force: true });
await mkdir(PACKED);
execFileSync('npm', ['pack', '--silent', '--pack-destination', PACKED], { cwd: OUT, stdio: ['ignore', 'ignore', 'inherit'] });
const [tarball] = (await readdir(PACKED)).filter((f) => f.endsWith('.tgz'));
if (!tarball) fail('npm pack wrote no tarball');
const size = (await stat(path.join(PACKED, tarball))).size;
console.log(`package napoleonic-wargames@${version}: ${(size / 1024).toFixed(0)} KiB packed`);
console.log(path.join(PACKED, tarball));
