//! The search extension of the contract for Bloody Monday: returns, a heuristic, a fresh dice
//! stream, and determinization over the fog of war ([Setup]: blocks stand upright, so the
//! other side sees only that a block of that side is there).
//!
//! What a side knows of the enemy's concealed blocks is kept as it plays (`Knowledge`): for
//! every enemy block standing upright (a "token": on the map or in the reserve), the set of
//! blocks it could be. It starts from the designations printed on the board ([Setup], FAQ-1:
//! a token at a designation is one of the blocks of that colour and group, the reserve draws
//! among the same blocks; leaders by name and the fixed reserve are known), and is updated from
//! what that side is shown: a block named in an event or laid down is known; when an upright
//! block leaves an area (or the reserve) with other upright blocks, it could be any of them,
//! and so could each that stays; a block known to be somewhere is nowhere else. The sets only
//! ever hold the truth, so a complete state always agrees with them.
//!
//! `determinize` draws one such state: each token gets a block from its set (one block a
//! token), the Commander-in-Chief where the stacking limits need him (he does not count, 3.3),
//! and every reference to a block (orders, the moving block, salvo guns) follows its token.
//! A token keeps what the table shows of it (its area, its cubes) and its own count of steps
//! lost and moves made; these are kept, not drawn again (the hits announced on an area are
//! not tied to a block). The draw depends only on what the viewer knows: tokens are taken in
//! an order of their visible and kept facts, never of their real identity.
use super::action::{BlockId, Side};
use super::scenario::{side_index, Group};
use super::sequence::{below, bit, Phase};
use super::{BloodyMonday, Event, Loc};
use crate::core::dice::Dice;
use crate::games::Search;
use std::sync::Arc;

/// For each side, the blocks each enemy token could be (indexed by block id; a block of the
/// side itself has an empty set).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Knowledge {
    pub cand: [Vec<u128>; 2],
}

/// Every block's state, for comparing where each stands and whether it is laid down before
/// and after an action: a fixed array (a scenario has at most 120 blocks) copied in one go, so
/// that taking it allocates nothing.
pub(crate) type Snapshot = [super::BlockState; 128];

/// Where a block stands and whether it is laid down: what an action's learning compares.
fn stands(s: &super::BlockState) -> (Loc, bool) {
    (s.loc, s.revealed)
}

/// The members of a set of blocks that `keep` keeps (walking its bits lowest first).
fn select(set: u128, mut keep: impl FnMut(BlockId) -> bool) -> u128 {
    let (mut rest, mut out) = (set, 0u128);
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        if keep(rest.trailing_zeros() as BlockId) {
            out |= low;
        }
        rest ^= low;
    }
    out
}

/// Each member of a set of blocks, lowest first.
fn each(set: u128, mut f: impl FnMut(BlockId)) {
    select(set, |b| {
        f(b);
        false
    });
}

/// The blocks an event names, as `viewer` is shown it (`event_for` hides only the gun of a
/// 9.2 salvo from the Russians, 9.2).
fn named(e: &Event, viewer: Side) -> u128 {
    use super::RollPurpose as P;
    match e {
        Event::Moved { block: Some(b), .. }
        | Event::HitTaken { block: Some(b), .. }
        | Event::Retreated { block: Some(b), .. }
        | Event::Reduced { block: Some(b), .. }
        | Event::Destroyed { block: b, .. }
        | Event::Skirmished { jager: b, .. }
        | Event::ArtilleryActivated { artillery: b, .. }
        | Event::CinCActivated { cinc: b, .. }
        | Event::LeaderActivated { leader: b, .. } => bit(*b),
        Event::Inspired { leader, block, .. } => bit(*leader) | block.map_or(0, bit),
        Event::Revealed { blocks, .. } => blocks.iter().fold(0, |m, s| m | bit(s.block)),
        Event::Rolled { purpose, side, .. } => match purpose {
            P::ArtilleryFire { artillery, .. } => bit(*artillery),
            P::Salvo { artillery: Some(artillery), .. } if *side == viewer => bit(*artillery),
            P::Ambush { jager, .. } => bit(*jager),
            _ => 0,
        },
        _ => 0,
    }
}

