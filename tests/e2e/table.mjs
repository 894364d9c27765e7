// Napoleon's Battles on its miniatures table, played as a player would: choose the ruleset on
// the start screen, start Medina de Rioseco, check the table (units as footprints, terrain), end
// the rally step, drag a French unit 3" (applied: its front point moves), drag one far too far
// (the engine's refusal is shown, nothing changes), move one by the keyboard, use a listed action
// (a formation change), measure with the ruler, end the movement step. Screenshots on the desktop
// and on a phone.
import { check, choicesReach, ready, shooter, state } from './lib.mjs';

const SEED = 1808;

async function start(page, origin) {
  await page.goto(origin + '/');
  await ready(page);
  const rulesets = await page.locator('#ruleset option').evaluateAll((os) => os.map((o) => o.value));
  check(rulesets.includes('napoleons-battles'), "the start screen offers Napoleon's Battles", rulesets);
  await page.selectOption('#ruleset', 'napoleons-battles');
  const scenarios = await page.locator('#scenario option').evaluateAll((os) => os.map((o) => o.value));
  check(scenarios.includes('medina-de-rioseco'), 'the start screen offers Medina de Rioseco', scenarios);
  await page.selectOption('#scenario', 'medina-de-rioseco');
  await page.fill('#seed', String(SEED));
  await page.click('#start-button');
  await page.waitForSelector('#game:not([hidden])');
  await page.waitForSelector('#table-board:not([hidden]) svg.nb-table .nb-unit');
}

/** What the table shows. */
function table(page) {
  return page.evaluate(() => ({
    units: $root().querySelectorAll('#table-board .nb-unit').length,
    french: $root().querySelectorAll('#table-board .nb-unit[data-side="French"]').length,
    allied: $root().querySelectorAll('#table-board .nb-unit[data-side="Allied"]').length,
    fronts: $root().querySelectorAll('#table-board .nb-unit .nb-front').length,
    generals: $root().querySelectorAll('#table-board .nb-general').length,
    terrain: [...$root().querySelectorAll('#table-board [data-terrain]')].map((g) => g.dataset.terrain),
    lines: $root().querySelectorAll('#table-board .nb-stream .nb-line, #table-board .nb-road .nb-line').length,
    movable: [...$root().querySelectorAll('#table-board .nb-unit.movable')].map((g) => Number(g.dataset.piece)),
    message: $root().querySelector('#table-board .nb-message')?.classList.contains('empty') ? null : $root().querySelector('#table-board .nb-message')?.textContent ?? null,
  }));
}

function unit(page, id) {
  return page.evaluate((k) => {
    const g = $root().querySelector(`#table-board .nb-unit[data-piece="${k}"]`);
    if (!g) return null;
    const [x, y] = g.dataset.front.split(',').map(Number);
    return { x, y, facing: Number(g.dataset.facing), points: g.querySelector('.nb-body').getAttribute('points') };
  }, id);
}

/** Screen pixels per table inch. */
function pxPerInch(page) {
  return page.evaluate(() => {
    const svg = $root().querySelector('#table-board svg.nb-table');
    return (svg.getBoundingClientRect().width / svg.viewBox.baseVal.width) * 100;
  });
}

async function drag(page, id, dxIn, dyIn) {
  const box = await page.locator(`#table-board .nb-unit[data-piece="${id}"] .nb-body`).boundingBox();
  const scale = await pxPerInch(page);
  const x0 = box.x + box.width / 2;
  const y0 = box.y + box.height / 2;
  const tableTop = () => page.evaluate(() => $root().querySelector('#table-board svg.nb-table').getBoundingClientRect().top);
  const top0 = await tableTop();
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  const steps = 8;
  for (let i = 1; i <= steps; i += 1) await page.mouse.move(x0 + (dxIn * scale * i) / steps, y0 - (dyIn * scale * i) / steps);
  const ghost = await page.evaluate(() => {
    const g = $root().querySelector('#table-board g.nb-ghost');
    const m = $root().querySelector('#table-board .nb-message');
    return { unit: g?.dataset.unit, legal: g?.dataset.legal, cls: g?.getAttribute('class'), words: m?.classList.contains('empty') ? null : m?.textContent, tone: m?.dataset.tone };
  });
  ghost.shifted = (await tableTop()) - top0;
  await page.mouse.up();
  return ghost;
}

