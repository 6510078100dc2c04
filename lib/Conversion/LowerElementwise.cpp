// stablehlo-legalize-to-linalg, element-wise ops, constants, iota and map:
// a linalg.generic (or linalg.map) whose body is the op on scalars from the
// table of scalar semantics (ScalarOps.cpp).
#include "Conversion/LoweringCommon.h"

namespace mlir::stablehlo::linalg_lowering {
namespace {

using utils::IteratorType;

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
      } else if (type.getRank() == 0 && !isa<BitcastConvertOp>(op)) {
        // bitcast_convert keeps the shape (C1): a rank change of equal
        // widths, which upstream accepts, is refused, not broadcast.
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
    auto yield = [&](OpBuilder &b, Location l,
                     ValueRange args) -> FailureOr<SmallVector<Value>> {
      SmallVector<Value> scalars;
      for (auto [arg, element] : llvm::zip(args, operandElements))
        scalars.push_back(loadElement(b, l, arg, element));
      Value value = emitScalarOp(b, l, op, scalars, operandElements, resultElement);
      if (!value)
        return failure();
      return SmallVector<Value>{storeElement(b, l, value, resultElement)};
    };
    auto build = [&](BodyBuilder body) -> Operation * {
      if (primitive && allFull && !operands.empty())
        return linalg::MapOp::create(rewriter, loc, operands, init, body);
      return linalg::GenericOp::create(rewriter, loc, TypeRange{target},
                                       operands, ValueRange{init}, maps,
                                       parallel(rank), body);
    };
    return replaceByLinalg(rewriter, op, build, yield,
                           "element type not supported");
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
    // ui8 -> i8 and f8 -> i8 keep the bits; a sub-byte integer (or f4, f6:
    // first as its bits) becomes a byte holding its bits (true is 1, i4 -1
    // is 0x0F).
    if (isSubByte(element)) {
      if (isa<FloatType>(element))
        value = value.bitcast(computeType(element));
      value = value.mapValues(target.getElementType(),
                              [](const APInt &bits) { return bits.zext(8); });
    } else if (value.getElementType() != target.getElementType()) {
      value = value.bitcast(target.getElementType());
    }
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
    auto yield = [&](OpBuilder &b, Location l,
                     ValueRange) -> FailureOr<SmallVector<Value>> {
      Value index = linalg::IndexOp::create(b, l, dimension);
      Value wide = arith::IndexCastOp::create(b, l, i64, index);
      Value value = emitConvert(b, l, wide, i64, element);
      if (!value)
        return failure();
      return SmallVector<Value>{storeElement(b, l, value, element)};
    };
    auto build = [&](BodyBuilder body) -> Operation * {
      return linalg::GenericOp::create(
          rewriter, loc, TypeRange{target}, ValueRange{},
          ValueRange{emptyLike(rewriter, loc, target)},
          {rewriter.getMultiDimIdentityMap(target.getRank())},
          parallel(target.getRank()), body);
    };
    return replaceByLinalg(rewriter, op, build, yield,
                           "element type not supported");
  }
};


// An element's bits as an integer of its width (floats bitcast; integers
// and the small floats, held as their bits, are already), and back.
Value bitsOf(OpBuilder &b, Location loc, Value value) {
  auto floatType = dyn_cast<FloatType>(value.getType());
  if (!floatType)
    return value;
  return arith::BitcastOp::create(b, loc, b.getIntegerType(floatType.getWidth()),
                                  value);
}
Value elementOfBits(OpBuilder &b, Location loc, Value bits, Type computed) {
  return isa<FloatType>(computed) ? arith::BitcastOp::create(b, loc, computed, bits)
                                  : bits;
}

