// What is published is what is tested: packs the npm package (scripts/package.mjs), installs the
// tarball into a scratch project outside the repository, and there (1) plays every ruleset in
// Node through the package's entry, (2) type-checks an embedder's TypeScript against the
// package's declarations, and (3) plays whole games in a page served from the scratch folder in
// headless Chromium, the page importing the package as an embedder would, and (4) puts two
// <napoleonic-game> elements of the package on one page, playing independent games, and checks
// its custom-elements.json against the element's real attributes, properties, methods, events,
// parts and custom properties.
//   node tests/package/run.mjs          (after scripts/build.sh)
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { check, openBrowser, passedCount, RESULTS, ROOT, serve } from '../e2e/lib.mjs';

const packed = execFileSync('node', [path.join(ROOT, 'scripts/package.mjs')], { encoding: 'utf8' }).trim().split('\n');
console.log(packed.slice(0, -1).join('\n'));
const tarball = packed.at(-1);
const scratch = await mkdtemp(path.join(tmpdir(), 'napoleonic-embedder-'));
check(!scratch.startsWith(ROOT), 'the scratch project is outside the repository', scratch);
try {
  await writeFile(path.join(scratch, 'package.json'), JSON.stringify({ name: 'embedder', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', tarball], { cwd: scratch, stdio: ['ignore', 'ignore', 'inherit'] });

  // (1) Node: each ruleset's module through the entry, a random game, a saved string, refusals.
  await writeFile(
    path.join(scratch, 'node-test.mjs'),
    `import { loadRuleset, catalogue, RULESETS, rulesetOfSaved } from 'napoleonic-wargames';
const out = {};
for (const id of RULESETS) {
  const engine = await loadRuleset(id);
  const info = catalogue.rulesets.find((r) => r.id === id);
  const Game = Object.values(engine).find((v) => typeof v === 'function' && typeof v.importString === 'function' && v.name.endsWith('Game') && v.name !== 'Game');
  const game = new Game(info.default_scenario, {}, 11);
  let x = 7, n = 0;
  for (; n < 300; n++) {
    const p = game.prompt();
    if (!p) break;
    x = (x * 1103515245 + 12345) % 2147483648;
    game.applyIndex(x % p.actions.length);
  }
  const saved = game.exportString();
  const again = Game.importString(saved);
  let illegal = '', damaged = '';
  try { game.applyIndex(100000); } catch (e) { illegal = String(e.message ?? e); }
  try { Game.importString(saved.slice(0, 20) + (saved[20] === 'A' ? 'B' : 'A') + saved.slice(21)); } catch (e) { damaged = String(e.message ?? e); }
  out[id] = { played: n, same: again.exportString() === saved && again.choiceCount() === game.choiceCount(),
    ruleset: await rulesetOfSaved(saved), illegal, damaged, shared: (await loadRuleset(id)) === engine };
}
let unknown = '';
try { await loadRuleset('chess'); } catch (e) { unknown = e.message; }
console.log(JSON.stringify({ out, unknown }));
`,
  );
  const node = JSON.parse(execFileSync('node', ['node-test.mjs'], { cwd: scratch, encoding: 'utf8' }).trim().split('\n').at(-1));
  for (const [id, r] of Object.entries(node.out)) {
    check(r.played > 20, `${id}: the package's module plays a random game in Node`, r);
    check(r.same, `${id}: its saved string imports to the same game`, r);
    check(r.ruleset === id, `${id}: rulesetOfSaved names the saved string's ruleset`, r);
    check(/only \d+ legal actions|game is over/i.test(r.illegal), `${id}: an illegal choice is refused with the reason`, r.illegal);
    check(r.damaged.length > 0, `${id}: a damaged saved string is refused`, r.damaged);
    check(r.shared, `${id}: a module is instantiated once and shared`, r);
  }
  check(/unknown ruleset 'chess'/.test(node.unknown), 'an unknown ruleset is refused by name', node.unknown);

  // (2) An embedder's TypeScript, strict, against the package's declarations only.
  await writeFile(
    path.join(scratch, 'embedder.ts'),
    `import { loadRuleset, catalogue, type RulesetId } from 'napoleonic-wargames';
import type { BailenAction } from 'napoleonic-wargames/bailen';
export async function first(id: RulesetId): Promise<number> {
  const bailen = await loadRuleset('bailen');
  const game = new bailen.BailenGame(catalogue.rulesets[0]?.default_scenario ?? '', {}, 1);
  const action: BailenAction | undefined = game.prompt()?.actions[0];
  if (action) game.apply(action);
  return (await loadRuleset(id)) ? game.choiceCount() : 0;
}
// The element: its properties, methods and events typed from the package's declarations.
import 'napoleonic-wargames/element';
import type { MoveDetail, NapoleonicGame } from 'napoleonic-wargames/element';
export function watch(): void {
  const game: NapoleonicGame | null = document.querySelector('napoleonic-game');
  if (!game) return;
  game.readOnly = false;
  game.addEventListener('move', (e) => {
    const detail: MoveDetail = e.detail;
    console.log(detail.side, detail.text, game.export().length);
  });
  game.addEventListener('error', (e) => console.log(e.detail.source, e.detail.message));
  void game.import(game.saved ?? '').then((ok: boolean) => ok || game.undo());
}
`,
  );
  await writeFile(
    path.join(scratch, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'es2022', moduleResolution: 'bundler', lib: ['es2022', 'esnext.disposable', 'dom'], skipLibCheck: false }, files: ['embedder.ts'] }),
  );
  let typed = '';
  try {
    execFileSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: scratch, encoding: 'utf8' });
  } catch (e) {
    typed = `${e.stdout ?? ''}${e.stderr ?? ''}`;
  }
  check(typed === '', "an embedder's strict TypeScript type-checks against the package's declarations", typed);

  // (3) A page of the embedder's, served from the scratch folder, in Chromium.
  await writeFile(
    path.join(scratch, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>embedder</title><pre id="out">loading</pre>
<script type="module">
import { loadRuleset, catalogue } from './node_modules/napoleonic-wargames/index.js';
const results = [];
for (const id of ['bailen', 'napoleons-battles']) {
  const engine = await loadRuleset(id);
  const info = catalogue.rulesets.find((r) => r.id === id);
  const Game = id === 'bailen' ? engine.BailenGame : engine.NapoleonsBattlesGame;
  const game = new Game(info.default_scenario, {}, 3);
  let x = 5, n = 0;
  while (game.prompt() && n < 20000) {
    x = (x * 1103515245 + 12345) % 2147483648;
    game.applyIndex(x % game.prompt().actions.length);
    n++;
  }
  results.push({ id, n, over: game.outcome() !== null });
}
document.getElementById('out').textContent = JSON.stringify(results);
document.body.dataset.done = 'true';
</script>`,
  );
  const server = await serve(scratch);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const { page, consoleErrors, outside, close } = await openBrowser(origin);
  try {
    await page.goto(`${origin}/index.html`);
    await page.waitForSelector('body[data-done="true"]', { timeout: 120_000 });
    const results = JSON.parse(await page.textContent('#out'));
    for (const r of results) check(r.over, `${r.id}: a whole game plays to its end in an embedder's page in Chromium`, r);
    check(consoleErrors.length === 0, "the embedder's page logs no error", consoleErrors);
    check(outside.length === 0, "the embedder's page asks nothing outside its own origin", outside);
    await elements(page, origin, scratch);
    check(consoleErrors.length === 0, "the embedder's page of elements logs no error", consoleErrors);
    check(outside.length === 0, "the embedder's page of elements asks nothing outside its own origin", outside);
  } finally {
    await close();
    server.close();
  }
  console.log(`package: ${passedCount()} checks passed`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}

/** (4) Two elements from the installed package on one page, and the manifest against the element. */
async function elements(page, origin, dir) {
  const installed = path.join(dir, 'node_modules/napoleonic-wargames');
  const pkg = JSON.parse(await readFile(path.join(installed, 'package.json'), 'utf8'));
  check(pkg.customElements === 'custom-elements.json', "the package's package.json points customElements at its manifest", pkg.customElements);
  const manifest = JSON.parse(await readFile(path.join(installed, pkg.customElements), 'utf8'));
  const declared = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'napoleonic-game');
  check(!!declared, 'the manifest declares <napoleonic-game>');
  await writeFile(
    path.join(dir, 'elements.html'),
    `<!doctype html><meta charset="utf-8"><title>two games</title>
<style>napoleonic-game { --napoleonic-height: 520px; } #nb { --napoleonic-ink: rgb(20, 90, 40); }</style>
<napoleonic-game id="bailen" ruleset="bailen"></napoleonic-game>
<napoleonic-game id="nb" ruleset="napoleons-battles"></napoleonic-game>
<script type="module" src="./node_modules/napoleonic-wargames/element/napoleonic-game.js"></script>`,
  );
  await page.goto(`${origin}/elements.html`);
  await page.waitForFunction(() => [...document.querySelectorAll('napoleonic-game')].every((el) => el.shadowRoot?.getElementById('app')?.dataset.ready === 'true'), null, { timeout: 60_000 });
  const saved = () => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('napoleonic-game')].map((el) => [el.id, el.export()])));
  const choices = (id) => page.evaluate((which) => Number(document.getElementById(which).shadowRoot.getElementById('app').dataset.choices), id);
  const start = await saved();
  const rulesets = await page.evaluate(() => [...document.querySelectorAll('napoleonic-game')].map((el) => el.ruleset));
  check(rulesets.join() === 'bailen,napoleons-battles' && start.bailen !== start.nb, 'two elements of the installed package, two games', rulesets);
  // A choice in each, by clicking its list: the other game does not move.
  for (const [id, other] of [['bailen', 'nb'], ['nb', 'bailen']]) {
    const before = await saved();
    const n = await choices(id);
    await page.locator(`#${id} #actions button[data-index]`).first().click();
    await page.waitForFunction(([which, k]) => Number(document.getElementById(which).shadowRoot.getElementById('app').dataset.choices) === k, [id, n + 1]);
    const after = await saved();
    check(after[id] !== before[id] && after[other] === before[other], `a choice in the ${id} element changes its game only`);
  }
  await page.screenshot({ path: path.join(RESULTS, 'package-two-elements.png'), fullPage: true });

  // The manifest lists what the element has, and the element has what the manifest lists.
  const real = await page.evaluate(() => {
    const el = document.getElementById('bailen');
    const proto = Object.getPrototypeOf(el);
    const own = Object.getOwnPropertyNames(proto).filter((n) => n !== 'constructor');
    const sheetText = el.shadowRoot.adoptedStyleSheets.flatMap((s) => [...s.cssRules].map((r) => r.cssText)).join('\n');
    return {
      attributes: [...el.constructor.observedAttributes],
      accessors: own.filter((n) => Object.getOwnPropertyDescriptor(proto, n).get),
      methods: own.filter((n) => typeof Object.getOwnPropertyDescriptor(proto, n).value === 'function' && !n.endsWith('Callback')),
      parts: [...new Set([...el.shadowRoot.querySelectorAll('[part]')].flatMap((p) => p.getAttribute('part').split(/\s+/)))],
      cssProperties: [...new Set(sheetText.match(/--napoleonic-[a-z-]+/g) ?? [])],
    };
  });
  const names = (list) => (list ?? []).map((x) => x.name).sort();
  const same = (a, b) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
  check(same(names(declared.attributes), real.attributes), 'the manifest lists exactly the attributes the element observes', { manifest: names(declared.attributes), real: real.attributes });
  const fields = (declared.members ?? []).filter((m) => m.kind === 'field').map((m) => m.name);
  const publicAccessors = real.accessors.filter((n) => n !== 'testTimings');
  check(same(fields, publicAccessors), 'the manifest lists exactly the element\'s public properties', { manifest: fields, real: publicAccessors });
  check(declared.attributes.every((a) => real.accessors.includes(a.fieldName)), 'each attribute of the manifest names its property twin', declared.attributes.map((a) => [a.name, a.fieldName]));
  const methods = (declared.members ?? []).filter((m) => m.kind === 'method').map((m) => m.name);
  check(same(methods, real.methods) && ['export', 'import', 'undo'].every((m) => methods.includes(m)), 'the manifest lists exactly the element\'s methods (export, import, undo)', { manifest: methods, real: real.methods });
  check(same(names(declared.cssParts), real.parts), 'the manifest lists exactly the parts in the shadow root', { manifest: names(declared.cssParts), real: real.parts });
  check(same(names(declared.cssProperties), real.cssProperties), 'the manifest lists exactly the custom properties the stylesheet reads', { manifest: names(declared.cssProperties), real: real.cssProperties });
  check(same(names(declared.events), ['error', 'gameover', 'move', 'save']), 'the manifest lists the events move, save, gameover and error', names(declared.events));
}
