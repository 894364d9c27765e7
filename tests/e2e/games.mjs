// Games are never lost without a word (issue 15, items 2 and 4): the list of games in progress on
// the start screen (resume, delete after asking), the old single autosave moved into it, a shared
// link or a new game added beside the game in progress, storage refused (one notice, play goes
// on, and a game that would be lost is asked about), a refused clipboard said as it is, and each
// error beside what caused it and inside the window.
import { check, choicesReach, clickAction, keptGames, ready, shooter, state } from './lib.mjs';

/** A new game of Bailén from the start screen, with `moves` choices made from the actions list. */
async function newBailen(page, seed, moves, tap = false) {
  if (!(await page.isVisible('#start'))) await press(page, '#new-game', tap);
  await page.selectOption('#ruleset', 'bailen');
  await page.fill('#seed', String(seed));
  await press(page, '#start-button', tap);
  await page.waitForSelector('#game:not([hidden])');
  await choicesReach(page, 0);
  for (let i = 0; i < moves; i += 1) {
    const before = Number(await page.evaluate(() => $app().dataset.choices));
    await press(page, '#actions button[data-index="0"]', tap);
    await choicesReach(page, before + 1);
  }
  return state(page);
}

function press(page, selector, tap) {
  return tap ? page.tap(selector) : page.click(selector);
}

/** The rows of the start screen's list as a player reads them. */
function listed(page) {
  return page.evaluate(() =>
    [...$root().querySelectorAll('#games-list li')].map((li) => ({
      id: li.dataset.game,
      title: li.querySelector('.game-title')?.textContent ?? '',
      where: li.querySelector('.game-where')?.textContent ?? '',
    })),
  );
}

// Inside the window, to a pixel (scrolled into view, an edge may land a fraction past it).
const inside = (box, view) => box && box.y >= -1 && box.x >= -1 && box.y + box.height <= view.height + 1 && box.x + box.width <= view.width + 1;

