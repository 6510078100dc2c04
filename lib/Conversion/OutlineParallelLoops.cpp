// stablehlo-py-outline-parallel-loops: the outermost scf.parallel loops of
// the compiled backend's code that do enough work run on threads
// (docs/lowering.md, "Threads"). Such a loop's body moves into a function
// of its own, @<function>_parallel_<n>(context, begin, end), which runs the
// iterations [begin, end) of the loop's leading dimensions, linearized (by
// rows of the last, when all are split); the
// loop becomes a call of the runtime's thread pool,
// stablehlo_py_parallel_for(@body, context, iterations, minChunk)
// (lib/Runtime/ParallelFor.h). The context is one LLVM struct of the values
// the body uses from outside (memrefs as their LLVM descriptors, through
// unrealized casts that reconcile-unrealized-casts removes after the LLVM
// lowering), on the caller's stack.
//
// Each iteration still computes what it did, in the same order (a reduction
// dimension's loop stays inside one iteration), so the results are the
// single-thread results bit for bit. A loop is taken only when every write
// of its body is a memref.store indexed by each split induction variable
// (or into a buffer of the body's own) and it calls no function: distinct
// iterations then write distinct elements. The block loops of
// stablehlo-py-blocked-elementwise (marked stablehlo_py.blocks) are taken
// as they are: that pass keeps their blocks apart.
#include "Conversion/LoweringCommon.h"
#include "Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

#include <cmath>

namespace mlir::stablehlo {

#define GEN_PASS_DEF_STABLEHLOPYOUTLINEPARALLELLOOPSPASS
#include "Passes.h.inc"

namespace {

constexpr StringLiteral kParallelFor = "stablehlo_py_parallel_for";
// The leading dimensions split are the fewest whose iterations number at
// least this many: the other dimensions stay whole inside each iteration, so
// that recovering the indices from the linear one costs little.
constexpr int64_t kSplitIterations = 64;

std::optional<int64_t> constantIndex(Value value) {
  APInt bits;
  if (!matchPattern(value, m_ConstantInt(&bits)))
    return std::nullopt;
  return bits.getSExtValue();
}

// The static trip count of (lb, ub, step), or nullopt.
std::optional<int64_t> tripCount(Value lb, Value ub, Value step) {
  auto l = constantIndex(lb), u = constantIndex(ub), s = constantIndex(step);
  if (!l || !u || !s || *s <= 0)
    return std::nullopt;
  return *u <= *l ? 0 : (*u - *l + *s - 1) / *s;
}

// What a region runs, a loop's body counted once per iteration (a loop of
// unknown length once): its ops, its memory accesses, and its computing ops
// (those with a result other than an index or a buffer: not addressing).
struct Work {
  double ops = 0, accesses = 0, computing = 0;
};

bool computes(Operation &op) {
  return !isa<memref::LoadOp>(op) &&
         llvm::any_of(op.getResultTypes(), [](Type type) {
           return !isa<IndexType, BaseMemRefType>(type);
         });
}

Work workOf(Region &region) {
  Work work;
  for (Operation &op : region.getOps()) {
    Work inner;
    for (Region &nested : op.getRegions()) {
      Work w = workOf(nested);
      inner.ops += w.ops;
      inner.accesses += w.accesses;
      inner.computing += w.computing;
    }
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      double trips = double(std::max<int64_t>(
          1, tripCount(loop.getLowerBound(), loop.getUpperBound(),
                       loop.getStep())
                 .value_or(1)));
      inner.ops *= trips;
      inner.accesses *= trips;
      inner.computing *= trips;
    }
    work.ops += 1 + inner.ops;
    work.accesses +=
        inner.accesses + (isa<memref::LoadOp, memref::StoreOp>(op) ? 1 : 0);
    work.computing += inner.computing + (computes(op) ? 1 : 0);
  }
  return work;
}

// Whether distinct values of the `split` induction variables write distinct
// elements, and nothing else than a memory access or pure op runs. A write
// goes to a buffer of the body's own, or to a view defined outside the loop
// at indices that include each split variable, or into a view the body
// takes of one defined outside with each split variable an offset of a
// dimension of size 1 (a row an scf.forall wrote: LowerReduceWindow.cpp).
bool independent(scf::ParallelOp loop, ValueRange split) {
  auto inside = [&](Value value) {
    Operation *def = value.getDefiningOp();
    return def ? loop->isProperAncestor(def)
               : loop->isAncestor(value.getParentBlock()->getParentOp());
  };
  // The split variables a write to `memref` at `indices` keeps apart.
  auto separates = [&](Value memref, ValueRange indices) {
    SmallVector<Value> apart(indices.begin(), indices.end());
    while (inside(memref)) {
      Operation *def = memref.getDefiningOp();
      if (def && isa<memref::AllocOp, memref::AllocaOp>(def))
        return true; // the iteration's own buffer
      auto view = dyn_cast_or_null<memref::SubViewOp>(def);
      if (!view)
        return false;
      for (auto [offset, size] :
           llvm::zip(view.getMixedOffsets(), view.getMixedSizes()))
        if (auto value = dyn_cast<Value>(offset);
            value && getConstantIntValue(size) == 1)
          apart.push_back(value);
      memref = view.getSource();
    }
    return llvm::all_of(
        split, [&](Value iv) { return llvm::is_contained(apart, iv); });
  };
  WalkResult result = loop.getBody()->walk([&](Operation *op) {
    if (op->hasTrait<::mlir::OpTrait::HasRecursiveMemoryEffects>() ||
        isa<memref::LoadOp, memref::AllocaOp, memref::AllocOp,
            memref::DeallocOp, memref::PrefetchOp>(op) || // a prefetch writes nothing
        isMemoryEffectFree(op))
      return WalkResult::advance();
    if (auto store = dyn_cast<memref::StoreOp>(op))
      return separates(store.getMemref(), store.getIndices())
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    if (auto copy = dyn_cast<memref::CopyOp>(op))
      return separates(copy.getTarget(), {}) ? WalkResult::advance()
                                             : WalkResult::interrupt();
    return WalkResult::interrupt();
  });
  return !result.wasInterrupted();
}

// The LLVM type a captured value travels as in the context, or null where
// the value cannot (then the loop stays as it is).
Type contextType(Type type) {
  MLIRContext *context = type.getContext();
  auto i64 = IntegerType::get(context, 64);
  if (isa<IndexType>(type))
    return i64;
  if (isa<IntegerType, FloatType>(type))
    return LLVM::isCompatibleType(type) ? type : Type();
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || memref.getMemorySpace())
    return {};
  // MLIR's ranked memref descriptor (finalize-memref-to-llvm's layout).
  auto ptr = LLVM::LLVMPointerType::get(context);
  SmallVector<Type> fields = {ptr, ptr, i64};
  if (memref.getRank() > 0) {
    auto array = LLVM::LLVMArrayType::get(i64, memref.getRank());
    fields.append({array, array});
  }
  return LLVM::LLVMStructType::getLiteral(context, fields);
}

