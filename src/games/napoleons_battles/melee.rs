//! Melee Combat (1)-(4) and Cavalry Pursuit (1): the combats of units in contact, fought in
//! rounds of two d10s, the modifying unit, the card modifier the situation calls for, ties,
//! withdrawal, the winner's hit, advance after combat, bounce and recall.
use super::action::{Event, Formation, Order, Roll, Side, UnitId};
use super::scenario::{Arm, Nation};
use super::{in_contact, NapoleonsBattles};
use crate::core::plane::ahead;
use serde::Serialize;

/// The most rounds one combat is fought: a stand-in safety bound (the text repeats rounds until
/// a unit is dispersed, eliminated, routed or withdraws, which the dice end long before).
pub const MAX_ROUNDS: u8 = 30;

/// A combat being fought: every unit that took part (both sides), and what it has done.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, tsify::Tsify)]
#[tsify(type_prefix = "Nb")]
pub struct Combat {
    pub members: Vec<UnitId>,
    /// Did a side disperse, eliminate or rout an enemy unit (French, Allied)?
    pub broke_enemy: [bool; 2],
    pub rounds: u8,
    /// The side deciding on voluntary withdrawals now (the phasing side first: D37).
    pub deciding: Side,
    /// A unit was dispersed, eliminated, routed or withdrew: the combat ends (Melee Combat (3)).
    pub ended: bool,
    /// Units that withdrew (they do not bounce).
    pub withdrawn: u128,
}

/// One side's numbers for a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideRound {
    pub unit: UnitId,
    pub modifier: i8,
}

/// Equal losses on a tie by the cumulative modifiers of both sides (Melee Combat (1); D29).
pub fn tie_losses(cumulative: i16) -> u8 {
    match cumulative {
        c if c < 0 => 0,
        0 | 1 => 1,
        2..=4 => 2,
        _ => 3,
    }
}

/// Losses of a round: (side A's hits, side B's hits) from the clamped totals, the net
/// modifiers and the losers' rout numbers (Melee Combat (1)).
pub fn round_losses(total_a: i8, total_b: i8, mod_a: i8, mod_b: i8, rout_a: u8, rout_b: u8) -> (u8, u8) {
    use std::cmp::Ordering;
    match total_a.cmp(&total_b) {
        Ordering::Equal => {
            let l = tie_losses(i16::from(mod_a) + i16::from(mod_b));
            (l, l)
        }
        Ordering::Less => (((total_b - total_a) as u8).min(rout_a), 0),
        Ordering::Greater => (0, ((total_a - total_b) as u8).min(rout_b)),
    }
}

impl NapoleonsBattles {
    /// The combats waiting in the melee step: groups of units connected by contact (D30).
    pub(crate) fn combat_groups(&self) -> Vec<Vec<UnitId>> {
        // A battery sheltering in a square is not met separately (D45).
        let live: Vec<UnitId> = self.on_table().filter(|&u| self.unit(u).order != Order::Routed && !self.sheltering(u)).collect();
        let mut seen = vec![false; self.units.len()];
        let mut groups = Vec::new();
        for &start in &live {
            if seen[usize::from(start)] || !self.in_contact_with_enemy(start) {
                continue;
            }
            let mut group = vec![start];
            seen[usize::from(start)] = true;
            let mut i = 0;
            while i < group.len() {
                let r = self.rect(group[i]);
                for &o in &live {
                    if !seen[usize::from(o)] && self.side_of(o) != self.side_of(group[i]) && in_contact(&r, &self.rect(o)) {
                        seen[usize::from(o)] = true;
                        group.push(o);
                    }
                }
                i += 1;
            }
            group.sort_unstable();
            groups.push(group);
        }
        groups
    }

    /// Participants of a side still fighting: on the table, not routed, in contact with an
    /// enemy member.
    pub(crate) fn participants(&self, c: &Combat, side: Side) -> Vec<UnitId> {
        c.members
            .iter()
            .copied()
            .filter(|&u| self.side_of(u) == side && matches!(self.unit(u).order, Order::Formed | Order::Disordered) && !self.sheltering(u))
            .filter(|&u| {
                let r = self.rect(u);
                c.members.iter().any(|&e| self.side_of(e) != side && matches!(self.unit(e).order, Order::Formed | Order::Disordered) && in_contact(&r, &self.rect(e)))
            })
            .collect()
    }

