// stablehlo-legalize-to-linalg, sort: each slice along `dimension` sorted by
// a bottom-up merge sort (scf loops on tensors), the comparator inlined as
// scalar code.
//
// The result must be the interpreter's (kernels/reductions.py `_sort`) for
// every comparator, strict weak order or not, so the merge is its merge:
// runs of width 1, 2, 4, ... (the length padded to a power of two with
// virtual elements greater than all others), each element of a left run
// placed after count[i] elements of the right run, where count[i] is the
// running maximum of a binary search over [0, width) for the number of right
// elements r with comparator(r, left[i]) (probes past the right run's real
// elements answer false). When the comparator is a strict weak order on
// the data, every stable sort gives the same answer, and a linear scan from
// count[i - 1] finds count[i] in fewer comparisons: known at compile time
// for integer and TOTALORDER compares (JAX's), checked per slice for FLOAT
// ones (no NaN among the compared values; the interpreter checks the same
// before its argsort).
//
// The merges move the elements of the inputs the comparator reads (in
// buffers of 2n, whose halves take turns as a level's source and
// destination), so comparisons read memory in order; the other inputs
// follow an index permutation moved alongside, read once at the end.
//
// 16-bit floats are held as their bits (i16) between loads and stores:
// LLVM keeps a bf16 value that lives across blocks as f32 where the host
// has no bf16 conversions (x86 without AVX512-BF16) and converts it back by
// __truncsfbf2, which makes every NaN the canonical one: equal NaNs with a
// payload no longer compared equal, and came out changed.
#include "Conversion/LoweringCommon.h"

#include "mlir/IR/IRMapping.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::stablehlo::linalg_lowering {
namespace {

// What the sort holds an element stored as `stored` in: i16 for a 16-bit
// float (see the top), else the same.
Type heldType(Type stored) {
  return isa<BFloat16Type, Float16Type>(stored)
             ? IntegerType::get(stored.getContext(), 16)
             : stored;
}
// A stored element as held, and back (bitcasts next to the load or store,
// which LLVM folds into them).
Value hold(OpBuilder &b, Location loc, Value stored) {
  Type held = heldType(stored.getType());
  return held == stored.getType()
             ? stored
             : arith::BitcastOp::create(b, loc, held, stored).getResult();
}
Value unhold(OpBuilder &b, Location loc, Value held, Type stored) {
  return held.getType() == stored
             ? held
             : arith::BitcastOp::create(b, loc, stored, held).getResult();
}

// Whether `x` computes from comparator argument `a` exactly what `y`
// computes from `b`, op for op (constants alike); arguments from
// `firstExtra` on (values from outside the sort) are the same on both sides.
// `budget` bounds the walk (shared subexpressions could make it exponential).
bool mirrored(Value x, Value y, Value a, Value b, Block &body,
              unsigned firstExtra, int &budget) {
  if (--budget < 0)
    return false;
  if (isa<BlockArgument>(x) || isa<BlockArgument>(y)) {
    if (x == a && y == b)
      return true;
    auto arg = dyn_cast<BlockArgument>(x);
    return x == y && arg && arg.getOwner() == &body &&
           arg.getArgNumber() >= firstExtra;
  }
  Operation *xOp = x.getDefiningOp(), *yOp = y.getDefiningOp();
  if (xOp->getBlock() != &body || yOp->getBlock() != &body ||
      xOp->getNumRegions() != 0 || yOp->getNumRegions() != 0 ||
      cast<OpResult>(x).getResultNumber() != cast<OpResult>(y).getResultNumber())
    return false;
  return OperationEquivalence::isEquivalentTo(
      xOp, yOp,
      [&](Value l, Value r) {
        return success(mirrored(l, r, a, b, body, firstExtra, budget));
      },
      nullptr, OperationEquivalence::IgnoreLocations);
}

// The comparator as a block of its own (detached, freed with this object):
// its ops cloned, each value it reads from outside the sort (JAX hoists
// constants out of it) an extra argument after the pairs.
struct Comparator {
  std::unique_ptr<Block> block = std::make_unique<Block>();
  unsigned pairs;
  SmallVector<Value> outer; // what the extra arguments stand for
  SmallVector<bool> reads;  // per input: whether the comparator reads it
  bool ordered = false;     // a strict weak order on any data
  bool guarded = false;     // one where the `guards` are not NaN
  SmallVector<Value> guards;           // in `block`
  std::unique_ptr<Block> probe;        // `block` returning the guards
  mutable int budget = 1 << 16; // steps left for recognizing an order

