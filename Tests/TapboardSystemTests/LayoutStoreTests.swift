import Glibc
import TestSupport
import Testing

@testable import TapboardSystem

/// Where keyboards are found: the user's own before the shipped ones, errors that name the file.
@Suite struct LayoutStoreTests {
    /// A fresh directory under /tmp, removed by the caller.
    func temporaryDirectory() throws -> String {
        var template = Array("/tmp/tapboard-store-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return try #require(made.map { String(cString: $0) })
    }

    func write(_ text: String, to path: String) {
        let f = fopen(path, "w")
        fputs(text, f)
        fclose(f)
    }

    func store(userLayouts: String) -> LayoutStore {
        LayoutStore(environment: { name in
            switch name {
            case "TAPBOARD_LAYOUTS": userLayouts
            case "XDG_DATA_DIRS": Repository.root + "/.no-such-dir"
            default: nil
            }
        })
    }

    @Test func theUsersKeyboardReplacesTheShippedOneOfTheSameName() throws {
        let dir = try temporaryDirectory()
        defer { _ = Files.removeTree(dir) }
        write(#"{"name": "us", "layers": [{"name": "base", "rows": [["q", "w"]]}]}"#, to: dir + "/us.json")
        let layouts = store(userLayouts: dir)
        let us = try layouts.load("us").get()
        #expect(us.layers[0].rows[0].map(\.label) == ["q", "w"])
        #expect(layouts.path(of: "us") == dir + "/us.json")
        #expect(layouts.available().first { $0.name == "us" }?.path == dir + "/us.json")
    }

    @Test func aBrokenFileIsRefusedWithItsPathAndLine() throws {
        let dir = try temporaryDirectory()
        defer { _ = Files.removeTree(dir) }
        write("{\n  \"name\": \"mine\",\n  \"layers\": [\n", to: dir + "/mine.json")
        guard case .failure(let e) = store(userLayouts: dir).load("mine") else {
            Issue.record("a broken layout loaded")
            return
        }
        #expect(e.message.hasPrefix(dir + "/mine.json:"))
        guard case .failure(let unknown) = store(userLayouts: dir).load("klingon") else {
            Issue.record("an unknown keyboard loaded")
            return
        }
        #expect(unknown.message.contains("unknown keyboard \"klingon\"") && unknown.message.contains("mine"))
    }
}
