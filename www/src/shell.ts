// The shell of <napoleonic-game> (element.ts), shared by every ruleset: start screen, the board,
// the current decision, the legal actions, the status panel, the log with replay of earlier
// positions, undo, the games kept in this browser (ui/saves.ts), export/import and share links.
// createShell() holds one element's state: each element on a page has its own.
//
// No rules here: every question goes to the engine's Game handle (engine.ts); each ruleset's
// words and drawings come from its adapter (games/<ruleset>.ts); the map from boards/hex.ts.
import { AreaBoard } from './boards/areas.js';
import { BattleBoard } from './boards/battle.js';
import { TableBoard } from './boards/table.js';
import { HexBoard, PIECE, type BoardMarks, type Where } from './boards/hex.js';
import { chitOf, chitPlace, type Board, type BoardEvents } from './boards/board.js';
import { ComputerPlayer, DEFAULT_LEVEL, LEVELS, levelOf } from './computer.js';
import type { MailPeek } from '../pkg/napoleonic.js';
import { confirmCatalogue, errorMessage, loadedRuleset, loadRuleset, mailPeek, refusalOf, savedRuleset, Session, type EngineModule, type EnginePrompt, type HistoryStep, type RulesetTypes } from './engine.js';
import type { BoardDrawing, GameUI, Intent, RuleRef, RulesetEntry, Shortcut, SideInfo, ViewBoards, ViewDrawing } from './games/adapter.js';
import { forgetRulesets, rulesetById, rulesets } from './games/index.js';
import { dieElement } from './ui/dice.js';
import { GameLog, type LogGroup } from './ui/log.js';
import { oddsBar } from './ui/odds.js';
import { mailbox } from './ui/mailbox.js';
import { OPPONENTS, type ErrorSource, type GameAttribute, type NapoleonicGameEventMap, type TestTimings } from './api.js';
import { GameShelf, newGameId, playedWhen, type GameRecord, type GameSummary, type StorageProblem } from './ui/saves.js';

// The shell hands the engine's values back to the adapter of the session that gave them; it
// reads none of them itself beyond the bounds of RulesetTypes (a side is a string).
type EngineAction = RulesetTypes['action'];
type EngineEvent = RulesetTypes['event'];
type EngineView = RulesetTypes['view'];

/** Why a read-only element takes no input. */
const READ_ONLY = 'This game is read-only here: it takes no moves.';

/** What the shell needs of its element. */
export interface ShellHooks {
  /** The project's page (start screen, games kept in this browser, links); else an embedded game. */
  page: boolean;
  /** An attribute of the element as it stands. */
  get(name: GameAttribute): string | null;
  /** Write an attribute to match the game on the screen (not taken as a request). */
  reflect(name: GameAttribute, value: string | null): void;
  emit<K extends keyof NapoleonicGameEventMap>(type: K, detail: NapoleonicGameEventMap[K]['detail']): void;
}

/** What the element asks of its shell. */
export interface ShellApi {
  ready: Promise<void>;
  perf: TestTimings['perf'];
  mailPerf: TestTimings['mail'];
  connect(): void;
  disconnect(): void;
  exportString(): string;
  importString(text: string): Promise<boolean>;
  undo(): boolean;
  /** The embedder changed an attribute. */
  changed(name: GameAttribute, value: string | null, old: string | null): void;
}

/** An action's tag, for test hooks and the perf report ("Attack"). */
function actionTag(action: EngineAction): string {
  return 'type' in action && typeof action.type === 'string' ? action.type : 'action';
}

