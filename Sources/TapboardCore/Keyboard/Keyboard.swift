/// What the keyboard asks the rest of the program to do, as values.
public enum Effect: Sendable, Equatable {
    /// Type this text (the submission layer picks text-input or key events).
    case commitText(String)
    /// Delete one character (grapheme cluster) before the cursor, or the selection.
    case deleteBackward
    /// The Return key.
    case enter
    /// A key event by keysym name, with modifiers held during it.
    case key(String, Modifiers)
    /// Redraw these keys (indices into the current geometry's keys).
    case redrawKeys([Int])
    /// The layer or the shift state changed: redraw the whole panel.
    case redrawAll
    case nextKeyboard
    case hide
}

/// Shift: off, for the next letter, or locked (caps lock).
public enum ShiftState: Sendable, Equatable {
    case off, once, locked
}

/// Identifies a pointer or a touch point; several may press keys at once.
public enum PressSource: Sendable, Hashable {
    case pointer
    case touch(Int32)
}

/// The keyboard logic: turns presses and releases into effects. It knows nothing of
/// Wayland; the caller supplies the geometry and carries out the effects.
public struct KeyboardState: Sendable {
    public private(set) var layout: Layout
    public private(set) var layerName: String
    public private(set) var shift: ShiftState = .off
    /// Sticky modifiers (terminal Ctrl, Alt) waiting for the next key.
    public private(set) var latched: Modifiers = []
    /// Press source -> index of the key it holds down.
    public private(set) var pressed: [PressSource: Int] = [:]
    /// Milliseconds; a second shift tap within this time locks shift.
    public var doubleTapInterval: UInt64 = 300
    private var lastShiftTap: UInt64?

    public init(layout: Layout) {
        self.layout = layout
        layerName = layout.layers[0].name
    }

    public var layer: Layer { layout.layer(named: layerName) ?? layout.layers[0] }

    /// Whether text keys type their shifted form now.
    public var isShifted: Bool { shift != .off }

    /// Keys currently held down (for highlighting).
    public var highlighted: Set<Int> { Set(pressed.values) }

    /// Shows another keyboard from its first layer; releases every held key.
    public mutating func setLayout(_ newLayout: Layout) {
        layout = newLayout
        layerName = newLayout.layers[0].name
        shift = .off
        latched = []
        pressed = [:]
    }

    /// Forgets held keys without typing them (panel hidden, layout switched).
    public mutating func cancelAll() -> [Effect] {
        guard !pressed.isEmpty else { return [] }
        let keys = Array(pressed.values)
        pressed = [:]
        return [.redrawKeys(keys)]
    }

    public mutating func press(_ source: PressSource, at point: Point, in geometry: PanelGeometry) -> [Effect] {
        var effects: [Effect] = []
        if let old = pressed.removeValue(forKey: source) { effects.append(.redrawKeys([old])) }
        guard let index = geometry.keyIndex(at: point) else { return effects }
        pressed[source] = index
        effects.append(.redrawKeys([index]))
        return effects
    }

    /// A finger that slides off its key cancels it.
    public mutating func move(_ source: PressSource, to point: Point, in geometry: PanelGeometry) -> [Effect] {
        guard let index = pressed[source] else { return [] }
        if geometry.keys[index].cell.contains(point) { return [] }
        pressed[source] = nil
        return [.redrawKeys([index])]
    }

    /// Releasing over the pressed key activates it. `time` is in milliseconds.
    public mutating func release(_ source: PressSource, time: UInt64, in geometry: PanelGeometry) -> [Effect] {
        guard let index = pressed.removeValue(forKey: source) else { return [] }
        return [.redrawKeys([index])] + activate(geometry.keys[index].key, time: time)
    }

    /// A touch sequence cancelled by the compositor: nothing is typed.
    public mutating func cancel(_ source: PressSource) -> [Effect] {
        guard let index = pressed.removeValue(forKey: source) else { return [] }
        return [.redrawKeys([index])]
    }

    mutating func activate(_ key: Key, time: UInt64) -> [Effect] {
        switch key.action {
        case .text:
            let text = key.text(shifted: isShifted) ?? ""
            if !latched.isEmpty {
                // Ctrl+C and friends go as key events.
                let mods = latched
                latched = []
                if shift == .once { shift = .off }
                return [.key(text, mods), .redrawAll]
            }
            if shift == .once {
                shift = .off
                return [.commitText(text), .redrawAll]
            }
            return [.commitText(text)]
        case .space:
            return [.commitText(" ")]
        case .backspace:
            return [.deleteBackward]
        case .return:
            return [.enter]
        case .shift:
            tapShift(time: time)
            return [.redrawAll]
        case .layer(let name):
            guard layout.layer(named: name) != nil else { return [] }
            layerName = name
            shift = .off
            pressed = [:]
            return [.redrawAll]
        case .nextKeyboard:
            return [.nextKeyboard]
        case .keysym(let sym, let mods):
            guard !latched.isEmpty else { return [.key(sym, mods)] }
            let all = mods.union(latched)
            latched = []
            return [.key(sym, all), .redrawAll]
        case .modifier(let m):
            latched.formSymmetricDifference(m)
            return [.redrawAll]
        case .hide:
            return [.hide]
        case .spacer:
            return []
        }
    }

    mutating func tapShift(time: UInt64) {
        switch shift {
        case .off:
            shift = .once
            lastShiftTap = time
        case .once:
            if let last = lastShiftTap, time >= last, time - last <= doubleTapInterval {
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
