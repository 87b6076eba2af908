#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text tapboard shows people (the panel's buttons and notes, the command line's usage and
/// errors) in the user's language: gettext's catalogs, `po/LANG.po` compiled by `msgfmt` into
/// `LOCALEDIR/LANG/LC_MESSAGES/tapboard.mo`, read here. Every such string is written in the code
/// as `tr("English text")`; `scripts/make-pot` collects those calls into `po/tapboard.pot`.
///
/// The catalog is read in Swift rather than through glibc's `gettext`, which translates only
/// when the user's locale is generated on the machine (`locale -a`) and keeps one language per
/// process: here the language is whatever the environment names, and a test can draw German
/// beside English (`Translations.bound`).
public struct Translations: Sendable, Equatable {
    /// The catalog's language as its file is named (`de`, `pt_BR`); empty: English, nothing translated.
    public let language: String
    private let messages: [String: String]

    /// No translation: every string as written.
    public static let english = Translations(language: "", messages: [:])

    /// The program's translations, set once as it starts (`use`), before any other thread runs.
    nonisolated(unsafe) private static var program = Translations.english

    /// The translations in effect on this thread: those `bound` around the code running, else
    /// the program's, else English. (A thread's own rather than a task-local value: the
    /// concurrency runtime a task-local links in costs the panel 0.6 MB resident, measured.)
    public static var current: Translations {
        if let bound = pthread_getspecific(boundKey) { return Unmanaged<Bound>.fromOpaque(bound).takeUnretainedValue().value }
        return program
    }

    /// Makes `translations` the program's: call it first thing, before any other thread starts.
    public static func use(_ translations: Translations) { program = translations }

    /// Runs `body` with `translations` in effect on this thread (a test's language: tests
    /// running side by side on other threads keep theirs). `body` must not suspend.
    public static func bound<R>(_ translations: Translations, _ body: () throws -> R) rethrows -> R {
        let before = pthread_getspecific(boundKey)
        let box = Unmanaged.passRetained(Bound(translations))
        pthread_setspecific(boundKey, box.toOpaque())
        defer {
            pthread_setspecific(boundKey, before)
            box.release()
        }
        return try body()
    }

    public init(language: String, messages: [String: String]) {
        self.language = language
        self.messages = messages
    }

    /// `msgid` translated, or as it is where the catalog has no translation of it.
    public subscript(_ msgid: String) -> String { messages[msgid] ?? msgid }

    /// How many strings the catalog translates.
    public var count: Int { messages.count }

