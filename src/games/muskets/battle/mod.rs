//! The Field Battle of Age of Muskets (Series Rule 9.2) as a sub-game: the six battle
//! scenarios stand alone; the campaign hands over a `BattleData` and reads a `BattleResult`.
//!
//! Files follow the rule's steps: `command` (9.2.h), `sequence` (the state machine of steps
//! h-q: terrain 9.2.i, outflank 9.2.j, deployment 9.2.k, endurance 9.2.l, planning 9.2.m,
//! the Operational Control Check 9.2.n, combat resolution 9.2.o), `options` (the Battle Options
//! Explanation), `engagement` (engagements, morale checks, losses, leader casualties: G9 and
//! SR 12), `pursuit` (9.2.p and the losses and retreat of 9.2.q), `scenario` (data) and `setup`
//! (public positions).
pub mod action;
mod command;
mod engagement;
pub mod odds;
mod options;
mod pursuit;
pub mod scenario;
pub mod search;
mod sequence;
pub mod setup;

pub use action::{Action, Command, Counter, CuId, EndReason, Event, HqId, Modifier, ModifierCause, OptionKind, RollPurpose, Section, Side, Step, Terrain};
pub use odds::{End, Odds, Roll};
pub use scenario::{BattleData, Scenario, SCENARIO_IDS};
pub use setup::Setup;

use crate::core::dice::Dice;
use crate::games::{GameError, Prompt, Rules};
use scenario::{Arm, Leader};
use sequence::Phase;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tsify::Tsify;

pub const RULESET: &str = "muskets-battle";
pub const DEFAULT_SCENARIO: &str = "medina-de-rioseco";

/// Game options agreed at the start.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
#[serde(default)]
pub struct Options {
    /// Roll for battle terrain (SR 9.2.i) even in a battle scenario, on top of its printed
    /// terrain (house option; by reading D18 the printed terrain replaces the rolls).
    pub terrain_rolls: bool,
    /// Skip the Pursuit (aom-gaps §c: it does not change a battle scenario's result).
    pub no_pursuit: bool,
    /// ER 3.1.d: the battle is fought in the Lisboa zone with the Lines of Torres Vedras in
    /// effect (the campaign may say so instead with "ER 3.1.d" in `BattleData.exclusive_rules`).
    pub lisboa_lines: bool,
}

/// Where a counter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
#[serde(tag = "at", content = "section", rename_all = "snake_case")]
pub enum Place {
    /// In an adjacent zone: a Reinforce option may bring it in (BOE 3).
    Adjacent,
    /// In the battle, not yet deployed (SR 9.2.k).
    Undeployed,
    Display(Section),
    Eliminated,
}

/// SP of one troop type in a CU: fresh and shattered (SR 12.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct Sp {
    pub troop: u8,
    pub fresh: u8,
    pub shattered: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CuState {
    pub place: Place,
    pub sp: Vec<Sp>,
    pub leader_lost: bool,
    pub revealed: bool,
    /// All its SP are shattered (or it is gone): its BEP point is paid.
    pub broken: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct HqState {
    pub place: Place,
    pub leader_lost: bool,
    pub revealed: bool,
}

/// SP lost by a side, by cause (SR 9.2.q.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct Losses {
    /// Combat casualties other than Automatic Victories: split 20/40% definitive (q.1.c).
    pub combat: u16,
    /// Automatic Victory casualties: definitive (q.1.b).
    pub automatic: u16,
    /// Pursuit casualties other than artillery: definitive (q.1.a).
    pub pursuit: u16,
    /// Artillery lost in the pursuit: definitive for the battle, replaceable later (q.1.a).
    pub pursuit_art: u16,
}

impl Losses {
    pub fn total(&self) -> u16 {
        self.combat + self.automatic + self.pursuit + self.pursuit_art
    }
    /// The definitive part: Automatic Victory and pursuit losses (SR 9.2.q.1.a-b).
    pub fn always_definitive(&self) -> u16 {
        self.automatic + self.pursuit + self.pursuit_art
    }
    fn add(mut self, o: &Losses) -> Losses {
        self.combat += o.combat;
        self.automatic += o.automatic;
        self.pursuit += o.pursuit;
        self.pursuit_art += o.pursuit_art;
        self
    }
}

