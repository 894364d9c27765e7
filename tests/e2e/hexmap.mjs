// The Bailén hex map as a player meets it, on a desktop (1366x900) and on a phone (390x844, touch):
// it opens zoomed in on the decision (counters legible, tap targets of 40 px or more, no empty
// band), a finger drags it and two pinch it, the wheel and the buttons zoom about the pointer or
// the selected counter, a tap opens a card that closes (its button, Escape, a tap elsewhere); and
// the keyboard: one Tab stop for the map, arrows between the decision's pieces and hexes, Enter
// chooses, and the focus stays on the decision after Start, a choice and Undo; A lets the arrows
// reach every counter (both sides) with its card. Counter names are legible at the opening zoom,
// and the whole-map view on a phone fills the map's box with no empty band.
import { check, choicesReach, ready, shooter, state } from './lib.mjs';
import { COMBAT_SETUP } from './board.mjs';

const F = (n) => n - 1;
const S = (n) => 66 + n;

/** The focused element, as a test reads it: is it one of the map's spots of the decision? */
function focus(page) {
  return page.evaluate(() => {
    const a = $root().activeElement;
    const r = a?.getBoundingClientRect();
    const ring = $root().querySelector('.focus-ring');
    const rr = ring && ring.style.display !== 'none' ? ring.getBoundingClientRect() : null;
    return {
      inMap: !!a && $root().getElementById('board').contains(a),
      spot: !!a && a.matches('.hl.on, .piece.is-selectable, .piece.is-target, .piece.is-selected'),
      key: a?.dataset?.unit !== undefined ? `u${a.dataset.unit}` : a?.dataset?.hex ? `h${a.dataset.hex}` : a?.id ?? a?.tagName ?? '',
      tabStops: $root().querySelectorAll('#board [tabindex="0"]').length + ($root().getElementById('board').tabIndex === 0 ? 1 : 0),
      centre: r ? [r.x + r.width / 2, r.y + r.height / 2] : null,
      ring: rr && r ? rr.left <= r.left + 1 && rr.right >= r.right - 1 && rr.top <= r.top + 1 && rr.bottom >= r.bottom - 1 : false,
      scrollY: window.scrollY,
    };
  });
}

/** The screen box of an element (null when it is not drawn). */
async function box(page, selector) {
  return page.locator(selector).first().boundingBox();
}

const centreOf = (b) => [b.x + b.width / 2, b.y + b.height / 2];

/**
 * The counters' names on the screen (inside the board's box): the smallest rendered font size (the
 * computed font size times the screen pixels per board unit) and the names wider than their counter.
 */
function names(page) {
  return page.evaluate(() => {
    const area = $root().getElementById('board').getBoundingClientRect();
    const list = [];
    for (const t of $root().querySelectorAll('.l-pieces .piece .c-name')) {
      const r = t.getBoundingClientRect();
      if (r.width === 0 || r.left < area.left || r.right > area.right || r.top < area.top || r.bottom > area.bottom) continue;
      const body = t.closest('.piece').querySelector('.c-body').getBoundingClientRect();
      const px = parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a;
      list.push({ text: t.textContent, px, width: r.width, room: body.width });
    }
    const smallest = list.reduce((a, b) => (b.px < a.px ? b : a), list[0]);
    return { count: list.length, smallest, wide: list.filter((n) => n.width > n.room + 0.5) };
  });
}

