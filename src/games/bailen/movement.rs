//! Movement of Troops: terrain costs (in half movement points, so the Royal Road's ½ is exact),
//! one counter a hex, zones of control and their cancellation, reinforcement entry.
use super::action::{Side, UnitId};
use super::cell;
use super::scenario::{side_index, Kind};
use super::tables::{DEAREST_STEP_HALVES, NONE};
use super::Bailen;
use crate::core::hex::Hex;
use std::cell::RefCell;

/// Buffers the movement searches reuse, holding the last full search of a move (so that the
/// move's path is not searched again), and the artillery's targets at range already listed.
/// Not part of the position: a clone starts without.
#[derive(Default)]
pub(crate) struct SearchBuffers {
    moves: RefCell<Buffers>,
    /// Per artillery piece (by counter), its targets at range from one hex (`combat::Ranged`).
    pub(crate) ranged: RefCell<Vec<super::combat::Ranged>>,
}

#[derive(Default)]
struct Buffers {
    /// The normal search and the roads-only one.
    normal: Reach,
    road: Reach,
    /// What the buffers hold: None after a partial search.
    key: Option<MovesKey>,
}

/// One move's searches: the counter, its start (grid index), its budget, and the board
/// (`Derived::version`).
#[derive(Clone, Copy, PartialEq, Eq)]
struct MovesKey {
    unit: UnitId,
    start: usize,
    budget: u32,
    version: u32,
}

/// The cheapest-path search of one move, by cost levels in half points: every hex offered at
/// a cost is a bit of that level's row, and the hexes of each level, in cost order, are
/// settled (their cheapest cost) and expanded. Reusable without allocating once warm. Its
/// reached hexes, costs and paths are those of `core::hex::reachable_indexed`; a path takes,
/// at each hex, the parent of lowest (cost, grid index) among the expanded neighbours that
/// offer its cost.
#[derive(Clone, Debug, Default)]
pub(crate) struct Reach {
    /// Per word of the board's bits and cost level (`Tables::offer_levels` levels a word), the
    /// hexes offered at that cost; emptied as they are settled. A sink of one word's levels
    /// follows, for the steps off the board.
    offered: Vec<u64>,
    /// One bit per grid index reached (the start included).
    bits: Vec<u64>,
    /// Cheapest cost per grid index reached; u16::MAX otherwise.
    cost: Vec<u16>,
    /// The words of `bits` that hold the hexes reached: `lo..=hi` (hi < lo when none).
    lo: usize,
    hi: usize,
    /// The last search: its start, and whether it kept to minor roads.
    start: usize,
    roads_only: bool,
}

impl Reach {
    /// Forget the last search, on a board of `n` hexes with these tables.
    fn clear(&mut self, n: usize, t: &super::tables::Tables) {
        let size = (t.words + 1) * t.offer_levels;
        if self.cost.len() != n || self.bits.len() != t.words || self.offered.len() != size {
            *self = Reach { offered: vec![0; size], bits: vec![0; t.words], cost: vec![u16::MAX; n], ..Reach::default() };
        }
        // The hexes reached are the bits of the words `lo..=hi`.
        for w in self.lo..=self.hi {
            let Some(word) = self.bits.get_mut(w) else { break };
            let mut x = std::mem::take(word);
            while x != 0 {
                if let Some(c) = self.cost.get_mut(w * 64 + x.trailing_zeros() as usize) {
                    *c = u16::MAX;
                }
                x &= x - 1;
            }
        }
        (self.lo, self.hi) = (usize::MAX, 0);
        self.start = usize::MAX;
    }

    /// Grid index `i` is reached at its cheapest cost `c`.
    #[inline]
    fn settle(&mut self, i: usize, c: usize) {
        if let (Some(w), Some(cost)) = (self.bits.get_mut(i / 64), self.cost.get_mut(i)) {
            *w |= 1 << (i % 64);
            *cost = c as u16;
            self.lo = self.lo.min(i / 64);
            self.hi = self.hi.max(i / 64);
        }
    }

