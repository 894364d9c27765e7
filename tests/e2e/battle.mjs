// The Age of Muskets Field Battle by clicking: start a battle, pass the hot-seat curtain, deploy by
// clicking sections, plan by clicking chits, play an option from the hand and follow it to an
// engagement in the log; the other side's chits are never in the page while a side looks at it;
// export and import round trip.
import { check, choicesReach, ready, shooter, state } from './lib.mjs';

const SEED = 2024;
const KINDS = ['Reserve', 'Outflank', 'Assault', 'Pin', 'Bombardment', 'Cavalry Charge', 'Withdraw', 'Recover', 'Reinforce'];

/** The side whose view is on the screen, or null behind the curtain. */
async function viewer(page) {
  return page.evaluate(() => {
    const c = document.getElementById('curtain');
    if (c && !c.hidden) return null;
    return document.querySelector('#battle-board [data-viewer]')?.dataset.viewer ?? null;
  });
}

async function curtainSide(page) {
  return page.evaluate(() => {
    const c = document.getElementById('curtain');
    return c && !c.hidden ? c.dataset.side : null;
  });
}

/** The other side's secrets must not be in the page: no named chit of theirs in the log or hand. */
async function checkNoEnemySecrets(page, side) {
  const enemy = side === 'Imperial' ? 'Allied' : 'Imperial';
  const text = await page.evaluate(() => document.body.innerText + '\n' + document.body.innerHTML);
  const leaks = KINDS.filter((k) => text.includes(`${enemy} took a ${k} chit`) || text.includes(`${enemy} discarded a ${k} chit`));
  check(leaks.length === 0, `${side} on the screen: none of the ${enemy} chits are in the page`, leaks);
  const enemyChits = await page.locator('.enemy-hand [data-chit]').count();
  check(enemyChits === 0, `${side} on the screen: the ${enemy} hand shows backs only`);
}

/** Choose an action by clicking `locator`; a chooser that pops up gets its first entry. */
async function clickAndChoose(page, selector) {
  const before = (await state(page)).choices;
  await page.click(selector);
  if (await page.isVisible('#chooser')) await page.click('#chooser button[data-index]');
  await choicesReach(page, before + 1);
}

async function passCurtainIfUp(page, seen) {
  const side = await curtainSide(page);
  if (!side) return null;
  // Behind the curtain: nothing of either side's board, actions or log.
  const behind = await page.evaluate(() => ({
    board: document.querySelectorAll('#battle-board *').length,
    actions: document.querySelectorAll('#actions button').length,
    log: document.querySelectorAll('#log li').length,
    chooser: document.querySelectorAll('#chooser *').length,
  }));
  check(behind.board === 0 && behind.actions === 0 && behind.log === 0 && behind.chooser === 0, `the curtain for ${side} hides the board, actions, log and chooser`, behind);
  await page.click('#curtain-pass');
  await page.waitForFunction(() => document.getElementById('curtain').hidden);
  const v = await viewer(page);
  check(v === side, `after the curtain the ${side} view is drawn`, v);
  seen.add(side);
  await checkNoEnemySecrets(page, side);
  return side;
}

