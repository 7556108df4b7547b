import Foundation
import Observation
import YutCore

/// The game screen's model: one game at a time, played through the core's `GameSession`.
///
/// The screen reads `state`, a single value replaced after every change, and sends
/// intents: throw, pick a piece, pick a destination (and, when several moves reach it, a
/// route, a stack choice or a set of results), undo, start or resume a game, leave.
/// Nothing here decides a rule: legal moves, destinations and paths all come from the core.
///
/// A throw is planned by the core off the main actor, then its flight is played: the
/// screen draws `state.flight` while each knock of a stick is felt and heard
/// (`ThrowFeedback`, unless `muted`), and the result (the banner, the hand, the legal moves,
/// the next phase) is published only when the last stick has settled on `pacing.clock`;
/// nothing can be thrown or moved meanwhile. With `reduceMotion` the sticks only drop
/// for a moment. Bots' throws fly the same way.
///
/// Bot seats play in a `Task` on the main actor: a short pause, then a throw or the
/// core's asynchronous bot search, then the move. Starting or resuming a game, undoing
/// and leaving cancel that task (and the search inside it); a result that arrives late is
/// dropped, never played on another position. A hint (`askHint()`) is the hard bot's
/// search run the same way for the person to move; any change of position cancels it,
/// as it does a review (`reviewGame()`).
///
/// Every action is saved to the `SaveLibrary` in the background (`flushSaves()` waits
/// for the writes). Errors never escape: they become `state.message`.
/// The room an online game is played in, as the game screen's model sends to it.
@MainActor
public protocol OnlineTable: AnyObject {
    func sendThrow(seat: Int32, swipe: Swipe) async throws
    func sendMove(_ move: LegalMove) async throws
    func sendUndo(seat: Int32) async throws
    /// The host's new game at the same table, once the game is over.
    func sendRematch() async throws
}

@MainActor
@Observable
public final class GameModel {
    /// What the screen shows.
    public private(set) var state = GameState()

    @ObservationIgnored public let pacing: Pacing
    @ObservationIgnored private let autosaver: Autosaver?
    @ObservationIgnored private(set) var session: GameSession?
    @ObservationIgnored private(set) var botTask: Task<Void, Never>?
    @ObservationIgnored private(set) var hintTask: Task<Void, Never>?
    @ObservationIgnored private(set) var reviewTask: Task<Void, Never>?
    /// A person's throw: planned, then flown until its result is shown.
    @ObservationIgnored private(set) var throwTask: Task<Void, Never>?
    @ObservationIgnored private let feedback: (any ThrowFeedback)?
    @ObservationIgnored private let defaults: UserDefaults
    /// The room of an online game: throws, moves and undos go there, and the room's news
    /// comes back through `showRoom`, `showPlay`, `showUndone` and `showConnection`.
    @ObservationIgnored private(set) weak var table: (any OnlineTable)?
    /// With Reduce Motion (the view sets it from its environment): a throw's sticks drop
    /// onto their resting places in a moment instead of flying.
    @ObservationIgnored public var reduceMotion = false
    /// The stick mat as laid out on screen, for the bots' throws (a person's swipe brings
    /// its own).
    @ObservationIgnored public var mat = Mat(width: 360, height: 240)
    /// No clack and no haptic tap on the sticks' knocks. Kept in `UserDefaults` under
    /// `mutedKey`.
    public var muted: Bool {
        didSet { defaults.set(muted, forKey: Self.mutedKey) }
    }
    public static let mutedKey = "sticks.muted"
    /// Quick bots: a bot's pause and the wait after its move take a quarter of the time,
    /// and its sticks drop instead of flying. Kept in `UserDefaults` under `quickBotsKey`.
    public var quickBots: Bool {
        didSet { defaults.set(quickBots, forKey: Self.quickBotsKey) }
    }
    public static let quickBotsKey = "bots.quick"
    /// How many times quicker a quick bot's turn is.
    static let quickFactor = 4
    /// How long the hard bot may think about a hint.
    static let hintBudgetMs: UInt32 = 1_500
    /// How long the hard bot may think about each move of a review.
    static let reviewBudgetMs: UInt32 = 1_000
    /// Bumped whenever the game or its position is replaced under a running bot: a bot
    /// task of an older generation stops and throws its result away.
    @ObservationIgnored private var generation = 0
    @ObservationIgnored private var counter = 0

