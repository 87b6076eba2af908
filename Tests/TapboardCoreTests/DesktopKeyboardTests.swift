import TestSupport
import Testing

@testable import TapboardCore

@Suite struct DesktopKeyboardTests {
    let installed: Set = ["us", "terminal", "desktop", "digits"]

    /// Taps the first key with this label (or action name) on a landscape panel.
    func tap(_ state: inout KeyboardState, _ label: String) -> [Effect] {
        let g = PanelGeometry.forOutput(width: 1280, height: 720, layout: state.layout, layer: state.layer)
        guard let k = g.keys.first(where: { $0.key.label == label || $0.key.action.name == label }) else {
            Issue.record("no key \(label) in \(state.layerName)")
            return []
        }
        _ = state.press(.pointer, at: k.frame.center, time: 0, in: g)
        return state.release(.pointer, time: 0, in: g)
    }

    func typed(_ effects: [Effect]) -> String {
        effects.compactMap { if case .commitText(let t) = $0 { t } else { nil } }.joined()
    }

    @Test func terminalFieldsGetTheDesktopKeyboardOnWideOutputs() {
        let available = { (n: String) in installed.contains(n) }
        var sel = KeyboardSelection(enabled: ["us"])
        sel.fieldChanged(purpose: .terminal)
        #expect(sel.shown(wide: true, isAvailable: available) == ("desktop", nil))
        #expect(sel.shown(wide: false, isAvailable: available) == ("terminal", nil))
        // Without a desktop keyboard installed, wide terminals keep the terminal keyboard.
        #expect(sel.shown(wide: true, isAvailable: { $0 != "desktop" && available($0) }) == ("terminal", nil))
        // Other purposes do not change with the width.
        sel.fieldChanged(purpose: .digits)
        #expect(sel.shown(wide: true, isAvailable: available) == ("digits", nil))
        sel.fieldChanged(purpose: .normal)
        #expect(sel.shown(wide: true, isAvailable: available) == ("us", nil))
        #expect(LayoutChoice.special(for: .terminal, wide: true) == "desktop")
        #expect(LayoutChoice.special(for: .terminal, wide: false) == "terminal")
    }

    @Test func theLayoutComesThroughTheSelectionByWidth() throws {
        var sel = KeyboardSelection(enabled: ["us"])
        sel.fieldChanged(purpose: .terminal)
        let load = KeyboardLibrary().load
        let wide = try sel.layout(wide: true, isAvailable: { _ in true }, load: load).get()
        #expect(wide.name == "desktop")
        let tall = try sel.layout(wide: false, isAvailable: { _ in true }, load: load).get()
        #expect(tall.name == "terminal")
    }

    @Test func theDesktopKeyboardHasItsKeys() throws {
        let desktop = try loadShipped("desktop.json")
        let keys = desktop.layers.flatMap { $0.rows.joined() }
        let syms = Set(
            keys.compactMap { k -> String? in if case .keysym(let s, _) = k.action { s } else { nil } })
        for s in ["Escape", "Tab", "Left", "Right", "Up", "Down", "Home", "End", "Page_Up", "Page_Down"]
            + (1...12).map({ "F\($0)" })
        {
            #expect(syms.contains(s), "\(s)")
        }
        let mods = keys.compactMap { k -> Modifiers? in if case .modifier(let m) = k.action { m } else { nil } }
        #expect(Set(mods.map(\.rawValue)) == Set([Modifiers.ctrl, .alt, .logo].map(\.rawValue)))
        let base = desktop.layers[0]
        let units = base.rows.map { $0.reduce(0) { $0 + $1.width } }
        #expect(units.allSatisfy { $0 == 15 })
        for d in "1234567890" { #expect(keys.contains { $0.action == .text(String(d)) }) }
    }

    @Test func stickyModifiersGoWithEveryKind() throws {
        let desktop = try loadShipped("desktop.json")
        var s = KeyboardState(layout: desktop)
        _ = tap(&s, "Ctrl")
        #expect(tap(&s, "a").contains(.key("a", .ctrl)))
        _ = tap(&s, "Ctrl")
        #expect(tap(&s, "c").contains(.key("c", .ctrl)))
        _ = tap(&s, "Super")
        #expect(tap(&s, "Tab").contains(.key("Tab", .logo)))
        _ = tap(&s, "Ctrl")
        _ = tap(&s, "Alt")
        #expect(tap(&s, "Del").contains(.key("Delete", [.ctrl, .alt])))
        _ = tap(&s, "Ctrl")
        #expect(tap(&s, "backspace").contains(.key("BackSpace", .ctrl)))
        _ = tap(&s, "Alt")
        #expect(tap(&s, "return").contains(.key("Return", .alt)))
        _ = tap(&s, "Ctrl")
        #expect(tap(&s, "space").contains(.key("space", .ctrl)))
        #expect(s.latched.isEmpty)
        // Without modifiers, the same keys type and delete as usual.
        #expect(tap(&s, "backspace").contains(.deleteBackward))
        #expect(typed(tap(&s, "a")) == "a")
        // Shift: Shift+Tab and Shift+arrows; Ctrl+Shift+letters.
        _ = tap(&s, "shift")
        #expect(tap(&s, "Tab").contains(.key("Tab", .shift)))
        #expect(s.shift == .off)
        _ = tap(&s, "shift")
        _ = tap(&s, "Ctrl")
        #expect(tap(&s, "c").contains(.key("C", .ctrl)))
        // Shifted digits type their symbols.
        _ = tap(&s, "shift")
        #expect(typed(tap(&s, "1")) == "!")
    }
}
