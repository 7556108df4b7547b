//! The app core's journeys as a WebAssembly export, for scripts/check-wasm.sh: built for
//! wasm32-unknown-unknown and run in Node with no imports at all (no JavaScript glue, so no
//! clock and no randomness from the host), they play through the paths the browser takes.
//! Whatever reads std's clock or draws OS randomness there panics, which traps; the panic's
//! message is kept for the script to print.

#[path = "../tests/common/mod.rs"]
mod common;

use common::{bot, human, table, Device, Journey};
use std::sync::Mutex;
use yut_app::records::BotLevel;
use yut_app::store::MemoryKv;
use yut_app::{AppEvent, AppScreen, TableAction};

static FAILURE: Mutex<String> = Mutex::new(String::new());

fn check(ok: bool, what: &str) {
    if !ok {
        panic!("{what}");
    }
}

/// A person against a medium and a hard bot on the web's saved games (a key/value store):
/// flights planned, bots searching, a hint, the game to its end, the review, and the game
/// found again in the saved games by a new app on the same store. Returns the actions
/// played.
fn local_game() -> u32 {
    let device = Device::Kv(MemoryKv::default());
    let mut j = Journey::on_device(&device, MemoryKv::default());
    let setup = table(
        vec![
            human("Ana", "#D55E00"),
            bot("Medium", "#0072B2", BotLevel::Medium),
            bot("Hard", "#009E73", BotLevel::Hard),
        ],
        5,
        2,
    );
    j.send(AppEvent::StartGame { setup });
    check(j.view().screen == AppScreen::Table, "the table opens");
    let id = j.table().game_id.clone();
    let mut hinted = false;
    let mut steps = 0;
    while !j.table().snapshot.over {
        check(steps < 3000, "the game ends");
        let t = j.table();
        if t.can_move && !hinted {
            hinted = true;
            j.act(TableAction::Hint);
            check(j.table().hint.is_some(), "the hint comes");
        }
        if t.can_throw || t.can_move {
            j.person_step();
        } else {
            let at = j.tick.expect("a bot's step or a landing is pending");
            j.advance_to(at);
        }
        steps += 1;
    }
    check(hinted, "a hint was asked");
    j.act(TableAction::Review);
    check(j.table().review.is_some(), "the review comes");
    j.act(TableAction::Leave);
    let again = Journey::on_device(&device, MemoryKv::default());
    let row = again.view().saved.rows.into_iter().find(|r| r.id == id);
    check(
        row.is_some_and(|r| r.can_open && r.summary.is_some_and(|s| s.finished)),
        "the finished game is in the saved games",
    );
    steps
}

/// Runs every journey; the actions played (a trap when one fails).
#[no_mangle]
pub extern "C" fn journeys() -> u32 {
    std::panic::set_hook(Box::new(|info| {
        let mut f = FAILURE.lock().unwrap_or_else(|p| p.into_inner());
        *f = info.to_string();
    }));
    local_game()
}

/// Where the failed journey's panic message is (after a trap).
#[no_mangle]
pub extern "C" fn failure_ptr() -> *const u8 {
    FAILURE.lock().map_or(std::ptr::null(), |f| f.as_ptr())
}

#[no_mangle]
pub extern "C" fn failure_len() -> usize {
    FAILURE.lock().map_or(0, |f| f.len())
}