    /// - Parameters:
    ///   - library: where games are saved; `nil` plays without saving (the app tells the
    ///     player once, when the library fails to open).
    ///   - pacing: how fast bots play, and the clock flights are played on.
    ///   - feedback: plays each knock of the sticks (clack and haptic tap).
    ///   - defaults: where the mute setting is kept.
    public init(library: SaveLibrary?, pacing: Pacing = .table, feedback: (any ThrowFeedback)? = nil,
                defaults: UserDefaults = .standard) {
        self.autosaver = library.map(Autosaver.init(library:))
        self.pacing = pacing
        self.feedback = feedback
        self.defaults = defaults
        self.muted = defaults.bool(forKey: Self.mutedKey)
        self.quickBots = defaults.bool(forKey: Self.quickBotsKey)
    }

    // MARK: - Starting, resuming, leaving

    /// Seats a new table. On failure (bad rules or table) the current game stays as it
    /// was and `state.message` says why.
    /// - Returns: whether the new game started.
    @discardableResult
    public func newGame(_ setup: NewGame) -> Bool {
        let fresh: GameSession
        do {
            fresh = try GameSession(game: setup)
        } catch {
            report(error)
            return false
        }
        stopBot()
        install(fresh, recoveredFromBackup: nil)
        autosave()
        return true
    }

    /// The same table again, with fresh throws.
    public func playAgain() {
        if table != nil, session == nil { return send { try await $0.sendRematch() } }
        guard let session else { return report(UserMessage(.notNow)) }
        do {
            let old = try session.setup()
            _ = newGame(NewGame(rules: old.rules, seats: old.seats, teams: old.teams,
                                seed: nil, undo: old.undo))
        } catch {
            report(error)
        }
    }

    /// Opens a saved game. On failure the current game stays as it was and
    /// `state.message` says why.
    /// - Returns: whether the game opened.
    @discardableResult
    public func resume(id: String) -> Bool {
        guard let library = autosaver?.library else {
            report(UserMessage(.fileProblem, detail: "no save library"))
            return false
        }
        let loaded: LoadedGame
        do {
            loaded = try library.load(id: id)
        } catch {
            report(error)
            return false
        }
        stopBot()
        install(loaded.session, recoveredFromBackup: loaded.recoveredFromBackup)
        return true
    }

    /// Reopens the game the screen had open when the system ended the app in the
    /// background (the scene keeps its id). Quietly does nothing when that game is already
    /// open, is gone or cannot be read: the player then simply sees the menu.
    /// - Returns: whether the game is open.
    @discardableResult
    public func restore(id: String) -> Bool {
        if state.gameID == id, state.hasGame { return true }
        guard let library = autosaver?.library, let loaded = try? library.load(id: id) else {
            return false
        }
        stopBot()
        install(loaded.session, recoveredFromBackup: loaded.recoveredFromBackup)
        return true
    }

    /// Leaves the game screen: bots stop, the game stays saved.
    public func leave() {
        stopBot()
        stopSearches()
        session = nil
        table = nil
        state = GameState()
    }

    /// Waits until every save asked for so far is written.
    public func flushSaves() async {
        await autosaver?.flush()
    }

    // MARK: - Throwing

    /// Throws the sticks for the person to act, as the swipe let them go (`ThrowInput.tap`
    /// for the Throw button and VoiceOver). The result comes from the core; the swipe only
    /// shapes the flight. The sticks are in the air at once: the flight appears as soon as
    /// the core has planned it, the result when the last stick settles.
    public func throwSticks(_ swipe: Swipe) {
        guard state.hasGame, session != nil || table != nil else { return report(UserMessage(.notNow)) }
        guard state.isHumanTurn else {
            return report(UserMessage(.notNow, detail: state.sticksInAir
                ? "the sticks are in the air" : "it is not a person's turn"))
        }
        guard let session else {
            // Online: the intent goes to the server; the sticks fly when its result comes back.
            let seat = state.snapshot?.turn.seat ?? 0
            return send { try await $0.sendThrow(seat: seat, swipe: swipe) }
        }
        state.sticksInAir = true
        let generation = self.generation
        throwTask = Task { [weak self] in
            await self?.personThrows(session, swipe: swipe, generation: generation)
        }
    }

