//! SR 9.2.g: the Field Battle's sequence as a state machine of named steps h-q. Automatic
//! steps run in `run`; decision steps wait in `phase` for an action of one side.
use super::action::{Action, Command, Counter, CuId, EndReason, Event, OptionKind, RollPurpose, Section, Side, Step, Terrain};
use super::command::{is_napoleon, is_wellington};
use super::scenario::{Arm, OutflankMode, Scenario, Zone};
use super::{Battle, CuState, HqState, Options, Place, SideState, Sp};
use crate::core::dice::Dice;
use crate::games::{GameError, Prompt};
use std::sync::Arc;

/// An option being played: which, from which of the player's sections, against which enemy one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Play {
    pub option: OptionKind,
    pub from: Section,
    pub target: Section,
}

/// An engagement waiting for its commanders and checking units (G9 stand-in).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Engage {
    pub side: Side,
    pub play: Play,
    /// Outflank: +2 on the first engagement (G9 stand-in).
    pub outflank_bonus: bool,
    pub att_cmd: Option<Counter>,
    pub att: Option<(CuId, u8)>,
    pub def_cmd: Option<Counter>,
    pub def: Option<(CuId, u8)>,
}

/// A Cavalry Charge waiting for the charging CU and the infantry CU that checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Charge {
    pub side: Side,
    pub play: Play,
    pub att_cmd: Option<Counter>,
    pub att: Option<CuId>,
    /// The defending infantry CU and the troop type it names (G9 stand-in step 2).
    pub def: Option<(CuId, u8)>,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Phase {
    /// 9.2.h (automatic).
    Start,
    /// 9.2.i.4-5: the side's terrain rolls (automatic).
    TerrainRolls { side: Side },
    /// 9.2.i: the side places the layouts it won (`any` of any type, plus typed extras).
    Terrain { side: Side, any: u8, hills: u8, woods: u8 },
    /// ER 3.1.b.2: Wellington's extra layout.
    Wellington,
    /// 9.2.j (automatic).
    Outflank,
    /// 9.2.k: `side` places its next counter.
    Deploy { side: Side },
    /// 9.2.k.7 (automatic).
    Reveal,
    /// 9.2.k.8.
    Fortify { side: Side },
    /// 9.2.l (automatic).
    Endurance,
    /// 9.2.m; `mid` when a new CiC chooses again (9.2.m.4).
    Planning { side: Side, mid: bool },
    /// 9.2.m.4.
    NewHand { side: Side, remaining: u8 },
    /// 9.2.n (automatic).
    Occ,
    RoundStart,
    /// 9.2.o.1.a / o.2.
    Turn { side: Side, must: bool },
    /// 9.2.o.1.b.
    FollowUp { side: Side, last: Play, can_continue: bool },
    /// 9.2.o.2: discard after a failed pass.
    Discard { side: Side },
    /// BOE 2 / Outflank: moving a group.
    Group { side: Side, play: Play, moved: u8 },
    Engage(Box<Engage>),
    Charge(Box<Charge>),
    /// Bombardment hit: the defender names the CU that takes the loss.
    Bombard { side: Side, play: Play, roll: u8 },
    /// BOE 3.a: place the arriving counters.
    PlaceReinforcement { side: Side, force: u8 },
    /// BOE 3.b: a Flank Attack may enter a Flanking section.
    FlankEnd { side: Side, force: u8 },
    /// BOE 3.c: the free regroup on the arrival of `force` (a Flank Attack at `flank_end`
    /// engages afterwards); each CU moves at most once (`moved`).
    Regroup { side: Side, force: u8, flank_end: Option<Section>, moved: Vec<CuId> },
    TurnEnd { side: Side },
    /// 9.2.p-q (automatic).
    End { winner: Option<Side>, reason: EndReason },
    Over,
}

impl Phase {
    /// The step's public name for views.
    pub(crate) fn public_name(&self) -> &'static str {
        match self {
            Phase::Start | Phase::TerrainRolls { .. } | Phase::Terrain { .. } | Phase::Wellington => "terrain",
            Phase::Outflank => "outflank",
            Phase::Deploy { .. } | Phase::Reveal | Phase::Fortify { .. } => "deployment",
            Phase::Endurance => "endurance",
            Phase::Planning { mid: false, .. } => "planning",
            Phase::Planning { mid: true, .. } | Phase::NewHand { .. } => "new commander's planning",
            Phase::Occ => "operational control",
            Phase::End { .. } => "pursuit",
            Phase::Over => "over",
            _ => "combat",
        }
    }
}

pub(crate) fn illegal(why: impl Into<String>) -> GameError {
    GameError::Illegal(why.into())
}

impl Battle {
    /// A new battle at step h.
    pub(crate) fn start(scen: Arc<Scenario>, options: Options, dice: Dice) -> Battle {
        let mut g = Battle::blank(scen, options, dice);
        let mut ev = Vec::new();
        g.run(&mut ev);
        g.opening = Arc::new(ev);
        g
    }

