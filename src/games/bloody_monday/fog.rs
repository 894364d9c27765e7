//! Fog of war ([Setup], [Contested], 5.3.3, 5.3.7): what one side may see. An enemy block
//! that is not revealed appears only as "a block of that side here" (with the markers on it
//! that the table shows); the type has no field that could hold more. Odds (`odds.rs`) are
//! computed from the deciding side's view only, so they cannot leak hidden strengths.
use super::action::{AreaId, BlockId, ImpulseKind, Side, Step};
use super::impulse::members;
use super::sequence::{bit, Phase};
use super::{BloodyMonday, Loc, Options, Outcome};
use serde::Serialize;
use tsify::Tsify;

/// A block as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
#[serde(tag = "seen")]
pub enum BlockView {
    /// The viewer's own block, or an enemy block laid down (revealed).
    Known {
        block: BlockId,
        side: Side,
        strength: u8,
        /// Index into the block's levels (0 = full strength).
        level: u8,
        revealed: bool,
        isolated: bool,
        blue: bool,
        yellow: bool,
        red: bool,
        moved: bool,
        activated: bool,
    },
    /// An enemy block standing upright: its side, and the cubes on it.
    Hidden { side: Side, isolated: bool, blue: bool, yellow: bool, red: bool },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
pub struct AreaView {
    pub area: AreaId,
    pub control: Side,
    pub contested: bool,
    /// White cube on a victory area, per side [French, Russian].
    pub isolated: [bool; 2],
    /// Known blocks in id order, then hidden ones.
    pub blocks: Vec<BlockView>,
}

/// The impulse in progress, as both sides see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
pub struct ImpulseView {
    pub kind: ImpulseKind,
    pub leaders: Vec<BlockId>,
    pub leader_cap: u8,
    pub artillery_cap: u8,
    pub new_battles: Vec<AreaId>,
    pub resolved: Vec<AreaId>,
    pub new_battle_cap: u8,
    pub current_battles_left: u8,
    pub moved: u8,
    pub move_limit: Option<u8>,
    /// Blocks under orders: only in the active player's own view.
    pub ordered: Vec<BlockId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
pub struct BattleView {
    pub area: AreaId,
    pub attacker: Side,
    pub new: bool,
    pub artillery_fired: Vec<BlockId>,
    pub defence_bonus_left: u8,
}

/// A destroyed block: on its side's morale track (`counts`) or in the box. Public.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
pub struct LostView {
    pub block: BlockId,
    pub side: Side,
    pub counts: bool,
}

/// Everything one side may see.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
pub struct View {
    pub viewer: Side,
    pub scenario: String,
    pub turn: u8,
    pub impulse: u16,
    pub active: Side,
    pub initiative: Side,
    pub consecutive_passes: u8,
    /// Who must decide now, and the step (public); the actions go only to that side.
    pub deciding: Option<Side>,
    pub step: Option<Step>,
    /// All 111 areas in number order.
    pub areas: Vec<AreaView>,
    /// The viewer's own reinforcement pool.
    pub reserve: Vec<BlockId>,
    /// How many blocks each reserve holds [French, Russian].
    pub reserve_counts: [u8; 2],
    pub destroyed: Vec<LostView>,
    /// Counting units lost [French, Russian] (10 loses).
    pub morale_losses: [u8; 2],
    pub victory_areas: [u8; 2],
    pub fleches: Option<Side>,
    /// Last Blood points so far [French, Russian].
    pub points: Option<[u16; 2]>,
    /// The viewer's own CinC strength, and the logistic value it gives.
    pub cinc_strength: u8,
    pub logistic_value: u8,
    pub impulse_state: Option<ImpulseView>,
    pub battle: Option<BattleView>,
    /// Logistics budget while a CinC is activated.
    pub logistics_budget: Option<u8>,
    pub options: Options,
    /// 9.0: the optional rules are meant to be added in order; true when the selection skips
    /// an earlier one (the game is then unbalanced, though legal).
    pub options_out_of_order: bool,
    #[tsify(type = "Outcome<BmSide, BmDetail> | null")]
    pub outcome: Option<Outcome>,
}

impl BloodyMonday {
    fn block_view(&self, b: BlockId, viewer: Side) -> BlockView {
        let s = &self.blocks[b as usize];
        let side = self.side_of(b);
        if side == viewer || s.revealed {
            BlockView::Known {
                block: b,
                side,
                strength: self.strength(b),
                level: s.level,
                revealed: s.revealed,
                isolated: s.isolated,
                blue: s.blue,
                yellow: s.yellow,
                red: s.red,
                moved: s.moved,
                activated: s.activated,
            }
        } else {
            BlockView::Hidden { side, isolated: s.isolated, blue: s.blue, yellow: s.yellow, red: s.red }
        }
    }

    /// The step being decided, as the side that is not deciding sees it (BM-8, BM-116): a
    /// step that names a concealed block, or carries a count that gives away a concealed
    /// block's type or strength, is replaced by what the table shows.
    fn step_seen_by_other(&self, step: Step) -> Step {
        match step {
            // The opponent sees a block picked up in an area, not which one or its MP.
            Step::UnitMove { block, .. } => Step::ConcealedUnitMove { area: self.area_of(block).map_or(0, |a| a + 1) },
            Step::LeaderMove { leader, .. } => Step::ConcealedLeaderMove { area: self.area_of(leader).map_or(0, |a| a + 1) },
            // The LP left after restoring give the colours of the dots restored.
            Step::RestoreCombat { .. } => Step::ConcealedRestoreCombat,
            // The LP and the most that may be called tell of a concealed CinC (3.3).
            Step::Reinforcements { .. } => Step::ConcealedReinforcements,
            // CinCMove names the CinC, which only moves in Logistics before his reveal (3.1),
            // with the MP printed on his block; Jager comes after the reveal (5.3.3); the
            // others carry public counts only.
            s => s,
        }
    }

