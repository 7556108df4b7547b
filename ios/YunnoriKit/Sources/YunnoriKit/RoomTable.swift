import Foundation
import Observation
import YutCore

/// A room's game as the game screen draws it (`TableState`), from the room's news on the
/// older room API, with the taps that pick a piece and the throw shown until its sticks
/// settle. The app core does all of this for a local game and will for a room (its online
/// screens, docs/APP_CORE.md section 10): this file goes then.
@MainActor
@Observable
final class RoomGame {
    /// What the table sends to the room.
    enum Intent: Sendable {
        case throwSticks(seat: Int32, swipe: Swipe)
        case play(LegalMove)
        case undo(seat: Int32)
        case rematch
    }

    private(set) var table: TableState?

    @ObservationIgnored var send: @MainActor (Intent) -> Void = { _ in }
    @ObservationIgnored var muted = false
    @ObservationIgnored var reduceMotion = false
    @ObservationIgnored var mat = Mat(width: 360, height: 420)
    /// The connection is up: intents may be sent.
    @ObservationIgnored var online = true {
        didSet { if !online { waiting = false }; redraw() }
    }
    @ObservationIgnored private let executor: EffectExecutor
    @ObservationIgnored private var room: RoomView?
    @ObservationIgnored private var shown: GameSnapshot?
    @ObservationIgnored private var picked: Spot?
    @ObservationIgnored private var asked: [UInt32]?
    @ObservationIgnored private var thrown: ThrowShown?
    @ObservationIgnored private var moved: MoveShown?
    /// An intent is on its way: nothing more is sent until the room answers.
    @ObservationIgnored private(set) var waiting = false
    /// How long the sticks take to drop under Reduce Motion (the tests' phones: none).
    @ObservationIgnored var dropMs: UInt64 = 350
    @ObservationIgnored private var swipeFrom: (x: Double, y: Double)?
    @ObservationIgnored private var seq: UInt64 = 0

    init(player: any ShellPlayer) {
        executor = EffectExecutor(player: player)
    }

    private var inAir: Bool { thrown.map { $0.outcome == nil } ?? false }
    private var mayAct: Bool { (room?.myTurn ?? false) && online && !waiting && !inAir && !(shown?.over ?? true) }
    private var canThrow: Bool { mayAct && shown?.phase == .toThrow }
    private var canMove: Bool { mayAct && shown?.phase == .toMove }

    // MARK: - What the room says

    func showRoom(_ view: RoomView) {
        let fresh = room.map { $0.code != view.code || $0.gameNumber != view.gameNumber } ?? true
        room = view
        guard let snapshot = view.game else { return }
        if fresh {
            thrown = nil
            moved = nil
            waiting = false
            show(snapshot)
            announce([turn(snapshot)])
        } else if !inAir {
            // A throw in the air shows its own position when its sticks settle.
            show(snapshot)
        } else {
            redraw()
        }
    }

    /// A throw or move the room accepted: a throw's sticks fly, then its result shows (this
    /// returns then, so the room's news keeps its order); a move hops along its path.
    func showPlay(_ play: OnlinePlay) async {
        room = play.room
        guard let snapshot = play.room.game else { return }
        if play.room.seats.contains(where: { $0.seat == play.seat && $0.mine }) { waiting = false }
        let before = shown?.turn.seat
        let colour = snapshot.seats.first { $0.seat == play.seat }?.colour ?? "#888888"
        let byBot = snapshot.seats.first { $0.seat == play.seat }.map { if case .bot = $0.player { true } else { false } } ?? false
        let now = UInt64(Date().timeIntervalSince1970 * 1000)
        if let thrownNow = play.throw {
            seq += 1
            let drop = reduceMotion
            let flying = ThrowShown(
                seq: seq, seat: play.seat, colour: colour, sticks: thrownNow.sticks, flight: thrownNow.flight,
                motion: drop ? .drop : .flight, startedAtMs: now,
                landsAtMs: now + (drop ? dropMs : UInt64(thrownNow.flight.endMs)), byBot: byBot, outcome: nil)
            thrown = flying
            picked = nil
            asked = nil
            redraw()
            executor.perform([.haptic(kind: .thrown)] + knocks(flying))
            try? await Task.sleep(for: .milliseconds(Int(flying.landsAtMs - flying.startedAtMs)))
            guard thrown?.seq == flying.seq else { return }
            thrown = ThrowShown(
                seq: flying.seq, seat: flying.seat, colour: flying.colour, sticks: flying.sticks,
                flight: flying.flight, motion: flying.motion, startedAtMs: flying.startedAtMs,
                landsAtMs: flying.landsAtMs, byBot: byBot,
                outcome: ThrowOutcome(result: thrownNow.result, events: play.events))
            show(room?.game ?? snapshot)
            var speech = said(play.events, in: snapshot, before: before)
            if !speech.contains(where: { if case .threw = $0 { true } else { false } }) {
                speech.insert(.threw(seat: play.seat, name: name(play.seat, snapshot), result: thrownNow.result), at: 0)
            }
            announce(speech)
            if snapshot.over { executor.perform([.haptic(kind: .won)]) }
        } else if case .moved(let seat, let from, let to, let path, let pieces, _, _)? =
                    play.events.first(where: { if case .moved = $0 { true } else { false } }) {
            seq += 1
            let board = BoardGeometry()
            let step: UInt32 = reduceMotion ? 0 : UInt32(DesignTokens.Motion.hopMs)
            var captured: Int32 = 0
            for case .captured(_, _, let n) in play.events { captured += n }
            moved = MoveShown(
                seq: seq, seat: seat, colour: colour, from: from, path: path,
                points: ([from] + path).map { spot in
                    let p = board.point(of: spot)
                    return Point(x: Float(p.x), y: Float(p.y))
                },
                pieces: pieces, captured: captured, events: play.events, byBot: byBot, startedAtMs: now,
                stepMs: step, landsAtMs: now + UInt64(step) * UInt64(path.count))
            show(snapshot)
            var speech = said(play.events, in: snapshot, before: before)
            if !speech.contains(where: { if case .moved = $0 { true } else { false } }) {
                speech.insert(.moved(seat: seat, name: name(seat, snapshot), pieces: pieces, to: to), at: 0)
            }
            announce(speech)
            let kind: HapticKind = snapshot.over ? .won : captured > 0 ? .captured : .moved
            executor.perform([.haptic(kind: kind)])
        } else {
            show(snapshot)
        }
    }

