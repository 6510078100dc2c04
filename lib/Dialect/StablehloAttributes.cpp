// The structured stablehlo attributes (#stablehlo.dot<...>, gather, scatter,
// conv, dot_algorithm, channel_handle, output_operand_alias,
// result_accuracy, the mesh axes of replica groups): their syntax, and their
// fields as a DictionaryAttr for the C API and Python (toFields / fromFields).
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::stablehlo;

//===--- Structured attributes ---------------------------------------------===//

static ParseResult unknownField(AsmParser &parser, StringRef name) {
  return parser.emitError(parser.getCurrentLocation())
         << "unknown field '" << name << "'";
}

// Readers of the builtin-attribute dictionaries behind toFields/fromFields.
static SmallVector<int64_t> dimsField(DictionaryAttr fields, StringRef name) {
  if (auto dims = fields.getAs<DenseI64ArrayAttr>(name))
    return llvm::to_vector(dims.asArrayRef());
  return {};
}
static int64_t intField(DictionaryAttr fields, StringRef name) {
  if (auto value = fields.getAs<IntegerAttr>(name))
    return value.getInt();
  return 0;
}
static NamedAttribute dimsEntry(MLIRContext *ctx, StringRef name,
                                ArrayRef<int64_t> dims) {
  return NamedAttribute(StringAttr::get(ctx, name),
                        DenseI64ArrayAttr::get(ctx, dims));
}
static NamedAttribute intEntry(MLIRContext *ctx, StringRef name,
                               int64_t value) {
  return NamedAttribute(StringAttr::get(ctx, name),
                        IntegerAttr::get(IntegerType::get(ctx, 64), value));
}

// dot
Attribute DotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> lb, rb, lc, rc;
  if (parseFields(parser, [&](StringRef name) -> ParseResult {
        if (name == "lhs_batching_dimensions") return parseDimList(parser, lb);
        if (name == "rhs_batching_dimensions") return parseDimList(parser, rb);
        if (name == "lhs_contracting_dimensions") return parseDimList(parser, lc);
        if (name == "rhs_contracting_dimensions") return parseDimList(parser, rc);
        return unknownField(parser, name);
      }))
    return {};
  return get(parser.getContext(), lb, rb, lc, rc);
}
void DotDimensionNumbersAttr::print(AsmPrinter &printer) const {
  FieldPrinter(printer)
      .dims("lhs_batching_dimensions", getLhsBatchingDimensions())
      .dims("rhs_batching_dimensions", getRhsBatchingDimensions())
      .dims("lhs_contracting_dimensions", getLhsContractingDimensions())
      .dims("rhs_contracting_dimensions", getRhsContractingDimensions());
}
DictionaryAttr DotDimensionNumbersAttr::toFields() const {
  MLIRContext *ctx = getContext();
  return DictionaryAttr::get(
      ctx, {dimsEntry(ctx, "lhs_batching_dimensions", getLhsBatchingDimensions()),
            dimsEntry(ctx, "rhs_batching_dimensions", getRhsBatchingDimensions()),
            dimsEntry(ctx, "lhs_contracting_dimensions",
                      getLhsContractingDimensions()),
            dimsEntry(ctx, "rhs_contracting_dimensions",
                      getRhsContractingDimensions())});
}
Attribute DotDimensionNumbersAttr::fromFields(DictionaryAttr f) {
  return get(f.getContext(), dimsField(f, "lhs_batching_dimensions"),
             dimsField(f, "rhs_batching_dimensions"),
             dimsField(f, "lhs_contracting_dimensions"),
             dimsField(f, "rhs_contracting_dimensions"));
}

// chlo.ragged_dot: dot's four lists, then the lhs ragged and rhs group
// dimensions.
namespace {
constexpr std::array<StringRef, 6> kRaggedDotFields = {
    "lhs_batching_dimensions",    "rhs_batching_dimensions",
    "lhs_contracting_dimensions", "rhs_contracting_dimensions",
    "lhs_ragged_dimensions",      "rhs_group_dimensions"};
} // namespace
using chlo::RaggedDotDimensionNumbersAttr;
Attribute RaggedDotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  std::array<SmallVector<int64_t>, 6> values;
  if (parseFields(parser, [&](StringRef name) -> ParseResult {
        for (auto [i, field] : llvm::enumerate(kRaggedDotFields))
          if (name == field)
            return parseDimList(parser, values[i]);
        return unknownField(parser, name);
      }))
    return {};
  return get(parser.getContext(), values[0], values[1], values[2], values[3],
             values[4], values[5]);
}
static std::array<ArrayRef<int64_t>, 6>
raggedDotLists(RaggedDotDimensionNumbersAttr attr) {
  return {
      attr.getLhsBatchingDimensions(),    attr.getRhsBatchingDimensions(),
      attr.getLhsContractingDimensions(), attr.getRhsContractingDimensions(),
      attr.getLhsRaggedDimensions(),      attr.getRhsGroupDimensions()};
}
void RaggedDotDimensionNumbersAttr::print(AsmPrinter &printer) const {
  FieldPrinter fields(printer);
  for (auto [name, dims] : llvm::zip(kRaggedDotFields, raggedDotLists(*this)))
    fields.dims(name, dims);
}
DictionaryAttr RaggedDotDimensionNumbersAttr::toFields() const {
  MLIRContext *ctx = getContext();
  SmallVector<NamedAttribute> entries;
  for (auto [name, dims] : llvm::zip(kRaggedDotFields, raggedDotLists(*this)))
    entries.push_back(dimsEntry(ctx, name, dims));
  return DictionaryAttr::get(ctx, entries);
}
Attribute RaggedDotDimensionNumbersAttr::fromFields(DictionaryAttr f) {
  std::array<SmallVector<int64_t>, 6> v;
  for (auto [i, name] : llvm::enumerate(kRaggedDotFields))
    v[i] = dimsField(f, name);
  return get(f.getContext(), v[0], v[1], v[2], v[3], v[4], v[5]);
}

