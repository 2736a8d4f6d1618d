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

    /// Recognises swipes in a stream of window events: a quick, mostly straight drag, as
    /// UIKit's `UISwipeGestureRecognizer` recognises them (rulings U21 and W6). Once the pointer,
    /// held down, has moved `minimumDistance` points along one axis within `maximumDuration`
    /// seconds of going down and within `maximumDeviation` of that axis, the swipe is reported
    /// once, during the drag; a press that lifts first, takes longer or strays further is none.
    public struct SwipeRecognizer: Sendable {
        /// The way a swipe went (x right, y down).
        public enum Direction: Sendable, Equatable {
            /// Towards +x.
            case right
            /// Towards −x.
            case left
            /// Towards −y.
            case up
            /// Towards +y.
            case down
        }

        /// How far, in points, a swipe travels along its axis. Default 50.
        public var minimumDistance: CGFloat
        /// The longest time, in seconds, from the press to travelling `minimumDistance`.
        /// Default 0.5.
        public var maximumDuration: CFTimeInterval
        /// How far, in radians, a swipe may stray from its axis. Default π/6 (30°).
        public var maximumDeviation: CGFloat
        private var down: (point: CGPoint, time: CFTimeInterval)?

        /// A recogniser with the given limits (non-finite or negative limits count as 0).
        public init(
            minimumDistance: CGFloat = 50, maximumDuration: CFTimeInterval = 0.5,
            maximumDeviation: CGFloat = .pi / 6
        ) {
            self.minimumDistance = minimumDistance
            self.maximumDuration = maximumDuration
            self.maximumDeviation = maximumDeviation
        }

        /// Feeds `event`, which happened at media time `time`; returns the swipe's direction
        /// when the event completes one, `nil` otherwise.
        public mutating func handle(
            _ event: LaminaWindow.Event, at time: CFTimeInterval = CACurrentMediaTime()
        ) -> Direction? {
            switch event {
            case .pointerDown(let point):
                down = (point, time)
                return nil
            case .pointerMoved(let point):
                return moved(to: point, at: time)
            case .pointerUp(let point):
                defer { down = nil }
                return moved(to: point, at: time)
            default:
                return nil
            }
        }

        /// The swipe the press makes by reaching `point` at `time`, ending the press's chances
        /// when it has failed or succeeded.
        private mutating func moved(to point: CGPoint, at time: CFTimeInterval) -> Direction? {
            guard let start = down else { return nil }
            let dx = point.x - start.point.x
            let dy = point.y - start.point.y
            guard time - start.time <= limit(maximumDuration), dx.isFinite, dy.isFinite else {
                down = nil
                return nil
            }
            let horizontal = abs(dx) >= abs(dy)
            let (along, across) = horizontal ? (abs(dx), abs(dy)) : (abs(dy), abs(dx))
            let straight = across <= along * tan(min(limit(maximumDeviation), .pi / 2 - 1e-6))
            guard along >= limit(minimumDistance) else {
                if !straight && across >= limit(minimumDistance) / 2 { down = nil }
                return nil
            }
            down = nil
            guard straight else { return nil }
            if horizontal { return dx > 0 ? .right : .left }
            return dy > 0 ? .down : .up
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
