import CPangoCairo
import TapboardCore

/// Laid-out labels, kept between frames: a key's label is shaped once, then only
/// painted. One Pango context serves every canvas.
final class LabelCache {
    struct Entry {
        /// Laid out at `LabelCache.shapedPixels`: drawn scaled by `scale`.
        let shape: Shape
        /// Logical size in pixels, as drawn.
        let width: Double
        let height: Double
        let scale: Double
        /// Where the ink's box starts right of the layout's origin (wrapped, centred lines), as drawn.
        var left = 0.0
        /// The glyphs' ink from the layout's origin, as drawn.
        var ink = Rect(x: 0, y: 0, width: 0, height: 0)

        /// The layout, for a label laid out (nil for a word shaped as a run).
        var layout: OpaquePointer? {
            if case .layout(let layout) = shape { layout } else { nil }
        }

        /// Paints the label with `cr`'s source, its origin at `cr`'s.
        func show(_ cr: OpaquePointer) {
            switch shape {
            case .layout(let layout): pango_cairo_show_layout(cr, layout)
            case .run(let run): run.show(cr)
            }
        }
    }

    /// How a label was shaped: laid out by Pango (every label but most of the strip's new
    /// words), or, for a transient word Pango would make one item of, shaped as that item alone.
    enum Shape {
        case layout(OpaquePointer)
        case run(GlyphRun)
    }

    /// The one font size every label is shaped at (then drawn scaled): each size Pango
    /// meets costs a sort of every font on the system for its fallbacks, a millisecond or
    /// more before the first frame.
    static let shapedPixels = 32

    private let context: OpaquePointer
    /// More labels than any keyboard shows (all emoji pages are more): past it, the label
    /// used longest ago goes.
    private var entries = RecentlyUsed<Key, Entry>(capacity: 600)
    /// Labels that change with every letter (the strip's words), kept apart: enough that
    /// the words that keep coming back (the next words after a space) are not shaped again.
    private var transients = RecentlyUsed<Key, Entry>(capacity: 96)
    /// The theme's family at `shapedPixels`.
    private let font: OpaquePointer
    /// The item Pango made of the last transient label laid out as one, shaping the next ones
    /// it covers without a layout (nil when `shapesWordsAlone` is off).
    private var wordItem: WordItem?
    /// Whether transient labels may be shaped without a layout (tests turn it off to compare).
    let shapesWordsAlone: Bool

    init(family: String, shapesWordsAlone: Bool = true) {
        self.shapesWordsAlone = shapesWordsAlone
        context = pango_font_map_create_context(pango_cairo_font_map_get_default())
        // A description such as "Sans Bold": the family, then styles Pango knows.
        font = pango_font_description_from_string(family)!
        pango_font_description_set_absolute_size(font, Double(Self.shapedPixels) * Double(PANGO_SCALE))
    }

