// Verifiers and shape functions of the data-movement ops. Each check cites
// its spec constraint.
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::stablehlo;

namespace mlir::stablehlo {

//===--- Syntax ------------------------------------------------------------===//

// slice: `[start:limit:stride, ...]`, the stride omitted when 1 (as upstream).
static ParseResult parseSliceRanges(OpAsmParser &parser,
                                    DenseI64ArrayAttr &start,
                                    DenseI64ArrayAttr &limit,
                                    DenseI64ArrayAttr &strides) {
  SmallVector<int64_t> starts, limits, steps;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            int64_t first, last, step = 1;
            if (parser.parseInteger(first) || parser.parseColon() ||
                parser.parseInteger(last))
              return failure();
            if (succeeded(parser.parseOptionalColon()) &&
                parser.parseInteger(step))
              return failure();
            starts.push_back(first);
            limits.push_back(last);
            steps.push_back(step);
            return success();
          }))
    return failure();
  MLIRContext *ctx = parser.getContext();
  start = DenseI64ArrayAttr::get(ctx, starts);
  limit = DenseI64ArrayAttr::get(ctx, limits);
  strides = DenseI64ArrayAttr::get(ctx, steps);
  return success();
}

static void printSliceRanges(OpAsmPrinter &printer, Operation *,
                             DenseI64ArrayAttr start, DenseI64ArrayAttr limit,
                             DenseI64ArrayAttr strides) {
  raw_ostream &os = printer.getStream();
  os << '[';
  size_t n = std::min({start.size(), limit.size(), strides.size()});
  for (size_t i = 0; i < n; ++i) {
    if (i)
      os << ", ";
    os << start[i] << ':' << limit[i];
    if (strides[i] != 1)
      os << ':' << strides[i];
  }
  os << ']';
}

// concatenate: `%a, %b, dim = 0`.
static ParseResult
parseConcatenateInputs(OpAsmParser &parser,
                       SmallVectorImpl<OpAsmParser::UnresolvedOperand> &inputs,
                       IntegerAttr &dimension) {
  while (true) {
    OpAsmParser::UnresolvedOperand input;
    OptionalParseResult parsed = parser.parseOptionalOperand(input);
    if (!parsed.has_value())
      break;
    if (failed(*parsed) || parser.parseComma())
      return failure();
    inputs.push_back(input);
  }
  int64_t value;
  if (parser.parseKeyword("dim") || parser.parseEqual() ||
      parser.parseInteger(value))
    return failure();
  dimension =
      IntegerAttr::get(IntegerType::get(parser.getContext(), 64), value);
  return success();
}

static void printConcatenateInputs(OpAsmPrinter &printer, Operation *,
                                   OperandRange inputs, IntegerAttr dimension) {
  for (Value input : inputs)
    printer << input << ", ";
  printer << "dim = " << dimension.getInt();
}

// tuple: only the result type is printed; the operand types are its elements.
static ParseResult parseTupleOpType(OpAsmParser &parser,
                                    SmallVectorImpl<Type> &operands,
                                    Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(result))
    return failure();
  auto tuple = dyn_cast<TupleType>(result);
  if (!tuple)
    return parser.emitError(loc, "expected a tuple type, got ") << result;
  llvm::append_range(operands, tuple.getTypes());
  return success();
}

static void printTupleOpType(OpAsmPrinter &printer, Operation *, TypeRange,
                             Type result) {
  printer << result;
}

// optimization_barrier: `T0, T1, ...`, the result types being the operands'.
static ParseResult parsePairwiseOpType(OpAsmParser &parser,
                                       SmallVectorImpl<Type> &operands,
                                       SmallVectorImpl<Type> &results) {
  if (parser.parseTypeList(operands))
    return failure();
  results.assign(operands.begin(), operands.end());
  return success();
}

static void printPairwiseOpType(OpAsmPrinter &printer, Operation *,
                                TypeRange operands, TypeRange) {
  llvm::interleaveComma(operands, printer);
}

} // namespace mlir::stablehlo

#define GET_OP_CLASSES
#include "DataMovementOps.cpp.inc"

void mlir::stablehlo::registerDataMovementOps(StablehloDialect &dialect) {
  registerOps<
#define GET_OP_LIST
#include "DataMovementOps.cpp.inc"
      >(dialect);
}

