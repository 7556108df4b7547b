//! The full-screen online game on a terminal: the link to the room (one client, requests
//! sent one at a time in the order the keys asked) and the event loop around
//! [`OnlineApp`].

use super::app::{Cmd, Net, OnlineApp};
use super::draw;
use super::tickets::{Ticket, Tickets};
use crate::play::{restore_terminal, wait_for_input, Input, StopSignals, TerminalGuard};
use crossterm::event::{self, Event, KeyEventKind};
use crossterm::terminal::{self, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use std::io::{self, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use yut_core::session::Player;
use yut_net::{Client, ClientEvent, Dial, Listener, NetError};

/// Hands every event of the client to the screen's queue.
/// Forwards the client's events to the screen, a room's link made the https one of the
/// server dialled (`server`).
struct ToScreen {
    tx: mpsc::UnboundedSender<Net>,
    server: String,
}

impl Listener for ToScreen {
    fn on_event(&self, mut event: ClientEvent) {
        if let ClientEvent::Room(r) = &mut event {
            r.link = super::shared_link(&self.server, &r.code, &r.link);
        }
        let _ = self.tx.send(Net::Event(Box::new(event)));
    }
}

/// The connection to a room as the screen uses it: requests in, answers and events out.
pub struct Link {
    pub client: Client,
    cmds: mpsc::UnboundedSender<Cmd>,
    pub net: mpsc::UnboundedReceiver<Net>,
    /// Where the seats taken are kept.
    tickets: Option<Tickets>,
    url: String,
}

impl Link {
    /// Connects to `url` and starts the task that sends requests in order (a move must
    /// not overtake the throw before it); the seats taken are kept in `tickets`. Call
    /// within a tokio runtime.
    pub async fn connect(url: &str, tickets: Option<Tickets>) -> Result<Link, NetError> {
        Link::dial(url, tickets, Dial::default()).await
    }

    /// As `connect`, reaching the server as `dial` says.
    pub async fn dial(url: &str, tickets: Option<Tickets>, dial: Dial) -> Result<Link, NetError> {
        let (tx, net) = mpsc::unbounded_channel();
        let client = Client::dial(
            url,
            Arc::new(ToScreen {
                tx: tx.clone(),
                server: url.to_string(),
            }),
            dial,
        )
        .await?;
        let (cmds, rx) = mpsc::unbounded_channel();
        let keeper = Keeper {
            tickets: tickets.clone(),
            url: url.to_string(),
            tell: tx.clone(),
        };
        tokio::spawn(send_in_order(client.clone(), rx, tx, keeper));
        Ok(Link {
            client,
            cmds,
            net,
            tickets,
            url: url.to_string(),
        })
    }

    /// Sends what the keys asked for.
    pub fn send(&self, app: &mut OnlineApp) {
        for c in app.outbox.drain(..) {
            match c {
                Cmd::Reconnect => self.client.reconnect_now(),
                Cmd::Forget(code) => {
                    if let Some(t) = &self.tickets {
                        let _ = t.forget(&self.url, &code);
                    }
                }
                c => {
                    let _ = self.cmds.send(c);
                }
            }
        }
    }

    /// Everything the network brought so far, into the screen.
    pub fn receive(&mut self, app: &mut OnlineApp) {
        while let Ok(n) = self.net.try_recv() {
            app.on_net(n);
        }
    }
}

/// Keeps the seats a request took (and forgets a room the server no longer has).
struct Keeper {
    tickets: Option<Tickets>,
    url: String,
    /// Where to tell the screen that the seats could not be kept.
    tell: mpsc::UnboundedSender<Net>,
}

impl Keeper {
    fn took(&self, client: &Client, name: &str) {
        let (Some(tickets), (Some(code), seats)) = (&self.tickets, client.seats()) else {
            return;
        };
        let ticket = Ticket {
            server: self.url.clone(),
            code,
            seats,
            name: name.to_string(),
            at_ms: yut_core::session::now_ms(),
        };
        if let Err(e) = tickets.keep(ticket) {
            let _ = self.tell.send(Net::Note(format!(
                "Your seats could not be kept on this computer ({e}): if this terminal ends, \
                 they cannot be taken back"
            )));
        }
    }

    fn gone(&self, code: &str) {
        if let Some(t) = &self.tickets {
            let _ = t.forget(&self.url, code);
        }
    }
}

async fn send_in_order(
    client: Client,
    mut rx: mpsc::UnboundedReceiver<Cmd>,
    tx: mpsc::UnboundedSender<Net>,
    keeper: Keeper,
) {
    while let Some(cmd) = rx.recv().await {
        let what = cmd.what();
        let turn = matches!(cmd, Cmd::Throw(_) | Cmd::Play { .. } | Cmd::Undo(_));
        let result = match cmd {
            Cmd::Create { name, table, claim } => {
                let r = client.create_room(&name, table, Some(claim)).await;
                if r.is_ok() {
                    keeper.took(&client, &name);
                }
                r.map(Some)
            }
            Cmd::Join { code, name, seat } => {
                let r = client.join(&code, &name, seat).await;
                if r.is_ok() {
                    keeper.took(&client, &name);
                }
                r.map(Some)
            }
            Cmd::Resume { code, tokens, name } => {
                let r = client.resume(&code, tokens).await;
                match &r {
                    Ok(_) => keeper.took(&client, &name),
                    Err(e) if e.code() == Some(yut_net::protocol::ErrorCode::NoSuchRoom) => {
                        keeper.gone(&code)
                    }
                    Err(_) => {}
                }
                r.map(Some)
            }
            Cmd::Ready { seat, ready } => client.ready(seat, ready).await.map(|_| None),
            Cmd::Start => client.start().await.map(|_| None),
            Cmd::Rematch => client.rematch().await.map(|_| None),
            Cmd::Spectate { code } => client.spectate(&code).await.map(|_| None),
            Cmd::AddBot(level) => client
                .add_seat(Player::Bot { level }, None)
                .await
                .map(|_| None),
            Cmd::SetSeat { seat, player } => client.set_seat(seat, player).await.map(|_| None),
            Cmd::Remove(seat) => client.remove_seat(seat).await.map(|_| None),
            Cmd::MoveSeat { from, to } => client.move_seat(from, to).await.map(|_| None),
            Cmd::Throw(seat) => client.throw(seat).await.map(|_| None),
            Cmd::Play { seat, mv, pieces } => {
                client.play(seat, mv, Some(pieces)).await.map(|_| None)
            }
            Cmd::Undo(seat) => client.undo(seat).await.map(|_| None),
            Cmd::Sync => client.sync().await.map(|_| None),
            // Handled by the link itself (see `Link::send`).
            Cmd::Reconnect | Cmd::Forget(_) => continue,
        };
        if tx.send(Net::Done { what, turn, result }).is_err() {
            break;
        }
    }
}

/// Runs the screens on this terminal until the player leaves.
/// How the full-screen game ended.
pub enum Ended {
    /// The player left (or the room could not be entered: the error says why).
    Left(Result<(), String>),
    /// SIGTERM or SIGHUP came: the terminal is restored, the seats kept; exit with this
    /// status (128 + the signal, as a shell reports a death by signal).
    Signal(u8),
}

pub fn run(url: &str, mut app: OnlineApp, tickets: Option<Tickets>) -> Ended {
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => return Ended::Left(Err(e.to_string())),
    };
    let mut link = match rt.block_on(Link::connect(url, tickets)) {
        Ok(l) => l,
        Err(e) => return Ended::Left(Err(e.to_string())),
    };
    let stop = StopSignals::register().unwrap_or_else(|_| StopSignals::none());
    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore_terminal();
        previous_hook(info);
    }));
    let result = run_terminal(&mut app, &mut link, &stop);
    restore_terminal();
    let code = app.room.as_ref().map(|r| r.code.clone());
    let client = link.client.clone();
    if let Some(sig) = stop.caught() {
        // Killed, not leaving: the seats (and the host's part) wait for this terminal.
        client.close();
        let back = code
            .map(|c| format!("; yut online rejoin {c} takes your seats back"))
            .unwrap_or_default();
        eprintln!("yut online: stopped by {}{back}", StopSignals::name_of(sig));
        return Ended::Signal(StopSignals::status_of(sig));
    }
    // Leave the room properly (the seats stay ours by their tokens), without waiting long.
    rt.block_on(async move {
        let _ = tokio::time::timeout(Duration::from_secs(1), client.leave()).await;
        client.close();
    });
    if let Some(code) = code {
        let _ = writeln!(
            io::stdout(),
            "Left room {code}. yut online rejoin {code} takes your seats back."
        );
    }
    if let Some(msg) = &app.farewell {
        return Ended::Left(Err(msg.clone()));
    }
    Ended::Left(result.map_err(|e| format!("terminal error: {e}")))
}

