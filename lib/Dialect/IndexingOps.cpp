// Verifiers and shape functions of the indexing ops (gather, scatter,
// dynamic_slice, dynamic_update_slice, torch_index_select). Each check cites
// its spec constraint.
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"

using namespace mlir;
using namespace mlir::stablehlo;

#define GET_OP_CLASSES
#include "IndexingOps.cpp.inc"

void mlir::stablehlo::registerIndexingOps(StablehloDialect &dialect) {
  registerOps<
#define GET_OP_LIST
#include "IndexingOps.cpp.inc"
      >(dialect);
}

namespace mlir::stablehlo {

//===--- Reads: gather, dynamic_slice, torch_index_select ---------------===//

// Shape functions check the constraints on operands and attributes through an
// ErrorSink (Verification.h): the verifier reports them, a builder inferring
// a type gets a placeholder and the verifier reports the problem once.

static bool dimsBelow(ArrayRef<int64_t> dims, int64_t limit) {
  return llvm::all_of(dims, [&](int64_t d) { return d >= 0 && d < limit; });
}

static std::string sizeText(int64_t size) {
  return ShapedType::isDynamic(size) ? std::string("?") : std::to_string(size);
}

// 0 <= slice_sizes[d] <= dim(operand, d) (the bound of a bounded dynamic
// dimension; an unbounded one is checked at run time).
// `bounds` false leaves bounds out (gather, dynamic_slice: see
// checkSliceBounds).
static LogicalResult checkSliceSizes(const ErrorSink &error,
                                     StringRef constraint,
                                     RankedTensorType operand,
                                     ArrayRef<int64_t> sliceSizes,
                                     bool bounds = true) {
  for (auto [d, size] : llvm::enumerate(sliceSizes)) {
    int64_t limit =
        bounds ? sizeOrBound(operand, d) : operand.getDimSize(d);
    if (size < 0 || (!ShapedType::isDynamic(limit) && size > limit))
      return error(constraint, ": slice_sizes ", formatDims(sliceSizes),
                   " must be in [0, ", sizeText(limit), "] in dimension ", d,
                   " of operand ", operand);
  }
  return success();
}

// The bounds half of checkSliceSizes: upstream's gather, dynamic_gather and
// dynamic_slice compare slice sizes with static sizes only, so a size larger
// than the bound of a bounded dynamic dimension is a spec deviation (XLA
// refuses to compile it; the interpreter refuses it at run time).
static LogicalResult checkSliceBounds(Operation *op, StringRef constraint,
                                      RankedTensorType operand,
                                      ArrayRef<int64_t> sliceSizes) {
  for (auto [d, size] : llvm::enumerate(sliceSizes)) {
    int64_t limit = sizeOrBound(operand, d);
    if (!ShapedType::isDynamic(limit) && size > limit)
      return reportSpecDeviation(op, constraint, [&](InFlightDiagnostic &diag) {
        diag << "slice_sizes " << formatDims(sliceSizes) << " must be in [0, "
             << limit << "] in dimension " << d << " of operand " << operand;
      });
  }
  return success();
}

//===--- gather ------------------------------------------------------------===//

// The spec text we implement predates batching dimensions
// (operand_batching_dims, start_indices_batching_dims); their checks cite the
// constraint whose formula they extend (docs/decisions.md, "gather").
static LogicalResult
inferGatherType(const ErrorSink &error, RankedTensorType operand,
                RankedTensorType indices, GatherDimensionNumbersAttr dims,
                ArrayRef<int64_t> sliceSizes, RankedTensorType &inferred,
                bool sizesKnown = true) {
  if (!dims)
    return error("needs dimension_numbers");
  ArrayRef<int64_t> offsetDims = dims.getOffsetDims(),
                    collapsed = dims.getCollapsedSliceDims(),
                    operandBatching = dims.getOperandBatchingDims(),
                    indicesBatching = dims.getStartIndicesBatchingDims(),
                    startIndexMap = dims.getStartIndexMap();
  int64_t indexVectorDim = dims.getIndexVectorDim();
  int64_t rank = operand.getRank(), indicesRank = indices.getRank();

  if (indexVectorDim < 0 || indexVectorDim > indicesRank) // gather_c2
    return error("C2: index_vector_dim ", indexVectorDim, " must be in [0, ",
                 indicesRank, "] (the rank of start_indices ", indices, ")");
  if (!isUnique(indicesBatching) || !dimsBelow(indicesBatching, indicesRank) ||
      llvm::is_contained(indicesBatching, indexVectorDim)) // gather_c2 (batching)
    return error("C2: start_indices_batching_dims ",
                 formatDims(indicesBatching), " must be unique, in [0, ",
                 indicesRank, ") and not index_vector_dim ", indexVectorDim);
  int64_t indexVectorSize = indexVectorDim < indicesRank
                                ? indices.getDimSize(indexVectorDim)
                                : 1;
  if (!ShapedType::isDynamic(indexVectorSize) &&
      static_cast<int64_t>(startIndexMap.size()) != indexVectorSize) // gather_c3
    return error("C3: start_index_map ", formatDims(startIndexMap),
                 " must have ", indexVectorSize,
                 " entries (the size of the index vector of start_indices ",
                 indices, ")");
  if (!isUnique(offsetDims) || !llvm::is_sorted(offsetDims)) // gather_c4
    return error("C4: offset_dims ", formatDims(offsetDims),
                 " must be unique and sorted");
  SmallVector<int64_t> collapsedAndBatching(collapsed);
  llvm::append_range(collapsedAndBatching, operandBatching);
  if (!llvm::is_sorted(collapsed) || !llvm::is_sorted(operandBatching) ||
      !isUnique(collapsedAndBatching)) // gather_c6 (with batching dims)
    return error("C6: collapsed_slice_dims ", formatDims(collapsed),
                 " and operand_batching_dims ", formatDims(operandBatching),
                 " must each be sorted and together unique");
  if (!dimsBelow(collapsedAndBatching, rank)) // gather_c7 (with batching dims)
    return error("C7: collapsed_slice_dims ", formatDims(collapsed),
                 " and operand_batching_dims ", formatDims(operandBatching),
                 " must be in [0, ", rank, ")");
  if (rank != static_cast<int64_t>(offsetDims.size() +
                                   collapsedAndBatching.size())) // gather_c1
    return error("C1: rank of operand ", operand,
                 " must be size(offset_dims) + size(collapsed_slice_dims) + "
                 "size(operand_batching_dims) = ",
                 offsetDims.size(), " + ", collapsed.size(), " + ",
                 operandBatching.size());
  SmallVector<int64_t> mappedAndBatching(startIndexMap);
  llvm::append_range(mappedAndBatching, operandBatching);
  if (!isUnique(mappedAndBatching)) // gather_c9 (with batching dims)
    return error("C9: start_index_map ", formatDims(startIndexMap),
                 " must be unique and disjoint from operand_batching_dims ",
                 formatDims(operandBatching));
  if (!dimsBelow(startIndexMap, rank)) // gather_c10
    return error("C10: start_index_map ", formatDims(startIndexMap),
                 " must be in [0, ", rank, ")");
  if (static_cast<int64_t>(sliceSizes.size()) != rank) // gather_c11
    return error("C11: slice_sizes ", formatDims(sliceSizes),
                 " must have one entry per operand dimension (rank ", rank,
                 ")");
  // dynamic_gather's slice sizes may be known at run time only (kDynamic).
  // Bounds: checkSliceBounds, by the verifiers.
  if (sizesKnown && failed(checkSliceSizes(error, "C12", operand, sliceSizes,
                                           /*bounds=*/false))) // gather_c12
    return failure();
  for (int64_t d : collapsedAndBatching)
    if (sliceSizes[d] > 1) // gather_c8 (with batching dims)
      return error("C8: slice_sizes[", d, "] = ", sliceSizes[d],
                   " must be at most 1 (dimension ", d,
                   " is in collapsed_slice_dims or operand_batching_dims)");
  if (operandBatching.size() != indicesBatching.size()) // gather_c13 (batching)
    return error("C13: operand_batching_dims ", formatDims(operandBatching),
                 " and start_indices_batching_dims ",
                 formatDims(indicesBatching), " must have the same size");
  for (auto [a, b] : llvm::zip(operandBatching, indicesBatching)) {
    int64_t x = operand.getDimSize(a), y = indices.getDimSize(b);
    if (!ShapedType::isDynamic(x) && !ShapedType::isDynamic(y) &&
        x != y) // gather_c13 (batching)
      return error("C13: operand batching dimension ", a, " (size ", x,
                   ") must match start_indices dimension ", b, " (size ", y,
                   ")");
  }

  // gather_c13: batch dimensions (start_indices without index_vector_dim) fill
  // the result axes not in offset_dims, in order; offset_dims get the slice
  // sizes of the dimensions neither collapsed nor batching.
  SmallVector<int64_t> batchSizes, batchBounds, offsetSizes;
  for (int64_t d = 0; d < indicesRank; ++d)
    if (d != indexVectorDim) {
      batchSizes.push_back(indices.getDimSize(d));
      batchBounds.push_back(indices.isDynamicDim(d) ? boundOf(indices, d)
                                                    : ShapedType::kDynamic);
    }
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(collapsedAndBatching, d))
      offsetSizes.push_back(sliceSizes[d]);
  int64_t resultRank = batchSizes.size() + offsetSizes.size();
  if (!dimsBelow(offsetDims, resultRank)) // gather_c5
    return error("C5: offset_dims ", formatDims(offsetDims),
                 " must be in [0, ", resultRank,
                 ") (the rank of the result)");
  SmallVector<int64_t> shape, bounds;
  size_t nextBatch = 0, nextOffset = 0;
  for (int64_t d = 0; d < resultRank; ++d) {
    if (llvm::is_contained(offsetDims, d)) {
      shape.push_back(offsetSizes[nextOffset++]);
      bounds.push_back(ShapedType::kDynamic);
    } else {
      shape.push_back(batchSizes[nextBatch]);
      bounds.push_back(batchBounds[nextBatch++]);
    }
  }
  inferred = getTensorType(shape, operand.getElementType(), bounds);
  return success();
}

