//! Session behaviour a family at the table notices: who starts, that quitting and resuming
//! cannot re-roll a throw, what undo may and may not take back, and that the swipe never
//! decides a result.

mod common;

use common::*;
use yut_core::game::{Event, Phase};
use yut_core::rules::{FirstPlayer, RuleSet};
use yut_core::save::{self, SaveLibrary};
use yut_core::session::{Action, BotLevel, Player, Session, SessionError, SessionOptions};
use yut_core::throw::{Outcome, Throw, ThrowRng};
use yut_core::Preset;

fn throws_of(s: &Session) -> Vec<(Outcome, [bool; 4])> {
    s.history()
        .iter()
        .filter_map(|a| match a {
            Action::Throw {
                outcome, sticks, ..
            } => Some((*outcome, *sticks)),
            _ => None,
        })
        .collect()
}

/// A table of each preset, with the seat counts the session tests play.
const ONE_TABLE_OF_EACH_PRESET: [(Preset, usize); 3] = [
    (Preset::Yunnori, 2),
    (Preset::Culin1895, 3),
    (Preset::NyoutRu, 4),
];

fn reload(s: &Session) -> Session {
    save::decode(&save::encode(s).unwrap()).unwrap().session
}

#[test]
fn seat_order_start_gives_the_first_seat_the_first_throw() {
    for seed in 0..20 {
        let s = session(Preset::Yunnori, 3, seed);
        assert_eq!(s.start.first, 0);
        assert!(s.start.throw_off.is_empty());
        assert_eq!(s.game().to_move(), 0);
        assert_eq!(s.game().phase(), Phase::Throw);
    }
}

#[test]
fn random_start_is_drawn_by_lot_from_the_seed() {
    let mut seen = [false; 5];
    for seed in 0..200 {
        let s = session(Preset::NyoutRu, 5, seed);
        assert_eq!(s.rules().first_player, FirstPlayer::Random);
        assert!(s.start.throw_off.is_empty());
        assert_eq!(s.game().to_move(), s.start.first);
        // The same seed always gives the same first player (a reload cannot redraw it).
        assert_eq!(session(Preset::NyoutRu, 5, seed).start.first, s.start.first);
        seen[s.start.first] = true;
    }
    assert_eq!(seen, [true; 5], "every seat can be drawn to start");
}

#[test]
fn throw_off_is_real_throws_with_tied_leaders_rethrowing() {
    let mut rethrows = 0;
    for seed in 0..300 {
        let s = session(Preset::Culin1895, 4, seed);
        let rounds = &s.start.throw_off;
        assert!(!rounds.is_empty());
        // Everyone throws in the first round, in seat order.
        assert_eq!(
            rounds[0].iter().map(|t| t.seat).collect::<Vec<_>>(),
            vec![0, 1, 2, 3]
        );
        for (k, round) in rounds.iter().enumerate() {
            for t in round {
                // Real sticks: the recorded result is what the sticks show.
                assert_eq!(
                    t.outcome,
                    Outcome::Result(Throw::from_sticks(t.sticks, s.rules().back_do))
                );
            }
            let best = round
                .iter()
                .map(|t| match t.outcome {
                    Outcome::Result(r) => r.steps(),
                    Outcome::Nak => i8::MIN,
                })
                .max()
                .unwrap();
            let leaders: Vec<usize> = round
                .iter()
                .filter(|t| t.outcome == Outcome::Result(steps_to_throw(best)))
                .map(|t| t.seat)
                .collect();
            if k + 1 < rounds.len() {
                assert!(leaders.len() > 1, "only a tie is rethrown");
                let next: Vec<usize> = rounds[k + 1].iter().map(|t| t.seat).collect();
                assert_eq!(next, leaders, "exactly the tied leaders rethrow");
                rethrows += 1;
            } else {
                assert_eq!(leaders, vec![s.start.first], "the single best throw starts");
            }
        }
        assert_eq!(s.game().to_move(), s.start.first);
        // The throw-off is part of the save and survives a reload.
        assert_eq!(reload(&s).start, s.start);
    }
    assert!(rethrows > 0, "some seed among 300 must produce a tie");
}

fn steps_to_throw(steps: i8) -> Throw {
    Throw::ALL.into_iter().find(|t| t.steps() == steps).unwrap()
}

