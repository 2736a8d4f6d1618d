// Lamina's own scan converter, for paths with so many edges that Cairo's would take seconds or
// minutes (ruling G20). Cairo sorts the edges crossing each of its 15 sub-scanlines per pixel row
// and keeps them sorted as they cross one another, so a path whose edges criss-cross costs far
// more than its edge count. Here the winding number is point-sampled on a grid of `columns` ×
// `rows` samples per pixel, and no edge is ever sorted against another: each edge adds its
// direction (+1 downwards, −1 upwards) to a per-sample-row delta buffer at the first sample right
// of where it crosses each sample row, and a walk along the row sums the deltas into winding
// numbers and counts the samples the fill rule puts inside. The cost is linear: the sample rows
// each edge spans, plus the samples of the rows walked.
//
//     sample row k of pixel row y lies at y + (k + ½) / rows
//     sample j of pixel column x lies at x + (j + ½) / columns
//     an edge covers the sample rows with top ≤ y < bottom, and changes the winding of the
//     samples strictly right of the point where it crosses them

/// Anti-aliased coverage of a set of closed polygons by a fill rule, by sampling the winding number
/// on a grid of `columns` × `rows` points per pixel, over a box of pixels.
///
/// - Complexity: O(*n* + *h* + *s* + *b*): *n* edges, *h* pixel rows, *s* the sample rows the
///   edges cross, *b* the samples of the box's rows that edges reach; the deltas of a band of
///   pixel rows at a time (`bandBytes`).
struct CoverageRasterizer {
    /// An edge as the sample rows see it: the first sample row it covers (from the box's top), how
    /// many it covers, its x (pixels from the box's left) on the first and its advance per row.
    struct Edge {
        var first: Int32
        var count: Int32
        var x: Float
        var step: Float
        var winding: Int8
    }

    /// The pixels computed (device pixels, y down); coverage outside is zero.
    let box: CGContext.PixelBox
    /// Sample rows per pixel row.
    let rows: Int
    /// Samples per pixel along a sample row.
    let columns: Int
    /// Whether the deltas of the whole box fit within `directBytes`: each edge then adds its
    /// crossings as it comes, and none is kept or sorted.
    let isDirect: Bool
    /// The edges kept for banded rasterisation, when not direct.
    private var edges: [Edge] = []
    /// The whole box's deltas and crossed pixels, when direct.
    private var boxDeltas: [Int32] = []
    private var boxTouched: [Bool] = []

    /// The most bytes of deltas held for a whole box (a box of 128 × 128 pixels sampled on one
    /// row a pixel takes 1 MiB); a larger one is rasterised a band at a time.
    static let directBytes = 2 * 1024 * 1024

    /// A rasteriser for the pixels of `box` (not empty), sampling `rows` × `columns` points per
    /// pixel (both at least 1, `columns` a power of two), with room for `expectedEdges` edges.
    init(
        box: CGContext.PixelBox, rows: Int, columns: Int, expectedEdges: Int = 0,
        directBytes: Int = CoverageRasterizer.directBytes
    ) {
        precondition(!box.isEmpty && rows >= 1 && columns >= 1 && columns.nonzeroBitCount == 1)
        self.box = box
        self.rows = rows
        self.columns = columns
        let (width, height) = (box.x1 - box.x0, box.y1 - box.y0)
        let stride = width * columns + 1
        isDirect = height * rows * stride * 4 <= directBytes
        if isDirect {
            boxDeltas = [Int32](repeating: 0, count: height * rows * stride)
            boxTouched = [Bool](repeating: false, count: height * rows * width)
        } else {
            edges.reserveCapacity(expectedEdges)
        }
    }

