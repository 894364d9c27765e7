// Napoleon's Battles (miniatures on a table measured in inches) for the page: words for its steps
// and events, where its listed actions land on the table (boards/table.ts), the MoveUnit templates
// the table lets a player drag, its status panel.
//
// Everything comes from the engine: the scenario (table, terrain, units, generals), the prompt
// (listed actions and templates), view(side) (footprints, formations, orders), the events and the
// odds. No rule or distance is computed here.
import type {
  NbAction,
  NbEvent,
  NbOdds,
  NbOutcome,
  NbRoll,
  NbScenario,
  NbSide,
  NbStep,
  NbTemplate,
  NbView,
} from '../../pkg/napoleonic.js';
import type { EnginePrompt, Session } from '../engine.js';
import type { BoardMarks } from '../boards/hex.js';
import type { TableMovable } from '../boards/table.js';
import type { BoardPiece, DieShown, GameUI, Intent, OddsShown, PieceDetails, RulesetAdapter, SideLook, StatusItem, ViewBoards, ViewDrawing } from './adapter.js';

/** Napoleon's Battles' generated types. */
export interface NapoleonsBattlesTypes {
  side: NbSide;
  step: NbStep;
  action: NbAction;
  event: NbEvent;
  view: NbView;
  scenario: NbScenario;
  odds: NbOdds;
  outcome: NbOutcome;
  template: NbTemplate;
}
type Prompt = EnginePrompt<NapoleonsBattlesTypes>;

export const LOOKS: Record<NbSide, SideLook> = {
  French: { colour: '#2b4c9b', ink: '#ffffff' },
  Allied: { colour: '#c0392b', ink: '#ffe680' },
};

const FORMATION_WORDS: Record<string, string> = {
  COL: 'column',
  LIN: 'line',
  MCH_COL: 'march column',
  SQ: 'square',
  LIM: 'limbered',
  ULM: 'unlimbered',
};

function inches(hundredths: number): string {
  return `${(hundredths / 100).toFixed(1)}"`;
}

function degrees(facing: number): string {
  return `${(facing / 2).toFixed(0)}°`;
}

export class NapoleonsBattlesUI implements GameUI<NapoleonsBattlesTypes> {
  constructor(
    readonly scenario: NbScenario,
    private readonly session: Session<NapoleonsBattlesTypes>,
  ) {}

  unitName(id: number): string {
    const u = this.scenario.units[id];
    return u ? `${u.name} (${u.id})` : `unit ${id}`;
  }

  generalName(id: number): string {
    return this.scenario.generals[id]?.name ?? `general ${id}`;
  }

  stepWords(step: NbStep): string {
    switch (step.step) {
      case 'Rally':
        return 'rally routed troops';
      case 'Movement':
        return 'movement: drag a unit (Q/E or the wheel turn it), change formations, move generals';
      case 'CavalryReaction':
        return 'cavalry reaction movement';
      case 'CounterReaction':
        return 'counter reaction against cavalry that reacted';
      case 'Evasion':
        return `${this.unitName(step.unit)} may evade ${this.unitName(step.by)}`;
      case 'DefensiveFire':
        return 'defensive fire';
      case 'OffensiveFire':
        return 'offensive fire';
      case 'Melee':
        return 'melee: choose the combat to fight';
      case 'Withdrawal':
        return `withdraw from the combat of ${this.unitName(step.combat)} or fight on`;
      case 'Pursuit':
        return `cavalry pursuit: ${this.unitName(step.unit)}`;
      case 'CounterPursuit':
        return 'counter pursuit';
      case 'FireAtCavalry':
        return `fire at ${this.unitName(step.target)}, which has just moved`;
    }
    return 'decide';
  }

  stepName(step: NbStep | undefined): string {
    if (!step) return '—';
    const names: Record<NbStep['step'], string> = {
      Rally: 'Rally',
      Movement: 'Movement',
      CavalryReaction: 'Cavalry reaction',
      CounterReaction: 'Counter reaction',
      Evasion: 'Evasion',
      DefensiveFire: 'Defensive fire',
      OffensiveFire: 'Offensive fire',
      Melee: 'Melee',
      Withdrawal: 'Withdrawal',
      Pursuit: 'Pursuit',
      CounterPursuit: 'Counter pursuit',
      FireAtCavalry: 'Fire at cavalry',
    };
    return names[step.step];
  }

