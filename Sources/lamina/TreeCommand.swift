import ArgumentParser
import Foundation
import LaminaExamples
import QuartzCore

/// `lamina tree EXAMPLE --time T`.
struct TreeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tree",
        abstract:
            "Print an example's layer tree at a time: model values, and presented ones where animations change them.",
        discussion: """
            Each layer shows its class, name and frame, then every property that differs from its
            default; where the presentation layer differs from the model, both are shown
            (model → presented), followed by the layer's animation keys.

              lamina tree 7.7 --time 1.5
              lamina tree slideshow --time 2.5
            """)

    @Argument(help: "The example: a listing number or a name.")
    var example: String

    @Option(name: .long, help: "Seconds after the example starts (default 0).")
    var time: Double = 0

    func run() throws {
        let example = try findExample(self.example)
        let lines: [String] = try withExample(example, at: time) { run, _ in
            var lines = [
                "\(example.listing.map { "Listing \($0): " } ?? "")\(example.title) — at \(formatSeconds(time))"
            ]
            describe(run.scene.root, prefix: "", childPrefix: "", into: &lines)
            if !run.scene.log.isEmpty {
                lines.append("log:")
                lines += run.scene.log.map { "  \($0)" }
            }
            return lines
        }
        print(lines.joined(separator: "\n"))
    }

    /// The properties shown, in order.
    static let keys = [
        "position", "bounds", "anchorPoint", "zPosition", "transform", "sublayerTransform", "opacity",
        "isHidden", "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "masksToBounds",
        "contents", "contentsGravity", "contentsRect", "shadowOpacity", "shadowRadius", "shadowOffset",
        "beginTime", "timeOffset", "speed",
    ]

    /// A layer of `layer`'s class with every property at its default, one per class.
    private static func defaultLayer(like layer: CALayer) -> CALayer {
        let id = ObjectIdentifier(type(of: layer))
        if let cached = defaultLayers[id] { return cached }
        let fresh = type(of: layer).init(layer: ())
        defaultLayers[id] = fresh
        return fresh
    }

    nonisolated(unsafe) private static var defaultLayers: [ObjectIdentifier: CALayer] = [:]

    private func describe(_ layer: CALayer, prefix: String, childPrefix: String, into lines: inout [String]) {
        let name = layer.name.map { " \"\($0)\"" } ?? ""
        lines.append("\(prefix)\(type(of: layer))\(name)  frame \(format(layer.frame))")
        let presented = layer.presentation()
        let defaults = Self.defaultLayer(like: layer)
        let detailPrefix = childPrefix + ((layer.sublayers ?? []).isEmpty ? "    " : "│   ")
        for key in Self.keys {
            let model = format(layer.value(forKey: key))
            let shown = presented.map { format($0.value(forKey: key)) } ?? model
            let standard = format(defaults.value(forKey: key))
            if shown != model {
                lines.append("\(detailPrefix)\(key): \(model) → \(shown)")
            } else if model != standard, key != "position", key != "bounds" {
                lines.append("\(detailPrefix)\(key): \(model)")
            }
        }
        if let keys = layer.animationKeys(), !keys.isEmpty {
            lines.append("\(detailPrefix)animations: \(keys.joined(separator: ", "))")
        }
        let sublayers = layer.sublayers ?? []
        for (index, sublayer) in sublayers.enumerated() {
            let last = index == sublayers.count - 1
            describe(
                sublayer, prefix: childPrefix + (last ? "└─ " : "├─ "),
                childPrefix: childPrefix + (last ? "   " : "│  "), into: &lines)
        }
    }
}

/// A compact, stable rendering of a layer property value.
func format(_ value: Any?) -> String {
    func number(_ x: CGFloat) -> String {
        let rounded = (x * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.3g", Double(rounded))
    }
    switch value {
    case nil: return "nil"
    case let point as CGPoint: return "(\(number(point.x)), \(number(point.y)))"
    case let size as CGSize: return "(\(number(size.width)) × \(number(size.height)))"
    case let rect as CGRect:
        return "(\(number(rect.minX)), \(number(rect.minY)), \(number(rect.width)), \(number(rect.height)))"
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