#[test]
fn a_doctored_throw_off_is_refused_on_load() {
    let s = session(Preset::Culin1895, 2, 7);
    let mut v: serde_json::Value = serde_json::from_slice(&save::encode(&s).unwrap()).unwrap();
    let first = s.start.first;
    v["session"]["start"]["first"] = serde_json::json!(1 - first);
    v["summary"]["to_move"] = serde_json::json!(1 - first);
    let bytes = serde_json::to_vec(&v).unwrap();
    assert!(matches!(
        save::decode(&bytes),
        Err(save::SaveError::Corrupt { .. })
    ));
}

/// Quitting and resuming at any point gives the same next throws as playing on.
#[test]
fn reloading_and_throwing_again_gives_the_same_result() {
    for (preset, seats) in ONE_TABLE_OF_EACH_PRESET {
        for seed in 0..15 {
            let mut played_on = session(preset, seats, seed);
            let mut pick = ThrowRng::seeded(seed ^ 0xfeed);
            advance(&mut played_on, &mut pick, (seed as usize * 7) % 60);
            let dir = TempDir::new("reload");
            let lib = SaveLibrary::open(dir.path()).unwrap();
            lib.save(&played_on, None).unwrap();
            let mut resumed = lib.load(&played_on.id).unwrap().session;
            assert_eq!(resumed, played_on);
            // Both go on with the same choices: every throw comes out the same.
            let mut pick_a = ThrowRng::seeded(seed);
            let mut pick_b = ThrowRng::seeded(seed);
            for _ in 0..80 {
                let a = random_step(&mut played_on, &mut pick_a);
                let b = random_step(&mut resumed, &mut pick_b);
                assert_eq!(a, b);
            }
            assert_eq!(throws_of(&resumed), throws_of(&played_on));
        }
    }
}

/// The "quit and retry" cheat: see a bad throw, kill the app, resume, throw again. The
/// throw is already in the save, and the next one is the one that was always coming.
#[test]
fn quitting_after_a_bad_throw_cannot_re_roll_it() {
    let mut s = session(Preset::Yunnori, 2, 42);
    let mut pick = ThrowRng::seeded(1);
    advance(&mut s, &mut pick, 9);
    while s.game().phase() != Phase::Throw {
        random_step(&mut s, &mut pick);
    }
    let before = s.clone();
    let thrown = s.throw().unwrap();
    let dir = TempDir::new("quit");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    lib.save(&s, None).unwrap();
    // The player resumes: the throw is there, spent or owed to be moved.
    let resumed = lib.load(&s.id).unwrap().session;
    assert_eq!(resumed.history().len(), before.history().len() + 1);
    assert_eq!(
        throws_of(&resumed).last(),
        Some(&(thrown.outcome, thrown.sticks))
    );
    // Even resuming the save from *before* the throw (the backup) throws the same again.
    let mut old = before.clone();
    assert_eq!(old.throw().unwrap().outcome, thrown.outcome);
}

/// Plays until a human seat has just moved with a throw since; returns false if the game
/// ended first.
fn until_human_moved(s: &mut Session, pick: &mut ThrowRng) -> bool {
    loop {
        if !random_step(s, pick) {
            return false;
        }
        if s.can_undo() {
            return true;
        }
    }
}

#[test]
fn undo_takes_back_the_last_move_and_the_result_returns_to_hand() {
    let (mut undone, mut passed) = (0, 0);
    for seed in 0..60 {
        let mut s = session(Preset::Yunnori, 2, seed);
        let mut pick = ThrowRng::seeded(seed);
        advance(&mut s, &mut pick, (seed as usize * 5) % 40);
        while s.game().phase() != Phase::Move {
            if !random_step(&mut s, &mut pick) {
                break;
            }
        }
        if s.game().is_over() {
            continue;
        }
        let before = s.clone();
        let mover = s.to_move();
        let moves = s.game().legal_moves();
        s.play(&moves[0].mv).unwrap();
        if s.to_move() != mover {
            // The turn has passed: the next player cannot take the move back.
            assert!(!s.can_undo(), "seed {seed}");
            let after = s.clone();
            assert!(matches!(s.undo(), Err(SessionError::NothingToUndo)));
            assert_eq!(s, after, "a refused undo changes nothing");
            passed += 1;
            continue;
        }
        assert!(s.can_undo());
        undone += 1;
        s.undo().unwrap();
        assert_eq!(
            s.game(),
            before.game(),
            "undo restores the position and hand"
        );
        assert_eq!(s.history(), before.history());
        assert_eq!(s.to_move(), before.to_move());
    }
    assert!(
        undone > 0 && passed > 0,
        "undone {undone}, turn passed {passed}"
    );
}

