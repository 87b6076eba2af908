import CPangoCairo
import TapboardCore

/// What the panel shows beyond its geometry.
public struct PanelAppearance: Sendable, Equatable {
    /// Indices of keys held down.
    public var highlighted: Set<Int> = []
    public var shift: ShiftState = .off
    /// Text on the space bar (the keyboard's name after a switch), empty for none.
    public var spaceLabel = ""
    /// Sticky modifiers that are on.
    public var modifiers: Modifiers = []
    /// A layer other than the first is shown (its shift-style layer key shows as on).
    public var onShiftPage = false
    /// A word on the return key instead of the arrow ("Go" in URL fields).
    public var returnLabel = ""
    /// What the suggestion strip's slots show.
    public var strip = Strip.empty
    /// The stroke being drawn (glide typing), oldest point first, in panel pixels; empty for none.
    public var trail: [Point] = []

    public init(
        highlighted: Set<Int> = [], shift: ShiftState = .off, spaceLabel: String = "",
        modifiers: Modifiers = []
    ) {
        self.highlighted = highlighted
        self.shift = shift
        self.spaceLabel = spaceLabel
        self.modifiers = modifiers
    }
}

/// Draws a panel with Cairo and Pango. The live panel and `tapboard preview` both use it.
public final class PanelRenderer {
    /// The colours and shapes; a change redraws the whole panel on its next draw.
    public var theme: Theme {
        didSet {
            if theme.fontFamily != oldValue.fontFamily { labels = LabelCache(family: theme.fontFamily) }
            popupBodies.removeAll()
            capCells.removeAll()
            keyFaces.removeAll()
            bubbleFaces.removeAll()
            preparedBubbles.removeAll()
        }
    }
    private(set) var labels: LabelCache
    /// The key bubbles drawn ahead (`prepare(bubbles:scale:)`).
    var preparedBubbles: Set<PreparedBubble> = []
    /// Pictures on panel keys.
    let images = KeyImages()
    /// Key caps rasterised once, composited at each draw.
    let caps = CapMasks()
    /// Popups' bodies as pixels, copied rather than drawn again.
    let popupBodies = PopupBodies()
    /// Key cells with their caps as pixels, copied rather than drawn again.
    let capCells = CapCells()
    /// Pressed keys' labels and hints over kept cap cells, pasted rather than painted again:
    /// 1-5 KiB a key at scale 1 (some 100 KiB for a keyboard's letters), four times that at
    /// scale 2, where the keys pressed longest ago make room.
    let keyFaces = KeptPaint<KeyFace>(budget: 128 * 1024)
    /// Shown bubbles' labels over kept bodies, likewise (5-10 KiB a letter at scale 1).
    let bubbleFaces = KeptPaint<BubbleFace>(budget: 320 * 1024)
    /// The geometry `keyFaces` were kept in.
    private var facesGeometry: PanelGeometry?
    /// Told, with a line for the user, once for each key picture that cannot be shown.
    public var onImageProblem: ((String) -> Void)? {
        get { images.onProblem }
        set { images.onProblem = newValue }
    }

    public init(theme: Theme = .dark) {
        self.theme = theme
        labels = LabelCache(family: theme.fontFamily)
    }

    /// The looks last drawn on any canvas: for a live panel, what the screen shows.
    private(set) var shown: DrawnPanel?

