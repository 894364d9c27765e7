//! 4.0 Impulse Phase: 4.1 isolation check; 5.0 tactical action (5.1 leaders, tactical range,
//! 5.2.2 inspiration, 5.3 choosing battles, 5.4 deactivation); 6.0 initiative actions (6.1
//! reinforcements, 6.2 movement and battle, 6.3 cavalry raid); 7.0 pass; 9.7, 9.8, 9.11.
use super::action::{Action, BlockId, Event, ImpulseKind, Side};
use super::scenario::{side_index, Colour, Kind};
use super::sequence::{bit, Impulse, Phase};
use super::BloodyMonday;
use crate::core::graph::UNREACHED;

impl BloodyMonday {
    /// 4.1 Isolation check: every unit and controlled victory area of `side` needs a line of
    /// communication to the CinC (4.1.1: through friendly, uncontested areas; any start).
    pub(crate) fn isolation_check(&mut self, side: Side, ev: &mut Vec<Event>) {
        let contested = self.contested_set();
        let dist = match self.cinc_area(side) {
            Some(ca) => self.scen.graph.distances(ca as usize, UNREACHED - 1, |x| {
                self.control[x] == side && contested & bit(x as u8) == 0
            }),
            None => vec![UNREACHED; self.scen.areas.len()],
        };
        let ca = self.cinc_area(side);
        let linked = |a: u8| Some(a) == ca || self.scen.graph.steps_from_free_start(a as usize, &dist).is_some();
        let mut isolated_units = 0;
        let flags: Vec<(usize, bool)> = self
            .all_blocks()
            .filter(|&b| self.side_of(b) == side)
            .filter_map(|b| self.area_of(b).map(|a| (b as usize, !linked(a))))
            .collect();
        for (b, iso) in flags {
            self.blocks[b].isolated = iso;
            isolated_units += iso as u8;
        }
        let mut areas = 0u128;
        let mut list = Vec::new();
        for &a in self.scen.victory_areas.iter().chain(self.scen.fleches.iter()) {
            if self.control[a as usize] == side && !linked(a) {
                areas |= bit(a);
                list.push(a + 1);
            }
        }
        self.iso_areas[side_index(side)] = areas;
        ev.push(Event::IsolationCheck { side, isolated_units, isolated_areas: list });
    }

    fn non_exhausted_leader_on_map(&self, side: Side) -> bool {
        self.all_blocks().any(|b| {
            self.side_of(b) == side && self.kind(b) == Kind::TacticalLeader && self.area_of(b).is_some() && self.strength(b) > 0
        })
    }

    /// 4.0 the impulse actions open to the active player.
    pub(crate) fn choice_actions(&self) -> Vec<Action> {
        let side = self.active;
        let mut out = Vec::new();
        let leader = self.non_exhausted_leader_on_map(side);
        // D39 a tactical action must activate a leader; 2.6.3 none at strength 0.
        if leader && self.cinc_strength(side) > 0 {
            out.push(Action::Tactical);
        }
        if self.initiative == side {
            if self.options.general_offensive && leader {
                out.push(Action::GeneralOffensive);
            }
            out.push(Action::CallReinforcements);
            out.push(Action::InitiativeMovement);
        }
        out.push(Action::Pass);
        out
    }

    /// 6.0 the disk is spent and passes to the other player.
    pub(crate) fn spend_initiative(&mut self, kind: ImpulseKind, ev: &mut Vec<Event>) {
        let by = self.initiative;
        self.initiative = by.other();
        ev.push(Event::InitiativeSpent { by, kind });
    }

    pub(crate) fn choose_impulse(&mut self, a: &Action, ev: &mut Vec<Event>) {
        let side = self.active;
        let strength = self.cinc_strength(side);
        let kind = match a {
            Action::Tactical => ImpulseKind::Tactical,
            Action::GeneralOffensive => ImpulseKind::GeneralOffensive,
            Action::CallReinforcements => ImpulseKind::Reinforcements,
            Action::InitiativeMovement => ImpulseKind::InitiativeMovement,
            _ => ImpulseKind::Pass,
        };
        ev.push(Event::ImpulseChosen { side, kind });
        self.imp.kind = kind;
        match kind {
            ImpulseKind::Tactical => {
                self.imp.leader_cap = strength;
                self.imp.art_cap = strength;
                self.phase = Phase::Activation;
            }
            ImpulseKind::GeneralOffensive => {
                // 9.8 as if the CinC had strength 4 (D53).
                self.spend_initiative(kind, ev);
                self.imp.leader_cap = 4;
                self.imp.art_cap = 4;
                self.phase = Phase::Activation;
            }
            ImpulseKind::Reinforcements => {
                self.spend_initiative(kind, ev);
                self.phase = Phase::ImpulseReinforce;
            }
            ImpulseKind::InitiativeMovement => {
                // 6.2 LP units move; new and current battles up to the CinC's strength.
                self.spend_initiative(kind, ev);
                self.imp.limit = Some(self.logistic_value(side));
                self.imp.fixed_cap = strength;
                self.phase = Phase::Movement;
            }
            _ => {
                // 7.0 one unit may move, one current battle may be resolved.
                ev.push(Event::Passed { side });
                self.imp.limit = Some(1);
                self.phase = Phase::Movement;
            }
        }
    }

