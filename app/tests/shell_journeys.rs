//! Journeys of what the platform shells' own tests checked before the app core owned it
//! (the Android view models' tests), and of what the shells need of the core: How to play
//! from the menu, seats named in the shell's language, a flight's pace for screen tests,
//! the result card, bots stopped by a new game or by leaving, the form's house rules and
//! seat range, a game opened from its backup, a throw kept when leaving mid-flight, the
//! swipe's way and turn.

mod common;

use common::{bot, pacing, start, table, two_people, Journey};
use std::sync::atomic::AtomicBool;
use yut_app::input::Input;
use yut_app::message::MessageKind;
use yut_app::records::{BotLevel, PlayerKind, Preset, RuleValue};
use yut_app::store::MemoryKv;
use yut_app::swipe::Drag;
use yut_app::view::{BotState, ThrowMotion};
use yut_app::{AppEvent, AppScreen, FormEvent, Pacing, TableAction};
use yut_core::save::SaveLibrary;

fn form(j: &mut Journey, event: FormEvent) {
    j.send(AppEvent::Form { event });
}

/// An app at another pace than the journeys' usual one.
fn paced(dir: &std::path::Path, pace: Pacing) -> Journey {
    let mut j = Journey::on(dir, MemoryKv::default());
    j.app = yut_app::App::new(
        Box::new(SaveLibrary::open(dir).unwrap()),
        Box::new(MemoryKv::default()),
        pace,
    );
    j
}

/// How to play from the menu, with no game open, shows the app's own rules; Back goes to
/// the menu. With a game open, the Rules screen shows that game's rules, and Back from it
/// (or from any screen opened over the game) goes to its table.
#[test]
fn how_to_play_from_the_menu_shows_the_apps_rules() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    assert!(j.view().rules.is_none());
    j.send(AppEvent::Open {
        screen: AppScreen::Rules,
    });
    let v = j.view();
    assert_eq!(v.screen, AppScreen::Rules);
    let rules = v.rules.expect("the app's own rules");
    assert_eq!(rules.rules.preset, Preset::Yunnori);
    assert!(!rules.options.is_empty());
    j.send(AppEvent::Back);
    assert_eq!(j.view().screen, AppScreen::Menu);

    let mut setup = two_people(5);
    setup.rules = yut_app::catalog::preset_rules(Preset::Culin1895);
    start(&mut j, setup);
    j.send(AppEvent::Open {
        screen: AppScreen::Rules,
    });
    assert_eq!(
        j.view().rules.expect("the game's rules").rules.preset,
        Preset::Culin1895
    );
    j.send(AppEvent::Back);
    assert_eq!(j.view().screen, AppScreen::Table);
    // So does any screen opened over the game (a room link opens Play online over it).
    j.send(AppEvent::Open {
        screen: AppScreen::Online,
    });
    j.send(AppEvent::Back);
    assert_eq!(j.view().screen, AppScreen::Table);
}

/// The shell's words name the seats nobody has named (in its language), in the form open
/// now and in later ones; a typed name stays, a seat given to a bot takes the bot's words,
/// and the game starts with those names.
#[test]
fn unnamed_seats_take_the_shells_words() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    j.send(AppEvent::Open {
        screen: AppScreen::NewGame,
    });
    let names = |j: &Journey| -> Vec<String> {
        j.view()
            .form
            .expect("the form")
            .seats
            .into_iter()
            .map(|s| s.name)
            .collect()
    };
    assert_eq!(names(&j), ["Player 1", "Bot 2"]);
    form(
        &mut j,
        FormEvent::SetSeatName {
            seat: 0,
            name: "Ana".into(),
        },
    );
    j.send(AppEvent::SeatNames {
        person: "선수 {n}".into(),
        bot: "봇 {n}".into(),
    });
    assert_eq!(names(&j), ["Ana", "봇 2"], "a typed name stays");
    form(&mut j, FormEvent::AddSeat);
    assert_eq!(names(&j)[2], "선수 3");
    form(
        &mut j,
        FormEvent::SetSeatPlayer {
            seat: 2,
            player: PlayerKind::Bot {
                level: BotLevel::Easy,
            },
        },
    );
    assert_eq!(names(&j)[2], "봇 3");
    form(&mut j, FormEvent::Start);
    let seats: Vec<String> = j
        .table()
        .snapshot
        .seats
        .into_iter()
        .map(|s| s.name)
        .collect();
    assert_eq!(seats, ["Ana", "봇 2", "봇 3"]);
    // The next form speaks the same language.
    j.act(TableAction::Leave);
    j.send(AppEvent::Open {
        screen: AppScreen::NewGame,
    });
    assert_eq!(names(&j), ["선수 1", "봇 2"]);
}

