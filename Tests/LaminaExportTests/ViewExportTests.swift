import Foundation
import LaminaExport
import QuartzCore
import Testing
import UIKit

@Suite("LayerExporter: a UIKit view")
struct ViewExportTests {
    @Test("a view animated with UIView.animate exports as its layers")
    func viewAnimation() throws {
        let folder = try makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try withManualClock {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 64, height: 48))
            let square = UIView(frame: CGRect(x: 0, y: 16, width: 16, height: 16))
            square.backgroundColor = .red
            root.addSubview(square)
            var options = ExportOptions(size: CGSize(width: 64, height: 48), duration: 1)
            options.framesPerSecond = 10
            let exporter = LayerExporter(view: root, options: options)
            #expect(exporter.layer === root.layer)
            UIView.animate(
                withDuration: 1, delay: 0, options: .curveLinear, animations: { square.center.x = 56 })
            try exporter.export(to: folder.appendingPathComponent("v-%02d.png"))
        }
        // At frame 5 (t = 0.5 s) the square's centre is at x = 32: it covers 24..<40.
        let frame5 = folder.appendingPathComponent("v-05.png")
        #expect(try pixel(ofPNG: frame5, x: 32, y: 24) == [255, 0, 0, 255])
        #expect(try pixel(ofPNG: frame5, x: 20, y: 24)[3] == 0)
        #expect(try pixel(ofPNG: folder.appendingPathComponent("v-00.png"), x: 4, y: 20) == [255, 0, 0, 255])
    }
}
