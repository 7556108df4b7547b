//! Data the apps build screens from: the board, the throw names, the presets and the rule
//! options with their labels. The values and their checks come from the core; this file
//! only adds the words shown on screen.

use crate::convert::{index, station, to_i32};
use crate::error::YutError;
use crate::records::*;
use serde_json::{Map, Value};
use yut_core::board::Station;
use yut_core::rules::{Preset as CorePreset, RuleSet};
use yut_core::session::{NewSession, Seat, Session, SessionOptions};
use yut_core::throw::Throw as CoreThrow;

/// The board: 29 stations with their drawing positions and names, and the lines between
/// them.
pub fn board_layout() -> BoardLayout {
    let stations: Vec<StationInfo> = Station::all()
        .map(|s| {
            let (x, y) = s.coordinates();
            let name = s.name();
            StationInfo {
                id: s.id(),
                index: to_i32(s.index()),
                x,
                y,
                corner_or_center: s.is_corner_or_center(),
                name_korean: name.map(|(ko, _)| ko.to_string()),
                name_english: name.map(|(_, en)| en.to_string()),
                neighbours: s.neighbours().iter().map(|n| n.id()).collect(),
            }
        })
        .collect();
    let lines = Station::all()
        .flat_map(|a| {
            a.neighbours()
                .into_iter()
                .filter(move |b| a < *b)
                .map(move |b| BoardLine {
                    from: a.id(),
                    to: b.id(),
                })
        })
        .collect();
    BoardLayout {
        stations,
        lines,
        start_station: Station::CHAMMEOGI.id(),
    }
}

/// The six results with their ids and names, in step order (Back-Do first).
pub fn throw_kinds() -> Vec<ThrowInfo> {
    CoreThrow::ALL
        .iter()
        .map(|t| ThrowInfo {
            result: (*t).into(),
            id: t.id().to_string(),
            korean: t.korean().to_string(),
            english: t.english().to_string(),
            steps: i32::from(t.steps()),
        })
        .collect()
}

/// A result by its id in files (`back_do`, `do`, `gae`, `geol`, `yut`, `mo`).
pub fn throw_from_id(id: String) -> Result<Throw, YutError> {
    id.parse::<CoreThrow>()
        .map(Throw::from)
        .map_err(|e| YutError::InvalidInput {
            reason: e.to_string(),
        })
}

/// A route by its id in files (`outer`, `mo`, `mo_straight`, `dwitmo`, `jjimo`).
pub fn route_from_id(id: String) -> Result<Route, YutError> {
    id.parse::<yut_core::route::RouteId>()
        .map(Route::from)
        .map_err(|e| YutError::InvalidInput {
            reason: e.to_string(),
        })
}

/// The named traditions, the app's own first.
pub fn presets() -> Vec<PresetInfo> {
    CorePreset::ALL
        .iter()
        .map(|p| {
            let (min, max) = RuleSet::preset(*p).seat_range();
            let (label, description) = match p {
                CorePreset::Yunnori => (
                    "Yunnori",
                    "The app's rules: Back-Do, a bonus throw for Yut, Mo and every capture, \
                     move after each throw, pieces always stack.",
                ),
                CorePreset::Culin1895 => (
                    "Culin 1895",
                    "Stewart Culin's account: throw everything first, combine results, \
                     stack by choice, a larger stack cannot be landed on.",
                ),
                CorePreset::NyoutRu => (
                    "Nyout (Russian set)",
                    "A boxed set's rulebook: bonus throws for Do, Yut and Mo, a single prize \
                     throw for a capture, 참먹이 is safe, up to six players.",
                ),
            };
            PresetInfo {
                preset: (*p).into(),
                id: p.id().to_string(),
                label: label.to_string(),
                description: description.to_string(),
                min_seats: to_i32(min),
                max_seats: to_i32(max),
            }
        })
        .collect()
}

/// Pieces each seat plays with at this table, as the preset's tradition deals them (Culin:
/// 3 for three players, 2 for four in teams; otherwise 4). The new-game form sets
/// `pieces_per_player` to it whenever the preset, the seat count or the teams change.
pub fn table_pieces(preset: Preset, seats: i32, teams: bool) -> i32 {
    let preset: CorePreset = preset.into();
    to_i32(preset.pieces_for_table(usize::try_from(seats).unwrap_or(0), teams))
}

