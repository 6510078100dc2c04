// The bytecode encoding of vhlo types and attributes: upstream StableHLO's,
// code for code and field for field, so that portable artifacts written by
// either read in the other. The codes are part of the format: never renumber
// one, only add. The reader checks what it reads (hostile bytes must give an
// error, never an assertion).
#include "Vhlo/VhloOps.h"

#include "mlir/Bytecode/BytecodeImplementation.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::vhlo;

namespace {

// Attribute codes (0 once meant an attribute no longer written).
enum AttrCode : uint64_t {
  kArrayV1 = 1,
  kBooleanV1 = 2,
  kComparisonDirectionV1 = 3,
  kComparisonTypeV1 = 4,
  kCustomCallApiVersionV1 = 5,
  kDictionaryV1 = 6,
  kFftTypeV1 = 7,
  kFloatV1 = 8,
  kIntegerV1 = 9,
  kOutputOperandAliasV1 = 10,
  kPrecisionV1 = 11,
  kRngAlgorithmV1 = 12,
  kRngDistributionV1 = 13,
  kStringV1 = 14,
  kTensorV1 = 15,
  kTransposeV1 = 16,
  kTypeV1 = 17,
  kTypeExtensionsV1 = 18,
  kResultAccuracyModeV1 = 19,
  kResultAccuracyV1 = 20,
  kSubAxisInfoV1 = 21,
  kAxisRefV1 = 22,
  kReplicaGroupMeshAxesV1 = 23,
  kMeshAxisV1 = 24,
  kMeshV1 = 25,
};

// Type codes. A tensor with an encoding has a code of its own.
enum TypeCode : uint64_t {
  kBooleanV1Type = 0,
  kComplexV1Type = 1,
  kBF16V1Type = 2,
  kF16V1Type = 3,
  kF32V1Type = 4,
  kF64V1Type = 5,
  kF8E4M3FNV1Type = 6,
  kF8E5M2V1Type = 7,
  kFunctionV1Type = 8,
  kIndexV1Type = 9,
  kSI4V1Type = 10,
  kSI8V1Type = 11,
  kSI16V1Type = 12,
  kSI32V1Type = 13,
  kSI64V1Type = 14,
  kUI4V1Type = 15,
  kUI8V1Type = 16,
  kUI16V1Type = 17,
  kUI32V1Type = 18,
  kUI64V1Type = 19,
  kRankedTensorV1Type = 20,
  kRankedTensorV1TypeWithEncoding = 21,
  kTokenV1Type = 22,
  kTupleV1Type = 23,
  kUniformQuantizedV1Type = 24,
  kUnrankedTensorV1Type = 25,
  kWitnessV1Type = 26,
  kF8E4M3FNUZV1Type = 27,
  kF8E5M2FNUZV1Type = 28,
  kF8E4M3B11FNUZV1Type = 29,
  kUniformQuantizedPerAxisV1Type = 30,
  kSI2V1Type = 31,
  kUI2V1Type = 32,
  kNoneV1Type = 33,
  kTF32V1Type = 34,
  kF8E4M3V1Type = 35,
  kF8E3M4V1Type = 36,
  kF4E2M1FNV1Type = 37,
  kF6E2M3FNV1Type = 38,
  kF6E3M2FNV1Type = 39,
  kF8E8M0FNUV1Type = 40,
  kRankedBufferV1Type = 41,
  kFutureV1Type = 42,
};

// The types without parameters, with their codes (one table, both ways).
template <typename T>
Type make(MLIRContext *ctx) {
  return T::get(ctx);
}
struct ScalarTypeCode {
  uint64_t code;
  TypeID id;
  Type (*get)(MLIRContext *);
};
const ScalarTypeCode *scalarTypeCodes(size_t &count) {
  static const ScalarTypeCode table[] = {
      {kBooleanV1Type, TypeID::get<BooleanV1Type>(), make<BooleanV1Type>},
      {kBF16V1Type, TypeID::get<FloatBF16V1Type>(), make<FloatBF16V1Type>},
      {kF16V1Type, TypeID::get<FloatF16V1Type>(), make<FloatF16V1Type>},
      {kF32V1Type, TypeID::get<FloatF32V1Type>(), make<FloatF32V1Type>},
      {kF64V1Type, TypeID::get<FloatF64V1Type>(), make<FloatF64V1Type>},
      {kF8E4M3FNV1Type, TypeID::get<FloatF8E4M3FNV1Type>(),
       make<FloatF8E4M3FNV1Type>},
      {kF8E5M2V1Type, TypeID::get<FloatF8E5M2V1Type>(), make<FloatF8E5M2V1Type>},
      {kIndexV1Type, TypeID::get<IndexV1Type>(), make<IndexV1Type>},
      {kSI4V1Type, TypeID::get<IntegerSI4V1Type>(), make<IntegerSI4V1Type>},
      {kSI8V1Type, TypeID::get<IntegerSI8V1Type>(), make<IntegerSI8V1Type>},
      {kSI16V1Type, TypeID::get<IntegerSI16V1Type>(), make<IntegerSI16V1Type>},
      {kSI32V1Type, TypeID::get<IntegerSI32V1Type>(), make<IntegerSI32V1Type>},
      {kSI64V1Type, TypeID::get<IntegerSI64V1Type>(), make<IntegerSI64V1Type>},
      {kUI4V1Type, TypeID::get<IntegerUI4V1Type>(), make<IntegerUI4V1Type>},
      {kUI8V1Type, TypeID::get<IntegerUI8V1Type>(), make<IntegerUI8V1Type>},
      {kUI16V1Type, TypeID::get<IntegerUI16V1Type>(), make<IntegerUI16V1Type>},
      {kUI32V1Type, TypeID::get<IntegerUI32V1Type>(), make<IntegerUI32V1Type>},
      {kUI64V1Type, TypeID::get<IntegerUI64V1Type>(), make<IntegerUI64V1Type>},
      {kTokenV1Type, TypeID::get<TokenV1Type>(), make<TokenV1Type>},
      {kWitnessV1Type, TypeID::get<WitnessV1Type>(), make<WitnessV1Type>},
      {kF8E4M3FNUZV1Type, TypeID::get<FloatF8E4M3FNUZV1Type>(),
       make<FloatF8E4M3FNUZV1Type>},
      {kF8E5M2FNUZV1Type, TypeID::get<FloatF8E5M2FNUZV1Type>(),
       make<FloatF8E5M2FNUZV1Type>},
      {kF8E4M3B11FNUZV1Type, TypeID::get<FloatF8E4M3B11FNUZV1Type>(),
       make<FloatF8E4M3B11FNUZV1Type>},
      {kSI2V1Type, TypeID::get<IntegerSI2V1Type>(), make<IntegerSI2V1Type>},
      {kUI2V1Type, TypeID::get<IntegerUI2V1Type>(), make<IntegerUI2V1Type>},
      {kNoneV1Type, TypeID::get<NoneV1Type>(), make<NoneV1Type>},
      {kTF32V1Type, TypeID::get<FloatTF32V1Type>(), make<FloatTF32V1Type>},
      {kF8E4M3V1Type, TypeID::get<FloatF8E4M3V1Type>(), make<FloatF8E4M3V1Type>},
      {kF8E3M4V1Type, TypeID::get<FloatF8E3M4V1Type>(), make<FloatF8E3M4V1Type>},
      {kF4E2M1FNV1Type, TypeID::get<FloatF4E2M1FNV1Type>(),
       make<FloatF4E2M1FNV1Type>},
      {kF6E2M3FNV1Type, TypeID::get<FloatF6E2M3FNV1Type>(),
       make<FloatF6E2M3FNV1Type>},
      {kF6E3M2FNV1Type, TypeID::get<FloatF6E3M2FNV1Type>(),
       make<FloatF6E3M2FNV1Type>},
      {kF8E8M0FNUV1Type, TypeID::get<FloatF8E8M0FNUV1Type>(),
       make<FloatF8E8M0FNUV1Type>},
  };
  count = std::size(table);
  return table;
}

// A list: its length, then its elements. MLIR's own list readers reserve
// the length they read first, and a hostile length aborts the process; this
// one appends as it reads, so a length beyond the data ends in a read error.
template <typename T, typename ReadOne>
LogicalResult readList(DialectBytecodeReader &reader, SmallVectorImpl<T> &out,
                       ReadOne readOne) {
  uint64_t count;
  if (failed(reader.readVarInt(count)))
    return failure();
  for (uint64_t i = 0; i < count; ++i) {
    FailureOr<T> element = readOne();
    if (failed(element))
      return failure();
    out.push_back(*element);
  }
  return success();
}

LogicalResult readSignedVarInts(DialectBytecodeReader &reader,
                                SmallVectorImpl<int64_t> &out) {
  return readList(reader, out, [&]() -> FailureOr<int64_t> {
    int64_t value;
    if (failed(reader.readSignedVarInt(value)))
      return failure();
    return value;
  });
}

LogicalResult readTypes(DialectBytecodeReader &reader,
                        SmallVectorImpl<Type> &out) {
  return readList(reader, out, [&]() -> FailureOr<Type> {
    Type type;
    if (failed(reader.readType(type)))
      return failure();
    return type;
  });
}

LogicalResult readAttributes(DialectBytecodeReader &reader,
                             SmallVectorImpl<Attribute> &out) {
  return readList(reader, out, [&]() -> FailureOr<Attribute> {
    Attribute attr;
    if (failed(reader.readAttribute(attr)))
      return failure();
    return attr;
  });
}

// Shapes as signed varints; a dynamic size is kDynamic, as MLIR stores it.
LogicalResult readShape(DialectBytecodeReader &reader,
                        SmallVectorImpl<int64_t> &shape) {
  if (failed(readSignedVarInts(reader, shape)))
    return failure();
  for (int64_t size : shape)
    if (size < 0 && !ShapedType::isDynamic(size))
      return reader.emitError() << "vhlo shape with a negative size " << size;
  return success();
}

// The number of elements of a static shape, if it fits in 48 bits (no real
// tensor is larger; hostile shapes must not overflow what MLIR computes).
std::optional<int64_t> numElements(ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t size : shape) {
    if (ShapedType::isDynamic(size) || size < 0)
      return std::nullopt;
    if (size != 0 && count > (int64_t(1) << 48) / size)
      return std::nullopt;
    count *= size;
  }
  return count;
}

