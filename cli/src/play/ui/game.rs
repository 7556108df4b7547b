//! The table: who starts (the throw-off), then the game: board, sticks, hand, move list,
//! log and the keys of the moment.

use super::{bold, centred, dim, hot, term_colour, GLYPHS};
use crate::play::board::{self, BoardView, Occupant};
use crate::play::layout::{fit, wrap_words};
use crate::play::moves::{destination, from_words, Choice};
use crate::play::table::{RoomStatus, Table};
use crate::play::text;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;
use std::time::Instant;
use yut_core::game::Phase;
use yut_core::{Outcome, Spot};

fn seat_style(t: &Table, seat: usize) -> (char, Color) {
    let colour = t
        .session
        .seats()
        .get(seat)
        .map_or(Color::White, |s| term_colour(&s.colour));
    (GLYPHS[seat % GLYPHS.len()], colour)
}

fn sticks_spans(sticks: [bool; 4], nak: bool) -> Vec<Span<'static>> {
    settling_spans(sticks, nak, [true; 4])
}

/// The sticks with those still in the air drawn tumbling; the count of flat sides is given
/// only once every stick is at rest.
fn settling_spans(sticks: [bool; 4], nak: bool, settled: [bool; 4]) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for (i, flat) in sticks.iter().enumerate() {
        if !settled[i] {
            spans.push(Span::styled(" ~~~ ", dim()));
            spans.push(Span::raw(" "));
            continue;
        }
        let marked = i == 0;
        let (s, style) = match (flat, marked) {
            (true, true) => ("[=X=]", Style::default().fg(Color::LightRed)),
            (true, false) => ("[===]", Style::default().fg(Color::White)),
            (false, true) => ("(·x·)", Style::default().fg(Color::LightRed)),
            (false, false) => ("(···)", Style::default().fg(Color::Gray)),
        };
        if nak && i == 3 {
            spans.push(Span::styled(" ╱╱ ", style));
        } else {
            spans.push(Span::styled(s, style));
        }
        spans.push(Span::raw(" "));
    }
    if settled.iter().all(|s| *s) {
        let flat = sticks.iter().filter(|f| **f).count();
        spans.push(Span::styled(format!("{flat} flat"), dim()));
    }
    spans
}

pub(super) fn render_start(t: &Table, f: &mut Frame, area: Rect) {
    let names = t.names();
    let start = &t.session.start;
    let mut lines = vec![
        Line::from(Span::styled("Who starts", bold().fg(Color::Yellow))),
        Line::from(""),
    ];
    if start.throw_off.is_empty() {
        lines.push(Line::from("Drawn by lot."));
    } else {
        lines.push(Line::from("Everyone throws once; the best result starts."));
        for (k, round) in start.throw_off.iter().enumerate() {
            lines.push(Line::from(""));
            if k > 0 {
                lines.push(Line::from(Span::styled("Tied: throw again", dim())));
            }
            for th in round {
                let (glyph, colour) = seat_style(t, th.seat);
                let mut spans = vec![
                    Span::styled(format!("{glyph} "), Style::default().fg(colour)),
                    Span::raw(text::pad_cells(
                        &fit(names.get(th.seat).map_or("?", String::as_str), 16),
                        16,
                    )),
                ];
                spans.extend(sticks_spans(th.sticks, th.outcome == Outcome::Nak));
                spans.push(Span::styled(
                    format!("  {}", text::outcome_name(th.outcome)),
                    bold(),
                ));
                lines.push(Line::from(spans));
            }
        }
    }
    lines.push(Line::from(""));
    let first = names.get(start.first).cloned().unwrap_or_default();
    lines.push(Line::from(Span::styled(
        format!("{first} starts."),
        bold().fg(Color::Yellow),
    )));
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(
        "Press any key to begin · r rules · q quit",
        dim(),
    )));
    let h = (lines.len() as u16 + 2).min(area.height);
    f.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL)),
        centred(area, 70, h),
    );
}

