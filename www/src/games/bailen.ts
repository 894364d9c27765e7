// Bailén 1808 for the page: words for its steps and events, its counters drawn as counters,
// its map as a hex map, its status panel, and where each of its actions lands on the board.
//
// Everything here comes from the engine: the scenario file (map, classes, counters), the
// prompt, the view, the events, the odds. No rule is computed: the status shows the engine's
// counts, the highlights are the prompt's legal actions, the odds are the engine's.
import type {
  BailenAction,
  BailenAttackOdds,
  BailenClassFile,
  BailenCounterFile,
  BailenEvent,
  BailenOdds,
  BailenOutcome,
  BailenRollOdds,
  BailenRollResult,
  BailenRollPurpose,
  BailenScenarioFile,
  BailenSide,
  BailenStep,
  BailenUnitView,
  BailenView,
  NoTemplate,
} from '../../pkg/napoleonic.js';
import type { EnginePrompt, Session } from '../engine.js';
import type { HexMapSpec } from '../boards/hex.js';
import type {
  BoardPiece,
  DieShown,
  GameUI,
  Intent,
  OddsShown,
  PieceDetails,
  RangeOverlay,
  RuleRef,
  RulesetAdapter,
  Shortcut,
  SideLook,
  StatusItem,
  TrackSpec,
  HexDrawing,
} from './adapter.js';

/** Bailén's generated types. */
export interface BailenTypes {
  side: BailenSide;
  step: BailenStep;
  action: BailenAction;
  event: BailenEvent;
  view: BailenView;
  scenario: BailenScenarioFile;
  odds: BailenOdds;
  outcome: BailenOutcome;
  template: NoTemplate;
}
type Prompt = EnginePrompt<BailenTypes>;

const DICE = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** The sides' colours, by the engine's names. */
export const LOOKS: Record<BailenSide, SideLook> = {
  French: { colour: '#1f4e9c', ink: '#ffffff' },
  Spanish: { colour: '#c0262d', ink: '#ffd23f' },
};

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

/** A die face glyph followed by its value. */
export function die(value: number): string {
  return value >= 1 && value <= 6 ? `${DICE[value - 1]} ${value}` : String(value);
}

function esc(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
}

const KIND_WORDS: Record<string, string> = {
  leader: 'leader',
  elite_infantry: 'elite infantry',
  line_infantry: 'line infantry',
  militia: 'volunteer militia',
  artillery: 'artillery',
  horse_artillery: 'horse artillery',
  cuirassier: 'cuirassiers',
  regular_cavalry: 'regular cavalry',
  light_cavalry: 'light cavalry',
  water_carrier: 'water carrier',
};

/**
 * How the names of the two armies' units are shortened on a counter, as a printed counter does:
 * the counter's symbol already shows its arm, so the words naming the kind of unit go or shrink
 * to an abbreviation, and the proper name, the number and the part stay ("Regimiento de la Reina
 * (I Bn)" -> "Reina I", "1er Dragons provisoire (2e escadron)" -> "1er Drag. 2"). The full name is
 * in the counter's card.
 */
const SHORTEN: [RegExp, string][] = [
  // French.
  [/^Batterie de (\d+) de la réserve/, '$1 rés.'],
  [/^Batterie de (\d+) de la brigade /, '$1 '],
  [/^Batterie de (\d+) de la (\S+) Division/, '$1 $2 Div.'],
  [/^Artillerie à cheval, (\S+) section/, '$1 sect.'],
  [/^Artillerie à cheval de la (\S+) Division/, '$1 Div.'],
  [/^Grenadiers réunis de la /, 'Gr. '],
  [/^Voltigeurs réunis des? (la )?/, 'Vlt. '],
  [/(\S+) et (\S+) Légions/, '$1-$2 L.'],
  [/ Légions?( de réserve)?/, ' L.'],
  [/^Régiment suisse (de )?/, ''],
  [/ régiment suisse$/, ' suisse'],
  [/^Sapeurs et ouvriers du génie$/, 'Sapeurs'],
  [/^Régiment provisoire de la brigade /, ''],
  [/ Cuirassiers provisoire/, ' Cuir.'],
  [/ Dragons provisoire/, ' Drag.'],
  [/ Chasseurs provisoire/, ' Ch.'],
  [/^Garde de Paris/, 'Paris'],
  [/^Marins de la Garde$/, 'Marins G.'],
  // Spanish.
  [/^Batería de a (\d+) nº (\d+)/, '$1 nº $2'],
  [/^Artillería volante /, 'Volante '],
  [/^Granaderos Provinciales de (la )?/, 'Gr. '],
  [/ División/, ' Div.'],
  [/^Reales Guardias /, ''],
  [/^Órdenes Militares/, 'Órd. Mil.'],
  [/^Voluntarios de /, 'V. '],
  [/^Provincial de /, 'P. '],
  [/Ciudad /, 'C. '],
  [/Campo /, 'C. '],
  [/^(Regimiento|Cazadores|Tiradores|Dragones|Caballería|Garrochistas|Lanceros|Tercio|Suizos) (de |del )?(la )?/, ''],
  [/Reding nº /, 'Reding '],
];

/** The part of a unit a counter is, from its name's brackets ("(II Bn)" -> "II", "(1er-2e escadrons)" -> "1-2"). */
function partOf(name: string): string {
  const inside = /\(([^)]*)\)/.exec(name)?.[1] ?? '';
  for (const word of inside.split(/[\s,]+/)) {
    if (/^[IVX]+$/.test(word) || /^[a-z]$/.test(word)) return word;
    // Ordinals lose their suffix: "2e" -> "2", "II/1er" -> "II/1".
    const ordinal = /(\d+)(?:er|re|e|º|ª)?/g;
    if (/^([IVX]+\/)?\d+(er|re|e|º|ª)?(-\d+(er|re|e|º|ª)?)?$/.test(word)) return word.replace(ordinal, '$1');
  }
  return '';
}

