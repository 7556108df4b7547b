import Foundation
import Testing
import YutCore
@testable import YunnoriKit

/// What the phone was asked to do, in order.
@MainActor
final class RecordingPlayer: ShellPlayer {
    enum Done: Equatable {
        case knock(strength: Double, against: Against, after: TimeInterval)
        case haptic(HapticKind)
        case announce([SpeechPart])
        case share(URL)
        case open(URL)
    }

    private(set) var done: [Done] = []

    func knock(strength: Double, against: Against, after delay: TimeInterval) {
        done.append(.knock(strength: strength, against: against, after: delay))
    }
    func haptic(_ kind: HapticKind) { done.append(.haptic(kind)) }
    func announce(_ speech: [SpeechPart]) { done.append(.announce(speech)) }
    func share(_ link: URL) { done.append(.share(link)) }
    func open(_ url: URL) { done.append(.open(url)) }

    var haptics: [HapticKind] { done.compactMap { if case .haptic(let k) = $0 { k } else { nil } } }
    var knocks: Int { done.filter { if case .knock = $0 { true } else { false } }.count }
}

/// The adapter over the app core (`AppModel`, `ShellRelay`, `EffectExecutor`): what is sent
/// reaches the core, its views and effects reach the main actor in its order, effects are
/// performed on the phone, and the background's last saves are waited for. What the core
/// decides is tested in Rust (app/tests/journeys.rs).
@MainActor
@Suite("The app over its core: views, effects, the background", .serialized)
struct AppModelTests {
    /// Two people at a seeded table.
    private func start(_ model: AppModel) async throws -> String {
        model.send(.startGame(setup: table(human, human, seed: 7)))
        try await waitUntil("the table") { model.view.screen == .table && model.view.table != nil }
        return try #require(model.view.table?.gameId)
    }

    @Test("the view follows what is sent: the form, the table, a throw whose result shows once its sticks land")
    func viewFollowsTheCore() async throws {
        let player = RecordingPlayer()
        // A phone clock long behind the core's, so that no knock counts as late however
        // busy the machine (lateness is `effectsOnThePhone`'s).
        let model = AppModel(directory: try tempDir(), player: player, clock: { Date(timeIntervalSince1970: 0) })
        defer { model.shutdown() }
        #expect(model.launchProblem == nil)
        #expect(model.view.screen == .menu && model.view.menu.continueId == nil)
        model.send(.open(screen: .newGame))
        try await waitUntil("the new-game form") { model.view.screen == .newGame && model.view.form != nil }
        model.send(.back)
        try await waitUntil("the menu again") { model.view.screen == .menu }

        _ = try await start(model)
        #expect(model.view.table?.canThrow == true)
        model.act(.throwTap)
        try await waitUntil("the sticks in the air") { model.view.table?.throw != nil }
        let flying = try #require(model.view.table?.throw)
        try await waitUntil("the result, once the sticks land") { model.view.table?.throw?.outcome != nil }
        let landed = UInt64(Date().timeIntervalSince1970 * 1000)
        #expect(landed + 50 >= flying.landsAtMs, "the result came before the sticks landed")
        #expect(player.haptics.first == .thrown, "the throw's haptic, first")
        #expect(player.knocks == flying.flight.contacts.count, "each contact knocked once: \(player.done)")
        #expect(model.view.table?.canMove == true || model.view.table?.canThrow == true)
    }

    @Test("the core's reports reach the main actor in its order; of a batch of views the last is drawn")
    func relayKeepsTheOrder() async throws {
        let relay = ShellRelay()
        var heard: [ShellRelay.News] = []
        relay.deliver = { heard.append(contentsOf: $0) }
        // Reports from a thread of the core's, as fast as it can make them.
        let views = (1...40).map { i in
            AppView(version: UInt64(i), screen: .menu, menu: MenuState(continueId: "game-\(i)", tableOpen: false),
                    form: nil, table: nil, saved: AppModel.blank.saved, settings: AppModel.blank.settings,
                    rules: nil, message: nil, online: AppModel.blank.online)
        }
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for view in views {
                relay.onView(view: view)
                relay.onEffects(effects: [.haptic(kind: .moved)])
            }
            done.signal()
        }
        try await waitUntil("every report") { heard.count == 80 }
        done.wait()
        let order = heard.map { news -> String in
            switch news {
            case .view(let v): "v\(v.version)"
            case .effects: "e"
            }
        }
        #expect(order == (1...40).flatMap { ["v\($0)", "e"] })

