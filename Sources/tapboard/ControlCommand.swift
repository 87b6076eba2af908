import CSystemd
import Glibc
import TapboardCore
import TapboardSystem
import TapboardWayland

/// `tapboard show | hide | toggle`: asks the tapboard running on this display, over
/// sm.puri.OSK0 when that tapboard owns the name, else through its signals
/// (SIGUSR2 shows, SIGUSR1 hides, SIGRTMIN toggles). Exit 1 when none runs.
func controlCommand(_ command: String) -> Int32 {
    guard let pid = Instance.running() else {
        printError("tapboard: " + tr("no tapboard runs on Wayland display %s", Instance.display))
        return 1
    }
    if askOverBus(command, pid: pid) { return 0 }
    let signal: Int32
    switch command {
    case "show": signal = SIGUSR2
    case "hide": signal = SIGUSR1
    default: signal = __libc_current_sigrtmin()
    }
    guard kill(pid, signal) == 0 else {
        printError("tapboard: " + tr("cannot signal tapboard (pid %s): %s", "\(pid)", String(cString: strerror(errno))))
        return 1
    }
    return 0
}

/// Calls SetVisible on sm.puri.OSK0 if tapboard `pid` owns it; false: it could not.
private func askOverBus(_ command: String, pid: pid_t) -> Bool {
    var bus: OpaquePointer?
    guard sd_bus_open_user(&bus) >= 0, let bus else { return false }
    defer { sd_bus_flush_close_unref(bus) }
    var creds: OpaquePointer?
    guard sd_bus_get_name_creds(bus, OSKService.name, UInt64(SD_BUS_CREDS_PID), &creds) >= 0, let creds else { return false }
    var owner: pid_t = 0
    let known = sd_bus_creds_get_pid(creds, &owner) >= 0
    sd_bus_creds_unref(creds)
    guard known, owner == pid else { return false }
    var error = sd_bus_error()
    defer { sd_bus_error_free(&error) }
    var visible: Int32 = command == "show" ? 1 : 0
    if command == "toggle" {
        guard tapboard_osk_get_remote_visible(bus, &visible, &error) >= 0 else { return false }
        visible = visible == 0 ? 1 : 0
    }
    return tapboard_osk_call_set_visible(bus, visible, &error) >= 0
}
