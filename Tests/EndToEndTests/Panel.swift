import Foundation
import TapboardRender

/// Where `tapboard geometry` says each key is, in output coordinates.
struct PanelMap {
    struct Key {
        var label, action: String
        var x, y, width, height: Double
    }
    let keys: [Key]
    /// The keyboard shown and the panel's width.
    let layout: String
    let width: Int
    /// What `tapboard geometry` was asked (`tapboard preview` takes the same).
    let query: [String]
    /// Panel height; the panel sits at the bottom of the output, or floats at `origin`.
    let height: Int
    let outputHeight: Int
    /// The panel's top left corner on the output.
    var origin: (x: Int, y: Int)

    /// `config`: the lines of the settings file tapboard runs with (nil: none); `context`:
    /// on the emoji search layer, what was typed there; `typed`: the word being typed (after
    /// `context`), the strip showing what it offers.
    init(
        layout: String? = nil, layer: String? = nil, purpose: String? = nil, output: (Int, Int) = (720, 1280),
        config: [String]? = nil, context: String? = nil, typed: String? = nil
    ) throws {
        var args = ["geometry", "--output", "\(output.0)x\(output.1)"]
        if let config { args += ["--config", try settingsFile(config)] }
        if let layout { args += ["--layout", layout] }
        if let layer { args += ["--layer", layer] }
        if let purpose { args += ["--purpose", purpose] }
        if let context { args += ["--context", context] }
        if let typed { args += ["--typed", typed] }
        query = Array(args.dropFirst())
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Paths.tapboard)
        p.arguments = args
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0,
            let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let keys = json["keys"] as? [[String: Any]], let h = json["height"] as? Int,
            let w = json["width"] as? Int, let name = json["layout"] as? String
        else {
            throw HarnessError("tapboard geometry failed")
        }
        height = h
        width = w
        self.layout = name
        outputHeight = output.1
        let place = json["place"] as? [String: Any]
        origin = (place?["x"] as? Int ?? 0, place?["y"] as? Int ?? output.1 - h)
        self.keys = keys.map {
            Key(
                label: $0["label"] as? String ?? "", action: $0["action"] as? String ?? "",
                x: ($0["x"] as? NSNumber)?.doubleValue ?? 0, y: ($0["y"] as? NSNumber)?.doubleValue ?? 0,
                width: ($0["width"] as? NSNumber)?.doubleValue ?? 0, height: ($0["height"] as? NSNumber)?.doubleValue ?? 0)
        }
    }

    /// The tapboard-tap step that taps the key with this label (or, failing that, action).
    func tap(_ name: String) throws -> String {
        guard let k = keys.first(where: { $0.label == name }) ?? keys.first(where: { $0.action == name }) else {
            throw HarnessError("no key \"\(name)\" on the panel")
        }
        let x = origin.x + Int(k.x + k.width / 2)
        let y = origin.y + Int(k.y + k.height / 2)
        return "tap:\(x),\(y)"
    }

    func taps(_ names: [String]) throws -> [String] { try names.map(tap) }

    /// The same panel floating `by` logical pixels away.
    func moved(by: (x: Int, y: Int)) -> PanelMap {
        var m = self
        m.origin = (origin.x + by.x, origin.y + by.y)
        return m
    }

    /// A screenshot's pixels (every other one) inside the keys of the panel's top row: the
    /// strip's slots or the toolbar's buttons, to see what the row holds change; nil: no
    /// such image.
    func topRowPixels(_ png: String) -> [UInt32]? {
        Canvas(pngFile: png).flatMap { topRowPixels(of: $0, at: origin) }
    }

    /// The same pixels of an image with the panel's top left corner at `corner` (a preview's: 0, 0).
    func topRowPixels(of image: Canvas, at corner: (x: Int, y: Int)) -> [UInt32]? {
        guard let top = keys.map(\.y).min() else { return nil }
        var pixels: [UInt32] = []
        for k in keys where k.y == top {
            for y in stride(from: Int(k.y), to: Int(k.y + k.height), by: 2) {
                for x in stride(from: Int(k.x), to: Int(k.x + k.width), by: 2) {
                    pixels.append(image.pixel(x: corner.x + x, y: corner.y + y))
                }
            }
        }
        return pixels
    }

    /// A floating panel: narrower than the output, or not at its bottom.
    var floats: Bool { origin.x != 0 || origin.y != outputHeight - height }
}

