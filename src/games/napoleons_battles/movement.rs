//! Movement (1), (2), formed and unformed: allowances by formation and command, terrain,
//! backward, sideways and square costs, wheels, formation changes, interpenetration, contact,
//! evasion, emergency squares, rout, withdrawal and bounce moves, and the generals' rides.
use super::action::{Event, Formation, MoveAllowed, Order, Roll, Side, UnitId};
use super::scenario::{Arm, Edge, TerrainKind};
use super::{in_contact, NapoleonsBattles, TOUCH};
use crate::core::plane::{
    ahead, arc_length, bearing, convex_hull, convex_hull8, convex_overlap, cut_by, direction_of, Direction, Facing, Point, Rect, INCH,
};

/// Why a formed move may not be made (b.3). Kept as data and put in words only when a player
/// reads it (`refusal_text`): the listed moves try many positions and drop their refusals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MoveRefusal {
    /// The path crosses ground the unit may not enter in its formation.
    CrossesGround { unit: UnitId, formation: Formation },
    /// It would end in ground it may not enter.
    EndsInGround { unit: UnitId, formation: Formation },
    LeavesTable { unit: UnitId },
    EndsOn { unit: UnitId, other: UnitId },
    /// A unit moving into contact must touch with its front edge (b.2).
    FrontContact { unit: UnitId, other: UnitId },
    /// Movement (2): only friends interpenetrate.
    PassesThrough { unit: UnitId, other: UnitId },
    /// The move costs more than is left (hundredths of an inch).
    TooDear { cost: i32, budget: i32 },
}

/// Why a unit may not change to formation `to` (Movement (2); D13, D14), in words only when a
/// player reads it (`formation_refusal_text`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FormationRefusal {
    pub unit: UnitId,
    pub to: Formation,
    pub why: FormationWhy,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FormationWhy {
    /// Not a formation of its arm, or the one it is in.
    NotThisFormation,
    /// D13: once a step.
    Reformed,
    /// Road column forms column first.
    ColumnFirst,
    /// Forming column from road column takes the whole turn.
    WholeTurn,
    /// Within 1" of the enemy.
    EnemyNear,
    /// Hundredths: the cost and what is left.
    TooDear { cost: i32, left: i32 },
    LeavesTable,
    Overlaps { other: UnitId },
}

/// Why a general may not ride there (b.6), in words only when a player reads it
/// (`ride_refusal_text`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RideRefusal {
    NotHisStep { general: usize },
    LeavesTable { general: usize },
    /// Hundredths: the ride and what is left of the 24".
    TooFar { ride: i32, left: i32 },
    /// Marsh or enclosure: closed to cavalry.
    ClosedGround { general: usize },
}

/// The formed moves of a unit measured: what it costs and whom it contacts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Measured {
    pub cost: i32,
    pub contacts: Vec<UnitId>,
    /// Friendly units passed through.
    pub passed: Vec<UnitId>,
}

/// Every unit on the table with its footprint worked out once: the many moves a prompt measures
/// share it.
pub struct Board {
    pub placed: Vec<Placed>,
}

pub struct Placed {
    pub unit: UnitId,
    pub side: Side,
    pub rect: Rect,
    pub corners: [Point; 4],
    pub bounds: crate::core::plane::Bounds,
}

/// A general rides 24" in his own movement step (a.6).
pub const GENERAL_RIDE: i32 = 24 * INCH as i32;
/// The 1" exclusion of formation changes, emergency squares and unformed moves.
pub const ONE_INCH: i64 = INCH;

/// A cost ratio: `num` inches of allowance per `den` inches moved.
type Ratio = (i32, i32);

fn higher(a: Ratio, b: Ratio) -> Ratio {
    if i64::from(a.0) * i64::from(b.1) >= i64::from(b.0) * i64::from(a.1) { a } else { b }
}

