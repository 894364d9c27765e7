//! Hex geometry: axial coordinates, distance, neighbours, line of sight, cheapest-path reach.
//!
//! Printed four-digit labels ("XXYY": column XX, row YY, both from 01) exist only at input and
//! output. The labelled layout is flat-topped hexes in vertical columns with the even-numbered
//! columns (02, 04, ...) shifted half a hex down; internally q = XX-1 and
//! r = YY - (q - (q & 1)) / 2 (Red Blob Games' "odd-q" offset with 0-based q).
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;

/// Axial hex coordinate. Serialises as its four-digit label string (e.g. "2425").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hex {
    /// Axial column coordinate (printed column - 1).
    pub q: i16,
    /// Axial diagonal-row coordinate.
    pub r: i16,
}

/// Why a string is not a hex label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabelError {
    /// Not exactly four ASCII digits.
    Malformed(String),
    /// Column or row is 00.
    ZeroComponent(String),
}

impl fmt::Display for LabelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LabelError::Malformed(s) => write!(
                f,
                "{s:?} is not a hex label: a label is exactly four digits, the column then the \
                 row, such as \"2425\""
            ),
            LabelError::ZeroComponent(s) => write!(
                f,
                "{s:?} is not a hex label: columns and rows are numbered from 01, so neither \
                 half may be 00"
            ),
        }
    }
}
impl std::error::Error for LabelError {}

/// Axial steps to the six neighbours, in the fixed order `Hex::neighbours` uses.
const DIRECTIONS: [(i16, i16); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

impl Hex {
    /// The hex with axial coordinates `q`, `r`.
    pub const fn new(q: i16, r: i16) -> Self {
        Hex { q, r }
    }

    /// Parse a four-digit label such as "3001".
    pub fn from_label(label: &str) -> Result<Hex, LabelError> {
        let b = label.as_bytes();
        if b.len() != 4 || !b.iter().all(u8::is_ascii_digit) {
            return Err(LabelError::Malformed(label.to_string()));
        }
        let digit = |i: usize| i16::from(b[i] - b'0');
        let column = digit(0) * 10 + digit(1);
        let row = digit(2) * 10 + digit(3);
        if column == 0 || row == 0 {
            return Err(LabelError::ZeroComponent(label.to_string()));
        }
        Ok(Hex::from_column_row(column, row))
    }

    /// Printed column and row, widened so that no hex overflows.
    fn column_row_wide(self) -> (i32, i32) {
        let q = i32::from(self.q);
        (q + 1, i32::from(self.r) + (q - (q & 1)) / 2)
    }

    /// Printed column and row (1-based). Hexes far outside any printable board wrap around.
    pub fn column_row(self) -> (i16, i16) {
        let (c, r) = self.column_row_wide();
        (c as i16, r as i16)
    }

    /// The hex at printed `column` and `row` (1-based; 0 and negatives give off-board hexes).
    pub fn from_column_row(column: i16, row: i16) -> Hex {
        let q = i32::from(column) - 1;
        let r = i32::from(row) - (q - (q & 1)) / 2;
        Hex { q: q as i16, r: r as i16 }
    }

    /// The four-digit label, e.g. "0104". Only hexes with column and row in 0..=99 have a
    /// four-character label; others are printed in the same form with as many digits as needed.
    pub fn label(self) -> String {
        let (c, r) = self.column_row_wide();
        format!("{c:02}{r:02}")
    }

    /// The six neighbours, in a fixed order: axial (+1,0), (+1,-1), (0,-1), (-1,0), (-1,+1),
    /// (0,+1).
    pub fn neighbours(self) -> [Hex; 6] {
        DIRECTIONS.map(|(dq, dr)| Hex::new(self.q.wrapping_add(dq), self.r.wrapping_add(dr)))
    }

    /// The number of steps between the two hexes (axial/cube distance), saturating at u16::MAX.
    pub fn distance(self, other: Hex) -> u16 {
        let dq = i32::from(self.q) - i32::from(other.q);
        let dr = i32::from(self.r) - i32::from(other.r);
        let d = dq.abs().max(dr.abs()).max((dq + dr).abs());
        u16::try_from(d).unwrap_or(u16::MAX)
    }

    /// Whether the two hexes share a side.
    pub fn is_adjacent(self, other: Hex) -> bool {
        self.distance(other) == 1
    }
}

impl fmt::Display for Hex {
    /// The label, e.g. "2425".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

impl std::str::FromStr for Hex {
    type Err = LabelError;
    fn from_str(s: &str) -> Result<Hex, LabelError> {
        Hex::from_label(s)
    }
}

impl Serialize for Hex {
    /// The four-digit label. A hex without one (column or row outside 01..=99) is an error, so
    /// whatever serialises also deserialises.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (c, r) = self.column_row_wide();
        if !(1..=99).contains(&c) || !(1..=99).contains(&r) {
            return Err(serde::ser::Error::custom(format!(
                "hex (q {}, r {}) is at column {c}, row {r}, which has no four-digit label",
                self.q, self.r
            )));
        }
        let d = |v: i32| b'0' + (v % 10) as u8;
        let buf = [d(c / 10), d(c), d(r / 10), d(r)];
        let s = std::str::from_utf8(&buf).map_err(serde::ser::Error::custom)?;
        serializer.serialize_str(s)
    }
}

impl<'de> Deserialize<'de> for Hex {
    /// From the four-digit label; a bad label is an error that quotes it and says why.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Hex, D::Error> {
        struct LabelVisitor;
        impl serde::de::Visitor<'_> for LabelVisitor {
            type Value = Hex;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a four-digit hex label such as \"2425\"")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Hex, E> {
                Hex::from_label(v).map_err(E::custom)
            }
        }
        deserializer.deserialize_str(LabelVisitor)
    }
}

/// A rectangular labelled board: columns 1..=columns, rows 1..=rows. Gives every on-board hex
/// a dense index 0..len() for array-backed state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grid {
    /// Number of columns (printed 01..=columns).
    pub columns: i16,
    /// Number of rows (printed 01..=rows).
    pub rows: i16,
}

impl Grid {
    /// A board of `columns` x `rows` hexes.
    pub fn new(columns: i16, rows: i16) -> Grid {
        Grid { columns, rows }
    }

