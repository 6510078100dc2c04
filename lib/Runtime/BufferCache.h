// The compiled code's heap buffers (lib/Runtime/BufferCache.cpp): the
// functions finalize-memref-to-llvm{use-generic-functions} calls for
// memref.alloc and memref.dealloc.
#ifndef STABLEHLO_PY_RUNTIME_BUFFERCACHE_H
#define STABLEHLO_PY_RUNTIME_BUFFERCACHE_H

#include <cstdint>

extern "C" {
// `size` bytes aligned as malloc aligns; large buffers come from the cache.
void *_mlir_memref_to_llvm_alloc(uint64_t size);
void _mlir_memref_to_llvm_free(void *buffer);
}

#endif // STABLEHLO_PY_RUNTIME_BUFFERCACHE_H
