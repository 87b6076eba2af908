import Glibc

/// The few file-system operations tapboard needs, over libc (no Foundation at start-up).
public enum FileSystem {
    /// Names of the entries of a directory (none if it cannot be read).
    public static func list(_ dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let entry = readdir(d) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    public static func isFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }

    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Creates a directory and its missing parents with `mode`, and gives the directory
    /// itself that mode when it already existed; a one-line reason on failure.
    public static func makeDirectory(_ path: String, mode: mode_t) -> String? {
        var built = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            built += "/" + part
            if mkdir(built, mode) != 0 && errno != EEXIST { return "\(built): \(String(cString: strerror(errno)))" }
        }
        guard isDirectory(path) else { return "\(path): not a directory" }
        chmod(path, mode)
        return nil
    }

    /// Takes group and other permissions off everything under `path` (the engines create
    /// their files with the process's umask): the user's typing history stays the user's.
    public static func restrictToOwner(_ path: String) {
        guard let dir = opendir(path) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let child = path + "/" + name
            var st = stat()
            guard lstat(child, &st) == 0, (st.st_mode & S_IFMT) != S_IFLNK else { continue }
            if st.st_mode & 0o077 != 0 { chmod(child, st.st_mode & 0o7700) }
            if (st.st_mode & S_IFMT) == S_IFDIR { restrictToOwner(child) }
        }
    }
}
