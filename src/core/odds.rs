//! Exact odds: one distribution type for every ruleset, the page and a computer opponent.
//!
//! A `Distribution` lists outcomes with integer weights over a denominator (the weights sum to
//! it), so "2 in 6" stays 2 in 6: no floating point, and two machines agree bit for bit.
//! Weights are kept in lowest terms (divided by their greatest common divisor) and below 2^53,
//! so that JavaScript reads them exactly.
use serde::Serialize;
use tsify::Tsify;

/// The largest weight or denominator a distribution may hold: JavaScript's safe integers.
pub const MAX_WEIGHT: u64 = (1 << 53) - 1;

/// The cases of a rounded distribution (`Distribution::combine_or_round`): 10^15, the largest
/// power of ten below `MAX_WEIGHT`, so that the rounded odds still read as exact decimals.
pub const ROUNDED_DENOMINATOR: u64 = 1_000_000_000_000_000;

/// One outcome and how many of the denominator's equally likely cases give it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object)]
pub struct Weighted<O> {
    pub outcome: O,
    pub weight: u64,
}

/// An exact probability distribution over outcomes `O`: `weight / denominator` each.
/// Outcomes are distinct and listed in the order they were first produced; an outcome of
/// weight 0 may be listed (so that the page can show "impossible" results).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object)]
pub struct Distribution<O> {
    pub denominator: u64,
    pub outcomes: Vec<Weighted<O>>,
}

/// Why a distribution could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OddsError {
    /// No case at all (every weight 0).
    Empty,
    /// The exact weights do not fit in JavaScript's safe integers.
    TooFine,
}

