// Play by email through the page only (issue 13): two players, each in a browser profile of
// their own (separate storage), play a Bailén game by email: the opening exchange, then turns
// of real moves (the legal actions clicked as a player would), each string copied from one
// page's "Send your turn" and pasted into the other's "Open your opponent's turn". Checks: the
// passphrase is never in storage unless "remember" was ticked and never in any request; an
// older string and a string with one character changed are refused in words, changing nothing;
// both pages agree on the game after the exchange. mailPhone: the start and send screens at
// phone size.
import { check, openBrowser, ready, shooter, state } from './lib.mjs';

const PASS_A = 'rampart lantern quietly 41';
const PASS_B = 'olive grove at noon';

/** Every request's URL and body, to check that no passphrase leaves the page. */
function watchRequests(page, sent) {
  page.on('request', (req) => sent.push(`${req.url()} ${req.postData() ?? ''}`));
}

const mailState = (page) => page.evaluate(() => $app().dataset.mail ?? '');
const waitMail = (page, key) => page.waitForSelector(`#app[data-mail="${key}"]`, { timeout: 30_000 });
const stored = (page) => page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));

/** Start a game by email on the start screen as the first side. */
async function startByMail(page, origin, shot, { remember = false } = {}) {
  await page.goto(origin + '/');
  await ready(page);
  await page.selectOption('#ruleset', 'bailen');
  check(await page.isEnabled('#how-mail'), 'Bailén offers "By email"');
  await page.check('#how-mail');
  check(await page.isVisible('#mail-fields') && !(await page.isVisible('#players')), 'by email: side and passphrase asked, no players or seed');
  await page.setChecked('#options input[name="historical_deployment"]', true);
  await page.fill('#mail-pass', PASS_A);
  await page.fill('#mail-pass2', PASS_A + 'x');
  await page.setChecked('#mail-remember', remember);
  await shot('start');
  await page.click('#start-button');
  await page.waitForSelector('#start-error:not([hidden])');
  check(/differ/.test(await page.textContent('#start-error')), 'two different passphrases are refused');
  await page.fill('#mail-pass2', PASS_A);
  await page.click('#start-button');
  await waitMail(page, 'opening');
  await shot('send-opening');
  return page.inputValue('#mail-text');
}

/** Paste `text` into "Open your opponent's turn" (the game panel's). */
async function openTurn(page, text) {
  if (!(await page.isVisible('#mail-in'))) await page.click('#mail-open-box summary');
  await page.fill('#mail-in', text);
  await page.click('#mail-receive');
}

/** Play the local turn with real moves (the first legal action each time) and send it. */
async function playAndSend(page) {
  let clicks = 0;
  while ((await mailState(page)) === 'play' && clicks < 120) {
    const before = Number(await page.evaluate(() => $app().dataset.choices));
    await page.click('#actions button[data-index="0"]');
    await page.waitForFunction((k) => Number($app().dataset.choices) > k || $app().dataset.mail !== 'play', before, { timeout: 10_000 });
    clicks++;
  }
  await waitMail(page, 'send');
  await page.click('#mail-send');
  await page.waitForSelector('#mail-out:not([hidden])');
  await page.click('#mail-copy');
  return { clicks, text: await page.inputValue('#mail-text'), summary: await page.textContent('#mail-summary') };
}

