// Playing against the computer: the start screen offers 'Computer' for either side and a level;
// the computer thinks in a Web Worker (its own wasm instance) while the page keeps answering
// clicks (zoom, a counter's card), shows a progress bar and a "Move now" button, never acts for a
// human side nor lets the human act for it, and its moves are applied, logged and saved like a
// player's. A whole Field Battle against it at the quickest level, the human clicking; then 30+
// decisions of Bailén, of Bloody Monday and of Napoleon's Battles against it; the computer
// playing both sides.
import { check, lastGame, median, ready, shooter, state } from './lib.mjs';

const KINDS = ['Reserve', 'Outflank', 'Assault', 'Pin', 'Bombardment', 'Cavalry Charge', 'Withdraw', 'Recover', 'Reinforce'];

/** The sides of the selected ruleset, as the start screen's player selects name them. */
const sidesOnStart = (page) => page.$$eval('#players select', (ss) => ss.map((s) => s.dataset.side));

async function startGame(page, { ruleset, scenario, seed, computer, level }) {
  if (await page.isVisible('#game')) await page.click('#new-game');
  await page.waitForSelector('#start:not([hidden])');
  await page.selectOption('#ruleset', ruleset);
  if (scenario && (await page.isVisible('#scenario'))) await page.selectOption('#scenario', scenario);
  await page.fill('#seed', String(seed));
  const sides = await sidesOnStart(page);
  for (const side of sides) await page.selectOption(`select[name="player-${side}"]`, computer.includes(side) ? 'computer' : 'human');
  if (computer.length) await page.selectOption('#level', level);
  await page.click('#start-button');
  await page.waitForSelector('#game:not([hidden])');
  return sides;
}

/** What the page is waiting for: the computer, a person, or nothing (the game is over). */
function phase(page) {
  return page.evaluate(() => {
    if ($app().dataset.thinking === 'true') return 'computer';
    if ($root().querySelectorAll('#actions button[data-index]').length > 0) return 'human';
    if (!$root().getElementById('outcome').hidden) return 'over';
    return 'waiting';
  });
}

async function waitPhase(page, timeout = 30_000) {
  await page.waitForFunction(
    () =>
      $app().dataset.thinking === 'true' ||
      $root().querySelectorAll('#actions button[data-index]').length > 0 ||
      !$root().getElementById('outcome').hidden,
    null,
    { timeout },
  );
  return phase(page);
}

const thinks = (page) => page.evaluate(() => $host().testTimings.perf.thinks.slice());

/** The human's choice: by keyboard on the legal actions list (the odds panel of a hex map moves the
 * buttons under a pointer), or by a click where nothing moves (the Field Battle). */
async function humanChooses(page, index, how) {
  const before = (await state(page)).choices;
  const sel = `#actions button[data-index="${index}"]`;
  if (how === 'click') await page.click(sel);
  else {
    await page.focus(sel);
    await page.keyboard.press('Enter');
  }
  await page.waitForFunction((n) => Number($app().dataset.choices) > n, before, { timeout: 10_000 });
}

/** Wait out the computer's decision: the choices move on. */
async function computerDecides(page, timeout = 20_000) {
  const before = (await state(page)).choices;
  await page.waitForFunction((n) => Number($app().dataset.choices) > n || $app().dataset.thinking !== 'true', before, { timeout });
}

/** Play: the human (with `pick(actions, n)`) against the computer, until `enough()` or the end. */
async function play(page, { pick, how, enough, guard = 2000, onHuman }) {
  let humanMoves = 0;
  let computerMoves = 0;
  for (let i = 0; i < guard; i++) {
    const p = await waitPhase(page);
    if (p === 'over') break;
    if (p === 'computer') {
      await computerDecides(page);
      computerMoves++;
    } else {
      const s = await state(page);
      if (onHuman) await onHuman(s, humanMoves);
      await humanChooses(page, pick(s.actions, humanMoves), how);
      humanMoves++;
    }
    if (enough && (await enough(humanMoves, computerMoves))) break;
  }
  return { humanMoves, computerMoves };
}

/** The other side's chits must not be in the page while the human's side looks at it. */
async function noEnemyChits(page, enemy) {
  const text = await page.evaluate(() => $app().innerText + "\n" + $app().innerHTML);
  return KINDS.filter((k) => text.includes(`${enemy} took a ${k} chit`) || text.includes(`${enemy} discarded a ${k} chit`));
}

