// <napoleonic-game> embedded twice in a publisher's page (served by the test at /embed.html, not
// shipped): a Bailén game and a Bloody Monday game against the computer, each in its own shadow
// root. Both play, a move in one leaves the other alone, attributes and properties agree, the
// events fire with their details, export()/import()/undo() work, a corrupt string or a bad
// attribute is refused with an `error` event and changes nothing, read-only refuses input, and a
// ::part rule and a custom property change the look.
import { check, shooter } from './lib.mjs';

/** A publisher's page: two games, one themed through a custom property and a ::part rule. */
export const EMBED_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Two Napoleonic games</title>
  <link rel="icon" href="data:,">
  <style>
    body { margin: 0; font-family: serif; }
    h1 { font-size: 1.2rem; margin: .5rem 1rem; }
    napoleonic-game { --napoleonic-height: 560px; margin: 0 0 1rem; }
    #b { --napoleonic-ink: rgb(110, 20, 30); --napoleonic-panel-background: rgb(255, 250, 230); }
    #b::part(header) { border-bottom: 4px solid rgb(0, 128, 0); }
  </style>
</head>
<body>
  <h1>A publisher's page with two games</h1>
  <napoleonic-game id="a" ruleset="bailen"></napoleonic-game>
  <napoleonic-game id="b" ruleset="bloody-monday" scenario="borodino" side="Russian" opponent="computer" level="quick"></napoleonic-game>
  <script type="module" src="dist/main.js"></script>
</body>
</html>
`;

/** Serve EMBED_PAGE at /embed.html beside the page's own files. */
export async function routeEmbedPage(page, origin, html = EMBED_PAGE) {
  await page.route(`${origin}/embed.html`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
}

/** Record every event of both elements in the page (window.events, test code only). */
function listen(page) {
  return page.evaluate(() => {
    window.events = [];
    for (const el of document.querySelectorAll('napoleonic-game')) {
      for (const type of ['move', 'save', 'gameover', 'error']) {
        el.addEventListener(type, (e) => window.events.push({ on: el.id, type, detail: JSON.parse(JSON.stringify(e.detail)), composed: e.composed, bubbles: e.bubbles }));
      }
    }
  });
}

const events = (page, on, type) => page.evaluate(([o, t]) => window.events.filter((e) => e.on === o && e.type === t), [on, type]);
const clearEvents = (page) => page.evaluate(() => { window.events.length = 0; });

/** One element's state as its player sees it. */
function game(page, id) {
  return page.evaluate((which) => {
    const el = document.getElementById(which);
    const root = el.shadowRoot;
    return {
      choices: Number(root.getElementById('app').dataset.choices ?? -1),
      prompt: root.getElementById('prompt').textContent,
      actions: root.querySelectorAll('#actions button').length,
      // The property (which writes the attribute if it waits for an idle moment), then the attribute.
      saved: el.saved,
      savedAttr: el.getAttribute('saved'),
      exported: (() => {
        try {
          return el.export();
        } catch (e) {
          return `threw: ${e.message}`;
        }
      })(),
      thinking: root.getElementById('app').dataset.thinking === 'true',
      error: [...root.querySelectorAll('#error, .inline-error')].filter((e) => !e.hidden).map((e) => e.textContent).join(' | ') || null,
    };
  }, id);
}

/** Wait until element `id` holds `n` choices. */
const choicesOf = (page, id, n) =>
  page.waitForFunction(([which, k]) => Number(document.getElementById(which).shadowRoot.getElementById('app').dataset.choices) === k, [id, n], { timeout: 30_000 });

/** Click the first legal action of element `id` (the list inside its shadow root). */
async function clickFirst(page, id) {
  const before = (await game(page, id)).choices;
  await page.locator(`#${id} #actions button[data-index]`).first().click();
  await choicesOf(page, id, before + 1);
}

/** Element b (against the computer): until the Russians (the human) decide and the computer rests. */
const russiansToDecide = (page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('b').shadowRoot;
    return root.getElementById('app').dataset.thinking !== 'true' && root.querySelectorAll('#actions button').length > 0 && /^Russian/.test(root.getElementById('prompt-side').textContent);
  }, null, { timeout: 60_000 });

