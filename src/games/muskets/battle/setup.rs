//! Public setup: a battle from a plain description (a built-in scenario or a `BattleData` the
//! campaign hands over), optionally a position in Combat Resolution (counters in sections,
//! hands, Battle Endurance, Operational Control results, round), with scripted dice. Rulebook
//! examples are tests through it.
use super::action::{Counter, OptionKind, Section, Side, Terrain};
use super::scenario::{BattleData, Scenario};
use super::sequence::Phase;
use super::{Battle, Options, Place};
use crate::core::dice::Dice;
use crate::games::GameError;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tsify::Tsify;

/// A counter placed in a section, by its printed name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct Placement {
    pub counter: String,
    pub section: Section,
    /// Its identity is already shown to the enemy.
    #[serde(default)]
    pub revealed: bool,
}

/// A position in Combat Resolution (SR 9.2.o).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
pub struct Position {
    /// Every counter in the battle, by name; counters not listed are in the Reserve.
    pub placements: Vec<Placement>,
    /// Chits in hand per side.
    pub hands: Vec<(Side, Vec<OptionKind>)>,
    /// Battle Endurance left per side (default: as computed by SR 9.2.l).
    #[serde(default)]
    pub bep: Vec<(Side, i16)>,
    /// Operational Control Check passed (default true).
    #[serde(default)]
    pub occ_passed: Vec<(Side, bool)>,
    /// Extra terrain layouts on top of the battle's fixed terrain.
    #[serde(default)]
    pub terrain: Vec<(Side, Section, Terrain)>,
    /// Sides allowed to take/play Outflank.
    #[serde(default)]
    pub outflank_allowed: Vec<Side>,
    /// The round and the side to play (default: round 1, the attacker).
    #[serde(default)]
    pub round: Option<u16>,
    #[serde(default)]
    pub turn: Option<Side>,
}

/// A plain, public description of a Field Battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object, type_prefix = "Battle")]
#[serde(default)]
pub struct Setup {
    /// A built-in scenario id, used when `battle` is absent.
    pub scenario: String,
    /// A battle described in full (what the campaign hands over).
    pub battle: Option<BattleData>,
    pub options: Options,
    pub seed: u64,
    /// Dice (d10) to roll first, in order, then the seeded stream.
    pub dice: Vec<u8>,
    pub position: Option<Position>,
}

impl Default for Setup {
    fn default() -> Self {
        Setup { scenario: super::DEFAULT_SCENARIO.to_string(), battle: None, options: Options::default(), seed: 0, dice: Vec::new(), position: None }
    }
}

impl Battle {
    /// Validate a setup into a game. Errors name the field, the side and the counter.
    pub fn from_setup(s: &Setup) -> Result<Battle, GameError> {
        let err = |m: String| GameError::Setup(m);
        let scen = match &s.battle {
            Some(b) => Arc::new(Scenario::from_data(b).map_err(|e| err(format!("battle: {e}")))?),
            None => Scenario::built_in(&s.scenario).map_err(err)?,
        };
        if let Some(bad) = s.dice.iter().find(|&&d| !(1..=10).contains(&d)) {
            return Err(err(format!("dice: {bad} is not a face of a d10")));
        }
        let dice = Dice::scripted(s.seed, &s.dice);
        let Some(pos) = &s.position else {
            return Ok(Battle::start(scen, s.options.clone(), dice));
        };
        let mut g = Battle::blank(scen.clone(), s.options.clone(), dice);
        let mut ev = Vec::new();
        // Commanders (SR 9.2.h) as the battle would name them.
        g.phase = Phase::Start;
        for side in Side::BOTH {
            let c = g.determine_command(side);
            let st = g.side_mut(side);
            st.command = c.command;
            st.cic = c.cic;
            st.joint = c.joint;
            st.pinned_hq = c.pinned;
        }
        for c in g.all_present() {
            g.set_place(c, Place::Display(Section::Reserve));
        }
        for (k, p) in pos.placements.iter().enumerate() {
            let at = format!("position.placements[{k}] ({})", p.counter);
            let c = g.counter_by_name(&p.counter).ok_or_else(|| err(format!("{at}: no counter of that name in the battle")))?;
            if g.place(c) == Place::Adjacent {
                return Err(err(format!("{at}: it is in an adjacent zone, not in the battle")));
            }
            if pos.placements[..k].iter().any(|q| q.counter == p.counter) {
                return Err(err(format!("{at}: placed twice")));
            }
            g.set_place(c, Place::Display(p.section));
            if p.revealed {
                match c {
                    Counter::Hq(h) => g.hqs[h as usize].revealed = true,
                    Counter::Cu(u) => g.cus[u as usize].revealed = true,
                }
            }
        }
        for &(side, section, t) in &pos.terrain {
            if section == Section::Reserve {
                return Err(err("position.terrain: no layout in the Reserve".into()));
            }
            g.side_mut(side).terrain[section.index()] = Some(t);
        }
        // Battle Endurance (SR 9.2.l) unless given.
        g.endurance(&mut ev);
        for &(side, b) in &pos.bep {
            let st = g.side_mut(side);
            if b < 1 || b > st.bep_start {
                return Err(err(format!("position.bep: {side} {b} is not within 1..={}", st.bep_start)));
            }
            st.bep = b;
        }
        for &(side, ref chits) in &pos.hands {
            let mut hand = [0u8; 9];
            for &o in chits {
                hand[o.index()] += 1;
                if hand[o.index()] > scen.chits[o.index()] {
                    return Err(err(format!("position.hands: {side} holds more {o} chits than the {} supplied", scen.chits[o.index()])));
                }
            }
            let st = g.side_mut(side);
            st.hand = hand;
            st.chosen = chits.len() as u8;
            st.limit = chits.len() as u8;
        }
        for side in Side::BOTH {
            let passed = pos.occ_passed.iter().find(|x| x.0 == side).is_none_or(|x| x.1);
            let st = g.side_mut(side);
            st.occ = if passed { 1 } else { -2 };
            st.outflank_allowed = pos.outflank_allowed.contains(&side);
            if st.hand[OptionKind::Outflank.index()] > 0 && !st.outflank_allowed {
                return Err(err(format!("position.hands: {side} holds Outflank but is not in outflank_allowed")));
            }
            if st.hand[OptionKind::CavalryCharge.index()] > 0 && g.lisboa_lines() {
                return Err(err(format!("position.hands: {side} holds Cavalry Charge, which no one may use behind the Lisboa Lines (ER 3.1.d.6)")));
            }
        }
        g.outflank_holder = pos.outflank_allowed.first().copied();
        g.round = pos.round.unwrap_or(1).max(1);
        let turn = pos.turn.unwrap_or(scen.attacker);
        g.phase = Phase::Turn { side: turn, must: false };
        g.outcome = None;
        g.run(&mut ev);
        g.opening = Arc::new(ev);
        Ok(g)
    }

