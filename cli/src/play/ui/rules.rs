//! The rules page, drawn over any screen.

use super::bold;
use crate::play::layout::{page_height, RulesRow};
use crate::play::overlay::Overlay;
use ratatui::layout::Rect;
use ratatui::style::Color;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use ratatui::Frame;

pub fn render_overlay(ov: &Overlay, f: &mut Frame, area: Rect) {
    let Overlay::Rules { scroll, .. } = ov;
    f.render_widget(Clear, area);
    let rows = ov.rows(area.width);
    let view_h = page_height(area.height);
    let max_scroll = rows.len().saturating_sub(view_h);
    let s = (*scroll as usize).min(max_scroll);
    let shown: Vec<Line> = rows
        .into_iter()
        .skip(s)
        .take(view_h)
        .map(|row| match row {
            RulesRow::Heading(h) => Line::from(Span::styled(h, bold().fg(Color::Yellow))),
            RulesRow::Text(t) => Line::from(t),
        })
        .collect();
    let more = if s < max_scroll { " ↓ more" } else { "" };
    let block = Block::default().borders(Borders::ALL).title(Span::styled(
        format!(" Rules · ↑↓ scroll · Esc close{more} "),
        bold(),
    ));
    f.render_widget(Paragraph::new(shown).block(block), area);
}