/// The panel's background and the popups' colour, as drawn by TapboardRender's default
/// theme (for measuring sizes and finding popups in screenshots).
let panelBackground: UInt32 = 0x1b1c20
let popupColour: UInt32 = 0x575a66

/// The default keyboard (LANG=C.UTF-8: us) as `tapboard geometry` places it, with the
/// suggestion strip and without it.
let defaultPanel: PanelMap? = try? PanelMap()
let plainPanel: PanelMap? = try? PanelMap(config: Compositor.noSuggestions)

/// The panel's own drawing of `map`'s keyboard, from `tapboard preview`, cached by layout.
nonisolated(unsafe) var previews: [String: Canvas] = [:]
let previewLock = NSLock()

func preview(_ map: PanelMap) -> Canvas? {
    previewLock.lock()
    defer { previewLock.unlock() }
    let key = String(map.query.joined(separator: "_").filter { $0.isLetter || $0.isNumber || $0 == "_" })
    if let c = previews[key] { return c }
    let file = NSTemporaryDirectory() + "tapboard-preview-\(getpid())-\(key).png"
    let p = Process()
    p.executableURL = URL(fileURLWithPath: Paths.tapboard)
    p.arguments = ["preview"] + map.query + ["-o", file]
    // No session bus: `theme = auto` draws dark, as tapboard does on the tests' private bus,
    // whatever the desktop running the tests prefers.
    p.environment = ProcessInfo.processInfo.environment.merging(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"]) { $1 }
    guard (try? p.run()) != nil else { return nil }
    p.waitUntilExit()
    guard p.terminationStatus == 0, let c = Canvas(pngFile: file) else { return nil }
    previews[key] = c
    return c
}

/// Whether a screenshot shows the panel of `map`'s keyboard (by default without the
/// strip, as before any field is focused or with suggestions off): the bottom of the
/// screenshot matches tapboard's own drawing of that panel, but for labels that shift
/// changes and a key or two lit up by a press, and every key with a label has one.
func panelShown(_ png: String, _ map: PanelMap? = plainPanel) -> Bool {
    guard let map, let image = Canvas(pngFile: png), let drawn = preview(map),
        image.pixelHeight >= map.origin.y + map.height, drawn.pixelHeight == map.height,
        map.floats ? image.pixelWidth >= map.origin.x + drawn.pixelWidth : image.pixelWidth == drawn.pixelWidth
    else { return false }
    let (left, top) = map.origin
    var same = 0
    var all = 0
    for y in stride(from: 0, to: map.height, by: 3) {
        for x in stride(from: 0, to: drawn.pixelWidth, by: 3) {
            all += 1
            if image.pixel(x: left + x, y: top + y) == drawn.pixel(x: x, y: y) { same += 1 }
        }
    }
    guard Double(same) >= 0.9 * Double(all) else { return false }
    // Paste shows only while the clipboard holds text (`tapboard preview` draws it without).
    for k in map.keys where !k.label.isEmpty && k.action != "space" && k.action != "paste" {
        let bx = left + Int(k.x) + 3
        let by = Int(k.y + k.height / 2)
        let background = image.pixel(x: bx, y: top + by)
        var marked = false
        for y in Int(k.y + k.height * 0.3)..<Int(k.y + k.height * 0.7) where !marked {
            for x in Int(k.x + k.width * 0.3)..<Int(k.x + k.width * 0.7)
            where image.pixel(x: left + x, y: top + y) != background {
                marked = true
                break
            }
        }
        if !marked { return false }
    }
    return true
}