    /// Offer the neighbours of grid index `i` (reached at cost `c`) at their costs
    /// (`Tables::offers`) into the rows `offered`; with `minor` (the Roads rule's search), only
    /// along its minor roads. False if it offers none.
    #[inline(always)]
    fn expand(offered: &mut [u64], offers: &Offers, minor: Option<&[u8]>, i: usize, c: usize) -> bool {
        match minor {
            Some(minor) => match offers.by_direction.get(i) {
                Some(steps) => Self::offer(offered, steps, minor.get(i).copied().unwrap_or(0), c),
                None => false,
            },
            None => match offers.merged.get(i) {
                Some(steps) => Self::offer_all(offered, steps.steps(), c),
                None => false,
            },
        }
    }

    /// Offer the hexes of the steps (`Tables::merged_offers`) at cost `c` plus theirs.
    #[inline(always)]
    fn offer_all(offered: &mut [u64], steps: &[(u32, u64)], c: usize) -> bool {
        for &(slot, bit) in steps {
            if let Some(w) = offered.get_mut(slot as usize + c) {
                *w |= bit;
            }
        }
        true
    }

    /// `offer_all` for the steps of the directions `dirs` (bit d for direction d) only; false
    /// if none.
    #[inline(always)]
    fn offer(offered: &mut [u64], steps: &[(u32, u64); 6], dirs: u8, c: usize) -> bool {
        for (d, &(slot, bit)) in steps.iter().enumerate() {
            if let (true, Some(w)) = (dirs & (1 << d) != 0, offered.get_mut(slot as usize + c)) {
                *w |= bit;
            }
        }
        dirs != 0
    }

    /// Was grid index `i` reached?
    fn reached(&self, i: usize) -> bool {
        self.bits.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// One bit per grid index reached, 64 a word.
    fn bits(&self) -> &[u64] {
        &self.bits
    }

    /// The cheapest cost to grid index `i`, if reached.
    fn cost(&self, i: usize) -> Option<u16> {
        self.cost.get(i).copied().filter(|&c| c != u16::MAX)
    }
}

/// A search's steps (`Tables::offers` and `Tables::merged_offers`, for the mover's kind).
struct Offers<'a> {
    by_direction: &'a [[(u32, u64); 6]],
    merged: &'a [super::tables::MergedOffers],
}

impl Clone for SearchBuffers {
    fn clone(&self) -> Self {
        SearchBuffers::default()
    }
}

impl std::fmt::Debug for SearchBuffers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SearchBuffers")
    }
}

impl Bailen {
    /// Is `h` in the ZoC of an army counter hostile to `side` (the six surrounding hexes)?
    #[inline]
    pub(crate) fn in_enemy_zoc(&self, side: Side, h: Hex) -> bool {
        match self.scen.grid.index(h) {
            Some(i) => self.enemy_zoc_on(side, i),
            None => {
                let grid = &self.scen.grid;
                h.neighbours().iter().any(|&n| grid.index(n).is_some_and(|j| self.enemy_on(side, j)))
            }
        }
    }

    /// An army counter hostile to `side` stands on grid index `i` (María Bellido is not an army
    /// counter; the cells kept with the board, `Derived::cell`).
    #[inline]
    pub(crate) fn enemy_on(&self, side: Side, i: usize) -> bool {
        self.derived.cell.get(i).is_some_and(|f| f & cell::ARMY[side_index(side.other())] != 0)
    }

    /// `in_enemy_zoc` for the hex of grid index `i`: an enemy army counter is adjacent (the
    /// cells kept with the board, `Derived::cell`).
    #[inline]
    pub(crate) fn enemy_zoc_on(&self, side: Side, i: usize) -> bool {
        self.derived.cell.get(i).is_some_and(|f| f & cell::ZOC[side_index(side.other())] != 0)
    }

