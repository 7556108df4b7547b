import SwiftUI
import YunnoriKit

/// The room before its game: the code to share, the seats (who holds them, connected,
/// ready, a bot), this phone's Ready, and the host's controls.
struct LobbyView: View {
    @Environment(AppServices.self) private var services
    private var online: OnlineModel { services.online }

    var body: some View {
        Form {
            if let room = online.room {
                Section { RoomCodeCard(code: room.code, link: room.link) }
                Section {
                    ForEach(room.seats, id: \.seat) { seat in
                        RoomSeatRow(seat: seat, host: seat.seat == room.hostSeat)
                    }
                    .onDelete { offsets in
                        let seats = offsets.map { room.seats[$0].seat }
                        Task { for seat in seats { await online.removeSeat(seat) } }
                    }
                    .deleteDisabled(!room.hosting)
                    if room.hosting {
                        Button("online.lobby.addBot") { Task { await online.addSeat(.bot(level: .medium)) } }
                    }
                } header: {
                    Text("online.lobby.seats")
                }
                Section {
                    Toggle("online.lobby.ready", isOn: Binding(
                        get: { online.mySeats.allSatisfy(\.ready) && !online.mySeats.isEmpty },
                        set: { ready in Task { await online.ready(ready) } }))
                    if room.hosting {
                        Button("online.lobby.start") { Task { await online.start() } }
                            .disabled(!online.canStart || online.busy)
                    }
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
            if let url = URL(string: link) {
                ShareLink("online.share", item: url)
            }
        }
        .frame(maxWidth: .infinity)
    }
}

/// One seat: its name, whose it is (this phone, another, a bot, open), connected, ready,
/// a bot standing in.
struct RoomSeatRow: View {
    let seat: RoomSeat
    let host: Bool

    var body: some View {
        HStack {
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
        if case .bot = seat.player { return "online.seat.bot" }
        if seat.standin != nil { return "online.seat.standin" }
        if !seat.taken { return "online.seat.open" }
        if !seat.connected { return "online.seat.away" }
        if seat.mine { return seat.ready ? "online.seat.mineReady" : "online.seat.mine" }
        return seat.ready ? "online.seat.ready" : "online.seat.notReady"
    }
}

/// The game screen's banner while the connection is lost and being restored.
struct ConnectionBannerView: View {
    let banner: ConnectionBanner

    var body: some View {
        HStack(spacing: 8) {
            if case .reconnecting = banner { ProgressView() }
            Text(text)
                .font(.callout.weight(.semibold))
        }
        .frame(maxWidth: .infinity, minHeight: 44)
        .foregroundStyle(FilledColours.accent.title)
        .background(FilledColours.accent.fill)
        .accessibilityElement(children: .combine)
    }

    private var text: LocalizedStringKey {
        switch banner {
        case .reconnecting: "online.banner.reconnecting"
        case .closed: "online.banner.closed"
        }
    }
}

/// Whose device holds each seat of an online game, and the seats a bot plays for now.
struct OnlineSeatsStrip: View {
    let seats: [RoomSeat]

    var body: some View {
        HStack(spacing: 12) {
            ForEach(seats, id: \.seat) { seat in
                Label {
                    Text(verbatim: seat.name)
                } icon: {
                    Image(systemName: icon(seat))
                }
                .font(.caption)
                .accessibilityLabel(Text(verbatim: seat.name) + Text(verbatim: ", ") + Text(holderKey(seat)))
            }
        }
    }

    private func icon(_ seat: RoomSeat) -> String {
        if case .bot = seat.player { return "cpu" }
        if seat.standin != nil { return "cpu.fill" }
        if seat.mine { return "iphone" }
        return seat.connected ? "iphone.radiowaves.left.and.right" : "iphone.slash"
    }

    private func holderKey(_ seat: RoomSeat) -> LocalizedStringKey {
        if case .bot = seat.player { return "online.seat.bot" }
        if seat.standin != nil { return "online.seat.standin" }
        if seat.mine { return "online.seat.mine" }
        return seat.connected ? "online.seat.other" : "online.seat.away"
    }
}

#Preview("Lobby, waiting for the room") {
    NavigationStack { LobbyView() }
        .environment(AppServices(previewing: nil))
}

#Preview("Room code") {
    RoomCodeCard(code: "ABCD23", link: roomLink(code: "ABCD23"))
}

#Preview("Connection banner") {
    VStack {
        ConnectionBannerView(banner: .reconnecting(attempt: 2))
        ConnectionBannerView(banner: .closed)
    }
}