struct VhloBytecodeInterface : public BytecodeDialectInterface {
  VhloBytecodeInterface(Dialect *dialect) : BytecodeDialectInterface(dialect) {}

  //===--- Attributes -------------------------------------------------------===//

  Attribute readAttribute(DialectBytecodeReader &reader) const override {
    uint64_t code;
    if (failed(reader.readVarInt(code)))
      return {};
    MLIRContext *ctx = getContext();
    switch (code) {
    case kArrayV1: {
      SmallVector<Attribute> elements;
      if (failed(readAttributes(reader, elements)))
        return {};
      return ArrayV1Attr::get(ctx, elements);
    }
    case kBooleanV1: {
      uint64_t value;
      if (failed(reader.readVarInt(value)))
        return {};
      if (value > 1) {
        reader.emitError() << "unsupported value: " << value;
        return {};
      }
      return BooleanV1Attr::get(ctx, value);
    }
    case kComparisonDirectionV1:
      return readEnum<ComparisonDirectionV1Attr>(reader, [](uint32_t v) { return symbolizeComparisonDirectionV1(v); });
    case kComparisonTypeV1:
      return readEnum<ComparisonTypeV1Attr>(reader, [](uint32_t v) { return symbolizeComparisonTypeV1(v); });
    case kCustomCallApiVersionV1:
      return readEnum<CustomCallApiVersionV1Attr>(reader, [](uint32_t v) { return symbolizeCustomCallApiVersionV1(v); });
    case kDictionaryV1: {
      SmallVector<std::pair<Attribute, Attribute>> entries;
      auto readEntry = [&]() -> FailureOr<std::pair<Attribute, Attribute>> {
        Attribute key, value;
        if (failed(reader.readAttribute(key)) ||
            failed(reader.readAttribute(value)))
          return failure();
        return std::make_pair(key, value);
      };
      if (failed(readList(reader, entries, readEntry)))
        return {};
      return DictionaryV1Attr::get(ctx, entries);
    }
    case kFftTypeV1:
      return readEnum<FftTypeV1Attr>(reader, [](uint32_t v) { return symbolizeFftTypeV1(v); });
    case kFloatV1: {
      Type type;
      if (failed(reader.readType(type)))
        return {};
      auto builtin = dyn_cast_or_null<FloatType>(toBuiltinType(type));
      if (!builtin) {
        reader.emitError() << "float_v1 of a type that is not a float: " << type;
        return {};
      }
      FailureOr<llvm::APFloat> value =
          reader.readAPFloatWithKnownSemantics(builtin.getFloatSemantics());
      if (failed(value))
        return {};
      return FloatV1Attr::get(ctx, type, *value);
    }
    case kIntegerV1: {
      Type type;
      if (failed(reader.readType(type)))
        return {};
      Type builtin = toBuiltinType(type);
      unsigned width = 0;
      if (isa_and_nonnull<IndexType>(builtin))
        width = IndexType::kInternalStorageBitWidth;
      else if (auto integer = dyn_cast_or_null<IntegerType>(builtin))
        width = integer.getWidth();
      if (!width) {
        reader.emitError() << "integer_v1 of a type that is not an integer: "
                           << type;
        return {};
      }
      FailureOr<APInt> value = reader.readAPIntWithKnownWidth(width);
      if (failed(value))
        return {};
      return IntegerV1Attr::get(ctx, type, *value);
    }
    case kOutputOperandAliasV1: {
      SmallVector<int64_t> outputTupleIndices, operandTupleIndices;
      int64_t operandIndex;
      if (failed(readSignedVarInts(reader, outputTupleIndices)) ||
          failed(reader.readSignedVarInt(operandIndex)) ||
          failed(readSignedVarInts(reader, operandTupleIndices)))
        return {};
      return OutputOperandAliasV1Attr::get(ctx, outputTupleIndices,
                                           operandIndex, operandTupleIndices);
    }
    case kPrecisionV1:
      return readEnum<PrecisionV1Attr>(reader, [](uint32_t v) { return symbolizePrecisionV1(v); });
    case kRngAlgorithmV1:
      return readEnum<RngAlgorithmV1Attr>(reader, [](uint32_t v) { return symbolizeRngAlgorithmV1(v); });
    case kRngDistributionV1:
      return readEnum<RngDistributionV1Attr>(reader, [](uint32_t v) { return symbolizeRngDistributionV1(v); });
    case kStringV1: {
      StringRef value;
      if (failed(reader.readString(value)))
        return {};
      return StringV1Attr::get(ctx, value);
    }
    case kTensorV1:
      return readTensor(reader);
    case kTransposeV1:
      return readEnum<TransposeV1Attr>(reader, [](uint32_t v) { return symbolizeTransposeV1(v); });
    case kTypeV1: {
      Type type;
      if (failed(reader.readType(type)))
        return {};
      return TypeV1Attr::get(ctx, type);
    }
    case kTypeExtensionsV1: {
      SmallVector<int64_t> bounds;
      if (failed(readSignedVarInts(reader, bounds)))
        return {};
      return TypeExtensionsV1Attr::get(ctx, bounds);
    }
    case kResultAccuracyModeV1:
      return readEnum<ResultAccuracyModeV1Attr>(reader, [](uint32_t v) { return symbolizeResultAccuracyModeV1(v); });
    case kResultAccuracyV1: {
      FailureOr<llvm::APFloat> atol =
          reader.readAPFloatWithKnownSemantics(llvm::APFloat::IEEEdouble());
      if (failed(atol))
        return {};
      FailureOr<llvm::APFloat> rtol =
          reader.readAPFloatWithKnownSemantics(llvm::APFloat::IEEEdouble());
      int64_t ulps;
      Attribute mode;
      if (failed(rtol) || failed(reader.readSignedVarInt(ulps)) ||
          failed(reader.readAttribute(mode)))
        return {};
      return ResultAccuracyV1Attr::get(ctx, *atol, *rtol, ulps, mode);
    }
    case kSubAxisInfoV1: {
      int64_t preSize, size;
      if (failed(reader.readSignedVarInt(preSize)) ||
          failed(reader.readSignedVarInt(size)))
        return {};
      return SubAxisInfoV1Attr::get(ctx, preSize, size);
    }
    case kAxisRefV1: {
      Attribute name, subAxisInfo;
      uint64_t hasSubAxisInfo;
      if (failed(reader.readAttribute(name)) ||
          failed(reader.readVarInt(hasSubAxisInfo)) ||
          (hasSubAxisInfo && failed(reader.readAttribute(subAxisInfo))))
        return {};
      return AxisRefV1Attr::get(ctx, name, subAxisInfo);
    }
    case kReplicaGroupMeshAxesV1: {
      Attribute mesh, axes;
      if (failed(reader.readAttribute(mesh)) ||
          failed(reader.readAttribute(axes)))
        return {};
      return ReplicaGroupMeshAxesV1Attr::get(ctx, mesh, axes);
    }
    case kMeshAxisV1: {
      Attribute name;
      int64_t size;
      if (failed(reader.readAttribute(name)) ||
          failed(reader.readSignedVarInt(size)))
        return {};
      return MeshAxisV1Attr::get(ctx, name, size);
    }
    case kMeshV1: {
      Attribute axes, deviceIds;
      if (failed(reader.readAttribute(axes)) ||
          failed(reader.readOptionalAttribute(deviceIds)))
        return {};
      return MeshV1Attr::get(ctx, axes, deviceIds);
    }
    default:
      reader.emitError() << "unknown vhlo attribute code: " << code;
      return {};
    }
  }