LogicalResult GatherOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         ValueRange operands,
                                         DictionaryAttr attributes,
                                         OpaqueProperties properties,
                                         RegionRange,
                                         SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<GatherOp>(location, operands, 2);
  if (failed(ranked))
    return failure();
  auto props = propertiesOf<GatherOp>(attributes, properties);
  if (operands.size() != 2)
    return failure();
  RankedTensorType operand = (*ranked)[0], indices = (*ranked)[1];
  RankedTensorType type;
  if (!props.slice_sizes ||
      failed(inferGatherType({}, operand, indices, props.dimension_numbers,
                             props.slice_sizes, type)))
    type = operand; // placeholder: the verifier reports the problem
  inferred.push_back(type);
  return success();
}

// gather_c13, gather_c14: the result against the inferred type.
static LogicalResult verifyGatherResult(Operation *op, RankedTensorType operand,
                                        RankedTensorType expected,
                                        RankedTensorType result) {
  auto emitOpError = [&] { return op->emitOpError(); };
  if (result.getElementType() != operand.getElementType()) // gather_c14
    return emitOpError() << "C14: result element type must be the operand's, "
                            "got "
                         << operand.getElementType() << " and "
                         << result.getElementType();
  if (!isCompatibleShape(expected, result)) // gather_c13
    return emitOpError() << "C13: result shape must combine the batch "
                            "dimensions of start_indices and the slice sizes "
                            "at offset_dims as in "
                         << expected << ", got " << result;
  return success();
}

