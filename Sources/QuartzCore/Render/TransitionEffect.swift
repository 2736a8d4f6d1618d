import CoreGraphics

/// Where a `CATransition` puts the layer's two pictures — "before" (the layer as last committed)
/// and "after" (as it is now) — at a given progress: pure geometry in the layer's bounds
/// coordinates, drawn by `RenderPass`.
///
/// The sliding types move their pictures within the layer's bounds along the subtype's direction
/// (`nil` is `fromLeft`, as on Apple's platforms; "from left" means the motion starts at the left
/// edge and runs rightwards, iOS geometry, top is minY):
/// - `push`: the new picture enters from that side while the old one leaves by the other;
/// - `moveIn`: the new picture slides in over the old, which stays;
/// - `reveal`: the old picture slides away, uncovering the new, which stays.
///
/// `fade` mixes the two whole renderings. The 3D types (Apple-private, Lamina extensions) turn
/// the pictures in perspective about the axis across the subtype's direction: `oglFlip` turns the
/// layer over about its centre line (the subtype's edge comes towards the viewer) showing the new
/// picture on its back; `cube` turns a cube whose front face is the old picture and whose face
/// on the subtype's side is the new one.
///
/// The warping types (`pageCurl`, `pageUnCurl`, `rippleEffect`, `suckEffect`, `spewEffect`,
/// `genieEffect`, `cameraIris` and its two halves; Apple-private, Lamina extensions) leave both pictures in place and composite them per
/// pixel through a `TransitionWarp`.
struct TransitionEffect: Equatable {
    /// How the pictures combine where both are present.
    enum Composite: Equatable {
        /// `old · (1 − weight) + new · weight`, premultiplied: a crossfade.
        case mix(weight: Double)
        /// The new picture over the old one.
        case newOverOld
        /// The old picture over the new one.
        case oldOverNew
        /// The pictures side by side, meeting at a seam: added, so that their anti-aliased edges
        /// at the seam make a whole pixel.
        case sideBySide
        /// A warp of the pictures within the layer's bounds, computed per pixel
        /// (`TransitionWarp.swift`) at `progress` (in [0, 1]) moving along `direction`.
        case warp(TransitionWarp, progress: Double, direction: CGVector)
    }

    /// The effects Lamina draws; an unknown `CATransitionType` draws `fade`.
    enum Kind: String, CaseIterable {
        case fade, moveIn, push, reveal, cube, oglFlip
        case pageCurl, pageUnCurl, rippleEffect, suckEffect, cameraIrisHollowOpen, cameraIrisHollowClose
        case cameraIris, genieEffect, spewEffect
    }

    /// The placement of the old picture: a transform of the layer's bounds coordinates applied
    /// before the layer's own matrix; `nil` when the picture is not drawn.
    var old: CATransform3D?
    /// The placement of the new picture, as `old`.
    var new: CATransform3D?
    var composite: Composite
    /// Whether the pictures only translate within the layer's plane (the sliding types and
    /// fade): they are then composited in one pass, clipped to the bounds (fade: not clipped).
    var isPlanar: Bool

    /// The unit direction of motion for `subtype` in iOS geometry: `fromLeft` moves rightwards
    /// (+x), `fromRight` leftwards, `fromTop` downwards (+y), `fromBottom` upwards; `nil` and
    /// unknown subtypes are `fromLeft`.
    static func direction(_ subtype: CATransitionSubtype?) -> CGVector {
        switch subtype {
        case .fromRight?: return CGVector(dx: -1, dy: 0)
        case .fromTop?: return CGVector(dx: 0, dy: 1)
        case .fromBottom?: return CGVector(dx: 0, dy: -1)
        default: return CGVector(dx: 1, dy: 0)
        }
    }