    /// Number of hexes on the board (0 if either dimension is not positive).
    pub fn len(&self) -> usize {
        if self.columns <= 0 || self.rows <= 0 {
            0
        } else {
            self.columns as usize * self.rows as usize
        }
    }

    /// Whether the board has no hexes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `h` is on the board.
    #[inline]
    pub fn contains(&self, h: Hex) -> bool {
        self.index(h).is_some()
    }

    /// The dense index of `h`: (column - 1) * rows + (row - 1), or None if off the board.
    #[inline]
    pub fn index(&self, h: Hex) -> Option<usize> {
        let (c, r) = h.column_row_wide();
        if c >= 1 && c <= i32::from(self.columns) && r >= 1 && r <= i32::from(self.rows) {
            Some((c - 1) as usize * self.rows as usize + (r - 1) as usize)
        } else {
            None
        }
    }

    /// The hex with dense index `index`. An index not below `len()` gives the off-board hex
    /// "0000".
    #[inline]
    pub fn hex(&self, index: usize) -> Hex {
        if index >= self.len() {
            return Hex::from_column_row(0, 0);
        }
        let rows = self.rows as usize;
        // Both quotients are below i16::MAX because index < columns * rows.
        Hex::from_column_row((index / rows) as i16 + 1, (index % rows) as i16 + 1)
    }

    /// Every hex of the board in index order.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        (0..self.len()).map(|i| self.hex(i))
    }

    /// The dense indices of the six neighbours of the hex with dense index `index`, in
    /// `Hex::neighbours` order, None where a neighbour is off the board: the same as
    /// `self.hex(index).neighbours().map(|n| self.index(n))`, without going through `Hex`.
    /// An `index` not below `len()` has no neighbours on the board.
    #[inline]
    pub fn neighbour_indices(&self, index: usize) -> [Option<usize>; 6] {
        if index >= self.len() {
            return [None; 6];
        }
        // index < columns * rows <= i16::MAX^2, so u32 arithmetic is exact (and divides fast).
        let (i, rows) = (index as u32, self.rows as u32);
        self.neighbours_at((i / rows) as i32, (i % rows) as i32)
    }

    /// The dense indices of `h`'s six neighbours, in `Hex::neighbours` order, None where off
    /// the board: the same as `h.neighbours().map(|n| self.index(n))`.
    #[inline(always)]
    pub fn neighbour_indices_of(&self, h: Hex) -> [Option<usize>; 6] {
        let (c, r) = h.column_row_wide();
        if c >= 1 && c <= i32::from(self.columns) && r >= 1 && r <= i32::from(self.rows) {
            self.neighbours_at(c - 1, r - 1)
        } else {
            self.neighbour_indices_off_board(h)
        }
    }

    /// `neighbour_indices_of` for a hex that is itself off the board (rare: kept out of line).
    #[cold]
    #[inline(never)]
    fn neighbour_indices_off_board(&self, h: Hex) -> [Option<usize>; 6] {
        h.neighbours().map(|n| self.index(n))
    }

    /// Neighbour indices of the on-board hex at 0-based column `q` and 0-based printed row
    /// `row`. In the odd-q layout the printed row of the neighbour in direction `d` is `row`
    /// plus `ROW_STEP[q & 1][d]` (`dr + floor((q + dq) / 2) - floor(q / 2)` for `DIRECTIONS[d]`).
    #[inline(always)]
    fn neighbours_at(&self, q: i32, row: i32) -> [Option<usize>; 6] {
        const ROW_STEP: [[i32; 6]; 2] = [[0, -1, -1, -1, 0, 1], [1, 0, -1, 0, 1, 1]];
        let (columns, rows) = (i32::from(self.columns), i32::from(self.rows));
        let steps = &ROW_STEP[(q & 1) as usize];
        let mut out = [None; 6];
        for d in 0..6 {
            let q2 = q + i32::from(DIRECTIONS[d].0);
            let r2 = row + steps[d];
            if q2 >= 0 && q2 < columns && r2 >= 0 && r2 < rows {
                out[d] = Some((q2 * rows + r2) as usize);
            }
        }
        out
    }
}

/// Round fractional cube coordinates to the hex that contains the point (Red Blob Games).
fn cube_round(q: f64, r: f64, s: f64) -> Hex {
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    // (otherwise s is the worst-rounded and is implied by q and r.)
    Hex::new(rq as i16, rr as i16)
}

/// The hexes of `line(a, b, nudge)` without allocating; the closure returns false to stop early.
/// Returns false if it was stopped.
fn walk_line(a: Hex, b: Hex, nudge: i8, mut visit: impl FnMut(Hex) -> bool) -> bool {
    let n = a.distance(b);
    if n == 0 {
        return visit(a);
    }
    let sign = if nudge < 0 { -1.0 } else { 1.0 };
    let (eq, er, es) = (1e-6 * sign, 2e-6 * sign, -3e-6 * sign);
    let (aq, ar) = (f64::from(a.q), f64::from(a.r));
    let (bq, br) = (f64::from(b.q), f64::from(b.r));
    let (a_q, a_r, a_s) = (aq + eq, ar + er, -aq - ar + es);
    let (b_q, b_r, b_s) = (bq + eq, br + er, -bq - br + es);
    for i in 0..=n {
        let h = if i == 0 {
            a
        } else if i == n {
            b
        } else {
            let t = f64::from(i) / f64::from(n);
            cube_round(a_q + (b_q - a_q) * t, a_r + (b_r - a_r) * t, a_s + (b_s - a_s) * t)
        };
        if !visit(h) {
            return false;
        }
    }
    true
}

/// The hexes a straight centre-to-centre line from `a` to `b` passes through, both ends
/// included, in order. `nudge` is +1 or -1: the line's end points are shifted by a tiny epsilon
/// so that a line running exactly along a hexside falls consistently on one side.
///
/// Algorithm (Red Blob Games): N = distance(a, b); sample the cube-coordinate lerp at i/N for
/// i in 0..=N, each end point offset by (1e-6, 2e-6, -3e-6) in cube (q, r, s) times the sign of
/// `nudge` (0 counts as +1), and round each sample to its hex. The result has N + 1 hexes, each
/// adjacent to the next.
pub fn line(a: Hex, b: Hex, nudge: i8) -> Vec<Hex> {
    let mut out = Vec::with_capacity(usize::from(a.distance(b)) + 1);
    walk_line(a, b, nudge, |h| {
        out.push(h);
        true
    });
    out
}

