import QuartzCore
import Testing

/// The layer tree's rules: one parent, masks without superlayers, no cycles.
@Suite struct CALayerHierarchyTests {
    private func names(_ layer: CALayer) -> [String] {
        (layer.sublayers ?? []).map { $0.name ?? "?" }
    }

    private func named(_ name: String) -> CALayer {
        let layer = CALayer()
        layer.name = name
        return layer
    }

    @Test func addAndInsertPlaceLayersInOrder() {
        let parent = named("p")
        let a = named("a")
        let b = named("b")
        let c = named("c")
        let d = named("d")
        let e = named("e")
        parent.addSublayer(a)
        parent.addSublayer(b)
        parent.insertSublayer(c, at: 0)
        #expect(names(parent) == ["c", "a", "b"])
        parent.insertSublayer(d, above: a)
        #expect(names(parent) == ["c", "a", "d", "b"])
        parent.insertSublayer(e, below: a)
        #expect(names(parent) == ["c", "e", "a", "d", "b"])
        #expect(a.superlayer === parent && e.superlayer === parent)
        #expect(parent.checkInvariants().isEmpty)
    }

    @Test func insertOutOfRangeOrRelativeToStrangersUsesTheEnds() {
        let parent = named("p")
        let a = named("a")
        parent.addSublayer(a)
        let far = named("far")
        parent.insertSublayer(far, at: 99)
        #expect(names(parent) == ["a", "far"])
        let stranger = named("stranger")
        let below = named("below")
        let above = named("above")
        parent.insertSublayer(below, below: stranger)
        parent.insertSublayer(above, above: nil)
        #expect(names(parent) == ["below", "a", "far", "above"])
    }

    @Test func reinsertingAnExistingSublayerMovesIt() {
        let parent = named("p")
        for name in ["a", "b", "c"] { parent.addSublayer(named(name)) }
        let a = parent.sublayers![0]
        parent.insertSublayer(a, at: 2)
        #expect(names(parent) == ["b", "a", "c"])
        parent.addSublayer(a)
        #expect(names(parent) == ["b", "c", "a"])
        parent.insertSublayer(a, at: 0)
        #expect(names(parent) == ["a", "b", "c"])
        #expect(parent.checkInvariants().isEmpty)
    }

    @Test func addingToAnotherParentMovesTheLayer() {
        let first = named("first")
        let second = named("second")
        let child = named("child")
        first.addSublayer(child)
        second.addSublayer(child)
        #expect(first.sublayers?.isEmpty == true)
        #expect(names(second) == ["child"])
        #expect(child.superlayer === second)
    }

    @Test func removeFromSuperlayer() {
        let parent = named("p")
        let child = named("c")
        parent.addSublayer(child)
        child.removeFromSuperlayer()
        #expect(child.superlayer == nil)
        #expect(parent.sublayers?.contains { $0 === child } == false)
        child.removeFromSuperlayer()  // no parent: nothing happens
        #expect(child.superlayer == nil)
    }

    @Test func replaceSublayerKeepsTheIndex() {
        let parent = named("p")
        for name in ["a", "b", "c"] { parent.addSublayer(named(name)) }
        let b = parent.sublayers![1]
        let x = named("x")
        let otherParent = named("o")
        otherParent.addSublayer(x)
        parent.replaceSublayer(b, with: x)
        #expect(names(parent) == ["a", "x", "c"])
        #expect(b.superlayer == nil)
        #expect(x.superlayer === parent)
        #expect(otherParent.sublayers?.isEmpty == true)
        // Replacing a layer that is not a sublayer does nothing.
        parent.replaceSublayer(b, with: named("y"))
        #expect(names(parent) == ["a", "x", "c"])
        #expect(parent.checkInvariants().isEmpty && otherParent.checkInvariants().isEmpty)
    }

    @Test func replaceSublayerWithAnotherSublayerMovesIt() {
        let parent = named("p")
        for name in ["a", "b", "c"] { parent.addSublayer(named(name)) }
        let a = parent.sublayers![0]
        let c = parent.sublayers![2]
        parent.replaceSublayer(a, with: c)
        #expect(names(parent) == ["c", "b"])
    }

    @Test func settingSublayersReparentsAndDetachesTheOldOnes() {
        let parent = named("p")
        let old = named("old")
        parent.addSublayer(old)
        let other = named("other")
        let moved = named("moved")
        other.addSublayer(moved)
        let fresh = named("fresh")
        parent.sublayers = [moved, fresh]
        #expect(names(parent) == ["moved", "fresh"])
        #expect(old.superlayer == nil)
        #expect(moved.superlayer === parent)
        #expect(other.sublayers?.isEmpty == true)
        parent.sublayers = nil
        #expect(parent.sublayers == nil)
        #expect(moved.superlayer == nil)
    }

