//! 1.2 Terrain costs and stacking, 1.2.2 engaging and disengaging, 1.2.3 the Kolocha and the
//! light-blue cube, 5.2 movement one unit at a time, 9.11/9.12 command limits on entry.
use super::action::{Action, BlockId, Event, ImpulseKind, Shown};
use super::scenario::{Colour, Kind, Part};
use super::sequence::{bit, Phase};
use super::{BloodyMonday, Side};

/// Why a block is moving: the MP kept back and what it may enter depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// 5.1 a leader moves, keeping 1 MP to activate.
    LeaderActivation,
    /// 3.1 the CinC moves, keeping 1 MP for the reveal.
    Logistics,
    /// A unit moving in this kind of impulse action.
    Unit(ImpulseKind),
}

impl BloodyMonday {
    pub(crate) fn unit_purpose(&self) -> Purpose {
        Purpose::Unit(self.imp.kind)
    }

    /// 9.11 / 9.12: may this block enter area `to` at all?
    pub(crate) fn may_enter_part(&self, b: BlockId, to: u8) -> bool {
        let blk = self.scen.block(b);
        let part = self.scen.area(to).part;
        if self.options.command_limit_on() {
            if let Some(p) = blk.command_part {
                // 9.11 Barclay and Bagration may not cross the white line.
                if p != part {
                    return false;
                }
            }
        }
        if self.options.extreme_command_limit && blk.side == Side::Russian {
            // 9.12 1st Army (yellow) stays north, 2nd Army (light blue) south.
            match (blk.colour, part) {
                (Some(Colour::Yellow), Part::South) | (Some(Colour::Lightblue), Part::North) => return false,
                _ => {}
            }
        }
        true
    }

    /// 1.2-1.2.3: the MP to enter `to` from `from`.
    pub(crate) fn entry_cost(&self, side: Side, from: u8, to: u8) -> u8 {
        let enemy = side.other();
        self.scen.area(to).terrain.mp()
            + self.has_units(from, enemy) as u8
            + self.scen.kolocha(from, to) as u8
            + self.has_units(to, enemy) as u8
    }

    /// 1.2-1.2.4 the MP a `side` unit pays to go from area `from` to the adjacent area `to`
    /// now (terrain, disengaging, the Kolocha, engaging); None if they are not adjacent.
    pub fn entry_cost_between(&self, side: Side, from: super::AreaId, to: super::AreaId) -> Option<u8> {
        let (f, t) = (self.scen.area_index(from)?, self.scen.area_index(to)?);
        self.scen.adjacent(f, t).then(|| self.entry_cost(side, f, t))
    }

    /// Areas the block may enter next with `mp` left.
    pub(crate) fn legal_steps(&self, b: BlockId, mp: u8, purpose: Purpose) -> Vec<u8> {
        let mut out = Vec::new();
        self.each_step(b, mp, purpose, |to| {
            out.push(to);
            true
        });
        out
    }

    /// Is there any area the block may enter next?
    pub(crate) fn has_step(&self, b: BlockId, mp: u8, purpose: Purpose) -> bool {
        let mut any = false;
        self.each_step(b, mp, purpose, |_| {
            any = true;
            false
        });
        any
    }