/// Line of sight from `a` to `b`: the hexes strictly between them are tested with `blocks`.
/// The line is traced twice, nudged either way; LoS is clear if either trace is clear (so a
/// line along a hexside is blocked only when both hexes sharing that side block).
pub fn line_of_sight(a: Hex, b: Hex, mut blocks: impl FnMut(Hex) -> bool) -> bool {
    if a.distance(b) <= 1 {
        return true;
    }
    let mut trace_clear = |nudge: i8| walk_line(a, b, nudge, |h| h == a || h == b || !blocks(h));
    trace_clear(1) || trace_clear(-1)
}

/// The result of a cheapest-path search on a `Grid`.
#[derive(Clone, Debug)]
pub struct Reach {
    /// The board the dense arrays index.
    grid: Grid,
    /// Cheapest cost per grid index; u32::MAX = not reached.
    cost: Vec<u32>,
    /// Grid index of the previous hex on the cheapest path; u32::MAX = none (start, unreached).
    parent: Vec<u32>,
    /// Grid indices of the reached hexes, each once, in the order first reached.
    touched: Vec<u32>,
}

impl Reach {
    /// Cheapest cost to enter `h`, if reached within the budget (the start has cost 0).
    pub fn cost(&self, h: Hex) -> Option<u32> {
        let c = *self.cost.get(self.grid.index(h)?)?;
        (c != u32::MAX).then_some(c)
    }

    /// Every reached hex with its cost, start included, in grid-index order.
    pub fn reached(&self) -> Vec<(Hex, u32)> {
        let mut order = self.touched.clone();
        order.sort_unstable();
        order.into_iter().map(|i| (self.grid.hex(i as usize), self.cost[i as usize])).collect()
    }

    /// The cheapest path from the start to `h`, both included; empty if not reached.
    pub fn path(&self, h: Hex) -> Vec<Hex> {
        let Some(mut i) = self.grid.index(h) else { return Vec::new() };
        if self.cost.get(i).is_none_or(|&c| c == u32::MAX) {
            return Vec::new();
        }
        // Count the parent chain first so the path is allocated once and filled end first. A
        // chain visits each hex at most once; the bound only guards against misuse.
        let steps = self.chain_len(i);
        let mut path = vec![h; steps + 1];
        for slot in path[..steps].iter_mut().rev() {
            i = self.parent[i] as usize;
            *slot = self.grid.hex(i);
        }
        path
    }

    /// How many parent links lead back from grid index `i` (at most `parent.len()`).
    fn chain_len(&self, mut i: usize) -> usize {
        let mut n = 0;
        while n < self.parent.len() {
            match self.parent.get(i) {
                Some(&p) if p != u32::MAX => {
                    i = p as usize;
                    n += 1;
                }
                _ => break,
            }
        }
        n
    }
}

/// Cheapest-path reachability (Dijkstra) from `start` with a movement `budget`.
/// `step_cost(from, to)` gives the cost of stepping between adjacent on-grid hexes, or None if
/// the step is forbidden. `must_stop(h)` says that a mover entering `h` must stop there: the
/// hex is reached but never expanded (the start hex is always expanded). Ties are broken
/// deterministically.
///
/// Details: only steps whose cumulative cost is at most `budget` are taken. Hexes are expanded
/// in order of (cost, grid index), neighbours in `Hex::neighbours` order, and a hex's parent is
/// replaced only by a strictly cheaper path, so the paths found are a pure function of the
/// inputs. `must_stop` is called at most once per hex, `step_cost` at most once per directed
/// step. A start off the grid reaches nothing.
pub fn reachable(
    grid: &Grid,
    start: Hex,
    budget: u32,
    mut step_cost: impl FnMut(Hex, Hex) -> Option<u32>,
    mut must_stop: impl FnMut(Hex) -> bool,
) -> Reach {
    reachable_indexed(
        grid,
        start,
        budget,
        |from, _, to| step_cost(grid.hex(from), grid.hex(to)),
        |i| must_stop(grid.hex(i)),
    )
}

/// `reachable` with the callbacks given dense grid indices instead of hexes, for callers whose
/// per-hex data are arrays over the grid: `step_cost(from, direction, to)`, where `direction`
/// is the position of `to` in `from`'s `Hex::neighbours` (0..6), and `must_stop(index)`. The
/// search, its order, its tie-breaking and what it returns are exactly those of `reachable`.
pub fn reachable_indexed(
    grid: &Grid,
    start: Hex,
    budget: u32,
    mut step_cost: impl FnMut(usize, usize, usize) -> Option<u32>,
    mut must_stop: impl FnMut(usize) -> bool,
) -> Reach {
    let n = grid.len();
    let mut reach = Reach {
        grid: grid.clone(),
        cost: vec![u32::MAX; n],
        parent: vec![u32::MAX; n],
        touched: Vec::new(),
    };
    let Some(s) = grid.index(start) else { return reach };
    reach.cost[s] = 0;
    reach.touched.reserve(64);
    reach.touched.push(s as u32);
    // Entries (cost, grid index) packed as cost << 32 | index: a u64 min-heap pops them in the
    // same (cost, index) order as the tuples, with one comparison each.
    let key = |c: u32, i: u32| Reverse((u64::from(c) << 32) | u64::from(i));
    let mut heap: BinaryHeap<Reverse<u64>> = BinaryHeap::with_capacity(64);
    heap.push(key(0, s as u32));
    while let Some(Reverse(k)) = heap.pop() {
        let (c, i) = ((k >> 32) as u32, k as u32);
        let iu = i as usize;
        if c > reach.cost[iu] {
            continue; // a stale entry: a cheaper path was found after it was queued
        }
        if iu != s && must_stop(iu) {
            continue;
        }
        for (d, nb) in grid.neighbour_indices(iu).into_iter().enumerate() {
            let Some(j) = nb else { continue };
            let Some(step) = step_cost(iu, d, j) else { continue };
            let Some(nc) = c.checked_add(step) else { continue };
            if nc > budget || nc >= reach.cost[j] {
                continue;
            }
            if reach.cost[j] == u32::MAX {
                reach.touched.push(j as u32);
            }
            reach.cost[j] = nc;
            reach.parent[j] = i;
            heap.push(key(nc, j as u32));
        }
    }
    reach
}