// bitcast_convert between element types of different widths (C1): a wider
// element splits into the result's last dimension, or the operand's last
// dimension joins into one element, least significant bits first (the
// interpreter's and XLA's order on a little-endian host).
struct BitcastConvertWidthsToLinalg : OpConversionPattern<BitcastConvertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BitcastConvertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType target = convertedTensor(*getTypeConverter(), op.getType());
    auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
    Type from = elementOf(op.getOperand()), to = op.getType().getElementType();
    if (!target || !target.hasStaticShape() || !operand.hasStaticShape() ||
        isa<ComplexType>(from) || isa<ComplexType>(to) ||
        !from.isIntOrFloat() || !to.isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "expected static real types");
    Type fromComputed = computeType(from), toComputed = computeType(to);
    if (!fromComputed || !toComputed || !fromComputed.isIntOrFloat() ||
        !toComputed.isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "element types");
    unsigned fromBits = from.getIntOrFloatBitWidth(),
             toBits = to.getIntOrFloatBitWidth();
    bool splits = fromBits > toBits;
    int64_t rank = target.getRank();
    // C1: the narrower side has one more dimension, of size wide / narrow.
    int64_t parts = splits ? fromBits / toBits : toBits / fromBits;
    if (fromBits == toBits || (splits ? fromBits % toBits : toBits % fromBits) ||
        (splits ? operand.getRank() + 1 != rank ||
                      target.getShape().back() != parts
                : rank + 1 != operand.getRank() ||
                      operand.getShape().back() != parts))
      return rewriter.notifyMatchFailure(op, "shapes");
    Location loc = op.getLoc();
    Value source = adaptor.getOperand();
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{target}, ValueRange{},
        ValueRange{emptyLike(rewriter, loc, target)},
        {rewriter.getMultiDimIdentityMap(rank)}, parallel(rank),
        [&](OpBuilder &b, Location l, ValueRange) {
          SmallVector<Value> at;
          for (int64_t d = 0; d < rank; ++d)
            at.push_back(linalg::IndexOp::create(b, l, d));
          Type wide = b.getIntegerType(splits ? fromBits : toBits);
          Value result;
          if (splits) {
            Value element = loadElement(
                b, l,
                tensor::ExtractOp::create(b, l, source,
                                          ArrayRef(at).drop_back()),
                from);
            Value part = arith::IndexCastOp::create(b, l, wide, at.back());
            Value shift = arith::MulIOp::create(
                b, l, part,
                arith::ConstantOp::create(b, l, b.getIntegerAttr(wide, toBits)));
            Value shifted =
                arith::ShRUIOp::create(b, l, bitsOf(b, l, element), shift);
            Value bits = arith::TruncIOp::create(b, l, b.getIntegerType(toBits),
                                                 shifted);
            result = elementOfBits(b, l, bits, toComputed);
          } else {
            Value joined = arith::ConstantOp::create(b, l, b.getIntegerAttr(wide, 0));
            SmallVector<Value> where(at);
            where.push_back(Value());
            for (int64_t k = 0; k < parts; ++k) {
              where.back() = arith::ConstantIndexOp::create(b, l, k);
              Value element = loadElement(
                  b, l, tensor::ExtractOp::create(b, l, source, where), from);
              Value bits = arith::ExtUIOp::create(b, l, wide, bitsOf(b, l, element));
              Value shifted = arith::ShLIOp::create(
                  b, l, bits,
                  arith::ConstantOp::create(b, l,
                                            b.getIntegerAttr(wide, k * fromBits)));
              joined = arith::OrIOp::create(b, l, joined, shifted);
            }
            result = elementOfBits(b, l, joined, toComputed);
          }
          linalg::YieldOp::create(b, l, storeElement(b, l, result, to));
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
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
    auto yield = [&](OpBuilder &b, Location l,
                     ValueRange args) -> FailureOr<SmallVector<Value>> {
      SmallVector<Value> scalars, results;
      for (auto [arg, element] : llvm::zip(args, elements))
        scalars.push_back(loadElement(b, l, arg, element));
      if (failed(emitScalarBody(b, l, op.getComputation().front(), scalars,
                                results)) ||
          results.size() != 1)
        return failure();
      return SmallVector<Value>{storeElement(b, l, results.front(), resultElement)};
    };
    auto build = [&](BodyBuilder body) -> Operation * {
      return linalg::GenericOp::create(
          rewriter, loc, TypeRange{target}, adaptor.getInputs(),
          ValueRange{emptyLike(rewriter, loc, target)}, maps, parallel(rank),
          body);
    };
    return replaceByLinalg(rewriter, op, build, yield, "body not supported");
  }
};

} // namespace

void populateElementwisePatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns, bool primitive) {
  addElementwise<AbsOp, AddOp, AndOp, Atan2Op, BitcastConvertOp, CbrtOp,
                 CeilOp, ClampOp, ClzOp, CompareOp, ComplexOp, ConvertOp,
                 CosineOp, DivOp, ExpOp, Expm1Op, FloorOp, ImagOp, IsFiniteOp,
                 Log1pOp, LogOp, LogisticOp, MaxOp, MinOp, MulOp, NegOp, NotOp,
                 OrOp, PopulationCountOp, PowOp, RealOp, ReducePrecisionOp,
                 RemOp, RoundNearestEvenOp, RoundOp, RsqrtOp, SelectOp,
                 ShiftLeftOp, ShiftRightArithmeticOp, ShiftRightLogicalOp,
                 SignOp, SineOp, SqrtOp, SubtractOp, TanOp, TanhOp, XorOp>(
      patterns, converter, primitive);
  patterns.add<ConstantToArith, IotaToLinalg, MapToLinalg,
               BitcastConvertWidthsToLinalg>(
      converter, patterns.getContext());
}

} // namespace mlir::stablehlo::linalg_lowering
