// What the shell needs from one ruleset, and nothing more: words for its steps and events,
// how its actions land on the board, how its pieces look, what its status panel shows.
//
// The shell (main.ts) and the board views (boards/*.ts) only see these shapes; each ruleset's
// module (games/<ruleset>.ts) fills them from the engine's answers. No rule is decided here or
// there: the adapter translates engine values into drawing and words.
import type { EnginePrompt, Session } from '../engine.js';
import type { HexMapSpec } from '../boards/hex.js';

/** One field of the start screen's optional-rules form; the engine validates the values. */
export interface OptionField {
  name: string;
  label: string;
  /** 'preset' is a select that ticks checkboxes (`on` of the chosen preset) and is not sent. */
  kind: 'checkbox' | 'select' | 'preset';
  choices?: { value: string; label: string }[];
  presets?: { label: string; on: string[] }[];
  /** Short explanation shown under the field. */
  help?: string;
}

export interface SideInfo {
  /** The engine's name for the side ("French"). */
  id: string;
  label: string;
  /** Colours for dice and badges. */
  colour: string;
  ink: string;
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

/** A ruleset's presentation, bound to one game's scenario data. */
export interface GameUI {
  /** Words for the current decision: "French to decide — Movement: ...". */
  promptWords(prompt: EnginePrompt): string;
  /** Who decides, for the badge next to the prompt. */
  sideOf(prompt: EnginePrompt): SideInfo | null;
  /** A piece that is not on the map yet but is the subject of the prompt (a counter to deploy). */
  promptPiece(prompt: EnginePrompt): number | null;
  /** Dice the prompt is about (the NAC Joker's roll), drawn as dice. */
  promptDice(prompt: EnginePrompt): DieShown[];
  intent(action: unknown): Intent | null;
  /** One event as a sentence for the log. */
  eventLine(event: unknown): string;
  dice(events: unknown[]): DieShown[];
  odds(session: Session, action: unknown): OddsShown | null;
  outcomeWords(outcome: unknown): string;
  /** The side whose view to draw for this prompt (hot-seat: the one deciding). */
  viewSide(prompt: EnginePrompt | null): string;
  status(view: unknown): StatusItem[];
  hexMap(): HexMapSpec;
  track(): TrackSpec | null;
  trackPosition(view: unknown): number;
  pieces(view: unknown): BoardPiece[];
  /** SVG markup of a piece, centred on 0,0, `size` units wide. */
  pieceSvg(view: unknown | null, id: number, size: number): string;
  pieceDetails(view: unknown | null, id: number): PieceDetails;
  pieceName(id: number): string;
  overlays(view: unknown): RangeOverlay[];
  /** Hex paths of movement in these events, to draw as trails. */
  trails(events: unknown[]): string[][];
  /** The group key of an action (a Field Battle option chit): clicking that key offers it. */
  optionOf?(action: unknown): string | null;
  /** A counter on a non-hex board that the prompt is about, drawn as selected. */
  promptCounter?(prompt: EnginePrompt): number | null;
}

/** A ruleset the page can play. */
export interface RulesetEntry {
  id: string;
  title: string;
  scenarios: { id: string; title: string }[];
  sides: SideInfo[];
  options: OptionField[];
  /** Which board view draws it. */
  board: 'hex' | 'battle' | 'areas';
  /**
   * Hidden information, hot-seat: each side sees only view(side); when the deciding side
   * changes the page shows a curtain ("pass the screen to X") before drawing the other side.
   */
  hidden?: boolean;
  create(session: Session): GameUI;
}
