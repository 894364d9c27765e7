//! Tables computed once from the static scenario for the rules' hot loops: neighbour indices,
//! terrain costs of every step, deployment hexes, the leaders, each side's army counters and
//! the hexes every line of sight crosses. They only restate the scenario (the rules that read
//! them are in `movement` and `combat`), so they are shared by every game of a scenario.
use super::action::{Side, UnitId};
use super::scenario::{Kind, Scenario, BUILDING, HILL, OLIVE, RIVER, STAR, TOWN};
use crate::core::hex::{line, Hex};
use std::sync::{Arc, Mutex, OnceLock};

/// No neighbour (off the board) in `Tables::nbr`.
pub(crate) const NONE: u16 = crate::core::hex::NO_NEIGHBOUR;

#[derive(Debug)]
pub(crate) struct Tables {
    /// Grid indices of each hex's six neighbours in `Hex::neighbours` order, `NONE` off the board.
    pub nbr: Vec<[u16; 6]>,
    /// Half movement points of each step (from, direction), for [counters not slowed by olive
    /// groves, cavalry and horse artillery]: the Royal Road's ½ along its path, else 1 or 2 for
    /// the terrain entered (Movement of Troops).
    pub step_halves: [Vec<[u8; 6]>; 2],
    /// The hex of each grid index.
    pub hexes: Vec<Hex>,
    /// Per grid index, the distance in hexes to the nearest hex of the Royal Road (the only
    /// steps that cost half a point follow it), for lower bounds on the cost of a move.
    pub road_distance: Vec<u8>,
    /// Per formation, the grid indices where its counters may deploy, in grid order.
    pub deploy: Vec<Vec<u16>>,
    /// Per grid index, the terrain flags the victory conditions count: bit 0 a star hex, bit 1
    /// a star hex or Bailén (Who Wins the Game?).
    pub victory_hex: Vec<u8>,
    /// Does the map have minor roads (the Roads optional rule has something to follow)?
    pub minor_roads: bool,
    /// Vedel's formation (its counters do not count for the French strategic victory).
    pub vedel: Option<u8>,
    /// The leader counters of [French, Spanish], in counter order.
    pub leaders_of: [Vec<UnitId>; 2],
    /// Army counters (not María Bellido) of [French, Spanish], in counter order.
    pub army: [Vec<UnitId>; 2],
    /// Per stage of Game Setup (`sequence::DEPLOY_STAGES`), the counters whose formation
    /// deploys then, in counter order.
    pub deployers: Vec<Vec<UnitId>>,
    /// Lines of sight by offset.
    pub los: LosTable,
    /// The movement searches' rows of offers (`movement::Reach`): for [counters not slowed by
    /// olive groves, cavalry and horse artillery], per grid index and direction, where a step
    /// offers its hex at cost 0 (`offer_slot + cost` is the word of the hex at that cost) and
    /// the hex's bit in that word (as a mask). A step off the board offers into a sink past the
    /// rows.
    pub offers: [Vec<[(u32, u64); 6]>; 2],
    /// The same steps with those into one word at one cost merged (one mask a row, so that a
    /// search writes each row once rather than in a chain of writes to one word), and the
    /// steps off the board left out: the search's offers along every direction.
    pub merged_offers: [Vec<MergedOffers>; 2],
    /// Cost levels per word of the offers (enough for the largest movement factor of the
    /// scenario with the Roads bonus, plus the dearest step).
    pub offer_levels: usize,
    /// Words of one bit per grid index, and how many words apart two neighbours can be.
    pub words: usize,
    pub word_margin: usize,
    /// Per grid index, the `cell` bits of the terrain alone (`SIGHT_BLOCKING` for town, olive
    /// grove and hill): the cells of an empty board.
    pub terrain_cell: Vec<u8>,
}