LogicalResult GatherOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto indices = cast<RankedTensorType>(getStartIndices().getType());
  auto result = cast<RankedTensorType>(getType());
  RankedTensorType expected;
  if (failed(inferGatherType({*this}, operand, indices,
                             getDimensionNumbersAttr(), getSliceSizes(),
                             expected)))
    return failure();
  if (failed(checkSliceBounds(*this, "C12", operand,
                              getSliceSizes()))) // gather_c12
    return failure();
  return verifyGatherResult(*this, operand, expected, result);
}

//===--- dynamic_gather ---------------------------------------------------===//

// gather with slice_sizes as an operand: its constraints with the sizes known
// where a constant defines them (unknown sizes give dynamic offset
// dimensions, checked at run time).

// The slice sizes of a dynamic_gather of `count` of them: a constant's, else
// unknown (kDynamic) ones.
static SmallVector<int64_t> dynamicSliceSizes(Value sliceSizes, int64_t count) {
  return constantDims(sliceSizes).value_or(
      SmallVector<int64_t>(count, ShapedType::kDynamic));
}

LogicalResult DynamicGatherOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<DynamicGatherOp>(location, operands, 3);
  if (failed(ranked))
    return failure();
  auto props = propertiesOf<DynamicGatherOp>(attributes, properties);
  RankedTensorType operand = (*ranked)[0], indices = (*ranked)[1];
  RankedTensorType type = operand; // placeholder: the verifier reports it
  if (shapeOperandSize(operands[2]) == operand.getRank()) { // gather_c11
    SmallVector<int64_t> sizes =
        dynamicSliceSizes(operands[2], operand.getRank());
    RankedTensorType computed;
    if (succeeded(inferGatherType({}, operand, indices,
                                  props.dimension_numbers, sizes, computed,
                                  !llvm::is_contained(sizes,
                                                      ShapedType::kDynamic))))
      type = computed;
  }
  inferred.push_back(type);
  return success();
}

