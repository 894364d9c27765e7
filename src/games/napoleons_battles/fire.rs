//! Fire Principle (1), (2) and Line of Sight: who may fire, the fire templates (arcs and
//! ranges), what blocks the line of sight, the artillery dead zone and woods, the modifiers,
//! and the d10 against the target number.
use super::action::{Event, Formation, Order, Roll, Side, UnitId};
use super::scenario::{Arm, TerrainKind};
use super::NapoleonsBattles;
use crate::core::plane::{
    ahead, anticlockwise, convex_clip, convex_hull, convex_overlap, edges, length_inside, point_in_polygon, polygon_area2,
    segment_dist2, stretches_inside, Dist2, Facing, Point,
};

/// The infantry template's spread: its sides run outward at 45 degrees (a.9).
const INFANTRY_SPREAD: u16 = 90;
/// The artillery template's sides diverge at 22.5 degrees from its centre line (a.9).
const ARTILLERY_SPREAD: u16 = 45;
/// Far enough to stand for "across the template's whole width".
const FAR: i64 = 20_000;

/// A fire measured: the modifier and the range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FireSetup {
    pub modifier: i8,
    pub range: i64,
    pub target_number: u8,
    /// The target is unlimbered artillery: one hit only at twice its number (Fire Principle (2)).
    pub unlimbered_target: bool,
}

/// Why a fire may not be made (Fire Principle (1), Line of Sight). Kept as data and put in
/// words only when a player reads it (`fire_refusal_text`): the prompt tries every pair of
/// units and drops the refusals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FireRefusal {
    NotAnEnemy { target: UnitId },
    /// A unit in combat contact may fire only at what it touches.
    InContact { unit: UnitId },
    /// D45.
    Shelters { target: UnitId },
    NotInArc { unit: UnitId, target: UnitId },
    /// A unit (`Ok`) or a terrain piece (`Err`, its index) blocks the line of sight.
    Blocked { by: Result<UnitId, usize>, unit: UnitId, target: UnitId },
    /// D18.
    IntoWoods { unit: UnitId, target: UnitId },
    /// D17: beyond hill `hill` (a terrain index).
    DeadZone { target: UnitId, hill: usize, unit: UnitId },
}

/// Hits of a modified fire number (Fire Principle (2); D23): 1 if it exceeds the target number,
/// 2 at twice it; unlimbered artillery takes 1 only at twice its number.
pub fn fire_hits(total: i8, target_number: u8, unlimbered_target: bool) -> u8 {
    let (t, n) = (i16::from(total), i16::from(target_number));
    if unlimbered_target {
        u8::from(t >= 2 * n)
    } else if t >= 2 * n {
        2
    } else {
        u8::from(t > n)
    }
}

impl NapoleonsBattles {
    /// May `u` fire in this fire step (Fire Principle (1); D21)? Not disordered or routed, not
    /// in road column, not cavalry or limbered artillery, once a step, not sheltering in a
    /// square (D45).
    pub(crate) fn may_fire(&self, u: UnitId, side: Side) -> bool {
        !self.unit(u).fired && self.may_fire_again(u, side)
    }

    /// `may_fire` whether or not it has fired this step: the fire at cavalry that just moved is
    /// extra to the normal fire (D44).
    pub(crate) fn may_fire_again(&self, u: UnitId, side: Side) -> bool {
        let s = self.unit(u);
        self.side_of(u) == side
            && s.order == Order::Formed
            && s.formation != Formation::MarchColumn
            && s.formation != Formation::Limbered
            && self.arm(u) != Arm::Cavalry
            && !self.sheltering(u)
    }

    /// Artillery attached to (touching) a friendly infantry square shelters in it (D45).
    pub(crate) fn sheltering(&self, u: UnitId) -> bool {
        self.arm(u) == Arm::Artillery && {
            let r = self.rect(u);
            self.side_units(self.side_of(u))
                .any(|o| o != u && self.arm(o) == Arm::Infantry && self.unit(o).formation == Formation::Square && r.within(&self.rect(o), 1))
        }
    }

    /// The firing fronts of `u`: its front edge; all four faces of a square (D21).
    fn fronts(&self, u: UnitId) -> Vec<(Point, Point, Facing)> {
        let r = self.rect(u);
        if self.unit(u).formation == Formation::Square {
            let c = r.corners(); // fl, rl, rr, fr
            vec![
                (c[0], c[3], r.facing),
                (c[2], c[1], r.facing.reversed()),
                (c[1], c[0], r.facing.turned(-180)),
                (c[3], c[2], r.facing.turned(180)),
            ]
        } else {
            let (a, b) = r.front_edge();
            vec![(a, b, r.facing)]
        }
    }