/// Whatever is undone and replayed differently, the throws stay what the RNG drew.
#[test]
fn undo_can_never_change_a_throw() {
    for seed in 0..25 {
        // A: every human move is first played one way, undone, then played another way.
        // B: plays the second choice directly. Both see the same throws.
        let mut a = session(Preset::Culin1895, 2, seed);
        let mut b = session(Preset::Culin1895, 2, seed);
        let mut pick = ThrowRng::seeded(seed + 100);
        let mut undos = 0;
        for _ in 0..400 {
            match a.game().phase() {
                Phase::Over => break,
                Phase::Throw => {
                    let ra = a.throw().unwrap();
                    let rb = b.throw().unwrap();
                    assert_eq!((ra.outcome, ra.sticks), (rb.outcome, rb.sticks));
                }
                Phase::Move => {
                    let moves = a.game().legal_moves();
                    let first = moves[pick.below(moves.len())].mv.clone();
                    let second = moves[pick.below(moves.len())].mv.clone();
                    a.play(&first).unwrap();
                    if a.can_undo() {
                        a.undo().unwrap();
                        undos += 1;
                        a.play(&second).unwrap();
                        b.play(&second).unwrap();
                    } else {
                        // The turn passed with that move: it stands.
                        b.play(&first).unwrap();
                    }
                }
            }
            assert_eq!(a.game(), b.game());
        }
        assert_eq!(throws_of(&a), throws_of(&b));
        assert!(undos > 0);
        assert_eq!(reload(&a), a);
    }
}

#[test]
fn undo_is_refused_once_a_throw_has_happened_since() {
    let mut s = session(Preset::Yunnori, 2, 11);
    let mut pick = ThrowRng::seeded(11);
    let mut checked = 0;
    for _ in 0..200 {
        if !until_human_moved(&mut s, &mut pick) {
            break;
        }
        // Play on to the next throw: from then on the move is final.
        while s.game().phase() == Phase::Move {
            random_step(&mut s, &mut pick);
        }
        if s.game().is_over() {
            break;
        }
        s.throw().unwrap();
        assert!(!s.can_undo());
        let snapshot = s.clone();
        assert_eq!(s.undo(), Err(SessionError::NothingToUndo));
        assert_eq!(s, snapshot, "a refused undo changes nothing");
        checked += 1;
    }
    assert!(checked > 5);
}

/// A won game stays won: the winning move cannot be taken back (the winner has been
/// announced at the table), so the Resume list keeps the game finished.
#[test]
fn the_winning_move_cannot_be_undone_and_the_game_stays_finished_in_the_list() {
    let dir = TempDir::new("won");
    let lib = SaveLibrary::open(dir.path()).unwrap();
    for (preset, seats) in ONE_TABLE_OF_EACH_PRESET {
        for seed in 0..4 {
            let mut s = session(preset, seats, seed);
            play_to_end(&mut s, &mut ThrowRng::seeded(seed), 20_000);
            assert!(
                matches!(s.history().last(), Some(Action::Move { seat, .. })
                    if *seat == s.game().to_move()),
                "a game ends on the winner's move"
            );
            let seen = lib.save(&s, None).unwrap();
            assert!(!s.can_undo(), "{preset:?} seed {seed}");
            let won = s.clone();
            assert_eq!(s.undo(), Err(SessionError::NothingToUndo));
            assert_eq!(s, won, "a refused undo changes nothing");
            lib.save(&s, Some(seen)).unwrap();
            let list = lib.list().unwrap();
            let entry = list.iter().find(|e| e.id == s.id).unwrap();
            let summary = entry.summary().expect("a good save");
            assert!(summary.finished && summary.winner.is_some() && summary.to_move.is_none());
        }
    }
}

#[test]
fn a_bots_move_cannot_be_undone() {
    let mut spec = spec(Preset::Yunnori, 2, 5, false);
    spec.seats[1].player = Player::Bot {
        level: BotLevel::Easy,
    };
    let mut s = Session::new(spec).unwrap();
    let mut pick = ThrowRng::seeded(5);
    let mut bot_moves = 0;
    for _ in 0..300 {
        let bot = s.bot_to_act().is_some();
        let moving = s.game().phase() == Phase::Move;
        if !random_step(&mut s, &mut pick) {
            break;
        }
        if bot && moving {
            assert!(!s.can_undo());
            assert_eq!(s.undo(), Err(SessionError::NothingToUndo));
            bot_moves += 1;
        }
    }
    assert!(bot_moves > 0);
}

