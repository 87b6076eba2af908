import Glibc
import TapboardCore
import TapboardRender
import TapboardWayland

/// Wires the keyboard logic to the Wayland objects: presses in, effects out.
final class App: PressHandler {
    let display: Display
    let loop: EventLoop
    var inputMethod: InputMethod?
    var virtualKeyboard: VirtualKeyboard?
    let renderer = PanelRenderer()
    var layouts: [Layout]
    var layoutIndex = 0
    var keyboard: KeyboardState

    var panel: LayerSurface?
    var pool: BufferPool?
    var geometry: PanelGeometry?
    /// The panel should be on screen (it may still wait for its first configure).
    var wantVisible: Bool
    var needsDraw = false
    var hideTimer: Int?
    /// Milliseconds to wait after a field loses focus before hiding (focus may move to another field).
    let hideDelay: UInt64 = 150

    init(display: Display, layouts: [Layout], startHidden: Bool) throws(WaylandError) {
        self.display = display
        self.layouts = layouts
        keyboard = KeyboardState(layout: layouts[0])
        wantVisible = !startHidden
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
        }
        loop.onSignal = { [unowned self] signal in self.signal(signal) }
        loop.beforeSleep = { [unowned self] in self.drawIfNeeded() }
        if wantVisible { showPanel() }
    }

    /// Creates the input method and the virtual keyboard on the seat.
    func attach(_ seat: Seat) throws(WaylandError) {
        seat.handler = self
        if let manager = display.virtualKeyboardManager {
            virtualKeyboard = try VirtualKeyboard(manager: manager, seat: seat)
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

    func run() throws(WaylandError) {
        defer { shutdown() }
        try loop.run()
    }

    /// Releases keys and destroys every protocol object before the connection goes.
    func shutdown() {
        _ = keyboard.cancelAll()
        virtualKeyboard?.releaseAll()
        panel = nil
        pool = nil
        geometry = nil
        inputMethod = nil
        virtualKeyboard = nil
        display.onSeat = nil
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
        switch change {
        case .activated, .updated:
            loop.cancel(hideTimer)
            hideTimer = nil
            if change == .activated { showPanel() }
        case .deactivated:
            loop.cancel(hideTimer)
            hideTimer = loop.schedule(after: hideDelay) { [unowned self] in
                self.hideTimer = nil
                if self.inputMethod?.isActive != true { self.hidePanel() }
            }
        case .none: break
        }
    }

    // MARK: panel

    var outputSize: (width: Int, height: Int) {
        if let o = display.outputs.first, o.logicalSize.width > 0 { return o.logicalSize }
        return (720, 1280)
    }

    var scale: Int { max(Int(display.outputs.first?.scale ?? 1), 1) }

    func panelHeight() -> Int {
        let o = outputSize
        return PanelGeometry.forOutput(width: o.width, height: o.height, layout: keyboard.layout, layer: keyboard.layer).height
    }

    func showPanel() {
        wantVisible = true
        guard panel == nil, let shm = display.shm else { return }
        do {
            let p = try LayerSurface(display: display, height: panelHeight())
            p.onConfigure = { [unowned self] in self.configured() }
            p.onClosed = { [unowned self] in self.hidePanel() }
            panel = p
            pool = BufferPool(shm: shm)
        } catch {
            printError("tapboard: \(error)")
        }
    }

    func hidePanel() {
        wantVisible = false
        for effect in keyboard.cancelAll() { apply(effect) }
        virtualKeyboard?.releaseAll()
        panel = nil
        pool = nil
        geometry = nil
    }

    func configured() {
        relayout()
    }

    /// Recomputes key rectangles for the current layer and panel size.
    func relayout() {
        guard let p = panel, p.isConfigured else { return }
        let o = outputSize
        let g = PanelGeometry.forOutput(width: p.width, height: o.height, layout: keyboard.layout, layer: keyboard.layer)
        if g.height != p.height {
            // The compositor gave another height (or the layout has more rows): ask again.
            p.setHeight(g.height)
            p.commit()
        }
        geometry = PanelGeometry(layer: keyboard.layer, width: p.width, height: p.height)
        pool?.invalidate(nil)
        needsDraw = true
    }

    func requestRedraw(_ keys: [Int]?) {
        pool?.invalidate(keys)
        needsDraw = true
    }

    func drawIfNeeded() {
        guard needsDraw, let p = panel, p.isConfigured, !p.waitingForFrame, let g = geometry, let pool else { return }
        guard let buffer = pool.next(width: g.width * scale, height: g.height * scale, scale: scale) else { return }
        let look = PanelAppearance(highlighted: keyboard.highlighted, shift: keyboard.shift,
                                   modifiers: keyboard.latched)
        let stale = buffer.staleKeys
        renderer.draw(g, look, on: buffer.canvas, only: stale.map { Array($0) })
        buffer.staleKeys = []
        let damage = stale.map { keys in
            keys.map { i in
                let c = g.keys[i].cell
                return (Int(c.x), Int(c.y), Int(c.width.rounded(.up)), Int(c.height.rounded(.up)))
            }
        }
        p.present(buffer, scale: scale, damage: damage)
        needsDraw = false
    }

    // MARK: presses

    func pressed(_ source: PressSource, surface: OpaquePointer, at point: Point, time: UInt32) {
        guard let g = geometry, surface == panel?.surface else { return }
        for e in keyboard.press(source, at: point, in: g) { apply(e) }
    }

    func moved(_ source: PressSource, to point: Point) {
        guard let g = geometry else { return }
        for e in keyboard.move(source, to: point, in: g) { apply(e) }
    }

    func released(_ source: PressSource, time: UInt32) {
        guard let g = geometry else { return }
        for e in keyboard.release(source, time: UInt64(time), in: g) { apply(e) }
    }

    func cancelled(_ source: PressSource) {
        for e in keyboard.cancel(source) { apply(e) }
    }

    // MARK: effects

    func apply(_ effect: Effect) {
        switch effect {
        case .redrawKeys(let keys): requestRedraw(keys)
        case .redrawAll:
            if geometry != nil, let p = panel {
                geometry = PanelGeometry(layer: keyboard.layer, width: p.width, height: p.height)
            }
            requestRedraw(nil)
        case .nextKeyboard: switchLayout(to: (layoutIndex + 1) % layouts.count)
        case .hide: hidePanel()
        case .commitText, .deleteBackward, .enter, .key: submit(effect)
        }
    }

    func submit(_ effect: Effect) {
        let field = inputMethod.flatMap { $0.isActive ? $0.state.current : nil }
        let time = UInt32(truncatingIfNeeded: EventLoop.now())
        for output in Submission.plan(effect, field: field) {
            switch output {
            case .edit(let edit): inputMethod?.send(edit)
            case .typeKeys(let text): virtualKeyboard?.type(text, time: time)
            case .key(let sym, let mods): virtualKeyboard?.press(keysymNamed: sym, modifiers: mods, time: time)
            }
        }
    }

    func switchLayout(to index: Int) {
        virtualKeyboard?.releaseAll()
        layoutIndex = index
        keyboard.setLayout(layouts[index])
        if let p = panel, p.isConfigured { relayout() } else { requestRedraw(nil) }
    }
}