/// A preset with nothing changed.
pub fn preset_rules(preset: Preset) -> Rules {
    Rules {
        preset,
        changes: Vec::new(),
    }
}

/// Checks a rule set and describes every option: label, allowed values, current value and
/// the preset's value. The new-game screen is built from this list.
pub fn describe_rules(rules: Rules) -> Result<RulesDescription, YutError> {
    describe(&rule_set(&rules)?)
}

/// The option descriptions of a resolved rule set.
pub fn describe(resolved: &RuleSet) -> Result<RulesDescription, YutError> {
    let preset = RuleSet::preset(resolved.preset);
    let now = as_object(resolved.to_json())?;
    let base = as_object(preset.to_json())?;
    let mut options = Vec::with_capacity(OPTIONS.len());
    let mut changes = Vec::new();
    for d in OPTIONS {
        let value = rule_value(d, now.get(d.key))?;
        let preset_value = rule_value(d, base.get(d.key))?;
        if value != preset_value {
            changes.push(RuleSetting {
                key: d.key.to_string(),
                value: value.clone(),
            });
        }
        options.push(RuleOption {
            key: d.key.to_string(),
            label: d.label.to_string(),
            help: d.help.to_string(),
            kind: d.kind(),
            choices: d.choices(),
            value,
            preset_value,
        });
    }
    let (min, max) = resolved.seat_range();
    Ok(RulesDescription {
        rules: Rules {
            preset: resolved.preset.into(),
            changes,
        },
        options,
        min_seats: to_i32(min),
        max_seats: to_i32(max),
    })
}

/// The core's rule set for the apps' form: the JSON rule format (a preset plus the
/// changed options), checked by the core.
pub fn rule_set(rules: &Rules) -> Result<RuleSet, YutError> {
    let mut obj = Map::new();
    let preset: CorePreset = rules.preset.into();
    obj.insert("preset".into(), Value::from(preset.id()));
    for s in &rules.changes {
        if obj.insert(s.key.clone(), json_value(s)?).is_some() {
            return Err(YutError::InvalidRules {
                reason: format!("option {:?} is given twice", s.key),
            });
        }
    }
    Ok(RuleSet::from_json(&Value::Object(obj))?)
}

fn json_value(s: &RuleSetting) -> Result<Value, YutError> {
    Ok(match &s.value {
        RuleValue::Flag { on } => Value::from(*on),
        RuleValue::Choice { id } => Value::from(id.as_str()),
        RuleValue::Count { value } => Value::from(*value),
        // JSON has no NaN or infinity (they would read as "not given").
        RuleValue::Probability { value } if !value.is_finite() => {
            return Err(YutError::InvalidRules {
                reason: format!("{} must be a number, not {value}", s.key),
            })
        }
        RuleValue::Probability { value } => Value::from(*value),
        RuleValue::Throws { results } => Value::Array(
            results
                .iter()
                .map(|t| Value::from(CoreThrow::from(*t).id()))
                .collect(),
        ),
        RuleValue::Stations { ids } => {
            Value::Array(ids.iter().map(|s| Value::from(s.as_str())).collect())
        }
    })
}

fn as_object(v: Value) -> Result<Map<String, Value>, YutError> {
    match v {
        Value::Object(m) => Ok(m),
        other => Err(YutError::Internal {
            reason: format!("the core wrote rules as {other}"),
        }),
    }
}

