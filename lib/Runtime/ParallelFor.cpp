// The compiled backend's thread pool (ParallelFor.h). Workers sleep on a
// condition variable between calls (they never spin: with one core kept
// busy by another process, a spinning worker would take the time the caller
// needs). A call cuts its range into a few chunks per thread, which the
// caller and the workers claim through an atomic counter: a worker the
// scheduler does not run soon leaves its share to the caller instead of
// holding the call up. A worker preempted in the middle of a chunk (the
// other core busy) still holds the caller up; where that happens, the pool
// backs off (Backoff). No MLIR or Python here.
#include "Runtime/ParallelFor.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <pthread.h>
#include <thread>

namespace {

using Body = void (*)(void *, int64_t, int64_t);

// Chunks per thread: small enough that the caller can take over a late
// worker's share, large enough that claiming them costs nothing.
constexpr int64_t kChunksPerThread = 4;
constexpr int64_t kMaxThreads = 8;

struct Pool {
  std::mutex mutex;
  std::condition_variable wake, done;
  int64_t workers = 0; // started (they live as long as the process)
  // The running call: its body (null between calls: no worker joins then),
  // its range in chunks, and the workers that may still join.
  Body body = nullptr;
  void *context = nullptr;
  int64_t n = 0, chunk = 0, chunks = 0;
  uint64_t generation = 0;
  int64_t joinable = 0, active = 0;
  std::atomic<int64_t> next{0};
  std::atomic<bool> busy{false};
};

// Calls on the caller alone after a call on threads that a late worker made
// slower than the caller alone would have been (record): 16 calls, doubling
// on each late call up to 4096, back to 16 after a call on threads is on
// time. On a machine whose other core is busy, threads then cost one slow
// call in thousands instead of many; on a quiet one they never back off.
struct Backoff {
  static constexpr int64_t kFirst = 16, kMost = 4096;
  std::atomic<int64_t> serialLeft{0}, length{kFirst};

  // Whether this call should run on the caller alone.
  bool serial() {
    int64_t left = serialLeft.load(std::memory_order_relaxed);
    if (left <= 0)
      return false;
    serialLeft.store(left - 1, std::memory_order_relaxed);
    return true;
  }
  void reset() {
    serialLeft.store(0, std::memory_order_relaxed);
    length.store(kFirst, std::memory_order_relaxed);
  }
  // `worked`: the caller's time on its `mine` of the call's `chunks`;
  // `waited`: its time waiting for the workers after that. Late when the call
  // took longer than the caller alone would have (all chunks at its own pace)
  // by more than a quarter of its own work. Waiting is no loss in itself: the
  // caller of a product's two halves always waits through the worker's half
  // (the rule was once "waited more than half of worked", which every such
  // call on a quiet machine met now and then, so that products ran on one
  // thread for thousands of calls: issue 36, transformer block 4.5 -> 5.5 ms).
  void record(double worked, double waited, int64_t mine, int64_t chunks) {
    double alone = mine > 0 ? worked * chunks / mine : 0;
    bool late = mine > 0 && 4 * (worked + waited - alone) > worked;
    if (!late) {
      length.store(kFirst, std::memory_order_relaxed);
      return;
    }
    int64_t now = length.load(std::memory_order_relaxed);
    serialLeft.store(now, std::memory_order_relaxed);
    length.store(std::min(now * 2, kMost), std::memory_order_relaxed);
  }
};

Pool *pool = new Pool; // never destroyed: workers outlive static destructors
Backoff backoff;
std::atomic<int64_t> threadSetting{0};

// Runs chunks until none is left; returns how many it ran.
int64_t runChunks(Body body, void *context, int64_t n, int64_t chunk,
                  int64_t chunks, std::atomic<int64_t> &next) {
  for (int64_t ran = 0;; ++ran) {
    int64_t i = next.fetch_add(1, std::memory_order_relaxed);
    if (i >= chunks)
      return ran;
    body(context, i * chunk, std::min(n, (i + 1) * chunk));
  }
}

void work(Pool *p) {
  uint64_t seen = 0;
  std::unique_lock<std::mutex> lock(p->mutex);
  for (;;) {
    p->wake.wait(lock, [&] {
      return p->body && p->generation != seen && p->joinable > 0;
    });
    seen = p->generation;
    --p->joinable;
    ++p->active;
    Body body = p->body;
    void *context = p->context;
    int64_t n = p->n, chunk = p->chunk, chunks = p->chunks;
    lock.unlock();
    runChunks(body, context, n, chunk, chunks, p->next);
    lock.lock();
    if (--p->active == 0)
      p->done.notify_all();
  }
}

int64_t defaultThreads() {
  if (const char *text = std::getenv("STABLEHLO_PY_THREADS")) {
    long long value = std::atoll(text);
    if (value >= 1)
      return std::min<int64_t>(value, kMaxThreads);
  }
  unsigned cores = std::thread::hardware_concurrency();
  return std::clamp<int64_t>(cores ? cores : 1, 1, kMaxThreads);
}

// A forked child has none of the parent's workers (and perhaps a mutex a
// worker held): it starts with a pool of its own.
void forkedChild() { pool = new Pool; }
[[maybe_unused]] const int atFork = pthread_atfork(nullptr, nullptr, forkedChild);

} // namespace

extern "C" {

int64_t stablehlo_py_thread_count() {
  int64_t set = threadSetting.load(std::memory_order_relaxed);
  if (set >= 1)
    return set;
  static const int64_t fallback = defaultThreads();
  return fallback;
}

void stablehlo_py_set_thread_count(int64_t threads) {
  threadSetting.store(std::clamp<int64_t>(threads, 0, kMaxThreads),
                      std::memory_order_relaxed);
  backoff.reset(); // a new setting starts on threads again
}

void stablehlo_py_parallel_for(Body body, void *context, int64_t n,
                               int64_t minChunk) {
  if (n <= 0)
    return;
  int64_t threads = stablehlo_py_thread_count();
  minChunk = std::max<int64_t>(minChunk, 1);
  int64_t share = (n + threads * kChunksPerThread - 1) /
                  (threads * kChunksPerThread);
  int64_t chunk = (share + minChunk - 1) / minChunk * minChunk;
  int64_t chunks = (n + chunk - 1) / chunk;
  Pool *p = pool;
  bool idle = false;
  if (threads <= 1 || chunks <= 1 || backoff.serial() ||
      !p->busy.compare_exchange_strong(idle, true)) {
    body(context, 0, n);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(p->mutex);
    for (; p->workers < threads - 1; ++p->workers)
      std::thread(work, p).detach();
    p->body = body;
    p->context = context;
    p->n = n;
    p->chunk = chunk;
    p->chunks = chunks;
    p->next.store(0, std::memory_order_relaxed);
    ++p->generation;
    p->joinable = std::min(threads - 1, chunks - 1);
  }
  using Clock = std::chrono::steady_clock;
  Clock::time_point start = Clock::now();
  p->wake.notify_all();
  int64_t mine = runChunks(body, context, n, chunk, chunks, p->next);
  Clock::time_point worked = Clock::now();
  {
    std::unique_lock<std::mutex> lock(p->mutex);
    p->body = nullptr; // a worker waking only now stays asleep
    p->joinable = 0;
    p->done.wait(lock, [&] { return p->active == 0; });
  }
  std::chrono::duration<double> working = worked - start,
                                waiting = Clock::now() - worked;
  backoff.record(working.count(), waiting.count(), mine, chunks);
  p->busy.store(false);
}

} // extern "C"
