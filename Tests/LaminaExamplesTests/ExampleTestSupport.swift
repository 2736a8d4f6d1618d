import LaminaExamples
import QuartzCore
import Testing

/// Every suite that runs examples nests in this one: they move the shared manual clock, so they
/// never run in parallel with each other (and `CAMediaClock.withManualTime`'s lock keeps them apart from
/// other targets' clock tests).
@Suite(.serialized) enum ExampleClockTests {}

/// Runs `body` with the manual clock at `start`, then returns to system time.
func withManualClock(at start: CFTimeInterval = 1000, _ body: () throws -> Void) rethrows {
    try CAMediaClock.withManualTime(at: start, body)
}

/// Tolerance for values that go through timing curves, path flattening or trigonometry.
let valueTolerance: CGFloat = 1e-6

/// Whether two numbers agree within `tolerance`.
func isClose(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = valueTolerance) -> Bool {
    abs(a - b) <= tolerance
}

/// Whether two points agree within `tolerance` on each axis.
func isClose(_ a: CGPoint?, _ b: CGPoint, _ tolerance: CGFloat = valueTolerance) -> Bool {
    guard let a else { return false }
    return isClose(a.x, b.x, tolerance) && isClose(a.y, b.y, tolerance)
}

/// Whether every entry of `t` is within `tolerance` of `expected`'s.
func matches(_ t: CATransform3D?, _ expected: CATransform3D, _ tolerance: CGFloat = valueTolerance) -> Bool {
    guard let t else { return false }
    let a =
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24]
        + [t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
    let e = expected
    let b =
        [e.m11, e.m12, e.m13, e.m14, e.m21, e.m22, e.m23, e.m24]
        + [e.m31, e.m32, e.m33, e.m34, e.m41, e.m42, e.m43, e.m44]
    return zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

/// The components of `color`, or an empty list.
func rgba(_ color: CGColor?) -> [CGFloat] {
    color?.components ?? []
}

/// The layer of `scene` named `name`, searched depth first from the root.
func layer(named name: String, in scene: ExampleScene) -> CALayer? {
    func search(_ layer: CALayer) -> CALayer? {
        if layer.name == name { return layer }
        for sublayer in layer.sublayers ?? [] {
            if let found = search(sublayer) { return found }
        }
        return nil
    }
    return search(scene.root)
}

/// A run of the example called `name`, which must exist.
func makeRun(_ name: String) throws -> ExampleRun {
    ExampleRun(try #require(Examples.named(name)))
}
