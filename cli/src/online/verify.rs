//! `yut online verify`: checks that every throw of a finished game came from the secret
//! its room committed to before the game (docs/PROTOCOL.md, "Verifiable throws"). The
//! game comes from a file (a room as the server sends it: a `room` message, or the
//! snapshot inside one) or from the server itself, watching the room by its code.

use super::{words, DEFAULT_SERVER};
use std::path::PathBuf;
use std::process::ExitCode;
use yut_net::protocol::{normalise_code, RoomSnapshot, ServerMessage};
use yut_net::verify::ThrowCheck;
use yut_net::{ChannelListener, Client};

/// Check a finished game's throws against the secret its room committed to
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("from").required(true).args(["file", "code"])))]
pub struct Options {
    /// A room as the server sent it (a `room` message or its `room` object), in JSON
    #[arg(long, value_name = "FILE")]
    file: Option<PathBuf>,
    /// The room's code: its game is read from the server, watching the room
    #[arg(value_name = "CODE")]
    code: Option<String>,
    /// The server holding the room (with CODE)
    #[arg(long, value_name = "URL", default_value = DEFAULT_SERVER)]
    server: String,
    /// Also write the room as read from the server to FILE, to check again later
    #[arg(long, value_name = "FILE", requires = "code")]
    save: Option<PathBuf>,
}

/// Exit status: 0 verified, 1 the throws do not check out, 2 nothing could be checked.
pub fn main(o: Options) -> ExitCode {
    let room = match read(&o) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("yut online verify: {e}");
            return ExitCode::from(2);
        }
    };
    let (status, line) = verdict(&room);
    if status == 0 {
        println!("{line}");
    } else {
        eprintln!("{line}");
    }
    ExitCode::from(status)
}

/// What the check says of a room's game, and the exit status that goes with it.
pub fn verdict(room: &RoomSnapshot) -> (u8, String) {
    let code = &room.code;
    match room.throw_check() {
        None => (2, format!("room {code} has no game to check")),
        Some(ThrowCheck::Committed) => (
            2,
            format!("room {code}: the game is not over yet; its secret is revealed when it ends"),
        ),
        Some(c @ ThrowCheck::Verified { .. }) => (
            0,
            format!(
                "room {code}, game {}: {}",
                room.game.as_ref().map_or(0, |g| g.number),
                words::throws(&c).unwrap_or_default()
            ),
        ),
        Some(c @ ThrowCheck::Mismatch { .. }) => (
            1,
            format!("room {code}: {}", words::throws(&c).unwrap_or_default()),
        ),
        Some(c @ ThrowCheck::Unverifiable) => (
            2,
            format!("room {code}: {}", words::throws(&c).unwrap_or_default()),
        ),
    }
}

/// A room written as the server sends it: the `room` message, or the snapshot itself.
pub fn parse(text: &str) -> Result<RoomSnapshot, String> {
    if let Ok(ServerMessage::Room { room }) = ServerMessage::from_json(text) {
        return Ok(room);
    }
    serde_json::from_str::<RoomSnapshot>(text)
        .map_err(|e| format!("not a room as the server sends it: {e}"))
}

fn read(o: &Options) -> Result<RoomSnapshot, String> {
    if let Some(f) = &o.file {
        let text = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
        return parse(&text).map_err(|e| format!("{}: {e}", f.display()));
    }
    let typed = o.code.as_deref().unwrap_or_default();
    let code = normalise_code(typed).ok_or_else(|| words::not_a_code(typed))?;
    let room = fetch(&o.server, &code)?;
    if let Some(f) = &o.save {
        let text = serde_json::to_string_pretty(&ServerMessage::Room { room: room.clone() })
            .map_err(|e| e.to_string())?;
        std::fs::write(f, text).map_err(|e| format!("{}: {e}", f.display()))?;
    }
    Ok(room)
}

/// The room as the server shows a spectator.
fn fetch(server: &str, code: &str) -> Result<RoomSnapshot, String> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    rt.block_on(async {
        let (listener, mut rx) = ChannelListener::new();
        let client = Client::connect(server, listener)
            .await
            .map_err(|e| format!("cannot reach {server}: {e}"))?;
        client
            .spectate(code)
            .await
            .map_err(|e| words::refused("Watching", &e, Some(code), false))?;
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(15);
        let room = loop {
            match tokio::time::timeout_at(deadline, rx.recv()).await {
                Ok(Some(yut_net::ClientEvent::Room(r))) => break Ok(r),
                Ok(Some(_)) => {}
                Ok(None) | Err(_) => break Err(format!("room {code} was not sent in time")),
            }
        };
        let _ = client.leave().await;
        client.close();
        room
    })
}
