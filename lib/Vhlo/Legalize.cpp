// StableHLO <-> VHLO, and VHLO between versions (docs/vhlo.md).
//
// A VHLO op carries every attribute: an attribute StableHLO leaves out is
// written with its default (kDefaults), and dropped again on the way back so
// that a program round-trips to its own text. Struct attributes (dimension
// numbers, dot algorithms, channel handles) are flattened into one VHLO
// attribute per field. Ops are rebuilt with MLIR's builders, regions and
// blocks included; values keep their uses through an IRMapping.
#include "Dialect/StablehloOps.h"
#include "Vhlo/Legalize.h"
#include "Vhlo/VhloOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::vhlo;
namespace hlo = mlir::stablehlo;

namespace {

//===--- Defaults ---------------------------------------------------------===//

enum class DefaultKind {
  ZeroI64,        // integer_v1<0 : i64>
  MinusOneI64,    // integer_v1<-1 : i64>
  False,          // bool_v1<false>
  EmptyString,    // string_v1<"">
  EmptyArray,     // array_v1<[]>
  EmptyDict,      // dict_v1<{}>
  EmptyI64Tensor, // tensor_v1<dense<> : tensor<0xi64>>
  OnesI64,        // N ones (N: the op's spatial or window rank)
  ZeroPadding,    // N x 2 zeros
  FalsesI1,       // N falses
  TwoDefaultPrecisions,
  NoType,         // comparison_type_v1 NOTYPE
  ApiOriginal,    // api_version_v1 API_VERSION_ORIGINAL
  BackendConfig,  // "" or {} (typed FFI)
  NoneType,       // type_v1<none_v1>
  DefaultAccuracy,
};

struct DefaultAttr {
  const char *attr;
  DefaultKind kind;
};

const char *const kAccuracyOps[] = {
    "cbrt", "cosine", "exponential", "exponential_minus_one", "log",
    "log_plus_one", "logistic", "rsqrt", "sine", "sqrt", "tan", "tanh"};

// The defaults of each op (keyed by its name without dialect and version).
const llvm::StringMap<SmallVector<DefaultAttr>> &defaults() {
  using K = DefaultKind;
  static const llvm::StringMap<SmallVector<DefaultAttr>> table = [] {
    llvm::StringMap<SmallVector<DefaultAttr>> t;
    t["func"] = {{"sym_visibility", K::EmptyString},
                 {"arg_attrs", K::EmptyArray},
                 {"res_attrs", K::EmptyArray}};
    for (const char *op : {"all_gather", "all_reduce", "reduce_scatter"})
      t[op] = {{"channel_id", K::ZeroI64}, {"use_global_device_ids", K::False}};
    for (const char *op : {"all_to_all", "collective_permute"})
      t[op] = {{"channel_id", K::ZeroI64}};
    t["collective_broadcast"] = {{"channel_id", K::ZeroI64},
                                 {"has_dynamic_root", K::False}};
    t["collective_reduce"] = {{"channel_id", K::ZeroI64},
                              {"use_global_device_ids", K::False},
                              {"has_dynamic_root", K::False}};
    t["cholesky"] = {{"lower", K::False}};
    t["compare"] = {{"compare_type", K::NoType}};
    t["composite"] = {{"version", K::ZeroI64},
                      {"composite_attributes", K::EmptyDict}};
    t["convolution"] = {{"window_strides", K::OnesI64},
                        {"padding", K::ZeroPadding},
                        {"lhs_dilation", K::OnesI64},
                        {"rhs_dilation", K::OnesI64},
                        {"window_reversal", K::FalsesI1},
                        {"precision_config", K::TwoDefaultPrecisions}};
    t["dynamic_conv"] = {{"window_strides", K::OnesI64},
                         {"lhs_dilation", K::OnesI64},
                         {"rhs_dilation", K::OnesI64},
                         {"window_reversal", K::FalsesI1},
                         {"precision_config", K::TwoDefaultPrecisions}};
    t["custom_call"] = {{"has_side_effect", K::False},
                        {"backend_config", K::BackendConfig},
                        {"api_version", K::ApiOriginal},
                        {"called_computations", K::EmptyArray},
                        {"operand_layouts", K::EmptyArray},
                        {"result_layouts", K::EmptyArray},
                        {"output_operand_aliases", K::EmptyArray},
                        {"result_tilings", K::EmptyArray}};
    t["dot"] = {{"precision_config", K::TwoDefaultPrecisions}};
    t["dot_general"] = {{"precision_config", K::TwoDefaultPrecisions},
                        {"lhs_precision_type", K::NoneType},
                        {"rhs_precision_type", K::NoneType},
                        {"accumulation_type", K::NoneType},
                        {"lhs_component_count", K::NoneType},
                        {"rhs_component_count", K::NoneType},
                        {"num_primitive_operations", K::NoneType},
                        {"allow_imprecise_accumulation", K::NoneType}};
    for (const char *op : kAccuracyOps)
      t[op] = {{"result_accuracy", K::DefaultAccuracy}};
    t["dynamic_broadcast_in_dim"] = {
        {"known_expanding_dimensions", K::EmptyI64Tensor},
        {"known_nonexpanding_dimensions", K::EmptyI64Tensor}};
    t["gather"] = {{"indices_are_sorted", K::False}};
    t["dynamic_gather"] = {{"indices_are_sorted", K::False}};
    t["infeed"] = {{"infeed_config", K::EmptyString}, {"layout", K::EmptyArray}};
    t["outfeed"] = {{"outfeed_config", K::EmptyString}};
    for (const char *op : {"send", "recv"})
      t[op] = {{"is_host_transfer", K::False},
               {"source_target_pairs", K::EmptyI64Tensor}};
    t["reduce_window"] = {{"window_strides", K::OnesI64},
                          {"base_dilations", K::OnesI64},
                          {"window_dilations", K::OnesI64},
                          {"padding", K::ZeroPadding}};
    t["scatter"] = {{"indices_are_sorted", K::False},
                    {"unique_indices", K::False}};
    t["select_and_scatter"] = {{"window_strides", K::OnesI64},
                               {"padding", K::ZeroPadding}};
    t["sort"] = {{"dimension", K::MinusOneI64}, {"is_stable", K::False}};
    return t;
  }();
  return table;
}

Attribute i64Tensor(MLIRContext *ctx, ArrayRef<int64_t> values,
                    ArrayRef<int64_t> shape) {
  auto type = RankedTensorType::get(shape, IntegerType::get(ctx, 64));
  auto dense = DenseIntElementsAttr::get(type, values);
  ArrayRef<char> raw = dense.getRawData();
  return TensorV1Attr::get(ctx, toVhloType(type), StringRef(raw.data(), raw.size()));
}

Attribute makeDefault(MLIRContext *ctx, DefaultKind kind, int64_t rank,
                      bool typedFfi) {
  using K = DefaultKind;
  auto i64 = IntegerSI64V1Type::get(ctx);
  switch (kind) {
  case K::ZeroI64:
    return IntegerV1Attr::get(ctx, i64, APInt(64, 0));
  case K::MinusOneI64:
    return IntegerV1Attr::get(ctx, i64, APInt(64, -1, /*isSigned=*/true));
  case K::False:
    return BooleanV1Attr::get(ctx, false);
  case K::EmptyString:
    return StringV1Attr::get(ctx, "");
  case K::EmptyArray:
    return ArrayV1Attr::get(ctx, {});
  case K::EmptyDict:
    return DictionaryV1Attr::get(ctx, {});
  case K::EmptyI64Tensor:
    return i64Tensor(ctx, {}, {0});
  case K::OnesI64:
    return i64Tensor(ctx, SmallVector<int64_t>(rank, 1), {rank});
  case K::ZeroPadding:
    return i64Tensor(ctx, SmallVector<int64_t>(rank * 2, 0), {rank, 2});
  case K::FalsesI1: {
    auto type = RankedTensorType::get({rank}, IntegerType::get(ctx, 1));
    auto dense = DenseElementsAttr::get(type, false);
    ArrayRef<char> raw = dense.getRawData();
    return TensorV1Attr::get(ctx, toVhloType(type),
                             StringRef(raw.data(), raw.size()));
  }
  case K::TwoDefaultPrecisions: {
    Attribute precision = PrecisionV1Attr::get(ctx, PrecisionV1::DEFAULT);
    return ArrayV1Attr::get(ctx, {precision, precision});
  }
  case K::NoType:
    return ComparisonTypeV1Attr::get(ctx, ComparisonTypeV1::NOTYPE);
  case K::ApiOriginal:
    return CustomCallApiVersionV1Attr::get(
        ctx, CustomCallApiVersionV1::API_VERSION_ORIGINAL);
  case K::BackendConfig:
    return typedFfi ? Attribute(DictionaryV1Attr::get(ctx, {}))
                    : Attribute(StringV1Attr::get(ctx, ""));
  case K::NoneType:
    return TypeV1Attr::get(ctx, NoneV1Type::get(ctx));
  case K::DefaultAccuracy: {
    llvm::APFloat zero(0.0);
    return ResultAccuracyV1Attr::get(
        ctx, zero, zero, 0,
        ResultAccuracyModeV1Attr::get(ctx, ResultAccuracyModeV1::DEFAULT));
  }
  }
  return {};
}

// Whether every element of a tensor_v1 equals `value`.
bool tensorIsAll(Attribute attr, int64_t value) {
  auto tensor = dyn_cast<TensorV1Attr>(attr);
  if (!tensor)
    return false;
  auto type = dyn_cast_or_null<ShapedType>(toBuiltinType(tensor.getType()));
  if (!type)
    return false;
  auto dense = DenseElementsAttr::getFromRawBuffer(
      type, ArrayRef<char>(tensor.getData().data(), tensor.getData().size()));
  auto ints = dyn_cast<DenseIntElementsAttr>(dense);
  return ints && ints.getNumElements() > 0 &&
         llvm::all_of(ints.getValues<APInt>(), [&](const APInt &v) {
           return v.getSExtValue() == value ||
                  (v.getBitWidth() == 1 && v.getZExtValue() == uint64_t(value));
         });
}

bool isDefault(Attribute attr, DefaultKind kind) {
  using K = DefaultKind;
  MLIRContext *ctx = attr.getContext();
  switch (kind) {
  case K::ZeroI64:
  case K::MinusOneI64: {
    auto integer = dyn_cast<IntegerV1Attr>(attr);
    return integer && integer.getValue().getSExtValue() ==
                          (kind == K::ZeroI64 ? 0 : -1);
  }
  case K::OnesI64:
    return tensorIsAll(attr, 1);
  case K::ZeroPadding:
  case K::FalsesI1:
    return tensorIsAll(attr, 0);
  case K::EmptyI64Tensor: {
    auto tensor = dyn_cast<TensorV1Attr>(attr);
    auto type = tensor ? dyn_cast<RankedTensorV1Type>(tensor.getType())
                       : RankedTensorV1Type();
    return type && llvm::is_contained(type.getShape(), 0);
  }
  case K::TwoDefaultPrecisions: {
    auto array = dyn_cast<ArrayV1Attr>(attr);
    return array && llvm::all_of(array.getValue(), [](Attribute a) {
             auto p = dyn_cast<PrecisionV1Attr>(a);
             return p && p.getValue() == PrecisionV1::DEFAULT;
           });
  }
  case K::BackendConfig:
    return attr == makeDefault(ctx, kind, 0, false) ||
           attr == makeDefault(ctx, kind, 0, true);
  default:
    return attr == makeDefault(ctx, kind, 0, false);
  }
}

// The op name without dialect and version: "stablehlo.add" and "vhlo.add_v1"
// are "add"; func.func, vhlo.func_v1 are "func".
StringRef baseName(StringRef name) {
  name = name.drop_until([](char c) { return c == '.'; }).drop_front();
  size_t v = name.rfind("_v");
  if (v != StringRef::npos &&
      llvm::all_of(name.drop_front(v + 2), llvm::isDigit) &&
      name.size() > v + 2)
    name = name.take_front(v);
  return name;
}

// The newest version of each vhlo op ("add" -> "vhlo.add_v1"), from the
// dialect's op list (not from a context, which may not hold the dialect).
template <typename... Ops>
llvm::StringMap<std::string> newestOf() {
  llvm::StringMap<std::string> table;
  llvm::StringMap<int> versions;
  for (StringRef full : {Ops::getOperationName()...}) {
    StringRef base = baseName(full);
    int version = 0;
    full.substr(full.rfind("_v") + 2).getAsInteger(10, version);
    if (version > versions.lookup(base)) {
      versions[base] = version;
      table[base] = full.str();
    }
  }
  return table;
}

const llvm::StringMap<std::string> &newestVhloOps() {
  static const llvm::StringMap<std::string> table = newestOf<
#define GET_OP_LIST
#include "VhloOpList.cpp.inc"
      >();
  return table;
}

// The number of spatial (or window) dimensions the defaults of `op` need.
int64_t defaultRank(Operation *op) {
  if (auto conv = op->getAttrOfType<hlo::ConvDimensionNumbersAttr>(
          "dimension_numbers"))
    return conv.getInputSpatialDimensions().size();
  if (auto window = op->getAttrOfType<DenseI64ArrayAttr>("window_dimensions"))
    return window.size();
  return 0;
}

//===--- StableHLO -> VHLO attributes ---------------------------------------===//

// The enum attributes of both dialects, paired: values map by their names.
template <typename FromAttr, typename ToAttr, auto stringify, auto symbolize>
Attribute renameEnum(Attribute attr) {
  auto value = symbolize(stringify(cast<FromAttr>(attr).getValue()));
  return value ? ToAttr::get(attr.getContext(), *value) : Attribute();
}
struct EnumPair {
  TypeID hlo, vhlo;
  Attribute (*toVhlo)(Attribute);
  Attribute (*toHlo)(Attribute);
};
#define VHLO_ENUM_PAIR(Name)                                                   \
  EnumPair {                                                                   \
    TypeID::get<hlo::Name##Attr>(), TypeID::get<Name##V1Attr>(),               \
        &renameEnum<hlo::Name##Attr, Name##V1Attr, &hlo::stringify##Name,      \
                    &symbolizeEnum<Name##V1>>,                                 \
        &renameEnum<Name##V1Attr, hlo::Name##Attr, &stringify##Name##V1,       \
                    &hlo::symbolizeEnum<hlo::Name>>                            \
  }
const EnumPair kEnumPairs[] = {
    VHLO_ENUM_PAIR(ComparisonDirection), VHLO_ENUM_PAIR(ComparisonType),
    VHLO_ENUM_PAIR(FftType),             VHLO_ENUM_PAIR(Precision),
    VHLO_ENUM_PAIR(RngAlgorithm),        VHLO_ENUM_PAIR(RngDistribution),
    VHLO_ENUM_PAIR(Transpose),           VHLO_ENUM_PAIR(ResultAccuracyMode)};
#undef VHLO_ENUM_PAIR

const EnumPair *enumPairOf(Attribute attr) {
  TypeID id = attr.getTypeID();
  for (const EnumPair &pair : kEnumPairs)
    if (pair.hlo == id || pair.vhlo == id)
      return &pair;
  return nullptr;
}

Attribute denseToVhlo(DenseElementsAttr dense) {
  Type type = toVhloType(dense.getType());
  if (!type)
    return {};
  ArrayRef<char> raw = dense.getRawData();
  return TensorV1Attr::get(dense.getContext(), type,
                           StringRef(raw.data(), raw.size()));
}

Attribute attrToVhlo(Attribute attr);

// The mesh-axes attributes of replica groups; null for other attributes
// (and for invalid parts).
Attribute meshAttrToVhlo(Attribute attr) {
  MLIRContext *ctx = attr.getContext();
  auto string = [&](StringRef value) { return StringV1Attr::get(ctx, value); };
  if (auto a = dyn_cast<hlo::SubAxisInfoAttr>(attr))
    return SubAxisInfoV1Attr::get(ctx, a.getPreSize(), a.getSize());
  if (auto a = dyn_cast<hlo::AxisRefAttr>(attr)) {
    Attribute subAxis =
        a.getSubAxisInfo() ? attrToVhlo(a.getSubAxisInfo()) : Attribute();
    return AxisRefV1Attr::get(ctx, string(a.getName()), subAxis);
  }
  if (auto a = dyn_cast<hlo::MeshAxisAttr>(attr))
    return MeshAxisV1Attr::get(ctx, string(a.getName()), a.getSize());
  if (auto a = dyn_cast<hlo::MeshAttr>(attr)) {
    SmallVector<Attribute> axes;
    for (hlo::MeshAxisAttr axis : a.getAxes())
      axes.push_back(attrToVhlo(axis));
    Attribute ids = a.getDeviceIds() ? attrToVhlo(a.getDeviceIds()) : Attribute();
    if (a.getDeviceIds() && !ids)
      return {};
    return MeshV1Attr::get(ctx, ArrayV1Attr::get(ctx, axes), ids);
  }
  if (auto a = dyn_cast<hlo::ReplicaGroupMeshAxesAttr>(attr)) {
    Attribute mesh = attrToVhlo(a.getMesh()), axes = attrToVhlo(a.getAxes());
    return mesh && axes ? ReplicaGroupMeshAxesV1Attr::get(ctx, mesh, axes)
                        : Attribute();
  }
  return {};
}

Attribute attrToVhlo(Attribute attr) {
  MLIRContext *ctx = attr.getContext();
  if (isVhloAttr(attr))
    return attr;
  if (const EnumPair *pair = enumPairOf(attr))
    return pair->toVhlo(attr);
  if (auto a = dyn_cast<hlo::OutputOperandAliasAttr>(attr))
    return OutputOperandAliasV1Attr::get(ctx, a.getOutputTupleIndices(),
                                         a.getOperandIndex(),
                                         a.getOperandTupleIndices());
  if (auto a = dyn_cast<hlo::ResultAccuracyAttr>(attr)) {
    Attribute mode = attrToVhlo(a.getMode());
    return mode ? ResultAccuracyV1Attr::get(ctx, a.getAtol(), a.getRtol(),
                                            a.getUlps(), mode)
                : Attribute();
  }
  if (auto a = dyn_cast<hlo::TypeExtensionsAttr>(attr))
    return TypeExtensionsV1Attr::get(ctx, a.getBounds());
  if (Attribute mesh = meshAttrToVhlo(attr))
    return mesh;
  if (auto a = dyn_cast<ArrayAttr>(attr)) {
    SmallVector<Attribute> elements;
    for (Attribute element : a) {
      Attribute converted = attrToVhlo(element);
      if (!converted)
        return {};
      elements.push_back(converted);
    }
    return ArrayV1Attr::get(ctx, elements);
  }
  if (auto a = dyn_cast<DenseIntOrFPElementsAttr>(attr))
    return denseToVhlo(a);
  if (auto a = dyn_cast<DenseI64ArrayAttr>(attr))
    return i64Tensor(ctx, a.asArrayRef(), {a.size()});
  if (auto a = dyn_cast<DenseBoolArrayAttr>(attr)) {
    auto type = RankedTensorType::get({a.size()}, IntegerType::get(ctx, 1));
    return denseToVhlo(DenseElementsAttr::get(type, a.asArrayRef()));
  }
  if (auto a = dyn_cast<DictionaryAttr>(attr)) {
    SmallVector<std::pair<Attribute, Attribute>> entries;
    for (NamedAttribute entry : a) {
      Attribute value = attrToVhlo(entry.getValue());
      if (!value)
        return {};
      entries.push_back({StringV1Attr::get(ctx, entry.getName().getValue()), value});
    }
    return DictionaryV1Attr::get(ctx, entries);
  }
  if (auto a = dyn_cast<FloatAttr>(attr)) {
    Type type = toVhloType(a.getType());
    return type ? FloatV1Attr::get(ctx, type, a.getValue()) : Attribute();
  }
  if (auto a = dyn_cast<BoolAttr>(attr))
    return BooleanV1Attr::get(ctx, a.getValue());
  if (auto a = dyn_cast<IntegerAttr>(attr)) {
    Type type = toVhloType(a.getType());
    return type ? IntegerV1Attr::get(ctx, type, a.getValue()) : Attribute();
  }
  if (auto a = dyn_cast<FlatSymbolRefAttr>(attr))
    return StringV1Attr::get(ctx, a.getValue());
  if (auto a = dyn_cast<StringAttr>(attr))
    return isa<NoneType>(a.getType()) ? StringV1Attr::get(ctx, a.getValue())
                                      : Attribute();
  if (auto a = dyn_cast<TypeAttr>(attr)) {
    Type type = toVhloType(a.getValue());
    return type ? TypeV1Attr::get(ctx, type) : Attribute();
  }
  return {};
}

Attribute i64Attr(MLIRContext *ctx, int64_t value) {
  return IntegerV1Attr::get(ctx, IntegerSI64V1Type::get(ctx),
                            APInt(64, value, /*isSigned=*/true));
}
Attribute i64sAttr(MLIRContext *ctx, ArrayRef<int64_t> values) {
  return i64Tensor(ctx, values, {int64_t(values.size())});
}

// Struct and odd attributes, flattened or renamed; false if not special.
bool specialToVhlo(StringRef base, NamedAttribute named, NamedAttrList &out,
                   LogicalResult &result) {
  MLIRContext *ctx = named.getValue().getContext();
  StringRef name = named.getName().getValue();
  Attribute attr = named.getValue();
  result = success();
  if (auto channel = dyn_cast<hlo::ChannelHandleAttr>(attr)) {
    out.set("channel_id", i64Attr(ctx, channel.getHandle()));
    if (base == "send" || base == "recv")
      out.set("channel_type", i64Attr(ctx, channel.getType()));
    return true;
  }
  if (isa<UnitAttr>(attr) &&
      (name == "use_global_device_ids" || name == "has_dynamic_root")) {
    out.set(name, BooleanV1Attr::get(ctx, true));
    return true;
  }
  if (auto conv = dyn_cast<hlo::ConvDimensionNumbersAttr>(attr)) {
    out.set("input_batch_dimension", i64Attr(ctx, conv.getInputBatchDimension()));
    out.set("input_feature_dimension", i64Attr(ctx, conv.getInputFeatureDimension()));
    out.set("input_spatial_dimensions", i64sAttr(ctx, conv.getInputSpatialDimensions()));
    out.set("kernel_input_feature_dimension",
            i64Attr(ctx, conv.getKernelInputFeatureDimension()));
    out.set("kernel_output_feature_dimension",
            i64Attr(ctx, conv.getKernelOutputFeatureDimension()));
    out.set("kernel_spatial_dimensions", i64sAttr(ctx, conv.getKernelSpatialDimensions()));
    out.set("output_batch_dimension", i64Attr(ctx, conv.getOutputBatchDimension()));
    out.set("output_feature_dimension", i64Attr(ctx, conv.getOutputFeatureDimension()));
    out.set("output_spatial_dimensions", i64sAttr(ctx, conv.getOutputSpatialDimensions()));
    return true;
  }
  if (auto dot = dyn_cast<hlo::DotDimensionNumbersAttr>(attr)) {
    out.set("lhs_batching_dimensions", i64sAttr(ctx, dot.getLhsBatchingDimensions()));
    out.set("rhs_batching_dimensions", i64sAttr(ctx, dot.getRhsBatchingDimensions()));
    out.set("lhs_contracting_dimensions", i64sAttr(ctx, dot.getLhsContractingDimensions()));
    out.set("rhs_contracting_dimensions", i64sAttr(ctx, dot.getRhsContractingDimensions()));
    return true;
  }
  if (auto algorithm = dyn_cast<hlo::DotAlgorithmAttr>(attr)) {
    Type lhs = toVhloType(algorithm.getLhsPrecisionType());
    Type rhs = toVhloType(algorithm.getRhsPrecisionType());
    Type acc = toVhloType(algorithm.getAccumulationType());
    if (!lhs || !rhs || !acc) {
      result = failure();
      return true;
    }
    out.set("lhs_precision_type", TypeV1Attr::get(ctx, lhs));
    out.set("rhs_precision_type", TypeV1Attr::get(ctx, rhs));
    out.set("accumulation_type", TypeV1Attr::get(ctx, acc));
    out.set("lhs_component_count", i64Attr(ctx, algorithm.getLhsComponentCount()));
    out.set("rhs_component_count", i64Attr(ctx, algorithm.getRhsComponentCount()));
    out.set("num_primitive_operations",
            i64Attr(ctx, algorithm.getNumPrimitiveOperations()));
    out.set("allow_imprecise_accumulation",
            BooleanV1Attr::get(ctx, algorithm.getAllowImpreciseAccumulation()));
    return true;
  }
  if (auto gather = dyn_cast<hlo::GatherDimensionNumbersAttr>(attr)) {
    out.set("offset_dims", i64sAttr(ctx, gather.getOffsetDims()));
    out.set("collapsed_slice_dims", i64sAttr(ctx, gather.getCollapsedSliceDims()));
    out.set("operand_batching_dims", i64sAttr(ctx, gather.getOperandBatchingDims()));
    out.set("start_indices_batching_dims",
            i64sAttr(ctx, gather.getStartIndicesBatchingDims()));
    out.set("start_index_map", i64sAttr(ctx, gather.getStartIndexMap()));
    out.set("index_vector_dim", i64Attr(ctx, gather.getIndexVectorDim()));
    return true;
  }
  if (auto scatter = dyn_cast<hlo::ScatterDimensionNumbersAttr>(attr)) {
    out.set("update_window_dims", i64sAttr(ctx, scatter.getUpdateWindowDims()));
    out.set("inserted_window_dims", i64sAttr(ctx, scatter.getInsertedWindowDims()));
    out.set("input_batching_dims", i64sAttr(ctx, scatter.getInputBatchingDims()));
    out.set("scatter_indices_batching_dims",
            i64sAttr(ctx, scatter.getScatterIndicesBatchingDims()));
    out.set("scatter_dims_to_operand_dims",
            i64sAttr(ctx, scatter.getScatterDimsToOperandDims()));
    out.set("index_vector_dim", i64Attr(ctx, scatter.getIndexVectorDim()));
    return true;
  }
  if (base == "custom_call" && name == "api_version") {
    auto value = dyn_cast<IntegerAttr>(attr);
    auto version = value ? hlo::symbolizeCustomCallApiVersion(
                               static_cast<uint32_t>(value.getInt()))
                         : std::nullopt;
    auto vhloVersion =
        version ? symbolizeCustomCallApiVersionV1(
                      hlo::stringifyCustomCallApiVersion(*version))
                : std::nullopt;
    if (!vhloVersion) {
      result = failure();
      return true;
    }
    out.set(name, CustomCallApiVersionV1Attr::get(ctx, *vhloVersion));
    return true;
  }
  return false;
}

//===--- VHLO -> StableHLO attributes ---------------------------------------===//

Attribute attrToHlo(Attribute attr) {
  MLIRContext *ctx = attr.getContext();
  if (!isVhloAttr(attr))
    return attr; // another dialect's, kept as it is
  if (const EnumPair *pair = enumPairOf(attr))
    return pair->toHlo(attr);
  return llvm::TypeSwitch<Attribute, Attribute>(attr)
      .Case([&](CustomCallApiVersionV1Attr a) -> Attribute {
        auto version = hlo::symbolizeCustomCallApiVersion(
            stringifyCustomCallApiVersionV1(a.getValue()));
        if (!version)
          return {};
        return IntegerAttr::get(IntegerType::get(ctx, 32),
                                static_cast<int32_t>(*version));
      })
      .Case([&](OutputOperandAliasV1Attr a) {
        return hlo::OutputOperandAliasAttr::get(ctx, a.getOutputTupleIndices(),
                                                a.getOperandIndex(),
                                                a.getOperandTupleIndices());
      })
      .Case([&](ResultAccuracyV1Attr a) -> Attribute {
        auto mode = dyn_cast_or_null<hlo::ResultAccuracyModeAttr>(
            attrToHlo(a.getMode()));
        if (!mode)
          return {};
        // Checked: an artifact may hold what the attribute's verifier rejects.
        return hlo::ResultAccuracyAttr::getChecked(
            [&] { return emitError(UnknownLoc::get(ctx)); }, ctx, a.getAtol(),
            a.getRtol(), a.getUlps(), mode);
      })
      .Case([&](TypeExtensionsV1Attr a) {
        return hlo::TypeExtensionsAttr::get(ctx, a.getBounds());
      })
      .Case([&](SubAxisInfoV1Attr a) {
        return hlo::SubAxisInfoAttr::get(ctx, a.getPreSize(), a.getSize());
      })
      .Case([&](AxisRefV1Attr a) -> Attribute {
        auto name = dyn_cast_or_null<StringV1Attr>(a.getName());
        auto subAxis = dyn_cast_or_null<hlo::SubAxisInfoAttr>(
            a.getSubAxisInfo() ? attrToHlo(a.getSubAxisInfo()) : Attribute());
        if (!name || (a.getSubAxisInfo() && !subAxis))
          return {};
        return hlo::AxisRefAttr::get(ctx, name.getValue(), subAxis);
      })
      .Case([&](MeshAxisV1Attr a) -> Attribute {
        auto name = dyn_cast_or_null<StringV1Attr>(a.getName());
        return name ? hlo::MeshAxisAttr::get(ctx, name.getValue(), a.getSize())
                    : Attribute();
      })
      .Case([&](MeshV1Attr a) -> Attribute {
        auto axes = dyn_cast_or_null<ArrayV1Attr>(a.getAxes());
        auto ids = dyn_cast_or_null<DenseIntElementsAttr>(
            a.getDeviceIds() ? attrToHlo(a.getDeviceIds()) : Attribute());
        if (!axes || (a.getDeviceIds() && !ids))
          return {};
        SmallVector<hlo::MeshAxisAttr> meshAxes;
        for (Attribute axis : axes.getValue()) {
          auto meshAxis = dyn_cast_or_null<hlo::MeshAxisAttr>(attrToHlo(axis));
          if (!meshAxis)
            return {};
          meshAxes.push_back(meshAxis);
        }
        return hlo::MeshAttr::get(ctx, meshAxes, ids);
      })
      .Case([&](ReplicaGroupMeshAxesV1Attr a) -> Attribute {
        // The mesh: a symbol's name, or a mesh.
        Attribute mesh;
        if (auto name = dyn_cast_or_null<StringV1Attr>(a.getMesh()))
          mesh = FlatSymbolRefAttr::get(ctx, name.getValue());
        else if (a.getMesh())
          mesh = attrToHlo(a.getMesh());
        auto axes = dyn_cast_or_null<ArrayAttr>(
            a.getAxes() ? attrToHlo(a.getAxes()) : Attribute());
        // From bytes: invalid parts give no attribute, not an assertion.
        ScopedDiagnosticHandler quiet(ctx,
                                      [](Diagnostic &) { return success(); });
        return hlo::ReplicaGroupMeshAxesAttr::getChecked(
            [&] { return emitError(UnknownLoc::get(ctx)); }, ctx, mesh, axes);
      })
      .Case([&](ArrayV1Attr a) -> Attribute {
        SmallVector<Attribute> elements;
        for (Attribute element : a.getValue()) {
          Attribute converted = attrToHlo(element);
          if (!converted)
            return {};
          elements.push_back(converted);
        }
        return ArrayAttr::get(ctx, elements);
      })
      .Case([&](BooleanV1Attr a) { return BoolAttr::get(ctx, a.getValue()); })
      .Case([&](DictionaryV1Attr a) -> Attribute {
        SmallVector<NamedAttribute> entries;
        for (auto [key, value] : a.getValue()) {
          auto name = dyn_cast<StringV1Attr>(key);
          Attribute converted = attrToHlo(value);
          if (!name || !converted)
            return {};
          entries.push_back(NamedAttribute(name.getValue(), converted));
        }
        return DictionaryAttr::get(ctx, entries);
      })
      .Case([&](FloatV1Attr a) -> Attribute {
        Type type = toBuiltinType(a.getType());
        return isa_and_nonnull<FloatType>(type)
                   ? FloatAttr::get(type, a.getValue())
                   : Attribute();
      })
      .Case([&](IntegerV1Attr a) -> Attribute {
        Type type = toBuiltinType(a.getType());
        if (!type)
          return {};
        if (type.isInteger(1))
          return BoolAttr::get(ctx, !a.getValue().isZero());
        return IntegerAttr::get(type, a.getValue());
      })
      .Case([&](StringV1Attr a) { return StringAttr::get(ctx, a.getValue()); })
      .Case([&](TensorV1Attr a) -> Attribute {
        auto type = dyn_cast_or_null<ShapedType>(toBuiltinType(a.getType()));
        bool splat;
        ArrayRef<char> raw(a.getData().data(), a.getData().size());
        if (!type || !DenseElementsAttr::isValidRawBuffer(type, raw, splat))
          return {};
        return DenseElementsAttr::getFromRawBuffer(type, raw);
      })
      .Case([&](TypeV1Attr a) -> Attribute {
        Type type = toBuiltinType(a.getValue());
        return type ? TypeAttr::get(type) : Attribute();
      })
      .Default([](Attribute) { return Attribute(); });
}

// The attributes StableHLO keeps as array<i64>/array<i1>, not dense<...>.
bool isI64ArrayAttr(StringRef base, StringRef name) {
  static const llvm::StringMap<SmallVector<StringRef>> table = {
      {"fft", {"fft_length"}},
      {"broadcast", {"broadcast_sizes"}},
      {"dynamic_slice", {"slice_sizes"}},
      {"reverse", {"dimensions"}},
      {"transpose", {"permutation"}},
      {"pad", {"edge_padding_low", "edge_padding_high", "interior_padding"}},
      {"slice", {"start_indices", "limit_indices", "strides"}},
      {"broadcast_in_dim", {"broadcast_dimensions"}},
      {"dynamic_broadcast_in_dim",
       {"broadcast_dimensions", "known_expanding_dimensions",
        "known_nonexpanding_dimensions"}},
      {"select_and_scatter", {"window_dimensions", "window_strides"}},
      {"reduce_window",
       {"window_dimensions", "window_strides", "base_dilations",
        "window_dilations"}},
      {"map", {"dimensions"}},
      {"reduce", {"dimensions"}},
      {"gather", {"slice_sizes"}},
      {"convolution", {"lhs_dilation", "rhs_dilation", "window_strides"}},
      {"dynamic_conv", {"lhs_dilation", "rhs_dilation", "window_strides"}},
  };
  auto it = table.find(base);
  return it != table.end() && llvm::is_contained(it->second, name);
}

FailureOr<SmallVector<int64_t>> i64s(Attribute attr) {
  auto dense = dyn_cast_or_null<DenseIntElementsAttr>(attrToHlo(attr));
  if (!dense)
    return failure();
  SmallVector<int64_t> values;
  for (const APInt &value : dense.getValues<APInt>())
    values.push_back(value.getSExtValue());
  return values;
}
FailureOr<int64_t> i64(Attribute attr) {
  auto integer = dyn_cast_or_null<IntegerV1Attr>(attr);
  if (!integer)
    return failure();
  return integer.getValue().getSExtValue();
}

// Rebuilds struct attributes from their flattened fields (erased from `attrs`).
LogicalResult implodeToHlo(MLIRContext *ctx, StringRef base,
                           NamedAttrList &attrs, NamedAttrList &out) {
  auto take = [&](StringRef name) {
    Attribute attr = attrs.get(name);
    attrs.erase(name);
    return attr;
  };
  if (base == "convolution" || base == "dynamic_conv") {
    auto ib = i64(take("input_batch_dimension"));
    auto ifd = i64(take("input_feature_dimension"));
    auto is = i64s(take("input_spatial_dimensions"));
    auto kif = i64(take("kernel_input_feature_dimension"));
    auto kof = i64(take("kernel_output_feature_dimension"));
    auto ks = i64s(take("kernel_spatial_dimensions"));
    auto ob = i64(take("output_batch_dimension"));
    auto ofd = i64(take("output_feature_dimension"));
    auto os = i64s(take("output_spatial_dimensions"));
    if (failed(ib) || failed(ifd) || failed(is) || failed(kif) ||
        failed(kof) || failed(ks) || failed(ob) || failed(ofd) || failed(os))
      return failure();
    out.set("dimension_numbers",
            hlo::ConvDimensionNumbersAttr::get(ctx, *ib, *ifd, *is, *kif, *kof,
                                               *ks, *ob, *ofd, *os));
  } else if (base == "dot_general") {
    auto lb = i64s(take("lhs_batching_dimensions"));
    auto rb = i64s(take("rhs_batching_dimensions"));
    auto lc = i64s(take("lhs_contracting_dimensions"));
    auto rc = i64s(take("rhs_contracting_dimensions"));
    if (failed(lb) || failed(rb) || failed(lc) || failed(rc))
      return failure();
    out.set("dot_dimension_numbers",
            hlo::DotDimensionNumbersAttr::get(ctx, *lb, *rb, *lc, *rc));
    const char *fields[] = {"lhs_precision_type", "rhs_precision_type",
                            "accumulation_type", "lhs_component_count",
                            "rhs_component_count", "num_primitive_operations",
                            "allow_imprecise_accumulation"};
    SmallVector<Attribute> values;
    for (const char *field : fields)
      values.push_back(take(field));
    auto isNone = [](Attribute a) {
      auto type = dyn_cast_or_null<TypeV1Attr>(a);
      return !a || (type && isa<NoneV1Type>(type.getValue()));
    };
    if (llvm::all_of(values, isNone))
      return success();
    if (llvm::any_of(values, isNone))
      return failure();
    auto type = [](Attribute a) {
      return toBuiltinType(cast<TypeV1Attr>(a).getValue());
    };
    auto lcc = i64(values[3]), rcc = i64(values[4]), npo = i64(values[5]);
    auto imprecise = dyn_cast<BooleanV1Attr>(values[6]);
    if (!isa<TypeV1Attr>(values[0]) || !isa<TypeV1Attr>(values[1]) ||
        !isa<TypeV1Attr>(values[2]) || failed(lcc) || failed(rcc) ||
        failed(npo) || !imprecise || !type(values[0]) || !type(values[1]) ||
        !type(values[2]))
      return failure();
    // Checked: an artifact may hold an algorithm the verifier rejects.
    auto algorithm = hlo::DotAlgorithmAttr::getChecked(
        [&] { return emitError(UnknownLoc::get(ctx)); }, ctx, type(values[0]),
        type(values[1]), type(values[2]), *lcc, *rcc, *npo,
        imprecise.getValue());
    if (!algorithm)
      return failure();
    out.set("algorithm", algorithm);
  } else if (base == "gather" || base == "dynamic_gather") {
    auto od = i64s(take("offset_dims"));
    auto cs = i64s(take("collapsed_slice_dims"));
    auto ob = i64s(take("operand_batching_dims"));
    auto sb = i64s(take("start_indices_batching_dims"));
    auto sm = i64s(take("start_index_map"));
    auto iv = i64(take("index_vector_dim"));
    if (failed(od) || failed(cs) || failed(ob) || failed(sb) || failed(sm) ||
        failed(iv))
      return failure();
    out.set("dimension_numbers", hlo::GatherDimensionNumbersAttr::get(
                                     ctx, *od, *cs, *ob, *sb, *sm, *iv));
  } else if (base == "scatter") {
    auto uw = i64s(take("update_window_dims"));
    auto iw = i64s(take("inserted_window_dims"));
    auto ib = i64s(take("input_batching_dims"));
    auto sb = i64s(take("scatter_indices_batching_dims"));
    auto sd = i64s(take("scatter_dims_to_operand_dims"));
    auto iv = i64(take("index_vector_dim"));
    if (failed(uw) || failed(iw) || failed(ib) || failed(sb) || failed(sd) ||
        failed(iv))
      return failure();
    out.set("scatter_dimension_numbers", hlo::ScatterDimensionNumbersAttr::get(
                                             ctx, *uw, *iw, *ib, *sb, *sd, *iv));
  }
  if (attrs.get("channel_id")) {
    auto handle = i64(take("channel_id"));
    int64_t type = 0;
    if (Attribute channelType = take("channel_type")) {
      auto value = i64(channelType);
      if (failed(value))
        return failure();
      type = *value;
    }
    if (failed(handle))
      return failure();
    out.set("channel_handle", hlo::ChannelHandleAttr::get(ctx, *handle, type));
  }
  return success();
}

//===--- Rebuilding ops -----------------------------------------------------===//

class Rebuilder {
public:
  Rebuilder(bool toVhlo, bool allowOtherDialects)
      : toVhlo(toVhlo), allowOtherDialects(allowOtherDialects) {}

