// Bloody Monday (Borodino 1812, block game) for the page: words for its steps and events, where
// its actions land on the area map (boards/areas.ts), its status panel.
//
// Everything comes from the engine: the scenario data (areas, polygons, blocks, corps), the
// prompt, the view (an enemy block standing is only its side), the events, the odds. No rule is
// computed here.
import type {
  BmAction,
  BmAreaFile,
  BmBattleOdds,
  BmDetail,
  Distribution,
  BmEvent,
  BmOdds,
  OptionInfo,
  BmOutcome,
  BmRollPurpose,
  BmScenarioFile,
  BmSide,
  BmStep,
  BmView,
  NoTemplate,
} from '../../pkg/napoleonic.js';
import { catalogue, type EnginePrompt, type Session } from '../engine.js';
import type { BoardMarks } from '../boards/hex.js';
import type { BoardPiece, DieShown, GameUI, Intent, OddsShown, PieceDetails, RulesetAdapter, SideLook, StatusItem, ViewBoards, ViewDrawing } from './adapter.js';

/** Bloody Monday's generated types. */
export interface BloodyMondayTypes {
  side: BmSide;
  step: BmStep;
  action: BmAction;
  event: BmEvent;
  view: BmView;
  scenario: BmScenarioFile;
  odds: BmOdds;
  outcome: BmOutcome;
  template: NoTemplate;
}
type Prompt = EnginePrompt<BloodyMondayTypes>;

/** The sides' colours, by the engine's names: both dark enough to stand out (contrast 3:1 or
 * more, WCAG's formula) on every terrain fill of the map, the Russian green far darker than the
 * green areas. */
export const LOOKS: Record<BmSide, SideLook> = {
  French: { colour: '#2b4c9b', ink: '#ffffff' },
  Russian: { colour: '#14532d', ink: '#ffffff' },
};

const KIND_WORDS: Record<string, string> = {
  Tactical: 'tactical action',
  GeneralOffensive: 'general offensive',
  Reinforcements: 'reinforcements',
  InitiativeMovement: 'initiative movement and battle',
  CavalryRaid: 'cavalry raid',
  Pass: 'pass',
};

const VICTORY_WORDS: Record<BmDetail['victory'], string> = {
  CommanderKilled: 'the enemy commander-in-chief destroyed',
  AllVictoryAreas: 'all the victory areas held',
  Morale: 'enemy morale broken',
  VictoryAreas: 'more victory areas held',
  Points: 'more Last Blood points',
  Draw: 'a draw',
};

export class BloodyMondayUI implements GameUI<BloodyMondayTypes> {
  readonly scenario: BmScenarioFile;
  private readonly areaById = new Map<number, BmAreaFile>();

  constructor(
    scenario: BmScenarioFile,
    /** The optional rules in the rulebook's order (the catalogue's). */
    private readonly options: OptionInfo[],
  ) {
    this.scenario = scenario;
    for (const a of this.scenario.areas) this.areaById.set(a.id, a);
  }

  area(id: number): BmAreaFile | undefined {
    return this.areaById.get(id);
  }

  areaName(id: number): string {
    const a = this.areaById.get(id);
    return a?.name ? `${a.name} (${id})` : `area ${id}`;
  }

  blockName(id: number | null | undefined): string {
    if (id === null || id === undefined) return 'a hidden block';
    return this.scenario.blocks[id]?.name ?? `block ${id}`;
  }