/// One side's battle state.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SideState {
    pub command: Command,
    pub cic: Counter,
    pub joint: Vec<Counter>,
    /// The CiC's HQ stays in the Reserve (SR 9.2.k.6).
    pub pinned_hq: Option<HqId>,
    pub bep_start: i16,
    pub bep: i16,
    pub hand: [u8; 9],
    pub limit: u8,
    pub chosen: u8,
    pub outflank_allowed: bool,
    pub outflank_played: bool,
    /// +1 passed, -2 failed, 0 not yet checked (SR 9.2.n.2).
    pub occ: i8,
    pub occ_revealed: bool,
    pub passed: bool,
    pub engaged: [bool; 6],
    pub cav_superiority: [bool; 6],
    pub commander: [Option<Counter>; 6],
    pub commander_lost: [bool; 6],
    pub fortification: Option<Section>,
    pub terrain: [Option<Terrain>; 6],
    pub loc: bool,
    pub withdraw_shift: i8,
    /// Every SP lost, by CU and troop type (merged); the side's `losses` are their sum.
    pub lost_sp: Vec<LostSp>,
    pub sp_in: u16,
    pub rec_upgraded: u16,
    pub leaders_lost: Vec<String>,
    pub ap_spent: Vec<HqId>,
    pub forces_arrived: Vec<u8>,
    /// A new CiC arrived with a Flank Attack: his side chooses its hand again (9.2.m.4) once
    /// the Outflank engagement is over.
    pub new_hand_pending: bool,
}

/// SP a CU lost of one troop type, by cause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LostSp {
    pub cu: CuId,
    pub troop: u8,
    pub losses: Losses,
}

impl SideState {
    /// SP lost by the side, by cause: the sum over its CUs and troop types.
    pub(crate) fn losses(&self) -> Losses {
        self.lost_sp.iter().fold(Losses::default(), |l, x| l.add(&x.losses))
    }
}

/// One CU's losses of one troop type at the end of the battle. The campaign places the
/// stragglers by nationality (ER 1.1.d) and counts British (ER 3.3) and Guard (ER 4.5) losses.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct UnitLoss {
    pub cu: CuId,
    pub name: String,
    pub nationality: String,
    /// The troop type's id in the scenario file (e.g. "Gd", "Ln", "BrVet").
    pub troop: String,
    pub casualties: u16,
    pub stragglers: u16,
    pub definitive: u16,
}

/// What the campaign needs from a finished battle (SR 9.2.p-q).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct SideResult {
    pub side: Side,
    pub bep_start: i16,
    pub bep_left: i16,
    pub losses: Losses,
    /// All SP lost = stragglers + definitive.
    pub casualties: u16,
    pub stragglers: u16,
    pub definitive: u16,
    /// The same losses by CU and troop type (they add up to the three totals above).
    pub by_unit: Vec<UnitLoss>,
    /// SR 10.2: Rec SP upgraded to Ln after the battle.
    pub rec_upgraded: u16,
    /// SP still with the side's CUs (fresh and shattered).
    pub sp_left: u16,
    pub leaders_lost: Vec<String>,
    /// HQs that spent 1 AP to Reinforce (BOE 3.a).
    pub ap_spent: Vec<HqId>,
    /// Adjacent forces that arrived.
    pub forces_arrived: Vec<u8>,
    /// The side still has its LoC (a Flank Attack removes it, BOE 3.b).
    pub loc: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct BattleResult {
    pub winner: Option<Side>,
    pub reason: EndReason,
    pub rounds: u16,
    /// SR 9.2.q.2: the loser retreats every HQ and CU out of the zone (None on a draw).
    pub must_retreat: Option<Side>,
    pub sides: Vec<SideResult>,
}

