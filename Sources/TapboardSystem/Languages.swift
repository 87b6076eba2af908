import TapboardCore

/// Where the translations are found and which one the environment asks for.
public enum Languages {
    /// Directories holding `LANG/LC_MESSAGES/tapboard.mo`, highest priority first:
    /// `TAPBOARD_LOCALEDIR`, the binary's own prefix (installed: PREFIX/bin/tapboard ->
    /// PREFIX/share/locale), the source tree's `.build/locale` (`scripts/make-mo`; the binary in
    /// .build/TRIPLE/CONFIG), then `$XDG_DATA_DIRS/locale`.
    static func directories(environment: (String) -> String? = Files.environment) -> [String] {
        var dirs: [String] = []
        if let override = environment("TAPBOARD_LOCALEDIR") { dirs.append(override) }
        if let exe = Files.executableDirectory() {
            dirs.append(Files.parent(exe) + "/share/locale")
            dirs.append(Files.parent(exe, levels: 3) + "/.build/locale")
        }
        for d in (environment("XDG_DATA_DIRS") ?? "/usr/local/share:/usr/share").split(separator: ":") {
            dirs.append(d + "/locale")
        }
        return dirs
    }

    /// The translations the environment (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`) asks for;
    /// English when it asks for none tapboard has.
    public static func load(environment: (String) -> String? = Files.environment) -> Translations {
        Translations.load(
            names: Translations.catalogNames(environment: environment), directories: directories(environment: environment),
            read: { try? Files.readBytes($0).get() })
    }
}
