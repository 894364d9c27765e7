// Bloody Monday on its area map by clicking: start Borodino, pass the hot-seat curtain, check
// the map (areas, the Kolocha, victory areas, tracks) and the fog of war (the enemy's standing
// blocks are only their side's colour), then play an impulse by clicking blocks and areas, and
// hand the screen over to the other side.
import { check, choicesReach, ready, shooter, state } from './lib.mjs';

const SEED = 1812;

async function curtainSide(page) {
  return page.evaluate(() => {
    const c = $root().getElementById('curtain');
    return c && !c.hidden ? c.dataset.side : null;
  });
}

/** What the map shows of each side's blocks. */
function blocks(page) {
  return page.evaluate(() => {
    const out = { French: { known: 0, hidden: 0 }, Russian: { known: 0, hidden: 0 }, viewer: null };
    out.viewer = $root().querySelector('#area-board [data-viewer]')?.dataset.viewer ?? null;
    for (const g of $root().querySelectorAll('#area-board .bm-block')) {
      if (g.classList.contains('hidden')) out[g.dataset.side].hidden += 1;
      else {
        const fill = g.querySelector('rect').getAttribute('fill');
        out[fill === '#2b4c9b' || g.getAttribute('aria-label') ? 'French' : 'Russian'];
        out.known = (out.known ?? 0) + 1;
      }
    }
    out.knownIds = [...$root().querySelectorAll('#area-board .bm-block[data-piece]')].map((g) => Number(g.dataset.piece));
    return out;
  });
}

async function pass(page) {
  const side = await curtainSide(page);
  if (!side) return null;
  const behind = await page.evaluate(() => $root().querySelectorAll('#area-board *').length + $root().querySelectorAll('#actions button').length);
  check(behind === 0, `behind the curtain for the ${side} nothing of the map or actions is in the page`, behind);
  await page.click('#curtain-pass');
  await page.waitForFunction(() => $root().getElementById('curtain').hidden);
  return side;
}

async function clickAndChoose(page, selector, force = false) {
  const before = (await state(page)).choices;
  // An area's middle may hold blocks: a click there counts for the area (force skips the check
  // that the area itself is on top).
  await page.click(selector, { force });
  if (await page.isVisible('#chooser')) await page.click('#chooser button[data-index]');
  await choicesReach(page, before + 1);
}

