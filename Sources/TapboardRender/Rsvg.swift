import CPangoCairo
import Glibc
import TapboardCore

/// librsvg (Debian's librsvg2-2), opened when the first SVG picture is needed. Linked
/// in, it and the libraries it pulls in (gio, gdk-pixbuf, libxml2) cost every start-up
/// about 3.5 MB of memory (measured), for panels most people never open. Only the three
/// functions used are looked up; their C signatures are written out here.
struct Rsvg {
    /// `RsvgHandle *rsvg_handle_new_from_file(const gchar *filename, GError **error)`
    typealias NewFromFile =
        @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?)
        -> OpaquePointer?
    /// `gboolean rsvg_handle_render_document(RsvgHandle *, cairo_t *, const RsvgRectangle *viewport, GError **)`
    typealias RenderDocument =
        @convention(c) (
            OpaquePointer?, OpaquePointer?, UnsafeRawPointer?,
            UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
        ) -> gboolean
    /// `gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *, gdouble *out_width, gdouble *out_height)`
    typealias IntrinsicSize =
        @convention(c) (
            OpaquePointer?, UnsafeMutablePointer<Double>?,
            UnsafeMutablePointer<Double>?
        ) -> gboolean

    static let soname = "librsvg-2.so.2"

    let newFromFile: NewFromFile
    let renderDocument: RenderDocument
    let intrinsicSize: IntrinsicSize

    /// Opens the library (dlopen counts: the second call finds it open), or says why it cannot.
    static func open() -> Result<Rsvg, ImageProblem> {
        guard let lib = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            let why = dlerror().map { String(cString: $0) } ?? soname
            return .failure(ImageProblem(message: "SVG pictures need librsvg (\(why))"))
        }
        guard let new = dlsym(lib, "rsvg_handle_new_from_file"),
            let render = dlsym(lib, "rsvg_handle_render_document"),
            let size = dlsym(lib, "rsvg_handle_get_intrinsic_size_in_pixels")
        else {
            return .failure(ImageProblem(message: "\(soname) is older than 2.52: it cannot draw SVG pictures"))
        }
        return .success(
            Rsvg(
                newFromFile: unsafeBitCast(new, to: NewFromFile.self),
                renderDocument: unsafeBitCast(render, to: RenderDocument.self),
                intrinsicSize: unsafeBitCast(size, to: IntrinsicSize.self)))
    }

    /// Draws the document scaled into `area` (kept in proportion, centred); false on failure.
    func render(_ handle: OpaquePointer, _ cr: OpaquePointer, in area: Rect) -> Bool {
        // RsvgRectangle: four doubles, x, y, width, height.
        var viewport = (area.x, area.y, area.width, area.height)
        return withUnsafeBytes(of: &viewport) { renderDocument(handle, cr, $0.baseAddress, nil) != 0 }
    }
}
