//! The 29 stations of the Yut Nori board, their stable ids, names and drawing coordinates.
//!
//! Ids are the strings of RULES.md §1; they appear in save files, scenario files and logs,
//! so they never change.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One of the 29 stations. Internally an index 0..29: 0..=19 are outer stations `1`..`20`,
/// then `M1 M2 D1 D2 J1 J2 C S2 S1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Station(u8);

/// Number of stations on the board.
pub const STATION_COUNT: usize = 29;

const INNER_IDS: [&str; 9] = ["M1", "M2", "D1", "D2", "J1", "J2", "C", "S2", "S1"];

impl Station {
    /// Outer station `n` (1..=20). Returns `None` outside that range.
    pub const fn outer(n: u8) -> Option<Station> {
        if n >= 1 && n <= 20 {
            Some(Station(n - 1))
        } else {
            None
        }
    }
    pub const M1: Station = Station(20);
    pub const M2: Station = Station(21);
    pub const D1: Station = Station(22);
    pub const D2: Station = Station(23);
    pub const J1: Station = Station(24);
    pub const J2: Station = Station(25);
    pub const C: Station = Station(26);
    pub const S2: Station = Station(27);
    pub const S1: Station = Station(28);
    /// 모, the first corner.
    pub const MO: Station = Station(4);
    /// 뒷모, the second corner.
    pub const DWITMO: Station = Station(9);
    /// 찌모, the third corner.
    pub const JJIMO: Station = Station(14);
    /// 참먹이, the start and exit corner.
    pub const CHAMMEOGI: Station = Station(19);

    /// Every station, in id order (`1`..`20`, then the diagonals).
    pub fn all() -> impl Iterator<Item = Station> {
        (0..STATION_COUNT as u8).map(Station)
    }

    /// Dense index 0..29, for tables.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The station with dense index `i`, if any.
    pub fn from_index(i: usize) -> Option<Station> {
        (i < STATION_COUNT).then_some(Station(i as u8))
    }

    /// Stable id: `1`..`20`, `M1` … `C`.
    pub fn id(self) -> String {
        if self.0 < 20 {
            (self.0 + 1).to_string()
        } else {
            INNER_IDS[(self.0 - 20) as usize].to_string()
        }
    }

    /// Corners and the centre: the stations drawn larger, where routes may switch.
    pub fn is_corner_or_center(self) -> bool {
        matches!(self.0, 4 | 9 | 14 | 19 | 26)
    }

    /// The traditional name of a corner or the centre, in Korean and romanised.
    pub fn name(self) -> Option<(&'static str, &'static str)> {
        match self.0 {
            4 => Some(("모", "mo")),
            9 => Some(("뒷모", "dwitmo")),
            14 => Some(("찌모", "jjimo")),
            19 => Some(("참먹이", "chammeogi")),
            26 => Some(("방", "bang")),
            _ => None,
        }
    }

    /// Drawing position in the unit square, y growing downwards (screen convention).
    /// 참먹이 is bottom right, 모 top right, 뒷모 top left, 찌모 bottom left, so pieces run
    /// counterclockwise as on a real board. Both apps draw from these numbers.
    pub fn coordinates(self) -> (f32, f32) {
        let i = self.0;
        let f = |k: u8| k as f32 / 5.0;
        match i {
            0..=4 => (1.0, 1.0 - f(i + 1)), // 1..5 up the right side
            5..=9 => (1.0 - f(i - 4), 0.0), // 6..10 along the top, right to left
            10..=14 => (0.0, f(i - 9)),     // 11..15 down the left side
            15..=19 => (f(i - 14), 1.0),    // 16..20 along the bottom, left to right
            20 => (5.0 / 6.0, 1.0 / 6.0),   // M1
            21 => (4.0 / 6.0, 2.0 / 6.0),   // M2
            22 => (1.0 / 6.0, 1.0 / 6.0),   // D1
            23 => (2.0 / 6.0, 2.0 / 6.0),   // D2
            24 => (1.0 / 6.0, 5.0 / 6.0),   // J1
            25 => (2.0 / 6.0, 4.0 / 6.0),   // J2
            26 => (0.5, 0.5),               // C
            27 => (4.0 / 6.0, 4.0 / 6.0),   // S2
            _ => (5.0 / 6.0, 5.0 / 6.0),    // S1
        }
    }

