import CWayland
import CWaylandProtocols
import TapboardCore

/// The panel's wl_surface as a layer surface on the bottom edge of an output, or floating
/// at a place of its own.
/// Follows the protocol's order: first commit without a buffer, wait for `configure`,
/// ack it, then attach buffers.
/// Where the compositor started tapboard as its input-method-unstable-v1 input method
/// (weston, KWin), the surface is an input panel surface instead, even beside a layer shell
/// (KWin has one, and takes a touch on a layer surface for a focus change that ends the
/// field's input method): the compositor puts it at the bottom centre of the output and
/// shows it while a field has focus; it sends no configure, so the panel configures itself
/// as wide as the output, after a round trip.
public final class LayerSurface {
    let surface: OpaquePointer
    /// The layer surface; nil for an input panel surface.
    let layerSurface: OpaquePointer?
    /// The input panel surface, where there is no layer shell.
    let panelSurface: OpaquePointer?
    private var selfConfigure: OpaquePointer?
    private unowned let display: Display
    private var listener: Listener<zwlr_layer_surface_v1_listener>!
    private var surfaceListener: Listener<wl_surface_listener>!
    /// Buffer scale last set (it is double-buffered state; send it only on change).
    private var bufferScale: Int32 = 1

    /// Size the compositor gave us, in logical pixels; 0 until the first configure.
    public private(set) var width = 0
    public private(set) var height = 0
    public var isConfigured: Bool { width > 0 && height > 0 }
    /// The height last asked for. A compositor may configure another (it clamps):
    /// that is accepted, and the same height is not asked for again.
    public private(set) var requestedHeight = 0
    /// Docked along the bottom edge, or floating (anchored top left, placed by its margins).
    public private(set) var place = PanelPlace.docked
    /// Places asked and not yet known to be applied: each with the sync callback after it.
    private var placing: [(callback: OpaquePointer, place: PanelPlace)] = []
    private var syncListener: Listener<wl_callback_listener>!
    private let selfConfigureListener = Listener(
        wl_callback_listener(done: { data, _, _ in owner(data, as: LayerSurface.self).configuredSelf() }))

    /// The panel takes its height off the output's usable area (windows move up); false:
    /// exclusive zone 0, it lies over them.
    public let exclusive: Bool
    /// The output given to get_layer_surface; nil: the compositor chose.
    public let pinnedOutput: Output?
    /// Outputs the surface is on (wl_surface.enter/leave), oldest first.
    private var entered: [OpaquePointer] = []
    /// What `onOutputChange` last reported.
    private var reported: (output: ObjectIdentifier?, state: Output.State?) = (nil, nil)

    public var onConfigure: (() -> Void)?
    /// The compositor closed the surface, or the output it was pinned to went away:
    /// destroy it (and make another if the panel is still wanted).
    public var onClosed: (() -> Void)?
    /// The panel's output changed, or that output's size, scale or transform did.
    public var onOutputChange: (() -> Void)?
    /// The compositor took a place asked for (a round trip after the commit that asked):
    /// pointer and touch coordinates from then on are relative to it.
    public var onPlaced: ((PanelPlace) -> Void)?