export default async function games({ page, origin }) {
  const shot = shooter(page, 'games');
  const view = page.viewportSize();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await page.goto(origin + '/');
  await ready(page);

  // 1. The single autosave of the earlier page moves into the list on first load.
  const a = await newBailen(page, 11, 1);
  await page.click('#export');
  const savedA = await page.inputValue('#export-text');
  await page.evaluate((save) => {
    localStorage.clear();
    localStorage.setItem('napoleonic.autosave', JSON.stringify({ version: 2, save, players: {}, actions: [], note: 'From the old page.' }));
  }, savedA);
  await page.reload();
  await ready(page);
  let s = await state(page);
  check(s.choices === 1 && s.prompt === a.prompt, 'the old autosave is resumed on the first load of the new page', [a.prompt, s.prompt]);
  let kept = await keptGames(page);
  const oldKey = await page.evaluate(() => localStorage.getItem('napoleonic.autosave'));
  check(kept.length === 1 && kept[0].choices === 1 && oldKey === null, 'it is now the one entry of the list (the old key dropped once it is kept)', kept);

  // 2. Another game: both are listed and each resumes where it was.
  await page.click('#new-game');
  let rows = await listed(page);
  check(rows.length === 1 && /Bailén 1808/.test(rows[0].title) && /on the screen/.test(rows[0].title), 'the start screen lists the game in progress', rows);
  const b = await newBailen(page, 22, 2);
  await page.click('#new-game');
  rows = await listed(page);
  check(rows.length === 2, 'starting another game adds an entry beside the first', rows);
  check(/2 choices/.test(rows[0].where) && /1 choice\b/.test(rows[1].where) && rows.every((r) => /to decide/.test(r.where) && /last played/.test(r.where)),
    'each entry says its step, whose decision, its choices and when it was last played', rows.map((r) => r.where));
  await shot('1-list', true);
  await page.click(`#games-list li[data-game="${rows[1].id}"] button.resume`);
  await page.waitForSelector('#game:not([hidden])');
  s = await state(page);
  check(s.choices === 1 && s.prompt === a.prompt && JSON.stringify(s.pieces) === JSON.stringify(a.pieces), 'the first game resumes where it was', s.prompt);
  await page.click('#new-game');
  await page.click(`#games-list li[data-game="${rows[0].id}"] button.resume`);
  await page.waitForSelector('#game:not([hidden])');
  s = await state(page);
  check(s.choices === 2 && s.prompt === b.prompt && JSON.stringify(s.pieces) === JSON.stringify(b.pieces), 'the second game resumes where it was', s.prompt);
  await page.click('#export');
  const savedB = await page.inputValue('#export-text');

  // 3. Delete asks first; "Keep it" keeps it.
  await page.click('#new-game');
  await page.click(`#games-list li[data-game="${rows[0].id}"] button.delete`);
  check(await page.isVisible('#ask'), 'Delete asks first', await page.textContent('#ask-text'));
  const question = (await page.textContent('#ask-text')) ?? '';
  check(/Delete the game of Bailén 1808/.test(question) && /2 choices/.test(question) && /cannot be undone/.test(question), `the question names the game (${question})`);
  await shot('2-delete-asks');
  await page.click('#ask-no');
  await page.waitForTimeout(100);
  check((await listed(page)).length === 2 && !(await page.isVisible('#ask')), '"Keep it" keeps the game in the list');
  await page.click(`#games-list li[data-game="${rows[0].id}"] button.delete`);
  await page.click('#ask-yes');
  await page.waitForFunction(() => $root().querySelectorAll('#games-list li').length === 1);
  rows = await listed(page);
  check(rows.length === 1 && !(await page.isVisible('#cancel-start')), 'after "Delete it" the game (the one on the screen) is gone from the list', rows);

  // 4. A shared link opened while a game is in progress: a new entry, the earlier game still listed.
  await page.click(`#games-list li[data-game="${rows[0].id}"] button.resume`);
  await page.waitForSelector('#game:not([hidden])');
  await clickAction(page, 0);
  const a2 = await state(page);
  await page.goto('about:blank');
  await page.goto(`${origin}/#g=${encodeURIComponent(savedB)}`);
  await ready(page);
  s = await state(page);
  check(s.choices === 2 && s.prompt === b.prompt, 'the shared link opens its game', s.prompt);
  await page.click('#new-game');
  rows = await listed(page);
  check(rows.length === 2 && rows.some((r) => /2 choices/.test(r.where)) && rows.some((r) => /on the screen/.test(r.title)),
    'the earlier game is still listed beside the shared one', rows);
  const earlier = rows.find((r) => !/on the screen/.test(r.title));
  await page.click(`#games-list li[data-game="${earlier.id}"] button.resume`);
  await page.waitForSelector('#game:not([hidden])');
  s = await state(page);
  check(s.choices === a2.choices && s.prompt === a2.prompt, `the earlier game resumes with its ${a2.choices} choices`, s.prompt);

  // 5. The clipboard: a copy is claimed only when it happened; refused, the text is selected.
  await page.click('#copy');
  await page.waitForFunction(() => !$root().getElementById('save-note').hidden && /clipboard/.test($root().getElementById('save-note').textContent));
  const copiedNote = await page.textContent('#save-note');
  const pasted = await page.evaluate(() => navigator.clipboard.readText());
  check(/^Copied to the clipboard\.$/.test(copiedNote) && pasted === (await page.inputValue('#export-text')), `with the clipboard allowed, Copy copies and says so (${copiedNote})`);
  // The clipboard API refused, the older copy command copies: said so, and it is true.
  await page.evaluate(() => {
    navigator.clipboard.writeText('something else');
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    $root().getElementById('save-note').textContent = '';
  });
  await page.click('#copy');
  await page.waitForFunction(() => /clipboard/.test($root().getElementById('save-note').textContent));
  const olderNote = await page.textContent('#save-note');
  const olderPasted = await page.evaluate(() => navigator.clipboard.readText());
  check(olderPasted === (await page.inputValue('#export-text')) && /older copy command/.test(olderNote) && /NotAllowedError/.test(olderNote),
    `the clipboard API refused, the older copy command copied: the note says which (${olderNote})`);
  // Both refused: no claim of a copy.
  await page.evaluate(() => {
    document.execCommand = () => false;
  });
  for (const [button, field] of [['#copy', '#export-text'], ['#share', '#share-link']]) {
    await page.evaluate(() => { $root().getElementById('save-note').textContent = ''; });
    await page.click(button);
    await page.waitForFunction(() => /clipboard/.test($root().getElementById('save-note').textContent));
    const note = (await page.textContent('#save-note')) ?? '';
    const selected = await page.evaluate((sel) => {
      const f = $root().querySelector(sel);
      return $root().activeElement === f && f.selectionStart === 0 && f.selectionEnd === f.value.length && f.value.length > 0;
    }, field);
    check(!/^Copied/.test(note) && /Not copied/.test(note) && /NotAllowedError/.test(note) && selected,
      `${button} with the clipboard refused says so and selects ${field} to copy by hand (${note})`);
  }
  const noteBox = await page.locator('#save-note').boundingBox();
  const copyBox = await page.locator('#copy').boundingBox();
  check(noteBox.y - (copyBox.y + copyBox.height) < 60, 'the clipboard note is right under the Copy button');
  await shot('3-clipboard-refused');

  // 6. Errors on desktop: under the Load box, and the banner, each wholly in the window.
  await page.fill('#import-text', 'this is not a saved game');
  await page.click('#import');
  await page.locator('#import-error').waitFor({ state: 'visible' });
  let box = await page.locator('#import-error').boundingBox();
  const loadBox = await page.locator('#import').boundingBox();
  check(inside(box, view) && box.y >= loadBox.y + loadBox.height - 1 && box.y - (loadBox.y + loadBox.height) < 100,
    `the Load box's error is under it and inside the ${view.width}x${view.height} window (${JSON.stringify(box)})`);
  check(await page.isHidden('#error'), 'and not in the banner far from the box');
  await shot('4-load-error');
  await page.evaluate(() => { location.hash = '#g=AAAA-broken'; });
  await page.locator('#error').waitFor({ state: 'visible' });
  box = await page.locator('#error').boundingBox();
  const gameBox = await page.locator('#game').boundingBox();
  check(inside(box, view) && inside(gameBox, view), `a broken link's error banner is wholly inside the window, the game below it too (${JSON.stringify(box)})`);
  await shot('5-banner');

  // 7. Storage full: said once; a new game asks while this one is not kept; kept again, it does not.
  await page.evaluate(() => {
    const setItem = Storage.prototype.setItem;
    window.__setItem = setItem;
    Storage.prototype.setItem = function (key, value) {
      if (key.startsWith('napoleonic.game.')) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return setItem.call(this, key, value);
    };
  });
  await clickAction(page, 0);
  const full = await page.evaluate(() => ({ shown: !$root().getElementById('storage-note').hidden, text: $root().getElementById('storage-text').textContent }));
  check(full.shown && /storage for this page is full/.test(full.text), `a full storage is said (${full.text})`);
  check((await state(page)).error === null, 'and the choice is made all the same');
  await page.click('#storage-ok');
  await page.click('#new-game');
  await page.click('#start-button');
  await page.locator('#ask').waitFor({ state: 'visible' });
  check(/storage for this page is full/.test(await page.textContent('#ask-text')), 'a new game asks first while the game is not kept');
  await page.click('#ask-no');
  await page.waitForSelector('#game:not([hidden])');
  await page.evaluate(() => { Storage.prototype.setItem = window.__setItem; });
  const before = (await state(page)).choices;
  await clickAction(page, 0);
  await page.click('#new-game');
  await page.click('#start-button');
  await choicesReach(page, 0);
  check(!(await page.isVisible('#ask')) && (await keptGames(page)).some((g) => g.choices === before + 1),
    'with room again the game is kept after its next choice, and a new game starts beside it without asking');

  // 8. Last (the refusal stays for every later load of this page): storage refused.
  await noStorage(page, origin);
}

