import Glibc

/// Writes one line to standard error in a single write, so that lines from several
/// processes (a test's children, a session's log) stay whole. Never what the user types.
public func printError(_ line: String) {
    let text = line + "\n"
    text.utf8CString.withUnsafeBytes { raw in
        _ = write(STDERR_FILENO, raw.baseAddress, raw.count - 1)
    }
}
