import SwiftUI
import YunnoriKit

/// The table: whose turn, the seats, the board, the results in hand, the stick mat, undo.
/// Everything shown comes from `GameModel.state`; every touch becomes one of its intents.
///
/// The board is a square whose size depends only on the screen's (`TableLayout`): the
/// rows that come and go with the phase (the hint, the off-board buttons) sit in one row
/// that keeps its place, so nothing moves between a throw and a move. In landscape and on
/// a wide iPad the board and the mat stand side by side; what does not fit at large text
/// sizes scrolls, the board never shrinks for it.
struct GameView: View {
    @Environment(AppServices.self) private var services
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    let toMenu: @MainActor () -> Void

    @State private var board = BoardGeometry()

    private var model: GameModel { services.game }
    private var state: GameState { services.game.state }

    var body: some View {
        GeometryReader { geo in
            let layout = TableLayout(width: geo.size.width, height: geo.size.height)
            if layout.sideBySide {
                HStack(alignment: .top, spacing: 12) {
                    boardView
                        .frame(width: layout.boardSide, height: layout.boardSide)
                    ScrollView {
                        VStack(spacing: 10) {
                            header
                            controls(matHeight: layout.matHeight)
                        }
                        .padding(.vertical, 8)
                    }
                }
                .padding(.horizontal, 8)
            } else {
                ScrollView {
                    VStack(spacing: 10) {
                        header
                        boardView
                            .frame(width: layout.boardSide, height: layout.boardSide)
                        controls(matHeight: layout.matHeight)
                    }
                    .padding(.vertical, 8)
                    .frame(maxWidth: .infinity)
                }
            }
        }
        .foregroundStyle(Palette.ink)
        .background(Palette.paper.ignoresSafeArea())
        .navigationTitle("game.title")
        .navigationBarTitleDisplayMode(.inline)
        .overlay {
            if let snapshot = state.snapshot, snapshot.over {
                GameOverCard(snapshot: snapshot, playAgain: { model.playAgain() },
                             review: { model.reviewGame() }, menu: toMenu)
                    .transition(reduceMotion ? .opacity : .scale.combined(with: .opacity))
            }
        }
        .animation(reduceMotion ? nil : .spring(duration: 0.35), value: state.snapshot?.over)
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
        // Haptics: each event of the model once (a throw, a pick, a move, a capture, the
        // end, a refusal), never when the value goes back. The sticks' knocks are played
        // by the model's `ThrowFeedback` (StickKnocks), at their times.
        .sensoryFeedback(trigger: state.event) { old, new in
            TableEvent.fresh(old, new)?.haptic?.feedback
        }
        // With Reduce Motion the sticks only drop, and the result waits only for that.
        .onChange(of: reduceMotion, initial: true) { _, reduce in model.reduceMotion = reduce }
        // VoiceOver hears each throw, move, capture and change of turn, a bot's as well.
        .onChange(of: state.event) { old, new in
            guard let event = TableEvent.fresh(old, new), !event.speech.isEmpty else { return }
            AccessibilityNotification.Announcement(spokenWords(event.speech, board: board)).post()
        }
    }

    private var header: some View {
        VStack(spacing: 8) {
            if let recovered = state.recoveredFromBackup {
                RecoveredBanner(detail: recovered)
            }
            if let banner = state.online?.banner {
                ConnectionBannerView(banner: banner)
            }
            TurnBanner(state: state)
            if let snapshot = state.snapshot {
                SeatStrip(snapshot: snapshot)
            }
            if let online = state.online {
                OnlineSeatsStrip(table: online)
            }
        }
    }

    /// How fast the board plays the last move: Reduce Motion's pace (the piece jumps, the
    /// rest a quarter as long), a quick bot's move a quarter as long (the bot waits only
    /// that long after it), else the table's.
    private var pace: BoardPace {
        let mover = state.lastMove.flatMap { move in state.snapshot?.seats.first { $0.seat == move.seat } }
        let byBot = if case .bot? = mover?.player { true } else { false }
        return .of(reduceMotion: reduceMotion, quickBot: model.quickBots && byBot)
    }

    private var boardView: some View {
        BoardView(state: state, board: board, pace: pace) { spot in
            model.tap(spot)
        }
        .overlay(alignment: .top) {
            if state.hint != nil || state.hintPending {
                HintCaption(hint: state.hint)
            }
        }
    }