  LogicalResult writeAttribute(Attribute attr,
                               DialectBytecodeWriter &writer) const override {
    return llvm::TypeSwitch<Attribute, LogicalResult>(attr)
        .Case([&](ArrayV1Attr a) {
          writer.writeVarInt(kArrayV1);
          writer.writeAttributes(a.getValue());
          return success();
        })
        .Case([&](BooleanV1Attr a) {
          writer.writeVarInt(kBooleanV1);
          writer.writeVarInt(a.getValue() ? 1 : 0);
          return success();
        })
        .Case([&](ComparisonDirectionV1Attr a) {
          return writeEnum(writer, kComparisonDirectionV1, a.getValue());
        })
        .Case([&](ComparisonTypeV1Attr a) {
          return writeEnum(writer, kComparisonTypeV1, a.getValue());
        })
        .Case([&](CustomCallApiVersionV1Attr a) {
          return writeEnum(writer, kCustomCallApiVersionV1, a.getValue());
        })
        .Case([&](DictionaryV1Attr a) {
          writer.writeVarInt(kDictionaryV1);
          writer.writeList(a.getValue(), [&](auto entry) {
            writer.writeAttribute(entry.first);
            writer.writeAttribute(entry.second);
          });
          return success();
        })
        .Case([&](FftTypeV1Attr a) {
          return writeEnum(writer, kFftTypeV1, a.getValue());
        })
        .Case([&](FloatV1Attr a) {
          writer.writeVarInt(kFloatV1);
          writer.writeType(a.getType());
          writer.writeAPFloatWithKnownSemantics(a.getValue());
          return success();
        })
        .Case([&](IntegerV1Attr a) {
          writer.writeVarInt(kIntegerV1);
          writer.writeType(a.getType());
          writer.writeAPIntWithKnownWidth(a.getValue());
          return success();
        })
        .Case([&](OutputOperandAliasV1Attr a) {
          writer.writeVarInt(kOutputOperandAliasV1);
          writer.writeSignedVarInts(a.getOutputTupleIndices());
          writer.writeSignedVarInt(a.getOperandIndex());
          writer.writeSignedVarInts(a.getOperandTupleIndices());
          return success();
        })
        .Case([&](PrecisionV1Attr a) {
          return writeEnum(writer, kPrecisionV1, a.getValue());
        })
        .Case([&](RngAlgorithmV1Attr a) {
          return writeEnum(writer, kRngAlgorithmV1, a.getValue());
        })
        .Case([&](RngDistributionV1Attr a) {
          return writeEnum(writer, kRngDistributionV1, a.getValue());
        })
        .Case([&](StringV1Attr a) {
          writer.writeVarInt(kStringV1);
          writer.writeOwnedString(a.getValue());
          return success();
        })
        .Case([&](TensorV1Attr a) {
          // i1 data is already as the format wants it: bits packed LSB
          // first, a splat one byte 0x00 or 0xFF (MLIR's own raw layout).
          writer.writeVarInt(kTensorV1);
          writer.writeType(a.getType());
          StringRef data = a.getData();
          // MLIR keeps a one-element i1 tensor as a splat (0xFF); the
          // format packs it like any other: 0x01. (The writer keeps a
          // reference to the blob until it is done: static storage.)
          static const char kPackedBits[2] = {0, 1};
          auto tensor = dyn_cast<RankedTensorV1Type>(a.getType());
          if (tensor && isa<BooleanV1Type>(tensor.getElementType()) &&
              numElements(tensor.getShape()) == 1 && data.size() == 1)
            data = StringRef(&kPackedBits[data[0] ? 1 : 0], 1);
          writer.writeOwnedBlob(ArrayRef<char>(data.data(), data.size()));
          return success();
        })
        .Case([&](TransposeV1Attr a) {
          return writeEnum(writer, kTransposeV1, a.getValue());
        })
        .Case([&](TypeV1Attr a) {
          writer.writeVarInt(kTypeV1);
          writer.writeType(a.getValue());
          return success();
        })
        .Case([&](TypeExtensionsV1Attr a) {
          writer.writeVarInt(kTypeExtensionsV1);
          writer.writeSignedVarInts(a.getBounds());
          return success();
        })
        .Case([&](ResultAccuracyModeV1Attr a) {
          return writeEnum(writer, kResultAccuracyModeV1, a.getValue());
        })
        .Case([&](ResultAccuracyV1Attr a) {
          writer.writeVarInt(kResultAccuracyV1);
          writer.writeAPFloatWithKnownSemantics(a.getAtol());
          writer.writeAPFloatWithKnownSemantics(a.getRtol());
          writer.writeSignedVarInt(a.getUlps());
          writer.writeAttribute(a.getMode());
          return success();
        })
        .Case([&](SubAxisInfoV1Attr a) {
          writer.writeVarInt(kSubAxisInfoV1);
          writer.writeSignedVarInt(a.getPreSize());
          writer.writeSignedVarInt(a.getSize());
          return success();
        })
        .Case([&](AxisRefV1Attr a) {
          writer.writeVarInt(kAxisRefV1);
          writer.writeAttribute(a.getName());
          writer.writeVarInt(a.getSubAxisInfo() ? 1 : 0);
          if (a.getSubAxisInfo())
            writer.writeAttribute(a.getSubAxisInfo());
          return success();
        })
        .Case([&](ReplicaGroupMeshAxesV1Attr a) {
          writer.writeVarInt(kReplicaGroupMeshAxesV1);
          writer.writeAttribute(a.getMesh());
          writer.writeAttribute(a.getAxes());
          return success();
        })
        .Case([&](MeshAxisV1Attr a) {
          writer.writeVarInt(kMeshAxisV1);
          writer.writeAttribute(a.getName());
          writer.writeSignedVarInt(a.getSize());
          return success();
        })
        .Case([&](MeshV1Attr a) {
          writer.writeVarInt(kMeshV1);
          writer.writeAttribute(a.getAxes());
          writer.writeOptionalAttribute(a.getDeviceIds());
          return success();
        })
        .Default([](Attribute) { return failure(); });
  }

