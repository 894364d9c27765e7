// Playing on the map: free deployment by clicking highlighted hexes, movement by clicking a
// counter then a highlighted hex, an attack by clicking on the map (from a position built with
// the engine's public Setup through the page's `?test#setup=` hook), the odds bar, replay of an
// earlier position from the log, undo, export/reload/import of the same position, a broken
// string, the share link round trip, zoom and pan, and the timings for test-results/perf.json.
import { check, choicesReach, clickAction, median, ready, shooter, state } from './lib.mjs';

const SEED = 1808;

/** French: Fxx is unit xx-1; Spanish: Sxx is unit 66+xx (the scenario's counter order). */
const F = (n) => n - 1;
const S = (n) => 66 + n;

/** A combat position: French to attack, the attack die scripted to 6 (an elimination). */
export const COMBAT_SETUP = {
  options: { stifling_heat: true },
  round: 9,
  active: 'French',
  step: { step: 'Combat', activations: 5 },
  units: [
    { unit: 'F01', hex: '2012' },
    { unit: 'F32', hex: '2415' },
    { unit: 'F18', hex: '2615' },
    { unit: 'F02', hex: '2315' },
    { unit: 'F42', hex: '2210' },
    { unit: 'S01', hex: '2826' },
    { unit: 'S07', hex: '2416' },
    { unit: 'S27', hex: '2516', disorganised: true },
    { unit: 'S30', hex: '2920' },
    { unit: 'S11', hex: '2217' },
  ],
  water_carrier: '2825',
  dice: [6, 4, 2],
};

const samePosition = (a, b) => a.prompt === b.prompt && JSON.stringify(a.pieces) === JSON.stringify(b.pieces) && a.choices === b.choices;