    /// Call `f` for each legal next area until it returns false.
    fn each_step(&self, b: BlockId, mp: u8, purpose: Purpose, mut f: impl FnMut(u8) -> bool) {
        let Some(from) = self.area_of(b) else { return };
        let side = self.side_of(b);
        let si = side.index();
        let ei = side.other().index();
        let kind = self.kind(b);
        let enemy_here = self.occ[from as usize][ei] > 0;
        if enemy_here && purpose == Purpose::Unit(ImpulseKind::CavalryRaid) {
            // 6.3 raiders may not disengage.
            return;
        }
        let keep = match purpose {
            Purpose::LeaderActivation | Purpose::Logistics => 1,
            Purpose::Unit(_) => 0,
        };
        let limits = self.options.command_limit_on() || self.options.extreme_command_limit;
        for (to, kolocha) in self.scen.graph.edges(from as usize) {
            let to = to as u8;
            let engage = self.occ[to as usize][ei] > 0;
            let terrain = self.scen.areas[to as usize].terrain;
            // 1.2-1.2.4 terrain, disengage, Kolocha, engage.
            let cost = terrain.mp() + enemy_here as u8 + kolocha as u8 + engage as u8;
            if cost + keep > mp {
                continue;
            }
            // 1.2 stacking at every entry; the CinC does not count (D14).
            if kind != Kind::CommanderInChief && self.stk[to as usize][si] as usize >= terrain.stacking() {
                continue;
            }
            if limits && !self.may_enter_part(b, to) {
                continue;
            }
            if engage {
                // FAQ-3 support units cannot engage.
                if kind.is_support() {
                    continue;
                }
                match purpose {
                    Purpose::Unit(ImpulseKind::Pass) => continue, // 7.0 engaging is forbidden
                    Purpose::Unit(ImpulseKind::CavalryRaid) => {
                        // 6.3 no new battle: only an area already contested (D24).
                        if self.occ[to as usize][si] == 0 {
                            continue;
                        }
                    }
                    Purpose::Unit(_) => {
                        // 2.6.3 / 5.1 / 6.2 the cap on new battles.
                        let new = self.imp.contested_start & bit(to) == 0 && self.imp.new_battles & bit(to) == 0;
                        if new && self.imp.new_battles.count_ones() as u8 >= self.imp.new_cap() {
                            continue;
                        }
                    }
                    _ => continue,
                }
            }
            if !f(to) {
                return;
            }
        }
    }

    /// Move the block one area; returns the MP spent.
    pub(crate) fn step(&mut self, b: BlockId, to: u8, purpose: Purpose, ev: &mut Vec<Event>) -> u8 {
        let Some(from) = self.area_of(b) else { return 0 };
        let side = self.side_of(b);
        let cost = self.entry_cost(side, from, to);
        let engage = self.has_units(to, side.other());
        let crossed = self.scen.kolocha(from, to);
        self.set_loc(b, super::Loc::Area(to));
        {
            let s = &mut self.blocks[b as usize];
            if !s.activated {
                s.revealed = false;
            }
        }
        let shown = self.blocks[b as usize].revealed.then_some(b);
        ev.push(Event::Moved { side, block: shown, from: from + 1, to: to + 1 });
        if engage {
            let new = self.imp.contested_start & bit(to) == 0;
            // 1.2.3 crossing the Kolocha into a new battle: light-blue cube.
            let blue = crossed && new;
            if blue {
                self.blocks[b as usize].blue = true;
            }
            if new && matches!(purpose, Purpose::Unit(ImpulseKind::Tactical | ImpulseKind::GeneralOffensive | ImpulseKind::InitiativeMovement)) {
                self.imp.new_battles |= bit(to);
            }
            ev.push(Event::Engaged { side, area: to + 1, blue_cube: blue });
        }
        self.update_control(from, ev);
        // [Contested] passing through an empty area takes control of it.
        self.update_control(to, ev);
        // BM-15 [Contested] in a contested area the player who does not control it keeps his
        // units revealed: a block joining a battle that was already going on (contested at
        // the start of the impulse: 6.3 raid, 6.2, a current battle left unresolved) on the
        // side without control is laid down like the others there. Blocks entering a new
        // battle stay concealed until its 5.3.3 reveal.
        if engage && self.imp.contested_start & bit(to) != 0 && self.control[to as usize] != side && !self.blocks[b as usize].revealed {
            self.blocks[b as usize].revealed = true;
            ev.push(Event::Revealed { side, area: to + 1, blocks: vec![Shown { block: b, strength: self.strength(b) }] });
        }
        cost
    }

    /// Is this block one the active player may move now, in this impulse action?
    fn may_move(&self, b: BlockId) -> bool {
        let s = &self.blocks[b as usize];
        if s.area().is_none() || s.moved || s.activated || self.side_of(b) != self.active {
            return false;
        }
        if self.imp.limit.is_some_and(|l| self.imp.moved >= l) {
            return false;
        }
        self.may_move_kind(b)
    }

