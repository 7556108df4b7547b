import SwiftUI
import YunnoriKit

/// A preset, the players (2–4: name, colour, person or bot), teams when four play, undo,
/// and every house rule as the core describes it.
struct NewGameView: View {
    @Environment(AppServices.self) private var services
    let start: (NewGame) -> Void

    private var model: NewGameModel { services.newGame }
    private var state: NewGameState { services.newGame.state }

    var body: some View {
        Form {
            Section {
                Picker("newGame.preset", selection: Binding(
                    get: { state.preset },
                    set: { model.selectPreset($0) }
                )) {
                    ForEach(state.presets, id: \.id) { preset in
                        Text(verbatim: localized("preset.\(preset.id)", fallback: preset.label))
                            .tag(preset.preset)
                    }
                }
                if let info = state.presetInfo {
                    Text(verbatim: localized("preset.\(info.id).description", fallback: info.description))
                        .font(.footnote)
                        .foregroundStyle(Palette.inkSoft)
                }
            } header: {
                Text("newGame.rules")
            }

            Section {
                ForEach(Array(state.seats.enumerated()), id: \.element.id) { index, seat in
                    SeatEditor(seat: seat, team: state.team(ofSeatAt: index), model: model)
                }
                .onDelete { offsets in
                    for i in offsets.sorted(by: >) where state.seats.indices.contains(i) {
                        model.removeSeat(id: state.seats[i].id)
                    }
                }
                .deleteDisabled(!state.canRemoveSeat)
                if state.canAddSeat {
                    Button {
                        model.addSeat()
                    } label: {
                        Label("newGame.addPlayer", systemImage: "person.badge.plus")
                    }
                }
            } header: {
                Text("newGame.players")
            } footer: {
                Text("newGame.players.footer \(state.seatRange.lowerBound) \(state.seatRange.upperBound)")
            }

            Section {
                if state.teamsAvailable {
                    Toggle("newGame.teams", isOn: Binding(
                        get: { state.teams },
                        set: { model.setTeams($0) }))
                }
                Toggle("newGame.undo", isOn: Binding(
                    get: { state.undo },
                    set: { model.setUndo($0) }))
            } footer: {
                if state.teamsAvailable {
                    Text("newGame.teams.footer")
                }
            }

            Section {
                ForEach(state.options, id: \.key) { option in
                    RuleOptionRow(option: option, model: model)
                }
                if !state.changedKeys.isEmpty {
                    Button("newGame.resetRules", role: .destructive) { model.resetRules() }
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
                start(model.makeNewGame())
            } label: {
                Text("newGame.start")
                    .font(.headline)
                    .frame(maxWidth: .infinity, minHeight: 44)
            }
            .buttonStyle(.target(.accent))
            .padding()
            .background(.bar)
        }
        .messageAlert(state.message) { model.dismissMessage() }
    }
}

/// One seat: name, colour, who plays it.
private struct SeatEditor: View {
    let seat: SeatDraft
    let team: Int?
    let model: NewGameModel
    @Environment(\.dynamicTypeSize) private var typeSize

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            HStack {
                Circle().fill(Color(hex: seat.colour)).frame(width: 18, height: 18)
                TextField("newGame.name", text: Binding(
                    get: { seat.name },
                    set: { model.setName(id: seat.id, $0) }))
                    .textInputAutocapitalization(.words)
                    .submitLabel(.done)
                if let team {
                    Text(team == 0 ? "newGame.teamA" : "newGame.teamB")
                        .font(.caption.bold())
                        .padding(.horizontal, 8)
                        .padding(.vertical, 3)
                        .background(Capsule().fill(Palette.card))
                }
            }
            // Each swatch is a 44-point target, named by its colour for VoiceOver.
            HStack(spacing: 4) {
                ForEach(NewGameModel.palette, id: \.self) { colour in
                    Button {
                        model.setColour(id: seat.id, colour)
                    } label: {
                        Circle()
                            .fill(Color(hex: colour))
                            .frame(width: 26, height: 26)
                            .overlay(Circle().stroke(Color.primary, lineWidth: seat.colour == colour ? 3 : 0))
                            .frame(minWidth: 44, minHeight: 44)
                            .contentShape(Rectangle())
                    }
                    .buttonStyle(.plain)
                    .accessibilityLabel(Text(verbatim: colourName(colour)))
                    .accessibilityAddTraits(seat.colour == colour ? .isSelected : [])
                }
            }
            // Four segments do not fit at the accessibility text sizes: a menu then.
            if typeSize.isAccessibilitySize {
                playerPicker.pickerStyle(.menu)
            } else {
                playerPicker.pickerStyle(.segmented)
            }
        }
        .padding(.vertical, 4)
    }

    private var playerPicker: some View {
        Picker("newGame.player", selection: Binding(
            get: { PlayerChoice(seat.player) },
            set: { model.setPlayer(id: seat.id, $0.kind) }
        )) {
            ForEach(PlayerChoice.allCases, id: \.self) { choice in
                Text(choice.title).tag(choice)
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
    let model: NewGameModel

    private var label: String { localized("rule.\(option.key)", fallback: option.label) }
    private var help: String { localized("rule.\(option.key).help", fallback: option.help) }

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            editor
            Text(verbatim: help)
                .font(.caption)
                .foregroundStyle(Palette.inkSoft)
        }
        .badge(option.isChanged ? Text("newGame.changed") : nil)
        .swipeActions {
            if option.isChanged {
                Button("newGame.resetOption") { model.resetOption(option.key) }
            }
        }
    }

    @ViewBuilder
    private var editor: some View {
        switch (option.kind, option.value) {
        case (.flag, .flag(let on)):
            Toggle(label, isOn: Binding(
                get: { on },
                set: { model.setOption(option.key, to: .flag(on: $0)) }))
        case (.choice, .choice(let id)):
            Picker(label, selection: Binding(
                get: { id },
                set: { model.setOption(option.key, to: .choice(id: $0)) }
            )) {
                ForEach(option.choices, id: \.id) { choice in
                    Text(verbatim: choiceLabel(choice)).tag(choice.id)
                }
            }
        case (.count(let low, let high), .count(let value)):
            Stepper(value: Binding(
                get: { Int(value) },
                set: { model.setOption(option.key, to: .count(value: Int32($0))) }
            ), in: Int(low)...Int(high)) {
                Text(verbatim: "\(label): \(value)")
            }
        case (.probability(let low, let high), .probability(let value)):
            VStack(alignment: .leading) {
                Text(verbatim: "\(label): \(value.formatted(.number.precision(.fractionLength(2))))")
                // The core's bounds, in steps of 0.05.
                Slider(value: Binding(
                    get: { value },
                    set: { model.setOption(option.key, to: .probability(value: ($0 * 20).rounded() / 20)) }
                ), in: low...high)
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
                            let next = on ? results.filter { $0 != result } : results + [result]
                            model.setOption(option.key, to: .throws(results: next))
                        }
                        .buttonStyle(.target)
                        .tint(on ? Palette.accent : Palette.line)
                        .font(.caption)
                    }
                }
            }
        case (.stationSet, .stations(let ids)):
            NavigationLink {
                StationPicker(key: option.key, model: model)
            } label: {
                LabeledContent(label) {
                    Text(verbatim: ids.isEmpty ? localized("newGame.none", fallback: "None") : ids.joined(separator: ", "))
                    .foregroundStyle(Palette.inkSoft)
                }
            }
        default:
            // A kind this version of the app does not know: show it, read-only.
            LabeledContent(label) { Text(verbatim: String(describing: option.value)) }
        }
    }

    private func choiceLabel(_ choice: RuleChoice) -> String {
        localized("rule.\(option.key).\(choice.id)", fallback: choice.label)
    }
}

