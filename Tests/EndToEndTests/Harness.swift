import Foundation
import TestSupport
import Testing

/// Paths of the built programs and of what the tests leave behind.
enum Paths {
    static let bin = Repository.root + "/.build/debug"
    /// The keyboard under test: `make test` sets the release build; else the debug one.
    static let tapboard = ProcessInfo.processInfo.environment["TAPBOARD_BIN"] ?? bin + "/tapboard"
    static let artifacts = Repository.root + "/.build/e2e-artifacts"
}

// swift-format-ignore: AlwaysUseLowerCamelCase
// The C name, which Glibc gives only as a function.
let SIGRTMIN = __libc_current_sigrtmin()

extension Tag {
    /// Starts headless compositors and apps in them: the serialized `EndToEnd` suite, minutes.
    @Tag static var compositor: Self
    /// Runs the command line only (no display): quick, and part of `make check`.
    @Tag static var commandLine: Self
}

struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// Polls `condition` every 20 ms until it holds or `seconds` pass.
func waitUntil(_ seconds: Double = 5, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        usleep(20_000)
    }
    return try condition()
}

/// What a child printed: its standard output as lines, its standard error as text.
private final class ChildOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private var partial: [UInt8] = []
    private var errText: [UInt8] = []

    func addOut(_ bytes: ArraySlice<UInt8>) {
        lock.lock()
        defer { lock.unlock() }
        partial += bytes
        while let nl = partial.firstIndex(of: 0x0a) {
            lines.append(String(decoding: partial[..<nl], as: UTF8.self))
            partial.removeSubrange(...nl)
        }
    }

    func addErr(_ bytes: ArraySlice<UInt8>) {
        lock.lock()
        defer { lock.unlock() }
        errText += bytes
    }

    var outLines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    var errString: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: errText, as: UTF8.self)
    }
}

/// A child process whose standard output and error are collected line by line.
final class Child: @unchecked Sendable {
    let process = Process()
    private let output = ChildOutput()
    let name: String

    init(_ executable: String, _ args: [String], env: [String: String]) throws {
        name = (executable as NSString).lastPathComponent
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = args
        process.environment = env
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        // One thread per pipe, reading until end of file, not readabilityHandler: with it the
        // test runner once died in a memmove on a handler's thread (suspected: Foundation's
        // dispatch source racing the pipe's close, as in SR-12079; not proven).
        let output = output
        Child.drain(stdout.fileHandleForReading) { output.addOut($0) }
        Child.drain(stderr.fileHandleForReading) { output.addErr($0) }
        // Children inherit the spawning thread's signal mask, and the test runner's threads
        // block SIGTERM: unblocked, children stop when told instead of after a SIGKILL.
        var none = sigset_t()
        var saved = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        try process.run()
    }

    var lines: [String] { output.outLines }
    var stderr: String { output.errString }

