//! `yut`: the terminal face of Yunnori.

use std::process::ExitCode;

mod bot;
mod online;
mod play;
mod saves;
mod scenario;
mod sim;
mod throws;

/// The whole program's usage: on stdout with success when asked for, on stderr with
/// status 2 after a mistake.
const USAGE: &str = "usage:
  yut play [--resume] [--save-dir DIR] [--seed N]   play a game in the terminal
  yut scenario FILE_OR_DIR...   run rule scenario files
  yut sim --a L --b L --games N [--seed S] [--preset P] [--seats S] [--pieces K] [--json]
                                bot against bot (L: random easy medium hard optimal)
  yut bot --level L < position.json   a bot's move for one position
  yut throws --count N [--seed S] [--json]   the physical throw's benchmark
  yut saves list DIR | check FILE | bench [N]   save files: Resume list, check, timings
  yut online host | join CODE | bench ...   online rooms on a yut-server
  yut COMMAND --help            one command's options";

fn usage() -> ExitCode {
    eprintln!("{USAGE}");
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
    let (command, rest) = match args.split_first() {
        Some((c, rest)) => (c.as_str(), rest),
        None => return usage(),
    };
    let (run, help): (fn(&[String]) -> ExitCode, &str) = match command {
        "play" => (play::main, play::USAGE),
        "scenario" => (scenario::main, scenario::USAGE),
        "sim" => (sim::main, sim::USAGE),
        "throws" => (throws::main, throws::USAGE),
        "bot" => (bot::main, bot::USAGE),
        "saves" => (saves::main, saves::USAGE),
        "online" => (online::main, online::USAGE),
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => return usage(),
    };
    // Asking for help is never a mistake: the command's usage on stdout, status 0, and
    // nothing run (`yut bot --help` must not wait for a position on stdin).
    if rest.iter().any(|a| a == "-h" || a == "--help") {
        println!("{help}");
        return ExitCode::SUCCESS;
    }
    run(rest)
}
