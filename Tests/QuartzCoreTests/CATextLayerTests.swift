import Foundation
import QuartzCore
import Testing

/// `CATextLayer`'s properties, defaults, key-value coding and drawing inputs.
@Suite struct CATextLayerTests {
    @Test func applesDefaults() {
        let layer = CATextLayer()
        #expect(layer.string == nil)
        #expect(layer.font as? String == "Helvetica")
        #expect(layer.fontSize == 36)
        #expect(layer.foregroundColor?.components == [1, 1])
        #expect(layer.foregroundColor?.alpha == 1)
        #expect(layer.isWrapped == false)
        #expect(layer.truncationMode == .none)
        #expect(layer.alignmentMode == .natural)
        #expect(layer.allowsFontSubpixelQuantization == false)
        #expect(layer.contentsScale == 1)
        #expect(CATextLayer.defaultValue(forKey: "fontSize") as? CGFloat == 36)
        #expect(CATextLayer.defaultValue(forKey: "alignmentMode") as? CATextLayerAlignmentMode == .natural)
        #expect(CATextLayer.defaultValue(forKey: "opacity") as? Float == 1)
    }

    @Test func keyValueCodingUsesApplesKeys() {
        let layer = CATextLayer()
        #expect(layer.value(forKey: "fontSize") as? CGFloat == 36)
        layer.setValue(18, forKey: "fontSize")
        #expect(layer.fontSize == 18)
        layer.setValue(true, forKey: "wrapped")
        #expect(layer.isWrapped)
        #expect(layer.value(forKey: "wrapped") as? Bool == true)
        layer.setValue("center", forKey: "alignmentMode")
        #expect(layer.alignmentMode == .center)
        layer.setValue("end", forKey: "truncationMode")
        #expect(layer.truncationMode == .end)
        layer.setValue("hello", forKey: "string")
        #expect(layer.string as? String == "hello")
        layer.setValue("DejaVu Serif", forKey: "font")
        #expect(layer.font as? String == "DejaVu Serif")
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.setValue(red, forKey: "foregroundColor")
        #expect(layer.foregroundColor == red)
    }

    @Test func wrongTypesAreIgnoredAndNilDrawsCoreTextsDefaults() {
        let layer = CATextLayer()
        layer.setValue("big", forKey: "fontSize")
        #expect(layer.fontSize == 36)
        layer.string = "nil colour and font"
        layer.foregroundColor = nil
        layer.font = nil
        #expect(layer.foregroundColor == nil)
        #expect(layer.font as? String == "Helvetica")  // an `Any?` set to nil reads its default
        let run = layer.textRuns()[0]
        #expect(run.color == .black && run.font == TextFont(name: "Helvetica", size: 36))
    }

    @Test func aFontObjectTakesTheLayersFontSize() throws {
        let layer = CATextLayer()
        layer.string = "sized by fontSize"
        layer.fontSize = 20
        layer.font = try #require(CGFont("DejaVu Serif"))
        #expect(layer.textRuns().first?.font == TextFont(name: "DejaVuSerif", size: 20))
        layer.font = TextFont(name: "DejaVu Sans Mono", size: 99)
        #expect(layer.textRuns().first?.font == TextFont(name: "DejaVu Sans Mono", size: 20))
        layer.font = 7
        #expect(layer.textRuns().first?.font == TextFont(name: "Helvetica", size: 20))
        #expect(CompatibilityWarnings.messages.contains { $0.contains("CATextLayer.font ignored") })
    }

    @Test func presentationCopiesCarryTheText() {
        let layer = CATextLayer()
        layer.string = "copied"
        layer.fontSize = 20
        layer.isWrapped = true
        let copy = CATextLayer(layer: layer)
        #expect(copy.string as? String == "copied")
        #expect(copy.fontSize == 20)
        #expect(copy.isWrapped)
    }