#[test]
fn undo_off_refuses_every_undo() {
    let mut spec = spec(Preset::Yunnori, 2, 8, true);
    spec.options = SessionOptions { undo: false };
    let mut s = Session::new(spec).unwrap();
    let mut pick = ThrowRng::seeded(8);
    let mut moves = 0;
    for _ in 0..100 {
        let moving = s.game().phase() == Phase::Move;
        if !random_step(&mut s, &mut pick) {
            break;
        }
        if moving {
            moves += 1;
            assert!(!s.can_undo());
            assert_eq!(s.undo(), Err(SessionError::UndoOff));
        }
    }
    assert!(moves > 0);
    // The table's choice is part of the save.
    assert!(!reload(&s).setup.options.undo);
}

#[test]
fn a_seat_colour_must_be_rgb_hex() {
    let mut spec = spec(Preset::Yunnori, 2, 1, true);
    spec.seats[1].colour = "blue".into();
    assert!(matches!(
        Session::new(spec),
        Err(SessionError::Seat { seat: 1, .. })
    ));
}

#[test]
fn an_impossible_table_is_refused() {
    let mut spec = spec(Preset::Yunnori, 2, 1, true);
    spec.rules = RuleSet {
        pieces_per_player: 9,
        ..RuleSet::preset(Preset::Yunnori)
    };
    assert!(matches!(Session::new(spec), Err(SessionError::Setup(_))));
}

#[test]
fn a_session_tells_its_bots_who_sits_where_and_a_reload_keeps_it() {
    let mut spec = spec(Preset::Yunnori, 4, 9, true);
    for (i, level) in [
        (1, BotLevel::Easy),
        (2, BotLevel::Hard),
        (3, BotLevel::Medium),
    ] {
        spec.seats[i].player = Player::Bot { level };
    }
    let s = Session::new(spec).unwrap();
    let expected = vec![
        None,
        Some(yut_core::bot::Level::Easy),
        Some(yut_core::bot::Level::Hard),
        Some(yut_core::bot::Level::Medium),
    ];
    assert_eq!(s.seat_levels(), expected);
    assert_eq!(reload(&s).seat_levels(), expected);
}

#[test]
fn an_observed_session_rebuilds_the_position_without_the_seed() {
    let mut s = session(Preset::Yunnori, 2, 11);
    for _ in 0..12 {
        match s.game().phase() {
            Phase::Throw => {
                s.throw().unwrap();
            }
            Phase::Move => {
                let mv = s.game().legal_moves()[0].mv.clone();
                s.play(&mv).unwrap();
            }
            Phase::Over => break,
        }
    }
    let mut setup = s.setup.clone();
    setup.seed = 0;
    let seen = Session::observed(
        setup.clone(),
        s.start.clone(),
        s.history().to_vec(),
        s.engine(),
    )
    .unwrap();
    assert_eq!(seen.game(), s.game());
    assert_eq!(seen.history(), s.history());
    assert_eq!(seen.turns(), s.turns());
    // An action out of turn, or one the rules refuse, is not taken as recorded.
    let mut bad = s.history().to_vec();
    if let Some(Action::Throw { seat, .. }) = bad.first_mut() {
        *seat = 1;
    }
    let e = Session::observed(setup, s.start.clone(), bad, s.engine()).unwrap_err();
    assert!(e.to_string().contains("out of turn"), "{e}");
}