    /// The state before step h: every counter undeployed, the printed terrain placed.
    pub(crate) fn blank(scen: Arc<Scenario>, options: Options, dice: Dice) -> Battle {
        let cus = scen
            .cus
            .iter()
            .map(|c| CuState {
                place: if c.force.is_some() { Place::Adjacent } else { Place::Undeployed },
                sp: c.sp.iter().map(|&(troop, n, sh)| Sp { troop, fresh: n - sh, shattered: sh }).collect(),
                leader_lost: c.leader_lost,
                revealed: false,
                broken: false,
            })
            .collect();
        let hqs = scen
            .hqs
            .iter()
            .map(|h| HqState { place: if h.force.is_some() { Place::Adjacent } else { Place::Undeployed }, leader_lost: h.leader_lost, revealed: false })
            .collect();
        let side_state = |s: Side| SideState {
            command: Command::Unified,
            cic: Counter::Cu(0),
            joint: Vec::new(),
            pinned_hq: None,
            bep_start: 0,
            bep: 0,
            hand: [0; 9],
            limit: 0,
            chosen: 0,
            outflank_allowed: false,
            outflank_played: false,
            occ: 0,
            occ_revealed: false,
            passed: false,
            engaged: [false; 6],
            cav_superiority: [false; 6],
            commander: [None; 6],
            commander_lost: [false; 6],
            fortification: None,
            terrain: [None; 6],
            loc: scen.loc[s.index()],
            withdraw_shift: 0,
            lost_sp: Vec::new(),
            sp_in: 0,
            rec_upgraded: 0,
            leaders_lost: Vec::new(),
            ap_spent: Vec::new(),
            forces_arrived: Vec::new(),
            new_hand_pending: false,
        };
        let mut g = Battle {
            sides: [side_state(Side::Imperial), side_state(Side::Allied)],
            cus,
            hqs,
            options,
            dice,
            outflank_holder: None,
            round: 0,
            phase: Phase::Start,
            outcome: None,
            opening: Arc::new(Vec::new()),
            prompt_cache: Default::default(),
            scen,
        };
        for side in Side::BOTH {
            g.side_mut(side).sp_in = g.present_cus(side).into_iter().map(|u| g.total_sp(u)).sum();
        }
        for p in g.scen.fixed_terrain.clone() {
            g.side_mut(p.side).terrain[p.section.index()] = Some(p.terrain);
        }
        g
    }

    /// Roll one die for `side`; secret rolls are the side's own (SR 0.d).
    pub(crate) fn roll(&mut self, side: Side, purpose: RollPurpose, secret: bool, ev: &mut Vec<Event>) -> u8 {
        let value = self.dice.roll(10);
        ev.push(Event::Rolled { side, purpose, value, secret });
        value
    }

    // ------------------------------------------------------------------ prompts

