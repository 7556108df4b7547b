//! The full-screen online game on a terminal: the link to the room (one client, requests
//! sent one at a time in the order the keys asked) and the event loop around
//! [`OnlineApp`].

use super::app::{Cmd, Net, OnlineApp};
use super::draw;
use crate::play::{restore_terminal, wait_for_input, Input, TerminalGuard};
use crossterm::event::{self, Event, KeyEventKind};
use crossterm::terminal::{self, EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use std::io::{self, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use yut_core::session::Player;
use yut_net::{Client, ClientEvent, Listener, NetError};

/// Hands every event of the client to the screen's queue.
struct ToScreen(mpsc::UnboundedSender<Net>);

impl Listener for ToScreen {
    fn on_event(&self, event: ClientEvent) {
        let _ = self.0.send(Net::Event(Box::new(event)));
    }
}

/// The connection to a room as the screen uses it: requests in, answers and events out.
pub struct Link {
    pub client: Client,
    cmds: mpsc::UnboundedSender<Cmd>,
    pub net: mpsc::UnboundedReceiver<Net>,
}

impl Link {
    /// Connects to `url` and starts the task that sends requests in order (a move must
    /// not overtake the throw before it). Call within a tokio runtime.
    pub async fn connect(url: &str) -> Result<Link, NetError> {
        let (tx, net) = mpsc::unbounded_channel();
        let client = Client::connect(url, Arc::new(ToScreen(tx.clone()))).await?;
        let (cmds, rx) = mpsc::unbounded_channel();
        tokio::spawn(send_in_order(client.clone(), rx, tx));
        Ok(Link { client, cmds, net })
    }

    /// Sends what the keys asked for.
    pub fn send(&self, app: &mut OnlineApp) {
        for c in app.outbox.drain(..) {
            let _ = self.cmds.send(c);
        }
    }

    /// Everything the network brought so far, into the screen.
    pub fn receive(&mut self, app: &mut OnlineApp) {
        while let Ok(n) = self.net.try_recv() {
            app.on_net(n);
        }
    }
}

async fn send_in_order(
    client: Client,
    mut rx: mpsc::UnboundedReceiver<Cmd>,
    tx: mpsc::UnboundedSender<Net>,
) {
    while let Some(cmd) = rx.recv().await {
        let what = cmd.what();
        let turn = matches!(cmd, Cmd::Throw(_) | Cmd::Play { .. } | Cmd::Undo(_));
        let result = match cmd {
            Cmd::Create { name, table, claim } => client
                .create_room(&name, table, Some(claim))
                .await
                .map(Some),
            Cmd::Join { code, name, seat } => client.join(&code, &name, seat).await.map(Some),
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
        };
        if tx.send(Net::Done { what, turn, result }).is_err() {
            break;
        }
    }
}

/// Runs the screens on this terminal until the player leaves.
pub fn run(url: &str, mut app: OnlineApp) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let mut link = rt.block_on(Link::connect(url)).map_err(|e| e.to_string())?;
    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore_terminal();
        previous_hook(info);
    }));
    let result = run_terminal(&mut app, &mut link);
    restore_terminal();
    // Leave the room properly (the seats stay ours by their tokens), without waiting long.
    let client = link.client.clone();
    rt.block_on(async move {
        let _ = tokio::time::timeout(Duration::from_secs(1), client.leave()).await;
        client.close();
    });
    if let Some(code) = app.room.as_ref().map(|r| r.code.clone()) {
        let _ = writeln!(io::stdout(), "Left room {code}.");
    }
    if let Some(msg) = &app.farewell {
        return Err(msg.clone());
    }
    result.map_err(|e| format!("terminal error: {e}"))
}

fn run_terminal(app: &mut OnlineApp, link: &mut Link) -> io::Result<()> {
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
        if app.quit {
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
