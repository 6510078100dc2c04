// stablehlo-legalize-to-linalg: stablehlo ops into MLIR's own dialects, on
// signless tensors. Element-wise ops become a linalg.generic (or linalg.map)
// whose body is the op on scalars, from the one table of scalar semantics
// (ScalarOps.cpp); data movement becomes tensor and linalg ops; dot_general
// and reduce become reductions in index order. docs/lowering.md lists what
// lowers; any other stablehlo op is an error naming it.
#include "Conversion/ScalarOps.h"
#include "Dialect/StablehloOps.h"
#include "Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::stablehlo {

#define GEN_PASS_DEF_STABLEHLOLEGALIZETOLINALGPASS
#include "Passes.h.inc"

namespace {

using utils::IteratorType;

// Integers narrower than a byte (i1, i2, i4 and their unsigned forms) are
// held one per byte, their bits in the low end, as numpy's bool and
// ml_dtypes' int4 hold them: MLIR lowers no sub-byte buffers to LLVM unless
// they are emulated packed.
bool isSubByte(Type element) {
  auto integer = dyn_cast<IntegerType>(element);
  return integer && integer.getWidth() < 8;
}

// The element type a tensor holds after the lowering: the signless type the
// element computes in (ui8 -> i8), a byte for sub-byte integers.
Type storageType(Type element) {
  return isSubByte(element) ? IntegerType::get(element.getContext(), 8)
                            : computeType(element);
}

// An element as stored (storageType) -> as computed (computeType), and back;
// `original` is the element type of the stablehlo value.
Value loadElement(OpBuilder &b, Location loc, Value stored, Type original) {
  if (!isSubByte(original))
    return stored;
  return arith::TruncIOp::create(b, loc, computeType(original), stored);
}
Value storeElement(OpBuilder &b, Location loc, Value computed, Type original) {
  if (!isSubByte(original))
    return computed;
  return arith::ExtUIOp::create(b, loc, b.getI8Type(), computed);
}

// Tensors of stored elements (storageType), without encodings: arith and
// linalg carry signedness in their ops, and the bounds of a bounded
// dimension mean nothing to them.
struct SignlessTypeConverter : TypeConverter {
  SignlessTypeConverter() {
    // stablehlo's tokens and tuples have no lowering yet: a function taking
    // them fails to convert (an error, not a buffer of them).
    addConversion([](Type type) -> std::optional<Type> {
      if (isa<TokenType, TupleType>(type))
        return Type();
      return type;
    });
    // Tensors of what a buffer can hold: integers, floats and complex
    // (quantized ones are not lowered yet, and bufferizing them would build
    // an invalid memref type).
    addConversion([](RankedTensorType type) -> std::optional<Type> {
      Type element = type.getElementType();
      if (!isa<IntegerType, FloatType, ComplexType, IndexType>(element))
        return Type();
      return RankedTensorType::get(type.getShape(), storageType(element));
    });
    auto cast = [](OpBuilder &builder, Type type, ValueRange inputs,
                   Location loc) -> Value {
      return UnrealizedConversionCastOp::create(builder, loc, type, inputs)
          .getResult(0);
    };
    addSourceMaterialization(cast);
    addTargetMaterialization(cast);
  }
};

Type elementOf(Value value) { return getElementTypeOrSelf(value.getType()); }

// The sizes of `type` for tensor.empty: its dynamic ones read off `like`
// (a value of the same shape).
SmallVector<Value> dynamicSizes(OpBuilder &b, Location loc,
                                RankedTensorType type, Value like) {
  SmallVector<Value> sizes;
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (type.isDynamicDim(i))
      sizes.push_back(tensor::DimOp::create(b, loc, like, i));
  return sizes;
}

Value emptyLike(OpBuilder &b, Location loc, RankedTensorType type,
                Value like = {}) {
  SmallVector<Value> sizes;
  if (like)
    sizes = dynamicSizes(b, loc, type, like);
  return tensor::EmptyOp::create(b, loc, type.getShape(),
                                 type.getElementType(), sizes);
}

RankedTensorType convertedTensor(const TypeConverter &converter, Type type) {
  return dyn_cast_or_null<RankedTensorType>(converter.convertType(type));
}

SmallVector<IteratorType> parallel(int64_t rank) {
  return SmallVector<IteratorType>(rank, IteratorType::parallel);
}

//===--- Element-wise ops ------------------------------------------------===//

// One pattern for every element-wise op: a linalg.generic over the result's
// index space (a rank-0 operand, select's predicate or clamp's bounds, is
// read at every index), its body the op on scalars.
struct ElementwiseToLinalg : ConversionPattern {
  ElementwiseToLinalg(const TypeConverter &converter, MLIRContext *context,
                      StringRef name, bool primitive)
      : ConversionPattern(converter, name, /*benefit=*/1, context),
        primitive(primitive) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getNumResults() != 1)
      return rewriter.notifyMatchFailure(op, "expected one result");
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    RankedTensorType target =
        resultType ? convertedTensor(*getTypeConverter(), resultType) : nullptr;
    if (!target)
      return rewriter.notifyMatchFailure(op, "expected a ranked tensor");
    int64_t rank = target.getRank();
    Location loc = op->getLoc();
    Value full;
    SmallVector<AffineMap> maps;
    SmallVector<Type> operandElements;
    bool allFull = true;
    for (auto [original, converted] : llvm::zip(op->getOperands(), operands)) {
      auto type = dyn_cast<RankedTensorType>(converted.getType());
      if (!type)
        return rewriter.notifyMatchFailure(op, "expected ranked operands");
      operandElements.push_back(elementOf(original));
      if (type.getRank() == rank) {
        full = full ? full : converted;
        maps.push_back(rewriter.getMultiDimIdentityMap(rank));
      } else if (type.getRank() == 0) {
        allFull = false;
        maps.push_back(AffineMap::get(rank, 0, {}, getContext()));
      } else {
        return rewriter.notifyMatchFailure(op, "operand of another rank");
      }
    }
    if (!full && !target.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "no operand gives the shape");
    maps.push_back(rewriter.getMultiDimIdentityMap(rank));
    Type resultElement = resultType.getElementType();
    Value init = emptyLike(rewriter, loc, target, full);
    bool unsupported = false;
    auto body = [&](OpBuilder &b, Location l, ValueRange args) {
      SmallVector<Value> scalars;
      for (auto [arg, element] : llvm::zip(args, operandElements))
        scalars.push_back(loadElement(b, l, arg, element));
      Value value = emitScalarOp(b, l, op, scalars, operandElements, resultElement);
      unsupported = !value;
      linalg::YieldOp::create(
          b, l, value ? storeElement(b, l, value, resultElement) : args.back());
    };
    Operation *lowered;
    if (primitive && allFull && !operands.empty())
      lowered = linalg::MapOp::create(rewriter, loc, operands, init, body);
    else
      lowered = linalg::GenericOp::create(rewriter, loc, TypeRange{target},
                                          operands, ValueRange{init}, maps,
                                          parallel(rank), body);
    if (unsupported) {
      rewriter.eraseOp(lowered);
      return rewriter.notifyMatchFailure(op, "element type not supported");
    }
    rewriter.replaceOp(op, lowered->getResults());
    return success();
  }

  bool primitive;
};

// The element-wise ops (ElementwiseOps.td) the table of scalar semantics
// takes; iota and constant have patterns of their own.
template <typename... Ops>
void addElementwise(RewritePatternSet &patterns,
                    const TypeConverter &converter, bool primitive) {
  (patterns.add<ElementwiseToLinalg>(converter, patterns.getContext(),
                                     Ops::getOperationName(), primitive),
   ...);
}

//===--- Constants and generators ----------------------------------------===//

