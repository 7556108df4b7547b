//! The first screen: new game, resume, rules, quit.

use super::{bold, centred, dim, hot};
use crate::play::app::{App, MENU};
use crate::play::layout::fit;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;

pub(super) fn render_menu(app: &App, sel: usize, f: &mut Frame, area: Rect) {
    let mut lines = vec![
        Line::from(Span::styled("윷놀이  Yunnori", bold().fg(Color::Yellow))),
        Line::from(Span::styled(
            "Yut Nori, the Korean stick-throwing race",
            dim(),
        )),
        Line::from(""),
    ];
    for (i, item) in MENU.iter().enumerate() {
        let style = if i == sel { hot() } else { Style::default() };
        lines.push(Line::from(Span::styled(
            format!(" {}  {item:<20}", i + 1),
            style,
        )));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(
        "↑↓ choose · Enter open · q quit",
        dim(),
    )));
    lines.push(Line::from(Span::styled(
        fit(
            &format!("Saves: {}", app.lib.dir().display()),
            area.width as usize - 4,
        ),
        dim(),
    )));
    let box_area = centred(area, area.width.min(76), lines.len() as u16 + 2);
    f.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .block(Block::default().borders(Borders::ALL)),
        box_area,
    );
}