  stepWords(step: BmStep): string {
    switch (step.step) {
      case 'GrandBattery':
        return 'Grand Battery: fire the salvo';
      case 'Logistics':
        return 'Logistics: activate the Commander-in-Chief, move him, or decline';
      case 'CinCMove':
        return `move ${this.blockName(step.cinc)} (${step.mp} MP left)`;
      case 'Reinforcements':
        return `call reinforcements (${step.lp} LP, at most ${step.max})`;
      case 'RestoreLeaders':
        return `restore leaders (${step.budget} LP left)`;
      case 'RestoreArtillery':
        return `restore artillery (${step.budget} LP left)`;
      case 'RestoreCombat':
        return `restore combat units (${step.budget} LP left)`;
      case 'ConcealedRestoreCombat':
        return 'restore combat units';
      case 'ConcealedReinforcements':
        return 'call reinforcements';
      case 'Impulse':
        return `impulse ${step.impulse}: choose the impulse`;
      case 'ActivateLeaders':
        return `activate leaders (${step.activated} of ${step.cap})`;
      case 'LeaderMove':
        return `move ${this.blockName(step.leader)} (${step.mp} MP left) or activate him`;
      case 'Movement':
        return `${KIND_WORDS[step.kind] ?? step.kind}: move blocks (${step.moved}${step.limit === null ? '' : ` of ${step.limit}`} moved)`;
      case 'UnitMove':
        return `move ${this.blockName(step.block)} (${step.mp} MP left)`;
      case 'ConcealedUnitMove':
        return `a block moves from ${this.areaName(step.area)}`;
      case 'ConcealedLeaderMove':
        return `a leader moves from ${this.areaName(step.area)} before his activation`;
      case 'Inspiration':
        return 'inspire blocks';
      case 'ChooseBattle':
        return `choose a battle to resolve (${step.new_left} new, ${step.current_left} current left)`;
      case 'ArtilleryFire':
        return `artillery fire into ${this.areaName(step.area)} (${step.fired} of ${step.cap})`;
      case 'DefenderRetreat':
        return `retreat from ${this.areaName(step.area)} or stand and fight`;
      case 'Retreat':
        return `retreat from ${this.areaName(step.area)}`;
      case 'Jager':
        return `${this.blockName(step.jager)} in ${this.areaName(step.area)}: skirmish, ambush or hold`;
      case 'CombinedAttack':
        return `combined attack in ${this.areaName(step.area)}?`;
      case 'AssignHit':
        return `assign hits in ${this.areaName(step.area)} (${step.hits_left} left)`;
      case 'CavalryRaid':
        return 'cavalry raid';
    }
    return 'decide';
  }

  promptWords(prompt: Prompt): string {
    return `${prompt.side} to decide — ${this.stepWords(prompt.step)}.`;
  }

  promptPiece(): number | null {
    return null;
  }

  promptCounter(prompt: Prompt): number | null {
    const step = prompt.step;
    if (step.step === 'UnitMove') return step.block;
    if (step.step === 'LeaderMove') return step.leader;
    if (step.step === 'CinCMove') return step.cinc;
    if (step.step === 'Jager') return step.jager;
    return null;
  }

  promptDice(): DieShown[] {
    return [];
  }

  intent(a: BmAction): Intent | null {
    const hex = (n: number) => String(n);
    switch (a.type) {
      case 'Salvo':
        return { piece: a.artillery, hex: hex(a.target) };
      case 'Move':
      case 'Stop':
      case 'Activate':
      case 'Restore':
      case 'AssignHit':
        return { piece: a.block };
      case 'StepTo':
      case 'RetreatTo':
        return { piece: a.block, hex: hex(a.to) };
      case 'Inspire':
        return { piece: a.leader, unit: a.block };
      case 'ResolveBattle':
        return { hex: hex(a.area), odds: true };
      case 'FireArtillery':
        return { piece: a.artillery };
      case 'Skirmish':
        return { piece: a.jager, hex: hex(a.to) };
      case 'Ambush':
      case 'HoldPosition':
        return { piece: a.jager };
      default:
        return null;
    }
  }

  rollWords(p: BmRollPurpose): string {
    switch (p.purpose) {
      case 'ArtilleryFire':
        return `${this.blockName(p.artillery)} firing into ${this.areaName(p.area)}`;
      case 'Salvo':
        return `${this.blockName(p.artillery)}'s salvo at ${this.areaName(p.area)}`;
      case 'GroundCombat':
        return `ground combat in ${this.areaName(p.area)}`;
      case 'CombinedAttack':
        return `the combined attack in ${this.areaName(p.area)}`;
      case 'Ambush':
        return `${this.blockName(p.jager)}'s ambush in ${this.areaName(p.area)}`;
    }
    return 'a roll';
  }

