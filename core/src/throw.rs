//! Throws: the six results, the four sticks that produce them, their odds and a seeded,
//! serialisable random source.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A throw's result. Stable snake_case ids in files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Throw {
    BackDo,
    Do,
    Gae,
    Geol,
    Yut,
    Mo,
}

impl Throw {
    pub const ALL: [Throw; 6] = [
        Throw::BackDo,
        Throw::Do,
        Throw::Gae,
        Throw::Geol,
        Throw::Yut,
        Throw::Mo,
    ];
    /// The forward results, in step order.
    pub const FORWARD: [Throw; 5] = [Throw::Do, Throw::Gae, Throw::Geol, Throw::Yut, Throw::Mo];

    /// Steps moved: -1 for Back-Do, 1..5 otherwise.
    pub fn steps(self) -> i8 {
        match self {
            Throw::BackDo => -1,
            Throw::Do => 1,
            Throw::Gae => 2,
            Throw::Geol => 3,
            Throw::Yut => 4,
            Throw::Mo => 5,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Throw::BackDo => "back_do",
            Throw::Do => "do",
            Throw::Gae => "gae",
            Throw::Geol => "geol",
            Throw::Yut => "yut",
            Throw::Mo => "mo",
        }
    }

    /// The name players say, in Korean.
    pub fn korean(self) -> &'static str {
        match self {
            Throw::BackDo => "빽도",
            Throw::Do => "도",
            Throw::Gae => "개",
            Throw::Geol => "걸",
            Throw::Yut => "윷",
            Throw::Mo => "모",
        }
    }

    /// The romanised name shown beside the Korean one.
    pub fn english(self) -> &'static str {
        match self {
            Throw::BackDo => "Back-Do",
            Throw::Do => "Do",
            Throw::Gae => "Gae",
            Throw::Geol => "Geol",
            Throw::Yut => "Yut",
            Throw::Mo => "Mo",
        }
    }

    /// Reads four sticks (flat side up or not; stick 0 is the marked one).
    pub fn from_sticks(flat: [bool; 4], back_do: bool) -> Throw {
        match flat.iter().filter(|f| **f).count() {
            0 => Throw::Mo,
            1 if back_do && flat[0] => Throw::BackDo,
            1 => Throw::Do,
            2 => Throw::Gae,
            3 => Throw::Geol,
            _ => Throw::Yut,
        }
    }
}

impl fmt::Display for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A throw id that does not exist.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown throw {0:?}")]
pub struct UnknownThrow(pub String);

impl FromStr for Throw {
    type Err = UnknownThrow;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Throw::ALL
            .into_iter()
            .find(|t| t.id() == s)
            .ok_or_else(|| UnknownThrow(s.to_string()))
    }
}

/// What one throw of the four sticks produced: a result, or 낙 (a stick off the mat) where
/// the `nak` house rule is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Result(Throw),
    Nak,
}

/// Chance of 낙 per throw when the house rule is on (RULES.md §8).
pub const NAK_PROBABILITY: f64 = 1.0 / 20.0;

/// The probability of each result for sticks that land flat side up with probability `p`.
/// Sums to 1. Back-Do takes its share from Do when on.
pub fn odds(p: f64, back_do: bool) -> [(Throw, f64); 6] {
    let q = 1.0 - p;
    let one_flat = 4.0 * p * q.powi(3);
    let marked_alone = p * q.powi(3);
    let (bd, d) = if back_do {
        (marked_alone, one_flat - marked_alone)
    } else {
        (0.0, one_flat)
    };
    [
        (Throw::BackDo, bd),
        (Throw::Do, d),
        (Throw::Gae, 6.0 * p * p * q * q),
        (Throw::Geol, 4.0 * p.powi(3) * q),
        (Throw::Yut, p.powi(4)),
        (Throw::Mo, q.powi(4)),
    ]
}

/// The game's random source: ChaCha8, seeded, and saved with the game so a reload cannot
/// re-roll a throw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThrowRng(ChaCha8Rng);

impl ThrowRng {
    pub fn seeded(seed: u64) -> Self {
        ThrowRng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// Four sticks; each lands flat side up with probability `p`.
    pub fn sticks(&mut self, p: f64) -> [bool; 4] {
        let mut flat = [false; 4];
        for f in &mut flat {
            *f = self.0.gen_bool(p.clamp(0.0, 1.0));
        }
        flat
    }

    /// True with probability `p` (used for 낙 and by the bots' samplers).
    pub fn chance(&mut self, p: f64) -> bool {
        self.0.gen_bool(p.clamp(0.0, 1.0))
    }

    /// A uniform number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.0.gen_range(0..n)
        }
    }

    /// A uniform float in [0, 1).
    pub fn unit(&mut self) -> f64 {
        self.0.gen::<f64>()
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.gen()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fair_odds_are_the_sixteenths_of_the_rules() {
        let o = odds(0.5, true);
        let want = [1.0, 3.0, 6.0, 4.0, 1.0, 1.0];
        for ((_, p), w) in o.iter().zip(want) {
            assert!((p - w / 16.0).abs() < 1e-12);
        }
        let o = odds(0.5, false);
        assert!((o[1].1 - 4.0 / 16.0).abs() < 1e-12);
        assert_eq!(o[0].1, 0.0);
    }

    #[test]
    fn sticks_read_as_the_rules_say() {
        assert_eq!(Throw::from_sticks([false; 4], true), Throw::Mo);
        assert_eq!(Throw::from_sticks([true; 4], true), Throw::Yut);
        assert_eq!(
            Throw::from_sticks([true, false, false, false], true),
            Throw::BackDo
        );
        assert_eq!(
            Throw::from_sticks([true, false, false, false], false),
            Throw::Do
        );
        assert_eq!(
            Throw::from_sticks([false, true, false, false], true),
            Throw::Do
        );
        assert_eq!(
            Throw::from_sticks([false, true, true, false], true),
            Throw::Gae
        );
    }

    #[test]
    fn rng_state_survives_serialisation() {
        let mut a = ThrowRng::seeded(7);
        a.sticks(0.5);
        let json = serde_json::to_string(&a).unwrap();
        let mut b: ThrowRng = serde_json::from_str(&json).unwrap();
        for _ in 0..100 {
            assert_eq!(a.sticks(0.5), b.sticks(0.5));
        }
    }
}
