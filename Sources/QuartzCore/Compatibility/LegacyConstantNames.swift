// The global constants Core Animation code written for Swift 4.1 and earlier uses
// (`animation.fillMode = kCAFillModeForwards`, `CAMediaTimingFunction(name:
// kCAMediaTimingFunctionEaseIn)`). Swift 4.2 imported them as members of typed structs
// (`.forwards`, `.easeIn`) and Apple's current SDKs mark the old names unavailable; Lamina keeps
// them, with the typed values, so that older code compiles unchanged (ruling C2 in
// docs/DECISIONS.md). `kCATransition`, `kCAOnOrderIn` and `kCAOnOrderOut`, which
// are still current, are in `CALayer+Constants.swift`.

// MARK: - Timing function names (`CAMediaTimingFunctionName`)

/// Swift 4's name for `CAMediaTimingFunctionName.linear`.
public let kCAMediaTimingFunctionLinear = CAMediaTimingFunctionName.linear

/// Swift 4's name for `CAMediaTimingFunctionName.easeIn`.
public let kCAMediaTimingFunctionEaseIn = CAMediaTimingFunctionName.easeIn

/// Swift 4's name for `CAMediaTimingFunctionName.easeOut`.
public let kCAMediaTimingFunctionEaseOut = CAMediaTimingFunctionName.easeOut

/// Swift 4's name for `CAMediaTimingFunctionName.easeInEaseOut`.
public let kCAMediaTimingFunctionEaseInEaseOut = CAMediaTimingFunctionName.easeInEaseOut

/// Swift 4's name for `CAMediaTimingFunctionName.default`.
public let kCAMediaTimingFunctionDefault = CAMediaTimingFunctionName.`default`

// MARK: - Fill modes (`CAMediaTimingFillMode`)

/// Swift 4's name for `CAMediaTimingFillMode.forwards`.
public let kCAFillModeForwards = CAMediaTimingFillMode.forwards

/// Swift 4's name for `CAMediaTimingFillMode.backwards`.
public let kCAFillModeBackwards = CAMediaTimingFillMode.backwards

/// Swift 4's name for `CAMediaTimingFillMode.both`.
public let kCAFillModeBoth = CAMediaTimingFillMode.both

/// Swift 4's name for `CAMediaTimingFillMode.removed`.
public let kCAFillModeRemoved = CAMediaTimingFillMode.removed

// MARK: - Transition types (`CATransitionType`)

/// Swift 4's name for `CATransitionType.fade`.
public let kCATransitionFade = CATransitionType.fade

/// Swift 4's name for `CATransitionType.moveIn`.
public let kCATransitionMoveIn = CATransitionType.moveIn

/// Swift 4's name for `CATransitionType.push`.
public let kCATransitionPush = CATransitionType.push

/// Swift 4's name for `CATransitionType.reveal`.
public let kCATransitionReveal = CATransitionType.reveal

// MARK: - Transition subtypes (`CATransitionSubtype`)

/// Swift 4's name for `CATransitionSubtype.fromRight`.
public let kCATransitionFromRight = CATransitionSubtype.fromRight

/// Swift 4's name for `CATransitionSubtype.fromLeft`.
public let kCATransitionFromLeft = CATransitionSubtype.fromLeft

/// Swift 4's name for `CATransitionSubtype.fromTop`.
public let kCATransitionFromTop = CATransitionSubtype.fromTop

/// Swift 4's name for `CATransitionSubtype.fromBottom`.
public let kCATransitionFromBottom = CATransitionSubtype.fromBottom

// MARK: - Contents gravities (`CALayerContentsGravity`)

/// Swift 4's name for `CALayerContentsGravity.center`.
public let kCAGravityCenter = CALayerContentsGravity.center

/// Swift 4's name for `CALayerContentsGravity.top`.
public let kCAGravityTop = CALayerContentsGravity.top