  eventLine(e: BmEvent): string {
    switch (e.event) {
      case 'SetupDrawn':
        return `Set up: ${e.french_placed} French and ${e.russian_placed} Russian blocks placed.`;
      case 'TurnBegins':
        return `Turn ${e.turn} begins.`;
      case 'LogisticsBegins':
        return `Logistics phase; the ${e.first} go first.`;
      case 'ImpulsePhaseBegins':
        return `Impulse phase; the ${e.first} go first.`;
      case 'ImpulseBegins':
        return `Impulse ${e.impulse}: the ${e.side}.`;
      case 'IsolationCheck':
        return `${e.side} isolation check: ${e.isolated_units} isolated block${e.isolated_units === 1 ? '' : 's'}${e.isolated_areas.length ? ` in ${e.isolated_areas.map((a) => this.areaName(a)).join(', ')}` : ''}.`;
      case 'ImpulseChosen':
        return `The ${e.side} choose: ${KIND_WORDS[e.kind] ?? e.kind}.`;
      case 'InitiativeSpent':
        return `The ${e.by} spend the initiative (${KIND_WORDS[e.kind] ?? e.kind}).`;
      case 'Moved':
        return `${e.side}: ${this.blockName(e.block)} moved from ${this.areaName(e.from)} to ${this.areaName(e.to)}.`;
      case 'Engaged':
        return `The ${e.side} engage in ${this.areaName(e.area)}${e.blue_cube ? ' (blue cube)' : ''}.`;
      case 'ControlChanged':
        return `The ${e.side} take control of ${this.areaName(e.area)}.`;
      case 'Revealed':
        return `${e.side} blocks revealed in ${this.areaName(e.area)}: ${e.blocks.map((b) => `${this.blockName(b.block)} (${b.strength})`).join(', ')}.`;
      case 'Concealed':
        return `${e.side} blocks in ${this.areaName(e.area)} stand up again.`;
      case 'LeaderActivated':
        return `${this.blockName(e.leader)} activated in ${this.areaName(e.area)} (range ${e.range}).`;
      case 'ArtilleryActivated':
        return `${this.blockName(e.artillery)} activated in ${this.areaName(e.area)}.`;
      case 'CinCActivated':
        return `${this.blockName(e.cinc)} activated in ${this.areaName(e.area)} (${e.lp} LP).`;
      case 'CinCDeclined':
        return `The ${e.side} do not activate their Commander-in-Chief.`;
      case 'Inspired':
        return `${this.blockName(e.leader)} inspires ${this.blockName(e.block)} in ${this.areaName(e.area)}.`;
      case 'BattleBegins':
        return `${e.new ? 'New battle' : 'Battle'} in ${this.areaName(e.area)}, the ${e.attacker} attacking.`;
      case 'Rolled':
        return `${e.side} rolled ${e.dice.join(', ')} for ${this.rollWords(e.purpose)}: ${e.hits} hit${e.hits === 1 ? '' : 's'}.`;
      case 'HitsIgnored':
        return `The ${e.side} ignore ${e.hits} hit${e.hits === 1 ? '' : 's'} in ${this.areaName(e.area)} (${e.why === 'Shield' ? 'shield' : 'defence bonus'}).`;
      case 'HitTaken':
        return `${e.side}: ${this.blockName(e.block)} takes a hit in ${this.areaName(e.area)}.`;
      case 'Destroyed':
        return `${this.blockName(e.block)} destroyed in ${this.areaName(e.area)}${e.counts ? ' (counts for morale)' : ''}.`;
      case 'Retreated':
        return `${e.side}: ${this.blockName(e.block)} retreats from ${this.areaName(e.from)} to ${this.areaName(e.to)}.`;
      case 'NoRetreat':
        return `The ${e.side} cannot retreat from ${this.areaName(e.area)}.`;
      case 'Skirmished':
        return `${this.blockName(e.jager)} skirmishes back from ${this.areaName(e.from)} to ${this.areaName(e.to)}.`;
      case 'BattleEnds':
        return `The battle in ${this.areaName(e.area)} ends: ${e.control} control${e.contested ? ', still contested' : ''}.`;
      case 'ReinforcementPlaced':
        return `A ${e.side} reinforcement arrives in ${this.areaName(e.area)}.`;
      case 'ReinforcementsLeft':
        return `${e.in_reserve} ${e.side} block${e.in_reserve === 1 ? '' : 's'} left in reserve.`;
      case 'Restored':
        return `The ${e.side} restore a step${e.cost === null ? '' : ` (${e.cost} LP)`}.`;
      case 'Reduced':
        return `${e.side}: ${this.blockName(e.block)} reduced.`;
      case 'Deactivated':
        return `The ${e.side} leaders and artillery are deactivated.`;
      case 'Passed':
        return `The ${e.side} pass.`;
      case 'Fatigue':
        return `Battle fatigue in ${this.areaName(e.area)}.`;
      case 'TurnEnds':
        return `Turn ${e.turn} ends.`;
      case 'GameOver':
        return `Game over: ${this.outcomeWords(e.outcome)}.`;
    }
    return JSON.stringify(e);
  }

