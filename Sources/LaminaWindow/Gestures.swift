import QuartzCore

extension LaminaWindow {
    /// Recognises taps in a stream of window events: a pointer down followed by a pointer up
    /// no more than `maximumMovement` points away and within `maximumDuration` seconds.
    ///
    /// Feed it every event (`handle(_:at:)`); it answers the tap's location (the down point, in
    /// root-layer coordinates) on the pointer up that completes one.
    public struct TapRecognizer: Sendable {
        /// How far, in points, the pointer may move between down and up. Default 10.
        public var maximumMovement: CGFloat
        /// The longest press, in seconds, that still counts as a tap. Default 0.5.
        public var maximumDuration: CFTimeInterval
        private var down: (point: CGPoint, time: CFTimeInterval)?

        /// A recogniser with the given limits (non-finite or negative limits count as 0).
        public init(maximumMovement: CGFloat = 10, maximumDuration: CFTimeInterval = 0.5) {
            self.maximumMovement = maximumMovement
            self.maximumDuration = maximumDuration
        }

        /// Feeds `event`, which happened at media time `time`; returns the tap's location when
        /// the event completes a tap, `nil` otherwise.
        public mutating func handle(
            _ event: LaminaWindow.Event, at time: CFTimeInterval = CACurrentMediaTime()
        ) -> CGPoint? {
            switch event {
            case .pointerDown(let point):
                down = (point, time)
            case .pointerMoved(let point):
                if let start = down, distance(start.point, point) > limit(maximumMovement) { down = nil }
            case .pointerUp(let point):
                defer { down = nil }
                guard let start = down, distance(start.point, point) <= limit(maximumMovement),
                    time - start.time <= limit(maximumDuration)
                else { return nil }
                return start.point
            default:
                break
            }
            return nil
        }
    }

    /// Recognises pans (drags) in a stream of window events: once the pointer, held down, has
    /// moved more than `minimumMovement` points, the pan begins and reports its translation
    /// since the pointer went down (as UIKit's pan gesture does), then changes with each move
    /// and ends when the pointer goes up.
    public struct PanRecognizer: Sendable {
        /// The phase of a pan.
        public enum Phase: Sendable, Equatable {
            /// The pointer has just moved beyond `minimumMovement`.
            case began
            /// The pointer moved while panning.
            case changed
            /// The pointer went up while panning.
            case ended
        }

        /// One step of a pan: its phase, the pointer's location and its translation since it
        /// went down, both in root-layer points.
        public struct Pan: Sendable, Equatable {
            /// The phase of the pan.
            public var phase: Phase
            /// Where the pointer is.
            public var location: CGPoint
            /// The pointer's movement since it went down (x right, y down).
            public var translation: CGPoint

            /// A pan step with the given phase, location and translation.
            public init(phase: Phase, location: CGPoint, translation: CGPoint) {
                self.phase = phase
                self.location = location
                self.translation = translation
            }
        }

        /// How far, in points, the pointer must move before the pan begins. Default 10 (UIKit's
        /// hysteresis); 0 begins at the first move.
        public var minimumMovement: CGFloat
        private var down: CGPoint?
        private var panning = false

        /// A recogniser that begins after `minimumMovement` points.
        public init(minimumMovement: CGFloat = 10) {
            self.minimumMovement = minimumMovement
        }

        /// Feeds `event`; returns the pan's step when the event begins, changes or ends one.
        public mutating func handle(_ event: LaminaWindow.Event) -> Pan? {
            switch event {
            case .pointerDown(let point):
                down = point
                panning = false
            case .pointerMoved(let point):
                guard let start = down else { return nil }
                let translation = CGPoint(x: point.x - start.x, y: point.y - start.y)
                if panning { return Pan(phase: .changed, location: point, translation: translation) }
                if distance(start, point) > limit(minimumMovement) {
                    panning = true
                    return Pan(phase: .began, location: point, translation: translation)
                }
            case .pointerUp(let point):
                defer {
                    down = nil
                    panning = false
                }
                guard let start = down, panning else { return nil }
                return Pan(
                    phase: .ended, location: point,
                    translation: CGPoint(x: point.x - start.x, y: point.y - start.y))
            default:
                break
            }
            return nil
        }
    }
}

private func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
    let d = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    return d.isFinite ? d : .infinity
}

private func limit<Value: FloatingPoint>(_ value: Value) -> Value {
    value.isFinite && value > 0 ? value : 0
}