impl BloodyMonday {
    pub(crate) fn snapshot(&self) -> Snapshot {
        let mut now = [super::BlockState::new(Loc::OutOfPlay); 128];
        let n = self.blocks.len().min(128);
        now[..n].copy_from_slice(&self.blocks[..n]);
        now
    }

    /// A token: an enemy block of `viewer` standing upright on the map or in the reserve.
    fn is_token(&self, b: BlockId, viewer: Side) -> bool {
        let s = &self.blocks[b as usize];
        self.side_of(b) != viewer && !s.revealed && matches!(s.loc, Loc::Area(_) | Loc::Reserve)
    }

    /// What each side knows at the start. After the random setup ([Setup]): a token at a
    /// designation or drawn into the reserve is one of the blocks of its colour and group
    /// (9.1: jagers with the infantry); leaders by name and the fixed reserve are known. A
    /// position given by a public setup says nothing of the concealed blocks: each could be any
    /// of the side's concealed blocks.
    pub(crate) fn initial_knowledge(&mut self, by_designation: bool) {
        let n = self.blocks.len();
        let mut k = Knowledge { cand: [vec![0; n], vec![0; n]] };
        for viewer in [Side::French, Side::Russian] {
            let enemy = viewer.other();
            let tokens: Vec<BlockId> = self.side_blocks(enemy).filter(|&b| self.is_token(b, viewer)).collect();
            let all = tokens.iter().fold(0u128, |m, &b| m | bit(b));
            for &b in &tokens {
                let blk = self.scen.block(b);
                k.cand[viewer.index()][b as usize] = if !by_designation {
                    all
                } else if blk.start_area.is_some() || blk.fixed_reserve {
                    bit(b)
                } else {
                    let merged = |g: Option<Group>| match g {
                        Some(Group::Jager) if self.options.jagers && enemy == Side::Russian => Some(Group::Infantry),
                        g => g,
                    };
                    tokens
                        .iter()
                        .filter(|&&x| {
                            let o = self.scen.block(x);
                            o.colour == blk.colour && merged(o.group) == merged(blk.group) && o.start_area.is_none() && !o.fixed_reserve
                        })
                        .fold(0u128, |m, &x| m | bit(x))
                };
            }
            // Revealed and destroyed enemy blocks are known where they are.
            for b in self.side_blocks(enemy) {
                if !tokens.contains(&b) {
                    k.cand[viewer.index()][b as usize] = bit(b);
                }
            }
        }
        self.knowledge = Arc::new(k);
        let now = self.snapshot();
        let opening = self.opening.clone();
        self.learn(&now, &opening);
    }

