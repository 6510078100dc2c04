// stablehlo-py-blocked-elementwise: a run of element-wise work over the same
// number of elements (linalg.generic ops of identity maps, calls of numpy's
// inner loops, copies, all on whole contiguous buffers; generics reading
// operands by row and row reductions, in blocks of whole rows) runs block by
// block (docs/lowering.md, "Element-wise chains in blocks"). Each library call
// breaks linalg's fusion, so a chain of math functions made one pass over
// memory per call, through whole-size temporaries; in blocks, the
// temporaries only the run uses become slices of one buffer of a block,
// allocated and freed in each block (malloc gives the same memory back, still
// in the cache). The block loop is an scf.parallel that
// stablehlo-py-outline-parallel-loops puts on the thread pool.
//
// Every op of the run reads and writes element i of each buffer at flat index
// i only, so running the ops block after block computes what they computed
// whole, element for element. Blocks are a multiple of 16 elements long and
// start at a multiple of 64 bytes from the buffer's start (the block
// temporaries 64-byte aligned): numpy's SIMD loops see each element in the
// same vector lane as in one call over the whole buffer.
#include "Conversion/LoweringCommon.h"
#include "Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <numeric>


namespace mlir::stablehlo {

#define GEN_PASS_DEF_STABLEHLOPYBLOCKEDELEMENTWISEPASS
#include "Passes.h.inc"

namespace {

// A contiguous buffer of static shape (identity layout).
bool contiguous(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && memref.hasStaticShape() && memref.getLayout().isIdentity() &&
         memref.getRank() > 0 && !memref.getMemorySpace();
}

int64_t elements(Value value) {
  return cast<MemRefType>(value.getType()).getNumElements();
}

// Views that keep a buffer's flat indices: a cast, collapse or expand of a
// contiguous buffer.
bool flatView(Operation *op) {
  return isa<memref::CastOp, memref::CollapseShapeOp, memref::ExpandShapeOp>(
             op) &&
         contiguous(op->getOperand(0).getType()) &&
         contiguous(op->getResult(0).getType());
}

// The buffer under a chain of flat views.
Value rootOf(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (!flatView(def))
      break;
    value = def->getOperand(0);
  }
  return value;
}

// A numpy-loop call's contiguous operand behind its cast to the callee's
// strided type.
Value uncast(Value value) {
  if (auto cast = value.getDefiningOp<memref::CastOp>())
    if (contiguous(cast.getSource().getType()))
      return cast.getSource();
  return {};
}

// Whether `map` (not the identity) reads by row: the leading loops only
// (else the trailing ones only: by column).
bool byRow(AffineMap map) {
  return map.getNumResults() > 0 &&
         map.getResult(0) == getAffineDimExpr(0, map.getContext());
}

// The length of the rows a generic reads some operands by: a generic whose
// inputs are indexed by identity maps, by the leading `k` loops (a value per
// row of the other loops, a row broadcast, as softmax's max and sum) or by
// the trailing `rank - k` loops (a row of values each row reads, a column
// broadcast, as layer norm's scale and offset), one k for all, its rows the
// product of the trailing loops' sizes; 0 for a generic of identity maps
// alone, -1 for any other op or generic.
int64_t rowLength(linalg::GenericOp generic) {
  int64_t rank = generic.getNumLoops(), prefix = -1;
  AffineMap identity =
      AffineMap::getMultiDimIdentityMap(rank, generic.getContext());
  for (OpOperand &operand : generic->getOpOperands()) {
    AffineMap map = generic.getMatchingIndexingMap(&operand);
    if (map.isIdentity())
      continue;
    int64_t k = map.getNumResults();
    if (generic.isDpsInit(&operand) || k == 0 || k >= rank)
      return -1;
    int64_t split = byRow(map) ? k : rank - k;
    if ((byRow(map) ? map != identity.getMajorSubMap(k)
                    : map != identity.getMinorSubMap(k)) ||
        (prefix >= 0 && prefix != split))
      return -1;
    prefix = split;
  }
  if (prefix < 0)
    return 0;
  SmallVector<int64_t> sizes = generic.getStaticLoopRanges();
  int64_t length = 1;
  for (int64_t size : ArrayRef(sizes).drop_front(prefix)) {
    if (ShapedType::isDynamic(size))
      return -1;
    length *= size;
  }
  return length;
}

// A row reduction: a call of @__stablehlo_py_numpy_reduce_<T> or of
// @__stablehlo_py_blas_sum_<T> over rows (columns = 0) whose operand is a
// contiguous buffer viewed as [K, M, L] ([K, L]) and whose result is a
// contiguous [K]: output k reduces the k-th M*L elements, in an order of its
// own (NumpyLoops.cpp), so a block of whole rows computes its outputs as the
// whole call does. The BLAS's (gemv) sums each output as in the whole call
// where the block's rows start at a multiple of 4 and number 4 or more
// (OpenBLAS's gemv_t takes the outputs 4 at a time, the last K % 4 alone,
// and one output is numpy's dot: measured, NumpyLoops.h): blocks of a
// multiple of 4 rows, K a multiple of 4.
struct RowReduction {
  Value input, output;
  bool blas = false;
};

std::optional<RowReduction> rowReduction(Operation *op) {
  auto call = dyn_cast<func::CallOp>(op);
  if (!call || call.getNumOperands() != 3)
    return std::nullopt;
  StringRef callee = call.getCallee();
  bool blas = callee.consume_front("__stablehlo_py_blas_sum_");
  if (!blas && !callee.consume_front("__stablehlo_py_numpy_reduce_"))
    return std::nullopt;
  Value input = uncast(call.getOperand(0)), output = uncast(call.getOperand(1));
  if (!input || !output)
    return std::nullopt;
  auto in = cast<MemRefType>(input.getType());
  auto out = cast<MemRefType>(output.getType());
  if (in.getRank() != (blas ? 2 : 3) || out.getRank() != 1 ||
      in.getDimSize(0) != out.getDimSize(0) || in.getNumElements() == 0)
    return std::nullopt;
  if (blas) {
    APInt columns;
    if (!matchPattern(call.getOperand(2), m_ConstantInt(&columns)) ||
        !columns.isZero() || in.getDimSize(0) % 4 != 0)
      return std::nullopt;
  }
  return RowReduction{input, output, blas};
}

// What an op of a run does by rows: the values it reads by row (a generic's
// row broadcasts: rowLength) or writes by row (a row reduction's results),
// each value then serving a row of `length` elements.
struct Rows {
  SmallVector<Value> reads, writes, columns; // columns: read whole by each row
  int64_t length = 0; // 0: none
  bool blas = false;  // a BLAS sum: blocks of a multiple of 4 rows
};

// The buffers an op of a run reads and writes (each contiguous), or false if
// the op is none of: an element-wise linalg.generic on buffers (identity
// maps, or row broadcasts: rowLength; no linalg.index), a numpy-loop call, a
// row reduction, a memref.copy. What it reads or writes by row goes to `rows`.
bool blockable(Operation *op, SmallVectorImpl<Value> &reads,
               SmallVectorImpl<Value> &writes, Rows *rows = nullptr) {
  Rows found;
  if (auto generic = dyn_cast<linalg::GenericOp>(op)) {
    if (!generic.hasPureBufferSemantics() || generic.getNumLoops() == 0 ||
        generic.getNumParallelLoops() != generic.getNumLoops() ||
        !generic.getBody()->getOps<linalg::IndexOp>().empty())
      return false;
    found.length = rowLength(generic);
    if (found.length < 0)
      return false;
    for (OpOperand *in : generic.getDpsInputOperands()) {
      AffineMap map = generic.getMatchingIndexingMap(in);
      (map.isIdentity() ? reads : byRow(map) ? found.reads : found.columns)
          .push_back(in->get());
    }
    for (Value out : generic.getDpsInits())
      writes.push_back(out);
  } else if (std::optional<RowReduction> reduction = rowReduction(op)) {
    reads.push_back(reduction->input);
    found.writes.push_back(reduction->output);
    found.length = cast<MemRefType>(reduction->input.getType()).getNumElements() /
                   cast<MemRefType>(reduction->output.getType()).getNumElements();
    found.blas = reduction->blas;
  } else if (auto call = dyn_cast<func::CallOp>(op)) {
    // @__stablehlo_py_numpy_loop_f32/_f64 (library-math's declarations)
    StringRef callee = call.getCallee();
    if (!callee.consume_front(linalg_lowering::kNumpyLoopKernel) ||
        !callee.starts_with("_") || call.getNumOperands() != 3)
      return false;
    Value in = uncast(call.getOperand(0)), out = uncast(call.getOperand(1));
    if (!in || !out || cast<MemRefType>(in.getType()).getRank() != 1 ||
        cast<MemRefType>(out.getType()).getRank() != 1)
      return false;
    reads.push_back(in);
    writes.push_back(out);
  } else if (auto copy = dyn_cast<memref::CopyOp>(op)) {
    reads.push_back(copy.getSource());
    writes.push_back(copy.getTarget());
  } else {
    return false;
  }
  auto isContiguous = [](Value v) { return contiguous(v.getType()); };
  bool all = llvm::all_of(reads, isContiguous) &&
             llvm::all_of(writes, isContiguous) &&
             llvm::all_of(found.reads, isContiguous) &&
             llvm::all_of(found.writes, isContiguous) &&
             llvm::all_of(found.columns, isContiguous);
  if (rows)
    *rows = std::move(found);
  return all;
}

// Whether ops running block by block may read or write `root`: a buffer of
// the function's own, a constant's, or an argument (written only by the
// entry, whose written arguments are the caller's new result arrays).
bool safeRoot(Value root, bool written, bool entry) {
  Operation *def = root.getDefiningOp();
  if (!def)
    return isa<func::FuncOp>(root.getParentBlock()->getParentOp()) &&
           (!written || entry);
  if (isa<memref::AllocOp, memref::AllocaOp>(def))
    return true;
  return !written && isa<memref::GetGlobalOp>(def);
}

// A contiguous buffer as one dimension.
Value flatOf(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getRank() == 1)
    return buffer;
  SmallVector<ReassociationIndices> all(1);
  for (int64_t d = 0; d < type.getRank(); ++d)
    all.front().push_back(d);
  return memref::CollapseShapeOp::create(b, loc, buffer, all);
}

