// Verifiers and shape functions of the ops that order side effects or
// exchange data: the collectives, send and recv, infeed and outfeed,
// partition_id and replica_id (after_all and create_token have no constraints
// beyond their types). Each check cites its spec constraint.
//
// What depends on the size of the process grid (num_replicas,
// num_partitions), such as `size(replica_groups) = num_replicas` or an id
// below num_partitions, is known at run time only: the interpreter checks it
// when it runs the op. The verifier checks what the attributes and types
// decide alone.
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"

#include "llvm/Support/CheckedArithmetic.h"
#include <set>

using namespace mlir;
using namespace mlir::stablehlo;

#define GET_OP_CLASSES
#include "CommunicationOps.cpp.inc"

void mlir::stablehlo::registerCommunicationOps(StablehloDialect &dialect) {
  registerOps<
#define GET_OP_LIST
#include "CommunicationOps.cpp.inc"
      >(dialect);
}

namespace mlir::stablehlo {

//===--- shared pieces ----------------------------------------------------===//

// channel_id of the spec: the handle of channel_handle, 0 when it is absent.
static int64_t channelIdOf(ChannelHandleAttr handle) {
  return handle ? handle.getHandle() : 0;
}

// How a collective splits the process grid into process groups (spec,
// "Collective ops"), as all_gather, all_reduce and reduce_scatter choose it.
enum class Grouping { CrossReplica, CrossReplicaAndPartition, FlattenedIds };

static Grouping groupingOf(int64_t channelId, bool useGlobalDeviceIds) {
  if (channelId <= 0)
    return Grouping::CrossReplica; // use_global_device_ids breaks all_gather_c5 (all_reduce_c4, reduce_scatter_c6) then
  return useGlobalDeviceIds ? Grouping::FlattenedIds
                            : Grouping::CrossReplicaAndPartition;
}

// The value of an i64 attribute given to a builder (which may pass any
// attribute), std::nullopt when it is absent or not a signless i64.
static std::optional<int64_t> i64Of(Attribute attr) {
  auto integer = dyn_cast_or_null<IntegerAttr>(attr);
  if (!integer || !integer.getType().isSignlessInteger(64))
    return std::nullopt;
  return integer.getInt();
}

static bool compatibleDims(int64_t lhs, int64_t rhs) {
  return ShapedType::isDynamic(lhs) || ShapedType::isDynamic(rhs) || lhs == rhs;
}

// A broken constraint: "'<op>' op <constraint>: <message>" as an error, or as
// a spec deviation (a warning, an error under strict spec checking) where
// upstream's verifier accepts the program.
static LogicalResult
reportViolation(Operation *op, StringRef constraint, bool deviation,
                llvm::function_ref<void(InFlightDiagnostic &)> message) {
  if (deviation)
    return reportSpecDeviation(op, constraint, message);
  InFlightDiagnostic error = op->emitOpError() << constraint << ": ";
  message(error);
  return error;
}

// The constraint ids of the replica_groups checks of one op.
struct GroupIds {
  const char *input;  // a 2-dimensional tensor (the input's own type, I<n>)
  const char *unique; // is_unique(replica_groups)
  const char *size;   // size(replica_groups) = num_...: run time, see below
  const char *range;  // 0 <= replica_groups < size(replica_groups) or N
};

// How the entries of replica_groups are bounded above.
enum class Bound {
  // By size(replica_groups), the number of ids (all_gather_c4, all_reduce_c3,
  // all_to_all_c7, reduce_scatter_c5): with uniqueness, the ids are then
  // exactly range(size(replica_groups)), whose size the interpreter compares
  // with num_replicas, num_partitions or num_processes.
  Size,
  // By num_replicas or num_partitions (collective_broadcast_c2), known at
  // run time only: the verifier checks that the ids are not negative.
  RunTime,
};

// replica_groups of a collective: a 2-dimensional tensor whose ids are unique
// and in range. `padded`: the spec's variadic 1-dimensional groups of
// all_reduce, padded with -1 to rows of one length (as upstream reads them);
// -1 entries are then no ids. `flattened`: flattened_ids is used
// (use_global_device_ids). `paddingAsUpstream`: flattened groups of padding
// alone are a deviation (all_reduce, whose upstream verifier takes them).
static LogicalResult checkReplicaGroups(Operation *op, Attribute groupsAttr,
                                        const GroupIds &ids, bool padded,
                                        Bound bound, bool flattened,
                                        bool paddingAsUpstream = false) {
  // Mesh axes: the attribute checked its axes against an inline mesh; a mesh
  // named by a symbol must exist. The symbol table's verifier asks that of
  // discardable attributes only (an inherent one lives in the properties), so
  // the op asks it here. The groups, and so the constraints below, are known
  // when the interpreter computes them.
  if (auto mesh = dyn_cast<ReplicaGroupMeshAxesAttr>(groupsAttr)) {
    SymbolTableCollection symbols;
    return mesh.verifySymbolUses(op, symbols);
  }
  auto groups = cast<DenseIntElementsAttr>(groupsAttr); // ODS: one of the two
  auto type = cast<ShapedType>(groups.getType());
  if (!type.hasRank() || type.getRank() != 2) // I<n>
    return op->emitOpError()
           << ids.input << ": replica_groups must be a 2-dimensional tensor, "
           << "got " << type;
  auto isPadding = [&](int64_t id) { return padded && id == -1; };
  // A splat holds one value, read once (a huge splat is cheap to write): its
  // second entry already repeats the first.
  bool splat = groups.isSplat() && groups.getNumElements() > 0;
  int64_t splatId = splat ? groups.getSplatValue<APInt>().getSExtValue() : 0;
  int64_t size = 0; // size(replica_groups): the number of ids
  if (splat) {
    size = isPadding(splatId) ? 0 : groups.getNumElements();
  } else {
    for (const APInt &value : groups.getValues<APInt>())
      size += !isPadding(value.getSExtValue());
  }
  // size(replica_groups) is num_replicas, num_partitions or num_processes, so
  // the run time compares it with the process grid. Like upstream, the
  // verifier rejects empty flattened_ids groups: num_processes is never 0.
  // (An empty replica_groups of another strategy is XLA's "one group of all
  // replicas"; the spec's size constraint rejects it at run time.)
  // Upstream's all_reduce rejects only groups without entries: rows of -1
  // padding alone load as a deviation, which the interpreter refuses to run.
  if (flattened && size == 0) {
    auto describe = [&](InFlightDiagnostic &diag) {
      diag << "with use_global_device_ids (flattened_ids), replica_groups "
              "must list all num_processes process ids, got none";
    };
    bool deviation = paddingAsUpstream && groups.getNumElements() > 0;
    if (failed(reportViolation(op, ids.size, deviation, describe)))
      return failure();
  }
  // std::set, not DenseSet: DenseSet<int64_t> reserves INT64_MAX and INT64_MIN
  // as its empty and tombstone keys and asserts when given one of them.
  std::set<int64_t> seen;
  auto checkId = [&](int64_t id) -> LogicalResult {
    if (isPadding(id))
      return success();
    if (bound == Bound::Size && (id < 0 || id >= size))
      return op->emitOpError()
             << ids.range << ": replica_groups must be in [0, "
             << "size(replica_groups)) = [0, " << size << ")"
             << (padded ? " (-1 pads groups and counts as no id)" : "")
             << ", got " << id;
    if (bound == Bound::RunTime && id < 0)
      return op->emitOpError()
             << ids.range << ": replica_groups must be non-negative"
             << "; their bound, num_replicas or num_partitions, is checked "
                "at run time; got "
             << id;
    if (!seen.insert(id).second)
      return op->emitOpError()
             << ids.unique << ": replica_groups must be unique, but " << id
             << " appears more than once";
    return success();
  };
  if (splat) {
    for (int64_t i = 0; i < std::min<int64_t>(groups.getNumElements(), 2); ++i)
      if (failed(checkId(splatId)))
        return failure();
    return success();
  }
  for (const APInt &value : groups.getValues<APInt>())
    if (failed(checkId(value.getSExtValue())))
      return failure();
  return success();
}

// dim(replica_groups, 1), the length of each group, or std::nullopt when the
// groups hold no entry (then the sizes that depend on it are left to the run
// time, where size(replica_groups) = num_replicas fails).
static std::optional<int64_t> groupLength(Attribute groupsAttr) {
  auto groups = dyn_cast<DenseIntElementsAttr>(groupsAttr);
  if (!groups) // mesh axes: known at run time
    return std::nullopt;
  auto type = cast<ShapedType>(groups.getType());
  if (groups.getNumElements() == 0)
    return std::nullopt;
  return type.getDimSize(1);
}

// `(T0, T1) -> (T2)` for a block and its terminator.
static std::string formatSignature(Block &block) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '(';
  llvm::interleaveComma(block.getArgumentTypes(), os);
  os << ") -> (";
  if (Operation *terminator = terminatorOf(block))
    llvm::interleaveComma(terminator->getOperandTypes(), os);
  os << ')';
  return text;
}

