//! The catalogue the page reads: every ruleset, its scenarios, its options (name, kind, default,
//! rule) and its sides. No scenario or option list is written by hand in the page.
use super::{bailen, bloody_monday, muskets::battle, napoleons_battles, Search};
use serde::Serialize;
use tsify::Tsify;

/// A built-in scenario of a ruleset.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object)]
pub struct ScenarioInfo {
    pub id: String,
    pub title: String,
    pub description: String,
}

/// One choice of an option of several values.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object)]
pub struct ChoiceInfo {
    pub value: String,
    pub label: String,
}

/// What values an option takes.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object)]
#[serde(tag = "type")]
pub enum OptionKind {
    /// On or off.
    Flag,
    /// One of these values.
    Choice { choices: Vec<ChoiceInfo> },
}

/// An option's default value.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object)]
#[serde(untagged)]
pub enum OptionValue {
    Flag(bool),
    Choice(String),
}

/// One option of a ruleset: its name in the options object, its label, the rule it applies,
/// a line of help, its kind and its default.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object)]
pub struct OptionInfo {
    pub name: String,
    pub label: String,
    pub rule: String,
    pub help: String,
    pub kind: OptionKind,
    pub default: OptionValue,
}

/// A named set of options the start screen offers (Bloody Monday's "up to 9.n", rule 9.0).
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object)]
pub struct PresetInfo {
    pub label: String,
    /// The flags this preset turns on (every other flag off).
    pub on: Vec<String>,
}

/// Everything the page needs to offer a ruleset.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object)]
pub struct RulesetInfo {
    /// The ruleset's id in saved games and in `catalogue()`.
    pub id: String,
    pub title: String,
    /// The rules version its saved games carry.
    pub rules_version: u16,
    /// The kind of board the page draws: "hex", "battle" or "areas".
    pub board: String,
    /// Whether a side has secrets from the other (fog of war, a hidden hand).
    pub hidden_information: bool,
    /// Whether it can be played by email (`mail::MailGame`): only a ruleset without hidden facts.
    pub mail: bool,
    /// Why not, in one line for the start screen (null when it can).
    pub mail_note: Option<String>,
    /// The engine's names of the sides, in `Search::SIDES` order.
    pub sides: Vec<String>,
    pub default_scenario: String,
    pub scenarios: Vec<ScenarioInfo>,
    pub options: Vec<OptionInfo>,
    pub presets: Vec<PresetInfo>,
}

/// The whole catalogue.
#[derive(Clone, Debug, PartialEq, Serialize, Tsify)]
#[tsify(missing_as_null, hashmap_as_object)]
pub struct Catalogue {
    pub rulesets: Vec<RulesetInfo>,
}

/// What a ruleset tells the catalogue beyond the contract.
pub trait Catalogued: Search {
    const TITLE: &'static str;
    /// "hex", "battle" or "areas".
    const BOARD: &'static str;
    const HIDDEN_INFORMATION: bool;
    const DEFAULT_SCENARIO: &'static str;
    fn scenarios() -> Vec<ScenarioInfo>;
    /// The options in the order the start screen shows them; `default` is filled from
    /// `Options::default()` by `info`, so it is never written twice.
    fn option_info() -> Vec<OptionInfo>;
    /// The options a new game on the start screen begins with (each option's `default`):
    /// `Options::default()` unless a ruleset starts new games with more.
    fn start_options() -> Self::Options {
        Self::Options::default()
    }
    fn presets() -> Vec<PresetInfo> {
        Vec::new()
    }
}

fn scenario(id: &str, title: &str, description: &str) -> ScenarioInfo {
    ScenarioInfo { id: id.into(), title: title.into(), description: description.into() }
}

fn flag(name: &str, label: &str, rule: &str, help: &str) -> OptionInfo {
    OptionInfo {
        name: name.into(),
        label: label.into(),
        rule: rule.into(),
        help: help.into(),
        kind: OptionKind::Flag,
        default: OptionValue::Flag(false),
    }
}

