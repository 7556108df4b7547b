//! Routes: the station sequences a piece follows, how they branch and how a piece switches.
//!
//! A piece is always on one route at an index; `done` is the index one past the last
//! station. Routes form a tree (RULES.md §2), which decides where a Back-Do takes a piece.

use crate::board::{Spot, Station};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The five routes of RULES.md §2. Stable snake_case ids in files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RouteId {
    Outer,
    Mo,
    MoStraight,
    Dwitmo,
    Jjimo,
}

impl RouteId {
    pub const ALL: [RouteId; 5] = [
        RouteId::Outer,
        RouteId::Mo,
        RouteId::MoStraight,
        RouteId::Dwitmo,
        RouteId::Jjimo,
    ];

    pub fn id(self) -> &'static str {
        match self {
            RouteId::Outer => "outer",
            RouteId::Mo => "mo",
            RouteId::MoStraight => "mo_straight",
            RouteId::Dwitmo => "dwitmo",
            RouteId::Jjimo => "jjimo",
        }
    }
}

impl fmt::Display for RouteId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A route id that does not exist.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown route {0:?}")]
pub struct UnknownRoute(pub String);

impl FromStr for RouteId {
    type Err = UnknownRoute;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        RouteId::ALL
            .into_iter()
            .find(|r| r.id() == s)
            .ok_or_else(|| UnknownRoute(s.to_string()))
    }
}

/// How the board's routes are laid out under a rule set: the two options that change
/// station sequences and the route tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RouteMap {
    /// Diagonals end `… S2, S1, 20, done` (Culin, the Russian set).
    pub exit_via_start_corner: bool,
    /// The centre is passed straight on the diagonal from 5 (the Russian set).
    pub center_straight: bool,
}

const fn s(n: u8) -> Station {
    match Station::outer(n) {
        Some(st) => st,
        None => panic!("bad outer station"),
    }
}

macro_rules! outer_prefix {
    ($($n:literal),*) => { [$(s($n)),*] };
}

const OUTER: [Station; 20] =
    outer_prefix!(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20);
const MO: [Station; 10] = {
    let p = outer_prefix!(1, 2, 3, 4, 5);
    [
        p[0],
        p[1],
        p[2],
        p[3],
        p[4],
        Station::M1,
        Station::M2,
        Station::C,
        Station::S2,
        Station::S1,
    ]
};
const MO_EXIT: [Station; 11] = {
    let m = MO;
    [
        m[0],
        m[1],
        m[2],
        m[3],
        m[4],
        m[5],
        m[6],
        m[7],
        m[8],
        m[9],
        s(20),
    ]
};
const MO_STRAIGHT: [Station; 16] = {
    let m = MO;
    [
        m[0],
        m[1],
        m[2],
        m[3],
        m[4],
        m[5],
        m[6],
        m[7],
        Station::J2,
        Station::J1,
        s(15),
        s(16),
        s(17),
        s(18),
        s(19),
        s(20),
    ]
};
const DWITMO: [Station; 15] = {
    let o = OUTER;
    [
        o[0],
        o[1],
        o[2],
        o[3],
        o[4],
        o[5],
        o[6],
        o[7],
        o[8],
        o[9],
        Station::D1,
        Station::D2,
        Station::C,
        Station::S2,
        Station::S1,
    ]
};
const DWITMO_EXIT: [Station; 16] = {
    let d = DWITMO;
    [
        d[0],
        d[1],
        d[2],
        d[3],
        d[4],
        d[5],
        d[6],
        d[7],
        d[8],
        d[9],
        d[10],
        d[11],
        d[12],
        d[13],
        d[14],
        s(20),
    ]
};
const JJIMO: [Station; 20] = {
    let o = OUTER;
    [
        o[0],
        o[1],
        o[2],
        o[3],
        o[4],
        o[5],
        o[6],
        o[7],
        o[8],
        o[9],
        o[10],
        o[11],
        o[12],
        o[13],
        o[14],
        Station::J1,
        Station::J2,
        Station::C,
        Station::S2,
        Station::S1,
    ]
};
const JJIMO_EXIT: [Station; 21] = {
    let j = JJIMO;
    [
        j[0],
        j[1],
        j[2],
        j[3],
        j[4],
        j[5],
        j[6],
        j[7],
        j[8],
        j[9],
        j[10],
        j[11],
        j[12],
        j[13],
        j[14],
        j[15],
        j[16],
        j[17],
        j[18],
        j[19],
        s(20),
    ]
};

/// Index of C on the `mo` and `mo_straight` routes.
pub const MO_CENTER_INDEX: u8 = 7;