LogicalResult DynamicGatherOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto indices = cast<RankedTensorType>(getStartIndices().getType());
  auto result = cast<RankedTensorType>(getType());
  int64_t count = shapeOperandSize(getSliceSizes());
  if (count != operand.getRank()) // gather_c11
    return emitOpError() << "C11: slice_sizes must have one entry per operand "
                            "dimension (rank "
                         << operand.getRank() << "), got " << count;
  std::optional<SmallVector<int64_t>> known = constantDims(getSliceSizes());
  SmallVector<int64_t> sliceSizes = dynamicSliceSizes(getSliceSizes(), count);
  RankedTensorType expected;
  if (failed(inferGatherType({*this}, operand, indices,
                             getDimensionNumbersAttr(), sliceSizes, expected,
                             known.has_value())))
    return failure();
  if (known && failed(checkSliceBounds(*this, "C12", operand,
                                       *known))) // gather_c12
    return failure();
  return verifyGatherResult(*this, operand, expected, result);
}

//===--- dynamic_slice -----------------------------------------------------===//

// dynamic_slice_c2-c5. The result is static: its shape is slice_sizes.
static LogicalResult inferDynamicSliceType(const ErrorSink &error,
                                           RankedTensorType operand,
                                           TypeRange startTypes,
                                           DenseI64ArrayAttr sliceSizesAttr,
                                           RankedTensorType &inferred) {
  if (!sliceSizesAttr)
    return error("needs slice_sizes");
  ArrayRef<int64_t> sliceSizes = sliceSizesAttr;
  auto rank = static_cast<size_t>(operand.getRank());
  if (startTypes.size() != rank || sliceSizes.size() != rank) // dynamic_slice_c2
    return error("C2: needs one start index and one slice size per operand "
                 "dimension (rank ",
                 rank, "), got ", startTypes.size(), " start indices and "
                 "slice_sizes ",
                 formatDims(sliceSizes));
  for (Type type : startTypes)
    if (type != startTypes.front()) // dynamic_slice_c3
      return error("C3: start indices must have the same type, got ",
                   startTypes.front(), " and ", type);
  if (failed(checkSliceSizes(error, "C4", operand, sliceSizes,
                             /*bounds=*/false))) // dynamic_slice_c4
    return failure();
  inferred = RankedTensorType::get(sliceSizes, operand.getElementType()); // dynamic_slice_c5
  return success();
}

LogicalResult DynamicSliceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<DynamicSliceOp>(location, operands);
  if (failed(ranked))
    return failure();
  auto props = propertiesOf<DynamicSliceOp>(attributes, properties);
  if (operands.empty())
    return failure();
  RankedTensorType operand = (*ranked)[0];
  RankedTensorType type;
  if (failed(inferDynamicSliceType({}, operand,
                                   operands.drop_front().getTypes(),
                                   props.slice_sizes, type)))
    type = operand; // placeholder: the verifier reports the problem
  inferred.push_back(type);
  return success();
}

