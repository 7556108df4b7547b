//! Trains the learned evaluation (net.rs) by self-play: TD(λ) with λ-returns computed at
//! the end of each game. Run by hand; it rewrites `net_yunnori.bin`:
//!
//! `cargo test --release -p yut-core bot::train::train_yunnori_network -- --ignored --nocapture`
//!
//! Without settings it runs the schedule that made the built-in file (`SCHEDULE`, about 90
//! seconds) and reproduces it bit for bit: training is seeded and single-threaded. For
//! experiments: `YUT_TRAIN_GAMES` and `YUT_TRAIN_RATE` (in 1/10,000) run one stage instead,
//! from `YUT_TRAIN_FROM` (a weights file) or a fresh network of `YUT_TRAIN_HIDDEN` units;
//! `YUT_TRAIN_OUT` writes elsewhere; `YUT_TRAIN_LAMBDA` (in 1/100), `YUT_TRAIN_SELF` and
//! `YUT_TRAIN_MEDIUM` (games of 20), `YUT_TRAIN_SEARCH` (nodes) change how games are played.
//! `YUT_TRAIN_PIECES=3` or `2` trains (and by default rewrites) the network for that many
//! pieces each, with the same schedule; `YUT_TRAIN_PRESET=culin1895` Culin's network
//! (`net_culin1895.bin`, 4 pieces, about 2.5 minutes).
//!
//! Most games are self-play with the network choosing each move by looking to the end of
//! its turn; some are against the medium bot or random moves, so the network also sees
//! the positions weaker play leaves behind.

use super::eval::Model;
use super::net::{inputs, Inputs, Net};
use super::search::best_child;
use super::{state_hash, Bot, Level};
use crate::game::{Game, LegalMove, Phase};
use crate::rules::{Preset, RuleSet};
use crate::throw::ThrowRng;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The network's pick: the move whose end of turn it values most.
struct Greedy<'a> {
    model: &'a Model,
    /// `None`: the race model instead, for comparison.
    net: Option<&'a Net>,
    /// Values positions with the rival to throw, from the rival's side, when training
    /// against the medium bot (see `VERSUS_SCHEDULE`); `None`: `net` values every position.
    rival_net: Option<&'a Net>,
    me: usize,
    memo: HashMap<u64, f64>,
}

