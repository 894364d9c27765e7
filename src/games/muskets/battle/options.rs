//! SR 9.2.o Combat Resolution and the Battle Options Explanation: which options may be played,
//! passing, following up (another option, continue, rally), and the options that are not
//! engagements (Reserve, Outflank's move, Withdraw, Recover, Reinforce).
use super::action::{push_modifier, Action, Counter, CuId, EndReason, Event, Modifier, ModifierCause, OptionKind, RollPurpose, Section, Side, Terrain};
use super::scenario::Arm;
use super::sequence::{Charge, Engage, Phase, Play};
use super::{Battle, Place};

const ATTACK_FROM: [Section; 5] = [Section::Left, Section::Centre, Section::Right, Section::FlankLeft, Section::FlankRight];

impl Battle {
    /// SR 9.2.o: the enemy sections `from` may attack. Line faces line, a Flanking section
    /// faces the enemy Flanking section there, or the enemy line at that end if it is empty
    /// (G10 stand-in); ER 4.9 gives the Imperials oblique attacks past an empty section.
    pub(crate) fn targets(&self, side: Side, from: Section) -> Vec<Section> {
        let foe = side.other();
        if from.is_flank() {
            let opp = from.opposite();
            if self.section_strength(foe, opp) > 0 {
                return vec![opp];
            }
            return vec![if from == Section::FlankLeft { Section::Right } else { Section::Left }];
        }
        if !from.is_line() {
            return Vec::new();
        }
        let opp = from.opposite();
        if self.section_strength(foe, opp) > 0 || side != Side::Imperial || !self.scen.er_4_9 {
            return vec![opp];
        }
        // ER 4.9: "the French left flank may attack the enemy centre or the enemy right
        // flanking box".
        match from {
            Section::Left => vec![Section::Centre, Section::FlankRight],
            Section::Right => vec![Section::Centre, Section::FlankLeft],
            _ => vec![Section::Left, Section::Right],
        }
    }

    fn has_fresh(&self, side: Side, s: Section, arm: Arm) -> bool {
        self.cus_in(side, s).any(|u| self.fresh_sp_of_arm(u, arm) > 0)
    }

    fn art_sp(&self, side: Side, s: Section) -> u16 {
        self.cus_in(side, s).map(|u| self.fresh_sp_of_arm(u, Arm::Artillery)).sum()
    }

    /// Sections a Reserve option may move troops to: the line, the Reserve, and a Flanking
    /// section in use at that end (reading: to face or feed an Outflank).
    fn reserve_destinations(&self, side: Side) -> Vec<Section> {
        let mut v = vec![Section::Left, Section::Centre, Section::Right, Section::Reserve];
        for f in [Section::FlankLeft, Section::FlankRight] {
            if self.section_strength(side, f) > 0 || self.section_strength(side.other(), f.opposite()) > 0 {
                v.push(f);
            }
        }
        v
    }

    /// BOE 2: counters that may leave `from` for `to` (not from an engaged section; the
    /// CiC's HQ stays in the Reserve, k.6; an HQ bound to the line stays there, k.5).
    pub(crate) fn movable(&self, side: Side, from: Section, to: Section) -> Vec<Counter> {
        if from == to || (from != Section::Reserve && self.side(side).engaged[from.index()]) {
            return Vec::new();
        }
        let mut v: Vec<Counter> = Vec::new();
        if !to.is_flank() {
            for h in self.hqs_in(side, from) {
                if self.side(side).pinned_hq == Some(h) || (self.must_stay_in_line(h) && !to.is_line()) {
                    continue;
                }
                v.push(Counter::Hq(h));
            }
        }
        v.extend(self.cus_in(side, from).map(Counter::Cu));
        v
    }

