//! The new-game form: a preset, its house rules (options, labels and values all come from
//! the core's catalog), the seats and teams, undo; `Start` checks the table with the core.

use crate::catalog::{describe_rules, preset_rules, presets, table_pieces};
use crate::convert::to_i32;
use crate::error::YutError;
use crate::input::FormEvent;
use crate::message::MessageKind;
use crate::online::{HostSettings, OnlineAction};
use crate::records::{
    BotLevel, NewGame, PlayerKind, Preset, RuleSetting, RuleValue, Rules, RulesDescription,
    SeatSpec,
};
use crate::view::{FormState, SeatForm};

/// The seat colours, from design/tokens.json: Okabe and Ito's set, which people with any
/// common colour-vision deficiency tell apart.
pub const PALETTE: [&str; 6] = [
    "#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7", "#56B4E9",
];

const PIECES: &str = "pieces_per_player";

/// A refusal of the form: what to say.
#[derive(Clone, Debug, PartialEq)]
pub struct Said(pub MessageKind, pub String);

impl From<YutError> for Said {
    fn from(e: YutError) -> Said {
        let (kind, detail) =
            MessageKind::of_error(&e).unwrap_or((MessageKind::Internal, e.to_string()));
        Said(kind, detail)
    }
}

#[derive(Clone, Debug)]
pub struct Form {
    preset: Preset,
    desc: RulesDescription,
    seats: Vec<SeatForm>,
    teams: bool,
    undo: bool,
    names: SeatNames,
}

/// How a seat nobody has named is called, in the shell's language (`AppEvent::SeatNames`):
/// `{n}` stands for the seat's number, from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatNames {
    pub person: String,
    pub bot: String,
}

impl Default for SeatNames {
    fn default() -> SeatNames {
        SeatNames {
            person: "Player {n}".into(),
            bot: "Bot {n}".into(),
        }
    }
}

impl SeatNames {
    /// The name of seat `seat` (from 0) played by `player`, until someone types another.
    fn name(&self, seat: usize, player: PlayerKind) -> String {
        let template = match player {
            PlayerKind::Human => &self.person,
            PlayerKind::Bot { .. } => &self.bot,
        };
        template.replace("{n}", &(seat + 1).to_string())
    }
}

impl Form {
    pub fn new(names: SeatNames) -> Form {
        let preset = Preset::Yunnori;
        let desc = describe_rules(preset_rules(preset)).unwrap_or_else(|_| RulesDescription {
            rules: preset_rules(preset),
            options: Vec::new(),
            min_seats: 2,
            max_seats: 6,
        });
        let mut f = Form {
            preset,
            desc,
            seats: vec![
                SeatForm {
                    name: names.name(0, PlayerKind::Human),
                    colour: PALETTE[0].into(),
                    player: PlayerKind::Human,
                    side: 0,
                },
                SeatForm {
                    name: names.name(
                        1,
                        PlayerKind::Bot {
                            level: BotLevel::Medium,
                        },
                    ),
                    colour: PALETTE[1].into(),
                    player: PlayerKind::Bot {
                        level: BotLevel::Medium,
                    },
                    side: 1,
                },
            ],
            teams: false,
            undo: true,
            names,
        };
        f.fit_seats();
        f
    }

    /// The shell's words for unnamed seats: the seats still called by the old words take
    /// the new ones; a name someone typed stays.
    pub fn rename(&mut self, names: SeatNames) {
        for (i, s) in self.seats.iter_mut().enumerate() {
            if s.name == self.names.name(i, s.player) {
                s.name = names.name(i, s.player);
            }
        }
        self.names = names;
    }

    fn teams_allowed(&self) -> bool {
        self.seats.len() >= 3
    }

    fn rules(&self, changes: Vec<RuleSetting>) -> Rules {
        Rules {
            preset: self.preset,
            changes,
        }
    }

    fn set_rules(&mut self, rules: Rules) -> Result<(), Said> {
        self.desc = describe_rules(rules).map_err(Said::from)?;
        Ok(())
    }

    /// The house rules changed, less the option `key`.
    fn changes_but(&self, key: &str) -> Vec<RuleSetting> {
        self.desc
            .rules
            .changes
            .iter()
            .filter(|c| c.key != key)
            .cloned()
            .collect()
    }

