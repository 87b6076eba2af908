import Glibc
import TapboardCore
import TapboardRender
import TapboardSystem
import TapboardWayland

/// Wires the Wayland objects to the controller and carries out what it decides: events
/// in, commands out (`perform`); the panel's surfaces are the presenter's. Every decision
/// lives in `Controller` (TapboardCore).
final class App {
    let display: Display
    let loop: EventLoop
    /// input-method-v2 or v1, whichever the compositor has (v2 first).
    var inputMethod: TextInputMethod?
    var virtualKeyboard: VirtualKeyboard?
    /// The seat's clipboard, where the compositor offers wlr-data-control (the toolbar's Paste).
    var clipboard: Clipboard?
    var controller: Controller
    #if DEBUG
    /// Debug builds check every batch of commands as the tests' command host does.
    var commandRules = CommandRules()
    #endif
    /// The seat's presses, routed to the controller.
    private(set) var router: PressRouter!
    /// The panel's surfaces and what is drawn in them.
    let presenter: PanelPresenter
    /// The dictionaries behind the suggestions (nil when they are off).
    let suggestionStore: SuggestionStore?
    /// Loop tokens of the controller's timers.
    var timers: [ControllerTimer: Int] = [:]
    /// Panels made in a row to replace closed ones, without a configure in between.
    var panelReplacements = 0
    /// Text or keys went to the compositor's buffer since the last flush (`beforeSleep` sends them first).
    var textUnsent = false
    /// Text and keys held until the client shows the last commit.
    var pacing = CommitPacing()
    /// Sends what `pacing` holds once its wait is over.
    var pacingTimer: Int?
    /// sm.puri.OSK0 on the session bus; nil without a bus.
    var osk: OSKService?
    /// A SetVisible call came over D-Bus: the desktop shows and hides the panel (handle = auto).
    var busDrivesVisibility = false
    /// feedbackd's haptics and sound on key presses; nil: off or no session bus.
    var feedback: Feedback?

    init(
        display: Display, store: LayoutStore, layouts: [Layout], settings: Settings, theme: Theme = .dark,
        startHidden: Bool, outputName: String? = nil
    ) throws(WaylandError) {
        // First: it sets how glibc allocates before the dictionaries load.
        let heapTrim = HeapTrim()
        self.display = display
        guard display.layerShell != nil || display.inputPanel != nil else {
            // weston and KWin have a panel of their own only for the input method they start.
            throw WaylandError(tr("the compositor lacks zwlr_layer_shell_v1 (wlr-layer-shell): cannot show a panel"))
        }
        guard display.shm != nil, display.compositor != nil else {
            throw WaylandError("the compositor lacks wl_shm or wl_compositor")
        }
        let textInput = display.inputMethodManager != nil || display.inputMethodV1 != nil
        if !textInput && display.virtualKeyboardManager == nil {
            throw WaylandError(
                tr(
                    "the compositor lacks both zwp_input_method_manager_v2 and zwp_virtual_keyboard_manager_v1: "
                        + "nothing could be typed"))
        }
        if !textInput {
            printError(
                "tapboard: "
                    + tr(
                        "the compositor lacks zwp_input_method_manager_v2 (input-method-v2): "
                            + "typing through the virtual keyboard only"))
        } else if display.virtualKeyboardManager == nil && display.inputMethodV1 == nil {
            printError(
                "tapboard: "
                    + tr("the compositor lacks zwp_virtual_keyboard_manager_v1: arrows, Tab and key combinations will not work"))
        }
        suggestionStore = settings.suggestions ? SuggestionStore(dictionaries: DictionaryStore(layouts: store)) : nil
        controller = Controller(
            layouts: layouts, settings: settings, library: StoreLibrary(store: store),
            textInput: textInput, suggestions: suggestionStore,
            compositions: EngineOpener(
                dataDirectory: LearnedStore.directory, learning: settings.learn, dictionaries: DictionaryStore(layouts: store)),
            emojiNames: EmojiNameStore(layouts: store))
        controller.rememberFloatingPlaces(FloatingPlacesStore.load())
        loop = try EventLoop(display: display, signals: [SIGTERM, SIGINT, SIGUSR1, SIGUSR2, __libc_current_sigrtmin()])
        presenter = PanelPresenter(
            display: display, loop: loop, theme: theme, outputName: outputName,
            keyPreview: settings.keyPreview, exclusiveZone: settings.exclusiveZone, heapTrim: heapTrim)
        controller.labelMeasure = presenter.renderer
        router = PressRouter { [unowned self] call in self.perform(call(&self.controller)) }
        router.onHandle = { [unowned self] in self.handleTapped() }
        router.onPanelPress = { [unowned self] in self.feedback?.keyPressed() }
        display.onSeat = { [unowned self] seat in
            do { try self.attach(seat) } catch { printError("tapboard: \(error)") }
            // phoc 0.24: the panel waited for the seat.
            if self.controller.visible { self.showPanel(height: self.controller.wantedHeight) }
        }
        display.onSeatRemoved = { [unowned self] _ in self.detachSeat() }
        display.onOutputsChanged = { [unowned self] in self.outputsChanged() }
        attachPresenter()
        loop.onSignal = { [unowned self] signal in self.signal(signal) }
        // Text first: what the events sent goes out before the strip is worked out and drawn.
        // Without text (a press) the panel's frame goes out with the loop's own flush.
        loop.beforeSleep = { [unowned self] in
            self.inputMethod?.settle()
            self.display.seat?.endOfBurst()
            if self.textUnsent {
                self.display.flush()
                self.textUnsent = false
            }
            self.perform(self.controller.settle())
            self.osk?.announceVisibility()
            self.presenter.drawIfNeeded()
            self.updateHandle()
        }
        let o = presenter.outputSize
        perform(controller.outputChanged(width: o.width, height: o.height, name: presenter.output?.name))
        perform(controller.start(hidden: startHidden))
        // The panel's surface goes out first: the compositor configures it meanwhile.
        display.flush()
        if let seat = display.seat { try attach(seat) }
        if settings.feedback { startFeedbackSoon() }
    }

