import TestSupport
import Testing

@testable import TapboardCore

/// Inputs scripts/fuzz found that broke an invariant, each kept as a test.
@Suite struct FuzzFindingsTests {
    func center(_ d: Driven, _ label: String) throws -> Point {
        try #require(d.c.geometry?.keys.first { $0.key.label == label }).frame.center
    }

    /// One finger holds a letter (its bubble shows) while another releases a layer
    /// key: the keys change under the first finger, and its bubble must go with them.
    @Test func aLayerSwitchEndsAnotherFingersBubble() throws {
        var d = try Driven()
        d.focus()
        var out = d.c.press(.touch(1), at: try center(d, "123"), time: 2000)
        out += d.c.press(.touch(2), at: try center(d, "e"), time: 2050)
        #expect(out.contains { if case .showPreview = $0 { true } else { false } })
        out = d.c.release(.touch(1), time: 2100)
        #expect(d.c.keyboard.layer.name == "symbols")
        #expect(out.contains(.hidePreview))
        #expect(d.c.keyboard.activePresses.isEmpty)
        #expect(d.c.release(.touch(2), time: 2150).allSatisfy { if case .edit = $0 { false } else { true } })
    }

    /// A config file with Windows line ends: CR LF is one Swift Character, so the file
    /// read as one line and every setting after the first was lost.
    @Test func aConfigWithCRLFLineEndsReadsEveryLine() {
        let (s, warnings) = Settings.parse("layouts = de, us\r\nlong-press = 500\r\nbogus\r\n", file: "cfg")
        #expect(s.layouts == ["de", "us"])
        #expect(s.longPress == 500)
        #expect(warnings == ["cfg:3: expected \"setting = value\"; ignored"])
    }

    /// A learned-words file with a count at Int.max (a hand-edited or corrupt file):
    /// learning that word once more overflowed and crashed the keyboard.
    @Test func aHugeCountInTheLearnedFileDoesNotOverflow() {
        var words = LearnedWords(parsing: "w\tbig\t9223372036854775807\np\tbig\tbig\t9223372036854775807\n")
        words.learn("big", after: "big")
        #expect(words.words["big"] == LearnedWords.maxCount + 1)
        #expect(words.next(after: "big") == ["big"])
    }

    /// An output reported one pixel high (a hostile or confused compositor): the panel
    /// with its strip asked for height 0, a protocol error for a bottom-anchored layer surface.
    @Test func aTinyOutputNeverGivesAPanelOfHeightZero() throws {
        let us = try loadShipped("us.json")
        for (w, h) in [(720, 1), (1, 1), (2000, 2), (720, 60), (3, 720)] {
            for strip in [false, true] {
                let g = PanelGeometry.forOutput(width: w, height: h, layout: us, layer: us.layers[0], strip: strip)
                #expect(g.height > 0, "\(w)x\(h), strip \(strip)")
            }
        }
    }

    /// The same with the other finger's accents open: the popup closes.
    @Test func aLayerSwitchClosesAnotherFingersPopup() throws {
        var d = try Driven()
        d.focus()
        _ = d.c.press(.touch(1), at: try center(d, "123"), time: 2000)
        let e = d.c.press(.touch(2), at: try center(d, "e"), time: 2050)
        let timer = try #require(e.compactMap { if case .schedule(let t, _) = $0 { t } else { nil } }.first)
        #expect(d.c.timerFired(timer, time: 2450).contains { if case .showPopup = $0 { true } else { false } })
        let out = d.c.release(.touch(1), time: 2500)
        #expect(out.contains(.closePopup))
        #expect(d.c.keyboard.popup == nil)
    }