export default async function mail({ page: a, origin, perf }) {
  const sent = [];
  watchRequests(a, sent);
  const shotA = shooter(a, 'mail-a');
  const opening = await startByMail(a, origin, shotA);
  check(opening.includes('#m=') && /A new game of Bailén/.test(opening), 'the opening: a text block with a #m= link and a summary', opening.slice(0, 120));
  const derive = await a.evaluate(() => $host().testTimings.mail.deriveMs[0]);

  const other = await openBrowser(origin);
  const b = other.page;
  watchRequests(b, sent);
  const shotB = shooter(b, 'mail-b');
  try {
    await b.goto(origin + '/');
    await ready(b);
    await b.fill('#start-mail-text', opening);
    await b.click('#start-mail-open');
    await b.waitForSelector('#mail-ask[open]');
    check(await b.isVisible('#mail-ask-pass2'), 'answering an opening: a new passphrase, typed twice');
    await b.fill('#mail-ask-pass', PASS_B);
    await b.fill('#mail-ask-pass2', PASS_B);
    await b.check('#mail-ask-remember');
    await shotB('open-opening');
    await b.click('#mail-ask-ok');
    await waitMail(b, 'wait');
    const answer = await b.inputValue('#mail-text');
    await shotB('send-answer');

    await openTurn(a, answer);
    await a.waitForFunction(() => ['send', 'play'].includes($app().dataset.mail ?? ''));
    const strings = [opening, answer];
    let [me, them] = [a, b];
    let plays = { a: 0, b: 0 };
    for (let turn = 1; turn <= 7; turn++) {
      const { clicks, text, summary } = await playAndSend(me);
      if (clicks > 0) plays[me === a ? 'a' : 'b']++;
      check(summary.startsWith(`Turn ${turn}, `), `turn ${turn}: sent after ${clicks} move(s): ${summary.slice(0, 90)}`);
      strings.push(text);
      if (turn === 4) await (me === a ? shotA : shotB)('send-turn');
      await openTurn(them, text);
      await them.waitForFunction(() => ['send', 'play'].includes($app().dataset.mail ?? ''), null, { timeout: 30_000 });
      const news = await them.$$eval('#mail-news li', (li) => li.length);
      check(news >= clicks, `turn ${turn}: the other page shows what happened (${news} lines since its last turn)`);
      if (turn === 4) await (them === a ? shotA : shotB)('open-turn');
      [me, them] = [them, me];
    }
    check(plays.a >= 3 && plays.b >= 3, `each side played at least 3 turns of moves (${plays.a} and ${plays.b})`);
    // Both pages agree: the one to play has the turn, the other waits.
    const [sa, sb] = [await state(a), await state(b)];
    check(sa.choices === sb.choices && sa.log === sb.log, `both pages hold the same game (${sa.choices} choices, ${sa.log} log lines)`, { a: [sa.choices, sa.log], b: [sb.choices, sb.log] });
    const statusA = await a.textContent('#status-list');
    const statusB = await b.textContent('#status-list');
    check(statusA === statusB, 'both pages show the same situation (round, step)', { a: statusA, b: statusB });

    // The page to play now (`me`) holds the latest string: refusals change nothing.
    const latest = strings[strings.length - 1].match(/#m=([A-Za-z0-9_-]+)/)[1];
    const before = await state(me);
    await openTurn(me, strings[strings.length - 3]);
    const errorAt = '#mail-error:not([hidden])';
    await me.waitForSelector(errorAt);
    check(/older turn than the one you have/.test(await me.textContent('#mail-error')), 'an older string is refused: "older turn"', await me.textContent('#mail-error'));
    const i = Math.floor(latest.length / 2);
    const edited = latest.slice(0, i) + (latest[i] === 'A' ? 'B' : 'A') + latest.slice(i + 1);
    await openTurn(me, edited);
    await me.waitForFunction(() => /changed after it was sent/.test($root().getElementById('mail-error')?.textContent ?? ''));
    check(true, `a string with one character changed is refused: "${await me.textContent('#mail-error')}"`);
    const after = await state(me);
    check(after.choices === before.choices && after.log === before.log && (await mailState(me)) === 'play', 'nothing changed on a refusal');

    const [inA, inB] = [await stored(a), await stored(b)];
    check(!inA.includes(PASS_A) && !inA.includes(PASS_B), "A's passphrase (not remembered) is not in A's storage");
    check(inB.includes(PASS_B), "B's passphrase is in B's storage: B ticked \"remember\"");
    check(!sent.some((r) => r.includes(PASS_A) || r.includes(PASS_B) || r.includes(encodeURIComponent(PASS_A))), `no request holds a passphrase (${sent.length} requests)`);
    perf.mail = { deriveMs: derive, stringLengthAfter7Turns: latest.length, turns: 7 };
    console.log(`      (key derived in ${derive.toFixed(0)} ms in Chromium; the string after 7 turns: ${latest.length} characters)`);
    check(other.consoleErrors.length === 0, "the second player's page: no console errors", other.consoleErrors);
  } finally {
    await other.close();
  }
}

/** At phone size: the start screen with the mail choice, the send screen and the open screen. */
export async function mailPhone({ page, origin }) {
  const shot = shooter(page, 'mail-phone');
  const opening = await startByMail(page, origin, shot);
  check(opening.includes('#m='), 'phone: the opening to send');
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  check(scroll, 'phone: the send screen fits the width');
  await page.evaluate(() => $root().getElementById('mail-out')?.scrollIntoView());
  await shot('send');
  await page.click('#new-game');
  await page.fill('#start-mail-text', opening);
  await shot('open');
}