  promptWords(prompt: Prompt): string {
    return `${prompt.side} to decide — ${this.stepWords(prompt.step)}.`;
  }

  promptPiece(): number | null {
    return null;
  }

  promptCounter(prompt: Prompt): number | null {
    const s = prompt.step;
    if (s.step === 'Evasion' || s.step === 'Pursuit') return s.unit;
    return null;
  }

  promptDice(): DieShown[] {
    return [];
  }

  /** The prompt's MoveUnit templates: the units the table lets a player drag. */
  movable(prompt: Prompt | null): TableMovable[] {
    if (!prompt) return [];
    const reaction = prompt.step.step === 'CavalryReaction';
    return prompt.templates.flatMap((t) => (t.type === 'MoveUnit' ? [{ unit: t.unit, left: t.left, reaction }] : []));
  }

  /** The prompt's MoveGeneral templates: the generals the table lets a player drag. */
  riders(prompt: Prompt | null): number[] {
    return prompt ? prompt.templates.flatMap((t) => (t.type === 'MoveGeneral' ? [t.general] : [])) : [];
  }

  intent(a: NbAction): Intent | null {
    switch (a.type) {
      case 'Fire':
        return { piece: a.unit, unit: a.target, odds: true };
      case 'Charge':
      case 'ReactionCharge':
        return { piece: a.unit, unit: a.target };
      case 'Rally':
        return { piece: a.unit, odds: true };
      case 'Fight':
        // A melee's odds: the engine's distribution of the round's outcomes.
        return { piece: a.unit, odds: true };
      case 'Reform':
      case 'RoutMove':
      case 'Evade':
      case 'Stand':
      case 'Withdraw':
      case 'Stay':
        return { piece: a.unit };
      default:
        // Moves, formation changes and generals' moves are in the list (a unit is dragged).
        return null;
    }
  }

  /** The buttons beside the prompt: ending a step, fighting on. */
  quick(a: NbAction): boolean {
    return a.type === 'EndRally' || a.type === 'EndMovement' || a.type === 'EndReaction' || a.type === 'EndFire' || a.type === 'FightOn' || a.type === 'EndPursuit';
  }

  /** Whose roll it is, where the roll says (a melee or withdrawal side, the unit or general rolling). */
  rollSide(r: NbRoll): string | null {
    if (r.kind === 'Melee' || r.kind === 'Withdrawal') return r.side;
    if (r.kind === 'Initiative' && r.general !== undefined && r.general !== null) return this.scenario.generals[r.general]?.side ?? null;
    const unit = r.kind === 'Initiative' ? r.unit : r.unit;
    return unit !== undefined && unit !== null ? (this.scenario.units[unit]?.side ?? null) : null;
  }

  rollWords(r: NbRoll): string {
    switch (r.kind) {
      case 'Rally':
        return `rally of ${this.unitName(r.unit)} (needs ${r.need})`;
      case 'Initiative':
        return `initiative${r.unit !== undefined ? ` of ${this.unitName(r.unit)}` : r.general !== undefined ? ` of ${this.generalName(r.general)}` : ''} (needs ${r.need})`;
      case 'Fire':
        return `fire of ${this.unitName(r.unit)} at ${this.unitName(r.target)} (${r.modifier >= 0 ? '+' : ''}${r.modifier})`;
      case 'Melee':
        return `${r.side} melee (${r.modifier >= 0 ? '+' : ''}${r.modifier})`;
      case 'Withdrawal':
        return `${r.side} withdrawal (${r.modifier >= 0 ? '+' : ''}${r.modifier})`;
      case 'Recall':
        return `recall of ${this.unitName(r.unit)} (needs ${r.need})`;
      case 'EmergencySquare':
        return `emergency square of ${this.unitName(r.unit)} (needs ${r.need})`;
    }
    return 'a roll';
  }

