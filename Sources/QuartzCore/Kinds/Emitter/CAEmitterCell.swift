import CoreGraphics

/// The description of one kind of particle that a `CAEmitterLayer` emits (Apple's
/// `CAEmitterCell`): how many are born per second, how long they live, how they move, turn,
/// grow and change colour, and the image they show.
///
/// Values with a mean `M` and a range `R` (`lifetime`/`lifetimeRange`, `velocity`/
/// `velocityRange`, …) give each particle a value drawn uniformly from `[M − R/2, M + R/2]`, as
/// Apple's `CAEmitterLayer.seed` documentation states; the draws come from the layer's `seed`, so
/// a particle system is the same at a given time however it got there (`docs/DECISIONS.md`,
/// ruling L16). Non-finite values count as 0 when particles are made.
///
/// A cell takes part in key-value coding under Apple's keys (`value(forKey: "birthRate")`,
/// `setValue(_:forKey: "enabled")`), with key paths through named sub-cells
/// (`"emitterCells.spark.velocity"`); an emitter layer reaches its cells the same way
/// (`"emitterCells.fire.birthRate"`), which is how they are animated. As on Apple's platforms,
/// the cell's `CAMediaTiming` decides when it emits, in its parent's time: the layer's time for
/// a top-level cell, the age of the emitting particle for a sub-cell. Its `duration` of 0 (the
/// default) emits for ever.
open class CAEmitterCell: NSObject, NSCopying, CAMediaTiming {
    /// The values, copied by `copy()`.
    package var values = EmitterCellValues()
    /// Keys set explicitly (not from `style`).
    private var explicitKeys: Set<String> = []
    /// Values stored under keys that are not properties.
    private var otherValues: [String: Any] = [:]

    /// Creates a cell with Apple's defaults: enabled, no particles (`birthRate` 0, `lifetime` 0),
    /// scale 1, opaque white, no contents.
    public override required init() {
        super.init()
    }

    /// Apple's `+emitterCell`: a new cell with the defaults.
    open class func emitterCell() -> Self {
        Self()
    }