namespace mlir::stablehlo {

// Element types agree; per-axis quantization parameters may differ
// (broadcast_in_dim_c1 and reshape_c1).
static bool sameElementTypeUpToAxis(Type operand, Type result) {
  if (getElementTypeOrSelf(operand) == getElementTypeOrSelf(result))
    return true;
  return isPerAxisQuantized(operand) && isPerAxisQuantized(result) &&
         haveSameQuantizedBase(getQuantizedElementType(operand),
                               getQuantizedElementType(result));
}

static quant::UniformQuantizedPerAxisType perAxisType(Type type) {
  return cast<quant::UniformQuantizedPerAxisType>(getElementTypeOrSelf(type));
}

static int64_t quantizationAxis(Type type) {
  return perAxisType(type).getQuantizedDimension();
}

//===--- broadcast_in_dim --------------------------------------------------===//

// broadcast_in_dim_c1-c6, shared with dynamic_broadcast_in_dim.
static LogicalResult verifyBroadcastInDim(Operation *op,
                                          RankedTensorType operand,
                                          RankedTensorType result,
                                          ArrayRef<int64_t> dims) {
  auto emitOpError = [&] { return op->emitOpError(); };
  if (!sameElementTypeUpToAxis(operand, result)) // broadcast_in_dim_c1
    return emitOpError() << "C1: result element type must be the operand's, "
                            "got "
                         << operand.getElementType() << " and "
                         << result.getElementType();
  if (static_cast<int64_t>(dims.size()) != operand.getRank()) // broadcast_in_dim_c2
    return emitOpError() << "C2: broadcast_dimensions " << formatDims(dims)
                         << " must have one entry per operand dimension (rank "
                         << operand.getRank() << ")";
  for (int64_t dim : dims)
    if (dim < 0 || dim >= result.getRank()) // broadcast_in_dim_c3
      return emitOpError() << "C3: broadcast_dimensions " << formatDims(dims)
                           << " must be in [0, " << result.getRank() << ")";
  if (!isUnique(dims)) // broadcast_in_dim_c4
    return emitOpError() << "C4: broadcast_dimensions " << formatDims(dims)
                         << " must be unique";
  for (auto [d, resultDim] : llvm::enumerate(dims)) {
    int64_t size = operand.getDimSize(d),
            resultSize = result.getDimSize(resultDim);
    if (size == 1 || ShapedType::isDynamic(size) ||
        ShapedType::isDynamic(resultSize))
      continue;
    if (size != resultSize) // broadcast_in_dim_c5
      return emitOpError() << "C5: operand dimension " << d << " of size "
                           << size << " must be 1 or equal result dimension "
                           << resultDim << " of size " << resultSize;
  }
  if (isPerAxisQuantized(result)) {
    if (!isPerAxisQuantized(operand) ||
        quantizationAxis(result) != dims[quantizationAxis(operand)]) // broadcast_in_dim_c6
      return emitOpError() << "C6: quantization_dimension of the result must "
                              "be broadcast_dimensions[quantization_dimension "
                              "of the operand]";
    auto from = perAxisType(operand), to = perAxisType(result);
    if (operand.getDimSize(from.getQuantizedDimension()) == 1 &&
        (llvm::any_of(to.getScales(),
                      [&](double s) { return s != from.getScales()[0]; }) ||
         llvm::any_of(to.getZeroPoints(), [&](int64_t z) {
           return z != from.getZeroPoints()[0];
         }))) // broadcast_in_dim_c6
      return emitOpError() << "C6: a quantization dimension of size 1 "
                              "broadcasts its scale and zero point, so every "
                              "result scale and zero point must equal them";
  }
  return success();
}

LogicalResult BroadcastInDimOp::verify() {
  return verifyBroadcastInDim(*this,
                              cast<RankedTensorType>(getOperand().getType()),
                              getType(), getBroadcastDimensions());
}

//===--- reshape -----------------------------------------------------------===//

// Product of the static sizes of dims [from, to), or nullopt if any is
// dynamic or the product overflows int64 (no such tensor can exist).
static std::optional<int64_t> product(RankedTensorType type, int64_t from,
                                      int64_t to) {
  int64_t total = 1;
  for (int64_t d = from; d < to; ++d) {
    if (type.isDynamicDim(d) ||
        llvm::MulOverflow(total, type.getDimSize(d), total))
      return std::nullopt;
  }
  return total;
}

// reshape_c1-c3, shared with dynamic_reshape.
static LogicalResult verifyReshape(Operation *op, RankedTensorType operand,
                                   RankedTensorType result) {
  auto emitOpError = [&] { return op->emitOpError(); };
  if (!sameElementTypeUpToAxis(operand, result)) // reshape_c1
    return emitOpError() << "C1: result element type must be the operand's, "
                            "got "
                         << operand.getElementType() << " and "
                         << result.getElementType();
  if (isPerAxisQuantized(operand) && isPerAxisQuantized(result) &&
      (perAxisType(operand).getScales() != perAxisType(result).getScales() ||
       perAxisType(operand).getZeroPoints() !=
           perAxisType(result).getZeroPoints())) // reshape_c1
    return emitOpError() << "C1: only the quantization_dimension may change; "
                            "scales and zero points must be the operand's";
  auto operandSize = product(operand, 0, operand.getRank());
  auto resultSize = product(result, 0, result.getRank());
  if (operandSize && resultSize && *operandSize != *resultSize) // reshape_c2
    return emitOpError() << "C2: operand " << operand << " has "
                         << *operandSize << " elements but result " << result
                         << " has " << *resultSize;
  // A static shape whose size overflows int64 only equals another such.
  if (operand.hasStaticShape() && result.hasStaticShape() &&
      operandSize.has_value() != resultSize.has_value()) // reshape_c2
    return emitOpError() << "C2: operand " << operand << " and result "
                         << result << " must have the same number of "
                            "elements, but one of them has more than 2^63 - 1";
  if (isPerAxisQuantized(operand) && isPerAxisQuantized(result)) {
    int64_t a = quantizationAxis(operand), b = quantizationAxis(result);
    auto before = [&](RankedTensorType t, int64_t axis) {
      return product(t, 0, axis);
    };
    auto after = [&](RankedTensorType t, int64_t axis) {
      return product(t, axis + 1, t.getRank());
    };
    // Unknown sizes are checked at run time (dynamism RFC).
    auto differ = [](std::optional<int64_t> x, std::optional<int64_t> y) {
      return x && y && *x != *y;
    };
    if (a < operand.getRank() && b < result.getRank() &&
        (differ(before(operand, a), before(result, b)) ||
         differ(product(operand, a, a + 1), product(result, b, b + 1)) ||
         differ(after(operand, a), after(result, b)))) // reshape_c3
      return emitOpError() << "C3: reshape must keep the quantization "
                              "dimension and the sizes before and after it";
  }
  return success();
}

LogicalResult ReshapeOp::verify() {
  return verifyReshape(*this, cast<RankedTensorType>(getOperand().getType()),
                       getType());
}

//===--- Shape functions ---------------------------------------------------===//
//
// slice, transpose, pad and concatenate infer their result type. The shape
// function checks the constraints on operands and attributes and reports
// them through `error`: the op's own diagnostics when the verifier calls it,
// nothing when a builder infers a type (inferReturnTypes then falls back to a
// placeholder and the verifier reports the problem once, citing its
// constraint, as decisions.md describes for add and compare).

//===--- slice -------------------------------------------------------------===//

// slice_c2-c5. The result is static: its sizes depend on the attributes only.
static LogicalResult inferSliceType(const ErrorSink &error,
                                    RankedTensorType operand,
                                    DenseI64ArrayAttr startAttr,
                                    DenseI64ArrayAttr limitAttr,
                                    DenseI64ArrayAttr stridesAttr,
                                    RankedTensorType &inferred) {
  if (!startAttr || !limitAttr || !stridesAttr)
    return error("needs start_indices, limit_indices and strides");
  ArrayRef<int64_t> start = startAttr, limit = limitAttr,
                    strides = stridesAttr;
  auto rank = static_cast<size_t>(operand.getRank());
  if (start.size() != rank || limit.size() != rank ||
      strides.size() != rank) // slice_c2
    return error("C2: start_indices ", formatDims(start), ", limit_indices ",
                 formatDims(limit), " and strides ", formatDims(strides),
                 " must have one entry per operand dimension (rank ", rank,
                 ")");
  for (size_t d = 0; d < rank; ++d) {
    // A bounded dynamic dimension is at most its bound (dynamism RFC); an
    // unbounded one is checked at run time.
    int64_t size = sizeOrBound(operand, d);
    if (start[d] < 0 || start[d] > limit[d] ||
        (!ShapedType::isDynamic(size) && limit[d] > size)) { // slice_c3
      return error("C3: dimension ", d, " needs 0 <= start_indices[", d,
                   "] = ", start[d], " <= limit_indices[", d, "] = ",
                   limit[d], " <= ",
                   operand.isDynamicDim(d) ? "bound " : "size ",
                   ShapedType::isDynamic(size) ? std::string("?")
                                               : std::to_string(size),
                   " of operand ", operand);
    }
  }
  for (size_t d = 0; d < rank; ++d)
    if (strides[d] <= 0) // slice_c4
      return error("C4: strides ", formatDims(strides), " must be positive");
  SmallVector<int64_t> shape;
  for (size_t d = 0; d < rank; ++d) { // slice_c5: ceil(extent / stride), written so
    // that a stride near int64's limit does not overflow
    int64_t extent = limit[d] - start[d];
    shape.push_back(extent == 0 ? 0 : (extent - 1) / strides[d] + 1);
  }
  inferred = RankedTensorType::get(shape, operand.getElementType());
  return success();
}

LogicalResult SliceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<SliceOp>(location, operands, 1);
  if (failed(ranked))
    return failure();
  auto props = propertiesOf<SliceOp>(attributes, properties);
  RankedTensorType operand = (*ranked)[0];
  RankedTensorType type;
  if (failed(inferSliceType({}, operand, props.start_indices,
                            props.limit_indices, props.strides, type)))
    type = operand; // placeholder: the verifier reports the problem
  inferred.push_back(type);
  return success();
}


