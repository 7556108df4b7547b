//! `yut-train`: makes the bots' built-in data. `network` trains a table's network by
//! self-play and writes `core/src/bot/net_*.bin` (the same settings give the same file, bit
//! for bit); `versus` the pair for a player facing the medium bot; `strength` measures a
//! network one turn ahead; `regret`, `fit-eval`, `fit-eval-outcomes` and `worst-eval`
//! measure and tune the race model against the exact solver. Build with `--release`.

use clap::{Parser, Subcommand, ValueEnum};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use yut_core::bot::train::{self, Mix, Rival, Stage, TrainError};
use yut_core::rules::{Preset, RuleSet};

/// Where the built-in weights live, next to the code that reads them.
const BUILT_IN_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../core/src/bot");

#[derive(Parser)]
#[command(
    name = "yut-train",
    version,
    about = "Trains the bots' networks and tunes the race model (build with --release)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The two-seat table a network is for.
#[derive(clap::Args, Clone, Copy)]
struct TableArgs {
    /// Rule preset
    #[arg(long, value_enum, default_value_t = PresetArg::Yunnori)]
    preset: PresetArg,
    /// Pieces each
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=5))]
    pieces: u8,
}

#[derive(Clone, Copy, ValueEnum)]
enum PresetArg {
    Yunnori,
    Culin1895,
    NyoutRu,
}

impl TableArgs {
    fn rules(self) -> RuleSet {
        let preset = match self.preset {
            PresetArg::Yunnori => Preset::Yunnori,
            PresetArg::Culin1895 => Preset::Culin1895,
            PresetArg::NyoutRu => Preset::NyoutRu,
        };
        train::table(preset, self.pieces)
    }
}

/// One stage of your own instead of the built-in schedule.
#[derive(clap::Args, Clone, Copy)]
struct StageArgs {
    /// Games of one stage of your own (instead of the built-in schedule)
    #[arg(long, value_name = "N")]
    games: Option<usize>,
    /// Its learning rate (falls linearly to a fifth of it over the stage)
    #[arg(long, value_name = "R", requires = "games")]
    rate: Option<f32>,
}

