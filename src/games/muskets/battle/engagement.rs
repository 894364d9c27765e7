//! Engagements (aom-gaps G9 stand-in, with the text's own modifiers), the Cavalry Charge and
//! Bombardment, morale checks, losses, Battle Endurance and leader casualties (SR 12).
use super::action::{push_modifier, Action, Counter, CuId, EndReason, Event, Modifier, ModifierCause, OptionKind, RollPurpose, Section, Side, Step, Terrain};
use super::scenario::Arm;
use super::sequence::{Charge, Engage, Phase, Play};
use super::{Battle, Place};
use crate::games::Prompt;

/// What a loss counts as (SR 9.2.q.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cause {
    Combat,
    Automatic,
    Pursuit,
}

/// The ratio bonus of SR 9.3.d.1.ii used as the G9 engagement ratio: 3:2 +1, 2:1 +2, 3:1 +3,
/// 4:1 +4, to the larger side.
pub(crate) fn ratio_bonus(mine: u16, theirs: u16) -> i16 {
    let (m, t) = (mine as u32, theirs as u32);
    if t == 0 || m <= t {
        return 0;
    }
    if m >= 4 * t {
        4
    } else if m >= 3 * t {
        3
    } else if m >= 2 * t {
        2
    } else if 2 * m >= 3 * t {
        1
    } else {
        0
    }
}

/// What an engagement's difference decides (G9 stand-in).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Margin {
    /// The SP the loser's checking CU loses: half the difference rounded up, at least 1; a
    /// Pin halves that (rounded down).
    pub lose: u16,
    /// A Heavy Defeat, a difference of 5 or more: +1 to the loser's morale check.
    pub heavy: bool,
    /// The winner's checking CU loses 1 SP on a difference of 2 or less (not in a Pin).
    pub winner_loses: bool,
}

impl Margin {
    pub(crate) fn of(diff: u16, pin: bool) -> Margin {
        let lose = diff.div_ceil(2).max(1);
        Margin { lose: if pin { lose / 2 } else { lose }, heavy: diff >= 5, winner_loses: diff <= 2 && !pin }
    }
}

/// Where an engagement's follow-on dice come from (the loser's morale check, ER 3.4.b's British
/// cavalry checks): the battle's own dice in play (`OwnDice`); for the odds, faces they choose
/// to play every case once (odds.rs).
pub(crate) trait FollowDice {
    /// One d10 for `side` and `purpose`. `effects[f - 1]` is what face f decides: the SP that
    /// shatter. The types that shatter only grow with the total, so faces with equal effects
    /// decide alike.
    fn roll(&mut self, b: &mut Battle, side: Side, purpose: RollPurpose, effects: [u16; 10], ev: &mut Vec<Event>) -> u8;
}

/// The battle's own dice.
pub(crate) struct OwnDice;

impl FollowDice for OwnDice {
    fn roll(&mut self, b: &mut Battle, side: Side, purpose: RollPurpose, _effects: [u16; 10], ev: &mut Vec<Event>) -> u8 {
        b.roll(side, purpose, false, ev)
    }
}

/// What each face of a d10 decides.
fn faces(f: impl Fn(u8) -> u16) -> [u16; 10] {
    std::array::from_fn(|i| f(i as u8 + 1))
}

impl Battle {
    /// A troop type's (Morale, Tactical) for `side`: scenario overrides (BS5), ER 3.10 for
    /// British Vet used as the modifier while defending.
    pub(crate) fn troop_values(&self, side: Side, troop: u8, defending_modifier: bool) -> (u8, i8) {
        let t = &self.scen.troops[troop as usize];
        if defending_modifier && self.scen.er_3_10 {
            if let Some(d) = t.defending {
                return d;
            }
        }
        for &(s, arm, m, tac) in &self.scen.troop_overrides {
            if s == side && arm == t.arm {
                return (m, tac);
            }
        }
        (t.morale, t.tactical)
    }

    fn british_cav(&self, troop: u8) -> bool {
        let t = &self.scen.troops[troop as usize];
        t.arm == Arm::Cavalry && t.nationality.as_deref() == Some("British")
    }

    /// Checking units and types (G9): infantry for Assault and Pin (the defender may use
    /// cavalry if it has no infantry there), any infantry/cavalry otherwise; ER 3.4.b keeps
    /// British cavalry from checking when anything else can.
    fn checking_choices(&self, side: Side, s: Section, option: OptionKind, attacking: bool) -> Vec<Action> {
        let infantry_only = matches!(option, OptionKind::Assault | OptionKind::Pin);
        let has_inf = self.cus_in(side, s).any(|u| self.fresh_sp_of_arm(u, Arm::Infantry) > 0);
        let mut all = Vec::new();
        for u in self.cus_in(side, s) {
            for sp in &self.cus[u as usize].sp {
                let arm = self.arm(sp.troop);
                let ok = sp.fresh > 0
                    && arm != Arm::Artillery
                    && (!infantry_only || arm == Arm::Infantry || (!attacking && !has_inf));
                if ok && !all.contains(&Action::CheckWith { cu: u, troop: sp.troop }) {
                    all.push(Action::CheckWith { cu: u, troop: sp.troop });
                }
            }
        }
        if self.scen.er_3_4_b {
            let not_british: Vec<Action> =
                all.iter().filter(|a| !matches!(a, Action::CheckWith { troop, .. } if self.british_cav(*troop))).cloned().collect();
            if !not_british.is_empty() {
                return not_british;
            }
        }
        all
    }

