//! The hard bot's static evaluation: a race model in "results still needed", plus the
//! capture threat of the side about to act, mapped to a win probability.
//!
//! Why a race model: Yut Nori is a race with hits. Counting how many throw results each side
//! still needs (using the exact single-piece expectation under the rule set in play, so
//! shortcuts, Back-Do and exact finish are priced right) captures progress, shortcuts and
//! the value of stacking (a stack needs its results once); the threat term prices what the
//! next throw can hit, which a shallow search would otherwise miss at its horizon.

use crate::board::{Spot, Station, STATION_COUNT};
use crate::game::{Game, Phase, Stack};
use crate::route::{RouteId, RouteMap, SwitchPoint};
use crate::rules::{BackDoFromFirst, BackDoWhenEmpty, CaptureBonus, Finish, RuleSet, Switch};
use crate::throw::{odds, Outcome, Throw, NAK_PROBABILITY};

/// Longest route (Jjimo with the exit via the start corner) has 21 stations.
const MAX_LEN: usize = 21;
/// How many of the race model's figures the network starts from (`net_dense`).
pub(crate) const DENSE: usize = 3;

/// Rule-derived tables the evaluation and the bots share; built once per rule set.
#[derive(Clone, Debug)]
pub struct Model {
    pub(crate) map: RouteMap,
    /// Expected results a lone piece standing at (route, index) still needs to finish,
    /// moving along that route (no pending turn).
    t: [[f64; MAX_LEN]; 5],
    /// Variance of that number.
    var: [[f64; MAX_LEN]; 5],
    /// The same for a piece waiting at home.
    pub(crate) home: f64,
    home_var: f64,
    /// Expected results per turn (bonus throws included, captures not).
    pub(crate) rate: f64,
    /// Odds of each result, given that a throw gives a result.
    pub(crate) result_odds: Vec<(Throw, f64)>,
    /// Odds of each throw outcome (낙 included where on): the chance nodes of the search.
    pub(crate) outcomes: Vec<(Outcome, f64)>,
    safe: [bool; STATION_COUNT],
    equal_or_larger: bool,
    capture_bonus: CaptureBonus,
    back_do: bool,
    back_do_enter: bool,
    back_do_from_first: BackDoFromFirst,
    exact: bool,
    shortcut: Switch,
    shortcut_at_15: Switch,
    pub(crate) params: Params,
    /// `landings` as station bit masks per result, for a stack at (route, index, pending
    /// turn) and for a piece entering: the network's hit features read them thousands of
    /// times per move.
    reach: Vec<[u32; 6]>,
    entry_reach: [u32; 6],
}

/// The evaluation's tuned weights (tuned against the exact solver's regret, see tests).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Params {
    /// Variance of the race per result still needed.
    pub var: f64,
    /// Share of a turn the side about to act is ahead by.
    pub tempo: f64,
    /// What a Back-Do in hand is worth, in results.
    pub back_do_hand: f64,
    /// Weight of the capture threat of the side about to act.
    pub threat: f64,
    /// Weight of the value of a capture's bonus throw.
    pub bonus: f64,
    /// Variance of a race that is all but over (the last result's luck).
    pub base_var: f64,
    /// Share of a chased stack's capture cost charged per unit of way left.
    pub exposure: f64,
    /// Scale of the logistic.
    pub scale: f64,
}

impl Default for Params {
    fn default() -> Params {
        // Fitted to the exact values of the 2-piece Yunnori game (least squares over the
        // positions of 3,000 games; see `tune.rs`).
        Params {
            var: 1.6,
            tempo: 0.36,
            back_do_hand: 0.3,
            threat: 2.1,
            bonus: 0.0,
            base_var: 0.01,
            // Not visible in 2-piece games; set by 4-piece play against the medium bot.
            exposure: 0.15,
            scale: 1.29,
        }
    }
}

/// A lone piece's spot in the race chain: route slot and index.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Pos {
    Home,
    Done,
    At(usize, usize),
}

fn route_slot(r: RouteId) -> usize {
    match r {
        RouteId::Outer => 0,
        RouteId::Mo => 1,
        RouteId::MoStraight => 2,
        RouteId::Dwitmo => 3,
        RouteId::Jjimo => 4,
    }
}