// gather and scatter: five dimension lists, then index_vector_dim (elided
// when 0). One implementation serves both; only the field names differ.
namespace {
struct IndexingFields {
  std::array<StringRef, 5> dims;
  std::array<SmallVector<int64_t>, 5> values;
  int64_t indexVectorDim = 0;
};
} // namespace

// Upstream's parser takes a comma after the last field too
// (`#stablehlo.gather<..., index_vector_dim = 0,>`), as its own tests write
// gathers: so do we.
static ParseResult parseIndexingFields(AsmParser &parser,
                                       IndexingFields &fields) {
  auto parseField = [&](StringRef name) -> ParseResult {
    for (auto [i, field] : llvm::enumerate(fields.dims))
      if (name == field)
        return parseDimList(parser, fields.values[i]);
    if (name == "index_vector_dim")
      return parser.parseInteger(fields.indexVectorDim);
    return unknownField(parser, name);
  };
  return parseFields(parser, parseField, /*allowTrailingComma=*/true);
}

static void printIndexingFields(AsmPrinter &printer,
                                ArrayRef<StringRef> names,
                                ArrayRef<ArrayRef<int64_t>> dims,
                                int64_t indexVectorDim) {
  FieldPrinter fields(printer);
  for (auto [name, value] : llvm::zip(names, dims))
    fields.dims(name, value);
  fields.integer("index_vector_dim", indexVectorDim);
}

static DictionaryAttr indexingFieldsDict(MLIRContext *ctx,
                                         ArrayRef<StringRef> names,
                                         ArrayRef<ArrayRef<int64_t>> dims,
                                         int64_t indexVectorDim) {
  SmallVector<NamedAttribute> entries;
  for (auto [name, value] : llvm::zip(names, dims))
    entries.push_back(dimsEntry(ctx, name, value));
  entries.push_back(intEntry(ctx, "index_vector_dim", indexVectorDim));
  return DictionaryAttr::get(ctx, entries);
}

static IndexingFields readIndexingFields(DictionaryAttr dict,
                                         IndexingFields fields) {
  for (auto [i, name] : llvm::enumerate(fields.dims))
    fields.values[i] = dimsField(dict, name);
  fields.indexVectorDim = intField(dict, "index_vector_dim");
  return fields;
}

static const IndexingFields gatherFields{
    {"offset_dims", "collapsed_slice_dims", "operand_batching_dims",
     "start_indices_batching_dims", "start_index_map"}};
static const IndexingFields scatterFields{
    {"update_window_dims", "inserted_window_dims", "input_batching_dims",
     "scatter_indices_batching_dims", "scatter_dims_to_operand_dims"}};

static Attribute getGather(MLIRContext *ctx, const IndexingFields &f) {
  return GatherDimensionNumbersAttr::get(ctx, f.values[0], f.values[1],
                                         f.values[2], f.values[3], f.values[4],
                                         f.indexVectorDim);
}
static Attribute getScatter(MLIRContext *ctx, const IndexingFields &f) {
  return ScatterDimensionNumbersAttr::get(ctx, f.values[0], f.values[1],
                                          f.values[2], f.values[3],
                                          f.values[4], f.indexVectorDim);
}

Attribute GatherDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  IndexingFields fields = gatherFields;
  if (parseIndexingFields(parser, fields))
    return {};
  return getGather(parser.getContext(), fields);
}
void GatherDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printIndexingFields(printer, gatherFields.dims,
                      {getOffsetDims(), getCollapsedSliceDims(),
                       getOperandBatchingDims(), getStartIndicesBatchingDims(),
                       getStartIndexMap()},
                      getIndexVectorDim());
}
DictionaryAttr GatherDimensionNumbersAttr::toFields() const {
  return indexingFieldsDict(getContext(), gatherFields.dims,
                            {getOffsetDims(), getCollapsedSliceDims(),
                             getOperandBatchingDims(),
                             getStartIndicesBatchingDims(), getStartIndexMap()},
                            getIndexVectorDim());
}
Attribute GatherDimensionNumbersAttr::fromFields(DictionaryAttr f) {
  return getGather(f.getContext(), readIndexingFields(f, gatherFields));
}

Attribute ScatterDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  IndexingFields fields = scatterFields;
  if (parseIndexingFields(parser, fields))
    return {};
  return getScatter(parser.getContext(), fields);
}
void ScatterDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printIndexingFields(printer, scatterFields.dims,
                      {getUpdateWindowDims(), getInsertedWindowDims(),
                       getInputBatchingDims(), getScatterIndicesBatchingDims(),
                       getScatterDimsToOperandDims()},
                      getIndexVectorDim());
}
DictionaryAttr ScatterDimensionNumbersAttr::toFields() const {
  return indexingFieldsDict(getContext(), scatterFields.dims,
                            {getUpdateWindowDims(), getInsertedWindowDims(),
                             getInputBatchingDims(),
                             getScatterIndicesBatchingDims(),
                             getScatterDimsToOperandDims()},
                            getIndexVectorDim());
}
Attribute ScatterDimensionNumbersAttr::fromFields(DictionaryAttr f) {
  return getScatter(f.getContext(), readIndexingFields(f, scatterFields));
}