    @Test func contentsCoverTheBoundsAtContentsScaleAndAreCached() throws {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100.5, height: 40)
        layer.string = "Cached"
        layer.font = "DejaVu Sans"
        layer.contentsScale = 2
        var cache: Any?
        let (image, rect) = try #require(layer.kindContents(scale: 1, cache: &cache))
        #expect(image.width == 201 && image.height == 80)
        #expect(rect == CGRect(x: 0, y: 0, width: 100.5, height: 40))
        // The same values give the same image object (no new rasterisation, no new texture).
        let again = try #require(layer.kindContents(scale: 3, cache: &cache))
        #expect(again.image === image)
        layer.position = CGPoint(x: 300, y: 300)
        #expect(layer.kindContents(scale: 1, cache: &cache)?.image === image)
        layer.fontSize = 12
        #expect(layer.kindContents(scale: 1, cache: &cache)?.image !== image)
    }

    @Test func nothingToDrawGivesNoContents() {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        #expect(layer.kindContents(scale: 1) == nil)
        layer.string = "text"
        layer.bounds = .zero
        #expect(layer.kindContents(scale: 1) == nil)
        layer.bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 40)
        #expect(layer.kindContents(scale: 1) == nil)
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        layer.fontSize = .nan
        #expect(layer.kindContents(scale: 1) == nil)
        layer.fontSize = 12
        layer.string = 42
        #expect(layer.kindContents(scale: 1) == nil)
        #expect(CompatibilityWarnings.messages.contains { $0.contains("CATextLayer.string ignored") })
    }

    @Test func missingFontsAreReportedOnce() {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        layer.string = "fallback"
        layer.font = "Lamina Missing Font"
        #expect(layer.kindContents(scale: 1) != nil)
        let reports = CompatibilityWarnings.messages.filter { $0.contains("\"Lamina Missing Font\"") }
        #expect(reports.count == 1)
    }

    @Test func attributedRunsKeepTheirFontsAndColours() {
        let text = NSMutableAttributedString(string: "Red big, default")
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        text.addAttribute(.foregroundColor, value: red, range: NSRange(location: 0, length: 3))
        text.addAttribute(
            .font, value: TextFont(name: "DejaVu Serif", size: 30), range: NSRange(location: 4, length: 3))
        let layer = CATextLayer()
        layer.string = text
        layer.fontSize = 99  // not used for attributed strings
        let runs = layer.textRuns()
        #expect(runs.map(\.text) == ["Red", " ", "big", ", default"])
        #expect(runs[0].color == red && runs[0].font == TextFont(name: "Helvetica", size: 12))
        #expect(runs[2].font == TextFont(name: "DejaVu Serif", size: 30) && runs[2].color == .black)
        #expect(runs[3].font == .coreTextDefault)
    }
}

extension ManualClockTests {
    /// `fontSize` and `foregroundColor` animate, implicitly and explicitly, and the presentation
    /// copy (what the renderer draws from) carries the value mid-animation.
    @Suite struct CATextLayerAnimationTests {
        @Test func fontSizeAnimatesImplicitly() throws {
            try withManualClock {
                let (_, host) = makeCommittedScene()
                let layer = CATextLayer()
                host.addSublayer(layer)
                CATransaction.flush()
                CATransaction.begin()
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                layer.fontSize = 56
                CATransaction.commit()
                let animation = try #require(layer.animation(forKey: "fontSize") as? CABasicAnimation)
                #expect(animation.duration == 0.25)
                CAMediaClock.advance(by: 0.125)
                let middle = try #require(layer.presentation()?.fontSize)
                #expect(isClose(middle, 46, 1e-6))
                #expect(layer.presentation()?.value(forKey: "fontSize") as? CGFloat == middle)
                CAMediaClock.advance(by: 0.25)
                #expect(layer.presentation()?.fontSize == 56)
            }
        }

        @Test func foregroundColorAnimatesExplicitly() throws {
            try withManualClock {
                let (_, host) = makeCommittedScene()
                let layer = CATextLayer()
                host.addSublayer(layer)
                CATransaction.flush()
                let animation = CABasicAnimation(keyPath: "foregroundColor")
                animation.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                animation.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                animation.duration = 1
                animation.timingFunction = CAMediaTimingFunction(name: .linear)
                layer.add(animation, forKey: "tint")
                CATransaction.flush()
                CAMediaClock.advance(by: 0.25)
                let color = try #require(layer.presentation()?.foregroundColor?.components)
                #expect(isClose(color[0], 0.75, 1e-6) && isClose(color[2], 0.25, 1e-6))
            }
        }

        @Test func otherTextPropertiesDoNotAnimateImplicitly() {
            withManualClock {
                let (_, host) = makeCommittedScene()
                let layer = CATextLayer()
                host.addSublayer(layer)
                CATransaction.flush()
                layer.string = "no animation"
                layer.isWrapped = true
                layer.alignmentMode = .center
                #expect(layer.animationKeys() == nil)
            }
        }
    }
}
