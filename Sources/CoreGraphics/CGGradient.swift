/// A smooth transition between colours along a line from 0 to 1, Apple's `CGGradient`, drawn by
/// `CGContext.drawLinearGradient(_:start:end:options:)` and
/// `CGContext.drawRadialGradient(_:startCenter:startRadius:endCenter:endRadius:options:)`.
///
/// A gradient is a list of colour stops: each a location in `[0, 1]` and a colour in the gradient's
/// colour space. Between stops the colour components are interpolated linearly in that space; below
/// the first stop the first colour holds, above the last stop the last colour (so when no stop is
/// at 0 or 1, the nearest colour stands in, as Apple documents). Gradients are immutable and may be
/// shared between threads. Equality is identity, as for Apple's `CGGradient` objects.
public final class CGGradient: Hashable, Sendable {
    /// One colour stop: a location in `[0, 1]` and the colour's components (colour then alpha) in
    /// `space`.
    struct Stop: Equatable {
        /// Where the colour is, in `[0, 1]`.
        var location: Double
        /// The components in the gradient's space, alpha last.
        var components: [CGFloat]
    }

    /// The colour space the stops are given and interpolated in.
    let space: CGColorSpace
    /// The stops, sorted by location (stable for equal locations).
    let stops: [Stop]

    /// Creates a gradient from colours, as Apple's `CGGradientCreateWithColors`.
    ///
    /// - Parameters:
    ///   - space: The colour space to interpolate in, RGB or monochrome; `nil` means sRGB. Each
    ///     colour is converted to it (Apple takes a `CFArray` of colours; Lamina an array).
    ///   - colors: The colours, at least one.
    ///   - locations: `colors.count` locations, or `nil` to spread the colours evenly (the first at 0,
    ///     the last at 1; a single colour at 0). Locations outside `[0, 1]` are clamped; unordered
    ///     locations are sorted (stably, so colours at the same location keep their order and meet
    ///     in a hard edge).
    /// - Returns: `nil` when `colors` is empty, a colour cannot be converted to `space`, `space` is
    ///   not RGB or monochrome, or a location is NaN.
    public convenience init?(
        colorsSpace space: CGColorSpace?, colors: [CGColor], locations: UnsafePointer<CGFloat>?
    ) {
        let target = space ?? CGColorSpace.Shared.sRGB
        var componentList: [[CGFloat]] = []
        for color in colors {
            guard let converted = Self.components(of: color, in: target) else { return nil }
            componentList.append(converted)
        }
        let locationList = locations.map { Array(UnsafeBufferPointer(start: $0, count: colors.count)) }
        self.init(space: target, components: componentList, locations: locationList)
    }

    /// Creates a gradient from colours passed as Apple's Swift code passes them, an array cast to
    /// `CFArray` (`colors as CFArray`); see `init(colorsSpace:colors:locations:)` for the rules.
    ///
    /// - Returns: `nil` when an element of `colors` is not a `CGColor`, and in the cases
    ///   `init(colorsSpace:colors:locations:)` lists.
    public convenience init?(
        colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?
    ) {
        var list: [CGColor] = []
        for element in colors {
            guard let color = element as? CGColor else { return nil }
            list.append(color)
        }
        self.init(colorsSpace: space, colors: list, locations: locations)
    }