// The computation of all_reduce and reduce_scatter (all_reduce_c5,
// reduce_scatter_c7): type (tensor<E>, tensor<E>) -> (tensor<E>) with
// is_promotable(element_type(operand), E) for every operand. Returns E.
// `asUpstream`: upstream checks the computation as a reducer body
// (hlo::verifyReducerShape, as reduce's): an argument 1 of another float type
// than E, and an E promotable from an operand only as upstream reads it
// (isPromotableAsUpstream: a narrower float, booleans to integers), are spec
// deviations, as for reduce (verifyReducerBody). collective_reduce, which
// jaxlib's StableHLO lacks, keeps the spec's rule.
static FailureOr<Type> checkComputation(Operation *op, Region &region,
                                        ValueRange operands, StringRef id,
                                        bool asUpstream = true) {
  Block &block = region.front(); // one block: ODS checked SizedRegion<1>
  Operation *terminator = terminatorOf(block);
  RankedTensorType scalar;
  if (block.getNumArguments() == 2 && terminator &&
      terminator->getNumOperands() == 1)
    scalar = dyn_cast<RankedTensorType>(terminator->getOperand(0).getType());
  auto describe = [&](InFlightDiagnostic &diag) {
    diag << "computation must have type (tensor<E>, tensor<E>) -> "
            "(tensor<E>), got "
         << formatSignature(block);
  };
  if (!scalar || scalar.getRank() != 0 ||
      block.getArgument(0).getType() != scalar) {
    (void)reportViolation(op, id, /*deviation=*/false, describe);
    return failure();
  }
  Type element = scalar.getElementType();
  if (block.getArgument(1).getType() != scalar) {
    auto second = dyn_cast<RankedTensorType>(block.getArgument(1).getType());
    bool floats = second && second.getRank() == 0 &&
                  isa<FloatType>(second.getElementType()) &&
                  isa<FloatType>(element);
    if (failed(reportViolation(op, id, asUpstream && floats, describe)))
      return failure();
  }
  for (Value operand : operands) {
    Type from = getElementTypeOrSelf(operand.getType());
    if (isPromotable(from, element))
      continue;
    if (failed(reportViolation(
            op, id, asUpstream && isPromotableAsUpstream(from, element),
            [&](InFlightDiagnostic &diag) {
              diag << "the computation's element type E = " << element
                   << " must be promotable from the element type of "
                      "operand "
                   << operand.getType();
            })))
      return failure();
  }
  return element;
}