/// A flight's pace: at 0 % the sticks land as they are thrown, at 300 % they take three
/// times their simulated time, their knocks spread the same way.
#[test]
fn a_flight_plays_at_the_pace_asked() {
    let dir = tempfile::tempdir().unwrap();
    let mut at_once = paced(
        dir.path(),
        Pacing {
            flight_percent: 0,
            ..pacing()
        },
    );
    start(&mut at_once, two_people(7));
    at_once.act(TableAction::ThrowTap);
    let t = at_once.table();
    let th = t.throw.clone().expect("a throw");
    assert_eq!(th.lands_at_ms, th.started_at_ms);
    assert!(th.outcome.is_some(), "landed within the same update");
    assert!(!t.in_the_air());

    let dir = tempfile::tempdir().unwrap();
    let mut slow = paced(
        dir.path(),
        Pacing {
            flight_percent: 300,
            ..pacing()
        },
    );
    start(&mut slow, two_people(7));
    slow.act(TableAction::ThrowTap);
    let th = slow.table().throw.expect("a throw");
    assert_eq!(th.motion, ThrowMotion::Flight);
    assert_eq!(
        th.lands_at_ms - th.started_at_ms,
        3 * u64::from(th.flight.end_ms)
    );
    slow.advance_to(th.lands_at_ms - 1);
    assert!(slow.table().in_the_air());
    let due: Vec<u64> = th
        .flight
        .contacts
        .iter()
        .map(|c| th.started_at_ms + 3 * u64::from(c.at_ms))
        .collect();
    let heard: Vec<u64> = slow.cues().iter().map(|c| c.1).collect();
    assert_eq!(heard, due[..heard.len()]);
    slow.advance_to(th.lands_at_ms);
    assert!(!slow.table().in_the_air());
}

/// The result card is put aside only once the game is over, and brought back.
#[test]
fn the_result_card_goes_aside_only_once_the_game_is_over() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    start(&mut j, two_people(3));
    j.act(TableAction::SetResultAside { aside: true });
    assert!(!j.table().result_aside, "no card to put aside mid-game");
    j.play_out(3000);
    assert!(j.table().snapshot.over);
    j.act(TableAction::SetResultAside { aside: true });
    assert!(j.table().result_aside);
    j.act(TableAction::SetResultAside { aside: false });
    assert!(!j.table().result_aside);
}

/// A finished game offers no throw, no move and no bot.
#[test]
fn a_finished_game_has_no_throw_and_no_bot() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    let setup = table(
        vec![
            bot("A", "#D55E00", BotLevel::Easy),
            bot("B", "#0072B2", BotLevel::Easy),
        ],
        8,
        1,
    );
    start(&mut j, setup);
    j.play_out(3000);
    let t = j.table();
    assert!(t.snapshot.over);
    assert!(!t.can_throw && !t.can_move && !t.can_hint);
    assert_eq!(t.bot, BotState::Idle);
    assert!(j.app.idle(), "no timer left");
    j.act(TableAction::ThrowTap);
    assert_eq!(j.said(), Some(MessageKind::NotNow));
}