struct ConstantToArith : OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    Type element = op.getType().getElementType();
    // Quantized constants hold their storage integers: not lowered yet.
    if (!value || !target || value.getElementType() != element ||
        !isa<IntegerType, FloatType, ComplexType>(element))
      return rewriter.notifyMatchFailure(op, "expected dense elements");
    // ui8 -> i8 keeps the bits; a sub-byte integer becomes a byte holding
    // its bits (true is 1, i4 -1 is 0x0F).
    if (isSubByte(element))
      value = value.mapValues(target.getElementType(),
                              [](const APInt &bits) { return bits.zext(8); });
    else if (value.getElementType() != target.getElementType())
      value = value.bitcast(target.getElementType());
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, target, value);
    return success();
  }
};

// iota: each element its index along the dimension, converted as
// stablehlo.convert converts an i64.
struct IotaToLinalg : OpConversionPattern<IotaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(IotaOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    int64_t dimension = op.getIotaDimension();
    if (!target || !target.hasStaticShape() || dimension < 0 ||
        dimension >= target.getRank())
      return rewriter.notifyMatchFailure(op, "expected a static iota");
    Location loc = op.getLoc();
    Type i64 = rewriter.getI64Type();
    Type element = op.getType().getElementType();
    bool unsupported = false;
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{target}, ValueRange{},
        ValueRange{emptyLike(rewriter, loc, target)},
        {rewriter.getMultiDimIdentityMap(target.getRank())},
        parallel(target.getRank()),
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value index = linalg::IndexOp::create(b, l, dimension);
          Value wide = arith::IndexCastOp::create(b, l, i64, index);
          Value value = emitConvert(b, l, wide, i64, element);
          unsupported = !value;
          linalg::YieldOp::create(
              b, l, value ? storeElement(b, l, value, element) : args.front());
        });
    if (unsupported) {
      rewriter.eraseOp(generic);
      return rewriter.notifyMatchFailure(op, "element type not supported");
    }
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

//===--- Data movement ---------------------------------------------------===//

// A tensor of type `target` whose element at each index i is `input`'s
// element at reads(i): the data movement ops that only index differently.
Value readAt(OpBuilder &b, Location loc, Value input, RankedTensorType target,
             ArrayRef<AffineExpr> reads) {
  int64_t rank = target.getRank();
  MLIRContext *context = b.getContext();
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{target}, ValueRange{input},
      ValueRange{emptyLike(b, loc, target)},
      {AffineMap::get(rank, 0, reads, context), b.getMultiDimIdentityMap(rank)},
      parallel(rank), [](OpBuilder &nested, Location l, ValueRange args) {
        linalg::YieldOp::create(nested, l, args.front());
      });
  return generic.getResult(0);
}

// broadcast_in_dim: the operand's dimension i is the result's dimension
// dims[i]; an operand dimension of size 1 under a larger one is read at 0.
struct BroadcastInDimToLinalg : OpConversionPattern<BroadcastInDimOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BroadcastInDimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
    ArrayRef<int64_t> dims = op.getBroadcastDimensions();
    if (!target || !target.hasStaticShape() || !operand.hasStaticShape() ||
        dims.size() != size_t(operand.getRank()))
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    SmallVector<AffineExpr> reads;
    for (auto [i, dim] : llvm::enumerate(dims)) {
      if (dim < 0 || dim >= target.getRank())
        return rewriter.notifyMatchFailure(op, "dimension out of range");
      bool expands = operand.getDimSize(i) == 1 && target.getDimSize(dim) != 1;
      reads.push_back(expands ? rewriter.getAffineConstantExpr(0)
                              : rewriter.getAffineDimExpr(dim));
    }
    rewriter.replaceOp(op, readAt(rewriter, op.getLoc(), adaptor.getOperand(),
                                  target, reads));
    return success();
  }
};

// broadcast (the legacy form): the operand's dimensions are the result's
// last ones.
struct BroadcastToLinalg : OpConversionPattern<BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
    if (!target || !target.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected a static result");
    int64_t rank = target.getRank(), added = rank - operand.getRank();
    SmallVector<AffineExpr> reads;
    for (int64_t i = 0; i < operand.getRank(); ++i)
      reads.push_back(rewriter.getAffineDimExpr(added + i));
    rewriter.replaceOp(op, readAt(rewriter, op.getLoc(), adaptor.getOperand(),
                                  target, reads));
    return success();
  }
};

// get_dimension_size of a static dimension: its size.
struct GetDimensionSizeToArith : OpConversionPattern<GetDimensionSizeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GetDimensionSizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
    int64_t dimension = op.getDimension();
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    if (!target || dimension >= operand.getRank() ||
        operand.isDynamicDim(dimension))
      return rewriter.notifyMatchFailure(op, "expected a static dimension");
    auto size = DenseElementsAttr::get(
        target, APInt(32, operand.getDimSize(dimension)));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, target, size);
    return success();
  }
};

// optimization_barrier: its operands (the compiled code keeps no order to
// protect).
struct OptimizationBarrierToValues : OpConversionPattern<OptimizationBarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OptimizationBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getOperands());
    return success();
  }
};

struct TransposeToLinalg : OpConversionPattern<TransposeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    if (!target || !target.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected a static result");
    Location loc = op.getLoc();
    auto transpose = linalg::TransposeOp::create(
        rewriter, loc, adaptor.getOperand(), emptyLike(rewriter, loc, target),
        op.getPermutation());
    rewriter.replaceOp(op, transpose->getResults());
    return success();
  }
};

// reshape keeps the elements in row-major order: tensor.reshape to the
// result's static shape.
struct ReshapeToTensor : OpConversionPattern<ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
    if (!target || !target.hasStaticShape() || !operand.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    auto shapeType =
        RankedTensorType::get({target.getRank()}, rewriter.getIndexType());
    SmallVector<APInt> sizes;
    for (int64_t size : target.getShape())
      sizes.push_back(APInt(64, size));
    Value shape = arith::ConstantOp::create(
        rewriter, op.getLoc(), DenseElementsAttr::get(shapeType, sizes));
    rewriter.replaceOpWithNewOp<tensor::ReshapeOp>(op, target,
                                                   adaptor.getOperand(), shape);
    return success();
  }
};

struct SliceToTensor : OpConversionPattern<SliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    if (!target || !target.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected a static result");
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, target, adaptor.getOperand(),
        getAsIndexOpFoldResult(getContext(), op.getStartIndices()),
        getAsIndexOpFoldResult(getContext(), target.getShape()),
        getAsIndexOpFoldResult(getContext(), op.getStrides()));
    return success();
  }
};

// concatenate: each operand inserted at its offset along the dimension.
struct ConcatenateToTensor : OpConversionPattern<ConcatenateOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConcatenateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    int64_t dimension = op.getDimension();
    if (!target || !target.hasStaticShape() || dimension >= target.getRank())
      return rewriter.notifyMatchFailure(op, "expected a static result");
    Location loc = op.getLoc();
    Value result = emptyLike(rewriter, loc, target);
    SmallVector<int64_t> offsets(target.getRank(), 0);
    SmallVector<int64_t> strides(target.getRank(), 1);
    for (Value operand : adaptor.getOperands()) {
      auto type = cast<RankedTensorType>(operand.getType());
      if (!type.hasStaticShape())
        return rewriter.notifyMatchFailure(op, "expected static operands");
      result = tensor::InsertSliceOp::create(
          rewriter, loc, operand, result,
          getAsIndexOpFoldResult(getContext(), offsets),
          getAsIndexOpFoldResult(getContext(), type.getShape()),
          getAsIndexOpFoldResult(getContext(), strides));
      offsets[dimension] += type.getDimSize(dimension);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

// reverse: the result's index i along a reversed dimension of size n reads
// the operand at n - 1 - i.
struct ReverseToLinalg : OpConversionPattern<ReverseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReverseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    if (!target || !target.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected a static result");
    int64_t rank = target.getRank();
    SmallVector<AffineExpr> reads;
    for (int64_t i = 0; i < rank; ++i) {
      AffineExpr index = rewriter.getAffineDimExpr(i);
      reads.push_back(llvm::is_contained(op.getDimensions(), i)
                          ? target.getDimSize(i) - 1 - index
                          : index);
    }
    rewriter.replaceOp(op, readAt(rewriter, op.getLoc(), adaptor.getOperand(),
                                  target, reads));
    return success();
  }
};