    private func personThrows(_ session: GameSession, swipe: Swipe, generation: Int) async {
        defer { if generation == self.generation { throwTask = nil } }
        do {
            try await fly(generation: generation) { try await Self.plan(session, swipe) }
            scheduleBot()
        } catch {
            guard generation == self.generation, !(error is CancellationError) else { return }
            report(error)
            refresh()
        }
    }

    /// Throws through the core and plays the flight: planned off the main actor, shown at
    /// once, each knock played at its time, the result shown when the last stick settles
    /// (or after the short drop with Reduce Motion). Throws `CancellationError` when the
    /// game was replaced meanwhile (nothing more is shown).
    private func fly(generation: Int, dropping: Bool = false,
                     _ plan: () async throws -> ThrowReport) async throws {
        state.sticksInAir = true
        do {
            let report = try await plan()
            guard generation == self.generation else { throw CancellationError() }
            autosave()
            counter += 1
            let show = FlightShow(id: counter, seat: report.seat, flight: report.flight,
                                  drop: reduceMotion || dropping, start: .now)
            state.flight = show
            let clock = pacing.clock
            let start = clock.now
            for knock in show.knocks {
                try await clock.sleep(until: start + .milliseconds(Int(knock.atMs)))
                guard generation == self.generation else { throw CancellationError() }
                if !muted { feedback?.knock(strength: Double(knock.strength), against: knock.against) }
            }
            try await clock.sleep(until: start + .milliseconds(show.durationMs))
            guard generation == self.generation else { throw CancellationError() }
            state.sticksInAir = false
            showThrow(report, id: show.id)
        } catch {
            if generation == self.generation { state.sticksInAir = false }
            throw error
        }
    }

    /// The core's throw, with its flight simulated: some milliseconds of work, done off
    /// the main actor.
    private nonisolated static func plan(_ session: GameSession, _ swipe: Swipe) async throws -> ThrowReport {
        try session.throwSticks(swipe: swipe)
    }

    /// Throws and shows the result at once, the sticks already at rest: for `Samples`,
    /// which sets up previews synchronously.
    func throwAtOnce(_ swipe: Swipe) {
        guard let session, state.isHumanTurn else { return report(UserMessage(.notNow)) }
        do {
            let report = try session.throwSticks(swipe: swipe)
            autosave()
            counter += 1
            state.flight = FlightShow(id: counter, seat: report.seat, flight: report.flight, drop: false,
                                      start: .distantPast)
            showThrow(report, id: counter)
            scheduleBot()
        } catch {
            report(error)
            refresh()
        }
    }

    // MARK: - Moving

    /// Picks the piece (or the home row) to move; picking it again drops the pick.
    /// Outside the player's move, taps on pieces are ignored.
    public func select(_ origin: Spot) {
        guard state.canMove else { return }
        guard state.origins.contains(origin) else {
            // A piece that cannot move now: nothing to light up.
            state.selection = nil
            state.pendingChoice = nil
            return
        }
        state.selection = state.selection == origin ? nil : origin
        state.pendingChoice = nil
        if state.selection != nil { emit(.picked) }
    }

    /// The player tapped a spot: plays the move that goes there from the picked piece, or
    /// asks which one when several do. A tap on another movable piece picks that piece.
    public func tap(_ spot: Spot) {
        guard state.canMove else { return }
        let candidates = state.selectedMoves.filter { $0.to == spot }
        switch candidates.count {
        case 0:
            if state.origins.contains(spot) { select(spot) }
        case 1:
            choose(candidates[0])
        default:
            state.pendingChoice = MoveChoice(
                from: candidates[0].from, to: spot, options: candidates)
        }
    }

    /// Plays a legal move, as listed in `state.snapshot.legalMoves`. A move from an
    /// earlier position, or one the rules refuse, gives a message.
    public func choose(_ move: LegalMove) {
        guard state.hasGame, session != nil || table != nil else { return report(UserMessage(.notNow)) }
        guard state.isHumanTurn else {
            return report(UserMessage(.notNow, detail: "it is not a person's turn"))
        }
        guard let session else {
            state.selection = nil
            state.pendingChoice = nil
            return send { try await $0.sendMove(move) }
        }
        do {
            showMove(move, try session.play(mv: move))
            autosave()
            scheduleBot()
        } catch {
            state.pendingChoice = nil
            report(error)
            refresh()
        }
    }

    // A dialog's answer names the question it answers (`in:`), and its dismissal drops
    // only that question: SwiftUI may report the dismissal before or after the answer's
    // action runs, and the answer must play either way.