    fn commander_prompt(&self, side: Side, s: Section) -> Option<Prompt<Side, Step, Action>> {
        let acts = self.commander_candidates(side, s).into_iter().map(|c| Action::Command { leader: c }).collect();
        Some(Prompt { side, step: Step::SectionCommander { section: s }, actions: acts, templates: Vec::new() })
    }

    pub(crate) fn engage_prompt(&self, e: &Engage) -> Option<Prompt<Side, Step, Action>> {
        let (att, def) = (e.side, e.side.other());
        if e.att_cmd.is_none() {
            return self.commander_prompt(att, e.play.from);
        }
        if e.att.is_none() {
            let acts = self.checking_choices(att, e.play.from, e.play.option, true);
            return Some(Prompt { side: att, step: Step::CheckingUnit { section: e.play.from, attacking: true }, actions: acts, templates: Vec::new() });
        }
        if e.def_cmd.is_none() {
            return self.commander_prompt(def, e.play.target);
        }
        if e.def.is_none() {
            let acts = self.checking_choices(def, e.play.target, e.play.option, false);
            return Some(Prompt { side: def, step: Step::CheckingUnit { section: e.play.target, attacking: false }, actions: acts, templates: Vec::new() });
        }
        None
    }

    pub(crate) fn charge_prompt(&self, c: &Charge) -> Option<Prompt<Side, Step, Action>> {
        let (att, def) = (c.side, c.side.other());
        if c.att_cmd.is_none() {
            return self.commander_prompt(att, c.play.from);
        }
        let pick = |side: Side, s: Section, arm: Arm| -> Vec<Action> {
            self.cus_in(side, s)
                .filter_map(|u| {
                    self.cus[u as usize].sp.iter().find(|sp| sp.fresh > 0 && self.arm(sp.troop) == arm).map(|sp| Action::CheckWith { cu: u, troop: sp.troop })
                })
                .collect()
        };
        if c.att.is_none() {
            return Some(Prompt { side: att, step: Step::ChargeUnit { section: c.play.from, attacking: true }, actions: pick(att, c.play.from, Arm::Cavalry), templates: Vec::new() });
        }
        if c.def.is_none() {
            // G9 stand-in step 2: the checking CU names the troop type whose values are used
            // (ER 3.10 makes the choice matter): every fresh infantry type of each CU.
            let acts = self
                .cus_in(def, c.play.target)
                .flat_map(|u| {
                    self.cus[u as usize].sp.iter().filter(|sp| sp.fresh > 0 && self.arm(sp.troop) == Arm::Infantry).map(move |sp| Action::CheckWith { cu: u, troop: sp.troop })
                })
                .collect();
            return Some(Prompt { side: def, step: Step::ChargeUnit { section: c.play.target, attacking: false }, actions: acts, templates: Vec::new() });
        }
        None
    }

    fn name_commander(&mut self, side: Side, s: Section, leader: Counter, ev: &mut Vec<Event>) {
        // SR 9.2.h.2.iii: named just before each combat.
        self.side_mut(side).commander[s.index()] = Some(leader);
        ev.push(Event::SectionCommander { side, section: s, leader });
    }

    pub(crate) fn engage_action(&mut self, mut e: Engage, a: &Action, ev: &mut Vec<Event>) {
        match *a {
            Action::Command { leader } if e.att_cmd.is_none() => {
                self.name_commander(e.side, e.play.from, leader, ev);
                e.att_cmd = Some(leader);
            }
            Action::CheckWith { cu, troop } if e.att.is_none() => e.att = Some((cu, troop)),
            Action::Command { leader } if e.def_cmd.is_none() => {
                self.name_commander(e.side.other(), e.play.target, leader, ev);
                e.def_cmd = Some(leader);
            }
            Action::CheckWith { cu, troop } => e.def = Some((cu, troop)),
            _ => {}
        }
        self.phase = Phase::Engage(Box::new(e));
    }

    pub(crate) fn charge_action(&mut self, mut c: Charge, a: &Action, ev: &mut Vec<Event>) {
        match *a {
            Action::Command { leader } => {
                self.name_commander(c.side, c.play.from, leader, ev);
                c.att_cmd = Some(leader);
            }
            Action::CheckWith { cu, .. } if c.att.is_none() => c.att = Some(cu),
            Action::CheckWith { cu, troop } => c.def = Some((cu, troop)),
            _ => {}
        }
        self.phase = Phase::Charge(Box::new(c));
    }