    pub(crate) fn view_for(&self, viewer: Side) -> View {
        let n = self.scen.areas.len();
        let mut per_area: Vec<Vec<BlockView>> = vec![Vec::new(); n];
        for b in self.all_blocks() {
            if let Some(a) = self.area_of(b) {
                per_area[a as usize].push(self.block_view(b, viewer));
            }
        }
        let areas = per_area
            .into_iter()
            .enumerate()
            .map(|(i, mut blocks)| {
                // Hidden blocks carry no id: sort them by what is visible only.
                blocks.sort_by_key(|v| match v {
                    BlockView::Known { block, .. } => (0, *block as u16),
                    BlockView::Hidden { side, isolated, blue, yellow, red } => {
                        (1, ((*side as u16) << 4) | ((*isolated as u16) << 3) | ((*blue as u16) << 2) | ((*yellow as u16) << 1) | *red as u16)
                    }
                });
                let has = |s: Side| blocks.iter().any(|v| matches!(v, BlockView::Known { side, .. } | BlockView::Hidden { side, .. } if *side == s));
                AreaView {
                    area: i as AreaId + 1,
                    control: self.control[i],
                    contested: has(Side::French) && has(Side::Russian),
                    isolated: [self.iso_areas[0] & bit(i as u8) != 0, self.iso_areas[1] & bit(i as u8) != 0],
                    blocks,
                }
            })
            .collect();
        let reserve_of = |s: Side| self.all_blocks().filter(move |&b| self.side_of(b) == s && self.blocks[b as usize].loc == Loc::Reserve);
        let prompt = self.current_prompt();
        let imp_active = !matches!(
            self.phase,
            Phase::Logistics { .. } | Phase::CinCMove { .. } | Phase::LogisticsEnd | Phase::TurnStart | Phase::GrandBattery | Phase::Final | Phase::Over | Phase::ImpulsePhaseStart | Phase::ImpulseStart | Phase::Choice
        );
        let impulse_state = imp_active.then(|| ImpulseView {
            kind: self.imp.kind,
            leaders: self.imp.leaders.clone(),
            leader_cap: self.imp.leader_cap,
            artillery_cap: self.imp.art_cap,
            new_battles: members(self.imp.new_battles).map(|a| a + 1).collect(),
            resolved: members(self.imp.resolved).map(|a| a + 1).collect(),
            new_battle_cap: self.imp.new_cap(),
            current_battles_left: self.imp.current_cap().saturating_sub(self.imp.current_resolved),
            moved: self.imp.moved,
            move_limit: self.imp.limit,
            ordered: if viewer == self.active { (0..self.blocks.len() as u8).filter(|&b| self.imp.ordered & bit(b) != 0).collect() } else { Vec::new() },
        });
        let fleches = [Side::French, Side::Russian].into_iter().find(|&s| self.holds_fleches(s));
        let in_logistics = matches!(self.phase, Phase::Logistics { .. }) && self.log.activated.iter().any(|&a| a);
        View {
            viewer,
            scenario: self.scenario_id.clone(),
            turn: self.turn,
            impulse: self.impulse_no,
            active: self.active,
            initiative: self.initiative,
            consecutive_passes: self.passes,
            deciding: prompt.as_ref().map(|p| p.side),
            step: prompt.map(|p| if p.side == viewer { p.step } else { self.step_seen_by_other(p.step) }),
            areas,
            reserve: reserve_of(viewer).collect(),
            reserve_counts: [reserve_of(Side::French).count() as u8, reserve_of(Side::Russian).count() as u8],
            destroyed: self
                .all_blocks()
                .filter(|&b| self.blocks[b as usize].loc == Loc::Destroyed)
                .map(|b| LostView { block: b, side: self.side_of(b), counts: self.scen.block(b).counts_for_morale })
                .collect(),
            morale_losses: [self.morale_losses(Side::French), self.morale_losses(Side::Russian)],
            victory_areas: [self.victory_areas_held(Side::French), self.victory_areas_held(Side::Russian)],
            fleches,
            points: self.last_blood.then(|| [self.last_blood_points(Side::French), self.last_blood_points(Side::Russian)]),
            cinc_strength: self.cinc_strength(viewer),
            logistic_value: self.logistic_value(viewer),
            impulse_state,
            battle: self.battle.as_ref().map(|b| BattleView {
                area: b.area + 1,
                attacker: b.attacker,
                new: b.new,
                artillery_fired: b.fired.clone(),
                defence_bonus_left: b.bonus_left,
            }),
            // BM-116: the LP left in the other side's Logistics would give away the colour of
            // the dots it restored on concealed blocks.
            logistics_budget: (in_logistics && matches!(self.phase, Phase::Logistics { side, .. } if side == viewer)).then_some(self.log.budget),
            options: self.options.clone(),
            options_out_of_order: self.options.out_of_order(),
            outcome: self.outcome.clone(),
        }
    }
}
