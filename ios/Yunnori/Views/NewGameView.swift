import SwiftUI
import YunnoriKit

/// The new-game form: a preset, the players (name, colour, person or bot, side when
/// playing in teams), undo, and every house rule as the core describes it. It draws the
/// core's `FormState` and sends every edit as a `FormEvent`; the core checks the table.
struct NewGameView: View {
    let form: FormState
    let send: @MainActor (FormEvent) -> Void
    /// What Start does (the core starts the game; the host's form opens a room instead).
    var start: (@MainActor () -> Void)?

    var body: some View {
        Form {
            Section {
                Picker("newGame.preset", selection: Binding(
                    get: { form.preset },
                    set: { send(.selectPreset(preset: $0)) }
                )) {
                    ForEach(form.presets, id: \.id) { preset in
                        Text(verbatim: localized("preset.\(preset.id)", fallback: preset.label))
                            .tag(preset.preset)
                    }
                }
                if let info = form.presets.first(where: { $0.preset == form.preset }) {
                    Text(verbatim: localized("preset.\(info.id).description", fallback: info.description))
                        .font(.footnote)
                        .foregroundStyle(Palette.inkSoft)
                }
            } header: {
                Text("newGame.rules")
            }

            Section {
                ForEach(Array(form.seats.enumerated()), id: \.offset) { index, seat in
                    SeatEditor(index: UInt32(index), seat: seat, palette: form.palette,
                               sides: form.teams ? form.seats.count : 0, send: send)
                }
                .onDelete { offsets in
                    for i in offsets.sorted(by: >) { send(.removeSeat(seat: UInt32(i))) }
                }
                .deleteDisabled(!form.canRemoveSeat)
                if form.canAddSeat {
                    Button {
                        send(.addSeat)
                    } label: {
                        Label("newGame.addPlayer", systemImage: "person.badge.plus")
                    }
                }
            } header: {
                Text("newGame.players")
            } footer: {
                Text("newGame.players.footer \(Int(form.minSeats)) \(Int(form.maxSeats))")
            }

            Section {
                if form.teamsAllowed {
                    Toggle("newGame.teams", isOn: Binding(
                        get: { form.teams },
                        set: { send(.setTeams(on: $0)) }))
                }
                Toggle("newGame.undo", isOn: Binding(
                    get: { form.undo },
                    set: { send(.setUndo(on: $0)) }))
            } footer: {
                if form.teamsAllowed {
                    Text("newGame.teams.footer")
                }
            }

            Section {
                ForEach(form.options, id: \.key) { option in
                    RuleOptionRow(option: option, changed: form.changed.contains(option.key), send: send)
                }
                if !form.changed.isEmpty {
                    Button("newGame.resetRules", role: .destructive) { send(.resetRules) }
                }
            } header: {
                Text("newGame.houseRules")
            } footer: {
                Text("newGame.houseRules.footer")
            }
        }
        .navigationTitle("newGame.title")
        .safeAreaInset(edge: .bottom) {
            Button {
                if let start { start() } else { send(.start) }
            } label: {
                Text("newGame.start")
                    .font(.headline)
                    .frame(maxWidth: .infinity, minHeight: 44)
            }
            .buttonStyle(.target(.accent))
            .padding()
            .background(.bar)
        }
    }
}