impl Model {
    pub fn new(rules: &RuleSet) -> Model {
        let map = rules.route_map();
        let raw = odds(rules.stick_flat_probability, rules.back_do);
        let result_odds: Vec<(Throw, f64)> =
            raw.iter().copied().filter(|(_, p)| *p > 0.0).collect();
        let nak = if rules.nak { NAK_PROBABILITY } else { 0.0 };
        let mut outcomes: Vec<(Outcome, f64)> = result_odds
            .iter()
            .map(|(t, p)| (Outcome::Result(*t), p * (1.0 - nak)))
            .collect();
        if nak > 0.0 {
            outcomes.push((Outcome::Nak, nak));
        }
        let p_bonus: f64 = outcomes
            .iter()
            .filter_map(|(o, p)| match o {
                Outcome::Result(t) if rules.bonus_throw_on.contains(t) => Some(*p),
                _ => None,
            })
            .sum();
        // Throws per turn are geometric; each gives a result unless 낙.
        let rate = (1.0 - nak) / (1.0 - p_bonus).max(0.05);
        let mut safe = [false; STATION_COUNT];
        for s in &rules.safe_stations {
            safe[s.index()] = true;
        }
        let mut m = Model {
            map,
            t: [[0.0; MAX_LEN]; 5],
            var: [[0.0; MAX_LEN]; 5],
            home: 0.0,
            home_var: 0.0,
            rate,
            result_odds,
            outcomes,
            safe,
            equal_or_larger: rules.capture_needs_equal_or_larger_stack,
            capture_bonus: rules.capture_bonus,
            back_do: rules.back_do,
            back_do_enter: rules.back_do_when_empty == BackDoWhenEmpty::Enter,
            back_do_from_first: rules.back_do_from_first,
            exact: rules.finish == Finish::Exact,
            shortcut: rules.shortcut,
            shortcut_at_15: rules.shortcut_at_15,
            params: Params::default(),
            reach: Vec::new(),
            entry_reach: [0; 6],
        };
        m.solve_race();
        m.fill_reach();
        m
    }

    fn fill_reach(&mut self) {
        let mut reach = Vec::with_capacity(5 * MAX_LEN * 6);
        for route in RouteId::ALL {
            for index in 0..MAX_LEN {
                for turn in [None].into_iter().chain(RouteId::ALL.map(Some)) {
                    let st = Stack {
                        side: 0,
                        counts: [0; crate::game::MAX_SEATS],
                        route,
                        index: index as u8,
                        turn,
                    };
                    reach.push(self.reach_mask(Some(&st)));
                }
            }
        }
        self.entry_reach = self.reach_mask(None);
        self.reach = reach;
    }

    /// `landings` of every result as station bit masks (bit per `Station::index`).
    fn reach_mask(&self, from: Option<&Stack>) -> [u32; 6] {
        let mut out = [0u32; 6];
        let mut buf = Vec::with_capacity(2);
        for t in Throw::ALL {
            self.landings(from, t, &mut buf);
            out[t as usize] = buf.iter().fold(0, |a, s| a | 1 << s.index());
        }
        out
    }

    /// Stations each result could take this stack to (`reach_mask`, read from the table
    /// built with the model).
    pub(crate) fn reach_of(&self, st: &Stack) -> [u32; 6] {
        let turn = st.turn.map_or(0, |r| 1 + route_slot(r));
        let i = (route_slot(st.route) * MAX_LEN + st.index as usize) * 6 + turn;
        match self.reach.get(i) {
            Some(r) if (st.index as usize) < MAX_LEN => *r,
            _ => self.reach_mask(Some(st)),
        }
    }

    /// As `reach_of`, for a piece entering from home.
    pub(crate) fn entry_reach(&self) -> [u32; 6] {
        self.entry_reach
    }

    fn len(&self, r: RouteId) -> usize {
        self.map.stations(r).len()
    }

    /// Where a piece that has just landed on (route, index) stands: a forced switch is
    /// taken, an optional one when it shortens the way.
    fn landed(&self, r: RouteId, i: usize) -> Pos {
        let stay = Pos::At(route_slot(r), i);
        let Some((to, point)) = self.map.turn_at(r, i as u8) else {
            return stay;
        };
        let option = match point {
            SwitchPoint::Corner => self.shortcut,
            SwitchPoint::Fifteen => self.shortcut_at_15,
        };
        let other = Pos::At(route_slot(to), i);
        let better = |a: Pos, b: Pos| {
            if self.need_at(b) < self.need_at(a) {
                b
            } else {
                a
            }
        };
        match option {
            Switch::Forced => other,
            Switch::Optional => better(stay, other),
            Switch::OnlyIfShorter
                if self.map.steps_to_done(to, i as u8) < self.map.steps_to_done(r, i as u8) =>
            {
                better(stay, other)
            }
            _ => stay,
        }
    }

