import QuartzCore

extension Artwork {
    /// The hands of listing 8.4's clock (chapter 3's `UIImageView`s).
    public enum ClockHand: String, Sendable, CaseIterable {
        /// The short, wide hour hand.
        case hour
        /// The long minute hand.
        case minute
        /// The thin red second hand.
        case second

        /// The hand's image size in points; it turns about the point 90% of the way down
        /// (`anchorPoint = (0.5, 0.9)`), which its image centres its hub on.
        public var size: CGSize {
            switch self {
            case .hour: CGSize(width: 14, height: 70)
            case .minute: CGSize(width: 10, height: 100)
            case .second: CGSize(width: 6, height: 110)
            }
        }
    }

    /// The clock face: a white dial with a steel rim, twelve hour marks and sixty minute ticks.
    /// Default 240×240 points.
    public static func clockFace(
        size: CGSize = CGSize(width: 240, height: 240), scale: CGFloat = defaultScale
    )
        -> CGImage?
    {
        draw(size, scale: scale) { c in
            c.scaleBy(x: size.width / 240, y: size.height / 240)
            let rim = CGPath(ellipseIn: CGRect(x: 2, y: 2, width: 236, height: 236), transform: nil)
            fill(
                c, rim, top: rgb(210, 214, 222), bottom: rgb(110, 116, 128),
                in: CGRect(x: 2, y: 2, width: 236, height: 236))
            let dial = CGRect(x: 14, y: 14, width: 212, height: 212)
            fill(
                c, CGPath(ellipseIn: dial, transform: nil), top: rgb(255, 255, 255),
                bottom: rgb(236, 238, 242),
                in: dial)
            for tick in 0..<60 {
                let angle = CGFloat(tick) / 60 * 2 * .pi
                let isHour = tick % 5 == 0
                let outer: CGFloat = 100
                let inner: CGFloat = isHour ? 82 : 93
                let path = CGMutablePath()
                path.move(to: CGPoint(x: 120 + sin(angle) * inner, y: 120 - cos(angle) * inner))
                path.addLine(to: CGPoint(x: 120 + sin(angle) * outer, y: 120 - cos(angle) * outer))
                stroke(c, path, rgb(40, 44, 52), width: isHour ? 5 : 1.5)
            }
        }
    }

    /// A clock hand pointing up, its hub at 90% of its height.
    public static func clockHand(_ hand: ClockHand, scale: CGFloat = defaultScale) -> CGImage? {
        let size = hand.size
        return draw(size, scale: scale) { c in
            let w = size.width
            let h = size.height
            let hub = CGPoint(x: w / 2, y: h * 0.9)
            let color = hand == .second ? rgb(214, 40, 40) : rgb(30, 34, 44)
            let blade = polygon([
                CGPoint(x: w / 2, y: 0), CGPoint(x: w * 0.85, y: h * 0.2), CGPoint(x: w * 0.85, y: h),
                CGPoint(x: w * 0.15, y: h), CGPoint(x: w * 0.15, y: h * 0.2),
            ])
            fill(c, blade, color)
            let radius = min(w / 2, h * 0.1)
            c.setFillColor(color)
            c.fillEllipse(
                in: CGRect(x: hub.x - radius, y: hub.y - radius, width: 2 * radius, height: 2 * radius))
        }
    }
}