impl std::fmt::Display for OddsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OddsError::Empty => write!(f, "a distribution needs at least one possible outcome"),
            OddsError::TooFine => write!(f, "the exact odds need more than 2^53 cases"),
        }
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl<O: PartialEq> Distribution<O> {
    /// One outcome for sure.
    pub fn certain(outcome: O) -> Self {
        Distribution { denominator: 1, outcomes: vec![Weighted { outcome, weight: 1 }] }
    }

    /// Outcomes with weights; equal outcomes are merged, the denominator is the sum, and the
    /// weights are reduced to lowest terms.
    pub fn from_weights(weights: impl IntoIterator<Item = (O, u64)>) -> Result<Self, OddsError> {
        let mut outcomes: Vec<Weighted<O>> = Vec::new();
        let mut denominator: u64 = 0;
        for (outcome, weight) in weights {
            denominator = denominator.checked_add(weight).filter(|d| *d <= MAX_WEIGHT).ok_or(OddsError::TooFine)?;
            match outcomes.iter_mut().find(|w| w.outcome == outcome) {
                Some(w) => w.weight += weight,
                None => outcomes.push(Weighted { outcome, weight }),
            }
        }
        if denominator == 0 {
            return Err(OddsError::Empty);
        }
        let mut d = Distribution { denominator, outcomes };
        d.reduce();
        Ok(d)
    }

    /// Each face of one die of `sides` faces (1..=sides), mapped to its outcome.
    pub fn die(sides: u8, mut outcome_of: impl FnMut(u8) -> O) -> Self {
        let sides = sides.max(1);
        Self::from_weights((1..=sides).map(|f| (outcome_of(f), 1))).unwrap_or_else(|_| Self::certain(outcome_of(1)))
    }

    /// Divide every weight and the denominator by their greatest common divisor.
    fn reduce(&mut self) {
        let g = self.outcomes.iter().fold(self.denominator, |g, w| gcd(g, w.weight));
        if g > 1 {
            self.denominator /= g;
            for w in &mut self.outcomes {
                w.weight /= g;
            }
        }
    }

    /// The distribution of `f(outcome)`.
    pub fn map<P: PartialEq>(&self, mut f: impl FnMut(&O) -> P) -> Distribution<P> {
        let mut outcomes: Vec<Weighted<P>> = Vec::new();
        for w in &self.outcomes {
            let outcome = f(&w.outcome);
            match outcomes.iter_mut().find(|x| x.outcome == outcome) {
                Some(x) => x.weight += w.weight,
                None => outcomes.push(Weighted { outcome, weight: w.weight }),
            }
        }
        let mut d = Distribution { denominator: self.denominator, outcomes };
        d.reduce();
        d
    }

    /// The distribution of `f(a, b)` for independent `a` from self and `b` from `other`.
    pub fn combine<P: PartialEq, Q: PartialEq>(&self, other: &Distribution<P>, mut f: impl FnMut(&O, &P) -> Q) -> Result<Distribution<Q>, OddsError> {
        self.denominator.checked_mul(other.denominator).filter(|d| *d <= MAX_WEIGHT).ok_or(OddsError::TooFine)?;
        let mut pairs = Vec::with_capacity(self.outcomes.len() * other.outcomes.len());
        for a in &self.outcomes {
            for b in &other.outcomes {
                pairs.push((f(&a.outcome, &b.outcome), a.weight * b.weight));
            }
        }
        Distribution::from_weights(pairs)
    }

    /// `combine`, or, where the exact odds need more than 2^53 cases (a sum over many dice:
    /// a Recover of 16 or more CUs is 10^16 cases), the same distribution rounded to
    /// `ROUNDED_DENOMINATOR` cases by largest remainder; the flag says it was rounded. An
    /// outcome too rare for the rounded cases stays listed with weight 0.
    pub fn combine_or_round<P: PartialEq, Q: PartialEq>(&self, other: &Distribution<P>, mut f: impl FnMut(&O, &P) -> Q) -> Result<(Distribution<Q>, bool), OddsError> {
        if self.denominator.checked_mul(other.denominator).is_some_and(|d| d <= MAX_WEIGHT) {
            return Ok((self.combine(other, f)?, false));
        }
        // The exact weights, each below 2^106, in u128.
        let mut exact: Vec<(Q, u128)> = Vec::new();
        for a in &self.outcomes {
            for b in &other.outcomes {
                let (q, w) = (f(&a.outcome, &b.outcome), u128::from(a.weight) * u128::from(b.weight));
                match exact.iter_mut().find(|x| x.0 == q) {
                    Some(x) => x.1 += w,
                    None => exact.push((q, w)),
                }
            }
        }
        Ok((Distribution::rounded(exact)?, true))
    }

    /// Outcomes with weights in u128 (the cases of many dice together): `from_weights` when
    /// they fit in 2^53 cases once reduced, else rounded to `ROUNDED_DENOMINATOR` cases as
    /// `combine_or_round` does; the flag says it was rounded.
    pub fn from_wide_weights(weights: impl IntoIterator<Item = (O, u128)>) -> Result<(Self, bool), OddsError> {
        let mut exact: Vec<(O, u128)> = Vec::new();
        for (outcome, weight) in weights {
            match exact.iter_mut().find(|x| x.0 == outcome) {
                Some(x) => x.1 += weight,
                None => exact.push((outcome, weight)),
            }
        }
        let total: u128 = exact.iter().map(|x| x.1).sum();
        if total <= u128::from(MAX_WEIGHT) {
            // Each weight is at most the total.
            return Ok((Distribution::from_weights(exact.into_iter().map(|(o, w)| (o, w as u64)))?, false));
        }
        let gcd128 = |mut a: u128, mut b: u128| {
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a
        };
        let g = exact.iter().fold(total, |g, x| gcd128(g, x.1)).max(1);
        if total / g <= u128::from(MAX_WEIGHT) {
            // Each weight is at most the total, so each fits too.
            return Ok((Distribution::from_weights(exact.into_iter().map(|(o, w)| (o, (w / g) as u64)))?, false));
        }
        Ok((Distribution::rounded(exact)?, true))
    }

    /// Exact weights rounded to `ROUNDED_DENOMINATOR` cases by largest remainder (the first
    /// listed on a tie); an outcome too rare for the rounded cases stays listed with weight 0.
    fn rounded(exact: Vec<(O, u128)>) -> Result<Self, OddsError> {
        let total: u128 = exact.iter().map(|x| x.1).sum();
        if total == 0 {
            return Err(OddsError::Empty);
        }
        // Scale to below 2^64 so that weight * ROUNDED_DENOMINATOR fits in u128.
        let shift = (128 - total.leading_zeros()).saturating_sub(64);
        let t = total >> shift;
        let d = u128::from(ROUNDED_DENOMINATOR);
        let mut floors: Vec<(u64, u128)> = exact.iter().map(|x| (((x.1 >> shift) * d / t) as u64, (x.1 >> shift) * d % t)).collect();
        let mut left = ROUNDED_DENOMINATOR.saturating_sub(floors.iter().map(|x| x.0).sum());
        // The cases left go one each to the largest remainders (the first listed on a tie).
        let mut order: Vec<usize> = (0..floors.len()).collect();
        order.sort_by(|&i, &j| floors[j].1.cmp(&floors[i].1).then(i.cmp(&j)));
        while left > 0 {
            for &i in &order {
                if left == 0 {
                    break;
                }
                floors[i].0 += 1;
                left -= 1;
            }
        }
        let outcomes = exact.into_iter().zip(floors).map(|((outcome, _), (weight, _))| Weighted { outcome, weight }).collect();
        let mut rounded = Distribution { denominator: ROUNDED_DENOMINATOR, outcomes };
        rounded.reduce();
        Ok(rounded)
    }

    /// The weight of the outcomes that satisfy `pred`, over the denominator.
    pub fn chance(&self, mut pred: impl FnMut(&O) -> bool) -> (u64, u64) {
        let n = self.outcomes.iter().filter(|w| pred(&w.outcome)).map(|w| w.weight).sum();
        (n, self.denominator)
    }

    /// The weight of one outcome (0 if it is not listed).
    pub fn weight_of(&self, outcome: &O) -> u64 {
        self.outcomes.iter().find(|w| w.outcome == *outcome).map_or(0, |w| w.weight)
    }

    /// The probability of each outcome as a float, for a search's arithmetic and for display
    /// only (never for a rule).
    pub fn probabilities(&self) -> impl Iterator<Item = (&O, f64)> {
        let d = self.denominator as f64;
        self.outcomes.iter().map(move |w| (&w.outcome, w.weight as f64 / d))
    }
}

