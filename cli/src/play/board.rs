//! Draws the 29-station board into a ratatui buffer: the square and its two diagonals
//! from the core's unit-square coordinates, corners and centre as larger boxes, pieces in
//! their seat's colour with a count, and the destinations of the legal moves.
//!
//! Terminal cells are about twice as tall as wide, so the square is 2·H columns by H rows;
//! diagonal stations are placed on the drawn diagonal rather than by rounding their
//! coordinates, so lines and stations always meet.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use yut_core::Station;

/// Rows between the top and bottom edges of the square.
pub const H: u16 = 20;
/// Columns between the left and right edges of the square.
pub const W: u16 = 2 * H;
/// Cells the board needs: the square plus the corner boxes sticking out of it.
pub const WIDTH: u16 = W + 5;
pub const HEIGHT: u16 = H + 3;

/// What stands on a station, as drawn: glyph, colour and number of pieces.
#[derive(Clone, Debug, PartialEq)]
pub struct Occupant {
    pub glyph: char,
    pub colour: Color,
    pub count: u8,
    /// More groups share the station (stacking off, safe stations).
    pub more: bool,
}

/// Everything the board shows, per station (indexed by `Station::index`).
#[derive(Clone, Debug, Default)]
pub struct BoardView {
    pub occupants: Vec<Option<Occupant>>,
    /// Move-list numbers that end on the station.
    pub targets: Vec<Vec<usize>>,
    /// Stations on the path of the picked move.
    pub path: Vec<bool>,
    /// The station the picked move starts from.
    pub source: Option<Station>,
    /// Move-list numbers that take pieces off the board.
    pub finishing: Vec<usize>,
}

impl BoardView {
    pub fn empty() -> BoardView {
        BoardView {
            occupants: vec![None; 29],
            targets: vec![Vec::new(); 29],
            path: vec![false; 29],
            source: None,
            finishing: Vec::new(),
        }
    }
}

/// Where a station is drawn, relative to the square's top-left corner.
pub fn cell_of(s: Station) -> (u16, u16) {
    let (x, y) = s.coordinates();
    let row = (y * H as f32).round() as u16;
    let on_main_diagonal = (x - y).abs() < 1e-3;
    let on_anti_diagonal = (x + y - 1.0).abs() < 1e-3;
    let col = if s.index() >= 20 && on_main_diagonal {
        row * W / H
    } else if s.index() >= 20 && on_anti_diagonal {
        W - row * W / H
    } else {
        (x * W as f32).round() as u16
    };
    (col, row)
}

/// Where a small station's id is written: inside the square beside a side station (above
/// the top edge and below the bottom one, where a piece's count cannot run into it), and
/// clear of a piece's three cells beside a diagonal one.
pub fn id_cell(s: Station) -> (i32, i32) {
    let (col, row) = cell_of(s);
    let (col, row) = (i32::from(col), i32::from(row));
    let (w, h) = (i32::from(W), i32::from(H));
    match s.index() {
        0..=4 => (w - 2, row),
        5..=9 => (col, -1),
        10..=14 => (3, row),
        15..=19 => (col, h + 1),
        _ => (col + 3, row),
    }
}

struct Canvas<'a> {
    buf: &'a mut Buffer,
    area: Rect,
    ox: u16,
    oy: u16,
}

impl Canvas<'_> {
    /// Writes `s` at square coordinates (col, row), clipped to the board area.
    fn put(&mut self, col: i32, row: i32, s: &str, style: Style) {
        let x = self.ox as i32 + col;
        let y = self.oy as i32 + row;
        if y < self.area.top() as i32 || y >= self.area.bottom() as i32 {
            return;
        }
        if x < self.area.left() as i32 || x >= self.area.right() as i32 {
            return;
        }
        let room = (self.area.right() as i32 - x) as usize;
        self.buf.set_stringn(x as u16, y as u16, s, room, style);
    }
}