// conv: compact `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`, or `raw` fields.
namespace {
// One tensor's layout: which dimension is batch/feature (or in/out feature
// for the kernel) and which are spatial, in spatial order.
struct ConvLayout {
  int64_t first = -1, second = -1;
  SmallVector<int64_t> spatial;
};
} // namespace

static ParseResult parseConvLayout(AsmParser &parser, char first, char second,
                                   ConvLayout &layout) {
  SmallVector<std::pair<int64_t, int64_t>> spatial; // (spatial index, dim)
  int64_t dim = 0;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            llvm::SMLoc loc = parser.getCurrentLocation();
            int64_t index;
            OptionalParseResult isInt = parser.parseOptionalInteger(index);
            if (isInt.has_value()) {
              if (failed(*isInt))
                return failure();
              spatial.push_back({index, dim++});
              return success();
            }
            StringRef key;
            if (parser.parseKeyword(&key))
              return failure();
            int64_t *slot = key.size() == 1 && key[0] == first    ? &layout.first
                            : key.size() == 1 && key[0] == second ? &layout.second
                                                                  : nullptr;
            if (!slot || *slot != -1)
              return parser.emitError(loc)
                     << "expected '" << first << "', '" << second
                     << "' or a spatial dimension number, each once";
            *slot = dim++;
            return success();
          }))
    return failure();
  llvm::sort(spatial);
  for (auto [index, position] : llvm::enumerate(spatial)) {
    if (position.first != static_cast<int64_t>(index))
      return parser.emitError(parser.getCurrentLocation())
             << "spatial dimensions must be numbered 0.." << spatial.size() - 1;
    layout.spatial.push_back(position.second);
  }
  if (layout.first == -1 || layout.second == -1)
    return parser.emitError(parser.getCurrentLocation())
           << "expected both '" << first << "' and '" << second << "'";
  return success();
}

Attribute ConvDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalKeyword("raw"))) {
    int64_t ib = 0, ifd = 0, kif = 0, kof = 0, ob = 0, of = 0;
    SmallVector<int64_t> is, ks, os;
    llvm::StringSet<> seen;
    do {
      llvm::SMLoc loc = parser.getCurrentLocation();
      StringRef name;
      if (parser.parseKeyword(&name) || parser.parseEqual())
        return {};
      if (!seen.insert(name).second) {
        parser.emitError(loc) << "duplicate field '" << name << "'";
        return {};
      }
      ParseResult r =
          name == "input_batch_dimension"            ? parser.parseInteger(ib)
          : name == "input_feature_dimension"        ? parser.parseInteger(ifd)
          : name == "input_spatial_dimensions"       ? parseDimList(parser, is)
          : name == "kernel_input_feature_dimension" ? parser.parseInteger(kif)
          : name == "kernel_output_feature_dimension" ? parser.parseInteger(kof)
          : name == "kernel_spatial_dimensions"      ? parseDimList(parser, ks)
          : name == "output_batch_dimension"         ? parser.parseInteger(ob)
          : name == "output_feature_dimension"       ? parser.parseInteger(of)
          : name == "output_spatial_dimensions"      ? parseDimList(parser, os)
                                                     : unknownField(parser, name);
      if (failed(r))
        return {};
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseGreater())
      return {};
    return get(parser.getContext(), ib, ifd, is, kif, kof, ks, ob, of, os);
  }
  ConvDimensionNumbersAttr dims;
  if (parseConvDimensionsCompact(parser, dims) || parser.parseGreater())
    return {};
  return dims;
}

ParseResult mlir::stablehlo::parseConvDimensionsCompact(AsmParser &parser,
                                       ConvDimensionNumbersAttr &dims) {
  ConvLayout input, kernel, output;
  if (parseConvLayout(parser, 'b', 'f', input) || parser.parseKeyword("x") ||
      parseConvLayout(parser, 'i', 'o', kernel) || parser.parseArrow() ||
      parseConvLayout(parser, 'b', 'f', output))
    return failure();
  dims = ConvDimensionNumbersAttr::get(
      parser.getContext(), input.first, input.second, input.spatial,
      kernel.first, kernel.second, kernel.spatial, output.first, output.second,
      output.spatial);
  return success();
}

// Prints one layout compactly; false if the numbers do not form a layout.
static bool printConvLayout(raw_ostream &os, int64_t first, int64_t second,
                            ArrayRef<int64_t> spatial, char firstKey,
                            char secondKey) {
  int64_t rank = spatial.size() + 2;
  SmallVector<std::string> slots(rank);
  auto place = [&](int64_t dim, std::string text) {
    if (dim < 0 || dim >= rank || !slots[dim].empty())
      return false;
    slots[dim] = std::move(text);
    return true;
  };
  if (!place(first, std::string(1, firstKey)) ||
      !place(second, std::string(1, secondKey)))
    return false;
  for (auto [index, dim] : llvm::enumerate(spatial))
    if (!place(dim, std::to_string(index)))
      return false;
  os << '[';
  llvm::interleaveComma(slots, os);
  os << ']';
  return true;
}

