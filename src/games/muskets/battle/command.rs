//! SR 9.2.h Determination of Commanders, and the hand size of SR 9.2.m.1 that depends on it.
use super::action::{Command, Counter, CuId, HqId, Side};
use super::scenario::Arm;
use super::{Battle, Place};

/// A side's command: Unified or Joint, the CiC, the Joint Leaders and the CiC's HQ.
pub(crate) struct CommandSetup {
    pub command: Command,
    pub cic: Counter,
    pub joint: Vec<Counter>,
    pub pinned: Option<HqId>,
}

impl Battle {
    /// HQs of `side` present in the battle (deployed or not).
    pub(crate) fn present_hqs(&self, side: Side) -> Vec<HqId> {
        (0..self.hqs.len())
            .filter(|&h| self.scen.hqs[h].side == side && matches!(self.hqs[h].place, Place::Undeployed | Place::Display(_)))
            .map(|h| h as HqId)
            .collect()
    }
    pub(crate) fn present_cus(&self, side: Side) -> Vec<CuId> {
        (0..self.cus.len())
            .filter(|&u| self.scen.cus[u].side == side && matches!(self.cus[u].place, Place::Undeployed | Place::Display(_)))
            .map(|u| u as CuId)
            .collect()
    }
    /// SP under an HQ present in the battle (its CUs in the battle).
    fn hq_sp(&self, h: HqId) -> u16 {
        self.present_cus(self.scen.hqs[h as usize].side)
            .into_iter()
            .filter(|&u| self.scen.cus[u as usize].hq == Some(h))
            .map(|u| self.total_sp(u))
            .sum()
    }

    /// SR 9.2.h.1: Unified Command if one HQ is larger than every other; otherwise Joint
    /// Command, the CiC being the leader of the HQ (or CU) with most SP.
    pub(crate) fn determine_command(&self, side: Side) -> CommandSetup {
        let hqs = self.present_hqs(side);
        let biggest = hqs.iter().map(|&h| self.scen.hqs[h as usize].size).max();
        let largest: Vec<HqId> = hqs.iter().copied().filter(|&h| Some(self.scen.hqs[h as usize].size) == biggest).collect();
        match largest.len() {
            // 9.2.h.1.i Unified Command.
            1 => CommandSetup { command: Command::Unified, cic: Counter::Hq(largest[0]), joint: vec![Counter::Hq(largest[0])], pinned: Some(largest[0]) },
            0 => {
                // 9.2.h.1.ii with no HQ: the CU with most SP leads; the Joint Leaders are the
                // leaders of the 3 CUs with most SP (D17).
                let mut cus: Vec<CuId> = self.present_cus(side).into_iter().filter(|&u| self.scen.cus[u as usize].arm != Arm::Artillery).collect();
                cus.sort_by_key(|&u| (std::cmp::Reverse(self.total_sp(u)), u));
                let joint: Vec<Counter> = cus.iter().take(3).map(|&u| Counter::Cu(u)).collect();
                let cic = joint.first().copied().unwrap_or(Counter::Cu(0));
                CommandSetup { command: Command::Joint, cic, joint, pinned: None }
            }
            _ => {
                // 9.2.h.1.ii: equal largest HQs are the Joint Leaders; most SP gives the CiC.
                let cic = largest.iter().copied().max_by_key(|&h| (self.hq_sp(h), std::cmp::Reverse(h))).unwrap_or(largest[0]);
                CommandSetup { command: Command::Joint, cic: Counter::Hq(cic), joint: largest.iter().map(|&h| Counter::Hq(h)).collect(), pinned: Some(cic) }
            }
        }
    }

    /// SR 9.2.m.1: chits up to the CiC's Initiative; Joint: the lowest Joint Leader's - 1;
    /// ER 4.4: King Joseph as Imperial CiC chooses 6.
    pub(crate) fn hand_limit(&self, side: Side) -> u8 {
        let st = self.side(side);
        let cic = self.leader(st.cic);
        if self.scen.er_4_4 && side == Side::Imperial && is_joseph(&cic.name) && st.command == Command::Unified {
            return 6;
        }
        match st.command {
            Command::Unified => cic.initiative,
            Command::Joint => st.joint.iter().map(|&l| self.leader(l).initiative).min().unwrap_or(1).saturating_sub(1),
        }
    }

    /// Who rolls where the CiC must (every Joint Leader under Joint Command).
    pub(crate) fn rollers(&self, side: Side) -> Vec<Counter> {
        let st = self.side(side);
        match st.command {
            Command::Unified => vec![st.cic],
            Command::Joint => st.joint.clone(),
        }
    }

    /// The leaders who may command a section (SR 9.2.h.2): its HQs' leaders if any, else
    /// its CUs' leaders.
    pub(crate) fn commander_candidates(&self, side: Side, s: super::action::Section) -> Vec<Counter> {
        let hqs: Vec<Counter> = self.hqs_in(side, s).map(Counter::Hq).collect();
        if !hqs.is_empty() {
            return hqs;
        }
        self.cus_in(side, s).map(Counter::Cu).collect()
    }
}

pub(crate) fn is_joseph(name: &str) -> bool {
    name.contains("José") || name.contains("Joseph")
}
pub(crate) fn is_napoleon(name: &str) -> bool {
    name.contains("Napoleon") || name.contains("Napoléon")
}
pub(crate) fn is_wellington(name: &str) -> bool {
    name.contains("Wellington") || name.contains("Wellesley")
}
