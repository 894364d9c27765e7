//! Area graphs: adjacency, flagged edges (rivers, passes) and constrained reachability.
//!
//! Nodes are dense indices `0..n`. Paths are counted in steps between adjacent nodes. The
//! constrained searches take a closure that says whether a node may be entered; the node a
//! path starts from is never tested (rules often let a path "start anywhere").
use std::collections::VecDeque;

/// Distance value for a node no path reaches.
pub const UNREACHED: u8 = u8::MAX;

/// An undirected graph with a flag on each edge (e.g. "crosses the river").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    adj: Vec<Vec<(u16, bool)>>,
}

impl Graph {
    /// A graph of `n` nodes and no edges.
    pub fn new(n: usize) -> Graph {
        Graph { adj: vec![Vec::new(); n] }
    }

    pub fn len(&self) -> usize {
        self.adj.len()
    }

    pub fn is_empty(&self) -> bool {
        self.adj.is_empty()
    }

    /// Add the edge a-b (both ways) with its flag. Out-of-range nodes are ignored; an
    /// existing edge keeps its first flag.
    pub fn add_edge(&mut self, a: usize, b: usize, flagged: bool) {
        if a >= self.adj.len() || b >= self.adj.len() || a == b || self.adjacent(a, b) {
            return;
        }
        self.adj[a].push((b as u16, flagged));
        self.adj[b].push((a as u16, flagged));
    }

    /// The neighbours of `a` with each edge's flag.
    pub fn edges(&self, a: usize) -> impl Iterator<Item = (usize, bool)> + '_ {
        self.adj.get(a).into_iter().flatten().map(|&(b, f)| (b as usize, f))
    }

    pub fn neighbours(&self, a: usize) -> impl Iterator<Item = usize> + '_ {
        self.edges(a).map(|(b, _)| b)
    }

    pub fn adjacent(&self, a: usize, b: usize) -> bool {
        self.adj.get(a).is_some_and(|v| v.iter().any(|&(x, _)| x as usize == b))
    }

    /// The flag of edge a-b, or None if they are not adjacent.
    pub fn edge_flag(&self, a: usize, b: usize) -> Option<bool> {
        self.adj.get(a)?.iter().find(|&&(x, _)| x as usize == b).map(|&(_, f)| f)
    }

    /// Breadth-first distances from `src` through nodes that `may_enter` allows. `src` itself
    /// is reached (distance 0) only if it is allowed too; unreached nodes hold `UNREACHED`.
    /// Distances stop growing at `max` (nodes farther than `max` stay unreached).
    pub fn distances(&self, src: usize, max: u8, may_enter: impl Fn(usize) -> bool) -> Vec<u8> {
        let mut dist = vec![UNREACHED; self.adj.len()];
        if src >= self.adj.len() || !may_enter(src) {
            return dist;
        }
        dist[src] = 0;
        let mut queue = VecDeque::from([src]);
        while let Some(a) = queue.pop_front() {
            let d = dist[a];
            if d >= max {
                continue;
            }
            for b in self.neighbours(a) {
                if dist[b] == UNREACHED && may_enter(b) {
                    dist[b] = d + 1;
                    queue.push_back(b);
                }
            }
        }
        dist
    }

    /// Steps of the shortest path from `from` to the source of `dist` (as computed by
    /// `distances`), where `from` itself need not be enterable: every node after `from` must be.
    /// None if there is no such path.
    pub fn steps_from_free_start(&self, from: usize, dist: &[u8]) -> Option<u8> {
        let own = dist.get(from).copied().unwrap_or(UNREACHED);
        let via = self
            .neighbours(from)
            .filter_map(|b| dist.get(b).copied())
            .filter(|&d| d != UNREACHED)
            .map(|d| d.saturating_add(1))
            .min()
            .unwrap_or(UNREACHED);
        let best = own.min(via);
        (best != UNREACHED).then_some(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(n: usize) -> Graph {
        let mut g = Graph::new(n);
        for i in 1..n {
            g.add_edge(i - 1, i, i == 2);
        }
        g
    }

    #[test]
    fn edges_are_symmetric_with_flags() {
        let g = line(4);
        assert!(g.adjacent(0, 1) && g.adjacent(1, 0));
        assert_eq!(g.edge_flag(1, 2), Some(true));
        assert_eq!(g.edge_flag(2, 1), Some(true));
        assert_eq!(g.edge_flag(0, 1), Some(false));
        assert_eq!(g.edge_flag(0, 2), None);
    }

    #[test]
    fn distances_respect_the_filter_and_the_cap() {
        let g = line(5);
        let d = g.distances(0, 10, |n| n != 3);
        assert_eq!(d, vec![0, 1, 2, UNREACHED, UNREACHED]);
        let d = g.distances(0, 1, |_| true);
        assert_eq!(d[1], 1);
        assert_eq!(d[2], UNREACHED);
        assert_eq!(g.distances(0, 9, |n| n != 0)[1], UNREACHED);
    }

    #[test]
    fn a_free_start_is_not_tested() {
        let g = line(5);
        let d = g.distances(0, 10, |n| n != 3);
        assert_eq!(g.steps_from_free_start(3, &d), Some(3));
        assert_eq!(g.steps_from_free_start(4, &d), None);
        assert_eq!(g.steps_from_free_start(0, &d), Some(0));
    }
}
