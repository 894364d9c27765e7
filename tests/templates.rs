//! Actions that are not a finite list: a prompt may offer a bounded template ("move this stand
//! up to 6 inches, wheel at most 45 degrees") and `apply` checks the concrete action the player
//! filled in, with a precise refusal. The filled action is saved and replayed like any other.
//!
//! A toy ruleset on a table measured in hundredths of an inch shows the contract end to end,
//! through the same generic `Match` every ruleset uses (Napoleon's Battles will be the first
//! real ruleset to need it).
use napoleonic::core::dice::Dice;
use napoleonic::games::{GameError, GameEvent, Match, Prompt, Rules};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A point on the table, in hundredths of an inch (integers: replays agree bit for bit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Point {
    x: i32,
    y: i32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Side {
    Blue,
    Red,
}

/// The template: move `stand` to any point within `reach` and turn by at most `wheel` degrees.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type")]
enum Template {
    MoveStand { stand: u8, reach: i32, wheel: u16 },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
enum Action {
    /// A filling of `MoveStand`.
    Move { stand: u8, to: Point, facing: u16 },
    Hold,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move { stand, to, facing } => write!(f, "stand {stand} to ({}, {}) facing {facing}", to.x, to.y),
            Action::Hold => write!(f, "hold"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
struct Moved {
    stand: u8,
    roll: u8,
}

impl GameEvent for Moved {
    fn closes_undo(&self) -> bool {
        true
    }
}

/// Two stands; each turn the side to move moves its stand (a d6 is rolled for show) or holds.
#[derive(Clone, Debug)]
struct Table {
    stands: [(Point, u16); 2],
    turn: u8,
    dice: Dice,
    /// The prompt of this position (`prompt_ref` borrows it), made again after each action.
    prompt: Option<Prompt<Side, String, Action, Template>>,
}

/// 6 inches of movement, 45 degrees of wheel.
const REACH: i32 = 600;
const WHEEL: u16 = 45;

fn inches(centi: i64) -> String {
    format!("{}.{:02}", centi / 100, centi % 100)
}

impl Table {
    fn fresh_prompt(&self) -> Option<Prompt<Side, String, Action, Template>> {
        (self.turn < 6).then(|| Prompt {
            side: self.side(),
            step: "Movement".into(),
            actions: vec![Action::Hold],
            templates: vec![Template::MoveStand { stand: (self.turn % 2) as u8, reach: REACH, wheel: WHEEL }],
        })
    }
    fn side(&self) -> Side {
        if self.turn % 2 == 0 { Side::Blue } else { Side::Red }
    }
    /// Why `action` does not fill the template of the stand to move, if it does not.
    fn refusal(&self, action: &Action) -> Option<String> {
        let Action::Move { stand, to, facing } = action else { return None };
        let own = (self.turn % 2) as u8;
        if *stand != own {
            return Some(format!("stand {stand} does not move now: stand {own} does"));
        }
        let (from, was) = self.stands[usize::from(own)];
        let (dx, dy) = (i64::from(to.x - from.x), i64::from(to.y - from.y));
        let squared = dx * dx + dy * dy;
        if squared > i64::from(REACH) * i64::from(REACH) {
            // The cost to the hundredth, rounded up, by integer square root.
            let mut cost = squared.isqrt();
            if cost * cost < squared {
                cost += 1;
            }
            return Some(format!("the move costs {} inches, {} are left", inches(cost), inches(i64::from(REACH))));
        }
        if *facing >= 360 {
            return Some(format!("a facing is 0 to 359 degrees, not {facing}"));
        }
        let turn = (i32::from(*facing) - i32::from(was)).rem_euclid(360);
        let wheel = turn.min(360 - turn);
        if wheel > i32::from(WHEEL) {
            return Some(format!("the stand wheels {wheel} degrees, at most {WHEEL} are allowed"));
        }
        None
    }
}

impl Rules for Table {
    const RULESET: &'static str = "toy-table";
    type Side = Side;
    type Step = String;
    type Action = Action;
    type Template = Template;
    type Event = Moved;
    type View = [(Point, u16); 2];
    type Odds = ();
    type Outcome = u8;
    type Options = ();
    type Setup = ();

    fn new_scenario_game(_scenario: &str, _options: &(), seed: u64) -> Result<Self, GameError> {
        let mut t = Table { stands: [(Point { x: 0, y: 0 }, 0), (Point { x: 2_400, y: 2_400 }, 180)], turn: 0, dice: Dice::seeded(seed), prompt: None };
        t.prompt = t.fresh_prompt();
        Ok(t)
    }
    fn scenario_id(&self) -> &str {
        "table"
    }
    fn from_setup(_: &()) -> Result<Self, GameError> {
        Err(GameError::Setup("no setups".into()))
    }
    fn setup_options(_: &()) -> ((), u64) {
        ((), 0)
    }
    fn options(&self) -> &() {
        &()
    }
    fn encode_options(_: &()) -> Vec<u8> {
        Vec::new()
    }
    fn decode_options(_: &[u8]) -> Result<(), GameError> {
        Ok(())
    }
    fn prompt_ref(&self) -> Option<&Prompt<Side, String, Action, Template>> {
        self.prompt.as_ref()
    }
    fn check_filled(&self, action: &Action) -> Result<(), GameError> {
        if self.turn >= 6 {
            return Err(GameError::GameOver);
        }
        match (action, self.refusal(action)) {
            (Action::Move { .. }, None) => Ok(()),
            (_, Some(why)) => Err(GameError::Illegal(why)),
            (Action::Hold, None) => Err(GameError::Illegal("hold is listed, not a template".into())),
        }
    }
    fn apply(&mut self, action: &Action) -> Result<Vec<Moved>, GameError> {
        if !(*action == Action::Hold || self.check_filled(action).is_ok()) {
            return Err(self.check_filled(action).err().unwrap_or(GameError::GameOver));
        }
        let roll = self.dice.d6();
        let mut events = Vec::new();
        if let Action::Move { stand, to, facing } = action {
            self.stands[usize::from(*stand)] = (*to, *facing);
            events.push(Moved { stand: *stand, roll });
        }
        self.turn += 1;
        self.prompt = self.fresh_prompt();
        Ok(events)
    }
    fn view(&self, _side: Side) -> [(Point, u16); 2] {
        self.stands
    }
    fn odds(&self, _action: &Action) -> Option<()> {
        None
    }
    fn outcome(&self) -> Option<u8> {
        (self.turn >= 6).then_some(0)
    }
}

fn mv(stand: u8, x: i32, y: i32, facing: u16) -> Action {
    Action::Move { stand, to: Point { x, y }, facing }
}

#[test]
fn a_template_is_offered_and_a_filling_within_its_bounds_is_applied() {
    let mut m = Match::<Table>::new("table", (), 7).expect("new");
    let p = m.prompt().expect("prompt");
    assert_eq!(p.templates, vec![Template::MoveStand { stand: 0, reach: 600, wheel: 45 }]);
    assert_eq!(p.actions, vec![Action::Hold]);
    // 3 inches east and 4 north: 5 inches, turned 40 degrees.
    let a = mv(0, 300, 400, 40);
    assert!(m.state().is_legal(&a));
    m.apply(&a).expect("within reach and wheel");
    assert_eq!(m.state().stands[0], (Point { x: 300, y: 400 }, 40));
}

#[test]
fn a_filling_beyond_its_bounds_is_refused_precisely_and_changes_nothing() {
    let mut m = Match::<Table>::new("table", (), 7).expect("new");
    let before = m.export();
    let too_far = mv(0, 400, 500, 0); // 6.40 inches
    assert!(!m.state().is_legal(&too_far));
    assert_eq!(m.apply(&too_far), Err(GameError::Illegal("the move costs 6.41 inches, 6.00 are left".into())));
    assert_eq!(m.apply(&mv(0, 0, 100, 300)), Err(GameError::Illegal("the stand wheels 60 degrees, at most 45 are allowed".into())));
    assert_eq!(m.apply(&mv(1, 2_400, 2_300, 180)), Err(GameError::Illegal("stand 1 does not move now: stand 0 does".into())));
    assert_eq!(m.export(), before);
    assert!(m.choices().is_empty());
}

#[test]
fn filled_templates_are_saved_and_replayed_exactly() {
    let mut m = Match::<Table>::new("table", (), 99).expect("new");
    for a in [mv(0, 600, 0, 30), mv(1, 2_000, 2_100, 200), Action::Hold, mv(1, 1_900, 2_000, 240), mv(0, 700, 50, 0)] {
        m.apply(&a).expect("legal");
    }
    let saved = m.export();
    let back = Match::<Table>::import(&saved).expect("imports");
    assert_eq!(back.choices(), m.choices());
    assert_eq!(back.state().stands, m.state().stands);
    assert_eq!(back.history().expect("history"), m.history().expect("history"));
    // A saved filling that breaks its template fails at its choice, with the rules' reason.
    let mut record = napoleonic::core::record::Record::decode(&saved).expect("decodes");
    let mut actions = m.choices().to_vec();
    actions[1] = mv(1, 0, 0, 180);
    record.choices = napoleonic::core::record::Choices::Actions { count: 5, code: Table::encode_actions(&actions) };
    match Match::<Table>::import(&record.encode()) {
        Err(GameError::Replay { choice: 1, reason }) => assert!(reason.contains("the move costs 33.95 inches"), "{reason}"),
        other => panic!("{other:?}"),
    }
}