export default async function board({ page, origin, perf }) {
  const shot = shooter(page, 'board');

  // ---- A. Free deployment, by clicking highlighted hexes -------------------------------------
  await page.goto(origin + '/');
  await ready(page);
  await page.fill('#seed', String(SEED));
  await page.click('#start-button');
  await page.waitForSelector('#game:not([hidden])');
  let s = await state(page);
  check(/Game setup/.test(s.prompt), `free deployment starts with a setup prompt (${s.prompt})`);
  check(s.highlighted.length > 10, `the legal deployment hexes are highlighted (${s.highlighted.length})`);
  check(s.highlighted.length === s.actions.length, 'exactly the prompt\'s Deploy hexes are highlighted', [s.highlighted.length, s.actions.length]);
  check(await page.isVisible('#prompt-piece svg'), 'the counter to deploy is drawn next to the prompt');
  check((await page.locator('.l-terrain path').count()) >= 4 && (await page.locator('path.grid').count()) === 1,
    'the terrain (hills, olive groves, river, buildings) and the hex grid are drawn');
  check((await page.locator('.l-outlines use').count()) === 10, 'the ten victory stars are drawn');
  check((await page.locator('path.royal-road').count()) === 1 && (await page.locator('path.river').count()) === 1,
    'the Royal Road and the river are drawn as lines');
  check((await page.locator('path.town-outline').count()) === 1, 'the town of Bailén is outlined');
  check((await page.locator('.track-cell').count()) === 15 && (await page.locator('.track-cell.hot').count()) === 6,
    'the round track has 15 rounds with the six hot ones (R8-R13) marked');
  await shot('1-deployment');

  // Timings: load to the first highlighted legal move (reload with this game autosaved).
  const loads = [];
  for (let i = 0; i < 5; i += 1) {
    await page.reload();
    await ready(page);
    await page.waitForFunction(() => $host()?.testTimings?.perf.firstHighlightPainted != null);
    loads.push(await page.evaluate(() => ({ dom: $host().testTimings.perf.firstHighlight, painted: $host().testTimings.perf.firstHighlightPainted })));
  }
  perf.loadToFirstHighlight = {
    what: 'navigation start to the first highlighted legal move (reload of an autosaved game in deployment), ms',
    runs: loads,
    medianDom: median(loads.map((l) => l.dom)),
    medianPainted: median(loads.map((l) => l.painted)),
  };
  console.log(`      load to first highlight: median ${perf.loadToFirstHighlight.medianPainted?.toFixed(0)} ms (painted)`);

  for (let i = 0; i < 3; i += 1) {
    const before = await state(page);
    const hex = before.highlighted[i * 7 % before.highlighted.length];
    await page.click(`.l-hl .hl.on[data-hex="${hex}"]`);
    await choicesReach(page, before.choices + 1);
    const after = await state(page);
    const placed = Object.entries(after.pieces).find(([id, h]) => h === hex && before.pieces[id] === undefined);
    check(placed !== undefined, `deployment click ${i + 1}: a counter now stands on the clicked hex ${hex}`);
    check(/deployed at/.test(after.lastLog), `deployment click ${i + 1}: the log says so (${after.lastLog})`);
  }
  // The rest of the deployment through the list (the same actions), fast.
  const deployed = await page.evaluate(() => {
    let n = 0;
    while (/Game setup/.test($root().getElementById('prompt').textContent) && n < 400) {
      $root().querySelector('#actions button[data-index="0"]').click();
      n += 1;
    }
    return n;
  });
  s = await state(page);
  check(!/Game setup/.test(s.prompt) && s.error === null, `deployment completes (${deployed} more counters)`, s.prompt);
  await shot('2-deployed');

  // Initiative and the Joker through the list, until the leader is declared on the map.
  for (let i = 0; i < 6 && !/declare the leader/.test((await state(page)).prompt); i += 1) await clickAction(page, 0);
  s = await state(page);
  check(/declare the leader/.test(s.prompt), `the movement step asks for a leader (${s.prompt})`);
  check(s.selectable.length > 0, `the leaders that may be activated are highlighted (${s.selectable.length})`);
  await page.click(`.piece[data-unit="${s.selectable[0]}"]`);
  await choicesReach(page, s.choices + 1);
  s = await state(page);
  check(/Movement with/.test(s.prompt), `clicking a leader activates him (${s.prompt})`);
  check(s.selectable.length > 0, `the counters that may move are highlighted (${s.selectable.length})`);

  // ---- B. Movement: click a counter, then a highlighted hex ---------------------------------------
  const mover = s.selectable[s.selectable.length - 1];
  const from = s.pieces[mover];
  // The map shows the part around the decision, zoomed in: the whole map brings this counter on screen.
  await page.click('#zoom-fit');
  await page.click(`.piece[data-unit="${mover}"]`);
  await choicesReach(page, s.choices + 1);
  s = await state(page);
  check(/choose where/.test(s.prompt), 'clicking a counter selects it to move (SelectMover)');
  check(s.selected === String(mover), 'the selected counter is marked');
  check(s.highlighted.length > 0 && s.highlighted.length === s.actions.filter((a) => a.type === 'MoveTo').length,
    `exactly its legal destinations are highlighted (${s.highlighted.length})`);
  await shot('3-move-selected');
  const to = s.highlighted[Math.floor(s.highlighted.length / 2)];
  await page.click(`.l-hl .hl.on[data-hex="${to}"]`);
  await choicesReach(page, s.choices + 1);
  s = await state(page);
  check(s.pieces[mover] === to, `the counter moved to the clicked hex (${from} -> ${to})`, s.pieces[mover]);
  check(s.logText.some((l) => /moves/.test(l) && l.includes(to)), 'the log says where it moved');
  check(await page.locator('.l-trails path.trail').count() > 0, 'the move is drawn as a trail');
  await shot('4-moved');
  check(s.undoEnabled, 'undo is allowed after a move (no die rolled)');
  await page.click('#undo');
  await choicesReach(page, s.choices - 1);
  let u = await state(page);
  check(u.pieces[mover] === from, 'undo puts the counter back');
  // The same move with the keyboard: Tab reaches highlighted hexes, Enter chooses.
  await page.focus(`.l-hl .hl.on[data-hex="${to}"]`);
  await page.keyboard.press('Enter');
  await choicesReach(page, u.choices + 1);
  u = await state(page);
  check(u.pieces[mover] === to, 'a highlighted hex can be chosen with the keyboard (focus + Enter)');

  // Zoom and pan.
  const zoom0 = Number(await page.getAttribute('.hexmap', 'data-zoom'));
  await page.focus('#board');
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  const zoom1 = Number(await page.getAttribute('.hexmap', 'data-zoom'));
  check(zoom1 > zoom0, `+ zooms in (${zoom0} -> ${zoom1})`);
  const vb0 = await page.getAttribute('.hexmap', 'viewBox');
  await page.keyboard.press('ArrowRight');
  check((await page.getAttribute('.hexmap', 'viewBox')) !== vb0, 'arrow keys pan');
  const box = await page.locator('#board').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -400);
  await page.waitForFunction((z) => Number($root().querySelector('.hexmap').dataset.zoom) > z, zoom1);
  check(true, 'the mouse wheel zooms');
  const vb1 = await page.getAttribute('.hexmap', 'viewBox');
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 40, { steps: 4 });
  await page.mouse.up();
  check((await page.getAttribute('.hexmap', 'viewBox')) !== vb1, 'dragging with the mouse pans');
  check((await page.locator('.l-labels text').count()) === 40 * 35 && (await page.isVisible('.l-labels text.deploy >> nth=0')),
    'zoomed in, every hex shows its label (deployment hexes underlined)');
  check((await page.locator('.piece .c-text').first().isVisible()), 'zoomed in, the counters show their factors');
  await shot('4b-zoomed');
  await page.click('#zoom-fit');

  const movementClicks = await page.evaluate(() => $host().testTimings.perf.clicks);

  // ---- C. Combat on the map, from a Setup position ------------------------------------------
  await page.goto(`${origin}/?test#setup=${encodeURIComponent(JSON.stringify(COMBAT_SETUP))}`);
  await ready(page);
  s = await state(page);
  check(s.error === null && /Combat/.test(s.prompt), `the test hook builds the combat position (${s.prompt})`, s.error);
  check(!(await page.evaluate(() => location.hash)), 'the setup is removed from the address after loading');
  check(s.selectable.includes(F(32)), 'the counters that may attack are highlighted');
  const synthetic = await page.evaluate(async () => {
    // Select and unselect an attacker 20 times with real pointer events; time each handler and
    // the next frame.
    const g = $root().querySelector('.piece.is-selectable');
    if (!g) return [];
    const r = g.getBoundingClientRect();
    const opts = { bubbles: true, pointerId: 1, pointerType: 'mouse', clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, isPrimary: true };
    const out = [];
    for (let i = 0; i < 20; i += 1) {
      const t0 = performance.now();
      g.dispatchEvent(new PointerEvent('pointerdown', opts));
      g.dispatchEvent(new PointerEvent('pointerup', opts));
      const t1 = performance.now();
      await new Promise((res) => requestAnimationFrame(() => res()));
      out.push({ handler: t1 - t0, frame: performance.now() - t0 });
    }
    return out;
  });
  check(await page.isVisible('path.water-range'), 'María Bellido\'s 10-hex water range is outlined');
  const statusText = await page.locator('#status-list').innerText();
  check(/R9/.test(statusText) && /Stifling heat/.test(statusText) && /5 combat activations left/.test(statusText) && /María Bellido at 2825/.test(statusText),
    'the status shows round, heat, activations and the water carrier', statusText);
  await page.click(`.piece[data-unit="${F(32)}"]`);
  s = await state(page);
  check(s.selected === String(F(32)), 'clicking an attacker selects it');
  check(s.targets.includes(S(7)) && s.targets.includes(S(27)) && !s.targets.includes(S(11)),
    `exactly its targets are highlighted (${s.targets})`);
  await page.hover(`.piece[data-unit="${S(7)}"]`);
  await page.waitForSelector('#hover-card .odds');
  const odds = await page.evaluate(() =>
    [...$root().querySelectorAll('#hover-card .odds-seg')].map((e) => ({ key: e.dataset.key, count: Number(e.dataset.count) })));
  const sum = odds.reduce((n, o) => n + o.count, 0);
  check(sum === 6 && odds.length === 3, `the odds bar appears on hover, its parts sum to 6 sixths (${JSON.stringify(odds)})`);
  const card = await page.locator('#hover-card').innerText();
  // A card follows the keyboard's focus (not a click's or a tap's): a key first.
  await page.keyboard.press('Shift');
  await page.focus(`.piece[data-unit="${S(30)}"]`);
  check(/Batería de a 12/.test(await page.locator('#hover-card').innerText()) && /Range\s+18 hexes/.test(await page.locator('#hover-card').innerText()),
    'keyboard focus on a counter shows its details');
  check(/Defence factor/.test(card) && /Combat factor/.test(card), 'hovering a counter shows its full details');
  const listOdds = await page.evaluate(() =>
    [...$root().querySelectorAll('#actions button[data-type="Attack"]')].map((b) =>
      [...b.querySelectorAll('.odds-seg')].reduce((n, e) => n + Number(e.dataset.count), 0)));
  check(listOdds.length > 0 && listOdds.every((n) => n === 6), `every attack in the list has its odds bar (${listOdds})`);
  await shot('5-odds');
  await page.focus('#actions button[data-type="Attack"]');
  check(await page.isVisible('#odds .odds-bar'), 'focusing an attack in the list shows its odds too');

  const before = await state(page);
  await page.click(`.piece[data-unit="${S(7)}"]`);
  await choicesReach(page, before.choices + 1);
  s = await state(page);
  check(s.error === null, 'the attack is accepted', s.error);
  check(s.pieces[S(7)] === undefined, 'the eliminated counter is gone from the map');
  check(s.logText.some((l) => /Tercio de Tejas is eliminated/.test(l)), 'the log says the defender is eliminated');
  check(s.logText.some((l) => /roll ⚅ 6/.test(l)), 'the log shows the die');
  check((await page.locator('#dice .die[data-value="6"]').count()) === 1, 'the attack\'s die is drawn as a die showing 6');
  await shot('6-attacked');
  // Advance after combat: the only adjacent attacker is chosen already; click the vacated hex.
  check(/Advance/.test(s.prompt) && s.highlighted.includes('2416'), `the vacated hex is offered for the advance (${s.prompt})`);
  await page.click('.l-hl .hl.on[data-hex="2416"]');
  await choicesReach(page, s.choices + 1);
  s = await state(page);
  check(s.pieces[F(32)] === '2416', 'the attacker advances into the vacated hex');
  const combatState = s;

  // Clicks: time from the click to the redrawn page (apply + redraw, synchronous).
  const allClicks = [...movementClicks, ...(await page.evaluate(() => $host().testTimings.perf.clicks))];
  const clicks = allClicks.filter((c) => c.what.startsWith('board:'));
  const listClicks = allClicks.filter((c) => c.what.startsWith('list:'));
  perf.clickToRedraw = {
    what: 'click on the map to redrawn DOM (the engine applies the action, the page redraws incrementally), ms',
    boardClicks: clicks,
    medianBoard: median(clicks.map((c) => c.ms)),
    maxBoard: Math.max(...clicks.map((c) => c.ms)),
    listClicks: { count: listClicks.length, median: median(listClicks.map((c) => c.ms)), max: Math.max(...listClicks.map((c) => c.ms)) },
    selectToggle: { medianHandler: median(synthetic.map((x) => x.handler)), medianToNextFrame: median(synthetic.map((x) => x.frame)) },
  };
  console.log(`      click to redraw: median ${perf.clickToRedraw.medianBoard?.toFixed(1)} ms, max ${perf.clickToRedraw.maxBoard?.toFixed(1)} ms over ${clicks.length} board clicks`);

  // ---- D. The log steps back to earlier positions, read-only -----------------------------------
  await page.click('#log li[data-choice="0"]');
  await page.waitForFunction(() => $app().dataset.replay === '0');
  s = await state(page);
  check(await page.isVisible('#replay-banner'), 'picking a log line shows the earlier position with a banner');
  check(s.pieces[S(7)] === '2416' && s.pieces[F(32)] === '2415', 'the earlier position is drawn (the defender is back)');
  check(s.actions.length === 0 && s.highlighted.length === 0, 'an earlier position is read-only (no actions, no highlights)');
  await shot('7-replay');
  await page.click(`.piece[data-unit="${F(32)}"]`);
  check((await state(page)).choices === combatState.choices, 'clicking on an earlier position changes nothing');
  await page.click('#replay-forward');
  await page.waitForFunction(() => $app().dataset.replay === '1');
  check((await state(page)).pieces[S(7)] === undefined, 'stepping forward shows the position after the attack');
  await page.click('#replay-exit');
  await page.waitForFunction(() => $app().dataset.replay === '');
  s = await state(page);
  check(samePosition(s, combatState), 'back to the game: the live position is unchanged');

  // ---- E. Export, reload, import: the same position ------------------------------------------
  await page.click('#export');
  const exported = await page.inputValue('#export-text');
  await page.reload();
  await ready(page);
  s = await state(page);
  check(samePosition(s, combatState), 'reload shows the same prompt and the same counters on the same hexes');
  check(s.logText.some((l) => /Tercio de Tejas is eliminated/.test(l)), 'the log is rebuilt after reload');
  await page.click('#new-game');
  check(await page.isVisible('#cancel-start'), 'the start screen offers to go back to the game');
  await page.click('#cancel-start');
  await page.fill('#import-text', exported);
  await page.click('#import');
  await page.waitForFunction(() => $root().getElementById('error')?.hidden === true);
  s = await state(page);
  check(samePosition(s, combatState), 'importing the exported string gives the same position');
  check(s.logText.some((l) => /Tercio de Tejas is eliminated/.test(l)), 'the log is rebuilt from the engine\'s history after import');

  // Download the string as a file, and load it back from a file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
  const file = await download.path();
  const { readFile } = await import('node:fs/promises');
  const downloaded = (await readFile(file, 'utf8')).trim();
  check(downloaded === exported, `Download saves the string to a file (${download.suggestedFilename()})`);
  await page.setInputFiles('#import-file', { name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(downloaded + '\n') });
  await page.waitForFunction(() => /Loaded the file game.txt/.test($root().getElementById('log').textContent ?? ''));
  s = await state(page);
  check(samePosition(s, combatState), 'loading the file gives the same position');

  // A broken string: the engine's precise error, the game unchanged.
  for (const [what, text] of [
    ['a pasted sentence', 'this is not a saved game'],
    ['a tampered string', exported.slice(0, 40) + (exported[40] === 'Q' ? 'R' : 'Q') + exported.slice(41)],
  ]) {
    await page.fill('#import-text', text);
    await page.click('#import');
    await page.locator('#import-error').waitFor({ state: 'visible' });
    const err = (await page.textContent('#import-error')) ?? '';
    check(/Could not load that saved game: .{10,}/.test(err), `${what} shows the engine's error (${err})`);
    const after = await state(page);
    check(samePosition(after, combatState) && after.autosave === s.autosave, `${what} leaves the game untouched`);
  }
  await shot('8-bad-import');

  // ---- F. The share link -----------------------------------------------------------------
  await page.click('#share');
  const link = await page.inputValue('#share-link');
  check(link.startsWith(`${origin}/#g=`), `the share link carries the game in the fragment (${link.slice(0, 60)}…)`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${origin}/`);
  await ready(page);
  check(await page.isVisible('#start'), 'with no autosave the page opens on the start screen');
  await page.goto(link);
  await ready(page);
  s = await state(page);
  check(samePosition(s, combatState), 'opening the share link loads the same position');
  check(!(await page.evaluate(() => location.hash)), 'the fragment is cleared once loaded (a reload keeps later moves)');
  await page.goto(`${origin}/#g=AAAA-broken`);
  await ready(page);
  const err = (await page.textContent('#error')) ?? '';
  s = await state(page);
  check(/Could not load/.test(err) && samePosition(s, combatState), `a broken share link shows the error and keeps the autosaved game (${err})`);
}

