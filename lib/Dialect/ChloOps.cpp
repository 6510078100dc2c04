// The chlo dialect: verifiers and shape functions. CHLO has no spec; the
// constraints each check cites (`// <op>_c<N>`, e.g. `// top_k_c2`) are listed
// per op in docs/chlo.md. They follow upstream's verifier, and are stricter
// where upstream accepts programs that cannot run (incompatible broadcast
// shapes, element types the corresponding stablehlo op rejects).
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::stablehlo;
using chlo::ChloDialect;

namespace {
// The element type of a broadcasting op's result: the operands' (Same), i1
// (Predicate) or complex<E> of the operands' E (Complex).
enum class ChloBroadcastResult { Same, Predicate, Complex };
} // namespace

static LogicalResult inferBroadcastBinaryType(
    std::optional<Location> location, StringRef opName, ValueRange operands,
    std::optional<ArrayRef<int64_t>> dims, ChloBroadcastResult kind,
    SmallVectorImpl<Type> &inferred);
template <typename OpT>
static LogicalResult
verifyBroadcastBinaryOp(OpT op, std::optional<ArrayRef<int64_t>> dims,
                        ChloBroadcastResult kind);

#include "ChloDialect.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "ChloAttrs.cpp.inc"
#define GET_OP_CLASSES
#include "ChloOps.cpp.inc"

void ChloDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ChloAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "ChloOps.cpp.inc"
      >();
}

//===--- Broadcasting ----------------------------------------------------===//

// The size two broadcast dimensions give: equal sizes, or one of them 1; a
// dynamic size matches anything and leaves the result dynamic unless the
// other size is known and not 1. std::nullopt when they cannot broadcast.
static std::optional<int64_t> broadcastSize(int64_t a, int64_t b) {
  if (ShapedType::isDynamic(a) && ShapedType::isDynamic(b))
    return ShapedType::kDynamic;
  if (ShapedType::isDynamic(a))
    return b == 1 ? ShapedType::kDynamic : b;
  if (ShapedType::isDynamic(b))
    return a == 1 ? ShapedType::kDynamic : a;
  if (a == b || b == 1)
    return a;
  if (a == 1)
    return b;
  return std::nullopt;
}

// numpy's rule: shapes aligned at their last dimension (broadcast_<op>_c3,
// broadcast_select_c3).
static FailureOr<SmallVector<int64_t>>
trailingBroadcastShape(const ErrorSink &error,
                       ArrayRef<ArrayRef<int64_t>> shapes) {
  size_t rank = 0;
  for (ArrayRef<int64_t> shape : shapes)
    rank = std::max(rank, shape.size());
  SmallVector<int64_t> result(rank, 1);
  for (ArrayRef<int64_t> shape : shapes) {
    size_t offset = rank - shape.size();
    for (auto [i, size] : llvm::enumerate(shape)) {
      std::optional<int64_t> combined = broadcastSize(result[offset + i], size);
      if (!combined)
        return error("C3: shapes ", formatShape(shapes[0]), " and ",
                     formatShape(shape), " are not broadcast-compatible (",
                     result[offset + i], " vs ", size, " in dimension ",
                     offset + i, " of the result)");
      result[offset + i] = *combined;
    }
  }
  return result;
}

// The result shape of a broadcasting binary op: with broadcast_dimensions,
// the lower-rank operand's dimension i goes to result dimension dims[i] of the
// higher-rank one's shape (broadcast_<op>_c2, e.g. broadcast_add_c2); without,
// numpy's rule (broadcast_<op>_c3).
static FailureOr<SmallVector<int64_t>>
broadcastShape(const ErrorSink &error, ArrayRef<int64_t> lhs,
               ArrayRef<int64_t> rhs, std::optional<ArrayRef<int64_t>> dims) {
  if (!dims)
    return trailingBroadcastShape(error, {lhs, rhs});
  bool lhsIsSmaller = lhs.size() < rhs.size();
  ArrayRef<int64_t> small = lhsIsSmaller ? lhs : rhs;
  ArrayRef<int64_t> large = lhsIsSmaller ? rhs : lhs;
  if (dims->size() != small.size()) // broadcast_<op>_c2
    return error("C2: broadcast_dimensions must have one entry per dimension "
                 "of the lower-rank operand (",
                 small.size(), "), got ", formatDims(*dims));
  if (lhs.size() == rhs.size())
    for (auto [i, d] : llvm::enumerate(*dims))
      if (d != static_cast<int64_t>(i)) // broadcast_<op>_c2
        return error("C2: broadcast_dimensions of operands of equal rank must "
                     "be the identity, got ",
                     formatDims(*dims));
  if (!isUnique(*dims)) // broadcast_<op>_c2
    return error("C2: broadcast_dimensions must be unique, got ",
                 formatDims(*dims));
  SmallVector<int64_t> result(large);
  for (auto [i, d] : llvm::enumerate(*dims)) {
    if (d < 0 || d >= static_cast<int64_t>(large.size())) // broadcast_<op>_c2
      return error("C2: broadcast_dimensions entry ", d,
                   " is out of range [0, ", large.size(), ")");
    std::optional<int64_t> combined = broadcastSize(large[d], small[i]);
    if (!combined) // broadcast_<op>_c3
      return error("C3: dimension ", i, " of size ", small[i],
                   " cannot broadcast to result dimension ", d, " of size ",
                   large[d]);
    result[d] = *combined;
  }
  return result;
}