LogicalResult SliceOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  RankedTensorType expected;
  if (failed(inferSliceType({*this}, operand, getStartIndicesAttr(),
                            getLimitIndicesAttr(), getStridesAttr(),
                            expected)))
    return failure();
  if (result.getElementType() != operand.getElementType()) // slice_c1
    return emitOpError() << "C1: result element type must be the operand's, "
                            "got "
                         << operand.getElementType() << " and "
                         << result.getElementType();
  if (!isCompatibleShape(expected, result)) // slice_c5
    return emitOpError() << "C5: result shape must be ceil((limit_indices - "
                            "start_indices) / strides) as in "
                         << expected << ", got " << result;
  return success();
}

//===--- transpose ---------------------------------------------------------===//

static Type withQuantizationDimension(Type element, int64_t axis) {
  auto q = cast<quant::UniformQuantizedPerAxisType>(element);
  return quant::UniformQuantizedPerAxisType::get(
      q.getFlags(), q.getStorageType(), q.getExpressedType(), q.getScales(),
      q.getZeroPoints(), axis, q.getStorageTypeMin(), q.getStorageTypeMax());
}

// transpose_c2, transpose_c3; a per-axis quantization dimension moves with its
// dimension (transpose_c4).
static LogicalResult inferTransposeType(const ErrorSink &error,
                                        RankedTensorType operand,
                                        DenseI64ArrayAttr permutationAttr,
                                        RankedTensorType &inferred) {
  if (!permutationAttr)
    return error("needs a permutation");
  ArrayRef<int64_t> permutation = permutationAttr;
  int64_t rank = operand.getRank();
  if (static_cast<int64_t>(permutation.size()) != rank ||
      !isUnique(permutation) ||
      llvm::any_of(permutation,
                   [&](int64_t d) { return d < 0 || d >= rank; })) // transpose_c2
    return error("C2: permutation ", formatDims(permutation),
                 " must be a permutation of [0, ", rank, ")");
  SmallVector<int64_t> shape, bounds;
  for (int64_t d : permutation) { // transpose_c3
    shape.push_back(operand.getDimSize(d));
    bounds.push_back(boundOf(operand, d));
  }
  Type element = operand.getElementType();
  if (isPerAxisQuantized(operand)) { // transpose_c4
    int64_t axis = quantizationAxis(operand);
    auto *it = llvm::find(permutation, axis);
    if (it != permutation.end())
      element = withQuantizationDimension(element, it - permutation.begin());
  }
  inferred = getTensorType(shape, element, bounds);
  return success();
}

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            ValueRange operands,
                                            DictionaryAttr attributes,
                                            OpaqueProperties properties,
                                            RegionRange,
                                            SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<TransposeOp>(location, operands, 1);
  if (failed(ranked))
    return failure();
  auto props = propertiesOf<TransposeOp>(attributes, properties);
  RankedTensorType operand = (*ranked)[0];
  RankedTensorType type;
  if (failed(inferTransposeType({}, operand, props.permutation, type)))
    type = operand; // placeholder: the verifier reports the problem
  inferred.push_back(type);
  return success();
}


LogicalResult TransposeOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  RankedTensorType expected;
  if (failed(inferTransposeType({*this}, operand, getPermutationAttr(),
                                expected)))
    return failure();
  Type from = operand.getElementType(), to = result.getElementType();
  bool sameElement = from == to;
  if (!sameElement && isPerAxisQuantized(operand) &&
      isPerAxisQuantized(result)) {
    auto a = perAxisType(operand), b = perAxisType(result);
    sameElement = haveSameQuantizedBase(a, b) && a.getFlags() == b.getFlags() &&
                  a.getScales() == b.getScales() &&
                  a.getZeroPoints() == b.getZeroPoints();
  }
  if (!sameElement) // transpose_c1
    return emitOpError() << "C1: result element type must be the operand's "
                            "(up to the quantization_dimension), got "
                         << from << " and " << to;
  if (!isCompatibleShape(expected, result)) // transpose_c3
    return emitOpError() << "C3: result shape must be the operand's "
                            "dimensions permuted by "
                         << formatDims(getPermutation()) << " as in "
                         << expected << ", got " << result;
  if (isPerAxisQuantized(result)) {
    int64_t axis = quantizationAxis(result);
    if (axis >= result.getRank() ||
        quantizationAxis(operand) != getPermutation()[axis]) // transpose_c4
      return emitOpError() << "C4: quantization_dimension of the operand ("
                           << quantizationAxis(operand)
                           << ") must be permutation[quantization_dimension "
                              "of the result ("
                           << axis << ")]";
  }
  return success();
}