/// Draws the board at the top of `area` (at least `WIDTH`×`HEIGHT`), centred across it.
pub fn draw(buf: &mut Buffer, area: Rect, view: &BoardView) {
    let ox = area.x + area.width.saturating_sub(WIDTH) / 2 + 2;
    let oy = area.y + 1;
    let mut c = Canvas { buf, area, ox, oy };
    let line = Style::default().fg(Color::DarkGray);
    // The square.
    for col in 0..=W as i32 {
        c.put(col, 0, "─", line);
        c.put(col, H as i32, "─", line);
    }
    for row in 0..=H as i32 {
        c.put(0, row, "│", line);
        c.put(W as i32, row, "│", line);
    }
    // The diagonals, one cell per row, two columns per row.
    for row in 1..H as i32 {
        let k = row * (W / H) as i32;
        c.put(k, row, "╲", line);
        c.put(W as i32 - k, row, "╱", line);
    }
    // Corner and centre names, inside the square beside their boxes.
    let label = Style::default().fg(Color::Gray);
    c.put(W as i32 - 8, 2, "모", label);
    c.put(6, 2, "뒷모", label);
    c.put(6, H as i32 - 2, "찌모", label);
    c.put(W as i32 - 11, H as i32 - 1, "참먹이", label);
    c.put(W as i32 / 2 + 3, H as i32 / 2 + 1, "방", label);
    // Station ids, as the moves and the log name them, beside each small station (the
    // corners and the centre carry their names instead); drawn before the stations so a
    // move's number may cover one.
    for s in Station::all().filter(|s| !s.is_corner_or_center()) {
        let (col, row) = id_cell(s);
        c.put(col, row, &s.id(), Style::default().fg(Color::DarkGray));
    }
    if !view.finishing.is_empty() {
        let nums: Vec<String> = view.finishing.iter().map(|n| n.to_string()).collect();
        c.put(
            W as i32 - 20,
            H as i32 - 2,
            &format!("off: {}", nums.join(" ")),
            Style::default()
                .fg(Color::Black)
                .bg(Color::Yellow)
                .add_modifier(Modifier::BOLD),
        );
    }
    // Stations on top of the lines.
    for s in Station::all() {
        let (col, row) = cell_of(s);
        let (col, row) = (col as i32, row as i32);
        let i = s.index();
        let big = s.is_corner_or_center();
        let on_path = view.path.get(i).copied().unwrap_or(false);
        let frame = if on_path {
            Style::default().fg(Color::Yellow)
        } else {
            Style::default().fg(Color::White)
        };
        if big {
            c.put(col - 2, row - 1, "╭───╮", frame);
            c.put(col - 2, row, "│   │", frame);
            c.put(col - 2, row + 1, "╰───╯", frame);
        }
        let targets = view.targets.get(i).map(Vec::as_slice).unwrap_or(&[]);
        let occupant = view.occupants.get(i).and_then(Option::as_ref);
        let target_style = Style::default()
            .fg(Color::Black)
            .bg(Color::Yellow)
            .add_modifier(Modifier::BOLD);
        // Inside a box there are three cells; a small station gets up to three cells
        // starting on its point.
        let at = if big { col - 1 } else { col };
        let mut number = targets.first().map(|n| n.to_string()).unwrap_or_default();
        if targets.len() > 1 {
            number.push('+');
        }
        match occupant {
            Some(o) => {
                let mut style = Style::default().fg(o.colour).add_modifier(Modifier::BOLD);
                if !targets.is_empty() {
                    style = style.bg(Color::Yellow);
                }
                if view.source == Some(s) {
                    style = style.add_modifier(Modifier::REVERSED);
                }
                let mut txt = format!("{}{}", o.glyph, o.count);
                if o.more {
                    txt.push('+');
                }
                c.put(at, row, &txt, style);
            }
            None if !targets.is_empty() && !big => c.put(at, row, &number, target_style),
            None => {
                let dot = if big { " ◎ " } else { "○" };
                let style = if on_path {
                    Style::default().fg(Color::Yellow)
                } else {
                    Style::default().fg(Color::Gray)
                };
                c.put(at, row, dot, style);
            }
        }
        // The number of a move that lands on a box, or on pieces, goes just above them
        // so it never reads as part of a piece count.
        if !targets.is_empty() && (big || occupant.is_some()) {
            c.put(col, row - 1, &number, target_style);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stations_get_distinct_cells_on_their_lines() {
        let mut cells: Vec<(u16, u16)> = Station::all().map(cell_of).collect();
        assert_eq!(cell_of(Station::CHAMMEOGI), (W, H));
        assert_eq!(cell_of(Station::MO), (W, 0));
        assert_eq!(cell_of(Station::C), (W / 2, H / 2));
        // Diagonal stations sit on the drawn diagonal: col = 2·row or W − 2·row.
        for s in [Station::D1, Station::D2, Station::S2, Station::S1] {
            let (c, r) = cell_of(s);
            assert_eq!(c, 2 * r, "{s}");
        }
        for s in [Station::M1, Station::M2, Station::J2, Station::J1] {
            let (c, r) = cell_of(s);
            assert_eq!(c, W - 2 * r, "{s}");
        }
        cells.sort();
        cells.dedup();
        assert_eq!(cells.len(), 29);
    }

    /// The board as text, one string per row.
    fn rows(view: &BoardView) -> Vec<String> {
        let area = Rect::new(0, 0, WIDTH, HEIGHT);
        let mut buf = Buffer::empty(area);
        draw(&mut buf, area, view);
        (0..HEIGHT)
            .map(|y| {
                (0..WIDTH)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect()
            })
            .collect()
    }

    #[test]
    fn every_small_station_shows_the_id_the_moves_use_beside_it() {
        let board = rows(&BoardView::empty());
        let ox = 2;
        let oy = 1;
        for s in Station::all().filter(|s| !s.is_corner_or_center()) {
            let (col, row) = id_cell(s);
            let (x, y) = ((ox + col) as usize, (oy + row) as usize);
            let line: Vec<char> = board[y].chars().collect();
            let shown: String = line[x..x + s.id().chars().count()].iter().collect();
            assert_eq!(shown, s.id(), "{s} on row {y}: {}", board[y]);
            // Beside its station: within four cells of it, on its row or the next one out.
            let (sc, sr) = cell_of(s);
            assert!(
                (col - i32::from(sc)).abs() <= 4 && (row - i32::from(sr)).abs() <= 1,
                "{s}"
            );
        }
        // Every id appears once on the whole board: none is written over another.
        let text = board.join("\n");
        for s in Station::all().filter(|s| !s.is_corner_or_center()) {
            let id = s.id();
            let count = board
                .iter()
                .map(|r| {
                    r.split(|c: char| !c.is_ascii_alphanumeric())
                        .filter(|w| *w == id)
                        .count()
                })
                .sum::<usize>();
            assert_eq!(count, 1, "{id} in\n{text}");
        }
    }

    #[test]
    fn a_piece_on_a_station_leaves_its_id_readable() {
        let mut view = BoardView::empty();
        for s in Station::all() {
            view.occupants[s.index()] = Some(Occupant {
                glyph: '●',
                colour: Color::Red,
                count: 4,
                more: true,
            });
        }
        let board = rows(&view);
        for s in Station::all().filter(|s| !s.is_corner_or_center()) {
            let (col, row) = id_cell(s);
            let line: Vec<char> = board[(1 + row) as usize].chars().collect();
            let at = (2 + col) as usize;
            let shown: String = line[at..at + s.id().chars().count()].iter().collect();
            assert_eq!(shown, s.id(), "{s}: {}", board[(1 + row) as usize]);
        }
    }
}
