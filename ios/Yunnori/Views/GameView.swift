import SwiftUI
import YunnoriKit

/// The table: whose turn, the seats, the board, the results in hand, the stick mat, undo.
/// Everything shown comes from `GameModel.state`; every touch becomes one of its intents.
struct GameView: View {
    @Environment(AppServices.self) private var services
    let toMenu: @MainActor () -> Void

    @State private var board = BoardGeometry()
    /// Bumped when the sticks come to rest (for the landing haptic).
    @State private var landings = 0

    private var model: GameModel { services.game }
    private var state: GameState { services.game.state }

    var body: some View {
        VStack(spacing: 10) {
            if let recovered = state.recoveredFromBackup {
                RecoveredBanner(detail: recovered)
            }
            TurnBanner(state: state)
            if let snapshot = state.snapshot {
                SeatStrip(snapshot: snapshot)
            }
            BoardView(state: state, board: board, stepSeconds: 0.17) { spot in
                model.tap(spot)
            }
            .layoutPriority(1)
            HandRow(state: state) { model.select(.home) }
            if state.destinations.contains(.done) || state.destinations.contains(.home) {
                OffBoardRow(destinations: state.destinations) { model.tap($0) }
            }
            if state.canMove || state.hint != nil || state.hintPending {
                HintRow(state: state) { model.askHint() }
            }
            StickMatView(lastThrow: state.lastThrow, enabled: state.canThrow,
                         onThrow: { model.throwSticks($0) },
                         onLanded: { _ in landings += 1 })
                .frame(height: 150)
            HStack {
                Button {
                    model.undo()
                } label: {
                    Label("game.undo", systemImage: "arrow.uturn.backward")
                }
                .disabled(!state.canUndo)
                Spacer()
                if state.snapshot?.over == true {
                    Button("game.playAgain") { model.playAgain() }
                        .buttonStyle(.borderedProminent)
                        .tint(Palette.accent)
                }
            }
            .padding(.horizontal)
        }
        .padding(.vertical, 8)
        .background(Palette.paper.ignoresSafeArea())
        .navigationTitle("game.title")
        .navigationBarTitleDisplayMode(.inline)
        .overlay {
            if let snapshot = state.snapshot, snapshot.over {
                GameOverCard(snapshot: snapshot, playAgain: { model.playAgain() },
                             review: { model.reviewGame() }, menu: toMenu)
                    .transition(.scale.combined(with: .opacity))
            }
        }
        .animation(.spring(duration: 0.35), value: state.snapshot?.over)
        .alert(
            "message.title",
            isPresented: Binding(
                get: { state.message != nil && state.hasGame },
                set: { if !$0 { model.dismissMessage() } }),
            presenting: state.message
        ) { message in
            if message.kind == .botFailed {
                Button("game.retryBot") {
                    model.dismissMessage()
                    model.retryBot()
                }
            }
            Button("common.ok", role: .cancel) { model.dismissMessage() }
        } message: { message in
            Text(verbatim: localized(message))
        }
        .sheet(isPresented: Binding(
            get: { state.review != nil || state.reviewPending },
            set: { if !$0 { model.closeReview() } })
        ) {
            ReviewSheet(review: state.review, snapshot: state.snapshot, board: board) {
                model.closeReview()
            }
        }
        .confirmationDialog(
            "game.choice.title",
            isPresented: Binding(
                get: { state.pendingChoice != nil },
                set: { [shown = state.pendingChoice] in if !$0 { model.cancelChoice(shown) } }),
            titleVisibility: .visible,
            presenting: state.pendingChoice
        ) { choice in
            choiceButtons(choice)
        }
        // Haptics: the throw leaves the hand, the sticks land, a piece is picked, a move
        // ends, a capture, the end of the game, a refused action.
        .sensoryFeedback(.impact(weight: .light), trigger: state.lastThrow?.id)
        .sensoryFeedback(.impact(weight: .heavy), trigger: landings)
        .sensoryFeedback(.selection, trigger: state.selection)
        .sensoryFeedback(.impact(weight: .medium), trigger: state.lastMove?.id)
        .sensoryFeedback(.warning, trigger: captureTrigger)
        .sensoryFeedback(.success, trigger: state.snapshot?.over == true)
        .sensoryFeedback(.error, trigger: state.message?.id)
    }