/// What the board shows for a table: pieces, and the picked move's path and destinations.
pub fn board_view(t: &Table) -> BoardView {
    let mut v = BoardView::empty();
    let g = t.session.game();
    for st in g.stacks() {
        let station = g.station_of(st);
        let owner = st
            .counts
            .iter()
            .enumerate()
            .max_by_key(|(i, c)| (**c, std::cmp::Reverse(*i)))
            .map_or(0, |(i, _)| i);
        let (glyph, colour) = seat_style(t, owner);
        let slot = &mut v.occupants[station.index()];
        match slot {
            Some(o) => o.more = true,
            None => {
                *slot = Some(Occupant {
                    glyph,
                    colour,
                    count: st.size(),
                    more: false,
                })
            }
        }
    }
    // While the sticks are landing, a destination would give their result away.
    if t.human_to_act() && g.phase() == Phase::Move && !t.is_settling() {
        let asking = t.prompt.as_ref().map(|p| p.choice);
        for (i, c) in t.choices.iter().enumerate() {
            if asking.is_some_and(|a| a != i) {
                continue;
            }
            for lm in &c.options {
                match lm.to {
                    Spot::At(s) => {
                        let list = &mut v.targets[s.index()];
                        if !list.contains(&(i + 1)) {
                            list.push(i + 1);
                        }
                    }
                    Spot::Done => {
                        if !v.finishing.contains(&(i + 1)) {
                            v.finishing.push(i + 1);
                        }
                    }
                    Spot::Home => {}
                }
            }
        }
        if let Some(c) = t.choices.get(asking.unwrap_or(t.sel)) {
            for lm in &c.options {
                for s in &lm.path {
                    if let Spot::At(st) = s {
                        v.path[st.index()] = true;
                    }
                }
            }
            if let Spot::At(s) = c.first().mv.from {
                v.source = Some(s);
            }
        }
    }
    v
}

/// One move-list line: results used, where from, where to.
/// One list entry wrapped to the panel, its continuation lines indented under the text, so
/// a long move is read whole (its destination last) instead of cut at the edge.
fn wrap_entry(s: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    for (k, l) in wrap_words(s, width.saturating_sub(2).max(8))
        .into_iter()
        .enumerate()
    {
        out.push(if k == 0 { l } else { format!("  {l}") });
    }
    out
}

/// Which entries of a list fit in `room` lines with `sel` among them, keeping a line for
/// each "more" marker a cut list needs: (first, last), inclusive.
pub fn visible_entries(entries: &[Vec<String>], sel: usize, room: usize) -> (usize, usize) {
    let n = entries.len();
    if n == 0 {
        return (0, 0);
    }
    let sel = sel.min(n - 1);
    let height = |a: usize, b: usize| entries[a..=b].iter().map(Vec::len).sum::<usize>();
    if height(0, n - 1) <= room {
        return (0, n - 1);
    }
    // Cut: up to two marker lines.
    let room = room.saturating_sub(2).max(1);
    let mut first = 0;
    while first < sel && height(first, sel) > room {
        first += 1;
    }
    let mut last = sel;
    while last + 1 < n && height(first, last + 1) <= room {
        last += 1;
    }
    (first, last)
}

pub fn choice_line(c: &Choice) -> String {
    let lm = c.first();
    let mut from = from_words(lm);
    if lm.mv.from != Spot::Home && lm.mv.pieces > 1 {
        from = format!("{from} ({} pcs)", lm.mv.pieces);
    }
    let mut dests: Vec<String> = Vec::new();
    for o in &c.options {
        let d = destination(o);
        if !dests.contains(&d) {
            dests.push(d);
        }
    }
    let ask = if c.options.len() > 1 { " ?" } else { "" };
    // Landing on one's own pieces is marked as a capture is: the stack grows.
    let stacks = if c.options.iter().all(|o| o.mv.stack == Some(true)) {
        " stacks"
    } else {
        ""
    };
    format!(
        "{}: {from} → {}{stacks}{ask}",
        text::uses_name(&lm.mv.uses),
        dests.join(" / ")
    )
}

fn status_line(t: &Table) -> (String, Style) {
    let g = t.session.game();
    let names = t.names();
    let seat = g.to_move();
    let name = names.get(seat).cloned().unwrap_or_default();
    if g.is_over() {
        let side = g.winner();
        let winner = side
            .map(|w| text::side_name(&names, g.sides(), w))
            .unwrap_or_default();
        let team = side
            .and_then(|w| g.sides().get(w))
            .is_some_and(|s| s.len() > 1);
        let verb = if team { "win" } else { "wins" };
        return (format!("{winner} {verb}!"), hot());
    }
    if t.is_settling() {
        let thrower = t
            .last_throw
            .and_then(|th| names.get(th.seat).cloned())
            .unwrap_or(name);
        return (
            format!("{thrower} threw the sticks"),
            bold().fg(Color::Cyan),
        );
    }
    if let Some(level) = t.session.bot_to_act() {
        return (
            format!("{name} is playing ({} bot)…", text::level_name(level)),
            bold().fg(Color::Cyan),
        );
    }
    if !t.human_to_act() {
        // Online: another terminal's seat.
        let what = match g.phase() {
            Phase::Throw => "throw",
            _ => "move",
        };
        return (
            format!("Waiting for {name} to {what}…"),
            bold().fg(Color::Cyan),
        );
    }
    match g.phase() {
        Phase::Throw => (format!("{name}: press Space to throw"), hot()),
        Phase::Move if t.prompt.is_some() => (format!("{name}: answer the question"), hot()),
        Phase::Move => (
            format!("{name}: pick a move (1-{})", t.choices.len().min(9)),
            hot(),
        ),
        Phase::Over => (String::new(), Style::default()),
    }
}