struct Run {
  SmallVector<Operation *> ops;
  int64_t elements = 0;
  int64_t row = 0; // the rows its ops read or write by (Rows), or 0
  bool callsLibrary = false, copies = false, blas = false;
};

// A run by rows takes blocks of whole rows, about this many times
// block-elements or half the run if less (rows longer than that: not
// blocked; one row a block at least, 4 with a BLAS sum): each block calls a
// reduction kernel or two besides numpy's loops, and fewer, longer calls
// paid (softmax 512x1024 f32, blocks of 4 -> 16 rows: two threads 275 ->
// 260 us, one the same).
constexpr int64_t kRowBlockScale = 8;

struct BlockedElementwise
    : impl::StablehloPyBlockedElementwisePassBase<BlockedElementwise> {
  using Base::Base;

  void runOnOperation() override {
    if (blockElements < 16 || blockElements % 16 != 0) {
      getOperation().emitError(
          "stablehlo-py-blocked-elementwise: block-elements must be a "
          "positive multiple of 16");
      return signalPassFailure();
    }
    getOperation().walk([&](func::FuncOp function) {
      bool entry = function->hasAttr("llvm.emit_c_interface");
      SmallVector<Run> runs;
      function.walk([&](Block *block) { collect(*block, entry, runs); });
      for (Run &run : runs)
        rewrite(run);
    });
  }

  // A run's block: block-elements, or with row broadcasts whole rows, a
  // multiple of 16 elements too.
  int64_t blockLength(const Run &run) {
    if (run.row == 0)
      return blockElements;
    int64_t unit = std::lcm(run.row * (run.blas ? 4 : 1), int64_t(16));
    // (at most half the run where units allow: two blocks, two threads)
    int64_t target = std::min(kRowBlockScale * blockElements, run.elements / 2);
    return unit * std::max<int64_t>(1, target / unit);
  }

  // The runs of `block` worth blocking: two ops or more, a library call
  // among them, at least two blocks of elements. Runs without a library call
  // that copy a result are kept too: their copies may go (directOutputs).
  void collect(Block &block, bool entry, SmallVectorImpl<Run> &runs) {
    Run current;
    auto close = [&] {
      if (current.ops.size() >= 2 &&
          ((current.callsLibrary && current.elements >= 2 * blockElements &&
            current.elements >= 2 * blockLength(current)) ||
           (!current.callsLibrary && current.copies)))
        runs.push_back(current);
      current = Run();
    };
    for (Operation &op : block) {
      SmallVector<Value> reads, writes;
      Rows rows;
      if (blockable(&op, reads, writes, &rows)) {
        int64_t row = rows.length;
        // (a row reduction writes no buffer of the run's size: its operand is)
        int64_t n = !writes.empty()  ? elements(writes.front())
                    : !reads.empty() ? elements(reads.front())
                                     : 0;
        bool fits = n > 0 && llvm::all_of(reads, [&](Value v) {
                      return elements(v) == n &&
                             safeRoot(rootOf(v), false, entry);
                    }) &&
                    llvm::all_of(writes, [&](Value v) {
                      return elements(v) == n &&
                             safeRoot(rootOf(v), true, entry);
                    });
        // Rows of at least 2 (a row read then has fewer elements than the
        // run's buffers: none of them), whole in a block.
        fits &= row == 0 ||
                (row >= 2 && n % row == 0 &&
                 std::lcm(row, int64_t(16)) <= kRowBlockScale * blockElements &&
                 llvm::all_of(rows.reads, [&](Value v) {
                   return elements(v) == n / row &&
                          safeRoot(rootOf(v), false, entry);
                 }) &&
                 llvm::all_of(rows.writes, [&](Value v) {
                   return elements(v) == n / row &&
                          safeRoot(rootOf(v), true, entry);
                 }) &&
                 llvm::all_of(rows.columns, [&](Value v) {
                   return elements(v) == row &&
                          safeRoot(rootOf(v), false, entry);
                 }));
        if (!fits) {
          close();
          continue;
        }
        if (!current.ops.empty() &&
            (current.elements != n ||
             (row && current.row && row != current.row)))
          close();
        current.elements = n;
        if (row)
          current.row = row;
        current.blas |= rows.blas;
        current.ops.push_back(&op);
        current.callsLibrary |= isa<func::CallOp>(op);
        current.copies |= isa<memref::CopyOp>(op);
        continue;
      }
      // Ops computing no memory contents stay where they are, before the
      // block loop.
      if (op.getNumRegions() == 0 &&
          (isMemoryEffectFree(&op) || isa<memref::AllocOp>(op)))
        continue;
      close();
    }
    close();
  }

  // Buffers allocated in the run's block whose every use (through flat
  // views) is an op of the run or their deallocation: the run's
  // temporaries, each then a buffer of one block.
  SetVector<Value> temporaries(const Run &run) {
    DenseSet<Operation *> members(run.ops.begin(), run.ops.end());
    Block *block = run.ops.front()->getBlock();
    SetVector<Value> found;
    auto onlyRun = [&](Value root) {
      SmallVector<Value> work = {root};
      while (!work.empty()) {
        Value value = work.pop_back_val();
        for (Operation *user : value.getUsers()) {
          if (members.contains(user))
            continue;
          if (isa<memref::DeallocOp>(user) && user->getBlock() == block)
            continue;
          // (a cast to the numpy-loop callee's type included)
          if ((flatView(user) || isa<memref::CastOp>(user)) &&
              user->getBlock() == block) {
            work.push_back(user->getResult(0));
            continue;
          }
          return false;
        }
      }
      return true;
    };
    for (Operation *op : run.ops) {
      SmallVector<Value> reads, writes;
      blockable(op, reads, writes);
      for (Value value : llvm::concat<Value>(reads, writes)) {
        Value root = rootOf(value);
        auto alloc = root.getDefiningOp<memref::AllocOp>();
        if (alloc && alloc->getBlock() == block &&
            cast<MemRefType>(root.getType()).getElementType().isIntOrFloat() &&
            onlyRun(root))
          found.insert(root);
      }
    }
    return found;
  }

  // The run's copies of a temporary that one element-wise linalg.generic of
  // the run writes into a buffer no other op of the run reads or writes (a
  // function's result copied into its out-parameter): that generic writes
  // the buffer's blocks itself, the temporary's reads read them there, and
  // the copy goes (one pass over each block less). Not a numpy-loop call's
  // output: its blocks stay the temporaries' 64-byte aligned ones.
  // Returns temporary -> buffer; `dropped` gets the copies.
  DenseMap<Value, Value> directOutputs(const Run &run,
                                       const SetVector<Value> &temps,
                                       DenseSet<Operation *> &dropped) {
    DenseMap<Value, Value> found;
    for (auto [index, op] : llvm::enumerate(run.ops)) {
      auto copy = dyn_cast<memref::CopyOp>(op);
      if (!copy)
        continue;
      Value source = rootOf(copy.getSource()), target = rootOf(copy.getTarget());
      if (!temps.contains(source) || temps.contains(target) ||
          found.contains(source))
        continue;
      Operation *writer = nullptr;
      bool alone = true; // the source written once, the target by the copy only
      for (auto [other, otherOp] : llvm::enumerate(run.ops)) {
        if (otherOp == op)
          continue;
        SmallVector<Value> reads, writes;
        Rows rows;
        blockable(otherOp, reads, writes, &rows);
        llvm::append_range(reads, rows.reads);
        llvm::append_range(reads, rows.columns);
        llvm::append_range(writes, rows.writes);
        for (Value value : writes) {
          Value root = rootOf(value);
          if (root == source) {
            alone &= !writer && other < index;
            writer = otherOp;
          }
          alone &= root != target;
        }
        for (Value value : reads)
          alone &= rootOf(value) != target;
      }
      if (alone && writer && isa<linalg::GenericOp>(writer)) {
        found[source] = copy.getTarget();
        dropped.insert(op);
      }
    }
    return found;
  }

  // A run without library calls is not blocked (linalg's fusion already
  // made its generics one loop where it could): its generics write the
  // buffers their results are copied into themselves, where the temporary is
  // the generic's output as it is and used by nothing else.
  void redirect(const Run &run, const SetVector<Value> &temps,
                const DenseMap<Value, Value> &direct,
                const DenseSet<Operation *> &dropped) {
    for (Operation *op : run.ops) {
      auto copy = dyn_cast<memref::CopyOp>(op);
      if (!copy || !dropped.contains(op))
        continue;
      Value temp = copy.getSource(), target = copy.getTarget();
      if (direct.lookup(temp) != target || temp.getType() != target.getType())
        continue;
      linalg::GenericOp writer;
      bool only = true;
      for (Operation *user : temp.getUsers()) {
        auto generic = dyn_cast<linalg::GenericOp>(user);
        if (generic && llvm::is_contained(run.ops, user) &&
            llvm::is_contained(generic.getDpsInits(), temp) &&
            !llvm::is_contained(generic.getDpsInputs(), temp) && !writer)
          writer = generic;
        else
          only &= user == op || isa<memref::DeallocOp>(user);
      }
      Operation *def = target.getDefiningOp();
      if (!writer || !only ||
          (def && def->getBlock() == writer->getBlock() &&
           !def->isBeforeInBlock(writer)))
        continue;
      writer->replaceUsesOfWith(temp, target);
      copy->erase();
      for (Operation *user : llvm::make_early_inc_range(temp.getUsers()))
        user->erase();
      temp.getDefiningOp()->erase();
    }
  }

  void rewrite(const Run &run) {
    SetVector<Value> temps = temporaries(run);
    DenseSet<Operation *> dropped;
    DenseMap<Value, Value> direct = directOutputs(run, temps, dropped);
    if (!run.callsLibrary)
      return redirect(run, temps, direct, dropped);
    int64_t blockElements = blockLength(run); // (this run's: whole rows)
    Operation *last = run.ops.back();
    Location loc = last->getLoc();
    OpBuilder b(last->getContext());
    b.setInsertionPointAfter(last);
    int64_t n = run.elements;
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value total = arith::ConstantIndexOp::create(b, loc, n);
    Value step = arith::ConstantIndexOp::create(b, loc, blockElements);
    auto loop = scf::ParallelOp::create(b, loc, ValueRange{zero},
                                        ValueRange{total}, ValueRange{step});
    // The pool takes this loop whatever its estimated work
    // (OutlineParallelLoops.cpp): every block calls numpy's loops.
    loop->setAttr("stablehlo_py.blocks", b.getUnitAttr());
    b.setInsertionPointToStart(loop.getBody());
    Value begin = loop.getInductionVars().front();
    Value size = arith::MinSIOp::create(
        b, loc, step, arith::SubIOp::create(b, loc, total, begin));
    OpFoldResult one = b.getIndexAttr(1); // a static unit stride: vector loops
    // The temporaries' blocks: slices of one buffer of bytes per block (one
    // malloc and free a block), each 64-byte aligned. A temporary whose first
    // use (by op of the run) comes after the last use of another's takes
    // that one's slice: fewer bytes a block, which the cache keeps.
    DenseMap<Value, int64_t> firstUse, lastUse;
    for (auto [index, op] : llvm::enumerate(run.ops)) {
      SmallVector<Value> reads, writes;
      blockable(op, reads, writes);
      for (Value value : llvm::concat<Value>(reads, writes)) {
        Value root = rootOf(value);
        firstUse.try_emplace(root, int64_t(index));
        lastUse[root] = int64_t(index);
      }
    }
    struct Slice {
      int64_t offset, bytes, freeAfter;
    };
    SmallVector<Slice> taken;
    DenseMap<Value, int64_t> slices;
    int64_t bytes = 0;
    for (Value temp : temps) {
      if (direct.contains(temp))
        continue;
      int64_t width =
          (cast<MemRefType>(temp.getType()).getElementTypeBitWidth() + 7) / 8;
      int64_t size = (blockElements * width + 63) / 64 * 64;
      Slice *reuse = nullptr;
      for (Slice &slice : taken)
        if (slice.bytes == size && slice.freeAfter < firstUse[temp]) {
          reuse = &slice;
          break;
        }
      if (!reuse) {
        taken.push_back({bytes, size, 0});
        reuse = &taken.back();
        bytes += size;
      }
      reuse->freeAfter = lastUse[temp];
      slices[temp] = reuse->offset;
    }
    Value storage;
    if (bytes > 0)
      storage = memref::AllocOp::create(
          b, loc, MemRefType::get({bytes}, b.getI8Type()),
          b.getI64IntegerAttr(64));
    DenseMap<Value, Value> views; // a buffer -> its current block
    auto blockOf = [&](Value value) -> Value {
      Value root = rootOf(value);
      if (Value target = direct.lookup(root)) {
        value = target;
        root = rootOf(target);
      }
      Value key = temps.contains(root) ? root : value;
      if (Value found = views.lookup(key))
        return found;
      auto type = cast<MemRefType>(value.getType());
      Value flat = value;
      OpFoldResult offset = begin;
      if (temps.contains(root)) {
        // Freed after the block, so malloc gives the same memory, still in
        // the cache, to the next block (the stack could not take a block
        // per iteration of a loop).
        auto local = MemRefType::get({blockElements}, type.getElementType());
        Value shift = arith::ConstantIndexOp::create(b, loc, slices[root]);
        flat = memref::ViewOp::create(b, loc, local, storage, shift,
                                      ValueRange{});
        offset = b.getIndexAttr(0);
      } else {
        flat = flatOf(b, loc, flat);
      }
      Value view = memref::SubViewOp::create(
          b, loc, flat, ArrayRef<OpFoldResult>{offset},
          ArrayRef<OpFoldResult>{size}, ArrayRef<OpFoldResult>{one});
      views[key] = view;
      return view;
    };

    MLIRContext *context = b.getContext();
    // The buffers in memory (not the temporaries' blocks) ask for their next
    // block ahead, a share of its cache lines before each op of the run: the
    // lines arrive while numpy's loops compute on this block, instead of
    // each block's first pass waiting for memory (1 thread: 3-5% faster).
    SmallVector<std::pair<Value, bool>> outside; // a 1-D view, written
    DenseMap<Value, int64_t> outsideIndex;
    // Not in runs by rows: their first op reads the block's rows in order
    // (the hardware's prefetcher follows), and the prefetch loops cost more
    // than they gained (softmax 512x1024 f32: one thread 455 -> 429 us, two
    // 304 -> 276 us without them).
    for (Operation *op : run.row ? ArrayRef<Operation *>() : ArrayRef(run.ops)) {
      SmallVector<Value> reads, writes;
      blockable(op, reads, writes);
      for (auto [index, value] : llvm::enumerate(llvm::concat<Value>(reads, writes))) {
        bool written = index >= reads.size();
        Value root = rootOf(value);
        if (temps.contains(root))
          continue;
        auto [it, fresh] = outsideIndex.try_emplace(root, outside.size());
        if (fresh)
          outside.push_back({flatOf(b, loc, root), written});
        outside[it->second].second |= written;
      }
    }
    int64_t share = llvm::divideCeil(
        blockElements, int64_t(run.ops.size() - dropped.size()));
    Value next = arith::AddIOp::create(b, loc, begin, step);
    auto prefetch = [&](int64_t k) {
      auto at = [&](int64_t offset) {
        return arith::MinSIOp::create(
            b, loc, total,
            arith::AddIOp::create(
                b, loc, next, arith::ConstantIndexOp::create(b, loc, offset)));
      };
      for (auto [flat, written] : outside) {
        int64_t width = (cast<MemRefType>(flat.getType()).getElementTypeBitWidth() + 7) / 8;
        auto lines = scf::ForOp::create(
            b, loc, at(k * share),
            at(std::min<int64_t>((k + 1) * share, blockElements)),
            arith::ConstantIndexOp::create(b, loc, std::max<int64_t>(1, 64 / width)));
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(lines.getBody());
        memref::PrefetchOp::create(b, loc, flat,
                                   ValueRange{lines.getInductionVar()}, written,
                                   /*localityHint=*/2, /*isDataCache=*/true);
      }
    };
    int64_t k = 0;
    for (Operation *op : run.ops) {
      if (!dropped.contains(op))
        prefetch(k++);
      if (auto generic = dyn_cast<linalg::GenericOp>(op);
          generic && rowLength(generic) > 0) {
        // A generic reading by row: two loops, the block's rows and a row,
        // its other operands' blocks as [rows, row], a row read's values as
        // the block's rows of it.
        int64_t row = run.row;
        Value length = arith::ConstantIndexOp::create(b, loc, row);
        Value rows = arith::DivUIOp::create(b, loc, size, length);
        Value first = arith::DivUIOp::create(b, loc, begin, length);
        IRMapping mapping;
        SmallVector<AffineMap> maps;
        AffineMap both = AffineMap::getMultiDimIdentityMap(2, context);
        for (OpOperand &operand : generic->getOpOperands()) {
          if (generic.getMatchingIndexingMap(&operand).isIdentity()) {
            Value view = memref::ExpandShapeOp::create(
                b, loc, ArrayRef<int64_t>{ShapedType::kDynamic, row},
                blockOf(operand.get()), ArrayRef<ReassociationIndices>{{0, 1}},
                ArrayRef<OpFoldResult>{rows, b.getIndexAttr(row)});
            mapping.map(operand.get(), view);
            maps.push_back(both);
            continue;
          }
          if (!byRow(generic.getMatchingIndexingMap(&operand))) {
            // a column operand: the whole row of values, for every row
            mapping.map(operand.get(), flatOf(b, loc, operand.get()));
            maps.push_back(both.getMinorSubMap(1));
            continue;
          }
          Value view = memref::SubViewOp::create(
              b, loc, flatOf(b, loc, operand.get()),
              ArrayRef<OpFoldResult>{first}, ArrayRef<OpFoldResult>{rows},
              ArrayRef<OpFoldResult>{one});
          mapping.map(operand.get(), view);
          maps.push_back(both.getMajorSubMap(1));
        }
        Operation *copy = b.clone(*op, mapping);
        copy->setAttr(generic.getIndexingMapsAttrName(),
                      b.getAffineMapArrayAttr(maps));
        auto parallel =
            linalg::IteratorTypeAttr::get(context, utils::IteratorType::parallel);
        copy->setAttr(generic.getIteratorTypesAttrName(),
                      b.getArrayAttr({parallel, parallel}));
      } else if (std::optional<RowReduction> reduction = rowReduction(op)) {
        // The block's rows of the operand, as the call's view shaped them,
        // into the block's outputs.
        Value length = arith::ConstantIndexOp::create(b, loc, run.row);
        Value rows = arith::DivUIOp::create(b, loc, size, length);
        Value first = arith::DivUIOp::create(b, loc, begin, length);
        auto type = cast<MemRefType>(reduction->input.getType());
        SmallVector<int64_t> shape(type.getShape());
        shape[0] = ShapedType::kDynamic;
        SmallVector<OpFoldResult> sizes = {rows};
        ReassociationIndices all;
        for (int64_t d = 0; d < type.getRank(); ++d) {
          all.push_back(d);
          if (d > 0)
            sizes.push_back(b.getIndexAttr(type.getDimSize(d)));
        }
        Value x = memref::ExpandShapeOp::create(
            b, loc, shape, blockOf(reduction->input),
            ArrayRef<ReassociationIndices>{all}, sizes);
        Value y = memref::SubViewOp::create(
            b, loc, flatOf(b, loc, reduction->output),
            ArrayRef<OpFoldResult>{first}, ArrayRef<OpFoldResult>{rows},
            ArrayRef<OpFoldResult>{one});
        auto call = cast<func::CallOp>(op);
        func::CallOp::create(
            b, loc, call.getCallee(), TypeRange{},
            ValueRange{memref::CastOp::create(b, loc, call.getOperand(0).getType(), x),
                       memref::CastOp::create(b, loc, call.getOperand(1).getType(), y),
                       call.getOperand(2)});
      } else if (auto generic = dyn_cast<linalg::GenericOp>(op)) {
        IRMapping mapping;
        for (Value operand : generic->getOperands())
          mapping.map(operand, blockOf(operand));
        Operation *copy = b.clone(*op, mapping);
        int64_t count = generic->getNumOperands();
        copy->setAttr(generic.getIndexingMapsAttrName(),
                      b.getAffineMapArrayAttr(SmallVector<AffineMap>(
                          count, AffineMap::getMultiDimIdentityMap(1, context))));
        copy->setAttr(generic.getIteratorTypesAttrName(),
                      b.getArrayAttr({linalg::IteratorTypeAttr::get(
                          context, utils::IteratorType::parallel)}));
      } else if (auto call = dyn_cast<func::CallOp>(op)) {
        SmallVector<Value> operands;
        for (int64_t i = 0; i < 2; ++i)
          operands.push_back(memref::CastOp::create(
              b, loc, call.getOperand(i).getType(),
              blockOf(uncast(call.getOperand(i)))));
        operands.push_back(call.getOperand(2));
        func::CallOp::create(b, loc, call.getCallee(), TypeRange{}, operands);
      } else if (!dropped.contains(op)) {
        auto copy = cast<memref::CopyOp>(op);
        // (linalg.copy: a loop; memref.copy of strided blocks would be
        // c_runner_utils' element walk, StridedCopies.cpp)
        linalg::CopyOp::create(b, loc, blockOf(copy.getSource()),
                               blockOf(copy.getTarget()));
      }
    }
    if (storage)
      memref::DeallocOp::create(b, loc, storage);
    for (Operation *op : run.ops)
      op->erase();
    // The whole-size temporaries go, with their views and deallocations.
    for (Value temp : temps) {
      SetVector<Operation *> dead;
      SmallVector<Value> work = {temp};
      while (!work.empty())
        for (Operation *user : work.pop_back_val().getUsers()) {
          if (dead.insert(user) && !isa<memref::DeallocOp>(user))
            work.push_back(user->getResult(0));
        }
      for (Operation *op : llvm::reverse(dead))
        op->erase();
      temp.getDefiningOp()->erase();
    }
  }
};

} // namespace
} // namespace mlir::stablehlo
