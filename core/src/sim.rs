//! Random play, for property tests, benchmarks and the weakest bot.

use crate::game::{Event, Game, Phase};
use crate::throw::ThrowRng;

/// Plays one action chosen uniformly at random (a throw drawn from `rng`, or a random
/// legal move). Returns `None` when the game is over.
pub fn random_action(game: &mut Game, rng: &mut ThrowRng) -> Option<Vec<Event>> {
    match game.phase() {
        Phase::Over => None,
        Phase::Throw => {
            let (outcome, _) = game.draw(rng);
            game.throw_outcome(outcome).ok()
        }
        Phase::Move => {
            let moves = game.legal_moves();
            let pick = moves.get(rng.below(moves.len()))?;
            game.play_legal(pick).ok()
        }
    }
}

/// Plays a whole game at random; returns the number of actions, or `None` if it did not
/// end within `limit` actions.
pub fn random_game(game: &mut Game, rng: &mut ThrowRng, limit: usize) -> Option<usize> {
    for n in 0..limit {
        if game.is_over() {
            return Some(n);
        }
        random_action(game, rng)?;
    }
    game.is_over().then_some(limit)
}