  // Rebuilds every op of `block` at the end of `into` (mapped values).
  LogicalResult rebuildBlock(Block &block, Block &into) {
    OpBuilder builder = OpBuilder::atBlockEnd(&into);
    for (Operation &op : block)
      if (failed(rebuild(op, builder)))
        return failure();
    return success();
  }

  LogicalResult rebuildRegion(Region &from, Region &to) {
    for (Block &block : from) {
      Block *into = new Block();
      to.push_back(into);
      for (BlockArgument arg : block.getArguments()) {
        Type type = convertType(arg.getType());
        if (!type)
          return emitError(arg.getLoc())
                 << "the block argument type " << arg.getType()
                 << (toVhlo ? " has no VHLO counterpart"
                            : " has no StableHLO counterpart");
        mapping.map(arg, into->addArgument(type, arg.getLoc()));
      }
    }
    for (auto [block, into] : llvm::zip(from, to))
      if (failed(rebuildBlock(block, into)))
        return failure();
    return success();
  }

  LogicalResult rebuild(Operation &op, OpBuilder &builder) {
    if (toVhlo && allowOtherDialects && isOtherDialect(op))
      return keepOtherDialect(op, builder);
    FailureOr<std::string> name = newName(op);
    if (failed(name))
      return failure();
    NamedAttrList attrs;
    if (failed(toVhlo ? attrsToVhlo(op, attrs) : attrsToHlo(op, attrs)))
      return failure();
    OperationState state(op.getLoc(), *name);
    for (Value operand : op.getOperands()) {
      Value mapped = mapping.lookupOrDefault(operand);
      if (toVhlo && !isVhloType(mapped.getType())) {
        // A value of another dialect's op (allow_other_dialects): cast in.
        Type type = toVhloType(mapped.getType());
        if (!type)
          return op.emitError() << "the operand type " << mapped.getType()
                                << " has no VHLO counterpart";
        mapped = castTo(builder, op.getLoc(), mapped, type);
      }
      state.operands.push_back(mapped);
    }
    for (Type type : op.getResultTypes()) {
      Type converted = convertType(type);
      if (!converted)
        return op.emitError() << "the result type " << type
                              << (toVhlo ? " has no VHLO counterpart"
                                         : " has no StableHLO counterpart");
      state.types.push_back(converted);
    }
    state.attributes = attrs;
    for (unsigned i = 0; i < op.getNumRegions(); ++i)
      state.addRegion();
    Operation *created = builder.create(state);
    // An inherent attribute of the wrong kind is dropped by the op's
    // properties: refuse it instead.
    for (NamedAttribute named : attrs)
      if (!created->getAttr(named.getName())) {
        StringRef createdName = created->getName().getStringRef();
        created->erase();
        return op.emitError()
               << "attribute '" << named.getName().getValue() << "' ("
               << named.getValue() << ") is not what " << createdName
               << " takes there";
      }
    for (auto [from, to] : llvm::zip(op.getRegions(), created->getRegions()))
      if (failed(rebuildRegion(from, to)))
        return failure();
    mapping.map(op.getResults(), created->getResults());
    return success();
  }

private:
  // Ops that are neither stablehlo nor func (nor already vhlo).
  static bool isOtherDialect(Operation &op) {
    StringRef name = op.getName().getStringRef();
    return !name.starts_with("stablehlo.") && !name.starts_with("vhlo.") &&
           !isa<func::FuncOp, func::CallOp, func::ReturnOp>(op);
  }

