//! Bailén's actions in a saved string: a dense bit code of each action itself, so that a whole
//! game (often over a thousand actions) stays a short string to mail.
//!
//! An action is its variant, then its fields, in the order the variant declares them:
//! - the variant: one bit 1 when it is the variant that followed the previous action's variant
//!   last time (a Movement "select" is nearly always followed by "move to"), else 0 and its
//!   number in `TAGS` (5 bits);
//! - a counter: `0` the counter named last, `10` the one after it, `11` and 8 bits;
//! - a hex: its printed column and row, 7 bits each;
//! - a side: 1 bit (French 0); a die of the Joker: 3 bits.
//!
//! `TAGS` only grows at its end: a variant's number never changes, so old strings stay readable.
use super::action::{Action, Side, UnitId};
use crate::core::action_code::{BitReader, BitWriter, DecodeError};
use crate::core::hex::Hex;

/// The variants, numbered for the code. Append only.
const TAGS: [&str; 30] = [
    "Deploy", "FirstPlayer", "UseJoker", "KeepRoll", "Enter", "PlaceWaterCarrier", "ActivateLeader", "SelectMover",
    "MoveTo", "CancelMove", "EndMovement", "Attack", "SecondAttack", "SingleAttack", "Support", "NoSupport",
    "EndReaction", "EndCombat", "TacticalRetreat", "StandFast", "Retreat", "Advance", "NoAdvance", "NoChainedAttack",
    "Pursue", "EndPursuit", "Reorganize", "EndTurn", "LiftDeployed", "ConfirmDeployment",
];

fn tag(a: &Action) -> usize {
    use Action::*;
    match a {
        Deploy { .. } => 0,
        FirstPlayer { .. } => 1,
        UseJoker { .. } => 2,
        KeepRoll => 3,
        Enter { .. } => 4,
        PlaceWaterCarrier { .. } => 5,
        ActivateLeader { .. } => 6,
        SelectMover { .. } => 7,
        MoveTo { .. } => 8,
        CancelMove { .. } => 9,
        EndMovement => 10,
        Attack { .. } => 11,
        SecondAttack { .. } => 12,
        SingleAttack { .. } => 13,
        Support { .. } => 14,
        NoSupport => 15,
        EndReaction => 16,
        EndCombat => 17,
        TacticalRetreat { .. } => 18,
        StandFast { .. } => 19,
        Retreat { .. } => 20,
        Advance { .. } => 21,
        NoAdvance => 22,
        NoChainedAttack => 23,
        Pursue { .. } => 24,
        EndPursuit => 25,
        Reorganize { .. } => 26,
        EndTurn => 27,
        LiftDeployed { .. } => 28,
        ConfirmDeployment => 29,
    }
}

/// What both sides of the code remember: the variant that followed each variant last, and the
/// counter named last.
struct Context {
    follows: [Option<usize>; TAGS.len()],
    previous: Option<usize>,
    unit: UnitId,
}

impl Context {
    fn new() -> Self {
        Context { follows: [None; TAGS.len()], previous: None, unit: 0 }
    }
    fn predicted(&self) -> Option<usize> {
        self.previous.and_then(|p| self.follows[p])
    }
    fn saw(&mut self, t: usize) {
        if let Some(p) = self.previous {
            self.follows[p] = Some(t);
        }
        self.previous = Some(t);
    }
}

struct Writer {
    w: BitWriter,
    cx: Context,
}

impl Writer {
    fn unit(&mut self, u: UnitId) {
        if u == self.cx.unit {
            self.w.bit(false);
        } else if u == self.cx.unit.wrapping_add(1) {
            self.w.bits(2, 0b10);
        } else {
            self.w.bits(2, 0b11);
            self.w.bits(8, u32::from(u));
        }
        self.cx.unit = u;
    }
    fn hex(&mut self, h: Hex) {
        // Every hex an action names has a four-digit label (columns and rows 1..=99).
        let (c, r) = h.column_row();
        self.w.bits(7, c.clamp(0, 127) as u32);
        self.w.bits(7, r.clamp(0, 127) as u32);
    }
}

