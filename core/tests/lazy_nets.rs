//! Without the built-in networks (`--no-default-features`, the browser's build): a hard
//! bot asked to move before its table's network is there refuses with a typed error
//! instead of playing on without it, says which file it waits for, and plays once the
//! file's bytes are handed over; damaged bytes are refused. Its own process, so that no
//! other test has provided the network first.
//!
//! `cargo test -p yut-core --no-default-features --test lazy_nets`
#![cfg(not(feature = "embedded-nets"))]

use std::time::Duration;
use yut_core::bot::net::{self, NetError, NetFile};
use yut_core::bot::{Bot, Level};
use yut_core::game::{Game, Phase};
use yut_core::rules::RuleSet;
use yut_core::throw::ThrowRng;
use yut_core::Preset;

const BUDGET: Duration = Duration::from_secs(5);

/// A 2-seat, 2-piece Yunnori game played on by the medium bot until a move with a choice.
fn position_with_a_choice() -> Game {
    let rules = RuleSet {
        pieces_per_player: 2,
        ..RuleSet::preset(Preset::Yunnori)
    };
    let mut game = Game::new(rules, 2, None, 0).unwrap();
    let mut rng = ThrowRng::seeded(5);
    let mut medium = Bot::new(Level::Medium, 1);
    for _ in 0..400 {
        match game.phase() {
            Phase::Throw => {
                let (o, _) = game.draw(&mut rng);
                game.throw_outcome(o).unwrap();
            }
            Phase::Move if game.legal_moves().len() > 1 => return game,
            Phase::Move => {
                let mv = medium.choose(&game, BUDGET).unwrap();
                game.play(&mv).unwrap();
            }
            Phase::Over => break,
        }
    }
    panic!("no position with a choice");
}

#[test]
fn a_hard_bot_waits_for_its_network_and_plays_once_it_is_given() {
    let game = position_with_a_choice();
    let mut hard = Bot::new(Level::Hard, 3).with_node_budget(500);
    assert_eq!(hard.missing_nets(&game), vec![NetFile::Yunnori2p]);
    assert_eq!(
        hard.try_choose_legal(&game, BUDGET, None),
        Err(NetError::Missing(NetFile::Yunnori2p))
    );
    assert_eq!(
        hard.try_advise(&game, BUDGET, None).map(|a| a.is_some()),
        Err(NetError::Missing(NetFile::Yunnori2p))
    );
    // Asked without the check, it plays on the race model meanwhile (and must not keep
    // that model once the network comes: see the end).
    assert!(hard.choose_legal(&game, BUDGET, None).is_some());
    // The levels without a search need no network.
    let mut medium = Bot::new(Level::Medium, 3);
    assert!(medium
        .try_choose_legal(&game, BUDGET, None)
        .unwrap()
        .is_some());

    let half = &include_bytes!("../src/bot/net_yunnori_2p.bin")[..1000];
    assert_eq!(
        net::provide(NetFile::Yunnori2p, half),
        Err(NetError::Damaged(NetFile::Yunnori2p))
    );
    assert!(!net::is_loaded(NetFile::Yunnori2p));

    net::provide(
        NetFile::Yunnori2p,
        include_bytes!("../src/bot/net_yunnori_2p.bin"),
    )
    .unwrap();
    assert!(hard.missing_nets(&game).is_empty());
    let chosen = hard
        .try_choose_legal(&game, BUDGET, None)
        .unwrap()
        .expect("a move is due");
    assert!(game.legal_moves().contains(&chosen));
    // The same bot, once it has the network, answers as a fresh one does.
    let fresh = Bot::new(Level::Hard, 3)
        .with_node_budget(500)
        .try_choose_legal(&game, BUDGET, None)
        .unwrap();
    assert_eq!(fresh, Some(chosen));
}
