//! The "NAC History Joker" card: reroll one of your own dice, in the Strategic or the Tempt
//! Fate mode. The Spanish player starts with it in both.
use super::action::{Event, Side};
use super::scenario::side_index;
use super::{Bailen, JokerMode};

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct JokerState {
    pub mode: JokerMode,
    pub holder: Option<Side>,
    /// The round in which the holder received the card.
    pub received: u8,
    /// Tempt Fate: the last round each side used it ([French, Spanish]).
    pub used_in: [u8; 2],
}

impl JokerState {
    pub fn new(mode: JokerMode) -> JokerState {
        JokerState {
            mode,
            holder: if mode == JokerMode::Off { None } else { Some(Side::Spanish) },
            received: 0,
            used_in: [0; 2],
        }
    }
}

impl Bailen {
    /// May `side` use the Joker on the roll it has just made?
    pub(crate) fn joker_usable(&self, side: Side) -> bool {
        let j = &self.joker;
        if j.holder != Some(side) {
            return false;
        }
        match j.mode {
            JokerMode::Off => false,
            // Tempt Fate: any moment, but once per round for each player.
            JokerMode::TemptFate => j.used_in[side_index(side)] != self.round,
            JokerMode::Strategic => match side {
                // The Spanish: before Castaños arrives (the card passes at his arrival).
                Side::Spanish => true,
                // The French: before round 12, or in the very round they receive it from R12 on.
                Side::French => {
                    if j.received >= 12 {
                        self.round == j.received
                    } else {
                        self.round < 12
                    }
                }
            },
        }
    }

    /// The Joker was used by `side`: it passes to the rival, or leaves the game.
    pub(crate) fn joker_used(&mut self, side: Side, ev: &mut Vec<Event>) {
        match self.joker.mode {
            JokerMode::Off => {}
            JokerMode::TemptFate => {
                self.joker.used_in[side_index(side)] = self.round;
                self.pass_joker(side.other(), ev);
            }
            JokerMode::Strategic => match side {
                Side::Spanish => self.pass_joker(Side::French, ev),
                Side::French => {
                    self.joker.holder = None;
                    ev.push(Event::JokerDiscarded);
                }
            },
        }
    }

    fn pass_joker(&mut self, to: Side, ev: &mut Vec<Event>) {
        self.joker.holder = Some(to);
        self.joker.received = self.round;
        ev.push(Event::JokerPassed { to });
    }

    /// Strategic: an unused card passes to the French when Castaños arrives.
    pub(crate) fn castanos_arrived(&mut self, ev: &mut Vec<Event>) {
        if self.joker.mode == JokerMode::Strategic && self.joker.holder == Some(Side::Spanish) {
            self.pass_joker(Side::French, ev);
        }
    }

    /// Strategic: the French lose an unused card at the end of round 11, or at the end of the
    /// round they received it in when that was round 12 or later (A30d).
    pub(crate) fn joker_round_end(&mut self, ev: &mut Vec<Event>) {
        if self.joker.mode == JokerMode::Strategic
            && self.joker.holder == Some(Side::French)
            && (self.joker.received >= 12 || self.round >= 11)
        {
            self.joker.holder = None;
            ev.push(Event::JokerDiscarded);
        }
    }
}
