//! `yut`: the terminal face of Yunnori.

use std::process::ExitCode;

mod scenario;

fn usage() -> ExitCode {
    eprintln!("usage:\n  yut scenario FILE_OR_DIR...   run rule scenario files\n");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("scenario") => scenario::main(&args[1..]),
        _ => usage(),
    }
}