/** The map's view: its viewBox, the whole map's size and its zoom data. */
function view(page) {
  return page.evaluate(() => {
    const svg = $root().querySelector('.hexmap');
    const [x, y, w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
    const bg = svg.querySelector('.map-bg');
    return { x, y, w, h, mapW: Number(bg.getAttribute('width')), mapH: Number(bg.getAttribute('height')), zoom: Number(svg.dataset.zoom), scale: Number(svg.dataset.scale) };
  });
}

async function startBailen(page, origin, seed = 1808) {
  await page.goto(origin + '/');
  await ready(page);
  await page.fill('#seed', String(seed));
}

/** Desktop: the opening zoom, the wheel and the buttons, and the keyboard. */
export default async function hexmap({ page, origin }) {
  const shot = shooter(page, 'hexmap');
  await startBailen(page, origin);
  // Start by the keyboard: the focus lands on the decision, on the map.
  await page.focus('#start-button');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#game:not([hidden]) .l-hl .hl.on');
  let f = await focus(page);
  check(f.inMap && f.spot, `after Start the focus is on the decision, a highlighted hex of the map (${f.key})`, f);
  check(f.tabStops === 1, `the map is one Tab stop (${f.tabStops} elements with tabindex 0)`, f);
  check(f.ring, 'the focused hex has the focus ring drawn around it');
  check(f.scrollY === 0, 'and the page did not scroll');
  const keys = () => page.evaluate(() => {
    const note = $root().querySelector('#board .map-keys');
    return note && !note.hidden && note.checkVisibility() ? note.textContent : null;
  });
  let note = await keys();
  check(/A: every counter/.test(note ?? ''), `the map's keys are shown over its corner while the keyboard is on it ("${note}")`);
  // From the header, a few Tabs reach the map.
  await page.focus('#new-game');
  let tabs = 0;
  for (; tabs < 20 && !(await focus(page)).inMap; tabs += 1) await page.keyboard.press('Tab');
  check(tabs <= 5, `from the header's first button, ${tabs} Tab(s) reach the map`);
  await page.keyboard.press('Tab');
  check(!(await focus(page)).inMap, 'one more Tab leaves the map (a single Tab stop)');
  await page.keyboard.press('Shift+Tab');
  f = await focus(page);
  check(f.inMap && f.spot, 'Shift+Tab comes back to the same decision spot', f);

  // Arrows move between the decision's highlighted hexes.
  const seen = new Set([f.key]);
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'ArrowDown']) {
    await page.keyboard.press(key);
    const g = await focus(page);
    check(g.inMap && g.spot && g.ring, `${key} moves the focus to another highlighted hex (${g.key})`, g);
    seen.add(g.key);
  }
  check(seen.size >= 4, `the arrows visit several of them (${seen.size})`);
  const vbBefore = await page.getAttribute('.hexmap', 'viewBox');
  const at = (await focus(page)).key;
  await page.keyboard.press('Shift+ArrowLeft');
  check((await page.getAttribute('.hexmap', 'viewBox')) !== vbBefore && (await focus(page)).key === at, 'Shift+arrow pans the map, the focus stays');
  await page.keyboard.press('Shift+ArrowRight');
  // Enter deploys the counter on the focused hex: the engine's prompt moves on.
  let s = await state(page);
  f = await focus(page);
  await page.keyboard.press('Enter');
  await choicesReach(page, s.choices + 1);
  let after = await state(page);
  check(after.prompt !== s.prompt, `Enter chooses: the prompt changed (${after.prompt})`, [s.prompt, after.prompt]);
  check(Object.values(after.pieces).includes(f.key.slice(1)), `a counter stands on the chosen hex ${f.key.slice(1)}`);
  let g = await focus(page);
  check(g.inMap && g.spot && g.key !== f.key && g.scrollY === 0, `the focus is on the next decision's hex (${g.key}), no page scroll`, g);
  // Undo (a mouse click on the side panel's button): the focus comes back to the decision.
  await page.click('#undo');
  await choicesReach(page, s.choices);
  g = await focus(page);
  check(g.inMap && g.spot, `after Undo the focus is on the decision again (${g.key})`, g);
  check((await keys()) === null, 'after a click the keys are not shown over the map');

  // The opening zoom: factors readable. Counters are drawn at the next decision with counters.
  await page.goto(`${origin}/?test#setup=${encodeURIComponent(JSON.stringify(COMBAT_SETUP))}`);
  await ready(page);
  const body = await box(page, `.piece[data-unit="${F(32)}"] .c-body`);
  check(body && body.width >= 28, `at the opening view a counter is ${body?.width.toFixed(0)} px wide (>= 28: factors readable)`, body);
  check(await page.locator(`.piece[data-unit="${F(32)}"] .c-text`).isVisible(), "and its factors are drawn");
  const area = await box(page, '#board');
  const inside = (b) => b.x >= area.x && b.y >= area.y && b.x + b.width <= area.x + area.width && b.y + b.height <= area.y + area.height;
  check(inside(body), 'the decision\'s counter is on the screen at the opening view');
  // The counters' names are legible there: 10 screen pixels or more, each within its counter.
  const n = await names(page);
  check(n.count >= 3 && n.smallest.px >= 10, `at the opening view ${n.count} counter names are drawn, the smallest at ${n.smallest?.px.toFixed(1)} px ("${n.smallest?.text}")`, n.smallest);
  check(n.wide.length === 0, 'each name fits its counter\'s width', n.wide);
  await shot('1-opening');

  // Wheel zoom: the point under the pointer stays under it.
  const v0 = await view(page);
  const p = [area.x + area.width * 0.4, area.y + area.height * 0.55];
  const boardPoint = (v, [x, y]) => [v.x + ((x - area.x) * v.w) / area.width, v.y + ((y - area.y) * v.h) / area.height];
  const screenPoint = (v, [bx, by]) => [area.x + ((bx - v.x) * area.width) / v.w, area.y + ((by - v.y) * area.height) / v.h];
  const under = boardPoint(v0, p);
  await page.mouse.move(p[0], p[1]);
  await page.mouse.wheel(0, -300);
  await page.waitForFunction((z) => Number($root().querySelector('.hexmap').dataset.zoom) > z, v0.zoom);
  const v1 = await view(page);
  const moved = screenPoint(v1, under);
  const drift = Math.hypot(moved[0] - p[0], moved[1] - p[1]);
  check(drift <= 3, `the wheel zooms (${v0.zoom} -> ${v1.zoom}) about the pointer: the point under it moved ${drift.toFixed(1)} px`);

  // The zoom buttons zoom about the selected counter.
  await page.click(`.piece[data-unit="${F(32)}"]`);
  check((await state(page)).selected === String(F(32)), 'a click selects the attacker');
  const c0 = centreOf(await box(page, `.piece[data-unit="${F(32)}"] .c-body`));
  await page.click('#zoom-out');
  await page.click('#zoom-out');
  const c1 = centreOf(await box(page, `.piece[data-unit="${F(32)}"] .c-body`));
  const v2 = await view(page);
  const shift = Math.hypot(c1[0] - c0[0], c1[1] - c0[1]);
  check(v2.zoom < v1.zoom && shift <= 3, `the − button zooms (${v1.zoom} -> ${v2.zoom}) about the selected counter: it moved ${shift.toFixed(1)} px`);

  // The keyboard on a decision of counters: arrows between the selected attacker and its targets.
  await page.keyboard.press('Shift');
  await page.focus(`.piece[data-unit="${F(32)}"]`);
  const visited = new Set();
  for (let i = 0; i < 3; i += 1) {
    await page.keyboard.press('ArrowDown');
    g = await focus(page);
    visited.add(g.key);
    check(g.spot, `ArrowDown moves among the attacker and its targets (${g.key})`, g);
  }
  check(visited.has(`u${S(7)}`) || visited.has(`u${S(27)}`), `a target is reached by the arrows (${[...visited]})`);
  for (let i = 0; i < 8 && (await focus(page)).key !== `u${S(7)}`; i += 1) await page.keyboard.press('ArrowRight');
  check((await focus(page)).key === `u${S(7)}`, 'ArrowRight reaches the target Tercio de Tejas');
  check(/Defence factor/.test(await page.locator('#hover-card').innerText()), 'a counter reached by the keyboard shows its card');
  s = await state(page);
  await page.keyboard.press('Enter');
  await choicesReach(page, s.choices + 1);
  after = await state(page);
  check(after.pieces[S(7)] === undefined && /Advance/.test(after.prompt), `Enter on a target attacks it (${after.prompt})`);
  g = await focus(page);
  check(g.inMap && g.spot && g.key === 'h2416', `the focus moves to the advance's hex (${g.key})`, g);
  // A choice by a button beside the map (the button is gone after it): the focus goes to the map's decision.
  s = await state(page);
  await page.focus('#quick button[data-type="NoAdvance"]');
  await page.keyboard.press('Enter');
  await choicesReach(page, s.choices + 1);
  g = await focus(page);
  check(g.inMap && g.spot, `after "No advance" by the keyboard the focus is on the next decision (${g.key}: ${(await state(page)).prompt})`, g);
  await shot('2-keyboard');

  // A: the arrows reach every counter, the other side's too, each with its card; A or Escape
  // comes back to the decision, and the map stays one Tab stop.
  const decision = (await focus(page)).key;
  s = await state(page);
  await page.keyboard.press('a');
  g = await focus(page);
  check(g.inMap && /^u/.test(g.key) && g.ring && g.tabStops === 1, `A puts the focus on a counter (${g.key}), ringed, still one Tab stop`, g);
  note = await keys();
  check(/back to the decision/.test(note ?? ''), `the map says how to come back to the decision ("${note}")`);
  // A counter's label: "<name>, <side> <kind>, at <hex>".
  const SIDE = /, (French|Spanish) /;
  const side = await page.evaluate((re) => $root().querySelector('.piece.is-selectable, .piece.is-selected')?.getAttribute('aria-label').match(new RegExp(re))?.[1] ?? '', SIDE.source);
  const reached = async () =>
    page.evaluate(([own, re]) => {
      const a = $root().activeElement;
      const label = a?.getAttribute('aria-label') ?? '';
      const notChoice = !!a?.matches('.piece:not(.is-selectable):not(.is-target):not(.is-selected)');
      const theirs = label.match(new RegExp(re))?.[1];
      return notChoice && !!own && !!theirs && theirs !== own ? label : null;
    }, [side, SIDE.source]);
  let enemy = await reached();
  for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp']) {
    for (let i = 0; i < 12 && !enemy; i += 1) {
      await page.keyboard.press(key);
      enemy = await reached();
    }
  }
  check(!!enemy, `the arrows reach a counter of the other side that is no choice (${enemy}; the deciding side is ${side})`);
  const card = (await page.locator('#hover-card').innerText()).replace(/\s+/g, ' ');
  const enemyName = enemy ? enemy.slice(0, enemy.search(SIDE)) : '?';
  check(card.includes(enemyName) && /Defence factor/.test(card), `its card is shown, with its name "${enemyName}" (${card.slice(0, 70)}…)`);
  check((await focus(page)).tabStops === 1, 'the map is still one Tab stop');
  await shot('3-all-counters');
  await page.keyboard.press('Enter');
  check((await state(page)).choices === s.choices && (await state(page)).selected === s.selected, 'Enter on it chooses nothing and keeps the selection');
  await page.keyboard.press('Escape');
  g = await focus(page);
  check(g.inMap && g.spot && g.key === decision && (await state(page)).selected === s.selected, `Escape comes back to the decision (${g.key}), the selection kept`, g);
  check(/A: every counter/.test((await keys()) ?? ''), "and its keys are the decision's again");
  await page.keyboard.press('a');
  await page.keyboard.press('a');
  g = await focus(page);
  check(g.inMap && g.spot && g.key === decision, `A twice comes back to the decision too (${g.key})`, g);
  // Tabbing away while browsing: the map's Tab stop is the decision's again.
  await page.keyboard.press('a');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  g = await focus(page);
  check(g.inMap && g.spot && g.key === decision, `Tab away and Shift+Tab back lands on the decision (${g.key})`, g);
}

