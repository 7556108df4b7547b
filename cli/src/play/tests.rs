//! Unit tests of the play screens: drive `App::on_key`/`App::tick` and read the screen
//! back from a ratatui `TestBackend` at 80×24, the smallest supported terminal.

use super::app::{App, Screen, Settings};
use super::setup::{Field, SetupForm};
use super::{default_save_dir, text, ui, Options};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use yut_core::game::Phase;
use yut_core::save::SaveLibrary;

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("yut-play-unit-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn app(name: &str, resume: bool) -> App {
    let dir = temp_dir(name);
    let lib = SaveLibrary::open(&dir).expect("temp save dir");
    App::new(
        Settings {
            seed: Some(11),
            bot_delay: Duration::ZERO,
            resume_command: "yut play --resume".into(),
            settle: false,
        },
        lib,
        resume,
    )
}

/// `yut play --resume` on `lib`: the app opens on the Resume list.
fn resumed(lib: SaveLibrary) -> App {
    App::new(
        Settings {
            seed: None,
            bot_delay: Duration::ZERO,
            resume_command: "yut play --resume".into(),
            settle: false,
        },
        lib,
        true,
    )
}

fn press(app: &mut App, code: KeyCode) {
    app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn ch(app: &mut App, c: char) {
    press(app, KeyCode::Char(c));
}

/// The screen as text, one line per row; the cell after a wide character is skipped so
/// Korean reads naturally.
fn screen_at(app: &App, w: u16, h: u16) -> String {
    let mut term = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    term.draw(|f| ui::render(app, f)).expect("draw");
    let buf = term.backend().buffer();
    let mut out = String::new();
    for y in 0..h {
        let mut skip = false;
        for x in 0..w {
            if skip {
                skip = false;
                continue;
            }
            let sym = buf[(x, y)].symbol();
            skip = ratatui::text::Span::raw(sym).width() > 1;
            out.push_str(sym);
        }
        out.push('\n');
    }
    out
}

fn screen(app: &App) -> String {
    screen_at(app, 80, 24)
}

/// Menu → new game with the default table (you against a medium bot), optionally with
/// some setup keys first.
fn new_game(app: &mut App, setup: &[KeyCode]) {
    press(app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Setup(_)));
    for k in setup {
        press(app, *k);
    }
    ch(app, 's');
    if matches!(app.screen, Screen::Start) {
        press(app, KeyCode::Enter);
    }
    assert!(matches!(app.screen, Screen::Game), "{}", screen(app));
}

/// Lets bots act until a person is to act or the game ends.
fn run_bots(app: &mut App) {
    for _ in 0..500 {
        let t = app.table.as_ref().expect("a table");
        if t.session.game().is_over() || t.human_to_act() {
            return;
        }
        app.tick(Instant::now() + Duration::from_secs(1));
    }
    panic!("bots did not finish their turn");
}

fn phase(app: &App) -> Phase {
    app.table.as_ref().expect("a table").session.game().phase()
}

/// Plays the table to its end: Space for every throw, `on_move` for every move of a
/// person, the bots in between.
fn play_out(app: &mut App, mut on_move: impl FnMut(&mut App)) {
    for _ in 0..4000 {
        run_bots(app);
        match phase(app) {
            Phase::Throw => ch(app, ' '),
            Phase::Move => on_move(app),
            Phase::Over => return,
        }
    }
    panic!("the game did not end");
}

/// Setup keys: Culin 1895 (optional shortcuts and stacking), the second seat a person too.
const CULIN_TWO_PEOPLE: [KeyCode; 6] = [
    KeyCode::Right, // preset → culin1895
    KeyCode::Down,
    KeyCode::Down,
    KeyCode::Down, // seat 2
    KeyCode::Left, // bot medium → bot easy → ... human is two steps left
    KeyCode::Left,
];

#[test]
fn a_new_game_draws_the_board_and_the_seats() {
    let mut a = app("board", false);
    let s = screen(&a);
    assert!(
        s.contains("New game") && s.contains("Resume a saved game"),
        "{s}"
    );
    new_game(&mut a, &[]);
    let s = screen(&a);
    // Four corners and the centre are boxes; the other 24 stations are small circles.
    assert_eq!(s.matches("╭───╮").count(), 5, "{s}");
    assert_eq!(s.matches('○').count(), 24, "{s}");
    assert!(s.contains('╲') && s.contains('╱'), "diagonals drawn\n{s}");
    for name in ["모", "뒷모", "찌모", "참먹이", "방"] {
        assert!(s.contains(name), "{name} missing\n{s}");
    }
    assert!(s.contains("Player 1") && s.contains("Bot 2"), "{s}");
    assert!(s.contains("wait 4 off 0"), "{s}");
    assert!(s.contains("Player 1: press Space to throw"), "{s}");
    assert!(s.contains("Owed 1"), "{s}");
}

#[test]
fn with_settling_on_the_result_and_moves_wait_for_the_last_stick_to_rest() {
    let mut a = app("settle", false);
    a.settings.settle = true;
    new_game(&mut a, &[]);
    ch(&mut a, ' ');
    let t = a.table.as_ref().expect("table");
    let settling = t.settling.clone().expect("the sticks are in the air");
    let shown = t.last_throw.expect("a throw shown");
    let yut_core::Outcome::Result(r) = shown.outcome else {
        panic!("no nak in yunnori")
    };
    let name = format!("{} {}", r.korean(), r.english());
    let s = screen(&a);
    assert!(s.contains("The sticks are landing"), "{s}");
    assert!(
        !s.contains(&name),
        "result hidden while the sticks move\n{s}"
    );
    assert!(
        !s.contains("new piece →"),
        "no moves while the sticks move\n{s}"
    );
    // Nothing else gives the result away: no key line for moving, no destination, path or
    // starting point on the board.
    assert!(!s.contains("1-9 Enter move"), "{s}");
    let view = ui::game::board_view(t);
    assert!(
        view.targets.iter().all(Vec::is_empty) && view.finishing.is_empty(),
        "no destination on the board while the sticks move\n{s}"
    );
    assert!(!view.path.contains(&true) && view.source.is_none(), "{s}");
    // Moves are refused until the sticks rest: '1' does nothing.
    ch(&mut a, '1');
    assert_eq!(phase(&a), Phase::Move);
    assert!(a.table.as_ref().expect("table").is_settling());
    // The sticks come to rest one by one, in the order the simulation settled them.
    let mut times = settling.settle_ms;
    times.sort_unstable();
    assert!(times[0] >= 300, "a stick rests at once: {times:?}");
    let halfway = settling.started + Duration::from_millis(u64::from(times[0]));
    let at_first = settling.settled(halfway).iter().filter(|s| **s).count();
    assert!(
        (1..4).contains(&at_first) || times[0] == times[3],
        "{times:?}"
    );
    assert_eq!(a.next_due(), Some(settling.end()));
    a.tick(settling.end());
    let t = a.table.as_ref().expect("table");
    assert!(!t.is_settling());
    let s = screen(&a);
    assert!(s.contains(&name), "result named once at rest\n{s}");
    assert!(s.contains("new piece →"), "moves listed once at rest\n{s}");
    assert_eq!(
        s.matches(&format!("threw {name}")).count(),
        1,
        "announced once in the log\n{s}"
    );
}