    /// Draws the keys listed in `only`, or, with `only` nil, the panel: where the canvas
    /// already shows this geometry in this theme, only the keys whose look changed (a shift or a
    /// modifier redraws the keys it changes, not the panel). The stroke's trail, if any, is
    /// drawn over the keys: the keys under it, or under the trail the canvas showed, are drawn
    /// again. Returns the keys that may differ from the panel drawn last on any canvas (the
    /// damage), nil for all of it. Keys that `sibling` (the other buffer of a live panel)
    /// already shows as they must look are copied from it rather than drawn.
    @discardableResult
    public func draw(
        _ geometry: PanelGeometry, _ look: PanelAppearance, on canvas: Canvas, only: [Int]? = nil,
        beside sibling: Canvas? = nil
    ) -> [Int]? {
        let cr = canvas.cr
        labels.prepare(for: cr, scale: canvas.scale)
        if facesGeometry != geometry {
            keyFaces.removeAll()
            facesGeometry = geometry
        }
        let indices = geometry.keys.indices
        // Ordinary typing: no trail anywhere, nothing more to do for one.
        let trails = !look.trail.isEmpty || canvas.drawn?.trail.isEmpty == false || shown?.trail.isEmpty == false
        var damage: [Int]?
        if let only {
            let keys = only.allSatisfy(indices.contains) ? only : only.filter(indices.contains)
            let looks = keys.map { Self.keyLook($0, geometry, look) }
            // What the canvas showed of each of `keys` (only theirs: the record's looks are
            // changed in place, not copied).
            var before: [KeyLook]?
            if canvas.drawn?.geometry == geometry && canvas.drawn?.theme == theme {
                before = keys.map { canvas.drawn!.looks[$0] }
                for (n, i) in keys.enumerated() { canvas.drawn!.looks[i] = looks[n] }
            }
            if trails {
                damage = drawKeys(keys, withTrail: look, geometry, on: canvas)
            } else {
                drawKeys(keys, looking: looks, geometry, look, on: canvas, before: before, beside: sibling)
                damage = keys
            }
        } else if let drawn = canvas.drawn, drawn.theme == theme, Self.keyByKey(drawn.geometry, geometry),
            drawn.geometry == geometry || !trails
        {
            let looks = indices.map { Self.keyLook($0, geometry, look) }
            let replaced = drawn.geometry == geometry ? [] : clearReplacedKeys(drawn.geometry, geometry, cr)
            let changed = indices.filter { replaced.contains($0) || looks[$0] != drawn.looks[$0] }
            canvas.drawn = DrawnPanel(geometry: geometry, theme: theme, looks: looks, trail: drawn.trail)
            var trailKeys: [Int] = []
            if trails {
                trailKeys = drawKeys(changed, withTrail: look, geometry, on: canvas)
            } else {
                drawKeys(changed, looking: changed.map { looks[$0] }, geometry, look, on: canvas, before: nil, beside: sibling)
            }
            if let shown, shown.geometry == geometry, shown.theme == theme {
                damage = indices.filter { looks[$0] != shown.looks[$0] || looks[$0] != drawn.looks[$0] }
                if !trailKeys.isEmpty { damage = Set(damage!).union(trailKeys).sorted() }
            }
        } else {
            cairo_rectangle(cr, 0, 0, Double(geometry.width), Double(geometry.height))
            fill(cr, theme.background)
            var inked: [Int: DeviceBox] = [:]
            for (i, key) in geometry.keys.enumerated() {
                let painted = drawKey(key, pressed: look.highlighted.contains(i), look, spacing: geometry.spacing, cr)
                if case .suggestion = key.key.action, let painted {
                    inked[i] = painted.reduce(DeviceBox.none) { $0.union($1) }
                }
            }
            canvas.drawn = DrawnPanel(
                geometry: geometry, theme: theme, looks: indices.map { Self.keyLook($0, geometry, look) }, inked: inked)
            if !look.trail.isEmpty {
                canvas.drawn!.trail = look.trail
                drawTrail(look.trail, over: Self.keys(under: look.trail, geometry), geometry, on: canvas)
            }
        }
        shown = canvas.drawn
        canvas.flush()
        return damage
    }

    /// Starts loading the font configuration (Pango does it on a thread of its own):
    /// call it first thing, so that the first frame finds the fonts ready.
    public static func startLoadingFonts() {
        _ = pango_cairo_font_map_get_default()
    }

    /// Shapes the key labels of a panel before it is drawn (while the compositor
    /// configures its surface), so that the first frame only paints them.
    public func prepareLabels(of geometry: PanelGeometry, _ look: PanelAppearance) {
        for placed in geometry.keys where placed.frame.width > 0 && placed.frame.height > 0 {
            let key = placed.key
            let text: String
            let size: Double
            if case .suggestion = key.action {
                continue
            } else if case .return = key.action, !look.returnLabel.isEmpty {
                (text, size) = (look.returnLabel, theme.labelSize * 0.72)
            } else if key.icon != nil {
                continue
            } else if case .space = key.action {
                (text, size) = (look.spaceLabel, 0.3)
            } else {
                text = Self.shownLabel(key, look)
                size = text.count <= 1 ? theme.labelSize : theme.labelSize * 0.72
            }
            guard !text.isEmpty else { continue }
            _ = labels.label(text, pixels: Self.pixels(placed.frame, size))
            if key.icon == nil, case .text(let hint)? = key.hint(shifted: text != key.label) {
                _ = labels.label(hint, pixels: Self.pixels(Self.hintCorner(placed.frame), Self.hintSize))
            }
        }
    }

    private static func pixels(_ f: Rect, _ size: Double) -> Int { max(Int((f.height * size).rounded()), 6) }

    /// The strip's one smaller size, as a share of its full size: for words too long at full size.
    private static let stripShrink = 0.75

    /// `ellipsized`: a label wider than the key keeps its size and loses its end to an
    /// ellipsis (clipboard items: every item at one size, as phones show them). Returns the
    /// device pixels the label may have painted (`.none` for no label), nil if unknown.
    @discardableResult
    func drawLabel(
        _ text: String, in f: Rect, size: Double, _ color: Color, _ cr: OpaquePointer,
        alignLeft: Bool = false, transient: Bool = false, ellipsized: Bool = false
    ) -> DeviceBox? {
        guard !text.isEmpty else { return DeviceBox.none }
        let (label, factor) = fit(text, in: f, size: size, alignLeft: alignLeft, transient: transient, ellipsized: ellipsized)
        cairo_save(cr)
        cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
        let w = label.width * factor
        let h = label.height * factor
        let x = alignLeft ? f.x + f.height * 0.3 : f.x + (f.width - w) / 2
        let origin = Point(x: x - label.left * factor, y: f.y + (f.height - h) / 2)
        cairo_translate(cr, origin.x, origin.y)
        cairo_scale(cr, factor * label.scale, factor * label.scale)
        label.show(cr)
        cairo_restore(cr)
        return DeviceBox.ink(of: label, at: origin, factor: factor, cr)
    }