    /// A move of the room's game was taken back.
    func showUndone(seat: Int32, room view: RoomView) {
        room = view
        guard let snapshot = view.game else { return }
        if view.seats.contains(where: { $0.seat == seat && $0.mine }) { waiting = false }
        moved = nil
        show(snapshot)
        announce([.undone, turn(snapshot)])
    }

    /// An intent was refused or lost: the table may act again.
    func refused() {
        waiting = false
        redraw()
        executor.perform([.haptic(kind: .refused)])
    }

    func close() {
        room = nil
        shown = nil
        thrown = nil
        moved = nil
        picked = nil
        asked = nil
        waiting = false
        table = nil
    }

    // MARK: - What the person does

    func act(_ action: TableAction) {
        guard let snapshot = shown else { return }
        switch action {
        case .throwTap:
            throwSticks(tapSwipe(mat: mat))
        case .swipeStart(let x, let y, _):
            swipeFrom = (x, y)
        case .swipeEnd(let x, let y, _):
            // A touch that never left the slop does not throw.
            if let from = swipeFrom, hypot(x - from.x, y - from.y) >= 10 { throwSticks(tapSwipe(mat: mat)) }
            swipeFrom = nil
        case .matLaidOut(let laid):
            mat = laid
        case .tap(let spot):
            tap(spot, snapshot)
        case .chooseMove(let index, let state):
            if state == snapshot.state { play(index, snapshot) }
        case .chooseRoute(let route):
            narrow(snapshot) { $0.route == route }
        case .chooseStack(let join):
            narrow(snapshot) { $0.stack == join }
        case .chooseUses(let uses):
            narrow(snapshot) { $0.uses == uses }
        case .cancelChoice:
            asked = nil
            redraw()
        case .undo:
            guard snapshot.canUndo, online, !inAir else { return }
            waiting = true
            send(.undo(seat: snapshot.turn.seat))
        case .playAgain:
            if snapshot.over { send(.rematch) }
        default:
            break
        }
    }

    private func throwSticks(_ swipe: Swipe) {
        guard canThrow, let seat = shown?.turn.seat else { return }
        waiting = true
        redraw()
        send(.throwSticks(seat: seat, swipe: swipe))
    }

    private func tap(_ spot: Spot, _ snapshot: GameSnapshot) {
        guard canMove else { return }
        if let from = picked {
            let reach = indices(snapshot) { $0.from == from && $0.to == spot }
            if reach.count == 1 { return play(reach[0], snapshot) }
            if reach.count > 1 {
                asked = reach
                return redraw()
            }
        }
        let next: Spot? = movable(snapshot).contains(spot) ? spot : nil
        if next != nil, next != picked { executor.perform([.haptic(kind: .picked)]) }
        picked = next
        redraw()
    }

    private func narrow(_ snapshot: GameSnapshot, _ keep: (LegalMove) -> Bool) {
        let left = (asked ?? []).filter { i in snapshot.legalMoves.indices.contains(Int(i)) && keep(snapshot.legalMoves[Int(i)]) }
        if left.count == 1 { return play(left[0], snapshot) }
        if !left.isEmpty { asked = left }
        redraw()
    }

    private func play(_ index: UInt32, _ snapshot: GameSnapshot) {
        guard canMove, snapshot.legalMoves.indices.contains(Int(index)) else { return }
        waiting = true
        picked = nil
        asked = nil
        redraw()
        send(.play(snapshot.legalMoves[Int(index)]))
    }

    // MARK: - The table

    private func show(_ snapshot: GameSnapshot) {
        if snapshot.state != shown?.state {
            asked = nil
            let pieces = canMove(snapshot) ? movable(snapshot) : []
            picked = pieces.count == 1 ? pieces[0] : nil
        }
        shown = snapshot
        redraw()
    }