    /// Every choice of a pending combat is made: resolve it.
    pub(crate) fn resolve_pending(&mut self, ev: &mut Vec<Event>) {
        match self.phase.clone() {
            Phase::Engage(e) => self.resolve_engagement(&e, ev),
            Phase::Charge(c) => self.resolve_charge(&c, ev),
            // A step left without a choice (no candidate at all): move on.
            Phase::Bombard { side, .. } => self.after_option(side, None),
            Phase::Discard { side } => self.phase = Phase::TurnEnd { side },
            _ => {}
        }
    }

    /// The modifiers of each side's engagement roll by cause (G9 stand-in, text modifiers
    /// cited): (attacker's, defender's). Their sums are the modifiers applied.
    pub(crate) fn engagement_modifiers(&self, e: &Engage) -> (Vec<Modifier>, Vec<Modifier>) {
        let (att, def) = (e.side, e.side.other());
        let (from, target) = (e.play.from, e.play.target);
        let (sa, sd) = (self.section_strength(att, from), self.section_strength(def, target));
        let side_mods = |side: Side, s: Section, cmd: Option<Counter>, check: Option<(CuId, u8)>, defending: bool| -> Vec<Modifier> {
            let st = self.side(side);
            let mut m = Vec::new();
            // SR 9.2.n.2: the Operational Control Check, +1 or -2 on every engagement roll.
            push_modifier(&mut m, ModifierCause::OperationalControl, st.occ as i16);
            // SR 12.1.b.4: the Section Commander's Tactical bonus, lost with -1 after a
            // bombardment took him.
            if st.commander_lost[s.index()] {
                push_modifier(&mut m, ModifierCause::CommanderLost, -1);
            } else if let Some(c) = cmd {
                push_modifier(&mut m, ModifierCause::CommanderTactical, self.leader(c).tactical as i16);
            }
            if let Some((_, troop)) = check {
                push_modifier(&mut m, ModifierCause::TroopTactical, self.troop_values(side, troop, defending).1 as i16);
            }
            // BOE Cavalry Charge: Cavalry Superiority -2 on the section's next roll.
            if st.cav_superiority[s.index()] {
                push_modifier(&mut m, ModifierCause::CavalrySuperiority, -2);
            }
            if e.play.option == OptionKind::Pin {
                push_modifier(&mut m, ModifierCause::Pin, -1);
            }
            // Scenario bonus (BS3 Boussard +1 in any combat it takes part in).
            if self.cus_in(side, s).any(|u| self.scen.cus[u as usize].combat_bonus != 0) {
                let bonus = self.cus_in(side, s).map(|u| self.scen.cus[u as usize].combat_bonus as i16).max().unwrap_or(0);
                push_modifier(&mut m, ModifierCause::ScenarioBonus, bonus);
            }
            let (mine, theirs) = if defending { (sd, sa) } else { (sa, sd) };
            push_modifier(&mut m, ModifierCause::Ratio, ratio_bonus(mine, theirs));
            m
        };
        let mut ma = side_mods(att, from, e.att_cmd, e.att, false);
        let mut md = side_mods(def, target, e.def_cmd, e.def, true);
        if e.outflank_bonus {
            push_modifier(&mut ma, ModifierCause::Outflank, 2);
        }
        // ER 3.1.d.4 (D43): every attack against Allied troops in the Lisboa zone, -5 to the
        // attacker's engagement roll.
        if def == Side::Allied && self.lisboa_lines() {
            push_modifier(&mut ma, ModifierCause::LisboaLines, -5);
        }
        // Defender's terrain (G9 stand-in) and Field Fortification (SR 9.2.k.8, text).
        match self.side(def).terrain[target.index()] {
            Some(Terrain::Hills) => push_modifier(&mut md, ModifierCause::Hills, 1),
            Some(Terrain::Woods) => push_modifier(&mut md, ModifierCause::Woods, 1),
            Some(Terrain::Village) if matches!(e.play.option, OptionKind::Assault | OptionKind::Pin) => push_modifier(&mut md, ModifierCause::Village, 2),
            Some(Terrain::Village) => push_modifier(&mut md, ModifierCause::Village, 1),
            None => {}
        }
        if self.side(def).fortification == Some(target) {
            push_modifier(&mut md, ModifierCause::FieldFortification, 1);
        }
        (ma, md)
    }

