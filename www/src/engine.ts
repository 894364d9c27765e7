// Loading the wasm rules engine and wrapping its `Game` handle.
//
// Everything about the rules comes from the handle: who decides, what, the legal actions, their
// descriptions, the events, undo, the saved string. This file only converts errors and keeps the
// static scenario data (counter names) at hand for the log.
import init, { Game } from '../pkg/napoleonic.js';

// The data types are generated from the Rust types (tsify) into pkg/napoleonic.d.ts; the page
// never keeps a hand-written copy of them.
export type {
  Action,
  BailenPrompt as Prompt,
  CounterFile as Counter,
  Event as GameEvent,
  Options,
  Outcome,
  RollPurpose,
  ScenarioFile as Scenario,
  Step,
} from '../pkg/napoleonic.js';
import type {
  Action,
  BailenPrompt as Prompt,
  Event as GameEvent,
  Options,
  Outcome,
  ScenarioFile as Scenario,
} from '../pkg/napoleonic.js';

export interface GameSpec {
  ruleset: string;
  scenario: string;
  options: Partial<Options>;
  seed: number;
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

/** A game in progress: the wasm handle plus its scenario data. */
export class Session {
  private readonly scenarioData: Scenario | null;

  private constructor(private readonly game: Game) {
    let data: Scenario | null = null;
    try {
      data = game.scenario();
    } catch {
      // Without scenario data the log shows unit numbers instead of names.
    }
    this.scenarioData = data;
  }

  /** Start a new game; throws an Error with the engine's message. */
  static start(spec: GameSpec): Session {
    return new Session(new Game(spec.ruleset, spec.scenario, spec.options, spec.seed >>> 0));
  }

  /** Load a saved string; throws an Error with the engine's message and creates nothing. */
  static import(saved: string): Session {
    return new Session(Game.importString(saved));
  }

  ruleset(): string {
    return this.game.ruleset();
  }

  scenario(): Scenario | null {
    return this.scenarioData;
  }

  /** The counter's name for an engine unit id (its index in the scenario's counters). */
  counterName(unit: unknown): string {
    if (typeof unit !== 'number') return String(unit);
    const counter = this.scenarioData?.counters?.[unit];
    return counter ? counter.name || counter.id : `unit #${unit}`;
  }

  /** Null when the game is over. */
  prompt(): Prompt | null {
    return this.game.prompt() ?? null;
  }

  describe(action: Action): string {
    return this.game.describe(action);
  }

  /** Apply the `index`-th legal action of the current prompt; returns the events. */
  applyIndex(index: number): GameEvent[] {
    return this.game.applyIndex(index) ?? [];
  }

  canUndo(): boolean {
    return this.game.canUndo();
  }

  undo(): void {
    this.game.undo();
  }

  choiceCount(): number {
    return this.game.choiceCount();
  }

  exportString(): string {
    return this.game.exportString();
  }

  outcome(): Outcome | null {
    return this.game.outcome() ?? null;
  }

  /** Release the wasm memory of this game. */
  free(): void {
    this.game.free();
  }
}
