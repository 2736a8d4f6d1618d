import AVFoundation
import CoreMedia
import Foundation
import Testing

/// SplitMix64: a small seeded generator, so a failing sequence can be replayed from its seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The reference model: a track as one cell per tenth of a second, each the source it plays
/// (which clip, from which source tick, for how many source ticks) or `nil` for nothing.
struct ReferenceTrack {
    struct Cell: Equatable {
        var clip: Int
        var start: Double
        var length: Double
    }

    var cells: [Cell?] = []

    mutating func insert(clip: Int, from start: Int, count: Int, at position: Int) {
        if position > cells.count { cells += Array(repeating: nil, count: position - cells.count) }
        let new = (0..<count).map { Cell(clip: clip, start: Double(start + $0), length: 1) }
        cells.insert(contentsOf: new, at: position)
        trim()
    }

    mutating func insertEmpty(at position: Int, count: Int) {
        guard position < cells.count else { return }
        cells.insert(contentsOf: Array(repeating: nil, count: count), at: position)
    }

    mutating func remove(at position: Int, count: Int) {
        guard position < cells.count else { return }
        cells.removeSubrange(position..<min(position + count, cells.count))
        trim()
    }

    /// Stretches `count` cells from `position` by `factor`: each becomes `factor` cells showing
    /// equal parts of its source.
    mutating func stretch(at position: Int, count: Int, by factor: Int) {
        let stretched = cells[position..<position + count].flatMap { cell -> [Cell?] in
            (0..<factor).map { part in
                cell.map {
                    let length = $0.length / Double(factor)
                    return Cell(clip: $0.clip, start: $0.start + Double(part) * length, length: length)
                }
            }
        }
        cells.replaceSubrange(position..<position + count, with: stretched)
    }

    /// Squeezes `2 × pairs` cells from `position` into `pairs` cells, each showing what its two
    /// did, when every pair is two empty cells or two consecutive equal parts of one source (so
    /// the merged cell plays at one rate); otherwise `false`, and nothing changes.
    mutating func squeeze(at position: Int, pairs: Int) -> Bool {
        var squeezed: [Cell?] = []
        for pair in 0..<pairs {
            let (first, second) = (cells[position + 2 * pair], cells[position + 2 * pair + 1])
            switch (first, second) {
            case (nil, nil):
                squeezed.append(nil)
            case (let a?, let b?)
            where a.clip == b.clip && a.length == b.length && a.start + a.length == b.start:
                squeezed.append(Cell(clip: a.clip, start: a.start, length: a.length + b.length))
            default:
                return false
            }
        }
        cells.replaceSubrange(position..<position + 2 * pairs, with: squeezed)
        trim()
        return true
    }

    private mutating func trim() {
        while let last = cells.last, last == nil { cells.removeLast() }
    }
}

@Suite(.enabled(if: MediaFixtures.available, "needs ffmpeg and ffprobe"))
struct CompositionEditFuzzTests {
    /// A tenth of a second, the reference model's cell.
    static func tick(_ n: Int) -> CMTime { CMTime(value: CMTimeValue(n), timescale: 10) }

    @Test(arguments: [1, 2, 3, 0xC0FFEE] as [UInt64])
    func randomEditsMatchTheReferenceModel(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let clips = [AVURLAsset(url: MediaFixtures.movie), AVURLAsset(url: MediaFixtures.short)]
        let sources = clips.map { $0.tracks(withMediaType: .video)[0] }
        let lengths = [10, 5]  // in ticks: 1 s and 0.5 s
        let composition = AVMutableComposition()
        let track = try #require(composition.addMutableTrack(withMediaType: .video, preferredTrackID: 0))
        var reference = ReferenceTrack()
        for step in 0..<60 {
            let count = reference.cells.count
            let kind = count > 60 ? 2 : Int.random(in: 0..<5, using: &random)
            switch kind {
            case 0:
                let clip = Int.random(in: 0..<2, using: &random)
                let start = Int.random(in: 0..<lengths[clip], using: &random)
                let length = Int.random(in: 1...(lengths[clip] - start), using: &random)
                let position = Int.random(in: 0...(count + 3), using: &random)
                try track.insertTimeRange(
                    CMTimeRange(start: Self.tick(start), duration: Self.tick(length)), of: sources[clip],
                    at: Self.tick(position))
                reference.insert(clip: clip, from: start, count: length, at: position)
            case 1:
                let position = Int.random(in: 0...(count + 2), using: &random)
                let length = Int.random(in: 1...3, using: &random)
                track.insertEmptyTimeRange(
                    CMTimeRange(start: Self.tick(position), duration: Self.tick(length)))
                reference.insertEmpty(at: position, count: length)
            case 2:
                let position = Int.random(in: 0...(count + 1), using: &random)
                let length = Int.random(in: 1...4, using: &random)
                track.removeTimeRange(CMTimeRange(start: Self.tick(position), duration: Self.tick(length)))
                reference.remove(at: position, count: length)
            case 4:
                guard count >= 2 else { continue }
                let position = Int.random(in: 0...(count - 2), using: &random)
                let pairs = Int.random(in: 1...((count - position) / 2), using: &random)
                guard reference.squeeze(at: position, pairs: pairs) else { continue }
                track.scaleTimeRange(
                    CMTimeRange(start: Self.tick(position), duration: Self.tick(2 * pairs)),
                    toDuration: Self.tick(pairs))
            default:
                guard count > 0 else { continue }
                let position = Int.random(in: 0..<count, using: &random)
                let length = Int.random(in: 1...min(4, count - position), using: &random)
                let factor = [2, 4].randomElement(using: &random)!
                track.scaleTimeRange(
                    CMTimeRange(start: Self.tick(position), duration: Self.tick(length)),
                    toDuration: Self.tick(length * factor))
                reference.stretch(at: position, count: length, by: factor)
            }
            try compare(track, reference, urls: clips.map(\.url), context: "seed \(seed), step \(step)")
        }
        // Whatever the edits, a video composition read off the result is valid for it.
        let videoComposition = AVVideoComposition(propertiesOf: composition)
        #expect(videoComposition.isValid(for: composition, timeRange: .invalid, validationDelegate: nil))
    }

    private func compare(
        _ track: AVCompositionTrack, _ reference: ReferenceTrack, urls: [URL], context: String
    )
        throws
    {
        expectContiguous(track)
        #expect(track.timeRange.end == Self.tick(reference.cells.count), "\(context)")
        for (index, cell) in reference.cells.enumerated() {
            let middle = CMTime(value: CMTimeValue(2 * index + 1), timescale: 20)
            let segment = try #require(track.segment(forTrackTime: middle), "\(context), cell \(index)")
            guard let cell else {
                #expect(segment.isEmpty, "\(context), cell \(index)")
                continue
            }
            #expect(segment.sourceURL == urls[cell.clip], "\(context), cell \(index)")
            let mapping = segment.timeMapping
            let start = CMTimeMapTimeFromRangeToRange(
                Self.tick(index), fromRange: mapping.target, toRange: mapping.source)
            let end = CMTimeMapTimeFromRangeToRange(
                Self.tick(index + 1), fromRange: mapping.target, toRange: mapping.source)
            #expect(abs(start.seconds - cell.start / 10) < 1e-9, "\(context), cell \(index)")
            #expect(abs(end.seconds - (cell.start + cell.length) / 10) < 1e-9, "\(context), cell \(index)")
        }
    }
}
