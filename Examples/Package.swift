// swift-tools-version: 6.0
import PackageDescription

// Example programs that use LiquidKit as any other program would: through the root package's products
// only, so they see nothing but its public surface. Build with `swift build --package-path Examples`.
let package = Package(
    name: "LiquidKitExamples",
    dependencies: [
        // Named, because a path dependency's identity is otherwise its folder's name, which differs
        // between clones.
        .package(name: "LiquidKit", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "GlassWindowDemo",
            dependencies: [
                .product(name: "LiquidKit", package: "LiquidKit"),
                .product(name: "LiquidWindow", package: "LiquidKit"),
            ]
        ),
        .executableTarget(name: "HeadlessTap", dependencies: [.product(name: "LiquidKit", package: "LiquidKit")]),
    ],
    swiftLanguageModes: [.v6]
)
