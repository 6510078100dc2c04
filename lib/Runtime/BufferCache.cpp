// The compiled code's heap buffers. Freed large buffers are kept for the next
// call instead of going back to the C library: glibc hands a program's large
// temporaries back to the kernel (it unmaps big chunks and trims the heap
// top once several are free), so every call paid for fresh zeroed pages,
// 7 of the 8 ms of four element-wise ops over 1M floats. The cache is
// bounded (kCachedLimit) and shared by every engine and thread.
#include "Runtime/BufferCache.h"

#include <cstdlib>
#include <map>
#include <mutex>
#include <vector>

namespace {

// Each buffer is preceded by a header holding its size; 16 bytes keep the
// buffer aligned as malloc's (the lowering aligns further itself).
constexpr uint64_t kHeader = 16;
// Buffers from this size on are cached; below it malloc's own bins reuse
// memory without page faults.
constexpr uint64_t kCachedFrom = 256 * 1024;
constexpr uint64_t kCachedLimit = 256ull << 20;
constexpr uint64_t kPage = 4096;

struct Cache {
  std::mutex mutex;
  std::map<uint64_t, std::vector<void *>> free; // by size, header included
  uint64_t held = 0;
};

Cache &cache() {
  static Cache *instance = new Cache; // never destroyed: engines may outlive
  return *instance;                   // static destructors at exit
}

} // namespace

extern "C" {

void *_mlir_memref_to_llvm_alloc(uint64_t size) {
  uint64_t total = size + kHeader;
  if (total < size) // overflow: no such buffer
    return nullptr;
  void *block = nullptr;
  if (total >= kCachedFrom) {
    total = (total + kPage - 1) / kPage * kPage; // sizes that recur match
    Cache &c = cache();
    std::lock_guard<std::mutex> lock(c.mutex);
    auto it = c.free.find(total);
    if (it != c.free.end() && !it->second.empty()) {
      block = it->second.back();
      it->second.pop_back();
      c.held -= total;
    }
  }
  if (!block && !(block = std::malloc(total)))
    return nullptr;
  *static_cast<uint64_t *>(block) = total;
  return static_cast<char *>(block) + kHeader;
}

void _mlir_memref_to_llvm_free(void *buffer) {
  if (!buffer)
    return;
  void *block = static_cast<char *>(buffer) - kHeader;
  uint64_t total = *static_cast<uint64_t *>(block);
  if (total >= kCachedFrom) {
    Cache &c = cache();
    std::lock_guard<std::mutex> lock(c.mutex);
    if (c.held + total <= kCachedLimit) {
      c.free[total].push_back(block);
      c.held += total;
      return;
    }
  }
  std::free(block);
}

} // extern "C"
