/// An edit of the focused field, in the terms of zwp_input_method_v2.
public struct TextEdit: Sendable, Equatable {
    /// Bytes to delete before and after the cursor (outside any selection).
    public var deleteBefore: Int = 0
    public var deleteAfter: Int = 0
    /// Text to insert at the cursor afterwards; it replaces a selection.
    public var insert: String = ""
    /// The preedit the field shows after it, set in the same commit: the protocol applies
    /// delete, text and preedit as one unit (an engine's pick with input left over). Empty:
    /// none (every commit clears the one before).
    public var preedit: String = ""
    /// Where the preedit's cursor is, in Characters; nil: at its end.
    public var preeditCursor: Int?

    public init(
        deleteBefore: Int = 0, deleteAfter: Int = 0, insert: String = "", preedit: String = "", preeditCursor: Int? = nil
    ) {
        self.deleteBefore = deleteBefore
        self.deleteAfter = deleteAfter
        self.insert = insert
        self.preedit = preedit
        self.preeditCursor = preeditCursor
    }

    public var deletes: Bool { deleteBefore > 0 || deleteAfter > 0 }
}

extension SurroundingText {
    /// Whether the offsets fit the text and fall on character boundaries.
    public var isValid: Bool {
        let utf8 = text.utf8
        let count = utf8.count
        func fits(_ offset: Int) -> Bool {
            guard offset >= 0, offset <= count else { return false }
            return offset == count || utf8[utf8.index(utf8.startIndex, offsetBy: offset)] & 0xC0 != 0x80
        }
        return fits(cursor) && fits(anchor)
    }

    public var hasSelection: Bool { cursor != anchor }

    /// The text before the cursor (before the selection, if any); nil if the offsets are bad.
    public var beforeCursor: Substring? {
        guard isValid else { return nil }
        return String(decoding: text.utf8[..<utf8Index(min(cursor, anchor))], as: UTF8.self)[...]
    }

    /// The selected text; nil if the offsets are bad.
    public var selected: String? {
        guard isValid else { return nil }
        return String(decoding: text.utf8[utf8Index(min(cursor, anchor))..<utf8Index(max(cursor, anchor))], as: UTF8.self)
    }

    /// The index `offset` bytes into the text (O(1) for native strings).
    private func utf8Index(_ offset: Int) -> String.Index {
        text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    }

    /// What one backspace removes before the cursor: the last code point, as phone
    /// keyboards do (क्ष loses its ष, a combining accent goes alone), except emoji
    /// sequences (ZWJ, skin tones, flags, keycaps, variation selectors) and CR LF,
    /// which go whole. Nil at the start of the text, with a selection, or with bad offsets.
    public var backspaceUnit: String? {
        guard !hasSelection, let before = beforeCursor, let last = before.last else { return nil }
        let scalars = last.unicodeScalars
        if scalars.count == 1 || last == "\r\n" || SurroundingText.isEmojiSequence(last) { return String(last) }
        return String(scalars.last!)
    }

    static func isEmojiSequence(_ c: Character) -> Bool {
        let scalars = c.unicodeScalars
        if scalars.first?.properties.isEmojiPresentation == true { return true }
        return scalars.contains { s in
            switch s.value {
            case 0x200D, 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF, 0xE0020...0xE007F: true
            default: false
            }
        }
    }

    /// The state after `edit`, as the client should report it: the selection is replaced,
    /// then bytes around the cursor are deleted, then the text is inserted.
    public mutating func apply(_ edit: TextEdit) {
        guard isValid else { return }
        let start = min(cursor, anchor)
        let selection = max(cursor, anchor) - start
        // Offsets in the text without its selection; the kept end starts at `upper` there.
        let remaining = text.utf8.count - selection
        let lower = min(max(start - edit.deleteBefore, 0), remaining)
        let upper = min(max(start + edit.deleteAfter, lower), remaining)
        var old = text
        var insert = edit.insert
        let inserted = insert.utf8.count
        // The kept bytes and the insertion joined in one string, decoded as UTF-8 (a
        // character cut by the deletion is repaired, as a client would).
        text = old.withUTF8 { old in
            insert.withUTF8 { new in String(utf8Joining: old[..<lower], new, old[(upper + selection)...]) }
        }
        cursor = lower + inserted
        anchor = cursor
    }

    /// The state after a BackSpace key: the selection, or one backspace unit, gone.
    public mutating func applyBackspaceKey() {
        if hasSelection {
            apply(TextEdit())
        } else if let unit = backspaceUnit {
            apply(TextEdit(deleteBefore: unit.utf8.count))
        }
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