    /// An Automatic Victory at 8:1 or more (G9 stand-in): (the winner, the loser, the
    /// loser's section), None when the engagement is rolled.
    pub(crate) fn automatic_victor(&self, e: &Engage) -> Option<(Side, Side, Section)> {
        let (att, def) = (e.side, e.side.other());
        let (from, target) = (e.play.from, e.play.target);
        let (wa, wd) = (u32::from(self.section_strength(att, from)), u32::from(self.section_strength(def, target)));
        if wa == 0 || wd == 0 {
            return None;
        }
        if wa >= 8 * wd {
            Some((att, def, target))
        } else if wd >= 8 * wa {
            Some((def, att, from))
        } else {
            None
        }
    }

    /// One engagement: Automatic Victory at 8:1, else a d10 each and what follows from the
    /// winner and the difference (`engagement_aftermath`).
    fn resolve_engagement(&mut self, e: &Engage, ev: &mut Vec<Event>) {
        let (att, def) = (e.side, e.side.other());
        let (from, target) = (e.play.from, e.play.target);
        let last = Some((e.play, true));
        if let Some((winner, loser, s)) = self.automatic_victor(e) {
            self.automatic_victory(winner, loser, s, ev);
            self.after_option(att, last);
            return;
        }
        let (mods_a, mods_d) = self.engagement_modifiers(e);
        let (ma, md) = (Modifier::sum(&mods_a), Modifier::sum(&mods_d));
        let ra = self.roll(att, RollPurpose::Engagement, false, ev);
        let rd = self.roll(def, RollPurpose::Engagement, false, ev);
        for (side, s) in [(att, from), (def, target)] {
            let st = self.side_mut(side);
            st.cav_superiority[s.index()] = false;
            st.occ_revealed = true;
        }
        let (ta, td) = (ra as i16 + ma, rd as i16 + md);
        let winner = if ta > td {
            Some(att)
        } else if td > ta {
            Some(def)
        } else {
            None
        };
        ev.push(Event::Engagement {
            attacker: att,
            from,
            target,
            attacker_roll: ra,
            attacker_total: ta,
            attacker_modifiers: mods_a,
            defender_roll: rd,
            defender_total: td,
            defender_modifiers: mods_d,
            winner,
        });
        let margin = Margin::of((ta - td).unsigned_abs(), e.play.option == OptionKind::Pin);
        self.engagement_aftermath(e, winner, margin, &mut OwnDice, ev);
        // A battle the engagement ended stays ended (after_option leaves Phase::End alone).
        self.after_option(att, last);
    }

    /// What follows an engagement's two dice, won by `winner` (None: a tie) by `margin` (G9
    /// stand-in): the loser takes its losses, checks morale (+1 for a Heavy Defeat) and loses
    /// 1 BEP; the winner may lose 1 SP; a tie costs each 1 SP (none in a Pin). Then ER 3.4.b's
    /// British cavalry checks, ER 4.5.c, and `settle` (which may end the battle, SR 9.2.l).
    /// The follow-on dice come from `dice`: the battle's own in play, faces chosen by the odds
    /// (odds.rs), which play this same function. Returns whether ER 4.5.c shattered the Guard's
    /// section.
    pub(crate) fn engagement_aftermath(&mut self, e: &Engage, winner: Option<Side>, margin: Margin, dice: &mut dyn FollowDice, ev: &mut Vec<Event>) -> bool {
        let (att, def) = (e.side, e.side.other());
        let (from, target) = (e.play.from, e.play.target);
        let pin = e.play.option == OptionKind::Pin;
        let check = |side: Side| if side == att { (e.att, from) } else { (e.def, target) };
        let guard_used = |b: &Battle, side: Side| {
            side == Side::Imperial && b.scen.er_4_5_c && check(side).0.is_some_and(|(_, t)| ["Gd", "Glc", "Ghc"].contains(&b.scen.troops[t as usize].id.as_str()))
        };
        match winner {
            None => {
                for side in [att, def] {
                    if let (Some((cu, troop)), s) = check(side) {
                        let n = if pin { 0 } else { 1 };
                        self.take_losses(side, cu, troop, s, n, Cause::Combat, ev);
                    }
                }
            }
            Some(w) => {
                let l = w.other();
                if let (Some((cu, troop)), s) = check(l) {
                    self.take_losses(l, cu, troop, s, margin.lose, Cause::Combat, ev);
                    if self.cus[cu as usize].place != Place::Eliminated {
                        let extra = i8::from(margin.heavy);
                        // ER 3.10: a defending checking type keeps its defending Morale Value in
                        // the check of the combat it lost (British Vet (8)+3, not (6)+2).
                        let defending = (l == def).then_some(troop);
                        self.morale_check_with(dice, l, cu, &[Modifier::new(ModifierCause::HeavyDefeat, extra)], None, defending, ev);
                    }
                }
                if margin.winner_loses {
                    if let (Some((cu, troop)), s) = check(w) {
                        self.take_losses(w, cu, troop, s, 1, Cause::Combat, ev);
                    }
                }
                self.lose_bep(l, 1, ev);
                // ER 3.4.b: British cavalry in a combat the Allies win checks on 1d10+4.
                if w == Side::Allied && self.scen.er_3_4_b {
                    let s = if w == att { from } else { target };
                    self.british_cavalry_check(s, dice, ev);
                }
                // ER 4.5.c: the Guard failing its check shatters its whole section, and the
                // Imperials losing a combat in which the Guard was the modifier shatters it and
                // loses the battle. The Guard checks only in a combat its side lost, so both
                // come to this: the section shatters (once, after the combat's other losses)
                // and the battle ends.
                if l == Side::Imperial && guard_used(self, l) {
                    let s = check(l).1;
                    self.shatter_section(l, s, ev);
                    self.settle(ev);
                    if !matches!(self.phase, Phase::End { .. }) {
                        self.phase = Phase::End { winner: Some(Side::Allied), reason: EndReason::GuardBroken };
                    }
                    return true;
                }
            }
        }
        self.settle(ev);
        false
    }

