//! The core's timers: what is due when, on the clock the inputs carry. The executor hears
//! only the earliest (`Effect::Tick`); a `Tick` runs every timer due by then, in order.

use crate::flight::Against;

/// Something to do at a time.
#[derive(Clone, Debug, PartialEq)]
pub enum Timer {
    /// A stick's knock: a cue for the shell.
    Cue { strength: f32, against: Against },
    /// The throw `seq`'s sticks have settled: its result shows.
    Land { seq: u64 },
    /// The bot's next step, for the table of generation `gen`.
    BotStep { gen: u64 },
}

#[derive(Debug, Default)]
pub struct Timers {
    /// (due, order added, timer), unsorted: a table has a handful at most.
    list: Vec<(u64, u64, Timer)>,
    added: u64,
}

impl Timers {
    pub fn add(&mut self, at_ms: u64, timer: Timer) {
        self.added += 1;
        self.list.push((at_ms, self.added, timer));
    }

    /// Takes the timers due by `now_ms`, earliest first (in the order added at one time).
    pub fn take_due(&mut self, now_ms: u64) -> Vec<(u64, Timer)> {
        let (mut due, keep): (Vec<_>, Vec<_>) =
            self.list.drain(..).partition(|(at, _, _)| *at <= now_ms);
        self.list = keep;
        due.sort_by_key(|(at, n, _)| (*at, *n));
        due.into_iter().map(|(at, _, t)| (at, t)).collect()
    }

    /// Drops every timer `drop` picks.
    pub fn cancel(&mut self, drop: impl Fn(&Timer) -> bool) {
        self.list.retain(|(_, _, t)| !drop(t));
    }

    /// The earliest timer's time.
    pub fn next(&self) -> Option<u64> {
        self.list.iter().map(|(at, _, _)| *at).min()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}
