// Kinds of `KeyAction` whose behaviour lives in other folders (Toolbar, Controller).

/// A button of the form toolbar, left to right.
public enum ToolbarButton: String, Sendable, Equatable, CaseIterable {
    /// Shift+Tab: the field before.
    case previousField = "previous-field"
    /// Tab: the field after.
    case nextField = "next-field"
    /// The clipboard's text into the field (only while the clipboard holds text).
    case paste
    /// Hides the panel until a field is touched or another is focused.
    case done
}

/// What a clipboard key or a long press on Paste asks for.
public enum ClipboardAction: Sendable, Equatable {
    /// Show the clipboard panel (a long press on Paste, or a layout's `clipboard` key).
    case open
    /// Paste the history's item at this index (0: the newest).
    case paste(Int)
    /// Forget every item.
    case clear
}

/// A button beside one-handed keys, on the panel's free side.
public enum HandsMove: String, Sendable, Equatable, CaseIterable {
    /// The keys go to the other edge.
    case otherSide = "one-handed-swap"
    /// The keys take the whole width again.
    case fullWidth = "one-handed-off"
}
