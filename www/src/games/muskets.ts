// Age of Muskets, Field Battle (SR 9.2) for the page: words for its steps and events, where its
// actions land on the battle display (boards/battle.ts), its status panel.
//
// Everything comes from the engine: the scenario (names, troop types), the prompt, the view (which
// already hides what the viewer may not see), the events, the odds. No rule is computed here.
import type {
  BattleAction,
  BattleCounter,
  BattleEnd,
  BattleEvent,
  BattleModifier,
  BattleModifierCause,
  BattleOdds,
  BattleOptionKind,
  BattleOutcome,
  BattleRoll,
  BattleRollPurpose,
  BattleScenario,
  BattleSection,
  BattleStep,
  BattleSide,
  BattleView,
  NoTemplate,
} from '../../pkg/napoleonic.js';
import type { EnginePrompt, Session } from '../engine.js';
import type { BoardMarks } from '../boards/hex.js';
import { chitPlace } from '../boards/board.js';
import type { BoardPiece, DieShown, GameUI, Intent, OddsShown, PieceDetails, RulesetAdapter, SideLook, StatusItem, ViewBoards, ViewDrawing } from './adapter.js';

/** The Field Battle's generated types. */
export interface MusketsBattleTypes {
  side: BattleSide;
  step: BattleStep;
  action: BattleAction;
  event: BattleEvent;
  view: BattleView;
  scenario: BattleScenario;
  odds: BattleOdds;
  outcome: BattleOutcome;
  template: NoTemplate;
}
type Prompt = EnginePrompt<MusketsBattleTypes>;

/** The sides' colours, by the engine's names. */
export const LOOKS: Record<BattleSide, SideLook> = {
  Imperial: { colour: '#1f4e9c', ink: '#ffffff' },
  Allied: { colour: '#c0262d', ink: '#ffd23f' },
};

export const SECTION_WORDS: Record<BattleSection, string> = {
  left: 'Left',
  centre: 'Centre',
  right: 'Right',
  reserve: 'Reserve',
  flank_left: 'Outflank (left)',
  flank_right: 'Outflank (right)',
};

export const OPTION_WORDS: Record<BattleOptionKind, string> = {
  reserve: 'Reserve',
  outflank: 'Outflank',
  assault: 'Assault',
  pin: 'Pin',
  bombardment: 'Bombardment',
  cavalry_charge: 'Cavalry Charge',
  withdraw: 'Withdraw',
  recover: 'Recover',
  reinforce: 'Reinforce',
};

export const OPTION_KINDS: BattleOptionKind[] = [
  'reserve',
  'outflank',
  'assault',
  'pin',
  'bombardment',
  'cavalry_charge',
  'withdraw',
  'recover',
  'reinforce',
];

/** HQ counters are numbered apart from CUs: on the page an HQ is 1000 + its index. */
export const HQ_BASE = 1000;

export function counterId(c: BattleCounter): number {
  return c.kind === 'hq' ? HQ_BASE + c.id : c.id;
}

export function sectionKey(side: string, section: BattleSection): string {
  return `${side}:${section}`;
}

const ROLL_WORDS: Record<string, string> = {
  TerrainChoice: 'the choice of terrain',
  OutflankTie: 'the outflank tie',
  Outflank: 'outflanking',
  OperationalControl: 'the Operational Control Check',
  Pass: 'passing',
  AnotherOption: 'another option',
  Continue: 'continuing',
  Rally: 'rallying',
  LeaderCasualty: 'a leader casualty',
  Engagement: 'the engagement',
  Morale: 'a morale check',
  Bombardment: 'the bombardment',
  BombardmentLeader: 'a leader under bombardment',
  Withdraw: 'withdrawing',
  Pursuit: 'the pursuit',
  Reinforce: 'reinforcements',
  BritishCavalry: 'British cavalry',
  RandomDiscard: 'a random discard',
};

const END_WORDS: Record<string, string> = {
  endurance_exhausted: 'battle endurance exhausted',
  withdraw: 'a withdrawal',
  guard_broken: 'the Guard broken',
  options_exhausted: 'options exhausted',
};

