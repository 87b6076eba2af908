import CPangoCairo
import TapboardCore

/// Popups' bodies (the cap and its outline on a clear canvas) kept as images: a key bubble
/// of a size and place within its pixels drawn before is copied (`PixelCopy`, row by
/// row) instead of cleared and composited again. Two bodies at most (a bubble a
/// little over 30 KiB): letter keys share one.
final class PopupBodies {
    /// What a body's pixels follow from, with the theme's colours (`removeAll` on a change).
    struct Key: Hashable {
        let cap: CapMasks.Placement
        let width, height: Int
    }

    private var kept = RecentlyUsed<Key, OpaquePointer>(capacity: 2)
    /// How many bodies were copied rather than drawn.
    private(set) var copied = 0

    deinit { removeAll() }

    /// Copies the body kept for `key` over all of `canvas`, or, where `canvas` shows that body
    /// already under labels in `only` (device pixels), over those boxes; false when none is kept.
    func paint(_ key: Key, on canvas: Canvas, only: [DeviceBox]? = nil) -> Bool {
        guard let image = kept.value(for: key) else { return false }
        if let only,
            only.allSatisfy({
                PixelCopy.copy(
                    from: image, x: $0.x, y: $0.y, to: canvas.surface, x: $0.x, y: $0.y, width: $0.width, height: $0.height)
            })
        {
            copied += 1
            return true
        }
        if !PixelCopy.copy(from: image, x: 0, y: 0, to: canvas.surface, x: 0, y: 0, width: key.width, height: key.height) {
            Self.copy(image, onto: canvas.cr)
        }
        copied += 1
        return true
    }

    /// Keeps what `canvas` holds now as the body for `key`.
    func keep(_ key: Key, from canvas: Canvas) {
        guard let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(key.width), Int32(key.height)) else { return }
        guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(image) else {
            cairo_surface_destroy(image)
            return
        }
        canvas.flush()
        Self.copy(canvas.surface, onto: cr)
        cairo_destroy(cr)
        if let gone = kept.insert(image, for: key) { cairo_surface_destroy(gone) }
    }

    func removeAll() {
        for image in kept.removeAll() { cairo_surface_destroy(image) }
    }

    /// Replaces every pixel under `cr` by `image`'s, device pixel for device pixel.
    private static func copy(_ image: OpaquePointer, onto cr: OpaquePointer) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