export default async function tableSuite({ page, origin }) {
  const shot = shooter(page, 'table');
  await start(page, origin);
  const t = await table(page);
  check(t.units >= 20 && t.french > 0 && t.allied > 0 && t.fronts === t.units, `the table draws the units as footprints with a front edge (${t.french} French, ${t.allied} Allied)`, t);
  check(t.generals > 0, `the generals are drawn (${t.generals})`, t);
  check(['town', 'stream', 'road', 'hill'].every((k) => t.terrain.includes(k)) && t.lines >= 2, 'the terrain is drawn: town, stream, road, hills', t.terrain);
  const status = await page.locator('#status-list').textContent();
  check(/1 of 12/.test(status) && /French/.test(status) && /Rally/.test(status), 'the status shows the turn of turns, the phasing side and the step', status);
  await shot('rally');

  // The rally step: nobody to rally, end it from the buttons beside the prompt.
  let s = await state(page);
  await page.click('#quick button[data-type="EndRally"]');
  await choicesReach(page, s.choices + 1);
  s = await state(page);
  check(/movement/i.test(s.prompt), 'the movement step is the prompt', s.prompt);
  const m = await table(page);
  check(m.movable.includes(0) && m.movable.includes(4), 'the units with a movement template can be dragged', m.movable);

  // Drag F1 3" west (its front): applied, its front point moves about 3".
  const before = await unit(page, 0);
  let ghost = await drag(page, 0, -3, 0);
  check(ghost.unit === '0' && ghost.legal === 'true', 'while dragging, the ghost is the engine-legal colour', ghost);
  const said = /^(\d+\.\d\d)" of (\d+\.\d\d)", (\d+\.\d\d)" left$/.exec(ghost.words ?? '');
  check(said !== null && Number(said[1]) > 2.5 && Number(said[1]) < 3.5 && Math.abs(Number(said[1]) + Number(said[3]) - Number(said[2])) < 0.005 && ghost.tone === 'info', `while dragging, the engine says what the move spends and leaves: ${ghost.words}`, ghost);
  check(ghost.shifted === 0, 'the table does not move under the dragging pointer', ghost);
  await choicesReach(page, s.choices + 1);
  const after = await unit(page, 0);
  const moved = Math.hypot(after.x - before.x, after.y - before.y) / 100;
  check(moved > 2.5 && moved < 3.5 && after.facing === before.facing && after.points !== before.points, `the drag is applied: F1's front moved ${moved.toFixed(2)}" and its footprint with it`, { before, after });
  s = await state(page);
  check(/moves 3\.\d"/.test(s.logText.join('\n')), 'the log says the move', s.lastLog);
  await shot('dragged');

  // Drag F5 20": far beyond its allowance. The engine refuses in its words, nothing changes.
  const f5 = await unit(page, 4);
  ghost = await drag(page, 4, -20, 0);
  check(ghost.legal === 'false' && /illegal/.test(ghost.cls), 'a ghost beyond the allowance is the illegal colour', ghost);
  check(ghost.tone === 'refused' && (ghost.words ?? '').length > 5, `before the drop, the engine says why it would be refused: ${ghost.words}`, ghost);
  await page.waitForSelector('#table-board .nb-message[data-tone="refused"]:not(.empty) > span');
  const refused = await table(page);
  check(/not legal now: illegal action: .+/.test(refused.message ?? ''), 'the engine\'s refusal is shown', refused.message);
  const f5after = await unit(page, 4);
  const s2 = await state(page);
  check(s2.choices === s.choices && f5after.points === f5.points, 'the refused drop changes nothing', { f5, f5after });
  await shot('refused');

  // The keyboard: select F6 (unit 5), two steps west with the arrows, Enter commits.
  const f6 = await unit(page, 5);
  await page.click('#table-board .nb-unit[data-piece="5"] .nb-label', { force: true });
  if (await page.isVisible('#chooser')) await page.keyboard.press('Escape');
  await page.focus('#table-board .nb-unit[data-piece="5"]');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await choicesReach(page, s2.choices + 1);
  const f6after = await unit(page, 5);
  check(f6after.x === f6.x - 200 && f6after.y === f6.y, 'arrow keys move the selected unit 1" a step, Enter commits', { f6, f6after });

  // A general rides: drag the first French general who may 4" north. The engine's words while
  // dragging count the ride against his 24".
  const rider = await page.evaluate(() => {
    const g = $root().querySelector('#table-board .nb-general.movable[data-rider]');
    return g ? { index: g.dataset.rider, id: g.dataset.general, at: g.dataset.at.split(',').map(Number) } : null;
  });
  check(rider !== null, 'the generals who may ride can be dragged', rider);
  {
    const box = await page.locator(`#table-board .nb-general[data-rider="${rider.index}"] circle`).first().boundingBox();
    const scale = await pxPerInch(page);
    const [x0, y0] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    for (let i = 1; i <= 8; i += 1) await page.mouse.move(x0, y0 - (4 * scale * i) / 8);
    const words = await page.evaluate(() => $root().querySelector('#table-board .nb-message')?.textContent ?? '');
    const s3 = await state(page);
    await page.mouse.up();
    check(/^(3\.9\d|4\.\d\d)" ridden, \d+\.\d\d" left of the general's 24"$/.test(words), `while a general is dragged, the engine counts his ride: ${words}`, words);
    await choicesReach(page, s3.choices + 1);
    const at = await page.evaluate((id) => $root().querySelector(`#table-board .nb-general[data-general="${id}"]`)?.dataset.at.split(',').map(Number), rider.id);
    const rode = (at[1] - rider.at[1]) / 100;
    check(Math.abs(rode - 4) < 0.2 && at[0] === rider.at[0], `the general rode ${rode.toFixed(2)}" north`, { rider, at });
  }

  // A listed action: a formation change from the list.
  s = await state(page);
  const change = s.actions.findIndex((a) => a.type === 'ChangeFormation');
  check(change >= 0, 'the list offers formation changes', s.actions.length);
  const label = s.actions[change].label;
  await page.locator('#actions button[data-type="ChangeFormation"]').first().click();
  await choicesReach(page, s.choices + 1);
  s = await state(page);
  check(s.logText.some((l) => /forms/.test(l)), `the listed action is applied (${label})`, s.lastLog);

  // The overlays on demand: every unit's fire arcs, every general's command span (the engine's
  // templates and spans, drawn), and off again.
  const overlays = () =>
    page.evaluate(() => ({
      arcs: new Set([...$root().querySelectorAll('#table-board .nb-arc')].map((p) => p.dataset.arc)).size,
      spans: $root().querySelectorAll('#table-board .nb-span').length,
      pressed: [...$root().querySelectorAll('#table-board .nb-tools button')].map((b) => b.getAttribute('aria-pressed')), // Fire arcs, Command spans, Ruler
    }));
  await page.click('#table-board .nb-tools button:has-text("Fire arcs")');
  await page.click('#table-board .nb-tools button:has-text("Command spans")');
  const on = await overlays();
  check(on.arcs >= 10 && on.spans >= 5 && on.pressed.slice(0, 2).every((p) => p === 'true'), `the fire arcs (${on.arcs} units) and command spans (${on.spans} generals) are drawn on demand`, on);
  await shot('overlays');
  await page.click('#table-board .nb-tools button:has-text("Fire arcs")');
  await page.click('#table-board .nb-tools button:has-text("Command spans")');
  const off = await overlays();
  check(off.spans === 0 && off.arcs <= 1 && off.pressed.slice(0, 2).every((p) => p === 'false'), 'and hidden again (a selected unit keeps its own arc)', off);

  // The ruler: a line measured on the table, and two units measured edge to edge by the engine
  // (S2 and S3, the Spanish lines, which have not moved); nothing is moved or chosen meanwhile.
  const words = () => page.evaluate(() => $root().querySelector('#table-board .nb-message')?.textContent ?? '');
  const chosen = (await state(page)).choices;
  await page.click('#table-board .nb-tools button:has-text("Ruler")');
  const px = await pxPerInch(page);
  const cloth = await page.locator('#table-board .nb-cloth').boundingBox();
  const [rx, ry] = [cloth.x + 20 * px, cloth.y + cloth.height - 2 * px];
  await page.mouse.move(rx, ry);
  await page.mouse.down();
  for (let i = 1; i <= 5; i += 1) await page.mouse.move(rx + i * px, ry);
  await page.mouse.up();
  const line = await words();
  const measured = /^The line: (\d+\.\d\d)"$/.exec(line);
  check(measured && Math.abs(Number(measured[1]) - 5) <= 0.05, `the ruler measures a 5" line: ${line}`, line);
  const centre = async (code) => {
    const b = await page.locator(`#table-board .nb-unit[data-code="${code}"] .nb-body`).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  const gap = await page.evaluate(() => {
    const box = (code) => {
      const ps = $root().querySelector(`#table-board .nb-unit[data-code="${code}"] .nb-body`).getAttribute('points').trim().split(/\s+/).map((p) => p.split(',').map(Number));
      const xs = ps.map((p) => p[0]);
      const ys = ps.map((p) => p[1]);
      return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
    };
    const [a, b] = [box('S2'), box('S3')];
    const dx = Math.max(0, b.x0 - a.x1, a.x0 - b.x1);
    const dy = Math.max(0, b.y0 - a.y1, a.y0 - b.y1);
    return Math.hypot(dx, dy) / 100;
  });
  const [ax, ay] = await centre('S2');
  const [bx, by] = await centre('S3');
  await page.mouse.move(ax, ay);
  await page.mouse.down();
  for (let i = 1; i <= 6; i += 1) await page.mouse.move(ax + ((bx - ax) * i) / 6, ay + ((by - ay) * i) / 6);
  const between = await words();
  await page.mouse.up();
  const edge = /^S2 to S3: (\d+\.\d\d)" edge to edge/.exec(between);
  check(edge && Math.abs(Number(edge[1]) - gap) <= 0.02, `the ruler measures S2 to S3 edge to edge as the engine does: ${between} (the drawn footprints are ${gap.toFixed(2)}" apart)`, between);
  await shot('ruler');
  check((await state(page)).choices === chosen && (await page.$$eval('#table-board g.nb-ghost > *', (n) => n.length)) === 0, 'measuring moved nothing', chosen);
  await page.keyboard.press('Escape');
  await page.click('#table-board .nb-tools button:has-text("Ruler")');
  check((await words()) === '' && (await page.$$eval('#table-board .nb-ruler-layer > *', (n) => n.length)) === 0, 'the ruler put away: its line and words are gone');

  // End the movement step.
  await page.click('#quick button[data-type="EndMovement"]');
  await choicesReach(page, s.choices + 1);
  s = await state(page);
  check(!/movement:/i.test(s.prompt), `the movement step ended: ${s.prompt}`, s.prompt);
  check(!s.error, 'no error is shown', s.error);
  await shot('desktop');
  await shot('desktop-full', true);
  await fireAndMelee(page, origin, shot);
}

const RIOSECO_IDS = ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10', 'F11', 'S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10', 'S11', 'S12', 'S13'];

/** A test position of Rioseco's table with only `units` on it (the engine's public Setup). */
async function openArena(page, origin, fields, units) {
  const named = units.map((u) => u.id);
  const setup = { scenario: 'medina-de-rioseco', ...fields, units, removed: RIOSECO_IDS.filter((i) => !named.includes(i)) };
  await page.goto(`${origin}/?test&ruleset=napoleons-battles#setup=${encodeURIComponent(JSON.stringify(setup))}`);
  await ready(page);
  await page.waitForSelector('#table-board svg.nb-table .nb-unit');
}

/** Fire and melee as a player would: the odds before committing, a click to fire or fight, the dice drawn as dice, the log explaining each roll by its modifier. */
async function fireAndMelee(page, origin, shot) {
  // F2 (French line infantry) 2" from S4, step 7; the d10 will be a 7.
  await openArena(page, origin, { step: 'OffensiveFire', dice: [7] }, [
    { id: 'F2', front: { x: 6000, y: 3000 }, facing: 270 },
    { id: 'S4', front: { x: 5800, y: 3000 }, facing: 90 },
  ]);
  let s = await state(page);
  const odds = await page.evaluate(() =>
    [...$root().querySelectorAll('#actions button[data-type="Fire"]')].map((b) => [...b.querySelectorAll('.odds-seg')].reduce((n, e) => n + Number(e.dataset.count), 0)));
  check(odds.length === 1 && odds[0] === 10, `the fire's odds are shown before it is chosen, in tenths (${odds})`, odds);
  await page.click('#table-board .nb-unit[data-code="F2"] .nb-label', { force: true });
  if (await page.isVisible('#chooser')) await page.keyboard.press('Escape');
  const target = await page.evaluate(() => $root().querySelector('#table-board .nb-unit[data-code="S4"]')?.classList.contains('target'));
  check(target, 'clicking the firer marks its target on the table');
  const covered = await page.evaluate(() => {
    const card = $root().querySelector('#hover-card');
    if (!card || card.hidden) return false;
    const c = card.getBoundingClientRect();
    return [...$root().querySelectorAll('#board-area .target')].some((t) => {
      const r = t.getBoundingClientRect();
      return c.left < r.right && c.right > r.left && c.top < r.bottom && c.bottom > r.top;
    });
  });
  check(!covered, "the firer's card, if open, covers none of the targets the click marked");
  await page.click('#table-board .nb-unit[data-code="S4"] .nb-label', { force: true });
  await choicesReach(page, s.choices + 1);
  s = await state(page);
  check((await page.locator('#dice .die[data-value="7"]').count()) === 1, "clicking the target fires: the d10 is drawn as a die showing 7");
  check(s.logText.some((l) => /fire of .*\(\+0\): 7/.test(l)), 'the log explains the roll by its modifier (+0) and total', s.lastLog);
  await shot('fire');
  // Melee (step 8): F6 charged S4; 5 + 3 against 8 − 3: three hits, S4 withdraws, F6 bounces.
  await openArena(page, origin, { step: 'Melee', dice: [5, 8, 9, 1] }, [
    { id: 'F6', front: { x: 6000, y: 3000 }, facing: 270, charged: true },
    { id: 'S4', front: { x: 6000, y: 3000 }, facing: 90 },
  ]);
  s = await state(page);
  check(s.actions.some((a) => a.type === 'Fight'), `the melee is offered (${s.actions.map((a) => a.label).join(' | ')})`, s.actions);
  const meleeOdds = await page.evaluate(() =>
    [...$root().querySelectorAll('#actions button[data-type="Fight"]')].map((b) => ({
      total: [...b.querySelectorAll('.odds-seg')].reduce((n, e) => n + Number(e.dataset.count), 0),
      title: b.title,
    })));
  check(meleeOdds.length === 1 && meleeOdds[0].total === 100, `the melee's odds are shown before it is fought, in hundredths of two d10 (${meleeOdds[0]?.title})`, meleeOdds);
  await page.click('#table-board .nb-unit[data-code="F6"] .nb-label', { force: true });
  if (await page.isVisible('#chooser')) await page.click('#chooser button[data-type="Fight"]');
  await choicesReach(page, s.choices + 1);
  s = await state(page);
  const dice = await page.locator('#dice .die').evaluateAll((ds) => ds.map((d) => Number(d.dataset.value)));
  check(dice.includes(5) && dice.includes(8), `clicking the unit fights: the melee dice are drawn (${dice})`, dice);
  check(s.logText.some((l) => /French melee \(\+3\): 8/.test(l)) && s.logText.some((l) => /Allied melee \(-3\): 5/.test(l)), 'the log gives each side\'s melee roll with its modifier', s.logText.slice(-8));
  check(s.logText.some((l) => /\(S4\) withdraws/.test(l)) && s.logText.some((l) => /\(S4\) goes 6\.0" to/.test(l)), 'and the withdrawal: S4 goes 6" back (the engine measures it)', s.logText.slice(-8));
  const rolled = await page.locator('#dice li, #dice .die-row, #dice > *').evaluateAll((rs) => rs.map((r) => r.textContent.trim()));
  check(rolled.some((t) => /French roll 5 for French melee/.test(t)) && rolled.some((t) => /Allied roll 8 for Allied melee/.test(t)), `each die is credited to the side that rolled it (${rolled.slice(0, 2).join(' / ')})`, rolled);
  await shot('melee');
}

/** The table on a phone (390x844, touch): drawn, a unit selected by a tap, the steps' buttons. */
export async function tablePhone({ page, origin }) {
  const shot = shooter(page, 'table-phone');
  await start(page, origin);
  const t = await table(page);
  check(t.units >= 20 && t.terrain.length > 5, 'the table is drawn on a phone', t);
  const s = await state(page);
  await page.tap('#quick button[data-type="EndRally"]');
  await choicesReach(page, s.choices + 1);
  await page.tap('#table-board .nb-unit[data-piece="0"] .nb-label', { force: true });
  if (await page.isVisible('#chooser')) await page.keyboard.press('Escape');
  const ghost = await page.evaluate(() => $root().querySelector('#table-board g.nb-ghost')?.dataset.unit ?? null);
  check(ghost === '0', 'a tap selects a unit to move (its ghost is drawn)', ghost);
  // A finger drags F1 west: touch events, as a phone sends them.
  const before = await unit(page, 0);
  const box = await page.locator('#table-board .nb-unit[data-piece="0"] .nb-body').boundingBox();
  const scale = await pxPerInch(page);
  const [x0, y0] = [box.x + box.width / 2, box.y + box.height / 2];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y: y0 }] });
  for (let i = 1; i <= 8; i += 1) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 - (2 * scale * i) / 8, y: y0 }] });
  const words = await page.evaluate(() => $root().querySelector('#table-board .nb-message')?.textContent ?? '');
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  check(/" left$/.test(words), `while a finger drags, the engine says what is spent and left: ${words}`, words);
  await choicesReach(page, s.choices + 2);
  const after = await unit(page, 0);
  const moved = (before.x - after.x) / 100;
  check(moved > 1.5 && moved < 2.5 && after.y === before.y, `a touch drag moves the unit: F1's front went ${moved.toFixed(2)}" west`, { before, after });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 390, 'the page does not scroll sideways on a phone', width);
  await shot('movement');
  await shot('full', true);
}
