//! The full-screen online game against a real server on a loopback port: two terminals
//! (each an `OnlineApp` with its own connection), drawn into `TestBackend`s and read back
//! as a person would see them.

use super::app::{host_form, OnlineApp, Screen};
use super::draw;
use super::tickets::Tickets;
use super::tui::Link;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::time::Duration;
use yut_core::rules::FirstPlayer;
use yut_core::RuleSet;
use yut_net::protocol::{RoomOptions, SeatSpec};

/// How long one wait for the screen may take before the test fails.
const WAIT: Duration = Duration::from_secs(20);

struct Term {
    app: OnlineApp,
    link: Link,
    term: Terminal<TestBackend>,
}

impl Term {
    /// A terminal that keeps no seats on disk.
    async fn new(url: &str, app: OnlineApp) -> Term {
        Term::keeping(url, app, None).await
    }

    /// A terminal that keeps its seats in `tickets`.
    async fn keeping(url: &str, app: OnlineApp, tickets: Option<Tickets>) -> Term {
        let link = Link::connect(url, tickets).await.expect("connects");
        let mut app = app;
        app.animate = false;
        Term {
            app,
            link,
            term: Terminal::new(TestBackend::new(100, 30)).expect("test terminal"),
        }
    }

    fn screen(&mut self) -> String {
        let frame = self
            .term
            .draw(|f| draw::render(&self.app, f))
            .expect("draws");
        self.app.size = (frame.area.width, frame.area.height);
        let buf = self.term.backend().buffer();
        let mut out = String::new();
        for y in 0..buf.area.height {
            for x in 0..buf.area.width {
                out.push_str(buf[(x, y)].symbol());
            }
            out.push('\n');
        }
        out
    }

    fn key(&mut self, code: KeyCode) {
        self.app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
        self.link.send(&mut self.app);
    }

    /// Sends what the keys asked, then takes the network's news one at a time, drawing
    /// after each, until the screen satisfies `want` (a passing state is seen even when
    /// the next event would end it: "reconnecting" lasts one event).
    async fn until(&mut self, what: &str, want: impl Fn(&str) -> bool) -> String {
        self.until_app(what, |_, s| want(s)).await
    }

    /// `until`, looking at the app's state as well as the screen.
    async fn until_app(&mut self, what: &str, want: impl Fn(&OnlineApp, &str) -> bool) -> String {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            self.link.send(&mut self.app);
            let s = self.screen();
            if want(&self.app, &s) {
                return s;
            }
            match tokio::time::timeout_at(deadline, self.link.net.recv()).await {
                Ok(Some(n)) => self.app.on_net(n),
                Ok(None) => panic!("the link closed while waiting for {what}:\n{s}"),
                Err(_) => panic!("no {what} within {WAIT:?}; the screen:\n{s}"),
            }
        }
    }
}

async fn server() -> (tempfile::TempDir, yut_server::Running, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut c = yut_server::Config::loopback(dir.path().to_path_buf());
    c.max_connections_per_ip = 100;
    c.rate_per_sec = 1000;
    c.rate_burst = 1000;
    let running = yut_server::start(c).await.expect("server starts");
    let url = format!("ws://{}", running.addr);
    (dir, running, url)
}

/// Mina's table: two people, seat order, bots without delay.
fn mina_hosting(options: RoomOptions) -> OnlineApp {
    let rules = RuleSet {
        first_player: FirstPlayer::SeatOrder,
        ..RuleSet::default()
    };
    let form = host_form("Mina", rules, &[SeatSpec::person(), SeatSpec::person()]);
    OnlineApp::hosting(form, options)
}

/// The room's settings of these tests: bots act without a pause.
fn quick_bots() -> RoomOptions {
    RoomOptions {
        bot_delay_ms: 0,
        ..RoomOptions::default()
    }
}

/// Mina opens a room from the form; Jun joins it by the code. Returns both and the code.
async fn mina_and_jun(url: &str) -> (Term, Term, String) {
    mina_and_jun_with(url, quick_bots()).await
}

