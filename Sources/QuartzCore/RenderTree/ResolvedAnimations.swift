import CoreGraphics

// The one evaluator of animations (ruling E28): a render node's committed animations resolved into
// records of plain values packed back to back, in the order they apply, in memory shared with
// the other nodes of its build and laid out in build order (ResolvedRecordArena.swift). Every
// evaluation goes through them: the renderer's frames, `presentation()`, `presentationValue`,
// `lamina tree`, the tests and the benchmark. A frame walks a node's records from start to end.
//
// Three kinds of record:
// - lanes: a basic, spring or keyframe animation of a `CALayerProperty.Field` whose values fit lanes (a
//   number, point, size or rectangle; Lanes.swift). Its frame reads no object, retains nothing
//   and follows no pointer out of the record: a linear scan of a few hundred contiguous bytes.
// - boxed: any other property animation (colours, paths, images, transforms as matrices,
//   `contents`, a kind's or a subclass's properties, value functions, cubic keyframes): the record
//   holds its timing and the index of the frozen animation, whose `applyBoxed` interpolates
//   `AnimatableValue`s through key-value coding on the presented values.
// - group: a `CAAnimationGroup`'s timing and timing curve, followed by its children's records,
//   which sample the group's (curved) local time.
// Timing — sampling, "in effect and not removed" — is decided once, by the loop, for every kind.
//
// What resolving computes once instead of every frame: the timing's active and cycle durations
// (`ResolvedTiming`); a basic animation's start and end values, which R2 takes from the model
// where `fromValue`, `toValue` or `byValue` is missing (a node's model values never change); the
// spring's constants (`SpringMotion`); and whether samples need their iteration (only cumulative
// animations read it). Values keep only the lanes their field has (1 for a number, 2 for a point
// or size, 4 for a rect).
//
// One record (offsets in bytes, each region 8-byte aligned; L lanes, N keyframes, K key times,
// S segment curves):
//
//   0       Header      kind, timing, field, flags, counts, where the values start, sizes
//   H       model       lanes: the committed value of the field: L doubles (16: the whole matrix
//                       for a transform field, which a reset restores)
//           progress    a timing curve (UnitBezier) or a spring (SpringMotion), if any; a group's
//                       timing curve
//   values  basic:      start (L doubles), end (L doubles)
//           keyframes:  key times (K doubles), values (N × L doubles), segment curves (S UnitBeziers)
//   (group) its children's records, each with its own header