function sign(n: number): string {
  return n >= 0 ? `+${n}` : `−${-n}`;
}

/** Short words for a modifier's cause, for the dice (the engine's label is the long form). */
const MODIFIER_WORDS: Record<BattleModifierCause, string> = {
  operational_control: 'OCC',
  commander_tactical: 'commander',
  commander_lost: 'commander lost',
  troop_tactical: 'troops',
  cavalry_superiority: 'enemy cavalry superiority',
  pin: 'pin',
  scenario_bonus: 'scenario bonus',
  ratio: 'ratio',
  outflank: 'outflank',
  hills: 'hills',
  woods: 'woods',
  village: 'village',
  field_fortification: 'fortified',
  lisboa_lines: 'Lisboa Lines',
  leader_morale: 'leader',
  heavy_defeat: 'lost by 5+',
  in_woods: 'in woods',
  rounds: 'rounds',
  winner_cavalry: 'winner’s cavalry',
  loser_cavalry: 'loser’s cavalry',
  no_loc: 'no LoC',
  cavalry_commander: 'cavalry commander',
  river_retreat: 'river',
  withdraw: 'withdraw',
  guerrilla: 'guerrilla',
  recover: 'recover',
  artillery: 'artillery',
  enemy_endurance: 'enemy BEP',
  own_endurance: 'own BEP',
  british_cavalry: 'British cavalry',
};

/**
 * A roll explained: "4 +1 troops +1 hills −1 pin = 5", the modifiers by cause as the engine lists
 * them (they sum to total − roll). `long`: the engine's own labels.
 */
export function explainRoll(roll: number, modifiers: BattleModifier[], total: number, long = false): string {
  if (!modifiers.length) return `${roll}, no modifier = ${total}`;
  const parts = modifiers.map((m) => `${sign(m.value)} ${long ? m.label : (MODIFIER_WORDS[m.cause] ?? m.label)}`);
  return `${roll} ${parts.join(' ')} = ${total}`;
}

export class MusketsUI implements GameUI<MusketsBattleTypes> {
  readonly scenario: BattleScenario;
  /** Leave the per-side numbers to the display's result table. */
  shortOutcome = true;

  constructor(
    private readonly session: Session<MusketsBattleTypes>,
    scenario: BattleScenario,
  ) {
    this.scenario = scenario;
  }

  counterName(c: BattleCounter | null | undefined): string {
    if (!c) return 'a hidden counter';
    if (c.kind === 'hq') return this.scenario.hqs[c.id]?.name ?? `HQ ${c.id}`;
    return this.scenario.cus[c.id]?.name ?? `CU ${c.id}`;
  }

  leaderName(c: BattleCounter): string {
    const data = c.kind === 'hq' ? this.scenario.hqs[c.id] : this.scenario.cus[c.id];
    return data ? `${data.leader.name} (${data.name})` : this.counterName(c);
  }

  troopName(troop: number): string {
    return this.scenario.troops[troop]?.abbr ?? `type ${troop}`;
  }

  cuName(cu: number): string {
    return this.scenario.cus[cu]?.name ?? `CU ${cu}`;
  }

