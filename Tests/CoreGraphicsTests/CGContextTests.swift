import CoreGraphics
import Testing

/// Layouts used throughout: Cairo's own (drawn in place) and Apple's RGBA (converted).
private let bgraInfo = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
private let rgbaInfo = CGImageAlphaInfo.premultipliedLast.rawValue

/// A context the test owns the memory of, plus that memory.
private final class Canvas {
    let context: CGContext
    let bytes: UnsafeMutableRawPointer
    let bytesPerRow: Int
    let height: Int

    init?(
        width: Int,
        height: Int,
        bytesPerPixel: Int = 4,
        space: CGColorSpace = CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: UInt32 = bgraInfo
    ) {
        bytesPerRow = width * bytesPerPixel
        self.height = height
        bytes = UnsafeMutableRawPointer.allocate(byteCount: bytesPerRow * height, alignment: 16)
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: bytesPerRow * height)
        guard
            let context = CGContext(
                data: bytes, width: width, height: height, bitsPerComponent: 8, bytesPerRow: bytesPerRow,
                space: space, bitmapInfo: bitmapInfo)
        else {
            bytes.deallocate()
            return nil
        }
        self.context = context
    }

    deinit { bytes.deallocate() }

    /// The bytes of the pixel in column `x` of memory row `row` (row 0 is the top of the bitmap).
    func pixel(x: Int, row: Int, bytesPerPixel: Int = 4) -> [UInt8] {
        let start = bytes + row * bytesPerRow + x * bytesPerPixel
        return (0..<bytesPerPixel).map { start.load(fromByteOffset: $0, as: UInt8.self) }
    }

    /// A copy of every byte.
    var allBytes: [UInt8] {
        Array(UnsafeRawBufferPointer(start: bytes, count: bytesPerRow * height))
    }
}

@Suite("CGContext")
struct CGContextTests {
    // MARK: Creation

    @Test func allocatesAndComputesBytesPerRow() throws {
        let context = try #require(
            CGContext(
                data: nil, width: 10, height: 3, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: rgbaInfo))
        #expect(context.width == 10)
        #expect(context.height == 3)
        #expect(context.bitsPerComponent == 8)
        #expect(context.bitsPerPixel == 32)
        #expect(context.bytesPerRow == 40)
        #expect(context.alphaInfo == .premultipliedLast)
        #expect(context.bitmapInfo == CGBitmapInfo(rawValue: rgbaInfo))
        #expect(context.colorSpace == CGColorSpaceCreateDeviceRGB())
        let data = try #require(context.data)
        #expect(UnsafeRawBufferPointer(start: data, count: 120).allSatisfy { $0 == 0 })