#[test]
fn a_throw_shows_sticks_result_and_moves_then_a_move_is_played() {
    let mut a = app("throw", false);
    new_game(&mut a, &[]);
    ch(&mut a, ' ');
    assert_eq!(
        phase(&a),
        Phase::Move,
        "yunnori: every first throw can enter"
    );
    let t = a.table.as_ref().expect("table");
    let shown = t.last_throw.expect("a throw shown");
    let yut_core::Outcome::Result(r) = shown.outcome else {
        panic!("no nak in yunnori")
    };
    let s = screen(&a);
    let name = format!("{} {}", r.korean(), r.english());
    assert!(s.contains(&name), "result {name} named\n{s}");
    assert!(s.contains("flat"), "sticks drawn\n{s}");
    assert!(
        s.contains("[=X=]") || s.contains("(·x·)"),
        "marked stick\n{s}"
    );
    assert!(
        s.contains("1 ") && s.contains("new piece →"),
        "move listed\n{s}"
    );
    assert!(s.contains("pick a move"), "{s}");
    // The destination carries the move's number on the board.
    let dest = t.choices[0].first().to;
    assert!(matches!(dest, yut_core::Spot::At(_)));
    ch(&mut a, '1');
    let s = screen(&a);
    assert!(s.contains("●1"), "the piece stands on the board\n{s}");
    assert!(s.contains("wait 3 off 0"), "{s}");
    assert!(s.contains("Player 1 moved in to"), "{s}");
}

#[test]
fn bots_act_after_their_delay_and_their_throws_are_announced() {
    let mut a = app("bots", false);
    new_game(&mut a, &[]);
    // Throw and move until it is the bot's turn.
    for _ in 0..20 {
        if !a.table.as_ref().is_some_and(|t| t.human_to_act()) {
            break;
        }
        match phase(&a) {
            Phase::Throw => ch(&mut a, ' '),
            _ => ch(&mut a, '1'),
        }
    }
    let t = a.table.as_ref().expect("table");
    assert!(t.session.bot_to_act().is_some());
    let s = screen(&a);
    assert!(s.contains("Bot 2 is playing"), "{s}");
    // Not before the delay is over (here zero, but the time must have come).
    let before = t.session.history().len();
    a.tick(Instant::now() - Duration::from_secs(5));
    assert_eq!(
        a.table.as_ref().map(|t| t.session.history().len()),
        Some(before)
    );
    run_bots(&mut a);
    let s = screen(&a);
    assert!(s.contains("Bot 2 threw"), "{s}");
}

#[test]
fn a_whole_game_against_a_bot_ends_with_a_winner_and_is_saved_finished() {
    let mut a = app("whole", false);
    // Rows: preset, seats, seat 1, seat 2, back-do, capture, stacking, finish, pieces.
    let mut keys = vec![KeyCode::Down; 8];
    keys.push(KeyCode::Left);
    keys.push(KeyCode::Left);
    new_game(&mut a, &keys);
    assert_eq!(
        a.table
            .as_ref()
            .map(|t| t.session.rules().pieces_per_player),
        Some(2)
    );
    play_out(&mut a, |a| {
        ch(a, '1');
        if a.table.as_ref().is_some_and(|t| t.prompt.is_some()) {
            ch(a, '1');
        }
    });
    let t = a.table.as_ref().expect("table");
    assert!(t.session.game().is_over());
    let s = screen(&a);
    assert!(s.contains("wins!"), "{s}");
    assert!(s.contains("1. "), "places listed\n{s}");
    let list = a.lib.list().expect("list");
    assert_eq!(list.len(), 1);
    assert!(list[0].summary().is_some_and(|s| s.finished));
}

#[test]
fn route_and_stacking_choices_are_asked() {
    let mut a = app("choices", false);
    // Culin 1895: optional shortcuts and optional stacking; both seats human.
    new_game(&mut a, &CULIN_TWO_PEOPLE);
    let seats = a.table.as_ref().expect("table").session.seats().to_vec();
    assert!(seats
        .iter()
        .all(|s| s.player == yut_core::session::Player::Human));
    let (mut saw_route, mut saw_stack) = (false, false);
    for _ in 0..4000 {
        let t = a.table.as_ref().expect("table");
        if t.session.game().is_over() || (saw_route && saw_stack) {
            break;
        }
        match phase(&a) {
            Phase::Throw => ch(&mut a, ' '),
            Phase::Move => {
                let multi = t.choices.iter().position(|c| c.options.len() > 1);
                let pick = multi.unwrap_or(0);
                let digit = char::from_digit((pick + 1).min(9) as u32, 10).unwrap_or('1');
                if pick >= 9 {
                    for _ in 0..pick {
                        press(&mut a, KeyCode::Down);
                    }
                    press(&mut a, KeyCode::Enter);
                } else {
                    ch(&mut a, digit);
                }
                let before = a.table.as_ref().map(|t| t.session.history().len());
                while let Some(p) = a.table.as_ref().and_then(|t| t.prompt.clone()) {
                    let s = screen(&a);
                    if std::env::var("SHOW").is_ok() {
                        eprintln!("{s}");
                    }
                    assert!(s.contains(&p.question), "question shown\n{s}");
                    assert!(s.contains("1 ") && s.contains("2 "), "{s}");
                    if p.question.starts_with("Which way") {
                        saw_route = true;
                        assert!(
                            s.contains("along the edge") || s.contains("diagonal"),
                            "{s}"
                        );
                    } else {
                        saw_stack = true;
                        assert!(s.contains("stack them") && s.contains("keep them apart"));
                    }
                    ch(&mut a, '1');
                }
                if multi.is_some() {
                    let after = a.table.as_ref().map(|t| t.session.history().len());
                    assert_ne!(before, after, "the answered move was played");
                }
            }
            Phase::Over => break,
        }
    }
    assert!(saw_route, "a route question came up");
    assert!(saw_stack, "a stacking question came up");
}