  eventLine(e: NbEvent): string {
    switch (e.type) {
      case 'TurnBegins':
        return `Turn ${e.turn} begins: the ${e.side}.`;
      case 'StepBegins':
        return `${this.stepName(e.step)} step (${e.side}).`;
      case 'Rolled':
        return `Rolled ${e.die} for the ${this.rollWords(e.roll)}: ${e.total}.`;
      case 'Command':
        return `${this.unitName(e.unit)} is ${e.in_command ? 'in' : 'out of'} command (${e.moves.toLowerCase()} move).`;
      case 'Rallied':
        return `${this.unitName(e.unit)} rallies.`;
      case 'Moved':
        // A formed move says what it cost; an unformed one (withdrawal, bounce, rout, evasion:
        // cost 0) how far it went, as the engine measures it.
        return e.cost > 0
          ? `${this.unitName(e.unit)} moves ${inches(e.cost)} to (${inches(e.to.x)}, ${inches(e.to.y)}), facing ${degrees(e.facing)}.`
          : `${this.unitName(e.unit)} goes ${inches(this.session.tableDistance([e.from], [e.to]))} to (${inches(e.to.x)}, ${inches(e.to.y)}), facing ${degrees(e.facing)}.`;
      case 'Formed':
        return `${this.unitName(e.unit)} forms ${FORMATION_WORDS[e.formation] ?? e.formation}.`;
      case 'GeneralMoved':
        return `${this.generalName(e.general)} rides to (${inches(e.to.x)}, ${inches(e.to.y)}).`;
      case 'ReactionMarker':
        return `${this.unitName(e.unit)}: reaction marker ${e.placed ? 'placed' : 'removed'}.`;
      case 'Contact':
        return `${this.unitName(e.unit)} contacts ${this.unitName(e.target)}.`;
      case 'Hits':
        return `${this.unitName(e.unit)} takes ${e.hits} hit${e.hits === 1 ? '' : 's'} (${e.figures_left} figures left).`;
      case 'Disordered':
        return `${this.unitName(e.unit)} is disordered.`;
      case 'Recovered':
        return `${this.unitName(e.unit)} recovers its order.`;
      case 'Routed':
        return `${this.unitName(e.unit)} routs!`;
      case 'Removed':
        return `${this.unitName(e.unit)} is removed (${e.why}).`;
      case 'MeleeRound':
        return `Melee round: attacker ${e.attacker_total}, defender ${e.defender_total}; losses ${e.losses[0]} and ${e.losses[1]}.`;
      case 'Withdrew':
        return `${this.unitName(e.unit)} withdraws.`;
      case 'Bounced':
        return `${this.unitName(e.unit)} is bounced back.`;
      case 'Recalled':
        return `${this.unitName(e.unit)} ${e.success ? 'is recalled' : 'pursues on'}.`;
      case 'GameOver':
        return `Game over: ${e.winner ? `the ${e.winner} win` : 'a draw'} (${e.why}).`;
    }
    return JSON.stringify(e);
  }

  dice(events: NbEvent[]): DieShown[] {
    const out: DieShown[] = [];
    let side: string = this.session.prompt()?.side ?? 'French';
    for (const e of events) {
      if (e.type === 'TurnBegins' || e.type === 'StepBegins') side = e.side;
      if (e.type === 'Rolled') out.push({ value: e.die, side: this.rollSide(e.roll) ?? side, label: `${this.rollWords(e.roll)}: ${e.total}` });
    }
    return out;
  }

  odds(session: Session<NapoleonsBattlesTypes>, action: NbAction): OddsShown | null {
    const o = session.odds(action);
    if (!o) return null;
    const parts = o.outcomes
      .filter((w) => w.weight > 0)
      .map((w, k) => {
        const r = w.outcome;
        const label =
          r.kind === 'Hits' ? `${r.hits} hit${r.hits === 1 ? '' : 's'}` : r.kind === 'Rallied' ? (r.success ? 'rallies' : 'fails') : `first round's losses: French ${r.french}, Allied ${r.allied}`;
        const key = r.kind === 'Hits' ? `o${Math.min(r.hits, 4)}` : r.kind === 'Rallied' ? (r.success ? 'o3' : 'o0') : `o${Math.min(k, 4)}`;
        return { key, label, count: w.weight };
      });
    return { total: o.denominator, parts, numbers: parts.map((p) => `${p.label}: ${p.count}/${o.denominator}`).join(', '), notes: [] };
  }

  outcomeWords(o: NbOutcome): string {
    return `${o.winner ? `the ${o.winner} win (${o.level.toLowerCase()})` : 'a draw'}: ${o.detail.why}; broken units French ${o.detail.broken_units[0]}, Allied ${o.detail.broken_units[1]}`;
  }

  viewSide(prompt: Prompt | null): NbSide {
    return prompt?.side ?? 'French';
  }