/// One seat: name, colour, who plays it, and its side when playing in teams.
private struct SeatEditor: View {
    let index: UInt32
    let seat: SeatForm
    let palette: [String]
    /// The sides to choose from (0: not playing in teams).
    let sides: Int
    let send: @MainActor (FormEvent) -> Void
    @Environment(\.dynamicTypeSize) private var typeSize

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            HStack {
                Circle().fill(Color(hex: seat.colour)).frame(width: 18, height: 18)
                NameField(name: seat.name) { send(.setSeatName(seat: index, name: $0)) }
            }
            // Each swatch is a 44-point target, named by its colour for VoiceOver.
            HStack(spacing: 4) {
                ForEach(palette, id: \.self) { colour in
                    let chosen = seat.colour.caseInsensitiveCompare(colour) == .orderedSame
                    Button {
                        send(.setSeatColour(seat: index, colour: colour))
                    } label: {
                        Circle()
                            .fill(Color(hex: colour))
                            .frame(width: 26, height: 26)
                            .overlay(Circle().stroke(Color.primary, lineWidth: chosen ? 3 : 0))
                            .frame(minWidth: 44, minHeight: 44)
                            .contentShape(Rectangle())
                    }
                    .buttonStyle(.plain)
                    .accessibilityLabel(Text(verbatim: colourName(colour)))
                    .accessibilityAddTraits(chosen ? .isSelected : [])
                }
            }
            // Four segments do not fit at the accessibility text sizes: a menu then.
            if typeSize.isAccessibilitySize {
                playerPicker.pickerStyle(.menu)
            } else {
                playerPicker.pickerStyle(.segmented)
            }
            if sides > 0 {
                Picker("newGame.side", selection: Binding(
                    get: { Int(seat.side) },
                    set: { send(.setSeatSide(seat: index, side: UInt32($0))) }
                )) {
                    ForEach(Array(0..<sides), id: \.self) { side in
                        Text("newGame.team \(sideLetter(side))").tag(side)
                    }
                }
            }
        }
        .padding(.vertical, 4)
    }

    private var playerPicker: some View {
        Picker("newGame.player", selection: Binding(
            get: { PlayerChoice(seat.player) },
            set: { send(.setSeatPlayer(seat: index, player: $0.kind)) }
        )) {
            ForEach(PlayerChoice.allCases, id: \.self) { choice in
                Text(choice.title).tag(choice)
            }
        }
    }

    private func sideLetter(_ side: Int) -> String {
        String(UnicodeScalar(UInt8(65 + side % 26)))
    }
}

/// A name as the person types it: sent as it changes, and following the core's value when
/// the core changes it (a name never typed follows the kind of player), never undoing
/// letters the core has not echoed yet.
private struct NameField: View {
    let name: String
    let send: @MainActor (String) -> Void
    @State private var draft = ""
    /// What was sent and not yet echoed.
    @State private var pending: [String] = []

    var body: some View {
        TextField("newGame.name", text: Binding(
            get: { draft },
            set: { typed in
                draft = typed
                pending.append(typed)
                send(typed)
            }))
            .textInputAutocapitalization(.words)
            .submitLabel(.done)
            .onChange(of: name, initial: true) { _, echoed in
                if let i = pending.firstIndex(of: echoed) {
                    pending.removeFirst(i + 1)
                } else {
                    pending.removeAll()
                    draft = echoed
                }
            }
    }
}

/// Person or bot of a level, as one picker.
private enum PlayerChoice: CaseIterable, Hashable {
    case person, easy, medium, hard

    init(_ kind: PlayerKind) {
        switch kind {
        case .human: self = .person
        case .bot(let level):
            switch level {
            case .easy: self = .easy
            case .medium: self = .medium
            case .hard: self = .hard
            }
        }
    }

    var kind: PlayerKind {
        switch self {
        case .person: return .human
        case .easy: return .bot(level: .easy)
        case .medium: return .bot(level: .medium)
        case .hard: return .bot(level: .hard)
        }
    }

    var title: LocalizedStringKey {
        switch self {
        case .person: return "newGame.person"
        case .easy: return "newGame.botEasy"
        case .medium: return "newGame.botMedium"
        case .hard: return "newGame.botHard"
        }
    }
}

/// One rule option, edited the way its kind asks. Labels come from Localizable.strings
/// (keys `rule.<key>`, `rule.<key>.help`, `rule.<key>.<choice>`), else from the core.
private struct RuleOptionRow: View {
    let option: RuleOption
    let changed: Bool
    let send: @MainActor (FormEvent) -> Void