// For inference: the element type E the computation of all_reduce or
// collective_reduce returns, or null while a builder has not filled the body
// or when it returns another count (which the verifier reports).
static Type computationElementType(RegionRange regions) {
  if (hasBody(regions, 0))
    if (Operation *terminator = terminatorOf(regions[0]->front()))
      if (terminator->getNumOperands() == 1)
        return getElementTypeOrSelf(terminator->getOperand(0).getType());
  return {};
}

// use_global_device_ids needs a positive channel_id (all_gather_c5,
// all_reduce_c4, reduce_scatter_c6). `zeroIsDeviation`: upstream rejects only
// a negative id (all_gather), so channel_id 0 loads as a deviation; no
// strategy then forms the process groups and the interpreter refuses to run it.
static LogicalResult checkGlobalDeviceIds(Operation *op, bool global,
                                          int64_t channelId, StringRef id,
                                          bool zeroIsDeviation = false) {
  if (!global || channelId > 0)
    return success();
  auto describe = [&](InFlightDiagnostic &diag) {
    diag << "use_global_device_ids needs a positive channel_id "
         << "(the handle of channel_handle), got " << channelId;
  };
  if (!id.empty())
    return reportViolation(op, id, zeroIsDeviation && channelId == 0,
                           describe);
  InFlightDiagnostic error = op->emitOpError(); // collective_reduce: no id
  describe(error);
  return error;
}

//===--- all_gather -------------------------------------------------------===//

LogicalResult AllGatherOp::verify() {
  ValueRange operands = getOperands();
  if (operands.size() != getNumResults()) // all_gather_c6
    return emitOpError() << "C6: each operand has one result of its type, got "
                         << operands.size() << " operand(s) and "
                         << getNumResults() << " result(s)";
  int64_t dim = getAllGatherDimAttr().getInt(); // si64
  for (Value operand : operands) {
    auto type = cast<RankedTensorType>(operand.getType());
    if (dim < 0 || dim >= type.getRank()) // all_gather_c1
      return emitOpError() << "C1: all_gather_dim " << dim << " must be in [0, "
                           << type.getRank() << ") for operand " << type;
  }
  int64_t channelId = channelIdOf(getChannelHandleAttr());
  bool global = getUseGlobalDeviceIds();
  // I3, all_gather_c2, all_gather_c4; all_gather_c3 (size(replica_groups) =
  // num_replicas or num_processes) at run time.
  if (failed(checkReplicaGroups(*this, getReplicaGroups(),
                                {"I3", "C2", "C3", "C4"}, /*padded=*/false,
                                Bound::Size, global)))
    return failure();
  if (failed(checkGlobalDeviceIds(*this, global, channelId, "C5",
                                  /*zeroIsDeviation=*/true)))
    return failure();
  // dim(process_groups, 1): dim(replica_groups, 1), times num_partitions for
  // cross_replica_and_partition (known at run time: a multiple then).
  std::optional<int64_t> length = groupLength(getReplicaGroups());
  bool exact =
      groupingOf(channelId, global) != Grouping::CrossReplicaAndPartition;
  for (auto [operand, result] : llvm::zip(operands, getResults())) {
    auto o = cast<RankedTensorType>(operand.getType());
    auto r = cast<RankedTensorType>(result.getType());
    bool same =
        o.getElementType() == r.getElementType() && o.getRank() == r.getRank();
    for (int64_t d = 0; same && d < o.getRank(); ++d)
      same = d == dim || compatibleDims(o.getDimSize(d), r.getDimSize(d));
    if (!same) // all_gather_c6
      return emitOpError() << "C6: result " << r
                           << " must have the type of operand " << o
                           << " except in dimension " << dim;
    int64_t in = o.getDimSize(dim), out = r.getDimSize(dim);
    if (!length || ShapedType::isDynamic(in) || ShapedType::isDynamic(out))
      continue;
    std::optional<int64_t> gathered = llvm::checkedMul<int64_t>(in, *length);
    if (!gathered) // all_gather_c6
      return emitOpError() << "C6: dim(operand, " << dim << ") * "
                           << "dim(process_groups, 1) = " << in << " * "
                           << *length << " does not fit in int64";
    bool wrong = exact ? out != *gathered
                       : (*gathered == 0 ? out != 0
                                         : out == 0 || out % *gathered != 0);
    if (!wrong)
      continue;
    auto describe = [&](InFlightDiagnostic &diag) {
      diag << "dimension " << dim << " of result " << r
           << " must be dim(operand, " << dim << ") * ";
      if (exact)
        diag << "dim(process_groups, 1) = " << in << " * " << *length << " = "
             << *gathered;
      else
        diag << "dim(replica_groups, 1) * num_partitions, a positive "
                "multiple of "
             << in << " * " << *length << " = " << *gathered;
    };
    // Upstream only asks for a multiple of dim(operand, all_gather_dim).
    bool multiple = in == 0 ? out == 0 : out % in == 0;
    if (multiple) {
      if (failed(reportSpecDeviation(*this, "C6", describe))) // all_gather_c6
        return failure();
      continue;
    }
    InFlightDiagnostic error = emitOpError() << "C6: "; // all_gather_c6
    describe(error);
    return error;
  }
  return success();
}

