//! Loosely typed tables and positions (scenario files, the bot protocol), validated into a
//! `Game`. Unknown keys are errors: these formats are public.

use crate::board::{Spot, Station};
use crate::game::{validate_table, Game, HandResult, LegalMove, SetupError, Stack, MAX_SEATS};
use crate::route::RouteId;
use crate::rules::{RuleSet, Stacking};
use crate::throw::Throw;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Who plays under which rules, as a scenario file or the bot protocol writes it: `rules`,
/// `seats`, optional `teams`. Checked when a game is made from it (`Game::new`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TableSpec {
    #[serde(default = "empty_object")]
    pub rules: serde_json::Value,
    pub seats: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams: Option<Vec<Vec<usize>>>,
}

fn empty_object() -> serde_json::Value {
    serde_json::Value::Object(Default::default())
}

/// A position: pieces per seat, explicit stacks, route pins, whose turn, the hand.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    #[serde(default)]
    pub pieces: BTreeMap<String, Vec<Spot>>,
    #[serde(default)]
    pub stacks: Vec<StackSpec>,
    #[serde(default)]
    pub routes: Vec<RoutePin>,
    #[serde(default)]
    pub to_move: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<Throw>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owed: Option<u8>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StackSpec {
    pub seat: usize,
    pub at: Station,
    pub count: u8,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoutePin {
    pub seat: usize,
    pub at: Station,
    pub route: RouteId,
}

/// A move as written in scenario files and the bot protocol.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveSpec {
    pub from: Spot,
    #[serde(rename = "use")]
    pub uses: Vec<Throw>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub route: Option<RouteId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stack: Option<bool>,
    /// The size of the group that moves: tells apart groups of different sizes of the
    /// mover's side on one station (stacking `optional` or `off`, or partners' pieces).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u8>,
}

impl MoveSpec {
    /// Whether a legal move fits this description (`use` as a multiset; `route`, `stack`
    /// and `count` only where given, `stack` read by `stack_fits`).
    pub fn matches(&self, legal: &LegalMove) -> bool {
        let mut a = self.uses.clone();
        a.sort();
        let mut b = legal.mv.uses.clone();
        b.sort();
        legal.mv.from == self.from
            && a == b
            && self.route.is_none_or(|r| r == legal.mv.route)
            && self.stack.is_none_or(|s| stack_fits(s, legal.mv.stack))
            && self.count.is_none_or(|c| c == legal.mv.pieces)
    }

    /// The full description of a legal move.
    pub fn of(legal: &LegalMove) -> MoveSpec {
        MoveSpec {
            from: legal.mv.from,
            uses: legal.mv.uses.clone(),
            route: Some(legal.mv.route),
            stack: legal.mv.stack,
            count: Some(legal.mv.pieces),
        }
    }
}

/// Whether a move's stacking choice fits a `stack` given in a public format (SCENARIOS.md):
/// `true` only a move that joins own pieces; `false` any move that does not join, whether it
/// declines to or lands where no own piece stands (the legal move then carries no choice).
pub fn stack_fits(want: bool, got: Option<bool>) -> bool {
    got.unwrap_or(false) == want
}

impl TableSpec {
    pub fn rule_set(&self) -> Result<RuleSet, SetupError> {
        Ok(RuleSet::from_json(&self.rules)?)
    }

    /// A fresh game at this table with `first` to throw.
    pub fn new_game(&self, first: usize) -> Result<Game, SetupError> {
        Game::new(self.rule_set()?, self.seats, self.teams.as_deref(), first)
    }

    /// The game described by `setup` (every piece home and seat 0 to move if `None`).
    pub fn game(&self, setup: Option<&Setup>) -> Result<Game, SetupError> {
        match setup {
            None => self.new_game(0),
            Some(s) => s.build(self),
        }
    }
}