    /// Stations joined to this one by a drawn line (for drawing and for hit-testing).
    pub fn neighbours(self) -> Vec<Station> {
        let mut out = Vec::new();
        let lines: [&[Station]; 3] = [&OUTER_RING, &LINE_MO_JJIMO, &LINE_DWITMO_CHAM];
        for (k, line) in lines.iter().enumerate() {
            let n = line.len();
            for (j, s) in line.iter().enumerate() {
                if *s != self {
                    continue;
                }
                if k == 0 {
                    out.push(line[(j + 1) % n]);
                    out.push(line[(j + n - 1) % n]);
                } else {
                    if j > 0 {
                        out.push(line[j - 1]);
                    }
                    if j + 1 < n {
                        out.push(line[j + 1]);
                    }
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }
}

const OUTER_RING: [Station; 20] = {
    let mut a = [Station(0); 20];
    let mut i = 0;
    while i < 20 {
        a[i] = Station(i as u8);
        i += 1;
    }
    a
};
const LINE_MO_JJIMO: [Station; 7] = [
    Station::MO,
    Station::M1,
    Station::M2,
    Station::C,
    Station::J2,
    Station::J1,
    Station::JJIMO,
];
const LINE_DWITMO_CHAM: [Station; 7] = [
    Station::DWITMO,
    Station::D1,
    Station::D2,
    Station::C,
    Station::S2,
    Station::S1,
    Station::CHAMMEOGI,
];

impl fmt::Display for Station {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id())
    }
}

/// A station id that is not on the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown station id {0:?}")]
pub struct UnknownStation(pub String);

impl FromStr for Station {
    type Err = UnknownStation;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Ok(n) = s.parse::<u8>() {
            if s == n.to_string() {
                if let Some(st) = Station::outer(n) {
                    return Ok(st);
                }
            }
        }
        INNER_IDS
            .iter()
            .position(|id| *id == s)
            .map(|p| Station(20 + p as u8))
            .ok_or_else(|| UnknownStation(s.to_string()))
    }
}

impl Serialize for Station {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.id())
    }
}

impl<'de> Deserialize<'de> for Station {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Where a piece is: waiting off the board, on a station, or finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Spot {
    Home,
    At(Station),
    Done,
}

impl Spot {
    pub fn id(self) -> String {
        match self {
            Spot::Home => "home".into(),
            Spot::Done => "done".into(),
            Spot::At(s) => s.id(),
        }
    }
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id())
    }
}

impl FromStr for Spot {
    type Err = UnknownStation;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "home" => Ok(Spot::Home),
            "done" => Ok(Spot::Done),
            _ => s.parse().map(Spot::At),
        }
    }
}

impl Serialize for Spot {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.id())
    }
}

impl<'de> Deserialize<'de> for Spot {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_are_unique() {
        let ids: Vec<String> = Station::all().map(|s| s.id()).collect();
        assert_eq!(ids.len(), 29);
        for s in Station::all() {
            assert_eq!(s.id().parse::<Station>().unwrap(), s);
        }
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 29);
        assert!("21".parse::<Station>().is_err());
        assert!("05".parse::<Station>().is_err());
        assert!("c".parse::<Station>().is_err());
    }

    #[test]
    fn corners_sit_on_the_square_and_centre_in_the_middle() {
        assert_eq!(Station::CHAMMEOGI.coordinates(), (1.0, 1.0));
        assert_eq!(Station::MO.coordinates(), (1.0, 0.0));
        assert_eq!(Station::DWITMO.coordinates(), (0.0, 0.0));
        assert_eq!(Station::JJIMO.coordinates(), (0.0, 1.0));
        assert_eq!(Station::C.coordinates(), (0.5, 0.5));
        let mut pts: Vec<(i32, i32)> = Station::all()
            .map(|s| {
                let (x, y) = s.coordinates();
                ((x * 600.0) as i32, (y * 600.0) as i32)
            })
            .collect();
        pts.sort();
        pts.dedup();
        assert_eq!(pts.len(), 29, "no two stations drawn on one spot");
    }

    #[test]
    fn centre_has_four_neighbours_and_corners_three_or_four() {
        assert_eq!(Station::C.neighbours().len(), 4);
        assert_eq!(Station::MO.neighbours().len(), 3);
        assert_eq!(Station::CHAMMEOGI.neighbours().len(), 3);
        assert_eq!(Station::outer(2).unwrap().neighbours().len(), 2);
    }
}
