import Glibc

/// A C library opened with dlopen on first use. It is never closed: the engines keep
/// function pointers into it for as long as the process runs.
struct SharedLibrary: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer

    /// The library, or dlerror's reason it could not be opened (Debian's `package` has it).
    static func open(_ soname: String, package: String) -> Result<SharedLibrary, LibraryError> {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "\(soname): cannot open"
            return .failure(LibraryError(reason: reason, package: package))
        }
        return .success(SharedLibrary(handle: handle))
    }

    /// The function `name` as the C type `F` (an `@convention(c)` function type).
    func function<F>(_ name: String, as type: F.Type) -> F? {
        guard let symbol = dlsym(handle, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
}

/// Why an engine could not be opened or used, in a few words, and the Debian package
/// that would mend it (the library's, or its data's).
struct LibraryError: Error {
    var reason: String
    var package: String

    /// The one line said when `input` ("Korean") cannot be had.
    func message(input: String) -> String {
        "\(input) input is unavailable: \(reason) (install \(package))"
    }
}
