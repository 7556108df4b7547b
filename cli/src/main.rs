//! `yut`: the terminal face of Yunnori.

use std::process::ExitCode;

mod bot;
mod play;
mod saves;
mod scenario;
mod sim;

fn usage() -> ExitCode {
    eprintln!(
        "usage:\n  yut play [--resume] [--save-dir DIR] [--seed N]   play a game in the terminal\n  yut scenario FILE_OR_DIR...   run rule scenario files\n  yut sim --a L --b L --games N [--seed S] [--preset P] [--seats S] [--pieces K] [--json]\n                                bot against bot (L: random easy medium hard optimal)\n  yut bot --level L < position.json   a bot's move for one position\n  yut saves list DIR | check FILE | bench [N]   save files: Resume list, check, timings\n"
    );
    ExitCode::from(2)
}

/// A closed pipe (`yut sim | head`) ends the program quietly, as it does any Unix tool,
/// instead of a panic in `println!`.
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called first in `main`, before any thread starts; SIG_DFL is always valid.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("play") => play::main(&args[1..]),
        Some("scenario") => scenario::main(&args[1..]),
        Some("sim") => sim::main(&args[1..]),
        Some("bot") => bot::main(&args[1..]),
        Some("saves") => saves::main(&args[1..]),
        _ => usage(),
    }
}