/// The turn counter counts turns: it stays put through bonus throws and a mover's further
/// moves, moves on by one exactly when the play passes to another seat (before that seat
/// throws), and a resumed game shows the number it had.
#[test]
fn the_turn_number_moves_when_the_turn_passes_and_survives_a_reload() {
    let (mut bonus_throws, mut passes) = (0, 0);
    for (preset, seats) in ONE_TABLE_OF_EACH_PRESET {
        for seed in 0..8 {
            let mut s = session(preset, seats, seed);
            let mut pick = ThrowRng::seeded(seed ^ 0x7e57);
            assert_eq!(s.turn_number(), 1, "a new game is in its first turn");
            let mut passed_in_game = 0;
            for step in 0..3000 {
                let (turn, seat) = (s.turn_number(), s.to_move());
                let events = match s.game().phase() {
                    Phase::Over => break,
                    Phase::Throw => s.throw().unwrap().events,
                    Phase::Move => {
                        let moves = s.game().legal_moves();
                        let mv = moves[pick.below(moves.len())].mv.clone();
                        s.play(&mv).unwrap()
                    }
                };
                let passed = events.iter().any(|e| matches!(e, Event::TurnPassed { .. }));
                if passed {
                    passes += 1;
                    passed_in_game += 1;
                    assert_ne!(s.to_move(), seat);
                    assert_eq!(s.turn_number(), turn + 1, "{preset:?} seed {seed}");
                } else {
                    assert_eq!(s.to_move(), seat);
                    assert_eq!(s.turn_number(), turn, "{preset:?} seed {seed}");
                    if events.iter().any(|e| matches!(e, Event::BonusOwed { .. })) {
                        bonus_throws += 1;
                    }
                }
                if step % 7 == 0 {
                    assert_eq!(reload(&s).turn_number(), s.turn_number());
                }
            }
            assert!(s.game().is_over(), "{preset:?} seed {seed} did not end");
            assert_eq!(s.turn_number(), passed_in_game + 1);
            assert_eq!(reload(&s).turn_number(), s.turn_number());
            // The per-action numbers (the review's) end on the same turn.
            assert_eq!(s.turn_numbers().last(), Some(&s.turn_number()));
        }
    }
    assert!(bonus_throws > 0 && passes > 0);
}

/// Seat names follow one rule for every front end and the server: trimmed, 1 to 24
/// characters, no control or text-direction characters.
#[test]
fn seat_names_are_trimmed_and_bounded_and_bad_ones_refused() {
    let named = |name: &str| {
        let mut sp = spec(Preset::Yunnori, 2, 1, true);
        sp.seats[1].name = name.to_string();
        Session::new(sp)
    };
    let s = named("  Halmeoni \t").unwrap();
    assert_eq!(s.seats()[1].name, "Halmeoni");
    assert_eq!(named("할머니").unwrap().seats()[1].name, "할머니");
    assert!(named(&"가".repeat(24)).is_ok());
    let ten_mb = "x".repeat(10 << 20);
    let emoji = "🎲".repeat(1_000);
    for bad in [
        "",
        "   ",
        "Ann\0",
        "Ann\nBo",
        "Ann\u{2028}Bo",
        "\u{202E}nnA",
        "Ann\u{2066}",
        &"가".repeat(25),
        &ten_mb,
        &emoji,
    ] {
        match named(bad) {
            Err(SessionError::Seat { seat: 1, reason }) => assert!(!reason.is_empty()),
            other => panic!("{:.40?} accepted or wrongly refused: {other:?}", bad),
        }
    }
    // A save file holding such a name is refused as damaged, not shown.
    let mut v: serde_json::Value = serde_json::from_slice(&save::encode(&s).unwrap()).unwrap();
    v["session"]["setup"]["seats"][1]["name"] = "\u{202E}evil".into();
    v["summary"]["seats"][1]["name"] = "\u{202E}evil".into();
    assert!(save::decode(&serde_json::to_vec(&v).unwrap()).is_err());
}