    /// 8:1 or more in an engagement: the outnumbered section's SP are eliminated for good
    /// (G9 stand-in; definitive by SR 9.2.q.1.b).
    pub(crate) fn automatic_victory(&mut self, winner: Side, loser: Side, s: Section, ev: &mut Vec<Event>) {
        let cus: Vec<CuId> = self.cus_in(loser, s).collect();
        let sp: u16 = cus.iter().map(|&u| self.total_sp(u)).sum();
        ev.push(Event::AutomaticVictory { side: winner, section: s, sp });
        for u in cus {
            for i in 0..self.cus[u as usize].sp.len() {
                let x = self.cus[u as usize].sp[i];
                let n = x.fresh + x.shattered;
                if n > 0 {
                    self.cus[u as usize].sp[i].fresh = 0;
                    self.cus[u as usize].sp[i].shattered = 0;
                    self.count_loss(loser, u, x.troop, n as u16, Cause::Automatic);
                    ev.push(Event::SpLost { side: loser, cu: u, troop: x.troop, sp: n });
                }
            }
            self.eliminate_if_empty(loser, u, ev);
        }
        self.lose_bep(loser, 1, ev);
        self.settle(ev);
    }

    /// Every SP in a section shattered (ER 4.5.c).
    fn shatter_section(&mut self, side: Side, s: Section, ev: &mut Vec<Event>) {
        ev.push(Event::SectionShattered { side, section: s });
        for u in self.cus_in(side, s).collect::<Vec<_>>() {
            for i in 0..self.cus[u as usize].sp.len() {
                let x = self.cus[u as usize].sp[i];
                if x.fresh > 0 && self.arm(x.troop) != Arm::Artillery {
                    self.cus[u as usize].sp[i].shattered += x.fresh;
                    self.cus[u as usize].sp[i].fresh = 0;
                    ev.push(Event::Shattered { side, cu: u, troop: x.troop, sp: x.fresh });
                }
            }
        }
    }

    /// ER 3.4.b: each British cavalry CU in the section checks its Cav SP on 1d10+4 (each
    /// British cavalry type shatters on a total above its Morale Value), its die from `dice`.
    fn british_cavalry_check(&mut self, s: Section, dice: &mut dyn FollowDice, ev: &mut Vec<Event>) {
        for u in self.cus_in(Side::Allied, s).collect::<Vec<_>>() {
            let sp = self.cus[u as usize].sp.clone();
            let shatters = |b: &Battle, x: &super::Sp, total: i16| x.fresh > 0 && b.british_cav(x.troop) && total > i16::from(b.troop_values(Side::Allied, x.troop, false).0);
            if !sp.iter().any(|x| x.fresh > 0 && self.british_cav(x.troop)) {
                continue;
            }
            let purpose = RollPurpose::BritishCavalry { cu: u };
            let modifiers = vec![Modifier::new(ModifierCause::BritishCavalry, 4)];
            let m = Modifier::sum(&modifiers);
            let effects = faces(|d| sp.iter().filter(|x| shatters(self, x, i16::from(d) + m)).map(|x| u16::from(x.fresh)).sum());
            let d = dice.roll(self, Side::Allied, purpose, effects, ev);
            let total = d as i16 + m;
            ev.push(Event::RollTotal { side: Side::Allied, purpose, roll: d, modifiers, total });
            for (i, x) in sp.iter().enumerate() {
                if shatters(self, x, total) {
                    self.cus[u as usize].sp[i].shattered += x.fresh;
                    self.cus[u as usize].sp[i].fresh = 0;
                    ev.push(Event::Shattered { side: Side::Allied, cu: u, troop: x.troop, sp: x.fresh });
                }
            }
        }
    }

