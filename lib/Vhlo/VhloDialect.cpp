// The vhlo dialect: registration and the textual syntax of its types and
// attributes (upstream StableHLO's, so that VHLO printed by either parses in
// the other).
#include "Dialect/StablehloOps.h"
#include "Vhlo/VhloOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::vhlo;

//===--- Parameters ---------------------------------------------------------===//

FailureOr<llvm::APFloat> mlir::vhlo::parseDouble(AsmParser &parser) {
  double value;
  if (parser.parseFloat(value))
    return failure();
  return llvm::APFloat(value);
}

FailureOr<SmallVector<llvm::APFloat>> mlir::vhlo::parseDoubles(AsmParser &parser) {
  SmallVector<llvm::APFloat> values;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        FailureOr<llvm::APFloat> value = parseDouble(parser);
        if (failed(value))
          return failure();
        values.push_back(*value);
        return success();
      }))
    return failure();
  return values;
}

void mlir::vhlo::printDoubles(AsmPrinter &printer, ArrayRef<llvm::APFloat> values) {
  printer << '[';
  llvm::interleaveComma(values, printer, [&](const llvm::APFloat &value) {
    printer.printFloat(value);
  });
  printer << ']';
}

bool mlir::vhlo::bitwiseEqual(ArrayRef<llvm::APFloat> lhs,
                              ArrayRef<llvm::APFloat> rhs) {
  return lhs.size() == rhs.size() &&
         llvm::all_of(llvm::zip(lhs, rhs), [](auto pair) {
           return std::get<0>(pair).bitwiseIsEqual(std::get<1>(pair));
         });
}

bool mlir::vhlo::isVhloType(Type type) {
  return type && isa<VhloDialect>(type.getDialect());
}
bool mlir::vhlo::isVhloAttr(Attribute attr) {
  return attr && isa<VhloDialect>(attr.getDialect());
}

//===--- Custom directives of the generated syntax ----------------------------===//

// `()` for no types, else a comma list without delimiters.
static ParseResult parseTypeArray(AsmParser &parser,
                                  SmallVectorImpl<Type> &types) {
  if (succeeded(parser.parseOptionalLParen()))
    return parser.parseRParen();
  return parser.parseTypeList(types);
}
static void printTypeArray(AsmPrinter &printer, ArrayRef<Type> types) {
  if (types.empty())
    printer << "()";
  llvm::interleaveComma(types, printer);
}

static ParseResult parseShape(AsmParser &parser,
                              SmallVectorImpl<int64_t> &shape) {
  return parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                   /*withTrailingX=*/true);
}
static void printShape(AsmPrinter &printer, ArrayRef<int64_t> shape) {
  for (int64_t size : shape) {
    if (ShapedType::isDynamic(size))
      printer << '?';
    else
      printer << size;
    printer << 'x';
  }
}

static ParseResult parseEncoding(AsmParser &parser, Attribute &encoding) {
  if (failed(parser.parseOptionalComma()))
    return success();
  return parser.parseAttribute(encoding);
}
static void printEncoding(AsmPrinter &printer, Attribute encoding) {
  if (encoding)
    printer << ", " << encoding;
}

static ParseResult parseAttributeArray(AsmParser &parser,
                                       SmallVectorImpl<Attribute> &attrs) {
  ArrayAttr array;
  if (parser.parseAttribute(array))
    return failure();
  llvm::append_range(attrs, array.getValue());
  return success();
}
static void printAttributeArray(AsmPrinter &printer, ArrayRef<Attribute> attrs) {
  printer << '[';
  llvm::interleaveComma(attrs, printer);
  printer << ']';
}

static ParseResult parseAttributeDictionary(
    AsmParser &parser,
    SmallVectorImpl<std::pair<Attribute, Attribute>> &entries) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces, [&] {
    Attribute key, value;
    if (parser.parseAttribute(key) || parser.parseEqual() ||
        parser.parseAttribute(value))
      return failure();
    entries.push_back({key, value});
    return success();
  });
}
static void printAttributeDictionary(
    AsmPrinter &printer, ArrayRef<std::pair<Attribute, Attribute>> entries) {
  printer << '{';
  llvm::interleaveComma(entries, printer, [&](auto entry) {
    printer << entry.first << " = " << entry.second;
  });
  printer << '}';
}

static ParseResult parseEscapedString(AsmParser &parser, std::string &value) {
  return parser.parseString(&value);
}
static void printEscapedString(AsmPrinter &printer, StringRef value) {
  printer << '"';
  llvm::printEscapedString(value, printer.getStream());
  printer << '"';
}

FailureOr<SmallVector<int64_t>> mlir::vhlo::parseDims(AsmParser &parser) {
  SmallVector<int64_t> sizes;
  if (stablehlo::parseSizeList(parser, AsmParser::Delimiter::Square, sizes))
    return failure();
  return sizes;
}

void mlir::vhlo::printDims(AsmPrinter &printer, ArrayRef<int64_t> sizes) {
  printer << '[';
  stablehlo::printSizeList(printer.getStream(), sizes);
  printer << ']';
}