//===--- pad ---------------------------------------------------------------===//

// pad_c2-c4. A dynamic dimension stays dynamic; its bound, if any, is padded
// like a size.
static LogicalResult inferPadType(const ErrorSink &error,
                                  RankedTensorType operand,
                                  DenseI64ArrayAttr lowAttr,
                                  DenseI64ArrayAttr highAttr,
                                  DenseI64ArrayAttr interiorAttr,
                                  RankedTensorType &inferred) {
  if (!lowAttr || !highAttr || !interiorAttr)
    return error("needs edge_padding_low, edge_padding_high and "
                 "interior_padding");
  ArrayRef<int64_t> low = lowAttr, high = highAttr, interior = interiorAttr;
  auto rank = static_cast<size_t>(operand.getRank());
  if (low.size() != rank || high.size() != rank ||
      interior.size() != rank) // pad_c2
    return error("C2: edge_padding_low ", formatDims(low),
                 ", edge_padding_high ", formatDims(high),
                 " and interior_padding ", formatDims(interior),
                 " must have one entry per operand dimension (rank ", rank,
                 ")");
  for (int64_t value : interior)
    if (value < 0) // pad_c3
      return error("C3: interior_padding ", formatDims(interior),
                   " must be non-negative");
  // The padded size; std::nullopt when it does not fit int64.
  auto padded = [&](size_t d, int64_t size) -> std::optional<int64_t> {
    std::optional<int64_t> r =
        llvm::checkedMul<int64_t>(std::max<int64_t>(size - 1, 0), interior[d]);
    for (int64_t term : {size, low[d], high[d]})
      r = r ? llvm::checkedAdd<int64_t>(*r, term) : std::nullopt;
    return r;
  };
  SmallVector<int64_t> shape, bounds;
  for (size_t d = 0; d < rank; ++d) { // pad_c4
    if (operand.isDynamicDim(d)) {
      int64_t bound = boundOf(operand, d);
      shape.push_back(ShapedType::kDynamic);
      std::optional<int64_t> paddedBound =
          ShapedType::isDynamic(bound) ? std::nullopt : padded(d, bound);
      bounds.push_back(paddedBound && *paddedBound >= 0 ? *paddedBound
                                                        : ShapedType::kDynamic);
      continue;
    }
    std::optional<int64_t> size = padded(d, operand.getDimSize(d));
    if (!size || *size < 0)
      return error("C4: padding dimension ", d, " of size ",
                   operand.getDimSize(d), " with low ", low[d], ", high ",
                   high[d], " and interior ", interior[d], " gives ",
                   size ? "a negative size " + std::to_string(*size)
                        : std::string("a size past int64"));
    shape.push_back(*size);
    bounds.push_back(ShapedType::kDynamic);
  }
  inferred = getTensorType(shape, operand.getElementType(), bounds);
  return success();
}

LogicalResult PadOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<PadOp>(location, operands, 1);
  if (failed(ranked))
    return failure();
  auto props = propertiesOf<PadOp>(attributes, properties);
  RankedTensorType operand = (*ranked)[0];
  RankedTensorType type;
  if (failed(inferPadType({}, operand, props.edge_padding_low,
                          props.edge_padding_high, props.interior_padding,
                          type)))
    type = operand; // placeholder: the verifier reports the problem
  inferred.push_back(type);
  return success();
}

// pad_c1, shared with dynamic_pad.
static LogicalResult verifyPadElementTypes(Operation *op,
                                           RankedTensorType operand,
                                           Value paddingValue,
                                           RankedTensorType result) {
  Type element = operand.getElementType();
  for (Type other :
       {getElementTypeOrSelf(paddingValue.getType()), result.getElementType()})
    if (other != element) // pad_c1
      return op->emitOpError() << "C1: operand, padding_value and result must "
                                  "have the same element type, got "
                               << element << " and " << other;
  return success();
}

// pad_c4, shared with dynamic_pad: the result against the padded shape.
static LogicalResult verifyPadResult(Operation *op, RankedTensorType expected,
                                     RankedTensorType result) {
  if (!isCompatibleShape(expected, result)) // pad_c4
    return op->emitOpError()
           << "C4: result shape must be shape(operand) + edge_padding_low + "
              "max(shape(operand) - 1, 0) * interior_padding + "
              "edge_padding_high as in "
           << expected << ", got " << result;
  return success();
}

LogicalResult PadOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  if (failed(verifyPadElementTypes(*this, operand, getPaddingValue(), result)))
    return failure();
  RankedTensorType expected;
  if (failed(inferPadType({*this}, operand, getEdgePaddingLowAttr(),
                          getEdgePaddingHighAttr(), getInteriorPaddingAttr(),
                          expected)))
    return failure();
  return verifyPadResult(*this, expected, result);
}

//===--- reverse -----------------------------------------------------------===//

LogicalResult ReverseOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> location,
                                          ValueRange operands, DictionaryAttr,
                                          OpaqueProperties, RegionRange,
                                          SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<ReverseOp>(location, operands, 1);
  if (failed(ranked))
    return failure();
  inferred.push_back((*ranked)[0]); // reverse_c1
  return success();
}


LogicalResult ReverseOp::verify() {
  Type operand = getOperand().getType();
  auto result = cast<RankedTensorType>(getType());
  if (getElementTypeOrSelf(operand) != result.getElementType() ||
      !isCompatibleShape(operand, result)) // reverse_c1
    return emitOpError() << "C1: result type must be the operand's, got "
                         << operand << " and " << result;
  ArrayRef<int64_t> dims = getDimensions();
  if (!isUnique(dims)) // reverse_c2
    return emitOpError() << "C2: dimensions " << formatDims(dims)
                         << " must be unique";
  for (int64_t d : dims)
    if (d < 0 || d >= result.getRank()) // reverse_c3
      return emitOpError() << "C3: dimensions " << formatDims(dims)
                           << " must be in [0, " << result.getRank() << ")";
  return success();
}

//===--- concatenate -------------------------------------------------------===//

