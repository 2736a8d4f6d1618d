import Foundation
import GoldenTesting
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
        // RendererGoldenTests.swift: one scene per feature and the combinations.
        "card-rounded-border",
        "clip-rounded-rotated",
        "door-perspective-0",
        "door-perspective-45",
        "door-perspective-80",
        "opacity-nested-groups",
        "contents-gravity-grid",
        "shadow-rounded-blurred",
        "shadow-of-masked-layer",
        // ReplicatorTransformGoldenTests.swift: replicator and transform layers.
        "replicator-spinner",
        "replicator-reflection",
        "replicator-equaliser-t010",
        "replicator-equaliser-t045",
        "replicator-equaliser-t090",
        "replicator-carousel-depth",
        "transform-cube-22deg",
        "transform-cube-99deg",
        "transform-cube-234deg",
        "transform-nested",
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
        "transition-ripple",
        "transition-camera-iris-hollow-open",
        "transition-camera-iris-hollow-close",
        "transition-suck",
        "transition-page-curl",
        "transition-page-un-curl",
        "transition-camera-iris",
        "transition-spew",
        "transition-genie",
        // TextLayerGoldenTests.swift: CATextLayer.
        "text-alignment-modes",
        "text-wrapping",
        "text-truncation-modes",
        "text-attributed-runs",
        "text-scaled",
        // EmitterRenderTests.swift: particle emitters, each at two times.
        "emitter-fountain-early",
        "emitter-fountain-late",
        "emitter-snow-early",
        "emitter-snow-late",
        "emitter-circle-outline-early",
        "emitter-circle-outline-late",
        "emitter-fire-additive-early",
        "emitter-fire-additive-late",
        // CornerCurveTests.swift: circular and continuous corners side by side.
        "corner-curve-continuous",
        // RasterizationTests.swift: shouldRasterize at scales 1 and 0.25 under a 2× transform.
        "rasterize-scale-quarter",
        // CompositingFilterGoldenTests.swift: one scene per compositingFilter mode.
        "compositing-multiply",
        "compositing-screen",
        "compositing-overlay",
        "compositing-darken",
        "compositing-lighten",
        "compositing-color-dodge",
        "compositing-color-burn",
        "compositing-soft-light",
        "compositing-hard-light",
        "compositing-difference",
        "compositing-exclusion",
        "compositing-hue",
        "compositing-saturation",
        "compositing-color",
        "compositing-luminosity",
        "compositing-clear",
        "compositing-copy",
        "compositing-source-in",
        "compositing-source-out",
        "compositing-source-atop",
        "compositing-dest-over",
        "compositing-dest-in",
        "compositing-dest-out",
        "compositing-dest-atop",
        "compositing-xor",
        "compositing-plus-l",
        "compositing-plus-d",
        // HugeLayerTests.swift: 100,000-point layers of several kinds together.
        "huge-layers",
    ]
}

@Suite("Golden catalog")
struct GoldenCatalogTests {
    @Test("Every golden PNG has a test, and every catalogued golden has a PNG")
    func everyGoldenHasATest() throws {
        try goldens.checkCatalog()
    }
}
