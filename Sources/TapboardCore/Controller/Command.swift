/// What the controller asks the Wayland side to do, as values.
public enum Command: Sendable, Equatable {
    /// delete_surrounding_text + commit_string + commit through text-input.
    case edit(TextEdit)
    /// Type text as key events through the virtual keyboard.
    case typeKeys(String)
    /// One key event by keysym name (or the character it types), with modifiers.
    case key(String, Modifiers)
    /// Show this text as the field's preedit (an open dead-key, compose or Telex
    /// sequence, an engine's input), the cursor after `cursor` Characters (nil: at its
    /// end); empty: none.
    case preedit(String, cursor: Int? = nil)
    /// The user's words in this language changed: store them.
    case saveLearned(language: String, LearnedWords)
    /// Redraw these keys (indices into `Controller.geometry`); nil: the whole panel.
    case redraw([Int]?)
    /// Put the panel on screen at this height; take it away (releasing held keys).
    case showPanel(height: Int)
    case hidePanel
    /// Dock the panel's surface, or float it at a place and width (a `panelConfigured`
    /// follows a new width, a `panelPlaced` the compositor's taking it). Comes before
    /// `showPanel` for a panel that is not yet on screen.
    case placePanel(PanelPlace)
    /// Store the floating panels' places.
    case saveFloatingPlaces(FloatingPlaces)
    /// Ask the compositor for another panel height (a `panelConfigured` follows).
    case setPanelHeight(Int)
    case schedule(ControllerTimer, after: UInt64)
    case cancel(ControllerTimer)
    /// The popup above a held key (alternates, the keyboard list); its frame is in panel coordinates.
    case showPopup(Popup)
    case closePopup
    /// The magnified bubble over a pressed key.
    case showPreview(Popup)
    case hidePreview
    /// Another keyboard is shown: its characters should be in the virtual keyboard's keymap.
    case keyboardShown(Layout)
    /// Read the clipboard's text and hand it to `Controller.pasted` (the toolbar's Paste).
    case paste
    /// One line for the user on standard error (never typed text).
    case say(String)
}

/// Timed work the controller asks for.
public enum ControllerTimer: Sendable, Hashable {
    case key(KeyTimer)
    /// Focus left the field: hide unless another field takes it meanwhile.
    case hideAfterFocusLoss
    /// The keyboard's name on the space bar after a switch goes away.
    case spaceLabel
    /// Learned words are written a moment after they change, not on every word.
    case saveLearned
}

/// Suggestions for a keyboard (its language's words, its keys' neighbours), and the
/// user's learned words by language (`en`, `de`).
public protocol SuggestionLibrary {
    /// The keyboard's suggestions, opened on first use; nil: it has none, or they are not
    /// open yet (see `offersSuggestions`).
    func provider(for layout: Layout) -> (any SuggestionProvider)?
    /// Whether the keyboard has suggestions, told without opening them where that can be,
    /// so that the strip keeps its place while they open.
    func offersSuggestions(for layout: Layout) -> Bool
    func learnedWords(for language: String) -> LearnedWords
    /// What reads the keyboard's glide strokes; nil: strokes type nothing.
    func strokeReader(for layout: Layout) -> (any StrokeReader)?
}

extension SuggestionLibrary {
    public func offersSuggestions(for layout: Layout) -> Bool { provider(for: layout) != nil }
    /// The keyboard's suggestions read strokes where they can.
    public func strokeReader(for layout: Layout) -> (any StrokeReader)? { provider(for: layout) as? any StrokeReader }
}

/// Keyboards by name, for the controller to load when the user or a field asks.
public protocol LayoutLibrary {
    func isAvailable(_ name: String) -> Bool
    func load(_ name: String) -> Result<Layout, LayoutLoadError>
}

public struct LayoutLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