static Type broadcastElementType(Type operandElement,
                                 ChloBroadcastResult kind) {
  switch (kind) {
  case ChloBroadcastResult::Same:
    return operandElement;
  case ChloBroadcastResult::Predicate:
    return IntegerType::get(operandElement.getContext(), 1);
  case ChloBroadcastResult::Complex:
    return ComplexType::get(operandElement);
  }
  llvm_unreachable("unknown broadcast result kind");
}

// The result type of a broadcasting binary op; reports (broadcast_<op>_c1-c3,
// shared by the broadcasting ops) through `error`.
static FailureOr<RankedTensorType>
broadcastBinaryType(const ErrorSink &error, RankedTensorType lhs,
                    RankedTensorType rhs, std::optional<ArrayRef<int64_t>> dims,
                    ChloBroadcastResult kind) {
  if (lhs.getElementType() != rhs.getElementType()) // broadcast_<op>_c1
    return error("C1: lhs and rhs must have the same element type, got ", lhs,
                 " and ", rhs);
  auto shape = broadcastShape(error, lhs.getShape(), rhs.getShape(), dims);
  if (failed(shape))
    return failure();
  return RankedTensorType::get(
      *shape, broadcastElementType(lhs.getElementType(), kind));
}

static LogicalResult inferBroadcastBinaryType(
    std::optional<Location> location, StringRef opName, ValueRange operands,
    std::optional<ArrayRef<int64_t>> dims, ChloBroadcastResult kind,
    SmallVectorImpl<Type> &inferred) {
  if (failed(
          checkRankedTensorOperands(location, opName, operands.getTypes(), 2)))
    return failure();
  auto lhs = cast<RankedTensorType>(operands[0].getType());
  auto rhs = cast<RankedTensorType>(operands[1].getType());
  auto type = broadcastBinaryType(ErrorSink{}, lhs, rhs, dims, kind);
  // A placeholder when the operands do not broadcast: the verifier reports it.
  inferred.push_back(succeeded(type) ? Type(*type) : Type(lhs));
  return success();
}

// broadcast_<op>_c4 (shared by the broadcasting ops, e.g. broadcast_add_c4) and
// broadcast_select_c4: the declared result agrees with the inferred one
// (dynamic sizes match any size).
static LogicalResult verifyInferredResult(Operation *op, Type inferred,
                                          Type result, StringRef id = "C4") {
  if (getElementTypeOrSelf(inferred) != getElementTypeOrSelf(result) ||
      !isCompatibleShape(inferred, result))
    return op->emitOpError()
           << id << ": result type " << result
           << " is incompatible with the inferred type " << inferred;
  return success();
}

template <typename OpT>
static LogicalResult
verifyBroadcastBinaryOp(OpT op, std::optional<ArrayRef<int64_t>> dims,
                        ChloBroadcastResult kind) {
  auto type = broadcastBinaryType(ErrorSink{op}, op.getLhs().getType(),
                                  op.getRhs().getType(), dims, kind);
  if (failed(type))
    return failure();
  return verifyInferredResult(op, *type, op.getType());
}

namespace mlir::stablehlo::chlo {

//===--- broadcast_compare, broadcast_select -----------------------------===//

LogicalResult BroadcastCompareOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto props = propertiesOf<BroadcastCompareOp>(attributes, properties);
  std::optional<ArrayRef<int64_t>> dims;
  if (props.broadcast_dimensions)
    dims = props.broadcast_dimensions.asArrayRef();
  return inferBroadcastBinaryType(location, getOperationName(), operands, dims,
                                  ChloBroadcastResult::Predicate, inferred);
}

