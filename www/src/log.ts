// The game log: one line per event, in words, grouped under the choice that caused it.
//
// Formatting is presentation only: field values are shown as the engine gives them, with unit
// ids replaced by counter names from the scenario. Unknown events still get a readable line.
import type { GameEvent, Session } from './engine.js';

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
export function purposeWords(session: Session, purpose: unknown): string {
  if (!purpose || typeof purpose !== 'object') return String(purpose ?? '');
  const p = purpose as Record<string, unknown>;
  const name = (k: string) => session.counterName(p[k]);
  switch (p.purpose) {
    case 'Initiative':
      return 'initiative';
    case 'ReinforcementArrival':
      return 'reinforcement arrival';
    case 'MovementAllowance':
      return 'the movement allowance';
    case 'CombatAllowance':
      return 'the combat allowance';
    case 'Attack':
      return `${name('attacker')}'s attack on ${name('target')}`;
    case 'Desertion':
      return `desertion of ${name('unit')}`;
    case 'HeatReorganization':
      return `${name('unit')} to recover from the heat`;
    case 'WaterCarrier':
      return 'the water carrier';
    default:
      return objectWords(session, p);
  }
}

function resultWords(result: unknown): string {
  switch (result) {
    case 'NoEffect':
      return 'no effect';
    case 'Disorganise':
      return 'disorganised';
    case 'Eliminate':
      return 'eliminated';
    default:
      return typeof result === 'string' ? words(result) : String(result);
  }
}

/** One event as a sentence. */
export function eventLine(session: Session, e: GameEvent): string {
  const f = (k: string) => fieldValue(session, k, e[k]);
  switch (e.event) {
    case 'RoundBegins':
      return `Round ${f('round')} begins.`;
    case 'Rolled':
      return `${f('side')} roll ${die(e.value)} for ${purposeWords(session, e.purpose)}.`;
    case 'JokerUsed':
      return `${f('side')} use the Joker on die ${Number(e.die) + 1}: now ${die(e.new_value)}.`;
    case 'JokerPassed':
      return `The Joker passes to the ${f('to')}.`;
    case 'JokerDiscarded':
      return 'The Joker is discarded.';
    case 'InitiativeTie':
      return `Initiative tied in round ${f('round')}.`;
    case 'FirstPlayer':
      return `${f('side')} play first in round ${f('round')}.`;
    case 'TurnBegins':
      return `${f('side')} turn begins (round ${f('round')}).`;
    case 'ReinforcementsArrive':
      return `${f('side')} reinforcements arrive.`;
    case 'Deployed':
      return `${f('unit')} deployed at ${f('to')}.`;
    case 'Entered':
      return `${f('unit')} enters: ${f('path')}.`;
    case 'CannotEnter':
      return `${f('unit')} cannot enter.`;
    case 'WaterCarrierPlaced':
      return `María Bellido placed at ${f('to')}.`;
    case 'WaterCarrierNotPlaced':
      return 'María Bellido is not placed.';
    case 'LeaderActivated':
      return `${f('leader')} activated: ${f('allowance')} counters may move.`;
    case 'Moved':
      return `${f('unit')} moves ${f('path')}.`;
    case 'Recovered':
      return `${f('unit')} recovers.`;
    case 'CombatAllowance':
      return `${f('activations')} counters may fight.`;
    case 'AttackDeclared':
      return (
        `${f('unit')} ${e.melee ? 'assaults' : 'fires on'} ${f('target')}` +
        (e.supporter !== null && e.supporter !== undefined ? `, supported by ${f('supporter')}` : '') +
        '.'
      );
    case 'AttackResolved':
      return `${f('unit')} on ${f('target')}: ${f('total')} against ${f('defence')}, ${resultWords(e.result)}.`;
    case 'AttackLost':
      return `${f('unit')}'s attack on ${f('target')} is lost.`;
    case 'TacticalRetreated':
      return `${f('unit')} retreats tactically: ${f('path')}.`;
    case 'Disorganised':
      return `${f('unit')} is disorganised.`;
    case 'Eliminated':
      return `${f('unit')} is eliminated.`;
    case 'Retreated':
      return `${f('unit')} retreats: ${f('path')}.`;
    case 'NoRetreatPossible':
      return `${f('unit')} cannot retreat.`;
    case 'Advanced':
      return `${f('unit')} advances to ${f('to')}.`;
    case 'Deserted':
      return `${f('unit')} deserts.`;
    case 'Reorganised':
      return `${f('unit')} is reorganised.`;
    case 'StaysDisorganised':
      return `${f('unit')} stays disorganised.`;
    case 'GameOver':
      return `Game over: ${f('outcome')}.`;
    default:
      return capitalise(objectWords(session, e)) + '.';
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
    this.entries.push({ choice, lines });
    this.render();
  }

  note(choice: number, text: string): void {
    this.entries.push({ choice, lines: [{ kind: 'note', text }] });
    this.render();
  }

  /** Drop what happened after `choice` choices (after undo). */
  truncate(choice: number): void {
    this.entries = this.entries.filter((e) => e.choice <= choice);
    this.render();
  }

  lineCount(): number {
    return this.entries.reduce((n, e) => n + e.lines.length, 0);
  }

  private render(): void {
    const doc = this.list.ownerDocument;
    const items: HTMLLIElement[] = [];
    for (const entry of this.entries) {
      for (const line of entry.lines) {
        const li = doc.createElement('li');
        li.className = line.kind;
        li.textContent = line.text;
        items.push(li);
      }
    }
    this.list.replaceChildren(...items);
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