/// No neighbour (off the board) in a `Grid::neighbour_table`.
pub const NO_NEIGHBOUR: u16 = u16::MAX;

impl Grid {
    /// `neighbour_indices` of every hex, as u16 with `NO_NEIGHBOUR` off the board, for
    /// `ReachScratch::search`. None if the board has more than `u16::MAX - 1` hexes.
    pub fn neighbour_table(&self) -> Option<Vec<[u16; 6]>> {
        if self.len() >= usize::from(NO_NEIGHBOUR) {
            return None;
        }
        Some(
            (0..self.len())
                .map(|i| self.neighbour_indices(i).map(|j| j.map_or(NO_NEIGHBOUR, |j| j as u16)))
                .collect(),
        )
    }
}

/// A reusable cheapest-path search over a `Grid::neighbour_table`: the same search as
/// `reachable_indexed` (the same reached hexes, costs and paths), for small integer step costs
/// of at least 1, without allocating once warm. Costs are kept per hex only for the hexes
/// reached; `clear` forgets them in time proportional to their number.
///
/// The paths are those of `reachable_indexed` because its parent of a hex is a pure function
/// of the costs: the first hex, in expansion order (cost, grid index), whose cost plus the
/// step equals the hex's cheapest cost. This search expands the hexes of one cost in any order
/// (a bucket a cost, Dial's algorithm) and keeps, among equal offers, the parent of lowest
/// (cost, grid index).
#[derive(Clone, Debug, Default)]
pub struct ReachScratch {
    /// Cheapest cost per grid index; u16::MAX = not reached.
    cost: Vec<u16>,
    /// Previous grid index on the cheapest path; NO_NEIGHBOUR for the start.
    parent: Vec<u16>,
    /// One bit per grid index reached (the start included).
    bits: Vec<u64>,
    /// Grid indices reached, each once.
    touched: Vec<u16>,
    /// Grid indices queued for each cost.
    buckets: Vec<Vec<u16>>,
    start: Option<u16>,
}

impl ReachScratch {
    fn fit(&mut self, n: usize) {
        if self.cost.len() != n {
            self.cost = vec![u16::MAX; n];
            self.parent = vec![NO_NEIGHBOUR; n];
            self.bits = vec![0; n.div_ceil(64)];
            self.touched.clear();
        }
    }

    /// Forget the last search.
    pub fn clear(&mut self) {
        for &i in &self.touched {
            let i = usize::from(i);
            if let Some(c) = self.cost.get_mut(i) {
                *c = u16::MAX;
            }
            if let Some(w) = self.bits.get_mut(i / 64) {
                *w = 0;
            }
        }
        self.touched.clear();
        self.start = None;
    }

    /// Search from grid index `start` with `budget`, replacing the last search. `step(from,
    /// direction, to)` is the cost of a step (None: forbidden; a cost of 0 counts as 1), and a
    /// hex with `must_stop(index, cost)` is reached but not left (the start always is). `nbr`
    /// is the board's `Grid::neighbour_table`.
    pub fn search(
        &mut self,
        nbr: &[[u16; 6]],
        start: usize,
        budget: u16,
        mut step: impl FnMut(usize, usize, usize) -> Option<u16>,
        mut must_stop: impl FnMut(usize, u16) -> bool,
    ) {
        self.clear();
        self.fit(nbr.len());
        if start >= nbr.len() || budget == u16::MAX {
            return;
        }
        let levels = usize::from(budget) + 1;
        if self.buckets.len() < levels {
            self.buckets.resize_with(levels, Vec::new);
        }
        let s = start as u16;
        self.start = Some(s);
        self.reach(s, 0, NO_NEIGHBOUR);
        self.buckets[0].push(s);
        for c in 0..levels {
            let mut bucket = std::mem::take(&mut self.buckets[c]);
            for &i in &bucket {
                let iu = usize::from(i);
                if self.cost[iu] != c as u16 || (i != s && must_stop(iu, c as u16)) {
                    continue; // a stale entry, or a hex the mover must stop in
                }
                for (d, &j) in nbr[iu].iter().enumerate() {
                    let ju = usize::from(j);
                    if j == NO_NEIGHBOUR || ju >= nbr.len() {
                        continue;
                    }
                    let Some(cost) = step(iu, d, ju) else { continue };
                    let nc = c + usize::from(cost.max(1));
                    if nc > usize::from(budget) {
                        continue;
                    }
                    let old = self.cost[ju];
                    if (nc as u16) < old {
                        self.reach(j, nc as u16, i);
                        self.buckets[nc].push(j);
                    } else if nc as u16 == old {
                        // An equal offer: the parent of lowest (cost, index) wins.
                        let p = self.parent[ju];
                        if p != NO_NEIGHBOUR && self.cost[usize::from(p)] == c as u16 && i < p {
                            self.parent[ju] = i;
                        }
                    }
                }
            }
            bucket.clear();
            self.buckets[c] = bucket;
        }
    }

    fn reach(&mut self, j: u16, cost: u16, parent: u16) {
        let ju = usize::from(j);
        if self.cost[ju] == u16::MAX {
            self.touched.push(j);
            self.bits[ju / 64] |= 1 << (ju % 64);
        }
        self.cost[ju] = cost;
        self.parent[ju] = parent;
    }

    /// The start of the last search.
    pub fn start(&self) -> Option<usize> {
        self.start.map(usize::from)
    }

    /// The cheapest cost to grid index `i` in the last search, if reached.
    pub fn cost(&self, i: usize) -> Option<u16> {
        self.cost.get(i).copied().filter(|&c| c != u16::MAX)
    }