  explicit Comparator(Region &region) {
    Block &body = region.front();
    pairs = body.getNumArguments() / 2;
    IRMapping mapping;
    for (BlockArgument arg : body.getArguments())
      mapping.map(arg, block->addArgument(arg.getType(), arg.getLoc()));
    // (A value of a block the conversion has detached, as a function's
    // entry block whose signature changed, has no parent region.)
    auto inside = [&](Value value) {
      Region *parent = value.getParentRegion();
      return parent && region.isAncestor(parent);
    };
    region.walk([&](Operation *op) {
      for (Value value : op->getOperands())
        if (!inside(value) && !mapping.contains(value)) {
          outer.push_back(value);
          mapping.map(value,
                      block->addArgument(value.getType(), value.getLoc()));
        }
    });
    OpBuilder b(region.getContext());
    b.setInsertionPointToEnd(block.get());
    for (Operation &op : body)
      b.clone(op, mapping);
    for (unsigned k = 0; k < pairs; ++k)
      reads.push_back(!block->getArgument(2 * k).use_empty() ||
                      !block->getArgument(2 * k + 1).use_empty());
    auto ret = block->empty() ? ReturnOp() : dyn_cast<ReturnOp>(block->back());
    if (!ret || ret->getNumOperands() != 1 ||
        !strictWeakOrder(ret->getOperand(0), guards))
      return;
    ordered = guards.empty();
    guarded = !ordered;
    if (guarded) {
      // The guards alone, for evaluation on one element (as lhs and rhs).
      probe = std::make_unique<Block>();
      IRMapping again;
      for (BlockArgument arg : block->getArguments())
        again.map(arg, probe->addArgument(arg.getType(), arg.getLoc()));
      b.setInsertionPointToEnd(probe.get());
      for (Operation &op : block->without_terminator())
        b.clone(op, again);
      SmallVector<Value> values;
      for (Value guard : guards)
        values.push_back(again.lookup(guard));
      ReturnOp::create(b, ret.getLoc(), values);
    }
  }

  // Whether `lhs` and `rhs` are f(lhs_k) and f(rhs_k) for some pair k (or
  // f(rhs_k) and f(lhs_k)).
  bool mirroredPair(Value lhs, Value rhs) const {
    for (unsigned k = 0; k < pairs; ++k) {
      Value a = block->getArgument(2 * k), b = block->getArgument(2 * k + 1);
      if (mirrored(lhs, rhs, a, b, *block, 2 * pairs, budget) ||
          mirrored(lhs, rhs, b, a, *block, 2 * pairs, budget))
        return true;
    }
    return false;
  }

  // A compare in the comparator with `direction`, a total order on its
  // values (integers, floats by TOTALORDER) or one but for NaN (floats by
  // FLOAT: NaN compares false both ways): then its lhs joins `guarded`.
  CompareOp orderCompare(Value verdict, ComparisonDirection direction,
                         SmallVectorImpl<Value> &guarded) const {
    auto compare = verdict.getDefiningOp<CompareOp>();
    if (!compare || compare->getBlock() != block.get() ||
        compare.getComparisonDirection() != direction)
      return {};
    Type element = elementOf(compare.getLhs());
    if (isa<IntegerType>(element))
      return compare;
    if (!isa<FloatType>(element))
      return {};
    if (compare.getCompareType() != ComparisonType::TOTALORDER)
      guarded.push_back(compare.getLhs());
    return compare;
  }

  // Whether `verdict` is a strict weak order wherever the values gathered
  // into `guarded` are not NaN: a compare LT or GT (orderCompare) of f(lhs_k)
  // and f(rhs_k), or lexicographic ones as JAX builds for several keys:
  // or(lt, and(eq, rest)), eq the same sides' EQ by the same compare type
  // (either operand order of or, and, eq).
  bool strictWeakOrder(Value verdict, SmallVectorImpl<Value> &guarded) const {
    if (--budget < 0)
      return false;
    size_t kept = guarded.size();
    auto key = [&](Value v) -> CompareOp {
      CompareOp c = orderCompare(v, ComparisonDirection::LT, guarded);
      if (!c)
        c = orderCompare(v, ComparisonDirection::GT, guarded);
      if (c && mirroredPair(c.getLhs(), c.getRhs()))
        return c;
      guarded.resize(kept);
      return {};
    };
    if (key(verdict))
      return true;
    auto either = verdict.getDefiningOp<OrOp>();
    if (!either || either->getBlock() != block.get())
      return false;
    for (auto [first, second] :
         {std::pair(either.getLhs(), either.getRhs()),
          std::pair(either.getRhs(), either.getLhs())}) {
      auto both = second.getDefiningOp<AndOp>();
      if (!both || both->getBlock() != block.get())
        continue;
      CompareOp less = key(first);
      if (!less)
        continue;
      size_t withLess = guarded.size();
      for (auto [tie, rest] : {std::pair(both.getLhs(), both.getRhs()),
                               std::pair(both.getRhs(), both.getLhs())}) {
        SmallVector<Value> unused;
        CompareOp equal = orderCompare(tie, ComparisonDirection::EQ, unused);
        if (!equal ||
            elementOf(equal.getLhs()) != elementOf(less.getLhs()) ||
            equal.getCompareType() != less.getCompareType())
          continue;
        bool sameSides = (equal.getLhs() == less.getLhs() &&
                          equal.getRhs() == less.getRhs()) ||
                         (equal.getLhs() == less.getRhs() &&
                          equal.getRhs() == less.getLhs());
        if (sameSides && strictWeakOrder(rest, guarded))
          return true;
        guarded.resize(withLess);
      }
      guarded.resize(kept);
    }
    return false;
  }

