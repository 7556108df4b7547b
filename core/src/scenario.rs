//! The rule scenario format (shared SCENARIOS.md): parse a file, play its steps, report the
//! first difference. Pure: the caller reads the file.

use crate::board::Spot;
use crate::game::{Game, LegalMove};
use crate::setup::{stack_fits, MoveSpec, Setup, TableSpec};
use crate::throw::Throw;
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// A scenario file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    #[serde(default = "empty_object")]
    pub rules: Value,
    pub seats: usize,
    #[serde(default)]
    pub teams: Option<Vec<Vec<usize>>>,
    #[serde(default)]
    pub setup: Option<Setup>,
    pub steps: Vec<Step>,
}

fn empty_object() -> Value {
    Value::Object(Default::default())
}

/// One step. Exactly one key per step object.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Step {
    Throw(Throw),
    Move(MoveSpec),
    Expect(Expect),
    ExpectLegal(Vec<ExpectedMove>),
    ExpectError(ExpectError),
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    #[serde(default)]
    pub pieces: Option<BTreeMap<String, Vec<Spot>>>,
    #[serde(default)]
    pub to_move: Option<usize>,
    #[serde(default)]
    pub owed: Option<u8>,
    #[serde(default)]
    pub hand: Option<Vec<Throw>>,
    /// Side index or null; absent means not checked.
    #[serde(default, deserialize_with = "some_value")]
    pub winner: Option<Option<usize>>,
    #[serde(default)]
    pub finished: Option<Finished>,
}

/// Finished pieces per seat: `{"0": 4}` or `[4, 0]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum Finished {
    BySeat(BTreeMap<String, u8>),
    List(Vec<u8>),
}

fn some_value<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(d).map(Some)
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedMove {
    pub from: Spot,
    #[serde(rename = "use")]
    pub uses: Vec<Throw>,
    pub to: Spot,
    #[serde(default)]
    pub route: Option<crate::route::RouteId>,
    #[serde(default)]
    pub stack: Option<bool>,
    /// The size of the group that moves, as in `move`.
    #[serde(default)]
    pub count: Option<u8>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectError {
    #[serde(rename = "move")]
    pub mv: MoveSpec,
}

/// Why a scenario failed: a malformed file, or a step whose outcome differed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScenarioError {
    #[error("malformed scenario: {0}")]
    Malformed(String),
    #[error("step {index} ({kind}): {message}")]
    Step {
        index: usize,
        kind: &'static str,
        message: String,
    },
}