    /// Was grid index `i` reached?
    pub fn reached(&self, i: usize) -> bool {
        self.bits.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// One bit per grid index reached, 64 a word.
    pub fn bits(&self) -> &[u64] {
        &self.bits
    }

    /// The grid indices of the cheapest path from the start to `i`, both included; empty if
    /// not reached.
    pub fn path(&self, i: usize) -> Vec<usize> {
        if self.cost(i).is_none() {
            return Vec::new();
        }
        let mut out = vec![i];
        let mut at = i;
        while let Some(&p) = self.parent.get(at) {
            if p == NO_NEIGHBOUR || out.len() > self.touched.len() {
                break;
            }
            at = usize::from(p);
            out.push(at);
        }
        out.reverse();
        out
    }
}

/// The grid indices whose bit is set, in increasing order.
pub fn set_bits(bits: &[u64]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(w, &word)| {
        let mut x = word;
        std::iter::from_fn(move || {
            if x == 0 {
                return None;
            }
            let b = x.trailing_zeros() as usize;
            x &= x - 1;
            Some(w * 64 + b)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn h(label: &str) -> Hex {
        Hex::from_label(label).expect("test label")
    }

    fn labels(hexes: &[Hex]) -> Vec<String> {
        hexes.iter().map(|x| x.label()).collect()
    }

    #[test]
    fn label_round_trip_whole_board() {
        let grid = Grid::new(40, 35);
        assert_eq!(grid.len(), 1400);
        let mut n = 0;
        for c in 1..=40 {
            for r in 1..=35 {
                let label = format!("{c:02}{r:02}");
                let x = h(&label);
                assert_eq!(x.label(), label);
                assert_eq!(x.column_row(), (c, r));
                assert_eq!(Hex::from_column_row(c, r), x);
                assert!(grid.contains(x));
                let i = grid.index(x).expect("on grid");
                assert_eq!(i, (c as usize - 1) * 35 + (r as usize - 1));
                assert_eq!(grid.hex(i), x);
                n += 1;
            }
        }
        assert_eq!(n, 1400);
        assert_eq!(grid.hexes().count(), 1400);
        assert!(grid.hexes().enumerate().all(|(i, x)| grid.index(x) == Some(i)));
    }

    #[test]
    fn axial_formula() {
        // q = XX - 1, r = YY - (q - (q & 1)) / 2
        assert_eq!(h("0101"), Hex::new(0, 1));
        assert_eq!(h("0201"), Hex::new(1, 1));
        assert_eq!(h("0301"), Hex::new(2, 0));
        assert_eq!(h("2329"), Hex::new(22, 18));
        assert_eq!(h("1227"), Hex::new(11, 22));
    }

    #[test]
    fn label_errors() {
        assert_eq!(Hex::from_label("12a4"), Err(LabelError::Malformed("12a4".into())));
        assert_eq!(Hex::from_label("123"), Err(LabelError::Malformed("123".into())));
        assert_eq!(Hex::from_label("12345"), Err(LabelError::Malformed("12345".into())));
        assert_eq!(Hex::from_label(""), Err(LabelError::Malformed(String::new())));
        assert_eq!(Hex::from_label(" 123"), Err(LabelError::Malformed(" 123".into())));
        assert_eq!(Hex::from_label("１２３４"), Err(LabelError::Malformed("１２３４".into())));
        assert_eq!(Hex::from_label("0012"), Err(LabelError::ZeroComponent("0012".into())));
        assert_eq!(Hex::from_label("1200"), Err(LabelError::ZeroComponent("1200".into())));
        assert!(Hex::from_label("9999").is_ok());
        assert_eq!("2425".parse::<Hex>(), Ok(h("2425")));
    }

    #[test]
    fn serde_uses_labels() {
        let x = h("2425");
        assert_eq!(serde_json::to_string(&x).expect("ser"), "\"2425\"");
        assert_eq!(serde_json::from_str::<Hex>("\"2425\"").expect("de"), x);
        let v = vec![h("0101"), h("4035")];
        let s = serde_json::to_string(&v).expect("ser");
        assert_eq!(s, r#"["0101","4035"]"#);
        assert_eq!(serde_json::from_str::<Vec<Hex>>(&s).expect("de"), v);

        let e = serde_json::from_str::<Hex>("\"12a4\"").expect_err("bad label");
        assert!(e.to_string().contains("\"12a4\" is not a hex label"), "{e}");
        let e = serde_json::from_str::<Hex>("\"0012\"").expect_err("zero column");
        assert!(e.to_string().contains("numbered from 01"), "{e}");
        let e = serde_json::from_str::<Hex>("2425").expect_err("a number");
        assert!(e.to_string().contains("four-digit hex label"), "{e}");

        // No four-digit label: an error, not a string that cannot be read back.
        assert!(serde_json::to_string(&Hex::from_column_row(2, 0)).is_err());
        assert!(serde_json::to_string(&Hex::from_column_row(100, 1)).is_err());
        assert!(serde_json::to_string(&Hex::new(i16::MIN, i16::MAX)).is_err());
    }

    #[test]
    fn display_is_label() {
        assert_eq!(h("0104").to_string(), "0104");
        assert_eq!(Hex::from_column_row(2, 0).label(), "0200");
    }

    #[test]
    fn rulebook_distances() {
        // Bailén: María at 2329 cannot reach the militia at 1227 (range 10).
        assert_eq!(h("2329").distance(h("1227")), 11);
        assert_eq!(h("2329").distance(h("1327")), 10);
        assert_eq!(h("1227").distance(h("2329")), 11);
        assert_eq!(h("3001").distance(h("3035")), 34);
        assert_eq!(h("0101").distance(h("0101")), 0);
    }

    #[test]
    fn neighbours_are_exactly_distance_one() {
        let grid = Grid::new(12, 10);
        for a in grid.hexes() {
            let ns = a.neighbours();
            for n in ns {
                assert_eq!(a.distance(n), 1);
                assert!(a.is_adjacent(n));
            }
            let mut sorted = ns.to_vec();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), 6);
            for b in grid.hexes() {
                assert_eq!(a.distance(b) == 1, ns.contains(&b));
            }
        }
    }

    fn sorted_labels(x: Hex) -> Vec<String> {
        let mut v = labels(&x.neighbours());
        v.sort();
        v
    }

    #[test]
    fn neighbours_follow_the_printed_layout() {
        // Odd column (c, r): (c, r±1), (c±1, r-1), (c±1, r).
        assert_eq!(sorted_labels(h("0101")), ["0000", "0001", "0100", "0102", "0200", "0201"]);
        // Even column (shifted down) (c, r): (c, r±1), (c±1, r), (c±1, r+1).
        assert_eq!(sorted_labels(h("0201")), ["0101", "0102", "0200", "0202", "0301", "0302"]);
        assert_eq!(sorted_labels(h("2425")), ["2325", "2326", "2424", "2426", "2525", "2526"]);
        assert_eq!(sorted_labels(h("2329")), ["2228", "2229", "2328", "2330", "2428", "2429"]);
        let grid = Grid::new(40, 35);
        let on: Vec<_> = h("0201").neighbours().into_iter().filter(|&n| grid.contains(n)).collect();
        assert_eq!(on.len(), 5);
        assert!(!grid.contains(h("0201").neighbours()[2]), "0200 is off the board");
    }

    #[test]
    fn grid_bounds() {
        let grid = Grid::new(40, 35);
        assert!(grid.contains(h("0101")));
        assert!(grid.contains(h("4035")));
        assert!(!grid.contains(h("4101")));
        assert!(!grid.contains(h("0136")));
        assert!(!grid.contains(Hex::from_column_row(0, 5)));
        assert!(!grid.contains(Hex::new(i16::MAX, i16::MIN)));
        assert!(!grid.contains(Hex::new(i16::MIN, i16::MAX)));
        assert_eq!(grid.index(h("0102")), Some(1));
        assert_eq!(grid.index(h("0201")), Some(35));
        assert!(!grid.contains(grid.hex(1400)));
        let empty = Grid::new(0, 10);
        assert!(empty.is_empty());
        assert_eq!(empty.hexes().count(), 0);
        assert!(!empty.contains(h("0101")));
        assert!(!Grid::new(-3, -3).contains(Hex::new(0, 0)));
        assert!(!Grid::new(5, 0).contains(grid.hex(3)));
    }

    #[test]
    fn extreme_coordinates_do_not_panic() {
        let a = Hex::new(i16::MAX, i16::MIN);
        let b = Hex::new(i16::MIN, i16::MAX);
        assert_eq!(a.distance(b), u16::MAX);
        let _ = a.neighbours();
        let _ = b.neighbours();
        let _ = a.label();
        let _ = a.column_row();
        let _ = Hex::from_column_row(i16::MIN, i16::MAX);
        let _ = Hex::from_column_row(i16::MAX, i16::MIN);
    }

    fn assert_contiguous(path: &[Hex]) {
        for w in path.windows(2) {
            assert!(w[0].is_adjacent(w[1]), "{} -> {} in {:?}", w[0], w[1], labels(path));
        }
    }

    #[test]
    fn line_shape() {
        let grid = Grid::new(20, 20);
        for a in grid.hexes().step_by(7) {
            for b in grid.hexes().step_by(11) {
                for nudge in [1, -1] {
                    let l = line(a, b, nudge);
                    assert_eq!(l.len(), usize::from(a.distance(b)) + 1);
                    assert_eq!(l.first(), Some(&a));
                    assert_eq!(l.last(), Some(&b));
                    assert_contiguous(&l);
                }
            }
        }
        assert_eq!(line(h("0505"), h("0505"), 1), vec![h("0505")]);
        assert_eq!(line(h("0505"), h("0506"), -1), vec![h("0505"), h("0506")]);
    }

    #[test]
    fn line_through_centres() {
        // Straight down a column: through the centres, the same either way.
        let expect = vec![h("0301"), h("0302"), h("0303"), h("0304")];
        assert_eq!(line(h("0301"), h("0304"), 1), expect);
        assert_eq!(line(h("0301"), h("0304"), -1), expect);
    }

    #[test]
    fn line_along_hexside_splits_by_nudge() {
        // 0102 -> 0302 is horizontal: it runs along the side between 0201 and 0202 (column 02
        // is shifted half a hex down).
        let a = h("0102");
        let b = h("0302");
        assert_eq!(a.distance(b), 2);
        let up = line(a, b, 1);
        let down = line(a, b, -1);
        assert_ne!(up, down);
        let mut middles = vec![up[1], down[1]];
        middles.sort();
        assert_eq!(middles, vec![h("0201"), h("0202")]);
        // Along a longer hexside line the choices stay on one side each.
        let long_up = line(h("0102"), h("0502"), 1);
        let long_down = line(h("0102"), h("0502"), -1);
        assert_eq!(long_up.len(), 5);
        assert_eq!(long_up[2], h("0302"));
        assert_eq!(long_down[2], h("0302"));
        assert_ne!(long_up[1], long_down[1]);
        assert_ne!(long_up[3], long_down[3]);
    }

    #[test]
    fn los_along_hexside_needs_both_sides_blocked() {
        let a = h("0102");
        let b = h("0302");
        let only = |set: &'static [&'static str]| move |x: Hex| set.contains(&x.label().as_str());
        assert!(line_of_sight(a, b, only(&[])));
        assert!(line_of_sight(a, b, only(&["0201"])));
        assert!(line_of_sight(a, b, only(&["0202"])));
        assert!(!line_of_sight(a, b, only(&["0201", "0202"])));
        assert!(line_of_sight(b, a, only(&["0201"])));
        assert!(!line_of_sight(b, a, only(&["0202", "0201"])));
        // End hexes never block.
        assert!(line_of_sight(a, b, only(&["0102", "0302"])));
        // Longer: the centre hex on the line blocks both traces.
        assert!(!line_of_sight(h("0102"), h("0502"), only(&["0302"])));
        // Blockers on the same side leave the other trace clear.
        assert_eq!(
            line(h("0102"), h("0502"), -1),
            [h("0102"), h("0201"), h("0302"), h("0401"), h("0502")]
        );
        assert_eq!(
            line(h("0102"), h("0502"), 1),
            [h("0102"), h("0202"), h("0302"), h("0402"), h("0502")]
        );
        assert!(line_of_sight(h("0102"), h("0502"), only(&["0201", "0401"])));
        assert!(line_of_sight(h("0102"), h("0502"), only(&["0202", "0402"])));
        // Known consequence of the two-trace rule: blockers on alternate sides block both
        // traces, although neither hexside has both its hexes blocking.
        assert!(!line_of_sight(h("0102"), h("0502"), only(&["0201", "0402"])));
    }

    #[test]
    fn los_through_centres() {
        let blocks_0302 = |x: Hex| x == h("0302");
        assert!(!line_of_sight(h("0301"), h("0304"), blocks_0302));
        assert!(line_of_sight(h("0301"), h("0302"), blocks_0302), "adjacent: nothing between");
        assert!(line_of_sight(h("0301"), h("0301"), |_| true));
        // Only hexes strictly between are tested.
        let mut tested = Vec::new();
        line_of_sight(h("0101"), h("0105"), |x| {
            tested.push(x);
            false
        });
        assert_eq!(tested, vec![h("0102"), h("0103"), h("0104")]);
    }

    fn uniform(_: Hex, _: Hex) -> Option<u32> {
        Some(1)
    }

    #[test]
    fn reach_uniform_cost_is_distance_disc() {
        let grid = Grid::new(40, 35);
        for start in [h("2020"), h("0101"), h("4035"), h("0201")] {
            for budget in [0, 1, 3, 6] {
                let reach = reachable(&grid, start, budget, uniform, |_| false);
                let got: Vec<Hex> = reach.reached().into_iter().map(|(x, _)| x).collect();
                let want: Vec<Hex> =
                    grid.hexes().filter(|x| start.distance(*x) <= budget as u16).collect();
                assert_eq!(got, want);
                for (x, c) in reach.reached() {
                    assert_eq!(c, u32::from(start.distance(x)));
                    let p = reach.path(x);
                    assert_eq!(p.len() as u32, c + 1);
                    assert_eq!(p[0], start);
                    assert_eq!(p[p.len() - 1], x);
                    assert_contiguous(&p);
                }
            }
        }
    }

    #[test]
    fn reach_with_expensive_hex() {
        let grid = Grid::new(10, 10);
        let start = h("0505");
        let costly = h("0506");
        let cost = |_: Hex, to: Hex| Some(if to == costly { 2 } else { 1 });
        let reach = reachable(&grid, start, 3, cost, |_| false);
        assert_eq!(reach.cost(start), Some(0));
        assert_eq!(reach.cost(h("0504")), Some(1));
        assert_eq!(reach.cost(costly), Some(2));
        // Through the costly hex or around it, both 3.
        assert_eq!(reach.cost(h("0507")), Some(3));
        // 4 either way: over the budget.
        assert_eq!(reach.cost(h("0508")), None);
        let reach = reachable(&grid, start, 4, cost, |_| false);
        assert_eq!(reach.cost(h("0508")), Some(4));
        // With cost 3 on the costly hex, the way round is cheaper.
        let dear = |_: Hex, to: Hex| Some(if to == costly { 3 } else { 1 });
        let reach = reachable(&grid, start, 4, dear, |_| false);
        assert_eq!(reach.cost(costly), Some(3));
        assert_eq!(reach.cost(h("0507")), Some(3));
        assert!(!reach.path(h("0507")).contains(&costly));
        // Forbidden steps.
        let walled = |_: Hex, to: Hex| if to.label().starts_with("06") { None } else { Some(1) };
        let reach = reachable(&grid, start, 10, walled, |_| false);
        assert_eq!(reach.cost(h("0605")), None);
        assert_eq!(reach.cost(h("0705")), None);
        assert_eq!(reach.cost(h("0105")), Some(4));
        assert!(reach.path(h("0705")).is_empty());
    }

    #[test]
    fn reach_sums_costs_along_paths() {
        let grid = Grid::new(15, 15);
        // A deterministic but irregular terrain.
        let terrain = |x: Hex| {
            let (c, r) = x.column_row();
            1 + ((c as u32 * 7 + r as u32 * 13) % 4)
        };
        let step = |_: Hex, to: Hex| Some(terrain(to));
        let start = h("0808");
        let reach = reachable(&grid, start, 12, step, |_| false);
        for (x, c) in reach.reached() {
            let p = reach.path(x);
            assert_contiguous(&p);
            assert_eq!(p[0], start);
            assert_eq!(*p.last().expect("non-empty"), x);
            let sum: u32 = p[1..].iter().map(|&y| terrain(y)).sum();
            assert_eq!(sum, c);
            assert!(c <= 12);
        }
        // Optimality: no reached hex can be improved by one more step from a reached neighbour.
        for (x, c) in reach.reached() {
            for n in x.neighbours() {
                if let Some(cn) = reach.cost(n) {
                    assert!(c + terrain(n) >= cn || c + terrain(n) > 12);
                }
            }
        }
    }

    #[test]
    fn reach_must_stop_hexes_are_not_expanded() {
        let grid = Grid::new(10, 10);
        let start = h("0505");
        // Every hex of column 06 stops the mover (an enemy ZoC, say).
        let zoc = |x: Hex| x.column_row().0 == 6;
        let reach = reachable(&grid, start, 5, uniform, zoc);
        assert_eq!(reach.cost(h("0605")), Some(1));
        assert_eq!(reach.cost(h("0607")), Some(3), "reachable along column 05");
        assert_eq!(reach.cost(h("0608")), Some(4));
        assert_eq!(reach.path(h("0608")), [h("0505"), h("0506"), h("0507"), h("0508"), h("0608")]);
        // Column 07 only by going round through column 06 hexes, which is not allowed.
        assert_eq!(reach.cost(h("0705")), None);
        // The start is expanded even if it is a must-stop hex.
        let reach = reachable(&grid, start, 2, uniform, |_| true);
        assert_eq!(reach.reached().len(), 7);
        for n in start.neighbours() {
            assert_eq!(reach.cost(n), Some(1));
        }
    }

    #[test]
    fn reach_off_grid_and_edge_cases() {
        let grid = Grid::new(10, 10);
        let reach = reachable(&grid, h("1111"), 5, uniform, |_| false);
        assert!(reach.reached().is_empty());
        assert!(reach.path(h("0101")).is_empty());
        let reach = reachable(&grid, h("0101"), 0, uniform, |_| false);
        assert_eq!(reach.reached(), vec![(h("0101"), 0)]);
        assert_eq!(reach.path(h("0101")), vec![h("0101")]);
        assert!(reach.path(h("9999")).is_empty());
        // Huge costs do not overflow.
        let reach = reachable(&grid, h("0505"), u32::MAX, |_, _| Some(u32::MAX / 2 + 1), |_| false);
        assert_eq!(reach.reached().len(), 7);
        // Zero-cost steps are fine.
        let reach = reachable(&grid, h("0505"), 0, |_, _| Some(0), |_| false);
        assert_eq!(reach.reached().len(), 100);
        let reach = reachable(&Grid::new(0, 0), h("0101"), 3, uniform, |_| false);
        assert!(reach.reached().is_empty());
    }

    #[test]
    fn reach_is_deterministic() {
        let grid = Grid::new(20, 20);
        let run = || {
            let r = reachable(&grid, h("1010"), 8, uniform, |x| x == h("1012"));
            grid.hexes().map(|x| r.path(x)).collect::<Vec<_>>()
        };
        assert_eq!(run(), run());
    }

    #[test]
    fn neighbour_indices_agree_with_neighbours() {
        for (columns, rows) in [(40, 35), (12, 10), (1, 1), (1, 7), (7, 1), (2, 2), (3, 5), (0, 4), (-2, 3)] {
            let grid = Grid::new(columns, rows);
            for i in 0..grid.len() + 3 {
                let want: Vec<Option<usize>> = if i < grid.len() {
                    grid.hex(i).neighbours().iter().map(|&n| grid.index(n)).collect()
                } else {
                    vec![None; 6]
                };
                assert_eq!(grid.neighbour_indices(i).to_vec(), want, "{columns}x{rows} index {i}");
            }
            for q in -3..columns.max(0) + 3 {
                for r in -25..rows.max(0) + 25 {
                    let x = Hex::new(q, r);
                    let want = x.neighbours().map(|n| grid.index(n));
                    assert_eq!(grid.neighbour_indices_of(x), want, "{columns}x{rows} hex {x:?}");
                }
            }
        }
    }

    #[test]
    fn reachable_indexed_is_reachable() {
        let grid = Grid::new(15, 12);
        let terrain = |x: Hex| {
            let (c, r) = x.column_row();
            (c as u32 * 7 + r as u32 * 13) % 5
        };
        let forbidden = |x: Hex| terrain(x) == 4;
        let stop = |x: Hex| (x.column_row().0 + x.column_row().1) % 7 == 0;
        for start in [h("0808"), h("0101"), h("1512"), h("0201"), h("2020")] {
            for budget in [0, 3, 9, 20] {
                let a = reachable(&grid, start, budget, |_, to| (!forbidden(to)).then(|| terrain(to)), stop);
                let b = reachable_indexed(
                    &grid,
                    start,
                    budget,
                    |from, d, to| {
                        assert_eq!(grid.hex(from).neighbours()[d], grid.hex(to));
                        let to = grid.hex(to);
                        (!forbidden(to)).then(|| terrain(to))
                    },
                    |i| stop(grid.hex(i)),
                );
                assert_eq!(a.reached(), b.reached());
                for x in grid.hexes() {
                    assert_eq!(a.path(x), b.path(x));
                }
            }
        }
    }

    /// `ReachScratch::search` finds what `reachable_indexed` finds: the same hexes, costs and
    /// paths (ties included), warm or cold, with costs from 1 to 4 as in the hex games.
    #[test]
    fn reach_scratch_is_reachable_indexed() {
        let grid = Grid::new(21, 17);
        let nbr = grid.neighbour_table().expect("small board");
        let mut scratch = ReachScratch::default();
        for variant in 0..6u32 {
            let terrain = |x: Hex| {
                let (c, r) = x.column_row();
                (c as u32 * (7 + variant) + r as u32 * 13 + variant) % 6
            };
            // 0: forbidden; 1-4: the cost; 5: a hex to stop in (cost 2).
            let cost = |to: Hex| match terrain(to) {
                0 => None,
                5 => Some(2),
                c => Some(c),
            };
            let stop = |x: Hex| terrain(x) == 5;
            for start in [h("1109"), h("0101"), h("2117"), h("0201"), h("3030")] {
                for budget in [0u16, 1, 4, 9, 18] {
                    let a = reachable(&grid, start, u32::from(budget), |_, to| cost(to), stop);
                    let s = grid.index(start).unwrap_or(usize::MAX);
                    scratch.search(&nbr, s, budget, |_, _, to| cost(grid.hex(to)).map(|c| c as u16), |i, _| stop(grid.hex(i)));
                    let reached: Vec<(Hex, u32)> =
                        set_bits(scratch.bits()).map(|i| (grid.hex(i), u32::from(scratch.cost(i).unwrap_or(u16::MAX)))).collect();
                    assert_eq!(a.reached(), reached, "{start} {budget}");
                    for i in 0..grid.len() {
                        let via: Vec<Hex> = scratch.path(i).into_iter().map(|j| grid.hex(j)).collect();
                        assert_eq!(a.path(grid.hex(i)), via, "{start} {budget} {}", grid.hex(i));
                    }
                }
            }
        }
        scratch.clear();
        assert!(set_bits(scratch.bits()).next().is_none());
    }

    proptest! {
        #[test]
        fn distance_is_a_metric(
            aq in -60i16..60, ar in -60i16..60,
            bq in -60i16..60, br in -60i16..60,
            cq in -60i16..60, cr in -60i16..60,
        ) {
            let (a, b, c) = (Hex::new(aq, ar), Hex::new(bq, br), Hex::new(cq, cr));
            prop_assert_eq!(a.distance(b), b.distance(a));
            prop_assert!(a.distance(c) <= a.distance(b) + b.distance(c));
            prop_assert_eq!(a.distance(b) == 0, a == b);
        }

        #[test]
        fn line_has_distance_plus_one_adjacent_hexes(
            aq in -60i16..60, ar in -60i16..60,
            bq in -60i16..60, br in -60i16..60,
            up in any::<bool>(),
        ) {
            let (a, b) = (Hex::new(aq, ar), Hex::new(bq, br));
            let l = line(a, b, if up { 1 } else { -1 });
            prop_assert_eq!(l.len(), usize::from(a.distance(b)) + 1);
            prop_assert_eq!(l[0], a);
            prop_assert_eq!(l[l.len() - 1], b);
            for w in l.windows(2) {
                prop_assert!(w[0].is_adjacent(w[1]));
            }
            // Each step gets one closer to b.
            for (i, x) in l.iter().enumerate() {
                prop_assert_eq!(usize::from(x.distance(b)), l.len() - 1 - i);
            }
        }

        #[test]
        fn labels_round_trip(c in 1i16..=99, r in 1i16..=99) {
            let x = Hex::from_column_row(c, r);
            prop_assert_eq!(x.column_row(), (c, r));
            prop_assert_eq!(Hex::from_label(&x.label()), Ok(x));
        }

        #[test]
        fn from_label_never_panics(s in "\\PC{0,6}") {
            let _ = Hex::from_label(&s);
        }
    }
}
