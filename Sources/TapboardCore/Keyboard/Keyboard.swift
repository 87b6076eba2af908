/// The keyboard logic: turns presses, moves, releases and timers into effects. It
/// knows nothing of Wayland; the caller supplies geometry and time (milliseconds),
/// and carries out the effects.
public struct KeyboardState: Sendable {
    /// One finger (or the pointer) holding a key.
    struct Press: Sendable {
        var id: Int
        var key: Int
        /// The key is a shift key (held shift capitalises other fingers' letters).
        var isShift: Bool
        var origin: Point
        /// The press event's time, in the compositor's milliseconds.
        var time: UInt64 = 0
        /// What the press has become so far.
        var mode = PressMode.tap
    }

    /// What a held press has become; its release acts on it.
    enum PressMode: Sendable, Equatable {
        /// A tap so far: the key acts on release.
        case tap
        /// The long-press timer fired: a popup may be open, the release picks from it.
        case long
        /// The key repeated this many times; its release types nothing more.
        case repeating(Int)
        /// The space bar dragged: the x where the last cursor step was taken.
        case cursor(x: Double)
        /// A held shift typed capitals with it: its release leaves shift as it was.
        case modifier
        /// A slide from a letter key across the others: every point so far, panel pixels, and
        /// when each was drawn.
        case stroke(GlideTrace)
    }

    public internal(set) var layout: Layout
    public internal(set) var layerName: String
    public internal(set) var shift: ShiftState = .off
    /// Shift was set by auto-capitalisation, not by the user.
    var autoShifted = false
    /// Sticky modifiers (terminal Ctrl, Alt) waiting for the next key.
    public internal(set) var latched: Modifiers = []
    /// The popup open above a held key, and which press owns it.
    public internal(set) var popup: Popup?
    var popupOwner: PressSource?
    var previewOwner: PressSource?
    var pressed: [PressSource: Press] = [:]
    var nextPressID = 0
    var lastShiftTap: UInt64?
    var lastSpace: UInt64?
    /// The layer to go back to after one character (a `once` layer key was tapped).
    var returnLayer: String?
    public var timings = KeyTimings()
    /// Show a bubble over pressed keys (off in password fields and by setting).
    public var previews = true
    /// A slide from a letter key across the others is a stroke (glide typing); off, it
    /// cancels the key.
    public var glides = false
    /// The last points of the stroke being drawn, oldest first (panel pixels); empty between strokes.
    public internal(set) var trail: [Point] = []
    /// Points the trail keeps.
    static let trailLength = 24
    /// The enabled keyboards for the globe key's list, and the one shown.
    public var keyboards: [(name: String, displayName: String)] = []
    public var currentKeyboard = ""
    /// The panel modes the globe key's list offers above the keyboards ("One-handed", "Full width").
    public var modeChoices: [(mode: PanelMode, label: String)] = []
    /// A word for the return key in this field ("Go" for URLs), empty for the arrow.
    public var returnLabel = ""

    public init(layout: Layout) {
        self.layout = layout
        layerName = layout.layers[0].name
        currentKeyboard = layout.name
    }

    public var layer: Layer {
        let own = layout.layer(named: layerName) ?? layout.layers[0]
        return overlay?.applied(to: own) ?? own
    }
    /// Keys made at run time over the layout's (the candidates panel, emoji search's
    /// results); nil: none.
    public internal(set) var overlay: KeyOverlay?
    public var isShifted: Bool { shift != .off }
    /// Ids of the presses still held (their timers are still wanted).
    public var activePresses: Set<Int> { Set(pressed.values.map(\.id)) }
    /// Keys held down (for highlighting); a stroke holds none.
    public var highlighted: Set<Int> {
        Set(pressed.values.lazy.filter { if case .stroke = $0.mode { false } else { true } }.map(\.key))
    }