LogicalResult DynamicSliceOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  RankedTensorType expected;
  if (failed(inferDynamicSliceType({*this}, operand,
                                   getStartIndices().getTypes(),
                                   getSliceSizesAttr(), expected)))
    return failure();
  if (failed(checkSliceBounds(*this, "C4", operand,
                              getSliceSizes()))) // dynamic_slice_c4
    return failure();
  if (result.getElementType() != operand.getElementType()) // dynamic_slice_c1
    return emitOpError() << "C1: result element type must be the operand's, "
                            "got "
                         << operand.getElementType() << " and "
                         << result.getElementType();
  if (!isCompatibleShape(expected, result)) // dynamic_slice_c5
    return emitOpError() << "C5: result shape must be slice_sizes "
                         << formatDims(getSliceSizes()) << ", got " << result;
  return success();
}


//===--- Writes: scatter, dynamic_update_slice ----------------------------===//

//===--- scatter -----------------------------------------------------------===//

// The spec text we implement predates batching dimensions; their checks cite
// the constraint their formula extends (docs/decisions.md, "scatter").

// Shape function of scatter: results have the inputs' shapes (scatter_c16) and
// the update computation's element types (scatter_c17).
static void inferScatterTypes(ValueRange inputs, RegionRange regions,
                              SmallVectorImpl<Type> &inferred) {
  for (auto [input, element] :
       llvm::zip(inputs, reducerResultElementTypes(inputs, regions))) { // scatter_c17
    auto type = cast<RankedTensorType>(input.getType());
    inferred.push_back(
        getTensorType(type.getShape(), element, getBounds(type)));
  }
}

LogicalResult ScatterOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<ScatterOp>(location, operands);
  if (failed(ranked))
    return failure();
  if (operands.size() < 3) // scatter_c5
    return builderError(location, getOperationName(),
                        "C5: needs N > 0 inputs, scatter_indices and N "
                        "updates, got ",
                        operands.size(), " operands");
  // An even count is reported by the verifier (scatter_c5).
  inferScatterTypes(operands.take_front((operands.size() - 1) / 2), regions,
                    inferred);
  return success();
}

// The dimensions of [0, rank) that are not in `excluded`, in order.
static SmallVector<int64_t> remainingDims(int64_t rank,
                                          ArrayRef<int64_t> excluded) {
  SmallVector<int64_t> dims;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(excluded, d))
      dims.push_back(d);
  return dims;
}

// scatter's verifier in steps, each citing its constraints.

namespace {
// The dimension numbers of a scatter with the operand types and ranks they
// are checked against.
struct ScatterLayout {
  explicit ScatterLayout(ScatterOp op)
      : input0(cast<RankedTensorType>(op.getInputs()[0].getType())),
        update0(cast<RankedTensorType>(op.getUpdates()[0].getType())),
        indices(cast<RankedTensorType>(op.getScatterIndices().getType())) {
    ScatterDimensionNumbersAttr dims = op.getScatterDimensionNumbers();
    windowDims = dims.getUpdateWindowDims();
    insertedDims = dims.getInsertedWindowDims();
    inputBatchDims = dims.getInputBatchingDims();
    indexBatchDims = dims.getScatterIndicesBatchingDims();
    toOperandDims = dims.getScatterDimsToOperandDims();
    indexVectorDim = dims.getIndexVectorDim();
    rank = input0.getRank();
    updateRank = update0.getRank();
    indicesRank = indices.getRank();
  }
  RankedTensorType input0, update0, indices;
  ArrayRef<int64_t> windowDims, insertedDims, inputBatchDims, indexBatchDims,
      toOperandDims;
  int64_t indexVectorDim, rank, updateRank, indicesRank;
};
} // namespace

