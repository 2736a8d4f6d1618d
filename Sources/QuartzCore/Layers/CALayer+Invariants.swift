import CoreGraphics

extension CALayer {
    /// Checks the tree's invariants below this layer and returns the violations found (empty
    /// when the tree is sound): every sublayer names this layer as its superlayer and appears
    /// once, a mask names this layer as its owner and has no superlayer, and no layer is its own
    /// ancestor. Tests call it after every mutation they make.
    ///
    /// - Complexity: O(n) in the number of layers below this one.
    package func checkInvariants() -> [String] {
        var problems: [String] = []
        var visited = Set<ObjectIdentifier>()
        func visit(_ layer: CALayer) {
            guard visited.insert(ObjectIdentifier(layer)).inserted else {
                problems.append("\(layer) is reachable twice (a cycle or a shared sublayer)")
                return
            }
            for sublayer in layer.sublayerStorage ?? [] {
                if sublayer.superlayerStorage !== layer {
                    problems.append("\(sublayer) is a sublayer of \(layer) but names another superlayer")
                }
                if sublayer.maskOwner != nil {
                    problems.append("\(sublayer) is both a sublayer and a mask")
                }
                visit(sublayer)
            }
            if let mask = layer.maskStorage {
                if mask.maskOwner !== layer {
                    problems.append("\(mask) is the mask of \(layer) but names another owner")
                }
                if mask.superlayerStorage != nil { problems.append("\(mask) is a mask with a superlayer") }
                visit(mask)
            }
        }
        visit(self)
        return problems
    }
}