/** A one-finger drag from (x, y) by (dx, dy), as a phone sends it. */
async function drag(cdp, x, y, dx, dy, steps = 8) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 1 }] });
  for (let i = 1; i <= steps; i += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / steps, y: y + (dy * i) / steps, id: 1 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Phone: the opening view, drag, pinch, taps and cards. */
export async function hexmapPhone({ page, origin }) {
  const shot = shooter(page, 'hexmap-phone');
  const cdp = await page.context().newCDPSession(page);
  // A new game: the deployment hexes at the opening view.
  await startBailen(page, origin);
  await page.tap('#start-button');
  await page.waitForSelector('#game:not([hidden]) .l-hl .hl.on');
  let area = await box(page, '#board');
  const inViewport = (b) => b.x >= 0 && b.y >= 0 && b.x + b.width <= 390 && b.y + b.height <= 844;
  const inBoard = (b) => b.x >= area.x - 0.5 && b.y >= area.y - 0.5 && b.x + b.width <= area.x + area.width + 0.5 && b.y + b.height <= area.y + area.height + 0.5;
  const hexes = await page.locator('.l-hl .hl.on').evaluateAll((ps) => ps.map((p) => {
    const r = p.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  }));
  const shown = hexes.filter((b) => inBoard(b) && inViewport(b));
  check(shown.length > 0 && shown.every((b) => b.width >= 40 && b.height >= 40),
    `at the opening view ${shown.length} highlighted deployment hexes are on the screen, each ${shown[0]?.width.toFixed(0)}x${shown[0]?.height.toFixed(0)} px`, shown[0]);
  let v = await view(page);
  check(v.x >= 0 && v.y >= 0 && v.x + v.w <= v.mapW + 0.5 && v.y + v.h <= v.mapH + 0.5, 'the map fills its box: no empty band above, below or beside it', v);
  const zoomButtons = await page.locator('#zoom-controls button').evaluateAll((bs) => bs.map((b) => [b.offsetWidth, b.offsetHeight]));
  check(zoomButtons.every(([w, h]) => w >= 40 && h >= 40), `the zoom buttons are tap targets of 40 px or more (${JSON.stringify(zoomButtons[0])})`);
  await shot('1-deployment');

  // The whole map (⤢): all of it in the box, no empty band, and the box did not move or resize.
  const before = await box(page, '#board');
  await page.tap('#zoom-fit');
  const whole = await page.evaluate(() => {
    const b = $root().getElementById('board').getBoundingClientRect();
    const m = $root().querySelector('.hexmap .map-bg').getBoundingClientRect();
    return {
      board: [b.x, b.y, b.width, b.height],
      map: [m.x, m.y, m.width, m.height],
      band: Math.max(m.top - b.top, b.bottom - m.bottom, m.left - b.left, b.right - m.right, 0),
      outside: Math.max(b.top - m.top, m.bottom - b.bottom, b.left - m.left, m.right - b.right, 0),
    };
  });
  const after0 = await box(page, '#board');
  check(whole.band <= 3, `the whole-map view fills the board's box: the widest empty band is ${whole.band.toFixed(1)} px`, whole);
  check(whole.outside <= 1, 'and all of the map is in it', whole);
  check(Math.abs(after0.y - before.y) < 0.5 && Math.abs(after0.height - before.height) < 0.5, `the board's box stayed put (${before.width.toFixed(0)}x${before.height.toFixed(0)} px)`, [before, after0]);
  await shot('1b-whole-map');

  // A position with counters to choose.
  await page.goto(`${origin}/?test#setup=${encodeURIComponent(JSON.stringify(COMBAT_SETUP))}`);
  await ready(page);
  // The board's box in this game (the header's status row and the prompt differ from the last).
  area = await box(page, '#board');
  const attacker = `.piece[data-unit="${F(32)}"]`;
  let b = await box(page, `${attacker} .c-body`);
  check(b.width >= 40 && b.height >= 40 && inViewport(b) && inBoard(b),
    `at the opening view the attacker's counter is ${b.width.toFixed(0)}x${b.height.toFixed(0)} px, inside the screen`, b);
  v = await view(page);
  check(v.x >= 0 && v.y >= 0 && v.x + v.w <= v.mapW + 0.5 && v.y + v.h <= v.mapH + 0.5, 'no empty band around the map', v);
  let s = await state(page);

  // One finger drags the map by the drag's distance; starting on a counter it selects nothing.
  const [x0, y0] = centreOf(b);
  await drag(cdp, x0, y0, -90, -70);
  let b1 = await box(page, `${attacker} .c-body`);
  const dx = b1.x - b.x;
  const dy = b1.y - b.y;
  check(Math.abs(dx + 90) <= 4 && Math.abs(dy + 70) <= 4, `a one-finger drag of (-90, -70) px pans the map by (${dx.toFixed(0)}, ${dy.toFixed(0)}) px`);
  let after = await state(page);
  check(after.selected === null && after.choices === s.choices, 'a drag that starts on a counter does not select it');
  await drag(cdp, x0 - 90, y0 - 70, 90, 70);

  // A tap selects, and the map does not move under the finger.
  b = await box(page, `${attacker} .c-body`);
  await page.touchscreen.tap(...centreOf(b));
  after = await state(page);
  b1 = await box(page, `${attacker} .c-body`);
  check(after.selected === String(F(32)), 'a tap on the counter selects it');
  const [tx, ty] = centreOf(b);
  const [tx1, ty1] = centreOf(b1);
  check(Math.abs(tx1 - tx) < 0.5 && Math.abs(ty1 - ty) < 0.5, 'the tap did not move the map (the counter\'s centre stayed put)', [b, b1]);
  check(await page.locator('#hover-card').isHidden(), 'a tap that selects leaves no card over the map');
  const target = await box(page, `.piece[data-unit="${S(7)}"] .c-body`);
  check(target && target.width >= 40 && inBoard(target), `the target's counter is on the screen, ${target?.width.toFixed(0)} px wide`, { target, area });
  await shot('2-selected');

  // A tap on a counter that is no choice opens its card; the close button, Escape and a tap
  // elsewhere close it.
  const other = `.piece[data-unit="${S(11)}"] .c-body`;
  let ob = await box(page, other);
  if (!inBoard(ob)) {
    await drag(cdp, area.x + area.width / 2, area.y + area.height / 2, area.x + area.width / 2 - centreOf(ob)[0], area.y + area.height / 2 - centreOf(ob)[1]);
    ob = await box(page, other);
  }
  check(inBoard(ob) && ob.width >= 40, `a counter that is no choice is on the screen (${ob.width.toFixed(0)} px)`, ob);
  await page.touchscreen.tap(...centreOf(ob));
  await page.waitForSelector('#hover-card:not([hidden])');
  check(/Defence factor/.test(await page.locator('#hover-card').innerText()), "a tap on it opens its card");
  const close = await box(page, '#hover-card .card-close');
  check(close && close.width >= 40 && close.height >= 40, `the card has a close button of ${close?.width.toFixed(0)}x${close?.height.toFixed(0)} px`, close);
  await shot('3-card');
  await page.touchscreen.tap(...centreOf(close));
  check(await page.locator('#hover-card').isHidden(), 'its close button closes the card');
  await page.touchscreen.tap(...centreOf(ob));
  await page.waitForSelector('#hover-card:not([hidden])');
  await page.keyboard.press('Escape');
  check(await page.locator('#hover-card').isHidden(), 'Escape closes the card');
  await page.touchscreen.tap(...centreOf(ob));
  await page.waitForSelector('#hover-card:not([hidden])');
  await page.touchscreen.tap(...centreOf(await box(page, '#prompt')));
  check(await page.locator('#hover-card').isHidden(), 'a tap elsewhere on the page (the prompt) closes the card');
  await page.touchscreen.tap(...centreOf(ob));
  await page.waitForSelector('#hover-card:not([hidden])');
  const empty = await page.evaluate(([x0, y0, w, h]) => {
    for (let y = y0 + 20; y < y0 + h - 20; y += 9) {
      for (let x = x0 + 20; x < x0 + w - 60; x += 9) {
        const e = $root().elementFromPoint(x, y);
        if (e && e.closest('.hexmap') && !e.closest('[data-unit],[data-hex],#hover-card')) return [x, y];
      }
    }
    return null;
  }, [area.x, area.y, area.width, area.height]);
  await page.touchscreen.tap(...empty);
  check(await page.locator('#hover-card').isHidden(), 'a tap on the map away from any counter closes the card');

  // Two fingers pinch: the map zooms, nothing is chosen.
  v = await view(page);
  s = await state(page);
  const cx = area.x + area.width / 2;
  const cy = area.y + area.height / 2;
  const points = (d) => [{ x: cx - d, y: cy, id: 1 }, { x: cx + d, y: cy, id: 2 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(60) });
  for (const d of [50, 40, 30]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(d) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  const v1 = await view(page);
  check(v1.zoom < v.zoom * 0.7, `pinching in zooms out (${v.zoom} -> ${v1.zoom})`);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(30) });
  for (const d of [40, 50, 60]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: points(d) });
  // One finger lifts, the other goes on: a pan, no jump and no tap.
  // (A touchEnd listing a point releases that one only.)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [points(60)[1]] });
  const v2 = await view(page);
  check(v2.zoom > v1.zoom * 1.5, `pinching out zooms in (${v1.zoom} -> ${v2.zoom})`);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: cx - 60 + 30, y: cy, id: 1 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  const v3 = await view(page);
  const panned = (v2.x - v3.x) * v3.scale;
  check(Math.abs(panned - 30) <= 4 || v3.x === 0, `the finger left after a pinch pans on without a jump (${panned.toFixed(0)} px for 30)`, [v2, v3]);
  after = await state(page);
  check(after.choices === s.choices, 'the pinch chose nothing');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 390, 'the page does not scroll sideways', width);
  await shot('4-pinched');
}
