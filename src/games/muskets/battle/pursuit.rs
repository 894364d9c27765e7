//! SR 9.2.p Pursuit (the Pursuit Table is the G8 stand-in) and SR 9.2.q Casualty count and
//! Retreat, with the combat experience of SR 10.2.
use super::action::{push_modifier, CuId, EndReason, Event, Modifier, ModifierCause, RollPurpose, Section, Side};
use super::engagement::Cause;
use super::scenario::{Arm, Quality};
use super::sequence::Phase;
use super::{Battle, BattleResult, Outcome, Place, SideResult};
use crate::core::outcome::Level;

impl Battle {
    /// Cavalry SP in the Reserve or an unengaged Battle Line Section (SR 9.2.p.1, p.3).
    pub(crate) fn uncommitted_cavalry(&self, side: Side) -> u16 {
        let st = self.side(side);
        (0..self.cus.len())
            .filter(|&u| self.scen.cus[u].side == side)
            .filter(|&u| match self.cus[u].place {
                Place::Display(Section::Reserve) => true,
                Place::Display(s) => s.is_line() && !st.engaged[s.index()],
                _ => false,
            })
            .map(|u| self.fresh_sp_of_arm(u as CuId, Arm::Cavalry))
            .sum()
    }

    /// The Pursuit Table column (1-10) for the winner, with every shift of SR 9.2.p.1 and BOE 1:
    /// (the base column, the shifts by cause, the column used = base + shifts within 1-10).
    pub(crate) fn pursuit_column(&self, w: Side) -> (u8, Vec<Modifier>, u8) {
        let l = w.other();
        let st = self.side(w);
        let pct = (100 * st.bep.max(0) as i32 / st.bep_start.max(1) as i32).clamp(0, 100) as u16;
        let base = self.scen_bands().iter().find(|b| pct >= b.0 && pct <= b.1).map_or(3, |b| b.2);
        let (wc, lc) = (self.uncommitted_cavalry(w), self.uncommitted_cavalry(l));
        let mut shifts = Vec::new();
        // One column left per battle round after the 2nd.
        push_modifier(&mut shifts, ModifierCause::Rounds, -(self.round as i16 - 2).max(0));
        if wc > 0 && wc >= 2 * lc {
            push_modifier(&mut shifts, ModifierCause::WinnerCavalry, 2);
        }
        if lc > 0 && lc >= 2 * wc {
            push_modifier(&mut shifts, ModifierCause::LoserCavalry, -3);
        }
        if !self.side(l).loc {
            push_modifier(&mut shifts, ModifierCause::NoLoc, 4);
        }
        // Right by the Tactical Modifier of one winning cavalry commander (the best) whose SP
        // are counted above.
        let best = (0..self.cus.len())
            .filter(|&u| self.scen.cus[u].side == w && self.fresh_sp_of_arm(u as CuId, Arm::Cavalry) > 0)
            .filter(|&u| match self.cus[u].place {
                Place::Display(Section::Reserve) => true,
                Place::Display(s) => s.is_line() && !st.engaged[s.index()],
                _ => false,
            })
            .map(|u| self.leader(super::action::Counter::Cu(u as CuId)).tactical as i16)
            .max();
        if let Some(t) = best {
            push_modifier(&mut shifts, ModifierCause::CavalryCommander, t.max(0));
        }
        if self.scen.retreat_over_river[l.index()] {
            push_modifier(&mut shifts, ModifierCause::RiverRetreat, 2);
        }
        push_modifier(&mut shifts, ModifierCause::Withdraw, self.side(l).withdraw_shift as i16);
        let column = (base as i16 + Modifier::sum(&shifts)).clamp(1, 10) as u8;
        (base, shifts, column)
    }

    /// The Pursuit Table's percent for a d10 `roll` in `column` (1-10; G8 stand-in).
    pub(crate) fn pursuit_percent(roll: u8, column: u8) -> u16 {
        let cell = |t: &super::scenario::Tables| t.pursuit.get(usize::from(roll).wrapping_sub(1))?.get(usize::from(column).wrapping_sub(1)).copied();
        super::scenario::Tables::get().ok().and_then(cell).unwrap_or(0)
    }

    fn scen_bands(&self) -> Vec<(u16, u16, u8)> {
        super::scenario::Tables::get().map(|t| t.bands.clone()).unwrap_or_default()
    }

