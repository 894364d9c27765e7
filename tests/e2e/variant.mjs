// A publisher's or modder's variant: on the start screen the player picks a scenario file; the
// engine checks it like its built-in data and the game starts on it, saving and loading like
// any other; a broken file is refused with the engine's message naming the file, and nothing
// starts.
import { readFile } from 'node:fs/promises';
import { check, ready, shooter, state } from './lib.mjs';

export default async function variant({ page, origin }) {
  const shot = shooter(page, 'variant');
  const built = JSON.parse(await readFile(new URL('../../scenarios/bailen.json', import.meta.url), 'utf8'));
  built.id = 'bailen-publisher';
  built.title = 'Bailén 1808 (a publisher\'s board)';
  await page.goto(origin + '/');
  await ready(page);
  await page.selectOption('#ruleset', 'bailen');
  await page.fill('#seed', '77');
  // The form's optional rules go with the file: the historical deployment puts the counters out.
  await page.check('#options input[name="historical_deployment"]');
  await page.setInputFiles('#scenario-file', { name: 'publisher.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(built)) });
  await page.waitForSelector('#game:not([hidden])');
  let s = await state(page);
  check(s.error === null, 'the variant starts without an error', s.error);
  const log = await page.locator('#log').innerText();
  check(/from the scenario file publisher\.json, seed 77/.test(log), 'the log names the scenario file and the seed', log.slice(0, 300));
  check(s.actions.length > 0 && Object.keys(s.pieces).length > 90, `the variant's prompt and its historical deployment are drawn (${Object.keys(s.pieces).length} counters)`);
  await page.click(`#actions button[data-index="0"]`);
  await page.waitForFunction(() => $root().querySelector('#log')?.textContent?.length > 0);
  await shot('1-variant-started');

  // Saved and loaded: the string carries the file, so it loads where the file is not at hand.
  s = await state(page);
  await page.click('#export');
  const exported = await page.inputValue('#export-text');
  await page.click('#new-game');
  await page.click('#cancel-start');
  await page.fill('#import-text', exported);
  await page.click('#import');
  await page.waitForFunction(() => $root().getElementById('error')?.hidden === true);
  const loaded = await state(page);
  check(loaded.choices === s.choices && loaded.prompt === s.prompt, `the saved string loads the variant at the same choice (${loaded.choices}, ${loaded.prompt})`);

  // A broken file: the engine's refusal names the file and the field; no game starts.
  await page.click('#new-game');
  const broken = { ...built, counters: built.counters.map((c, i) => (i === 0 ? { ...c, side: 'Prussian' } : c)) };
  await page.setInputFiles('#scenario-file', { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
  await page.locator('#start-error').waitFor({ state: 'visible' });
  const err = (await page.textContent('#start-error')) ?? '';
  check(/Could not start the scenario file: .*broken\.json: /.test(err), `a broken file shows the engine's error naming the file, under the start buttons (${err})`);
  check(await page.isVisible('#start'), 'the start screen stays');
  await shot('2-broken-file');
}