bool mlir::stablehlo::printConvDimensionsCompact(raw_ostream &out,
                                ConvDimensionNumbersAttr dims) {
  std::string text;
  llvm::raw_string_ostream os(text);
  // Compact whenever each of the three layouts is one (as upstream, which
  // prints layouts with different numbers of spatial dimensions compactly).
  bool compact =
      printConvLayout(os, dims.getInputBatchDimension(),
                      dims.getInputFeatureDimension(),
                      dims.getInputSpatialDimensions(), 'b', 'f') &&
      (os << "x", true) &&
      printConvLayout(os, dims.getKernelInputFeatureDimension(),
                      dims.getKernelOutputFeatureDimension(),
                      dims.getKernelSpatialDimensions(), 'i', 'o') &&
      (os << "->", true) &&
      printConvLayout(os, dims.getOutputBatchDimension(),
                      dims.getOutputFeatureDimension(),
                      dims.getOutputSpatialDimensions(), 'b', 'f');
  if (compact)
    out << text;
  return compact;
}

void ConvDimensionNumbersAttr::print(AsmPrinter &printer) const {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (printConvDimensionsCompact(os, *this)) {
    printer << '<' << text << '>';
    return;
  }
  printer << "<raw ";
  printer.getStream() << "input_batch_dimension = " << getInputBatchDimension()
                      << ", input_feature_dimension = "
                      << getInputFeatureDimension()
                      << ", input_spatial_dimensions = "
                      << formatDims(getInputSpatialDimensions())
                      << ", kernel_input_feature_dimension = "
                      << getKernelInputFeatureDimension()
                      << ", kernel_output_feature_dimension = "
                      << getKernelOutputFeatureDimension()
                      << ", kernel_spatial_dimensions = "
                      << formatDims(getKernelSpatialDimensions())
                      << ", output_batch_dimension = " << getOutputBatchDimension()
                      << ", output_feature_dimension = "
                      << getOutputFeatureDimension()
                      << ", output_spatial_dimensions = "
                      << formatDims(getOutputSpatialDimensions()) << '>';
}
DictionaryAttr ConvDimensionNumbersAttr::toFields() const {
  MLIRContext *ctx = getContext();
  return DictionaryAttr::get(
      ctx,
      {intEntry(ctx, "input_batch_dimension", getInputBatchDimension()),
       intEntry(ctx, "input_feature_dimension", getInputFeatureDimension()),
       dimsEntry(ctx, "input_spatial_dimensions", getInputSpatialDimensions()),
       intEntry(ctx, "kernel_input_feature_dimension",
                getKernelInputFeatureDimension()),
       intEntry(ctx, "kernel_output_feature_dimension",
                getKernelOutputFeatureDimension()),
       dimsEntry(ctx, "kernel_spatial_dimensions", getKernelSpatialDimensions()),
       intEntry(ctx, "output_batch_dimension", getOutputBatchDimension()),
       intEntry(ctx, "output_feature_dimension", getOutputFeatureDimension()),
       dimsEntry(ctx, "output_spatial_dimensions",
                 getOutputSpatialDimensions())});
}
Attribute ConvDimensionNumbersAttr::fromFields(DictionaryAttr f) {
  return get(f.getContext(), intField(f, "input_batch_dimension"),
             intField(f, "input_feature_dimension"),
             dimsField(f, "input_spatial_dimensions"),
             intField(f, "kernel_input_feature_dimension"),
             intField(f, "kernel_output_feature_dimension"),
             dimsField(f, "kernel_spatial_dimensions"),
             intField(f, "output_batch_dimension"),
             intField(f, "output_feature_dimension"),
             dimsField(f, "output_spatial_dimensions"));
}

// dot_algorithm: every field is printed.

// The 8-bit floats the f8 algorithms take (XLA's ANY_F8_ANY_F8_F32); not
// f8E8M0FNU, a scale type.
static bool isF8Precision(Type type) {
  return isa<Float8E3M4Type, Float8E4M3Type, Float8E4M3FNType,
             Float8E4M3FNUZType, Float8E4M3B11FNUZType, Float8E5M2Type,
             Float8E5M2FNUZType>(type);
}

// The algorithms upstream knows some hardware to run (the spec: "StableHLO
// verification will provide best effort verification, preventing algorithms
// that are not known to be supported on *any* hardware"), as jaxlib 0.10.2's
// parser accepts them: single components throughout; f8 x f8 accumulated in
// f32 (imprecise accumulation allowed); else precise accumulation of equal
// operand precisions: bf16 -> bf16 or f32 (f32 also in 3, 6 or 9 primitive
// operations), f16 -> f16 or f32, tf32 -> f32 (also in 3), f32 -> f32,
// f64 -> f64.
static bool isKnownDotAlgorithm(Type lhs, Type rhs, Type acc,
                                int64_t lhsCount, int64_t rhsCount,
                                int64_t ops, bool imprecise) {
  if (lhsCount != 1 || rhsCount != 1)
    return false;
  if (isF8Precision(lhs) && isF8Precision(rhs))
    return acc.isF32() && ops == 1;
  if (imprecise || lhs != rhs)
    return false;
  if (lhs.isBF16())
    return acc.isBF16() ? ops == 1
                        : acc.isF32() && llvm::is_contained({1, 3, 6, 9}, ops);
  if (lhs.isF16())
    return (acc.isF16() || acc.isF32()) && ops == 1;
  if (isa<FloatTF32Type>(lhs))
    return acc.isF32() && (ops == 1 || ops == 3);
  if (lhs.isF32() || lhs.isF64())
    return acc == lhs && ops == 1;
  return false;
}

