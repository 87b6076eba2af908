import Glibc
import TapboardCore
import TapboardSystem
import TapboardWayland

// Every string shown from here on in the user's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG).
Translations.use(Languages.load())

let args = Array(CommandLine.arguments.dropFirst())
let options: Options
switch Options.parse(args) {
case .success(let o): options = o
case .failure(let e):
    printError("tapboard: \(e) " + tr("(see tapboard --help)"))
    exit(64)
}

let store = LayoutStore()
let status: Int32
switch options.help ? "help" : options.command {
case "help":
    print(options.command == "glide" ? glideUsage : usage)
    status = 0
case "version":
    print("tapboard \(tapboardVersion)")
    status = 0
case "geometry": status = geometryCommand(options, store: store)
case "preview": status = previewCommand(options, store: store)
case "check": status = checkCommand(options, store: store)
case "layouts": status = layoutsCommand(store: store)
case "forget":
    switch (LearnedStore.forgetAll(), FloatingPlacesStore.forget()) {
    case (.success(let n), .success(let places)):
        print(
            "tapboard: "
                + (n == 1
                    ? tr("deleted 1 file of learned words and engine data in %s", LearnedStore.directory)
                    : tr("deleted %s files of learned words and engine data in %s", "\(n)", LearnedStore.directory)))
        if places { print("tapboard: " + tr("deleted the floating panel's places, %s", FloatingPlacesStore.path)) }
        status = 0
    case (.failure(let e), _), (_, .failure(let e)):
        printError("tapboard: " + tr("cannot delete what was stored: %s", "\(e)"))
        status = 1
    }
case "suggest": status = suggestCommand(options, store: store)
case "glide": status = glideCommand(options, store: store)
case "show", "hide", "toggle": status = controlCommand(options.command)
default: status = runCommand(options, store: store)
}
exit(status)