  template <typename AttrT, typename Symbolize>
  Attribute readEnum(DialectBytecodeReader &reader, Symbolize symbolize) const {
    uint64_t value;
    if (failed(reader.readVarInt(value)))
      return {};
    auto symbol = value <= UINT32_MAX ? symbolize(static_cast<uint32_t>(value))
                                      : std::nullopt;
    if (!symbol) {
      reader.emitError() << "unknown value " << value << " of vhlo enum "
                         << AttrT::getMnemonic();
      return {};
    }
    return AttrT::get(getContext(), *symbol);
  }

  template <typename EnumT>
  static LogicalResult writeEnum(DialectBytecodeWriter &writer, uint64_t code,
                                 EnumT value) {
    writer.writeVarInt(code);
    writer.writeVarInt(static_cast<uint32_t>(value));
    return success();
  }

  // A tensor's data: for i1, packed bits (LSB first), a one-byte splat 0xFF
  // or 0x00, or (older writers) one byte per element; MLIR keeps packed bits.
  Attribute readTensor(DialectBytecodeReader &reader) const {
    Type type;
    ArrayRef<char> blob;
    if (failed(reader.readType(type)) || failed(reader.readBlob(blob)))
      return {};
    auto tensor = dyn_cast_or_null<RankedTensorType>(toBuiltinType(type));
    std::optional<int64_t> count =
        tensor ? numElements(tensor.getShape()) : std::nullopt;
    if (!tensor || !count ||
        !(tensor.getElementType().isIntOrIndexOrFloat() ||
          isa<ComplexType>(tensor.getElementType()))) {
      reader.emitError() << "tensor_v1 of a type that holds no constant: "
                         << type;
      return {};
    }
    std::string data(blob.begin(), blob.end());
    if (tensor.getElementType().isInteger(1)) {
      // Read as upstream reads: 0xFF alone is a splat of true; ceil(n/8)
      // bytes (other than n) are packed bits, as MLIR keeps them; otherwise
      // one byte per element (older writers; a single byte is a splat).
      size_t packed = llvm::divideCeil(*count, 8);
      bool packedBits = (blob.size() == 1 && uint8_t(blob[0]) == 0xFF) ||
                        (blob.size() == packed && blob.size() != size_t(*count));
      if (!packedBits) {
        if (blob.size() != 1 && blob.size() != size_t(*count)) {
          reader.emitError() << "tensor_v1 of i1 with " << blob.size()
                             << " bytes for " << *count << " elements";
          return {};
        }
        if (llvm::any_of(blob, [](char byte) { return byte != 0 && byte != 1; })) {
          reader.emitError() << "tensor_v1 of i1 with a byte that is not 0 or 1";
          return {};
        }
        if (blob.size() == 1) {
          data.assign(1, blob[0] ? '\xff' : '\0');
        } else {
          data.assign(packed, '\0');
          for (int64_t i = 0; i < *count; ++i)
            if (blob[i])
              data[i / 8] |= char(1 << (i % 8));
        }
      }
    }
    bool splat = false;
    if (!DenseElementsAttr::isValidRawBuffer(
            tensor, ArrayRef<char>(data.data(), data.size()), splat)) {
      reader.emitError() << "tensor_v1 data of " << blob.size()
                         << " bytes does not fit its type " << type;
      return {};
    }
    return TensorV1Attr::get(getContext(), type, data);
  }