impl NapoleonsBattles {
    /// The formations a unit's arm may take (Movement (1)).
    pub(crate) fn formations_of(&self, u: UnitId) -> &'static [Formation] {
        match self.arm(u) {
            Arm::Infantry => &[Formation::Column, Formation::Line, Formation::MarchColumn, Formation::Square],
            Arm::Cavalry => &[Formation::Column, Formation::Line, Formation::MarchColumn],
            Arm::Artillery => &[Formation::Limbered, Formation::Unlimbered],
        }
    }
    /// The Information Chart allowance of a formation; a square moves with its line allowance
    /// (D10).
    pub(crate) fn chart_allowance(&self, u: UnitId, f: Formation) -> i32 {
        let f = if f == Formation::Square { Formation::Line } else { f };
        self.card(u).move_allowance.get(&f).copied().unwrap_or(0)
    }
    /// This step's allowance: halved by a half move of initiative, halved again while
    /// disordered (Disorder; D46), none without initiative (Command control (2)).
    pub(crate) fn allowance(&self, u: UnitId) -> i32 {
        self.allowance_in(u, self.unit(u).formation)
    }
    /// The allowance `u` would have in formation `f` this step (the chart's, halved by an
    /// initiative half move and by disorder, D46).
    fn allowance_in(&self, u: UnitId, f: Formation) -> i32 {
        let s = self.unit(u);
        let base = self.chart_allowance(u, f);
        let base = match s.allowed {
            MoveAllowed::Full => base,
            MoveAllowed::Half => base / 2,
            MoveAllowed::None => 0,
        };
        if s.order == Order::Disordered { base / 2 } else { base }
    }
    pub(crate) fn left(&self, u: UnitId) -> i32 {
        (self.allowance(u) - self.unit(u).spent).max(0)
    }
    /// May `u` make a formed move in this movement step?
    pub(crate) fn may_move(&self, u: UnitId) -> bool {
        let s = self.unit(u);
        self.side_of(u) == self.phasing
            && matches!(s.order, Order::Formed | Order::Disordered)
            && s.allowed != MoveAllowed::None
            && self.left(u) > 0
            && !self.in_contact_with_enemy(u)
    }

    fn on_road(&self, p: Point) -> bool {
        self.scen.terrain.iter().any(|t| matches!(t.kind, TerrainKind::Road | TerrainKind::Bridge) && t.contains(p))
    }

    /// The terrain ratio at `p` for `u` in `f` (a.5), None where it may not go. `road` is a
    /// road-column or limbered move made wholly along a road (a.4: RGH and "road only" lifted).
    fn terrain_ratio(&self, u: UnitId, f: Formation, p: Point, road: bool) -> Option<Ratio> {
        let card = self.card(u);
        let rough = if f == Formation::Unlimbered { card.rough_unlimbered.unwrap_or(card.rough) } else { card.rough };
        let rough = (rough[0], rough[1]);
        let (arm, ulm) = (card.arm, f == Formation::Unlimbered);
        if road || self.on_road(p) && matches!(f, Formation::MarchColumn | Formation::Limbered) {
            return Some((1, 1));
        }
        let mut ratio: Ratio = (1, 1);
        for t in self.scen.terrain.iter().filter(|t| t.contains(p)) {
            let r = match t.kind {
                TerrainKind::Hill | TerrainKind::Road | TerrainKind::Bridge => (1, 1),
                TerrainKind::Steep | TerrainKind::Rough => rough,
                TerrainKind::Ravine => {
                    if arm == Arm::Artillery {
                        return None;
                    }
                    rough
                }
                TerrainKind::Stream => {
                    if ulm {
                        return None;
                    }
                    rough
                }
                TerrainKind::Woods => match arm {
                    Arm::Artillery => return None, // limbered: road only; unlimbered: prohibited
                    _ => rough,
                },
                TerrainKind::Town => match arm {
                    Arm::Infantry => rough,
                    _ => return None, // cavalry and limbered guns: road only; ULM prohibited
                },
                TerrainKind::Enclosure => match (arm, ulm) {
                    (Arm::Infantry, _) | (Arm::Artillery, true) => rough,
                    _ => return None,
                },
                TerrainKind::Marsh => match arm {
                    Arm::Infantry => (3, 1),
                    _ => return None,
                },
            };
            ratio = higher(ratio, r);
        }
        Some(ratio)
    }

    /// The allowance a formed move of `u` from where it stands to `front`/`facing` in
    /// formation `f` costs (Movement (1), (2); b.3): each stretch of the footprint centre's path
    /// at the highest ratio that applies to it (terrain, backward or sideways, square: D11), and
    /// a change of facing as the arc of the outer front corner (a wheel) up to 45 degrees, or
    /// CG FM for a larger turn in place (b.3).
    pub(crate) fn move_cost(&self, u: UnitId, f: Formation, front: Point, facing: Facing) -> Result<i32, MoveRefusal> {
        let s = self.unit(u);
        let card = self.card(u);
        let (from, to) = (self.rect(u).centre(), self.rect_at(u, f, front, facing).centre());
        let direction = direction_of(s.facing, s.front, front);
        let mut fixed: Ratio = match direction {
            Direction::Forward => (1, 1),
            _ => (card.backward_sideways[0], card.backward_sideways[1]),
        };
        if f == Formation::Square {
            let sq = card.square.unwrap_or([2, 1]);
            fixed = if self.options.multiply_ratios { (fixed.0 * sq[0], fixed.1 * sq[1]) } else { higher(fixed, (sq[0], sq[1])) };
        }
        let path = crate::core::plane::Bounds::of(&[from, to]);
        let polys: Vec<&[Point]> = self
            .scen
            .terrain
            .iter()
            .flat_map(|t| t.polygons.iter().zip(&t.bounds))
            .filter(|(_, b)| !b.apart(&path, 0))
            .map(|(p, _)| p.as_slice())
            .collect();
        let cuts = cut_by(from, to, &polys);
        let road = matches!(f, Formation::MarchColumn | Formation::Limbered)
            && cuts.iter().all(|&p| self.on_road(p))
            && cuts.windows(2).all(|w| self.on_road(w[0].midpoint(w[1])));
        let mut cost: i64 = 0;
        for w in cuts.windows(2) {
            let mid = w[0].midpoint(w[1]);
            let t = self.terrain_ratio(u, f, mid, road).ok_or(MoveRefusal::CrossesGround { unit: u, formation: f })?;
            let r = if self.options.multiply_ratios { (t.0 * fixed.0, t.1 * fixed.1) } else { higher(t, fixed) };
            let len = w[0].distance(w[1]);
            cost += (len * i64::from(r.0) + i64::from(r.1) - 1) / i64::from(r.1);
        }
        if self.terrain_ratio(u, f, to, road).is_none() {
            return Err(MoveRefusal::EndsInGround { unit: u, formation: f });
        }
        let turn = s.facing.turn_to(facing);
        if turn > 0 {
            cost += if turn <= 90 {
                arc_length(i64::from(self.rect_at(u, f, front, facing).width), turn)
            } else {
                i64::from(card.change_formation)
            };
        }
        Ok(cost.min(i64::from(i32::MAX)) as i32)
    }

    /// Measure a formed move of `u` to `front`/`facing` in its formation, with `budget` of
    /// allowance; the precise refusal if it may not be made (b.3): off the table, onto another
    /// unit, through an enemy, touching an enemy with anything but its front edge, or too dear.
    pub(crate) fn measure_move(&self, u: UnitId, front: Point, facing: Facing, budget: i32) -> Result<Measured, String> {
        self.measure_move_on(&self.board(), u, front, facing, budget).map_err(|r| self.refusal_text(r))
    }

    /// The words of a refusal, as the player reads them.
    pub(crate) fn refusal_text(&self, r: MoveRefusal) -> String {
        let name = |u: UnitId| &self.scen.units[usize::from(u)].id;
        match r {
            MoveRefusal::CrossesGround { unit, formation } => format!("the move crosses ground {} may not enter in {formation}", name(unit)),
            MoveRefusal::EndsInGround { unit, formation } => format!("{} may not end in that ground in {formation}", name(unit)),
            MoveRefusal::LeavesTable { unit } => format!("{} would leave the table", name(unit)),
            MoveRefusal::EndsOn { unit, other } => format!("{} would end on {}", name(unit), name(other)),
            MoveRefusal::FrontContact { unit, other } => format!("{} must touch {} with its front", name(unit), name(other)),
            MoveRefusal::PassesThrough { unit, other } => {
                format!("{} may not pass through {} (Movement (2): only friends interpenetrate)", name(unit), name(other))
            }
            MoveRefusal::TooDear { cost, budget } => format!("the move costs {} inches, {} are left", inches(cost), inches(budget)),
        }
    }

    /// The units on the table and their footprints, for `measure_move_on`.
    pub(crate) fn board(&self) -> Board {
        Board {
            placed: self
                .on_table()
                .map(|o| {
                    let rect = self.rect(o);
                    let corners = rect.corners();
                    Placed { unit: o, side: self.side_of(o), rect, corners, bounds: crate::core::plane::Bounds::of(&corners) }
                })
                .collect(),
        }
    }

    /// `measure_move` against a board worked out beforehand.
    pub(crate) fn measure_move_on(&self, board: &Board, u: UnitId, front: Point, facing: Facing, budget: i32) -> Result<Measured, MoveRefusal> {
        let s = self.unit(u);
        let end = self.rect_at(u, s.formation, front, facing);
        if !end.on_table(self.scen.width, self.scen.height) {
            return Err(MoveRefusal::LeavesTable { unit: u });
        }
        let side = self.side_of(u);
        let start = self.rect(u);
        let (a, b) = (start.corners(), end.corners());
        let hull = convex_hull8([a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]]);
        let hull_box = crate::core::plane::Bounds::of(&hull);
        let mut contacts = Vec::new();
        let mut passed = Vec::new();
        for p in board.placed.iter().filter(|p| p.unit != u) {
            if hull_box.apart(&p.bounds, 2) {
                continue; // nothing of it is near the path
            }
            let (o, r) = (p.unit, p.rect);
            if end.overlaps(&r) {
                return Err(MoveRefusal::EndsOn { unit: u, other: o });
            }
            let crossed = crate::core::plane::convex_overlap_by(&hull, &p.corners, crate::core::plane::OVERLAP_EPS);
            if p.side == side {
                if crossed {
                    passed.push(o);
                }
            } else if in_contact(&end, &r) {
                // A unit moving into contact must touch with its front edge (b.2).
                let (a, b) = end.front_edge();
                if !crate::core::plane::edges(&p.corners).any(|(x, y)| crate::core::plane::segment_dist2(a, b, x, y).within(1)) {
                    return Err(MoveRefusal::FrontContact { unit: u, other: o });
                }
                contacts.push(o);
            } else if crossed {
                return Err(MoveRefusal::PassesThrough { unit: u, other: o });
            }
        }
        let cost = self.move_cost(u, s.formation, front, facing)?;
        if cost > budget {
            return Err(MoveRefusal::TooDear { cost, budget });
        }
        Ok(Measured { cost, contacts, passed })
    }

    /// The squared-up position of `u` in contact with `target` (b.3 MoveToContact): its front
    /// edge centred on the target's side nearest it, facing that side.
    pub(crate) fn contact_position(&self, u: UnitId, target: UnitId) -> (Point, Facing) {
        let me = self.rect(u).centre();
        let t = self.rect(target);
        let c = t.corners();
        let centre = t.centre();
        // The side whose midpoint is nearest the mover; the mover faces back across it.
        let (mid, _) = (0..4)
            .map(|i| {
                let m = c[i].midpoint(c[(i + 1) % 4]);
                (m, m.dist2(me))
            })
            .min_by_key(|&(_, d)| d)
            .unwrap_or((t.front, 0));
        (mid, bearing(mid, centre))
    }

    /// Perform a measured formed move (or reaction move) of `u`.
    pub(crate) fn do_move(&mut self, u: UnitId, front: Point, facing: Facing, m: &Measured, ev: &mut Vec<Event>) {
        if self.arm(u) == Arm::Cavalry {
            self.note_move_start(u);
        }
        let from = self.unit(u).front;
        let disordered_mover = self.unit(u).order == Order::Disordered;
        {
            let s = &mut self.units[usize::from(u)];
            s.spent += m.cost;
            // What it has spent if the enemy it reaches evades (D52: it moves on).
            s.spent_before_contact = s.spent;
            s.front = front;
            s.facing = facing;
            s.moved = true;
            s.moved_this_turn = true;
        }
        ev.push(Event::Moved { unit: u, from, to: front, facing, cost: m.cost });
        // Disorder: a disordered unit disorders every unit it passes through (D51).
        if disordered_mover {
            for &p in &m.passed {
                self.disorder(p, ev);
            }
        }
        if !m.contacts.is_empty() {
            // A move that makes contact ends there (b.3).
            let all = self.allowance(u);
            let s = &mut self.units[usize::from(u)];
            s.charged = true;
            s.spent = s.spent.max(all);
            for &t in &m.contacts {
                ev.push(Event::Contact { unit: u, target: t });
                // A cavalry unit loses its reaction marker when contacted (Cavalry Reaction Movement).
                if self.unit(t).reaction_marker {
                    self.units[usize::from(t)].reaction_marker = false;
                    ev.push(Event::ReactionMarker { unit: t, placed: false });
                }
                if self.arm(u) == Arm::Cavalry {
                    self.emergency_square(t, u, ev);
                }
            }
        }
    }

    /// D53: when cavalry `u` begins to move in a step, note the enemy infantry that another
    /// enemy combat unit is already within 1" of (Emergency Square: they may not try one).
    fn note_move_start(&mut self, u: UnitId) {
        let key = Some((self.turn, self.phasing, std::mem::discriminant(&self.phase)));
        if self.square_barred.0 != key {
            self.square_barred = (key, Vec::new());
        }
        if self.square_barred.1.iter().any(|(c, _)| *c == u) {
            return;
        }
        let side = self.side_of(u);
        let barred = self
            .side_units(side.other())
            .filter(|&t| self.arm(t) == Arm::Infantry)
            .filter(|&t| {
                let r = self.rect(t);
                self.side_units(side).any(|e| e != u && super::near(&r, &self.rect(e), ONE_INCH) && r.within(&self.rect(e), ONE_INCH))
            })
            .collect();
        self.square_barred.1.push((u, barred));
    }

    /// Emergency Square: infantry not in square that cavalry contacts rolls d10 ≤ response
    /// plus its attached general's quality modifier (D53) to form square at once, unless
    /// another enemy was already within 1" at the start of the cavalry's move.
    pub(crate) fn emergency_square(&mut self, t: UnitId, by: UnitId, ev: &mut Vec<Event>) {
        if self.arm(t) != Arm::Infantry || self.unit(t).formation == Formation::Square || self.unit(t).order == Order::Routed {
            return;
        }
        let r = self.rect(t);
        let barred = self.square_barred.1.iter().any(|(c, ts)| *c == by && ts.contains(&t));
        if barred {
            return;
        }
        let quality = self.generals_touching(t).map(|g| self.scen.generals[g].rating.quality.rally_modifier()).max().unwrap_or(0);
        let need = self.response(t) as i8 + quality;
        let die = self.dice.roll(10);
        ev.push(Event::Rolled { roll: Roll::EmergencySquare { unit: t, need }, die, total: die as i8 });
        if (die as i8) <= need {
            // The square forms at once and free (D53): about the old centre, slid the least
            // distance needed off any other unit; first tried with its front on the old front
            // edge, where the cavalry touches it.
            let s = self.unit(t).clone();
            let sq = self.rect_at(t, Formation::Square, s.front, s.facing);
            let centred = ahead(r.centre(), s.facing, i64::from(sq.depth) / 2, 0);
            let mut tries = vec![s.front, centred];
            for d in [25i64, 50, 75, 100, 150] {
                for (f, rt) in [(-d, 0), (0, d), (0, -d), (-d, d), (-d, -d), (d, 0)] {
                    tries.push(ahead(centred, s.facing, f, rt));
                }
            }
            let fits = |g: &NapoleonsBattles, front: Point| {
                let q = Rect { front, ..sq };
                q.on_table(g.scen.width, g.scen.height) && g.overlapping(t, &q).is_none()
            };
            if let Some(front) = tries.into_iter().find(|&p| fits(self, p)) {
                let st = &mut self.units[usize::from(t)];
                st.formation = Formation::Square;
                st.front = front;
                ev.push(Event::Formed { unit: t, formation: Formation::Square });
            }
        }
    }

    /// May `u` change to formation `f` now (Movement (2); D13, D14)? Its cost if so.
    pub(crate) fn check_formation_change(&self, u: UnitId, f: Formation) -> Result<i32, FormationRefusal> {
        let s = self.unit(u);
        let refuse = |why| Err(FormationRefusal { unit: u, to: f, why });
        if !self.formations_of(u).contains(&f) || f == s.formation {
            return refuse(FormationWhy::NotThisFormation);
        }
        if s.reformed {
            return refuse(FormationWhy::Reformed);
        }
        // Road column can only change to column first, taking a complete turn.
        if s.formation == Formation::MarchColumn && f != Formation::Column {
            return refuse(FormationWhy::ColumnFirst);
        }
        if s.formation == Formation::MarchColumn && s.spent > 0 {
            return refuse(FormationWhy::WholeTurn);
        }
        let r = self.rect(u);
        if self.enemy_within(u, &r, ONE_INCH) {
            return refuse(FormationWhy::EnemyNear);
        }
        let cost = if s.formation == Formation::MarchColumn { self.allowance(u) } else { self.card(u).change_formation };
        // D13: artillery pays for limbering or unlimbering out of its LIM allowance.
        let left = if self.arm(u) == Arm::Artillery { (self.allowance_in(u, Formation::Limbered) - s.spent).max(0) } else { self.left(u) };
        if cost > left {
            return refuse(FormationWhy::TooDear { cost, left });
        }
        let new = self.rect_at(u, f, s.front, s.facing);
        if !new.on_table(self.scen.width, self.scen.height) {
            return refuse(FormationWhy::LeavesTable);
        }
        if let Some(o) = self.overlapping(u, &new) {
            return refuse(FormationWhy::Overlaps { other: o });
        }
        Ok(cost)
    }

    /// The words of a formation change's refusal, as the player reads them.
    pub(crate) fn formation_refusal_text(&self, r: FormationRefusal) -> String {
        let name = |u: UnitId| &self.scen.units[usize::from(u)].id;
        let (n, f) = (name(r.unit), r.to);
        match r.why {
            FormationWhy::NotThisFormation => format!("{n} cannot form {f} from {}", self.unit(r.unit).formation),
            FormationWhy::Reformed => format!("{n} has changed formation this step (D13)"),
            FormationWhy::ColumnFirst => format!("{n} in road column may only form column first"),
            FormationWhy::WholeTurn => format!("{n} has moved: forming column from road column takes the whole turn"),
            FormationWhy::EnemyNear => format!("{n} is within 1\" of the enemy and cannot change formation"),
            FormationWhy::TooDear { cost, left } => format!("the change costs {} inches, {} are left", inches(cost), inches(left)),
            FormationWhy::LeavesTable => format!("{n} in {f} would leave the table"),
            FormationWhy::Overlaps { other } => format!("{n} in {f} would overlap {}", name(other)),
        }
    }

    pub(crate) fn change_formation(&mut self, u: UnitId, f: Formation, cost: i32, ev: &mut Vec<Event>) {
        let old = self.chart_allowance(u, self.unit(u).formation);
        let new = self.chart_allowance(u, f);
        let s = &mut self.units[usize::from(u)];
        // After a change, what is left is the lesser of the two formations' remainders (D13).
        s.spent += cost + (new - old).max(0) / if s.allowed == MoveAllowed::Half { 2 } else { 1 };
        s.formation = f;
        s.reformed = true;
        s.moved = true;
        s.moved_this_turn = true;
        ev.push(Event::Formed { unit: u, formation: f });
    }

    // ---------------------------------------------------------------- unformed movement

    /// Where an unformed move of `u` may end: turned in place toward `heading`, the footprint
    /// goes its first inch straight back from its facing, then on toward `heading` for the rest
    /// of `distance`, ending facing `heading`, never within 1" of an enemy, not overlapping
    /// another unit; tried on the straight line and then slid up to 6" to either side (Unformed
    /// Movement; D54). The whole footprint moves `distance` (a.6's 6" or 9" are the unit's move,
    /// not its front edge's). Err(true) when it runs off the table.
    fn unformed_end(&self, u: UnitId, distance: i64, heading: Facing) -> Result<(Point, Facing, Vec<UnitId>), bool> {
        let s = self.unit(u);
        let turned = ahead(self.rect(u).centre(), heading, i64::from(self.rect(u).depth) / 2, 0);
        let back = ahead(turned, s.facing, -INCH, 0);
        let formation = s.formation;
        let side = self.side_of(u);
        let mut off_table = false;
        for slide in [0i64, 100, -100, 200, -200, 300, -300, 400, -400, 600, -600] {
            let end = ahead(back, heading, distance - INCH, slide);
            let r = self.rect_at(u, formation, end, heading);
            if !r.on_table(self.scen.width, self.scen.height) {
                off_table = true;
                continue;
            }
            if self.enemy_within(u, &r, ONE_INCH) {
                continue;
            }
            if self.overlapping(u, &r).is_some() {
                continue;
            }
            // Gaps between units must be at least 2" wide; nothing passes through an enemy (D51):
            // a corridor 2" wide along the centre's path.
            let (c0, c1) = (self.rect(u).centre(), r.centre());
            let corridor = corridor(c0, c1, INCH);
            if self.side_units(side.other()).any(|e| convex_overlap(&corridor, &self.rect(e).corners())) {
                continue;
            }
            let passed = self.side_units(side).filter(|&o| o != u && convex_overlap(&corridor, &self.rect(o).corners())).collect();
            return Ok((end, heading, passed));
        }
        Err(off_table)
    }

    /// The heading toward a side's own retreat edge.
    pub(crate) fn retreat_heading(&self, side: Side) -> Facing {
        match self.scen.side(side).retreat_edge {
            Edge::North => Facing::degrees(0),
            Edge::East => Facing::degrees(90),
            Edge::South => Facing::degrees(180),
            Edge::West => Facing::degrees(270),
        }
    }

    /// Rout movement: 18" for infantry and unlimbered gunners, 27" for cavalry and limbered
    /// gunners (Rout), first inch straight back, then toward its own edge (D49). A unit that
    /// reaches its edge, or finds no legal end, is dispersed (b.4). Units it passes through are
    /// disordered (Rout). Returns whether it is still on the table.
    pub(crate) fn rout_move(&mut self, u: UnitId, ev: &mut Vec<Event>) -> bool {
        let fast = self.arm(u) == Arm::Cavalry || self.unit(u).formation == Formation::Limbered;
        let distance = if fast { 2700 } else { 1800 };
        let heading = self.retreat_heading(self.side_of(u));
        match self.unformed_end(u, distance, heading) {
            Ok((end, facing, passed)) => {
                let from = self.unit(u).front;
                let s = &mut self.units[usize::from(u)];
                s.front = end;
                s.facing = facing;
                s.reaction_marker = false;
                ev.push(Event::Moved { unit: u, from, to: end, facing, cost: 0 });
                for p in passed {
                    self.disorder(p, ev);
                }
                true
            }
            Err(off) => {
                let why = if off { "routed off its own table edge" } else { "found no way out of its rout" };
                self.remove(u, why, ev);
                false
            }
        }
    }

    /// Withdrawal (Melee Combat (3)) and bounce (Cavalry Pursuit (1)) movement: unformed, straight
    /// back (a.6: withdrawal 6" for infantry and unlimbered gunners, 9" for cavalry and limbered
    /// gunners; bounce 6"). A unit with no legal end routs instead (D54).
    pub(crate) fn fall_back(&mut self, u: UnitId, distance: i64, ev: &mut Vec<Event>) {
        let heading = self.unit(u).facing.reversed();
        match self.unformed_end(u, distance, heading) {
            Ok((end, _, passed)) => {
                let from = self.unit(u).front;
                let facing = self.unit(u).facing;
                // It keeps facing the enemy (D54: it may end in any facing).
                let back = ahead(end, facing, i64::from(self.rect(u).depth), 0);
                let r = self.rect_at(u, self.unit(u).formation, back, facing);
                let fits = r.on_table(self.scen.width, self.scen.height)
                    && !self.enemy_within(u, &r, ONE_INCH)
                    && self.overlapping(u, &r).is_none();
                let (to, face) = if fits { (back, facing) } else { (end, heading) };
                let s = &mut self.units[usize::from(u)];
                s.front = to;
                s.facing = face;
                ev.push(Event::Moved { unit: u, from, to, facing: face, cost: 0 });
                if self.unit(u).order == Order::Routed || self.unit(u).order == Order::Disordered {
                    for p in passed {
                        self.disorder(p, ev);
                    }
                }
            }
            Err(_) => {
                self.rout(u, ev);
            }
        }
    }

    /// Withdrawal distance (a.6).
    pub(crate) fn withdrawal_distance(&self, u: UnitId) -> i64 {
        let fast = self.arm(u) == Arm::Cavalry || self.unit(u).formation == Formation::Limbered;
        if fast { 900 } else { 600 }
    }

    /// Evasion movement: may `t` evade the enemy `by` moving into contact with it? Inactive
    /// cavalry and horse artillery, not disordered, routed or already in contact, when infantry
    /// approaches; against cavalry only cavalry with a reaction marker (NB-150 to 155; D52).
    pub(crate) fn may_evade(&self, t: UnitId, by: UnitId) -> bool {
        let s = self.unit(t);
        if self.side_of(t) == self.phasing || s.order != Order::Formed {
            return false;
        }
        let card = self.card(t);
        let (cav, horse_art) = (card.arm == Arm::Cavalry, card.arm == Arm::Artillery && card.horse);
        if !(cav || horse_art) {
            return false;
        }
        let others: Vec<UnitId> = self.contacts(t).into_iter().filter(|&e| e != by).collect();
        if !others.is_empty() {
            return false;
        }
        match self.arm(by) {
            Arm::Infantry => true,
            Arm::Cavalry => cav && s.reaction_marker,
            Arm::Artillery => false,
        }
    }

    /// Evade: cavalry up to its full column allowance, horse artillery limbered (free) with its
    /// limbered allowance, directly away from the enemy, ending farther from it and not within
    /// 1" of any enemy (a.6). The marker is lost.
    pub(crate) fn evade(&mut self, t: UnitId, by: UnitId, ev: &mut Vec<Event>) -> bool {
        let f = if self.arm(t) == Arm::Artillery { Formation::Limbered } else { self.unit(t).formation };
        let allowance = if self.arm(t) == Arm::Artillery { Formation::Limbered } else { Formation::Column };
        let distance = i64::from(self.chart_allowance(t, allowance));
        let away = bearing(self.rect(by).centre(), self.rect(t).centre());
        self.units[usize::from(t)].reaction_marker = false;
        // Turn first at no cost, then move straight away; it may not end near an enemy. With no
        // such place it stays where it is (and in its formation).
        let s = self.unit(t).clone();
        for d in [distance, distance * 3 / 4, distance / 2] {
            let end = ahead(s.front, away, d, 0);
            let r = self.rect_at(t, f, end, away);
            let ok = r.on_table(self.scen.width, self.scen.height) && !self.enemy_within(t, &r, ONE_INCH) && self.overlapping(t, &r).is_none();
            if ok {
                let st = &mut self.units[usize::from(t)];
                st.front = end;
                st.facing = away;
                if st.formation != f {
                    // Unlimbered horse artillery limbers at no cost to evade (Evasion movement).
                    st.formation = f;
                    ev.push(Event::Formed { unit: t, formation: f });
                }
                ev.push(Event::Moved { unit: t, from: s.front, to: end, facing: away, cost: 0 });
                return true;
            }
        }
        false
    }

    /// A general's ride (b.6): anywhere within 24", on the table, not into ground closed to
    /// cavalry.
    pub(crate) fn check_general_move(&self, g: usize, to: Point) -> Result<(), RideRefusal> {
        if self.scen.generals[g].side != self.phasing {
            return Err(RideRefusal::NotHisStep { general: g });
        }
        if to.x < 0 || to.y < 0 || to.x > self.scen.width || to.y > self.scen.height {
            return Err(RideRefusal::LeavesTable { general: g });
        }
        let d = self.generals[g].distance(to);
        let left = i64::from(GENERAL_RIDE - self.ridden[g]);
        if d > left {
            return Err(RideRefusal::TooFar { ride: d as i32, left: left as i32 });
        }
        if self.scen.terrain.iter().any(|t| matches!(t.kind, TerrainKind::Marsh | TerrainKind::Enclosure) && t.contains(to)) {
            return Err(RideRefusal::ClosedGround { general: g });
        }
        Ok(())
    }

    /// The words of a ride's refusal, as the player reads them.
    pub(crate) fn ride_refusal_text(&self, r: RideRefusal) -> String {
        let name = |g: usize| &self.scen.generals[g].name;
        match r {
            RideRefusal::NotHisStep { general } => format!("{} does not ride in the enemy's movement step", name(general)),
            RideRefusal::LeavesTable { general } => format!("{} would leave the table", name(general)),
            RideRefusal::TooFar { ride, left } => format!("the ride is {} inches, {} are left of the general's 24", inches(ride), inches(left)),
            RideRefusal::ClosedGround { general } => format!("{} cannot ride into that ground", name(general)),
        }
    }

    /// The point where general `g` touches unit `u`: the middle of its rear edge.
    pub(crate) fn touch_point(&self, u: UnitId) -> Point {
        let r = self.rect(u);
        ahead(r.front, r.facing, -i64::from(r.depth) - TOUCH / 2, 0)
    }
}

/// A rectangle `half` hundredths either side of segment ab.
fn corridor(a: Point, b: Point, half: i64) -> Vec<Point> {
    let f = bearing(a, b);
    convex_hull(&[ahead(a, f, 0, -half), ahead(a, f, 0, half), ahead(b, f, 0, -half), ahead(b, f, 0, half)])
}

/// Hundredths as inches for messages ("6.40").
pub fn inches(v: i32) -> String {
    format!("{}.{:02}", v.div_euclid(100), v.rem_euclid(100))
}