    pub(crate) fn current_prompt(&self) -> Option<Prompt<Side, Step, Action>> {
        let (side, step, actions) = match &self.phase {
            Phase::Terrain { side, any, hills, woods } => {
                let mut acts = self.terrain_placements(*side, *any, *hills, *woods, false);
                acts.push(Action::EndTerrain);
                (*side, Step::ChooseTerrain { left: any + hills + woods }, acts)
            }
            Phase::Wellington => {
                let side = self.scen.defender();
                let mut acts = self.terrain_placements(side, 1, 0, 0, true);
                acts.push(Action::EndTerrain);
                (side, Step::WellingtonLayout, acts)
            }
            Phase::Deploy { side } => {
                let c = self.next_to_deploy(*side)?;
                let acts = self.deploy_sections(*side, c).into_iter().map(|s| Action::Deploy { counter: c, section: s }).collect();
                (*side, Step::Deployment { counter: c }, acts)
            }
            Phase::Fortify { side } => {
                (*side, Step::FieldFortification, Section::LINE.iter().map(|&s| Action::Fortify { section: s }).collect())
            }
            Phase::Planning { side, .. } => {
                let st = self.side(*side);
                let mut acts = Vec::new();
                if st.chosen < st.limit {
                    for o in OptionKind::ALL {
                        if self.may_take(*side, o) {
                            acts.push(Action::TakeChit { option: o });
                        }
                    }
                }
                acts.push(Action::EndPlanning);
                (*side, Step::Planning { chosen: st.chosen, limit: st.limit }, acts)
            }
            Phase::NewHand { side, remaining } => {
                (*side, Step::NewCommanderHand { remaining: *remaining }, vec![Action::KeepHand, Action::NewHand])
            }
            Phase::Turn { side, must } => {
                let mut acts = self.legal_plays(*side);
                if !must {
                    acts.push(Action::Pass);
                }
                let step = if *must { Step::MustPlay } else { Step::PlayOrPass { round: self.round } };
                (*side, step, acts)
            }
            Phase::FollowUp { side, last, can_continue } => {
                let mut acts = Vec::new();
                if !self.legal_plays(*side).is_empty() {
                    acts.push(Action::TryAnother);
                }
                let cont = *can_continue && self.may_continue(*side, *last);
                if cont {
                    acts.push(Action::Continue);
                }
                acts.extend(self.rallies(*side));
                acts.push(Action::EndTurn);
                (*side, Step::FollowUp { last: last.option, can_continue: cont }, acts)
            }
            Phase::Discard { side } => {
                let st = self.side(*side);
                let acts = OptionKind::ALL.iter().filter(|o| st.hand[o.index()] > 0).map(|&o| Action::Discard { option: o }).collect();
                (*side, Step::Discard, acts)
            }
            Phase::Group { side, play, moved } => {
                let mut acts: Vec<Action> = self.movable(*side, play.from, play.target).into_iter().map(|c| Action::Move { counter: c }).collect();
                let outflank_ready = play.option != OptionKind::Outflank || self.section_strength(*side, play.target) > 0;
                if *moved > 0 && outflank_ready {
                    acts.push(Action::EndMove);
                }
                (*side, Step::MoveGroup { option: play.option, from: play.from, to: play.target, moved: *moved }, acts)
            }
            Phase::Engage(e) => return self.engage_prompt(e),
            Phase::Charge(c) => return self.charge_prompt(c),
            Phase::Bombard { side, play, .. } => {
                let def = side.other();
                let acts = self
                    .cus_in(def, play.target)
                    .filter(|&u| self.fresh_combat_sp(u) > 0)
                    .flat_map(|u| self.cus[u as usize].sp.iter().filter(|s| s.fresh > 0 && self.arm(s.troop) != Arm::Artillery).map(move |s| Action::CheckWith { cu: u, troop: s.troop }))
                    .collect();
                (def, Step::BombardedUnit { section: play.target }, acts)
            }
            Phase::PlaceReinforcement { side, .. } => {
                let c = self.next_to_deploy(*side)?;
                let mut acts: Vec<Action> = Section::LINE.iter().map(|&s| Action::Deploy { counter: c, section: s }).collect();
                acts.push(Action::Deploy { counter: c, section: Section::Reserve });
                (*side, Step::PlaceReinforcement { counter: c }, acts)
            }
            Phase::Regroup { side, force, moved, .. } => {
                let mut acts = self.regroup_moves(*side, moved);
                acts.push(Action::EndRegroup);
                (*side, Step::Regroup { force: *force, moved: moved.len().min(255) as u8 }, acts)
            }
            Phase::FlankEnd { side, .. } => (
                *side,
                Step::FlankAttackEnd,
                vec![Action::FlankEnd { end: Section::FlankLeft }, Action::FlankEnd { end: Section::FlankRight }, Action::NoFlankAttack],
            ),
            // Automatic phases never wait; `run` moves past them.
            _ => return None,
        };
        Some(Prompt { side, step, actions, templates: Vec::new() })
    }

    /// The next counter of `side` waiting to be placed: CUs first, then HQs (SR 9.2.k).
    pub(crate) fn next_to_deploy(&self, side: Side) -> Option<Counter> {
        let cu = (0..self.cus.len()).find(|&u| self.scen.cus[u].side == side && self.cus[u].place == Place::Undeployed);
        if let Some(u) = cu {
            return Some(Counter::Cu(u as CuId));
        }
        (0..self.hqs.len()).find(|&h| self.scen.hqs[h].side == side && self.hqs[h].place == Place::Undeployed).map(|h| Counter::Hq(h as u8))
    }

    /// SR 9.2.k.2-6: the sections a counter may be deployed in.
    fn deploy_sections(&self, side: Side, c: Counter) -> Vec<Section> {
        let several_hqs = self.present_hqs(side).len() > 1;
        match c {
            Counter::Cu(u) => {
                let hq = self.scen.cus[u as usize].hq;
                let infcav = self.is_infantry_cavalry(u);
                // Infantry/cavalry CUs still to place after this one.
                let later = self
                    .present_cus(side)
                    .into_iter()
                    .filter(|&v| v != u && self.cus[v as usize].place == Place::Undeployed && self.is_infantry_cavalry(v))
                    .count();
                let empty: Vec<Section> = Section::LINE
                    .iter()
                    .copied()
                    .filter(|&s| !self.cus_in(side, s).any(|v| self.is_infantry_cavalry(v)))
                    .collect();
                let mut out = Vec::new();
                for s in Section::LINE {
                    // k.4: one HQ's CUs a Battle Line Section at deployment.
                    if several_hqs && self.cus_in(side, s).any(|v| self.scen.cus[v as usize].hq != hq) {
                        continue;
                    }
                    let fills = infcav && empty.contains(&s);
                    // k.2: every Battle Line Section must still be fillable.
                    let empty_after = empty.len() - usize::from(fills);
                    if empty_after > later {
                        continue;
                    }
                    // Reading: an artillery CU joins a section already held by its HQ's CUs.
                    if !infcav && !self.cus_in(side, s).any(|v| self.is_infantry_cavalry(v)) {
                        continue;
                    }
                    out.push(s);
                }
                if empty.len() <= later {
                    out.push(Section::Reserve);
                }
                out
            }
            Counter::Hq(h) => {
                // k.6: the CiC's HQ goes in the Reserve.
                if self.side(side).pinned_hq == Some(h) {
                    return vec![Section::Reserve];
                }
                if self.must_stay_in_line(h) {
                    // k.5: in a Battle Line Section holding its CUs (2 if possible).
                    let mine = |s: Section| self.cus_in(side, s).filter(|&v| self.scen.cus[v as usize].hq == Some(h)).count();
                    for need in [2, 1] {
                        let v: Vec<Section> = Section::LINE.iter().copied().filter(|&s| mine(s) >= need).collect();
                        if !v.is_empty() {
                            return v;
                        }
                    }
                    return Section::LINE.to_vec();
                }
                vec![Section::Left, Section::Centre, Section::Right, Section::Reserve]
            }
        }
    }