//===--- all_reduce -------------------------------------------------------===//

LogicalResult AllReduceOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            ValueRange operands, DictionaryAttr,
                                            OpaqueProperties,
                                            RegionRange regions,
                                            SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<AllReduceOp>(location, operands);
  if (failed(ranked))
    return failure();
  // all_reduce_c7: the element type E of the computation's result.
  Type element = computationElementType(regions);
  for (RankedTensorType type : *ranked) // all_reduce_c6
    inferred.push_back(element ? type.clone(element) : type);
  return success();
}

LogicalResult AllReduceOp::verify() {
  ValueRange operands = getOperands();
  if (operands.size() != getNumResults()) // all_reduce_c6, all_reduce_c7
    return emitOpError() << "C6: each operand has one result of its shape, got "
                         << operands.size() << " operand(s) and "
                         << getNumResults() << " result(s)";
  int64_t channelId = channelIdOf(getChannelHandleAttr());
  bool global = getUseGlobalDeviceIds();
  // I2 (variadic 1-dimensional groups, padded with -1), all_reduce_c1,
  // all_reduce_c3; all_reduce_c2 (size(replica_groups) = num_replicas or
  // num_processes) at run time.
  if (failed(checkReplicaGroups(*this, getReplicaGroups(),
                                {"I2", "C1", "C2", "C3"}, /*padded=*/true,
                                Bound::Size, global,
                                /*paddingAsUpstream=*/true)))
    return failure();
  if (failed(checkGlobalDeviceIds(*this, global, channelId, "C4")))
    return failure();
  FailureOr<Type> element =
      checkComputation(*this, getComputation(), operands, "C5");
  if (failed(element))
    return failure();
  for (auto [operand, result] : llvm::zip(operands, getResults())) {
    if (!isCompatibleShape(operand.getType(), result.getType())) // all_reduce_c6
      return emitOpError() << "C6: result " << result.getType()
                           << " must have the shape of operand "
                           << operand.getType();
    if (getElementTypeOrSelf(result.getType()) != *element) // all_reduce_c7
      return emitOpError() << "C7: the element type of result "
                           << result.getType()
                           << " must be the computation's E = " << *element;
  }
  return success();
}

//===--- reduce_scatter ---------------------------------------------------===//

LogicalResult ReduceScatterOp::verify() {
  auto o = cast<RankedTensorType>(getOperand().getType());
  auto r = cast<RankedTensorType>(getType());
  int64_t dim = getScatterDimensionAttr().getInt(); // si64
  if (dim < 0 || dim >= o.getRank())                // reduce_scatter_c2
    return emitOpError() << "C2: scatter_dimension " << dim
                         << " must be in [0, " << o.getRank()
                         << ") for operand " << o;
  int64_t channelId = channelIdOf(getChannelHandleAttr());
  bool global = getUseGlobalDeviceIds();
  // I3, reduce_scatter_c3, reduce_scatter_c5; reduce_scatter_c4
  // (size(replica_groups) = num_replicas or num_processes) at run time.
  if (failed(checkReplicaGroups(*this, getReplicaGroups(),
                                {"I3", "C3", "C4", "C5"}, /*padded=*/false,
                                Bound::Size, global)))
    return failure();
  if (failed(checkGlobalDeviceIds(*this, global, channelId, "C6")))
    return failure();
  FailureOr<Type> element =
      checkComputation(*this, getComputation(), getOperand(), "C7");
  if (failed(element))
    return failure();
  bool same = o.getRank() == r.getRank();
  for (int64_t d = 0; same && d < o.getRank(); ++d)
    same = d == dim || compatibleDims(o.getDimSize(d), r.getDimSize(d));
  if (!same) // reduce_scatter_c8
    return emitOpError() << "C8: result " << r
                         << " must have the shape of operand " << o
                         << " except in dimension " << dim;
  // dim(process_groups, 1): dim(replica_groups, 1), times num_partitions for
  // cross_replica_and_partition (known at run time: only its factor
  // dim(replica_groups, 1) is checked then).
  std::optional<int64_t> length = groupLength(getReplicaGroups());
  bool exact =
      groupingOf(channelId, global) != Grouping::CrossReplicaAndPartition;
  int64_t in = o.getDimSize(dim), out = r.getDimSize(dim);
  bool known = !ShapedType::isDynamic(in) && !ShapedType::isDynamic(out);
  // Upstream only asks for a nonzero result size that divides the operand's
  // (whatever the groups): a C1 or C8 violation it accepts is a deviation,
  // which the run time refuses (the spec's split gives another shape).
  bool upstreamAccepts = !known || (out != 0 && in % out == 0);
  auto check = [&](bool wrong, StringRef id,
                   llvm::function_ref<void(InFlightDiagnostic &)> describe) {
    return wrong ? reportViolation(*this, id, upstreamAccepts, describe)
                 : success();
  };
  bool splits = !length || ShapedType::isDynamic(in) || in % *length == 0;
  // reduce_scatter_c1
  if (failed(check(!splits, "C1", [&](InFlightDiagnostic &diag) {
        diag << "dim(operand, " << dim << ") = " << in
             << " must be a multiple of "
             << (exact ? "dim(process_groups, 1) = "
                       : "dim(replica_groups, 1) = ")
             << *length;
      })))
    return failure();
  // Without a split (a C1 deviation) the result's size has nothing to match.
  if (splits && length && known) {
    // in = out * dim(replica_groups, 1) * num_partitions, num_partitions >= 1
    // (cross_replica_and_partition); in = out * dim(process_groups, 1) else.
    std::optional<int64_t> part = llvm::checkedMul<int64_t>(out, *length);
    bool wrong = exact ? out != in / *length
                       : (!part || (*part == 0 ? in != 0
                                               : in == 0 || in % *part != 0));
    // reduce_scatter_c8
    if (failed(check(wrong, "C8", [&](InFlightDiagnostic &diag) {
          diag << "dimension " << dim << " of result " << r
               << " must be dim(operand, " << dim << ") / ";
          if (exact)
            diag << "dim(process_groups, 1) = " << in << " / " << *length
                 << " = " << in / *length;
          else
            diag << "(dim(replica_groups, 1) * num_partitions), a divisor of "
                 << in << " / " << *length << " = " << in / *length;
        })))
      return failure();
  }
  if (r.getElementType() != *element) // reduce_scatter_c9
    return emitOpError() << "C9: the element type of result " << r
                         << " must be the computation's E = " << *element;
  return success();
}

