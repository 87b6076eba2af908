import Glibc
import TapboardCore
import TapboardWayland

/// The only thing tapboard stores: the user's learned words, one file per language
/// (`$XDG_DATA_HOME/tapboard/learned-LANG.txt`), mode 0600, written whole to a
/// temporary file and renamed over the old one, so a full disk leaves the old file.
public enum LearnedStore {
    public static var directory: String {
        let data = Files.environment("XDG_DATA_HOME") ?? ((Files.environment("HOME") ?? "") + "/.local/share")
        return data + "/tapboard"
    }

    static func path(_ language: String) -> String { directory + "/learned-\(language).txt" }

    public static func load(_ language: String) -> LearnedWords {
        guard language.allSatisfy({ $0.isLetter }), case .success(let text) = Files.read(path(language)) else {
            return LearnedWords()
        }
        return LearnedWords(parsing: text)
    }

    /// Writes the words; a failure is said (without the words) and the old file stays.
    public static func save(_ words: LearnedWords, language: String) {
        guard language.allSatisfy({ $0.isLetter }) else { return }
        if let problem = FileSystem.makeDirectory(directory, mode: 0o700) {
            printError("tapboard: " + tr("cannot store learned words: %s", "\(problem)"))
            return
        }
        if let problem = Files.writeAtomically(path(language), words.serialized(), mode: 0o600) {
            printError("tapboard: " + tr("cannot store learned words: %s", "\(problem)"))
        }
    }

    /// `tapboard forget`: deletes every learned-words file and the engines' user data (RIME's,
    /// Anthy's); the number of files deleted, or an error.
    public static func forgetAll() -> Result<Int, FileError> {
        var removed = 0
        for folder in EngineOpener.userDataFolders {
            switch Files.removeTree(directory + "/" + folder) {
            case .success(let n): removed += n
            case .failure(let e): return .failure(e)
            }
        }
        for name in FileSystem.list(directory) where name.hasPrefix("learned-") {
            let p = directory + "/" + name
            guard unlink(p) == 0 else { return .failure(FileError(path: p, reason: Files.errnoText())) }
            removed += 1
        }
        return .success(removed)
    }
}

extension Files {
    /// Deletes `path` and everything under it (symbolic links as links, never followed); the
    /// number of files deleted (0 when it is not there), or the first error.
    static func removeTree(_ path: String) -> Result<Int, FileError> {
        var st = stat()
        guard lstat(path, &st) == 0 else {
            return errno == ENOENT ? .success(0) : .failure(FileError(path: path, reason: errnoText()))
        }
        var removed = 0
        if st.st_mode & S_IFMT == S_IFDIR {
            for name in FileSystem.list(path) {
                switch removeTree(path + "/" + name) {
                case .success(let n): removed += n
                case .failure(let e): return .failure(e)
                }
            }
            guard rmdir(path) == 0 else { return .failure(FileError(path: path, reason: errnoText())) }
            return .success(removed)
        }
        guard unlink(path) == 0 else { return .failure(FileError(path: path, reason: errnoText())) }
        return .success(1)
    }

    /// Writes `text` to `path` through a temporary file in the same directory, synced and
    /// renamed into place; a message on failure, and the old file untouched.
    static func writeAtomically(_ path: String, _ text: String, mode: mode_t) -> String? {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { return "\(temporary): \(errnoText())" }
        fchmod(fd, mode)
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let reason = errnoText()
                close(fd)
                unlink(temporary)
                return "\(temporary): \(reason)"
            }
            written += n
        }
        let synced = fsync(fd) == 0
        let reason = errnoText()
        guard synced, close(fd) == 0 || !synced else {
            if synced == false { close(fd) }
            unlink(temporary)
            return "\(temporary): \(synced ? errnoText() : reason)"
        }
        guard rename(temporary, path) == 0 else {
            let reason = errnoText()
            unlink(temporary)
            return "\(path): \(reason)"
        }
        return nil
    }
}
