import SwiftUI
import YunnoriKit

// The words of what the core says as ids and values (`TurnLine`, `MatState`, `SpeechPart`,
// `MessageKind`): the core decides what to say, the app only words it, in the player's
// language.

/// The turn banner's line.
func statusWords(_ status: TurnLine) -> String {
    switch status {
    case .throw(let owed):
        return owed > 1
            ? String(format: localized("game.status.throwMany", fallback: "Throw the sticks (%lld throws)"), Int(owed))
            : localized("game.status.throw", fallback: "Throw the sticks")
    case .pickPiece: return localized("game.status.pick", fallback: "Pick a piece to move")
    case .pickDestination: return localized("game.status.destination", fallback: "Tap where it should go")
    case .inTheAir: return localized("game.status.inTheAir", fallback: "The sticks are in the air…")
    case .botThrows: return localized("game.status.botThrows", fallback: "Throwing…")
    case .botThinks: return localized("game.status.botThinks", fallback: "Thinking…")
    case .botMoves: return localized("game.status.botMoves", fallback: "Moving…")
    case .remote: return localized("game.status.remoteTurn", fallback: "Another phone is playing…")
    case .over: return localized("game.status.over", fallback: "The game is over")
    }
}

/// What the stick mat offers, for VoiceOver (never empty).
func matWords(_ status: MatState, seats: [SeatView]) -> String {
    switch status {
    case .ready: return localized("game.throwHint.voice", fallback: "Double-tap to throw the sticks")
    case .inTheAir: return localized("mat.flying", fallback: "The sticks are in the air")
    case .moveFirst: return localized("mat.moveFirst", fallback: "Move a piece before the next throw")
    case .othersTurn(let seat):
        let name = seats.first { $0.seat == seat }?.name ?? ""
        return String(format: localized("mat.othersTurn", fallback: "%@ is playing"), name)
    case .over: return localized("game.status.over", fallback: "The game is over")
    }
}

/// A VoiceOver announcement: its parts as sentences, in order.
func spokenWords(_ speech: [SpeechPart], board: BoardGeometry) -> String {
    speech.map { part in
        switch part {
        case .threw(_, let name, let result):
            return String(format: localized("say.threw", fallback: "%1$@ threw %2$@."), name, resultName(result))
        case .moved(_, let name, let pieces, let to):
            let place = spotName(to, on: board)
            return pieces > 1
                ? String(format: localized("say.movedMany", fallback: "%1$@ moved %2$lld pieces to %3$@."),
                         name, Int(pieces), place)
                : String(format: localized("say.moved", fallback: "%1$@ moved to %2$@."), name, place)
        case .stacked(let pieces):
            return String(format: localized("say.stacked", fallback: "Now %lld pieces travel together."), Int(pieces))
        case .captured(let pieces):
            return String(format: localized("say.captured", fallback: "Caught %lld, sent back to the start."),
                          Int(pieces))
        case .finished(let pieces):
            return String(format: localized("say.finished", fallback: "%lld came home."), Int(pieces))
        case .undone:
            return localized("say.undone", fallback: "Move taken back.")
        case .turn(_, let name, let bot):
            return bot
                ? String(format: localized("say.botTurn", fallback: "%@ plays now (the phone plays it)."), name)
                : String(format: localized("say.turn", fallback: "%@'s turn."), name)
        case .won(let names):
            return String(format: localized("say.won", fallback: "%@ won the game."),
                          names.formatted(.list(type: .and)))
        case .hint(let move, let winChance):
            return "\(hintWords(move)). \(chanceWords(winChance))"
        }
    }
    .joined(separator: " ")
}

