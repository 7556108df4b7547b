//! The new-game form: preset, house rules, seats and teams.

use super::{bold, dim, hot, term_colour, GLYPHS};
use crate::play::layout::fit;
use crate::play::setup::{Field, SetupForm, COLOURS};
use crate::play::text;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use std::borrow::Cow;
use yut_core::rules::{CaptureBonus, Finish, FirstPlayer, Stacking};

fn onoff(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

fn field_line(form: &SetupForm, field: Field) -> (String, String, Cow<'static, str>) {
    let r = &form.rules;
    match field {
        Field::Preset => (
            "Rules".into(),
            text::preset_name(r.preset).into(),
            text::preset_blurb(r.preset).into(),
        ),
        Field::Seats => {
            let (min, max) = form.seat_range();
            (
                "Seats".into(),
                form.count.to_string(),
                format!("{min} to {max}").into(),
            )
        }
        Field::Seat(i) => {
            let s = &form.seats[i];
            let mut name = s.name.clone();
            if form.editing && form.field() == field {
                name.push('▏');
            }
            let team = if form.teams && form.teams_allowed() {
                if i % 2 == 0 {
                    "  team A"
                } else {
                    "  team B"
                }
            } else {
                ""
            };
            (
                format!("Seat {}", i + 1),
                format!(
                    "{}{}",
                    text::pad_cells(&name, 18),
                    text::player_name(s.player)
                ),
                if team.is_empty() {
                    "Enter: edit name"
                } else if i % 2 == 0 {
                    "team A · Enter: name"
                } else {
                    "team B · Enter: name"
                }
                .into(),
            )
        }
        Field::Teams => (
            "Teams".into(),
            if form.teams {
                "seats 1+3 against 2+4".into()
            } else {
                "off".into()
            },
            "partners sit opposite".into(),
        ),
        Field::BackDo => (
            "Back-Do".into(),
            onoff(r.back_do).into(),
            "marked stick".into(),
        ),
        Field::CaptureBonus => (
            "Capture bonus".into(),
            match r.capture_bonus {
                CaptureBonus::Each => "a throw per capture",
                CaptureBonus::SinglePrize => "one prize throw",
                CaptureBonus::Off => "none",
            }
            .into(),
            "".into(),
        ),
        Field::Stacking => (
            "Stacking".into(),
            match r.stacking {
                Stacking::Mandatory => "always",
                Stacking::Optional => "your choice",
                Stacking::Off => "never",
            }
            .into(),
            "own pieces meeting".into(),
        ),
        Field::Finish => (
            "Finish".into(),
            match r.finish {
                Finish::Pass => "any throw past the end",
                Finish::Exact => "exact throw only",
            }
            .into(),
            "".into(),
        ),
        Field::Pieces => (
            "Pieces".into(),
            r.pieces_per_player.to_string(),
            "per seat".into(),
        ),
        Field::FirstPlayer => (
            "Who starts".into(),
            match r.first_player {
                FirstPlayer::SeatOrder => "seat 1",
                FirstPlayer::Random => "drawn by lot",
                FirstPlayer::ThrowOff => "throw-off",
            }
            .into(),
            "".into(),
        ),
        Field::Undo => (
            "Undo".into(),
            onoff(form.undo).into(),
            "take back moves".into(),
        ),
        Field::Start => ("".into(), "[ Start the game ]".into(), "".into()),
    }
}

pub fn render_setup(form: &SetupForm, f: &mut Frame, area: Rect) {
    let mut lines = vec![Line::from(Span::styled(
        "New game",
        bold().fg(Color::Yellow),
    ))];
    lines.push(Line::from(""));
    let current = form.field();
    for field in form.fields() {
        let (label, value, hint) = field_line(form, field);
        let sel = field == current;
        let marker = if sel { "▶ " } else { "  " };
        let value_style = if sel { hot() } else { bold() };
        let value = if sel && field != Field::Start && !form.editing {
            format!("◀ {value} ▶")
        } else {
            format!("  {value}  ")
        };
        let pad = " ".repeat(34usize.saturating_sub(Span::raw(value.as_str()).width()));
        let mut spans = vec![
            Span::raw(marker),
            Span::raw(format!("{label:<14}")),
            Span::styled(value, value_style),
            Span::raw(pad),
        ];
        if let Field::Seat(i) = field {
            let colour = term_colour(COLOURS[i % COLOURS.len()]);
            spans.insert(
                1,
                Span::styled(
                    format!("{} ", GLYPHS[i % GLYPHS.len()]),
                    Style::default().fg(colour),
                ),
            );
        } else {
            spans.insert(1, Span::raw("  "));
        }
        if !hint.is_empty() {
            spans.push(Span::styled(hint, dim()));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::from(""));
    if let Some(e) = &form.error {
        lines.push(Line::from(Span::styled(
            fit(e, area.width as usize - 2),
            Style::default().fg(Color::LightRed),
        )));
    }
    let keys = if form.editing {
        "type the name · Backspace delete · Enter done"
    } else {
        "↑↓ line · ←→ change · Enter edit/start · s start · r rules · Esc back"
    };
    lines.push(Line::from(Span::styled(keys, dim())));
    f.render_widget(Paragraph::new(lines), area);
}
