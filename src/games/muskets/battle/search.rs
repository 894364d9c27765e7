//! The search extension of the contract for the Field Battle: its sides, scores, a cheap
//! heuristic, a fresh dice stream, and determinization (a complete battle drawn from what one
//! side knows, the enemy's secrets drawn again).
//!
//! What a side does not know of the enemy (SR 9.2.k, 9.2.m, 9.2.n, 9.2.j.2): which chits it
//! holds (only how many), whether its secret outflank roll succeeded, its Operational Control
//! result until it fights, and which counters stand face down in which section (only how many).
use super::action::{CuId, HqId, OptionKind, Side};
use super::scenario::{Arm, OutflankMode};
use super::sequence::Phase;
use super::{Battle, Place};
use crate::core::dice::Dice;
use crate::games::{Rules, Search};

/// A salt so that the draws of a determinization and its dice stream differ for one seed.
const DRAW_SALT: u64 = 0x6d75_736b_6574_7321;

/// Draws for a determinization: a die of the seeded stream.
struct Draw(Dice);

impl Draw {
    /// 0..n.
    fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        let n = n.min(255);
        (self.0.roll(n as u8) as usize - 1).min(n - 1)
    }
    /// A Fisher-Yates shuffle.
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
    /// True on `k` in 10.
    fn chance_in_ten(&mut self, k: u8) -> bool {
        self.0.roll(10) <= k
    }
}

impl Battle {
    /// The counters of `side` on the display whose identity `side.other()` has not seen, by
    /// kind: (HQs, infantry/cavalry CUs, artillery CUs). Eliminated counters are shown.
    fn face_down(&self, side: Side) -> (Vec<HqId>, Vec<CuId>, Vec<CuId>) {
        let on_display = |p: Place| matches!(p, Place::Display(_));
        let hqs = (0..self.hqs.len()).filter(|&h| self.scen.hqs[h].side == side && on_display(self.hqs[h].place) && !self.hqs[h].revealed).map(|h| h as HqId).collect();
        let cus = |art: bool| {
            (0..self.cus.len())
                .filter(|&u| self.scen.cus[u].side == side && on_display(self.cus[u].place) && !self.cus[u].revealed && (self.scen.cus[u].arm == Arm::Artillery) == art)
                .map(|u| u as CuId)
                .collect()
        };
        (hqs, cus(false), cus(true))
    }

    /// Deal the face-down counters of `side` again over the same places (the same number per
    /// section, each kind among its own places): the CiC's HQ stays in the Reserve (SR 9.2.k.6)
    /// and an HQ bound to the line stays in it (k.5).
    fn redeal_face_down(&mut self, side: Side, draw: &mut Draw) {
        let (hqs, infcav, art) = self.face_down(side);
        let slot = |p: Place| match p {
            Place::Display(s) => s.index(),
            _ => usize::MAX,
        };
        for ids in [infcav, art] {
            let mut places: Vec<Place> = ids.iter().map(|&u| self.cus[u as usize].place).collect();
            places.sort_by_key(|&p| slot(p));
            draw.shuffle(&mut places);
            for (&u, p) in ids.iter().zip(places) {
                self.cus[u as usize].place = p;
            }
        }
        let pinned = self.side(side).pinned_hq;
        let free: Vec<HqId> = hqs.into_iter().filter(|&h| Some(h) != pinned).collect();
        let mut places: Vec<Place> = free.iter().map(|&h| self.hqs[h as usize].place).collect();
        places.sort_by_key(|&p| slot(p));
        let sorted = places.clone();
        let fits = |b: &Battle, places: &[Place]| {
            free.iter().zip(places).all(|(&h, p)| !b.must_stay_in_line(h) || matches!(p, Place::Display(s) if s.is_line()))
        };
        for _ in 0..8 {
            draw.shuffle(&mut places);
            if fits(self, &places) {
                break;
            }
            places.clone_from(&sorted);
        }
        if !fits(self, &places) {
            // The one deal that always fits: the line-bound HQs first on the line places.
            let mut order: Vec<HqId> = free.clone();
            order.sort_by_key(|&h| !self.must_stay_in_line(h));
            let mut line: Vec<Place> = sorted.iter().copied().filter(|p| matches!(p, Place::Display(s) if s.is_line())).collect();
            line.extend(sorted.iter().copied().filter(|p| !matches!(p, Place::Display(s) if s.is_line())));
            for (&h, p) in order.iter().zip(line) {
                self.hqs[h as usize].place = p;
            }
            return;
        }
        for (&h, p) in free.iter().zip(places) {
            self.hqs[h as usize].place = p;
        }
    }

