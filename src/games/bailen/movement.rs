//! Movement of Troops: terrain costs (in half movement points, so the Royal Road's ½ is exact),
//! one counter a hex, zones of control and their cancellation, reinforcement entry.
use super::action::{Side, UnitId};
use super::scenario::{Kind, BUILDING, HILL, OLIVE, RIVER};
use super::Bailen;
use crate::core::hex::{reachable_indexed, Hex, Reach};

impl Bailen {
    /// Is `h` in the ZoC of an army counter hostile to `side` (the six surrounding hexes)?
    pub(crate) fn in_enemy_zoc(&self, side: Side, h: Hex) -> bool {
        let grid = &self.scen.grid;
        h.neighbours().iter().any(|&n| grid.index(n).is_some_and(|j| self.enemy_on(side, j)))
    }

    /// An army counter hostile to `side` stands on `h` (María Bellido is not an army counter).
    pub(crate) fn enemy_at(&self, side: Side, h: Hex) -> bool {
        self.unit_at(h).is_some_and(|u| self.side_of(u) != side && !self.is_water_carrier(u))
    }

    /// `enemy_at` by grid index.
    #[inline]
    fn enemy_on(&self, side: Side, i: usize) -> bool {
        let b = self.board[i];
        b > 0 && self.side_of(b - 1) != side && !self.is_water_carrier(b - 1)
    }

    /// `in_enemy_zoc` for the hex of grid index `i`.
    #[inline]
    fn enemy_zoc_on(&self, side: Side, i: usize) -> bool {
        self.scen.grid.neighbour_indices(i).iter().any(|&n| n.is_some_and(|j| self.enemy_on(side, j)))
    }

    /// Hexes (by grid index) where a moving counter of `side` must stop: enemy ZoC, except
    /// around an enemy that has at least two of our counters in its own ZoC ("loses its
    /// ability to exert control ... for the purpose of stopping movement").
    fn stopping_zoc(&self, side: Side, mover: UnitId) -> Vec<bool> {
        let mut stop = vec![false; self.scen.grid.len()];
        for (_, eh) in self.army_on_map(side.other()) {
            let around = self.scen.grid.neighbour_indices_of(eh);
            let ours = around
                .iter()
                .filter(|&&n| {
                    n.is_some_and(|j| {
                        let b = self.board[j];
                        b > 0 && {
                            let u = b - 1;
                            u != mover && self.side_of(u) == side && !self.is_water_carrier(u)
                        }
                    })
                })
                .count();
            if ours < 2 {
                for j in around.into_iter().flatten() {
                    stop[j] = true;
                }
            }
        }
        stop
    }

    /// Does entering `h` cost a counter of this kind 2 (hills, river, buildings; olive groves
    /// for cavalry and horse artillery)?
    fn penalised(&self, kind: Kind, h: Hex) -> bool {
        self.scen.has(h, HILL | RIVER | BUILDING) || (kind.slowed_by_groves() && self.scen.has(h, OLIVE))
    }

    /// Cost in half points of entering `to` from `from`: the Royal Road's ½ when following its
    /// path (1 if the hex also holds a penalising feature), else 1 or 2 for the terrain.
    fn terrain_cost(&self, kind: Kind, from: Option<Hex>, to: Hex) -> u32 {
        let along_road = match from {
            Some(f) => self.scen.road_step(f, to),
            // Entering from the board edge at 3001/3035 follows the road (A11d).
            None => true,
        };
        cost_halves(along_road, self.penalised(kind, to))
    }

    /// Movement points in halves: the movement factor, −1 in hot rounds unless watered.
    pub(crate) fn movement_halves(&self, u: UnitId) -> u32 {
        let mf = self.counter(u).mf as u32;
        let mf = if self.heat() && !self.watered(u) { mf.saturating_sub(1) } else { mf };
        mf * 2
    }

    /// Cheapest-path search for counter `u` starting at `start` with `budget` halves, stopping
    /// on `stop` (its `stopping_zoc`). `roads_only` keeps to minor roads (the Roads optional
    /// rule). Works on grid indices: the same rules as `terrain_cost`, `unit_at`,
    /// `in_enemy_zoc` and the scenario's road steps, read straight from the arrays.
    fn reach(&self, u: UnitId, start: Hex, budget: u32, roads_only: bool, stop: &[bool]) -> Reach {
        let side = self.side_of(u);
        let kind = self.counter(u).kind;
        let artillery = kind.is_artillery();
        let groves = kind.slowed_by_groves();
        let scen = &*self.scen;
        reachable_indexed(
            &scen.grid,
            start,
            budget,
            |from, dir, to| {
                let bit = 1u8 << dir;
                if roads_only && scen.minor_dirs[from] & bit == 0 {
                    return None;
                }
                // Never over an enemy counter; María Bellido only lets the Spanish pass.
                let o = self.board[to];
                if o > 0 && self.side_of(o - 1) != side {
                    return None;
                }
                // Artillery that moves cannot enter an enemy ZoC.
                if artillery && self.enemy_zoc_on(side, to) {
                    return None;
                }
                let t = scen.terrain[to];
                let penalised = t & (HILL | RIVER | BUILDING) != 0 || (groves && t & OLIVE != 0);
                Some(cost_halves(scen.road_dirs[from] & bit != 0, penalised))
            },
            |i| stop[i],
        )
    }

