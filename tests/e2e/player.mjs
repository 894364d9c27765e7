// The page as a player expects it (issue 15): what the pointer hovers never moves, a click after
// hovering applies the action clicked; Undo in hot-seat keeps to the deciding side's own choices.
import { check, choicesReach, ready, shooter, startBailen, state } from './lib.mjs';

/** Choose the first action that neither cancels, ends nor passes, until `until` matches the prompt. */
async function playUntil(page, until, limit = 200) {
  const reached = await page.evaluate(([source, max]) => {
    const re = new RegExp(source);
    for (let n = 0; n < max; n += 1) {
      if (re.test($root().getElementById('prompt')?.textContent ?? '')) return true;
      const buttons = [...$root().querySelectorAll('#actions button')];
      if (!buttons.length) return false;
      const i = buttons.findIndex((b) => !/^(Cancel|End|Pass)/.test(b.dataset.type ?? ''));
      buttons[Math.max(0, i)].click();
    }
    return false;
  }, [until.source, limit]);
  check(reached, `the game reaches the prompt ${until}`, (await state(page)).prompt);
}

/** The boxes of the list's buttons, less any scrolling (hovering scrolls a button into view). */
const boxes = (page) =>
  page.evaluate(() => {
    const scrolled = ['actions', 'side'].reduce((y, id) => y + ($root().getElementById(id)?.scrollTop ?? 0), scrollY);
    return [...$root().querySelectorAll('#actions button')].map((b) => {
      const r = b.getBoundingClientRect();
      return [Math.round(r.x), Math.round(r.y + scrolled), Math.round(r.width), Math.round(r.height)];
    });
  });

/** Bailén, seed 4242: hovering the attacks of the reaction artillery moves nothing, and a click applies the one clicked. */
async function hoverMovesNothing(page, origin, shot) {
  await startBailen(page, origin, 4242, { historical: true });
  await playUntil(page, /Reaction artillery/);
  let s = await state(page);
  const attacks = s.actions.map((a, i) => [a, i]).filter(([a]) => a.type === 'Attack').map(([, i]) => i);
  check(attacks.length >= 3, `the reaction offers at least 3 attacks (${attacks.length})`, s.actions);
  // Away from the list first: the position as the player first sees it.
  await page.mouse.move(5, 5);
  const before = await boxes(page);
  let odds = 0;
  for (const i of s.actions.map((_, k) => k)) {
    // As a player's pointer: onto the middle of the button where it is, without waiting for it.
    const button = page.locator(`#actions button[data-index="${i}"]`);
    await button.scrollIntoViewIfNeeded();
    const at = await button.boundingBox();
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    const text = await page.evaluate(() => ($root().getElementById('odds')?.hidden ? '' : $root().getElementById('odds')?.textContent ?? ''));
    if (/attacks/.test(text)) odds += 1;
    const now = await boxes(page);
    check(JSON.stringify(now) === JSON.stringify(before), `hovering action ${i + 1} moves no button of the list`, { before: before.slice(0, 4), now: now.slice(0, 4) });
  }
  check(odds >= attacks.length, `hovering an attack shows its odds in the panel above the list (${odds} of ${attacks.length})`);
  // Hover the first attack, then click the third: the third is the one applied.
  const third = attacks[2];
  const label = (await page.textContent(`#actions button[data-index="${third}"] .label`)) ?? '';
  const first = (await page.textContent(`#actions button[data-index="${attacks[0]}"] .label`)) ?? '';
  await page.hover(`#actions button[data-index="${attacks[0]}"]`);
  await shot('1-odds-hover');
  await page.mouse.move(0, 0);
  const box = await page.locator(`#actions button[data-index="${third}"]`).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await choicesReach(page, s.choices + 1);
  s = await state(page);
  const logged = s.logText.slice(-3).join(' | ');
  check(label !== first && logged.includes(label) && !logged.includes(first),
    `a click after hovering applies the action clicked (the 3rd attack: ${label})`, logged);
}

async function curtainSide(page) {
  return page.evaluate(() => {
    const c = $root().getElementById('curtain');
    return c && !c.hidden ? c.dataset.side : null;
  });
}

async function passCurtain(page) {
  await page.click('#curtain-pass');
  await page.waitForFunction(() => $root().getElementById('curtain').hidden);
}

const undoNote = (page) => page.evaluate(() => ($root().getElementById('undo-note')?.hidden ? '' : $root().getElementById('undo-note')?.textContent ?? ''));

/** Bloody Monday hot-seat: after the French choose and the Russian takes the screen, Undo cannot take back the French choice. */
async function undoKeepsToOwnSide(page, origin, shot) {
  await page.goto(origin + '/');
  await ready(page);
  if (!(await page.isVisible('#start'))) await page.click('#new-game');
  await page.selectOption('#ruleset', 'bloody-monday');
  await page.selectOption('#scenario', 'borodino');
  await page.fill('#seed', '1812');
  await page.click('#start-button');
  await page.waitForSelector('#game:not([hidden])');
  check((await curtainSide(page)) === 'French', 'Bloody Monday hot-seat opens behind the curtain for the French');
  await passCurtain(page);
  // The French pass their impulse (pass, end the move) until the screen is to be handed over.
  const passing = (s) => Math.max(0, s.actions.findIndex((a) => /^(Pass|End)/.test(a.type ?? '')));
  let frenchUndo = false;
  for (let n = 0; n < 12 && !(await curtainSide(page)); n += 1) {
    const s = await state(page);
    await page.click(`#actions button[data-index="${passing(s)}"]`);
    await choicesReach(page, s.choices + 1);
    if (!(await curtainSide(page))) frenchUndo ||= (await state(page)).undoEnabled;
  }
  check(frenchUndo, 'the French may undo their own choices before handing over the screen');
  check((await curtainSide(page)) === 'Russian', 'the French choices hand the screen to the Russian');
  const handed = await state(page);
  await passCurtain(page);
  let s = await state(page);
  check(!s.undoEnabled, 'the Russian, at the screen, cannot undo the French choice', s);
  const note = await undoNote(page);
  check(/French player's/.test(note), `the page says why Undo is off (${note})`, note);
  await shot('2-undo-refused');
  await page.click('#undo', { force: true });
  s = await state(page);
  check(s.choices === handed.choices && (await curtainSide(page)) === null, 'a click on Undo takes back nothing of the French', s.choices);
  // The Russian's own choice may be taken back, and only it.
  await page.click(`#actions button[data-index="${passing(s)}"]`);
  await choicesReach(page, s.choices + 1);
  const after = await state(page);
  if (after.undoEnabled && !(await curtainSide(page))) {
    await page.click('#undo');
    await choicesReach(page, s.choices);
    s = await state(page);
    check(!s.undoEnabled && /French player's/.test(await undoNote(page)), 'undoing the Russian choice stops at the French one', s);
  } else {
    check(false, 'the Russian may undo their own first choice (no die rolled)', after);
  }
}

export default async function player({ page, origin }) {
  const shot = shooter(page, 'player');
  await hoverMovesNothing(page, origin, shot);
  await undoKeepsToOwnSide(page, origin, shot);
}

