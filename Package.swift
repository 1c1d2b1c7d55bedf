// swift-tools-version: 6.0
import PackageDescription

// Module layout (each module depends only on those to its right):
// liquid ─► LiquidCommands ─► LiquidWindow ─► LiquidUI ─► LiquidGlass ─► LiquidRaster ─► LiquidGeometry
//                   └────► LiquidScene ───────┘  └──────► LiquidMotion ─────────────────────┘
// LiquidKit re-exports the headless modules; LiquidWindow (X11) is a product of its own, so programs that
// never open a window never link libX11.
let package = Package(
    name: "LiquidKit",
    products: [
        .library(name: "LiquidGeometry", targets: ["LiquidGeometry"]),
        .library(name: "LiquidMotion", targets: ["LiquidMotion"]),
        .library(name: "LiquidRaster", targets: ["LiquidRaster"]),
        .library(name: "LiquidGlass", targets: ["LiquidGlass"]),
        .library(name: "LiquidUI", targets: ["LiquidUI"]),
        .library(name: "LiquidScene", targets: ["LiquidScene"]),
        .library(name: "LiquidKit", targets: ["LiquidKit"]),
        .library(name: "LiquidWindow", targets: ["LiquidWindow"]),
        .executable(name: "liquid", targets: ["liquid"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "LiquidGeometry",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")]
        ),
        .target(
            name: "LiquidMotion",
            dependencies: [
                "LiquidGeometry",
                .product(name: "RealModule", package: "swift-numerics"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        // System libraries present on a fresh machine of this kind (libpng, zlib, FreeType).
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // X11 for LiquidWindow (XRandR is loaded at run time when present, so it needs no headers).
        .systemLibrary(name: "CX11", pkgConfig: "x11", providers: [.apt(["libx11-dev"])]),
        // Hand-written kernels: SIMD (AVX2 on x86-64, chosen at run time; no flags, so it builds anywhere)
        // and the particle draw's plain C loop.
        .target(name: "CLiquidKernels"),
        .target(name: "LiquidRaster", dependencies: [
            "LiquidGeometry", "CLibPNG", "CZlib", "CFreeType", "CLiquidKernels",
            .product(name: "RealModule", package: "swift-numerics"),
        ]),
        .target(name: "LiquidGlass", dependencies: ["LiquidRaster", "LiquidGeometry", "CLiquidKernels"]),
        .target(name: "LiquidUI", dependencies: ["LiquidGlass", "LiquidMotion", "LiquidRaster", "LiquidGeometry", "CLiquidKernels"]),
        .target(name: "LiquidScene", dependencies: ["LiquidUI", "LiquidGlass", "LiquidRaster", "LiquidMotion", "LiquidGeometry"]),
        // The umbrella of the headless modules.
        .target(name: "LiquidKit", dependencies: ["LiquidGeometry", "LiquidMotion", "LiquidRaster", "LiquidGlass", "LiquidUI", "LiquidScene"]),
        .target(name: "LiquidWindow", dependencies: ["LiquidUI", "LiquidRaster", "LiquidMotion", "LiquidGeometry", "CX11"]),
        // Every command of `liquid`, as a library so tests and the fuzz targets can link them.
        .target(
            name: "LiquidCommands",
            dependencies: [
                "LiquidScene", "LiquidUI", "LiquidGlass", "LiquidRaster", "LiquidMotion", "LiquidGeometry", "LiquidWindow",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "liquid", dependencies: ["LiquidCommands"]),
        // Fuzz targets (docs/reliability.md): thin executables over LiquidCommands' `FuzzEntry`. Built
        // normally they replay corpus files; scripts/checks/fuzz/run.sh builds them for libFuzzer.
        .target(name: "FuzzSupport", path: "Fuzz/Support"),
        .executableTarget(name: "fuzz-scene", dependencies: ["FuzzSupport", "LiquidCommands"], path: "Fuzz/fuzz-scene"),
        .executableTarget(name: "fuzz-events", dependencies: ["FuzzSupport", "LiquidCommands"], path: "Fuzz/fuzz-events"),
        .executableTarget(name: "fuzz-svg-path", dependencies: ["FuzzSupport", "LiquidCommands"], path: "Fuzz/fuzz-svg-path"),
        .executableTarget(name: "fuzz-png", dependencies: ["FuzzSupport", "LiquidCommands"], path: "Fuzz/fuzz-png"),
        .executableTarget(name: "fuzz-options", dependencies: ["FuzzSupport", "LiquidCommands"], path: "Fuzz/fuzz-options"),
        .target(name: "TestSupport", dependencies: ["LiquidRaster"], path: "Tests/TestSupport"),
        .testTarget(name: "LiquidGeometryTests", dependencies: ["LiquidGeometry", "TestSupport"]),
        .testTarget(name: "LiquidMotionTests", dependencies: ["LiquidMotion", "LiquidGeometry", "TestSupport"]),
        .testTarget(name: "LiquidRasterTests", dependencies: ["LiquidRaster", "LiquidGeometry", "TestSupport"],
                    resources: [.copy("Golden")]),
        .testTarget(name: "LiquidGlassTests", dependencies: ["LiquidGlass", "LiquidRaster", "LiquidGeometry", "TestSupport"],
                    resources: [.copy("Golden")]),
        .testTarget(name: "LiquidUITests", dependencies: ["LiquidUI", "LiquidRaster", "LiquidGeometry", "LiquidMotion", "TestSupport"],
                    resources: [.copy("Golden")]),
        .testTarget(name: "LiquidWindowTests", dependencies: ["LiquidWindow", "LiquidUI", "LiquidRaster", "LiquidGeometry"]),
        .testTarget(name: "LiquidSceneTests", dependencies: ["LiquidScene", "LiquidUI", "LiquidRaster", "LiquidGeometry", "TestSupport"],
                    resources: [.copy("Reference")]),
        .testTarget(name: "LiquidCLITests", dependencies: ["liquid", "LiquidCommands", "LiquidUI", "LiquidWindow", "LiquidScene", "LiquidRaster", "LiquidGeometry", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