//===--- all_to_all -------------------------------------------------------===//

// all_to_all_c1-c4 on one operand and the attributes; `inferred` gets its
// result type (all_to_all_c9).
static LogicalResult
inferAllToAllType(const ErrorSink &fail, RankedTensorType operand,
                  int64_t splitDimension, int64_t concatDimension,
                  int64_t splitCount, RankedTensorType &inferred) {
  int64_t rank = operand.getRank();
  if (splitDimension < 0 || splitDimension >= rank) // all_to_all_c1
    return fail("C1: split_dimension ", splitDimension, " must be in [0, ",
                rank, ") for operand ", operand);
  if (concatDimension < 0 || concatDimension >= rank) // all_to_all_c3
    return fail("C3: concat_dimension ", concatDimension, " must be in [0, ",
                rank, ") for operand ", operand);
  if (splitCount <= 0) // all_to_all_c4
    return fail("C4: split_count ", splitCount, " must be positive");
  SmallVector<int64_t> shape(operand.getShape());
  SmallVector<int64_t> bounds(getBounds(operand));
  int64_t split = shape[splitDimension];
  if (!ShapedType::isDynamic(split) && split % splitCount != 0) // all_to_all_c2
    return fail("C2: dim(operand, ", splitDimension, ") = ", split,
                " must be a multiple of split_count ", splitCount);
  // all_to_all_c9: the split dimension shrinks, then the concatenation
  // dimension grows (the same dimension keeps its size).
  auto divide = [&](int64_t &size) {
    if (!ShapedType::isDynamic(size))
      size /= splitCount;
  };
  auto multiply = [&](int64_t &size) -> LogicalResult {
    if (ShapedType::isDynamic(size))
      return success();
    std::optional<int64_t> product =
        llvm::checkedMul<int64_t>(size, splitCount);
    if (!product)
      return fail("C9: dim(operand, ", concatDimension,
                  ") * split_count = ", size, " * ", splitCount,
                  " does not fit in int64");
    size = *product;
    return success();
  };
  if (splitDimension != concatDimension) {
    divide(shape[splitDimension]);
    if (failed(multiply(shape[concatDimension])))
      return failure();
    if (!bounds.empty()) {
      divide(bounds[splitDimension]);
      if (failed(multiply(bounds[concatDimension])))
        return failure();
    }
  }
  inferred = getTensorType(shape, operand.getElementType(), bounds);
  return success();
}

LogicalResult
AllToAllOp::inferReturnTypes(MLIRContext *, std::optional<Location> location,
                             ValueRange operands, DictionaryAttr attributes,
                             OpaqueProperties properties, RegionRange,
                             SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<AllToAllOp>(location, operands);
  if (failed(ranked))
    return failure();
  auto props = propertiesOf<AllToAllOp>(attributes, properties);
  std::optional<int64_t> split = i64Of(props.split_dimension),
                         concat = i64Of(props.concat_dimension),
                         count = i64Of(props.split_count);
  if (!split || !concat || !count)
    return builderError(location, getOperationName(),
                        "needs split_dimension, concat_dimension and "
                        "split_count (i64)");
  for (RankedTensorType operand : *ranked) {
    RankedTensorType type;
    if (failed(inferAllToAllType({}, operand, *split, *concat, *count, type)))
      type = operand; // placeholder: the verifier reports the problem
    inferred.push_back(type);
  }
  return success();
}

