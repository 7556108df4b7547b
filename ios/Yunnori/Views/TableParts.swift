import SwiftUI
import YunnoriKit

// The rows of the game screen around the board and the mat, each drawing a part of the
// core's `TableState`.

/// Whose turn it is, and what they are to do.
struct TurnBanner: View {
    let snapshot: GameSnapshot
    let status: TurnLine
    let bot: BotState

    var body: some View {
        HStack(spacing: 10) {
            Circle()
                .fill(Color(hex: snapshot.turn.colour))
                .frame(width: 22, height: 22)
                .overlay(Circle().stroke(Palette.card, lineWidth: 2))
                .shadow(radius: 1)
            VStack(alignment: .leading, spacing: 2) {
                Text("game.turnOf \(snapshot.turn.name)")
                    .font(.headline)
                Text(verbatim: statusWords(status))
                    .font(.subheadline)
                    .foregroundStyle(Palette.inkSoft)
            }
            Spacer()
            if case .thinking = bot {
                ProgressView()
            }
        }
        .padding(.horizontal)
        .accessibilityElement(children: .combine)
    }
}

/// Every seat: colour, name, pieces waiting, pieces home, place once finished.
struct SeatStrip: View {
    let snapshot: GameSnapshot

    var body: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            HStack(spacing: 8) {
                ForEach(snapshot.seats, id: \.seat) { seat in
                    SeatChip(seat: seat, acting: seat.seat == snapshot.turn.seat && !snapshot.over)
                }
            }
            .padding(.horizontal)
        }
    }
}

private struct SeatChip: View {
    let seat: SeatView
    let acting: Bool

    var body: some View {
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
        .background(Capsule().fill(acting ? Color(hex: seat.colour).opacity(0.18) : Palette.card))
        .overlay(Capsule().stroke(acting ? Color(hex: seat.colour) : .clear, lineWidth: 1.5))
        .accessibilityElement(children: .combine)
    }
}

/// The results waiting to be spent, wrapping onto more lines when they do not fit (a run
/// of Yuts and Mos, large text). Its height is kept while it is empty.
struct HandRow: View {
    let hand: [HandResult]
    @ScaledMetric(relativeTo: .subheadline) private var chipWidth: CGFloat = 92

    var body: some View {
        HStack(alignment: .firstTextBaseline, spacing: 8) {
            if hand.isEmpty {
                Spacer()
            } else {
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
struct ActionRow: View {
    let table: TableState
    let act: @MainActor (TableAction) -> Void

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

    private var destinations: [Spot] { table.selection?.destinations.map(\.to) ?? [] }

    @ViewBuilder
    private var buttons: some View {
        if table.advice && (table.canMove || table.hintPending) {
            Button { act(.hint) } label: {
                Label("game.hint", systemImage: "lightbulb")
            }
            .buttonStyle(.target)
            .disabled(!table.canHint)
        }
        Spacer(minLength: 0)
        if table.movable.contains(.home) {
            let turn = table.snapshot.turn
            let waiting = table.snapshot.seats.first { $0.seat == turn.seat }?.home ?? 0
            let picked = table.selection?.from == .home
            Button { act(.tap(spot: .home)) } label: {
                HStack(spacing: 4) {
                    Circle().fill(Color(hex: turn.colour)).frame(width: 14, height: 14)
                    Text("game.enterPiece \(Int(waiting))")
                }
            }
            .buttonStyle(.target)
            .tint(picked ? Palette.accent : Palette.line)
            .accessibilityAddTraits(picked ? .isSelected : [])
        }
        if destinations.contains(.home) {
            Button { act(.tap(spot: .home)) } label: {
                Label("board.home", systemImage: "arrow.uturn.backward.circle")
            }
            .buttonStyle(.target(.accent))
        }
        if destinations.contains(.done) {
            Button { act(.tap(spot: .done)) } label: {
                Label("board.exit", systemImage: "arrow.down.right.circle")
            }
            .buttonStyle(.target(.accent))
        }
    }
}

/// What the hint says, over the top of the board (the board rings its piece and
/// destination), so the rows under the board keep their place; `nil` while the hard bot
/// is still looking.
struct HintCaption: View {
    let hint: HintView?

    var body: some View {
        VStack(spacing: 2) {
            if let hint {
                Text(verbatim: hintWords(hint.mv))
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

struct RecoveredBanner: View {
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

/// The end of the game: who won, the places, and what next (the review, another game at
/// the same table, the board without the card, the menu).
struct GameOverCard: View {
    let snapshot: GameSnapshot
    /// The review is offered (a local game's).
    let advice: Bool
    let act: @MainActor (TableAction) -> Void

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
        Button("game.menu") { act(.leave) }
            .buttonStyle(.target)
        Button("game.over.aside") { act(.setResultAside(aside: true)) }
            .buttonStyle(.target)
        if advice {
            Button("review.button") { act(.review) }
                .buttonStyle(.target)
        }
        Button("game.playAgain") { act(.playAgain) }
            .buttonStyle(.target(.accent))
    }

    private func names(ofSide side: Int32) -> String {
        let seats = snapshot.sides.first { $0.side == side }?.seats ?? []
        return seats.compactMap { seat in snapshot.seats.first { $0.seat == seat }?.name }
            .formatted(.list(type: .and))
    }
}

/// The review: each slip of a person, largest first, with the hard bot's better move; a
/// spinner while it is worked out. Drawn on its own by the snapshot tests (a sheet is not
/// drawn into a view's image).
struct ReviewSheet: View {
    let slips: [Slip]?
    let snapshot: GameSnapshot
    let board: BoardGeometry
    let close: @MainActor () -> Void

    var body: some View {
        NavigationStack {
            Group {
                if let slips {
                    if slips.isEmpty {
                        ContentUnavailableView("review.none", systemImage: "checkmark.seal")
                    } else {
                        List(Array(slips.enumerated()), id: \.offset) { _, slip in
                            SlipRow(slip: slip, seat: snapshot.seats.first { $0.seat == slip.seat },
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

#Preview("The turn banner and the seats, mid-game") {
    if let table = Samples.table(.midGame) {
        VStack {
            TurnBanner(snapshot: table.snapshot, status: table.status, bot: table.bot)
            SeatStrip(snapshot: table.snapshot)
        }
    }
}

#Preview("The hand and the action row, a move due") {
    if let table = Samples.table(.moveDue) {
        VStack {
            HandRow(hand: table.snapshot.hand)
            ActionRow(table: table, act: { _ in })
        }
    }
}

#Preview("The hint over the board") {
    VStack {
        HintCaption(hint: Samples.table(.hint)?.hint)
        HintCaption(hint: nil)
    }
}

#Preview("The game-over card") {
    if let table = Samples.table(.over) {
        GameOverCard(snapshot: table.snapshot, advice: true, act: { _ in })
    }
}

#Preview("The review") {
    if let table = Samples.table(.review) {
        ReviewSheet(slips: table.review, snapshot: table.snapshot, board: BoardGeometry(), close: {})
    }
}

#Preview("The review being worked out") {
    if let table = Samples.table(.over) {
        ReviewSheet(slips: nil, snapshot: table.snapshot, board: BoardGeometry(), close: {})
    }
}

#Preview("A game restored from its backup") {
    RecoveredBanner(detail: "the main file was cut short")
}
