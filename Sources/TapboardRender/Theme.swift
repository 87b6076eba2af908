/// An RGB colour with alpha, components 0...1.
public struct Color: Sendable, Hashable {
    public var r, g, b, a: Double
    public init(_ hex: UInt32, alpha: Double = 1) {
        r = Double((hex >> 16) & 0xff) / 255
        g = Double((hex >> 8) & 0xff) / 255
        b = Double(hex & 0xff) / 255
        a = alpha
    }
}

/// Colours and proportions of the panel.
public struct Theme: Sendable, Equatable {
    public var background = Color(0x1b1c20)
    public var key = Color(0x44464f)
    public var specialKey = Color(0x2e3037)
    public var pressedKey = Color(0x7b7f8e)
    public var accentKey = Color(0x3b6fd8)
    public var label = Color(0xf2f3f5)
    public var popup = Color(0x575a66)
    public var secondaryLabel = Color(0xb4b7c0)
    /// Ink on the accent (return) key and on the selected popup item.
    public var accentLabel = Color(0xf2f3f5)
    /// Ink on a key held down.
    public var pressedLabel = Color(0xf2f3f5)
    /// Outline of key caps and popups; drawn when `borderWidth` is above 0.
    public var border = Color(0xffffff)
    /// Outline width in logical pixels.
    public var borderWidth = 0.0
    /// Space between key caps in logical pixels; nil: the geometry's spacing. Only the
    /// drawn caps change: each key's touch area stays the same.
    public var gap: Double?
    /// Corner radius as a share of the key's shorter side.
    public var cornerRadius = 0.14
    /// Label size as a share of the key height (letters; longer labels get smaller).
    public var labelSize = 0.42
    public var fontFamily = "Sans"

    public init() {}

    /// Light letters on dark keys: the default.
    public static let dark = Theme()

    /// Dark letters on light keys.
    public static let light: Theme = {
        var t = Theme()
        t.background = Color(0xd5d8de)
        t.key = Color(0xffffff)
        t.specialKey = Color(0xaeb3bd)
        t.pressedKey = Color(0x8c919c)
        t.accentKey = Color(0x2858b8)
        t.label = Color(0x15161a)
        t.popup = Color(0xf4f5f7)
        t.secondaryLabel = Color(0x4e525c)
        t.accentLabel = Color(0xffffff)
        t.pressedLabel = Color(0x000000)
        return t
    }()

    /// Pure white on pure black with white outlines and bold labels, for low vision; a held
    /// key turns white with black ink.
    public static let highContrast: Theme = {
        var t = Theme()
        t.background = Color(0x000000)
        t.key = Color(0x000000)
        t.specialKey = Color(0x000000)
        t.pressedKey = Color(0xffffff)
        t.accentKey = Color(0xffffff)
        t.label = Color(0xffffff)
        t.popup = Color(0x000000)
        t.secondaryLabel = Color(0xffffff)
        t.accentLabel = Color(0x000000)
        t.pressedLabel = Color(0x000000)
        t.border = Color(0xffffff)
        t.borderWidth = 2
        t.labelSize = 0.48
        t.fontFamily = "Sans Bold"
        return t
    }()

    /// The built-in themes by the names the config file and `--theme` use.
    public static let builtIn: [(name: String, theme: Theme)] = [
        ("light", light), ("dark", dark), ("high-contrast", highContrast)
    ]

    /// The built-in theme called `name`, nil if there is none.
    public static func named(_ name: String) -> Theme? { builtIn.first { $0.name == name }?.theme }

    /// The theme for the desktop's colour scheme: the settings portal's
    /// `org.freedesktop.appearance color-scheme` (1 prefer dark, 2 prefer light, 0 no
    /// preference), nil when it could not be read. Anything but "prefer light" is dark.
    public static func forColorScheme(_ value: UInt32?) -> Theme { value == 2 ? light : dark }
}
