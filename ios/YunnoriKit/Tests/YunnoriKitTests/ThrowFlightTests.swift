import Foundation
import Testing
import YutCore
@testable import YunnoriKit

/// A flight clock that jumps to each deadline at once, first letting the test look at the
/// screen's state while the model waits (the sticks are in the air then).
final class SteppingClock: ThrowClock, @unchecked Sendable {
    private let lock = NSLock()
    private var time: Duration = .zero
    private var asked: [Duration] = []
    private var look: (@MainActor @Sendable (Duration) -> Void)?

    var now: Duration {
        lock.lock()
        defer { lock.unlock() }
        return time
    }

    /// Every deadline slept to, in order.
    var deadlines: [Duration] {
        lock.lock()
        defer { lock.unlock() }
        return asked
    }

    /// Called on the main actor before each wait ends, with its deadline.
    func onEachWait(_ look: @escaping @MainActor @Sendable (Duration) -> Void) {
        lock.lock()
        self.look = look
        lock.unlock()
    }

    func sleep(until deadline: Duration) async throws {
        try Task.checkCancellation()
        if let look = looker() { await look(deadline) }
        reach(deadline)
    }

    private func looker() -> (@MainActor @Sendable (Duration) -> Void)? {
        lock.lock()
        defer { lock.unlock() }
        return look
    }

    private func reach(_ deadline: Duration) {
        lock.lock()
        defer { lock.unlock() }
        time = max(time, deadline)
        asked.append(deadline)
    }
}

/// The knocks the model asks the phone to play, with the flight clock's time of each.
@MainActor
final class KnockRecorder: ThrowFeedback {
    struct Knock: Equatable {
        let at: Duration
        let strength: Double
        let against: Against
    }

    let clock: SteppingClock
    private(set) var heard: [Knock] = []

    init(clock: SteppingClock) {
        self.clock = clock
    }

    func knock(strength: Double, against: Against) {
        heard.append(Knock(at: clock.now, strength: strength, against: against))
    }
}

/// What the screen showed at one moment.
struct Glimpse: Equatable {
    let at: Duration
    let inAir: Bool
    let flightID: Int?
    let resultID: Int?
    let state: UInt64?
    let hand: Int
    let canThrow: Bool
    let canMove: Bool
    let bot: BotActivity
}

@MainActor
final class Watcher {
    private(set) var seen: [Glimpse] = []
    func look(_ model: GameModel, at time: Duration) {
        let s = model.state
        seen.append(Glimpse(at: time, inAir: s.sticksInAir, flightID: s.flight?.id, resultID: s.lastThrow?.id,
                            state: s.snapshot?.state, hand: s.snapshot?.hand.count ?? 0,
                            canThrow: s.canThrow, canMove: s.canMove, bot: s.bot))
    }
}

private let mat = Mat(width: 360, height: 240)

private func stepping(_ clock: SteppingClock) -> Pacing {
    Pacing(botDelay: .zero, clock: clock, stepShown: .zero, botBudgetMs: 300)
}

/// Fresh settings for one test.
private func freshDefaults() throws -> UserDefaults {
    try #require(UserDefaults(suiteName: "yunnori-test-\(UUID().uuidString)"))
}