LogicalResult BroadcastCompareOp::verify() {
  if (failed(verifyBroadcastBinaryOp(*this, getBroadcastDimensions(),
                                     ChloBroadcastResult::Predicate)))
    return failure();
  Type element = getLhs().getType().getElementType();
  if (getCompareType() &&
      !isAllowedComparisonType(element, *getCompareType())) // broadcast_compare_c5
    return reportSpecDeviation(*this, "C5", [&](InFlightDiagnostic &diag) {
      diag << "compare_type " << stringifyComparisonType(*getCompareType())
           << " is not allowed for element type " << element;
    });
  return success();
}

static FailureOr<RankedTensorType> selectType(const ErrorSink &error,
                                              TypeRange operands) {
  auto onTrue = cast<RankedTensorType>(operands[1]);
  auto onFalse = cast<RankedTensorType>(operands[2]);
  if (onTrue.getElementType() != onFalse.getElementType()) // broadcast_select_c1
    return error("C1: on_true and on_false must have the same element type, "
                 "got ",
                 onTrue, " and ", onFalse);
  SmallVector<ArrayRef<int64_t>> shapes;
  for (Type type : operands)
    shapes.push_back(cast<RankedTensorType>(type).getShape());
  auto shape = trailingBroadcastShape(error, shapes);
  if (failed(shape))
    return failure();
  return RankedTensorType::get(*shape, onTrue.getElementType());
}

LogicalResult BroadcastSelectOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  if (failed(checkRankedTensorOperands(location, getOperationName(),
                                       operands.getTypes(), 3)))
    return failure();
  auto type = selectType(ErrorSink{}, operands.take_front(3).getTypes());
  inferred.push_back(succeeded(type) ? Type(*type) : operands[1].getType());
  return success();
}

LogicalResult BroadcastSelectOp::verify() {
  auto type = selectType(ErrorSink{*this}, getOperandTypes());
  if (failed(type))
    return failure();
  return verifyInferredResult(*this, *type, getType());
}

//===--- Element-wise math -----------------------------------------------===//

// Unary ops: the result has the operand's type (<op>_c1 of the element-wise
// math ops, e.g. erf_c1: element types from the op's definition; <op>_c2, e.g.
// erf_c2, here).
static LogicalResult inferOperandType(std::optional<Location> location,
                                      StringRef opName, ValueRange operands,
                                      SmallVectorImpl<Type> &inferred,
                                      Type element = {}) {
  if (failed(checkRankedTensorOperands(location, opName, operands.getTypes())))
    return failure();
  auto type = cast<RankedTensorType>(operands[0].getType());
  inferred.push_back(element ? type.clone(element) : type);
  return success();
}

static LogicalResult verifySameOperandAndResultType(Operation *op) {
  Type operand = op->getOperand(0).getType(),
       result = op->getResult(0).getType();
  for (Value other : op->getOperands().drop_front())
    if (!isCompatibleType(operand, other.getType())) // <op>_c2
      return op->emitOpError() << "C2: operands must have the same type, got "
                               << operand << " and " << other.getType();
  if (!isCompatibleType(operand, result)) // <op>_c2
    return op->emitOpError() << "C2: result type " << result
                             << " must be the operand type " << operand;
  return success();
}

#define CHLO_SAME_TYPE_OP(Op)                                                  \
  LogicalResult Op::inferReturnTypes(                                          \
      MLIRContext *, std::optional<Location> location, ValueRange operands,    \
      DictionaryAttr, OpaqueProperties, RegionRange,                           \
      SmallVectorImpl<Type> &inferred) {                                       \
    return inferOperandType(location, getOperationName(), operands, inferred); \
  }                                                                            \
  LogicalResult Op::verify() { return verifySameOperandAndResultType(*this); }

