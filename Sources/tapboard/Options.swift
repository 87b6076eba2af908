import TapboardCore

/// The release; the Makefile reads it from here for the man page.
let tapboardVersion = "0.1.0"

/// Command-line options shared by the subcommands.
struct Options {
    var command = "run"
    var layout: String?
    var layouts: [String] = []
    var layer: String?
    var purpose: ContentPurpose?
    var output: (width: Int, height: Int)?
    /// `run --output NAME`: the output to put the panel on.
    var outputName: String?
    var outputFile: String?
    var scale = 1
    var hidden = false
    /// `run --replace`: stop the tapboard running on this display and take its place.
    var replace = false
    var files: [String] = []
    /// The settings file instead of $XDG_CONFIG_HOME/tapboard/config.
    var config: String?
    /// `--theme NAME|FILE`: the theme instead of the settings' one.
    var theme: String?
    /// `suggest`: the text before the word, learned words on, lines from standard input, timing.
    var context: String?
    var learned = false
    var batch = false
    var stats = false
    /// `suggest --cost NAME=VALUE`: weights of the error model, for tuning.
    var costs: [(name: String, value: Double)] = []
    /// `suggest --no-pairs`: without the language's next-word pairs (to measure what they bring).
    var noPairs = false
    /// `suggest --no-spell`: without the language's spell checker (to measure what it brings).
    var noSpell = false

    static let commands = ["run", "geometry", "preview", "check", "layouts", "suggest", "forget", "show", "hide", "toggle", "version", "help"]

    /// Parses `args` (without the program name); the error is one line for the user.
    static func parse(_ args: [String]) -> Result<Options, UsageError> {
        var o = Options()
        var rest = args[...]
        if let first = rest.first, !first.hasPrefix("-") {
            guard commands.contains(first) else {
                return .failure(UsageError("unknown command \"\(first)\" (valid: \(commands.joined(separator: ", ")))"))
            }
            o.command = first
            rest = rest.dropFirst()
        }
        while let arg = rest.popFirst() {
            if !arg.hasPrefix("-") || arg == "-" {
                guard o.command == "check" || o.command == "suggest" else {
                    return .failure(UsageError("unexpected argument \"\(arg)\" for \(o.command)"))
                }
                o.files.append(arg)
                continue
            }
            var name = arg
            var inline: String?
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            func value() -> Result<String, UsageError> {
                if let inline { return .success(inline) }
                guard let v = rest.popFirst() else { return .failure(UsageError("\(name) needs a value")) }
                return .success(v)
            }
            switch name {
            case "-h", "--help": o.command = "help"
            case "-V", "--version": o.command = "version"
            case "--hidden": o.hidden = true
            case "--replace": o.replace = true
            case "--learned": o.learned = true
            case "--batch": o.batch = true
            case "--stats": o.stats = true
            case "--no-pairs": o.noPairs = true
            case "--no-spell": o.noSpell = true
            case "--layout", "--layer", "--purpose", "--output", "-o", "--scale", "--layouts", "--context", "--config", "--cost", "--theme":
                let v: String
                switch value() {
                case .success(let s): v = s
                case .failure(let e): return .failure(e)
                }
                if let e = o.set(name, v) { return .failure(e) }
            default:
                return .failure(UsageError("unknown option \"\(name)\" (valid: --layout, --layouts, --layer, --purpose, --output, -o, --scale, --hidden, --replace, --config, --theme, --context, --learned, --batch, --stats, --cost, --no-pairs, --no-spell, --help, --version)"))
            }
        }
        return .success(o)
    }

    mutating func set(_ name: String, _ v: String) -> UsageError? {
        switch name {
        case "--layout": layout = v
        case "--layouts":
            layouts = v.split(separator: ",").map { String($0) }
            if layouts.isEmpty { return UsageError("--layouts needs a comma-separated list such as us,de") }
        case "--layer": layer = v
        case "--context": context = v
        case "--config": config = v
        case "--theme":
            guard !v.isEmpty else { return UsageError("--theme wants \(Settings.themeNames.joined(separator: ", ")) or a theme file") }
            theme = v
        case "--cost":
            let parts = v.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let x = Double(parts[1]), Suggester.Costs.names.contains(String(parts[0])) else {
                return UsageError("--cost wants NAME=NUMBER with a name of \(Suggester.Costs.names.joined(separator: ", ")), not \"\(v)\"")
            }
            costs.append((String(parts[0]), x))
        case "--purpose":
            guard let p = ContentPurpose.allCases.first(where: { $0.name == v }) else {
                let valid = ContentPurpose.allCases.map(\.name).joined(separator: ", ")
                return UsageError("unknown purpose \"\(v)\" (valid: \(valid))")
            }
            purpose = p
        case "--output" where command == "run":
            guard !v.isEmpty else { return UsageError("--output wants an output name such as HDMI-A-1") }
            outputName = v
        case "--output":
            let parts = v.split(separator: "x")
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
                  (100...16384).contains(w), (100...16384).contains(h) else {
                return UsageError("--output wants WIDTHxHEIGHT in logical pixels, 100 to 16384 each (e.g. 720x1280), not \"\(v)\"")
            }
            output = (w, h)
        case "-o": outputFile = v
        case "--scale":
            guard let s = Int(v), (1...4).contains(s) else { return UsageError("--scale wants 1, 2, 3 or 4, not \"\(v)\"") }
            scale = s
        default: break
        }
        return nil
    }
}

struct UsageError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

let usage = """
    usage: tapboard [run] [--layouts us,de,...] [--output NAME] [--hidden] [--replace] [--config FILE]
                    [--theme NAME|FILE]
           tapboard show | hide | toggle    the running keyboard's panel
           tapboard geometry --output WxH [--layout NAME] [--layer NAME] [--purpose P]
           tapboard preview --output WxH [--layout NAME] [--layer NAME] [--purpose P] [--scale N]
                            [--theme NAME|FILE] -o FILE.png
           tapboard check FILE...
           tapboard forget          delete the learned words (the only thing tapboard stores)
           tapboard layouts
           tapboard suggest [--layout NAME] [--context TEXT] [--learned] [--batch [--stats]] [--cost N=X] [WORD]
           tapboard --version       print the version

    run       the on-screen keyboard (the compositor's input method), one per Wayland
              display; --replace stops the running one and takes its place
    show, hide, toggle
              the panel of the tapboard running on this display (over D-Bus, else signals)
    geometry  print the panel's key rectangles as JSON for an output size
    preview   draw the panel offscreen to a PNG
    check     validate layout files; exit 2 on any error
    layouts   list the keyboards found and where each comes from
    suggest   candidates and autocorrection for WORD as JSON; --batch reads WORD or
              CONTEXT<TAB>WORD lines and answers each with a line (--stats: timing on stderr;
              --cost NAME=X: a weight of the error model, for tuning)

    See tapboard(1) for every option and setting.
    Signals while running: SIGUSR1 hides the panel, SIGUSR2 shows it, SIGRTMIN toggles.
    D-Bus while running: sm.puri.OSK0 (SetVisible, Visible), as Phosh expects of its keyboard.
    """
