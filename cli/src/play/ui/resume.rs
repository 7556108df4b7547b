//! The saved games to continue, newest first, damaged ones marked.

use super::{bold, dim, hot};
use crate::play::app::{App, Screen};
use crate::play::layout::fit;
use crate::play::text;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use yut_core::save::EntryStatus;
use yut_core::session::Player;

pub(super) fn render_resume(app: &App, f: &mut Frame, area: Rect) {
    let Screen::Resume(list) = &app.screen else {
        return;
    };
    let w = area.width as usize;
    let mut lines = vec![
        Line::from(Span::styled("Saved games", bold().fg(Color::Yellow))),
        Line::from(Span::styled(
            fit(&format!("in {}", app.lib.dir().display()), w),
            dim(),
        )),
        Line::from(""),
    ];
    if list.entries.is_empty() {
        lines.push(Line::from("No saved games yet."));
    }
    let now = yut_core::session::now_ms();
    let per = 2usize;
    let room = (area.height as usize).saturating_sub(8) / per;
    let first = list.sel.saturating_sub(room.saturating_sub(1));
    for (i, e) in list
        .entries
        .iter()
        .enumerate()
        .skip(first)
        .take(room.max(1))
    {
        let sel = i == list.sel;
        let marker = if sel { "▶ " } else { "  " };
        let head_style = if sel { hot() } else { bold() };
        match &e.status {
            EntryStatus::Good(s) | EntryStatus::Backup { summary: s, .. } => {
                let players: Vec<String> = s
                    .seats
                    .iter()
                    .map(|seat| match seat.player {
                        Player::Human => seat.name.clone(),
                        Player::Bot { level } => format!("{} (bot {})", seat.name, level.id()),
                    })
                    .collect();
                let head = format!("{} · {}", players.join(" vs "), text::preset_name(s.preset));
                let progress = if s.finished {
                    // A team's win names every member.
                    let who: Vec<&str> = s
                        .winner
                        .map(|w| {
                            s.seats
                                .iter()
                                .filter(|x| x.side == w)
                                .map(|x| x.name.as_str())
                                .collect()
                        })
                        .unwrap_or_default();
                    let who = if who.is_empty() {
                        "?".to_string()
                    } else {
                        who.join(" & ")
                    };
                    format!("finished, won by {who}")
                } else {
                    let done: Vec<String> = s
                        .seats
                        .iter()
                        .map(|x| format!("{}/{}", x.finished, s.pieces_per_player))
                        .collect();
                    let next = s
                        .to_move
                        .and_then(|m| s.seats.get(m))
                        .map_or(String::new(), |x| format!(" · {} to play", x.name));
                    // The summary counts the turns begun: at a handover the next turn
                    // has not, and "N turns · B to play" reads right either way.
                    let turns = match s.turns {
                        0 => "no turn yet".to_string(),
                        1 => "1 turn".to_string(),
                        n => format!("{n} turns"),
                    };
                    format!("{turns} · off {}{next}", done.join(" "))
                };
                let mut detail =
                    format!("{progress} · last played {}", text::age(s.updated_ms, now));
                if matches!(e.status, EntryStatus::Backup { .. }) {
                    detail.push_str(" · damaged, opens the backup");
                }
                lines.push(Line::from(vec![
                    Span::raw(marker),
                    Span::styled(fit(&head, w - 2), head_style),
                ]));
                lines.push(Line::from(Span::styled(
                    fit(&format!("    {detail}"), w),
                    dim(),
                )));
            }
            EntryStatus::Damaged(err) => {
                lines.push(Line::from(vec![
                    Span::raw(marker),
                    Span::styled(
                        fit(&format!("DAMAGED  game {}", e.id), w - 2),
                        if sel {
                            hot()
                        } else {
                            bold().fg(Color::LightRed)
                        },
                    ),
                ]));
                lines.push(Line::from(Span::styled(
                    fit(&format!("    {err}"), w),
                    Style::default().fg(Color::LightRed),
                )));
            }
        }
    }
    lines.push(Line::from(""));
    if let Some(n) = &list.note {
        lines.push(Line::from(Span::styled(fit(n, w), bold())));
    }
    if list.confirm_delete {
        lines.push(Line::from(Span::styled(
            "Delete this game for good? y yes · any other key no",
            hot(),
        )));
    }
    lines.push(Line::from(Span::styled(
        "↑↓ choose · Enter continue · d delete · Esc back · q quit",
        dim(),
    )));
    f.render_widget(Paragraph::new(lines), area);
}
