// The compiled backend's thread pool (ParallelFor.h). Workers sleep on a
// condition variable between calls (they never spin: with one core kept
// busy by another process, a spinning worker would take the time the caller
// needs). A call cuts its range into a few chunks per thread, which the
// caller and the workers claim through an atomic counter: a worker the
// scheduler does not run soon leaves its share to the caller instead of
// holding the call up. A worker preempted in the middle of a chunk (the
// other core busy) still holds the caller up; where that happens, the pool
// backs off, per call site (SerialTimes). No MLIR or Python here.
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

// The fastest each call site (its body and range: the same loop on the same
// shapes, the same work) has run on the caller alone, in nanoseconds: what a
// call on threads must beat, and the site's back-off. A site's first call
// runs on threads, its second alone (timing it), the later ones on threads
// again. Kept in a small table, a site taking over a slot another held;
// atomics, as calls alone run on any thread at once.
//
// The back-off: a site's calls on the caller alone after its late call on
// threads (record): 16 calls, doubling on each late call up to 4096, back to
// 16 after a call on threads is on time. On a machine whose other core is
// busy, threads then cost one slow call in thousands instead of many; on a
// quiet one they never back off.
//
// Late: the call's site has lost time on threads against its fastest call alone
// (lost). A site's first call, before it has run alone, is judged
// by the caller's pace within the call instead: late when the call took longer
// than the caller would have for all chunks at that pace, by more than a quarter
// of its own work. That pace misses most losses on a busy machine (issue 36,
// another process spinning or building): a woken worker sharing the caller's
// core slows the caller's chunks too, so calls 2-4x their time alone looked on
// time (a compute loop of 1.4 ms alone: 3.1-6.2 ms on threads, 6 of 202 calls
// judged late). Waiting is no loss in itself: the caller of a product's two
// halves always waits through the worker's half (the rule was once "waited more
// than half of worked", which every such call on a quiet machine met now and
// then: the transformer block's products ran on one thread, 4.5 -> 5.5 ms).
class SerialTimes {
  static constexpr int64_t kSlots = 64;
  static constexpr int64_t kUntimed = -1; // called on threads, not alone yet
  static constexpr int64_t kFirst = 16, kMost = 4096; // the back-off's calls
  struct Slot {
    std::atomic<Body> body{nullptr};
    std::atomic<int64_t> n{0}, fastest{0}, credit{0};
    std::atomic<int64_t> serialLeft{0}, length{kFirst};
  };
  Slot slots[kSlots];

