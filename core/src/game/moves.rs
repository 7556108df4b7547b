//! Move generation: every legal move of the position, each listed once, with its
//! destination, path, captures and stacking worked out for the screens and the bots.
//!
//! The hand's results are combined into the sets a move may spend, each set is tried from
//! every stack of the mover and from home, and moves with the same effect are listed once
//! (compared only with moves spending the same results, which keeps listing linear in the
//! number of moves; see `MAX_HAND`).

use super::*;
use crate::rules::{BackDoFromFirst, BackDoWhenEmpty, Finish, Stacking};

impl Game {
    /// Every legal move now (empty unless the game waits for a move).
    pub fn legal_moves(&self) -> Vec<LegalMove> {
        if self.over || self.must_throw() {
            return Vec::new();
        }
        self.candidate_moves()
    }

    pub(super) fn candidate_moves(&self) -> Vec<LegalMove> {
        let mut out = Vec::new();
        if self.hand.is_empty() || self.over {
            return out;
        }
        let seat = self.to_move as usize;
        let side = self.side_of[seat];
        let has_home = self.home_piece_for(seat).is_some();
        let on_board = self.stacks.iter().any(|s| s.side == side);
        for uses in self.use_sets() {
            let steps: i32 = uses.iter().map(|t| t.steps() as i32).sum();
            if uses == [Throw::BackDo] {
                if on_board {
                    for (i, st) in self.stacks.iter().enumerate() {
                        if st.side == side {
                            self.push_back_do(&mut out, i, st);
                        }
                    }
                } else if has_home && self.rules.back_do_when_empty == BackDoWhenEmpty::Enter {
                    self.push_forward(&mut out, Source::Home, &uses, RouteId::Outer, None, 1, 1);
                }
                continue;
            }
            if has_home {
                self.push_forward(
                    &mut out,
                    Source::Home,
                    &uses,
                    RouteId::Outer,
                    None,
                    steps,
                    1,
                );
            }
            for (i, st) in self.stacks.iter().enumerate() {
                if st.side != side {
                    continue;
                }
                let from = Some(st.index);
                let size = st.size();
                self.push_forward(
                    &mut out,
                    Source::Stack(i),
                    &uses,
                    st.route,
                    from,
                    steps,
                    size,
                );
                if let Some(turn) = st.turn {
                    self.push_forward(&mut out, Source::Stack(i), &uses, turn, from, steps, size);
                }
            }
        }
        out
    }

    /// Distinct sets of results that one move may spend: each result alone, or with
    /// `combine_results` every multiset of forward results.
    fn use_sets(&self) -> Vec<Vec<Throw>> {
        let mut kinds: Vec<Throw> = self.hand.iter().map(|h| h.throw).collect();
        kinds.sort();
        if !self.rules.combine_results {
            kinds.dedup();
            return kinds.into_iter().map(|t| vec![t]).collect();
        }
        let mut sets: Vec<Vec<Throw>> = Vec::new();
        if kinds.contains(&Throw::BackDo) {
            sets.push(vec![Throw::BackDo]);
        }
        let forward: Vec<Throw> = kinds.into_iter().filter(|t| *t != Throw::BackDo).collect();
        // Count each forward kind, then enumerate every count vector.
        let mut counts: Vec<(Throw, usize)> = Vec::new();
        for t in forward {
            match counts.last_mut() {
                Some((k, n)) if *k == t => *n += 1,
                _ => counts.push((t, 1)),
            }
        }
        let mut pick = vec![0usize; counts.len()];
        loop {
            let mut i = 0;
            while i < pick.len() {
                if pick[i] < counts[i].1 {
                    pick[i] += 1;
                    break;
                }
                pick[i] = 0;
                i += 1;
            }
            if i == pick.len() {
                break;
            }
            let set: Vec<Throw> = counts
                .iter()
                .zip(&pick)
                .flat_map(|((t, _), n)| std::iter::repeat_n(*t, *n))
                .collect();
            sets.push(set);
        }
        sets
    }

