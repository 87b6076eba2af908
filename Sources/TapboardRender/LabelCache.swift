import CPangoCairo
import TapboardCore

/// Laid-out labels, kept between frames: a key's label is shaped once, then only
/// painted. One Pango context serves every canvas.
final class LabelCache {
    struct Entry {
        let layout: OpaquePointer
        /// Logical size in pixels.
        let width: Double
        let height: Double
    }

    private let context: OpaquePointer
    /// More labels than any keyboard shows (all emoji pages are more): past it, the label
    /// used longest ago goes.
    private var entries = RecentlyUsed<Key, Entry>(capacity: 600)
    /// Labels that change with every letter (the strip's words), kept apart: enough that
    /// the words that keep coming back (the next words after a space) are not shaped again.
    private var transients = RecentlyUsed<Key, Entry>(capacity: 96)
    private var fonts: [Int: OpaquePointer] = [:]
    private let family: String

    init(family: String) {
        self.family = family
        context = pango_font_map_create_context(pango_cairo_font_map_get_default())
    }

    deinit {
        for e in entries.removeAll() + transients.removeAll() { Self.free(e) }
        for f in fonts.values { pango_font_description_free(f) }
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    private var preparedScale = 0

    /// Matches the context to a canvas's transform and font options. Every change
    /// makes Pango shape all labels again, so it happens only when the scale does.
    func prepare(for cr: OpaquePointer, scale: Int) {
        guard scale != preparedScale else { return }
        preparedScale = scale
        pango_cairo_update_context(cr, context)
    }

    /// The label laid out; `transient` ones (the strip's words) go to a small cache of their own.
    /// With `width` (pixels), a longer label is cut in the middle with an ellipsis.
    func label(_ text: String, pixels: Int, transient: Bool = false, width: Int? = nil) -> Entry {
        let key = Key(text: text, pixels: pixels, width: width)
        if let e = entries.value(for: key) ?? transients.value(for: key) { return e }
        let e = make(text, pixels: pixels, width: width)
        let gone = transient ? transients.insert(e, for: key) : entries.insert(e, for: key)
        if let gone { Self.free(gone) }
        return e
    }

    /// A label as the caches find it. Its hash is worked out once: a full cache hashes its
    /// neighbours' keys again each time it lets one go.
    private struct Key: Hashable {
        let text: String
        let pixels: Int
        let width: Int?
        private let hash: Int

        init(text: String, pixels: Int, width: Int?) {
            (self.text, self.pixels, self.width) = (text, pixels, width)
            var h = Hasher()
            h.combine(text)
            h.combine(pixels)
            h.combine(width)
            hash = h.finalize()
        }

        static func == (a: Key, b: Key) -> Bool {
            a.hash == b.hash && a.pixels == b.pixels && a.width == b.width && a.text == b.text
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    private static func free(_ e: Entry) { g_object_unref(UnsafeMutableRawPointer(e.layout)) }

    private func make(_ text: String, pixels: Int, width: Int?) -> Entry {
        let layout = pango_layout_new(context)!
        pango_layout_set_font_description(layout, font(pixels))
        pango_layout_set_text(layout, text, -1)
        if let width {
            pango_layout_set_width(layout, Int32(width) * PANGO_SCALE)
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
        }
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        return Entry(layout: layout, width: Double(logical.width), height: Double(logical.height))
    }

    private func font(_ pixels: Int) -> OpaquePointer {
        if let f = fonts[pixels] { return f }
        // A description such as "Sans Bold": the family, then styles Pango knows.
        let f = pango_font_description_from_string(family)!
        pango_font_description_set_absolute_size(f, Double(pixels) * Double(PANGO_SCALE))
        fonts[pixels] = f
        return f
    }
}