    /// Settles the question (`choice`, else the pending one) by route; plays the move once
    /// only one is left, else asks again about what is left.
    public func chooseRoute(_ route: Route, in choice: MoveChoice? = nil) {
        narrowChoice(choice) { $0.route == route }
    }

    /// Settles the question by joining (or not) the pieces at the destination.
    public func chooseStack(_ join: Bool, in choice: MoveChoice? = nil) {
        narrowChoice(choice) { $0.stack == join }
    }

    /// Settles the question by the results spent.
    public func chooseUses(_ uses: [Throw], in choice: MoveChoice? = nil) {
        narrowChoice(choice) { $0.uses == uses }
    }

    /// Drops the pending question; with `shown`, only while that question is still the
    /// pending one (a dismissal reported after an answer leaves the next question alone).
    public func cancelChoice(_ shown: MoveChoice? = nil) {
        if let shown, state.pendingChoice != shown { return }
        state.pendingChoice = nil
    }

    private func narrowChoice(_ asked: MoveChoice?, _ keep: (LegalMove) -> Bool) {
        guard let choice = asked ?? state.pendingChoice else { return report(UserMessage(.notNow)) }
        let left = choice.options.filter(keep)
        switch left.count {
        case 0:
            report(UserMessage(.illegalMove, detail: "no such option"))
        case 1:
            state.pendingChoice = nil
            choose(left[0])
        default:
            state.pendingChoice = MoveChoice(from: choice.from, to: choice.to, options: left)
        }
    }

    // MARK: - Hints

    /// Asks the hard bot which move it would play for the person to move. The answer
    /// arrives as `state.hint`, with its piece selected so its destination lights up.
    public func askHint() {
        guard let session, let snapshot = state.snapshot else { return report(UserMessage(.notNow)) }
        guard state.canMove else {
            return report(UserMessage(.notNow, detail: "there is no move to choose now"))
        }
        if let known = state.hint {
            // Already worked out for this position: pick its piece again.
            state.selection = known.move.from
            state.pendingChoice = nil
            return
        }
        guard hintTask == nil else { return }
        state.hintPending = true
        let generation = self.generation
        hintTask = Task { [weak self] in
            await self?.findHint(session, asked: snapshot.state, generation: generation)
        }
    }

    private func findHint(_ session: GameSession, asked: UInt64, generation: Int) async {
        guard let found = await search(at: asked, generation: generation, {
            try await session.cancellableHint(budgetMs: Self.hintBudgetMs)
        }) else { return }
        hintTask = nil
        state.hintPending = false
        switch found {
        case .success(let advice):
            let chances = state.snapshot?.legalMoves.map { move in
                advice.appraisal.first { $0.mv == move }?.winChance
            } ?? []
            state.hint = Hint(state: asked, move: advice.chosen, winChance: advice.winChance,
                              chances: chances)
            state.selection = advice.chosen.from
            state.pendingChoice = nil
            emit(nil, [.hint(move: advice.chosen, winChance: advice.winChance)])
        case .failure(let error):
            report(error)
        }
    }

    // MARK: - Review

    /// Reviews the game so far (usually once it is over). The answer arrives as
    /// `state.review`; a change of position before then drops it.
    public func reviewGame() {
        guard let session, let snapshot = state.snapshot else { return report(UserMessage(.notNow)) }
        guard reviewTask == nil, state.review?.state != snapshot.state else { return }
        state.reviewPending = true
        let generation = self.generation
        reviewTask = Task { [weak self] in
            await self?.findReview(session, asked: snapshot.state, generation: generation)
        }
    }

    public func closeReview() {
        state.review = nil
    }

    private func findReview(_ session: GameSession, asked: UInt64, generation: Int) async {
        guard let found = await search(at: asked, generation: generation, {
            try await session.review(budgetMsPerMove: Self.reviewBudgetMs)
        }) else { return }
        reviewTask = nil
        state.reviewPending = false
        switch found {
        case .success(let slips): state.review = GameReview(state: asked, slips: slips)
        case .failure(let error): report(error)
        }
    }

