//! Who Wins the Game? Surrender (more than double the counters, or all leaders lost),
//! France's strategic victory, and the end of round 15.
use super::action::Side;
use super::scenario::{side_index, STAR, TOWN};
use super::{Bailen, Place};
use crate::core::outcome::Level;
use serde::Serialize;
use tsify::Tsify;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
pub enum Victory {
    /// The loser had less than half the winner's counters on the board.
    Surrender,
    /// The loser lost all four leaders.
    AllLeadersLost,
    /// France holds the Royal Road's star hexes and Bailén.
    Strategic,
    /// Round 15 ended without a French strategic victory: Spain wins (A7).
    StrategicDefence,
}

/// How a game of Bailén ended, beyond the winner and the level: the kind of victory and the
/// counts behind it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
pub struct OutcomeDetail {
    pub victory: Victory,
    /// At the end of round 15, the side with more counters on the board (none if equal).
    pub partial: Option<Side>,
    pub round: u8,
    pub on_board: [usize; 2],
}

/// The end of a game of Bailén in the shape every ruleset shares: winner, level, detail.
pub type BailenOutcome = crate::core::outcome::Outcome<Side, OutcomeDetail>;
/// The Rust name of `BailenOutcome`.
pub type Outcome = BailenOutcome;

impl Victory {
    /// The level of this victory (`partial`: who has more counters at the end of round 15).
    ///
    /// Who Wins the Game?: surrender is the "total victory" of the text (the partial victory
    /// is the one that has "not achieved total victory"), and so is its other form, the loss of
    /// all leaders ("a player also surrenders immediately"); France's strategic victory is the
    /// other of the "2 ways to win this battle" and, like a surrender, ends the game at once:
    /// all three are decisive. Spain's strategic victory is only the end of time ("Victory
    /// will go to the Spanish if this does not happen"): marginal, or substantive when the
    /// Spanish also hold the partial victory (more counters on the board, A7).
    pub fn level(self, winner: Side, partial: Option<Side>) -> Level {
        match self {
            Victory::Surrender | Victory::AllLeadersLost | Victory::Strategic => Level::Decisive,
            Victory::StrategicDefence if partial == Some(winner) => Level::Substantive,
            Victory::StrategicDefence => Level::Marginal,
        }
    }
}

/// An outcome with its level.
fn outcome(winner: Side, victory: Victory, partial: Option<Side>, round: u8, on_board: [usize; 2]) -> Outcome {
    Outcome {
        winner: Some(winner),
        level: victory.level(winner, partial),
        detail: OutcomeDetail { victory, partial, round, on_board },
    }
}

/// How close France is to its strategic victory.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Bailen")]
pub struct StrategicStatus {
    /// French counters, not of Vedel's formation, on star hexes (5 needed).
    pub french_on_stars: usize,
    /// Spanish army counters on star hexes or in Bailén (0 needed).
    pub spanish_in_town_or_stars: usize,
    pub met: bool,
}

impl Bailen {
    pub(crate) fn strategic_status(&self) -> StrategicStatus {
        let vedel = self.scen.formation_named("Vedel");
        let french_on_stars = self
            .army_on_map(Side::French)
            .filter(|&(u, h)| self.scen.has(h, STAR) && self.counter(u).formation != vedel)
            .count();
        let spanish_in_town_or_stars =
            self.army_on_map(Side::Spanish).filter(|&(_, h)| self.scen.has(h, STAR | TOWN)).count();
        StrategicStatus {
            french_on_stars,
            spanish_in_town_or_stars,
            met: french_on_stars >= 5 && spanish_in_town_or_stars == 0,
        }
    }

    /// Surrender and strategic victory, checked after every change (A4).
    pub(crate) fn check_victory(&self) -> Option<Outcome> {
        // The counts kept with the board (`Derived`): it runs after every step.
        let d = &self.derived;
        let on_board = d.on_board.map(usize::from);
        let has_leaders = |side: Side| {
            self.tables.leaders_of[side_index(side)]
                .iter()
                .any(|&l| self.units.get(l as usize).is_some_and(|u| !matches!(u.place, Place::Eliminated | Place::Deserted)))
        };
        let (french_on_stars, spanish_in_town_or_stars) = (d.french_on_stars, d.spanish_in_town_or_stars);
        let done = |winner, victory| Some(outcome(winner, victory, None, self.round, on_board));
        for side in [Side::French, Side::Spanish] {
            let (own, rival) = (on_board[side_index(side)], on_board[side_index(side.other())]);
            // "forced to surrender when their rival has more than double the counters on the board"
            if rival > 2 * own {
                return done(side.other(), Victory::Surrender);
            }
            // "A player also surrenders immediately if they lose all of their leader counters."
            if !has_leaders(side) {
                return done(side.other(), Victory::AllLeadersLost);
            }
        }
        // Strategic victory: 5 non-Vedel French counters on the stars, no Spaniard there or in Bailén.
        if french_on_stars >= 5 && spanish_in_town_or_stars == 0 {
            return done(Side::French, Victory::Strategic);
        }
        None
    }

    /// After round 15: Spain wins strategically; the side with more counters a partial victory.
    pub(crate) fn final_outcome(&self) -> Outcome {
        let on_board = [self.on_board(Side::French), self.on_board(Side::Spanish)];
        let partial = match on_board[0].cmp(&on_board[1]) {
            std::cmp::Ordering::Greater => Some(Side::French),
            std::cmp::Ordering::Less => Some(Side::Spanish),
            std::cmp::Ordering::Equal => None,
        };
        outcome(Side::Spanish, Victory::StrategicDefence, partial, self.round, on_board)
    }
}