    /// Creates a gradient from colour components, as Apple's `CGGradientCreateWithColorComponents`.
    ///
    /// - Parameters:
    ///   - space: The colour space of the components and of the interpolation: RGB or monochrome.
    ///   - components: `count × (space.numberOfComponents + 1)` values: each stop's colour
    ///     components followed by its alpha. Values are clamped to `[0, 1]` (except in extended
    ///     spaces); NaN becomes 0, as for `CGColor`.
    ///   - locations: `count` locations, or `nil` to spread the stops evenly (see
    ///     `init(colorsSpace:colors:locations:)`).
    ///   - count: The number of stops, at least 1.
    /// - Returns: `nil` when `count` is less than 1, `space` is not RGB or monochrome, or a location
    ///   is NaN.
    public convenience init?(
        colorSpace space: CGColorSpace,
        colorComponents components: UnsafePointer<CGFloat>,
        locations: UnsafePointer<CGFloat>?,
        count: Int
    ) {
        guard count > 0 else { return nil }
        let perStop = space.numberOfComponents + 1
        var componentList: [[CGFloat]] = []
        for index in 0..<count {
            let values = Array(UnsafeBufferPointer(start: components + index * perStop, count: perStop))
            guard let color = CGColor(colorSpace: space, components: values),
                let converted = Self.components(of: color, in: space)
            else { return nil }
            componentList.append(converted)
        }
        let locationList = locations.map { Array(UnsafeBufferPointer(start: $0, count: count)) }
        self.init(space: space, components: componentList, locations: locationList)
    }

    /// Checks and stores the stops.
    private init?(space: CGColorSpace, components: [[CGFloat]], locations: [CGFloat]?) {
        guard !components.isEmpty, space.model == .rgb || space.model == .monochrome else { return nil }
        var places: [Double]
        if let locations {
            guard !locations.contains(where: \.isNaN) else { return nil }
            places = locations.map { Double(min(max($0, 0), 1)) }
        } else if components.count == 1 {
            places = [0]
        } else {
            places = (0..<components.count).map { Double($0) / Double(components.count - 1) }
        }
        let unsorted = zip(places, components).map { Stop(location: $0, components: $1) }
        // A stable sort: equal locations keep their given order.
        self.stops = unsorted.enumerated().sorted {
            ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
        }.map(\.element)
        self.space = space
    }

    /// `color`'s components (alpha last) in `space`, or `nil` if it cannot be converted.
    private static func components(of color: CGColor, in space: CGColorSpace) -> [CGFloat]? {
        if color.colorSpace == space, let values = color.components {
            return values
        }
        guard let values = color.converted(to: space, intent: .defaultIntent, options: nil)?.components,
            values.count == space.numberOfComponents + 1
        else { return nil }
        return values
    }

    /// The stops as colours in the gradient's space, with their locations; for spaces whose
    /// components are linear light, extra stops are added between the given ones (every 1/16 of
    /// each interval) so that a context storing sRGB-encoded pixels still shows interpolation in
    /// linear light.
    func colorStops() -> [(location: Double, color: CGColor)] {
        var result: [(location: Double, color: CGColor)] = []
        let subdivisions = space.isLinear ? 16 : 1
        for (index, stop) in stops.enumerated() {
            if index > 0, subdivisions > 1 {
                let previous = stops[index - 1]
                for step in 1..<subdivisions {
                    let fraction = Double(step) / Double(subdivisions)
                    let mixed = zip(previous.components, stop.components).map {
                        $0 + ($1 - $0) * CGFloat(fraction)
                    }
                    if let color = CGColor(colorSpace: space, components: mixed) {
                        let location = previous.location + (stop.location - previous.location) * fraction
                        result.append((location, color))
                    }
                }
            }
            if let color = CGColor(colorSpace: space, components: stop.components) {
                result.append((stop.location, color))
            }
        }
        return result
    }

    /// Whether `lhs` and `rhs` are the same gradient object.
    public static func == (lhs: CGGradient, rhs: CGGradient) -> Bool {
        lhs === rhs
    }

    /// Hashes the object's identity, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

/// Whether a gradient is drawn beyond its ends, Apple's `CGGradientDrawingOptions`, with Apple's
/// raw values. Without options, only the area between the start and end (the band between the two
/// perpendicular lines for a linear gradient, the circles for locations 0 to 1 for a radial one) is
/// painted, and everything else is left as it was.
public struct CGGradientDrawingOptions: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt32

    /// Creates options from raw bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Extends the first colour before the start point (or inside the start circle, down to where
    /// the interpolated radius reaches 0).
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    /// Extends the last colour past the end point (or outside the end circle).
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}
