//! 5.3 Battles: 5.3.1 artillery fire, 5.3.2/6.4 the defender's retreat, 5.3.3 reveal, 5.3.4
//! ground combat, 5.3.5 combined attack, 5.3.6 damage distribution with target priority, 5.3.7
//! concealing; 9.1 jagers, 9.2 Grand Battery salvo, 9.6 shields, 9.9 advanced combat, 9.10
//! battle fatigue.
use super::action::{Action, BlockId, Event, Ignored, RollPurpose, Shown, Side, Step};
use super::scenario::{Kind, Terrain};
use super::sequence::{bit, BStage, Battle, HitJob, Phase};
use super::BloodyMonday;
use crate::games::Prompt;

/// 9.9 the order of fire in a yellow or red area.
const ADVANCED_STEPS: u8 = 6;

pub(crate) fn advanced_class(kind: Kind, step: u8) -> bool {
    match step {
        0 => kind == Kind::Jager,
        1 => kind == Kind::LineInfantry,
        2 => kind == Kind::Militia,
        3 => matches!(kind, Kind::LightCavalry | Kind::Cossack),
        4 => kind == Kind::HeavyCavalry,
        _ => kind.is_support(),
    }
}

impl BloodyMonday {
    // ------------------------------------------------------------------ 9.2 Grand Battery

