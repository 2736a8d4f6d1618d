import CoreGraphics

/// The stored model values of a `CALayer`, with Apple's defaults (`CA-SEMANTICS.md` §9.3).
///
/// One plain struct, so that `init(layer:)` copies a layer's model in one assignment and the
/// property table (`CALayerProperty`) reads and writes fields by key path.
struct LayerState {
    // Geometry
    var bounds = CGRect.zero
    var position = CGPoint.zero
    var zPosition: CGFloat = 0
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    var anchorPointZ: CGFloat = 0
    var transform = CATransform3DIdentity
    var sublayerTransform = CATransform3DIdentity
    var isGeometryFlipped = false

    // Contents
    var contents: Any?
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsGravity = CALayerContentsGravity.resize
    var contentsScale: CGFloat = 1
    var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsFormat = CALayerContentsFormat.RGBA8Uint
    var minificationFilter = CALayerContentsFilter.linear
    var magnificationFilter = CALayerContentsFilter.linear
    var minificationFilterBias: Float = 0
    var isOpaque = false
    var needsDisplayOnBoundsChange = false
    var drawsAsynchronously = false
    var edgeAntialiasingMask: CAEdgeAntialiasingMask = [
        .layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge,
    ]
    var allowsEdgeAntialiasing = false

    // Appearance
    var isHidden = false
    var isDoubleSided = true
    var masksToBounds = false
    var backgroundColor: CGColor?
    var cornerRadius: CGFloat = 0
    var maskedCorners: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
    var cornerCurve = CALayerCornerCurve.circular
    var borderWidth: CGFloat = 0
    var borderColor: CGColor? = .black
    var opacity: Float = 1
    var allowsGroupOpacity = true
    var compositingFilter: Any?
    var filters: [Any]?
    var backgroundFilters: [Any]?
    var shouldRasterize = false
    var rasterizationScale: CGFloat = 1

    // Shadow
    var shadowColor: CGColor? = .black
    var shadowOpacity: Float = 0
    var shadowOffset = CGSize(width: 0, height: -3)
    var shadowRadius: CGFloat = 3
    var shadowPath: CGPath?

    // Identification and behaviour
    var name: String?
    var style: [AnyHashable: Any]?
    var actions: [String: any CAAction]?

    // CAMediaTiming
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode = CAMediaTimingFillMode.removed
}
