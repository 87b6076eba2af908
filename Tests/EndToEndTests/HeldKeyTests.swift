import Foundation
import Testing

@testable import TapboardRender

extension EndToEnd {
    /// The held key, drawn on an overlay of its own above its cell, seen in screenshots.
    @Suite struct HeldKeyTests {
        /// A held key shows held (its neighbour not), then released once let go, and the
        /// panel is then the panel as drawn: the overlay hid, the panel below never changed.
        @Test(arguments: Compositor.Kind.allCases)
        func theHeldKeyShowsHeldThenTheReleasedPanel(_ kind: Compositor.Kind) throws {
            let c = try Compositor(kind)
            _ = try c.tapboard()
            guard try waitUntil(5, { panelShown(try c.screenshot("start")) }) else { throw HarnessError("no panel") }
            let panel = try PanelMap(config: Compositor.noSuggestions)
            let q = try #require(panel.keys.first { $0.label == "q" })
            let w = try #require(panel.keys.first { $0.label == "w" })
            let top = panel.outputHeight - panel.height
            // Low on the cap, left of the label: the cap's colour.
            func capColour(_ png: String, _ k: PanelMap.Key) -> UInt32? {
                Canvas(pngFile: png).map {
                    $0.pixel(x: Int(k.x + k.width * 0.25), y: top + Int(k.y + k.height * 0.85)) & 0xffffff
                }
            }
            let held = Self.rgb(Theme.dark.pressedKey)
            let released = Self.rgb(Theme.dark.key)
            let x = Int(q.x + q.width / 2)
            let y = top + Int(q.y + q.height / 2)
            let tapper = try c.start(Paths.bin + "/tapboard-tap", ["--extent", "720x1280", "down:\(x),\(y)", "sleep:1500", "up"])
            var shot = ""
            #expect(
                try waitUntil(3) {
                    shot = try c.screenshot("held")
                    return capColour(shot, q) == held
                }, "the held key does not show held")
            #expect(capColour(shot, w) == released, "its neighbour shows held")
            tapper.process.waitUntilExit()
            #expect(
                try waitUntil(3) {
                    shot = try c.screenshot("released")
                    return capColour(shot, q) == released && panelShown(shot)
                }, "the released key or the panel is not as drawn")
        }

        static func rgb(_ c: Color) -> UInt32 {
            UInt32((c.r * 255).rounded()) << 16 | UInt32((c.g * 255).rounded()) << 8 | UInt32((c.b * 255).rounded())
        }
    }
}
