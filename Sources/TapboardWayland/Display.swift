import CWayland
import CWaylandProtocols
import Glibc
import TapboardCore

/// The connection and the globals tapboard binds.
public final class Display {
    public let display: OpaquePointer
    let registry: OpaquePointer
    private let listener: Listener<wl_registry_listener>

    public private(set) var compositor: OpaquePointer?
    public private(set) var subcompositor: OpaquePointer?
    public private(set) var shm: OpaquePointer?
    public private(set) var layerShell: OpaquePointer?
    public private(set) var inputMethodManager: OpaquePointer?
    public private(set) var virtualKeyboardManager: OpaquePointer?
    /// input-method-unstable-v1 (weston, KWin), offered only to the input method the
    /// compositor started; used where there is no input-method-v2.
    public private(set) var inputMethodV1: OpaquePointer?
    /// The panel's role where there is no layer shell (input-method-unstable-v1).
    public private(set) var inputPanel: OpaquePointer?
    /// The compositor started tapboard as its input method (it handed over the connection
    /// in WAYLAND_SOCKET): only then are the input-method-v1 globals bound, since weston
    /// kills any other client that binds them.
    public let startedByCompositor: Bool
    /// Clipboard access for the toolbar's Paste (wlr-data-control); nil where the compositor has none.
    public private(set) var dataControlManager: OpaquePointer?
    private var xdgOutputManager: OpaquePointer?
    /// For popups above the panel (alternates, the keyboard list).
    public private(set) var wmBase: OpaquePointer?
    private let wmListener = Listener(
        xdg_wm_base_listener(ping: { _, base, serial in
            xdg_wm_base_pong(base, serial)
        }))
    /// The seat in use: the first one announced. Others wait (unbound) in case it goes.
    public private(set) var seat: Seat?
    private var otherSeats: [(name: UInt32, version: UInt32)] = []
    private var saidSeveralSeats = false
    private var missingOutputSaid: Set<String> = []
    public private(set) var outputs: [Output] = []
    /// tapboard's own surfaces, for the seat to resolve what it points at.
    let surfaces = Surfaces()
    /// Called when a seat appears after start-up (phoc announces its seat only once
    /// an input device exists), or another replaces one that went.
    public var onSeat: ((Seat) -> Void)?
    /// Called when the seat in use goes, after its presses were cancelled and before
    /// it is destroyed: drop whatever was made on it.
    public var onSeatRemoved: ((Seat) -> Void)?
    /// Layer surfaces watching outputs come, change and go.
    var outputWatchers: [ObjectIdentifier: () -> Void] = [:]
    /// Called when an output is added, changes (after its `done`) or is removed.
    public var onOutputsChanged: (() -> Void)?

    /// Connects to $WAYLAND_SOCKET (a compositor that started us as its input method) or
    /// $WAYLAND_DISPLAY; the error is one line for the user.
    public init() throws(WaylandError) {
        // libwayland would log its own complaint first; say it once, ourselves.
        let name = getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
        // libwayland unsets WAYLAND_SOCKET once it has taken the connection from it.
        startedByCompositor = getenv("WAYLAND_SOCKET") != nil
        if !startedByCompositor, !name.hasPrefix("/"), getenv("XDG_RUNTIME_DIR") == nil {
            throw WaylandError("cannot connect to a Wayland compositor (XDG_RUNTIME_DIR is not set)")
        }
        guard let d = wl_display_connect(nil) else {
            throw WaylandError("cannot connect to a Wayland compositor (is WAYLAND_DISPLAY set?)")
        }
        display = d
        registry = wl_display_get_registry(d)
        listener = Listener(
            wl_registry_listener(
                global: { data, _, name, interface, version in
                    owner(data, as: Display.self).global(name: name, interface: String(cString: interface!), version: version)
                },
                global_remove: { data, _, name in
                    owner(data, as: Display.self).globalRemoved(name: name)
                }))
        wl_registry_add_listener(registry, listener.pointer, opaque(self))
        // Two round trips: globals, then the first events of what we bound (output modes).
        guard wl_display_roundtrip(d) >= 0, wl_display_roundtrip(d) >= 0 else {
            throw WaylandError("the compositor closed the connection during start-up")
        }
    }

    deinit {
        // Proxies go before the connection that owns them.
        seat = nil
        outputs = []
        for proxy in [
            compositor, subcompositor, shm, layerShell, inputMethodManager, virtualKeyboardManager, wmBase,
            xdgOutputManager, dataControlManager, inputPanel, inputMethodV1
        ] {
            if let proxy { wl_proxy_destroy(proxy) }
        }
        wl_registry_destroy(registry)
        wl_display_disconnect(display)
    }

    private func bind(_ name: UInt32, _ interface: UnsafePointer<wl_interface>, _ version: UInt32) -> OpaquePointer {
        OpaquePointer(wl_registry_bind(registry, name, interface, version))
    }

