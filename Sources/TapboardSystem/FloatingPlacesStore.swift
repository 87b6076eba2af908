import Glibc
import TapboardCore
import TapboardWayland

/// Where the user dragged the floating panel, per output and orientation: one line each
/// in `$XDG_STATE_HOME/tapboard/floating-places` (mode 0600), written whole and renamed
/// over the old file. Places only: nothing typed; `tapboard forget` deletes it.
public enum FloatingPlacesStore {
    public static var path: String {
        let state = Files.environment("XDG_STATE_HOME") ?? ((Files.environment("HOME") ?? "") + "/.local/state")
        return state + "/tapboard/floating-places"
    }

    /// The places stored; none when there is no file (or it does not read).
    public static func load() -> FloatingPlaces {
        guard case .success(let text) = Files.read(path) else { return FloatingPlaces() }
        return FloatingPlaces(text: text)
    }

    /// Writes the places; a failure is said and the old file stays.
    public static func save(_ places: FloatingPlaces) {
        let file = path
        let directory = String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)])
        if let problem = FileSystem.makeDirectory(directory, mode: 0o700) {
            printError("tapboard: " + tr("cannot store the floating panel's place: %s", "\(problem)"))
            return
        }
        if let problem = Files.writeAtomically(file, places.text, mode: 0o600) {
            printError("tapboard: " + tr("cannot store the floating panel's place: %s", "\(problem)"))
        }
    }

    /// `tapboard forget`: deletes the file; whether there was one, or an error.
    public static func forget() -> Result<Bool, FileError> {
        let file = path
        guard unlink(file) == 0 else {
            return errno == ENOENT ? .success(false) : .failure(FileError(path: file, reason: Files.errnoText()))
        }
        return .success(true)
    }
}
