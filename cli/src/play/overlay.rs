//! The rules page drawn over any screen, and the keys every full-screen program here
//! answers before its screen does.

use super::layout::{page_height, rules_rows, RulesRow};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use yut_core::RuleSet;

/// A full-screen page drawn over the current screen.
#[derive(Clone, Debug, PartialEq)]
pub enum Overlay {
    Rules {
        rules: RuleSet,
        undo: bool,
        teams: bool,
        scroll: u16,
    },
}

impl Overlay {
    /// The page laid out for a terminal `width` columns wide.
    pub fn rows(&self, width: u16) -> Vec<RulesRow> {
        let Overlay::Rules {
            rules, undo, teams, ..
        } = self;
        rules_rows(rules, *undo, *teams, width)
    }

    /// How far the page can scroll in a terminal of `size` (columns, rows).
    pub fn max_scroll(&self, size: (u16, u16)) -> u16 {
        let rows = self.rows(size.0).len();
        u16::try_from(rows.saturating_sub(page_height(size.1))).unwrap_or(u16::MAX)
    }

    /// Scrolls the page; `false` when the key closes it (any key but scrolling, q
    /// included: q here is not "quit"). `size` is the terminal's (columns, rows).
    pub fn on_key(&mut self, key: KeyEvent, size: (u16, u16)) -> bool {
        let max = self.max_scroll(size);
        let Overlay::Rules { scroll, .. } = self;
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => *scroll = scroll.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => *scroll = (*scroll + 1).min(max),
            KeyCode::PageUp => *scroll = scroll.saturating_sub(10),
            KeyCode::PageDown | KeyCode::Char(' ') => *scroll = (*scroll + 10).min(max),
            KeyCode::End => *scroll = max,
            KeyCode::Home => *scroll = 0,
            _ => return false,
        }
        true
    }
}

/// The keys every full-screen program here answers before its screen does: Ctrl+C quits,
/// a terminal too small takes only q (nothing happens unseen), an open rules page scrolls
/// or closes. `true` when the key was used up.
pub fn first_keys(
    key: KeyEvent,
    too_small: bool,
    overlay: &mut Option<Overlay>,
    size: (u16, u16),
    quit: &mut bool,
) -> bool {
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        *quit = true;
        return true;
    }
    if too_small {
        if matches!(key.code, KeyCode::Char('q') | KeyCode::Char('Q')) {
            *quit = true;
        }
        return true;
    }
    if let Some(ov) = overlay.as_mut() {
        if !ov.on_key(key, size) {
            *overlay = None;
        }
        return true;
    }
    false
}
