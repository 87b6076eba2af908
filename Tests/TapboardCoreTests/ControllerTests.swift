import TestSupport
import Testing

@testable import TapboardCore

/// The controller as the app drives it: a field focused, the panel configured, taps by label.
/// The controller driven through the shared CommandHost, as App drives it; after each
/// call the host's checks must hold (the first broken rule is recorded as an issue).
struct Driven {
    var host: CommandHost
    var c: Controller {
        get { host.controller }
        set { host.controller = newValue }
    }
    var sent: [Command] {
        get { host.carried }
        set { host.carried = newValue }
    }
    var time: UInt64 {
        get { host.time }
        set { host.time = newValue }
    }

    /// A controller for the shipped keyboards `names` (and `extra` ones), started hidden
    /// unless `hidden` is false.
    init(
        _ names: [String] = ["us", "emoji"], extra: [Layout] = [], settings: Settings = Settings(), hidden: Bool = true,
        suggestions: (any SuggestionLibrary)? = nil, compositions: (any CompositionOpener)? = nil,
        emojiNames: (any EmojiNameLibrary)? = nil
    ) throws {
        let lib = KeyboardLibrary(extra)
        let layouts = try names.map { try lib.load($0).get() }
        host = CommandHost(
            Controller(
                layouts: layouts, settings: settings, library: lib, suggestions: suggestions, compositions: compositions,
                emojiNames: emojiNames))
        sent += c.start(hidden: hidden)
    }

    mutating func focus(
        _ text: String? = "", purpose: ContentPurpose = .normal, hints: ContentHints = [],
        change: InputMethodState.Change = .activated
    ) {
        var f = TextFieldState()
        f.active = true
        f.purpose = purpose
        f.hints = hints
        f.surrounding = text.map { SurroundingText(text: $0, cursor: $0.utf8.count, anchor: $0.utf8.count) }
        record(c.fieldChanged(change, f))
    }

    /// The field reports `text` with the cursor at byte `cursor` (no selection).
    mutating func report(_ text: String, cursor: Int) {
        var f = c.field
        f.surrounding = SurroundingText(text: text, cursor: cursor, anchor: cursor)
        record(c.fieldChanged(.updated, f))
    }

    mutating func record(_ commands: [Command]) {
        host.run(commands)
        host.call { $0.settle() }
        checked()
    }

    /// The host's checks held so far.
    func checked(_ location: SourceLocation = #_sourceLocation) {
        if let rule = host.violations.first { Issue.record("the command host: \(rule)", sourceLocation: location) }
    }

    /// Taps the key with this label (or action name) and returns what was sent.
    @discardableResult
    mutating func tap(_ label: String) -> [Command] {
        guard let g = c.geometry, let k = g.keys.first(where: { $0.key.label == label || $0.key.action.name == label }) else {
            Issue.record("no key \(label)")
            return []
        }
        return tapKey(k)
    }

    /// Taps `key` (as laid out now) and returns what was sent.
    @discardableResult
    mutating func tapKey(_ key: PlacedKey) -> [Command] {
        time += 200
        let at = time
        var out = host.call { $0.press(.pointer, at: key.frame.center, time: at) }
        out += host.call { $0.release(.pointer, time: at + 20) }
        out += host.call { $0.settle() }  // as the app does once the text has gone out
        checked()
        return out
    }

    /// Taps slot `slot` of the strip (0: left) and returns what was sent.
    @discardableResult
    mutating func tapSlot(_ slot: Int) -> [Command] {
        guard let g = c.geometry, let k = g.keys.first(where: { $0.key.action == .suggestion(slot) }) else {
            Issue.record("no strip slot \(slot)")
            return []
        }
        return tapKey(k)
    }

    func textOut(_ commands: [Command]) -> [Command] {
        commands.filter {
            switch $0 {
            case .edit, .typeKeys, .key: true
            default: false
            }
        }
    }
}

@Suite struct ControllerTests {
    @Test func focusShowsThePanelAndFocusLossHidesItAfterADelay() throws {
        var d = try Driven()
        #expect(!d.c.visible)
        d.focus()
        #expect(d.c.visible && d.c.geometry != nil)
        var f = TextFieldState()
        f.active = false
        let out = d.c.fieldChanged(.deactivated, f)
        #expect(out.contains(.schedule(.hideAfterFocusLoss, after: Controller.hideDelay)))
        #expect(d.c.visible)
        // Focus comes back before the timer: it stays.
        d.focus(change: .activated)
        #expect(d.c.timerFired(.hideAfterFocusLoss, time: 0) == [])
        #expect(d.c.visible)
        _ = d.c.fieldChanged(.deactivated, f)
        #expect(d.c.timerFired(.hideAfterFocusLoss, time: 0).contains(.hidePanel))
        #expect(!d.c.visible && d.c.geometry == nil)
    }