    /// Runs `work` (a search of the core) for position `asked`: its answer or error, or
    /// `nil` when the game has moved on meanwhile (a late answer is dropped) or the task was
    /// cancelled (then, if that came first, nothing is searched).
    private func search<T: Sendable>(
        at asked: UInt64, generation: Int, _ work: () async throws -> T
    ) async -> Result<T, any Error>? {
        let found: Result<T, any Error>
        do {
            try Task.checkCancellation()
            found = .success(try await work())
        } catch {
            found = .failure(error)
        }
        guard generation == self.generation, !Task.isCancelled,
              state.snapshot?.state == asked else { return nil }
        return found
    }

    /// Stops a hint and a review under way: the position they were for is going.
    private func stopSearches() {
        hintTask?.cancel()
        reviewTask?.cancel()
        hintTask = nil
        reviewTask = nil
        state.hintPending = false
        state.reviewPending = false
    }

    // MARK: - Undo

    /// Takes back a person's own last move while their turn goes on (the core refuses it
    /// once the turn has passed, so a bot is then never waiting on it). A bot waiting to
    /// act is stopped first and started again when the core refuses.
    public func undo() {
        guard !state.sticksInAir else {
            return report(UserMessage(.notNow, detail: "the sticks are in the air"))
        }
        if table != nil, session == nil {
            let seat = state.snapshot?.turn.seat ?? 0
            return send { try await $0.sendUndo(seat: seat) }
        }
        guard let session else { return report(UserMessage(.notNow)) }
        stopBot()
        do {
            apply(try session.undo())
            state.lastMove = nil
            emit(nil, [.undone] + (state.snapshot.map { [Speech.turn(in: $0)] } ?? []))
            autosave()
        } catch {
            report(error)
            refresh()
        }
        scheduleBot()
    }

    // MARK: - Messages

    public func dismissMessage() {
        state.message = nil
    }

    /// Starts the bots again after one failed (the message said so).
    public func retryBot() {
        scheduleBot()
    }

    // MARK: - Internals

    private func install(_ fresh: GameSession, recoveredFromBackup: String?) {
        stopSearches()
        session = fresh
        generation += 1
        var next = GameState()
        next.recoveredFromBackup = recoveredFromBackup
        state = next
        do {
            state.gameID = try fresh.id()
            let snapshot = try fresh.snapshot()
            apply(snapshot)
            emit(nil, [Speech.turn(in: snapshot)])
        } catch {
            report(error)
        }
        scheduleBot()
    }

    /// Shows a new snapshot, keeping the selection if it still makes sense (or making the
    /// only possible one).
    private func apply(_ snapshot: GameSnapshot) {
        if snapshot.state != state.snapshot?.state {
            stopSearches()
            state.hint = nil
            state.review = nil
        }
        state.snapshot = snapshot
        state.pendingChoice = nil
        updateSelection()
    }

    private func updateSelection() {
        let origins = state.origins
        if let s = state.selection, origins.contains(s) { return }
        let only = origins.count == 1 ? origins[0] : nil
        if state.selection != only { state.selection = only }
    }

    /// Re-reads the core after a failed call (it may have moved on meanwhile).
    private func refresh() {
        guard let session else { return }
        if let snapshot = try? session.snapshot() { apply(snapshot) }
    }

    private func showThrow(_ report: ThrowReport, id: Int) {
        let before = state.snapshot?.turn.seat
        state.lastThrow = ThrowShow(id: id, report: report)
        apply(report.snapshot)
        var speech = Speech.of(report.events, in: report.snapshot)
        if !speech.contains(where: { if case .threw = $0 { true } else { false } }) {
            let name = report.snapshot.seats.first { $0.seat == report.seat }?.name ?? ""
            speech.insert(.threw(seat: name, result: report.result), at: 0)
        }
        announce(report.snapshot.over ? .won : .thrown, speech, turnBefore: before)
    }

    private func showMove(_ move: LegalMove, _ report: MoveReport) {
        showMove(seat: move.seat, from: move.from, to: move.to, path: move.path, pieces: move.pieces,
                 events: report.events, snapshot: report.snapshot)
    }

    private func showMove(seat: Int32, from: Spot, to: Spot, path: [Spot], pieces: Int32,
                          events: [GameEvent], snapshot: GameSnapshot) {
        let before = state.snapshot?.turn.seat
        counter += 1
        var captured: Int32 = 0
        for case .captured(_, _, let pieces) in events { captured += pieces }
        state.lastMove = MoveShow(
            id: counter, seat: seat, from: from, path: path,
            pieces: pieces, captured: captured, events: events)
        apply(snapshot)
        var speech = Speech.of(events, in: snapshot)
        if !speech.contains(where: { if case .moved = $0 { true } else { false } }) {
            let name = snapshot.seats.first { $0.seat == seat }?.name ?? ""
            speech.insert(.moved(seat: name, pieces: pieces, to: to), at: 0)
        }
        announce(snapshot.over ? .won : captured > 0 ? .captured : .moved, speech,
                 turnBefore: before)
    }