/** A short name to print on the counter ("Gr. 3e L.", "Reina I"); the full name is in the card. */
export function shortName(name: string): string {
  let main = name.replace(/\([^)]*\)/g, ' ').replace(/\s+/g, ' ').trim();
  for (const [pattern, by] of SHORTEN) main = main.replace(pattern, by);
  // A person's name ("María Bellido") too long for the counter keeps the first name's initial.
  if (main.length > 11 && /^\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+$/u.test(main)) main = `${main[0]}. ${main.split(' ')[1]}`;
  const part = partOf(name);
  return part ? `${main} ${part}` : main;
}

/**
 * The font of a counter's name: big enough to read at the opening zoom (at least 10 screen pixels
 * at the desktop's 48-pixel counters, boards/hex.ts), narrow faces first.
 */
const NAME_FONT = { size: 7.8, css: '700 condensed 7.8px "Arial Narrow", "Roboto Condensed", "Liberation Sans Narrow", "DejaVu Sans", Arial, sans-serif' };

const nameWidths = new Map<string, number | null>();
let nameContext: OffscreenCanvasRenderingContext2D | null | undefined;

/** The width of a name in NAME_FONT, in the counter's units (measured on a canvas: no layout); null if it cannot be measured. */
function nameWidth(text: string): number | null {
  if (nameWidths.has(text)) return nameWidths.get(text)!;
  if (nameContext === undefined) {
    nameContext = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
    // Measured ten times bigger, for precision.
    if (nameContext) nameContext.font = NAME_FONT.css.replace(`${NAME_FONT.size}px`, `${NAME_FONT.size * 10}px`);
  }
  const width = nameContext ? nameContext.measureText(text).width / 10 : null;
  nameWidths.set(text, width);
  return width;
}

/** The rulebook section each step applies, with its rule in a sentence. */
const RULES: Record<BailenStep['step'], RuleRef> = {
  Deployment: {
    section: 'Game Setup',
    summary:
      'The Spanish place Venegas\'s formation on hexes lettered V, then the French place Dupont\'s, Frésia\'s and Barbou\'s on the underlined hexes with no letter, then the Spanish place Reding\'s (R) and Coupigny\'s (C); one counter a hex; Castaños and Vedel wait off the map as reinforcements.',
  },
  ConfirmDeployment: {
    section: 'Game Setup',
    summary:
      'Each side places its formations on their deployment hexes, one counter a hex; the side\'s step is over once it confirms its placements, and until then it may lift any counter it placed in this step and place it again.',
  },
  ChooseFirstPlayer: {
    section: 'Sequence of Play: Determine Initiative',
    summary: 'Each side rolls a die and adds 1 per leader it has on the board; the higher total chooses who plays first this round (a tie gives the initiative to the side that did not have it last round).',
  },
  Joker: {
    section: 'The "NAC History Joker" Card',
    summary:
      'The holder may reroll one die of their own roll, and the card then passes to the rival (Strategic: the Spanish before Castaños arrives, then the French, before round 12; Tempt fate: at any time, once a round, handed over at each use).',
  },
  Reinforcement: {
    section: 'Reinforcements',
    summary: 'Arriving units enter one at a time by the Royal Road (Castaños at 3001, Vedel at 3035, counted as the first hex), spending their movement points under all the movement rules.',
  },
  PlaceWaterCarrier: {
    section: 'Optional Rules: Stifling Heat',
    summary: 'In rounds 8–13 María Bellido goes on an empty hex next to the leader the die names (1-2 Coupigny, 3-4 Venegas, 5-6 Reding); Spanish units within her 10 hexes ignore the heat.',
  },
  ActivateLeader: {
    section: 'Movement of Troops',
    summary: 'Declare the leader to activate: you may then move 6 + one die counters, at least half of them of his formation.',
  },
  Movement: {
    section: 'Movement of Troops',
    summary: 'Move counters up to the allowance, at least half of the activated leader\'s formation; one counter a hex; you need not move them all.',
  },
  MoveCounter: {
    section: 'Movement of Troops: Terrain Effects, Movement Effects for Combat',
    summary: 'A hex costs 1 MP, a hill, river or building 2, the Royal Road ½ along its path; a counter stops on entering an enemy ZoC and never passes an enemy counter.',
  },
  ReactionFire: {
    section: 'Reaction Artillery of the Inactive Player',
    summary: 'After the active player\'s movement and recovery, the inactive player\'s artillery may fire at enemies in range and line of sight (in melee at an adjacent enemy first).',
  },
  Combat: {
    section: 'Combat',
    summary: '4 + one die counters may fight, each once a round; a counter in an enemy ZoC may attack only the units whose ZoC it is in; disorganised counters cannot attack.',
  },
  SecondTarget: {
    section: 'Combat',
    summary: 'A counter with two lines under its combat factor attacks twice with one activation, at the same enemy or another one.',
  },
  Support: {
    section: 'Optional Rules: Combined Attacks',
    summary: 'A second unit able to attack the same enemy may join the attack: it adds +1 to the result, and both are activated.',
  },
  TacticalRetreat: {
    section: 'Combat: Only in Melee Combat (Tactical Retreat)',
    summary: 'An organised defender with a higher movement factor than the attacker may retreat two hexes to an empty hex out of enemy ZoC and avoid the melee: it becomes disorganised and the attack is lost.',
  },
  Retreat: {
    section: 'Resolving a Combat: Retreats',
    summary: 'The unit moves two hexes away from the attacker to an empty hex in no other enemy\'s ZoC, as far as possible, passing over friends if needed; if it cannot, it is eliminated.',
  },
  Advance: {
    section: 'Resolving a Combat: Advance after combat',
    summary: 'When a defender is eliminated or retreats, one of your adjacent non-artillery units may move into its hex for free.',
  },
  ChainedAttack: {
    section: 'Resolving a Combat: Advance after combat',
    summary: 'A unit that advanced, not yet activated for combat and not in an enemy ZoC, may now attack another enemy in melee.',
  },
  Pursuit: {
    section: 'Counters with Special Effects: Cavalry Pursuit',
    summary: 'Up to 2 cavalry units not in an enemy ZoC may move to and attack disorganised enemies or enemy artillery; a disorganised foot battery is eliminated without a roll.',
  },
  Reorganization: {
    section: 'Counters with Special Effects: Leaders',
    summary: 'At the end of the turn each leader may reorganise one disorganised unit of his formation within his command range (5 hexes), even in an enemy ZoC.',
  },
};

