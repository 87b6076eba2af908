import TapboardCore

/// The release; the Makefile reads it from here for the man page.
public let tapboardVersion = "0.1.0"

/// Command-line options shared by the subcommands.
public struct Options {
    public var command = "run"
    public var layout: String?
    public var layouts: [String] = []
    public var layer: String?
    public var purpose: ContentPurpose?
    public var output: (width: Int, height: Int)?
    /// `run --output NAME`: the output to put the panel on.
    public var outputName: String?
    public var outputFile: String?
    public var scale = 1
    public var hidden = false
    /// `run --replace`: stop the tapboard running on this display and take its place.
    public var replace = false
    public var files: [String] = []
    /// The settings file instead of $XDG_CONFIG_HOME/tapboard/config.
    public var config: String?
    /// `--theme NAME|FILE`: the theme instead of the settings' one.
    public var theme: String?
    /// `suggest`: the text before the word, learned words on, lines from standard input, timing.
    public var context: String?
    public var learned = false
    /// `geometry`, `preview --typed WORD`: the panel while WORD is being typed (after `context`).
    public var typed: String?
    public var batch = false
    public var stats = false
    /// `suggest --cost NAME=VALUE`: weights of the error model, for tuning.
    public var costs: [(name: String, value: Double)] = []
    /// `suggest --no-pairs`: without the language's next-word pairs and triples (to measure what they bring).
    public var noPairs = false
    /// `suggest --no-spell`: without the language's spell checker (to measure what it brings).
    public var noSpell = false
    /// `glide --weight NAME=VALUE`: weights of the glide decoder or its language model, for tuning.
    public var weights: [(name: String, value: Double)] = []
    /// `glide --plain`: the plain shape matcher, without the language model.
    public var plain = false
    /// `glide --learn`: learn the text as it is written (each context's new words), in memory.
    public var learnAsWritten = false
    /// `glide --channels`: each stroke's candidates with their channels, for `scripts/fit-glide`.
    public var channels = false
    /// `--exclusive-zone on|off`: the settings' `exclusive-zone` overridden.
    public var exclusiveZone: Bool?
    /// `--help` after a command: that command's help.
    public var help = false

    static let commands = [
        "run", "geometry", "preview", "check", "layouts", "suggest", "glide", "forget", "show", "hide", "toggle", "version",
        "help"
    ]

