// The games by email this browser holds: for each (by its game id) the ruleset, the local side
// and the latest string of its history (received or sent), and the passphrase only if the
// player asked for it to be remembered. The latest string is what an older (rewound) or forked
// string is refused against; localStorage, one key for all, read and written whole.
const KEY = 'napoleonic.mail.v1';

export interface MailKept {
  ruleset: string;
  side: string;
  string: string;
  /** Only when "remember my passphrase on this device" was ticked. */
  passphrase?: string;
  at: number;
}

interface Box {
  games: Record<string, MailKept>;
  /** The mail game last on the screen, to open again on load (null: a game at the screen was). */
  last: string | null;
}

function read(): Box {
  try {
    const raw = window.localStorage.getItem(KEY);
    const box = raw ? (JSON.parse(raw) as Box) : null;
    if (box && typeof box === 'object' && box.games && typeof box.games === 'object') return { games: box.games, last: typeof box.last === 'string' ? box.last : null };
  } catch {
    // Storage blocked or a damaged entry: no mail game is held.
  }
  return { games: {}, last: null };
}

function write(box: Box): boolean {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(box));
    return true;
  } catch {
    return false;
  }
}

export const mailbox = {
  get(game: string): MailKept | null {
    return read().games[game] ?? null;
  },
  /** Keep a game's latest string (and its remembered passphrase, or forget it); false if storage refused. */
  put(game: string, kept: MailKept): boolean {
    const box = read();
    box.games[game] = kept;
    box.last = game;
    return write(box);
  },
  last(): string | null {
    const box = read();
    return box.last && box.games[box.last] ? box.last : null;
  },
  setLast(game: string | null): void {
    const box = read();
    if (box.last === game) return;
    box.last = game;
    write(box);
  },
};
