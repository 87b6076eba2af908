import Foundation
import TestSupport

/// KWin 5.27 on its virtual backend, with tapboard as the input method KWin starts
/// (`--inputmethod`, over `WAYLAND_SOCKET`). `/usr/bin/kwin_wayland` carries a file
/// capability that an unprivileged container refuses to exec: a copy runs, and it must
/// keep the name `kwin_wayland`. Taps are touches through KWin's
/// `org_kde_kwin_fake_input` (tapboard-tap), which KWin allows here because
/// `KWIN_WAYLAND_NO_PERMISSION_CHECKS` is set; `KWIN_IM_SHOW_ALWAYS` shows the panel
/// whatever focused the field.
final class KWinSession: @unchecked Sendable {
    let runDir: String
    let width: Int, height: Int
    private var process: Child!
    private var children: [Child] = []
    private var bus: Child?

    /// `args` and `config`: tapboard's arguments and the lines of its settings file.
    init(_ args: [String] = [], config: [String], size: (Int, Int) = (720, 1280)) throws {
        (width, height) = size
        runDir = "/tmp/tapboard-e2e-kwin-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        for tool in ["/usr/bin/kwin_wayland", "/usr/bin/dbus-daemon", "/usr/bin/zenity"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            throw HarnessError("\(tool) is not installed: run `make test`, which installs it")
        }
        let fm = FileManager.default
        try fm.createDirectory(atPath: runDir + "/bin", withIntermediateDirectories: true)
        chmod(runDir, 0o700)
        try fm.copyItem(atPath: "/usr/bin/kwin_wayland", toPath: runDir + "/bin/kwin_wayland")
        let script = """
            #!/bin/sh
            exec env WAYLAND_DEBUG=1 LANG=C.UTF-8 \(Paths.tapboard) \(args.joined(separator: " ")) \
            --config \(try settingsFile(config)) \
            2>\(runDir)/tapboard.log
            """
        try script.write(toFile: runDir + "/input-method", atomically: true, encoding: .utf8)
        chmod(runDir + "/input-method", 0o755)
        // KWin wants a session bus: a private one, stopped after KWin (dbus-run-session
        // would leave KWin running when stopped itself).
        let b = try Child(
            "/usr/bin/dbus-daemon",
            ["--session", "--nofork", "--nopidfile", "--print-address", "--address=unix:path=\(runDir)/session-bus"],
            env: environment)
        guard waitUntil(10, { !b.lines.isEmpty }) else { throw HarnessError("dbus-daemon did not start: \(b.stderr)") }
        bus = b
        process = try Child(
            runDir + "/bin/kwin_wayland",
            [
                "--virtual", "--width", "\(width)", "--height", "\(height)", "--socket", "wayland-1",
                "--no-lockscreen", "--no-global-shortcuts", "--inputmethod", runDir + "/input-method"
            ],
            env: environment.merging([
                "KWIN_IM_SHOW_ALWAYS": "1", "KWIN_WAYLAND_NO_PERMISSION_CHECKS": "1",
                "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(runDir)/session-bus"
            ]) { $1 })
        guard waitUntil(20, { fm.fileExists(atPath: runDir + "/wayland-1") }) else {
            throw HarnessError("KWin did not start: \(process.stderr.suffix(2000))")
        }
        // One touch device held for the session: the seat has touch from the start, so each
        // tap run's own device changes nothing clients must take up (a first touch was lost).
        let held = try Child(Paths.bin + "/tapboard-tap", ["hold"], env: environment)
        children.append(held)
        guard held.waitFor("holding", seconds: 10) else { throw HarnessError("tapboard-tap hold: \(held.stderr)") }
    }

    deinit {
        for c in children.reversed() { c.stop() }
        process?.stop()
        bus?.stop()
        try? FileManager.default.createDirectory(atPath: Paths.artifacts, withIntermediateDirectories: true)
        try? tapboardLog.write(toFile: Paths.artifacts + "/kwin-tapboard.log", atomically: true, encoding: .utf8)
        try? FileManager.default.removeItem(atPath: runDir)
    }

    var environment: [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "XDG_RUNTIME_DIR": runDir,
            "WAYLAND_DISPLAY": "wayland-1", "HOME": runDir, "LANG": "C.UTF-8"
        ]
    }

    /// What tapboard printed: its WAYLAND_DEBUG trace and its own lines.
    var tapboardLog: String { (try? String(contentsOfFile: runDir + "/tapboard.log", encoding: .utf8)) ?? "" }

    /// Waits until KWin has settled the focused field: after the context's activate, the
    /// `reset` KWin sends once the client's text-input state is in, and a `commit_state` after
    /// it. Taps before that reset lose what they composed (it drops a preedit, as it should).
    func fieldSettled(seconds: Double = 20) -> Bool {
        waitUntil(seconds) {
            let log = tapboardLog
            guard let activate = log.range(of: ".activate(new id zwp_input_method_context_v1", options: .backwards),
                let reset = log[activate.upperBound...].range(of: ".reset()")
            else { return false }
            return log[reset.upperBound...].contains(".commit_state(")
        }
    }

    /// Waits until a field's context is active and its first state is in (a `commit_state`
    /// after the `activate`): Qt enables text-input a moment after it reports focus.
    func fieldActive(seconds: Double = 20) -> Bool {
        waitUntil(seconds) {
            let log = tapboardLog
            guard let activate = log.range(of: ".activate(new id zwp_input_method_context_v1", options: .backwards)
            else { return false }
            return log[activate.upperBound...].contains(".commit_state(")
        }
    }

    /// How many field contexts KWin has activated so far.
    var activations: Int { tapboardLog.components(separatedBy: ".activate(new id zwp_input_method_context_v1").count - 1 }

    var kwinLog: String { process.stderr }

    /// A GTK 3 `zenity --entry`: it prints the entry's text when Return is pressed.
    func entry() throws -> Child {
        let c = try Child(
            "/usr/bin/zenity", ["--entry", "--text", "tapboard"],
            env: environment.merging(["GDK_BACKEND": "wayland"]) { $1 })
        children.append(c)
        return c
    }

    /// The GTK 4 test client (gtk-entry.py, text-input-v3), which reports its text and focus.
    func gtkEntry(_ args: [String] = []) throws -> Child {
        let c = try Child(
            "/usr/bin/python3", [Repository.root + "/Tests/EndToEndTests/Clients/gtk-entry.py"] + args,
            env: environment.merging(["GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo"]) { $1 })
        children.append(c)
        guard c.waitFor("ready", seconds: 15) else { throw HarnessError("the GTK entry did not start: \(c.stderr)") }
        return c
    }

    /// The GTK 3 test client (gtk3-entry.py: text-input-v3 through KWin), which reports its text.
    func gtk3Entry(_ args: [String] = []) throws -> Child {
        let c = try Child(
            "/usr/bin/python3", [Repository.root + "/Tests/EndToEndTests/Clients/gtk3-entry.py"] + args,
            env: environment.merging(["GDK_BACKEND": "wayland"]) { $1 })
        children.append(c)
        guard c.waitFor("ready", seconds: 15) else { throw HarnessError("the GTK 3 entry did not start: \(c.stderr)") }
        return c
    }

    /// The Qt test client (qt-entry.py) filling the output, its Wayland trace on stderr: Qt
    /// 6.4 speaks KWin's text-input-v2 and asks for the panel when the field is touched, not
    /// when it gets focus.
    func qtEntry(_ args: [String] = []) throws -> Child {
        let c = try Child(
            "/usr/bin/python3", [Repository.root + "/Tests/EndToEndTests/Clients/qt-entry.py", "--fullscreen"] + args,
            env: environment.merging(["QT_QPA_PLATFORM": "wayland", "WAYLAND_DEBUG": "1"]) { $1 })
        children.append(c)
        guard c.waitFor("ready", seconds: 15) else { throw HarnessError("the Qt entry did not start: \(c.stderr)") }
        return c
    }

    /// Runs tapboard-tap's steps (touches through KWin's fake input) to the end.
    func tap(_ steps: [String]) throws {
        let c = try Child(Paths.bin + "/tapboard-tap", steps, env: environment)
        guard waitUntil(20, { !c.process.isRunning }), c.process.terminationStatus == 0 else {
            throw HarnessError("tapboard-tap \(steps) failed: \(c.stderr)")
        }
    }
}
