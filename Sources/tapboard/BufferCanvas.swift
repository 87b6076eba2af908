import TapboardRender
import TapboardWayland

extension ShmBuffer {
    /// A Canvas over the buffer's pixels, made on first use and kept with the buffer;
    /// nil if cairo cannot wrap them.
    var canvas: Canvas? {
        if let c = drawingContext as? Canvas { return c }
        let c = Canvas(pixels: pixels, width: width, height: height, stride: stride, scale: scale)
        drawingContext = c
        return c
    }
}