  //===--- Types ------------------------------------------------------------===//

  Type readType(DialectBytecodeReader &reader) const override {
    uint64_t code;
    if (failed(reader.readVarInt(code)))
      return {};
    MLIRContext *ctx = getContext();
    size_t count;
    const ScalarTypeCode *scalars = scalarTypeCodes(count);
    for (size_t i = 0; i < count; ++i)
      if (scalars[i].code == code)
        return scalars[i].get(ctx);
    SmallVector<Type> types, more;
    SmallVector<int64_t> shape;
    Type element;
    Attribute encoding;
    switch (code) {
    case kComplexV1Type:
      if (failed(reader.readType(element)))
        return {};
      return ComplexV1Type::get(ctx, element);
    case kFunctionV1Type:
      if (failed(readTypes(reader, types)) || failed(readTypes(reader, more)))
        return {};
      return FunctionV1Type::get(ctx, types, more);
    case kRankedTensorV1TypeWithEncoding:
      if (failed(reader.readAttribute(encoding)))
        return {};
      [[fallthrough]];
    case kRankedTensorV1Type:
      if (failed(readShape(reader, shape)) || failed(reader.readType(element)))
        return {};
      return RankedTensorV1Type::get(ctx, shape, element, encoding);
    case kRankedBufferV1Type:
      if (failed(readShape(reader, shape)) || failed(reader.readType(element)))
        return {};
      return RankedBufferV1Type::get(ctx, shape, element);
    case kTupleV1Type:
      if (failed(readTypes(reader, types)))
        return {};
      return TupleV1Type::get(ctx, types);
    case kFutureV1Type:
      if (failed(readTypes(reader, types)))
        return {};
      return FutureV1Type::get(ctx, types);
    case kUnrankedTensorV1Type:
      if (failed(reader.readType(element)))
        return {};
      return UnrankedTensorV1Type::get(ctx, element);
    case kUniformQuantizedV1Type: {
      uint64_t flags;
      Type storage, expressed;
      int64_t zeroPoint, min, max;
      if (failed(reader.readVarInt(flags)) || failed(reader.readType(storage)) ||
          failed(reader.readType(expressed)))
        return {};
      FailureOr<llvm::APFloat> scale =
          reader.readAPFloatWithKnownSemantics(llvm::APFloat::IEEEdouble());
      if (failed(scale) || failed(reader.readSignedVarInt(zeroPoint)) ||
          failed(reader.readSignedVarInt(min)) ||
          failed(reader.readSignedVarInt(max)))
        return {};
      if (flags > UINT32_MAX) {
        reader.emitError("invalid UniformQuantizedType");
        return {};
      }
      return UniformQuantizedV1Type::get(ctx, flags, storage, expressed, *scale,
                                         zeroPoint, min, max);
    }
    case kUniformQuantizedPerAxisV1Type: {
      uint64_t flags, dimension;
      Type storage, expressed;
      int64_t min, max;
      SmallVector<llvm::APFloat> scales;
      SmallVector<int64_t> zeroPoints;
      if (failed(reader.readVarInt(flags)) || failed(reader.readType(storage)) ||
          failed(reader.readType(expressed)) ||
          failed(reader.readVarInt(dimension)) ||
          failed(reader.readSignedVarInt(min)) ||
          failed(reader.readSignedVarInt(max)))
        return {};
      auto readScale = [&]() {
        return reader.readAPFloatWithKnownSemantics(llvm::APFloat::IEEEdouble());
      };
      if (failed(readList(reader, scales, readScale)) ||
          failed(readSignedVarInts(reader, zeroPoints)))
        return {};
      if (flags > UINT32_MAX || dimension > INT32_MAX) {
        reader.emitError("invalid UniformQuantizedPerAxisType");
        return {};
      }
      return UniformQuantizedPerAxisV1Type::get(ctx, flags, storage, expressed,
                                                dimension, scales, zeroPoints,
                                                min, max);
    }
    default:
      reader.emitError() << "unknown vhlo type code: " << code;
      return {};
    }
  }