  dice(events: BmEvent[]): DieShown[] {
    const out: DieShown[] = [];
    for (const e of events) {
      if (e.event !== 'Rolled') continue;
      e.dice.forEach((value, i) =>
        out.push({ value, side: e.side, label: `${this.rollWords(e.purpose)}${i === e.dice.length - 1 ? ` (${e.hits} hit${e.hits === 1 ? '' : 's'} in all)` : ''}` }),
      );
    }
    return out;
  }

  /** The exact odds the engine computed for the side deciding: the weights over their
   * denominator are shown as they are (no rounding), the rest in words. */
  odds(session: Session<BloodyMondayTypes>, action: BmAction): OddsShown | null {
    const o = session.odds(action);
    if (!o) return null;
    const hits = (d: Distribution<number>) => d.outcomes.map((w) => `${w.outcome}: ${w.weight}/${d.denominator}`).join(', ');
    const parts = (d: Distribution<number>, what: string) =>
      d.outcomes
        .filter((w) => w.weight > 0)
        .map((w) => ({ key: `o${Math.min(w.outcome, 4)}`, label: `${w.outcome} ${what}${w.outcome === 1 ? '' : 's'}`, count: w.weight }));
    const battleNotes = (b: BmBattleOdds): string[] => {
      const notes: string[] = [];
      if (b.defence_bonus) notes.push(`The defender ignores ${b.defence_bonus} hit${b.defence_bonus === 1 ? '' : 's'} (terrain).`);
      const hidden = (n: number, who: string) => (n ? [`${n} ${who} block${n === 1 ? ' is' : 's are'} hidden from you: not counted.`] : []);
      return [...notes, ...hidden(b.hidden_attackers, 'attacking'), ...hidden(b.hidden_defenders, 'defending')];
    };
    const battleNumbers = (b: BmBattleOdds) =>
      `Attacker's hits: ${hits(b.attacker_hits)}` +
      (b.artillery_hits.outcomes.length > 1 ? `; artillery: ${hits(b.artillery_hits)}` : '') +
      `; defender${b.exact ? '' : ' (blocks you see)'}: ${hits(b.defender_hits)}`;
    switch (o.kind) {
      case 'Battle': {
        const b = o.battle;
        const mine = b.viewer === b.attacker ? b.attacker_hits : b.defender_hits;
        return { total: mine.denominator, parts: parts(mine, 'hit'), numbers: battleNumbers(b), notes: battleNotes(b) };
      }
      case 'ArtilleryFire':
      case 'Ambush':
        return {
          total: o.hits.denominator,
          parts: parts(o.hits, 'hit'),
          numbers: `${o.kind === 'Ambush' ? 'Ambush' : 'This gun'}: ${hits(o.hits)}; then ${battleNumbers(o.battle)}`,
          notes: battleNotes(o.battle),
        };
      case 'Salvo': {
        const t = o.targets[o.targets.length - 1];
        if (!t) return null;
        return {
          total: t.net_hits.denominator,
          parts: parts(t.net_hits, 'hit'),
          numbers: o.targets.map((x) => `${this.areaName(x.area)}: ${x.guns} gun${x.guns === 1 ? '' : 's'}, hits ${hits(x.hits)}, after the bonus ${hits(x.net_hits)}`).join('; '),
          notes: o.targets.filter((x) => x.defence_bonus).map((x) => `${this.areaName(x.area)} ignores ${x.defence_bonus} hit${x.defence_bonus === 1 ? '' : 's'} (terrain).`),
        };
      }
      case 'Reinforcements': {
        const d = o.arrivals;
        const words = (a: { block: number; area: number }[]) => (a.length ? a.map((x) => `${this.pieceName(x.block)} to ${this.areaName(x.area)}`).join(', ') : 'nobody');
        return {
          total: d.denominator,
          parts: d.outcomes.filter((w) => w.weight > 0).map((w, k) => ({ key: `o${Math.min(k, 4)}`, label: words(w.outcome), count: w.weight })),
          numbers: `Drawn at random from your reserve (3.3): ${d.outcomes.length} possible draws`,
          notes: [],
        };
      }
    }
  }