    /// SR 9.2.k.5: a non-CiC HQ with at least 2 of its CUs in the battle, when the side has
    /// several HQs, stays in a Battle Line Section throughout the battle.
    pub(crate) fn must_stay_in_line(&self, h: u8) -> bool {
        let side = self.scen.hqs[h as usize].side;
        self.side(side).pinned_hq != Some(h)
            && self.present_hqs(side).len() > 1
            && self.present_cus(side).into_iter().filter(|&u| self.scen.cus[u as usize].hq == Some(h)).count() >= 2
    }

    /// SR 9.2.i.2-6: layouts a side may still place (own sections, one per section, at most one
    /// Flanking section, 4 a side, and only the layouts supplied).
    fn terrain_placements(&self, side: Side, any: u8, hills: u8, woods: u8, line_only: bool) -> Vec<Action> {
        let st = self.side(side);
        let placed = st.terrain.iter().filter(|t| t.is_some()).count();
        if placed >= 4 {
            return Vec::new();
        }
        let flank_used = st.terrain[Section::FlankLeft.index()].is_some() || st.terrain[Section::FlankRight.index()].is_some();
        let mut out = Vec::new();
        for s in [Section::Left, Section::Centre, Section::Right, Section::FlankLeft, Section::FlankRight] {
            if st.terrain[s.index()].is_some() || (s.is_flank() && (flank_used || line_only)) {
                continue;
            }
            for t in Terrain::ALL {
                let allowed = any > 0 || (t == Terrain::Hills && hills > 0) || (t == Terrain::Woods && woods > 0);
                if allowed && self.layouts_left(t) > 0 {
                    out.push(Action::PlaceTerrain { section: s, terrain: t });
                }
            }
        }
        out
    }

    /// The layouts supplied for both sides together (G10 stand-in: 4 Hills, 2 Woods, 2 Villages).
    fn layouts_left(&self, t: Terrain) -> u8 {
        let supplied = Terrain::ALL.iter().position(|&x| x == t).map_or(0, |k| self.scen.layouts[k]);
        let used = self.sides.iter().flat_map(|s| s.terrain.iter()).filter(|&&x| x == Some(t)).count() as u8;
        supplied - used.min(supplied)
    }

    /// SR 9.2.m.2: a chit of this option is left to take (only the outflank holder that passed
    /// its roll may take Outflank).
    fn may_take(&self, side: Side, o: OptionKind) -> bool {
        let st = self.side(side);
        if st.hand[o.index()] >= self.scen.chits[o.index()] {
            return false;
        }
        // ER 3.1.d.6: Cavalry Charge cannot be used in a Lisboa battle behind the Lines, so
        // its chit is not offered either (reading).
        if o == OptionKind::CavalryCharge && self.lisboa_lines() {
            return false;
        }
        o != OptionKind::Outflank || (st.outflank_allowed && !st.outflank_played)
    }

    // ------------------------------------------------------------------ actions

    /// Check and perform one action on this (scratch) state, then run automatic steps.
    pub(crate) fn perform(&mut self, a: &Action, ev: &mut Vec<Event>) -> Result<(), GameError> {
        self.check_ids(a)?;
        let prompt = self.prompt_cache.get_or(|| self.current_prompt()).as_ref().ok_or(GameError::GameOver)?;
        if !prompt.actions.contains(a) {
            return Err(illegal(format!("'{}' is not a legal action at step {:?}", self.describe_action(a), prompt.step)));
        }
        self.prompt_cache.clear(); // the position changes now
        self.perform_checked(a, ev);
        self.run(ev);
        Ok(())
    }

