import LaminaExamples
import LaminaWindow
import QuartzCore
import UIKit

/// Turns a window's pointer and key events into what they do to an example, as UIKit's controls
/// and touch delivery would: a press on an enabled button or tab that is released inside it
/// taps it; dragging a slider sets its value from the pointer's position along it; a press on a
/// text field focuses it, and typed digits, `.` and `-` edit it (Backspace deletes, Return ends
/// editing). A press anywhere else is a touch for the scene's UIKit window: it goes down there,
/// moves with the pointer and lifts with it (the listing's `touchesBegan(_:with:)` and gesture
/// recognisers receive it, ``ExampleScene/sendTouch(_:at:)``). Points are in the scene's root
/// coordinates.
public struct ExampleInput: Sendable {
    /// What one window event does to the example.
    public enum Action: Sendable, Equatable {
        /// An interaction with one of the listing's controls, for ``ExampleScene/handle(_:)``.
        case interaction(ExampleEvent)
        /// A phase of the touch at a point (root coordinates), for the scene's UIKit window.
        case touch(UITouch.Phase, CGPoint)
    }

    private var pressedButton: String?
    private var activeSlider: String?
    private var focusedField: String?
    /// Whether the pointer went down outside the controls and is still down: a touch.
    private var touching = false

    /// An input mapper with nothing pressed or focused.
    public init() {}

    /// What `event` (at `point` in scene coordinates, for pointer events) does to a scene whose
    /// controls are `controls`. A press that begins a touch keeps it for the whole press: its
    /// moves and its release are the touch's, whatever is under the pointer then.
    public mutating func actions(for event: LaminaWindow.Event, controls: [ExampleControl]) -> [Action] {
        switch event {
        case .pointerDown(let point):
            pressedButton = nil
            activeSlider = nil
            guard let control = controls.last(where: { $0.isEnabled && $0.frame.contains(point) }) else {
                focusedField = nil
                touching = true
                return [.touch(.began, point)]
            }
            touching = false
            switch control.kind {
            case .button, .tab:
                pressedButton = control.name
                return []
            case .slider:
                activeSlider = control.name
                return sliderEvent(control.name, at: point, controls: controls)
            case .field:
                focusedField = control.name
                return []
            }
        case .pointerMoved(let point):
            if let name = activeSlider { return sliderEvent(name, at: point, controls: controls) }
            return touching ? [.touch(.moved, point)] : []
        case .pointerUp(let point):
            defer {
                pressedButton = nil
                activeSlider = nil
                touching = false
            }
            if let name = activeSlider { return sliderEvent(name, at: point, controls: controls) }
            if let name = pressedButton {
                let inside = controls.contains { $0.name == name && $0.isEnabled && $0.frame.contains(point) }
                return inside ? [.interaction(.button(name))] : []
            }
            return touching ? [.touch(.ended, point)] : []
        case .key(let key):
            return keyEvents(key, controls: controls).map(Action.interaction)
        case .resized, .closeRequested:
            return []
        }
    }

    /// The slider's value under `point`: its position along the slider's frame, in its range.
    private func sliderEvent(_ name: String, at point: CGPoint, controls: [ExampleControl]) -> [Action] {
        guard let control = controls.first(where: { $0.name == name }),
            case .slider(let minimum, let maximum, _) = control.kind, control.frame.width > 0
        else { return [] }
        let fraction = min(max((point.x - control.frame.minX) / control.frame.width, 0), 1)
        return [.interaction(.slider(name, minimum + Double(fraction) * (maximum - minimum)))]
    }

    /// Edits the focused field with a key.
    private mutating func keyEvents(_ key: String, controls: [ExampleControl]) -> [ExampleEvent] {
        guard let name = focusedField, let control = controls.first(where: { $0.name == name }),
            case .field(var text) = control.kind
        else { return [] }
        let typed = key.hasPrefix("Keypad ") ? String(key.dropFirst("Keypad ".count)) : key
        switch typed {
        case "Backspace":
            guard !text.isEmpty else { return [] }
            text.removeLast()
        case "Return", "Enter", "Escape", "Tab":
            focusedField = nil
            return []
        case _ where typed.count == 1 && "0123456789.-".contains(typed):
            text += typed
        default:
            return []
        }
        return [.field(name, text)]
    }
}