/// A render node's committed animations resolved for evaluation (see the top of this file):
/// where its records start and how many there are. The memory belongs to a
/// `ResolvedRecordArena.Chunk` that the node holds. Immutable once made.
package struct ResolvedAnimations: @unchecked Sendable {
    /// The records, back to back; `nil` when there are none.
    private let storage: UnsafeRawPointer?
    /// The number of top-level records (a group's children are inside its record's span).
    private let count: Int
    /// The number of records, a group's children included.
    private let recordCount: Int
    /// Whether a kept buffer must be refreshed from the node's values before every frame: a boxed
    /// record may write any value (a colour, a kind's property, a key of the layer's own), which
    /// `reset(_:)` cannot restore. Lane records change only their fields.
    package let refreshesAllValues: Bool
    // Plain values only, so that reading the struct out of its node retains nothing: the boxed
    // records' animations are the node's (`RenderLayer.boxedAnimations`).

    /// No animations.
    package static let none = ResolvedAnimations(
        storage: nil, count: 0, recordCount: 0, refreshesAllValues: false)

    private init(storage: UnsafeRawPointer?, count: Int, recordCount: Int, refreshesAllValues: Bool) {
        (self.storage, self.count, self.recordCount) = (storage, count, recordCount)
        self.refreshesAllValues = refreshesAllValues
    }

    /// `animations` resolved against the node's committed `model` values, in order, in memory
    /// from `arena` (a chunk of their own without one), with the chunk that holds them (`nil`
    /// when no animation has an effect on the layer's values: none, or only transitions) and the
    /// animations its boxed records evaluate, by index (the node keeps them).
    static func resolve(
        _ animations: [CAAnimation], model: borrowing LayerState, in arena: ResolvedRecordArena?
    ) -> (animations: ResolvedAnimations, chunk: ResolvedRecordArena.Chunk?, boxed: [CAPropertyAnimation]) {
        var records: [Record] = []
        var boxed: [CAPropertyAnimation] = []
        var count = 0
        for animation in animations {
            if Record.append(animation, isTopLevel: true, model: model, to: &records, boxed: &boxed) {
                count += 1
            }
        }
        let size = records.reduce(0) { $0 + $1.byteCount }
        guard size > 0 else { return (.none, nil, []) }
        let (chunk, block) = (arena ?? ResolvedRecordArena()).allocate(byteCount: size)
        var start = block
        for record in records {
            record.write(to: start)
            start += record.byteCount
        }
        let resolved = ResolvedAnimations(
            storage: UnsafeRawPointer(block), count: count, recordCount: records.count,
            refreshesAllValues: !boxed.isEmpty)
        return (resolved, chunk, boxed)
    }

    /// Puts the committed value of every field a lane record animates back into `state`, as a
    /// node's values have it (a transform field restores the whole committed matrix). Boxed
    /// records restore nothing (see `refreshesAllValues`).
    @inline(__always)
    package func reset(_ state: inout LayerState) {
        guard var record = storage else { return }
        for _ in 0..<recordCount {
            let header = record.assumingMemoryBound(to: Header.self)
            if header.pointee.kind == .lanes { Self.reset(header, into: &state) }
            record += Int(header.pointee.byteCount)
        }
    }

    /// Applies every animation, in order, at the node's local time `t`, to `values` (the node's
    /// presented values); `node` gives boxed records the committed values they read (R2).
    @inline(__always)
    package func apply(atLocalTime t: Double, to values: inout PresentedValues, node: RenderLayer) {
        guard let storage else { return }
        Self.apply(records: storage, count: count, atParentTime: t, to: &values, node: node)
    }

    /// Applies `count` records from `start`, sampled at parent time `t`. The one place an
    /// animation's timing decides its effect: lane records are applied here, in line; boxed and
    /// group records out of line (`applyBoxedOrGroup`), so that this loop stays flat.
    @inline(__always)
    private static func apply(
        records start: UnsafeRawPointer, count: Int, atParentTime t: Double, to values: inout PresentedValues,
        node: RenderLayer
    ) {
        var record = start
        for _ in 0..<count {
            let header = record.assumingMemoryBound(to: Header.self)
            let sample = header.pointee.timing.sample(atParentTime: t)
            if sample.appliesEffect(removedOnCompletion: header.pointee.flags.contains(.removedOnCompletion))
            {
                if header.pointee.kind == .lanes {
                    applyLanes(header, sample: sample, to: &values.state)
                } else {
                    applyBoxedOrGroup(header, sample: sample, to: &values, node: node)
                }
            }
            record += Int(header.pointee.spanByteCount)
        }
    }

    /// A boxed record (the frozen animation's `applyBoxed` on the presented values) or a group's.
    @inline(never)
    private static func applyBoxedOrGroup(
        _ header: UnsafePointer<Header>, sample: MediaTimingSample, to values: inout PresentedValues,
        node: RenderLayer
    ) {
        switch header.pointee.kind {
        case .lanes: break
        case .boxed:
            let animation = node.boxedAnimations[Int(header.pointee.index)]
            let duration = header.pointee.timing.duration
            PresentationTarget.with(&values, node: node) {
                animation.applyBoxed(sample: sample, duration: duration, to: &$0)
            }
        case .group:
            applyGroup(header, sample: sample, to: &values, node: node)
        }
    }

    /// A group in effect: its children sample the group's local time, warped by its timing
    /// curve (Apple's `CAAnimationGroup`); a child has effect whenever it is in effect (its own
    /// `isRemovedOnCompletion` is ignored, as Apple documents).
    private static func applyGroup(
        _ header: UnsafePointer<Header>, sample: MediaTimingSample, to values: inout PresentedValues,
        node: RenderLayer
    ) {
        let d = header.pointee.timing.duration
        let linear = LaneForm.Progress.linear(sample.basicTime, d)
        let curved =
            header.pointee.progress == .curve
            ? (UnsafeRawPointer(header) + headerSize).load(as: UnitBezier.self).solve(linear) : linear
        // The same loop as the top level's; nesting recurses through `applyBoxedOrGroup`, which
        // is out of line.
        apply(
            records: UnsafeRawPointer(header) + Int(header.pointee.byteCount),
            count: Int(header.pointee.index),
            atParentTime: curved * d, to: &values, node: node)
    }

}