  outcomeWords(o: BmOutcome): string {
    const d = o.detail;
    const level = o.level === 'Decisive' ? 'decisive victory' : o.level === 'Marginal' ? 'marginal victory' : o.level.toLowerCase();
    const head = o.winner ? `the ${o.winner} win (${level}) by ${VICTORY_WORDS[d.victory] ?? d.victory}` : 'a draw';
    let text = `${head} on turn ${d.turn}; victory areas French ${d.victory_areas[0]}, Russian ${d.victory_areas[1]}; blocks lost French ${d.morale_losses[0]}, Russian ${d.morale_losses[1]}`;
    if (d.points) text += `; points French ${d.points[0]}, Russian ${d.points[1]}`;
    return text;
  }

  viewSide(prompt: Prompt | null): BmSide {
    return prompt?.side ?? 'French';
  }

  status(v: BmView): StatusItem[] {
    const labels = this.scenario.tracks.turns.labels;
    const items: StatusItem[] = [
      { key: 'turn', label: 'Turn', value: `${v.turn}${labels[v.turn - 1] ? ` (${labels[v.turn - 1]})` : ''}` },
      { key: 'impulse', label: 'Impulse', value: `${v.impulse}, the ${v.active}` },
      { key: 'viewer', label: 'Seen by', value: v.viewer, tone: v.viewer === 'French' ? 'side-a' : 'side-b' },
      { key: 'initiative', label: 'Initiative', value: v.initiative },
      { key: 'passes', label: 'Passes in a row', value: String(v.consecutive_passes) },
      { key: 'victory', label: 'Victory areas', value: `French ${v.victory_areas[0]}, Russian ${v.victory_areas[1]}` },
      { key: 'fleches', label: 'Flèches', value: v.fleches ?? 'divided' },
      { key: 'morale', label: 'Blocks lost (morale)', value: `French ${v.morale_losses[0]}, Russian ${v.morale_losses[1]}` },
      { key: 'reserve', label: 'In reserve', value: `French ${v.reserve_counts[0]}, Russian ${v.reserve_counts[1]}` },
      { key: 'cinc', label: 'Own CinC strength', value: `${v.cinc_strength} (logistic value ${v.logistic_value})` },
    ];
    if (v.reserve.length)
      items.push({ key: 'own-reserve', label: `${v.viewer} reserve`, value: v.reserve.map((b) => this.blockName(b)).join(', ') });
    if (v.destroyed.length)
      items.push({
        key: 'destroyed',
        label: 'Destroyed',
        value: v.destroyed.map((d) => `${this.blockName(d.block)} (${d.side}${d.counts ? '' : ', not counted'})`).join(', '),
      });
    const chosen = new Set(Object.entries(v.options).flatMap(([name, on]) => (on === true ? [name] : [])));
    const on = this.options.filter((o) => chosen.has(o.name)).map((o) => o.label.split(' ')[0]);
    items.push({
      key: 'options',
      label: 'Optional rules',
      value: (on.length ? on.join(', ') : 'none') + (v.options_out_of_order ? ' — out of order: unbalanced (9.0)' : ''),
      tone: v.options_out_of_order ? 'warn' : undefined,
    });
    if (v.points) items.push({ key: 'points', label: 'Last Blood points', value: `French ${v.points[0]}, Russian ${v.points[1]}` });
    if (v.logistics_budget !== null) items.push({ key: 'lp', label: 'Logistics budget', value: `${v.logistics_budget} LP` });
    if (v.battle) items.push({ key: 'battle', label: 'Battle', value: `${this.areaName(v.battle.area)}, the ${v.battle.attacker} attacking`, tone: 'hot' });
    if (v.impulse_state)
      items.push({
        key: 'impulse-state',
        label: 'This impulse',
        value: `${KIND_WORDS[v.impulse_state.kind] ?? v.impulse_state.kind}: ${v.impulse_state.moved} moved, ${v.impulse_state.leaders.length}/${v.impulse_state.leader_cap} leaders`,
      });
    return items;
  }