CHLO_SAME_TYPE_OP(AcosOp)
CHLO_SAME_TYPE_OP(AcoshOp)
CHLO_SAME_TYPE_OP(AsinOp)
CHLO_SAME_TYPE_OP(AsinhOp)
CHLO_SAME_TYPE_OP(AtanOp)
CHLO_SAME_TYPE_OP(AtanhOp)
CHLO_SAME_TYPE_OP(CoshOp)
CHLO_SAME_TYPE_OP(SinhOp)
CHLO_SAME_TYPE_OP(TanOp)
CHLO_SAME_TYPE_OP(ConjOp)
CHLO_SAME_TYPE_OP(SquareOp)
CHLO_SAME_TYPE_OP(AsinAcosKernelOp)
CHLO_SAME_TYPE_OP(BesselI1eOp)
CHLO_SAME_TYPE_OP(DigammaOp)
CHLO_SAME_TYPE_OP(ErfOp)
CHLO_SAME_TYPE_OP(ErfcOp)
CHLO_SAME_TYPE_OP(ErfInvOp)
CHLO_SAME_TYPE_OP(LgammaOp)
CHLO_SAME_TYPE_OP(NextAfterOp)
CHLO_SAME_TYPE_OP(PolygammaOp)
CHLO_SAME_TYPE_OP(ZetaOp)
CHLO_SAME_TYPE_OP(MulhiOp)
#undef CHLO_SAME_TYPE_OP

// is_inf, is_neg_inf, is_pos_inf: i1 of the operand's shape (is_inf_c2,
// is_neg_inf_c2, is_pos_inf_c2).
#define CHLO_INFINITY_TEST_OP(Op)                                              \
  LogicalResult Op::inferReturnTypes(                                          \
      MLIRContext *ctx, std::optional<Location> location, ValueRange operands, \
      DictionaryAttr, OpaqueProperties, RegionRange,                           \
      SmallVectorImpl<Type> &inferred) {                                       \
    return inferOperandType(location, getOperationName(), operands, inferred,  \
                            IntegerType::get(ctx, 1));                         \
  }                                                                            \
  LogicalResult Op::verify() {                                                 \
    if (!isCompatibleShape(getOperand().getType(), getType()))                 \
      return emitOpError() << "C2: result type " << getType()                  \
                           << " must have the shape of "                       \
                           << getOperand().getType();                          \
    return success();                                                          \
  }

CHLO_INFINITY_TEST_OP(IsInfOp)
CHLO_INFINITY_TEST_OP(IsNegInfOp)
CHLO_INFINITY_TEST_OP(IsPosInfOp)
#undef CHLO_INFINITY_TEST_OP

//===--- constant, constant_like -----------------------------------------===//

LogicalResult
ConstantOp::inferReturnTypes(MLIRContext *, std::optional<Location> location,
                             ValueRange, DictionaryAttr attributes,
                             OpaqueProperties properties, RegionRange,
                             SmallVectorImpl<Type> &inferred) {
  auto props = propertiesOf<ConstantOp>(attributes, properties);
  auto value = dyn_cast_or_null<ElementsAttr>(props.value);
  if (!value)
    return builderError(location, getOperationName(),
                        "requires a dense elements attribute 'value'");
  inferred.push_back(value.getType());
  return success();
}

LogicalResult ConstantOp::verify() {
  if (getValue().getType() != getType()) // constant_c1
    return emitOpError() << "C1: result type " << getType()
                         << " must be the type of the value, "
                         << getValue().getType();
  if (!isa<RankedTensorType>(getValue().getType()) ||
      !cast<RankedTensorType>(getValue().getType()).hasStaticShape()) // constant_c1
    return emitOpError() << "C1: the value must be a statically shaped tensor";
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValueAttr(); }

// The value is a scalar of an element type a tensor may hold.
static bool isScalarElementValue(Attribute value) {
  return isa<IntegerAttr, FloatAttr>(value);
}

LogicalResult ConstantLikeOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto props = propertiesOf<ConstantLikeOp>(attributes, properties);
  if (!props.value || !isScalarElementValue(props.value))
    return builderError(location, getOperationName(),
                        "requires an integer or float attribute 'value'");
  return inferOperandType(location, getOperationName(), operands, inferred,
                          cast<TypedAttr>(props.value).getType());
}

LogicalResult ConstantLikeOp::verify() {
  if (!isScalarElementValue(getValue())) // constant_like_c1
    return emitOpError() << "C1: value must be an integer or float scalar, got "
                         << getValue();
  Type element = cast<TypedAttr>(getValue()).getType();
  if (getType().getElementType() != element) // constant_like_c1
    return emitOpError() << "C1: the value's type " << element
                         << " must be the result's element type "
                         << getType().getElementType();
  if (!isCompatibleShape(getOperand().getType(), getType())) // constant_like_c2
    return emitOpError() << "C2: result type " << getType()
                         << " must have the shape of the operand, "
                         << getOperand().getType();
  return success();
}