// scatter_c1, scatter_c3, scatter_c5, scatter_c6: counts, shapes and element
// types of inputs and updates.
static LogicalResult verifyScatterOperands(ScatterOp op) {
  if (op.getNumOperands() % 2 == 0) // scatter_c5
    return op.emitOpError() << "C5: needs N > 0 inputs, scatter_indices and N "
                               "updates, got "
                            << op.getNumOperands() << " operands";
  ValueRange inputs = op.getInputs(), updates = op.getUpdates();
  size_t n = inputs.size();
  if (n == 0 || updates.size() != n || op.getNumResults() != n) // scatter_c5
    return op.emitOpError()
           << "C5: needs N > 0 inputs, N updates and N results, "
              "got "
           << n << ", " << updates.size() << " and " << op.getNumResults();
  for (size_t i = 0; i < n; ++i)
    for (size_t j = i + 1; j < n; ++j) {
      if (!isCompatibleShape(inputs[i].getType(), inputs[j].getType())) // scatter_c1
        return op.emitOpError()
               << "C1: all inputs must have the same shape, got "
               << inputs[i].getType() << " and " << inputs[j].getType();
      if (!isCompatibleShape(updates[i].getType(),
                             updates[j].getType())) // scatter_c3
        return op.emitOpError()
               << "C3: all updates must have the same shape, got "
               << updates[i].getType() << " and " << updates[j].getType();
    }
  Block &body = op.getUpdateComputation().front();
  for (auto [i, pair] : llvm::enumerate(llvm::zip(inputs, updates))) {
    auto [input, update] = pair;
    // Upstream reads an update as a reducer's init value: one the body's
    // result promotes from is a spec deviation.
    if (failed(verifyElementAsUpstream(
            op, getElementTypeOrSelf(update.getType()),
            getElementTypeOrSelf(input.getType()),
            reducerResultElement(body, i), "C6",
            [&](InFlightDiagnostic &diag) {
              diag << "update " << i << " must have the element type of input "
                   << i << ", got " << update.getType() << " and "
                   << input.getType();
            }))) // scatter_c6
      return failure();
  }

  return success();
}

// scatter_c2, scatter_c7-c14: the dimension numbers against the ranks of the
// inputs, the updates and scatter_indices.
static LogicalResult verifyScatterDimensionNumbers(ScatterOp op,
                                                   const ScatterLayout &l) {

  if (!isUnique(l.windowDims) || !llvm::is_sorted(l.windowDims)) // scatter_c7
    return op.emitOpError()
           << "C7: update_window_dims " << formatDims(l.windowDims)
           << " must be unique and sorted";
  if (!dimsBelow(l.windowDims, l.updateRank)) // scatter_c8
    return op.emitOpError()
           << "C8: update_window_dims " << formatDims(l.windowDims)
           << " must be in [0, " << l.updateRank << ")";
  SmallVector<int64_t> insertedAndBatch(l.insertedDims);
  llvm::append_range(insertedAndBatch, l.inputBatchDims);
  if (!isUnique(insertedAndBatch) || !llvm::is_sorted(l.insertedDims) ||
      !llvm::is_sorted(l.inputBatchDims)) // scatter_c9 (read with batching dims)
    return op.emitOpError()
           << "C9: inserted_window_dims " << formatDims(l.insertedDims)
           << " and input_batching_dims " << formatDims(l.inputBatchDims)
           << " must each be sorted and together unique";
  if (!dimsBelow(insertedAndBatch, l.rank)) // scatter_c10 (with batching dims)
    return op.emitOpError()
           << "C10: inserted_window_dims " << formatDims(l.insertedDims)
           << " and input_batching_dims " << formatDims(l.inputBatchDims)
           << " must be in [0, " << l.rank << ")";
  if (l.rank !=
      static_cast<int64_t>(l.windowDims.size() + l.insertedDims.size() +
                           l.inputBatchDims.size())) // scatter_c2
    return op.emitOpError()
           << "C2: rank of the inputs (" << l.rank
           << ") must be size(update_window_dims) + "
              "size(inserted_window_dims) + "
              "size(input_batching_dims) = "
           << l.windowDims.size() << " + " << l.insertedDims.size() << " + "
           << l.inputBatchDims.size();
  if (l.indexVectorDim < 0 || l.indexVectorDim > l.indicesRank) // scatter_c14
    return op.emitOpError() << "C14: index_vector_dim " << l.indexVectorDim
                            << " must be in [0, " << l.indicesRank << "]";
  if (!isUnique(l.indexBatchDims) ||
      !dimsBelow(l.indexBatchDims, l.indicesRank) ||
      llvm::is_contained(l.indexBatchDims, l.indexVectorDim)) // scatter_c14 (batching)
    return op.emitOpError()
           << "C14: scatter_indices_batching_dims "
           << formatDims(l.indexBatchDims) << " must be unique, in [0, "
           << l.indicesRank << ") and not index_vector_dim "
           << l.indexVectorDim;
  bool hasIndexVector = l.indexVectorDim < l.indicesRank;
  int64_t indexVectorSize =
      hasIndexVector ? l.indices.getDimSize(l.indexVectorDim) : 1;
  if (!ShapedType::isDynamic(indexVectorSize) &&
      static_cast<int64_t>(l.toOperandDims.size()) != indexVectorSize) // scatter_c11
    return op.emitOpError()
           << "C11: scatter_dims_to_operand_dims "
           << formatDims(l.toOperandDims) << " must have " << indexVectorSize
           << " entries (the size of the index vector)";
  SmallVector<int64_t> operandDimsAndBatch(l.toOperandDims);
  llvm::append_range(operandDimsAndBatch, l.inputBatchDims);
  if (!isUnique(operandDimsAndBatch)) // scatter_c12 (with batching dims)
    return op.emitOpError() << "C12: scatter_dims_to_operand_dims "
                            << formatDims(l.toOperandDims)
                            << " must be unique and disjoint from "
                               "input_batching_dims "
                            << formatDims(l.inputBatchDims);
  if (!dimsBelow(l.toOperandDims, l.rank)) // scatter_c13
    return op.emitOpError() << "C13: scatter_dims_to_operand_dims "
                            << formatDims(l.toOperandDims) << " must be in [0, "
                            << l.rank << ")";

  return success();
}