// A window attribute's values, ones when it is absent or empty (as the
// interpreter reads []).
SmallVector<int64_t> orOnes(std::optional<ArrayRef<int64_t>> values,
                            int64_t count) {
  if (values && !values->empty())
    return SmallVector<int64_t>(*values);
  return SmallVector<int64_t>(count, 1);
}

// `input` (static) padded with the scalar `value`: low and high edges
// (negative ones crop) and `interior` elements between neighbours. The
// padding value fills a tensor, the input goes in every interior + 1
// elements after the low edge, a negative edge then crops.
Value padded(OpBuilder &b, Location loc, Value input, Value value,
             ArrayRef<int64_t> low, ArrayRef<int64_t> high,
             ArrayRef<int64_t> interior) {
  auto isZero = [](int64_t size) { return size == 0; };
  if (llvm::all_of(low, isZero) && llvm::all_of(high, isZero) &&
      llvm::all_of(interior, isZero))
    return input;
  auto operand = cast<RankedTensorType>(input.getType());
  int64_t rank = operand.getRank();
  MLIRContext *context = b.getContext();
  SmallVector<int64_t> grown, offsets, strides, crop, shape;
  bool crops = false;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t size = operand.getDimSize(i);
    int64_t spread = size == 0 ? 0 : (size - 1) * (interior[i] + 1) + 1;
    grown.push_back(std::max<int64_t>(low[i], 0) + spread +
                    std::max<int64_t>(high[i], 0));
    shape.push_back(low[i] + spread + high[i]);
    offsets.push_back(std::max<int64_t>(low[i], 0));
    strides.push_back(interior[i] + 1);
    crop.push_back(-std::min<int64_t>(low[i], 0));
    crops |= low[i] < 0 || high[i] < 0;
  }
  Value result = linalg::FillOp::create(b, loc, value,
                                        emptyLike(b, loc, operand.clone(grown)))
                     .getResult(0);
  if (operand.getNumElements() > 0)
    result = tensor::InsertSliceOp::create(
        b, loc, input, result, getAsIndexOpFoldResult(context, offsets),
        getAsIndexOpFoldResult(context, operand.getShape()),
        getAsIndexOpFoldResult(context, strides));
  if (crops)
    result = tensor::ExtractSliceOp::create(
        b, loc, operand.clone(shape), result,
        getAsIndexOpFoldResult(context, crop),
        getAsIndexOpFoldResult(context, shape),
        getAsIndexOpFoldResult(context, SmallVector<int64_t>(rank, 1)));
  return result;
}

struct PadToTensor : OpConversionPattern<PadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
    if (!target || !target.hasStaticShape() || !operand.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    Value value = tensor::ExtractOp::create(rewriter, op.getLoc(),
                                            adaptor.getPaddingValue(), ValueRange{});
    rewriter.replaceOp(op, padded(rewriter, op.getLoc(), adaptor.getOperand(), value,
                                  op.getEdgePaddingLow(), op.getEdgePaddingHigh(),
                                  op.getInteriorPadding()));
    return success();
  }
};

Value clampedIndex(OpBuilder &b, Location loc, Value stored, Type original,
                   int64_t extent, int64_t size);

// The start of a slice of `size` elements in a dimension of `extent`, read
// from a rank-0 tensor of integer element type `original` and clamped into
// [0, extent - size] as dynamic_slice and dynamic_update_slice clamp it.
Value clampedStart(OpBuilder &b, Location loc, Value startTensor, Type original,
                   int64_t extent, int64_t size) {
  Value stored = tensor::ExtractOp::create(b, loc, startTensor, ValueRange{});
  return clampedIndex(b, loc, stored, original, extent, size);
}

// A start index (a stored scalar of integer type `original`) clamped into
// [0, extent - size], as an index.
Value clampedIndex(OpBuilder &b, Location loc, Value stored, Type original,
                   int64_t extent, int64_t size) {
  Value start = loadElement(b, loc, stored, original);
  Type i64 = b.getI64Type();
  bool isUnsigned = original.isUnsignedInteger();
  if (start.getType() != i64)
    start = isUnsigned ? Value(arith::ExtUIOp::create(b, loc, i64, start))
                       : Value(arith::ExtSIOp::create(b, loc, i64, start));
  Value last = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(extent - size));
  Value clamped;
  if (isUnsigned) {
    clamped = arith::MinUIOp::create(b, loc, start, last);
  } else {
    Value zero = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(0));
    Value below = arith::MinSIOp::create(b, loc, start, last);
    clamped = arith::MaxSIOp::create(b, loc, below, zero);
  }
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), clamped);
}

SmallVector<OpFoldResult> clampedStarts(OpBuilder &b, Location loc,
                                        ValueRange converted, ValueRange original,
                                        RankedTensorType operand,
                                        ArrayRef<int64_t> sizes) {
  SmallVector<OpFoldResult> starts;
  for (auto [i, start] : llvm::enumerate(converted))
    starts.push_back(clampedStart(b, loc, start, elementOf(original[i]),
                                  operand.getDimSize(i), sizes[i]));
  return starts;
}

struct DynamicSliceToTensor : OpConversionPattern<DynamicSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DynamicSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
    if (!target || !target.hasStaticShape() || !operand.hasStaticShape() ||
        adaptor.getStartIndices().size() != size_t(operand.getRank()))
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    SmallVector<OpFoldResult> starts =
        clampedStarts(rewriter, op.getLoc(), adaptor.getStartIndices(),
                      op.getStartIndices(), operand, target.getShape());
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, target, adaptor.getOperand(), starts,
        getAsIndexOpFoldResult(getContext(), target.getShape()),
        getAsIndexOpFoldResult(getContext(),
                               SmallVector<int64_t>(target.getRank(), 1)));
    return success();
  }
};

struct DynamicUpdateSliceToTensor : OpConversionPattern<DynamicUpdateSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DynamicUpdateSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
    auto update = cast<RankedTensorType>(adaptor.getUpdate().getType());
    if (!operand.hasStaticShape() || !update.hasStaticShape() ||
        adaptor.getStartIndices().size() != size_t(operand.getRank()))
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    SmallVector<OpFoldResult> starts =
        clampedStarts(rewriter, op.getLoc(), adaptor.getStartIndices(),
                      op.getStartIndices(), operand, update.getShape());
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, adaptor.getUpdate(), adaptor.getOperand(), starts,
        getAsIndexOpFoldResult(getContext(), update.getShape()),
        getAsIndexOpFoldResult(getContext(),
                               SmallVector<int64_t>(operand.getRank(), 1)));
    return success();
  }
};

