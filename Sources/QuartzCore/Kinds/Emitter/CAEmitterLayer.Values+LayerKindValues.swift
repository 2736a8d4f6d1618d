import CoreGraphics

// An emitter layer's render-node values: its table (CAEmitterLayer.kindTable); its
// particles are simulated (EmitterSimulation.swift) and drawn by the build stage
// (RenderPass+Emitter.swift).

extension CAEmitterLayer.Values: LayerKindValues {
    package var emitsParticles: Bool { emitterCells?.isEmpty == false }

    package var emission: CAEmitterLayer.Values? { self }

    package static var properties: [String: CALayerProperty.Stored<CAEmitterLayer.Values>] {
        CAEmitterLayer.kindTable.valueEntries
    }

    /// Reads a key path; `"emitterCells.NAME.…"` goes through the cell named NAME.
    package func value(forKeyPath keyPath: String) -> Any?? {
        if let rest = EmitterKeyPath.throughCells(keyPath) {
            return .some(EmitterKeyPath.value(in: emitterCells, keyPath: rest))
        }
        return PropertyKeyPath.value(keyPath, in: self, Self.properties)
    }

    /// Writes a key path; `"emitterCells.NAME.…"` writes the cell named NAME in fresh copies of
    /// the cells, so that the values this was copied from keep theirs.
    package mutating func setValue(_ value: Any?, forKeyPath keyPath: String) -> Bool {
        guard let rest = EmitterKeyPath.throughCells(keyPath) else {
            return PropertyKeyPath.setValue(value, keyPath, in: &self, Self.properties)
        }
        copyCells()
        EmitterKeyPath.setValue(value, in: emitterCells, keyPath: rest)
        return true
    }

    /// Sets the values on `layer` with copies of the cells, so that a presentation copy's cells
    /// are never a published node's.
    package func write(into layer: CALayer) {
        var values = self
        values.copyCells()
        for key in Self.properties.keys {
            if case .some(let value) = values.value(forKeyPath: key) { layer.setValue(value, forKey: key) }
        }
    }

    /// Replaces the cells by copies (each copies its sub-cells).
    mutating func copyCells() {
        emitterCells = emitterCells?.map { $0.copy() as? CAEmitterCell ?? $0 }
    }
}
