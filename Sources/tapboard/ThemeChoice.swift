import TapboardCore
import TapboardRender
import TapboardSystem
import TapboardWayland

/// The theme a `theme` setting or `--theme` names: `auto` follows the desktop's colour
/// scheme (`scheme`, the portal's value), a built-in's name is that theme, anything else a
/// theme file (`~/` is the home directory). A file that cannot be read: one line, and dark.
func chooseTheme(_ choice: String, scheme: () -> UInt32? = ColorScheme.current) -> Theme {
    if choice == "auto" { return Theme.forColorScheme(scheme()) }
    if let theme = Theme.named(choice) { return theme }
    let path = choice.hasPrefix("~/") ? (Files.environment("HOME") ?? "") + choice.dropFirst() : choice
    switch Files.read(path) {
    case .failure(let e):
        printError("tapboard: \(e); " + tr("using the dark theme"))
        return .dark
    case .success(let text):
        let (theme, warnings) = ThemeFile.parse(text, file: path)
        for w in warnings { printError("tapboard: \(w)") }
        return theme
    }
}