    /// Draw the enemy's secrets again from what `viewer` knows.
    fn redraw_secrets(&mut self, foe: Side, draw: &mut Draw) {
        let scen = self.scen.clone();
        // SR 9.2.j.2: the secret outflank roll, unless the Outflank was played (then it was
        // allowed) or the scenario decides it.
        if self.outflank_holder == Some(foe) && matches!(scen.outflank_mode, OutflankMode::Normal | OutflankMode::RollOff) && !self.side(foe).outflank_played && !matches!(self.phase, Phase::Start | Phase::TerrainRolls { .. } | Phase::Terrain { .. } | Phase::Wellington | Phase::Outflank) {
            let initiative = self.leader(self.side(foe).cic).initiative.min(10);
            let allowed = draw.chance_in_ten(initiative);
            self.side_mut(foe).outflank_allowed = allowed;
        }
        // SR 9.2.m: the chits, as many as it holds; a forced Outflank (D19) is known.
        let st = self.side(foe);
        let count = self.hand_size(foe);
        let forced = if scen.outflank_mode == OutflankMode::Forced && self.outflank_holder == Some(foe) { st.hand[OptionKind::Outflank.index()] } else { 0 };
        let mut hand = [0u8; 9];
        hand[OptionKind::Outflank.index()] = forced;
        let may_hold = |o: OptionKind, hand: &[u8; 9]| -> bool {
            let cap = match o {
                OptionKind::Outflank if forced > 0 => forced,
                OptionKind::Outflank if !st.outflank_allowed || st.outflank_played => 0,
                OptionKind::CavalryCharge if self.lisboa_lines() => 0,
                _ => scen.chits[o.index()],
            };
            hand[o.index()] < cap
        };
        for _ in forced..count {
            let open: Vec<OptionKind> = OptionKind::ALL.into_iter().filter(|&o| may_hold(o, &hand)).collect();
            if open.is_empty() {
                break;
            }
            let o = open[draw.below(open.len())];
            hand[o.index()] += 1;
        }
        // SR 9.2.n: the enemy's check, secret until it fights: passed or failed alike.
        let occ_done = self.side(foe).occ != 0;
        let occ_secret = occ_done && !self.side(foe).occ_revealed;
        let occ = if draw.chance_in_ten(5) { 1 } else { -2 };
        let st = self.side_mut(foe);
        st.hand = hand;
        if occ_secret {
            st.occ = occ;
        }
    }
}

impl Search for Battle {
    const SIDES: &'static [Side] = &[Side::Imperial, Side::Allied];

    fn returns(&self) -> Option<Vec<f64>> {
        self.outcome.as_ref().map(|o| o.returns(Self::SIDES))
    }

    /// Remaining Battle Endurance (SR 9.2.l: the side at 0 loses) weighs most, then the SP
    /// still in the battle: 0.7 × (own BEP share − enemy's) + 0.3 × the SP balance.
    fn heuristic(&self, side: Side) -> f64 {
        if let Some(r) = self.returns() {
            let i = Self::SIDES.iter().position(|&s| s == side).unwrap_or(0);
            return r.get(i).copied().unwrap_or(0.0);
        }
        let share = |s: Side| {
            let st = self.side(s);
            f64::from(st.bep.max(0)) / f64::from(st.bep_start.max(1))
        };
        let (mine, theirs) = (f64::from(self.side_sp(side)), f64::from(self.side_sp(side.other())));
        let sp = if mine + theirs > 0.0 { (mine - theirs) / (mine + theirs) } else { 0.0 };
        (0.7 * (share(side) - share(side.other())) + 0.3 * sp).clamp(-1.0, 1.0)
    }

    fn reseeded(&self, seed: u64) -> Self {
        let mut b = self.clone();
        b.dice = Dice::seeded(seed);
        b.prompt_cache.clear();
        b
    }

    fn determinize(&self, viewer: Side, seed: u64) -> Self {
        let mut b = self.reseeded(seed);
        let mut draw = Draw(Dice::seeded(seed ^ DRAW_SALT));
        let foe = viewer.other();
        b.redeal_face_down(foe, &mut draw);
        b.redraw_secrets(foe, &mut draw);
        // The opening's secret events were the enemy's; the drawn battle keeps only what the
        // viewer saw of them.
        let seen: Vec<_> = b.opening.iter().filter_map(|e| b.event_for(e, viewer)).collect();
        b.opening = std::sync::Arc::new(seen);
        b.prompt_cache.clear();
        b
    }
}