// Sizes agree where both are known; a static size must fit a bound.
static bool dimsAgree(RankedTensorType a, RankedTensorType b, int64_t d) {
  int64_t x = sizeOrBound(a, d), y = sizeOrBound(b, d);
  if (!a.isDynamicDim(d) && !b.isDynamicDim(d))
    return x == y;
  if (!a.isDynamicDim(d))
    return ShapedType::isDynamic(y) || x <= y;
  if (!b.isDynamicDim(d))
    return ShapedType::isDynamic(x) || y <= x;
  return true;
}

// concatenate_c1-c4, concatenate_c6: the inputs agree except along `dimension`,
// where sizes add up.
static LogicalResult inferConcatenateType(const ErrorSink &error,
                                          TypeRange inputs, IntegerAttr dimAttr,
                                          RankedTensorType &inferred) {
  if (inputs.empty()) // concatenate_c3
    return error("C3: needs at least one input");
  if (!dimAttr)
    return error("needs a dimension");
  auto first = cast<RankedTensorType>(inputs[0]);
  int64_t rank = first.getRank(), dim = dimAttr.getInt();
  if (dim < 0 || dim >= rank) // concatenate_c4
    return error("C4: dimension ", dim, " must be in [0, ", rank,
                 ") (the rank of inputs[0] ", first, ")");
  for (auto [i, type] : llvm::enumerate(inputs)) {
    auto input = cast<RankedTensorType>(type);
    if (input.getElementType() != first.getElementType()) // concatenate_c1
      return error("C1: inputs must have the same element type, got ",
                   first.getElementType(), " and ", input.getElementType(),
                   " (input ", i, ")");
    if (input.getRank() != rank) // concatenate_c2
      return error("C2: input ", i, " ", input,
                   " must have the rank of inputs[0] ", first);
    for (int64_t d = 0; d < rank; ++d)
      if (d != dim && !dimsAgree(first, input, d)) // concatenate_c2
        return error("C2: input ", i, " ", input,
                     " must have the shape of inputs[0] ", first,
                     " except in dimension ", dim);
  }
  SmallVector<int64_t> shape, bounds;
  for (int64_t d = 0; d < rank; ++d) { // concatenate_c6
    int64_t size = d == dim ? 0 : ShapedType::kDynamic;
    int64_t bound = d == dim ? 0 : ShapedType::kDynamic;
    for (Type type : inputs) {
      auto input = cast<RankedTensorType>(type);
      int64_t s = input.getDimSize(d), b = sizeOrBound(input, d);
      if (d == dim) {
        size = ShapedType::isDynamic(size) || ShapedType::isDynamic(s)
                   ? ShapedType::kDynamic
                   : size + s;
        bound = ShapedType::isDynamic(bound) || ShapedType::isDynamic(b)
                    ? ShapedType::kDynamic
                    : bound + b;
        continue;
      }
      if (!ShapedType::isDynamic(s))
        size = s;
      if (!ShapedType::isDynamic(b))
        bound = ShapedType::isDynamic(bound) ? b : std::min(bound, b);
    }
    shape.push_back(size);
    bounds.push_back(ShapedType::isDynamic(size) ? bound
                                                 : ShapedType::kDynamic);
  }
  inferred = getTensorType(shape, first.getElementType(), bounds);
  return success();
}

LogicalResult ConcatenateOp::inferReturnTypes(
    MLIRContext *ctx, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<ConcatenateOp>(location, operands);
  if (failed(ranked))
    return failure();
  auto props = propertiesOf<ConcatenateOp>(attributes, properties);
  RankedTensorType type;
  if (succeeded(inferConcatenateType({}, operands.getTypes(), props.dimension,
                                     type)))
    inferred.push_back(type);
  else if (!operands.empty())
    inferred.push_back(operands[0].getType()); // placeholder (see above)
  else
    inferred.push_back(NoneType::get(ctx)); // placeholder: no input at all
  return success();
}


LogicalResult ConcatenateOp::verify() {
  auto result = cast<RankedTensorType>(getType());
  RankedTensorType expected;
  if (failed(inferConcatenateType({*this}, getInputs().getTypes(),
                                  getDimensionAttr(), expected)))
    return failure();
  if (result.getElementType() != expected.getElementType()) // concatenate_c5
    return emitOpError() << "C5: result element type must be the inputs', "
                            "got "
                         << expected.getElementType() << " and "
                         << result.getElementType();
  if (!isCompatibleShape(expected, result)) // concatenate_c6
    return emitOpError() << "C6: result shape must be the inputs' with "
                            "dimension "
                         << getDimension() << " summed as in " << expected
                         << ", got " << result;
  return success();
}

//===--- get_dimension_size ------------------------------------------------===//

LogicalResult GetDimensionSizeOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location>, ValueRange, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferred) {
  inferred.push_back(RankedTensorType::get({}, IntegerType::get(context, 32)));
  return success();
}

LogicalResult GetDimensionSizeOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  int64_t dimension = getDimension();
  if (dimension < 0 || dimension >= operand.getRank()) // get_dimension_size_c1
    return emitOpError() << "C1: dimension " << dimension << " must be in [0, "
                         << operand.getRank() << ") for operand " << operand;
  return success();
}

//===--- tuple -------------------------------------------------------------===//

LogicalResult TupleOp::inferReturnTypes(MLIRContext *context,
                                        std::optional<Location>,
                                        ValueRange operands, DictionaryAttr,
                                        OpaqueProperties, RegionRange,
                                        SmallVectorImpl<Type> &inferred) {
  inferred.push_back(TupleType::get(context, operands.getTypes())); // tuple_c1
  return success();
}

LogicalResult TupleOp::verify() {
  auto expected = TupleType::get(getContext(), getVal().getTypes());
  // Equal, not only compatible: the syntax prints the tuple type alone and
  // reads the operand types from it.
  if (getType() != expected) // tuple_c1
    return emitOpError() << "C1: result type must be the tuple of the operand "
                            "types "
                         << expected << ", got " << getType();
  return success();
}

//===--- get_tuple_element -------------------------------------------------===//

