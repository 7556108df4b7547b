import SwiftUI
import YunnoriKit

/// The saved games, newest first. A damaged game is listed as damaged (it can only be
/// deleted); one restored from its backup says so; one from a newer app asks for an update.
struct ResumeView: View {
    @Environment(AppServices.self) private var services
    let open: (String) -> Void
    /// Rejoins an online room left earlier (its seats' tokens are kept on this phone).
    var rejoin: (SavedRoom) -> Void = { _ in }

    private var model: ResumeModel { services.resume }
    private var state: ResumeState { services.resume.state }

    var body: some View {
        List {
            SavedRoomsSection(rejoin: rejoin)
            ForEach(state.entries) { entry in
                Button {
                    if entry.canOpen { open(entry.id) }
                } label: {
                    ResumeRow(entry: entry)
                }
                .disabled(!entry.canOpen)
                .swipeActions {
                    // Asks first: a game deleted is gone for good.
                    Button("resume.delete", role: .destructive) { model.askToDelete(id: entry.id) }
                }
            }
        }
        .confirmationDialog(
            "resume.delete.confirm",
            isPresented: Binding(
                get: { state.pendingDelete != nil },
                set: { if !$0 { model.cancelDelete() } }),
            titleVisibility: .visible,
            presenting: state.pendingDelete
        ) { entry in
            Button("resume.delete", role: .destructive) { model.delete(id: entry.id) }
            Button("common.cancel", role: .cancel) { model.cancelDelete() }
        } message: { _ in
            Text("resume.delete.detail")
        }
        .overlay {
            if state.loaded && state.entries.isEmpty {
                ContentUnavailableView("resume.empty", systemImage: "tray",
                                       description: Text("resume.empty.detail"))
            }
        }
        .navigationTitle("resume.title")
        // The action inherits the view's main actor, where reload() runs at once.
        .refreshable { [model] in model.reload() }
        .onAppear { model.reload() }
        .messageAlert(state.message) { model.dismissMessage() }
    }
}

private struct ResumeRow: View {
    let entry: ResumeEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            if let summary = entry.summary {
                HStack(spacing: 6) {
                    ForEach(Array(summary.seats.enumerated()), id: \.offset) { _, seat in
                        Circle().fill(Color(hex: seat.colour)).frame(width: 10, height: 10)
                        Text(verbatim: seat.name).font(.headline).lineLimit(1)
                    }
                }
                .foregroundStyle(.primary)
                HStack(spacing: 8) {
                    Text(verbatim: presetName(summary.preset))
                    if !summary.finished {
                        Text("resume.turn \(Int(summary.turnNumber))")
                    }
                    if summary.finished {
                        Text(verbatim: winnerText(summary))
                    } else if let seat = summary.toMove, summary.seats.indices.contains(Int(seat)) {
                        Text("resume.toMove \(summary.seats[Int(seat)].name)")
                    }
                    Spacer()
                    if let updated = entry.updated {
                        Text(updated, format: .relative(presentation: .named))
                    }
                }
                .font(.caption)
                .foregroundStyle(Palette.inkSoft)
            } else {
                Text(verbatim: entry.id).font(.headline).foregroundStyle(Palette.inkSoft)
            }
            condition
        }
        .padding(.vertical, 2)
        .accessibilityElement(children: .combine)
    }

    @ViewBuilder
    private var condition: some View {
        switch entry.condition {
        case .good:
            EmptyView()
        case .recovered:
            Label("resume.recovered", systemImage: "exclamationmark.arrow.circlepath")
                .font(.caption)
                .foregroundStyle(.orange)
        case .damaged:
            VStack(alignment: .leading, spacing: 2) {
                Label("resume.damaged", systemImage: "exclamationmark.triangle.fill")
                    .font(.caption.bold())
                    .foregroundStyle(.red)
                if let reason = damageText(entry.damage) {
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

#Preview("Saved games: one to go on, one finished, one damaged") {
    NavigationStack {
        ResumeView(open: { _ in })
    }
    .environment(AppServices(previewing: GameModel(library: nil)))
}

#Preview("No saved games") {
    NavigationStack {
        ResumeView(open: { _ in })
    }
    .environment(AppServices(previewing: GameModel(library: nil), library: nil))
}

#Preview("A saved game's row") {
    let resume = ResumeModel(library: Samples.library())
    List(resume.state.entries, id: \.id) { entry in
        ResumeRow(entry: entry)
    }
    .onAppear { resume.reload() }
}

/// The online rooms this phone holds seats in: Rejoin, or Forget (swipe).
struct SavedRoomsSection: View {
    @Environment(AppServices.self) private var services
    let rejoin: (SavedRoom) -> Void

    var body: some View {
        if let rooms = services.online.tickets?.rooms, !rooms.isEmpty {
            Section {
                ForEach(rooms) { room in
                    Button { rejoin(room) } label: {
                        HStack {
                            Text(verbatim: room.code)
                                .font(.headline)
                            Spacer()
                            Text("online.rejoin")
                        }
                    }
                    .swipeActions {
                        Button("online.forget", role: .destructive) { services.online.forget(room) }
                    }
                }
            } header: {
                Text("online.rooms")
            }
        }
    }
}