    pub(crate) fn salvo_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        for b in self.all_blocks() {
            if self.side_of(b) != Side::French || !self.kind(b).is_artillery() || self.salvo.iter().any(|&(x, _)| x == b) {
                continue;
            }
            let Some(a) = self.area_of(b) else { continue };
            if !self.scen.grand_battery.contains(&a) {
                continue;
            }
            for t in self.scen.neighbours(a) {
                if self.has_units(t, Side::Russian) {
                    out.push(Action::Salvo { artillery: b, target: t + 1 });
                }
            }
        }
        out.push(Action::EndSalvo);
        out
    }

    /// 9.2 each declared gun rolls 4 TF dice (D29: not reduced, no CinC cap); the Russian
    /// assigns each target's hits unseen, with one defence bonus a target area.
    pub(crate) fn fire_salvo(&mut self, ev: &mut Vec<Event>) {
        let salvo = std::mem::take(&mut self.salvo);
        let mut per_area: Vec<(u8, u8)> = Vec::new();
        for &(art, t) in &salvo {
            let dice: Vec<u8> = (0..self.scen.salvo_dice).map(|_| self.dice.d6()).collect();
            let hits = dice.iter().filter(|&&d| d >= 4).count() as u8;
            ev.push(Event::Rolled { side: Side::French, purpose: RollPurpose::Salvo { artillery: Some(art), area: t + 1 }, dice, hits });
            match per_area.iter_mut().find(|(a, _)| *a == t) {
                Some(e) => e.1 += hits,
                None => per_area.push((t, hits)),
            }
        }
        for (t, hits) in per_area {
            let bonus = self.scen.area(t).terrain.defence_bonus(self.control[t as usize] == Side::Russian);
            let ignored = bonus.min(hits);
            if ignored > 0 {
                ev.push(Event::HitsIgnored { side: Side::Russian, area: t + 1, hits: ignored, why: Ignored::DefenceBonus });
            }
            if hits > ignored {
                self.hits.push(HitJob { owner: Side::Russian, area: t, hits: hits - ignored });
            }
        }
        self.phase = Phase::ImpulsePhaseStart;
    }

    // ------------------------------------------------------------------ hits

    /// 5.3.6 the blocks that may take the next hit: combat units before support units
    /// (5.3.6.1), the greatest current strength first (D48).
    pub(crate) fn hit_candidates(&self, job: &HitJob) -> Vec<BlockId> {
        let units: Vec<BlockId> = self.units_in(job.area, job.owner).collect();
        let combat: Vec<BlockId> = units.iter().copied().filter(|&b| self.kind(b).is_combat()).collect();
        let set = if combat.is_empty() { units } else { combat };
        let max = set.iter().map(|&b| self.strength(b)).max().unwrap_or(0);
        set.into_iter().filter(|&b| self.strength(b) == max).collect()
    }

    /// BM-151/197/233: hits on concealed units (5.3.1 artillery, 9.2 salvo: "without showing
    /// his units") are assigned by their owner unseen. Prompting only on a tie would tell the
    /// opponent that concealed units tie, so the owner is asked for every such hit whenever
    /// his side has two or more blocks in the area and one of them is concealed, which the
    /// opponent sees anyway (one block: no choice, nothing to learn).
    fn assignment_is_hidden(&self, job: &HitJob) -> bool {
        let mut n = 0;
        let mut concealed = false;
        for b in self.units_in(job.area, job.owner) {
            n += 1;
            concealed |= !self.blocks[b as usize].revealed;
        }
        n >= 2 && concealed
    }

    /// Assign pending hits where there is no choice. True when the owner must choose.
    pub(crate) fn process_hits(&mut self, ev: &mut Vec<Event>) -> bool {
        while let Some(job) = self.hits.first().cloned() {
            if job.hits == 0 {
                self.hits.remove(0);
                continue;
            }
            let cands = self.hit_candidates(&job);
            match cands.len() {
                0 => {
                    // 5.3.6.1 hits beyond the units present are lost.
                    self.hits.remove(0);
                }
                1 if !self.assignment_is_hidden(&job) => self.assign_one_hit(cands[0], ev),
                _ => return true,
            }
        }
        false
    }

    pub(crate) fn assign_one_hit(&mut self, b: BlockId, ev: &mut Vec<Event>) {
        let Some(job) = self.hits.first_mut() else { return };
        job.hits = job.hits.saturating_sub(1);
        let area = job.area;
        self.apply_hit(b, area, true, ev);
    }

    /// One hit on a block: 9.6 shield, else 2.3b a level lost (support units destroyed).
    pub(crate) fn apply_hit(&mut self, b: BlockId, area: u8, shield_counts: bool, ev: &mut Vec<Event>) {
        let side = self.side_of(b);
        let blk = self.scen.block(b);
        if shield_counts && self.options.steadfast && blk.shield.is_some() && !self.blocks[b as usize].shield_used {
            self.blocks[b as usize].shield_used = true;
            ev.push(Event::HitsIgnored { side, area: area + 1, hits: 1, why: Ignored::Shield });
            return;
        }
        let lowest = blk.lowest_level();
        if blk.kind.is_support() || self.blocks[b as usize].level >= lowest {
            self.destroy(b, ev);
        } else {
            self.blocks[b as usize].level += 1;
            let shown = self.blocks[b as usize].revealed.then_some(b);
            ev.push(Event::HitTaken { side, area: area + 1, block: shown });
        }
    }

    /// Queue hits on `owner` in the battle area, after the defender's terrain bonus (D4).
    fn queue_hits(&mut self, owner: Side, hits: u8, ev: &mut Vec<Event>) {
        let Some(bt) = self.battle.as_mut() else { return };
        let area = bt.area;
        let mut hits = hits;
        if owner != bt.attacker && bt.bonus_left > 0 && hits > 0 {
            let ig = hits.min(bt.bonus_left);
            bt.bonus_left -= ig;
            hits -= ig;
            ev.push(Event::HitsIgnored { side: owner, area: area + 1, hits: ig, why: Ignored::DefenceBonus });
        }
        if hits > 0 {
            self.hits.push(HitJob { owner, area, hits });
        }
    }

    /// Roll for `side`'s units in the area that pass `filter` and have not rolled yet: a
    /// combat unit its first dots (half, rounded up, with a light-blue cube, D6), inspired one
    /// better; a support unit its one die (2.3a). Returns the hits.
    fn roll_units(&mut self, side: Side, area: u8, purpose: RollPurpose, filter: impl Fn(Kind) -> bool, ev: &mut Vec<Event>) -> u8 {
        let acted = self.battle.as_ref().map_or(0, |b| b.acted);
        let units: Vec<BlockId> = self.units_in(area, side).filter(|&b| filter(self.kind(b)) && acted & bit(b) == 0).collect();
        let mut dice = Vec::new();
        let mut hits = 0;
        for b in units {
            let needs = self.hit_numbers(b);
            for need in needs {
                let d = self.dice.d6();
                dice.push(d);
                if d >= need {
                    hits += 1;
                }
            }
        }
        if !dice.is_empty() {
            ev.push(Event::Rolled { side, purpose, dice, hits });
        }
        hits
    }

    /// The face each of the block's dice needs in ground combat.
    pub(crate) fn hit_numbers(&self, b: BlockId) -> Vec<u8> {
        let blk = self.scen.block(b);
        let s = &self.blocks[b as usize];
        if blk.kind.is_combat() {
            let st = blk.strength_at(s.level) as usize;
            let n = if s.blue { st.div_ceil(2) } else { st };
            blk.dots.iter().take(n).map(|d| d.hits_on(s.yellow)).collect()
        } else {
            blk.dots.iter().take(1).map(|d| d.hits_on(false)).collect()
        }
    }

    // ------------------------------------------------------------------ the battle

    pub(crate) fn start_battle(&mut self, area: u8, ev: &mut Vec<Event>) {
        let attacker = self.active;
        let defender = attacker.other();
        // 1.2.1 / D3 the red bonus only if the defender controls the area.
        let bonus = self.scen.area(area).terrain.defence_bonus(self.control[area as usize] == defender);
        let new = self.imp.new_battles & bit(area) != 0 && self.imp.contested_start & bit(area) == 0;
        self.imp.resolved |= bit(area);
        if !new {
            self.imp.current_resolved += 1;
        }
        self.battle = Some(Battle { area, attacker, new, stage: BStage::Artillery, fired: Vec::new(), bonus_left: bonus, acted: 0, asked: 0 });
        ev.push(Event::BattleBegins { area: area + 1, attacker, new });
        self.phase = Phase::Battle;
    }

    pub(super) fn artillery_candidates(&self, bt: &Battle) -> Vec<BlockId> {
        if bt.fired.len() as u8 >= self.imp.art_cap {
            return Vec::new();
        }
        self.all_blocks()
            .filter(|&b| {
                let s = &self.blocks[b as usize];
                self.side_of(b) == bt.attacker
                    && self.kind(b).is_artillery()
                    && s.activated
                    && self.strength(b) > 0
                    && !bt.fired.contains(&b)
                    && s.area().is_some_and(|a| self.scen.adjacent(a, bt.area))
            })
            .collect()
    }

    /// 6.4 where a retreating (or 9.1 skirmishing) block may go.
    fn retreat_areas(&self, b: BlockId, from: u8) -> Vec<u8> {
        let side = self.side_of(b);
        let cinc = self.kind(b) == Kind::CommanderInChief;
        self.scen
            .neighbours(from)
            .filter(|&a| {
                self.control[a as usize] == side
                    && !self.has_units(a, side.other())
                    && (cinc || self.room(a, side) > 0)
                    && self.may_enter_part(b, a)
            })
            .collect()
    }

    fn next_jager(&self, bt: &Battle) -> Option<BlockId> {
        self.units_in(bt.area, Side::Russian)
            .find(|&b| self.kind(b) == Kind::Jager && self.blocks[b as usize].level == 0 && bt.asked & bit(b) == 0)
    }

    /// 5.3.5 the one side able to make a combined attack, if exactly one is (D49).
    fn combined_qualifier(&self, area: u8) -> Option<Side> {
        let q = |side: Side| {
            let units: Vec<BlockId> = self.units_in(area, side).filter(|&b| !self.blocks[b as usize].blue).collect();
            let inf = units.iter().any(|&b| self.kind(b).is_infantry());
            let cav = units.iter().any(|&b| {
                let k = self.kind(b);
                k.is_cavalry() && !(self.options.cossacks && k == Kind::Cossack)
            });
            inf && cav
        };
        match (q(Side::French), q(Side::Russian)) {
            (true, false) => Some(Side::French),
            (false, true) => Some(Side::Russian),
            _ => None,
        }
    }

    pub(crate) fn battle_prompt(&self) -> Option<Prompt<Side, Step, Action>> {
        let bt = self.battle.as_ref()?;
        let area = bt.area + 1;
        let defender = bt.attacker.other();
        let (side, step, actions) = match bt.stage {
            BStage::Artillery => {
                let mut acts: Vec<Action> = self.artillery_candidates(bt).into_iter().map(|a| Action::FireArtillery { artillery: a }).collect();
                acts.push(Action::EndArtillery);
                (bt.attacker, Step::ArtilleryFire { area, fired: bt.fired.len() as u8, cap: self.imp.art_cap }, acts)
            }
            BStage::RetreatOffer => (defender, Step::DefenderRetreat { area }, vec![Action::Retreat, Action::StandFast]),
            BStage::Retreating => (defender, Step::Retreat { area }, self.retreat_actions(bt)),
            BStage::Jagers => {
                let j = self.next_jager(bt)?;
                let mut acts: Vec<Action> = self.retreat_areas(j, bt.area).into_iter().map(|to| Action::Skirmish { jager: j, to: to + 1 }).collect();
                acts.push(Action::Ambush { jager: j });
                acts.push(Action::HoldPosition { jager: j });
                (Side::Russian, Step::Jager { area, jager: j }, acts)
            }
            BStage::CombinedOffer(q) => (q, Step::CombinedAttack { area }, vec![Action::CombinedAttack, Action::NoCombinedAttack]),
            _ => return None,
        };
        Some(Prompt { side, step, actions, templates: Vec::new() })
    }

    fn retreat_actions(&self, bt: &Battle) -> Vec<Action> {
        let defender = bt.attacker.other();
        let mut out = Vec::new();
        for b in self.units_in(bt.area, defender) {
            for to in self.retreat_areas(b, bt.area) {
                out.push(Action::RetreatTo { block: b, to: to + 1 });
            }
        }
        out
    }

    fn set_stage(&mut self, stage: BStage) {
        if let Some(bt) = self.battle.as_mut() {
            bt.stage = stage;
        }
    }

    pub(crate) fn battle_action(&mut self, a: &Action, ev: &mut Vec<Event>) {
        let Some(bt) = self.battle.clone() else { return };
        let area = bt.area;
        let defender = bt.attacker.other();
        match a {
            Action::FireArtillery { artillery } => {
                // 5.3.1 TF dice equal to its strength, then it drops a level and stays active.
                let b = *artillery;
                let n = self.strength(b);
                let dice: Vec<u8> = (0..n).map(|_| self.dice.d6()).collect();
                let hits = dice.iter().filter(|&&d| d >= 4).count() as u8;
                ev.push(Event::Rolled { side: bt.attacker, purpose: RollPurpose::ArtilleryFire { artillery: b, area: area + 1 }, dice, hits });
                let lowest = self.scen.block(b).lowest_level();
                let s = &mut self.blocks[b as usize];
                s.level = (s.level + 1).min(lowest);
                s.red = true;
                ev.push(Event::Reduced { side: bt.attacker, block: Some(b) });
                if let Some(x) = self.battle.as_mut() {
                    x.fired.push(b);
                }
                self.queue_hits(defender, hits, ev);
            }
            Action::EndArtillery => self.set_stage(BStage::RetreatOffer),
            Action::Retreat => {
                self.spend_initiative(super::ImpulseKind::Pass, ev);
                self.set_stage(BStage::Retreating);
            }
            Action::StandFast => self.set_stage(BStage::Reveal),
            Action::RetreatTo { block, to } => {
                self.set_loc(*block, super::Loc::Area(to - 1));
                let s = &mut self.blocks[*block as usize];
                s.revealed = false;
                s.yellow = false;
                s.blue = false;
                ev.push(Event::Retreated { side: defender, from: area + 1, to: *to, block: None });
                self.update_control(area, ev);
            }
            Action::Skirmish { jager, to } => {
                self.mark_asked(*jager);
                // 9.1 one hit (bonus only when the Russians defend, D28; shield 9.6), then away.
                let mut ignored = false;
                if defender == Side::Russian {
                    if let Some(x) = self.battle.as_mut() {
                        if x.bonus_left > 0 {
                            x.bonus_left -= 1;
                            ignored = true;
                        }
                    }
                }
                if ignored {
                    ev.push(Event::HitsIgnored { side: Side::Russian, area: area + 1, hits: 1, why: Ignored::DefenceBonus });
                } else {
                    self.apply_hit(*jager, area, true, ev);
                }
                if self.area_of(*jager) == Some(area) {
                    self.set_loc(*jager, super::Loc::Area(to - 1));
                    let s = &mut self.blocks[*jager as usize];
                    s.revealed = false;
                    s.yellow = false;
                    s.blue = false;
                    ev.push(Event::Skirmished { jager: *jager, from: area + 1, to: *to });
                    self.update_control(area, ev);
                }
            }
            Action::Ambush { jager } => {
                // 9.1 the jager fires first (its normal dice, D27); hits applied at once.
                self.mark_asked(*jager);
                let j = *jager;
                let needs = self.hit_numbers(j);
                let dice: Vec<u8> = needs.iter().map(|_| self.dice.d6()).collect();
                let hits = dice.iter().zip(&needs).filter(|(d, n)| d >= n).count() as u8;
                ev.push(Event::Rolled { side: Side::Russian, purpose: RollPurpose::Ambush { jager: j, area: area + 1 }, dice, hits });
                if let Some(x) = self.battle.as_mut() {
                    x.acted |= bit(j);
                }
                self.queue_hits(Side::French, hits, ev);
            }
            Action::HoldPosition { jager } => self.mark_asked(*jager),
            Action::CombinedAttack => {
                if let BStage::CombinedOffer(q) = bt.stage {
                    let hits = self.roll_units(q, area, RollPurpose::CombinedAttack { area: area + 1 }, |_| true, ev);
                    self.queue_hits(q.other(), hits, ev);
                    self.set_stage(BStage::CombinedSecond(q));
                }
            }
            Action::NoCombinedAttack => self.simultaneous(area, ev),
            _ => {}
        }
    }

    fn mark_asked(&mut self, b: BlockId) {
        if let Some(x) = self.battle.as_mut() {
            x.asked |= bit(b);
        }
    }

    /// 5.3.4 both roll at once; the inactive player assigns first (FAQ-9).
    fn simultaneous(&mut self, area: u8, ev: &mut Vec<Event>) {
        let Some(attacker) = self.battle.as_ref().map(|b| b.attacker) else { return };
        let purpose = RollPurpose::GroundCombat { area: area + 1 };
        let a = self.roll_units(attacker, area, purpose, |_| true, ev);
        let d = self.roll_units(attacker.other(), area, purpose, |_| true, ev);
        self.queue_hits(attacker.other(), a, ev);
        self.queue_hits(attacker, d, ev);
        self.set_stage(BStage::End);
    }

    /// Run the battle's automatic steps. True when a decision waits.
    pub(crate) fn battle_run(&mut self, ev: &mut Vec<Event>) -> bool {
        let Some(bt) = self.battle.clone() else {
            self.phase = Phase::Battles;
            return false;
        };
        let area = bt.area;
        let attacker = bt.attacker;
        let defender = attacker.other();
        let both = self.has_units(area, attacker) && self.has_units(area, defender);
        match bt.stage {
            BStage::End => self.end_battle(ev),
            _ if !both && bt.stage != BStage::Retreating => self.set_stage(BStage::End),
            BStage::Artillery => {
                if !self.artillery_candidates(&bt).is_empty() {
                    return true;
                }
                self.set_stage(BStage::RetreatOffer);
            }
            BStage::RetreatOffer => {
                // 5.3.2 only the disk holder may retreat.
                if self.initiative == defender {
                    return true;
                }
                self.set_stage(BStage::Reveal);
            }
            BStage::Retreating => {
                if !self.retreat_actions(&bt).is_empty() {
                    return true;
                }
                // 6.4 units that cannot retreat are destroyed.
                let stuck: Vec<BlockId> = self.units_in(area, defender).collect();
                if !stuck.is_empty() {
                    ev.push(Event::NoRetreat { side: defender, area: area + 1 });
                }
                for b in stuck {
                    self.destroy(b, ev);
                }
                self.set_stage(BStage::End);
            }
            BStage::Reveal => {
                // 5.3.3 both sides reveal.
                for side in [defender, attacker] {
                    let units: Vec<BlockId> = self.units_in(area, side).collect();
                    for &b in &units {
                        self.blocks[b as usize].revealed = true;
                    }
                    let blocks = units.iter().map(|&b| Shown { block: b, strength: self.strength(b) }).collect();
                    ev.push(Event::Revealed { side, area: area + 1, blocks });
                }
                let rough = self.scen.area(area).terrain != Terrain::Green;
                self.set_stage(if self.options.jagers && rough { BStage::Jagers } else { BStage::Combat });
            }
            BStage::Jagers => {
                if self.next_jager(&bt).is_some() {
                    return true;
                }
                self.set_stage(BStage::Combat);
            }
            BStage::Combat => {
                let terrain = self.scen.area(area).terrain;
                if self.options.advanced_combat && terrain != Terrain::Green {
                    self.set_stage(BStage::Advanced(0));
                } else if terrain == Terrain::Green {
                    match self.combined_qualifier(area) {
                        Some(q) => {
                            self.set_stage(BStage::CombinedOffer(q));
                            return true;
                        }
                        None => self.simultaneous(area, ev),
                    }
                } else {
                    self.simultaneous(area, ev);
                }
            }
            BStage::CombinedOffer(_) => return true,
            BStage::CombinedSecond(q) => {
                let hits = self.roll_units(q.other(), area, RollPurpose::GroundCombat { area: area + 1 }, |_| true, ev);
                self.queue_hits(q, hits, ev);
                self.set_stage(BStage::End);
            }
            BStage::Advanced(k) => {
                if k >= ADVANCED_STEPS {
                    self.set_stage(BStage::End);
                } else {
                    // 9.9 each type in turn, both sides together, hits applied at once.
                    let purpose = RollPurpose::GroundCombat { area: area + 1 };
                    let a = self.roll_units(attacker, area, purpose, |kind| advanced_class(kind, k), ev);
                    let d = self.roll_units(defender, area, purpose, |kind| advanced_class(kind, k), ev);
                    self.queue_hits(defender, a, ev);
                    self.queue_hits(attacker, d, ev);
                    self.set_stage(BStage::Advanced(k + 1));
                }
            }
        }
        false
    }

    /// 5.3.7 the battle is over: cubes off, control, the controller conceals.
    fn end_battle(&mut self, ev: &mut Vec<Event>) {
        let Some(bt) = self.battle.take() else { return };
        let area = bt.area;
        for s in self.blocks.iter_mut() {
            s.shield_used = false;
            if s.loc == super::Loc::Area(area) {
                s.yellow = false;
                s.blue = false;
            }
        }
        self.update_control(area, ev);
        let controller = self.control[area as usize];
        let units: Vec<BlockId> = self.units_in(area, controller).collect();
        for b in units {
            let s = &mut self.blocks[b as usize];
            // D18 activated support units stay revealed until 5.4.
            if !s.activated {
                s.revealed = false;
            }
        }
        ev.push(Event::Concealed { side: controller, area: area + 1 });
        ev.push(Event::BattleEnds { area: area + 1, control: controller, contested: self.contested(area) });
        self.phase = Phase::Battles;
    }

    /// 9.10 every unit in a contested area without a shield takes one hit, no bonus (D5).
    pub(crate) fn battle_fatigue(&mut self, ev: &mut Vec<Event>) {
        let contested = self.contested_set();
        for a in super::impulse::members(contested) {
            ev.push(Event::Fatigue { area: a + 1 });
            let units: Vec<BlockId> = self.all_blocks().filter(|&b| self.area_of(b) == Some(a)).collect();
            for b in units {
                if self.scen.block(b).shield.is_none() {
                    self.apply_hit(b, a, false, ev);
                }
            }
        }
    }
}

