//! Golden save files: `tests/saves/vN/*.json` were written once by `write_golden_saves`
//! (format N) and are committed as they are. Every later version must load them, verify
//! them and play them on to the end: a family's paused game survives every app update.
//!
//! To add a file (never to change one): add it to `golden()` and run
//! `cargo test -p yut-core --test golden_saves -- --ignored write_golden_saves`.

mod common;

use common::*;
use std::path::PathBuf;
use yut_core::game::Phase;
use yut_core::rules::{Finish, RuleSet, Stacking};
use yut_core::save::{self, SCHEMA_VERSION};
use yut_core::session::{
    Action, BotLevel, NewSession, Player, Session, SessionOptions, ENGINE_REVISION,
};
use yut_core::throw::ThrowRng;
use yut_core::Preset;

/// The golden files of format `version`.
fn dir_of(version: u64) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../tests/saves/v{version}"))
}

/// Where `write_golden_saves` writes: the format this version writes.
fn dir() -> PathBuf {
    dir_of(SCHEMA_VERSION)
}

/// Every format's golden files, oldest first.
fn versions() -> impl Iterator<Item = u64> {
    1..=SCHEMA_VERSION
}

fn bot(level: BotLevel) -> Player {
    Player::Bot { level }
}

/// What each golden file holds, as the Resume list must show it.
struct Golden {
    file: &'static str,
    preset: Preset,
    seats: usize,
    finished: bool,
}

const GOLDEN: [Golden; 6] = [
    Golden {
        file: "yunnori_2_seats_mid.json",
        preset: Preset::Yunnori,
        seats: 2,
        finished: false,
    },
    Golden {
        file: "yunnori_4_seats_teams_mid.json",
        preset: Preset::Yunnori,
        seats: 4,
        finished: false,
    },
    Golden {
        file: "culin1895_3_seats_throw_off_mid.json",
        preset: Preset::Culin1895,
        seats: 3,
        finished: false,
    },
    Golden {
        file: "nyout_ru_5_seats_mid.json",
        preset: Preset::NyoutRu,
        seats: 5,
        finished: false,
    },
    Golden {
        file: "yunnori_4_seats_finished.json",
        preset: Preset::Yunnori,
        seats: 4,
        finished: true,
    },
    Golden {
        file: "house_rules_3_seats_mid.json",
        preset: Preset::Yunnori,
        seats: 3,
        finished: false,
    },
];

/// The sessions behind the golden files (used only to write them).
fn golden_sessions() -> Vec<Session> {
    let mk = |spec: NewSession, actions: usize| {
        let mut s = Session::new(spec.clone()).unwrap();
        let mut pick = ThrowRng::seeded(spec.seed ^ 0x601d);
        advance(&mut s, &mut pick, actions);
        // Stop on a move so some files hold a result in hand.
        while s.game().phase() == Phase::Throw && actions % 2 == 1 {
            random_step(&mut s, &mut pick);
        }
        s
    };
    let mut out = Vec::new();

    let mut two = spec(Preset::Yunnori, 2, 20_251_129, false);
    two.seats[1].player = bot(BotLevel::Easy);
    out.push(mk(two, 61));

    let mut teams = spec(Preset::Yunnori, 4, 4_004, true);
    teams.teams = Some(vec![vec![0, 2], vec![1, 3]]);
    teams.seats[3].player = bot(BotLevel::Hard);
    out.push(mk(teams, 120));

    // A seed whose throw-off needed a rethrow, with Culin's three pieces for three.
    let culin_seed = (0..)
        .find(|seed| {
            let s = Session::new(spec(Preset::Culin1895, 3, *seed, true)).unwrap();
            s.start.throw_off.len() > 1
        })
        .unwrap();
    let mut culin = spec(Preset::Culin1895, 3, culin_seed, true);
    culin.rules.pieces_per_player = 3;
    culin.seats[2].player = bot(BotLevel::Medium);
    out.push(mk(culin, 75));

    let ru = spec(Preset::NyoutRu, 5, 5_555, false);
    out.push(mk(ru, 150));

    let mut fin = spec(Preset::Yunnori, 4, 44, false);
    fin.seats[2].player = Player::Human;
    out.push(mk(fin, 100_000));

    let mut house = spec(Preset::Yunnori, 3, 333, true);
    house.rules = RuleSet {
        nak: true,
        finish: Finish::Exact,
        stick_flat_probability: 0.55,
        play_on_for_places: true,
        stacking: Stacking::Optional,
        pieces_per_player: 3,
        ..RuleSet::preset(Preset::Yunnori)
    };
    house.options = SessionOptions { undo: false };
    out.push(mk(house, 91));
    out
}