/**
 * Play on until the last choice was the computer's and the human decides, then Undo: either both
 * the computer's choice and the human's before it are taken back (back at a decision of the
 * human), or, when a die was rolled since, nothing changes and the page says why.
 */
async function undoAfterComputer(page, computerSide, how) {
  const lastBy = () => page.evaluate(() => [...$root().querySelectorAll('#log li.action')].at(-1)?.textContent.split(':')[0] ?? '');
  let p = await waitPhase(page);
  // A computer's choice that itself rolled a die leaves Undo off (nothing can be taken back):
  // play on to one that did not. Which choice the computer makes depends on how many iterations
  // its time allows, so on a loaded machine this point comes at a different choice.
  const undoable = async () => (await state(page)).undoEnabled;
  for (let i = 0; i < 200 && !(p === 'human' && (await lastBy()) === computerSide && (await undoable())); i++) {
    if (p === 'human') await humanChooses(page, 0, how);
    else await computerDecides(page);
    p = await waitPhase(page);
  }
  const s = await state(page);
  check(p === 'human' && s.undoEnabled && (await lastBy()) === computerSide, `the human decides after the ${computerSide} computer's choice, and may undo`, { p, undo: s.undoEnabled });
  const n0 = s.choices;
  await page.click('#undo');
  await page.waitForFunction((n) => Number($app().dataset.choices) < n || /Undo cannot/.test($root().getElementById('status').textContent), n0);
  await page.waitForTimeout(300);
  const n1 = (await state(page)).choices;
  const status = await page.textContent('#status');
  const p1 = await phase(page);
  if (n1 < n0) {
    check(p1 === 'human' && n1 <= n0 - 2 && (await lastBy()) !== computerSide, `Undo takes back the computer's choice with the human's (${n0} -> ${n1} choices), the computer not thinking`, { n0, n1, p1 });
    return 'taken back';
  }
  check(p1 === 'human' && n1 === n0 && /die was rolled/.test(status), `past a die roll Undo leaves the computer's choice and says why: "${status}"`, { n0, n1, p1 });
  check(await page.isVisible('#decide-error') && /die was rolled/.test(await page.textContent('#decide-error')), 'and says it by the decision too (the header is hidden on a phone)');
  return 'kept';
}

