import CoreGraphics

// A replicator layer's render-node values: its table (CAReplicatorLayer.replicatorProperties);
// its instances are drawn by the build stage (RenderPass+Replicator.swift).

extension ReplicatorValues: LayerKindValues {
    package static var properties: [String: CALayerProperty.Stored<ReplicatorValues>] {
        CAReplicatorLayer.replicatorProperties.valueEntries
    }

    package var keepsSublayersIn3D: Bool { preservesDepth }

    package var replication: ReplicatorValues? { self }
}