    /// The modifying unit: the participant with the most bases (Melee Combat (2); D30: on equal
    /// bases the first listed).
    fn modifying_unit(&self, units: &[UnitId]) -> Option<UnitId> {
        units.iter().copied().max_by_key(|&u| (self.bases_of(u), std::cmp::Reverse(u)))
    }

    /// The card modifier the situation calls for (Melee Combat (4); D38-D40).
    pub(crate) fn card_melee(&self, u: UnitId, enemies: &[UnitId], friends: &[UnitId]) -> i8 {
        let card = self.card(u);
        let m = card.melee;
        let s = self.unit(u);
        let by_formation = match s.formation {
            Formation::Line | Formation::Unlimbered => m.line,
            _ => m.column,
        };
        let vs_other = m.vs_other.unwrap_or(by_formation);
        let enemy_cav = enemies.iter().any(|&e| self.arm(e) == Arm::Cavalry);
        let enemy_inf = enemies.iter().any(|&e| self.arm(e) == Arm::Infantry);
        match card.arm {
            Arm::Infantry if s.formation == Formation::Square => {
                // SQ VS CV only in combat with enemy cavalry alone; VS OT against infantry.
                if enemies.iter().all(|&e| self.arm(e) == Arm::Cavalry) {
                    m.square_vs_cavalry.unwrap_or(by_formation)
                } else if enemy_inf {
                    vs_other
                } else {
                    by_formation
                }
            }
            Arm::Infantry => {
                let protected = self.in_terrain(u, |k| k.protects());
                let own_cav = friends.iter().any(|&f| self.arm(f) == Arm::Cavalry);
                if enemy_cav && !protected && !own_cav { vs_other } else { by_formation }
            }
            Arm::Cavalry => {
                // VS OT against infantry or artillery caught in the open, unless enemy cavalry is there.
                let exposed = enemies.iter().any(|&e| {
                    self.arm(e) != Arm::Cavalry && self.unit(e).formation != Formation::Square && !self.in_terrain(e, |k| k.protects())
                });
                if exposed && !enemy_cav { vs_other } else { by_formation }
            }
            Arm::Artillery => by_formation,
        }
    }

    /// The best combat modifier of a general touching one of `units` (D32).
    fn attached_general(&self, units: &[UnitId]) -> i8 {
        units.iter().flat_map(|&u| self.generals_touching(u).map(|g| self.scen.generals[g].rating.combat)).max().unwrap_or(0)
    }

    /// Both sides' modifying unit and net modifier for the next round, French first.
    pub(crate) fn round_modifiers(&self, c: &Combat) -> Option<[SideRound; 2]> {
        let f = self.participants(c, Side::French);
        let a = self.participants(c, Side::Allied);
        let (mf, ma) = (self.modifying_unit(&f)?, self.modifying_unit(&a)?);
        let bases = |v: &[UnitId]| v.iter().map(|&u| u32::from(self.bases_of(u))).sum::<u32>();
        let (bf, ba) = (bases(&f), bases(&a));
        let side_mod = |m: UnitId, own: &[UnitId], enemy: &[UnitId], own_b: u32, enemy_b: u32| {
            let mut v = self.card_melee(m, enemy, own) + self.attached_general(own);
            if self.unit(m).order == Order::Disordered {
                v -= 3;
            }
            // +1 per 100% advantage in bases, to the larger side only (D34).
            if own_b > enemy_b && enemy_b > 0 {
                v += (own_b / enemy_b) as i8 - 1;
            }
            v
        };
        Some([
            SideRound { unit: mf, modifier: side_mod(mf, &f, &a, bf, ba) },
            SideRound { unit: ma, modifier: side_mod(ma, &a, &f, ba, bf) },
        ])
    }