impl Setup {
    pub fn build(&self, table: &TableSpec) -> Result<Game, SetupError> {
        let rules = table.rule_set()?;
        let seats = table.seats;
        let (side_of, sides) = validate_table(&rules, seats, table.teams.as_deref())?;
        let bad = |m: String| SetupError::Invalid(m);
        if self.to_move >= seats {
            return Err(bad(format!("to_move {} is not a seat", self.to_move)));
        }
        let map = rules.route_map();
        let n = rules.pieces_per_player;
        let mut home = vec![n; seats];
        let mut done = vec![0u8; seats];
        // Count pieces per seat per station.
        let mut at: Vec<BTreeMap<Station, u8>> = vec![BTreeMap::new(); seats];
        for (key, spots) in &self.pieces {
            let seat: usize = key
                .parse()
                .ok()
                .filter(|s| *s < seats)
                .ok_or_else(|| bad(format!("pieces: {key:?} is not a seat")))?;
            if spots.len() != n as usize {
                return Err(bad(format!(
                    "pieces: seat {seat} lists {} pieces, the rules give {n}",
                    spots.len()
                )));
            }
            home[seat] = 0;
            for spot in spots {
                match spot {
                    Spot::Home => home[seat] += 1,
                    Spot::Done => done[seat] += 1,
                    Spot::At(s) => *at[seat].entry(*s).or_default() += 1,
                }
            }
        }
        let pin = |seat: usize, st: Station| -> Result<(RouteId, u8), SetupError> {
            let side = side_of[seat];
            let pinned = self
                .routes
                .iter()
                .find(|p| p.at == st && (p.seat == seat || side_of.get(p.seat) == Some(&side)));
            match pinned {
                None => Ok(map.default_route(st)),
                Some(p) => {
                    if p.route == RouteId::MoStraight && !map.center_straight {
                        return Err(bad(
                            "route mo_straight needs center_pass_through straight".into()
                        ));
                    }
                    map.index_of(p.route, st)
                        .map(|i| (p.route, i))
                        .ok_or_else(|| bad(format!("route {} does not pass {st}", p.route)))
                }
            }
        };
        for p in &self.routes {
            if p.seat >= seats || !at[p.seat].contains_key(&p.at) {
                return Err(bad(format!(
                    "routes: seat {} has no piece on {}",
                    p.seat, p.at
                )));
            }
        }
        let mut stacks: Vec<Stack> = Vec::new();
        let counts_of = |seat: usize, k: u8| {
            let mut c = [0u8; MAX_SEATS];
            c[seat] = k;
            c
        };
        if rules.stacking == Stacking::Mandatory {
            // Every piece of one side on one station is one stack.
            for (seat, m) in at.iter().enumerate() {
                for (&st, &k) in m {
                    let (route, index) = pin(seat, st)?;
                    let side = side_of[seat];
                    if let Some(s) = stacks
                        .iter_mut()
                        .find(|s| s.side == side && map.spot(s.route, s.index) == Spot::At(st))
                    {
                        s.counts[seat] += k;
                    } else {
                        stacks.push(Stack {
                            side,
                            counts: counts_of(seat, k),
                            route,
                            index,
                            turn: None,
                        });
                    }
                }
            }
        } else {
            let mut left = at.clone();
            for spec in &self.stacks {
                let have = left
                    .get_mut(spec.seat)
                    .and_then(|m| m.get_mut(&spec.at))
                    .filter(|k| **k >= spec.count && spec.count >= 1)
                    .ok_or_else(|| {
                        bad(format!(
                            "stacks: seat {} has not {} pieces on {}",
                            spec.seat, spec.count, spec.at
                        ))
                    })?;
                *have -= spec.count;
                let (route, index) = pin(spec.seat, spec.at)?;
                stacks.push(Stack {
                    side: side_of[spec.seat],
                    counts: counts_of(spec.seat, spec.count),
                    route,
                    index,
                    turn: None,
                });
            }
            for (seat, m) in left.iter().enumerate() {
                for (&st, &k) in m {
                    let (route, index) = pin(seat, st)?;
                    for _ in 0..k {
                        stacks.push(Stack {
                            side: side_of[seat],
                            counts: counts_of(seat, 1),
                            route,
                            index,
                            turn: None,
                        });
                    }
                }
            }
        }
        // Two sides may share a station only where captures cannot happen.
        for (i, a) in stacks.iter().enumerate() {
            for b in &stacks[i + 1..] {
                let sa = map.spot(a.route, a.index);
                if a.side != b.side && sa == map.spot(b.route, b.index) {
                    if let Spot::At(s) = sa {
                        if !rules.safe_stations.contains(&s) {
                            return Err(bad(format!("two sides share station {s}")));
                        }
                    }
                }
            }
        }
        let (hand, owed) = match (&self.hand, self.owed) {
            (None, None) => (Vec::new(), 1),
            (None, Some(o)) => (Vec::new(), o),
            (Some(h), o) => (h.clone(), o.unwrap_or(0)),
        };
        if hand.contains(&Throw::BackDo) && !rules.back_do {
            return Err(bad("hand holds back_do but Back-Do is off".into()));
        }
        let hand = hand
            .into_iter()
            .map(|throw| HandResult {
                throw,
                prize: false,
            })
            .collect();
        Game::from_parts(
            rules,
            side_of,
            sides,
            stacks,
            home,
            done,
            self.to_move as u8,
            owed,
            hand,
        )
    }
}
