import SwiftUI
import YunnoriKit

/// The saved games, newest first, as the core lists them: a damaged game can only be
/// deleted, one opened from its backup says so, one from a newer app asks for an update;
/// deleting asks first. Above them, the online rooms this phone holds seats in.
struct SavedGamesView: View {
    let saved: SavedState
    /// The rooms kept from earlier visits (Rejoin, or Forget on a swipe).
    var rooms: [KeptRoom] = []
    let send: @MainActor (AppEvent) -> Void

    var body: some View {
        List {
            SavedRoomsSection(rooms: rooms) { send(.online(action: $0)) }
            ForEach(saved.rows, id: \.id) { row in
                Button {
                    send(.table(action: .resume(id: row.id)))
                } label: {
                    SavedGameRow(row: row)
                }
                .disabled(!row.canOpen)
                .swipeActions {
                    // Asks first: a game deleted is gone for good.
                    Button("resume.delete", role: .destructive) { send(.saved(action: .requestDelete(id: row.id))) }
                }
            }
        }
        .confirmationDialog(
            "resume.delete.confirm",
            isPresented: .constant(saved.pendingDelete != nil),
            titleVisibility: .visible,
            presenting: saved.pendingDelete
        ) { id in
            Button("resume.delete", role: .destructive) { send(.saved(action: .delete(id: id))) }
            Button("common.cancel", role: .cancel) { send(.dismiss) }
        } message: { _ in
            Text("resume.delete.detail")
        }
        .overlay {
            if saved.loaded && saved.rows.isEmpty && rooms.isEmpty {
                ContentUnavailableView("resume.empty", systemImage: "tray",
                                       description: Text("resume.empty.detail"))
            }
        }
        .navigationTitle("resume.title")
        // The action inherits the view's main actor; the list comes back with the view.
        .refreshable { send(.saved(action: .refresh)) }
    }
}

private struct SavedGameRow: View {
    let row: SaveRow

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            if let summary = row.summary {
                HStack(spacing: 6) {
                    ForEach(Array(summary.seats.enumerated()), id: \.offset) { _, seat in
                        Circle().fill(Color(hex: seat.colour)).frame(width: 10, height: 10)
                        Text(verbatim: seat.name).font(.headline).lineLimit(1)
                    }
                }
                .foregroundStyle(.primary)
                HStack(spacing: 8) {
                    Text(verbatim: presetName(summary.preset))
                    if summary.finished {
                        Text(verbatim: winnerText(summary))
                    } else {
                        Text("resume.turn \(Int(summary.turnNumber))")
                        if let seat = summary.toMove, summary.seats.indices.contains(Int(seat)) {
                            Text("resume.toMove \(summary.seats[Int(seat)].name)")
                        }
                    }
                    Spacer()
                    Text(Date(timeIntervalSince1970: Double(summary.updatedMs) / 1000),
                         format: .relative(presentation: .named))
                }
                .font(.caption)
                .foregroundStyle(Palette.inkSoft)
            } else {
                Text(verbatim: row.id).font(.headline).foregroundStyle(Palette.inkSoft)
            }
            health
        }
        .padding(.vertical, 2)
        .accessibilityElement(children: .combine)
    }

    @ViewBuilder
    private var health: some View {
        switch row.health {
        case .good:
            EmptyView()
        case .backup:
            Label("resume.recovered", systemImage: "exclamationmark.arrow.circlepath")
                .font(.caption)
                .foregroundStyle(.orange)
        case .damaged:
            VStack(alignment: .leading, spacing: 2) {
                Label("resume.damaged", systemImage: "exclamationmark.triangle.fill")
                    .font(.caption.bold())
                    .foregroundStyle(.red)
                if let reason = damageText(row.damage) {
                    Text(verbatim: reason)
                        .font(.caption2)
                        .foregroundStyle(Palette.inkSoft)
                        .lineLimit(2)
                }
            }
        case .fromNewerVersion:
            Label("resume.newer", systemImage: "arrow.up.circle")
                .font(.caption)
                .foregroundStyle(Palette.inkSoft)
        }
    }

    private func presetName(_ preset: Preset) -> String {
        let info = presets().first { $0.preset == preset }
        return localized("preset.\(info?.id ?? "")", fallback: info?.label ?? "")
    }

    private func winnerText(_ summary: SaveSummary) -> String {
        guard let side = summary.winner else {
            return localized("resume.finished", fallback: "Finished")
        }
        let names = summary.seats.filter { $0.side == side }.map(\.name)
        return String(format: localized("resume.won", fallback: "%@ won"),
                      names.formatted(.list(type: .and)))
    }
}

/// The online rooms this phone holds seats in: Rejoin, or Forget (swipe).
struct SavedRoomsSection: View {
    let rooms: [KeptRoom]
    let act: @MainActor (OnlineAction) -> Void

    var body: some View {
        if !rooms.isEmpty {
            Section {
                ForEach(rooms, id: \.code) { room in
                    Button { act(.rejoin(code: room.code)) } label: {
                        HStack {
                            Text(verbatim: room.code)
                                .font(.headline)
                            Spacer()
                            Text("online.rejoin")
                        }
                    }
                    .swipeActions {
                        Button("online.forget", role: .destructive) { act(.forget(code: room.code)) }
                    }
                }
            } header: {
                Text("online.rooms")
            }
        }
    }
}

#Preview("Saved games: one to go on, one finished, one damaged") {
    if let saved = Samples.view(.savedGames)?.saved {
        NavigationStack {
            SavedGamesView(saved: saved, send: { _ in })
        }
    }
}

#Preview("Saved games and two kept rooms") {
    if let saved = Samples.view(.savedGames)?.saved {
        NavigationStack {
            SavedGamesView(saved: saved, rooms: OnlineSamples.kept, send: { _ in })
        }
    }
}

#Preview("No saved games") {
    NavigationStack {
        SavedGamesView(saved: SavedState(loaded: true, rows: [], pendingDelete: nil), send: { _ in })
    }
}

#Preview("Asking before a delete") {
    if let saved = Samples.view(.savedGames)?.saved, let row = saved.rows.first {
        NavigationStack {
            SavedGamesView(saved: SavedState(loaded: true, rows: saved.rows, pendingDelete: row.id),
                           send: { _ in })
        }
    }
}