    /// BOE Cavalry Charge (the printed tail; D55): the defender's infantry CU checks morale; if
    /// all its SP shatter it loses 1 SP and the charge wins Cavalry Superiority (marker on the
    /// charged section); otherwise the charging CU checks morale for its Cav SP only.
    fn resolve_charge(&mut self, c: &Charge, ev: &mut Vec<Event>) {
        match self.charge_aftermath(c, &mut OwnDice, ev) {
            Some(superiority) => self.after_option(c.side, Some((c.play, !superiority))),
            None => self.after_option(c.side, None),
        }
    }

    /// The checks of a Cavalry Charge with their dice from `dice` (the battle's own in play,
    /// every case for the odds): the defender's morale check, then Cavalry Superiority and
    /// ER 3.4.b's British cavalry checks, or the charging CU's check of its Cav SP. Whether
    /// the charge won Cavalry Superiority; None when no CU charged or was charged.
    pub(crate) fn charge_aftermath(&mut self, c: &Charge, dice: &mut dyn FollowDice, ev: &mut Vec<Event>) -> Option<bool> {
        let (att, def) = (c.side, c.side.other());
        let (Some(a), Some((d, troop))) = (c.att, c.def) else { return None };
        // ER 3.10: the named type defends with its defending Morale Value.
        self.morale_check_with(dice, def, d, &[], None, Some(troop), ev);
        let superiority = self.fresh_combat_sp(d) == 0;
        if superiority {
            // "it loses 1 SP -as the player chooses": the shattered type with most SP.
            let troop = self.cus[d as usize].sp.iter().filter(|s| s.shattered > 0).max_by_key(|s| s.shattered).map(|s| s.troop);
            if let Some(t) = troop {
                self.take_losses(def, d, t, c.play.target, 1, Cause::Combat, ev);
            }
            self.side_mut(def).cav_superiority[c.play.target.index()] = true;
            ev.push(Event::CavalrySuperiority { side: att, section: c.play.target });
            if att == Side::Allied && self.scen.er_3_4_b {
                self.british_cavalry_check(c.play.from, dice, ev);
            }
        } else {
            self.morale_check_with(dice, att, a, &[], Some(Arm::Cavalry), None, ev);
        }
        self.settle(ev);
        Some(superiority)
    }

    /// Bombardment (G9 stand-in): 1d10 + floor(Art SP / 2), 8 or more hits; an unmodified 10
    /// also hits a random leader in the section (SR 12.1.a.2).
    pub(crate) fn bombard(&mut self, side: Side, play: Play, ev: &mut Vec<Event>) {
        let modifiers = self.bombard_modifiers(side, play.from);
        let d = self.roll(side, RollPurpose::Bombardment, false, ev);
        let total = d as i16 + Modifier::sum(&modifiers);
        ev.push(Event::RollTotal { side, purpose: RollPurpose::Bombardment, roll: d, modifiers, total });
        if total >= 8 {
            self.phase = Phase::Bombard { side, play, roll: d };
        } else {
            self.after_option(side, None);
        }
    }

    /// Bombardment's modifier: half the fresh Art SP of the firing section (rounded down).
    pub(crate) fn bombard_modifiers(&self, side: Side, from: Section) -> Vec<Modifier> {
        let art: u16 = self.cus_in(side, from).map(|u| self.fresh_sp_of_arm(u, Arm::Artillery)).sum();
        let mut m = Vec::new();
        push_modifier(&mut m, ModifierCause::Artillery, (art / 2) as i16);
        m
    }

    pub(crate) fn bombard_hit(&mut self, side: Side, play: Play, roll: u8, cu: CuId, troop: u8, ev: &mut Vec<Event>) {
        let def = side.other();
        self.reveal(Counter::Cu(cu), ev);
        self.take_losses(def, cu, troop, play.target, 1, Cause::Combat, ev);
        if self.cus[cu as usize].place != Place::Eliminated {
            // ER 3.10: the bombarded checking type defends with its defending Morale Value.
            self.morale_check_arm(def, cu, &[], None, Some(troop), ev);
        }
        if roll == 10 {
            let leaders: Vec<Counter> = self.hqs_in(def, play.target).map(Counter::Hq).chain(self.cus_in(def, play.target).map(Counter::Cu)).collect();
            if !leaders.is_empty() {
                let k = self.dice.roll(leaders.len().min(255) as u8);
                ev.push(Event::Rolled { side, purpose: RollPurpose::BombardmentLeader, value: k, secret: false });
                let hit = leaders[(k as usize - 1).min(leaders.len() - 1)];
                // SR 12.1.b.4: a Section Commander lost to bombardment: -1, no Tactical bonus.
                if self.side(def).commander[play.target.index()] == Some(hit) {
                    self.side_mut(def).commander_lost[play.target.index()] = true;
                }
                self.leader_casualty(def, hit, ev);
            }
        }
        self.settle(ev);
        self.after_option(side, None);
    }