//===--- top_k -----------------------------------------------------------===//

static FailureOr<std::pair<RankedTensorType, RankedTensorType>>
topKTypes(const ErrorSink &error, RankedTensorType operand, int64_t k) {
  if (operand.getRank() < 1) // top_k_c1
    return error("C1: operand must have rank at least 1, got ", operand);
  int64_t last = operand.getShape().back();
  if (k < 0) // top_k_c2
    return error("C2: k must be non-negative, got ", k);
  if (!ShapedType::isDynamic(last) && k > last) // top_k_c2
    return error("C2: k must be at most the size of the last dimension, ", last,
                 ", got ", k);
  SmallVector<int64_t> shape(operand.getShape());
  shape.back() = k;
  return std::pair{
      RankedTensorType::get(shape, operand.getElementType()),
      RankedTensorType::get(shape, IntegerType::get(operand.getContext(), 32))};
}

LogicalResult TopKOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> location,
                                       ValueRange operands,
                                       DictionaryAttr attributes,
                                       OpaqueProperties properties, RegionRange,
                                       SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<TopKOp>(location, operands, 1);
  if (failed(ranked))
    return failure();
  auto props = propertiesOf<TopKOp>(attributes, properties);
  if (!props.k)
    return builderError(location, getOperationName(),
                        "requires an integer attribute 'k'");
  auto types = topKTypes(ErrorSink{}, (*ranked)[0], props.k.getInt());
  if (failed(types)) { // a placeholder: the verifier reports the problem
    RankedTensorType operand = (*ranked)[0];
    inferred.append(
        {operand, operand.clone(IntegerType::get(operand.getContext(), 32))});
    return success();
  }
  inferred.append({types->first, types->second});
  return success();
}

LogicalResult TopKOp::verify() {
  auto types = topKTypes(ErrorSink{*this}, getOperand().getType(), getK());
  if (failed(types))
    return failure();
  if (failed(verifyInferredResult(*this, types->first, getValues().getType(),
                                  "C3")))
    return failure();
  return verifyInferredResult(*this, types->second, getIndices().getType(),
                              "C3");
}

void TopKOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getValues(), "values");
  setNameFn(getIndices(), "indices");
}

//===--- ragged_dot ------------------------------------------------------===//

