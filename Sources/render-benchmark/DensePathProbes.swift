// Issue 22: other inputs whose one frame might take minutes, each timed as one drawing at scale 2
// into a 128 × 128-pixel context (or one `CARenderer` frame), by Lamina's default route and, with
// `cairo`, with every path left to Cairo (`denseElementThreshold` raised past it):
//
//     .build-release/release/render-benchmark dense-probe NAME [cairo]
//
//   subpaths   a million closed triangles (move, two lines, close) in the 64-point box, filled and
//              stroked;
//   dashes     a 1,000-segment criss-crossing path stroked with 0.02-point dashes (about 850,000);
//   fine-dashes  the same with 0.001-point dashes (about 17 million: past the dash limit);
//   wide       a 2,000-segment criss-crossing path stroked a million points wide;
//   replicas   a replicator of 100,000 instances of a 1,000-segment shape 10,000 points wide,
//              one `CARenderer` frame at 640 × 360.

import Foundation
import QuartzCore

/// A 128 × 128-pixel context drawing the 64-point box at scale 2; Cairo takes every path when
/// `cairo` is set.
private func probeContext(cairo: Bool) -> CGContext {
    let context = CGContext(
        data: nil, width: 128, height: 128, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    if cairo { context.denseElementThreshold = .max }
    context.scaleBy(x: 2, y: 2)
    context.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 0.8)
    context.setStrokeColor(red: 0, green: 0, blue: 0.6, alpha: 1)
    context.setLineWidth(0.5)
    return context
}

/// A path of `count` closed triangles of sides up to 2 points, scattered over the 64-point box.
private func trianglesPath(count: Int) -> CGPath {
    let scatter = crissCrossPath(segments: count, side: 62)
    let path = CGMutablePath()
    for (index, element) in scatter.elements.enumerated() where index > 0 {
        guard let corner = element.points.first else { continue }
        path.move(to: corner)
        path.addLine(to: CGPoint(x: corner.x + 2, y: corner.y + CGFloat(index % 3) * 0.5))
        path.addLine(to: CGPoint(x: corner.x + 1, y: corner.y + 2))
        path.closeSubpath()
    }
    return path
}

/// Runs the probe `name`; returns its seconds, or `nil` for an unknown name.
@MainActor func runDensePathProbe(_ name: String, cairo: Bool) throws -> Double? {
    let start = nanoseconds()
    switch name {
    case "subpaths":
        let context = probeContext(cairo: cairo)
        let path = trianglesPath(count: 1_000_000)
        context.addPath(path)
        context.fillPath()
        context.addPath(path)
        context.strokePath()
    case "dashes", "fine-dashes":
        let context = probeContext(cairo: cairo)
        let dash: CGFloat = name == "dashes" ? 0.02 : 0.001
        context.setLineDash(phase: 0, lengths: [dash, dash])
        context.addPath(crissCrossPath(segments: 1_000, side: 64))
        context.strokePath()
    case "wide":
        let context = probeContext(cairo: cairo)
        context.setLineWidth(1_000_000)
        context.addPath(crissCrossPath(segments: 2_000, side: 64))
        context.strokePath()
    case "replicas":
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 640, height: 360)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 100_000
        replicator.instanceTransform = CATransform3DMakeTranslation(0.01, 0.005, 0)
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: -5_000, y: -5_000, width: 10_000, height: 10_000)
        shape.path = crissCrossPath(segments: 1_000, side: 10_000)
        shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.01)
        replicator.addSublayer(shape)
        root.addSublayer(replicator)
        let renderer = try CARenderer(layer: root, size: root.bounds.size)
        renderer.beginFrame(atTime: 0)
        renderer.render()
        renderer.endFrame()
        guard renderer.makeImage() != nil else { fatalError("no image rendered") }
    default:
        return nil
    }
    return Double(nanoseconds() - start) / 1e9
}
