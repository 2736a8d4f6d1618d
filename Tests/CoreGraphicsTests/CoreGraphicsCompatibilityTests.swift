import CoreGraphics
import Foundation
import Testing

// Rulings C1 and G14 (docs/DECISIONS.md): the Darwin constants, `CFArray` and `equalTo(_:)`.

@Test func darwinFloatConstantsHaveApplesValues() {
    // MAXFLOAT is 0x1.fffffep+127f and HUGE is MAXFLOAT: finite, not infinity.
    #expect(MAXFLOAT.bitPattern == 0x7F7F_FFFF)
    #expect(HUGE == MAXFLOAT && HUGE.isFinite)
    #expect(CGFloat(MAXFLOAT) == 3.402_823_466_385_288_6e38)
    // Glibc's FLT_MAX is the same number; both names resolve without ambiguity.
    #expect(FLT_MAX == MAXFLOAT)
    var repeatCount: Float = 0
    repeatCount = HUGE
    #expect(repeatCount > 1e38)
}

@Test func dispatchTimeConstantsHaveApplesTypesAndValues() {
    let perSecond: UInt64 = NSEC_PER_SEC
    #expect(perSecond == 1_000_000_000)
    #expect(NSEC_PER_MSEC == 1_000_000 && USEC_PER_SEC == 1_000_000 && NSEC_PER_USEC == 1_000)
    // The Swift 3 migrator's spelling of "half a second from now" compiles and means that.
    let now = DispatchTime.now()
    let later = now + Double(Int64(0.5 * Double(NSEC_PER_SEC))) / Double(NSEC_PER_SEC)
    #expect(later.uptimeNanoseconds - now.uptimeNanoseconds == 500_000_000)
}

@Test func equalToComparesAsApplesFunctions() {
    #expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)))
    #expect(!CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2.000_001)))
    #expect(!CGPoint(x: CGFloat.nan, y: 0).equalTo(CGPoint(x: CGFloat.nan, y: 0)))
    #expect(CGSize(width: 3, height: 4).equalTo(CGSize(width: 3, height: 4)))
    #expect(!CGSize(width: -3, height: 4).equalTo(CGSize(width: 3, height: 4)))
    // Rectangles compare standardized; null equals only null.
    #expect(CGRect(x: 10, y: 10, width: -10, height: -10).equalTo(CGRect(x: 0, y: 0, width: 10, height: 10)))
    #expect(!CGRect(x: 0, y: 0, width: 10, height: 10).equalTo(CGRect(x: 0, y: 0, width: 10, height: 11)))
    #expect(CGRect.null.equalTo(CGRect(x: CGFloat.infinity, y: .infinity, width: 5, height: 5)))
    #expect(!CGRect.null.equalTo(.zero))
}

@Test func gradientsTakeColorsAsCFArray() throws {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let colors = [red, blue]
    let gradient = try #require(CGGradient(colorsSpace: nil, colors: colors as CFArray, locations: nil))
    let context = rgbaContext(width: 10, height: 1)
    context.drawLinearGradient(
        gradient, start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 9.5, y: 0), options: [])
    #expect(pixel(context, x: 0, row: 0) == [255, 0, 0, 255])
    #expect(pixel(context, x: 9, row: 0) == [0, 0, 255, 255])
    // Anything but colours in the array: no gradient, as Apple's returns NULL.
    let mixed: [Any] = [red, "blue"]
    #expect(CGGradient(colorsSpace: nil, colors: mixed as CFArray, locations: nil) == nil)
    // An array literal still picks the `[CGColor]` initialiser.
    #expect(CGGradient(colorsSpace: nil, colors: [red, blue], locations: [0, 1]) != nil)
}