/// Menu → new game with two people at one terminal (pass-and-play, Yunnori).
fn two_people(name: &str) -> App {
    let mut a = app(name, false);
    new_game(
        &mut a,
        &[
            KeyCode::Down,
            KeyCode::Down,
            KeyCode::Down,
            KeyCode::Left,
            KeyCode::Left,
        ],
    );
    a
}

/// Plays on (Space for a throw, 1 for the first move or answer) until a move has just
/// been played and `stop(mover, seat to act)` holds; `None` if the game ends first.
fn play_until_a_move(app: &mut App, stop: impl Fn(usize, usize) -> bool) -> Option<()> {
    for _ in 0..2000 {
        let t = app.table.as_ref()?;
        let mover = t.session.to_move();
        let moves = t.session.history().len();
        match phase(app) {
            Phase::Over => return None,
            Phase::Throw => ch(app, ' '),
            Phase::Move => {
                ch(app, '1');
                let t = app.table.as_ref()?;
                // A question (route, stacking) plays the move only once answered.
                if t.session.history().len() > moves && stop(mover, t.session.to_move()) {
                    return Some(());
                }
            }
        }
    }
    None
}

#[test]
fn undo_takes_back_the_movers_move_while_the_turn_goes_on() {
    let mut a = two_people("undo");
    // A move after which the mover acts again: a result still in hand or a throw still
    // owed (after 윷 or 모, or a capture).
    play_until_a_move(&mut a, |mover, next| mover == next).expect("a turn that goes on");
    let t = a.table.as_ref().expect("table");
    let mover = t.session.to_move();
    let mut before = t.session.clone();
    let Some(yut_core::session::Action::Move { mv, .. }) = before.history().last().cloned() else {
        panic!("the last action is the move");
    };
    assert!(t.session.can_undo());
    assert!(screen(&a).contains("u undo"), "{}", screen(&a));
    ch(&mut a, 'u');
    let t = a.table.as_ref().expect("table");
    assert!(screen(&a).contains("Move taken back"), "{}", screen(&a));
    assert_eq!(t.session.to_move(), mover);
    // The position is the one before the move: the result is back in hand.
    before.undo().expect("the same undo on the copy");
    assert_eq!(t.session.game(), before.game());
    assert!(t.session.game().legal_moves().iter().any(|m| m.mv == mv));
    // The undo was saved: the save loads to the same position.
    let id = t.session.id.clone();
    let loaded = a.lib.load(&id).expect("load");
    assert_eq!(loaded.session.game(), t.session.game());
}

#[test]
fn in_pass_and_play_the_next_players_undo_leaves_the_last_move_alone() {
    let mut a = two_people("undo-next");
    play_until_a_move(&mut a, |mover, next| mover != next).expect("a turn that passes");
    let t = a.table.as_ref().expect("table");
    let (after, mover, next) = (
        t.session.clone(),
        t.session.history().len(),
        t.session.to_move(),
    );
    let names = t.names();
    let passed_from = match after.history().last() {
        Some(yut_core::session::Action::Move { seat, .. }) => *seat,
        other => panic!("the last action is a move, not {other:?}"),
    };
    assert_ne!(passed_from, next);
    let s = screen(&a);
    assert!(
        !s.contains("u undo"),
        "no undo offered to the next player\n{s}"
    );
    ch(&mut a, 'u');
    let t = a.table.as_ref().expect("table");
    assert_eq!(t.session, after, "the previous player's move stands");
    assert_eq!(t.session.history().len(), mover);
    // The log says why (it may wrap on screen).
    let why = format!(
        "Nothing to undo: {}'s turn is over and the move stands",
        names[passed_from]
    );
    assert_eq!(t.log.last(), Some(&why));
    let s = screen(&a);
    assert!(s.contains("Nothing to undo:"), "{s}");
    // The next player goes on with their throw.
    assert_eq!(phase(&a), Phase::Throw);
    ch(&mut a, ' ');
    let t = a.table.as_ref().expect("table");
    assert_eq!(t.session.history().len(), mover + 1);
    assert_eq!(t.session.to_move(), next);
}

#[test]
fn undo_refused_when_the_house_rule_is_off() {
    let mut a = app("noundo", false);
    // Row 11 is Undo with two seats; two humans.
    let mut keys = vec![
        KeyCode::Down,
        KeyCode::Down,
        KeyCode::Down,
        KeyCode::Left,
        KeyCode::Left,
    ];
    keys.extend([KeyCode::Down; 7]);
    keys.push(KeyCode::Right);
    new_game(&mut a, &keys);
    assert!(!a.table.as_ref().expect("table").session.setup.options.undo);
    ch(&mut a, ' ');
    ch(&mut a, '1');
    ch(&mut a, 'u');
    let s = screen(&a);
    assert!(s.contains("Undo is off"), "{s}");
    assert!(!s.contains("u undo"), "{s}");
}

#[test]
fn the_rules_screen_follows_the_rules_in_play_and_has_the_odds() {
    let mut a = app("rules", false);
    new_game(&mut a, &[]);
    ch(&mut a, 'r');
    let s = screen(&a);
    assert!(s.contains("Rules") && s.contains("Yunnori rules"), "{s}");
    // Scroll to the odds table.
    let mut found = false;
    for _ in 0..40 {
        if screen(&a).contains("6 in 16") {
            found = true;
            break;
        }
        press(&mut a, KeyCode::Down);
    }
    assert!(found, "odds table reached\n{}", screen(&a));
    let s = screen(&a);
    assert!(s.contains("빽도 Back-Do") && s.contains("37.50%"), "{s}");
    // Scrolling stops at the end, so one step up shows there is more below again.
    for _ in 0..200 {
        press(&mut a, KeyCode::Down);
    }
    let s = screen(&a);
    assert!(s.contains("Ctrl-C") && !s.contains("↓ more"), "{s}");
    press(&mut a, KeyCode::Up);
    assert!(screen(&a).contains("↓ more"));
    press(&mut a, KeyCode::Esc);
    assert!(a.overlay.is_none());
    assert!(screen(&a).contains("press Space"));
}

#[test]
fn a_small_terminal_gets_a_message_not_a_panic() {
    let mut a = app("small", false);
    new_game(&mut a, &[]);
    let s = screen_at(&a, 60, 20);
    assert!(s.contains("needs at least 80×24"), "{s}");
    let s = screen_at(&a, 10, 3);
    assert!(!s.is_empty());
}