// gather: a linalg.generic over the result whose body reads the start
// indices and the operand with tensor.extract. For a result index, its batch
// dimensions pick a row of start indices (index_vector_dim holding the
// vector), each start is clamped into [0, size - slice size], and the
// offset dimensions add to the operand dimensions that are neither collapsed
// nor batching; a batching dimension reads the result's matching batch index.
struct GatherToLinalg : OpConversionPattern<GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
    auto indices = cast<RankedTensorType>(adaptor.getStartIndices().getType());
    auto numbers = op.getDimensionNumbers();
    ArrayRef<int64_t> offsetDims = numbers.getOffsetDims(),
                      collapsed = numbers.getCollapsedSliceDims(),
                      operandBatching = numbers.getOperandBatchingDims(),
                      indicesBatching = numbers.getStartIndicesBatchingDims(),
                      startIndexMap = numbers.getStartIndexMap(),
                      sliceSizes = op.getSliceSizes();
    int64_t indexVectorDim = numbers.getIndexVectorDim();
    if (!target || !target.hasStaticShape() || !operand.hasStaticShape() ||
        !indices.hasStaticShape() ||
        sliceSizes.size() != size_t(operand.getRank()) ||
        operandBatching.size() != indicesBatching.size())
      return rewriter.notifyMatchFailure(op, "expected static shapes");
    int64_t rank = target.getRank();
    SmallVector<int64_t> batchDims;
    for (int64_t d = 0; d < rank; ++d)
      if (!llvm::is_contained(offsetDims, d))
        batchDims.push_back(d);
    // The start indices' dimensions other than index_vector_dim, in order,
    // are the result's batch dimensions.
    SmallVector<int64_t> indicesDims;
    for (int64_t j = 0; j < indices.getRank(); ++j)
      if (j != indexVectorDim)
        indicesDims.push_back(j);
    int64_t sliced = 0;
    for (int64_t d = 0; d < operand.getRank(); ++d)
      sliced += !llvm::is_contained(collapsed, d) &&
                !llvm::is_contained(operandBatching, d);
    if (indicesDims.size() != batchDims.size() ||
        sliced != int64_t(offsetDims.size()))
      return rewriter.notifyMatchFailure(op, "dimension numbers");
    Type indexElement = elementOf(op.getStartIndices());
    Value startIndices = adaptor.getStartIndices(), source = adaptor.getOperand();
    Location loc = op.getLoc();
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{target}, ValueRange{},
        ValueRange{emptyLike(rewriter, loc, target)},
        {rewriter.getMultiDimIdentityMap(rank)}, parallel(rank),
        [&](OpBuilder &b, Location l, ValueRange) {
          SmallVector<Value> at(rank);
          for (int64_t d = 0; d < rank; ++d)
            at[d] = linalg::IndexOp::create(b, l, d);
          auto batchIndex = [&](int64_t indicesDim) {
            return at[batchDims[llvm::find(indicesDims, indicesDim) - indicesDims.begin()]];
          };
          Value zero = arith::ConstantIndexOp::create(b, l, 0);
          SmallVector<Value> start(operand.getRank(), zero);
          for (auto [k, d] : llvm::enumerate(startIndexMap)) {
            SmallVector<Value> where;
            for (int64_t j = 0; j < indices.getRank(); ++j)
              where.push_back(j == indexVectorDim
                                  ? Value(arith::ConstantIndexOp::create(b, l, k))
                                  : batchIndex(j));
            Value stored = tensor::ExtractOp::create(b, l, startIndices, where);
            start[d] = clampedIndex(b, l, stored, indexElement,
                                    operand.getDimSize(d), sliceSizes[d]);
          }
          for (auto [operandDim, indicesDim] :
               llvm::zip(operandBatching, indicesBatching))
            start[operandDim] = batchIndex(indicesDim);
          SmallVector<Value> position;
          int64_t next = 0;
          for (int64_t d = 0; d < operand.getRank(); ++d) {
            if (llvm::is_contained(collapsed, d) ||
                llvm::is_contained(operandBatching, d)) {
              position.push_back(start[d]);
              continue;
            }
            Value offset = at[offsetDims[next++]];
            position.push_back(arith::AddIOp::create(b, l, start[d], offset));
          }
          Value element = tensor::ExtractOp::create(b, l, source, position);
          linalg::YieldOp::create(b, l, element);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

//===--- Control flow ----------------------------------------------------===//

// A rank-0 i1 tensor (stored as a byte) as an i1 scalar.
Value predicateOf(OpBuilder &b, Location loc, Value stored) {
  Value byte = tensor::ExtractOp::create(b, loc, stored, ValueRange{});
  return loadElement(b, loc, byte, b.getI1Type());
}

LogicalResult convertedTypes(const TypeConverter &converter, TypeRange types,
                             SmallVectorImpl<Type> &converted) {
  return converter.convertTypes(types, converted);
}

// while -> scf.while: the condition region becomes the before region (its
// return an scf.condition), the body the after region (its return an
// scf.yield); ReturnToScf converts the returns.
struct WhileToScf : OpConversionPattern<WhileOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WhileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(convertedTypes(*getTypeConverter(), op.getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "result types");
    auto loop = scf::WhileOp::create(rewriter, op.getLoc(), types,
                                     adaptor.getOperands());
    rewriter.inlineRegionBefore(op.getCond(), loop.getBefore(),
                                loop.getBefore().end());
    rewriter.inlineRegionBefore(op.getBody(), loop.getAfter(),
                                loop.getAfter().end());
    if (failed(rewriter.convertRegionTypes(&loop.getBefore(), *getTypeConverter())) ||
        failed(rewriter.convertRegionTypes(&loop.getAfter(), *getTypeConverter())))
      return rewriter.notifyMatchFailure(op, "region types");
    rewriter.replaceOp(op, loop.getResults());
    return success();
  }
};

// if -> scf.if on the predicate's value.
struct IfToScf : OpConversionPattern<IfOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(IfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(convertedTypes(*getTypeConverter(), op.getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "result types");
    Location loc = op.getLoc();
    auto branch = scf::IfOp::create(rewriter, loc, types,
                                    predicateOf(rewriter, loc, adaptor.getPred()),
                                    /*withElseRegion=*/true);
    rewriter.eraseBlock(&branch.getThenRegion().front());
    rewriter.eraseBlock(&branch.getElseRegion().front());
    rewriter.inlineRegionBefore(op.getTrueBranch(), branch.getThenRegion(),
                                branch.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getFalseBranch(), branch.getElseRegion(),
                                branch.getElseRegion().end());
    rewriter.replaceOp(op, branch.getResults());
    return success();
  }
};

// case -> scf.index_switch: branch i for index i < n - 1, the last branch
// for any other index (case's semantics: out of range runs the last).
struct CaseToScf : OpConversionPattern<CaseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CaseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    auto branches = op.getBranches();
    if (branches.empty() ||
        failed(convertedTypes(*getTypeConverter(), op.getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "result types");
    Location loc = op.getLoc();
    Value index = tensor::ExtractOp::create(rewriter, loc, adaptor.getIndex(),
                                            ValueRange{});
    Value selector = arith::IndexCastOp::create(rewriter, loc,
                                                rewriter.getIndexType(), index);
    SmallVector<int64_t> cases;
    for (int64_t i = 0; i + 1 < int64_t(branches.size()); ++i)
      cases.push_back(i);
    auto switchOp = scf::IndexSwitchOp::create(rewriter, loc, types, selector,
                                               cases, cases.size());
    for (auto [i, region] : llvm::enumerate(switchOp.getCaseRegions()))
      rewriter.inlineRegionBefore(branches[i], region, region.end());
    rewriter.inlineRegionBefore(branches.back(), switchOp.getDefaultRegion(),
                                switchOp.getDefaultRegion().end());
    rewriter.replaceOp(op, switchOp.getResults());
    return success();
  }
};

