// Getting into a game (issue 15): Bailén's free deployment placed in a few clicks ("place the
// rest automatically" and "historically", each step's counters by the engine's prompt), then a
// placed counter lifted by a click and placed on another hex, and the step confirmed before
// the other side decides; the "Rule:" line and the note; Bloody Monday's map readable: no place name
// overlaps another or leaves the map, the zoom buttons off the map, hidden blocks that stand out
// against the terrain beneath (WCAG contrast, colord), at desktop and phone sizes.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import { ROOT, check, choicesReach, ready, shooter, startBailen, state } from './lib.mjs';

extend([a11yPlugin]);

/** The engine's prompt as the page shows it: its side, whether it is a placement, its units. */
function deployment(page) {
  return page.evaluate(() => ({
    prompt: $root().getElementById('prompt').textContent,
    side: $root().getElementById('prompt-side').textContent,
    deploys: [...$root().querySelectorAll('#actions button')].filter((b) => b.dataset.type === 'Deploy').length,
    confirm: [...$root().querySelectorAll('#actions button')].filter((b) => b.dataset.type === 'ConfirmDeployment').map((b) => b.textContent),
    shortcuts: [...$root().querySelectorAll('#quick button[data-shortcut]')].map((b) => b.dataset.shortcut),
  }));
}

/** Click a shortcut; wait for the engine to have `to` choices. Checks the page redrew the prompt
 * once for the whole batch (each placement's redraw would rewrite it: the counter named changes). */
async function shortcut(page, key, to) {
  await page.evaluate(() => {
    window.__promptWrites = 0;
    window.__promptObserver?.disconnect();
    window.__promptObserver = new MutationObserver((records) => (window.__promptWrites += records.length));
    window.__promptObserver.observe($root().getElementById('prompt'), { childList: true, characterData: true, subtree: true });
  });
  const t0 = Date.now();
  await page.click(`#quick button[data-shortcut="${key}"]`);
  await choicesReach(page, to);
  const ms = Date.now() - t0;
  const writes = await page.evaluate(() => window.__promptWrites);
  check(writes === 1, `"${key}" up to choice ${to}: one redraw of the prompt for the whole batch`, writes);
  return ms;
}

