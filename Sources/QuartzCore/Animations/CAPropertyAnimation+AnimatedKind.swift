import CoreGraphics

// What an animation's key path holds, as far as the types of its values matter: a transform's
// translation pair takes points as well as sizes, and a keyframe path drives point-valued key
// paths and translation pairs (ruling T5 in docs/DECISIONS.md).

extension CAPropertyAnimation {
    /// What an animation's key path holds, as far as its values' types matter (ruling T5).
    enum AnimatedKind {
        /// A transform's translation pair (`transform.translation`, `sublayerTransform
        /// .translation`, `instanceTransform.translation`, …): a `CGSize` that also takes
        /// `CGPoint` values, and that a keyframe `path` drives.
        case translation
        /// A `CGPoint`, which a keyframe `path` drives.
        case point
        /// A value not read yet (an arbitrary key never set): a keyframe `path` drives it too.
        case unknown
        /// Anything else: a keyframe `path` is ignored.
        case other
        /// A dotted key path into a structure that has no such field: the animation changes
        /// nothing (reported once when added).
        case noSuchField
    }

    /// The kind of `keyPath` on `layer` (its model values when the animation is added); an
    /// unknown field of a structure-valued property is reported once, naming the key path.
    static func animatedKind(
        of keyPath: String?, access: PropertyKeyPath.Resolved, on layer: CALayer
    ) -> AnimatedKind {
        guard let keyPath, !keyPath.isEmpty else { return .other }
        if case .field(let field) = access {
            switch (field.value, field.read(layer.state)) {
            case (_, .point): return .point
            case (.transformComponent(.translation), _): return .translation
            default: return .other
            }
        }
        if let dot = keyPath.firstIndex(of: "."), let base = layer.value(forKey: String(keyPath[..<dot])),
            PropertyKeyPath.SubKeys.isStructure(base)
        {
            let field = String(keyPath[keyPath.index(after: dot)...])
            guard PropertyKeyPath.SubKeys.hasField(field, in: base) else {
                CompatibilityWarnings.report(
                    "animation key path \"\(keyPath)\" ignored: unknown key path (\"\(field)\" is not a key of "
                        + "\(type(of: base)))")
                return .noSuchField
            }
            if base is CATransform3D, PropertyKeyPath.TransformField(keyPath: field) == .translation {
                return .translation
            }
        }
        guard let value = layer.value(forKeyPath: keyPath) else { return .unknown }
        return ValueCoercion.point(value) != nil ? .point : .other
    }

    /// `value` as the key path takes it: a point given for a translation pair becomes the pair
    /// (x → width, y → height), so that interpolation, addition and lane records see one kind
    /// (ruling T5). Other values are returned as they are.
    func normalized(_ value: AnimatableValue) -> AnimatableValue {
        guard animatedKind == .translation, case .point(let p) = value else { return value }
        return .size(CGSize(width: p.x, height: p.y))
    }
}
