/// An edit of the focused field, in the terms of zwp_input_method_v2.
public struct TextEdit: Sendable, Equatable {
    /// Bytes to delete before and after the cursor.
    public var deleteBefore: Int = 0
    public var deleteAfter: Int = 0
    /// Text to insert at the cursor afterwards.
    public var insert: String = ""

    public init(deleteBefore: Int = 0, deleteAfter: Int = 0, insert: String = "") {
        self.deleteBefore = deleteBefore
        self.deleteAfter = deleteAfter
        self.insert = insert
    }
}

extension SurroundingText {
    /// The edit that deletes the selection, or the grapheme cluster before the cursor.
    /// Nil when there is nothing before the cursor or the offsets do not fit the text.
    public func backspaceEdit() -> TextEdit? {
        let bytes = Array(text.utf8)
        guard cursor >= 0, cursor <= bytes.count, anchor >= 0, anchor <= bytes.count else { return nil }
        if anchor != cursor {
            return TextEdit(deleteBefore: max(cursor - anchor, 0), deleteAfter: max(anchor - cursor, 0))
        }
        guard cursor > 0 else { return nil }
        // Decoding a prefix that ends inside a character would misplace the cut.
        guard let before = String(validating: bytes[..<cursor], as: UTF8.self),
              let last = before.last else { return nil }
        return TextEdit(deleteBefore: last.utf8.count)
    }

    /// The state after `edit` is applied, as the client would report it.
    public mutating func apply(_ edit: TextEdit) {
        var bytes = Array(text.utf8)
        let lower = min(max(cursor - edit.deleteBefore, 0), bytes.count)
        let upper = min(max(cursor + edit.deleteAfter, 0), bytes.count)
        guard lower <= upper else { return }
        let inserted = Array(edit.insert.utf8)
        bytes.replaceSubrange(lower..<upper, with: inserted)
        text = String(decoding: bytes, as: UTF8.self)
        cursor = lower + inserted.count
        anchor = cursor
    }
}

/// Splits text into pieces of at most `limit` UTF-8 bytes, never inside a character.
public func splitUTF8(_ text: String, limit: Int = 4000) -> [String] {
    guard text.utf8.count > limit else { return [text] }
    var pieces: [String] = []
    var piece = ""
    var size = 0
    for ch in text {
        let n = ch.utf8.count
        if size + n > limit, !piece.isEmpty {
            pieces.append(piece)
            piece = ""
            size = 0
        }
        piece.append(ch)
        size += n
    }
    if !piece.isEmpty { pieces.append(piece) }
    return pieces
}
