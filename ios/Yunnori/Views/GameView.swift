import SwiftUI
import YunnoriKit

/// The table: whose turn, the seats, the board, the results in hand, the stick mat, undo.
/// It draws the core's `TableState` and sends every touch as a `TableAction`; what is
/// allowed, lit, asked or shown is the core's.
///
/// The board is a square whose size depends only on the screen's (`TableLayout`): the
/// rows that come and go with the phase (the hint, the off-board buttons) sit in one row
/// that keeps its place, so nothing moves between a throw and a move. In landscape and on
/// a wide iPad the board and the mat stand side by side; what does not fit at large text
/// sizes scrolls, the board never shrinks for it.
struct GameView: View {
    let table: TableState
    let act: @MainActor (TableAction) -> Void
    /// Opens this game's rules (a local game's; `nil` for a room's).
    var openRules: (@MainActor () -> Void)?
    /// Online: the room's seats and connection (`nil` for a game on this phone).
    var room: OnlineState?
    /// Online: tries the lost connection again.
    var retry: @MainActor () -> Void = {}

    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var board = BoardGeometry()

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
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                if let openRules {
                    Button("game.rules", action: openRules)
                }
            }
        }
        .overlay {
            if table.snapshot.over && !table.resultAside {
                GameOverCard(snapshot: table.snapshot, advice: table.advice, act: act)
                    .transition(reduceMotion ? .opacity : .scale.combined(with: .opacity))
            }
        }
        .animation(reduceMotion ? nil : .spring(duration: 0.35), value: table.snapshot.over && !table.resultAside)
        .sheet(isPresented: Binding(
            get: { table.review != nil || table.reviewPending },
            set: { if !$0 { act(.closeReview) } })
        ) {
            ReviewSheet(slips: table.review, snapshot: table.snapshot, board: board) { act(.closeReview) }
        }
        .confirmationDialog(
            "game.choice.title",
            // Dismissed by its buttons only: an answer and a cancel each say which.
            isPresented: .constant(table.choice != nil),
            titleVisibility: .visible,
            presenting: table.choice
        ) { question in
            ChoiceButtons(question: question, snapshot: table.snapshot, act: act)
        }
    }

    private var header: some View {
        VStack(spacing: 8) {
            if let recovered = table.recoveredFromBackup {
                RecoveredBanner(detail: recovered)
            }
            if let banner = room?.banner {
                ConnectionBannerView(banner: banner, retry: retry)
            }
            if case .mismatch? = room?.room?.game?.throws {
                ThrowsMismatchBanner()
            }
            TurnBanner(snapshot: table.snapshot, status: table.status, bot: table.bot)
            SeatStrip(snapshot: table.snapshot)
            if let seats = room?.room?.seats {
                OnlineSeatsStrip(seats: seats)
            }
        }
    }

    private var boardView: some View {
        BoardView(table: table, board: board) { act(.tap(spot: $0)) }
            .overlay(alignment: .top) {
                if table.hint != nil || table.hintPending {
                    HintCaption(hint: table.hint)
                }
            }
    }

    private func controls(matHeight: Double) -> some View {
        VStack(spacing: 10) {
            HandRow(hand: table.snapshot.hand)
            ActionRow(table: table, act: act)
            StickMatView(shown: table.throw, status: table.mat, seats: table.snapshot.seats, act: act)
                .frame(height: matHeight)
                .padding(.horizontal)
            HStack {
                Button {
                    act(.undo)
                } label: {
                    Label("game.undo", systemImage: "arrow.uturn.backward")
                        .frame(minHeight: 44)
                }
                .disabled(!table.canUndo)
                Spacer()
                if table.snapshot.over {
                    if table.resultAside {
                        Button("game.over.show") { act(.setResultAside(aside: false)) }
                            .buttonStyle(.target)
                    }
                    Button("game.playAgain") { act(.playAgain) }
                        .buttonStyle(.target(.accent))
                }
            }
            .padding(.horizontal)
        }
    }
}

/// Several moves reach the tapped spot: the core's one question that tells them apart.
private struct ChoiceButtons: View {
    let question: MoveQuestion
    let snapshot: GameSnapshot
    let act: @MainActor (TableAction) -> Void

    var body: some View {
        if question.routes.count > 1 {
            ForEach(question.routes, id: \.self) { route in
                Button(routeName(route)) { act(.chooseRoute(route: route)) }
            }
        } else if question.stackChoices.count > 1 {
            Button("game.choice.stack") { act(.chooseStack(join: true)) }
            Button("game.choice.apart") { act(.chooseStack(join: false)) }
        } else if question.usesChoices.count > 1 {
            ForEach(question.usesChoices, id: \.self) { uses in
                Button(uses.map(resultName).joined(separator: " + ")) { act(.chooseUses(uses: uses)) }
            }
        } else {
            ForEach(Array(question.moves.enumerated()), id: \.offset) { i, index in
                Button(String(format: localized("game.choice.option", fallback: "Option %lld"), i + 1)) {
                    act(.chooseMove(index: index, state: snapshot.state))
                }
            }
        }
        Button("common.cancel", role: .cancel) { act(.cancelChoice) }
    }
}

// MARK: - Previews

#Preview("A throw due") {
    if let table = Samples.table(.firstThrow) {
        NavigationStack { GameView(table: table, act: { _ in }, openRules: {}) }
    }
}

#Preview("A piece picked, its destinations lit") {
    if let table = Samples.table(.moveDue) {
        NavigationStack { GameView(table: table, act: { _ in }) }
    }
}

#Preview("The sticks in the air") {
    if let table = Samples.table(.inTheAir) {
        NavigationStack { GameView(table: table, act: { _ in }) }
    }
}

#Preview("Which route?") {
    if let table = Samples.table(.question) {
        NavigationStack { GameView(table: table, act: { _ in }) }
    }
}

#Preview("A hint") {
    if let table = Samples.table(.hint) {
        NavigationStack { GameView(table: table, act: { _ in }) }
    }
}

#Preview("A bot's turn") {
    if let table = Samples.table(.botsTurn) {
        NavigationStack { GameView(table: table, act: { _ in }) }
    }
}

#Preview("Two stacks on one station") {
    if let table = Samples.table(.sharedStation) {
        NavigationStack { GameView(table: table, act: { _ in }) }
    }
}

#Preview("Game over") {
    if let table = Samples.table(.over) {
        NavigationStack { GameView(table: table, act: { _ in }) }
    }
}

#Preview("A room's game, reconnecting, a bot standing in") {
    if let table = Samples.table(.midGame),
       let room = OnlineSamples.game(connection: .reconnecting(attempt: 2, nextTryAtMs: 0)) {
        NavigationStack { GameView(table: table, act: { _ in }, room: room) }
    }
}
