// The Age of Muskets Field Battle by clicking: start a battle, pass the hot-seat curtain, deploy by
// clicking sections of the SVG display, plan by clicking chits, play an option by picking its chit
// in hand and clicking the enemy section, follow it to an engagement in the log with its modifiers
// explained; the other side's chits are never in the page while a side looks at it; the display's
// sections, counters, endurance tracks, zoom, keyboard and hover cards, and its phone layout;
// export and import round trip.
import { check, choicesReach, median, ready, shooter, state } from './lib.mjs';

const SEED = 2024;
const KINDS = ['Reserve', 'Outflank', 'Assault', 'Pin', 'Bombardment', 'Cavalry Charge', 'Withdraw', 'Recover', 'Reinforce'];

/** The side whose view is on the screen, or null behind the curtain. */
async function viewer(page) {
  return page.evaluate(() => {
    const c = $root().getElementById('curtain');
    if (c && !c.hidden) return null;
    return $root().querySelector('#battle-board [data-viewer]')?.dataset.viewer ?? null;
  });
}

async function curtainSide(page) {
  return page.evaluate(() => {
    const c = $root().getElementById('curtain');
    return c && !c.hidden ? c.dataset.side : null;
  });
}

/** The other side's secrets must not be in the page: no named chit of theirs in the log or hand. */
async function checkNoEnemySecrets(page, side) {
  const enemy = side === 'Imperial' ? 'Allied' : 'Imperial';
  const text = await page.evaluate(() => $app().innerText + "\n" + $app().innerHTML);
  const leaks = KINDS.filter((k) => text.includes(`${enemy} took a ${k} chit`) || text.includes(`${enemy} discarded a ${k} chit`));
  check(leaks.length === 0, `${side} on the screen: none of the ${enemy} chits are in the page`, leaks);
  const enemyChits = await page.locator('.enemy-hand [data-chit]').count();
  check(enemyChits === 0, `${side} on the screen: the ${enemy} hand shows backs only`);
}

/** What the SVG display shows: sections, counters with their SP, endurance tracks, hands. */
async function display(page) {
  return page.evaluate(() => {
    const root = $root().getElementById('battle-board');
    const svg = root.querySelector('svg.battle-svg');
    const q = (sel) => [...root.querySelectorAll(sel)];
    return {
      svg: !!svg,
      mode: svg?.dataset.mode ?? null,
      html: q('div:not(.battle-result):not(.battle-result *), button, span').length,
      sections: q('svg .section[data-key]').map((g) => ({ key: g.dataset.key, terrain: g.dataset.terrain ?? null, label: g.getAttribute('aria-label') })),
      counters: q('svg .counter[data-piece]').map((g) => ({
        id: g.dataset.piece,
        side: g.dataset.side,
        sp: [...g.querySelectorAll('.sp .sp-text')].map((t) => t.textContent),
        label: g.getAttribute('aria-label'),
        focusable: g.getAttribute('tabindex') === '0',
      })),
      backs: q('svg .counter.back').length,
      beps: q('svg [data-bep-side]').map((g) => ({ side: g.dataset.bepSide, bep: Number(g.dataset.bep), cells: g.querySelectorAll('.bep-cell').length, at: g.querySelectorAll('.bep-cell.at').length })),
      ownChits: q('svg .own-hand [data-chit]').map((g) => g.textContent),
      enemyHand: q('svg .enemy-hand').map((g) => ({ n: Number(g.dataset.enemyChits), chits: g.querySelectorAll('[data-chit]').length, text: g.textContent })),
      viewer: root.querySelector('svg [data-viewer]')?.dataset.viewer ?? null,
      scrollW: root.scrollWidth,
      clientW: root.clientWidth,
      svgW: svg?.getBoundingClientRect().width ?? 0,
    };
  });
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
    board: $root().querySelectorAll('#battle-board *').length,
    actions: $root().querySelectorAll('#actions button').length,
    log: $root().querySelectorAll('#log li').length,
    chooser: $root().querySelectorAll('#chooser *').length,
  }));
  check(behind.board === 0 && behind.actions === 0 && behind.log === 0 && behind.chooser === 0, `the curtain for ${side} hides the board, actions, log and chooser`, behind);
  await page.click('#curtain-pass');
  await page.waitForFunction(() => $root().getElementById('curtain').hidden);
  const v = await viewer(page);
  check(v === side, `after the curtain the ${side} view is drawn`, v);
  seen.add(side);
  await checkNoEnemySecrets(page, side);
  return side;
}