  static Value castTo(OpBuilder &builder, Location loc, Value value,
                      Type type) {
    return builder.create<UnrealizedConversionCastOp>(loc, type, value)
        .getResult(0);
  }

  // allow_other_dialects, as upstream: another dialect's op stays as it is,
  // on builtin types, with unrealized casts where its values meet VHLO ops.
  LogicalResult keepOtherDialect(Operation &op, OpBuilder &builder) {
    if (op.getNumRegions() != 0)
      return op.emitError() << "'" << op.getName()
                            << "' has regions: ops of other dialects with "
                               "regions cannot go into a portable artifact";
    IRMapping local;
    for (Value operand : op.getOperands()) {
      Value mapped = mapping.lookupOrDefault(operand);
      if (mapped.getType() != operand.getType())
        mapped = castTo(builder, op.getLoc(), mapped, operand.getType());
      local.map(operand, mapped);
    }
    Operation *kept = builder.clone(op, local);
    mapping.map(op.getResults(), kept->getResults());
    return success();
  }

  Type convertType(Type type) {
    if (toVhlo)
      return toVhloType(type);
    return isVhloType(type) ? toBuiltinType(type) : type;
  }

  FailureOr<std::string> newName(Operation &op) {
    StringRef name = op.getName().getStringRef();
    if (toVhlo) {
      if (name == "func.func")
        return std::string("vhlo.func_v1");
      if (name == "func.call")
        return std::string("vhlo.call_v1");
      if (name == "func.return" || name == "stablehlo.return")
        return std::string("vhlo.return_v1");
      if (name.starts_with("vhlo."))
        return name.str(); // already VHLO: kept as it is
      const auto &newest = newestVhloOps();
      auto it = name.starts_with("stablehlo.") ? newest.find(baseName(name))
                                               : newest.end();
      if (it == newest.end())
        return op.emitError() << "'" << name
                              << "' has no VHLO counterpart: only stablehlo "
                                 "and func ops go into a portable artifact";
      return it->second;
    }
    if (!name.starts_with("vhlo."))
      return name.str();
    StringRef base = baseName(name);
    const auto &newest = newestVhloOps();
    auto it = newest.find(base);
    if (it == newest.end() || it->second != name)
      return op.emitError() << "'" << name
                            << "' is not the current version of the op";
    if (base == "func")
      return std::string("func.func");
    if (base == "call")
      return std::string("func.call");
    if (base == "return")
      return std::string(isa_and_nonnull<FuncOpV1, func::FuncOp>(op.getParentOp())
                             ? "func.return"
                             : "stablehlo.return");
    return ("stablehlo." + base).str();
  }