        let gray = try #require(
            CGContext(
                data: nil, width: 10, height: 3, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue))
        #expect(gray.bitsPerPixel == 8)
        #expect(gray.bytesPerRow == 12)

        let mask = try #require(
            CGContext(
                data: nil, width: 5, height: 5, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue))
        #expect(mask.colorSpace == nil)
        #expect(mask.alphaInfo == .alphaOnly)
    }

    @Test func invalidParametersReturnNil() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        let gray = CGColorSpaceCreateDeviceGray()
        func make(
            _ width: Int,
            _ height: Int,
            bpc: Int = 8,
            rowBytes: Int = 0,
            space: CGColorSpace = rgb,
            info: UInt32 = rgbaInfo,
            data: UnsafeMutableRawPointer? = nil
        ) -> CGContext? {
            CGContext(
                data: data, width: width, height: height, bitsPerComponent: bpc, bytesPerRow: rowBytes,
                space: space, bitmapInfo: info)
        }
        #expect(make(0, 10) == nil)
        #expect(make(10, 0) == nil)
        #expect(make(-5, 10) == nil)
        #expect(make(10, -5) == nil)
        #expect(make(40_000, 1) == nil)
        #expect(make(Int.max, Int.max) == nil)
        #expect(make(10, 10, bpc: 16) == nil)
        #expect(make(10, 10, bpc: 5) == nil)
        #expect(make(10, 10, rowBytes: 39) == nil)
        #expect(make(10, 10, rowBytes: -40) == nil)
        #expect(make(10, 1, rowBytes: 1 << 40) == nil)
        #expect(make(10, 10, info: CGImageAlphaInfo.last.rawValue) == nil)
        #expect(make(10, 10, info: CGImageAlphaInfo.first.rawValue) == nil)
        #expect(make(10, 10, info: CGImageAlphaInfo.none.rawValue) == nil)
        #expect(make(10, 10, info: rgbaInfo | CGBitmapInfo.floatComponents.rawValue) == nil)
        #expect(make(10, 10, info: rgbaInfo | CGBitmapInfo.byteOrder16Little.rawValue) == nil)
        #expect(make(10, 10, info: 31) == nil)
        #expect(make(10, 10, space: gray, info: rgbaInfo) == nil)
        #expect(make(10, 10, space: gray, info: CGImageAlphaInfo.noneSkipLast.rawValue) == nil)
        var storage = [UInt8](repeating: 0, count: 400)
        storage.withUnsafeMutableBytes { buffer in
            #expect(make(10, 10, rowBytes: 0, data: buffer.baseAddress) == nil)
            #expect(make(10, 10, rowBytes: 40, data: buffer.baseAddress) != nil)
        }
    }

    // MARK: Coordinates and exact pixels

    @Test func fillUsesBottomLeftOriginInBGRA() throws {
        let canvas = try #require(Canvas(width: 20, height: 20))
        let context = canvas.context
        #expect(context.ctm == .identity)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        // Bottom-left in device space is the last ten rows of memory; BGRA order.
        for row in 0..<20 {
            for x in [0, 9, 10, 19] {
                let expected: [UInt8] = row >= 10 && x < 10 ? [0, 0, 255, 255] : [0, 0, 0, 0]
                #expect(canvas.pixel(x: x, row: row) == expected, "row \(row) x \(x)")
            }
        }
    }

    @Test func fillInRGBAIsWrittenToCallerMemoryImmediately() throws {
        let canvas = try #require(Canvas(width: 8, height: 8, bitmapInfo: rgbaInfo))
        canvas.context.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        canvas.context.fill(CGRect(x: 2, y: 0, width: 3, height: 1))
        // No flush: the caller's buffer already holds the pixels, in RGBA order.
        #expect(canvas.pixel(x: 2, row: 7) == [0, 255, 0, 255])
        #expect(canvas.pixel(x: 4, row: 7) == [0, 255, 0, 255])
        #expect(canvas.pixel(x: 5, row: 7) == [0, 0, 0, 0])
        #expect(canvas.pixel(x: 2, row: 6) == [0, 0, 0, 0])
    }

    @Test func otherByteOrders() throws {
        let argb = try #require(
            Canvas(width: 2, height: 2, bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue))
        argb.context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        argb.context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(argb.pixel(x: 0, row: 0) == [255, 255, 0, 0])

        let abgr = try #require(
            Canvas(width: 2, height: 2, bitmapInfo: rgbaInfo | CGBitmapInfo.byteOrder32Little.rawValue))
        abgr.context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        abgr.context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(abgr.pixel(x: 1, row: 1) == [255, 0, 0, 255])

        let rgbx = try #require(
            Canvas(width: 2, height: 2, bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue))
        rgbx.context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        rgbx.context.fill(CGRect(x: 0, y: 0, width: 1, height: 2))
        #expect(rgbx.pixel(x: 0, row: 0) == [0, 0, 255, 255])
    }

    @Test func grayAndAlphaOnlyContexts() throws {
        let gray = try #require(
            Canvas(
                width: 4, height: 4, bytesPerPixel: 1, space: CGColorSpaceCreateDeviceGray(),
                bitmapInfo: CGImageAlphaInfo.none.rawValue))
        gray.context.setFillColor(gray: 1, alpha: 1)
        gray.context.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
        #expect(gray.pixel(x: 0, row: 3, bytesPerPixel: 1) == [255])
        #expect(gray.pixel(x: 0, row: 1, bytesPerPixel: 1) == [0])

        // 5 bytes per row: not a multiple of 4, so the alpha-only context converts.
        let mask = try #require(
            Canvas(
                width: 5, height: 2, bytesPerPixel: 1, space: CGColorSpaceCreateDeviceGray(),
                bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue))
        mask.context.setFillColor(red: 0.3, green: 0.7, blue: 0.1, alpha: 1)
        mask.context.fill(CGRect(x: 1, y: 1, width: 3, height: 1))
        #expect(mask.allBytes == [0, 255, 255, 255, 0, 0, 0, 0, 0, 0])
    }

    @Test func halfTransparentFillIsPremultiplied() throws {
        let canvas = try #require(Canvas(width: 4, height: 4, bitmapInfo: rgbaInfo))
        canvas.context.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        canvas.context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(canvas.pixel(x: 1, row: 1) == [128, 0, 0, 128])
    }

    @Test func halfTransparentFillBlendsOverOpaqueFill() throws {
        let canvas = try #require(Canvas(width: 4, height: 4))
        let context = canvas.context
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        // BGRA: half red over blue.
        #expect(canvas.pixel(x: 0, row: 0) == [127, 0, 128, 255])
        #expect(canvas.pixel(x: 3, row: 0) == [255, 0, 0, 255])
        // Global alpha multiplies too.
        context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        context.setAlpha(0.5)
        context.fill(CGRect(x: 2, y: 0, width: 2, height: 4))
        #expect(canvas.pixel(x: 3, row: 0) == [127, 128, 0, 255])
    }

    @Test func overlappingRectsFilledTogetherPaintOnce() throws {
        let canvas = try #require(Canvas(width: 4, height: 1, bitmapInfo: rgbaInfo))
        canvas.context.setFillColor(red: 1, green: 1, blue: 1, alpha: 0.5)
        canvas.context.fill([
            CGRect(x: 0, y: 0, width: 3, height: 1), CGRect(x: 1, y: 0, width: 3, height: 1),
        ])
        #expect(canvas.pixel(x: 1, row: 0) == [128, 128, 128, 128])
        #expect(canvas.pixel(x: 3, row: 0) == [128, 128, 128, 128])
    }

    // MARK: Transforms and state

    @Test func ctmTransformsMoveDrawing() throws {
        let canvas = try #require(Canvas(width: 20, height: 20))
        let context = canvas.context
        context.translateBy(x: 5, y: 4)
        context.scaleBy(x: 2, y: 3)
        #expect(context.ctm == CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 4))
        #expect(context.userSpaceToDeviceSpaceTransform == context.ctm)
        #expect(context.convertToDeviceSpace(CGPoint(x: 1, y: 1)) == CGPoint(x: 7, y: 7))
        let back = context.convertToUserSpace(CGPoint(x: 7, y: 7))
        #expect(abs(back.x - 1) < 1e-12 && abs(back.y - 1) < 1e-12)
        #expect(
            context.convertToDeviceSpace(CGRect(x: 0, y: 0, width: 1, height: 1))
                == CGRect(x: 5, y: 4, width: 2, height: 3))
        context.setFillColor(gray: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        // Device x 5..<7, y 4..<7, i.e. memory rows 13...15.
        #expect(canvas.pixel(x: 5, row: 15) == [255, 255, 255, 255])
        #expect(canvas.pixel(x: 6, row: 13) == [255, 255, 255, 255])
        #expect(canvas.pixel(x: 7, row: 15) == [0, 0, 0, 0])
        #expect(canvas.pixel(x: 5, row: 12) == [0, 0, 0, 0])
        #expect(canvas.pixel(x: 5, row: 16) == [0, 0, 0, 0])
    }

    @Test func rotationAndFlip() throws {
        let canvas = try #require(Canvas(width: 10, height: 10))
        let context = canvas.context
        // UIKit's flip: user space y down, origin top-left.
        context.translateBy(x: 0, y: 10)
        context.scaleBy(x: 1, y: -1)
        #expect(context.ctm == CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 10))
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(canvas.pixel(x: 0, row: 0) == [255, 0, 0, 255])
        #expect(canvas.pixel(x: 0, row: 9) == [0, 0, 0, 0])

        context.rotate(by: .pi / 2)
        let ctm = context.ctm
        #expect(abs(ctm.a) < 1e-12 && abs(ctm.d) < 1e-12)
        #expect(ctm.b == -1 && ctm.c == -1)
        // Now user (x, y) lands at device (−y, 10 − x): this rect covers device x 0..<5, y 7..<8,
        // which is memory row 2.
        context.fill(CGRect(x: 2, y: -5, width: 1, height: 5))
        #expect(canvas.pixel(x: 4, row: 2) == [255, 0, 0, 255])
        #expect(canvas.pixel(x: 5, row: 2) == [0, 0, 0, 0])
    }

    @Test func saveAndRestoreGState() throws {
        let canvas = try #require(Canvas(width: 4, height: 4, bitmapInfo: rgbaInfo))
        let context = canvas.context
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.saveGState()
        context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        context.translateBy(x: 2, y: 0)
        context.clip(to: CGRect(x: 0, y: 0, width: 1, height: 1))
        context.move(to: CGPoint(x: 1, y: 1))
        context.restoreGState()
        context.restoreGState()  // unbalanced: ignored
        #expect(context.ctm == .identity)
        #expect(!context.isPathEmpty, "the path is not part of the graphics state")
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(canvas.pixel(x: 3, row: 0) == [255, 0, 0, 255])
        #expect(canvas.pixel(x: 0, row: 3) == [255, 0, 0, 255])
    }

    @Test func clipToRect() throws {
        let canvas = try #require(Canvas(width: 10, height: 10, bitmapInfo: rgbaInfo))
        let context = canvas.context
        context.clip(to: CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(context.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 5, height: 5))
        context.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(canvas.pixel(x: 4, row: 5) == [255, 255, 255, 255])
        #expect(canvas.pixel(x: 5, row: 5) == [0, 0, 0, 0])
        #expect(canvas.pixel(x: 4, row: 4) == [0, 0, 0, 0])
        context.resetClip()
        context.fill(CGRect(x: 9, y: 9, width: 1, height: 1))
        #expect(canvas.pixel(x: 9, row: 0) == [255, 255, 255, 255])
    }

    @Test func clipToPathEvenOdd() throws {
        let canvas = try #require(Canvas(width: 10, height: 10, bitmapInfo: rgbaInfo))
        let context = canvas.context
        context.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        context.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))
        context.clip(using: .evenOdd)
        #expect(context.isPathEmpty)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(canvas.pixel(x: 0, row: 0) == [255, 0, 0, 255])
        #expect(canvas.pixel(x: 5, row: 5) == [0, 0, 0, 0])
    }

    // MARK: Strokes

    @Test func strokeWidthCoversExpectedRows() throws {
        let canvas = try #require(Canvas(width: 20, height: 20, bitmapInfo: rgbaInfo))
        let context = canvas.context
        context.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.setLineWidth(4)
        context.move(to: CGPoint(x: 0, y: 10))
        context.addLine(to: CGPoint(x: 20, y: 10))
        context.strokePath()
        #expect(context.isPathEmpty)
        // Device y 8..<12 → memory rows 8...11.
        for row in 0..<20 {
            let expected: [UInt8] = (8...11).contains(row) ? [0, 0, 255, 255] : [0, 0, 0, 0]
            #expect(canvas.pixel(x: 10, row: row) == expected, "row \(row)")
        }
    }

    @Test func strokeWidthIsInUserSpaceAndStrokeRectKeepsStateWidth() throws {
        let canvas = try #require(Canvas(width: 20, height: 20))
        let context = canvas.context
        context.setStrokeColor(gray: 1, alpha: 1)
        context.scaleBy(x: 2, y: 2)
        // A 1-unit line at y = 5 is 2 pixels wide at device y 9..<11.
        context.move(to: CGPoint(x: 0, y: 5))
        context.addLine(to: CGPoint(x: 10, y: 5))
        context.strokePath()
        #expect(canvas.pixel(x: 3, row: 9) == [255, 255, 255, 255])
        #expect(canvas.pixel(x: 3, row: 10) == [255, 255, 255, 255])
        #expect(canvas.pixel(x: 3, row: 8) == [0, 0, 0, 0])
        #expect(canvas.pixel(x: 3, row: 11) == [0, 0, 0, 0])
    }

    @Test func strokeRectWithWidthAndCaps() throws {
        let canvas = try #require(Canvas(width: 20, height: 20, bitmapInfo: rgbaInfo))
        let context = canvas.context
        context.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.stroke(CGRect(x: 4, y: 4, width: 12, height: 12), width: 2)
        // The outline spans device 3..<5 and 15..<17 on each side.
        #expect(canvas.pixel(x: 3, row: 10) == [255, 0, 0, 255])
        #expect(canvas.pixel(x: 4, row: 10) == [255, 0, 0, 255])
        #expect(canvas.pixel(x: 5, row: 10) == [0, 0, 0, 0])
        #expect(canvas.pixel(x: 2, row: 10) == [0, 0, 0, 0])
        #expect(canvas.pixel(x: 16, row: 10) == [255, 0, 0, 255])

        // The state's width (1) is unchanged: a line at y = 10.5 covers only device y 10..<11.
        context.setStrokeColor(red: 0, green: 1, blue: 0, alpha: 1)
        context.addLines(between: [CGPoint(x: 8, y: 10.5), CGPoint(x: 12, y: 10.5)])
        context.strokePath()
        #expect(canvas.pixel(x: 9, row: 9) == [0, 255, 0, 255])
        #expect(canvas.pixel(x: 9, row: 8) == [0, 0, 0, 0])
        #expect(canvas.pixel(x: 9, row: 10) == [0, 0, 0, 0])

        // A square cap extends a line by half the width at each end.
        context.setLineWidth(2)
        context.setLineCap(.square)
        context.addLines(between: [CGPoint(x: 8, y: 14), CGPoint(x: 12, y: 14)])
        context.strokePath()
        #expect(canvas.pixel(x: 7, row: 5) == [0, 255, 0, 255])
        #expect(canvas.pixel(x: 12, row: 6) == [0, 255, 0, 255])
        #expect(canvas.pixel(x: 13, row: 5) == [0, 0, 0, 0])
        #expect(canvas.pixel(x: 6, row: 5) == [0, 0, 0, 0])
    }

    @Test func zeroWidthStrokesAHairline() throws {
        let canvas = try #require(Canvas(width: 10, height: 10, bitmapInfo: rgbaInfo))
        let context = canvas.context
        context.setStrokeColor(red: 1, green: 1, blue: 1, alpha: 1)
        context.scaleBy(x: 4, y: 4)
        context.setLineWidth(0)
        context.move(to: CGPoint(x: 0, y: 1.125))
        context.addLine(to: CGPoint(x: 2.5, y: 1.125))
        context.strokePath()
        // Device y = 4.5: one pixel row (memory row 5) whatever the scale.
        #expect(canvas.pixel(x: 3, row: 5) == [255, 255, 255, 255])
        #expect(canvas.pixel(x: 3, row: 4) == [0, 0, 0, 0])
        #expect(canvas.pixel(x: 3, row: 6) == [0, 0, 0, 0])
    }

    @Test func dashedStroke() throws {
        let canvas = try #require(Canvas(width: 12, height: 2, bitmapInfo: rgbaInfo))
        let context = canvas.context
        context.setStrokeColor(red: 1, green: 1, blue: 1, alpha: 1)
        context.setLineWidth(2)
        context.setLineDash(phase: 0, lengths: [2, 2])
        context.strokeLineSegments(between: [CGPoint(x: 0, y: 1), CGPoint(x: 12, y: 1)])
        let row = (0..<12).map { canvas.pixel(x: $0, row: 0)[3] }
        #expect(row == [255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0])
    }

    // MARK: Fill rules and paths

    @Test func evenOddAndWindingFillOfNestedSquares() throws {
        for (rule, centreFilled) in [(CGPathFillRule.winding, true), (.evenOdd, false)] {
            let canvas = try #require(Canvas(width: 20, height: 20, bitmapInfo: rgbaInfo))
            let context = canvas.context
            context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            context.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
            context.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
            context.fillPath(using: rule)
            #expect(context.isPathEmpty)
            #expect(canvas.pixel(x: 1, row: 1) == [255, 0, 0, 255])
            #expect(canvas.pixel(x: 10, row: 10) == (centreFilled ? [255, 0, 0, 255] : [0, 0, 0, 0]))
        }
    }

    @Test func drawPathModes() throws {
        let canvas = try #require(Canvas(width: 20, height: 20, bitmapInfo: rgbaInfo))
        let context = canvas.context
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.setLineWidth(2)
        context.addRect(CGRect(x: 4, y: 4, width: 12, height: 12))
        context.drawPath(using: .fillStroke)
        #expect(context.isPathEmpty)
        #expect(canvas.pixel(x: 10, row: 10) == [255, 0, 0, 255])
        #expect(canvas.pixel(x: 4, row: 10) == [0, 0, 255, 255])
        #expect(canvas.pixel(x: 3, row: 10) == [0, 0, 255, 255])
        #expect(canvas.pixel(x: 1, row: 10) == [0, 0, 0, 0])
    }

    @Test func pathQueries() throws {
        let canvas = try #require(Canvas(width: 20, height: 20))
        let context = canvas.context
        #expect(context.isPathEmpty)
        #expect(context.boundingBoxOfPath.isNull)
        #expect(context.currentPointOfPath == .zero)
        #expect(context.path == nil)
        context.addLine(to: CGPoint(x: 3, y: 3))  // no current point: ignored
        #expect(context.isPathEmpty)

        context.translateBy(x: 2, y: 0)
        context.move(to: CGPoint(x: 1, y: 2))
        context.addQuadCurve(to: CGPoint(x: 5, y: 2), control: CGPoint(x: 3, y: 8))
        context.addCurve(
            to: CGPoint(x: 1, y: 2), control1: CGPoint(x: 0, y: 0), control2: CGPoint(x: 6, y: 0))
        #expect(!context.isPathEmpty)
        #expect(context.currentPointOfPath == CGPoint(x: 1, y: 2))
        #expect(context.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 6, height: 8))
        let path = try #require(context.path)
        #expect(path.currentPoint == CGPoint(x: 1, y: 2))
        #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 6, height: 8))

        // Points were fixed in device space when added: after moving the origin they read back
        // shifted, as on Apple's platforms.
        context.translateBy(x: 1, y: 0)
        #expect(context.currentPointOfPath == CGPoint(x: 0, y: 2))
        context.closePath()
        context.beginPath()
        #expect(context.isPathEmpty)

        context.addPath(CGPath(rect: CGRect(x: 1, y: 1, width: 2, height: 2), transform: nil))
        #expect(context.boundingBoxOfPath == CGRect(x: 1, y: 1, width: 2, height: 2))
    }

    @Test func arcsAndEllipses() throws {
        let canvas = try #require(Canvas(width: 20, height: 20, bitmapInfo: rgbaInfo))
        let context = canvas.context
        context.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        context.fillEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(canvas.pixel(x: 10, row: 10) == [255, 255, 255, 255])
        #expect(canvas.pixel(x: 0, row: 0) == [0, 0, 0, 0])
        #expect(canvas.pixel(x: 19, row: 19) == [0, 0, 0, 0])

        context.clear(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(canvas.allBytes.allSatisfy { $0 == 0 })

        // A counterclockwise half circle from 0 to π covers the upper half (device y > 10).
        context.move(to: CGPoint(x: 10, y: 10))
        context.addArc(
            center: CGPoint(x: 10, y: 10), radius: 8, startAngle: 0, endAngle: .pi, clockwise: false)
        context.closePath()
        #expect(context.boundingBoxOfPath.minY >= 10 - 1e-9)
        context.fillPath()
        #expect(canvas.pixel(x: 10, row: 5) == [255, 255, 255, 255])
        #expect(canvas.pixel(x: 10, row: 14) == [0, 0, 0, 0])

        // Clockwise from 0 to π goes through the lower half instead.
        context.addArc(
            center: CGPoint(x: 10, y: 10), radius: 8, startAngle: 0, endAngle: .pi, clockwise: true)
        #expect(context.boundingBoxOfPath.maxY <= 10 + 1e-9)
        #expect(abs(context.boundingBoxOfPath.minY - 2) < 1e-9)
    }

    @Test func clearMakesPixelsTransparent() throws {
        let canvas = try #require(Canvas(width: 4, height: 4))
        let context = canvas.context
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        context.setAlpha(0.5)
        context.clear(CGRect(x: 0, y: 0, width: 2, height: 4))
        #expect(canvas.pixel(x: 0, row: 0) == [0, 0, 0, 0])
        #expect(canvas.pixel(x: 2, row: 0) == [0, 0, 255, 255])
    }

    @Test func antialiasingCanBeTurnedOff() throws {
        let canvas = try #require(Canvas(width: 4, height: 1, bitmapInfo: rgbaInfo))
        let context = canvas.context
        context.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        context.fill(CGRect(x: 0.5, y: 0, width: 1, height: 1))
        #expect(canvas.pixel(x: 0, row: 0)[3] > 0 && canvas.pixel(x: 0, row: 0)[3] < 255)
        context.clear(CGRect(x: 0, y: 0, width: 4, height: 1))
        context.setShouldAntialias(false)
        context.fill(CGRect(x: 0.5, y: 0, width: 1, height: 1))
        let alphas = (0..<4).map { canvas.pixel(x: $0, row: 0)[3] }
        #expect(alphas.allSatisfy { $0 == 0 || $0 == 255 })
        #expect(alphas.filter { $0 == 255 }.count == 1)
    }

    // MARK: Images

    @Test func makeImageCopiesPixels() throws {
        let context = try #require(
            CGContext(
                data: nil, width: 6, height: 5, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: rgbaInfo))
        context.setFillColor(red: 0, green: 0.5, blue: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 3, height: 2))
        let image = try #require(context.makeImage())
        #expect(image.width == 6)
        #expect(image.height == 5)
        #expect(image.bitsPerComponent == 8)
        #expect(image.bitsPerPixel == 32)
        #expect(image.bytesPerRow == context.bytesPerRow)
        #expect(image.bitmapInfo == context.bitmapInfo)
        let imageBytes = try #require(image.dataProvider?.data)
        let data = try #require(context.data)
        let contextBytes = Data(bytes: data, count: context.bytesPerRow * context.height)
        #expect(imageBytes == contextBytes)
        #expect(pixel(context, x: 0, row: 4) == [0, 128, 255, 255])
        #expect(pixel(context, x: 0, row: 2) == [0, 0, 0, 0])

        // The image is a copy: later drawing does not change it.
        context.fill(CGRect(x: 0, y: 0, width: 6, height: 5))
        #expect(image.dataProvider?.data == imageBytes)
        context.flush()
        #expect(pixel(context, x: 5, row: 0) == [0, 128, 255, 255])
    }

    // MARK: Bad input

    @Test func nonFiniteInputChangesNothing() throws {
        let canvas = try #require(Canvas(width: 8, height: 8, bitmapInfo: rgbaInfo))
        let context = canvas.context
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 1, y: 1, width: 2, height: 2))
        let before = canvas.allBytes
        let nan = CGFloat.nan
        context.fill(CGRect(x: nan, y: 0, width: 4, height: 4))
        context.fill(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 4))
        context.fill(CGRect.null)
        context.fill([CGRect(x: 0, y: nan, width: 1, height: 1)])
        context.stroke(CGRect(x: 0, y: 0, width: nan, height: 2))
        context.stroke(CGRect(x: 0, y: 0, width: 2, height: 2), width: nan)
        context.fillEllipse(in: CGRect(x: 0, y: 0, width: nan, height: 3))
        context.clear(CGRect(x: nan, y: nan, width: nan, height: nan))
        context.move(to: CGPoint(x: nan, y: 0))
        context.addLine(to: CGPoint(x: 4, y: 4))
        context.addArc(center: .zero, radius: nan, startAngle: 0, endAngle: 1, clockwise: false)
        context.addArc(center: .zero, radius: 3, startAngle: .infinity, endAngle: 1, clockwise: false)
        context.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: nan, y: 1)])
        #expect(context.isPathEmpty)
        context.fillPath()
        context.translateBy(x: nan, y: 0)
        context.scaleBy(x: .infinity, y: 1)
        context.rotate(by: nan)
        #expect(context.ctm == .identity)
        context.setLineWidth(nan)
        context.setLineDash(phase: nan, lengths: [1])
        context.setLineDash(phase: 0, lengths: [-1, 2])
        context.setAlpha(nan)
        context.clip(to: CGRect(x: nan, y: 0, width: 1, height: 1))
        context.setFillColor(red: nan, green: nan, blue: nan, alpha: nan)
        context.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        #expect(canvas.allBytes == before, "a NaN colour is transparent black")
    }

    @Test func extremeValuesDoNotCrash() throws {
        let canvas = try #require(Canvas(width: 8, height: 8, bitmapInfo: rgbaInfo))
        let context = canvas.context
        context.setStrokeColor(red: 1, green: 1, blue: 1, alpha: 1)
        context.setLineWidth(1e300)
        context.setMiterLimit(-5)
        context.setLineDash(phase: 1e300, lengths: [1e-300, 1e-300])
        context.strokeLineSegments(between: [CGPoint(x: -1e300, y: 0), CGPoint(x: 1e300, y: 1e300)])
        context.setLineDash(phase: 0, lengths: [])
        context.setLineWidth(1)
        context.addArc(center: .zero, radius: 1e300, startAngle: 0, endAngle: 1e300, clockwise: true)
        context.addEllipse(in: CGRect(x: -1e300, y: 0, width: 1e300, height: 1e-300))
        context.drawPath(using: .eoFillStroke)
        context.scaleBy(x: 1e200, y: 1e200)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        context.scaleBy(x: 1e200, y: 1e200)
        context.stroke(CGRect(x: 0, y: 0, width: 1, height: 1))
        context.clip(to: [])
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(context.makeImage() != nil)
    }

    @Test func grayContextStoresNeutralGraysExactly() throws {
        let canvas = try #require(
            Canvas(
                width: 3, height: 1, bytesPerPixel: 1, space: CGColorSpaceCreateDeviceGray(),
                bitmapInfo: CGImageAlphaInfo.none.rawValue))
        let context = canvas.context
        context.setFillColor(gray: 0.2, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        context.setFillColor(CGColor(gray: 0.6, alpha: 1))
        context.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        context.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        context.fill(CGRect(x: 2, y: 0, width: 1, height: 1))
        #expect(canvas.allBytes == [51, 153, 255])
    }

    @Test func allocatedConvertedContextsSynchronizeOnRead() throws {
        let context = try #require(
            CGContext(
                data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        )
        #expect(pixel(context, x: 0, row: 0) == [0, 0, 0, 255], "BGRX: opaque black, skip byte 0xFF")
        context.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(pixel(context, x: 0, row: 1) == [0, 128, 255, 255])
        #expect(pixel(context, x: 1, row: 1) == [0, 0, 0, 255])

        let mask = try #require(
            CGContext(
                data: nil, width: 3, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue))
        mask.setFillColor(gray: 0, alpha: 0.5)
        mask.fill(CGRect(x: 0, y: 0, width: 3, height: 1))
        #expect(pixel(mask, x: 2, row: 1) == [128])
        #expect(pixel(mask, x: 2, row: 0) == [0])
        let image = try #require(mask.makeImage())
        #expect(image.alphaInfo == .alphaOnly)
        #expect(image.bytesPerRow == 4)
    }

    @Test func singularCTMDrawsNothingAndHugeRectsAreClamped() throws {
        let canvas = try #require(Canvas(width: 4, height: 4, bitmapInfo: rgbaInfo))
        let context = canvas.context
        context.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        context.saveGState()
        context.scaleBy(x: 0, y: 1)
        #expect(context.ctm == CGAffineTransform(a: 0, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        context.move(to: .zero)
        #expect(context.isPathEmpty)
        #expect(context.boundingBoxOfClipPath.isNull)
        context.restoreGState()
        #expect(canvas.allBytes.allSatisfy { $0 == 0 })

        context.fill(CGRect.infinite)
        #expect(canvas.allBytes.allSatisfy { $0 == 255 })
        context.clear(CGRect(x: -1e300, y: -1e300, width: 2e300, height: 2e300))
        #expect(canvas.allBytes.allSatisfy { $0 == 0 })
    }
}