/// A new game drops the bots of the old one, and leaving stops a game of bots: their search
/// is cancelled, nothing of the old game plays on, its file stays as it was.
#[test]
fn a_new_game_or_leaving_stops_the_old_games_bots() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    let bots = table(
        vec![
            bot("A", "#D55E00", BotLevel::Medium),
            bot("B", "#0072B2", BotLevel::Medium),
        ],
        12,
        2,
    );
    start(&mut j, bots.clone());
    let old = j.table().game_id;
    // Until a bot is thinking (its search held back).
    j.inline = false;
    for _ in 0..200 {
        if matches!(j.table().bot, BotState::Thinking { .. }) {
            break;
        }
        j.settle_one();
    }
    assert!(matches!(j.table().bot, BotState::Thinking { .. }));
    start(&mut j, two_people(9));
    assert!(!j.cancelled.is_empty(), "the old bot's search was stopped");
    assert_ne!(j.table().game_id, old);
    let fresh = j.table().snapshot;
    j.release_work();
    j.advance(5_000);
    assert_eq!(
        j.table().snapshot,
        fresh,
        "nothing of the old game played here"
    );

    // Leaving a game of bots: nothing is left to run.
    j.inline = true;
    start(&mut j, bots);
    let id = j.table().game_id;
    j.advance(3_000);
    j.act(TableAction::Leave);
    assert_eq!(j.view().screen, AppScreen::Menu);
    assert!(j.view().table.is_none());
    assert!(j.app.idle(), "no bot step is pending");
    let saved = SaveLibrary::open(dir.path()).unwrap().load(&id).unwrap();
    j.advance(10_000);
    let later = SaveLibrary::open(dir.path()).unwrap().load(&id).unwrap();
    assert_eq!(
        saved.session.history().len(),
        later.session.history().len(),
        "the bots stopped with the game"
    );
}

/// The form's house rules: a change shows as changed, resets one by one or all at once;
/// a value the core refuses is said and the rules stay as they were.
#[test]
fn house_rules_change_reset_and_a_refused_value_is_said() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    j.send(AppEvent::Open {
        screen: AppScreen::NewGame,
    });
    let f = j.view().form.unwrap();
    assert!(f.changed.is_empty());
    form(
        &mut j,
        FormEvent::SetRule {
            key: "pieces_per_player".into(),
            value: RuleValue::Count { value: 2 },
        },
    );
    form(
        &mut j,
        FormEvent::SetRule {
            key: "back_do".into(),
            value: RuleValue::Flag { on: false },
        },
    );
    let f = j.view().form.unwrap();
    assert_eq!(f.changed.len(), 2, "{:?}", f.changed);
    form(
        &mut j,
        FormEvent::ResetRule {
            key: "back_do".into(),
        },
    );
    assert_eq!(j.view().form.unwrap().changed, ["pieces_per_player"]);
    let before = j.view().form.unwrap().rules;
    for (key, value) in [
        ("pieces_per_player", RuleValue::Count { value: 9 }),
        ("no_such_rule", RuleValue::Flag { on: true }),
    ] {
        form(
            &mut j,
            FormEvent::SetRule {
                key: key.into(),
                value,
            },
        );
        assert_eq!(j.said(), Some(MessageKind::InvalidRules), "{key}");
        assert_eq!(j.view().form.unwrap().rules, before, "nothing changed");
    }
    // The preset's own value is no change at all (the core normalises).
    let own = j
        .view()
        .form
        .unwrap()
        .options
        .into_iter()
        .find(|o| o.key == "finish")
        .unwrap()
        .preset_value;
    form(
        &mut j,
        FormEvent::SetRule {
            key: "finish".into(),
            value: own,
        },
    );
    assert_eq!(j.view().form.unwrap().changed, ["pieces_per_player"]);
    form(&mut j, FormEvent::ResetRules);
    assert!(j.view().form.unwrap().changed.is_empty());
}

/// Seats stay within the preset's range: no seat added past the most, none removed below
/// the fewest; teams need three seats and go when a seat goes below that.
#[test]
fn seats_stay_within_the_presets_range() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    j.send(AppEvent::Open {
        screen: AppScreen::NewGame,
    });
    let f = j.view().form.unwrap();
    assert_eq!(f.seats.len() as u32, f.min_seats);
    assert!(!f.can_remove_seat && f.can_add_seat && !f.teams_allowed);
    form(&mut j, FormEvent::RemoveSeat { seat: 0 });
    assert_eq!(j.view().form.unwrap().seats.len(), 2);
    for _ in 0..10 {
        form(&mut j, FormEvent::AddSeat);
    }
    let f = j.view().form.unwrap();
    assert_eq!(f.seats.len() as u32, f.max_seats);
    assert!(!f.can_add_seat);
    let mut colours: Vec<String> = f.seats.iter().map(|s| s.colour.clone()).collect();
    colours.dedup();
    assert_eq!(colours.len(), f.seats.len(), "each new seat its own colour");
    form(&mut j, FormEvent::SetTeams { on: true });
    assert!(j.view().form.unwrap().teams);
    while j.view().form.unwrap().seats.len() > 2 {
        form(&mut j, FormEvent::RemoveSeat { seat: 0 });
    }
    let f = j.view().form.unwrap();
    assert!(!f.teams && !f.teams_allowed, "two seats play alone");
}