/// `mina_and_jun` with the room's settings given.
async fn mina_and_jun_with(url: &str, options: RoomOptions) -> (Term, Term, String) {
    let mut mina = Term::new(url, mina_hosting(options)).await;
    let form = mina.screen();
    assert!(form.contains("New game"), "{form}");
    assert!(form.contains("Mina"), "{form}");
    mina.key(KeyCode::Char('s'));
    // The lobby, once the room has said which seat is Mina's.
    mina.until("the lobby", |s| {
        s.contains("Room code") && s.contains("you")
    })
    .await;
    let code = mina.app.room.as_ref().expect("a room").code.clone();
    let mut jun = Term::new(url, OnlineApp::joining(&code, None, None)).await;
    let ask = jun.screen();
    assert!(ask.contains("Your name"), "{ask}");
    for c in "Jun".chars() {
        jun.key(KeyCode::Char(c));
    }
    jun.key(KeyCode::Enter);
    jun.until("Jun's lobby", |s| {
        s.contains("Room code") && s.contains("you")
    })
    .await;
    (mina, jun, code)
}

fn line_with<'a>(screen: &'a str, word: &str) -> &'a str {
    screen.lines().find(|l| l.contains(word)).unwrap_or("")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_shows_the_code_the_link_and_who_is_connected() {
    let (_dir, _server, url) = server().await;
    let (mut mina, mut jun, code) = mina_and_jun(&url).await;
    // The code spaced in its box, and the link to share.
    let spaced = format!("{}  {}", spaced(&code[..3]), spaced(&code[3..]));
    let s = mina
        .until("Jun in Mina's lobby", |s| s.contains("Jun"))
        .await;
    assert!(s.contains(&spaced), "the code {code} large: \n{s}");
    // The https page of the server dialled, as the phones and the web share it.
    let page = format!("{}/r/{code}", url.replace("ws://", "http://"));
    assert!(s.contains(&page), "the link {page}:\n{s}");
    assert!(!s.contains("yunnori://"), "{s}");
    let me = line_with(&s, "Mina");
    assert!(
        me.contains("connected") && me.contains("you") && me.contains("host"),
        "{s}"
    );
    let guest = line_with(&s, "Jun");
    assert!(
        guest.contains("connected") && !guest.contains("you") && !guest.contains("ready"),
        "{s}"
    );
    assert!(s.contains("s start the game"), "the host's keys: {s}");
    // Jun sees his own seat as his, and only the guest's keys.
    let j = jun.screen();
    assert!(line_with(&j, "Jun").contains("you"), "{j}");
    assert!(!line_with(&j, "Mina").contains("you"), "{j}");
    assert!(j.contains("y ready") && !j.contains("s start"), "{j}");
    // Ready reaches the host's screen.
    jun.key(KeyCode::Char('y'));
    jun.until("Jun ready", |s| line_with(s, "Jun").contains("ready"))
        .await;
    mina.until("Jun ready at the host", |s| {
        line_with(s, "Jun").contains("ready")
    })
    .await;
    // The host adds a bot: a third seat for everyone.
    mina.key(KeyCode::Char('b'));
    mina.until("the bot", |s| s.contains("medium bot")).await;
    jun.until("the bot at Jun's", |s| s.contains("medium bot"))
        .await;
    // The host turns the bot's seat (the third) into a hard bot, then into an open seat.
    mina.key(KeyCode::Down);
    mina.key(KeyCode::Down);
    mina.key(KeyCode::Char('p'));
    mina.until("the hard bot", |s| line_with(s, "▶3").contains("hard bot"))
        .await;
    jun.until("the hard bot at Jun's", |s| s.contains("hard bot"))
        .await;
    mina.key(KeyCode::Char('p'));
    let s = mina
        .until("an open seat", |s| line_with(s, "▶3").contains("open"))
        .await;
    let third = line_with(&s, "▶3");
    assert!(third.contains("person") && !third.contains("bot"), "{s}");
}

/// Mina's room with both seats hers (she takes the open one with `t`), in the lobby.
async fn mina_with_both_seats(url: &str) -> Term {
    let mut mina = Term::new(url, mina_hosting(quick_bots())).await;
    mina.key(KeyCode::Char('s'));
    mina.until("the lobby", |s| {
        s.contains("Room code") && s.contains("you")
    })
    .await;
    assert_eq!(mina.app.mine, vec![0]);
    mina.key(KeyCode::Down);
    mina.key(KeyCode::Char('t'));
    // The seat is hers (the answer to her request) and taken (the room's news to all).
    let s = mina
        .until("the second seat", |s| {
            let second = line_with(s, "▶2");
            second.contains("you") && second.contains("connected")
        })
        .await;
    assert!(!line_with(&s, "▶2").contains("open"), "{s}");
    assert_eq!(mina.app.mine, vec![0, 1]);
    mina
}