    /// The template from one front (a.9): the infantry trapezoid 3" deep, or the artillery
    /// wedge to the calibre's maximum range.
    fn template(&self, u: UnitId, left: Point, right: Point, facing: Facing) -> (Vec<Point>, i64) {
        let card = self.card(u);
        if card.arm == Arm::Artillery {
            let range = i64::from(self.scen.units[usize::from(u)].calibre.map_or(0, |c| c.max_range()));
            (crate::core::plane::wedge(left, right, facing, ARTILLERY_SPREAD, range * 11 / 10).to_vec(), range)
        } else {
            let range = i64::from(card.range.unwrap_or(300));
            let _ = INFANTRY_SPREAD;
            let poly = [left, ahead(left, facing, range, -range), ahead(right, facing, range, range), right];
            (anticlockwise(&poly), range)
        }
    }

    /// Where `u` could fire from where it stands, for the table to draw (a.9): one template per
    /// firing front, an artillery wedge cut at its maximum range; nothing for a unit that may not
    /// fire (Fire Principle (1)). Line of sight is not in it: a fire's refusal says what blocks.
    pub(crate) fn fire_arcs(&self, u: UnitId) -> Vec<Vec<Point>> {
        if !self.may_fire_again(u, self.side_of(u)) {
            return Vec::new();
        }
        self.fronts(u)
            .into_iter()
            .map(|(a, b, facing)| {
                if self.card(u).arm == Arm::Artillery {
                    let range = i64::from(self.scen.units[usize::from(u)].calibre.map_or(0, |c| c.max_range()));
                    crate::core::plane::wedge(a, b, facing, ARTILLERY_SPREAD, range).to_vec()
                } else {
                    self.template(u, a, b, facing).0
                }
            })
            .collect()
    }

    /// The words of a fire's refusal, as the player reads them.
    pub(crate) fn fire_refusal_text(&self, r: FireRefusal) -> String {
        let name = |u: UnitId| &self.scen.units[usize::from(u)].id;
        match r {
            FireRefusal::NotAnEnemy { target } => format!("{} is not an enemy on the table", name(target)),
            FireRefusal::InContact { unit } => format!("{} is in contact and may fire only at what it touches", name(unit)),
            FireRefusal::Shelters { target } => format!("{} shelters in a square (D45)", name(target)),
            FireRefusal::NotInArc { unit, target } => format!("{} is not in {}'s arc and range", name(target), name(unit)),
            FireRefusal::Blocked { by, unit, target } => {
                let by = match by {
                    Ok(o) => name(o).as_str(),
                    Err(piece) => self.scen.terrain[piece].name.as_str(),
                };
                format!("{by} blocks {}'s line of sight to {}", name(unit), name(target))
            }
            FireRefusal::IntoWoods { unit, target } => format!("{} is more than 1\" into woods for {}'s fire", name(target), name(unit)),
            FireRefusal::DeadZone { target, hill, unit } => {
                format!("{} is in the dead zone of {} for {}'s guns", name(target), self.scen.terrain[hill].name, name(unit))
            }
        }
    }

    /// Measure a fire of `u` at `t`, or say why it may not be made.
    pub(crate) fn check_fire(&self, u: UnitId, t: UnitId) -> Result<FireSetup, FireRefusal> {
        if self.side_of(t) == self.side_of(u) || self.unit(t).order == Order::Gone {
            return Err(FireRefusal::NotAnEnemy { target: t });
        }
        // A unit in combat contact may only fire at a target in its contact.
        let contacts = self.contacts(u);
        if !contacts.is_empty() && !contacts.contains(&t) {
            return Err(FireRefusal::InContact { unit: u });
        }
        if self.sheltering(t) {
            return Err(FireRefusal::Shelters { target: t });
        }
        let target = self.rect(t).corners();
        let mut best: Option<(i64, Vec<Point>, Point, Point, Facing, Vec<Point>)> = None;
        for (a, b, facing) in self.fronts(u) {
            let (tpl, range) = self.template(u, a, b, facing);
            let inside = convex_clip(&anticlockwise(&target), &tpl);
            if inside.len() < 3 && !contacts.contains(&t) {
                continue;
            }
            let part = if inside.len() >= 3 { inside } else { target.to_vec() };
            // Range from the nearest point of the front to the part of the target in the template (D20).
            let d = edges(&part).map(|(p, q)| segment_dist2(a, b, p, q)).fold(None, |m: Option<Dist2>, d| Some(m.map_or(d, |m| if d.hundredths() < m.hundredths() { d } else { m })));
            let d = d.map_or(0, |d| d.hundredths());
            if d > range {
                continue;
            }
            if best.as_ref().is_none_or(|b| d < b.0) {
                best = Some((d, part, a, b, facing, tpl));
            }
        }
        let Some((range, part, a, b, facing, tpl)) = best else {
            return Err(FireRefusal::NotInArc { unit: u, target: t });
        };
        if !contacts.contains(&t) {
            self.line_of_sight(u, t, &part, a, b, facing, &tpl, range)?;
        }
        Ok(self.fire_modifiers(u, t, range))
    }