// The returns of the regions moved into scf ops: scf.condition in a while's
// condition, scf.yield elsewhere.
struct ReturnToScf : OpConversionPattern<ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *parent = op->getParentOp();
    if (auto loop = dyn_cast<scf::WhileOp>(parent);
        loop && op->getParentRegion() == &loop.getBefore()) {
      if (adaptor.getOperands().size() != 1)
        return rewriter.notifyMatchFailure(op, "expected one predicate");
      Block *block = op->getBlock();
      Value predicate = predicateOf(rewriter, op.getLoc(), adaptor.getOperands()[0]);
      rewriter.replaceOpWithNewOp<scf::ConditionOp>(op, predicate,
                                                    block->getArguments());
      return success();
    }
    if (!isa<scf::WhileOp, scf::IfOp, scf::IndexSwitchOp>(parent))
      return rewriter.notifyMatchFailure(op, "not in a region moved to scf");
    rewriter.replaceOpWithNewOp<scf::YieldOp>(op, adaptor.getOperands());
    return success();
  }
};

//===--- Reductions ------------------------------------------------------===//

// The zero of a signless element type, for accumulators.
Value zeroOf(OpBuilder &b, Location loc, Type element) {
  if (auto complex = dyn_cast<ComplexType>(element)) {
    auto part = cast<FloatType>(complex.getElementType());
    Attribute zero = b.getFloatAttr(part, 0.0);
    return complex::ConstantOp::create(b, loc, complex,
                                       b.getArrayAttr({zero, zero}));
  }
  return arith::ConstantOp::create(b, loc, cast<TypedAttr>(b.getZeroAttr(element)));
}

// sum + lhs * rhs in a signless element type (i1: or/and).
Value multiplyAdd(OpBuilder &b, Location loc, Value lhs, Value rhs, Value sum) {
  Type type = lhs.getType();
  if (type.isInteger(1))
    return arith::OrIOp::create(b, loc, sum, arith::AndIOp::create(b, loc, lhs, rhs));
  if (isa<IntegerType>(type))
    return arith::AddIOp::create(b, loc, sum, arith::MulIOp::create(b, loc, lhs, rhs));
  if (isa<FloatType>(type))
    return arith::AddFOp::create(b, loc, sum, arith::MulFOp::create(b, loc, lhs, rhs));
  // Complex: the textbook product, each step rounded, as the interpreter's
  // complex_product (complex.mul's lowering recovers infinities instead).
  Value lr = complex::ReOp::create(b, loc, lhs);
  Value li = complex::ImOp::create(b, loc, lhs);
  Value rr = complex::ReOp::create(b, loc, rhs);
  Value ri = complex::ImOp::create(b, loc, rhs);
  Value rrProduct = arith::MulFOp::create(b, loc, lr, rr);
  Value iiProduct = arith::MulFOp::create(b, loc, li, ri);
  Value riProduct = arith::MulFOp::create(b, loc, lr, ri);
  Value irProduct = arith::MulFOp::create(b, loc, li, rr);
  Value re = arith::SubFOp::create(b, loc, rrProduct, iiProduct);
  Value im = arith::AddFOp::create(b, loc, riProduct, irProduct);
  Value product = complex::CreateOp::create(b, loc, lhs.getType(), re, im);
  return complex::AddOp::create(b, loc, sum, product);
}

// sum(lhs[map0] * rhs[map1]) over the reduction loops, into a tensor of
// `target` (the last map indexes it; operands after the first two only give
// loops their bounds). Products of `element` type (converted to the result's
// first), summed in index order; floats narrower than f32 accumulate in f32
// and round once, as the interpreter and XLA do.
Value sumOfProducts(OpBuilder &b, Location loc, Type element,
                    RankedTensorType target, ValueRange inputs,
                    ArrayRef<AffineMap> maps, ArrayRef<IteratorType> iterators) {
  int64_t resultRank = target.getRank();
  Type computed = computeType(element);
  auto narrow = dyn_cast<FloatType>(computed);
  Type accumulator = narrow && narrow.getWidth() < 32
                         ? Type(b.getF32Type()) : computed;
  Type stored = accumulator == computed ? target.getElementType() : accumulator;
  auto accumulatorType = target.clone(stored);
  Value zero = zeroOf(b, loc, stored);
  Value init = linalg::FillOp::create(b, loc, zero,
                                      emptyLike(b, loc, accumulatorType))
                   .getResult(0);
  auto widen = [&](OpBuilder &nested, Location l, Value v) -> Value {
    return v.getType() == accumulator
               ? v : arith::ExtFOp::create(nested, l, accumulator, v);
  };
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{accumulatorType}, inputs, ValueRange{init}, maps,
      iterators, [&](OpBuilder &nested, Location l, ValueRange args) {
        auto load = [&](Value v) {
          return widen(nested, l, loadElement(nested, l, v, element));
        };
        // One statement each: the IR's order does not depend on the compiler's.
        Value lhs = load(args[0]);
        Value rhs = load(args[1]);
        Value sum = multiplyAdd(nested, l, lhs, rhs, load(args.back()));
        linalg::YieldOp::create(nested, l, storeElement(nested, l, sum, element));
      });
  Value result = generic.getResult(0);
  if (accumulator == computed)
    return result;
  return linalg::GenericOp::create(
             b, loc, TypeRange{target}, ValueRange{result},
             ValueRange{emptyLike(b, loc, target)},
             {b.getMultiDimIdentityMap(resultRank),
              b.getMultiDimIdentityMap(resultRank)},
             parallel(resultRank),
             [&](OpBuilder &nested, Location l, ValueRange args) {
               linalg::YieldOp::create(
                   nested, l,
                   ValueRange{arith::TruncFOp::create(nested, l, computed, args[0])});
             })
      .getResult(0);
}

// A contraction: dot_general's operands (converted) and dimension numbers.
struct Contraction {
  Operation *op;
  Value lhs, rhs;
  ArrayRef<int64_t> lhsBatch, rhsBatch, lhsContracting, rhsContracting;
};

// One sum of products over the result's dimensions (batch, lhs free, rhs
// free) and the contracting ones, operands of the result's element type.
LogicalResult lowerContraction(const Contraction &dot,
                               const TypeConverter &converter,
                               ConversionPatternRewriter &rewriter) {
  Operation *op = dot.op;
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  RankedTensorType target = convertedTensor(converter, resultType);
  Value lhs = dot.lhs, rhs = dot.rhs;
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  Type element = resultType.getElementType();
  if (!target || !target.hasStaticShape() || !lhsType.hasStaticShape() ||
      !rhsType.hasStaticShape() || elementOf(op->getOperand(0)) != element ||
      elementOf(op->getOperand(1)) != element ||
      !isa<IntegerType, FloatType, ComplexType>(element))
    return rewriter.notifyMatchFailure(op, "expected static operands of the "
                                           "result's element type");
  ArrayRef<int64_t> lhsBatch = dot.lhsBatch, rhsBatch = dot.rhsBatch,
                    lhsContracting = dot.lhsContracting,
                    rhsContracting = dot.rhsContracting;
  MLIRContext *context = rewriter.getContext();
  int64_t resultRank = target.getRank();
  int64_t loops = resultRank + lhsContracting.size();
  // Loop d(k) for batch k, d(resultRank + j) for contracting pair j, the
  // free dimensions in order after the batch ones.
  auto operandMap = [&](int64_t rank, ArrayRef<int64_t> batch,
                        ArrayRef<int64_t> contracting, int64_t freeStart) {
    SmallVector<AffineExpr> exprs;
    int64_t next = freeStart;
    for (int64_t i = 0; i < rank; ++i) {
      const int64_t *b = llvm::find(batch, i), *c = llvm::find(contracting, i);
      if (b != batch.end())
        exprs.push_back(rewriter.getAffineDimExpr(b - batch.begin()));
      else if (c != contracting.end())
        exprs.push_back(
            rewriter.getAffineDimExpr(resultRank + (c - contracting.begin())));
      else
        exprs.push_back(rewriter.getAffineDimExpr(next++));
    }
    return std::make_pair(AffineMap::get(loops, 0, exprs, context), next);
  };
  auto [lhsMap, lhsEnd] = operandMap(lhsType.getRank(), lhsBatch,
                                     lhsContracting, lhsBatch.size());
  auto [rhsMap, rhsEnd] =
      operandMap(rhsType.getRank(), rhsBatch, rhsContracting, lhsEnd);
  if (rhsEnd != resultRank)
    return rewriter.notifyMatchFailure(op, "dimensions do not add up");
  SmallVector<AffineExpr> outputs;
  for (int64_t i = 0; i < resultRank; ++i)
    outputs.push_back(rewriter.getAffineDimExpr(i));
  SmallVector<IteratorType> iterators = parallel(resultRank);
  iterators.append(lhsContracting.size(), IteratorType::reduction);

  rewriter.replaceOp(
      op, sumOfProducts(rewriter, op->getLoc(), element, target, {lhs, rhs},
                        {lhsMap, rhsMap, AffineMap::get(loops, 0, outputs, context)},
                        iterators));
  return success();
}