    deinit {
        for e in entries.removeAll() + transients.removeAll() { Self.free(e) }
        pango_font_description_free(font)
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    private var preparedScale = 0

    /// Matches the context to a canvas's transform and font options. Every change
    /// makes Pango shape all labels again, so it happens only when the scale does.
    func prepare(for cr: OpaquePointer, scale: Int) {
        guard scale != preparedScale else { return }
        preparedScale = scale
        pango_cairo_update_context(cr, context)
        // Layouts shape again for the new context; runs and the item are the old one's.
        wordItem = nil
        for e in transients.removeAll() { Self.free(e) }
    }

    /// The label laid out; `transient` ones (the strip's words) go to a small cache of their own.
    /// With `width` (pixels), a longer label is cut in the middle with an ellipsis, or, with
    /// `wrap`, goes on over more lines, centred. A text is shaped once for every size it is
    /// drawn at (a key's label and its bubble's).
    func label(_ text: String, pixels: Int, transient: Bool = false, width: Int? = nil, wrap: Wrap? = nil) -> Entry {
        let scale = Double(pixels) / Double(Self.shapedPixels)
        let shapedWidth = width.map { Int((Double($0) / scale * Double(PANGO_SCALE)).rounded(.down)) }
        let key = Key(text: text, width: shapedWidth, wrap: width == nil ? nil : wrap)
        let shaped: Entry
        if let e = entries.value(for: key) ?? transients.value(for: key) {
            shaped = e
        } else {
            shaped = transient && shapedWidth == nil ? makeWord(text) : make(text, width: shapedWidth, wrap: key.wrap)
            let gone = transient ? transients.insert(shaped, for: key) : entries.insert(shaped, for: key)
            if let gone { Self.free(gone) }
        }
        let ink = shaped.ink
        return Entry(
            shape: shaped.shape, width: shaped.width * scale, height: shaped.height * scale, scale: scale,
            left: shaped.left * scale,
            ink: Rect(x: ink.x * scale, y: ink.y * scale, width: ink.width * scale, height: ink.height * scale))
    }

    /// A label as the caches find it (its width, if any, in Pango units at `shapedPixels`). Its hash is
    /// worked out once: a full cache hashes its neighbours' keys again each time it lets one go.
    private struct Key: Hashable {
        let text: String
        let width: Int?
        let wrap: Wrap?
        private let hash: Int

        init(text: String, width: Int?, wrap: Wrap?) {
            (self.text, self.width, self.wrap) = (text, width, wrap)
            var h = Hasher()
            h.combine(text)
            h.combine(width)
            h.combine(wrap)
            hash = h.finalize()
        }

        static func == (a: Key, b: Key) -> Bool {
            a.hash == b.hash && a.width == b.width && a.wrap == b.wrap && a.text == b.text
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    private static func free(_ e: Entry) {
        if let layout = e.layout { g_object_unref(UnsafeMutableRawPointer(layout)) }
    }

    /// Where a label too wide goes on to its next line.
    enum Wrap: Hashable {
        /// Between words, where a script has them, or between characters in those without
        /// (Chinese, Japanese): a word longer than the width stays whole.
        case words
        /// Between words, and within a word too long.
        case anywhere
    }

    /// A transient label whole: shaped as the last word's item where Pango would make that item
    /// of it too (a new word in the same script and font: 16 k instructions instead of a
    /// layout's 37 k), laid out otherwise, its item then kept for the next words.
    private func makeWord(_ text: String) -> Entry {
        if let run = wordItem?.shape(text) { return Self.entry(.run(run), ink: run.ink, logical: run.logical) }
        let entry = make(text, width: nil, wrap: nil)
        if shapesWordsAlone, let layout = entry.layout, let item = WordItem(soleItemOf: layout, context, font) {
            wordItem = item
        }
        return entry
    }

    /// `text` laid out at `shapedPixels`, cut to `width` (Pango units at that size) if given, or
    /// wrapped to it.
    private func make(_ text: String, width: Int?, wrap: Wrap?) -> Entry {
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, font)
        pango_layout_set_text(layout, text, -1)
        if let width {
            pango_layout_set_width(layout, Int32(clamping: width))
            if let wrap {
                pango_layout_set_wrap(layout, wrap == .words ? PANGO_WRAP_WORD : PANGO_WRAP_WORD_CHAR)
                pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
            } else {
                pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
            }
        }
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        return Self.entry(.layout(layout), ink: ink, logical: logical)
    }

    /// A label shaped at `shapedPixels`, its extents (Pango units) in pixels.
    private static func entry(_ shape: Shape, ink: PangoRectangle, logical: PangoRectangle) -> Entry {
        let unit = Double(PANGO_SCALE)
        return Entry(
            shape: shape, width: Double(logical.width) / unit, height: Double(logical.height) / unit, scale: 1,
            left: Double(logical.x) / unit,
            ink: Rect(
                x: Double(ink.x) / unit, y: Double(ink.y) / unit, width: Double(ink.width) / unit,
                height: Double(ink.height) / unit))
    }
}