  stepWords(step: BattleStep): string {
    switch (step.step) {
      case 'ChooseTerrain':
        return `place battle terrain (${step.left} layout${step.left === 1 ? '' : 's'} left)`;
      case 'WellingtonLayout':
        return "choose Wellington's layout";
      case 'Deployment':
        return `deploy ${this.counterName(step.counter)}`;
      case 'FieldFortification':
        return 'choose a section to fortify';
      case 'Planning':
        return `planning: take option chits (${step.chosen} of ${step.limit})`;
      case 'NewCommanderHand':
        return `new commander: take chits (${step.remaining} left)`;
      case 'PlayOrPass':
        return `round ${step.round}: play an option or pass`;
      case 'MustPlay':
        return 'play an option';
      case 'FollowUp':
        return `after ${OPTION_WORDS[step.last]}: try another option${step.can_continue ? ' or continue' : ''}, or let the enemy play`;
      case 'Discard':
        return 'discard a chit';
      case 'MoveGroup':
        return `${OPTION_WORDS[step.option]}: move counters from the ${SECTION_WORDS[step.from]} to the ${SECTION_WORDS[step.to]} (${step.moved} moved)`;
      case 'SectionCommander':
        return `choose who commands the ${SECTION_WORDS[step.section]}`;
      case 'CheckingUnit':
        return `choose the unit that checks in the ${SECTION_WORDS[step.section]} (${step.attacking ? 'attacking' : 'defending'})`;
      case 'ChargeUnit':
        return `choose the charging unit in the ${SECTION_WORDS[step.section]} (${step.attacking ? 'attacking' : 'defending'})`;
      case 'BombardedUnit':
        return `choose the bombarded unit in the ${SECTION_WORDS[step.section]}`;
      case 'PlaceReinforcement':
        return `place ${this.counterName(step.counter)}`;
      case 'FlankAttackEnd':
        return 'choose the end of the line for the flank attack';
      case 'Regroup':
        return `reinforcements arrived: CUs may join their HQ's other CUs (${step.moved} moved)`;
    }
    return 'decide';
  }

  promptWords(prompt: Prompt): string {
    return `${prompt.side} to decide — ${this.stepWords(prompt.step)}.`;
  }

  promptPiece(): number | null {
    return null;
  }

  /** The counter the prompt is about (to deploy, to place): highlighted on the display. */
  promptCounter(prompt: Prompt): number | null {
    const step = prompt.step;
    if (step.step === 'Deployment' || step.step === 'PlaceReinforcement') return counterId(step.counter);
    return null;
  }

  promptDice(): DieShown[] {
    return [];
  }

  private own(): string {
    return this.session.prompt()?.side ?? 'Imperial';
  }

  private enemyOf(side: string): string {
    return side === 'Imperial' ? 'Allied' : 'Imperial';
  }

  intent(a: BattleAction): Intent | null {
    const own = this.own();
    const enemy = this.enemyOf(own);
    switch (a.type) {
      case 'PlaceTerrain':
        return { hex: sectionKey(own, a.section) };
      case 'Deploy':
        return { hex: sectionKey(own, a.section) };
      case 'Fortify':
        return { hex: sectionKey(own, a.section) };
      case 'TakeChit':
        return { hex: `pool:${a.option}` };
      case 'Discard':
        return { hex: chitPlace(a.option) };
      case 'Reserve':
        return { hex: sectionKey(own, a.to) };
      case 'Outflank':
        return { hex: sectionKey(own, a.end) };
      case 'FlankEnd':
        return { hex: sectionKey(own, a.end) };
      case 'Assault':
      case 'Pin':
      case 'Bombard':
      case 'CavalryCharge':
        return { hex: sectionKey(enemy, a.target), odds: true };
      case 'Move':
        return { piece: counterId(a.counter) };
      case 'Command':
        return { piece: counterId(a.leader) };
      case 'CheckWith':
        return { piece: a.cu };
      case 'Rally':
        return { piece: counterId(a.leader), unit: a.cu };
      case 'Regroup':
        return { piece: a.cu, hex: sectionKey(own, a.to) };
      default:
        return null;
    }
  }

  /** The chit an action plays, for clicks on a chit in hand. */
  optionOf(a: BattleAction): BattleOptionKind | null {
    switch (a.type) {
      case 'Reserve':
        return 'reserve';
      case 'Outflank':
        return 'outflank';
      case 'Assault':
        return 'assault';
      case 'Pin':
        return 'pin';
      case 'Bombard':
        return 'bombardment';
      case 'CavalryCharge':
        return 'cavalry_charge';
      case 'Withdraw':
        return 'withdraw';
      case 'Recover':
        return 'recover';
      case 'Reinforce':
        return 'reinforce';
      case 'Discard':
        return a.option;
      default:
        return null;
    }
  }

