import Foundation
import TestSupport

/// weston 10 under its own Xvfb (scripts/compositor weston), with tapboard as the input
/// method weston itself starts (weston.ini's `[input-method] path`, so over
/// `WAYLAND_SOCKET`). weston has no virtual pointer: taps are X pointer events through
/// xdotool, which weston turns into its seat's pointer. weston's X11 backend moves its
/// pointer by the X pointer's steps, clamped to the output, so the two drift apart:
/// `syncPointer` brings them together at the corners, and every click still looks where
/// the client saw the pointer (its own `wl_pointer` events under WAYLAND_DEBUG) and corrects.
final class WestonSession: @unchecked Sendable {
    let runDir: String
    let width: Int, height: Int
    private var process: Child!
    private var children: [Child] = []
    /// The X display weston's window is on.
    let xDisplay: String

    /// `config`: the lines of tapboard's settings file.
    init(config: [String], size: (Int, Int) = (720, 1280)) throws {
        (width, height) = size
        runDir = "/tmp/tapboard-e2e-weston-\(getpid())-\(Int.random(in: 0..<1_000_000))"
        for tool in ["/usr/bin/weston", "/usr/bin/Xvfb", "/usr/bin/xdotool", "/usr/bin/weston-editor"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            throw HarnessError("\(tool) is not installed: run `make test`, which installs it")
        }
        try FileManager.default.createDirectory(atPath: runDir, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            exec env WAYLAND_DEBUG=1 LANG=C.UTF-8 \(Paths.tapboard) --config \(try settingsFile(config)) \
            2>\(runDir)/tapboard.log
            """
        try script.write(toFile: runDir + "/input-method", atomically: true, encoding: .utf8)
        chmod(runDir + "/input-method", 0o755)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        process = try Child(
            Repository.root + "/scripts/compositor", ["weston", runDir, "\(width)x\(height)"], env: ["PATH": path])
        let socket = runDir + "/wayland-1"
        guard waitUntil(15, { FileManager.default.fileExists(atPath: socket) }),
            let x = try? String(contentsOfFile: runDir + "/x-display", encoding: .utf8)
        else {
            throw HarnessError("weston did not start: \(process.stderr.suffix(2000))")
        }
        xDisplay = x.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        for c in children.reversed() { c.stop() }
        process.stop()
        // tapboard's trace stays beside the screenshots, for a failure's story.
        try? FileManager.default.createDirectory(atPath: Paths.artifacts, withIntermediateDirectories: true)
        try? tapboardLog.write(toFile: Paths.artifacts + "/weston-tapboard.log", atomically: true, encoding: .utf8)
        try? FileManager.default.removeItem(atPath: runDir)
    }

    /// What tapboard printed: its WAYLAND_DEBUG trace and its own lines.
    var tapboardLog: String { (try? String(contentsOfFile: runDir + "/tapboard.log", encoding: .utf8)) ?? "" }

    /// weston's own log (what went wrong in it).
    var westonLog: String { process.stderr }

    /// weston-editor, a text-input-v1 client, tracing its protocol traffic.
    func editor() throws -> Child {
        let c = try Child(
            "/usr/bin/weston-editor", [],
            env: [
                "PATH": "/usr/bin:/bin", "XDG_RUNTIME_DIR": runDir, "WAYLAND_DISPLAY": "wayland-1",
                "HOME": runDir, "WAYLAND_DEBUG": "1"
            ])
        children.append(c)
        return c
    }

    /// The X screen weston draws on: its pointer steps and screenshots.
    var screen: XScreen { XScreen(display: xDisplay) }

    private func xdotool(_ args: [String]) throws { try screen.xdotool(args) }

    /// How far the X pointer is from weston's, by the last correction.
    private var offset = (x: 0.0, y: 0.0)

    /// Puts weston's pointer where the X pointer is: a step to the top left corner clamps
    /// weston's if it is left of X's, one to the bottom right if it is right of it.
    func syncPointer() throws {
        try xdotool(["mousemove", "0", "0"])
        usleep(100_000)
        try xdotool(["mousemove", "\(width - 1)", "\(height - 1)"])
        usleep(100_000)
        offset = (0, 0)
    }

    /// Clicks where a client sees the point (`x`, `y`) of its surface: moves the X pointer,
    /// reads the client's `wl_pointer` report from `trace`, corrects by the difference
    /// until it is within a pixel, clicks. `surface` (the point on the output the surface
    /// is thought to start at) gives the first guess.
    func click(
        _ x: Double, _ y: Double, on surface: (x: Double, y: Double), trace: () -> String
    ) throws {
        func onScreen(_ p: (x: Double, y: Double)) -> (x: Double, y: Double) {
            (min(max(p.x, 0), Double(width - 1)), min(max(p.y, 0), Double(height - 1)))
        }
        var guess = onScreen((surface.x + x + offset.x, surface.y + y + offset.y))
        var seenLast: [(x: Double, y: Double)] = []
        // The pointer is there already (the same key again): no motion will come.
        if let last = pointerReports(trace()).last, abs(last.x - x) <= 1, abs(last.y - y) <= 1 {
            try xdotool(["click", "1"])
            return
        }
        for _ in 0..<4 {
            let to = (Int(guess.x.rounded()), Int(guess.y.rounded()))
            guard let seen = try reportAfterMove(to: to, within: 2, trace: trace) else { break }
            seenLast.append(seen)
            let error = (x: x - seen.x, y: y - seen.y)
            if abs(error.x) <= 1, abs(error.y) <= 1 {
                try xdotool(["click", "1"])
                return
            }
            guess = onScreen((guess.x + error.x, guess.y + error.y))
            offset = (guess.x - surface.x - x, guess.y - surface.y - y)
        }
        throw HarnessError(
            "the pointer never reached (\(x), \(y)) of the surface (at \(surface)): seen at \(seenLast), X at \(guess)")
    }

    /// Moves the X pointer to `p` and waits up to `seconds` for the client's next pointer
    /// report (a point of its surface); nil when none came.
    func reportAfterMove(to p: (Int, Int), within seconds: Double, trace: () -> String) throws -> (x: Double, y: Double)? {
        let before = pointerReports(trace()).count
        try xdotool(["mousemove", "\(p.0)", "\(p.1)"])
        var seen: (x: Double, y: Double)?
        _ = waitUntil(seconds) {
            let reports = pointerReports(trace())
            guard reports.count > before else { return false }
            seen = reports.last
            return true
        }
        return seen
    }

    /// Waits until the surface under the X point (`x`, `y`) stops moving: weston slides an
    /// input panel in each time it maps it (weston 14 maps tapboard's again when the strip
    /// makes it taller). Still is when the client reports the same point of its surface for
    /// that X point three times running, with a move away and back between (twice alike
    /// could be two reports with no frame of the slide between them).
    func waitUntilStill(at x: Int, _ y: Int, seconds: Double = 10, trace: () -> String) throws {
        func reportAfterMove(to p: (Int, Int)) throws -> (x: Double, y: Double)? {
            try self.reportAfterMove(to: p, within: 1, trace: trace)
        }
        let deadline = Date().addingTimeInterval(seconds)
        var last: (x: Double, y: Double)?
        var alike = 0
        while Date() < deadline {
            let here = try reportAfterMove(to: (x, y))
            if let here, let last, here == last { alike += 1 } else { alike = 0 }
            if alike == 2 { return }
            last = here
            _ = try reportAfterMove(to: (x + 1, y))
        }
        throw HarnessError(
            "the surface under (\(x), \(y)) kept moving for \(seconds) s: last seen at \(String(describing: last))")
    }

    /// Moves the X pointer over a grid of the screen until the client reports the pointer
    /// on its surface; the point on the output where that surface starts, by the report.
    func findSurface(trace: () -> String) throws -> (x: Double, y: Double) {
        try syncPointer()
        for gy in stride(from: 50, to: height, by: 100) {
            for gx in stride(from: 50, to: width, by: 100) {
                let before = pointerReports(trace()).count
                try xdotool(["mousemove", "\(gx)", "\(gy)"])
                var seen: (x: Double, y: Double)?
                _ = waitUntil(0.3) {
                    let reports = pointerReports(trace())
                    guard reports.count > before else { return false }
                    seen = reports.last
                    return true
                }
                if let seen { return (Double(gx) - seen.x - offset.x, Double(gy) - seen.y - offset.y) }
            }
        }
        throw HarnessError("the client never saw the pointer anywhere on the screen")
    }
}

/// Whether a WAYLAND_DEBUG trace names an object of `interface` (libwayland 1.21 writes
/// `interface@id`, 1.23 `interface#id`).
func traceNames(_ trace: String, _ interface: String) -> Bool {
    trace.contains(interface + "@") || trace.contains(interface + "#")
}

/// The points in a WAYLAND_DEBUG trace's `wl_pointer` enter and motion events, in order.
func pointerReports(_ trace: String) -> [(x: Double, y: Double)] {
    var points: [(x: Double, y: Double)] = []
    for line in trace.split(separator: "\n") where line.contains("wl_pointer") && !line.contains("->") {
        guard line.contains(".motion(") || line.contains(".enter(") else { continue }
        let args = line.split(separator: "(", maxSplits: 1).last?.dropLast() ?? ""
        let parts = args.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count >= 3, let x = Double(parts[parts.count - 2]), let y = Double(parts[parts.count - 1]) else {
            continue
        }
        points.append((x, y))
    }
    return points
}

/// The text a text-input-v1 client last told the compositor its field holds
/// (`set_surrounding_text`, as WAYLAND_DEBUG prints it), up to the cursor.
func textInputV1Text(_ trace: String) -> String? {
    guard
        let line = trace.split(separator: "\n").last(where: {
            $0.contains("zwp_text_input_v1") && $0.contains("set_surrounding_text(")
        }),
        let open = line.range(of: "set_surrounding_text(\""), let close = line.range(of: "\", ", options: .backwards)
    else { return nil }
    return String(line[open.upperBound..<close.lowerBound])
}

/// An X screen (Xvfb's, where weston's X11 backend draws): pointer steps and screenshots.
struct XScreen {
    let display: String

    func xdotool(_ args: [String]) throws {
        try run("/usr/bin/xdotool", args)
    }

    /// Saves the whole screen as a PNG in the artifacts (GDK 3 reads the root window); its path.
    func screenshot(_ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: Paths.artifacts, withIntermediateDirectories: true)
        let path = Paths.artifacts + "/\(name)-weston.png"
        let script = """
            import sys, gi
            gi.require_version("Gdk", "3.0")
            from gi.repository import Gdk
            root = Gdk.get_default_root_window()
            Gdk.pixbuf_get_from_window(root, 0, 0, root.get_width(), root.get_height()).savev(sys.argv[1], "png", [], [])
            """
        try run("/usr/bin/python3", ["-c", script, path])
        return path
    }

    private func run(_ tool: String, _ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = args
        p.environment = ["DISPLAY": display, "GDK_BACKEND": "x11", "PATH": "/usr/bin:/bin"]
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw HarnessError("\(tool) \(args.first ?? "") failed") }
    }
}