/** Storage refused (a cross-origin iframe): one notice, play goes on, a game that would be lost is asked about. */
async function noStorage(page, origin) {
  const shot = shooter(page, 'games-nostorage');
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException("Failed to read the 'localStorage' property from 'Window': The document is sandboxed and lacks the 'allow-same-origin' flag.", 'SecurityError');
      },
    });
  });
  await page.goto(origin + '/');
  await ready(page);
  const notice = () => page.evaluate(() => ({ shown: !$root().getElementById('storage-note').hidden, text: $root().getElementById('storage-text').textContent }));
  let n = await notice();
  check(n.shown && /cannot save games here/.test(n.text) && /blocks storage/.test(n.text) && /export the saved string/.test(n.text), `the page says once that it cannot save games (${n.text})`);
  const s = await newBailen(page, 33, 3);
  check(s.choices === 3 && s.error === null, 'play goes on: three choices made without an error', s.error);
  n = await notice();
  check(n.shown && (await page.locator('#storage-note').count()) === 1, 'the notice is still the one');
  await shot('1-notice');
  await page.click('#storage-ok');
  await clickAction(page, 0);
  check(!(await notice()).shown, 'dismissed, it does not come back with the next choice');
  // A new game would lose this one: asked first; "Go back" keeps it.
  await page.click('#new-game');
  await page.click('#start-button');
  await page.locator('#ask').waitFor({ state: 'visible' });
  const question = (await page.textContent('#ask-text')) ?? '';
  check(/not saved in this browser/.test(question) && /export/.test(question), `starting a new game asks first (${question})`);
  await shot('2-asks');
  await page.click('#ask-no');
  await page.waitForSelector('#game:not([hidden])');
  check((await state(page)).choices === 4, '"Go back to it" keeps the game with its 4 choices');
  await page.click('#new-game');
  await page.click('#start-button');
  await page.click('#ask-yes');
  await choicesReach(page, 0);
  check((await state(page)).choices === 0, 'confirmed, the new game starts');
}