    fn need_at(&self, p: Pos) -> f64 {
        match p {
            Pos::Home => self.home,
            Pos::Done => 0.0,
            Pos::At(r, i) => self.t[r][i],
        }
    }

    fn second_at(&self, p: Pos, second: &[[f64; MAX_LEN]; 5], home: f64) -> f64 {
        match p {
            Pos::Home => home,
            Pos::Done => 0.0,
            Pos::At(r, i) => second[r][i],
        }
    }

    /// Where a lone piece goes with one result (a result it cannot use leaves it in place).
    fn step(&self, from: Pos, t: Throw, routes: &[RouteId]) -> Pos {
        match (from, t) {
            (Pos::Done, _) => Pos::Done,
            (Pos::Home, Throw::BackDo) if self.back_do_enter => self.landed(RouteId::Outer, 0),
            (Pos::Home, Throw::BackDo) => Pos::Home,
            (Pos::Home, t) => self.landed(RouteId::Outer, t.steps() as usize - 1),
            (Pos::At(_, 0), Throw::BackDo) => match self.back_do_from_first {
                BackDoFromFirst::Home => Pos::Home,
                BackDoFromFirst::ToStartCorner => self.landed(RouteId::Outer, 19),
            },
            (Pos::At(r, i), Throw::BackDo) => {
                let j = i - 1;
                self.landed(self.map.after_back_step(routes[r], j as u8), j)
            }
            (Pos::At(r, i), t) => {
                let route = routes[r];
                let target = i + t.steps() as usize;
                let len = self.len(route);
                if target >= len {
                    if self.exact && target != len {
                        from
                    } else {
                        Pos::Done
                    }
                } else {
                    self.landed(route, target)
                }
            }
        }
    }

    /// Value iteration for a lone piece: the mean and variance of the number of results it
    /// still needs, from every spot.
    fn solve_race(&mut self) {
        let routes: Vec<RouteId> = RouteId::ALL.to_vec();
        let live: Vec<RouteId> = self.map.routes().collect();
        let mut spots: Vec<Pos> = vec![Pos::Home];
        for &r in &live {
            for i in 0..self.len(r) {
                spots.push(Pos::At(route_slot(r), i));
            }
        }
        for _ in 0..5000 {
            let mut delta: f64 = 0.0;
            for &p in &spots {
                let mut v = 1.0;
                for &(t, q) in &self.result_odds {
                    v += q * self.need_at(self.step(p, t, &routes));
                }
                let slot = match p {
                    Pos::Home => &mut self.home,
                    Pos::At(r, i) => &mut self.t[r][i],
                    Pos::Done => continue,
                };
                delta = delta.max((v - *slot).abs());
                *slot = v;
            }
            if delta < 1e-9 {
                break;
            }
        }
        // Second moment with the same choices: E[(1 + N')^2].
        let mut second = [[0.0; MAX_LEN]; 5];
        let mut home2 = 0.0;
        for _ in 0..5000 {
            let mut delta: f64 = 0.0;
            for &p in &spots {
                let mut v = 0.0;
                for &(t, q) in &self.result_odds {
                    let n = self.step(p, t, &routes);
                    v += q * (1.0 + 2.0 * self.need_at(n) + self.second_at(n, &second, home2));
                }
                let slot = match p {
                    Pos::Home => &mut home2,
                    Pos::At(r, i) => &mut second[r][i],
                    Pos::Done => continue,
                };
                delta = delta.max((v - *slot).abs());
                *slot = v;
            }
            if delta < 1e-7 {
                break;
            }
        }
        for ((var, sec), t) in self.var.iter_mut().zip(&second).zip(&self.t) {
            for ((v, s2), m) in var.iter_mut().zip(sec).zip(t) {
                *v = (s2 - m * m).max(0.0);
            }
        }
        self.home_var = (home2 - self.home * self.home).max(0.0);
    }

    /// Results a stack still needs (once for the whole stack).
    pub(crate) fn stack_need(&self, st: &Stack) -> f64 {
        let i = (st.index as usize).min(MAX_LEN - 1);
        let stay = self.t[route_slot(st.route)][i];
        match st.turn {
            Some(r) => stay.min(self.t[route_slot(r)][i]),
            None => stay,
        }
    }