LogicalResult GetTupleElementOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  // Builders may pass anything (see checkRankedTensorOperands).
  auto tuple = operands.size() == 1
                   ? dyn_cast<TupleType>(operands[0].getType())
                   : TupleType();
  if (!tuple)
    return builderError(location, getOperationName(),
                        "needs one tuple operand");
  auto index = propertiesOf<GetTupleElementOp>(attributes, properties).index;
  int64_t i = index ? index.getInt() : -1;
  // Out of range: a placeholder; the verifier reports get_tuple_element_c1.
  inferred.push_back(i >= 0 && i < static_cast<int64_t>(tuple.size())
                         ? tuple.getType(i)
                         : Type(tuple)); // get_tuple_element_c2
  return success();
}

LogicalResult GetTupleElementOp::verify() {
  auto tuple = cast<TupleType>(getOperand().getType());
  int64_t index = getIndexAttr().getInt();
  if (index < 0 || index >= static_cast<int64_t>(tuple.size())) // get_tuple_element_c1
    return emitOpError() << "C1: index " << index << " must be in [0, "
                         << tuple.size() << ") for operand " << tuple;
  if (!isCompatibleType(getType(), tuple.getType(index))) // get_tuple_element_c2
    return emitOpError() << "C2: result type must be element " << index
                         << " of the operand, " << tuple.getType(index)
                         << ", got " << getType();
  return success();
}

//===--- optimization_barrier ----------------------------------------------===//

LogicalResult OptimizationBarrierOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  llvm::append_range(inferred, operands.getTypes()); // optimization_barrier_c1
  return success();
}

LogicalResult OptimizationBarrierOp::verify() {
  // Equal, not only compatible: the syntax prints the types once.
  if (getOperand().getTypes() != getResult().getTypes()) // optimization_barrier_c1
    return emitOpError() << "C1: result types must be the operand types ("
                         << getOperand().getTypes() << "), got ("
                         << getResult().getTypes() << ")";
  return success();
}

//===--- broadcast (legacy) ------------------------------------------------===//
//
// Not in the spec; XLA's Broadcast: result shape = broadcast_sizes ++
// shape(operand), element type unchanged. Its checks are named after what
// they enforce rather than a constraint id.

static RankedTensorType inferBroadcastType(RankedTensorType operand,
                                           ArrayRef<int64_t> sizes) {
  SmallVector<int64_t> shape(sizes), bounds;
  llvm::append_range(shape, operand.getShape());
  ArrayRef<int64_t> operandBounds = getBounds(operand);
  if (!operandBounds.empty()) {
    bounds.assign(sizes.size(), ShapedType::kDynamic);
    llvm::append_range(bounds, operandBounds);
  }
  return getTensorType(shape, operand.getElementType(), bounds);
}

LogicalResult BroadcastOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            ValueRange operands,
                                            DictionaryAttr attributes,
                                            OpaqueProperties properties,
                                            RegionRange,
                                            SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<BroadcastOp>(location, operands, 1);
  if (failed(ranked))
    return failure();
  RankedTensorType operand = (*ranked)[0];
  auto sizes = propertiesOf<BroadcastOp>(attributes, properties).broadcast_sizes;
  bool valid = sizes && llvm::all_of(sizes.asArrayRef(),
                                     [](int64_t s) { return s >= 0; });
  // Invalid sizes: a placeholder; the verifier reports the problem.
  inferred.push_back(valid ? inferBroadcastType(operand, sizes) : operand);
  return success();
}

LogicalResult BroadcastOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  ArrayRef<int64_t> sizes = getBroadcastSizes();
  for (int64_t size : sizes)
    if (size < 0)
      return emitOpError() << "broadcast_sizes " << formatDims(sizes)
                           << " must be non-negative";
  RankedTensorType expected = inferBroadcastType(operand, sizes);
  if (result.getElementType() != operand.getElementType() ||
      !isCompatibleShape(expected, result))
    return emitOpError() << "result type must be broadcast_sizes followed by "
                            "the operand's shape, "
                         << expected << ", got " << result;
  return success();
}

//===--- Dynamic counterparts (dynamism RFC P4) ---------------------------===//
//
// Each checks what its static form checks wherever the sizes are known: a
// shape operand defined by a constant is read like the static attribute
// (constantDims); otherwise the size-dependent constraints move to run time,
// where the interpreter checks them (RFC P3).

//===--- dynamic_broadcast_in_dim -----------------------------------------===//

LogicalResult DynamicBroadcastInDimOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  if (failed(verifyBroadcastInDim(*this, operand, result,
                                  getBroadcastDimensions()))) // broadcast_in_dim_c1-c6
    return failure();
  if (failed(verifyResultShapeOperand(*this, getOutputDimensions(),
                                      "output_dimensions", result, "C7",
                                      /*countIsDeviation=*/true)))
    return failure();
  // broadcast_in_dim_c5 with the sizes a constant output_dimensions gives.
  if (auto sizes = constantDims(getOutputDimensions()))
    for (auto [d, resultDim] : llvm::enumerate(getBroadcastDimensions())) {
      int64_t size = operand.getDimSize(d);
      if (size == 1 || ShapedType::isDynamic(size) ||
          resultDim >= static_cast<int64_t>(sizes->size()))
        continue;
      if (size != (*sizes)[resultDim]) // broadcast_in_dim_c5
        return emitOpError() << "C5: operand dimension " << d << " of size "
                             << size << " must be 1 or equal output "
                             << "dimension " << resultDim << " of size "
                             << (*sizes)[resultDim];
    }
  ArrayRef<int64_t> expanding, nonexpanding;
  if (auto attr = getKnownExpandingDimensionsAttr())
    expanding = attr;
  if (auto attr = getKnownNonexpandingDimensionsAttr())
    nonexpanding = attr;
  SmallVector<int64_t> known(expanding);
  llvm::append_range(known, nonexpanding);
  if (!isUnique(known)) // dynamic_broadcast_in_dim_c8
    return emitOpError() << "C8: known_expanding_dimensions "
                         << formatDims(expanding)
                         << " and known_nonexpanding_dimensions "
                         << formatDims(nonexpanding)
                         << " must be unique together";
  for (auto [id, name, dims] :
       {std::make_tuple("C9", "known_expanding_dimensions", expanding),
        std::make_tuple("C10", "known_nonexpanding_dimensions", nonexpanding)})
    for (int64_t d : dims)
      if (d < 0 || d >= operand.getRank()) // dynamic_broadcast_in_dim_c9, dynamic_broadcast_in_dim_c10
        return emitOpError() << id << ": " << name << " " << formatDims(dims)
                             << " must be in [0, " << operand.getRank()
                             << ") (operand dimensions)";
  return success();
}

