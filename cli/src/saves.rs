//! `yut saves`: look at save files from the terminal.
//!
//! - `yut saves list DIR`: the Resume list the apps show, damaged games marked;
//! - `yut saves check FILE`: the file's summary, or why it cannot be loaded; exit status 0
//!   for a good file, 1 for a bad one (no backup fallback: exactly that file is judged);
//! - `yut saves bench [N]`: save, load and list times of a finished 4-seat game, and its
//!   file size (run it in release).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};
use yut_core::game::Phase;
use yut_core::rules::RuleSet;
use yut_core::save::{self, EntryStatus, SaveError, SaveLibrary, Summary};
use yut_core::session::{NewSession, Player, Seat, Session, SessionError, SessionOptions};
use yut_core::throw::ThrowRng;

/// Save files: the Resume list, one file's check, save/load timings
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// The Resume list of a save directory, damaged games marked
    List {
        /// The save directory
        #[arg(value_name = "DIR")]
        dir: PathBuf,
    },
    /// A save file's summary, or why it is refused (exit status 1)
    Check {
        /// The save file
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Save/load timings of a finished 4-seat game (run it in release)
    Bench {
        /// Rounds to time
        #[arg(value_name = "N", default_value_t = 200, value_parser = crate::args::at_least_one::<u32>)]
        rounds: u32,
    },
}

pub fn main(c: Command) -> ExitCode {
    match c {
        Command::List { dir } => list(&dir),
        Command::Check { file } => check(&file),
        Command::Bench { rounds } => bench(rounds),
    }
}

/// A stable one-word name for each error kind, for scripts reading the output.
fn kind(e: &SaveError) -> &'static str {
    match e {
        SaveError::NotFound => "not_found",
        SaveError::Corrupt { .. } => "corrupt",
        SaveError::NewerVersion { .. } => "newer_version",
        SaveError::Unreadable(_) => "unreadable",
        SaveError::Unwritable(_) => "unwritable",
        SaveError::Undeletable(_) => "undeletable",
        SaveError::BadId(_) => "bad_id",
        SaveError::ChangedElsewhere => "changed_elsewhere",
        SaveError::DeletedElsewhere => "deleted_elsewhere",
        SaveError::NoDirectory => "no_directory",
    }
}

fn list(dir: &Path) -> ExitCode {
    if !dir.is_dir() {
        eprintln!("{}: not a directory", dir.display());
        return ExitCode::FAILURE;
    }
    let lib = match SaveLibrary::open(dir) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("{}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
    };
    let entries = match lib.list() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("{}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
    };
    let damaged = entries
        .iter()
        .filter(|e| !matches!(e.status, EntryStatus::Good(_)))
        .count();
    println!(
        "{} saved game(s) in {}{}",
        entries.len(),
        dir.display(),
        if damaged > 0 {
            format!(", {damaged} damaged")
        } else {
            String::new()
        }
    );
    for e in &entries {
        match &e.status {
            EntryStatus::Good(s) => print_entry(&e.id, s, None),
            EntryStatus::Backup { summary, damage } => print_entry(&e.id, summary, Some(damage)),
            EntryStatus::Damaged(err) => {
                println!("\n{}  DAMAGED ({}): {err}", e.id, kind(err));
            }
        }
    }
    ExitCode::SUCCESS
}

fn print_entry(id: &str, s: &Summary, damage: Option<&SaveError>) {
    let state = if s.finished {
        let winners = names_where(s, |seat| seat.place == Some(1));
        format!("FINISHED, won by {winners}")
    } else {
        let next = s
            .to_move
            .and_then(|i| s.seats.get(i))
            .map_or("?", |seat| seat.name.as_str());
        format!("{next} to play")
    };
    println!(
        "\n{id}  {}  {state}  (last played {})",
        s.preset.id(),
        utc(s.updated_ms)
    );
    if let Some(d) = damage {
        println!(
            "  DAMAGED main file ({}): {d}; loading opens the backup shown here",
            kind(d)
        );
    }
    for seat in &s.seats {
        println!(
            "  {} {:<16} {:<12} side {}  {}/{} home{}",
            seat.colour,
            seat.name,
            player(seat.player),
            seat.side,
            seat.finished,
            s.pieces_per_player,
            seat.place.map_or(String::new(), |p| format!("  place {p}")),
        );
    }
}

fn names_where(s: &Summary, f: impl Fn(&save::SeatSummary) -> bool) -> String {
    let names: Vec<&str> = s
        .seats
        .iter()
        .filter(|x| f(x))
        .map(|x| x.name.as_str())
        .collect();
    names.join(" & ")
}