  Slot &slot(Body body, int64_t n) {
    uint64_t key = (reinterpret_cast<uintptr_t>(body) >> 4) ^
                   (static_cast<uint64_t>(n) * 0x9E3779B97F4A7C15ull);
    return slots[(key * 0x9E3779B97F4A7C15ull) >> 58];
  }
  static bool holds(Slot &s, Body body, int64_t n) {
    return s.body.load(std::memory_order_relaxed) == body &&
           s.n.load(std::memory_order_relaxed) == n;
  }
  static void take(Slot &s, Body body, int64_t n, int64_t fastest) {
    s.body.store(body, std::memory_order_relaxed);
    s.n.store(n, std::memory_order_relaxed);
    s.fastest.store(fastest, std::memory_order_relaxed);
    s.credit.store(0, std::memory_order_relaxed);
    s.serialLeft.store(0, std::memory_order_relaxed);
    s.length.store(kFirst, std::memory_order_relaxed);
  }

public:
  // Whether the site was called on threads but never alone: its next call
  // should run alone.
  bool untimed(Body body, int64_t n) {
    Slot &s = slot(body, n);
    return holds(s, body, n) &&
           s.fastest.load(std::memory_order_relaxed) == kUntimed;
  }
  // After a call on threads that took `took`: 1 if the site's threads have now
  // lost time against its fastest call alone, 0 if not, -1 if it has no time
  // alone yet (then marked called on threads). Each call adds what it saved
  // (negative: lost) to the site's credit, kept at most one call alone: small
  // losses (a worker woken late now and then) are paid from earlier gains, a
  // loss greater than the gains is late and starts the credit again at 0.
  int lost(Body body, int64_t n, int64_t took) {
    Slot &s = slot(body, n);
    if (!holds(s, body, n)) {
      take(s, body, n, kUntimed);
      return -1;
    }
    int64_t fastest = s.fastest.load(std::memory_order_relaxed);
    if (fastest <= 0)
      return -1;
    int64_t credit = std::min(
        s.credit.load(std::memory_order_relaxed) + fastest - took, fastest);
    s.credit.store(std::max<int64_t>(credit, 0), std::memory_order_relaxed);
    return credit < 0;
  }
  void calledAlone(Body body, int64_t n, int64_t nanoseconds) {
    Slot &s = slot(body, n);
    if (!holds(s, body, n)) {
      take(s, body, n, nanoseconds);
      return;
    }
    int64_t fastest = s.fastest.load(std::memory_order_relaxed);
    if (fastest == kUntimed || nanoseconds < fastest) // the site's back-off stays
      s.fastest.store(nanoseconds, std::memory_order_relaxed);
  }
  // Whether this call of the site should run on the caller alone: after a
  // late call the site's next 16 calls do, doubling on each late call up to
  // 4096, back to 16 after a call on time. Per site: a loop whose threads
  // always lose (too little work) keeps only itself on one thread, not the
  // program's other loops (issue 36: the transcendental chain's blocks ran
  // on one thread beside such a site, 1.5 -> 2.9 ms).
  bool serial(Body body, int64_t n) {
    Slot &s = slot(body, n);
    if (!holds(s, body, n))
      return false;
    int64_t left = s.serialLeft.load(std::memory_order_relaxed);
    if (left <= 0)
      return false;
    s.serialLeft.store(left - 1, std::memory_order_relaxed);
    return true;
  }
  void record(Body body, int64_t n, bool late) {
    Slot &s = slot(body, n);
    if (!holds(s, body, n))
      return;
    if (!late) {
      s.length.store(kFirst, std::memory_order_relaxed);
      return;
    }
    int64_t now = s.length.load(std::memory_order_relaxed);
    s.serialLeft.store(now, std::memory_order_relaxed);
    s.length.store(std::min(now * 2, kMost), std::memory_order_relaxed);
  }
  void reset() {
    for (Slot &s : slots)
      s.body.store(nullptr, std::memory_order_relaxed);
  }
};

Pool *pool = new Pool; // never destroyed: workers outlive static destructors
SerialTimes serialTimes;
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
  // A new setting starts on threads again, each site timed alone again.
  serialTimes.reset();
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
  if (chunks <= 1) {
    body(context, 0, n);
    return;
  }
  using Clock = std::chrono::steady_clock;
  auto nanoseconds = [](Clock::duration d) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(d).count();
  };
  Pool *p = pool;
  bool idle = false;
  Clock::time_point start = Clock::now();
  if (threads <= 1 || serialTimes.untimed(body, n) || serialTimes.serial(body, n) ||
      !p->busy.compare_exchange_strong(idle, true)) {
    body(context, 0, n);
    serialTimes.calledAlone(body, n, nanoseconds(Clock::now() - start));
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
  p->wake.notify_all();
  Clock::time_point wakeCalled = Clock::now();
  int64_t mine = runChunks(body, context, n, chunk, chunks, p->next);
  Clock::time_point worked = Clock::now();
  {
    std::unique_lock<std::mutex> lock(p->mutex);
    p->body = nullptr; // a worker waking only now stays asleep
    p->joinable = 0;
    p->done.wait(lock, [&] { return p->active == 0; });
  }
  int64_t took = nanoseconds(Clock::now() - start);
  int lost = serialTimes.lost(body, n, took);
  if (lost < 0) { // no time alone yet: the caller's pace in this call
    int64_t ownWork = nanoseconds(worked - wakeCalled);
    lost = mine > 0 && 4 * (took - ownWork * chunks / mine) > ownWork;
  }
  serialTimes.record(body, n, lost);
  p->busy.store(false);
}

} // extern "C"