/// Battle scenarios: the winner of the battle wins, otherwise a draw (D.1-D.6). The level
/// says how the battle was won (`pursuit::level_of`); the detail is what the campaign reads.
pub type Outcome = crate::core::outcome::Outcome<Side, BattleResult>;

/// A Field Battle. Static data is shared; the rest is small and cheap to clone.
#[derive(Clone, Debug)]
pub struct Battle {
    pub(crate) scen: Arc<Scenario>,
    pub(crate) options: Options,
    pub(crate) dice: Dice,
    pub(crate) cus: Vec<CuState>,
    pub(crate) hqs: Vec<HqState>,
    pub(crate) sides: [SideState; 2],
    pub(crate) outflank_holder: Option<Side>,
    pub(crate) round: u16,
    pub(crate) phase: Phase,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) opening: Arc<Vec<Event>>,
    pub(crate) prompt_cache: crate::games::PromptCache<Side, Step, Action>,
}

/// The replacement HQ leader after a loss (SR 12.1.b.3) and the interim CU leader (D32).
fn hq_replacement() -> Leader {
    Leader { name: "replacement 8/0(4)0".into(), ocn: 8, morale_modifier: 0, initiative: 4, tactical: 0 }
}
fn cu_interim() -> Leader {
    Leader { name: "interim 0(5)0".into(), ocn: 11, morale_modifier: 0, initiative: 5, tactical: 0 }
}

impl Battle {
    pub fn scenario(&self) -> &Scenario {
        &self.scen
    }
    pub fn round(&self) -> u16 {
        self.round
    }
    pub(crate) fn side(&self, s: Side) -> &SideState {
        &self.sides[s.index()]
    }
    pub(crate) fn side_mut(&mut self, s: Side) -> &mut SideState {
        &mut self.sides[s.index()]
    }
    pub(crate) fn side_of(&self, c: Counter) -> Side {
        match c {
            Counter::Hq(h) => self.scen.hqs[h as usize].side,
            Counter::Cu(u) => self.scen.cus[u as usize].side,
        }
    }
    pub(crate) fn place(&self, c: Counter) -> Place {
        match c {
            Counter::Hq(h) => self.hqs[h as usize].place,
            Counter::Cu(u) => self.cus[u as usize].place,
        }
    }
    pub(crate) fn set_place(&mut self, c: Counter, p: Place) {
        match c {
            Counter::Hq(h) => self.hqs[h as usize].place = p,
            Counter::Cu(u) => self.cus[u as usize].place = p,
        }
    }
    pub(crate) fn section_of(&self, c: Counter) -> Option<Section> {
        match self.place(c) {
            Place::Display(s) => Some(s),
            _ => None,
        }
    }
    /// Does this counter exist in the battle? Ids from outside (actions) are checked with it
    /// before anything indexes the battle's lists.
    pub fn has_counter(&self, c: Counter) -> bool {
        match c {
            Counter::Hq(h) => (h as usize) < self.hqs.len(),
            Counter::Cu(u) => (u as usize) < self.cus.len(),
        }
    }

    /// Every id an action names exists in this battle; otherwise a precise refusal. Actions
    /// come from outside (the page, a saved game, a search), so this runs before anything looks
    /// them up.
    pub fn check_ids(&self, a: &Action) -> Result<(), GameError> {
        let counter = |c: Counter| -> Result<(), String> {
            match c {
                _ if self.has_counter(c) => Ok(()),
                Counter::Hq(h) => Err(format!("HQ #{h} does not exist: the battle has {} HQs (#0-#{})", self.hqs.len(), self.hqs.len().saturating_sub(1))),
                Counter::Cu(u) => Err(format!("CU #{u} does not exist: the battle has {} CUs (#0-#{})", self.cus.len(), self.cus.len().saturating_sub(1))),
            }
        };
        let cu = |u: CuId| counter(Counter::Cu(u));
        let checked = match a {
            Action::Deploy { counter: c, .. } | Action::Move { counter: c } | Action::Command { leader: c } => counter(*c),
            Action::Rally { leader, cu: u } => counter(*leader).and_then(|_| cu(*u)),
            Action::Regroup { cu: u, .. } => cu(*u),
            Action::CheckWith { cu: u, troop } => cu(*u).and_then(|_| {
                if (*troop as usize) < self.scen.troops.len() {
                    Ok(())
                } else {
                    Err(format!("troop type #{troop} does not exist: the Troop Value Chart has {} types", self.scen.troops.len()))
                }
            }),
            Action::Reinforce { force } if (*force as usize) >= self.scen.forces.len() => {
                Err(format!("force #{force} does not exist: the battle has {} adjacent forces", self.scen.forces.len()))
            }
            _ => Ok(()),
        };
        checked.map_err(|why| GameError::Illegal(format!("{a}: {why}")))
    }