    /// Line of Sight and D19: blockers are friendly units, enemy infantry and cavalry (not the
    /// target), and towns. Artillery: nothing in the template nearer than the target; infantry:
    /// nothing nearer than the target on the target's side of the template's centre line.
    #[allow(clippy::too_many_arguments)]
    fn line_of_sight(&self, u: UnitId, t: UnitId, part: &[Point], a: Point, b: Point, facing: Facing, tpl: &[Point], range: i64) -> Result<(), FireRefusal> {
        let near = anticlockwise(&[ahead(a, facing, 0, -FAR), ahead(b, facing, 0, FAR), ahead(b, facing, range, FAR), ahead(a, facing, range, -FAR)]);
        let mut region = convex_clip(tpl, &near);
        let artillery = self.arm(u) == Arm::Artillery;
        let mid = a.midpoint(b);
        if !artillery {
            // The half of the template on the target's side of its centre line (both if it straddles).
            let sides: Vec<i64> = part.iter().map(|&p| crate::core::plane::orient(mid, ahead(mid, facing, 100, 0), p).signum()).collect();
            let left = sides.iter().all(|&s| s >= 0);
            let right = sides.iter().all(|&s| s <= 0);
            if left != right {
                let half = if left {
                    anticlockwise(&[mid, ahead(mid, facing, FAR, 0), ahead(mid, facing, FAR, -FAR), ahead(mid, facing, 0, -FAR)])
                } else {
                    anticlockwise(&[mid, ahead(mid, facing, FAR, 0), ahead(mid, facing, FAR, FAR), ahead(mid, facing, 0, FAR)])
                };
                region = convex_clip(&region, &half);
            }
        }
        if region.len() >= 3 && polygon_area2(&region) > 0 {
            let in_touch = self.contacts(u);
            for o in self.on_table().filter(|&o| o != u && o != t && !in_touch.contains(&o)) {
                // Friendly units block, enemy infantry and cavalry block; a battery sheltering in a
                // square does not (D45).
                let blocks = (self.side_of(o) == self.side_of(u) || self.arm(o) != Arm::Artillery) && !self.sheltering(o);
                if blocks && convex_overlap(&region, &self.rect(o).corners()) {
                    return Err(FireRefusal::Blocked { by: Ok(o), unit: u, target: t });
                }
            }
            for (i, piece) in self.scen.terrain.iter().enumerate().filter(|(_, p)| p.kind.blocks_sight()) {
                if piece.polygons.iter().any(|poly| convex_overlap(&region, &convex_hull(poly))) && !piece.contains(self.rect(t).centre()) {
                    return Err(FireRefusal::Blocked { by: Err(i), unit: u, target: t });
                }
            }
        }
        // The point of the target aimed at: the centre of its part in the template.
        let aim = centroid(part);
        if artillery || self.options.woods_limit_infantry {
            // Artillery may not fire more than one inch into any wood (D18).
            let woods: i64 = self.scen.terrain.iter().filter(|p| p.kind == TerrainKind::Woods).flat_map(|p| p.polygons.iter()).map(|poly| length_inside(mid, aim, poly)).sum();
            if woods > 100 {
                return Err(FireRefusal::IntoWoods { unit: u, target: t });
            }
        }
        if artillery {
            self.dead_zone(u, t, mid, aim)?;
        }
        Ok(())
    }

