//! Drawing: `render(&App, &mut Frame)` is a pure function of the app state, so tests can
//! draw into a `TestBackend` and read the text back.
//!
//! Everything is laid out for 80×24, the smallest terminal we support; bigger terminals
//! give the move list and the log more rows.
//!
//! A file per screen: `menu`, `setup` (the new-game form), `resume` (the saved games),
//! `game` (who starts, then the table), and `rules` (the page over any screen).

pub mod game;
mod menu;
mod resume;
mod rules;
mod setup;

pub use game::render_game;
pub use rules::render_overlay;
pub use setup::render_setup;

use game::render_start;
use menu::render_menu;
use resume::render_resume;

use crate::play::app::{App, Screen};
use crate::play::layout::{wrap_words, MIN_HEIGHT, MIN_WIDTH};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;
use ratatui::Frame;

/// Glyphs per seat, so seats differ by shape as well as colour.
/// One symbol per seat; none is the hint's ★.
pub const GLYPHS: [char; 6] = ['●', '▲', '■', '◆', '▼', '✚'];

pub fn bold() -> Style {
    Style::default().add_modifier(Modifier::BOLD)
}
pub fn dim() -> Style {
    Style::default().fg(Color::DarkGray)
}
pub fn hot() -> Style {
    Style::default()
        .fg(Color::Black)
        .bg(Color::Yellow)
        .add_modifier(Modifier::BOLD)
}

/// A saved `#RRGGBB` colour as one of the terminal's basic colours (nearest by RGB): every
/// terminal shows those, unlike 24-bit colour.
pub fn term_colour(hex: &str) -> Color {
    let parse = |i: usize| {
        hex.get(i..i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .map(i32::from)
    };
    let (Some(r), Some(g), Some(b)) = (parse(1), parse(3), parse(5)) else {
        return Color::White;
    };
    const PALETTE: [(Color, (i32, i32, i32)); 6] = [
        (Color::LightRed, (220, 50, 50)),
        (Color::LightGreen, (40, 170, 70)),
        (Color::Yellow, (240, 200, 40)),
        (Color::LightBlue, (30, 110, 220)),
        (Color::LightMagenta, (190, 60, 190)),
        (Color::LightCyan, (30, 180, 200)),
    ];
    PALETTE
        .iter()
        .min_by_key(|(_, (pr, pg, pb))| (r - pr).pow(2) + (g - pg).pow(2) + (b - pb).pow(2))
        .map_or(Color::White, |(c, _)| *c)
}

/// Draws the whole screen.
pub fn render(app: &App, f: &mut Frame) {
    let area = f.area();
    if too_small(f, "yut play", "quit (the game is saved)") {
        return;
    }
    match &app.screen {
        Screen::Menu { sel } => render_menu(app, *sel, f, area),
        Screen::Setup(form) => render_setup(form, f, area),
        Screen::Resume(_) => render_resume(app, f, area),
        Screen::Start => match &app.table {
            Some(t) => render_start(t, f, area),
            None => render_menu(app, 0, f, area),
        },
        Screen::Game => match &app.table {
            Some(t) => render_game(t, app.confirm_quit, f, area),
            None => render_menu(app, 0, f, area),
        },
    }
    if let Some(ov) = &app.overlay {
        render_overlay(ov, f, area);
    }
}

/// When the terminal is below the smallest size the screens are laid out for, draws the
/// notice asking for a bigger window (what `program` needs, what q does) and says so.
pub fn too_small(f: &mut Frame, program: &str, q_does: &str) -> bool {
    let area = f.area();
    if area.width >= MIN_WIDTH && area.height >= MIN_HEIGHT {
        return false;
    }
    let msg = format!(
        "This terminal is {}×{}; {program} needs at least {MIN_WIDTH}×{MIN_HEIGHT}. \
         Enlarge the window, or press q to {q_does}.",
        area.width, area.height
    );
    let lines: Vec<Line> = wrap_words(&msg, area.width.max(10) as usize)
        .into_iter()
        .map(Line::from)
        .collect();
    f.render_widget(Paragraph::new(lines), area);
    true
}

pub fn centred(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}