  rollWords(p: BattleRollPurpose): string {
    const base = ROLL_WORDS[p.purpose] ?? p.purpose;
    if ('leader' in p) return `${base} (${this.leaderName(p.leader)})`;
    if ('cu' in p) return `${base} (${this.cuName(p.cu)})`;
    if ('force' in p) return `${base} (force ${p.force})`;
    return base;
  }

  eventLine(e: BattleEvent): string {
    switch (e.event) {
      case 'Rolled':
        return `${e.side} rolled ${e.value} for ${this.rollWords(e.purpose)}${e.secret ? ' (secret)' : ''}.`;
      case 'CommandDetermined':
        return `${e.side} command is ${e.command}; commander-in-chief ${this.leaderName(e.cic)}.`;
      case 'TerrainWon':
        return `${e.side} won the choice of terrain (${e.layouts} layout${e.layouts === 1 ? '' : 's'}).`;
      case 'TerrainPlaced':
        return `${e.side} placed ${e.terrain} in the ${SECTION_WORDS[e.section]}.`;
      case 'OutflankHolder':
        return e.side ? `${e.side} hold the outflank marker.` : 'Nobody holds the outflank marker.';
      case 'OutflankAllowed':
        return `${e.side} ${e.allowed ? 'may' : 'may not'} outflank.`;
      case 'Deployed':
        return `${e.side} deployed ${e.counter ? this.counterName(e.counter) : 'a counter face down'} in the ${SECTION_WORDS[e.section]}.`;
      case 'Fortified':
        return `${e.side} fortified the ${SECTION_WORDS[e.section]}.`;
      case 'Revealed':
        return `${e.side} revealed ${this.counterName(e.counter)}.`;
      case 'Endurance':
        return `${e.side} battle endurance: ${e.bep} BEP.`;
      case 'ChitTaken':
        return e.option ? `${e.side} took a ${OPTION_WORDS[e.option]} chit.` : `${e.side} took a chit.`;
      case 'PlanningDone':
        return `${e.side} finished planning with ${e.chits} chit${e.chits === 1 ? '' : 's'}.`;
      case 'OperationalControl':
        return `${e.side} Operational Control Check ${e.passed ? 'passed' : 'failed'} (modifier ${sign(e.modifier)}).`;
      case 'RoundBegins':
        return `Round ${e.round} begins.`;
      case 'TurnBegins':
        return `${e.side} turn begins.`;
      case 'OptionPlayed':
        return `${e.side} played ${OPTION_WORDS[e.option]}.`;
      case 'Passed':
        return `${e.side} passed${e.clean ? '' : ' (with a roll)'}.`;
      case 'Discarded':
        return e.option ? `${e.side} discarded a ${OPTION_WORDS[e.option]} chit.` : `${e.side} discarded a chit.`;
      case 'RollSucceeded':
        return `${this.leaderName(e.leader)} succeeded: ${e.what}.`;
      case 'RollFailed':
        return `${this.leaderName(e.leader)} failed: ${e.what}.`;
      case 'Moved':
        return `${e.side} moved ${e.counter ? this.counterName(e.counter) : 'a hidden counter'} from the ${SECTION_WORDS[e.from]} to the ${SECTION_WORDS[e.to]}.`;
      case 'SectionCommander':
        return `${this.leaderName(e.leader)} commands the ${e.side} ${SECTION_WORDS[e.section]}.`;
      case 'Engagement': {
        const defender = this.enemyOf(e.attacker);
        const result = e.winner ? `${e.winner} win` : 'a draw';
        return (
          `Engagement: ${e.attacker} ${SECTION_WORDS[e.from]} against the ${defender} ${SECTION_WORDS[e.target]}. ` +
          `Attacker rolled ${explainRoll(e.attacker_roll, e.attacker_modifiers, e.attacker_total, true)}; ` +
          `defender rolled ${explainRoll(e.defender_roll, e.defender_modifiers, e.defender_total, true)}: ${result}.`
        );
      }
      case 'AutomaticVictory':
        return `Automatic victory for the ${e.side} in the ${SECTION_WORDS[e.section]} (${e.sp} SP).`;
      case 'SpLost':
        return `${this.cuName(e.cu)} lost ${e.sp} ${this.troopName(e.troop)} SP.`;
      case 'Shattered':
        return `${e.sp} ${this.troopName(e.troop)} SP of ${this.cuName(e.cu)} shattered.`;
      case 'Rallied':
        return `${e.sp} ${this.troopName(e.troop)} SP of ${this.cuName(e.cu)} rallied.`;
      case 'CuEliminated':
        return `${this.cuName(e.cu)} eliminated.`;
      case 'CavalrySuperiority':
        return `${e.side} gain cavalry superiority in the ${SECTION_WORDS[e.section]}.`;
      case 'SectionShattered':
        return `The Guard broken: every SP of the ${e.side} ${SECTION_WORDS[e.section]} shatters.`;
      case 'EnduranceLost':
        return `${e.side} lost ${e.points} BEP (${e.left} left).`;
      case 'LeaderCasualty':
        return `${e.side} leader ${this.leaderName(e.leader)} is a casualty.`;
      case 'NewCommanderInChief':
        return `${e.side} new commander-in-chief: ${this.leaderName(e.cic)}.`;
      case 'Reinforced':
        return `${e.side} force ${e.force} ${e.arrived ? 'arrived' : 'did not arrive'}${e.modifiers.length ? ` (roll ${e.modifiers.map((m) => `${sign(m.value)} ${m.label}`).join(' ')})` : ''}.`;
      case 'RollTotal':
        return `${e.side} roll for ${this.rollWords(e.purpose)}: ${explainRoll(e.roll, e.modifiers, e.total, true)}.`;
      case 'FlankAttack':
        return `${e.side} flank attack on the ${SECTION_WORDS[e.end]} end.`;
      case 'BattleEnds':
        return `The battle ends: ${e.winner ? `${e.winner} win` : 'no winner'} by ${END_WORDS[e.reason] ?? e.reason}.`;
      case 'MoraleChecked':
        return `${this.cuName(e.cu)} morale check: rolled ${explainRoll(e.roll, e.modifiers, e.total, true)}.`;
      case 'PursuitResolved':
        return `${e.side} pursuit: column ${e.shifts.length ? explainRoll(e.base_column, e.shifts, e.column, true) : e.column}, roll ${e.roll}, ${e.percent}% = ${e.losses} SP lost.`;
      case 'ExperienceGained':
        return `${e.side} gained experience: ${e.sp} SP upgraded.`;
      case 'LossesCounted':
        return `${e.side} losses: ${e.casualties} casualties, ${e.stragglers} stragglers, ${e.definitive} definitive.`;
      case 'GameOver':
        return e.winner ? `Game over: ${e.winner} win.` : 'Game over: a draw.';
    }
    return JSON.stringify(event);
  }