#[test]
#[ignore = "writes the golden files; run once when adding one"]
fn write_golden_saves() {
    std::fs::create_dir_all(dir()).unwrap();
    for (g, s) in GOLDEN.iter().zip(golden_sessions()) {
        let path = dir().join(g.file);
        if path.exists() {
            continue; // golden files are never rewritten
        }
        std::fs::write(&path, save::encode(&s).unwrap()).unwrap();
        println!("wrote {}", path.display());
    }
}

/// The history without its timestamps (two plays a millisecond apart are the same game).
fn untimed(s: &Session) -> Vec<Action> {
    s.history()
        .iter()
        .cloned()
        .map(|mut a| {
            match &mut a {
                Action::Throw { at_ms, .. } | Action::Move { at_ms, .. } => *at_ms = 0,
            }
            a
        })
        .collect()
}

#[test]
fn every_golden_save_loads_verifies_and_plays_on_to_the_end() {
    for version in versions() {
        for g in &GOLDEN {
            let path = dir_of(version).join(g.file);
            let name = format!("v{version}/{}", g.file);
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
            let loaded = save::decode(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
            let sum = &loaded.summary;
            assert_eq!(sum.preset, g.preset, "{name}");
            assert_eq!(sum.seats.len(), g.seats, "{name}");
            assert_eq!(sum.finished, g.finished, "{name}");
            assert_eq!(sum.winner.is_some(), g.finished, "{name}");
            assert!(sum.actions > 0, "{name}");
            let mut s = loaded.session;
            s.verify().unwrap();
            if version == SCHEMA_VERSION {
                // Nothing is lost or reordered by a load and a save.
                assert_eq!(save::encode(&s).unwrap(), bytes, "{name}");
            } else {
                // An older file saved again is written in today's format and reads back
                // as the same game, still played under the engine revision it began with.
                let again = save::decode(&save::encode(&s).unwrap()).unwrap();
                assert_eq!(again.session, s, "{name}");
                assert_eq!(again.session.engine(), s.engine(), "{name}");
            }
            // Play on with throws from the restored RNG; twice, to see the RNG decide them.
            let mut twin = s.clone();
            let (mut pick, mut pick2) = (ThrowRng::seeded(1), ThrowRng::seeded(1));
            play_to_end(&mut s, &mut pick, 50_000);
            play_to_end(&mut twin, &mut pick2, 50_000);
            assert_eq!(untimed(&s), untimed(&twin), "{name}");
            assert!(s.game().is_over() && s.game().winner().is_some());
            // The finished game saves and loads again.
            assert_eq!(save::decode(&save::encode(&s).unwrap()).unwrap().session, s);
        }
    }
}

#[test]
fn a_format_1_file_replays_under_the_engine_revision_it_was_played_with() {
    // This Russian-set game spent an ordinary result where revision 2 spends the prize
    // copy; read as revision 2 its history would not replay.
    let path = dir_of(1).join("nyout_ru_5_seats_mid.json");
    let bytes = std::fs::read(path).unwrap();
    let loaded = save::decode(&bytes).unwrap();
    assert_eq!(loaded.session.engine(), 1);
    let text = String::from_utf8(bytes).unwrap();
    let as_new = text.replacen(
        "\"history\":",
        &format!("\"engine\":{ENGINE_REVISION},\"history\":"),
        1,
    );
    let as_new = as_new.replacen("\"schema_version\":1", "\"schema_version\":2", 1);
    let err = save::decode(as_new.as_bytes()).unwrap_err().to_string();
    assert!(err.contains("does not replay"), "{err}");
    // A new game is played under today's revision and says so in its file.
    let fresh = Session::new(spec(Preset::NyoutRu, 2, 7, false)).unwrap();
    assert_eq!(fresh.engine(), ENGINE_REVISION);
}

#[test]
fn golden_files_cover_the_cases_promised() {
    for version in versions() {
        let files: Vec<String> = std::fs::read_dir(dir_of(version))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".json"))
            .collect();
        assert!(files.len() >= 5);
        for g in &GOLDEN {
            assert!(
                files.iter().any(|f| f == g.file),
                "v{version}/{} is missing",
                g.file
            );
        }
        let loaded: Vec<_> = GOLDEN
            .iter()
            .map(|g| save::check_file(&dir_of(version).join(g.file)).unwrap())
            .collect();
        for p in Preset::ALL {
            assert!(loaded.iter().any(|l| l.summary.preset == p));
        }
        assert!(loaded
            .iter()
            .any(|l| l.summary.seats.len() == 4 && l.session.setup.teams.is_some()));
        assert!(loaded.iter().any(|l| l.summary.finished));
        assert!(loaded.iter().any(|l| l.session.start.throw_off.len() > 1));
        assert!(loaded
            .iter()
            .any(|l| l.session.game().phase() == Phase::Move));
    }
}