    /// Update what each side knows after an action: `before` is where the blocks stood,
    /// `events` what happened. Only blocks that moved, were laid down or stood up, or were
    /// named can change what is known.
    pub(crate) fn learn(&mut self, before: &Snapshot, events: &[Event]) {
        let now = &self.blocks;
        let n = now.len().min(128);
        let changed = (0..n as BlockId).filter(|&b| stands(&before[b as usize]) != stands(&now[b as usize])).fold(0u128, |m, b| m | bit(b));
        for viewer in [Side::French, Side::Russian] {
            let v = viewer.index();
            let enemy = viewer.other();
            let r = &self.scen.side_range[enemy.index()];
            let enemies = below(r.end) & !below(r.start);
            // Named, or laid down, destroyed or gone: known.
            let mut names = events.iter().fold(0u128, |m, e| m | named(e, viewer));
            names |= select(changed & enemies, |b| !self.is_token(b, viewer));
            names &= enemies;
            // Upright enemy blocks that left an area or the reserve.
            let moved = select(changed & enemies, |b| {
                let (from, to) = (&before[b as usize], &now[b as usize]);
                !from.revealed && from.loc != to.loc && matches!(from.loc, Loc::Area(_) | Loc::Reserve)
            });
            let old = &self.knowledge.cand[v];
            if moved == 0 && select(names, |b| old.get(b as usize) != Some(&bit(b))) == 0 {
                continue;
            }
            let mut cand = [0u128; 128];
            let n = old.len().min(n);
            cand[..n].copy_from_slice(&old[..n]);
            // An upright block left its area or the reserve: it could be any of those that
            // stood upright there, and so could each of them.
            each(moved, |b| {
                let from = stands(&before[b as usize]);
                let there = select(enemies, |x| stands(&before[x as usize]) == from);
                let mut union = 0u128;
                each(there, |x| union |= cand[x as usize]);
                each(there, |x| cand[x as usize] |= union);
            });
            // After the mixing: a block named or laid down is known even if it stood there.
            each(names, |b| cand[b as usize] = bit(b));
            // A block known to be somewhere is nowhere else, until no other becomes known: the
            // first pass takes every known block out of the others' sets, each next pass only
            // those it made known.
            let mut known = select(enemies, |b| cand[b as usize] == bit(b));
            let mut fresh = known;
            while fresh != 0 {
                let newly = select(enemies & !known, |b| {
                    let c = cand[b as usize];
                    if c & fresh == 0 {
                        return false;
                    }
                    cand[b as usize] = c & !known;
                    cand[b as usize] == bit(b)
                });
                known |= newly;
                fresh = newly;
            }
            // Compared word by word: a slice comparison is a byte-wise memcmp, slow in wasm.
            if cand[..n].iter().zip(old.iter()).fold(0, |d, (a, b)| d | (a ^ b)) != 0 || old.len() != n {
                Arc::make_mut(&mut self.knowledge).cand[v].copy_from_slice(&cand[..n]);
            }
        }
    }

    /// The blocks `viewer` thinks enemy block `b`'s token could be.
    pub fn could_be(&self, viewer: Side, b: BlockId) -> Vec<BlockId> {
        let c = self.knowledge.cand[viewer.index()].get(b as usize).copied().unwrap_or(0);
        self.all_blocks().filter(|&x| c & bit(x) != 0).collect()
    }

    /// Give every enemy block of `viewer` named in `to` the identity `to[b]`: the block's state
    /// (its token), the references to it and what `viewer` knows of its token move with it.
    pub(crate) fn relabel(&mut self, to: &[BlockId]) {
        let map = |b: BlockId| to.get(b as usize).copied().unwrap_or(b);
        let old = self.blocks.clone();
        for (b, s) in old.iter().enumerate() {
            let nb = map(b as BlockId);
            let mut s = *s;
            s.level = s.level.min(self.scen.block(nb).lowest_level());
            self.blocks[nb as usize] = s;
        }
        let bits = |m: u128| (0..self.blocks.len() as BlockId).filter(|&b| m & bit(b) != 0).fold(0u128, |acc, b| acc | bit(map(b)));
        self.imp.ordered = bits(self.imp.ordered);
        for b in self.imp.inspired.iter_mut().chain(self.imp.leaders.iter_mut()) {
            *b = map(*b);
        }
        if let Some(bt) = self.battle.as_mut() {
            for b in bt.fired.iter_mut() {
                *b = map(*b);
            }
            bt.acted = bits(bt.acted);
            bt.asked = bits(bt.asked);
        }
        for (b, _) in self.salvo.iter_mut() {
            *b = map(*b);
        }
        match &mut self.phase {
            Phase::UnitMove { block, .. } => *block = map(*block),
            Phase::LeaderMove { leader, .. } => *leader = map(*leader),
            _ => {}
        }
        let k = Arc::make_mut(&mut self.knowledge);
        for cand in k.cand.iter_mut() {
            let old = cand.clone();
            for (b, c) in old.iter().enumerate() {
                if let Some(slot) = cand.get_mut(map(b as BlockId) as usize) {
                    *slot = *c;
                }
            }
        }
        self.recount();
        self.prompt_cache.clear();
    }