// vhlo.func_v1 @name(%arg0: T0, ...) -> (R0, ...) { body }
ParseResult mlir::vhlo::parseFunctionBody(OpAsmParser &parser, Attribute &name,
                                         Region &body, Attribute &functionType) {
  StringAttr symbol;
  if (parser.parseSymbolName(symbol))
    return failure();
  name = StringV1Attr::get(parser.getContext(), symbol.getValue());
  SmallVector<OpAsmParser::Argument> args;
  if (parser.parseArgumentList(args, AsmParser::Delimiter::Paren,
                               /*allowType=*/true))
    return failure();
  SmallVector<Type> results;
  if (parser.parseArrow() || parser.parseLParen() ||
      (failed(parser.parseOptionalRParen()) &&
       (parser.parseTypeList(results) || parser.parseRParen())))
    return failure();
  SmallVector<Type> inputs;
  for (auto &arg : args)
    inputs.push_back(arg.type);
  functionType = TypeV1Attr::get(
      parser.getContext(),
      FunctionV1Type::get(parser.getContext(), inputs, results));
  return parser.parseRegion(body, args);
}
void mlir::vhlo::printFunctionBody(OpAsmPrinter &printer, Operation *,
                                   Attribute name, Region &body,
                                   Attribute functionType) {
  printer << '@' << cast<StringV1Attr>(name).getValue() << '(';
  auto type = cast<FunctionV1Type>(cast<TypeV1Attr>(functionType).getValue());
  if (!body.empty())
    llvm::interleaveComma(body.getArguments(), printer, [&](BlockArgument arg) {
      printer.printRegionArgument(arg);
    });
  printer << ") -> (";
  llvm::interleaveComma(type.getOutputs(), printer);
  printer << ") ";
  printer.printRegion(body, /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/true);
}

#include "VhloDialect.cpp.inc"
#include "VhloEnums.cpp.inc"
#include "VhloOpInterfaces.cpp.inc"
#include "VhloTypeInterfaces.cpp.inc"
#include "VhloAttrInterfaces.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "VhloTypes.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "VhloAttrs.cpp.inc"

//===--- Attributes printed through their builtin form ------------------------===//

Attribute FloatV1Attr::parse(AsmParser &parser, Type) {
  double value;
  Type type;
  if (parser.parseLess() || parser.parseFloat(value) || parser.parseColon() ||
      parser.parseType(type) || parser.parseGreater())
    return {};
  auto builtin = dyn_cast_or_null<FloatType>(toBuiltinType(type));
  if (!builtin) {
    parser.emitError(parser.getNameLoc(), "expected a VHLO float type");
    return {};
  }
  llvm::APFloat result(value);
  bool lostInfo;
  result.convert(builtin.getFloatSemantics(),
                 llvm::APFloat::rmNearestTiesToEven, &lostInfo);
  return FloatV1Attr::get(parser.getContext(), type, result);
}
void FloatV1Attr::print(AsmPrinter &printer) const {
  printer << '<';
  printer.printFloat(getValue());
  printer << " : " << getType() << '>';
}

Attribute IntegerV1Attr::parse(AsmParser &parser, Type) {
  IntegerAttr attr;
  if (parser.parseLess() || parser.parseAttribute(attr) || parser.parseGreater())
    return {};
  Type type = toVhloType(attr.getType());
  if (!type) {
    parser.emitError(parser.getNameLoc(), "expected an integer type VHLO has");
    return {};
  }
  return IntegerV1Attr::get(parser.getContext(), type, attr.getValue());
}
void IntegerV1Attr::print(AsmPrinter &printer) const {
  printer << '<' << IntegerAttr::get(toBuiltinType(getType()), getValue()) << '>';
}

Attribute TensorV1Attr::parse(AsmParser &parser, Type) {
  DenseElementsAttr attr;
  if (parser.parseLess() || parser.parseAttribute(attr) || parser.parseGreater())
    return {};
  Type type = toVhloType(attr.getType());
  if (!type) {
    parser.emitError(parser.getNameLoc(), "expected a tensor type VHLO has");
    return {};
  }
  ArrayRef<char> raw = attr.getRawData();
  return TensorV1Attr::get(parser.getContext(), type,
                           StringRef(raw.data(), raw.size()));
}
void TensorV1Attr::print(AsmPrinter &printer) const {
  auto type = cast<ShapedType>(toBuiltinType(getType()));
  printer << '<'
          << DenseElementsAttr::getFromRawBuffer(
                 type, ArrayRef<char>(getData().data(), getData().size()))
          << '>';
}

//===--- The dialect -----------------------------------------------------------===//

void VhloDialect::initialize() {
  registerVhloDialectOperations(this); // generated, one part per shard
  registerTypes();
  registerAttributes();
  addBytecodeInterface(this);
}

void VhloDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "VhloTypes.cpp.inc"
      >();
}

void VhloDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "VhloAttrs.cpp.inc"
      >();
}

Type VhloDialect::parseType(DialectAsmParser &parser) const {
  StringRef mnemonic;
  Type type;
  OptionalParseResult parsed = generatedTypeParser(parser, &mnemonic, type);
  if (parsed.has_value())
    return type;
  parser.emitError(parser.getNameLoc()) << "unknown vhlo type: " << mnemonic;
  return {};
}

void VhloDialect::printType(Type type, DialectAsmPrinter &printer) const {
  if (failed(generatedTypePrinter(type, printer)))
    printer << "<unknown vhlo type>";
}

Attribute VhloDialect::parseAttribute(DialectAsmParser &parser,
                                      Type type) const {
  StringRef mnemonic;
  Attribute attr;
  OptionalParseResult parsed =
      generatedAttributeParser(parser, &mnemonic, type, attr);
  if (parsed.has_value())
    return attr;
  parser.emitError(parser.getNameLoc()) << "unknown vhlo attribute: "
                                        << mnemonic;
  return {};
}

void VhloDialect::printAttribute(Attribute attr,
                                 DialectAsmPrinter &printer) const {
  if (failed(generatedAttributePrinter(attr, printer)))
    printer << "<unknown vhlo attribute>";
}
