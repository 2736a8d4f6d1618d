import CoreGraphics
import Foundation

// `CALayer.compositingFilter` as the compositor reads it (ruling V18). Lamina has no Core Image,
// so a filter is named by a string: Core Animation's own filter names (`"multiplyBlendMode"`,
// `"sourceAtop"`, `"plusL"`, … — the strings iOS code sets), the `CGBlendMode` spellings of the
// Porter–Duff operators (`"destinationIn"`, `"plusLighter"`, …) and the Core Image filter names
// (`"CIMultiplyBlendMode"`, `"CISourceAtopCompositing"`, …), which stand for a `CIFilter` made
// with that name. Each names one of `CGBlendMode`'s 28 modes, which say how the layer's group
// combines with its backdrop (`RenderPass+Blending.swift`).

enum CompositingFilter {
    /// Every accepted name and the mode it names. Names are case-sensitive, as Apple's are.
    static let names: [String: CGBlendMode] = {
        var names: [String: CGBlendMode] = [:]
        // The separable and non-separable blend modes: Core Animation's name and Core Image's.
        let blendModes: [(String, CGBlendMode)] = [
            ("normal", .normal), ("multiply", .multiply), ("screen", .screen), ("overlay", .overlay),
            ("darken", .darken), ("lighten", .lighten), ("colorDodge", .colorDodge),
            ("colorBurn", .colorBurn), ("softLight", .softLight), ("hardLight", .hardLight),
            ("difference", .difference), ("exclusion", .exclusion), ("hue", .hue),
            ("saturation", .saturation), ("color", .color), ("luminosity", .luminosity),
        ]
        for (name, mode) in blendModes {
            names[name + "BlendMode"] = mode
            if mode != .normal {
                names["CI" + name.prefix(1).uppercased() + name.dropFirst() + "BlendMode"] = mode
            }
        }
        // The Porter–Duff operators: Core Animation's names, then the `CGBlendMode` spellings.
        let operators: [(String, CGBlendMode)] = [
            ("sourceOver", .normal), ("clear", .clear), ("copy", .copy), ("sourceIn", .sourceIn),
            ("sourceOut", .sourceOut), ("sourceAtop", .sourceAtop), ("destOver", .destinationOver),
            ("destIn", .destinationIn), ("destOut", .destinationOut), ("destAtop", .destinationAtop),
            ("xor", .xor), ("plusL", .plusLighter), ("plusD", .plusDarker),
            ("destinationOver", .destinationOver), ("destinationIn", .destinationIn),
            ("destinationOut", .destinationOut), ("destinationAtop", .destinationAtop),
            ("plusLighter", .plusLighter), ("plusDarker", .plusDarker),
        ]
        for (name, mode) in operators { names[name] = mode }
        // Core Image's compositing filters that are one of these operators.
        names["CISourceOverCompositing"] = .normal
        names["CISourceInCompositing"] = .sourceIn
        names["CISourceOutCompositing"] = .sourceOut
        names["CISourceAtopCompositing"] = .sourceAtop
        names["CIAdditionCompositing"] = .plusLighter
        return names
    }()

    /// The mode `filter` (a layer's `compositingFilter`) names: `.normal` for `nil` and for the
    /// names of source-over. A value that is not a string, or a name not in `names`, is reported
    /// once through `CompatibilityWarnings` and also drawn as `.normal`, as Apple's renderer
    /// ignores a filter it does not know.
    static func blendMode(of filter: Any?) -> CGBlendMode {
        guard let filter else { return .normal }
        let name: String
        if let string = filter as? String {
            name = string
        } else if let string = filter as? NSString {
            name = string as String
        } else {
            CompatibilityWarnings.report(
                "CALayer.compositingFilter: a value of type \(type(of: filter)) is not applied "
                    + "(Lamina has no Core Image; set the filter's name, such as \"multiplyBlendMode\")")
            return .normal
        }
        guard let mode = names[name] else {
            CompatibilityWarnings.report(
                "CALayer.compositingFilter: unknown filter \"\(name)\" is not applied (drawn as sourceOver)")
            return .normal
        }
        return mode
    }
}

extension CGBlendMode {
    /// The fixed-function blending that composites a premultiplied source exactly in this mode,
    /// as (source factor, destination factor) passes applied to colour and alpha alike
    /// (result = S·fs + D·fd); `nil` for the modes that need the backdrop in a shader. Multiply is
    /// two passes: `cs·cb + cb·(1 − αs)` (alpha `αs·αb + αb·(1 − αs)`, which is αb, so unchanged)
    /// then `+ cs·(1 − αb)`, which is W3C's `cs·(1 − αb) + cb·(1 − αs) + cs·cb`. Screen is
    /// `cs + cb·(1 − cs)`. Darken and lighten are not `GL_MIN`/`GL_MAX`, which are exact only
    /// where both colours are opaque.
    var fixedFunctionPasses: [BlendState]? {
        let one = BlendFactor.one
        let zero = BlendFactor.zero
        let da = BlendFactor.destinationAlpha
        let oneMinusDA = BlendFactor.oneMinusDestinationAlpha
        let sa = BlendFactor.sourceAlpha
        let oneMinusSA = BlendFactor.oneMinusSourceAlpha
        func pass(_ s: BlendFactor, _ d: BlendFactor) -> BlendState { BlendState(source: s, destination: d) }
        switch self {
        case .normal: return [pass(one, oneMinusSA)]
        case .multiply: return [pass(.destinationColor, oneMinusSA), pass(oneMinusDA, one)]
        case .screen: return [pass(one, .oneMinusSourceColor)]
        case .clear: return [pass(zero, zero)]
        case .copy: return [pass(one, zero)]
        case .sourceIn: return [pass(da, zero)]
        case .sourceOut: return [pass(oneMinusDA, zero)]
        case .sourceAtop: return [pass(da, oneMinusSA)]
        case .destinationOver: return [pass(oneMinusDA, one)]
        case .destinationIn: return [pass(zero, sa)]
        case .destinationOut: return [pass(zero, oneMinusSA)]
        case .destinationAtop: return [pass(oneMinusDA, sa)]
        case .xor: return [pass(oneMinusDA, oneMinusSA)]
        case .plusLighter: return [pass(one, one)]
        default: return nil
        }
    }

    /// Whether the mode changes the backdrop where the source is transparent (`clear`, `copy`,
    /// `sourceIn`, `sourceOut`, `destinationIn`, `destinationAtop`): such a mode is applied over
    /// the layer's extent only; every other mode leaves the backdrop as it is there.
    var changesBackdropWhereTransparent: Bool {
        switch self {
        case .clear, .copy, .sourceIn, .sourceOut, .destinationIn, .destinationAtop: return true
        default: return false
        }
    }
}