  dice(events: BattleEvent[]): DieShown[] {
    const out: DieShown[] = [];
    // A roll explained by a RollTotal is drawn once, from that event.
    const explained = new Set(
      events.flatMap((ev) => (ev.event === 'RollTotal' ? [`${ev.side}:${JSON.stringify(ev.purpose)}`] : [])),
    );
    for (const ev of events) {
      if (ev.event === 'Rolled' && explained.has(`${ev.side}:${JSON.stringify(ev.purpose)}`)) continue;
      // The engagement's two rolls and a morale check come with their modifiers and totals in
      // their own events.
      if (ev.event === 'Rolled' && (ev.purpose.purpose === 'Engagement' || ev.purpose.purpose === 'Morale')) continue;
      if (ev.event === 'Rolled') out.push({ value: ev.value, side: ev.side, label: this.rollWords(ev.purpose) });
      else if (ev.event === 'Engagement') {
        const defender = this.enemyOf(ev.attacker);
        out.push({
          value: ev.attacker_roll,
          side: ev.attacker,
          label: `the engagement, attacking: ${explainRoll(ev.attacker_roll, ev.attacker_modifiers, ev.attacker_total)}`,
        });
        out.push({
          value: ev.defender_roll,
          side: defender,
          label: `the engagement, defending: ${explainRoll(ev.defender_roll, ev.defender_modifiers, ev.defender_total)}`,
        });
      } else if (ev.event === 'RollTotal') {
        out.push({ value: ev.roll, side: ev.side, label: `${this.rollWords(ev.purpose)}: ${explainRoll(ev.roll, ev.modifiers, ev.total)}` });
      } else if (ev.event === 'MoraleChecked') {
        out.push({ value: ev.roll, side: ev.side, label: `a morale check (${this.cuName(ev.cu)}): ${explainRoll(ev.roll, ev.modifiers, ev.total)}` });
      }
    }
    return out;
  }

