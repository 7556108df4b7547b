//! The online screens drawn: the host's form, a guest's name, the lobby (the room code,
//! its link, the seats) and the game in `yut play`'s own screens.

use super::app::{OnlineApp, Screen};
use crate::play::layout::fit;
use crate::play::text;
use crate::play::ui::{self, bold, dim, hot, term_colour, GLYPHS};
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;
use yut_core::session::Player;
use yut_core::RuleSet;
use yut_net::protocol::{SeatView, Stage};

/// Draws the whole screen.
pub fn render(app: &OnlineApp, f: &mut Frame) {
    let area = f.area();
    if ui::too_small(f, "yut online", "leave the room") {
        return;
    }
    match &app.screen {
        Screen::Setup(form) => {
            ui::render_setup(
                form,
                f,
                Rect::new(area.x, area.y + 1, area.width, area.height - 1),
            );
            header(
                app,
                "Open an online room: choose the table, then s",
                f,
                area,
            );
        }
        Screen::Name { code, name } => render_name(app, code, name, f, area),
        Screen::Waiting(what) => {
            header(app, what, f, area);
        }
        Screen::Lobby => render_lobby(app, f, area),
        Screen::Game => match &app.table {
            Some(t) => ui::render_game(t, app.confirm_quit, f, area),
            None => render_lobby(app, f, area),
        },
    }
    if let Some(ov) = &app.overlay {
        ui::render_overlay(ov, f, area);
    }
}

/// The top line of the online screens: what this screen is, and the connection.
fn header(app: &OnlineApp, what: &str, f: &mut Frame, area: Rect) {
    let conn = app.conn.words();
    let colour = if app.conn.is_up() {
        Color::LightGreen
    } else {
        Color::LightRed
    };
    let w = area.width as usize;
    let left = fit(
        &format!(" 윷놀이 Yunnori online · {what}"),
        w.saturating_sub(conn.len() + 3),
    );
    let pad = w.saturating_sub(text::cells(&left) + text::cells(&conn) + 1);
    f.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(left, bold().fg(Color::Yellow)),
            Span::raw(" ".repeat(pad)),
            Span::styled(conn, bold().fg(colour)),
        ])),
        Rect::new(area.x, area.y, area.width, 1),
    );
}

fn render_name(app: &OnlineApp, code: &str, name: &str, f: &mut Frame, area: Rect) {
    header(app, &format!("join room {code}"), f, area);
    let mut lines = vec![
        Line::from(""),
        Line::from(Span::styled(format!("Joining room {code}"), bold())),
        Line::from(""),
        Line::from(vec![
            Span::raw("Your name: "),
            Span::styled(format!("{name}▏"), hot()),
        ]),
        Line::from(""),
    ];
    if let Some(n) = &app.note {
        lines.push(Line::from(Span::styled(
            n.clone(),
            Style::default().fg(Color::LightRed),
        )));
    }
    lines.push(Line::from(Span::styled(
        "type your name · Enter join · Esc leave",
        dim(),
    )));
    f.render_widget(
        Paragraph::new(lines),
        Rect::new(area.x + 2, area.y + 1, area.width - 2, area.height - 1),
    );
}

/// One seat of the lobby: who, person or bot, connected, ready, and whether it is ours.
fn seat_words(s: &SeatView, mine: bool, host: bool) -> String {
    let mut marks: Vec<&str> = Vec::new();
    match s.player {
        Player::Human if !s.taken => marks.push("open: waiting for a player"),
        Player::Human => {
            marks.push(if s.connected { "connected" } else { "away" });
            if s.ready {
                marks.push("ready");
            }
        }
        Player::Bot { .. } => {}
    }
    if s.standin.is_some() {
        marks.push("a bot plays for them");
    }
    if mine {
        marks.push("you");
    }
    if host {
        marks.push("host");
    }
    let who = match s.player {
        Player::Human => "person".to_string(),
        Player::Bot { level } => format!("{} bot", text::level_name(level)),
    };
    let name = if s.player == Player::Human && !s.taken {
        "(open)".to_string()
    } else {
        s.name.clone()
    };
    format!(
        "{}{:<12} {}",
        text::pad_cells(&fit(&name, 18), 19),
        who,
        marks.join(" · ")
    )
}