/// The catalogue entry of one ruleset.
pub fn info<R: Catalogued>() -> RulesetInfo {
    let name = |v: serde_json::Value| v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string());
    let defaults = serde_json::to_value(R::start_options()).unwrap_or_default();
    let options = R::option_info()
        .into_iter()
        .map(|mut o| {
            o.default = match defaults.get(&o.name) {
                Some(serde_json::Value::Bool(b)) => OptionValue::Flag(*b),
                Some(serde_json::Value::String(s)) => OptionValue::Choice(s.clone()),
                _ => o.default,
            };
            o
        })
        .collect();
    RulesetInfo {
        id: R::RULESET.into(),
        title: R::TITLE.into(),
        rules_version: R::RULES_VERSION,
        board: R::BOARD.into(),
        hidden_information: R::HIDDEN_INFORMATION,
        mail: !R::HIDDEN_FACTS && R::SIDES.len() == 2,
        mail_note: R::HIDDEN_FACTS.then(|| {
            format!("Play by email is not offered for {}: its sides keep facts hidden from each other, which mail cannot seal yet.", R::TITLE)
        }),
        sides: R::SIDES.iter().map(|s| name(serde_json::to_value(s).unwrap_or_default())).collect(),
        default_scenario: R::DEFAULT_SCENARIO.into(),
        scenarios: R::scenarios(),
        options,
        presets: R::presets(),
    }
}

