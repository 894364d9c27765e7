//! One shape for the end of a game, common to every ruleset: the winner, the level of victory,
//! and the ruleset's own detail (how it was won, the counts behind it).
use serde::Serialize;
use tsify::Tsify;

/// The level of a victory, from the rulebook's own words mapped onto one scale. Rulesets with
/// a single kind of victory use `Decisive`; a game that ends with no winner is a `Draw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object)]
pub enum Level {
    Draw,
    /// A narrow win (a "marginal" or "minor" victory, a win on points at the end of time).
    Marginal,
    /// A clear win that is not the rulebook's highest.
    Substantive,
    /// The rulebook's highest victory (sudden death, surrender, the enemy army broken).
    Decisive,
}

impl Level {
    /// The winner's score in [0, 1] for a search (the loser gets its negative).
    pub fn score(self) -> f64 {
        match self {
            Level::Draw => 0.0,
            Level::Marginal => 0.5,
            Level::Substantive => 0.75,
            Level::Decisive => 1.0,
        }
    }
}

/// How a game ended: the winner (None for a draw), the level, and the ruleset's detail.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object)]
pub struct Outcome<Side, Detail> {
    pub winner: Option<Side>,
    pub level: Level,
    pub detail: Detail,
}

impl<Side: PartialEq + Copy, Detail> Outcome<Side, Detail> {
    /// A score per side in [-1, 1], in the order of `sides`: the winner +level, every other
    /// side -level, everyone 0 in a draw.
    pub fn returns(&self, sides: &[Side]) -> Vec<f64> {
        let s = self.level.score();
        sides
            .iter()
            .map(|side| match self.winner {
                None => 0.0,
                Some(w) if w == *side => s,
                Some(_) => -s,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn returns_are_zero_sum_and_follow_the_level() {
        let o = Outcome { winner: Some(1u8), level: Level::Marginal, detail: () };
        assert_eq!(o.returns(&[0, 1]), vec![-0.5, 0.5]);
        let draw = Outcome { winner: None::<u8>, level: Level::Draw, detail: () };
        assert_eq!(draw.returns(&[0, 1]), vec![0.0, 0.0]);
    }
}