    /// Shows another keyboard from its first layer; forgets held keys.
    public mutating func setLayout(_ newLayout: Layout) {
        layout = newLayout
        layerName = newLayout.layers[0].name
        overlay = nil
        returnLayer = nil
        currentKeyboard = newLayout.name
        shift = .off
        autoShifted = false
        latched = []
        pressed = [:]
        popup = nil
        popupOwner = nil
        previewOwner = nil
        trail = []
    }

    /// Forgets held keys without typing them (panel hidden).
    public mutating func cancelAll() -> [Effect] {
        guard !pressed.isEmpty || popup != nil else { return [] }
        let keys = pressed.values.map(\.key)
        pressed = [:]
        var effects: [Effect] = [.redrawKeys(keys)] + endTrail()
        if popup != nil { effects.append(.closePopup) }
        if previewOwner != nil { effects.append(.hidePreview) }
        popup = nil
        popupOwner = nil
        previewOwner = nil
        return effects
    }

    /// Auto-capitalisation's wish for the next letter. A shift or caps lock the user
    /// chose stands; an automatic one follows the text.
    public mutating func applyAutoShift(_ wanted: ShiftState) -> [Effect] {
        guard shift == .off || autoShifted, wanted != shift else { return [] }
        shift = wanted
        autoShifted = wanted != .off
        return [.redrawAll]
    }

    // MARK: input

    public mutating func press(
        _ source: PressSource, at point: Point, time: UInt64,
        in geometry: PanelGeometry
    ) -> [Effect] {
        var effects = cancel(source)
        // While one finger holds a popup open, other fingers wait.
        if popup != nil { return effects }
        guard let index = geometry.keyIndex(at: point) else { return effects }
        let key = geometry.keys[index].key
        // Rolling typing: a new finger commits the keys other fingers still hold, in the
        // order they were pressed.
        let layerBefore = layerName
        if key.action != .shift {
            for (other, p) in pressed.sorted(by: { $0.value.id < $1.value.id })
            where p.mode == .tap && isRolling(geometry.keys[p.key].key) {
                pressed[other] = nil
                effects += [.redrawKeys([p.key])] + endPreview(other) + activate(geometry.keys[p.key].key, time: time)
            }
        }
        // Those keys left a one-character layer: this finger's key is no longer on screen.
        if layerName != layerBefore { return effects }
        nextPressID += 1
        pressed[source] = Press(id: nextPressID, key: index, isShift: key.action == .shift, origin: point, time: time)
        effects.append(.redrawKeys([index]))
        if previews, key.image == nil, case .text(let t) = key.action, !Self.isPictograph(t) {
            previewOwner = source
            effects.append(.showPreview(index))
        }
        if !key.alternates.isEmpty || key.action == .nextKeyboard || key.action == .toolbar(.paste) {
            effects.append(.schedule(.longPress(press: nextPressID), after: timings.longPress))
        } else if repeats(key) {
            effects.append(.schedule(.repeatKey(press: nextPressID), after: timings.repeatDelay))
        }
        return effects
    }

    /// A finger that slides off its key cancels it, or, from a letter key while glide is
    /// on, starts a stroke; over an open popup it selects; along the space bar it moves the
    /// cursor.
    /// `time`: the move's time in the compositor's milliseconds, nil when unknown (strokes
    /// are then read by their shape alone).
    public mutating func move(
        _ source: PressSource, to point: Point, time: UInt64? = nil, in geometry: PanelGeometry
    ) -> [Effect] {
        guard let p = pressed[source] else { return [] }
        if popupOwner == source, var open = popup {
            let selected = open.item(at: point, keyFrame: geometry.keys[p.key].frame)
            guard selected != open.selected else { return [] }
            open.selected = selected
            popup = open
            return [.showPopup(open)]
        }
        let sincePress = time.map { Double(Self.elapsed(from: p.time, to: $0)) }
        if case .stroke(var trace) = p.mode {
            trace.append(point, time: sincePress)
            pressed[source]?.mode = .stroke(trace)
            trail = Array(trace.points.suffix(Self.trailLength))
            return [.trailMoved]
        }
        if geometry.keys[p.key].key.action == .space {
            return moveCursor(source, p, to: point)
        }
        if geometry.keys[p.key].cell.contains(point) { return [] }
        if glides, p.mode == .tap, popup == nil, geometry.keys[p.key].key.letter != nil {
            pressed[source]?.mode = .stroke(GlideTrace(points: [p.origin, point], times: sincePress.map { [0, $0] }))
            trail = [p.origin, point]
            return [.redrawKeys([p.key])] + endPreview(source) + [.strokeStarted]
        }
        pressed[source] = nil
        return [.redrawKeys([p.key])] + endPreview(source)
    }