    /// A leader's name for a sentence, or what is wrong with the counter.
    fn leader_name(&self, c: Counter) -> String {
        if self.has_counter(c) {
            self.leader(c).name
        } else {
            format!("the leader of {c} (no such counter)")
        }
    }

    /// The leader commanding a counter, with losses replaced (SR 12.1.b.3, D32). The counter
    /// is one of the battle's (`has_counter`): the engine's own ids, or input checked first.
    pub(crate) fn leader(&self, c: Counter) -> Leader {
        match c {
            Counter::Hq(h) if self.hqs[h as usize].leader_lost => hq_replacement(),
            Counter::Hq(h) => self.scen.hqs[h as usize].leader.clone(),
            Counter::Cu(u) if self.cus[u as usize].leader_lost => cu_interim(),
            Counter::Cu(u) => self.scen.cus[u as usize].leader.clone(),
        }
    }
    pub(crate) fn name(&self, c: Counter) -> String {
        match c {
            Counter::Hq(h) => self.scen.hqs.get(h as usize).map(|x| x.name.clone()).unwrap_or(format!("HQ #{h}")),
            Counter::Cu(u) => self.scen.cus.get(u as usize).map(|x| x.name.clone()).unwrap_or(format!("CU #{u}")),
        }
    }
    /// CUs of `side` in `section`.
    pub(crate) fn cus_in(&self, side: Side, section: Section) -> impl Iterator<Item = CuId> + '_ {
        (0..self.cus.len())
            .filter(move |&u| self.scen.cus[u].side == side && self.cus[u].place == Place::Display(section))
            .map(|u| u as CuId)
    }
    pub(crate) fn hqs_in(&self, side: Side, section: Section) -> impl Iterator<Item = HqId> + '_ {
        (0..self.hqs.len())
            .filter(move |&h| self.scen.hqs[h].side == side && self.hqs[h].place == Place::Display(section))
            .map(|h| h as HqId)
    }
    pub(crate) fn arm(&self, troop: u8) -> Arm {
        self.scen.troops[troop as usize].arm
    }
    /// Unshattered infantry and cavalry SP of a CU.
    pub(crate) fn fresh_combat_sp(&self, u: CuId) -> u16 {
        self.cus[u as usize].sp.iter().filter(|s| self.arm(s.troop) != Arm::Artillery).map(|s| s.fresh as u16).sum()
    }
    pub(crate) fn fresh_sp_of_arm(&self, u: CuId, arm: Arm) -> u16 {
        self.cus[u as usize].sp.iter().filter(|s| self.arm(s.troop) == arm).map(|s| s.fresh as u16).sum()
    }
    pub(crate) fn total_sp(&self, u: CuId) -> u16 {
        self.cus[u as usize].sp.iter().map(|s| (s.fresh + s.shattered) as u16).sum()
    }
    /// Unshattered infantry+cavalry SP in a section; a section of only shattered SP is empty
    /// (SR 12.3.c).
    pub(crate) fn section_strength(&self, side: Side, s: Section) -> u16 {
        self.cus_in(side, s).map(|u| self.fresh_combat_sp(u)).sum()
    }
    pub(crate) fn is_infantry_cavalry(&self, u: CuId) -> bool {
        self.scen.cus[u as usize].arm != Arm::Artillery
    }
    /// Every SP of the side still in the battle.
    pub(crate) fn side_sp(&self, side: Side) -> u16 {
        (0..self.cus.len())
            .filter(|&u| self.scen.cus[u].side == side && matches!(self.cus[u].place, Place::Display(_) | Place::Undeployed))
            .map(|u| self.total_sp(u as CuId))
            .sum()
    }
    /// The same position with these d10 faces rolled first, then a stream seeded by `seed`
    /// (for tests and analysis, as `Setup.dice` does for a new battle). Faces outside 1-10
    /// are refused.
    pub fn with_scripted_dice(&self, seed: u64, faces: &[u8]) -> Result<Battle, GameError> {
        if let Some(bad) = faces.iter().find(|&&d| !(1..=10).contains(&d)) {
            return Err(GameError::Setup(format!("dice: {bad} is not a face of a d10")));
        }
        let mut b = self.clone();
        b.dice = Dice::scripted(seed, faces);
        Ok(b)
    }
    /// ER 3.1.d: a battle in the Lisboa zone with the Lines of Torres Vedras in effect.
    pub fn lisboa_lines(&self) -> bool {
        self.scen.er_3_1_d || self.options.lisboa_lines
    }
    pub(crate) fn hand_size(&self, side: Side) -> u8 {
        self.side(side).hand.iter().sum()
    }

    /// A sentence for an action, with counter and leader names.
    pub fn describe_action(&self, a: &Action) -> String {
        use Action::*;
        let troop = |t: &u8| self.scen.troops.get(*t as usize).map(|x| x.id.clone()).unwrap_or(format!("#{t}"));
        match a {
            Deploy { counter, section } => format!("Deploy {} in the {section}", self.name(*counter)),
            Move { counter } => format!("Move {}", self.name(*counter)),
            Regroup { cu, to } => format!("Regroup {} into the {to}", self.name(Counter::Cu(*cu))),
            Command { leader } => format!("{} ({}) commands the section", self.leader_name(*leader), self.name(*leader)),
            CheckWith { cu, troop: t } => format!("{} checks with its {} SP", self.name(Counter::Cu(*cu)), troop(t)),
            Rally { leader, cu } => format!("{} tries to rally {}", self.leader_name(*leader), self.name(Counter::Cu(*cu))),
            Reinforce { force } => match self.scen.forces.get(*force as usize) {
                Some(f) => format!("Reinforce: bring in {}", self.name(f.leader)),
                None => format!("Reinforce with force #{force} (no such force)"),
            },
            other => {
                let s = other.to_string();
                let mut c = s.chars();
                c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
            }
        }
    }
}