    /// Connects to the session bus for feedbackd once the loop runs: start-up does not wait for it.
    func startFeedbackSoon() {
        loop.schedule(after: 0) { [unowned self] in
            guard let f = Feedback.start() else { return }
            self.feedback = f
            self.loop.add(f)
        }
    }

    /// Creates the input method on the seat, and the virtual keyboard: after the first
    /// frame when the panel shows, else at once.
    func attach(_ seat: Seat) throws(WaylandError) {
        seat.handler = router
        // GTK 3 (and Firefox) enable text-input only on a seat with a wl_keyboard: on a
        // touch-only device ours is the seat's keyboard, so it must exist before any field
        // can bring the panel up, and it stays through hide and show.
        if !controller.visible { makeVirtualKeyboardSoon() }
        if inputMethod == nil, let im = makeInputMethod(on: seat) {
            im.onDone = { [unowned self, unowned im] change in
                self.perform(self.controller.fieldChanged(change, im.state.current))
                self.sendHeld()
            }
            // The object stays, inert: the controller stops using text-input.
            im.onUnavailable = { [unowned self] in self.perform(self.controller.inputMethodUnavailable()) }
            inputMethod = im
            controller.deletesAsEdits = im is InputMethodV1
        }
        attachClipboard(seat)
    }

    /// input-method-v2 on the seat where the compositor has it, else v1 (weston, KWin).
    func makeInputMethod(on seat: Seat) -> TextInputMethod? {
        if let manager = display.inputMethodManager { return InputMethod(manager: manager, seat: seat) }
        return display.inputMethodV1.map { InputMethodV1(proxy: $0) }
    }

    /// The seat went: what was made on it goes too (its presses were cancelled). v1's
    /// input method belongs to no seat: it stays.
    func detachSeat() {
        detachClipboard()
        virtualKeyboard = nil
        if inputMethod is InputMethod { inputMethod = nil }
        perform(controller.fieldChanged(.deactivated, TextFieldState()))
    }

    func run() throws(WaylandError) {
        defer { shutdown() }
        try loop.run()
    }

    /// Releases keys and destroys every protocol object before the connection goes.
    func shutdown() {
        perform(controller.hide())
        perform(controller.learnedToSave())
        inputMethod = nil
        virtualKeyboard = nil
        clipboard = nil
        display.onSeat = nil
        display.onSeatRemoved = nil
        display.onOutputsChanged = nil
        display.seat?.handler = nil
        presenter.handle = nil
        display.flush()
    }

    func signal(_ signal: Int32) {
        switch signal {
        case SIGUSR1: perform(controller.hide())
        case SIGUSR2: perform(controller.show())
        case SIGTERM, SIGINT: loop.stop()
        default: perform(controller.toggle())
        }
    }