  status(v: NbView): StatusItem[] {
    const alive = (side: NbSide) => v.units.filter((u) => u.side === side && u.state.order !== 'Gone').length;
    const items: StatusItem[] = [
      { key: 'turn', label: 'Turn', value: `${v.turn} of ${v.turns}` },
      { key: 'phasing', label: 'Phasing', value: v.phasing, tone: v.phasing === 'French' ? 'side-a' : 'side-b' },
      { key: 'step', label: 'Step', value: this.stepName(v.step) },
      { key: 'units', label: 'Units on the table', value: `French ${alive('French')}, Allied ${alive('Allied')}` },
      { key: 'table', label: 'Table', value: `${this.scenario.width / 100}" × ${this.scenario.height / 100}" (${this.scenario.start_time})` },
    ];
    const routed = v.units.filter((u) => u.state.order === 'Routed').length;
    const disordered = v.units.filter((u) => u.state.order === 'Disordered').length;
    if (routed || disordered) items.push({ key: 'order', label: 'Out of order', value: `${disordered} disordered, ${routed} routed`, tone: 'warn' });
    return items;
  }

  pieces(v: NbView): BoardPiece[] {
    return v.units.flatMap((u, id) =>
      u.state.order === 'Gone' ? [] : [{ id, hex: `u${id}`, key: JSON.stringify(u.state), label: this.unitName(id), classes: `side-${u.side}` }],
    );
  }

  pieceSvg(): string {
    return '';
  }

  /** The board this ruleset is drawn on, from the whole view. */
  readonly board: ViewDrawing<NapoleonsBattlesTypes> = { kind: 'table', draw: (boards, view, marks) => this.drawView(boards, view, marks) };

  private drawView(boards: ViewBoards, view: NbView, marks: BoardMarks): void {
    const prompt = this.session.prompt();
    boards.table.draw(view, this.scenario, marks, this.movable(prompt), this.riders(prompt));
  }

  pieceDetails(v: NbView | null, id: number): PieceDetails {
    const data = this.scenario.units[id];
    const u = v?.units[id];
    const rows: [string, string][] = [];
    if (data) rows.push(['Type', data.unit_type.replace(/_/g, ' ')]);
    if (u) {
      rows.push(['Formation', FORMATION_WORDS[u.state.formation] ?? u.state.formation]);
      rows.push(['Order', u.state.order]);
      rows.push(['Figures', `${u.state.figures} (${u.bases} bases)`]);
      rows.push(['Front', `(${inches(u.state.front.x)}, ${inches(u.state.front.y)}), facing ${degrees(u.state.facing)}`]);
      rows.push(['Command', u.state.in_command ? 'in command' : 'out of command']);
      if (u.state.spent) rows.push(['Moved', inches(u.state.spent)]);
    }
    const general = data ? this.scenario.generals[data.general] : undefined;
    if (general) rows.push(['General', general.name]);
    return { title: data?.name ?? `unit ${id}`, subtitle: `${data?.side ?? ''} ${data?.id ?? ''}`.trim(), rows, swatch: data ? LOOKS[data.side].colour : undefined };
  }

  pieceName(id: number): string {
    return this.unitName(id);
  }
}

export const napoleonsBattles: RulesetAdapter<NapoleonsBattlesTypes> = {
  id: 'napoleons-battles',
  looks: LOOKS,
  start: (engine, scenario, options, seed) => new engine.NapoleonsBattlesGame(scenario, options, seed >>> 0),
  fromScenarioFile: (engine, fileName, text, options, seed) => engine.NapoleonsBattlesGame.fromScenarioFile(fileName, text, options, seed >>> 0),
  importString: (engine, saved) => engine.NapoleonsBattlesGame.importString(saved),
  fromSetupJson: (engine, json) => engine.NapoleonsBattlesGame.fromSetup(JSON.parse(json)),
  mailStart: (engine, side, passphrase, scenario, options) => engine.NapoleonsBattlesGame.mailStart(side, passphrase, scenario, options),
  mailAnswer: (engine, opening, passphrase) => engine.NapoleonsBattlesGame.mailAnswer(opening, passphrase),
  mailLoad: (engine, string, side, passphrase) => engine.NapoleonsBattlesGame.mailLoad(string, side, passphrase),
  create(session) {
    const scenario = session.scenario();
    if (!scenario) throw new Error("the engine gave no Napoleon's Battles scenario to draw");
    return new NapoleonsBattlesUI(scenario, session);
  },
};
