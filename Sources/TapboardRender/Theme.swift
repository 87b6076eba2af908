/// An RGB colour with alpha, components 0...1.
public struct Color: Sendable, Equatable {
    public var r, g, b, a: Double
    public init(_ hex: UInt32, alpha: Double = 1) {
        r = Double((hex >> 16) & 0xff) / 255
        g = Double((hex >> 8) & 0xff) / 255
        b = Double(hex & 0xff) / 255
        a = alpha
    }
}

/// Colours and proportions of the panel.
public struct Theme: Sendable {
    public var background = Color(0x1b1c20)
    public var key = Color(0x44464f)
    public var specialKey = Color(0x2e3037)
    public var pressedKey = Color(0x7b7f8e)
    public var accentKey = Color(0x3b6fd8)
    public var label = Color(0xf2f3f5)
    public var popup = Color(0x575a66)
    public var secondaryLabel = Color(0xb4b7c0)
    /// Corner radius as a share of the key's shorter side.
    public var cornerRadius = 0.14
    /// Label size as a share of the key height (letters; longer labels get smaller).
    public var labelSize = 0.42
    public var fontFamily = "Sans"

    public init() {}
    public static let dark = Theme()
}
