// The shell through the legal-actions list and the keyboard: start a game (historical
// deployment), make choices, undo, export, autosave across reload, a corrupted import, and a
// whole game played to its end with every log line in words.
import { check, choicesReach, ready, shooter, state } from './lib.mjs';

const SEED = 1808;
const CLICKS = 6;
const FULL_GAME_LIMIT = 5000;

export default async function shell({ page, origin }) {
  const shot = shooter(page, 'shell');

  // 1. The page loads the engine and offers a new game.
  await page.goto(origin + '/');
  await ready(page);
  check(await page.isVisible('#start'), 'start screen is shown on a fresh profile');
  check((await page.locator('#ruleset option').allTextContents()).includes('Bailén 1808'), 'the start screen offers Bailén 1808');
  check(await page.isVisible('select[name="player-French"]') && await page.isVisible('select[name="player-Spanish"]'),
    'the start screen asks who plays each side');
  check(await page.isVisible('#options select[name="joker"]'), 'the start screen offers the Joker mode');
  await shot('1-start');

  // 2. Start with a fixed seed and historical deployment: the few clicks below reach dice rolls,
  //    the Joker, movement and undo.
  await page.fill('#seed', String(SEED));
  await page.check('#options input[name="historical_deployment"]');
  await page.click('#start-button');
  await page.waitForSelector('#game:not([hidden])');
  let s = await state(page);
  check(s.error === null, 'the game starts without an error', s.error);
  check(s.prompt.length > 0 && s.actions.length > 0, 'a prompt and legal actions are shown', s.prompt);
  check(s.choices === 0, 'no choices made yet', s.choices);
  check(s.actions.every((a) => a.label && a.label.trim().length > 0), 'every action button has a label');
  check(Object.keys(s.pieces).length > 90, `the historical deployment is drawn (${Object.keys(s.pieces).length} counters)`);
  const firstPrompt = s.prompt;
  console.log(`      prompt: ${s.prompt}`);
  await shot('2-new-game');

  // 3. Click a few legal actions in the list: the log grows and the prompt moves on.
  const prompts = [s.prompt];
  let undoChecked = false;
  const checkUndo = async (at) => {
    await page.click('#undo');
    await choicesReach(page, at.choices - 1);
    const u = await state(page);
    check(u.error === null, 'undo is accepted', u.error);
    check(u.log < at.log, `undo removes the last choice's log lines (${at.log} -> ${u.log})`);
    await page.focus('#actions button[data-index="0"]');
    await page.keyboard.press('Enter');
    await choicesReach(page, u.choices + 1);
    check((await state(page)).log > u.log, 'an action can be chosen with the keyboard (Enter)');
  };
  const dieValues = [];
  for (let i = 0; i < CLICKS; i += 1) {
    const before = await state(page);
    if (before.actions.length === 0) break;
    let index = before.actions.findIndex((a) => !/^Cancel/.test(a.type ?? ''));
    if (index < 0) index = 0;
    await page.click(`#actions button[data-index="${index}"]`);
    await choicesReach(page, before.choices + 1);
    const after = await state(page);
    check(after.error === null, `click ${i + 1} (${before.actions[index].label}) is accepted`, after.error);
    check(after.log > before.log, `click ${i + 1}: the log grows (${before.log} -> ${after.log})`);
    dieValues.push(...(await page.evaluate(() => [...$root().querySelectorAll('#dice .die, #prompt-dice .die')].map((d) => d.dataset.value))));
    prompts.push(after.prompt);
    if (!undoChecked && after.undoEnabled) {
      await checkUndo(after);
      undoChecked = true;
    }
  }
  check(dieValues.length > 0, 'dice are drawn as dice when rolled');
  check(dieValues.every((v) => /^[1-6]$/.test(v ?? '')), `every die shows a face 1-6 (${dieValues})`);
  s = await state(page);
  check(s.choices > 0, `choices were made (${s.choices})`);
  const logText = await page.locator('#log').innerText();
  check(!/undefined|\[object Object\]|NaN/.test(logText), 'the log is in words (no undefined, NaN or [object Object])', logText);
  check(prompts.some((p) => p !== firstPrompt), 'the prompt text changed', prompts);
  check(s.autosave && JSON.parse(s.autosave).save.length > 0, 'the game was autosaved in localStorage');
  await shot('3-after-clicks');

  // 4. Export, reload (the autosave restores the same position and log), corrupted import.
  await page.click('#export');
  const exported = await page.inputValue('#export-text');
  check(exported.length > 0, `export gives a saved string (${exported.length} characters)`);
  const beforeReload = await state(page);
  await page.reload();
  await ready(page);
  await page.waitForSelector('#game:not([hidden])');
  const restored = await state(page);
  check(restored.error === null, 'reload restores without an error', restored.error);
  check(restored.prompt === beforeReload.prompt, 'reload restores the same prompt', [beforeReload.prompt, restored.prompt]);
  check(restored.log === beforeReload.log, `reload rebuilds the same log from the engine's history (${restored.log} lines)`,
    [beforeReload.logText, restored.logText]);
  check(restored.choices === beforeReload.choices, 'reload restores the same number of choices');
  check(JSON.stringify(restored.pieces) === JSON.stringify(beforeReload.pieces), 'reload restores the same counters on the same hexes');

  const mid = Math.floor(exported.length / 2);
  const corrupted = exported.slice(0, mid) + (exported[mid] === 'A' ? 'B' : 'A') + exported.slice(mid + 1);
  await page.fill('#import-text', corrupted);
  await page.click('#import');
  const alert = page.locator('#import-error[role="alert"]');
  await alert.waitFor({ state: 'visible', timeout: 5_000 });
  const alertText = (await alert.textContent()) ?? '';
  check(/checksum|damaged|bad/i.test(alertText), 'a corrupted import shows the engine\'s error in role=alert under the Load box', alertText);
  const afterBad = await state(page);
  check(afterBad.prompt === restored.prompt && afterBad.log === restored.log && afterBad.choices === restored.choices,
    'the current game is unchanged after the bad import');
  check(afterBad.autosave === restored.autosave, 'the autosave is unchanged after the bad import');
  await page.fill('#import-text', exported);
  await page.click('#import');
  await page.waitForFunction(() => $root().getElementById('import-error')?.hidden === true);
  const loaded = await state(page);
  check(loaded.prompt === restored.prompt && loaded.choices === restored.choices, 'the exported string imports to the same position');

  // 5. Play the game to its end (a random legal action each time, inside the page for speed).
  const t0 = Date.now();
  const played = await page.evaluate((limit) => {
    let r = 12345;
    let n = 0;
    for (; n < limit; n += 1) {
      const buttons = $root().querySelectorAll('#actions button');
      if (buttons.length === 0 || !$root().getElementById('error').hidden) break;
      r = (Math.imul(r, 1103515245) + 12345) >>> 0;
      buttons[r % buttons.length].click();
    }
    return n;
  }, FULL_GAME_LIMIT);
  const end = await state(page);
  console.log(`      played ${played} more choices in ${Date.now() - t0} ms; ${end.log} log lines`);
  console.log(`      end: ${end.prompt}`);
  check(end.error === null, 'a whole game plays out without an error', end.error);
  check(end.actions.length === 0 && /over/i.test(end.prompt), 'the end of the game is shown', end.prompt);
  const outcome = await page.textContent('#outcome');
  check(await page.isVisible('#outcome') && /win/.test(outcome ?? ''), `the outcome says who won and how (${outcome})`);
  const fullLog = await page.locator('#log').innerText();
  check(!/undefined|\[object Object\]|NaN/.test(fullLog), 'the whole log is in words',
    fullLog.split('\n').filter((l) => /undefined|\[object Object\]|NaN/.test(l)).slice(0, 5));
  check(/Game over/.test(fullLog), 'the log reports the end of the game');
  await shot('4-game-over');
  await page.click('#export');
  const finished = await page.inputValue('#export-text');
  await page.reload();
  await ready(page);
  const reloadedEnd = await state(page);
  check(reloadedEnd.prompt === end.prompt && reloadedEnd.log === end.log, 'the finished game is restored on reload with its whole log');
  await page.fill('#import-text', finished);
  await page.click('#import');
  await page.waitForFunction(() => $root().getElementById('import-error')?.hidden === true);
  const imported = await state(page);
  check(imported.prompt === end.prompt, 'the finished game\'s string imports to the same end');
  check(imported.logText.some((l) => /Game over/.test(l)), 'the imported game\'s log is rebuilt from the engine\'s history');
}
