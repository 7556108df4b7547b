//! The terminal's geometry as the screens and their keys both need it: the smallest
//! terminal the screens are laid out for, text cut and wrapped by terminal cells (Korean
//! syllables take two), and the rows of the rules page (the view styles them; its keys stop
//! scrolling at their end).

use super::text::{self, RulesPart};
use ratatui::text::Span;
use yut_core::RuleSet;

/// The smallest terminal the screens are laid out for.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// Cuts `s` to at most `width` terminal cells.
pub fn fit(s: &str, width: usize) -> String {
    let mut out = String::new();
    let mut used = 0;
    for ch in s.chars() {
        let w = Span::raw(ch.to_string()).width();
        if used + w > width {
            break;
        }
        used += w;
        out.push(ch);
    }
    out
}

/// Greedy word wrap by terminal cells (Korean syllables take two).
pub fn wrap_words(s: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut cur = String::new();
    for word in s.split_whitespace() {
        let cand = if cur.is_empty() {
            word.to_string()
        } else {
            format!("{cur} {word}")
        };
        if Span::raw(cand.as_str()).width() > width && !cur.is_empty() {
            lines.push(std::mem::take(&mut cur));
            cur = fit(word, width);
        } else {
            cur = fit(&cand, width);
        }
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}

/// One row of the rules page.
#[derive(Clone, Debug, PartialEq)]
pub enum RulesRow {
    Heading(String),
    /// A line of text; empty between sections.
    Text(String),
}

/// The rules page laid out for a terminal `width` columns wide (inside its frame).
pub fn rules_rows(rules: &RuleSet, undo: bool, teams: bool, width: u16) -> Vec<RulesRow> {
    let inner_w = width.saturating_sub(4).max(10) as usize;
    let mut rows = Vec::new();
    for part in text::rules_text(rules, undo, teams) {
        match part {
            RulesPart::Heading(h) => {
                if !rows.is_empty() {
                    rows.push(RulesRow::Text(String::new()));
                }
                rows.push(RulesRow::Heading(h));
            }
            RulesPart::Para(p) => {
                rows.extend(wrap_words(&p, inner_w).into_iter().map(RulesRow::Text))
            }
            RulesPart::Row(r) => rows.push(RulesRow::Text(fit(&r, inner_w))),
        }
    }
    rows
}

/// The rows of a page framed in a terminal `height` rows high.
pub fn page_height(height: u16) -> usize {
    height.saturating_sub(2) as usize
}