    /// Fight one round of `c` (Melee Combat (1)-(3)); then the disordered must withdraw.
    pub(crate) fn fight_round(&mut self, c: &mut Combat, ev: &mut Vec<Event>) {
        let Some([fr, al]) = self.round_modifiers(c) else { return };
        c.rounds += 1;
        let df = self.dice.roll(10);
        let da = self.dice.roll(10);
        let tf = (df as i8 + fr.modifier).clamp(0, 10);
        let ta = (da as i8 + al.modifier).clamp(0, 10);
        ev.push(Event::Rolled { roll: Roll::Melee { side: Side::French, modifier: fr.modifier }, die: df, total: tf });
        ev.push(Event::Rolled { roll: Roll::Melee { side: Side::Allied, modifier: al.modifier }, die: da, total: ta });
        let (lf, la) = round_losses(tf, ta, fr.modifier, al.modifier, self.rout_number(fr.unit), self.rout_number(al.unit));
        let (attacker_total, defender_total) = if self.phasing == Side::French { (tf, ta) } else { (ta, tf) };
        ev.push(Event::MeleeRound { attacker_total, defender_total, losses: [lf, la] });
        self.combat_hits(c, fr.unit, lf, ev);
        self.combat_hits(c, al.unit, la, ev);
        // Disordered units must attempt to withdraw (Melee Combat (3)).
        for side in [self.phasing, self.phasing.other()] {
            for u in self.participants(c, side) {
                if self.unit(u).order == Order::Disordered && self.participants(c, side.other()).len() > 0 {
                    self.withdraw(c, u, ev);
                }
            }
        }
    }

    /// Hits from melee on `u`; a rout or removal counts for the other side, and artillery
    /// attached to a unit routed by combat routs with it (Attaching Artillery; D45).
    fn combat_hits(&mut self, c: &mut Combat, u: UnitId, hits: u8, ev: &mut Vec<Event>) {
        let before = self.unit(u).order;
        let attached: Vec<UnitId> = {
            let r = self.rect(u);
            let side = self.side_of(u);
            self.side_units(side).filter(|&o| o != u && self.arm(o) == Arm::Artillery && self.arm(u) != Arm::Artillery && r.within(&self.rect(o), 1)).collect()
        };
        self.apply_hits(u, hits, ev);
        let after = self.unit(u).order;
        if after != before && matches!(after, Order::Routed | Order::Gone) {
            c.ended = true;
            c.broke_enemy[self.side_of(u).other().index()] = true;
            for a in attached {
                if matches!(self.unit(a).order, Order::Formed | Order::Disordered) {
                    self.rout(a, ev);
                }
            }
        }
    }

    /// The withdrawal roll and move (Melee Combat (3); D36): both sides roll d10 + response +
    /// attached general, −3 if disordered, clamped; only the withdrawing unit takes the
    /// difference as hits, then falls back unformed.
    pub(crate) fn withdraw(&mut self, c: &mut Combat, u: UnitId, ev: &mut Vec<Event>) {
        let side = self.side_of(u);
        let enemies = self.participants(c, side.other());
        let Some(e) = self.modifying_unit(&enemies) else { return };
        let own = [u];
        let roll_mod = |g: &NapoleonsBattles, x: UnitId, units: &[UnitId], other: UnitId| {
            let resp = if g.options.relative_withdrawal { g.response(x) as i8 - g.response(other) as i8 } else { g.response(x) as i8 };
            resp + g.attached_general(units) - if g.unit(x).order == Order::Disordered { 3 } else { 0 }
        };
        let mu = roll_mod(self, u, &own, e);
        let me = roll_mod(self, e, &enemies, u);
        let du = self.dice.roll(10);
        let de = self.dice.roll(10);
        let tu = (du as i8 + mu).clamp(0, 10);
        let te = (de as i8 + me).clamp(0, 10);
        ev.push(Event::Rolled { roll: Roll::Withdrawal { side, modifier: mu }, die: du, total: tu });
        ev.push(Event::Rolled { roll: Roll::Withdrawal { side: side.other(), modifier: me }, die: de, total: te });
        if tu < te {
            self.combat_hits(c, u, (te - tu) as u8, ev);
        }
        if matches!(self.unit(u).order, Order::Formed | Order::Disordered) {
            c.ended = true;
            c.withdrawn |= 1u128 << u;
            ev.push(Event::Withdrew { unit: u });
            let d = self.withdrawal_distance(u);
            self.fall_back(u, d, ev);
        }
    }