/// Culin's tradition deals the pieces for the table (three players 3 each, four alone 4,
/// four in teams 2); a host's own count stays until the table changes what is dealt.
#[test]
fn culins_tradition_deals_the_pieces_for_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    j.send(AppEvent::Open {
        screen: AppScreen::NewGame,
    });
    let pieces = |j: &Journey| {
        let f = j.view().form.unwrap();
        match f
            .options
            .into_iter()
            .find(|o| o.key == "pieces_per_player")
            .unwrap()
            .value
        {
            RuleValue::Count { value } => value,
            other => panic!("{other:?}"),
        }
    };
    form(
        &mut j,
        FormEvent::SetRule {
            key: "pieces_per_player".into(),
            value: RuleValue::Count { value: 2 },
        },
    );
    form(&mut j, FormEvent::AddSeat);
    assert_eq!(
        pieces(&j),
        2,
        "Yunnori deals 4 at every table: the host's 2 stays"
    );
    form(
        &mut j,
        FormEvent::SelectPreset {
            preset: Preset::Culin1895,
        },
    );
    assert_eq!(j.view().form.unwrap().seats.len(), 3);
    assert_eq!(pieces(&j), 3);
    form(&mut j, FormEvent::AddSeat);
    assert_eq!(pieces(&j), 4);
    form(&mut j, FormEvent::SetTeams { on: true });
    assert_eq!(pieces(&j), 2);
    form(
        &mut j,
        FormEvent::SetRule {
            key: "pieces_per_player".into(),
            value: RuleValue::Count { value: 1 },
        },
    );
    form(&mut j, FormEvent::SetSeatSide { seat: 3, side: 0 });
    assert_eq!(pieces(&j), 1, "a change of partners deals nothing new");
    form(&mut j, FormEvent::RemoveSeat { seat: 3 });
    assert_eq!(pieces(&j), 3);
}

/// A game whose main file is damaged opens from its backup, and the screen says so.
#[test]
fn a_damaged_game_opens_from_its_backup_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    start(&mut j, two_people(19));
    j.person_step();
    j.person_step();
    let id = j.table().game_id;
    j.act(TableAction::Leave);
    let main = dir.path().join(format!("{id}.json"));
    std::fs::write(&main, b"{ not json").unwrap();
    j.act(TableAction::Resume { id: id.clone() });
    let t = j.table();
    assert_eq!(t.game_id, id);
    assert!(t.recovered_from_backup.is_some());
    assert_eq!(j.said(), Some(MessageKind::RecoveredFromBackup));
}

/// Leaving while the sticks fly keeps the throw (it was saved at once), and nothing lands
/// afterwards: no cue, no landing, no message.
#[test]
fn leaving_mid_flight_keeps_the_throw_and_nothing_lands_after() {
    let dir = tempfile::tempdir().unwrap();
    let mut j = Journey::on(dir.path(), MemoryKv::default());
    start(&mut j, two_people(23));
    let id = j.table().game_id;
    let history = |dir: &std::path::Path| {
        let loaded = SaveLibrary::open(dir).unwrap().load(&id).unwrap();
        loaded.session.history().len()
    };
    let before = history(dir.path());
    j.act(TableAction::ThrowTap);
    let th = j.table().throw.expect("in the air");
    j.act(TableAction::Leave);
    let heard = j.shell.len();
    j.advance_to(th.lands_at_ms + 1_000);
    assert_eq!(j.shell.len(), heard, "nothing came after leaving");
    assert!(j.view().message.is_none());
    assert!(j.app.idle());
    assert_eq!(history(dir.path()), before + 1, "the throw was kept");
}