    private func canMove(_ snapshot: GameSnapshot) -> Bool {
        (room?.myTurn ?? false) && online && !snapshot.over && snapshot.phase == .toMove
    }

    private func redraw() {
        guard let room, let s = shown else {
            table = nil
            return
        }
        let move = canMove
        let status: TurnLine = if s.over { .over } else if inAir { .inTheAir } else if !room.myTurn { .remote }
            else if s.phase == .toThrow { .throw(throws: UInt32(max(1, s.owed + s.owedPrize))) }
            else { picked == nil ? .pickPiece : .pickDestination }
        let mat: MatState = if s.over { .over } else if inAir { .inTheAir } else if canThrow { .ready }
            else if move { .moveFirst } else { .othersTurn(seat: s.turn.seat) }
        let selection = picked.flatMap { from -> Selection? in
            guard move else { return nil }
            var destinations: [Destination] = []
            for i in indices(s, { $0.from == from }) {
                let m = s.legalMoves[Int(i)]
                if let k = destinations.firstIndex(where: { $0.to == m.to }) {
                    let d = destinations[k]
                    destinations[k] = Destination(to: d.to, moves: d.moves + [i], captures: max(d.captures, m.captures), chance: nil)
                } else {
                    destinations.append(Destination(to: m.to, moves: [i], captures: m.captures, chance: nil))
                }
            }
            return Selection(from: from, destinations: destinations)
        }
        let choice = asked.flatMap { moves -> MoveQuestion? in
            let options = moves.compactMap { s.legalMoves.indices.contains(Int($0)) ? s.legalMoves[Int($0)] : nil }
            guard let first = options.first else { return nil }
            return MoveQuestion(from: first.from, to: first.to, moves: moves, routes: unique(options.map(\.route)),
                                stackChoices: unique(options.compactMap(\.stack)), usesChoices: unique(options.map(\.uses)))
        }
        table = TableState(
            gameId: "room:\(room.code)#\(room.gameNumber)", snapshot: s, status: status, mat: mat,
            canThrow: canThrow, canMove: move, canUndo: s.canUndo && online && !inAir, canHint: false,
            advice: false, movable: move ? movable(s) : [], selection: selection, choice: choice,
            throw: thrown, lastMove: moved, bot: .idle, hint: nil, hintPending: false, review: nil,
            reviewPending: false, saved: true, resultAside: false, recoveredFromBackup: nil, matSize: self.mat)
    }

    private func indices(_ s: GameSnapshot, _ keep: (LegalMove) -> Bool) -> [UInt32] {
        s.legalMoves.indices.filter { keep(s.legalMoves[$0]) }.map { UInt32($0) }
    }

    private func movable(_ s: GameSnapshot) -> [Spot] { unique(s.legalMoves.map(\.from)) }

    private func unique<T: Equatable>(_ xs: [T]) -> [T] {
        xs.reduce(into: []) { out, x in if !out.contains(x) { out.append(x) } }
    }

    // MARK: - What the table hears and feels

    private func knocks(_ t: ThrowShown) -> [ShellEffect] {
        guard !muted else { return [] }
        if t.motion == .drop {
            let loudest = t.flight.contacts.map(\.strength).max() ?? 0
            return loudest > 0 ? [.cue(atMs: t.landsAtMs, strength: min(loudest, 0.5), against: .mat)] : []
        }
        return t.flight.contacts.map { .cue(atMs: t.startedAtMs + UInt64($0.atMs), strength: $0.strength, against: $0.against) }
    }

    private func name(_ seat: Int32, _ s: GameSnapshot) -> String {
        s.seats.first { $0.seat == seat }?.name ?? ""
    }

    private func turn(_ s: GameSnapshot) -> SpeechPart {
        let bot = if case .bot = s.turn.player { true } else { false }
        return .turn(seat: s.turn.seat, name: s.turn.name, bot: bot)
    }

    /// What the room's `events` say, named from `s`, with whose turn it is when it passed.
    private func said(_ events: [GameEvent], in s: GameSnapshot, before: Int32?) -> [SpeechPart] {
        var out: [SpeechPart] = []
        for event in events {
            switch event {
            case .moved(let seat, _, let to, _, let pieces, _, _):
                out.append(.moved(seat: seat, name: name(seat, s), pieces: pieces, to: to))
            case .stacked(_, let pieces): out.append(.stacked(pieces: pieces))
            case .captured(_, _, let pieces): out.append(.captured(pieces: pieces))
            case .finished(_, let pieces): out.append(.finished(pieces: pieces))
            case .won(let side):
                let seats = s.sides.first { $0.side == side }?.seats ?? []
                out.append(.won(names: seats.map { name($0, s) }))
            default: break
            }
        }
        if !s.over, s.turn.seat != before { out.append(turn(s)) }
        return out
    }

    private func announce(_ speech: [SpeechPart]) {
        if !speech.isEmpty { executor.perform([.announce(speech: speech)]) }
    }
}
