import QuartzCore
import Testing

/// The display contract: setNeedsDisplay, displayIfNeeded, display, draw(in:), the delegate.
@Suite struct CALayerDisplayTests {
    final class DrawingLayer: CALayer {
        var drawCount = 0

        override func draw(in ctx: CGContext) {
            drawCount += 1
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            // The top-left 10×5 points, in the layer's (top-left, y-down) coordinates.
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 5))
        }
    }

    /// Provides contents itself (implements `display(_:)`).
    final class DisplayingDelegate: CALayerDelegate {
        var displayed = 0

        func display(_ layer: CALayer) {
            displayed += 1
            layer.contents = "provided"
        }
    }

    /// Draws into the backing store the layer makes (implements only `draw(_:in:)` and layout).
    final class DrawingDelegate: CALayerDelegate {
        var drawn = 0
        var laidOut = 0

        func draw(_ layer: CALayer, in ctx: CGContext) {
            drawn += 1
            ctx.setFillColor(CGColor(gray: 0.5, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }

        func layoutSublayers(of layer: CALayer) {
            laidOut += 1
        }
    }

    @Test func aNewLayerDoesNotNeedDisplay() {
        #expect(CALayer().needsDisplay() == false)
    }

    @Test func setNeedsDisplayAndDisplayIfNeededDrawOnce() throws {
        let layer = DrawingLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        layer.contentsScale = 2
        layer.setNeedsDisplay()
        #expect(layer.needsDisplay())
        layer.displayIfNeeded()
        layer.displayIfNeeded()
        #expect(layer.drawCount == 1)
        #expect(!layer.needsDisplay())
        let image = try #require(layer.contents as? CGImage)
        #expect(image.width == 40 && image.height == 20)
        // Pixel (0, 0) is the top-left: red, drawn; pixel (39, 19) is the bottom-right: clear.
        let pixels = try #require(image.dataProvider?.data)
        let bytesPerRow = image.bytesPerRow
        let topLeft = Array(pixels[0..<4])
        let bottomRight = Array(pixels[(19 * bytesPerRow + 39 * 4)..<(19 * bytesPerRow + 39 * 4 + 4)])
        #expect(topLeft.contains(255) && topLeft.filter { $0 == 255 }.count == 2)  // red and alpha
        #expect(bottomRight == [0, 0, 0, 0])
        // Row 9 (pixels 0…9 are the 5-point-high bar at scale 2) is red; row 10 is not.
        #expect(pixels[9 * bytesPerRow + 3] == 255)
        #expect(pixels[10 * bytesPerRow + 3] == 0)
    }

    @Test func setNeedsDisplayInRectAlsoMarks() {
        let layer = DrawingLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(layer.needsDisplay())
        layer.displayIfNeeded()
        #expect(layer.drawCount == 1)
    }

    @Test func aLayerWithoutDrawingCodeKeepsItsContents() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        layer.contents = "given"
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect(layer.contents as? String == "given")
    }

    @Test func theDelegatesDisplayReplacesTheBackingStore() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        let delegate = DisplayingDelegate()
        layer.delegate = delegate
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect(delegate.displayed == 1)
        #expect(layer.contents as? String == "provided")
    }

    @Test func theDelegateDrawsWhenItDoesNotDisplay() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        let delegate = DrawingDelegate()
        layer.delegate = delegate
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect(delegate.drawn == 1)
        #expect((layer.contents as? CGImage)?.width == 4)
    }

    @Test func anEmptyLayerHasNoBackingStore() {
        let layer = DrawingLayer()
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect(layer.contents == nil)
        #expect(layer.drawCount == 0)
    }

    @Test func needsDisplayOnBoundsChange() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(!layer.needsDisplay())
        layer.needsDisplayOnBoundsChange = true
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        #expect(layer.needsDisplay())
    }

    @Test func layoutRunsOnceWhenMarkedAndParentsFirst() {
        final class Recorder: CALayer {
            nonisolated(unsafe) static var log: [String] = []
            override func layoutSublayers() {
                Recorder.log.append(name ?? "?")
                super.layoutSublayers()
            }
        }
        Recorder.log = []
        let parent = Recorder()
        parent.name = "parent"
        let child = Recorder()
        child.name = "child"
        parent.addSublayer(child)
        #expect(parent.needsLayout())  // adding a sublayer marks the parent
        child.setNeedsLayout()
        child.layoutIfNeeded()
        #expect(Recorder.log == ["parent", "child"])
        child.layoutIfNeeded()
        #expect(Recorder.log == ["parent", "child"])
        child.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)  // a size change marks the layer
        #expect(child.needsLayout())
        child.bounds = CGRect(x: 1, y: 1, width: 5, height: 5)
        child.layoutIfNeeded()
        #expect(Recorder.log == ["parent", "child", "child"])
        #expect(!parent.needsLayout())
    }

    @Test func layoutSublayersCallsTheDelegate() {
        let layer = CALayer()
        let delegate = DrawingDelegate()
        layer.delegate = delegate
        layer.setNeedsLayout()
        layer.layoutIfNeeded()
        #expect(delegate.laidOut == 1)
    }
}
