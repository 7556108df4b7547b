//! Helpers shared by the session and save tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use yut_core::game::Phase;
use yut_core::rules::RuleSet;
use yut_core::session::{BotLevel, NewSession, Player, Seat, Session, SessionOptions};
use yut_core::throw::ThrowRng;
use yut_core::Preset;

/// A fresh directory under the test target's temp dir, removed on drop.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        static N: AtomicU32 = AtomicU32::new(0);
        let p = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
            "{tag}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The names of the files in `dir`, sorted.
pub fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

pub const COLOURS: [&str; 6] = [
    "#D32F2F", "#1976D2", "#388E3C", "#FBC02D", "#7B1FA2", "#F57C00",
];
pub const NAMES: [&str; 6] = ["Mina", "Joon", "Halmeoni", "Seo-yeon", "Dad", "Ara"];

pub fn seat(i: usize, player: Player) -> Seat {
    Seat {
        name: NAMES[i].to_string(),
        colour: COLOURS[i].to_string(),
        player,
    }
}

/// Seat 0 human, the others humans too when `all_human`, else medium bots.
pub fn spec(preset: Preset, n: usize, seed: u64, all_human: bool) -> NewSession {
    NewSession {
        rules: RuleSet::preset(preset),
        seats: (0..n)
            .map(|i| {
                let p = if i == 0 || all_human {
                    Player::Human
                } else {
                    Player::Bot {
                        level: BotLevel::Medium,
                    }
                };
                seat(i, p)
            })
            .collect(),
        teams: None,
        seed,
        options: SessionOptions::default(),
    }
}

pub fn session(preset: Preset, n: usize, seed: u64) -> Session {
    Session::new(spec(preset, n, seed, true)).unwrap()
}

/// One action: a throw (tap) when one is owed, else a move picked at random by `pick`.
/// `false` when the game is over.
pub fn random_step(s: &mut Session, pick: &mut ThrowRng) -> bool {
    match s.game().phase() {
        Phase::Over => false,
        Phase::Throw => {
            s.throw().unwrap();
            true
        }
        Phase::Move => {
            let moves = s.game().legal_moves();
            let mv = moves[pick.below(moves.len())].mv.clone();
            s.play(&mv).unwrap();
            true
        }
    }
}

/// Plays `n` actions (or to the end).
pub fn advance(s: &mut Session, pick: &mut ThrowRng, n: usize) {
    for _ in 0..n {
        if !random_step(s, pick) {
            break;
        }
    }
}

/// Plays to the end; panics if the game does not end in `limit` actions.
pub fn play_to_end(s: &mut Session, pick: &mut ThrowRng, limit: usize) {
    for _ in 0..limit {
        if !random_step(s, pick) {
            return;
        }
    }
    panic!("game {} did not end in {limit} actions", s.id);
}
