import LaminaExamples
import LaminaWindow
import QuartzCore

/// Turns a window's pointer and key events into an example's interactions, as UIKit's controls
/// and gesture recognisers would: a press on an enabled button or tab that is released inside it
/// taps it; dragging a slider sets its value from the pointer's position along it; a press on a
/// text field focuses it, and typed digits, `.` and `-` edit it (Backspace deletes, Return ends
/// editing); a press anywhere else begins a touch (`ExampleEvent.tap`, `touchesBegan`) and a drag
/// is a pan (translation since the press). Points are in the scene's root coordinates.
public struct ExampleInput: Sendable {
    private var pressedButton: String?
    private var activeSlider: String?
    private var focusedField: String?
    private var pan = LaminaWindow.PanRecognizer()

    /// An input mapper with nothing pressed or focused.
    public init() {}

    /// The interactions `event` (at `point` in scene coordinates, for pointer events) performs
    /// on a scene whose controls are `controls`.
    public mutating func events(for event: LaminaWindow.Event, controls: [ExampleControl]) -> [ExampleEvent] {
        switch event {
        case .pointerDown(let point):
            pressedButton = nil
            activeSlider = nil
            guard let control = controls.last(where: { $0.isEnabled && $0.frame.contains(point) }) else {
                focusedField = nil
                _ = pan.handle(event)
                return [.tap(point)]
            }
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
            guard pressedButton == nil, let step = pan.handle(event) else { return [] }
            return [.pan(step.translation, phase: step.phase == .began ? .began : .changed)]
        case .pointerUp(let point):
            defer {
                pressedButton = nil
                activeSlider = nil
            }
            if let name = activeSlider { return sliderEvent(name, at: point, controls: controls) }
            if let name = pressedButton {
                let inside = controls.contains { $0.name == name && $0.isEnabled && $0.frame.contains(point) }
                return inside ? [.button(name)] : []
            }
            guard let step = pan.handle(event) else { return [] }
            return [.pan(step.translation, phase: .ended)]
        case .key(let key):
            return keyEvents(key, controls: controls)
        case .resized, .closeRequested:
            return []
        }
    }

    /// The slider's value under `point`: its position along the slider's frame, in its range.
    private func sliderEvent(_ name: String, at point: CGPoint, controls: [ExampleControl]) -> [ExampleEvent]
    {
        guard let control = controls.first(where: { $0.name == name }),
            case .slider(let minimum, let maximum, _) = control.kind, control.frame.width > 0
        else { return [] }
        let fraction = min(max((point.x - control.frame.minX) / control.frame.width, 0), 1)
        return [.slider(name, minimum + Double(fraction) * (maximum - minimum))]
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