    @Test func fieldPurposePicksTheKeyboardAndTheReturnLabel() throws {
        var d = try Driven()
        d.focus(purpose: .digits)
        #expect(d.c.keyboard.layout.name == "digits")
        d.focus(purpose: .url, change: .updated)
        #expect(d.c.keyboard.layout.name == "us" && d.c.returnLabel == "Go")
        d.focus(purpose: .normal, change: .activated)
        #expect(d.c.returnLabel == "")
    }

    @Test func noKeyBubbleInSensitiveFields() throws {
        var d = try Driven()
        d.focus(purpose: .password)
        #expect(!d.tap("a").contains { if case .showPreview = $0 { true } else { false } })
        d.focus(purpose: .normal, hints: .sensitiveData, change: .activated)
        #expect(!d.c.keyboard.previews)
        d.focus(purpose: .normal, change: .activated)
        #expect(d.c.keyboard.previews)
    }

    @Test func decisionsRestOnWhatWasSentWhileTheClientLags() throws {
        var d = try Driven(
            settings: {
                var s = Settings()
                s.autoCapitalise = .always
                return s
            }())
        d.focus("")
        #expect(d.c.keyboard.shift == .once)
        d.tap("h")
        // Chromium reports the empty field again, one edit late: shift stays off.
        d.focus("", change: .updated)
        #expect(d.c.keyboard.shift == .off)
        d.tap("i")
        d.focus("H", change: .updated)
        #expect(d.c.text.known?.text == "Hi")
        d.tap("space")
        let out = d.tap("space")
        // The double space sees "Hi " (what was sent), not the client's stale "H".
        #expect(d.textOut(out) == [.edit(TextEdit(deleteBefore: 1, insert: ". "))])
        #expect(d.c.keyboard.shift == .once)
    }

    @Test func autoCapitalisationFollowsTheFieldByDefault() throws {
        var d = try Driven()
        d.focus("")  // GTK3: no hints
        #expect(d.c.keyboard.shift == .off)
        d.focus("", hints: .autoCapitalization, change: .activated)  // Chromium asks for it
        #expect(d.c.keyboard.shift == .once)
        #expect(d.textOut(d.tap("h")) == [.edit(TextEdit(insert: "H"))])
    }

    @Test func clientsThatNeverReportTextStillGetSentenceCapitals() throws {
        var d = try Driven()
        d.focus(nil, hints: .autoCapitalization)  // Chromium on phoc: no surrounding text
        #expect(d.c.keyboard.shift == .once)
        for k in ["h", "i", "."] { d.tap(k) }
        #expect(d.c.keyboard.shift == .off)
        d.tap("space")
        #expect(d.c.keyboard.shift == .once)
        // Backspace without known text: the key, never a guess in bytes.
        #expect(d.textOut(d.tap("backspace")) == [.key("BackSpace", [])])
    }

    @Test func unavailableKeepsTypingThroughKeysAndShowsThePanel() throws {
        var d = try Driven()
        let out = d.c.inputMethodUnavailable()
        d.record(out)
        #expect(out.contains { if case .say(let l) = $0 { l.contains("another input method") } else { false } })
        #expect(d.c.visible)
        #expect(d.textOut(d.tap("a")) == [.typeKeys("a")])
        #expect(d.c.hide().contains(.hidePanel))
        #expect(d.c.show().contains { if case .showPanel = $0 { true } else { false } })
        // Focus events from the inert object change nothing.
        #expect(d.c.fieldChanged(.activated, TextFieldState()) == [])
    }

    @Test func globeSwitchesAndNamesTheKeyboardOnTheSpaceBar() throws {
        var d = try Driven(["us", "de"])
        d.focus()
        let out = d.tap("next-keyboard")
        #expect(d.c.keyboard.layout.name == "de")
        #expect(out.contains { if case .keyboardShown(let l) = $0 { l.name == "de" } else { false } })
        #expect(d.c.spaceLabel == d.c.keyboard.layout.displayName)
        #expect(out.contains(.schedule(.spaceLabel, after: Controller.spaceLabelTime)))
        _ = d.c.timerFired(.spaceLabel, time: 0)
        #expect(d.c.spaceLabel == "")
    }

