//! Hosting a room from the new-game form, once for every shell: the form's table as the
//! room's (`OnlineAction::Host`), so neither Kotlin nor Swift turns a `FormState` into a
//! `NewGame` of its own.

use yut_app::online::{HostSettings, OnlineAction};
use yut_app::records::{NewGame, PlayerKind, SeatSpec};
use yut_app::view::FormState;

/// The settings a new room starts with (the server's defaults).
#[uniffi::export]
pub fn default_host_settings() -> HostSettings {
    HostSettings::default()
}

/// The action that opens a room at the form's table: the names less the spaces round them,
/// the teams as the form sides them, no seed (the server throws), the server's default
/// room settings; the host's name is the first person's seat's. The core checks the name
/// and the table when it handles the action (refusals come back as messages).
#[uniffi::export]
pub fn host_from_form(form: FormState) -> OnlineAction {
    let seats: Vec<SeatSpec> = form
        .seats
        .iter()
        .map(|s| SeatSpec {
            name: s.name.trim().to_string(),
            colour: s.colour.clone(),
            player: s.player,
        })
        .collect();
    let teams = form.teams.then(|| {
        let mut sides: Vec<(u32, Vec<i32>)> = Vec::new();
        for (i, s) in form.seats.iter().enumerate() {
            let seat = i32::try_from(i).unwrap_or(i32::MAX);
            match sides.iter_mut().find(|(side, _)| *side == s.side) {
                Some((_, held)) => held.push(seat),
                None => sides.push((s.side, vec![seat])),
            }
        }
        sides.sort_by_key(|(side, _)| *side);
        sides.into_iter().map(|(_, held)| held).collect()
    });
    let name = seats
        .iter()
        .find(|s| s.player == PlayerKind::Human)
        .map(|s| s.name.clone())
        .unwrap_or_default();
    OnlineAction::Host {
        name,
        setup: NewGame {
            rules: form.rules,
            seats,
            teams,
            seed: None,
            undo: form.undo,
        },
        settings: HostSettings::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yut_app::view::SeatForm;

    fn form(seats: &[(&str, PlayerKind, u32)], teams: bool) -> FormState {
        let dir = std::env::temp_dir().join(format!("yunnori-hosting-{}", std::process::id()));
        let view = crate::samples::sample_view(
            yut_app::samples::Sample::NewGame,
            dir.to_string_lossy().into_owned(),
            0,
        );
        let _ = std::fs::remove_dir_all(&dir);
        let Some(mut f) = view.ok().and_then(|v| v.form) else {
            panic!("the new-game sample has no form");
        };
        f.seats = seats
            .iter()
            .enumerate()
            .map(|(i, (name, player, side))| SeatForm {
                name: name.to_string(),
                colour: f.palette[i].clone(),
                player: *player,
                side: *side,
            })
            .collect();
        f.teams = teams;
        f
    }

    #[test]
    fn the_host_is_the_first_person_and_the_table_is_the_forms() {
        let bot = PlayerKind::Bot {
            level: yut_app::records::BotLevel::Easy,
        };
        let f = form(
            &[
                ("Bot 1", bot),
                (" Haneul ", PlayerKind::Human),
                ("Bada", PlayerKind::Human),
                ("Byeol", bot),
            ]
            .map(|(n, p)| (n, p, 0)),
            false,
        );
        let OnlineAction::Host {
            name,
            setup,
            settings,
        } = host_from_form(f.clone())
        else {
            panic!("not a host action");
        };
        assert_eq!(name, "Haneul");
        assert_eq!(setup.seats[1].name, "Haneul");
        assert_eq!(setup.rules, f.rules);
        assert_eq!((setup.seed, setup.teams, setup.undo), (None, None, f.undo));
        assert_eq!(settings, HostSettings::default());
    }

    #[test]
    fn teams_follow_the_forms_sides_in_order() {
        let h = PlayerKind::Human;
        let f = form(&[("A", h, 1), ("B", h, 0), ("C", h, 1), ("D", h, 0)], true);
        let OnlineAction::Host { setup, .. } = host_from_form(f) else {
            panic!("not a host action");
        };
        assert_eq!(setup.teams, Some(vec![vec![1, 3], vec![0, 2]]));
    }
}
