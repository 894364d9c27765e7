//! Hits, disorder, rout, dispersal and elimination (Disorder; Rout; b.4): one hit removes one
//! figure; the losses of a single phase decide disorder and rout (D47).
use super::action::{Event, Order, UnitId};
use super::NapoleonsBattles;

impl NapoleonsBattles {
    /// Apply `hits` to `u`: figures lost, then rout (at its rout number; a routed unit that
    /// reaches it again is dispersed) or disorder (at its disorder number), rout first (b.5).
    pub(crate) fn apply_hits(&mut self, u: UnitId, hits: u8, ev: &mut Vec<Event>) {
        if hits == 0 || self.unit(u).order == Order::Gone {
            return;
        }
        let s = &mut self.units[usize::from(u)];
        s.figures = s.figures.saturating_sub(hits);
        s.losses = s.losses.saturating_add(hits);
        let (figures, losses) = (s.figures, s.losses);
        ev.push(Event::Hits { unit: u, hits, figures_left: figures });
        if figures == 0 {
            self.remove(u, "eliminated", ev);
            return;
        }
        let start = self.scen.units[usize::from(u)].figures;
        if self.options.quarter_dispersal && u16::from(figures) * 4 <= u16::from(start) {
            self.remove(u, "dispersed at a quarter of its strength", ev);
            return;
        }
        if losses >= self.rout_number(u) {
            if self.unit(u).order == Order::Routed {
                self.remove(u, "dispersed", ev);
            } else {
                self.rout(u, ev);
            }
        } else if losses >= self.disorder_number(u) {
            self.disorder(u, ev);
        }
    }

    /// Disorder: a formed unit becomes disordered (a routed one stays routed).
    pub(crate) fn disorder(&mut self, u: UnitId, ev: &mut Vec<Event>) {
        if self.unit(u).order == Order::Formed {
            self.units[usize::from(u)].order = Order::Disordered;
            self.units[usize::from(u)].reaction_marker = false;
            ev.push(Event::Disordered { unit: u });
        }
    }

    /// Rout: the unit routs and makes its initial rout move at once (D49).
    pub(crate) fn rout(&mut self, u: UnitId, ev: &mut Vec<Event>) {
        if matches!(self.unit(u).order, Order::Routed | Order::Gone) {
            return;
        }
        self.units[usize::from(u)].order = Order::Routed;
        self.units[usize::from(u)].reaction_marker = false;
        ev.push(Event::Routed { unit: u });
        self.rout_move(u, ev);
    }

    /// Off the table: dispersed or eliminated (b.4).
    pub(crate) fn remove(&mut self, u: UnitId, why: &str, ev: &mut Vec<Event>) {
        let s = &mut self.units[usize::from(u)];
        s.order = Order::Gone;
        s.reaction_marker = false;
        ev.push(Event::Removed { unit: u, why: why.to_string() });
    }
}
