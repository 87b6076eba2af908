import CPangoCairo
import Testing

@testable import TapboardRender

/// Labels of every size are shaped at one font size: Pango sorts the system's fonts for a
/// size's fallbacks the first time it meets that size, a millisecond or more each.
@Suite struct LabelCacheTests {
    @Test func labelsOfEverySizeAreShapedAtOneFontSizeAndDrawnScaled() throws {
        let cache = LabelCache(family: "Sans")
        let small = cache.label("Wq", pixels: 16)
        let large = cache.label("Wq", pixels: 48)
        for entry in [small, large] {
            let font = try #require(pango_layout_get_font_description(entry.layout))
            #expect(pango_font_description_get_size(font) == Int32(LabelCache.shapedPixels) * PANGO_SCALE)
        }
        #expect(small.scale == 0.5 && large.scale == 1.5)
        #expect(small.layout == large.layout, "one shape for both sizes (a key's label and its bubble's)")
        // The same shape at both sizes: its size as drawn follows the scale.
        #expect(abs(large.width - 3 * small.width) < 0.001 && abs(large.height - 3 * small.height) < 0.001)
        #expect(small.width > 0 && small.height > 0)
    }

    @Test func aLabelCutToAWidthFitsItAtItsSize() {
        let cache = LabelCache(family: "Sans")
        let text = "incomprehensibilities"
        let whole = cache.label(text, pixels: 20, transient: true)
        let cut = cache.label(text, pixels: 20, transient: true, width: Int(whole.width / 2))
        #expect(cut.width <= whole.width / 2 + 0.5 && cut.width > whole.width / 4)
    }
}