    /// The facts of a token that stay with it in a draw, in an order that names no block.
    fn token_key(&self, b: BlockId, viewer: Side) -> Vec<u128> {
        let s = &self.blocks[b as usize];
        let loc = match s.loc {
            Loc::Area(a) => u128::from(a) + 1,
            _ => 0,
        };
        let flags = [s.isolated, s.blue, s.yellow, s.red, s.moved, s.activated, s.exhausted_activation, s.shield_used]
            .iter()
            .fold(0u128, |m, &f| (m << 1) | f as u128);
        let moving = match self.phase {
            Phase::UnitMove { block, .. } | Phase::LeaderMove { leader: block, .. } => block == b,
            _ => false,
        };
        let salvo = self.salvo.iter().position(|&(g, _)| g == b).map_or(0, |i| i as u128 + 1);
        let refs = [
            self.imp.ordered & bit(b) != 0,
            self.imp.inspired.contains(&b),
            self.imp.leaders.contains(&b),
            moving,
            self.battle.as_ref().is_some_and(|bt| bt.fired.contains(&b) || bt.acted & bit(b) != 0 || bt.asked & bit(b) != 0),
        ]
        .iter()
        .fold(0u128, |m, &f| (m << 1) | f as u128);
        vec![loc, u128::from(s.level), flags, refs, salvo, self.knowledge.cand[viewer.index()][b as usize]]
    }

    /// One draw of the enemy blocks behind `viewer`'s tokens: for each token (by id) its block.
    fn draw_tokens(&self, viewer: Side, dice: &mut Dice) -> Option<Vec<BlockId>> {
        let enemy = viewer.other();
        let mut tokens: Vec<BlockId> = self.side_blocks(enemy).filter(|&b| self.is_token(b, viewer)).collect();
        tokens.sort_by_cached_key(|&b| self.token_key(b, viewer));
        let cand = &self.knowledge.cand[viewer.index()];
        // 3.3 the CinC does not count for stacking: where the enemy shows more blocks than the
        // limit, he is one of them.
        let cinc = self.scen.cinc[side_index(enemy)];
        let crowded = (0..self.scen.areas.len() as u8).find(|&a| self.occ[a as usize][enemy.index()] as usize > self.scen.area(a).terrain.stacking());
        let allowed = |t: BlockId, id: BlockId| -> bool {
            cand[t as usize] & bit(id) != 0 && (id != cinc || crowded.is_none_or(|a| self.blocks[t as usize].loc == Loc::Area(a)))
        };
        // Tokens in a random order, each trying its blocks in a random order: a random
        // matching (Kuhn's augmenting paths), the same for the same seed and the same knowledge.
        let mut order: Vec<usize> = (0..tokens.len()).collect();
        shuffle(&mut order, dice);
        let mut options: Vec<Vec<BlockId>> = tokens
            .iter()
            .map(|&t| self.side_blocks(enemy).filter(|&id| allowed(t, id)).collect())
            .collect();
        for o in options.iter_mut() {
            shuffle(o, dice);
        }
        let mut holder: Vec<Option<usize>> = vec![None; self.blocks.len()];
        for &t in &order {
            let mut seen = vec![false; self.blocks.len()];
            if !augment(t, &options, &mut holder, &mut seen) {
                return None;
            }
        }
        let mut to: Vec<BlockId> = self.all_blocks().collect();
        for (id, h) in holder.iter().enumerate() {
            if let Some(t) = h {
                to[tokens[*t] as usize] = id as BlockId;
            }
        }
        Some(to)
    }
}

/// Fisher-Yates with the game's own dice type (1..=n rolls).
fn shuffle<T>(v: &mut [T], dice: &mut Dice) {
    for i in (1..v.len()).rev() {
        let j = (dice.roll((i + 1).min(255) as u8) as usize - 1).min(i);
        v.swap(i, j);
    }
}

/// Kuhn's augmenting path from token `t`.
fn augment(t: usize, options: &[Vec<BlockId>], holder: &mut [Option<usize>], seen: &mut [bool]) -> bool {
    for &id in &options[t] {
        let id = id as usize;
        if seen[id] {
            continue;
        }
        seen[id] = true;
        if holder[id].is_none_or(|other| augment(other, options, holder, seen)) {
            holder[id] = Some(t);
            return true;
        }
    }
    false
}