    /// 5.1 (and 9.7) leaders that may be activated now: `Activate` where they stand and
    /// `Move` first when they can.
    pub(crate) fn activation_actions(&self) -> Vec<Action> {
        let side = self.active;
        let mut out = Vec::new();
        if self.imp.leaders.len() as u8 >= self.imp.leader_cap {
            return out;
        }
        let fresh_active = self.imp.leaders.iter().any(|&l| !self.blocks[l as usize].exhausted_activation);
        for b in self.side_blocks(side) {
            let s = &self.blocks[b as usize];
            if self.kind(b) != Kind::TacticalLeader || s.area().is_none() || s.activated || s.moved {
                continue;
            }
            if self.strength(b) == 0 && !(self.options.exhausted_leaders && fresh_active) {
                continue;
            }
            out.push(Action::Activate { block: b });
            if self.has_step(b, self.mp(b), super::movement::Purpose::LeaderActivation) {
                out.push(Action::Move { block: b });
            }
        }
        out
    }

    fn is_murat(&self, l: BlockId) -> bool {
        let b = self.scen.block(l);
        b.side == Side::French && b.kind == Kind::TacticalLeader && b.command_colour == Some(Colour::Red)
    }
    fn is_platov(&self, l: BlockId) -> bool {
        let b = self.scen.block(l);
        b.side == Side::Russian && b.kind == Kind::TacticalLeader && b.command_colour == Some(Colour::Brown)
    }

    /// May leader `l` give an order to (or inspire) block `b` as far as colour goes?
    fn colour_ok(&self, l: BlockId, b: BlockId) -> bool {
        let lb = self.scen.block(l);
        let bb = self.scen.block(b);
        if self.options.cossacks && self.is_platov(l) {
            return bb.kind == Kind::Cossack; // 9.5
        }
        if self.options.first_sabre && self.is_murat(l) && bb.kind.is_cavalry() {
            return true; // 9.4
        }
        bb.colour == lb.command_colour || (bb.side == Side::Russian && bb.colour == Some(Colour::White))
    }

    /// 5.1 the units leader `l` orders on activation: any in his area, and those of his colour
    /// (and militia) within his tactical range (5.1.1, D16); 9.5, 9.7, 9.11 applied.
    pub(crate) fn command_set(&self, l: BlockId) -> u128 {
        let Some(la) = self.area_of(l) else { return 0 };
        let side = self.side_of(l);
        let range = self.strength(l); // 9.7 an exhausted leader has range 0
        let part = if self.options.command_limit_on() { self.scen.block(l).command_part } else { None };
        let contested = self.contested_set();
        let dist = self.scen.graph.distances(la as usize, range, |x| {
            self.control[x] == side && contested & bit(x as u8) == 0 && part.is_none_or(|p| self.scen.area(x as u8).part == p)
        });
        let mut set = 0u128;
        for b in self.all_blocks() {
            if b == l || self.side_of(b) != side {
                continue;
            }
            let Some(a) = self.area_of(b) else { continue };
            if part.is_some_and(|p| self.scen.area(a).part != p) {
                continue; // 9.11 no orders beyond the line
            }
            let ok = if a == la {
                !(self.options.cossacks && self.is_platov(l)) || self.kind(b) == Kind::Cossack
            } else {
                range > 0
                    && self.colour_ok(l, b)
                    && self.scen.graph.steps_from_free_start(a as usize, &dist).is_some_and(|d| d <= range)
            };
            if ok {
                set |= bit(b);
            }
        }
        set
    }

    /// 5.1 activate a tactical leader: reveal him (D26) and give his orders.
    pub(crate) fn activate_leader(&mut self, l: BlockId, ev: &mut Vec<Event>) {
        let area = self.area_of(l).unwrap_or(0);
        let range = self.strength(l);
        let orders = self.command_set(l);
        let s = &mut self.blocks[l as usize];
        s.activated = true;
        s.revealed = true;
        s.exhausted_activation = range == 0;
        self.imp.ordered |= orders;
        self.imp.leaders.push(l);
        ev.push(Event::LeaderActivated { leader: l, area: area + 1, range });
        self.phase = Phase::Activation;
    }