fn rule_value(d: &OptionDesc, v: Option<&Value>) -> Result<RuleValue, YutError> {
    let bad = || YutError::Internal {
        reason: format!("rule option {} reads as {v:?}", d.key),
    };
    let v = v.ok_or_else(bad)?;
    Ok(match d.shape {
        Shape::Flag => RuleValue::Flag {
            on: v.as_bool().ok_or_else(bad)?,
        },
        Shape::Choice(_) => RuleValue::Choice {
            id: v.as_str().ok_or_else(bad)?.to_string(),
        },
        Shape::Count(..) => RuleValue::Count {
            value: v
                .as_i64()
                .and_then(|n| i32::try_from(n).ok())
                .ok_or_else(bad)?,
        },
        Shape::Probability => RuleValue::Probability {
            value: v.as_f64().ok_or_else(bad)?,
        },
        Shape::Throws => {
            let ids = v.as_array().ok_or_else(bad)?;
            let mut results = Vec::with_capacity(ids.len());
            for id in ids {
                let t: CoreThrow = id.as_str().and_then(|s| s.parse().ok()).ok_or_else(bad)?;
                results.push(t.into());
            }
            RuleValue::Throws { results }
        }
        Shape::Stations => {
            let list = v.as_array().ok_or_else(bad)?;
            let mut ids = Vec::with_capacity(list.len());
            for id in list {
                let s = station(id.as_str().ok_or_else(bad)?)?;
                ids.push(s.id());
            }
            RuleValue::Stations { ids }
        }
    })
}

enum Shape {
    Flag,
    Choice(&'static [(&'static str, &'static str)]),
    Count(i32, i32),
    Probability,
    Throws,
    Stations,
}

struct OptionDesc {
    key: &'static str,
    label: &'static str,
    help: &'static str,
    shape: Shape,
}

impl OptionDesc {
    fn kind(&self) -> RuleKind {
        match self.shape {
            Shape::Flag => RuleKind::Flag,
            Shape::Choice(_) => RuleKind::Choice,
            Shape::Count(min, max) => RuleKind::Count { min, max },
            Shape::Probability => RuleKind::Probability {
                min: yut_core::rules::STICK_FLAT_MIN,
                max: yut_core::rules::STICK_FLAT_MAX,
            },
            Shape::Throws => RuleKind::ThrowSet,
            Shape::Stations => RuleKind::StationSet,
        }
    }