LogicalResult
DotAlgorithmAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         Type lhs, Type rhs, Type acc, int64_t lhsCount,
                         int64_t rhsCount, int64_t ops, bool imprecise) {
  if (lhsCount <= 0) // dot_general_c22
    return emitError() << "lhs component count must be positive";
  if (rhsCount <= 0) // dot_general_c23
    return emitError() << "rhs component count must be positive";
  if (ops <= 0) // dot_general_c24
    return emitError() << "num primitive operations must be positive";
  // Types as text: a diagnostic would quote them again.
  auto text = [](Type type) {
    std::string out;
    llvm::raw_string_ostream os(out);
    type.print(os);
    return out;
  };
  if (!isKnownDotAlgorithm(lhs, rhs, acc, lhsCount, rhsCount, ops, imprecise))
    return emitError() << "dot algorithm not known to be supported on any "
                          "hardware: {lhs:'"
                       << text(lhs) << "', rhs:'" << text(rhs) << "', accum:'"
                       << text(acc) << "', lhs_components:" << lhsCount
                       << ", rhs_components:" << rhsCount
                       << ", primitive_ops:" << ops
                       << ", imprecise:" << (imprecise ? 1 : 0) << "}";
  return success();
}

Attribute DotAlgorithmAttr::parse(AsmParser &parser, Type) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  Type lhs, rhs, acc;
  int64_t lhsCount = 0, rhsCount = 0, ops = 0;
  bool imprecise = false;
  auto parseBool = [&](bool &out) -> ParseResult {
    if (succeeded(parser.parseOptionalKeyword("true"))) return out = true, success();
    if (succeeded(parser.parseOptionalKeyword("false"))) return out = false, success();
    return parser.emitError(parser.getCurrentLocation(), "expected true or false");
  };
  // Every field, in this order, as upstream's parser takes them.
  static const OrderedField fields[] = {
      {"lhs_precision_type"},  {"rhs_precision_type"},
      {"accumulation_type"},   {"lhs_component_count"},
      {"rhs_component_count"}, {"num_primitive_operations"},
      {"allow_imprecise_accumulation"}};
  if (parseOrderedFields(parser, fields, [&](StringRef name) -> ParseResult {
        if (name == "lhs_precision_type") return parser.parseType(lhs);
        if (name == "rhs_precision_type") return parser.parseType(rhs);
        if (name == "accumulation_type") return parser.parseType(acc);
        if (name == "lhs_component_count") return parser.parseInteger(lhsCount);
        if (name == "rhs_component_count") return parser.parseInteger(rhsCount);
        if (name == "num_primitive_operations") return parser.parseInteger(ops);
        return parseBool(imprecise); // allow_imprecise_accumulation
      }))
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    lhs, rhs, acc, lhsCount, rhsCount, ops, imprecise);
}
void DotAlgorithmAttr::print(AsmPrinter &printer) const {
  FieldPrinter(printer)
      .type("lhs_precision_type", getLhsPrecisionType())
      .type("rhs_precision_type", getRhsPrecisionType())
      .type("accumulation_type", getAccumulationType())
      .integer("lhs_component_count", getLhsComponentCount(), false)
      .integer("rhs_component_count", getRhsComponentCount(), false)
      .integer("num_primitive_operations", getNumPrimitiveOperations(), false)
      .boolean("allow_imprecise_accumulation", getAllowImpreciseAccumulation());
}
DictionaryAttr DotAlgorithmAttr::toFields() const {
  MLIRContext *ctx = getContext();
  auto named = [&](StringRef name, Attribute value) {
    return NamedAttribute(StringAttr::get(ctx, name), value);
  };
  return DictionaryAttr::get(
      ctx, {named("lhs_precision_type", TypeAttr::get(getLhsPrecisionType())),
            named("rhs_precision_type", TypeAttr::get(getRhsPrecisionType())),
            named("accumulation_type", TypeAttr::get(getAccumulationType())),
            intEntry(ctx, "lhs_component_count", getLhsComponentCount()),
            intEntry(ctx, "rhs_component_count", getRhsComponentCount()),
            intEntry(ctx, "num_primitive_operations",
                     getNumPrimitiveOperations()),
            named("allow_imprecise_accumulation",
                  BoolAttr::get(ctx, getAllowImpreciseAccumulation()))});
}
Attribute DotAlgorithmAttr::fromFields(DictionaryAttr f) {
  auto type = [&](StringRef name) -> Type {
    auto attr = f.getAs<TypeAttr>(name);
    return attr ? attr.getValue() : Type();
  };
  Type lhs = type("lhs_precision_type"), rhs = type("rhs_precision_type"),
       acc = type("accumulation_type");
  if (!lhs || !rhs || !acc)
    return {};
  auto imprecise = f.getAs<BoolAttr>("allow_imprecise_accumulation");
  // An invalid combination gives no attribute, after its diagnostic (Python
  // raises it).
  MLIRContext *ctx = f.getContext();
  return getChecked([&] { return emitError(UnknownLoc::get(ctx)); }, ctx, lhs,
                    rhs, acc, intField(f, "lhs_component_count"),
                    intField(f, "rhs_component_count"),
                    intField(f, "num_primitive_operations"),
                    imprecise && imprecise.getValue());
}

// channel_handle: both fields printed.
Attribute ChannelHandleAttr::parse(AsmParser &parser, Type) {
  int64_t handle = 0, type = 0;
  if (parseFields(parser, [&](StringRef name) -> ParseResult {
        if (name == "handle") return parser.parseInteger(handle);
        if (name == "type") return parser.parseInteger(type);
        return unknownField(parser, name);
      }))
    return {};
  return get(parser.getContext(), handle, type);
}
void ChannelHandleAttr::print(AsmPrinter &printer) const {
  FieldPrinter(printer)
      .integer("handle", getHandle(), false)
      .integer("type", getType(), false);
}
DictionaryAttr ChannelHandleAttr::toFields() const {
  MLIRContext *ctx = getContext();
  return DictionaryAttr::get(ctx, {intEntry(ctx, "handle", getHandle()),
                                   intEntry(ctx, "type", getType())});
}
Attribute ChannelHandleAttr::fromFields(DictionaryAttr f) {
  return get(f.getContext(), intField(f, "handle"), intField(f, "type"));
}