    /// Must a counter of `side` moving from grid index `mover_at` (None: entering) stop on
    /// grid index `i`? In enemy ZoC, except around an enemy that has at least two of our other
    /// counters in its own ZoC ("loses its ability to exert control ... for the purpose of
    /// stopping movement").
    fn must_stop_on(&self, side: Side, mover_at: Option<usize>, i: usize) -> bool {
        if !self.enemy_zoc_on(side, i) {
            return false;
        }
        let t = &*self.tables;
        let ours = side_index(side);
        let Some(around) = t.nbr.get(i) else { return false };
        around.iter().any(|&e| {
            let e = usize::from(e);
            e != usize::from(NONE) && self.enemy_on(side, e) && {
                let adjacent = self.derived.zoc.get(e).map_or(0, |z| z[ours]);
                let mover = mover_at.is_some_and(|m| t.nbr.get(m).is_some_and(|n| n.contains(&(e as u16))));
                adjacent.saturating_sub(u8::from(mover)) < 2
            }
        })
    }

    /// Movement points in halves: the movement factor, −1 in hot rounds unless watered.
    pub(crate) fn movement_halves(&self, u: UnitId) -> u32 {
        let mf = self.counter(u).mf as u32;
        let mf = if self.heat() && !self.watered(u) { mf.saturating_sub(1) } else { mf };
        mf * 2
    }

    /// Cheapest-path search for counter `u` from grid index `start` with `budget` halves into
    /// `r`. `roads_only` keeps to minor roads (the Roads optional rule). With `toward`, only
    /// the hexes next to those hexes need to be right: a hex from which none of them is in
    /// reach (a step costs at least half a point) is not left.
    fn search(&self, r: &mut Reach, u: UnitId, start: usize, budget: u32, roads_only: bool, toward: Option<&[(Hex, u8)]>) {
        let t = &*self.tables;
        let n = t.nbr.len();
        r.clear(n, t);
        // The levels cover every budget of the scenario's counters (`Tables::offer_levels`).
        let levels = t.offer_levels;
        let budget = usize::try_from(budget).unwrap_or(usize::MAX).min(levels.saturating_sub(5));
        if start >= n {
            return;
        }
        r.start = start;
        r.roads_only = roads_only;
        let side = self.side_of(u);
        let kind = self.counter(u).kind;
        let enemy = side_index(side.other());
        // Never over an enemy counter (María Bellido only lets the Spanish pass); artillery
        // that moves cannot enter an enemy ZoC.
        let closed = cell::ON[enemy] | if kind.is_artillery() { cell::ZOC[enemy] } else { 0 };
        let zoc = cell::ZOC[enemy];
        let g = usize::from(kind.slowed_by_groves());
        let offers = &Offers { by_direction: &t.offers[g], merged: &t.merged_offers[g] };
        let (cells, minor) = (&self.derived.cell, &self.scen.minor_dirs);
        let mover_at = self.units[u as usize].hex().and_then(|h| self.scen.grid.index(h));
        // With `toward`, a hex from which no target is within the budget left is not left.
        let out_of_reach = |i: usize, cost: usize| {
            toward.is_some_and(|targets| !t.any_within(i, targets, (budget as u32).saturating_sub(cost as u32)))
        };
        let minor = roads_only.then_some(&minor[..]);
        r.settle(start, 0);
        // The last cost level that offered anything: no offer lies a dearest step beyond it.
        let mut last = if Reach::expand(&mut r.offered, offers, minor, start, 0) { 0 } else { usize::MAX };
        let m = t.word_margin;
        let Reach { offered, bits, cost, lo: reached_lo, hi: reached_hi, .. } = r;
        for c in 1..=budget {
            if last == usize::MAX || c > last + DEAREST_STEP_HALVES {
                break;
            }
            // Offers lie next to the hexes reached: within `word_margin` words of them.
            let (lo, hi) = (reached_lo.saturating_sub(m), (*reached_hi + m).min(t.words - 1));
            for w in lo..=hi {
                let (Some(&row), Some(&reached)) = (offered.get(w * levels + c), bits.get(w)) else { break };
                let mut x = row & !reached;
                if let Some(row) = offered.get_mut(w * levels + c) {
                    *row = 0;
                }
                // The hexes of this word settled at cost `c` (`Reach::settle`, a word at a time).
                let mut settled = 0;
                while x != 0 {
                    let b = x.trailing_zeros() as usize;
                    x &= x - 1;
                    let i = w * 64 + b;
                    // Closed to the mover?
                    let Some(&f) = cells.get(i) else { continue };
                    if f & closed != 0 {
                        continue;
                    }
                    settled |= 1 << b;
                    if let Some(k) = cost.get_mut(i) {
                        *k = c as u16;
                    }
                    // A hex the mover must stop in is reached but not left.
                    if f & zoc != 0 && self.must_stop_on(side, mover_at, i) || out_of_reach(i, c) {
                        continue;
                    }
                    if Reach::expand(offered, offers, minor, i, c) {
                        last = c;
                    }
                }
                if settled != 0 {
                    if let Some(reached) = bits.get_mut(w) {
                        *reached |= settled;
                    }
                    *reached_lo = (*reached_lo).min(w);
                    *reached_hi = (*reached_hi).max(w);
                }
            }
        }
        // Offers past the budget are forgotten.
        let (lo, hi) = (r.lo.saturating_sub(m), (r.hi + m).min(t.words - 1));
        for w in lo..=hi {
            if let Some(past) = r.offered.get_mut(w * levels + budget + 1..(w + 1) * levels) {
                past.fill(0);
            }
        }
    }