/// The title line cut to the screen, its online part (room and connection) coloured.
fn title_spans(cut: &str, room: Option<&RoomStatus>) -> Vec<Span<'static>> {
    let Some(r) = room else {
        return vec![Span::styled(cut.to_string(), bold().fg(Color::Yellow))];
    };
    let room = format!(" · room {} · ", r.code);
    let Some(at) = cut.find(&room) else {
        return vec![Span::styled(cut.to_string(), bold().fg(Color::Yellow))];
    };
    let colour = if r.online {
        Color::LightGreen
    } else {
        Color::LightRed
    };
    let (head, tail) = cut.split_at(at);
    let (room, conn) = tail.split_at(room.len().min(tail.len()));
    vec![
        Span::styled(head.to_string(), bold().fg(Color::Yellow)),
        Span::styled(room.to_string(), bold()),
        Span::styled(conn.to_string(), bold().fg(colour)),
    ]
}

/// The keys while the sticks are landing: the move keys wait until they rest, so that
/// nothing on screen tells the result before the sticks do.
const SETTLING_KEYS: &str = "Space skip · r rules";

/// The key lines of an online table: no menu and no saves, leaving the room instead.
fn room_keys(t: &Table, r: &RoomStatus, w: usize) -> Vec<Line<'static>> {
    let g = t.session.game();
    let line = |s: &str| Line::from(Span::styled(fit(s, w), dim()));
    if g.is_over() {
        let again = if r.host {
            "n rematch · r rules"
        } else {
            "the host may start a rematch · r rules"
        };
        return vec![line(again), line("q leave the room")];
    }
    let undo = if r.can_undo { "u undo · " } else { "" };
    let play = match g.phase() {
        _ if !t.human_to_act() => "r rules · PgUp/PgDn log",
        _ if t.is_settling() => SETTLING_KEYS,
        Phase::Move => "1-9 Enter move · h hint · r rules",
        _ => "Space throw · r rules",
    };
    vec![line(play), line(&format!("{undo}q leave the room"))]
}

