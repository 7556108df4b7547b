//! Throws anyone can check. Before a game's first throw the room publishes a commitment
//! to a secret of 32 random bytes (its SHA-256); every throw of the game, the throw-off
//! that decides who starts included, is derived from that secret and the action's place
//! in the game's history; when the game ends the secret is revealed, and anyone holding
//! the game's log can check that the commitment fits the secret and that every throw is
//! the one the secret gives. docs/PROTOCOL.md ("Verifiable throws") says the same in
//! enough detail to write a checker in any language.
//!
//! What it proves: no throw was chosen, changed or drawn again after the game began (not
//! by the server seeing how the game went, not by a restart or a reconnect). What it does
//! not: the secret is the server's own choice, made before anyone played.

use sha2::{Digest, Sha256};
use yut_core::game::Game;
use yut_core::rules::{FirstPlayer, RuleSet};
use yut_core::session::{throw_off, Action, Start};
use yut_core::throw::{Outcome, Throw, NAK_PROBABILITY};

/// The secret a game's throws come from.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret([u8; 32]);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never printed by accident while the game goes on.
        f.write_str("Secret(…)")
    }
}

impl Secret {
    pub fn from_bytes(bytes: [u8; 32]) -> Secret {
        Secret(bytes)
    }

    /// The secret written as in messages: 64 lowercase hex digits.
    pub fn from_hex(hex_text: &str) -> Result<Secret, Mismatch> {
        let bytes = hex::decode(hex_text.trim()).map_err(|_| Mismatch::BadSecret)?;
        let bytes: [u8; 32] = bytes.try_into().map_err(|_| Mismatch::BadSecret)?;
        Ok(Secret(bytes))
    }

    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    /// What the room publishes before the first throw: SHA-256 of the secret's 32 bytes,
    /// hex.
    pub fn commitment(&self) -> String {
        hex::encode(Sha256::digest(self.0))
    }

    /// SHA-256 of the secret, a label and the label's numbers (big-endian).
    fn hash(&self, label: &[u8], numbers: &[u64]) -> [u8; 32] {
        let mut h = Sha256::new();
        h.update(self.0);
        h.update(label);
        for n in numbers {
            h.update(n.to_be_bytes());
        }
        h.finalize().into()
    }

    /// The throw at place `index` (from 0) of the game's history, under `rules`.
    pub fn throw_at(&self, index: u64, rules: &RuleSet) -> (Outcome, [bool; 4]) {
        fall(&self.hash(b"throw", &[index]), rules)
    }

    /// Who starts, and the throw-off that decided it (rules with `first_player` by lot or
    /// by a throw-off; seat order needs no draw).
    pub fn start(&self, rules: &RuleSet, seats: usize) -> Start {
        match rules.first_player {
            FirstPlayer::SeatOrder => Start {
                first: 0,
                throw_off: Vec::new(),
            },
            FirstPlayer::Random => {
                let h = self.hash(b"first", &[]);
                let n = u64::from_be_bytes(word8(&h));
                Start {
                    first: (n % seats.max(1) as u64) as usize,
                    throw_off: Vec::new(),
                }
            }
            FirstPlayer::ThrowOff => throw_off(seats, |round, k| {
                fall(&self.hash(b"off", &[u64::from(round), k as u64]), rules)
            }),
        }
    }
}

/// The first eight bytes of a hash.
fn word8(h: &[u8; 32]) -> [u8; 8] {
    let mut w = [0; 8];
    w.copy_from_slice(&h[..8]);
    w
}

/// Bytes `4i..4i+4` of a hash as a big-endian number.
fn word(h: &[u8; 32], i: usize) -> u64 {
    u64::from(u32::from_be_bytes([
        h[4 * i],
        h[4 * i + 1],
        h[4 * i + 2],
        h[4 * i + 3],
    ]))
}

/// `floor(p · 2³²)`: a word below it happens with chance `p`.
fn threshold(p: f64) -> u64 {
    (p.clamp(0.0, 1.0) * 4_294_967_296.0) as u64
}

/// The sticks and outcome a hash gives: stick `i` lands flat side up when word `i` is
/// below the rules' flat chance; with 낙 on, word 4 below 1/20 is 낙.
fn fall(h: &[u8; 32], rules: &RuleSet) -> (Outcome, [bool; 4]) {
    let flat = threshold(rules.stick_flat_probability);
    let sticks = [0, 1, 2, 3].map(|i| word(h, i) < flat);
    if rules.nak && word(h, 4) < threshold(NAK_PROBABILITY) {
        return (Outcome::Nak, sticks);
    }
    (
        Outcome::Result(Throw::from_sticks(sticks, rules.back_do)),
        sticks,
    )
}

/// Why a game's throws do not check out.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Mismatch {
    #[error("the revealed secret is not 64 hex digits")]
    BadSecret,
    #[error("the revealed secret does not hash to the commitment published before the game")]
    Commitment,
    #[error("who starts is not what the secret gives")]
    Start,
    #[error("history entry {index}, a throw by seat {}, is {recorded:?}; the secret gives {derived:?}", seat + 1)]
    Throw {
        index: usize,
        seat: usize,
        recorded: Outcome,
        derived: Outcome,
    },
    #[error("history entry {0} is not a legal action: {1}")]
    Illegal(usize, String),
    #[error("the game cannot be set up: {0}")]
    Table(String),
}

/// A game's log as a checker needs it.
pub struct GameLog<'a> {
    pub rules: &'a RuleSet,
    pub seats: usize,
    pub teams: Option<&'a [Vec<usize>]>,
    pub engine: u32,
    pub start: &'a Start,
    pub history: &'a [Action],
    pub commitment: &'a str,
    pub secret: &'a str,
}