/// The sticks leave from where the swipe let go and fly its way; the result never
/// depends on the swipe (the same game thrown two ways draws the same results).
#[test]
fn the_sticks_leave_from_the_release_and_the_result_ignores_the_swipe() {
    let mat = yut_app::flight::Mat {
        width: 360.0,
        height: 240.0,
    };
    let mut results = Vec::new();
    for (vx, vy) in [(900.0, -60.0), (-200.0, -900.0)] {
        let dir = tempfile::tempdir().unwrap();
        let mut j = Journey::on(dir.path(), MemoryKv::default());
        j.act(TableAction::MatLaidOut { mat });
        start(&mut j, two_people(29));
        let swipe = yut_app::flight::Swipe {
            mat,
            release_x: 120.0,
            release_y: 150.0,
            velocity_x: vx,
            velocity_y: vy,
            spin: 0.0,
        };
        j.act(TableAction::ThrowSwipe { swipe });
        let th = j.table().throw.expect("a throw");
        let first: Vec<_> = th.flight.sticks.iter().map(|s| s.frames[0]).collect();
        let (cx, cy) = (
            first.iter().map(|p| p.x).sum::<f32>() / 4.0,
            first.iter().map(|p| p.y).sum::<f32>() / 4.0,
        );
        assert!(
            (cx - 120.0).hypot(cy - 150.0) < 0.2 * mat.height,
            "left at {cx},{cy}"
        );
        let later: Vec<_> = th.flight.sticks.iter().map(|s| s.frames[6]).collect();
        let dx = later.iter().map(|p| p.x).sum::<f32>() / 4.0 - cx;
        let dy = later.iter().map(|p| p.y).sum::<f32>() / 4.0 - cy;
        assert!(dx * vx + dy * vy > 0.0, "flies the swipe's way");
        j.advance_to(th.lands_at_ms);
        results.push(j.table().throw.unwrap().outcome.unwrap().result);
    }
    assert_eq!(results[0], results[1]);
}

/// A drag that curves spins the sticks its way, a straight one does not, and a faster one
/// throws faster (the mat's points, as the shells send them).
#[test]
fn a_curved_drag_spins_its_way_and_a_faster_one_throws_faster() {
    let mat = yut_app::flight::Mat {
        width: 360.0,
        height: 420.0,
    };
    let arc = |clockwise: bool| {
        let sign = if clockwise { 1.0 } else { -1.0 };
        let at = |i: usize| {
            let a = std::f64::consts::PI * i as f64 / 20.0 * sign;
            (
                180.0 + 80.0 * a.cos(),
                200.0 + 80.0 * a.sin(),
                10.0 * i as f64,
            )
        };
        let (x, y, t) = at(0);
        let mut d = Drag::start(x, y, t);
        for i in 1..20 {
            let (x, y, t) = at(i);
            d.add(x, y, t);
        }
        let (x, y, t) = at(20);
        d.release(x, y, t, mat).expect("a swipe")
    };
    assert!(arc(true).spin > 5.0, "{}", arc(true).spin);
    assert!(arc(false).spin < -5.0, "{}", arc(false).spin);

    let line = |step: f64| {
        let mut d = Drag::start(180.0, 400.0, 0.0);
        for i in 1..10 {
            d.add(
                180.0 + 2.0 * f64::from(i),
                400.0 - step * f64::from(i),
                16.0 * f64::from(i),
            );
        }
        d.release(180.0 + 20.0, 400.0 - step * 10.0, 160.0, mat)
            .expect("a swipe")
    };
    let (slow, fast) = (line(10.0), line(20.0));
    assert!(slow.spin.abs() < 0.5, "a straight drag: {}", slow.spin);
    let speed = |s: &yut_app::flight::Swipe| s.velocity_x.hypot(s.velocity_y);
    assert!(speed(&fast) > 1.8 * speed(&slow));
    assert!(slow.velocity_y < 0.0, "up the mat");
}

trait Step {
    fn settle_one(&mut self);
}

impl Step for Journey {
    /// Runs the next timer, or answers the searches held back when none is pending.
    fn settle_one(&mut self) {
        match self.tick {
            Some(t) => self.advance_to(t),
            None => {
                for (id, job) in std::mem::take(&mut self.held) {
                    let done = yut_app::work::run(job, &AtomicBool::new(false));
                    self.input(Input::WorkDone { id, done });
                }
            }
        }
    }
}