    /// Variance of what a stack still needs.
    pub(crate) fn stack_var(&self, st: &Stack) -> f64 {
        let i = (st.index as usize).min(MAX_LEN - 1);
        let a = route_slot(st.route);
        match st.turn {
            Some(r) if self.t[route_slot(r)][i] < self.t[a][i] => self.var[route_slot(r)][i],
            _ => self.var[a][i],
        }
    }

    /// What a side loses when this stack is sent home: every piece needs the full way again.
    pub(crate) fn capture_loss(&self, st: &Stack) -> f64 {
        (st.size() as f64 * self.home - self.stack_need(st)).max(0.0)
    }

    /// Value (in results) of the bonus throw a capture earns.
    pub(crate) fn capture_bonus_value(&self) -> f64 {
        match self.capture_bonus {
            CaptureBonus::Each => self.rate,
            CaptureBonus::SinglePrize => 1.0,
            CaptureBonus::Off => 0.0,
        }
    }

    /// Where a mover lands with one result, if on a station: (station, route) pairs, along
    /// its route and its pending turn. `from` None means entering from home.
    pub(crate) fn landings(&self, from: Option<&Stack>, t: Throw, out: &mut Vec<Station>) {
        out.clear();
        match from {
            None => {
                let idx = if t == Throw::BackDo {
                    if !self.back_do_enter {
                        return;
                    }
                    0
                } else {
                    t.steps() as usize - 1
                };
                if let Spot::At(s) = self.map.spot(RouteId::Outer, idx as u8) {
                    out.push(s);
                }
            }
            Some(st) => {
                if t == Throw::BackDo {
                    if st.index == 0 {
                        if self.back_do_from_first == BackDoFromFirst::ToStartCorner {
                            out.push(Station::CHAMMEOGI);
                        }
                    } else if let Spot::At(s) = self.map.spot(st.route, st.index - 1) {
                        out.push(s);
                    }
                    return;
                }
                let n = t.steps() as usize;
                for r in [Some(st.route), st.turn].into_iter().flatten() {
                    let target = st.index as usize + n;
                    if target < self.len(r) {
                        if let Spot::At(s) = self.map.spot(r, target as u8) {
                            if !out.contains(&s) {
                                out.push(s);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Best capture value for `side` with result `t`: (loss inflicted, 1 if it captures).
    fn best_capture(&self, game: &Game, side: usize, t: Throw, enemy: &Occupancy) -> (f64, f64) {
        if t == Throw::BackDo && !self.back_do {
            return (0.0, 0.0);
        }
        let mut best: f64 = 0.0;
        let mut buf = Vec::with_capacity(2);
        let any_on_board = game.stacks().iter().any(|s| s.side as usize == side);
        let has_home = game.sides()[side]
            .iter()
            .any(|s| game.home(*s as usize) > 0);
        let mut try_land = |size: u8, stations: &[Station]| {
            for s in stations {
                let k = s.index();
                if self.safe[k] || enemy.size[k] == 0 {
                    continue;
                }
                if self.equal_or_larger && enemy.size[k] > size {
                    continue;
                }
                best = best.max(enemy.loss[k]);
            }
        };
        if has_home && (t != Throw::BackDo || !any_on_board) {
            self.landings(None, t, &mut buf);
            try_land(1, &buf);
        }
        for st in game.stacks().iter().filter(|s| s.side as usize == side) {
            self.landings(Some(st), t, &mut buf);
            try_land(st.size(), &buf);
        }
        if best > 0.0 {
            (best, 1.0)
        } else {
            (0.0, 0.0)
        }
    }

    /// Mean and variance of the results each side still needs. A stack that enemies can
    /// still catch up with is charged part of what losing it would cost, growing with the
    /// way it has left: that is the risk of carrying a big stack a long way.
    fn needs(&self, game: &Game) -> Vec<(f64, f64)> {
        let mut need = vec![(0.0, 0.0); game.sides().len()];
        let nsides = game.sides().len().min(6);
        // Per side: the furthest-back enemy progress, as results still needed.
        let mut back = [0.0f64; 6];
        if self.params.exposure > 0.0 {
            for st in game.stacks() {
                let s = (st.side as usize).min(5);
                back[s] = back[s].max(self.stack_need(st));
            }
            for seat in 0..game.seats() {
                if game.home(seat) > 0 {
                    let s = game.side_of(seat).min(5);
                    back[s] = back[s].max(self.home);
                }
            }
        }
        for st in game.stacks() {
            let t = self.stack_need(st);
            let mut chased = false;
            if self.params.exposure > 0.0 {
                for (side, b) in back.iter().enumerate().take(nsides) {
                    if side != st.side as usize && *b > t + 0.5 {
                        chased = true;
                    }
                }
            }
            if let Some(n) = need.get_mut(st.side as usize) {
                n.0 += t;
                n.1 += self.stack_var(st);
                if chased {
                    n.0 += self.params.exposure * self.capture_loss(st) * t / self.home.max(1.0);
                }
            }
        }
        for seat in 0..game.seats() {
            if let Some(n) = need.get_mut(game.side_of(seat)) {
                let k = game.home(seat) as f64;
                n.0 += k * self.home;
                n.1 += k * self.home_var;
            }
        }
        need
    }

    /// What `side` can expect to hit with one result: (chance it captures, mean loss it
    /// inflicts when it does), over the results in hand (known) or the next throw.
    fn threat(&self, game: &Game, side: usize, enemy: &Occupancy) -> (f64, f64) {
        if enemy.total_loss == 0.0 {
            return (0.0, 0.0);
        }
        if game.phase() == Phase::Move && game.side_of(game.to_move()) == side {
            let mut best: f64 = 0.0;
            for h in game.hand() {
                best = best.max(self.best_capture(game, side, h.throw, enemy).0);
            }
            if best > 0.0 || game.owed() == 0 {
                return if best > 0.0 { (1.0, best) } else { (0.0, 0.0) };
            }
        }
        let (mut p_hit, mut loss) = (0.0, 0.0);
        for &(t, p) in &self.result_odds {
            let (l, c) = self.best_capture(game, side, t, enemy);
            if c > 0.0 {
                p_hit += p;
                loss += p * l;
            }
        }
        if p_hit > 0.0 {
            (p_hit, loss / p_hit)
        } else {
            (0.0, 0.0)
        }
    }

    /// The stack's place in the network's board encoding: route slot and index, along the
    /// shorter way when it may still turn.
    pub(crate) fn slot_of(&self, st: &Stack) -> usize {
        let i = (st.index as usize).min(MAX_LEN - 1);
        let mut r = route_slot(st.route);
        if let Some(t) = st.turn {
            if self.t[route_slot(t)][i] < self.t[r][i] {
                r = route_slot(t);
            }
        }
        r * MAX_LEN + i
    }

    /// The race model's cheap figures the network starts from, from the mover's side: both
    /// sides' expected results still needed, and their difference.
    pub(crate) fn net_dense(&self, game: &Game) -> [f32; DENSE] {
        let mover = game.side_of(game.to_move());
        let (mut nm, mut no) = (0.0, 0.0);
        for st in game.stacks() {
            if st.side as usize == mover {
                nm += self.stack_need(st);
            } else {
                no += self.stack_need(st);
            }
        }
        for seat in 0..game.seats() {
            let k = game.home(seat) as f64 * self.home;
            if game.side_of(seat) == mover {
                nm += k;
            } else {
                no += k;
            }
        }
        [
            (nm / 20.0) as f32,
            (no / 20.0) as f32,
            ((no - nm) / 10.0) as f32,
        ]
    }

    /// The hand-made race model's estimate that `me` (a side) finishes before every other
    /// side still playing. `placed0` counts the sides already placed when the search began:
    /// those no longer race.
    pub(crate) fn race_probability(&self, game: &Game, me: usize, placed0: usize) -> f64 {
        let places = game.places();
        if places.len() > placed0 {
            return if places[placed0] as usize == me {
                1.0
            } else {
                0.0
            };
        }
        let mut need = self.needs(game);
        let mover = game.side_of(game.to_move());
        let over = game.phase() == Phase::Over;
        if over {
            return self.race(game, &need, me, None);
        }
        // The mover's results in hand and throws owed count as progress already made.
        let hand: f64 = game
            .hand()
            .iter()
            .map(|h| {
                if h.throw == Throw::BackDo {
                    self.params.back_do_hand
                } else {
                    1.0
                }
            })
            .sum();
        need[mover].0 -= hand + game.owed() as f64 * self.rate;
        // The mover's capture threat splits the future in two races.
        let enemy = Occupancy::of(game, mover, self);
        let (p_hit, loss) = self.threat(game, mover, &enemy);
        let calm = self.race(game, &need, me, Some(mover));
        if p_hit == 0.0 {
            return calm;
        }
        let mut hit = need.clone();
        let loss = loss * self.params.threat;
        for (side, n) in hit.iter_mut().enumerate() {
            if side != mover && enemy.total_loss > 0.0 {
                let share = enemy.side_loss[side.min(5)] / enemy.total_loss;
                n.0 += loss * share;
                n.1 += share * loss * self.home_var / self.home.max(1.0);
            }
        }
        hit[mover].0 -= self.params.bonus * self.capture_bonus_value();
        let struck = self.race(game, &hit, me, Some(mover));
        (1.0 - p_hit) * calm + p_hit * struck
    }

    /// The race between `me` and each other side still playing, as a normal approximation
    /// of the results each still needs; `mover` (if any) acts first.
    fn race(&self, game: &Game, need: &[(f64, f64)], me: usize, mover: Option<usize>) -> f64 {
        let places = game.places();
        let seats_of = |s: usize| game.sides()[s].len().max(1) as f64;
        let mut p = 1.0;
        for (other, n) in need.iter().enumerate() {
            if other == me || places.contains(&(other as u8)) {
                continue;
            }
            let (km, ko) = (seats_of(me), seats_of(other));
            let dm = (need[me].0 / km).max(0.0);
            let d_o = (n.0 / ko).max(0.0);
            let mut adv = d_o - dm;
            if mover == Some(me) {
                adv -= self.params.tempo * self.rate;
            } else if mover == Some(other) {
                adv += self.params.tempo * self.rate;
            }
            let var = need[me].1 / (km * km)
                + n.1 / (ko * ko)
                + self.params.var * (dm + d_o)
                + self.params.base_var;
            p *= logistic(self.params.scale * adv / var.max(1e-6).sqrt());
        }
        p
    }
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Opposing pieces by station, seen from one side.
pub(crate) struct Occupancy {
    pub(crate) size: [u8; STATION_COUNT],
    pub(crate) loss: [f64; STATION_COUNT],
    side_loss: [f64; 6],
    total_loss: f64,
}

impl Occupancy {
    pub(crate) fn of(game: &Game, side: usize, model: &Model) -> Occupancy {
        let mut o = Occupancy {
            size: [0; STATION_COUNT],
            loss: [0.0; STATION_COUNT],
            side_loss: [0.0; 6],
            total_loss: 0.0,
        };
        for st in game.stacks() {
            if st.side as usize == side {
                continue;
            }
            let k = game.station_of(st).index();
            let l = model.capture_loss(st);
            o.size[k] += st.size();
            o.loss[k] += l;
            o.side_loss[(st.side as usize).min(5)] += l;
            o.total_loss += l;
        }
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    #[test]
    fn race_table_prices_shortcuts() {
        let m = Model::new(&RuleSet::default());
        // From 5 on the diagonal (6 steps) is far shorter than the outer way (16).
        let mo = m.t[route_slot(RouteId::Mo)][4];
        let outer6 = m.t[route_slot(RouteId::Outer)][5];
        assert!(mo < outer6, "{mo} {outer6}");
        assert!(m.home > mo);
        assert!(m.home > 3.0 && m.home < 12.0, "{}", m.home);
        for p in Preset::ALL {
            let m = Model::new(&RuleSet::preset(p));
            assert!(m.home.is_finite() && m.home > 0.0);
            assert!(m.rate >= 1.0);
        }
    }

    #[test]
    fn the_reach_table_says_what_landings_says() {
        for p in Preset::ALL {
            let m = Model::new(&RuleSet::preset(p));
            let mut buf = Vec::new();
            let mut checked = 0;
            for route in RouteId::ALL {
                for index in 0..m.len(route) as u8 {
                    for turn in [None, Some(RouteId::Mo), Some(RouteId::Dwitmo)] {
                        let st = Stack {
                            side: 1,
                            counts: [0, 2, 0, 0, 0, 0],
                            route,
                            index,
                            turn,
                        };
                        let table = m.reach_of(&st);
                        for t in Throw::ALL {
                            m.landings(Some(&st), t, &mut buf);
                            let want = buf.iter().fold(0u32, |a, s| a | 1 << s.index());
                            assert_eq!(table[t as usize], want, "{p:?} {st:?} {t:?}");
                            checked += 1;
                        }
                    }
                }
            }
            assert!(checked > 500);
            // A stack off the table (no route is that long) is still answered.
            let far = Stack {
                side: 0,
                counts: [1, 0, 0, 0, 0, 0],
                route: RouteId::Outer,
                index: 40,
                turn: None,
            };
            assert_eq!(m.reach_of(&far), [0; 6]);
            assert_ne!(m.entry_reach(), [0; 6]);
        }
    }
}
