import TapboardRender
import TapboardWayland

/// A shared-memory buffer with what was drawn in it: its canvas, made on first use,
/// and the keys its pixels lack.
final class DrawBuffer {
    let buffer: ShmBuffer
    var stale = StaleKeys()
    private var madeCanvas: Canvas?

    init?(shm: OpaquePointer, width: Int, height: Int, scale: Int) {
        guard let b = ShmBuffer(shm: shm, width: width, height: height, scale: scale) else { return nil }
        buffer = b
    }

    deinit {
        madeCanvas = nil  // it points into the buffer's pixels, which go after it
    }

    var width: Int { buffer.width }
    var height: Int { buffer.height }
    var scale: Int { buffer.scale }
    /// Held by the compositor until it sends `release`.
    var busy: Bool { buffer.busy }

    /// A Canvas over the pixels, kept with the buffer; nil if cairo cannot wrap them.
    var canvas: Canvas? {
        if let madeCanvas { return madeCanvas }
        let b = buffer
        madeCanvas = Canvas(pixels: b.pixels, width: b.width, height: b.height, stride: b.stride, scale: b.scale)
        return madeCanvas
    }

    /// Starts as a copy of `source` (of the same size): its pixels, and the keys they lack.
    func copy(_ source: DrawBuffer) {
        buffer.copyPixels(from: source.buffer)
        stale = source.stale
        if let theirs = source.canvas { canvas?.pixelsCopied(from: theirs) }
    }
}