export default async function battle({ page, origin, perf }) {
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
    const target = `#battle-board .section.mark[data-key^="${side}:"]`;
    if (guard === 1) {
      // The first by the keyboard: a marked section takes the focus and Enter deploys there.
      const before = (await state(page)).choices;
      await page.focus(target);
      await page.keyboard.press('Enter');
      if (await page.isVisible('#chooser')) await page.click('#chooser button[data-index]');
      await choicesReach(page, before + 1);
      check(true, 'a section of the SVG focused by the keyboard deploys with Enter');
    } else await clickAndChoose(page, target);
  }
  check(seen.size === 2, 'both sides deployed behind their own curtain', [...seen]);
  await passCurtainIfUp(page, seen);
  let d = await display(page);
  check(d.svg && d.html === 0, 'the battle display is an SVG drawing (no HTML boxes in it)', d.html);
  const sides = new Set(d.sections.map((x) => x.key.split(':')[0]));
  const kinds = ['flank_left', 'left', 'centre', 'right', 'flank_right', 'reserve'];
  check(
    d.sections.length === 12 && sides.size === 2 && [...sides].every((side) => kinds.every((k) => d.sections.some((x) => x.key === `${side}:${k}`))),
    'the SVG has both battle lines: left, centre, right, reserve and the two outflank sections for each side',
    d.sections.map((x) => x.key),
  );
  check(d.sections.some((x) => x.terrain) && d.sections.filter((x) => x.terrain).every((x) => x.label.includes(x.terrain)), "the sections' terrain is drawn and named", d.sections.filter((x) => x.terrain));
  const withSp = d.counters.filter((c) => c.sp.length);
  check(
    withSp.length > 0 && withSp.every((c) => c.sp.every((t) => /^\S+ \d+( \d+s)?$/.test(t))) && d.counters.every((c) => c.focusable && c.label),
    `counters are drawn with their SP by troop type (${withSp.length} CUs, e.g. ${JSON.stringify(withSp[0]?.sp)}), focusable and labelled`,
    withSp.slice(0, 3),
  );
  check(
    d.beps.length === 2 && d.beps.every((b) => b.cells > 1 && b.at === 1) && new Set(d.beps.map((b) => b.side)).size === 2,
    'the SVG draws both endurance tracks with the current BEP marked',
    d.beps,
  );
  const me = await viewer(page);
  check(d.enemyHand.length === 1 && d.enemyHand[0].chits === 0, "the opponent's hand is a count of backs, never its chits", d.enemyHand);
  check(d.backs > 0 && d.counters.every((c) => c.side === me || !c.label.includes('face down')), `the enemy's hidden counters are drawn face down for ${me} (${d.backs} backs)`, d.backs);
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
      d = await display(page);
      const enemyCount = await page.textContent('#status-list dd[data-key="enemy-hand"]');
      check(
        d.ownChits.length > 0 && d.enemyHand.length === 1 && d.enemyHand[0].chits === 0 && String(d.enemyHand[0].n) === enemyCount.trim() && !KINDS.some((k) => d.enemyHand[0].text.includes(k)),
        `${side} planned: own chits in hand (${d.ownChits.join(', ')}), the enemy's as ${d.enemyHand[0]?.n} backs`,
        d.enemyHand,
      );
      await clickAndChoose(page, '#quick button[data-type="EndPlanning"]');
    }
  }
  check(Object.keys(hands).length === 2, 'both sides planned', hands);
  console.log(`      hands: ${JSON.stringify(hands)}`);
  await shot('3-planned');

  // 4. Combat: play an option from the hand by picking its chit, then clicking the enemy section it
  //    goes against; follow up by clicking, until an engagement is in the log.
  let engaged = false;
  let picks = 0;
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
    if (/play an option/.test(s.prompt) && chit) {
      await page.click(chit);
      if (await page.locator('.own-hand [data-chit].mark-picked').count()) {
        // Picked: only the enemy sections this chit can go against are marked now.
        const marked = await page.locator('#battle-board .section.mark').evaluateAll((gs) => gs.map((g) => g.dataset.key));
        const me = await viewer(page);
        if (!picks++) {
          check(marked.length > 0 && marked.every((k) => !k.startsWith(`${me}:`)), `picking the ${chit.match(/"(\w+)"/)[1]} chit marks the enemy sections it can attack`, marked);
          // Pointing at a face-up counter there shows its card.
          const there = `#battle-board .section.enemy.mark .counter[data-piece]`;
          if (await page.locator(there).count()) {
            await page.hover(there);
            const card = await page.evaluate(() => ({ shown: !$root().getElementById('hover-card').hidden, text: $root().getElementById('hover-card').textContent }));
            const name = (await page.getAttribute(there, 'aria-label')).split(' (')[0];
            check(card.shown && card.text.includes(name), `pointing at an enemy counter shows its card (${name})`, card);
          }
          await shot('4a-chit-picked');
        }
        await clickAndChoose(page, '#battle-board .section.enemy.mark');
      } else {
        if (await page.isVisible('#chooser')) await page.click('#chooser button[data-index]');
        await choicesReach(page, s.choices + 1);
      }
    } else if (await page.locator('#battle-board .counter.selectable').count()) await clickAndChoose(page, '#battle-board .counter.selectable');
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
  // Each roll with its modifiers by cause, as the engine lists them: they add up to the total.
  const rolls = /Attacker rolled (\d+)(.*?) = (-?\d+); defender rolled (\d+)(.*?) = (-?\d+): /.exec(line ?? '');
  const mods = (text) => [...text.matchAll(/ ([+−])(\d+) ([^+−]+?)(?= [+−]\d| ?$)/g)].map((m) => ({ value: (m[1] === '+' ? 1 : -1) * Number(m[2]), cause: m[3] }));
  const explained = rolls
    ? [
        { roll: Number(rolls[1]), mods: mods(rolls[2]), total: Number(rolls[3]), none: rolls[2] === ', no modifier' },
        { roll: Number(rolls[4]), mods: mods(rolls[5]), total: Number(rolls[6]), none: rolls[5] === ', no modifier' },
      ]
    : [];
  check(
    explained.length === 2 &&
      explained.every((r) => (r.none ? r.total === r.roll : r.mods.length > 0 && r.roll + r.mods.reduce((n, m) => n + m.value, 0) === r.total)) &&
      explained.some((r) => r.mods.length > 0),
    'the engagement line explains each roll by its modifiers and causes, adding up to the total',
    [line, explained],
  );
  const diceText = await page.evaluate(() => [...$root().querySelectorAll('#dice > *')].map((x) => x.textContent));
  check(
    diceText.some((t) => /the engagement, attacking: \d+(,| [+−]\d+ [^=]+?) .*= -?\d+/.test(t)) && diceText.some((t) => /the engagement, defending: /.test(t)),
    'the dice panel shows both engagement dice with their modifiers explained',
    diceText,
  );
  check(picks > 0, `options were played by picking a chit and clicking a section (${picks} times)`, picks);
  console.log(`      ${line}`);
  check(s.error === null, 'no error shown', s.error);
  await shot('4-engagement');

  // 4b. The display by keyboard and pointer: a counter takes the focus and shows its card; zoom
  //     in and back to fit like the area map; on a phone's width it is turned a quarter and fits.
  const firstCounter = '#battle-board .counter[data-piece]';
  await page.focus(firstCounter);
  const card = await page.evaluate(() => ({ shown: !$root().getElementById('hover-card').hidden, text: $root().getElementById('hover-card').textContent }));
  const label = await page.getAttribute(firstCounter, 'aria-label');
  check(card.shown && card.text.includes(label.split(' (')[0]), 'a counter focused by the keyboard shows its card', [card, label]);
  await page.hover('#battle-board .section[data-key] .s-name');
  d = await display(page);
  const w0 = d.svgW;
  await page.click('#zoom-in');
  await page.click('#zoom-in');
  d = await display(page);
  check(d.svgW > w0 * 1.5 && d.scrollW > d.clientW, `zoom in makes the display bigger in its box (${w0.toFixed(0)} -> ${d.svgW.toFixed(0)} px)`, [w0, d.svgW]);
  await page.click('#zoom-fit');
  d = await display(page);
  check(Math.abs(d.svgW - w0) < 2 && d.scrollW <= d.clientW + 1, 'fit brings the display back to the width of its box', [w0, d.svgW, d.scrollW, d.clientW]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => $root().querySelector('#battle-board svg.battle-svg')?.dataset.mode === 'narrow');
  d = await display(page);
  check(
    d.mode === 'narrow' && d.scrollW <= d.clientW + 1 && d.sections.length === 12 && d.beps.length === 2 && d.counters.length > 0,
    `on a phone (390 px) the display turns a quarter and fits its width (${d.svgW.toFixed(0)} of ${d.clientW} px) with every section, track and counter`,
    { mode: d.mode, scrollW: d.scrollW, clientW: d.clientW },
  );
  await shot('4b-narrow');
  await page.evaluate(() => $root().querySelector('#battle-board .section.own')?.scrollIntoView());
  await shot('4c-narrow-own');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForFunction(() => $root().querySelector('#battle-board svg.battle-svg')?.dataset.mode === 'wide');
  const clicks = (await page.evaluate(() => $host().testTimings.perf.clicks)).filter((c) => c.what.startsWith('board:') || c.what === 'pick-chit');
  perf.battleClickToRedraw = {
    what: 'Field Battle: click on the SVG display (a section, a chit, a counter) to redrawn display, ms (the engine applies the action, the whole SVG is redrawn)',
    clicks: clicks.length,
    median: median(clicks.map((c) => c.ms)),
    max: Math.max(...clicks.map((c) => c.ms)),
  };
  console.log(`      battle display: click to redraw median ${perf.battleClickToRedraw.median?.toFixed(1)} ms, max ${perf.battleClickToRedraw.max.toFixed(1)} ms over ${clicks.length} clicks`);

  // 5. Export and import: the same position comes back, behind the curtain.
  const choices = s.choices;
  const prompt = s.prompt;
  await page.click('#export');
  const saved = await page.inputValue('#export-text');
  check(saved.length > 10, 'the battle exports to a string');
  await page.fill('#import-text', saved);
  await page.click('#import');
  await page.waitForFunction(() => $root().getElementById('status').textContent.includes('loaded'));
  await passCurtainIfUp(page, seen);
  s = await state(page);
  check(s.choices === choices, `import restores the same number of choices (${choices})`, s.choices);
  check(s.prompt === prompt, 'import restores the same decision', [s.prompt, prompt]);
  check(s.logText.some((l) => /Engagement:/.test(l)), 'the imported log is rebuilt with the engagement');
  await shot('5-imported');

  // 6. An earlier position, read-only, drawn for the side on the screen; then back to the game.
  await page.click('#replay-back');
  await page.waitForFunction(() => $app().dataset.replay !== '');
  check((await viewer(page)) !== null && (await page.locator('#battle-board.read-only').count()) === 1, 'an earlier position is drawn read-only');
  await page.click('#replay-live');
  await page.waitForFunction(() => $app().dataset.replay === '');

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
  const perSide = await page.$$eval('.battle-result tr[data-result-side]', (rows) => rows.map((r) => [r.dataset.resultSide, Number(r.children[2].textContent)]));
  const unitSums = await page.$$eval('.battle-result tr[data-unit-loss]', (rows) => {
    const sums = {};
    for (const r of rows) sums[r.dataset.unitLoss] = (sums[r.dataset.unitLoss] ?? 0) + Number(r.children[4].textContent);
    return sums;
  });
  check(
    perSide.some(([, c]) => c > 0) && perSide.every(([side, c]) => (unitSums[side] ?? 0) === c),
    "the losses by unit add up to each side's casualties",
    { perSide, unitSums },
  );
  check(s.error === null, 'no error at the end', s.error);
  await shot('6-over');

  // 9. Every other scenario starts and draws through its first choices (deployment, terrain,
  //    planning, the first options) with no error.
  //    Arapiles is started with the Lisboa Lines option (ER 3.1.d): no Cavalry Charge chit may
  //    be taken at Planning, where the others offer it.
  const chargeOffered = {};
  for (const scenario of ['medellin', 'sagunto', 'ocana', 'arapiles', 'vitoria']) {
    await page.click('#new-game');
    await page.selectOption('#ruleset', 'muskets-battle');
    await page.selectOption('#scenario', scenario);
    await page.fill('#seed', String(SEED));
    if (scenario === 'arapiles') await page.check('#options input[name="lisboa_lines"]');
    await page.click('#start-button');
    await page.waitForSelector('#game:not([hidden])');
    let n = 0;
    chargeOffered[scenario] = false;
    for (let i = 0; i < 70; i += 1) {
      await passCurtainIfUp(page, new Set());
      s = await state(page);
      if (!s.actions.length) break;
      chargeOffered[scenario] ||= s.actions.some((a) => a.type === 'TakeChit' && /cavalry charge/i.test(a.label));
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
  check(
    !chargeOffered.arapiles && Object.values(chargeOffered).some(Boolean),
    'with the Lisboa Lines option no Cavalry Charge chit is offered at Planning (it is in the other scenarios)',
    chargeOffered,
  );
}
