// The compiled backend's parallel loops (lib/Runtime/ParallelFor.cpp;
// docs/lowering.md, "Threads"): a small pool of worker threads that split a
// range of iterations with the calling thread. The outlined loops of the
// stablehlo-py-outline-parallel-loops pass and the numpy-loop kernels call
// it.
#ifndef STABLEHLO_PY_RUNTIME_PARALLELFOR_H
#define STABLEHLO_PY_RUNTIME_PARALLELFOR_H

#include <cstdint>

extern "C" {
// Calls body(context, begin, end) over chunks covering [0, n), each a
// multiple of `minChunk` long (but the last), on the calling thread and the pool's
// workers, and returns when all are done. Chunks are claimed one at a time,
// so when the other cores are busy the caller does the work itself. The
// caller runs everything alone when n is small, the pool is already running
// another call (another thread's program, or a body calling this), or
// STABLEHLO_PY_THREADS=1. Each iteration must write what no other does.
void stablehlo_py_parallel_for(void (*body)(void *, int64_t, int64_t),
                               void *context, int64_t n, int64_t minChunk);
// The number of threads a call may use (the caller included): the
// STABLEHLO_PY_THREADS environment variable, else the cores, at most 8.
int64_t stablehlo_py_thread_count();
// Sets the thread count for later calls (1: everything on the caller; 0: the
// default again), ends a back-off after a late call and forgets the call
// sites' times alone (ParallelFor.cpp); the tests' and benchmarks' switch.
void stablehlo_py_set_thread_count(int64_t threads);
}

#endif // STABLEHLO_PY_RUNTIME_PARALLELFOR_H