  pieces(v: BmView): BoardPiece[] {
    const out: BoardPiece[] = [];
    for (const a of v.areas)
      for (const b of a.blocks) if (b.seen === 'Known') out.push({ id: b.block, hex: String(a.area), key: JSON.stringify(b), label: this.blockName(b.block), classes: '' });
    return out;
  }

  pieceSvg(): string {
    return '';
  }

  /** The board this ruleset is drawn on, from the whole view. */
  readonly board: ViewDrawing<BloodyMondayTypes> = { kind: 'areas', draw: (boards, view, marks) => this.drawView(boards, view, marks) };

  private drawView(boards: ViewBoards, view: BmView, marks: BoardMarks): void {
    boards.areas.draw(view, this.scenario, marks);
  }

  pieceDetails(v: BmView | null, id: number): PieceDetails {
    const data = this.scenario.blocks[id];
    const title = data?.name ?? `block ${id}`;
    let where = 'not on the map';
    let known: Extract<BmView['areas'][number]['blocks'][number], { seen: 'Known' }> | null = null;
    for (const a of v?.areas ?? [])
      for (const b of a.blocks)
        if (b.seen === 'Known' && b.block === id) {
          known = b;
          where = this.areaName(a.area);
        }
    const rows: [string, string][] = [];
    if (data) {
      rows.push(['Type', data.type.replace(/_/g, ' ')]);
      const corps = this.scenario.corps.find((c) => c.id === data.corps);
      if (corps) rows.push(['Corps', corps.name]);
      rows.push(['Firepower', data.firepower.join(', ')]);
      if (data.shield) rows.push(['Shield', data.shield]);
    }
    if (known) {
      rows.push(['Strength', `${known.strength} of ${data?.max_strength ?? '?'}`]);
      const marks = [known.revealed && 'revealed', known.isolated && 'isolated', known.moved && 'moved', known.activated && 'activated', known.blue && 'blue cube', known.yellow && 'yellow cube', known.red && 'red cube'].filter(Boolean);
      if (marks.length) rows.push(['Markers', marks.join(', ')]);
    }
    return { title, subtitle: where, rows };
  }

  pieceName(id: number): string {
    return this.blockName(id);
  }
}

export const bloodyMonday: RulesetAdapter<BloodyMondayTypes> = {
  id: 'bloody-monday',
  looks: LOOKS,
  start: (engine, scenario, options, seed) => new engine.BloodyMondayGame(scenario, options, seed >>> 0),
  fromScenarioFile: (engine, fileName, text, options, seed) => engine.BloodyMondayGame.fromScenarioFile(fileName, text, options, seed >>> 0),
  importString: (engine, saved) => engine.BloodyMondayGame.importString(saved),
  fromSetupJson: (engine, json) => engine.BloodyMondayGame.fromSetup(JSON.parse(json)),
  mailStart: (engine, side, passphrase, scenario, options) => engine.BloodyMondayGame.mailStart(side, passphrase, scenario, options),
  mailAnswer: (engine, opening, passphrase) => engine.BloodyMondayGame.mailAnswer(opening, passphrase),
  mailLoad: (engine, string, side, passphrase) => engine.BloodyMondayGame.mailLoad(string, side, passphrase),
  create(session) {
    const scenario = session.scenario();
    if (!scenario) throw new Error('the engine gave no Bloody Monday scenario to draw');
    const options = catalogue().rulesets.find((r) => r.id === 'bloody-monday')?.options ?? [];
    return new BloodyMondayUI(scenario, options);
  },
};