/** On a phone: a broken string's error shows under the Load box it was pasted in, in view. */
export async function gamesPhone({ page, origin }) {
  const shot = shooter(page, 'games-phone');
  const view = page.viewportSize();
  await page.goto(origin + '/');
  await ready(page);
  await newBailen(page, 44, 1, true);
  const nearLoad = async (field, button, error, where) => {
    await page.locator(field).scrollIntoViewIfNeeded();
    await page.fill(field, 'this is not a saved game');
    await page.tap(button);
    await page.locator(error).waitFor({ state: 'visible' });
    const box = await page.locator(error).boundingBox();
    const load = await page.locator(button).boundingBox();
    const gap = box.y - (load.y + load.height);
    check(inside(box, view) && gap >= -1 && gap < 100, `${where}: the error is inside the ${view.width}x${view.height} screen, ${gap.toFixed(0)} px under Load (${JSON.stringify(box)})`);
  };
  await nearLoad('#import-text', '#import', '#import-error', 'in the game');
  await shot('1-load-error');
  await page.tap('#new-game');
  await nearLoad('#start-import-text', '#start-import', '#start-import-error', 'on the start screen');
  await shot('2-start-load-error');
  const rows = await listed(page);
  check(rows.length === 1, 'the start screen lists the game in progress on the phone too', rows);
  await page.tap('#games-list button.resume');
  await page.waitForSelector('#game:not([hidden])');
  check((await state(page)).choices === 1, 'a tap on Resume brings it back');
}
