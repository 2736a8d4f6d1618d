import CoreGraphics

// How a text layer turns its properties into a TextLayout and an image: runs from a plain or
// attributed string (ruling L15), the layout options from the layer's modes, and a cache of the
// last image keyed by everything that changes the pixels.

/// Everything a text layer's image depends on.
struct TextLayerRequest: Hashable {
    var runs: [TextLayout.Run]
    var size: CGSize
    var contentsScale: CGFloat
    var wraps: Bool
    var alignment: TextLayout.Alignment
    var truncation: TextLayout.Truncation
    var quantizes: Bool
}

/// A text layer's last image, the request it answers and what of the layer it covers.
struct TextLayerCache {
    var request: TextLayerRequest
    var plan: RasterPlan
    var image: CGImage
}

extension NSAttributedString.Key {
    /// The font of a run of a `CATextLayer`'s attributed string (raw value `"NSFont"`, UIKit's
    /// `NSFontAttributeName` and Core Text's `kCTFontAttributeName`): a ``TextFont``, a
    /// `CGFont` (at 12 points) or a font name `String` (at 12 points). Runs without it are
    /// Helvetica 12, Core Text's default.
    public static let font = NSAttributedString.Key("NSFont")
    /// The colour of a run of a `CATextLayer`'s attributed string (raw value `"NSColor"`,
    /// UIKit's `NSForegroundColorAttributeName`): a `CGColor`. Core Text's
    /// `kCTForegroundColorAttributeName` (`"CTForegroundColor"`) is read too. Runs without
    /// either are black, Core Text's default.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
}

extension CATextLayer {
    /// Draws the text of the layer into `ctx` (bounds coordinates, y down), clipped to the bounds.
    func drawText(in ctx: CGContext) {
        guard let request = kindValues.request(state: state) else { return }
        let layout = CATextLayer.Values.layout(for: request)
        ctx.saveGState()
        ctx.clip(to: state.bounds)
        ctx.draw(layout, in: state.bounds)
        ctx.restoreGState()
    }

    /// The runs of `string`: one for plain text, one per attribute run of an attributed string.
    package func textRuns() -> [TextLayout.Run] {
        kindValues.runs()
    }
}

extension CATextLayer.Values: LayerKindValues {
    package var drawsWithinBounds: Bool { true }

    package static var properties: [String: CALayerProperty.Stored<CATextLayer.Values>] {
        CATextLayer.kindTable.valueEntries
    }

    package var drawsOwnContents: Bool { true }

    /// Text reads upright under any flips, first line at the visual top (ruling L20).
    package var ownContentsAreUpright: Bool { true }

    /// The text rasterised at `contentsScale` (not the renderer's `scale`, as on Apple's
    /// platforms), covering the bounds from their origin in whole pixels — or, for a huge layer,
    /// the visible part of them (ruling V19); `cache` keeps the last image until the request
    /// changes or it no longer covers what is visible.
    package func ownContents(state: LayerState, request raster: RasterRequest, cache: inout Any?) -> (
        image: CGImage, rect: CGRect
    )? {
        let bounds = state.bounds
        guard let request = request(state: state) else { return nil }
        var atScale = raster.at(scale: request.contentsScale)
        let covered = { (_: CGFloat) in bounds }
        let last = cache as? TextLayerCache
        if let last, last.request == request, atScale.reuses(last.plan, covered: covered) {
            return (last.image, last.plan.rect)
        }
        atScale.usesMargin = last?.request == request
        // Nothing visible: the last image stays cached for when the layer comes back into view.
        guard let plan = atScale.plan(grid: bounds.origin, covered: covered) else { return nil }
        guard let image = Self.rasterize(request, plan: plan, origin: bounds.origin) else {
            cache = nil
            return nil
        }
        cache = TextLayerCache(request: request, plan: plan, image: image)
        return (image, plan.rect)
    }

    /// The pixels of `request` over `plan`'s rectangle (the layer's bounds from `origin`, or a
    /// window of them) in a premultiplied sRGB image at the plan's scale, as `display()`'s
    /// backing store (or the part of it the window covers).
    private static func rasterize(_ request: TextLayerRequest, plan: RasterPlan, origin: CGPoint) -> CGImage?
    {
        let (width, height) = plan.pixelSize
        guard let context = CGContext.topDownBitmap(width: width, height: height) else { return nil }
        context.scaleBy(x: plan.scale, y: plan.scale)
        context.translateBy(x: origin.x - plan.rect.minX, y: origin.y - plan.rect.minY)
        let box = CGRect(origin: .zero, size: request.size)
        context.clip(to: box)
        context.draw(Self.layout(for: request), in: box)
        return context.makeImageTakingMemory()
    }