/** What the letters after the hex numbers mean (Game Setup). */
export const DEPLOYMENT_LEGEND =
  'Underlined hex numbers: deployment zones. No letter: French; V Venegas, R Reding, C Coupigny (Spanish); two letters: either.';

type DeployAction = Extract<BailenAction, { type: 'Deploy' }>;

/** The prompt's placements, if it is a deployment of `side`'s. */
function placements(p: Prompt, side: BailenSide): DeployAction[] {
  if (p.side !== side || p.step.step !== 'Deployment') return [];
  return p.actions.filter((a): a is DeployAction => a.type === 'Deploy');
}

/** One of the legal placements, spread over the zone: the `n`-th point of the golden-ratio
 * sequence over the engine's list of hexes (its grid order), so that a formation is not piled
 * into one corner. */
function spread(acts: DeployAction[], n: number): DeployAction | null {
  if (!acts.length) return null;
  return acts[Math.floor(((n * 0.6180339887498949 + 0.5) % 1) * acts.length)] ?? acts[0]!;
}

function place(u: BailenUnitView | undefined): string | null {
  if (!u) return null;
  const p = u.place;
  return typeof p === 'object' ? p.on_map : null;
}

/** The Bailén presentation bound to one scenario. */
class BailenUI implements GameUI<BailenTypes> {
  private readonly counters: BailenCounterFile[];
  private readonly classes: Record<string, BailenClassFile>;
  private readonly colours = new Map<string, string>();
  private readonly waterCarrier: number;

  constructor(private readonly scen: BailenScenarioFile) {
    this.counters = scen.counters ?? [];
    this.classes = scen.classes;
    for (const f of scen.formations ?? []) this.colours.set(f.name, f.colour);
    this.waterCarrier = this.counters.findIndex((c) => this.classes[c.class]?.kind === 'water_carrier');
  }

  pieceName(unit: number): string {
    const c = this.counters[unit];
    return c ? c.name || c.id : `unit #${unit}`;
  }

  private name = (unit: number | null | undefined): string =>
    unit === null || unit === undefined ? 'none' : this.pieceName(unit);

  private cls(unit: number): BailenClassFile | undefined {
    const c = this.counters[unit];
    return c ? this.classes[c.class] : undefined;
  }

  // ---- words ------------------------------------------------------------------------------