    /// A compiled catalog (GNU `.mo`, either byte order); nil when `bytes` are not one. Each
    /// message's first form is kept (tapboard's strings have no plurals); the header (the
    /// empty msgid) is left out.
    public init?(mo bytes: [UInt8], language: String) {
        func word(_ at: Int, _ little: Bool) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            let b = bytes[at..<at + 4].map(UInt32.init)
            return Int(little ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[3] | b[2] << 8 | b[1] << 16 | b[0] << 24)
        }
        guard let magic = word(0, true) else { return nil }
        let little: Bool
        switch magic {
        case 0x9504_12de: little = true
        case 0xde12_0495: little = false
        default: return nil
        }
        guard let revision = word(4, little), revision >> 16 <= 1, let n = word(8, little),
            let originals = word(12, little), let translations = word(16, little),
            n <= bytes.count / 8
        else { return nil }
        func string(table: Int, _ i: Int) -> String? {
            guard let length = word(table + 8 * i, little), let offset = word(table + 8 * i + 4, little),
                offset <= bytes.count, length <= bytes.count - offset
            else { return nil }
            let raw = bytes[offset..<offset + length]
            // Plural forms follow the first after a NUL.
            let first = raw.prefix { $0 != 0 }
            return String(validating: first, as: UTF8.self)
        }
        var messages: [String: String] = [:]
        for i in 0..<n {
            guard let id = string(table: originals, i), let text = string(table: translations, i) else { return nil }
            if !id.isEmpty && !text.isEmpty { messages[id] = text }
        }
        self.init(language: language, messages: messages)
    }

    /// The catalog names to look for, best first, from the environment as gettext reads it:
    /// `LANGUAGE` (a list, `de:fr`), else the first set of `LC_ALL`, `LC_MESSAGES` and `LANG`.
    /// A locale of `C` or `POSIX` means English whatever `LANGUAGE` says (as in gettext, so
    /// that `LC_ALL=C` gives scripts untranslated output); with none set, `LANGUAGE` still counts.
    /// `de_DE.UTF-8` looks for `de_DE`, then `de`; Portuguese and Chinese without a country
    /// find the catalogs tapboard ships for them (`pt_BR`, `zh_CN`).
    public static func catalogNames(environment: (String) -> String?) -> [String] {
        var locale: String?
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment(name), !value.isEmpty {
                locale = value
                break
            }
        }
        if let locale, Self.isPlain(locale) { return [] }
        var wanted = (environment("LANGUAGE") ?? "").split(separator: ":").map(String.init)
        if wanted.isEmpty, let locale { wanted = [locale] }
        var names: [String] = []
        for entry in wanted {
            if Self.isPlain(entry) { break }
            var name = Substring(entry)
            var modifier = ""
            if let at = name.firstIndex(of: "@") {
                modifier = String(name[at...])
                name = name[..<at]
            }
            if let dot = name.firstIndex(of: ".") { name = name[..<dot] }
            let parts = name.split(separator: "_", maxSplits: 1)
            guard let language = parts.first.map(String.init), !language.isEmpty else { continue }
            let country = parts.count > 1 ? String(parts[1]) : nil
            var candidates: [String] = []
            if let country {
                if !modifier.isEmpty { candidates.append("\(language)_\(country)\(modifier)") }
                candidates.append("\(language)_\(country)")
            }
            if !modifier.isEmpty { candidates.append(language + modifier) }
            candidates.append(language)
            if let shipped = shippedFor[language], country == nil || !(traditional[language] ?? []).contains(country!) {
                candidates.append(shipped)
            }
            for c in candidates where !names.contains(c) { names.append(c) }
        }
        return names
    }

    /// The catalog tapboard ships for a language whose users may name no country.
    private static let shippedFor = ["pt": "pt_BR", "zh": "zh_CN"]
    /// Countries whose users read another script than the shipped catalog's (Traditional Chinese).
    private static let traditional = ["zh": ["TW", "HK", "MO"]]

    private static func isPlain(_ locale: String) -> Bool {
        let name = locale.prefix { $0 != "." && $0 != "@" }
        return name == "C" || name == "POSIX"
    }

    /// The first of `names` that `read` finds in one of `directories` (as
    /// `DIR/NAME/LC_MESSAGES/tapboard.mo`) and that is a catalog; English when none is.
    public static func load(
        names: [String], directories: [String], read: (String) -> [UInt8]?
    ) -> Translations {
        for name in names {
            for dir in directories {
                if let bytes = read("\(dir)/\(name)/LC_MESSAGES/tapboard.mo"),
                    let catalog = Translations(mo: bytes, language: name)
                {
                    return catalog
                }
            }
        }
        return .english
    }
}

/// `msgid` in the user's language (`Translations.current`). Write the English text as a
/// literal right in the call, so that `scripts/make-pot` finds it.
public func tr(_ msgid: String) -> String { Translations.current[msgid] }

/// `msgid` in the user's language with its placeholders filled in: each `%s` takes the next of
/// `values`, in order; a translation that needs them in another order writes `%1$s`, `%2$s`.
public func tr(_ msgid: String, _ values: String...) -> String {
    var out = ""
    var rest = Substring(Translations.current[msgid])
    var next = 0
    while let percent = rest.firstIndex(of: "%") {
        out += rest[..<percent]
        let after = rest[rest.index(after: percent)...]
        let digits = after.prefix { $0.isASCII && $0.isNumber }
        if after.hasPrefix("s") {
            out += next < values.count ? values[next] : ""
            next += 1
            rest = after.dropFirst()
        } else if !digits.isEmpty, after.dropFirst(digits.count).hasPrefix("$s"), let n = Int(digits), n >= 1 {
            out += n <= values.count ? values[n - 1] : ""
            rest = after.dropFirst(digits.count + 2)
        } else {
            out += "%"
            rest = after
        }
    }
    return out + rest
}

/// Translations held for a thread's slot.
private final class Bound {
    let value: Translations
    init(_ value: Translations) { self.value = value }
}

/// The thread slot that holds `Translations.bound`'s translations.
private let boundKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()