/// The hexes strictly between the ends of a line of sight, by the offset from its first end to
/// its other: `core::hex::line` is the same for every pair of hexes at the same offset, so
/// one table serves the whole board (a test checks it against `line` hex by hex). The hexes
/// are kept as offsets on the board from the first end, which depend on the parity of its
/// column (`Hex::column_row`): [even, odd].
#[derive(Debug)]
pub(crate) struct LosTable {
    /// Longest line covered (the longest artillery range).
    pub radius: i16,
    /// Per offset cell: start in the lists of hexes, length of the first trace (nudged +1) and
    /// of the second (nudged -1), 0 when the second is the same as the first.
    pub cells: Vec<(u32, u8, u8)>,
    /// The interior hexes as (column, row) offsets.
    pub columns_rows: [Vec<(i16, i16)>; 2],
    /// The same as offsets of the grid index (column offset × rows + row offset), good when
    /// every hex between is on the board.
    pub index_steps: [Vec<i32>; 2],
    /// Per offset cell, the extent of both traces: least and greatest column offset, least
    /// and greatest row offset.
    pub extents: [Vec<[i16; 4]>; 2],
}

impl LosTable {
    fn new(radius: i16, rows: i16) -> LosTable {
        let side = (2 * radius + 1) as usize;
        let mut cells = vec![(0, 0, 0); side * side];
        let mut hexes: Vec<Hex> = Vec::new();
        let mut cell_hexes: Vec<(usize, usize, usize)> = Vec::new();
        let origin = Hex::new(0, 0);
        for dq in -radius..=radius {
            for dr in -radius..=radius {
                let b = Hex::new(dq, dr);
                if origin.distance(b) > radius as u16 {
                    continue;
                }
                let interior = |nudge: i8| -> Vec<Hex> { line(origin, b, nudge).into_iter().filter(|&h| h != origin && h != b).collect() };
                let (first, second) = (interior(1), interior(-1));
                let start = hexes.len();
                hexes.extend_from_slice(&first);
                let n2 = if second == first {
                    0
                } else {
                    hexes.extend_from_slice(&second);
                    second.len()
                };
                let cell = Self::cell_of(radius, dq, dr);
                cells[cell] = (start as u32, first.len() as u8, n2 as u8);
                cell_hexes.push((cell, start, hexes.len()));
            }
        }
        let columns_rows: [Vec<(i16, i16)>; 2] = [0i16, 1].map(|q| {
            let (c0, r0) = Hex::new(q, 0).column_row();
            hexes
                .iter()
                .map(|h| {
                    let (c, r) = Hex::new(q + h.q, h.r).column_row();
                    (c - c0, r - r0)
                })
                .collect()
        });
        let index_steps = [0, 1].map(|p| columns_rows[p].iter().map(|&(c, r)| i32::from(c) * i32::from(rows) + i32::from(r)).collect());
        let extents = [0, 1].map(|p| {
            let mut e = vec![[0i16; 4]; side * side];
            for &(cell, from, to) in &cell_hexes {
                let span = &columns_rows[p][from..to];
                if !span.is_empty() {
                    e[cell] = [
                        span.iter().map(|x| x.0).min().unwrap_or(0),
                        span.iter().map(|x| x.0).max().unwrap_or(0),
                        span.iter().map(|x| x.1).min().unwrap_or(0),
                        span.iter().map(|x| x.1).max().unwrap_or(0),
                    ];
                }
            }
            e
        });
        LosTable { radius, cells, columns_rows, index_steps, extents }
    }

    fn cell_of(radius: i16, dq: i16, dr: i16) -> usize {
        let side = (2 * radius + 1) as usize;
        (dq + radius) as usize * side + (dr + radius) as usize
    }

    /// The line from `a` to `b`: its offset cell, the parity of `a`'s column, and the ranges
    /// of its two traces in the lists of hexes (the second empty when the same as the first);
    /// None if the line is longer than the table.
    pub fn line(&self, a: Hex, b: Hex) -> Option<(usize, usize, std::ops::Range<usize>, std::ops::Range<usize>)> {
        let (dq, dr) = (b.q.wrapping_sub(a.q), b.r.wrapping_sub(a.r));
        if a.distance(b) > self.radius as u16 {
            return None;
        }
        let cell = Self::cell_of(self.radius, dq, dr);
        let (start, n1, n2) = *self.cells.get(cell)?;
        let (s, m1, m2) = (start as usize, n1 as usize, n2 as usize);
        Some((cell, usize::from(a.q & 1 != 0), s..s + m1, s + m1..s + m1 + m2))
    }
}

