//! How taps on the board become a move, for every table (a local game's, a room's): pure
//! functions of the position on screen and what is picked.

use crate::records::{GameSnapshot, LegalMove, Spot};
use crate::view::{Destination, HintView, MoveQuestion, Selection};

/// What a tap asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Pick {
    /// Exactly one move: play it (its index in the snapshot's list).
    Play(u32),
    /// Several moves reach the spot: ask which (their indices).
    Ask(Vec<u32>),
    /// Pick this piece (or drop the pick: `None`).
    Select(Option<Spot>),
}

fn idx(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// Where the pieces that may move stand, each once, in the order of the legal moves.
pub fn movable(snap: &GameSnapshot) -> Vec<Spot> {
    let mut out: Vec<Spot> = Vec::new();
    for m in &snap.legal_moves {
        if !out.contains(&m.from) {
            out.push(m.from.clone());
        }
    }
    out
}

/// The legal moves from `from`, with their indices.
fn from_spot<'a>(
    snap: &'a GameSnapshot,
    from: &'a Spot,
) -> impl Iterator<Item = (u32, &'a LegalMove)> {
    snap.legal_moves
        .iter()
        .enumerate()
        .filter(move |(_, m)| &m.from == from)
        .map(|(i, m)| (idx(i), m))
}

/// A tap on `spot` with `picked` picked: a destination of the picked piece plays (or asks),
/// a movable piece is picked (tapped again, it stays picked: the only movable piece comes
/// picked, and a tap on it must not drop it), anything else drops the pick.
pub fn tap(snap: &GameSnapshot, picked: Option<&Spot>, spot: &Spot) -> Pick {
    if let Some(from) = picked {
        let reach: Vec<u32> = from_spot(snap, from)
            .filter(|(_, m)| &m.to == spot)
            .map(|(i, _)| i)
            .collect();
        match reach.len() {
            0 => {}
            1 => return Pick::Play(reach[0]),
            _ => return Pick::Ask(reach),
        }
    }
    if movable(snap).contains(spot) {
        Pick::Select(Some(spot.clone()))
    } else {
        Pick::Select(None)
    }
}

/// The open question narrowed to the moves that `keep`: one left plays, several ask again.
pub fn narrow(
    snap: &GameSnapshot,
    open: &[u32],
    keep: impl Fn(&LegalMove) -> bool,
) -> Option<Pick> {
    let left: Vec<u32> = open
        .iter()
        .copied()
        .filter(|&i| snap.legal_moves.get(i as usize).is_some_and(&keep))
        .collect();
    match left.len() {
        0 => None,
        1 => Some(Pick::Play(left[0])),
        _ => Some(Pick::Ask(left)),
    }
}

/// The picked piece and its destinations, with the hint's chances when one is shown.
pub fn selection(snap: &GameSnapshot, from: &Spot, hint: Option<&HintView>) -> Option<Selection> {
    let mut destinations: Vec<Destination> = Vec::new();
    for (i, m) in from_spot(snap, from) {
        let chance = hint.and_then(|h| h.chances.get(i as usize).copied().flatten());
        match destinations.iter_mut().find(|d| d.to == m.to) {
            Some(d) => {
                d.moves.push(i);
                d.captures = d.captures.max(m.captures);
                d.chance = match (d.chance, chance) {
                    (Some(a), Some(b)) => Some(a.max(b)),
                    (a, b) => a.or(b),
                };
            }
            None => destinations.push(Destination {
                to: m.to.clone(),
                moves: vec![i],
                captures: m.captures,
                chance,
            }),
        }
    }
    (!destinations.is_empty()).then(|| Selection {
        from: from.clone(),
        destinations,
    })
}

/// The question over moves `moves` (all from one piece to one spot).
pub fn choice(snap: &GameSnapshot, moves: &[u32]) -> Option<MoveQuestion> {
    let listed: Vec<&LegalMove> = moves
        .iter()
        .filter_map(|&i| snap.legal_moves.get(i as usize))
        .collect();
    let first = listed.first()?;
    let mut routes = Vec::new();
    let mut stack_choices = Vec::new();
    let mut uses_choices = Vec::new();
    for m in &listed {
        if !routes.contains(&m.route) {
            routes.push(m.route);
        }
        if let Some(s) = m.stack {
            if !stack_choices.contains(&s) {
                stack_choices.push(s);
            }
        }
        if !uses_choices.contains(&m.uses) {
            uses_choices.push(m.uses.clone());
        }
    }
    Some(MoveQuestion {
        from: first.from.clone(),
        to: first.to.clone(),
        moves: moves.to_vec(),
        routes,
        stack_choices,
        uses_choices,
    })
}