/// The seed of the fresh game dice of a determinized state (apart from the draw's own).
fn game_seed(seed: u64) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xB10D_D1E5
}

impl Search for BloodyMonday {
    const SIDES: &'static [Side] = &[Side::French, Side::Russian];

    fn returns(&self) -> Option<Vec<f64>> {
        self.outcome.as_ref().map(|o| o.returns(Self::SIDES))
    }

    /// Victory areas (1.1; Last Blood's points, 10.0) and the morale tracks (2.3b, 10 loses).
    fn heuristic(&self, side: Side) -> f64 {
        if let Some(r) = self.returns() {
            return if side == Side::French { r[0] } else { r[1] };
        }
        let enemy = side.other();
        let areas = if self.last_blood {
            (f64::from(self.last_blood_points(side)) - f64::from(self.last_blood_points(enemy))) / 40.0
        } else {
            (f64::from(self.victory_areas_held(side)) - f64::from(self.victory_areas_held(enemy))) / 7.0
        };
        let morale = (f64::from(self.morale_losses(enemy)) - f64::from(self.morale_losses(side))) / 10.0;
        (0.6 * areas + 0.4 * morale).clamp(-0.95, 0.95)
    }

    fn reseeded(&self, seed: u64) -> Self {
        let mut g = self.clone();
        g.dice = Dice::seeded(seed);
        g
    }