    /// Every option `side` may play now, with its sections.
    pub(crate) fn legal_plays(&self, side: Side) -> Vec<Action> {
        let st = self.side(side);
        let has = |o: OptionKind| st.hand[o.index()] > 0;
        let foe = side.other();
        let mut out = Vec::new();
        if has(OptionKind::Reserve) {
            let dests = self.reserve_destinations(side);
            for from in [Section::Reserve, Section::Left, Section::Centre, Section::Right, Section::FlankLeft, Section::FlankRight] {
                for &to in &dests {
                    if !self.movable(side, from, to).is_empty() {
                        out.push(Action::Reserve { from, to });
                    }
                }
            }
        }
        if has(OptionKind::Outflank) && st.outflank_allowed && !st.outflank_played {
            for end in [Section::FlankLeft, Section::FlankRight] {
                for from in [Section::Reserve, Section::Left, Section::Centre, Section::Right] {
                    if self.movable(side, from, end).iter().any(|&c| matches!(c, Counter::Cu(u) if self.fresh_combat_sp(u) > 0)) {
                        out.push(Action::Outflank { end, from });
                    }
                }
            }
        }
        for from in ATTACK_FROM {
            if from.is_flank() && self.section_strength(side, from) == 0 {
                continue;
            }
            let targets: Vec<Section> = self.targets(side, from).into_iter().filter(|&t| self.section_strength(foe, t) > 0).collect();
            if self.has_fresh(side, from, Arm::Infantry) {
                for &t in &targets {
                    if has(OptionKind::Assault) {
                        out.push(Action::Assault { from, target: t });
                    }
                    if has(OptionKind::Pin) {
                        out.push(Action::Pin { from, target: t });
                    }
                }
            }
            // ER 3.1.d.6: no Cavalry Charge in a battle in the Lisboa zone behind the Lines.
            if has(OptionKind::CavalryCharge) && !self.lisboa_lines() && self.has_fresh(side, from, Arm::Cavalry) {
                for &t in &targets {
                    if self.may_charge(foe, t) {
                        out.push(Action::CavalryCharge { from, target: t });
                    }
                }
            }
        }
        if has(OptionKind::Bombardment) {
            for from in Section::LINE {
                let t = from.opposite();
                if self.art_sp(side, from) > 0 && self.section_strength(foe, t) > 0 {
                    out.push(Action::Bombard { from, target: t });
                }
            }
            if self.art_sp(side, Section::Reserve) > 0 {
                for t in Section::LINE {
                    if self.section_strength(foe, t) > 0 {
                        out.push(Action::Bombard { from: Section::Reserve, target: t });
                    }
                }
            }
        }
        if has(OptionKind::Withdraw) {
            out.push(Action::Withdraw);
        }
        if has(OptionKind::Recover) && self.shattered_cus(side).next().is_some() {
            out.push(Action::Recover);
        }
        if has(OptionKind::Reinforce) {
            for (i, f) in self.scen.forces.iter().enumerate() {
                if f.side == side && !st.forces_arrived.contains(&(i as u8)) {
                    out.push(Action::Reinforce { force: i as u8 });
                }
            }
        }
        out
    }

    /// BOE: no Cavalry Charge against Woods or Hill; the charged section needs infantry.
    fn may_charge(&self, foe: Side, t: Section) -> bool {
        !matches!(self.side(foe).terrain[t.index()], Some(Terrain::Woods) | Some(Terrain::Hills)) && self.has_fresh(foe, t, Arm::Infantry)
    }