    /// Adds the edge from `a` to `b` (device pixels, finite). Horizontal edges, edges between two
    /// sample rows and edges wholly right of the box change no sample and are dropped.
    mutating func addLine(from a: CGPoint, to b: CGPoint) {
        guard a.y != b.y else { return }
        let (top, bottom) = a.y < b.y ? (a, b) : (b, a)
        let scale = Double(rows)
        let limit = Double(box.y1 - box.y0) * scale
        let firstRow = min(max(((top.y - Double(box.y0)) * scale - 0.5).rounded(.up), 0), limit)
        let endRow = min(max(((bottom.y - Double(box.y0)) * scale - 0.5).rounded(.up), 0), limit)
        guard endRow > firstRow, min(a.x, b.x) < Double(box.x1) else { return }
        let slope = (bottom.x - top.x) / (bottom.y - top.y)
        let y = Double(box.y0) + (firstRow + 0.5) / scale
        let x = top.x + (y - top.y) * slope - Double(box.x0)
        let edge = Edge(
            first: Int32(firstRow), count: Int32(endRow - firstRow), x: Float(x),
            step: Float(slope / scale), winding: a.y < b.y ? 1 : -1)
        guard isDirect else {
            edges.append(edge)
            return
        }
        let (width, columns) = (box.x1 - box.x0, self.columns)
        boxDeltas.withUnsafeMutableBufferPointer { deltas in
            boxTouched.withUnsafeMutableBufferPointer { touched in
                guard let deltas = deltas.baseAddress, let touched = touched.baseAddress else { return }
                Self.deposit(
                    edge, sampleRows: Int(edge.first)..<Int(edge.first + edge.count), from: 0, deltas: deltas,
                    touched: touched, width: width, columns: columns)
            }
        }
    }

    /// The coverage of the box's pixels by `rule`, row by row from the top: 0 (no sample inside)
    /// to 255 (every sample inside), rounded to nearest.
    mutating func coverage(rule: CGPathFillRule) -> [UInt8] {
        let width = box.x1 - box.x0
        let height = box.y1 - box.y0
        var result = [UInt8](repeating: 0, count: width * height)
        let total = Int32(rows * columns)
        let evenOdd = rule == .evenOdd
        var counts = [Int32](repeating: 0, count: width)
        func write(row y: Int) {
            result.withUnsafeMutableBufferPointer { out in
                for x in 0..<width {
                    out[y * width + x] = UInt8((counts[x] * 255 + total / 2) / total)
                }
            }
        }
        if isDirect {
            // Moved out of self for the walk (each is the only reference, so nothing is copied).
            var deltas = boxDeltas
            var touched = boxTouched
            (boxDeltas, boxTouched) = ([], [])
            for y in 0..<height {
                walk(row: y, evenOdd: evenOdd, deltas: &deltas, touched: &touched, counts: &counts)
                write(row: y)
            }
            return result
        }
        let rowStarts = sortByFirstPixelRow(height: height)
        // One delta per sample, plus one past the right end for crossings right of every sample.
        let stride = width * columns + 1
        // Pixel rows are taken a band at a time, the band's deltas within `bandBytes`, so that an
        // edge is read once a band rather than once a row.
        let band = max(1, min(height, Self.bandBytes / (rows * stride * 4)))
        var deltas = [Int32](repeating: 0, count: band * rows * stride)
        var touched = [Bool](repeating: false, count: band * rows * width)
        var active: [Edge] = []
        for top in Swift.stride(from: 0, to: height, by: band) {
            let bottom = min(top + band, height)
            active.append(contentsOf: edges[rowStarts[top]..<rowStarts[bottom]])
            guard !active.isEmpty else { continue }
            deposit(&active, rows: top..<bottom, stride: stride, deltas: &deltas, touched: &touched)
            for y in top..<bottom {
                walk(row: y - top, evenOdd: evenOdd, deltas: &deltas, touched: &touched, counts: &counts)
                write(row: y)
            }
        }
        return result
    }

    /// The most bytes of deltas a band of pixel rows holds: a cache's worth.
    static let bandBytes = 96 * 1024

    /// Adds the crossings of the sample rows of pixel rows `band` by the active edges to `deltas`
    /// (from the band's first sample row), marking the pixels crossed in `touched`, and drops the
    /// edges that end in the band.
    private func deposit(
        _ active: inout [Edge], rows band: Range<Int>, stride: Int, deltas: inout [Int32],
        touched: inout [Bool]
    ) {
        let width = box.x1 - box.x0
        let rowFirst = band.lowerBound * rows
        let rowEnd = band.upperBound * rows
        let columns = self.columns
        var kept = 0
        deltas.withUnsafeMutableBufferPointer { deltas in
            touched.withUnsafeMutableBufferPointer { touched in
                active.withUnsafeMutableBufferPointer { active in
                    guard let deltas = deltas.baseAddress, let touched = touched.baseAddress else { return }
                    for index in 0..<active.count {
                        let edge = active[index]
                        let end = Int(edge.first) &+ Int(edge.count)
                        Self.deposit(
                            edge, sampleRows: max(Int(edge.first), rowFirst)..<min(end, rowEnd),
                            from: rowFirst,
                            deltas: deltas, touched: touched, width: width, columns: columns)
                        if end > rowEnd {
                            active[kept] = edge
                            kept &+= 1
                        }
                    }
                }
            }
        }
        active.removeLast(active.count - kept)
    }

