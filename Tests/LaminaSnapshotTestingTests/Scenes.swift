import QuartzCore
import UIKit

/// The small scenes the snapshot tests draw. Every edge lies on the 2× pixel grid and no corner
/// is rounded, so the pictures have no anti-aliasing and are exact on every llvmpipe.
enum Scenes {
    /// An sRGB colour from 0…255 components.
    static func color(_ red: Int, _ green: Int, _ blue: Int, alpha: CGFloat = 1) -> CGColor {
        CGColor(
            srgbRed: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: alpha)
    }

    /// A 60 × 40 card: a gray background, a coloured 12 × 12 square (its centre at `dotX`, 20)
    /// and a dark bar along the bottom.
    static func card(dot: CGColor = color(220, 60, 40), dotX: CGFloat = 20) -> CALayer {
        let card = CALayer()
        card.name = "card"
        card.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
        card.position = CGPoint(x: 30, y: 20)
        card.backgroundColor = color(230, 230, 235)
        let square = CALayer()
        square.name = "dot"
        square.bounds = CGRect(x: 0, y: 0, width: 12, height: 12)
        square.position = CGPoint(x: dotX, y: 20)
        square.backgroundColor = dot
        card.addSublayer(square)
        let bar = CALayer()
        bar.name = "bar"
        bar.frame = CGRect(x: 0, y: 34, width: 60, height: 6)
        bar.backgroundColor = color(40, 40, 60)
        card.addSublayer(bar)
        return card
    }

    /// A plain 40 × 20 layer of one colour.
    static func swatch(_ fill: CGColor) -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        layer.position = CGPoint(x: 20, y: 10)
        layer.backgroundColor = fill
        return layer
    }

    /// A view that lays out its subviews: a header across the top quarter and a square badge in
    /// the bottom-right corner, wherever the view's size puts them.
    final class ProfileView: UIView {
        let header = UIView()
        let badge = UIView()

        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
            header.backgroundColor = UIColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
            badge.backgroundColor = UIColor(red: 0.9, green: 0.6, blue: 0.1, alpha: 1)
            addSubview(header)
            addSubview(badge)
        }

        required init?(coder: NSCoder) { return nil }

        override func layoutSubviews() {
            super.layoutSubviews()
            header.frame = CGRect(x: 0, y: 0, width: bounds.width, height: (bounds.height / 4).rounded())
            badge.frame = CGRect(x: bounds.width - 24, y: bounds.height - 24, width: 16, height: 16)
        }
    }

    /// A controller whose view is a `ProfileView`.
    final class ProfileViewController: UIViewController {
        override func loadView() {
            view = ProfileView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        }
    }

    /// A basic animation of `position.x` from `from` to `to` over one second, linear.
    static func slide(from: CGFloat, to: CGFloat) -> CABasicAnimation {
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = from
        slide.toValue = to
        slide.duration = 1
        slide.timingFunction = CAMediaTimingFunction(name: .linear)
        return slide
    }
}