LogicalResult RaggedDotOp::verify() {
  RaggedDotDimensionNumbersAttr numbers = getRaggedDotDimensionNumbers();
  RankedTensorType lhs = getLhs().getType(), rhs = getRhs().getType();
  ArrayRef<int64_t> lhsBatch = numbers.getLhsBatchingDimensions();
  ArrayRef<int64_t> rhsBatch = numbers.getRhsBatchingDimensions();
  ArrayRef<int64_t> lhsContract = numbers.getLhsContractingDimensions();
  ArrayRef<int64_t> rhsContract = numbers.getRhsContractingDimensions();
  ArrayRef<int64_t> lhsRagged = numbers.getLhsRaggedDimensions();
  ArrayRef<int64_t> rhsGroup = numbers.getRhsGroupDimensions();

  if (lhsBatch.size() != rhsBatch.size()) // ragged_dot_c1
    return emitOpError() << "C1: lhs and rhs must have as many batching "
                            "dimensions, got "
                         << formatDims(lhsBatch) << " and "
                         << formatDims(rhsBatch);
  if (lhsContract.size() != rhsContract.size()) // ragged_dot_c1
    return emitOpError() << "C1: lhs and rhs must have as many contracting "
                            "dimensions, got "
                         << formatDims(lhsContract) << " and "
                         << formatDims(rhsContract);
  // ragged_dot_c2: every listed dimension in range, and each dimension of an
  // operand in at most one list.
  auto checkDims = [&](StringRef operand, int64_t rank,
                       ArrayRef<std::pair<StringRef, ArrayRef<int64_t>>> lists)
      -> LogicalResult {
    llvm::SmallSet<int64_t, 8> seen;
    for (auto [name, dims] : lists)
      for (int64_t d : dims) {
        if (d < 0 || d >= rank) // ragged_dot_c2
          return emitOpError() << "C2: " << name << " entry " << d
                               << " is out of range [0, " << rank << ")";
        if (!seen.insert(d).second) // ragged_dot_c2
          return emitOpError() << "C2: " << operand << " dimension " << d
                               << " appears more than once in the dimension "
                                  "numbers";
      }
    return success();
  };
  // The ragged dimension is also a batching or contracting one in modes 3
  // and 2: it is checked on its own.
  if (failed(checkDims("lhs", lhs.getRank(),
                       {{"lhs_batching_dimensions", lhsBatch},
                        {"lhs_contracting_dimensions", lhsContract}})) ||
      failed(checkDims("lhs", lhs.getRank(),
                       {{"lhs_ragged_dimensions", lhsRagged}})) ||
      failed(checkDims("rhs", rhs.getRank(),
                       {{"rhs_batching_dimensions", rhsBatch},
                        {"rhs_contracting_dimensions", rhsContract},
                        {"rhs_group_dimensions", rhsGroup}})))
    return failure();
  auto sizesMatch = [](int64_t a, int64_t b) {
    return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
  };
  for (auto [l, r] : llvm::zip(lhsBatch, rhsBatch))
    if (!sizesMatch(lhs.getDimSize(l), rhs.getDimSize(r))) // ragged_dot_c3
      return emitOpError() << "C3: batching dimension sizes must match, got "
                           << lhs.getDimSize(l) << " (lhs dimension " << l
                           << ") and " << rhs.getDimSize(r)
                           << " (rhs dimension " << r << ")";
  for (auto [l, r] : llvm::zip(lhsContract, rhsContract))
    if (!sizesMatch(lhs.getDimSize(l), rhs.getDimSize(r))) // ragged_dot_c3
      return emitOpError() << "C3: contracting dimension sizes must match, "
                              "got "
                           << lhs.getDimSize(l) << " (lhs dimension " << l
                           << ") and " << rhs.getDimSize(r)
                           << " (rhs dimension " << r << ")";
  if (lhsRagged.size() != 1) // ragged_dot_c4
    return emitOpError() << "C4: lhs must have exactly one ragged dimension, "
                            "got "
                         << formatDims(lhsRagged);
  int64_t ragged = lhsRagged[0];
  bool raggedIsNonContracting = !llvm::is_contained(lhsBatch, ragged) &&
                                !llvm::is_contained(lhsContract, ragged);
  if (raggedIsNonContracting && rhsGroup.size() != 1) // ragged_dot_c5
    return emitOpError() << "C5: rhs must have exactly one group dimension "
                            "when the lhs ragged dimension is non-contracting, "
                            "got "
                         << formatDims(rhsGroup);
  if (!raggedIsNonContracting && !rhsGroup.empty()) // ragged_dot_c5
    return emitOpError() << "C5: rhs must have no group dimension when the lhs "
                            "ragged dimension is a batching or contracting "
                            "dimension, got "
                         << formatDims(rhsGroup);
  // ragged_dot_c6: group_sizes is [g] or [lhs batching sizes..., g]; a group
  // dimension of the rhs has g entries.
  RankedTensorType groupSizes = getGroupSizes().getType();
  int64_t batchedRank = static_cast<int64_t>(lhsBatch.size()) + 1;
  if (groupSizes.getRank() != 1 && groupSizes.getRank() != batchedRank) {
    InFlightDiagnostic diag = emitOpError()
                              << "C6: group_sizes must have rank 1";
    if (batchedRank != 1)
      diag << " or " << batchedRank;
    return diag << ", got " << groupSizes;
  }
  if (groupSizes.getRank() > 1)
    for (auto [i, d] : llvm::enumerate(lhsBatch))
      if (!sizesMatch(groupSizes.getDimSize(i), lhs.getDimSize(d))) // ragged_dot_c6
        return emitOpError() << "C6: group_sizes dimension " << i
                             << " must match lhs batching dimension " << d
                             << ", got " << groupSizes;
  int64_t groups = groupSizes.getShape().back();
  if (!rhsGroup.empty() &&
      !sizesMatch(rhs.getDimSize(rhsGroup[0]), groups)) // ragged_dot_c6
    return emitOpError() << "C6: rhs group dimension " << rhsGroup[0]
                         << " must have " << groups
                         << " entries (one per group), got "
                         << rhs.getDimSize(rhsGroup[0]);
  if (getPrecisionConfig() && getPrecisionConfig()->size() > 2) // ragged_dot_c7
    return emitOpError() << "C7: precision_config must have at most 2 entries, "
                            "got "
                         << getPrecisionConfig()->size();
  // ragged_dot_c8: the result is [g if ragged is contracting] + batch + lhs
  // free + rhs free dimensions.
  SmallVector<int64_t> shape;
  if (llvm::is_contained(lhsContract, ragged))
    shape.push_back(groups);
  for (int64_t d : lhsBatch)
    shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < lhs.getRank(); ++d)
    if (!llvm::is_contained(lhsBatch, d) && !llvm::is_contained(lhsContract, d))
      shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < rhs.getRank(); ++d)
    if (!llvm::is_contained(rhsBatch, d) &&
        !llvm::is_contained(rhsContract, d) && !llvm::is_contained(rhsGroup, d))
      shape.push_back(rhs.getDimSize(d));
  RankedTensorType result = getType();
  if (!isCompatibleShape(RankedTensorType::get(shape, result.getElementType()),
                         result)) // ragged_dot_c8
    return emitOpError() << "C8: result shape must be " << formatShape(shape)
                         << ", got " << result;
  return success();
}