  purposeWords(purpose: BailenRollPurpose): string {
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
        return `${this.name(purpose.attacker)}'s attack on ${this.name(purpose.target)}`;
      case 'Desertion':
        return `desertion of ${this.name(purpose.unit)}`;
      case 'HeatReorganization':
        return `${this.name(purpose.unit)} to recover from the heat`;
      case 'WaterCarrier':
        return 'the water carrier';
    }
    return 'a roll';
  }

  private stepWords(step: BailenStep): string {
    const name = this.name;
    switch (step.step) {
      case 'Deployment':
        return `Game setup: place ${name(step.unit)} (${step.formation}'s formation) on a highlighted hex`;
      case 'ConfirmDeployment':
        return `Game setup: all ${step.placed} counters of this step are placed; confirm the deployment, or click one to lift it and place it again (${step.lifts_left} lifts left)`;
      case 'ChooseFirstPlayer':
        return `Determine initiative: choose who plays first (French ${step.french_total}, Spanish ${step.spanish_total})`;
      case 'Joker':
        return `NAC History Joker: keep the roll for ${this.purposeWords(step.purpose)} (${step.dice.map(die).join(', ')}) or reroll a die with the Joker`;
      case 'Reinforcement':
        return `Reinforcements: ${name(step.unit)} enters at ${step.entry}; choose where it moves`;
      case 'PlaceWaterCarrier':
        return 'Stifling heat: place María Bellido on a highlighted hex';
      case 'ActivateLeader':
        return 'Movement: declare the leader to activate (click a leader)';
      case 'Movement':
        return `Movement with ${name(step.leader)}: choose a counter to move (${step.moved} of ${step.allowance} moved, ${step.formation_moved} of his formation)`;
      case 'MoveCounter':
        return `Movement: choose where ${name(step.unit)} goes (click it again to keep it in place)`;
      case 'ReactionFire':
        return 'Reaction artillery of the inactive player: fire, or end the reaction';
      case 'Combat':
        return `Combat: choose an attacker, then its target (${step.activations_left} activations left)`;
      case 'SecondTarget':
        return `Combat: second target for ${name(step.unit)} (first ${name(step.first)})`;
      case 'Support':
        return `Combined attack: a counter may support ${name(step.attacker)} against ${name(step.target)} (+1)`;
      case 'TacticalRetreat':
        return `Tactical retreat: may ${name(step.defender)} retreat two hexes instead of being attacked?`;
      case 'Retreat':
        return `Retreat: choose the two-hex retreat of ${name(step.unit)}`;
      case 'Advance':
        return `Advance after combat into ${step.hex}: choose a counter, or none`;
      case 'ChainedAttack':
        return `Advance after combat: may ${name(step.unit)} attack again?`;
      case 'Pursuit':
        return `Cavalry pursuit: choose a cavalry counter, then where it attacks from (${step.pursuits_left} left)`;
      case 'Reorganization':
        return 'Reorganization by leaders: choose a disorganised counter, or end the turn';
    }
    return 'decide';
  }

  promptWords(p: Prompt): string {
    return `${p.side} to decide — ${this.stepWords(p.step)}`;
  }

  promptRule(p: Prompt): RuleRef | null {
    return RULES[p.step.step] ?? null;
  }

  promptNote(p: Prompt): string | null {
    const step = p.step;
    if (step.step === 'ConfirmDeployment' || (step.step === 'Deployment' && step.lifts_left !== null && step.lifts_left !== undefined)) {
      const left = step.lifts_left ?? 0;
      return `Until you confirm the deployment, click a counter you placed in this step to lift it, then click a highlighted hex to place it again (${left} ${left === 1 ? 'lift' : 'lifts'} left in this step); "Confirm the deployment" hands over to the next step. Undo also takes placements back, until the first initiative roll.`;
    }
    if (step.step !== 'Deployment') return null;
    // A game saved before the confirm_deployment option: its placements are final.
    return 'A placed counter stays where it is: this game was started without "Confirm the deployment", so a placement is final. Undo takes placements back one at a time (in hot-seat, only your own), until the first initiative roll.';
  }

  /** Place the rest of this deployment step (the deciding side's counters only): at each prompt the
   * engine names the next counter and its legal hexes, and one of them is chosen. */
  shortcuts(p: Prompt): Shortcut<BailenTypes>[] {
    // Only while counters remain unplaced; the placed ones may still be lifted before confirming.
    if (p.step.step !== 'Deployment') return [];
    const side = p.side;
    return [
      {
        key: 'historical',
        label: 'Place the rest historically',
        title: `Every ${side} counter still to place in this step goes on its historical hex (the reference sheet's stand-in), or, where that hex is taken, on a hex the engine allows.`,
        next: (q, done) => {
          const acts = placements(q, side);
          if (q.step.step !== 'Deployment') return null;
          const hex = this.counters[q.step.unit]?.historical;
          return acts.find((a) => a.to === hex) ?? spread(acts, done);
        },
      },
      {
        key: 'auto',
        label: 'Place the rest automatically',
        title: `Every ${side} counter still to place in this step goes on a hex of its zone that the engine allows, spread over the zone.`,
        next: (q, done) => spread(placements(q, side), done),
      },
    ];
  }

  promptPiece(prompt: Prompt): number | null {
    const step = prompt.step;
    switch (step.step) {
      case 'Deployment':
      case 'Reinforcement':
        return step.unit;
      case 'PlaceWaterCarrier':
        return this.waterCarrier >= 0 ? this.waterCarrier : null;
      default:
        return null;
    }
  }

  promptDice(p: Prompt): DieShown[] {
    if (p.step.step !== 'Joker') return [];
    const label = this.purposeWords(p.step.purpose);
    return p.step.dice.map((value) => ({ value, side: p.side, label }));
  }

  resultWords(result: string): string {
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

  outcomeWords(o: BailenOutcome): string {
    const d = o.detail;
    const how: Record<BailenOutcome['detail']['victory'], string> = {
      Surrender: 'the enemy surrenders (more than double its counters on the board)',
      AllLeadersLost: 'the enemy has lost all its leaders and surrenders',
      Strategic: 'strategic victory: five French counters on the Royal Road stars and no Spaniard in Bailén or on the stars',
      StrategicDefence: 'the French did not take Bailén and the Royal Road by the end of round 15',
    };
    const level: Record<BailenOutcome['level'], string> = { Decisive: 'decisive', Substantive: 'substantive', Marginal: 'marginal', Draw: 'drawn' };
    const partial = d.partial ? `; the ${d.partial} have more counters on the board (partial victory)` : '';
    const counts = ` — counters on the board: French ${d.on_board[0]}, Spanish ${d.on_board[1]}`;
    if (!o.winner) return `a draw in round ${d.round}${counts}`;
    return `${o.winner} win in round ${d.round} (${level[o.level]} victory): ${how[d.victory]}${partial}${counts}`;
  }

  eventLine(e: BailenEvent): string {
    const name = this.name;
    const path = (hexes: string[]) => hexes.join(' → ');
    switch (e.event) {
      case 'RoundBegins':
        return `Round ${e.round} begins.`;
      case 'Rolled':
        return `${e.side} roll ${die(e.value)} for ${this.purposeWords(e.purpose)}.`;
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
      case 'Lifted':
        return `${name(e.unit)} lifted from ${e.from} to be placed again.`;
      case 'DeploymentConfirmed':
        return `The ${e.side} confirm their deployment.`;
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
        return `${name(e.unit)} on ${name(e.target)}: ${e.total} against ${e.defence}, ${this.resultWords(e.result)}.`;
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
        return `Game over: ${this.outcomeWords(e.outcome)}.`;
    }
    return JSON.stringify(e);
  }

  dice(events: BailenEvent[]): DieShown[] {
    const out: DieShown[] = [];
    for (const ev of events) {
      if (ev.event === 'Rolled') out.push({ value: ev.value, side: ev.side, label: this.purposeWords(ev.purpose) });
      if (ev.event === 'JokerUsed') out.push({ value: ev.new_value, side: ev.side, label: `Joker reroll of die ${ev.die + 1}` });
    }
    return out;
  }

  trails(events: BailenEvent[]): string[][] {
    const out: string[][] = [];
    for (const ev of events) {
      if (ev.event === 'Moved' || ev.event === 'Entered' || ev.event === 'Retreated' || ev.event === 'TacticalRetreated') {
        out.push(ev.path);
      }
    }
    return out;
  }

  // ---- actions on the board -----------------------------------------------------------------

  intent(a: BailenAction): Intent | null {
    switch (a.type) {
      case 'Deploy':
      case 'Enter':
        return { hex: a.to };
      case 'PlaceWaterCarrier':
        return { hex: a.to };
      case 'ActivateLeader':
        return { piece: a.leader };
      case 'LiftDeployed':
        return { piece: a.unit };
      case 'SelectMover':
        return { piece: a.unit };
      case 'MoveTo':
        return { piece: a.unit, hex: a.to };
      case 'CancelMove':
        return { piece: a.unit };
      case 'Attack':
        return { piece: a.unit, unit: a.target, odds: true };
      case 'SecondAttack':
        return { unit: a.target, odds: true };
      case 'Support':
        return { piece: a.supporter, odds: true };
      case 'TacticalRetreat':
        return { hex: a.to };
      case 'Retreat':
        return { piece: a.unit, hex: a.to };
      case 'Advance':
        return { piece: a.unit, hex: a.to };
      case 'Pursue':
        return { piece: a.unit, hex: a.to, odds: true };
      case 'Reorganize':
        return { unit: a.unit };
      default:
        return null;
    }
  }

  odds(session: Session<BailenTypes>, action: BailenAction): OddsShown | null {
    const o = session.odds(action);
    if (!o) return null;
    return o.kind === 'Attack' ? this.attackOdds(o) : this.rollOdds(o);
  }

  /** An attack's odds in sixths (the faces of its die). */
  private attackOdds(o: BailenAttackOdds): OddsShown {
    const n = o.numbers;
    let numbers: string;
    if (n.automatic) numbers = 'Disorganised foot artillery caught in pursuit: eliminated without a roll';
    else {
      numbers = `${n.melee ? 'Melee' : 'Fire at range'}: ${n.attack} + die against defence ${n.defence}`;
      if (n.capped) numbers += ' (artillery alone at range: at most disorganised)';
      if (n.target_disorganised) numbers += ' (target already disorganised)';
    }
    const notes: string[] = [];
    if (o.tactical_retreat_possible) notes.push('The defender may make a tactical retreat instead (it ends disorganised).');
    const d = o.distribution;
    const sixths = (r: string) => {
      const w = d.outcomes.find((x) => x.outcome === r)?.weight ?? 0;
      return (w * 6) / d.denominator;
    };
    return {
      total: 6,
      parts: [
        { key: 'eliminate', label: 'Eliminate', count: sixths('Eliminate') },
        { key: 'disorganise', label: 'Disorganise', count: sixths('Disorganise') },
        { key: 'none', label: 'No effect', count: sixths('NoEffect') },
      ],
      numbers,
      notes,
    };
  }

  /** Any other roll's odds, in the equal cases of its dice (6, or 36 for both initiative dice). */
  private rollOdds(o: BailenRollOdds): OddsShown {
    const d = o.distribution;
    const parts = d.outcomes.map((w, i) => {
      const [key, label] = this.rollResultWords(w.outcome, i, o.side);
      return { key, label, count: (w.weight * o.cases) / d.denominator };
    });
    return {
      total: o.cases,
      parts,
      numbers: `${o.side} roll for ${this.purposeWords(o.purpose)}`,
      notes: [],
    };
  }

  /** A colour key (the attack bar's three: good for the roller, middling, nothing) and the
   *  words for one result of a roll; `i` alternates the colours of a row of equal results. */
  private rollResultWords(r: BailenRollResult, i: number, roller: BailenSide): [string, string] {
    const alternate = i % 2 === 0 ? 'disorganise' : 'none';
    switch (r.result) {
      case 'Initiative':
        if (!r.winner) return ['disorganise', 'Tie, roll again'];
        return [r.tie ? 'disorganise' : r.winner === roller ? 'eliminate' : 'none', r.tie ? `Tie: the ${r.winner} play first` : `The ${r.winner} choose`];
      case 'Reinforcements':
        return r.arrive ? ['eliminate', 'They arrive'] : ['none', 'Not yet'];
      case 'MovementAllowance':
        return [alternate, `${r.counters} counters move`];
      case 'CombatAllowance':
        return [alternate, `${r.activations} counters fight`];
      case 'Desertion':
        return r.deserts ? ['eliminate', 'Deserts'] : ['none', 'Stays'];
      case 'Reorganisation':
        return r.reorganised ? ['eliminate', 'Reorganised'] : ['none', 'Stays disorganised'];
      case 'WaterCarrier':
        if (!r.placed) return ['none', 'Not placed this turn'];
        return [alternate, r.leader === null ? 'In Bailén' : `Next to ${this.name(r.leader)}`];
    }
    return ['none', 'result'];
  }

  viewSide(prompt: Prompt | null): BailenSide {
    return prompt?.side ?? 'French';
  }

  // ---- status ----------------------------------------------------------------------------------

  status(v: BailenView): StatusItem[] {
    const items: StatusItem[] = [];
    items.push({
      key: 'round',
      label: 'Round',
      value: `R${v.round} of 15 · ${v.time}${v.hot ? ' ☀' : ''}`,
      title: `Round ${v.round} of 15, ${v.time}${v.hot ? '; stifling heat is in force (R8-R13)' : ''}`,
      tone: v.hot ? 'hot' : undefined,
    });
    if (v.hot) {
      items.push({
        key: 'heat',
        label: 'Heat',
        value: 'Stifling heat: −1 MF, reorganize on 4-6',
        title: 'Stifling heat (R8-R13): units subtract 1 from their movement factor and need 4, 5 or 6 to reorganize; Spanish units within María Bellido\'s 10 hexes ignore it.',
        tone: 'hot',
      });
    }
    const turn = v.active ? `${v.active} turn` : 'Setup';
    items.push({
      key: 'initiative',
      label: 'Initiative',
      value: v.first ? `${v.first} play first · ${turn}` : turn,
    });
    const activity: string[] = [];
    if (v.movement_allowance !== null && v.movement_allowance !== undefined) {
      activity.push(`moved ${v.moved} of ${v.movement_allowance}`);
    }
    if (v.combat_activations_left !== null && v.combat_activations_left !== undefined) {
      activity.push(`${v.combat_activations_left} combat activations left`);
    }
    if (v.combat_activations_left !== null && v.combat_activations_left !== undefined) {
      activity.push(`${v.pursuits_left} pursuits left`);
    }
    items.push({ key: 'activations', label: 'Activations', value: activity.length ? activity.join(' · ') : '—' });
    const [fr, sp] = v.on_board;
    items.push({
      key: 'on-board',
      label: 'On the board',
      value: `French ${fr} · Spanish ${sp} (a side surrenders when the rival has more than double)`,
      title: 'Counters on the board. A side surrenders when the rival has more than double its counters, or when it has lost all its leaders.',
      tone: fr > 2 * sp || sp > 2 * fr ? 'warn' : undefined,
    });
    const s = v.strategic;
    items.push({
      key: 'strategic',
      label: 'Strategic',
      value: `French on stars ${s.french_on_stars}/5 · Spanish in Bailén or stars ${s.spanish_in_town_or_stars}${s.met ? ' · MET' : ''}`,
      title: 'France wins if at least 5 French counters (not of Vedel\'s formation) stand on the star hexes of the Royal Road and no Spanish counter is in Bailén or on those hexes.',
      tone: s.met ? 'warn' : undefined,
    });
    const arrival = (i: 0 | 1, leader: string, from: number) =>
      v.arrived[i] ? `${leader} arrived` : `${leader} ${v.arrival_sixths[i]}/6 (rolls from R${from})`;
    items.push({
      key: 'reinforcements',
      label: 'Reinforcements',
      value: `${arrival(1, 'Castaños', 9)} · ${arrival(0, 'Vedel', 11)}`,
      title: 'The chance, in sixths, that each side\'s reinforcements arrive on its next roll.',
    });
    const mode = v.joker_mode === 'TemptFate' ? 'tempt fate' : v.joker_mode === 'Off' ? 'off' : 'strategic';
    items.push({
      key: 'joker',
      label: 'Joker',
      value: v.joker_mode === 'Off' ? 'not in play' : v.joker_holder ? `${v.joker_holder} hold it (${mode})` : `discarded (${mode})`,
    });
    if (v.options?.stifling_heat) {
      const w = this.waterCarrier >= 0 ? place(v.units[this.waterCarrier]) : null;
      const range = this.waterCarrier >= 0 ? this.cls(this.waterCarrier)?.water_range ?? 10 : 10;
      items.push({
        key: 'water',
        label: 'Water carrier',
        value: w ? `María Bellido at ${w} (range ${range})` : 'María Bellido not on the map',
      });
    }
    return items;
  }

  // ---- the map -------------------------------------------------------------------------------

  /** Bailén is drawn on the hex map. */
  readonly board: HexDrawing<BailenTypes> = {
    kind: 'hex',
    hexMap: () => this.hexMap(),
    track: () => this.track(),
    trackPosition: (view) => this.trackPosition(view),
    overlays: (view) => this.overlays(view),
    trails: (events) => this.trails(events),
  };


  hexMap(): HexMapSpec {
    const m = this.scen.map;
    const terrain: Record<string, string> = {};
    for (const h of m.river ?? []) terrain[h] = 'river';
    for (const h of m.olive_grove ?? []) terrain[h] = 'olive';
    for (const h of m.hill ?? []) terrain[h] = 'hill';
    for (const h of m.building ?? []) terrain[h] = 'building';
    const decor: Record<string, string> = {};
    for (const [kind, hexes] of Object.entries(m.decorative ?? {})) {
      for (const h of hexes) if (!terrain[h]) decor[h] = kind;
    }
    const underlined: Record<string, string> = {};
    for (const [zone, hexes] of Object.entries(m.deployment ?? {})) {
      for (const h of hexes) {
        const letter = zone === 'French' ? '' : zone;
        underlined[h] = (underlined[h] ?? '') + letter;
      }
    }
    return {
      columns: m.columns,
      rows: m.rows,
      terrain,
      decor,
      buildings: m.building ?? [],
      paths: [
        { hexes: m.river ?? [], cls: 'river', title: 'Río Rumblar' },
        ...(m.minor_roads ?? []).map((r) => ({ hexes: r, cls: 'minor-road', title: 'Road (camino)' })),
        { hexes: m.royal_road ?? [], cls: 'royal-road', title: 'Royal Road (Camino Real)' },
      ],
      outlines: [
        { hexes: m.stars ?? [], cls: 'star-outline', title: 'Strategic victory hexes (stars)' },
        { hexes: m.town ?? [], cls: 'town-outline', title: 'The town of Bailén' },
      ],
      markers: (m.stars ?? []).map((hex) => ({ hex, symbol: 'star' as const, cls: 'victory-star' })),
      underlined,
      places: (m.places ?? []).map((p) => ({ name: p.name, hex: p.hex })),
      legend: DEPLOYMENT_LEGEND,
    };
  }

  track(): TrackSpec {
    const cells = [];
    for (let r = 1; r <= 15; r += 1) {
      cells.push({ label: `R${r}`, sub: `${String(4 + r).padStart(2, '0')}:00`, sun: r >= 8 && r <= 13 });
    }
    return { title: 'Round track', cells };
  }

  trackPosition(view: BailenView): number {
    return view.round - 1;
  }

  overlays(v: BailenView): RangeOverlay[] {
    if (this.waterCarrier < 0) return [];
    const hexes = v.watered_hexes ?? [];
    if (hexes.length === 0) return [];
    const radius = this.cls(this.waterCarrier)?.water_range ?? 10;
    return [{ hexes, label: `María Bellido's water: ${radius} hexes`, cls: 'water-range' }];
  }

  // ---- counters --------------------------------------------------------------------------------

  pieces(v: BailenView): BoardPiece[] {
    const out: BoardPiece[] = [];
    for (const u of v.units) {
      const hex = place(u);
      if (!hex) continue;
      const c = this.counters[u.id];
      if (!c) continue;
      out.push({
        id: u.id,
        hex,
        key: `${u.disorganised ? 'D' : 'o'}${u.moved ? 'M' : ''}${u.activated ? 'A' : ''}`,
        label: this.pieceLabel(u, hex),
        classes: `side-${c.side.toLowerCase()}${u.disorganised ? ' disorganised' : ''}`,
      });
    }
    return out;
  }

  private pieceLabel(u: BailenUnitView, hex: string): string {
    const c = this.counters[u.id]!;
    const k = this.classes[c.class];
    const kind = KIND_WORDS[k?.kind ?? ''] ?? c.class;
    const state = u.disorganised ? ', disorganised' : '';
    return `${c.name}, ${c.side} ${kind}${c.formation ? ` of ${c.formation}` : ''}, at ${hex}${state}`;
  }

  pieceDetails(view: BailenView | null, id: number): PieceDetails {
    const c = this.counters[id];
    if (!c) return { title: `unit #${id}`, subtitle: '', rows: [] };
    const k = this.classes[c.class];
    const u = view ? view.units[id] : undefined;
    const rows: [string, string][] = [];
    const kind = KIND_WORDS[k?.kind ?? ''] ?? c.class;
    if (k && k.kind !== 'water_carrier') {
      rows.push(['Combat factor', `${k.cf}${k.attacks > 1 ? ` (${k.attacks} attacks)` : ''}`]);
      rows.push(['Movement factor', String(k.mf)]);
      rows.push(['Defence factor', k.df === k.df_disorganised ? String(k.df) : `${k.df} (disorganised ${k.df_disorganised})`]);
      rows.push(['Range', k.range > 1 ? `${k.range} hexes` : 'adjacent']);
      if (k.command) rows.push(['Command', `★ ${k.command} (leader's range)`]);
    }
    if (k?.water_range) rows.push(['Water range', `${k.water_range} hexes`]);
    if (c.swiss) rows.push(['Swiss', 'yes (Swiss troops rule)']);
    if (c.pursuit_bonus) rows.push(['Pursuit', '+1 in pursuit combat']);
    if (u) {
      const at = place(u);
      const where = at ?? (u.place === 'reserve' ? 'off the map' : String(u.place));
      rows.push(['Hex', where]);
      const state = [u.disorganised ? 'disorganised' : 'organised'];
      if (u.moved) state.push('moved this turn');
      if (u.activated) state.push(`activated${u.attacks_left ? ` (${u.attacks_left} attack${u.attacks_left > 1 ? 's' : ''} left)` : ''}`);
      rows.push(['State', state.join(', ')]);
    }
    return {
      title: c.name,
      subtitle: `${c.id} · ${c.side} ${kind}${c.formation ? ` · ${c.formation}'s formation` : ''}`,
      rows,
      swatch: c.formation ? this.colours.get(c.formation) : undefined,
    };
  }

  /** A counter: side colours, formation mark, unit symbol, factors; a striped face when disorganised. */
  pieceSvg(view: BailenView | null, id: number, size: number): string {
    const c = this.counters[id];
    if (!c) return '';
    const k = this.classes[c.class];
    const u = view ? view.units[id] : undefined;
    const dis = !!u?.disorganised;
    const french = c.side === 'French';
    const h = size / 2;
    const bg = dis ? (french ? '#7d8aa3' : '#a98383') : french ? '#1f4e9c' : '#c0262d';
    const ink = dis ? '#f4f4f4' : french ? '#ffffff' : '#ffd23f';
    const box = dis ? '#d9d9d9' : french ? '#ffffff' : '#ffd23f';
    const line = french ? '#163a78' : '#7a1218';
    const mark = c.formation ? this.colours.get(c.formation) ?? '#999' : null;
    const kind = k?.kind ?? 'line_infantry';
    const out: string[] = [];
    out.push(`<rect class="c-shadow" x="${-h + 1.6}" y="${-h + 1.6}" width="${size}" height="${size}" rx="3"/>`);
    out.push(`<rect class="c-body" x="${-h}" y="${-h}" width="${size}" height="${size}" rx="3" fill="${bg}" stroke="${line}"/>`);
    if (dis) out.push(`<rect x="${-h}" y="${-h}" width="${size}" height="${size}" rx="3" fill="url(#p-disorg)"/>`);
    if (mark) {
      // The formation's colour: a band along the counter's top edge, above its name.
      const b = 3.4;
      out.push(
        `<path class="c-formation" d="M${-h},${-h + b}V${-h + 3}a3,3 0 0 1 3,-3H${h - 3}a3,3 0 0 1 3,3V${-h + b}Z" fill="${mark}" stroke="#111" stroke-width=".5"/>`,
      );
    }
    // All the counter's words in one <text> (one SVG text layout a counter, not five).
    const texts: string[] = [];
    const t = (cls: string, x: number, y: number, fill: string, body: string | number, extra = '') =>
      texts.push(`<tspan class="${cls}" x="${x}" y="${y}" fill="${fill}"${extra}>${body}</tspan>`);
    // The name across the counter's width, squeezed to it when the font at hand is too wide.
    const name = shortName(c.name);
    const room = size - 3;
    const wide = (nameWidth(name) ?? 0) > room;
    t('c-name', 0, -h + 9.8, ink, esc(name), ` style="font:${NAME_FONT.css.replace(/"/g, "'")}"${wide ? ` textLength="${room}" lengthAdjust="spacingAndGlyphs"` : ''}`);
    // The unit symbol, NATO-like, in a box.
    const bw = 18;
    const bh = 10;
    const bx = -bw / 2;
    const by = -5;
    const sym: string[] = [];
    const stroke = `stroke="${line}" stroke-width="1.1" fill="none"`;
    if (kind === 'leader') {
      sym.push(`<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" fill="${box}" stroke="${line}" stroke-width=".8"/>`);
      sym.push(`<use href="#g-star" transform="translate(0,${by + bh / 2 + 0.6}) scale(.55)" fill="${line}"/>`);
    } else if (kind === 'water_carrier') {
      sym.push(
        `<path d="M0,${by - 1} C4,${by + 4} 6,${by + 7} 0,${by + bh + 1} C-6,${by + 7} -4,${by + 4} 0,${by - 1}z" fill="#4aa3df" stroke="${line}" stroke-width=".8"/>`,
      );
    } else {
      const dash = kind === 'militia' ? ' stroke-dasharray="2 1.3"' : '';
      sym.push(`<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" fill="${box}" stroke="${line}" stroke-width=".9"${dash}/>`);
      if (kind === 'elite_infantry') {
        sym.push(`<rect x="${bx + 1.5}" y="${by + 1.5}" width="${bw - 3}" height="${bh - 3}" ${stroke} stroke-width=".6"/>`);
      }
      if (kind.endsWith('infantry') || kind === 'militia') {
        sym.push(`<path d="M${bx},${by}L${bx + bw},${by + bh}M${bx + bw},${by}L${bx},${by + bh}" ${stroke}/>`);
      }
      if (kind.endsWith('cavalry') || kind === 'cuirassier' || kind === 'horse_artillery') {
        sym.push(`<path d="M${bx},${by + bh}L${bx + bw},${by}" ${stroke}/>`);
      }
      if (kind === 'cuirassier') {
        sym.push(`<path d="M${bx},${by + bh / 2}h${bw}" ${stroke} stroke-width=".7"/>`);
      }
      if (kind === 'light_cavalry') {
        t('c-sym-letter', bx + 3.2, by + 4.4, line, 'L');
      }
      if (kind === 'artillery' || kind === 'horse_artillery') {
        sym.push(`<circle cx="0" cy="${by + bh / 2}" r="2.6" fill="${line}"/>`);
      }
    }
    out.push(`<g class="c-symbol">${sym.join('')}</g>`);
    if (k && kind !== 'water_carrier') {
      if (k.range > 1) t('c-range', h - 2, by + 8, ink, k.range);
      if (k.command) {
        out.push(`<use href="#g-star" transform="translate(${h - 6.5},${by + 2}) scale(.62)" fill="${ink}"/>`);
        t('c-command', h - 6.5, by + 4.1, line, k.command);
      }
      const y = h - 3.2;
      if (dis) {
        t('c-factor', 0, y, ink, k.df_disorganised);
        t('c-dis', 0, y - 8.5, ink, 'DISORG.');
      } else {
        t('c-factor', -h + 6.5, y, ink, k.cf);
        if (k.attacks > 1) {
          out.push(`<path d="M${-h + 10.8},${y - 6.5}v6.2M${-h + 12.6},${y - 6.5}v6.2" stroke="${ink}" stroke-width=".9"/>`);
        }
        t('c-factor c-df', 0, y, ink, k.df);
        t('c-factor', h - 6.5, y, ink, k.mf);
      }
    } else if (kind === 'water_carrier') {
      t('c-factor', 0, h - 3.2, ink, k?.water_range ?? 10);
    }
    out.push(`<text class="c-text">${texts.join('')}</text>`);
    // Badges left of the symbol (the name has the top edge).
    if (u?.moved) out.push(`<path class="c-badge" d="M${-h + 2},${by}l5,3l-5,3z" fill="${ink}"><title>moved</title></path>`);
    if (u?.activated) {
      out.push(
        `<path class="c-badge" d="M${-h + 1.5},${by}l6,6M${-h + 7.5},${by}l-6,6" stroke="${ink}" stroke-width="1.3" transform="translate(0,${u?.moved ? 6.5 : 0})"><title>activated</title></path>`,
      );
    }
    return out.join('');
  }
}

export const bailen: RulesetAdapter<BailenTypes> = {
  id: 'bailen',
  looks: LOOKS,
  start: (engine, scenario, options, seed) => new engine.BailenGame(scenario, options, seed >>> 0),
  fromScenarioFile: (engine, fileName, text, options, seed) => engine.BailenGame.fromScenarioFile(fileName, text, options, seed >>> 0),
  importString: (engine, saved) => engine.BailenGame.importString(saved),
  fromSetupJson: (engine, json) => engine.BailenGame.fromSetup(JSON.parse(json)),
  mailStart: (engine, side, passphrase, scenario, options) => engine.BailenGame.mailStart(side, passphrase, scenario, options),
  mailAnswer: (engine, opening, passphrase) => engine.BailenGame.mailAnswer(opening, passphrase),
  mailLoad: (engine, string, side, passphrase) => engine.BailenGame.mailLoad(string, side, passphrase),
  create(session) {
    const scenario = session.scenario();
    if (!scenario) throw new Error('the engine gave no Bailén scenario to draw');
    return new BailenUI(scenario);
  },
};
