import ArgumentParser
import LaminaExamples
import QuartzCore

/// How `lamina slideshow` shows the photos: `--fit`, `--pan-zoom`, `--transition`,
/// `--transition-subtype`, `--seed`.
///
/// Every value parses as text, so that `validate()` can say in one line what was wrong and list
/// the valid values (an enum's parse error is several lines).
struct PhotoOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "fill (cover the frame), fit (the whole photo, black bars) or top (the demo's look).",
            valueName: "MODE"))
    var fit: String = "fill"

    @Flag(
        name: .long, inversion: .prefixedNo,
        help: "A slow pan and zoom over each photo (default on; not with --fit top).")
    var panZoom: Bool?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The change between photos: fade (default), push, moveIn, reveal, cube, oglFlip, pageCurl, pageUnCurl, "
                + "rippleEffect, suckEffect, cameraIrisHollowOpen, cameraIrisHollowClose, cameraIris, genieEffect, "
                + "spewEffect, none or random.",
            valueName: "TYPE"))
    var transition: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Its direction: fromLeft (default), fromRight, fromTop, fromBottom or random.",
            valueName: "SUBTYPE"))
    var transitionSubtype: String?

    @Option(name: .long, help: "The seed of random transitions and subtypes.")
    var seed: UInt64 = 1

    /// The names `--transition` accepts besides the types.
    static let otherTransitions = ["none", "random"]

    /// Checks the values, one line each.
    func validate() throws {
        guard let mode = Slideshow.Fit(rawValue: fit) else {
            throw ValidationError("unknown --fit '\(fit)'; give fill, fit or top")
        }
        if let transition, Self.type(named: transition) == nil, !Self.otherTransitions.contains(transition) {
            let names = Slideshow.transitionTypes.map(\.rawValue) + Self.otherTransitions
            throw ValidationError(
                "unknown transition '\(transition)'; give one of \(names.joined(separator: ", "))")
        }
        if let transitionSubtype, Self.subtype(named: transitionSubtype) == nil, transitionSubtype != "random"
        {
            let names = Slideshow.transitionSubtypes.map(\.rawValue) + ["random"]
            throw ValidationError(
                "unknown transition subtype '\(transitionSubtype)'; give one of \(names.joined(separator: ", "))"
            )
        }
        if mode == .top, panZoom != nil || transition != nil || transitionSubtype != nil {
            throw ValidationError(
                "--fit top is the demo's look with its own fades and slide; --pan-zoom and --transition need fill or fit"
            )
        }
    }

    /// The fit asked for (validated).
    var mode: Slideshow.Fit { Slideshow.Fit(rawValue: fit) ?? .fill }

    /// The style asked for (for `--fit fill` and `--fit fit`).
    var style: Slideshow.PhotoStyle {
        var style = Slideshow.PhotoStyle()
        style.fit = mode
        style.panZoom = panZoom ?? true
        let subtype = transitionSubtype.flatMap(Self.subtype(named:))
        switch transition ?? "fade" {
        case "random":
            style.transitions = .random(seed: seed, subtype: subtype)
        case "none":
            style.transitions = .fixed(Slideshow.Transition(type: nil))
        case let name where transitionSubtype == "random":
            style.transitions = .random(seed: seed, type: Self.type(named: name))
        case let name:
            style.transitions = .fixed(Slideshow.Transition(type: Self.type(named: name), subtype: subtype))
        }
        if case .fixed(let transition) = style.transitions, transition.type == nil {
            style.transitionDuration = 0
        }
        return style
    }

    /// The transition type named `name`, as Apple spells it.
    static func type(named name: String) -> CATransitionType? {
        Slideshow.transitionTypes.first { $0.rawValue == name }
    }

    /// The subtype named `name`, as Apple spells it.
    static func subtype(named name: String) -> CATransitionSubtype? {
        Slideshow.transitionSubtypes.first { $0.rawValue == name }
    }
}