/// Swift 4's name for `CALayerContentsGravity.bottom`.
public let kCAGravityBottom = CALayerContentsGravity.bottom

/// Swift 4's name for `CALayerContentsGravity.left`.
public let kCAGravityLeft = CALayerContentsGravity.left

/// Swift 4's name for `CALayerContentsGravity.right`.
public let kCAGravityRight = CALayerContentsGravity.right

/// Swift 4's name for `CALayerContentsGravity.topLeft`.
public let kCAGravityTopLeft = CALayerContentsGravity.topLeft

/// Swift 4's name for `CALayerContentsGravity.topRight`.
public let kCAGravityTopRight = CALayerContentsGravity.topRight

/// Swift 4's name for `CALayerContentsGravity.bottomLeft`.
public let kCAGravityBottomLeft = CALayerContentsGravity.bottomLeft

/// Swift 4's name for `CALayerContentsGravity.bottomRight`.
public let kCAGravityBottomRight = CALayerContentsGravity.bottomRight

/// Swift 4's name for `CALayerContentsGravity.resize`.
public let kCAGravityResize = CALayerContentsGravity.resize

/// Swift 4's name for `CALayerContentsGravity.resizeAspect`.
public let kCAGravityResizeAspect = CALayerContentsGravity.resizeAspect

/// Swift 4's name for `CALayerContentsGravity.resizeAspectFill`.
public let kCAGravityResizeAspectFill = CALayerContentsGravity.resizeAspectFill

// MARK: - Contents filters (`CALayerContentsFilter`)

/// Swift 4's name for `CALayerContentsFilter.nearest`.
public let kCAFilterNearest = CALayerContentsFilter.nearest

/// Swift 4's name for `CALayerContentsFilter.linear`.
public let kCAFilterLinear = CALayerContentsFilter.linear

/// Swift 4's name for `CALayerContentsFilter.trilinear`.
public let kCAFilterTrilinear = CALayerContentsFilter.trilinear

// MARK: - Contents formats (`CALayerContentsFormat`)

/// Swift 4's name for `CALayerContentsFormat.RGBA8Uint`.
public let kCAContentsFormatRGBA8Uint = CALayerContentsFormat.RGBA8Uint

/// Swift 4's name for `CALayerContentsFormat.RGBA16Float`.
public let kCAContentsFormatRGBA16Float = CALayerContentsFormat.RGBA16Float

/// Swift 4's name for `CALayerContentsFormat.gray8Uint`.
public let kCAContentsFormatGray8Uint = CALayerContentsFormat.gray8Uint

// MARK: - Fill rules (`CAShapeLayerFillRule`)

/// Swift 4's name for `CAShapeLayerFillRule.nonZero`.
public let kCAFillRuleNonZero = CAShapeLayerFillRule.nonZero

/// Swift 4's name for `CAShapeLayerFillRule.evenOdd`.
public let kCAFillRuleEvenOdd = CAShapeLayerFillRule.evenOdd

// MARK: - Line caps (`CAShapeLayerLineCap`)

/// Swift 4's name for `CAShapeLayerLineCap.butt`.
public let kCALineCapButt = CAShapeLayerLineCap.butt

/// Swift 4's name for `CAShapeLayerLineCap.round`.
public let kCALineCapRound = CAShapeLayerLineCap.round

/// Swift 4's name for `CAShapeLayerLineCap.square`.
public let kCALineCapSquare = CAShapeLayerLineCap.square

// MARK: - Line joins (`CAShapeLayerLineJoin`)

/// Swift 4's name for `CAShapeLayerLineJoin.miter`.
public let kCALineJoinMiter = CAShapeLayerLineJoin.miter

/// Swift 4's name for `CAShapeLayerLineJoin.round`.
public let kCALineJoinRound = CAShapeLayerLineJoin.round

/// Swift 4's name for `CAShapeLayerLineJoin.bevel`.
public let kCALineJoinBevel = CAShapeLayerLineJoin.bevel

