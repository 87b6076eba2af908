/// The keyboard logic: turns presses, moves, releases and timers into effects. It
/// knows nothing of Wayland; the caller supplies geometry and time, and carries out
/// the effects.
public struct KeyboardState: Sendable {
    /// One finger (or the pointer) holding a key.
    struct Press: Sendable {
        var id: Int
        var key: Int
        /// The long-press timer fired (a popup may be open).
        var long = false
        /// The key repeated while held: its release types nothing more.
        var repeated = false
    }

    public private(set) var layout: Layout
    public private(set) var layerName: String
    public private(set) var shift: ShiftState = .off
    /// Sticky modifiers (terminal Ctrl, Alt) waiting for the next key.
    public private(set) var latched: Modifiers = []
    /// The popup open above a held key, and which press owns it.
    public private(set) var popup: Popup?
    private var popupOwner: PressSource?
    private var pressed: [PressSource: Press] = [:]
    private var nextPressID = 0
    private var lastShiftTap: UInt64?
    /// The layer to go back to after one character (a `once` layer key was tapped).
    private var returnLayer: String?
    /// A held shift key typed capitals with it: releasing it leaves shift as it was.
    private var shiftUsedWhileHeld = false
    public var timings = KeyTimings()
    /// The enabled keyboards for the globe key's list, and the one shown.
    public var keyboards: [(name: String, displayName: String)] = []
    public var currentKeyboard = ""

    public init(layout: Layout) {
        self.layout = layout
        layerName = layout.layers[0].name
        currentKeyboard = layout.name
    }

    public var layer: Layer { layout.layer(named: layerName) ?? layout.layers[0] }
    public var isShifted: Bool { shift != .off }
    /// Ids of the presses still held (their timers are still wanted).
    public var activePresses: Set<Int> { Set(pressed.values.map(\.id)) }
    /// Keys held down (for highlighting).
    public var highlighted: Set<Int> { Set(pressed.values.map(\.key)) }

    /// Shows another keyboard from its first layer; forgets held keys.
    public mutating func setLayout(_ newLayout: Layout) {
        layout = newLayout
        layerName = newLayout.layers[0].name
        returnLayer = nil
        currentKeyboard = newLayout.name
        shift = .off
        latched = []
        pressed = [:]
        popup = nil
        popupOwner = nil
    }

    /// Forgets held keys without typing them (panel hidden).
    public mutating func cancelAll() -> [Effect] {
        guard !pressed.isEmpty || popup != nil else { return [] }
        let keys = pressed.values.map(\.key)
        pressed = [:]
        var effects: [Effect] = [.redrawKeys(keys)]
        if popup != nil { effects.append(.closePopup) }
        popup = nil
        popupOwner = nil
        return effects
    }

    // MARK: input

    public mutating func press(_ source: PressSource, at point: Point, time: UInt64,
                               in geometry: PanelGeometry) -> [Effect] {
        var effects = cancel(source)
        // While one finger holds a popup open, other fingers wait.
        if popup != nil { return effects }
        guard let index = geometry.keyIndex(at: point) else { return effects }
        let key = geometry.keys[index].key
        // Rolling typing: a new finger commits the keys other fingers still hold.
        if key.action != .shift {
            for (other, p) in pressed where !p.long && !p.repeated && isRolling(geometry.keys[p.key].key) {
                pressed[other] = nil
                effects += [.redrawKeys([p.key])] + activate(geometry.keys[p.key].key, time: time)
            }
        }
        nextPressID += 1
        pressed[source] = Press(id: nextPressID, key: index)
        effects.append(.redrawKeys([index]))
        if !key.alternates.isEmpty || key.action == .nextKeyboard {
            effects.append(.schedule(.longPress(press: nextPressID), after: timings.longPress))
        } else if repeats(key) {
            effects.append(.schedule(.repeatKey(press: nextPressID), after: timings.repeatDelay))
        }
        return effects
    }

    /// A finger that slides off its key cancels it; over an open popup it selects.
    public mutating func move(_ source: PressSource, to point: Point, in geometry: PanelGeometry) -> [Effect] {
        guard let p = pressed[source] else { return [] }
        if popupOwner == source, var open = popup {
            let selected = open.item(at: point, keyFrame: geometry.keys[p.key].frame)
            guard selected != open.selected else { return [] }
            open.selected = selected
            popup = open
            return [.showPopup(open)]
        }
        if geometry.keys[p.key].cell.contains(point) { return [] }
        pressed[source] = nil
        return [.redrawKeys([p.key])]
    }