impl Tables {
    /// The tables of `scen`, computed once for the built-in scenario.
    pub fn of(scen: &Arc<Scenario>) -> Arc<Tables> {
        static BUILT: OnceLock<Mutex<Vec<(Arc<Scenario>, Arc<Tables>)>>> = OnceLock::new();
        let built = BUILT.get_or_init(|| Mutex::new(Vec::new()));
        let Ok(mut built) = built.lock() else { return Arc::new(Tables::new(scen)) };
        if let Some((_, t)) = built.iter().find(|(s, _)| Arc::ptr_eq(s, scen)) {
            return t.clone();
        }
        let t = Arc::new(Tables::new(scen));
        // Only a few scenarios ever exist (one built in); keep the first ones seen.
        if built.len() < 4 {
            built.push((scen.clone(), t.clone()));
        }
        t
    }

    fn new(scen: &Scenario) -> Tables {
        let grid = &scen.grid;
        // The board's size is checked when the scenario is read (at most 99 x 99 hexes).
        let nbr: Vec<[u16; 6]> = grid.neighbour_table().unwrap_or_default();
        let n = nbr.len();
        let halves = |groves: bool| -> Vec<[u8; 6]> {
            (0..n)
                .map(|i| {
                    let mut c = [0u8; 6];
                    for (d, &j) in nbr[i].iter().enumerate() {
                        if j == NONE {
                            continue;
                        }
                        let t = scen.terrain[j as usize];
                        let penalised = t & (HILL | RIVER | BUILDING) != 0 || (groves && t & OLIVE != 0);
                        let along_road = scen.road_dirs[i] & (1 << d) != 0;
                        c[d] = cost_halves(along_road, penalised);
                    }
                    c
                })
                .collect()
        };
        let deploy = (0..scen.formations.len())
            .map(|f| (0..n).filter(|&i| scen.may_deploy(f as u8, grid.hex(i))).map(|i| i as u16).collect())
            .collect();
        let victory_hex = scen
            .terrain
            .iter()
            .map(|&t| u8::from(t & STAR != 0) | (u8::from(t & (STAR | TOWN) != 0) << 1))
            .collect();
        let ids = || (0..scen.counters.len()).map(|u| u as UnitId);
        let army_of = |side: Side| -> Vec<UnitId> {
            ids().filter(|&u| scen.counters[u as usize].side == side && scen.water_carrier != Some(u)).collect()
        };
        let max_range = scen
            .counters
            .iter()
            .filter(|c| c.kind.is_artillery())
            .map(|c| i16::from(c.range))
            .max()
            .unwrap_or(1)
            .max(2);
        let mut army = [army_of(Side::French), army_of(Side::Spanish)];
        army.iter_mut().for_each(|a| a.shrink_to_fit());
        let hexes: Vec<Hex> = (0..n).map(|i| grid.hex(i)).collect();
        let road: Vec<Hex> = (0..n).filter(|&i| scen.road_dirs[i] != 0).map(|i| hexes[i]).collect();
        let road_distance = hexes
            .iter()
            .map(|&h| road.iter().map(|&r| r.distance(h)).min().unwrap_or(u16::MAX).min(255) as u8)
            .collect();
        let words = n.div_ceil(64).max(1);
        let max_mf = scen.counters.iter().map(|c| usize::from(c.mf)).max().unwrap_or(0);
        // Halves: twice the factor, +2 for Roads; then a step of at most 4 halves.
        let offer_levels = 2 * max_mf + 2 + 5;
        let step_halves = [halves(false), halves(true)];
        let offers: [Vec<[(u32, u64); 6]>; 2] = [0, 1].map(|g: usize| {
            (0..n)
                .map(|i| {
                    let mut o = [((words * offer_levels) as u32, 1u64); 6];
                    for (d, &j) in nbr[i].iter().enumerate() {
                        if j != NONE {
                            let j = usize::from(j);
                            let slot = (j / 64) * offer_levels + usize::from(step_halves[g][i][d].max(1));
                            o[d] = (slot as u32, 1u64 << (j % 64));
                        }
                    }
                    o
                })
                .collect()
        });
        let merged_offers = [0, 1].map(|g: usize| offers[g].iter().map(|steps| MergedOffers::of(steps, words * offer_levels)).collect());
        let word_margin = (0..n)
            .flat_map(|i| nbr[i].iter().filter(|&&j| j != NONE).map(move |&j| (usize::from(j) / 64).abs_diff(i / 64)))
            .max()
            .unwrap_or(0);
        Tables {
            offers,
            merged_offers,
            offer_levels,
            words,
            word_margin,
            hexes,
            road_distance,
            step_halves,
            nbr,
            deploy,
            victory_hex,
            minor_roads: scen.minor_dirs.iter().any(|&d| d != 0),
            vedel: scen.formation_named("Vedel"),
            leaders_of: [Side::French, Side::Spanish]
                .map(|side| ids().filter(|&u| scen.counters[u as usize].kind == Kind::Leader && scen.counters[u as usize].side == side).collect()),
            army,
            deployers: super::sequence::DEPLOY_STAGES
                .iter()
                .map(|(_, zones)| {
                    ids()
                        .filter(|&u| {
                            let f = scen.counters[u as usize].formation;
                            f.is_some_and(|f| scen.formations.get(f as usize).is_some_and(|f| zones.contains(&f.deploy)))
                        })
                        .collect()
                })
                .collect(),
            los: LosTable::new(max_range, grid.rows),
            terrain_cell: scen
                .terrain
                .iter()
                .map(|&t| if t & (TOWN | OLIVE | HILL) != 0 { super::cell::SIGHT_BLOCKING } else { 0 })
                .collect(),
        }
    }
}

