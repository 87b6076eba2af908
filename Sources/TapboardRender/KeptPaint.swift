import CPangoCairo
import TapboardCore

/// Labels painted over pixels known beforehand, kept as the boxes of pixels they left: a
/// pressed key's label and hint over its kept cap cell (`CapCells`), a bubble's label over its
/// kept body (`PopupBodies`). Painted again with the same key over the same cell, they are
/// pasted row by row instead of Pango and Cairo compositing their glyphs again (13 k
/// instructions a letter's label, 18 k a bubble's). `Key` holds everything the paint follows
/// from: what is under it and what is painted.
final class KeptPaint<Key: Hashable> {
    private struct Entry {
        /// When it was last pasted or kept (`clock`): the one used longest ago goes first.
        var used: Int
        let boxes: [DeviceBox]
        /// Each box's pixels, row after row.
        let pixels: [[UInt32]]
        let bytes: Int
    }

    /// The bytes the kept boxes may take.
    let budget: Int
    private var kept: [Key: Entry] = [:]
    /// The bytes kept.
    private(set) var bytes = 0
    private var clock = 0
    /// How many paints were pasted.
    private(set) var pasted = 0

    init(budget: Int) { self.budget = budget }

    /// Pastes what was kept for `key` onto `cr`'s target; returns the boxes written, nil
    /// (nothing written) when nothing is kept or the target cannot be written directly.
    @discardableResult
    func paste(_ key: Key, _ cr: OpaquePointer) -> [DeviceBox]? {
        guard let entry = kept[key], let target = Self.target(cr),
            entry.boxes.allSatisfy({ $0.intersection(target.bounds) == $0 })
        else { return nil }
        for (box, pixels) in zip(entry.boxes, entry.pixels) {
            pixels.withUnsafeBytes { p in
                target.write(box, from: p.baseAddress!)
            }
        }
        clock += 1
        kept[key]?.used = clock
        pasted += 1
        return entry.boxes
    }

    /// Keeps what `cr`'s target shows in `boxes` (device pixels, all a paint may have changed)
    /// for `key`; nothing when a box reaches out of `within` (where the pixels under the paint
    /// are the ones `key` names).
    func keep(_ key: Key, boxes: [DeviceBox], within: DeviceBox, from cr: OpaquePointer) {
        guard let target = Self.target(cr) else { return }
        let boxes = boxes.filter { !$0.isEmpty }
        guard boxes.allSatisfy({ $0.intersection(within) == $0 && $0.intersection(target.bounds) == $0 }) else { return }
        let pixels = boxes.map { box in
            [UInt32](unsafeUninitializedCapacity: box.width * box.height) { buffer, count in
                target.read(box, into: UnsafeMutableRawPointer(buffer.baseAddress!))
                count = box.width * box.height
            }
        }
        let size = pixels.reduce(0) { $0 + $1.count * 4 }
        guard size <= budget / 8 else { return }
        if let old = kept.removeValue(forKey: key) { bytes -= old.bytes }
        // Past the budget, the paints used longest ago go (a scan: only a paint just made by
        // Pango, some 15 k instructions, gets here).
        while bytes + size > budget, let oldest = kept.indices.min(by: { kept[$0].value.used < kept[$1].value.used }) {
            bytes -= kept[oldest].value.bytes
            kept.remove(at: oldest)
        }
        clock += 1
        kept[key] = Entry(used: clock, boxes: boxes, pixels: pixels, bytes: size)
        bytes += size
    }

    func removeAll() {
        kept.removeAll()
        bytes = 0
    }

    /// The ARGB32 pixels `cr` draws into, where they may be written directly.
    private static func target(_ cr: OpaquePointer) -> Pixels? {
        guard let surface = PixelCopy.unclippedTarget(of: cr), cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
        else { return nil }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        return Pixels(
            surface: surface, data: data, stride: Int(cairo_image_surface_get_stride(surface)),
            bounds: DeviceBox(
                x: 0, y: 0, width: Int(cairo_image_surface_get_width(surface)),
                height: Int(cairo_image_surface_get_height(surface))))
    }

    /// An image's pixels, read and written a box at a time.
    private struct Pixels {
        let surface: OpaquePointer
        let data: UnsafeMutablePointer<UInt8>
        let stride: Int
        let bounds: DeviceBox

        private func row(_ box: DeviceBox, _ y: Int) -> UnsafeMutableRawPointer {
            UnsafeMutableRawPointer(data + (box.y + y) * stride + box.x * 4)
        }

        func read(_ box: DeviceBox, into p: UnsafeMutableRawPointer) {
            for y in 0..<box.height { (p + y * box.width * 4).copyMemory(from: row(box, y), byteCount: box.width * 4) }
        }

        func write(_ box: DeviceBox, from p: UnsafeRawPointer) {
            for y in 0..<box.height { row(box, y).copyMemory(from: p + y * box.width * 4, byteCount: box.width * 4) }
            cairo_surface_mark_dirty_rectangle(surface, Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height))
        }
    }
}
