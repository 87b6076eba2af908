import TapboardCore
import TapboardWayland

/// `tapboard` / `tapboard run`: the live keyboard.
func runCommand(_ o: Options, store: LayoutStore) -> Int32 {
    let names = o.layouts.isEmpty ? [o.layout ?? "us"] : o.layouts
    var layouts: [Layout] = []
    for name in names {
        switch store.load(name) {
        case .success(let l): layouts.append(l)
        case .failure(let e):
            printError("tapboard: \(e)")
            return 1
        }
    }
    do {
        let display = try Display()
        let app = try App(display: display, layouts: layouts, startHidden: o.hidden)
        try app.run()
        return 0
    } catch {
        printError("tapboard: \(error)")
        return 1
    }
}
