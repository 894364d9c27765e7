//! 3.0 Logistics Phase: 3.1 activating the CinC (moving first, then the reveal), 3.2 the
//! logistic value, 3.3 placing reinforcements in order, 3.4/3.5 restoring steps; and 6.1,
//! which places reinforcements the same way.
use super::action::{Action, BlockId, Event, Shown, Side, Step};
use super::scenario::{side_index, Kind};
use super::sequence::{bit, LogStage, Phase};
use super::{BloodyMonday, Loc};
use crate::games::Prompt;

impl BloodyMonday {
    /// Victory areas `side` controls: the six single ones, plus one for all three flèches.
    pub fn victory_areas_held(&self, side: Side) -> u8 {
        let singles = self.scen.victory_areas.iter().filter(|&&a| self.control[a as usize] == side).count() as u8;
        singles + self.holds_fleches(side) as u8
    }
    pub fn holds_fleches(&self, side: Side) -> bool {
        self.scen.fleches.iter().all(|&a| self.control[a as usize] == side)
    }

    /// 3.2 LP = the CinC's strength + the victory areas held (isolated ones too).
    pub fn logistic_value(&self, side: Side) -> u8 {
        self.cinc_strength(side) + self.victory_areas_held(side)
    }

    /// 3.3 may block `b` be placed in area `a` now?
    pub(crate) fn reinforcement_area_ok(&self, side: Side, a: u8, b: Option<BlockId>) -> bool {
        self.control[a as usize] == side
            && self.iso_areas[side_index(side)] & bit(a) == 0
            && !self.has_units(a, side.other())
            && self.room(a, side) > 0
            && b.is_none_or(|b| self.may_enter_part(b, a))
    }

    fn reserve_pool(&self, side: Side) -> Vec<BlockId> {
        self.all_blocks().filter(|&b| self.side_of(b) == side && self.blocks[b as usize].loc == Loc::Reserve).collect()
    }

    /// D36 the most reinforcements that may be called: LP, the pool and the room.
    pub(crate) fn reinforcement_max(&self, side: Side, lp: u8) -> u8 {
        let room: usize = self.scen.reinforcement_order[side_index(side)]
            .iter()
            .filter(|&&a| self.reinforcement_area_ok(side, a, None))
            .map(|&a| self.room(a, side))
            .sum();
        (lp as usize).min(self.reserve_pool(side).len()).min(room) as u8
    }

    /// 3.3 draw `count` blocks at random and place each in the first eligible area in order.
    pub(crate) fn place_reinforcements(&mut self, side: Side, count: u8, ev: &mut Vec<Event>) {
        if count == 0 {
            return;
        }
        for _ in 0..count {
            let pool = self.reserve_pool(side);
            if pool.is_empty() {
                break;
            }
            let pick = self.dice.roll(pool.len() as u8) as usize - 1;
            let b = pool[pick.min(pool.len() - 1)];
            let order = self.scen.reinforcement_order[side_index(side)].clone();
            if let Some(&a) = order.iter().find(|&&a| self.reinforcement_area_ok(side, a, Some(b))) {
                self.set_loc(b, Loc::Area(a));
                let s = &mut self.blocks[b as usize];
                s.revealed = false;
                s.isolated = false;
                ev.push(Event::ReinforcementPlaced { side, area: a + 1 });
            }
        }
        let left = self.reserve_pool(side).len() as u8;
        ev.push(Event::ReinforcementsLeft { side, in_reserve: left });
    }

    /// 3.1 may the CinC be revealed where he stands (controlled, uncontested)?
    pub(crate) fn may_activate_cinc_here(&self, side: Side) -> bool {
        let c = self.scen.cinc[side_index(side)];
        match self.area_of(c) {
            Some(a) => {
                self.control[a as usize] == side && !self.has_units(a, side.other()) && self.strength(c) > 0 && !self.blocks[c as usize].activated
            }
            None => false,
        }
    }

    /// What a restore step of `b` costs (3.4, 3.5a: 1; 3.5b: the next dot's colour).
    fn restore_cost(&self, b: BlockId) -> u8 {
        let blk = self.scen.block(b);
        if blk.kind.is_combat() {
            let s = self.strength(b) as usize;
            blk.dots.get(s).map_or(u8::MAX, |d| d.restore_cost())
        } else {
            1
        }
    }

    fn restore_candidates(&self, side: Side, stage: LogStage, budget: u8) -> Vec<BlockId> {
        self.all_blocks()
            .filter(|&b| {
                let s = &self.blocks[b as usize];
                let k = self.kind(b);
                let kind_ok = match stage {
                    LogStage::Leaders => k == Kind::TacticalLeader,
                    LogStage::Artillery => k.is_artillery(),
                    LogStage::Combat => k.is_combat(),
                    _ => false,
                };
                // 3.5b isolated units are not restored; D44 never above the maximum.
                kind_ok && self.side_of(b) == side && s.area().is_some() && !s.isolated && s.level > 0 && self.restore_cost(b) <= budget
            })
            .collect()
    }