/// Checks a finished game: the commitment fits the secret, the start and every throw are
/// the secret's, and every action is legal. Returns how many throws were checked (the
/// throw-off's included).
pub fn check(log: &GameLog<'_>) -> Result<usize, Mismatch> {
    let secret = Secret::from_hex(log.secret)?;
    if !secret
        .commitment()
        .eq_ignore_ascii_case(log.commitment.trim())
    {
        return Err(Mismatch::Commitment);
    }
    if secret.start(log.rules, log.seats) != *log.start {
        return Err(Mismatch::Start);
    }
    let mut game = Game::new(log.rules.clone(), log.seats, log.teams, log.start.first)
        .map_err(|e| Mismatch::Table(e.to_string()))?
        .under_engine(log.engine);
    let mut checked: usize = log.start.throw_off.iter().map(Vec::len).sum();
    for (index, action) in log.history.iter().enumerate() {
        let illegal = |e: String| Mismatch::Illegal(index, e);
        match action {
            Action::Throw {
                seat,
                outcome,
                sticks,
                ..
            } => {
                let (derived, derived_sticks) = secret.throw_at(index as u64, log.rules);
                if (derived, derived_sticks) != (*outcome, *sticks) {
                    return Err(Mismatch::Throw {
                        index,
                        seat: *seat,
                        recorded: *outcome,
                        derived,
                    });
                }
                if *seat != game.to_move() {
                    return Err(illegal(format!("seat {} threw out of turn", seat + 1)));
                }
                game.throw_outcome(*outcome)
                    .map_err(|e| illegal(e.to_string()))?;
                checked += 1;
            }
            Action::Move { seat, mv, .. } => {
                if *seat != game.to_move() {
                    return Err(illegal(format!("seat {} moved out of turn", seat + 1)));
                }
                game.play(mv).map_err(|e| illegal(e.to_string()))?;
            }
        }
    }
    Ok(checked)
}

/// What a client knows of its game's throws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ThrowCheck {
    /// The game goes on: the commitment is known, the secret comes at its end.
    Committed,
    /// The game is over and every throw is the one its secret gives (this many).
    Verified { throws: u32 },
    /// The game is over and its throws do not check out: why.
    Mismatch { reason: String },
    /// A game begun by a server without commitments: its throws cannot be checked.
    Unverifiable,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(json: serde_json::Value) -> RuleSet {
        RuleSet::from_json(&json).expect("rules")
    }

    #[test]
    fn the_derivation_is_the_documented_example() {
        // docs/PROTOCOL.md gives these figures (worked out there with Python's hashlib, not
        // with this code): a checker in any language can test itself against them.
        let s = Secret::from_bytes([7; 32]);
        assert_eq!(s.to_hex(), "07".repeat(32));
        assert_eq!(
            s.commitment(),
            "4bb06f8e4e3a7715d201d573d0aa423762e55dabd61a2c02278fa56cc6d294e0"
        );
        let r = rules(serde_json::json!({"preset": "yunnori"}));
        let (t, f) = (true, false);
        let want = [
            (Throw::Gae, [t, f, t, f]),
            (Throw::Yut, [t, t, t, t]),
            (Throw::Geol, [f, t, t, t]),
            (Throw::Do, [f, f, t, f]),
        ];
        for (i, (throw, sticks)) in want.into_iter().enumerate() {
            assert_eq!(
                s.throw_at(i as u64, &r),
                (Outcome::Result(throw), sticks),
                "history entry {i}"
            );
        }
    }

    #[test]
    fn throws_follow_the_rules_odds() {
        let s = Secret::from_bytes([1; 32]);
        let r = rules(serde_json::json!({"preset": "yunnori"}));
        let n = 16_000;
        let mut mo = 0;
        let mut gae = 0;
        for i in 0..n {
            match s.throw_at(i, &r).0 {
                Outcome::Result(Throw::Mo) => mo += 1,
                Outcome::Result(Throw::Gae) => gae += 1,
                _ => {}
            }
        }
        // Fair sticks: Mo 1/16, Gae 6/16 (within five standard deviations).
        assert!((mo as f64 - n as f64 / 16.0).abs() < 5.0 * (n as f64 * 15.0 / 256.0).sqrt());
        assert!((gae as f64 - n as f64 * 6.0 / 16.0).abs() < 5.0 * (n as f64 * 0.234).sqrt());
    }

    #[test]
    fn a_throw_off_is_decided_by_the_secret() {
        let r = rules(serde_json::json!({"preset": "yunnori", "first_player": "throw_off"}));
        let rank = |o: Outcome| match o {
            Outcome::Result(t) => t.steps(),
            Outcome::Nak => i8::MIN,
        };
        for b in 0..20u8 {
            let s = Secret::from_bytes([b; 32]);
            let start = s.start(&r, 4);
            assert_eq!(start, s.start(&r, 4), "the same secret, the same start");
            // Round 0: every seat, each throw from its own hash.
            for (k, t) in start.throw_off[0].iter().enumerate() {
                assert_eq!(t.seat, k);
                let h = s.hash(b"off", &[0, k as u64]);
                assert_eq!((t.outcome, t.sticks), fall(&h, &r));
            }
            let last = start.throw_off.last().expect("a round");
            let best = last.iter().map(|t| rank(t.outcome)).max();
            let leaders: Vec<_> = last
                .iter()
                .filter(|t| Some(rank(t.outcome)) == best)
                .collect();
            assert_eq!(leaders.len(), 1);
            assert_eq!(leaders[0].seat, start.first);
        }
    }
}
