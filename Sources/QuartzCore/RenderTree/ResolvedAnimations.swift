import CoreGraphics

// A render node's committed animations resolved for evaluation: when every one of them takes the
// fast path (FastProgram.swift), the node keeps them as records of plain values packed back to
// back, in the order they apply, in memory shared with the other nodes of its build and laid out
// in build order (ResolvedRecordArena.swift). A frame walks a node's records from start to end:
// it reads no object, retains nothing and follows no pointer out of them, so the renderer's
// per-frame work for a node is a linear scan of a few hundred contiguous bytes, next to the
// previous node's, apart from the node's cold values (its whole `LayerState`, read only when a
// new node is synchronised).
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
//   0       Header      timing, field, flags, counts, where the values start, the record's size
//   H       model       the committed value of the field: L doubles (16: the whole matrix for a
//                       transform field, which a reset restores)
//           progress    a timing curve (UnitBezier) or a spring (SpringMotion), if any
//   values  basic:      start (L doubles), end (L doubles)
//           keyframes:  key times (K doubles), values (N × L doubles), segment curves (S UnitBeziers)

/// A render node's fast-path animations resolved for evaluation (see the top of this file): where
/// its records start and how many there are. The memory belongs to a `ResolvedRecordArena.Chunk`
/// that the node holds. Immutable once made.
package struct ResolvedAnimations: @unchecked Sendable {
    /// The records, back to back; `nil` when there are none.
    private let storage: UnsafeRawPointer?
    /// The number of records (animations).
    package let count: Int

    /// `animations` resolved against the node's committed `model` values, in order, in memory
    /// from `arena` (a chunk of their own without one), with the chunk that holds them (`nil`
    /// when there are no animations); `nil` when one of them does not take the fast path (its
    /// `fastProgram` is `nil`), or its keyframe table is not of the shape the fast path reads.
    static func resolve(
        _ animations: [CAAnimation], model: borrowing LayerState, in arena: ResolvedRecordArena?
    ) -> (animations: ResolvedAnimations, chunk: ResolvedRecordArena.Chunk?)? {
        // Two passes, the records made again in the second: nothing is allocated but the records.
        var size = 0
        for animation in animations {
            guard let record = Record(animation, model: model) else { return nil }
            size += record.byteCount
        }
        guard size > 0 else { return (ResolvedAnimations(storage: nil, count: animations.count), nil) }
        let (chunk, block) = (arena ?? ResolvedRecordArena()).allocate(byteCount: size)
        var start = block
        for animation in animations {
            let record = Record(animation, model: model).unsafelyUnwrapped
            record.write(to: start)
            start += record.byteCount
        }
        return (ResolvedAnimations(storage: UnsafeRawPointer(block), count: animations.count), chunk)
    }

    /// Puts the committed value of every animated field back into `state`, as a node's values
    /// have it (a transform field restores the whole committed matrix).
    @inline(__always)
    package func reset(_ state: inout LayerState) {
        guard var record = storage else { return }
        for _ in 0..<count {
            let header = record.assumingMemoryBound(to: Header.self)
            Self.reset(header, into: &state)
            record += Int(header.pointee.byteCount)
        }
    }

    /// Applies every animation, in order, at the node's local time `t` (committed animations:
    /// the rule of `CAAnimation.effect(atLocalTime:isCommitted:)` and `FastProgram.apply`).
    @inline(__always)
    package func apply(atLocalTime t: Double, to state: inout LayerState) {
        guard var record = storage else { return }
        for _ in 0..<count {
            let header = record.assumingMemoryBound(to: Header.self)
            Self.apply(header, atLocalTime: t, to: &state)
            record += Int(header.pointee.byteCount)
        }
    }
}

// MARK: - Records

extension ResolvedAnimations {
    /// How a record's progress through a cycle becomes its fraction (`FastProgram.Progress`).
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

    /// The fixed part of a record.
    struct Header {
        let timing: ResolvedTiming
        let field: LayerField
        let flags: Flags
        let progress: ProgressKind
        /// The field's lanes: 1, 2 or 4.
        let laneCount: UInt8
        /// Keyframes: the number of values N (key times K = N, N + 1 in discrete mode).
        let frameCount: Int32
        /// Keyframes: the number of segment curves given.
        let segmentCurveCount: Int32
        /// Where the values start: a basic animation's start, a keyframe animation's key times.
        let valuesOffset: Int32
        /// The whole record, header included: where the next one starts.
        let byteCount: Int32
    }

    /// The size of a header, a multiple of 8.
    static let headerSize = (MemoryLayout<Header>.stride + 7) & ~7

