import Foundation
import Observation
import YutCore

/// A seat as the new-game screen edits it.
public struct SeatDraft: Sendable, Equatable, Identifiable {
    public let id: Int
    public internal(set) var name: String
    /// `#RRGGBB`.
    public internal(set) var colour: String
    public internal(set) var player: PlayerKind

    public var isBot: Bool {
        if case .bot = player { return true }
        return false
    }
}

public struct NewGameState: Sendable, Equatable {
    /// The traditions to start from.
    public internal(set) var presets: [PresetInfo]
    /// The rules as the core normalised them: a preset and what differs from it.
    public internal(set) var rules: Rules
    /// Every option with its kind, allowed values, current and preset value.
    public internal(set) var description: RulesDescription
    public internal(set) var seats: [SeatDraft]
    /// Two sides of two partners (seats 1 and 3 against 2 and 4), when four play.
    public internal(set) var teams: Bool
    /// Whether people may take back a move.
    public internal(set) var undo: Bool
    public internal(set) var message: UserMessage?

    public var preset: Preset { rules.preset }
    public var presetInfo: PresetInfo? { presets.first { $0.preset == rules.preset } }
    public var options: [RuleOption] { description.options }

    /// The house rules changed from the preset.
    public var changedKeys: Set<String> { Set(rules.changes.map(\.key)) }

    /// Seats the app offers: two to four, within what the rules allow.
    public var seatRange: ClosedRange<Int> {
        let low = max(2, Int(description.minSeats))
        return low...max(low, min(4, Int(description.maxSeats)))
    }

    public var canAddSeat: Bool { seats.count < seatRange.upperBound }
    public var canRemoveSeat: Bool { seats.count > seatRange.lowerBound }
    /// Teams need four seats (two partners a side, taking turns alternately).
    public var teamsAvailable: Bool { seats.count == 4 }

    /// The side a seat plays for, with teams on (0 or 1).
    public func team(ofSeatAt index: Int) -> Int? {
        teams && teamsAvailable ? index % 2 : nil
    }

    /// The sides handed to the core.
    var sides: [[Int32]]? {
        guard teams, teamsAvailable else { return nil }
        return [[0, 2], [1, 3]]
    }
}

/// The new-game screen's model: a preset, house rules from the core's option descriptors,
/// two to four seats (name, colour, person or bot), teams where four play. Every rule change
/// is checked by the core at once; a combination it refuses is kept out, with a message.
@MainActor
@Observable
public final class NewGameModel {
    public private(set) var state: NewGameState

    /// Seat colours on offer, in order.
    public nonisolated static let palette = SeatColour.allCases.map(\.hex)

    @ObservationIgnored private let defaultName: (Int) -> String
    @ObservationIgnored private var nextSeatID = 0

    /// - Parameter defaultName: the name of seat `n` (from 0) left blank, in the player's
    ///   language.
    public init(defaultName: @escaping (Int) -> String = { "Player \($0 + 1)" }) {
        self.defaultName = defaultName
        let rules = presetRules(preset: .yunnori)
        // The presets are the core's own: describing one cannot fail unless the library
        // is broken, and then the screen says so instead of crashing.
        var message: UserMessage?
        let description: RulesDescription
        do {
            description = try describeRules(rules: rules)
        } catch {
            message = UserMessage.from(error)
            description = RulesDescription(rules: rules, options: [], minSeats: 2, maxSeats: 4)
        }
        state = NewGameState(
            presets: presets(), rules: description.rules, description: description,
            seats: [], teams: false, undo: true, message: message)
        // One at a time: each new seat takes the first colour nobody has.
        state.seats.append(makeSeat(.human, index: 0))
        state.seats.append(makeSeat(.bot(level: .medium), index: 1))
    }

    // MARK: - Rules

    public func selectPreset(_ preset: Preset) {
        guard describe(presetRules(preset: preset)) else { return }
        clampSeats()
        setOption(Self.pieces, to: .count(value: dealtPieces()))
    }

    /// Sets one option; the core checks the whole rule set.
    public func setOption(_ key: String, to value: RuleValue) {
        var changes = state.rules.changes.filter { $0.key != key }
        changes.append(RuleSetting(key: key, value: value))
        describe(Rules(preset: state.rules.preset, changes: changes))
    }

    /// Puts one option back to the preset's value.
    public func resetOption(_ key: String) {
        let changes = state.rules.changes.filter { $0.key != key }
        describe(Rules(preset: state.rules.preset, changes: changes))
    }

    public func resetRules() {
        describe(presetRules(preset: state.rules.preset))
    }