impl StageArgs {
    fn stages(self, schedule: &[Stage], default_rate: f32) -> Vec<Stage> {
        match self.games {
            Some(games) => vec![Stage {
                games,
                rate: self.rate.unwrap_or(default_rate),
            }],
            None => schedule.to_vec(),
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Trains a table's network by self-play (TD(λ)) and writes it; with no options, the
    /// built-in schedule that made core/src/bot/net_yunnori.bin, reproduced bit for bit
    Network {
        #[command(flatten)]
        table: TableArgs,
        #[command(flatten)]
        stage: StageArgs,
        /// Start from these weights instead of a fresh network
        #[arg(long, value_name = "FILE")]
        from: Option<PathBuf>,
        /// Hidden units of a fresh network
        #[arg(long, value_name = "N", default_value_t = 32, value_parser = clap::value_parser!(u16).range(1..=128))]
        hidden: u16,
        /// Where to write (default: the table's built-in file in core/src/bot/)
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// λ of the λ-returns
        #[arg(long, default_value_t = 0.7)]
        lambda: f32,
        /// Of every 20 games, self-play
        #[arg(long, default_value_t = 12)]
        self_share: usize,
        /// Of every 20 games, against the medium bot (the rest against random moves)
        #[arg(long, default_value_t = 5)]
        medium_share: usize,
        /// The network's side searches with this many nodes instead of looking one turn
        /// ahead (slow)
        #[arg(long, value_name = "NODES", default_value_t = 0)]
        search: u64,
        #[command(flatten)]
        report: ReportArgs,
    },
    /// Trains the pair of networks for a player facing one rival, from the table's network,
    /// and writes `<stem>.bin` and `<stem>_rival.bin` (built in: net_yunnori_vs_medium)
    Versus {
        #[command(flatten)]
        table: TableArgs,
        #[command(flatten)]
        stage: StageArgs,
        /// The rival
        #[arg(long, value_enum, default_value_t = RivalArg::Medium)]
        rival: RivalArg,
        /// File stem to write (default: the built-in one in core/src/bot/)
        #[arg(long, value_name = "STEM")]
        out: Option<PathBuf>,
        /// λ of the λ-returns
        #[arg(long, default_value_t = 0.7)]
        lambda: f32,
        #[command(flatten)]
        report: ReportArgs,
    },
    /// The one-turn-greedy player with the race model, then with the table's network (or
    /// FILE), against the medium bot and random moves
    Strength {
        #[command(flatten)]
        table: TableArgs,
        /// Games against each rival
        #[arg(long, default_value_t = 4000)]
        games: usize,
        /// These weights instead of the built-in network
        #[arg(long, value_name = "FILE")]
        from: Option<PathBuf>,
    },
    /// Each bot's regret against the exact solver of the 2-piece game
    Regret {
        /// Then a coordinate search of the race model's weights (slow)
        #[arg(long)]
        descend: bool,
    },
    /// Fits the race model's weights to the solver's values of the 2-piece game
    FitEval,
    /// Fits the race model's weights to who won from 4-piece positions
    FitEvalOutcomes,
    /// The positions where the race model is furthest from the solver
    WorstEval,
}

#[derive(Clone, Copy, ValueEnum)]
enum RivalArg {
    Medium,
    Random,
}

/// Why the tool stopped.
#[derive(Debug)]
enum Failure {
    Train(TrainError),
    File(PathBuf, std::io::Error),
}

impl From<TrainError> for Failure {
    fn from(e: TrainError) -> Failure {
        Failure::Train(e)
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Train(e) => write!(f, "{e}"),
            Failure::File(path, e) => write!(f, "{}: {e}", path.display()),
        }
    }
}

fn read(path: &Path) -> Result<Vec<u8>, Failure> {
    std::fs::read(path).map_err(|e| Failure::File(path.to_path_buf(), e))
}

fn write(path: &Path, bytes: &[u8], out: &mut dyn Write) -> Result<(), Failure> {
    std::fs::write(path, bytes).map_err(|e| Failure::File(path.to_path_buf(), e))?;
    writeln!(out, "wrote {}", path.display()).map_err(TrainError::from)?;
    Ok(())
}

/// The built-in file of `rules`' table with `suffix`: core/src/bot/net_yunnori_2p.bin, …
fn built_in(rules: &RuleSet, suffix: &str) -> PathBuf {
    Path::new(BUILT_IN_DIR).join(format!("{}{suffix}.bin", train::weights_stem(rules)))
}

/// How the new weights are measured once written.
#[derive(clap::Args, Clone, Copy)]
struct ReportArgs {
    /// Games the new network plays one turn ahead against each rival once written (0: none)
    #[arg(long, value_name = "N", default_value_t = 16_000)]
    report_games: usize,
}

impl ReportArgs {
    fn report(
        self,
        rules: &RuleSet,
        net: &[u8],
        rival_net: Option<&[u8]>,
        out: &mut dyn Write,
    ) -> Result<(), TrainError> {
        match self.report_games {
            0 => Ok(()),
            games => train::greedy_report(rules, Some(net), rival_net, games, out),
        }
    }
}

fn run(command: Command, out: &mut dyn Write) -> Result<(), Failure> {
    match command {
        Command::Network {
            table,
            stage,
            from,
            hidden,
            out: file,
            lambda,
            self_share,
            medium_share,
            search,
            report,
        } => {
            let rules = table.rules();
            let start = from.as_deref().map(read).transpose()?;
            let mix = Mix {
                lambda,
                self_share,
                medium_share,
                search_nodes: search,
            };
            let stages = stage.stages(&train::NETWORK_SCHEDULE, 0.02);
            let weights = train::train_network(
                &rules,
                &stages,
                start.as_deref(),
                Some(usize::from(hidden)),
                &mix,
                out,
            )?;
            let file = file.unwrap_or_else(|| built_in(&rules, ""));
            write(&file, &weights, out)?;
            report.report(&rules, &weights, None, out)?;
        }
        Command::Versus {
            table,
            stage,
            rival,
            out: stem,
            lambda,
            report,
        } => {
            let rules = table.rules();
            let rival = match rival {
                RivalArg::Medium => Rival::Medium,
                RivalArg::Random => Rival::Random,
            };
            let stages = stage.stages(&train::VERSUS_SCHEDULE, 0.004);
            let (own, theirs) = train::train_versus(&rules, &stages, rival, lambda, out)?;
            let (own_file, rival_file) = match stem {
                Some(stem) => {
                    let stem = stem.display().to_string();
                    (
                        PathBuf::from(format!("{stem}.bin")),
                        PathBuf::from(format!("{stem}_rival.bin")),
                    )
                }
                None => (
                    built_in(&rules, rival.suffix()),
                    built_in(&rules, &format!("{}_rival", rival.suffix())),
                ),
            };
            write(&own_file, &own, out)?;
            write(&rival_file, &theirs, out)?;
            report.report(&rules, &own, Some(&theirs), out)?;
        }
        Command::Strength { table, games, from } => {
            let rules = table.rules();
            let net = match from {
                Some(path) => Some(read(&path)?),
                None => train::built_in_weights(&rules),
            };
            train::greedy_report(&rules, None, None, games, out)?;
            train::greedy_report(&rules, net.as_deref(), None, games, out)?;
        }
        Command::Regret { descend } => train::tune::regret_against_the_solver(descend, out)?,
        Command::FitEval => train::tune::fit_eval_to_solver(out)?,
        Command::FitEvalOutcomes => train::tune::fit_eval_to_four_piece_outcomes(out)?,
        Command::WorstEval => train::tune::worst_eval_errors(out)?,
    }
    Ok(())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut out = std::io::stdout().lock();
    match run(cli.command, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("yut-train: {e}");
            ExitCode::FAILURE
        }
    }
}
