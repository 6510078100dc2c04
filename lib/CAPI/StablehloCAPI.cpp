#include "CAPI/StablehloCAPI.h"

#include "Dialect/StablehloOps.h"
#include "Support/TextUpgrade.h"
#include "Transforms/CallbackPasses.h"
#include "Transforms/Passes.h"
#include "Vhlo/Serialization.h"
#include "Vhlo/VhloOps.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::stablehlo;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Stablehlo, stablehlo, StablehloDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Check, check, check::CheckDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Interpreter, interpreter,
                                      interpreter::InterpreterDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Sdy, sdy, sdy::SdyDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Chlo, chlo, chlo::ChloDialect)
MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Vhlo, vhlo, vhlo::VhloDialect)

namespace {
// Streams what MLIR writes into a C string callback.
struct CallbackStream : public llvm::raw_ostream {
  CallbackStream(MlirStringCallback callback, void *userData)
      : callback(callback), userData(userData) {
    SetUnbuffered();
  }
  void write_impl(const char *ptr, size_t size) override {
    callback(mlirStringRefCreate(ptr, size), userData);
    position += size;
  }
  uint64_t current_pos() const override { return position; }
  MlirStringCallback callback;
  void *userData;
  uint64_t position = 0;
};

void emitString(const std::string &text, MlirStringCallback callback,
                void *userData) {
  callback(mlirStringRefCreate(text.data(), text.size()), userData);
}
} // namespace

