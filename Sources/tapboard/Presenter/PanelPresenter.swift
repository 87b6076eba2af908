import TapboardCore
import TapboardRender
import TapboardWayland

/// What the panel shows: its keys' places and how they look.
struct PanelScene {
    var geometry: PanelGeometry
    var look: PanelAppearance
}

/// The panel's surfaces on screen: the panel, its popup, the key bubble and the handle,
/// their buffers, and what was drawn where, so that a frame repaints only the keys that
/// changed. It decides nothing: App tells it what to show and when the keys changed,
/// and it draws the `scene` App gives it.
final class PanelPresenter {
    let display: Display
    let loop: EventLoop
    let renderer: PanelRenderer
    /// The output the panel is pinned to (--output), by name.
    let outputName: String?
    /// Pressed keys show a bubble: their labels are shaped ahead after a new panel.
    let keyPreview: Bool
    /// The panel takes room of its own (settings' `exclusive-zone`); false: it lies over windows.
    let exclusiveZone: Bool

    /// Where the panel goes: docked, or floating at a place (kept while it is hidden).
    var place = PanelPlace.docked
    /// The panel's layer surface and its buffers; nil while hidden.
    var panel: LayerSurface?
    var pool: BufferPool?
    /// The popup above the panel (alternates, menus) and its buffers.
    var popupSurface: PopupSurface?
    var popupPool: BufferPool?
    /// The popup last asked for (drawn when its surface is configured).
    var shownPopup: Popup?
    /// The pressed key's bubble, kept for the panel's life, and its buffers (of three sizes).
    var keyBubble: KeyBubble?
    var previewPool: BufferPool?
    /// The tab that brings the hidden panel up; nil while not shown.
    var handle: HandleSurface?
    /// The handle waits for the outputs to change (the compositor closed it).
    var handleSuspended = false
    /// Something changed since the last frame of the panel.
    var needsDraw = false
    /// Gives freed heap pages back now and then (made before the dictionaries load: App.init).
    var heapTrim: HeapTrim

    /// What the panel shows now; nil: nothing yet. Asked for when a frame is drawn.
    var scene: () -> PanelScene? = { nil }
    /// The compositor configured the panel (its size in logical pixels).
    var onConfigure: ((_ width: Int, _ height: Int) -> Void)?
    /// The compositor closed the panel, or its pinned output went: the surface must go.
    var onClosed: (() -> Void)?
    /// The panel's output changed, or that output's size, scale or transform did.
    var onOutputChange: (() -> Void)?
    /// A frame of the panel went out.
    var onFrame: (() -> Void)?
    /// The compositor took the panel's new place.
    var onPlaced: ((PanelPlace) -> Void)?

    init(
        display: Display, loop: EventLoop, theme: Theme, outputName: String?, keyPreview: Bool,
        exclusiveZone: Bool = true, heapTrim: HeapTrim
    ) {
        self.display = display
        self.exclusiveZone = exclusiveZone
        self.heapTrim = heapTrim
        self.loop = loop
        self.outputName = outputName
        self.keyPreview = keyPreview
        renderer = PanelRenderer(theme: theme)
        renderer.onImageProblem = { printError("tapboard: \($0)") }
    }

    /// The output the panel is on, else the one it will be on.
    var output: Output? {
        panel?.output ?? outputName.flatMap(display.output(named:)) ?? display.outputs.first
    }

    var outputSize: (width: Int, height: Int) {
        if let o = output, o.logicalSize.width > 0 { return o.logicalSize }
        return (720, 1280)
    }

    var scale: Int { output?.scale ?? 1 }

    /// Makes the panel's surface, unless there is one or no seat yet (phoc 0.24 aborts if
    /// a layer surface comes before any seat); false then.
    func showPanel(height: Int) -> Bool {
        guard panel == nil, display.seat != nil, let shm = display.shm else { return false }
        let pinned = display.panelOutput(named: outputName)
        do {
            let p = try LayerSurface(
                display: display, height: height, place: place, output: pinned, exclusive: exclusiveZone)
            p.onConfigure = { [unowned self, unowned p] in self.onConfigure?(p.width, p.height) }
            p.onClosed = { [unowned self] in self.onClosed?() }
            p.onOutputChange = { [unowned self] in self.onOutputChange?() }
            p.onPlaced = { [unowned self] in self.onPlaced?($0) }
            panel = p
            pool = BufferPool(shm: shm)
        } catch {
            printError("tapboard: \(error)")
        }
        return true
    }

    /// Removes the panel, its popup and bubble, and their buffers.
    func hidePanel() {
        closePopup()
        // The panel goes before its bubble: phoc 0.24 aborts when a mapped layer
        // surface loses a subsurface.
        panel = nil
        pool = nil
        keyBubble = nil
        previewPool = nil
        heapTrim.now()  // the buffers just went; typing paused
    }

    func setPanelHeight(_ height: Int) {
        panel?.setHeight(height)
        panel?.commit()
    }

    /// Docks the panel or floats it at a place (the next panel made goes there too).
    func placePanel(_ place: PanelPlace) {
        self.place = place
        panel?.setPlace(place)
    }

    /// These keys changed (nil: everything): the next frame draws them.
    func redraw(_ keys: [Int]?) {
        pool?.invalidate(keys)
        needsDraw = true
    }

    /// Draws in `theme` from now on (the whole panel again, if it changed).
    func use(_ theme: Theme) {
        guard theme != renderer.theme else { return }
        renderer.theme = theme
        redraw(nil)
    }
}
