// Builds a small layer tree, as the reference chapters' listings do, and prints it with each
// layer's frame in the root's coordinates — a minimal end-to-end use of the QuartzCore model.

import QuartzCore

let root = CALayer()
root.name = "root"
root.bounds = CGRect(x: 0, y: 0, width: 320, height: 480)
root.position = CGPoint(x: 160, y: 240)

let colorLayer = CALayer()
colorLayer.name = "colorLayer"
colorLayer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
colorLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
root.addSublayer(colorLayer)

let door = CALayer()
door.name = "door"
door.frame = CGRect(x: 0, y: 0, width: 128, height: 256)
door.position = CGPoint(x: 150 - 64, y: 300)
door.anchorPoint = CGPoint(x: 0, y: 0.5)
var perspective = CATransform3DIdentity
perspective.m34 = -1.0 / 500.0
root.sublayerTransform = perspective
door.setValue(-CGFloat.pi / 4, forKeyPath: "transform.rotation.y")
root.addSublayer(door)

let badge = CALayer()
badge.name = "badge"
badge.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
badge.position = CGPoint(x: 100, y: 0)
badge.cornerRadius = 10
colorLayer.addSublayer(badge)

func describe(_ layer: CALayer, in root: CALayer, depth: Int) {
    let frame = layer.convert(layer.bounds, to: root)
    let indent = String(repeating: "  ", count: depth)
    let name = layer.name ?? "\(type(of: layer))"
    let numbers = [frame.minX, frame.minY, frame.width, frame.height].map {
        String(format: "%.1f", Double($0))
    }
    print("\(indent)\(name)  frame in root: (\(numbers.joined(separator: ", ")))")
    for sublayer in layer.sublayers ?? [] {
        describe(sublayer, in: root, depth: depth + 1)
    }
}

describe(root, in: root, depth: 0)
let probe = CGPoint(x: 150, y: 45)
let hit = root.hitTest(root.convert(probe, to: nil))
print("hitTest at (\(probe.x), \(probe.y)) in root: \(hit?.name ?? "nil")")