impl RouteMap {
    /// The stations of a route, in order; `done` is at index `len`.
    pub fn stations(&self, route: RouteId) -> &'static [Station] {
        let exit = self.exit_via_start_corner;
        match route {
            RouteId::Outer => &OUTER,
            RouteId::Mo if exit => &MO_EXIT,
            RouteId::Mo => &MO,
            RouteId::MoStraight => &MO_STRAIGHT,
            RouteId::Dwitmo if exit => &DWITMO_EXIT,
            RouteId::Dwitmo => &DWITMO,
            RouteId::Jjimo if exit => &JJIMO_EXIT,
            RouteId::Jjimo => &JJIMO,
        }
    }

    /// Routes that exist under this map (`mo_straight` only where the centre is passed
    /// straight).
    pub fn routes(&self) -> impl Iterator<Item = RouteId> + '_ {
        RouteId::ALL
            .into_iter()
            .filter(|r| *r != RouteId::MoStraight || self.center_straight)
    }

    /// Number of steps from index `index` to `done`.
    pub fn steps_to_done(&self, route: RouteId, index: u8) -> u8 {
        (self.stations(route).len() as u8).saturating_sub(index)
    }

    /// The spot at `index` of a route (`done` past the end).
    pub fn spot(&self, route: RouteId, index: u8) -> Spot {
        self.stations(route)
            .get(index as usize)
            .map_or(Spot::Done, |s| Spot::At(*s))
    }

    /// The parent route and the branch index, where the route leaves its parent.
    pub fn parent(&self, route: RouteId) -> Option<(RouteId, u8)> {
        match route {
            RouteId::Outer => None,
            RouteId::Mo if self.center_straight => Some((RouteId::MoStraight, MO_CENTER_INDEX)),
            RouteId::Mo | RouteId::MoStraight => Some((RouteId::Outer, 4)),
            RouteId::Dwitmo => Some((RouteId::Outer, 9)),
            RouteId::Jjimo => Some((RouteId::Outer, 14)),
        }
    }

    /// The route a piece is on after stepping back to `index` on `route`: before the
    /// branch station it returns to the parent route (prefixes are shared, so the index
    /// stays valid); on the branch station itself it keeps its route.
    pub fn after_back_step(&self, mut route: RouteId, index: u8) -> RouteId {
        while let Some((parent, branch)) = self.parent(route) {
            if index < branch {
                route = parent;
            } else {
                break;
            }
        }
        route
    }

    /// The route a piece standing at `index` of `route` could turn onto, and which switch
    /// option governs it: at 5, 10 and 15 from `outer`, and at C from `mo_straight`.
    pub fn turn_at(&self, route: RouteId, index: u8) -> Option<(RouteId, SwitchPoint)> {
        match (route, index) {
            (RouteId::Outer, 4) if self.center_straight => {
                Some((RouteId::MoStraight, SwitchPoint::Corner))
            }
            (RouteId::Outer, 4) => Some((RouteId::Mo, SwitchPoint::Corner)),
            (RouteId::Outer, 9) => Some((RouteId::Dwitmo, SwitchPoint::Corner)),
            (RouteId::Outer, 14) => Some((RouteId::Jjimo, SwitchPoint::Fifteen)),
            (RouteId::MoStraight, MO_CENTER_INDEX) => Some((RouteId::Mo, SwitchPoint::Corner)),
            _ => None,
        }
    }

    /// The route a piece set up on `station` is on without a pin (SCENARIOS.md).
    pub fn default_route(&self, station: Station) -> (RouteId, u8) {
        let route = match station {
            Station::M1 | Station::M2 if self.center_straight => RouteId::MoStraight,
            Station::M1 | Station::M2 | Station::C | Station::S2 | Station::S1 => RouteId::Mo,
            Station::D1 | Station::D2 => RouteId::Dwitmo,
            Station::J1 | Station::J2 => RouteId::Jjimo,
            _ => RouteId::Outer,
        };
        let index = self.index_of(route, station).unwrap_or(0);
        (route, index)
    }

    /// The index of a station on a route, if the route passes it.
    pub fn index_of(&self, route: RouteId, station: Station) -> Option<u8> {
        self.stations(route)
            .iter()
            .position(|s| *s == station)
            .map(|i| i as u8)
    }
}

/// Which switch option decides a turn (RULES.md §2: `shortcut` for 5, 10 and C,
/// `shortcut_at_15` for 15).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwitchPoint {
    Corner,
    Fifteen,
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: RouteMap = RouteMap {
        exit_via_start_corner: false,
        center_straight: false,
    };

    #[test]
    fn step_counts_from_corners_match_the_rules_table() {
        assert_eq!(PLAIN.steps_to_done(RouteId::Outer, 4), 16);
        assert_eq!(PLAIN.steps_to_done(RouteId::Mo, 4), 6);
        assert_eq!(PLAIN.steps_to_done(RouteId::Dwitmo, 9), 6);
        assert_eq!(PLAIN.steps_to_done(RouteId::Jjimo, 14), 6);
        assert_eq!(PLAIN.steps_to_done(RouteId::Outer, 14), 6);
    }

    #[test]
    fn back_step_before_branch_returns_to_parent() {
        assert_eq!(PLAIN.after_back_step(RouteId::Mo, 3), RouteId::Outer);
        assert_eq!(PLAIN.after_back_step(RouteId::Mo, 4), RouteId::Mo);
        let straight = RouteMap {
            exit_via_start_corner: true,
            center_straight: true,
        };
        assert_eq!(
            straight.after_back_step(RouteId::Mo, 6),
            RouteId::MoStraight
        );
        assert_eq!(straight.after_back_step(RouteId::Mo, 7), RouteId::Mo);
        assert_eq!(straight.after_back_step(RouteId::Mo, 3), RouteId::Outer);
    }
}
