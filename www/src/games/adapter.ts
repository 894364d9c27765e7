// What the shell needs from one ruleset, and nothing more: words for its steps and events,
// how its actions land on the board, how its pieces look, what its status panel shows.
//
// The shell (main.ts) and the board views (boards/*.ts) only see these shapes; each ruleset's
// module (games/<ruleset>.ts) fills them from the engine's answers. No rule is decided here or
// there: the adapter translates engine values into drawing and words.
import type { EngineGame, EngineModule, EnginePrompt, RulesetTypes, Session } from '../engine.js';
import type { BoardMarks, HexMapSpec } from '../boards/hex.js';
import type { BattleBoard } from '../boards/battle.js';
import type { AreaBoard } from '../boards/areas.js';
import type { TableBoard } from '../boards/table.js';
import type { OptionValues, RulesetInfo } from '../../pkg/napoleonic.js';

/** How a side looks on the page: presentation only (the catalogue names the sides). */
export interface SideLook {
  /** Colours for dice and badges. */
  colour: string;
  ink: string;
}

export interface SideInfo extends SideLook {
  /** The engine's name for the side ("French"). */
  id: string;
  label: string;
}

/**
 * Where an action lands on the board. `piece` is the counter that does it (selected first),
 * `hex` or `unit` what it is aimed at. Only a piece: clicking the piece chooses the action.
 * Only a target: clicking the target chooses it. Both: click the piece, then the target.
 */
export interface Intent {
  piece?: number;
  hex?: string;
  unit?: number;
  /** The odds are worth showing when pointing at this action's target. */
  odds?: boolean;
}

/** A die to draw. */
export interface DieShown {
  value: number;
  side: string;
  label: string;
}

/** The exact distribution of an action's results, in `total` equal chances. */
export interface OddsShown {
  total: number;
  parts: { key: string; label: string; count: number }[];
  /** The numbers behind the odds, in words. */
  numbers: string;
  notes: string[];
}

export interface StatusItem {
  key: string;
  label: string;
  value: string;
  /** Longer explanation (tooltip and screen readers). */
  title?: string;
  tone?: 'good' | 'warn' | 'hot' | 'side-a' | 'side-b';
}

/** A piece on the board: `key` changes whenever its drawing must change. */
export interface BoardPiece {
  id: number;
  hex: string;
  key: string;
  label: string;
  /** Extra CSS classes (e.g. the side) for the piece's group. */
  classes: string;
}

/** A round track printed along the board's edge. */
export interface TrackSpec {
  title: string;
  cells: { label: string; sub: string; sun?: boolean }[];
}

/** The card shown on hover or focus. */
export interface PieceDetails {
  title: string;
  subtitle: string;
  rows: [string, string][];
  swatch?: string;
}

/** An overlay drawn over the map: a range outline around a hex. */
export interface RangeOverlay {
  /** The hexes to outline, as the engine gives them (the page measures no distance). */
  hexes: string[];
  label: string;
  cls: string;
}

/** The boards drawn straight from a view (not the hex map), for the adapters that use them. */
export interface ViewBoards {
  battle: BattleBoard;
  areas: AreaBoard;
  /** The miniatures table (Napoleon's Battles), drawn to scale in inches. */
  table: TableBoard;
}

/** The hex map (boards/hex.ts), drawn by the shell from what the adapter gives. */
export interface HexDrawing<T extends RulesetTypes = RulesetTypes> {
  kind: 'hex';
  hexMap(): HexMapSpec;
  track(): TrackSpec | null;
  trackPosition(view: T['view']): number;
  overlays(view: T['view']): RangeOverlay[];
  /** Hex paths of movement in these events, to draw as trails. */
  trails(events: T['event'][]): string[][];
}

/** A board the adapter draws from the whole view: the area map, the Field Battle display, the table. */
export interface ViewDrawing<T extends RulesetTypes = RulesetTypes> {
  kind: keyof ViewBoards;
  draw(boards: ViewBoards, view: T['view'], marks: BoardMarks): void;
}

/** How a ruleset is drawn: one of the two, each with only its own methods. */
export type BoardDrawing<T extends RulesetTypes = RulesetTypes> = HexDrawing<T> | ViewDrawing<T>;

/** The rulebook's rule a prompt applies: its section and what it says, in a sentence. */
export interface RuleRef {
  section: string;
  summary: string;
}

/**
 * Several choices at once, offered beside the prompt (Bailén's deployment: place the rest). The
 * shell asks `next` at each prompt for the action to apply and applies it through the engine
 * (which refuses an illegal one), until `next` says null; then it redraws once.
 */
export interface Shortcut<T extends RulesetTypes = RulesetTypes> {
  key: string;
  label: string;
  title: string;
  /** The next action, one of this prompt's legal actions; null when the shortcut is done. `done` counts those applied so far. */
  next(prompt: EnginePrompt<T>, done: number): T['action'] | null;
}

