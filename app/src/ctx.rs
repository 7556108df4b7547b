//! What a screen's state machine reaches while it handles one input: the time, the pace,
//! the player's settings, the saved games, and where its effects, timers and message go.

use crate::effect::{Effect, HapticKind, ShellEffect, SpeechPart};
use crate::flight::Planner;
use crate::message::MessageKind;
use crate::pacing::Pacing;
use crate::store::SaveStore;
use crate::timers::{Timer, Timers};

/// The switches of the table, from the settings and the system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Switches {
    pub muted: bool,
    pub quick_bots: bool,
    pub reduce_motion: bool,
}

pub struct Ctx<'a> {
    pub now: u64,
    pub pacing: Pacing,
    pub switches: Switches,
    pub saves: &'a dyn SaveStore,
    /// Plans a throw's flights.
    pub planner: &'a dyn Planner,
    pub timers: &'a mut Timers,
    pub effects: &'a mut Vec<Effect>,
    /// The message to show (the latest said wins).
    pub said: &'a mut Option<(MessageKind, String)>,
    /// Ids for searches and shown throws and moves, unique in the app.
    pub ids: &'a mut u64,
}

impl Ctx<'_> {
    pub fn next_id(&mut self) -> u64 {
        *self.ids += 1;
        *self.ids
    }

    pub fn say(&mut self, kind: MessageKind, detail: impl Into<String>) {
        *self.said = Some((kind, detail.into()));
    }

    /// Refuses an action: the message, and the refusal's haptic.
    pub fn refuse(&mut self, kind: MessageKind, detail: impl Into<String>) {
        self.say(kind, detail);
        self.haptic(HapticKind::Refused);
    }

    pub fn haptic(&mut self, kind: HapticKind) {
        self.effects
            .push(Effect::Shell(ShellEffect::Haptic { kind }));
    }

    pub fn announce(&mut self, speech: Vec<SpeechPart>) {
        if !speech.is_empty() {
            self.effects
                .push(Effect::Shell(ShellEffect::Announce { speech }));
        }
    }

    pub fn after(&mut self, ms: u64, timer: Timer) {
        self.timers.add(self.now + ms, timer);
    }

    pub fn at(&mut self, at_ms: u64, timer: Timer) {
        self.timers.add(at_ms, timer);
    }
}
