import Foundation
import Testing

/// Every golden the render tests use, by name (`Goldens/<name>.png` without the extension).
///
/// A test that calls ``expectMatchesGolden(_:named:tolerance:sourceLocation:)`` lists its goldens
/// here; `everyGoldenHasATest` then fails for a PNG in `Goldens/` that no name lists (a reference
/// with no test) and for a name with no PNG (a test with no reference). Keep the list grouped by
/// test file, with a comment naming the file.
enum GoldenCatalog {
    /// The golden names, each once.
    static let names: [String] = [
        // GoldenImageTests.swift: the harness's own golden.
        "harness-checker",
        // RendererGoldenTests.swift: one scene per feature and the issue's combinations.
        "card-rounded-border",
        "clip-rounded-rotated",
        "door-perspective-0",
        "door-perspective-45",
        "door-perspective-80",
        "opacity-nested-groups",
        "contents-gravity-grid",
        "shadow-rounded-blurred",
        "shadow-of-masked-layer",
        // ShapeGradientGoldenTests.swift: shape and gradient layers.
        "shape-fill-rules",
        "shape-stroke-caps-joins-dash",
        "shape-stroke-end",
        "shape-path-morph-midway",
        "shape-listing-8-6-track",
        "gradient-kinds",
        "gradient-locations-rounded",
        // TransitionGoldenTests.swift: each CATransition effect at four progresses, listing 8.11.
        "transition-fade",
        "transition-push",
        "transition-move-in",
        "transition-reveal",
        "transition-cube",
        "transition-ogl-flip",
        "transition-listing-8-11",
        // CornerCurveTests.swift: circular and continuous corners side by side.
        "corner-curve-continuous",
        // RasterizationTests.swift: shouldRasterize at scales 1 and 0.25 under a 2× transform.
        "rasterize-scale-quarter",
    ]
}

@Suite("Golden catalog")
struct GoldenCatalogTests {
    /// The PNG names (without `.png`) in the source tree's `Goldens/` folder.
    private func goldenFilesInSourceTree() throws -> Set<String> {
        let files = try FileManager.default.contentsOfDirectory(
            at: sourceGoldensDirectory, includingPropertiesForKeys: nil)
        return Set(
            files.filter { $0.pathExtension.lowercased() == "png" }
                .map { $0.deletingPathExtension().lastPathComponent })
    }

    @Test("Every golden PNG has a test, and every catalogued golden has a PNG")
    func everyGoldenHasATest() throws {
        let catalogued = Set(GoldenCatalog.names)
        let files = try goldenFilesInSourceTree()
        func fail(_ message: String) {
            Issue.record(Comment(rawValue: message))
        }

        var seen: Set<String> = []
        for name in GoldenCatalog.names where !seen.insert(name).inserted {
            fail("GoldenCatalog.names lists '\(name)' more than once.")
        }
        for name in GoldenCatalog.names {
            if let problem = goldenNameProblem(name) {
                fail("GoldenCatalog.names has an unusable name '\(name)': \(problem).")
            }
        }
        for name in files.subtracting(catalogued).sorted() {
            fail(
                "Goldens/\(name).png is used by no test: list it in GoldenCatalog.names with its test, "
                    + "or delete it.")
        }
        if !isRecordingGoldens {
            for name in catalogued.subtracting(files).sorted() {
                fail(
                    "GoldenCatalog.names lists '\(name)' but Goldens/\(name).png does not exist: record it "
                        + "with RECORD_GOLDENS=1, review it, and re-run.")
            }
        }
    }
}