struct DotGeneralToLinalg : OpConversionPattern<DotGeneralOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DotGeneralOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto numbers = op.getDotDimensionNumbers();
    return lowerContraction(
        {op, adaptor.getLhs(), adaptor.getRhs(),
         numbers.getLhsBatchingDimensions(), numbers.getRhsBatchingDimensions(),
         numbers.getLhsContractingDimensions(),
         numbers.getRhsContractingDimensions()},
        *getTypeConverter(), rewriter);
  }
};

// dot (the legacy form): the lhs's last dimension against the rhs's first.
struct DotToLinalg : OpConversionPattern<DotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto lhsType = cast<RankedTensorType>(adaptor.getLhs().getType());
    int64_t last = lhsType.getRank() - 1;
    int64_t first = 0;
    return lowerContraction({op, adaptor.getLhs(), adaptor.getRhs(), {}, {},
                             ArrayRef<int64_t>(last), ArrayRef<int64_t>(first)},
                            *getTypeConverter(), rewriter);
  }
};

// convolution (batch_group_count 1): the lhs padded with zeros (lhs dilation
// as interior padding), then one sum of products over the output's
// dimensions, the kernel's spatial ones and the input features of a group:
// lhs[b, group(f) * Cg + c, p * stride + k * rhs_dilation] times
// rhs[c, f, k] (k reversed where window_reversal says). A kernel-shaped
// operand gives the reduction loops their bounds.
struct ConvolutionToLinalg : OpConversionPattern<ConvolutionOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConvolutionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    auto lhsType = cast<RankedTensorType>(adaptor.getLhs().getType());
    auto rhsType = cast<RankedTensorType>(adaptor.getRhs().getType());
    Type element = op.getType().getElementType();
    if (!target || !target.hasStaticShape() || !lhsType.hasStaticShape() ||
        !rhsType.hasStaticShape() || elementOf(op.getLhs()) != element ||
        elementOf(op.getRhs()) != element || op.getBatchGroupCount() != 1 ||
        !isa<IntegerType, FloatType, ComplexType>(element))
      return rewriter.notifyMatchFailure(op, "expected static operands of the "
                                             "result's element type, one batch group");
    auto numbers = op.getDimensionNumbers();
    ArrayRef<int64_t> inSpatial = numbers.getInputSpatialDimensions(),
                      kernelSpatial = numbers.getKernelSpatialDimensions(),
                      outSpatial = numbers.getOutputSpatialDimensions();
    int64_t spatial = inSpatial.size(), rank = target.getRank();
    SmallVector<int64_t> strides = orOnes(op.getWindowStrides(), spatial),
                         lhsDilation = orOnes(op.getLhsDilation(), spatial),
                         rhsDilation = orOnes(op.getRhsDilation(), spatial);
    SmallVector<bool> reversal(spatial, false);
    if (auto reversed = op.getWindowReversal(); reversed && !reversed->empty())
      reversal.assign(reversed->begin(), reversed->end());
    if (strides.size() != size_t(spatial) || lhsDilation.size() != size_t(spatial) ||
        rhsDilation.size() != size_t(spatial) || reversal.size() != size_t(spatial) ||
        kernelSpatial.size() != size_t(spatial) || outSpatial.size() != size_t(spatial))
      return rewriter.notifyMatchFailure(op, "window attributes");
    SmallVector<int64_t> low(lhsType.getRank(), 0), high(lhsType.getRank(), 0),
        interior(lhsType.getRank(), 0);
    if (auto padding = op.getPadding(); padding && padding->getNumElements() != 0) {
      if (padding->getNumElements() != 2 * spatial)
        return rewriter.notifyMatchFailure(op, "padding");
      auto values = llvm::to_vector(padding->getValues<int64_t>());
      for (int64_t i = 0; i < spatial; ++i) {
        low[inSpatial[i]] = values[2 * i];
        high[inSpatial[i]] = values[2 * i + 1];
      }
    }
    for (int64_t i = 0; i < spatial; ++i)
      interior[inSpatial[i]] = lhsDilation[i] - 1;
    int64_t groups = op.getFeatureGroupCount();
    int64_t groupInputs = rhsType.getDimSize(numbers.getKernelInputFeatureDimension());
    int64_t outFeatures = target.getDimSize(numbers.getOutputFeatureDimension());
    if (groups < 1 || outFeatures % groups != 0)
      return rewriter.notifyMatchFailure(op, "groups");
    int64_t groupOutputs = outFeatures / groups;
    Location loc = op.getLoc();
    Value zero = zeroOf(rewriter, loc, storageType(element));
    Value lhs = padded(rewriter, loc, adaptor.getLhs(), zero, low, high, interior);
    // Loops: d(0..rank) the output, then the kernel's spatial dimensions and
    // the input feature within the group in the lhs's order of its dimensions
    // (the innermost loop reads the lhs's innermost dimension). Float sums may
    // round otherwise than the interpreter's, whose order is its matmul's.
    int64_t loops = rank + spatial + 1;
    auto dim = [&](int64_t i) { return rewriter.getAffineDimExpr(i); };
    SmallVector<int64_t> reductionLoop(spatial + 1); // spatial i, then feature
    int64_t next = rank;
    for (int64_t d = 0; d < lhsType.getRank(); ++d) {
      if (d == numbers.getInputFeatureDimension())
        reductionLoop[spatial] = next++;
      for (int64_t i = 0; i < spatial; ++i)
        if (inSpatial[i] == d)
          reductionLoop[i] = next++;
    }
    if (next != loops)
      return rewriter.notifyMatchFailure(op, "dimension numbers");
    AffineExpr batch = dim(numbers.getOutputBatchDimension());
    AffineExpr feature = dim(numbers.getOutputFeatureDimension());
    AffineExpr input = dim(reductionLoop[spatial]);
    SmallVector<AffineExpr> lhsReads(lhsType.getRank()), rhsReads(rhsType.getRank()),
        bounds;
    lhsReads[numbers.getInputBatchDimension()] = batch;
    lhsReads[numbers.getInputFeatureDimension()] =
        feature.floorDiv(groupOutputs) * groupInputs + input;
    rhsReads[numbers.getKernelInputFeatureDimension()] = input;
    rhsReads[numbers.getKernelOutputFeatureDimension()] = feature;
    SmallVector<int64_t> kernelShape(spatial + 1);
    bounds.resize(spatial + 1);
    for (int64_t i = 0; i < spatial; ++i) {
      AffineExpr k = dim(reductionLoop[i]);
      int64_t size = rhsType.getDimSize(kernelSpatial[i]);
      lhsReads[inSpatial[i]] = dim(outSpatial[i]) * strides[i] + k * rhsDilation[i];
      rhsReads[kernelSpatial[i]] = reversal[i] ? size - 1 - k : k;
      bounds[reductionLoop[i] - rank] = k;
      kernelShape[reductionLoop[i] - rank] = size;
    }
    bounds[reductionLoop[spatial] - rank] = input;
    kernelShape[reductionLoop[spatial] - rank] = groupInputs;
    Value window = tensor::EmptyOp::create(rewriter, loc, kernelShape,
                                           rewriter.getI8Type());
    SmallVector<AffineExpr> outputs;
    for (int64_t i = 0; i < rank; ++i)
      outputs.push_back(dim(i));
    SmallVector<IteratorType> iterators = parallel(rank);
    iterators.append(spatial + 1, IteratorType::reduction);
    MLIRContext *context = getContext();
    rewriter.replaceOp(
        op, sumOfProducts(rewriter, loc, element, target,
                          {lhs, adaptor.getRhs(), window},
                          {AffineMap::get(loops, 0, lhsReads, context),
                           AffineMap::get(loops, 0, rhsReads, context),
                           AffineMap::get(loops, 0, bounds, context),
                           AffineMap::get(loops, 0, outputs, context)},
                          iterators));
    return success();
  }
};

