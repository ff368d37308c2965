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
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "JSONSchema", targets: ["JSONSchema"]),
        .library(name: "ContractKit", targets: ["ContractKit"]),
        .library(name: "SchemaGeneration", targets: ["SchemaGeneration"]),
        .library(name: "ContractFuzz", targets: ["ContractFuzz"]),
        .library(name: "ContractMock", targets: ["ContractMock"]),
        .library(name: "ContractReports", targets: ["ContractReports"]),
        .library(name: "ContractCompat", targets: ["ContractCompat"]),
        .library(name: "ContractTesting", targets: ["ContractTesting"]),
        .library(name: "RestaurantClient", targets: ["RestaurantClient"]),
        .executable(name: "conform", targets: ["conform"]),
        .executable(name: "conform-bench", targets: ["conform-bench"]),
    ],
    targets: [
        .target(
            name: "JSONSchema", exclude: ["MetaSchemas/LICENSE", "MetaSchemas/generate.sh"],
            swiftSettings: settings),
        .target(name: "SchemaGeneration", dependencies: ["JSONSchema"], swiftSettings: settings),
        .target(
            name: "ContractKit", dependencies: ["JSONSchema", "SchemaGeneration"], swiftSettings: settings),
        .target(
            name: "ContractFuzz", dependencies: ["JSONSchema", "SchemaGeneration", "ContractKit"],
            swiftSettings: settings),
        .target(
            name: "ContractMock", dependencies: ["JSONSchema", "SchemaGeneration", "ContractKit"],
            swiftSettings: settings),
        .target(
            name: "ContractReports", dependencies: ["JSONSchema", "ContractKit"], swiftSettings: settings),
        .target(
            name: "ContractCompat", dependencies: ["JSONSchema", "ContractKit"], swiftSettings: settings),
        .target(
            name: "ContractTesting",
            dependencies: ["JSONSchema", "ContractKit", "ContractFuzz", "ContractMock"],
            swiftSettings: settings),
        .target(
            name: "ConformCLI",
            dependencies: [
                "JSONSchema", "SchemaGeneration", "ContractKit", "ContractFuzz", "ContractMock",
                "ContractReports", "ContractCompat",
            ],
            swiftSettings: settings),
        .target(name: "RestaurantClient", swiftSettings: settings),
        .executableTarget(name: "conform", dependencies: ["ConformCLI"], swiftSettings: settings),
        .executableTarget(
            name: "conform-bench",
            dependencies: [
                "JSONSchema", "SchemaGeneration", "ContractKit", "ContractFuzz", "ContractMock",
                "ContractCompat",
            ],
            swiftSettings: settings),
        .testTarget(
            name: "JSONSchemaTests", dependencies: ["JSONSchema"], exclude: ["Fixtures"],
            swiftSettings: settings),
        .testTarget(
            name: "ContractKitTests", dependencies: ["ContractKit", "JSONSchema", "ContractMock"],
            exclude: ["Fixtures", "OpenAPI/Fixtures"], swiftSettings: settings),
        .testTarget(
            name: "SchemaGenerationTests", dependencies: ["SchemaGeneration", "JSONSchema", "ContractKit"],
            swiftSettings: settings),
        .testTarget(
            name: "ContractFuzzTests",
            dependencies: ["ContractFuzz", "SchemaGeneration", "JSONSchema", "ContractKit", "ContractMock"],
            swiftSettings: settings),
        .testTarget(
            name: "ContractMockTests",
            dependencies: ["ContractMock", "ContractKit", "ContractFuzz", "JSONSchema", "SchemaGeneration"],
            exclude: ["Fixtures"], swiftSettings: settings),
        .testTarget(
            name: "ConformCLITests", dependencies: ["ConformCLI", "conform", "ContractKit", "ContractMock"],
            swiftSettings: settings),
        .testTarget(
            name: "ContractReportsTests", dependencies: ["ContractReports", "JSONSchema", "ContractKit"],
            exclude: ["Fixtures", "Golden"], swiftSettings: settings),
        .testTarget(
            name: "ContractCompatTests", dependencies: ["ContractCompat", "ContractKit", "JSONSchema"],
            exclude: ["Fixtures"], swiftSettings: settings),
        .testTarget(
            name: "ContractTestingTests", dependencies: ["ContractTesting", "ContractKit", "ContractMock"],
            swiftSettings: settings),
        .testTarget(
            name: "RestaurantClientTests",
            dependencies: ["RestaurantClient", "ContractTesting"],
            swiftSettings: settings),
        .testTarget(
            name: "TodoStorageTests", dependencies: ["ContractTesting"], exclude: ["Snapshots"],
            swiftSettings: settings),
    ]
)
