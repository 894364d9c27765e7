// End-to-end test of the page in a real headless Chromium (Debian's /usr/bin/chromium driven by
// playwright-core). Serves www/ itself on a free port, plays a few choices, checks undo, export,
// autosave across reload, a corrupted import, keyboard use, console errors and network isolation.
//
//   node tests/e2e/run.mjs            (after scripts/build.sh)
//   CHROMIUM=/path/to/chromium HEADFUL=1 node tests/e2e/run.mjs
import { createServer } from 'node:http';
import { mkdtemp, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WWW = path.join(ROOT, 'www');
const RESULTS = path.join(ROOT, 'test-results');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const SEED = 1808;
const CLICKS = 6;
const FULL_GAME_LIMIT = 5000;

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ts': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

// ---- a tiny static server for www/ -------------------------------------------------------------

function serve(root) {
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      let file = path.normalize(path.join(root, decodeURIComponent(url.pathname)));
      if (file !== root && !file.startsWith(root + path.sep)) {
        res.writeHead(403).end('forbidden');
        return;
      }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = path.join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

// ---- checks --------------------------------------------------------------------------------------

let passed = 0;
function check(condition, what, detail) {
  if (!condition) {
    const error = new Error(`${what}${detail === undefined ? '' : `\n      got: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`}`);
    error.check = true;
    throw error;
  }
  passed += 1;
  console.log(`  ok  ${what}`);
}

async function main() {
  for (const f of ['index.html', 'dist/main.js', 'pkg/napoleonic.js', 'pkg/napoleonic_bg.wasm']) {
    if (!(await stat(path.join(WWW, f)).catch(() => null))) {
      throw Object.assign(new Error(`www/${f} is missing: run scripts/build.sh first`), { check: true });
    }
  }
  await mkdir(RESULTS, { recursive: true });
  const server = await serve(WWW);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const profile = await mkdtemp(path.join(tmpdir(), 'napoleonic-e2e-'));
  console.log(`e2e: serving ${WWW} at ${origin}; Chromium ${CHROMIUM}; profile ${profile}`);

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
    viewport: { width: 1200, height: 900 },
  });

  const consoleErrors = [];
  const outside = [];
  // Every request must stay on the served origin; anything else is recorded and refused.
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin + '/') || url.startsWith('data:') || url.startsWith('blob:')) {
      return route.continue();
    }
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

  const shot = (name) => page.screenshot({ path: path.join(RESULTS, `e2e-${name}.png`), fullPage: true });
  const state = () =>
    page.evaluate(() => ({
      prompt: document.getElementById('prompt')?.textContent ?? '',
      log: document.querySelectorAll('#log li').length,
      lastLog: document.querySelector('#log li:last-child')?.textContent ?? '',
      choices: Number(document.body.dataset.choices ?? -1),
      actions: [...document.querySelectorAll('#actions button')].map((b) => ({
        type: b.dataset.type,
        label: b.textContent,
      })),
      undoEnabled: !(document.getElementById('undo')?.disabled ?? true),
      error: document.getElementById('error')?.hidden ? null : document.getElementById('error')?.textContent,
      autosave: localStorage.getItem('napoleonic.autosave'),
    }));
  const ready = () => page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });

  let failed = null;
  try {
    // 1. The page loads the engine and offers a new game.
    await page.goto(origin + '/');
    await ready();
    check(await page.isVisible('#start'), 'start screen is shown on a fresh profile');
    await shot('1-start');

    // 2. Start a Bailén game with a fixed seed; historical deployment skips the placement of every
    //    counter, so the few clicks below reach dice rolls, the Joker, movement and undo.
    await page.fill('#seed', String(SEED));
    await page.check('#options input[name="historical_deployment"]');
    await page.click('#start-button');
    await page.waitForSelector('#game:not([hidden])');
    let s = await state();
    check(s.error === null, 'the game starts without an error', s.error);
    check(s.prompt.length > 0 && s.actions.length > 0, 'a prompt and legal actions are shown', s);
    check(s.choices === 0, 'no choices made yet', s.choices);
    check(s.actions.every((a) => a.label && a.label.trim().length > 0), 'every action button has a label');
    const firstPrompt = s.prompt;
    console.log(`      prompt: ${s.prompt}`);
    console.log(`      ${s.actions.length} actions, first: ${s.actions[0]?.label}`);
    await shot('2-new-game');

    // 3. Click a few legal actions: the log grows each time and the prompt moves on.
    const prompts = [s.prompt];
    let undoChecked = false;
    // Undo takes back one choice and its log lines; the choice is then made again by keyboard.
    const checkUndo = async (at) => {
      await page.click('#undo');
      await page.waitForFunction((n) => Number(document.body.dataset.choices) === n, at.choices - 1);
      const u = await state();
      check(u.error === null, 'undo is accepted', u.error);
      check(u.log < at.log, `undo removes the last choice's log lines (${at.log} -> ${u.log})`);
      await page.focus('#actions button[data-index="0"]');
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => Number(document.body.dataset.choices) === n, u.choices + 1);
      check((await state()).log > u.log, 'an action can be chosen with the keyboard (Enter)');
    };
    for (let i = 0; i < CLICKS; i += 1) {
      const before = await state();
      if (before.actions.length === 0) break;
      // Avoid going back and forth (select, cancel): take the first action that is not a cancel.
      let index = before.actions.findIndex((a) => !/^Cancel/.test(a.type ?? ''));
      if (index < 0) index = 0;
      await page.click(`#actions button[data-index="${index}"]`);
      await page.waitForFunction((n) => Number(document.body.dataset.choices) === n, before.choices + 1);
      const after = await state();
      check(after.error === null, `click ${i + 1} (${before.actions[index].label}) is accepted`, after.error);
      check(after.log > before.log, `click ${i + 1}: the log grows (${before.log} -> ${after.log})`);
      console.log(`      prompt: ${after.prompt}`);
      prompts.push(after.prompt);
      if (!undoChecked && after.undoEnabled) {
        await checkUndo(after);
        undoChecked = true;
      }
    }
    s = await state();
    check(s.choices > 0, `choices were made (${s.choices})`);
    const logText = await page.locator('#log').innerText();
    check(!/undefined|\[object Object\]|NaN/.test(logText), 'the log is in words (no undefined, NaN or [object Object])', logText);
    check(prompts.some((p) => p !== firstPrompt), 'the prompt text changed', prompts);
    check(s.autosave && JSON.parse(s.autosave).save.length > 0, 'the game was autosaved in localStorage');
    await shot('3-after-clicks');

    // 4. Keyboard use, if the undo check above did not already cover it.
    if (!undoChecked) {
      console.log('      (undo was never enabled in these choices: dice were rolled)');
      const k = await state();
      if (k.actions.length > 0) {
        await page.focus('#actions button[data-index="0"]');
        await page.keyboard.press('Enter');
        await page.waitForFunction((n) => Number(document.body.dataset.choices) === n, k.choices + 1);
        check((await state()).log > k.log, 'an action can be chosen with the keyboard (Enter)');
      }
    }

    // 5. Export.
    await page.click('#export');
    const exported = await page.inputValue('#export-text');
    check(exported.length > 0, `export gives a saved string (${exported.length} characters)`);
    const beforeReload = await state();
    await shot('4-export');

    // 6. Reload: the autosave restores the same position and log.
    await page.reload();
    await ready();
    await page.waitForSelector('#game:not([hidden])');
    const restored = await state();
    check(restored.error === null, 'reload restores without an error', restored.error);
    check(restored.prompt === beforeReload.prompt, 'reload restores the same prompt', [beforeReload.prompt, restored.prompt]);
    check(restored.log === beforeReload.log, `reload restores the log (${restored.log} lines)`, [beforeReload.log, restored.log]);
    check(restored.choices === beforeReload.choices, 'reload restores the same number of choices');
    await shot('5-reloaded');

    // 7. A corrupted string is refused with the engine's message; the game is untouched.
    const mid = Math.floor(exported.length / 2);
    const corrupted = exported.slice(0, mid) + (exported[mid] === 'A' ? 'B' : 'A') + exported.slice(mid + 1);
    await page.fill('#import-text', corrupted);
    await page.click('#import');
    const alert = page.locator('[role="alert"]');
    await alert.waitFor({ state: 'visible', timeout: 5_000 });
    const alertText = (await alert.textContent()) ?? '';
    check(alertText.trim().length > 0, 'a corrupted import shows an error in role=alert', alertText);
    console.log(`      alert: ${alertText}`);
    const afterBad = await state();
    check(afterBad.prompt === restored.prompt && afterBad.log === restored.log && afterBad.choices === restored.choices,
      'the current game is unchanged after the bad import', afterBad);
    check(afterBad.autosave === restored.autosave, 'the autosave is unchanged after the bad import');
    await shot('6-bad-import');

    // 8. The real string loads.
    await page.fill('#import-text', exported);
    await page.click('#import');
    await page.waitForFunction(() => document.getElementById('error')?.hidden === true);
    const loaded = await state();
    check(loaded.prompt === restored.prompt && loaded.choices === restored.choices, 'the exported string imports to the same position');
    await shot('7-imported');

    // 9. Play the game to its end (a random legal action each time, inside the page for speed):
    //    every event gets a line in words and the end of the game is shown.
    const t0 = Date.now();
    const played = await page.evaluate((limit) => {
      let r = 12345;
      let n = 0;
      for (; n < limit; n += 1) {
        const buttons = document.querySelectorAll('#actions button');
        if (buttons.length === 0 || !document.getElementById('error').hidden) break;
        r = (Math.imul(r, 1103515245) + 12345) >>> 0;
        buttons[r % buttons.length].click();
      }
      return n;
    }, FULL_GAME_LIMIT);
    const end = await state();
    console.log(`      played ${played} more choices in ${Date.now() - t0} ms; ${end.log} log lines`);
    console.log(`      end: ${end.prompt}`);
    check(end.error === null, 'a whole game plays out without an error', end.error);
    check(end.actions.length === 0 && /over/i.test(end.prompt), 'the end of the game is shown', end.prompt);
    const fullLog = await page.locator('#log').innerText();
    check(!/undefined|\[object Object\]|NaN/.test(fullLog), 'the whole log is in words (no undefined, NaN or [object Object])',
      fullLog.split('\n').filter((l) => /undefined|\[object Object\]|NaN/.test(l)).slice(0, 5));
    check(/Game over/.test(fullLog), 'the log reports the end of the game');
    await shot('8-game-over');
    await page.click('#export');
    const finished = await page.inputValue('#export-text');
    await page.reload();
    await ready();
    const reloadedEnd = await state();
    check(reloadedEnd.prompt === end.prompt && reloadedEnd.log === end.log, 'the finished game is restored on reload');
    await page.fill('#import-text', finished);
    await page.click('#import');
    await page.waitForFunction(() => document.getElementById('error')?.hidden === true);
    check((await state()).prompt === end.prompt, 'the finished game\'s string imports to the same end');

    // 10. Nothing went wrong in the console or the network.
    check(consoleErrors.length === 0, 'no console errors, page errors or failed requests', consoleErrors);
    check(outside.length === 0, 'no requests outside the served origin', outside);
  } catch (e) {
    failed = e;
    await shot('failure').catch(() => {});
  } finally {
    await context.close().catch(() => {});
    server.close();
    await rm(profile, { recursive: true, force: true }).catch(() => {});
  }
  if (failed) throw failed;
  console.log(`e2e: all ${passed} checks passed; screenshots in test-results/`);
}

main().catch((e) => {
  console.error(`\ne2e: FAILED: ${e.check ? e.message : e.stack ?? e}`);
  if (!e.check) console.error('e2e: (an unexpected error, not a failed check)');
  console.error('e2e: screenshots, if any, are in test-results/');
  process.exit(1);
});
