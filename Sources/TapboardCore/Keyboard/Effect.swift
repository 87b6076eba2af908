/// What the keyboard asks the rest of the program to do, as values.
public enum Effect: Sendable, Equatable {
    /// Type this text (the submission layer picks text-input or key events).
    case commitText(String)
    /// Delete one character (grapheme cluster) before the cursor, or the selection.
    case deleteBackward
    /// Delete the word before the cursor (backspace held long).
    case deleteWordBackward
    /// A second space soon after the first: ". " where a sentence ends.
    case doubleSpace
    /// The Return key.
    case enter
    /// A key event by keysym name (or the one character it types), with modifiers.
    case key(String, Modifiers)
    /// Redraw these keys (indices into the current geometry's keys).
    case redrawKeys([Int])
    /// The layer, shift or modifiers changed: redraw the whole panel.
    case redrawAll
    /// Call `timerFired` with this timer after so many milliseconds.
    case schedule(KeyTimer, after: UInt64)
    /// Show (or update) the popup above a held key; close it.
    case showPopup(Popup)
    case closePopup
    /// Show a magnified bubble of this key above it; hide it.
    case showPreview(Int)
    case hidePreview
    /// The globe key: the next keyboard; a keyboard picked from the globe list.
    case nextKeyboard
    case pickKeyboard(String)
    /// One-handed or full width, picked from the globe key's list; a button beside
    /// one-handed keys was tapped.
    case panelMode(PanelMode)
    case hands(HandsMove)
    case hide
    /// A panel's key: show the named layout; go back to the keyboard shown before the panel.
    case openPanel(String)
    case back
    /// A slot of the suggestion strip was tapped.
    /// An engine's candidate (its rank) was tapped on the candidates panel.
    case pickCandidate(Int)
    /// The candidates panel is to open, close or turn a page.
    case moveCandidates(CandidatesMove)
    case pickSuggestion(Int)
    /// A button of the form toolbar was tapped.
    case toolbar(ToolbarButton)
    /// The clipboard history: open its panel (a long press on Paste too), paste an item, clear.
    case clipboard(ClipboardAction)
    /// A slide from a letter key became a stroke (its trail shows from here).
    case strokeStarted
    /// The stroke's trail moved or went: the panel is drawn again.
    case trailMoved
    /// A stroke ended: this trace is to be read as a word.
    case stroke(GlideTrace)
}

/// Timed work the keyboard asks for; each names the press it belongs to, so a timer
/// that outlived its press does nothing.
public enum KeyTimer: Sendable, Hashable {
    case longPress(press: Int)
    case repeatKey(press: Int)
}

/// Shift: off, for the next letter, or locked (caps lock).
public enum ShiftState: Sendable, Equatable {
    case off, once, locked
}

/// Timings, in milliseconds.
public struct KeyTimings: Sendable, Equatable {
    public var longPress: UInt64 = 400
    public var repeatDelay: UInt64 = 600
    /// Milliseconds between repeats.
    public var repeatInterval: UInt64 = 40
    /// A second shift tap within this time locks shift; a second space, ". ".
    public var doubleTap: UInt64 = 300
    public var doubleSpace: UInt64 = 500
    /// Repeats of backspace before it deletes whole words.
    public var repeatsBeforeWords = 15
    /// Logical pixels a finger moves along the space bar per cursor step.
    public var cursorStep = 16.0
    public init() {}
}
