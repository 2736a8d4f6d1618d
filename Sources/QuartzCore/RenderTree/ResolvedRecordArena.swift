// Where the resolved animation records of render nodes live (ResolvedAnimations.swift). One tree
// build carves the records of the nodes it makes, in the order it makes them, out of shared
// chunks: the renderer visits a tree's nodes in about that order, so a frame reads the records
// of consecutive nodes from consecutive memory, which the processor fetches ahead, instead of
// following each node to a block of its own somewhere in the heap.
//
// A chunk is freed with the last node carved from it. Within a build, chunks grow from the first
// request's exact size to `largestChunk` (64 KiB), so a commit that republishes a few layers holds
// little more than their records, and a node that outlives the rest of its build keeps at most
// one chunk alive: nodes that outlive their build never hold more record memory than the build
// made. Chunks of 4 KiB (six or seven nodes of three animations) broke the sequential stream
// every few nodes, between blocks that other allocations of the build lie between: 10,000 layers
// of three animations each took 1.6–2.9 times as long per frame as with 64 KiB chunks.

/// Hands out record memory for the nodes of one tree build, on the building thread.
package final class ResolvedRecordArena {
    /// A piece of record memory, shared by the nodes whose records were carved from it and freed
    /// with the last of them. Written only while its build runs, before any of those nodes is
    /// published; read-only afterwards.
    package final class Chunk: @unchecked Sendable {
        let base: UnsafeMutableRawPointer

        init(byteCount: Int) {
            // malloc's own alignment: a larger one takes glibc's aligned path, whose leftovers
            // fragmented the heap under soak-benchmark's churn (resident memory kept growing).
            base = .allocate(byteCount: byteCount, alignment: 16)
        }

        deinit {
            base.deallocate()
        }
    }

    /// The largest chunk made for several nodes' records: 64 KiB, under glibc's threshold for
    /// serving an allocation with a mapping of its own (128 KiB), so chunks come from the heap.
    static let largestChunk = 65536

    private var chunk: Chunk?
    private var used = 0
    private var capacity = 0
    private var nextChunkSize = 0

    package init() {}

    /// `byteCount` bytes (a multiple of 8), 8-byte aligned, from the current chunk or a new one,
    /// and the chunk that holds them (which the node keeps).
    func allocate(byteCount: Int) -> (chunk: Chunk, start: UnsafeMutableRawPointer) {
        if let chunk, capacity - used >= byteCount {
            defer { used += byteCount }
            return (chunk, chunk.base + used)
        }
        let size = max(byteCount, nextChunkSize)
        nextChunkSize = min(max(2 * nextChunkSize, 1024), Self.largestChunk)
        let fresh = Chunk(byteCount: size)
        (chunk, used, capacity) = (fresh, byteCount, size)
        return (fresh, fresh.base)
    }
}
