/// The keyboard as the user meets it: which keyboard shows, when the panel comes and
/// goes, what each tap sends to the focused field. It takes events (the field's state,
/// presses, timers, the output's and the panel's size) and returns `Command`s; it owns
/// no Wayland object, so every rule here is testable without a compositor.
public struct Controller {
    public internal(set) var keyboard: KeyboardState
    public internal(set) var selection: KeyboardSelection
    public let settings: Settings
    /// The keyboards loaded so far.
    var keyboards: LoadedKeyboards
    /// The keyboard selection before a panel was opened (`back` restores it); nil: no panel open.
    var panelReturn: KeyboardSelection?
    /// The panel as last put on screen: wanted or not, the height asked, the keys laid out.
    var panel = ShownPanel()
    /// The output, the user's panel mode, a floating panel's places.
    var placement = PanelPlacement()
    /// The keyboard's name on the space bar for a moment after a switch.
    public internal(set) var spaceLabel = ""
    /// Key timers scheduled and not yet fired or cancelled.
    var keyTimers: Set<KeyTimer> = []
    /// The clipboard holds text that Paste can put in a field.
    public internal(set) var clipboardHasText = false
    /// The last text items copied (memory only), for the clipboard panel.
    public internal(set) var clipboardHistory: ClipboardHistory
    /// How wide the strip draws a candidate: the app's renderer measures with its font.
    public var labelMeasure: any LabelMeasure = EstimatedLabelWidth()

    // The text stages, in the order a text effect meets them (`TextStage`).
    /// Emoji search's query and results.
    var emojiSearchStage: EmojiSearchStage
    /// The composition, its preedit and an engine's candidates.
    @usableFromInline var compositionStage: CompositionStage
    /// The word being typed, the strip, learning.
    var wordStage: WordStage
    /// The focused field and what tapboard believes it holds.
    var fieldStage = FieldStage()

    /// Milliseconds to wait after a field loses focus before hiding (focus may move to another field).
    public static let hideDelay: UInt64 = 150
    /// Milliseconds the keyboard's name stays on the space bar.
    public static let spaceLabelTime: UInt64 = 1200

    /// `layouts`: the enabled keyboards, loaded, in globe order (at least one). Panels
    /// among them join the globe key's list, not its tap cycle.
    public init(
        layouts: [Layout], settings: Settings, library: any LayoutLibrary, textInput: Bool = true,
        suggestions: (any SuggestionLibrary)? = nil, compositions: (any CompositionOpener)? = nil,
        emojiNames: (any EmojiNameLibrary)? = nil
    ) {
        precondition(!layouts.isEmpty, "at least one keyboard")
        self.settings = settings
        emojiSearchStage = EmojiSearchStage(names: emojiNames)
        wordStage = WordStage(suggestions: suggestions)
        compositionStage = CompositionStage(opener: compositions)
        fieldStage.textInputUsable = textInput
        clipboardHistory = ClipboardHistory(enabled: settings.clipboardHistory)
        let layouts = layouts.map { settings.numberRow ? $0.addingNumberRow() : $0 }
        keyboards = LoadedKeyboards(layouts, library: library, numberRow: settings.numberRow)
        let keyboards = layouts.filter { !$0.isPanel }
        let cycle = keyboards.isEmpty ? layouts : keyboards
        selection = KeyboardSelection(enabled: cycle.map(\.name))
        keyboard = KeyboardState(layout: cycle[0])
        compositionStage.rulesChanged(for: cycle[0])
        keyboard.keyboards = (keyboards + layouts.filter(\.isPanel)).map { ($0.name, $0.displayName) }
        keyboard.timings.longPress = settings.longPress
        keyboard.timings.repeatDelay = settings.repeatDelay
        keyboard.timings.repeatInterval = max(1000 / settings.repeatRate, 10)
        keyboard.previews = settings.keyPreview
        placement.set(settings.startMode)
        keyboard.modeChoices = placement.modeChoices
    }