LogicalResult AllToAllOp::verify() {
  ValueRange operands = getOperands();
  if (operands.size() != getNumResults()) // all_to_all_c9
    return emitOpError() << "C9: each operand has one result, got "
                         << operands.size() << " operand(s) and "
                         << getNumResults() << " result(s)";
  int64_t count = getSplitCountAttr().getInt();
  if (count <= 0) // all_to_all_c4 (also without operands)
    return emitOpError() << "C4: split_count " << count << " must be positive";
  for (auto [operand, result] : llvm::zip(operands, getResults())) {
    auto o = cast<RankedTensorType>(operand.getType());
    auto r = cast<RankedTensorType>(result.getType());
    RankedTensorType expected;
    if (failed(inferAllToAllType({*this}, o, getSplitDimensionAttr().getInt(),
                                 getConcatDimensionAttr().getInt(), count,
                                 expected)))
      return failure();
    if (r.getElementType() != expected.getElementType() ||
        !isCompatibleShape(r, expected)) // all_to_all_c9
      return emitOpError() << "C9: result " << r << " must be " << expected
                           << ": operand " << o << " split in " << count
                           << " along dimension "
                           << getSplitDimensionAttr().getInt()
                           << " and concatenated along dimension "
                           << getConcatDimensionAttr().getInt();
  }
  // I5, all_to_all_c5, all_to_all_c7; all_to_all_c6 (size(replica_groups) =
  // num_replicas or num_partitions) at run time.
  if (failed(checkReplicaGroups(*this, getReplicaGroups(),
                                {"I5", "C5", "C6", "C7"}, /*padded=*/false,
                                Bound::Size, /*flattened=*/false)))
    return failure();
  auto groups = dyn_cast<DenseIntElementsAttr>(getReplicaGroups());
  if (!groups) // mesh axes: the group size is checked at run time
    return success();
  int64_t length = cast<ShapedType>(groups.getType()).getDimSize(1);
  if (length != count) // all_to_all_c8
    return emitOpError() << "C8: dim(replica_groups, 1) = " << length
                         << " must be split_count " << count;
  return success();
}

//===--- collective_broadcast, collective_permute -------------------------===//

// has_dynamic_root as upstream writes it (a unit attribute) or as the spec
// does (an i1 constant).
static bool isDynamicRoot(Attribute attr) {
  if (auto flag = dyn_cast_or_null<BoolAttr>(attr))
    return flag.getValue();
  return isa_and_nonnull<UnitAttr>(attr);
}

LogicalResult CollectiveBroadcastOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto props = propertiesOf<CollectiveBroadcastOp>(attributes, properties);
  // collective_broadcast_c3, collective_broadcast_c4: the operands' types
  // (but the roots'); the verifier reports a missing operand.
  size_t count = operands.size();
  if (isDynamicRoot(props.has_dynamic_root) && count > 0)
    --count;
  for (Value operand : operands.take_front(count))
    inferred.push_back(operand.getType());
  return success();
}

LogicalResult CollectiveBroadcastOp::verify() {
  // I2, collective_broadcast_c1, collective_broadcast_c2 (the bound,
  // num_replicas or num_partitions, at run time). The spec's groups are
  // variadic 1-dimensional tensors, but like upstream the groups have one
  // length here: no -1 padding (collective_broadcast_c2 rejects it).
  if (failed(checkReplicaGroups(*this, getReplicaGroups(),
                                {"I2", "C1", "C2", "C2"}, /*padded=*/false,
                                Bound::RunTime, /*flattened=*/false)))
    return failure();
  bool dynamicRoot = isDynamicRoot(getHasDynamicRootAttr());
  size_t count = getOperands().size();
  if (count < (dynamicRoot ? 2u : 1u)) // collective_broadcast_c3, collective_broadcast_c4
    return emitOpError() << (dynamicRoot ? "C4" : "C3") << ": needs at least "
                         << (dynamicRoot ? "2 operands (the last the roots)"
                                         : "1 operand")
                         << ", got " << count;
  size_t broadcast = dynamicRoot ? count - 1 : count;
  if (getNumResults() != broadcast) // collective_broadcast_c5
    return emitOpError() << "C5: size(results) must be size(operands)"
                         << (dynamicRoot ? " - 1" : "") << " = " << broadcast
                         << ", got " << getNumResults();
  if (dynamicRoot) {
    Type roots = getOperands().back().getType();
    auto expected = RankedTensorType::get(
        {static_cast<int64_t>(broadcast)},
        IntegerType::get(getContext(), 32));
    if (!isCompatibleType(roots, expected)) // collective_broadcast_c4
      return emitOpError() << "C4: the last operand holds the roots, of type "
                           << expected << ", got " << roots;
  }
  for (auto [index, pair] : llvm::enumerate(
           llvm::zip(getOperands().take_front(broadcast), getResults()))) {
    auto [operand, result] = pair;
    if (!isCompatibleType(operand.getType(), result.getType())) // collective_broadcast_c3, collective_broadcast_c4
      return emitOpError() << (dynamicRoot ? "C4" : "C3") << ": result #"
                           << index << " " << result.getType()
                           << " must have the type of operand #" << index
                           << " " << operand.getType();
  }
  return success();
}

//===--- collective_reduce ------------------------------------------------===//

// The operands reduced: all but the roots (the last operand) with
// has_dynamic_root.
static ValueRange reducedOperands(ValueRange operands, bool dynamicRoot) {
  return dynamicRoot && !operands.empty() ? operands.drop_back() : operands;
}

LogicalResult CollectiveReduceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties,
    RegionRange regions, SmallVectorImpl<Type> &inferred) {
  auto props = propertiesOf<CollectiveReduceOp>(attributes, properties);
  ValueRange reduced =
      reducedOperands(operands, isDynamicRoot(props.has_dynamic_root));
  auto ranked = rankedOperandTypes<CollectiveReduceOp>(location, reduced);
  if (failed(ranked))
    return failure();
  // collective_reduce_c3, collective_reduce_c4: the operands' shapes, with
  // the element type E the computation returns.
  Type element = computationElementType(regions);
  for (RankedTensorType type : *ranked)
    inferred.push_back(element ? type.clone(element) : type);
  return success();
}

