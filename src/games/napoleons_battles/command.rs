//! Command control (1), (2): who is in command, the initiative of those who are not, and what
//! each unit may therefore do this turn.
use super::action::{Event, MoveAllowed, Roll, Side, UnitId};
use super::scenario::{Arm, Level};
use super::{NapoleonsBattles, TOUCH};
use crate::core::plane::point_polygon_within;

impl NapoleonsBattles {
    /// A general's command span in hundredths: 0 while he touches any combat unit (Command
    /// control (2)); a span of 0 reaches only what he touches (D9).
    pub(crate) fn span(&self, g: usize) -> i32 {
        if self.general_attached(g) { 0 } else { self.scen.generals[g].rating.span }
    }
    fn reach(&self, g: usize) -> i64 {
        i64::from(self.span(g)).max(TOUCH)
    }
    /// Is general `other` within general `g`'s span (point to point, b.2)?
    fn general_within(&self, g: usize, other: usize) -> bool {
        let d = self.generals[g].dist2(self.generals[other]);
        d <= crate::core::plane::mul(self.reach(g), self.reach(g))
    }
    /// Is unit `u` within general `g`'s span (point to footprint, b.2)?
    pub(crate) fn unit_within(&self, g: usize, u: UnitId) -> bool {
        point_polygon_within(self.generals[g], &self.rect(u).corners(), self.reach(g))
    }
    /// Is this general always in command: the Overall commander, or Blake under the option
    /// "Blake's own army" (c.6)?
    fn overall(&self, g: usize) -> bool {
        let gen = &self.scen.generals[g];
        gen.level == Level::Overall || (self.options.blakes_own_army && gen.id == "blake")
    }
    /// The chain of command above `g`, nearest first.
    fn superiors(&self, g: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut at = self.scen.generals[g].superior;
        while let Some(s) = at {
            if out.contains(&s) {
                break;
            }
            out.push(s);
            at = self.scen.generals[s].superior;
        }
        out
    }
    /// Generals in command (Command control (1); D7): the Overall commander always; a Corps
    /// commander within the span of the Overall commander or of an in-command Wing commander;
    /// every other general within the span of his immediate superior who is himself in command.
    pub(crate) fn generals_in_command(&self, side: Side) -> Vec<bool> {
        let n = self.generals.len();
        let mut in_command = vec![false; n];
        let mut order: Vec<usize> = (0..n).filter(|&g| self.scen.generals[g].side == side).collect();
        order.sort_by_key(|&g| self.scen.generals[g].level);
        for g in order {
            let gen = &self.scen.generals[g];
            in_command[g] = if self.overall(g) {
                true
            } else if gen.level == Level::Corps {
                // The Overall commander, or his own Wing commander in command ("his": NB-36).
                (0..n).any(|o| {
                    let og = &self.scen.generals[o];
                    og.side == side
                        && in_command[o]
                        && (og.level == Level::Overall || (og.level == Level::Wing && gen.superior == Some(o)))
                        && self.general_within(o, g)
                })
            } else {
                gen.superior.is_some_and(|s| in_command[s] && self.general_within(s, g))
            };
        }
        in_command
    }
    /// Is unit `u` in command (Command control (1))? Within the span of its own Division
    /// commander who is in command, or touched by any general of its own chain of command.
    pub(crate) fn unit_in_command(&self, u: UnitId, generals: &[bool]) -> bool {
        let div = self.scen.units[usize::from(u)].general;
        if generals[div] && self.unit_within(div, u) {
            return true;
        }
        let mut chain = vec![div];
        chain.extend(self.superiors(div));
        let r = self.rect(u).corners();
        chain.iter().any(|&g| point_polygon_within(self.generals[g], &r, TOUCH))
    }
    /// What an initiative result allows (Command control (2)): infantry and foot ("heavy")
    /// artillery a half move on a success and none on a failure; cavalry and horse artillery a
    /// full move on a success and a half move on a failure (D8).
    pub(crate) fn initiative_allows(&self, u: UnitId, success: bool) -> MoveAllowed {
        let card = self.card(u);
        let fast = card.arm == Arm::Cavalry || (card.arm == Arm::Artillery && card.horse);
        match (fast, success) {
            (true, true) => MoveAllowed::Full,
            (true, false) | (false, true) => MoveAllowed::Half,
            (false, false) => MoveAllowed::None,
        }
    }
    /// Step 2: check command control for the phasing side; out-of-command generals, and units
    /// out of the span of an in-command Division commander, roll for initiative (D8).
    pub(crate) fn check_command_control(&mut self, ev: &mut Vec<Event>) {
        let side = self.phasing;
        let in_command = self.generals_in_command(side);
        let mut initiative: Vec<Option<bool>> = vec![None; self.generals.len()];
        for g in 0..self.generals.len() {
            if self.scen.generals[g].side == side && !in_command[g] {
                let need = self.scen.generals[g].rating.response;
                let die = self.dice.roll(10);
                ev.push(Event::Rolled { roll: Roll::Initiative { general: Some(g as u8), unit: None, need }, die, total: die as i8 });
                initiative[g] = Some(die <= need);
            }
        }
        for u in self.side_units(side).collect::<Vec<_>>() {
            let ok = self.unit_in_command(u, &in_command);
            let allowed = if ok {
                MoveAllowed::Full
            } else {
                let div = self.scen.units[usize::from(u)].general;
                let success = match initiative[div] {
                    Some(s) => s,
                    None => {
                        let need = self.response(u);
                        let die = self.dice.roll(10);
                        ev.push(Event::Rolled { roll: Roll::Initiative { general: None, unit: Some(u), need }, die, total: die as i8 });
                        die <= need
                    }
                };
                self.initiative_allows(u, success)
            };
            let s = &mut self.units[usize::from(u)];
            s.in_command = ok;
            s.allowed = allowed;
            ev.push(Event::Command { unit: u, in_command: ok, moves: allowed });
        }
        for (g, c) in in_command.iter().enumerate() {
            if self.scen.generals[g].side == side {
                self.general_in_command[g] = *c;
            }
        }
    }
}