    /// SR 9.2.p: the winner rolls on the Pursuit Table; losses are the % of its uncommitted
    /// Cav SP when it outnumbers the loser's (D22), taken Cav first (at least 10%), then
    /// Guard/Vet, Ln, Rec at 2 SP a point, plus Art equal to half of them.
    fn pursuit(&mut self, w: Side, ev: &mut Vec<Event>) {
        let l = w.other();
        let (base_column, shifts, column) = self.pursuit_column(w);
        let roll = self.roll(w, RollPurpose::Pursuit, false, ev);
        let pct = Battle::pursuit_percent(roll, column);
        let (wc, lc) = (self.uncommitted_cavalry(w), self.uncommitted_cavalry(l));
        let points = if wc > lc { (pct as u32 * wc as u32 / 100) as u16 } else { 0 };
        let mut taken = 0u16;
        if points > 0 {
            let has_cav = self.loser_sp(l, |t| t.arm == Arm::Cavalry) > 0;
            let cav = if has_cav { (points / 10).max(1) } else { 0 };
            let mut left = points;
            let got = self.pursuit_take(l, cav, |t| t.arm == Arm::Cavalry, 1, ev);
            taken += got;
            left -= got.min(left);
            let got = self.pursuit_take(l, left, |t| t.arm == Arm::Infantry && t.guard_or_vet, 1, ev);
            taken += got;
            left -= got.min(left);
            let got = self.pursuit_take(l, left, |t| t.arm == Arm::Infantry && !t.guard_or_vet && t.quality != Some(Quality::Rec), 1, ev);
            taken += got;
            left -= got.min(left);
            // Rec: 2 SP lost per point of the result (D22).
            let got = self.pursuit_take(l, left * 2, |t| t.arm == Arm::Infantry && t.quality == Some(Quality::Rec), 2, ev);
            taken += got;
            left -= (got / 2).min(left);
            let got = self.pursuit_take(l, left, |t| t.arm == Arm::Cavalry, 1, ev);
            taken += got;
            // Besides: Art SP equal to half the pursuit casualties.
            let art = taken / 2;
            let got = self.pursuit_take(l, art, |t| t.arm == Arm::Artillery, 1, ev);
            taken += got;
        }
        ev.push(Event::PursuitResolved { side: w, base_column, shifts, column, roll, percent: pct, losses: taken });
    }

    fn loser_sp(&self, side: Side, f: impl Fn(&super::scenario::TroopType) -> bool) -> u16 {
        (0..self.cus.len())
            .filter(|&u| self.scen.cus[u].side == side && matches!(self.cus[u].place, Place::Display(_)))
            .flat_map(|u| self.cus[u].sp.iter())
            .filter(|s| f(&self.scen.troops[s.troop as usize]))
            .map(|s| (s.fresh + s.shattered) as u16)
            .sum()
    }

    /// Take up to `n` SP of the matching types from the side's CUs, most-stocked first.
    fn pursuit_take(&mut self, side: Side, n: u16, f: impl Fn(&super::scenario::TroopType) -> bool, _per: u16, ev: &mut Vec<Event>) -> u16 {
        let mut left = n;
        while left > 0 {
            let mut best: Option<(usize, usize, u8)> = None;
            for u in 0..self.cus.len() {
                if self.scen.cus[u].side != side || !matches!(self.cus[u].place, Place::Display(_)) {
                    continue;
                }
                for (i, s) in self.cus[u].sp.iter().enumerate() {
                    let have = s.fresh + s.shattered;
                    if have > 0 && f(&self.scen.troops[s.troop as usize]) && best.is_none_or(|b| have > b.2) {
                        best = Some((u, i, have));
                    }
                }
            }
            let Some((u, i, _)) = best else { break };
            let s = self.cus[u].sp[i];
            let k = ((s.fresh + s.shattered) as u16).min(left) as u8;
            let from_shattered = k.min(s.shattered);
            self.cus[u].sp[i].shattered -= from_shattered;
            self.cus[u].sp[i].fresh -= k - from_shattered;
            left -= k as u16;
            self.count_loss(side, u as CuId, s.troop, k as u16, Cause::Pursuit);
            ev.push(Event::SpLost { side, cu: u as CuId, troop: s.troop, sp: k });
            self.eliminate_if_empty(side, u as CuId, ev);
        }
        n - left
    }

    /// SR 9.2.p-q: pursuit, experience, the split of casualties, and the result.
    pub(crate) fn finish(&mut self, winner: Option<Side>, reason: EndReason, ev: &mut Vec<Event>) {
        ev.push(Event::BattleEnds { winner, reason });
        if let Some(w) = winner {
            if !self.options.no_pursuit {
                self.pursuit(w, ev);
            }
        }
        // SR 10.2: 10% of the loser's, 20% of the winner's unshattered Rec in the line -> Ln.
        if let Some(w) = winner {
            for (side, pct) in [(w, 20u16), (w.other(), 10)] {
                self.experience(side, pct, ev);
            }
        }
        let mut sides = Vec::new();
        for side in Side::BOTH {
            let st = self.side(side);
            // SR 9.2.q.1.c: definitive share of combat casualties: draw 20%, winner 20%,
            // loser 40%; the rest are stragglers. Automatic Victory and pursuit: definitive.
            let pct = if winner.is_some_and(|w| w != side) { 40 } else { 20 };
            let l = st.losses();
            let definitive = l.combat * pct / 100 + l.always_definitive();
            let casualties = l.total();
            let stragglers = casualties - definitive;
            ev.push(Event::LossesCounted { side, casualties, stragglers, definitive });
            let by_unit = self.losses_by_unit(side, l.combat * pct / 100);
            sides.push(SideResult {
                side,
                bep_start: st.bep_start,
                bep_left: st.bep,
                losses: l,
                casualties,
                stragglers,
                definitive,
                by_unit,
                rec_upgraded: st.rec_upgraded,
                sp_left: self.side_sp(side),
                leaders_lost: st.leaders_lost.clone(),
                ap_spent: st.ap_spent.clone(),
                forces_arrived: st.forces_arrived.clone(),
                loc: st.loc,
            });
        }
        let result = BattleResult { winner, reason, rounds: self.round, must_retreat: winner.map(Side::other), sides };
        ev.push(Event::GameOver { winner });
        let level = self.level_of(winner, reason);
        self.outcome = Some(Outcome { winner, level, detail: result });
        self.phase = Phase::Over;
    }