    fn all_present(&self) -> Vec<Counter> {
        let hqs = (0..self.hqs.len()).filter(|&h| self.hqs[h].place == Place::Undeployed).map(|h| Counter::Hq(h as u8));
        let cus = (0..self.cus.len()).filter(|&u| self.cus[u].place == Place::Undeployed).map(|u| Counter::Cu(u as u8));
        hqs.chain(cus).collect()
    }

    /// A counter by its printed name (CU counter name, or HQ name), or by "name (leader)"
    /// where two counters share a printed name (BS6's "ID Sp (Longa)"); the first of a shared
    /// name answers to the name alone.
    pub fn counter_by_name(&self, name: &str) -> Option<Counter> {
        let full = |n: &str, l: &str| name.strip_prefix(n).and_then(|r| r.strip_prefix(" (")).and_then(|r| r.strip_suffix(')')) == Some(l);
        let cu = |exact: bool| self.scen.cus.iter().position(|c| if exact { c.name == name } else { full(&c.name, &c.leader.name) });
        let hq = |exact: bool| self.scen.hqs.iter().position(|h| if exact { h.name == name } else { full(&h.name, &h.leader.name) });
        (cu(true).map(|u| Counter::Cu(u as u8)))
            .or_else(|| hq(true).map(|h| Counter::Hq(h as u8)))
            .or_else(|| cu(false).map(|u| Counter::Cu(u as u8)))
            .or_else(|| hq(false).map(|h| Counter::Hq(h as u8)))
    }
}


impl Battle {
    /// The setup of a battle-data file from outside the built-in list (a publisher's or a
    /// modder's variant): `text` is a `BattleData` in JSON (the plain description the campaign
    /// hands over), validated exactly as the built-in battles are. Errors name the file, then
    /// the side, HQ, CU and field. A game started from it saves and replays as this setup
    /// (`Match::from_setup`).
    pub fn scenario_file_setup(file_name: &str, text: &str, options: &Options, seed: u64) -> Result<Setup, GameError> {
        let data: BattleData = serde_json::from_str(text).map_err(|e| GameError::Setup(format!("{file_name}: {e}")))?;
        Scenario::from_data(&data).map_err(|e| GameError::Setup(format!("{file_name}: {e}")))?;
        Ok(Setup { scenario: data.id.clone(), battle: Some(data), options: options.clone(), seed, dice: Vec::new(), position: None })
    }

    /// A new battle from a battle-data file from outside the built-in list (see
    /// `scenario_file_setup`), at step h like a built-in scenario.
    pub fn from_scenario_file(file_name: &str, text: &str, options: &Options, seed: u64) -> Result<Battle, GameError> {
        Battle::from_setup(&Battle::scenario_file_setup(file_name, text, options, seed)?)
    }
}