    /// The trail goes with its stroke.
    mutating func endTrail() -> [Effect] {
        guard !trail.isEmpty else { return [] }
        trail = []
        return [.trailMoved]
    }

    /// Dragging the space bar: one arrow key per step, no space typed.
    mutating func moveCursor(_ source: PressSource, _ p: Press, to point: Point) -> [Effect] {
        let step = timings.cursorStep
        var from = p.origin.x
        if case .cursor(let x) = p.mode {
            from = x
        } else if abs(point.x - p.origin.x) < step {
            return []
        }
        var effects: [Effect] = []
        while abs(point.x - from) >= step {
            let right = point.x > from
            effects.append(.key(right ? "Right" : "Left", []))
            from += right ? step : -step
        }
        pressed[source]?.mode = .cursor(x: from)
        return effects
    }

    /// Releasing over the pressed key activates it.
    public mutating func release(_ source: PressSource, time: UInt64, in geometry: PanelGeometry) -> [Effect] {
        guard let p = pressed.removeValue(forKey: source) else { return [] }
        var effects: [Effect] = [.redrawKeys([p.key])] + endPreview(source)
        if popupOwner == source, let open = popup {
            popup = nil
            popupOwner = nil
            effects.append(.closePopup)
            // The timer ran before the release was read, but by the events' own times the
            // finger lifted before a popup was due (the compositor was busy between them):
            // a tap, whatever the popup showed.
            if open.kind != .preview, Self.elapsed(from: p.time, to: time) < timings.longPress {
                return effects + activate(geometry.keys[p.key].key, time: time)
            }
            guard let i = open.selected else { return effects }
            switch open.kind {
            case .alternates: return effects + typeText(open.values[i])
            case .keyboards where i < modeChoices.count: return effects + [.panelMode(modeChoices[i].mode)]
            case .keyboards: return effects + [.pickKeyboard(open.values[i])]
            case .preview: return effects
            }
        }
        switch p.mode {
        case .repeating, .cursor: return effects
        case .modifier: return effects + [.redrawAll]
        case .stroke(let trace):
            // A stroke that stays about its key is a tap that wobbled: it types the key.
            if let keys = GlideKeys(geometry: geometry),
                GlideDecoder.length(of: trace.points, keys: keys) < GlideDecoder.shortestStroke
            {
                return effects + endTrail() + activate(geometry.keys[p.key].key, time: time)
            }
            return effects + endTrail() + [.stroke(trace)]
        case .tap, .long: return effects + activate(geometry.keys[p.key].key, time: time)
        }
    }

    /// Forgets, without typing them, the presses on keys from index `first` on (keys that
    /// go) and a press that owns a popup (it stood over keys that move); the others stay:
    /// their keys keep their index.
    public mutating func cancelPresses(fromKey first: Int) -> [Effect] {
        let gone = pressed.filter { $0.value.key >= first || popupOwner == $0.key }.map(\.key)
        return gone.flatMap { cancel($0) }
    }