    /// CUs of `side` on the display with shattered SP.
    pub(crate) fn shattered_cus(&self, side: Side) -> impl Iterator<Item = CuId> + '_ {
        (0..self.cus.len())
            .filter(move |&u| self.scen.cus[u].side == side && matches!(self.cus[u].place, Place::Display(_)) && self.cus[u].sp.iter().any(|s| s.shattered > 0))
            .map(|u| u as CuId)
    }

    /// SR 9.2.o.1.b.iii: the CiC may rally a CU anywhere, a Section Commander one in his section.
    pub(crate) fn rallies(&self, side: Side) -> Vec<Action> {
        let cic = self.side(side).cic;
        let mut out = Vec::new();
        for u in self.shattered_cus(side).collect::<Vec<_>>() {
            out.push(Action::Rally { leader: cic, cu: u });
            if let Place::Display(s) = self.cus[u as usize].place {
                if s != Section::Reserve {
                    for c in self.commander_candidates(side, s) {
                        if c != cic {
                            out.push(Action::Rally { leader: c, cu: u });
                        }
                    }
                }
            }
        }
        out
    }

    /// The Section Commander of `s` (the one last named, else the first who may be).
    pub(crate) fn section_commander(&self, side: Side, s: Section) -> Option<Counter> {
        let cands = self.commander_candidates(side, s);
        match self.side(side).commander[s.index()] {
            Some(c) if cands.contains(&c) => Some(c),
            _ => cands.first().copied(),
        }
    }

    /// 9.2.o.1.b.ii: an attack option may be continued while both sections can still fight.
    pub(crate) fn may_continue(&self, side: Side, last: Play) -> bool {
        let foe = side.other();
        let target_ok = self.targets(side, last.from).contains(&last.target) && self.section_strength(foe, last.target) > 0;
        target_ok
            && match last.option {
                OptionKind::Assault | OptionKind::Pin => self.has_fresh(side, last.from, Arm::Infantry),
                OptionKind::Outflank => self.section_strength(side, last.from) > 0,
                OptionKind::CavalryCharge => self.has_fresh(side, last.from, Arm::Cavalry) && self.may_charge(foe, last.target),
                _ => false,
            }
    }

    /// A roll of 1d10 against a leader's Initiative; an unmodified 10 risks him (SR 12.1.a.3).
    pub(crate) fn initiative_roll(&mut self, side: Side, leader: Counter, purpose: RollPurpose, what: &str, ev: &mut Vec<Event>) -> bool {
        self.modified_initiative_roll(side, leader, purpose, what, &[], ev)
    }

    /// An Initiative roll with modifiers added to the die (ER 2.1.c.3); the casualty check
    /// follows an unmodified 10 (SR 12.1.a.3).
    pub(crate) fn modified_initiative_roll(&mut self, side: Side, leader: Counter, purpose: RollPurpose, what: &str, modifiers: &[Modifier], ev: &mut Vec<Event>) -> bool {
        let d = self.roll(side, purpose, false, ev);
        let ok = d as i16 + Modifier::sum(modifiers) <= self.leader(leader).initiative as i16;
        ev.push(if ok {
            Event::RollSucceeded { side, leader, what: what.into() }
        } else {
            Event::RollFailed { side, leader, what: what.into() }
        });
        // SR 12.1.a.3 risks a leader rolling "as Commander in Chief or Battle Section
        // Commander"; the Reinforce roll is the arriving force's leader's (BOE 3.a), who is
        // neither.
        if d == 10 && !matches!(purpose, RollPurpose::Reinforce { .. }) {
            self.casualty_check(side, leader, ev);
        }
        ok
    }

    /// 9.2.j.2: the secret outflank roll (its result is the side's own).
    pub(crate) fn initiative_roll_secret(&mut self, side: Side, leader: Counter, ev: &mut Vec<Event>) -> bool {
        let d = self.roll(side, RollPurpose::Outflank, true, ev);
        if d == 10 {
            self.casualty_check(side, leader, ev);
        }
        d <= self.leader(leader).initiative
    }

    /// SR 12.1.a.3: after an unmodified 10, roll again: 9-10 makes him a casualty.
    fn casualty_check(&mut self, side: Side, leader: Counter, ev: &mut Vec<Event>) {
        let d = self.roll(side, RollPurpose::LeaderCasualty { leader }, false, ev);
        if d >= 9 {
            self.leader_casualty(side, leader, ev);
        }
    }

    /// 9.2.o.2: try to pass: every roller against his Initiative; a failure discards a chit.
    pub(crate) fn pass(&mut self, side: Side, ev: &mut Vec<Event>) {
        let mut clean = true;
        for l in self.rollers(side) {
            clean &= self.initiative_roll(side, l, RollPurpose::Pass { leader: l }, "pass", ev);
        }
        self.side_mut(side).passed = true;
        ev.push(Event::Passed { side, clean });
        if matches!(self.phase, Phase::End { .. }) {
            return;
        }
        self.phase = if !clean && self.hand_size(side) > 0 { Phase::Discard { side } } else { Phase::TurnEnd { side } };
    }

    /// 9.2.o.1.a: play an option from the hand.
    pub(crate) fn play_option(&mut self, side: Side, a: &Action, ev: &mut Vec<Event>) {
        let (option, play) = match *a {
            Action::Reserve { from, to } => (OptionKind::Reserve, Some(Play { option: OptionKind::Reserve, from, target: to })),
            Action::Outflank { end, from } => (OptionKind::Outflank, Some(Play { option: OptionKind::Outflank, from, target: end })),
            Action::Assault { from, target } => (OptionKind::Assault, Some(Play { option: OptionKind::Assault, from, target })),
            Action::Pin { from, target } => (OptionKind::Pin, Some(Play { option: OptionKind::Pin, from, target })),
            Action::Bombard { from, target } => (OptionKind::Bombardment, Some(Play { option: OptionKind::Bombardment, from, target })),
            Action::CavalryCharge { from, target } => (OptionKind::CavalryCharge, Some(Play { option: OptionKind::CavalryCharge, from, target })),
            Action::Withdraw => (OptionKind::Withdraw, None),
            Action::Recover => (OptionKind::Recover, None),
            Action::Reinforce { .. } => (OptionKind::Reinforce, None),
            _ => return,
        };
        let st = self.side_mut(side);
        st.hand[option.index()] = st.hand[option.index()].saturating_sub(1);
        ev.push(Event::OptionPlayed { side, option });
        match (a, play) {
            (Action::Reserve { .. }, Some(p)) => self.phase = Phase::Group { side, play: p, moved: 0 },
            (Action::Outflank { .. }, Some(p)) => {
                self.side_mut(side).outflank_played = true;
                self.phase = Phase::Group { side, play: p, moved: 0 };
            }
            (Action::Assault { .. } | Action::Pin { .. }, Some(p)) => self.begin_engagement(side, p, false, ev),
            (Action::CavalryCharge { .. }, Some(p)) => self.begin_charge(side, p, ev),
            (Action::Bombard { .. }, Some(p)) => self.bombard(side, p, ev),
            (Action::Withdraw, _) => self.withdraw(side, ev),
            (Action::Recover, _) => {
                self.recover(side, ev);
                self.after_option(side, None);
            }
            (Action::Reinforce { force }, _) => self.reinforce(side, *force, ev),
            _ => {}
        }
    }

    /// After an option: the follow-up choices of 9.2.o.1.b (unless the battle ended).
    pub(crate) fn after_option(&mut self, side: Side, last: Option<(Play, bool)>) {
        if matches!(self.phase, Phase::End { .. }) {
            return;
        }
        if self.side(side).new_hand_pending {
            // SR 9.2.m.4 after a Flank Attack that brought a new CiC (reading): his choice of
            // hand ends the turn, as after any arrival of a new CiC.
            self.side_mut(side).new_hand_pending = false;
            let remaining = self.hand_size(side);
            self.phase = Phase::NewHand { side, remaining };
            return;
        }
        let (last, can_continue) = last.unwrap_or((Play { option: OptionKind::Recover, from: Section::Reserve, target: Section::Reserve }, false));
        self.phase = Phase::FollowUp { side, last, can_continue };
    }

    pub(crate) fn begin_engagement(&mut self, side: Side, play: Play, outflank_bonus: bool, ev: &mut Vec<Event>) {
        self.engage_sections(side, play, ev);
        self.phase = Phase::Engage(Box::new(Engage { side, play, outflank_bonus, att_cmd: None, att: None, def_cmd: None, def: None }));
    }

    fn begin_charge(&mut self, side: Side, play: Play, ev: &mut Vec<Event>) {
        self.engage_sections(side, play, ev);
        self.phase = Phase::Charge(Box::new(Charge { side, play, att_cmd: None, att: None, def: None }));
    }

    /// The chit is placed between the sections: both are engaged and their units revealed
    /// (SR 9.2.k.7).
    fn engage_sections(&mut self, side: Side, play: Play, ev: &mut Vec<Event>) {
        self.side_mut(side).engaged[play.from.index()] = true;
        self.side_mut(side.other()).engaged[play.target.index()] = true;
        self.reveal_section(side, play.from, ev);
        self.reveal_section(side.other(), play.target, ev);
    }

    /// 9.2.o.1.b.ii: roll against the Section Commander's Initiative to continue.
    pub(crate) fn continue_option(&mut self, side: Side, last: Play, ev: &mut Vec<Event>) {
        let Some(cmd) = self.section_commander(side, last.from) else {
            self.phase = Phase::TurnEnd { side };
            return;
        };
        let ok = self.initiative_roll(side, cmd, RollPurpose::Continue { leader: cmd }, "continue", ev);
        if matches!(self.phase, Phase::End { .. }) {
            return;
        }
        if !ok || !self.may_continue(side, last) {
            self.phase = Phase::TurnEnd { side };
            return;
        }
        match last.option {
            OptionKind::CavalryCharge => self.begin_charge(side, last, ev),
            _ => self.begin_engagement(side, last, false, ev),
        }
    }

    /// Move one counter, revealing it if it enters an engaged section from the Reserve
    /// (SR 9.2.k.7).
    pub(crate) fn move_counter(&mut self, side: Side, c: Counter, to: Section, ev: &mut Vec<Event>) {
        let from = self.section_of(c).unwrap_or(Section::Reserve);
        self.set_place(c, Place::Display(to));
        let revealed = match c {
            Counter::Hq(h) => self.hqs[h as usize].revealed,
            Counter::Cu(u) => self.cus[u as usize].revealed,
        };
        ev.push(Event::Moved { side, counter: Some(c), from, to, hidden: !revealed });
        if self.side(side).engaged[to.index()] && self.side(side).terrain[to.index()] != Some(Terrain::Woods) {
            self.reveal(c, ev);
        }
    }

    /// The group has moved: a Reserve option is done; an Outflank engages (+2 the first time).
    pub(crate) fn end_group(&mut self, side: Side, play: Play, ev: &mut Vec<Event>) {
        if play.option == OptionKind::Outflank {
            let end = play.target;
            let target = self.targets(side, end).into_iter().find(|&t| self.section_strength(side.other(), t) > 0);
            match target {
                Some(t) => self.begin_engagement(side, Play { option: OptionKind::Outflank, from: end, target: t }, true, ev),
                None => self.after_option(side, None),
            }
        } else {
            self.after_option(side, None);
        }
    }

    /// BOE 1: the battle ends; the CiC's 2d10 + enemy BEP - own BEP against his OCN moves the
    /// enemy's pursuit 3 columns left, or 2 right.
    fn withdraw(&mut self, side: Side, ev: &mut Vec<Event>) {
        let cic = self.side(side).cic;
        let a = self.roll(side, RollPurpose::Withdraw, false, ev);
        let b = self.roll(side, RollPurpose::Withdraw, false, ev);
        let modifiers = self.withdraw_modifiers(side);
        let total = a as i16 + b as i16 + Modifier::sum(&modifiers);
        ev.push(Event::RollTotal { side, purpose: RollPurpose::Withdraw, roll: a + b, modifiers, total });
        let ok = total <= self.leader(cic).ocn as i16;
        self.side_mut(side).withdraw_shift = if ok { -3 } else { 2 };
        ev.push(if ok {
            Event::RollSucceeded { side, leader: cic, what: "withdraw in good order".into() }
        } else {
            Event::RollFailed { side, leader: cic, what: "withdraw in good order".into() }
        });
        self.phase = Phase::End { winner: Some(side.other()), reason: EndReason::Withdraw };
    }

    /// BOE 4: roll for every CU with shattered SP: +3 and its leader's Morale Modifier; equal
    /// or lower than a shattered type's Morale Value rallies it; an unmodified 10 costs the
    /// CU its leader (SR 12.1.a.1).
    fn recover(&mut self, side: Side, ev: &mut Vec<Event>) {
        for u in self.shattered_cus(side).collect::<Vec<_>>() {
            let d = self.roll(side, RollPurpose::Rally { cu: u }, false, ev);
            self.rally_sp(side, u, d, ev);
            if d == 10 {
                self.leader_casualty(side, Counter::Cu(u), ev);
            }
        }
        self.settle(ev);
    }

    /// 9.2.o.1.b.iii: one CU rallied by the CiC or a Section Commander; an unmodified 10
    /// makes the rallying leader a casualty (SR 12.1.a.4).
    pub(crate) fn rally(&mut self, side: Side, leader: Counter, u: CuId, ev: &mut Vec<Event>) {
        let d = self.roll(side, RollPurpose::Rally { cu: u }, false, ev);
        self.rally_sp(side, u, d, ev);
        if d == 10 {
            self.leader_casualty(side, leader, ev);
        }
        self.settle(ev);
    }

    /// BOE 1: the Withdraw 2d10's modifiers: + the enemy's BEP left, − one's own.
    pub(crate) fn withdraw_modifiers(&self, side: Side) -> Vec<Modifier> {
        let mut m = Vec::new();
        push_modifier(&mut m, ModifierCause::EnemyEndurance, self.side(side.other()).bep);
        push_modifier(&mut m, ModifierCause::OwnEndurance, -self.side(side).bep);
        m
    }

    /// BOE 4: a Recover or rally roll's modifiers: +3 and the CU leader's Morale Modifier.
    pub(crate) fn rally_modifiers(&self, u: CuId) -> Vec<Modifier> {
        let mut m = Vec::new();
        push_modifier(&mut m, ModifierCause::Recover, 3);
        push_modifier(&mut m, ModifierCause::LeaderMorale, self.leader(Counter::Cu(u)).morale_modifier as i16);
        m
    }

    fn rally_sp(&mut self, side: Side, u: CuId, d: u8, ev: &mut Vec<Event>) {
        let modifiers = self.rally_modifiers(u);
        let total = d as i16 + Modifier::sum(&modifiers);
        ev.push(Event::RollTotal { side, purpose: RollPurpose::Rally { cu: u }, roll: d, modifiers, total });
        for i in 0..self.cus[u as usize].sp.len() {
            let sp = self.cus[u as usize].sp[i];
            if sp.shattered > 0 && total <= self.troop_values(side, sp.troop, false).0 as i16 {
                let s = &mut self.cus[u as usize].sp[i];
                s.fresh += s.shattered;
                s.shattered = 0;
                ev.push(Event::Rallied { side, cu: u, troop: sp.troop, sp: sp.shattered });
            }
        }
    }

    /// Every counter of an adjacent force.
    pub(crate) fn force_counters(&self, force: u8) -> Vec<Counter> {
        let Some(f) = self.scen.forces.get(force as usize) else { return Vec::new() };
        f.hqs.iter().map(|&h| Counter::Hq(h)).chain(f.cus.iter().map(|&u| Counter::Cu(u))).collect()
    }

    /// BOE 3.a: 1d10 against the Force's Commanding Leader's Initiative; on success each HQ
    /// in it spends 1 AP and it enters (BOE 3.b: as a Flank Attack if it comes from the zone of
    /// the enemy's LoC and no Outflank has been played).
    fn reinforce(&mut self, side: Side, force: u8, ev: &mut Vec<Event>) {
        let Some(f) = self.scen.forces.get(force as usize).cloned() else {
            self.after_option(side, None);
            return;
        };
        let modifiers = self.reinforce_modifiers(side);
        let ok = self.modified_initiative_roll(side, f.leader, RollPurpose::Reinforce { force }, "reinforce", &modifiers, ev);
        ev.push(Event::Reinforced { side, force, arrived: ok, modifiers });
        if !ok {
            self.after_option(side, None);
            return;
        }
        self.side_mut(side).forces_arrived.push(force);
        self.side_mut(side).ap_spent.extend(f.hqs.iter().copied());
        let no_outflank = Side::BOTH.iter().all(|&s| !self.side(s).outflank_played);
        if f.from_enemy_loc_zone && no_outflank && self.side(side.other()).loc {
            self.phase = Phase::FlankEnd { side, force };
        } else {
            self.force_arrives(side, force, Place::Undeployed);
            self.phase = Phase::PlaceReinforcement { side, force };
        }
    }

    /// The modifiers of a side's Reinforce roll: ER 2.1.c.3, +1 per Guerrilla level for the
    /// Imperials.
    pub(crate) fn reinforce_modifiers(&self, side: Side) -> Vec<Modifier> {
        let mut m = Vec::new();
        if side == Side::Imperial {
            push_modifier(&mut m, ModifierCause::Guerrilla, self.scen.guerrilla_level as i16);
        }
        m
    }

    /// The force leaves its adjacent zone: its counters and SP join the battle.
    pub(crate) fn force_arrives(&mut self, side: Side, force: u8, to: Place) {
        for c in self.force_counters(force) {
            self.set_place(c, to);
        }
        let sp: u16 = self.scen.forces.get(force as usize).map(|f| f.cus.iter().map(|&u| self.total_sp(u)).sum()).unwrap_or(0);
        self.side_mut(side).sp_in += sp;
    }

    /// BOE 3.b/d: the enemy loses its LoC and 2 BEP; the force enters the Flanking section
    /// and attacks as an Outflank.
    pub(crate) fn flank_attack(&mut self, side: Side, force: u8, end: Section, ev: &mut Vec<Event>) {
        ev.push(Event::FlankAttack { side, end });
        let foe = side.other();
        self.side_mut(foe).loc = false;
        self.side_mut(side).outflank_played = true;
        self.force_arrives(side, force, Place::Display(end));
        for c in self.force_counters(force) {
            self.reveal(c, ev);
        }
        self.arrival_endurance(side, force, ev);
        self.lose_bep(foe, 2, ev);
        self.settle(ev);
        if matches!(self.phase, Phase::End { .. }) {
            return;
        }
        self.phase = Phase::Regroup { side, force, flank_end: Some(end), moved: Vec::new() };
    }

    /// BOE 3.c: on the arrival of reinforcements, "CU assigned to the same HQ that were
    /// deployed in two separate Sections" may move "into one, as long as the troops that move
    /// were unengaged": a CU of an HQ in the Reserve or an unengaged Battle Line Section may
    /// move to another Battle Line Section or the Reserve holding another CU of that HQ; each
    /// CU at most once per arrival (readings-muskets.md).
    pub(crate) fn regroup_moves(&self, side: Side, moved: &[CuId]) -> Vec<Action> {
        let st = self.side(side);
        let home = [Section::Left, Section::Centre, Section::Right, Section::Reserve];
        let mut out = Vec::new();
        for u in 0..self.cus.len() {
            let id = u as CuId;
            let (Some(h), Place::Display(from)) = (self.scen.cus[u].hq, self.cus[u].place) else { continue };
            if self.scen.cus[u].side != side || moved.contains(&id) || !home.contains(&from) || st.engaged[from.index()] {
                continue;
            }
            for to in home {
                if to != from && self.cus_in(side, to).any(|v| v != id && self.scen.cus[v as usize].hq == Some(h)) {
                    out.push(Action::Regroup { cu: id, to });
                }
            }
        }
        out
    }

    /// The regroup is over: a Flank Attack engages as an Outflank; a new CiC may take over
    /// (SR 9.2.h.1.iii); otherwise the follow-up of 9.2.o.1.b.
    pub(crate) fn end_regroup(&mut self, side: Side, force: u8, flank_end: Option<Section>, ev: &mut Vec<Event>) {
        match flank_end {
            Some(end) => {
                // The new CiC's hand (9.2.m.4) waits until the Outflank engagement is over.
                if self.new_commander(side, force, ev) {
                    self.side_mut(side).new_hand_pending = true;
                }
                let target = self.targets(side, end).into_iter().find(|&t| self.section_strength(side.other(), t) > 0);
                match target {
                    Some(t) => self.begin_engagement(side, Play { option: OptionKind::Outflank, from: end, target: t }, true, ev),
                    None => self.after_option(side, None),
                }
            }
            None => {
                if !self.new_commander(side, force, ev) {
                    self.after_option(side, None);
                }
            }
        }
    }

    /// BOE 3.d: +1 BEP per infantry/cavalry CU that arrives; its SP join the battle.
    fn arrival_endurance(&mut self, side: Side, force: u8, ev: &mut Vec<Event>) {
        let cus = self.scen.forces.get(force as usize).map(|f| f.cus.clone()).unwrap_or_default();
        let n = cus.iter().filter(|&&u| self.is_infantry_cavalry(u)).count() as i16;
        let st = self.side_mut(side);
        st.bep += n;
        st.bep_start += n;
        let bep = st.bep;
        ev.push(Event::Endurance { side, bep });
    }

    /// The reinforcements are placed.
    pub(crate) fn reinforcements_placed(&mut self, side: Side, force: u8, ev: &mut Vec<Event>) {
        self.arrival_endurance(side, force, ev);
        self.phase = Phase::Regroup { side, force, flank_end: None, moved: Vec::new() };
    }

    /// SR 9.2.h.1.iii: a larger HQ arriving gives a new CiC, whose HQ goes to the Reserve; his
    /// side may choose a new hand (9.2.m.4). Returns whether it happened.
    fn new_commander(&mut self, side: Side, force: u8, ev: &mut Vec<Event>) -> bool {
        let Some(f) = self.scen.forces.get(force as usize).cloned() else { return false };
        let present_max = self
            .present_hqs(side)
            .into_iter()
            .filter(|h| !f.hqs.contains(h))
            .map(|h| self.scen.hqs[h as usize].size)
            .max()
            .unwrap_or(0);
        let Some(&big) = f.hqs.iter().max_by_key(|&&h| self.scen.hqs[h as usize].size) else { return false };
        if self.scen.hqs[big as usize].size <= present_max {
            return false;
        }
        let c = self.determine_command(side);
        let st = self.side_mut(side);
        st.command = c.command;
        st.cic = Counter::Hq(big);
        st.joint = c.joint;
        st.pinned_hq = Some(big);
        self.set_place(Counter::Hq(big), Place::Display(Section::Reserve));
        ev.push(Event::NewCommanderInChief { side, cic: Counter::Hq(big) });
        let remaining = self.hand_size(side);
        self.phase = Phase::NewHand { side, remaining };
        true
    }
}
