// Loading the wasm rules engine and wrapping one ruleset's typed game class.
//
// Everything about the rules comes from the engine: who decides, what, the legal actions, their
// descriptions, the events, the odds, undo, the saved string, replays of earlier positions. This
// file knows no ruleset: `Session<T>` works over any class that has the methods of the engine's
// typed classes (`BailenGame`, `MusketsBattleGame`, `BloodyMondayGame`), with that ruleset's
// generated types; it converts errors and caches the answers of the current position (the
// prompt and the view are asked many times per redraw, and crossing the wasm boundary costs).
//
// Each ruleset has a module of its own (modules.ts), loaded when a game of it is first started,
// resumed or loaded; the start screen is drawn before any, from the catalogue shipped with the page.
import type { Catalogue, ErrorKind, HistoryEntry, MailPeek, MailStatus, Point, Prompt, RulesetInfo } from '../pkg/napoleonic.js';
import { instantiate, moduleFile, type EngineModule } from './modules.js';
import shippedCatalogue from '../pkg/catalogue.json';

export type { EngineModule } from './modules.js';

/**
 * The generated types of one ruleset. The shell sees only these bounds (sides are strings, the
 * rest objects it hands back to the ruleset's adapter); each adapter fills them precisely.
 */
export interface RulesetTypes {
  side: string;
  step: object;
  action: object;
  event: object;
  view: object;
  scenario: object;
  odds: object;
  outcome: object;
  /** The prompt's bounded templates of further actions (NoTemplate for most rulesets). */
  template: object;
}

/** The prompt of a ruleset: who decides, what, and the legal actions. */
export type EnginePrompt<T extends RulesetTypes = RulesetTypes> = Prompt<T['side'], T['step'], T['action'], T['template']>;

/** One entry of the engine's history(). */
export type HistoryStep<T extends RulesetTypes = RulesetTypes> = HistoryEntry<T['side'], T['action'], T['event']>;

/** The engine's answer for an action a board filled in (a dragged base). */
export interface EngineCheck {
  legal: boolean;
  text: string;
}

/** What a typed game class of the engine offers (each ruleset's class has these methods). */
export interface EngineGame<T extends RulesetTypes> {
  ruleset(): string;
  exportString(): string;
  scenario(): T['scenario'];
  prompt(): EnginePrompt<T> | null;
  apply(action: T['action']): T['event'][];
  applyIndex(index: number): T['event'][];
  isLegal(action: T['action']): boolean;
  check(action: T['action']): EngineCheck;
  describe(action: T['action']): string;
  view(side: T['side']): T['view'];
  odds(action: T['action']): T['odds'] | null;
  outcome(): T['outcome'] | null;
  history(viewer: T['side']): HistoryStep<T>[];
  canUndo(): boolean;
  undo(): void;
  choiceCount(): number;
  replayTo(n: number): EngineGame<T>;
  // Play by email (a class made by mailStart, mailAnswer or mailLoad; the others refuse these).
  isMail(): boolean;
  isMyTurn(): boolean;
  mailReceive(string: string): number;
  mailUnlock(passphrase: string): void;
  mailSend(): string;
  mailString(): string;
  mailSummary(): string | undefined;
  mailNews(): HistoryStep<T>[];
  mailFingerprint(side: T['side']): string | undefined;
  mailStatus(): MailStatus;
  free(): void;
}

/** Words for each kind of refusal the engine makes. */
const KIND_WORDS: Record<ErrorKind, string> = {
  'illegal-action': 'That action is not legal now',
  'game-over': 'The game is over',
  'bad-setup': 'The setup was refused',
  'bad-saved-string': 'The saved string cannot be read',
  'replay-failure': 'The saved game does not replay',
  'nothing-to-undo': 'There is nothing to undo',
  'bad-input': 'The engine was given a bad value',
  mail: 'Play by email refused',
};

function errorKind(text: string): ErrorKind | null {
  switch (text) {
    case 'illegal-action':
    case 'game-over':
    case 'bad-setup':
    case 'bad-saved-string':
    case 'replay-failure':
    case 'nothing-to-undo':
    case 'bad-input':
    case 'mail':
      return text;
    default:
      return null;
  }
}

/** A refusal of the engine, read from a thrown value: its kind, the choice it stopped at, its text. */
export interface Refusal {
  kind: ErrorKind | null;
  /** For a saved game that does not replay: the 0-based choice where it stopped. */
  choice: number | null;
  message: string;
}

export function refusalOf(e: {} | null | undefined): Refusal {
  if (e instanceof Error) {
    const kind = 'kind' in e && typeof e.kind === 'string' ? errorKind(e.kind) : null;
    const choice = 'choice' in e && typeof e.choice === 'number' ? e.choice : null;
    return { kind, choice, message: e.message };
  }
  return { kind: null, choice: null, message: typeof e === 'string' ? e : String(e) };
}

