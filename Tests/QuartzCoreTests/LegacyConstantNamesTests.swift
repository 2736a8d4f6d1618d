import QuartzCore
import Testing

/// Ruling C2 (docs/DECISIONS.md): Swift 4's global constant names are the typed values, with
/// Apple's raw strings.
@Suite struct LegacyConstantNamesTests {
    @Test func namesMapToTheTypedValuesWithApplesStrings() {
        #expect(kCAMediaTimingFunctionEaseInEaseOut == .easeInEaseOut)
        #expect(kCAMediaTimingFunctionEaseInEaseOut.rawValue == "easeInEaseOut")
        #expect(kCAMediaTimingFunctionDefault.rawValue == "default")
        #expect(kCAFillModeForwards.rawValue == "forwards" && kCAFillModeRemoved.rawValue == "removed")
        #expect(kCATransitionFade.rawValue == "fade" && kCATransitionFromLeft.rawValue == "fromLeft")
        #expect(kCAGravityResizeAspectFill.rawValue == "resizeAspectFill")
        #expect(kCAGravityTopLeft.rawValue == "topLeft")
        #expect(kCAFilterTrilinear.rawValue == "trilinear")
        #expect(kCAFillRuleEvenOdd.rawValue == "even-odd" && kCAFillRuleNonZero.rawValue == "non-zero")
        #expect(kCALineCapRound.rawValue == "round" && kCALineJoinBevel.rawValue == "bevel")
        #expect(kCAAnimationCubicPaced.rawValue == "cubicPaced")
        #expect(
            kCAAnimationRotateAuto.rawValue == "auto"
                && kCAAnimationRotateAutoReverse.rawValue == "autoReverse")
        #expect(kCAAlignmentCenter.rawValue == "center" && kCATruncationEnd.rawValue == "end")
        #expect(kCAGradientLayerAxial.rawValue == "axial" && kCAGradientLayerConic.rawValue == "conic")
        #expect(
            kCAEmitterLayerOldestFirst.rawValue == "oldestFirst" && kCAEmitterLayerSphere.rawValue == "sphere"
        )
        #expect(kCAValueFunctionRotateZ.rawValue == "rotateZ")
        #expect(kCAContentsFormatRGBA8Uint.rawValue == "RGBA8")
    }

    @Test func swift4StyleCodeCompilesAndWorks() {
        // As a Swift 4.1 library wrote it.
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseIn)
        animation.fillMode = kCAFillModeForwards
        animation.isRemovedOnCompletion = false
        animation.repeatCount = HUGE
        let shape = CAShapeLayer()
        shape.lineCap = kCALineCapRound
        shape.fillRule = kCAFillRuleEvenOdd
        let transition = CATransition()
        transition.type = kCATransitionPush
        transition.subtype = kCATransitionFromRight
        let layer = CALayer()
        layer.contentsGravity = kCAGravityResizeAspect
        layer.add(transition, forKey: kCATransition)
        #expect(
            animation.fillMode == .forwards && shape.lineCap == .round
                && layer.contentsGravity == .resizeAspect)
        #expect(animation.timingFunction == CAMediaTimingFunction(name: .easeIn))
        #expect(layer.animation(forKey: kCATransition) != nil)
    }
}