    fn determinize(&self, viewer: Side, seed: u64) -> Self {
        let mut g = self.clone();
        let mut draw = Dice::seeded(seed);
        // The truth is always one of the draws; None would be a bug in the knowledge kept.
        if let Some(to) = self.draw_tokens(viewer, &mut draw) {
            g.relabel(&to);
        }
        g.dice = Dice::seeded(game_seed(seed));
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Rules;

    fn json<T: serde::Serialize>(t: &T) -> String {
        serde_json::to_string(t).unwrap()
    }

    struct Pick(u64);
    impl Pick {
        fn next(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// Positions of random games (every option on for odd seeds), every few actions.
    fn positions(games: u64, every: usize) -> Vec<BloodyMonday> {
        let mut out = Vec::new();
        for seed in 0..games {
            let options = if seed % 2 == 1 { super::super::Options::all() } else { Default::default() };
            let mut g = BloodyMonday::new_game(super::super::BORODINO, &options, seed).unwrap();
            let mut pick = Pick(seed * 31 + 7);
            for n in 0..4000 {
                let Some(p) = g.prompt() else { break };
                if n % every == 0 {
                    out.push(g.clone());
                }
                let a = p.actions[pick.next(p.actions.len())].clone();
                g.apply(&a).unwrap();
            }
        }
        out
    }

    #[test]
    fn the_truth_is_always_one_of_the_draws() {
        for g in positions(6, 7) {
            for viewer in [Side::French, Side::Russian] {
                for b in g.side_blocks(viewer.other()) {
                    if g.is_token(b, viewer) {
                        assert!(g.knowledge.cand[viewer.index()][b as usize] & bit(b) != 0, "{} lost track of its own identity", g.scen.block(b).id);
                    }
                }
            }
        }
    }

    /// (a) a determinized state shows the viewer exactly what the real one does.
    #[test]
    fn a_determinized_state_looks_the_same_to_its_viewer() {
        let mut redrawn = 0;
        for (k, g) in positions(6, 13).into_iter().enumerate() {
            for viewer in [Side::French, Side::Russian] {
                let d = g.determinize(viewer, k as u64);
                assert_eq!(json(&d.view(viewer)), json(&g.view(viewer)), "position {k}, {viewer}");
                d.check_invariants().unwrap_or_else(|e| panic!("position {k}, {viewer}: {e}"));
                redrawn += g.side_blocks(viewer.other()).filter(|&b| d.blocks[b as usize] != g.blocks[b as usize]).count();
            }
        }
        assert!(redrawn > 100, "the draws changed only {redrawn} blocks");
    }

    /// (b) two states that differ only in which enemy blocks stand behind two tokens the
    /// viewer cannot tell apart determinize to the same state.
    #[test]
    fn states_the_viewer_cannot_tell_apart_determinize_alike() {
        let mut pairs = 0;
        for (k, g) in positions(6, 17).into_iter().enumerate() {
            for viewer in [Side::French, Side::Russian] {
                let tokens: Vec<BlockId> = g.side_blocks(viewer.other()).filter(|&b| g.is_token(b, viewer)).collect();
                let cand = &g.knowledge.cand[viewer.index()];
                let cinc = g.scen.cinc[side_index(viewer.other())];
                let Some((a, b)) = tokens.iter().enumerate().find_map(|(i, &a)| {
                    tokens[i + 1..].iter().find(|&&b| {
                        cand[a as usize] & bit(b) != 0 && cand[b as usize] & bit(a) != 0 && a != cinc && b != cinc && g.blocks[a as usize] != g.blocks[b as usize]
                    }).map(|&b| (a, b))
                }) else { continue };
                let mut to: Vec<BlockId> = g.all_blocks().collect();
                to.swap(a as usize, b as usize);
                let mut h = g.clone();
                h.relabel(&to);
                assert_ne!(h.blocks, g.blocks);
                assert_eq!(json(&h.view(viewer)), json(&g.view(viewer)), "the swap is hidden from {viewer}");
                let (dg, dh) = (g.determinize(viewer, 99 + k as u64), h.determinize(viewer, 99 + k as u64));
                for side in [Side::French, Side::Russian] {
                    assert_eq!(json(&dg.view(side)), json(&dh.view(side)), "position {k}, {viewer}: {side}'s view");
                }
                assert_eq!(json(&dg.prompt()), json(&dh.prompt()), "position {k}, {viewer}");
                assert_eq!(dg.blocks, dh.blocks);
                pairs += 1;
            }
        }
        assert!(pairs > 20, "only {pairs} pairs");
    }

    /// (c) different seeds draw different blocks; the viewer's own and the revealed stay.
    #[test]
    fn different_seeds_draw_different_blocks() {
        let g = BloodyMonday::new_game(super::super::BORODINO, &Default::default(), 3).unwrap();
        for viewer in [Side::French, Side::Russian] {
            let draws: Vec<Vec<super::super::BlockState>> = (0..8).map(|s| g.determinize(viewer, s).blocks).collect();
            assert!(draws.iter().any(|d| *d != draws[0]), "{viewer}: eight seeds, one draw");
            for d in &draws {
                for b in g.side_blocks(viewer) {
                    assert_eq!(d[b as usize], g.blocks[b as usize], "the viewer's own blocks stay");
                }
            }
            // At the start each token is drawn among its designation's colour and group.
            let d = g.determinize(viewer, 5);
            for b in g.side_blocks(viewer.other()) {
                if let Loc::Area(a) = g.blocks[b as usize].loc {
                    let now: Vec<BlockId> = d.units_in(a, viewer.other()).collect();
                    let was: Vec<BlockId> = g.units_in(a, viewer.other()).collect();
                    let key = |x: &BlockId| (d.scen.block(*x).colour, d.scen.block(*x).group);
                    let mut k1: Vec<_> = now.iter().map(key).collect();
                    let mut k2: Vec<_> = was.iter().map(key).collect();
                    k1.sort_by_key(|k| format!("{k:?}"));
                    k2.sort_by_key(|k| format!("{k:?}"));
                    assert_eq!(k1, k2, "area {}: the designations hold", a + 1);
                }
            }
        }
    }

    #[test]
    fn returns_and_heuristic_are_in_range() {
        for g in positions(3, 50) {
            for side in [Side::French, Side::Russian] {
                let h = g.heuristic(side);
                assert!((-1.0..=1.0).contains(&h));
                assert!((h + g.heuristic(side.other())).abs() < 1e-9, "zero-sum");
            }
            let r = g.reseeded(7);
            assert_eq!(json(&r.view(Side::French)), json(&g.view(Side::French)));
        }
    }
}
