import Foundation

@_implementationOnly import CCairo

/// How the colour a context paints combines with the colour already in the bitmap, Apple's
/// `CGBlendMode`, with Apple's raw values.
///
/// In the formulas (Apple's, from the PDF specification and Porter–Duff), `S` is the source (the
/// colour being painted, its alpha already multiplied by the shape's coverage and the global alpha),
/// `D` the destination, `Sa`/`Da` their alphas, `R` the result, all premultiplied. Each mode is drawn
/// with the Cairo operator of the same definition, except `.plusDarker` (see there).
///
/// Coverage: for the separable and non-separable blend modes, `.normal`, `.clear`, `.copy`,
/// `.sourceAtop`, `.destinationOver`, `.destinationOut`, `.xor` and `.plusLighter`, pixels outside
/// the painted shape are left as they are. `.sourceIn`, `.sourceOut`, `.destinationIn` and
/// `.destinationAtop` are *unbounded* in Cairo: inside the clip, pixels outside the painted shape
/// are treated as painted with a transparent source, so `.sourceIn`, `.sourceOut` and
/// `.destinationIn` clear them and `.destinationAtop` clears them too. Apple does not document which
/// it does.
public enum CGBlendMode: Int32, Sendable, CaseIterable {
    /// `R = S + D × (1 − Sa)`: source over (the default).
    case normal = 0
    /// `R = S × D` (with the usual alpha terms): darkens; white leaves the destination as is.
    case multiply = 1
    /// `R = S + D − S × D`: lightens; black leaves the destination as is.
    case screen = 2
    /// Multiply or screen depending on the destination colour.
    case overlay = 3
    /// The darker of source and destination, per component.
    case darken = 4
    /// The lighter of source and destination, per component.
    case lighten = 5
    /// Brightens the destination to reflect the source.
    case colorDodge = 6
    /// Darkens the destination to reflect the source.
    case colorBurn = 7
    /// Darkens or lightens depending on the source, as a diffuse light.
    case softLight = 8
    /// Multiply or screen depending on the source colour.
    case hardLight = 9
    /// `|S − D|` per component.
    case difference = 10
    /// Like `.difference` with lower contrast: `S + D − 2 × S × D`.
    case exclusion = 11
    /// The hue of the source with the saturation and luminosity of the destination.
    case hue = 12
    /// The saturation of the source with the hue and luminosity of the destination.
    case saturation = 13
    /// The hue and saturation of the source with the luminosity of the destination.
    case color = 14
    /// The luminosity of the source with the hue and saturation of the destination.
    case luminosity = 15
    /// `R = 0`: clears the painted area.
    case clear = 16
    /// `R = S`: replaces the painted area with the source.
    case copy = 17
    /// `R = S × Da`.
    case sourceIn = 18
    /// `R = S × (1 − Da)`.
    case sourceOut = 19
    /// `R = S × Da + D × (1 − Sa)`.
    case sourceAtop = 20
    /// `R = S × (1 − Da) + D`.
    case destinationOver = 21
    /// `R = D × Sa`.
    case destinationIn = 22
    /// `R = D × (1 − Sa)`.
    case destinationOut = 23
    /// `R = S × (1 − Da) + D × Sa`.
    case destinationAtop = 24
    /// `R = S × (1 − Da) + D × (1 − Sa)`.
    case xor = 25
    /// `R = max(0, 1 − ((1 − D) + (1 − S)))`. Cairo has no such operator: Lamina draws it as
    /// `.multiply`, the closest Cairo operator (for opaque colours `S × D` is never below Apple's
    /// result and equals it where either is black or white), and reports the substitution once on
    /// standard error.
    case plusDarker = 26
    /// `R = min(1, S + D)`: adds.
    case plusLighter = 27

    /// The Cairo operator that draws this mode.
    var cairoOperator: cairo_operator_t {
        switch self {
        case .normal: return CAIRO_OPERATOR_OVER
        case .multiply: return CAIRO_OPERATOR_MULTIPLY
        case .screen: return CAIRO_OPERATOR_SCREEN
        case .overlay: return CAIRO_OPERATOR_OVERLAY
        case .darken: return CAIRO_OPERATOR_DARKEN
        case .lighten: return CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: return CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: return CAIRO_OPERATOR_COLOR_BURN
        case .softLight: return CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: return CAIRO_OPERATOR_HARD_LIGHT
        case .difference: return CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: return CAIRO_OPERATOR_EXCLUSION
        case .hue: return CAIRO_OPERATOR_HSL_HUE
        case .saturation: return CAIRO_OPERATOR_HSL_SATURATION
        case .color: return CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: return CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: return CAIRO_OPERATOR_CLEAR
        case .copy: return CAIRO_OPERATOR_SOURCE
        case .sourceIn: return CAIRO_OPERATOR_IN
        case .sourceOut: return CAIRO_OPERATOR_OUT
        case .sourceAtop: return CAIRO_OPERATOR_ATOP
        case .destinationOver: return CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: return CAIRO_OPERATOR_DEST_IN
        case .destinationOut: return CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: return CAIRO_OPERATOR_DEST_ATOP
        case .xor: return CAIRO_OPERATOR_XOR
        case .plusDarker: return CAIRO_OPERATOR_MULTIPLY
        case .plusLighter: return CAIRO_OPERATOR_ADD
        }
    }
}

extension CGContext {
    /// Sets how subsequent painting (fills, strokes, images, gradients) combines with the bitmap,
    /// as Apple's `CGContextSetBlendMode`; `.normal` for a new context. Part of the graphics state
    /// (saved and restored with it). `clear(_:)` always clears, whatever the mode.
    ///
    /// `.plusDarker` is drawn as `.multiply` (Cairo has no equivalent) and reported once on
    /// standard error.
    public func setBlendMode(_ mode: CGBlendMode) {
        if mode == .plusDarker {
            _ = reportPlusDarkerOnce
        }
        gstate.blendMode = mode
    }

    /// The blend mode of the graphics state: what `setBlendMode(_:)` last set, `.normal` for a new
    /// context. (Apple's API has no getter; Lamina adds this one for tests and renderers.)
    public var blendMode: CGBlendMode {
        gstate.blendMode
    }
}

/// Prints the `.plusDarker` substitution the first time it is evaluated (Swift initialises globals
/// once, thread-safely).
private let reportPlusDarkerOnce: Void = {
    FileHandle.standardError.write(
        Data(
            "Lamina: CGBlendMode.plusDarker has no Cairo operator; drawn as .multiply\n".utf8))
}()
