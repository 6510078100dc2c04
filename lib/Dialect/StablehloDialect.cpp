// The stablehlo dialect: registration, its attribute syntax and the bounds
// encoding of dynamic tensors. Structured attributes are in
// StablehloAttributes.cpp, quantized element types in QuantizedTypes.cpp.
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"
#include "Vhlo/VhloOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Shape/IR/Shape.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h" // the generated attribute and type printers

using namespace mlir;
using namespace mlir::stablehlo;

#include "StablehloDialect.cpp.inc"
#include "StablehloEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "StablehloAttrs.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "StablehloTypes.cpp.inc"

namespace {
// Every stablehlo op may be inlined (by --inline, into a func.call's
// caller, or a region into another): none refers to its enclosing region.
struct StablehloInliner : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Operation *, bool) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

bool StablehloDialect::firstSpecDeviation(Operation *op,
                                          StringRef constraint) {
  llvm::sys::SmartScopedLock<true> lock(deviationsMutex);
  return reportedDeviations
      .insert({op, op->getLoc().getAsOpaquePointer(), constraint.str()})
      .second;
}

// `<` types `>`; `<>` is the future of no tensors (which upstream prints but
// its parser, asking for a type, cannot read back).
Type FutureType::parse(AsmParser &parser) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  SmallVector<Type> types;
  if (parser.parseLess())
    return {};
  if (failed(parser.parseOptionalGreater()) &&
      (parser.parseCommaSeparatedList(
           [&] { return parser.parseType(types.emplace_back()); }) ||
       parser.parseGreater()))
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    ArrayRef<Type>(types));
}

void FutureType::print(AsmPrinter &printer) const {
  printer << '<';
  llvm::interleaveComma(getTypes(), printer);
  printer << '>';
}

LogicalResult FutureType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<Type> types) {
  for (Type type : types)
    if (!isa<RankedTensorType>(type))
      return emitError() << "a future holds tensors, got " << type;
  return success();
}

void StablehloDialect::initialize() {
  addInterfaces<StablehloInliner>();
  addTypes<
#define GET_TYPEDEF_LIST
#include "StablehloTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "StablehloAttrs.cpp.inc"
      >();
  registerElementwiseOps(*this);
  registerDataMovementOps(*this);
  registerIndexingOps(*this);
  registerRegionOps(*this);
  registerLinalgOps(*this);
  registerCommunicationOps(*this);
  registerNormalizationOps(*this);
  registerFftOps(*this);
  registerRandomOps(*this);
  registerQuantizationOps(*this);
}

void mlir::stablehlo::registerAllDialects(DialectRegistry &registry) {
  registry.insert<StablehloDialect, check::CheckDialect, chlo::ChloDialect,
                  interpreter::InterpreterDialect, sdy::SdyDialect,
                  quant::QuantDialect, vhlo::VhloDialect>();
  // What producers mix into StableHLO (torch-mlir's constants and shape
  // computations), so bytecode and artifacts holding them can be read.
  registry.insert<arith::ArithDialect, shape::ShapeDialect,
                  tensor::TensorDialect>();
}

//===--- Dialect attribute syntax ------------------------------------------===//

static Attribute parseBoundsList(AsmParser &parser, bool bracketed) {
  SmallVector<int64_t> bounds;
  if (parseSizeList(parser,
                    bracketed ? AsmParser::Delimiter::Square
                              : AsmParser::Delimiter::None,
                    bounds))
    return {};
  return TypeExtensionsAttr::get(parser.getContext(), bounds);
}

Attribute StablehloDialect::parseAttribute(DialectAsmParser &parser,
                                           Type type) const {
  StringRef mnemonic;
  Attribute attr;
  OptionalParseResult result =
      generatedAttributeParser(parser, &mnemonic, type, attr);
  if (result.has_value())
    return attr;
  if (mnemonic == "type_extensions") {
    if (parser.parseLess() || parser.parseKeyword("bounds") ||
        parser.parseEqual())
      return {};
    attr = parseBoundsList(parser, /*bracketed=*/true);
    if (!attr || parser.parseGreater())
      return {};
    return attr;
  }
  // The placeholder of a literal MLIR cannot parse safely (kLiteralErrorMnemonic):
  // report why, at the literal's position.
  if (mnemonic == kLiteralErrorMnemonic) {
    std::string why;
    if (parser.parseLess() || parser.parseString(&why))
      return {};
    // The name location is the mnemonic's; the literal began at the '#'.
    const char *mnemonicStart = parser.getNameLoc().getPointer();
    parser.emitError(llvm::SMLoc::getFromPointer(
                         mnemonicStart - StringRef("#stablehlo.").size()),
                     why);
    return {};
  }
  parser.emitError(parser.getNameLoc(), "unknown stablehlo attribute '")
      << mnemonic << "'";
  return {};
}

void StablehloDialect::printAttribute(Attribute attr,
                                      DialectAsmPrinter &printer) const {
  (void)generatedAttributePrinter(attr, printer);
}

//===--- Bounds (dynamism RFC) ---------------------------------------------===//

Attribute TypeExtensionsAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalGreater())) // a 0-d tensor's bounds<>
    return TypeExtensionsAttr::get(parser.getContext(), {});
  Attribute attr = parseBoundsList(parser, /*bracketed=*/false);
  if (!attr || parser.parseGreater())
    return {};
  return attr;
}
void TypeExtensionsAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printSizeList(printer.getStream(), getBounds());
  printer << '>';
}

// Bounds apply to dynamic dimensions only (dynamism RFC).
LogicalResult TypeExtensionsAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  ArrayRef<int64_t> bounds = getBounds();
  if (bounds.size() != shape.size())
    return emitError() << "bounds " << formatDims(bounds) << " must have one "
                       << "entry per dimension (rank " << shape.size() << ")";
  for (auto [dim, bound] : llvm::zip(shape, bounds)) {
    if (ShapedType::isDynamic(bound))
      continue;
    if (!ShapedType::isDynamic(dim))
      return emitError() << "a static dimension of size " << dim
                         << " cannot have a bound (use ?)";
    if (bound < 0)
      return emitError() << "bound " << bound << " must be non-negative";
  }
  return success();
}

