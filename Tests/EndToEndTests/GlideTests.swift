import Foundation
import Testing

/// A point on the panel, in its own logical pixels (as `tapboard geometry` places keys).
struct PanelPoint: Sendable, Equatable {
    var x, y: Int
}

extension PanelMap {
    /// The centre of the key with this label, in panel coordinates (rounded as `tap` rounds it).
    func centre(_ label: String) throws -> PanelPoint {
        guard let k = keys.first(where: { $0.label == label }) else { throw HarnessError("no key \"\(label)\" on the panel") }
        return PanelPoint(x: Int(k.x + k.width / 2), y: Int(k.y + k.height / 2))
    }

    /// A finger's path across `word`'s letters: from the first key's centre in straight lines
    /// through each next letter's centre (a letter repeated is passed once), `steps` points a
    /// line; the last point is the last letter's centre.
    func strokePath(_ word: String, steps: Int = 7) throws -> [PanelPoint] {
        var letters: [String] = []
        for c in word.map(String.init) where letters.last != c { letters.append(c) }
        guard let first = letters.first else { return [] }
        var path = [try centre(first)]
        for (from, to) in zip(letters, letters.dropFirst()) {
            let a = try centre(from)
            let b = try centre(to)
            for i in 1...steps {
                let t = Double(i) / Double(steps)
                path.append(
                    PanelPoint(
                        x: Int((Double(a.x) + Double(b.x - a.x) * t).rounded()),
                        y: Int((Double(a.y) + Double(b.y - a.y) * t).rounded())))
            }
        }
        return path
    }

    /// The tapboard-tap steps that draw `path` on the panel (output coordinates): press at
    /// its start, move along it, lift at its end.
    func strokeSteps(_ path: [PanelPoint]) -> [String] {
        guard let first = path.first else { return [] }
        let top = outputHeight - height
        return ["down:\(first.x),\(first.y + top)"] + path.dropFirst().map { "move:\($0.x),\($0.y + top)" } + ["up"]
    }
}

