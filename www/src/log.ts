// The game log: one line per event, in words, grouped under the choice that caused it.
//
// Formatting is presentation only: field values are shown as the engine gives them, with unit
// ids replaced by counter names from the scenario. Unknown events still get a readable line.
import type { GameEvent, Outcome, RollPurpose, Session } from './engine.js';

export type LineKind = 'action' | 'event' | 'note';

export interface LogLine {
  kind: LineKind;
  text: string;
}

/** The lines caused by one choice; `choice` is the choice count after it (0 for notes at start). */
export interface LogEntry {
  choice: number;
  lines: LogLine[];
}

/** Fields whose value is a unit id (index into the scenario's counters). */
const UNIT_FIELDS = new Set(['unit', 'target', 'attacker', 'leader', 'supporter', 'first', 'defender']);

const DICE = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** "AttackResolved" -> "attack resolved"; "historical_deployment" -> "historical deployment". */
export function words(tag: string): string {
  return tag
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A die face glyph followed by its value, for values 1-6; the bare value otherwise. */
export function die(value: unknown): string {
  return typeof value === 'number' && value >= 1 && value <= 6 ? `${DICE[value - 1]} ${value}` : String(value);
}

/** A field value in words. */
export function fieldValue(session: Session, key: string, value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (UNIT_FIELDS.has(key) && typeof value === 'number') return session.counterName(value);
  if (key === 'path' && Array.isArray(value)) return value.map(String).join(' → ');
  if (Array.isArray(value)) return value.map((v) => fieldValue(session, key, v)).join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return objectWords(session, value as Record<string, unknown>);
  // CamelCase tags ("NoEffect") in words; names ("French", "0101") as they are.
  if (typeof value === 'string' && /^[A-Z][a-z]+[A-Z][A-Za-z]*$/.test(value)) return words(value);
  return String(value);
}

/** A tagged or plain object in words: "attack (attacker Line 1, target Walloon Guards)". */
export function objectWords(session: Session, object: Record<string, unknown>): string {
  const tagKey = ['event', 'step', 'purpose', 'type', 'kind'].find((k) => typeof object[k] === 'string');
  const head = tagKey ? words(object[tagKey] as string) : '';
  const rest = Object.entries(object)
    .filter(([k]) => k !== tagKey)
    .map(([k, v]) => `${words(k)} ${fieldValue(session, k, v)}`);
  if (!head) return rest.join(', ');
  return rest.length ? `${head} (${rest.join(', ')})` : head;
}

/** What a die was rolled for, in words. */
export function purposeWords(session: Session, purpose: RollPurpose): string {
  const name = (unit: number) => session.counterName(unit);
  switch (purpose.purpose) {
    case 'Initiative':
      return 'initiative';
    case 'ReinforcementArrival':
      return 'reinforcement arrival';
    case 'MovementAllowance':
      return 'the movement allowance';
    case 'CombatAllowance':
      return 'the combat allowance';
    case 'Attack':
      return `${name(purpose.attacker)}'s attack on ${name(purpose.target)}`;
    case 'Desertion':
      return `desertion of ${name(purpose.unit)}`;
    case 'HeatReorganization':
      return `${name(purpose.unit)} to recover from the heat`;
    case 'WaterCarrier':
      return 'the water carrier';
    default:
      // A purpose this page does not know yet still shows its name and fields.
      return objectWords(session, purpose as unknown as Record<string, unknown>);
  }
}

function resultWords(result: string): string {
  switch (result) {
    case 'NoEffect':
      return 'no effect';
    case 'Disorganise':
      return 'disorganised';
    case 'Eliminate':
      return 'eliminated';
    default:
      return words(result);
  }
}

/** The end of the game in words: "Spanish win: surrender (round 9)". */
export function outcomeWords(session: Session, outcome: Outcome): string {
  const o = outcome as Partial<Outcome>;
  if (typeof o.winner !== 'string' || typeof o.victory !== 'string') {
    return objectWords(session, outcome as unknown as Record<string, unknown>);
  }
  const round = typeof o.round === 'number' ? ` in round ${o.round}` : '';
  const partial = o.partial ? ` (the ${o.partial} have more counters on the board)` : '';
  return `${o.winner} win: ${words(o.victory)}${round}${partial}`;
}

/** One event as a sentence. */
export function eventLine(session: Session, e: GameEvent): string {
  const name = (unit: number | null | undefined) =>
    unit === null || unit === undefined ? 'none' : session.counterName(unit);
  const path = (hexes: string[]) => hexes.join(' → ');
  switch (e.event) {
    case 'RoundBegins':
      return `Round ${e.round} begins.`;
    case 'Rolled':
      return `${e.side} roll ${die(e.value)} for ${purposeWords(session, e.purpose)}.`;
    case 'JokerUsed':
      return `${e.side} use the Joker on die ${e.die + 1}: now ${die(e.new_value)}.`;
    case 'JokerPassed':
      return `The Joker passes to the ${e.to}.`;
    case 'JokerDiscarded':
      return 'The Joker is discarded.';
    case 'InitiativeTie':
      return `Initiative tied in round ${e.round}.`;
    case 'FirstPlayer':
      return `${e.side} play first in round ${e.round}.`;
    case 'TurnBegins':
      return `${e.side} turn begins (round ${e.round}).`;
    case 'ReinforcementsArrive':
      return `${e.side} reinforcements arrive.`;
    case 'Deployed':
      return `${name(e.unit)} deployed at ${e.to}.`;
    case 'Entered':
      return `${name(e.unit)} enters: ${path(e.path)}.`;
    case 'CannotEnter':
      return `${name(e.unit)} cannot enter.`;
    case 'WaterCarrierPlaced':
      return `María Bellido placed at ${e.to}.`;
    case 'WaterCarrierNotPlaced':
      return 'María Bellido is not placed.';
    case 'LeaderActivated':
      return `${name(e.leader)} activated: ${e.allowance} counters may move.`;
    case 'Moved':
      return `${name(e.unit)} moves ${path(e.path)}.`;
    case 'Recovered':
      return `${name(e.unit)} recovers.`;
    case 'CombatAllowance':
      return `${e.activations} counters may fight.`;
    case 'AttackDeclared':
      return (
        `${name(e.unit)} ${e.melee ? 'assaults' : 'fires on'} ${name(e.target)}` +
        (e.supporter !== null && e.supporter !== undefined ? `, supported by ${name(e.supporter)}` : '') +
        '.'
      );
    case 'AttackResolved':
      return `${name(e.unit)} on ${name(e.target)}: ${e.total} against ${e.defence}, ${resultWords(e.result)}.`;
    case 'AttackLost':
      return `${name(e.unit)}'s attack on ${name(e.target)} is lost.`;
    case 'TacticalRetreated':
      return `${name(e.unit)} retreats tactically: ${path(e.path)}.`;
    case 'Disorganised':
      return `${name(e.unit)} is disorganised.`;
    case 'Eliminated':
      return `${name(e.unit)} is eliminated.`;
    case 'Retreated':
      return `${name(e.unit)} retreats: ${path(e.path)}.`;
    case 'NoRetreatPossible':
      return `${name(e.unit)} cannot retreat.`;
    case 'Advanced':
      return `${name(e.unit)} advances to ${e.to}.`;
    case 'Deserted':
      return `${name(e.unit)} deserts.`;
    case 'Reorganised':
      return `${name(e.unit)} is reorganised.`;
    case 'StaysDisorganised':
      return `${name(e.unit)} stays disorganised.`;
    case 'GameOver':
      return `Game over: ${outcomeWords(session, e.outcome)}.`;
    default:
      // An event this page does not know yet still gets a line with its name and fields.
      return capitalise(objectWords(session, e as unknown as Record<string, unknown>)) + '.';
  }
}

/** The log list: entries in memory, rendered into an <ol>. */
export class GameLog {
  private entries: LogEntry[] = [];

  constructor(private readonly list: HTMLOListElement) {}

  all(): LogEntry[] {
    return this.entries;
  }

  /** Replace the whole log (new game, import, restore). */
  reset(entries: LogEntry[] = []): void {
    this.entries = entries.map((e) => ({ choice: e.choice, lines: [...e.lines] }));
    this.render();
  }

  /** Record one applied choice: the action line then one line per event. */
  record(session: Session, choice: number, side: string, description: string, events: GameEvent[]): void {
    const lines: LogLine[] = [{ kind: 'action', text: `${side}: ${description}` }];
    for (const e of events) lines.push({ kind: 'event', text: eventLine(session, e) });
    this.append({ choice, lines });
  }

  note(choice: number, text: string): void {
    this.append({ choice, lines: [{ kind: 'note', text }] });
  }

  /** Drop what happened after `choice` choices (after undo). */
  truncate(choice: number): void {
    this.entries = this.entries.filter((e) => e.choice <= choice);
    this.render();
  }

  lineCount(): number {
    return this.entries.reduce((n, e) => n + e.lines.length, 0);
  }

  private items(entries: LogEntry[]): HTMLLIElement[] {
    const doc = this.list.ownerDocument;
    const items: HTMLLIElement[] = [];
    for (const entry of entries) {
      for (const line of entry.lines) {
        const li = doc.createElement('li');
        li.className = line.kind;
        li.textContent = line.text;
        items.push(li);
      }
    }
    return items;
  }

  /** Add one entry at the end without redrawing the rest (long games have thousands of lines). */
  private append(entry: LogEntry): void {
    this.entries.push(entry);
    this.list.append(...this.items([entry]));
    this.list.scrollTop = this.list.scrollHeight;
  }

  private render(): void {
    this.list.replaceChildren(...this.items(this.entries));
    this.list.scrollTop = this.list.scrollHeight;
  }
}

/** Check a value read back from storage is a list of log entries. */
export function isLogEntries(value: unknown): value is LogEntry[] {
  return (
    Array.isArray(value) &&
    value.every(
      (e) =>
        e &&
        typeof e === 'object' &&
        typeof (e as LogEntry).choice === 'number' &&
        Array.isArray((e as LogEntry).lines) &&
        (e as LogEntry).lines.every((l) => l && typeof l.text === 'string' && typeof l.kind === 'string'),
    )
  );
}
