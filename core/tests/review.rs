//! The game review a player opens after a game: the moves of people where the hard
//! search's own choice was clearly better, and nothing for a move it would have made.

mod common;

use common::*;
use std::time::Duration;
use yut_core::bot::review::{review, SLIP_THRESHOLD};
use yut_core::bot::{Bot, Level};
use yut_core::game::Phase;
use yut_core::session::{Action, BotLevel, Player, Session};
use yut_core::throw::ThrowRng;
use yut_core::Preset;

const BUDGET: Duration = Duration::from_secs(5);

/// Seat 0 plays every hint; seat 1 plays random legal moves. Both are people unless
/// `second` names a bot level for seat 1 (its moves are still random here).
fn hinted_against_random(seed: u64, second: Player) -> Session {
    let mut spec = spec(Preset::Yunnori, 2, seed, true);
    spec.seats[1] = seat(1, second);
    let mut s = Session::new(spec).unwrap();
    let mut pick = ThrowRng::seeded(seed);
    let mut adviser = Bot::new(Level::Hard, 1).with_seat_levels(&s.seat_levels());
    for _ in 0..3000 {
        match s.game().phase() {
            Phase::Over => return s,
            Phase::Throw => {
                s.throw().unwrap();
            }
            Phase::Move if s.to_move() == 0 => {
                let advice = adviser.advise(s.game(), BUDGET, None).unwrap();
                s.play(&advice.chosen.mv).unwrap();
            }
            Phase::Move => {
                let moves = s.game().legal_moves();
                s.play(&moves[pick.below(moves.len())].mv).unwrap();
            }
        }
    }
    panic!("the game did not end");
}

#[test]
fn moves_the_hint_would_make_are_never_slips_and_random_ones_often_are() {
    let mut random_slips = 0;
    for seed in 0..6 {
        let s = hinted_against_random(seed, Player::Human);
        let slips = review(&s, BUDGET).unwrap();
        assert!(
            slips.iter().all(|x| x.seat == 1),
            "the hinted seat slipped: {slips:?}"
        );
        random_slips += slips.len();
        for (k, x) in slips.iter().enumerate() {
            // What was played, and where: a move of that seat in the history.
            match &s.history()[x.action] {
                Action::Move { seat, mv, .. } => {
                    assert_eq!(*seat, x.seat);
                    assert_eq!(*mv, x.played.mv);
                }
                other => panic!("slip {k} points at {other:?}"),
            }
            assert_ne!(x.played.mv, x.best.mv);
            assert!(x.loss() >= SLIP_THRESHOLD, "{x:?}");
            assert!((0.0..=1.0).contains(&x.played_chance) && (0.0..=1.0).contains(&x.best_chance));
            assert!(x.turn >= 1 && x.turn <= s.turns(), "{x:?}");
            if k > 0 {
                assert!(slips[k - 1].loss() >= x.loss(), "largest loss first");
            }
        }
    }
    assert!(
        random_slips >= 8,
        "only {random_slips} slips in 6 games of random moves"
    );
}

#[test]
fn bot_seats_are_not_reviewed() {
    let easy = Player::Bot {
        level: BotLevel::Easy,
    };
    let s = hinted_against_random(1, easy);
    assert!(review(&s, BUDGET).unwrap().is_empty());
}

#[test]
fn a_game_in_progress_and_one_just_started_can_be_reviewed() {
    let mut s = session(Preset::Yunnori, 2, 4);
    assert!(review(&s, BUDGET).unwrap().is_empty(), "nothing played yet");
    let mut pick = ThrowRng::seeded(4);
    advance(&mut s, &mut pick, 40);
    let slips = review(&s, BUDGET).unwrap();
    assert!(slips.iter().all(|x| x.action < s.history().len()));
}