/// One terminal holds two seats: the host takes the open seat too (two people at one
/// end of the table), starts without anyone else, and plays both seats' turns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_takes_a_second_seat_and_plays_both() {
    let (_dir, _server, url) = server().await;
    let mut mina = mina_with_both_seats(&url).await;
    // A seat already held is not taken twice.
    mina.key(KeyCode::Char('t'));
    let s = mina.screen();
    assert!(s.contains("Seat 2 is not open for a person"), "{s}");
    // Both seats are this terminal's: the game starts, and each seat's turn takes keys here.
    mina.key(KeyCode::Char('s'));
    mina.until("the game", |s| s.contains("Mina: press Space to throw"))
        .await;
    let mut seats_played = std::collections::BTreeSet::new();
    for _ in 0..60 {
        let seat = to_move(&mina.app);
        seats_played.insert(seat);
        if seats_played.len() == 2 {
            break;
        }
        act(&mut mina).await;
    }
    assert_eq!(
        seats_played.len(),
        2,
        "both seats came to act at this terminal"
    );
    let s = mina.screen();
    assert!(
        !s.contains("Waiting for"),
        "no seat waits for another terminal: {s}"
    );
}

fn spaced(s: &str) -> String {
    s.chars().map(String::from).collect::<Vec<_>>().join(" ")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_shows_as_a_message() {
    let (_dir, _server, url) = server().await;
    let (mut mina, _jun, _) = mina_and_jun(&url).await;
    // Jun is not ready: the server refuses the start, and says why.
    mina.key(KeyCode::Char('s'));
    let s = mina
        .until("the refusal", |s| s.contains("Start refused"))
        .await;
    assert!(s.contains("not_ready"), "{s}");
    assert!(
        s.contains("Jun (seat 2) is not ready"),
        "the refusal names him, his seat counted from 1: {s}"
    );
    assert!(s.contains("Room code"), "still in the lobby: {s}");
}

/// Jun says he is ready and Mina starts the game; returns Mina's first screen of it.
async fn start_game(mina: &mut Term, jun: &mut Term) -> String {
    jun.key(KeyCode::Char('y'));
    mina.until("Jun ready", |s| line_with(s, "Jun").contains("ready"))
        .await;
    mina.key(KeyCode::Char('s'));
    mina.until("the game", |s| s.contains("Mina: press Space to throw"))
        .await
}

/// Drops the terminal's connection as a lost network would, and checks the screen says so.
async fn drop_line(who: &mut Term) {
    who.link.client.drop_connection();
    let s = who
        .until("reconnecting", |s| s.contains("reconnecting"))
        .await;
    assert!(
        s.contains("connection lost · reconnecting, attempt 1…"),
        "{s}"
    );
}

/// The seat to act in the terminal's game.
fn to_move(app: &OnlineApp) -> usize {
    app.table
        .as_ref()
        .map(|t| t.session.to_move())
        .expect("a table")
}

fn history_len(app: &OnlineApp) -> usize {
    app.room
        .as_ref()
        .and_then(|r| r.game.as_ref())
        .map_or(0, |g| g.history.len())
}

/// The seat to act acts: a throw, or the first move of the list (answering any question
/// with its first answer). Waits until the room has answered it.
async fn act(who: &mut Term) {
    let n = history_len(&who.app);
    let moving = who
        .app
        .table
        .as_ref()
        .is_some_and(|t| t.session.game().phase() == yut_core::game::Phase::Move);
    who.key(if moving {
        KeyCode::Char('1')
    } else {
        KeyCode::Char(' ')
    });
    for _ in 0..3 {
        if who.app.table.as_ref().is_some_and(|t| t.prompt.is_some()) {
            who.key(KeyCode::Enter);
        }
    }
    who.until_app("the room's answer", |app, _| {
        history_len(app) > n && !app.busy()
    })
    .await;
}

/// Plays until a throw and a move by Mina's seat reached Jun's screen; on the way Jun's
/// connection drops, says so, and comes back with his seat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_throw_and_a_move_reach_the_other_terminal() {
    let (_dir, _server, url) = server().await;
    let (mut mina, mut jun, code) = mina_and_jun(&url).await;
    let s = start_game(&mut mina, &mut jun).await;
    assert!(s.contains(&format!("room {code} · connected")), "{s}");
    let j = jun
        .until("the game at Jun's", |s| {
            s.contains("Waiting for Mina to throw")
        })
        .await;
    assert!(j.contains("Jun"), "{j}");
    // Jun's keys do nothing on Mina's turn: nothing is sent.
    jun.key(KeyCode::Char(' '));
    assert!(jun.app.outbox.is_empty());
    assert!(!jun.app.busy());

    // Jun's line drops: his title says so, then that he is back, in the same seat.
    drop_line(&mut jun).await;
    jun.until("back", |s| s.contains("back online")).await;
    assert_eq!(jun.app.mine, vec![1]);

    // Mina's first throw reaches Jun.
    act(&mut mina).await;
    let n = history_len(&mina.app);
    let j = jun
        .until_app("Mina's throw at Jun's", |app, _| history_len(app) >= n)
        .await;
    assert!(j.contains("Mina threw"), "{j}");
    // Then whoever is to act acts, until a move by Mina reached Jun.
    let mut moved = false;
    for _ in 0..80 {
        let over = mina
            .app
            .table
            .as_ref()
            .is_some_and(|t| t.session.game().is_over());
        assert!(!over, "the game ended before Mina moved");
        let seat = to_move(&mina.app);
        let moving = mina
            .app
            .table
            .as_ref()
            .is_some_and(|t| t.session.game().phase() == yut_core::game::Phase::Move);
        let (who, other) = if seat == 0 {
            (&mut mina, &mut jun)
        } else {
            (&mut jun, &mut mina)
        };
        act(who).await;
        let n = history_len(&who.app);
        other
            .until_app("the other terminal in step", |app, _| history_len(app) >= n)
            .await;
        if seat == 0 && moving {
            moved = true;
            break;
        }
    }
    assert!(moved, "Mina never had a move");
    let j = jun.screen();
    assert!(
        j.contains("Mina moved"),
        "Jun sees Mina's move in his log:\n{j}"
    );
    let m = mina.screen();
    assert!(m.contains("Mina moved"), "{m}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_connection_comes_back_with_the_same_seat() {
    let (_dir, _server, url) = server().await;
    let (mut mina, mut jun, _) = mina_and_jun(&url).await;
    mina.until("Jun connected", |s| {
        line_with(s, "Jun").contains("connected")
    })
    .await;
    drop_line(&mut jun).await;
    let j = jun
        .until("back with the seat", |s| {
            s.contains("back online")
                && line_with(s, "Jun").contains("connected")
                && line_with(s, "Jun").contains("you")
        })
        .await;
    assert!(line_with(&j, "2 ").contains("Jun"), "the same seat, 2: {j}");
    assert_eq!(jun.app.mine, vec![1]);
    // The seat still acts: ready reaches the host.
    jun.key(KeyCode::Char('y'));
    mina.until("Jun ready", |s| line_with(s, "Jun").contains("ready"))
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_small_terminal_shows_the_notice() {
    let (_dir, _server, url) = server().await;
    let mut mina = Term::new(&url, mina_hosting(quick_bots())).await;
    mina.term = Terminal::new(TestBackend::new(60, 20)).expect("test terminal");
    let s = mina.screen();
    let flat = s.replace('\n', "");
    assert!(flat.contains("yut online needs at least 80×24"), "{s}");
    mina.key(KeyCode::Char('s'));
    assert!(mina.app.outbox.is_empty(), "no key acts unseen");
    mina.key(KeyCode::Char('q'));
    assert!(mina.app.quit);
    assert!(matches!(mina.app.screen, Screen::Setup(_)));
}

/// A spectator's terminal (`join --watch`) shows the lobby, then the game as the host
/// plays it, counted among those watching, and its keys send nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_watches_the_game_without_a_seat() {
    let (_dir, _server, url) = server().await;
    let mut mina = mina_with_both_seats(&url).await;
    let code = mina.app.room.as_ref().expect("a room").code.clone();
    let mut ana = Term::new(&url, OnlineApp::watching(&code)).await;
    let s = ana
        .until("the lobby", |s| {
            s.contains("Room code") && s.contains("Mina")
        })
        .await;
    assert!(!s.contains("you"), "no seat is the spectator's: {s}");
    mina.until("one watching", |s| s.contains("1 watching"))
        .await;
    mina.key(KeyCode::Char('s'));
    mina.until("the game", |s| s.contains("Mina: press Space to throw"))
        .await;
    ana.until("the game at the spectator's", |s| {
        s.contains("Waiting for Mina to throw")
    })
    .await;
    // Its keys act for no seat.
    ana.key(KeyCode::Char(' '));
    assert!(!ana.app.busy());
    act(&mut mina).await;
    let n = history_len(&mina.app);
    let s = ana
        .until_app("Mina's throw at the spectator's", |app, _| {
            history_len(app) >= n
        })
        .await;
    assert!(s.contains("Mina threw"), "{s}");
    assert!(ana.app.mine.is_empty());
}

/// On the full screen: `u` takes back a move while its turn goes on (the room's history
/// loses it, and the same seat moves again), the game is played to its end, and the
/// host's `n` starts a rematch at the same table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_then_a_whole_game_then_a_rematch() {
    let (_dir, _server, url) = server().await;
    let mut mina = mina_with_both_seats(&url).await;
    mina.key(KeyCode::Char('s'));
    mina.until("the game", |s| s.contains("Mina: press Space to throw"))
        .await;
    let over = |app: &OnlineApp| {
        app.table
            .as_ref()
            .is_some_and(|t| t.session.game().is_over())
    };
    let mut undone = false;
    for _ in 0..3000 {
        if over(&mina.app) {
            break;
        }
        let can_undo = mina
            .app
            .room
            .as_ref()
            .and_then(|r| r.game.as_ref())
            .is_some_and(|g| g.view.can_undo);
        if !undone && can_undo {
            let n = history_len(&mina.app);
            let seat = to_move(&mina.app);
            mina.key(KeyCode::Char('u'));
            mina.until_app("the undo", |app, _| {
                history_len(app) == n - 1 && !app.busy()
            })
            .await;
            assert_eq!(to_move(&mina.app), seat, "the same seat moves again");
            undone = true;
        }
        act(&mut mina).await;
    }
    assert!(undone, "no move could be taken back in a whole game");
    assert!(over(&mina.app), "the game did not end");
    let s = mina
        .until("the throws checked", |s| s.contains("throws verified"))
        .await;
    assert!(
        s.contains("Mina wins!") || s.contains("Player 2 wins!"),
        "{s}"
    );
    // `yut online verify` on the room as the server sent it: verified; with one throw
    // changed in the file: refused, loudly.
    let room = mina.app.room.clone().expect("the room");
    let file = serde_json::to_string(&yut_net::protocol::ServerMessage::Room { room }).unwrap();
    let read = super::verify::parse(&file).expect("the room reads back");
    let (status, line) = super::verify::verdict(&read);
    assert_eq!(status, 0, "{line}");
    assert!(line.contains("Throws verified"), "{line}");
    let changed = file.replacen("\"sticks\":[true", "\"sticks\":[false", 1);
    let changed = if changed == file {
        file.replacen("\"sticks\":[false", "\"sticks\":[true", 1)
    } else {
        changed
    };
    let (status, line) = super::verify::verdict(&super::verify::parse(&changed).unwrap());
    assert_eq!(status, 1, "{line}");
    assert!(line.contains("do NOT match"), "{line}");
    mina.key(KeyCode::Char('n'));
    let s = mina
        .until_app("the rematch", |app, _| {
            app.room.as_ref().is_some_and(|r| r.game_number == 2)
                && !over(app)
                && history_len(app) == 0
        })
        .await;
    assert!(
        s.contains("press Space to throw"),
        "a new game at the same table: {s}"
    );
}