//===--- scan ------------------------------------------------------------===//

// What a scan body takes and returns: per-step slices of the inputs (the scan
// dimension dropped), then the carries.
static RankedTensorType sliceType(RankedTensorType input, int64_t dimension) {
  SmallVector<int64_t> shape(input.getShape());
  shape.erase(shape.begin() + dimension);
  return RankedTensorType::get(shape, input.getElementType());
}

// The scan length and the checks on inputs (scan_c1-c3).
static FailureOr<int64_t> scanLength(const ErrorSink &error, TypeRange inputs,
                                     int64_t dimension) {
  if (inputs.empty()) // scan_c1
    return error("C1: expects at least one input");
  int64_t length = ShapedType::kDynamic;
  for (auto [i, type] : llvm::enumerate(inputs)) {
    auto input = cast<RankedTensorType>(type);
    if (dimension < 0 || dimension >= input.getRank()) // scan_c2
      return error("C2: dimension ", dimension, " is out of range for input ",
                   i, " of rank ", input.getRank());
    int64_t size = input.getDimSize(dimension);
    if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(length) &&
        size != length) // scan_c3
      return error("C3: inputs must have the same size along dimension ",
                   dimension, ", got ", length, " and ", size);
    if (!ShapedType::isDynamic(size))
      length = size;
  }
  return length;
}

// The result types, from the body's return types (scan_c5, scan_c6).
static FailureOr<SmallVector<Type>>
scanResultTypes(const ErrorSink &error, TypeRange inputs, TypeRange inits,
                int64_t dimension, Block &body) {
  auto length = scanLength(error, inputs, dimension);
  if (failed(length))
    return failure();
  SmallVector<Type> expectedArgs;
  for (Type input : inputs)
    expectedArgs.push_back(sliceType(cast<RankedTensorType>(input), dimension));
  llvm::append_range(expectedArgs, inits);
  if (!areCompatibleTypes(body.getArgumentTypes(), expectedArgs)) // scan_c4
    return error("C4: the body must take the input slices and the carries, (",
                 TypeRange(expectedArgs), "), got (", body.getArgumentTypes(),
                 ")");
  Operation *terminator = terminatorOf(body);
  if (!terminator || !isa<ReturnOp>(terminator)) // scan_c5
    return error("C5: the body must end in stablehlo.return");
  TypeRange returned = terminator->getOperandTypes();
  if (returned.size() < inits.size() ||
      !areCompatibleTypes(returned.take_back(inits.size()), inits)) // scan_c5
    return error("C5: the body must return the outputs' slices then the "
                 "carries, whose types are the inits' (",
                 inits, "), got (", returned, ")");
  SmallVector<Type> results;
  for (Type slice : returned.drop_back(inits.size())) {
    auto sliceTensor = dyn_cast<RankedTensorType>(slice);
    if (!sliceTensor || dimension > sliceTensor.getRank()) // scan_c5
      return error("C5: an output slice must be a tensor of rank at least ",
                   dimension, ", got ", slice);
    SmallVector<int64_t> shape(sliceTensor.getShape());
    shape.insert(shape.begin() + dimension, *length);
    results.push_back(
        RankedTensorType::get(shape, sliceTensor.getElementType()));
  }
  llvm::append_range(results, inits);
  return results;
}

