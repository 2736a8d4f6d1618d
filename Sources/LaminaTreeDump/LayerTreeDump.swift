import Foundation
import QuartzCore

/// A textual dump of a layer tree, the one `lamina tree` prints and
/// `Snapshotting<CALayer, String>.tree` records: one line per layer with its class, name and
/// frame, then each shown property that differs from its class's default; where the
/// presentation layer differs from the model, both (`model → presented`); then the animation
/// keys. Sublayers follow, drawn as a tree with box-drawing characters.
///
/// Presentation values are read with `presentation()`, so at `CACurrentMediaTime()`: callers
/// that want a given time run this under the manual clock (`CAMediaClock.withManualTime`).
public enum LayerTreeDump {
    /// The properties shown, in order.
    public static let keys = [
        "position", "bounds", "anchorPoint", "zPosition", "transform", "sublayerTransform", "opacity",
        "isHidden", "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "masksToBounds",
        "contents", "contentsGravity", "contentsRect", "shadowOpacity", "shadowRadius", "shadowOffset",
        "beginTime", "timeOffset", "speed",
    ]

    /// The dump of `layer` and its sublayers, one string per line, no line breaks inside.
    ///
    /// - Complexity: O(layers × `keys`).
    public static func lines(of layer: CALayer) -> [String] {
        var lines: [String] = []
        var defaults: [ObjectIdentifier: CALayer] = [:]
        // An explicit stack (sublayers pushed in reverse) so that a deep tree costs heap, not stack.
        var stack: [(layer: CALayer, prefix: String, childPrefix: String)] = [(layer, "", "")]
        while let (layer, prefix, childPrefix) = stack.popLast() {
            describe(layer, prefix: prefix, childPrefix: childPrefix, defaults: &defaults, into: &lines)
            let sublayers = layer.sublayers ?? []
            for (index, sublayer) in sublayers.enumerated().reversed() {
                let last = index == sublayers.count - 1
                stack.append(
                    (sublayer, childPrefix + (last ? "└─ " : "├─ "), childPrefix + (last ? "   " : "│  ")))
            }
        }
        return lines
    }

    /// The lines of one layer (without its sublayers).
    private static func describe(
        _ layer: CALayer, prefix: String, childPrefix: String, defaults: inout [ObjectIdentifier: CALayer],
        into lines: inout [String]
    ) {
        let name = layer.name.map { " \"\($0)\"" } ?? ""
        lines.append("\(prefix)\(type(of: layer))\(name)  frame \(format(layer.frame))")
        let presented = layer.presentation()
        let id = ObjectIdentifier(type(of: layer))
        let standard = defaults[id] ?? type(of: layer).init(layer: ())
        defaults[id] = standard
        let detailPrefix = childPrefix + ((layer.sublayers ?? []).isEmpty ? "    " : "│   ")
        for key in keys {
            let model = format(layer.value(forKey: key))
            let shown = presented.map { format($0.value(forKey: key)) } ?? model
            if shown != model {
                lines.append("\(detailPrefix)\(key): \(model) → \(shown)")
            } else if model != format(standard.value(forKey: key)), key != "position", key != "bounds" {
                lines.append("\(detailPrefix)\(key): \(model)")
            }
        }
        if let keys = layer.animationKeys(), !keys.isEmpty {
            lines.append("\(detailPrefix)animations: \(keys.joined(separator: ", "))")
        }
    }

    /// A compact, stable rendering of a layer property value: numbers rounded to 3 decimals
    /// (integers without a point), points `(x, y)`, sizes `(w × h)`, rectangles `(x, y, w, h)`,
    /// transforms `identity` or their rows, colours `rgba(…)`/`gray(…)`, images by size, `nil`.
    public static func format(_ value: Any?) -> String {
        func number(_ x: CGFloat) -> String {
            let rounded = (x * 1000).rounded() / 1000
            return rounded == rounded.rounded()
                ? String(Int(rounded)) : String(format: "%.3g", Double(rounded))
        }
        switch value {
        case nil: return "nil"
        case let point as CGPoint: return "(\(number(point.x)), \(number(point.y)))"
        case let size as CGSize: return "(\(number(size.width)) × \(number(size.height)))"
        case let rect as CGRect:
            return
                "(\(number(rect.minX)), \(number(rect.minY)), \(number(rect.width)), \(number(rect.height)))"
        case let transform as CATransform3D:
            if CATransform3DIsIdentity(transform) { return "identity" }
            let rows = [
                [transform.m11, transform.m12, transform.m13, transform.m14],
                [transform.m21, transform.m22, transform.m23, transform.m24],
                [transform.m31, transform.m32, transform.m33, transform.m34],
                [transform.m41, transform.m42, transform.m43, transform.m44],
            ]
            return "[" + rows.map { $0.map(number).joined(separator: " ") }.joined(separator: "; ") + "]"
        case let color as CGColor:
            let components = (color.components ?? []).map { number($0) }
            return (components.count == 2 ? "gray(" : "rgba(") + components.joined(separator: ", ") + ")"
        case let image as CGImage: return "image \(image.width)×\(image.height)"
        case let flag as Bool: return flag ? "true" : "false"
        case let x as Float: return number(CGFloat(x))
        case let x as Double: return number(CGFloat(x))
        case let x as CGFloat: return number(x)
        case let x as NSNumber: return number(CGFloat(x.doubleValue))
        case let text as String: return text
        default:
            if let raw = (value as? any RawRepresentable)?.rawValue { return "\(raw)" }
            return String(describing: value!)
        }
    }
}
