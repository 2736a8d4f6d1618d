import Foundation
import GoldenTesting
import Testing

/// Every golden the examples' tests use, by name (`Goldens/<name>.png` without the extension).
///
/// A test that calls ``expectMatchesGolden(_:named:tolerance:sourceLocation:)`` lists its goldens
/// here; `everyGoldenHasATest` then fails for a PNG in `Goldens/` that no name lists (a reference
/// with no test) and for a name with no PNG (a test with no reference). Keep the list grouped by
/// test file, with a comment naming the file.
enum GoldenCatalog {
    /// The golden names, each once.
    static let names: [String] = [
        // ExampleGoldenTests.swift: one contact strip per example, `example-<name>`.
        "example-slideshow",
        "example-color-fade",
        "example-slow-color-fade",
        "example-fade-then-spin",
        "example-backing-layer-snap",
        "example-view-actions",
        "example-push-action",
        "example-presentation-hit-test",
        "example-explicit-color",
        "example-apply-basic-animation",
        "example-delegate-color",
        "example-clock",
        "example-keyframe-colors",
        "example-ship-path",
        "example-ship-path-rotate",
        "example-ship-transform",
        "example-ship-rotation",
        "example-animation-group",
        "example-image-fade-transition",
        "example-tab-crossfade",
        "example-flip-transition",
        "example-custom-transition",
        "example-start-stop",
        "example-repeat-count",
        "example-door",
        "example-time-offset-speed",
        "example-manual-door",
        "example-quick-example",
        "example-basic-animation",
        "example-keyframe-animation",
        "example-transition-swipes",
    ]
}

@Suite("Examples golden catalog")
struct GoldenCatalogTests {
    @Test("Every golden PNG has a test, and every catalogued golden has a PNG")
    func everyGoldenHasATest() throws {
        try goldens.checkCatalog()
    }
}