    /// The artillery dead zone (Line of Sight; D17): beyond the base of a hill, for as far as
    /// the guns are from that base, lower ground is unseen: from guns on the hill firing down,
    /// and beyond a hill between the guns and the target.
    fn dead_zone(&self, u: UnitId, t: UnitId, from: Point, aim: Point) -> Result<(), FireRefusal> {
        let total = from.distance(aim);
        for (i, hill) in self.scen.terrain.iter().enumerate().filter(|(_, p)| p.kind == TerrainKind::Hill) {
            for poly in &hill.polygons {
                if point_in_polygon(aim, poly) {
                    continue; // targets on the hill itself are seen
                }
                let spans = stretches_inside(from, aim, poly);
                let Some(&(enter, leave)) = spans.last() else { continue };
                let on_hill = point_in_polygon(from, poly);
                let (guns_to_base, beyond) = if on_hill { (leave, total - leave) } else { (enter, total - leave) };
                if beyond <= guns_to_base {
                    return Err(FireRefusal::DeadZone { target: t, hill: i, unit: u });
                }
            }
        }
        Ok(())
    }

    /// The modifiers of Fire Principle (2).
    fn fire_modifiers(&self, u: UnitId, t: UnitId, range: i64) -> FireSetup {
        let card = self.card(u);
        let mut m: i8 = if card.arm == Arm::Artillery {
            self.scen.units[usize::from(u)].calibre.and_then(|c| c.modifier_at(range)).unwrap_or(0)
        } else {
            card.fire.unwrap_or(0)
        };
        // −2 versus cover (D24).
        if self.in_terrain(t, |k| k.is_cover()) {
            m -= 2;
        }
        // +2 versus square.
        if self.unit(t).formation == Formation::Square {
            m += 2;
        }
        // −2 firing unit not protected versus attacking cavalry (D25).
        let attacking_cavalry = self.arm(t) == Arm::Cavalry && self.unit(t).charged && self.contacts(u).contains(&t);
        let protected = self.unit(u).formation == Formation::Square || self.in_terrain(u, |k| k.is_cover()) || self.sheltering(u);
        if attacking_cavalry && !protected {
            m -= 2;
        }
        if card.arm != Arm::Artillery {
            // +1 with 6-7 bases, −1 with 2-3 (D26: 8 counts as 6-7, 1 as 2-3).
            let b = self.bases_of(u);
            if b >= 6 {
                m += 1;
            } else if b <= 3 {
                m -= 1;
            }
        } else if self.unit(u).moved_this_turn {
            // Move and fire: horse −2, foot −3 (D27), or the literal bonuses as an option.
            let v = if card.horse { 2 } else { 3 };
            m += if self.options.literal_move_and_fire { v } else { -v };
        }
        let tcard = self.card(t);
        let limbered = self.unit(t).formation == Formation::Limbered;
        let target_number = if limbered { tcard.target_number_limbered.unwrap_or(tcard.target_number) } else { tcard.target_number };
        FireSetup { modifier: m, range, target_number, unlimbered_target: self.unit(t).formation == Formation::Unlimbered }
    }

    /// Every fire `side` may make now.
    pub(crate) fn fires(&self, side: Side) -> Vec<(UnitId, UnitId)> {
        let mut out = Vec::new();
        for u in self.side_units(side).filter(|&u| self.may_fire(u, side)) {
            for t in self.side_units(side.other()) {
                if self.check_fire(u, t).is_ok() {
                    out.push((u, t));
                }
            }
        }
        out
    }

    /// Fire: one d10 plus the modifiers, clamped to 0-10 (Fire Principle (2); D22).
    pub(crate) fn fire(&mut self, u: UnitId, t: UnitId, ev: &mut Vec<Event>) -> Result<(), String> {
        let f = self.check_fire(u, t).map_err(|r| self.fire_refusal_text(r))?;
        let die = self.dice.roll(10);
        let total = (die as i8 + f.modifier).clamp(0, 10);
        ev.push(Event::Rolled { roll: Roll::Fire { unit: u, target: t, modifier: f.modifier }, die, total });
        self.units[usize::from(u)].fired = true;
        let hits = fire_hits(total, f.target_number, f.unlimbered_target);
        self.apply_hits(t, hits, ev);
        Ok(())
    }
}

/// The mean of a polygon's corners (rounded down).
fn centroid(poly: &[Point]) -> Point {
    let n = poly.len().max(1) as i64;
    let (sx, sy) = poly.iter().fold((0i64, 0i64), |(x, y), p| (x + i64::from(p.x), y + i64::from(p.y)));
    Point::new((sx.div_euclid(n)) as i32, (sy.div_euclid(n)) as i32)
}
