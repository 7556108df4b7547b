//! The options of `yut online host`, `join` and `rejoin`, and the table a host's flags ask
//! for.

use super::tickets::Tickets;
use super::DEFAULT_SERVER;
use std::path::PathBuf;
use yut_core::rules::Preset;
use yut_core::session::BotLevel;
use yut_net::protocol::{RoomOptions, RoomSpec, SeatSpec};

/// Open a room on a yut-server and play it: full screen, or lines with --lines
#[derive(Debug, clap::Args)]
pub struct HostOptions {
    /// The server
    #[arg(long, value_name = "URL", default_value = DEFAULT_SERVER)]
    pub(super) server: String,
    /// Your name in the room (default: Host)
    #[arg(long, value_name = "NAME")]
    pub(super) name: Option<String>,
    /// Plain lines on stdin/stdout instead of the full-screen game (the default when
    /// either is not a terminal)
    #[arg(long)]
    pub(super) lines: bool,
    /// Rule preset
    #[arg(long, value_name = "P", default_value = "yunnori", value_parser = crate::args::preset())]
    pub(super) preset: Preset,
    /// Pieces per seat (default: the preset's)
    #[arg(long, value_name = "K")]
    pieces: Option<u8>,
    /// The seats in order, comma-separated: me, person, easy, medium or hard
    #[arg(long, value_name = "me,person,medium,...", default_value = "me,person", value_parser = seats)]
    pub(super) seats: Seats,
    /// One rule of the preset changed: a JSON value (true, 2, ["mo"]) or a word (exact);
    /// repeatable
    #[arg(long, value_name = "KEY=VALUE", value_parser = rule)]
    rule: Vec<(String, serde_json::Value)>,
    /// Seconds a player whose connection dropped has before a bot starts playing their
    /// seat (default 30); the seat stays theirs and is handed back when they return
    #[arg(long, value_name = "S")]
    grace_secs: Option<u64>,
    /// Seconds each turn may take before a bot makes one move for a player who does not
    /// act (off by default)
    #[arg(long, value_name = "S")]
    turn_secs: Option<u64>,
    /// No taking moves back in this room
    #[arg(long)]
    no_undo: bool,
    /// Where the seats you take are kept, to take them back if this terminal ends
    /// (default: $YUNNORI_TICKETS, else $XDG_DATA_HOME/yunnori/rooms.json, else
    /// ~/.local/share/yunnori/rooms.json)
    #[arg(long, value_name = "FILE")]
    pub(super) tickets: Option<PathBuf>,
}

/// Take a seat in an online room by its code
#[derive(Debug, clap::Args)]
pub struct JoinOptions {
    /// The room's code, as the host was given it
    #[arg(value_name = "CODE")]
    pub(super) code: String,
    /// The server
    #[arg(long, value_name = "URL", default_value = DEFAULT_SERVER)]
    pub(super) server: String,
    /// Your name in the room (full screen asks when it is not given; lines: Guest)
    #[arg(long, value_name = "NAME")]
    pub(super) name: Option<String>,
    /// Plain lines on stdin/stdout instead of the full-screen game (the default when
    /// either is not a terminal)
    #[arg(long)]
    pub(super) lines: bool,
    /// Watch the room without a seat (a spectator: the game as it is played, no keys)
    #[arg(long, conflicts_with = "name")]
    pub(super) watch: bool,
    /// Where the seats you take are kept (see `yut online host --help`); seats kept for
    /// this room are taken back instead of joining anew
    #[arg(long, value_name = "FILE")]
    pub(super) tickets: Option<PathBuf>,
}

/// Take back the seats this computer holds in a room (the last one joined, or CODE)
#[derive(Debug, clap::Args)]
pub struct RejoinOptions {
    /// The room's code (default: the room last joined on that server)
    #[arg(value_name = "CODE")]
    pub(super) code: Option<String>,
    /// The server
    #[arg(long, value_name = "URL", default_value = DEFAULT_SERVER)]
    pub(super) server: String,
    /// Plain lines instead of the full-screen game
    #[arg(long)]
    pub(super) lines: bool,
    /// Where the seats are kept (see `yut online host --help`)
    #[arg(long, value_name = "FILE")]
    pub(super) tickets: Option<PathBuf>,
}

/// The tickets file asked for, or the usual one.
pub(super) fn tickets(file: &Option<PathBuf>) -> Option<Tickets> {
    match file {
        Some(f) => Some(Tickets::at(f.clone())),
        None => Tickets::usual(),
    }
}

/// The seats `--seats` asks for, and which of them are the host's own.
#[derive(Clone, Debug)]
pub struct Seats {
    pub(super) specs: Vec<SeatSpec>,
    pub(super) mine: Vec<usize>,
}

