import Foundation
import Testing

extension EndToEnd {
    /// Wide outputs, the number row and `height` on a real compositor.
    @Suite struct SizesTests {
        /// sway with its output made 1920x1080, tapboard on it with `config`, the probe focused.
        func wideSession(_ config: [String]) throws -> (Compositor, PanelMap, Child) {
            let c = try Compositor(.sway)
            try c.swaymsg(["output", "HEADLESS-1", "resolution", "1920x1080"])
            let map = try PanelMap(output: (1920, 1080), config: config)
            let tb = try c.tapboard(config: config)
            let p = try c.probe(["--hints", "lowercase"])
            guard p.waitFor("ready"), p.waitFor("focus in") else {
                throw HarnessError("the probe got no focus: \(p.lines) \(p.stderr)")
            }
            guard try waitUntil(5, { panelShown(try c.screenshot("wide"), map) }) else {
                throw HarnessError("the 1920x1080 panel did not appear; tapboard said: \(tb.stderr)")
            }
            return (c, map, p)
        }

        /// Taps through a virtual pointer spanning the 1920x1080 output.
        func tap(_ c: Compositor, _ steps: [String]) throws {
            let t = try c.start(Paths.bin + "/tapboard-tap", ["--extent", "1920x1080"] + steps)
            t.process.waitUntilExit()
            guard t.process.terminationStatus == 0 else { throw HarnessError("tapboard-tap failed: \(t.stderr)") }
        }

        /// With `split = off` (by default a 1920x1080 output splits the rows: PanelModeTests).
        @Test func wideOutputCentresTheKeysAndTapsStillType() throws {
            let (c, map, p) = try wideSession(Compositor.noSuggestions + ["split = off"])
            let shot = try c.screenshot("wide-centred")
            // The panel's background runs across the whole output; the keys sit in the middle.
            let extent = try #require(panelExtent(shot))
            #expect(extent.width == 1920 && extent.height == map.height, "\(extent)")
            let rows = map.keys.filter { $0.width > 0 }
            let left = rows.map(\.x).min()!
            let right = 1920 - rows.map { $0.x + $0.width }.max()!
            #expect(abs(left - right) <= 1 && left > 400, "margins \(left) \(right)")
            let q = try #require(map.keys.first { $0.label == "q" })
            #expect(q.width <= 90)
            // A tap on each key's centre types it; a tap in the margin left of q reaches q.
            let qRow = 1080 - map.height + Int(q.y + q.height / 2)
            try tap(c, try map.taps(["h", "i"]) + ["tap:20,\(qRow)"])
            #expect(p.waitFor("text \"hiq\""), "probe saw: \(p.lines)")
        }

        /// The number row's digits go into real applications as any key's text does.
        @Test(arguments: RealClient.allCases, Compositor.Kind.allCases)
        func numberRowTypesDigits(_ client: RealClient, _ kind: Compositor.Kind) throws {
            let config = Compositor.noSuggestions + ["number-row = on"]
            let map = try PanelMap(config: config)
            #expect(map.keys.prefix(10).map(\.label) == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"])
            let c = try Compositor(kind)
            let tb = try c.shownTapboard(config: config, shows: map, name: "number-row")
            let app = try c.focus(tb, shows: map) { try c.realClient(client) }
            try c.tap(map.taps(["2", "0", "2", "6", "space", "7"]))
            #expect(settledFieldText(app) == "2026 7", "\(client) field: \(app.lines)")
        }

        @Test func numberRowAndHeightOnAWideOutput() throws {
            let config = Compositor.noSuggestions + ["number-row = on", "height = 40%"]
            let (c, map, p) = try wideSession(config)
            #expect(map.height == 432)
            let digits = map.keys.filter { $0.action == "text" && $0.label.count == 1 && $0.label.first!.isNumber }
            #expect(digits.map(\.label) == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"])
            let extent = try #require(panelExtent(try c.screenshot("wide-number-row")))
            #expect(extent.height == 432)
            try tap(c, try map.taps(["2", "b", "0"]))
            #expect(p.waitFor("text \"2b0\""), "probe saw: \(p.lines)")
        }
    }
}
