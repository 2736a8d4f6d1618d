import LaminaSnapshotTesting
import QuartzCore
import SnapshotTesting
import Testing
import UIKit

/// Written as an iOS test is, plus `import LaminaSnapshotTesting`: each assertion matches the
/// reference committed under `__Snapshots__/ReferenceSnapshotTests/` (recorded by the first
/// run; `SNAPSHOT_TESTING_RECORD=all swift test --filter LaminaSnapshotTestingTests` re-records).
struct ReferenceSnapshotTests {
    @Test func layer() {
        assertSnapshot(of: Scenes.card(), as: .image)
    }

    @Test func layerWithTolerance() {
        assertSnapshot(of: Scenes.card(), as: .image(precision: 0.99, perceptualPrecision: 0.98))
    }

    @Test func layerTree() {
        assertSnapshot(of: Scenes.card(), as: .tree)
    }

    @Test func view() {
        let view = Scenes.ProfileView(frame: CGRect(x: 0, y: 0, width: 80, height: 60))
        assertSnapshot(of: view, as: .image)
    }

    @Test func viewAtAnotherSize() {
        let view = Scenes.ProfileView(frame: CGRect(x: 0, y: 0, width: 80, height: 60))
        assertSnapshot(of: view, as: .image(precision: 0.99, size: CGSize(width: 120, height: 48)))
        // The view is back at its own size afterwards.
        #expect(view.frame == CGRect(x: 0, y: 0, width: 80, height: 60))
    }

    @Test func viewController() {
        assertSnapshot(of: Scenes.ProfileViewController(), as: .image(size: CGSize(width: 64, height: 64)))
    }

    /// Frames of a running animation, at fixed times on the manual clock.
    @Test func animationFrames() {
        CAMediaClock.withManualTime(at: 1000) {
            let card = Scenes.card()
            card.sublayers?.first?.add(Scenes.slide(from: 10, to: 50), forKey: "slide")
            assertSnapshot(of: card, as: .image(atTime: 1000), named: "start")
            assertSnapshot(of: card, as: .image(atTime: 1000.5), named: "middle")
            assertSnapshot(of: card, as: .tree(atTime: 1000.5), named: "middle-tree")
            // `.image` draws the model (render(in:)), as on iOS: the animation does not show.
            assertSnapshot(of: card, as: .image, named: "model")
        }
    }
}
