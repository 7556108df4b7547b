import SwiftUI

/// The open-source packages the app ships, from `Resources/Licences.json`, which
/// scripts/gen-ios-licences.py writes from the Rust build's dependency graph (a test fails
/// when it falls behind `Cargo.lock`). Each row opens the package's licence texts.
struct LicencesView: View {
    let list: LicenceList?

    init(list: LicenceList? = LicenceList.bundled()) {
        self.list = list
    }

    var body: some View {
        Group {
            if let list {
                List {
                    Section {
                        ForEach(list.packages) { package in
                            NavigationLink {
                                LicenceDetailView(package: package, texts: list.texts(of: package))
                            } label: {
                                LicenceRow(package: package)
                            }
                        }
                    } header: {
                        Text("licences.intro")
                    }
                }
            } else {
                ContentUnavailableView("licences.unavailable", systemImage: "doc.questionmark",
                                       description: Text("licences.unavailable.detail"))
            }
        }
        .navigationTitle("licences.title")
    }
}

private struct LicenceRow: View {
    let package: LicencedPackage

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(verbatim: package.title)
                .font(.headline)
            Text(verbatim: package.licence)
                .font(.caption)
                .foregroundStyle(Palette.inkSoft)
        }
        .accessibilityElement(children: .combine)
    }
}

/// One package: its licence, authors, where its source is, and its licence files.
private struct LicenceDetailView: View {
    let package: LicencedPackage
    let texts: [String]

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                LabeledContent("licences.licence") { Text(verbatim: package.licence) }
                if !package.authors.isEmpty {
                    LabeledContent("licences.authors") {
                        Text(verbatim: package.authors.formatted(.list(type: .and)))
                    }
                }
                if !package.repository.isEmpty {
                    LabeledContent("licences.source") { Text(verbatim: package.repository) }
                }
                ForEach(Array(texts.enumerated()), id: \.offset) { _, text in
                    Text(verbatim: text)
                        .font(.footnote)
                        .frame(maxWidth: .infinity, alignment: .leading)
                }
            }
            .padding()
        }
        .navigationTitle(Text(verbatim: package.title))
    }
}

/// The decoded `Licences.json`.
struct LicenceList: Decodable, Sendable {
    let packages: [LicencedPackage]
    /// Licence file texts by key; packages refer to them through `notices`.
    let notices: [String: String]

    /// The texts of one package's licence files, in the file's order.
    func texts(of package: LicencedPackage) -> [String] {
        package.notices.compactMap { notices[$0] }
    }

    /// The list bundled with the app, or `nil` when it is missing or unreadable (the
    /// screen then says so instead of showing an empty list).
    static func bundled(in bundle: Bundle = .main) -> LicenceList? {
        guard let url = bundle.url(forResource: "Licences", withExtension: "json"),
              let data = try? Data(contentsOf: url)
        else { return nil }
        return try? JSONDecoder().decode(LicenceList.self, from: data)
    }
}

struct LicencedPackage: Decodable, Sendable, Identifiable {
    let name: String
    let version: String
    /// An SPDX licence expression, as the package declares it ("MIT OR Apache-2.0").
    let licence: String
    let repository: String
    let authors: [String]
    let notices: [String]

    var id: String { "\(name) \(version)" }
    var title: String { version.isEmpty ? name : "\(name) \(version)" }
}

// Xcode's previews. A PreviewProvider rather than #Preview: the Linux check's
// `swiftc -dump-ast` (Swift 6.0.3) crashes on a #Preview closure even in an inactive #if.
#if canImport(UIKit)
struct LicencesView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack {
            LicencesView(list: LicenceList(
                packages: [
                    LicencedPackage(name: "serde", version: "1.0.0", licence: "MIT OR Apache-2.0",
                                    repository: "https://github.com/serde-rs/serde",
                                    authors: ["Erick Tryzelaar", "David Tolnay"], notices: ["mit"]),
                ],
                notices: ["mit": "Permission is hereby granted, free of charge, …"]))
        }
        NavigationStack { LicencesView(list: nil) }
            .previewDisplayName("Unreadable list")
    }
}
#endif
