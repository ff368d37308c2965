// swift-tools-version: 6.1
import PackageDescription

/// One settings array for every target, so the whole package builds the same way:
/// Swift 6 language mode comes from the tools version; these add the upcoming checks we rely on.
let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The modules, bottom up: each depends only on those listed before it (docs/architecture.md).
/// ConformHTTP and JSONSchema depend on nothing; ContractKit reads contracts and judges exchanges;
/// the engines (ContractFuzz, ContractMock, ConformTraffic, ContractCompat) and the reports sit on
/// ContractKit, never on each other; ContractTesting and ConformCLI put them together.
let package = Package(
    name: "Conform",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ConformHTTP", targets: ["ConformHTTP"]),
        .library(name: "JSONSchema", targets: ["JSONSchema"]),
        .library(name: "ContractKit", targets: ["ContractKit"]),
        .library(name: "SchemaGeneration", targets: ["SchemaGeneration"]),
        .library(name: "ContractFuzz", targets: ["ContractFuzz"]),
        .library(name: "ContractMock", targets: ["ContractMock"]),
        .library(name: "ConformTraffic", targets: ["ConformTraffic"]),
        .library(name: "ContractReports", targets: ["ContractReports"]),
        .library(name: "ContractCompat", targets: ["ContractCompat"]),
        .library(name: "ContractTesting", targets: ["ContractTesting"]),
        .library(name: "RestaurantClient", targets: ["RestaurantClient"]),
        .executable(name: "conform", targets: ["conform"]),
        .executable(name: "conform-bench", targets: ["conform-bench"]),
    ],
    targets: [
        // Foundations: no dependencies.
        .target(name: "ConformHTTP", swiftSettings: settings),
        .target(
            name: "JSONSchema", exclude: ["MetaSchemas/LICENSE", "MetaSchemas/generate.sh"],
            swiftSettings: settings),
        .target(name: "SchemaGeneration", dependencies: ["JSONSchema"], swiftSettings: settings),
        // Contracts: loading, the model, requests and checks.
        .target(
            name: "ContractKit", dependencies: ["ConformHTTP", "JSONSchema", "SchemaGeneration"],
            swiftSettings: settings),
        // Engines and reports, each on ContractKit only.
        .target(
            name: "ContractFuzz",
            dependencies: ["ConformHTTP", "JSONSchema", "SchemaGeneration", "ContractKit"],
            swiftSettings: settings),
        .target(
            name: "ContractMock",
            dependencies: ["ConformHTTP", "JSONSchema", "SchemaGeneration", "ContractKit"],
            swiftSettings: settings),
        .target(
            name: "ConformTraffic", dependencies: ["ConformHTTP", "JSONSchema", "ContractKit"],
            swiftSettings: settings),
        .target(
            name: "ContractReports", dependencies: ["ConformHTTP", "JSONSchema", "ContractKit"],
            swiftSettings: settings),
        .target(
            name: "ContractCompat", dependencies: ["JSONSchema", "ContractKit"], swiftSettings: settings),
        // What users run: the Swift Testing driver and the command line.
        .target(
            name: "ContractTesting",
            dependencies: [
                "ConformHTTP", "JSONSchema", "ContractKit", "ContractFuzz", "ContractMock", "ConformTraffic",
            ],
            swiftSettings: settings),
        .target(
            name: "ConformCLI",
            dependencies: [
                "ConformHTTP", "JSONSchema", "SchemaGeneration", "ContractKit", "ContractFuzz",
                "ContractMock",
                "ConformTraffic", "ContractReports", "ContractCompat",
            ],
            swiftSettings: settings),
        .executableTarget(name: "conform", dependencies: ["ConformCLI"], swiftSettings: settings),
        .executableTarget(
            name: "conform-bench",
            dependencies: [
                "ConformHTTP", "JSONSchema", "SchemaGeneration", "ContractKit", "ContractFuzz",
                "ContractMock",
                "ConformTraffic", "ContractCompat",
            ],
            swiftSettings: settings),
        // The sample app's client models.
        .target(name: "RestaurantClient", swiftSettings: settings),

        // Helpers every test target may share (golden files, paths to ../shared, raw sockets).
        .target(
            name: "ConformTestSupport", dependencies: ["ConformHTTP", "JSONSchema"],
            path: "Tests/ConformTestSupport",
            swiftSettings: settings),
        .testTarget(
            name: "ConformHTTPTests", dependencies: ["ConformHTTP", "ConformTestSupport"],
            swiftSettings: settings),
        .testTarget(
            name: "JSONSchemaTests", dependencies: ["ConformTestSupport", "JSONSchema"],
            exclude: ["Fixtures"],
            swiftSettings: settings),
        .testTarget(
            name: "SchemaGenerationTests",
            dependencies: ["ConformTestSupport", "SchemaGeneration", "JSONSchema", "ContractKit"],
            swiftSettings: settings),
        .testTarget(
            name: "ContractKitTests",
            dependencies: ["ConformTestSupport", "ConformHTTP", "ContractKit", "JSONSchema", "ContractMock"],
            exclude: ["Fixtures", "OpenAPI/Fixtures"], swiftSettings: settings),
        .testTarget(
            name: "ContractFuzzTests",
            dependencies: [
                "ConformTestSupport",
                "ConformHTTP", "ContractFuzz", "SchemaGeneration", "JSONSchema", "ContractKit",
                "ContractMock",
            ],
            swiftSettings: settings),
        .testTarget(
            name: "ContractMockTests",
            dependencies: [
                "ConformTestSupport", "ConformHTTP", "ContractMock", "ContractKit", "ContractFuzz",
                "JSONSchema",
                "SchemaGeneration",
            ],
            exclude: ["Fixtures"], swiftSettings: settings),
        .testTarget(
            name: "ConformTrafficTests",
            dependencies: [
                "ConformTestSupport", "ConformHTTP", "ConformTraffic", "ContractKit", "ContractMock",
                "JSONSchema",
            ],
            exclude: ["Fixtures"], swiftSettings: settings),
        .testTarget(
            name: "ContractReportsTests",
            dependencies: [
                "ConformTestSupport", "ConformHTTP", "ContractReports", "JSONSchema", "ContractKit",
            ],
            exclude: ["Fixtures", "Golden"], swiftSettings: settings),
        .testTarget(
            name: "ContractCompatTests",
            dependencies: ["ConformTestSupport", "ContractCompat", "ContractKit", "JSONSchema"],
            exclude: ["Fixtures"], swiftSettings: settings),
        .testTarget(
            name: "ContractTestingTests",
            dependencies: ["ConformHTTP", "ContractTesting", "ContractKit", "ContractMock"],
            exclude: ["Fixtures"], swiftSettings: settings),
        .testTarget(
            name: "ConformCLITests",
            dependencies: [
                "ConformTestSupport", "ConformHTTP", "ConformCLI", "conform", "ContractKit", "ContractMock",
            ],
            swiftSettings: settings),
        .testTarget(
            name: "RestaurantClientTests",
            dependencies: ["ConformTestSupport", "ConformHTTP", "RestaurantClient", "ContractTesting"],
            swiftSettings: settings),
        .testTarget(
            name: "TodoStorageTests", dependencies: ["ConformHTTP", "ContractTesting"],
            exclude: ["Snapshots"],
            swiftSettings: settings),
    ]
)
