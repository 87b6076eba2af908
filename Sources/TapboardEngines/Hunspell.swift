import Glibc
import TapboardCore

/// Debian's hunspell (libhunspell-1.7-0 and a hunspell-LANG dictionary) as the
/// suggester's "is this a word" oracle, opened with dlopen the first time a typed word
/// is missing from tapboard's own dictionary: without the library or a dictionary for
/// the language, tapboard says so in one line and treats only its own words as known.
/// Only two functions are looked up; their C signatures are written out here.
public final class Hunspell: SpellChecker {
    /// `Hunhandle *Hunspell_create(const char *affpath, const char *dpath)`
    typealias Create = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> OpaquePointer?
    /// `int Hunspell_spell(Hunhandle *, const char *word)`
    typealias Spell = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    /// `char *Hunspell_get_dic_encoding(Hunhandle *)`
    typealias Encoding = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?

    static let soname = "libhunspell-1.7.so.0"
    static let directories = ["/usr/share/hunspell"]

    let language: String
    private var state: State = .unopened
    private let log: (String) -> Void

    private enum State {
        case unopened
        case open(OpaquePointer, Spell)
        case unavailable
    }

    /// A checker for `language` (a layout's tag, "en-US", "de"), opened on first use.
    public init(language: String, log: @escaping (String) -> Void) {
        self.language = language
        self.log = log
    }

    public func accepts(_ word: String) -> Bool {
        if case .unopened = state { state = open() }
        guard case .open(let handle, let spell) = state, !word.isEmpty, word.utf8.count < 100 else { return false }
        return spell(handle, word) != 0
    }

    /// Whether the checker could be opened (opening it when not tried yet).
    var isAvailable: Bool {
        if case .unopened = state { state = open() }
        if case .open = state { return true }
        return false
    }

    private func open() -> State {
        guard let (aff, dic) = Hunspell.files(for: language) else {
            log(
                "no hunspell dictionary for \"\(language)\" in \(Hunspell.directories.joined(separator: ", ")) (install hunspell-\(Hunspell.primary(language))): only tapboard's own words count as known"
            )
            return .unavailable
        }
        guard let lib = dlopen(Hunspell.soname, RTLD_NOW | RTLD_LOCAL) else {
            log(
                "spell checking needs libhunspell (\(dlerror().map { String(cString: $0) } ?? Hunspell.soname)): only tapboard's own words count as known"
            )
            return .unavailable
        }
        guard let create = dlsym(lib, "Hunspell_create"), let spell = dlsym(lib, "Hunspell_spell"),
            let encoding = dlsym(lib, "Hunspell_get_dic_encoding")
        else {
            log("\(Hunspell.soname) lacks Hunspell_create or Hunspell_spell: only tapboard's own words count as known")
            return .unavailable
        }
        guard let handle = unsafeBitCast(create, to: Create.self)(aff, dic) else {
            log("hunspell could not read \(dic): only tapboard's own words count as known")
            return .unavailable
        }
        // Words go to hunspell as UTF-8: a dictionary in another encoding would misread them.
        let enc = unsafeBitCast(encoding, to: Encoding.self)(handle).map { String(cString: $0) } ?? ""
        guard enc.uppercased().filter({ $0 != "-" }) == "UTF8" else {
            log("\(dic) is in \(enc), not UTF-8: only tapboard's own words count as known")
            return .unavailable
        }
        return .open(handle, unsafeBitCast(spell, to: Spell.self))
    }

    static func primary(_ language: String) -> String {
        String(language.lowercased().split(separator: "-").first ?? "")
    }

    /// The .aff and .dic files for a language tag: "en-GB" → en_GB, else the language's
    /// main country (en_US, de_DE, fr_FR, nb_NO, ...), else any of the language's.
    static func files(for language: String) -> (String, String)? {
        let parts = language.split(separator: "-").map(String.init)
        guard let lang = parts.first?.lowercased(), !lang.isEmpty else { return nil }
        var names: [String] = []
        if parts.count > 1 { names.append(lang + "_" + parts[1].uppercased()) }
        let main =
            [
                "en": "US", "nb": "NO", "nn": "NO", "da": "DK", "sv": "SE", "cs": "CZ", "el": "GR",
                "uk": "UA", "he": "IL", "fa": "IR", "ar": "SA", "hi": "IN"
            ][lang] ?? lang.uppercased()
        names += [lang + "_" + main, lang]
        for dir in directories {
            for name in names where FileSystem.isFile("\(dir)/\(name).dic") && FileSystem.isFile("\(dir)/\(name).aff") {
                return ("\(dir)/\(name).aff", "\(dir)/\(name).dic")
            }
            // Any dictionary of the language (pt_BR when there is no pt_PT).
            var found: [String] = []
            if let d = opendir(dir) {
                defer { closedir(d) }
                while let e = readdir(d) {
                    let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                    if name.hasPrefix(lang + "_"), name.hasSuffix(".dic") { found.append(String(name.dropLast(4))) }
                }
            }
            if let name = found.sorted().first, FileSystem.isFile("\(dir)/\(name).aff") {
                return ("\(dir)/\(name).aff", "\(dir)/\(name).dic")
            }
        }
        return nil
    }
}