// MARK: - Records

extension ResolvedAnimations {
    /// How a record's progress through a cycle becomes its fraction (`LaneForm.Progress`).
    enum ProgressKind: UInt8 {
        case linear, curve, spring
    }

    struct Flags: OptionSet {
        let rawValue: UInt8
        static let removedOnCompletion = Flags(rawValue: 1 << 0)
        static let additive = Flags(rawValue: 1 << 1)
        static let cumulative = Flags(rawValue: 1 << 2)
        static let keyframes = Flags(rawValue: 1 << 3)
        static let paced = Flags(rawValue: 1 << 4)
        static let discrete = Flags(rawValue: 1 << 5)
        /// Keyframes whose key times decrease somewhere (ruling E24).
        static let unorderedKeyTimes = Flags(rawValue: 1 << 6)
    }

    /// What a record evaluates (see the top of this file).
    enum Kind: UInt8 {
        case lanes, boxed, group
    }

    /// The fixed part of a record.
    struct Header {
        let timing: ResolvedTiming
        let kind: Kind
        /// Lanes: the field animated (`nil` for the other kinds).
        let field: CALayerProperty.Field?
        let flags: Flags
        let progress: ProgressKind
        /// Lanes: the field's lanes: 1, 2 or 4.
        let laneCount: UInt8
        /// Boxed: the animation's index in `boxed`. Group: the number of its child records (its
        /// direct children; a nested group holds its own).
        let index: Int32
        /// Keyframes: the number of values N (key times K = N, N + 1 in discrete mode).
        let frameCount: Int32
        /// Keyframes: the number of segment curves given.
        let segmentCurveCount: Int32
        /// Where the values start: a basic animation's start, a keyframe animation's key times.
        let valuesOffset: Int32
        /// The record, header included, without a group's children.
        let byteCount: Int32
        /// The record and, for a group, all its children's records: where the next record of
        /// the same level starts.
        let spanByteCount: Int32
    }

    /// The size of a header, a multiple of 8.
    static let headerSize = (MemoryLayout<Header>.stride + 7) & ~7

    /// A record's bytes from the start of its header.
    private static func doubles(_ header: UnsafePointer<Header>, at offset: Int) -> UnsafePointer<Double> {
        (UnsafeRawPointer(header) + offset).assumingMemoryBound(to: Double.self)
    }

    /// The lanes of a value of `count` lanes stored at `p` (the other lanes 0, as
    /// `CALayerProperty.Field.lanes` has them).
    @inline(__always)
    private static func lanes(_ p: UnsafePointer<Double>, count: Int) -> SIMD4<Double> {
        switch count {
        case 1: return SIMD4(p[0], 0, 0, 0)
        case 2: return SIMD4(p[0], p[1], 0, 0)
        default: return SIMD4(p[0], p[1], p[2], p[3])
        }
    }

    @inline(__always)
    private static func reset(_ header: UnsafePointer<Header>, into state: inout LayerState) {
        let field = header.pointee.field.unsafelyUnwrapped
        if let matrix = field.matrix {
            matrix.store((UnsafeRawPointer(header) + headerSize).load(as: CATransform3D.self), into: &state)
        } else {
            field.write(
                lanes: lanes(doubles(header, at: headerSize), count: Int(header.pointee.laneCount)),
                into: &state)
        }
    }