    @Test func insertingIntoOwnSubtreeIsRefused() {
        CompatibilityWarnings.isEnabled = false
        let root = named("root")
        let child = named("child")
        let grandchild = named("grandchild")
        root.addSublayer(child)
        child.addSublayer(grandchild)
        grandchild.addSublayer(root)
        #expect(root.superlayer == nil)
        #expect(grandchild.sublayers == nil)
        root.addSublayer(root)
        #expect(names(root) == ["child"])
        grandchild.insertSublayer(child, at: 0)
        #expect(child.superlayer === root)
        child.sublayers = [grandchild, root]
        #expect(names(child) == ["grandchild"])
        grandchild.mask = root
        #expect(grandchild.mask == nil)
        #expect(CompatibilityWarnings.messages.contains { $0.contains("cycle") })
        #expect(root.checkInvariants().isEmpty)
    }

    /// Ruling L19: a mask answers the layer it masks as its superlayer, without being one of its
    /// sublayers.
    @Test func maskAnswersItsOwnerAsSuperlayerAndLeavesItsTree() {
        let layer = named("layer")
        let tree = named("tree")
        let mask = named("mask")
        tree.addSublayer(mask)
        layer.mask = mask
        #expect(layer.mask === mask)
        #expect(mask.superlayer === layer)
        #expect(layer.sublayers == nil)
        #expect(tree.sublayers?.isEmpty == true)
        // Adding the mask somewhere as a sublayer takes it away from the masked layer.
        tree.addSublayer(mask)
        #expect(layer.mask == nil)
        #expect(mask.superlayer === tree)
        #expect(layer.checkInvariants().isEmpty && tree.checkInvariants().isEmpty)
    }

    /// Ruling L19: layout reaches masks with their owners, so a mask sized to "its superlayer's
    /// bounds" in a `layoutSublayers` (the owner's or its own) takes the masked layer's bounds.
    @Test func masksAreLaidOutAgainstTheLayerTheyMask() {
        final class FillingLayer: CALayer {
            override func layoutSublayers() {
                super.layoutSublayers()
                for layer in (sublayers ?? []) + [mask].compactMap({ $0 }) {
                    if let superlayer = layer.superlayer { layer.frame = superlayer.bounds }
                }
            }
        }
        let owner = FillingLayer()
        owner.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
        let mask = FillingLayer()
        let maskChild = CALayer()
        mask.addSublayer(maskChild)
        owner.mask = mask
        owner.setNeedsLayout()
        mask.setNeedsLayout()
        owner.layoutIfNeeded()
        #expect(mask.bounds == CGRect(x: 0, y: 0, width: 120, height: 80))
        #expect(maskChild.bounds.size == CGSize(width: 120, height: 80))
        // A layout asked of the mask alone starts from its owner when the owner needs one too.
        owner.bounds.size = CGSize(width: 60, height: 40)
        mask.setNeedsLayout()
        mask.layoutIfNeeded()
        #expect(mask.bounds.size == CGSize(width: 60, height: 40))
        #expect(maskChild.bounds.size == CGSize(width: 60, height: 40))
    }

    @Test func removeFromSuperlayerOnAMaskClearsTheMask() {
        let layer = named("layer")
        let mask = named("mask")
        layer.mask = mask
        mask.removeFromSuperlayer()
        #expect(layer.mask == nil)
        let other = named("other")
        layer.mask = mask
        other.mask = mask
        #expect(layer.mask == nil)
        #expect(other.mask === mask)
        #expect(layer.checkInvariants().isEmpty && other.checkInvariants().isEmpty)
    }

    @Test func aMaskLivesInItsOwnersCoordinateSpace() {
        let parent = CALayer()
        let layer = makeLayer("layer", frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        parent.addSublayer(layer)
        let mask = makeLayer("mask", frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        layer.mask = mask
        #expect(mask.convert(CGPoint.zero, to: parent) == CGPoint(x: 110, y: 110))
    }
}

/// Random sequences of every hierarchy operation keep the tree's invariants.
@Suite struct CALayerHierarchyFuzzTests {
    @Test(arguments: [7 as UInt64, 99, 12345])
    func randomMutationsKeepTheInvariants(seed: UInt64) {
        CompatibilityWarnings.isEnabled = false
        var rng = SeededGenerator(seed: seed)
        let layers = (0..<12).map { index -> CALayer in
            let layer = CALayer()
            layer.name = "L\(index)"
            return layer
        }
        func any() -> CALayer { layers[Int.random(in: 0..<layers.count, using: &rng)] }
        for step in 0..<400 {
            let a = any()
            let b = any()
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: a.addSublayer(b)
            case 1: a.insertSublayer(b, at: UInt32.random(in: 0...4, using: &rng))
            case 2: a.insertSublayer(b, above: a.sublayers?.randomElement(using: &rng))
            case 3: a.insertSublayer(b, below: a.sublayers?.randomElement(using: &rng))
            case 4: if let old = a.sublayers?.randomElement(using: &rng) { a.replaceSublayer(old, with: b) }
            case 5: b.removeFromSuperlayer()
            case 6: a.mask = Bool.random(using: &rng) ? b : nil
            default: a.sublayers = [b, any()]
            }
            for layer in layers {
                let problems = layer.checkInvariants()
                #expect(problems.isEmpty, "seed \(seed), step \(step): \(problems)")
                if !problems.isEmpty { return }
            }
        }
    }
}