async function bailen(page, origin) {
  const shot = shooter(page, 'deploy');
  const scenario = JSON.parse(await readFile(path.join(ROOT, 'scenarios/bailen.json'), 'utf8'));
  const formations = new Map(scenario.formations.map((f) => [f.name, f]));

  // ---- Automatic: three clicks for the three steps of Game Setup --------------------------------
  await startBailen(page, origin, 1808, { historical: false });
  let d = await deployment(page);
  check(/Game setup/.test(d.prompt) && d.side === 'Spanish' && d.deploys > 10, 'free deployment starts with the Spanish placing Venegas\'s counters', d);
  check(d.shortcuts.includes('auto') && d.shortcuts.includes('historical'), 'the page offers to place the rest automatically or historically', d.shortcuts);
  const rule = await page.evaluate(() => ({
    summary: $root().querySelector('#prompt-rule:not([hidden]) summary')?.textContent ?? '',
    text: $root().querySelector('#prompt-rule p')?.textContent ?? '',
    note: $root().querySelector('#prompt-note:not([hidden])')?.textContent ?? '',
    legend: $root().querySelector('#board .legend')?.textContent ?? '',
  }));
  check(rule.summary === 'Rule: Game Setup' && /lettered V/.test(rule.text), 'the prompt cites its rule (Game Setup) with a sentence', rule);
  await page.click('#prompt-rule summary');
  check(await page.isVisible('#prompt-rule p'), 'the rule line opens to its sentence');
  check(/lift it/.test(rule.note) && /Confirm the deployment/.test(rule.note) && /Undo/.test(rule.note),
    'the page says a placed counter can be lifted and placed again until the deployment is confirmed, and Undo takes placements back', rule.note);
  check(/V Venegas, R Reding, C Coupigny/.test(rule.legend), 'the map legend says what the letters after the hex numbers mean', rule.legend);

  // One counter placed by hand, then clicked: it is lifted (unplaced, the prompt names it
  // again); Undo takes the lift and the placement back.
  let s = await state(page);
  await page.click(`.l-hl .hl.on[data-hex="${s.highlighted[0]}"]`);
  await choicesReach(page, 1);
  s = await state(page);
  const [first] = Object.keys(s.pieces);
  check(s.selectable.includes(Number(first)), 'the placed counter can be clicked (it is marked selectable)', s.selectable);
  await page.click(`.l-pieces .piece[data-unit="${first}"]`);
  await choicesReach(page, 2);
  s = await state(page);
  check(!(first in s.pieces) && s.highlighted.length > 0 && /lifted/.test(s.lastLog), `a click on a placed counter lifts it: off the map, its hexes lit again (${s.lastLog})`, s.pieces);
  await page.click('#undo');
  await choicesReach(page, 1);
  await page.click('#undo');
  await choicesReach(page, 0);
  check(Object.keys((await state(page)).pieces).length === 0, 'Undo takes the lift and the placement back');

  const venegasMs = await shortcut(page, 'auto', 15);
  d = await deployment(page);
  s = await state(page);
  const placedV = Object.keys(s.pieces).length;
  check(d.side === 'Spanish' && /confirm the deployment/.test(d.prompt) && placedV === 15 && d.confirm.join() === 'Confirm the deployment' && d.shortcuts.length === 0,
    `one click placed Venegas's 15 counters (${venegasMs} ms); the Spanish still decide: confirm, or lift one`, { d, placedV });
  check(s.log >= 15, 'each placement is in the log', s.log);

  // Lift one by clicking it, place it on another legal hex, then confirm.
  const mover = Object.keys(s.pieces)[3];
  const from = s.pieces[mover];
  await page.click(`.l-pieces .piece[data-unit="${mover}"]`);
  await choicesReach(page, 16);
  s = await state(page);
  const to = s.highlighted.find((h) => h !== from);
  check(!(mover in s.pieces) && s.highlighted.includes(from) && !!to, `the auto-placed counter at ${from} is lifted; its zone's free hexes are lit (${s.highlighted.length})`, s.highlighted.length);
  await shot('1-lifted');
  await page.click(`.l-hl .hl.on[data-hex="${to}"]`);
  await choicesReach(page, 17);
  s = await state(page);
  d = await deployment(page);
  check(s.pieces[mover] === to && d.side === 'Spanish' && d.confirm.length === 1, `placed again at ${to} (from ${from}); the Spanish are asked to confirm again`, { piece: s.pieces[mover], d });
  await page.click('#actions button[data-type="ConfirmDeployment"]');
  await choicesReach(page, 18);
  d = await deployment(page);
  check(d.side === 'French' && /Game setup/.test(d.prompt) && d.deploys > 10, 'after the confirmation, and only then, the French place', d);

  const frenchMs = await shortcut(page, 'auto', 62);
  d = await deployment(page);
  check(d.side === 'French' && d.confirm.length === 1, `one click placed the 44 French (${frenchMs} ms); the French confirm`, d);
  await shot('2-french-confirm');
  await page.click('#actions button[data-type="ConfirmDeployment"]');
  await choicesReach(page, 63);
  d = await deployment(page);
  check(d.side === 'Spanish' && /Game setup/.test(d.prompt), 'the Spanish place Reding and Coupigny next', d);
  const lastMs = await shortcut(page, 'auto', 107);
  await page.click('#actions button[data-type="ConfirmDeployment"]');
  await choicesReach(page, 108);
  d = await deployment(page);
  s = await state(page);
  check(!/Game setup/.test(d.prompt) && d.deploys === 0 && d.confirm.length === 0 && d.shortcuts.length === 0,
    `103 placements in three clicks (${lastMs} ms for the last 44), a lift and three confirmations: the engine asks for the next step: ${d.prompt}`, d);
  check(Object.keys(s.pieces).length === 103 && s.pieces[mover] === to, 'the 103 counters of Game Setup are on the map, the moved one where it was placed again', Object.keys(s.pieces).length);
  await shot('3-auto-done');

  // ---- Historical: every counter on its historical hex ------------------------------------------
  await startBailen(page, origin, 1809, { historical: false });
  const confirm = async (n) => {
    await page.click('#actions button[data-type="ConfirmDeployment"]');
    await choicesReach(page, n);
  };
  await shortcut(page, 'historical', 15);
  await confirm(16);
  await shortcut(page, 'historical', 60);
  await confirm(61);
  await shot('4-historical-french');
  await shortcut(page, 'historical', 105);
  await confirm(106);
  d = await deployment(page);
  s = await state(page);
  const wrong = scenario.counters
    .map((c, unit) => ({ c, unit }))
    .filter(({ c }) => c.historical && formations.get(c.formation)?.deploy !== 'reinforcement')
    .filter(({ c, unit }) => s.pieces[unit] !== c.historical);
  check(!/Game setup/.test(d.prompt) && d.deploys === 0, `three clicks and three confirmations place everyone historically; the engine asks for the next step: ${d.prompt}`, d);
  check(wrong.length === 0 && Object.keys(s.pieces).length === 103, 'every counter stands on its historical hex', wrong.slice(0, 5).map((w) => [w.c.id, w.c.historical, s.pieces[w.unit]]));
  const next = await page.evaluate(() => $root().querySelector('#prompt-rule:not([hidden]) summary')?.textContent ?? '');
  check(/^Rule: /.test(next) && next !== 'Rule: Game Setup', `the next prompt cites its own rule (${next})`);
}

/** Start Borodino and pass the curtain to the French. */
async function startBorodino(page, origin) {
  await page.goto(origin + '/');
  await ready(page);
  if (!(await page.isVisible('#start'))) await page.click('#new-game');
  await page.selectOption('#ruleset', 'bloody-monday');
  await page.selectOption('#scenario', 'borodino');
  await page.fill('#seed', '1812');
  await page.click('#start-button');
  await page.waitForSelector('#game:not([hidden])');
  if (await page.isVisible('#curtain-pass')) await page.click('#curtain-pass');
  await page.waitForSelector('#area-board .bm-block');
}