export default async function battle({ page, origin }) {
  const shot = shooter(page, 'battle');
  await page.goto(origin + '/');
  await ready(page);
  await page.selectOption('#ruleset', 'muskets-battle');
  const scenarios = await page.locator('#scenario option').evaluateAll((os) => os.map((o) => o.value));
  check(
    ['medina-de-rioseco', 'medellin', 'sagunto', 'ocana', 'arapiles', 'vitoria'].every((s) => scenarios.includes(s)),
    'the start screen offers the six Field Battle scenarios',
    scenarios,
  );
  await page.selectOption('#scenario', 'medina-de-rioseco');
  await page.fill('#seed', String(SEED));
  await page.click('#start-button');
  await page.waitForSelector('#game:not([hidden])');
  const seen = new Set();

  // 1. The first side to decide gets the curtain first.
  const first = await curtainSide(page);
  check(first !== null, 'a new battle starts behind the hot-seat curtain', first);
  await shot('1-curtain');
  await passCurtainIfUp(page, seen);
  await shot('2-deployment');

  // 2. Deployment: click a highlighted section of one's own line for each counter.
  let guard = 0;
  while (guard++ < 60) {
    await passCurtainIfUp(page, seen);
    const s = await state(page);
    if (!/deploy /.test(s.prompt)) break;
    const side = await viewer(page);
    await clickAndChoose(page, `#battle-board .section.mark[data-key^="${side}:"]`);
  }
  check(seen.size === 2, 'both sides deployed behind their own curtain', [...seen]);
  let s = await state(page);
  check(/planning/.test(s.prompt), 'deployment leads to planning', s.prompt);

  // 3. Planning: take chits by clicking the pool (Assaults first), then end planning.
  const hands = {};
  guard = 0;
  while (guard++ < 60) {
    await passCurtainIfUp(page, seen);
    s = await state(page);
    if (!/planning/.test(s.prompt)) break;
    const side = await viewer(page);
    const pool = await page.locator('#battle-board [data-pool]').evaluateAll((bs) => bs.map((b) => b.dataset.pool));
    if (pool.length) {
      const pick = pool.includes('assault') && guard % 2 ? 'assault' : pool.includes('pin') ? 'pin' : pool[0];
      await clickAndChoose(page, `#battle-board [data-pool="${pick}"]`);
    } else {
      hands[side] = await page.locator('.own-hand [data-chit]').evaluateAll((bs) => bs.map((b) => b.textContent));
      await clickAndChoose(page, '#quick button[data-type="EndPlanning"]');
    }
  }
  check(Object.keys(hands).length === 2, 'both sides planned', hands);
  console.log(`      hands: ${JSON.stringify(hands)}`);
  await shot('3-planned');

  // 4. Combat: play an option from the hand by clicking its chit, follow up by clicking, until an
  //    engagement is in the log.
  let engaged = false;
  guard = 0;
  while (guard++ < 80 && !engaged) {
    await passCurtainIfUp(page, seen);
    s = await state(page);
    if (!s.actions.length) break;
    if (s.logText.some((l) => /Engagement:/.test(l))) {
      engaged = true;
      break;
    }
    const chit = (await page.locator('.own-hand [data-chit="assault"].mark').count())
      ? '.own-hand [data-chit="assault"].mark'
      : (await page.locator('.own-hand [data-chit="pin"].mark').count())
        ? '.own-hand [data-chit="pin"].mark'
        : null;
    if (/play an option/.test(s.prompt) && chit) await clickAndChoose(page, chit);
    else if (await page.locator('#battle-board .counter.selectable').count()) await clickAndChoose(page, '#battle-board .counter.selectable');
    else if (await page.locator('#battle-board .section.mark').count()) await clickAndChoose(page, '#battle-board .section.mark');
    else if (await page.locator('#quick button').count()) {
      const quick = await page.locator('#quick button').evaluateAll((bs) => bs.map((b) => b.dataset.type));
      const pick = quick.indexOf('TryAnother') >= 0 ? quick.indexOf('TryAnother') : 0;
      await clickAndChoose(page, `#quick button >> nth=${pick}`);
    } else await clickAndChoose(page, '#actions button[data-index="0"]');
    engaged = (await state(page)).logText.some((l) => /Engagement:/.test(l));
  }
  await passCurtainIfUp(page, seen);
  s = await state(page);
  const line = s.logText.find((l) => /Engagement:/.test(l));
  check(!!line, 'an engagement is resolved and explained in the log', s.lastLog);
  check(/rolled \d+ [+−]\d+ modifiers = \d+/.test(line ?? ''), 'the engagement line explains the dice and modifiers', line);
  console.log(`      ${line}`);
  check(s.error === null, 'no error shown', s.error);
  await shot('4-engagement');

  // 5. Export and import: the same position comes back, behind the curtain.
  const choices = s.choices;
  const prompt = s.prompt;
  await page.click('#export');
  const saved = await page.inputValue('#export-text');
  check(saved.length > 10, 'the battle exports to a string');
  await page.fill('#import-text', saved);
  await page.click('#import');
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('loaded'));
  await passCurtainIfUp(page, seen);
  s = await state(page);
  check(s.choices === choices, `import restores the same number of choices (${choices})`, s.choices);
  check(s.prompt === prompt, 'import restores the same decision', [s.prompt, prompt]);
  check(s.logText.some((l) => /Engagement:/.test(l)), 'the imported log is rebuilt with the engagement');
  await shot('5-imported');

  // 6. An earlier position, read-only, drawn for the side on the screen; then back to the game.
  await page.click('#replay-back');
  await page.waitForFunction(() => document.body.dataset.replay !== '');
  check((await viewer(page)) !== null && (await page.locator('#battle-board.read-only').count()) === 1, 'an earlier position is drawn read-only');
  await page.click('#replay-live');
  await page.waitForFunction(() => document.body.dataset.replay === '');

  // 7. The autosave brings the battle back after a reload, behind the curtain.
  await page.reload();
  await ready(page);
  check((await curtainSide(page)) !== null, 'the autosaved battle comes back behind the curtain');
  // The curtain also offers a new game; going back continues behind the curtain.
  await page.click('#curtain-new');
  check(await page.isVisible('#start'), 'the curtain offers a new game instead');
  await page.click('#cancel-start');
  check((await curtainSide(page)) !== null, 'continuing the autosaved battle brings the curtain back');
  await passCurtainIfUp(page, seen);
  check((await state(page)).choices === choices, 'the autosaved battle has the same choices');

  // 8. Play on to the end (first legal action each time), passing the curtain at each change.
  guard = 0;
  while (guard++ < 600) {
    await passCurtainIfUp(page, seen);
    s = await state(page);
    if (!s.actions.length) break;
    // Withdrawing ends it soonest; otherwise the first action.
    const withdraw = s.actions.findIndex((a) => a.type === 'Withdraw');
    const before = s.choices;
    // By the keyboard: pointing at a button opens its odds above the list, which moves it.
    await page.focus(`#actions button[data-index="${withdraw >= 0 && guard > 40 ? withdraw : 0}"]`);
    await page.keyboard.press('Enter');
    await choicesReach(page, before + 1);
  }
  s = await state(page);
  check(s.actions.length === 0, `the battle reaches its end (${s.choices} choices)`, s.prompt);
  const outcome = await page.textContent('#outcome');
  check(
    (await page.isVisible('#outcome')) && /win|no winner/i.test(outcome ?? ''),
    'the outcome shows the winner',
    outcome,
  );
  console.log(`      ${outcome}`);
  const table = await page.locator('.battle-result tr[data-result-side]').count();
  check(table === 2, 'the result is drawn on the display: a row per side with losses and stragglers', table);
  const head = await page.textContent('.battle-result thead');
  check(/Casualties/.test(head) && /Stragglers/.test(head) && /BEP left/.test(head), 'the result table shows casualties, stragglers and endurance', head);
  check(s.error === null, 'no error at the end', s.error);
  await shot('6-over');

  // 9. Every other scenario starts and draws through its first choices (deployment, terrain,
  //    planning, the first options) with no error.
  for (const scenario of ['medellin', 'sagunto', 'ocana', 'arapiles', 'vitoria']) {
    await page.click('#new-game');
    await page.selectOption('#ruleset', 'muskets-battle');
    await page.selectOption('#scenario', scenario);
    await page.fill('#seed', String(SEED));
    await page.click('#start-button');
    await page.waitForSelector('#game:not([hidden])');
    let n = 0;
    for (let i = 0; i < 70; i += 1) {
      await passCurtainIfUp(page, new Set());
      s = await state(page);
      if (!s.actions.length) break;
      await page.focus('#actions button[data-index="0"]');
      await page.keyboard.press('Enter');
      await choicesReach(page, s.choices + 1);
      n += 1;
    }
    await passCurtainIfUp(page, new Set());
    s = await state(page);
    const counters = await page.locator('#battle-board .counter').count();
    check(s.error === null && counters > 0, `${scenario}: ${n} choices drawn without an error (${counters} counters on the screen)`, s.error);
    await shot(`7-${scenario}`);
  }
}