pub fn render_game(t: &Table, confirm_quit: bool, f: &mut Frame, area: Rect) {
    let g = t.session.game();
    let rules = t.session.rules();
    let names = t.names();
    // Title.
    let title = format!(
        " 윷놀이 Yunnori · {} · {} pieces · turn {}",
        text::preset_name(rules.preset),
        rules.pieces_per_player,
        t.session.turn_number()
    );
    let title = match &t.room_status {
        // Online: the room and the connection, always in sight (the rules are in r).
        Some(r) => format!(
            " 윷놀이 turn {} · room {} · {}",
            t.session.turns().max(1),
            r.code,
            r.connection
        ),
        None => title,
    };
    let cut = fit(&title, area.width as usize);
    f.render_widget(
        Paragraph::new(Line::from(title_spans(&cut, t.room_status.as_ref()))),
        Rect::new(area.x, area.y, area.width, 1),
    );
    let board_area = Rect::new(
        area.x,
        area.y + 1,
        board::WIDTH,
        board::HEIGHT.min(area.height - 1),
    );
    board::draw(f.buffer_mut(), board_area, &board_view(t));
    let px = area.x + board::WIDTH + 1;
    let pw = area.width.saturating_sub(board::WIDTH + 1);
    let panel = Rect::new(px, area.y + 1, pw, area.height - 1);
    let w = pw as usize;
    let mut top: Vec<Line> = Vec::new();
    // Seats: who plays, waiting and finished pieces.
    for seat in 0..g.seats() {
        let (glyph, colour) = seat_style(t, seat);
        let turn = !g.is_over() && g.to_move() == seat;
        let marker = if turn { "▶" } else { " " };
        let name = fit(names.get(seat).map_or("?", String::as_str), 15);
        let team = if t.has_teams() {
            format!("{}", (b'A' + g.side_of(seat) as u8) as char)
        } else {
            String::new()
        };
        let name_style = if turn {
            bold().fg(colour)
        } else {
            Style::default().fg(colour)
        };
        top.push(Line::from(vec![
            Span::styled(marker, bold().fg(Color::Yellow)),
            Span::styled(format!("{glyph}"), Style::default().fg(colour)),
            Span::styled(format!("{team}{}", text::pad_cells(&name, 15)), name_style),
            Span::raw(format!(" wait {} off {}", g.home(seat), g.done(seat))),
        ]));
        // Online: who is away, and who plays for them.
        if let Some(mark) = t.room_status.as_ref().and_then(|r| r.marks.get(seat)) {
            if !mark.is_empty() {
                top.push(Line::from(Span::styled(
                    fit(&format!("   {mark}"), w),
                    dim(),
                )));
            }
        }
    }
    let (status, style) = if confirm_quit && t.room_status.is_some() {
        ("Leave the room? q/y leave · other: stay".to_string(), hot())
    } else if confirm_quit {
        ("Quit? q/y quit · Esc menu · other: stay".to_string(), hot())
    } else {
        status_line(t)
    };
    top.push(Line::from(Span::styled(fit(&status, w), style)));
    let now = Instant::now();
    let settling = t.settling.as_ref();
    if let (Some(s), Some(th)) = (settling, &t.last_throw) {
        // The throw is still in the air: nothing of its result shows yet.
        let settled = s.settled(now);
        let resting = settled.iter().filter(|s| **s).count();
        top.push(Line::from(Span::styled(
            format!("The sticks are landing… {resting} of 4 at rest"),
            dim(),
        )));
        top.push(Line::from(settling_spans(
            th.sticks,
            th.outcome == Outcome::Nak,
            settled,
        )));
        top.push(Line::from(Span::styled("Space: skip", dim())));
    } else if !g.is_over() {
        let hand: Vec<String> = g.hand().iter().map(|h| text::throw_name(h.throw)).collect();
        let room = w.saturating_sub(16);
        let hand = if hand.is_empty() {
            "-".to_string()
        } else if text::cells(&hand.join(", ")) <= room {
            hand.join(", ")
        } else {
            // A long hand in the Korean names alone, so every result stays readable.
            g.hand()
                .iter()
                .map(|h| h.throw.korean())
                .collect::<Vec<_>>()
                .join(" ")
        };
        top.push(Line::from(vec![
            Span::styled("Owed ", dim()),
            Span::styled(g.owed().to_string(), bold()),
            Span::styled("  In hand ", dim()),
            Span::styled(fit(&hand, w.saturating_sub(16)), bold()),
        ]));
    }
    match &t.last_throw {
        _ if settling.is_some() => {}
        Some(th) => {
            top.push(Line::from(sticks_spans(
                th.sticks,
                th.outcome == Outcome::Nak,
            )));
            let who = names.get(th.seat).cloned().unwrap_or_default();
            let what = match th.outcome {
                Outcome::Result(r) => {
                    format!("{} · {}", text::throw_name(r), text::throw_effect(r))
                }
                Outcome::Nak => "낙 Nak · void".to_string(),
            };
            top.push(Line::from(vec![
                Span::styled(format!("{}: ", fit(&who, 14)), dim()),
                Span::styled(what, bold().fg(Color::Yellow)),
            ]));
        }
        None => {
            top.push(Line::from(Span::styled("(no throw yet)", dim())));
            top.push(Line::from(""));
        }
    }
    let keys: Vec<Line> = if let Some(r) = &t.room_status {
        room_keys(t, r, w)
    } else if g.is_over() {
        vec![
            Line::from(Span::styled(
                fit("v review · n new game · Enter menu", w),
                dim(),
            )),
            Line::from(Span::styled(fit("r rules · q quit (saved)", w), dim())),
        ]
    } else {
        let undo = if t.session.can_undo() {
            "u undo · "
        } else {
            ""
        };
        let play = match g.phase() {
            _ if t.is_settling() => SETTLING_KEYS,
            Phase::Move if t.human_to_act() => "1-9 Enter move · h hint · r rules",
            _ => "Space throw · r rules",
        };
        vec![
            Line::from(Span::styled(fit(play, w), dim())),
            Line::from(Span::styled(
                fit(&format!("{undo}Esc menu · q quit (saved)"), w),
                dim(),
            )),
        ]
    };
    let top_h = top.len() as u16;
    let keys_h = keys.len() as u16;
    f.render_widget(
        Paragraph::new(top),
        Rect::new(panel.x, panel.y, panel.width, top_h),
    );
    // Middle: the question, the move list, or the final places; the log gets the rest.
    let free = panel.height.saturating_sub(top_h + keys_h + 1) as usize;
    let room = free.saturating_sub(3).max(1);
    let mut lines: Vec<Line> = vec![Line::from(Span::styled("─".repeat(w), dim()))];
    if g.is_over() {
        for (k, side) in g.places().iter().enumerate() {
            lines.push(Line::from(fit(
                &format!(
                    "{}. {}",
                    k + 1,
                    text::side_name(&names, g.sides(), *side as usize)
                ),
                w,
            )));
        }
    } else if let Some(p) = &t.prompt {
        for l in wrap_words(&p.question, w) {
            lines.push(Line::from(Span::styled(l, bold())));
        }
        for (i, a) in p.answers.iter().enumerate() {
            let style = if i == p.sel { hot() } else { Style::default() };
            for l in wrap_entry(&format!("{} {}", i + 1, a.label), w) {
                lines.push(Line::from(Span::styled(l, style)));
            }
        }
        lines.push(Line::from(Span::styled(
            "Enter/number pick · Esc back",
            dim(),
        )));
    } else if t.human_to_act() && g.phase() == Phase::Move && settling.is_none() {
        let entries: Vec<Vec<String>> = t
            .choices
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let mark = if t.hint.is_some_and(|(h, _)| h == i) {
                    "★ "
                } else {
                    ""
                };
                let chance = match t.chances.get(i) {
                    Some(Some(p)) => format!("{:.0}% ", p * 100.0),
                    _ => String::new(),
                };
                // The selected entry carries a marker as well as its colour.
                let cursor = if i == t.sel { "▶" } else { " " };
                wrap_entry(
                    &format!("{cursor}{} {mark}{chance}{}", i + 1, choice_line(c)),
                    w,
                )
            })
            .collect();
        let (first, last) = visible_entries(&entries, t.sel, room);
        if first > 0 {
            lines.push(Line::from(Span::styled(format!("↑ {first} more"), dim())));
        }
        for (i, entry) in entries.iter().enumerate().take(last + 1).skip(first) {
            let style = if i == t.sel { hot() } else { Style::default() };
            for l in entry {
                lines.push(Line::from(Span::styled(l.clone(), style)));
            }
        }
        let below = entries.len().saturating_sub(last + 1);
        if below > 0 {
            lines.push(Line::from(Span::styled(format!("↓ {below} more"), dim())));
        }
    }
    lines.truncate(room + 1);
    let mid_h = lines.len() as u16;
    let mid = Rect::new(panel.x, panel.y + top_h, panel.width, mid_h);
    f.render_widget(Paragraph::new(lines), mid);
    // The log: the latest announcements, wrapped, newest at the bottom.
    let log_h = panel.height.saturating_sub(top_h + mid_h + keys_h);
    let log_area = Rect::new(panel.x, mid.y + mid_h, panel.width, log_h);
    let mut log: Vec<Line> = Vec::new();
    let mut want = log_h as usize;
    if t.save_error.is_some() {
        want = want.saturating_sub(1);
    }
    let back = t.log_back.min(t.log.len().saturating_sub(1));
    if back > 0 {
        want = want.saturating_sub(1);
    }
    for entry in t.log.iter().rev().skip(back) {
        if log.len() >= want {
            break;
        }
        let mut wrapped = wrap_words(entry, w.saturating_sub(2));
        for (k, l) in wrapped.iter_mut().enumerate() {
            if k > 0 {
                l.insert_str(0, "  ");
            }
        }
        for l in wrapped.into_iter().rev() {
            if log.len() < want {
                log.push(Line::from(l));
            }
        }
    }
    log.reverse();
    if back > 0 {
        log.push(Line::from(Span::styled(
            fit(&format!("↓ {back} newer · PgDn"), w),
            dim(),
        )));
    }
    if let Some(e) = &t.save_error {
        log.insert(
            0,
            Line::from(Span::styled(
                fit(&format!("Not saved: {e}"), w),
                Style::default().fg(Color::LightRed),
            )),
        );
    }
    f.render_widget(Paragraph::new(log), log_area);
    f.render_widget(
        Paragraph::new(keys),
        Rect::new(
            panel.x,
            panel.y + panel.height.saturating_sub(keys_h),
            panel.width,
            keys_h,
        ),
    );
}
