import CoreGraphics

// A replicator layer's render-node values: its table (CAReplicatorLayer.kindTable);
// its instances are drawn by the build stage (RenderPass+Replicator.swift).

extension CAReplicatorLayer.Values: LayerKindValues {
    package static var properties: [String: CALayerProperty.Stored<CAReplicatorLayer.Values>] {
        CAReplicatorLayer.kindTable.valueEntries
    }

    package var keepsSublayersIn3D: Bool { preservesDepth }

    package var replication: CAReplicatorLayer.Values? { self }
}
