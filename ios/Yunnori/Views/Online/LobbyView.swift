import SwiftUI
import YunnoriKit

/// The room before its game (and beside it, once it plays): the code to share, the seats
/// (who holds them, connected, ready, a bot), this phone's Ready, and the host's controls.
/// It draws the core's `OnlineState` and sends every touch as an `OnlineAction`; what is
/// allowed is the core's (`canStart`, `hosting`, `busy`).
struct LobbyView: View {
    let online: OnlineState
    let act: @MainActor (OnlineAction) -> Void
    let share: @MainActor (String) -> Void
    /// Back to the room's game, when it plays.
    var toGame: (@MainActor () -> Void)?

    var body: some View {
        Form {
            if let banner = online.banner {
                Section { ConnectionBannerView(banner: banner) { act(.retry) } }
            }
            if let room = online.room {
                Section { RoomCodeCard(code: room.code, link: room.link, share: share) }
                Section {
                    ForEach(room.seats, id: \.seat) { seat in
                        RoomSeatRow(seat: seat, host: seat.seat == room.hostSeat)
                    }
                    .onDelete { offsets in
                        for i in offsets { act(.removeSeat(seat: room.seats[i].seat)) }
                    }
                    .deleteDisabled(!room.hosting || room.phase != .lobby)
                    if room.hosting && room.phase == .lobby {
                        Button("online.lobby.addBot") { act(.addSeat(player: .bot(level: .medium))) }
                    }
                } header: {
                    Text("online.lobby.seats")
                }
                if room.phase == .lobby {
                    Section {
                        Toggle("online.lobby.ready", isOn: Binding(
                            get: { online.allMineReady },
                            set: { ready in for seat in online.mySeats { act(.ready(seat: seat.seat, ready: ready)) } }))
                        if room.hosting {
                            Button("online.lobby.start") { act(.start) }
                                .disabled(!room.canStart || online.busy)
                        }
                    }
                } else if let toGame {
                    Section { Button("online.lobby.toGame", action: toGame) }
                }
            } else {
                ProgressView()
            }
        }
        .navigationTitle("online.lobby.title")
    }
}

/// The room's code, large, and the share sheet with its link.
struct RoomCodeCard: View {
    let code: String
    let link: String
    let share: @MainActor (String) -> Void
    /// 48 points at the default text size, growing and shrinking with Dynamic Type.
    @ScaledMetric(relativeTo: .largeTitle) private var codeSize: CGFloat = 48

    var body: some View {
        VStack(spacing: 12) {
            Text("online.code")
                .font(.headline)
            Text(verbatim: code)
                .font(.system(size: codeSize, weight: .heavy, design: .monospaced))
                // One line: at the largest sizes a long code shrinks to fit the width.
                .lineLimit(1)
                .minimumScaleFactor(0.4)
                .accessibilityLabel(Text(verbatim: code.map(String.init).joined(separator: " ")))
            Button { share(link) } label: {
                Label("online.share", systemImage: "square.and.arrow.up")
                    .frame(minHeight: 44)
            }
        }
        .frame(maxWidth: .infinity)
    }
}

/// One seat: its name, whose it is (this phone, another, a bot, open), connected, ready,
/// a bot standing in.
struct RoomSeatRow: View {
    let seat: RoomSeatState
    let host: Bool

    var body: some View {
        HStack {
            Circle().fill(Color(hex: seat.colour)).frame(width: 10, height: 10)
            Text(verbatim: seat.name)
            if host { Image(systemName: "crown").accessibilityLabel(Text("online.seat.host")) }
            Spacer()
            Text(seatStateKey)
                .font(.footnote)
                .foregroundStyle(Palette.inkSoft)
        }
        .accessibilityElement(children: .combine)
    }

    private var seatStateKey: LocalizedStringKey {
        switch seat.holder {
        case .bot: "online.seat.bot"
        case .standin: "online.seat.standin"
        case .away: "online.seat.away"
        case .open: "online.seat.open"
        case .mine(let ready): ready ? "online.seat.mineReady" : "online.seat.mine"
        case .other(let ready): ready ? "online.seat.ready" : "online.seat.notReady"
        }
    }
}