#[test]
fn while_the_terminal_is_too_small_only_quitting_acts() {
    let mut a = app("small-keys", false);
    // Two people, so nothing moves on its own either.
    new_game(&mut a, &CULIN_TWO_PEOPLE);
    let before = a.table.as_ref().expect("table").session.history().len();
    a.size = (60, 20);
    for c in [' ', '1', ' ', '1', 'u', 'h'] {
        ch(&mut a, c);
    }
    press(&mut a, KeyCode::Enter);
    press(&mut a, KeyCode::Esc);
    a.tick(Instant::now() + Duration::from_secs(5));
    let t = a.table.as_ref().expect("table");
    assert_eq!(t.session.history().len(), before, "nothing played unseen");
    assert!(matches!(a.screen, Screen::Game));
    assert!(!a.quit);
    // Grown back, the same keys play.
    a.size = (80, 24);
    ch(&mut a, ' ');
    assert_eq!(
        a.table.as_ref().expect("table").session.history().len(),
        before + 1
    );
    a.size = (79, 24);
    ch(&mut a, 'q');
    assert!(a.quit, "q still quits (the game is saved)");
}

#[test]
fn resume_lists_games_and_damaged_saves_and_continues_one() {
    let mut a = app("resume", false);
    new_game(&mut a, &[]);
    ch(&mut a, ' ');
    ch(&mut a, '1');
    let dir = a.lib.dir().to_path_buf();
    std::fs::write(dir.join("broken1.json"), b"{\"schema_version\": 1, \"summ").expect("write");
    let lib = SaveLibrary::open(&dir).expect("lib");
    let mut b = resumed(lib);
    let s = screen(&b);
    assert!(s.contains("Saved games"), "{s}");
    assert!(s.contains("Player 1 vs Bot 2 (bot medium)"), "{s}");
    assert!(s.contains("last played just now"), "{s}");
    assert!(s.contains("DAMAGED") && s.contains("broken1"), "{s}");
    // The damaged one cannot be opened; the good one can.
    let damaged_first = matches!(
        &b.screen,
        Screen::Resume(l) if l.entries.first().is_some_and(|e| e.summary().is_none())
    );
    if damaged_first {
        press(&mut b, KeyCode::Enter);
        assert!(screen(&b).contains("Cannot open this game"));
        press(&mut b, KeyCode::Down);
    }
    press(&mut b, KeyCode::Enter);
    assert!(matches!(b.screen, Screen::Game));
    let s = screen(&b);
    assert!(s.contains("Game resumed"), "{s}");
    assert!(
        !s.contains("(no throw yet)"),
        "the last throw is shown\n{s}"
    );
    assert_eq!(
        b.table.as_ref().and_then(|t| t.last_throw),
        a.table.as_ref().and_then(|t| t.last_throw),
        "the same last throw as when it was left"
    );
    assert_eq!(
        b.table.as_ref().map(|t| t.session.history().len()),
        a.table.as_ref().map(|t| t.session.history().len())
    );
}

#[test]
fn culin_starts_with_a_throw_off_and_offers_teams_for_four() {
    let mut a = app("culin", false);
    press(&mut a, KeyCode::Enter);
    for k in [
        KeyCode::Right,
        KeyCode::Down,
        KeyCode::Right,
        KeyCode::Right,
    ] {
        press(&mut a, k);
    }
    let s = screen(&a);
    assert!(s.contains("Culin 1895") && s.contains("Teams"), "{s}");
    assert!(
        s.contains("seats 1+3 against 2+4") && s.contains("team B"),
        "{s}"
    );
    ch(&mut a, 's');
    assert!(matches!(a.screen, Screen::Start));
    let s = screen(&a);
    assert!(s.contains("Who starts") && s.contains("starts."), "{s}");
    assert!(s.contains("flat"), "each seat's sticks shown\n{s}");
    let t = a.table.as_ref().expect("table");
    assert!(!t.session.start.throw_off.is_empty());
    assert_eq!(t.session.game().sides().len(), 2);
    assert_eq!(t.session.rules().pieces_per_player, 2);
    press(&mut a, KeyCode::Enter);
    assert!(matches!(a.screen, Screen::Game));
    let s = screen(&a);
    assert!(
        s.contains("APlayer 1") && s.contains("BBot 2"),
        "team letters\n{s}"
    );
}

/// Moves the new-game cursor to `field`.
fn go_to(app: &mut App, field: Field) {
    for _ in 0..40 {
        let form = setup(app);
        let rows = form.fields();
        let (now, want) = (form.field(), rows.iter().position(|f| *f == field));
        let Some(want) = want else {
            panic!("{field:?} not on the form")
        };
        let here = rows.iter().position(|f| *f == now).unwrap_or(0);
        match here.cmp(&want) {
            std::cmp::Ordering::Equal => return,
            std::cmp::Ordering::Less => press(app, KeyCode::Down),
            std::cmp::Ordering::Greater => press(app, KeyCode::Up),
        }
    }
    panic!("cursor never reached {field:?}");
}

/// The new-game form on screen (a test failure, with the screen, if another is shown).
fn setup(app: &App) -> &SetupForm {
    match &app.screen {
        Screen::Setup(form) => form,
        _ => panic!("the new-game screen\n{}", screen(app)),
    }
}

fn form(app: &App) -> (usize, bool, u8) {
    let f = setup(app);
    (f.count, f.teams, f.rules.pieces_per_player)
}

#[test]
fn culin_deals_pieces_for_the_table_and_a_hosts_own_count_stays() {
    let mut a = app("deal", false);
    press(&mut a, KeyCode::Enter);
    go_to(&mut a, Field::Seats);
    press(&mut a, KeyCode::Right);
    assert_eq!(form(&a), (3, false, 4));
    go_to(&mut a, Field::Pieces);
    press(&mut a, KeyCode::Left);
    go_to(&mut a, Field::Seats);
    press(&mut a, KeyCode::Right);
    assert_eq!(form(&a), (4, false, 3), "Yunnori deals 4 at every table");
    go_to(&mut a, Field::Preset);
    press(&mut a, KeyCode::Right);
    assert_eq!(
        form(&a),
        (4, true, 2),
        "Culin: four players in two teams, 2 each"
    );
    go_to(&mut a, Field::Teams);
    press(&mut a, KeyCode::Right);
    assert_eq!(
        form(&a),
        (4, false, 4),
        "four each for themselves: the usual 4"
    );
    go_to(&mut a, Field::Seats);
    press(&mut a, KeyCode::Left);
    assert_eq!(form(&a), (3, false, 3), "three players take 3 each");
    assert!(screen(&a).contains("Pieces"), "{}", screen(&a));
}

#[test]
fn names_can_be_typed() {
    let mut a = app("names", false);
    press(&mut a, KeyCode::Enter);
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Enter);
    for c in "Minji".chars() {
        ch(&mut a, c);
    }
    press(&mut a, KeyCode::Enter);
    ch(&mut a, 's');
    assert!(screen(&a).contains("Minji: press Space to throw"));
}