  LogicalResult attrsToVhlo(Operation &op, NamedAttrList &out) {
    StringRef base = baseName(op.getName().getStringRef());
    MLIRContext *ctx = op.getContext();
    if (op.getName().getStringRef().starts_with("vhlo.")) {
      out.append(op.getAttrs()); // VHLO already: as it is
      return success();
    }
    auto it = defaults().find(base);
    if (it != defaults().end()) {
      bool typedFfi = false;
      if (auto api = op.getAttrOfType<IntegerAttr>("api_version"))
        typedFfi = api.getInt() ==
                   static_cast<int64_t>(hlo::CustomCallApiVersion::API_VERSION_TYPED_FFI);
      int64_t rank = defaultRank(&op);
      for (const DefaultAttr &entry : it->second)
        out.set(entry.attr, makeDefault(ctx, entry.kind, rank, typedFfi));
      if (base == "select_and_scatter" && !op.hasAttr("window_dimensions"))
        return op.emitError() << "select_and_scatter without window_dimensions "
                                 "has no VHLO form";
    }
    for (NamedAttribute named : op.getAttrs()) {
      LogicalResult result = success();
      if (specialToVhlo(base, named, out, result)) {
        if (failed(result))
          return op.emitError() << "attribute '" << named.getName().getValue()
                                << "' has no VHLO form";
        continue;
      }
      Attribute converted = attrToVhlo(named.getValue());
      if (!converted)
        return op.emitError() << "attribute '" << named.getName().getValue()
                              << "' (" << named.getValue()
                              << ") has no VHLO form";
      out.set(named.getName(), converted);
    }
    return success();
  }