    /// A lane record's value at `sample` (in effect), written into `state`.
    ///
    /// Transparent, not `@inline(__always)`: with the latter the optimizer kept it out of line
    /// in its three callers, a call with a 312-byte frame for every record of every frame.
    @_transparent
    private static func applyLanes(
        _ header: UnsafePointer<Header>, sample: MediaTimingSample, to state: inout LayerState
    ) {
        let flags = header.pointee.flags
        let field = header.pointee.field.unsafelyUnwrapped
        let laneCount = Int(header.pointee.laneCount)
        let duration = header.pointee.timing.duration
        let progressOffset = headerSize + modelSize(field, laneCount: laneCount)
        let curve: UnitBezier? =
            header.pointee.progress == .curve
            ? (UnsafeRawPointer(header) + progressOffset).load(as: UnitBezier.self) : nil
        let values = doubles(header, at: Int(header.pointee.valuesOffset))
        var value: SIMD4<Double>
        let cycleEnd: SIMD4<Double>
        if flags.contains(.keyframes) {
            let n = Int(header.pointee.frameCount)
            let discrete = flags.contains(.discrete)
            let keyTimeCount = discrete ? n + 1 : n
            let frames = values + keyTimeCount
            let curveCount = Int(header.pointee.segmentCurveCount)
            let curves = UnsafeRawPointer(frames + n * laneCount).assumingMemoryBound(to: UnitBezier.self)
            let (index, u) = KeyframeTimeline.segment(
                atLinear: LaneForm.Progress.linear(sample.basicTime, duration),
                keyTimes: UnsafeBufferPointer(start: values, count: keyTimeCount), count: n,
                discreteKeyTimes: discrete, orderedKeyTimes: !flags.contains(.unorderedKeyTimes),
                curve: curve,
                paced: flags.contains(.paced), discrete: discrete
            ) { index in index < curveCount ? curves[index] : nil }
            let i = min(index, n - 1)
            let frame = lanes(frames + i * laneCount, count: laneCount)
            value =
                discrete || i + 1 >= n
                ? frame : Lanes.interpolate(frame, lanes(frames + (i + 1) * laneCount, count: laneCount), u)
            cycleEnd = lanes(frames + (n - 1) * laneCount, count: laneCount)
        } else {
            let start = lanes(values, count: laneCount)
            let end = lanes(values + laneCount, count: laneCount)
            // LaneForm.Progress.fraction(atBasicTime:duration:).
            let fraction: Double
            switch header.pointee.progress {
            case .linear: fraction = LaneForm.Progress.linear(sample.basicTime, duration)
            case .curve:
                fraction = curve.unsafelyUnwrapped.solve(
                    LaneForm.Progress.linear(sample.basicTime, duration))
            case .spring:
                fraction = (UnsafeRawPointer(header) + progressOffset).load(as: SpringMotion.self).fraction(
                    at: sample.basicTime)
            }
            value = Lanes.interpolate(start, end, fraction)
            cycleEnd = end
        }
        if flags.contains(.cumulative), sample.iteration > 0 {
            value = Lanes.add(Lanes.scale(cycleEnd, Double(sample.iteration)), value)
        }
        if flags.contains(.additive) {
            value = Lanes.add(field.lanes(state), value)
        }
        field.write(lanes: value, into: &state)
    }

    /// The bytes of a record's model value.
    @inline(__always)
    static func modelSize(_ field: CALayerProperty.Field, laneCount: Int) -> Int {
        field.matrix == nil ? laneCount * 8 : MemoryLayout<CATransform3D>.stride
    }

    /// The bytes of a progress payload.
    static func progressSize(_ kind: ProgressKind) -> Int {
        switch kind {
        case .linear: return 0
        case .curve: return (MemoryLayout<UnitBezier>.stride + 7) & ~7
        case .spring: return (MemoryLayout<SpringMotion>.stride + 7) & ~7
        }
    }
}

// MARK: - Resolving

extension ResolvedAnimations {
    /// One record, resolved, before it is written into the block.
    private struct Record {
        var header: Header
        /// Lanes: the animation's lane form.
        let program: LaneForm?
        /// Lanes: the committed value of the field, as lanes.
        let model: SIMD4<Double>
        /// Lanes, for a transform field: the committed matrix.
        let modelTransform: CATransform3D?
        /// Lanes, a basic animation: its start and end values (R2: the model's where not given).
        let endpoints: (start: SIMD4<Double>, end: SIMD4<Double>)?
        /// Group: its timing curve.
        let groupCurve: UnitBezier?
        var byteCount: Int { Int(header.byteCount) }

