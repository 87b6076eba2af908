import Foundation
import Testing

extension EndToEnd {
    /// A touch-only tablet or kiosk: the seat has a pointer and no keyboard. GTK 3 (and
    /// Firefox through it) enable text-input only on a seat with a `wl_keyboard`, so the
    /// virtual keyboard that tapboard makes at start-up is what lets their fields bring the
    /// hidden panel up, with no signal or command.
    @Suite struct KeyboardlessSeatTests {
        @Test(arguments: [RealClient.gtk3, .firefox], Compositor.Kind.allCases)
        func focusingAFieldBringsTheHiddenPanelUp(_ client: RealClient, _ kind: Compositor.Kind) throws {
            // The compositor's only device is the pointer tapboard-tap holds.
            let c = try Compositor(kind)
            let tb = try c.tapboard(["--hidden"], config: Compositor.noSuggestions)
            let panel = try PanelMap(config: Compositor.noSuggestions)
            // Up and drawing: the handle shows in the panel's place.
            #expect(try waitUntil(5) { try c.handleDrawn("keyboardless-\(client)-handle") }, "\(tb.stderr)")
            #expect(!panelShown(try c.screenshot("keyboardless-\(client)-before"), panel), "\(tb.stderr)")
            let app = try c.realClient(client)
            #expect(
                try waitUntil(10) { panelShown(try c.screenshot("keyboardless-\(client)-focused"), panel) },
                "\(client) on a pointer-only seat: the panel stayed hidden (\(tb.stderr))")
            // The panel types into the field through text-input, as on any other seat.
            try c.tap(panel.taps(["o", "k"]))
            #expect(settledFieldText(app) == "ok", "\(client) field: \(app.lines)")
        }
    }
}
