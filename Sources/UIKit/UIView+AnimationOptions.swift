import QuartzCore

extension UIView {
    /// Options of the block-based view animations (UIKit's `UIView.AnimationOptions`), with
    /// UIKit's bit values.
    public struct AnimationOptions: OptionSet, Hashable, Sendable {
        /// The bit mask.
        public var rawValue: UInt
        /// Wraps a bit mask.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lays out the changed views before the block closes, so that their subviews' layout
        /// changes animate with them.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Lets the animated views take touches while they animate.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Starts from what is on screen (an animation in flight's current value) rather than
        /// from the previous model value.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeats forever.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Runs backwards after each forward run.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// A nested block uses its own duration instead of the outer block's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// A nested block uses its own curve instead of the outer block's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Transitions redraw the view's content as it changes (content is always captured
        /// as committed: ruling U10).
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// `transition(from:to:…)` hides and shows the views instead of removing and adding.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// A nested block uses its own options instead of the outer block's.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        /// Ease in and out (the default).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Ease in.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Ease out.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Linear.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// No transition.
        public static let transitionNone = AnimationOptions(rawValue: 0 << 20)
        /// Flips about the vertical axis, left edge towards the viewer.
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        /// Flips about the vertical axis, right edge towards the viewer.
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        /// Curls the old content up.
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        /// Curls the new content down.
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        /// Cross-dissolves.
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// Flips about the horizontal axis, top edge towards the viewer.
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        /// Flips about the horizontal axis, bottom edge towards the viewer.
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        /// The timing function the curve bits select.
        var timingFunction: CAMediaTimingFunction {
            switch (rawValue >> 16) & 0xF {
            case 1: return CAMediaTimingFunction(name: .easeIn)
            case 2: return CAMediaTimingFunction(name: .easeOut)
            case 3: return CAMediaTimingFunction(name: .linear)
            default: return CAMediaTimingFunction(name: .easeInEaseOut)
            }
        }

        /// The transition the transition bits select: its type and subtype; `nil` for none.
        var transition: (type: CATransitionType, subtype: CATransitionSubtype?)? {
            switch (rawValue >> 20) & 0xF {
            case 1: return (.oglFlip, .fromLeft)
            case 2: return (.oglFlip, .fromRight)
            case 3: return (.pageCurl, .fromBottom)
            case 4: return (.pageUnCurl, .fromBottom)
            case 5: return (.fade, nil)
            case 6: return (.oglFlip, .fromTop)
            case 7: return (.oglFlip, .fromBottom)
            default: return nil
            }
        }
    }

    /// UIKit's default duration where a call gives none (`beginAnimations`): 0.2 s.
    public static let defaultAnimationDuration: TimeInterval = 0.2
}
