import CPangoCairo
import TapboardCore

/// Pictures on panel keys: PNG through Cairo, SVG through librsvg (`Rsvg`), each file read once.
/// A file that cannot be read or decoded is remembered as broken: its key shows its label.
final class KeyImages {
    private enum Picture {
        case bitmap(OpaquePointer, width: Double, height: Double)
        case vector(OpaquePointer, Rsvg)
        case broken
    }

    private var pictures: [String: Picture] = [:]
    /// Told once per broken file, with a line for the user.
    var onProblem: ((String) -> Void)?

    deinit {
        for picture in pictures.values {
            switch picture {
            case .bitmap(let surface, _, _): cairo_surface_destroy(surface)
            case .vector(let handle, _): g_object_unref(UnsafeMutableRawPointer(handle))
            case .broken: break
            }
        }
    }

    /// Draws the picture at `path` centred in `area`, as large as fits; false if it is broken.
    func draw(_ path: String, in area: Rect, _ cr: OpaquePointer) -> Bool {
        guard area.width > 0, area.height > 0 else { return true }
        switch picture(path) {
        case .bitmap(let surface, let w, let h):
            let factor = min(area.width / w, area.height / h)
            cairo_save(cr)
            cairo_translate(cr, area.x + (area.width - w * factor) / 2, area.y + (area.height - h * factor) / 2)
            cairo_scale(cr, factor, factor)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            cairo_restore(cr)
            return true
        case .vector(let handle, let rsvg):
            cairo_save(cr)
            let ok = rsvg.render(handle, cr, in: area)
            cairo_restore(cr)
            return ok
        case .broken:
            return false
        }
    }

    private func picture(_ path: String) -> Picture {
        if let known = pictures[path] { return known }
        let loaded: Picture
        switch KeyImages.load(path) {
        case .success(let p): loaded = p
        case .failure(let problem):
            loaded = .broken
            onProblem?("\(path): \(problem.message); the key shows its label instead")
        }
        pictures[path] = loaded
        return loaded
    }

    private static func load(_ path: String) -> Result<Picture, ImageProblem> {
        if path.hasSuffix(".svg") {
            let rsvg: Rsvg
            switch Rsvg.open() {
            case .success(let r): rsvg = r
            case .failure(let problem): return .failure(problem)
            }
            var error: UnsafeMutablePointer<GError>?
            guard let handle = rsvg.newFromFile(path, &error) else {
                // librsvg's messages may run over several lines: the first says enough.
                let message =
                    error.map { String(cString: $0.pointee.message) }?
                    .split(separator: "\n").first.map(String.init) ?? "cannot read it"
                if let error { g_error_free(error) }
                return .failure(ImageProblem(message: "not a readable SVG image (\(message))"))
            }
            var w = 0.0
            var h = 0.0
            // A document without a size of its own is drawn to the key's size; one of size 0 is empty.
            if rsvg.intrinsicSize(handle, &w, &h) != 0, w <= 0 || h <= 0 {
                g_object_unref(UnsafeMutableRawPointer(handle))
                return .failure(ImageProblem(message: "the SVG image has no area"))
            }
            return .success(.vector(handle, rsvg))
        }
        guard let surface = cairo_image_surface_create_from_png(path) else {
            return .failure(ImageProblem(message: "cannot read the PNG image"))
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            switch status {
            case CAIRO_STATUS_FILE_NOT_FOUND: return .failure(ImageProblem(message: "no such file"))
            case CAIRO_STATUS_READ_ERROR: return .failure(ImageProblem(message: "cannot read the file"))
            // Cairo says "out of memory" for most files that are not PNG.
            default: return .failure(ImageProblem(message: "not a PNG image, or a damaged one"))
            }
        }
        let w = Double(cairo_image_surface_get_width(surface))
        let h = Double(cairo_image_surface_get_height(surface))
        guard w > 0, h > 0 else {
            cairo_surface_destroy(surface)
            return .failure(ImageProblem(message: "the PNG image has no area"))
        }
        return .success(.bitmap(surface, width: w, height: h))
    }

    /// Why the image at `path` cannot be shown, or nil when it can (`tapboard check`).
    static func problem(_ path: String) -> ImageProblem? {
        switch load(path) {
        case .success(let picture):
            switch picture {
            case .bitmap(let surface, _, _): cairo_surface_destroy(surface)
            case .vector(let handle, _): g_object_unref(UnsafeMutableRawPointer(handle))
            case .broken: break
            }
            return nil
        case .failure(let problem): return problem
        }
    }
}

/// Why a key's picture cannot be shown.
public struct ImageProblem: Error, Sendable, Equatable {
    public var message: String
}

/// Checks pictures named by layout files before they are needed.
public enum KeyImageCheck {
    /// Why the image at `path` cannot be shown (missing, unreadable, undecodable), or nil.
    public static func problem(at path: String) -> String? {
        KeyImages.problem(path)?.message
    }
}
