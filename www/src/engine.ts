// Loading the wasm rules engine and wrapping its `Game` handle, for any ruleset.
//
// Everything about the rules comes from the handle: who decides, what, the legal actions, their
// descriptions, the events, the odds, undo, the saved string, replays of earlier positions. This
// file knows no ruleset: it converts errors and caches the answers of the current position (the
// prompt and the view are asked many times per redraw, and crossing the wasm boundary costs).
import init, { Game } from '../pkg/napoleonic.js';

/** What every ruleset's prompt looks like to the shell: the rest is the adapter's business. */
export interface EnginePrompt {
  side: string;
  step: unknown;
  actions: unknown[];
}

/** The engine's message for a thrown error. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (typeof e === 'string') return e;
  try {
    return JSON.stringify(e);
  } catch {
    return String(e);
  }
}

let loaded: Promise<void> | undefined;

/** Fetch and instantiate the wasm module once. */
export function loadEngine(): Promise<void> {
  loaded ??= init({ module_or_path: new URL('../pkg/napoleonic_bg.wasm', import.meta.url) }).then(
    () => undefined,
  );
  return loaded;
}

/** A game in progress (or a replayed earlier position): the wasm handle plus caches. */
/** One entry of the engine's history(). */
export interface HistoryStep {
  side: string | null;
  description: string | null;
  events: unknown[];
}

export class Session {
  private scenarioData: unknown;
  private scenarioLoaded = false;
  private cachedPrompt: EnginePrompt | null | undefined;
  private cachedViews = new Map<string, unknown>();
  private cachedOdds = new Map<string, unknown>();
  private descriptions = new Map<string, string>();

  private constructor(private readonly game: Game) {}

  /** Start a new game; throws an Error with the engine's message. */
  static start(ruleset: string, scenario: string, options: Record<string, unknown>, seed: number): Session {
    return new Session(new Game(ruleset, scenario, options, seed >>> 0));
  }

  /** Load a saved string; throws an Error with the engine's message and creates nothing. */
  static import(saved: string): Session {
    return new Session(Game.importString(saved.trim()));
  }

  /** A position from a plain public description (the ruleset's Setup); throws the engine's error. */
  static fromSetup(ruleset: string, setup: unknown): Session {
    return new Session(Game.fromSetup(ruleset, setup));
  }

  private changed(): void {
    this.cachedPrompt = undefined;
    this.cachedViews.clear();
    this.cachedOdds.clear();
  }

  ruleset(): string {
    return this.game.ruleset();
  }

  /** The static scenario data (map, counters) for drawing; null if the engine cannot give it. */
  scenario(): unknown {
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
  prompt(): EnginePrompt | null {
    if (this.cachedPrompt === undefined) this.cachedPrompt = (this.game.prompt() as EnginePrompt | null) ?? null;
    return this.cachedPrompt;
  }

  view(side: string): unknown {
    let v = this.cachedViews.get(side);
    if (v === undefined) {
      v = this.game.view(side);
      this.cachedViews.set(side, v);
    }
    return v;
  }

  /** The exact odds of an action decided by dice, or null. */
  odds(action: unknown): unknown {
    const key = JSON.stringify(action);
    if (!this.cachedOdds.has(key)) {
      let o: unknown = null;
      try {
        o = this.game.odds(action as never) ?? null;
      } catch {
        o = null;
      }
      this.cachedOdds.set(key, o);
    }
    return this.cachedOdds.get(key) ?? null;
  }

  /** A sentence for an action (cached: it depends only on the action and the scenario's names). */
  describe(action: unknown): string {
    const key = JSON.stringify(action);
    let text = this.descriptions.get(key);
    if (text === undefined) {
      text = this.game.describe(action as never);
      this.descriptions.set(key, text);
    }
    return text;
  }

  isLegal(action: unknown): boolean {
    return this.game.isLegal(action as never);
  }

  /** Apply an action object; returns the events. Throws the engine's error, changing nothing. */
  apply(action: unknown): unknown[] {
    const events = (this.game.apply(action as never) as unknown[] | null) ?? [];
    this.changed();
    return events;
  }

  /** Apply the `index`-th legal action of the current prompt; returns the events. */
  applyIndex(index: number): unknown[] {
    const events = (this.game.applyIndex(index) as unknown[] | null) ?? [];
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

  outcome(): unknown {
    return this.game.outcome() ?? null;
  }

  /** The game so far by replay: the opening entry, then one per choice (who, what, events). */
  history(viewer?: string): HistoryStep[] {
    return (this.game.history(viewer ?? null) as HistoryStep[] | null) ?? [];
  }

  /** A separate read-only session at the position after the first `n` choices. */
  replayTo(n: number): Session {
    const s = new Session(this.game.replayTo(n));
    s.scenarioData = this.scenarioData;
    s.scenarioLoaded = this.scenarioLoaded;
    return s;
  }

  /** Release the wasm memory of this game. */
  free(): void {
    this.game.free();
  }
}