    /// The grid indices of the cheapest path of the search `r` (of counter `u`, without
    /// `toward`) to `i`, the start first; empty if not reached. At each hex, the parent is the
    /// expanded neighbour of lowest (cost, grid index) whose step there gives the hex's cost.
    fn reach_path(&self, r: &Reach, u: UnitId, i: usize) -> Vec<usize> {
        let Some(mut c) = r.cost(i) else { return Vec::new() };
        let t = &*self.tables;
        let n = t.nbr.len();
        let side = self.side_of(u);
        let halves = &t.step_halves[usize::from(self.counter(u).kind.slowed_by_groves())];
        let (nbr, minor) = (&t.nbr, &self.scen.minor_dirs);
        let mover_at = self.units[u as usize].hex().and_then(|h| self.scen.grid.index(h));
        // A step costs at least half a point: at most `c` steps.
        let mut out = Vec::with_capacity(usize::from(c) + 1);
        out.push(i);
        let mut at = i;
        while at != r.start && out.len() <= n {
            let mut best: Option<(u16, usize)> = None;
            for (back, &p) in nbr.get(at).into_iter().flatten().enumerate() {
                let p = usize::from(p);
                let Some(cp) = r.cost(p) else { continue };
                // The step from `p` to `at` goes the opposite way (`Hex::neighbours` is a ring).
                let d = (back + 3) % 6;
                let (Some(from), Some(costs)) = (nbr.get(p), halves.get(p)) else { continue };
                if usize::from(from[d]) != at || cp.saturating_add(u16::from(costs[d].max(1))) != c {
                    continue;
                }
                if r.roads_only && minor.get(p).is_none_or(|m| m & (1 << d) == 0) {
                    continue;
                }
                if p != r.start && self.must_stop_on(side, mover_at, p) {
                    continue;
                }
                if best.is_none_or(|b| (cp, p) < b) {
                    best = Some((cp, p));
                }
            }
            let Some((cp, p)) = best else { return Vec::new() };
            out.push(p);
            at = p;
            c = cp;
        }
        out.reverse();
        out
    }

    /// The searches of one move of `u` from `start` with `budget` halves (the normal one and,
    /// with the Roads rule, the roads-only one with +1 point), given to `f`; with `toward`,
    /// right only for the hexes next to those (see `search`).
    fn with_moves<T>(&self, u: UnitId, start: Hex, budget: u32, toward: Option<&[(Hex, u8)]>, f: impl FnOnce(&Moves) -> T) -> T {
        let mut own = None;
        let mut shared = self.search_buffers.moves.try_borrow_mut();
        let b = match shared.as_deref_mut() {
            Ok(b) => b,
            Err(_) => own.insert(Buffers::default()),
        };
        let s = self.scen.grid.index(start).unwrap_or(usize::MAX);
        // Roads: a move made entirely along minor roads adds +1 to the movement factor.
        let with_road = self.roads_bonus();
        let key = MovesKey { unit: u, start: s, budget, version: self.derived.version };
        if toward.is_some() || b.key != Some(key) {
            self.search(&mut b.normal, u, s, budget, false, toward);
            if with_road {
                self.search(&mut b.road, u, s, budget + 2, true, toward);
            }
            b.key = toward.is_none().then_some(key);
        }
        f(&Moves { unit: u, start: s, normal: &b.normal, road: with_road.then_some(&b.road) })
    }