/// One hex's steps of `Tables::offers` merged by row: the first `n` of `steps`.
#[derive(Clone, Copy, Debug, Default)]
pub struct MergedOffers {
    pub n: u8,
    pub steps: [(u32, u64); 6],
}

impl MergedOffers {
    /// Merge the steps of one hex, leaving out those into `sink` (off the board).
    fn of(steps: &[(u32, u64); 6], sink: usize) -> Self {
        let mut m = MergedOffers::default();
        for &(slot, bit) in steps.iter().filter(|&&(slot, _)| slot as usize != sink) {
            let n = usize::from(m.n);
            match m.steps[..n].iter_mut().find(|(s, _)| *s == slot) {
                Some((_, mask)) => *mask |= bit,
                None => {
                    m.steps[n] = (slot, bit);
                    m.n += 1;
                }
            }
        }
        m
    }

    /// The merged steps.
    #[inline(always)]
    pub fn steps(&self) -> &[(u32, u64)] {
        self.steps.get(..usize::from(self.n)).unwrap_or(&[])
    }
}

impl Tables {
    /// A lower bound, in half points, on the cost of any move from grid index `i` to a hex
    /// next to `target`. A step costs at least 2 halves except along the Royal Road (1), so a
    /// path of `d` hexes costs at least 2d, and one that follows the road for part of the way
    /// at least d + (hexes to the road at each end).
    pub fn cost_bound(&self, i: usize, target: Hex, target_road_distance: u8) -> u32 {
        let (Some(&h), Some(&r)) = (self.hexes.get(i), self.road_distance.get(i)) else { return 0 };
        bound(h, r, target, target_road_distance)
    }

    /// Is the `cost_bound` from grid index `i` to any of `targets` (hexes with their road
    /// distances) at most `left`?
    #[inline]
    pub fn any_within(&self, i: usize, targets: &[(Hex, u8)], left: u32) -> bool {
        let (Some(&h), Some(&r)) = (self.hexes.get(i), self.road_distance.get(i)) else { return !targets.is_empty() };
        targets.iter().any(|&(target, target_road_distance)| bound(h, r, target, target_road_distance) <= left)
    }

    /// The road distance of `h` (see `road_distance`), 0 off the board.
    pub fn road_distance_of(&self, grid: &crate::core::hex::Grid, h: Hex) -> u8 {
        grid.index(h).and_then(|i| self.road_distance.get(i)).copied().unwrap_or(0)
    }
}