    /// Whether ASCII text tapboard knows is deleted by text-input edits rather than BackSpace
    /// keys: the app sets it for input-method-v1, whose keys reach a Qt field after the text
    /// sent behind them.
    public var deletesAsEdits: Bool {
        get { fieldStage.deletesAsEdits }
        set { fieldStage.deletesAsEdits = newValue }
    }

    /// The first keyboard, and the panel unless it starts hidden.
    public mutating func start(hidden: Bool) -> [Command] {
        var out = [Command.keyboardShown(keyboard.layout)] + showSelectedKeyboard()
        if !hidden { out += show() }
        return out
    }

    // MARK: visibility

    public mutating func show() -> [Command] {
        guard !visible else { return [] }
        let height = wantedHeight
        let place = wantedPlace
        let placing: [Command] = panel.shouldPlace(place) ? [.placePanel(place)] : []
        panel.show(asking: height)
        return placing + [.showPanel(height: height)]
    }

    /// Hides the panel; `byDone`: the toolbar's Done did (a touch in the field brings it back).
    public mutating func hide(byDone: Bool = false) -> [Command] {
        guard visible else {
            // Hidden again by other means (`tapboard hide`, Phosh): a touch leaves it hidden.
            panel.hide()
            return []
        }
        let cancelled = finishTyping() + translate(keyboard.cancelAll())
        fieldStage.focusMoving = false
        panel.hide(byDone: byDone)
        panel.bar = wantedBar
        return cancelled + cancelStaleTimers() + [.hidePanel]
    }

    public mutating func toggle() -> [Command] { visible ? hide() : show() }

    /// The compositor closed the panel's surface (its output went): held keys end, and
    /// a panel still wanted is made again, where the compositor likes.
    public mutating func panelClosed() -> [Command] {
        guard visible else { return [] }
        let cancelled = translate(keyboard.cancelAll()) + cancelStaleTimers()
        panel.hide()
        return cancelled + [.hidePanel] + show()
    }

    // MARK: sizes

    /// The panel's height for the shown keyboard on this output.
    public var wantedHeight: Int { wantedGeometry.height }

    /// The panel as it should be on this output: keys, and the strip and toolbar where they show.
    var wantedGeometry: PanelGeometry {
        PanelGeometry.forOutput(
            width: output.width, height: output.height, layout: keyboard.layout,
            layer: keyboard.layer, bar: wantedBar, size: settings.height, arrangement: arrangement, rows: panel.rows)
    }

    /// Where the keys lie across the panel: one-handed as the user chose, split on wide
    /// outputs where the settings say so (not while the candidates panel covers the keys).
    public var arrangement: KeyArrangement {
        guard compositionStage.candidatePanel == nil || panelMode == .floating else { return .full }
        return settings.arrangement(mode: panelMode, output: (output.width, output.height), layout: keyboard.layout)
    }

    /// Key rectangles for a panel of this size (the strip and toolbar as tall as they want to be).
    func makeGeometry(width: Int, height: Int) -> PanelGeometry {
        PanelGeometry(
            layer: keyboard.layer, width: width, height: height, stripHeight: wantedGeometry.barHeight,
            bar: wantedBar, arrangement: arrangement)
    }

    /// The output the panel is on has this logical size (first known, rotated, scaled,
    /// moved), and this name (nil: unknown).
    public mutating func outputChanged(width: Int, height: Int, name: String? = nil) -> [Command] {
        guard width > 0, height > 0, (width, height) != output || name != outputName else { return [] }
        placement.output = (width, height)
        placement.outputName = name
        panel.forgetAskedHeight()
        return showSelectedKeyboard() + resize()
    }