    /// A morale check of a CU: 1d10 + its leader's Morale Modifier (-1 in Woods) against each
    /// troop type's Morale Value; types below the roll shatter (reading: per type). Returns
    /// whether anything shattered. With `extra` modifiers, of the SP of one arm only if `only`; `defending`
    /// is the troop type the CU used as the modifier of a combat in which it defended (its
    /// Morale Value is the defending one, ER 3.10).
    fn morale_check_arm(&mut self, side: Side, u: CuId, extra: &[Modifier], only: Option<Arm>, defending: Option<u8>, ev: &mut Vec<Event>) -> bool {
        self.morale_check_with(&mut OwnDice, side, u, extra, only, defending, ev)
    }

    /// `morale_check_arm` with its die from `dice`.
    #[allow(clippy::too_many_arguments)]
    fn morale_check_with(&mut self, dice: &mut dyn FollowDice, side: Side, u: CuId, extra: &[Modifier], only: Option<Arm>, defending: Option<u8>, ev: &mut Vec<Event>) -> bool {
        let modifiers = self.morale_modifiers(side, u, extra);
        let m = Modifier::sum(&modifiers);
        let sp = self.cus[u as usize].sp.clone();
        let effects = faces(|d| self.shattered_by(side, &sp, i16::from(d) + m, only, defending));
        let d = dice.roll(self, side, RollPurpose::Morale { cu: u }, effects, ev);
        let total = d as i16 + m;
        ev.push(Event::MoraleChecked { side, cu: u, roll: d, modifiers, total });
        let mut any = false;
        for (i, x) in sp.iter().enumerate() {
            if self.shatters(side, x, total, only, defending) {
                self.cus[u as usize].sp[i].shattered += x.fresh;
                self.cus[u as usize].sp[i].fresh = 0;
                ev.push(Event::Shattered { side, cu: u, troop: x.troop, sp: x.fresh });
                any = true;
            }
        }
        any
    }

    /// A morale check's modifiers for a CU: its leader's Morale Modifier, `extra`, and -1
    /// inside a Wood (SR 9.2.i.7.i).
    pub(crate) fn morale_modifiers(&self, side: Side, u: CuId, extra: &[Modifier]) -> Vec<Modifier> {
        let mut modifiers = Vec::new();
        push_modifier(&mut modifiers, ModifierCause::LeaderMorale, self.leader(Counter::Cu(u)).morale_modifier as i16);
        for m in extra {
            push_modifier(&mut modifiers, m.cause, m.value as i16);
        }
        if let Place::Display(s) = self.cus[u as usize].place {
            if self.side(side).terrain[s.index()] == Some(Terrain::Woods) {
                push_modifier(&mut modifiers, ModifierCause::InWoods, -1);
            }
        }
        modifiers
    }

    /// Does a CU's SP entry shatter on a morale check total: fresh, not artillery, of the arm
    /// `only` if given, and the total above its Morale Value (the defending one for the type
    /// `defending`, ER 3.10)?
    fn shatters(&self, side: Side, x: &super::Sp, total: i16, only: Option<Arm>, defending: Option<u8>) -> bool {
        let arm = self.arm(x.troop);
        x.fresh > 0 && arm != Arm::Artillery && only.is_none_or(|o| o == arm) && total > i16::from(self.troop_values(side, x.troop, defending == Some(x.troop)).0)
    }

    /// The fresh SP of a CU that shatter on a morale check total (`shatters`).
    pub(crate) fn shattered_by(&self, side: Side, sp: &[super::Sp], total: i16, only: Option<Arm>, defending: Option<u8>) -> u16 {
        sp.iter().filter(|x| self.shatters(side, x, total, only, defending)).map(|x| u16::from(x.fresh)).sum()
    }

    /// Remove `n` SP: the named type first (fresh, then shattered), then the CU's other
    /// infantry/cavalry, its artillery last; then other CUs of the section.
    pub(crate) fn take_losses(&mut self, side: Side, cu: CuId, troop: u8, s: Section, n: u16, cause: Cause, ev: &mut Vec<Event>) -> u16 {
        let mut left = n;
        let mut order: Vec<CuId> = vec![cu];
        order.extend(self.cus_in(side, s).filter(|&v| v != cu));
        for u in order {
            if left == 0 {
                break;
            }
            let mut idx: Vec<usize> = (0..self.cus[u as usize].sp.len()).collect();
            idx.sort_by_key(|&i| {
                let t = self.cus[u as usize].sp[i].troop;
                (t != troop, self.arm(t) == Arm::Artillery)
            });
            for i in idx {
                for shattered in [false, true] {
                    let x = self.cus[u as usize].sp[i];
                    let have = if shattered { x.shattered } else { x.fresh };
                    let k = (have as u16).min(left) as u8;
                    if k == 0 {
                        continue;
                    }
                    if shattered {
                        self.cus[u as usize].sp[i].shattered -= k;
                    } else {
                        self.cus[u as usize].sp[i].fresh -= k;
                    }
                    left -= k as u16;
                    self.count_loss(side, u, x.troop, k as u16, cause);
                    ev.push(Event::SpLost { side, cu: u, troop: x.troop, sp: k });
                }
            }
            self.eliminate_if_empty(side, u, ev);
        }
        n - left
    }