export default async function areas({ page, origin }) {
  const shot = shooter(page, 'areas');
  await page.goto(origin + '/');
  await ready(page);
  await page.selectOption('#ruleset', 'bloody-monday');
  const scenarios = await page.locator('#scenario option').evaluateAll((os) => os.map((o) => o.value));
  check(scenarios.includes('borodino') && scenarios.includes('last-blood'), 'the start screen offers Borodino and Last Blood', scenarios);
  await page.selectOption('#scenario', 'borodino');
  await page.fill('#seed', String(SEED));
  await page.click('#start-button');
  await page.waitForSelector('#game:not([hidden])');
  const first = await pass(page);
  check(first === 'French', 'the French take the screen first', first);

  // The map: every area, the Kolocha, the victory areas, the tracks.
  const map = await page.evaluate(() => ({
    areas: $root().querySelectorAll('#area-board .bm-area').length,
    victory: $root().querySelectorAll('#area-board .bm-area.victory').length,
    kolocha: $root().querySelectorAll('#area-board .bm-kolocha').length,
    turns: $root().querySelectorAll('#area-board .bm-turn').length,
    turnAt: $root().querySelector('#area-board .bm-turn.at')?.dataset.turn,
    morale: $root().querySelectorAll('#area-board [data-morale]').length,
  }));
  check(map.areas > 100 && map.victory >= 6 && map.kolocha === 1, `the map is drawn from the scenario (${map.areas} areas, ${map.victory} victory areas, the Kolocha)`, map);
  check(map.turns === 4 && map.turnAt === '1' && map.morale === 2, 'the turn track (turn 1) and both morale tracks are drawn', map);
  const fr = await page.evaluate(() => {
    const hidden = [...$root().querySelectorAll('#area-board .bm-block.hidden')].map((g) => g.dataset.side);
    const known = $root().querySelectorAll('#area-board .bm-block[data-piece]').length;
    return { hiddenSides: [...new Set(hidden)], hidden: hidden.length, known };
  });
  check(fr.known > 20 && fr.hidden > 20 && fr.hiddenSides.length === 1 && fr.hiddenSides[0] === 'Russian',
    `the French see their own blocks (${fr.known}) and the Russian ones standing, as their colour only (${fr.hidden})`, fr);
  await shot('1-french');
  const w0 = await page.evaluate(() => $root().querySelector('#area-board svg').getBoundingClientRect().width);
  await page.click('#zoom-in');
  const w1 = await page.evaluate(() => $root().querySelector('#area-board svg').getBoundingClientRect().width);
  await page.click('#zoom-fit');
  const w2 = await page.evaluate(() => $root().querySelector('#area-board svg').getBoundingClientRect().width);
  check(w1 > w0 * 1.2 && Math.abs(w2 - w0) < 2, `the map zooms in and back (${w0.toFixed(0)} -> ${w1.toFixed(0)} -> ${w2.toFixed(0)} px)`);

  // Play the French impulse by clicking: initiative movement, a block and the area it enters,
  // a second block, then end the movement and whatever follows until the Russians decide.
  let s = await state(page);
  check(/impulse 1/.test(s.prompt), 'the first decision is the French impulse', s.prompt);
  await clickAndChoose(page, '#quick button[data-type="InitiativeMovement"]');
  let moved = 0;
  let guard = 0;
  while (guard++ < 60) {
    if (await curtainSide(page)) break;
    s = await state(page);
    if (!s.actions.length) break;
    if (/move blocks/.test(s.prompt) && moved < 2 && (await page.locator('#area-board .bm-block.selectable').count())) {
      await clickAndChoose(page, '#area-board .bm-block.selectable');
    } else if (/MP left/.test(s.prompt) && (await page.locator('#area-board .bm-area.mark').count())) {
      await clickAndChoose(page, '#area-board .bm-area.mark');
      // The move ends by itself when the block engages; a concealed block with no MP left
      // waits for its Stop (the engine does not tell the enemy how far it could go).
      const marks = await page.locator('#area-board .bm-area.mark').count();
      if (!/MP left/.test((await state(page)).prompt) || marks === 0) moved += 1;
    } else {
      const quick = await page.locator('#quick button').evaluateAll((bs) => bs.map((b) => b.dataset.type));
      const end = quick.findIndex((t) => /^End/.test(t));
      if (end >= 0) await clickAndChoose(page, `#quick button >> nth=${end}`);
      else if (quick.length) await clickAndChoose(page, '#quick button >> nth=0');
      else await clickAndChoose(page, '#actions button[data-index="0"]');
    }
  }
  s = await state(page);
  check(moved >= 1, `French blocks moved by clicking a block and then an area (${moved})`);
  await shot('2-french-moved');
  const next = await pass(page);
  check(next === 'Russian', 'after the French impulse the screen goes to the Russians', next);
  s = await state(page);
  check(s.logText.some((l) => /moved from/.test(l)), 'the log tells of the French move');
  const leaked = s.logText.filter((l) => /French: (?!a hidden block)[^:]* moved from/.test(l));
  check(leaked.length === 0, 'the Russians do not learn which French blocks moved', leaked);
  const ru = await page.evaluate(() => {
    const hidden = [...$root().querySelectorAll('#area-board .bm-block.hidden')].map((g) => g.dataset.side);
    return { hiddenSides: [...new Set(hidden)], hidden: hidden.length };
  });
  check(ru.hiddenSides.length === 1 && ru.hiddenSides[0] === 'French', 'the Russians see the French blocks standing, as their colour only', ru);
  check(s.error === null, 'no error shown', s.error);
  await shot('3-russian');

  // Export and import round trip.
  const choices = s.choices;
  await page.click('#export');
  const saved = await page.inputValue('#export-text');
  await page.fill('#import-text', saved);
  await page.click('#import');
  await page.waitForFunction(() => $root().getElementById('status').textContent.includes('loaded'));
  await pass(page);
  check((await state(page)).choices === choices, 'export and import keep the game', choices);

  // Play on for a while, both sides, by the first legal action each time (by the keyboard).
  let n = 0;
  for (let i = 0; i < 120; i += 1) {
    await pass(page);
    s = await state(page);
    if (!s.actions.length) break;
    await page.focus('#actions button[data-index="0"]');
    await page.keyboard.press('Enter');
    await choicesReach(page, s.choices + 1);
    n += 1;
  }
  await pass(page);
  s = await state(page);
  check(s.error === null && (await page.locator('#area-board .bm-area').count()) > 100, `${n} more choices played and drawn without an error`, s.error);
  await shot('4-later');

  // Last Blood starts with every optional rule and shows the points.
  await page.click('#new-game');
  await page.selectOption('#ruleset', 'bloody-monday');
  await page.selectOption('#scenario', 'last-blood');
  await page.fill('#seed', String(SEED));
  await page.click('#start-button');
  await page.waitForSelector('#game:not([hidden])');
  await pass(page);
  s = await state(page);
  const points = await page.textContent('#status-list');
  check(s.error === null && /Last Blood points/.test(points ?? ''), 'Last Blood starts and shows the points', s.error ?? points);
  await shot('5-last-blood');

  // 9.0: "up to 9.3" ticks 9.1-9.3 only; a selection that skips a rule is flagged unbalanced
  // by the engine (view.options_out_of_order) in the status.
  for (const [preset, extra, want, flagged] of [
    ['up to 9.3 Mobility', null, /9\.1, 9\.2, 9\.3(?!\d)/, false],
    ['none (the basic game)', 'cossacks', /9\.5/, true],
  ]) {
    await page.click('#new-game');
    await page.selectOption('#ruleset', 'bloody-monday');
    await page.selectOption('#scenario', 'borodino');
    await page.selectOption('#options select.preset', { label: preset });
    if (extra) await page.check(`#options input[name="${extra}"]`);
    const ticked = await page.$$eval('#options input[type=checkbox]:checked', (bs) => bs.map((b) => b.name));
    await page.fill('#seed', String(SEED));
    await page.click('#start-button');
    await page.waitForSelector('#game:not([hidden])');
    await pass(page);
    const status = (await page.textContent('#status-list')) ?? '';
    check(
      want.test(status) && /out of order/.test(status) === flagged,
      `optional rules "${preset}"${extra ? ` + ${extra}` : ''}: ticked ${ticked.join(', ') || 'none'}; the status says so${flagged ? ', unbalanced' : ''}`,
      status.match(/Optional rules.*?(?=Own|$)/s)?.[0] ?? status,
    );
  }

  // A battle by clicking, from a test position (the FAQ-5 one of the engine's examples): a
  // tactical action, Davout activated, Morand into area 59 against a Russian block, the battle
  // resolved by clicking the area; the dice and hits in the log.
  const setup = {
    scenario: 'borodino', active: 'French', initiative: 'French', step: { step: 'Impulse' }, seed: 5,
    blocks: [
      { block: 'F09', area: 31 }, { block: 'F10', area: 31 }, { block: 'F11', area: 57 },
      { block: 'R33', area: 57 }, { block: 'R35', area: 59 }, { block: 'F01', area: 21 }, { block: 'R01', area: 69 },
    ],
  };
  await page.goto(`${origin}/?test&ruleset=bloody-monday#setup=${encodeURIComponent(JSON.stringify(setup))}`);
  await ready(page);
  await pass(page);
  await clickAndChoose(page, '#quick button[data-type="Tactical"]');
  // Davout: activate or move; the chooser offers both.
  let before = (await state(page)).choices;
  await page.click('#area-board .bm-block[data-code="F09"]');
  await page.waitForSelector('#chooser:not([hidden])');
  await page.click('#chooser button:has-text("Activate")');
  await choicesReach(page, before + 1);
  s = await state(page);
  if (/activate leaders/.test(s.prompt)) await clickAndChoose(page, '#quick button[data-type="EndActivation"]');
  await clickAndChoose(page, '#area-board .bm-block.selectable[data-code="F10"]');
  await clickAndChoose(page, '#area-board .bm-area.mark[data-key="59"]', true);
  for (const type of ['EndMovement', 'EndInspiration']) {
    if (await page.locator(`#quick button[data-type="${type}"]`).count()) await clickAndChoose(page, `#quick button[data-type="${type}"]`);
  }
  s = await state(page);
  check(/choose a battle/.test(s.prompt), 'the new battle in area 59 waits to be resolved', s.prompt);
  check((await page.locator('#area-board .bm-area.mark[data-key="59"]').count()) === 1, 'the battle area is highlighted on the map');
  await clickAndChoose(page, '#area-board .bm-area.mark[data-key="59"]', true);
  s = await state(page);
  const rolls = s.logText.filter((l) => /rolled [\d, ]+ for ground combat/.test(l));
  check(rolls.length >= 1, 'the battle is resolved: the ground combat dice are in the log', s.logText.slice(-8));
  check(s.logText.some((l) => /takes a hit|ignore/.test(l)), 'the hits are in the log');
  const dice = await page.locator('#dice .die').count();
  check(dice >= 2, `the dice are drawn (${dice})`);
  console.log(`      ${rolls.join(' / ')}`);
  await shot('6-battle');
}