    fn with_pieces(&mut self, n: i32) -> Result<(), Said> {
        let mut changes = self.changes_but(PIECES);
        changes.push(RuleSetting {
            key: PIECES.into(),
            value: RuleValue::Count { value: n },
        });
        self.set_rules(self.rules(changes))
    }

    fn dealt(&self) -> i32 {
        table_pieces(self.preset, to_i32(self.seats.len()), self.teams)
    }

    /// Changes the table; where that changes the pieces the tradition deals (Culin: 3 each
    /// for three players, 2 for four in teams) the form takes the new count, else a host's
    /// own choice of pieces stays.
    fn retable(&mut self, change: impl FnOnce(&mut Form)) -> Result<(), Said> {
        let before = self.dealt();
        change(self);
        self.fit_seats();
        let after = self.dealt();
        if after != before {
            self.with_pieces(after)?;
        }
        Ok(())
    }

    /// Brings the seat count into the preset's range, and teams into line with it.
    fn fit_seats(&mut self) {
        let max = usize::try_from(self.desc.max_seats).unwrap_or(6);
        let min = usize::try_from(self.desc.min_seats).unwrap_or(2);
        self.seats.truncate(max);
        while self.seats.len() < min {
            let s = self.new_seat();
            self.seats.push(s);
        }
        if !self.teams_allowed() {
            self.teams = false;
        }
        let n = self.seats.len() as u32;
        for s in &mut self.seats {
            if s.side >= n {
                s.side = 0;
            }
        }
    }

    fn new_seat(&self) -> SeatForm {
        let i = self.seats.len();
        let used: Vec<String> = self.seats.iter().map(|s| s.colour.to_uppercase()).collect();
        let colour = PALETTE
            .iter()
            .find(|c| !used.contains(&c.to_string()))
            .unwrap_or(&PALETTE[i % PALETTE.len()]);
        SeatForm {
            name: self.names.name(i, PlayerKind::Human),
            colour: colour.to_string(),
            player: PlayerKind::Human,
            side: (i % 2) as u32,
        }
    }

    fn seat_mut(&mut self, seat: u32) -> Option<&mut SeatForm> {
        self.seats.get_mut(seat as usize)
    }

    /// One edit of the form; `Start` answers the table to start.
    pub fn update(&mut self, event: FormEvent) -> Result<Option<NewGame>, Said> {
        match event {
            FormEvent::SelectPreset { preset } => {
                self.preset = preset;
                self.set_rules(preset_rules(preset))?;
                self.fit_seats();
                self.with_pieces(self.dealt())?;
            }
            FormEvent::SetRule { key, value } => {
                let mut changes = self.changes_but(&key);
                changes.push(RuleSetting { key, value });
                self.set_rules(self.rules(changes))?;
            }
            FormEvent::ResetRule { key } => {
                self.set_rules(self.rules(self.changes_but(&key)))?;
            }
            FormEvent::ResetRules => self.set_rules(preset_rules(self.preset))?,
            FormEvent::AddSeat => {
                if self.seats.len() < self.desc.max_seats as usize {
                    self.retable(|f| {
                        let s = f.new_seat();
                        f.seats.push(s);
                    })?;
                }
            }
            FormEvent::RemoveSeat { seat } => {
                if self.seats.len() > self.desc.min_seats as usize
                    && (seat as usize) < self.seats.len()
                {
                    self.retable(|f| {
                        f.seats.remove(seat as usize);
                    })?;
                }
            }
            FormEvent::SetSeatName { seat, name } => {
                if let Some(s) = self.seat_mut(seat) {
                    s.name = name;
                }
            }
            FormEvent::SetSeatColour { seat, colour } => {
                if let Some(s) = self.seat_mut(seat) {
                    s.colour = colour;
                }
            }
            FormEvent::SetSeatPlayer { seat, player } => {
                let names = self.names.clone();
                if let Some(s) = self.seat_mut(seat) {
                    // A name the player never typed follows the kind of player.
                    if s.name == names.name(seat as usize, s.player) {
                        s.name = names.name(seat as usize, player);
                    }
                    s.player = player;
                }
            }
            FormEvent::SetTeams { on } => self.retable(|f| f.teams = on && f.teams_allowed())?,
            FormEvent::SetSeatSide { seat, side } => {
                if (side as usize) < self.seats.len() {
                    self.retable(|f| {
                        if let Some(s) = f.seat_mut(seat) {
                            s.side = side;
                        }
                    })?;
                }
            }
            FormEvent::SetUndo { on } => self.undo = on,
            FormEvent::Start => return self.start(),
            // The App opens the room (`FormState::host_action`): nothing on the form changes.
            FormEvent::Host { .. } => {}
        }
        Ok(None)
    }