@MainActor
@Suite("The physical throw: flight, knocks, result", .serialized)
struct ThrowFlightTests {
    @Test("the result is withheld until the last stick settles; nothing is thrown or moved meanwhile")
    func resultWithheldUntilTheSticksSettle() async throws {
        let clock = SteppingClock()
        let model = GameModel(library: nil, pacing: stepping(clock), defaults: try freshDefaults())
        #expect(model.newGame(table(human, human, seed: 7)))
        let before = try #require(model.state.snapshot)
        let watcher = Watcher()
        clock.onEachWait { [weak model] time in
            guard let model else { return }
            watcher.look(model, at: time)
            // A second throw, a pick or an undo while the sticks fly does nothing.
            let tag = model.state.snapshot?.state
            model.throwSticks(ThrowInput.tap(mat: mat))
            model.select(.home)
            model.undo()
            #expect(model.state.snapshot?.state == tag)
            #expect(model.state.selection == nil)
            model.dismissMessage()
        }

        model.throwSticks(Swipe(mat: mat, releaseX: 170, releaseY: 200, velocityX: 80, velocityY: -1_300, spin: 0))
        // At once: in the air, no result, nothing else to do.
        #expect(model.state.sticksInAir)
        #expect(!model.state.canThrow && !model.state.canMove)
        #expect(model.state.status == .inTheAir)
        #expect(model.state.mat == .inTheAir)
        #expect(model.state.lastThrow == nil)
        let task = try #require(model.throwTask)
        await task.value

        let show = try #require(model.state.flight)
        let result = try #require(model.state.lastThrow)
        #expect(result.id == show.id)
        #expect(!model.state.sticksInAir)
        #expect(model.state.snapshot?.state != before.state, "the result is shown now")
        #expect(model.state.message == nil)

        // While it flew, the screen kept the position from before the throw.
        #expect(!watcher.seen.isEmpty)
        for glimpse in watcher.seen {
            #expect(glimpse.inAir)
            #expect(glimpse.flightID == show.id, "the flight is on the mat from the start")
            #expect(glimpse.resultID == nil, "no result at \(glimpse.at)")
            #expect(glimpse.state == before.state && glimpse.hand == 0, "no hand, no new phase")
            #expect(!glimpse.canThrow && !glimpse.canMove)
        }
        // The last wait ends when the last stick has settled.
        let lastSettle = show.flight.sticks.map(\.settleMs).max() ?? 0
        #expect(clock.deadlines.last == .milliseconds(Int(show.flight.endMs)))
        #expect(show.flight.endMs >= lastSettle)
        #expect(clock.deadlines == clock.deadlines.sorted(), "time only goes forward")
    }

    @Test("each knock plays once, at its time, scaled by its strength; never when muted")
    func knocksOncePerContact() async throws {
        let clock = SteppingClock()
        let knocks = KnockRecorder(clock: clock)
        let defaults = try freshDefaults()
        let model = GameModel(library: nil, pacing: stepping(clock), feedback: knocks, defaults: defaults)
        #expect(!model.muted, "sound on by default")
        #expect(model.newGame(table(human, human, seed: 12)))
        let hard = Swipe(mat: mat, releaseX: 180, releaseY: 210, velocityX: -150, velocityY: -1_700, spin: 3)
        await model.throwAndWait(hard)
        let flight = try #require(model.state.lastThrow).flight
        #expect(!flight.contacts.isEmpty, "sticks knock as they land")
        #expect(knocks.heard.count == flight.contacts.count, "once per contact")
        #expect(knocks.heard.map(\.at) == flight.contacts.map { .milliseconds(Int($0.atMs)) }, "each at its time")
        #expect(knocks.heard.map(\.strength) == flight.contacts.map { Double($0.strength) })
        #expect(knocks.heard.map(\.against) == flight.contacts.map(\.against))
        #expect(knocks.heard.allSatisfy { (0...1).contains($0.strength) })

        // Muted: the next throws fly as silently as they land; the setting is kept.
        model.muted = true
        let heard = knocks.heard.count
        for _ in 0..<3 {
            if model.state.canMove { model.playFirstMove() }
            if model.state.canThrow { await model.throwAndWait(hard) }
        }
        #expect(knocks.heard.count == heard, "nothing played while muted")
        #expect(GameModel(library: nil, pacing: .instant, defaults: defaults).muted, "muted stays muted")
        model.muted = false
        #expect(!GameModel(library: nil, pacing: .instant, defaults: defaults).muted)
    }