    /// Has counter `u` at least one destination? Usually answered by one adjacent empty hex it
    /// can afford, without the full search.
    pub(crate) fn can_move(&self, u: UnitId) -> bool {
        let Some(start) = self.units[u as usize].hex() else { return false };
        let Some(s) = self.scen.grid.index(start) else { return !self.destinations(u).is_empty() };
        let (side, kind, budget) = (self.side_of(u), self.counter(u).kind, self.movement_halves(u));
        let t = &*self.tables;
        let halves = &t.step_halves[usize::from(kind.slowed_by_groves())][s];
        let one_step = t.nbr[s].iter().enumerate().any(|(d, &n)| {
            let n = usize::from(n);
            n != usize::from(NONE)
                && self.board[n] == 0
                && u32::from(halves[d]) <= budget
                && !(kind.is_artillery() && self.enemy_zoc_on(side, n))
        });
        one_step || !self.destinations(u).is_empty()
    }

    /// Where counter `u` may end a move from its hex.
    pub(crate) fn destinations(&self, u: UnitId) -> Vec<Hex> {
        match self.units[u as usize].hex() {
            Some(start) => self.with_moves(u, start, self.movement_halves(u), None, |m| m.ends(self)),
            None => Vec::new(),
        }
    }

    /// A `MoveTo` for each of `destinations`, in the same order, with room for one more.
    pub(crate) fn move_actions(&self, u: UnitId) -> Vec<super::Action> {
        let Some(start) = self.units[u as usize].hex() else { return self.prompt_cache.spare_actions(1) };
        self.with_moves(u, start, self.movement_halves(u), None, |m| {
            let mut out = self.prompt_cache.spare_actions(m.reached() + 1);
            m.each_end(self, |to| out.push(super::Action::MoveTo { unit: u, to }));
            out
        })
    }

    /// The budget in halves of `u`'s farthest move, the Roads rule's +1 point included: what
    /// `Tables::cost_bound` is compared with to know a hex is out of its reach.
    pub(crate) fn farthest_move_halves(&self, u: UnitId) -> u32 {
        let budget = self.movement_halves(u);
        if self.roads_bonus() { budget + 2 } else { budget }
    }

    /// Roads: may a move made entirely along minor roads add +1 to the movement factor (the
    /// option is on and the map has minor roads)?
    fn roads_bonus(&self) -> bool {
        self.options.roads && self.tables.minor_roads
    }

    /// `f(k, to)` for each destination `to` of `u` adjacent to the hex of `around[k]` (a hex
    /// and its road distance, `Tables::road_distance_of`), target after target in the order
    /// given, each target's in grid order (Cavalry Pursuit: where a pursuer may end next to its
    /// target). The search needs to be right only next to those hexes.
    pub(crate) fn each_destination_next_to(&self, u: UnitId, around: &[(Hex, u8)], mut f: impl FnMut(usize, Hex)) {
        let Some(start) = self.units[u as usize].hex() else { return };
        let (t, grid) = (&*self.tables, &self.scen.grid);
        self.with_moves(u, start, self.movement_halves(u), Some(around), |m| {
            for (k, &(h, _)) in around.iter().enumerate() {
                let mut ends = [usize::MAX; 6];
                let mut n = 0;
                for i in grid.neighbour_indices_of(h).into_iter().flatten() {
                    if m.is_end(self, i) {
                        ends[n] = i;
                        n += 1;
                    }
                }
                ends[..n].sort_unstable();
                for &i in &ends[..n] {
                    if let Some(&to) = t.hexes.get(i) {
                        f(k, to);
                    }
                }
            }
        })
    }