    /// 5.2.2 each activated leader may inspire one combat unit of his colour (militia any) in
    /// an adjacent area (D15); 9.4 Murat any cavalry.
    pub(crate) fn inspiration_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        for &l in &self.imp.leaders {
            if self.imp.inspired.contains(&l) {
                continue;
            }
            let Some(la) = self.area_of(l) else { continue };
            let part = if self.options.command_limit_on() { self.scen.block(l).command_part } else { None };
            for b in self.side_blocks(self.active) {
                let s = &self.blocks[b as usize];
                if !self.kind(b).is_combat() || s.yellow {
                    continue;
                }
                let Some(a) = s.area() else { continue };
                if !self.scen.adjacent(la, a) || !self.colour_ok(l, b) || part.is_some_and(|p| self.scen.area(a).part != p) {
                    continue;
                }
                out.push(Action::Inspire { leader: l, block: b });
            }
        }
        out
    }

    pub(crate) fn inspire(&mut self, l: BlockId, b: BlockId, ev: &mut Vec<Event>) {
        self.blocks[b as usize].yellow = true;
        self.imp.inspired.push(l);
        let area = self.area_of(b).unwrap_or(0) + 1;
        let shown = self.blocks[b as usize].revealed.then_some(b);
        ev.push(Event::Inspired { leader: l, area, block: shown });
    }

    /// 5.3 the battles open now: new battles first (mandatory, FAQ-5), then current ones up to
    /// the cap (optional, FAQ-4/6). Returns (actions, new left, current left).
    pub(crate) fn battle_choice(&self) -> (Vec<Action>, u8, u8) {
        let contested = self.contested_set();
        let new = self.imp.new_battles & !self.imp.resolved & contested;
        if new != 0 {
            let acts = members(new).map(|a| Action::ResolveBattle { area: a + 1 }).collect();
            let left = self.imp.current_cap().saturating_sub(self.imp.current_resolved);
            return (acts, new.count_ones() as u8, left);
        }
        let left = self.imp.current_cap().saturating_sub(self.imp.current_resolved);
        let mut acts = Vec::new();
        if left > 0 && self.imp.kind != ImpulseKind::CavalryRaid {
            let current = self.imp.contested_start & !self.imp.resolved & contested;
            acts.extend(members(current).map(|a| Action::ResolveBattle { area: a + 1 }));
        }
        acts.push(Action::EndBattles);
        (acts, 0, left)
    }

    pub(crate) fn end_battles(&mut self) {
        self.phase = match self.imp.kind {
            ImpulseKind::Tactical | ImpulseKind::GeneralOffensive => Phase::RaidOffer,
            _ => Phase::ImpulseEnd,
        };
    }

    /// 6.3 cavalry raid after a tactical action.
    pub(crate) fn start_raid(&mut self, ev: &mut Vec<Event>) {
        self.spend_initiative(ImpulseKind::CavalryRaid, ev);
        let side = self.active;
        let limit = self.logistic_value(side);
        for b in 0..self.blocks.len() {
            if self.scen.blocks[b].side == side {
                self.blocks[b].moved = false;
            }
        }
        self.imp.kind = ImpulseKind::CavalryRaid;
        self.imp.limit = Some(limit);
        self.imp.moved = 0;
        ev.push(Event::ImpulseChosen { side, kind: ImpulseKind::CavalryRaid });
        self.phase = Phase::Movement;
    }

    /// 5.4 deactivate support units (leaders drop a level, except 9.7), conceal them, remove
    /// the cubes; then the next impulse, or the Final Phase after two passes in a row.
    pub(crate) fn end_impulse(&mut self, ev: &mut Vec<Event>) {
        let side = self.active;
        let contested = self.contested_set();
        for b in 0..self.blocks.len() {
            let blk = &self.scen.blocks[b];
            let lowest = blk.lowest_level();
            let s = &mut self.blocks[b];
            if blk.side == side && s.activated {
                if blk.kind == Kind::TacticalLeader && !s.exhausted_activation {
                    s.level = (s.level + 1).min(lowest);
                    ev.push(Event::Reduced { side, block: Some(b as BlockId) });
                }
                s.activated = false;
                s.exhausted_activation = false;
                let stays_shown = s.area().is_some_and(|a| contested & bit(a) != 0 && self.control[a as usize] != side);
                if !stays_shown {
                    s.revealed = false;
                }
            }
            s.red = false;
            s.yellow = false;
            s.blue = false;
            s.moved = false;
        }
        ev.push(Event::Deactivated { side });
        if self.imp.kind == ImpulseKind::Pass {
            self.passes += 1;
        } else {
            self.passes = 0;
        }
        self.imp = Impulse::default();
        if self.passes >= 2 {
            self.phase = Phase::Final;
        } else {
            self.active = side.other();
            self.phase = Phase::ImpulseStart;
        }
    }
}

/// The members (area or block indices) of a 128-bit set, in order.
pub(crate) fn members(set: u128) -> impl Iterator<Item = u8> {
    // Lowest bit first, a 64-bit half at a time (no 128-bit arithmetic: see `bit`).
    let (mut lo, mut hi) = (set as u64, (set >> 64) as u64);
    std::iter::from_fn(move || {
        if lo != 0 {
            let i = lo.trailing_zeros() as u8;
            lo &= lo - 1;
            Some(i)
        } else if hi != 0 {
            let i = hi.trailing_zeros() as u8;
            hi &= hi - 1;
            Some(64 + i)
        } else {
            None
        }
    })
}