    /// Is the combat over: one side has no unit left fighting?
    pub(crate) fn combat_over(&self, c: &Combat) -> bool {
        c.ended || self.participants(c, Side::French).is_empty() || self.participants(c, Side::Allied).is_empty() || c.rounds >= MAX_ROUNDS
    }

    /// The end of a combat (Melee Combat (2), (3); Cavalry Pursuit (1)): the winning side's
    /// modifying unit takes one hit if it dispersed, eliminated or routed an enemy; an infantry
    /// winner advances up to 2" straight ahead (D31); victorious cavalry await recall, and
    /// cavalry that charged without breaking anyone are disordered and bounce 6" (D41).
    pub(crate) fn end_combat(&mut self, c: &Combat, ev: &mut Vec<Event>) {
        let standing = |g: &NapoleonsBattles, side: Side| -> Vec<UnitId> {
            c.members.iter().copied().filter(|&u| g.side_of(u) == side && matches!(g.unit(u).order, Order::Formed | Order::Disordered) && c.withdrawn & (1u128 << u) == 0).collect()
        };
        for side in [Side::French, Side::Allied] {
            let own = standing(self, side);
            let Some(m) = self.modifying_unit(&own) else { continue };
            // The winner's hit for the whole combat when an enemy was broken (D35).
            if c.broke_enemy[side.index()] {
                self.apply_hits(m, 1, ev);
            }
            // The enemy routed, dispersed, withdrew or was eliminated: an infantry modifying unit
            // advances (D31).
            let enemy_gone = standing(self, side.other()).iter().all(|&e| !self.in_contact_with_enemy(e));
            let won = c.broke_enemy[side.index()] || (enemy_gone && c.withdrawn != 0 && c.members.iter().any(|&e| self.side_of(e) != side && c.withdrawn & (1u128 << e) != 0));
            if won && self.arm(m) == Arm::Infantry && matches!(self.unit(m).order, Order::Formed | Order::Disordered) && !self.in_contact_with_enemy(m) {
                self.advance_after_combat(m, ev);
            }
        }
        for &u in &c.members {
            if self.arm(u) != Arm::Cavalry || !matches!(self.unit(u).order, Order::Formed | Order::Disordered) || c.withdrawn & (1u128 << u) != 0 {
                continue;
            }
            if c.broke_enemy[self.side_of(u).index()] {
                // Victorious cavalry (D42): its combat broke an enemy unit; recall if undisordered.
                if self.unit(u).order == Order::Formed {
                    self.units[usize::from(u)].victorious = true;
                }
            } else if self.unit(u).charged {
                // Cavalry that charged and broke nobody: disordered, bounces 6" (D41).
                self.disorder(u, ev);
                ev.push(Event::Bounced { unit: u });
                self.fall_back(u, 600, ev);
            }
        }
    }

    /// Advance after combat: up to 2" straight ahead, never into a new contact (a.6).
    fn advance_after_combat(&mut self, u: UnitId, ev: &mut Vec<Event>) {
        let s = self.unit(u).clone();
        for d in [200, 100] {
            let to = ahead(s.front, s.facing, d, 0);
            let r = self.rect_at(u, s.formation, to, s.facing);
            let clear = r.on_table(self.scen.width, self.scen.height)
                && self.on_table().filter(|&o| o != u).all(|o| !r.overlaps(&self.rect(o)) && !r.within(&self.rect(o), 1));
            if clear {
                self.units[usize::from(u)].front = to;
                ev.push(Event::Moved { unit: u, from: s.front, to, facing: s.facing, cost: 0 });
                return;
            }
        }
    }

    /// The recall modifier by nationality (Cavalry Pursuit (1)).
    pub(crate) fn recall_modifier(&self, u: UnitId) -> i8 {
        match self.card(u).nation {
            Nation::Austrian => -1,
            Nation::British => -4,
            _ => -2,
        }
    }

    /// The enemy unit closest to `u` (footprint distance; D43: the first on a tie).
    pub(crate) fn closest_enemy(&self, u: UnitId) -> Option<UnitId> {
        let r = self.rect(u);
        self.side_units(self.side_of(u).other()).min_by_key(|&e| r.dist2(&self.rect(e)).hundredths())
    }
}