MlirLogicalResult stablehloSerializePortableArtifact(MlirModule module,
                                                     MlirStringRef target,
                                                     bool allowOtherDialects,
                                                     MlirStringCallback callback,
                                                     void *userData) {
  // Written to a buffer first: nothing reaches the caller if writing fails.
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  if (failed(vhlo::serializePortableArtifact(unwrap(module), unwrap(target), os,
                                             allowOtherDialects)))
    return mlirLogicalResultFailure();
  emitString(bytes, callback, userData);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult stablehloDeserializePortableArtifactInPlace(MlirModule module) {
  return wrap(vhlo::deserializePortableArtifact(unwrap(module)));
}

void stablehloGetCurrentVersion(MlirStringCallback callback, void *userData) {
  emitString(vhlo::Version::getCurrentVersion().toString(), callback, userData);
}

void stablehloGetMinimumVersion(MlirStringCallback callback, void *userData) {
  emitString(vhlo::Version::getMinimumVersion().toString(), callback, userData);
}

MlirLogicalResult stablehloVersionFromCompatibilityRequirement(
    int requirement, MlirStringCallback callback, void *userData) {
  FailureOr<vhlo::Version> version =
      vhlo::versionFromCompatibilityRequirement(requirement);
  if (failed(version))
    return mlirLogicalResultFailure();
  emitString(version->toString(), callback, userData);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult stablehloGetSmallerVersion(MlirStringRef version1,
                                             MlirStringRef version2,
                                             MlirStringCallback callback,
                                             void *userData) {
  FailureOr<vhlo::Version> a = vhlo::Version::fromString(unwrap(version1));
  FailureOr<vhlo::Version> b = vhlo::Version::fromString(unwrap(version2));
  if (failed(a) || failed(b))
    return mlirLogicalResultFailure();
  emitString((*a < *b ? *a : *b).toString(), callback, userData);
  return mlirLogicalResultSuccess();
}

bool stablehloTypeIsAToken(MlirType type) { return isa<TokenType>(unwrap(type)); }
MlirType stablehloTokenTypeGet(MlirContext ctx) {
  return wrap(TokenType::get(unwrap(ctx)));
}

intptr_t stablehloFutureTypeGetNumTypes(MlirType type) {
  auto future = dyn_cast<FutureType>(unwrap(type));
  return future ? static_cast<intptr_t>(future.getTypes().size()) : -1;
}

MlirType stablehloFutureTypeGetType(MlirType type, intptr_t index) {
  return wrap(cast<FutureType>(unwrap(type)).getTypes()[index]);
}

MlirType stablehloFutureTypeGet(MlirContext ctx, intptr_t n,
                                const MlirType *types) {
  MLIRContext *context = unwrap(ctx);
  SmallVector<Type> unwrapped;
  for (intptr_t i = 0; i < n; ++i)
    unwrapped.push_back(unwrap(types[i]));
  return wrap(FutureType::getChecked(
      [&] { return emitError(UnknownLoc::get(context)); }, context,
      ArrayRef<Type>(unwrapped)));
}

namespace {
// Each structured attribute, by the mnemonic of its textual form.
using FromFields = Attribute (*)(DictionaryAttr);
struct StructuredKind {
  StringRef mnemonic;
  bool (*isA)(Attribute);
  DictionaryAttr (*toFields)(Attribute);
  FromFields fromFields;
};
template <typename Attr> StructuredKind kind() {
  return {Attr::getMnemonic(), [](Attribute a) { return isa<Attr>(a); },
          [](Attribute a) { return cast<Attr>(a).toFields(); },
          &Attr::fromFields};
}
const StructuredKind *structuredKinds(size_t &count) {
  static const StructuredKind kinds[] = {
      kind<DotDimensionNumbersAttr>(),
      kind<GatherDimensionNumbersAttr>(),
      kind<ScatterDimensionNumbersAttr>(),
      kind<ConvDimensionNumbersAttr>(),
      kind<DotAlgorithmAttr>(),
      kind<ChannelHandleAttr>(),
      kind<OutputOperandAliasAttr>(),
      kind<ResultAccuracyAttr>(),
      kind<SubAxisInfoAttr>(),
      kind<AxisRefAttr>(),
      kind<MeshAxisAttr>(),
      kind<MeshAttr>(),
      kind<ReplicaGroupMeshAxesAttr>(),
      kind<chlo::RaggedDotDimensionNumbersAttr>()};
  count = std::size(kinds);
  return kinds;
}
const StructuredKind *findKind(llvm::function_ref<bool(const StructuredKind &)> pred) {
  size_t count;
  const StructuredKind *kinds = structuredKinds(count);
  for (size_t i = 0; i < count; ++i)
    if (pred(kinds[i]))
      return &kinds[i];
  return nullptr;
}

// Each enum attribute: its kind (its mnemonic; chlo's prefixed `chlo.`, as
// chlo reuses stablehlo's enums), its case name, and a parser of names.
struct EnumKind {
  StringRef mnemonic;
  std::optional<StringRef> (*name)(Attribute);
  Attribute (*get)(MLIRContext *, StringRef);
};
template <typename Attr, typename Enum>
EnumKind enumKind(std::optional<Enum> (*symbolize)(StringRef),
                  StringRef kind = Attr::getMnemonic()) {
  static std::optional<Enum> (*parse)(StringRef) = symbolize;
  return {kind,
          [](Attribute a) -> std::optional<StringRef> {
            if (auto e = dyn_cast<Attr>(a))
              return stringifyEnum(e.getValue());
            return std::nullopt;
          },
          [](MLIRContext *ctx, StringRef value) -> Attribute {
            if (auto e = parse(value))
              return Attr::get(ctx, *e);
            return {};
          }};
}
ArrayRef<EnumKind> enumKinds() {
  static const EnumKind kinds[] = {
      enumKind<ComparisonDirectionAttr>(symbolizeComparisonDirection),
      enumKind<ComparisonTypeAttr>(symbolizeComparisonType),
      enumKind<PrecisionAttr>(symbolizePrecision),
      enumKind<FftTypeAttr>(symbolizeFftType),
      enumKind<RngDistributionAttr>(symbolizeRngDistribution),
      enumKind<RngAlgorithmAttr>(symbolizeRngAlgorithm),
      enumKind<TransposeAttr>(symbolizeTranspose),
      enumKind<ResultAccuracyModeAttr>(symbolizeResultAccuracyMode),
      enumKind<chlo::ComparisonDirectionAttr>(symbolizeComparisonDirection,
                                              "chlo.comparison_direction"),
      enumKind<chlo::ComparisonTypeAttr>(symbolizeComparisonType,
                                         "chlo.comparison_type"),
      enumKind<chlo::PrecisionAttr>(symbolizePrecision, "chlo.precision")};
  return kinds;
}
} // namespace

MlirStringRef stablehloAttributeGetMnemonic(MlirAttribute attr) {
  Attribute a = unwrap(attr);
  if (auto spec = dyn_cast<sdy::SpecAttr>(a))
    return wrap(spec.getKind());
  const StructuredKind *k =
      findKind([&](const StructuredKind &k) { return k.isA(a); });
  return wrap(k ? k->mnemonic : StringRef());
}

MlirAttribute stablehloAttributeGetFields(MlirAttribute attr) {
  Attribute a = unwrap(attr);
  if (auto spec = dyn_cast<sdy::SpecAttr>(a))
    return wrap(Attribute(sdy::describe(spec)));
  const StructuredKind *k =
      findKind([&](const StructuredKind &k) { return k.isA(a); });
  return wrap(k ? Attribute(k->toFields(a)) : Attribute());
}

MlirAttribute stablehloAttributeFromFields(MlirContext, MlirStringRef mnemonic,
                                           MlirAttribute fields) {
  StringRef name = unwrap(mnemonic);
  auto dict = dyn_cast_or_null<DictionaryAttr>(unwrap(fields));
  const StructuredKind *k =
      findKind([&](const StructuredKind &k) { return k.mnemonic == name; });
  return wrap(k && dict ? k->fromFields(dict) : Attribute());
}

MlirStringRef stablehloEnumAttributeGetKind(MlirAttribute attr) {
  for (const EnumKind &k : enumKinds())
    if (k.name(unwrap(attr)))
      return wrap(k.mnemonic);
  return wrap(StringRef());
}

MlirStringRef stablehloEnumAttributeGetValue(MlirAttribute attr) {
  for (const EnumKind &k : enumKinds())
    if (std::optional<StringRef> name = k.name(unwrap(attr)))
      return wrap(*name);
  return wrap(StringRef());
}

MlirAttribute stablehloEnumAttributeGet(MlirContext ctx, MlirStringRef kind,
                                        MlirStringRef value) {
  for (const EnumKind &k : enumKinds())
    if (k.mnemonic == unwrap(kind))
      return wrap(k.get(unwrap(ctx), unwrap(value)));
  return wrap(Attribute());
}

bool stablehloAttributeIsABounds(MlirAttribute attr) {
  return isa<TypeExtensionsAttr>(unwrap(attr));
}
intptr_t stablehloBoundsGetSize(MlirAttribute attr) {
  return cast<TypeExtensionsAttr>(unwrap(attr)).getBounds().size();
}
int64_t stablehloBoundsGetElement(MlirAttribute attr, intptr_t pos) {
  return cast<TypeExtensionsAttr>(unwrap(attr)).getBounds()[pos];
}
MlirAttribute stablehloBoundsGet(MlirContext ctx, intptr_t n,
                                 const int64_t *bounds) {
  return wrap(TypeExtensionsAttr::get(unwrap(ctx), ArrayRef(bounds, n)));
}

void stablehloContextSetStrictSpec(MlirContext ctx, bool strict) {
  unwrap(ctx)
      ->getOrLoadDialect<mlir::stablehlo::StablehloDialect>()
      ->setStrictSpec(strict);
}

void stablehloContextSetSpecDeviationWarnings(MlirContext ctx, bool warn) {
  unwrap(ctx)
      ->getOrLoadDialect<mlir::stablehlo::StablehloDialect>()
      ->setWarnSpecDeviations(warn);
}

bool stablehloOperationHasOwnMemoryEffects(MlirOperation op) {
  mlir::Operation *operation = unwrap(op);
  if (operation->hasTrait<mlir::OpTrait::HasRecursiveMemoryEffects>())
    return false;
  if (auto effects = llvm::dyn_cast<mlir::MemoryEffectOpInterface>(operation))
    return !effects.hasNoEffect();
  return true;
}

bool stablehloOperationGetDenseElementsRawData(MlirOperation op,
                                               MlirStringRef name,
                                               const char **data, size_t *size,
                                               bool *isSplat) {
  auto dense = dyn_cast_or_null<DenseIntOrFPElementsAttr>(
      unwrap(op)->getAttr(unwrap(name)));
  if (!dense)
    return false;
  ArrayRef<char> raw = dense.getRawData();
  *data = raw.data();
  *size = raw.size();
  *isSplat = dense.isSplat();
  return true;
}

bool stablehloOperationGetDenseResourceData(MlirOperation op,
                                            MlirStringRef name,
                                            const char **data, size_t *size) {
  auto resource = dyn_cast_or_null<DenseResourceElementsAttr>(
      unwrap(op)->getAttr(unwrap(name)));
  if (!resource)
    return false;
  *data = nullptr;
  *size = 0;
  if (AsmResourceBlob *blob = resource.getRawHandle().getBlob()) {
    ArrayRef<char> raw = blob->getData();
    *data = raw.data();
    *size = raw.size();
  }
  return true;
}

MlirStringRef stablehloUpgradeProgramText(MlirStringRef text) {
  thread_local std::string upgraded;
  upgraded = upgradeProgramText(unwrap(text));
  return wrap(llvm::StringRef(upgraded));
}

void stablehloRegisterPasses(void) {
  static bool once = [] {
    mlir::stablehlo::registerPasses();
    mlir::vhlo::registerVhloPasses();
    return true;
  }();
  (void)once;
}

namespace {
struct CallbackRunData {
  StablehloCallbackPassRun run;
  StablehloCallbackPassCheck check;
  void *userData;
};
} // namespace

static SmallVector<MlirStringRef> wrapAll(ArrayRef<StringRef> texts) {
  SmallVector<MlirStringRef> wrapped;
  for (StringRef text : texts)
    wrapped.push_back(wrap(text));
  return wrapped;
}

static LogicalResult checkCallbackPass(ArrayRef<StringRef> optionValues,
                                       std::string &error, void *userData) {
  auto *data = static_cast<const CallbackRunData *>(userData);
  SmallVector<MlirStringRef> values = wrapAll(optionValues);
  auto append = [](MlirStringRef text, void *to) {
    static_cast<std::string *>(to)->append(text.data, text.length);
  };
  return unwrap(data->check(values.size(), values.data(), append, &error,
                            data->userData));
}

static LogicalResult runCallbackPass(Operation *op,
                                     ArrayRef<StringRef> optionValues,
                                     void *userData) {
  auto *data = static_cast<const CallbackRunData *>(userData);
  SmallVector<MlirStringRef> values = wrapAll(optionValues);
  return unwrap(
      data->run(wrap(op), values.size(), values.data(), data->userData));
}

MlirLogicalResult stablehloRegisterCallbackPass(
    MlirStringRef argument, MlirStringRef summary, MlirStringRef anchor,
    intptr_t nOptions, const StablehloCallbackPassOption *options,
    StablehloCallbackPassRun run, StablehloCallbackPassCheck check,
    void *userData) {
  CallbackPassInfo info;
  info.argument = unwrap(argument).str();
  info.summary = unwrap(summary).str();
  info.anchor = unwrap(anchor).str();
  for (intptr_t i = 0; i < nOptions; ++i)
    info.options.push_back({unwrap(options[i].name).str(),
                            unwrap(options[i].defaultValue).str(),
                            unwrap(options[i].description).str(),
                            options[i].isList});
  info.run = runCallbackPass;
  if (check)
    info.check = checkCallbackPass;
  // Kept for the life of the process, as the registration is.
  info.userData = new CallbackRunData{run, check, userData};
  return wrap(registerCallbackPass(std::move(info)));
}
