import TestSupport
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
        let down = state.press(.pointer, at: k.frame.center, time: time, in: g)
        #expect(down.contains(.redrawKeys([g.keys.firstIndex(of: k)!])))
        #expect(typed(down).isEmpty)
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

    @Test func emojiKeysShowNoBubbleLettersDo() throws {
        let emoji = try loadShipped("emoji.json")
        var s = KeyboardState(layout: emoji)
        let g = PanelGeometry.forOutput(width: 720, height: 1280, layout: emoji, layer: s.layer)
        let first = try #require(g.keys.first { if case .text = $0.key.action { true } else { false } })
        #expect(
            !s.press(.pointer, at: first.frame.center, time: 0, in: g).contains {
                if case .showPreview = $0 { true } else { false }
            })
        var l = KeyboardState(layout: us)
        let h = geometry(l).keys.first { $0.key.label == "h" }!
        #expect(
            l.press(.pointer, at: h.frame.center, time: 0, in: geometry(l)).contains {
                if case .showPreview = $0 { true } else { false }
            })
        #expect(KeyboardState.isPictograph("😀") && KeyboardState.isPictograph("❤️") && KeyboardState.isPictograph("🇫🇷"))
        #expect(!KeyboardState.isPictograph("1") && !KeyboardState.isPictograph("é") && !KeyboardState.isPictograph("❤"))
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
        let q = g.keys[0]
        let w = g.keys[1]
        _ = s.press(.touch(1), at: q.frame.center, time: 0, in: g)
        #expect(s.move(.touch(1), to: Point(x: q.frame.center.x + 2, y: q.frame.center.y), in: g) == [])
        #expect(s.move(.touch(1), to: w.frame.center, in: g) == [.redrawKeys([0]), .hidePreview])
        #expect(s.release(.touch(1), time: 0, in: g) == [])
    }

    func index(_ g: PanelGeometry, _ label: String) -> Int {
        g.keys.firstIndex { $0.key.label == label || $0.key.action.name == label }!
    }

    @Test func holdingShiftWhileTappingTypesCapitalsThenLowerCase() {
        var s = KeyboardState(layout: us)
        let g = geometry(s)
        let shift = index(g, "shift")
        _ = s.press(.touch(1), at: g.keys[shift].frame.center, time: 0, in: g)
        #expect(s.highlighted == [shift])
        for (id, l) in [(2, "h"), (3, "i")] {
            _ = s.press(.touch(Int32(id)), at: g.keys[index(g, l)].frame.center, time: 10, in: g)
            #expect(typed(s.release(.touch(Int32(id)), time: 20, in: g)) == l.uppercased())
        }
        _ = s.release(.touch(1), time: 30, in: g)
        #expect(s.shift == .off)
        #expect(typed(tap(&s, "a")) == "a")
    }

    @Test func aHeldShiftSlidOffLeavesTheNextShiftTapWorking() {
        var s = KeyboardState(layout: us)
        let g = geometry(s)
        let shift = index(g, "shift")
        _ = s.press(.touch(1), at: g.keys[shift].frame.center, time: 0, in: g)
        _ = s.press(.touch(2), at: g.keys[index(g, "h")].frame.center, time: 10, in: g)
        #expect(typed(s.release(.touch(2), time: 20, in: g)) == "H")
        // The shift finger slides off its key: the press ends without a release.
        _ = s.move(.touch(1), to: Point(x: g.keys[shift].cell.x - 200, y: 10), in: g)
        _ = s.release(.touch(1), time: 30, in: g)
        #expect(s.shift == .off)
        _ = tap(&s, "shift", at: 1000)
        #expect(s.shift == .once)
        #expect(typed(tap(&s, "a", at: 1100)) == "A")
    }

    @Test func heldSpaceRepeatsSpacesNeverAFullStop() {
        var s = KeyboardState(layout: us)
        let g = geometry(s)
        _ = s.press(.pointer, at: g.keys[index(g, "space")].frame.center, time: 0, in: g)
        var effects: [Effect] = []
        for i in 0..<5 { effects += s.timerFired(.repeatKey(press: 1), time: UInt64(600 + 40 * i), in: g) }
        effects += s.release(.pointer, time: 800, in: g)
        #expect(!effects.contains(.doubleSpace))
        #expect(typed(effects) == "     ")
        // A tap right after the held space is a plain space too.
        #expect(typed(tap(&s, "space", at: 850)) == " ")
    }

    @Test func shiftCapitalisesSingleLettersNotSnippets() {
        let snippet = Key(label: "lol", action: .text("lol"))
        #expect(snippet.text(shifted: true) == "lol")
        #expect(Key.text(".com").text(shifted: true) == ".com")
        #expect(Key.text("a").text(shifted: true) == "A")
        #expect(Key.text("ß").text(shifted: true) == "ß")
        // The layout may still say what shift gives.
        #expect(Key(label: "lol", action: .text("lol"), shifted: "LOL").text(shifted: true) == "LOL")
        var s = KeyboardState(
            layout: Layout(
                name: "t", displayName: "t", layers: [Layer(name: "base", rows: [[snippet, Key(label: "", action: .shift)]])]))
        _ = tap(&s, "shift")
        #expect(typed(tap(&s, "lol")) == "lol")
    }

    @Test func secondFingerCommitsTheFirstAtOnceInOrder() {
        var s = KeyboardState(layout: us)
        let g = geometry(s)
        var text = ""
        text += typed(s.press(.touch(1), at: g.keys[index(g, "a")].frame.center, time: 0, in: g))
        text += typed(s.press(.touch(2), at: g.keys[index(g, "s")].frame.center, time: 50, in: g))
        #expect(text == "a")
        text += typed(s.release(.touch(1), time: 60, in: g))  // already typed
        text += typed(s.release(.touch(2), time: 70, in: g))
        #expect(text == "as")
    }

    @Test func longPressOpensAlternatesAndReleaseTypesTheSelectedOne() {
        var s = KeyboardState(layout: us)
        let g = geometry(s)
        let e = index(g, "e")
        let down = s.press(.touch(1), at: g.keys[e].frame.center, time: 0, in: g)
        guard case .schedule(let timer, after: let ms)? = down.last else {
            Issue.record("no timer")
            return
        }
        #expect(ms == 400)
        let opened = s.timerFired(timer, time: 500, in: g)
        #expect(opened.first == .hidePreview)  // the bubble gives way to the alternates
        guard case .showPopup(let popup)? = opened.last else {
            Issue.record("no popup")
            return
        }
        #expect(popup.labels == ["è", "é", "ê", "ë", "ē"])
        #expect(popup.frame.maxY <= g.keys[e].frame.y)
        // Slide onto é and release.
        let moved = s.move(.touch(1), to: popup.itemFrames[1].center, in: g)
        #expect(moved.count == 1)
        let up = s.release(.touch(1), time: 900, in: g)
        #expect(up.contains(.closePopup))
        #expect(typed(up) == "é")
    }

    /// The timer can run before a quick release is read (the compositor was busy between
    /// the two events): by the events' own times it was a tap, and the letter is typed, not
    /// the alternate the popup had ready. Held as long by the events, it is a long press.
    @Test func aTapWhoseReleaseCameLateByTheClockIsStillATap() {
        var s = KeyboardState(layout: us)
        let g = geometry(s)
        let o = index(g, "o")
        // 30 ms by the events, across the wrap of their 32-bit clock.
        _ = s.press(.pointer, at: g.keys[o].frame.center, time: 4_294_967_280, in: g)
        _ = s.timerFired(.longPress(press: 1), time: 0, in: g)
        let up = s.release(.pointer, time: 14, in: g)
        #expect(up.contains(.closePopup))
        #expect(typed(up) == "o")
        _ = s.press(.pointer, at: g.keys[o].frame.center, time: 1000, in: g)
        _ = s.timerFired(.longPress(press: 2), time: 0, in: g)
        let long = s.release(.pointer, time: 1600, in: g)
        #expect(long.contains(.closePopup) && typed(long) == "ò")
    }

    @Test func releasingOffTheAlternatesCancels() {
        var s = KeyboardState(layout: us)
        let g = geometry(s)
        let e = index(g, "e")
        _ = s.press(.touch(1), at: g.keys[e].frame.center, time: 0, in: g)
        _ = s.timerFired(.longPress(press: 1), time: 500, in: g)
        _ = s.move(.touch(1), to: Point(x: g.keys[e].frame.center.x, y: Double(g.height) - 2), in: g)
        let up = s.release(.touch(1), time: 900, in: g)
        #expect(typed(up) == "")
        #expect(up.contains(.closePopup))
    }

    @Test func shortPressOnAKeyWithAlternatesTypesItOnce() {
        var s = KeyboardState(layout: us)
        #expect(typed(tap(&s, "e")) == "e")
        // Its long-press timer, firing late, finds no press.
        #expect(s.timerFired(.longPress(press: 1), time: 500, in: geometry(s)) == [])
    }

    @Test func globeLongPressListsKeyboardsAndPicksOne() {
        var s = KeyboardState(layout: us)
        s.keyboards = [("us", "English (US)"), ("de", "Deutsch"), ("emoji", "Emoji")]
        let g = geometry(s)
        let globe = index(g, "next-keyboard")
        _ = s.press(.pointer, at: g.keys[globe].frame.center, time: 0, in: g)
        guard case .showPopup(let popup)? = s.timerFired(.longPress(press: 1), time: 500, in: g).first else {
            Issue.record("no list")
            return
        }
        #expect(popup.labels == ["English (US)", "Deutsch", "Emoji"])
        #expect(popup.selected == 0)
        _ = s.move(.pointer, to: popup.itemFrames[1].center, in: g)
        #expect(s.release(.pointer, time: 800, in: g).contains(.pickKeyboard("de")))
        // A tap is the next keyboard.
        #expect(tap(&s, "next-keyboard").contains(.nextKeyboard))
    }

    @Test func holdingBackspaceRepeats() {
        var s = KeyboardState(layout: us)
        let g = geometry(s)
        let down = s.press(.pointer, at: g.keys[index(g, "backspace")].frame.center, time: 0, in: g)
        #expect(down.last == .schedule(.repeatKey(press: 1), after: 600))
        var deletes = 0
        for _ in 0..<5 {
            let e = s.timerFired(.repeatKey(press: 1), time: 500, in: g)
            deletes += e.filter { $0 == .deleteBackward }.count
            #expect(e.last == .schedule(.repeatKey(press: 1), after: 40))
        }
        // Release after repeating deletes nothing more.
        deletes += s.release(.pointer, time: 900, in: g).filter { $0 == .deleteBackward }.count
        #expect(deletes == 5)
    }

    @Test func eachFingerPressesItsOwnKey() {
        var s = KeyboardState(layout: us)
        let g = geometry(s)
        let shift = index(g, "shift")
        let q = index(g, "q")
        _ = s.press(.touch(1), at: g.keys[shift].frame.center, time: 0, in: g)
        _ = s.press(.touch(2), at: g.keys[q].frame.center, time: 0, in: g)
        #expect(s.highlighted == [shift, q])
        #expect(typed(s.release(.touch(2), time: 0, in: g)) == "Q")
        _ = s.release(.touch(1), time: 0, in: g)
        #expect(s.highlighted.isEmpty)
        _ = s.press(.touch(3), at: g.keys[2].frame.center, time: 0, in: g)
        #expect(s.cancel(.touch(3)) == [.redrawKeys([2]), .hidePreview])
    }

    @Test func ctrlLatchesForTheNextKey() {
        let term = Layout(
            name: "t", displayName: "T",
            layers: [
                Layer(
                    name: "base",
                    rows: [
                        [
                            Key(label: "Ctrl", action: .modifier(.ctrl)), .text("c"),
                            Key(label: "←", action: .keysym("Left", modifiers: []))
                        ]
                    ])
            ])
        var s = KeyboardState(layout: term)
        _ = tap(&s, "Ctrl")
        #expect(s.latched == .ctrl)
        #expect(tap(&s, "c").contains(.key("c", .ctrl)))
        #expect(s.latched.isEmpty)
        #expect(typed(tap(&s, "c")) == "c")
        _ = tap(&s, "Ctrl")
        #expect(tap(&s, "←").contains(.key("Left", .ctrl)))
    }
}

