import TapboardCore

/// Finds keyboards on disk. Earlier directories win, so a user's
/// `$XDG_DATA_HOME/tapboard/layouts/us.json` replaces the shipped `us`.
public struct LayoutStore {
    /// Directories searched, highest priority first.
    let directories: [String]

    public init(environment: (String) -> String? = Files.environment) {
        var dirs: [String] = []
        if let override = environment("TAPBOARD_LAYOUTS") { dirs.append(override) }
        if let data = environment("XDG_DATA_HOME") {
            dirs.append(data + "/tapboard/layouts")
        } else if let home = environment("HOME") {
            dirs.append(home + "/.local/share/tapboard/layouts")
        }
        if let exe = Files.executableDirectory() {
            // The binary's own data before other prefixes'. Installed: PREFIX/bin/tapboard
            // -> PREFIX/share/tapboard; in the source tree: .build/TRIPLE/CONFIG -> ./layouts.
            dirs.append(Files.parent(exe) + "/share/tapboard/layouts")
            dirs.append(Files.parent(exe, levels: 3) + "/layouts")
        }
        for d in (environment("XDG_DATA_DIRS") ?? "/usr/local/share:/usr/share").split(separator: ":") {
            dirs.append(d + "/tapboard/layouts")
        }
        directories = dirs.filter(FileSystem.isDirectory)
    }

    /// Every keyboard name found, each with the file that provides it.
    public func available() -> [(name: String, path: String)] {
        var seen: [String: String] = [:]
        var order: [String] = []
        for dir in directories {
            for file in FileSystem.list(dir) where file.hasSuffix(".json") {
                let name = String(file.dropLast(5))
                if seen[name] == nil {
                    seen[name] = dir + "/" + file
                    order.append(name)
                }
            }
        }
        return order.sorted().map { ($0, seen[$0]!) }
    }

    public func path(of name: String) -> String? {
        guard !name.isEmpty, !name.contains("/") else { return nil }
        return directories.lazy.map { $0 + "/" + name + ".json" }.first(where: FileSystem.isFile)
    }

    /// Loads a keyboard by name; the error is one or more lines ready to print.
    public func load(_ name: String) -> Result<Layout, StoreError> {
        guard let path = path(of: name) else {
            let valid = available().map(\.name).joined(separator: ", ")
            return .failure(StoreError(message: "unknown keyboard \"\(name)\" (available: \(valid))"))
        }
        return LayoutStore.loadFile(path)
    }

    public static func loadFile(_ path: String) -> Result<Layout, StoreError> {
        let text: String
        switch Files.read(path) {
        case .success(let t): text = t
        case .failure(let e): return .failure(StoreError(message: e.description))
        }
        let base = path.split(separator: "/").last.map(String.init) ?? path
        let stem = base.hasSuffix(".json") ? String(base.dropLast(5)) : base
        do {
            return .success(try LayoutParser.parse(text, file: path, defaultName: stem))
        } catch {
            return .failure(StoreError(message: error.description))
        }
    }
}

public struct StoreError: Error, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