    @Test func globeLongPressListsKeyboardsAndPicksOne() throws {
        var d = try Driven(["us", "de", "emoji"])
        d.focus()
        let g = try #require(d.c.geometry)
        let globe = try #require(g.keys.first { $0.key.action == .nextKeyboard })
        let down = d.c.press(.touch(1), at: globe.frame.center, time: 0)
        guard case .schedule(let timer, _)? = down.first(where: { if case .schedule = $0 { true } else { false } }) else {
            Issue.record("no long-press timer")
            return
        }
        let opened = d.c.timerFired(timer, time: 400)
        guard case .showPopup(let list)? = opened.first(where: { if case .showPopup = $0 { true } else { false } }) else {
            Issue.record("no keyboard list")
            return
        }
        #expect(list.kind == .keyboards && list.values.suffix(3) == ["us", "de", "emoji"])
        #expect(list.labels.prefix(2) == ["One-handed", "Floating"])
        _ = d.c.move(.touch(1), to: list.itemFrames[3].center)
        let picked = d.c.release(.touch(1), time: 600)
        #expect(picked.contains(.closePopup))
        #expect(d.c.keyboard.layout.name == "de")
    }

    @Test func switchingKeyboardsKeepsThePanelsHeight() throws {
        // Emoji stacks five rows, the letters four: it fits its rows into the letters'
        // height, and stays whole on a wide output (nothing to type with two thumbs).
        var d = try Driven(["us", "emoji"])
        d.focus()
        for (width, height) in [(720, 1280), (1280, 720)] {
            d.record(d.c.outputChanged(width: width, height: height))
            let letters = d.c.wantedHeight
            #expect(d.c.arrangement == (width > height ? .split : .full))
            d.tap("123")
            #expect(d.c.wantedHeight == letters, "symbols at \(width)x\(height)")
            d.tap("ABC")
            d.tap("next-keyboard")
            #expect(d.c.keyboard.layout.name == "emoji")
            #expect(d.c.wantedHeight == letters, "emoji at \(width)x\(height)")
            #expect(d.c.arrangement == .full)
            d.tap("next-keyboard")
            #expect(d.c.keyboard.layout.name == "us")
        }
    }

    @Test func aKeyboardTheFieldBringsKeepsItsOwnRows() throws {
        // The terminal's keyboard has a row of Esc, Tab and arrows over the letters: a
        // terminal gets it whole, taller, not squeezed into the letters' height.
        var d = try Driven(["us", "emoji"])
        d.focus()
        let letters = d.c.wantedHeight
        d.focus("", purpose: .terminal)
        #expect(d.c.keyboard.layout.name == "terminal")
        #expect(d.c.wantedHeight > letters)
    }

    @Test func outputChangesRelayTheKeyboardAndHeightWithoutLooping() throws {
        var d = try Driven()
        d.focus()
        let portrait = try #require(d.c.geometry)
        // Rotated: wide layers, a new height asked once.
        let out = d.c.outputChanged(width: 1280, height: 720)
        guard case .setPanelHeight(let h)? = out.first(where: { if case .setPanelHeight = $0 { true } else { false } }) else {
            Issue.record("no new height")
            return
        }
        #expect(h != portrait.height)
        // The compositor clamps the height: believed, not asked again.
        let configured = d.c.panelConfigured(width: 1280, height: h - 50)
        #expect(!configured.contains { if case .setPanelHeight = $0 { true } else { false } })
        #expect(d.c.geometry?.height == h - 50 && d.c.geometry?.width == 1280)
        #expect(d.c.panelConfigured(width: 1280, height: h - 50) == [.redraw(nil)])
    }

    @Test func hidingReleasesHeldKeysAndCancelsTheirTimers() throws {
        var d = try Driven()
        d.focus()
        let g = try #require(d.c.geometry)
        let bs = try #require(g.keys.first { $0.key.action == .backspace })
        let down = d.c.press(.pointer, at: bs.frame.center, time: 0)
        #expect(down.contains { if case .schedule(.key(.repeatKey), _) = $0 { true } else { false } })
        let out = d.c.hide()
        #expect(out.contains(.hidePanel))
        #expect(out.contains { if case .cancel(.key(.repeatKey)) = $0 { true } else { false } })
        #expect(d.c.keyboard.highlighted.isEmpty)
    }

    @Test func theContextsLastCharactersFromBytesAsByCharacters() {
        let texts = [
            "", "abc", "a\r\nb", "\r\n", "café au lait", "x\u{0301}y", "\u{0600}abc", "one two three",
            "tab\there", "end.\r\n"
        ]
        for text in texts {
            for n in 0...6 {
                for prefix in ["", "é", "\r", "\u{0600}"] {
                    let full = prefix + text
                    let s = full[...]
                    #expect(Controller.last(n, of: s) == String(s.suffix(n)), "\(full.debugDescription) \(n)")
                }
            }
        }
    }
}