    // MARK: commands

    func perform(_ commands: [Command]) {
        #if DEBUG
        let takesText = controller.textInputUsable && controller.field.active
        for rule in commandRules.broken(by: commands, fieldTakesText: takesText) {
            printError("tapboard: debug check: \(rule)")
        }
        #endif
        // Whether this batch's text and keys wait: asked at its first one (most batches have none).
        var hold: Bool?
        var committed = false
        for c in commands {
            if c.reachesField {
                if hold == nil { hold = pacing.mustHold(now: EventLoop.now(), text: controller.text) }
                if hold == true {
                    pacing.hold(c)
                    continue
                }
                committed = committed || c.commitsText
            }
            perform(c)
        }
        if committed { pacing.committed(now: EventLoop.now(), text: controller.text) }
        if !pacing.held.isEmpty, pacingTimer == nil {
            // A millisecond past the deadline, so that the wait is over when it fires.
            pacingTimer = loop.schedule(after: pacing.timeLeft(now: EventLoop.now()) + 1) { [unowned self] in
                self.pacingTimer = nil
                self.sendHeld()
            }
        }
    }

    /// Sends the text and keys `pacing` held, once the client has shown the last commit or
    /// the wait is over.
    func sendHeld() {
        let now = EventLoop.now()
        let held = pacing.release(now: now, text: controller.text)
        guard !held.isEmpty else { return }
        loop.cancel(pacingTimer)
        pacingTimer = nil
        for c in held { perform(c) }
        if held.contains(where: \.commitsText) { pacing.committed(now: now, text: controller.text) }
    }

    func perform(_ command: Command) {
        let time = UInt32(truncatingIfNeeded: EventLoop.now())
        switch command {
        case .edit(let edit):
            inputMethod?.send(edit)
            textUnsent = true
        case .typeKeys(let text):
            if let virtualKeyboard {
                virtualKeyboard.type(text, time: time)
            } else if let inputMethod, inputMethod.isActive, inputMethod is InputMethodV1 {
                // No virtual keyboard beside input-method-v1 (weston, KWin): its keysyms and
                // text go out in one ordered stream, so text cannot overtake a key.
                inputMethod.send(TextEdit(insert: text))
            }
            textUnsent = true
        case .preedit(let text, let cursor):
            inputMethod?.setPreedit(text, cursor: cursor)
            textUnsent = true
        case .key(let sym, let mods):
            if let virtualKeyboard {
                virtualKeyboard.press(keysymNamed: sym, modifiers: mods, time: time)
            } else {
                _ = inputMethod?.pressKey(named: sym, modifiers: mods, time: time)
            }
            textUnsent = true
        case .redraw(let keys): presenter.redraw(keys)
        case .showPanel(let height): showPanel(height: height)
        case .hidePanel: hidePanel()
        case .setPanelHeight(let height): presenter.setPanelHeight(height)
        case .placePanel(let place): presenter.placePanel(place)
        case .saveFloatingPlaces(let places): FloatingPlacesStore.save(places)
        case .schedule(let timer, let ms):
            loop.cancel(timers[timer])
            timers[timer] = loop.schedule(after: ms) { [unowned self] in
                self.timers[timer] = nil
                self.perform(self.controller.timerFired(timer, time: EventLoop.now()))
            }
        case .cancel(let timer):
            loop.cancel(timers.removeValue(forKey: timer))
        case .showPopup(let popup): presenter.showPopup(popup)
        case .closePopup: presenter.closePopup()
        case .showPreview(let bubble): presenter.showPreview(bubble)
        case .hidePreview: presenter.hidePreview()
        case .keyboardShown(let layout):
            virtualKeyboard?.releaseAll()
            virtualKeyboard?.prepare(for: layout)
        case .paste: paste()
        case .say(let line): printError("tapboard: \(line)")
        case .saveLearned(let language, let words): LearnedStore.save(words, language: language)
        }
    }
}

/// The layout store as the controller sees it.
struct StoreLibrary: LayoutLibrary {
    let store: LayoutStore
    func isAvailable(_ name: String) -> Bool { store.path(of: name) != nil }
    func load(_ name: String) -> Result<Layout, LayoutLoadError> {
        store.load(name).mapError { LayoutLoadError($0.message) }
    }
}