/// Every registered ruleset.
pub fn catalogue() -> Catalogue {
    macro_rules! entries {
        ($($(#[$cfg:meta])* $variant:ident => $ty:ty),* $(,)?) => {{
            let mut rulesets = Vec::new();
            $($(#[$cfg])* rulesets.push(info::<$ty>());)*
            rulesets
        }};
    }
    Catalogue { rulesets: crate::for_each_ruleset!(entries) }
}

impl Catalogued for bailen::Bailen {
    const TITLE: &'static str = "Bailén 1808";
    const BOARD: &'static str = "hex";
    const HIDDEN_INFORMATION: bool = false;
    const DEFAULT_SCENARIO: &'static str = bailen::DEFAULT_SCENARIO;
    fn scenarios() -> Vec<ScenarioInfo> {
        vec![scenario(
            bailen::DEFAULT_SCENARIO,
            "Bailén, 19 July 1808",
            "Dupont's corps, caught between Reding and Castaños on the Royal Road, fights for the road to Madrid while Vedel marches to the guns: 15 rounds.",
        )]
    }
    /// New games confirm their deployment (games saved before the option decode with it off).
    fn start_options() -> bailen::Options {
        bailen::Options { confirm_deployment: true, ..bailen::Options::default() }
    }
    fn option_info() -> Vec<OptionInfo> {
        vec![
            flag("combined_attacks", "Combined attacks", "Optional rules: Combined Attacks", "A second counter may join an attack for +1."),
            flag("cover", "Cover", "Optional rules: Cover", "+1 defence on hills and buildings."),
            flag("protection_against_cavalry", "Protection against cavalry", "Optional rules: Protection against Cavalry", "Infantry in olive groves cannot be attacked by cavalry."),
            flag("roads", "Roads", "Optional rules: Roads", "+1 movement for a move made entirely along a road."),
            flag("swiss", "Swiss troops", "Optional rules: Swiss Troops", "Swiss do not fight Swiss; French Swiss may desert."),
            flag("stifling_heat", "Stifling heat", "Optional rules: Stifling Heat", "R8-R13: −1 movement, reorganize on 4-6; María Bellido waters the Spanish."),
            flag("historical_deployment", "Historical deployment", "Game Setup", "Place the troops as on the reference sheet instead of deploying them."),
            flag("confirm_deployment", "Confirm the deployment", "Game Setup", "Each side may pick up and place again any counter of its deployment step, then confirms it."),
            OptionInfo {
                name: "joker".into(),
                label: "NAC History Joker".into(),
                rule: "NAC History Joker".into(),
                help: "Strategic: one reroll a game; Tempt fate: the Joker changes hands; Off: a house rule without it.".into(),
                kind: OptionKind::Choice {
                    choices: vec![
                        ChoiceInfo { value: "Strategic".into(), label: "Strategic".into() },
                        ChoiceInfo { value: "TemptFate".into(), label: "Tempt fate".into() },
                        ChoiceInfo { value: "Off".into(), label: "Off (house rule)".into() },
                    ],
                },
                default: OptionValue::Choice("Strategic".into()),
            },
        ]
    }
}

impl Catalogued for battle::Battle {
    const TITLE: &'static str = "Age of Muskets: Field Battle";
    const BOARD: &'static str = "battle";
    const HIDDEN_INFORMATION: bool = true;
    const DEFAULT_SCENARIO: &'static str = battle::DEFAULT_SCENARIO;
    fn scenarios() -> Vec<ScenarioInfo> {
        vec![
            scenario("medina-de-rioseco", "Medina de Rioseco (14 July 1808)", "D.1: Bessières against Cuesta and Blake on the plain of Tierra de Campos."),
            scenario("medellin", "Medellín (28 March 1809)", "D.2: Victor's corps against Cuesta's army of Extremadura by the Guadiana."),
            scenario("sagunto", "Sagunto (25 October 1811)", "D.3: Suchet before the castle of Sagunto against Blake's relief army."),
            scenario("ocana", "Ocaña (19 November 1809)", "D.4: Soult and King Joseph against Areizaga's army of La Mancha."),
            scenario("arapiles", "Arapiles / Salamanca (22 July 1812)", "D.5: Wellington falls on Marmont's stretched columns."),
            scenario("vitoria", "Vitoria (21 June 1813)", "D.6: Wellington against King Joseph's retreating armies in the basin of the Zadorra."),
        ]
    }
    fn option_info() -> Vec<OptionInfo> {
        vec![
            flag("terrain_rolls", "Roll for battle terrain", "SR 9.2.i", "House option: roll for terrain on top of the scenario's printed terrain."),
            flag("no_pursuit", "Skip the pursuit", "SR 9.2.p", "It does not change a battle scenario's result."),
            flag("lisboa_lines", "Lisboa Lines", "ER 3.1.d", "As if fought in the Lisboa zone behind the Lines of Torres Vedras: −5 to attacks on the Allies, no Cavalry Charge, no Allied field fortification."),
        ]
    }
}

/// Bloody Monday's optional rules in the rulebook's order (9.0 adds them one at a time).
const BM_OPTIONS: [(&str, &str, &str); 12] = [
    ("jagers", "9.1", "Russian jagers"),
    ("grand_battery", "9.2", "Grand Battery"),
    ("mobility", "9.3", "Mobility"),
    ("first_sabre", "9.4", "First Sabre of the Empire"),
    ("cossacks", "9.5", "Cossacks"),
    ("steadfast", "9.6", "Steadfast units"),
    ("exhausted_leaders", "9.7", "Exhausted leaders"),
    ("general_offensive", "9.8", "General Offensive"),
    ("advanced_combat", "9.9", "Advanced combat"),
    ("battle_fatigue", "9.10", "Battle fatigue"),
    ("command_limit", "9.11", "Barclay/Bagration command limit"),
    ("extreme_command_limit", "9.12", "Extreme command limit"),
];

impl Catalogued for bloody_monday::BloodyMonday {
    const TITLE: &'static str = "Bloody Monday: Borodino 1812";
    const BOARD: &'static str = "areas";
    const HIDDEN_INFORMATION: bool = true;
    const DEFAULT_SCENARIO: &'static str = bloody_monday::BORODINO;
    fn scenarios() -> Vec<ScenarioInfo> {
        vec![
            scenario(bloody_monday::BORODINO, "Borodino (the basic game)", "7 September 1812, four turns of three hours: the Grande Armée against Kutuzov's two Western Armies."),
            scenario(bloody_monday::LAST_BLOOD, "Last Blood (every optional rule, points)", "The last hours of the battle with every optional rule, won on victory points."),
        ]
    }
    fn option_info() -> Vec<OptionInfo> {
        BM_OPTIONS.iter().map(|(name, rule, label)| flag(name, &format!("{rule} {label}"), rule, "")).collect()
    }
    fn presets() -> Vec<PresetInfo> {
        let mut out = vec![PresetInfo { label: "none (the basic game)".into(), on: Vec::new() }];
        for (i, (_, rule, label)) in BM_OPTIONS.iter().enumerate() {
            out.push(PresetInfo {
                label: format!("up to {rule} {label}"),
                on: BM_OPTIONS[..=i].iter().map(|(n, _, _)| n.to_string()).collect(),
            });
        }
        out
    }
}

impl Catalogued for napoleons_battles::NapoleonsBattles {
    const TITLE: &'static str = "Napoleon's Battles";
    const BOARD: &'static str = "table";
    const HIDDEN_INFORMATION: bool = false;
    const DEFAULT_SCENARIO: &'static str = napoleons_battles::DEFAULT_SCENARIO;
    fn scenarios() -> Vec<ScenarioInfo> {
        napoleons_battles::scenario::built_in().iter().map(|s| scenario(&s.id, &s.title, &s.description)).collect()
    }
    fn option_info() -> Vec<OptionInfo> {
        vec![
            flag("rally_own_chain", "Rally by own generals only", "Rally rout troops (1); D5", "Only a general of the unit's own chain of command may rally it."),
            flag("multiply_ratios", "Cost ratios multiply", "Movement (1), (2); D11", "Rough, square and backward ratios on the same inch multiply instead of the highest applying."),
            flag("woods_limit_infantry", "Woods limit infantry fire", "Line of Sight; D18", "The 1\" woods limit binds infantry fire too."),
            flag("literal_move_and_fire", "Move and fire as bonuses", "Fire Principle (2); D27", "Artillery that moved fires at +2 (horse) or +3 (foot), as printed."),
            flag("relative_withdrawal", "Relative withdrawal roll", "Melee Combat (3); D36", "The withdrawal roll adds the difference of the response numbers."),
            flag("quarter_dispersal", "Dispersal at a quarter", "b.4 (optional)", "A unit at 25% or less of its starting figures is dispersed."),
            flag("blakes_own_army", "Blake's own army", "Medina de Rioseco (c.6)", "Blake commands the Army of Galicia as an Overall commander."),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Rules;

    #[test]
    fn every_option_names_a_field_of_the_options_and_takes_its_default() {
        for r in catalogue().rulesets {
            assert!(!r.scenarios.is_empty(), "{}", r.id);
            assert!(r.scenarios.iter().any(|s| s.id == r.default_scenario), "{}", r.id);
            assert_eq!(r.sides.len(), 2, "{}", r.id);
            for o in &r.options {
                assert!(!o.rule.is_empty(), "{}: {} cites no rule", r.id, o.name);
            }
        }
        let bailen = info::<bailen::Bailen>();
        let joker = bailen.options.iter().find(|o| o.name == "joker").expect("joker");
        assert_eq!(joker.default, OptionValue::Choice("Strategic".into()));
        let confirm = bailen.options.iter().find(|o| o.name == "confirm_deployment").expect("confirm_deployment");
        assert_eq!(confirm.default, OptionValue::Flag(true), "new games on the page confirm their deployment");
        let defaults = serde_json::to_value(bailen::Options::default()).unwrap();
        for o in &bailen.options {
            assert!(defaults.get(&o.name).is_some(), "bailen option {} is not a field", o.name);
        }
        let bm = info::<bloody_monday::BloodyMonday>();
        let bm_defaults = serde_json::to_value(bloody_monday::Options::default()).unwrap();
        for o in &bm.options {
            assert!(bm_defaults.get(&o.name).is_some(), "bloody-monday option {} is not a field", o.name);
        }
        assert_eq!(bm.presets.len(), 13);
        assert_eq!(bm.presets[12].on.len(), 12);
        let nb = info::<napoleons_battles::NapoleonsBattles>();
        let nb_defaults = serde_json::to_value(napoleons_battles::Options::default()).unwrap();
        assert_eq!(nb.scenarios.len(), 2);
        for o in &nb.options {
            assert!(nb_defaults.get(&o.name).is_some(), "napoleons-battles option {} is not a field", o.name);
        }
        let b = info::<battle::Battle>();
        let b_defaults = serde_json::to_value(battle::Options::default()).unwrap();
        for o in &b.options {
            assert!(b_defaults.get(&o.name).is_some(), "muskets-battle option {} is not a field", o.name);
        }
    }

    #[test]
    fn every_scenario_starts() {
        for r in catalogue().rulesets {
            for s in &r.scenarios {
                let ok = match r.id.as_str() {
                    bailen::RULESET => bailen::Bailen::new_game(&s.id, &Default::default(), 1).is_ok(),
                    battle::RULESET => battle::Battle::new_game(&s.id, &Default::default(), 1).is_ok(),
                    bloody_monday::RULESET => bloody_monday::BloodyMonday::new_game(&s.id, &Default::default(), 1).is_ok(),
                    napoleons_battles::RULESET => {
                        napoleons_battles::NapoleonsBattles::new_game(&s.id, &Default::default(), 1).is_ok()
                    }
                    other => panic!("unregistered {other}"),
                };
                assert!(ok, "{}: scenario {} does not start", r.id, s.id);
            }
        }
    }
}
