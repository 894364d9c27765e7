// The games kept in this browser: every game in progress has an entry (a short summary for the
// start screen's list, and the record that resumes it: the engine's saved string, who plays, the
// log's action lines). localStorage holds an index of summaries and one key per game, so a move
// rewrites only its own game. Storage may be missing (a cross-origin iframe throws a
// SecurityError) or full: the shelf says so once through `onProblem` and the page plays on.

const INDEX_KEY = 'napoleonic.games';
const GAME_PREFIX = 'napoleonic.game.';
/** The game that was on the screen last (resumed on reload). */
const LAST_KEY = 'napoleonic.last';
/** The one autosave of earlier pages, moved into the list on first load. */
export const OLD_AUTOSAVE_KEY = 'napoleonic.autosave';

/** What resumes a game. */
export interface GameRecord {
  version: 2;
  save: string;
  players: Record<string, string>;
  /** The action lines of the log, by choice number (the events come back from history()). */
  actions: [number, string, string][];
  /** Notes at the start of the log ("New game of ..."). */
  note: string;
  /** The computer's level (computer.ts LEVELS), for the sides it plays. */
  level?: string;
}

/** One line of the start screen's list. */
export interface GameSummary {
  id: string;
  ruleset: string;
  /** The ruleset's title ("Bailén 1808"). */
  title: string;
  scenario: string;
  /** The turn or round and the step ("Round 2 · Movement"), or how it ended. */
  where: string;
  /** Whose decision it is (the side's label), null when the game is over. */
  side: string | null;
  choices: number;
  /** Last played, ms since the epoch. */
  playedAt: number;
}

export type StorageProblem = 'blocked' | 'full';

/** A stored record read back, checked field by field (an older page kept the bare string). */
export function parseRecord(raw: string, knownLevel: (level: string) => boolean): GameRecord | null {
  let parsed: Partial<GameRecord>;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return raw.trim() ? { version: 2, save: raw, players: {}, actions: [], note: '' } : null;
  }
  if (!parsed || typeof parsed !== 'object' || typeof parsed.save !== 'string') return null;
  const actions = Array.isArray(parsed.actions)
    ? parsed.actions.filter(
        (a): a is [number, string, string] =>
          Array.isArray(a) && typeof a[0] === 'number' && typeof a[1] === 'string' && typeof a[2] === 'string',
      )
    : [];
  return {
    version: 2,
    save: parsed.save,
    players: parsed.players && typeof parsed.players === 'object' ? parsed.players : {},
    actions,
    note: typeof parsed.note === 'string' ? parsed.note : '',
    ...(typeof parsed.level === 'string' && knownLevel(parsed.level) ? { level: parsed.level } : {}),
  };
}

function isSummary(x: unknown): x is GameSummary {
  if (!x || typeof x !== 'object') return false;
  const s = x as Record<string, unknown>;
  return (
    typeof s.id === 'string' &&
    typeof s.ruleset === 'string' &&
    typeof s.title === 'string' &&
    typeof s.scenario === 'string' &&
    typeof s.where === 'string' &&
    (s.side === null || typeof s.side === 'string') &&
    typeof s.choices === 'number' &&
    typeof s.playedAt === 'number'
  );
}

function problemOf(e: unknown): StorageProblem {
  const name = e instanceof DOMException || e instanceof Error ? e.name : '';
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' ? 'full' : 'blocked';
}

export function newGameId(): string {
  const random = crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
  return `${Date.now().toString(36)}-${random.toString(36)}`;
}

export class GameShelf {
  private said = new Set<StorageProblem>();
  /** Ids whose last write failed: the page holds the only copy. */
  private unsaved = new Set<string>();

  constructor(private readonly onProblem: (problem: StorageProblem) => void) {}

  private fail(e: unknown): void {
    const problem = problemOf(e);
    if (this.said.has(problem)) return;
    this.said.add(problem);
    this.onProblem(problem);
  }

  /** Run one storage operation; null (and the problem said once) when the browser refuses. */
  private use<T>(op: (storage: Storage) => T): T | null {
    try {
      return op(window.localStorage);
    } catch (e) {
      this.fail(e);
      return null;
    }
  }

  /** The games kept, the last played first. */
  list(): GameSummary[] {
    const raw = this.use((s) => s.getItem(INDEX_KEY));
    if (!raw) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return [];
    }
    return (Array.isArray(parsed) ? parsed.filter(isSummary) : []).sort((a, b) => b.playedAt - a.playedAt);
  }

  read(id: string, knownLevel: (level: string) => boolean): GameRecord | null {
    const raw = this.use((s) => s.getItem(GAME_PREFIX + id));
    return raw ? parseRecord(raw, knownLevel) : null;
  }

  /** Keep a game (its record, then its line in the index); false when the browser refused. */
  write(summary: GameSummary, record: GameRecord): boolean {
    const others = this.list().filter((s) => s.id !== summary.id);
    const ok =
      this.use((s) => {
        s.setItem(GAME_PREFIX + summary.id, JSON.stringify(record));
        s.setItem(INDEX_KEY, JSON.stringify([summary, ...others]));
        return true;
      }) ?? false;
    if (ok) this.unsaved.delete(summary.id);
    else this.unsaved.add(summary.id);
    return ok;
  }

  /** Whether the game's last state is kept here (false after a refused write). */
  kept(id: string): boolean {
    return !this.unsaved.has(id) && this.list().some((s) => s.id === id);
  }

  remove(id: string): void {
    const rest = this.list().filter((s) => s.id !== id);
    this.use((s) => {
      s.setItem(INDEX_KEY, JSON.stringify(rest));
      s.removeItem(GAME_PREFIX + id);
      if (s.getItem(LAST_KEY) === id) s.removeItem(LAST_KEY);
    });
    this.unsaved.delete(id);
  }

  /** The game kept with exactly this saved string, if any (a link opened twice resumes it). */
  findBySave(save: string, knownLevel: (level: string) => boolean): string | null {
    for (const s of this.list()) if (this.read(s.id, knownLevel)?.save === save) return s.id;
    return null;
  }

  lastId(): string | null {
    return this.use((s) => s.getItem(LAST_KEY));
  }

  setLast(id: string): void {
    this.use((s) => s.setItem(LAST_KEY, id));
  }

  /** The single autosave of an earlier page, if it is still there (see forgetOldAutosave). */
  oldAutosave(knownLevel: (level: string) => boolean): GameRecord | null {
    const raw = this.use((s) => s.getItem(OLD_AUTOSAVE_KEY));
    return raw ? parseRecord(raw, knownLevel) : null;
  }

  /** Drop the old autosave, once it is kept in the list. */
  forgetOldAutosave(): void {
    this.use((s) => s.removeItem(OLD_AUTOSAVE_KEY));
  }
}

/** "5 minutes ago", "yesterday", or a date, for the list. */
export function playedWhen(at: number, now = Date.now()): string {
  const seconds = Math.round((now - at) / 1000);
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  if (seconds < 45) return 'just now';
  if (seconds < 3600) return rtf.format(-Math.round(seconds / 60), 'minute');
  if (seconds < 86_400) return rtf.format(-Math.round(seconds / 3600), 'hour');
  if (seconds < 7 * 86_400) return rtf.format(-Math.round(seconds / 86_400), 'day');
  return new Date(at).toLocaleDateString('en', { dateStyle: 'medium' });
}
