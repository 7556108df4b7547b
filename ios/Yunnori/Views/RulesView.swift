import SwiftUI
import YunnoriKit

/// How to play, in a few short sections, and from the table the open game's own rules
/// (the core's `RulesDescription`). The results table (names, steps) and the presets come
/// from the core; the prose is the app's own.
struct RulesView: View {
    /// The open game's rules (from the table); `nil` from the menu.
    let rules: RulesDescription?
    private let results = ThrowNames.all
    private let traditions = presets()

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 22) {
                if let rules {
                    GameRules(rules: rules)
                }
                RulesSection(title: "rules.goal.title", text: "rules.goal.text")

                VStack(alignment: .leading, spacing: 10) {
                    Text("rules.sticks.title").font(.title2.bold())
                    Text("rules.sticks.text")
                    Grid(alignment: .leading, horizontalSpacing: 16, verticalSpacing: 6) {
                        GridRow {
                            Text("rules.sticks.result").bold()
                            Text("rules.sticks.flat").bold()
                            Text("rules.sticks.steps").bold()
                        }
                        ForEach(results, id: \.id) { info in
                            GridRow {
                                Text(verbatim: resultName(info.result))
                                Text(verbatim: flatSides(info))
                                Text(verbatim: info.steps < 0 ? "−1" : "\(info.steps)")
                                    .monospacedDigit()
                            }
                        }
                    }
                    .padding(12)
                    .background(RoundedRectangle(cornerRadius: 12).fill(Palette.card))
                    Text("rules.sticks.bonus")
                }

                RulesSection(title: "rules.board.title", text: "rules.board.text")
                RulesSection(title: "rules.capture.title", text: "rules.capture.text")
                RulesSection(title: "rules.stack.title", text: "rules.stack.text")
                RulesSection(title: "rules.finish.title", text: "rules.finish.text")

                VStack(alignment: .leading, spacing: 10) {
                    Text("rules.presets.title").font(.title2.bold())
                    ForEach(traditions, id: \.id) { preset in
                        VStack(alignment: .leading, spacing: 4) {
                            Text(verbatim: localized("preset.\(preset.id)", fallback: preset.label))
                                .font(.headline)
                            Text(verbatim: localized("preset.\(preset.id).description",
                                                     fallback: preset.description))
                                .foregroundStyle(Palette.inkSoft)
                        }
                    }
                    Text("rules.presets.houseRules")
                }
            }
            .padding()
        }
        .foregroundStyle(Palette.ink)
        .background(Palette.paper.ignoresSafeArea())
        .navigationTitle("rules.title")
    }

    /// How many sticks land flat side up for a result ("1, the marked one" for Back-Do).
    private func flatSides(_ info: ThrowInfo) -> String {
        switch info.result {
        case .backDo: return localized("rules.sticks.markedOnly", fallback: "1 (the marked stick)")
        case .mo: return "0"
        default: return "\(info.steps)"
        }
    }
}

/// The open game's tradition and each of its options with its value.
private struct GameRules: View {
    let rules: RulesDescription

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            Text("rules.thisGame.title").font(.title2.bold())
            if let preset = presets().first(where: { $0.preset == rules.rules.preset }) {
                Text(verbatim: localized("preset.\(preset.id)", fallback: preset.label))
                    .font(.headline)
            }
            ForEach(rules.options, id: \.key) { option in
                LabeledContent {
                    Text(verbatim: valueWords(option))
                        .foregroundStyle(option.value == option.presetValue ? Palette.inkSoft : Palette.accent)
                } label: {
                    Text(verbatim: localized("rule.\(option.key)", fallback: option.label))
                }
            }
        }
        .padding(12)
        .background(RoundedRectangle(cornerRadius: 12).fill(Palette.card))
    }

    private func valueWords(_ option: RuleOption) -> String {
        switch option.value {
        case .flag(let on): on ? localized("rules.on", fallback: "On") : localized("rules.off", fallback: "Off")
        case .choice(let id):
            localized("rule.\(option.key).\(id)", fallback: option.choices.first { $0.id == id }?.label ?? id)
        case .count(let value): "\(value)"
        case .probability(let value): value.formatted(.number.precision(.fractionLength(2)))
        case .throws(let results): results.map(resultName).joined(separator: ", ")
        case .stations(let ids): ids.joined(separator: ", ")
        }
    }
}

private struct RulesSection: View {
    let title: LocalizedStringKey
    let text: LocalizedStringKey

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text(title).font(.title2.bold())
            Text(text)
        }
    }
}

#Preview("How to play") {
    NavigationStack {
        RulesView(rules: nil)
    }
}

#Preview("This game's rules") {
    NavigationStack {
        RulesView(rules: Samples.view(.rules)?.rules)
    }
}

#Preview("A section") {
    RulesSection(title: "rules.goal.title", text: "rules.goal.text")
        .padding()
}