    /// The effect of `kind` moving in `direction` at `progress` (clamped to [0, 1]; NaN is 0)
    /// over `bounds`.
    static func make(_ kind: Kind, direction: CGVector, progress: Double, bounds: CGRect) -> TransitionEffect
    {
        let p = progress.isNaN ? 0 : CGFloat(min(max(progress, 0), 1))
        // The distance a picture travels: one width or one height of the bounds.
        let travel = CGVector(dx: direction.dx * bounds.width, dy: direction.dy * bounds.height)
        func shifted(_ fraction: CGFloat) -> CATransform3D {
            CATransform3DMakeTranslation(travel.dx * fraction, travel.dy * fraction, 0)
        }
        func warped(_ warp: TransitionWarp) -> TransitionEffect {
            TransitionEffect(
                old: CATransform3DIdentity, new: CATransform3DIdentity,
                composite: .warp(warp, progress: Double(p), direction: direction), isPlanar: true)
        }
        switch kind {
        case .pageCurl: return warped(.pageCurl)
        case .pageUnCurl: return warped(.pageUnCurl)
        case .rippleEffect: return warped(.ripple)
        case .suckEffect: return warped(.suck)
        case .cameraIrisHollowOpen: return warped(.irisOpen)
        case .cameraIrisHollowClose: return warped(.irisClose)
        case .cameraIris: return warped(.iris)
        case .genieEffect: return warped(.genie)
        case .spewEffect: return warped(.spew)
        case .fade:
            return TransitionEffect(
                old: CATransform3DIdentity, new: CATransform3DIdentity, composite: .mix(weight: Double(p)),
                isPlanar: true)
        case .push:
            return TransitionEffect(
                old: shifted(p), new: shifted(p - 1), composite: .sideBySide, isPlanar: true)
        case .moveIn:
            return TransitionEffect(
                old: CATransform3DIdentity, new: shifted(p - 1), composite: .newOverOld, isPlanar: true)
        case .reveal:
            return TransitionEffect(
                old: shifted(p), new: CATransform3DIdentity, composite: .oldOverNew, isPlanar: true)
        case .oglFlip:
            return turning(
                bounds: bounds, direction: direction, oldAngle: .pi * p, newAngle: .pi * (p - 1), axisDepth: 0
            )
        case .cube:
            let horizontal = direction.dx != 0
            return turning(
                bounds: bounds, direction: direction, oldAngle: .pi / 2 * p, newAngle: .pi / 2 * (p - 1),
                axisDepth: (horizontal ? bounds.width : bounds.height) / 2)
        }
    }

    /// The perspective the 3D types are seen with: an eye 2.5 sides from the layer's plane.
    static let eyeDistanceInSides: CGFloat = 2.5

    /// Both pictures turned about the axis across `direction` through the bounds' centre,
    /// `axisDepth` points behind the layer's plane, in perspective from the centre. A positive
    /// angle brings the edge the motion starts from towards the viewer; a picture turned a
    /// quarter turn or more is edge-on or seen from behind and not drawn.
    private static func turning(
        bounds: CGRect, direction: CGVector, oldAngle: CGFloat, newAngle: CGFloat, axisDepth: CGFloat
    ) -> TransitionEffect {
        let horizontal = direction.dx != 0
        let side = horizontal ? bounds.width : bounds.height
        var perspective = CATransform3DIdentity
        if side > 0 { perspective.m34 = -1 / (eyeDistanceInSides * side) }
        func placement(_ angle: CGFloat) -> CATransform3D? {
            guard abs(angle) < .pi / 2 - 1e-6 else { return nil }
            // Rotation about y turns +x towards −z for a positive angle (row vectors); the edge
            // the motion starts from (−x for rightward motion) then comes towards the viewer.
            // About x, a positive angle turns +y towards +z, so upward motion (from the bottom,
            // +y edge) takes the positive sign.
            let rotation =
                horizontal
                ? CATransform3DMakeRotation(angle * (direction.dx > 0 ? 1 : -1), 0, 1, 0)
                : CATransform3DMakeRotation(angle * (direction.dy > 0 ? -1 : 1), 1, 0, 0)
            var m = CATransform3DMakeTranslation(-bounds.midX, -bounds.midY, axisDepth)
            m = CATransform3DConcat(m, rotation)
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(0, 0, -axisDepth))
            m = CATransform3DConcat(m, perspective)
            return CATransform3DConcat(m, CATransform3DMakeTranslation(bounds.midX, bounds.midY, 0))
        }
        return TransitionEffect(
            old: placement(oldAngle), new: placement(newAngle), composite: .newOverOld, isPlanar: false)
    }
}