// ------------------------------------------------------------------ views

/// A counter as a side sees it: its own, or an enemy one whose identity is shown.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct CounterView {
    pub counter: Counter,
    pub place: Place,
    pub name: String,
    pub leader: Leader,
    pub leader_lost: bool,
    /// SP by troop type (empty for an HQ).
    pub sp: Vec<Sp>,
    pub revealed: bool,
}

/// One side's half of the display as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct SectionView {
    pub section: Section,
    pub terrain: Option<Terrain>,
    pub engaged: bool,
    pub cavalry_superiority: bool,
    pub commander: Option<Counter>,
    pub commander_lost: bool,
    pub fortified: bool,
    /// Enemy counters here whose identity is hidden (flag side up, SR 9.2.k.7).
    pub hidden_counters: u8,
}

/// The viewer's own side: everything, the hand included.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct OwnView {
    pub side: Side,
    pub command: Command,
    pub cic: Counter,
    pub joint_leaders: Vec<Counter>,
    pub bep: i16,
    pub bep_start: i16,
    /// Chits in hand by option, in `BattleOptionKind` order.
    pub hand: Vec<(OptionKind, u8)>,
    pub hand_limit: u8,
    pub outflank_allowed: bool,
    pub occ: i8,
    pub passed: bool,
    pub loc: bool,
    pub counters: Vec<CounterView>,
    pub sections: Vec<SectionView>,
    pub losses: Losses,
}

