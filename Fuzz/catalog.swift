import TapboardCore

/// A translation catalog (`LANG/LC_MESSAGES/tapboard.mo`, anyone's file on the data path): read,
/// its strings filled in; and the language variables, as anyone's environment may set them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = Input(data, size)
    let variables = String(decoding: input.take(max: 200), as: UTF8.self).split(separator: "\n").map(String.init)
    let environment = Dictionary(
        zip(["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"], variables), uniquingKeysWith: { first, _ in first })
    let names = Translations.catalogNames(environment: { environment[$0] })
    guard !names.contains(where: \.isEmpty) else { violated("an empty catalog name from \(environment)") }
    let bytes = input.rest()
    guard let catalog = Translations(mo: bytes, language: "xx") else { return 0 }
    guard catalog.count <= bytes.count / 8 else { violated("\(catalog.count) strings from \(bytes.count) bytes") }
    // Every translation as a template with values: filled in without reading past either.
    let template = String(decoding: bytes.prefix(64), as: UTF8.self)
    let filled = Translations.bound(Translations(language: "xx", messages: ["t": template])) {
        tr("t", "a", "b")
    }
    guard filled.utf8.count <= template.utf8.count else { violated("\(filled) from \(template)") }
    return 0
}