#[test]
fn quitting_keeps_the_game_saved() {
    let mut a = app("quit", false);
    new_game(&mut a, &[]);
    ch(&mut a, ' ');
    // q asks first; another key keeps playing.
    ch(&mut a, 'q');
    assert!(!a.quit);
    assert!(screen(&a).contains("Quit?"), "{}", screen(&a));
    ch(&mut a, 'x');
    assert!(!a.quit && !a.confirm_quit);
    ch(&mut a, 'q');
    ch(&mut a, 'y');
    assert!(a.quit);
    assert!(a
        .farewell
        .as_deref()
        .is_some_and(|f| f.contains("--resume")));
    let list = a.lib.list().expect("list");
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].summary().map(|s| s.actions), Some(1));
}

/// `yut play ARGS` through the program's whole command line, as `main` reads it.
fn parse_args(args: &[&str]) -> Result<Options, clap::Error> {
    let line = ["yut", "play"].iter().chain(args).map(Into::into).collect();
    match crate::parse(line)?.command {
        crate::Command::Play(o) => Ok(o),
        other => panic!("yut play parsed as {other:?}"),
    }
}

#[test]
fn arguments_and_save_directory() {
    let o = parse_args(&["--resume", "--save-dir=/x", "--seed", "5"]).expect("parse");
    assert!(o.resume);
    assert_eq!(o.save_dir, Some(PathBuf::from("/x")));
    assert_eq!(o.seed, Some(5));
    let o = parse_args(&["--bot-delay-ms", " 250 "]).expect("parse");
    assert_eq!(
        (o.resume, o.save_dir, o.bot_delay_ms),
        (false, None, Some(250))
    );
    // Each mistake is a usage error (status 2) that names the argument.
    for (args, names) in [
        (&["--seed", "five"][..], "--seed"),
        (&["--seed"], "--seed"),
        (&["--bot-delay-ms", "soon"], "--bot-delay-ms"),
        (&["--bogus"], "--bogus"),
    ] {
        let e = parse_args(args).expect_err("a mistake");
        assert_eq!(e.exit_code(), 2, "{args:?}");
        assert!(e.to_string().contains(names), "{args:?}: {e}");
    }
    // Help is not a mistake, even in place of a value.
    let e = parse_args(&["--seed", "--help"]).expect_err("help");
    assert_eq!(
        (e.kind(), e.exit_code()),
        (clap::error::ErrorKind::DisplayHelp, 0)
    );
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |k: &str| {
            pairs
                .iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| std::ffi::OsString::from(*v))
        }
    };
    assert_eq!(
        default_save_dir(env(&[("YUNNORI_SAVE_DIR", "/s"), ("HOME", "/h")])),
        Some(PathBuf::from("/s"))
    );
    assert_eq!(
        default_save_dir(env(&[("XDG_DATA_HOME", "/d"), ("HOME", "/h")])),
        Some(PathBuf::from("/d/yunnori/saves"))
    );
    assert_eq!(
        default_save_dir(env(&[("XDG_DATA_HOME", ""), ("HOME", "/h")])),
        Some(PathBuf::from("/h/.local/share/yunnori/saves"))
    );
    assert_eq!(default_save_dir(env(&[])), None);
}

/// Setup keys from the menu's first line to the Russian set with `seats` seats: the preset
/// cycles Yunnori → Culin 1895 → Nyout (Russian); the seat count goes up one per →.
fn nyout_with_seats(app: &mut App, seats: usize) {
    press(app, KeyCode::Enter);
    press(app, KeyCode::Right);
    press(app, KeyCode::Right);
    press(app, KeyCode::Down);
    for _ in 2..seats {
        press(app, KeyCode::Right);
    }
}

#[test]
fn every_preset_is_named_and_described_whole_at_80x24() {
    let mut a = app("blurbs", false);
    press(&mut a, KeyCode::Enter);
    for preset in yut_core::Preset::ALL {
        assert_eq!(setup(&a).rules.preset, preset);
        let s = screen(&a);
        let line = s.lines().find(|l| l.contains("Rules")).unwrap_or_default();
        for part in [text::preset_name(preset), text::preset_blurb(preset)] {
            assert!(line.contains(part), "{part:?} cut from {line:?}");
        }
        press(&mut a, KeyCode::Right);
    }
}

#[test]
fn six_seats_can_be_set_up_for_the_russian_set_and_fit_at_80x24() {
    let mut a = app("six", false);
    // One → more than the preset allows: the count stops at its maximum.
    nyout_with_seats(&mut a, 7);
    let form = setup(&a);
    assert_eq!(form.rules.preset, yut_core::Preset::NyoutRu);
    let max = form.rules.seat_range().1;
    assert_eq!(max, 6, "the Russian set seats up to six");
    assert_eq!(form.count, max);
    let s = screen(&a);
    assert!(s.contains("2 to 6"), "{s}");
    for seat in 1..=6 {
        assert!(
            s.contains(&format!("Seat {seat}")),
            "seat {seat} listed\n{s}"
        );
    }
    assert!(s.contains("[ Start the game ]"), "the form fits\n{s}");
    ch(&mut a, 's');
    if matches!(a.screen, Screen::Start) {
        let s = screen(&a);
        assert!(s.contains("starts."), "{s}");
        press(&mut a, KeyCode::Enter);
    }
    assert!(matches!(a.screen, Screen::Game), "{}", screen(&a));
    let t = a.table.as_ref().expect("table");
    let seats = t.session.seats();
    assert_eq!(seats.len(), 6);
    // Six seats, six looks: every seat its own glyph and its own terminal colour.
    let looks: Vec<(char, ratatui::style::Color)> = (0..6)
        .map(|i| (ui::GLYPHS[i], ui::term_colour(&seats[i].colour)))
        .collect();
    for (i, x) in looks.iter().enumerate() {
        for y in &looks[i + 1..] {
            assert!(x.0 != y.0 && x.1 != y.1, "seats look alike: {looks:?}");
        }
    }
    let s = screen(&a);
    let names = ["Player 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5", "Bot 6"];
    for (i, name) in names.iter().enumerate() {
        let line = s
            .lines()
            .find(|l| l.contains(name) && l.contains(" wait 4 off 0"))
            .unwrap_or_else(|| panic!("{name}'s seat line\n{s}"));
        assert!(line.contains(ui::GLYPHS[i]), "{name} has its glyph\n{s}");
        assert_ne!(ui::GLYPHS[i], '★', "the hint's star is no seat's symbol");
    }
    assert!(s.contains("Nyout"), "title names the rules\n{s}");
    assert!(s.contains("q quit (saved)"), "the keys still fit\n{s}");
    // Play on a little: the screen keeps fitting as pieces come onto the board.
    for _ in 0..40 {
        run_bots(&mut a);
        if a.table.as_ref().is_some_and(|t| t.session.game().is_over()) {
            break;
        }
        match phase(&a) {
            Phase::Throw => ch(&mut a, ' '),
            _ => {
                ch(&mut a, '1');
                if a.table.as_ref().is_some_and(|t| t.prompt.is_some()) {
                    ch(&mut a, '1');
                }
            }
        }
        let s = screen(&a);
        assert_eq!(
            s.lines()
                .filter(|l| l.contains(" wait ") && l.contains(" off "))
                .count(),
            6,
            "{s}"
        );
    }
}

