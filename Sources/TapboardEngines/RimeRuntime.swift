internal import CRime
import Glibc
import Synchronization
import TapboardCore

/// librime (Debian librime1) for the whole process: opened with dlopen, its function table
/// taken from `rime_get_api`, set up with the shared data in /usr/share/rime-data and the
/// user's data in one directory of tapboard's, and deployed (compiled for the schema) once.
/// RIME is set up once per process: the first user directory asked for is the one used.
final class RimeRuntime: @unchecked Sendable {
    /// `RimeApi* rime_get_api(void)`
    typealias GetApi = @convention(c) () -> UnsafeMutablePointer<RimeApi>?

    static let package = "librime1"
    static let sharedDirectory = "/usr/share/rime-data"

    let api: UnsafeMutablePointer<RimeApi>
    /// Where RIME keeps what it learns (user dictionaries) and its compiled schemas.
    let userDirectory: String

    private static let running = Mutex<RimeRuntime?>(nil)

    private init(api: UnsafeMutablePointer<RimeApi>, userDirectory: String) {
        self.api = api
        self.userDirectory = userDirectory
    }

    /// The running RIME, started (and deployed for `schema`) the first time, or why it cannot run.
    static func start(soname: String, userDirectory: String, schema: String) -> Result<RimeRuntime, LibraryError> {
        // Opened first, so that a library missing is said even when RIME runs already.
        if case .failure(let error) = SharedLibrary.open(soname, package: package) { return .failure(error) }
        return running.withLock { current in
            if let current { return .success(current) }
            let started = launch(soname: soname, userDirectory: userDirectory, schema: schema)
            if case .success(let runtime) = started { current = runtime }
            return started
        }
    }

    private static func launch(soname: String, userDirectory: String, schema: String) -> Result<RimeRuntime, LibraryError> {
        for (file, package) in [("\(schema).schema.yaml", "rime-data-luna-pinyin"), ("default.yaml", "rime-prelude")]
        where !FileSystem.isFile(sharedDirectory + "/" + file) {
            return .failure(LibraryError(reason: "\(sharedDirectory)/\(file) is missing", package: package))
        }
        let library: SharedLibrary
        switch SharedLibrary.open(soname, package: RimeRuntime.package) {
        case .success(let l): library = l
        case .failure(let e): return .failure(e)
        }
        guard let getApi = library.function("rime_get_api", as: GetApi.self), let api = getApi() else {
            return .failure(LibraryError(reason: "\(soname) lacks rime_get_api", package: RimeRuntime.package))
        }
        if let problem = FileSystem.makeDirectory(userDirectory, mode: 0o700) {
            return .failure(LibraryError(reason: "cannot make RIME's directory: \(problem)", package: RimeRuntime.package))
        }
        // Only our schema is deployed, whatever else /usr/share/rime-data holds.
        let custom = userDirectory + "/default.custom.yaml"
        if !FileSystem.isFile(custom) {
            write(custom, "patch:\n  schema_list:\n    - schema: \(schema)\n")
        }
        let runtime = RimeRuntime(api: api, userDirectory: userDirectory)
        runtime.initialize()
        FileSystem.restrictToOwner(userDirectory)
        return .success(runtime)
    }

    /// setup + initialize, then the deployment when the data changed (the first time: always).
    private func initialize() {
        var traits = RimeTraits()
        traits.data_size = Int32(MemoryLayout<RimeTraits>.stride - MemoryLayout<Int32>.stride)
        let values: [String] = [RimeRuntime.sharedDirectory, userDirectory, "tapboard", "tapboard", "1", "rime.tapboard"]
        let strings = values.map { strdup($0) }
        defer { for s in strings { free(s) } }
        traits.shared_data_dir = UnsafePointer(strings[0])
        traits.user_data_dir = UnsafePointer(strings[1])
        traits.distribution_name = UnsafePointer(strings[2])
        traits.distribution_code_name = UnsafePointer(strings[3])
        traits.distribution_version = UnsafePointer(strings[4])
        traits.app_name = UnsafePointer(strings[5])
        // Fatal errors only: RIME's log would otherwise hold what the user types.
        traits.min_log_level = 3
        api.pointee.setup!(&traits)
        api.pointee.initialize!(&traits)
        if api.pointee.start_maintenance!(0) != 0 {
            api.pointee.join_maintenance_thread!()
        }
    }

    private static func write(_ path: String, _ text: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        _ = text.utf8CString.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
    }
}