    private func controls(matHeight: Double) -> some View {
        VStack(spacing: 10) {
            HandRow(state: state)
            ActionRow(state: state, pickHome: { model.select(.home) }, choose: { model.tap($0) },
                      askHint: { model.askHint() })
            StickMatView(flight: state.flight, result: state.lastThrow, status: state.mat,
                         inAir: state.sticksInAir, onThrow: { model.throwSticks($0) },
                         onLayout: { model.mat = $0 })
                .frame(height: matHeight)
                .padding(.horizontal)
            HStack {
                Button {
                    model.undo()
                } label: {
                    Label("game.undo", systemImage: "arrow.uturn.backward")
                        .frame(minHeight: 44)
                }
                .disabled(!state.canUndo)
                Spacer()
                if state.snapshot?.over == true {
                    Button("game.playAgain") { model.playAgain() }
                        .buttonStyle(.target(.accent))
                }
            }
            .padding(.horizontal)
        }
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
/// Internal, not private: the snapshot tests draw it on its own (a sheet is not drawn
/// into a view's image).
struct ReviewSheet: View {
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
                .foregroundStyle(seat.map { Color(hex: $0.colour) } ?? Color.primary)
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
        let text = "\(uses): \(spotName(move.from, on: board)) → \(spotName(move.to, on: board))"
        guard move.captures > 0 else { return text }
        let captures = String(format: localized("review.captures", fallback: "captures %lld"), Int(move.captures))
        return "\(text), \(captures)"
    }
}

/// What the hint says, over the top of the board (the board rings its piece and
/// destination), so the rows under the board keep their place; `nil` while the hard bot
/// is still looking.
private struct HintCaption: View {
    let hint: Hint?