    /// The smallest share of its size a label shrinks to before it wraps onto more lines.
    static let smallestLabel = 0.7
    /// Below this share of its size a label breaks within a word rather than shrink further.
    static let legibleLabel = 0.5
    /// The share of a key's width and height a label may take.
    static let labelRoom = (width: 0.86, height: 0.9)

    /// `text` laid out to fit `f`, and the factor to draw it at (below 1: scaled down further).
    /// Labels wider than the key shrink to fit: laid out again at a smaller whole pixel size,
    /// down to `smallestLabel` of their size; a label that would need less goes on over two
    /// lines or more, between words, where that keeps it larger (a translated "Full width" on a
    /// narrow key), or, below `legibleLabel`, within a word too (hyphenated), and what is left
    /// is scaled in steps of 1/16 (a line's height is its size's: a label
    /// stays within its key's height as it shrinks; wrapped lines are fitted to it). Nothing is cut, but for the clipboard's
    /// items (`ellipsized`) and the strip's words (`transient`), which lose their middle.
    /// Cairo keeps glyphs per size and scale, so a free scale would add a set for every word
    /// the strip shows.
    func fit(
        _ text: String, in f: Rect, size: Double, alignLeft: Bool = false, transient: Bool = false,
        ellipsized: Bool = false
    ) -> (label: LabelCache.Entry, factor: Double) {
        let pixels = Self.pixels(f, size)
        var label = labels.label(text, pixels: pixels, transient: transient)
        let room = alignLeft ? min(f.width * Self.labelRoom.width, f.width - f.height * 0.6) : f.width * Self.labelRoom.width
        let tall = f.height * Self.labelRoom.height
        if label.width > room, label.width > 0 {
            if ellipsized {
                label = labels.label(text, pixels: pixels, transient: true, width: Int(room))
            } else if transient {
                // The strip's words come in two sizes: a long one takes the smaller, then
                // loses its middle to an ellipsis. They are whatever was typed, and every
                // size drawn keeps a glyph set in Cairo's caches.
                let smaller = max(Int(Double(pixels) * Self.stripShrink), 6)
                label = labels.label(text, pixels: smaller, transient: true)
                if label.width > room { label = labels.label(text, pixels: smaller, transient: true, width: Int(room)) }
            } else {
                let smaller = max(Int(Double(pixels) * room / label.width), 6)
                if Double(smaller) >= Double(pixels) * Self.smallestLabel || alignLeft {
                    if smaller < pixels { label = labels.label(text, pixels: smaller) }
                } else {
                    // Too small on one line: over more lines between words if that is larger,
                    // and within a word only where nothing else keeps it legible.
                    label = labels.label(text, pixels: smaller)
                    func size(_ e: LabelCache.Entry) -> Double { e.scale * Double(LabelCache.shapedPixels) }
                    if let w = wrap(text, .words, pixels: pixels, room: room, tall: tall), size(w) > size(label) {
                        label = w
                    }
                    if size(label) < Double(pixels) * Self.legibleLabel,
                        let w = wrap(text, .anywhere, pixels: pixels, room: room, tall: tall), size(w) > size(label)
                    {
                        label = w
                    }
                }
            }
        }
        let scale = min(room / max(label.width, 1), 1)
        let factor = scale < 1 ? max((scale * 16).rounded(.down), 1) / 16 : 1
        return (label, factor)
    }

    /// `text` over more lines within `room` x `tall`, broken as `mode` says (within words: two
    /// lines at most), at the largest whole pixel size up to `pixels` that fits; nil when no
    /// size of at least 6 pixels does.
    private func wrap(_ text: String, _ mode: LabelCache.Wrap, pixels: Int, room: Double, tall: Double) -> LabelCache.Entry? {
        var p = pixels
        while p >= 6 {
            let label = labels.label(text, pixels: p, width: Int(room), wrap: mode)
            let lines = mode == .anywhere ? Int(pango_layout_get_line_count(label.layout)) : 1
            if label.width <= room && label.height <= tall && lines <= 2 { return label }
            // The next size to try: the one at which the larger excess would just fit.
            let excess = max(label.width / room, label.height / tall)
            p = min(p - 1, Int(Double(p) / excess))
        }
        return nil
    }
}

func fill(_ cr: OpaquePointer, _ c: Color) {
    cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a)
    cairo_fill(cr)
}

func roundedRect(_ cr: OpaquePointer, _ r: Rect, radius: Double) {
    let rad = min(radius, r.width / 2, r.height / 2)
    cairo_new_sub_path(cr)
    cairo_arc(cr, r.maxX - rad, r.y + rad, rad, -Double.pi / 2, 0)
    cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, Double.pi / 2)
    cairo_arc(cr, r.x + rad, r.maxY - rad, rad, Double.pi / 2, Double.pi)
    cairo_arc(cr, r.x + rad, r.y + rad, rad, Double.pi, 3 * Double.pi / 2)
    cairo_close_path(cr)
}
