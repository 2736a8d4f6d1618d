extension CGPath {
    /// The flattening tolerance of Lamina's stroker and dasher, in user space units: curves become
    /// chords no farther than this from the curve.
    static let outlineTolerance: CGFloat = 0.01

    /// Returns the dashes of this path as a new path, as Apple's
    /// `copy(dashingWithPhase:lengths:transform:)`.
    ///
    /// Each dash is an open subpath along the original lines and curves; the gaps are left out.
    /// The pattern restarts at the start of every subpath, offset by `phase`; a closed subpath is
    /// walked through its closing line, and a dash running over its start is not joined to the
    /// dash that begins there. Curves are flattened to chords within 0.01 user space units (Apple
    /// keeps curve segments; Lamina's dashes are polylines), so the result suits stroking and
    /// hit-testing rather than further curve editing.
    ///
    /// - Parameters:
    ///   - phase: How far into the pattern the dashing starts, in user space units; any finite
    ///     value (taken modulo the pattern's length; negative values count backwards).
    ///   - lengths: Alternating dash and gap lengths, in user space units, starting with a dash.
    ///     An odd count repeats the pattern with dashes and gaps swapped the second time, as
    ///     Quartz does. When the lengths are empty, contain a negative or non-finite value, or
    ///     sum to zero, the path is returned undashed.
    ///   - transform: A transform applied to the result; identity by default.
    /// - Returns: The dashes, or a copy of the path (transformed) when there is nothing to dash by.
    public func copy(
        dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity
    ) -> CGPath {
        let result = CGMutablePath()
        guard let dashes = dashedPolylines(phase: phase, lengths: lengths) else {
            result.addPath(self, transform: transform)
            return result
        }
        for dash in dashes where dash.count >= 2 {
            result.addLines(between: dash, transform: transform)
        }
        return result
    }

    /// The path's dashes as open polylines (user space), or `nil` when `lengths` describe no
    /// pattern (see `copy(dashingWithPhase:lengths:transform:)`); curves are flattened within
    /// `tolerance`.
    func dashedPolylines(
        phase: CGFloat, lengths: [CGFloat], tolerance: CGFloat = outlineTolerance
    ) -> [[CGPoint]]? {
        guard !lengths.isEmpty, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }), phase.isFinite else {
            return nil
        }
        // An odd-length pattern repeats with its roles swapped: [a, b, c] dashes as [a, b, c, a, b, c].
        let pattern = lengths.count.isMultiple(of: 2) ? lengths : lengths + lengths
        let total = pattern.reduce(0, +)
        guard total > 0 else { return nil }
        var start = phase.truncatingRemainder(dividingBy: total)
        if start < 0 { start += total }

        var dashes: [[CGPoint]] = []
        for subpath in flattenedSubpaths(tolerance: tolerance) {
            var points = subpath.points
            if subpath.isClosed, let first = points.first { points.append(first) }
            guard points.count >= 2 else { continue }
            // Where in the pattern we are: the entry's index and the distance left in it.
            var index = 0
            var left = pattern[0]
            var skip = start
            while skip >= left {
                skip -= left
                index = (index + 1) % pattern.count
                left = pattern[index]
            }
            left -= skip
            var current: [CGPoint]? = index.isMultiple(of: 2) ? [points[0]] : nil
            for i in 1..<points.count {
                let a = points[i - 1]
                let b = points[i]
                let length = hypot(b.x - a.x, b.y - a.y)
                var travelled: CGFloat = 0
                while length - travelled > left {
                    travelled += left
                    let t = travelled / length
                    let p = CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                    if var dash = current {
                        dash.append(p)
                        dashes.append(dash)
                        current = nil
                    } else {
                        current = [p]
                    }
                    index = (index + 1) % pattern.count
                    left = pattern[index]
                    // A zero-length dash still starts and ends here (round caps make it a dot).
                }
                left -= length - travelled
                current?.append(b)
            }
            if let dash = current { dashes.append(dash) }
        }
        return dashes
    }
}
