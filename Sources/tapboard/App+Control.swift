import TapboardCore
import TapboardSystem
import TapboardWayland

extension App {
    /// Offers sm.puri.OSK0 on the session bus: SetVisible goes through the same controller
    /// calls as the signals; another program taking the name over stops tapboard.
    func startBusControl(replace: Bool) {
        osk = OSKService.start(
            replace: replace,
            isVisible: { [unowned self] in self.controller.visible },
            setVisible: { [unowned self] visible in
                self.busDrivesVisibility = true
                self.perform(visible ? self.controller.show() : self.controller.hide())
            },
            nameLost: { [unowned self] in
                printError("tapboard: " + tr("another program took %s over: stopping", OSKService.name))
                self.loop.stop()
            })
        if let osk { loop.add(osk) }
    }
}
