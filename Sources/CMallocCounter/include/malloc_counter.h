#ifndef LAMINA_MALLOC_COUNTER_H
#define LAMINA_MALLOC_COUNTER_H

/// The number of heap allocations (malloc, calloc, realloc, aligned forms) made by the process so
/// far. Linking this target into an executable interposes glibc's allocator entry points, which
/// forward to glibc after counting.
unsigned long long lamina_allocation_count(void);

#endif
