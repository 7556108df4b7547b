//! `yut`: the terminal face of Yunnori.

use clap::{CommandFactory, Parser, Subcommand};
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

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    // Help and version on stdout with status 0, mistakes on stderr with status 2.
    let cli = Cli::parse();
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
    use super::Cli;
    use clap::CommandFactory;

    /// clap's own consistency checks of the definition (duplicate flags, bad defaults).
    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