/// The actions of a game in Bailén's dense code.
pub fn encode(actions: &[Action]) -> Vec<u8> {
    use Action::*;
    let mut out = Writer { w: BitWriter::default(), cx: Context::new() };
    for a in actions {
        let t = tag(a);
        if out.cx.predicted() == Some(t) {
            out.w.bit(true);
        } else {
            out.w.bit(false);
            out.w.bits(5, t as u32);
        }
        out.cx.saw(t);
        match *a {
            Deploy { unit, to } | Enter { unit, to } | MoveTo { unit, to } | Advance { unit, to } => {
                out.unit(unit);
                out.hex(to);
            }
            FirstPlayer { side } => out.w.bit(side == Side::Spanish),
            UseJoker { die } => out.w.bits(3, u32::from(die.min(7))),
            PlaceWaterCarrier { to } => out.hex(to),
            ActivateLeader { leader: unit } | SelectMover { unit } | CancelMove { unit } | SingleAttack { unit }
            | Support { supporter: unit } | StandFast { unit } | LiftDeployed { unit } => out.unit(unit),
            Attack { unit, target } | SecondAttack { unit, target } | Reorganize { leader: unit, unit: target } => {
                out.unit(unit);
                out.unit(target);
            }
            TacticalRetreat { unit, via, to } | Retreat { unit, via, to } => {
                out.unit(unit);
                out.hex(via);
                out.hex(to);
            }
            Pursue { unit, target, to } => {
                out.unit(unit);
                out.unit(target);
                out.hex(to);
            }
            KeepRoll | EndMovement | NoSupport | EndReaction | EndCombat | NoAdvance | NoChainedAttack | EndPursuit
            | EndTurn | ConfirmDeployment => {}
        }
    }
    out.w.finish()
}

struct Reader<'a> {
    r: BitReader<'a>,
    cx: Context,
}

impl Reader<'_> {
    fn unit(&mut self) -> Result<UnitId, DecodeError> {
        let u = if !self.r.bit()? {
            self.cx.unit
        } else if !self.r.bit()? {
            self.cx.unit.wrapping_add(1)
        } else {
            self.r.bits(8)? as UnitId
        };
        self.cx.unit = u;
        Ok(u)
    }
    fn hex(&mut self) -> Result<Hex, DecodeError> {
        let c = self.r.bits(7)? as i16;
        let r = self.r.bits(7)? as i16;
        if c == 0 || r == 0 || c > 99 || r > 99 {
            return Err(DecodeError::Bad("a hex off every printed map"));
        }
        Ok(Hex::from_column_row(c, r))
    }
    fn action(&mut self) -> Result<Action, DecodeError> {
        use Action::*;
        let t = if self.r.bit()? {
            self.cx.predicted().ok_or(DecodeError::Bad("a repeated variant with none before it"))?
        } else {
            self.r.bits(5)? as usize
        };
        if t >= TAGS.len() {
            return Err(DecodeError::Bad("a variant Bailén does not have"));
        }
        self.cx.saw(t);
        Ok(match TAGS[t] {
            "Deploy" => Deploy { unit: self.unit()?, to: self.hex()? },
            "FirstPlayer" => FirstPlayer { side: if self.r.bit()? { Side::Spanish } else { Side::French } },
            "UseJoker" => UseJoker { die: self.r.bits(3)? as u8 },
            "KeepRoll" => KeepRoll,
            "Enter" => Enter { unit: self.unit()?, to: self.hex()? },
            "PlaceWaterCarrier" => PlaceWaterCarrier { to: self.hex()? },
            "ActivateLeader" => ActivateLeader { leader: self.unit()? },
            "SelectMover" => SelectMover { unit: self.unit()? },
            "MoveTo" => MoveTo { unit: self.unit()?, to: self.hex()? },
            "CancelMove" => CancelMove { unit: self.unit()? },
            "EndMovement" => EndMovement,
            "Attack" => Attack { unit: self.unit()?, target: self.unit()? },
            "SecondAttack" => SecondAttack { unit: self.unit()?, target: self.unit()? },
            "SingleAttack" => SingleAttack { unit: self.unit()? },
            "Support" => Support { supporter: self.unit()? },
            "NoSupport" => NoSupport,
            "EndReaction" => EndReaction,
            "EndCombat" => EndCombat,
            "TacticalRetreat" => TacticalRetreat { unit: self.unit()?, via: self.hex()?, to: self.hex()? },
            "StandFast" => StandFast { unit: self.unit()? },
            "Retreat" => Retreat { unit: self.unit()?, via: self.hex()?, to: self.hex()? },
            "Advance" => Advance { unit: self.unit()?, to: self.hex()? },
            "NoAdvance" => NoAdvance,
            "NoChainedAttack" => NoChainedAttack,
            "Pursue" => Pursue { unit: self.unit()?, target: self.unit()?, to: self.hex()? },
            "EndPursuit" => EndPursuit,
            "Reorganize" => Reorganize { leader: self.unit()?, unit: self.unit()? },
            "LiftDeployed" => LiftDeployed { unit: self.unit()? },
            "ConfirmDeployment" => ConfirmDeployment,
            _ => EndTurn,
        })
    }
}

