import CoreGraphics

/// The presented values a boxed animation record is being evaluated into — the caller's buffer,
/// written in place — and the render node whose committed values the animation reads (R2: read
/// live). Keys without a `CALayerProperty.Field` go through the values' own tables (`PresentedValues`); no
/// layer object is read or made.
///
/// A target exists only inside `PresentationTarget.with(_:node:_:)`, which lends it the buffer
/// for the duration of the call.
package struct PresentationTarget {
    private let storage: UnsafeMutablePointer<PresentedValues>
    /// The node whose committed values are the model values.
    let node: RenderLayer

    /// The presentation's layer values being computed (the caller's buffer).
    package var state: LayerState {
        _read { yield storage.pointee.state }
        nonmutating _modify { yield &storage.pointee.state }
    }

    /// Runs `body` with a target that computes into `values`, reading model values from `node`.
    package static func with<Result>(
        _ values: inout PresentedValues, node: RenderLayer, _ body: (inout PresentationTarget) -> Result
    ) -> Result {
        withUnsafeMutablePointer(to: &values) { pointer in
            var target = PresentationTarget(storage: pointer, node: node)
            return body(&target)
        }
    }

    private init(storage: UnsafeMutablePointer<PresentedValues>, node: RenderLayer) {
        self.storage = storage
        self.node = node
    }

    /// The current value at `access` and, for key-value-coded keys, the boxed value (whose type
    /// writing back must reproduce).
    func read(_ access: PropertyKeyPath.Resolved) -> (value: AnimatableValue, template: Any?) {
        switch access {
        case .field(let field): return (field.read(state), nil)
        case .keyValueCoding(let keyPath):
            let boxed = storage.pointee.value(forKeyPath: keyPath) ?? nil
            return (AnimatableValue(boxed), boxed)
        }
    }

    /// The model's (the node's committed) value at `access`.
    func readModel(_ access: PropertyKeyPath.Resolved) -> AnimatableValue {
        switch access {
        case .field(let field): return field.read(node.values.state)
        case .keyValueCoding(let keyPath):
            return AnimatableValue(node.values.value(forKeyPath: keyPath) ?? nil)
        }
    }

    /// Writes `value` at `access`; a value of another kind than the field (a discrete switch) is
    /// converted to the field's type when it can be, as key-value coding would.
    func write(_ access: PropertyKeyPath.Resolved, _ value: AnimatableValue, template: Any?) {
        switch access {
        case .field(let field):
            if field.write(value, into: &state) { return }
            let converted = AnimatableValue(value.boxed(like: field.boxed(state)))
            _ = field.write(converted, into: &state)
        case .keyValueCoding(let keyPath):
            storage.pointee.setValue(value.boxed(like: template), forKeyPath: keyPath)
        }
    }
}