    var body: some View {
        VStack(spacing: 2) {
            if let hint {
                Text(verbatim: hintWords(hint.move))
                Text(verbatim: chanceWords(hint.winChance))
                    .font(.caption)
                    .foregroundStyle(Palette.inkSoft)
            } else {
                HStack(spacing: 6) {
                    ProgressView()
                    Text("game.hint.thinking")
                }
            }
        }
        .font(.subheadline)
        .multilineTextAlignment(.center)
        .padding(.horizontal, 12)
        .padding(.vertical, 4)
        .background(RoundedRectangle(cornerRadius: 10).fill(.regularMaterial))
        // It lies over the board, which does not grow with the text: capped, so it never
        // hides the board (VoiceOver reads it whole).
        .dynamicTypeSize(...DynamicTypeSize.xxxLarge)
        .accessibilityElement(children: .combine)
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
                    .overlay(Circle().stroke(Palette.card, lineWidth: 2))
                    .shadow(radius: 1)
                VStack(alignment: .leading, spacing: 2) {
                    Text("game.turnOf \(turn.name)")
                        .font(.headline)
                    if let status = state.status {
                        Text(verbatim: statusWords(status))
                            .font(.subheadline)
                            .foregroundStyle(Palette.inkSoft)
                    }
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
                            Image(systemName: "cpu").font(.caption2).foregroundStyle(Palette.inkSoft)
                        }
                        Text("game.seatCounts \(Int(seat.home)) \(Int(seat.done))")
                            .font(.caption.monospacedDigit())
                            .foregroundStyle(Palette.inkSoft)
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

/// The results waiting to be spent, wrapping onto more lines when they do not fit (a run
/// of Yuts and Mos, large text). Its height is kept while it is empty.
private struct HandRow: View {
    let state: GameState
    @ScaledMetric(relativeTo: .subheadline) private var chipWidth: CGFloat = 92

    var body: some View {
        HStack(alignment: .firstTextBaseline, spacing: 8) {
            if let hand = state.snapshot?.hand, !hand.isEmpty {
                Text("game.hand").font(.caption).foregroundStyle(Palette.inkSoft)
                LazyVGrid(columns: [GridItem(.adaptive(minimum: chipWidth), spacing: 6, alignment: .leading)],
                          alignment: .leading, spacing: 6) {
                    ForEach(Array(hand.enumerated()), id: \.offset) { _, result in
                        Text(verbatim: resultName(result.result))
                            .font(.subheadline.bold())
                            // The gold of a prize throw is light in both appearances.
                            .foregroundStyle(result.prize ? Color.black : Palette.ink)
                            .padding(.horizontal, 10)
                            .padding(.vertical, 4)
                            .background(Capsule().fill(result.prize ? Palette.highlight : Palette.card))
                    }
                }
            } else {
                Spacer()
            }
        }
        .padding(.horizontal)
        .frame(minHeight: 34)
        .accessibilityElement(children: .combine)
    }
}

/// One row that keeps its place in every phase: the hint, the pieces waiting to enter
/// (tap to pick them), and the picked piece's moves off the board, which have no station
/// to tap (bringing it home; a Back-Do from the first station back to the waiting pieces).
/// When the buttons do not fit side by side, their icons stand for their titles (VoiceOver
/// still reads the titles); at large text sizes they stack instead of running off.
private struct ActionRow: View {
    let state: GameState
    let pickHome: @MainActor () -> Void
    let choose: @MainActor (Spot) -> Void
    let askHint: @MainActor () -> Void

    var body: some View {
        ViewThatFits(in: .horizontal) {
            HStack(spacing: 8) { buttons }
            HStack(spacing: 8) { buttons }.labelStyle(.iconOnly)
            VStack(alignment: .leading, spacing: 8) { buttons }
        }
        .font(.subheadline)
        .padding(.horizontal)
        .frame(maxWidth: .infinity, minHeight: 44, alignment: .leading)
    }

    @ViewBuilder
    private var buttons: some View {
        if state.canMove || state.hintPending {
            Button(action: askHint) {
                Label("game.hint", systemImage: "lightbulb")
            }
            .buttonStyle(.target)
            .disabled(state.hintPending || !state.canMove)
        }
        Spacer(minLength: 0)
        if state.origins.contains(.home), let turn = state.turn {
            let waiting = state.snapshot?.seats.first { $0.seat == turn.seat }?.home ?? 0
            Button(action: pickHome) {
                HStack(spacing: 4) {
                    Circle().fill(Color(hex: turn.colour)).frame(width: 14, height: 14)
                    Text("game.enterPiece \(Int(waiting))")
                }
            }
            .buttonStyle(.target)
            .tint(state.selection == .home ? Palette.accent : Palette.line)
            .accessibilityAddTraits(state.selection == .home ? .isSelected : [])
        }
        if state.destinations.contains(.home) {
            Button { choose(.home) } label: {
                Label("board.home", systemImage: "arrow.uturn.backward.circle")
            }
            .buttonStyle(.target(.accent))
        }
        if state.destinations.contains(.done) {
            Button { choose(.done) } label: {
                Label("board.exit", systemImage: "arrow.down.right.circle")
            }
            .buttonStyle(.target(.accent))
        }
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
            .accessibilityHint(Text(verbatim: coreDetail(detail) ?? ""))
    }
}

private struct GameOverCard: View {
    let snapshot: GameSnapshot
    let playAgain: @MainActor () -> Void
    let review: @MainActor () -> Void
    let menu: @MainActor () -> Void

    var body: some View {
        ViewThatFits(in: .vertical) {
            card
            ScrollView { card }
        }
        .padding(32)
    }

    private var card: some View {
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
            ViewThatFits(in: .horizontal) {
                HStack { buttons }
                VStack { buttons }
            }
        }
        .padding(28)
        .background(RoundedRectangle(cornerRadius: 24).fill(.regularMaterial))
        .shadow(radius: 12)
    }

    @ViewBuilder
    private var buttons: some View {
        Button("game.menu", action: menu)
            .buttonStyle(.target)
        Button("review.button", action: review)
            .buttonStyle(.target)
        Button("game.playAgain", action: playAgain)
            .buttonStyle(.target(.accent))
    }

    private func names(ofSide side: Int32) -> String {
        let seats = snapshot.sides.first { $0.side == side }?.seats ?? []
        return seats.compactMap { seat in snapshot.seats.first { $0.seat == seat }?.name }
            .formatted(.list(type: .and))
    }
}

// MARK: - Previews

#Preview("A throw due") {
    GameView(toMenu: {})
        .environment(AppServices(previewing: Samples.game(.firstThrow)))
}

#Preview("A piece picked") {
    GameView(toMenu: {})
        .environment(AppServices(previewing: Samples.game(.toMove)))
}

#Preview("Two stacks on one station") {
    GameView(toMenu: {})
        .environment(AppServices(previewing: Samples.game(.sharedStation)))
}

#Preview("Game over") {
    GameView(toMenu: {})
        .environment(AppServices(previewing: Samples.game(.over)))
}

#Preview("The turn banner and the seats, mid-game") {
    let state = Samples.game(.midGame).state
    VStack {
        TurnBanner(state: state)
        if let snapshot = state.snapshot { SeatStrip(snapshot: snapshot) }
    }
}

#Preview("The hand and the action row, a move due") {
    let state = Samples.game(.toMove).state
    VStack {
        HandRow(state: state)
        ActionRow(state: state, pickHome: {}, choose: { _ in }, askHint: {})
    }
}

#Preview("The game-over card") {
    if let snapshot = Samples.game(.over).state.snapshot {
        GameOverCard(snapshot: snapshot, playAgain: {}, review: {}, menu: {})
    }
}

#Preview("The review being worked out") {
    ReviewSheet(review: nil, snapshot: Samples.game(.over).state.snapshot, board: BoardGeometry(), close: {})
}

#Preview("A game restored from its backup") {
    RecoveredBanner(detail: "the main file was cut short")
}