impl Scenario {
    pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
        serde_json::from_str(text).map_err(|e| ScenarioError::Malformed(e.to_string()))
    }

    pub fn table(&self) -> TableSpec {
        TableSpec {
            rules: self.rules.clone(),
            seats: self.seats,
            teams: self.teams.clone(),
        }
    }

    /// The game before the first step.
    pub fn start(&self) -> Result<Game, ScenarioError> {
        self.table()
            .game(self.setup.as_ref())
            .map_err(|e| ScenarioError::Malformed(e.to_string()))
    }

    /// Plays every step; `Ok` when all held.
    pub fn run(&self) -> Result<(), ScenarioError> {
        let mut game = self.start()?;
        for (index, step) in self.steps.iter().enumerate() {
            let fail = |kind: &'static str, message: String| ScenarioError::Step {
                index,
                kind,
                message,
            };
            match step {
                Step::Throw(t) => {
                    game.throw_result(*t)
                        .map_err(|e| fail("throw", format!("throw {t} refused: {e}")))?;
                }
                Step::Move(spec) => {
                    let legal = find_one(&game, spec).map_err(|m| fail("move", m))?;
                    game.play_legal(&legal)
                        .map_err(|e| fail("move", e.to_string()))?;
                }
                Step::Expect(x) => check(&game, x).map_err(|m| fail("expect", m))?,
                Step::ExpectLegal(want) => {
                    check_legal(&game, want).map_err(|m| fail("expect_legal", m))?
                }
                Step::ExpectError(x) => {
                    if let Ok(l) = find_one(&game, &x.mv) {
                        let mut probe = game.clone();
                        if probe.play_legal(&l).is_ok() {
                            return Err(fail(
                                "expect_error",
                                format!("move {} was accepted", show_spec(&x.mv)),
                            ));
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

/// The single legal move matching a spec, or why there is none.
pub fn find_one(game: &Game, spec: &MoveSpec) -> Result<LegalMove, String> {
    let legal = game.legal_moves();
    let found: Vec<&LegalMove> = legal.iter().filter(|l| spec.matches(l)).collect();
    match found.as_slice() {
        [one] => Ok((*one).clone()),
        [] => Err(format!(
            "no legal move matches {} (phase {:?}; legal: {})",
            show_spec(spec),
            game.phase(),
            show_legal(&legal)
        )),
        many => Err(format!(
            "{} legal moves match {}: {}; {}",
            many.len(),
            show_spec(spec),
            show_legal(&many.iter().map(|l| (*l).clone()).collect::<Vec<_>>()),
            tell_apart(many)
        )),
    }
}

/// What a move spec must add to pick one of several matching moves: the fields in
/// which they differ, `count` where groups of different sizes share the station.
fn tell_apart(many: &[&LegalMove]) -> String {
    let differ = |f: &dyn Fn(&LegalMove) -> String| many.iter().any(|l| f(l) != f(many[0]));
    let fields: Vec<&str> = [
        ("\"route\"", differ(&|l| l.mv.route.to_string())),
        ("\"stack\"", differ(&|l| format!("{:?}", l.mv.stack))),
        (
            "\"count\" (the size of the group that moves)",
            differ(&|l| l.mv.pieces.to_string()),
        ),
    ]
    .into_iter()
    .filter_map(|(name, d)| d.then_some(name))
    .collect();
    if fields.is_empty() {
        "they differ only in their results".into()
    } else {
        format!("say which with {}", fields.join(" and "))
    }
}

fn show_spec(s: &MoveSpec) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

fn show_legal(legal: &[LegalMove]) -> String {
    if legal.is_empty() {
        return "none".into();
    }
    legal
        .iter()
        .map(|l| {
            let uses: Vec<&str> = l.mv.uses.iter().map(|t| t.id()).collect();
            let stack = match l.mv.stack {
                Some(true) => " stack",
                Some(false) => " no-stack",
                None => "",
            };
            // The group's size where it is more than one piece (`count` in the format).
            let count = match l.mv.pieces {
                1 => String::new(),
                n => format!(" count {n}"),
            };
            format!(
                "{}[{}]->{} via {}{stack}{count}",
                l.mv.from,
                uses.join(","),
                l.to,
                l.mv.route,
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn sorted<T: Ord + Clone>(v: &[T]) -> Vec<T> {
    let mut v = v.to_vec();
    v.sort();
    v
}

fn seat_key(k: &str, seats: usize) -> Result<usize, String> {
    k.parse::<usize>()
        .ok()
        .filter(|s| *s < seats)
        .ok_or_else(|| format!("{k:?} is not a seat"))
}

fn ids(v: &[Spot]) -> String {
    v.iter().map(|s| s.id()).collect::<Vec<_>>().join(", ")
}

fn check(game: &Game, x: &Expect) -> Result<(), String> {
    let mut diffs = Vec::new();
    if let Some(p) = &x.pieces {
        for (k, want) in p {
            let seat = seat_key(k, game.seats())?;
            let got = sorted(&game.pieces_of(seat));
            if got != sorted(want) {
                diffs.push(format!(
                    "pieces of seat {seat}: expected [{}], got [{}]",
                    ids(&sorted(want)),
                    ids(&got)
                ));
            }
        }
    }
    if let Some(t) = x.to_move {
        if game.to_move() != t {
            diffs.push(format!("to_move: expected {t}, got {}", game.to_move()));
        }
    }
    if let Some(o) = x.owed {
        if game.owed() != o {
            diffs.push(format!("owed: expected {o}, got {}", game.owed()));
        }
    }
    if let Some(h) = &x.hand {
        let got: Vec<Throw> = sorted(&game.hand().iter().map(|h| h.throw).collect::<Vec<_>>());
        if got != sorted(h) {
            diffs.push(format!("hand: expected {:?}, got {:?}", sorted(h), got));
        }
    }
    if let Some(w) = x.winner {
        if game.winner() != w {
            diffs.push(format!("winner: expected {w:?}, got {:?}", game.winner()));
        }
    }
    if let Some(f) = &x.finished {
        let want: Vec<(usize, u8)> = match f {
            Finished::BySeat(m) => m
                .iter()
                .map(|(k, n)| seat_key(k, game.seats()).map(|s| (s, *n)))
                .collect::<Result<_, _>>()?,
            Finished::List(v) => v.iter().copied().enumerate().collect(),
        };
        for (seat, n) in want {
            if seat >= game.seats() {
                return Err(format!("finished: seat {seat} does not exist"));
            }
            if game.done(seat) != n {
                diffs.push(format!(
                    "finished of seat {seat}: expected {n}, got {}",
                    game.done(seat)
                ));
            }
        }
    }
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(diffs.join("; "))
    }
}

fn fits(e: &ExpectedMove, l: &LegalMove) -> bool {
    e.from == l.mv.from
        && sorted(&e.uses) == l.mv.uses
        && e.to == l.to
        && e.route.is_none_or(|r| r == l.mv.route)
        && e.stack.is_none_or(|s| stack_fits(s, l.mv.stack))
        && e.count.is_none_or(|c| c == l.mv.pieces)
}

fn check_legal(game: &Game, want: &[ExpectedMove]) -> Result<(), String> {
    let legal = game.legal_moves();
    let missing: Vec<String> = want
        .iter()
        .filter(|e| !legal.iter().any(|l| fits(e, l)))
        .map(|e| {
            let uses: Vec<&str> = e.uses.iter().map(|t| t.id()).collect();
            let count = e.count.map(|c| format!(" count {c}")).unwrap_or_default();
            format!("{}[{}]->{}{count}", e.from, uses.join(","), e.to)
        })
        .collect();
    let extra: Vec<LegalMove> = legal
        .iter()
        .filter(|l| !want.iter().any(|e| fits(e, l)))
        .cloned()
        .collect();
    if missing.is_empty() && extra.is_empty() {
        return Ok(());
    }
    let mut msg = Vec::new();
    if !missing.is_empty() {
        msg.push(format!("expected but not legal: {}", missing.join("; ")));
    }
    if !extra.is_empty() {
        msg.push(format!("legal but not expected: {}", show_legal(&extra)));
    }
    msg.push(format!("(phase {:?})", game.phase()));
    Err(msg.join("; "))
}