    /// The layout of a request, reporting fonts that are not installed.
    static func layout(for request: TextLayerRequest) -> TextLayout {
        let layout = TextLayout(
            runs: request.runs, width: request.size.width, height: request.size.height,
            wraps: request.wraps, alignment: request.alignment, truncation: request.truncation,
            quantizesGlyphPositions: request.quantizes, pixelsPerPoint: request.contentsScale)
        for name in layout.substitutedFontNames {
            CompatibilityWarnings.report(
                "CATextLayer: font \"\(name)\" is not installed; drawn with fontconfig's substitute")
        }
        return layout
    }

    /// What the values draw in a layer presented with `state`, or `nil` when they draw nothing
    /// (no string, an empty or non-finite bounds).
    func request(state: LayerState) -> TextLayerRequest? {
        let bounds = state.bounds
        guard bounds.width.isFinite, bounds.height.isFinite, bounds.width > 0, bounds.height > 0 else {
            return nil
        }
        let runs = runs().filter { !$0.text.isEmpty && $0.font.size.isFinite && $0.font.size > 0 }
        guard !runs.isEmpty else { return nil }
        let scale = state.contentsScale.isFinite && state.contentsScale > 0 ? state.contentsScale : 1
        return TextLayerRequest(
            runs: runs, size: bounds.size, contentsScale: scale, wraps: isWrapped,
            alignment: layoutAlignment, truncation: layoutTruncation,
            quantizes: allowsFontSubpixelQuantization)
    }

    /// The runs of `string`: one for plain text, one per attribute run of an attributed string.
    func runs() -> [TextLayout.Run] {
        switch string {
        case nil:
            return []
        case let attributed as NSAttributedString:
            return Self.runs(of: attributed)
        case let text as String:
            let color = foregroundColor ?? .black
            return [TextLayout.Run(text, font: plainFont, color: color)]
        case let other?:
            CompatibilityWarnings.report(
                "CATextLayer.string ignored a value of type \(type(of: other)) (a String or NSAttributedString draws)"
            )
            return []
        }
    }

    /// `font` at `fontSize`.
    private var plainFont: TextFont {
        switch font {
        case let name as String: return TextFont(name: name, size: fontSize)
        case let cgFont as CGFont: return TextFont(cgFont, size: fontSize)
        case let textFont as TextFont: return TextFont(name: textFont.name, size: fontSize)
        case nil: return TextFont(name: "Helvetica", size: fontSize)
        case let other?:
            CompatibilityWarnings.report(
                "CATextLayer.font ignored a value of type \(type(of: other)); drawn in Helvetica")
            return TextFont(name: "Helvetica", size: fontSize)
        }
    }

    /// Runs of an attributed string, with Core Text's defaults (Helvetica 12, black) where a run
    /// has no font or colour.
    private static func runs(of attributed: NSAttributedString) -> [TextLayout.Run] {
        var runs: [TextLayout.Run] = []
        let text = attributed.string as NSString
        let whole = NSRange(location: 0, length: attributed.length)
        attributed.enumerateAttributes(in: whole, options: []) { attributes, range, _ in
            var font = TextFont.coreTextDefault
            var color = CGColor.black
            for (key, value) in attributes {
                switch (key.rawValue, value) {
                case ("NSFont", let value as TextFont): font = value
                case ("NSFont", let value as CGFont): font = TextFont(value, size: 12)
                case ("NSFont", let value as String): font = TextFont(name: value, size: 12)
                case ("NSColor", let value as CGColor), ("CTForegroundColor", let value as CGColor):
                    color = value
                default:
                    CompatibilityWarnings.report(
                        "CATextLayer ignored the attribute \"\(key.rawValue)\" (a \(type(of: value)))")
                }
            }
            runs.append(TextLayout.Run(text.substring(with: range), font: font, color: color))
        }
        return runs
    }

    /// `alignmentMode` as the layout's alignment; unknown modes are natural (reported).
    private var layoutAlignment: TextLayout.Alignment {
        switch alignmentMode {
        case .natural: return .natural
        case .left: return .left
        case .right: return .right
        case .center: return .center
        case .justified: return .justified
        default:
            CompatibilityWarnings.report(
                "CATextLayer.alignmentMode \"\(alignmentMode.rawValue)\" is unknown; drawn as natural")
            return .natural
        }
    }

    /// `truncationMode` as the layout's truncation; unknown modes are none (reported).
    private var layoutTruncation: TextLayout.Truncation {
        switch truncationMode {
        case .none: return .none
        case .start: return .start
        case .middle: return .middle
        case .end: return .end
        default:
            CompatibilityWarnings.report(
                "CATextLayer.truncationMode \"\(truncationMode.rawValue)\" is unknown; drawn as none")
            return .none
        }
    }
}