// MARK: - Keyframe calculation modes (`CAAnimationCalculationMode`)

/// Swift 4's name for `CAAnimationCalculationMode.linear`.
public let kCAAnimationLinear = CAAnimationCalculationMode.linear

/// Swift 4's name for `CAAnimationCalculationMode.discrete`.
public let kCAAnimationDiscrete = CAAnimationCalculationMode.discrete

/// Swift 4's name for `CAAnimationCalculationMode.paced`.
public let kCAAnimationPaced = CAAnimationCalculationMode.paced

/// Swift 4's name for `CAAnimationCalculationMode.cubic`.
public let kCAAnimationCubic = CAAnimationCalculationMode.cubic

/// Swift 4's name for `CAAnimationCalculationMode.cubicPaced`.
public let kCAAnimationCubicPaced = CAAnimationCalculationMode.cubicPaced

// MARK: - Keyframe rotation modes (`CAAnimationRotationMode`)

/// Swift 4's name for `CAAnimationRotationMode.rotateAuto`.
public let kCAAnimationRotateAuto = CAAnimationRotationMode.rotateAuto

/// Swift 4's name for `CAAnimationRotationMode.rotateAutoReverse`.
public let kCAAnimationRotateAutoReverse = CAAnimationRotationMode.rotateAutoReverse

// MARK: - Text alignment modes (`CATextLayerAlignmentMode`)

/// Swift 4's name for `CATextLayerAlignmentMode.natural`.
public let kCAAlignmentNatural = CATextLayerAlignmentMode.natural

/// Swift 4's name for `CATextLayerAlignmentMode.left`.
public let kCAAlignmentLeft = CATextLayerAlignmentMode.left

/// Swift 4's name for `CATextLayerAlignmentMode.right`.
public let kCAAlignmentRight = CATextLayerAlignmentMode.right

/// Swift 4's name for `CATextLayerAlignmentMode.center`.
public let kCAAlignmentCenter = CATextLayerAlignmentMode.center

/// Swift 4's name for `CATextLayerAlignmentMode.justified`.
public let kCAAlignmentJustified = CATextLayerAlignmentMode.justified

// MARK: - Text truncation modes (`CATextLayerTruncationMode`)

/// Swift 4's name for `CATextLayerTruncationMode.none`.
public let kCATruncationNone = CATextLayerTruncationMode.none

/// Swift 4's name for `CATextLayerTruncationMode.start`.
public let kCATruncationStart = CATextLayerTruncationMode.start

/// Swift 4's name for `CATextLayerTruncationMode.end`.
public let kCATruncationEnd = CATextLayerTruncationMode.end

/// Swift 4's name for `CATextLayerTruncationMode.middle`.
public let kCATruncationMiddle = CATextLayerTruncationMode.middle

// MARK: - Gradient types (`CAGradientLayerType`)

/// Swift 4's name for `CAGradientLayerType.axial`.
public let kCAGradientLayerAxial = CAGradientLayerType.axial

/// Swift 4's name for `CAGradientLayerType.radial`.
public let kCAGradientLayerRadial = CAGradientLayerType.radial

/// Swift 4's name for `CAGradientLayerType.conic`.
public let kCAGradientLayerConic = CAGradientLayerType.conic

// MARK: - Emitter shapes (`CAEmitterLayerEmitterShape`)

/// Swift 4's name for `CAEmitterLayerEmitterShape.point`.
public let kCAEmitterLayerPoint = CAEmitterLayerEmitterShape.point

/// Swift 4's name for `CAEmitterLayerEmitterShape.line`.
public let kCAEmitterLayerLine = CAEmitterLayerEmitterShape.line

/// Swift 4's name for `CAEmitterLayerEmitterShape.rectangle`.
public let kCAEmitterLayerRectangle = CAEmitterLayerEmitterShape.rectangle

