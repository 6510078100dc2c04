// Builtin (and stablehlo) types <-> vhlo types: one table, both directions.
#include "Dialect/StablehloOps.h"
#include "Vhlo/VhloOps.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::vhlo;

namespace {

Type scalarToBuiltin(Type type) {
  MLIRContext *ctx = type.getContext();
  return llvm::TypeSwitch<Type, Type>(type)
      .Case([&](BooleanV1Type) { return IntegerType::get(ctx, 1); })
      .Case([&](IntegerSI2V1Type) { return IntegerType::get(ctx, 2); })
      .Case([&](IntegerSI4V1Type) { return IntegerType::get(ctx, 4); })
      .Case([&](IntegerSI8V1Type) { return IntegerType::get(ctx, 8); })
      .Case([&](IntegerSI16V1Type) { return IntegerType::get(ctx, 16); })
      .Case([&](IntegerSI32V1Type) { return IntegerType::get(ctx, 32); })
      .Case([&](IntegerSI64V1Type) { return IntegerType::get(ctx, 64); })
      .Case([&](IntegerUI2V1Type) {
        return IntegerType::get(ctx, 2, IntegerType::Unsigned);
      })
      .Case([&](IntegerUI4V1Type) {
        return IntegerType::get(ctx, 4, IntegerType::Unsigned);
      })
      .Case([&](IntegerUI8V1Type) {
        return IntegerType::get(ctx, 8, IntegerType::Unsigned);
      })
      .Case([&](IntegerUI16V1Type) {
        return IntegerType::get(ctx, 16, IntegerType::Unsigned);
      })
      .Case([&](IntegerUI32V1Type) {
        return IntegerType::get(ctx, 32, IntegerType::Unsigned);
      })
      .Case([&](IntegerUI64V1Type) {
        return IntegerType::get(ctx, 64, IntegerType::Unsigned);
      })
      .Case([&](IndexV1Type) { return IndexType::get(ctx); })
      .Case([&](NoneV1Type) { return NoneType::get(ctx); })
      .Case([&](FloatBF16V1Type) { return BFloat16Type::get(ctx); })
      .Case([&](FloatF16V1Type) { return Float16Type::get(ctx); })
      .Case([&](FloatF32V1Type) { return Float32Type::get(ctx); })
      .Case([&](FloatF64V1Type) { return Float64Type::get(ctx); })
      .Case([&](FloatTF32V1Type) { return FloatTF32Type::get(ctx); })
      .Case([&](FloatF4E2M1FNV1Type) { return Float4E2M1FNType::get(ctx); })
      .Case([&](FloatF6E2M3FNV1Type) { return Float6E2M3FNType::get(ctx); })
      .Case([&](FloatF6E3M2FNV1Type) { return Float6E3M2FNType::get(ctx); })
      .Case([&](FloatF8E3M4V1Type) { return Float8E3M4Type::get(ctx); })
      .Case([&](FloatF8E4M3V1Type) { return Float8E4M3Type::get(ctx); })
      .Case([&](FloatF8E4M3FNV1Type) { return Float8E4M3FNType::get(ctx); })
      .Case([&](FloatF8E5M2V1Type) { return Float8E5M2Type::get(ctx); })
      .Case([&](FloatF8E4M3FNUZV1Type) { return Float8E4M3FNUZType::get(ctx); })
      .Case([&](FloatF8E4M3B11FNUZV1Type) {
        return Float8E4M3B11FNUZType::get(ctx);
      })
      .Case([&](FloatF8E5M2FNUZV1Type) { return Float8E5M2FNUZType::get(ctx); })
      .Case([&](FloatF8E8M0FNUV1Type) { return Float8E8M0FNUType::get(ctx); })
      .Default([](Type) { return Type(); });
}

Type scalarToVhlo(Type type) {
  MLIRContext *ctx = type.getContext();
  if (auto integer = dyn_cast<IntegerType>(type)) {
    if (integer.isSigned())
      return {}; // si8 etc.: StableHLO's integers are signless or unsigned
    bool isUnsigned = integer.isUnsigned();
    switch (integer.getWidth()) {
    case 1:
      return isUnsigned ? Type() : BooleanV1Type::get(ctx);
    case 2:
      return isUnsigned ? Type(IntegerUI2V1Type::get(ctx))
                        : Type(IntegerSI2V1Type::get(ctx));
    case 4:
      return isUnsigned ? Type(IntegerUI4V1Type::get(ctx))
                        : Type(IntegerSI4V1Type::get(ctx));
    case 8:
      return isUnsigned ? Type(IntegerUI8V1Type::get(ctx))
                        : Type(IntegerSI8V1Type::get(ctx));
    case 16:
      return isUnsigned ? Type(IntegerUI16V1Type::get(ctx))
                        : Type(IntegerSI16V1Type::get(ctx));
    case 32:
      return isUnsigned ? Type(IntegerUI32V1Type::get(ctx))
                        : Type(IntegerSI32V1Type::get(ctx));
    case 64:
      return isUnsigned ? Type(IntegerUI64V1Type::get(ctx))
                        : Type(IntegerSI64V1Type::get(ctx));
    default:
      return {};
    }
  }
  return llvm::TypeSwitch<Type, Type>(type)
      .Case([&](IndexType) { return IndexV1Type::get(ctx); })
      .Case([&](NoneType) { return NoneV1Type::get(ctx); })
      .Case([&](BFloat16Type) { return FloatBF16V1Type::get(ctx); })
      .Case([&](Float16Type) { return FloatF16V1Type::get(ctx); })
      .Case([&](Float32Type) { return FloatF32V1Type::get(ctx); })
      .Case([&](Float64Type) { return FloatF64V1Type::get(ctx); })
      .Case([&](FloatTF32Type) { return FloatTF32V1Type::get(ctx); })
      .Case([&](Float4E2M1FNType) { return FloatF4E2M1FNV1Type::get(ctx); })
      .Case([&](Float6E2M3FNType) { return FloatF6E2M3FNV1Type::get(ctx); })
      .Case([&](Float6E3M2FNType) { return FloatF6E3M2FNV1Type::get(ctx); })
      .Case([&](Float8E3M4Type) { return FloatF8E3M4V1Type::get(ctx); })
      .Case([&](Float8E4M3Type) { return FloatF8E4M3V1Type::get(ctx); })
      .Case([&](Float8E4M3FNType) { return FloatF8E4M3FNV1Type::get(ctx); })
      .Case([&](Float8E5M2Type) { return FloatF8E5M2V1Type::get(ctx); })
      .Case([&](Float8E4M3FNUZType) { return FloatF8E4M3FNUZV1Type::get(ctx); })
      .Case([&](Float8E4M3B11FNUZType) {
        return FloatF8E4M3B11FNUZV1Type::get(ctx);
      })
      .Case([&](Float8E5M2FNUZType) { return FloatF8E5M2FNUZV1Type::get(ctx); })
      .Case([&](Float8E8M0FNUType) { return FloatF8E8M0FNUV1Type::get(ctx); })
      .Default([](Type) { return Type(); });
}

// Converts every type of `types`; false if one has no counterpart.
template <typename Convert>
bool convertAll(ArrayRef<Type> types, SmallVectorImpl<Type> &out,
                Convert convert) {
  for (Type type : types) {
    Type converted = convert(type);
    if (!converted)
      return false;
    out.push_back(converted);
  }
  return true;
}
} // namespace