    /// How decisive the battle was, on the common scale:
    /// - no winner: a draw (SR 9.2.q.1.c; D.1-D.6 "if neither wins it is a draw");
    /// - the enemy's Battle Endurance exhausted (SR 9.2.l) or the Guard broken (ER 4.5.c, "the
    ///   Imperials lose the battle"): the enemy army is broken, decisive;
    /// - the enemy withdrew (BOE 1): substantive if its CiC failed the withdrawal roll (the
    ///   pursuit 2 columns right), marginal if it got away in good order (3 columns left);
    /// - both sides out of options (G9 stand-in step 8: 25 points more of BEP % left): a win on
    ///   points, marginal.
    pub(crate) fn level_of(&self, winner: Option<Side>, reason: EndReason) -> Level {
        let Some(w) = winner else { return Level::Draw };
        match reason {
            EndReason::EnduranceExhausted | EndReason::GuardBroken => Level::Decisive,
            EndReason::Withdraw if self.side(w.other()).withdraw_shift > 0 => Level::Substantive,
            EndReason::Withdraw | EndReason::OptionsExhausted => Level::Marginal,
        }
    }

    /// The side's losses by CU and troop type. `combat_definitive` of the combat losses are
    /// definitive (SR 9.2.q.1.c); they are shared out in proportion to each unit's combat
    /// losses, the remainders going to the largest fractions (first listed on a tie), so the
    /// units add up exactly to the side's totals.
    fn losses_by_unit(&self, side: Side, combat_definitive: u16) -> Vec<super::UnitLoss> {
        let lost = &self.side(side).lost_sp;
        let combat: u32 = lost.iter().map(|x| x.losses.combat as u32).sum();
        let mut share: Vec<u16> = Vec::with_capacity(lost.len());
        let mut rest: Vec<(u32, usize)> = Vec::new();
        for (i, x) in lost.iter().enumerate() {
            let exact = x.losses.combat as u32 * combat_definitive as u32;
            let whole = exact.checked_div(combat).unwrap_or(0);
            share.push(whole as u16);
            rest.push((exact - whole * combat.max(1), i));
        }
        let mut missing = combat_definitive.saturating_sub(share.iter().sum());
        rest.sort_by_key(|&(r, i)| (std::cmp::Reverse(r), i));
        for (_, i) in rest {
            if missing == 0 {
                break;
            }
            share[i] += 1;
            missing -= 1;
        }
        let mut out: Vec<super::UnitLoss> = lost
            .iter()
            .zip(share)
            .map(|(x, d)| {
                let cu = &self.scen.cus[x.cu as usize];
                super::UnitLoss {
                    cu: x.cu,
                    name: cu.name.clone(),
                    nationality: cu.nationality.clone(),
                    troop: self.scen.troops[x.troop as usize].id.clone(),
                    casualties: x.losses.total(),
                    stragglers: x.losses.combat - d,
                    definitive: x.losses.always_definitive() + d,
                }
            })
            .filter(|x| x.casualties > 0)
            .collect();
        out.sort_by(|a, b| (a.cu, &a.troop).cmp(&(b.cu, &b.troop)));
        out
    }

    fn experience(&mut self, side: Side, pct: u16, ev: &mut Vec<Event>) {
        let mut slots: Vec<(usize, usize)> = Vec::new();
        for u in 0..self.cus.len() {
            if self.scen.cus[u].side != side || !matches!(self.cus[u].place, Place::Display(s) if s.is_line()) {
                continue;
            }
            for (i, s) in self.cus[u].sp.iter().enumerate() {
                if s.fresh > 0 && self.scen.troops[s.troop as usize].upgrade_to.is_some() {
                    slots.push((u, i));
                }
            }
        }
        let total: u16 = slots.iter().map(|&(u, i)| self.cus[u].sp[i].fresh as u16).sum();
        let mut n = total * pct / 100;
        let done = n;
        for (u, i) in slots {
            if n == 0 {
                break;
            }
            let s = self.cus[u].sp[i];
            let Some(to) = self.scen.troops[s.troop as usize].upgrade_to else { continue };
            let k = (s.fresh as u16).min(n) as u8;
            self.cus[u].sp[i].fresh -= k;
            n -= k as u16;
            match self.cus[u].sp.iter().position(|x| x.troop == to) {
                Some(j) => self.cus[u].sp[j].fresh += k,
                None => self.cus[u].sp.push(super::Sp { troop: to, fresh: k, shattered: 0 }),
            }
        }
        self.side_mut(side).rec_upgraded += done;
        if done > 0 {
            ev.push(Event::ExperienceGained { side, sp: done });
        }
    }
}
