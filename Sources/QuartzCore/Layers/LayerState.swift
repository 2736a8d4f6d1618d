import CoreGraphics

/// The stored model values of a `CALayer`, with Apple's defaults (Apple's `CALayer` header).
///
/// One plain struct, so that `init(layer:)` copies a layer's model in one assignment and the
/// property table (`CALayerProperty`) reads and writes fields by key path.
package struct LayerState {
    // Geometry
    package var bounds = CGRect.zero
    package var position = CGPoint.zero
    package var zPosition: CGFloat = 0
    package var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    package var anchorPointZ: CGFloat = 0
    package var transform = CATransform3DIdentity
    package var sublayerTransform = CATransform3DIdentity
    package var isGeometryFlipped = false

    // Contents
    package var contents: Any?
    /// While `contents` is animated: the image fading out, under `contents` drawn at `weight`.
    package var contentsCrossfade: ContentsCrossfade?
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsGravity = CALayerContentsGravity.resize
    package var contentsScale: CGFloat = 1
    package var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsFormat = CALayerContentsFormat.RGBA8Uint
    package var minificationFilter = CALayerContentsFilter.linear
    package var magnificationFilter = CALayerContentsFilter.linear
    package var minificationFilterBias: Float = 0
    package var isOpaque = false
    package var needsDisplayOnBoundsChange = false
    package var drawsAsynchronously = false
    package var edgeAntialiasingMask: CAEdgeAntialiasingMask = [
        .layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge,
    ]
    package var allowsEdgeAntialiasing = false

    // Appearance
    package var isHidden = false
    package var isDoubleSided = true
    package var masksToBounds = false
    package var backgroundColor: CGColor?
    package var cornerRadius: CGFloat = 0
    package var maskedCorners: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    package var cornerCurve = CALayerCornerCurve.circular
    package var borderWidth: CGFloat = 0
    package var borderColor: CGColor? = .black
    package var opacity: Float = 1
    package var allowsGroupOpacity = true
    package var compositingFilter: Any?
    package var filters: [Any]?
    package var backgroundFilters: [Any]?
    package var shouldRasterize = false
    package var rasterizationScale: CGFloat = 1

    // Shadow
    package var shadowColor: CGColor? = .black
    package var shadowOpacity: Float = 0
    package var shadowOffset = CGSize(width: 0, height: -3)
    package var shadowRadius: CGFloat = 3
    package var shadowPath: CGPath?

    // Identification and behaviour
    package var name: String?
    package var style: [AnyHashable: Any]?
    package var actions: [String: any CAAction]?

    // CAMediaTiming
    package var beginTime: CFTimeInterval = 0
    package var duration: CFTimeInterval = 0
    package var speed: Float = 1
    package var timeOffset: CFTimeInterval = 0
    package var repeatCount: Float = 0
    package var repeatDuration: CFTimeInterval = 0
    package var autoreverses = false
    package var fillMode = CAMediaTimingFillMode.removed
}

/// A crossfade between two `contents` images in a presentation state (images interpolate by
/// weight, ruling R9): the renderer draws `previous` at `1 − weight` and the state's `contents` at
/// `weight` over it.
package struct ContentsCrossfade {
    /// The image fading out (`nil`: nothing).
    package var previous: Any?
    /// How far the fade has come, 0 (only `previous`) to 1 (only the new contents).
    package var weight: Double
}
