import CoreGraphics

extension LayerState {
    /// Every stored model property of a layer by key-value coding key, for reading and writing
    /// render-tree values by key path (`PropertyKeyPath`): the `stored` accessors of
    /// `CALayerProperty.table`, where each property is declared once. The hierarchy
    /// (`sublayers`, `mask`), `actions`, `style` and `frame` (derived from `bounds`, `position`,
    /// `anchorPoint` and `transform`) are not values of a render node.
    package static let properties: [String: CALayerProperty.Stored<LayerState>] =
        CALayerProperty.table.compactMapValues(\.stored)
}
