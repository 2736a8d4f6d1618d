import QuartzCore
import Testing

/// `@LayerProperty`, Lamina's `@NSManaged`: subclass properties in key-value coding, defaults,
/// style, presentation copies and needsDisplay(forKey:).
@Suite struct LayerPropertyTests {
    final class ProgressLayer: CALayer {
        @LayerProperty var progress: CGFloat = 0
        @LayerProperty var label: String = "none"
        @LayerProperty(key: "tint") var tintColor: CGColor? = nil
        var unmanaged = 0

        override init() {
            super.init()
        }

        required init?(coder: NSCoder) {
            super.init(coder: coder)
        }

        required init(layer: Any) {
            super.init(layer: layer)
            if let other = layer as? ProgressLayer {
                unmanaged = other.unmanaged
            }
        }

        override class func needsDisplay(forKey key: String) -> Bool {
            key == "progress" || super.needsDisplay(forKey: key)
        }
    }

    /// The documented example: a bar whose filled width follows `progress`.
    final class BarLayer: CALayer {
        @LayerProperty var progress: CGFloat = 0

        override class func needsDisplay(forKey key: String) -> Bool {
            key == "progress" || super.needsDisplay(forKey: key)
        }

        override func draw(in ctx: CGContext) {
            ctx.setFillColor(CGColor(red: 0, green: 0.5, blue: 1, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
        }
    }

    /// The number of opaque pixels in the first row of the layer's backing store.
    private func filledPixels(_ layer: CALayer) -> Int {
        guard let image = layer.contents as? CGImage, let data = image.dataProvider?.data else { return -1 }
        return (0..<image.width).filter { data[$0 * 4 + 3] == 255 }.count
    }

    @Test func changingProgressRedrawsTheBar() {
        let layer = BarLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 4)
        layer.progress = 0.25
        layer.displayIfNeeded()
        #expect(filledPixels(layer) == 25)
        layer.setValue(0.75, forKey: "progress")
        layer.displayIfNeeded()
        #expect(filledPixels(layer) == 75)
        layer.displayIfNeeded()  // nothing changed: no redraw needed
        #expect(!layer.needsDisplay())
    }

    final class DefaultsLayer: CALayer {
        @LayerProperty var level: Int = 1

        override class func defaultValue(forKey key: String) -> Any? {
            switch key {
            case "masksToBounds": return true
            case "cornerRadius": return 8
            case "level": return 5
            default: return super.defaultValue(forKey: key)
            }
        }
    }

    @Test func defaultsAndTypedAccess() {
        let layer = ProgressLayer()
        #expect(layer.progress == 0)
        #expect(layer.label == "none")
        #expect(layer.tintColor == nil)
        layer.progress = 0.5
        layer.label = "half"
        #expect(layer.progress == 0.5)
        #expect(layer.label == "half")
    }

    @Test func keyValueCodingUsesThePropertyNameOrTheGivenKey() {
        let layer = ProgressLayer()
        #expect(layer.value(forKey: "progress") as? CGFloat == 0)
        layer.setValue(0.75, forKey: "progress")  // a Double
        #expect(layer.progress == 0.75)
        layer.setValue(NSNumber(value: 0.25), forKey: "progress")
        #expect(layer.progress == 0.25)
        #expect(layer.value(forKey: "progress") as? CGFloat == 0.25)
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.setValue(red, forKey: "tint")
        #expect(layer.tintColor == red)
        #expect(layer.value(forKey: "tintColor") == nil)
    }

    @Test func wrongTypesAreIgnored() {
        CompatibilityWarnings.isEnabled = false
        let layer = ProgressLayer()
        layer.progress = 0.5
        layer.setValue("much", forKey: "progress")
        #expect(layer.progress == 0.5)
    }

    @Test func changingANeedsDisplayPropertyMarksTheLayer() {
        let layer = ProgressLayer()
        #expect(!layer.needsDisplay())
        layer.label = "x"
        #expect(!layer.needsDisplay())
        layer.progress = 0.1
        #expect(layer.needsDisplay())
        layer.displayIfNeeded()
        layer.setValue(0.2, forKey: "progress")
        #expect(layer.needsDisplay())
    }

    @Test func presentationCopiesCarryManagedAndSubclassValues() {
        let layer = ProgressLayer()
        layer.progress = 0.4
        layer.unmanaged = 7
        layer.opacity = 0.5
        layer.setValue("tag", forKey: "arbitrary")
        let copy = ProgressLayer(layer: layer)
        #expect(copy.progress == 0.4)
        #expect(copy.unmanaged == 7)
        #expect(copy.opacity == 0.5)
        #expect(copy.value(forKey: "arbitrary") as? String == "tag")
        copy.progress = 0.9
        #expect(layer.progress == 0.4)
    }

    @Test func copiesDoNotTakeTheHierarchy() {
        let parent = CALayer()
        let layer = CALayer()
        parent.addSublayer(layer)
        layer.addSublayer(CALayer())
        layer.mask = CALayer()
        let copy = CALayer(layer: layer)
        #expect(copy.superlayer == nil)
        #expect(copy.sublayers == nil)
        #expect(copy.mask == nil)
    }

    @Test func overriddenClassDefaultsApplyToNewInstances() {
        let layer = DefaultsLayer()
        #expect(layer.masksToBounds == true)
        #expect(layer.cornerRadius == 8)
        #expect(layer.level == 5)
        #expect(layer.value(forKey: "level") as? Int == 5)
        layer.level = 2
        #expect(layer.level == 2)
        #expect(CALayer().masksToBounds == false)
    }

    @Test func styleProvidesValuesUntilSetExplicitly() {
        let layer = CALayer()
        let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.style = ["backgroundColor": blue, "opacity": 0.5, "style": ["cornerRadius": 6]]
        #expect(layer.backgroundColor == blue)
        #expect(layer.opacity == 0.5)
        #expect(layer.cornerRadius == 6)
        layer.opacity = 0.9
        layer.style = ["opacity": 0.1]
        #expect(layer.opacity == 0.9)  // explicitly set: the style no longer applies
        #expect(layer.backgroundColor == nil)  // back to the default
        #expect(layer.cornerRadius == 0)
    }

    @Test func styleDoesNotProvideBoundsOrFrame() {
        let layer = CALayer()
        layer.style = ["bounds": CGRect(x: 0, y: 0, width: 9, height: 9)]
        #expect(layer.bounds == .zero)
    }
}