export default async function computer({ page, origin, perf }) {
  const shot = shooter(page, 'computer');
  await page.goto(origin + '/');
  await ready(page);

  // 1. The start screen: 'Computer' for either side, and the level asked only when it plays.
  await page.selectOption('#ruleset', 'muskets-battle');
  const options = await page.$$eval('#players select option[value="computer"]', (os) => os.map((o) => ({ text: o.textContent, disabled: o.disabled })));
  check(options.length === 2 && options.every((o) => o.text === 'Computer' && !o.disabled), "both sides' players offer 'Computer'", options);
  check(!(await page.isVisible('#level')), 'no level is asked while both players are human');
  const [imperial, allied] = await sidesOnStart(page);
  await page.selectOption(`select[name="player-${allied}"]`, 'computer');
  const levels = await page.$$eval('#level option', (os) => os.map((o) => [o.value, o.textContent, o.selected]));
  check(
    (await page.isVisible('#level')) && levels.map((l) => l[0]).join() === 'quick,normal,strong' && levels.find((l) => l[2])?.[0] === 'normal',
    'with a computer player the level is asked: Quick, Normal (chosen), Strong',
    levels,
  );
  await page.selectOption('#level', 'strong');
  await shot('1-start');

  // 2. A Field Battle against the computer at the Strong level (5 s a decision): the human plays
  //    the Imperial side until the computer thinks.
  await startGame(page, { ruleset: 'muskets-battle', scenario: 'medina-de-rioseco', seed: 31, computer: [allied], level: 'strong' });
  check(await page.isHidden('#curtain'), 'against the computer there is no hot-seat curtain');
  const viewer = () => page.evaluate(() => $root().querySelector('#battle-board [data-viewer]')?.dataset.viewer ?? null);
  check((await viewer()) === imperial, `the ${imperial} human's view is on the screen`, await viewer());
  let p = await waitPhase(page);
  while (p === 'human') {
    await humanChooses(page, 0, 'click');
    p = await waitPhase(page);
  }
  check(p === 'computer', 'the computer thinks for its side', p);
  const t0 = Date.now();
  await page.waitForSelector('#thinking:not([hidden])');
  const bar = await page.evaluate(() => ({
    text: $root().getElementById('think-text').textContent,
    button: $root().getElementById('move-now').textContent,
    actions: $root().querySelectorAll('#actions button').length,
    quick: $root().querySelectorAll('#quick button').length,
    prompt: $root().getElementById('prompt').textContent,
    piece: $root().querySelectorAll('#prompt-piece *').length,
  }));
  check(/Allied \(computer\) is thinking/.test(bar.text) && bar.button === 'Move now', 'while it thinks: a progress bar and "Move now"', bar);
  check(bar.actions === 0 && bar.quick === 0, "the human is offered none of the computer's choices", bar);
  check(bar.prompt === 'Allied (the computer) to decide.' && bar.piece === 0, "the computer's hidden decision is not described to the human", bar);
  await shot('2-thinking');
  // The worker instantiates the page's compiled engine: it fetches no wasm of its own.
  const workers = page.workers();
  const workerWasm = workers.length === 1
    ? await workers[0].evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.wasm')).map((r) => r.name))
    : null;
  check(workerWasm !== null && workerWasm.length === 0, "the computer's worker uses the page's compiled engine (it fetched no wasm)", { workers: workers.length, workerWasm });
  // The page answers clicks while the worker thinks: zoom, a counter's card.
  const width = () => page.evaluate(() => $root().querySelector('#battle-board svg.battle-svg')?.getBoundingClientRect().width ?? 0);
  const w0 = await width();
  let c0 = performance.now();
  await page.click('#zoom-in');
  await page.waitForFunction((w) => ($root().querySelector('#battle-board svg.battle-svg')?.getBoundingClientRect().width ?? 0) > w, w0, { timeout: 2000 });
  const zoomMs = performance.now() - c0;
  c0 = performance.now();
  await page.click('#battle-board svg .counter[data-piece]', { position: { x: 6, y: 6 } });
  await page.waitForSelector('#hover-card:not([hidden])', { timeout: 2000 });
  const cardMs = performance.now() - c0;
  const during = await page.evaluate(() => $app().dataset.thinking === 'true');
  check(during, `the page answered two clicks while the computer thinks: zoom in ${zoomMs.toFixed(0)} ms, a counter's card in ${cardMs.toFixed(0)} ms`);
  check(zoomMs < 1000 && cardMs < 1000, 'each answered in under a second', { zoomMs, cardMs });
  await page.click('#zoom-fit');
  const v0 = await page.evaluate(() => $root().getElementById('think-progress').value);
  await page.waitForTimeout(800);
  const v1 = await page.evaluate(() => $root().getElementById('think-progress').value);
  check(v1 > v0 && v1 < 1, `the progress bar moves on (${v0.toFixed(2)} -> ${v1.toFixed(2)})`);
  // The phone layout while it thinks.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(150);
  const onPhone = await page.evaluate(() => {
    const r = $root().getElementById('thinking').getBoundingClientRect();
    return { visible: !$root().getElementById('thinking').hidden, left: r.left, right: r.right, top: r.top };
  });
  await shot('3-thinking-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  check(onPhone.visible && onPhone.left >= 0 && onPhone.right <= 390 && onPhone.top < 844, 'on a phone the progress bar and "Move now" are on the screen', onPhone);
  // Left alone it thinks its 5 s, then moves.
  await computerDecides(page, 15_000);
  const fullMs = Date.now() - t0;
  let t = await thinks(page);
  const strong = t.at(-1);
  check(strong && strong.limit === 5000 && strong.ms >= 4900 && strong.ms < 6500 && fullMs < 8000, `at the Strong level it thought ${(strong?.ms / 1000).toFixed(2)} s (${strong?.iterations} iterations) and moved`, strong);
  const last = await state(page);
  check(last.log > 1 && !last.error, 'its move is in the log', last.lastLog);
  // "Move now" on its next decision.
  p = await waitPhase(page);
  while (p === 'human') {
    await humanChooses(page, 0, 'click');
    p = await waitPhase(page);
  }
  check(p === 'computer', 'the computer thinks again');
  await page.waitForTimeout(300);
  const before = (await state(page)).choices;
  c0 = performance.now();
  await page.click('#move-now');
  await page.waitForFunction((n) => Number($app().dataset.choices) > n, before, { timeout: 3000 });
  const nowMs = performance.now() - c0;
  t = await thinks(page);
  check(nowMs < 1500 && t.at(-1).ms < 2000, `"Move now" makes it move at once (${nowMs.toFixed(0)} ms after the click, ${t.at(-1).ms.toFixed(0)} ms of thought)`, t.at(-1));
  check((await noEnemyChits(page, allied)).length === 0, `none of the ${allied} computer's chits are in the page`);
  const undos = [await undoAfterComputer(page, allied, 'click')];
  // 3. A whole Field Battle against the computer at the Quick level, the human clicking.
  await startGame(page, { ruleset: 'muskets-battle', scenario: 'medina-de-rioseco', seed: 77, computer: [allied], level: 'quick' });
  const thinksBefore = (await thinks(page)).length;
  const t1 = Date.now();
  let leaks = [];
  const result = await play(page, {
    how: 'click',
    // Withdrawing ends a battle soonest: after many choices the human withdraws when offered.
    pick: (actions, n) => {
      const w = actions.findIndex((a) => a.type === 'Withdraw');
      return w >= 0 && n > 60 ? w : 0;
    },
    onHuman: async (_s, n) => {
      if (n % 10 === 0) leaks = leaks.concat(await noEnemyChits(page, allied));
    },
  });
  // Its quick forced moves can come and go between two looks: count them by its answers.
  result.computerMoves = (await thinks(page)).length - thinksBefore;
  const end = await state(page);
  const outcome = await page.textContent('#outcome');
  check((await phase(page)) === 'over' && /win|no winner/i.test(outcome ?? ''), `the battle against the computer reaches its end: ${outcome}`, end.prompt);
  check(result.computerMoves >= 5 && result.humanMoves >= 5, `${end.choices} choices: ${result.humanMoves} clicked by the human, ${result.computerMoves} by the computer in ${((Date.now() - t1) / 1000).toFixed(1)} s`, result);
  check(leaks.length === 0, `none of the ${allied} computer's chits were ever in the page`, leaks);
  check(!end.error, 'no error', end.error);
  const quick = (await thinks(page)).slice(thinksBefore).filter((x) => x.iterations > 0);
  const quickMs = median(quick.map((x) => x.ms));
  check(quick.length > 0 && quick.every((x) => x.ms < 700), `at the Quick level it thinks ${quickMs.toFixed(0)} ms a decision (median of ${quick.length}; max ${Math.max(...quick.map((x) => x.ms)).toFixed(0)} ms)`);
  await shot('4-battle-over');
  // The saved string replays the whole battle, the computer's choices with the rest.
  const saved = await lastGame(page);
  check(saved.players[allied] === 'computer' && saved.level === 'quick', 'the autosave keeps who plays and the level', { players: saved.players, level: saved.level });
  await page.reload();
  await ready(page);
  const back = await state(page);
  check(back.choices === end.choices && (await phase(page)) === 'over', `after a reload the same battle is back at its end (${back.choices} choices)`);

  // 4. Bailén against the computer (Normal level, 1 s): 30+ decisions, the human French.
  await startGame(page, { ruleset: 'bailen', seed: 5, computer: ['Spanish'], level: 'normal' });
  let k0 = (await thinks(page)).length;
  const b = await play(page, { how: 'key', pick: (actions, n) => (n * 7) % actions.length, enough: (h, c) => h + c >= 40 && c >= 15 });
  b.computerMoves = (await thinks(page)).length - k0;
  let s = await state(page);
  check(b.computerMoves >= 15 && s.choices >= 30 && !s.error, `Bailén: ${s.choices} choices, ${b.computerMoves} by the computer (Spanish)`, b);
  const normal = (await thinks(page)).slice(k0).filter((x) => x.iterations > 0);
  const normalMs = median(normal.map((x) => x.ms));
  check(normal.length > 0 && normal.every((x) => x.ms >= 950 && x.ms < 1600), `at the Normal level it thinks ${normalMs?.toFixed(0)} ms a decision (median of ${normal.length})`, normal.slice(0, 5));
  await shot('5-bailen');
  // Undo right after one of the computer's choices.
  // (In these games a side's run of choices mostly ends with a roll, so here it is kept; the
  // other branch is checked whenever it happens.)
  undos.push(await undoAfterComputer(page, 'Spanish', 'key'));
  console.log(`      Undo after the computer: ${undos.join(', ')}`);

  // 5. Bloody Monday against the computer (Quick): 30+ decisions, the human Russian; its fog of
  //    war holds (the human's view on the screen, no curtain).
  await startGame(page, { ruleset: 'bloody-monday', scenario: 'borodino', seed: 9, computer: ['French'], level: 'quick' });
  k0 = (await thinks(page)).length;
  const m = await play(page, { how: 'key', pick: (actions, n) => (n * 5) % actions.length, enough: (h, c) => h + c >= 40 && c >= 15 });
  m.computerMoves = (await thinks(page)).length - k0;
  s = await state(page);
  check(m.computerMoves >= 15 && s.choices >= 30 && !s.error && (await page.isHidden('#curtain')), `Bloody Monday: ${s.choices} choices, ${m.computerMoves} by the computer (French), no curtain`, m);
  await shot('6-bloody-monday');

  // 5b. Napoleon's Battles against the computer (Quick): 30+ decisions, the human French on the
  //     table; the computer's moves are the engine's (listed fillings of its templates), drawn
  //     and logged like the human's.
  await startGame(page, { ruleset: 'napoleons-battles', scenario: 'medina-de-rioseco', seed: 4, computer: ['Allied'], level: 'quick' });
  k0 = (await thinks(page)).length;
  const nbLog0 = await page.$$eval('#log li.action', (ls) => ls.length);
  const nb = await play(page, { how: 'key', pick: (actions, n) => (n * 3) % actions.length, enough: (h, c) => h + c >= 40 && c >= 15 });
  nb.computerMoves = (await thinks(page)).length - k0;
  s = await state(page);
  const alliedLines = await page.$$eval('#log li.action', (ls, n0) => ls.slice(n0).filter((l) => /^Allied/.test(l.textContent)).length, nbLog0);
  check(nb.computerMoves >= 15 && s.choices >= 30 && !s.error, `Napoleon's Battles: ${s.choices} choices, ${nb.computerMoves} by the computer (Allied)`, nb);
  check(alliedLines >= 15, `and the computer's choices are in the log like the human's (${alliedLines} Allied lines)`);
  await shot('6b-napoleons-battles');

  // 6. The computer plays both sides: the page is only watched (30 decisions).
  await startGame(page, { ruleset: 'muskets-battle', scenario: 'medellin', seed: 3, computer: [imperial, allied], level: 'quick' });
  const w0c = (await state(page)).choices;
  await page.waitForFunction((n) => Number($app().dataset.choices) >= n + 30 || !$root().getElementById('outcome').hidden, w0c, { timeout: 60_000 });
  s = await state(page);
  const overW = (await phase(page)) === 'over';
  check((s.choices >= w0c + 30 || overW) && s.actions.length === 0 && !s.error, `with the computer on both sides the battle plays itself (${s.choices} choices${overW ? ', to its end' : ''}, no action offered)`);
  await shot('7-watching');
  await page.click('#new-game');
  await page.waitForTimeout(400);
  const paused = (await state(page)).choices;
  await page.waitForTimeout(600);
  check((await state(page)).choices === paused && (await page.evaluate(() => $app().dataset.thinking)) === undefined, 'on the start screen the computer stops');

  perf.computer = {
    strongMs: strong?.ms,
    strongIterations: strong?.iterations,
    normalMedianIterations: median(normal.map((x) => x.iterations)),
    quickMedianIterations: median(quick.map((x) => x.iterations)),
    normalMedianMs: normalMs,
    quickMedianMs: quickMs,
    decisions: (await thinks(page)).length,
  };
  const it = perf.computer;
  console.log(`      think time per decision: Quick ${quickMs?.toFixed(0)} ms (${it.quickMedianIterations} iterations, Field Battle), Normal ${normalMs?.toFixed(0)} ms (${it.normalMedianIterations}, Bailén), Strong ${strong?.ms.toFixed(0)} ms (${strong?.iterations}, Field Battle)`);
}
