//! Self-play with TD(λ): games between the network (choosing each move by looking to the
//! end of its turn) and itself, the medium bot or random moves, the λ-returns computed at
//! the end of each game and learned position by position. Most games are self-play; some
//! are against the medium bot or random moves, so the network also sees the positions
//! weaker play leaves behind.

use super::engine;
use super::TrainError;
use crate::bot::eval::Model;
use crate::bot::net::{inputs, Inputs, Net};
use crate::bot::search::{best_child, Search};
use crate::bot::value::Valuation;
use crate::bot::{state_hash, Bot, Level};
use crate::game::{Game, LegalMove, Phase};
use crate::rules::RuleSet;
use crate::throw::ThrowRng;
use std::collections::HashMap;
use std::io::Write;
use std::time::{Duration, Instant};

/// The network's pick: the move whose end of turn it values most.
pub(super) struct Greedy<'a> {
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

    pub(super) fn pick(
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

/// Who sits at a seat of a training game.
#[derive(Clone, Copy, PartialEq)]
enum Player {
    Net,
    Medium,
    Random,
}

/// The one rival a pair of networks is trained against (see `train_versus`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rival {
    /// The medium bot: the pair built in.
    Medium,
    /// Random moves (an experiment: no seat in the apps plays them).
    Random,
}

impl Rival {
    fn player(self) -> Player {
        match self {
            Rival::Medium => Player::Medium,
            Rival::Random => Player::Random,
        }
    }

    /// What the pair's files are called after the table's network: `_vs_medium`, …
    pub fn suffix(self) -> &'static str {
        match self {
            Rival::Medium => "_vs_medium",
            Rival::Random => "_vs_random",
        }
    }
}

/// One stretch of training: `games` games, the learning rate falling linearly from `rate`
/// to a fifth of it. Every stage starts its throws and bots from the same seeds, so a
/// schedule of stages reproduces its network bit for bit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stage {
    pub games: usize,
    pub rate: f32,
}

/// How the games of a run are played.
#[derive(Clone, Copy, Debug)]
pub struct Mix {
    /// λ of the λ-returns.
    pub lambda: f32,
    /// Of every 20 games: self-play, against medium; the rest against random moves.
    pub self_share: usize,
    pub medium_share: usize,
    /// Above 0: the network's side chooses by the hard bot's search with this many nodes over a
    /// snapshot of the network, refreshed every 200 games (slow; 0 = one-turn greedy).
    pub search_nodes: u64,
}

impl Default for Mix {
    /// The mix that made the built-in networks.
    fn default() -> Mix {
        Mix {
            lambda: 70.0 / 100.0,
            self_share: 12,
            medium_share: 5,
            search_nodes: 0,
        }
    }
}

/// The rival of a pair and its network (see `train_versus`).
pub(super) struct Versus<'a> {
    pub(super) rival: Rival,
    /// Learns the positions with the rival to throw.
    pub(super) net: &'a mut Net,
}

/// One stage of training `net`. With `versus`, every game is against its rival, and its
/// network learns the positions with the rival to throw.
pub(super) fn train_stage(
    rules: &RuleSet,
    model: &Model,
    net: &mut Net,
    versus: Option<Versus>,
    stage: Stage,
    mix: &Mix,
    out: &mut dyn Write,
) -> Result<(), TrainError> {
    let (versus, mut rival) = match versus {
        Some(v) => (Some(v.rival.player()), Some(v.net)),
        None => (None, None),
    };
    let Stage {
        games,
        rate: base_rate,
    } = stage;
    let mut rng = ThrowRng::seeded(2024);
    let mut medium = Bot::new(Level::Medium, 5);
    let started = Instant::now();
    let (mut loss, mut seen) = (0.0f64, 0usize);
    let mut searcher = Valuation::with(Model::new(rules), None);
    for g in 0..games {
        if mix.search_nodes > 0 && g % 200 == 0 {
            searcher = Valuation::with(Model::new(rules), Some(std::sync::Arc::new(net.clone())));
        }
        let rate = base_rate * (1.0 - 0.8 * g as f32 / games as f32);
        let players = if let Some(versus) = versus {
            [Player::Net, versus]
        } else if g % 20 < mix.self_share {
            [Player::Net, Player::Net]
        } else if g % 20 < mix.self_share + mix.medium_share {
            [Player::Net, Player::Medium]
        } else {
            [Player::Net, Player::Random]
        };
        let players = if (g / 20) % 2 == 0 {
            players
        } else {
            [players[1], players[0]]
        };
        let mut game = Game::new(rules.clone(), 2, None, (g / 40) % 2).map_err(engine)?;
        let mut states: Vec<(Inputs, usize)> = Vec::new();
        let mut turns = 0;
        while !game.is_over() && turns < 2000 {
            turns += 1;
            if game.phase() == Phase::Throw {
                if let Some(x) = inputs(model, &game) {
                    states.push((x, game.side_of(game.to_move())));
                }
                let (o, _) = game.draw(&mut rng);
                game.throw_outcome(o).map_err(engine)?;
                continue;
            }
            let moves = game.legal_moves();
            let i = if moves.len() == 1 {
                0
            } else {
                match players[game.to_move()] {
                    Player::Net if mix.search_nodes > 0 => {
                        let far = Instant::now() + Duration::from_secs(60);
                        Search::new(&searcher, &game, &[], far, None)
                            .run(&game, &moves, mix.search_nodes)
                            .index
                    }
                    Player::Net => Greedy::pick(model, Some(net), rival.as_deref(), &game, &moves),
                    Player::Random => rng.below(moves.len()),
                    Player::Medium => {
                        let lm = medium
                            .choose_legal(&game, Duration::from_secs(1), None)
                            .ok_or_else(|| engine("the medium bot found no move"))?;
                        moves.iter().position(|m| *m == lm).unwrap_or(0)
                    }
                }
            };
            game.play_own(&moves[i]).map_err(engine)?;
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
            next = (1.0 - mix.lambda) * u + mix.lambda * next;
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
            writeln!(
                out,
                "{:>7} games  {:>6.1} s  cross-entropy {:.4}",
                g + 1,
                started.elapsed().as_secs_f64(),
                loss / seen.max(1) as f64
            )?;
            loss = 0.0;
            seen = 0;
        }
    }
    Ok(())
}
