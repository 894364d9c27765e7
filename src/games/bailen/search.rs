//! The search extension of the contract for Bailén: its two sides, scores at the end, a cheap
//! estimate before it, and copies with a fresh dice stream. Bailén has no hidden information,
//! so a determinization is the position itself with dice of its own.
use super::action::Side;
use super::scenario::{side_index, Kind};
use super::{Bailen, Place};
use crate::core::dice::Dice;
use crate::games::Search;

impl Search for Bailen {
    const SIDES: &'static [Side] = &[Side::French, Side::Spanish];

    fn returns(&self) -> Option<Vec<f64>> {
        self.outcome.as_ref().map(|o| o.returns(Self::SIDES))
    }

    /// Three things decide Bailén (Who Wins the Game?): the counters on the board (a side
    /// surrenders when the rival has more than double), the leaders (all lost is a surrender),
    /// and France's hold on the star hexes and Bailén before the end of round 15.
    fn heuristic(&self, side: Side) -> f64 {
        if let Some(r) = self.returns() {
            return r.get(side_index(side)).copied().unwrap_or(0.0);
        }
        let (mut on_board, mut leaders) = ([0f64; 2], [0f64; 2]);
        for (i, u) in self.units.iter().enumerate() {
            let c = &self.scen.counters[i];
            if c.kind == Kind::WaterCarrier {
                continue;
            }
            let s = side_index(c.side);
            if matches!(u.place, Place::OnMap(_)) {
                on_board[s] += 1.0;
            }
            if c.kind == Kind::Leader && !matches!(u.place, Place::Eliminated | Place::Deserted) {
                leaders[s] += 1.0;
            }
        }
        // French point of view first, each term in [-1, 1].
        let total = on_board[0] + on_board[1];
        let counters = if total > 0.0 { (on_board[0] - on_board[1]) / total } else { 0.0 };
        let leader_total = leaders[0] + leaders[1];
        let leader_term = if leader_total > 0.0 { (leaders[0] - leaders[1]) / leader_total } else { 0.0 };
        // Strategic victory: five French counters (not Vedel's) on the stars, no Spaniard on
        // them or in Bailén; time runs for Spain.
        let s = self.strategic_status();
        let held = (s.french_on_stars.min(5) as f64) / 5.0 / (1.0 + s.spanish_in_town_or_stars as f64);
        let time = (self.round.saturating_sub(1) as f64) / 14.0;
        let strategic = held - time;
        // Game Setup with `confirm_deployment`: a lift only spends time (the board has no
        // counters of the other side yet to answer), so each lift of this step costs its side
        // a little and the search places and confirms instead of shuffling its counters.
        let shuffling = match self.phase {
            super::sequence::Phase::Deployment { stage, lifts } => {
                let sign = if super::sequence::DEPLOY_STAGES[usize::from(stage).min(2)].0 == Side::French { -1.0 } else { 1.0 };
                sign * 0.1 * f64::from(lifts)
            }
            _ => 0.0,
        };
        let french = (0.5 * counters + 0.2 * leader_term + 0.3 * strategic + shuffling).clamp(-1.0, 1.0);
        match side {
            Side::French => french,
            Side::Spanish => -french,
        }
    }

    fn reseeded(&self, seed: u64) -> Self {
        let mut g = self.clone();
        // A fresh stream: scripted rolls are dropped with the old one.
        g.dice = Dice::seeded(seed);
        g
    }

    /// Both sides see the whole position (`view` is the same for both): only the dice to come
    /// are unknown, so they are drawn again.
    fn determinize(&self, viewer: Side, seed: u64) -> Self {
        let _ = viewer;
        self.reseeded(seed)
    }
}