impl Distribution<u32> {
    /// The number of successes of independent dice, die `i` succeeding on `hits[i]` of
    /// `sides[i]` faces (the binomial-like sum of Bloody Monday's blocks or any pool of dice).
    pub fn successes(dice: impl IntoIterator<Item = (u8, u8)>) -> Result<Self, OddsError> {
        let mut d = Distribution::certain(0u32);
        for (hits, sides) in dice {
            let sides = sides.max(1);
            let one = Distribution::from_weights([(1u32, u64::from(hits.min(sides))), (0, u64::from(sides - hits.min(sides)))])?;
            d = d.combine(&one, |a, b| a + b)?;
        }
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_die_is_uniform_and_reduced() {
        let d = Distribution::die(6, |f| f >= 5);
        assert_eq!(d.denominator, 3);
        assert_eq!(d.weight_of(&true), 1);
        assert_eq!(d.weight_of(&false), 2);
    }

    #[test]
    fn two_dice_sum() {
        let one = Distribution::die(6, u32::from);
        let two = one.combine(&one, |a, b| a + b).unwrap();
        assert_eq!(two.denominator, 36);
        assert_eq!(two.weight_of(&7), 6);
        assert_eq!(two.weight_of(&2), 1);
        assert_eq!(two.outcomes.len(), 11);
    }

    #[test]
    fn successes_of_mixed_dice() {
        // One die hitting on 1 in 6, one on 3 in 6: P(0) = 5/6 * 3/6 = 15/36 = 5/12.
        let d = Distribution::successes([(1, 6), (3, 6)]).unwrap();
        assert_eq!(d.denominator, 12);
        assert_eq!(d.weight_of(&0), 5);
        assert_eq!(d.weight_of(&1), 6);
        assert_eq!(d.weight_of(&2), 1);
    }

    #[test]
    fn too_many_cases_are_refused() {
        let many = std::iter::repeat_n((1u8, 6u8), 21);
        assert_eq!(Distribution::successes(many), Err(OddsError::TooFine));
        assert_eq!(Distribution::<u8>::from_weights([(1, 0)]), Err(OddsError::Empty));
    }

    #[test]
    fn map_merges_and_chance_counts() {
        let d = Distribution::die(10, |f| f).map(|f| if *f <= 3 { "low" } else { "high" });
        assert_eq!(d.denominator, 10);
        assert_eq!(d.chance(|o| *o == "low"), (3, 10));
    }

    #[test]
    fn combine_or_round_is_exact_while_it_can_be_and_rounds_past_2_53_cases() {
        let d10 = Distribution::die(10, |f| u32::from(f <= 3));
        let (mut d, mut rounded) = (Distribution::certain(0u32), false);
        for _ in 0..15 {
            let (next, r) = d.combine_or_round(&d10, |a, b| a + b).expect("odds");
            (d, rounded) = (next, rounded || r);
        }
        assert!(!rounded, "10^15 cases are exact");
        // Exactly: no success in 15 dice is 7^15 of 10^15.
        assert_eq!(u128::from(d.weight_of(&0)) * 10u128.pow(15), 7u128.pow(15) * u128::from(d.denominator));
        let (d16, r) = d.combine_or_round(&d10, |a, b| a + b).expect("odds");
        assert!(r, "10^16 cases are rounded");
        assert_eq!(d16.outcomes.iter().map(|w| w.weight).sum::<u64>(), d16.denominator);
        assert!(d16.denominator <= ROUNDED_DENOMINATOR);
        // No success in 16: 7^16 / 10^16 = 0.0332329..., rounded to 10^15 cases.
        let zero = d16.weight_of(&0) as u128 * (ROUNDED_DENOMINATOR / d16.denominator) as u128;
        assert!(zero == 7u128.pow(16) / 10 || zero == 7u128.pow(16) / 10 + 1, "{zero}");
        // All 16 succeed: 3^16 / 10^16 = 4.3e-9, still listed.
        assert!(d16.weight_of(&16) > 0);
        assert_eq!(d16.outcomes.len(), 17);
    }

    #[test]
    fn wide_weights_are_exact_once_reduced_and_rounded_past_2_53_cases() {
        // 3 in 10^20 and the rest: 10^20 cases do not reduce, so they are rounded; the rare
        // outcome stays listed with weight 0.
        let big = 10u128.pow(20);
        let (d, r) = Distribution::from_wide_weights([(true, 3), (false, big - 3)]).expect("odds");
        assert!(r);
        assert_eq!((d.weight_of(&true), d.weight_of(&false), d.outcomes.len()), (0, d.denominator, 2));
        // 3 in 10^16 rounds to 3 in 10^15 tenths: 0.3 of a case, and 4 in 10^16 to 0.4.
        let (d, r) = Distribution::from_wide_weights([(0u8, 3 * 10u128.pow(15) + 3), (1, 10u128.pow(16) - 3 * 10u128.pow(15) - 3)]).expect("odds");
        assert!(r);
        assert_eq!(d.weight_of(&0) * (ROUNDED_DENOMINATOR / d.denominator), 3 * 10u64.pow(14));
        // 10^20 cases in halves reduce to 2: exact.
        let (d, r) = Distribution::from_wide_weights([(1u8, big / 4), (2, big / 4), (1, big / 2)]).expect("odds");
        assert!(!r);
        assert_eq!((d.denominator, d.weight_of(&1), d.weight_of(&2)), (4, 3, 1));
        assert_eq!(Distribution::<u8>::from_wide_weights([(1, 0)]), Err(OddsError::Empty));
    }
}