    private var captureTrigger: Int? {
        guard let move = state.lastMove, move.captured > 0 else { return nil }
        return move.id
    }

    /// Several moves reach the tapped spot: ask the one question that tells them apart.
    /// Each answer names the question it answers (see `GameModel.cancelChoice`).
    @ViewBuilder
    private func choiceButtons(_ choice: MoveChoice) -> some View {
        if choice.routes.count > 1 {
            ForEach(choice.routes, id: \.self) { route in
                Button(routeName(route)) { model.chooseRoute(route, in: choice) }
            }
        } else if choice.stackChoices.count > 1 {
            Button("game.choice.stack") { model.chooseStack(true, in: choice) }
            Button("game.choice.apart") { model.chooseStack(false, in: choice) }
        } else if choice.usesChoices.count > 1 {
            ForEach(choice.usesChoices, id: \.self) { uses in
                Button(uses.map(resultName).joined(separator: " + ")) { model.chooseUses(uses, in: choice) }
            }
        } else {
            ForEach(Array(choice.options.enumerated()), id: \.offset) { i, move in
                Button(String(format: localized("game.choice.option", fallback: "Option %lld"), i + 1)) {
                    model.choose(move)
                }
            }
        }
        Button("common.cancel", role: .cancel) { model.cancelChoice(choice) }
    }
}

// MARK: - Parts

/// The review: each slip of a person, largest first, with the hard bot's better move.
private struct ReviewSheet: View {
    let review: GameReview?
    let snapshot: GameSnapshot?
    let board: BoardGeometry
    let close: @MainActor () -> Void

    var body: some View {
        NavigationStack {
            Group {
                if let review {
                    if review.slips.isEmpty {
                        ContentUnavailableView("review.none", systemImage: "checkmark.seal")
                    } else {
                        List(Array(review.slips.enumerated()), id: \.offset) { _, slip in
                            SlipRow(slip: slip, seat: snapshot?.seats.first { $0.seat == slip.seat },
                                    board: board)
                        }
                    }
                } else {
                    ProgressView("review.working")
                }
            }
            .navigationTitle("review.title")
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button("review.close", action: close)
                }
            }
        }
    }
}

private struct SlipRow: View {
    let slip: Slip
    let seat: SeatView?
    let board: BoardGeometry

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(verbatim: String(format: localized("review.slipTitle", fallback: "Turn %lld · %@"),
                                  Int(slip.turn), seat?.name ?? ""))
                .font(.headline)
                .foregroundStyle(seat.map { Color(hex: $0.colour) } ?? Palette.ink)
            Text(verbatim: String(format: localized("review.played", fallback: "Played %@ (about %lld%% to win)"),
                                  moveWords(slip.played), percent(slip.playedChance)))
            Text(verbatim: String(format: localized("review.better", fallback: "Better: %@ (about %lld%%)"),
                                  moveWords(slip.best), percent(slip.bestChance)))
                .foregroundStyle(Palette.accent)
        }
        .font(.subheadline)
    }

    private func moveWords(_ move: LegalMove) -> String {
        let uses = move.uses.map(resultName).joined(separator: " + ")
        let text = "\(uses): \(spotWords(move.from)) → \(spotWords(move.to))"
        guard move.captures > 0 else { return text }
        let captures = String(format: localized("review.captures", fallback: "captures %lld"), Int(move.captures))
        return "\(text), \(captures)"
    }

    private func spotWords(_ spot: Spot) -> String {
        switch spot {
        case .home: return localized("spot.home", fallback: "waiting")
        case .done: return localized("spot.done", fallback: "home")
        case .station(let id): return board.stations[id].map(stationName) ?? id
        }
    }
}

/// The hint button, and what the hint says (the board rings its piece and destination).
private struct HintRow: View {
    let state: GameState
    let ask: @MainActor () -> Void

