// Verifiers and shape functions of the indexing ops (gather, scatter,
// dynamic_slice, dynamic_update_slice, torch_index_select). Each check cites
// its spec constraint.
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"

using namespace mlir;
using namespace mlir::stablehlo;

#define GET_OP_CLASSES
#include "IndexingOps.cpp.inc"

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
static LogicalResult checkSliceSizes(const ErrorSink &error,
                                     StringRef constraint,
                                     RankedTensorType operand,
                                     ArrayRef<int64_t> sliceSizes) {
  for (auto [d, size] : llvm::enumerate(sliceSizes)) {
    int64_t limit = sizeOrBound(operand, d);
    if (size < 0 || (!ShapedType::isDynamic(limit) && size > limit))
      return error(constraint, ": slice_sizes ", formatDims(sliceSizes),
                   " must be in [0, ", sizeText(limit), "] in dimension ", d,
                   " of operand ", operand);
  }
  return success();
}

//===--- gather ------------------------------------------------------------===//

// The spec text we implement predates batching dimensions
// (operand_batching_dims, start_indices_batching_dims); their checks cite the
// constraint whose formula they extend (docs/decisions.md, "gather").
static LogicalResult inferGatherType(const ErrorSink &error,
                                     RankedTensorType operand,
                                     RankedTensorType indices,
                                     GatherDimensionNumbersAttr dims,
                                     DenseI64ArrayAttr sliceSizesAttr,
                                     RankedTensorType &inferred) {
  if (!dims || !sliceSizesAttr)
    return error("needs dimension_numbers and slice_sizes");
  ArrayRef<int64_t> offsetDims = dims.getOffsetDims(),
                    collapsed = dims.getCollapsedSliceDims(),
                    operandBatching = dims.getOperandBatchingDims(),
                    indicesBatching = dims.getStartIndicesBatchingDims(),
                    startIndexMap = dims.getStartIndexMap(),
                    sliceSizes = sliceSizesAttr;
  int64_t indexVectorDim = dims.getIndexVectorDim();
  int64_t rank = operand.getRank(), indicesRank = indices.getRank();

  if (indexVectorDim < 0 || indexVectorDim > indicesRank) // C2
    return error("C2: index_vector_dim ", indexVectorDim, " must be in [0, ",
                 indicesRank, "] (the rank of start_indices ", indices, ")");
  if (!isUnique(indicesBatching) || !dimsBelow(indicesBatching, indicesRank) ||
      llvm::is_contained(indicesBatching, indexVectorDim)) // C2 (batching)
    return error("C2: start_indices_batching_dims ",
                 formatDims(indicesBatching), " must be unique, in [0, ",
                 indicesRank, ") and not index_vector_dim ", indexVectorDim);
  int64_t indexVectorSize = indexVectorDim < indicesRank
                                ? indices.getDimSize(indexVectorDim)
                                : 1;
  if (!ShapedType::isDynamic(indexVectorSize) &&
      static_cast<int64_t>(startIndexMap.size()) != indexVectorSize) // C3
    return error("C3: start_index_map ", formatDims(startIndexMap),
                 " must have ", indexVectorSize,
                 " entries (the size of the index vector of start_indices ",
                 indices, ")");
  if (!isUnique(offsetDims) || !llvm::is_sorted(offsetDims)) // C4
    return error("C4: offset_dims ", formatDims(offsetDims),
                 " must be unique and sorted");
  SmallVector<int64_t> collapsedAndBatching(collapsed);
  llvm::append_range(collapsedAndBatching, operandBatching);
  if (!llvm::is_sorted(collapsed) || !llvm::is_sorted(operandBatching) ||
      !isUnique(collapsedAndBatching)) // C6 (with batching dims)
    return error("C6: collapsed_slice_dims ", formatDims(collapsed),
                 " and operand_batching_dims ", formatDims(operandBatching),
                 " must each be sorted and together unique");
  if (!dimsBelow(collapsedAndBatching, rank)) // C7 (with batching dims)
    return error("C7: collapsed_slice_dims ", formatDims(collapsed),
                 " and operand_batching_dims ", formatDims(operandBatching),
                 " must be in [0, ", rank, ")");
  if (rank != static_cast<int64_t>(offsetDims.size() +
                                   collapsedAndBatching.size())) // C1
    return error("C1: rank of operand ", operand,
                 " must be size(offset_dims) + size(collapsed_slice_dims) + "
                 "size(operand_batching_dims) = ",
                 offsetDims.size(), " + ", collapsed.size(), " + ",
                 operandBatching.size());
  SmallVector<int64_t> mappedAndBatching(startIndexMap);
  llvm::append_range(mappedAndBatching, operandBatching);
  if (!isUnique(mappedAndBatching)) // C9 (with batching dims)
    return error("C9: start_index_map ", formatDims(startIndexMap),
                 " must be unique and disjoint from operand_batching_dims ",
                 formatDims(operandBatching));
  if (!dimsBelow(startIndexMap, rank)) // C10
    return error("C10: start_index_map ", formatDims(startIndexMap),
                 " must be in [0, ", rank, ")");
  if (static_cast<int64_t>(sliceSizes.size()) != rank) // C11
    return error("C11: slice_sizes ", formatDims(sliceSizes),
                 " must have one entry per operand dimension (rank ", rank,
                 ")");
  if (failed(checkSliceSizes(error, "C12", operand, sliceSizes))) // C12
    return failure();
  for (int64_t d : collapsedAndBatching)
    if (sliceSizes[d] > 1) // C8 (with batching dims)
      return error("C8: slice_sizes[", d, "] = ", sliceSizes[d],
                   " must be at most 1 (dimension ", d,
                   " is in collapsed_slice_dims or operand_batching_dims)");
  if (operandBatching.size() != indicesBatching.size()) // C13 (batching)
    return error("C13: operand_batching_dims ", formatDims(operandBatching),
                 " and start_indices_batching_dims ",
                 formatDims(indicesBatching), " must have the same size");
  for (auto [a, b] : llvm::zip(operandBatching, indicesBatching)) {
    int64_t x = operand.getDimSize(a), y = indices.getDimSize(b);
    if (!ShapedType::isDynamic(x) && !ShapedType::isDynamic(y) &&
        x != y) // C13 (batching)
      return error("C13: operand batching dimension ", a, " (size ", x,
                   ") must match start_indices dimension ", b, " (size ", y,
                   ")");
  }

  // C13: batch dimensions (start_indices without index_vector_dim) fill the
  // result axes not in offset_dims, in order; offset_dims get the slice sizes
  // of the dimensions neither collapsed nor batching.
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
  if (!dimsBelow(offsetDims, resultRank)) // C5
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
                                         std::optional<Location>,
                                         ValueRange operands,
                                         DictionaryAttr attributes,
                                         OpaqueProperties properties,
                                         RegionRange,
                                         SmallVectorImpl<Type> &inferred) {
  auto props = propertiesOf<GatherOp>(attributes, properties);
  if (operands.size() != 2)
    return failure();
  auto operand = cast<RankedTensorType>(operands[0].getType());
  auto indices = cast<RankedTensorType>(operands[1].getType());
  RankedTensorType type;
  if (failed(inferGatherType({}, operand, indices, props.dimension_numbers,
                             props.slice_sizes, type)))
    type = operand; // placeholder: the verifier reports the problem
  inferred.push_back(type);
  return success();
}

