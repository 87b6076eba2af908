import Glibc
import TapboardCore

/// The shipped translations (po/*.po), compiled by `scripts/make-mo` into the source tree's
/// `.build/locale`, where a tapboard built here finds them too. Needs gettext's msgfmt.
public enum ShippedTranslations {
    /// The folder of `LANG/LC_MESSAGES/tapboard.mo`, compiled (again where a .po changed) once a test process.
    public static let directory: String = {
        let dir = Repository.root + "/.build/locale"
        let status = system("'\(Repository.root)/scripts/make-mo' '\(dir)' >&2")
        precondition(status == 0, "scripts/make-mo failed: is gettext installed (scripts/install-deps build)?")
        return dir
    }()

    /// The shipped languages, as their catalogs are named ("de", "pt_BR").
    public static var languages: [String] {
        Repository.files(in: Repository.root + "/po", ending: ".po").map { String($0.dropLast(3)) }
    }

    /// The catalog the environment `environment` asks for, as tapboard would load it.
    public static func translations(environment: [String: String]) -> Translations {
        Translations.load(
            names: Translations.catalogNames(environment: { environment[$0] }), directories: [directory],
            read: readBytes)
    }

    /// One language's catalog ("de", "ru"): what `LANGUAGE=language` picks.
    public static func translations(_ language: String) -> Translations {
        translations(environment: ["LANGUAGE": language])
    }
}