    var body: some View {
        HStack(spacing: 8) {
            Button(action: ask) {
                Label("game.hint", systemImage: "lightbulb")
            }
            .buttonStyle(.bordered)
            .disabled(state.hintPending || !state.canMove)
            if state.hintPending {
                ProgressView()
                Text("game.hint.thinking")
            } else if let hint = state.hint {
                VStack(alignment: .leading, spacing: 2) {
                    Text(verbatim: hintText(hint.move))
                    Text(verbatim: String(
                        format: localized("game.hint.chance",
                                          fallback: "Your winning chance after it: about %lld%%"),
                        percent(hint.winChance)))
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
            }
            Spacer()
        }
        .font(.subheadline)
        .padding(.horizontal)
    }

    private func hintText(_ move: LegalMove) -> String {
        let uses = move.uses.map(resultName).joined(separator: " + ")
        if move.to == .done {
            return String(format: localized("game.hint.finish", fallback: "Best move: %@, bringing it home"), uses)
        }
        if move.captures > 0 {
            return String(format: localized("game.hint.capture", fallback: "Best move: %@, sending %lld home"),
                          uses, Int(move.captures))
        }
        return String(format: localized("game.hint.move", fallback: "Best move: %@ to the gold ring"), uses)
    }
}

/// Whose turn it is, and what they are to do.
private struct TurnBanner: View {
    let state: GameState

    var body: some View {
        HStack(spacing: 10) {
            if let turn = state.turn {
                Circle()
                    .fill(Color(hex: turn.colour))
                    .frame(width: 22, height: 22)
                    .overlay(Circle().stroke(.white, lineWidth: 2))
                    .shadow(radius: 1)
                VStack(alignment: .leading, spacing: 2) {
                    Text("game.turnOf \(turn.name)")
                        .font(.headline)
                    Text(verbatim: status)
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                }
                Spacer()
                if case .thinking = state.bot {
                    ProgressView()
                }
            }
        }
        .padding(.horizontal)
        .accessibilityElement(children: .combine)
    }

    private var status: String {
        guard let snapshot = state.snapshot else { return "" }
        if snapshot.over { return localized("game.status.over", fallback: "The game is over") }
        switch state.bot {
        case .waiting, .throwing:
            return localized("game.status.botThrows", fallback: "Throwing…")
        case .thinking:
            return localized("game.status.botThinks", fallback: "Thinking…")
        case .moving:
            return localized("game.status.botMoves", fallback: "Moving…")
        case .idle:
            break
        }
        switch snapshot.phase {
        case .toThrow:
            let owed = Int(snapshot.owed + snapshot.owedPrize)
            return owed > 1
                ? String(format: localized("game.status.throwMany", fallback: "Throw the sticks (%lld throws)"), owed)
                : localized("game.status.throw", fallback: "Throw the sticks")
        case .toMove:
            return state.selection == nil
                ? localized("game.status.pick", fallback: "Pick a piece to move")
                : localized("game.status.destination", fallback: "Tap where it should go")
        case .over:
            return localized("game.status.over", fallback: "The game is over")
        }
    }
}

/// Every seat: colour, name, pieces waiting, pieces home, place once finished.
private struct SeatStrip: View {
    let snapshot: GameSnapshot

    var body: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            HStack(spacing: 8) {
                ForEach(snapshot.seats, id: \.seat) { seat in
                    let acting = seat.seat == snapshot.turn.seat && !snapshot.over
                    HStack(spacing: 6) {
                        Circle().fill(Color(hex: seat.colour)).frame(width: 12, height: 12)
                        Text(verbatim: seat.name)
                            .font(.subheadline.weight(acting ? .bold : .regular))
                            .lineLimit(1)
                        if case .bot = seat.player {
                            Image(systemName: "cpu").font(.caption2).foregroundStyle(.secondary)
                        }
                        Text("game.seatCounts \(Int(seat.home)) \(Int(seat.done))")
                            .font(.caption.monospacedDigit())
                            .foregroundStyle(.secondary)
                        if let place = seat.place {
                            Text("game.place \(Int(place))")
                                .font(.caption.bold())
                                .foregroundStyle(Palette.accent)
                        }
                    }
                    .padding(.horizontal, 10)
                    .padding(.vertical, 6)
                    .background(
                        Capsule().fill(acting ? Color(hex: seat.colour).opacity(0.18) : Palette.card))
                    .overlay(Capsule().stroke(acting ? Color(hex: seat.colour) : .clear, lineWidth: 1.5))
                    .accessibilityElement(children: .combine)
                }
            }
            .padding(.horizontal)
        }
    }
}