  // Whether the comparator turns into scalar code: tried in a scratch block
  // (dropped on return), so that one that does not leaves nothing behind.
  bool lowers(ArrayRef<Type> elements, Location loc) const {
    if (elements.size() != pairs)
      return false;
    Block scratch;
    SmallVector<Value> arguments, results;
    for (BlockArgument arg : block->getArguments()) {
      auto type = dyn_cast<RankedTensorType>(arg.getType());
      if (!type || type.getRank() != 0)
        return false;
      arguments.push_back(
          scratch.addArgument(computeType(type.getElementType()), loc));
    }
    OpBuilder b(loc.getContext());
    b.setInsertionPointToEnd(&scratch);
    return succeeded(emitScalarBody(b, loc, *block, arguments, results)) &&
           results.size() == 1 && results[0].getType().isInteger(1);
  }
};

// The code that sorts one slice (the loop indices of the other dimensions
// are `batch`) in `buffers`: the index permutation first when an input is
// not read by the comparator, then one buffer per input it reads.
struct SliceSort {
  Location loc;
  ValueRange inputs;       // converted (stored) tensors
  ArrayRef<Type> elements; // their stablehlo element types
  const Comparator &comparator;
  ValueRange extras;       // the comparator's outer values, as held scalars
  ValueRange placeholders; // per input, an argument for a comparator not reading it
  ArrayRef<int> carried;   // per input, its buffer, or -1
  bool withIndex;          // buffer 0 is the index permutation
  ValueRange batch;
  int64_t axis, n;

  Value index(OpBuilder &b, int64_t value) const {
    return arith::ConstantIndexOp::create(b, loc, value);
  }
  Value add(OpBuilder &b, Value x, Value y) const {
    return arith::AddIOp::create(b, loc, x, y);
  }
  Value sub(OpBuilder &b, Value x, Value y) const {
    return arith::SubIOp::create(b, loc, x, y);
  }
  Value lessThan(OpBuilder &b, Value x, Value y) const {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, y);
  }
  Value read(OpBuilder &b, Value tensor, ValueRange at) const {
    return tensor::ExtractOp::create(b, loc, tensor, at);
  }
  Value write(OpBuilder &b, Value value, Value tensor, ValueRange at) const {
    return tensor::InsertOp::create(b, loc, value, tensor, at);
  }
  // Input k's element at `at`, held (heldType); and a held element of input
  // k written into an output.
  Value readHeld(OpBuilder &b, size_t k, ValueRange at) const {
    return hold(b, loc, read(b, inputs[k], at));
  }
  Value writeStored(OpBuilder &b, size_t k, Value held, Value tensor,
                    ValueRange at) const {
    Type stored = cast<RankedTensorType>(inputs[k].getType()).getElementType();
    return write(b, unhold(b, loc, held, stored), tensor, at);
  }

  // A loop lb..ub carrying `init`; `body` gives the next values.
  SmallVector<Value> loop(
      OpBuilder &b, Value lb, Value ub, ValueRange init,
      function_ref<SmallVector<Value>(OpBuilder &, Value, ValueRange)> body,
      Value step = {}) const {
    auto op = scf::ForOp::create(
        b, loc, lb, ub, step ? step : index(b, 1), init,
        [&](OpBuilder &nested, Location l, Value iv, ValueRange args) {
          scf::YieldOp::create(nested, l, body(nested, iv, args));
        });
    return SmallVector<Value>(op.getResults());
  }

  // The index of this slice's element i in the inputs.
  SmallVector<Value> at(Value i) const {
    SmallVector<Value> indices(batch.begin(), batch.end());
    indices.insert(indices.begin() + axis, i);
    return indices;
  }

