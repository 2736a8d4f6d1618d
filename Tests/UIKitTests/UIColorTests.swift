import Testing
import UIKit

@Suite struct UIColorTests {
    func components(_ color: UIColor) -> [CGFloat] {
        var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (-1, -1, -1, -1)
        #expect(color.getRed(&r, green: &g, blue: &b, alpha: &a))
        return [r, g, b, a]
    }

    @Test func namedColoursHaveUIKitsComponents() {
        #expect(components(.red) == [1, 0, 0, 1])
        #expect(components(.orange) == [1, 0.5, 0, 1])
        #expect(components(.purple) == [0.5, 0, 0.5, 1])
        #expect(components(.brown) == [0.6, 0.4, 0.2, 1])
        #expect(components(.clear) == [0, 0, 0, 0])
        #expect(isClose(components(.darkGray)[0], 1.0 / 3.0))
        #expect(isClose(components(.lightGray)[1], 2.0 / 3.0))
        let blue: [CGFloat] = [0, 122.0 / 255, 1, 1]
        #expect(components(.systemBlue) == blue)
        let red: [CGFloat] = [1, 59.0 / 255, 48.0 / 255, 1]
        #expect(components(.systemRed) == red)
    }

    @Test func initialisersAndAlpha() {
        #expect(components(UIColor(white: 0.25, alpha: 0.5)) == [0.25, 0.25, 0.25, 0.5])
        let hsb = components(UIColor(hue: 1.0 / 3.0, saturation: 1, brightness: 1, alpha: 1))
        #expect(isClose(hsb[0], 0) && isClose(hsb[1], 1) && isClose(hsb[2], 0))
        #expect(components(UIColor.red.withAlphaComponent(0.3)) == [1, 0, 0, 0.3])
        // Extended range kept; NaN reads as 0.
        #expect(components(UIColor(red: .nan, green: 2, blue: -1, alpha: 1)) == [0, 2, -1, 1])
        var h: CGFloat = 0
        var s: CGFloat = 0
        var v: CGFloat = 0
        UIColor(red: 0, green: 0, blue: 0.5, alpha: 1).getHue(&h, saturation: &s, brightness: &v, alpha: nil)
        #expect(isClose(h, 2.0 / 3.0) && s == 1 && v == 0.5)
    }

    @Test func cgColorRoundTrips() {
        let color = UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
        #expect(color.cgColor.components == [0.1, 0.2, 0.3, 0.4])
        #expect(UIColor(cgColor: color.cgColor) == color)
        #expect(components(UIColor(cgColor: CGColor(gray: 0.5, alpha: 1))) == [0.5, 0.5, 0.5, 1])
        #expect(UIColor.red != UIColor.blue)
    }
}