#[test]
fn switching_back_to_yunnori_clamps_the_seat_count() {
    let mut a = app("clamp", false);
    nyout_with_seats(&mut a, 6);
    assert!(matches!(&a.screen, Screen::Setup(f) if f.count == 6));
    // Up to the rules line; → wraps from the Russian set to Yunnori.
    press(&mut a, KeyCode::Up);
    press(&mut a, KeyCode::Right);
    let form = setup(&a);
    assert_eq!(form.rules.preset, yut_core::Preset::Yunnori);
    assert_eq!(form.count, form.rules.seat_range().1);
    assert_eq!(form.count, 4);
    let s = screen(&a);
    assert!(s.contains("2 to 4") && s.contains("Seat 4"), "{s}");
    assert!(!s.contains("Seat 5") && !s.contains("Seat 6"), "{s}");
    // More → on the seats line stays at four.
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Right);
    assert!(matches!(&a.screen, Screen::Setup(f) if f.count == 4));
    ch(&mut a, 's');
    assert!(matches!(a.screen, Screen::Game), "{}", screen(&a));
    assert_eq!(a.table.as_ref().map(|t| t.session.seats().len()), Some(4));
}

#[test]
fn a_hint_marks_the_hard_bots_move_and_enter_plays_it() {
    let mut a = app("hint", false);
    // Both seats human, with shortcuts and stacking optional: hints that must also say
    // which way and whether to stack.
    new_game(&mut a, &CULIN_TWO_PEOPLE);
    let (mut hints, mut answered) = (0, 0);
    play_out(&mut a, |a| {
        ch(a, 'h');
        let t = a.table.as_ref().expect("table");
        let (index, option) = t.hint.expect("a hint for the person to move");
        assert_eq!(t.sel, index, "the hint's entry is selected");
        let hinted = t.choices[index].options[option].mv.clone();
        // Every entry shows its estimate; the hinted one is among the best.
        assert_eq!(t.chances.len(), t.choices.len());
        let best = t.chances[index].expect("the hinted entry is valued");
        assert!(t
            .chances
            .iter()
            .all(|p| p.is_some_and(|p| p <= best + 1e-9)));
        let s = screen(a);
        assert!(
            s.contains(&format!("{} ★ {:.0}% ", index + 1, best * 100.0)),
            "{s}"
        );
        assert!(s.contains("h hint"), "{s}");
        assert!(s.contains(&format!("Hint: {}", index + 1)), "{s}");
        let note = t.log.last().expect("the hint is written in the log");
        assert!(note.contains("% to win after it)"), "{note}");
        hints += 1;
        // Enter, and Enter again on every question: the hint's answers are preselected.
        press(a, KeyCode::Enter);
        while a.table.as_ref().is_some_and(|t| t.prompt.is_some()) {
            answered += 1;
            press(a, KeyCode::Enter);
        }
        let t = a.table.as_ref().expect("table");
        match t.session.history().last() {
            Some(yut_core::session::Action::Move { mv, .. }) => assert_eq!(*mv, hinted),
            other => panic!("the hinted move was not played: {other:?}"),
        }
        assert!(t.hint.is_none(), "the hint goes with its position");
    });
    assert!(hints >= 10, "only {hints} hints");
    assert!(answered > 0, "no hint needed a question answered");
}

#[test]
fn after_the_game_v_reviews_the_peoples_slips() {
    let mut a = app("review", false);
    new_game(&mut a, &CULIN_TWO_PEOPLE);
    // Both people pick the last entry (and the last answer) every time.
    play_out(&mut a, |a| {
        let n = a.table.as_ref().map_or(1, |t| t.choices.len());
        for _ in 1..n {
            press(a, KeyCode::Down);
        }
        press(a, KeyCode::Enter);
        while a.table.as_ref().is_some_and(|t| t.prompt.is_some()) {
            press(a, KeyCode::Up);
            press(a, KeyCode::Enter);
        }
    });
    assert!(screen(&a).contains("v review"), "{}", screen(&a));
    let before = a.table.as_ref().map_or(0, |t| t.log.len());
    ch(&mut a, 'v');
    let t = a.table.as_ref().expect("table");
    let written = &t.log[before..];
    assert!(written[0].starts_with("Review: "), "{written:?}");
    let slips = written.iter().filter(|l| l.starts_with("Turn ")).count();
    assert!(slips >= 1, "{written:?}");
    assert!(
        written
            .iter()
            .skip(1)
            .take(slips)
            .all(|l| l.contains("; better ")),
        "{written:?}"
    );
    let s = screen(&a);
    assert!(s.contains("better"), "the review is on screen\n{s}");
}