impl Greedy<'_> {
    fn value(&mut self, game: &Game) -> f64 {
        match game.phase() {
            Phase::Over => {
                if game.winner().map(|w| game.side_of(w)) == Some(self.me) {
                    1.0
                } else {
                    0.0
                }
            }
            Phase::Throw => {
                let Some(net) = self.net else {
                    return self.model.race_probability(game, self.me, 0);
                };
                let Some(x) = inputs(self.model, game) else {
                    return 0.5;
                };
                if game.side_of(game.to_move()) == self.me {
                    net.forward(&x).value as f64
                } else {
                    1.0 - self.rival_net.unwrap_or(net).forward(&x).value as f64
                }
            }
            Phase::Move => {
                let key = state_hash(game);
                if let Some(v) = self.memo.get(&key) {
                    return *v;
                }
                let me = self.me;
                let v = best_child(game, me, |c| self.value(c)).unwrap_or(0.5);
                self.memo.insert(key, v);
                v
            }
        }
    }

    fn pick(
        model: &Model,
        net: Option<&Net>,
        rival_net: Option<&Net>,
        game: &Game,
        moves: &[LegalMove],
    ) -> usize {
        let mut g = Greedy {
            model,
            net,
            rival_net,
            me: game.side_of(game.to_move()),
            memo: HashMap::new(),
        };
        let mut best = (0, f64::MIN);
        for (i, m) in moves.iter().enumerate() {
            let mut c = game.clone();
            if c.play_own(m).is_err() {
                continue;
            }
            let v = g.value(&c);
            if v > best.1 + 1e-12 {
                best = (i, v);
            }
        }
        best.0
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Player {
    Net,
    Medium,
    Random,
}

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One stretch of training: `games` games, the learning rate falling linearly from `rate`
/// to a fifth of it. Every stage starts its throws and bots from the same seeds, so a
/// schedule of stages reproduces its network bit for bit.
#[derive(Clone, Copy)]
struct Stage {
    games: usize,
    rate: f32,
}

/// The schedule behind the built-in `net_yunnori.bin` (from `Net::fresh(32, 11)`): a long
/// run, then two annealing runs at lower rates.
const SCHEDULE: [Stage; 3] = [
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

/// One stage of your own (`YUT_TRAIN_GAMES`, `YUT_TRAIN_RATE` in 1/10,000, `rate` unless
/// set), or the built-in `schedule`.
fn stages(schedule: &[Stage], rate: usize) -> Vec<Stage> {
    match std::env::var("YUT_TRAIN_GAMES") {
        Ok(_) => vec![Stage {
            games: env_or("YUT_TRAIN_GAMES", 0),
            rate: env_or("YUT_TRAIN_RATE", rate) as f32 / 10_000.0,
        }],
        Err(_) => schedule.to_vec(),
    }
}

/// Knobs for experiments (environment variables, see the module docs).
struct Knobs {
    lambda: f32,
    /// Of every 20 games: self-play, against medium; the rest against random moves.
    self_share: usize,
    medium_share: usize,
    /// Above 0: the network's side chooses by the hard bot's search with this many nodes over a
    /// snapshot of the network, refreshed every 200 games (slow; 0 = one-turn greedy).
    search_nodes: u64,
    /// The one rival when training a pair (`train_versus_networks`).
    versus: Player,
}

#[test]
#[ignore]
fn train_yunnori_network() {
    let rules = model_rules();
    let mut model = Model::new(&rules);
    model.net = None;
    let knobs = Knobs {
        lambda: env_or("YUT_TRAIN_LAMBDA", 70) as f32 / 100.0,
        self_share: env_or("YUT_TRAIN_SELF", 12),
        medium_share: env_or("YUT_TRAIN_MEDIUM", 5),
        search_nodes: env_or("YUT_TRAIN_SEARCH", 0) as u64,
        versus: Player::Medium,
    };
    let mut net = match std::env::var("YUT_TRAIN_FROM") {
        Ok(path) => Net::from_bytes(&std::fs::read(path).unwrap()).unwrap(),
        Err(_) => Net::fresh(env_or("YUT_TRAIN_HIDDEN", 32), 11),
    };
    for stage in stages(&SCHEDULE, 200) {
        train_stage(&rules, &model, &mut net, None, stage, &knobs);
    }
    let path = out_path();
    std::fs::write(&path, net.to_bytes()).unwrap();
    println!("wrote {path}");
    report(&model, Some(&net), None, 16_000);
}

/// With `rival`, every game is against `knobs.versus` and `rival` learns the positions with
/// that player to throw (see `train_versus_networks`).
fn train_stage(
    rules: &RuleSet,
    model: &Model,
    net: &mut Net,
    mut rival: Option<&mut Net>,
    stage: Stage,
    knobs: &Knobs,
) {
    let Stage {
        games,
        rate: base_rate,
    } = stage;
    let mut rng = ThrowRng::seeded(2024);
    let mut medium = Bot::new(Level::Medium, 5);
    let started = Instant::now();
    let (mut loss, mut seen) = (0.0f64, 0usize);
    let mut searcher = Model::new(rules);
    for g in 0..games {
        if knobs.search_nodes > 0 && g % 200 == 0 {
            searcher.net = Some(std::sync::Arc::new(net.clone()));
        }
        let rate = base_rate * (1.0 - 0.8 * g as f32 / games as f32);
        let players = if rival.is_some() {
            [Player::Net, knobs.versus]
        } else if g % 20 < knobs.self_share {
            [Player::Net, Player::Net]
        } else if g % 20 < knobs.self_share + knobs.medium_share {
            [Player::Net, Player::Medium]
        } else {
            [Player::Net, Player::Random]
        };
        let players = if (g / 20) % 2 == 0 {
            players
        } else {
            [players[1], players[0]]
        };
        let mut game = Game::new(rules.clone(), 2, None, (g / 40) % 2).unwrap();
        let mut states: Vec<(Inputs, usize)> = Vec::new();
        let mut turns = 0;
        while !game.is_over() && turns < 2000 {
            turns += 1;
            if game.phase() == Phase::Throw {
                if let Some(x) = inputs(model, &game) {
                    states.push((x, game.side_of(game.to_move())));
                }
                let (o, _) = game.draw(&mut rng);
                game.throw_outcome(o).unwrap();
                continue;
            }
            let moves = game.legal_moves();
            let i = if moves.len() == 1 {
                0
            } else {
                match players[game.to_move()] {
                    Player::Net if knobs.search_nodes > 0 => {
                        let far = Instant::now() + Duration::from_secs(60);
                        super::search::Search::new(&searcher, &game, &[], far, None)
                            .run(&game, &moves, knobs.search_nodes)
                            .index
                    }
                    Player::Net => Greedy::pick(model, Some(net), rival.as_deref(), &game, &moves),
                    Player::Random => rng.below(moves.len()),
                    Player::Medium => {
                        let lm = medium
                            .choose_legal(&game, Duration::from_secs(1), None)
                            .unwrap();
                        moves.iter().position(|m| *m == lm).unwrap_or(0)
                    }
                }
            };
            game.play_own(&moves[i]).unwrap();
        }
        let Some(winner) = game.winner() else {
            continue;
        };
        let won0 = if game.side_of(winner) == 0 { 1.0 } else { 0.0 };
        // Which network values each position: the rival's side to throw goes to `rival`
        // when there is one.
        let rival_side = players.iter().position(|p| *p != Player::Net);
        let by_rival: Vec<bool> = states
            .iter()
            .map(|(_, side)| rival.is_some() && Some(*side) == rival_side)
            .collect();
        // λ-returns, backwards, in side 0's terms.
        let forwards: Vec<_> = states
            .iter()
            .zip(&by_rival)
            .map(|((x, _), r)| match (&rival, r) {
                (Some(rn), true) => rn.forward(x),
                _ => net.forward(x),
            })
            .collect();
        let mut targets = vec![0.0f32; states.len()];
        let mut next = won0;
        for t in (0..states.len()).rev() {
            targets[t] = next;
            let u = if states[t].1 == 0 {
                forwards[t].value
            } else {
                1.0 - forwards[t].value
            };
            next = (1.0 - knobs.lambda) * u + knobs.lambda * next;
        }
        for (t, (x, side)) in states.iter().enumerate() {
            let target = if *side == 0 {
                targets[t]
            } else {
                1.0 - targets[t]
            };
            let v = forwards[t].value.clamp(1e-6, 1.0 - 1e-6);
            loss -= (target * v.ln() + (1.0 - target) * (1.0 - v).ln()) as f64;
            seen += 1;
            match rival.as_deref_mut() {
                Some(rn) if by_rival[t] => rn.learn(x, &forwards[t], target, rate),
                _ => net.learn(x, &forwards[t], target, rate),
            }
        }
        if (g + 1) % 20_000 == 0 {
            println!(
                "{:>7} games  {:>6.1} s  cross-entropy {:.4}",
                g + 1,
                started.elapsed().as_secs_f64(),
                loss / seen.max(1) as f64
            );
            loss = 0.0;
            seen = 0;
        }
    }
}

/// The schedule behind `net_yunnori_vs_{medium,random}{,_rival}.bin`: both networks start
/// from the table's network and learn only from games against that one rival.
const VERSUS_SCHEDULE: [Stage; 2] = [
    Stage {
        games: 300_000,
        rate: 0.004,
    },
    Stage {
        games: 200_000,
        rate: 0.002,
    },
];

/// Trains the pair of networks that value positions for a player facing the medium bot
/// (`YUT_TRAIN_VERSUS=random`: random moves): one for its own throws, one (from the rival's
/// side) for the rival's. Run by hand, about 50 seconds:
/// `cargo test --release -p yut-core bot::train::train_versus_networks -- --ignored
/// --nocapture` (`YUT_TRAIN_GAMES`/`YUT_TRAIN_RATE` for one stage of your own,
/// `YUT_TRAIN_OUT` for another file stem).
#[test]
#[ignore]
fn train_versus_networks() {
    let rules = model_rules();
    let mut model = Model::new(&rules);
    let Some(start) = model.net.take().map(|n| (*n).clone()) else {
        panic!("the table has no network to start from");
    };
    let knobs = Knobs {
        lambda: env_or("YUT_TRAIN_LAMBDA", 70) as f32 / 100.0,
        self_share: 0,
        medium_share: 20,
        search_nodes: 0,
        versus: match std::env::var("YUT_TRAIN_VERSUS").as_deref() {
            Ok("random") => Player::Random,
            _ => Player::Medium,
        },
    };
    let (mut hero, mut rival) = (start.clone(), start);
    for stage in stages(&VERSUS_SCHEDULE, 40) {
        train_stage(&rules, &model, &mut hero, Some(&mut rival), stage, &knobs);
    }
    let stem = std::env::var("YUT_TRAIN_OUT").unwrap_or_else(|_| {
        let built_in = out_path();
        let name = match knobs.versus {
            Player::Random => "_vs_random",
            _ => "_vs_medium",
        };
        built_in.trim_end_matches(".bin").to_string() + name
    });
    std::fs::write(format!("{stem}.bin"), hero.to_bytes()).unwrap();
    std::fs::write(format!("{stem}_rival.bin"), rival.to_bytes()).unwrap();
    println!("wrote {stem}.bin and {stem}_rival.bin");
    report(&model, Some(&hero), Some(&rival), 16_000);
}

/// Win rate of the one-turn-greedy player using `net` (or the race model) against the
/// medium bot and against random moves.
fn report(model: &Model, net: Option<&Net>, rival_net: Option<&Net>, games: usize) {
    for opp in [Player::Medium, Player::Random] {
        let mut rng = ThrowRng::seeded(77);
        let mut medium = Bot::new(Level::Medium, 9);
        let mut wins = 0;
        for g in 0..games {
            let me = g % 2;
            let mut game = Game::new(model_rules(), 2, None, (g / 2) % 2).unwrap();
            while !game.is_over() {
                if game.phase() == Phase::Throw {
                    let (o, _) = game.draw(&mut rng);
                    game.throw_outcome(o).unwrap();
                    continue;
                }
                let moves = game.legal_moves();
                let i = if game.to_move() == me {
                    Greedy::pick(model, net, rival_net, &game, &moves)
                } else if opp == Player::Random {
                    rng.below(moves.len())
                } else {
                    let lm = medium
                        .choose_legal(&game, Duration::from_secs(1), None)
                        .unwrap();
                    moves.iter().position(|m| *m == lm).unwrap_or(0)
                };
                game.play_own(&moves[i]).unwrap();
            }
            if game.winner() == Some(me) {
                wins += 1;
            }
        }
        let name = if opp == Player::Random {
            "random"
        } else {
            "medium"
        };
        let who = if net.is_some() {
            "network"
        } else {
            "race model"
        };
        println!(
            "greedy {who} vs {name}: {:.2}% of {games}",
            100.0 * wins as f64 / games as f64
        );
    }
}

/// Where training writes: `YUT_TRAIN_OUT`, else the built-in weights for the piece count.
fn out_path() -> String {
    std::env::var("YUT_TRAIN_OUT").unwrap_or_else(|_| {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/bot/");
        let rules = model_rules();
        let stem = match rules.preset {
            Preset::Yunnori => "net_yunnori".to_string(),
            p => format!("net_{}", p.id()),
        };
        match rules.pieces_per_player {
            4 => format!("{dir}{stem}.bin"),
            n => format!("{dir}{stem}_{n}p.bin"),
        }
    })
}

/// The table to train for: `YUT_TRAIN_PRESET` (a preset id, Yunnori unless set) with
/// `YUT_TRAIN_PIECES` pieces each (4 unless set), two seats.
fn model_rules() -> RuleSet {
    let preset = std::env::var("YUT_TRAIN_PRESET")
        .ok()
        .and_then(|id| Preset::ALL.into_iter().find(|p| p.id() == id))
        .unwrap_or(Preset::Yunnori);
    RuleSet {
        pieces_per_player: env_or("YUT_TRAIN_PIECES", 4) as u8,
        ..RuleSet::preset(preset)
    }
}

#[test]
#[ignore]
fn greedy_strength() {
    let rules = model_rules();
    let mut model = Model::new(&rules);
    let games = env_or("YUT_TRAIN_GAMES", 4000);
    let mut net = model.net.take().map(|n| (*n).clone());
    if let Ok(path) = std::env::var("YUT_TRAIN_FROM") {
        net = Net::from_bytes(&std::fs::read(path).unwrap());
    }
    report(&model, None, None, games);
    report(&model, net.as_ref(), None, games);
}