/// The hint's move: the results it spends, and what it does (gold rings mark it on the
/// board).
func hintWords(_ move: LegalMove) -> String {
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

/// The mover's winning chance after the hint's move.
func chanceWords(_ chance: Double) -> String {
    String(format: localized("game.hint.chance", fallback: "Your winning chance after it: about %lld%%"),
           percent(chance))
}

/// A message of the core in the player's language, with the core's own English detail
/// beside it where the app speaks English.
func messageWords(_ message: Message) -> String {
    let text = messageText(message.kind)
    return coreDetail(message.detail).map { "\(text)\n\n\($0)" } ?? text
}

/// The sentence of each kind of message (the core's `MessageKind`, keys `message.<kind>`).
func messageText(_ kind: MessageKind) -> String {
    switch kind {
    case .invalidRules: localized("message.invalidRules", fallback: "These rules cannot be played together.")
    case .invalidSetup: localized("message.invalidSetup", fallback: "The table cannot be set up like this.")
    case .illegalMove: localized("message.illegalMove", fallback: "That move is not allowed.")
    case .notNow: localized("message.notNow", fallback: "That cannot be done right now.")
    case .notYourTurn: localized("message.notYourTurn", fallback: "Wait: it is not your turn.")
    case .cannotUndo: localized("message.cannotUndo", fallback: "There is no move to take back.")
    case .stale: localized("message.stale", fallback: "The game has moved on. Please choose again.")
    case .noSuchMove: localized("message.noSuchMove", fallback: "No move goes there.")
    case .noGame: localized("message.noGame", fallback: "Start or open a game first.")
    case .saveNotFound: localized("message.saveNotFound", fallback: "That saved game no longer exists.")
    case .saveDamaged:
        localized("message.saveDamaged", fallback: "That saved game is damaged and cannot be opened.")
    case .saveFromNewerVersion:
        localized("message.saveFromNewerVersion",
                  fallback: "That game was saved by a newer version of Yunnori. Update the app to open it.")
    case .saveConflict:
        localized("message.saveConflict",
                  fallback: "This game was saved or deleted in another window. Moves made here are not saved; open it again from Saved Games.")
    case .fileProblem: localized("message.fileProblem", fallback: "The game could not be read or written.")
    case .notSaved: localized("message.notSaved", fallback: "The game could not be saved. It goes on, unsaved.")
    case .notDeleted: localized("message.notDeleted", fallback: "The saved game could not be deleted.")
    case .recoveredFromBackup:
        localized("message.recoveredFromBackup",
                  fallback: "Opened from the backup: the last move or so may be missing.")
    case .botFailed: localized("message.botFailed", fallback: "The computer player could not make its move.")
    case .botNetsLate:
        localized("message.botNetsLate",
                  fallback: "The computer player is still waiting for its game data to download. It will move as soon as it arrives; check your connection.")
    case .invalidInput: localized("message.invalidInput", fallback: "The game could not read that.")
    case .internal: localized("message.internal", fallback: "Something went wrong inside the game.")
    case .seatNameMissing(let seat):
        String(format: localized("message.seatNameMissing", fallback: "Player %lld needs a name."), Int(seat) + 1)
    case .sameColour: localized("message.sameColour", fallback: "Two players have the same colour.")
    case .refused: localized("message.refused", fallback: "The room refused that.")
    case .roomNotFound:
        localized("message.roomNotFound", fallback: "There is no room with that code. It may have closed.")
    case .roomFull: localized("message.roomFull", fallback: "That room has no open seat.")
    case .serverBusy:
        localized("message.serverBusy", fallback: "The server cannot take that right now. Try again in a moment.")
    case .tooFast: localized("message.tooFast", fallback: "Too many taps at once. Wait a moment.")
    case .seatGone: localized("message.seatGone", fallback: "This phone no longer holds a seat in that room.")
    case .hostOnly(let name): hostOnlyText(name)
    case .notEveryoneReady(let name, let number): notReadyText(name, number)
    case .alreadyStarted:
        localized("message.alreadyStarted", fallback: "The game in that room has already started.")
    case .badName: localized("message.badName", fallback: "That name cannot be used. Choose another.")
    case .undoOff: localized("message.undoOff", fallback: "Taking back moves is off in this room.")
    case .offline: localized("message.offline", fallback: "The connection to the room is lost.")
    case .serverProtocol:
        localized("message.serverProtocol", fallback: "The server speaks a newer language; update the app.")
    case .badRoomCode: localized("message.badRoomCode", fallback: "That is not a room code.")
    case .badServerAddress:
        localized("message.badServerAddress",
                  fallback: "That is not a server address: it starts with wss:// or ws:// and names a host.")
    case .serverNotice: localized("message.serverNotice", fallback: "A message from the server.")
    }
}

/// Only the host may do that, naming the host when the core knows the room.
private func hostOnlyText(_ name: String?) -> String {
    guard let name else { return localized("message.hostOnly", fallback: "Only the host can do that.") }
    return String(format: localized("message.hostOnly.named", fallback: "Only the host, %@, can do that."), name)
}

/// Why the game cannot start: the person not ready in seat `number` (from 1), the seat
/// still open, or (the core naming nobody) everyone in general.
private func notReadyText(_ name: String?, _ number: UInt32?) -> String {
    guard let number else {
        return localized("message.notEveryoneReady", fallback: "Not everyone is ready yet.")
    }
    guard let name else {
        return String(format: localized("message.seatOpen",
                                        fallback: "Seat %lld is still open: the game starts once someone takes it."),
                      Int(number))
    }
    return String(format: localized("message.notReady.named", fallback: "%1$@ (seat %2$lld) is not ready yet."),
                  name, Int(number))
}
