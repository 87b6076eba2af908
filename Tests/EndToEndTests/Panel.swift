import Foundation
import TapboardRender

/// Where `tapboard geometry` says each key is, in output coordinates.
struct PanelMap {
    struct Key { var label, action: String; var x, y, width, height: Double }
    let keys: [Key]
    /// Panel height; the panel sits at the bottom of the output.
    let height: Int
    let outputHeight: Int

    init(layout: String? = nil, layer: String? = nil, purpose: String? = nil, output: (Int, Int) = (720, 1280)) throws {
        var args = ["geometry", "--output", "\(output.0)x\(output.1)"]
        if let layout { args += ["--layout", layout] }
        if let layer { args += ["--layer", layer] }
        if let purpose { args += ["--purpose", purpose] }
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
              let keys = json["keys"] as? [[String: Any]], let h = json["height"] as? Int else {
            throw HarnessError("tapboard geometry failed")
        }
        height = h
        outputHeight = output.1
        self.keys = keys.map {
            Key(label: $0["label"] as? String ?? "", action: $0["action"] as? String ?? "",
                x: ($0["x"] as? NSNumber)?.doubleValue ?? 0, y: ($0["y"] as? NSNumber)?.doubleValue ?? 0,
                width: ($0["width"] as? NSNumber)?.doubleValue ?? 0, height: ($0["height"] as? NSNumber)?.doubleValue ?? 0)
        }
    }

    /// The tapboard-tap step that taps the key with this label (or, failing that, action).
    func tap(_ name: String) throws -> String {
        guard let k = keys.first(where: { $0.label == name }) ?? keys.first(where: { $0.action == name }) else {
            throw HarnessError("no key \"\(name)\" on the panel")
        }
        let x = Int(k.x + k.width / 2)
        let y = outputHeight - height + Int(k.y + k.height / 2)
        return "tap:\(x),\(y)"
    }

    func taps(_ names: [String]) throws -> [String] { try names.map(tap) }
}

/// The panel's background and the popups' colour, as drawn by TapboardRender's default theme.
let panelBackground: UInt32 = 0x1b1c20
let popupColour: UInt32 = 0x575a66

/// Whether a screenshot shows the panel: its background in the bottom-left corner.
func panelShown(_ png: String) -> Bool {
    guard let image = Canvas(pngFile: png) else { return false }
    return image.pixel(x: 2, y: image.pixelHeight - 2) & 0xffffff == panelBackground
}