    /// Releasing over the pressed key activates it (`time` in milliseconds).
    public mutating func release(_ source: PressSource, time: UInt64, in geometry: PanelGeometry) -> [Effect] {
        guard let p = pressed.removeValue(forKey: source) else { return [] }
        var effects: [Effect] = [.redrawKeys([p.key])]
        if popupOwner == source, let open = popup {
            popup = nil
            popupOwner = nil
            effects.append(.closePopup)
            guard let i = open.selected else { return effects }
            switch open.kind {
            case .alternates: return effects + typeText(open.values[i])
            case .keyboards: return effects + [.pickKeyboard(open.values[i])]
            }
        }
        if p.repeated { return effects }
        let key = geometry.keys[p.key].key
        if key.action == .shift, shiftUsedWhileHeld {
            shiftUsedWhileHeld = false
            return effects + [.redrawAll]
        }
        return effects + activate(key, time: time)
    }

    /// A touch sequence cancelled by the compositor: nothing is typed.
    public mutating func cancel(_ source: PressSource) -> [Effect] {
        guard let p = pressed.removeValue(forKey: source) else { return [] }
        var effects: [Effect] = [.redrawKeys([p.key])]
        if popupOwner == source {
            popup = nil
            popupOwner = nil
            effects.append(.closePopup)
        }
        return effects
    }

    public mutating func timerFired(_ timer: KeyTimer, in geometry: PanelGeometry) -> [Effect] {
        switch timer {
        case .longPress(let id):
            guard let (source, p) = pressed.first(where: { $0.value.id == id }), popup == nil else { return [] }
            pressed[source]?.long = true
            let placed = geometry.keys[p.key]
            let open: Popup
            if placed.key.action == .nextKeyboard {
                guard !keyboards.isEmpty else { return [] }
                open = .keyboards(keyboards, current: currentKeyboard, above: placed, panelWidth: geometry.width)
            } else {
                let items = placed.key.alternates.map { isShifted ? upper($0) : $0 }
                open = .alternates(items, above: placed, panelWidth: geometry.width)
            }
            popup = open
            popupOwner = source
            return [.showPopup(open)]
        case .repeatKey(let id):
            guard let (source, p) = pressed.first(where: { $0.value.id == id }) else { return [] }
            pressed[source]?.repeated = true
            return activate(geometry.keys[p.key].key, time: 0)
                + [.schedule(.repeatKey(press: id), after: timings.repeatInterval)]
        }
    }

    // MARK: keys

    /// Upper case that keeps one character one character (ß stays ß, not SS).
    func upper(_ s: String) -> String {
        let u = s.uppercased()
        return u.count == s.count ? u : s
    }

    func repeats(_ key: Key) -> Bool {
        switch key.action {
        case .backspace, .space: true
        case .keysym(let sym, _): ["Left", "Right", "Up", "Down", "BackSpace", "Delete"].contains(sym)
        default: false
        }
    }

    /// Keys that a second finger commits early.
    func isRolling(_ key: Key) -> Bool {
        switch key.action {
        case .text, .space, .backspace, .return: true
        default: false
        }
    }

    mutating func typeText(_ text: String) -> [Effect] {
        if let back = returnLayer {
            returnLayer = nil
            layerName = back
            pressed = [:]
            return [.commitText(text), .redrawAll]
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
            return [.commitText(text), .redrawAll]
        }
        return [.commitText(text)]
    }

    mutating func activate(_ key: Key, time: UInt64) -> [Effect] {
        switch key.action {
        case .text:
            let held = pressed.values.contains { isShiftKey($0.key) }
            if held { shiftUsedWhileHeld = true }
            return typeText(key.text(shifted: isShifted || held) ?? "")
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
            returnLayer = key.once && returnLayer == nil ? layerName : nil
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

    /// Whether key `index` of the current layer's geometry is a shift key.
    private func isShiftKey(_ index: Int) -> Bool {
        var i = index
        for row in layer.rows {
            let real = row.filter { $0.action != .spacer }
            if i < real.count { return real[i].action == .shift }
            i -= real.count
        }
        return false
    }

    mutating func tapShift(time: UInt64) {
        switch shift {
        case .off:
            shift = .once
            lastShiftTap = time
        case .once:
            if let last = lastShiftTap, time >= last, time - last <= timings.doubleTap {
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
