// Builtin (and stablehlo) types <-> vhlo types: one table, both directions.
#include "Dialect/StablehloOps.h"
#include "Vhlo/VhloOps.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::vhlo;

namespace {

// The scalar types without parameters, each with its builtin counterpart: one
// table for both directions. A builtin type missing here (si8, ui1, ...) has
// no VHLO form.
template <typename T>
Type make(MLIRContext *ctx) {
  return T::get(ctx);
}
template <unsigned width, IntegerType::SignednessSemantics signedness =
                              IntegerType::Signless>
Type makeInteger(MLIRContext *ctx) {
  return IntegerType::get(ctx, width, signedness);
}
constexpr auto kUnsigned = IntegerType::Unsigned;

struct ScalarPair {
  TypeID vhlo;
  Type (*makeVhlo)(MLIRContext *);
  Type (*makeBuiltin)(MLIRContext *);
};
#define VHLO_SCALAR(VhloType, builtin)                                         \
  ScalarPair { TypeID::get<VhloType>(), &make<VhloType>, builtin }
const ScalarPair kScalarPairs[] = {
    VHLO_SCALAR(BooleanV1Type, &makeInteger<1>),
    VHLO_SCALAR(IntegerSI2V1Type, &makeInteger<2>),
    VHLO_SCALAR(IntegerSI4V1Type, &makeInteger<4>),
    VHLO_SCALAR(IntegerSI8V1Type, &makeInteger<8>),
    VHLO_SCALAR(IntegerSI16V1Type, &makeInteger<16>),
    VHLO_SCALAR(IntegerSI32V1Type, &makeInteger<32>),
    VHLO_SCALAR(IntegerSI64V1Type, &makeInteger<64>),
    VHLO_SCALAR(IntegerUI2V1Type, (&makeInteger<2, kUnsigned>)),
    VHLO_SCALAR(IntegerUI4V1Type, (&makeInteger<4, kUnsigned>)),
    VHLO_SCALAR(IntegerUI8V1Type, (&makeInteger<8, kUnsigned>)),
    VHLO_SCALAR(IntegerUI16V1Type, (&makeInteger<16, kUnsigned>)),
    VHLO_SCALAR(IntegerUI32V1Type, (&makeInteger<32, kUnsigned>)),
    VHLO_SCALAR(IntegerUI64V1Type, (&makeInteger<64, kUnsigned>)),
    VHLO_SCALAR(IndexV1Type, &make<IndexType>),
    VHLO_SCALAR(NoneV1Type, &make<NoneType>),
    VHLO_SCALAR(FloatBF16V1Type, &make<BFloat16Type>),
    VHLO_SCALAR(FloatF16V1Type, &make<Float16Type>),
    VHLO_SCALAR(FloatF32V1Type, &make<Float32Type>),
    VHLO_SCALAR(FloatF64V1Type, &make<Float64Type>),
    VHLO_SCALAR(FloatTF32V1Type, &make<FloatTF32Type>),
    VHLO_SCALAR(FloatF4E2M1FNV1Type, &make<Float4E2M1FNType>),
    VHLO_SCALAR(FloatF6E2M3FNV1Type, &make<Float6E2M3FNType>),
    VHLO_SCALAR(FloatF6E3M2FNV1Type, &make<Float6E3M2FNType>),
    VHLO_SCALAR(FloatF8E3M4V1Type, &make<Float8E3M4Type>),
    VHLO_SCALAR(FloatF8E4M3V1Type, &make<Float8E4M3Type>),
    VHLO_SCALAR(FloatF8E4M3FNV1Type, &make<Float8E4M3FNType>),
    VHLO_SCALAR(FloatF8E5M2V1Type, &make<Float8E5M2Type>),
    VHLO_SCALAR(FloatF8E4M3FNUZV1Type, &make<Float8E4M3FNUZType>),
    VHLO_SCALAR(FloatF8E4M3B11FNUZV1Type, &make<Float8E4M3B11FNUZType>),
    VHLO_SCALAR(FloatF8E5M2FNUZV1Type, &make<Float8E5M2FNUZType>),
    VHLO_SCALAR(FloatF8E8M0FNUV1Type, &make<Float8E8M0FNUType>)};
#undef VHLO_SCALAR

Type scalarToBuiltin(Type type) {
  for (const ScalarPair &pair : kScalarPairs)
    if (pair.vhlo == type.getTypeID())
      return pair.makeBuiltin(type.getContext());
  return {};
}

Type scalarToVhlo(Type type) {
  // Only builtin scalars can match: skip the table for everything else.
  if (!isa<IntegerType, IndexType, NoneType, FloatType>(type))
    return {};
  for (const ScalarPair &pair : kScalarPairs)
    if (pair.makeBuiltin(type.getContext()) == type)
      return pair.makeVhlo(type.getContext());
  return {};
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