    /// Held presses on keys a new layout of the panel (`new`, after `old`) no longer has at
    /// their index (fewer fit after a resize, its layer has fewer, other keys came in their
    /// place) end as if cancelled: nothing is typed. The others keep their key's index.
    public mutating func endPresses(lostFrom old: PanelGeometry, in new: PanelGeometry) -> [Effect] {
        let count = new.keys.count
        func lost(_ i: Int) -> Bool { i >= count || !old.keys.indices.contains(i) || old.keys[i].key != new.keys[i].key }
        guard pressed.values.contains(where: { lost($0.key) }) else { return [] }
        let gone = pressed.filter { lost($0.value.key) || popupOwner == $0.key }.map(\.key)
        return gone.flatMap { cancel($0) }.compactMap { effect in
            guard case .redrawKeys(let keys) = effect else { return effect }
            let shown = keys.filter { $0 < count }
            return shown.isEmpty ? nil : .redrawKeys(shown)
        }
    }

    /// A touch sequence cancelled by the compositor: nothing is typed.
    public mutating func cancel(_ source: PressSource) -> [Effect] {
        guard let p = pressed.removeValue(forKey: source) else { return [] }
        var effects: [Effect] = [.redrawKeys([p.key])] + endPreview(source)
        if case .stroke = p.mode { effects += endTrail() }
        if popupOwner == source {
            popup = nil
            popupOwner = nil
            effects.append(.closePopup)
        }
        return effects
    }

    mutating func endPreview(_ source: PressSource) -> [Effect] {
        guard previewOwner == source else { return [] }
        previewOwner = nil
        return [.hidePreview]
    }

    public mutating func timerFired(_ timer: KeyTimer, time: UInt64, in geometry: PanelGeometry) -> [Effect] {
        switch timer {
        case .longPress(let id):
            guard let (source, p) = pressed.first(where: { $0.value.id == id }), popup == nil, p.mode == .tap else {
                return []
            }
            pressed[source]?.mode = .long
            let placed = geometry.keys[p.key]
            // A long press on Paste opens the clipboard history (where it is on and holds
            // something; else the release pastes as a tap would).
            if placed.key.action == .toolbar(.paste) { return endPreview(source) + [.clipboard(.open)] }
            let open: Popup
            if placed.key.action == .nextKeyboard {
                guard !keyboards.isEmpty else { return [] }
                let modes = modeChoices.map { (name: "", displayName: $0.label) }
                // The modes on top: the keyboards stay where they were, nearest the finger.
                open = .keyboards(modes + keyboards, current: currentKeyboard, above: placed, panelWidth: geometry.width)
            } else {
                let items = placed.key.alternates.map { isShifted ? upper($0) : $0 }
                open = .alternates(items, above: placed, panelWidth: geometry.width)
            }
            popup = open
            popupOwner = source
            return endPreview(source) + [.showPopup(open)]
        case .repeatKey(let id):
            guard let (source, p) = pressed.first(where: { $0.value.id == id }) else { return [] }
            let repeated: Int
            switch p.mode {
            case .tap: repeated = 0
            case .repeating(let n): repeated = n
            default: return []
            }
            pressed[source]?.mode = .repeating(repeated + 1)
            let key = geometry.keys[p.key].key
            let effects =
                key.action == .backspace && repeated >= timings.repeatsBeforeWords
                ? [Effect.deleteWordBackward] : activate(key, time: time, repeated: true)
            return effects + [.schedule(.repeatKey(press: id), after: timings.repeatInterval)]
        }
    }
}

extension KeyboardState {
    /// Milliseconds between two event times, which are 32 bits wide and wrap.
    static func elapsed(from start: UInt64, to end: UInt64) -> UInt64 {
        UInt64(UInt32(truncatingIfNeeded: end &- start))
    }

    /// Emoji keys get no bubble, as on phone keyboards: the emoji is its own picture, and
    /// each emoji at bubble size would stay in Cairo's glyph cache.
    static func isPictograph(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return false }
        return first.properties.isEmojiPresentation || (first.properties.isEmoji && scalars.next()?.value == 0xFE0F)
    }
}
