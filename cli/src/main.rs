//! `yut`: the terminal face of Yunnori.

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand};
use std::ffi::OsString;
use std::process::ExitCode;

mod args;
mod bot;
mod online;
mod play;
mod saves;
mod scenario;
mod sim;
mod throws;

// The whole command line, one definition for parsing, help, usage and completions (doc
// comments here are the help text). Asking for help is never a mistake: `--help`/`-h`
// anywhere prints usage on stdout with status 0 and runs nothing (`yut bot --help` must
// not wait for a position on stdin); a mistake names the argument on stderr, status 2.

/// Yunnori (Yut Nori) in the terminal: the game, rule scenarios, bot benchmarks, save
/// files and online rooms
#[derive(Debug, Parser)]
#[command(
    name = "yut",
    version,
    arg_required_else_help = true,
    flatten_help = true,
    after_help = "`yut COMMAND --help` prints one command's options."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    Play(play::Options),
    Scenario(scenario::Options),
    Sim(sim::Options),
    Bot(bot::Options),
    Throws(throws::Options),
    #[command(subcommand, flatten_help = true, disable_help_subcommand = true)]
    Saves(saves::Command),
    #[command(subcommand, flatten_help = true, disable_help_subcommand = true)]
    Online(online::Command),
    /// Print shell completions for `yut` (`yut completions bash >
    /// ~/.local/share/bash-completion/completions/yut`)
    Completions {
        /// The shell to complete in
        shell: clap_complete::Shell,
    },
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

/// The command line, or the way out clap chose: help and version on stdout with status 0,
/// a mistake on stderr with status 2.
fn parse(args: Vec<OsString>) -> Result<Cli, clap::Error> {
    let first = Cli::try_parse_from(&args);
    match &first {
        Err(e) if !matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            // Help asked for in place of a value (`yut play --seed --help`) is still help.
            help_asked(&args).map_or(first, Cli::try_parse_from)
        }
        _ => first,
    }
}

/// `yut PATH... --help` when `-h` or `--help` stands among the arguments of the commands
/// named by PATH (before any `--`); `None` when the commands are not all known.
fn help_asked(args: &[OsString]) -> Option<Vec<OsString>> {
    let options = args.get(1..)?;
    let options = &options[..options
        .iter()
        .position(|a| a == "--")
        .unwrap_or(options.len())];
    if !options.iter().any(|a| a == "-h" || a == "--help") {
        return None;
    }
    let mut cmd = Cli::command();
    let mut path = vec![args.first()?.clone()];
    for a in options {
        if !cmd.has_subcommands() {
            break;
        }
        let name = a.to_str()?;
        if name.starts_with('-') {
            break;
        }
        cmd = cmd.find_subcommand(name)?.clone();
        path.push(a.clone());
    }
    path.push("--help".into());
    Some(path)
}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = match parse(std::env::args_os().collect()) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    match cli.command {
        Command::Play(o) => play::main(o),
        Command::Scenario(o) => scenario::main(o),
        Command::Sim(o) => sim::main(o),
        Command::Bot(o) => bot::main(o),
        Command::Throws(o) => throws::main(o),
        Command::Saves(c) => saves::main(c),
        Command::Online(c) => online::main(c),
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "yut", &mut std::io::stdout());
            ExitCode::SUCCESS
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{parse, Cli};
    use clap::error::ErrorKind;
    use clap::CommandFactory;

    fn parse_of(args: &str) -> Result<Cli, clap::Error> {
        parse(args.split(' ').map(Into::into).collect())
    }

    /// Help wins wherever it stands, even where a value was due, and shows the help of
    /// the command it follows; an unknown command stays a mistake.
    #[test]
    fn help_in_place_of_a_value_is_still_help() {
        for line in [
            "yut play --seed --help",
            "yut sim --a -h",
            "yut online host --seats --help",
            "yut saves check --help",
        ] {
            let e = parse_of(line).expect_err(line);
            assert_eq!(
                (e.kind(), e.exit_code()),
                (ErrorKind::DisplayHelp, 0),
                "{line}"
            );
            let words: Vec<&str> = line
                .split(' ')
                .take_while(|w| !w.starts_with('-'))
                .collect();
            assert!(e.to_string().contains(&words.join(" ")), "{line}: {e}");
        }
        for line in [
            "yut frobnicate --help",
            "yut saves frobnicate -h",
            "yut play -- --help",
        ] {
            let e = parse_of(line).expect_err(line);
            assert_eq!(e.exit_code(), 2, "{line}: {e}");
        }
    }

    /// clap's own consistency checks of the definition (duplicate flags, bad defaults).
    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