// output_operand_alias: all fields printed.
Attribute OutputOperandAliasAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> output, operand;
  int64_t index = 0;
  if (parseFields(parser, [&](StringRef name) -> ParseResult {
        if (name == "output_tuple_indices") return parseDimList(parser, output);
        if (name == "operand_index") return parser.parseInteger(index);
        if (name == "operand_tuple_indices") return parseDimList(parser, operand);
        return unknownField(parser, name);
      }))
    return {};
  return get(parser.getContext(), output, index, operand);
}
void OutputOperandAliasAttr::print(AsmPrinter &printer) const {
  FieldPrinter(printer)
      .dims("output_tuple_indices", getOutputTupleIndices(), false)
      .integer("operand_index", getOperandIndex(), false)
      .dims("operand_tuple_indices", getOperandTupleIndices(), false);
}
DictionaryAttr OutputOperandAliasAttr::toFields() const {
  MLIRContext *ctx = getContext();
  return DictionaryAttr::get(
      ctx, {dimsEntry(ctx, "output_tuple_indices", getOutputTupleIndices()),
            intEntry(ctx, "operand_index", getOperandIndex()),
            dimsEntry(ctx, "operand_tuple_indices", getOperandTupleIndices())});
}
Attribute OutputOperandAliasAttr::fromFields(DictionaryAttr f) {
  return get(f.getContext(), dimsField(f, "output_tuple_indices"),
             intField(f, "operand_index"), dimsField(f, "operand_tuple_indices"));
}

// result_accuracy: zero tolerances elided, mode always printed.

// Upstream's rules (not in the spec), in its words: tolerances are never
// negative (-0.0 included), and only mode TOLERANCE has any.
LogicalResult
ResultAccuracyAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           llvm::APFloat atol, llvm::APFloat rtol,
                           int64_t ulps, ResultAccuracyModeAttr mode) {
  if (atol.isNegative() || rtol.isNegative() || ulps < 0)
    return emitError() << "Negative tolerance";
  if (!mode)
    return emitError() << "result_accuracy needs a mode";
  if (mode.getValue() != ResultAccuracyMode::TOLERANCE &&
      (!atol.isZero() || !rtol.isZero() || ulps != 0))
    return emitError() << "Invalid tolerances for ResultAccuracyAttr with mode "
                       << stringifyResultAccuracyMode(mode.getValue())
                       << ", must be all zero.";
  return success();
}

Attribute ResultAccuracyAttr::parse(AsmParser &parser, Type) {
  MLIRContext *ctx = parser.getContext();
  llvm::APFloat atol(0.0), rtol(0.0);
  int64_t ulps = 0;
  ResultAccuracyModeAttr mode;
  auto parseTolerance = [&](llvm::APFloat &out) -> ParseResult {
    double value;
    if (parser.parseFloat(value))
      return failure();
    out = llvm::APFloat(value);
    return success();
  };
  // In this order, as upstream's parser takes them; only mode is required.
  static const OrderedField fields[] = {
      {"atol", true}, {"rtol", true}, {"ulps", true}, {"mode"}};
  if (parseOrderedFields(parser, fields, [&](StringRef name) -> ParseResult {
        if (name == "atol") return parseTolerance(atol);
        if (name == "rtol") return parseTolerance(rtol);
        if (name == "ulps") return parser.parseInteger(ulps);
        return parser.parseAttribute(mode); // mode
      }))
    return {};
  // Its verifier's errors point past the attribute, as upstream's do.
  llvm::SMLoc end = parser.getCurrentLocation();
  return getChecked([&] { return parser.emitError(end); }, ctx, atol, rtol,
                    ulps, mode);
}
void ResultAccuracyAttr::print(AsmPrinter &printer) const {
  FieldPrinter fields(printer);
  if (!getAtol().isZero())
    fields.floating("atol", getAtol());
  if (!getRtol().isZero())
    fields.floating("rtol", getRtol());
  fields.integer("ulps", getUlps()).attribute("mode", getMode());
}
DictionaryAttr ResultAccuracyAttr::toFields() const {
  MLIRContext *ctx = getContext();
  Type f64 = Float64Type::get(ctx);
  return DictionaryAttr::get(
      ctx, {NamedAttribute(StringAttr::get(ctx, "atol"),
                           FloatAttr::get(f64, getAtol())),
            NamedAttribute(StringAttr::get(ctx, "rtol"),
                           FloatAttr::get(f64, getRtol())),
            intEntry(ctx, "ulps", getUlps()),
            NamedAttribute(StringAttr::get(ctx, "mode"), getMode())});
}
Attribute ResultAccuracyAttr::fromFields(DictionaryAttr f) {
  MLIRContext *ctx = f.getContext();
  auto tolerance = [&](StringRef name) {
    auto attr = f.getAs<FloatAttr>(name);
    return llvm::APFloat(attr ? attr.getValueAsDouble() : 0.0);
  };
  auto mode = f.getAs<ResultAccuracyModeAttr>("mode");
  if (!mode)
    mode = ResultAccuracyModeAttr::get(ctx, ResultAccuracyMode::DEFAULT);
  return getChecked([&] { return emitError(UnknownLoc::get(ctx)); }, ctx,
                    tolerance("atol"), tolerance("rtol"), intField(f, "ulps"),
                    mode);
}


