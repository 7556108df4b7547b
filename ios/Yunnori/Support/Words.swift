import SwiftUI
import YunnoriKit

// The words of the game screen's states and events. What to say is decided in YunnoriKit
// (`TurnStatus`, `MatStatus`, `Speech`), where the tests see it; here it is only worded,
// in the player's language.

/// The turn banner's line.
func statusWords(_ status: TurnStatus) -> String {
    switch status {
    case .throwSticks(let throwsOwed):
        return throwsOwed > 1
            ? String(format: localized("game.status.throwMany", fallback: "Throw the sticks (%lld throws)"), throwsOwed)
            : localized("game.status.throw", fallback: "Throw the sticks")
    case .pickPiece: return localized("game.status.pick", fallback: "Pick a piece to move")
    case .pickDestination: return localized("game.status.destination", fallback: "Tap where it should go")
    case .inTheAir: return localized("game.status.inTheAir", fallback: "The sticks are in the air…")
    case .botThrows: return localized("game.status.botThrows", fallback: "Throwing…")
    case .botThinks: return localized("game.status.botThinks", fallback: "Thinking…")
    case .botMoves: return localized("game.status.botMoves", fallback: "Moving…")
    case .remoteTurn: return localized("game.status.remoteTurn", fallback: "Another phone is playing…")
    case .over: return localized("game.status.over", fallback: "The game is over")
    }
}

/// What the stick mat offers, for VoiceOver (never empty).
func matWords(_ status: MatStatus) -> String {
    switch status {
    case .ready: return localized("game.throwHint.voice", fallback: "Double-tap to throw the sticks")
    case .inTheAir: return localized("mat.flying", fallback: "The sticks are in the air")
    case .moveFirst: return localized("mat.moveFirst", fallback: "Move a piece before the next throw")
    case .othersTurn(let seat): return String(format: localized("mat.othersTurn", fallback: "%@ is playing"), seat)
    case .over: return localized("game.status.over", fallback: "The game is over")
    case .noGame: return localized("mat.idle", fallback: "The stick mat")
    }
}

/// A VoiceOver announcement: its parts as sentences, in order.
func spokenWords(_ speech: [Speech], board: BoardGeometry) -> String {
    speech.map { part in
        switch part {
        case .threw(let seat, let result):
            return String(format: localized("say.threw", fallback: "%1$@ threw %2$@."), seat, resultName(result))
        case .moved(let seat, let pieces, let to):
            let place = spotName(to, on: board)
            return pieces > 1
                ? String(format: localized("say.movedMany", fallback: "%1$@ moved %2$lld pieces to %3$@."),
                         seat, Int(pieces), place)
                : String(format: localized("say.moved", fallback: "%1$@ moved to %2$@."), seat, place)
        case .stacked(let pieces):
            return String(format: localized("say.stacked", fallback: "Now %lld pieces travel together."), Int(pieces))
        case .captured(let pieces):
            return String(format: localized("say.captured", fallback: "Caught %lld, sent back to the start."),
                          Int(pieces))
        case .finished(let pieces):
            return String(format: localized("say.finished", fallback: "%lld came home."), Int(pieces))
        case .undone:
            return localized("say.undone", fallback: "Move taken back.")
        case .turn(let seat, let isBot):
            return isBot
                ? String(format: localized("say.botTurn", fallback: "%@ plays now (the phone plays it)."), seat)
                : String(format: localized("say.turn", fallback: "%@'s turn."), seat)
        case .won(let winners):
            return String(format: localized("say.won", fallback: "%@ won the game."),
                          winners.formatted(.list(type: .and)))
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

extension Haptic {
    /// The feedback the phone plays for this haptic.
    var feedback: SensoryFeedback {
        switch self {
        case .thrown: return .impact(weight: .light)
        case .picked: return .selection
        case .moved: return .impact(weight: .medium)
        case .captured: return .warning
        case .won: return .success
        case .refused: return .error
        }
    }
}
