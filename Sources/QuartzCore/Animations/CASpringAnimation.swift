import CoreGraphics

/// A basic animation driven by a damped spring (Apple's `CASpringAnimation`; rulings E9, E21).
/// `CASpringAnimation()` has Apple's defaults: mass 1, stiffness 100, damping 10, no initial
/// velocity.
///
/// The spring runs in seconds of the animation's basic time — it is not stretched to
/// `duration`, which only cuts it off (set `duration = settlingDuration` to see it settle). The
/// animation's `timingFunction` is not used. Invalid parameters (mass or stiffness ≤ 0, negative
/// damping, NaN) are clamped to the nearest valid value when the spring is evaluated.
open class CASpringAnimation: CABasicAnimation {
    var storedMass: CGFloat = 1
    var storedStiffness: CGFloat = 100
    var storedDamping: CGFloat = 10
    var storedInitialVelocity: CGFloat = 0
    var storedAllowsOverdamping = false
    /// The motion of a frozen copy, fixed by `prepare(for:)`.
    var preparedMotion: SpringMotion?

    /// A spring that feels like it lasts `perceptualDuration` seconds, with `bounce` from −1
    /// (overdamped) through 0 (critically damped) to 1 (undamped), as Apple's iOS 17
    /// initialiser; `duration` is set to `settlingDuration`.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let parameters = SpringMotion.parameters(
            perceptualDuration: perceptualDuration, bounce: Double(bounce))
        storedMass = CGFloat(parameters.mass)
        storedStiffness = CGFloat(parameters.stiffness)
        storedDamping = CGFloat(parameters.damping)
        storedAllowsOverdamping = bounce < 0
        storedDuration = settlingDuration
    }

    /// The mass of the object on the spring; must be greater than 0. Default 1.
    open var mass: CGFloat {
        get { storedMass }
        set { if allowsMutation("mass") { storedMass = newValue } }
    }

    /// The spring's stiffness; must be greater than 0. Default 100.
    open var stiffness: CGFloat {
        get { storedStiffness }
        set { if allowsMutation("stiffness") { storedStiffness = newValue } }
    }

    /// The damping coefficient; must be 0 or more. Default 10.
    open var damping: CGFloat {
        get { storedDamping }
        set { if allowsMutation("damping") { storedDamping = newValue } }
    }

    /// The initial velocity, in units of the from→to distance per second; positive values move
    /// towards the target. Default 0.
    open var initialVelocity: CGFloat {
        get { storedInitialVelocity }
        set { if allowsMutation("initialVelocity") { storedInitialVelocity = newValue } }
    }

    /// Whether damping above critical keeps its overdamped motion; when `false` it is treated as
    /// critical. Default `false`.
    open var allowsOverdamping: Bool {
        get { storedAllowsOverdamping }
        set { if allowsMutation("allowsOverdamping") { storedAllowsOverdamping = newValue } }
    }

    /// The estimated time, in seconds, for the spring to come to rest with the current
    /// parameters (ruling R6).
    open var settlingDuration: CFTimeInterval {
        motion.settlingDuration
    }

    /// The perceptual duration of the current parameters, `2π / √(stiffness / mass)`.
    open var perceptualDuration: CFTimeInterval {
        SpringMotion.perceptualDuration(mass: Double(storedMass), stiffness: Double(storedStiffness))
    }

    /// The bounce of the current parameters: 0 critically damped, towards 1 undamped, below 0
    /// overdamped.
    open var bounce: CGFloat {
        CGFloat(
            SpringMotion.bounce(
                mass: Double(storedMass), stiffness: Double(storedStiffness), damping: Double(storedDamping)))
    }

    var motion: SpringMotion {
        SpringMotion(
            mass: Double(storedMass), stiffness: Double(storedStiffness), damping: Double(storedDamping),
            initialVelocity: Double(storedInitialVelocity), allowsOverdamping: storedAllowsOverdamping)
    }

    /// Reads the spring parameters by Apple's keys, then the inherited keys.
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "mass": return mass
        case "stiffness": return stiffness
        case "damping": return damping
        case "initialVelocity": return initialVelocity
        case "allowsOverdamping": return allowsOverdamping
        case "settlingDuration": return settlingDuration
        default: return super.value(forKey: key)
        }
    }

    /// Sets the spring parameters by Apple's keys, then the inherited keys.
    open override func setValue(_ value: Any?, forKey key: String) {
        let number = ValueCoercion.double(value).map { CGFloat($0) }
        switch key {
        case "mass": if let number { mass = number }
        case "stiffness": if let number { stiffness = number }
        case "damping": if let number { damping = number }
        case "initialVelocity": if let number { initialVelocity = number }
        case "allowsOverdamping": if let flag = ValueCoercion.bool(value) { allowsOverdamping = flag }
        default: super.setValue(value, forKey: key)
        }
    }

    override func copyProperties(to copy: CAAnimation) {
        super.copyProperties(to: copy)
        guard let copy = copy as? CASpringAnimation else { return }
        copy.storedMass = storedMass
        copy.storedStiffness = storedStiffness
        copy.storedDamping = storedDamping
        copy.storedInitialVelocity = storedInitialVelocity
        copy.storedAllowsOverdamping = storedAllowsOverdamping
    }

    override func prepare(for layer: CALayer) {
        preparedMotion = motion
        super.prepare(for: layer)
    }

    /// The spring's progress at a cycle's basic time, overshooting 1 when it bounces (its
    /// duration is ignored), in lane and boxed records alike.
    override var laneProgress: LaneForm.Progress {
        .spring(preparedMotion ?? motion)
    }
}