    /// Perform a legal action (already checked against the prompt).
    pub(crate) fn perform_checked(&mut self, a: &Action, ev: &mut Vec<Event>) {
        match (self.phase.clone(), a) {
            (Phase::Terrain { side, any, hills, woods }, Action::PlaceTerrain { section, terrain }) => {
                self.side_mut(side).terrain[section.index()] = Some(*terrain);
                ev.push(Event::TerrainPlaced { side, section: *section, terrain: *terrain });
                // Typed extras first, then the "any" layouts.
                let (mut any, mut hills, mut woods) = (any, hills, woods);
                if *terrain == Terrain::Hills && hills > 0 {
                    hills -= 1;
                } else if *terrain == Terrain::Woods && woods > 0 {
                    woods -= 1;
                } else {
                    any = any.saturating_sub(1);
                }
                self.phase = if any + hills + woods > 0 { Phase::Terrain { side, any, hills, woods } } else { self.after_terrain(side) };
            }
            (Phase::Terrain { side, .. }, Action::EndTerrain) => self.phase = self.after_terrain(side),
            (Phase::Wellington, Action::PlaceTerrain { section, terrain }) => {
                let side = self.scen.defender();
                self.side_mut(side).terrain[section.index()] = Some(*terrain);
                ev.push(Event::TerrainPlaced { side, section: *section, terrain: *terrain });
                self.phase = self.after_wellington();
            }
            (Phase::Wellington, Action::EndTerrain) => self.phase = self.after_wellington(),
            (Phase::Deploy { side }, Action::Deploy { counter, section }) => {
                self.set_place(*counter, Place::Display(*section));
                ev.push(Event::Deployed { side, counter: Some(*counter), section: *section });
                if self.next_to_deploy(side).is_none() {
                    self.phase = if side == self.first_deployer() { Phase::Deploy { side: side.other() } } else { Phase::Reveal };
                }
            }
            (Phase::Fortify { side }, Action::Fortify { section }) => {
                self.side_mut(side).fortification = Some(*section);
                ev.push(Event::Fortified { side, section: *section });
                self.phase = self.next_fortify(Some(side));
            }
            (Phase::Planning { side, mid }, Action::TakeChit { option }) => {
                let st = self.side_mut(side);
                st.hand[option.index()] += 1;
                st.chosen += 1;
                ev.push(Event::ChitTaken { side, option: Some(*option) });
                let _ = mid;
            }
            (Phase::Planning { side, mid }, Action::EndPlanning) => {
                let chits = self.hand_size(side);
                ev.push(Event::PlanningDone { side, chits });
                self.phase = if mid {
                    Phase::TurnEnd { side }
                } else if side == self.scen.attacker {
                    self.start_planning(self.scen.defender(), false)
                } else {
                    Phase::Occ
                };
            }
            (Phase::NewHand { side, .. }, Action::KeepHand) => self.phase = Phase::TurnEnd { side },
            (Phase::NewHand { side, remaining }, Action::NewHand) => {
                // 9.2.m.4: discard the hand and choose again, as many as were left.
                let st = self.side_mut(side);
                st.hand = [0; 9];
                st.limit = remaining;
                st.chosen = 0;
                ev.push(Event::Discarded { side, option: None });
                self.phase = Phase::Planning { side, mid: true };
            }
            (Phase::Turn { side, .. }, Action::Pass) => self.pass(side, ev),
            (Phase::Turn { side, .. }, play) => self.play_option(side, play, ev),
            (Phase::FollowUp { side, .. }, Action::TryAnother) => {
                // 9.2.o.1.b.i: roll against the CiC's Initiative; success forces another play.
                let cic = self.side(side).cic;
                if self.initiative_roll(side, cic, RollPurpose::AnotherOption { leader: cic }, "play another option", ev) {
                    self.phase = if self.legal_plays(side).is_empty() { Phase::TurnEnd { side } } else { Phase::Turn { side, must: true } };
                } else if !matches!(self.phase, Phase::End { .. }) {
                    self.phase = Phase::TurnEnd { side };
                }
            }
            (Phase::FollowUp { side, last, .. }, Action::Continue) => self.continue_option(side, last, ev),
            (Phase::FollowUp { side, .. }, Action::Rally { leader, cu }) => {
                self.rally(side, *leader, *cu, ev);
                if !matches!(self.phase, Phase::End { .. }) {
                    self.phase = Phase::TurnEnd { side };
                }
            }
            (Phase::FollowUp { side, .. }, Action::EndTurn) => self.phase = Phase::TurnEnd { side },
            (Phase::Discard { side }, Action::Discard { option }) => {
                self.side_mut(side).hand[option.index()] -= 1;
                ev.push(Event::Discarded { side, option: Some(*option) });
                self.phase = Phase::TurnEnd { side };
            }
            (Phase::Group { side, play, moved }, Action::Move { counter }) => {
                self.move_counter(side, *counter, play.target, ev);
                self.phase = Phase::Group { side, play, moved: moved + 1 };
                if self.movable(side, play.from, play.target).is_empty() {
                    self.end_group(side, play, ev);
                }
            }
            (Phase::Group { side, play, .. }, Action::EndMove) => self.end_group(side, play, ev),
            (Phase::Engage(e), a) => self.engage_action(*e, a, ev),
            (Phase::Charge(c), a) => self.charge_action(*c, a, ev),
            (Phase::Bombard { side, play, roll }, Action::CheckWith { cu, troop }) => self.bombard_hit(side, play, roll, *cu, *troop, ev),
            (Phase::PlaceReinforcement { side, force }, Action::Deploy { counter, section }) => {
                self.set_place(*counter, Place::Display(*section));
                self.reveal(*counter, ev);
                ev.push(Event::Deployed { side, counter: Some(*counter), section: *section });
                if self.next_to_deploy(side).is_none() {
                    self.reinforcements_placed(side, force, ev);
                }
            }
            (Phase::FlankEnd { side, force }, Action::FlankEnd { end }) => self.flank_attack(side, force, *end, ev),
            (Phase::FlankEnd { side, force }, Action::NoFlankAttack) => {
                self.force_arrives(side, force, Place::Undeployed);
                self.phase = Phase::PlaceReinforcement { side, force };
            }
            (Phase::Regroup { side, force, flank_end, mut moved }, Action::Regroup { cu, to }) => {
                self.move_counter(side, Counter::Cu(*cu), *to, ev);
                moved.push(*cu);
                self.phase = Phase::Regroup { side, force, flank_end, moved };
            }
            (Phase::Regroup { side, force, flank_end, .. }, Action::EndRegroup) => self.end_regroup(side, force, flank_end, ev),
            // The prompt offered it, so this cannot happen; keep the state as it is.
            _ => {}
        }
    }