pub(super) fn level(id: &str) -> Option<BotLevel> {
    BotLevel::ALL.into_iter().find(|l| l.id() == id)
}

/// `--seats`: `me`, `person` or a bot level per seat, at least one `me`.
fn seats(v: &str) -> Result<Seats, String> {
    let mut specs = Vec::new();
    let mut mine = Vec::new();
    for (i, s) in v.split(',').map(str::trim).enumerate() {
        specs.push(match s {
            "me" => {
                mine.push(i);
                SeatSpec::person()
            }
            "person" => SeatSpec::person(),
            other => SeatSpec::bot(
                level(other)
                    .ok_or_else(|| format!("{other:?} is not me, person, easy, medium or hard"))?,
            ),
        });
    }
    if mine.is_empty() {
        return Err("at least one seat must be `me`".into());
    }
    Ok(Seats { specs, mine })
}

/// `--rule KEY=VALUE`: a JSON value (true, 2, ["mo"]) or else a plain word ("exact").
fn rule(v: &str) -> Result<(String, serde_json::Value), String> {
    let (k, val) = v
        .split_once('=')
        .ok_or_else(|| format!("wants KEY=VALUE, not {v:?}"))?;
    let value = serde_json::from_str(val).unwrap_or_else(|_| val.into());
    Ok((k.to_string(), value))
}

/// The table `yut online host` opens.
pub(super) fn host_table(o: &HostOptions) -> RoomSpec {
    let mut rules = serde_json::json!({"preset": o.preset.id()});
    if let Some(n) = o.pieces {
        rules["pieces_per_player"] = n.into();
    }
    for (k, v) in &o.rule {
        rules[k.as_str()] = v.clone();
    }
    let mut options = RoomOptions::default();
    if let Some(s) = o.grace_secs {
        options.grace_ms = s.saturating_mul(1000);
    }
    if let Some(s) = o.turn_secs {
        options.turn_timer_ms = Some(s.saturating_mul(1000));
    }
    if o.no_undo {
        options.undo = false;
    }
    RoomSpec {
        rules,
        seats: o.seats.specs.clone(),
        teams: None,
        options,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yut_core::session::Player;

    /// `yut online host ARGS` through the program's whole command line.
    fn host_options(s: &str) -> Result<HostOptions, clap::Error> {
        use clap::Parser;
        let line = ["yut", "online", "host"]
            .into_iter()
            .chain(s.split_whitespace());
        match crate::Cli::try_parse_from(line)?.command {
            crate::Command::Online(crate::online::Command::Host(o)) => Ok(o),
            other => panic!("parsed as {other:?}"),
        }
    }

    #[test]
    fn host_flags_make_the_table() {
        let o = host_options(
            "--server ws://127.0.0.1:9 --name Mina --seats me,person,hard,me --pieces 2 \
             --rule back_do=false --rule finish=exact --rule bonus_throw_on=[\"mo\"] --turn-secs 30",
        )
        .unwrap();
        let t = host_table(&o);
        assert_eq!(o.server, "ws://127.0.0.1:9");
        assert_eq!(o.name.as_deref(), Some("Mina"));
        assert_eq!(o.seats.mine, vec![0, 3]);
        assert_eq!(t.seats.len(), 4);
        assert_eq!(
            t.seats[2].player,
            Player::Bot {
                level: BotLevel::Hard
            }
        );
        assert_eq!(t.rules["back_do"], serde_json::json!(false));
        assert_eq!(t.rules["finish"], serde_json::json!("exact"));
        assert_eq!(t.rules["bonus_throw_on"], serde_json::json!(["mo"]));
        assert_eq!(t.rules["pieces_per_player"], serde_json::json!(2));
        assert_eq!(t.options.turn_timer_ms, Some(30_000));
        // The rules reach the engine as a valid rule set.
        assert!(yut_core::rules::RuleSet::from_json(&t.rules).is_ok());
        // Without flags: the default server, two people, the host in seat 0.
        let o = host_options("").unwrap();
        assert_eq!(
            (o.server.as_str(), o.name.as_deref()),
            (DEFAULT_SERVER, None)
        );
        assert!(!o.lines);
        assert_eq!((o.seats.specs.len(), o.seats.mine.clone()), (2, vec![0]));
    }

    #[test]
    fn a_host_needs_a_seat_and_known_levels() {
        for (line, names) in [
            ("--seats person,easy", "--seats"),
            ("--seats me,expert", "\"expert\""),
            ("--rule nonsense", "--rule"),
            ("--preset chess", "--preset"),
        ] {
            let e = host_options(line).expect_err(line);
            assert_eq!(e.exit_code(), 2, "{line}");
            assert!(e.to_string().contains(names), "{line}: {e}");
        }
    }
}