//===--- Mesh axes (replica groups) ----------------------------------------===//

static NamedAttribute entry(MLIRContext *ctx, StringRef name, Attribute value) {
  return NamedAttribute(StringAttr::get(ctx, name), value);
}

// sub_axis_info: `(pre_size)size`, as upstream prints it.
Attribute SubAxisInfoAttr::parse(AsmParser &parser, Type) {
  int64_t preSize = 0, size = 0;
  if (parser.parseLParen() || parser.parseInteger(preSize) ||
      parser.parseRParen() || parser.parseInteger(size))
    return {};
  return get(parser.getContext(), preSize, size);
}
void SubAxisInfoAttr::print(AsmPrinter &printer) const {
  printer.getStream() << '(' << getPreSize() << ')' << getSize();
}
DictionaryAttr SubAxisInfoAttr::toFields() const {
  MLIRContext *ctx = getContext();
  return DictionaryAttr::get(ctx, {intEntry(ctx, "pre_size", getPreSize()),
                                   intEntry(ctx, "size", getSize())});
}
Attribute SubAxisInfoAttr::fromFields(DictionaryAttr f) {
  return get(f.getContext(), intField(f, "pre_size"), intField(f, "size"));
}

// axis_ref: `<name = "x">` or `<name = "x", sub_axis_info = (1)2>`.
Attribute AxisRefAttr::parse(AsmParser &parser, Type) {
  std::string name;
  bool named = false;
  SubAxisInfoAttr subAxis;
  if (parseFields(parser, [&](StringRef field) -> ParseResult {
        if (field == "name") {
          named = true;
          return parser.parseString(&name);
        }
        if (field == "sub_axis_info") {
          subAxis = dyn_cast_or_null<SubAxisInfoAttr>(
              SubAxisInfoAttr::parse(parser, Type()));
          return success(bool(subAxis));
        }
        return unknownField(parser, field);
      }))
    return {};
  if (!named) {
    parser.emitError(parser.getCurrentLocation(), "axis_ref needs a name");
    return {};
  }
  return get(parser.getContext(), name, subAxis);
}
void AxisRefAttr::print(AsmPrinter &printer) const {
  FieldPrinter fields(printer);
  fields.string("name", getName());
  if (getSubAxisInfo())
    fields.stripped("sub_axis_info", getSubAxisInfo());
}
DictionaryAttr AxisRefAttr::toFields() const {
  MLIRContext *ctx = getContext();
  SmallVector<NamedAttribute> fields{
      entry(ctx, "name", StringAttr::get(ctx, getName()))};
  if (getSubAxisInfo())
    fields.push_back(entry(ctx, "sub_axis_info", getSubAxisInfo()));
  return DictionaryAttr::get(ctx, fields);
}
Attribute AxisRefAttr::fromFields(DictionaryAttr f) {
  auto name = f.getAs<StringAttr>("name");
  Attribute subAxis = f.get("sub_axis_info");
  if (!name || (subAxis && !isa<SubAxisInfoAttr>(subAxis)))
    return {};
  return get(f.getContext(), name.getValue(),
             cast_or_null<SubAxisInfoAttr>(subAxis));
}

// mesh_axis: `<name = "x", size = 2>`.
Attribute MeshAxisAttr::parse(AsmParser &parser, Type) {
  std::string name;
  int64_t size = 0;
  bool named = false, sized = false;
  if (parseFields(parser, [&](StringRef field) -> ParseResult {
        if (field == "name") {
          named = true;
          return parser.parseString(&name);
        }
        if (field == "size") {
          sized = true;
          return parser.parseInteger(size);
        }
        return unknownField(parser, field);
      }))
    return {};
  if (!named || !sized) {
    parser.emitError(parser.getCurrentLocation(),
                     "mesh_axis needs a name and a size");
    return {};
  }
  return get(parser.getContext(), name, size);
}
void MeshAxisAttr::print(AsmPrinter &printer) const {
  FieldPrinter(printer).string("name", getName()).integer("size", getSize(),
                                                          false);
}
DictionaryAttr MeshAxisAttr::toFields() const {
  MLIRContext *ctx = getContext();
  return DictionaryAttr::get(
      ctx, {entry(ctx, "name", StringAttr::get(ctx, getName())),
            intEntry(ctx, "size", getSize())});
}
Attribute MeshAxisAttr::fromFields(DictionaryAttr f) {
  auto name = f.getAs<StringAttr>("name");
  return name ? get(f.getContext(), name.getValue(), intField(f, "size"))
              : Attribute();
}

