import Testing
@testable import TapboardCore

@Suite struct KeyboardTests {
    let us: Layout
    init() throws { us = try loadShipped("us.json") }

    func geometry(_ state: KeyboardState) -> PanelGeometry {
        PanelGeometry.forOutput(width: 720, height: 1280, layout: state.layout, layer: state.layer)
    }

    /// Taps the first key with this label (or action name) and returns the effects.
    func tap(_ state: inout KeyboardState, _ label: String, at time: UInt64 = 0) -> [Effect] {
        let g = geometry(state)
        guard let k = g.keys.first(where: { $0.key.label == label || $0.key.action.name == label }) else {
            Issue.record("no key \(label) in \(state.layerName)")
            return []
        }
        let down = state.press(.pointer, at: k.frame.center, in: g)
        #expect(down.contains(.redrawKeys([g.keys.firstIndex(of: k)!])))
        return state.release(.pointer, time: time, in: g)
    }

    func typed(_ effects: [Effect]) -> String {
        effects.compactMap { if case .commitText(let t) = $0 { t } else { nil } }.joined()
    }

    @Test func lettersType() {
        var s = KeyboardState(layout: us)
        let text = ["h", "e", "l", "l", "o"].map { typed(tap(&s, $0)) }.joined()
        #expect(text == "hello")
    }

    @Test func shiftIsOneShot() {
        var s = KeyboardState(layout: us)
        #expect(tap(&s, "shift") == [.redrawKeys([19]), .redrawAll])
        #expect(s.shift == .once)
        #expect(typed(tap(&s, "h")) == "H")
        #expect(s.shift == .off)
        #expect(typed(tap(&s, "i")) == "i")
    }

    @Test func doubleTapShiftLocksCaps() {
        var s = KeyboardState(layout: us)
        _ = tap(&s, "shift", at: 1000)
        _ = tap(&s, "shift", at: 1200)
        #expect(s.shift == .locked)
        #expect(typed(tap(&s, "a")) + typed(tap(&s, "b")) == "AB")
        _ = tap(&s, "shift", at: 5000)
        #expect(s.shift == .off)
        // Two slow taps: on, then off.
        _ = tap(&s, "shift", at: 6000)
        _ = tap(&s, "shift", at: 7000)
        #expect(s.shift == .off)
    }

    @Test func layerKeysSwitchLayers() {
        var s = KeyboardState(layout: us)
        #expect(tap(&s, "123").contains(.redrawAll))
        #expect(s.layerName == "symbols")
        #expect(typed(tap(&s, "7")) == "7")
        _ = tap(&s, "#+=")
        #expect(s.layerName == "more")
        _ = tap(&s, "ABC")
        #expect(s.layerName == "base")
    }

    @Test func specialKeysGiveTheirEffects() {
        var s = KeyboardState(layout: us)
        #expect(tap(&s, "backspace").contains(.deleteBackward))
        #expect(tap(&s, "return").contains(.enter))
        #expect(tap(&s, "next-keyboard").contains(.nextKeyboard))
        #expect(typed(tap(&s, "space")) == " ")
    }

    @Test func slidingOffAKeyCancelsIt() {
        var s = KeyboardState(layout: us)
        let g = geometry(s)
        let q = g.keys[0], w = g.keys[1]
        _ = s.press(.touch(1), at: q.frame.center, in: g)
        #expect(s.move(.touch(1), to: Point(x: q.frame.center.x + 2, y: q.frame.center.y), in: g) == [])
        #expect(s.move(.touch(1), to: w.frame.center, in: g) == [.redrawKeys([0])])
        #expect(s.release(.touch(1), time: 0, in: g) == [])
    }

    @Test func eachFingerPressesItsOwnKey() {
        var s = KeyboardState(layout: us)
        let g = geometry(s)
        _ = s.press(.touch(1), at: g.keys[0].frame.center, in: g)
        _ = s.press(.touch(2), at: g.keys[1].frame.center, in: g)
        #expect(s.highlighted == [0, 1])
        #expect(typed(s.release(.touch(2), time: 0, in: g)) == "w")
        #expect(typed(s.release(.touch(1), time: 0, in: g)) == "q")
        #expect(s.highlighted.isEmpty)
        _ = s.press(.touch(3), at: g.keys[2].frame.center, in: g)
        #expect(s.cancel(.touch(3)) == [.redrawKeys([2])])
    }
}