// The body of a reduce as scalar code: each element-wise op of the body on
// scalars (ScalarOps.cpp), its rank-0 constants as arith constants. Null
// when the body holds anything else.
LogicalResult emitScalarBody(OpBuilder &b, Location loc, Block &body,
                             ValueRange arguments,
                             SmallVectorImpl<Value> &results) {
  IRMapping mapping;
  mapping.map(body.getArguments(), arguments);
  for (Operation &inner : body) {
    if (isa<ReturnOp>(inner)) {
      for (Value value : inner.getOperands())
        results.push_back(mapping.lookup(value));
      return success();
    }
    if (inner.getNumResults() != 1 || inner.getNumRegions() != 0)
      return failure();
    auto type = dyn_cast<RankedTensorType>(inner.getResult(0).getType());
    if (!type || type.getRank() != 0)
      return failure();
    Value scalar;
    if (auto constant = dyn_cast<ConstantOp>(inner)) {
      auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
      Type element = computeType(type.getElementType());
      if (!value || !isa<IntegerType, FloatType>(element))
        return failure();
      if (value.getElementType() != element)
        value = value.bitcast(element);
      scalar = arith::ConstantOp::create(
          b, loc, cast<TypedAttr>(value.getSplatValue<Attribute>()));
    } else {
      SmallVector<Value> operands;
      SmallVector<Type> elements;
      for (Value operand : inner.getOperands()) {
        if (!mapping.contains(operand))
          return failure(); // a value from outside the body
        operands.push_back(mapping.lookup(operand));
        elements.push_back(elementOf(operand));
      }
      scalar = emitScalarOp(b, loc, &inner, operands, elements,
                            type.getElementType());
    }
    if (!scalar)
      return failure();
    mapping.map(inner.getResult(0), scalar);
  }
  return failure();
}

// The yield of a reduction's linalg.generic: `body` (a reduce's or
// reduce_window's) on scalars, as body(accumulators..., elements...), from
// the stored elements and accumulators of `elements` and `accumulated` types.
// On failure it yields the accumulators unchanged (the caller erases it).
LogicalResult yieldReduction(OpBuilder &b, Location loc, Block &body,
                             ValueRange elementArgs, ValueRange accumulatorArgs,
                             ArrayRef<Type> elements, ArrayRef<Type> accumulated) {
  size_t count = accumulatorArgs.size();
  SmallVector<Value> arguments, results;
  for (size_t i = 0; i < count; ++i)
    arguments.push_back(loadElement(b, loc, accumulatorArgs[i], accumulated[i]));
  for (size_t i = 0; i < count; ++i)
    arguments.push_back(loadElement(b, loc, elementArgs[i], elements[i]));
  if (failed(emitScalarBody(b, loc, body, arguments, results)) ||
      results.size() != count) {
    linalg::YieldOp::create(b, loc, accumulatorArgs);
    return failure();
  }
  for (size_t i = 0; i < count; ++i)
    results[i] = storeElement(b, loc, results[i], accumulated[i]);
  linalg::YieldOp::create(b, loc, results);
  return success();
}

// The init values of a reduction, each filling a tensor of its result's
// type; false when a result type is not static.
bool filledInits(OpBuilder &b, Location loc, const TypeConverter &converter,
                 ValueRange inits, ResultRange results,
                 SmallVectorImpl<Value> &outputs, SmallVectorImpl<Type> &types) {
  for (auto [result, init] : llvm::zip(results, inits)) {
    RankedTensorType type = convertedTensor(converter, result.getType());
    if (!type || !type.hasStaticShape())
      return false;
    Value scalar = tensor::ExtractOp::create(b, loc, init, ValueRange{});
    outputs.push_back(
        linalg::FillOp::create(b, loc, scalar, emptyLike(b, loc, type)).getResult(0));
    types.push_back(type);
  }
  return true;
}

// Replaces `op` (a reduce or reduce_window) by a linalg.generic over
// `operands` (its inputs first; any after them only give loops their
// bounds) into `outputs` (the filled inits), yielding `body` on scalars.
LogicalResult replaceByReduction(ConversionPatternRewriter &rewriter,
                                 Operation *op, Block &body, ValueRange inputs,
                                 ValueRange operands, ValueRange outputs,
                                 TypeRange resultTypes, ArrayRef<AffineMap> maps,
                                 ArrayRef<IteratorType> iterators) {
  size_t count = inputs.size(), extra = operands.size() - count;
  SmallVector<Type> elements, accumulated;
  for (Value input : inputs)
    elements.push_back(elementOf(input));
  for (Value result : op->getResults())
    accumulated.push_back(elementOf(result));
  bool unsupported = false;
  auto generic = linalg::GenericOp::create(
      rewriter, op->getLoc(), resultTypes, operands, outputs, maps, iterators,
      [&](OpBuilder &b, Location l, ValueRange args) {
        unsupported = failed(yieldReduction(b, l, body, args.take_front(count),
                                            args.drop_front(count + extra),
                                            elements, accumulated));
      });
  if (unsupported) {
    rewriter.eraseOp(generic);
    return rewriter.notifyMatchFailure(op, "body not supported");
  }
  rewriter.replaceOp(op, generic.getResults());
  return success();
}

// reduce: a linalg.generic whose outputs start as the init values and whose
// body is the reduce's body on scalars, applied in index order:
// body(accumulators..., elements...).
struct ReduceToLinalg : OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange inputs = adaptor.getInputs(), inits = adaptor.getInitValues();
    size_t count = inputs.size();
    auto inputType = cast<RankedTensorType>(inputs.front().getType());
    if (!inputType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "expected static inputs");
    int64_t rank = inputType.getRank();
    ArrayRef<int64_t> dims = op.getDimensions();
    SmallVector<AffineExpr> kept;
    SmallVector<IteratorType> iterators;
    for (int64_t i = 0; i < rank; ++i) {
      bool reduced = llvm::is_contained(dims, i);
      iterators.push_back(reduced ? IteratorType::reduction
                                  : IteratorType::parallel);
      if (!reduced)
        kept.push_back(rewriter.getAffineDimExpr(i));
    }
    Location loc = op.getLoc();
    SmallVector<Value> outputs;
    SmallVector<Type> resultTypes;
    if (!filledInits(rewriter, loc, *getTypeConverter(), inits, op.getResults(),
                     outputs, resultTypes))
      return rewriter.notifyMatchFailure(op, "expected static results");
    SmallVector<AffineMap> maps(count, rewriter.getMultiDimIdentityMap(rank));
    maps.append(count, AffineMap::get(rank, 0, kept, getContext()));
    return replaceByReduction(rewriter, op, op.getBody().front(), op.getInputs(),
                              inputs, outputs, resultTypes, maps, iterators);
  }
};