// scatter_c4: the shape of the updates.
static LogicalResult verifyScatterUpdateShape(ScatterOp op,
                                              const ScatterLayout &l) {
  // scatter_c4: the batching dimensions pair up, then updates = scatter dims of
  // the l.indices (without index_vector_dim) at the non-window dims and at most
  // the input's sizes at the window dims.
  if (l.inputBatchDims.size() != l.indexBatchDims.size()) // scatter_c4 (batching)
    return op.emitOpError()
           << "C4: input_batching_dims " << formatDims(l.inputBatchDims)
           << " and scatter_indices_batching_dims "
           << formatDims(l.indexBatchDims) << " must have the same size";
  for (auto [inputDim, indexDim] :
       llvm::zip(l.inputBatchDims, l.indexBatchDims)) {
    int64_t a = l.input0.getDimSize(inputDim),
            b = l.indices.getDimSize(indexDim);
    if (!ShapedType::isDynamic(a) && !ShapedType::isDynamic(b) &&
        a != b) // scatter_c4 (batching)
      return op.emitOpError()
             << "C4: input batching dimension " << inputDim << " (size " << a
             << ") must match scatter_indices dimension " << indexDim
             << " (size " << b << ")";
  }
  SmallVector<int64_t> scatterSizes;
  for (int64_t d = 0; d < l.indicesRank; ++d)
    if (d != l.indexVectorDim)
      scatterSizes.push_back(l.indices.getDimSize(d));
  int64_t expectedRank = scatterSizes.size() + l.windowDims.size();
  if (l.updateRank != expectedRank) // scatter_c4
    return op.emitOpError()
           << "C4: updates must have rank " << expectedRank << " ("
           << scatterSizes.size() << " scatter dimensions and "
           << l.windowDims.size() << " window dimensions), got " << l.update0;
  SmallVector<int64_t> insertedAndBatch(l.insertedDims);
  llvm::append_range(insertedAndBatch, l.inputBatchDims);
  SmallVector<int64_t> windowOperandDims =
      remainingDims(l.rank, insertedAndBatch);
  SmallVector<int64_t> updateScatterDims =
      remainingDims(l.updateRank, l.windowDims);
  auto mismatch = [](int64_t a, int64_t b) {
    return !ShapedType::isDynamic(a) && !ShapedType::isDynamic(b) && a != b;
  };
  for (auto [k, d] : llvm::enumerate(updateScatterDims))
    if (mismatch(l.update0.getDimSize(d), scatterSizes[k])) // scatter_c4
      return op.emitOpError() << "C4: updates dimension " << d << " (size "
                              << l.update0.getDimSize(d)
                              << ") must match scatter_indices' scatter "
                                 "dimension "
                              << k << " (size " << scatterSizes[k] << ")";
  for (auto [k, d] : llvm::enumerate(l.windowDims)) {
    int64_t size = l.update0.getDimSize(d);
    int64_t limit = l.input0.getDimSize(windowOperandDims[k]);
    if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(limit) &&
        size > limit) // scatter_c4
      return op.emitOpError()
             << "C4: updates window dimension " << d << " (size " << size
             << ") must not exceed input dimension " << windowOperandDims[k]
             << " (size " << limit << ")";
  }

  return success();
}

