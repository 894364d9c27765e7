//! [Win] the three immediate victories (the enemy CinC killed, all 7 victory areas, 10
//! counting units destroyed: the morale track, 2.3b), the end of turn 4 with the draw rule
//! (1.1, 8.0), and Last Blood's victory points (10.0).
//!
//! The level of each kind of victory ([Win] has no graded victories, so the level follows how
//! the game was won): the three immediate victories A-C end the battle at once and are
//! `Decisive`; a win when turn 4 ends, on victory areas (8.0) or on Last Blood's points (10.0),
//! is a win at the end of time by a count and is `Marginal`; the 1.1 draw, D35 (both win at
//! once) and D34 (equal points) are `Draw`.
use super::action::Side;
use super::{BloodyMonday, Loc};
use crate::core::outcome::Level;
use serde::Serialize;
use tsify::Tsify;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
pub enum Victory {
    /// A: the enemy Commander-in-Chief was killed.
    CommanderKilled,
    /// B: all 7 victory areas.
    AllVictoryAreas,
    /// C: 10 counting enemy units destroyed.
    Morale,
    /// End of turn 4: more victory areas.
    VictoryAreas,
    /// Last Blood: more victory points.
    Points,
    /// 1.1 3 areas each and nobody holds the flèches; D35 both win at once; D34 equal points.
    Draw,
}

impl Victory {
    /// The level of a victory of this kind (see the module notes).
    pub fn level(self) -> Level {
        match self {
            // [Win] A, B, C: "a player wins immediately".
            Victory::CommanderKilled | Victory::AllVictoryAreas | Victory::Morale => Level::Decisive,
            // 8.0 / 10.0: more victory areas, or more points, when turn 4 ends.
            Victory::VictoryAreas | Victory::Points => Level::Marginal,
            Victory::Draw => Level::Draw,
        }
    }
}

/// How the game ended: the shared shape, with the winner, the level and this detail.
pub type Outcome = crate::core::outcome::Outcome<Side, Detail>;

/// Bloody Monday's detail of an outcome: how it was won and the counts behind it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bm")]
pub struct Detail {
    pub victory: Victory,
    pub turn: u8,
    /// Victory areas held [French, Russian] (the flèches count one, only all three).
    pub victory_areas: [u8; 2],
    /// Counting units lost [French, Russian] (the morale tracks).
    pub morale_losses: [u8; 2],
    /// Last Blood points [French, Russian].
    pub points: Option<[u16; 2]>,
}

impl BloodyMonday {
    fn outcome_with(&self, winner: Option<Side>, victory: Victory) -> Outcome {
        Outcome {
            winner,
            level: victory.level(),
            detail: Detail {
                victory,
                turn: self.turn,
                victory_areas: [self.victory_areas_held(Side::French), self.victory_areas_held(Side::Russian)],
                morale_losses: [self.morale_losses(Side::French), self.morale_losses(Side::Russian)],
                points: self.last_blood.then(|| [self.last_blood_points(Side::French), self.last_blood_points(Side::Russian)]),
            },
        }
    }

    /// Does `side` meet an immediate victory condition, and which?
    fn wins_now(&self, side: Side) -> Option<Victory> {
        let enemy = side.other();
        let ec = self.scen.cinc[enemy.index()];
        if self.blocks[ec as usize].loc == Loc::Destroyed {
            return Some(Victory::CommanderKilled);
        }
        let singles = self.scen.victory_areas.iter().all(|&a| self.control[a as usize] == side);
        if singles && self.holds_fleches(side) {
            return Some(Victory::AllVictoryAreas);
        }
        if self.morale_losses(enemy) >= 10 {
            return Some(Victory::Morale);
        }
        None
    }

    /// [Win] A-C, checked after every step; both at once is a draw (D35).
    pub(crate) fn immediate_victory(&self) -> Option<Outcome> {
        match (self.wins_now(Side::French), self.wins_now(Side::Russian)) {
            (Some(v), None) => Some(self.outcome_with(Some(Side::French), v)),
            (None, Some(v)) => Some(self.outcome_with(Some(Side::Russian), v)),
            (Some(_), Some(_)) => Some(self.outcome_with(None, Victory::Draw)),
            (None, None) => None,
        }
    }

    /// 10.0 Last Blood points of `side`: 3 for all three flèches, 2 a victory area, and for
    /// each destroyed enemy unit 5 (gold shield), 3 (silver), 2 (none) or 1 (jager, militia,
    /// cossack).
    pub fn last_blood_points(&self, side: Side) -> u16 {
        let areas = self.scen.victory_areas.iter().filter(|&&a| self.control[a as usize] == side).count() as u16;
        let fleches = if self.holds_fleches(side) { 3 } else { 0 };
        let kills: u16 = self
            .all_blocks()
            .filter(|&b| self.side_of(b) != side && self.blocks[b as usize].loc == Loc::Destroyed)
            .map(|b| self.scen.block(b).last_blood_points as u16)
            .sum();
        fleches + 2 * areas + kills
    }

    /// 8.0 the end of turn 4: more victory areas (or points in Last Blood) wins.
    pub(crate) fn end_of_game(&self) -> Outcome {
        if self.last_blood {
            let f = self.last_blood_points(Side::French);
            let r = self.last_blood_points(Side::Russian);
            return match f.cmp(&r) {
                std::cmp::Ordering::Greater => self.outcome_with(Some(Side::French), Victory::Points),
                std::cmp::Ordering::Less => self.outcome_with(Some(Side::Russian), Victory::Points),
                std::cmp::Ordering::Equal => self.outcome_with(None, Victory::Draw),
            };
        }
        let f = self.victory_areas_held(Side::French);
        let r = self.victory_areas_held(Side::Russian);
        match f.cmp(&r) {
            std::cmp::Ordering::Greater => self.outcome_with(Some(Side::French), Victory::VictoryAreas),
            std::cmp::Ordering::Less => self.outcome_with(Some(Side::Russian), Victory::VictoryAreas),
            // 1.1 three each with nobody holding all the flèches is a draw (the only tie).
            std::cmp::Ordering::Equal => self.outcome_with(None, Victory::Draw),
        }
    }
}