    /// Record `k` SP of troop type `troop` lost by CU `cu`. Artillery lost in the pursuit is
    /// counted apart (SR 9.2.q.1.a: replaceable later).
    pub(crate) fn count_loss(&mut self, side: Side, cu: CuId, troop: u8, k: u16, cause: Cause) {
        let artillery = self.arm(troop) == Arm::Artillery;
        let st = self.side_mut(side);
        let i = match st.lost_sp.iter().position(|x| x.cu == cu && x.troop == troop) {
            Some(i) => i,
            None => {
                st.lost_sp.push(super::LostSp { cu, troop, losses: Default::default() });
                st.lost_sp.len() - 1
            }
        };
        let l = &mut st.lost_sp[i].losses;
        match cause {
            Cause::Combat => l.combat += k,
            Cause::Automatic => l.automatic += k,
            Cause::Pursuit if artillery => l.pursuit_art += k,
            Cause::Pursuit => l.pursuit += k,
        }
    }

    pub(crate) fn eliminate_if_empty(&mut self, side: Side, u: CuId, ev: &mut Vec<Event>) {
        if self.total_sp(u) == 0 && self.cus[u as usize].place != Place::Eliminated {
            self.cus[u as usize].place = Place::Eliminated;
            ev.push(Event::CuEliminated { side, cu: u });
        }
    }

    /// SR 9.2.l: the Battle Endurance track ends at 0, where the side has lost: points beyond
    /// it are not recorded (two CUs broken by one combat at 1 BEP leave 0, not -1).
    pub(crate) fn lose_bep(&mut self, side: Side, points: i16, ev: &mut Vec<Event>) {
        let st = self.side_mut(side);
        let points = points.min(st.bep.max(0));
        if points <= 0 {
            return;
        }
        st.bep -= points;
        let left = st.bep;
        ev.push(Event::EnduranceLost { side, points, left });
    }

    /// After a combat: each infantry/cavalry CU newly all shattered (or gone) costs 1 BEP and
    /// shows itself (G9 step 5; SR 12.3); a side at 0 BEP loses at once (SR 9.2.l).
    pub(crate) fn settle(&mut self, ev: &mut Vec<Event>) {
        for u in 0..self.cus.len() {
            let id = u as CuId;
            let side = self.scen.cus[u].side;
            let place = self.cus[u].place;
            if matches!(place, Place::Adjacent | Place::Undeployed) {
                continue;
            }
            let broken_now = place == Place::Eliminated || (self.is_infantry_cavalry(id) && self.fresh_combat_sp(id) == 0);
            if broken_now && !self.cus[u].broken {
                self.cus[u].broken = true;
                if self.is_infantry_cavalry(id) {
                    self.lose_bep(side, 1, ev);
                }
                if place != Place::Eliminated {
                    self.reveal(Counter::Cu(id), ev);
                }
            } else if !broken_now && self.cus[u].broken {
                self.cus[u].broken = false;
            }
        }
        if matches!(self.phase, Phase::End { .. } | Phase::Over) {
            return;
        }
        let out: Vec<Side> = Side::BOTH.into_iter().filter(|&s| self.side(s).bep <= 0).collect();
        match out.as_slice() {
            [] => {}
            [s] => self.phase = Phase::End { winner: Some(s.other()), reason: EndReason::EnduranceExhausted },
            _ => self.phase = Phase::End { winner: None, reason: EndReason::EnduranceExhausted },
        }
    }

    /// SR 12.1.b: the leader is gone; an HQ takes 8/0(4)0, a CU an interim 0(5)0 (D32); a CiC
    /// casualty also discards one remaining option at random (12.1.b.5, D31).
    pub(crate) fn leader_casualty(&mut self, side: Side, leader: Counter, ev: &mut Vec<Event>) {
        let name = self.leader(leader).name;
        match leader {
            Counter::Hq(h) => self.hqs[h as usize].leader_lost = true,
            Counter::Cu(u) => self.cus[u as usize].leader_lost = true,
        }
        self.side_mut(side).leaders_lost.push(name);
        ev.push(Event::LeaderCasualty { side, leader });
        if self.side(side).cic == leader {
            let n = self.hand_size(side);
            if n > 0 {
                let k = self.dice.roll(n);
                ev.push(Event::Rolled { side, purpose: RollPurpose::RandomDiscard, value: k, secret: true });
                let mut count = 0;
                for o in super::action::OptionKind::ALL {
                    count += self.side(side).hand[o.index()];
                    if count >= k {
                        self.side_mut(side).hand[o.index()] -= 1;
                        ev.push(Event::Discarded { side, option: Some(o) });
                        break;
                    }
                }
            }
        }
    }
}