    /// A panel of this height on `output` (nil: where the compositor likes), at `place`;
    /// `exclusive`: a docked panel makes windows make room for it, else it lies over them
    /// (a floating one always does).
    public init(
        display: Display, height: Int, place: PanelPlace = .docked, output: Output? = nil, exclusive: Bool = true
    ) throws(WaylandError) {
        self.display = display
        self.exclusive = exclusive
        pinnedOutput = output
        if let panel = try display.makeInputPanelSurface(on: output) {
            (surface, panelSurface) = panel
            layerSurface = nil
        } else {
            // "osk": phoc raises the layer surface of that name above its lock screen (on the
            // overlay layer), so that a password can be typed there; squeekboard uses it too.
            (surface, layerSurface) = try display.makeLayerSurface(on: output, namespace: "osk", for: "the panel")
            panelSurface = nil
        }
        listener = Listener(
            zwlr_layer_surface_v1_listener(
                configure: { data, layer, serial, width, height in
                    let s = owner(data, as: LayerSurface.self)
                    zwlr_layer_surface_v1_ack_configure(layer, serial)
                    s.width = Int(width)
                    s.height = Int(height)
                    s.onConfigure?()
                },
                closed: { data, _ in owner(data, as: LayerSurface.self).onClosed?() }))
        if let layerSurface { zwlr_layer_surface_v1_add_listener(layerSurface, listener.pointer, opaque(self)) }
        surfaceListener = Listener(
            wl_surface_listener(
                enter: { data, _, output in
                    guard let output else { return }
                    let s = owner(data, as: LayerSurface.self)
                    s.entered.removeAll { $0 == output }
                    s.entered.append(output)
                    s.checkOutput()
                },
                leave: { data, _, output in
                    let s = owner(data, as: LayerSurface.self)
                    s.entered.removeAll { $0 == output }
                    s.checkOutput()
                }))
        wl_surface_add_listener(surface, surfaceListener.pointer, opaque(self))
        display.surfaces.register(surface) { .panel }
        display.outputWatchers[ObjectIdentifier(self)] = { [unowned self] in self.outputsChanged() }
        syncListener = Listener(
            wl_callback_listener(done: { data, callback, _ in
                guard let callback else { return }
                owner(data, as: LayerSurface.self).placeApplied(callback)
            }))
        self.place = place
        setHeight(height)
        if let layerSurface { zwlr_layer_surface_v1_set_keyboard_interactivity(layerSurface, 0) }
        wl_surface_commit(surface)
        reportWhenApplied(place)
        reported = (self.output.map(ObjectIdentifier.init), self.output?.applied)
    }

    deinit {
        for p in placing { wl_callback_destroy(p.callback) }
        if let selfConfigure { wl_callback_destroy(selfConfigure) }
        display.outputWatchers[ObjectIdentifier(self)] = nil
        display.surfaces.unregister(surface)
        if let layerSurface { zwlr_layer_surface_v1_destroy(layerSurface) }
        if let panelSurface { zwp_input_panel_surface_v1_destroy(panelSurface) }
        wl_surface_destroy(surface)
    }

    /// The output the panel is on: the one it entered last, else the one it was
    /// pinned to, else the first the compositor has.
    public var output: Output? {
        for proxy in entered.reversed() {
            if let o = display.output(proxy: proxy) { return o }
        }
        if let pinnedOutput, display.outputs.contains(where: { $0 === pinnedOutput }) { return pinnedOutput }
        return display.outputs.first
    }

    private func outputsChanged() {
        // Drop outputs that went away (no leave comes for a destroyed wl_output).
        entered.removeAll { display.output(proxy: $0) == nil }
        if let pinnedOutput, !display.outputs.contains(where: { $0 === pinnedOutput }) {
            onClosed?()
            return
        }
        checkOutput()
    }

    private func checkOutput() {
        let o = output
        let now = (o.map(ObjectIdentifier.init), o?.applied)
        guard now.0 != reported.output || now.1 != reported.state else { return }
        reported = now
        onOutputChange?()
    }

    /// Asks for a panel of this height: docked, full width, moving windows up by as much
    /// (or, not `exclusive`, lying over them); floating, as wide as its place says.
    /// Asks only once for a height (see `requestedHeight`); true if it asked.
    @discardableResult
    public func setHeight(_ height: Int) -> Bool {
        guard height != requestedHeight else { return false }
        requestedHeight = height
        askForShape()
        return true
    }

    /// Docks the panel or floats it at a place; commits, and reports the place taken
    /// through `onPlaced` once the compositor has dealt with the commit.
    public func setPlace(_ place: PanelPlace) {
        self.place = place
        askForShape()
        commit()
        reportWhenApplied(place)
    }

