//! The computer opponent, written once over the search extension of the contract
//! (`games::Search`) and so serving every ruleset registered with it.
//!
//! Information-set Monte Carlo tree search, single observer (Cowling, Powley and Whitehouse,
//! "Information Set Monte Carlo Tree Search", 2012; OpenSpiel's `is_mcts`): every iteration
//! starts from a complete state drawn from what the deciding side may know
//! (`Search::determinize`), so the search never sees the other side's hidden facts nor the real
//! future dice; the tree is shared by all the drawn worlds, an action not legal in the world of
//! an iteration is left out of its selection (UCB1 with availability counts); chance is sampled
//! by the drawn world's own dice, so each roll comes with its odds; a rollout is cut after a
//! depth and scored by the ruleset's heuristic evaluation (or its returns once the game is over).
//!
//! The search's own choices come from a seeded generator of its own (`rand_pcg`), never the
//! game's dice stream: with the same settings and seed it chooses the same action, and two
//! positions the deciding side cannot tell apart give the same choice.
use crate::games::Search;
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// How long and how the computer thinks.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The most iterations (a level is a number of them, or a time limit through `stop`).
    pub iterations: u32,
    /// Random actions played past the tree before the position is scored.
    pub rollout_depth: u32,
    /// UCB1's exploration constant (scores are in [-1, 1]).
    pub exploration: f64,
    /// The seed of the search's own generator.
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { iterations: 400, rollout_depth: 40, exploration: 0.7, seed: 1 }
    }
}

/// What the search thought: the action chosen and, for each action of the root, its visits
/// and mean score for the deciding side.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought<A> {
    pub action: A,
    pub iterations: u32,
    pub root: Vec<(A, u32, f64)>,
}

struct Node<A> {
    /// The action that led here (None at the root) and the index in `SIDES` of who chose it.
    action: Option<A>,
    mover: usize,
    children: Vec<usize>,
    visits: u32,
    /// How many times this node's action was legal when its parent was selected from.
    available: u32,
    /// The sum of the mover's scores through this node.
    score: f64,
}

