import Glibc
import TapboardCore
import TapboardRender
import TapboardWayland

/// Wires the keyboard logic to the Wayland objects: presses in, effects out.
final class App {
    let display: Display
    let loop: EventLoop
    let store: LayoutStore
    var inputMethod: InputMethod?
    var virtualKeyboard: VirtualKeyboard?
    let renderer = PanelRenderer()

    var selection: KeyboardSelection
    /// Keyboards loaded so far, by name.
    var loaded: [String: Layout]
    var keyboard: KeyboardState

    var panel: LayerSurface?
    var pool: BufferPool?
    var geometry: PanelGeometry?
    /// The layer `geometry` was computed for.
    var laidOutLayer: Layer?
    var popupSurface: PopupSurface?
    var popupPool: BufferPool?
    var keyBubble: KeyBubble?
    var previewPool: BufferPool?
    let settings: Settings
    /// A word for the return key in this field ("Go" for URLs), empty for the arrow.
    var returnLabel = ""
    var needsDraw = false
    var hideTimer: Int?
    /// Pending key timers (long press, repeat) and their loop tokens.
    var keyTimers: [KeyTimer: Int] = [:]
    /// The keyboard's name on the space bar after a switch, for a moment.
    var spaceLabel = ""
    var spaceLabelTimer: Int?
    /// Milliseconds to wait after a field loses focus before hiding (focus may move to another field).
    let hideDelay: UInt64 = 150
    /// The output the panel is pinned to (--output), by name.
    let outputName: String?
    /// The panel should be on screen (it waits for a seat, or replaces a closed one).
    var panelWanted = false
    /// Panels made in a row to replace closed ones, without a configure in between.
    var panelReplacements = 0