    pub(super) fn home_piece_for(&self, seat: usize) -> Option<usize> {
        if self.home(seat) > 0 {
            return Some(seat);
        }
        let side = self.side_of[seat] as usize;
        self.sides[side]
            .iter()
            .map(|s| *s as usize)
            .find(|s| self.home(*s) > 0)
    }

    #[allow(clippy::too_many_arguments)]
    fn push_forward(
        &self,
        out: &mut Vec<LegalMove>,
        source: Source,
        uses: &[Throw],
        route: RouteId,
        from_index: Option<u8>,
        steps: i32,
        size: u8,
    ) {
        let len = self.map.stations(route).len() as i32;
        // From home, a piece moves n steps from 참먹이: index n-1.
        let start = from_index.map_or(-1, |i| i as i32);
        let target = start + steps;
        if target >= len && self.rules.finish == Finish::Exact && target != len {
            return;
        }
        let mut path: Vec<Spot> = ((start + 1)..target.min(len))
            .map(|i| self.map.spot(route, i as u8))
            .collect();
        if target >= len {
            path.push(Spot::Done);
            self.push_move(out, source, uses, route, Spot::Done, path, size);
            return;
        }
        let dest = self.map.spot(route, target as u8);
        path.push(dest);
        self.push_move(out, source, uses, route, dest, path, size);
    }

    fn push_back_do(&self, out: &mut Vec<LegalMove>, i: usize, st: &Stack) {
        let uses = [Throw::BackDo];
        let size = st.size();
        if st.index == 0 {
            let to = match self.rules.back_do_from_first {
                BackDoFromFirst::Home => Spot::Home,
                BackDoFromFirst::ToStartCorner => Spot::At(Station::CHAMMEOGI),
            };
            self.push_move(out, Source::Stack(i), &uses, st.route, to, vec![to], size);
            return;
        }
        let to = self.map.spot(st.route, st.index - 1);
        self.push_move(out, Source::Stack(i), &uses, st.route, to, vec![to], size);
    }

    #[allow(clippy::too_many_arguments)]
    fn push_move(
        &self,
        out: &mut Vec<LegalMove>,
        source: Source,
        uses: &[Throw],
        route: RouteId,
        to: Spot,
        path: Vec<Spot>,
        size: u8,
    ) {
        let from = match source {
            Source::Home => Spot::Home,
            Source::Stack(i) => Spot::At(self.station_of(&self.stacks[i])),
        };
        let side = self.side_of[self.to_move as usize];
        let (own, captures, largest) = match to {
            Spot::At(s) => self.occupants(s, side, source),
            _ => (false, 0, 0),
        };
        if largest > size && self.rules.capture_needs_equal_or_larger_stack {
            return;
        }
        let choices: &[Option<bool>] = if !own {
            &[None]
        } else {
            match self.rules.stacking {
                Stacking::Mandatory => &[Some(true)],
                Stacking::Optional => &[Some(true), Some(false)],
                Stacking::Off => &[Some(false)],
            }
        };
        for &stack in choices {
            let mv = Move {
                from,
                uses: uses.to_vec(),
                route,
                stack,
                pieces: size,
            };
            // Moves with the same effect are one move (separate stacks of one size on one
            // station). The moves of one set of results are listed together, so only those
            // are compared: listing stays linear in the number of moves.
            let mut listed = out.iter().rev().take_while(|l| l.mv.uses == uses);
            if listed.any(|l| l.mv == mv) {
                continue;
            }
            out.push(LegalMove {
                mv,
                to,
                path: path.clone(),
                captures,
                source,
            });
        }
    }

    /// Whether own pieces stand on `s` (other than the mover), how many opposing pieces a
    /// landing there would capture, and the largest opposing stack among them.
    fn occupants(&self, s: Station, side: u8, source: Source) -> (bool, u8, u8) {
        let safe = self.rules.safe_stations.contains(&s);
        let mut own = false;
        let mut captures = 0;
        let mut largest = 0;
        for (i, st) in self.stacks.iter().enumerate() {
            if Source::Stack(i) == source || self.station_of(st) != s {
                continue;
            }
            if st.side == side {
                own = true;
            } else if !safe {
                captures += st.size();
                largest = largest.max(st.size());
            }
        }
        (own, captures, largest)
    }
}