    /// A copy of the cell and, recursively, of its `emitterCells`.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.values = values
        copy.values.emitterCells = values.emitterCells?.map { $0.copy() as? CAEmitterCell ?? $0 }
        copy.explicitKeys = explicitKeys
        copy.otherValues = otherValues
        return copy
    }

    // MARK: Identity

    /// The cell's name, used in key paths (`"emitterCells.NAME.birthRate"`). Default `nil`.
    open var name: String? {
        get { values.name }
        set { set(\.name) { $0.name = newValue } }
    }

    /// Whether the cell emits. Default `true`; a disabled cell makes no particles (nor do its
    /// sub-cells, which only particles emit). Key `"enabled"`.
    open var isEnabled: Bool {
        get { values.isEnabled }
        set { set(\.isEnabled) { $0.isEnabled = newValue } }
    }

    // MARK: Emission

    /// Particles born per second, multiplied by the layer's `birthRate` (and the cell's `speed`).
    /// Default 0. Zero, negative or non-finite rates make none. Animatable.
    open var birthRate: Float {
        get { values.birthRate }
        set { set(\.birthRate) { $0.birthRate = newValue } }
    }

    /// A particle's mean lifetime in seconds, multiplied by the layer's `lifetime`. Default 0.
    /// A particle whose lifetime comes out ≤ 0 is never seen; `.infinity` never dies (bounded by
    /// ``CAEmitterLayer/maximumParticleCount``); NaN counts as 0. Animatable.
    open var lifetime: Float {
        get { values.lifetime }
        set { set(\.lifetime) { $0.lifetime = newValue } }
    }

    /// The range of lifetimes about `lifetime`, in seconds. Default 0. Animatable.
    open var lifetimeRange: Float {
        get { values.lifetimeRange }
        set { set(\.lifetimeRange) { $0.lifetimeRange = newValue } }
    }

    /// The emission direction's angle out of the layer's plane, in radians: 0 (the default) in the
    /// plane, π/2 towards the viewer (+z). Relative to the shape's natural direction. Animatable.
    open var emissionLatitude: CGFloat {
        get { values.emissionLatitude }
        set { set(\.emissionLatitude) { $0.emissionLatitude = newValue } }
    }

    /// The emission direction's angle in the layer's plane, in radians from +x towards +y
    /// (clockwise on screen in iOS geometry, so −π/2 is up). Relative to the shape's natural
    /// direction (+x, or outwards for circle and sphere outlines and surfaces; a sub-cell's is
    /// its particle's direction of travel). Default 0. Animatable.
    open var emissionLongitude: CGFloat {
        get { values.emissionLongitude }
        set { set(\.emissionLongitude) { $0.emissionLongitude = newValue } }
    }

    /// The full angle, in radians, of the cone around the emission direction that directions are
    /// drawn from uniformly (2π or more: every direction). Default 0. Animatable.
    open var emissionRange: CGFloat {
        get { values.emissionRange }
        set { set(\.emissionRange) { $0.emissionRange = newValue } }
    }

    // MARK: Motion

    /// A particle's mean initial speed in points per second, multiplied by the layer's
    /// `velocity`. Default 0. Animatable.
    open var velocity: CGFloat {
        get { values.velocity }
        set { set(\.velocity) { $0.velocity = newValue } }
    }

    /// The range of speeds about `velocity`. Default 0. Animatable.
    open var velocityRange: CGFloat {
        get { values.velocityRange }
        set { set(\.velocityRange) { $0.velocityRange = newValue } }
    }

    /// Acceleration along x, in points per second squared. Default 0. Animatable.
    open var xAcceleration: CGFloat {
        get { values.xAcceleration }
        set { set(\.xAcceleration) { $0.xAcceleration = newValue } }
    }

    /// Acceleration along y (downwards on screen in iOS geometry: gravity is positive), in points
    /// per second squared. Default 0. Animatable.
    open var yAcceleration: CGFloat {
        get { values.yAcceleration }
        set { set(\.yAcceleration) { $0.yAcceleration = newValue } }
    }

    /// Acceleration along z, in points per second squared. Default 0. Animatable.
    open var zAcceleration: CGFloat {
        get { values.zAcceleration }
        set { set(\.zAcceleration) { $0.zAcceleration = newValue } }
    }

    // MARK: Appearance

    /// The mean scale of a particle's image (1: its size in points, pixels ÷ `contentsScale`),
    /// multiplied by the layer's `scale`. Default 1. Animatable.
    open var scale: CGFloat {
        get { values.scale }
        set { set(\.scale) { $0.scale = newValue } }
    }

    /// The range of scales about `scale`. Default 0. Animatable.
    open var scaleRange: CGFloat {
        get { values.scaleRange }
        set { set(\.scaleRange) { $0.scaleRange = newValue } }
    }

    /// How fast the scale changes, per second; the scale never goes below 0. Default 0.
    /// Animatable.
    open var scaleSpeed: CGFloat {
        get { values.scaleSpeed }
        set { set(\.scaleSpeed) { $0.scaleSpeed = newValue } }
    }

    /// The mean rotation speed in radians per second (positive: clockwise on screen), multiplied
    /// by the layer's `spin`. Particles are born unrotated. Default 0. Animatable.
    open var spin: CGFloat {
        get { values.spin }
        set { set(\.spin) { $0.spin = newValue } }
    }

    /// The range of rotation speeds about `spin`. Default 0. Animatable.
    open var spinRange: CGFloat {
        get { values.spinRange }
        set { set(\.spinRange) { $0.spinRange = newValue } }
    }

    /// The mean colour that multiplies the particle's image. Default opaque white; `nil` counts as
    /// opaque white. A sub-cell's particles are also multiplied by their emitting particle's
    /// colour. Animatable.
    open var color: CGColor? {
        get { values.color }
        set { set(\.color) { $0.color = newValue } }
    }

    /// The range of red about `color`'s red. Default 0. Animatable.
    open var redRange: Float {
        get { values.colorRange.0 }
        set { set(\.colorRange.0) { $0.colorRange.0 = newValue } }
    }

    /// The range of green about `color`'s green. Default 0. Animatable.
    open var greenRange: Float {
        get { values.colorRange.1 }
        set { set(\.colorRange.1) { $0.colorRange.1 = newValue } }
    }

    /// The range of blue about `color`'s blue. Default 0. Animatable.
    open var blueRange: Float {
        get { values.colorRange.2 }
        set { set(\.colorRange.2) { $0.colorRange.2 = newValue } }
    }

    /// The range of alpha about `color`'s alpha. Default 0. Animatable.
    open var alphaRange: Float {
        get { values.colorRange.3 }
        set { set(\.colorRange.3) { $0.colorRange.3 = newValue } }
    }

    /// How fast red changes over a particle's life, per second; components stay in [0, 1].
    /// Default 0. Animatable.
    open var redSpeed: Float {
        get { values.colorSpeed.0 }
        set { set(\.colorSpeed.0) { $0.colorSpeed.0 = newValue } }
    }

    /// How fast green changes, per second. Default 0. Animatable.
    open var greenSpeed: Float {
        get { values.colorSpeed.1 }
        set { set(\.colorSpeed.1) { $0.colorSpeed.1 = newValue } }
    }

    /// How fast blue changes, per second. Default 0. Animatable.
    open var blueSpeed: Float {
        get { values.colorSpeed.2 }
        set { set(\.colorSpeed.2) { $0.colorSpeed.2 = newValue } }
    }

    /// How fast alpha changes, per second (−1/lifetime fades a particle out over its life).
    /// Default 0. Animatable.
    open var alphaSpeed: Float {
        get { values.colorSpeed.3 }
        set { set(\.colorSpeed.3) { $0.colorSpeed.3 = newValue } }
    }

    /// The particle's image, a `CGImage`. Default `nil`: the particles move (and emit sub-cells)
    /// but are not drawn. Other types are not drawn (reported once). Animatable (switches).
    open var contents: Any? {
        get { values.contents }
        set { set(\.contents) { $0.contents = newValue is NSNull ? nil : newValue } }
    }

    /// The part of `contents` drawn, in the image's unit coordinates. Default (0, 0, 1, 1).
    /// Animatable.
    open var contentsRect: CGRect {
        get { values.contentsRect }
        set { set(\.contentsRect) { $0.contentsRect = newValue } }
    }

    /// Pixels of `contents` per point of the particle at scale 1. Default 1; ≤ 0 or non-finite
    /// counts as 1.
    open var contentsScale: CGFloat {
        get { values.contentsScale }
        set { set(\.contentsScale) { $0.contentsScale = newValue } }
    }

    /// The filter used when the image is drawn smaller than its pixels: `"linear"` (the
    /// default), `"nearest"` or `"trilinear"` (`kCAFilter…` values).
    open var minificationFilter: String {
        get { values.minificationFilter }
        set { set(\.minificationFilter) { $0.minificationFilter = newValue } }
    }

    /// The filter used when the image is drawn larger than its pixels. Default `"linear"`.
    open var magnificationFilter: String {
        get { values.magnificationFilter }
        set { set(\.magnificationFilter) { $0.magnificationFilter = newValue } }
    }

    /// The mipmap level bias of the `"trilinear"` filter. Default 0.
    open var minificationFilterBias: Float {
        get { values.minificationFilterBias }
        set { set(\.minificationFilterBias) { $0.minificationFilterBias = newValue } }
    }

    /// Sub-cells: each particle of this cell emits them, from its current position, in directions
    /// relative to its direction of travel, in time measured from its birth. Default `nil`.
    /// The array is copied on assignment (not the cells). Nesting deeper than 8 levels is not
    /// simulated (reported once).
    open var emitterCells: [CAEmitterCell]? {
        get { values.emitterCells }
        set { set(\.emitterCells) { $0.emitterCells = newValue } }
    }

    /// Values for properties not set explicitly, by key, as `CALayer.style`. Default `nil`.
    open var style: [AnyHashable: Any]? {
        get { values.style }
        set {
            set(\.style) { $0.style = newValue }
            applyStyle()
        }
    }

    // MARK: CAMediaTiming

    /// When the cell starts emitting, in seconds of its parent's time (the layer's time, or the
    /// emitting particle's age for a sub-cell). Default 0.
    open var beginTime: CFTimeInterval {
        get { values.beginTime }
        set { set(\.beginTime) { $0.beginTime = newValue } }
    }

    /// How long the cell emits (with `repeatCount`, `repeatDuration`, `autoreverses` as for any
    /// timed object), in its local seconds. Default 0: for ever.
    open var duration: CFTimeInterval {
        get { values.duration }
        set { set(\.duration) { $0.duration = newValue } }
    }

    /// The rate of the cell's time: births per parent second are `birthRate × |speed|`, and the
    /// emitting time is its active duration ÷ `|speed|`. 0 emits nothing. Default 1.
    open var speed: Float {
        get { values.speed }
        set { set(\.speed) { $0.speed = newValue } }
    }

    /// An offset in the cell's local time. Default 0. Stored; it does not move the emission
    /// window (ruling L16).
    open var timeOffset: CFTimeInterval {
        get { values.timeOffset }
        set { set(\.timeOffset) { $0.timeOffset = newValue } }
    }

    /// How many times the cell's `duration` repeats. Default 0 (once).
    open var repeatCount: Float {
        get { values.repeatCount }
        set { set(\.repeatCount) { $0.repeatCount = newValue } }
    }

    /// How long the cell repeats, in its local seconds; 0 means not set. Default 0.
    open var repeatDuration: CFTimeInterval {
        get { values.repeatDuration }
        set { set(\.repeatDuration) { $0.repeatDuration = newValue } }
    }

    /// Whether each repetition plays forwards then backwards (doubling the emitting time).
    /// Default `false`.
    open var autoreverses: Bool {
        get { values.autoreverses }
        set { set(\.autoreverses) { $0.autoreverses = newValue } }
    }

    /// Stored for `CAMediaTiming`; a cell emits only during its active duration whatever its fill.
    /// Default `.removed`.
    open var fillMode: CAMediaTimingFillMode {
        get { values.fillMode }
        set { set(\.fillMode) { $0.fillMode = newValue } }
    }

    // MARK: Key-value coding

    /// Apple's default for `key` when it is not its type's zero (`enabled`, `scale`, `color`,
    /// `contentsRect`, `contentsScale`, the filters, `speed`), else `nil`. Overridable: a
    /// subclass's defaults apply to the values read before they are set.
    open class func defaultValue(forKey key: String) -> Any? {
        guard let property = Self.properties[key], !property.defaultIsZero else { return nil }
        return property.get(EmitterCellValues())
    }

    /// Whether `key` would be archived: `true` for every key (Lamina does not archive).
    open func shouldArchiveValue(forKey key: String) -> Bool {
        true
    }

    /// The value of a property by Apple's key, or a value stored under another key (`nil` when
    /// never set).
    open func value(forKey key: String) -> Any? {
        if let property = Self.properties[key] { return property.get(values) }
        return otherValues[key] ?? type(of: self).defaultValue(forKey: key)
    }

    /// Sets a property by Apple's key (any numeric boxing is accepted), or stores the value under
    /// another key. A value of the wrong type for a property is ignored and reported once.
    open func setValue(_ value: Any?, forKey key: String) {
        let value: Any? = value is NSNull ? nil : value
        if let property = Self.properties[key] {
            if property.set(&values, value) {
                explicitKeys.insert(key)
                if key == Self.styleKey { applyStyle() }
            } else {
                CompatibilityWarnings.report(
                    "CAEmitterCell.setValue(_:forKey: \"\(key)\") ignored a value of type "
                        + (value.map { "\(type(of: $0))" } ?? "nil"))
            }
            return
        }
        otherValues[key] = value
    }

    /// Reads a dot-separated key path: through named sub-cells (`"emitterCells.NAME.…"`) and
    /// structure fields (`"contentsRect.size.width"`); `nil` for unknown paths.
    open func value(forKeyPath keyPath: String) -> Any? {
        let parts = keyPath.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return value(forKey: keyPath) }
        if parts[0] == Self.emitterCellsKey {
            return EmitterKeyPath.value(in: emitterCells, keyPath: parts[1])
        }
        guard let base = value(forKey: parts[0]) else { return nil }
        return PropertyKeyPath.SubKeys.value(of: base, field: parts[1])
    }

    /// Writes a dot-separated key path, as `value(forKeyPath:)` reads it; other paths are
    /// ignored and reported once.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        let parts = keyPath.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return setValue(value, forKey: keyPath) }
        if parts[0] == Self.emitterCellsKey {
            EmitterKeyPath.setValue(value, in: emitterCells, keyPath: parts[1])
        } else if let base = self.value(forKey: parts[0]),
            let updated = PropertyKeyPath.SubKeys.setting(field: parts[1], of: base, to: value)
        {
            setValue(updated, forKey: parts[0])
        } else {
            CompatibilityWarnings.report("CAEmitterCell.setValue(_:forKeyPath: \"\(keyPath)\") ignored")
        }
    }

    // MARK: Storage

    /// Stores a value through `store` and marks the property at `path` set explicitly.
    private func set(_ path: PartialKeyPath<EmitterCellValues>, _ store: (inout EmitterCellValues) -> Void) {
        store(&values)
        explicitKeys.insert(Self.key(for: path))
    }

    /// Re-derives every property not set explicitly from `style`, then the class's defaults.
    private func applyStyle() {
        let saved = explicitKeys
        for (key, property) in Self.properties where key != Self.styleKey && !saved.contains(key) {
            let styled = values.style?[key] ?? type(of: self).defaultValue(forKey: key)
            _ = property.set(&values, styled ?? property.get(EmitterCellValues()))
        }
        explicitKeys = saved
    }
}