    /// A round trip after the commit asking for `place`: its end reports the place taken.
    private func reportWhenApplied(_ place: PanelPlace) {
        let callback = wl_display_sync(display.display)!
        wl_callback_add_listener(callback, syncListener.pointer, opaque(self))
        placing.append((callback, place))
    }

    private func placeApplied(_ callback: OpaquePointer) {
        guard let i = placing.firstIndex(where: { $0.callback == callback }) else { return }
        let done = placing.remove(at: i)
        wl_callback_destroy(callback)
        onPlaced?(done.place)
    }

    /// Anchors, size, margins and exclusive zone for `place` and `requestedHeight`. A
    /// floating panel is anchored to the top left corner, its margins its place; with two
    /// adjacent edges anchored the protocol ignores an exclusive zone: it is 0, so windows
    /// keep their size.
    private func askForShape() {
        let height = UInt32(requestedHeight)
        guard let layerSurface else {
            configureSelfSoon()
            return
        }
        switch place {
        case .docked:
            zwlr_layer_surface_v1_set_anchor(
                layerSurface,
                ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue
                    | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue)
            zwlr_layer_surface_v1_set_margin(layerSurface, 0, 0, 0, 0)
            zwlr_layer_surface_v1_set_size(layerSurface, 0, height)
            zwlr_layer_surface_v1_set_exclusive_zone(layerSurface, exclusive ? Int32(requestedHeight) : 0)
        case .floating(let at, let width):
            zwlr_layer_surface_v1_set_anchor(
                layerSurface, ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue)
            zwlr_layer_surface_v1_set_margin(layerSurface, Int32(at.y), 0, 0, Int32(at.x))
            zwlr_layer_surface_v1_set_size(layerSurface, UInt32(max(width, 1)), height)
            zwlr_layer_surface_v1_set_exclusive_zone(layerSurface, 0)
        }
    }

    /// Makes an xdg_popup a child of this layer surface.
    func adopt(_ popup: OpaquePointer) {
        if let layerSurface { zwlr_layer_surface_v1_get_popup(layerSurface, popup) }
    }

    /// Whether popups can be children of the panel (an input panel surface has no way to
    /// be an xdg_popup's parent).
    public var canAdoptPopups: Bool { layerSurface != nil }

    /// An input panel surface's own configure, a round trip after it asked for a height:
    /// the output's width, the height asked.
    private func configureSelfSoon() {
        guard selfConfigure == nil else { return }
        let callback = wl_display_sync(display.display)!
        wl_callback_add_listener(callback, selfConfigureListener.pointer, opaque(self))
        selfConfigure = callback
    }

    private func configuredSelf() {
        if let selfConfigure { wl_callback_destroy(selfConfigure) }
        selfConfigure = nil
        let w = output?.logicalSize.width ?? 0
        if height > 0, height != requestedHeight { unmapToBePlacedAgain() }
        width = w > 0 ? w : 720
        height = requestedHeight
        onConfigure?()
    }

    /// weston 14 places an input panel when it shows it and keeps it there when its size
    /// changes (a panel grown by the strip's 56 px had its bottom row below the output): a
    /// panel taking a new height unmaps first, and its next buffer maps it again, placed
    /// for that height (and slid in again). weston 10 placed it on every commit; KWin 5.27
    /// and 6 take the unmap and map as well.
    private func unmapToBePlacedAgain() {
        wl_surface_attach(surface, nil, 0, 0)
        wl_surface_commit(surface)
    }

    /// Commits pending state (a new size) without a new buffer.
    public func commit() { wl_surface_commit(surface) }

    /// Shows `buffer`, damaging only `damage` (logical rectangles; nil: everything).
    /// No frame callback: a keyboard draws only when touched, and a tap's highlight
    /// should not wait for the next vblank's wake-up.
    public func present(_ buffer: ShmBuffer, scale: Int, damage: [(Int, Int, Int, Int)]?) {
        show(buffer, on: surface, scale: scale, appliedScale: &bufferScale, damage: damage)
    }
}