fn render_lobby(app: &OnlineApp, f: &mut Frame, area: Rect) {
    let Some(r) = &app.room else {
        header(app, "waiting for the room…", f, area);
        return;
    };
    let stage = match r.stage {
        Stage::Lobby => "lobby",
        Stage::Playing => "playing",
        Stage::Over => "game over",
    };
    header(app, &format!("room {} · {stage}", r.code), f, area);
    let w = area.width as usize;
    // The code, large and spaced so it reads aloud: "A C D  E F G".
    let spaced: String = r
        .code
        .chars()
        .enumerate()
        .map(|(i, c)| {
            if i == 3 {
                format!("  {c}")
            } else {
                format!(" {c}")
            }
        })
        .collect();
    let code_box = Rect::new(area.x + 2, area.y + 2, 30.min(area.width - 2), 3);
    f.render_widget(
        Paragraph::new(Line::from(Span::styled(
            format!("  {}", spaced.trim_start()),
            bold().fg(Color::Yellow),
        )))
        .block(
            Block::default()
                .borders(Borders::ALL)
                .title(Span::styled(" Room code ", bold())),
        ),
        code_box,
    );
    let rules = RuleSet::from_json(&r.rules).ok();
    let mut lines = vec![
        Line::from(vec![
            Span::styled("Link: ", dim()),
            Span::styled(r.link.clone(), bold()),
            Span::styled("  share the code or the link", dim()),
        ]),
        Line::from(Span::styled(
            fit(
                &format!(
                    "Rules: {} · {} pieces · undo {} · {} watching",
                    rules.as_ref().map_or("?", |x| text::preset_name(x.preset)),
                    rules.as_ref().map_or(0, |x| x.pieces_per_player),
                    if r.options.undo { "on" } else { "off" },
                    r.spectators
                ),
                w,
            ),
            dim(),
        )),
        Line::from(""),
        Line::from(Span::styled("Seats", bold())),
    ];
    for s in &r.seats {
        let sel = s.seat == app.sel;
        let colour = term_colour(&s.colour);
        let words = seat_words(s, app.mine.contains(&s.seat), s.seat == r.host);
        lines.push(Line::from(vec![
            Span::raw(if sel { "▶" } else { " " }),
            Span::raw(format!("{} ", s.seat + 1)),
            Span::styled(
                format!("{} ", GLYPHS[s.seat % GLYPHS.len()]),
                Style::default().fg(colour),
            ),
            Span::styled(
                fit(&words, w.saturating_sub(6)),
                if sel { hot() } else { Style::default() },
            ),
        ]));
    }
    lines.push(Line::from(""));
    if let Some(n) = &app.note {
        lines.push(Line::from(Span::styled(
            fit(n, w),
            Style::default().fg(Color::LightRed),
        )));
    }
    let keys = if app.confirm_quit {
        lines.push(Line::from(Span::styled(fit(&app.leave_words(), w), hot())));
        lines.push(Line::from(Span::styled(
            "Leave the room? q/y leave · other: stay",
            hot(),
        )));
        Vec::new()
    } else if app.host {
        vec![
            "↑↓ seat · b add a bot · p person/bot level · x remove · < > move the seat",
            "t take the seat here too · y ready · s start the game · r rules · q leave",
        ]
    } else {
        vec!["↑↓ seat · t take the seat here too · y ready / not ready · r rules · q leave"]
    };
    for k in keys {
        lines.push(Line::from(Span::styled(fit(k, w), dim())));
    }
    f.render_widget(
        Paragraph::new(lines),
        Rect::new(
            area.x + 2,
            area.y + 5,
            area.width - 2,
            area.height.saturating_sub(5),
        ),
    );
}