export function createShell(root: ShadowRoot, hooks: ShellHooks): ShellApi {
  function byId<T extends HTMLElement>(id: string): T {
    const element = root.getElementById(id);
    if (!element) throw new Error(`the element's markup lacks #${id}`);
    return element as T;
  }

  /** The element's top box: its data-* say where the game stands (tests and styling read them). */
  const app = byId<HTMLDivElement>('app');

  const el = {
    title: byId<HTMLSpanElement>('title'),
    status: byId<HTMLSpanElement>('status'),
    error: byId<HTMLDivElement>('error'),
    storageNote: byId<HTMLDivElement>('storage-note'),
    storageText: byId<HTMLSpanElement>('storage-text'),
    storageOk: byId<HTMLButtonElement>('storage-ok'),
    games: byId<HTMLElement>('games'),
    gamesList: byId<HTMLUListElement>('games-list'),
    startError: byId<HTMLParagraphElement>('start-error'),
    startImportError: byId<HTMLParagraphElement>('start-import-error'),
    decideError: byId<HTMLParagraphElement>('decide-error'),
    importError: byId<HTMLParagraphElement>('import-error'),
    saveNote: byId<HTMLParagraphElement>('save-note'),
    ask: byId<HTMLDialogElement>('ask'),
    askText: byId<HTMLParagraphElement>('ask-text'),
    askYes: byId<HTMLButtonElement>('ask-yes'),
    askNo: byId<HTMLButtonElement>('ask-no'),
    start: byId<HTMLElement>('start'),
    startForm: byId<HTMLFormElement>('start-form'),
    ruleset: byId<HTMLSelectElement>('ruleset'),
    scenario: byId<HTMLSelectElement>('scenario'),
    scenarioLabel: byId<HTMLLabelElement>('scenario-label'),
    players: byId<HTMLDivElement>('players'),
    level: byId<HTMLSelectElement>('level'),
    levelLabel: byId<HTMLLabelElement>('level-label'),
    seed: byId<HTMLInputElement>('seed'),
    options: byId<HTMLFieldSetElement>('options'),
    cancelStart: byId<HTMLButtonElement>('cancel-start'),
    startImportText: byId<HTMLTextAreaElement>('start-import-text'),
    startImport: byId<HTMLButtonElement>('start-import'),
    startImportFile: byId<HTMLInputElement>('start-import-file'),
    scenarioFile: byId<HTMLInputElement>('scenario-file'),
    game: byId<HTMLElement>('game'),
    side: byId<HTMLElement>('side'),
    outcome: byId<HTMLElement>('outcome'),
    promptSide: byId<HTMLSpanElement>('prompt-side'),
    prompt: byId<HTMLParagraphElement>('prompt'),
    promptRule: byId<HTMLDetailsElement>('prompt-rule'),
    promptNote: byId<HTMLParagraphElement>('prompt-note'),
    promptPiece: byId<HTMLDivElement>('prompt-piece'),
    promptDice: byId<HTMLDivElement>('prompt-dice'),
    dice: byId<HTMLDivElement>('dice'),
    odds: byId<HTMLDivElement>('odds'),
    actions: byId<HTMLUListElement>('actions'),
    quick: byId<HTMLDivElement>('quick'),
    actionCount: byId<HTMLSpanElement>('action-count'),
    undo: byId<HTMLButtonElement>('undo'),
    undoNote: byId<HTMLSpanElement>('undo-note'),
    deselect: byId<HTMLButtonElement>('deselect'),
    newGame: byId<HTMLButtonElement>('new-game'),
    statusList: byId<HTMLDListElement>('status-list'),
    log: byId<HTMLOListElement>('log'),
    replayFirst: byId<HTMLButtonElement>('replay-first'),
    replayBack: byId<HTMLButtonElement>('replay-back'),
    replayForward: byId<HTMLButtonElement>('replay-forward'),
    replayLive: byId<HTMLButtonElement>('replay-live'),
    replayBanner: byId<HTMLDivElement>('replay-banner'),
    replayText: byId<HTMLSpanElement>('replay-text'),
    replayExit: byId<HTMLButtonElement>('replay-exit'),
    exportButton: byId<HTMLButtonElement>('export'),
    copy: byId<HTMLButtonElement>('copy'),
    download: byId<HTMLButtonElement>('download'),
    share: byId<HTMLButtonElement>('share'),
    shareLabel: byId<HTMLLabelElement>('share-label'),
    shareLink: byId<HTMLInputElement>('share-link'),
    exportText: byId<HTMLTextAreaElement>('export-text'),
    importText: byId<HTMLTextAreaElement>('import-text'),
    importButton: byId<HTMLButtonElement>('import'),
    importFile: byId<HTMLInputElement>('import-file'),
    boardArea: byId<HTMLDivElement>('board-area'),
    board: byId<HTMLDivElement>('board'),
    zoomIn: byId<HTMLButtonElement>('zoom-in'),
    zoomOut: byId<HTMLButtonElement>('zoom-out'),
    zoomFit: byId<HTMLButtonElement>('zoom-fit'),
    hoverCard: byId<HTMLDivElement>('hover-card'),
    thinking: byId<HTMLDivElement>('thinking'),
    thinkText: byId<HTMLSpanElement>('think-text'),
    thinkProgress: byId<HTMLProgressElement>('think-progress'),
    moveNow: byId<HTMLButtonElement>('move-now'),
    chooser: byId<HTMLDivElement>('chooser'),
    zoomControls: byId<HTMLDivElement>('zoom-controls'),
    curtain: byId<HTMLDivElement>('curtain'),
    curtainText: byId<HTMLParagraphElement>('curtain-text'),
    curtainPass: byId<HTMLButtonElement>('curtain-pass'),
    curtainNew: byId<HTMLButtonElement>('curtain-new'),
    saves: byId<HTMLElement>('saves'),
    seedLabel: byId<HTMLLabelElement>('seed-label'),
    startProgress: byId<HTMLParagraphElement>('start-progress'),
    howScreen: byId<HTMLInputElement>('how-screen'),
    howMail: byId<HTMLInputElement>('how-mail'),
    mailNote: byId<HTMLParagraphElement>('mail-note'),
    mailFields: byId<HTMLDivElement>('mail-fields'),
    mailSide: byId<HTMLSelectElement>('mail-side'),
    mailPass: byId<HTMLInputElement>('mail-pass'),
    mailPass2: byId<HTMLInputElement>('mail-pass2'),
    mailRemember: byId<HTMLInputElement>('mail-remember'),
    startMailText: byId<HTMLTextAreaElement>('start-mail-text'),
    startMailOpen: byId<HTMLButtonElement>('start-mail-open'),
    startMailError: byId<HTMLParagraphElement>('start-mail-error'),
    mailPanel: byId<HTMLElement>('mail-panel'),
    mailState: byId<HTMLParagraphElement>('mail-state'),
    mailUnlock: byId<HTMLButtonElement>('mail-unlock'),
    mailSend: byId<HTMLButtonElement>('mail-send'),
    mailOut: byId<HTMLDivElement>('mail-out'),
    mailSummary: byId<HTMLParagraphElement>('mail-summary'),
    mailText: byId<HTMLTextAreaElement>('mail-text'),
    mailLink: byId<HTMLInputElement>('mail-link'),
    mailCopy: byId<HTMLButtonElement>('mail-copy'),
    mailCopied: byId<HTMLSpanElement>('mail-copied'),
    mailOpenBox: byId<HTMLDetailsElement>('mail-open-box'),
    mailIn: byId<HTMLTextAreaElement>('mail-in'),
    mailReceive: byId<HTMLButtonElement>('mail-receive'),
    mailError: byId<HTMLParagraphElement>('mail-error'),
    mailNewsBox: byId<HTMLDivElement>('mail-news-box'),
    mailNews: byId<HTMLOListElement>('mail-news'),
    mailPrints: byId<HTMLParagraphElement>('mail-prints'),
    mailAsk: byId<HTMLDialogElement>('mail-ask'),
    mailAskForm: byId<HTMLFormElement>('mail-ask-form'),
    mailAskText: byId<HTMLParagraphElement>('mail-ask-text'),
    mailAskPass: byId<HTMLInputElement>('mail-ask-pass'),
    mailAskAgain: byId<HTMLLabelElement>('mail-ask-again'),
    mailAskPass2: byId<HTMLInputElement>('mail-ask-pass2'),
    mailAskRemember: byId<HTMLInputElement>('mail-ask-remember'),
    mailAskProgress: byId<HTMLParagraphElement>('mail-ask-progress'),
    mailAskError: byId<HTMLParagraphElement>('mail-ask-error'),
    mailAskOk: byId<HTMLButtonElement>('mail-ask-ok'),
    mailAskCancel: byId<HTMLButtonElement>('mail-ask-cancel'),
  };

  /** Timings for the end-to-end test's performance report. */
  const perf = {
    firstHighlight: null as number | null,
    firstHighlightPainted: null as number | null,
    clicks: [] as { what: string; ms: number }[],
    /** Each decision of the computer: its level's limit, the time it thought, its iterations. */
    thinks: [] as { limit: number; ms: number; iterations: number }[],
  };

  // ---- the current game -------------------------------------------------------------------------

  interface Current {
    /** The game's entry in the list of games kept in this browser. */
    id: string;
    session: Session;
    entry: RulesetEntry;
    ui: GameUI;
    /** 'human' or 'computer' by side. */
    players: Record<string, string>;
    note: string;
    /** The computer's level (computer.ts LEVELS). */
    level: string;
    /** Who made each choice (index 0: the opening, null), as far as known; see lastChooser(). */
    choosers: (string | null)[];
  }

  let current: Current | null = null;
  /** The earlier position being looked at, if any. */
  let replay: { choice: number; session: Session } | null = null;
  /** The piece selected on the board (two-step actions: piece, then target). */
  let selected: number | null = null;
  /** The events of the last choice (dice tray, trails). */
  let lastEvents: EngineEvent[] = [];
  let rollDice = false;

  /** Every board's input, one typed target for clicks and one for hovering. */
  const input: BoardEvents = {
    activate: (target, at) => {
      if (target.kind === 'piece') clickPiece(target.piece, target.place, at);
      else if (target.kind === 'place') clickHex(target.place, at);
      else if (target.kind === 'chit') clickHex(chitPlace(target.chit), at);
      else {
        hideChooser();
        hideCard();
        if (selected !== null) {
          selected = null;
          render();
        }
      }
    },
    hover: (target, at) => hover(target && (target.kind === 'piece' ? { unit: target.piece, hex: target.place } : { hex: target.place }), at),
  };

  const board = new HexBoard(el.board, input);
  let boardRuleset = '';
  const battleBoard = new BattleBoard(el.boardArea, input);
  const areaBoard = new AreaBoard(el.boardArea, input);

  const tableBoard = new TableBoard(el.boardArea, {
    ...input,
    check: (action) => {
      const c = current;
      if (!c || replay) return { legal: false, text: 'This is an earlier position.' };
      return c.session.check(action);
    },
    apply: (action) => applyFilled(action),
    measure: (a, b) => {
      const s = shown();
      if (!s) throw new Error('there is no game on the table to measure');
      return s.tableDistance(a, b);
    },
  });

  /** The boards drawn from the whole view by the adapters. */
  const boards: ViewBoards = { battle: battleBoard, areas: areaBoard, table: tableBoard };
  /** Every board by its kind, each through the one interface (shown, read-only, cleared, zoomed). */
  const allBoards: Record<BoardDrawing['kind'], Board> = { hex: board, ...boards };

  /** Show the board of `kind` alone (none: no board yet). */
  function showBoard(kind: BoardDrawing['kind'] | null): void {
    for (const [k, b] of Object.entries(allBoards)) b.show(k === kind);
  }

  /**
   * Hot-seat with hidden information: the side whose view is on the screen. When the deciding side
   * is another, a curtain asks to pass the screen before anything of that side is drawn.
   */
  let seenSide: string | null = null;

  function hiddenInfo(c: Current): boolean {
    return c.entry.info.hidden_information;
  }

  /** Whether the computer plays `side`. */
  function isComputer(c: Current, side: string | undefined): boolean {
    return side !== undefined && c.players[side] === 'computer';
  }

  /** Whether the prompt is the computer's, with hidden information, and another side on the screen. */
  function secretPrompt(c: Current, prompt: EnginePrompt | null): boolean {
    return !!prompt && hiddenInfo(c) && isComputer(c, prompt.side) && drawSide(c, prompt) !== prompt.side;
  }

  /** The sides played by people at this screen. */
  function humanSides(c: Current): string[] {
    return c.entry.sides.map((s) => s.id).filter((id) => !isComputer(c, id));
  }

  /**
   * With hidden information and at most one person at the screen, the side whose view stays on it:
   * the human's (against the computer), or the first side's when the computer plays both (watching).
   * Null when two people share the screen (the curtain passes it).
   */
  function fixedScreenSide(c: Current): string | null {
    const shown = shownSide(c);
    if (shown !== null) return shown;
    const humans = humanSides(c);
    if (humans.length === 1) return humans[0] ?? null;
    if (humans.length === 0) return c.entry.sides[0]?.id ?? null;
    return null;
  }

  /** The element's `side` attribute, when it names a side of the game on the screen. */
  function shownSide(c: Current): string | null {
    const side = hooks.get('side');
    return side !== null && c.entry.sides.some((s) => s.id === side) ? side : null;
  }

  /** The element's `read-only` attribute: the board, the choices and Undo take no input. */
  function readOnly(): boolean {
    return hooks.get('read-only') !== null;
  }

  /** The side to draw for: the element's `side`, the one who passed the curtain (hidden information), or the adapter's. */
  function drawSide(c: Current, prompt: EnginePrompt | null): string {
    const shown = shownSide(c);
    if (shown !== null) return shown;
    if (hiddenInfo(c)) return fixedScreenSide(c) ?? seenSide ?? prompt?.side ?? c.ui.viewSide(prompt);
    return c.ui.viewSide(prompt);
  }

  /** True while the curtain is up (the deciding side has not taken the screen yet). */
  function curtainPending(c: Current): boolean {
    if (!hiddenInfo(c) || replay) return false;
    // One person at the screen keeps it: the computer needs no curtain.
    if (fixedScreenSide(c) !== null) return false;
    const prompt = c.session.prompt();
    return !!prompt && prompt.side !== seenSide;
  }

  function showCurtain(c: Current, side: string): void {
    const info = c.entry.sides.find((x) => x.id === side);
    el.curtainText.textContent = `Pass the screen to the ${info?.label ?? side} player.`;
    el.curtainPass.textContent = `I am the ${info?.label ?? side} player: show my view`;
    el.curtain.dataset.side = side;
    if (el.curtain.hidden) {
      el.curtain.hidden = false;
      el.curtainPass.focus();
    }
    // Nothing of either side stays on the page behind the curtain.
    for (const b of Object.values(allBoards)) b.clear();
    hideChooser();
    hideCard();
    el.chooser.replaceChildren();
    el.hoverCard.replaceChildren();
    el.exportText.value = '';
    el.shareLink.value = '';
    el.shareLink.hidden = el.shareLabel.hidden = true;
    clearChoices();
    el.dice.replaceChildren();
    el.statusList.replaceChildren();
    statusKey = '';
    diceShownFor = null;
    log.reset([]);
    el.prompt.textContent = el.curtainText.textContent;
    el.promptSide.hidden = true;
  }

  function passCurtain(): void {
    const c = current;
    if (!c) return;
    const prompt = c.session.prompt();
    seenSide = prompt?.side ?? seenSide;
    el.curtain.hidden = true;
    rebuildLog(c);
    render();
  }

  /** The log from the engine's history as the side on the screen may see it. */
  function rebuildLog(c: Current): void {
    const groups = buildLog(c, hiddenInfo(c) ? [] : logActions());
    log.reset(groups);
    lastEvents = groups[groups.length - 1]?.events ?? [];
    diceShownFor = null;
  }

  function logActions(): [number, string, string][] {
    const actions: [number, string, string][] = [];
    for (const g of log.all()) if (g.action) actions.push([g.choice, g.action.side, g.action.text]);
    return actions;
  }

  const log = new GameLog(el.log, (choice) => viewChoice(choice));

  /**
   * Show an error where the player is looking: beside what caused it (the Load box, the decision,
   * the start form; the banner under the header for the rest), scrolled into view if it is not.
   * One at a time: an earlier error elsewhere is cleared.
   */
  function showError(message: string, at: HTMLElement = el.error, source: ErrorSource = errorSource(at)): void {
    clearError();
    at.textContent = message;
    at.hidden = false;
    keepInView(at);
    hooks.emit('error', { message, source });
  }

  /** The `error` event's source: where the element shows the error. */
  function errorSource(at: HTMLElement): ErrorSource {
    if (at === el.startImportError || at === el.importError) return 'import';
    if (at === el.decideError) return 'decide';
    if (at === el.startMailError || at === el.mailError) return 'mail';
    if (at === el.startError || el.gamesList.contains(at)) return 'start';
    return 'game';
  }

  /** Scroll `node` into view, in its scrolling panel and the page, if any of it is outside. */
  function keepInView(node: HTMLElement): void {
    const box = node.getBoundingClientRect();
    const panel = node.closest('#side')?.getBoundingClientRect();
    const top = Math.max(0, panel?.top ?? 0);
    const bottom = Math.min(window.innerHeight, panel?.bottom ?? window.innerHeight);
    if (box.top < top || box.bottom > bottom) node.scrollIntoView({ block: 'nearest' });
  }

  const errorPlaces = [el.error, el.startError, el.startImportError, el.decideError, el.importError, el.startMailError, el.mailError];

  function clearError(): void {
    for (const place of errorPlaces) {
      place.hidden = true;
      place.textContent = '';
    }
    for (const row of el.gamesList.querySelectorAll<HTMLElement>('.inline-error')) row.hidden = true;
  }

  /** What was just done (setStatus): said before what happens now, until the next choice. */
  let statusNote: { text: string; session: Session | null; count: number } | null = null;

  /** The header's status: a note of what was just done, if any, then who decides now and what. */
  function setStatus(text: string): void {
    const session = current?.session ?? null;
    statusNote = { text, session, count: session?.choiceCount() ?? 0 };
    sayStatus();
  }

  /** Who decides now and what, in a few words (the header's status; a phone shows it too). */
  function nowWords(c: Current): string {
    const s = shown()!;
    const prompt = s.prompt();
    let now: string;
    if (!prompt) {
      const outcome = s.outcome();
      now = outcome ? `Game over: ${c.ui.outcomeWords(outcome)}.` : 'The game is over.';
    } else {
      const side = sideInfo(c, prompt.side)?.label ?? prompt.side;
      // With hidden information the step's name only, as in the list of games.
      const step = hiddenInfo(c) ? stepTagWords(prompt.step) : c.ui.promptWords(prompt).replace(/^.*? to decide — /, '').replace(/\.(\s.*)?$/, '');
      now = isComputer(c, prompt.side) ? `${side} (the computer) to decide: ${step}.` : `${side} to decide: ${step}.`;
    }
    return replay ? `Earlier position (choice ${replay.choice}): ${now}` : now;
  }

  function sayStatus(): void {
    const c = current;
    const live = c !== null && !el.game.hidden;
    const note = statusNote && (!live || (statusNote.session === c.session && statusNote.count === c.session.choiceCount())) ? statusNote.text : '';
    let now = '';
    if (live) {
      try {
        now = nowWords(c);
      } catch {
        // The note alone.
      }
    }
    const text = [note, now].filter(Boolean).join(' ');
    if (el.status.textContent !== text) {
      el.status.textContent = text;
      el.status.title = text;
    }
  }

  function randomSeed(): number {
    return crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
  }

  // ---- the games kept in this browser -------------------------------------------------------------

  const STORAGE_WORDS: Record<StorageProblem, string> = {
    blocked:
      'This page cannot save games here (your browser blocks storage for it): export the saved string (Save, load and share) to keep a game. You can play on.',
    full: "This page cannot save this game here (the browser's storage for this page is full): delete games you no longer need on the start screen, or export the saved string to keep it.",
  };

  /** The problem with storage, once said (the page plays on without it). */
  let storageProblem: StorageProblem | null = null;

  const shelf = new GameShelf((problem) => {
    storageProblem = problem;
    el.storageText.textContent = STORAGE_WORDS[problem];
    el.storageNote.hidden = false;
  });

  const knownLevel = (level: string) => level in LEVELS;

  /** Keep the current game (after every choice): its record and its line in the list. */
  function autosave(): void {
    if (!current) return;
    // A game by email keeps its latest string (ui/mailbox.ts), not a saved game.
    if (current.session.isMail()) {
      hooks.reflect('saved', null);
      return;
    }
    const save = current.session.exportString();
    hooks.reflect('saved', save);
    hooks.emit('save', { ruleset: current.entry.id, saved: save, choice: current.session.choiceCount() });
    // An embedded game is kept by its page (the `save` event), not in this browser's storage.
    if (!hooks.page) return;
    mailbox.setLast(null);
    // With hidden information the log's action lines may hold a side's secrets: the log is rebuilt
    // from the engine's history for whoever takes the screen.
    const actions = hiddenInfo(current) ? [] : logActions();
    const record: GameRecord = {
      version: 2,
      save,
      players: current.players,
      actions,
      note: current.note,
      level: current.level,
    };
    if (shelf.write(summaryOf(current), record)) shelf.setLast(current.id);
  }

  /** "Grand battery" from the step's tag "GrandBattery". */
  function stepTagWords(step: object): string {
    const tag = 'step' in step && typeof step.step === 'string' ? step.step : '';
    const words = tag.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    return words.charAt(0).toUpperCase() + words.slice(1);
  }

  /** The start screen's line for a game: the turn or round, the step, whose decision. */
  function summaryOf(c: Current): GameSummary {
    const s = c.session;
    const prompt = s.prompt();
    let where: string;
    let side: string | null = null;
    if (!prompt) {
      const outcome = s.outcome();
      where = outcome ? `Game over: ${c.ui.outcomeWords(outcome)}` : 'Game over';
    } else {
      side = sideInfo(c, prompt.side)?.label ?? prompt.side;
      let turn = '';
      try {
        const item = c.ui.status(s.view(drawSide(c, prompt))).find((i) => i.key === 'turn' || i.key === 'round');
        if (item) turn = `${item.label} ${item.value}`;
      } catch {
        // The list shows the step alone.
      }
      // With hidden information the step's name only: the prompt's details may be a side's secret.
      let step = hiddenInfo(c) ? stepTagWords(prompt.step) : c.ui.promptWords(prompt).replace(/^.*? to decide — /, '').replace(/[:.].*$/, '');
      step = step.charAt(0).toUpperCase() + step.slice(1);
      where = [turn, step].filter(Boolean).join(' · ');
    }
    return {
      id: c.id,
      ruleset: c.entry.id,
      title: c.entry.info.title,
      scenario: scenarioTitle(c.entry, s),
      where,
      side,
      choices: s.choiceCount(),
      playedAt: Date.now(),
    };
  }

  /** The scenario's id as its data gives it (a catalogue id, or a scenario file's own). */
  function scenarioId(s: Session): string | null {
    const data = s.scenario();
    return data && 'id' in data && typeof data.id === 'string' ? data.id : null;
  }

  /** The scenario's title in the catalogue, else the one its data gives (a scenario file). */
  function scenarioTitle(entry: RulesetEntry, s: Session): string {
    const data = s.scenario();
    if (!data) return '';
    const id = 'id' in data && typeof data.id === 'string' ? data.id : '';
    const listed = entry.info.scenarios.find((x) => x.id === id)?.title;
    if (listed) return listed;
    if ('title' in data && typeof data.title === 'string') return data.title;
    if ('name' in data && typeof data.name === 'string') return data.name;
    return id;
  }

  // ---- the log, rebuilt from the engine's history -------------------------------------------------

  function buildLog(c: Current, actions: [number, string, string][]): LogGroup[] {
    const byChoice = new Map(actions.map(([n, side, text]) => [n, { side, text }]));
    let history: HistoryStep[];
    try {
      history = c.session.history(hiddenInfo(c) ? (seenSide ?? drawSide(c, c.session.prompt())) : c.ui.viewSide(c.session.prompt()));
    } catch (e) {
      return [{ choice: 0, lines: [], notes: [`The log could not be rebuilt: ${errorMessage(e)}`] }];
    }
    const groups: LogGroup[] = [];
    history.forEach((entry, n) => {
      const events = entry.events;
      // The engine says who chose what; a line kept from this browser may say it better.
      const told = entry.side && entry.description ? { side: entry.side, text: entry.description } : undefined;
      groups.push({
        choice: n,
        action: n > 0 ? (byChoice.get(n) ?? told) : undefined,
        lines: events.map((e) => c.ui.eventLine(e)),
        notes: n === 0 && c.note ? [c.note] : undefined,
        events,
      });
    });
    return groups;
  }

  // ---- actions and their places on the board ------------------------------------------------------

  interface Placed {
    index: number;
    action: EngineAction;
    intent: Intent | null;
  }

  let placedFor: { session: Session; count: number; list: Placed[] } | null = null;

  function placedActions(c: Current, prompt: EnginePrompt | null): Placed[] {
    const count = c.session.choiceCount();
    if (placedFor && placedFor.session === c.session && placedFor.count === count) return placedFor.list;
    // The computer's decisions are its own: nothing of them is offered to the people at the screen.
    const actions = prompt && !isComputer(c, prompt.side) ? prompt.actions : [];
    const list = actions.map((action, index) => ({ index, action, intent: c.ui.intent(action) }));
    placedFor = { session: c.session, count, list };
    return list;
  }

  /** Pieces that are chosen first (then a target), and the one selected now. */
  function selection(list: Placed[]): { pieces: Set<number>; active: number | null; auto: boolean } {
    const pieces = new Set<number>();
    for (const p of list) {
      const i = p.intent;
      if (i && i.piece !== undefined && (i.hex !== undefined || i.unit !== undefined)) pieces.add(i.piece);
    }
    if (selected !== null && pieces.has(selected)) return { pieces, active: selected, auto: false };
    if (pieces.size === 1) return { pieces, active: [...pieces][0]!, auto: true };
    return { pieces, active: null, auto: false };
  }

  /** The actions a click on a target can choose now. */
  function liveTargets(list: Placed[], active: number | null): Placed[] {
    return list.filter((p) => {
      const i = p.intent;
      if (!i || (i.hex === undefined && i.unit === undefined)) return false;
      return i.piece === undefined || i.piece === active;
    });
  }

  /**
   * A chit in hand picked first (Field Battle): the sections it can be played on are then the
   * targets. Kept only while the position it was picked in is the one on the screen.
   */
  let chitPick: { kind: string; session: Session; count: number } | null = null;

  function pickedChit(c: Current, list: Placed[]): string | null {
    if (!chitPick || chitPick.session !== c.session || chitPick.count !== c.session.choiceCount() || !c.ui.optionOf) return null;
    const kind = chitPick.kind;
    return list.some((p) => c.ui.optionOf!(p.action) === kind) ? kind : null;
  }

  /** With a chit picked, only the actions playing it. */
  function byPickedChit(c: Current, list: Placed[], hits: Placed[]): Placed[] {
    const kind = pickedChit(c, list);
    if (!kind) return hits;
    return hits.filter((p) => c.ui.optionOf!(p.action) === kind);
  }

  function marksFor(c: Current, list: Placed[], view: EngineView): BoardMarks {
    const sel = selection(list);
    const hexes = new Map<string, string>();
    const targets = new Set<number>();
    const selectable = new Set<number>();
    const where = new Map<number, string>();
    for (const p of c.ui.pieces(view)) where.set(p.id, p.hex);
    for (const p of liveTargets(list, sel.active)) {
      const i = p.intent!;
      if (i.hex !== undefined) hexes.set(i.hex, i.odds ? 'attack' : 'move');
      if (i.unit !== undefined) {
        targets.add(i.unit);
        const h = where.get(i.unit);
        if (h) hexes.set(h, 'target');
      }
    }
    for (const p of list) {
      const i = p.intent;
      if (i?.piece === undefined) continue;
      if (i.hex === undefined && i.unit === undefined) selectable.add(i.piece);
      else if (i.piece !== sel.active) selectable.add(i.piece);
    }
    return { hexes, targets, selectable, selected: sel.active };
  }

  // ---- drawing -------------------------------------------------------------------------------------

  function shown(): Session | null {
    return replay?.session ?? current?.session ?? null;
  }

  let listFor: { session: Session; count: number } | null = null;
  let statusKey = '';

  /** Redraw what changed. */
  function render(): void {
    const c = current;
    if (!c) {
      el.game.hidden = true;
      return;
    }
    const s = shown()!;
    renderMail(c);
    // A game by email before its opening exchange is done: nothing on the board yet.
    if (c.session.isMail() && !c.session.mailStatus().started) {
      showBoard(null);
      el.zoomControls.hidden = true;
      clearChoices();
      el.undo.disabled = true;
      el.prompt.textContent = 'The game begins when the opening exchange is done.';
      el.promptSide.hidden = true;
      return;
    }
    const drawing = c.ui.board;
    showBoard(drawing.kind);
    if (drawing.kind !== 'hex') {
      renderViewBoard(c, s, allBoards[drawing.kind], drawing);
      return;
    }
    el.curtain.hidden = true;
    el.zoomControls.hidden = false;
    try {
      const prompt = s.prompt();
      const view = s.view(drawSide(c, prompt));
      if (boardRuleset !== c.entry.id) {
        performance.mark('map-start');
        board.setMap(drawing.hexMap(), drawing.track());
        boardRuleset = c.entry.id;
        performance.mark('map-drawn');
      }
      board.setPieces(c.ui.pieces(view), (id) => c.ui.pieceSvg(view, id, PIECE));
      board.setTrackPosition(drawing.trackPosition(view));
      board.setOverlays(drawing.overlays(view));
      board.setTrails(drawing.trails(lastEvents));
      renderStatus(c, view);
      renderOutcome(c, s);
      if (replay || mailLocked(c) || readOnly()) {
        board.setReadOnly(true);
        board.setMarks({ hexes: new Map(), targets: new Set(), selectable: new Set(), selected: null });
        renderPrompt(c, prompt, true);
        clearChoices();
      } else {
        board.setReadOnly(false);
        const list = placedActions(c, prompt);
        const marks = marksFor(c, list, view);
        board.setMarks(marks);
        el.deselect.hidden = !(selected !== null && marks.selected === selected);
        renderPrompt(c, prompt, false);
        const count = c.session.choiceCount();
        if (!listFor || listFor.session !== c.session || listFor.count !== count) {
          renderActions(c, prompt);
          listFor = { session: c.session, count };
        }
        if (perf.firstHighlight === null && (marks.hexes.size > 0 || marks.selectable.size > 0)) {
          perf.firstHighlight = performance.now();
          performance.mark('first-highlight');
          // And once it is on the screen: the next frame, after its paint.
          requestAnimationFrame(() =>
            setTimeout(() => {
              perf.firstHighlightPainted = performance.now();
              performance.mark('first-highlight-painted');
            }, 0),
          );
        }
      }
      showUndo(c);
      renderDice(c);
      renderReplayControls(c);
      // A card left open is placed again off the targets just marked (a click that selects a
      // firer marks its targets after the card opened on the pointer's arrival).
      if (!el.hoverCard.hidden && cardAt) placeCard(el.hoverCard, cardAt);
      app.dataset.choices = String(c.session.choiceCount());
      app.dataset.replay = replay ? String(replay.choice) : '';
    } catch (e) {
      showError(`The engine could not show this position: ${errorMessage(e)}`);
    }
    maybeThink();
  }

  /** A board drawn from view(side) (the Field Battle display, the area map), behind the curtain. */
  function renderViewBoard(c: Current, s: Session, board: Board, drawing: ViewDrawing): void {
    board.show(true);
    // The area map, the Field Battle display and the table zoom (a bigger drawing in its scrolling box).
    el.zoomControls.hidden = false;
    boardRuleset = '';
    try {
      renderReplayControls(c);
      showUndo(c);
      app.dataset.choices = String(c.session.choiceCount());
      app.dataset.replay = replay ? String(replay.choice) : '';
      renderOutcome(c, s);
      if (curtainPending(c)) {
        showCurtain(c, c.session.prompt()!.side);
        el.undo.disabled = true;
        el.undoNote.hidden = true;
        maybeThink();
        return;
      }
      el.curtain.hidden = true;
      const prompt = s.prompt();
      const side = drawSide(c, prompt);
      seenSide ??= side;
      const view = s.view(side);
      renderStatus(c, view);
      if (replay || mailLocked(c) || readOnly()) {
        board.setReadOnly(true);
        drawing.draw(boards, view, { hexes: new Map(), targets: new Set(), selectable: new Set(), selected: null });
        renderPrompt(c, prompt, true);
        clearChoices();
      } else {
        board.setReadOnly(false);
        const list = placedActions(c, prompt);
        const marks = marksFor(c, list, view);
        // A chit in hand is a target too: clicking it picks it (then a section) or plays it.
        if (c.ui.optionOf) {
          const picked = pickedChit(c, list);
          if (picked) {
            // Only the sections the picked chit can be played on.
            marks.hexes = new Map();
            marks.targets.clear();
            for (const p of list)
              if (c.ui.optionOf(p.action) === picked && p.intent?.hex !== undefined) marks.hexes.set(p.intent.hex, p.intent.odds ? 'attack' : 'move');
          }
          for (const p of list) {
            const kind = c.ui.optionOf(p.action);
            if (kind && !marks.hexes.has(chitPlace(kind))) marks.hexes.set(chitPlace(kind), 'move');
          }
          if (picked) marks.hexes.set(chitPlace(picked), 'picked');
        }
        if (marks.selected === null && prompt && c.ui.promptCounter && !secretPrompt(c, prompt)) marks.selected = c.ui.promptCounter(prompt);
        drawing.draw(boards, view, marks);
        el.deselect.hidden = !((selected !== null && marks.selected === selected) || (c.ui.optionOf && pickedChit(c, list)));
        renderPrompt(c, prompt, false);
        const count = c.session.choiceCount();
        if (!listFor || listFor.session !== c.session || listFor.count !== count) {
          renderActions(c, prompt);
          listFor = { session: c.session, count };
        }
      }
      renderDice(c);
    } catch (e) {
      showError(`The engine could not show this position: ${errorMessage(e)}`);
    }
    maybeThink();
  }

  /** No choices on the screen (replaying an earlier position, or no game). */
  function clearChoices(): void {
    reserveOddsPanel(false);
    el.actions.replaceChildren();
    el.quick.replaceChildren();
    el.actionCount.textContent = '0';
    listFor = null;
  }

  function renderPrompt(c: Current, prompt: EnginePrompt | null, readOnly: boolean): void {
    const side = prompt ? sideInfo(c, prompt.side) : null;
    el.promptSide.textContent = side ? side.label : '';
    el.promptSide.hidden = !side;
    if (side) {
      el.promptSide.style.background = side.colour;
      el.promptSide.style.color = side.ink;
    }
    // With hidden information, what the computer decides may be its secret (a chit, a counter to
    // place): the screen's side is told only who decides, as at the table.
    const secret = secretPrompt(c, prompt);
    let text: string;
    if (!prompt) {
      const outcome = c.session.outcome();
      text = outcome ? `Game over: ${c.ui.outcomeWords(outcome)}.` : 'The game is over.';
    } else if (secret) text = `${side?.label ?? prompt.side} (the computer) to decide.`;
    else text = c.ui.promptWords(prompt);
    if (readOnly && replay) text = `(earlier position) ${text}`;
    if (el.prompt.textContent !== text) el.prompt.textContent = text;
    showRule(prompt && !secret ? c.ui.promptRule?.(prompt) ?? null : null);
    const note = prompt && !secret && !readOnly ? c.ui.promptNote?.(prompt) ?? null : null;
    if (el.promptNote.textContent !== (note ?? '')) el.promptNote.textContent = note ?? '';
    el.promptNote.hidden = !note;
    // The piece the prompt is about, when it is not on the map yet.
    const piece = prompt && !secret ? c.ui.promptPiece(prompt) : null;
    const key = piece === null ? '' : `${piece}`;
    if (el.promptPiece.dataset.key !== key) {
      el.promptPiece.dataset.key = key;
      if (piece === null) el.promptPiece.replaceChildren();
      else {
        const size = PIECE;
        el.promptPiece.innerHTML =
          `<svg viewBox="${-size / 2 - 2} ${-size / 2 - 2} ${size + 5} ${size + 5}" class="counter-preview" role="img" aria-label="${c.ui.pieceName(piece).replace(/"/g, '&quot;')}">` +
          `${c.ui.pieceSvg(null, piece, size)}</svg><span>${c.ui.pieceName(piece).replace(/</g, '&lt;')}</span>`;
        const svg = el.promptPiece.querySelector('svg');
        if (svg) {
          svg.addEventListener('pointerenter', () => showCard(piece, () => svg.getBoundingClientRect(), null));
          svg.addEventListener('pointerleave', () => hideCard());
        }
      }
    }
    sayStatus();
    const dice = prompt && !readOnly && !secret ? c.ui.promptDice(prompt) : [];
    const diceKey = JSON.stringify(dice);
    if (el.promptDice.dataset.key !== diceKey) {
      el.promptDice.dataset.key = diceKey;
      el.promptDice.replaceChildren(...dice.map((d) => dieElement(document, d, c.entry.sides, false)));
    }
  }

  /** The "Rule:" line under the prompt: the rulebook section, opened for its sentence. */
  function showRule(rule: RuleRef | null): void {
    el.promptRule.hidden = !rule;
    const key = rule ? `${rule.section}\n${rule.summary}` : '';
    if (!rule || el.promptRule.dataset.key === key) return;
    el.promptRule.dataset.key = key;
    el.promptRule.querySelector('summary')!.textContent = `Rule: ${rule.section}`;
    el.promptRule.querySelector('p')!.textContent = rule.summary;
  }

  function renderActions(c: Current, prompt: EnginePrompt | null): void {
    const hadFocus = el.actions.contains(root.activeElement);
    if (!prompt) {
      clearChoices();
      return;
    }
    const list = placedActions(c, prompt);
    let withOddsPanel = false;
    const items = list.map((p) => {
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      let label: string;
      try {
        label = c.session.describe(p.action);
      } catch {
        label = actionTag(p.action);
      }
      const text = document.createElement('span');
      text.className = 'label';
      text.textContent = label;
      button.append(text);
      button.dataset.index = String(p.index);
      button.dataset.type = actionTag(p.action);
      // The Field Battle decides most choices by a die: every one's odds are worth showing.
      if (p.intent?.odds || c.ui.board.kind === 'battle') {
        const o = c.ui.odds(c.session, p.action);
        if (o) {
          button.append(oddsBar(document, o, true));
          button.title = o.numbers;
        }
        // Only an action aimed at a target on the map (an attack, a pursuit) opens the panel above
        // the list; its space is kept while such an action is listed (reserveOddsPanel below), so
        // what the pointer hovers never moves.
        const aimed = p.intent?.unit !== undefined || p.intent?.hex !== undefined;
        if (o && aimed && c.ui.board.kind === 'hex') {
          withOddsPanel = true;
          button.addEventListener('pointerenter', () => showOddsPanel(c, p.action));
          button.addEventListener('focus', () => showOddsPanel(c, p.action));
          button.addEventListener('pointerleave', () => hideOddsPanel());
          button.addEventListener('blur', () => hideOddsPanel());
        }
      }
      button.addEventListener('click', () => choose(p.index, 'list'));
      li.append(button);
      return li;
    });
    el.actions.replaceChildren(...items);
    el.actionCount.textContent = String(items.length);
    reserveOddsPanel(withOddsPanel);
    // The choices with no place on the map (end a phase, keep a roll, who plays first...) also as
    // buttons next to the prompt, so they need no scrolling through a long list.
    const quick = list
      .filter((p) => (c.ui.quick ? c.ui.quick(p.action) : !p.intent))
      .slice(0, 8)
      .map((p) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'quick';
        b.dataset.quick = String(p.index);
        b.dataset.type = actionTag(p.action);
        try {
          b.textContent = c.session.describe(p.action);
        } catch {
          b.textContent = b.dataset.type;
        }
        if (c.ui.board.kind === 'battle') {
          const o = c.ui.odds(c.session, p.action);
          if (o) {
            b.title = o.numbers;
            b.append(oddsBar(document, o, true));
          }
        }
        b.addEventListener('click', () => choose(p.index, 'quick'));
        return b;
      });
    const shortcuts = isComputer(c, prompt.side)
      ? []
      : (c.ui.shortcuts?.(prompt) ?? []).map((sc) => {
          const b = document.createElement('button');
          b.type = 'button';
          b.className = 'shortcut';
          b.dataset.shortcut = sc.key;
          b.textContent = sc.label;
          b.title = sc.title;
          b.addEventListener('click', () => runShortcut(sc));
          return b;
        });
    el.quick.replaceChildren(...shortcuts, ...quick);
    if (hadFocus) el.actions.querySelector('button')?.focus();
  }

  function renderStatus(c: Current, view: EngineView): void {
    const items = c.ui.status(view);
    const key = JSON.stringify(items);
    if (key === statusKey) return;
    statusKey = key;
    const nodes: HTMLElement[] = [];
    for (const item of items) {
      const dt = document.createElement('dt');
      dt.textContent = item.label;
      const dd = document.createElement('dd');
      dd.textContent = item.value;
      dd.dataset.key = item.key;
      if (item.title) {
        dd.title = item.title;
        dt.title = item.title;
      }
      if (item.tone) dd.className = `tone-${item.tone}`;
      nodes.push(dt, dd);
    }
    el.statusList.replaceChildren(...nodes);
  }

  function renderOutcome(c: Current, s: Session): void {
    const outcome = s.prompt() ? null : s.outcome();
    const text = outcome ? `Game over — ${c.ui.outcomeWords(outcome)}.` : '';
    el.outcome.hidden = !text;
    if (el.outcome.textContent !== text) el.outcome.textContent = text;
  }

  let diceShownFor: EngineEvent[] | null = null;

  function renderDice(c: Current): void {
    if (diceShownFor === lastEvents) return;
    diceShownFor = lastEvents;
    const dice = c.ui.dice(lastEvents);
    if (!dice.length) {
      el.dice.replaceChildren();
      return;
    }
    const roll = rollDice;
    rollDice = false;
    const items = dice.map((d) => {
      const row = document.createElement('div');
      row.className = 'die-row';
      const label = document.createElement('span');
      label.textContent = `${d.side} roll ${d.value} for ${d.label}`;
      row.append(dieElement(document, d, c.entry.sides, roll), label);
      return row;
    });
    el.dice.replaceChildren(...items);
  }

  function renderReplayControls(c: Current): void {
    const count = c.session.choiceCount();
    const at = replay ? replay.choice : count;
    el.replayFirst.disabled = at <= 0;
    el.replayBack.disabled = at <= 0;
    el.replayForward.disabled = !replay;
    el.replayLive.disabled = !replay;
    el.replayBanner.hidden = !replay;
    if (replay) {
      el.replayText.textContent = `Looking at the position after choice ${replay.choice} of ${count} (read-only).`;
    }
  }

  // ---- hover cards and odds ------------------------------------------------------------------------

  function placeCard(card: HTMLElement, where: Where): void {
    const area = el.boardArea.getBoundingClientRect();
    const at = where?.();
    if (!at) {
      card.style.left = '8px';
      card.style.top = '8px';
      return;
    }
    // Beside what it is about (right, else left, else below or above it), never over it (the
    // keyboard's focus ring and the counter stay in sight), and where it covers none of the
    // decision's targets if it can (the next click lands on the target, not on the card).
    const w = card.offsetWidth;
    const h = card.offsetHeight;
    const clamp = (x: number, y: number) => ({
      x: Math.max(4, Math.min(x, area.width - w - 4)),
      y: Math.max(4, Math.min(y, area.height - h - 4)),
    });
    const right = at.right - area.left + 8;
    const left = at.left - area.left - 8 - w;
    const below = at.bottom - area.top + 8;
    const above = at.top - area.top - 8 - h;
    const beside: { x: number; y: number; fits: boolean }[] = [
      { x: right, y: at.top - area.top, fits: right + w <= area.width - 4 },
      { x: left, y: at.top - area.top, fits: left >= 4 },
      { x: at.left - area.left, y: below, fits: below + h <= area.height - 4 },
      { x: at.left - area.left, y: above, fits: above >= 4 },
    ];
    const targets = [...el.boardArea.querySelectorAll('.target')].map((t) => t.getBoundingClientRect());
    const over = (p: { x: number; y: number }, t: { left: number; right: number; top: number; bottom: number }) =>
      p.x + area.left < t.right && p.x + area.left + w > t.left && p.y + area.top < t.bottom && p.y + area.top + h > t.top;
    const clear = (p: { x: number; y: number }) => !over(p, at) && !targets.some((t) => over(p, t));
    const places = beside.filter((b) => b.fits).map((b) => clamp(b.x, b.y));
    // Pushed back inside the board, a place that did not fit may still cover nothing.
    const pushed = beside.map((b) => clamp(b.x, b.y));
    // Else a corner of the board, the nearest first.
    const corners = [clamp(0, 0), clamp(area.width, 0), clamp(0, area.height), clamp(area.width, area.height)];
    const cx = (at.left + at.right) / 2 - area.left;
    const cy = (at.top + at.bottom) / 2 - area.top;
    corners.sort((p, q) => Math.hypot(p.x + w / 2 - cx, p.y + h / 2 - cy) - Math.hypot(q.x + w / 2 - cx, q.y + h / 2 - cy));
    const place = places.find(clear) ?? pushed.find(clear) ?? corners.find(clear) ?? places[0] ?? clamp(right, at.top - area.top);
    card.style.left = `${place.x}px`;
    card.style.top = `${place.y}px`;
  }

  function showCard(unit: number | null, at: Where, odds: EngineAction | null): void {
    const c = current;
    if (!c) return;
    const s = shown()!;
    const card = el.hoverCard;
    const parts: HTMLElement[] = [];
    if (unit !== null) {
      const prompt = s.prompt();
      const view = s.view(drawSide(c, prompt));
      const d = c.ui.pieceDetails(view, unit);
      const head = document.createElement('div');
      head.className = 'card-head';
      if (d.swatch) {
        const sw = document.createElement('span');
        sw.className = 'swatch';
        sw.style.background = d.swatch;
        head.append(sw);
      }
      const title = document.createElement('strong');
      title.textContent = d.title;
      head.append(title);
      const sub = document.createElement('div');
      sub.className = 'card-sub';
      sub.textContent = d.subtitle;
      const dl = document.createElement('dl');
      for (const [k, v] of d.rows) {
        const dt = document.createElement('dt');
        dt.textContent = k;
        const dd = document.createElement('dd');
        dd.textContent = v;
        dl.append(dt, dd);
      }
      parts.push(head, sub, dl);
    }
    if (odds) {
      const o = c.ui.odds(c.session, odds);
      if (o) {
        const h = document.createElement('div');
        h.className = 'card-odds-title';
        try {
          h.textContent = c.session.describe(odds);
        } catch {
          h.textContent = 'Odds';
        }
        parts.push(h, oddsBar(document, o));
      }
    }
    if (!parts.length) {
      hideCard();
      return;
    }
    // A card opened by a tap stays until closed: this button, a tap elsewhere or Escape.
    const close = Object.assign(document.createElement('button'), { type: 'button', className: 'card-close', textContent: '×', title: 'Close (Escape)' });
    close.setAttribute('aria-label', 'Close');
    close.addEventListener('click', hideCard);
    card.replaceChildren(close, ...parts);
    card.hidden = false;
    cardAt = at;
    placeCard(card, at);
  }

  /** Where the open card points, to place it again when the decision's targets change. */
  let cardAt: Where | null = null;

  function hideCard(): void {
    el.hoverCard.hidden = true;
    cardAt = null;
  }

  /**
   * While the list holds actions whose odds open the panel above it, the panel keeps its place and
   * its height (style.css), empty but for a hint: hovering or focusing an action fills it and moves
   * nothing below it.
   */
  let oddsReserved = false;

  function reserveOddsPanel(on: boolean): void {
    oddsReserved = on;
    hideOddsPanel();
  }

  function showOddsPanel(c: Current, action: EngineAction): void {
    const o = c.ui.odds(c.session, action);
    if (!o || !oddsReserved) return;
    const title = document.createElement('div');
    title.className = 'card-odds-title';
    title.textContent = c.session.describe(action);
    el.odds.replaceChildren(title, oddsBar(document, o));
    el.odds.classList.remove('empty');
  }

  const oddsHint = Object.assign(document.createElement('p'), { className: 'odds-hint', textContent: 'Point at an attack in the list to see its odds here.' });

  function hideOddsPanel(): void {
    el.odds.hidden = !oddsReserved;
    el.odds.classList.add('empty');
    el.odds.replaceChildren(oddsHint);
  }

  /** The action whose odds to show when pointing at a target. */
  function oddsTarget(target: { unit?: number; hex?: string }): EngineAction | null {
    const c = current;
    if (!c || replay) return null;
    const prompt = c.session.prompt();
    const list = placedActions(c, prompt);
    const sel = selection(list);
    for (const p of liveTargets(list, sel.active)) {
      const i = p.intent!;
      if (!i.odds) continue;
      if ((target.unit !== undefined && i.unit === target.unit) || (target.hex !== undefined && i.hex === target.hex)) {
        return p.action;
      }
    }
    // A supporter (Combined attacks) is a piece whose click chooses it.
    if (target.unit !== undefined) {
      const p = list.find((q) => q.intent?.odds && q.intent.piece === target.unit && q.intent.hex === undefined && q.intent.unit === undefined);
      if (p) return p.action;
    }
    return null;
  }

  function hover(target: { unit?: number; hex?: string } | null, at: Where): void {
    if (!target) {
      hideCard();
      return;
    }
    const odds = oddsTarget(target);
    showCard(target.unit ?? null, at, odds);
  }

  // ---- clicks on the board -------------------------------------------------------------------------

  function clickPiece(id: number, hex: string, at: Where): void {
    const c = current;
    if (!c || replay || readOnly()) return;
    const t0 = performance.now();
    const list = placedActions(c, c.session.prompt());
    const sel = selection(list);
    const live = liveTargets(list, sel.active);
    const hits = byPickedChit(c, list, live.filter((p) => p.intent!.unit === id || (hex && p.intent!.hex === hex)));
    if (hits.length) return chooseAmong(hits, at, t0);
    const direct = list.filter((p) => p.intent?.piece === id && p.intent.hex === undefined && p.intent.unit === undefined);
    if (direct.length) return chooseAmong(direct, at, t0);
    if (sel.pieces.has(id)) {
      selected = sel.active === id && !sel.auto ? null : id;
      hideChooser();
      render();
      perf.clicks.push({ what: 'select', ms: performance.now() - t0 });
      return;
    }
    if (selected !== null) {
      selected = null;
      render();
    }
    showCard(id, at, null);
  }

  function clickHex(hex: string, at: Where): void {
    const c = current;
    if (!c || replay || readOnly()) return;
    const t0 = performance.now();
    const list = placedActions(c, c.session.prompt());
    const sel = selection(list);
    let hits = byPickedChit(c, list, liveTargets(list, sel.active).filter((p) => p.intent!.hex === hex));
    const kind = chitOf(hex);
    if (!hits.length && kind !== null && c.ui.optionOf) {
      hits = list.filter((p) => c.ui.optionOf!(p.action) === kind);
      // A chit played on one of several sections: pick it, then click the section (again: unpick).
      const onSections = hits.filter((p) => p.intent?.hex !== undefined && chitOf(p.intent.hex) === null);
      if (pickedChit(c, list) === kind) {
        chitPick = null;
        hideChooser();
        render();
        return;
      }
      if (hits.length > 1 && onSections.length) {
        chitPick = { kind, session: c.session, count: c.session.choiceCount() };
        hideChooser();
        render();
        perf.clicks.push({ what: 'pick-chit', ms: performance.now() - t0 });
        return;
      }
    }
    if (hits.length) return chooseAmong(hits, at, t0);
    if (chitPick) {
      chitPick = null;
      render();
    }
    if (selected !== null) {
      selected = null;
      render();
    }
    hideChooser();
  }

  function chooseAmong(hits: Placed[], at: Where, t0: number): void {
    if (hits.length === 1) {
      choose(hits[0]!.index, 'board', t0);
      return;
    }
    const c = current!;
    const buttons = hits.map((p) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.index = String(p.index);
      b.textContent = c.session.describe(p.action);
      b.addEventListener('click', () => {
        hideChooser();
        choose(p.index, 'board');
      });
      return b;
    });
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.className = 'cancel';
    cancel.textContent = 'Cancel';
    cancel.addEventListener('click', hideChooser);
    el.chooser.replaceChildren(...buttons, cancel);
    el.chooser.hidden = false;
    placeCard(el.chooser, at);
    buttons[0]?.focus();
  }

  function hideChooser(): void {
    el.chooser.hidden = true;
  }

  // ---- the player's commands -----------------------------------------------------------------------

  /** The engine's words for an action, or its tag when the engine cannot describe it. */
  function describeAction(c: Current, action: EngineAction): string {
    try {
      return c.session.describe(action);
    } catch {
      return actionTag(action);
    }
  }

  function choose(index: number, how: string, t0 = performance.now()): void {
    const c = current;
    // Read-only: no one at the screen chooses (the computer plays on).
    if (!c || replay || (readOnly() && how !== 'computer')) return;
    const prompt = c.session.prompt();
    const action = prompt?.actions[index];
    if (!prompt || action === undefined) return;
    // The computer chooses for its sides only, and nobody else does.
    const byComputer = how === 'computer';
    if (byComputer !== isComputer(c, prompt.side)) return;
    const text = describeAction(c, action);
    let events: EngineEvent[];
    try {
      events = c.session.applyIndex(index);
    } catch (e) {
      showError(errorMessage(e), el.decideError);
      return;
    }
    afterChoice(c, prompt, byComputer, text, events, how, action, t0);
  }

  /**
   * Apply an action the board filled in from one of the prompt's templates (a unit dragged on the
   * table): null when the engine applied it, else its refusal in its words (nothing changed).
   */
  function applyFilled(action: EngineAction): string | null {
    const c = current;
    if (!c || replay) return 'This is an earlier position: go back to the game to move.';
    if (readOnly()) return READ_ONLY;
    const prompt = c.session.prompt();
    if (!prompt) return 'The game is over.';
    if (isComputer(c, prompt.side)) return `The ${prompt.side} are played by the computer.`;
    const t0 = performance.now();
    const text = describeAction(c, action);
    let events: EngineEvent[];
    try {
      events = c.session.apply(action);
    } catch (e) {
      return errorMessage(e);
    }
    afterChoice(c, prompt, false, text, events, 'drag', action, t0);
    return null;
  }

  /**
   * A shortcut's choices (place the rest): each asked of the adapter at the engine's prompt, applied
   * through the engine and logged one by one, then one redraw and one autosave.
   */
  function runShortcut(shortcut: Shortcut): void {
    const c = current;
    if (!c || replay || readOnly()) return;
    const t0 = performance.now();
    const all: EngineEvent[] = [];
    let done = 0;
    let refused: string | null = null;
    while (done < 1000) {
      const prompt = c.session.prompt();
      if (!prompt || isComputer(c, prompt.side)) break;
      const action = shortcut.next(prompt, done);
      if (action === null) break;
      const text = describeAction(c, action);
      let events: EngineEvent[];
      try {
        events = c.session.apply(action);
      } catch (e) {
        refused = errorMessage(e);
        break;
      }
      done += 1;
      all.push(...events);
      recordChoice(c, prompt, text, events, action, 'player');
    }
    if (done) {
      hideChooser();
      hideCard();
      hideOddsPanel();
      selected = null;
      lastEvents = all;
      rollDice = true;
      render();
      perf.clicks.push({ what: `shortcut:${shortcut.key}`, ms: performance.now() - t0 });
      autosave();
      announceEnd(c);
      setStatus(`${shortcut.label}: ${done} choice${done === 1 ? '' : 's'} made.`);
    }
    if (refused) showError(refused);
    else if (done) clearError();
  }

  /** One applied choice into the log (and who made it, for Undo). */
  function recordChoice(c: Current, prompt: EnginePrompt, text: string, events: EngineEvent[], action: EngineAction, by: 'player' | 'computer'): void {
    if (c.choosers.length === c.session.choiceCount()) c.choosers.push(prompt.side);
    hooks.emit('move', { ruleset: c.entry.id, side: prompt.side, action, text, choice: c.session.choiceCount(), by });
    log.append({
      choice: c.session.choiceCount(),
      action: { side: prompt.side, text },
      lines: events.map((e) => c.ui.eventLine(e)),
      events,
    });
  }

  /** After a choice was applied: the log, the redraw, the autosave. */
  function afterChoice(c: Current, prompt: EnginePrompt, byComputer: boolean, text: string, events: EngineEvent[], how: string, action: EngineAction, t0: number): void {
    // With hidden information the screen shows one side: the computer's choice and its events are
    // logged as that side may see them (the engine's history for it), never as the computer saw them.
    clearError();
    const screen = hiddenInfo(c) ? fixedScreenSide(c) : null;
    if (byComputer && screen !== null && screen !== prompt.side) {
      try {
        const last = c.session.history(screen).at(-1);
        events = last?.events ?? [];
        text = last?.description ?? 'a hidden choice';
      } catch (e) {
        showError(`The log could not be written: ${errorMessage(e)}`);
        events = [];
        text = 'a hidden choice';
      }
    }
    hideChooser();
    hideCard();
    hideOddsPanel();
    selected = null;
    lastEvents = events;
    rollDice = true;
    recordChoice(c, prompt, text, events, action, byComputer ? 'computer' : 'player');
    render();
    if (!byComputer) perf.clicks.push({ what: `${how}:${actionTag(action)}`, ms: performance.now() - t0 });
    autosave();
    announceEnd(c);
  }

  /** The `gameover` event, when the last choice ended the game. */
  function announceEnd(c: Current): void {
    if (c.session.prompt()) return;
    const outcome = c.session.outcome();
    if (outcome) hooks.emit('gameover', { ruleset: c.entry.id, outcome, text: c.ui.outcomeWords(outcome) });
  }

  // ---- the computer opponent ---------------------------------------------------------------------

  const computer = new ComputerPlayer();
  /** The position the computer is thinking about, if any. */
  let thinkingFor: { session: Session; count: number } | null = null;
  /** A position the computer failed to decide in: not tried again by itself. */
  let failedFor: { session: Session; count: number } | null = null;

  /** Start or stop the computer as the position on the screen asks (called after every redraw). */
  function maybeThink(): void {
    const c = current;
    const prompt = c?.session.prompt() ?? null;
    if (!c || !prompt || !isComputer(c, prompt.side) || replay || !el.start.hidden) {
      stopThinking();
      return;
    }
    const count = c.session.choiceCount();
    if (thinkingFor && thinkingFor.session === c.session && thinkingFor.count === count) return;
    if (failedFor && failedFor.session === c.session && failedFor.count === count) return;
    stopThinking();
    const level = levelOf(c.level);
    const mine = { session: c.session, count };
    thinkingFor = mine;
    const side = sideInfo(c, prompt.side)?.label ?? prompt.side;
    showThinking(side, 0, 0, level.ms);
    computer.start(c.entry.id, c.session.exportString(), level.ms, randomSeed(), {
      progress: (iterations, elapsed) => {
        if (thinkingFor === mine) showThinking(side, iterations, elapsed, level.ms);
      },
      done: (action, iterations, elapsed) => {
        if (thinkingFor !== mine) return;
        thinkingFor = null;
        hideThinking();
        perf.thinks.push({ limit: level.ms, ms: elapsed, iterations });
        computerMoves(c, mine, action);
      },
      failed: (message) => {
        if (thinkingFor !== mine) return;
        thinkingFor = null;
        failedFor = mine;
        hideThinking();
        showError(`The computer could not decide: ${message}`, el.decideError);
      },
    });
  }

  /** Play the computer's answer, if it is still about the position on the screen and legal there. */
  function computerMoves(c: Current, about: { session: Session; count: number }, action: string | null): void {
    if (current !== c || c.session !== about.session || c.session.choiceCount() !== about.count) return;
    const prompt = c.session.prompt();
    const index = action === null || !prompt ? -1 : prompt.actions.findIndex((a) => JSON.stringify(a) === action);
    if (index < 0) {
      failedFor = about;
      showError('The computer answered with an action that is not legal here; choose for it with Undo or start a new game.', el.decideError);
      return;
    }
    choose(index, 'computer');
  }

  function stopThinking(): void {
    if (!thinkingFor) return;
    thinkingFor = null;
    computer.stop();
    hideThinking();
  }

  function showThinking(side: string, iterations: number, elapsed: number, limit: number): void {
    el.thinkText.textContent = `${side} (computer) is thinking…${iterations ? ` ${iterations.toLocaleString('en')} games tried` : ''}`;
    el.thinkProgress.value = Math.min(1, elapsed / limit);
    el.thinking.hidden = false;
    app.dataset.thinking = 'true';
  }

  function hideThinking(): void {
    el.thinking.hidden = true;
    el.thinkProgress.value = 0;
    delete app.dataset.thinking;
  }

  /** Two or more people share the screen (hot-seat). */
  function hotSeat(c: Current): boolean {
    return humanSides(c).length >= 2;
  }

  /** The side that made the last choice (the engine's history once, after a load), or null. */
  function lastChooser(c: Current): string | null {
    const count = c.session.choiceCount();
    if (count === 0) return null;
    if (c.choosers.length <= count) {
      const viewer = c.session.prompt()?.side ?? c.entry.sides[0]?.id ?? '';
      try {
        c.choosers = c.session.history(viewer).map((step) => step.side ?? null);
      } catch {
        return null;
      }
    }
    return c.choosers[count] ?? null;
  }

  /**
   * Why Undo may not take back the last choice, or null when it may. Beyond the engine's limits
   * (dice rolled, something hidden revealed): in hot-seat a side takes back only its own choices
   * since the screen was last handed over, never the other side's (`handOver`: the page says so
   * beside the button).
   */
  function undoRefusal(c: Current): { text: string; handOver: boolean } | null {
    if (replay) return { text: 'This is an earlier position: go back to the game to undo.', handOver: false };
    if (readOnly()) return { text: READ_ONLY, handOver: false };
    // The other side's choice first: in hot-seat it is the reason the player at the screen sees,
    // whether or not a roll or a reveal (a Bloody Monday isolation check, 4.1) also closed undo.
    const deciding = c.session.prompt()?.side;
    const last = lastChooser(c);
    if (hotSeat(c) && deciding !== undefined && last !== null && last !== deciding) {
      const who = sideInfo(c, last)?.label ?? last;
      return { text: `Undo is off: the last choice was the ${who} player's, and only they could take it back before handing over the screen.`, handOver: true };
    }
    if (!c.session.canUndo()) return { text: 'Nothing can be taken back now: a die was rolled or something hidden revealed since.', handOver: false };
    return null;
  }

  /** Undo enabled or not, and why not when the reason is the other side's choice. */
  function showUndo(c: Current): void {
    const refusal = undoRefusal(c);
    el.undo.disabled = refusal !== null;
    el.undo.title = refusal?.text ?? 'Take back the last choice';
    el.undoNote.textContent = refusal?.handOver ? refusal.text : '';
    el.undoNote.hidden = !refusal?.handOver;
  }

  /** Take back the last choice (the computer's since with it); false when nothing was taken back. */
  function undo(): boolean {
    const c = current;
    if (!c) return false;
    const refusal = undoRefusal(c);
    if (refusal) {
      setStatus(refusal.text);
      return false;
    }
    stopThinking();
    failedFor = null;
    const withComputer = humanSides(c).length > 0 && humanSides(c).length < c.entry.sides.length;
    const saved = withComputer ? c.session.exportString() : '';
    let taken = 0;
    try {
      c.session.undo();
      taken++;
      // Back to a person's decision: the computer's choices since are taken back with it.
      if (withComputer) {
        while (c.session.canUndo() && isComputer(c, c.session.prompt()?.side)) {
          c.session.undo();
          taken++;
        }
      }
      clearError();
    } catch (e) {
      showError(errorMessage(e), el.decideError);
      if (taken === 0) return false;
    }
    if (withComputer && isComputer(c, c.session.prompt()?.side)) {
      // A die was rolled (or something hidden revealed) since the person's last decision: the
      // computer's choices stay, as the game was before the click.
      let back: Session;
      try {
        back = new Session(c.session.engine, c.entry.adapter.importString(c.session.engine, saved));
      } catch (e) {
        showError(`The game could not be put back after an undo: ${errorMessage(e)}`);
        return false;
      }
      void adopt(back, c.entry, c.players, c.note, logActions(), false, c.level, c.id);
      // The refusal is said by the decision (the header's status is hidden on a phone).
      const why = "Undo cannot take back the computer's choice: a die was rolled or something hidden revealed since your last one.";
      setStatus(why);
      showError(why, el.decideError);
      return false;
    }
    selected = null;
    lastEvents = [];
    c.choosers.length = Math.min(c.choosers.length, c.session.choiceCount() + 1);
    log.truncate(c.session.choiceCount());
    render();
    if (c.ui.board.kind === 'hex') board.focusDecision();
    autosave();
    setStatus(taken > 1 ? `Took back the last ${taken} choices (the computer's with yours).` : 'Took back the last choice.');
    return true;
  }

  function viewChoice(choice: number): void {
    const c = current;
    if (!c) return;
    const count = c.session.choiceCount();
    if (choice >= count) {
      exitReplay();
      return;
    }
    let next: Session;
    try {
      next = c.session.replayTo(Math.max(0, choice));
    } catch (e) {
      showError(`That position could not be replayed: ${errorMessage(e)}`);
      return;
    }
    replay?.session.free();
    replay = { choice: Math.max(0, choice), session: next };
    lastEvents = log.group(replay.choice)?.events ?? [];
    rollDice = false;
    hideChooser();
    hideCard();
    log.setViewing(replay.choice);
    render();
  }

  function exitReplay(): void {
    if (!replay) return;
    replay.session.free();
    replay = null;
    lastEvents = [];
    log.setViewing(null);
    render();
  }

  function stepReplay(delta: number): void {
    const c = current;
    if (!c) return;
    const count = c.session.choiceCount();
    const at = replay ? replay.choice : count;
    const choices = log.choices().filter((n) => n < count);
    choices.push(count);
    let i = choices.indexOf(at);
    if (i < 0) i = choices.findIndex((n) => n > at);
    const next = choices[Math.max(0, Math.min(choices.length - 1, i + delta))] ?? count;
    viewChoice(next);
  }

  /** Make `next` the current game, freeing the previous one. */
  function adopt(
    next: Session,
    entry: RulesetEntry,
    players: Record<string, string>,
    note: string,
    actions: [number, string, string][],
    later = false,
    level = DEFAULT_LEVEL,
    id = newGameId(),
  ): Promise<void> {
    const previous = current?.session;
    if (replay) {
      replay.session.free();
      replay = null;
    }
    const choosers = next.choiceCount() === 0 ? [null] : [];
    const c: Current = { id, session: next, entry, ui: entry.adapter.create(next), players, note, level, choosers };
    current = c;
    seenSide = hiddenInfo(c) ? fixedScreenSide(c) : null;
    failedFor = null;
    if (previous && previous !== next) previous.free();
    selected = null;
    lastEvents = [];
    placedFor = null;
    listFor = null;
    statusKey = '';
    el.exportText.value = '';
    el.shareLink.hidden = el.shareLabel.hidden = true;
    el.title.textContent = entry.info.title;
    hooks.reflect('ruleset', entry.id);
    hooks.reflect('scenario', scenarioId(next));
    el.start.hidden = true;
    el.game.hidden = false;
    // A new game opens at the top of the page (the start screen may have been scrolled to reach
    // Start), so the header's status and the board are in view.
    if (hooks.page) window.scrollTo(0, 0);
    log.setViewing(null);
    log.reset([{ choice: 0, lines: [], notes: note ? [note] : [] }]);
    el.side.scrollTop = 0;
    render();
    // The log is rebuilt from the engine's history (a replay of the whole game): on page load after
    // the board's first frame, so the map shows at once; otherwise now.
    const build = () => {
      if (current !== c) return;
      if (curtainPending(c)) {
        autosave();
        return;
      }
      log.reset(buildLog(c, actions));
      autosave();
    };
    if (!later) {
      build();
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          build();
          resolve();
        }, 0),
      ),
    );
  }

  function entryFor(ruleset: string): RulesetEntry {
    const entry = rulesetById(ruleset);
    if (!entry) throw new Error(`this page cannot show the ruleset '${ruleset}'`);
    return entry;
  }

  /** A side as the page shows it (the catalogue's side with the adapter's colours). */
  function sideInfo(c: Current, side: string): SideInfo | null {
    return c.entry.sides.find((s) => s.id === side) ?? null;
  }

  /**
   * A ruleset of the catalogue with its engine module, loaded first if need be (engine.ts). The
   * module's catalogue entry is checked against the one shipped: if it differs, it takes its place
   * and the start screen is drawn from it again.
   */
  async function engineFor(ruleset: string): Promise<{ entry: RulesetEntry; engine: EngineModule }> {
    const wanted = entryFor(ruleset);
    if (!loadedRuleset(ruleset)) setStatus(`Loading the rules engine of ${wanted.info.title}…`);
    const engine = await loadRuleset(ruleset);
    if (performance.getEntriesByName('engine-loaded').length === 0) performance.mark('engine-loaded');
    if (!confirmCatalogue(engine)) {
      forgetRulesets();
      const chosen = el.ruleset.value;
      fillStartForm();
      if (rulesetById(chosen)) el.ruleset.value = chosen;
      fillRulesetFields();
    }
    return { entry: entryFor(ruleset), engine };
  }

  /**
   * The ruleset index.html preloads the module of before this script runs: the last game's (to be
   * resumed), else the start screen's first.
   */
  function preloadedRuleset(): string {
    return hooks.get('ruleset') ?? document.querySelector<HTMLLinkElement>('link[data-ruleset]')?.dataset.ruleset ?? rulesets()[0]?.id ?? '';
  }

  /**
   * Open a saved string with its ruleset's class (savedRuleset() says which, its module loaded
   * first); `likely`: the ruleset it is expected to be for. Throws the engine's error.
   */
  async function openSaved(saved: string, likely = preloadedRuleset()): Promise<{ session: Session; entry: RulesetEntry }> {
    const text = saved.trim();
    const { entry, engine } = await engineFor(await savedRuleset(text, likely));
    return { session: new Session(engine, entry.adapter.importString(engine, text)), entry };
  }

  // ---- start screen ------------------------------------------------------------------------------

  function fillStartForm(): void {
    el.ruleset.replaceChildren(
      ...rulesets().map((r) => {
        const o = document.createElement('option');
        o.value = r.id;
        o.textContent = r.info.title;
        return o;
      }),
    );
    fillRulesetFields();
  }

  function selectedEntry(): RulesetEntry | undefined {
    return rulesetById(el.ruleset.value) ?? rulesets()[0];
  }

  /** The start screen's fields for the chosen ruleset, all from the engine's catalogue. */
  function fillRulesetFields(): void {
    const entry = selectedEntry();
    if (!entry) return;
    const info = entry.info;
    el.scenario.replaceChildren(
      ...info.scenarios.map((s) => {
        const o = document.createElement('option');
        o.value = s.id;
        o.textContent = s.title;
        o.title = s.description;
        o.selected = s.id === info.default_scenario;
        return o;
      }),
    );
    el.scenarioLabel.hidden = info.scenarios.length < 2;
    el.players.replaceChildren(
      ...entry.sides.map((side) => {
        const label = document.createElement('label');
        label.textContent = `${side.label} player `;
        const select = document.createElement('select');
        select.name = `player-${side.id}`;
        select.dataset.side = side.id;
        const human = document.createElement('option');
        human.value = 'human';
        human.textContent = 'Human (this screen)';
        const computer = document.createElement('option');
        computer.value = 'computer';
        computer.textContent = 'Computer';
        select.append(human, computer);
        select.addEventListener('change', showLevel);
        label.append(select);
        return label;
      }),
    );
    const legend = el.options.querySelector('legend');
    const fields: HTMLLabelElement[] = [];
    if (info.presets.length) {
      // Ticks the checkboxes of the chosen preset; not an option of its own.
      const label = document.createElement('label');
      label.append('Preset ');
      const select = document.createElement('select');
      select.className = 'preset';
      info.presets.forEach((p, i) => {
        const o = document.createElement('option');
        o.value = String(i);
        o.textContent = p.label;
        select.append(o);
      });
      select.addEventListener('change', () => {
        const on = new Set(info.presets[Number(select.value)]?.on ?? []);
        for (const box of el.options.querySelectorAll<HTMLInputElement>('input[type=checkbox]')) box.checked = on.has(box.name);
      });
      label.append(select);
      const help = document.createElement('small');
      help.textContent = 'Ticks the options of the chosen preset.';
      label.append(help);
      fields.push(label);
    }
    for (const f of info.options) {
      const label = document.createElement('label');
      label.title = f.rule;
      if (f.kind.type === 'Flag') {
        const input = document.createElement('input');
        input.type = 'checkbox';
        input.name = f.name;
        input.checked = f.default === true;
        label.append(input, ` ${f.label}`);
      } else {
        label.append(`${f.label} `);
        const select = document.createElement('select');
        select.name = f.name;
        for (const ch of f.kind.choices) {
          const o = document.createElement('option');
          o.value = ch.value;
          o.textContent = ch.label;
          o.selected = ch.value === f.default;
          select.append(o);
        }
        label.append(select);
      }
      if (f.help) {
        const help = document.createElement('small');
        help.textContent = f.help;
        label.append(help);
      }
      fields.push(label);
    }
    el.options.replaceChildren(...(legend ? [legend] : []), ...fields);
    showLevel();
    fillMailFields(entry);
  }

  /** The computer's level is asked only when it plays a side. */
  function showLevel(): void {
    el.levelLabel.hidden = ![...el.players.querySelectorAll<HTMLSelectElement>('select')].some((s) => s.value === 'computer');
  }

  /** The start screen's controls that need the chosen game's engine module. */
  function needEngine(): (HTMLButtonElement | HTMLInputElement)[] {
    return [...el.start.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input[type="file"]')].filter((b) => b !== el.cancelStart);
  }

  /** The last preparation of the start screen: false if its module could not be loaded. */
  let prepared: Promise<boolean> = Promise.resolve(true);
  let preparing = 0;

  /**
   * The start screen's chosen game's engine module, loaded (engine.ts): until it is, what needs it
   * waits (disabled) and the header says so. Another choice meanwhile takes over.
   */
  function prepareStart(): Promise<boolean> {
    const entry = selectedEntry();
    if (!entry) return prepared;
    const mine = ++preparing;
    const loaded = loadedRuleset(entry.id) !== null;
    const loading = engineFor(entry.id);
    if (!loaded) {
      for (const b of needEngine()) b.disabled = true;
      if (!current) setStatus(`Loading the rules engine of ${entry.info.title}… choose a game meanwhile.`);
    }
    prepared = loading.then(
      () => {
        if (preparing !== mine) return prepared;
        for (const b of needEngine()) b.disabled = false;
        if (!loaded && !el.start.hidden) setStatus(current ? 'Choose a new game, or go back to the game.' : 'Choose a game to start, resume or load.');
        return true;
      },
      (e) => {
        if (preparing !== mine) return prepared;
        showError(`The rules engine could not be loaded: ${errorMessage(e)}`, el.startError);
        setStatus('Engine not loaded.');
        for (const b of needEngine()) b.disabled = false;
        return false;
      },
    );
    return prepared;
  }

  function showStart(): void {
    stopThinking();
    el.seed.value = String(randomSeed());
    el.cancelStart.hidden = !current;
    exitReplay();
    el.curtain.hidden = true;
    el.game.hidden = true;
    el.start.hidden = false;
    renderGames();
    setStatus(current ? 'Choose a new game, or go back to the game.' : 'Choose a game to start, resume or load.');
    el.ruleset.focus();
    void prepareStart();
  }

  function backToGame(): void {
    if (!current) return;
    el.start.hidden = true;
    el.game.hidden = false;
    if (hooks.page) window.scrollTo(0, 0);
    render();
  }

  // ---- the list of games in progress ---------------------------------------------------------------

  /** The start screen's list of the games kept in this browser: resume or delete each. */
  function renderGames(): void {
    // An embedded game lists none (it keeps nothing in this browser).
    const games = hooks.page ? shelf.list() : [];
    el.games.hidden = games.length === 0;
    el.gamesList.replaceChildren(
      ...games.map((g) => {
        const li = document.createElement('li');
        li.dataset.game = g.id;
        const onScreen = current?.id === g.id;
        li.classList.toggle('on-screen', onScreen);
        const title = document.createElement('div');
        title.className = 'game-title';
        title.textContent = `${g.title}${g.scenario ? ` — ${g.scenario}` : ''}${onScreen ? ' (on the screen)' : ''}`;
        const where = document.createElement('div');
        where.className = 'game-where';
        const parts = [g.where, g.side ? `${g.side} to decide` : '', `${g.choices} choice${g.choices === 1 ? '' : 's'}`, `last played ${playedWhen(g.playedAt)}`];
        where.textContent = parts.filter(Boolean).join(' · ');
        const resume = document.createElement('button');
        resume.type = 'button';
        resume.className = 'resume';
        resume.textContent = 'Resume';
        resume.setAttribute('aria-label', `Resume ${title.textContent}`);
        resume.addEventListener('click', () => void resumeGame(g.id, g.ruleset, error));
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.className = 'delete';
        remove.textContent = 'Delete';
        remove.setAttribute('aria-label', `Delete ${title.textContent}`);
        remove.addEventListener('click', () => void deleteGame(g));
        const buttons = document.createElement('div');
        buttons.className = 'toolbar';
        buttons.append(resume, remove);
        const error = document.createElement('p');
        error.className = 'inline-error';
        error.setAttribute('role', 'alert');
        error.hidden = true;
        li.append(title, where, buttons, error);
        return li;
      }),
    );
  }

  /** Resume a game of the list, of `ruleset` (the one on the screen: back to it). */
  async function resumeGame(id: string, ruleset: string, errorAt: HTMLElement): Promise<void> {
    if (current?.id === id) {
      backToGame();
      return;
    }
    const record = shelf.read(id, knownLevel);
    if (!record) {
      showError('This game is no longer kept in this browser (it was deleted in another tab, or storage was cleared).', errorAt);
      renderGames();
      return;
    }
    let opened: { session: Session; entry: RulesetEntry };
    try {
      opened = await openSaved(record.save, ruleset);
    } catch (e) {
      el.startImportText.value = record.save;
      showError(`This game could not be opened: ${errorMessage(e)}. Its saved string is in the Load box below.`, errorAt);
      return;
    }
    leaveCurrent('Resuming another game', 'Resume the other game', () => {
      clearError();
      void adopt(opened.session, opened.entry, record.players, record.note, record.actions, false, record.level ?? DEFAULT_LEVEL, id);
      setStatus('Game resumed.');
    }, () => opened.session.free());
  }

  async function deleteGame(g: GameSummary): Promise<void> {
    const name = `${g.title}${g.scenario ? ` (${g.scenario})` : ''}`;
    const onScreen = current?.id === g.id;
    const yes = await ask(
      `Delete the game of ${name}, ${g.where || 'in progress'}, with ${g.choices} choice${g.choices === 1 ? '' : 's'}?${onScreen ? ' It is the game on the screen.' : ''} It cannot be undone.`,
      'Delete it',
      'Keep it',
    );
    if (!yes) return;
    shelf.remove(g.id);
    if (current?.id === g.id) dropCurrent();
    renderGames();
    setStatus(`Deleted the game of ${name}.`);
    (el.gamesList.querySelector<HTMLButtonElement>('button.resume') ?? el.ruleset).focus();
  }

  /** Forget the game on the screen (it was deleted). */
  function dropCurrent(): void {
    stopThinking();
    exitReplay();
    current?.session.free();
    current = null;
    el.cancelStart.hidden = true;
    el.title.textContent = '';
  }

  /** Ask a yes-or-no question in a dialog; true for yes. Escape or the no button answer no. */
  function ask(question: string, yes: string, no: string): Promise<boolean> {
    el.askText.textContent = question;
    el.askYes.textContent = yes;
    el.askNo.textContent = no;
    el.ask.returnValue = '';
    el.ask.showModal();
    return new Promise((resolve) => el.ask.addEventListener('close', () => resolve(el.ask.returnValue === 'yes'), { once: true }));
  }

  /**
   * `go` replaces the game on the screen: at once when that game is kept in this browser (or has
   * no choice yet), else after asking, since it would be lost; `stay` when the player keeps it.
   */
  function leaveCurrent(doing: string, yes: string, go: () => void, stay: () => void = () => {}): void {
    const c = current;
    // An embedded game's page keeps it (the `save` event): nothing to ask.
    if (!hooks.page || !c || c.session.choiceCount() === 0 || shelf.kept(c.id)) {
      go();
      return;
    }
    const why = storageProblem === 'full' ? "the browser's storage for this page is full" : 'your browser blocks storage for this page';
    void ask(
      `The game on the screen is not saved in this browser as it stands (${why}). ${doing} ends it: to keep it, go back and export its saved string first.`,
      yes,
      'Go back to it',
    ).then((ok) => {
      if (ok) go();
      else {
        stay();
        backToGame();
      }
    });
  }

  /** The start form's options, players and seed (a random seed when the field is empty). */
  function startChoices(): { options: Record<string, boolean | string>; players: Record<string, string>; seed: number } {
    const options: Record<string, boolean | string> = {};
    for (const input of el.options.querySelectorAll<HTMLInputElement>('input[type=checkbox]')) options[input.name] = input.checked;
    for (const select of el.options.querySelectorAll<HTMLSelectElement>('select:not(.preset)')) options[select.name] = select.value;
    const players: Record<string, string> = {};
    for (const select of el.players.querySelectorAll<HTMLSelectElement>('select')) players[select.dataset.side ?? ''] = select.value;
    const n = Number(el.seed.value);
    const seed = Number.isInteger(n) && n >= 0 ? n >>> 0 : randomSeed();
    return { options, players, seed };
  }

  async function startGame(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const chosen = selectedEntry();
    if (!chosen) return;
    const { options, players, seed } = startChoices();
    const level = el.level.value in LEVELS ? el.level.value : DEFAULT_LEVEL;
    const scenario = el.scenario.value || chosen.info.default_scenario;
    if (el.howMail.checked && chosen.info.mail) return startMail(chosen, scenario, options);
    let next: Session;
    let entry: RulesetEntry;
    try {
      ({ next, entry } = await newSession(chosen.id, scenario, options, seed));
    } catch (e) {
      showError(startRefusal(e), el.startError);
      return;
    }
    leaveCurrent('Starting a new game', 'Start the new game', () => {
      clearError();
      void adopt(next, entry, players, newGameNote(entry, scenario, seed, players, level), [], false, level);
      setStatus('Game started.');
    }, () => next.free());
  }

  /** Why a new game could not start, in the engine's words. */
  function startRefusal(e: unknown): string {
    return `Could not start the game: ${errorMessage(e)}`;
  }

  /** A new game of a built-in scenario, its ruleset's module loaded first; throws the engine's error. */
  async function newSession(ruleset: string, scenario: string, options: Record<string, boolean | string>, seed: number): Promise<{ next: Session; entry: RulesetEntry }> {
    const { entry, engine } = await engineFor(ruleset);
    return { next: new Session(engine, entry.adapter.start(engine, scenario, options, seed)), entry };
  }

  /** The log's first note of a new game of a built-in scenario. */
  function newGameNote(entry: RulesetEntry, scenario: string, seed: number, players: Record<string, string>, level: string): string {
    const title = entry.info.scenarios.find((s) => s.id === scenario)?.title ?? scenario;
    return `New game of ${entry.info.title} (${title}), seed ${seed}.${computerNote(entry, players, level)}`;
  }

  /** " The computer plays the French (Normal)." for the log's first note, or nothing. */
  function computerNote(entry: RulesetEntry, players: Record<string, string>, level: string): string {
    const sides = entry.sides.filter((s) => players[s.id] === 'computer').map((s) => s.label);
    if (!sides.length) return '';
    return ` The computer plays ${sides.length > 1 ? 'both sides' : `the ${sides[0]}`} (${levelOf(level).label}).`;
  }

  /** A variant: a scenario file of the selected game, with the form's options, players and seed.
   * The engine checks it like its built-in data; its refusal names the file, the unit and the field. */
  async function startScenarioFile(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    const chosen = selectedEntry();
    if (!file || !chosen) return;
    const { options, players, seed } = startChoices();
    let text: string;
    try {
      text = await file.text();
    } catch (e) {
      showError(`Could not read ${file.name}: ${errorMessage(e)}`, el.startError);
      return;
    } finally {
      input.value = '';
    }
    // The file is a scenario of the selected game: that ruleset's module reads it.
    let next: Session;
    let entry: RulesetEntry;
    try {
      let engine: EngineModule;
      ({ entry, engine } = await engineFor(chosen.id));
      next = new Session(engine, entry.adapter.fromScenarioFile(engine, file.name, text, options, seed));
    } catch (e) {
      showError(`Could not start the scenario file: ${errorMessage(e)}`, el.startError);
      return;
    }
    const level = el.level.value in LEVELS ? el.level.value : DEFAULT_LEVEL;
    const vs = computerNote(entry, players, level);
    leaveCurrent('Starting a new game', 'Start the new game', () => {
      clearError();
      void adopt(next, entry, players, `New game of ${entry.info.title} from the scenario file ${file.name}, seed ${seed}.${vs}`, [], false, level);
      setStatus(`Game started from ${file.name}.`);
    }, () => next.free());
  }

  // ---- saving, loading, sharing ------------------------------------------------------------------

  /** What became of Export, Copy, Download and Share, beside their buttons (and in the header). */
  function saveNote(text: string): void {
    el.saveNote.textContent = text;
    el.saveNote.hidden = false;
    setStatus(text);
  }

  function exportGame(): string {
    if (!current) return '';
    el.exportText.value = current.session.exportString();
    el.exportText.select();
    saveNote('Saved game string ready to copy.');
    return el.exportText.value;
  }

  /**
   * Copy `text` to the clipboard and say exactly what happened: the clipboard API, else the
   * browser's older copy command on the selected field; when both refuse, the field stays selected
   * for the player to copy by hand.
   */
  async function copyText(text: string, field: HTMLInputElement | HTMLTextAreaElement): Promise<void> {
    let refusal: string;
    if (navigator.clipboard?.writeText) {
      try {
        await navigator.clipboard.writeText(text);
        saveNote('Copied to the clipboard.');
        return;
      } catch (e) {
        refusal = e instanceof Error && e.name !== 'Error' ? `${e.name}: ${e.message}` : errorMessage(e);
      }
    } else {
      refusal = 'this page has no clipboard access here';
    }
    field.focus();
    field.select();
    let copied = false;
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    if (copied) saveNote(`Copied to the clipboard with the browser's older copy command (the clipboard refused: ${refusal}).`);
    else saveNote(`Not copied: the browser refused the clipboard (${refusal}). The text is selected: copy it by hand (Ctrl+C, or press and hold, then Copy).`);
  }

  function download(): void {
    if (!current) return;
    const text = exportGame();
    const blob = new Blob([text + '\n'], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${current.entry.id}-${current.session.choiceCount()}.txt`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    saveNote('Saved game downloaded.');
  }

  function shareLink(): void {
    if (!current) return;
    // `&r=`: the ruleset, for index.html to preload its module (the string names it too).
    const url = `${location.origin}${location.pathname}#g=${current.session.exportString()}&r=${encodeURIComponent(current.entry.id)}`;
    el.shareLink.value = url;
    el.shareLink.hidden = el.shareLabel.hidden = false;
    el.shareLink.select();
    void copyText(url, el.shareLink);
  }

  /**
   * Load a saved string as a game of the list: a new entry, or the entry that holds exactly this
   * string. On error the current game is untouched and the engine's message shown at `errorAt`.
   */
  async function importText(text: string, how: string, errorAt: HTMLElement): Promise<boolean> {
    const trimmed = text.trim();
    if (!trimmed) {
      showError('Paste a saved game string first.', errorAt);
      return false;
    }
    let next: Session;
    let entry: RulesetEntry;
    try {
      ({ session: next, entry } = await openSaved(trimmed));
    } catch (e) {
      showError(`Could not load that saved game: ${errorMessage(e)}`, errorAt);
      return false;
    }
    const same = shelf.findBySave(next.exportString(), knownLevel);
    const kept = same ? shelf.read(same, knownLevel) : null;
    leaveCurrent('Loading another game', 'Load the other game', () => {
      clearError();
      const note = `Loaded ${how} at choice ${next.choiceCount()}.`;
      void adopt(next, entry, hooks.page ? (kept?.players ?? {}) : playersFor(entry), note, [], false, hooks.page ? (kept?.level ?? DEFAULT_LEVEL) : levelFor(), same ?? newGameId());
      setStatus(same ? 'Saved game loaded (it was already in the list of games: that entry goes on).' : 'Saved game loaded.');
    }, () => next.free());
    return true;
  }

  function importFile(input: HTMLInputElement, errorAt: HTMLElement): void {
    const file = input.files?.[0];
    if (!file) return;
    file
      .text()
      .then((text) => importText(text, `the file ${file.name}`, errorAt))
      .catch((e) => showError(`Could not read ${file.name}: ${errorMessage(e)}`, errorAt))
      .finally(() => {
        input.value = '';
      });
  }

  /**
   * The single autosave of an earlier page becomes an entry of the list, the last played (the old
   * key is dropped only once the entry is kept; one that does not open is listed all the same).
   */
  async function migrateOldAutosave(): Promise<void> {
    const old = shelf.oldAutosave(knownLevel);
    if (!old) return;
    const id = shelf.findBySave(old.save, knownLevel) ?? newGameId();
    let summary: GameSummary;
    try {
      const { session, entry } = await openSaved(old.save);
      const ui = entry.adapter.create(session);
      summary = summaryOf({ id, session, entry, ui, players: old.players, note: old.note, level: old.level ?? DEFAULT_LEVEL, choosers: [] });
      session.free();
    } catch (e) {
      summary = { id, ruleset: '', title: 'A saved game', scenario: '', where: `this page cannot open it (${errorMessage(e)})`, side: null, choices: 0, playedAt: Date.now() };
    }
    if (shelf.write(summary, old)) {
      shelf.setLast(id);
      shelf.forgetOldAutosave();
    }
  }

  /** On load: the game last on the screen, if it is kept; true when it is shown. */
  async function restore(): Promise<boolean> {
    const id = shelf.lastId();
    const record = id ? shelf.read(id, knownLevel) : null;
    return id !== null && record !== null && (await restoreRecord(record, id));
  }

  async function restoreRecord(record: GameRecord, id: string): Promise<boolean> {
    let next: Session;
    let entry: RulesetEntry;
    try {
      ({ session: next, entry } = await openSaved(record.save, shelf.list().find((g) => g.id === id)?.ruleset));
      performance.mark('autosave-imported');
    } catch (e) {
      showError(`The last game could not be restored: ${errorMessage(e)}. It stays in the list of games; its string is in the Load box.`, el.startImportError);
      el.importText.value = record.save;
      el.startImportText.value = record.save;
      return false;
    }
    setStatus('Restored the last game.');
    restoring = adopt(next, entry, record.players, record.note, record.actions, true, record.level ?? DEFAULT_LEVEL, id);
    return true;
  }

  /** The log of a restored game is built after the first frame; `ready` waits for it. */
  let restoring: Promise<void> = Promise.resolve();

  /**
   * `#g=<saved string>` (and `&r=<ruleset>`, which only index.html's preload reads) loads a shared
   * game; `?test#setup=<json>` builds a test position.
   */
  async function fromLocation(): Promise<boolean> {
    const hash = location.hash;
    const params = new URLSearchParams(location.search);
    const clear = () => history.replaceState(null, '', location.pathname + location.search);
    const decode = (text: string) => {
      try {
        return decodeURIComponent(text);
      } catch {
        return text;
      }
    };
    if (hash.startsWith('#m=')) {
      const text = decode(hash.slice(3));
      clear();
      return await openMail(text, el.start.hidden ? el.error : el.startMailError);
    }
    if (hash.startsWith('#g=')) {
      const text = decode(hash.slice(3).split('&')[0] ?? '');
      clear();
      return await importText(text, 'a shared link', el.error);
    }
    if (hash.startsWith('#setup=') && params.has('test')) {
      clear();
      let next: Session;
      let entry: RulesetEntry;
      try {
        let engine: EngineModule;
        ({ entry, engine } = await engineFor(params.get('ruleset') ?? rulesets()[0]?.id ?? ''));
        next = new Session(engine, entry.adapter.fromSetupJson(engine, decode(hash.slice(7))));
      } catch (e) {
        showError(`Could not build the test position: ${errorMessage(e)}`);
        return false;
      }
      void adopt(next, entry, {}, 'Test position from a setup description.', []);
      return true;
    }
    return false;
  }

  // ---- play by email ----------------------------------------------------------------------------
  //
  // A mail game is a Session over the engine's mail handle (mailStart, mailAnswer, mailLoad): the
  // board, the prompt, the log and undo are the shell's as for any game; the page only says when
  // to send, takes in the opponent's string and asks for the passphrase when the engine needs it.
  // The engine checks everything; its refusals are shown in its own words and change nothing.

  /** Timings and sizes for the end-to-end test's report. */
  const mailPerf = { deriveMs: [] as number[] };

  function isMailGame(c: Current | null): c is Current {
    return !!c && c.session.isMail();
  }

  /** A mail game whose board must not take choices now (not the local side's turn, or locked). */
  function mailLocked(c: Current): boolean {
    return c.session.isMail() && !c.session.isMyTurn();
  }

  /** Paint first (the progress text), then do the slow work (Argon2id takes a moment). */
  function afterPaint(): Promise<void> {
    return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  }

  /** The mail string in what a player pasted: a `#m=` link's, a bare string, or the mail's longest token. */
  function mailStringIn(text: string): string {
    const t = text.trim();
    const link = /#m=([A-Za-z0-9_%-]+)/.exec(t);
    if (link?.[1]) {
      try {
        return decodeURIComponent(link[1]);
      } catch {
        return link[1];
      }
    }
    if (!/\s/.test(t)) return t;
    const tokens = t.match(/[A-Za-z0-9_-]{60,}/g) ?? [];
    return tokens.sort((a, b) => b.length - a.length)[0] ?? t;
  }

  function mailWords(e: {} | null | undefined): string {
    return refusalOf(e).message;
  }

  /** Keep the current mail game's latest string (and its passphrase if remembered). */
  function keepMail(c: Current, passphrase?: string | null): void {
    const status = c.session.mailStatus();
    const kept = mailbox.get(status.game);
    const remembered = passphrase === undefined ? kept?.passphrase : (passphrase ?? undefined);
    mailbox.put(status.game, { ruleset: c.entry.id, side: status.side, string: c.session.mailString(), passphrase: remembered, at: Date.now() });
  }

  /**
   * Ask for the passphrase in the dialog and run `attempt` with it (progress shown while the key
   * is derived; a refusal is shown in the dialog, which stays open). `twice`: a new passphrase.
   * Resolves with whether it was remembered, or null if cancelled.
   */
  function askPassphrase(text: string, twice: boolean, attempt: (passphrase: string) => void): Promise<{ remember: boolean } | null> {
    el.mailAskText.textContent = text;
    el.mailAskAgain.hidden = !twice;
    el.mailAskPass.value = el.mailAskPass2.value = '';
    el.mailAskPass.autocomplete = twice ? 'new-password' : 'current-password';
    el.mailAskRemember.checked = false;
    el.mailAskProgress.hidden = el.mailAskError.hidden = true;
    el.mailAskOk.disabled = false;
    el.mailAsk.showModal();
    el.mailAskPass.focus();
    return new Promise((resolve) => {
      const done = (value: { remember: boolean } | null) => {
        el.mailAskForm.onsubmit = null;
        el.mailAskCancel.onclick = null;
        el.mailAskPass.value = el.mailAskPass2.value = '';
        el.mailAsk.close();
        resolve(value);
      };
      el.mailAskCancel.onclick = () => done(null);
      el.mailAskForm.onsubmit = (event) => {
        event.preventDefault();
        const pass = el.mailAskPass.value;
        const fail = (message: string) => {
          el.mailAskProgress.hidden = true;
          el.mailAskError.textContent = message;
          el.mailAskError.hidden = false;
          el.mailAskOk.disabled = false;
        };
        if (twice && pass.length < 8) return fail('Choose a passphrase of at least 8 characters (a few words are best).');
        if (twice && pass !== el.mailAskPass2.value) return fail('The two passphrases differ: type the same one twice.');
        if (!pass) return fail('Enter your passphrase.');
        el.mailAskError.hidden = true;
        el.mailAskProgress.textContent = 'Checking the passphrase (deriving your keys takes a moment)…';
        el.mailAskProgress.hidden = false;
        el.mailAskOk.disabled = true;
        void afterPaint().then(() => {
          const t0 = performance.now();
          try {
            attempt(pass);
          } catch (e) {
            fail(mailWords(e));
            return;
          }
          mailPerf.deriveMs.push(performance.now() - t0);
          const remember = el.mailAskRemember.checked;
          if (remember) rememberedPass = pass;
          done({ remember });
        });
      };
    });
  }

  /** The passphrase just typed with "remember" ticked, until it is kept with its game. */
  let rememberedPass: string | null = null;

  function takeRemembered(remember: boolean): string | null {
    const p = remember ? rememberedPass : null;
    rememberedPass = null;
    return p;
  }

  /** Adopt a mail game: the shell's game screen, with the mail panel. */
  function adoptMail(next: Session, entry: RulesetEntry, note: string, passphrase?: string | null): void {
    const status = next.mailStatus();
    const players = Object.fromEntries(entry.sides.map((s) => [s.id, 'human']));
    leaveCurrent('Opening a game by email', 'Open it', () => {
      clearError();
      void adopt(next, entry, players, note, [], false, DEFAULT_LEVEL, `mail:${status.game}`);
      if (current?.session === next) {
        keepMail(current, passphrase);
        renderMail(current);
      }
    }, () => next.free());
  }

  /** The text block and link of the latest string this side sent. */
  function showMailOut(c: Current): void {
    const status = c.session.mailStatus();
    const string = c.session.mailString();
    const side = sideInfo(c, status.side)?.label ?? status.side;
    let summary = c.session.mailSummary();
    if (!summary) summary = status.entries === 1 ? `A new game of ${c.entry.info.title} by email: I play the ${side}.` : `I answer your opening: I play the ${side}.`;
    const link = `${location.origin}${location.pathname}#m=${string}`;
    el.mailSummary.textContent = summary;
    el.mailLink.value = link;
    el.mailText.value = `${summary}\n\nOpen this link to play your turn:\n${link}\n\nOr paste this string into "Open your opponent's turn":\n${string}\n`;
    el.mailOut.hidden = false;
    el.mailCopied.hidden = true;
  }

  /** The mail panel: where the game stands, what to do next. */
  function renderMail(c: Current | null): void {
    const mail = isMailGame(c);
    el.mailPanel.hidden = !mail;
    el.saves.hidden = mail;
    app.dataset.mail = '';
    if (!mail) return;
    const s = c.session.mailStatus();
    const opp = c.entry.sides.find((x) => x.id !== s.side);
    const them = opp?.label ?? 'opponent';
    let state: string;
    let key: string;
    if (s.over) [key, state] = ['over', 'The game is over.'];
    else if (s.entries === 1) [key, state] = ['opening', `Send this opening to your opponent (the ${them} player), then open their answer here.`];
    else if (s.to_send) [key, state] = ['send', 'Your turn is played: send it to your opponent.'];
    else if (s.my_turn) [key, state] = ['play', 'Your turn: play it, then send it.'];
    else if (s.next_is_mine) [key, state] = ['locked', 'Your turn: enter your passphrase to play it.'];
    else [key, state] = ['wait', `Waiting for the ${them} player's turn: open it here when it comes.`];
    app.dataset.mail = key;
    el.mailState.textContent = state;
    el.mailUnlock.hidden = key !== 'locked';
    el.mailSend.hidden = key !== 'send' && key !== 'play';
    el.mailSend.disabled = key !== 'send';
    el.mailOpenBox.open = key === 'wait' || key === 'opening';
    if (key === 'play' || key === 'locked' || key === 'send') el.mailOut.hidden = true;
    const prints = c.entry.sides.map((x) => `${x.label} ${c.session.mailFingerprint(x.id) ?? '(not yet)'}`);
    el.mailPrints.textContent = `Key fingerprints (compare them with your opponent's by phone or in person): ${prints.join(' · ')}`;
  }

  /** What happened since the local side's last turn: one line a choice, each shown on the board by a click. */
  function renderNews(c: Current): void {
    let news: HistoryStep[];
    try {
      news = c.session.mailNews();
    } catch {
      news = [];
    }
    const total = c.session.choiceCount();
    const from = total + 1 - news.length;
    el.mailNews.replaceChildren(
      ...news.map((step, i) => {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        const who = step.side ? `${sideInfo(c, step.side)?.label ?? step.side}: ` : '';
        b.textContent = `${who}${step.description ?? 'The game is set up'}`;
        const choice = from + i;
        b.addEventListener('click', () => viewChoice(choice));
        li.append(b);
        return li;
      }),
    );
    el.mailNewsBox.hidden = news.length === 0;
  }

  /** The game is begun: adopt's log rebuilt from the engine's history and the board drawn again. */
  function mailChanged(c: Current): void {
    placedFor = null;
    listFor = null;
    statusKey = '';
    log.reset(buildLog(c, []));
    lastEvents = [];
    renderNews(c);
    render();
  }

  /** Unlock the current mail game's side (the remembered passphrase, else asked). */
  async function unlockMail(c: Current): Promise<boolean> {
    const kept = mailbox.get(c.session.mailStatus().game);
    if (kept?.passphrase) {
      try {
        setStatus('Unlocking your side with the remembered passphrase…');
        await afterPaint();
        c.session.mailUnlock(kept.passphrase);
        mailChanged(c);
        return true;
      } catch {
        // A remembered passphrase that no longer unlocks: ask.
      }
    }
    const side = sideInfo(c, c.session.mailStatus().side)?.label ?? '';
    const answer = await askPassphrase(`Your passphrase for the ${side} side of this game:`, false, (p) => c.session.mailUnlock(p));
    if (!answer) return false;
    if (answer.remember) keepMail(c, takeRemembered(true));
    mailChanged(c);
    return true;
  }

  /** Start a game by email from the start form. */
  async function startMail(chosen: RulesetEntry, scenario: string, options: Record<string, boolean | string>): Promise<void> {
    const pass = el.mailPass.value;
    if (pass.length < 8) return showError('Choose a passphrase of at least 8 characters (a few words are best).', el.startError);
    if (pass !== el.mailPass2.value) return showError('The two passphrases differ: type the same one twice.', el.startError);
    const side = el.mailSide.value;
    let next: Session;
    let entry: RulesetEntry;
    try {
      let engine: EngineModule;
      ({ entry, engine } = await engineFor(chosen.id));
      el.startProgress.textContent = 'Deriving your keys from the passphrase (this takes a moment)…';
      el.startProgress.hidden = false;
      await afterPaint();
      const t0 = performance.now();
      next = new Session(engine, entry.adapter.mailStart(engine, side, pass, scenario, options));
      mailPerf.deriveMs.push(performance.now() - t0);
    } catch (e) {
      showError(`Could not start the game by email: ${mailWords(e)}`, el.startError);
      return;
    } finally {
      el.startProgress.hidden = true;
    }
    const remember = el.mailRemember.checked ? pass : null;
    el.mailPass.value = el.mailPass2.value = '';
    const title = entry.info.scenarios.find((s) => s.id === scenario)?.title ?? scenario;
    adoptMail(next, entry, `New game of ${entry.info.title} (${title}) by email.`, remember);
    if (current?.session === next) showMailOut(current);
  }

  /**
   * Open an opponent's string (pasted, or a `#m=` link): into the mail game on the screen or
   * held here if it is of one; an opening is answered; a game not held is opened as the side that
   * did not send it (another device). Nothing changes on a refusal.
   */
  async function openMail(text: string, errorAt: HTMLElement): Promise<boolean> {
    const string = mailStringIn(text);
    const fail = (e: {} | null | undefined) => {
      showError(`This turn cannot be opened: ${mailWords(e)}`, errorAt);
      return false;
    };
    let peek: MailPeek;
    let entry: RulesetEntry;
    let engine: EngineModule;
    try {
      peek = await mailPeek(string, current?.entry.id ?? preloadedRuleset());
      ({ entry, engine } = await engineFor(peek.ruleset));
    } catch (e) {
      return fail(e);
    }
    if (!entry.info.mail) return fail(entry.info.mail_note ?? 'this game cannot be played by email');
    const c = current;
    // The game on the screen.
    if (isMailGame(c) && c.entry.id === entry.id && c.session.mailStatus().game === peek.game) {
      if (replay) exitReplay();
      let added: number;
      try {
        added = c.session.mailReceive(string);
      } catch (e) {
        return fail(e);
      }
      clearError();
      keepMail(c);
      el.mailOut.hidden = true;
      mailChanged(c);
      setStatus(added ? "Your opponent's turn is in: see what happened, then play yours." : 'You have this turn already.');
      if (added && c.session.mailStatus().next_is_mine && !c.session.mailStatus().unlocked) await unlockMail(c);
      renderMail(c);
      return true;
    }
    const kept = mailbox.get(peek.game);
    let next: Session;
    try {
      if (kept && kept.ruleset === entry.id) {
        next = new Session(engine, entry.adapter.mailLoad(engine, kept.string, kept.side, undefined));
        try {
          next.mailReceive(string);
        } catch (e) {
          next.free();
          throw e;
        }
      } else if (peek.entries === 1) {
        let made: Session | null = null;
        const answer = await askPassphrase(
          `A new game of ${entry.info.title} by email: you play the ${entry.sides[1 - peek.sender]?.label ?? ''}. Choose your passphrase for it:`,
          true,
          (p) => {
            made = new Session(engine, entry.adapter.mailAnswer(engine, string, p));
          },
        );
        if (!answer || !made) return false;
        next = made;
        adoptMail(next, entry, `New game of ${entry.info.title} by email (an answer to an opening).`, takeRemembered(answer.remember));
        if (current?.session === next) showMailOut(current);
        return true;
      } else {
        const side = entry.sides[1 - peek.sender]?.id ?? '';
        next = new Session(engine, entry.adapter.mailLoad(engine, string, side, undefined));
      }
    } catch (e) {
      return fail(e);
    }
    adoptMail(next, entry, `A game of ${entry.info.title} by email.`);
    const now = current;
    if (now?.session !== next) return true;
    mailChanged(now);
    if (now.session.mailStatus().next_is_mine) await unlockMail(now);
    renderMail(now);
    return true;
  }

  /** Send the finished turn: sign it and show the text block and link. */
  function sendMail(): void {
    const c = current;
    if (!isMailGame(c)) return;
    try {
      c.session.mailSend();
    } catch (e) {
      showError(mailWords(e), el.mailError);
      return;
    }
    clearError();
    keepMail(c);
    showMailOut(c);
    renderNews(c);
    render();
    el.mailOut.scrollIntoView({ block: 'nearest' });
  }

  /** On load: the mail game last on the screen, locked (the passphrase is asked when needed). */
  async function restoreMail(): Promise<boolean> {
    const game = mailbox.last();
    const kept = game ? mailbox.get(game) : null;
    if (!kept) return false;
    try {
      const { entry, engine } = await engineFor(kept.ruleset);
      const next = new Session(engine, entry.adapter.mailLoad(engine, kept.string, kept.side, undefined));
      const players = Object.fromEntries(entry.sides.map((s) => [s.id, 'human']));
      restoring = adopt(next, entry, players, `A game of ${entry.info.title} by email.`, [], true, DEFAULT_LEVEL, `mail:${game}`);
      await restoring;
      if (current?.session === next) {
        renderNews(current);
        renderMail(current);
        if (next.mailStatus().entries <= 2 || !next.mailStatus().next_is_mine) showMailOut(current);
      }
      return true;
    } catch (e) {
      showError(`The last game by email could not be opened: ${mailWords(e)}`, el.startMailError);
      return false;
    }
  }

  /** The start form's mail fields for the chosen ruleset (the catalogue says whether it mails). */
  function fillMailFields(entry: RulesetEntry): void {
    const can = entry.info.mail;
    el.howMail.disabled = !can;
    if (!can) el.howScreen.checked = true;
    el.mailNote.textContent = entry.info.mail_note ?? '';
    el.mailNote.hidden = can;
    el.mailSide.replaceChildren(
      ...entry.sides.map((s) => {
        const o = document.createElement('option');
        o.value = s.id;
        o.textContent = s.label;
        return o;
      }),
    );
    showHow();
  }

  /** By email: no players, computer level or seed (the dice come from both players' chains). */
  function showHow(): void {
    const mail = el.howMail.checked && !el.howMail.disabled;
    el.mailFields.hidden = !mail;
    el.players.hidden = mail;
    el.seed.disabled = mail;
    el.seedLabel.hidden = mail;
    if (mail) el.levelLabel.hidden = true;
    else showLevel();
  }

  // ---- wiring ---------------------------------------------------------------------------------------

  // ---- the element's attributes and methods ----------------------------------------------------

  /** The players of an embedded game: `opponent="computer"` plays every side but the one shown (else the first). */
  function playersFor(entry: RulesetEntry): Record<string, string> {
    const computer = hooks.get('opponent') === 'computer';
    const side = hooks.get('side');
    const human = entry.sides.some((s) => s.id === side) ? side : (entry.sides[0]?.id ?? '');
    return Object.fromEntries(entry.sides.map((s) => [s.id, computer && s.id !== human ? 'computer' : 'human']));
  }

  /** The computer's level of an embedded game: the `level` attribute's, else the default. */
  function levelFor(): string {
    const level = hooks.get('level');
    return level !== null && level in LEVELS ? level : DEFAULT_LEVEL;
  }

  /** The catalogue's default values of a ruleset's options. */
  function defaultOptions(entry: RulesetEntry): Record<string, boolean | string> {
    return Object.fromEntries(entry.info.options.map((f) => [f.name, f.kind.type === 'Flag' ? f.default === true : String(f.default)]));
  }

  /** Put the attributes back to the game on the screen (after a refused change). */
  function reflectGame(): void {
    const c = current;
    if (!c) return;
    hooks.reflect('ruleset', c.entry.id);
    hooks.reflect('scenario', scenarioId(c.session));
  }

  /** A new game of the `ruleset` and `scenario` attributes (`fresh`: the ruleset changed alone, so its default scenario). */
  async function startAttributes(fresh = false): Promise<boolean> {
    const id = hooks.get('ruleset') ?? '';
    const entry = rulesetById(id);
    if (!entry) {
      showError(`There is no ruleset '${id}': the rulesets are ${rulesets().map((r) => r.id).join(', ')}.`, el.error, 'attribute');
      return false;
    }
    const asked = fresh ? null : hooks.get('scenario');
    const scenario = asked ?? entry.info.default_scenario;
    if (!entry.info.scenarios.some((s) => s.id === scenario)) {
      const known = entry.info.scenarios.map((s) => s.id).join(', ');
      showError(`${entry.info.title} has no scenario '${scenario}': its scenarios are ${known}.`, el.error, 'attribute');
      return false;
    }
    const seed = randomSeed();
    let next: Session;
    try {
      ({ next } = await newSession(entry.id, scenario, defaultOptions(entry), seed));
    } catch (e) {
      showError(startRefusal(e), el.error, 'attribute');
      return false;
    }
    const players = playersFor(entry);
    clearError();
    const level = levelFor();
    await adopt(next, entry, players, newGameNote(entry, scenario, seed, players, level), [], false, level);
    return true;
  }

  /** `ruleset` and `scenario` changed in one go start one new game, once the changes are in. */
  let restartAsked: Set<GameAttribute> | null = null;

  function restartSoon(name: GameAttribute): void {
    if (restartAsked) {
      restartAsked.add(name);
      return;
    }
    restartAsked = new Set([name]);
    queueMicrotask(() => {
      const asked = restartAsked;
      restartAsked = null;
      const fresh = !!asked?.has('ruleset') && !asked.has('scenario');
      void startAttributes(fresh).then((ok) => {
        if (!ok) reflectGame();
      });
    });
  }

  /** The embedder changed an attribute: play on with it, or refuse it (an `error` event) and put it back. */
  function changed(name: GameAttribute, value: string | null, old: string | null): void {
    const c = current;
    const refuse = (message: string) => {
      showError(message, el.error, 'attribute');
      hooks.reflect(name, old);
    };
    switch (name) {
      case 'ruleset':
      case 'scenario':
        if (value !== null) restartSoon(name);
        return;
      case 'saved':
        if (value === null || (c && !c.session.isMail() && value === c.session.exportString())) return;
        void importText(value, 'the saved attribute', el.error).then((ok) => {
          if (!ok) hooks.reflect('saved', current && !current.session.isMail() ? current.session.exportString() : old);
        });
        return;
      case 'side':
        if (c && value !== null && !c.entry.sides.some((s) => s.id === value)) {
          return refuse(`${c.entry.info.title} has no side '${value}': its sides are ${c.entry.sides.map((s) => s.id).join(', ')}.`);
        }
        if (c) {
          if (!hooks.page) c.players = playersFor(c.entry);
          seenSide = hiddenInfo(c) ? fixedScreenSide(c) : null;
          placedFor = null;
          listFor = null;
          if (hiddenInfo(c)) rebuildLog(c);
          render();
        }
        return;
      case 'opponent':
        if (value !== null && !(OPPONENTS as readonly string[]).includes(value)) {
          return refuse(`The opponent '${value}' is not one of ${OPPONENTS.join(', ')}.`);
        }
        if (c) {
          c.players = playersFor(c.entry);
          seenSide = hiddenInfo(c) ? fixedScreenSide(c) : null;
          placedFor = null;
          listFor = null;
          render();
        }
        return;
      case 'level':
        if (value !== null && !(value in LEVELS)) {
          return refuse(`The level '${value}' is not one of ${Object.keys(LEVELS).join(', ')}.`);
        }
        // The computer's next decision takes the new time.
        if (c) c.level = levelFor();
        return;
      case 'locale':
        app.lang = value ?? 'en';
        return;
      case 'read-only':
        placedFor = null;
        listFor = null;
        hideChooser();
        if (c) render();
        return;
    }
  }

  /** The saved string of the game on the screen. */
  function exportString(): string {
    if (!current) throw new Error('there is no game on the screen yet');
    return current.session.exportString();
  }

  /** The element's controls, wired once. */
  function wire(): void {
    el.ruleset.addEventListener('change', () => {
      fillRulesetFields();
      void prepareStart();
    });
    el.startForm.addEventListener('submit', (e) => void startGame(e));
    el.cancelStart.addEventListener('click', backToGame);
    el.undo.addEventListener('click', () => void undo());
    el.deselect.addEventListener('click', () => {
      selected = null;
      chitPick = null;
      render();
    });
    el.newGame.addEventListener('click', showStart);
    el.exportButton.addEventListener('click', () => void exportGame());
    el.copy.addEventListener('click', () => {
      const text = el.exportText.value || exportGame();
      if (text) void copyText(text, el.exportText);
    });
    el.download.addEventListener('click', download);
    el.share.addEventListener('click', shareLink);
    el.importButton.addEventListener('click', () => void importText(el.importText.value, 'a pasted string', el.importError));
    el.importFile.addEventListener('change', () => importFile(el.importFile, el.importError));
    el.startImport.addEventListener('click', () => void importText(el.startImportText.value, 'a pasted string', el.startImportError));
    el.startImportFile.addEventListener('change', () => importFile(el.startImportFile, el.startImportError));
    el.scenarioFile.addEventListener('change', () => void startScenarioFile(el.scenarioFile));
    el.storageOk.addEventListener('click', () => {
      el.storageNote.hidden = true;
    });
    const zoomable = () => allBoards[current?.ui.board.kind ?? 'hex'];
    el.zoomIn.addEventListener('click', () => zoomable().zoom(1.3));
    el.zoomOut.addEventListener('click', () => zoomable().zoom(1 / 1.3));
    el.zoomFit.addEventListener('click', () => zoomable().fit());
    el.replayFirst.addEventListener('click', () => viewChoice(0));
    el.replayBack.addEventListener('click', () => stepReplay(-1));
    el.replayForward.addEventListener('click', () => stepReplay(1));
    el.replayLive.addEventListener('click', exitReplay);
    el.replayExit.addEventListener('click', exitReplay);
    el.curtainPass.addEventListener('click', passCurtain);
    el.howScreen.addEventListener('change', showHow);
    el.howMail.addEventListener('change', showHow);
    el.startMailOpen.addEventListener('click', () => void openMail(el.startMailText.value, el.startMailError).then((ok) => ok && (el.startMailText.value = '')));
    el.mailReceive.addEventListener('click', () => void openMail(el.mailIn.value, el.mailError).then((ok) => ok && (el.mailIn.value = '')));
    el.mailSend.addEventListener('click', sendMail);
    el.mailUnlock.addEventListener('click', () => {
      if (isMailGame(current)) void unlockMail(current).then(() => current && renderMail(current));
    });
    el.mailCopy.addEventListener('click', () => {
      void copyText(el.mailText.value, el.mailText).then(() => {
        el.mailCopied.hidden = false;
      });
    });
    el.curtainNew.addEventListener('click', showStart);
    el.moveNow.addEventListener('click', () => computer.moveNow());
  }

  /** Escape closes the chooser and the card and drops the selection. */
  function escapePressed(e: KeyboardEvent): void {
    if (e.key !== 'Escape') return;
    hideChooser();
    hideCard();
    if (selected !== null) {
      selected = null;
      render();
    }
  }

  /** A press outside the board closes its card (a press in another element too). */
  function outsidePress(e: PointerEvent): void {
    if (!e.composedPath().includes(el.boardArea)) hideCard();
  }

  /** The project's page: a link in the address bar (`#g=`, `#m=`) opens its game. */
  function hashChanged(): void {
    void fromLocation().then((shown) => {
      if (shown) render();
    });
  }

  /**
   * The first game on the screen. The project's page: the game of the link or the last game kept
   * in this browser, else the start screen. An embedded game: its `saved` attribute, else a new
   * game of its `ruleset` and `scenario`.
   */
  async function boot(): Promise<void> {
    performance.mark('main-start');
    if (!hooks.page) return bootEmbedded();
    // A first visit (no game to restore, no link): the start screen at once, from the catalogue
    // written at build time, while the module of its chosen game is still downloading.
    const early = !location.hash && shelf.lastId() === null && mailbox.last() === null && !shelf.oldAutosave(knownLevel);
    fillStartForm();
    if (early) {
      showStart();
      performance.mark('start-screen');
      app.dataset.start = 'shown';
    }
    await migrateOldAutosave();
    // Otherwise the game of the link or the last game, its module first (index.html preloads the
    // last game's), and the start screen if there is none.
    if (!early && !(await fromLocation()) && !(mailbox.last() !== null ? await restoreMail() : await restore())) showStart();
    if (!(await prepared)) return;
    await restoring;
    app.dataset.ready = 'true';
  }

  async function bootEmbedded(): Promise<void> {
    fillStartForm();
    const saved = hooks.get('saved');
    const ok = saved !== null ? await importText(saved, 'the saved attribute', el.error) : await startAttributes();
    if (!ok) showStart();
    if (!(await prepared)) return;
    await restoring;
    app.dataset.ready = 'true';
  }

  let connected = false;
  wire();
  app.lang = hooks.get('locale') ?? 'en';
  if (!hooks.page) {
    // A shared link is read by the project's page only; an embedded element's overlays stay in it.
    el.share.hidden = true;
    app.classList.add('embedded');
  }
  const ready = boot();

  return {
    ready,
    perf,
    mailPerf,
    connect(): void {
      if (connected) return;
      connected = true;
      document.addEventListener('pointerdown', outsidePress);
      document.addEventListener('keydown', escapePressed);
      if (hooks.page) window.addEventListener('hashchange', hashChanged);
      render();
    },
    disconnect(): void {
      if (!connected) return;
      connected = false;
      document.removeEventListener('pointerdown', outsidePress);
      document.removeEventListener('keydown', escapePressed);
      window.removeEventListener('hashchange', hashChanged);
      stopThinking();
    },
    exportString,
    importString: (text: string) => importText(text, 'a saved string', el.importError),
    undo,
    changed,
  };
}