/** The map's readability as measured in the page. */
function mapFacts(page) {
  return page.evaluate(() => {
    const svg = $root().querySelector('#area-board svg.bm-map');
    const map = svg.querySelector(':scope > rect').getBBox();
    const names = [...svg.querySelectorAll('.bm-name')].map((t) => {
      const b = t.getBBox();
      return { name: t.textContent, x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height };
    });
    const overlaps = [];
    for (let i = 0; i < names.length; i += 1)
      for (let j = i + 1; j < names.length; j += 1) {
        const a = names[i];
        const b = names[j];
        if (a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1) overlaps.push([a.name, b.name]);
      }
    const outside = names.filter((n) => n.x0 < map.x || n.y0 < map.y || n.x1 > map.x + map.width || n.y1 > map.y + map.height).map((n) => n.name);
    // The map as drawn on the screen: the map's rectangle within the scrolling box.
    const r = svg.querySelector(':scope > rect').getBoundingClientRect();
    const box = $root().getElementById('area-board').getBoundingClientRect();
    const drawn = { x0: Math.max(r.left, box.left), y0: Math.max(r.top, box.top), x1: Math.min(r.right, box.right), y1: Math.min(r.bottom, box.bottom) };
    const buttons = [...$root().querySelectorAll('#zoom-controls button')].map((b) => b.getBoundingClientRect());
    const covered = buttons.filter((b) => b.width > 0 && b.left < drawn.x1 && drawn.x0 < b.right && b.top < drawn.y1 && drawn.y0 < b.bottom).length;
    const named = svg.querySelectorAll('.bm-name').length;
    // A shortened name keeps the full one as its title.
    const short = [...svg.querySelectorAll('.bm-name.short')].map((t) => ({ shown: [...t.querySelectorAll('tspan')].map((x) => x.textContent).join(' '), title: t.querySelector('title')?.textContent ?? '' }));
    // Each hidden block's fill and what lies beneath it: its area's terrain under the control tint.
    const blocks = [...svg.querySelectorAll('.bm-block.hidden')].map((g) => {
      const area = svg.querySelector(`.bm-area[data-key="${g.dataset.area}"]`);
      const control = area.querySelector('.bm-control');
      return {
        block: g.querySelector('rect').getAttribute('fill'),
        terrain: area.querySelector('.bm-fill').getAttribute('fill'),
        tint: control.getAttribute('fill'),
        tintOpacity: Number(getComputedStyle(control).opacity),
        area: g.dataset.area,
      };
    });
    return { names, overlaps, outside, drawn, buttons: buttons.length, covered, named, short, blocks };
  });
}

/** `over` at `alpha` over `under`, as the browser paints it. */
function composite(under, over, alpha) {
  if (over === 'none') return colord(under);
  const a = colord(under).toRgb();
  const b = colord(over).toRgb();
  const mix = (k) => Math.round(a[k] * (1 - alpha) + b[k] * alpha);
  return colord({ r: mix('r'), g: mix('g'), b: mix('b') });
}

async function borodino(page, label) {
  const shot = shooter(page, 'deploy');
  const scenario = JSON.parse(await readFile(path.join(ROOT, 'scenarios/bloody_monday.json'), 'utf8'));
  const named = scenario.areas.filter((a) => a.victory_name ?? a.name).length;
  const f = await mapFacts(page);
  check(f.named === named, `${label}: every area's place name is drawn (${f.named} of ${named}), ${f.short.length} shortened`, f.named);
  check(f.short.every((n) => n.title.length > n.shown.length - 1 && /…$/.test(n.shown)), `${label}: a shortened name ends in "…" and keeps the full name as its title`, f.short);
  check(f.overlaps.length === 0, `${label}: no two place names overlap (${f.names.length} boxes)`, f.overlaps);
  check(f.outside.length === 0, `${label}: no place name leaves the map`, f.outside);
  check(f.buttons === 3 && f.covered === 0, `${label}: the zoom buttons lie off the map`, f);
  const worst = f.blocks
    .map((b) => ({ ...b, ratio: colord(b.block).contrast(composite(b.terrain, b.tint, b.tintOpacity)) }))
    .sort((a, b) => a.ratio - b.ratio)[0];
  check(f.blocks.length > 20 && worst.ratio >= 3, `${label}: every hidden block stands out against its area (lowest contrast ${worst?.ratio.toFixed(2)}:1, area ${worst?.area})`, worst);
  await shot(`5-borodino-${label}`);
  // Zoomed in and scrolled to the far corner: the buttons still cover none of the map.
  await page.click('#zoom-in');
  await page.click('#zoom-in');
  await page.evaluate(() => {
    const box = $root().getElementById('area-board');
    box.scrollTo(box.scrollWidth, 0);
  });
  const z = await mapFacts(page);
  check(z.covered === 0, `${label}: zoomed in and scrolled right, the zoom buttons still lie off the map`, z);
  await shot(`6-borodino-${label}-zoomed`);
  await page.click('#zoom-fit');
}

export default async function deploy({ page, origin }) {
  await bailen(page, origin);
  await startBorodino(page, origin);
  await borodino(page, 'desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await borodino(page, 'phone');
}