    init(display: Display, store: LayoutStore, layouts: [Layout], settings: Settings,
         startHidden: Bool, outputName: String? = nil) throws(WaylandError) {
        self.display = display
        self.outputName = outputName
        self.store = store
        self.settings = settings
        loaded = Dictionary(layouts.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        selection = KeyboardSelection(enabled: layouts.map(\.name))
        keyboard = KeyboardState(layout: layouts[0])
        keyboard.keyboards = layouts.map { ($0.name, $0.displayName) }
        keyboard.timings.longPress = settings.longPress
        keyboard.timings.repeatDelay = settings.repeatDelay
        keyboard.timings.repeatInterval = max(1000 / settings.repeatRate, 10)
        guard display.layerShell != nil else {
            throw WaylandError("the compositor lacks zwlr_layer_shell_v1 (wlr-layer-shell): cannot show a panel")
        }
        guard display.shm != nil, display.compositor != nil else {
            throw WaylandError("the compositor lacks wl_shm or wl_compositor")
        }
        if display.inputMethodManager == nil && display.virtualKeyboardManager == nil {
            throw WaylandError("the compositor lacks both zwp_input_method_manager_v2 and zwp_virtual_keyboard_manager_v1: nothing could be typed")
        }
        if display.inputMethodManager == nil {
            printError("tapboard: the compositor lacks zwp_input_method_manager_v2 (input-method-v2): typing through the virtual keyboard only")
        } else if display.virtualKeyboardManager == nil {
            printError("tapboard: the compositor lacks zwp_virtual_keyboard_manager_v1: arrows, Tab and key combinations will not work")
        }
        loop = try EventLoop(display: display, signals: [SIGTERM, SIGINT, SIGUSR1, SIGUSR2, __libc_current_sigrtmin()])
        if let seat = display.seat { try attach(seat) }
        display.onSeat = { [unowned self] seat in
            do { try self.attach(seat) } catch { printError("tapboard: \(error)") }
            if self.panelWanted { self.showPanel() }
        }
        display.onSeatRemoved = { [unowned self] _ in self.detachSeat() }
        display.onOutputsChanged = { [unowned self] in self.outputsChanged() }
        loop.onSignal = { [unowned self] signal in self.signal(signal) }
        loop.beforeSleep = { [unowned self] in self.drawIfNeeded() }
        showSelectedKeyboard()
        if !startHidden { showPanel() }
    }

    /// Creates the input method and the virtual keyboard on the seat.
    func attach(_ seat: Seat) throws(WaylandError) {
        seat.handler = self
        if let manager = display.virtualKeyboardManager {
            let vk = try VirtualKeyboard(manager: manager, seat: seat)
            vk.prepare(for: keyboard.layout)
            virtualKeyboard = vk
        }
        if let manager = display.inputMethodManager {
            let im = InputMethod(manager: manager, seat: seat)
            im.onDone = { [unowned self] change in self.inputMethodChanged(change) }
            im.onUnavailable = {
                printError("tapboard: another input method holds this seat; typing through the virtual keyboard only")
            }
            inputMethod = im
        }
    }

    /// The seat went: what was made on it goes too (its presses were cancelled).
    func detachSeat() {
        virtualKeyboard = nil
        inputMethod = nil
    }

    func run() throws(WaylandError) {
        defer { shutdown() }
        try loop.run()
    }

    /// Releases keys and destroys every protocol object before the connection goes.
    func shutdown() {
        hidePanel()
        inputMethod = nil
        virtualKeyboard = nil
        display.onSeat = nil
        display.onSeatRemoved = nil
        display.onOutputsChanged = nil
        display.seat?.handler = nil
        display.flush()
    }

    // MARK: signals and focus

    func signal(_ signal: Int32) {
        switch signal {
        case SIGUSR1: hidePanel()
        case SIGUSR2: showPanel()
        case SIGTERM, SIGINT: loop.stop()
        default: panel == nil ? showPanel() : hidePanel()
        }
    }

    func inputMethodChanged(_ change: InputMethodState.Change) {
        guard let field = inputMethod?.state.current else { return }
        switch change {
        case .activated, .updated:
            loop.cancel(hideTimer)
            hideTimer = nil
            if change == .activated || field.purpose != selection.purpose {
                selection.fieldChanged(purpose: field.purpose)
                showSelectedKeyboard()
                keyboard.previews = settings.keyPreview && field.purpose != .password
                    && !field.hints.contains(.hiddenText) && !field.hints.contains(.sensitiveData)
                returnLabel = field.purpose == .url ? "Go" : ""
                requestRedraw(nil)
            }
            if change == .activated { showPanel() }
            updateAutoShift()
        case .deactivated:
            loop.cancel(hideTimer)
            hideTimer = loop.schedule(after: hideDelay) { [unowned self] in
                self.hideTimer = nil
                if self.inputMethod?.isActive != true { self.hidePanel() }
            }
        case .none: break
        }
    }

    // MARK: keyboards

    /// A keyboard by name, loaded once; a failure is said when it happens.
    func layout(named name: String) -> Result<Layout, StoreError> {
        if let l = loaded[name] { return .success(l) }
        let result = store.load(name)
        switch result {
        case .success(let l): loaded[name] = l
        case .failure(let e): printError("tapboard: \(e)")
        }
        return result
    }

    /// Shows the keyboard the selection asks for (purpose, globe choice).
    func showSelectedKeyboard() {
        let wide = outputSize.width > outputSize.height
        let shown = selection.layout(wide: wide, isAvailable: { [store] in store.path(of: $0) != nil },
                                     load: layout(named:))
        guard case .success(let layout) = shown, layout != keyboard.layout else { return }
        virtualKeyboard?.releaseAll()
        keyboard.setLayout(layout)
        virtualKeyboard?.prepare(for: layout)
        relayout()
    }

    func switchKeyboard(_ change: (inout KeyboardSelection) -> Void) {
        let before = keyboard.layout.name
        change(&selection)
        showSelectedKeyboard()
        guard keyboard.layout.name != before else { return }
        spaceLabel = keyboard.layout.displayName
        loop.cancel(spaceLabelTimer)
        spaceLabelTimer = loop.schedule(after: 1200) { [unowned self] in
            self.spaceLabel = ""
            self.spaceLabelTimer = nil
            self.requestRedraw(nil)
        }
        requestRedraw(nil)
    }
}