    /// The path of counter `u`'s move to `to`, a hex next to `target` (the pursuit's): the
    /// search toward `target` alone finds the same cheapest path as the full one.
    pub(crate) fn move_path_next_to(&self, u: UnitId, target: Hex, to: Hex) -> Vec<Hex> {
        let Some(start) = self.units[u as usize].hex() else { return Vec::new() };
        let toward = [(target, self.tables.road_distance_of(&self.scen.grid, target))];
        self.with_moves(u, start, self.movement_halves(u), Some(&toward), |m| m.path(self, to))
    }

    /// The path of a move for its event: `path` of this position, or nothing when the events
    /// are not read (`quiet`).
    pub(crate) fn traced(&self, path: impl FnOnce(&Self) -> Vec<Hex>) -> Vec<Hex> {
        if self.quiet { Vec::new() } else { path(self) }
    }

    /// The path of counter `u`'s move to `to` (empty if it cannot go there).
    pub(crate) fn move_path(&self, u: UnitId, to: Hex) -> Vec<Hex> {
        match self.units[u as usize].hex() {
            Some(start) => self.with_moves(u, start, self.movement_halves(u), None, |m| m.path(self, to)),
            None => Vec::new(),
        }
    }

    /// Where an arriving reinforcement may end its entry move: it enters the road's edge hex
    /// first, spending its movement points from there (Reinforcements; A25).
    pub(crate) fn entry_destinations(&self, u: UnitId) -> Vec<Hex> {
        let entry = self.entry_hex(self.side_of(u));
        self.with_entry_moves(u, |m, entry_empty| {
            let mut ends = m.map(|m| m.ends(self)).unwrap_or_default();
            if entry_empty {
                ends.insert(0, entry);
            }
            ends
        })
        .unwrap_or_default()
    }

    /// The path of an entering reinforcement to `to`, the entry hex first.
    pub(crate) fn entry_path(&self, u: UnitId, to: Hex) -> Vec<Hex> {
        let entry = self.entry_hex(self.side_of(u));
        if to == entry {
            return vec![entry];
        }
        self.with_entry_moves(u, |m, _| m.map(|m| m.path(self, to)).unwrap_or_default()).unwrap_or_default()
    }

    /// `f` on the moves onward from the entry hex (None if it must stop there) and whether the
    /// entry hex itself is free to end on; None if the unit cannot enter at all.
    fn with_entry_moves<T>(&self, u: UnitId, f: impl FnOnce(Option<&Moves>, bool) -> T) -> Option<T> {
        let side = self.side_of(u);
        let entry = self.entry_hex(side);
        if self.unit_at(entry).is_some_and(|o| self.side_of(o) != side) {
            return None;
        }
        let kind = self.counter(u).kind;
        let budget = self.movement_halves(u);
        // Entering from the board edge at 3001/3035 follows the road (A11d).
        let first = u32::from(super::tables::cost_halves(true, self.penalised(kind, entry)));
        if first > budget || (kind.is_artillery() && self.in_enemy_zoc(side, entry)) {
            return None;
        }
        let entry_empty = self.unit_at(entry).is_none();
        let mover_at = self.units[u as usize].hex().and_then(|h| self.scen.grid.index(h));
        if self.must_stop_on(side, mover_at, self.scen.idx(entry)) {
            return Some(f(None, entry_empty));
        }
        Some(self.with_moves(u, entry, budget - first, None, |m| f(Some(m), entry_empty)))
    }

    /// Does entering `h` cost a counter of this kind 2 (hills, river, buildings; olive groves
    /// for cavalry and horse artillery)?
    fn penalised(&self, kind: Kind, h: Hex) -> bool {
        use super::scenario::{BUILDING, HILL, OLIVE, RIVER};
        self.scen.has(h, HILL | RIVER | BUILDING) || (kind.slowed_by_groves() && self.scen.has(h, OLIVE))
    }
}

/// The searches of one move: the normal one and, with the Roads rule, the roads-only one.
struct Moves<'a> {
    /// The counter that moves.
    unit: UnitId,
    /// Grid index of the start (usize::MAX off the board).
    start: usize,
    normal: &'a Reach,
    road: Option<&'a Reach>,
}

