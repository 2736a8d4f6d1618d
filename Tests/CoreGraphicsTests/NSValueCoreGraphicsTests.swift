import CoreGraphics
import Foundation
import Testing

@Suite struct NSValueCoreGraphicsTests {
    @Test func affineTransformRoundTrips() {
        let transform = CGAffineTransform(1.5, -0.25, 0.75, 2, -3, 4e10)
        let value = NSValue(cgAffineTransform: transform)
        #expect(value.cgAffineTransformValue == transform)
        #expect(value.isEqual(NSValue(cgAffineTransform: transform)))
        #expect(!value.isEqual(NSValue(cgAffineTransform: .identity)))
    }

    @Test func affineTransformKeepsNaN() {
        let value = NSValue(cgAffineTransform: CGAffineTransform(.nan, 0, 0, 1, 2, 3))
        let restored = value.cgAffineTransformValue
        #expect(restored.a.isNaN)
        #expect(restored.d == 1 && restored.tx == 2 && restored.ty == 3)
    }

    @Test func geometryRoundTripsAndMatchesFoundationBoxes() {
        let point = CGPoint(x: 1.25, y: -2)
        let size = CGSize(width: 3, height: 4.5)
        let rect = CGRect(x: -1, y: 2, width: 30, height: 40)
        #expect(NSValue(cgPoint: point).cgPointValue == point)
        #expect(NSValue(cgSize: size).cgSizeValue == size)
        #expect(NSValue(cgRect: rect).cgRectValue == rect)
        #expect(NSValue(point: point).cgPointValue == point)
        #expect(NSValue(cgRect: rect).rectValue == rect)
        #expect(NSValue(cgSize: size).isEqual(NSValue(size: size)))
    }

    @Test func mismatchedReadsGiveNeutralValuesInsteadOfTrapping() {
        let rect = NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(rect.cgPointValue == .zero)
        #expect(rect.cgSizeValue == .zero)
        #expect(rect.cgAffineTransformValue == .identity)
        #expect(NSValue(cgAffineTransform: CGAffineTransform(scaleX: 2, y: 2)).cgRectValue == .zero)
        #expect(NSValue(cgPoint: CGPoint(x: 5, y: 6)).cgRectValue == .zero)
    }
}
