import Foundation
import TestSupport
import Testing

extension Compositor {
    /// Starts tapboard-tap without waiting: a press held through `steps` (down:X,Y sleep:MS ...).
    func hold(_ steps: [String]) throws -> Child {
        try start(Paths.bin + "/tapboard-tap", ["--extent", "\(width)x\(height)"] + steps)
    }

    /// Starts tapboard with `env` added and `config` as its settings file.
    func tapboard(env: [String: String], config: [String] = Compositor.noSuggestions) throws -> Child {
        try start(Paths.tapboard, ["--config", try settingsFile(config)], env: env)
    }
}

/// The lines of a probe that start with `prefix`.
func count(_ p: Child, _ prefix: String) -> Int { p.lines.filter { $0.hasPrefix(prefix) }.count }

extension EndToEnd {
    /// What goes wrong around the keyboard: the compositor dies, tapboard is told to stop,
    /// a keyboard file or the data directory turns bad; each while a key may be held.
    /// (The seat losing its pointer mid-press, and a seat arriving late, are in OutputSeatTests.)
    @Suite struct FaultTests {
        let panel: PanelMap
        init() throws { panel = try PanelMap(config: Compositor.noSuggestions) }

        /// A compositor, tapboard with its panel up, and a probe focused holding 150 short
        /// words (a long-held backspace deletes words: these last a while).
        func heldBackspace(_ kind: Compositor.Kind) throws -> (Compositor, Child, Child) {
            let c = try Compositor(kind)
            let tb = try c.shownTapboard(config: Compositor.noSuggestions, name: "fault-start")
            let p = try c.focus(tb, shows: panel) {
                try c.focusedProbe(["--initial", String(repeating: "ab ", count: 150), "--releases"])
            }
            let bs = try panel.tap("backspace").dropFirst(4)  // "tap:X,Y" -> "X,Y"
            _ = try c.hold(["down:\(bs)", "sleep:8000", "up"])
            // Held past the repeat delay: backspace repeats.
            guard waitUntil(5, { count(p, "key BackSpace") >= 3 }) else {
                throw HarnessError("backspace did not repeat: \(p.lines.suffix(5))")
            }
            return (c, tb, p)
        }

        /// The compositor dies while backspace repeats: one line, exit status 1, at once.
        @Test(arguments: Compositor.Kind.allCases)
        func compositorKilledWhileAKeyIsHeld(_ kind: Compositor.Kind) throws {
            let (c, tb, _) = try heldBackspace(kind)
            c.stopCompositorOnly()
            #expect(waitUntil(5) { !tb.process.isRunning }, "tapboard hangs without its compositor")
            #expect(tb.process.terminationStatus == 1)
            #expect(tb.stderr == "tapboard: lost the connection to the compositor\n")
        }

        /// SIGTERM while backspace repeats: every key pressed is released before tapboard
        /// leaves, it exits 0 at once, and nothing repeats afterwards.
        @Test func sigtermWhileAKeyIsHeldReleasesItFirst() throws {
            let (_, tb, p) = try heldBackspace(.sway)
            tb.signal(SIGTERM)
            #expect(waitUntil(3) { !tb.process.isRunning }, "tapboard did not stop on SIGTERM")
            #expect(tb.process.terminationStatus == 0)
            #expect(tb.stderr == "")
            // The probe has seen a release for every press (sent on tapboard's way out).
            _ = waitUntil(5) { count(p, "release BackSpace") == count(p, "key BackSpace") }
            let pressed = count(p, "key BackSpace")
            #expect(pressed >= 3 && count(p, "release BackSpace") == pressed, "probe saw: \(p.lines.suffix(6))")
            #expect(p.lines.last { $0.hasPrefix("text ") } != "text \"\"", "the field emptied before SIGTERM")
            usleep(1_000_000)
            #expect(count(p, "key BackSpace") == pressed, "keys kept coming after tapboard left")
        }

        /// A keyboard file turns bad while tapboard runs (as root, permissions cannot make it
        /// unreadable: its bytes stop being UTF-8): the field that wants it gets one clear line,
        /// and the keyboard on screen stays and types.
        @Test func aLayoutFileGoneBadKeepsTheLastGoodKeyboard() throws {
            let c = try Compositor(.sway)
            let dir = c.runDir + "/layouts"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Repository.root + "/layouts/digits.json", toPath: dir + "/digits.json")
            let tb = try c.tapboard(env: ["TAPBOARD_LAYOUTS": dir])
            #expect(try waitUntil(5) { panelShown(try c.screenshot("bad-layout-start")) }, "tapboard: \(tb.stderr)")
            try Data([0xff, 0xfe, 0x7b]).write(to: URL(fileURLWithPath: dir + "/digits.json"))
            let p = try c.probe(["--purpose", "digits"])
            #expect(p.waitFor("focus in"))
            let line = "tapboard: \(dir)/digits.json: not valid UTF-8\n"
            #expect(waitUntil(3) { tb.stderr.contains(line) }, "tapboard said: \(tb.stderr)")
            #expect(tb.stderr.split(separator: "\n").allSatisfy { $0 + "\n" == line }, "tapboard said: \(tb.stderr)")
            #expect(try waitUntil(3) { panelShown(try c.screenshot("bad-layout-kept"), panel) })
            try c.tap(panel.taps(["q"]))
            #expect(p.waitFor("text \"q\""), "probe saw: \(p.lines)")
            #expect(tb.process.isRunning)
        }

        /// The learned-words file cannot be replaced (its temporary file is taken by a
        /// directory, as a full disk would fail the write): one line without the words,
        /// and the old file exactly as it was.
        @Test func learnedWordsThatCannotBeWrittenLeaveTheOldFile() throws {
            let c = try Compositor(.sway)
            let store = c.runDir + "/data/tapboard"
            try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
            let old = "# tapboard learned words: w word count / p previous next count\nw\tkeepme\t5\n"
            try old.write(toFile: store + "/learned-en.txt", atomically: false, encoding: .utf8)
            let tb = try c.tapboard(env: ["XDG_DATA_HOME": c.runDir + "/data"], config: ["learn = on"])
            let blocker = store + "/learned-en.txt.tmp-\(tb.process.processIdentifier)"
            try FileManager.default.createDirectory(atPath: blocker, withIntermediateDirectories: false)
            #expect(try waitUntil(5) { panelShown(try c.screenshot("full-start")) }, "tapboard: \(tb.stderr)")
            // The strip makes the panel taller.
            let p = try c.focus(tb, shows: PanelMap()) { try c.focusedProbe() }
            try c.tap(try PanelMap().taps(["h", "i", "space", "b", "o", "b", "space"]))
            #expect(p.waitFor("text \"hi bob \""), "probe saw: \(p.lines.suffix(4))")
            tb.signal(SIGTERM)
            #expect(waitUntil(5) { !tb.process.isRunning })
            #expect(tb.stderr == "tapboard: cannot store learned words: \(blocker): Is a directory\n")
            #expect((try? String(contentsOfFile: store + "/learned-en.txt", encoding: .utf8)) == old)
        }
    }
}
