import CPangoCairo
import Testing

@testable import TapboardRender

/// The strip's words shaped without a layout are the words laid out: the same size and ink,
/// and the same pixels wherever and at whatever size they are drawn.
@Suite struct GlyphRunTests {
    /// Words as the strip shows them, in the scripts of the shipped keyboards: the ones a run
    /// can take (one script, in the first font) and ones it cannot (a space, digits, emoji,
    /// right to left, marks, a script the first font lacks), one after the other.
    static let words = [
        "t", "th", "the", "they", "thyme", "station", "static", "Ågjy", "quips", "ÉTÉ", "fffi", "office", "W",
        "WAVE", "Straße", "naïve", "don't", "well-known", "two words", "42", "a1", "😀", "ok", "你好", "hello",
        "привет", "мир", "Ελλάδα", "λόγος", "שלום", "abc", "مرحبا", "xyz", "नमस्ते", "e\u{301}té", "çava", "ǅ",
        "ĳssel", "Œuvre", "việt", "tiếng", "ﬁne", "kitten", "AVATAR", "Tj", "Yo", "“stati”", "“th”", "‘quoted’", "it's", "e.g.",
        "“”", "'", "-", "“привет”"
    ]

    @Test func wordsShapedAloneAreTheirLayouts() throws {
        let alone = LabelCache(family: "Sans")
        let laidOut = LabelCache(family: "Sans", shapesWordsAlone: false)
        for (scale, pixels) in [(1, 24), (2, 24), (1, 18), (3, 13)] {
            let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 8, 8))
            defer { cairo_surface_destroy(surface) }
            let cr = try #require(cairo_create(surface))
            defer { cairo_destroy(cr) }
            cairo_scale(cr, Double(scale), Double(scale))
            alone.prepare(for: cr, scale: scale)
            laidOut.prepare(for: cr, scale: scale)
            var runs = 0
            for word in Self.words {
                let a = alone.label(word, pixels: pixels, transient: true)
                let b = laidOut.label(word, pixels: pixels, transient: true)
                if a.layout == nil { runs += 1 }
                #expect(b.layout != nil)
                #expect(a.width == b.width && a.height == b.height && a.left == b.left && a.ink == b.ink, "\(word)")
                for origin in [(0.0, 0.0), (3.25, 1.5), (7.6, 2.125)] {
                    let drawn = try [a, b].map { try Self.pixels(of: $0, at: origin, scale: scale) }
                    let differing = zip(drawn[0], drawn[1]).filter { $0 != $1 }.count
                    #expect(drawn[0].count == drawn[1].count && differing == 0, "\(word) at \(origin), scale \(scale)")
                }
            }
            #expect(runs > Self.words.count / 2, "most words shaped alone")
        }
    }

    @Test func aWordNotInTheItemsScriptOrFontIsLaidOut() throws {
        let cache = LabelCache(family: "Sans")
        _ = cache.label("word", pixels: 20, transient: true)
        #expect(cache.label("other", pixels: 20, transient: true).layout == nil)
        #expect(cache.label("“typed”", pixels: 20, transient: true).layout == nil)
        for word in ["two words", "你好", "שלום", "😀", "e\u{301}", "“”", "(word)"] {
            #expect(cache.label(word, pixels: 20, transient: true).layout != nil, "\(word)")
        }
        // Keys' labels are always laid out, and so are words cut to a width.
        #expect(cache.label("key", pixels: 20).layout != nil)
        #expect(cache.label("incomprehensibilities", pixels: 20, transient: true, width: 50).layout != nil)
    }

    /// `label` drawn as `PanelRenderer.drawLabel` draws it, on white: the surface's bytes.
    static func pixels(of label: LabelCache.Entry, at origin: (Double, Double), scale: Int) throws -> [UInt8] {
        let (w, h) = (Int(label.width + 16) * scale, Int(label.height + 8) * scale)
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)))
        defer { cairo_surface_destroy(surface) }
        let cr = try #require(cairo_create(surface))
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, Double(scale), Double(scale))
        cairo_set_source_rgba(cr, 0.1, 0.2, 0.3, 0.9)
        cairo_translate(cr, origin.0, origin.1)
        cairo_scale(cr, label.scale, label.scale)
        label.show(cr)
        cairo_surface_flush(surface)
        let data = try #require(cairo_image_surface_get_data(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        return Array(UnsafeBufferPointer(start: data, count: stride * h))
    }
}