fn player(p: Player) -> String {
    match p {
        Player::Human => "human".into(),
        Player::Bot { level } => format!("bot {}", level.id()),
    }
}

fn check(file: &Path) -> ExitCode {
    match save::check_file(file) {
        Ok(l) => {
            println!("OK {}", file.display());
            let s = &l.summary;
            print_entry(&s.id, s, None);
            println!(
                "  {} actions, turn {}, created {}",
                s.actions,
                l.session.turn_number(),
                utc(s.created_ms)
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!("BAD {} ({}): {e}", file.display(), kind(&e));
            ExitCode::FAILURE
        }
    }
}

/// `YYYY-MM-DD HH:MM UTC` from milliseconds since the epoch (no clock library needed).
fn utc(ms: u64) -> String {
    let secs = ms / 1000;
    let (days, rem) = ((secs / 86_400) as i64, secs % 86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60
    )
}

/// A finished game at a table of four: of 21 games played at random from fixed seeds,
/// the one of median length, so the figures are typical rather than lucky.
fn finished_four_seat_game() -> Result<Session, SessionError> {
    let mut games = (0..21)
        .map(random_four_seat_game)
        .collect::<Result<Vec<_>, _>>()?;
    games.sort_by_key(|s| s.history().len());
    Ok(games.swap_remove(games.len() / 2))
}

fn random_four_seat_game(seed: u64) -> Result<Session, SessionError> {
    let colours = ["#D32F2F", "#1976D2", "#388E3C", "#FBC02D"];
    let seats = colours
        .iter()
        .enumerate()
        .map(|(i, c)| Seat {
            name: format!("Player {}", i + 1),
            colour: c.to_string(),
            player: Player::Human,
        })
        .collect();
    let spec = NewSession {
        rules: RuleSet::default(),
        seats,
        teams: None,
        seed,
        options: SessionOptions::default(),
    };
    let mut s = Session::new(spec)?;
    let mut pick = ThrowRng::seeded(seed ^ 0x5eed);
    while !s.game().is_over() {
        match s.game().phase() {
            Phase::Throw => {
                s.throw()?;
            }
            _ => {
                let moves = s.game().legal_moves();
                let Some(m) = moves.get(pick.below(moves.len())) else {
                    break;
                };
                s.play(&m.mv)?;
            }
        }
    }
    Ok(s)
}

fn stats(mut t: Vec<Duration>) -> String {
    t.sort();
    let mean = t.iter().sum::<Duration>() / t.len().max(1) as u32;
    let median = t.get(t.len() / 2).copied().unwrap_or_default();
    let max = t.last().copied().unwrap_or_default();
    format!("mean {mean:.2?}, median {median:.2?}, max {max:.2?}")
}

fn bench(rounds: u32) -> ExitCode {
    let s = match finished_four_seat_game() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("bench failed: {e}");
            return ExitCode::FAILURE;
        }
    };
    let dir = std::env::temp_dir().join(format!("yut-saves-bench-{}", std::process::id()));
    let result = (|| -> Result<(), SaveError> {
        let lib = SaveLibrary::open(&dir)?;
        let bytes = save::encode(&s)?;
        let (mut enc, mut dec, mut sav, mut load) = (vec![], vec![], vec![], vec![]);
        let mut seen = None;
        for _ in 0..rounds {
            let t = Instant::now();
            let b = save::encode(&s)?;
            enc.push(t.elapsed());
            let t = Instant::now();
            save::decode(&b)?;
            dec.push(t.elapsed());
            let t = Instant::now();
            seen = Some(lib.save(&s, seen)?);
            sav.push(t.elapsed());
            let t = Instant::now();
            lib.load(&s.id)?;
            load.push(t.elapsed());
        }
        // A Resume list of 50 such games.
        for k in 0..49 {
            let mut other = s.clone();
            other.id = format!("bench{k}");
            lib.save(&other, None)?;
        }
        let mut listing = vec![];
        for _ in 0..rounds.min(50) {
            let t = Instant::now();
            lib.list()?;
            listing.push(t.elapsed());
        }
        println!(
            "finished 4-seat game: {} actions, {} turns, file {} bytes",
            s.history().len(),
            s.turns(),
            bytes.len()
        );
        println!("encode only        {}", stats(enc));
        println!("decode+replay only {}", stats(dec));
        println!("save (atomic)      {}", stats(sav));
        println!("load (checked)     {}", stats(load));
        println!("list of 50 games   {}", stats(listing));
        Ok(())
    })();
    let _ = std::fs::remove_dir_all(&dir);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bench failed: {e}");
            ExitCode::FAILURE
        }
    }
}