/**
 * A ruleset's presentation, bound to one game's scenario data, typed by the ruleset's generated
 * types. The shell holds it as `GameUI` (the bounds of `RulesetTypes`) and hands back to it only
 * the values the same session gave.
 */
export interface GameUI<T extends RulesetTypes = RulesetTypes> {
  /** Words for the current decision: "French to decide — Movement: ...". */
  promptWords(prompt: EnginePrompt<T>): string;
  /** A piece that is not on the map yet but is the subject of the prompt (a counter to deploy). */
  promptPiece(prompt: EnginePrompt<T>): number | null;
  /** Dice the prompt is about (the NAC Joker's roll), drawn as dice. */
  promptDice(prompt: EnginePrompt<T>): DieShown[];
  intent(action: T['action']): Intent | null;
  /** One event as a sentence for the log. */
  eventLine(event: T['event']): string;
  dice(events: T['event'][]): DieShown[];
  odds(session: Session<T>, action: T['action']): OddsShown | null;
  outcomeWords(outcome: T['outcome']): string;
  /** The side whose view to draw for this prompt (hot-seat: the one deciding). */
  viewSide(prompt: EnginePrompt<T> | null): T['side'];
  status(view: T['view']): StatusItem[];
  /** The board the game is drawn on: the hex map, or a board drawn from the whole view. */
  board: BoardDrawing<T>;
  /** The pieces on the board and where they are (the targets a click may aim at). */
  pieces(view: T['view']): BoardPiece[];
  /** SVG markup of a piece, centred on 0,0, `size` units wide. */
  pieceSvg(view: T['view'] | null, id: number, size: number): string;
  pieceDetails(view: T['view'] | null, id: number): PieceDetails;
  pieceName(id: number): string;
  /** The group key of an action (a Field Battle option chit): clicking that key offers it. */
  optionOf?(action: T['action']): string | null;
  /** A counter on a non-hex board that the prompt is about, drawn as selected. */
  promptCounter?(prompt: EnginePrompt<T>): number | null;
  /** An action worth a button beside the prompt (ending a step); absent: every action with no place on the board. */
  quick?(action: T['action']): boolean;
  /** Leave the per-side numbers of the outcome to the board's own table. */
  shortOutcome?: boolean;
  /** The rule the prompt applies (a "Rule:" line under it). */
  promptRule?(prompt: EnginePrompt<T>): RuleRef | null;
  /** A note under the prompt the player should know before deciding. */
  promptNote?(prompt: EnginePrompt<T>): string | null;
  /** Shortcuts that make several of the prompt side's choices at once. */
  shortcuts?(prompt: EnginePrompt<T>): Shortcut<T>[];
}

/**
 * One ruleset for the page: how it makes games with its engine class, and its presentation. Everything else about it
 * (title, scenarios, options, presets, sides, board kind, hidden information) is the engine's
 * catalogue(). Adding a ruleset is one adapter module and one line in games/index.ts.
 */
export interface RulesetAdapter<T extends RulesetTypes = RulesetTypes> {
  /** The engine's id of the ruleset (catalogue().rulesets[].id). */
  id: string;
  /** Colours of each side, by the engine's name of the side. */
  looks: Record<string, SideLook>;
  // Each of these makes a game with the ruleset's class in `engine`, the ruleset's own module
  // (engine.ts loadRuleset: a module has only its own ruleset's class).
  /** A new game of a built-in scenario with the start screen's option values; throws the engine's error. */
  start(engine: EngineModule, scenario: string, options: OptionValues, seed: number): EngineGame<T>;
  /** A game of a scenario file from outside the built-in list (a variant); throws the engine's error, which names the file. */
  fromScenarioFile(engine: EngineModule, fileName: string, text: string, options: OptionValues, seed: number): EngineGame<T>;
  /** A saved string of this ruleset; throws the engine's error. */
  importString(engine: EngineModule, saved: string): EngineGame<T>;
  /** A position from a plain public description (the ruleset's Setup) as JSON text. */
  fromSetupJson(engine: EngineModule, json: string): EngineGame<T>;
  /** A new game by email as `side` (its keys from `passphrase`); throws the engine's refusal. */
  mailStart(engine: EngineModule, side: T['side'], passphrase: string, scenario: string, options: OptionValues): EngineGame<T>;
  /** Answer an opening string, keys from `passphrase`. */
  mailAnswer(engine: EngineModule, opening: string, passphrase: string): EngineGame<T>;
  /** The latest string of a mail game as `side`, unlocked if `passphrase` is given. */
  mailLoad(engine: EngineModule, string: string, side: T['side'], passphrase: string | undefined): EngineGame<T>;
  create(session: Session<T>): GameUI<T>;
}

/** A ruleset the page can play: the catalogue's entry, its sides with their looks, its adapter. */
export interface RulesetEntry {
  id: string;
  info: RulesetInfo;
  sides: SideInfo[];
  adapter: RulesetAdapter;
}
