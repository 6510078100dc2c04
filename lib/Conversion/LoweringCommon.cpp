// What the patterns of stablehlo-legalize-to-linalg share (LoweringCommon.h).
#include "Conversion/LoweringCommon.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::stablehlo::linalg_lowering {

using utils::IteratorType;

bool isSubByte(Type element) {
  if (auto integer = dyn_cast<IntegerType>(element))
    return integer.getWidth() < 8;
  // f4 and f6, held as their bits (computeType), one per byte as ml_dtypes
  return isSmallFloat(element) && element.getIntOrFloatBitWidth() < 8;
}

Type storageType(Type element) {
  return isSubByte(element) ? IntegerType::get(element.getContext(), 8)
                            : computeType(element);
}

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

SignlessTypeConverter::SignlessTypeConverter() {
    addConversion([](Type type) -> std::optional<Type> { return type; });
    // A tuple is only a name for its elements: it becomes their converted
    // types in order, nested tuples flattened (a 1:N conversion: a function,
    // call, if or case passing a tuple passes its elements). A tuple holding
    // an element that does not convert does not convert.
    addConversion([this](TupleType type, SmallVectorImpl<Type> &results)
                      -> std::optional<LogicalResult> {
      for (Type element : type.getTypes())
        if (failed(convertType(element, results)))
          return failure();
      return success();
    });
    // A token carries no data, it only orders side effects (which the ops on
    // tokens keep by staying calls in program order): a placeholder byte,
    // tokenPlaceholder's type.
    addConversion([](TokenType type) -> std::optional<Type> {
      return RankedTensorType::get({}, IntegerType::get(type.getContext(), 8));
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

// How many values `type` becomes (a tuple: its elements, flattened).
size_t convertedCount(const TypeConverter &converter, Type type) {
  SmallVector<Type> converted;
  (void)converter.convertType(type, converted);
  return converted.size();
}

// Replaces `op` by `values`, the converted values of its results in order
// (each tuple result by as many values as it has elements).
void replaceByFlat(ConversionPatternRewriter &rewriter,
                   const TypeConverter &converter, Operation *op,
                   ValueRange values) {
  SmallVector<SmallVector<Value>> groups;
  for (Type type : op->getResultTypes()) {
    size_t count = convertedCount(converter, type);
    groups.emplace_back(values.take_front(count));
    values = values.drop_front(count);
  }
  rewriter.replaceOpWithMultiple(op, std::move(groups));
}

SmallVector<Value> flattened(ArrayRef<ValueRange> operands) {
  SmallVector<Value> values;
  for (ValueRange range : operands)
    llvm::append_range(values, range);
  return values;
}

Value tokenPlaceholder(OpBuilder &b, Location loc) {
  auto type = RankedTensorType::get({}, b.getI8Type());
  return arith::ConstantOp::create(b, loc, cast<TypedAttr>(b.getZeroAttr(type)));
}

Type elementOf(Value value) { return getElementTypeOrSelf(value.getType()); }

SmallVector<Value> dynamicSizes(OpBuilder &b, Location loc,
                                RankedTensorType type, Value like) {
  SmallVector<Value> sizes;
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (type.isDynamicDim(i))
      sizes.push_back(tensor::DimOp::create(b, loc, like, i));
  return sizes;
}

Value emptyLike(OpBuilder &b, Location loc, RankedTensorType type,
                Value like) {
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

SmallVector<Value> buildRows(OpBuilder &b, Location loc, ArrayRef<Value> lower,
                             ArrayRef<Value> upper, ArrayRef<Value> steps,
                             ValueRange inits, RowsBody body) {
  if (lower.empty()) {
    scf::ValueVector results = body(b, loc, {}, inits, nullptr);
    return SmallVector<Value>(results.begin(), results.end());
  }
  // the bounds as values (not folded to attributes)
  auto folds = [](ArrayRef<Value> values) {
    return SmallVector<OpFoldResult>(values.begin(), values.end());
  };
  auto forall = scf::ForallOp::create(b, loc, folds(lower), folds(upper),
                                      folds(steps), inits, std::nullopt);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(forall.getTerminator());
    body(b, loc, forall.getInductionVars(), forall.getRegionIterArgs(), forall);
  }
  return SmallVector<Value>(forall.getResults().begin(),
                            forall.getResults().end());
}

scf::ValueVector insertRowSlices(OpBuilder &b, Location loc,
                                 scf::ForallOp forall, ValueRange values,
                                 ValueRange results,
                                 ArrayRef<OpFoldResult> offsets,
                                 ArrayRef<OpFoldResult> sizes,
                                 ArrayRef<OpFoldResult> strides) {
  scf::ValueVector inserted;
  if (forall) { // each row its own slice of the results
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(forall.getTerminator().getBody());
    for (auto [value, result] : llvm::zip(values, results))
      tensor::ParallelInsertSliceOp::create(b, loc, value, result, offsets,
                                            sizes, strides);
    return inserted;
  }
  for (auto [value, result] : llvm::zip(values, results))
    inserted.push_back(tensor::InsertSliceOp::create(b, loc, value, result,
                                                     offsets, sizes, strides)
                           .getResult());
  return inserted;
}


namespace {
// Groups of consecutive dimensions of `longer` whose sizes multiply to each
// of `shorter`'s sizes (unit dimensions joining a neighbour's group), or
// nothing when the reshape is not one merge or split of neighbours.
std::optional<SmallVector<ReassociationIndices>>
neighbourGroups(ArrayRef<int64_t> longer, ArrayRef<int64_t> shorter) {
  SmallVector<ReassociationIndices> groups;
  size_t next = 0;
  for (int64_t size : shorter) {
    ReassociationIndices group;
    int64_t product = 1;
    while (group.empty() || product < size) {
      if (next == longer.size())
        return std::nullopt;
      product *= longer[next];
      group.push_back(next++);
    }
    if (product != size)
      return std::nullopt;
    groups.push_back(group);
  }
  for (; next < longer.size(); ++next) { // trailing unit dimensions
    if (longer[next] != 1 || groups.empty())
      return std::nullopt;
    groups.back().push_back(next);
  }
  return groups;
}
} // namespace

Value reshapedTo(OpBuilder &b, Location loc, Value value,
                 ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(value.getType());
  auto target = RankedTensorType::get(shape, type.getElementType());
  if (type == target)
    return value;
  int64_t rank = type.getRank(), targetRank = target.getRank();
  if (targetRank == 0) // one element: no groups
    return tensor::CollapseShapeOp::create(b, loc, target, value,
                                           ArrayRef<ReassociationIndices>{});
  if (rank == 0)
    return tensor::ExpandShapeOp::create(b, loc, target, value,
                                         ArrayRef<ReassociationIndices>{});
  bool empty = type.getNumElements() == 0;
  if (rank > targetRank && !empty)
    if (auto groups = neighbourGroups(type.getShape(), shape))
      return tensor::CollapseShapeOp::create(b, loc, target, value, *groups);
  if (rank < targetRank && !empty)
    if (auto groups = neighbourGroups(shape, type.getShape()))
      return tensor::ExpandShapeOp::create(b, loc, target, value, *groups);
  // Any other reshape goes through one dimension, which every static shape
  // collapses to and expands from.
  if (rank > 1) {
    auto flat = RankedTensorType::get({type.getNumElements()},
                                      type.getElementType());
    ReassociationIndices all = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    value = tensor::CollapseShapeOp::create(
        b, loc, flat, value, ArrayRef<ReassociationIndices>{all});
  }
  if (targetRank == 1)
    return value;
  ReassociationIndices all = llvm::to_vector(llvm::seq<int64_t>(0, targetRank));
  return tensor::ExpandShapeOp::create(b, loc, target, value,
                                       ArrayRef<ReassociationIndices>{all});
}

// A window attribute's values, ones when it is absent or empty (as the
// interpreter reads []).
SmallVector<int64_t> orOnes(std::optional<ArrayRef<int64_t>> values,
                            int64_t count) {
  if (values && !values->empty())
    return SmallVector<int64_t>(*values);
  return SmallVector<int64_t>(count, 1);
}

Value padded(OpBuilder &b, Location loc, Value input, Value value,
             ArrayRef<int64_t> low, ArrayRef<int64_t> high,
             ArrayRef<int64_t> interior) {
  // The padding value fills a tensor, the input goes in every interior + 1
  // elements after the low edge, a negative edge then crops.
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

Value clampedStart(OpBuilder &b, Location loc, Value startTensor, Type original,
                   int64_t extent, int64_t size) {
  Value stored = tensor::ExtractOp::create(b, loc, startTensor, ValueRange{});
  return clampedIndex(b, loc, stored, original, extent, size);
}

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

Value zeroOf(OpBuilder &b, Location loc, Type element) {
  if (auto complex = dyn_cast<ComplexType>(element)) {
    auto part = cast<FloatType>(complex.getElementType());
    Attribute zero = b.getFloatAttr(part, 0.0);
    return complex::ConstantOp::create(b, loc, complex,
                                       b.getArrayAttr({zero, zero}));
  }
  return arith::ConstantOp::create(b, loc, cast<TypedAttr>(b.getZeroAttr(element)));
}


// The body of a reduce as scalar code: each element-wise op of the body on
// scalars (ScalarOps.cpp), its rank-0 constants as arith constants. Null
// when the body holds anything else.
bool convertLowers(MLIRContext *context, Location loc, Type from, Type to) {
  if (from == to)
    return true;
  Block scratch;
  OpBuilder b(context);
  b.setInsertionPointToEnd(&scratch);
  Value value = scratch.addArgument(computeType(from), loc);
  return bool(emitConvert(b, loc, value, from, to));
}

LogicalResult emitScalarBody(OpBuilder &b, Location loc, Block &body,
                             ValueRange arguments,
                             SmallVectorImpl<Value> &results) {
  IRMapping mapping;
  mapping.map(body.getArguments(), arguments);
  for (Operation &inner : body) {
    if (isa<ReturnOp>(inner)) {
      for (Value value : inner.getOperands()) {
        if (!mapping.contains(value))
          return failure(); // a value from outside the body
        results.push_back(mapping.lookup(value));
      }
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

LogicalResult replaceByLinalg(ConversionPatternRewriter &rewriter,
                              Operation *op,
                              function_ref<Operation *(BodyBuilder)> build,
                              ScalarYield yield, StringRef why) {
  bool unsupported = false;
  Operation *lowered = build([&](OpBuilder &b, Location loc, ValueRange args) {
    FailureOr<SmallVector<Value>> values = yield(b, loc, args);
    unsupported = failed(values);
    // The block gets its terminator either way; an unsupported op is erased
    // before anything verifies it.
    linalg::YieldOp::create(b, loc, unsupported ? ValueRange{} : ValueRange(*values));
  });
  if (unsupported) {
    rewriter.eraseOp(lowered);
    return rewriter.notifyMatchFailure(op, why);
  }
  rewriter.replaceOp(op, lowered->getResults());
  return success();
}

MemRefType anyLayout(RankedTensorType tensor) {
  SmallVector<int64_t> strides(tensor.getRank(), ShapedType::kDynamic);
  auto layout = StridedLayoutAttr::get(tensor.getContext(),
                                       ShapedType::kDynamic, strides);
  return MemRefType::get(tensor.getShape(), tensor.getElementType(), layout);
}

func::FuncOp declareFunction(OpBuilder &b, ModuleOp module, StringRef name,
                             FunctionType type, bool cInterface) {
  if (Operation *existing = SymbolTable::lookupSymbolIn(module, name)) {
    auto function = dyn_cast<func::FuncOp>(existing);
    return function && function.getFunctionType() == type ? function : nullptr;
  }
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto function = func::FuncOp::create(b, module.getLoc(), name, type);
  function.setPrivate();
  if (cInterface)
    function->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  return function;
}

func::FuncOp nativeKernel(OpBuilder &b, ModuleOp module, StringRef base,
                          Type element, ArrayRef<Type> arguments,
                          ArrayRef<Type> results, bool cInterface) {
  std::string name =
      (base + (element.isF16() ? "_f16" : element.isF32() ? "_f32" : "_f64")).str();
  return declareFunction(b, module, name, b.getFunctionType(arguments, results),
                         cInterface);
}

SmallVector<Value> callOnBuffers(OpBuilder &b, Location loc,
                                 func::FuncOp callee, ValueRange operands,
                                 ArrayRef<RankedTensorType> results,
                                 ValueRange scalars) {
  ArrayRef<Type> arguments = callee.getFunctionType().getInputs();
  SmallVector<Value> buffers, allocated;
  for (auto [operand, type] : llvm::zip(operands, arguments)) {
    Value buffer = bufferization::ToBufferOp::create(
        b, loc, anyLayout(cast<RankedTensorType>(operand.getType())), operand,
        b.getUnitAttr());
    if (buffer.getType() != type)
      buffer = memref::CastOp::create(b, loc, type, buffer);
    buffers.push_back(buffer);
  }
  for (auto [result, type] :
       llvm::zip(results, arguments.drop_front(operands.size()))) {
    auto identity = MemRefType::get(result.getShape(), result.getElementType());
    Value buffer = memref::AllocOp::create(b, loc, identity);
    allocated.push_back(buffer);
    buffers.push_back(memref::CastOp::create(b, loc, type, buffer));
  }
  llvm::append_range(buffers, scalars);
  func::CallOp::create(b, loc, callee, buffers);
  SmallVector<Value> values;
  for (auto [buffer, result] : llvm::zip(allocated, results))
    values.push_back(bufferization::ToTensorOp::create(
        b, loc, result, buffer, /*restrict=*/true, /*writable=*/true));
  return values;
}

} // namespace mlir::stablehlo::linalg_lowering
