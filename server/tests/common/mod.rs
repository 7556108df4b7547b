//! Helpers of the server's tests: a server on a loopback port with its own store, and
//! players that follow the room through the client library.
#![allow(dead_code)]

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc::UnboundedReceiver;
use yut_core::game::Phase;
use yut_core::session::{Action, BotLevel};
use yut_net::protocol::{GameView, RoomOptions, RoomSnapshot, RoomSpec, SeatSpec, SeatView, Stage};
use yut_net::{ChannelListener, Client, ClientEvent, Joined};
use yut_server::{Config, Running};

/// How long any one wait in a test may take before it fails.
pub const WAIT: Duration = Duration::from_secs(20);

pub fn config(dir: &Path) -> Config {
    let mut c = Config::loopback(dir.to_path_buf());
    c.max_connections_per_ip = 1000;
    c.max_rooms_per_ip = 1000;
    c.max_rooms_per_connection = 1000;
    c.rate_per_sec = 1000;
    c.rate_burst = 1000;
    c
}

pub async fn server(dir: &Path) -> Running {
    yut_server::start(config(dir)).await.expect("server starts")
}

pub fn url(r: &Running) -> String {
    format!("ws://{}", r.addr)
}

/// Options for quick games: bots act at once.
pub fn quick() -> RoomOptions {
    RoomOptions {
        bot_delay_ms: 0,
        ..RoomOptions::default()
    }
}

pub fn table(rules: serde_json::Value, seats: Vec<SeatSpec>, options: RoomOptions) -> RoomSpec {
    RoomSpec {
        rules,
        seats,
        teams: None,
        options,
    }
}

pub fn people(n: usize) -> Vec<SeatSpec> {
    (0..n).map(|_| SeatSpec::person()).collect()
}

pub fn bot(level: BotLevel) -> SeatSpec {
    SeatSpec::bot(level)
}

/// A client and what it has heard of its room.
pub struct Player {
    pub client: Client,
    pub rx: UnboundedReceiver<ClientEvent>,
    pub seats: Vec<usize>,
    pub tokens: Vec<String>,
    pub room: Option<RoomSnapshot>,
    pub played: Vec<Action>,
    pub events: Vec<ClientEvent>,
}

impl Player {
    pub async fn connect(url: &str) -> Player {
        let (listener, rx) = ChannelListener::new();
        let client = Client::connect(url, listener).await.expect("connects");
        Player::with(client, rx)
    }

    fn with(client: Client, rx: UnboundedReceiver<ClientEvent>) -> Player {
        Player {
            client,
            rx,
            seats: Vec::new(),
            tokens: Vec::new(),
            room: None,
            played: Vec::new(),
            events: Vec::new(),
        }
    }

    /// A client that does not reconnect once its connection is lost.
    pub async fn connect_once(url: &str) -> Player {
        let (listener, rx) = ChannelListener::new();
        let once = yut_net::Backoff {
            attempts: Some(0),
            ..yut_net::Backoff::default()
        };
        let client = Client::connect_with(url, listener, once)
            .await
            .expect("connects");
        Player::with(client, rx)
    }

    pub fn took(&mut self, j: &Joined) {
        for t in &j.seats {
            if !self.seats.contains(&t.seat) {
                self.seats.push(t.seat);
                self.tokens.push(t.token.clone());
            }
        }
    }

    fn apply(&mut self, e: ClientEvent) {
        match &e {
            ClientEvent::Room(r) => {
                self.played = r
                    .game
                    .as_ref()
                    .map(|g| g.history.clone())
                    .unwrap_or_default();
                self.room = Some(r.clone());
            }
            ClientEvent::Seats(s) => {
                if let Some(r) = &mut self.room {
                    r.seats = s.clone();
                }
            }
            ClientEvent::Played { action, view, .. } => {
                self.played.push(action.clone());
                if let Some(r) = &mut self.room {
                    if let Some(g) = &mut r.game {
                        g.history.push(action.clone());
                        g.view = view.clone();
                    }
                    if view.phase == Phase::Over {
                        r.stage = Stage::Over;
                    }
                }
            }
            ClientEvent::Undone { view, .. } => {
                self.played.pop();
                if let Some(r) = &mut self.room {
                    if let Some(g) = &mut r.game {
                        g.history.pop();
                        g.view = view.clone();
                    }
                }
            }
            _ => {}
        }
        self.events.push(e);
    }

    /// Takes in everything already received.
    pub fn drain(&mut self) {
        while let Ok(e) = self.rx.try_recv() {
            self.apply(e);
        }
    }