/// The enemy side: what is public only. It has no field able to hold the enemy's hand, its
/// secret rolls or its hidden counters' identities.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct EnemyView {
    pub side: Side,
    pub command: Command,
    pub cic: Counter,
    pub joint_leaders: Vec<Counter>,
    pub bep: i16,
    pub bep_start: i16,
    /// How many chits the enemy holds (SR 9.2.m: what they are is secret).
    pub hand_count: u8,
    /// Known once the enemy has fought an engagement with it.
    pub occ: Option<i8>,
    pub passed: bool,
    pub loc: bool,
    /// Counters whose identity has been shown.
    pub counters: Vec<CounterView>,
    /// Counters not yet deployed.
    pub undeployed: u8,
    pub sections: Vec<SectionView>,
    pub losses: Losses,
}

#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct View {
    pub viewer: Side,
    pub scenario: String,
    pub name: String,
    pub attacker: Side,
    pub round: u16,
    /// Who decides now, and the step's name (no secret in it).
    pub deciding: Option<Side>,
    pub step: String,
    pub outflank_holder: Option<Side>,
    pub own: OwnView,
    pub enemy: EnemyView,
    #[tsify(type = "BattleOutcome | null")]
    pub outcome: Option<Outcome>,
}

impl Battle {
    fn counter_view(&self, c: Counter) -> CounterView {
        let (place, sp, lost, revealed) = match c {
            Counter::Hq(h) => (self.hqs[h as usize].place, Vec::new(), self.hqs[h as usize].leader_lost, self.hqs[h as usize].revealed),
            Counter::Cu(u) => {
                let s = &self.cus[u as usize];
                (s.place, s.sp.clone(), s.leader_lost, s.revealed)
            }
        };
        CounterView { counter: c, place, name: self.name(c), leader: self.leader(c), leader_lost: lost, sp, revealed }
    }

    fn counters_of(&self, side: Side) -> Vec<Counter> {
        let hqs = (0..self.hqs.len()).filter(|&h| self.scen.hqs[h].side == side).map(|h| Counter::Hq(h as HqId));
        let cus = (0..self.cus.len()).filter(|&u| self.scen.cus[u].side == side).map(|u| Counter::Cu(u as CuId));
        hqs.chain(cus).collect()
    }

    fn revealed(&self, c: Counter) -> bool {
        match c {
            Counter::Hq(h) => self.hqs[h as usize].revealed,
            Counter::Cu(u) => self.cus[u as usize].revealed,
        }
    }

    fn sections_view(&self, side: Side, hide: bool) -> Vec<SectionView> {
        let st = self.side(side);
        Section::ALL
            .iter()
            .map(|&s| SectionView {
                section: s,
                terrain: st.terrain[s.index()],
                engaged: st.engaged[s.index()],
                cavalry_superiority: st.cav_superiority[s.index()],
                commander: st.commander[s.index()].filter(|&c| !hide || self.revealed(c)),
                commander_lost: st.commander_lost[s.index()],
                fortified: st.fortification == Some(s),
                hidden_counters: if hide {
                    self.counters_of(side).into_iter().filter(|&c| self.place(c) == Place::Display(s) && !self.revealed(c)).count() as u8
                } else {
                    0
                },
            })
            .collect()
    }

