import CPangoCairo

/// A label shaped into glyphs without a `PangoLayout`: the strip's new words, shaped as the
/// one item Pango made of a word laid out before them (`WordItem`). Drawn, it leaves the
/// pixels the layout of the same text would: the same glyphs at the same positions.
final class GlyphRun {
    private let glyphs: UnsafeMutablePointer<PangoGlyphString>
    private let font: UnsafeMutablePointer<PangoFont>
    /// As `pango_layout_get_extents` gives them for the text laid out whole (Pango units).
    let ink: PangoRectangle
    let logical: PangoRectangle

    fileprivate init(
        _ text: String, _ analysis: UnsafeMutablePointer<PangoAnalysis>, font: UnsafeMutablePointer<PangoFont>,
        flags: PangoShapeFlags
    ) {
        let glyphs = pango_glyph_string_new()!
        (self.glyphs, self.font) = (glyphs, font)
        g_object_ref(UnsafeMutableRawPointer(font))
        let length = Int32(text.utf8.count)
        // The item is the whole paragraph: one pointer for both.
        text.withCString { pango_shape_with_flags($0, length, $0, length, analysis, glyphs, flags) }
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_glyph_string_extents(glyphs, font, &ink, &logical)
        // A layout's line lies with its top at the origin and draws its glyphs on the baseline
        // below: the same offset here, carried by each glyph (Pango adds it to the glyph's own,
        // in the same arithmetic, so the positions Cairo gets are the layout's to the bit).
        let baseline = -logical.y
        for i in 0..<Int(glyphs.pointee.num_glyphs) {
            glyphs.pointee.glyphs[i].geometry.y_offset += baseline
        }
        ink.y += baseline
        logical.y = 0
        (self.ink, self.logical) = (ink, logical)
    }

    deinit {
        pango_glyph_string_free(glyphs)
        g_object_unref(UnsafeMutableRawPointer(font))
    }

    /// Paints the glyphs with `cr`'s source, the layout's origin at `cr`'s (no current point).
    func show(_ cr: OpaquePointer) { pango_cairo_show_glyph_string(cr, font, glyphs) }
}

/// The one item (font, script, language, direction) Pango made of a word laid out whole, kept
/// to shape later words without a layout where Pango would make the same item of them: every
/// character of the item's script (or a quote, apostrophe or hyphen among its letters) and in
/// its font, the first font of the fontset, left to right.
final class WordItem {
    private let item: UnsafeMutablePointer<PangoItem>
    private let flags: PangoShapeFlags
    /// Characters found in the item's font: Pango's look-up costs some 1,500 instructions each.
    private var covered = Set<UInt32>()

    /// The sole item of `layout`'s one line; nil when the layout has more lines or items, runs
    /// right to left, or took its font from further down the fontset than the first.
    init?(soleItemOf layout: OpaquePointer, _ context: OpaquePointer, _ description: OpaquePointer) {
        guard pango_layout_get_line_count(layout) == 1, let line = pango_layout_get_line_readonly(layout, 0),
            let runs = line.pointee.runs, runs.pointee.next == nil, let data = runs.pointee.data
        else { return nil }
        let laidOut = data.assumingMemoryBound(to: PangoGlyphItem.self).pointee.item!
        let analysis = laidOut.pointee.analysis
        // Pango's public flags: a centred baseline, an ellipsis, a hyphen added (its private
        // ones say what the item knows of itself).
        let shapedOtherwise =
            PANGO_ANALYSIS_FLAG_CENTERED_BASELINE | PANGO_ANALYSIS_FLAG_IS_ELLIPSIS | PANGO_ANALYSIS_FLAG_NEED_HYPHEN
        guard analysis.level % 2 == 0, Int32(analysis.flags) & shapedOtherwise == 0, analysis.extra_attrs == nil,
            let font = analysis.font,
            Self.firstFont(context, description, analysis.language) == font
        else { return nil }
        item = pango_item_copy(laidOut)
        flags = pango_context_get_round_glyph_positions(context) != 0 ? PANGO_SHAPE_ROUND_POSITIONS : PANGO_SHAPE_NONE
    }

    deinit { pango_item_free(item) }

    /// `text` shaped as this item, or nil where Pango would itemise it otherwise.
    func shape(_ text: String) -> GlyphRun? {
        guard !text.isEmpty, let font = item.pointee.analysis.font else { return nil }
        // Pango's scripts are GLib's.
        let script = Int(item.pointee.analysis.script)
        var inScript = false
        for scalar in text.unicodeScalars {
            if Int(g_unichar_get_script(scalar.value).rawValue) == script {
                inScript = true
            } else if !Self.punctuation.contains(scalar.value) {
                return nil
            }
            if !covered.contains(scalar.value) {
                guard pango_font_has_char(font, scalar.value) != 0 else { return nil }
                covered.insert(scalar.value)
            }
        }
        guard inScript else { return nil }
        return GlyphRun(text, item.pointer(to: \.analysis)!, font: font, flags: flags)
    }

    /// Marks of no script that Pango gives the script of the letters beside them (the strip's
    /// quotes around the word typed, an apostrophe, a hyphen), so that a word with them stays one item.
    private static let punctuation: Set<UInt32> = [0x27, 0x2D, 0x2E, 0x2018, 0x2019, 0x201C, 0x201D]

    /// The font Pango tries first for `description` in `language`: a character it has is shaped in it.
    private static func firstFont(_ context: OpaquePointer, _ description: OpaquePointer, _ language: OpaquePointer?)
        -> UnsafeMutablePointer<PangoFont>?
    {
        guard let fontset = pango_context_load_fontset(context, description, language) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(fontset)) }
        var first: UnsafeMutablePointer<PangoFont>?
        pango_fontset_foreach(
            fontset,
            { _, font, found in
                found?.assumingMemoryBound(to: UnsafeMutablePointer<PangoFont>?.self).pointee = font
                return 1
            }, &first)
        return first
    }
}