/// What `tapboard glide --batch` reads a path on `map`'s panel as, best first (the shipped
/// dictionary, nothing learned), with `context` the text before the word.
func glideCandidates(_ path: [PanelPoint], context: String = "", on map: PanelMap) throws -> [String] {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: Paths.tapboard)
    p.arguments = ["glide", "--output", "\(map.width)x\(map.outputHeight)", "--layout", map.layout, "--batch"]
    let input = Pipe()
    let output = Pipe()
    p.standardInput = input
    p.standardOutput = output
    try p.run()
    let points = path.map { ["\($0.x)", "\($0.y)", "0"] }.map { "[" + $0.joined(separator: ",") + "]" }
    let line = try JSONSerialization.data(withJSONObject: ["context": context], options: [])
    // {"context": "...", "points": [[x, y, t], ...]}
    let stroke = String(decoding: line.dropLast(), as: UTF8.self) + ",\"points\":[" + points.joined(separator: ",") + "]}\n"
    input.fileHandleForWriting.write(Data(stroke.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    guard p.terminationStatus == 0, let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let candidates = json["candidates"] as? [String]
    else {
        throw HarnessError("tapboard glide failed: \(String(decoding: data, as: UTF8.self))")
    }
    return candidates
}

/// Waits until the field holds `text`, then until it has been quiet for a second, and returns
/// what it holds then (a late extra edit shows); if it never held `text`, what it held last.
func fieldSettles(_ client: Child, at text: String, seconds: Double = 10) -> String? {
    guard waitUntil(seconds, { fieldText(client) == text }) else { return fieldText(client) }
    return settledFieldText(client)
}

/// Every text the field reported, oldest first.
func fieldTexts(_ client: Child) -> [String] {
    client.lines.filter { $0.hasPrefix("text ") }.compactMap {
        try? JSONSerialization.jsonObject(with: Data($0.dropFirst(5).utf8), options: .fragmentsAllowed) as? String
    }
}

extension EndToEnd {
    /// Glide typing in the live panel on sway and phoc: a press on a letter that slides
    /// across the others (through tapboard-tap's virtual pointer) types the word the stroke
    /// reads as, spaced from the word before; the strip's left slot puts the second best
    /// word in its place; backspace takes the word back whole; password fields read no
    /// strokes.
    @Suite struct GlideTests {
        static let config = ["glide = on"]

        /// A compositor with tapboard (glide on) and `start`'s field focused, once the panel
        /// has grown to `map`'s height (the strip shows in prose fields, not in secret ones).
        func session<Client>(
            _ kind: Compositor.Kind, _ map: PanelMap, config: [String] = Self.config,
            _ start: (Compositor) throws -> Client
        ) throws -> (Compositor, Client) {
            let c = try Compositor(kind)
            let tb = try c.shownTapboard(config: config, name: "glide-start")
            return (c, try c.focus(tb, shows: map, name: "glide-focused") { try start(c) })
        }

        /// The probe, focused, with these arguments.
        func probe(_ args: [String] = []) -> (Compositor) throws -> Child {
            { c in try c.focusedProbe(args) }
        }

        @Test(arguments: RealClient.allCases, Compositor.Kind.allCases)
        func twoStrokesTypeTwoWordsWithASpace(_ client: RealClient, _ kind: Compositor.Kind) throws {
            let panel = try PanelMap(config: Self.config)
            let (c, app) = try session(kind, panel) { try $0.realClient(client) }
            try c.tap(panel.strokeSteps(panel.strokePath("hello")))
            #expect(fieldSettles(app, at: "hello") == "hello", "\(client) field: \(app.lines)")
            try c.tap(panel.strokeSteps(panel.strokePath("world")))
            let text = fieldSettles(app, at: "hello world")
            _ = try c.screenshot("glide-\(client)-hello-world")
            #expect(text == "hello world", "\(client) field: \(app.lines)")
        }

        /// The strip shows the stroke's next best words beside it (the order `tapboard glide`
        /// reads the same points in): the left slot's word takes the stroked word's place,
        /// then the right slot's, then the middle one brings the stroked word back.
        @Test(arguments: Compositor.Kind.allCases)
        func theStripsSlotsReplaceTheStrokedWord(_ kind: Compositor.Kind) throws {
            let panel = try PanelMap(config: Self.config)
            let path = try panel.strokePath("hello")
            let candidates = try glideCandidates(path, on: panel)
            try #require(candidates.count >= 3 && candidates[0] == "hello", "tapboard glide read: \(candidates)")
            let (second, third) = (candidates[1], candidates[2])
            let (c, p) = try session(kind, panel, probe())
            try c.tap(panel.strokeSteps(path))
            #expect(fieldSettles(p, at: "hello") == "hello", "probe saw: \(p.lines)")
            try c.tap([panel.slot(0)])
            let text = fieldSettles(p, at: second)
            _ = try c.screenshot("glide-probe-\(second)")
            #expect(text == second, "probe saw: \(p.lines)")
            // On the way the field held part of one word or of the other, never both.
            let seen = fieldTexts(p)
            #expect(seen.allSatisfy { "hello".hasPrefix($0) || second.hasPrefix($0) }, "probe saw: \(p.lines)")
            try c.tap([panel.slot(2)])
            #expect(fieldSettles(p, at: third) == third, "probe saw: \(p.lines)")
            try c.tap([panel.slot(1)])
            #expect(fieldSettles(p, at: "hello") == "hello", "probe saw: \(p.lines)")
        }

        @Test(arguments: [RealClient.gtk4, .gtk3], Compositor.Kind.allCases)
        func backspaceAfterAStrokeTakesTheWordBack(_ client: RealClient, _ kind: Compositor.Kind) throws {
            let panel = try PanelMap(config: Self.config)
            let (c, app) = try session(kind, panel) { try $0.realClient(client) }
            try c.tap(panel.strokeSteps(panel.strokePath("hello")))
            #expect(fieldSettles(app, at: "hello") == "hello", "\(client) field: \(app.lines)")
            try c.tap(panel.strokeSteps(panel.strokePath("world")))
            #expect(fieldSettles(app, at: "hello world") == "hello world", "\(client) field: \(app.lines)")
            // The word goes whole; the space the stroke put before it stays.
            try c.tap(panel.taps(["backspace"]))
            #expect(fieldSettles(app, at: "hello ") == "hello ", "\(client) field: \(app.lines)")
            // The next stroke is not spaced twice, and goes whole too.
            try c.tap(panel.strokeSteps(panel.strokePath("there")))
            #expect(fieldSettles(app, at: "hello there") == "hello there", "\(client) field: \(app.lines)")
            try c.tap(panel.taps(["backspace"]))
            #expect(fieldSettles(app, at: "hello ") == "hello ", "\(client) field: \(app.lines)")
            // Then backspace is one character again.
            try c.tap(panel.taps(["backspace"]))
            #expect(fieldSettles(app, at: "hello") == "hello", "\(client) field: \(app.lines)")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func aStrokeInAPasswordFieldTypesNothing(_ kind: Compositor.Kind) throws {
            let panel = try PanelMap(purpose: "password", config: Self.config)
            #expect(!panel.keys.contains { $0.action == "suggestion" })
            let (c, p) = try session(kind, panel, probe(["--purpose", "password"]))
            try c.tap(panel.strokeSteps(panel.strokePath("hello")))
            // A tap after it: once its letter is in, the stroke before it was read (as nothing).
            try c.tap(panel.taps(["x"]))
            #expect(fieldSettles(p, at: "x") == "x", "probe saw: \(p.lines)")
            #expect(p.lines.filter { $0.hasPrefix("commit ") } == ["commit \"x\""], "probe saw: \(p.lines)")
            #expect(!p.lines.contains { $0.hasPrefix("key ") || $0.hasPrefix("delete ") }, "probe saw: \(p.lines)")
        }

        @Test(arguments: Compositor.Kind.allCases)
        func withGlideOffAStrokeTypesNothing(_ kind: Compositor.Kind) throws {
            let off = ["glide = off"]
            let panel = try PanelMap(config: off)
            let (c, p) = try session(kind, panel, config: off, probe())
            try c.tap(panel.strokeSteps(panel.strokePath("hello")))
            try c.tap(panel.taps(["x"]))
            #expect(fieldSettles(p, at: "x") == "x", "probe saw: \(p.lines)")
            #expect(p.lines.filter { $0.hasPrefix("commit ") } == ["commit \"x\""], "probe saw: \(p.lines)")
        }

        /// Letters tapped after a stroked word start a word of their own; a stroke after
        /// tapped letters is spaced from them.
        @Test(arguments: Compositor.Kind.allCases)
        func tapsAndStrokesMix(_ kind: Compositor.Kind) throws {
            let panel = try PanelMap(config: Self.config)
            let (c, p) = try session(kind, panel, probe())
            try c.tap(panel.strokeSteps(panel.strokePath("hello")))
            #expect(fieldSettles(p, at: "hello") == "hello", "probe saw: \(p.lines)")
            try c.tap(panel.taps(["h", "i"]))
            #expect(fieldSettles(p, at: "hello hi") == "hello hi", "probe saw: \(p.lines)")
            try c.tap(panel.strokeSteps(panel.strokePath("world")))
            #expect(fieldSettles(p, at: "hello hi world") == "hello hi world", "probe saw: \(p.lines)")
        }
    }
}