  LogicalResult attrsToHlo(Operation &op, NamedAttrList &out) {
    StringRef base = baseName(op.getName().getStringRef());
    NamedAttrList attrs(op.getAttrDictionary());
    if (!op.getName().getStringRef().starts_with("vhlo.")) {
      for (NamedAttribute named : attrs) {
        Attribute converted = attrToHlo(named.getValue());
        if (!converted)
          return op.emitError() << "attribute '" << named.getName().getValue()
                                << "' has no StableHLO form";
        out.set(named.getName(), converted);
      }
      return success();
    }
    auto it = defaults().find(base);
    if (it != defaults().end()) {
      for (const DefaultAttr &entry : it->second) {
        Attribute value = attrs.get(entry.attr);
        if (value && isDefault(value, entry.kind))
          attrs.erase(entry.attr);
      }
      // Layouts go together: both or neither.
      if (base == "custom_call" &&
          (!attrs.get("operand_layouts")) != (!attrs.get("result_layouts"))) {
        for (StringRef name : {"operand_layouts", "result_layouts"})
          if (!attrs.get(name))
            attrs.set(name, ArrayV1Attr::get(op.getContext(), {}));
      }
    }
    if (failed(implodeToHlo(op.getContext(), base, attrs, out)))
      return op.emitError() << "malformed attributes of " << op.getName();
    for (NamedAttribute named : attrs) {
      StringRef name = named.getName().getValue();
      Attribute value = named.getValue();
      Attribute converted;
      auto boolean = dyn_cast<BooleanV1Attr>(value);
      if (boolean && (name == "use_global_device_ids" || name == "has_dynamic_root")) {
        if (boolean.getValue())
          out.set(name, UnitAttr::get(op.getContext()));
        continue;
      }
      if (auto str = dyn_cast<StringV1Attr>(value);
          str && (name == "callee" || name == "decomposition")) {
        out.set(name, FlatSymbolRefAttr::get(op.getContext(), str.getValue()));
        continue;
      }
      if (auto array = dyn_cast<ArrayV1Attr>(value);
          array && name == "called_computations") {
        SmallVector<Attribute> symbols;
        for (Attribute element : array.getValue()) {
          auto str = dyn_cast<StringV1Attr>(element);
          if (!str)
            return op.emitError() << "malformed called_computations";
          symbols.push_back(FlatSymbolRefAttr::get(op.getContext(), str.getValue()));
        }
        out.set(name, ArrayAttr::get(op.getContext(), symbols));
        continue;
      }
      converted = attrToHlo(value);
      if (auto dense = dyn_cast_or_null<DenseIntElementsAttr>(converted)) {
        if (isI64ArrayAttr(base, name) && dense.getType().getRank() == 1) {
          SmallVector<int64_t> values;
          for (const APInt &v : dense.getValues<APInt>())
            values.push_back(v.getSExtValue());
          converted = DenseI64ArrayAttr::get(op.getContext(), values);
        } else if (name == "window_reversal" && dense.getType().getRank() == 1 &&
                   dense.getElementType().isInteger(1)) {
          converted = DenseBoolArrayAttr::get(
              op.getContext(), llvm::to_vector(dense.getValues<bool>()));
        }
      }
      if (!converted)
        return op.emitError() << "attribute '" << name
                              << "' has no StableHLO form";
      out.set(named.getName(), converted);
    }
    return success();
  }

