// stablehlo-py-blocked-elementwise: a run of element-wise work over the same
// number of elements (linalg.generic ops of identity maps, calls of numpy's
// inner loops, copies, all on whole contiguous buffers) runs block by block
// (docs/lowering.md, "Element-wise chains in blocks"). Each library call
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
#include "mlir/Interfaces/SideEffectInterfaces.h"


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

// The buffers an op of a run reads and writes (each contiguous), or false if
// the op is none of: an element-wise linalg.generic on buffers (identity
// maps, no linalg.index), a numpy-loop call, a memref.copy.
bool blockable(Operation *op, SmallVectorImpl<Value> &reads,
               SmallVectorImpl<Value> &writes) {
  if (auto generic = dyn_cast<linalg::GenericOp>(op)) {
    if (!generic.hasPureBufferSemantics() || generic.getNumLoops() == 0 ||
        generic.getNumParallelLoops() != generic.getNumLoops() ||
        !llvm::all_of(generic.getIndexingMapsArray(),
                      [](AffineMap map) { return map.isIdentity(); }) ||
        !generic.getBody()->getOps<linalg::IndexOp>().empty())
      return false;
    for (Value in : generic.getDpsInputs())
      reads.push_back(in);
    for (Value out : generic.getDpsInits())
      writes.push_back(out);
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
  return llvm::all_of(reads, [](Value v) { return contiguous(v.getType()); }) &&
         llvm::all_of(writes, [](Value v) { return contiguous(v.getType()); });
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
  bool callsLibrary = false;
};

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

  // The runs of `block` worth blocking: two ops or more, a library call
  // among them, at least two blocks of elements.
  void collect(Block &block, bool entry, SmallVectorImpl<Run> &runs) {
    Run current;
    auto close = [&] {
      if (current.ops.size() >= 2 && current.callsLibrary &&
          current.elements >= 2 * blockElements)
        runs.push_back(current);
      current = Run();
    };
    for (Operation &op : block) {
      SmallVector<Value> reads, writes;
      if (blockable(&op, reads, writes)) {
        int64_t n = writes.empty() ? 0 : elements(writes.front());
        bool fits = n > 0 && llvm::all_of(reads, [&](Value v) {
                      return elements(v) == n &&
                             safeRoot(rootOf(v), false, entry);
                    }) &&
                    llvm::all_of(writes, [&](Value v) {
                      return elements(v) == n &&
                             safeRoot(rootOf(v), true, entry);
                    });
        if (!fits) {
          close();
          continue;
        }
        if (!current.ops.empty() && current.elements != n)
          close();
        current.elements = n;
        current.ops.push_back(&op);
        current.callsLibrary |= isa<func::CallOp>(op);
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
        blockable(otherOp, reads, writes);
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

  void rewrite(const Run &run) {
    SetVector<Value> temps = temporaries(run);
    DenseSet<Operation *> dropped;
    DenseMap<Value, Value> direct = directOutputs(run, temps, dropped);
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
    for (Operation *op : run.ops) {
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
      if (auto generic = dyn_cast<linalg::GenericOp>(op)) {
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
