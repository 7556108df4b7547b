import Foundation
import Testing
import YutCore
@testable import YunnoriKit

/// How the online screens draw the core's `OnlineState`: the connection's banner and the
/// word for each seat's holder (the lobby's rows, the room table's strip).
@Suite("Online screens: the banner and the seats as drawn")
@MainActor
struct OnlineShownTests {
    private func state(_ connection: LinkState, inRoom: Bool = true) -> OnlineState {
        let lobby = OnlineSamples.lobby(connection: connection)
        return OnlineState(stage: inRoom ? .lobby : .entry, server: lobby.server, busy: false, watching: false,
                           connection: connection, room: inRoom ? lobby.room : nil, kept: [])
    }

    @Test("the banner shows while the room's connection is lost or closed, never while it is up or first opening")
    func banner() {
        #expect(state(.live).banner == nil)
        #expect(state(.idle, inRoom: false).banner == nil)
        #expect(state(.connecting(attempt: 1), inRoom: false).banner == nil, "the first try is the entry's busy")
        #expect(state(.connecting(attempt: 3)).banner == .reconnecting(attempt: 3))
        #expect(state(.reconnecting(attempt: 2, nextTryAtMs: 5_000)).banner == .reconnecting(attempt: 2))
        #expect(state(.closed(reason: "gone")).banner == .closed)
        #expect(state(.closed(reason: "refused"), inRoom: false).banner == nil, "no room: the message says why")
    }

    @Test("each seat reads as whose it is: a bot, a bot standing in, away, open, this phone's, another's")
    func holders() throws {
        let lobby = try #require(OnlineSamples.lobby().room?.seats)
        #expect(lobby.map(\.holder) == [.mine(ready: true), .other(ready: false), .bot, .open])
        let joined = try #require(OnlineSamples.lobby(hosting: false).room?.seats)
        #expect(joined.map(\.holder).prefix(2) == [.other(ready: true), .mine(ready: false)])
        let game = try #require(OnlineSamples.game()?.room?.seats)
        #expect(game[1].holder == .standin, "away with a bot standing in: the stand-in shows")
        let s = game[1]
        let away = RoomSeatState(seat: s.seat, number: s.number, name: s.name, colour: s.colour, player: s.player,
                                 taken: true, connected: false, away: true, ready: true, standin: nil, mine: false)
        #expect(away.holder == .away)
    }

    @Test("this phone's seats and whether all are ready, for the lobby's Ready")
    func mine() {
        #expect(OnlineSamples.lobby().allMineReady)
        #expect(!OnlineSamples.lobby(hosting: false).allMineReady)
        #expect(!AppModel.blank.online.allMineReady, "no seat held: not ready")
        #expect(OnlineSamples.lobby(hosting: false).mySeats.map(\.seat) == [1])
    }
}