    /// Has counter `u` at least one destination? Usually answered by one adjacent empty hex it
    /// can afford, without the full search.
    pub(crate) fn can_move(&self, u: UnitId) -> bool {
        let Some(start) = self.units[u as usize].hex() else { return false };
        let (side, kind, budget) = (self.side_of(u), self.counter(u).kind, self.movement_halves(u));
        let one_step = start.neighbours().into_iter().any(|n| {
            self.scen.grid.contains(n)
                && self.unit_at(n).is_none()
                && self.terrain_cost(kind, Some(start), n) <= budget
                && !(kind.is_artillery() && self.in_enemy_zoc(side, n))
        });
        one_step || !self.destinations(u).is_empty()
    }

    /// Where counter `u` may end a move from its hex.
    pub(crate) fn destinations(&self, u: UnitId) -> Vec<Hex> {
        match self.units[u as usize].hex() {
            Some(start) => self.moves_from(u, start, self.movement_halves(u), None).ends(self),
            None => Vec::new(),
        }
    }

    /// The path of counter `u`'s move to `to` (empty if it cannot go there).
    pub(crate) fn move_path(&self, u: UnitId, to: Hex) -> Vec<Hex> {
        match self.units[u as usize].hex() {
            Some(start) => self.moves_from(u, start, self.movement_halves(u), None).path(to),
            None => Vec::new(),
        }
    }

    /// Both searches of a move share one `stopping_zoc` (`stop`; computed here if None).
    fn moves_from(&self, u: UnitId, start: Hex, budget: u32, stop: Option<Vec<bool>>) -> Moves {
        let stop = stop.unwrap_or_else(|| self.stopping_zoc(self.side_of(u), u));
        let normal = self.reach(u, start, budget, false, &stop);
        // Roads: a move made entirely along minor roads adds +1 to the movement factor.
        let road = (self.options.roads && self.scen.minor_dirs.iter().any(|&d| d != 0))
            .then(|| self.reach(u, start, budget + 2, true, &stop));
        Moves { start, normal, road }
    }

    /// Where an arriving reinforcement may end its entry move: it enters the road's edge hex
    /// first, spending its movement points from there (Reinforcements; A25).
    pub(crate) fn entry_destinations(&self, u: UnitId) -> Vec<Hex> {
        self.entry_moves(u).map(|(m, entry_empty)| {
            let mut ends = m.map(|m| m.ends(self)).unwrap_or_default();
            if entry_empty {
                ends.insert(0, self.entry_hex(self.side_of(u)));
            }
            ends
        }).unwrap_or_default()
    }

    /// The path of an entering reinforcement to `to`, the entry hex first.
    pub(crate) fn entry_path(&self, u: UnitId, to: Hex) -> Vec<Hex> {
        let entry = self.entry_hex(self.side_of(u));
        if to == entry {
            return vec![entry];
        }
        match self.entry_moves(u) {
            Some((Some(m), _)) => m.path(to),
            _ => Vec::new(),
        }
    }

    /// The moves onward from the entry hex (None if it must stop there), and whether the entry
    /// hex itself is free to end on; None if the unit cannot enter at all.
    fn entry_moves(&self, u: UnitId) -> Option<(Option<Moves>, bool)> {
        let side = self.side_of(u);
        let entry = self.entry_hex(side);
        if self.unit_at(entry).is_some_and(|o| self.side_of(o) != side) {
            return None;
        }
        let kind = self.counter(u).kind;
        let budget = self.movement_halves(u);
        let first = self.terrain_cost(kind, None, entry);
        if first > budget || (kind.is_artillery() && self.in_enemy_zoc(side, entry)) {
            return None;
        }
        let entry_empty = self.unit_at(entry).is_none();
        let stop = self.stopping_zoc(side, u);
        if stop[self.scen.idx(entry)] {
            return Some((None, entry_empty));
        }
        Some((Some(self.moves_from(u, entry, budget - first, Some(stop))), entry_empty))
    }
}

/// The searches of one move: the normal one and, with the Roads rule, the roads-only one.
struct Moves {
    start: Hex,
    normal: Reach,
    road: Option<Reach>,
}

impl Moves {
    /// Empty hexes the move may end on, in grid order.
    fn ends(&self, g: &Bailen) -> Vec<Hex> {
        let ok = |h: Hex| h != self.start && g.unit_at(h).is_none();
        let mut out: Vec<Hex> = self.normal.reached().into_iter().map(|(h, _)| h).filter(|&h| ok(h)).collect();
        if let Some(road) = &self.road {
            let before = out.len();
            out.extend(road.reached().into_iter().map(|(h, _)| h).filter(|&h| ok(h) && self.normal.cost(h).is_none()));
            if out.len() > before {
                out.sort_by_key(|h| g.scen.idx(*h));
            }
        }
        out
    }

    fn path(&self, to: Hex) -> Vec<Hex> {
        match (self.normal.cost(to), &self.road) {
            (Some(_), _) => self.normal.path(to),
            (None, Some(road)) => road.path(to),
            (None, None) => Vec::new(),
        }
    }
}

/// Half movement points to enter a hex: ½ along the Royal Road (1 if the hex also holds a
/// penalising feature), else 1, or 2 for a penalising feature.
#[inline]
fn cost_halves(along_road: bool, penalised: bool) -> u32 {
    match (along_road, penalised) {
        (true, false) => 1,
        (true, true) | (false, false) => 2,
        (false, true) => 4,
    }
}