impl Moves<'_> {
    /// May the move end on grid index `i`: reached, not the start, and empty?
    fn is_end(&self, g: &Bailen, i: usize) -> bool {
        i != self.start
            && (self.normal.reached(i) || self.road.is_some_and(|r| r.reached(i)))
            && g.board.get(i) == Some(&0)
    }

    /// The hexes of one word of either search.
    fn word(&self, w: usize, x: u64) -> u64 {
        x | self.road.and_then(|r| r.bits().get(w)).copied().unwrap_or(0)
    }

    /// The words of the searches' bits that hold the hexes reached by either.
    fn words(&self) -> std::ops::RangeInclusive<usize> {
        let (lo, hi) = (self.normal.lo, self.normal.hi);
        match self.road {
            Some(r) => lo.min(r.lo)..=hi.max(r.hi),
            None => lo..=hi,
        }
    }

    /// How many hexes either search reached.
    fn reached(&self) -> usize {
        let bits = self.normal.bits();
        self.words().filter_map(|w| bits.get(w).map(|&x| self.word(w, x).count_ones() as usize)).sum()
    }

    /// `f` on each empty hex the move may end on, in grid order.
    fn each_end(&self, g: &Bailen, mut f: impl FnMut(Hex)) {
        let (hexes, board, bits) = (&g.tables.hexes[..], &g.board[..], self.normal.bits());
        for w in self.words() {
            let Some(&x) = bits.get(w) else { break };
            let mut x = self.word(w, x);
            while x != 0 {
                let i = w * 64 + x.trailing_zeros() as usize;
                x &= x - 1;
                if let (true, Some(0), Some(&h)) = (i != self.start, board.get(i), hexes.get(i)) {
                    f(h);
                }
            }
        }
    }

    /// Empty hexes the move may end on, in grid order.
    fn ends(&self, g: &Bailen) -> Vec<Hex> {
        let mut out = Vec::with_capacity(self.reached() + 1);
        self.each_end(g, |h| out.push(h));
        out
    }

    fn path(&self, g: &Bailen, to: Hex) -> Vec<Hex> {
        let grid = &g.scen.grid;
        let Some(i) = grid.index(to) else { return Vec::new() };
        let via = if self.normal.reached(i) {
            self.normal
        } else if let Some(road) = self.road.filter(|r| r.reached(i)) {
            road
        } else {
            return Vec::new();
        };
        g.reach_path(via, self.unit, i).into_iter().filter_map(|j| g.tables.hexes.get(j).copied()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Action, Bailen, Options, DEFAULT_SCENARIO};
    use crate::games::Rules;

    /// Cavalry Pursuit lists, for each pursuer and target, exactly the destinations of the
    /// full movement search next to the target, and a pursuit's path (searched toward its
    /// target alone) is the full search's path.
    #[test]
    fn pursuits_agree_with_the_full_search() {
        let (mut pursuits, mut paths) = (0, 0);
        for seed in 1..=12u64 {
            let mut g = Bailen::new_game(DEFAULT_SCENARIO, &Options::all(), seed).expect("new game");
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            while let Some(p) = g.prompt() {
                if matches!(g.phase, super::super::sequence::Phase::Pursuit) {
                    pursuits += 1;
                    let listed: Vec<_> = p.actions.iter().filter_map(|a| match *a { Action::Pursue { unit, target, to } => Some((unit, target, to)), _ => None }).collect();
                    for &(unit, target, to) in &listed {
                        let th = g.units[target as usize].hex().expect("the target is on the map");
                        assert_eq!(g.move_path_next_to(unit, th, to), g.move_path(unit, to), "seed {seed}");
                        paths += 1;
                    }
                    // Every destination next to a listed target is listed for that pursuer.
                    for &(unit, target, _) in &listed {
                        let th = g.units[target as usize].hex().expect("on the map");
                        for to in g.destinations(unit).into_iter().filter(|d| d.distance(th) == 1) {
                            assert!(listed.contains(&(unit, target, to)), "seed {seed}: {to:?} next to {th:?} is not listed");
                        }
                    }
                }
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                g.apply_listed((x % p.actions.len() as u64) as usize).expect("a listed action");
            }
        }
        assert!(pursuits > 50 && paths > 50, "{pursuits} pursuit steps, {paths} paths compared");
    }
}