    fn first_deployer(&self) -> Side {
        // ER 3.1.b.1: a defending British Army under Wellington deploys after the attacker.
        let d = self.scen.defender();
        if self.scen.er_3_1_b && is_wellington(&self.leader(self.side(d).cic).name) {
            self.scen.attacker
        } else {
            d
        }
    }

    fn after_terrain(&self, side: Side) -> Phase {
        if side == self.scen.defender() {
            if self.scen.er_3_1_b && is_wellington(&self.leader(self.side(side).cic).name) {
                return Phase::Wellington;
            }
            return Phase::TerrainRolls { side: self.scen.attacker };
        }
        Phase::Outflank
    }

    fn after_wellington(&self) -> Phase {
        if self.terrain_step() {
            Phase::TerrainRolls { side: self.scen.attacker }
        } else {
            Phase::Outflank
        }
    }

    fn terrain_step(&self) -> bool {
        self.scen.terrain_rolls || self.options.terrain_rolls
    }

    fn next_fortify(&self, done: Option<Side>) -> Phase {
        let order = [self.scen.defender(), self.scen.attacker];
        let start = match done {
            None => 0,
            Some(s) => order.iter().position(|&x| x == s).map_or(2, |i| i + 1),
        };
        for &s in &order[start.min(2)..] {
            // ER 3.1.d.3 (D43): the Allies cannot entrench in Lisboa once the Lines exist.
            if self.scen.field_fortification[s.index()] && !(s == Side::Allied && self.lisboa_lines()) {
                return Phase::Fortify { side: s };
            }
        }
        Phase::Endurance
    }

    fn start_planning(&mut self, side: Side, mid: bool) -> Phase {
        let limit = self.hand_limit(side);
        let st = self.side_mut(side);
        st.limit = limit;
        st.chosen = 0;
        Phase::Planning { side, mid }
    }

    // ------------------------------------------------------------------ automatic steps

