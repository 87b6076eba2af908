import TapboardCore
import TapboardRender
import TapboardSystem

/// What `tapboard check` finds beyond the format: pictures that are missing or cannot be
/// decoded, and `open` keys naming no layout. One line per problem, `FILE:LINE:COLUMN: ...`.
func referenceProblems(_ layout: Layout, file: String, store: LayoutStore) -> [String] {
    var problems: [String] = []
    let folder = Layout.folder(of: file)
    for ref in layout.references {
        let at = "\(file):\(ref.position)"
        switch ref.kind {
        case .image:
            if !FileSystem.isFile(ref.path) {
                problems.append("\(at): no image \"\(ref.name)\" beside the layout file (looked for \(ref.path))")
            } else if let problem = KeyImageCheck.problem(at: ref.path) {
                problems.append("\(at): image \"\(ref.name)\": \(problem)")
            }
        case .layout:
            // A layout in the same folder counts: panels are often drafted beside the keyboard that opens them.
            guard store.path(of: ref.name) == nil, !FileSystem.isFile(folder + "/" + ref.name + ".json") else { continue }
            let known = store.available().map(\.name).joined(separator: ", ")
            problems.append("\(at): \"open\" names no layout \"\(ref.name)\" (available: \(known))")
        }
    }
    return problems
}
