import Foundation
import Testing
import YutCore
@testable import YunnoriKit

/// The 말판's look that the board view draws from: a sheet of paper that is the same every
/// time, and arrows that show a first-time player where pieces come on and go home.
@Suite("The board's paper and its way-on and way-home arrows")
struct BoardLookTests {
    @Test("the paper is the same sheet every time, and its grain lies on it")
    func paperIsStable() {
        let sheet = PaperGrain()
        #expect(sheet == PaperGrain())
        #expect(sheet != PaperGrain(seed: 7))
        #expect(sheet.fibres.count == 170 && sheet.clouds.count == 22)
        let left = -PaperGrain.margin, right = 1 + PaperGrain.margin
        let top = -PaperGrain.margin, bottom = 1 + PaperGrain.foot
        for f in sheet.fibres {
            #expect(f.a.x >= left && f.a.x <= right && f.a.y >= top && f.a.y <= bottom)
            #expect(f.opacity > 0 && f.opacity < 0.2 && f.width > 0)
        }
        for c in sheet.clouds {
            #expect(c.centre.x >= left && c.centre.x <= right && c.centre.y >= top && c.centre.y <= bottom)
        }
    }

    @Test("the way on leaves the start corner towards station 1, the way home comes into it from 19")
    func arrows() throws {
        let board = BoardGeometry()
        let (on, home) = try #require(board.wayOnAndHome)
        let start = try #require(board.point(ofStation: board.layout.startStation))
        let first = try #require(board.point(ofStation: "1"))
        let last = try #require(board.point(ofStation: "19"))
        func along(_ a: BoardGeometry.Arrow, _ from: PathMotion.Point, _ to: PathMotion.Point) -> Double {
            (a.to.x - a.from.x) * (to.x - from.x) + (a.to.y - a.from.y) * (to.y - from.y)
        }
        #expect(along(on, start, first) > 0, "the way on points from the corner to station 1")
        #expect(along(home, last, start) > 0, "the way home points from station 19 into the corner")
        for p in [on.from, on.to, home.from, home.to] {
            #expect(p.x > 0 && p.x < 1 && p.y > 0 && p.y < 1, "inside the board: \(p)")
        }
    }

    @Test("a win's confetti leaves the centre upwards, falls back and is gone at the end")
    func confetti() {
        let confetti = Confetti()
        #expect(confetti == Confetti() && confetti.pieces.count == 48)
        for piece in confetti.pieces {
            let start = confetti.place(of: piece, at: 0)
            #expect(start.x == 0.5 && start.y == 0.5 && start.opacity == 1)
            #expect(confetti.place(of: piece, at: 1).opacity == 0, "gone at the end")
        }
        let early = confetti.pieces.map { confetti.place(of: $0, at: 0.1).y }
        #expect(early.filter { $0 < 0.5 }.count > 40, "thrown up first")
        let late = confetti.pieces.map { confetti.place(of: $0, at: 0.9).y }
        #expect(late.filter { $0 > 0.5 }.count > 40, "then fallen")
    }
}