//===--- dynamic_reshape --------------------------------------------------===//

LogicalResult DynamicReshapeOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  if (failed(verifyReshape(*this, operand, result))) // reshape_c1-c3
    return failure();
  if (failed(verifyResultShapeOperand(*this, getOutputShape(), "output_shape",
                                      result, "C4")))
    return failure();
  // reshape_c2 with the sizes a constant output_shape gives.
  auto sizes = constantDims(getOutputShape());
  auto operandSize = product(operand, 0, operand.getRank());
  if (!sizes || !operandSize)
    return success();
  int64_t resultSize = 1;
  for (int64_t size : *sizes)
    if (llvm::MulOverflow(resultSize, size, resultSize)) // reshape_c2
      return emitOpError() << "C2: output_shape " << formatDims(*sizes)
                           << " has more than 2^63 - 1 elements";
  if (resultSize != *operandSize) // reshape_c2
    return emitOpError() << "C2: operand " << operand << " has " << *operandSize
                         << " elements but output_shape " << formatDims(*sizes)
                         << " has " << resultSize;
  return success();
}

//===--- dynamic_pad ------------------------------------------------------===//

LogicalResult DynamicPadOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  if (failed(verifyPadElementTypes(*this, operand, getPaddingValue(), result)))
    return failure();
  Value paddings[] = {getEdgePaddingLow(), getEdgePaddingHigh(),
                      getInteriorPadding()};
  for (Value padding : paddings) {
    int64_t size = shapeOperandSize(padding);
    if (!ShapedType::isDynamic(size) && size != operand.getRank()) // pad_c2
      return emitOpError() << "C2: edge_padding_low, edge_padding_high and "
                              "interior_padding must have one entry per "
                              "operand dimension (rank "
                           << operand.getRank() << "), got " << size;
  }
  // Not in the spec, but upstream's (ODS): the three have one type.
  for (Value padding : paddings)
    if (padding.getType() != paddings[0].getType())
      return emitOpError() << "edge_padding_low, edge_padding_high and "
                              "interior_padding must have the same type, got "
                           << paddings[0].getType() << " and "
                           << padding.getType();
  if (result.getRank() != operand.getRank()) // pad_c4
    return emitOpError() << "C4: result rank must be the operand's, got "
                         << operand << " and " << result;
  auto interior = constantDims(getInteriorPadding());
  if (interior && llvm::any_of(*interior, [](int64_t v) { return v < 0; }))
    return emitOpError() << "C3: interior_padding " << formatDims(*interior)
                         << " must be non-negative"; // pad_c3
  auto low = constantDims(getEdgePaddingLow());
  auto high = constantDims(getEdgePaddingHigh());
  if (!low || !high || !interior)
    return success();
  // pad_c4: constant paddings that make a static dimension negative.
  // Upstream does not read them (it accepts the program); running it is the
  // interpreter's run-time pad C4 error. A spec deviation (docs/decisions.md,
  // "Accepting what upstream accepts"). Sizes past int64 stay errors below.
  for (int64_t d = 0; d < operand.getRank(); ++d) {
    if (operand.isDynamicDim(d))
      continue;
    int64_t size = operand.getDimSize(d);
    std::optional<int64_t> r = llvm::checkedMul<int64_t>(
        std::max<int64_t>(size - 1, 0), (*interior)[d]);
    for (int64_t term : {size, (*low)[d], (*high)[d]})
      r = r ? llvm::checkedAdd<int64_t>(*r, term) : std::nullopt;
    if (r && *r < 0)
      return reportSpecDeviation(*this, "C4", [&](InFlightDiagnostic &diag) {
        diag << "padding dimension " << d << " of size " << size
             << " with low " << (*low)[d] << ", high " << (*high)[d]
             << " and interior " << (*interior)[d] << " gives a negative size "
             << *r;
      });
  }
  MLIRContext *context = getContext();
  RankedTensorType expected;
  if (failed(
          inferPadType({*this}, operand, DenseI64ArrayAttr::get(context, *low),
                       DenseI64ArrayAttr::get(context, *high),
                       DenseI64ArrayAttr::get(context, *interior), expected)))
    return failure();
  return verifyPadResult(*this, expected, result);
}

//===--- real_dynamic_slice -----------------------------------------------===//

// Not in the spec: slice's constraints, with the indices as operands.
LogicalResult RealDynamicSliceOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  if (result.getElementType() != operand.getElementType()) // slice_c1
    return emitOpError() << "C1: result element type must be the operand's, "
                            "got "
                         << operand.getElementType() << " and "
                         << result.getElementType();
  Value indices[] = {getStartIndices(), getLimitIndices(), getStrides()};
  for (Value index : indices) {
    if (!isCompatibleType(index.getType(), indices[0].getType())) // slice_c2
      return emitOpError() << "C2: start_indices, limit_indices and strides "
                              "must have the same type, got "
                           << indices[0].getType() << " and "
                           << index.getType();
    int64_t size = shapeOperandSize(index);
    if (!ShapedType::isDynamic(size) && size != operand.getRank()) // slice_c2
      return emitOpError() << "C2: start_indices, limit_indices and strides "
                              "must have one entry per operand dimension "
                              "(rank "
                           << operand.getRank() << "), got " << size;
  }
  // The rest (result rank, and what constant indices decide) upstream does
  // not check: spec deviations (docs/decisions.md, "Accepting what upstream
  // accepts"), each refused at run time by the interpreter (slice C3-C5 on
  // the index values, the result against its type). The first one found is
  // reported and ends the checks.
  if (result.getRank() != operand.getRank()) // slice_c5
    return reportSpecDeviation(*this, "C5", [&](InFlightDiagnostic &diag) {
      diag << "result rank must be the operand's, got " << operand << " and "
           << result;
    });
  auto strides = constantDims(getStrides());
  if (strides && llvm::any_of(*strides, [](int64_t v) { return v <= 0; }))
    return reportSpecDeviation(*this, "C4", [&](InFlightDiagnostic &diag) {
      diag << "strides " << formatDims(*strides) << " must be positive";
    }); // slice_c4
  auto start = constantDims(getStartIndices());
  auto limit = constantDims(getLimitIndices());
  if (start && limit)
    for (int64_t d = 0; d < operand.getRank(); ++d) {
      int64_t size = sizeOrBound(operand, d);
      if ((*start)[d] < 0 || (*start)[d] > (*limit)[d] ||
          (!ShapedType::isDynamic(size) && (*limit)[d] > size)) // slice_c3
        return reportSpecDeviation(
            *this, "C3", [&](InFlightDiagnostic &diag) {
              diag << "dimension " << d << " needs 0 <= start_indices["
                   << d << "] = " << (*start)[d] << " <= limit_indices[" << d
                   << "] = " << (*limit)[d] << " <= size "
                   << (ShapedType::isDynamic(size) ? std::string("?")
                                                   : std::to_string(size))
                   << " of operand " << operand;
            });
    }
  if (!start || !limit || !strides)
    return success();
  MLIRContext *context = getContext();
  RankedTensorType expected;
  if (failed(inferSliceType(
          {*this}, operand, DenseI64ArrayAttr::get(context, *start),
          DenseI64ArrayAttr::get(context, *limit),
          DenseI64ArrayAttr::get(context, *strides), expected)))
    return failure();
  if (!isCompatibleShape(expected, result)) // slice_c5
    return reportSpecDeviation(*this, "C5", [&](InFlightDiagnostic &diag) {
      diag << "result shape must be ceil((limit_indices - start_indices) / "
              "strides) as in "
           << expected << ", got " << result;
    });
  return success();
}