fn run_terminal(app: &mut OnlineApp, link: &mut Link, stop: &StopSignals) -> io::Result<()> {
    terminal::enable_raw_mode()?;
    let _guard = TerminalGuard;
    crossterm::execute!(io::stdout(), EnterAlternateScreen, crossterm::cursor::Hide)?;
    let mut term = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    term.clear()?;
    loop {
        link.send(app);
        link.receive(app);
        app.tick(Instant::now());
        let frame = term.draw(|f| draw::render(app, f))?;
        app.size = (frame.area.width, frame.area.height);
        if app.quit || stop.caught().is_some() {
            break;
        }
        // Short waits: the room's events arrive on their own, not with a key.
        let wait = Duration::from_millis(if app.is_animating() { 30 } else { 60 });
        match wait_for_input(wait) {
            Input::HungUp => break,
            Input::Idle => {}
            Input::Ready => {
                while event::poll(Duration::ZERO)? {
                    match event::read()? {
                        Event::Key(k) if k.kind != KeyEventKind::Release => app.on_key(k),
                        Event::Resize(w, h) => {
                            app.size = (w, h);
                            term.autoresize()?;
                        }
                        _ => {}
                    }
                    if app.quit {
                        break;
                    }
                }
            }
        }
    }
    let _ = crossterm::execute!(io::stdout(), LeaveAlternateScreen);
    Ok(())
}