    /// Run automatic steps (and decisions with a single legal choice that reveal nothing)
    /// until a decision waits or the battle is over.
    pub(crate) fn run(&mut self, ev: &mut Vec<Event>) {
        for _ in 0..100_000 {
            match self.phase.clone() {
                Phase::Over => return,
                Phase::Start => self.commanders(ev),
                Phase::TerrainRolls { side } => self.terrain_rolls(side, ev),
                Phase::Outflank => self.outflank_determination(ev),
                Phase::Reveal => {
                    // 9.2.k.7: reveal Battle Line Sections, not the Reserve nor Woods.
                    for side in Side::BOTH {
                        for s in Section::LINE {
                            if self.side(side).terrain[s.index()] != Some(Terrain::Woods) {
                                self.reveal_section(side, s, ev);
                            }
                        }
                    }
                    self.phase = self.next_fortify(None);
                }
                Phase::Endurance => self.endurance(ev),
                Phase::Occ => self.operational_control(ev),
                Phase::RoundStart => {
                    self.round += 1;
                    for s in &mut self.sides {
                        s.passed = false;
                    }
                    ev.push(Event::RoundBegins { round: self.round });
                    let a = self.scen.attacker;
                    ev.push(Event::TurnBegins { side: a });
                    self.phase = Phase::Turn { side: a, must: false };
                }
                Phase::TurnEnd { side } => {
                    if side == self.scen.attacker {
                        let d = self.scen.defender();
                        ev.push(Event::TurnBegins { side: d });
                        self.phase = Phase::Turn { side: d, must: false };
                    } else if self.sides.iter().all(|s| s.passed) && Side::BOTH.iter().all(|&s| self.hand_size(s) == 0) {
                        // G9 stand-in (D21): both passed with no options left.
                        let winner = self.endurance_comparison();
                        self.phase = Phase::End { winner, reason: EndReason::OptionsExhausted };
                    } else {
                        self.phase = Phase::RoundStart;
                    }
                }
                Phase::Turn { side, must: false } if self.hand_size(side) == 0 => {
                    // 9.2.o.2: a player with no options is forced to pass.
                    self.side_mut(side).passed = true;
                    ev.push(Event::Passed { side, clean: true });
                    self.phase = Phase::TurnEnd { side };
                }
                Phase::Turn { side, must: true } if self.legal_plays(side).is_empty() => self.phase = Phase::TurnEnd { side },
                Phase::End { winner, reason } => self.finish(winner, reason, ev),
                Phase::Engage(_) | Phase::Charge(_) | Phase::Discard { .. } | Phase::Bombard { .. } => {
                    // A choice with one legal answer is made for the player.
                    match self.current_prompt() {
                        Some(p) if p.actions.len() == 1 => {
                            let a = p.actions[0].clone();
                            self.perform_checked(&a, ev);
                        }
                        Some(_) => return,
                        None => self.resolve_pending(ev),
                    }
                }
                Phase::Planning { side, .. } => {
                    // D19: a forced Outflank is taken first.
                    let st = self.side(side);
                    if self.scen.outflank_mode == OutflankMode::Forced
                        && self.outflank_holder == Some(side)
                        && st.hand[OptionKind::Outflank.index()] == 0
                        && !st.outflank_played
                        && st.chosen < st.limit
                    {
                        let st = self.side_mut(side);
                        st.hand[OptionKind::Outflank.index()] = 1;
                        st.chosen += 1;
                        ev.push(Event::ChitTaken { side, option: Some(OptionKind::Outflank) });
                    }
                    return;
                }
                Phase::Regroup { side, force, flank_end, moved } if self.regroup_moves(side, &moved).is_empty() => {
                    self.end_regroup(side, force, flank_end, ev);
                }
                Phase::Deploy { side } if self.next_to_deploy(side).is_none() => {
                    self.phase = if side == self.first_deployer() { Phase::Deploy { side: side.other() } } else { Phase::Reveal };
                }
                _ => return,
            }
        }
    }

    /// 9.2.h: both sides' commanders.
    fn commanders(&mut self, ev: &mut Vec<Event>) {
        for side in Side::BOTH {
            let c = self.determine_command(side);
            ev.push(Event::CommandDetermined { side, command: c.command, cic: c.cic, joint_leaders: c.joint.clone() });
            let st = self.side_mut(side);
            st.command = c.command;
            st.cic = c.cic;
            st.joint = c.joint;
            st.pinned_hq = c.pinned;
        }
        self.phase = if self.terrain_step() {
            Phase::TerrainRolls { side: self.scen.defender() }
        } else if self.scen.er_3_1_b && is_wellington(&self.leader(self.side(self.scen.defender()).cic).name) {
            Phase::Wellington
        } else {
            Phase::Outflank
        };
    }

    /// 9.2.i.4-5: 1d10 against the CiC's Initiative (every Joint Leader must pass) for one
    /// layout; the defender's zone extras; no attacker roll after a Forced March.
    fn terrain_rolls(&mut self, side: Side, ev: &mut Vec<Event>) {
        let defender = side == self.scen.defender();
        let mut any = 0;
        if defender || !self.scen.forced_march {
            let mut ok = true;
            for l in self.rollers(side) {
                ok &= self.initiative_roll(side, l, RollPurpose::TerrainChoice { leader: l }, "choose battle terrain", ev);
            }
            any += u8::from(ok);
        }
        let (mut hills, mut woods) = (0, 0);
        if defender {
            match self.scen.zone {
                Zone::Clear => {}
                Zone::Rough => any += 1,
                Zone::MountainPass => hills += 2,
                Zone::Forest => woods += 1,
            }
        }
        ev.push(Event::TerrainWon { side, layouts: any + hills + woods });
        if matches!(self.phase, Phase::End { .. }) {
            return;
        }
        self.phase = if any + hills + woods > 0 { Phase::Terrain { side, any, hills, woods } } else { self.after_terrain(side) };
    }