/// Jun's terminal is gone for good mid-game: Mina's screen says he is away, which bot
/// plays for him once it does, and her log tells when the bot takes his turns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_gone_mid_game_shows_away_and_the_bot_that_plays_for_him() {
    let (_dir, _server, url) = server().await;
    let options = RoomOptions {
        grace_ms: 300,
        ..quick_bots()
    };
    let (mut mina, mut jun, _) = mina_and_jun_with(&url, options).await;
    let s = start_game(&mut mina, &mut jun).await;
    assert!(!s.contains("away"), "nobody is away yet:\n{s}");
    jun.until("the game at Jun's", |s| s.contains("Waiting for Mina"))
        .await;

    jun.link.client.close();
    drop(jun);
    mina.until("Jun away", |s| s.contains("away")).await;
    // Mina plays on; on Jun's turns the stand-in acts, and the log says so.
    for _ in 0..40 {
        if mina.screen().contains("Jun is away: a") {
            break;
        }
        if to_move(&mina.app) == 0 {
            act(&mut mina).await;
        } else {
            let n = history_len(&mina.app);
            mina.until_app("the stand-in's action", |app, _| history_len(app) > n)
                .await;
        }
    }
    let s = mina.screen();
    assert!(
        s.contains("Jun is away: a") && s.contains("bot plays for them"),
        "the log tells that a bot plays for Jun:\n{s}"
    );
    assert!(
        s.contains("away · a"),
        "the seats show Jun away and his stand-in:\n{s}"
    );
}