LogicalResult CollectiveReduceOp::verify() {
  bool dynamicRoot = isDynamicRoot(getHasDynamicRootAttr());
  bool global = getUseGlobalDeviceIds();
  int64_t channelId = channelIdOf(getChannelHandleAttr());
  // I2, collective_reduce_c1, collective_reduce_c2. Like all_reduce's, the
  // groups may be padded with -1 and their ids are range(size(replica_groups))
  // (what upstream checks); the bound N is compared at run time.
  if (failed(checkReplicaGroups(*this, getReplicaGroups(),
                                {"I2", "C1", "C2", "C2"}, /*padded=*/true,
                                Bound::Size, global)))
    return failure();
  // Not in the spec's collective_reduce, which has no use_global_device_ids:
  // upstream's rule, as all_reduce_c4.
  if (failed(checkGlobalDeviceIds(*this, global, channelId, /*id=*/"")))
    return failure();
  ValueRange operands = getOperands();
  if (operands.size() < (dynamicRoot ? 2u : 1u)) // collective_reduce_c3
    return emitOpError() << "C3: needs at least "
                         << (dynamicRoot ? "2 operands (the last the roots)"
                                         : "1 operand")
                         << ", got " << operands.size();
  ValueRange reduced = reducedOperands(operands, dynamicRoot);
  if (getNumResults() != reduced.size()) // collective_reduce_c3
    return emitOpError() << "C3: size(results) must be size(operands)"
                         << (dynamicRoot ? " - 1" : "") << " = "
                         << reduced.size() << ", got " << getNumResults();
  if (dynamicRoot) {
    Type roots = operands.back().getType();
    auto expected = RankedTensorType::get({int64_t(reduced.size())},
                                          IntegerType::get(getContext(), 32));
    if (!isCompatibleType(roots, expected)) // collective_reduce_c3
      return emitOpError() << "C3: the last operand holds the roots, of type "
                           << expected << ", got " << roots;
  }
  FailureOr<Type> element =
      checkComputation(*this, getComputation(), reduced, "C4",
                       /*asUpstream=*/false);
  if (failed(element))
    return failure();
  for (auto [index, pair] : llvm::enumerate(llvm::zip(reduced, getResults()))) {
    auto [operand, result] = pair;
    if (!isCompatibleShape(operand.getType(), result.getType())) // collective_reduce_c3
      return emitOpError() << "C3: result #" << index << " "
                           << result.getType()
                           << " must have the shape of operand #" << index
                           << " " << operand.getType();
    if (getElementTypeOrSelf(result.getType()) != *element) // collective_reduce_c4
      return emitOpError() << "C4: the element type of result #" << index
                           << " " << result.getType()
                           << " must be the computation's E = " << *element;
  }
  return success();
}

// source_target_pairs of collective_permute (collective_permute_c1-c4, with the
// bound N of collective_permute_c4, num_replicas or num_partitions, at run
// time); send and recv read upstream's optional source_target_pairs (not in the
// spec) the same way. Upstream checks nothing of send's and recv's pairs, so
// for them (`prefix` nonempty) the first problem is a deviation (the
// interpreter refuses pairs that are no (source, target) list and ids outside
// the grid, and a recv with several sources).
static LogicalResult checkSourceTargetPairs(Operation *op,
                                            DenseIntElementsAttr pairs,
                                            StringRef prefix) {
  auto type = cast<ShapedType>(pairs.getType());
  bool deviation = !prefix.empty();
  // failure() when the problem is an error, success() after a warning: the
  // caller stops checking either way.
  auto report = [&](StringRef id,
                    llvm::function_ref<void(InFlightDiagnostic &)> describe) {
    return reportViolation(op, (prefix + id).str(), deviation, describe);
  };
  if (!type.hasRank() || type.getRank() != 2) // I2
    return report("I2", [&](InFlightDiagnostic &diag) {
      diag << "source_target_pairs must be a 2-dimensional tensor, got "
           << type;
    });
  if (type.getDimSize(1) != 2) // collective_permute_c1
    return report("C1", [&](InFlightDiagnostic &diag) {
      diag << "dim(source_target_pairs, 1) must be 2, got " << type;
    });
  std::set<int64_t> sources, targets; // any int64, see checkReplicaGroups
  int64_t index = 0;
  for (const APInt &value : pairs.getValues<APInt>()) {
    int64_t id = value.getSExtValue();
    bool source = index++ % 2 == 0;
    if (id < 0) // collective_permute_c4
      return report("C4", [&](InFlightDiagnostic &diag) {
        diag << "source_target_pairs must be non-negative; their bound, "
                "num_replicas or num_partitions, is checked at run time; got "
             << id;
      });
    if (!(source ? sources : targets).insert(id).second) // collective_permute_c2, collective_permute_c3
      return report(source ? "C2" : "C3", [&](InFlightDiagnostic &diag) {
        diag << "the " << (source ? "sources" : "targets")
             << " of source_target_pairs must be unique, but " << id
             << " appears more than once";
      });
    // A splat of more than one pair repeats its source: the loop stops at
    // the second entry.
  }
  return success();
}