        /// Appends `animation`'s records to `records`: one for a property animation (lanes when it
        /// has a lane form that fits, else boxed, its animation appended to `boxed`); for a group,
        /// the group's record and then its children's. An animation that changes no value (a
        /// transition, a key path naming nothing) appends nothing. Returns whether it appended.
        /// Only top-level records honour `isRemovedOnCompletion` (Apple ignores the children's).
        static func append(
            _ animation: CAAnimation, isTopLevel: Bool, model: borrowing LayerState,
            to records: inout [Record],
            boxed: inout [CAPropertyAnimation]
        ) -> Bool {
            var flags: Flags = []
            if isTopLevel, animation.storedRemovedOnCompletion { flags.insert(.removedOnCompletion) }
            if let group = animation as? CAAnimationGroup {
                let groupIndex = records.count
                var record = Record(group: group, flags: flags)
                records.append(record)
                var children = 0
                for child in group.storedAnimations ?? []
                where append(child, isTopLevel: false, model: model, to: &records, boxed: &boxed) {
                    children += 1
                }
                let span = records[groupIndex...].reduce(0) { $0 + $1.byteCount }
                guard span < Int(Int32.max) else {
                    preconditionFailure("an animation group too large to resolve")
                }
                record.header = record.header.with(index: children, spanByteCount: span)
                records[groupIndex] = record
                return true
            }
            guard let property = animation as? CAPropertyAnimation, property.changesValues else {
                return false
            }
            if let lanes = Record(lanes: property, flags: flags, model: model) {
                records.append(lanes)
            } else {
                boxed.append(property)
                records.append(Record(boxed: property, index: boxed.count - 1, flags: flags))
            }
            return true
        }

        /// A boxed record: the animation's timing and its index in `boxed`.
        private init(boxed animation: CAPropertyAnimation, index: Int, flags: Flags) {
            (program, model, modelTransform, endpoints, groupCurve) = (nil, .zero, nil, nil, nil)
            header = Header(
                timing: ResolvedTiming(animation.mediaTiming), kind: .boxed, field: nil, flags: flags,
                progress: .linear, laneCount: 0, index: Int32(index), frameCount: 0, segmentCurveCount: 0,
                valuesOffset: Int32(headerSize), byteCount: Int32(headerSize),
                spanByteCount: Int32(headerSize))
        }

        /// A group's own record (its children's count and span are set once they are appended).
        private init(group: CAAnimationGroup, flags: Flags) {
            (program, model, modelTransform, endpoints) = (nil, .zero, nil, nil)
            groupCurve = group.storedTimingFunction?.curve
            let progress: ProgressKind = groupCurve == nil ? .linear : .curve
            let size = headerSize + progressSize(progress)
            header = Header(
                timing: ResolvedTiming(group.mediaTiming, countsIterations: false), kind: .group, field: nil,
                flags: flags, progress: progress, laneCount: 0, index: 0, frameCount: 0, segmentCurveCount: 0,
                valuesOffset: Int32(size), byteCount: Int32(size), spanByteCount: Int32(size))
        }