/// Read `count` actions written by `encode`; the 0-based number of the one that fails and why.
pub fn decode(code: &[u8], count: usize) -> Result<Vec<Action>, (usize, String)> {
    let mut rd = Reader { r: BitReader::new(code), cx: Context::new() };
    let mut out = Vec::with_capacity(count.min(code.len() * 8));
    for n in 0..count {
        out.push(rd.action().map_err(|e| (n, format!("the saved action cannot be read: {e}")))?);
    }
    if !rd.r.at_end() {
        return Err((count, "unexpected data follows the last action".to_string()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(label: &str) -> Hex {
        Hex::from_label(label).expect("label")
    }

    #[test]
    fn every_variant_round_trips() {
        use Action::*;
        let all = vec![
            Deploy { unit: 67, to: h("3822") },
            Deploy { unit: 68, to: h("0101") },
            FirstPlayer { side: Side::Spanish },
            FirstPlayer { side: Side::French },
            UseJoker { die: 1 },
            KeepRoll,
            Enter { unit: 3, to: h("9999") },
            PlaceWaterCarrier { to: h("2425") },
            ActivateLeader { leader: 0 },
            SelectMover { unit: 255 },
            MoveTo { unit: 255, to: h("1310") },
            CancelMove { unit: 255 },
            EndMovement,
            Attack { unit: 4, target: 90 },
            SecondAttack { unit: 4, target: 91 },
            SingleAttack { unit: 4 },
            Support { supporter: 7 },
            NoSupport,
            EndReaction,
            EndCombat,
            TacticalRetreat { unit: 9, via: h("1011"), to: h("1012") },
            StandFast { unit: 9 },
            Retreat { unit: 9, via: h("1011"), to: h("1012") },
            Advance { unit: 10, to: h("1011") },
            NoAdvance,
            NoChainedAttack,
            Pursue { unit: 11, target: 9, to: h("1012") },
            EndPursuit,
            Reorganize { leader: 1, unit: 2 },
            EndTurn,
            SelectMover { unit: 5 },
            MoveTo { unit: 5, to: h("1310") },
            LiftDeployed { unit: 40 },
            Deploy { unit: 40, to: h("3822") },
            ConfirmDeployment,
        ];
        let seen: std::collections::BTreeSet<usize> = all.iter().map(tag).collect();
        assert_eq!(seen.len(), TAGS.len(), "the test names every variant");
        let code = encode(&all);
        assert_eq!(decode(&code, all.len()), Ok(all.clone()));
        // Every variant's tag is its serde name.
        for a in &all {
            assert_eq!(serde_json::to_value(a).unwrap()["type"], TAGS[tag(a)]);
        }
    }

    #[test]
    fn a_move_after_its_select_costs_16_bits() {
        let select = Action::SelectMover { unit: 20 };
        let mv = Action::MoveTo { unit: 20, to: h("1310") };
        let pairs: Vec<Action> = (0..8).flat_map(|_| [select, mv]).collect();
        // After the first pair: select = 1 + 1 bit, move = 1 + 1 + 14 bits.
        let first = encode(&pairs[..2]).len();
        assert!(encode(&pairs).len() <= first + 7 * 18 / 8 + 1);
    }

    #[test]
    fn damaged_codes_are_refused() {
        assert!(decode(&[], 1).is_err());
        // A variant number past the table: 0, then 31.
        assert_eq!(decode(&[0b0111_1100], 1).map_err(|e| e.0), Err(0));
        // A predicted variant with nothing before it.
        assert!(decode(&[0b1000_0000], 1).is_err());
        // Bytes left over.
        let code = encode(&[Action::EndTurn]);
        let mut longer = code.clone();
        longer.push(0xFF);
        assert_eq!(decode(&longer, 1).map_err(|e| e.0), Err(1));
    }
}