export default async function element({ page, origin }) {
  const shot = shooter(page, 'element');
  await routeEmbedPage(page, origin);
  await page.goto(`${origin}/embed.html`);
  await page.waitForFunction(() => [...document.querySelectorAll('napoleonic-game')].every((el) => el.shadowRoot?.getElementById('app')?.dataset.ready === 'true'), null, { timeout: 30_000 });
  await listen(page);

  // 1. Two elements, two shadow roots, nothing page-wide.
  const page0 = await page.evaluate(() => ({
    roots: [...document.querySelectorAll('napoleonic-game')].map((el) => el.shadowRoot !== null),
    lightIds: ['prompt', 'board', 'actions', 'log', 'app'].filter((id) => document.getElementById(id) !== null),
    globals: ['__perf', '__mail'].filter((k) => k in window),
    defined: customElements.get('napoleonic-game') === document.getElementById('a').constructor,
    scenarioA: document.getElementById('a').scenario,
    scenarioAttrA: document.getElementById('a').getAttribute('scenario'),
    kept: localStorage.getItem('napoleonic.games'),
  }));
  check(page0.defined && page0.roots.every(Boolean) && page0.roots.length === 2, 'two <napoleonic-game> elements, each with its shadow root');
  check(page0.lightIds.length === 0, 'no element of the games has an id in the page itself', page0.lightIds);
  check(page0.globals.length === 0, 'no window.__perf or window.__mail in the page', page0.globals);
  check(page0.scenarioA !== null && page0.scenarioA === page0.scenarioAttrA, `the Bailén element reflects its default scenario (${page0.scenarioA})`);
  check(page0.kept === null, 'embedded games keep nothing in the browser\'s storage (their page keeps them through `save`)', page0.kept);
  let a = await game(page, 'a');
  check(a.choices === 0 && a.actions > 0 && a.exported === a.saved, 'the Bailén game starts, its `saved` attribute is its export()', a);

  // 2. The Bloody Monday element: the computer plays the French (first), the Russian view stays on the screen.
  await russiansToDecide(page);
  let b = await game(page, 'b');
  const bCurtain = await page.evaluate(() => document.getElementById('b').shadowRoot.getElementById('curtain').hidden);
  check(bCurtain && b.actions > 0, 'Bloody Monday with side="Russian" opponent="computer": no curtain, the Russians decide', b.prompt);
  const computerFirst = (await events(page, 'b', 'move')).filter((e) => e.detail.by === 'computer');
  check(computerFirst.length > 0 && computerFirst.every((e) => e.detail.side === 'French'), `the computer played the French first in b (${computerFirst.length} choices, each a \`move\` by the computer)`, computerFirst.map((e) => e.detail.text));
  check((await game(page, 'a')).choices === 0 && (await events(page, 'a', 'move')).length === 0, "and a stayed as it was (no choice, no event)");
  const limits = await page.evaluate(() => document.getElementById('b').testTimings.perf.thinks.map((t) => t.limit));
  check(limits.length > 0 && limits.every((l) => l === 200), `level="quick": the computer thought 0.2 s a decision (${limits.length} decisions)`, limits);

  // 3. A move in a: its events, and b unchanged.
  await clearEvents(page);
  const bBefore = (await game(page, 'b')).exported;
  const savedBefore = await page.evaluate(() => document.getElementById('a').getAttribute('saved'));
  await clickFirst(page, 'a');
  // The attribute follows by itself, once the page is idle.
  await page.waitForFunction((s) => document.getElementById('a').getAttribute('saved') !== s, savedBefore);
  a = await game(page, 'a');
  const moves = await events(page, 'a', 'move');
  const saves = await events(page, 'a', 'save');
  check(moves.length === 1 && moves[0].detail.ruleset === 'bailen' && moves[0].detail.choice === 1 && moves[0].detail.by === 'player' && typeof moves[0].detail.action === 'object' && moves[0].detail.text.length > 0,
    `a move in a fires one \`move\` with its details (${moves[0]?.detail.side}: ${moves[0]?.detail.text})`, moves);
  check(moves[0].bubbles && moves[0].composed, '`move` bubbles out of the shadow root (composed)');
  check(saves.length === 1 && saves[0].detail.saved === a.exported && a.saved === a.exported && a.savedAttr === a.exported && saves[0].detail.choice === 1, 'and one `save` whose string is the export(), the `saved` property and attribute', saves);
  b = await game(page, 'b');
  check(b.exported === bBefore && (await events(page, 'b', 'move')).length === 0, 'the move in a changed nothing in b');

  // 4. A move in b (by clicking its list): a unchanged; then the computer answers in b alone.
  const aBefore = a.exported;
  await clearEvents(page);
  const bChoices = b.choices;
  await clickFirst(page, 'b');
  const bMoves = await events(page, 'b', 'move');
  check(bMoves.length >= 1 && bMoves[0].detail.ruleset === 'bloody-monday' && bMoves[0].detail.side === 'Russian' && bMoves[0].detail.choice === bChoices + 1, 'a move in b fires b\'s `move`', bMoves);
  check((await game(page, 'a')).exported === aBefore && (await events(page, 'a', 'move')).length === 0, 'the move in b changed nothing in a');
  await russiansToDecide(page);
  const byComputer = (await events(page, 'b', 'move')).filter((e) => e.detail.by === 'computer');
  console.log(`      b: the computer answered with ${byComputer.length} choice(s) for the French`);
  await shot('1-two-games', true);

  // 5. Properties and attributes agree, both ways.
  const twins = await page.evaluate(() => {
    const el = document.getElementById('a');
    const out = {};
    el.locale = 'es';
    out.localeAttr = el.getAttribute('locale');
    out.lang = el.shadowRoot.getElementById('app').lang;
    el.setAttribute('locale', 'fr');
    out.localeProp = el.locale;
    el.readOnly = true;
    out.readOnlyAttr = el.hasAttribute('read-only');
    el.removeAttribute('read-only');
    out.readOnlyProp = el.readOnly;
    el.setAttribute('opponent', 'human');
    out.opponentProp = el.opponent;
    out.rulesetProp = el.ruleset;
    el.level = 'strong';
    out.levelAttr = el.getAttribute('level');
    el.removeAttribute('level');
    out.levelDefault = el.level;
    out.sideProp = el.side;
    return out;
  });
  check(twins.localeAttr === 'es' && twins.lang === 'es' && twins.localeProp === 'fr', 'locale: the property sets the attribute (and the shadow root\'s lang), the attribute the property', twins);
  check(twins.readOnlyAttr === true && twins.readOnlyProp === false, 'readOnly <-> read-only', twins);
  check(twins.opponentProp === 'human' && twins.rulesetProp === 'bailen' && twins.sideProp === null, 'opponent, ruleset and side read their attributes', twins);
  check(twins.levelAttr === 'strong' && twins.levelDefault === 'normal', 'level <-> level (normal when absent)', twins);

  // 6. undo(): back one choice, the string as it was (choices made until the rules allow an undo:
  //    in hot-seat a side takes back only its own choices).
  await clearEvents(page);
  const canUndo = () => page.evaluate(() => !document.getElementById('a').shadowRoot.getElementById('undo').disabled);
  let a1 = await game(page, 'a');
  for (let i = 0; i < 10; i += 1) {
    a1 = await game(page, 'a');
    await clickFirst(page, 'a');
    if (await canUndo()) break;
  }
  const undone = await page.evaluate(() => document.getElementById('a').undo());
  await choicesOf(page, 'a', a1.choices);
  a = await game(page, 'a');
  const undoSaves = await events(page, 'a', 'save');
  check(undone === true && a.exported === a1.exported && a.saved === a1.exported, `undo() takes back the last choice (${a1.choices + 1} -> ${a1.choices}): the saved string is the one before it`);
  check(undoSaves.at(-1)?.detail.saved === a1.exported, 'and fires `save` with that string');

  // 7. A corrupt import(): an `error` event, nothing changed.
  await clearEvents(page);
  const mid = Math.floor(a.exported.length / 2);
  const corrupt = a.exported.slice(0, mid) + (a.exported[mid] === 'A' ? 'B' : 'A') + a.exported.slice(mid + 1);
  const loadedBad = await page.evaluate((s) => document.getElementById('a').import(s), corrupt);
  const errors = await events(page, 'a', 'error');
  const afterBad = await game(page, 'a');
  check(loadedBad === false && errors.length === 1 && errors[0].detail.source === 'import' && /saved game/i.test(errors[0].detail.message), `import() of a corrupt string resolves false and fires \`error\` (${errors[0]?.detail.message})`, errors);
  check(afterBad.exported === a.exported && afterBad.saved === a.exported && afterBad.choices === a.choices, 'the corrupt string changed nothing');
  check((await events(page, 'a', 'save')).length === 0, 'and fired no `save`');

  // 8. import() of an earlier string, then the `saved` attribute: each puts its game on the screen.
  const loaded = await page.evaluate((s) => document.getElementById('a').import(s), aBefore);
  a = await game(page, 'a');
  check(loaded === true && a.exported === aBefore && a.saved === aBefore && a.choices === 1, 'import() of an exported string puts that game on the screen');
  await page.evaluate((s) => document.getElementById('a').setAttribute('saved', s), a1.exported);
  await page.waitForFunction((s) => document.getElementById('a').export() === s, a1.exported);
  check((await game(page, 'a')).choices === a1.choices, 'setting the `saved` attribute loads that game');

  // 9. A bad attribute: refused with `error`, put back, nothing changed.
  await clearEvents(page);
  const beforeBadAttr = await game(page, 'a');
  await page.evaluate(() => { document.getElementById('a').ruleset = 'chess'; });
  await page.waitForFunction(() => window.events.some((e) => e.on === 'a' && e.type === 'error'));
  const attrError = (await events(page, 'a', 'error'))[0];
  const afterBadAttr = await game(page, 'a');
  const rulesetNow = await page.evaluate(() => document.getElementById('a').getAttribute('ruleset'));
  check(attrError.detail.source === 'attribute' && /chess/.test(attrError.detail.message) && /bailen/.test(attrError.detail.message), `ruleset="chess" fires \`error\`: ${attrError.detail.message}`);
  check(rulesetNow === 'bailen' && afterBadAttr.exported === beforeBadAttr.exported, 'the attribute is put back and the game is unchanged');
  await page.evaluate(() => { document.getElementById('b').side = 'Prussian'; });
  const sideNow = await page.evaluate(() => document.getElementById('b').side);
  check(sideNow === 'Russian', 'side="Prussian" is refused and put back to Russian', sideNow);

  // 10. read-only: no choices listed, a click on the board does nothing, undo() refuses.
  await clickFirst(page, 'a');
  const ro0 = await game(page, 'a');
  await page.evaluate(() => { document.getElementById('a').readOnly = true; });
  const ro = await game(page, 'a');
  const highlighted = await page.locator('#a .l-hl .hl.on').count();
  await page.locator('#a #board').click({ position: { x: 300, y: 200 } });
  const roUndo = await page.evaluate(() => document.getElementById('a').undo());
  const ro2 = await game(page, 'a');
  check(ro.actions === 0 && highlighted === 0, 'read-only: no legal action is listed or highlighted', { actions: ro.actions, highlighted });
  check(roUndo === false && ro2.exported === ro0.exported, 'read-only: undo() refuses and the game is unchanged');
  await page.evaluate(() => { document.getElementById('a').readOnly = false; });
  check((await game(page, 'a')).actions > 0, 'without read-only the choices are back');

  // 11. Theming: a custom property and a ::part rule seen in the computed style.
  const look = await page.evaluate(() => {
    const header = (id) => getComputedStyle(document.getElementById(id).shadowRoot.getElementById('top'));
    const panel = (id) => getComputedStyle(document.getElementById(id).shadowRoot.getElementById('side'));
    return {
      aHeader: header('a').backgroundColor,
      bHeader: header('b').backgroundColor,
      aBorder: header('a').borderBottomWidth,
      bBorder: `${header('b').borderBottomWidth} ${header('b').borderBottomStyle} ${header('b').borderBottomColor}`,
      bPanel: panel('b').backgroundColor,
      aPanel: panel('a').backgroundColor,
      height: document.getElementById('a').getBoundingClientRect().height,
    };
  });
  check(look.bHeader === 'rgb(110, 20, 30)' && look.aHeader === 'rgb(38, 54, 79)', `--napoleonic-ink colours b's header only (${look.bHeader} vs ${look.aHeader})`);
  check(look.bPanel === 'rgb(255, 250, 230)' && look.aPanel !== look.bPanel, '--napoleonic-panel-background colours b\'s panel only', look);
  check(look.bBorder === '4px solid rgb(0, 128, 0)' && look.aBorder === '0px', `#b::part(header) styles b's header (${look.bBorder})`);
  check(Math.abs(look.height - 560) < 2, `--napoleonic-height sets the element's height (${look.height}px)`);

  // 12. gameover: play a to its end (a random legal action each time, in the page).
  await clearEvents(page);
  const played = await page.evaluate(() => {
    const root = document.getElementById('a').shadowRoot;
    let r = 4242;
    let n = 0;
    for (; n < 5000; n += 1) {
      const buttons = root.querySelectorAll('#actions button');
      if (buttons.length === 0 || !root.getElementById('error').hidden) break;
      r = (Math.imul(r, 1103515245) + 12345) >>> 0;
      buttons[r % buttons.length].click();
    }
    return n;
  });
  const over = await events(page, 'a', 'gameover');
  const aMoves = await events(page, 'a', 'move');
  check(over.length === 1 && over[0].detail.ruleset === 'bailen' && typeof over[0].detail.outcome === 'object' && /win/i.test(over[0].detail.text), `after ${played} choices \`gameover\` fires once with the outcome (${over[0]?.detail.text})`, over);
  check(aMoves.length === played, `one \`move\` a choice (${aMoves.length})`);
  check((await events(page, 'b', 'gameover')).length === 0, 'b is not over');
  await shot('2-a-over', true);

  // 13. Another ruleset by its attribute: a new game of it, its default scenario reflected; an
  //     unknown scenario or opponent is refused and put back.
  await clearEvents(page);
  const overString = (await game(page, 'a')).exported;
  await page.evaluate(() => { document.getElementById('a').ruleset = 'muskets-battle'; });
  await page.waitForFunction(() => window.events.some((e) => e.on === 'a' && e.type === 'save' && e.detail.ruleset === 'muskets-battle'));
  const switched = await page.evaluate(() => {
    const el = document.getElementById('a');
    return { scenario: el.scenario, saved: el.saved, exported: el.export(), title: el.shadowRoot.getElementById('title').textContent };
  });
  a = await game(page, 'a');
  const curtain = await page.evaluate(() => !document.getElementById('a').shadowRoot.getElementById('curtain').hidden);
  check(switched.scenario !== null && switched.scenario !== page0.scenarioA && switched.saved === switched.exported && switched.exported !== overString && a.choices === 0,
    `ruleset="muskets-battle" starts a new game of it (${switched.title}, scenario ${switched.scenario})`, { switched, a });
  check(curtain && a.actions === 0, `hidden information in hot-seat: the curtain is up before the first side's view (${a.prompt})`);
  const covers = await page.evaluate(() => {
    const host = document.getElementById('a').getBoundingClientRect();
    const c = document.getElementById('a').shadowRoot.getElementById('curtain').getBoundingClientRect();
    const other = document.getElementById('b').getBoundingClientRect();
    return { inside: c.top >= host.top - 1 && c.bottom <= host.bottom + 1, overB: c.bottom > other.top + 1 };
  });
  check(covers.inside && !covers.overB, "an embedded element's curtain covers that element only, not the page or the other game", covers);
  await shot('3-curtain-in-a', true);
  await clearEvents(page);
  await page.evaluate(() => { document.getElementById('a').scenario = 'waterloo'; });
  await page.waitForFunction(() => window.events.some((e) => e.on === 'a' && e.type === 'error'));
  const scenarioError = (await events(page, 'a', 'error'))[0].detail;
  const afterScenario = await page.evaluate(() => ({ scenario: document.getElementById('a').scenario, exported: document.getElementById('a').export() }));
  check(scenarioError.source === 'attribute' && /waterloo/.test(scenarioError.message) && afterScenario.scenario === switched.scenario && afterScenario.exported === switched.exported,
    `scenario="waterloo" is refused (${scenarioError.message}), put back, the game unchanged`, afterScenario);
  await clearEvents(page);
  await page.evaluate(() => { document.getElementById('a').setAttribute('opponent', 'robot'); });
  const opponentError = (await events(page, 'a', 'error'))[0]?.detail;
  const opponentNow = await page.evaluate(() => document.getElementById('a').getAttribute('opponent'));
  check(opponentError?.source === 'attribute' && /robot/.test(opponentError.message) && opponentNow === 'human', 'opponent="robot" is refused and put back', { opponentError, opponentNow });
  await clearEvents(page);
  await page.evaluate(() => { document.getElementById('b').setAttribute('level', 'grandmaster'); });
  const levelError = (await events(page, 'b', 'error'))[0]?.detail;
  const levelNow = await page.evaluate(() => document.getElementById('b').getAttribute('level'));
  check(levelError?.source === 'attribute' && /grandmaster/.test(levelError.message) && levelNow === 'quick', `level="grandmaster" is refused and put back (${levelError?.message})`, { levelError, levelNow });
}
