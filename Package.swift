// swift-tools-version: 6.1
import PackageDescription

/// One settings array for every target, so the whole package builds the same way:
/// Swift 6 language mode comes from the tools version; these add the upcoming checks we rely on.
let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Conform",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "JSONSchema", targets: ["JSONSchema"]),
        .library(name: "ContractFuzz", targets: ["ContractFuzz"]),
    ],
    targets: [
        .target(
            name: "JSONSchema", exclude: ["MetaSchemas/LICENSE", "MetaSchemas/generate.sh"], swiftSettings: settings),
        .testTarget(name: "JSONSchemaTests", dependencies: ["JSONSchema"], swiftSettings: settings),
        .target(
            name: "ContractFuzz", dependencies: ["JSONSchema"], path: "Sources/ContractFuzz", swiftSettings: settings),
        .testTarget(name: "ContractFuzzTests", dependencies: ["ContractFuzz"], swiftSettings: settings),
    ]
)