    /// The compositor configured the panel at this size.
    public mutating func panelConfigured(width: Int, height: Int) -> [Command] {
        guard visible, width > 0, height > 0 else { return [] }
        let geometry = makeGeometry(width: width, height: height)
        let before = panel.geometry
        panel.configured(geometry, layer: keyboard.layer.name)
        var out = endPressesOnLostKeys(before, geometry) + [.redraw(nil)]
        if height != wantedHeight { out += resize() }
        return out
    }

    /// Asks for the wanted height once (a compositor that gives another is believed), and
    /// for the wanted place where it changed.
    mutating func resize() -> [Command] {
        let place = wantedPlace
        var out: [Command] = panel.visible && panel.shouldPlace(place) ? [.placePanel(place)] : []
        let wanted = wantedHeight
        if panel.shouldAsk(wanted) { out.append(.setPanelHeight(wanted)) }
        return out
    }

    /// The configured panel's keys worked out again at its size; `layer`: the layer they
    /// are now for, nil: the one noted stays. Presses on keys it no longer has end.
    mutating func layOutKeysAgain(layer: String?) -> [Command] {
        guard let g = panel.geometry else { return [] }
        let geometry = makeGeometry(width: g.width, height: g.height)
        panel.relaidOut(geometry, layer: layer)
        return endPressesOnLostKeys(g, geometry)
    }

    /// Presses held on keys the panel's new `geometry` has not at their index end untyped
    /// (the others keep their key's index).
    private mutating func endPressesOnLostKeys(_ old: PanelGeometry?, _ geometry: PanelGeometry) -> [Command] {
        guard let old else { return [] }
        let ended = keyboard.endPresses(lostFrom: old, in: geometry)
        return ended.isEmpty ? [] : translate(ended) + cancelStaleTimers()
    }

    /// Keys move after a layer or keyboard switch; a shift change leaves them.
    mutating func relayout() -> [Command] {
        guard let g = panel.geometry else { return [] }
        var out: [Command] = []
        if keyboard.layer.name != panel.laidOutLayer || g.keys.isEmpty {
            out = layOutKeysAgain(layer: keyboard.layer.name)
            if searchingEmoji {
                // The search layer opened: a new query.
                emojiSearchStage.query = EmojiQuery()
                out += showEmojiResults()
            }
        }
        return out + [.redraw(nil)]
    }

    // MARK: keyboards

    mutating func load(_ name: String) -> Result<Layout, LayoutLoadError> {
        keyboards.load(name, clipboard: clipboardHistory.items)
    }

    /// Shows the keyboard the selection asks for (purpose, globe choice, wide output).
    mutating func showSelectedKeyboard() -> [Command] {
        let wide = output.width > output.height
        let chosen = selection
        let lib = keyboards
        let shown = chosen.layout(wide: wide, isAvailable: { lib.isAvailable($0) }, load: { self.load($0) })
        switch shown {
        case .failure(let e): return [.say(e.message)]
        case .success(let layout):
            guard layout != keyboard.layout else { return [] }
            let cancelled = finishTyping() + translate(keyboard.cancelAll())
            keyboard.setLayout(layout)
            compositionStage.rulesChanged(for: layout)
            wordStage.shown.show(wantsStrip)
            panel.bar = wantedBar
            let names = selection.enabled
            panel.rows = Layout.panelRows(for: layout, enabled: names) { lib.isAvailable($0) ? try? load($0).get() : nil }
            let relaidOut = layOutKeysAgain(layer: keyboard.layer.name)
            return cancelled + relaidOut + cancelStaleTimers() + [.keyboardShown(layout)] + resize() + [.redraw(nil)]
                + autoShift()
        }
    }

    mutating func switchKeyboard(_ change: (inout KeyboardSelection) -> Void) -> [Command] {
        let before = keyboard.layout.name
        change(&selection)
        var out = showSelectedKeyboard()
        guard keyboard.layout.name != before else { return out }
        spaceLabel = keyboard.layout.displayName
        out += [.cancel(.spaceLabel), .schedule(.spaceLabel, after: Self.spaceLabelTime), .redraw(nil)]
        return out
    }
}