  LogicalResult writeType(Type type,
                          DialectBytecodeWriter &writer) const override {
    size_t count;
    const ScalarTypeCode *scalars = scalarTypeCodes(count);
    for (size_t i = 0; i < count; ++i)
      if (scalars[i].id == type.getTypeID()) {
        writer.writeVarInt(scalars[i].code);
        return success();
      }
    return llvm::TypeSwitch<Type, LogicalResult>(type)
        .Case([&](ComplexV1Type t) {
          writer.writeVarInt(kComplexV1Type);
          writer.writeType(t.getElementType());
          return success();
        })
        .Case([&](FunctionV1Type t) {
          writer.writeVarInt(kFunctionV1Type);
          writer.writeTypes(t.getInputs());
          writer.writeTypes(t.getOutputs());
          return success();
        })
        .Case([&](RankedTensorV1Type t) {
          if (t.getEncoding()) {
            writer.writeVarInt(kRankedTensorV1TypeWithEncoding);
            writer.writeAttribute(t.getEncoding());
          } else {
            writer.writeVarInt(kRankedTensorV1Type);
          }
          writer.writeSignedVarInts(t.getShape());
          writer.writeType(t.getElementType());
          return success();
        })
        .Case([&](RankedBufferV1Type t) {
          writer.writeVarInt(kRankedBufferV1Type);
          writer.writeSignedVarInts(t.getShape());
          writer.writeType(t.getElementType());
          return success();
        })
        .Case([&](TupleV1Type t) {
          writer.writeVarInt(kTupleV1Type);
          writer.writeTypes(t.getTypes());
          return success();
        })
        .Case([&](FutureV1Type t) {
          writer.writeVarInt(kFutureV1Type);
          writer.writeTypes(t.getTypes());
          return success();
        })
        .Case([&](UnrankedTensorV1Type t) {
          writer.writeVarInt(kUnrankedTensorV1Type);
          writer.writeType(t.getElementType());
          return success();
        })
        .Case([&](UniformQuantizedV1Type t) {
          writer.writeVarInt(kUniformQuantizedV1Type);
          writer.writeVarInt(t.getFlags());
          writer.writeType(t.getStorageType());
          writer.writeType(t.getExpressedType());
          writer.writeAPFloatWithKnownSemantics(t.getScale());
          writer.writeSignedVarInt(t.getZeroPoint());
          writer.writeSignedVarInt(t.getStorageTypeMin());
          writer.writeSignedVarInt(t.getStorageTypeMax());
          return success();
        })
        .Case([&](UniformQuantizedPerAxisV1Type t) {
          writer.writeVarInt(kUniformQuantizedPerAxisV1Type);
          writer.writeVarInt(t.getFlags());
          writer.writeType(t.getStorageType());
          writer.writeType(t.getExpressedType());
          writer.writeVarInt(t.getQuantizedDimension());
          writer.writeSignedVarInt(t.getStorageTypeMin());
          writer.writeSignedVarInt(t.getStorageTypeMax());
          writer.writeList(t.getScales(), [&](const llvm::APFloat &scale) {
            writer.writeAPFloatWithKnownSemantics(scale);
          });
          writer.writeSignedVarInts(t.getZeroPoints());
          return success();
        })
        .Default([](Type) { return failure(); });
  }
};

} // namespace

void mlir::vhlo::addBytecodeInterface(VhloDialect *dialect) {
  dialect->addInterfaces<VhloBytecodeInterface>();
}