/// The stations of a station-set option, with checkmarks. Reads the model itself, so the
/// marks follow every change.
private struct StationPicker: View {
    let key: String
    let model: NewGameModel
    private let board = BoardGeometry()

    private var option: RuleOption? { model.state.options.first { $0.key == key } }

    private var selected: [String] {
        if case .stations(let ids)? = option?.value { return ids }
        return []
    }

    var body: some View {
        List(option?.choices ?? [], id: \.id) { choice in
            let on = selected.contains(choice.id)
            Button {
                let next = on ? selected.filter { $0 != choice.id } : selected + [choice.id]
                model.setOption(key, to: .stations(ids: next))
            } label: {
                HStack {
                    Text(verbatim: stationLabel(choice))
                    Spacer()
                    if on { Image(systemName: "checkmark").foregroundStyle(Palette.accent) }
                }
            }
            .foregroundStyle(.primary)
            .accessibilityAddTraits(on ? .isSelected : [])
        }
        .navigationTitle(Text(verbatim: localized("rule.\(key)", fallback: option?.label ?? key)))
    }

    /// A station by the app's own name for it (the core's label is English).
    private func stationLabel(_ choice: RuleChoice) -> String {
        board.stations[choice.id].map(stationName) ?? choice.label
    }
}

#Preview("A new game") {
    NavigationStack {
        NewGameView(start: { _ in })
    }
    .environment(AppServices(previewing: GameModel(library: nil), library: nil))
}

#Preview("A seat and a house rule") {
    let model = NewGameModel()
    Form {
        if let seat = model.state.seats.first {
            SeatEditor(seat: seat, team: 0, model: model)
        }
        ForEach(model.state.options.prefix(4), id: \.key) { option in
            RuleOptionRow(option: option, model: model)
        }
    }
}