    fn may_move_kind(&self, b: BlockId) -> bool {
        match self.imp.kind {
            ImpulseKind::Tactical | ImpulseKind::GeneralOffensive => self.imp.ordered & bit(b) != 0,
            ImpulseKind::CavalryRaid => self.kind(b).is_cavalry(),
            ImpulseKind::InitiativeMovement | ImpulseKind::Pass => true,
            ImpulseKind::Reinforcements => false,
        }
    }

    /// 5.2.1: an ordered artillery unit that may be activated now (tactical actions only).
    pub(crate) fn may_activate_artillery(&self, b: BlockId, mp: u8) -> bool {
        let s = &self.blocks[b as usize];
        self.kind(b).is_artillery()
            && matches!(self.imp.kind, ImpulseKind::Tactical | ImpulseKind::GeneralOffensive)
            && self.side_of(b) == self.active
            && self.imp.ordered & bit(b) != 0
            && !s.activated
            && s.area().is_some()
            && mp >= 1
            && self.strength(b) > 0
    }

    /// The blocks that may move or activate in the Movement step, in id order: in a tactical
    /// action only those ordered (5.1), otherwise every block of the active side.
    fn movement_candidates(&self) -> impl Iterator<Item = BlockId> {
        let ordered_only = matches!(self.imp.kind, ImpulseKind::Tactical | ImpulseKind::GeneralOffensive);
        let r = &self.scen.side_range[self.active.index()];
        let (ordered, all) = if ordered_only { (self.imp.ordered, 0..0) } else { (0, r.start..r.end) };
        super::impulse::members(ordered).chain(all)
    }

    /// Is there anything to do in the Movement step besides ending it?
    pub(crate) fn any_movement_action(&self) -> bool {
        let full = self.imp.limit.is_some_and(|l| self.imp.moved >= l);
        self.movement_candidates().any(|b| {
            (!full && self.may_move(b) && self.has_step(b, self.mp(b), self.unit_purpose()))
                || (!self.blocks[b as usize].moved && self.may_activate_artillery(b, self.mp(b)))
        })
    }

    /// The Movement step's choices (without EndMovement).
    pub(crate) fn movement_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        let full = self.imp.limit.is_some_and(|l| self.imp.moved >= l);
        for b in self.movement_candidates() {
            if !full && self.may_move(b) && self.has_step(b, self.mp(b), self.unit_purpose()) {
                out.push(Action::Move { block: b });
            }
            if !self.blocks[b as usize].moved && self.may_activate_artillery(b, self.mp(b)) {
                out.push(Action::Activate { block: b });
            }
        }
        out
    }

    pub(crate) fn unit_move_actions(&self, b: BlockId, mp: u8) -> Vec<Action> {
        let mut out: Vec<Action> = self
            .legal_steps(b, mp, self.unit_purpose())
            .into_iter()
            .map(|to| Action::StepTo { block: b, to: to + 1 })
            .collect();
        if self.may_activate_artillery(b, mp) {
            out.push(Action::Activate { block: b });
        }
        out.push(Action::Stop { block: b });
        out
    }

    /// 5.2.1 reveal the artillery unit: it may support battles in adjacent areas.
    pub(crate) fn activate_artillery(&mut self, b: BlockId, ev: &mut Vec<Event>) {
        let s = &mut self.blocks[b as usize];
        s.activated = true;
        s.revealed = true;
        let area = s.area().unwrap_or(0);
        ev.push(Event::ArtilleryActivated { artillery: b, area: area + 1 });
    }

    pub(crate) fn end_movement(&mut self) {
        self.phase = match self.imp.kind {
            ImpulseKind::Tactical | ImpulseKind::GeneralOffensive => Phase::Inspiration,
            ImpulseKind::CavalryRaid => Phase::ImpulseEnd,
            _ => Phase::Battles,
        };
    }
}