LogicalResult GatherOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto indices = cast<RankedTensorType>(getStartIndices().getType());
  auto result = cast<RankedTensorType>(getType());
  RankedTensorType expected;
  if (failed(inferGatherType({*this}, operand, indices,
                             getDimensionNumbersAttr(), getSliceSizesAttr(),
                             expected)))
    return failure();
  if (result.getElementType() != operand.getElementType()) // C14
    return emitOpError() << "C14: result element type must be the operand's, "
                            "got "
                         << operand.getElementType() << " and "
                         << result.getElementType();
  if (!isCompatibleShape(expected, result)) // C13
    return emitOpError() << "C13: result shape must combine the batch "
                            "dimensions of start_indices and the slice sizes "
                            "at offset_dims as in "
                         << expected << ", got " << result;
  return success();
}

//===--- dynamic_slice -----------------------------------------------------===//

// C2-C5. The result is static: its shape is slice_sizes.
static LogicalResult inferDynamicSliceType(const ErrorSink &error,
                                           RankedTensorType operand,
                                           TypeRange startTypes,
                                           DenseI64ArrayAttr sliceSizesAttr,
                                           RankedTensorType &inferred) {
  if (!sliceSizesAttr)
    return error("needs slice_sizes");
  ArrayRef<int64_t> sliceSizes = sliceSizesAttr;
  auto rank = static_cast<size_t>(operand.getRank());
  if (startTypes.size() != rank || sliceSizes.size() != rank) // C2
    return error("C2: needs one start index and one slice size per operand "
                 "dimension (rank ",
                 rank, "), got ", startTypes.size(), " start indices and "
                 "slice_sizes ",
                 formatDims(sliceSizes));
  for (Type type : startTypes)
    if (type != startTypes.front()) // C3
      return error("C3: start indices must have the same type, got ",
                   startTypes.front(), " and ", type);
  if (failed(checkSliceSizes(error, "C4", operand, sliceSizes))) // C4
    return failure();
  inferred = RankedTensorType::get(sliceSizes, operand.getElementType()); // C5
  return success();
}

LogicalResult DynamicSliceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto props = propertiesOf<DynamicSliceOp>(attributes, properties);
  if (operands.empty())
    return failure();
  auto operand = cast<RankedTensorType>(operands[0].getType());
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
  if (result.getElementType() != operand.getElementType()) // C1
    return emitOpError() << "C1: result element type must be the operand's, "
                            "got "
                         << operand.getElementType() << " and "
                         << result.getElementType();
  if (!isCompatibleShape(expected, result)) // C5
    return emitOpError() << "C5: result shape must be slice_sizes "
                         << formatDims(getSliceSizes()) << ", got " << result;
  return success();
}


//===--- Writes: scatter, dynamic_update_slice ----------------------------===//


} // namespace mlir::stablehlo