#[test]
fn a_save_that_fails_mid_game_is_shown_until_a_save_works_again() {
    let mut a = app("save-fails", false);
    new_game(&mut a, &CULIN_TWO_PEOPLE);
    assert!(a.unsaved().is_none());
    // The folder goes away (storage taken out) and a file takes its place: the next
    // save cannot be written.
    let dir = a.lib.dir().to_path_buf();
    let away = dir.with_extension("away");
    std::fs::rename(&dir, &away).expect("move the save folder away");
    std::fs::write(&dir, b"in the way").expect("a file where the folder was");
    ch(&mut a, ' ');
    assert!(a.unsaved().is_some(), "the failed save is known");
    let s = screen(&a);
    assert!(s.contains("Not saved"), "{s}");
    let farewell = a.farewell.clone().unwrap_or_default();
    assert!(farewell.contains("could not be saved"), "{farewell}");
    // The folder is back with the game in it: the next action saves and the warning goes.
    std::fs::remove_file(&dir).expect("remove the file");
    std::fs::rename(&away, &dir).expect("folder back");
    ch(&mut a, '1');
    assert!(a.unsaved().is_none(), "saved again");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two terminals on one save folder resume the same game: the one that saves second after
/// the other has played on is told, and does not write over the other's moves.
#[test]
fn a_second_terminal_on_the_same_game_is_told_instead_of_writing_over_it() {
    let mut a = app("two-terminals", false);
    new_game(&mut a, &CULIN_TWO_PEOPLE);
    press(&mut a, KeyCode::Esc);
    let mut first = resumed(SaveLibrary::open(a.lib.dir()).expect("lib"));
    let mut second = resumed(SaveLibrary::open(a.lib.dir()).expect("lib"));
    press(&mut first, KeyCode::Enter);
    press(&mut second, KeyCode::Enter);
    ch(&mut first, ' ');
    assert!(first.unsaved().is_none(), "the first terminal saved");
    let kept = first
        .table
        .as_ref()
        .map(|t| t.session.clone())
        .expect("table");
    ch(&mut second, ' ');
    let why = second
        .unsaved()
        .expect("the second terminal's save is refused");
    assert!(why.contains("somewhere else"), "{why}");
    assert!(screen(&second).contains("Not saved"), "{}", screen(&second));
    let farewell = second.farewell.clone().unwrap_or_default();
    assert!(farewell.contains("open it again"), "{farewell}");
    let on_disk = a.lib.load(&kept.id).expect("loads").session;
    assert_eq!(on_disk, kept, "the first terminal's throw is what is saved");
    let _ = std::fs::remove_dir_all(a.lib.dir());
}

#[test]
fn esc_leaves_a_game_for_the_menu_and_it_waits_in_the_resume_list() {
    let mut a = app("esc-menu", false);
    new_game(&mut a, &[]);
    ch(&mut a, ' ');
    let id = a
        .table
        .as_ref()
        .map(|t| t.session.id.clone())
        .expect("table");
    let len = a.table.as_ref().map(|t| t.session.history().len());
    press(&mut a, KeyCode::Esc);
    assert!(matches!(a.screen, Screen::Menu { .. }), "{}", screen(&a));
    assert!(a.table.is_none() && !a.quit);
    let loaded = a.lib.load(&id).expect("saved");
    assert_eq!(Some(loaded.session.history().len()), len);
}

#[test]
fn q_on_the_rules_screen_closes_it_and_does_not_quit() {
    let mut a = app("rules-q", false);
    new_game(&mut a, &[]);
    ch(&mut a, 'r');
    assert!(a.overlay.is_some());
    ch(&mut a, 'q');
    assert!(a.overlay.is_none());
    assert!(!a.quit);
    assert!(matches!(a.screen, Screen::Game));
}

#[test]
fn the_resume_list_goes_home_and_end_and_keeps_its_place_after_a_delete() {
    let mut a = app("resume-keys", false);
    for _ in 0..4 {
        new_game(&mut a, &[]);
        ch(&mut a, ' ');
        press(&mut a, KeyCode::Esc);
    }
    a.open_resume();
    let count = |a: &App| match &a.screen {
        Screen::Resume(l) => (l.entries.len(), l.sel),
        _ => panic!("not the resume list"),
    };
    assert_eq!(count(&a), (4, 0));
    press(&mut a, KeyCode::End);
    assert_eq!(count(&a), (4, 3));
    press(&mut a, KeyCode::Home);
    assert_eq!(count(&a), (4, 0));
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Down);
    ch(&mut a, 'd');
    ch(&mut a, 'y');
    assert_eq!(count(&a), (3, 2), "the cursor stays on the same row");
    press(&mut a, KeyCode::End);
    ch(&mut a, 'd');
    ch(&mut a, 'y');
    assert_eq!(count(&a), (2, 1), "after the last, the new last");
}

#[test]
fn new_game_after_a_game_offers_the_same_table() {
    let mut a = app("again", false);
    // Culin 1895 with two people: not the default form.
    new_game(&mut a, &CULIN_TWO_PEOPLE);
    let t = a.table.as_ref().expect("table");
    let rules = t.session.rules().clone();
    let seats = t.session.seats().to_vec();
    play_out(&mut a, |a| ch(a, '1'));
    ch(&mut a, 'n');
    let Screen::Setup(form) = &a.screen else {
        panic!("the setup form\n{}", screen(&a));
    };
    assert_eq!(form.rules, rules);
    assert_eq!(form.count, seats.len());
    for (f, s) in form.seats.iter().zip(&seats) {
        assert_eq!((f.name.as_str(), f.player), (s.name.as_str(), s.player));
    }
}

/// The right-hand panel's text (from cell 46 at 80 columns), without spaces, so entries
/// wrapped over two lines read as one.
fn panel_text(app: &App) -> String {
    let mut term = Terminal::new(TestBackend::new(80, 24)).expect("test terminal");
    term.draw(|f| ui::render(app, f)).expect("draw");
    let buf = term.backend().buffer();
    let mut out = String::new();
    for y in 0..24 {
        for x in 46..80 {
            out.push_str(buf[(x, y)].symbol());
        }
    }
    out.split_whitespace().collect()
}

#[test]
fn at_80x24_every_entry_of_a_long_six_seat_move_list_is_reachable_and_whole() {
    use super::table::Table;
    use yut_core::session::{NewSession, Player, Seat, Session, SessionOptions};
    use yut_core::{Preset, RuleSet};
    let mut longest = 0;
    for seed in 0..30u64 {
        let mut a = app(&format!("long-list-{seed}"), false);
        let seats = (0..6)
            .map(|i| Seat {
                name: format!("Player {}", i + 1),
                colour: [
                    "#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7", "#56B4E9",
                ][i]
                    .to_string(),
                player: Player::Human,
            })
            .collect();
        let session = Session::new(NewSession {
            rules: RuleSet::preset(Preset::NyoutRu),
            seats,
            teams: None,
            seed,
            options: SessionOptions::default(),
        })
        .expect("a six-seat Russian table");
        a.table = Some(Table::new(session));
        a.screen = Screen::Game;
        // Play first moves until someone has a long list to choose from.
        for _ in 0..600 {
            let t = a.table.as_ref().expect("table");
            if t.session.game().is_over() {
                break;
            }
            if phase(&a) == Phase::Move && t.choices.len() >= 7 {
                break;
            }
            match phase(&a) {
                Phase::Throw => ch(&mut a, ' '),
                _ => {
                    ch(&mut a, '1');
                    if a.table.as_ref().is_some_and(|t| t.prompt.is_some()) {
                        press(&mut a, KeyCode::Enter);
                    }
                }
            }
        }
        let t = a.table.as_ref().expect("table");
        let n = t.choices.len();
        if phase(&a) != Phase::Move || n < 7 {
            continue;
        }
        longest = longest.max(n);
        let lines: Vec<String> = t.choices.iter().map(ui::game::choice_line).collect();
        // Walk the list with ↓: the selected entry is always on screen, whole, with its
        // destination; a cut list says there is more.
        for (i, line) in lines.iter().enumerate() {
            let s = screen(&a);
            let text: String = format!("{} {line}", i + 1).split_whitespace().collect();
            assert!(
                panel_text(&a).contains(&text),
                "entry {} of {n} whole\n{line}\n{s}",
                i + 1
            );
            if i == 0
                && !panel_text(&a).contains(&lines[n - 1].split_whitespace().collect::<String>())
            {
                assert!(s.contains("more"), "a cut list says so\n{s}");
            }
            press(&mut a, KeyCode::Down);
        }
        if longest >= 8 {
            break;
        }
    }
    assert!(longest >= 7, "a long move list came up (longest {longest})");
}