// reduce_window: each input padded with its init value (base dilation as
// interior padding), then one linalg.generic over the result's dimensions
// and the window's, reading input[i * stride + w * window_dilation]; a
// window-shaped operand gives the window loops their bounds.
struct ReduceWindowToLinalg : OpConversionPattern<ReduceWindowOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceWindowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange inputs = adaptor.getInputs(), inits = adaptor.getInitValues();
    size_t count = inputs.size();
    auto inputType = cast<RankedTensorType>(inputs.front().getType());
    int64_t rank = inputType.getRank();
    ArrayRef<int64_t> window = op.getWindowDimensions();
    if (!inputType.hasStaticShape() || window.size() != size_t(rank))
      return rewriter.notifyMatchFailure(op, "expected static inputs");
    SmallVector<int64_t> strides = orOnes(op.getWindowStrides(), rank),
                         dilations = orOnes(op.getWindowDilations(), rank),
                         base = orOnes(op.getBaseDilations(), rank);
    if (strides.size() != size_t(rank) || dilations.size() != size_t(rank) ||
        base.size() != size_t(rank))
      return rewriter.notifyMatchFailure(op, "window attributes");
    SmallVector<int64_t> low(rank, 0), high(rank, 0), interior;
    if (auto padding = op.getPadding(); padding && padding->getNumElements() != 0) {
      if (padding->getNumElements() != 2 * rank)
        return rewriter.notifyMatchFailure(op, "padding");
      auto values = llvm::to_vector(padding->getValues<int64_t>());
      for (int64_t i = 0; i < rank; ++i) {
        low[i] = values[2 * i];
        high[i] = values[2 * i + 1];
      }
    }
    for (int64_t dilation : base)
      interior.push_back(dilation - 1);
    Location loc = op.getLoc();
    SmallVector<Value> operands;
    for (auto [input, init] : llvm::zip(inputs, inits)) {
      Value value = tensor::ExtractOp::create(rewriter, loc, init, ValueRange{});
      operands.push_back(padded(rewriter, loc, input, value, low, high, interior));
    }
    operands.push_back(tensor::EmptyOp::create(rewriter, loc, window,
                                               rewriter.getI8Type()));
    SmallVector<Value> outputs;
    SmallVector<Type> resultTypes;
    if (!filledInits(rewriter, loc, *getTypeConverter(), inits, op.getResults(),
                     outputs, resultTypes))
      return rewriter.notifyMatchFailure(op, "expected static results");
    // Loops d(0..rank) over the result, d(rank..2 rank) over the window.
    SmallVector<AffineExpr> reads, windowIndex, resultIndex;
    for (int64_t i = 0; i < rank; ++i) {
      AffineExpr position = rewriter.getAffineDimExpr(i);
      AffineExpr offset = rewriter.getAffineDimExpr(rank + i);
      reads.push_back(position * strides[i] + offset * dilations[i]);
      windowIndex.push_back(offset);
      resultIndex.push_back(position);
    }
    SmallVector<AffineMap> maps(count, AffineMap::get(2 * rank, 0, reads, getContext()));
    maps.push_back(AffineMap::get(2 * rank, 0, windowIndex, getContext()));
    maps.append(count, AffineMap::get(2 * rank, 0, resultIndex, getContext()));
    SmallVector<IteratorType> iterators = parallel(rank);
    iterators.append(rank, IteratorType::reduction);
    return replaceByReduction(rewriter, op, op.getBody().front(), op.getInputs(),
                              operands, outputs, resultTypes, maps, iterators);
  }
};

// map: its body on scalars at every index of the inputs.
struct MapToLinalg : OpConversionPattern<MapOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MapOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    if (!target || !target.hasStaticShape() || adaptor.getInputs().empty())
      return rewriter.notifyMatchFailure(op, "expected a static result");
    int64_t rank = target.getRank();
    SmallVector<Type> elements;
    for (Value input : op.getInputs())
      elements.push_back(elementOf(input));
    Type resultElement = op.getType().getElementType();
    Location loc = op.getLoc();
    SmallVector<AffineMap> maps(adaptor.getInputs().size() + 1,
                                rewriter.getMultiDimIdentityMap(rank));
    bool unsupported = false;
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{target}, adaptor.getInputs(),
        ValueRange{emptyLike(rewriter, loc, target)}, maps, parallel(rank),
        [&](OpBuilder &b, Location l, ValueRange args) {
          SmallVector<Value> scalars, results;
          for (auto [arg, element] : llvm::zip(args, elements))
            scalars.push_back(loadElement(b, l, arg, element));
          unsupported = failed(emitScalarBody(b, l, op.getComputation().front(),
                                              scalars, results)) ||
                        results.size() != 1;
          linalg::YieldOp::create(
              b, l, unsupported ? args.back()
                                : storeElement(b, l, results.front(), resultElement));
        });
    if (unsupported) {
      rewriter.eraseOp(generic);
      return rewriter.notifyMatchFailure(op, "body not supported");
    }
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

struct LegalizeToLinalg
    : impl::StablehloLegalizeToLinalgPassBase<LegalizeToLinalg> {
  using StablehloLegalizeToLinalgPassBase::StablehloLegalizeToLinalgPassBase;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    SignlessTypeConverter converter;
    RewritePatternSet patterns(context);
    addElementwise<AbsOp, AddOp, AndOp, Atan2Op, BitcastConvertOp, CbrtOp,
                   CeilOp, ClampOp, ClzOp, CompareOp, ComplexOp, ConvertOp,
                   CosineOp, DivOp, ExpOp, Expm1Op, FloorOp, ImagOp,
                   IsFiniteOp, Log1pOp, LogOp, LogisticOp, MaxOp, MinOp, MulOp,
                   NegOp, NotOp, OrOp, PopulationCountOp, PowOp, RealOp,
                   ReducePrecisionOp, RemOp, RoundNearestEvenOp, RoundOp,
                   RsqrtOp, SelectOp, ShiftLeftOp, ShiftRightArithmeticOp,
                   ShiftRightLogicalOp, SignOp, SineOp, SqrtOp, SubtractOp,
                   TanOp, TanhOp, XorOp>(patterns, converter,
                                         enablePrimitiveOps);
    patterns.add<ConstantToArith, IotaToLinalg, BroadcastInDimToLinalg,
                 TransposeToLinalg, ReshapeToTensor, SliceToTensor,
                 ConcatenateToTensor, ReverseToLinalg, PadToTensor,
                 BroadcastToLinalg, GetDimensionSizeToArith,
                 OptimizationBarrierToValues, MapToLinalg, DotToLinalg,
                 DynamicSliceToTensor, DynamicUpdateSliceToTensor,
                 DotGeneralToLinalg, ReduceToLinalg, WhileToScf, IfToScf,
                 CaseToScf, ReturnToScf, ReduceWindowToLinalg,
                 ConvolutionToLinalg, GatherToLinalg>(converter, context);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    populateCallOpTypeConversionPattern(patterns, converter);

    ConversionTarget target(*context);
    target.addIllegalDialect<StablehloDialect>();
    target.addLegalDialect<arith::ArithDialect, complex::ComplexDialect,
                           linalg::LinalgDialect, math::MathDialect,
                           scf::SCFDialect, tensor::TensorDialect>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace mlir::stablehlo
