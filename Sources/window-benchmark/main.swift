// Live-window benchmark (issue 6, item 6): the 200-layer scene of render-benchmark (cornerRadius
// 12, a 2 pt border, each layer moving along its own line over 2 s) in a 1280×720 LaminaWindow,
// frame after frame with pacing off (render, blit to the window, swap), against the offscreen
// CARenderer drawing the same tree at the same size in the same run (beginFrame, render,
// endFrame). Without DISPLAY it starts its own Xvfb server (1280×800×24). Run in release:
//
//     swift build -c release --product window-benchmark --scratch-path .build-windowbench
//     .build-windowbench/release/window-benchmark [frames]
//
// The default is 120 frames (after 10 warm-up frames) per side, best of 3 rounds.

import Foundation
import LaminaWindow
import QuartzCore

let frames = max(1, CommandLine.arguments.dropFirst().compactMap { Int($0) }.first ?? 120)
let size = CGSize(width: 1280, height: 720)

/// Starts Xvfb on a free display number when no display is set; returns the process.
func startXvfbIfNeeded() -> Process? {
    let environment = ProcessInfo.processInfo.environment
    guard (environment["DISPLAY"] ?? "").isEmpty, (environment["WAYLAND_DISPLAY"] ?? "").isEmpty else {
        return nil
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
    process.arguments = ["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch {
        print("window-benchmark: cannot start Xvfb: \(error)")
        exit(1)
    }
    var text = ""
    while !text.contains("\n") {
        let data = pipe.fileHandleForReading.availableData
        if data.isEmpty { break }
        text += String(decoding: data, as: UTF8.self)
    }
    let number = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !number.isEmpty else {
        print("window-benchmark: Xvfb did not report a display")
        exit(1)
    }
    setenv("DISPLAY", ":\(number)", 1)
    return process
}

func buildScene(in root: CALayer) {
    var generator = SystemRandomNumberGenerator()
    _ = generator
    root.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
    for index in 0..<200 {
        let layer = CALayer()
        let x = CGFloat((index * 97) % 1240) + 20
        let y = CGFloat((index * 53) % 680) + 20
        layer.frame = CGRect(x: x - 30, y: y - 20, width: 60, height: 40)
        layer.cornerRadius = 12
        layer.borderWidth = 2
        layer.borderColor = CGColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 1)
        let hue = CGFloat(index) / 200
        layer.backgroundColor = CGColor(red: hue, green: 0.5, blue: 1 - hue, alpha: 0.9)
        let animation = CABasicAnimation(keyPath: "position")
        animation.fromValue = CGPoint(x: x, y: y)
        animation.toValue = CGPoint(x: 1280 - x, y: 720 - y)
        animation.duration = 2
        animation.repeatCount = .infinity
        animation.autoreverses = true
        layer.add(animation, forKey: "move")
        root.addSublayer(layer)
    }
}

let xvfb = startXvfbIfNeeded()
defer { if let xvfb { kill(xvfb.processIdentifier, SIGKILL) } }

var windowTimes: [Double] = []
var offscreenTimes: [Double] = []
do {
    let window = try LaminaWindow(title: "window-benchmark", size: size, resizable: false)
    window.pacesFrames = false
    buildScene(in: window.rootLayer)
    CATransaction.flush()
    for _ in 0..<3 {
        var count = 0
        var start = 0.0
        window.run(onFrame: { _ in
            count += 1
            if count == 11 { start = CACurrentMediaTime() }
            if count == frames + 11 {
                windowTimes.append((CACurrentMediaTime() - start) / Double(frames))
                window.close()
            }
        })
        if !window.isOpen { break }
    }
    // The window closes after its first round; later rounds reopen one.
    for _ in 1..<3 {
        let again = try LaminaWindow(title: "window-benchmark", size: size, resizable: false)
        again.pacesFrames = false
        buildScene(in: again.rootLayer)
        CATransaction.flush()
        var count = 0
        var start = 0.0
        again.run(onFrame: { _ in
            count += 1
            if count == 11 { start = CACurrentMediaTime() }
            if count == frames + 11 {
                windowTimes.append((CACurrentMediaTime() - start) / Double(frames))
                again.close()
            }
        })
    }
    let root = CALayer()
    root.frame = CGRect(origin: .zero, size: size)
    buildScene(in: root)
    CATransaction.flush()
    let renderer = try CARenderer(layer: root, size: size, scale: 1)
    for _ in 0..<3 {
        for _ in 0..<10 {
            renderer.beginFrame(atTime: CACurrentMediaTime())
            renderer.render()
            renderer.endFrame()
        }
        let start = CACurrentMediaTime()
        for _ in 0..<frames {
            renderer.beginFrame(atTime: CACurrentMediaTime())
            renderer.render()
            renderer.endFrame()
        }
        offscreenTimes.append((CACurrentMediaTime() - start) / Double(frames))
    }
} catch {
    print("window-benchmark: \(error)")
    if let xvfb { kill(xvfb.processIdentifier, SIGKILL) }
    exit(1)
}

let window = windowTimes.min() ?? .nan
let offscreen = offscreenTimes.min() ?? .nan
print("200 layers at 1280×720, \(frames) frames, best of \(windowTimes.count) rounds")
print(String(format: "window (render + blit + swap): %.2f ms/frame (%.1f fps)", window * 1000, 1 / window))
print(
    String(format: "offscreen (render + glFinish): %.2f ms/frame (%.1f fps)", offscreen * 1000, 1 / offscreen)
)
print(String(format: "window / offscreen: %.2f×", window / offscreen))
