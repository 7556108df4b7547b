//! The learned evaluations: a table's network trained from scratch by self-play, the pair
//! trained against one rival, and how well a network plays one turn ahead.

use super::selfplay::{train_stage, Greedy, Mix, Rival, Stage, Versus};
use super::{engine, TrainError};
use crate::bot::eval::Model;
use crate::bot::net::Net;
use crate::bot::{Bot, Level};
use crate::game::{Game, Phase};
use crate::rules::RuleSet;
use crate::throw::ThrowRng;
use std::io::Write;
use std::time::Duration;

/// The schedule behind the built-in `net_yunnori*.bin` and `net_culin1895.bin` (from a
/// fresh network of 32 hidden units, seed 11): a long run, then two annealing runs at lower
/// rates. 1.1 million games, about 90 seconds for 4 pieces.
pub const NETWORK_SCHEDULE: [Stage; 3] = [
    Stage {
        games: 600_000,
        rate: 0.02,
    },
    Stage {
        games: 200_000,
        rate: 0.004,
    },
    Stage {
        games: 300_000,
        rate: 0.002,
    },
];

/// The schedule behind `net_yunnori_vs_{medium,random}{,_rival}.bin`: both networks start
/// from the table's network and learn only from games against that one rival.
pub const VERSUS_SCHEDULE: [Stage; 2] = [
    Stage {
        games: 300_000,
        rate: 0.004,
    },
    Stage {
        games: 200_000,
        rate: 0.002,
    },
];

/// The hidden units and seed of the fresh network the built-in ones grew from.
const FRESH: (usize, u64) = (32, 11);

fn parse(weights: &[u8]) -> Result<Net, TrainError> {
    Net::from_bytes(weights).ok_or_else(|| {
        TrainError::Weights(format!(
            "{} bytes that do not fit the layout",
            weights.len()
        ))
    })
}

/// The model the training games are judged with: the race model alone (the network being
/// trained is handed over apart).
fn race_model(rules: &RuleSet) -> Model {
    Model::new(rules)
}

/// Trains a network for `rules`' table through `stages` (the built-in ones:
/// `NETWORK_SCHEDULE`), from `start` (weights) or a fresh network of `hidden` units (32
/// built in). Returns the weights. Progress goes to `out`.
pub fn train_network(
    rules: &RuleSet,
    stages: &[Stage],
    start: Option<&[u8]>,
    hidden: Option<usize>,
    mix: &Mix,
    out: &mut dyn Write,
) -> Result<Vec<u8>, TrainError> {
    let model = race_model(rules);
    let mut net = match start {
        Some(w) => parse(w)?,
        None => Net::fresh(hidden.unwrap_or(FRESH.0), FRESH.1),
    };
    for stage in stages {
        train_stage(rules, &model, &mut net, None, *stage, mix, out)?;
    }
    Ok(net.to_bytes())
}

/// Trains the pair of networks that value positions for a player facing `rival` (the
/// medium bot built in): one for its own throws, one (from the rival's side) for the
/// rival's, both from the table's built-in network, through `stages` (the built-in ones:
/// `VERSUS_SCHEDULE`, about 50 seconds). Returns (own, rival) weights.
pub fn train_versus(
    rules: &RuleSet,
    stages: &[Stage],
    rival: Rival,
    lambda: f32,
    out: &mut dyn Write,
) -> Result<(Vec<u8>, Vec<u8>), TrainError> {
    let start = Net::for_rules(rules)
        .ok()
        .flatten()
        .ok_or(TrainError::NoNetwork)?;
    let model = race_model(rules);
    let mix = Mix {
        lambda,
        self_share: 0,
        medium_share: 20,
        search_nodes: 0,
    };
    let (mut own, mut theirs) = ((*start).clone(), (*start).clone());
    for stage in stages {
        let versus = Versus {
            rival,
            net: &mut theirs,
        };
        train_stage(rules, &model, &mut own, Some(versus), *stage, &mix, out)?;
    }
    Ok((own.to_bytes(), theirs.to_bytes()))
}

/// The weights of `rules`' built-in network, if one was trained for the table.
pub fn built_in_weights(rules: &RuleSet) -> Option<Vec<u8>> {
    Net::for_rules(rules).ok().flatten().map(|n| n.to_bytes())
}

/// Writes the win rate of the one-turn-greedy player using `net` (or the race model, for
/// `None`), with `rival_net` valuing the rival's throws when given, against the medium bot
/// and against random moves over `games` games each.
pub fn greedy_report(
    rules: &RuleSet,
    net: Option<&[u8]>,
    rival_net: Option<&[u8]>,
    games: usize,
    out: &mut dyn Write,
) -> Result<(), TrainError> {
    let model = race_model(rules);
    let net = net.map(parse).transpose()?;
    let rival_net = rival_net.map(parse).transpose()?;
    for random in [false, true] {
        let mut rng = ThrowRng::seeded(77);
        let mut medium = Bot::new(Level::Medium, 9);
        let mut wins = 0;
        for g in 0..games {
            let me = g % 2;
            let mut game = Game::new(rules.clone(), 2, None, (g / 2) % 2).map_err(engine)?;
            while !game.is_over() {
                if game.phase() == Phase::Throw {
                    let (o, _) = game.draw(&mut rng);
                    game.throw_outcome(o).map_err(engine)?;
                    continue;
                }
                let moves = game.legal_moves();
                let i = if game.to_move() == me {
                    Greedy::pick(&model, net.as_ref(), rival_net.as_ref(), &game, &moves)
                } else if random {
                    rng.below(moves.len())
                } else {
                    let lm = medium
                        .choose_legal(&game, Duration::from_secs(1), None)
                        .ok_or_else(|| engine("the medium bot found no move"))?;
                    moves.iter().position(|m| *m == lm).unwrap_or(0)
                };
                game.play_own(&moves[i]).map_err(engine)?;
            }
            if game.winner() == Some(me) {
                wins += 1;
            }
        }
        let name = if random { "random" } else { "medium" };
        let who = if net.is_some() {
            "network"
        } else {
            "race model"
        };
        writeln!(
            out,
            "greedy {who} vs {name}: {:.2}% of {games}",
            100.0 * wins as f64 / games as f64
        )?;
    }
    Ok(())
}
