// Shared pieces of the end-to-end tests: the page's own static server for www/, a headless Chromium
// (Debian's /usr/bin/chromium driven by playwright-core) with a fresh profile per suite, checks,
// screenshots, and readers of the page's state.
import { mkdtemp, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { staticServer } from '../../scripts/static-server.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WWW = path.join(ROOT, 'www');
export const RESULTS = path.join(ROOT, 'test-results');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** www/ served as scripts/serve.sh serves it (precompressed files, MIME types), never cached. */
export function serve(root = WWW) {
  const server = staticServer(root, { cache: 'no-store' });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

let passed = 0;
export function passedCount() {
  return passed;
}

export function check(condition, what, detail) {
  if (!condition) {
    const error = new Error(
      `${what}${detail === undefined ? '' : `\n      got: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`}`,
    );
    error.check = true;
    throw error;
  }
  passed += 1;
  console.log(`  ok  ${what}`);
}

export async function checkBuilt() {
  const catalogue = JSON.parse(await readFile(path.join(WWW, 'pkg/catalogue.json'), 'utf8').catch(() => '{"rulesets":[]}'));
  // Every ruleset's engine module (www/pkg/<ruleset>/, scripts/build.sh).
  const modules = catalogue.rulesets.flatMap((r) => [`pkg/${r.id}/napoleonic.js`, `pkg/${r.id}/napoleonic_bg.wasm`]);
  for (const f of ['index.html', 'dist/main.js', 'dist/worker.js', 'pkg/catalogue.json', ...modules]) {
    if (!(await stat(path.join(WWW, f)).catch(() => null))) {
      throw Object.assign(new Error(`www/${f} is missing: run scripts/build.sh first`), { check: true });
    }
  }
  await mkdir(RESULTS, { recursive: true });
}

/**
 * The tests' way into the page's first <napoleonic-game> (its open shadow root), defined in every
 * page by the test harness only: $host() the element, $root() its shadow root (the document
 * before the element is defined), $app() its top box, whose data-* say where the game stands.
 */
function testHelpers() {
  const host = () => document.querySelector('napoleonic-game');
  const root = () => host()?.shadowRoot ?? document;
  Object.assign(window, { $host: host, $root: root, $app: () => root().getElementById('app') ?? document.body });
}

/**
 * A fresh Chromium profile with the page's guards: console errors, page errors, failed requests
 * and any request outside the served origin are recorded (and outside requests refused).
 */
export async function openBrowser(origin, viewport = { width: 1280, height: 800 }, extra = {}) {
  const profile = await mkdtemp(path.join(tmpdir(), 'napoleonic-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: !process.env.HEADFUL,
    args: [
      ...(process.env.HEADFUL ? [] : ['--headless']),
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport,
    ...extra,
  });
  await context.addInitScript(testHelpers);
  const consoleErrors = [];
  const outside = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin + '/') || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => consoleErrors.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    if (!outside.includes(req.url())) consoleErrors.push(`request failed: ${req.url()} ${req.failure()?.errorText}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) consoleErrors.push(`HTTP ${res.status()} for ${res.url()}`);
  });
  const close = async () => {
    await context.close().catch(() => {});
    await rm(profile, { recursive: true, force: true }).catch(() => {});
  };
  return { context, page, consoleErrors, outside, close };
}

export function shooter(page, prefix) {
  return (name, full = false) =>
    page.screenshot({ path: path.join(RESULTS, `${prefix}-${name}.png`), fullPage: full });
}

export const ready = (page) => page.waitForSelector('#app[data-ready="true"]', { timeout: 30_000 });

/** The page's state as a player sees it. */
export function state(page) {
  return page.evaluate(() => ({
    prompt: $root().getElementById('prompt')?.textContent ?? '',
    log: $root().querySelectorAll('#log li').length,
    lastLog: $root().querySelector('#log li:last-child')?.textContent ?? '',
    logText: [...$root().querySelectorAll('#log li')].map((li) => li.textContent),
    choices: Number($app().dataset.choices ?? -1),
    replay: $app().dataset.replay ?? '',
    actions: [...$root().querySelectorAll('#actions button')].map((b) => ({ type: b.dataset.type, label: b.textContent })),
    undoEnabled: !($root().getElementById('undo')?.disabled ?? true),
    error: [...$root().querySelectorAll('#error, .inline-error')].filter((e) => !e.hidden).map((e) => e.textContent).join(' | ') || null,
    autosave: (() => {
      try {
        const id = localStorage.getItem('napoleonic.last');
        return id ? localStorage.getItem(`napoleonic.game.${id}`) : null;
      } catch {
        return null;
      }
    })(),
    pieces: Object.fromEntries(
      [...$root().querySelectorAll('.l-pieces .piece')].map((g) => [g.dataset.unit, g.dataset.hex + (g.classList.contains('disorganised') ? '*' : '')]),
    ),
    highlighted: [...$root().querySelectorAll('.l-hl .hl.on')].map((p) => p.dataset.hex),
    selectable: [...$root().querySelectorAll('.piece.is-selectable')].map((g) => Number(g.dataset.unit)),
    targets: [...$root().querySelectorAll('.piece.is-target')].map((g) => Number(g.dataset.unit)),
    selected: $root().querySelector('.piece.is-selected')?.dataset.unit ?? null,
  }));
}

/** The games kept in this browser (the start screen's list), the last played first. */
export function keptGames(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('napoleonic.games') ?? '[]').sort((a, b) => b.playedAt - a.playedAt));
}

/** The record of the game last on the screen (its saved string, players, level). */
export function lastGame(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem(`napoleonic.game.${localStorage.getItem('napoleonic.last')}`) ?? 'null'));
}

/** Wait until the engine has recorded `n` choices. */
/** Start Bailén from the start screen with this seed, historical deployment on or off. */
export async function startBailen(page, origin, seed, { historical }) {
  await page.goto(origin + '/');
  await ready(page);
  if (!(await page.isVisible('#start'))) await page.click('#new-game');
  await page.selectOption('#ruleset', 'bailen');
  await page.fill('#seed', String(seed));
  await page.setChecked('#options input[name="historical_deployment"]', historical);
  await page.click('#start-button');
  await page.waitForSelector('#game:not([hidden])');
}

export function choicesReach(page, n) {
  return page.waitForFunction((k) => Number($app().dataset.choices) === k, n, { timeout: 10_000 });
}

/** Click the `index`-th legal action in the list. */
export async function clickAction(page, index = 0) {
  const before = Number(await page.evaluate(() => $app().dataset.choices));
  await page.click(`#actions button[data-index="${index}"]`);
  await choicesReach(page, before + 1);
}

export function median(values) {
  const v = [...values].sort((a, b) => a - b);
  if (!v.length) return null;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}
