// Play by email through the wasm bindings (src/wasm.rs over src/mail/), under Node, with the
// production Argon2 settings the page uses: a whole exchange of a few turns between two mail
// games of Bailén (each side its own instance, strings passed between them), a wrong
// passphrase, an edited string, an older string, and Bloody Monday refused (hidden facts).
// Run after scripts/build.sh: node tests/node/mail.mjs (it reads pkg/, the every-ruleset build).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const pkg = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../pkg');
const engine = await import(pathToFileURL(path.join(pkg, 'napoleonic.js')).href);
engine.initSync({ module: readFileSync(path.join(pkg, 'napoleonic_bg.wasm')) });
const { BailenGame, BloodyMondayGame, NapoleonsBattlesGame, catalogue, mailPeek } = engine;

let failures = 0;
const ok = (cond, what) => {
  console.log(`  ${cond ? 'ok  ' : 'FAIL'} ${what}`);
  if (!cond) failures++;
};
/** `f` throws an Error of kind `kind` whose message matches `re`. */
const refuses = (f, re, what, kind = 'mail') => {
  try {
    f();
    ok(false, `${what}: refused (it was accepted)`);
  } catch (e) {
    ok(e instanceof Error && re.test(e.message) && e.kind === kind, `${what}: refused (${e.kind}: ${e.message})`);
  }
};

const cat = catalogue();
const info = (id) => cat.rulesets.find((r) => r.id === id);
console.log('-- the catalogue says which rulesets play by email');
ok(info('bailen').mail && info('napoleons-battles').mail && info('bailen').mail_note === null, 'Bailén and Napoleon\'s Battles: by email');
ok(!info('bloody-monday').mail && /hidden/.test(info('bloody-monday').mail_note ?? ''), `Bloody Monday: not by email (${info('bloody-monday').mail_note})`);
ok(!info('muskets-battle').mail, 'the Field Battle: not by email');

console.log('-- Bailén: the opening exchange');
const [first, second] = info('bailen').sides;
const passA = 'rampart lantern quietly 41';
const passB = 'olive grove at noon';
let t0 = performance.now();
const a = BailenGame.mailStart(first, passA, info('bailen').default_scenario, { historical_deployment: true });
const deriveMs = performance.now() - t0;
console.log(`    (the key of a side derived in ${deriveMs.toFixed(0)} ms, production Argon2id)`);
const opening = a.mailString();
const peek = mailPeek(opening);
ok(peek.ruleset === 'bailen' && peek.entries === 1 && peek.sender === 0, `mailPeek reads an opening (${JSON.stringify(peek)})`);
ok(a.isMail() && a.mailStatus().entries === 1 && !a.mailStatus().started, 'the opener waits for the answer');
const b = BailenGame.mailAnswer(opening, passB);
ok(b.mailStatus().side === second && b.mailStatus().entries === 2, 'the answerer takes the other side');
ok(a.mailReceive(b.mailString()) === 1, 'the opener takes in the answer');
ok(a.mailFingerprint(second) === b.mailFingerprint(second) && a.mailFingerprint(first) === b.mailFingerprint(first), `both see the same fingerprints (${a.mailFingerprint(first)} / ${a.mailFingerprint(second)})`);
ok(a.mailReceive(b.mailString()) === 0, 'the same string again: nothing new');
ok(!new BailenGame(info('bailen').default_scenario, {}, 1).isMail(), 'a hot-seat game is not by email');

