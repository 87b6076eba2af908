/// Panels: layouts opened from a keyboard (an `open` key, the globe key's list) that
/// go back to the keyboard shown before them.
extension Controller {
    /// Shows the layout `name` in place of the keyboard, remembering the keyboard.
    mutating func openPanel(_ name: String) -> [Command] {
        if case .failure(let e) = load(name) { return [.say(e.message)] }
        guard name != keyboard.layout.name else { return [] }
        // From one panel to another, `back` still goes to the keyboard under both.
        if !keyboard.layout.isPanel { panelReturn = selection }
        return switchKeyboard { $0.pick(name) }
    }

    /// Back to the keyboard shown before the panel; nothing on a keyboard.
    mutating func backFromPanel() -> [Command] {
        guard keyboard.layout.isPanel else { return [] }
        let before = panelReturn
        panelReturn = nil
        return switchKeyboard { selection in
            if let before { selection = before } else { selection.pick(selection.enabled[selection.languageIndex]) }
        }
    }

    /// A keyboard or a panel picked from the globe key's list.
    mutating func pickKeyboard(_ name: String) -> [Command] {
        if case .success(let layout) = load(name), layout.isPanel { return openPanel(name) }
        panelReturn = nil
        return switchKeyboard { $0.pick(name) }
    }
}

/// One-handed and floating: the globe key's list and the buttons beside the keys (on the
/// grip band) switch them.
extension Controller {
    /// What the globe key's list offers above the keyboards in the current mode.
    var modeChoices: [(mode: PanelMode, label: String)] {
        switch panelMode {
        case .full: [(.oneHanded(oneHandedSide), tr("One-handed")), (.floating, tr("Floating"))]
        case .oneHanded: [(.full, tr("Full width")), (.floating, tr("Floating"))]
        case .floating: [(.full, tr("Full width"))]
        }
    }

    /// Keys to one edge or across the panel again (the panel keeps its size, its keys
    /// move), or the panel floating or docked again (it changes size and place).
    mutating func setPanelMode(_ mode: PanelMode) -> [Command] {
        guard mode != panelMode else { return [] }
        let cancelled = translate(keyboard.cancelAll()) + cancelStaleTimers()
        floating.drag = nil
        panelMode = mode
        if case .oneHanded(let side) = mode { oneHandedSide = side }
        keyboard.modeChoices = modeChoices
        let relaidOut = layOutKeysAgain(layer: nil)
        return cancelled + relaidOut + resize() + [.redraw(nil)]
    }
}