/** The engine's message for a thrown error, said by its kind ("The saved game does not replay at choice 12: ..."). */
export function errorMessage(e: {} | null | undefined): string {
  const r = refusalOf(e);
  if (r.kind === null) return r.message;
  const at = r.kind === 'replay-failure' && r.choice !== null ? ` at choice ${r.choice + 1}` : '';
  return `${KIND_WORDS[r.kind]}${at}: ${r.message}`;
}

/**
 * Every ruleset the page knows: scenarios, options, presets, sides. The engine's own answer
 * written at build time (scripts/catalogue.mjs), so the start screen is shown before any engine
 * module has loaded; each module's own entry takes its place once loaded (`confirmCatalogue`).
 */
let cachedCatalogue = shippedCatalogue as unknown as Catalogue;

export function catalogue(): Catalogue {
  return cachedCatalogue;
}

/** A ruleset's module being loaded or loaded, with its compiled wasm (for the computer's worker). */
interface Loading {
  engine: Promise<EngineModule>;
  compiled: WebAssembly.Module | null;
}

const modules = new Map<string, Loading>();
/** The modules loaded, in the order they finished. */
const ready = new Map<string, EngineModule>();

/**
 * The engine module of a ruleset of the catalogue, loaded once: the wasm fetched and compiled as
 * its bytes arrive (the fetch takes index.html's preload, when it preloaded this ruleset) beside
 * the glue's import. A failed load is forgotten, so the next asks again.
 */
export function loadRuleset(ruleset: string): Promise<EngineModule> {
  const known = modules.get(ruleset);
  if (known) return known.engine;
  if (!cachedCatalogue.rulesets.some((r) => r.id === ruleset)) return Promise.reject(new Error(`this page has no engine for the ruleset '${ruleset}'`));
  const compiling = WebAssembly.compileStreaming(fetch(moduleFile(ruleset, 'napoleonic_bg.wasm'))).then((compiled) => {
    loading.compiled = compiled;
    return compiled;
  });
  const engine = instantiate(ruleset, compiling).then((loaded) => {
    ready.set(ruleset, loaded);
    return loaded;
  });
  const loading: Loading = { engine, compiled: null };
  modules.set(ruleset, loading);
  engine.catch(() => {
    if (modules.get(ruleset) === loading) modules.delete(ruleset);
  });
  return engine;
}

/** The module of a ruleset once loaded, else null. */
export function loadedRuleset(ruleset: string): EngineModule | null {
  return ready.get(ruleset) ?? null;
}

/** A ruleset's compiled module once loaded (a worker instantiates its own from it), else null. */
export function engineModule(ruleset: string): WebAssembly.Module | null {
  return modules.get(ruleset)?.compiled ?? null;
}

/**
 * After a module has loaded: true if its own catalogue entries are the ones shipped, else they
 * take their place (and the start screen must be drawn again).
 */
export function confirmCatalogue(engine: EngineModule): boolean {
  const live = engine.catalogue().rulesets;
  const differs = (info: RulesetInfo) => JSON.stringify(info) !== JSON.stringify(cachedCatalogue.rulesets.find((r) => r.id === info.id));
  if (!live.some(differs)) return true;
  cachedCatalogue = { ...cachedCatalogue, rulesets: cachedCatalogue.rulesets.map((r) => live.find((l) => l.id === r.id) ?? r) };
  return false;
}

/**
 * The ruleset a saved string is for, read by a module already loaded (any module reads any
 * ruleset's string), else by `likely`'s, loaded for it (the ruleset the string is expected to
 * be for, whose module it then needs; the catalogue's first if the page has no such ruleset);
 * throws the engine's error if it cannot be read.
 */
export async function savedRuleset(saved: string, likely: string): Promise<string> {
  const known = cachedCatalogue.rulesets.some((r) => r.id === likely) ? likely : (cachedCatalogue.rulesets[0]?.id ?? likely);
  const engine = ready.get(known) ?? ready.values().next().value ?? (await loadRuleset(known));
  return engine.savedRuleset(saved.trim());
}

/**
 * What a play-by-email string says of itself (ruleset, game, sender), read by a module already
 * loaded, else by `likely`'s; throws the engine's error if it is not a mail string.
 */
export async function mailPeek(text: string, likely: string): Promise<MailPeek> {
  const known = cachedCatalogue.rulesets.some((r) => r.id === likely) ? likely : (cachedCatalogue.rulesets[0]?.id ?? likely);
  const engine = ready.get(known) ?? ready.values().next().value ?? (await loadRuleset(known));
  return engine.mailPeek(text.trim());
}

/** A game in progress (or a replayed earlier position): the engine's typed handle plus caches. */
export class Session<T extends RulesetTypes = RulesetTypes> {
  private scenarioData: T['scenario'] | null = null;
  private scenarioLoaded = false;
  private cachedPrompt: EnginePrompt<T> | null | undefined;
  private cachedViews = new Map<string, T['view']>();
  private cachedOdds = new Map<string, T['odds'] | null>();
  private descriptions = new Map<string, string>();

  /** `engine`: the module whose memory holds `game` (its ruleset's). */
  constructor(
    readonly engine: EngineModule,
    private readonly game: EngineGame<T>,
  ) {}