    /// "‹ Previous" held while the output turns wide and the panel is configured for it:
    /// the split arrangement has a key more, so Return took the held button's index, and a third finger's press sent
    /// Return, a key nobody touched (then "n", held by a second finger, as text-input,
    /// which may overtake it). A held key that is not at its index any more ends untyped.
    @Test func aHeldKeyWhoseIndexAnotherKeyTakesEndsUntyped() throws {
        var settings = Settings()
        settings.toolbar = .always
        var d = try Driven(settings: settings)
        d.focus()
        let narrow = try #require(d.c.geometry)
        let previous = try #require(narrow.keys.firstIndex { $0.key.action == .toolbar(.previousField) })
        d.record(d.c.press(.touch(3), at: narrow.keys[previous].frame.center, time: 3000))
        d.record(d.c.press(.touch(1), at: try center(d, "n"), time: 3050))
        for case .setPanelHeight(let height) in d.c.outputChanged(width: 2025, height: 1000) {
            d.record(d.c.panelConfigured(width: 2025, height: height))
        }
        let wide = try #require(d.c.geometry)
        #expect(wide.keys[previous].key.action != narrow.keys[previous].key.action)
        #expect(d.c.keyboard.highlighted == [try #require(wide.keys.firstIndex { $0.key.label == "n" })])
        let out = d.c.press(.touch(2), at: try center(d, "w"), time: 3100)
        d.record(out)
        #expect(d.textOut(out) == [.edit(TextEdit(insert: "n"))])
        #expect(d.textOut(d.c.release(.touch(3), time: 3150)).isEmpty)
    }

}

/// Fields that bring the strip or take it away move every key (without the toolbar,
/// which takes an empty strip's place: ToolbarTests).
@Suite struct StripChangeTests {
    func driven() throws -> Driven {
        var settings = Settings()
        settings.toolbar = .off
        return try Driven(["us"], settings: settings, suggestions: FakeSuggestions())
    }

    /// A key held while focus leaves a prose field (the strip goes, the keys move up):
    /// its release typed another key, or crashed on an index past the last key.
    @Test func aKeyHeldWhileTheStripGoesIsCancelled() throws {
        var d = try driven()
        d.focus()
        let g = try #require(d.c.geometry)
        #expect(g.strip != nil)
        let last = try #require(g.keys.last)
        _ = d.c.press(.touch(1), at: last.frame.center, time: 3000)
        var f = TextFieldState()
        f.active = false
        let out = d.c.fieldChanged(.deactivated, f)
        #expect(d.c.geometry?.strip == nil && d.c.geometry!.keys.count < g.keys.count)
        #expect(d.c.keyboard.activePresses.isEmpty)
        #expect(!out.contains { if case .schedule(.key, _) = $0 { true } else { false } })
        #expect(d.c.release(.touch(1), time: 3100).isEmpty)
    }

    /// The other way: a key held in a password field when the field turns to prose (same
    /// keyboard). Its keys keep their index (slots come after them): the letter still types.
    @Test func aKeyHeldWhileTheStripComesStillTypesOnRelease() throws {
        var d = try driven()
        d.focus(purpose: .password)
        let before = try #require(d.c.geometry)
        #expect(before.strip == nil)
        let q = try #require(before.keys.first { $0.key.label == "q" })
        _ = d.c.press(.touch(1), at: q.frame.center, time: 3000)
        d.focus(purpose: .normal, change: .activated)
        #expect(d.c.geometry?.strip != nil)
        #expect(!d.c.keyboard.activePresses.isEmpty)
        #expect(d.textOut(d.c.release(.touch(1), time: 3100)) == [.edit(TextEdit(insert: "q"))])
        #expect(d.c.keyboard.activePresses.isEmpty)
    }

    /// Firefox says a field hides its text (a masked report) while the next letter is
    /// held: the strip goes, and the letter is typed, not lost.
    @Test func aLetterHeldWhileAFieldTurnsOutSecretIsTyped() throws {
        var d = try driven()
        d.focus()
        #expect(d.c.geometry?.strip != nil)
        d.tap("s")
        let e = try #require(d.c.geometry?.keys.first { $0.key.label == "e" })
        _ = d.c.press(.touch(1), at: e.frame.center, time: 9000)
        d.focus("\u{25CF}", change: .updated)
        #expect(d.c.geometry?.strip == nil)
        #expect(d.textOut(d.c.release(.touch(1), time: 9030)) == [.edit(TextEdit(insert: "e"))])
    }

