import Glibc
import TapboardCore
import TapboardRender
import TapboardSystem
import TapboardWayland

/// The settings file, then the command line on top.
func loadSettings(_ o: Options) -> Settings {
    var settings = Settings()
    let dir = Files.environment("XDG_CONFIG_HOME") ?? ((Files.environment("HOME") ?? "") + "/.config")
    let path = o.config ?? (dir + "/tapboard/config")
    switch Files.read(path) {
    case .failure(let e) where o.config != nil:
        printError("tapboard: \(e); " + tr("using the default settings"))
    case .failure: break
    case .success(let text):
        let (s, warnings) = Settings.parse(text, file: path)
        for w in warnings { printError("tapboard: \(w)") }
        settings = s
        // A theme file named relative to the settings file is beside it.
        if settings.theme.contains("/"), !settings.theme.hasPrefix("/"), !settings.theme.hasPrefix("~/"),
            let slash = path.lastIndex(of: "/")
        {
            let relative = settings.theme.hasPrefix("./") ? settings.theme.dropFirst(2) : Substring(settings.theme)
            settings.theme = String(path[...slash] + relative)
        }
    }
    if !o.layouts.isEmpty { settings.layouts = o.layouts }
    if let theme = o.theme { settings.theme = theme }
    if let zone = o.exclusiveZone { settings.exclusiveZone = zone }
    if let one = o.layout { settings.layouts = [one] + (settings.layouts ?? []).filter { $0 != one } }
    return settings
}

/// The enabled keyboards: the settings' list, or the system language's keyboard then emoji.
func enabledLayoutNames(_ settings: Settings, store: LayoutStore) -> [String] {
    if let names = settings.layouts { return names }
    let locale = Files.environment("LC_ALL") ?? Files.environment("LC_MESSAGES") ?? Files.environment("LANG") ?? ""
    var language = "us"
    if let (tag, names) = localeKeyboardCandidates(locale) {
        for name in names {
            guard store.path(of: name) != nil, case .success(let l) = store.load(name),
                l.language.lowercased().split(separator: "-").first.map(String.init) == tag
            else { continue }
            language = name
            break
        }
    }
    return store.path(of: "emoji") != nil ? [language, "emoji"] : [language]
}

/// `tapboard` / `tapboard run`: the live keyboard.
func runCommand(_ o: Options, store: LayoutStore) -> Int32 {
    // `tapboard show` may signal as soon as the lock names this process: until the loop
    // reads them, these signals wait instead of ending it (threads started later inherit this).
    var control = sigset_t()
    sigemptyset(&control)
    for s in [SIGUSR1, SIGUSR2, __libc_current_sigrtmin()] { sigaddset(&control, s) }
    sigprocmask(SIG_BLOCK, &control, nil)
    switch o.replace ? Instance.replace() : Instance.acquire() {
    case .success: break
    case .failure(.held(let pid)):
        let who = pid > 0 ? "tapboard (pid \(pid))" : tr("another tapboard")
        printError(
            "tapboard: "
                + (o.replace
                    ? tr("%s on Wayland display %s did not stop", who, Instance.display)
                    : tr("%s already runs on Wayland display %s (tapboard --replace takes over)", who, Instance.display)))
        return 1
    case .failure(.unusable(let line)):
        printError("tapboard: \(line); " + tr("not guarding against a second tapboard"))
    }
    PanelRenderer.startLoadingFonts()
    let settings = loadSettings(o)
    var layouts: [Layout] = []
    for name in enabledLayoutNames(settings, store: store) {
        switch store.load(name) {
        case .success(let l): layouts.append(l)
        case .failure(let e): printError("tapboard: \(e); " + tr("skipped"))
        }
    }
    guard !layouts.isEmpty else {
        printError("tapboard: " + tr("no usable keyboard (check --layouts or the config file)"))
        return 1
    }
    do {
        let display = try Display()
        // theme = auto: the desktop's colour scheme now, and its changes while running.
        let scheme = settings.theme == "auto" ? ColorScheme.connect() : nil
        let app = try App(
            display: display, store: store, layouts: layouts, settings: settings,
            theme: chooseTheme(settings.theme, scheme: { scheme?.value }), startHidden: o.hidden,
            outputName: o.outputName)
        app.startBusControl(replace: o.replace)
        if let scheme { app.follow(scheme) }
        try app.run()
        return 0
    } catch {
        printError("tapboard: \(error)")
        return 1
    }
}
