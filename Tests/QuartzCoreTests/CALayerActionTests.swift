import QuartzCore
import Testing

/// action(forKey:)'s search order as Apple's `CALayer` header gives it (Apple-checked cases from
/// GS actions.m).
@Suite struct CALayerActionTests {
    final class Marker: CAAction {
        let name: String
        var runs: [String] = []

        init(_ name: String) {
            self.name = name
        }

        func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
            runs.append(event)
        }
    }

    final class Delegate: CALayerDelegate {
        var answer: (any CAAction)?

        func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
            event == "position" ? answer : nil
        }
    }

    @Test func classDefaultActionIsNil() {
        #expect(CALayer.defaultAction(forKey: "position") == nil)
        #expect(CALayer().action(forKey: "position") == nil)
    }

    @Test func delegateWinsOverActionsAndNilContinues() {
        let layer = CALayer()
        let fromActions = Marker("actions")
        layer.actions = ["position": fromActions]
        let delegate = Delegate()
        layer.delegate = delegate
        #expect(layer.action(forKey: "position") as? Marker === fromActions)
        let fromDelegate = Marker("delegate")
        delegate.answer = fromDelegate
        #expect(layer.action(forKey: "position") as? Marker === fromDelegate)
    }

    @Test func nsNullStopsTheSearchAtEveryStep() {
        let layer = CALayer()
        let fromStyle = Marker("style")
        layer.style = ["actions": ["position": fromStyle, "opacity": fromStyle] as [String: any CAAction]]
        #expect(layer.action(forKey: "position") as? Marker === fromStyle)
        layer.actions = ["position": NSNull()]
        #expect(layer.action(forKey: "position") == nil)
        #expect(layer.action(forKey: "opacity") as? Marker === fromStyle)
        let delegate = Delegate()
        delegate.answer = NSNull()
        layer.actions = nil
        layer.delegate = delegate
        #expect(layer.action(forKey: "position") == nil)
        layer.style = ["actions": ["opacity": NSNull()] as [String: any CAAction]]
        #expect(layer.action(forKey: "opacity") == nil)
    }

    @Test func actionsArePreferredToStyleAndNestedStylesAreSearched() {
        let layer = CALayer()
        let outer = Marker("outer")
        let inner = Marker("inner")
        layer.style = ["style": ["actions": ["bounds": inner] as [String: any CAAction]]]
        #expect(layer.action(forKey: "bounds") as? Marker === inner)
        layer.actions = ["bounds": outer]
        #expect(layer.action(forKey: "bounds") as? Marker === outer)
    }

    @Test func actionsRunWithTheirEvent() {
        let marker = Marker("m")
        let layer = CALayer()
        layer.actions = [kCAOnOrderIn: marker]
        layer.action(forKey: kCAOnOrderIn)?.run(forKey: kCAOnOrderIn, object: layer, arguments: nil)
        #expect(marker.runs == ["onOrderIn"])
    }
}