    /// A record's bytes from the start of its header.
    private static func doubles(_ header: UnsafePointer<Header>, at offset: Int) -> UnsafePointer<Double> {
        (UnsafeRawPointer(header) + offset).assumingMemoryBound(to: Double.self)
    }

    /// The lanes of a value of `count` lanes stored at `p` (the other lanes 0, as
    /// `LayerField.lanes` has them).
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
        let field = header.pointee.field
        switch field {
        case .transformField:
            state.transform = (UnsafeRawPointer(header) + headerSize).load(as: CATransform3D.self)
        case .sublayerTransformField:
            state.sublayerTransform = (UnsafeRawPointer(header) + headerSize).load(as: CATransform3D.self)
        default:
            field.write(
                lanes: lanes(doubles(header, at: headerSize), count: Int(header.pointee.laneCount)),
                into: &state)
        }
    }

    @inline(__always)
    private static func apply(
        _ header: UnsafePointer<Header>, atLocalTime t: Double, to state: inout LayerState
    ) {
        let sample = header.pointee.timing.sample(atParentTime: t)
        let flags = header.pointee.flags
        guard sample.isInEffect, !(flags.contains(.removedOnCompletion) && sample.hasEnded) else {
            return
        }
        let field = header.pointee.field
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
            // FastProgram.apply's keyframe branch, on the record's tables.
            let n = Int(header.pointee.frameCount)
            let discrete = flags.contains(.discrete)
            let keyTimeCount = discrete ? n + 1 : n
            let frames = values + keyTimeCount
            let curveCount = Int(header.pointee.segmentCurveCount)
            let curves = UnsafeRawPointer(frames + n * laneCount).assumingMemoryBound(to: UnitBezier.self)
            let (index, u) = KeyframeTimeline.segment(
                atLinear: FastProgram.Progress.linear(sample.basicTime, duration),
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
            // FastProgram.apply's basic branch, with the endpoints resolved.
            let start = lanes(values, count: laneCount)
            let end = lanes(values + laneCount, count: laneCount)
            // FastProgram.Progress.fraction(atBasicTime:duration:).
            let fraction: Double
            switch header.pointee.progress {
            case .linear: fraction = FastProgram.Progress.linear(sample.basicTime, duration)
            case .curve:
                fraction = curve.unsafelyUnwrapped.solve(
                    FastProgram.Progress.linear(sample.basicTime, duration))
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
    static func modelSize(_ field: LayerField, laneCount: Int) -> Int {
        switch field {
        case .transformField, .sublayerTransformField: return MemoryLayout<CATransform3D>.stride
        default: return laneCount * 8
        }
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
        let header: Header
        let program: FastProgram
        /// The committed value of the field, as lanes.
        let model: SIMD4<Double>
        /// For a transform field, the committed matrix.
        let modelTransform: CATransform3D?
        /// A basic animation's start and end values (R2: the model's where not given).
        let endpoints: (start: SIMD4<Double>, end: SIMD4<Double>)?
        var byteCount: Int { Int(header.byteCount) }

        /// `nil` when the animation has no fast program, or its keyframe table is not of the shape
        /// the fast path reads.
        init?(_ animation: CAAnimation, model: borrowing LayerState) {
            guard let program = animation.fastProgram, let kind = program.field.fastKind else { return nil }
            self.program = program
            let field = program.field
            let laneCount: Int
            switch kind {
            case .scalar: laneCount = 1
            case .point, .size: laneCount = 2
            case .rect: laneCount = 4
            }
            self.model = field.lanes(model)
            switch field {
            case .transformField: modelTransform = model.transform
            case .sublayerTransformField: modelTransform = model.sublayerTransform
            default: modelTransform = nil
            }
            var flags: Flags = []
            if animation.storedRemovedOnCompletion { flags.insert(.removedOnCompletion) }
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
            header = Header(
                timing: ResolvedTiming(animation.mediaTiming, countsIterations: program.cumulative),
                field: field,
                flags: flags, progress: progress, laneCount: UInt8(laneCount), frameCount: Int32(frameCount),
                segmentCurveCount: Int32(curveCount), valuesOffset: Int32(valuesOffset),
                byteCount: Int32((byteCount + 7) & ~7))
        }

        /// Writes the record at `start` (8-byte aligned, `byteCount` bytes), binding each region
        /// to its type.
        func write(to start: UnsafeMutableRawPointer) {
            start.initializeMemory(as: Header.self, repeating: header, count: 1)
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
            let progressStart = modelStart + modelSize(header.field, laneCount: laneCount)
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