// mesh: `<axes=[<name = "x", size = 2>, ...], device_ids=dense<...>>`, as
// upstream prints it (no spaces around `=`, axes without their prefix). The
// axes may also be written in full (`#stablehlo.mesh_axis<...>`).
Attribute MeshAttr::parse(AsmParser &parser, Type) {
  SmallVector<MeshAxisAttr> axes;
  DenseIntElementsAttr deviceIds;
  auto parseAxis = [&]() -> ParseResult {
    Attribute axis;
    OptionalParseResult full = parser.parseOptionalAttribute(axis);
    if (!full.has_value())
      axis = MeshAxisAttr::parse(parser, Type());
    else if (failed(*full))
      return failure();
    auto meshAxis = dyn_cast_or_null<MeshAxisAttr>(axis);
    if (!meshAxis)
      return parser.emitError(parser.getCurrentLocation(),
                              "expected a mesh_axis in the mesh's axes");
    axes.push_back(meshAxis);
    return success();
  };
  if (parseFields(parser, [&](StringRef field) -> ParseResult {
        if (field == "axes")
          return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                                parseAxis);
        if (field == "device_ids") {
          llvm::SMLoc loc = parser.getCurrentLocation();
          Attribute ids;
          if (parser.parseAttribute(ids))
            return failure();
          deviceIds = dyn_cast<DenseIntElementsAttr>(ids);
          if (!deviceIds)
            return parser.emitError(loc, "device_ids must be dense integers");
          return success();
        }
        return unknownField(parser, field);
      }))
    return {};
  return get(parser.getContext(), axes, deviceIds);
}
void MeshAttr::print(AsmPrinter &printer) const {
  raw_ostream &os = printer.getStream();
  os << "<axes=[";
  llvm::interleaveComma(getAxes(), os, [&](MeshAxisAttr axis) {
    printer.printStrippedAttrOrType(axis);
  });
  os << ']';
  if (getDeviceIds()) {
    os << ", device_ids=";
    printer.printAttribute(getDeviceIds());
  }
  os << '>';
}
DictionaryAttr MeshAttr::toFields() const {
  MLIRContext *ctx = getContext();
  SmallVector<Attribute> axes(getAxes().begin(), getAxes().end());
  SmallVector<NamedAttribute> fields{
      entry(ctx, "axes", ArrayAttr::get(ctx, axes))};
  if (getDeviceIds())
    fields.push_back(entry(ctx, "device_ids", getDeviceIds()));
  return DictionaryAttr::get(ctx, fields);
}
Attribute MeshAttr::fromFields(DictionaryAttr f) {
  auto array = f.getAs<ArrayAttr>("axes");
  Attribute ids = f.get("device_ids");
  if (!array || (ids && !isa<DenseIntElementsAttr>(ids)))
    return {};
  SmallVector<MeshAxisAttr> axes;
  for (Attribute axis : array) {
    auto meshAxis = dyn_cast<MeshAxisAttr>(axis);
    if (!meshAxis)
      return {};
    axes.push_back(meshAxis);
  }
  return get(f.getContext(), axes, cast_or_null<DenseIntElementsAttr>(ids));
}

// replica_group_mesh_axes: `<mesh = @m, axes = [#stablehlo.axis_ref<...>]>`.
// Like upstream, the axes are checked against an inline mesh here; a mesh
// named by a symbol is looked up from each op holding the attribute
// (verifySymbolUses) and the rest (sizes, sub-axes) is checked where the
// groups are computed, at run time.
LogicalResult
ReplicaGroupMeshAxesAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 Attribute mesh, ArrayAttr axes) {
  if (!isa_and_nonnull<FlatSymbolRefAttr, MeshAttr>(mesh))
    return emitError() << "mesh must be a FlatSymbolRefAttr or MeshAttr";
  if (!axes)
    return emitError() << "expected AxisRefAttr in axes list";
  auto inline_ = dyn_cast<MeshAttr>(mesh);
  if (!inline_)
    return success();
  for (Attribute axis : axes) {
    auto ref = dyn_cast<AxisRefAttr>(axis);
    if (!ref)
      return emitError() << "expected AxisRefAttr in axes list";
    if (llvm::none_of(inline_.getAxes(), [&](MeshAxisAttr meshAxis) {
          return meshAxis.getName() == ref.getName();
        }))
      return emitError() << "axis '" << ref.getName()
                         << "' not found in mesh definition";
  }
  return success();
}
// A mesh named by a symbol must exist where the op is, whatever the
// attribute's name (upstream's message, which says replica_groups even for a
// discardable attribute). Any symbol will do: it is read as a mesh when the
// interpreter computes the groups.
LogicalResult
ReplicaGroupMeshAxesAttr::verifySymbolUses(Operation *op,
                                           SymbolTableCollection &symbols) const {
  auto symbol = dyn_cast<FlatSymbolRefAttr>(getMesh());
  if (symbol && !symbols.lookupNearestSymbolFrom(op, symbol))
    return op->emitOpError() << "replica_groups: mesh symbol '"
                             << symbol.getValue() << "' not found";
  return success();
}
Attribute ReplicaGroupMeshAxesAttr::parse(AsmParser &parser, Type) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  Attribute mesh;
  ArrayAttr axes;
  if (parseFields(parser, [&](StringRef field) -> ParseResult {
        if (field == "mesh")
          return parser.parseAttribute(mesh);
        if (field == "axes")
          return parser.parseAttribute(axes);
        return unknownField(parser, field);
      }))
    return {};
  return getChecked([&] { return parser.emitError(loc); },
                    parser.getContext(), mesh, axes);
}
void ReplicaGroupMeshAxesAttr::print(AsmPrinter &printer) const {
  FieldPrinter(printer).attribute("mesh", getMesh()).attribute("axes",
                                                               getAxes());
}
DictionaryAttr ReplicaGroupMeshAxesAttr::toFields() const {
  MLIRContext *ctx = getContext();
  return DictionaryAttr::get(
      ctx, {entry(ctx, "mesh", getMesh()), entry(ctx, "axes", getAxes())});
}
Attribute ReplicaGroupMeshAxesAttr::fromFields(DictionaryAttr f) {
  Attribute mesh = f.get("mesh");
  auto axes = f.getAs<ArrayAttr>("axes");
  MLIRContext *ctx = f.getContext();
  // Invalid fields give no attribute, after the diagnostic (Python raises it).
  return getChecked([&] { return emitError(UnknownLoc::get(ctx)); }, ctx, mesh,
                    axes);
}