/// The banner while the room's connection is lost and being restored, or closed (with
/// Retry).
struct ConnectionBannerView: View {
    let banner: ConnectionBanner
    let retry: @MainActor () -> Void

    var body: some View {
        HStack(spacing: 8) {
            if case .reconnecting = banner { ProgressView() }
            Text(text)
                .font(.callout.weight(.semibold))
            if banner == .closed {
                Button("online.banner.retry", action: retry)
                    .buttonStyle(.target)
            }
        }
        .frame(maxWidth: .infinity, minHeight: 44)
        .foregroundStyle(FilledColours.accent.title)
        .background(FilledColours.accent.fill)
        .accessibilityElement(children: .contain)
    }

    private var text: LocalizedStringKey {
        switch banner {
        case .reconnecting: "online.banner.reconnecting"
        case .closed: "online.banner.closed"
        }
    }
}

/// Whose device holds each seat of a room's game, and the seats a bot plays for now.
struct OnlineSeatsStrip: View {
    let seats: [RoomSeatState]

    var body: some View {
        HStack(spacing: 12) {
            ForEach(seats, id: \.seat) { seat in
                Label {
                    Text(verbatim: seat.name)
                } icon: {
                    Image(systemName: icon(seat.holder))
                }
                .font(.caption)
                .accessibilityElement(children: .ignore)
                .accessibilityLabel(Text(verbatim: seat.name) + Text(verbatim: ", ") + Text(holderKey(seat.holder)))
            }
        }
    }

    private func icon(_ holder: SeatHolder) -> String {
        switch holder {
        case .bot: "cpu"
        case .standin: "cpu.fill"
        case .away: "iphone.slash"
        case .open: "circle.dashed"
        case .mine: "iphone"
        case .other: "iphone.radiowaves.left.and.right"
        }
    }

    private func holderKey(_ holder: SeatHolder) -> LocalizedStringKey {
        switch holder {
        case .bot: "online.seat.bot"
        case .standin: "online.seat.standin"
        case .away: "online.seat.away"
        case .open: "online.seat.open"
        case .mine: "online.seat.mine"
        case .other: "online.seat.other"
        }
    }
}

/// The room's throws do not check out against the secret the server revealed: said loudly.
struct ThrowsMismatchBanner: View {
    var body: some View {
        Label("online.throws.mismatch", systemImage: "exclamationmark.octagon.fill")
            .font(.callout.weight(.semibold))
            .foregroundStyle(FilledColours.accent.title)
            .frame(maxWidth: .infinity, minHeight: 44)
            .background(FilledColours.accent.fill)
    }
}

#Preview("Lobby, hosting") {
    NavigationStack { LobbyView(online: OnlineSamples.lobby(), act: { _ in }, share: { _ in }) }
}

#Preview("Lobby, joined, reconnecting") {
    NavigationStack {
        LobbyView(online: OnlineSamples.lobby(hosting: false,
                                              connection: .reconnecting(attempt: 3, nextTryAtMs: 0)),
                  act: { _ in }, share: { _ in })
    }
}

#Preview("Lobby, waiting for the room") {
    NavigationStack { LobbyView(online: AppModel.blank.online, act: { _ in }, share: { _ in }) }
}

#Preview("Room code") {
    RoomCodeCard(code: OnlineSamples.code, link: "https://rooms.yunnori.app/r/\(OnlineSamples.code)", share: { _ in })
}

#Preview("Connection banner") {
    VStack {
        ConnectionBannerView(banner: .reconnecting(attempt: 2)) {}
        ConnectionBannerView(banner: .closed) {}
        ThrowsMismatchBanner()
    }
}

#Preview("Seats of a room's game, one standing in") {
    if let seats = OnlineSamples.game()?.room?.seats {
        OnlineSeatsStrip(seats: seats)
    }
}
