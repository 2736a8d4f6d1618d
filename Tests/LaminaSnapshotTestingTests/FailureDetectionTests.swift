import Foundation
import LaminaSnapshotTesting
import QuartzCore
import SnapshotTesting
import Testing
import UIKit

/// Each test records a reference in a folder of its own, then checks a second value against
/// it with `verifySnapshot`, which returns the failure message instead of recording an issue.
struct FailureDetectionTests {
    /// Records `reference` with `strategy` in a new temporary folder, then returns what
    /// verifying `candidate` against it says (`nil`: a match).
    func verify<Value>(
        _ candidate: Value, against reference: Value, as strategy: Snapshotting<Value, UIImage>,
        testName: String = #function
    ) throws -> String? {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lamina-snapshot-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recorded = verifySnapshot(
            of: reference, as: strategy, named: "reference", record: .all, snapshotDirectory: folder,
            testName: testName)
        try #require(recorded?.contains("Record mode is on") == true)
        return verifySnapshot(
            of: candidate, as: strategy, named: "reference", record: .never, snapshotDirectory: folder,
            testName: testName)
    }

    @Test func recordsAMissingReferenceThenMatchesIt() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lamina-snapshot-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = verifySnapshot(of: Scenes.card(), as: .image, named: "card", snapshotDirectory: folder)
        #expect(first?.contains("No reference was found on disk. Automatically recorded snapshot") == true)
        let file = "\(folder)/recordsAMissingReferenceThenMatchesIt.card.png"
        let image = try #require(UIImage(contentsOfFile: file))
        // 60 × 40 points at the screen's scale, 2.
        #expect(image.cgImage?.width == 120)
        #expect(image.cgImage?.height == 80)
        #expect(
            verifySnapshot(of: Scenes.card(), as: .image, named: "card", snapshotDirectory: folder) == nil)
    }

    @Test func theSameLayerMatches() throws {
        #expect(try verify(Scenes.card(), against: Scenes.card(), as: .image) == nil)
    }

    @Test func catchesAChangedColour() throws {
        let message = try verify(
            Scenes.card(dot: Scenes.color(40, 160, 60)), against: Scenes.card(), as: .image)
        #expect(message?.contains("Snapshot \"reference\" does not match reference.") == true)
        #expect(message?.contains("Newly-taken snapshot does not match reference.") == true)
    }

    @Test func catchesAMovedSublayer() throws {
        let message = try verify(Scenes.card(dotX: 22), against: Scenes.card(), as: .image)
        #expect(message?.contains("does not match reference") == true)
    }

    @Test func catchesAChangedAnimationFrame() throws {
        try CAMediaClock.withManualTime(at: 500) { () throws in
            let card = Scenes.card()
            card.sublayers?.first?.add(Scenes.slide(from: 10, to: 50), forKey: "slide")
            // The same frame matches; a frame 0.1 s later (the square 4 points on) does not.
            #expect(try verify(card, against: card, as: .image(atTime: 500.25)) == nil)
            let recordFolder = FileManager.default.temporaryDirectory
                .appendingPathComponent("lamina-snapshot-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: recordFolder) }
            _ = verifySnapshot(
                of: card, as: .image(atTime: 500.25), named: "frame", record: .all,
                snapshotDirectory: recordFolder)
            let later = verifySnapshot(
                of: card, as: .image(atTime: 500.35), named: "frame", record: .never,
                snapshotDirectory: recordFolder)
            #expect(later?.contains("does not match reference") == true)
        }
    }

    @Test func catchesAChangedFrameOfAViewAnimation() throws {
        try CAMediaClock.withManualTime(at: 700) { () throws in
            let view = Scenes.ProfileView(frame: CGRect(x: 0, y: 0, width: 80, height: 60))
            UIView.animate(withDuration: 1) { view.badge.alpha = 0 }
            let frame = Snapshotting<UIView, UIImage>.image(atTime: 700.25)
            let sameFrame = try verify(view, against: view, as: frame)
            #expect(sameFrame == nil)
            let later = try verify(view, against: view, as: .image(atTime: 700.35))
            #expect(later == nil)  // the same strategy twice: recorded and compared at 700.35
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("lamina-snapshot-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            _ = verifySnapshot(of: view, as: frame, named: "fade", record: .all, snapshotDirectory: folder)
            let message = verifySnapshot(
                of: view, as: .image(atTime: 700.35), named: "fade", record: .never, snapshotDirectory: folder
            )
            #expect(message?.contains("does not match reference") == true)
            // `.image` draws the model: the badge is already transparent there.
            let model = verifySnapshot(
                of: view, as: .image, named: "fade", record: .never, snapshotDirectory: folder)
            #expect(model?.contains("does not match reference") == true)
        }
    }

    @Test func aStillLayerAtATimeIsItsModelPicture() {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("lamina-snapshot-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = verifySnapshot(
            of: Scenes.card(), as: .image, named: "card", record: .all, snapshotDirectory: folder)
        let atTime = verifySnapshot(
            of: Scenes.card(), as: .image(atTime: CACurrentMediaTime()), named: "card", record: .never,
            snapshotDirectory: folder)
        #expect(atTime == nil)
    }

    @Test func aFewChangedPixelsPassAtPrecision099AndFailAt1() throws {
        // A 1 × 1 point speck: 4 of the card's 9,600 pixels.
        func speckled() -> CALayer {
            let card = Scenes.card()
            let speck = CALayer()
            speck.frame = CGRect(x: 50, y: 5, width: 1, height: 1)
            speck.backgroundColor = Scenes.color(0, 0, 0)
            card.addSublayer(speck)
            return card
        }
        #expect(try verify(speckled(), against: Scenes.card(), as: .image(precision: 0.99)) == nil)
        let strict = try verify(speckled(), against: Scenes.card(), as: .image(precision: 1))
        #expect(strict?.contains("Newly-taken snapshot does not match reference.") == true)
        // 4 pixels × 3 colour bytes of 38,400 bytes: precision 0.9996875 (bytes, as upstream).
        let tight = try verify(speckled(), against: Scenes.card(), as: .image(precision: 0.9999))
        #expect(tight?.contains("Actual image precision 0.9996875 is less than required 0.9999") == true)
    }

    @Test func aOneStepColourChangePassesAtPerceptualPrecision098AndFailsAt1() throws {
        let base = Scenes.swatch(Scenes.color(128, 64, 200))
        let nudged = Scenes.swatch(Scenes.color(129, 64, 200))
        #expect(try verify(nudged, against: base, as: .image(perceptualPrecision: 0.98)) == nil)
        let exact = try verify(nudged, against: base, as: .image(perceptualPrecision: 1))
        #expect(exact?.contains("Newly-taken snapshot does not match reference.") == true)
        // Every pixel is ΔE94 ≈ 0.18 away: above a threshold of 0.1 (perceptualPrecision 0.999).
        let tight = try verify(nudged, against: base, as: .image(perceptualPrecision: 0.999))
        #expect(tight?.contains("The percentage of pixels that match 0.0 is less than required 1.0") == true)
    }

    @Test func writesADifferenceImageOnFailure() throws {
        let message = try #require(try verify(Scenes.card(dotX: 30), against: Scenes.card(), as: .image))
        let line = try #require(message.split(separator: "\n").first { $0.hasPrefix("Difference image: ") })
        let path = String(line.dropFirst("Difference image: ".count).prefix { $0 != " " })
        #expect(path.hasSuffix(".difference.png"))
        let difference = try #require(UIImage(contentsOfFile: path)?.cgImage)
        #expect(difference.width == 120)
        #expect(difference.height == 80)
        // Beside it: the reference and the failing picture.
        let stem = path.dropLast(".difference.png".count)
        #expect(FileManager.default.fileExists(atPath: stem + ".reference.png"))
        #expect(FileManager.default.fileExists(atPath: stem + ".failure.png"))
        let pixels = try #require(Pixels(difference))
        // The square moved from x 14…26 to 24…36 (points): only 14…24 and 26…36 changed.
        #expect(pixels.gray(x: 40, y: 40) == 255)  // x 20 pt: the old square only
        #expect(pixels.gray(x: 60, y: 40) == 255)  // x 30 pt: the new square only
        #expect(pixels.gray(x: 50, y: 40) == 0)  // x 25 pt: in both
        #expect(pixels.gray(x: 100, y: 40) == 0)  // x 50 pt: in neither
        #expect(pixels.gray(x: 40, y: 74) == 0)  // the bar
    }
}

/// An image's RGBA bytes, for reading single pixels.
struct Pixels {
    let width: Int
    let bytes: [UInt8]

    init?(_ image: CGImage) {
        guard let space = CGColorSpace(name: CGColorSpace.sRGB),
            let context = CGContext(
                data: nil, width: image.width, height: image.height, bitsPerComponent: 8,
                bytesPerRow: image.width * 4, space: space,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        guard let data = context.makeImage()?.dataProvider?.data else { return nil }
        width = image.width
        bytes = [UInt8](data)
    }

    /// The red byte of pixel (`x`, `y`), top row 0: the level of a gray image.
    func gray(x: Int, y: Int) -> UInt8 { bytes[(y * width + x) * 4] }
}