struct OutlineParallelLoops
    : impl::StablehloPyOutlineParallelLoopsPassBase<OutlineParallelLoops> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<scf::ParallelOp> loops;
    module.walk([&](scf::ParallelOp loop) {
      if (!loop->getParentOfType<scf::ParallelOp>())
        loops.push_back(loop);
    });
    DenseMap<func::FuncOp, int64_t> counts;
    for (scf::ParallelOp loop : loops) {
      auto function = loop->getParentOfType<func::FuncOp>();
      if (function)
        outline(loop, function, counts[function]);
    }
  }

  // The runtime's parallel-for, declared once.
  func::FuncOp parallelFor(ModuleOp module, FunctionType bodyType) {
    OpBuilder b(module.getContext());
    auto i64 = b.getI64Type();
    auto type = b.getFunctionType(
        {bodyType, LLVM::LLVMPointerType::get(b.getContext()), i64, i64}, {});
    return linalg_lowering::declareFunction(b, module, kParallelFor, type);
  }

  void outline(scf::ParallelOp loop, func::FuncOp function, int64_t &count) {
    if (loop.getNumReductions() != 0)
      return;
    int64_t rank = loop.getInductionVars().size();
    SmallVector<int64_t> trips;
    for (int64_t i = 0; i < rank; ++i) {
      auto trip = tripCount(loop.getLowerBound()[i], loop.getUpperBound()[i],
                            loop.getStep()[i]);
      if (!trip)
        return;
      trips.push_back(*trip);
    }
    // Split the leading dimensions up to the first giving enough iterations.
    int64_t split = 0, iterations = 1;
    while (split < rank && iterations < kSplitIterations)
      iterations *= trips[split++];
    int64_t inner = 1;
    for (int64_t i = split; i < rank; ++i)
      inner *= trips[i];
    // (in double: the product of large static loops may pass 2^63)
    Work work = workOf(loop.getRegion());
    double perIteration = std::max(1.0, double(inner) * work.ops);
    // The block loops of stablehlo-py-blocked-elementwise: each iteration a
    // block of numpy-loop calls (work the estimate cannot see) on blocks of
    // its own, so taken whatever the estimate, one block a chunk.
    bool blocks = loop->hasAttr("stablehlo_py.blocks");
    if (iterations < 2)
      return;
    if (!blocks) {
      if (double(iterations) * perIteration < double(minWork))
        return;
      // A loop moving data more than computing gains nothing from a second
      // core sharing the memory's bandwidth (measured: element-wise loops of
      // a few ops per element, and max pooling's windows, ran 4-30% slower
      // on two threads).
      if (work.computing < double(minOpsPerAccess) * work.accesses)
        return;
      if (!independent(loop,
                       ValueRange(loop.getInductionVars()).take_front(split)))
        return;
    }

    // The values the body takes from outside: constants are copied in, the
    // others travel in the context.
    SetVector<Value> above;
    getUsedValuesDefinedAbove(loop.getRegion(), above);
    SmallVector<Value> captured, constants;
    SmallVector<Type> fields;
    for (Value value : above) {
      Operation *def = value.getDefiningOp();
      if (def && def->hasTrait<::mlir::OpTrait::ConstantLike>() &&
          def->getNumResults() == 1 && def->getNumOperands() == 0) {
        constants.push_back(value);
        continue;
      }
      Type type = contextType(value.getType());
      if (!type)
        return;
      captured.push_back(value);
      fields.push_back(type);
    }
    // The bounds, constants (the trip counts are), for the indices.
    for (int64_t i = 0; i < rank; ++i)
      for (Value bound : {loop.getLowerBound()[i], loop.getUpperBound()[i],
                          loop.getStep()[i]})
        if (!llvm::is_contained(constants, bound))
          constants.push_back(bound);

    MLIRContext *context = loop.getContext();
    Location loc = loop.getLoc();
    auto module = function->getParentOfType<ModuleOp>();
    auto ptr = LLVM::LLVMPointerType::get(context);
    auto i64 = IntegerType::get(context, 64);
    if (fields.empty())
      fields.push_back(i64); // a context of one unused word
    auto structType = LLVM::LLVMStructType::getLiteral(context, fields);
    auto bodyType = FunctionType::get(context, {ptr, i64, i64}, {});

    // @<function>_parallel_<n>(context, begin, end)
    OpBuilder b(function);
    b.setInsertionPointAfter(function);
    std::string name;
    do
      name = (function.getSymName() + "_parallel_" + Twine(count++)).str();
    while (module.lookupSymbol(name));
    auto body = func::FuncOp::create(b, loc, name, bodyType);
    body.setPrivate();
    Block *entry = body.addEntryBlock();
    b.setInsertionPointToStart(entry);
    IRMapping mapping;
    for (Value value : constants)
      mapping.map(value, b.clone(*value.getDefiningOp())->getResult(0));
    Value aggregate =
        LLVM::LoadOp::create(b, loc, structType, entry->getArgument(0));
    for (auto [index, value] : llvm::enumerate(captured)) {
      Value field = LLVM::ExtractValueOp::create(b, loc, aggregate,
                                                 ArrayRef<int64_t>{int64_t(index)});
      if (isa<IndexType>(value.getType()))
        field = arith::IndexCastOp::create(b, loc, value.getType(), field);
      else if (isa<MemRefType>(value.getType()))
        field = UnrealizedConversionCastOp::create(b, loc, value.getType(),
                                                   field)
                    .getResult(0);
      mapping.map(value, field);
    }
    auto indexType = b.getIndexType();
    Value begin =
        arith::IndexCastOp::create(b, loc, indexType, entry->getArgument(1));
    Value end =
        arith::IndexCastOp::create(b, loc, indexType, entry->getArgument(2));
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    // When the loop's last dimension is split too, the chunk runs by rows of
    // it: a loop over the rows [begin, end) touches, and in each an inner loop
    // over the row's part of [begin, end). The last index is then an
    // induction variable, not a remainder of the linear one, which LLVM
    // vectorizes: with the remainder, an operand read by column (b in
    // x + broadcast(b)) became a gather, and a loop of f64 math on it ran 4x
    // slower than on a plain operand.
    bool rows = split == rank && rank > 1;
    int64_t byIndex = rows ? split - 1 : split; // dimensions from the linear index
    Value rowLength, lower = begin, upper = end;
    if (rows) {
      rowLength = arith::ConstantIndexOp::create(b, loc, trips[rank - 1]);
      lower = arith::DivUIOp::create(b, loc, begin, rowLength);
      upper = arith::CeilDivUIOp::create(b, loc, end, rowLength);
    }
    auto linear = scf::ForOp::create(b, loc, lower, upper, one);
    func::ReturnOp::create(b, loc);

    // lb + index * step, dimension `i`'s induction variable.
    auto mapIndex = [&](int64_t i, Value index) {
      Value step = mapping.lookup(loop.getStep()[i]);
      Value lb = mapping.lookup(loop.getLowerBound()[i]);
      Value iv = arith::AddIOp::create(
          b, loc, lb, arith::MulIOp::create(b, loc, index, step));
      mapping.map(loop.getInductionVars()[i], iv);
    };
    // In the linear loop: the split indices, then the rest of the loop.
    b.setInsertionPointToStart(linear.getBody());
    Value remaining = linear.getInductionVar();
    for (int64_t i = byIndex - 1; i >= 0; --i) {
      Value index = remaining;
      if (i > 0) {
        Value trip = arith::ConstantIndexOp::create(b, loc, trips[i]);
        index = arith::RemUIOp::create(b, loc, remaining, trip);
        remaining = arith::DivUIOp::create(b, loc, remaining, trip);
      }
      mapIndex(i, index);
    }
    if (rows) { // the row's part of [begin, end): [from, to) of its indices
      Value start = arith::MulIOp::create(b, loc, linear.getInductionVar(),
                                          rowLength);
      Value stop = arith::AddIOp::create(b, loc, start, rowLength);
      Value from = arith::SubIOp::create(
          b, loc, arith::MaxUIOp::create(b, loc, begin, start), start);
      Value to = arith::SubIOp::create(
          b, loc, arith::MinUIOp::create(b, loc, end, stop), start);
      auto inRow = scf::ForOp::create(b, loc, from, to, one);
      b.setInsertionPointToStart(inRow.getBody());
      mapIndex(rank - 1, inRow.getInductionVar());
    }
    auto cloneBody = [&](OpBuilder &builder) {
      for (Operation &op : loop.getBody()->without_terminator())
        builder.clone(op, mapping);
    };
    if (split == rank) {
      cloneBody(b);
    } else {
      auto mapped = [&](OperandRange values) {
        SmallVector<Value> result;
        for (Value value : values.drop_front(split))
          result.push_back(mapping.lookup(value));
        return result;
      };
      scf::ParallelOp::create(
          b, loc, mapped(loop.getLowerBound()), mapped(loop.getUpperBound()),
          mapped(loop.getStep()),
          [&](OpBuilder &builder, Location, ValueRange ivs) {
            for (auto [old, now] : llvm::zip(
                     ValueRange(loop.getInductionVars()).drop_front(split), ivs))
              mapping.map(old, now);
            cloneBody(builder);
          });
    }

    // The loop becomes the context on the stack and the pool's call.
    func::FuncOp launcher = parallelFor(module, bodyType);
    b.setInsertionPointToStart(&function.getBody().front());
    Value oneWord = LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(1));
    Value slot = LLVM::AllocaOp::create(b, loc, ptr, structType, oneWord);
    b.setInsertionPoint(loop);
    Value packed = LLVM::UndefOp::create(b, loc, structType);
    for (auto [index, value] : llvm::enumerate(captured)) {
      Value field = value;
      if (isa<IndexType>(value.getType()))
        field = arith::IndexCastOp::create(b, loc, i64, value);
      else if (isa<MemRefType>(value.getType()))
        field = UnrealizedConversionCastOp::create(b, loc, fields[index], value)
                    .getResult(0);
      packed = LLVM::InsertValueOp::create(b, loc, packed, field,
                                           ArrayRef<int64_t>{int64_t(index)});
    }
    LLVM::StoreOp::create(b, loc, packed, slot);
    Value callee = func::ConstantOp::create(b, loc, bodyType, name);
    int64_t minChunk = std::max<int64_t>(
        1, int64_t(std::min(std::ceil(double(minChunkWork) / perIteration),
                            double(iterations))));
    if (blocks)
      minChunk = 1;
    else if (split == rank) // whole vectors per chunk, aligned as the loop's
      minChunk = (minChunk + 63) / 64 * 64;
    func::CallOp::create(
        b, loc, launcher,
        ValueRange{callee, slot,
                   arith::ConstantIntOp::create(b, loc, iterations, 64),
                   arith::ConstantIntOp::create(b, loc, minChunk, 64)});
    loop.erase();
  }
};

} // namespace
} // namespace mlir::stablehlo