    /// Emits an action's event: its words, and whose turn it is when the turn passed
    /// (where the core's events did not say so already).
    private func announce(_ haptic: Haptic, _ speech: [Speech], turnBefore: Int32?) {
        var speech = speech
        if let snapshot = state.snapshot, !snapshot.over, snapshot.turn.seat != turnBefore,
           !speech.contains(where: { if case .turn = $0 { true } else { false } }) {
            speech.append(Speech.turn(in: snapshot))
        }
        emit(haptic, speech)
    }

    /// Numbers a new event for the screen's haptics and VoiceOver.
    private func emit(_ haptic: Haptic?, _ speech: [Speech] = []) {
        counter += 1
        state.event = TableEvent(id: counter, haptic: haptic, speech: speech)
    }

    private func report(_ error: any Error) {
        if let message = UserMessage.from(error) { report(message) }
    }

    private func report(_ message: UserMessage) {
        state.message = message
        emit(.refused)
    }

    private func autosave() {
        // Without a library the app has already said that games are not kept.
        guard let session, let autosaver else { return }
        autosaver.save(session) { [weak self] message in
            self?.report(message)
        }
    }

    // MARK: - Online

    /// Shows an online room's game: the same screen as a local game, its throws, moves and
    /// undos sent to the room (`table`), never a bot run here. A new game of the room
    /// (`gameNumber`, a rematch) starts the screen afresh.
    public func showRoom(_ room: RoomView, table: any OnlineTable) {
        guard let snapshot = room.game else { return }
        var online = OnlineTableState(code: room.code, seats: room.seats, myTurn: room.myTurn,
                                      connection: state.online?.connection ?? .connected)
        if self.table !== table || session != nil || state.gameID != Self.onlineID(room) {
            stopBot()
            stopSearches()
            session = nil
            self.table = table
            generation += 1
            state = GameState()
            state.gameID = Self.onlineID(room)
            state.online = online
            apply(snapshot)
            emit(nil, [Speech.turn(in: snapshot)])
            return
        }
        // An intent on its way stays so: only its own play, a refusal or a lost connection
        // answers it (news of the seats in between once let the same throw be sent twice).
        online.waiting = state.online?.waiting ?? false
        state.online = online
        // A throw in flight shows its own snapshot when its sticks settle.
        if !state.sticksInAir { apply(snapshot) }
    }

    /// A throw or move the room accepted: a throw's sticks fly (the flight planned from this
    /// device's swipe when it threw), then the result shows; a move hops as a local one.
    /// Returns once the throw's sticks have settled, so the room's news is shown in order.
    public func showPlay(_ play: OnlinePlay) async {
        guard let table, let snapshot = play.room.game else { return }
        showRoomSeats(play.room)
        // Only this phone's own play answers its intent: another seat's, heard meanwhile,
        // leaves it waiting (else a stale position would offer the same throw again). And
        // only once the play is on screen: a throw's sticks take to the air after a hop, and
        // in between the old position would offer the same throw again.
        let answersMine = play.room.seats.contains(where: { $0.seat == play.seat && $0.mine })
        defer { if answersMine { state.online?.waiting = false } }
        if let thrown = play.throw {
            let report = ThrowReport(seat: play.seat, result: thrown.result, sticks: thrown.sticks,
                                     flight: thrown.flight, events: play.events, snapshot: snapshot)
            do {
                try await fly(generation: generation) { report }
            } catch {
                // Left or replaced meanwhile: the newer screen shows the room as it is.
                if self.table === table, !state.sticksInAir { apply(snapshot) }
            }
        } else if let moved = play.events.lazy.compactMap(Self.moved).first {
            showMove(seat: moved.seat, from: moved.from, to: moved.to, path: moved.path,
                     pieces: moved.pieces, events: play.events, snapshot: snapshot)
        } else {
            apply(snapshot)
        }
    }

