// The public types of <napoleonic-game> (element.ts): its attributes, event details, opponents.
// Standalone (the npm package ships its declarations): an engine value is typed `object` here,
// its exact type being the ruleset's generated one (napoleonic-wargames/<ruleset>).

/** The attributes the element reads (each has a property twin). */
export const ATTRIBUTES = ['ruleset', 'scenario', 'saved', 'side', 'locale', 'read-only', 'opponent', 'level'] as const;
export type GameAttribute = (typeof ATTRIBUTES)[number];

/** Who plays the sides other than the one shown: people at this screen, or the computer. */
export type Opponent = 'human' | 'computer';
export const OPPONENTS: readonly Opponent[] = ['human', 'computer'];

/** How long the computer thinks a decision: 0.2 s, 1 s (the default) or 5 s. */
export type Level = 'quick' | 'normal' | 'strong';

/** `move`: a choice was applied (by a player, the computer, or a drag on the table). */
export interface MoveDetail {
  ruleset: string;
  /** The side that chose. */
  side: string;
  /** The engine's typed action (the ruleset's generated type). */
  action: object;
  /** The engine's words for it. */
  text: string;
  /** How many choices the game holds now. */
  choice: number;
  by: 'player' | 'computer';
}

/** `gameover`: the game has ended. */
export interface GameOverDetail {
  ruleset: string;
  /** The engine's outcome (winner, level of victory; the ruleset's generated type). */
  outcome: object;
  text: string;
}

/** `save`: the game changed; `saved` resumes it (the `saved` attribute, or import()). */
export interface SaveDetail {
  ruleset: string;
  saved: string;
  choice: number;
}

/** Where an error was said: the element shows it there too. */
export type ErrorSource = 'game' | 'start' | 'import' | 'decide' | 'mail' | 'attribute';

/** `error`: something was refused or failed; nothing changed. */
export interface ErrorDetail {
  message: string;
  source: ErrorSource;
}

export interface NapoleonicGameEventMap {
  move: CustomEvent<MoveDetail>;
  gameover: CustomEvent<GameOverDetail>;
  save: CustomEvent<SaveDetail>;
  error: CustomEvent<ErrorDetail>;
}

/**
 * Timings the end-to-end tests read (first highlight, clicks, the computer's thinking, key
 * derivation). Not part of the publisher's interface.
 * @internal
 */
export interface TestTimings {
  perf: { firstHighlight: number | null; firstHighlightPainted: number | null; clicks: { what: string; ms: number }[]; thinks: { limit: number; ms: number; iterations: number }[] };
  mail: { deriveMs: number[] };
}
