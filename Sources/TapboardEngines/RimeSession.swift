internal import CRime
import TapboardCore

/// One RIME session (`RimeSessionId`) with its schema selected, destroyed with the object.
/// Every call into librime goes through here, through the `RimeApi` table.
final class RimeSession: @unchecked Sendable {
    /// The X keysym RIME takes for backspace (XK_BackSpace).
    private static let backspaceKey: Int32 = 0xff08
    /// At most this many candidates are read (a syllable like "shi" has hundreds).
    static let candidateLimit = 300

    private let runtime: RimeRuntime
    private let id: RimeSessionId
    private var api: RimeApi { runtime.api.pointee }

    /// A session of `schema`, or nil when RIME refuses it.
    init?(runtime: RimeRuntime, schema: String) {
        let api = runtime.api.pointee
        let id = api.create_session!()
        guard id != 0 else { return nil }
        guard api.select_schema!(id, schema) != 0 else {
            _ = api.destroy_session!(id)
            return nil
        }
        self.runtime = runtime
        self.id = id
    }

    deinit {
        _ = api.destroy_session!(id)
        FileSystem.restrictToOwner(runtime.userDirectory)
    }

    /// Sends a key (an ASCII code or X keysym) to the engine; whether it handled it.
    func process(_ key: Int32) -> Swift.Bool { api.process_key!(id, key, 0) != 0 }

    /// Backspace to the engine: steps the input back.
    func backspace() -> Swift.Bool { process(RimeSession.backspaceKey) }

    /// Selects candidate `index` of the whole list (not of a page).
    func select(_ index: Int) -> Swift.Bool { index >= 0 && api.select_candidate!(id, index) != 0 }

    /// Commits the composition as the engine would convert it now.
    func commitComposition() { _ = api.commit_composition!(id) }

    /// Drops the composition, nothing committed.
    func clearComposition() { api.clear_composition!(id) }

    /// The text the engine committed since last asked ("" when none).
    func takeCommit() -> String {
        var commit = RimeCommit()
        commit.data_size = Int32(MemoryLayout<RimeCommit>.stride - MemoryLayout<Int32>.stride)
        guard api.get_commit!(id, &commit) != 0 else { return "" }
        defer { _ = api.free_commit!(&commit) }
        let text = commit.text.map { String(cString: $0) } ?? ""
        // The commit may have written to the user dictionary.
        if !text.isEmpty { FileSystem.restrictToOwner(runtime.userDirectory) }
        return text
    }

    /// The composition as shown: its text (pinyin as segmented, chosen parts converted),
    /// the cursor and the start of the part not yet chosen, both in bytes of UTF-8.
    func composition() -> (text: String, cursor: Int, selectionStart: Int) {
        var context = RimeContext()
        context.data_size = Int32(MemoryLayout<RimeContext>.stride - MemoryLayout<Int32>.stride)
        guard api.get_context!(id, &context) != 0 else { return ("", 0, 0) }
        defer { _ = api.free_context!(&context) }
        let c = context.composition
        guard c.length > 0, let text = c.preedit else { return ("", 0, 0) }
        return (String(cString: text), Int(c.cursor_pos), Int(c.sel_start))
    }

    /// The raw input (the letters typed).
    var input: String { api.get_input!(id).map { String(cString: $0) } ?? "" }

    /// The candidates of the open input, best first: the first `limit` (at most `candidateLimit`).
    func candidates(limit: Int = RimeSession.candidateLimit) -> [String] {
        var iterator = RimeCandidateListIterator()
        guard api.candidate_list_begin!(id, &iterator) != 0 else { return [] }
        defer { api.candidate_list_end!(&iterator) }
        var list: [String] = []
        let limit = min(limit, RimeSession.candidateLimit)
        while list.count < limit, api.candidate_list_next!(&iterator) != 0 {
            list.append(iterator.candidate.text.map { String(cString: $0) } ?? "")
        }
        return list
    }
}
