import CXKBCommon
import Glibc
import Testing
import TapboardCore
@testable import TapboardWayland

/// Every character a shipped keyboard can type must be typeable through the virtual
/// keyboard: either the base keymap has it, or a generated keymap gets it.
@Suite struct KeymapTests {
    static let layoutsDirectory: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/layouts"
    }()

    func shippedLayouts() throws -> [Layout] {
        var layouts: [Layout] = []
        let d = try #require(opendir(KeymapTests.layoutsDirectory))
        defer { closedir(d) }
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasSuffix(".json") else { continue }
            let f = try #require(fopen(KeymapTests.layoutsDirectory + "/" + name, "r"))
            var bytes: [UInt8] = []
            var buf = [UInt8](repeating: 0, count: 65536)
            while case let n = fread(&buf, 1, buf.count, f), n > 0 { bytes += buf[..<n] }
            fclose(f)
            layouts.append(try LayoutParser.parse(String(decoding: bytes, as: UTF8.self), file: name,
                                                  defaultName: String(name.dropLast(5))))
        }
        return layouts
    }

    /// Every Unicode scalar a layout can type: text keys, shifted forms, alternates.
    func scalars(of layout: Layout) -> Set<Unicode.Scalar> {
        var texts: [String] = []
        for layer in layout.layers + layout.wideLayers {
            for key in layer.rows.joined() {
                if let t = key.text(shifted: false) { texts += [t, key.text(shifted: true) ?? t] }
                texts += key.alternates
            }
        }
        return Set(texts.flatMap(\.unicodeScalars))
    }

    @Test func everyCharacterOfEveryLayoutHasAKey() throws {
        let context = try #require(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
        defer { xkb_context_unref(context) }
        let base = try #require(Keymap(context: context, extras: []))
        var checked = 0
        for layout in try shippedLayouts() {
            var missing: [UInt32] = []
            for scalar in scalars(of: layout) {
                let sym = try #require(Keymap.keysym(for: scalar), "\(layout.name): no keysym for U+\(String(scalar.value, radix: 16))")
                if base.key(for: sym) == nil { missing.append(sym) }
                checked += 1
            }
            // The virtual keyboard adds missing keysyms to its keymap, as many as fit at once.
            for start in stride(from: 0, to: missing.count, by: Keymap.spareCodes.count) {
                let chunk = Array(missing[start..<min(start + Keymap.spareCodes.count, missing.count)])
                let extended = try #require(Keymap(context: context, extras: chunk), "\(layout.name): keymap does not compile")
                for sym in chunk {
                    #expect(extended.key(for: sym) != nil, "\(layout.name): keysym 0x\(String(sym, radix: 16)) has no key")
                }
            }
        }
        #expect(checked > 1000)
    }

    @Test func baseKeymapTypesASCIIWithShiftWhereNeeded() throws {
        let context = try #require(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
        defer { xkb_context_unref(context) }
        let km = try #require(Keymap(context: context, extras: []))
        for scalar in (0x20...0x7e).compactMap(Unicode.Scalar.init) {
            let key = try #require(km.key(for: Keymap.keysym(for: scalar)!), "no key for \(scalar)")
            let needsShift = "~!@#$%^&*()_+{}|:\"<>?ABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars.contains(scalar)
            #expect(key.shift == needsShift, "\(scalar)")
        }
        #expect(km.key(for: UInt32(XKB_KEY_BackSpace))?.code == 14)
        #expect(km.key(for: UInt32(XKB_KEY_Return))?.code == 28)
        #expect(km.shiftMask != 0 && km.ctrlMask != 0 && km.altMask != 0 && km.logoMask != 0)
    }
}