LogicalResult
ScanOp::inferReturnTypes(MLIRContext *, std::optional<Location> location,
                         ValueRange operands, DictionaryAttr attributes,
                         OpaqueProperties properties, RegionRange regions,
                         SmallVectorImpl<Type> &inferred) {
  if (failed(checkRankedTensorOperands(location, getOperationName(),
                                       operands.getTypes())))
    return failure();
  auto props = propertiesOf<ScanOp>(attributes, properties);
  int64_t numInputs = props.operandSegmentSizes[0];
  int64_t numInits = props.operandSegmentSizes[1];
  if (numInputs < 0 || numInits < 0 ||
      numInputs + numInits != static_cast<int64_t>(operands.size()) ||
      !props.dimension)
    return builderError(location, getOperationName(),
                        "requires operandSegmentSizes and dimension");
  if (!hasBody(regions, 0))
    return builderError(location, getOperationName(), "requires a body");
  auto types =
      scanResultTypes(ErrorSink{}, operands.take_front(numInputs).getTypes(),
                      operands.drop_front(numInputs).getTypes(),
                      props.dimension.getInt(), regions[0]->front());
  if (failed(types))
    return builderError(location, getOperationName(),
                        "cannot infer the result types from the body");
  llvm::append_range(inferred, *types);
  return success();
}

LogicalResult ScanOp::verify() {
  if (getBody().empty())
    return emitOpError() << "C4: expects a body";
  auto types =
      scanResultTypes(ErrorSink{*this}, getInputs().getTypes(),
                      getInits().getTypes(), getDimension(), getBody().front());
  if (failed(types))
    return failure();
  if (!areCompatibleTypes(getResultTypes(), *types)) // scan_c6
    return emitOpError() << "C6: result types must be (" << TypeRange(*types)
                         << "), got (" << getResultTypes() << ")";
  return success();
}

void ScanOp::getAsmBlockArgumentNames(Region &region,
                                      OpAsmSetValueNameFn setNameFn) {
  if (region.empty())
    return;
  for (auto [i, arg] : llvm::enumerate(region.front().getArguments()))
    setNameFn(arg, i < getInputs().size() ? "input" : "carry");
}

// `chlo.scan(%in...) inits (%init...) dimension=D  attributes {...} {body}
//   : (types) -> results`, spaced as upstream prints it.
ParseResult ScanOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> inputs, inits;
  int64_t dimension;
  FunctionType type;
  auto *body = result.addRegion();
  if (parser.parseOperandList(inputs, OpAsmParser::Delimiter::Paren) ||
      parser.parseKeyword("inits") ||
      parser.parseOperandList(inits, OpAsmParser::Delimiter::Paren) ||
      parser.parseKeyword("dimension") || parser.parseEqual() ||
      parser.parseInteger(dimension) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseRegion(*body) || parser.parseColon() ||
      parser.parseType(type))
    return failure();
  if (type.getNumInputs() != inputs.size() + inits.size())
    return parser.emitError(parser.getCurrentLocation())
           << "expects " << inputs.size() + inits.size()
           << " operand types, got " << type.getNumInputs();
  if (type.getNumResults() < inits.size())
    return parser.emitError(parser.getCurrentLocation())
           << "expects at least " << inits.size() << " result types, got "
           << type.getNumResults();
  Builder &builder = parser.getBuilder();
  auto &props = result.getOrAddProperties<Properties>();
  props.dimension = builder.getI64IntegerAttr(dimension);
  props.operandSegmentSizes = {static_cast<int32_t>(inputs.size()),
                               static_cast<int32_t>(inits.size())};
  props.resultSegmentSizes = {
      static_cast<int32_t>(type.getNumResults() - inits.size()),
      static_cast<int32_t>(inits.size())};
  SmallVector<OpAsmParser::UnresolvedOperand> operands(inputs);
  llvm::append_range(operands, inits);
  if (parser.resolveOperands(operands, type.getInputs(),
                             parser.getCurrentLocation(), result.operands))
    return failure();
  result.addTypes(type.getResults());
  return success();
}

void ScanOp::print(OpAsmPrinter &printer) {
  printer << "(" << getInputs() << ") inits (" << getInits()
          << ") dimension=" << getDimension() << " ";
  printer.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {"dimension", "operandSegmentSizes", "resultSegmentSizes"});
  printer << " ";
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/true);
  printer << " : ";
  printer.printFunctionalType(*this);
}

} // namespace mlir::stablehlo::chlo