    /// 9.2.j: the outflank option and the secret roll to take the chit.
    fn outflank_determination(&mut self, ev: &mut Vec<Event>) {
        let [imp, all] = [Side::Imperial, Side::Allied].map(|s| (self.side(s).command, self.leader(self.side(s).cic).initiative));
        let holder = match self.scen.outflank_mode {
            OutflankMode::Forced | OutflankMode::Forbidden => self.scen.outflank_holder,
            OutflankMode::Normal | OutflankMode::RollOff => {
                // j.1: a side under Joint Command never has the option.
                match (imp.0 == Command::Joint, all.0 == Command::Joint) {
                    (true, true) => None,
                    (true, false) => Some(Side::Allied),
                    (false, true) => Some(Side::Imperial),
                    _ if imp.1 > all.1 => Some(Side::Imperial),
                    _ if all.1 > imp.1 => Some(Side::Allied),
                    _ => {
                        // Ties: a die roll, higher wins; a further tie goes to the attacker.
                        let a = self.roll(Side::Imperial, RollPurpose::OutflankTie, false, ev);
                        let b = self.roll(Side::Allied, RollPurpose::OutflankTie, false, ev);
                        Some(if a > b {
                            Side::Imperial
                        } else if b > a {
                            Side::Allied
                        } else {
                            self.scen.attacker
                        })
                    }
                }
            }
        };
        self.outflank_holder = holder;
        ev.push(Event::OutflankHolder { side: holder });
        if let Some(h) = holder {
            let allowed = match self.scen.outflank_mode {
                OutflankMode::Forced => true,
                OutflankMode::Forbidden => false,
                _ => {
                    let cic = self.side(h).cic;
                    self.initiative_roll_secret(h, cic, ev)
                }
            };
            self.side_mut(h).outflank_allowed = allowed;
            ev.push(Event::OutflankAllowed { side: h, allowed });
        }
        if !matches!(self.phase, Phase::End { .. }) {
            self.phase = Phase::Deploy { side: self.first_deployer() };
        }
    }

    /// 9.2.l: +1 per infantry/cavalry CU, -2 without an LoC, ER 1.7 and other modifiers.
    pub(crate) fn endurance(&mut self, ev: &mut Vec<Event>) {
        for side in Side::BOTH {
            let cus: Vec<CuId> = self.present_cus(side).into_iter().filter(|&u| self.is_infantry_cavalry(u)).collect();
            let mut bep = cus.len() as i16;
            if !self.side(side).loc {
                bep -= 2;
            }
            if self.scen.er_1_7 {
                // ER 1.7 (D54): half or more of the infantry/cavalry CUs British or French.
                let bf = cus.iter().filter(|&&u| matches!(self.scen.cus[u as usize].nationality.as_str(), "British" | "French")).count();
                if 2 * bf >= cus.len() {
                    bep += 1;
                }
                if side == Side::Imperial && is_napoleon(&self.leader(self.side(side).cic).name) {
                    bep += 3;
                }
            }
            // ER 2.1.c.4: -1 per Guerrilla level for the Imperials.
            if side == Side::Imperial {
                bep -= self.scen.guerrilla_level as i16;
            }
            bep += self.scen.bep_modifier[side.index()];
            let bep = bep.max(1);
            let st = self.side_mut(side);
            st.bep = bep;
            st.bep_start = bep;
            ev.push(Event::Endurance { side, bep });
            // 9.2.m.1: the hand each side may choose.
            let limit = self.hand_limit(side);
            self.side_mut(side).limit = limit;
        }
        self.phase = self.start_planning(self.scen.attacker, false);
    }

    /// 9.2.n: 2d10 (per Joint Leader) with the modifiers against the OCN, secretly.
    fn operational_control(&mut self, ev: &mut Vec<Event>) {
        for side in Side::BOTH {
            let m = self.occ_modifier(side);
            let mut passed = true;
            for l in self.rollers(side) {
                let a = self.roll(side, RollPurpose::OperationalControl { leader: l }, true, ev);
                let b = self.roll(side, RollPurpose::OperationalControl { leader: l }, true, ev);
                passed &= a as i16 + b as i16 + m <= self.leader(l).ocn as i16;
            }
            let modifier = if passed { 1 } else { -2 };
            self.side_mut(side).occ = modifier;
            ev.push(Event::OperationalControl { side, passed, modifier });
        }
        self.phase = Phase::RoundStart;
    }

    /// The stand-in end by exhaustion (G9 step 8): 25 points of remaining BEP % decide.
    fn endurance_comparison(&self) -> Option<Side> {
        let pct = |s: Side| {
            let st = self.side(s);
            100 * st.bep.max(0) as i32 / st.bep_start.max(1) as i32
        };
        let (i, a) = (pct(Side::Imperial), pct(Side::Allied));
        if i >= a + 25 {
            Some(Side::Imperial)
        } else if a >= i + 25 {
            Some(Side::Allied)
        } else {
            None
        }
    }

    pub(crate) fn reveal(&mut self, c: Counter, ev: &mut Vec<Event>) {
        let side = self.side_of(c);
        let r = match c {
            Counter::Hq(h) => &mut self.hqs[h as usize].revealed,
            Counter::Cu(u) => &mut self.cus[u as usize].revealed,
        };
        if !*r {
            *r = true;
            ev.push(Event::Revealed { side, counter: c });
        }
    }

    pub(crate) fn reveal_section(&mut self, side: Side, s: Section, ev: &mut Vec<Event>) {
        let cs: Vec<Counter> = self.hqs_in(side, s).map(Counter::Hq).chain(self.cus_in(side, s).map(Counter::Cu)).collect();
        for c in cs {
            self.reveal(c, ev);
        }
    }
}