    /// Parses `args` (without the program name); the error is one line for the user.
    public static func parse(_ args: [String]) -> Result<Options, UsageError> {
        var o = Options()
        var rest = args[...]
        if let first = rest.first, !first.hasPrefix("-") {
            guard commands.contains(first) else {
                return .failure(UsageError(tr("unknown command \"%s\" (valid: %s)", first, commands.joined(separator: ", "))))
            }
            o.command = first
            rest = rest.dropFirst()
        }
        while let arg = rest.popFirst() {
            if !arg.hasPrefix("-") || arg == "-" {
                guard o.command == "check" || o.command == "suggest" else {
                    return .failure(UsageError(tr("unexpected argument \"%s\" for %s", arg, o.command)))
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
                guard let v = rest.popFirst() else { return .failure(UsageError(tr("%s needs a value", name))) }
                return .success(v)
            }
            guard let option = table.first(where: { $0.names.contains(name) }) else {
                let valid = table.flatMap(\.names).filter { $0.hasPrefix("--") }.joined(separator: ", ")
                return .failure(UsageError(tr("unknown option \"%s\" (valid: %s)", name, valid + ", -o")))
            }
            if case .flag(let apply) = option.effect {
                apply(&o)
                continue
            }
            let given: String
            switch value() {
            case .success(let v): given = v
            case .failure(let e): return .failure(e)
            }
            switch option.effect {
            case .flag: break
            case .text(let field): o[keyPath: field] = given
            case .value(let apply): if let e = apply(&o, given) { return .failure(e) }
            }
        }
        return .success(o)
    }

    /// What an option does: a switch, or an option with a value (`--layout de`, `--layout=de`)
    /// that it checks (the error is one line for the user).
    enum Effect {
        case flag(@Sendable (inout Options) -> Void)
        /// The value as given, into the option's field.
        case text(WritableKeyPath<Options, String?> & Sendable)
        case value(@Sendable (inout Options, String) -> UsageError?)
    }

    /// Every option, by its names; `usage` below describes them for people.
    static let table: [(names: [String], effect: Effect)] = [
        (["-h", "--help"], .flag { $0.help = true }),
        (["-V", "--version"], .flag { $0.command = "version" }),
        (["--hidden"], .flag { $0.hidden = true }),
        (["--replace"], .flag { $0.replace = true }),
        (["--learned"], .flag { $0.learned = true }),
        (["--batch"], .flag { $0.batch = true }),
        (["--stats"], .flag { $0.stats = true }),
        (["--no-pairs"], .flag { $0.noPairs = true }),
        (["--no-spell"], .flag { $0.noSpell = true }),
        (["--plain"], .flag { $0.plain = true }),
        (["--learn"], .flag { $0.learnAsWritten = true }),
        (["--channels"], .flag { $0.channels = true }),
        (["--layout"], .text(\.layout)),
        (
            ["--layouts"],
            .value { o, v in
                o.layouts = v.split(separator: ",").map { String($0) }
                return o.layouts.isEmpty ? UsageError(tr("--layouts needs a comma-separated list such as us,de")) : nil
            }
        ),
        (["--layer"], .text(\.layer)),
        (["--context"], .text(\.context)),
        (
            ["--typed"],
            .value { o, v in
                o.typed = v
                return v.isEmpty ? UsageError(tr("--typed needs the word being typed")) : nil
            }
        ),
        (["--config"], .text(\.config)),
        (
            ["--theme"],
            .value { o, v in
                guard !v.isEmpty else {
                    return UsageError(tr("--theme wants %s or a theme file", Settings.themeNames.joined(separator: ", ")))
                }
                o.theme = v
                return nil
            }
        ),
        (
            ["--exclusive-zone"],
            .value { o, v in
                var s = Settings()
                if s.set("exclusive-zone", v) != nil {
                    return UsageError(tr("--exclusive-zone wants on or off, not \"%s\"", v))
                }
                o.exclusiveZone = s.exclusiveZone
                return nil
            }
        ),
        (
            ["--weight"],
            .value { o, v in
                let parts = v.split(separator: "=", maxSplits: 1)
                let names = GlideDecoder.Weights.names + Suggester.Costs.names
                guard parts.count == 2, let x = Double(parts[1]), names.contains(String(parts[0])) else {
                    return UsageError("--weight wants NAME=NUMBER with a name of \(names.joined(separator: ", ")), not \"\(v)\"")
                }
                o.weights.append((String(parts[0]), x))
                return nil
            }
        ),
        (
            ["--cost"],
            .value { o, v in
                let parts = v.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, let x = Double(parts[1]), Suggester.Costs.names.contains(String(parts[0])) else {
                    return UsageError(
                        "--cost wants NAME=NUMBER with a name of \(Suggester.Costs.names.joined(separator: ", ")), not \"\(v)\"")
                }
                o.costs.append((String(parts[0]), x))
                return nil
            }
        ),
        (
            ["--purpose"],
            .value { o, v in
                guard let p = ContentPurpose.allCases.first(where: { $0.name == v }) else {
                    let valid = ContentPurpose.allCases.map(\.name).joined(separator: ", ")
                    return UsageError(tr("unknown purpose \"%s\" (valid: %s)", v, valid))
                }
                o.purpose = p
                return nil
            }
        ),
        (
            ["--output"],
            .value { o, v in
                if o.command == "run" {
                    guard !v.isEmpty else { return UsageError(tr("--output wants an output name such as HDMI-A-1")) }
                    o.outputName = v
                    return nil
                }
                let parts = v.split(separator: "x")
                guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
                    (100...16384).contains(w), (100...16384).contains(h)
                else {
                    return UsageError(
                        tr("--output wants WIDTHxHEIGHT in logical pixels, 100 to 16384 each (e.g. 720x1280), not \"%s\"", v))
                }
                o.output = (w, h)
                return nil
            }
        ),
        (["-o"], .text(\.outputFile)),
        (
            ["--scale"],
            .value { o, v in
                guard let s = Int(v), (1...4).contains(s) else {
                    return UsageError(tr("--scale wants 1, 2, 3 or 4, not \"%s\"", v))
                }
                o.scale = s
                return nil
            }
        )
    ]
}

public struct UsageError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The usage: the synopsis as typed, what each command does in the user's language.
public var usage: String {
    let synopsis = """
        tapboard [run] [--layouts us,de,...] [--output NAME] [--hidden] [--replace] [--config FILE]
                        [--theme NAME|FILE] [--exclusive-zone on|off]
               tapboard show | hide | toggle
               tapboard geometry --output WxH [--layout NAME] [--layer NAME] [--purpose P] [--typed WORD]
               tapboard preview --output WxH [--layout NAME] [--layer NAME] [--purpose P] [--typed WORD]
                                [--context TEXT] [--scale N] [--theme NAME|FILE] -o FILE.png
               tapboard check FILE...
               tapboard forget
               tapboard layouts
               tapboard suggest [--layout NAME] [--context TEXT] [--learned] [--batch [--stats]] [--cost N=X] [WORD]
               tapboard glide --output WxH [--layout NAME] [--plain] [--learn] [--stats] [--channels] --batch
               tapboard --version
        """
    // Each description's lines (translations wrap their own) under the command's column.
    func described(_ command: String, _ text: String) -> String {
        let head =
            command.count < 10
            ? command + String(repeating: " ", count: 10 - command.count) : command + "\n" + String(repeating: " ", count: 10)
        return head + text.split(separator: "\n").joined(separator: "\n" + String(repeating: " ", count: 10))
    }
    let commands = [
        described(
            "run",
            tr(
                "the on-screen keyboard (the compositor's input method), one per Wayland\ndisplay; --replace stops the running one and takes its place"
            )),
        described("show, hide, toggle", tr("the panel of the tapboard running on this display (over D-Bus, else signals)")),
        described("geometry", tr("print the panel's key rectangles as JSON for an output size")),
        described("preview", tr("draw the panel offscreen to a PNG")),
        described("check", tr("validate layout files; exit 2 on any error")),
        described("forget", tr("delete what tapboard stores: learned words, engines' user data, floating places")),
        described("layouts", tr("list the keyboards found and where each comes from")),
        described(
            "suggest",
            tr(
                "candidates and autocorrection for WORD as JSON; --batch reads WORD or\nCONTEXT<TAB>WORD lines and answers each with a line (--stats: timing on stderr;\n--cost NAME=X: a weight of the error model, for tuning)"
            )),
        described("glide", tr("the words strokes read as: JSON lines in, JSON lines out (tapboard glide --help)")),
        described("--version", tr("print the version"))
    ]
    return tr("usage:") + " " + synopsis + "\n\n" + commands.joined(separator: "\n") + "\n\n"
        + tr("See tapboard(1) for every option and setting.") + "\n"
        + tr("Signals while running: SIGUSR1 hides the panel, SIGUSR2 shows it, SIGRTMIN toggles.") + "\n"
        + tr("D-Bus while running: sm.puri.OSK0 (SetVisible, Visible), as Phosh expects of its keyboard.")
}
