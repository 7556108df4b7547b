//! Making the bots (feature `train`; the tool is `yut-train`, see train/README.md): the
//! learned evaluations trained by self-play (`network`: the built-in `net_*.bin` files,
//! reproduced bit for bit), and the race model's weights tuned against the exact solver of
//! the 2-piece game (`tune`). Nothing here runs in a game: the apps and the server build
//! yut-core without this feature.
//!
//! Every run is seeded and single-threaded, so the same settings give the same weights.
//! Progress and results are written to the `out` each function is given; weights come in
//! and go out as bytes (the tool reads and writes the files).

mod network;
mod selfplay;
pub mod tune;

pub use network::{
    built_in_weights, greedy_report, train_network, train_versus, NETWORK_SCHEDULE, VERSUS_SCHEDULE,
};
pub use selfplay::{Mix, Rival, Stage};

use crate::rules::{Preset, RuleSet};

/// Why a training run stopped.
#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    /// Weights that are not a network of this feature layout.
    #[error("these are not network weights of this version ({0})")]
    Weights(String),
    /// The table has no built-in network to start from.
    #[error("the table has no built-in network to start from")]
    NoNetwork,
    /// The engine refused a move or a throw it offered (a bug, not an input).
    #[error("the engine refused its own move: {0}")]
    Engine(String),
    #[error("could not write the report: {0}")]
    Write(#[from] std::io::Error),
}

/// The two-seat table a network is trained for: `preset`'s rules with `pieces` each.
pub fn table(preset: Preset, pieces: u8) -> RuleSet {
    RuleSet {
        pieces_per_player: pieces,
        ..RuleSet::preset(preset)
    }
}

/// The file stem of the built-in network of `rules`' table, as in `core/src/bot/`:
/// `net_yunnori`, `net_yunnori_3p`, `net_culin1895`, …
pub fn weights_stem(rules: &RuleSet) -> String {
    let stem = match rules.preset {
        Preset::Yunnori => "net_yunnori".to_string(),
        p => format!("net_{}", p.id()),
    };
    match rules.pieces_per_player {
        4 => stem,
        n => format!("{stem}_{n}p"),
    }
}

fn engine(e: impl std::fmt::Display) -> TrainError {
    TrainError::Engine(e.to_string())
}