  // The buffers with the element at `from` copied to `to`.
  SmallVector<Value> move(OpBuilder &b, ValueRange buffers, Value from,
                          Value to) const {
    SmallVector<Value> moved;
    for (Value buffer : buffers)
      moved.push_back(write(b, read(b, buffer, from), buffer, to));
    return moved;
  }

  // The element at `position` of the buffers, held, for the comparator.
  // `bufferOf` gives each input's buffer (-1: not read, its placeholder);
  // by default `carried`, the sort's buffers.
  SmallVector<Value> keys(OpBuilder &b, ValueRange buffers, Value position,
                          ArrayRef<int> bufferOf = {}) const {
    if (bufferOf.empty())
      bufferOf = carried;
    SmallVector<Value> values;
    for (size_t k = 0; k < elements.size(); ++k)
      values.push_back(bufferOf[k] < 0
                           ? placeholders[k]
                           : read(b, buffers[bufferOf[k]], position));
    return values;
  }

  // The comparator's arguments (lhs0, rhs0, lhs1, rhs1, ..., extras; spec:
  // sort, comparator_together) from held elements (placeholders as they
  // are), as computed: converted here, in the block that compares.
  SmallVector<Value> arguments(OpBuilder &b, ArrayRef<Value> lhs,
                               ArrayRef<Value> rhs) const {
    auto computed = [&](Value held, Type element) {
      return loadElement(
          b, loc, unhold(b, loc, held, storageType(element)), element);
    };
    SmallVector<Value> arguments;
    for (auto [k, element] : llvm::enumerate(elements)) {
      bool placeholder = !comparator.reads[k];
      arguments.push_back(placeholder ? lhs[k] : computed(lhs[k], element));
      arguments.push_back(placeholder ? rhs[k] : computed(rhs[k], element));
    }
    for (auto [extra, value] : llvm::zip(extras, comparator.outer))
      arguments.push_back(computed(extra, elementOf(value)));
    return arguments;
  }

  // comparator(lhs, rhs) on held elements.
  Value compare(OpBuilder &b, ArrayRef<Value> lhs, ArrayRef<Value> rhs) const {
    SmallVector<Value> arguments = this->arguments(b, lhs, rhs), results;
    // Comparator::lowers has emitted this same body already.
    if (failed(emitScalarBody(b, loc, *comparator.block, arguments, results)) ||
        results.size() != 1)
      return arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
    return results.front();
  }