    /// The table, when the form is complete and the core seats it.
    fn start(&self) -> Result<Option<NewGame>, Said> {
        if let Some(i) = self.seats.iter().position(|s| s.name.trim().is_empty()) {
            return Err(Said(
                MessageKind::SeatNameMissing { seat: i as u32 },
                format!("seat {}", i + 1),
            ));
        }
        let mut colours: Vec<String> = self.seats.iter().map(|s| s.colour.to_uppercase()).collect();
        colours.sort();
        colours.dedup();
        if colours.len() != self.seats.len() {
            return Err(Said(MessageKind::SameColour, String::new()));
        }
        Ok(Some(table_of(
            &self.desc.rules,
            &self.seats,
            self.teams,
            self.undo,
        )))
    }

    pub fn view(&self) -> FormState {
        FormState {
            presets: presets(),
            preset: self.preset,
            rules: self.desc.rules.clone(),
            options: self.desc.options.clone(),
            changed: self
                .desc
                .rules
                .changes
                .iter()
                .map(|c| c.key.clone())
                .collect(),
            min_seats: self.desc.min_seats as u32,
            max_seats: self.desc.max_seats as u32,
            seats: self.seats.clone(),
            teams: self.teams,
            teams_allowed: self.teams_allowed(),
            undo: self.undo,
            can_add_seat: self.seats.len() < self.desc.max_seats as usize,
            can_remove_seat: self.seats.len() > self.desc.min_seats as usize,
            palette: PALETTE.iter().map(|c| c.to_string()).collect(),
        }
    }
}

impl Default for Form {
    fn default() -> Form {
        Form::new(SeatNames::default())
    }
}

/// The table a form's seats make: names less the spaces round them, the teams as the form
/// sides them, no seed (a local game's seed comes from the session, a room's from the
/// server). Starting a local game and hosting a room both use it.
fn table_of(rules: &Rules, seats: &[SeatForm], teams: bool, undo: bool) -> NewGame {
    let teams = teams.then(|| {
        let mut sides: Vec<(u32, Vec<i32>)> = Vec::new();
        for (i, s) in seats.iter().enumerate() {
            match sides.iter_mut().find(|(side, _)| *side == s.side) {
                Some((_, held)) => held.push(to_i32(i)),
                None => sides.push((s.side, vec![to_i32(i)])),
            }
        }
        sides.sort_by_key(|(side, _)| *side);
        sides.into_iter().map(|(_, held)| held).collect()
    });
    NewGame {
        rules: rules.clone(),
        seats: seats
            .iter()
            .map(|s| SeatSpec {
                name: s.name.trim().to_string(),
                colour: s.colour.clone(),
                player: s.player,
            })
            .collect(),
        teams,
        seed: None,
        undo,
    }
}

impl FormState {
    /// The action that opens a room at this form's table, with the server's default room
    /// settings; the host is the first person's seat. Every shell hosts through it, so none
    /// turns a form into a table of its own. The core checks the name and the table when
    /// it handles the action (refusals come back as messages).
    /// `name`: the host's as typed beside the form; empty, the first person's seat's.
    pub fn host_action(&self, name: &str) -> OnlineAction {
        let setup = table_of(&self.rules, &self.seats, self.teams, self.undo);
        let first = || {
            setup
                .seats
                .iter()
                .find(|s| s.player == PlayerKind::Human)
                .map(|s| s.name.clone())
                .unwrap_or_default()
        };
        let name = match name.trim() {
            "" => first(),
            typed => typed.to_string(),
        };
        OnlineAction::Host {
            name,
            setup,
            settings: HostSettings::default(),
        }
    }
}