console.log('-- six turns');
const strings = [opening, b.mailString()];
let [me, them] = [a, b];
let choices = 0;
for (let turn = 1; turn <= 6; turn++) {
  let n = 0;
  while (me.isMyTurn() && n < 300) {
    me.applyIndex(0);
    n++;
  }
  const status = me.mailStatus();
  ok(status.to_send && !status.my_turn, `turn ${turn}: ${status.side} played ${n} choice(s) and has a turn to send`);
  const s = me.mailSend();
  strings.push(s);
  ok(me.mailSummary()?.startsWith(`Turn ${turn}, `), `turn ${turn}: ${me.mailSummary()?.slice(0, 100)}`);
  const added = them.mailReceive(s);
  ok(added === 1 && them.choiceCount() === me.choiceCount(), `turn ${turn}: received (${them.choiceCount()} choices on both)`);
  ok(JSON.stringify(them.prompt()) === JSON.stringify(me.prompt()), `turn ${turn}: both at the same decision`);
  ok(JSON.stringify(them.mailNews()) === JSON.stringify(me.history().slice(me.history().length - them.mailNews().length)), `turn ${turn}: the news is the end of the sender's history`);
  choices = me.choiceCount();
  [me, them] = [them, me];
}
const latest = strings[strings.length - 1];
console.log(`    (the string after 6 turns: ${latest.length} characters, ${choices} choices)`);
ok(a.history().length === choices + 1 && b.history().length === choices + 1, 'both histories: the opening and every choice');
const early = a.replayTo(1);
ok(early.choiceCount() === 1 && early.history().length === 2, 'an earlier position replays');
refuses(() => early.applyIndex(0), /earlier position/, 'an earlier position cannot be played');

console.log('-- refusals change nothing');
const holder = me; // the side to play now, which received `latest`
const before = holder.choiceCount();
refuses(() => holder.mailReceive(strings[strings.length - 3]), /older turn than the one you have/, 'an older string');
const i = Math.floor(latest.length / 2);
const edited = latest.slice(0, i) + (latest[i] === 'A' ? 'B' : 'A') + latest.slice(i + 1);
refuses(() => holder.mailReceive(edited), /changed after it was sent/, 'a string with one character changed');
refuses(() => holder.mailReceive(latest.slice(0, 40) + '!' + latest.slice(41)), /damaged while being copied/, 'a string with a stray character');
refuses(() => holder.mailReceive(''), /empty/, 'an empty string');
ok(holder.choiceCount() === before && holder.isMyTurn(), 'the game held is unchanged');
refuses(() => BailenGame.mailAnswer(latest, 'x'), /not an opening/, 'answering a game already begun');

console.log('-- another machine: the latest string and the passphrase');
const sideNow = holder.mailStatus().side;
const passNow = holder === a ? passA : passB;
const fresh = BailenGame.mailLoad(latest, sideNow, undefined);
ok(!fresh.mailStatus().unlocked && fresh.mailStatus().next_is_mine && !fresh.isMyTurn(), 'loaded locked: its turn waits for the passphrase');
refuses(() => fresh.applyIndex(0), /Enter your passphrase first/, 'a move before unlocking');
refuses(() => fresh.mailUnlock('not my passphrase'), /does not unlock your side/, 'a wrong passphrase');
refuses(() => BailenGame.mailLoad(latest, sideNow, 'not my passphrase'), /does not unlock your side/, 'a wrong passphrase at load');
fresh.mailUnlock(passNow);
ok(fresh.isMyTurn() && JSON.stringify(fresh.prompt()) === JSON.stringify(holder.prompt()), 'unlocked: it plays on from the same decision');
fresh.applyIndex(0);
ok(fresh.choiceCount() === holder.choiceCount() + 1, 'a choice is played');

console.log('-- hidden facts are refused; Napoleon\'s Battles opens');
const bm = info('bloody-monday');
refuses(() => BloodyMondayGame.mailStart(bm.sides[0], 'x y z', bm.default_scenario, {}), /does not support .*hidden/, 'Bloody Monday by email');
const nb = info('napoleons-battles');
const n1 = NapoleonsBattlesGame.mailStart(nb.sides[1], 'nb one', nb.default_scenario, {});
const n2 = NapoleonsBattlesGame.mailAnswer(n1.mailString(), 'nb two');
ok(n1.mailReceive(n2.mailString()) === 1 && n1.mailStatus().started, `Napoleon's Battles: the opening exchange (${n1.mailStatus().my_turn ? 'the opener plays' : 'the opener reveals'} turn 1)`);
refuses(() => BailenGame.mailLoad(n1.mailString(), first, undefined), /not of 'bailen'/, 'a Napoleon\'s Battles string in Bailén');

console.log(failures ? `\n${failures} FAILED` : '\nall passed');
process.exit(failures ? 1 : 0);