  // comparator(right[j], left) when j < rw, else false (j is past the run's
  // real elements: a virtual one, never before anything).
  Value rightBefore(OpBuilder &b, ValueRange buffers, Value rightBase, Value j,
                    Value rw, ArrayRef<Value> left) const {
    auto branch = scf::IfOp::create(b, loc, TypeRange{b.getI1Type()},
                                    lessThan(b, j, rw), /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(branch.thenBlock());
    Value verdict = compare(b, keys(b, buffers, add(b, rightBase, j)), left);
    scf::YieldOp::create(b, loc, verdict);
    b.setInsertionPointToStart(branch.elseBlock());
    scf::YieldOp::create(
        b, loc, ValueRange{arith::ConstantOp::create(b, loc, b.getBoolAttr(false))});
    return branch.getResult(0);
  }

  // The interpreter's binary search (_merge_sort): lo, hi = 0, width; while
  // lo < hi: mid = (lo + hi) / 2, lo = mid + 1 if right[mid] goes before
  // left, else hi = mid. Its probes decide the result for comparators that
  // are not strict weak orders, so they are the same probes.
  Value search(OpBuilder &b, ValueRange buffers, Value rightBase, Value width,
               Value rw, ArrayRef<Value> left) const {
    Type indexType = b.getIndexType();
    auto loop = scf::WhileOp::create(
        b, loc, TypeRange{indexType, indexType},
        ValueRange{index(b, 0), width},
        [&](OpBuilder &nested, Location l, ValueRange args) {
          scf::ConditionOp::create(nested, l, lessThan(nested, args[0], args[1]),
                                   args);
        },
        [&](OpBuilder &nested, Location l, ValueRange args) {
          Value lo = args[0], hi = args[1];
          Value mid = arith::ShRUIOp::create(nested, l, add(nested, lo, hi),
                                             index(nested, 1));
          Value before = rightBefore(nested, buffers, rightBase, mid, rw, left);
          Value next = add(nested, mid, index(nested, 1));
          scf::YieldOp::create(
              nested, l,
              ValueRange{arith::SelectOp::create(nested, l, before, next, lo),
                         arith::SelectOp::create(nested, l, before, hi, mid)});
        });
    return loop.getResult(0);
  }

  // For a strict weak order: the right elements before `left` are a prefix
  // of the run, and one at least as long as the previous left element's.
  Value scan(OpBuilder &b, ValueRange buffers, Value rightBase, Value from,
             Value rw, ArrayRef<Value> left) const {
    auto loop = scf::WhileOp::create(
        b, loc, TypeRange{b.getIndexType()}, ValueRange{from},
        [&](OpBuilder &nested, Location l, ValueRange args) {
          Value before =
              rightBefore(nested, buffers, rightBase, args[0], rw, left);
          scf::ConditionOp::create(nested, l, before, args);
        },
        [&](OpBuilder &nested, Location l, ValueRange args) {
          scf::YieldOp::create(nested, l,
                               ValueRange{add(nested, args[0], index(nested, 1))});
        });
    return loop.getResult(0);
  }

  // Merges the runs at `start` (width each) of the half at `source` into the
  // same place of the half at `dest`; by scans when `ordered`.
  SmallVector<Value> merge(OpBuilder &b, ValueRange buffers, Value start,
                           Value width, Value source, Value dest,
                           bool ordered) const {
    Value size = index(b, n), zero = index(b, 0);
    Value remaining = sub(b, size, start);
    Value lw = arith::MinSIOp::create(b, loc, width, remaining);
    Value rw = arith::MaxSIOp::create(
        b, loc, zero,
        arith::MinSIOp::create(b, loc, width, sub(b, remaining, width)));
    Value leftBase = add(b, source, start);
    Value rightBase = add(b, leftBase, width);
    Value outBase = add(b, dest, start);
    // Right elements [from, to) go to outBase + skip + j.
    auto copyRight = [&](OpBuilder &nb, ValueRange current, Value from,
                         Value to, Value skip) {
      return loop(nb, from, to, current,
                  [&](OpBuilder &lb, Value j, ValueRange args) {
                    return move(lb, args, add(lb, rightBase, j),
                                add(lb, outBase, add(lb, skip, j)));
                  });
    };
    size_t count = buffers.size();
    SmallVector<Value> init(buffers.begin(), buffers.end());
    init.push_back(zero);
    SmallVector<Value> placed = loop(
        b, zero, lw, init, [&](OpBuilder &lb, Value i, ValueRange args) {
          ValueRange current = args.take_front(count);
          Value previous = args[count];
          Value from = add(lb, leftBase, i);
          SmallVector<Value> left = keys(lb, current, from);
          Value rights =
              ordered
                  ? scan(lb, current, rightBase, previous, rw, left)
                  : arith::MaxSIOp::create(
                        lb, loc, previous,
                        search(lb, current, rightBase, width, rw, left))
                        .getResult();
          SmallVector<Value> next =
              copyRight(lb, current, previous, rights, i);
          next = move(lb, next, from, add(lb, outBase, add(lb, i, rights)));
          next.push_back(rights);
          return next;
        });
    return copyRight(b, ArrayRef<Value>(placed).take_front(count),
                     placed[count], rw, lw);
  }

  // Whether a guard of the comparator (Comparator::guards) is NaN on the
  // element whose held values are `values`.
  Value guardFails(OpBuilder &b, ArrayRef<Value> values) const {
    SmallVector<Value> arguments = this->arguments(b, values, values), results;
    Value fails = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
    if (failed(emitScalarBody(b, loc, *comparator.probe, arguments, results)))
      return fails; // not expected (the comparator lowers): merge as if NaN
    Operation *terminator = comparator.probe->getTerminator();
    Value any = arith::ConstantOp::create(b, loc, b.getBoolAttr(false));
    for (auto [result, original] :
         llvm::zip(results, terminator->getOperands())) {
      Type element = elementOf(original);
      // Floats of at most 8 bits are held as their bits: NaN as f32.
      Value guard = isSmallFloat(element)
                        ? emitSmallFloatToF32(b, loc, result, element)
                        : result;
      if (!guard || !isa<FloatType>(guard.getType()))
        return fails;
      any = arith::OrIOp::create(
          b, loc, any,
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, guard, guard));
    }
    return any;
  }

  // The merges of every level, by scans when `ordered`.
  SmallVector<Value> levels(OpBuilder &b, ValueRange buffers,
                            bool ordered) const {
    Value size = index(b, n);
    return loop(
        b, index(b, 0), index(b, llvm::Log2_64_Ceil(n)), buffers,
        [&](OpBuilder &lb, Value level, ValueRange args) {
          Value one = index(lb, 1);
          Value width = arith::ShLIOp::create(lb, loc, one, level);
          Value parity = arith::AndIOp::create(lb, loc, level, one);
          Value source = arith::MulIOp::create(lb, loc, parity, size);
          Value dest = sub(lb, size, source);
          return loop(
              lb, index(lb, 0), size, args,
              [&](OpBuilder &mb, Value start, ValueRange inner) {
                return merge(mb, inner, start, width, source, dest, ordered);
              },
              add(lb, width, width));
        });
  }