  odds(session: Session<MusketsBattleTypes>, action: BattleAction): OddsShown | null {
    const o = session.odds(action);
    const d = o?.distribution;
    if (!o || !d || !d.outcomes.length) return null;
    // Results alike in words are one part (an engagement's Pursuit Table percents are a note).
    const parts: { key: string; label: string; count: number }[] = [];
    for (const w of d.outcomes) {
      const label = rollWords(w.outcome);
      const same = parts.find((p) => p.label === label);
      if (same) same.count += w.weight;
      else parts.push({ key: `o${parts.length}`, label, count: w.weight });
    }
    const notes: string[] = [];
    const pursuit = pursuitWords(d);
    if (pursuit) notes.push(pursuit);
    if (o.enemy_occ_assumed !== null) notes.push('assuming the enemy passed its Operational Control Check (secret until it fights)');
    if (o.rounded) notes.push('rounded to 10^15 cases: the exact odds of so many rolls need more');
    return {
      total: d.denominator,
      parts,
      numbers: parts.map((p) => `${p.label}: ${p.count} in ${d.denominator}`).join('; '),
      notes,
    };
  }

  outcomeWords(o: BattleOutcome): string {
    const r = o.detail;
    const parts = [
      r.winner ? `${r.winner} win by ${END_WORDS[r.reason] ?? r.reason} after ${r.rounds} round${r.rounds === 1 ? '' : 's'}` : `no winner after ${r.rounds} rounds`,
    ];
    if (o.winner) parts.push(`a ${LEVEL_WORDS[o.level]} victory`);
    if (r.must_retreat) parts.push(`the ${r.must_retreat} must retreat`);
    // The losses, stragglers and endurance of each side are drawn in the result table on the display.
    if (this.shortOutcome) return parts.join('; ');
    for (const s of r.sides) {
      parts.push(
        `${s.side}: ${s.casualties} casualties, ${s.stragglers} stragglers, ${s.definitive} definitive losses, ${s.sp_left} SP left, BEP ${s.bep_left} of ${s.bep_start}` +
          (s.leaders_lost.length ? `, leaders lost: ${s.leaders_lost.join(', ')}` : ''),
      );
    }
    return parts.join('; ');
  }

  viewSide(prompt: Prompt | null): BattleSide {
    return prompt?.side ?? 'Imperial';
  }

  status(v: BattleView): StatusItem[] {
    const tone = (side: string): 'side-a' | 'side-b' => (side === 'Imperial' ? 'side-a' : 'side-b');
    const items: StatusItem[] = [
      { key: 'battle', label: 'Battle', value: `${v.name} (attacker: ${v.attacker})` },
      { key: 'round', label: 'Round', value: String(v.round) },
      { key: 'step', label: 'Step', value: v.step },
      { key: 'viewer', label: 'Seen by', value: v.viewer, tone: tone(v.viewer) },
      { key: 'own-bep', label: `${v.own.side} BEP`, value: `${v.own.bep} of ${v.own.bep_start}`, tone: tone(v.own.side) },
      { key: 'enemy-bep', label: `${v.enemy.side} BEP`, value: `${v.enemy.bep} of ${v.enemy.bep_start}`, tone: tone(v.enemy.side) },
      { key: 'own-occ', label: `${v.own.side} OCC`, value: sign(v.own.occ) },
      { key: 'enemy-occ', label: `${v.enemy.side} OCC`, value: v.enemy.occ === null ? 'unknown' : sign(v.enemy.occ) },
      { key: 'enemy-hand', label: `${v.enemy.side} chits`, value: String(v.enemy.hand_count) },
      { key: 'outflank', label: 'Outflank marker', value: v.outflank_holder ?? 'nobody' },
      {
        key: 'own-losses',
        label: `${v.own.side} losses`,
        value: `${v.own.losses.combat + v.own.losses.automatic + v.own.losses.pursuit + v.own.losses.pursuit_art} SP`,
      },
      {
        key: 'enemy-losses',
        label: `${v.enemy.side} losses`,
        value: `${v.enemy.losses.combat + v.enemy.losses.automatic + v.enemy.losses.pursuit + v.enemy.losses.pursuit_art} SP`,
      },
    ];
    return items;
  }

