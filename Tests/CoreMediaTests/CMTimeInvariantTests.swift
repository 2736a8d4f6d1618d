import CoreMedia
import Testing

/// SplitMix64, for seeded randomized tests; a failure names its seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random numeric times: media timescales and arbitrary ones, small values and values near the
/// ends of Int64.
func randomTime(_ generator: inout SeededGenerator) -> CMTime {
    let scales: [Int32] = [
        1, 2, 3, 24, 25, 30, 600, 1000, 15360, 44100, 48000, 90000, Int32.max, Int32.max - 1,
    ]
    let scale =
        Bool.random(using: &generator)
        ? scales.randomElement(using: &generator)! : Int32.random(in: 1...Int32.max, using: &generator)
    let value: Int64
    switch Int.random(in: 0..<4, using: &generator) {
    case 0: value = Int64.random(in: -1_000_000...1_000_000, using: &generator)
    case 1: value = Int64.random(in: .min ... .max, using: &generator)
    case 2: value = .max - Int64.random(in: 0...1000, using: &generator)
    default: value = .min + Int64.random(in: 0...1000, using: &generator)
    }
    return CMTime(value: value, timescale: scale)
}

@Suite struct CMTimeInvariantTests {
    static let seed: UInt64 = 0x00C0_FFEE_2026

    /// The result of `a ± b` against the exact fraction N/D written out here: equal when not
    /// rounded, within half a tick when rounded, beyond 64 bits at timescale 1 when infinite.
    func checkSum(_ a: CMTime, _ b: CMTime, subtracting: Bool) {
        let result = subtracting ? a - b : a + b
        let d = Int128(a.timescale) * Int128(b.timescale)
        let bPart = Int128(b.value) * Int128(a.timescale)
        let n = Int128(a.value) * Int128(b.timescale) + (subtracting ? -bPart : bPart)
        let context =
            "seed \(Self.seed): \(a.value)/\(a.timescale) \(subtracting ? "-" : "+") \(b.value)/\(b.timescale)"
        if result.isPositiveInfinity || result.isNegativeInfinity {
            #expect((n / d).magnitude >= UInt128(Int64.max), "\(context)")
            #expect(result.isPositiveInfinity == (n > 0), "\(context)")
            return
        }
        #expect(result.isNumeric, "\(context)")
        let (scaledResult, o1) = Int128(result.value).multipliedReportingOverflow(by: d)
        let (scaledExact, o2) = n.multipliedReportingOverflow(by: Int128(result.timescale))
        guard !o1, !o2 else { return }
        let error = (scaledResult - scaledExact).magnitude
        if result.hasBeenRounded {
            #expect(error * 2 <= d.magnitude, "\(context)")
        } else {
            #expect(error == 0, "\(context)")
        }
        // The timescale is the lcm (capped), halved zero or more times.
        var scale = min(
            Int64(a.timescale) / gcd(Int64(a.timescale), Int64(b.timescale)) * Int64(b.timescale),
            Int64(Int32.max))
        while scale > Int64(result.timescale) { scale /= 2 }
        #expect(scale == Int64(result.timescale), "\(context)")
    }

    func gcd(_ a: Int64, _ b: Int64) -> Int64 { b == 0 ? a : gcd(b, a % b) }

    @Test func sumsAndDifferencesAgainstTheExactFraction() {
        var generator = SeededGenerator(seed: Self.seed)
        for _ in 0..<3000 {
            let a = randomTime(&generator)
            let b = randomTime(&generator)
            checkSum(a, b, subtracting: false)
            checkSum(a, b, subtracting: true)
        }
    }

    @Test func compareIsATotalOrder() {
        var generator = SeededGenerator(seed: Self.seed + 1)
        var times: [CMTime] = [.invalid, .indefinite, .positiveInfinity, .negativeInfinity, .zero]
        for _ in 0..<300 { times.append(randomTime(&generator)) }
        for a in times.prefix(60) {
            for b in times {
                #expect(CMTimeCompare(a, b) == -CMTimeCompare(b, a), "seed \(Self.seed + 1)")
                if a == b { #expect(a.hashValue == b.hashValue) }
            }
        }
        let sorted = times.sorted()
        for (x, y) in zip(sorted, sorted.dropFirst()) { #expect(CMTimeCompare(x, y) <= 0) }
        // Numeric order agrees with seconds where Double can tell them apart.
        for (x, y) in zip(sorted, sorted.dropFirst()) where x.isNumeric && y.isNumeric {
            #expect(x.seconds <= y.seconds)
        }
    }

    @Test func equalFractionsAreEqualAndHashAlike() {
        var generator = SeededGenerator(seed: Self.seed + 2)
        for _ in 0..<2000 {
            let value = Int64.random(in: -1_000_000_000...1_000_000_000, using: &generator)
            let scale = Int32.random(in: 1...100_000, using: &generator)
            let factor = Int32.random(in: 1...20_000, using: &generator)
            let a = CMTime(value: value, timescale: scale)
            let b = CMTime(value: value * Int64(factor), timescale: scale * factor)
            #expect(a == b && a.hashValue == b.hashValue, "seed \(Self.seed + 2)")
            // Converting to the finer timescale and back is exact.
            let finer = CMTimeConvertScale(a, timescale: scale * factor, method: .roundTowardZero)
            #expect(finer.value == b.value && !finer.hasBeenRounded)
            #expect(CMTimeConvertScale(finer, timescale: scale, method: .default).value == value)
        }
    }

    @Test func secondsRoundTripWithinHalfATick() {
        var generator = SeededGenerator(seed: Self.seed + 3)
        for _ in 0..<3000 {
            let seconds = Double.random(in: -1e6...1e6, using: &generator)
            let scale = Int32.random(in: 1...1_000_000_000, using: &generator)
            let t = CMTimeMakeWithSeconds(seconds, preferredTimescale: scale)
            #expect(t.isNumeric)
            // Within half a tick of the timescale actually used (allowing Double's own error).
            let tick = 1 / Double(t.timescale)
            #expect(
                abs(t.seconds - seconds) <= tick / 2 + abs(seconds) * 1e-15,
                "seed \(Self.seed + 3): \(seconds) @ \(scale)")
            #expect(t.hasBeenRounded == (t.seconds != seconds))
        }
    }
}
