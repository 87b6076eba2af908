import Glibc
import TapboardWayland

/// One tapboard per Wayland display: the running one holds an `flock` on
/// `$XDG_RUNTIME_DIR/tapboard-DISPLAY.lock` for its whole life and writes its pid there.
/// The kernel drops the lock when the process ends, however it ends.
public enum Instance {
    /// The display as the user names it (`WAYLAND_DISPLAY`, else wayland-0).
    public static var display: String {
        let d = Files.environment("WAYLAND_DISPLAY") ?? ""
        return d.isEmpty ? "wayland-0" : d
    }

    /// The lock file of this display; nil without `XDG_RUNTIME_DIR`. A socket path inside
    /// the runtime directory and its bare name share one lock.
    static var lockPath: String? {
        guard let runtime = Files.environment("XDG_RUNTIME_DIR"), runtime.hasPrefix("/") else { return nil }
        let dir = runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime
        var name = display
        if name.hasPrefix(dir + "/") { name = String(name.dropFirst(dir.count + 1)) }
        name = String(name.map { $0 == "/" ? "_" : $0 })
        return dir + "/tapboard-" + name + ".lock"
    }

    /// Why the lock was not taken.
    public enum Refusal: Error {
        /// Another tapboard holds it (its pid; 0 while it has not written it yet).
        case held(pid: pid_t)
        /// The file cannot be used: one line for the user.
        case unusable(String)
    }

    /// The descriptor holding the lock: open until the process ends.
    nonisolated(unsafe) private static var heldFD: Int32 = -1

    /// Takes the display's lock and writes this process's pid into it.
    public static func acquire() -> Result<Void, Refusal> {
        guard let path = lockPath else { return .success(()) }
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return .failure(.unusable("cannot open \(path): \(String(cString: strerror(errno)))")) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let refusal =
                errno == EWOULDBLOCK
                ? Refusal.held(pid: readPid(fd)) : .unusable("cannot lock \(path): \(String(cString: strerror(errno)))")
            close(fd)
            return .failure(refusal)
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        heldFD = fd
        return .success(())
    }

    /// The pid of the tapboard running on this display, if one does.
    public static func running() -> pid_t? {
        guard let path = lockPath else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard flock(fd, LOCK_SH | LOCK_NB) != 0, errno == EWOULDBLOCK else { return nil }
        let pid = readPid(fd)
        return pid > 0 ? pid : nil
    }

    /// Stops the running tapboard (SIGTERM, SIGKILL after 2 s) and takes the lock once it
    /// is free; gives up after 3 s.
    public static func replace() -> Result<Void, Refusal> {
        let start = EventLoop.now()
        var stopped: pid_t = 0
        var killed = false
        while true {
            switch acquire() {
            case .success: return .success(())
            case .failure(.unusable(let line)): return .failure(.unusable(line))
            case .failure(.held(let holder)):
                let waited = EventLoop.now() - start
                if waited >= 3000 { return .failure(.held(pid: holder)) }
                if holder > 0, holder != stopped {
                    kill(holder, SIGTERM)
                    stopped = holder
                } else if holder > 0, waited >= 2000, !killed {
                    kill(holder, SIGKILL)
                    killed = true
                }
                usleep(50_000)
            }
        }
    }

    private static func readPid(_ fd: Int32) -> pid_t {
        var bytes = [UInt8](repeating: 0, count: 32)
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return 0 }
        let text = String(decoding: bytes[..<n], as: UTF8.self).split(separator: "\n").first ?? ""
        return pid_t(text) ?? 0
    }
}