/** The page at a narrow width: the side panel goes below the map. */
export async function narrow({ page, origin }) {
  const shot = shooter(page, 'narrow');
  await page.goto(`${origin}/?test#setup=${encodeURIComponent(JSON.stringify(COMBAT_SETUP))}`);
  await ready(page);
  const boardBox = await page.locator('#board-area').boundingBox();
  const sideBox = await page.locator('#side').boundingBox();
  check(boardBox.width > 300 && boardBox.height > 300, `the map is usable on a narrow screen (${boardBox.width}x${boardBox.height})`);
  check(sideBox.y >= boardBox.y + boardBox.height - 1, 'the side panel is below the map');
  await page.tap(`.piece[data-unit="${F(32)}"]`).catch(() => page.click(`.piece[data-unit="${F(32)}"]`));
  const s = await state(page);
  check(s.selected === String(F(32)), 'a tap selects a counter');
  // Pinch to zoom: two touch points moving apart.
  const zoom0 = Number(await page.getAttribute('.hexmap', 'data-zoom'));
  const cdp = await page.context().newCDPSession(page);
  const cx = boardBox.x + boardBox.width / 2;
  const cy = boardBox.y + boardBox.height / 2;
  const points = (d) => [{ x: cx - d, y: cy, id: 1 }, { x: cx + d, y: cy, id: 2 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(20) });
  for (const d of [40, 60, 80, 100]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(d) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  const zoom1 = Number(await page.getAttribute('.hexmap', 'data-zoom'));
  check(zoom1 > zoom0 * 1.5, `pinching zooms in (${zoom0} -> ${zoom1})`);
  check((await state(page)).choices === s.choices, 'a pinch chooses nothing');
  await shot('1', true);
}

/** At 1280x800: the board and the side panel side by side, both visible. */
export async function desktop({ page, origin }) {
  await page.goto(`${origin}/?test#setup=${encodeURIComponent(JSON.stringify(COMBAT_SETUP))}`);
  await ready(page);
  const boardBox = await page.locator('#board-area').boundingBox();
  const sideBox = await page.locator('#side').boundingBox();
  check(boardBox.width >= 800 && boardBox.height >= 700, `at 1280x800 the map fills most of the window (${boardBox.width}x${boardBox.height})`);
  check(sideBox.x >= boardBox.x + boardBox.width - 1 && sideBox.y < 100, 'the side panel is beside the map');
  check(await page.isVisible('#prompt') && await page.isVisible('#actions'), 'the prompt and the actions are visible without scrolling');
}