    /// Everything `viewer` may see and nothing more.
    pub fn view_for(&self, viewer: Side) -> View {
        let me = self.side(viewer);
        let foe_side = viewer.other();
        let foe = self.side(foe_side);
        let prompt = self.current_prompt();
        View {
            viewer,
            scenario: self.scen.id.clone(),
            name: self.scen.name.clone(),
            attacker: self.scen.attacker,
            round: self.round,
            deciding: prompt.as_ref().map(|p| p.side),
            step: self.phase.public_name().to_string(),
            outflank_holder: self.outflank_holder,
            own: OwnView {
                side: viewer,
                command: me.command,
                cic: me.cic,
                joint_leaders: me.joint.clone(),
                bep: me.bep,
                bep_start: me.bep_start,
                hand: OptionKind::ALL.iter().map(|&o| (o, me.hand[o.index()])).collect(),
                hand_limit: me.limit,
                outflank_allowed: me.outflank_allowed,
                occ: me.occ,
                passed: me.passed,
                loc: me.loc,
                counters: self.counters_of(viewer).into_iter().map(|c| self.counter_view(c)).collect(),
                sections: self.sections_view(viewer, false),
                losses: me.losses(),
            },
            enemy: EnemyView {
                side: foe_side,
                command: foe.command,
                cic: foe.cic,
                joint_leaders: foe.joint.clone(),
                bep: foe.bep,
                bep_start: foe.bep_start,
                hand_count: self.hand_size(foe_side),
                occ: foe.occ_revealed.then_some(foe.occ),
                passed: foe.passed,
                loc: foe.loc,
                counters: self
                    .counters_of(foe_side)
                    .into_iter()
                    .filter(|&c| self.revealed(c) || self.place(c) == Place::Eliminated)
                    .map(|c| self.counter_view(c))
                    .collect(),
                undeployed: self.counters_of(foe_side).into_iter().filter(|&c| self.place(c) == Place::Undeployed).count() as u8,
                sections: self.sections_view(foe_side, true),
                losses: foe.losses(),
            },
            outcome: self.outcome.clone(),
        }
    }

    /// Check the position's invariants: SP never negative (by construction) and accounted for
    /// (start + arrivals - now = casualties), BEP never above its total, a decision waits
    /// with at least one legal action. For tests; never fails in play.
    pub fn check_invariants(&self) -> Result<(), String> {
        for side in Side::BOTH {
            let st = self.side(side);
            let now: u16 = (0..self.cus.len())
                .filter(|&u| self.scen.cus[u].side == side && self.cus[u].place != Place::Adjacent)
                .map(|u| self.total_sp(u as CuId))
                .sum();
            let lost = st.losses().total();
            if st.sp_in < now || st.sp_in - now != lost {
                return Err(format!("{side}: {} SP in, {now} now, but {lost} casualties recorded", st.sp_in));
            }
            if st.bep > st.bep_start || st.bep < 0 {
                return Err(format!("{side}: BEP {} outside 0..={}", st.bep, st.bep_start));
            }
            for (u, c) in self.cus.iter().enumerate() {
                if c.place == Place::Eliminated && self.total_sp(u as CuId) != 0 {
                    return Err(format!("CU {u} eliminated with SP left"));
                }
                if matches!(c.place, Place::Display(_)) && self.total_sp(u as CuId) == 0 {
                    return Err(format!("CU {u} on the display with no SP"));
                }
            }
        }
        self.prompt_cache.check(self.current_prompt(), self.outcome.is_some(), &self.phase)?;
        if let Some(o) = &self.outcome {
            for r in &o.detail.sides {
                if r.stragglers + r.definitive != r.casualties || r.casualties != r.losses.total() {
                    return Err(format!("{}: stragglers {} + definitive {} != casualties {}", r.side, r.stragglers, r.definitive, r.casualties));
                }
                let sum = |f: fn(&UnitLoss) -> u16| r.by_unit.iter().map(f).sum::<u16>();
                if (sum(|x| x.casualties), sum(|x| x.stragglers), sum(|x| x.definitive)) != (r.casualties, r.stragglers, r.definitive)
                    || r.by_unit.iter().any(|x| x.stragglers + x.definitive != x.casualties || x.casualties == 0)
                {
                    return Err(format!("{}: the losses by unit do not add up to the side's", r.side));
                }
            }
        }
        Ok(())
    }
}