  bool toVhlo;
  bool allowOtherDialects;
  IRMapping mapping;
};

// Rebuilds the ops of the module's body in the other dialect, in place.
LogicalResult rebuildModule(ModuleOp module, bool toVhlo,
                            bool allowOtherDialects = false) {
  Rebuilder rebuilder(toVhlo, allowOtherDialects);
  Block *body = module.getBody();
  SmallVector<Operation *> old;
  for (Operation &op : *body)
    old.push_back(&op);
  OpBuilder builder = OpBuilder::atBlockEnd(body);
  for (Operation *op : old)
    if (failed(rebuilder.rebuild(*op, builder)))
      return failure();
  for (Operation *op : llvm::reverse(old)) {
    op->dropAllUses();
    op->erase();
  }
  return success();
}

//===--- Between versions -----------------------------------------------------===//

// An op version that added attributes (with the value meaning "as before")
// to the one before it, or let a single operand become several.
struct VersionStep {
  std::string older, newer;
  SmallVector<DefaultAttr> added;
  SmallVector<const char *> removed; // attributes the newer version dropped
  bool variadic = false;             // the older took one operand and result
  bool regionsAdded = false;         // the older has no regions
};

const SmallVector<VersionStep> &versionSteps() {
  using K = DefaultKind;
  static const SmallVector<VersionStep> steps = [] {
    SmallVector<VersionStep> s;
    auto step = [&](StringRef op, int older) -> VersionStep & {
      s.push_back({});
      s.back().older = ("vhlo." + op + "_v" + Twine(older)).str();
      s.back().newer = ("vhlo." + op + "_v" + Twine(older + 1)).str();
      return s.back();
    };
    for (const char *op : {"all_gather", "all_reduce", "all_to_all"})
      step(op, 1).variadic = true;
    for (const char *op : kAccuracyOps)
      step(op, 1).added = {{"result_accuracy", K::DefaultAccuracy}};
    VersionStep &broadcast = step("collective_broadcast", 1);
    broadcast.added = {{"has_dynamic_root", K::False}};
    broadcast.variadic = true;
    step("composite", 1).regionsAdded = true;
    step("custom_call", 1).added = {{"result_tilings", K::EmptyArray}};
    step("dot_general", 1).added = {{"lhs_precision_type", K::NoneType},
                                    {"rhs_precision_type", K::NoneType},
                                    {"accumulation_type", K::NoneType},
                                    {"lhs_component_count", K::NoneType},
                                    {"rhs_component_count", K::NoneType},
                                    {"num_primitive_operations", K::NoneType},
                                    {"allow_imprecise_accumulation", K::NoneType}};
    step("dynamic_conv", 1).removed = {"padding"};
    for (const char *op : {"gather", "dynamic_gather"})
      step(op, 1).added = {{"operand_batching_dims", K::EmptyI64Tensor},
                           {"start_indices_batching_dims", K::EmptyI64Tensor}};
    step("scatter", 1).added = {{"input_batching_dims", K::EmptyI64Tensor},
                                {"scatter_indices_batching_dims", K::EmptyI64Tensor}};
    for (const char *op : {"send", "recv"})
      step(op, 1).added = {{"source_target_pairs", K::EmptyI64Tensor}};
    return s;
  }();
  return steps;
}

std::pair<Version, Version> versionsOf(Operation *op) {
  auto versioned = cast<VersionedOpInterface>(op);
  return {versioned.getMinVersion(), versioned.getMaxVersion()};
}

// Replaces `op` by an op named `name` with the same operands, results and
// regions and the attributes `attrs`.
Operation *renameOp(Operation *op, StringRef name, NamedAttrList attrs) {
  OpBuilder builder(op);
  OperationState state(op->getLoc(), name);
  state.addOperands(op->getOperands());
  state.addTypes(op->getResultTypes());
  state.attributes = attrs;
  for (unsigned i = 0; i < op->getNumRegions(); ++i)
    state.addRegion();
  Operation *created = builder.create(state);
  for (auto [from, to] : llvm::zip(op->getRegions(), created->getRegions()))
    to.takeBody(from);
  op->replaceAllUsesWith(created->getResults());
  op->erase();
  return created;
}

FailureOr<Operation *> stepUp(Operation *op, const VersionStep &step) {
  NamedAttrList attrs(op->getAttrDictionary());
  // An older writer may carry the newer attribute already, as a discardable
  // one (jaxlib writes result_tilings on custom_call_v1): keep its value.
  for (const DefaultAttr &added : step.added)
    if (!attrs.get(added.attr))
      attrs.set(added.attr, makeDefault(op->getContext(), added.kind, 0, false));
  for (const char *removed : step.removed)
    attrs.erase(removed);
  return renameOp(op, step.newer, attrs);
}

// A refusal at `op`: upstream's words (its conversion's, which upstream's
// tests expect), then ours saying what the target lacks. Upstream's
// conversion keeps an op whose rewrites all fail as it entered, so its words
// name `entered`, the op's version before any step; ours name the step.
InFlightDiagnostic refuseAt(Operation *op, OperationName entered) {
  return op->emitError() << "failed to legalize operation '" << entered
                         << "' that was explicitly marked illegal: ";
}

FailureOr<Operation *> stepDown(Operation *op, const VersionStep &step,
                                Version target, OperationName entered) {
  NamedAttrList attrs(op->getAttrDictionary());
  for (const DefaultAttr &added : step.added) {
    Attribute value = attrs.get(added.attr);
    if (value && !isDefault(value, added.kind))
      return refuseAt(op, entered)
             << op->getName() << " with a non-default " << added.attr
             << " is not in version " << target;
    attrs.erase(added.attr);
  }
  // dynamic_conv_v1 also carried its (ignored) padding as an attribute.
  for (const char *removed : step.removed) {
    auto lhs = dyn_cast<RankedTensorV1Type>(op->getOperand(0).getType());
    if (!lhs || lhs.getShape().size() < 2)
      return refuseAt(op, entered) << op->getName() << " of an unranked "
                                   << "operand has no form in version "
                                   << target;
    attrs.set(removed, makeDefault(op->getContext(), DefaultKind::ZeroPadding,
                                   lhs.getShape().size() - 2, false));
  }
  if (step.variadic && (op->getNumOperands() != 1 || op->getNumResults() != 1))
    return refuseAt(op, entered)
           << op->getName() << " of " << op->getNumOperands()
           << " operands is not in version " << target;
  if (step.regionsAdded && op->getNumRegions() != 0)
    return refuseAt(op, entered)
           << op->getName() << " with regions is not in version " << target;
  return renameOp(op, step.older, attrs);
}

// What an op version allows changed over releases without a new version:
// whether `op` as it is may be written at `target` (upstream's
// VersionedOpConstraintInterface checks).
LogicalResult checkOpConstraints(Operation *op, Version target,
                                 OperationName entered) {
  StringRef name = op->getName().getStringRef();
  auto elementType = [](Type type) {
    if (auto tensor = dyn_cast<RankedTensorV1Type>(type))
      return tensor.getElementType();
    if (auto tensor = dyn_cast<UnrankedTensorV1Type>(type))
      return tensor.getElementType();
    return type;
  };
  auto refuse = [&](StringRef what, Version since) {
    return refuseAt(op, entered) << op->getName() << " " << what
                        << " is not in version " << target << " (it is from "
                        << since << ")";
  };
  // 0.17.0: reductions may accumulate in a wider type than their inputs.
  if (target < Version(0, 17, 0) &&
      llvm::is_contained({"vhlo.all_reduce_v1", "vhlo.reduce_v1",
                          "vhlo.reduce_scatter_v1", "vhlo.reduce_window_v1",
                          "vhlo.scatter_v1", "vhlo.select_and_scatter_v1"},
                         name))
    for (auto [operand, result] :
         llvm::zip(op->getOperandTypes(), op->getResultTypes()))
      if (elementType(operand) != elementType(result))
        return refuse("with a result type wider than its operand's",
                      Version(0, 17, 0));
  if (name == "vhlo.custom_call_v1") {
    auto api = op->getAttrOfType<CustomCallApiVersionV1Attr>("api_version");
    if (target < Version(1, 3, 0) &&
        (isa_and_nonnull<DictionaryV1Attr>(op->getAttr("backend_config")) ||
         (api && api.getValue() == CustomCallApiVersionV1::API_VERSION_TYPED_FFI)))
      return refuse("with a dictionary backend_config or the typed FFI",
                    Version(1, 3, 0));
    if (target < Version(1, 17, 0) &&
        llvm::any_of(op->getOperandTypes(),
                     [](Type type) { return isa<FutureV1Type>(type); }))
      return refuse("with a future operand", Version(1, 17, 0));
  }
  // 1.20.0: convolutions of two different fp8 types.
  if (target < Version(1, 20, 0) &&
      (name == "vhlo.convolution_v1" || name == "vhlo.dynamic_conv_v2") &&
      op->getNumOperands() >= 2) {
    Type lhs = elementType(op->getOperand(0).getType());
    Type rhs = elementType(op->getOperand(1).getType());
    auto isFp8 = [](Type type) {
      return isa<FloatF8E3M4V1Type, FloatF8E4M3V1Type, FloatF8E4M3FNV1Type,
                 FloatF8E5M2V1Type, FloatF8E4M3FNUZV1Type,
                 FloatF8E4M3B11FNUZV1Type, FloatF8E5M2FNUZV1Type,
                 FloatF8E8M0FNUV1Type>(type);
    };
    if (lhs != rhs && isFp8(lhs) && isFp8(rhs))
      return refuse("of two different fp8 types", Version(1, 20, 0));
  }
  return success();
}

// Whether every type and attribute `op` holds exists at `target`.
LogicalResult checkTypesAndAttrs(Operation *op, Version target,
                                 OperationName entered) {
  LogicalResult result = success();
  auto check = [&](auto versioned, auto what) {
    if (failed(result))
      return;
    if (target < versioned.getMinVersion() || versioned.getMaxVersion() < target) {
      refuseAt(op, entered)
          << what << " " << versioned << " of " << op->getName()
          << " is not in version " << target << " (it is in "
          << versioned.getMinVersion() << " to " << versioned.getMaxVersion()
          << ")";
      result = failure();
    }
  };
  AttrTypeWalker walker;
  walker.addWalk([&](VersionedTypeInterface type) { check(type, "type"); });
  walker.addWalk([&](VersionedAttrInterface attr) { check(attr, "attribute"); });
  walker.walk(op->getAttrDictionary());
  for (Type type : op->getResultTypes())
    walker.walk(type);
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (BlockArgument arg : block.getArguments())
        walker.walk(arg.getType());
  return result;
}

} // namespace