        // The model draws the last view of a batch, and a view that only moved its version
        // on is not news.
        let model = AppModel(previewing: AppModel.blank)
        model.take([.view(views[3]), .view(views[9])])
        #expect(model.view.menu.continueId == "game-10")
        let same = AppView(version: 99, screen: .menu, menu: views[9].menu, form: nil, table: nil,
                           saved: views[9].saved, settings: views[9].settings, rules: nil, message: nil,
                           online: views[9].online)
        model.take([.view(same)])
        #expect(model.view.version == 10, "redrawn for nothing")
    }

    @Test("a knock plays at its time, a little early when the timer woke early, never late; the rest as said")
    func effectsOnThePhone() throws {
        let player = RecordingPlayer()
        let now = Date(timeIntervalSince1970: 1_000)
        let executor = EffectExecutor(player: player, clock: { now })
        let at = { (s: Double) in UInt64((1_000 + s) * 1000) }
        executor.perform([
            .cue(atMs: at(0.2), strength: 0.5, against: .mat),
            .cue(atMs: at(-0.1), strength: 2, against: .floor),
            .cue(atMs: at(-0.5), strength: 0.9, against: .stick(other: 1)),
            .haptic(kind: .captured),
            .announce(speech: [.undone]),
            .share(link: "https://yunnori.example/room/ABCDEF"),
            .openUrl(url: "yunnori://room/ABCDEF"),
        ])
        let done = player.done
        #expect(done.count == 6, "\(done)")
        guard done.count == 6 else { return }
        guard case .knock(let s0, let a0, let d0) = done[0], case .knock(let s1, let a1, let d1) = done[1] else {
            Issue.record("the knocks came first, in order: \(done)")
            return
        }
        #expect(s0 == 0.5 && a0 == .mat && abs(d0 - 0.2) < 1e-3, "on time")
        #expect(s1 == 1 && a1 == .floor && d1 == 0, "a little late: at once, at full strength at most")
        #expect(done[2] == .haptic(.captured))
        #expect(done[3] == .announce([.undone]))
        #expect(done[4] == .share(URL(string: "https://yunnori.example/room/ABCDEF")!))
        #expect(done[5] == .open(URL(string: "yunnori://room/ABCDEF")!))
    }

    @Test("in the background the core's last saves are waited for: the next launch continues the game")
    func backgroundKeepsTheGame() async throws {
        let dir = try tempDir()
        let first = AppModel(directory: dir, player: SilentPlayer())
        let id = try await start(first)
        first.act(.throwTap)
        await first.backgrounded()
        first.shutdown()
        // After shutdown nothing more reaches a core.
        first.send(.open(screen: .settings))
        #expect(first.view.screen == .table)

        let next = AppModel(directory: dir, player: SilentPlayer())
        defer { next.shutdown() }
        try await waitUntil("the saved games read") { next.view.saved.loaded }
        #expect(next.view.menu.continueId == id)
        #expect(next.view.saved.rows.contains { $0.id == id && $0.canOpen })
    }

    @Test("a directory that cannot be opened: the app says so and still plays, over a scratch one")
    func launchProblem() async throws {
        let file = try tempDir().appendingPathComponent("not-a-directory")
        try Data("x".utf8).write(to: file)
        let model = AppModel(directory: file, player: SilentPlayer())
        defer { model.shutdown() }
        #expect(model.launchProblem != nil)
        _ = try await start(model)
        #expect(model.view.table?.canThrow == true)
    }

    @Test("every sample the previews and snapshot images draw is made, on its screen, leaving no scratch behind")
    func samples() throws {
        let all: [(Sample, AppScreen)] = [
            (.menu, .menu), (.newGame, .newGame), (.savedGames, .savedGames), (.settings, .settings),
            (.rules, .rules), (.firstThrow, .table), (.inTheAir, .table), (.dropping, .table), (.moveDue, .table),
            (.question, .table), (.hint, .table), (.midGame, .table), (.sharedStation, .table),
            (.stacked, .table), (.shortcut, .table), (.captured, .table), (.botsTurn, .table), (.over, .table),
            (.review, .table),
        ]
        let scratch = FileManager.default.temporaryDirectory
        func scratches() throws -> Set<String> {
            Set(try FileManager.default.contentsOfDirectory(atPath: scratch.path)
                .filter { $0.hasPrefix("yunnori-sample-") })
        }
        let before = try scratches()
        for (sample, screen) in all {
            let view = try #require(Samples.view(sample, atRest: true), "\(sample)")
            #expect(view.screen == screen, "\(sample) is on \(view.screen)")
            #expect(view.message == nil, "\(sample): \(String(describing: view.message))")
        }
        let flying = try #require(Samples.table(.inTheAir)?.throw, "no sticks in the air")
        #expect(flying.outcome == nil, "thrown now: the result is withheld")
        let landed = try #require(Samples.table(.inTheAir, atRest: true)?.throw, "no throw at rest")
        #expect(landed.elapsedMs(at: Date()) > landed.durationMs, "at rest: the sticks are drawn where they land")
        #expect(try scratches() == before, "a sample left its scratch directory")
    }
}
