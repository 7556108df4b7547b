import Foundation
import Testing
import YutCore
@testable import YunnoriKit

/// The app's strings of one language (ios/Yunnori/Resources/<language>.lproj), by key.
func appStrings(_ language: String, file: String = #filePath) throws -> [String: String] {
    let url = URL(fileURLWithPath: file)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Yunnori/Resources/\(language).lproj/Localizable.strings")
    let text = try String(contentsOf: url, encoding: .utf8)
    var table: [String: String] = [:]
    for line in text.split(separator: "\n") {
        guard line.hasPrefix("\""), let split = line.range(of: "\" = \"") else { continue }
        let key = String(line[line.index(after: line.startIndex)..<split.lowerBound])
        table[key] = String(line[split.upperBound...].dropLast(2))
    }
    return table
}

@MainActor
@Suite("The Korean screen's words")
struct KoreanWordsTests {
    /// The keys the app builds at run time from the core's ids (which the strings check of
    /// scripts/test-ios-app.sh cannot see): a Korean player reads Korean for each of them,
    /// never the core's English.
    @Test("every tradition, house rule, rule choice and message kind has its Korean words")
    func everyCoreIdIsWorded() throws {
        let ko = try appStrings("ko")
        #expect(ko.count > 100, "the Korean strings were read: \(ko.count)")
        var missing: [String] = []
        func need(_ key: String) {
            if ko[key]?.isEmpty ?? true { missing.append(key) }
        }
        for preset in presets() {
            need("preset.\(preset.id)")
            need("preset.\(preset.id).description")
            let options = try describeRules(rules: presetRules(preset: preset.preset)).options
            for option in options {
                need("rule.\(option.key)")
                need("rule.\(option.key).help")
                if option.kind == .choice {
                    for choice in option.choices { need("rule.\(option.key).\(choice.id)") }
                }
            }
        }
        for kind in UserMessage.Kind.allCases { need(UserMessage(kind).localizationKey) }
        #expect(missing.isEmpty, "no Korean for: \(Set(missing).sorted())")
    }
}