    /// Reads `handle` on a thread of its own until end of file (every writer gone), handing
    /// each read to `take`; the handle, and so its descriptor, lives as long as the thread.
    private static func drain(_ handle: FileHandle, _ take: @escaping @Sendable (ArraySlice<UInt8>) -> Void) {
        let reader = Thread {
            let fd = handle.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    take(buffer[..<n])
                } else if n < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
        }
        reader.start()
    }

    /// Waits for a line equal to `line`.
    func waitFor(_ line: String, seconds: Double = 5) -> Bool {
        waitUntil(seconds) { lines.contains(line) }
    }

    func signal(_ s: Int32) { kill(process.processIdentifier, s) }

    func stop() {
        if process.isRunning {
            process.terminate()
            _ = waitUntil(3) { !process.isRunning }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    deinit { stop() }
}

/// A headless compositor started by scripts/compositor, with one output (720x1280 unless
/// the test asks for another size).
final class Compositor: @unchecked Sendable {
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case sway, phoc, labwc
        var testDescription: String { rawValue }

        /// The compositors every end-to-end test runs on: TAPBOARD_COMPOSITORS (names
        /// separated by commas), else sway and phoc (Debian 12's labwc 0.6 has no
        /// input-method-v2). A name not known here stops the run rather than being dropped.
        static let allCases: [Kind] = {
            guard let list = ProcessInfo.processInfo.environment["TAPBOARD_COMPOSITORS"] else { return [.sway, .phoc] }
            let kinds = list.split(separator: ",", omittingEmptySubsequences: false).map { name in
                guard let kind = Kind(rawValue: String(name)) else {
                    fatalError("TAPBOARD_COMPOSITORS=\(list): no compositor '\(name)' (known: sway, phoc, labwc)")
                }
                return kind
            }
            guard !kinds.isEmpty else { fatalError("TAPBOARD_COMPOSITORS is empty") }
            return kinds
        }()
    }

    let kind: Kind
    let runDir: String
    let width: Int, height: Int
    private var process: Child!
    private var children: [Child] = []
    /// The private session bus (dbus-daemon) that tapboard sees; nil: none.
    private var bus: Child?

    /// `inputDevice`: a pointer device held for the whole session, so that the devices of
    /// taps come and go without changing the seat's capabilities (Chromium swaps its
    /// wl_keyboard on every such change and drops the key events sent meanwhile). False:
    /// none, and phoc has no wl_seat until a test makes a device with `tap`.
    /// `sessionBus`: a private session bus for tapboard (`busAddress`); false: none.
    /// `busForEveryUser`: that bus takes clients of any user (a shell run as a test user), not
    /// only root's.
    init(
        _ kind: Kind, size: (Int, Int) = (720, 1280), inputDevice: Bool = true, sessionBus: Bool = true,
        busForEveryUser: Bool = false
    ) throws {
        self.kind = kind
        (width, height) = size
        runDir = "/tmp/tapboard-e2e-\(kind.rawValue)-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/\(kind.rawValue)") else {
            throw HarnessError("\(kind.rawValue) is not installed: run `make test`, which installs it")
        }
        process = try Child(
            Repository.root + "/scripts/compositor", [kind.rawValue, runDir, "\(width)x\(height)"],
            env: ["PATH": path])
        let socket = runDir + "/wayland-1"
        guard waitUntil(10, { FileManager.default.fileExists(atPath: socket) }) else {
            throw HarnessError("\(kind.rawValue) did not start: \(process.stderr.suffix(2000))")
        }
        if sessionBus {
            // Not RUNDIR/bus: clients that look there when no address is given (GLib,
            // libdbus) run without a bus, as before; only tapboard and `busCall` get it.
            let config = busForEveryUser ? "--config-file=" + (try everyUsersBusConfig()) : "--session"
            let b = try Child(
                "/usr/bin/dbus-daemon",
                [config, "--nofork", "--nopidfile", "--print-address", "--address=unix:path=\(runDir)/session-bus"],
                env: ["PATH": path])
            guard waitUntil(10, { !b.lines.isEmpty }) else { throw HarnessError("dbus-daemon did not start: \(b.stderr)") }
            bus = b
        }
        if inputDevice {
            // phoc announces wl_seat only once an input device exists.
            let pointer = try start(Paths.bin + "/tapboard-tap", ["--extent", "\(width)x\(height)", "move:1,1", "hold"])
            guard pointer.waitFor("holding", seconds: 10) else {
                throw HarnessError("tapboard-tap hold failed: \(pointer.stderr)")
            }
        }
    }

    /// A session bus's configuration that lets every user connect (a session bus takes only
    /// its owner's clients), with no services to start; it listens where `--address` says.
    private func everyUsersBusConfig() throws -> String {
        let file = runDir + "/every-users-bus.conf"
        let policy = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(runDir)/session-bus</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow user="*"/>
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """
        try policy.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    deinit {
        for c in children.reversed() { c.stop() }
        process.stop()
        bus?.stop()
        try? FileManager.default.removeItem(atPath: runDir)
    }

    var isRunning: Bool { process.process.isRunning }

    /// Stops the compositor and leaves its clients to notice.
    func stopCompositorOnly() { process.stop() }

    var environment: [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "XDG_RUNTIME_DIR": runDir, "WAYLAND_DISPLAY": runDir + "/wayland-1",
            "HOME": runDir, "LANG": "C.UTF-8"
        ]
    }

    /// The private session bus's address; nil without one.
    var busAddress: String? { bus == nil ? nil : "unix:path=\(runDir)/session-bus" }

    /// Starts a client (with `env` added to the environment); it is stopped with the compositor.
    /// tapboard, gdbus and dbus-monitor get the private session bus, if any.
    @discardableResult
    func start(_ executable: String, _ args: [String] = [], env: [String: String] = [:]) throws -> Child {
        var all = environment
        if let busAddress, [Paths.tapboard, "/usr/bin/gdbus", "/usr/bin/dbus-monitor"].contains(executable) {
            all["DBUS_SESSION_BUS_ADDRESS"] = busAddress
        }
        let c = try Child(executable, args, env: all.merging(env) { $1 })
        children.append(c)
        return c
    }

    /// Starts tapboard; `config`: the lines of its settings file, if any.
    func tapboard(_ args: [String] = [], config: [String]? = nil) throws -> Child {
        guard let config else { return try start(Paths.tapboard, args) }
        return try start(Paths.tapboard, args + ["--config", try settingsFile(config)])
    }
}

/// A settings file with these lines, for `--config`.
func settingsFile(_ lines: [String]) throws -> String {
    let path =
        NSTemporaryDirectory() + "tapboard-test-\(getpid())-"
        + lines.joined(separator: "_").filter { $0.isLetter || $0.isNumber || $0 == "_" } + ".conf"
    try lines.map { $0 + "\n" }.joined().write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

extension Compositor {
    /// Settings for tests about something other than suggestions: letters go straight in,
    /// one commit each, as they do in fields without the strip; the panel is the keys
    /// alone (no toolbar row either, which fields would otherwise get: ToolbarTests).
    static let noSuggestions = ["suggestions = off", "toolbar = off"]

    func probe(_ args: [String] = []) throws -> Child {
        try start(Paths.bin + "/tapboard-probe", args)
    }

    /// The GTK4 test client (an entry); waits until its field has focus.
    func gtkEntry(_ args: [String] = []) throws -> Child {
        var env = environment
        env["GDK_BACKEND"] = "wayland"
        env["GSK_RENDERER"] = "cairo"
        let c = try Child("/usr/bin/python3", [Repository.root + "/Tests/EndToEndTests/Clients/gtk-entry.py"] + args, env: env)
        children.append(c)
        guard c.waitFor("ready", seconds: 15) else { throw HarnessError("the GTK entry did not start: \(c.stderr)") }
        return c
    }

    /// Starts tapboard (`args` and `config` as `tapboard` takes them) and waits until its
    /// panel shows as `map`: by default the keys alone, as before any field is focused.
    func shownTapboard(
        _ args: [String] = [], config: [String]? = nil, shows map: PanelMap? = plainPanel, name: String = "start"
    ) throws -> Child {
        let tb = try tapboard(args, config: config)
        guard try waitUntil(5, { panelShown(try screenshot(name), map) }) else {
            throw HarnessError("the panel did not appear as `tapboard geometry` has it: \(tb.stderr)")
        }
        return tb
    }

    /// Focuses a field and waits until tapboard has taken it: the panel is hidden first,
    /// `open` starts a client and waits until its field has focus, and the panel shows
    /// again as `map` (the field's keyboard, with its strip or toolbar), which it does only
    /// once tapboard has handled the input method's activate and done. Needs the session bus.
    func focus<Client>(
        _ tapboard: Child, shows map: PanelMap?, name: String = "focused", seconds: Double = 10,
        _ open: () throws -> Client
    ) throws -> Client {
        // On the bus, tapboard takes signals (it blocks them before it offers the name).
        guard waitUntil(5, { ((try? oskVisible()) ?? "").hasPrefix("(<") }) else {
            throw HarnessError("tapboard is not on the session bus: \(tapboard.stderr)")
        }
        tapboard.signal(SIGUSR1)
        guard waitUntil(5, { (try? oskVisible()) == "(<false>,)" }) else {
            throw HarnessError("the panel did not hide before the field was focused: \(tapboard.stderr)")
        }
        let client = try open()
        guard try waitUntil(seconds, { panelShown(try screenshot(name), map) }) else {
            throw HarnessError("the panel did not show for the focused field as `tapboard geometry` has it: \(tapboard.stderr)")
        }
        return client
    }

    /// The probe (with `args`), once its field has focus.
    func focusedProbe(_ args: [String] = []) throws -> Child {
        let p = try probe(args)
        guard p.waitFor("ready"), p.waitFor("focus in") else {
            throw HarnessError("the probe got no focus: \(p.lines) \(p.stderr)")
        }
        return p
    }

    /// Runs tapboard-tap with these steps and waits for it.
    func tap(_ steps: [String]) throws {
        let t = try Child(Paths.bin + "/tapboard-tap", ["--extent", "\(width)x\(height)"] + steps, env: environment)
        t.process.waitUntilExit()
        guard t.process.terminationStatus == 0 else {
            throw HarnessError("tapboard-tap failed: \(t.stderr)")
        }
    }

    /// Takes a screenshot with grim; returns its path.
    func screenshot(_ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: Paths.artifacts, withIntermediateDirectories: true)
        let path = Paths.artifacts + "/\(name)-\(kind.rawValue).png"
        let g = try Child("/usr/bin/grim", [path], env: environment)
        g.process.waitUntilExit()
        guard g.process.terminationStatus == 0 else { throw HarnessError("grim failed: \(g.stderr)") }
        return path
    }
}