impl Rules for Battle {
    const RULESET: &'static str = RULESET;
    // Hidden units and blocks (fog of war) and secret choices.
    const HIDDEN_FACTS: bool = true;
    type Side = Side;
    type Step = Step;
    type Action = Action;
    type Template = crate::games::NoTemplate;
    const RULES_VERSION: u16 = 2;
    const RULES_CHANGES: &'static [(u16, &'static str)] = &[(
        2,
        "ER 3.10: a defending British Vet checks morale against 8, not 6, and a checking CU names the troop type whose values it uses",
    )];
    type Event = Event;
    type View = View;
    type Odds = Odds;
    type Outcome = Outcome;
    type Options = Options;
    type Setup = Setup;

    fn new_scenario_game(scenario: &str, options: &Options, seed: u64) -> Result<Self, GameError> {
        let scen = Scenario::built_in(scenario).map_err(GameError::Setup)?;
        Ok(Battle::start(scen, options.clone(), Dice::seeded(seed)))
    }
    fn from_scenario_file(file_name: &str, text: &str, options: &Self::Options, seed: u64) -> Result<Self, GameError> {
        // The inherent constructor: the file's checks and the game it starts.
        Battle::from_scenario_file(file_name, text, options, seed)
    }
    fn scenario_id(&self) -> &str {
        &self.scen.id
    }
    fn from_setup(setup: &Setup) -> Result<Self, GameError> {
        Battle::from_setup(setup)
    }
    fn setup_options(setup: &Setup) -> (Options, u64) {
        (setup.options.clone(), setup.seed)
    }
    fn options(&self) -> &Options {
        &self.options
    }
    fn encode_options(o: &Options) -> Vec<u8> {
        vec![(o.terrain_rolls as u8) | ((o.no_pursuit as u8) << 1) | ((o.lisboa_lines as u8) << 2)]
    }
    fn decode_options(bytes: &[u8]) -> Result<Options, GameError> {
        let [bits] = bytes else {
            return Err(GameError::Options(format!("Field Battle options are 1 byte, found {}", bytes.len())));
        };
        if bits & !7 != 0 {
            return Err(GameError::Options(format!("unknown option bits {bits:#04x}")));
        }
        Ok(Options { terrain_rolls: bits & 1 != 0, no_pursuit: bits & 2 != 0, lisboa_lines: bits & 4 != 0 })
    }
    fn prompt_ref(&self) -> Option<&Prompt<Side, Step, Action>> {
        self.prompt_cache.get_or(|| self.current_prompt()).as_ref()
    }
    fn apply(&mut self, action: &Action) -> Result<Vec<Event>, GameError> {
        if self.outcome.is_some() {
            return Err(GameError::GameOver);
        }
        // `perform` refuses an action not in the prompt before it changes anything, and a legal
        // action cannot fail, so the battle is changed in place (no copy to throw away).
        let mut events = Vec::new();
        self.perform(action, &mut events)?;
        Ok(events)
    }
    fn describe(&self, action: &Action) -> String {
        self.describe_action(action)
    }
    fn event_for(&self, event: &Event, viewer: Side) -> Option<Event> {
        event.seen_by(viewer)
    }
    /// Chits taken or discarded, the hand kept or redrawn, and face-down deployment and moves
    /// are secret (9.2.k, 9.2.l); every played option is public.
    fn action_is_public(&self, action: &Action) -> bool {
        !matches!(
            action,
            Action::TakeChit { .. }
                | Action::Discard { .. }
                | Action::KeepHand
                | Action::NewHand
                | Action::Deploy { .. }
                | Action::Move { .. }
                | Action::Regroup { .. }
        )
    }
    fn is_legal(&self, action: &Action) -> bool {
        self.current_prompt().is_some_and(|p| p.actions.contains(action))
    }
    fn view(&self, side: Side) -> View {
        self.view_for(side)
    }
    fn odds(&self, action: &Action) -> Option<Odds> {
        self.action_odds(action)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
    fn opening_events(&self) -> Vec<Event> {
        self.opening.as_ref().clone()
    }
}
