import Testing
import UIKit

/// Whether two numbers agree within `tolerance`.
func isClose(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-6) -> Bool {
    abs(a - b) <= tolerance
}

/// Runs `body` with the manual clock at `start` (the process-wide clock lock is held).
func withManualClock(at start: CFTimeInterval = 1000, _ body: () throws -> Void) rethrows {
    try CAMediaClock.withManualTime(at: start, body)
}

/// The RGBA components of a colour.
func rgba(_ color: CGColor?) -> [CGFloat] {
    color?.components ?? []
}

/// A committed window of 400 × 400 points with one 100 × 100 subview at (0, 0).
func makeCommittedViews() -> (window: UIWindow, view: UIView) {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    window.addSubview(view)
    CATransaction.flush()
    return (window, view)
}

/// The presentation value of the layer's `position`.
func presentedPosition(_ view: UIView) -> CGPoint {
    view.layer.presentation()?.position ?? CGPoint(x: CGFloat.nan, y: .nan)
}

/// The premultiplied RGBA bytes of pixel (x, y), top row first.
func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
    guard let pixels = image.premultipliedRGBA8Pixels() else { return [] }
    let i = (y * image.width + x) * 4
    return Array(pixels[i..<(i + 4)])
}
