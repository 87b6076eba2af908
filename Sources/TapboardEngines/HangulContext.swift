/// One libhangul input context (`HangulInputContext *`), freed with the object. libhangul
/// (Debian libhangul1) is opened with dlopen when the first context is made.
final class HangulContext: @unchecked Sendable {
    /// `HangulInputContext* hangul_ic_new(const char* keyboard)`
    typealias New = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    /// `void hangul_ic_delete(HangulInputContext *hic)`
    typealias Delete = @convention(c) (OpaquePointer?) -> Void
    /// `bool hangul_ic_process(HangulInputContext *hic, int ascii)`
    typealias Process = @convention(c) (OpaquePointer?, Int32) -> Bool
    /// `bool hangul_ic_backspace(HangulInputContext *hic)`
    typealias Backspace = @convention(c) (OpaquePointer?) -> Bool
    /// `void hangul_ic_reset(HangulInputContext *hic)`
    typealias Reset = @convention(c) (OpaquePointer?) -> Void
    /// `const ucschar* hangul_ic_get_preedit_string(HangulInputContext *hic)`, also
    /// `hangul_ic_get_commit_string` and `hangul_ic_flush` (ucschar: uint32_t, 0-terminated)
    typealias Text = @convention(c) (OpaquePointer?) -> UnsafePointer<UInt32>?

    /// The Debian package that carries the library.
    static let package = "libhangul1"

    private let handle: OpaquePointer
    private let delete: Delete
    private let processKey: Process
    private let backspaceKey: Backspace
    private let resetContext: Reset
    private let preeditText: Text
    private let commitText: Text
    private let flushText: Text

    /// A context for `keyboard` ("2": dubeolsik), or why there is none.
    static func make(soname: String, keyboard: String) -> Result<HangulContext, LibraryError> {
        let library: SharedLibrary
        switch SharedLibrary.open(soname, package: package) {
        case .success(let l): library = l
        case .failure(let e): return .failure(e)
        }
        guard let new = library.function("hangul_ic_new", as: New.self),
            let delete = library.function("hangul_ic_delete", as: Delete.self),
            let process = library.function("hangul_ic_process", as: Process.self),
            let backspace = library.function("hangul_ic_backspace", as: Backspace.self),
            let reset = library.function("hangul_ic_reset", as: Reset.self),
            let preedit = library.function("hangul_ic_get_preedit_string", as: Text.self),
            let commit = library.function("hangul_ic_get_commit_string", as: Text.self),
            let flush = library.function("hangul_ic_flush", as: Text.self)
        else { return .failure(LibraryError(reason: "\(soname) lacks the hangul_ic_* functions", package: package)) }
        guard let handle = new(keyboard) else {
            return .failure(LibraryError(reason: "libhangul has no keyboard \"\(keyboard)\"", package: package))
        }
        return .success(
            HangulContext(
                handle: handle, delete: delete, process: process, backspace: backspace, reset: reset,
                preedit: preedit, commit: commit, flush: flush))
    }

    private init(
        handle: OpaquePointer, delete: @escaping Delete, process: @escaping Process, backspace: @escaping Backspace,
        reset: @escaping Reset, preedit: @escaping Text, commit: @escaping Text, flush: @escaping Text
    ) {
        self.handle = handle
        self.delete = delete
        self.processKey = process
        self.backspaceKey = backspace
        self.resetContext = reset
        self.preeditText = preedit
        self.commitText = commit
        self.flushText = flush
    }

    deinit { delete(handle) }

    /// Feeds one key of the QWERTY layout libhangul's keyboard is defined on; whether it was used.
    func process(_ ascii: UInt8) -> Bool { processKey(handle, Int32(ascii)) }

    /// Takes the last jamo back; false when nothing was being composed.
    func backspace() -> Bool { backspaceKey(handle) }

    /// Forgets the syllable being composed.
    func reset() { resetContext(handle) }

    /// The syllable being composed.
    var preedit: String { HangulContext.string(preeditText(handle)) }

    /// What the last key completed (valid until the next key).
    var commit: String { HangulContext.string(commitText(handle)) }

    /// Ends the syllable being composed and gives it.
    func flush() -> String { HangulContext.string(flushText(handle)) }

    /// A 0-terminated UCS-4 string as a Swift String (invalid scalars are dropped).
    static func string(_ ucs: UnsafePointer<UInt32>?) -> String {
        guard var p = ucs else { return "" }
        var scalars = String.UnicodeScalarView()
        while p.pointee != 0 {
            if let s = Unicode.Scalar(p.pointee) { scalars.append(s) }
            p += 1
        }
        return String(scalars)
    }
}