// The encoding of a ranked tensor: stablehlo's bounds, as type_extensions.
static Attribute encodingToVhlo(Attribute encoding) {
  if (!encoding)
    return {};
  if (auto bounds = dyn_cast<stablehlo::TypeExtensionsAttr>(encoding))
    return TypeExtensionsV1Attr::get(encoding.getContext(), bounds.getBounds());
  return isVhloAttr(encoding) ? encoding : Attribute();
}

static Attribute encodingToBuiltin(Attribute encoding) {
  if (!encoding)
    return {};
  if (auto bounds = dyn_cast<TypeExtensionsV1Attr>(encoding))
    return stablehlo::TypeExtensionsAttr::get(encoding.getContext(),
                                              bounds.getBounds());
  return {};
}

// Builds a type whose parameters came from outside (an artifact's bytes):
// null instead of an assertion when they are invalid, and no diagnostics.
template <typename T, typename... Args>
static Type checked(MLIRContext *ctx, Args &&...args) {
  ScopedDiagnosticHandler quiet(ctx, [](Diagnostic &) { return success(); });
  return T::getChecked([&] { return emitError(UnknownLoc::get(ctx)); },
                       std::forward<Args>(args)...);
}

Type mlir::vhlo::toBuiltinType(Type type) {
  if (!type || !isVhloType(type))
    return {};
  if (Type scalar = scalarToBuiltin(type))
    return scalar;
  MLIRContext *ctx = type.getContext();
  SmallVector<Type> types, more;
  return llvm::TypeSwitch<Type, Type>(type)
      .Case([&](ComplexV1Type complex) -> Type {
        auto element = dyn_cast_or_null<FloatType>(
            toBuiltinType(complex.getElementType()));
        return element ? checked<ComplexType>(ctx, element) : Type();
      })
      .Case([&](RankedTensorV1Type tensor) -> Type {
        Type element = toBuiltinType(tensor.getElementType());
        Attribute encoding = encodingToBuiltin(tensor.getEncoding());
        if (!element || (tensor.getEncoding() && !encoding) ||
            llvm::any_of(tensor.getShape(), [](int64_t size) {
              return size < 0 && !ShapedType::isDynamic(size);
            }))
          return {};
        return checked<RankedTensorType>(ctx, tensor.getShape(), element,
                                         encoding);
      })
      .Case([&](UnrankedTensorV1Type tensor) -> Type {
        Type element = toBuiltinType(tensor.getElementType());
        return element ? checked<UnrankedTensorType>(ctx, element) : Type();
      })
      .Case([&](RankedBufferV1Type buffer) -> Type {
        Type element = toBuiltinType(buffer.getElementType());
        if (!element || llvm::any_of(buffer.getShape(), [](int64_t size) {
              return size < 0 && !ShapedType::isDynamic(size);
            }))
          return {};
        return checked<MemRefType>(ctx, buffer.getShape(), element,
                                   MemRefLayoutAttrInterface(), Attribute());
      })
      .Case([&](TupleV1Type tuple) -> Type {
        if (!convertAll(tuple.getTypes(), types, toBuiltinType))
          return {};
        return TupleType::get(ctx, types);
      })
      .Case([&](FunctionV1Type function) -> Type {
        if (!convertAll(function.getInputs(), types, toBuiltinType) ||
            !convertAll(function.getOutputs(), more, toBuiltinType))
          return {};
        return FunctionType::get(ctx, types, more);
      })
      .Case([&](TokenV1Type) { return stablehlo::TokenType::get(ctx); })
      .Case([&](FutureV1Type future) -> Type {
        if (!convertAll(future.getTypes(), types, toBuiltinType))
          return {};
        return checked<stablehlo::FutureType>(ctx, ctx, ArrayRef<Type>(types));
      })
      .Case([&](UniformQuantizedV1Type quant) -> Type {
        Type storage = toBuiltinType(quant.getStorageType());
        Type expressed = toBuiltinType(quant.getExpressedType());
        if (!storage || !expressed || !isa<IntegerType>(storage) ||
            !isa<FloatType>(expressed))
          return {};
        return checked<quant::UniformQuantizedType>(
            ctx, quant.getFlags(), storage, expressed,
            quant.getScale().convertToDouble(), quant.getZeroPoint(),
            quant.getStorageTypeMin(), quant.getStorageTypeMax());
      })
      .Case([&](UniformQuantizedPerAxisV1Type quant) -> Type {
        Type storage = toBuiltinType(quant.getStorageType());
        Type expressed = toBuiltinType(quant.getExpressedType());
        if (!storage || !expressed || !isa<IntegerType>(storage) ||
            !isa<FloatType>(expressed))
          return {};
        SmallVector<double> scales;
        for (const llvm::APFloat &scale : quant.getScales())
          scales.push_back(scale.convertToDouble());
        return checked<quant::UniformQuantizedPerAxisType>(
            ctx, quant.getFlags(), storage, expressed, scales,
            quant.getZeroPoints(), quant.getQuantizedDimension(),
            quant.getStorageTypeMin(), quant.getStorageTypeMax());
      })
      .Default([](Type) { return Type(); });
}

