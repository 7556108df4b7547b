//! Hosting a room from the new-game form, once for every shell: the form's table as the
//! room's (`OnlineAction::Host`), so neither Kotlin nor Swift turns a `FormState` into a
//! `NewGame` of its own.

use yut_app::online::OnlineAction;
use yut_app::view::FormState;

/// The action that opens a room at the form's table (the core's `FormState::host_action`:
/// the host is the first person's seat, the server's default room settings).
#[uniffi::export]
pub fn host_from_form(form: FormState) -> OnlineAction {
    form.host_action()
}

#[cfg(test)]
mod tests {
    use super::*;
    use yut_app::online::HostSettings;
    use yut_app::records::PlayerKind;
    use yut_app::view::SeatForm;

    fn form(seats: &[(&str, PlayerKind, u32)], teams: bool) -> FormState {
        // A folder of its own per call: tests run in parallel, and a shared one was
        // removed under the other test's feet.
        let dir = tempfile::tempdir().expect("temp dir");
        let view = crate::samples::sample_view(
            yut_app::samples::Sample::NewGame,
            dir.path().to_string_lossy().into_owned(),
            0,
        );
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