    /// `unavailable` while a key is held in a field with the strip: the strip went
    /// without the keys moving, so the next configure moved them under the finger
    /// (a crash on an index past the last key).
    @Test func unavailableWhileAKeyIsHeldEndsItAndDropsTheStrip() throws {
        var d = try driven()
        d.focus()
        let g = try #require(d.c.geometry)
        #expect(g.strip != nil)
        _ = d.c.press(.touch(1), at: try #require(g.keys.last).frame.center, time: 3000)
        let out = d.c.inputMethodUnavailable()
        #expect(d.c.geometry?.strip == nil && d.c.geometry!.keys.count < g.keys.count)
        #expect(d.c.keyboard.activePresses.isEmpty)
        for case .setPanelHeight(let h) in out { _ = d.c.panelConfigured(width: 720, height: h) }
        #expect(d.c.move(.touch(1), to: Point(x: 10, y: 10)).isEmpty)
        #expect(d.c.release(.touch(1), time: 3100).isEmpty)
    }

    /// A key of the strip's band held while the output turns from landscape to portrait:
    /// the panel is configured for it with a word fewer in the band, and the press on the
    /// word that went ends there, untyped; no later event reads the key that went.
    @Test func aKeyThePanelLosesInAConfigureEndsThere() throws {
        var d = try driven()
        d.focus()
        func output(_ w: Int, _ h: Int) {
            for case .setPanelHeight(let height) in d.c.outputChanged(width: w, height: h) {
                _ = d.c.panelConfigured(width: w, height: height)
            }
        }
        output(1280, 720)
        let wide = try #require(d.c.geometry)
        _ = d.c.press(.touch(1), at: try #require(wide.keys.last).frame.center, time: 3000)
        #expect(!d.c.keyboard.activePresses.isEmpty)
        output(720, 1280)
        #expect(try #require(d.c.geometry).keys.count < wide.keys.count)
        #expect(d.c.keyboard.activePresses.isEmpty)
        #expect(d.c.release(.touch(1), time: 3100).isEmpty)
    }

}

/// A layer that lasts one character (Arabic harakat) and two fingers on it.
@Suite struct OnceLayerTests {
    /// The first finger's mark takes the keyboard back to base while a second finger is
    /// already down on the harakat page: its press was kept with a key index of the
    /// page that went, so its release typed whatever base key had that index.
    @Test func aSecondFingerOnAOnceLayerTypesNoKeyOfAnotherLayer() throws {
        var d = try Driven(["ar"])
        d.focus()
        let g0 = try #require(d.c.geometry)
        let toggle = try #require(g0.keys.first { $0.key.action == .layer("harakat") })
        d.record(d.c.press(.touch(1), at: toggle.frame.center, time: 2000))
        d.record(d.c.release(.touch(1), time: 2020))
        #expect(d.c.keyboard.layer.name == "harakat")
        let g = try #require(d.c.geometry)
        let marks = g.keys.filter { if case .text = $0.key.action { true } else { false } }
        #expect(marks.count >= 2)
        d.record(d.c.press(.touch(1), at: marks[0].frame.center, time: 2200))
        var out = d.c.press(.touch(2), at: marks[1].frame.center, time: 2250)
        #expect(d.c.keyboard.layer.name == "base")
        out += d.c.release(.touch(2), time: 2300)
        out += d.c.release(.touch(1), time: 2310)
        let typed = d.textOut(out).compactMap { if case .edit(let e) = $0 { e.insert } else { nil } }
        let harakat = Set(marks.compactMap { $0.key.text(shifted: false) })
        #expect(typed.first == marks[0].key.text(shifted: false))
        #expect(typed.allSatisfy { harakat.contains($0) }, "typed \(typed)")
        #expect(d.c.keyboard.activePresses.isEmpty)
    }
}

/// A panel narrower than its key gaps gives keys a negative width; a long press on one
/// made a popup of negative width (a surface no compositor takes).
@Suite struct TinyKeyPopupTests {
    @Test func popupsOverAKeyWithoutWidthStillHaveSize() {
        let key = PlacedKey(
            key: Key(label: "l", action: .text("l")), row: 0,
            frame: Rect(x: 34, y: 13, width: -9, height: -2), cell: Rect(x: 30, y: 9, width: 1, height: 10))
        for p in [Popup.alternates(["ł"], above: key, panelWidth: 40), Popup.preview("l", above: key, panelWidth: 40)] {
            #expect(p.frame.width > 0 && p.frame.height > 0, "\(p.kind)")
            #expect(p.itemFrames.allSatisfy { $0.width > 0 && $0.height > 0 }, "\(p.kind)")
        }
    }
}