    fn choices(&self) -> Vec<RuleChoice> {
        let choice = |id: &str, label: &str| RuleChoice {
            id: id.to_string(),
            label: label.to_string(),
        };
        match self.shape {
            Shape::Flag | Shape::Count(..) | Shape::Probability => Vec::new(),
            Shape::Choice(list) => list.iter().map(|(id, l)| choice(id, l)).collect(),
            // Back-Do never owes a bonus throw.
            Shape::Throws => CoreThrow::FORWARD
                .iter()
                .map(|t| choice(t.id(), &format!("{} {}", t.korean(), t.english())))
                .collect(),
            Shape::Stations => Station::all()
                .map(|s| {
                    let label = match s.name() {
                        Some((ko, en)) => format!("{} {ko} ({en})", s.id()),
                        None => s.id(),
                    };
                    choice(&s.id(), &label)
                })
                .collect(),
        }
    }
}

const SWITCH: &[(&str, &str)] = &[
    ("forced", "Always turn"),
    ("optional", "Player chooses"),
    ("only_if_shorter", "Choose, where shorter"),
    ("never", "Never turn"),
];

/// Every option of RULES.md §10, in the order the new-game screen lists them.
const OPTIONS: &[OptionDesc] = &[
    OptionDesc {
        key: "back_do",
        label: "Back-Do",
        help: "The marked stick alone flat side up moves a piece one step back.",
        shape: Shape::Flag,
    },
    OptionDesc {
        key: "bonus_throw_on",
        label: "Bonus throw on",
        help:
            "Results that earn one more throw. A series ends once 16 results are in hand or owed.",
        shape: Shape::Throws,
    },
    OptionDesc {
        key: "throw_timing",
        label: "When to move",
        help: "Move after each throw, or throw every owed throw first and then spend them.",
        shape: Shape::Choice(&[
            ("move_after_each", "After each throw"),
            ("collect_first", "After all throws"),
        ]),
    },
    OptionDesc {
        key: "combine_results",
        label: "Combine results",
        help: "Several results may be added up and moved by one piece in one move.",
        shape: Shape::Flag,
    },
    OptionDesc {
        key: "capture_bonus",
        label: "Capture bonus",
        help: "What a capture earns.",
        shape: Shape::Choice(&[
            ("each", "A throw for every capture"),
            ("single_prize", "One prize throw"),
            ("off", "Nothing"),
        ]),
    },
    OptionDesc {
        key: "stacking",
        label: "Stacking",
        help: "Whether a piece landing on its own side's pieces joins them.",
        shape: Shape::Choice(&[
            ("mandatory", "Always"),
            ("optional", "Player chooses"),
            ("off", "Never"),
        ]),
    },
    OptionDesc {
        key: "shortcut",
        label: "Shortcut at 5, 10 and the centre",
        help: "Whether a piece landing on a corner takes the diagonal.",
        shape: Shape::Choice(SWITCH),
    },
    OptionDesc {
        key: "shortcut_at_15",
        label: "Shortcut at 15",
        help: "Whether a piece landing on 찌모 turns towards the centre.",
        shape: Shape::Choice(SWITCH),
    },
    OptionDesc {
        key: "center_pass_through",
        label: "At the centre",
        help: "Whether a piece coming from 모 turns at the centre or runs straight on.",
        shape: Shape::Choice(&[("turn", "Turn to 참먹이"), ("straight", "Run straight on")]),
    },
    OptionDesc {
        key: "exit_via_start_corner",
        label: "Diagonals exit through 참먹이",
        help: "Pieces on a diagonal must pass 참먹이 to finish.",
        shape: Shape::Flag,
    },
    OptionDesc {
        key: "capture_needs_equal_or_larger_stack",
        label: "Only equal or larger stacks capture",
        help: "A stack may not land on a larger opposing group.",
        shape: Shape::Flag,
    },
    OptionDesc {
        key: "safe_stations",
        label: "Safe stations",
        help: "Stations where nobody can be captured.",
        shape: Shape::Stations,
    },
    OptionDesc {
        key: "finish",
        label: "Finishing",
        help: "Whether a piece may pass the exit, or must reach it exactly.",
        shape: Shape::Choice(&[("pass", "Passing the exit"), ("exact", "Exact count")]),
    },
    OptionDesc {
        key: "first_player",
        label: "Who starts",
        help: "How the first player is chosen.",
        shape: Shape::Choice(&[
            ("seat_order", "The first seat"),
            ("random", "By lot"),
            ("throw_off", "Highest throw"),
        ]),
    },
    OptionDesc {
        key: "back_do_when_empty",
        label: "Back-Do with nothing on the board",
        help: "Whether it enters a piece on 1 or is lost.",
        shape: Shape::Choice(&[("enter", "Enters on 1"), ("lost", "Is lost")]),
    },
    OptionDesc {
        key: "back_do_from_first",
        label: "Back-Do from station 1",
        help: "Where a piece on 1 goes back to.",
        shape: Shape::Choice(&[("home", "Off the board"), ("to_start_corner", "To 참먹이")]),
    },
    OptionDesc {
        key: "pieces_per_player",
        label: "Pieces per player",
        help: "How many pieces each player brings home.",
        shape: Shape::Count(1, 4),
    },
    OptionDesc {
        key: "play_on_for_places",
        label: "Play on for places",
        help: "After the winner, keep playing to rank everyone.",
        shape: Shape::Flag,
    },
    OptionDesc {
        key: "stick_flat_probability",
        label: "Stick bias",
        help: "Chance that a stick lands flat side up (fair sticks: 0.5).",
        shape: Shape::Probability,
    },
    OptionDesc {
        key: "nak",
        label: "낙 (stick off the mat)",
        help: "Now and then a stick flies off the mat and the throw counts for nothing.",
        shape: Shape::Flag,
    },
];

/// The core's session for the table `game` describes (its seed must be set: the app core
/// picks one from its clock when the form leaves it open).
pub fn new_session(game: &NewGame) -> Result<Session, YutError> {
    new_session_at(game, yut_core::session::now_ms())
}

/// `new_session` at `now_ms` from the caller's clock (the browser has none std can read).
pub fn new_session_at(game: &NewGame, now_ms: u64) -> Result<Session, YutError> {
    let rules = rule_set(&game.rules)?;
    let seats = game
        .seats
        .iter()
        .map(|s| Seat {
            name: s.name.clone(),
            colour: s.colour.clone(),
            player: s.player.into(),
        })
        .collect();
    let teams = match &game.teams {
        None => None,
        Some(sides) => Some(
            sides
                .iter()
                .map(|side| {
                    side.iter()
                        .map(|s| index(*s, "seat"))
                        .collect::<Result<Vec<_>, _>>()
                })
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    let spec = NewSession {
        rules,
        seats,
        teams,
        seed: game.seed.unwrap_or_default(),
        options: SessionOptions { undo: game.undo },
    };
    Ok(Session::new_at(spec, now_ms)?)
}

/// The table a session was started with (for "play again").
pub fn setup_of(setup: &NewSession) -> Result<NewGame, YutError> {
    Ok(NewGame {
        rules: describe(&setup.rules)?.rules,
        seats: setup
            .seats
            .iter()
            .map(|seat| SeatSpec {
                name: seat.name.clone(),
                colour: seat.colour.clone(),
                player: seat.player.into(),
            })
            .collect(),
        teams: setup.teams.as_ref().map(|t| {
            t.iter()
                .map(|side| side.iter().map(|s| to_i32(*s)).collect())
                .collect()
        }),
        seed: Some(setup.seed),
        undo: setup.options.undo,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_core_option_is_described_and_every_choice_is_accepted() {
        let json = as_object(RuleSet::default().to_json()).unwrap();
        for key in json.keys().filter(|k| *k != "preset") {
            assert!(
                OPTIONS.iter().any(|d| d.key == key),
                "option {key} has no description"
            );
        }
        assert_eq!(OPTIONS.len(), json.len() - 1);
        for d in OPTIONS {
            if let Shape::Choice(list) = d.shape {
                for (id, _) in list {
                    let rules = Rules {
                        preset: Preset::Yunnori,
                        changes: vec![RuleSetting {
                            key: d.key.into(),
                            value: RuleValue::Choice { id: id.to_string() },
                        }],
                    };
                    // Some combinations are refused as a whole (none here); the value
                    // itself must be one the core knows.
                    rule_set(&rules).unwrap_or_else(|e| panic!("{}={id}: {e}", d.key));
                }
            }
        }
    }

    #[test]
    fn changes_round_trip_and_normalise() {
        let rules = Rules {
            preset: Preset::NyoutRu,
            changes: vec![
                RuleSetting {
                    key: "finish".into(),
                    value: RuleValue::Choice { id: "exact".into() },
                },
                // Same as the preset: dropped from the normal form.
                RuleSetting {
                    key: "back_do".into(),
                    value: RuleValue::Flag { on: false },
                },
                RuleSetting {
                    key: "safe_stations".into(),
                    value: RuleValue::Stations {
                        ids: vec!["5".into(), "20".into()],
                    },
                },
            ],
        };
        let d = describe_rules(rules).unwrap();
        assert_eq!(d.rules.changes.len(), 2);
        assert_eq!((d.min_seats, d.max_seats), (2, 6));
        let again = describe_rules(d.rules.clone()).unwrap();
        assert_eq!(again, d);
    }

    #[test]
    fn bad_rules_are_typed_errors() {
        let bad = |key: &str, value: RuleValue| {
            describe_rules(Rules {
                preset: Preset::Yunnori,
                changes: vec![RuleSetting {
                    key: key.into(),
                    value,
                }],
            })
        };
        assert!(matches!(
            bad("bakc_do", RuleValue::Flag { on: true }),
            Err(YutError::InvalidRules { .. })
        ));
        assert!(matches!(
            bad(
                "stacking",
                RuleValue::Choice {
                    id: "sometimes".into()
                }
            ),
            Err(YutError::InvalidRules { .. })
        ));
        assert!(matches!(
            bad("pieces_per_player", RuleValue::Count { value: 9 }),
            Err(YutError::InvalidRules { .. })
        ));
        assert!(matches!(
            bad(
                "stick_flat_probability",
                RuleValue::Probability { value: f64::NAN }
            ),
            Err(YutError::InvalidRules { .. })
        ));
    }

    #[test]
    fn board_has_29_stations_and_the_lines_of_the_square_and_diagonals() {
        let b = board_layout();
        assert_eq!(b.stations.len(), 29);
        // 20 edges round the square, 6 on each diagonal.
        assert_eq!(b.lines.len(), 32);
        assert_eq!(b.start_station, "20");
    }
}