    /// Waits for an event that `f` accepts (applying everything on the way).
    pub async fn until(
        &mut self,
        what: &str,
        mut f: impl FnMut(&ClientEvent) -> bool,
    ) -> ClientEvent {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let e = tokio::time::timeout_at(deadline, self.rx.recv())
                .await
                .unwrap_or_else(|_| panic!("timed out waiting for {what}"))
                .unwrap_or_else(|| panic!("client closed waiting for {what}"));
            let hit = f(&e);
            self.apply(e.clone());
            if hit {
                return e;
            }
        }
    }

    pub async fn until_room(&mut self, what: &str, mut f: impl FnMut(&RoomSnapshot) -> bool) {
        if self.room.as_ref().is_some_and(&mut f) {
            return;
        }
        self.until(what, |e| matches!(e, ClientEvent::Room(r) if f(r)))
            .await;
    }

    pub async fn until_seats(&mut self, what: &str, mut f: impl FnMut(&[SeatView]) -> bool) {
        self.drain();
        if self.room.as_ref().is_some_and(|r| f(&r.seats)) {
            return;
        }
        self.until(what, |e| match e {
            ClientEvent::Seats(s) => f(s),
            ClientEvent::Room(r) => f(&r.seats),
            _ => false,
        })
        .await;
    }

    /// Waits until this client has heard the game's last action.
    pub async fn until_over(&mut self) {
        self.drain();
        if self.view().is_some_and(|v| v.phase == Phase::Over) {
            return;
        }
        self.until(
            "the game's end",
            |e| matches!(e, ClientEvent::Played { view, .. } if view.phase == Phase::Over),
        )
        .await;
    }

    pub fn view(&self) -> Option<&GameView> {
        self.room.as_ref()?.game.as_ref().map(|g| &g.view)
    }

    pub fn code(&self) -> String {
        self.room
            .as_ref()
            .map(|r| r.code.clone())
            .unwrap_or_default()
    }
}

/// Creates a room with `table`; the host takes `claim`.
pub async fn host(url: &str, t: RoomSpec, claim: Option<Vec<usize>>) -> Player {
    let mut p = Player::connect(url).await;
    let j = p
        .client
        .create_room("Host", t, claim)
        .await
        .expect("room created");
    p.took(&j);
    p.until_room("the new room", |_| true).await;
    p
}

pub async fn guest(url: &str, code: &str, name: &str) -> Player {
    let mut p = Player::connect(url).await;
    let j = p.client.join(code, name, None).await.expect("joined");
    p.took(&j);
    p.until_room("the room after joining", |_| true).await;
    for &s in &p.seats.clone() {
        p.client.ready(s, true).await.expect("ready");
    }
    p
}

/// Plays one action for whichever of `players` holds the seat to act (the first legal
/// move); `false` when the game is over. Waits for the action's broadcast.
pub async fn step(players: &mut [&mut Player]) -> bool {
    for p in players.iter_mut() {
        p.drain();
    }
    // The freshest view: another client's copy of the last action may still be on its way.
    let Some(view) = players
        .iter()
        .filter(|p| p.view().is_some())
        .max_by_key(|p| p.played.len())
        .and_then(|p| p.view().cloned())
    else {
        return true;
    };
    if view.phase == Phase::Over {
        return false;
    }
    let Some(p) = players.iter_mut().find(|p| p.seats.contains(&view.to_move)) else {
        // A bot's turn (a bot seat, or a person's seat with a bot standing in): wait for it.
        let fresh = players
            .iter_mut()
            .max_by_key(|p| p.played.len())
            .expect("a player");
        fresh
            .until("a bot's action", |e| {
                matches!(e, ClientEvent::Played { .. })
            })
            .await;
        return true;
    };
    let before = p.played.len();
    match view.phase {
        Phase::Throw => p.client.throw(view.to_move).await.expect("throw accepted"),
        Phase::Move => {
            let l = view.legal.first().expect("a legal move in the move phase");
            p.client
                .play(view.to_move, l.spec(), Some(l.pieces))
                .await
                .expect("move accepted")
        }
        Phase::Over => return false,
    }
    p.drain();
    assert!(
        p.played.len() > before,
        "the action's broadcast came before its ok"
    );
    true
}

/// Plays until the game is over; returns the number of steps.
pub async fn play_out(players: &mut [&mut Player]) -> usize {
    let mut n = 0;
    while step(players).await {
        n += 1;
        assert!(n < 5000, "a game should end within 5000 steps");
    }
    n
}

pub fn shared<T>(t: T) -> Arc<T> {
    Arc::new(t)
}

/// Starts the `yut-server` binary on a free loopback port with `args` (logging warnings
/// only) and returns the process and its `ws://` URL, read from its first line.
pub fn spawn_server(args: &[&str]) -> (std::process::Child, String) {
    use std::io::{BufRead, BufReader};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_yut-server"))
        .args(["--listen", "127.0.0.1:0"])
        .args(args)
        .env("YUT_LOG", "warn")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit())
        .spawn()
        .expect("yut-server starts");
    let stdout = child.stdout.take().expect("stdout");
    let mut lines = BufReader::new(stdout);
    let mut line = String::new();
    lines.read_line(&mut line).expect("a line");
    // The server logs on standard output: keep reading it, so a write never fails.
    std::thread::spawn(move || std::io::copy(&mut lines, &mut std::io::sink()));
    let addr = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .to_string();
    (child, format!("ws://{addr}"))
}