/// `Tables::cost_bound` from hex `h`, `r` hexes from the Royal Road.
#[inline(always)]
fn bound(h: Hex, r: u8, target: Hex, target_road_distance: u8) -> u32 {
    let d = u32::from(h.distance(target).saturating_sub(1));
    let end = u32::from(target_road_distance.saturating_sub(1));
    (2 * d).min(d + u32::from(r) + end)
}

/// The dearest step of `cost_halves`, in half points.
pub(crate) const DEAREST_STEP_HALVES: usize = 4;

/// Half movement points to enter a hex: ½ along the Royal Road (1 if the hex also holds a
/// penalising feature), else 1, or 2 for a penalising feature.
#[inline]
pub(crate) fn cost_halves(along_road: bool, penalised: bool) -> u8 {
    match (along_road, penalised) {
        (true, false) => 1,
        (true, true) | (false, false) => 2,
        (false, true) => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::hex::line;

    fn tables() -> (Arc<Scenario>, Arc<Tables>) {
        let scen = Scenario::built_in(super::super::DEFAULT_SCENARIO).expect("built-in scenario");
        let t = Tables::of(&scen);
        (scen, t)
    }

    #[test]
    fn one_table_per_scenario() {
        let (scen, t) = tables();
        assert!(Arc::ptr_eq(&t, &Tables::of(&scen)));
    }

    /// Every line of sight of the board, from every third hex to every hex within the longest
    /// range, crosses exactly the hexes of `core::hex::line`.
    #[test]
    fn los_table_is_line_everywhere() {
        let (scen, t) = tables();
        let grid = &scen.grid;
        let r = t.los.radius as u16;
        assert!(r >= 12, "the longest artillery range is covered");
        let mut checked = 0;
        for i in (0..grid.len()).step_by(3) {
            let a = grid.hex(i);
            for b in grid.hexes().filter(|&b| b.distance(a) <= r && b.distance(a) >= 2) {
                let (cell, p, r1, r2) = t.los.line(a, b).expect("within the table");
                let (ca, ra) = a.column_row();
                let at = |&(dc, dr): &(i16, i16)| Hex::from_column_row(ca + dc, ra + dr);
                let (t1, t2) = (&t.los.columns_rows[p][r1.clone()], &t.los.columns_rows[p][r2.clone()]);
                let l1: Vec<Hex> = line(a, b, 1);
                let l2: Vec<Hex> = line(a, b, -1);
                assert_eq!(t1.iter().map(at).collect::<Vec<_>>(), l1[1..l1.len() - 1], "{a} {b} +1");
                let second: Vec<Hex> = if t2.is_empty() { t1.iter().map(at).collect() } else { t2.iter().map(at).collect() };
                assert_eq!(second, l2[1..l2.len() - 1], "{a} {b} -1");
                // The grid index steps and the extent say the same.
                let e = t.los.extents[p][cell];
                for (k, x) in r1.chain(r2).zip(t1.iter().chain(t2)) {
                    assert!((e[0]..=e[1]).contains(&x.0) && (e[2]..=e[3]).contains(&x.1), "{a} {b} extent");
                    if let Some(j) = grid.index(at(x)) {
                        assert_eq!(i as i32 + t.los.index_steps[p][k], j as i32, "{a} {b} index");
                    }
                }
                checked += 1;
            }
        }
        assert!(checked > 100_000, "{checked} lines");
        assert!(t.los.line(Hex::new(0, 0), Hex::new(r as i16 + 1, 0)).is_none());
    }

    #[test]
    fn neighbours_and_costs_restate_the_scenario() {
        let (scen, t) = tables();
        let grid = &scen.grid;
        for i in 0..grid.len() {
            let h = grid.hex(i);
            for (d, n) in h.neighbours().into_iter().enumerate() {
                let j = t.nbr[i][d];
                assert_eq!(grid.index(n).map(|j| j as u16).unwrap_or(NONE), j);
                if j == NONE {
                    continue;
                }
                let road = scen.road_step(h, n);
                for (k, groves) in [(0, false), (1, true)] {
                    let pen = scen.has(n, HILL | RIVER | BUILDING) || (groves && scen.has(n, OLIVE));
                    assert_eq!(t.step_halves[k][i][d], cost_halves(road, pen));
                }
            }
        }
    }
}
