import Testing
import UIKit

@Suite struct UIBezierPathTests {
    /// The points of each element, by kind.
    func elements(_ path: UIBezierPath) -> [(CGPathElementType, [CGPoint])] {
        var list: [(CGPathElementType, [CGPoint])] = []
        path.cgPath.applyWithBlock { element in
            let count: Int
            switch element.pointee.type {
            case .moveToPoint, .addLineToPoint: count = 1
            case .addQuadCurveToPoint: count = 2
            case .addCurveToPoint: count = 3
            case .closeSubpath: count = 0
            @unknown default: count = 0
            }
            list.append((element.pointee.type, (0..<count).map { element.pointee.points[$0] }))
        }
        return list
    }

    @Test func defaults() {
        let path = UIBezierPath()
        #expect(
            path.isEmpty && path.lineWidth == 1 && path.lineCapStyle == .butt && path.lineJoinStyle == .miter)
        #expect(path.miterLimit == 10 && !path.usesEvenOddFillRule && path.currentPoint == .zero)
    }

    @Test func rectStartsTopLeftClockwiseOnScreen() {
        let path = UIBezierPath(rect: CGRect(x: 10, y: 20, width: 30, height: 40))
        let points = elements(path).flatMap(\.1)
        #expect(points.prefix(3) == [CGPoint(x: 10, y: 20), CGPoint(x: 40, y: 20), CGPoint(x: 40, y: 60)])
        #expect(path.bounds == CGRect(x: 10, y: 20, width: 30, height: 40))
    }

    /// UIKit's `clockwise: true` turns clockwise on a y-down screen: from angle 0 (right of
    /// the centre) a quarter turn clockwise ends below the centre (+y).
    @Test func arcClockwiseIsVisuallyClockwise() {
        let path = UIBezierPath(
            arcCenter: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(isClose(path.currentPoint.x, 50) && isClose(path.currentPoint.y, 60))
        // Through the lower right quadrant.
        #expect(isClose(path.bounds.maxY, 60) && isClose(path.bounds.minY, 50, 1e-6))
        let counter = UIBezierPath(
            arcCenter: CGPoint(x: 50, y: 50), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(isClose(counter.bounds.minY, 40))  // three quarters round through the top
    }

    @Test func roundedRectWithChosenCorners() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 50)
        let path = UIBezierPath(
            roundedRect: rect, byRoundingCorners: [.topLeft], cornerRadii: CGSize(width: 20, height: 5))
        #expect(elements(path).first?.1 == [CGPoint(x: 20, y: 0)])
        #expect(path.contains(CGPoint(x: 99, y: 1)))  // square top-right corner
        #expect(!path.contains(CGPoint(x: 1, y: 1)))  // rounded top-left corner
        #expect(path.contains(CGPoint(x: 1, y: 49)))
        // The radius is clamped to half the shorter side.
        let pill = UIBezierPath(roundedRect: rect, cornerRadius: 100)
        #expect(pill.contains(CGPoint(x: 50, y: 1)) && !pill.contains(CGPoint(x: 2, y: 2)))
    }

    @Test func buildingAndApply() {
        let path = UIBezierPath()
        path.addLine(to: CGPoint(x: 5, y: 5))  // no current point: ignored
        #expect(path.isEmpty)
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 10, y: 10), controlPoint: CGPoint(x: 20, y: 5))
        path.addCurve(
            to: CGPoint(x: 0, y: 10), controlPoint1: CGPoint(x: 8, y: 12), controlPoint2: CGPoint(x: 2, y: 12)
        )
        path.close()
        #expect(
            elements(path).map(\.0) == [
                .moveToPoint, .addLineToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath,
            ])
        path.apply(CGAffineTransform(translationX: 100, y: 0))
        #expect(elements(path)[1].1 == [CGPoint(x: 110, y: 0)])
        let other = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 10, height: 10))
        path.append(other)
        #expect(path.contains(CGPoint(x: 5, y: 5)))
        let copy = UIBezierPath(cgPath: path.cgPath)
        #expect(copy.cgPath == path.cgPath)
        path.removeAllPoints()
        #expect(path.isEmpty)
    }

    @Test func dashesRoundTripAndRejectBadLengths() {
        let path = UIBezierPath()
        let pattern: [CGFloat] = [4, 2]
        path.setLineDash(pattern, count: 2, phase: 1)
        var out = [CGFloat](repeating: 0, count: 2)
        var count = 0
        var phase: CGFloat = 0
        path.getLineDash(&out, count: &count, phase: &phase)
        #expect(out == [4, 2] && count == 2 && phase == 1)
        path.setLineDash([-1, 2], count: 2, phase: 0)
        path.getLineDash(nil, count: &count, phase: nil)
        #expect(count == 0)
    }

    /// `fill()` and `stroke()` draw into the current (y-down) context with the path's settings.
    @Test func fillAndStrokeDrawIntoTheCurrentContext() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 20, height: 20), false, 1)
        UIColor.red.setFill()
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 20, height: 5)).fill()  // the top rows
        UIColor.blue.setStroke()
        let line = UIBezierPath()
        line.move(to: CGPoint(x: 0, y: 15))
        line.addLine(to: CGPoint(x: 20, y: 15))
        line.lineWidth = 4
        line.stroke()
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
        UIGraphicsEndImageContext()
        #expect(pixel(image, 10, 1) == [255, 0, 0, 255])
        #expect(pixel(image, 10, 14) == [0, 0, 255, 255])
        #expect(pixel(image, 10, 9) == [0, 0, 0, 0])
        #expect(pixel(image, 10, 18) == [0, 0, 0, 0])  // 4 points wide: 13…17
    }
}

@Suite struct UIKitBadInputTests {
    @Test func nonFiniteInputNeverReachesAPixel() throws {
        let path = UIBezierPath(
            arcCenter: CGPoint(x: CGFloat.nan, y: 0), radius: 5, startAngle: 0, endAngle: 1, clockwise: true)
        #expect(path.isEmpty)
        let rounded = UIBezierPath(
            roundedRect: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10), cornerRadius: 2)
        #expect(rounded.isEmpty)
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { _ in
            UIColor.red.setFill()
            let wild = UIBezierPath()
            wild.move(to: CGPoint(x: 0, y: 0))
            wild.addLine(to: CGPoint(x: CGFloat.nan, y: 4))
            wild.addLine(to: CGPoint(x: 4, y: 4))
            wild.close()
            wild.fill()
            UIImage().draw(in: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1))
        }
        #expect(image.size == CGSize(width: 4, height: 4))
        #expect(UIGraphicsImageRenderer(size: CGSize(width: -1, height: 4)).image { _ in }.cgImage == nil)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.alpha = .nan
        #expect(view.alpha == 1)
    }
}
