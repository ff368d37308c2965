import Foundation

/// Finds the package a test file belongs to, so contract paths in tests resolve the same way
/// whatever the working directory of the test run.
enum PackageRoot {
    /// The nearest folder above `filePath` that holds a `Package.swift`; nil when there is none.
    static func containing(_ filePath: String) -> URL? {
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// `path` itself when absolute; otherwise `path` inside the package holding `filePath` (or the
    /// current directory when no package holds it).
    static func resolve(_ path: String, from filePath: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let root = containing(filePath) else { return path }
        return root.appendingPathComponent(path).standardizedFileURL.path
    }
}