  // Fills the first half of the buffers with this slice and sorts it; the
  // sorted slice is in the half at the returned offset.
  std::pair<SmallVector<Value>, int64_t> sort(OpBuilder &b,
                                              ValueRange buffers) const {
    size_t count = buffers.size();
    bool guarded = comparator.guarded;
    SmallVector<Value> init(buffers.begin(), buffers.end());
    if (guarded)
      init.push_back(arith::ConstantOp::create(b, loc, b.getBoolAttr(false)));
    SmallVector<Value> filled = loop(
        b, index(b, 0), index(b, n), init,
        [&](OpBuilder &lb, Value p, ValueRange args) {
          SmallVector<Value> next, values;
          if (withIndex)
            next.push_back(write(lb, p, args[0], p));
          for (auto [k, input] : llvm::enumerate(inputs)) {
            if (carried[k] < 0) {
              values.push_back(placeholders[k]);
              continue;
            }
            Value held = readHeld(lb, k, at(p));
            next.push_back(write(lb, held, args[carried[k]], p));
            values.push_back(held);
          }
          if (guarded)
            next.push_back(
                arith::OrIOp::create(lb, loc, args[count], guardFails(lb, values)));
          return next;
        });
    int64_t offset = (llvm::Log2_64_Ceil(n) % 2) * n;
    ValueRange current = ArrayRef<Value>(filled).take_front(count);
    if (!guarded)
      return {levels(b, current, comparator.ordered), offset};
    // A NaN guard: the interpreter's merges; else any stable sort, by scans.
    auto branch = scf::IfOp::create(b, loc, current.getTypes(), filled[count],
                                    /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(branch.thenBlock());
    scf::YieldOp::create(b, loc, levels(b, current, false));
    b.setInsertionPointToStart(branch.elseBlock());
    scf::YieldOp::create(b, loc, levels(b, current, true));
    return {SmallVector<Value>(branch.getResults()), offset};
  }

  // For a strict weak order, when only the first `k` elements of the sorted
  // slice are read (top_k): one pass over the slice keeping the first k so
  // far in sorted order in `buffers` (k elements each, one per input). An
  // element goes after every kept one it does not go before (stability: it
  // comes later in the slice), so it is dropped when the buffers are full
  // and it does not go before the last. Returns `outputs` with their first
  // k elements written, then the buffers.
  SmallVector<Value> select(OpBuilder &b, ValueRange buffers, int64_t k,
                            ValueRange outputs) const {
    size_t count = buffers.size();
    // One buffer per input here; an input the comparator does not read is
    // kept but never compared.
    SmallVector<int> bufferOf;
    for (auto [i, buffer] : llvm::enumerate(carried))
      bufferOf.push_back(buffer < 0 ? -1 : int(i));
    Value last = index(b, k);
    SmallVector<Value> init(buffers.begin(), buffers.end());
    init.push_back(index(b, 0));
    SmallVector<Value> kept = loop(
        b, index(b, 0), index(b, n), init,
        [&](OpBuilder &lb, Value p, ValueRange args) {
          ValueRange current = args.take_front(count);
          Value size = args[count];
          SmallVector<Value> stored, values;
          for (size_t i = 0; i < inputs.size(); ++i) {
            stored.push_back(readHeld(lb, i, at(p)));
            values.push_back(carried[i] < 0 ? placeholders[i] : stored.back());
          }
          // Its place: past the kept elements it does not go before.
          auto place = scf::WhileOp::create(
              lb, loc, TypeRange{lb.getIndexType()}, ValueRange{size},
              [&](OpBuilder &nb, Location l, ValueRange at) {
                Value positive = arith::CmpIOp::create(
                    nb, l, arith::CmpIPredicate::sgt, at[0], index(nb, 0));
                auto branch = scf::IfOp::create(nb, l, TypeRange{nb.getI1Type()},
                                                positive, true);
                OpBuilder::InsertionGuard guard(nb);
                nb.setInsertionPointToStart(branch.thenBlock());
                Value before = compare(
                    nb, values, keys(nb, current, sub(nb, at[0], index(nb, 1)), bufferOf));
                scf::YieldOp::create(nb, l, before);
                nb.setInsertionPointToStart(branch.elseBlock());
                scf::YieldOp::create(
                    nb, l,
                    ValueRange{arith::ConstantOp::create(nb, l, nb.getBoolAttr(false))});
                nb.setInsertionPointAfter(branch);
                scf::ConditionOp::create(nb, l, branch.getResult(0), at);
              },
              [&](OpBuilder &nb, Location l, ValueRange at) {
                scf::YieldOp::create(nb, l,
                                     ValueRange{sub(nb, at[0], index(nb, 1))});
              });
          Value j = place.getResult(0);
          auto insert = scf::IfOp::create(lb, loc, current.getTypes(),
                                          lessThan(lb, j, last), true);
          {
            OpBuilder::InsertionGuard guard(lb);
            lb.setInsertionPointToStart(insert.thenBlock());
            // Kept elements j.. move one up (the last drops out when full).
            Value top = arith::MinSIOp::create(lb, loc, size,
                                               index(lb, k - 1));
            SmallVector<Value> shifted = loop(
                lb, j, top, current,
                [&](OpBuilder &sb, Value q, ValueRange held) {
                  Value to = sub(sb, add(sb, top, j), q);
                  return move(sb, held, sub(sb, to, index(sb, 1)), to);
                });
            for (auto [i, value] : llvm::enumerate(stored))
              shifted[i] = write(lb, value, shifted[i], j);
            scf::YieldOp::create(lb, loc, shifted);
            lb.setInsertionPointToStart(insert.elseBlock());
            scf::YieldOp::create(lb, loc, current);
          }
          SmallVector<Value> next(insert.getResults());
          next.push_back(arith::MinSIOp::create(
              lb, loc, add(lb, size, index(lb, 1)), last));
          return next;
        });
    SmallVector<Value> results = loop(
        b, index(b, 0), last, outputs,
        [&](OpBuilder &lb, Value p, ValueRange args) {
          SmallVector<Value> next;
          for (auto [i, output] : llvm::enumerate(args))
            next.push_back(
                writeStored(lb, i, read(lb, kept[i], p), output, at(p)));
          return next;
        });
    llvm::append_range(results, ArrayRef<Value>(kept).take_front(count));
    return results;
  }

  // Each input's slice in the sorted order, into `outputs`.
  SmallVector<Value> gather(OpBuilder &b, ValueRange buffers, int64_t offset,
                            ValueRange outputs) const {
    Value base = index(b, offset);
    return loop(
        b, index(b, 0), index(b, n), outputs,
        [&](OpBuilder &lb, Value p, ValueRange args) {
          Value position = add(lb, base, p);
          Value from = withIndex ? read(lb, buffers[0], position) : Value();
          SmallVector<Value> next;
          for (auto [k, input] : llvm::enumerate(inputs))
            next.push_back(
                carried[k] >= 0
                    ? writeStored(lb, k, read(lb, buffers[carried[k]], position),
                                  args[k], at(p))
                    : write(lb, read(lb, input, at(from)), args[k], at(p)));
          return next;
        });
  }
};

// Selections keep at most this many elements (SliceSort::select).
constexpr int64_t kMaxSelection = 64;

// The largest limit along `axis` of the slices reading `op`'s results when
// every use is a slice starting at 0 with stride 1 along it, else 0.
int64_t leadingSliceLimit(SortOp op, int64_t axis) {
  int64_t limit = 0;
  for (Value result : op.getResults())
    for (Operation *user : result.getUsers()) {
      auto slice = dyn_cast<SliceOp>(user);
      if (!slice || slice.getStartIndices().size() <= size_t(axis) ||
          slice.getStrides().size() <= size_t(axis) ||
          slice.getLimitIndices().size() <= size_t(axis) ||
          slice.getStartIndices()[axis] != 0 || slice.getStrides()[axis] != 1)
        return 0;
      limit = std::max(limit, slice.getLimitIndices()[axis]);
    }
  return limit;
}

// sort: loops over the other dimensions, each slice merge-sorted
// (SliceSort) into the results. Static shapes; a comparator that is not
// scalar code fails the match.
struct SortToLoops : OpConversionPattern<SortOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SortOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange inputs = adaptor.getInputs();
    if (inputs.empty())
      return rewriter.notifyMatchFailure(op, "no inputs");
    SmallVector<RankedTensorType> types;
    for (auto [input, result] : llvm::zip(inputs, op.getResults())) {
      auto inputType = dyn_cast<RankedTensorType>(input.getType());
      RankedTensorType type =
          convertedTensor(*getTypeConverter(), result.getType());
      if (!inputType || !inputType.hasStaticShape() || type != inputType)
        return rewriter.notifyMatchFailure(op, "expected static shapes");
      types.push_back(type);
    }
    RankedTensorType type = types.front();
    int64_t rank = type.getRank(), dimension = op.getDimension();
    // Spec: sort C4, a negative dimension counts from the end.
    if (dimension < -rank || dimension >= rank)
      return rewriter.notifyMatchFailure(op, "dimension out of range");
    int64_t axis = dimension < 0 ? dimension + rank : dimension;
    SmallVector<Type> elements;
    for (Value input : op.getInputs())
      elements.push_back(elementOf(input));
    Location loc = op.getLoc();
    Comparator comparator(op.getComparator());
    if (!comparator.lowers(elements, loc))
      return rewriter.notifyMatchFailure(op, "comparator not supported");
    for (Value value : comparator.outer)
      if (!convertedTensor(*getTypeConverter(), value.getType()))
        return rewriter.notifyMatchFailure(op, "comparator reads a value "
                                               "that does not convert");
    int64_t n = type.getDimSize(axis);
    if (n <= 1 || type.getNumElements() == 0) {
      rewriter.replaceOp(op, inputs); // already in order
      return success();
    }

