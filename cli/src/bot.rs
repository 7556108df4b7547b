//! `yut bot --level L`: one position in on stdin (`{rules, seats, teams?, setup}` as in
//! SCENARIOS.md, the hand already thrown), the bot's move out on stdout as
//! `{"from", "use", "route", "stack"?}`. Errors go to stderr with exit status 1.

use serde::Deserialize;
use std::io::Read;
use std::process::ExitCode;
use std::time::Duration;
use yut_core::bot::{Bot, Level};
use yut_core::game::Phase;
use yut_core::setup::{MoveSpec, Setup, Table};

pub const USAGE: &str =
    "usage: yut bot --level random|easy|medium|hard [--seed S] [--budget-ms MS] \
< position.json";

/// The request: a table and a position.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    #[serde(default = "empty_object")]
    rules: serde_json::Value,
    seats: usize,
    #[serde(default)]
    teams: Option<Vec<Vec<usize>>>,
    setup: Setup,
}

fn empty_object() -> serde_json::Value {
    serde_json::Value::Object(Default::default())
}

pub fn main(args: &[String]) -> ExitCode {
    match run(args) {
        Ok(out) => {
            println!("{out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("yut bot: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<String, String> {
    let mut level = None;
    let mut seed = 0u64;
    let mut budget = Duration::from_millis(1000);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it
            .next()
            .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        match flag.as_str() {
            "--level" => level = Some(value.parse::<Level>().map_err(|e| e.to_string())?),
            "--seed" => {
                seed = value
                    .parse()
                    .map_err(|_| format!("--seed: {value:?} is not a whole number"))?
            }
            "--budget-ms" => {
                budget = Duration::from_millis(
                    value
                        .parse()
                        .map_err(|_| format!("--budget-ms: {value:?} is not a whole number"))?,
                )
            }
            _ => return Err(format!("unknown option {flag}\n{USAGE}")),
        }
    }
    let level = level.ok_or_else(|| format!("--level is required\n{USAGE}"))?;
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| format!("cannot read stdin: {e}"))?;
    let req: Request = serde_json::from_str(&text).map_err(|e| format!("bad request JSON: {e}"))?;
    let table = Table {
        rules: req.rules,
        seats: req.seats,
        teams: req.teams,
    };
    let game = req.setup.build(&table).map_err(|e| e.to_string())?;
    match game.phase() {
        Phase::Over => return Err("the game is over: there is no move to choose".into()),
        Phase::Throw => {
            return Err(
                "no result in hand can be moved: throw first (give the hand in setup)".into(),
            )
        }
        Phase::Move => {}
    }
    let mut bot = Bot::new(level, seed);
    let legal = bot
        .choose_legal(&game, budget, None)
        .ok_or("the bot found no move")?;
    serde_json::to_string(&MoveSpec::of(&legal)).map_err(|e| e.to_string())
}