  /** Counters on the display, with their section key as the "hex" (for the shell's marks). */
  pieces(v: BattleView): BoardPiece[] {
    const out: BoardPiece[] = [];
    for (const [side, list] of [
      [v.own.side, v.own.counters],
      [v.enemy.side, v.enemy.counters],
    ] as const) {
      for (const c of list) {
        if (c.place.at !== 'display') continue;
        out.push({ id: counterId(c.counter), hex: sectionKey(side, c.place.section), key: JSON.stringify(c), label: c.name, classes: '' });
      }
    }
    return out;
  }

  pieceSvg(): string {
    return '';
  }

  /** The board this ruleset is drawn on, from the whole view. */
  readonly board: ViewDrawing<MusketsBattleTypes> = { kind: 'battle', draw: (boards, view, marks) => this.drawView(boards, view, marks) };

  private drawView(boards: ViewBoards, view: BattleView, marks: BoardMarks): void {
    boards.battle.draw(view, this.scenario, marks);
  }

  pieceDetails(v: BattleView | null, id: number): PieceDetails {
    const all = v ? [...v.own.counters, ...v.enemy.counters] : [];
    const c = all.find((x) => counterId(x.counter) === id);
    const name = id >= HQ_BASE ? this.scenario.hqs[id - HQ_BASE]?.name : this.scenario.cus[id]?.name;
    if (!c) return { title: name ?? `#${id}`, subtitle: 'not seen', rows: [] };
    const rows: [string, string][] = [
      ['Leader', `${c.leader.name}${c.leader_lost ? ' (lost)' : ''}`],
      ['OCN / initiative / tactical', `${c.leader.ocn} / ${c.leader.initiative} / ${c.leader.tactical}`],
      ['Morale modifier', sign(c.leader.morale_modifier)],
    ];
    for (const sp of c.sp) rows.push([this.troopName(sp.troop), `${sp.fresh} fresh, ${sp.shattered} shattered`]);
    const where = c.place.at === 'display' ? SECTION_WORDS[c.place.section] : c.place.at;
    return { title: c.name, subtitle: `${c.counter.kind === 'hq' ? 'HQ' : 'CU'} — ${where}${c.revealed ? ', revealed' : ''}`, rows };
  }

  pieceName(id: number): string {
    return id >= HQ_BASE ? (this.scenario.hqs[id - HQ_BASE]?.name ?? `HQ ${id - HQ_BASE}`) : this.cuName(id);
  }
}

export const muskets: RulesetAdapter<MusketsBattleTypes> = {
  id: 'muskets-battle',
  looks: LOOKS,
  start: (engine, scenario, options, seed) => new engine.MusketsBattleGame(scenario, options, seed >>> 0),
  fromScenarioFile: (engine, fileName, text, options, seed) => engine.MusketsBattleGame.fromScenarioFile(fileName, text, options, seed >>> 0),
  importString: (engine, saved) => engine.MusketsBattleGame.importString(saved),
  fromSetupJson: (engine, json) => engine.MusketsBattleGame.fromSetup(JSON.parse(json)),
  mailStart: (engine, side, passphrase, scenario, options) => engine.MusketsBattleGame.mailStart(side, passphrase, scenario, options),
  mailAnswer: (engine, opening, passphrase) => engine.MusketsBattleGame.mailAnswer(opening, passphrase),
  mailLoad: (engine, string, side, passphrase) => engine.MusketsBattleGame.mailLoad(string, side, passphrase),
  create(session) {
    const scenario = session.scenario();
    if (!scenario) throw new Error('the engine gave no Field Battle scenario to draw');
    return new MusketsUI(session, scenario);
  },
};