/// The results waiting to be spent, and the pieces waiting to enter (tap to pick them).
private struct HandRow: View {
    let state: GameState
    let pickHome: @MainActor () -> Void

    var body: some View {
        HStack(spacing: 8) {
            if let hand = state.snapshot?.hand, !hand.isEmpty {
                Text("game.hand").font(.caption).foregroundStyle(.secondary)
                ForEach(Array(hand.enumerated()), id: \.offset) { _, result in
                    Text(verbatim: resultName(result.result))
                        .font(.subheadline.bold())
                        .padding(.horizontal, 10)
                        .padding(.vertical, 4)
                        .background(Capsule().fill(result.prize ? Palette.highlight : Palette.card))
                }
            }
            Spacer()
            if state.origins.contains(.home), let turn = state.turn {
                let waiting = state.snapshot?.seats.first { $0.seat == turn.seat }?.home ?? 0
                Button(action: pickHome) {
                    HStack(spacing: 4) {
                        Circle().fill(Color(hex: turn.colour)).frame(width: 14, height: 14)
                        Text("game.enterPiece \(Int(waiting))")
                    }
                }
                .buttonStyle(.bordered)
                .tint(state.selection == .home ? Palette.accent : Palette.line)
            }
        }
        .padding(.horizontal)
        .frame(minHeight: 34)
    }
}

/// Buttons for the picked piece's moves off the board, which have no station to tap:
/// bringing it home, and a Back-Do from the first station back to the waiting pieces.
private struct OffBoardRow: View {
    let destinations: [Spot]
    let choose: @MainActor (Spot) -> Void

    var body: some View {
        HStack(spacing: 8) {
            Spacer()
            if destinations.contains(.home) {
                Button { choose(.home) } label: {
                    Label("board.home", systemImage: "arrow.uturn.backward.circle")
                }
            }
            if destinations.contains(.done) {
                Button { choose(.done) } label: {
                    Label("board.exit", systemImage: "arrow.down.right.circle")
                }
            }
        }
        .buttonStyle(.borderedProminent)
        .tint(Palette.accent)
        .font(.subheadline)
        .padding(.horizontal)
    }
}

private struct RecoveredBanner: View {
    let detail: String

    var body: some View {
        Label("game.recovered", systemImage: "exclamationmark.arrow.circlepath")
            .font(.footnote)
            .padding(8)
            .frame(maxWidth: .infinity, alignment: .leading)
            .background(RoundedRectangle(cornerRadius: 10).fill(Palette.highlight.opacity(0.3)))
            .padding(.horizontal)
            .accessibilityHint(Text(verbatim: detail))
    }
}

private struct GameOverCard: View {
    let snapshot: GameSnapshot
    let playAgain: @MainActor () -> Void
    let review: @MainActor () -> Void
    let menu: @MainActor () -> Void

    var body: some View {
        VStack(spacing: 16) {
            Text("game.over.title")
                .font(.largeTitle.bold())
            if let winner = snapshot.winner {
                Text("game.over.winner \(names(ofSide: winner))")
                    .font(.title3)
                    .multilineTextAlignment(.center)
            }
            if snapshot.places.count > 1 {
                VStack(alignment: .leading, spacing: 4) {
                    ForEach(Array(snapshot.places.enumerated()), id: \.offset) { i, side in
                        Text("game.over.place \(i + 1) \(names(ofSide: side))")
                    }
                }
            }
            HStack {
                Button("game.menu", action: menu)
                    .buttonStyle(.bordered)
                Button("review.button", action: review)
                    .buttonStyle(.bordered)
                Button("game.playAgain", action: playAgain)
                    .buttonStyle(.borderedProminent)
                    .tint(Palette.accent)
            }
        }
        .padding(28)
        .background(RoundedRectangle(cornerRadius: 24).fill(.regularMaterial))
        .shadow(radius: 12)
        .padding(32)
    }

    private func names(ofSide side: Int32) -> String {
        let seats = snapshot.sides.first { $0.side == side }?.seats ?? []
        return seats.compactMap { seat in snapshot.seats.first { $0.seat == seat }?.name }
            .formatted(.list(type: .and))
    }
}
