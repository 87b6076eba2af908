// swift-tools-version:6.0
import PackageDescription

// Release builds put each function in a section of its own, for the link's order (below).
let strict: [SwiftSetting] = [
    .unsafeFlags(["-warnings-as-errors"]),
    .unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release)),
]

let package = Package(
    name: "tapboard",
    targets: [
        // C libraries from Debian, found through pkg-config.
        .systemLibrary(name: "CWayland", pkgConfig: "wayland-client",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon",
                       providers: [.apt(["libxkbcommon-dev"])]),
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo",
                       providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        // librime's header, for the layout of its RimeApi table of functions only: no link
        // directive, the library is opened with dlopen (TapboardEngines).
        .systemLibrary(name: "CRime", providers: [.apt(["librime-dev"])]),
        // sd-bus's header (libsystemd-dev) and forwarders into libsystemd, opened with dlopen
        // when a session bus is there: never linked.
        .target(name: "CSystemd"),
        // wayland-scanner output, checked in (scripts/generate-protocols).
        .target(name: "CWaylandProtocols", dependencies: ["CWayland"]),

        .target(name: "TapboardCore", swiftSettings: strict),
        .target(name: "TapboardRender", dependencies: ["TapboardCore", "CPangoCairo"],
                swiftSettings: strict),
        .target(name: "TapboardWayland",
                dependencies: ["TapboardCore", "CWayland", "CWaylandProtocols", "CXKBCommon"],
                swiftSettings: strict),
        // Chinese, Japanese and Korean input through librime, Anthy and libhangul, and the
        // hunspell spell checker: each library is opened with dlopen on first use, never linked.
        .target(name: "TapboardEngines", dependencies: ["TapboardCore", "CRime"], swiftSettings: strict),
        // What the executable stands on: the stores (keyboards, dictionaries, learned words,
        // places), the D-Bus services (sm.puri.OSK0, feedbackd, the colour-scheme portal), one
        // instance per display, the engines' opener, and the command line's parsing.
        .target(name: "TapboardSystem",
                dependencies: ["TapboardCore", "TapboardEngines", "TapboardWayland", "CSystemd"],
                swiftSettings: strict),
        // Release builds take the C++ runtime statically (see Link/libstdc++.so).
        .executableTarget(name: "tapboard",
                          dependencies: ["TapboardCore", "TapboardEngines", "TapboardRender", "TapboardWayland",
                                         "TapboardSystem", "CSystemd"],
                          exclude: ["Link"], swiftSettings: strict,
                          linkerSettings: [.unsafeFlags(["-L" + Context.packageDirectory + "/Sources/tapboard/Link",
                                                         "-use-ld=lld",
                                                         "-Xlinker", "--symbol-ordering-file=" + Context.packageDirectory
                                                             + "/Sources/tapboard/Link/typing-order.txt",
                                                         "-Xlinker", "--no-warn-symbol-ordering"],
                                                        .when(configuration: .release))]),

        // Test-only Wayland clients (C): a text-input-v3 probe and a virtual-pointer tapper.
        .executableTarget(name: "tapboard-probe", dependencies: ["CWayland", "CWaylandProtocols", "CXKBCommon"]),
        .executableTarget(name: "tapboard-tap", dependencies: ["CWayland", "CWaylandProtocols"]),

        // What the test targets share: the repository's files, the shipped keyboards, a keyboard library.
        .target(name: "TestSupport", dependencies: ["TapboardCore"], path: "Tests/TestSupport", swiftSettings: strict),
        .testTarget(name: "TapboardCoreTests", dependencies: ["TapboardCore", "TapboardEngines", "TestSupport"], exclude: ["Golden"],
                    swiftSettings: strict),
        .testTarget(name: "TapboardRenderTests", dependencies: ["TapboardCore", "TapboardRender", "TestSupport"],
                    exclude: ["Goldens"], swiftSettings: strict),
        .testTarget(name: "TapboardWaylandTests", dependencies: ["TapboardWayland", "TapboardCore", "CXKBCommon", "TestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "TapboardSystemTests", dependencies: ["TapboardSystem", "TapboardCore", "TestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "TapboardEnginesTests", dependencies: ["TapboardEngines", "TapboardCore", "TestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "EndToEndTests", dependencies: ["TapboardCore", "TapboardRender", "TestSupport"],
                    exclude: ["Clients"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