    @Test("where and how the finger lets go is where and how the sticks leave; the result is the game's")
    func theSwipeReachesTheCore() async throws {
        func thrown(_ swipe: Swipe) async throws -> ThrowShow {
            let model = GameModel(library: nil, pacing: .instant, defaults: try freshDefaults())
            #expect(model.newGame(table(human, human, seed: 31)))
            await model.throwAndWait(swipe)
            return try #require(model.state.lastThrow)
        }
        let left = Swipe(mat: mat, releaseX: 70, releaseY: 170, velocityX: 1_400, velocityY: -300, spin: 0)
        let right = Swipe(mat: mat, releaseX: 290, releaseY: 170, velocityX: -1_400, velocityY: -300, spin: 0)
        let a = try await thrown(left), b = try await thrown(right)

        func mean(_ poses: [Pose], _ key: (Pose) -> Float) -> Double {
            poses.map { Double(key($0)) }.reduce(0, +) / Double(max(poses.count, 1))
        }
        let length = Double(a.flight.size.length)
        let startA = a.flight.poses(atMs: 0), startB = b.flight.poses(atMs: 0)
        #expect(abs(mean(startA, \.x) - 70) < length, "the sticks leave from under the finger")
        #expect(abs(mean(startB, \.x) - 290) < length)
        #expect(abs(mean(startA, \.y) - 170) < length)
        // They travel the swipe's way.
        let soon = 250.0
        #expect(mean(a.flight.poses(atMs: soon), \.x) > mean(startA, \.x) + 20, "thrown to the right")
        #expect(mean(b.flight.poses(atMs: soon), \.x) < mean(startB, \.x) - 20, "thrown to the left")
        // The same game throws the same result whatever the swipe.
        #expect(a.result == b.result)
        #expect(a.report.sticks == b.report.sticks)
        #expect(a.flight != b.flight)
    }

    @Test("with Reduce Motion the result waits only for a short drop")
    func reduceMotionShortensTheWait() async throws {
        let clock = SteppingClock()
        let knocks = KnockRecorder(clock: clock)
        let model = GameModel(library: nil, pacing: stepping(clock), feedback: knocks, defaults: try freshDefaults())
        model.reduceMotion = true
        #expect(model.newGame(table(human, human, seed: 7)))
        await model.throwAndWait(Swipe(mat: mat, releaseX: 180, releaseY: 200, velocityX: 0, velocityY: -1_500, spin: 0))
        let show = try #require(model.state.flight)
        #expect(show.drop)
        #expect(model.state.lastThrow?.id == show.id)
        let wait = try #require(clock.deadlines.last)
        #expect(wait == .milliseconds(FlightShow.dropMs))
        #expect(wait < .milliseconds(Int(show.flight.endMs)), "shorter than the flight")
        #expect(wait >= .milliseconds(300) && wait <= .milliseconds(400))
        #expect(knocks.heard.count <= 1, "one soft knock as they land")
        #expect(show.poses(atMs: Double(FlightShow.dropMs)) == show.flight.restingPoses)
    }

    @Test("quick bots: kept in the settings, and a quick bot's sticks drop instead of flying")
    func quickBotsDrop() async throws {
        let defaults = try freshDefaults()
        let model = GameModel(library: nil, pacing: .instant, defaults: defaults)
        #expect(!model.quickBots, "off by default")
        model.quickBots = true
        #expect(GameModel(library: nil, pacing: .instant, defaults: defaults).quickBots, "kept across launches")
        model.mat = mat
        #expect(model.newGame(table(bot(.easy), human, seed: 9)))
        try await waitUntil("the bot's turn to end") { model.botsSettled }
        let show = try #require(model.state.flight)
        #expect(show.drop, "a quick bot's sticks drop")
    }

    @Test("a bot's throw flies too: its result waits for its sticks")
    func botThrowsFly() async throws {
        let clock = SteppingClock()
        let model = GameModel(library: nil, pacing: stepping(clock), defaults: try freshDefaults())
        model.mat = mat
        let watcher = Watcher()
        clock.onEachWait { [weak model] time in
            guard let model else { return }
            watcher.look(model, at: time)
        }
        #expect(model.newGame(table(bot(.easy), human, seed: 9)))
        try await waitUntil("the bot's turn to end") { model.botsSettled }
        let botFlights = watcher.seen.filter { $0.bot == .throwing(seat: 0) }
        #expect(!botFlights.isEmpty, "the bot's sticks were in the air")
        for glimpse in botFlights {
            #expect(glimpse.inAir)
            #expect(glimpse.flightID != nil && glimpse.resultID != glimpse.flightID, "no result in the air")
        }
        #expect(model.state.lastThrow != nil)
        #expect(model.state.flight?.flight.mat == mat, "the bot threw on the mat on screen")
    }
}