    /// Adds `edge`'s crossings of `sampleRows` (box sample rows it covers) to `deltas`, whose first
    /// row is sample row `from`, marking the pixels crossed in `touched`: the same arithmetic
    /// whether the box is direct or banded, so both give the same samples.
    @inline(__always)
    private static func deposit(
        _ edge: Edge, sampleRows: Range<Int>, from rowFirst: Int, deltas: UnsafeMutablePointer<Int32>,
        touched: UnsafeMutablePointer<Bool>, width: Int, columns: Int
    ) {
        let stride = width &* columns &+ 1
        let scale = Float(columns)
        let rightmost = Float(width &* columns)
        let shift = columns.trailingZeroBitCount
        let first = Int(edge.first)
        let winding = Int32(edge.winding)
        for k in sampleRows {
            // x in samples, plus a half, at sample row k: the first sample whose centre lies
            // strictly right of the crossing is its whole part.
            let position = (edge.x + Float(k &- first) * edge.step) * scale + 0.5
            guard position < rightmost else { continue }
            let sample = position > 0 ? Int(position) : 0
            let sampleRow = k &- rowFirst
            deltas[sampleRow &* stride &+ sample] &+= winding
            touched[sampleRow &* width &+ (sample &>> shift)] = true
        }
    }

    /// Sums the deltas of the sample rows of the band's pixel row `y` into winding numbers,
    /// clearing them, and leaves in `counts` the samples of each pixel inside by the rule.
    private func walk(
        row y: Int, evenOdd: Bool, deltas: inout [Int32], touched: inout [Bool], counts: inout [Int32]
    ) {
        let width = box.x1 - box.x0
        let stride = width * columns + 1
        let columns = self.columns
        let full = Int32(columns)
        deltas.withUnsafeMutableBufferPointer { deltas in
            touched.withUnsafeMutableBufferPointer { touched in
                counts.withUnsafeMutableBufferPointer { counts in
                    for x in 0..<width { counts[x] = 0 }
                    for sampleRow in (y * rows)..<(y * rows + rows) {
                        var winding: Int32 = 0
                        let base = sampleRow * stride
                        for x in 0..<width {
                            guard touched[sampleRow * width + x] else {
                                let inside = evenOdd ? winding & 1 != 0 : winding != 0
                                counts[x] += inside ? full : 0
                                continue
                            }
                            touched[sampleRow * width + x] = false
                            var count: Int32 = 0
                            for j in (base + x * columns)..<(base + x * columns + columns) {
                                winding &+= deltas[j]
                                deltas[j] = 0
                                count += (evenOdd ? winding & 1 != 0 : winding != 0) ? 1 : 0
                            }
                            counts[x] += count
                        }
                        deltas[base + width * columns] = 0
                    }
                }
            }
        }
    }

    /// Orders the edges by the pixel row of their first sample row (an in-place counting sort, so
    /// that millions of edges are not held twice), and returns where each row's edges start:
    /// row y's are `edges[starts[y]..<starts[y + 1]]`.
    private mutating func sortByFirstPixelRow(height: Int) -> [Int] {
        let rows = self.rows
        var starts = [Int](repeating: 0, count: height + 1)
        for edge in edges { starts[Int(edge.first) / rows + 1] += 1 }
        for y in 0..<height { starts[y + 1] += starts[y] }
        var next = Array(starts.dropLast())
        edges.withUnsafeMutableBufferPointer { edges in
            // Each bucket in turn: swap every edge that belongs elsewhere to its bucket's next
            // free place until the place holds one of this bucket's.
            for y in 0..<height {
                while next[y] < starts[y + 1] {
                    var edge = edges[next[y]]
                    var home = Int(edge.first) / rows
                    while home != y {
                        swap(&edge, &edges[next[home]])
                        next[home] += 1
                        home = Int(edge.first) / rows
                    }
                    edges[next[y]] = edge
                    next[y] += 1
                }
            }
        }
        return starts
    }
}

extension CGContext.PixelBox {
    /// The box as a rectangle of device space.
    var rect: CGRect { CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) }
}