//===--- set_dimension_size -----------------------------------------------===//

// XLA's SetDimensionSize (not in the spec): the result is the operand with
// dimension `dimension` of size `size`, known if `size` is a constant, else
// dynamic and bounded by the operand's size (or bound) there.
static LogicalResult inferSetDimensionSizeType(const ErrorSink &error,
                                               RankedTensorType operand,
                                               Value size, int64_t dimension,
                                               RankedTensorType &inferred) {
  if (dimension < 0 || dimension >= operand.getRank()) // set_dimension_size_c1
    return error("C1: dimension ", dimension, " must be in [0, ",
                 operand.getRank(), ") for operand ", operand);
  int64_t limit = sizeOrBound(operand, dimension);
  SmallVector<int64_t> shape(operand.getShape());
  SmallVector<int64_t> bounds(getBounds(operand));
  if (bounds.empty())
    bounds.assign(operand.getRank(), ShapedType::kDynamic);
  std::optional<SmallVector<int64_t>> value = constantDims(size);
  if (value && value->size() == 1) {
    int64_t newSize = (*value)[0];
    if (newSize < 0 || (!ShapedType::isDynamic(limit) && newSize > limit))
      return error("C2: size ", newSize, " must be in [0, ",
                   ShapedType::isDynamic(limit) ? std::string("?")
                                                : std::to_string(limit),
                   "] (dimension ", dimension, " of operand ", operand, ")");
    shape[dimension] = newSize;
    bounds[dimension] = ShapedType::kDynamic;
  } else {
    shape[dimension] = ShapedType::kDynamic;
    bounds[dimension] = limit;
  }
  for (auto [d, extent] : llvm::enumerate(shape))
    if (!ShapedType::isDynamic(extent))
      bounds[d] = ShapedType::kDynamic;
  inferred = getTensorType(shape, operand.getElementType(), bounds);
  return success();
}

LogicalResult SetDimensionSizeOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<SetDimensionSizeOp>(location, operands, 2);
  if (failed(ranked))
    return failure();
  auto props = propertiesOf<SetDimensionSizeOp>(attributes, properties);
  if (!props.dimension)
    return builderError(location, getOperationName(), "needs dimension");
  RankedTensorType type;
  if (failed(inferSetDimensionSizeType({}, (*ranked)[0], operands[1],
                                       props.dimension.getInt(), type)))
    type = (*ranked)[0]; // placeholder: the verifier reports the problem
  inferred.push_back(type);
  return success();
}

LogicalResult SetDimensionSizeOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  int64_t dimension = getDimensionAttr().getInt();
  // What the verifier reads from a constant size, upstream does not: a
  // negative size (C2) or a result whose size there is not the constant's
  // (C3) it accepts. Spec deviations (docs/decisions.md, "Accepting what
  // upstream accepts"); the interpreter refuses both at run time. The type
  // inferred without the constant then stands for the result.
  RankedTensorType expected, unknownSize;
  if (failed(inferSetDimensionSizeType({}, operand, Value(), dimension,
                                       unknownSize)))
    return inferSetDimensionSizeType({*this}, operand, Value(), dimension,
                                     unknownSize); // set_dimension_size_c1
  bool deviation = false;
  if (failed(inferSetDimensionSizeType({}, operand, getSize(), dimension,
                                       expected))) { // set_dimension_size_c2
    // A result that does not fit even without the constant: the C2 error,
    // as upstream rejects it too.
    if (result.getElementType() != operand.getElementType() ||
        !isCompatibleShape(unknownSize, result))
      return inferSetDimensionSizeType({*this}, operand, getSize(), dimension,
                                       expected);
    if (failed(reportSpecDeviation(*this, "C2", [&](InFlightDiagnostic &diag) {
          int64_t limit = sizeOrBound(operand, dimension);
          diag << "size " << (*constantDims(getSize()))[0] << " must be in [0, "
               << (ShapedType::isDynamic(limit) ? std::string("?")
                                                : std::to_string(limit))
               << "] (dimension " << dimension << " of operand " << operand
               << ")";
        })))
      return failure();
    expected = unknownSize;
    deviation = true;
  }
  if (result.getElementType() != operand.getElementType() ||
      !isCompatibleShape(unknownSize, result)) // set_dimension_size_c3
    return emitOpError() << "C3: result must be the operand with dimension "
                         << dimension << " resized, as in " << expected
                         << ", got " << result;
  if (!deviation && !isCompatibleShape(expected, result)) // set_dimension_size_c3
    return reportSpecDeviation(*this, "C3", [&](InFlightDiagnostic &diag) {
      diag << "result must be the operand with dimension " << dimension
           << " resized, as in " << expected << ", got " << result;
    });
  return success();
}

} // namespace mlir::stablehlo