LogicalResult mlir::vhlo::legalizeToVhlo(ModuleOp module,
                                         bool allowOtherDialects) {
  module.getContext()->getOrLoadDialect<VhloDialect>();
  return rebuildModule(module, /*toVhlo=*/true, allowOtherDialects);
}

LogicalResult mlir::vhlo::legalizeToStablehlo(ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  ctx->getOrLoadDialect<hlo::StablehloDialect>();
  ctx->getOrLoadDialect<func::FuncDialect>();
  ctx->getOrLoadDialect<quant::QuantDialect>();
  if (failed(rebuildModule(module, /*toVhlo=*/false)))
    return failure();
  // The casts allow_other_dialects put between VHLO and other dialects now
  // cast a type to itself.
  module.walk([](UnrealizedConversionCastOp cast) {
    if (cast->getNumOperands() == 1 && cast->getNumResults() == 1 &&
        cast.getOperand(0).getType() == cast.getResult(0).getType()) {
      cast.getResult(0).replaceAllUsesWith(cast.getOperand(0));
      cast.erase();
    }
  });
  return success();
}

LogicalResult mlir::vhlo::validateTargetVersion(Operation *op, Version target) {
  if (target < Version::getMinimumVersion())
    return op->emitError() << "target version " << target
                           << " is less than minimum supported "
                           << Version::getMinimumVersion();
  if (Version::getCurrentVersion() < target)
    return op->emitError() << "target version " << target
                           << " is greater than current version "
                           << Version::getCurrentVersion();
  return success();
}