/// Swift 4's name for `CAEmitterLayerEmitterShape.cuboid`.
public let kCAEmitterLayerCuboid = CAEmitterLayerEmitterShape.cuboid

/// Swift 4's name for `CAEmitterLayerEmitterShape.circle`.
public let kCAEmitterLayerCircle = CAEmitterLayerEmitterShape.circle

/// Swift 4's name for `CAEmitterLayerEmitterShape.sphere`.
public let kCAEmitterLayerSphere = CAEmitterLayerEmitterShape.sphere

// MARK: - Emitter modes (`CAEmitterLayerEmitterMode`)

/// Swift 4's name for `CAEmitterLayerEmitterMode.points`.
public let kCAEmitterLayerPoints = CAEmitterLayerEmitterMode.points

/// Swift 4's name for `CAEmitterLayerEmitterMode.outline`.
public let kCAEmitterLayerOutline = CAEmitterLayerEmitterMode.outline

/// Swift 4's name for `CAEmitterLayerEmitterMode.surface`.
public let kCAEmitterLayerSurface = CAEmitterLayerEmitterMode.surface

/// Swift 4's name for `CAEmitterLayerEmitterMode.volume`.
public let kCAEmitterLayerVolume = CAEmitterLayerEmitterMode.volume

// MARK: - Emitter render modes (`CAEmitterLayerRenderMode`)

/// Swift 4's name for `CAEmitterLayerRenderMode.unordered`.
public let kCAEmitterLayerUnordered = CAEmitterLayerRenderMode.unordered

/// Swift 4's name for `CAEmitterLayerRenderMode.oldestFirst`.
public let kCAEmitterLayerOldestFirst = CAEmitterLayerRenderMode.oldestFirst

/// Swift 4's name for `CAEmitterLayerRenderMode.oldestLast`.
public let kCAEmitterLayerOldestLast = CAEmitterLayerRenderMode.oldestLast

/// Swift 4's name for `CAEmitterLayerRenderMode.backToFront`.
public let kCAEmitterLayerBackToFront = CAEmitterLayerRenderMode.backToFront

/// Swift 4's name for `CAEmitterLayerRenderMode.additive`.
public let kCAEmitterLayerAdditive = CAEmitterLayerRenderMode.additive

// MARK: - Value function names (`CAValueFunctionName`)

/// Swift 4's name for `CAValueFunctionName.rotateX`.
public let kCAValueFunctionRotateX = CAValueFunctionName.rotateX

/// Swift 4's name for `CAValueFunctionName.rotateY`.
public let kCAValueFunctionRotateY = CAValueFunctionName.rotateY

/// Swift 4's name for `CAValueFunctionName.rotateZ`.
public let kCAValueFunctionRotateZ = CAValueFunctionName.rotateZ

/// Swift 4's name for `CAValueFunctionName.scale`.
public let kCAValueFunctionScale = CAValueFunctionName.scale

/// Swift 4's name for `CAValueFunctionName.scaleX`.
public let kCAValueFunctionScaleX = CAValueFunctionName.scaleX

/// Swift 4's name for `CAValueFunctionName.scaleY`.
public let kCAValueFunctionScaleY = CAValueFunctionName.scaleY

/// Swift 4's name for `CAValueFunctionName.scaleZ`.
public let kCAValueFunctionScaleZ = CAValueFunctionName.scaleZ

/// Swift 4's name for `CAValueFunctionName.translate`.
public let kCAValueFunctionTranslate = CAValueFunctionName.translate

/// Swift 4's name for `CAValueFunctionName.translateX`.
public let kCAValueFunctionTranslateX = CAValueFunctionName.translateX

/// Swift 4's name for `CAValueFunctionName.translateY`.
public let kCAValueFunctionTranslateY = CAValueFunctionName.translateY

/// Swift 4's name for `CAValueFunctionName.translateZ`.
public let kCAValueFunctionTranslateZ = CAValueFunctionName.translateZ