// scatter_c15-c17: the update computation and the result types.
static LogicalResult verifyScatterResults(ScatterOp op) {
  ValueRange inputs = op.getInputs();
  SmallVector<Type> inputElements;
  for (Value input : inputs)
    inputElements.push_back(getElementTypeOrSelf(input.getType()));
  if (failed(verifyReducerBody(op, op.getUpdateComputation().front(),
                               inputElements, "C15",
                               "update_computation"))) // scatter_c15
    return failure();

  SmallVector<Type> expected;
  inferScatterTypes(inputs, op->getRegions(), expected);
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(expected, op.getResultTypes()))) {
    auto [want, got] = pair;
    if (!isCompatibleShape(want, got)) // scatter_c16
      return op.emitOpError()
             << "C16: result " << i << " must have the shape of "
             << "the inputs, " << want << ", got " << got;
    if (getElementTypeOrSelf(want) != getElementTypeOrSelf(got)) // scatter_c17
      return op.emitOpError()
             << "C17: result " << i << " must have element type "
             << getElementTypeOrSelf(want) << " (update_computation's), got "
             << got;
  }
  return success();
}

LogicalResult ScatterOp::verify() {
  if (failed(verifyScatterOperands(*this)))
    return failure();
  ScatterLayout layout(*this);
  if (failed(verifyScatterDimensionNumbers(*this, layout)) ||
      failed(verifyScatterUpdateShape(*this, layout)))
    return failure();
  return verifyScatterResults(*this);
}

//===--- dynamic_update_slice ----------------------------------------------===//

LogicalResult DynamicUpdateSliceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  if (operands.empty())
    return builderError(location, getOperationName(), "needs an operand");
  inferred.push_back(operands[0].getType()); // dynamic_update_slice_c1
  return success();
}

LogicalResult DynamicUpdateSliceOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto update = cast<RankedTensorType>(getUpdate().getType());
  Type result = getResult().getType();
  if (getElementTypeOrSelf(operand) != getElementTypeOrSelf(result) ||
      !isCompatibleShape(operand, result)) // dynamic_update_slice_c1
    return emitOpError() << "C1: result type must be the operand's, "
                         << operand << ", got " << result;
  if (update.getElementType() != operand.getElementType()) // dynamic_update_slice_c2
    return emitOpError() << "C2: update element type must be the operand's, "
                         << "got " << update.getElementType() << " and "
                         << operand.getElementType();
  if (update.getRank() != operand.getRank()) // dynamic_update_slice_c3
    return emitOpError() << "C3: update must have the operand's rank "
                         << operand.getRank() << ", got " << update;
  ValueRange starts = getStartIndices();
  if (static_cast<int64_t>(starts.size()) != operand.getRank()) // dynamic_update_slice_c4
    return emitOpError() << "C4: needs one start index per operand dimension ("
                         << operand.getRank() << "), got " << starts.size();
  for (Value start : starts)
    if (start.getType() != starts.front().getType()) // dynamic_update_slice_c5
      return emitOpError() << "C5: start indices must have the same type, got "
                           << starts.front().getType() << " and "
                           << start.getType();
  for (int64_t d = 0; d < operand.getRank(); ++d) {
    int64_t size = update.getDimSize(d), limit = operand.getDimSize(d);
    if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(limit) &&
        size > limit) // dynamic_update_slice_c6
      return emitOpError() << "C6: update dimension " << d << " (size " << size
                           << ") must not exceed the operand's (size " << limit
                           << ")";
  }
  return success();
}


} // namespace mlir::stablehlo