    // The outer values the comparator reads, as held scalars.
    SmallVector<Value> converted, extras;
    if (failed(rewriter.getRemappedValues(comparator.outer, converted)))
      return rewriter.notifyMatchFailure(op, "comparator's outer values");
    for (Value rank0 : converted)
      extras.push_back(hold(
          rewriter, loc,
          tensor::ExtractOp::create(rewriter, loc, rank0, ValueRange{})));
    SmallVector<Value> iterArgs, placeholders, lbs, ubs, steps;
    SmallVector<int> carried;
    for (RankedTensorType resultType : types)
      iterArgs.push_back(emptyLike(rewriter, loc, resultType));
    // Read only through its first k elements (top_k, or an argsort then a
    // slice): a selection pass instead of the sort, when the comparator is
    // a strict weak order (the first k are then those of any stable sort).
    // Its worst case is n * k moves, so only for small k.
    size_t count = inputs.size();
    int64_t k = comparator.ordered ? leadingSliceLimit(op, axis) : 0;
    bool selecting = k > 0 && k <= kMaxSelection && 4 * k <= n;
    if (selecting)
      for (RankedTensorType resultType : types)
        iterArgs.push_back(tensor::EmptyOp::create(
            rewriter, loc, ArrayRef<int64_t>{k},
            heldType(resultType.getElementType())));
    bool withIndex = llvm::is_contained(comparator.reads, false);
    int buffers = withIndex ? 1 : 0;
    if (withIndex && !selecting)
      iterArgs.push_back(tensor::EmptyOp::create(
          rewriter, loc, ArrayRef<int64_t>{2 * n}, rewriter.getIndexType()));
    for (auto [k, element] : llvm::enumerate(elements)) {
      bool reads = comparator.reads[k];
      carried.push_back(reads ? buffers++ : -1);
      placeholders.push_back(reads ? Value()
                                   : zeroOf(rewriter, loc, computeType(element)));
      if (reads && !selecting)
        iterArgs.push_back(tensor::EmptyOp::create(
            rewriter, loc, ArrayRef<int64_t>{2 * n},
            heldType(types[k].getElementType())));
    }
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    for (int64_t d = 0; d < rank; ++d) {
      if (d == axis)
        continue;
      lbs.push_back(zero);
      ubs.push_back(
          arith::ConstantIndexOp::create(rewriter, loc, type.getDimSize(d)));
      steps.push_back(one);
    }
    scf::LoopNest nest = scf::buildLoopNest(
        rewriter, loc, lbs, ubs, steps, iterArgs,
        [&](OpBuilder &b, Location l, ValueRange ivs,
            ValueRange args) -> scf::ValueVector {
          SliceSort slice{l,        inputs,    elements, comparator,
                          extras,   placeholders, carried, withIndex,
                          ivs,      axis,      n};
          if (selecting) {
            SmallVector<Value> results = slice.select(
                b, args.drop_front(count), k, args.take_front(count));
            return scf::ValueVector(results.begin(), results.end());
          }
          auto [sorted, offset] = slice.sort(b, args.drop_front(count));
          SmallVector<Value> results =
              slice.gather(b, sorted, offset, args.take_front(count));
          scf::ValueVector next(results.begin(), results.end());
          next.append(sorted.begin(), sorted.end());
          return next;
        });
    rewriter.replaceOp(op, ArrayRef<Value>(nest.results).take_front(count));
    return success();
  }
};

} // namespace

void populateSortPatterns(const TypeConverter &converter,
                          RewritePatternSet &patterns) {
  patterns.add<SortToLoops>(converter, patterns.getContext());
}

} // namespace mlir::stablehlo::linalg_lowering
