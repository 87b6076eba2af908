import Synchronization
import TapboardCore

/// Anthy (Debian libanthy1, its dictionary in anthy-common) for the whole process: opened
/// with dlopen and initialised once. Anthy keeps what it learns in `$HOME/.anthy`, HOME
/// being its configuration value (from the password database, not the environment), which
/// `anthy_conf_override("HOME", ...)` sets before `anthy_init`: tapboard gives it
/// `DATA/anthy`, so Anthy's files are in `DATA/anthy/.anthy`. Anthy writes there only when
/// that directory exists. Set once per process: the first directory asked for is used.
final class AnthyRuntime: @unchecked Sendable {
    /// `int anthy_init(void)`
    typealias Initialize = @convention(c) () -> Int32
    /// `void anthy_conf_override(const char *var, const char *val)`
    typealias Override = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Void
    /// `anthy_context_t anthy_create_context(void)`
    typealias Create = @convention(c) () -> OpaquePointer?
    /// `void anthy_release_context(anthy_context_t)`
    typealias Release = @convention(c) (OpaquePointer?) -> Void
    /// `int anthy_context_set_encoding(anthy_context_t ac, int encoding)`
    typealias SetEncoding = @convention(c) (OpaquePointer?, Int32) -> Int32
    /// `int anthy_set_string(anthy_context_t, const char *)`
    typealias SetString = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    /// `int anthy_get_stat(anthy_context_t, struct anthy_conv_stat *)`: its one field is
    /// `int nr_segment`.
    typealias GetStat = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> Int32
    /// `int anthy_get_segment_stat(anthy_context_t, int, struct anthy_segment_stat *)`: its
    /// fields are `int nr_candidate; int seg_len;`.
    typealias GetSegmentStat = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<Int32>?) -> Int32
    /// `int anthy_get_segment(anthy_context_t, int segment, int candidate, char *buf, int buflen)`
    typealias GetSegment = @convention(c) (OpaquePointer?, Int32, Int32, UnsafeMutablePointer<CChar>?, Int32) -> Int32
    /// `int anthy_commit_segment(anthy_context_t, int segment, int candidate)`
    typealias CommitSegment = @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    /// `void anthy_resize_segment(anthy_context_t, int segment, int delta)`
    typealias ResizeSegment = @convention(c) (OpaquePointer?, Int32, Int32) -> Void

    /// ANTHY_UTF8_ENCODING
    static let utf8: Int32 = 2
    static let package = "libanthy1"
    static let dictionary = "/usr/share/anthy/anthy.dic"
    static let dictionaryPackage = "anthy-common"

    /// Anthy's HOME: `.anthy` in it holds what Anthy learns.
    let home: String
    let create: Create
    let release: Release
    let setEncoding: SetEncoding
    let setString: SetString
    let getStat: GetStat
    let getSegmentStat: GetSegmentStat
    let getSegment: GetSegment
    let commitSegment: CommitSegment
    let resizeSegment: ResizeSegment

    private static let running = Mutex<AnthyRuntime?>(nil)

    private init(home: String, library: SharedLibrary) throws(LibraryError) {
        func function<F>(_ name: String, _ type: F.Type) throws(LibraryError) -> F {
            guard let f = library.function(name, as: type) else {
                throw LibraryError(reason: "libanthy lacks \(name)", package: AnthyRuntime.package)
            }
            return f
        }
        self.home = home
        create = try function("anthy_create_context", Create.self)
        release = try function("anthy_release_context", Release.self)
        setEncoding = try function("anthy_context_set_encoding", SetEncoding.self)
        setString = try function("anthy_set_string", SetString.self)
        getStat = try function("anthy_get_stat", GetStat.self)
        getSegmentStat = try function("anthy_get_segment_stat", GetSegmentStat.self)
        getSegment = try function("anthy_get_segment", GetSegment.self)
        commitSegment = try function("anthy_commit_segment", CommitSegment.self)
        resizeSegment = try function("anthy_resize_segment", ResizeSegment.self)
        let override = try function("anthy_conf_override", Override.self)
        let initialize = try function("anthy_init", Initialize.self)
        override("HOME", home)
        guard initialize() == 0 else {
            throw LibraryError(reason: "anthy_init failed", package: AnthyRuntime.dictionaryPackage)
        }
    }

    /// The running Anthy, started the first time with `home` as its HOME, or why it cannot run.
    static func start(soname: String, home: String) -> Result<AnthyRuntime, LibraryError> {
        // Opened first, so that a library missing is said even when Anthy runs already.
        let library: SharedLibrary
        switch SharedLibrary.open(soname, package: package) {
        case .success(let l): library = l
        case .failure(let e): return .failure(e)
        }
        return running.withLock { current in
            if let current { return .success(current) }
            guard FileSystem.isFile(dictionary) else {
                return .failure(LibraryError(reason: "\(dictionary) is missing", package: dictionaryPackage))
            }
            if let problem = FileSystem.makeDirectory(home, mode: 0o700) {
                return .failure(LibraryError(reason: "cannot make Anthy's directory: \(problem)", package: package))
            }
            do throws(LibraryError) {
                let runtime = try AnthyRuntime(home: home, library: library)
                current = runtime
                return .success(runtime)
            } catch {
                return .failure(error)
            }
        }
    }
}