    private var label: String { localized("rule.\(option.key)", fallback: option.label) }
    private var help: String { localized("rule.\(option.key).help", fallback: option.help) }

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            editor
            Text(verbatim: help)
                .font(.caption)
                .foregroundStyle(Palette.inkSoft)
        }
        .badge(changed ? Text("newGame.changed") : nil)
        .swipeActions {
            if changed {
                Button("newGame.resetOption") { send(.resetRule(key: option.key)) }
            }
        }
    }

    private func set(_ value: RuleValue) {
        send(.setRule(key: option.key, value: value))
    }

    @ViewBuilder
    private var editor: some View {
        switch (option.kind, option.value) {
        case (.flag, .flag(let on)):
            Toggle(label, isOn: Binding(get: { on }, set: { set(.flag(on: $0)) }))
        case (.choice, .choice(let id)):
            Picker(label, selection: Binding(get: { id }, set: { set(.choice(id: $0)) })) {
                ForEach(option.choices, id: \.id) { choice in
                    Text(verbatim: localized("rule.\(option.key).\(choice.id)", fallback: choice.label))
                        .tag(choice.id)
                }
            }
        case (.count(let low, let high), .count(let value)):
            Stepper(value: Binding(get: { Int(value) }, set: { set(.count(value: Int32($0))) }),
                    in: Int(low)...Int(high)) {
                Text(verbatim: "\(label): \(value)")
            }
        case (.probability(let low, let high), .probability(let value)):
            VStack(alignment: .leading) {
                Text(verbatim: "\(label): \(value.formatted(.number.precision(.fractionLength(2))))")
                // The core's bounds, in steps of 0.05.
                Slider(value: Binding(get: { value }, set: { set(.probability(value: ($0 * 20).rounded() / 20)) }),
                       in: low...high)
            }
        case (.throwSet, .throws(let results)):
            VStack(alignment: .leading) {
                Text(verbatim: label)
                HStack {
                    ForEach(option.choices, id: \.id) { choice in
                        let result = try? throwFromId(id: choice.id)
                        let on = result.map { results.contains($0) } ?? false
                        Button(resultName(result)) {
                            guard let result else { return }
                            set(.throws(results: on ? results.filter { $0 != result } : results + [result]))
                        }
                        .buttonStyle(.target)
                        .tint(on ? Palette.accent : Palette.line)
                        .font(.caption)
                    }
                }
            }
        case (.stationSet, .stations(let ids)):
            StationSetRow(option: option, label: label, ids: ids, send: send)
        default:
            // A kind this version of the app does not know: show it, read-only.
            LabeledContent(label) { Text(verbatim: String(describing: option.value)) }
        }
    }
}

/// A station-set option: the stations chosen, and a list to change them.
private struct StationSetRow: View {
    let option: RuleOption
    let label: String
    let ids: [String]
    let send: @MainActor (FormEvent) -> Void
    private let board = BoardGeometry()

    var body: some View {
        NavigationLink {
            List(option.choices, id: \.id) { choice in
                let on = ids.contains(choice.id)
                Button {
                    let next = on ? ids.filter { $0 != choice.id } : ids + [choice.id]
                    send(.setRule(key: option.key, value: .stations(ids: next)))
                } label: {
                    HStack {
                        Text(verbatim: board.stations[choice.id].map(stationName) ?? choice.label)
                        Spacer()
                        if on { Image(systemName: "checkmark").foregroundStyle(Palette.accent) }
                    }
                }
                .foregroundStyle(.primary)
                .accessibilityAddTraits(on ? .isSelected : [])
            }
            .navigationTitle(Text(verbatim: label))
        } label: {
            LabeledContent(label) {
                Text(verbatim: ids.isEmpty ? localized("newGame.none", fallback: "None") : ids.joined(separator: ", "))
                    .foregroundStyle(Palette.inkSoft)
            }
        }
    }
}

#Preview("A new game") {
    if let form = Samples.view(.newGame)?.form {
        NavigationStack {
            NewGameView(form: form, send: { _ in })
        }
    }
}

#Preview("A seat, playing in teams") {
    if let form = Samples.view(.newGame)?.form, let seat = form.seats.first {
        Form {
            SeatEditor(index: 0, seat: seat, palette: form.palette, sides: 2, send: { _ in })
            ForEach(form.options.prefix(4), id: \.key) { option in
                RuleOptionRow(option: option, changed: false, send: { _ in })
            }
        }
    }
}
