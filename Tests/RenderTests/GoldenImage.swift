import GoldenTesting
import QuartzCore
import Testing

// This target's goldens (`Goldens/`, listed in `GoldenCatalog.names`); the comparison, recording
// and catalog machinery is shared in `Tests/GoldenTesting`. See `Goldens/README.md`.

/// The render tests' goldens.
let goldens = GoldenStore(targetName: "RenderTests", bundle: .module, catalog: GoldenCatalog.names)

/// Expects `image` to match the reviewed golden `Goldens/<name>.png` within `tolerance`
/// (`GoldenStore.expectMatches`: a mismatch writes actual, expected and diff PNGs;
/// `RECORD_GOLDENS=1` records instead and still fails).
func expectMatchesGolden(
    _ image: CGImage,
    named name: String,
    tolerance: GoldenTolerance = .llvmpipe,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    goldens.expectMatches(image, named: name, tolerance: tolerance, sourceLocation: sourceLocation)
}
