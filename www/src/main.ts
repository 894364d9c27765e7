// The page shell: start screen, the current decision, the log, undo, export/import, autosave.
//
// No rules here: every question goes to the engine's Game handle (see engine.ts).
import { actionView } from './actions.js';
import { errorMessage, loadEngine, Session, type GameSpec, type Options } from './engine.js';
import { GameLog, isLogEntries, outcomeWords, type LogEntry } from './log.js';

const AUTOSAVE_KEY = 'napoleonic.autosave';

/** What is kept in localStorage after every action. */
interface Autosave {
  version: 1;
  save: string;
  log: LogEntry[];
}

const RULESET_TITLES: Record<string, string> = { bailen: 'Bailén 1808' };

function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page lacks #${id}`);
  return element as T;
}

const ui = {
  title: byId<HTMLSpanElement>('title'),
  status: byId<HTMLSpanElement>('status'),
  error: byId<HTMLDivElement>('error'),
  start: byId<HTMLElement>('start'),
  startForm: byId<HTMLFormElement>('start-form'),
  ruleset: byId<HTMLSelectElement>('ruleset'),
  seed: byId<HTMLInputElement>('seed'),
  options: byId<HTMLFieldSetElement>('options'),
  cancelStart: byId<HTMLButtonElement>('cancel-start'),
  game: byId<HTMLElement>('game'),
  prompt: byId<HTMLParagraphElement>('prompt'),
  actions: byId<HTMLUListElement>('actions'),
  undo: byId<HTMLButtonElement>('undo'),
  newGame: byId<HTMLButtonElement>('new-game'),
  log: byId<HTMLOListElement>('log'),
  saves: byId<HTMLElement>('saves'),
  exportButton: byId<HTMLButtonElement>('export'),
  copy: byId<HTMLButtonElement>('copy'),
  exportText: byId<HTMLTextAreaElement>('export-text'),
  importText: byId<HTMLTextAreaElement>('import-text'),
  importButton: byId<HTMLButtonElement>('import'),
};

let session: Session | null = null;
const log = new GameLog(ui.log);
const view = actionView(ui.prompt, ui.actions, choose);

function showError(message: string): void {
  ui.error.textContent = message;
  ui.error.hidden = false;
}

function clearError(): void {
  ui.error.hidden = true;
  ui.error.textContent = '';
}

function setStatus(text: string): void {
  ui.status.textContent = text;
}

function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
}

// ---- autosave -------------------------------------------------------------------------------

function autosave(): void {
  if (!session) return;
  const record: Autosave = { version: 1, save: session.exportString(), log: log.all() };
  try {
    localStorage.setItem(AUTOSAVE_KEY, JSON.stringify(record));
  } catch (e) {
    setStatus(`Autosave failed: ${errorMessage(e)}`);
  }
}

function readAutosave(): Autosave | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(AUTOSAVE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Autosave>;
    if (typeof parsed.save === 'string') {
      return { version: 1, save: parsed.save, log: isLogEntries(parsed.log) ? parsed.log : [] };
    }
  } catch {
    // An older page kept the bare string.
    return { version: 1, save: raw, log: [] };
  }
  return null;
}

// ---- showing the game -------------------------------------------------------------------------

function render(): void {
  const s = session;
  ui.saves.hidden = false;
  ui.exportButton.disabled = ui.copy.disabled = !s;
  if (!s) {
    ui.game.hidden = true;
    return;
  }
  try {
    ui.title.textContent = RULESET_TITLES[s.ruleset()] ?? s.ruleset();
    const prompt = s.prompt();
    let outcomeText = 'The game is over.';
    if (!prompt) {
      const outcome = s.outcome();
      if (outcome) outcomeText = `Game over: ${outcomeWords(s, outcome)}.`;
    }
    view.show(s, prompt, outcomeText);
    ui.undo.disabled = !s.canUndo();
    document.body.dataset.choices = String(s.choiceCount());
  } catch (e) {
    showError(`The engine could not show this position: ${errorMessage(e)}`);
  }
}

function showGame(): void {
  ui.start.hidden = true;
  ui.game.hidden = false;
  render();
}

function showStart(): void {
  ui.seed.value = String(randomSeed());
  ui.cancelStart.hidden = !session;
  ui.game.hidden = true;
  ui.start.hidden = false;
  ui.ruleset.focus();
}

/** Make `next` the current game, freeing the previous one. */
function adopt(next: Session, entries: LogEntry[]): void {
  const previous = session;
  session = next;
  if (previous && previous !== next) previous.free();
  log.reset(entries);
  ui.exportText.value = '';
  autosave();
  showGame();
}

// ---- the player's commands -------------------------------------------------------------------------

