/// What each key does when it is tapped.
extension KeyboardState {
    func repeats(_ key: Key) -> Bool {
        switch key.action {
        case .backspace, .space: true
        case .keysym(let sym, _): ["Left", "Right", "Up", "Down", "BackSpace", "Delete"].contains(sym)
        default: false
        }
    }

    /// Space, Backspace or Return with sticky modifiers latched (Ctrl+Backspace,
    /// Alt+Return): one key event with them held, then the modifiers are released;
    /// nil with none latched.
    mutating func chord(_ sym: String) -> [Effect]? {
        guard !latched.isEmpty else { return nil }
        var mods = latched
        latched = []
        lastSpace = nil
        if shift != .off && !autoShifted { mods.insert(.shift) }
        if shift == .once { shift = .off }
        return [.key(sym, mods), .redrawAll]
    }

    /// Keys that a second finger commits early.
    func isRolling(_ key: Key) -> Bool {
        switch key.action {
        case .text, .space, .backspace, .return: true
        default: false
        }
    }

    /// Upper case that keeps one character one character (ß stays ß, not SS).
    func upper(_ s: String) -> String {
        let u = s.uppercased()
        return u.count == s.count ? u : s
    }

    mutating func typeText(_ text: String) -> [Effect] {
        lastSpace = nil
        if let back = returnLayer {
            returnLayer = nil
            layerName = back
            return [.commitText(text), .redrawAll] + dropPresses()
        }
        if !latched.isEmpty {
            // Ctrl+C and friends go as key events.
            let mods = latched
            latched = []
            if shift == .once { shift = .off }
            return [.key(text, mods), .redrawAll]
        }
        if shift == .once {
            shift = .off
            autoShifted = false
            return [.commitText(text), .redrawAll]
        }
        return [.commitText(text)]
    }

    /// What tapping `key` does, then what its `then` asks; `repeated`: a held key
    /// repeating, which never counts toward a double tap.
    mutating func activate(_ key: Key, time: UInt64, repeated: Bool = false) -> [Effect] {
        perform(key, time: time, repeated: repeated) + key.then.effects
    }

    mutating func perform(_ key: Key, time: UInt64, repeated: Bool) -> [Effect] {
        switch key.action {
        case .text:
            var held = false
            for (source, p) in pressed where p.isShift {
                pressed[source]?.mode = .modifier
                held = true
            }
            return typeText(key.text(shifted: isShifted || held) ?? "")
        case .space:
            if let chord = chord("space") { return chord }
            if repeated {
                lastSpace = nil
                return [.commitText(" ")]
            }
            if let last = lastSpace, time >= last, time - last <= timings.doubleSpace {
                lastSpace = nil
                return [.doubleSpace]
            }
            lastSpace = time
            return [.commitText(" ")]
        case .backspace:
            lastSpace = nil
            return chord("BackSpace") ?? [.deleteBackward]
        case .return:
            lastSpace = nil
            return chord("Return") ?? [.enter]
        case .shift:
            tapShift(time: time)
            return [.redrawAll]
        case .layer(let name):
            guard layout.layer(named: name) != nil else { return [] }
            returnLayer = key.once && returnLayer == nil ? layerName : nil
            layerName = name
            shift = .off
            autoShifted = false
            return [.redrawAll] + dropPresses()
        case .nextKeyboard:
            return [.nextKeyboard]
        case .keysym(let sym, let mods):
            // Shift set by the user (not by auto-capitalisation) goes with the key:
            // Shift+Tab, Shift+arrows to select.
            var all = mods.union(latched)
            if shift != .off && !autoShifted {
                all.insert(.shift)
                if shift == .once { shift = .off }
            }
            guard all != mods || !latched.isEmpty else { return [.key(sym, mods)] }
            latched = []
            return [.key(sym, all), .redrawAll]
        case .modifier(let m):
            latched.formSymmetricDifference(m)
            return [.redrawAll]
        case .hide:
            return [.hide]
        case .open(let name):
            return [.openPanel(name)]
        case .back:
            return [.back]
        case .spacer:
            return []
        case .suggestion(let slot):
            lastSpace = nil
            return [.pickSuggestion(slot)]
        case .toolbar(let button):
            lastSpace = nil
            return [.toolbar(button)]
        case .candidate(let rank):
            lastSpace = nil
            return [.pickCandidate(rank)]
        case .candidates(let move):
            return [.moveCandidates(move)]
        case .clipboard(let action):
            lastSpace = nil
            return [.clipboard(action)]
        case .hands(let move):
            return [.hands(move)]
        case .grip:
            // A drag, which the controller takes before the keyboard sees it.
            return []
        }
    }

    /// The keys change under the other fingers (a layer switch): their presses end,
    /// and with them a bubble or a popup one of them showed.
    mutating func dropPresses() -> [Effect] {
        pressed = [:]
        var effects: [Effect] = []
        if popup != nil {
            popup = nil
            popupOwner = nil
            effects.append(.closePopup)
        }
        if previewOwner != nil {
            previewOwner = nil
            effects.append(.hidePreview)
        }
        return effects
    }

    mutating func tapShift(time: UInt64) {
        let wasAuto = autoShifted
        autoShifted = false
        switch shift {
        case .off:
            shift = .once
            lastShiftTap = time
        case .once:
            if !wasAuto, let last = lastShiftTap, time >= last, time - last <= timings.doubleTap {
                shift = .locked
            } else {
                shift = .off
            }
            lastShiftTap = nil
        case .locked:
            shift = .off
            lastShiftTap = nil
        }
    }
}