    pub(crate) fn logistics_prompt(&self, side: Side, stage: LogStage) -> Prompt<Side, Step, Action> {
        let c = self.scen.cinc[side_index(side)];
        let budget = self.log.budget;
        let (step, actions) = match stage {
            LogStage::Decide => {
                let mut acts = Vec::new();
                if self.may_activate_cinc_here(side) {
                    acts.push(Action::Activate { block: c });
                }
                if self.strength(c) > 0 && !self.legal_steps(c, self.mp(c), super::movement::Purpose::Logistics).is_empty() {
                    acts.push(Action::Move { block: c });
                }
                acts.push(Action::Decline);
                (Step::Logistics, acts)
            }
            LogStage::Reinforce => {
                let max = self.reinforcement_max(side, self.log.lp);
                (Step::Reinforcements { lp: self.log.lp, max }, (0..=max).map(|count| Action::Reinforce { count }).collect())
            }
            _ => {
                let mut acts: Vec<Action> = self.restore_candidates(side, stage, budget).into_iter().map(|b| Action::Restore { block: b }).collect();
                acts.push(Action::EndRestore);
                let step = match stage {
                    LogStage::Leaders => Step::RestoreLeaders { budget },
                    LogStage::Artillery => Step::RestoreArtillery { budget },
                    _ => Step::RestoreCombat { budget },
                };
                (step, acts)
            }
        };
        Prompt { side, step, actions, templates: Vec::new() }
    }

    fn next_stage(&mut self, side: Side, stage: LogStage) {
        self.log.budget = self.log.lp;
        self.phase = match stage {
            LogStage::Decide | LogStage::Reinforce => Phase::Logistics { side, stage: LogStage::Leaders },
            LogStage::Leaders => Phase::Logistics { side, stage: LogStage::Artillery },
            LogStage::Artillery => Phase::Logistics { side, stage: LogStage::Combat },
            LogStage::Combat => self.next_logistics_side(side),
        };
    }

    fn next_logistics_side(&self, side: Side) -> Phase {
        if side != self.initiative {
            Phase::Logistics { side: self.initiative, stage: LogStage::Decide }
        } else {
            Phase::LogisticsEnd
        }
    }

    /// Skip steps with nothing to decide. True when a decision waits.
    pub(crate) fn logistics_auto(&mut self, side: Side, stage: LogStage, _ev: &mut Vec<Event>) -> bool {
        match stage {
            // Finding 7: the player is asked even when Decline is all he may do. A CinC who can
            // neither be activated nor move out is in a contested area with every exit held
            // by the enemy: declining by itself would tell where a concealed CinC stands.
            LogStage::Decide => true,
            LogStage::Reinforce => {
                if self.reinforcement_max(side, self.log.lp) > 0 {
                    return true;
                }
                self.next_stage(side, stage);
                false
            }
            // BM-116: each restore stage waits for its EndRestore even with nothing left to
            // restore. Skipping it by itself would tell the opponent that the side has no
            // damaged block of that kind, or (combat units) no LP left for the next dot.
            _ => true,
        }
    }

    pub(crate) fn logistics_action(&mut self, side: Side, stage: LogStage, a: &Action, ev: &mut Vec<Event>) {
        match a {
            Action::Activate { .. } => self.activate_cinc(side, ev),
            Action::Move { block } => self.phase = Phase::CinCMove { side, mp: self.mp(*block) },
            Action::Decline => {
                ev.push(Event::CinCDeclined { side });
                self.phase = self.next_logistics_side(side);
            }
            Action::Reinforce { count } => {
                self.place_reinforcements(side, *count, ev);
                self.next_stage(side, stage);
            }
            Action::Restore { block } => {
                let cost = self.restore_cost(*block);
                self.log.budget = self.log.budget.saturating_sub(cost);
                let s = &mut self.blocks[*block as usize];
                s.level = s.level.saturating_sub(1);
                ev.push(Event::Restored { side, cost: Some(cost) });
            }
            Action::EndRestore => self.next_stage(side, stage),
            _ => {}
        }
    }

    /// 3.1 reveal the CinC; 3.2 his logistic value.
    pub(crate) fn activate_cinc(&mut self, side: Side, ev: &mut Vec<Event>) {
        let c = self.scen.cinc[side_index(side)];
        let area = self.area_of(c).unwrap_or(0);
        let s = &mut self.blocks[c as usize];
        s.activated = true;
        s.revealed = true;
        let lp = self.logistic_value(side);
        self.log.lp = lp;
        self.log.budget = lp;
        self.log.activated[side_index(side)] = true;
        ev.push(Event::Revealed { side, area: area + 1, blocks: vec![Shown { block: c, strength: self.strength(c) }] });
        ev.push(Event::CinCActivated { cinc: c, area: area + 1, lp });
        self.phase = Phase::Logistics { side, stage: LogStage::Reinforce };
    }

    /// 3.1 at the end of the phase each activated CinC drops a level and is concealed.
    pub(crate) fn end_logistics(&mut self, ev: &mut Vec<Event>) {
        for side in [Side::French, Side::Russian] {
            if self.log.activated[side_index(side)] {
                let c = self.scen.cinc[side_index(side)];
                let lowest = self.scen.block(c).lowest_level();
                let s = &mut self.blocks[c as usize];
                s.level = (s.level + 1).min(lowest);
                s.activated = false;
                s.revealed = false;
                ev.push(Event::Reduced { side, block: Some(c) });
            }
        }
        self.log = Default::default();
    }
}
