import TapboardRender
import TapboardSystem

extension App {
    /// Follows the desktop's colour scheme while running (`theme = auto`): a change the
    /// portal announces redraws the panel in the light or dark theme.
    func follow(_ scheme: ColorScheme) {
        scheme.onChange = { [unowned self] value in self.presenter.use(Theme.forColorScheme(value)) }
        if scheme.watch() { loop.add(scheme) } else { scheme.close() }
    }
}