#[test]
fn korean_names_keep_the_seat_columns_in_line() {
    use super::table::Table;
    use yut_core::session::{NewSession, Player, Seat, Session, SessionOptions};
    let mut a = app("korean-names", false);
    let seats = ["할머니", "Dad", "서연이"]
        .iter()
        .enumerate()
        .map(|(i, n)| Seat {
            name: n.to_string(),
            colour: ["#D55E00", "#0072B2", "#009E73"][i].to_string(),
            player: Player::Human,
        })
        .collect();
    let session = Session::new(NewSession {
        rules: yut_core::RuleSet::default(),
        seats,
        teams: None,
        seed: 5,
        options: SessionOptions::default(),
    })
    .expect("table");
    a.table = Some(Table::new(session));
    a.screen = Screen::Game;
    let mut term = Terminal::new(TestBackend::new(80, 24)).expect("test terminal");
    term.draw(|f| ui::render(&a, f)).expect("draw");
    let buf = term.backend().buffer();
    // The cell where " wait" starts on each seat row.
    let columns: Vec<u16> = (0..24)
        .filter_map(|y| {
            let row: Vec<&str> = (0..80).map(|x| buf[(x, y)].symbol()).collect();
            (0..76)
                .find(|&x| row[x..x + 5].concat() == "wait ")
                .map(|x| x as u16)
        })
        .collect();
    assert_eq!(columns.len(), 3, "three seat rows");
    assert!(columns.windows(2).all(|w| w[0] == w[1]), "{columns:?}");
}

#[test]
fn the_log_scrolls_back_with_page_up_and_returns_with_page_down() {
    let mut a = app("log-scroll", false);
    new_game(&mut a, &CULIN_TWO_PEOPLE);
    // Enough play for a long log.
    for _ in 0..60 {
        match phase(&a) {
            Phase::Throw => ch(&mut a, ' '),
            Phase::Move => {
                ch(&mut a, '1');
                if a.table.as_ref().is_some_and(|t| t.prompt.is_some()) {
                    press(&mut a, KeyCode::Enter);
                }
            }
            Phase::Over => break,
        }
    }
    let t = a.table.as_ref().expect("table");
    assert!(t.log.len() > 20, "a long log");
    let newest = t.log.last().cloned().expect("an entry");
    let oldest_shown = |a: &App| panel_text(a);
    let before = oldest_shown(&a);
    press(&mut a, KeyCode::PageUp);
    press(&mut a, KeyCode::PageUp);
    let s = screen(&a);
    assert!(s.contains("newer · PgDn"), "{s}");
    assert_ne!(oldest_shown(&a), before, "older entries shown");
    press(&mut a, KeyCode::PageDown);
    press(&mut a, KeyCode::PageDown);
    let s = screen(&a);
    assert!(!s.contains("newer · PgDn"), "{s}");
    assert_eq!(oldest_shown(&a), before, "back at the newest: {newest}");
}

/// The turn number in the title line (" 윷놀이 Yunnori · … · turn N").
fn title_turn(app: &App) -> usize {
    let s = screen(app);
    let title = s.lines().next().unwrap_or_default().trim_end().to_string();
    title
        .rsplit_once("turn ")
        .and_then(|(_, n)| n.parse().ok())
        .unwrap_or_else(|| panic!("no turn number in {title:?}"))
}

#[test]
fn the_turn_counter_counts_turns_through_bonus_throws_and_after_resuming() {
    use yut_core::session::Action;
    use yut_core::{Outcome, Throw};
    let mut a = two_people("turn-counter");
    assert_eq!(title_turn(&a), 1, "{}", screen(&a));
    let (mut bonus, mut passes) = (0, 0);
    let mut handed_over = false;
    for _ in 0..2000 {
        let t = a.table.as_ref().expect("table");
        let (turn, seat) = (title_turn(&a), t.session.to_move());
        match phase(&a) {
            Phase::Over => break,
            Phase::Throw => ch(&mut a, ' '),
            Phase::Move => ch(&mut a, '1'),
        }
        let t = a.table.as_ref().expect("table");
        if t.session.to_move() != seat {
            // The play passed to the other player: their turn is the next one at once.
            assert_eq!(title_turn(&a), turn + 1, "{}", screen(&a));
            passes += 1;
            if bonus > 0 && passes >= 3 {
                handed_over = true;
                break;
            }
            continue;
        }
        assert_eq!(title_turn(&a), turn, "{}", screen(&a));
        if matches!(
            t.session.history().last(),
            Some(Action::Throw {
                outcome: Outcome::Result(Throw::Yut | Throw::Mo),
                ..
            })
        ) {
            // 윷 or 모 earns one more throw in the same turn.
            bonus += 1;
        }
    }
    assert!(handed_over, "bonus throws {bonus}, turns passed {passes}");
    let turn = title_turn(&a);
    assert_eq!(turn, passes + 1);
    let next = a
        .table
        .as_ref()
        .map(|t| t.names()[t.session.to_move()].clone());

    // Leave at the handover and resume: the same number, from the saved history.
    press(&mut a, KeyCode::Esc);
    assert!(matches!(a.screen, Screen::Menu { .. }), "{}", screen(&a));
    let lib = SaveLibrary::open(a.lib.dir()).expect("lib");
    let mut b = resumed(lib);
    // The list counts the turns played so far; the next one is the one to play.
    let s = screen(&b);
    assert!(
        s.contains(&format!("{} turns · off", turn - 1))
            && s.contains(&format!("{} to play", next.expect("a table"))),
        "{s}"
    );
    press(&mut b, KeyCode::Enter);
    assert!(matches!(b.screen, Screen::Game), "{}", screen(&b));
    assert_eq!(title_turn(&b), turn, "{}", screen(&b));
    // The first throw of that turn leaves the number where it is.
    ch(&mut b, ' ');
    assert_eq!(title_turn(&b), turn, "{}", screen(&b));
}