/// Key paths through arrays of named cells (`"NAME.birthRate"`), shared by cells and layers.
enum EmitterKeyPath {
    /// The part of `keyPath` after `"emitterCells."` (`"NAME.rest"`), or `nil` when it does not
    /// go through the layer's cells.
    static func throughCells(_ keyPath: String) -> String? {
        guard keyPath.hasPrefix(cellsPrefix) else { return nil }
        return String(keyPath.dropFirst(cellsPrefix.count))
    }

    private static let cellsPrefix =
        CAEmitterLayer.kindTable.key(for: \CAEmitterLayer.Values.emitterCells) + "."

    /// The value at `keyPath` (`"NAME.rest"`) in the first cell of `cells` named NAME.
    static func value(in cells: [CAEmitterCell]?, keyPath: String) -> Any? {
        let parts = keyPath.split(separator: ".", maxSplits: 1).map(String.init)
        guard let cell = cells?.first(where: { $0.name == parts[0] }) else { return nil }
        return parts.count == 2 ? cell.value(forKeyPath: parts[1]) : cell
    }

    /// Writes `value` at `keyPath` in the first cell of `cells` named NAME; reported when there
    /// is none.
    static func setValue(_ value: Any?, in cells: [CAEmitterCell]?, keyPath: String) {
        let parts = keyPath.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let cell = cells?.first(where: { $0.name == parts[0] }) else {
            CompatibilityWarnings.report(
                "emitter key path \"\(cellsPrefix)\(keyPath)\" names no cell; ignored")
            return
        }
        cell.setValue(value, forKeyPath: parts[1])
    }
}
