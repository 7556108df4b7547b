import Foundation
import Observation
import YutCore

/// The iPhone app's one model: it owns the Rust app core (`AppCore`), publishes what the
/// screens draw (`view`, the core's `AppView`), sends the core what the person does, and
/// has the effects that are the platform's (the sticks' knocks, haptics, VoiceOver, the
/// share sheet, a link) performed by the app's `ShellPlayer`.
///
/// Nothing is decided here: the screens, the table, the throw and its timing, the bots,
/// saving and the settings are the core's. The core runs on a thread of its own and
/// reports through `ShellRelay`, which hands each report to the main actor in the order
/// the core made them.
@MainActor
@Observable
public final class AppModel {
    /// What every screen draws.
    public private(set) var view: AppView
    /// Why games are not kept (the app's directory could not be opened, and the core runs
    /// over a temporary one); `nil` normally.
    public private(set) var launchProblem: String?

    @ObservationIgnored private var core: AppCore?
    @ObservationIgnored private let executor: EffectExecutor
    @ObservationIgnored private var reduceMotion: Bool?

    /// The core over `directory` (its saved games, settings and room tickets), or, when
    /// that cannot be opened, over a fresh temporary directory (games then last until the
    /// system clears it, and `launchProblem` says so).
    public init(directory: URL, player: any ShellPlayer, clock: @escaping @Sendable () -> Date = Date.init) {
        executor = EffectExecutor(player: player, clock: clock)
        view = AppModel.blank
        let relay = ShellRelay()
        do {
            core = try AppCore(dataDir: directory.path, shell: relay)
        } catch {
            launchProblem = String(describing: error)
            let scratch = FileManager.default.temporaryDirectory
                .appendingPathComponent("yunnori-\(UUID().uuidString)", isDirectory: true)
            core = try? AppCore(dataDir: scratch.path, shell: relay)
        }
        if let core { view = core.view() }
        relay.deliver = { [weak self] news in self?.take(news) }
    }

    /// A model that only shows `view` (previews and snapshot images): no core runs, and
    /// what the person does goes nowhere.
    public init(previewing view: AppView) {
        executor = EffectExecutor(player: SilentPlayer())
        self.view = view
    }

    /// The app's own directory: `Application Support/Yunnori` (private to the app).
    public static func appDirectory() -> URL {
        let base = (try? FileManager.default.url(
            for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true))
            ?? FileManager.default.temporaryDirectory
        return base.appendingPathComponent("Yunnori", isDirectory: true)
    }

    /// What the person did.
    public func send(_ event: AppEvent) {
        // After `shutdown` the core refuses (StaleObject): nothing is left to act on.
        try? core?.send(event: event)
    }

    /// An action at the game table.
    public func act(_ action: TableAction) {
        send(.table(action: action))
    }

    /// An action on the online screens (the lobby, the kept rooms, the connection).
    public func online(_ action: OnlineAction) {
        send(.online(action: action))
    }

    /// The share sheet with the room's link (the core's `Share` effect, performed here).
    public func share(_ link: String) {
        executor.perform([.share(link: link)])
    }

    /// The system's Reduce Motion, as the environment says it (sent when it changes).
    public func setReduceMotion(_ on: Bool) {
        guard reduceMotion != on else { return }
        reduceMotion = on
        send(.settings(action: .setReduceMotion(on: on)))
    }

    /// The app went to the background: the core hears it, and this returns once it has
    /// handled (and saved) everything sent so far. The app runs it in a background task.
    public func backgrounded() async {
        send(.backgrounded)
        guard let core else { return }
        // `flush` blocks until the core's thread has caught up: on a thread of its own,
        // never the main one nor the cooperative pool.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                core.flush()
                done.resume()
            }
        }
    }

    /// Stops the core's thread (tests, previews); the model draws its last view.
    public func shutdown() {
        core?.shutdown()
        core = nil
    }

    /// The core's reports, in order: effects performed as they come, the view replaced by
    /// the last one of the batch (a view that only moved `version` on is not news).
    func take(_ batch: [ShellRelay.News]) {
        let last = batch.lastIndex { if case .view = $0 { true } else { false } }
        for (i, news) in batch.enumerated() {
            switch news {
            case .effects(let effects):
                executor.perform(effects)
            case .view(let next) where i == last:
                if !next.drawsLike(view) { view = next }
            case .view:
                break
            }
        }
    }

    /// What the screens draw before the core has said anything (or when it could not start).
    public static let blank = AppView(
        version: 0, screen: .menu, menu: MenuState(continueId: nil, tableOpen: false), form: nil,
        table: nil, saved: SavedState(loaded: false, rows: [], pendingDelete: nil),
        settings: SettingsState(muted: false, quickBots: false, reduceMotion: false, server: ""),
        rules: nil, message: nil,
        online: OnlineState(stage: .entry, server: "", busy: false, watching: false, connection: .idle, room: nil, kept: []))
}

extension AppView {
    /// The same screens, whatever the version.
    func drawsLike(_ other: AppView) -> Bool {
        screen == other.screen && menu == other.menu && form == other.form && table == other.table
            && saved == other.saved && settings == other.settings && rules == other.rules
            && message == other.message && online == other.online
    }
}

/// The core's `AppShell`: called on the core's thread, in order. It queues what it hears
/// and has the main actor take the queue, so the model sees every report in the core's
/// order (one hop at a time: a second hop is asked only once the first has taken the
/// queue).
final class ShellRelay: AppShell, @unchecked Sendable {
    enum News: Sendable {
        case view(AppView)
        case effects([ShellEffect])
    }

    /// Set once, before the core can report (the model's initialiser), read on the main actor.
    nonisolated(unsafe) var deliver: @MainActor ([News]) -> Void = { _ in }

    private let lock = NSLock()
    private var queued: [News] = []
    private var hopping = false

    func onView(view: AppView) { queue(.view(view)) }

    func onEffects(effects: [ShellEffect]) { queue(.effects(effects)) }

    private func queue(_ news: News) {
        lock.lock()
        queued.append(news)
        let hop = !hopping
        hopping = true
        lock.unlock()
        if hop {
            Task { @MainActor in self.drain() }
        }
    }

    @MainActor
    private func drain() {
        lock.lock()
        let batch = queued
        queued = []
        hopping = false
        lock.unlock()
        deliver(batch)
    }
}