LogicalResult mlir::vhlo::convertToVersion(ModuleOp module, Version target) {
  if (failed(validateTargetVersion(module, target)))
    return failure();
  module.getContext()->getOrLoadDialect<VhloDialect>();
  // Patch versions share their opset.
  target = Version(target.getMajor(), target.getMinor(), 0);
  const auto &steps = versionSteps();
  // Outer ops first, as upstream's conversion visits them: a function whose
  // signature the target lacks is the refusal named, not an op inside it.
  SmallVector<Operation *> ops;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<VersionedOpInterface>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OperationName entered = op->getName();
    // Walk the op's versions up or down until it exists at the target.
    for (int guard = 0; guard < 4; ++guard) {
      auto [min, max] = versionsOf(op);
      if (min <= target && target <= max)
        break;
      StringRef name = op->getName().getStringRef();
      const VersionStep *step = nullptr;
      bool up = max < target;
      for (const VersionStep &candidate : steps)
        if (name == (up ? candidate.older : candidate.newer))
          step = &candidate;
      if (!step)
        return refuseAt(op, entered)
               << op->getName() << " is not in version " << target
               << " (it is in " << min << " to " << max << ")";
      FailureOr<Operation *> next =
          up ? stepUp(op, *step) : stepDown(op, *step, target, entered);
      if (failed(next))
        return failure();
      op = *next;
    }
    if (failed(checkOpConstraints(op, target, entered)) ||
        failed(checkTypesAndAttrs(op, target, entered)))
      return failure();
  }
  return success();
}