/// A name that shows nothing, or holds something that shows nothing, could pass for
/// another player's: refused, each with a reason. Emoji built with joiners, variation
/// selectors and a flag's tags are names like any other.
#[test]
fn names_that_show_nothing_are_refused_and_emoji_are_not() {
    let named = |name: &str| {
        let mut sp = spec(Preset::Yunnori, 2, 1, true);
        sp.seats[1].name = name.to_string();
        Session::new(sp)
    };
    for bad in [
        "\u{200B}",
        "Mina\u{200B}",
        "\u{FEFF}Mina",
        "Mi\u{2060}na",
        "\u{3164}",
        "\u{3164}\u{3164}",
        "\u{115F}\u{1160}",
        "\u{200D}",
        "\u{200D}Mina",
        "Mina\u{200D}",
        "Mina \u{200D}Bo",
        "\u{FE0F}",
        "\u{E0041}\u{E0042}",
        "Mina\u{E0041}",
        "\u{1F3F4}\u{E0067}\u{E0062}",
        "\u{2800}",
        "Mi\u{00AD}na",
    ] {
        match named(bad) {
            Err(SessionError::Seat { seat: 1, reason }) => {
                assert!(reason.contains("show nothing"), "{bad:?}: {reason}")
            }
            other => panic!("{bad:?} accepted or wrongly refused: {other:?}"),
        }
    }
    for good in [
        "👨\u{200D}👩\u{200D}👧",
        "❤\u{FE0F}",
        "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
        "Mina 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F} 1",
        "할머니",
        "क्\u{200D}ष",
    ] {
        assert_eq!(
            named(good).map(|s| s.seats()[1].name.clone()),
            Ok(good.to_string())
        );
    }
    // A save written before the rule, holding such a name, still loads.
    let s = named("Halmeoni").unwrap();
    let mut v: serde_json::Value = serde_json::from_slice(&save::encode(&s).unwrap()).unwrap();
    v["session"]["setup"]["seats"][1]["name"] = "\u{3164}".into();
    v["summary"]["seats"][1]["name"] = "\u{3164}".into();
    let loaded = save::decode(&serde_json::to_vec(&v).unwrap()).expect("an older save loads");
    assert_eq!(loaded.session.seats()[1].name, "\u{3164}");
}

/// Stick odds so lopsided that nearly every throw is a Yut or a Mo are refused, so no
/// option makes a turn (and a game) go on for ever.
#[test]
fn stick_odds_past_the_bounds_are_refused() {
    for p in [
        5e-324,
        1e-300,
        0.05,
        0.95,
        1.0 - 1e-16,
        f64::NAN,
        f64::INFINITY,
    ] {
        let mut sp = spec(Preset::Yunnori, 2, 1, true);
        sp.rules.stick_flat_probability = p;
        match Session::new(sp) {
            Err(e) => assert!(e.to_string().contains("stick_flat_probability"), "{e}"),
            Ok(_) => panic!("{p:e} accepted"),
        }
    }
    for p in [0.1, 0.5, 0.9] {
        let mut sp = spec(Preset::Yunnori, 2, 1, true);
        sp.rules.stick_flat_probability = p;
        let mut s = Session::new(sp).unwrap();
        play_to_end(&mut s, &mut ThrowRng::seeded(2), 20_000);
        assert!(s.game().is_over(), "p = {p}: the game ended");
    }
}

/// Time comes from the caller where std has no clock (the browser): a session made, thrown,
/// moved and undone at the caller's times records exactly those times, a game played so
/// gives the throws a game played on the system clock gives, and the save keeps the times.
#[test]
fn a_session_on_the_callers_clock_records_the_callers_times() {
    let mut s = Session::new_at(spec(Preset::Yunnori, 2, 5, true), 1_000).unwrap();
    let mut native = session(Preset::Yunnori, 2, 5);
    assert_eq!((s.created_ms, s.updated_ms), (1_000, 1_000));
    assert!(s.id.ends_with(&format!("{:08x}", 1_000)), "{}", s.id);
    let mut at = 1_000;
    let mut pick = ThrowRng::seeded(5);
    let mut undone = false;
    while !s.game().is_over() {
        at += 10;
        match s.game().phase() {
            Phase::Throw => {
                let r = s.throw_at(at).unwrap();
                assert_eq!(
                    (r.outcome, r.sticks),
                    {
                        let n = native.throw().unwrap();
                        (n.outcome, n.sticks)
                    },
                    "the clock never decides a throw"
                );
            }
            _ => {
                let moves = s.game().legal_moves();
                let mv = moves[pick.below(moves.len())].mv.clone();
                s.play_at(&mv, at).unwrap();
                native.play(&mv).unwrap();
                if !undone && s.can_undo() {
                    undone = true;
                    at += 10;
                    s.undo_at(at).unwrap();
                    native.undo().unwrap();
                    assert_eq!(s.updated_ms, at);
                    at += 10;
                    s.play_at(&mv, at).unwrap();
                    native.play(&mv).unwrap();
                }
            }
        }
        assert_eq!(s.updated_ms, at);
        let stamped = match s.history().last() {
            Some(Action::Throw { at_ms, .. } | Action::Move { at_ms, .. }) => *at_ms,
            None => 0,
        };
        assert_eq!(stamped, at);
    }
    assert!(undone);
    assert_eq!(s.game(), native.game());
    let back = reload(&s);
    assert_eq!((back.created_ms, back.updated_ms), (1_000, at));
}
