import CoreGraphics
import QuartzCore
import Testing

// Typed fields are derived from the property table (`CALayerProperty.Field.init(_:)`: a byte offset into
// `LayerState` and the value's type), not declared beside it. These tests hold the derived
// fields to the key-value coding path, which reads and writes through Swift key paths
// (`PropertyKeyPath` over `LayerState.properties`): a wrong offset, type or sub-field name shows up
// as a value written one way and read back differently the other.

@Suite struct CALayerPropertyFieldTests {
    /// A distinct value of the field's kind, from `seed`.
    static func sample(_ field: CALayerProperty.Field, _ seed: Double) -> AnimatableValue {
        switch field.read(CALayer().state) {
        case .point: return .point(CGPoint(x: seed + 0.25, y: -seed - 0.5))
        case .size: return .size(CGSize(width: seed + 0.75, height: seed + 1.125))
        case .rect: return .rect(CGRect(x: seed, y: seed + 1, width: seed + 2.5, height: seed + 3.25))
        case .transform: return .transform(CATransform3DMakeTranslation(seed, 2 * seed, 0.5))
        default: return .scalar(0.1 + seed / 64)
        }
    }

    /// `value` as the key-value coding path boxes it.
    static func lanes(_ value: Any?) -> [Double] {
        switch value {
        case let v as Float: return [Double(v)]
        case let v as CGFloat: return [Double(v)]
        case let v as Double: return [v]
        case let p as CGPoint: return [Double(p.x), Double(p.y)]
        case let s as CGSize: return [Double(s.width), Double(s.height)]
        case let r as CGRect:
            return [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)]
        case let t as CATransform3D: return [t.m11, t.m22, t.m41, t.m42, t.m43].map { Double($0) }
        default: return []
        }
    }

    static func lanes(_ value: AnimatableValue) -> [Double] {
        switch value {
        case .scalar(let v): return [v]
        case .point(let p): return lanes(p)
        case .size(let s): return lanes(s)
        case .rect(let r): return lanes(r)
        case .transform(let t): return lanes(t)
        default: return []
        }
    }

    @Test func everyFieldWritesWhatKeyValueCodingReadsAndReadsWhatItWrites() throws {
        #expect(CALayerProperty.Field.byKeyPath.count > 40)
        for (index, (keyPath, field)) in CALayerProperty.Field.byKeyPath.sorted(by: { $0.key < $1.key })
            .enumerated()
        {
            let value = Self.sample(field, Double(index))
            // Field → key-value coding.
            var state = CALayer().state
            #expect(field.write(value, into: &state), "\(keyPath)")
            let read = PropertyKeyPath.value(keyPath, in: state, LayerState.properties)
            let expected = Self.lanes(value)
            let viaKeyPath = Self.lanes(read ?? nil)
            #expect(viaKeyPath.count == expected.count, "\(keyPath)")
            for (a, b) in zip(viaKeyPath, expected) {
                #expect(Swift.abs(a - b) < 1e-6, "\(keyPath): key-value coding read \(a), field wrote \(b)")
            }
            // Key-value coding → field.
            var other = CALayer().state
            let boxed: Any
            switch value {
            case .scalar(let v): boxed = v
            case .point(let p): boxed = p
            case .size(let s): boxed = s
            case .rect(let r): boxed = r
            case .transform(let t): boxed = t
            default: boxed = 0
            }
            #expect(PropertyKeyPath.setValue(boxed, keyPath, in: &other, LayerState.properties), "\(keyPath)")
            for (a, b) in zip(Self.lanes(field.read(other)), expected) {
                #expect(Swift.abs(a - b) < 1e-6, "\(keyPath): field read \(a), key-value coding wrote \(b)")
            }
        }
    }

    @Test func everyAnimatableNumericPropertyOfTheTableHasAField() throws {
        for property in CALayerProperty.table.values where property.stored != nil {
            let numeric: Bool
            switch property.defaultValue {
            case is Float, is CGFloat, is CGPoint, is CGSize, is CGRect, is CATransform3D: numeric = true
            default: numeric = false
            }
            #expect(
                (CALayerProperty.Field.byKeyPath[property.key] != nil) == (numeric && property.isAnimatable),
                "\(property.key)")
        }
        // Sub-fields under Apple's names.
        for keyPath in [
            "position.x", "bounds.size.width", "bounds.origin", "shadowOffset.height",
            "transform.rotation.z", "sublayerTransform.translation", "contentsRect.size",
        ] {
            #expect(CALayerProperty.Field.byKeyPath[keyPath] != nil, "\(keyPath)")
        }
        #expect(CALayerProperty.Field.byKeyPath["opacity.x"] == nil)
        #expect(CALayerProperty.Field.byKeyPath["speed"] == nil)
    }
}