@Suite struct LayerKeyTests {
    @Test func onceLayerKeysLastOneCharacter() throws {
        let th = try loadShipped("th.json")
        var s = KeyboardState(layout: th)
        var g = PanelGeometry.forOutput(width: 720, height: 1280, layout: th, layer: s.layer)
        let toShift = try #require(g.keys.first { $0.key.action == .layer("shift") })
        _ = s.press(.pointer, at: toShift.frame.center, time: 0, in: g)
        _ = s.release(.pointer, time: 10, in: g)
        #expect(s.layerName == "shift")
        g = PanelGeometry.forOutput(width: 720, height: 1280, layout: th, layer: s.layer)
        let letter = try #require(g.keys.first { if case .text = $0.key.action { true } else { false } })
        _ = s.press(.pointer, at: letter.frame.center, time: 20, in: g)
        let typed = s.release(.pointer, time: 30, in: g)
        #expect(typed.contains(.commitText(letter.key.text(shifted: false)!)))
        #expect(s.layerName == "base")
    }

    @Test func shiftedAlternatesKeepOneCharacter() {
        let s = KeyboardState(layout: Layout(name: "x", displayName: "x", layers: [Layer(name: "b", rows: [[.text("a")]])]))
        #expect(s.upper("ß") == "ß")
        #expect(s.upper("é") == "É")
    }
}