    /// A move of the room's game was taken back.
    public func showUndone(seat: Int32, room: RoomView) {
        guard table != nil, let snapshot = room.game else { return }
        showRoomSeats(room)
        if room.seats.contains(where: { $0.seat == seat && $0.mine }) { state.online?.waiting = false }
        apply(snapshot)
        state.lastMove = nil
        emit(nil, [.undone, Speech.turn(in: snapshot)])
    }

    /// The connection changed: the banner, and whether intents may be sent.
    public func showConnection(_ connection: Connection) {
        guard state.online != nil else { return }
        state.online?.connection = connection
        if case .reconnecting = connection { state.online?.waiting = false }
    }

    private func showRoomSeats(_ room: RoomView) {
        state.online?.seats = room.seats
        state.online?.myTurn = room.myTurn
    }

    /// The saved-game id an online game goes by: its room and game number.
    static func onlineID(_ room: RoomView) -> String { "room:\(room.code)#\(room.gameNumber)" }

    private nonisolated static func moved(_ event: GameEvent) -> (seat: Int32, from: Spot, to: Spot, path: [Spot], pieces: Int32)? {
        guard case .moved(let seat, let from, let to, let path, let pieces, _, _) = event else { return nil }
        return (seat, from, to, path, pieces)
    }

    /// Sends an intent to the room; its answer comes back as the room's news. A refusal
    /// becomes a message and the screen may act again.
    private func send(_ intent: @escaping @MainActor (any OnlineTable) async throws -> Void) {
        guard let table else { return report(UserMessage(.notNow)) }
        state.online?.waiting = true
        Task { [weak self] in
            do {
                try await intent(table)
            } catch {
                guard let self, self.table === table else { return }
                self.state.online?.waiting = false
                // A connection lost with the intent on its way: the connection banner says
                // so, and the room heard after the reconnect shows whether it counted.
                if case OnlineError.Offline = error { return }
                self.report(error)
            }
        }
    }

    // MARK: - Bots

    private func stopBot() {
        generation += 1
        botTask?.cancel()
        botTask = nil
        throwTask?.cancel()
        throwTask = nil
        state.sticksInAir = false
        session?.cancelBot()
        state.bot = .idle
    }

    /// Starts the bot task when a bot is to act and none runs.
    private func scheduleBot() {
        guard botTask == nil, let session, let snapshot = state.snapshot,
              snapshot.botToAct != nil, !snapshot.over
        else { return }
        let generation = self.generation
        botTask = Task { [weak self] in
            await self?.runBots(session, generation: generation)
        }
    }

    private func isCurrent(_ generation: Int) -> Bool {
        generation == self.generation && !Task.isCancelled
    }

    /// Plays every bot action until a person is to act or the game ends.
    private func runBots(_ session: GameSession, generation: Int) async {
        defer {
            if generation == self.generation {
                botTask = nil
                state.bot = .idle
                updateSelection()
            }
        }
        do {
            while isCurrent(generation), let snapshot = state.snapshot, !snapshot.over,
                  snapshot.botToAct != nil
            {
                state.bot = .waiting(seat: snapshot.turn.seat)
                try await Task.sleep(for: quickBots ? pacing.botDelay / Self.quickFactor : pacing.botDelay)
                // Act on the position as it is now, not as it was before the pause.
                guard isCurrent(generation), let now = state.snapshot, now.botToAct != nil
                else { return }
                let seat = now.turn.seat
                switch now.phase {
                case .toThrow:
                    state.bot = .throwing(seat: seat)
                    let swipe = ThrowInput.botSwipe(mat: mat)
                    try await fly(generation: generation, dropping: quickBots) {
                        try await Self.plan(session, swipe)
                    }
                case .toMove:
                    state.bot = .thinking(seat: seat)
                    try Task.checkCancellation()
                    let move = try await session.cancellableBotMove(budgetMs: pacing.botBudgetMs)
                    guard isCurrent(generation) else { return }
                    state.bot = .moving(seat: seat)
                    showMove(move, try session.play(mv: move))
                    autosave()
                    let shown = pacing.afterMove(steps: move.path.count)
                    try await Task.sleep(for: quickBots ? shown / Self.quickFactor : shown)
                case .over:
                    return
                }
            }
        } catch {
            guard isCurrent(generation), let message = UserMessage.from(error) else { return }
            report(UserMessage(.botFailed, detail: message.english))
            refresh()
        }
    }
}