Type mlir::vhlo::toVhloType(Type type) {
  if (!type)
    return {};
  if (isVhloType(type))
    return type;
  if (Type scalar = scalarToVhlo(type))
    return scalar;
  MLIRContext *ctx = type.getContext();
  SmallVector<Type> types, more;
  return llvm::TypeSwitch<Type, Type>(type)
      .Case([&](ComplexType complex) -> Type {
        Type element = toVhloType(complex.getElementType());
        return element ? ComplexV1Type::get(ctx, element) : Type();
      })
      .Case([&](RankedTensorType tensor) -> Type {
        Type element = toVhloType(tensor.getElementType());
        Attribute encoding = encodingToVhlo(tensor.getEncoding());
        if (!element || (tensor.getEncoding() && !encoding))
          return {};
        return RankedTensorV1Type::get(ctx, tensor.getShape(), element,
                                       encoding);
      })
      .Case([&](UnrankedTensorType tensor) -> Type {
        Type element = toVhloType(tensor.getElementType());
        return element ? UnrankedTensorV1Type::get(ctx, element) : Type();
      })
      .Case([&](MemRefType buffer) -> Type {
        Type element = toVhloType(buffer.getElementType());
        if (!element || !buffer.getLayout().isIdentity() ||
            buffer.getMemorySpace())
          return {};
        return RankedBufferV1Type::get(ctx, buffer.getShape(), element);
      })
      .Case([&](TupleType tuple) -> Type {
        if (!convertAll(tuple.getTypes(), types, toVhloType))
          return {};
        return TupleV1Type::get(ctx, types);
      })
      .Case([&](FunctionType function) -> Type {
        if (!convertAll(function.getInputs(), types, toVhloType) ||
            !convertAll(function.getResults(), more, toVhloType))
          return {};
        return FunctionV1Type::get(ctx, types, more);
      })
      .Case([&](stablehlo::TokenType) { return TokenV1Type::get(ctx); })
      .Case([&](stablehlo::FutureType future) -> Type {
        if (!convertAll(future.getTypes(), types, toVhloType))
          return {};
        return FutureV1Type::get(ctx, types);
      })
      .Case([&](quant::UniformQuantizedPerAxisType quant) -> Type {
        Type storage = toVhloType(quant.getStorageType());
        Type expressed = toVhloType(quant.getExpressedType());
        if (!storage || !expressed)
          return {};
        SmallVector<llvm::APFloat> scales;
        for (double scale : quant.getScales())
          scales.push_back(llvm::APFloat(scale));
        return UniformQuantizedPerAxisV1Type::get(
            ctx, quant.getFlags(), storage, expressed,
            quant.getQuantizedDimension(), scales, quant.getZeroPoints(),
            quant.getStorageTypeMin(), quant.getStorageTypeMax());
      })
      .Case([&](quant::UniformQuantizedType quant) -> Type {
        Type storage = toVhloType(quant.getStorageType());
        Type expressed = toVhloType(quant.getExpressedType());
        if (!storage || !expressed)
          return {};
        return UniformQuantizedV1Type::get(
            ctx, quant.getFlags(), storage, expressed,
            llvm::APFloat(quant.getScale()), quant.getZeroPoint(),
            quant.getStorageTypeMin(), quant.getStorageTypeMax());
      })
      .Default([](Type) { return Type(); });
}