LogicalResult CollectivePermuteOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<CollectivePermuteOp>(location, operands, 1);
  if (failed(ranked))
    return failure();
  inferred.push_back((*ranked)[0]); // collective_permute_c5
  return success();
}

LogicalResult CollectivePermuteOp::verify() {
  if (failed(checkSourceTargetPairs(*this, getSourceTargetPairs(), "")))
    return failure();
  if (!isCompatibleType(getOperand().getType(), getType())) // collective_permute_c5
    return emitOpError() << "C5: result " << getType()
                         << " must have the type of operand "
                         << getOperand().getType();
  return success();
}

//===--- send, recv -------------------------------------------------------===//

// The channel types of channel_handle (XLA's ChannelHandle.ChannelType).
enum ChannelType : int64_t {
  kDeviceToDevice = 1,
  kDeviceToHost = 2,
  kHostToDevice = 3,
};

// send_c1 and recv_c1: channel_type is `host` (DEVICE_TO_HOST for send,
// HOST_TO_DEVICE for recv) when is_host_transfer, else DEVICE_TO_DEVICE.
static LogicalResult checkChannelType(Operation *op, ChannelHandleAttr handle,
                                      bool hostTransfer, int64_t host,
                                      StringRef hostName) {
  int64_t expected = hostTransfer ? host : kDeviceToDevice;
  if (handle.getType() != expected)
    return op->emitOpError()
           << "C1: channel_type must be "
           << (hostTransfer ? hostName : StringRef("DEVICE_TO_DEVICE"))
           << " (channel_handle type = " << expected
           << ") when is_host_transfer is " << (hostTransfer ? "true" : "false")
           << ", got type = " << handle.getType();
  return success();
}

LogicalResult SendOp::verify() {
  if (failed(checkChannelType(*this, getChannelHandle(), getIsHostTransfer(),
                              kDeviceToHost, "DEVICE_TO_HOST")))
    return failure();
  if (auto pairs = getSourceTargetPairsAttr())
    return checkSourceTargetPairs(*this, pairs, "collective_permute ");
  return success();
}

// The results of recv and infeed: payload tensors, then a token (recv_c2-c4,
// infeed_c1-c3: `ids` in that order).
static LogicalResult checkPayloadAndToken(Operation *op,
                                          ArrayRef<const char *> ids) {
  TypeRange results = op->getResultTypes();
  if (results.empty()) // 0 < size(results)
    return op->emitOpError()
           << ids[0] << ": needs at least one result (the token)";
  for (auto [i, type] : llvm::enumerate(results.drop_back()))
    if (!isa<RankedTensorType>(type)) // is_tensor(type(results[:-1]))
      return op->emitOpError() << ids[1] << ": result #" << i << " must be a "
                               << "tensor (only the last result is a token), "
                               << "got " << type;
  if (!isa<TokenType>(results.back())) // is_token(type(results[-1]))
    return op->emitOpError()
           << ids[2] << ": the last result must be a token, got "
           << results.back();
  return success();
}

LogicalResult RecvOp::verify() {
  if (failed(checkChannelType(*this, getChannelHandle(), getIsHostTransfer(),
                              kHostToDevice, "HOST_TO_DEVICE")))
    return failure();
  if (failed(checkPayloadAndToken(*this, {"C2", "C3", "C4"})))
    return failure();
  if (auto pairs = getSourceTargetPairsAttr())
    return checkSourceTargetPairs(*this, pairs, "collective_permute ");
  return success();
}

//===--- infeed, outfeed --------------------------------------------------===//

LogicalResult InfeedOp::verify() {
  if (failed(checkPayloadAndToken(*this, {"C1", "C2", "C3"})))
    return failure();
  // layout (not in the spec; upstream's attribute, checked as upstream does):
  // one array per payload result.
  ArrayAttr layout = getLayoutAttr();
  if (!layout)
    return success();
  size_t payload = getNumResults() - 1;
  if (layout.size() != payload)
    return emitOpError() << "layout must have one entry per result but the "
                         << "token (" << payload << "), got " << layout.size();
  for (auto [i, entry] : llvm::enumerate(layout))
    if (!isa<ArrayAttr>(entry))
      return emitOpError() << "layout entry " << i << " must be an array, got "
                           << entry;
  return success();
}

//===--- partition_id, replica_id -----------------------------------------===//

static Type processIdType(MLIRContext *context) {
  return RankedTensorType::get(
      {}, IntegerType::get(context, 32, IntegerType::Unsigned));
}

LogicalResult PartitionIdOp::inferReturnTypes(MLIRContext *context,
                                              std::optional<Location>,
                                              ValueRange, DictionaryAttr,
                                              OpaqueProperties, RegionRange,
                                              SmallVectorImpl<Type> &inferred) {
  inferred.push_back(processIdType(context));
  return success();
}

LogicalResult ReplicaIdOp::inferReturnTypes(MLIRContext *context,
                                            std::optional<Location>, ValueRange,
                                            DictionaryAttr, OpaqueProperties,
                                            RegionRange,
                                            SmallVectorImpl<Type> &inferred) {
  inferred.push_back(processIdType(context));
  return success();
}

// cross-replica-sum (legacy): the operand's type, as upstream infers it.
LogicalResult CrossReplicaSumOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  if (operands.size() != 1)
    return builderError(location, getOperationName(), "needs one operand");
  inferred.push_back(operands[0].getType());
  return success();
}

} // namespace mlir::stablehlo
