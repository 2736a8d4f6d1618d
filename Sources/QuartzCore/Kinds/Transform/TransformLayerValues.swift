import CoreGraphics

/// A `CATransformLayer`'s kind: no values of its own; its sublayers stay in 3D.
package struct TransformLayerValues: LayerKindValues {
    package static let properties: [String: CALayerProperty.Stored<TransformLayerValues>] = [:]
    package var keepsSublayersIn3D: Bool { true }
}