function choose(index: number, label: string): void {
  const s = session;
  if (!s) return;
  const side = s.prompt()?.side ?? '';
  try {
    const events = s.applyIndex(index);
    clearError();
    log.record(s, s.choiceCount(), side, label, events);
  } catch (e) {
    showError(errorMessage(e));
  }
  autosave();
  render();
}

function readSpec(): GameSpec {
  const option = ui.ruleset.selectedOptions[0];
  // The engine validates the options; the form only collects them.
  const options: Record<string, unknown> = {};
  for (const input of ui.options.querySelectorAll<HTMLInputElement>('input[type=checkbox]')) {
    options[input.name] = input.checked;
  }
  for (const select of ui.options.querySelectorAll<HTMLSelectElement>('select')) {
    options[select.name] = select.value;
  }
  const seed = Number(ui.seed.value);
  return {
    ruleset: ui.ruleset.value,
    scenario: option?.dataset.scenario ?? '',
    options: options as Partial<Options>,
    seed: Number.isInteger(seed) && seed >= 0 ? seed >>> 0 : randomSeed(),
  };
}

function startGame(event: SubmitEvent): void {
  event.preventDefault();
  const spec = readSpec();
  let next: Session;
  try {
    next = Session.start(spec);
  } catch (e) {
    showError(`Could not start the game: ${errorMessage(e)}`);
    return;
  }
  clearError();
  const title = RULESET_TITLES[spec.ruleset] ?? spec.ruleset;
  adopt(next, [{ choice: 0, lines: [{ kind: 'note', text: `New game of ${title}, scenario ${spec.scenario}, seed ${spec.seed}.` }] }]);
  setStatus('Game started.');
}

function undo(): void {
  const s = session;
  if (!s) return;
  try {
    s.undo();
    clearError();
    log.truncate(s.choiceCount());
  } catch (e) {
    showError(errorMessage(e));
  }
  autosave();
  render();
}

function exportGame(): void {
  if (!session) return;
  ui.exportText.value = session.exportString();
  ui.exportText.select();
  setStatus('Saved game string ready to copy.');
}

async function copyExport(): Promise<void> {
  if (!session) return;
  if (!ui.exportText.value) exportGame();
  try {
    await navigator.clipboard.writeText(ui.exportText.value);
    setStatus('Copied to the clipboard.');
  } catch {
    ui.exportText.select();
    const ok = document.execCommand('copy');
    setStatus(ok ? 'Copied to the clipboard.' : 'Select the text and copy it by hand.');
  }
}

function importGame(): void {
  const text = ui.importText.value.trim();
  if (!text) {
    showError('Paste a saved game string first.');
    return;
  }
  let next: Session;
  try {
    next = Session.import(text);
  } catch (e) {
    // The current game is untouched.
    showError(`Could not load that saved game: ${errorMessage(e)}`);
    return;
  }
  clearError();
  adopt(next, [{ choice: next.choiceCount(), lines: [{ kind: 'note', text: `Loaded a saved game after ${next.choiceCount()} choices.` }] }]);
  setStatus('Saved game loaded.');
}

/** Restore the autosaved game, if any; true when a game was restored. */
function restore(): boolean {
  const saved = readAutosave();
  if (!saved) return false;
  let next: Session;
  try {
    next = Session.import(saved.save);
  } catch (e) {
    showError(`The autosaved game could not be restored: ${errorMessage(e)}. Its string is in the Load box.`);
    ui.importText.value = saved.save;
    return false;
  }
  const count = next.choiceCount();
  const last = saved.log.reduce((n, e) => Math.max(n, e.choice), 0);
  const entries =
    saved.log.length > 0 && last === count
      ? saved.log
      : [{ choice: count, lines: [{ kind: 'note' as const, text: `Restored a saved game after ${count} choices.` }] }];
  adopt(next, entries);
  setStatus('Restored the autosaved game.');
  return true;
}

async function main(): Promise<void> {
  ui.startForm.addEventListener('submit', startGame);
  ui.cancelStart.addEventListener('click', showGame);
  ui.undo.addEventListener('click', undo);
  ui.newGame.addEventListener('click', showStart);
  ui.exportButton.addEventListener('click', exportGame);
  ui.copy.addEventListener('click', () => void copyExport());
  ui.importButton.addEventListener('click', importGame);
  try {
    await loadEngine();
  } catch (e) {
    showError(`The rules engine could not be loaded: ${errorMessage(e)}`);
    setStatus('Engine not loaded.');
    return;
  }
  setStatus('Engine ready.');
  if (!restore()) showStart();
  render();
  document.body.dataset.ready = 'true';
}

void main();