    private func global(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "wl_compositor":
            compositor = bind(name, wl_compositor_interface_address(), min(version, 4))
        case "wl_subcompositor":
            subcompositor = bind(name, wl_subcompositor_interface_address(), 1)
        case "wl_shm":
            shm = bind(name, wl_shm_interface_address(), 1)
        case "wl_seat":
            if seat == nil {
                useSeat(name: name, version: version)
            } else {
                otherSeats.append((name, version))
                if !saidSeveralSeats {
                    saidSeveralSeats = true
                    printError("tapboard: " + tr("the compositor has several seats; using the first"))
                }
            }
        case "wl_output":
            let o = Output(bind(name, wl_output_interface_address(), min(version, 4)), globalName: name)
            if let xdgOutputManager { o.attachXDG(manager: xdgOutputManager) }
            o.onChange = { [unowned self] _ in self.outputsChanged() }
            outputs.append(o)
        case "zxdg_output_manager_v1":
            let m = bind(name, zxdg_output_manager_v1_interface_address(), min(version, 3))
            xdgOutputManager = m
            for o in outputs { o.attachXDG(manager: m) }
        case "zwlr_layer_shell_v1":
            layerShell = bind(name, zwlr_layer_shell_v1_interface_address(), min(version, 4))
        case "zwp_input_method_manager_v2":
            inputMethodManager = bind(name, zwp_input_method_manager_v2_interface_address(), 1)
        case "zwp_input_method_v1" where startedByCompositor:
            inputMethodV1 = bind(name, zwp_input_method_v1_interface_address(), 1)
        case "zwp_input_panel_v1" where startedByCompositor:
            inputPanel = bind(name, zwp_input_panel_v1_interface_address(), 1)
        case "xdg_wm_base":
            let base = bind(name, xdg_wm_base_interface_address(), 1)
            xdg_wm_base_add_listener(base, wmListener.pointer, nil)
            wmBase = base
        case "zwp_virtual_keyboard_manager_v1":
            virtualKeyboardManager = bind(name, zwp_virtual_keyboard_manager_v1_interface_address(), 1)
        case "zwlr_data_control_manager_v1":
            // Version 1: the regular selection is all Paste needs.
            dataControlManager = bind(name, zwlr_data_control_manager_v1_interface_address(), 1)
        default: break
        }
    }

    private func useSeat(name: UInt32, version: UInt32) {
        let v = min(version, 5)
        let s = Seat(bind(name, wl_seat_interface_address(), v), name: name, version: v, surfaces: surfaces)
        seat = s
        onSeat?(s)
    }

    private func globalRemoved(name: UInt32) {
        otherSeats.removeAll { $0.name == name }
        if let s = seat, s.name == name {
            s.removed()
            onSeatRemoved?(s)
            seat = nil
            if !otherSeats.isEmpty {
                let next = otherSeats.removeFirst()
                useSeat(name: next.name, version: next.version)
            }
        }
        if outputs.contains(where: { $0.globalName == name }) {
            outputs.removeAll { $0.globalName == name }
            outputsChanged()
        }
    }

    private func outputsChanged() {
        // A watcher may close its panel and so remove others: look each up afresh.
        for id in Array(outputWatchers.keys) { outputWatchers[id]?() }
        onOutputsChanged?()
    }

    /// The output of this name, if the compositor has it now.
    public func output(named name: String) -> Output? {
        outputs.first { $0.name == name }
    }

    /// The output to pin a panel to (`name` nil: none, the compositor picks). A missing
    /// one is said in one line, once until it appears.
    public func panelOutput(named name: String?) -> Output? {
        guard let name else { return nil }
        if let o = output(named: name) {
            missingOutputSaid.remove(name)
            return o
        }
        if missingOutputSaid.insert(name).inserted {
            let names = outputs.compactMap(\.name).joined(separator: ", ")
            printError("tapboard: " + tr("no output \"%s\" (outputs: %s); the compositor picks one", name, "\(names)"))
        }
        return nil
    }

    func output(proxy: OpaquePointer?) -> Output? {
        outputs.first { $0.proxy == proxy }
    }

    /// Sends queued requests.
    public func flush() { wl_display_flush(display) }
}

public struct WaylandError: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension Display {
    /// A surface and its layer surface on the top layer of `output` (nil: where the compositor
    /// likes), under `namespace`; `what` names it in the error when the compositor cannot.
    func makeLayerSurface(
        on output: Output?, namespace: String, for what: String
    ) throws(WaylandError) -> (surface: OpaquePointer, layerSurface: OpaquePointer) {
        guard let compositor else { throw WaylandError("the compositor has no wl_compositor") }
        guard let layerShell else {
            throw WaylandError("the compositor lacks zwlr_layer_shell_v1 (wlr-layer-shell), which \(what) needs")
        }
        let surface = wl_compositor_create_surface(compositor)!
        let layer = zwlr_layer_shell_v1_get_layer_surface(
            layerShell, surface, output?.proxy, ZWLR_LAYER_SHELL_V1_LAYER_TOP.rawValue, namespace)!
        return (surface, layer)
    }
}

extension Display {
    /// A surface as input-method-unstable-v1's panel at the bottom centre of `output` (nil:
    /// the first); nil without an input panel global (bound only when the compositor
    /// started tapboard).
    func makeInputPanelSurface(
        on output: Output?
    ) throws(WaylandError) -> (surface: OpaquePointer, panelSurface: OpaquePointer)? {
        guard let inputPanel else { return nil }
        guard let compositor else { throw WaylandError("the compositor has no wl_compositor") }
        guard let output = output ?? outputs.first else {
            throw WaylandError("the compositor has no output to show the input panel on")
        }
        let surface = wl_compositor_create_surface(compositor)!
        let panel = zwp_input_panel_v1_get_input_panel_surface(inputPanel, surface)!
        zwp_input_panel_surface_v1_set_toplevel(panel, output.proxy, ZWP_INPUT_PANEL_SURFACE_V1_POSITION_CENTER_BOTTOM.rawValue)
        return (surface, panel)
    }
}