    @discardableResult
    private func describe(_ rules: Rules) -> Bool {
        do {
            let d = try describeRules(rules: rules)
            state.description = d
            state.rules = d.rules
            return true
        } catch {
            state.message = UserMessage.from(error)
            return false
        }
    }

    // MARK: - Seats

    public func addSeat() {
        guard state.canAddSeat else { return }
        retable { state.seats.append(makeSeat(.human, index: state.seats.count)) }
    }

    public func removeSeat(id: Int) {
        guard state.canRemoveSeat, let i = index(of: id) else { return }
        retable {
            state.seats.remove(at: i)
            if !state.teamsAvailable { state.teams = false }
        }
    }

    public func setName(id: Int, _ name: String) {
        guard let i = index(of: id) else { return }
        // The core counts a name's length in Unicode scalars (24 at most), not in the
        // characters Swift sees: an emoji family is one Character but several scalars.
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: name.unicodeScalars.prefix(24))
        state.seats[i].name = String(scalars)
    }

    /// Gives a seat a colour; a seat that had it gets this seat's old colour.
    public func setColour(id: Int, _ colour: String) {
        guard let i = index(of: id), Self.isColour(colour) else {
            state.message = UserMessage(.invalidSetup, detail: "not a colour: \(colour)")
            return
        }
        let old = state.seats[i].colour
        if let j = state.seats.firstIndex(where: { $0.colour == colour }), j != i {
            state.seats[j].colour = old
        }
        state.seats[i].colour = colour
    }

    public func setPlayer(id: Int, _ player: PlayerKind) {
        guard let i = index(of: id) else { return }
        state.seats[i].player = player
    }

    public func setTeams(_ on: Bool) {
        retable { state.teams = on && state.teamsAvailable }
    }

    public func setUndo(_ on: Bool) {
        state.undo = on
    }

    public func dismissMessage() {
        state.message = nil
    }

    /// The table to seat, with blank names filled in. `GameModel.newGame` has the core
    /// check it as a whole.
    public func makeNewGame() -> NewGame {
        let seats = state.seats.enumerated().map { i, seat in
            let name = seat.name.trimmingCharacters(in: .whitespacesAndNewlines)
            return SeatSpec(name: name.isEmpty ? defaultName(i) : name, colour: seat.colour,
                            player: seat.player)
        }
        return NewGame(rules: state.rules, seats: seats, teams: state.sides, seed: nil,
                       undo: state.undo)
    }

    // MARK: - Helpers

    private func makeSeat(_ player: PlayerKind, index: Int) -> SeatDraft {
        defer { nextSeatID += 1 }
        let used = Set(state.seats.map(\.colour))
        let colour = Self.palette.first { !used.contains($0) } ?? Self.palette[0]
        return SeatDraft(id: nextSeatID, name: defaultName(index), colour: colour,
                         player: player)
    }

    private static let pieces = "pieces_per_player"

    /// The pieces the preset's tradition deals at this table (Culin: 3 each for three
    /// players, 2 for four in teams; otherwise 4).
    private func dealtPieces() -> Int32 {
        tablePieces(preset: state.preset, seats: Int32(state.seats.count),
                    teams: state.teams && state.teamsAvailable)
    }

    /// Changes the table. Where that changes the pieces dealt, the rules take the new
    /// count; otherwise a host's own choice of pieces stays.
    private func retable(_ change: () -> Void) {
        let dealt = dealtPieces()
        change()
        let now = dealtPieces()
        if now != dealt { setOption(Self.pieces, to: .count(value: now)) }
    }

    private func index(of id: Int) -> Int? {
        state.seats.firstIndex { $0.id == id }
    }

    private func clampSeats() {
        let range = state.seatRange
        while state.seats.count > range.upperBound { state.seats.removeLast() }
        while state.seats.count < range.lowerBound {
            state.seats.append(makeSeat(.human, index: state.seats.count))
        }
        if !state.teamsAvailable { state.teams = false }
    }

    static func isColour(_ s: String) -> Bool {
        s.count == 7 && s.first == "#" && s.dropFirst().allSatisfy(\.isHexDigit)
    }
}

/// Seat colours come from design/tokens.json (the generated `DesignTokens.swift`), the
/// same as the Android app's.
extension SeatColour {
    /// The named colour of a stored one (any case of the hex digits); `nil` for one the app
    /// does not offer.
    public init?(hex: String) {
        guard let found = Self.allCases.first(where: { $0.hex.caseInsensitiveCompare(hex) == .orderedSame })
        else { return nil }
        self = found
    }
}

extension RuleOption {
    /// The option differs from its preset.
    public var isChanged: Bool { value != presetValue }
}
