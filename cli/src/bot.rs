//! `yut bot --level L`: one position in on stdin (`{rules, seats, teams?, setup}` as in
//! SCENARIOS.md, the hand already thrown), the bot's move out on stdout as
//! `{"from", "use", "route", "stack"?}`. Errors go to stderr with exit status 1.

use serde::Deserialize;
use std::io::Read;
use std::process::ExitCode;
use std::time::Duration;
use yut_core::bot::{Bot, Level};
use yut_core::game::Phase;
use yut_core::setup::{MoveSpec, Setup, TableSpec};

/// One bot move for one position, read as JSON on standard input
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Reads one position (JSON) on standard input and prints the move \
                        as JSON; a malformed position, or one where no move is due, exits \
                        with status 1."
)]
pub struct Options {
    /// The bot's level
    #[arg(long, value_name = "L", value_parser = crate::args::level())]
    level: Level,
    /// Seed of the bot's random choices
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Time budget of the decision, in milliseconds
    #[arg(long = "budget-ms", value_name = "MS", default_value_t = 1000)]
    budget_ms: u64,
}

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

pub fn main(o: Options) -> ExitCode {
    match run(&o) {
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

fn run(o: &Options) -> Result<String, String> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| format!("cannot read stdin: {e}"))?;
    let req: Request = serde_json::from_str(&text).map_err(|e| format!("bad request JSON: {e}"))?;
    let table = TableSpec {
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
    let mut bot = Bot::new(o.level, o.seed);
    let legal = bot
        .choose_legal(&game, Duration::from_millis(o.budget_ms), None)
        .ok_or("the bot found no move")?;
    serde_json::to_string(&MoveSpec::of(&legal)).map_err(|e| e.to_string())
}
