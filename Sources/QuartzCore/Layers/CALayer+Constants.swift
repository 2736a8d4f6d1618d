import CoreGraphics

/// How a layer's `contents` image is positioned within its bounds (Apple's
/// `CALayerContentsGravity`).
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants.
    public var rawValue: String
    /// Wraps a raw string; an unknown string is stored and treated as `.resize` when drawn.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Centred, not scaled.
    public static let center = CALayerContentsGravity("center")
    /// Centred horizontally at the top edge (in Lamina's top-left geometry), not scaled.
    public static let top = CALayerContentsGravity("top")
    /// Centred horizontally at the bottom edge, not scaled.
    public static let bottom = CALayerContentsGravity("bottom")
    /// Centred vertically at the left edge, not scaled.
    public static let left = CALayerContentsGravity("left")
    /// Centred vertically at the right edge, not scaled.
    public static let right = CALayerContentsGravity("right")
    /// In the top-left corner, not scaled.
    public static let topLeft = CALayerContentsGravity("topLeft")
    /// In the top-right corner, not scaled.
    public static let topRight = CALayerContentsGravity("topRight")
    /// In the bottom-left corner, not scaled.
    public static let bottomLeft = CALayerContentsGravity("bottomLeft")
    /// In the bottom-right corner, not scaled.
    public static let bottomRight = CALayerContentsGravity("bottomRight")
    /// Stretched to fill the bounds (the default).
    public static let resize = CALayerContentsGravity("resize")
    /// Scaled to fit the bounds, preserving aspect ratio.
    public static let resizeAspect = CALayerContentsGravity("resizeAspect")
    /// Scaled to fill the bounds, preserving aspect ratio; may be cropped.
    public static let resizeAspectFill = CALayerContentsGravity("resizeAspectFill")
}

/// The filter used to scale `contents` (Apple's `CALayerContentsFilter`).
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants.
    public var rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Bilinear filtering (the default).
    public static let linear = CALayerContentsFilter("linear")
    /// Nearest-neighbour sampling.
    public static let nearest = CALayerContentsFilter("nearest")
    /// Bilinear filtering with mipmaps between levels.
    public static let trilinear = CALayerContentsFilter("trilinear")
}

/// The pixel format of a layer's backing store (Apple's `CALayerContentsFormat`).
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants.
    public var rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Four 8-bit channels (the default).
    public static let RGBA8Uint = CALayerContentsFormat("RGBA8")
    /// Four 16-bit half-float channels.
    public static let RGBA16Float = CALayerContentsFormat("RGBAh")
    /// One 8-bit channel.
    public static let gray8Uint = CALayerContentsFormat("Gray8")
}

/// The curve used for rounded corners (Apple's `CALayerCornerCurve`).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    /// The raw string, as Apple's constants.
    public var rawValue: String
    /// Wraps a raw string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a raw string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A quarter circle (the default).
    public static let circular = CALayerCornerCurve("circular")
    /// Apple's continuous ("squircle") corner.
    public static let continuous = CALayerCornerCurve("continuous")
}

/// Which corners `cornerRadius` rounds (Apple's `CACornerMask`). Corners are named by bounds
/// coordinates; with Lamina's iOS-style geometry (origin top-left, y down) `layerMinXMinYCorner`
/// is the top-left corner, as on iOS.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    /// The bit mask.
    public var rawValue: UInt
    /// Wraps a bit mask.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The corner at (minX, minY).
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    /// The corner at (maxX, minY).
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    /// The corner at (minX, maxY).
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    /// The corner at (maxX, maxY).
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

/// Which edges of a layer are anti-aliased (Apple's `CAEdgeAntialiasingMask`).
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    /// The bit mask.
    public var rawValue: UInt32
    /// Wraps a bit mask.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The left edge.
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    /// The right edge.
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    /// The bottom edge.
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    /// The top edge.
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)
}

/// The action key posted when a layer becomes visible in a tree (Apple's `kCAOnOrderIn`).
public let kCAOnOrderIn = "onOrderIn"
/// The action key posted when a layer leaves a visible tree (Apple's `kCAOnOrderOut`).
public let kCAOnOrderOut = "onOrderOut"
/// The key under which transition animations are stored and looked up (Apple's `kCATransition`).
public let kCATransition = "transition"