/// A uniform choice among `n` (n > 0) from the search's own generator.
fn below(rng: &mut Pcg64Mcg, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

fn side_index<R: Search>(side: R::Side) -> usize {
    R::SIDES.iter().position(|&s| s == side).unwrap_or(0)
}

/// The score of a position per side, in the order of `SIDES`: its returns once over, else the
/// heuristic evaluation for each side.
pub fn scores<R: Search>(state: &R) -> Vec<f64> {
    state.returns().unwrap_or_else(|| R::SIDES.iter().map(|&s| state.heuristic(s)).collect())
}

/// A search in progress for the side deciding in a position: it can be run a few iterations
/// at a time (a page's worker thinks in slices and answers "move now" between them) and asked
/// for its best action at any point.
pub struct Ismcts<R: Search> {
    root: R,
    me: R::Side,
    settings: Settings,
    rng: Pcg64Mcg,
    tree: Vec<Node<R::Action>>,
    iterations: u32,
}

impl<R: Search> Ismcts<R> {
    /// A search of `state` for the side deciding there (None once the game is over).
    pub fn new(state: &R, settings: &Settings) -> Option<Self> {
        let me = state.prompt()?.side;
        let root = Node { action: None, mover: side_index::<R>(me), children: Vec::new(), visits: 0, available: 0, score: 0.0 };
        Some(Ismcts { root: state.clone(), me, settings: settings.clone(), rng: Pcg64Mcg::seed_from_u64(settings.seed), tree: vec![root], iterations: 0 })
    }

    /// Run up to `n` more iterations, never past `settings.iterations`; the iterations done.
    pub fn run(&mut self, n: u32) -> u32 {
        let Some(prompt) = self.root.prompt() else { return self.iterations };
        if prompt.actions.len() < 2 {
            return self.iterations; // nothing to think about
        }
        let stop = self.iterations.saturating_add(n).min(self.settings.iterations.max(1));
        while self.iterations < stop {
            iterate(&self.root, self.me, &self.settings, &mut self.rng, &mut self.tree);
            self.iterations += 1;
        }
        self.iterations
    }

    /// The iterations done so far.
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// Whether the search has used its whole budget.
    pub fn finished(&self) -> bool {
        self.iterations >= self.settings.iterations.max(1) || self.root.prompt().is_none_or(|p| p.actions.len() < 2)
    }

    /// The best action so far: the most visited of the real prompt's actions (ties: the
    /// better mean, then the listed order), with the visits and mean score of each.
    pub fn thought(&self) -> Option<Thought<R::Action>> {
        let prompt = self.root.prompt()?;
        let root: Vec<(R::Action, u32, f64)> = self.tree[0]
            .children
            .iter()
            .filter_map(|&c| {
                let n = &self.tree[c];
                let a = n.action.clone()?;
                Some((a, n.visits, if n.visits > 0 { n.score / f64::from(n.visits) } else { 0.0 }))
            })
            .collect();
        let best = prompt
            .actions
            .iter()
            .filter_map(|a| root.iter().find(|r| &r.0 == a))
            .fold(None::<&(R::Action, u32, f64)>, |best, r| match best {
                Some(b) if (b.1, b.2) >= (r.1, r.2) => Some(b),
                _ => Some(r),
            })
            .map(|r| r.0.clone())
            .or_else(|| prompt.actions.first().cloned())?;
        Some(Thought { action: best, iterations: self.iterations, root })
    }
}

/// Choose an action for the side deciding in `state` (None once the game is over). `stop` is
/// asked after every iteration with the number done: true ends the search early (a time
/// limit, or the player's "move now").
pub fn choose<R: Search>(state: &R, settings: &Settings, mut stop: impl FnMut(u32) -> bool) -> Option<Thought<R::Action>> {
    let mut search = Ismcts::new(state, settings)?;
    while !search.finished() {
        let done = search.run(1);
        if stop(done) {
            break;
        }
    }
    search.thought()
}

/// One iteration: draw a world from what `me` knows, select and expand in the shared tree,
/// play a rollout, score it, and back the scores up.
fn iterate<R: Search>(root: &R, me: R::Side, settings: &Settings, rng: &mut Pcg64Mcg, tree: &mut Vec<Node<R::Action>>) {
    let mut world = root.determinize(me, rng.next_u64());
    let mut path = vec![0usize];
    let mut node = 0usize;
    // Selection and expansion.
    while let Some(p) = world.prompt() {
        let mover = side_index::<R>(p.side);
        let untried: Vec<&R::Action> = p
            .actions
            .iter()
            .filter(|a| !tree[node].children.iter().any(|&c| tree[c].action.as_ref() == Some(*a)))
            .collect();
        if !untried.is_empty() {
            let a = untried[below(rng, untried.len())].clone();
            if world.apply(&a).is_err() {
                break;
            }
            let child = tree.len();
            tree.push(Node { action: Some(a), mover, children: Vec::new(), visits: 0, available: 1, score: 0.0 });
            tree[node].children.push(child);
            path.push(child);
            break;
        }
        // Every legal action has a child: UCB1 among those legal in this world.
        let legal: Vec<usize> = tree[node].children.iter().copied().filter(|&c| tree[c].action.as_ref().is_some_and(|a| p.actions.contains(a))).collect();
        for &c in &legal {
            tree[c].available += 1;
        }
        let ucb = |n: &Node<R::Action>| {
            let v = f64::from(n.visits.max(1));
            n.score / v + settings.exploration * (f64::from(n.available.max(1)).ln() / v).sqrt()
        };
        let Some(&next) = legal.iter().max_by(|&&x, &&y| ucb(&tree[x]).total_cmp(&ucb(&tree[y]))) else { break };
        let Some(a) = tree[next].action.clone() else { break };
        if world.apply(&a).is_err() {
            break;
        }
        node = next;
        path.push(next);
    }
    // Rollout: random legal actions up to the depth.
    for _ in 0..settings.rollout_depth {
        let Some(p) = world.prompt_ref() else { break };
        let i = below(rng, p.actions.len());
        if world.play_listed(i).is_err() {
            break;
        }
    }
    let s = scores(&world);
    for &n in &path[1..] {
        let node = &mut tree[n];
        node.visits += 1;
        node.score += s.get(node.mover).copied().unwrap_or(0.0);
    }
    tree[0].visits += 1;
}

/// The one-ply greedy player (a yardstick for the opponent's strength): the action whose
/// immediate result scores best for the deciding side, each tried once in a world drawn from
/// what it knows (ties: the first listed).
pub fn greedy<R: Search>(state: &R, seed: u64) -> Option<R::Action> {
    let prompt = state.prompt()?;
    let me = side_index::<R>(prompt.side);
    let world = state.determinize(prompt.side, seed);
    let mut best: Option<(f64, &R::Action)> = None;
    for a in &prompt.actions {
        let mut next = world.clone();
        if next.apply(a).is_err() {
            continue;
        }
        let s = scores(&next).get(me).copied().unwrap_or(0.0);
        if best.is_none_or(|(b, _)| s > b) {
            best = Some((s, a));
        }
    }
    best.map(|(_, a)| a.clone()).or_else(|| prompt.actions.first().cloned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::muskets::battle::{Battle, SCENARIO_IDS};
    use crate::games::Rules;

    #[test]
    fn the_same_seed_chooses_the_same_action_and_every_choice_is_legal() {
        let b = Battle::new_game(SCENARIO_IDS[0], &Default::default(), 3).unwrap();
        let settings = Settings { iterations: 60, ..Settings::default() };
        let one = choose(&b, &settings, |_| false).unwrap();
        let two = choose(&b, &settings, |_| false).unwrap();
        assert_eq!(one, two);
        assert!(b.is_legal(&one.action));
        assert_eq!(one.root.iter().map(|r| r.1).sum::<u32>(), one.iterations, "every iteration passes through one root action");
        // In slices, as a page's worker thinks: the same search.
        let mut sliced = Ismcts::new(&b, &settings).unwrap();
        while !sliced.finished() {
            sliced.run(7);
        }
        assert_eq!(sliced.thought().unwrap(), one);
        // Stopped early: "move now" after 5 iterations still gives a legal action.
        let early = choose(&b, &settings, |n| n >= 5).unwrap();
        assert_eq!(early.iterations, 5);
        assert!(b.is_legal(&early.action));
    }
}