/** The level of victory in words (the engine maps the battle's result onto the common scale). */
const LEVEL_WORDS: Record<BattleOutcome['level'], string> = { Draw: 'drawn', Marginal: 'marginal', Substantive: 'substantive', Decisive: 'decisive' };

/** Leaders lost in the casualty check after an unmodified 10 (SR 12.1.a.3), in words. */
function lostWords(n: number): string {
  return n === 0 ? '' : n === 1 ? ', the leader is lost' : `, ${n} leaders are lost`;
}

/** The Pursuit Table roll as an engagement or a charge ends the battle (SR 9.2.p): each percent's chances, in
 * words; null when no case ends it with a pursuit. */
function pursuitWords(d: BattleOdds['distribution']): string | null {
  const by = new Map<number, number>();
  for (const w of d.outcomes) {
    if ((w.outcome.roll === 'engagement' || w.outcome.roll === 'cavalry_charge') && w.outcome.pursuit_percent !== null) {
      by.set(w.outcome.pursuit_percent, (by.get(w.outcome.pursuit_percent) ?? 0) + w.weight);
    }
  }
  if (!by.size) return null;
  const each = [...by].sort((a, b) => a[0] - b[0]).map(([pct, n]) => `${pct}% ${n} in ${d.denominator}`);
  return `as the battle ends, the pursuit reads ${each.join(', ')}`;
}

/** ER 3.4.b's British cavalry checks after a won combat or superiority, in words. */
function britishWords(sp: number): string {
  return sp ? `, ${sp} British cavalry SP shatter` : '';
}

/** How the battle ends after a roll, in words (nothing while it goes on). */
function endWords(end: BattleEnd | null): string {
  return end ? `, the battle ends: ${end.winner ? `${end.winner} win` : 'a draw'}` : '';
}

/** What a roll decides, in words (the typed results of the engine's odds). */
export function rollWords(r: BattleRoll): string {
  switch (r.roll) {
    case 'pass':
      return (r.clean ? 'clean pass' : 'pass and discard') + lostWords(r.leaders_lost);
    case 'another_option':
      return (r.granted ? 'another option' : 'fails') + lostWords(r.leader_lost ? 1 : 0);
    case 'continue':
      return (r.granted ? 'continues' : 'fails') + lostWords(r.leader_lost ? 1 : 0);
    case 'reinforce':
      return r.arrives ? 'arrives' : 'fails';
    case 'withdraw':
      return (r.good_order ? 'in good order (pursuit 3 columns left)' : 'in disorder (pursuit 2 columns right)') +
        (r.pursuit_percent === null ? '' : `, the pursuit reads ${r.pursuit_percent}%`);
    case 'bombardment':
      return r.hits ? (r.leader_hit ? 'hits with a 10 (a leader is hit)' : 'hits') : 'misses';
    case 'rally':
      return r.sp ? `${r.sp} SP rally` : 'none rallies';
    case 'engagement':
      return (
        (r.winner ? `${r.winner} win` : 'tie') +
        (r.loser_shattered ? `, ${r.loser_shattered} SP of the loser shatter` : '') +
        britishWords(r.british_shattered) +
        (r.guard_broken ? ", the Guard's section shatters" : '') +
        endWords(r.battle_ends)
      );
    case 'cavalry_charge':
      return (
        (r.superiority ? 'Cavalry Superiority' : r.charger_shattered ? 'repulsed, the cavalry shatters' : 'repulsed') +
        britishWords(r.british_shattered) +
        endWords(r.battle_ends)
      );
    case 'morale_check':
      return r.shattered ? `${r.shattered} SP shatter` : 'holds';
    case 'operational_control':
      return r.passed ? 'passes' : 'fails';
  }
}