        /// A lane record; `nil` when the animation has no lane form, or its keyframe table is not
        /// of the shape the lane records read.
        private init?(lanes animation: CAPropertyAnimation, flags: Flags, model: borrowing LayerState) {
            guard let program = animation.laneForm, let kind = program.field.laneKind else { return nil }
            self.program = program
            groupCurve = nil
            let field = program.field
            let laneCount: Int
            switch kind {
            case .scalar: laneCount = 1
            case .point, .size: laneCount = 2
            case .rect: laneCount = 4
            }
            self.model = field.lanes(model)
            modelTransform = field.matrix?.load(CATransform3D.self, from: model)
            var flags = flags
            if program.additive { flags.insert(.additive) }
            if program.cumulative { flags.insert(.cumulative) }
            let progress: ProgressKind
            switch program.progress {
            case .linear: progress = .linear
            case .curve: progress = .curve
            case .spring: progress = .spring
            }
            var valueCount: Int
            var frameCount = 0
            var curveCount = 0
            if let timeline = program.timeline {
                let n = program.frames.count
                guard progress != .spring, n > 0, timeline.count == n,
                    timeline.keyTimes.count == n + (program.discrete ? 1 : 0),
                    program.discrete == (timeline.mode == .discrete)
                else { return nil }
                flags.insert(.keyframes)
                if program.paced { flags.insert(.paced) }
                if program.discrete { flags.insert(.discrete) }
                if !timeline.keyTimesAreOrdered { flags.insert(.unorderedKeyTimes) }
                frameCount = n
                curveCount = program.segmentCurves?.count ?? 0
                valueCount = timeline.keyTimes.count + n * laneCount
                endpoints = nil
            } else {
                endpoints = program.endpoints(model: self.model)
                valueCount = 2 * laneCount
            }
            let valuesOffset = headerSize + modelSize(field, laneCount: laneCount) + progressSize(progress)
            let byteCount = valuesOffset + valueCount * 8 + curveCount * MemoryLayout<UnitBezier>.stride
            guard byteCount < Int(Int32.max) else { return nil }
            let size = Int32((byteCount + 7) & ~7)
            header = Header(
                timing: ResolvedTiming(animation.mediaTiming, countsIterations: program.cumulative),
                kind: .lanes, field: field, flags: flags, progress: progress, laneCount: UInt8(laneCount),
                index: 0, frameCount: Int32(frameCount), segmentCurveCount: Int32(curveCount),
                valuesOffset: Int32(valuesOffset), byteCount: size, spanByteCount: size)
        }

        /// Writes the record at `start` (8-byte aligned, `byteCount` bytes), binding each region
        /// to its type.
        func write(to start: UnsafeMutableRawPointer) {
            start.initializeMemory(as: Header.self, repeating: header, count: 1)
            if let groupCurve {
                (start + headerSize).initializeMemory(as: UnitBezier.self, repeating: groupCurve, count: 1)
            }
            guard let program, let field = header.field else { return }
            let laneCount = Int(header.laneCount)
            /// Writes `value`'s lanes at `p`; returns where the next value goes.
            func write(_ value: SIMD4<Double>, at p: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
                let lanes = p.bindMemory(to: Double.self, capacity: laneCount)
                for lane in 0..<laneCount { (lanes + lane).initialize(to: value[lane]) }
                return p + laneCount * 8
            }
            let modelStart = start + headerSize
            if let modelTransform {
                modelStart.initializeMemory(as: CATransform3D.self, repeating: modelTransform, count: 1)
            } else {
                _ = write(model, at: modelStart)
            }
            let progressStart = modelStart + modelSize(field, laneCount: laneCount)
            switch program.progress {
            case .linear: break
            case .curve(let curve):
                progressStart.initializeMemory(as: UnitBezier.self, repeating: curve, count: 1)
            case .spring(let motion):
                progressStart.initializeMemory(as: SpringMotion.self, repeating: motion, count: 1)
            }
            var next = start + Int(header.valuesOffset)
            if let (from, to) = endpoints {
                next = write(from, at: next)
                _ = write(to, at: next)
                return
            }
            if let keyTimes = program.timeline?.keyTimes {
                for time in keyTimes {
                    next.initializeMemory(as: Double.self, repeating: time, count: 1)
                    next += 8
                }
            }
            for frame in program.frames { next = write(frame, at: next) }
            for curve in program.segmentCurves ?? [] {
                next.initializeMemory(as: UnitBezier.self, repeating: curve, count: 1)
                next += MemoryLayout<UnitBezier>.stride
            }
        }
    }
}

extension ResolvedAnimations.Header {
    /// The header with a group's child count and span.
    fileprivate func with(index: Int, spanByteCount: Int) -> Self {
        Self(
            timing: timing, kind: kind, field: field, flags: flags, progress: progress, laneCount: laneCount,
            index: Int32(index), frameCount: frameCount, segmentCurveCount: segmentCurveCount,
            valuesOffset: valuesOffset, byteCount: byteCount, spanByteCount: Int32(spanByteCount))
    }
}