  private changed(): void {
    this.cachedPrompt = undefined;
    this.cachedViews.clear();
    this.cachedOdds.clear();
  }

  ruleset(): string {
    return this.game.ruleset();
  }

  /** The static scenario data (map, counters) for drawing; null if the engine cannot give it. */
  scenario(): T['scenario'] | null {
    if (!this.scenarioLoaded) {
      this.scenarioLoaded = true;
      try {
        this.scenarioData = this.game.scenario();
      } catch {
        this.scenarioData = null;
      }
    }
    return this.scenarioData;
  }

  /** Null when the game is over. */
  prompt(): EnginePrompt<T> | null {
    if (this.cachedPrompt === undefined) this.cachedPrompt = this.game.prompt() ?? null;
    return this.cachedPrompt;
  }

  view(side: T['side']): T['view'] {
    let v = this.cachedViews.get(side);
    if (v === undefined) {
      v = this.game.view(side);
      this.cachedViews.set(side, v);
    }
    return v;
  }

  /** The exact odds of an action decided by dice, or null. */
  odds(action: T['action']): T['odds'] | null {
    const key = JSON.stringify(action);
    let o = this.cachedOdds.get(key);
    if (o === undefined) {
      try {
        o = this.game.odds(action) ?? null;
      } catch {
        o = null;
      }
      this.cachedOdds.set(key, o);
    }
    return o;
  }

  /** A sentence for an action (cached: it depends only on the action and the scenario's names). */
  describe(action: T['action']): string {
    const key = JSON.stringify(action);
    let text = this.descriptions.get(key);
    if (text === undefined) {
      text = this.game.describe(action);
      this.descriptions.set(key, text);
    }
    return text;
  }

  isLegal(action: T['action']): boolean {
    return this.game.isLegal(action);
  }

  /** Legal or not, in the engine's words: its refusal, or what a filled template spends. */
  check(action: T['action']): EngineCheck {
    return this.game.check(action);
  }

  /** Apply an action object; returns the events. Throws the engine's error, changing nothing. */
  apply(action: T['action']): T['event'][] {
    const events = this.game.apply(action) ?? [];
    this.changed();
    return events;
  }

  /** Apply the `index`-th legal action of the current prompt; returns the events. */
  applyIndex(index: number): T['event'][] {
    const events = this.game.applyIndex(index) ?? [];
    this.changed();
    return events;
  }

  canUndo(): boolean {
    return this.game.canUndo();
  }

  undo(): void {
    this.game.undo();
    this.changed();
  }

  choiceCount(): number {
    return this.game.choiceCount();
  }

  exportString(): string {
    return this.game.exportString();
  }

  outcome(): T['outcome'] | null {
    return this.game.outcome() ?? null;
  }

  /** The game so far by replay as `viewer` may see it: the opening entry, then one per choice (who, what, events). */
  history(viewer: T['side']): HistoryStep<T>[] {
    return this.game.history(viewer) ?? [];
  }

  /** A separate read-only session at the position after the first `n` choices. */
  replayTo(n: number): Session<T> {
    const s = new Session<T>(this.engine, this.game.replayTo(n));
    s.scenarioData = this.scenarioData;
    s.scenarioLoaded = this.scenarioLoaded;
    return s;
  }

  /** A ruler on a table: the engine's distance between two shapes (a point, or a footprint's
   * corners), in hundredths of an inch, as the rules measure "within N inches". */
  tableDistance(a: Point[], b: Point[]): number {
    return this.engine.tableDistance(a, b);
  }

  // ---- play by email --------------------------------------------------------------------------

  /** Whether this game is played by email. */
  isMail(): boolean {
    return this.game.isMail();
  }

  /** Can the local side of a mail game choose now? */
  isMyTurn(): boolean {
    return this.game.isMyTurn();
  }

  mailStatus(): MailStatus {
    return this.game.mailStatus();
  }

  /** Take in the opponent's string (throws the engine's refusal, changing nothing); the new entries. */
  mailReceive(text: string): number {
    const added = this.game.mailReceive(text.trim());
    this.changed();
    return added;
  }

  /** Unlock the local side's keys (throws the refusal of a wrong passphrase). */
  mailUnlock(passphrase: string): void {
    this.game.mailUnlock(passphrase);
    this.changed();
  }

  /** The finished turn signed: the string to mail. */
  mailSend(): string {
    const s = this.game.mailSend();
    this.changed();
    return s;
  }

  /** The latest string of the history held. */
  mailString(): string {
    return this.game.mailString();
  }

  mailSummary(): string | null {
    return this.game.mailSummary() ?? null;
  }

  /** What happened since the local side's last turn, choice by choice. */
  mailNews(): HistoryStep<T>[] {
    return this.game.mailNews() ?? [];
  }

  mailFingerprint(side: T['side']): string | null {
    return this.game.mailFingerprint(side) ?? null;
  }

  /** Release the wasm memory of this game. */
  free(): void {
    this.game.free();
  }
}
