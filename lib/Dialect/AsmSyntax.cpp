// AsmSyntax.h is reached through StablehloOps.h, after the enum declarations.
#include "Dialect/StablehloOps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::stablehlo {

//===--- Types -------------------------------------------------------------===//

static ParseResult parseSameTypes(OpAsmParser &parser,
                                  ArrayRef<Type *> operands, Type &result) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto fn = dyn_cast<FunctionType>(type)) {
    if (fn.getNumInputs() != operands.size() || fn.getNumResults() != 1)
      return parser.emitError(loc)
             << "expected " << operands.size()
             << " operand type(s) and 1 result type, got " << type;
    for (auto [slot, input] : llvm::zip(operands, fn.getInputs()))
      *slot = input;
    result = fn.getResult(0);
    return success();
  }
  for (Type *slot : operands)
    *slot = type;
  result = type;
  return success();
}

ParseResult parseSameOperandsAndResultType(OpAsmParser &parser, Type &operand,
                                           Type &result) {
  return parseSameTypes(parser, {&operand}, result);
}
ParseResult parseSameOperandsAndResultType(OpAsmParser &parser, Type &lhs,
                                           Type &rhs, Type &result) {
  return parseSameTypes(parser, {&lhs, &rhs}, result);
}

static void printSameTypes(OpAsmPrinter &printer, ArrayRef<Type> operands,
                           Type result) {
  if (llvm::all_of(operands, [&](Type t) { return t == result; })) {
    printer << result;
    return;
  }
  printer.printFunctionalType(operands, TypeRange(result));
}

void printSameOperandsAndResultType(OpAsmPrinter &printer, Operation *,
                                    Type operand, Type result) {
  printSameTypes(printer, {operand}, result);
}
void printSameOperandsAndResultType(OpAsmPrinter &printer, Operation *,
                                    Type lhs, Type rhs, Type result) {
  printSameTypes(printer, {lhs, rhs}, result);
}

ParseResult parseSelectOpType(OpAsmParser &parser, Type &pred, Type &onTrue,
                              Type &onFalse, Type &result) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  SmallVector<Type> types;
  if (parser.parseTypeList(types))
    return failure();
  if (types.size() == 2) {
    pred = types[0];
    onTrue = onFalse = result = types[1];
    return success();
  }
  auto fn = types.size() == 1 ? dyn_cast<FunctionType>(types[0]) : nullptr;
  if (!fn || fn.getNumInputs() != 3 || fn.getNumResults() != 1)
    return parser.emitError(loc)
           << "expected `pred_type, result_type` or a function type with 3 "
              "inputs and 1 result";
  pred = fn.getInput(0);
  onTrue = fn.getInput(1);
  onFalse = fn.getInput(2);
  result = fn.getResult(0);
  return success();
}

void printSelectOpType(OpAsmPrinter &printer, Operation *, Type pred,
                       Type onTrue, Type onFalse, Type result) {
  if (onTrue == result && onFalse == result) {
    printer << pred << ", " << result;
    return;
  }
  printer.printFunctionalType(TypeRange{pred, onTrue, onFalse},
                              TypeRange{result});
}

//===--- Dimension lists ---------------------------------------------------===//

ParseResult parseDimList(AsmParser &parser, SmallVectorImpl<int64_t> &dims) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        int64_t value;
        if (parser.parseInteger(value))
          return failure();
        dims.push_back(value);
        return success();
      });
}

void printDimList(raw_ostream &os, ArrayRef<int64_t> dims) {
  os << '[';
  llvm::interleaveComma(dims, os);
  os << ']';
}

ParseResult parseSizeList(AsmParser &parser, AsmParser::Delimiter delimiter,
                          SmallVectorImpl<int64_t> &sizes) {
  return parser.parseCommaSeparatedList(delimiter, [&]() -> ParseResult {
    if (succeeded(parser.parseOptionalQuestion())) {
      sizes.push_back(ShapedType::kDynamic);
      return success();
    }
    return parser.parseInteger(sizes.emplace_back());
  });
}

void printSizeList(raw_ostream &os, ArrayRef<int64_t> sizes) {
  llvm::interleaveComma(sizes, os, [&](int64_t size) {
    if (ShapedType::isDynamic(size))
      os << '?';
    else
      os << size;
  });
}

ParseResult parseDims(OpAsmParser &parser, DenseI64ArrayAttr &dims) {
  SmallVector<int64_t> values;
  if (parseDimList(parser, values))
    return failure();
  dims = DenseI64ArrayAttr::get(parser.getContext(), values);
  return success();
}

void printDims(OpAsmPrinter &printer, Operation *, DenseI64ArrayAttr dims) {
  printDimList(printer.getStream(), dims.asArrayRef());
}

ParseResult parseOperandsWithTrailingComma(
    OpAsmParser &parser, OpAsmParser::UnresolvedOperand &first,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &rest) {
  if (parser.parseOperand(first) || parser.parseComma())
    return failure();
  while (true) {
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult parsed = parser.parseOptionalOperand(operand);
    if (!parsed.has_value())
      break;
    if (failed(*parsed) || parser.parseComma())
      return failure();
    rest.push_back(operand);
  }
  if (rest.empty())
    (void)parser.parseOptionalComma(); // upstream's `%operand, , sizes`
  return success();
}

void printOperandsWithTrailingComma(OpAsmPrinter &printer, Operation *,
                                    Value first, OperandRange rest) {
  printer << first << ',';
  for (Value operand : rest)
    printer << ' ' << operand << ',';
}

//===--- convolution -------------------------------------------------------===//

ParseResult parseConvolutionDimensions(OpAsmParser &parser,
                                       ConvDimensionNumbersAttr &dims) {
  return parseConvDimensionsCompact(parser, dims);
}

void printConvolutionDimensions(OpAsmPrinter &printer, Operation *,
                                ConvDimensionNumbersAttr dims) {
  if (!printConvDimensionsCompact(printer.getStream(), dims))
    printer.printAttribute(dims);
}

ParseResult parseWindowAttributes(OpAsmParser &parser,
                                  DenseI64ArrayAttr &strides,
                                  DenseIntElementsAttr &padding,
                                  DenseI64ArrayAttr &lhsDilation,
                                  DenseI64ArrayAttr &rhsDilation,
                                  DenseBoolArrayAttr &reversal) {
  MLIRContext *ctx = parser.getContext();
  llvm::StringSet<> seen;
  auto field = [&]() -> ParseResult {
    llvm::SMLoc loc = parser.getCurrentLocation();
    StringRef name;
    if (parser.parseKeyword(&name) || parser.parseEqual())
      return failure();
    if (!seen.insert(name).second)
      return parser.emitError(loc) << "duplicate window field '" << name << "'";
    SmallVector<int64_t> values;
    if (name == "stride" || name == "lhs_dilate" || name == "rhs_dilate") {
      if (parseDimList(parser, values))
        return failure();
      DenseI64ArrayAttr &slot = name == "stride"       ? strides
                                : name == "lhs_dilate" ? lhsDilation
                                                       : rhsDilation;
      slot = DenseI64ArrayAttr::get(ctx, values);
      return success();
    }
    if (name == "pad") {
      int64_t rows = 0;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                llvm::SMLoc rowLoc = parser.getCurrentLocation();
                size_t before = values.size();
                if (parseDimList(parser, values))
                  return failure();
                if (values.size() - before != 2)
                  return parser.emitError(rowLoc)
                         << "expected a [low, high] padding pair";
                ++rows;
                return success();
              }))
        return failure();
      auto type = RankedTensorType::get({rows, 2}, IntegerType::get(ctx, 64));
      padding = DenseIntElementsAttr::get(type, values);
      return success();
    }
    if (name == "reverse") {
      SmallVector<bool> flags;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                llvm::SMLoc flagLoc = parser.getCurrentLocation();
                // Integers are read as upstream reads them: nonzero is true.
                int64_t number;
                OptionalParseResult isInt = parser.parseOptionalInteger(number);
                if (isInt.has_value()) {
                  flags.push_back(number != 0);
                  return *isInt;
                }
                StringRef word;
                if (parser.parseKeyword(&word))
                  return failure();
                if (word != "true" && word != "false")
                  return parser.emitError(flagLoc) << "expected true or false";
                flags.push_back(word == "true");
                return success();
              }))
        return failure();
      reversal = DenseBoolArrayAttr::get(ctx, flags);
      return success();
    }
    return parser.emitError(loc)
           << "unknown window field '" << name
           << "', expected stride, pad, lhs_dilate, rhs_dilate or reverse";
  };
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces, field);
}

void printWindowAttributes(OpAsmPrinter &printer, Operation *,
                           DenseI64ArrayAttr strides,
                           DenseIntElementsAttr padding,
                           DenseI64ArrayAttr lhsDilation,
                           DenseI64ArrayAttr rhsDilation,
                           DenseBoolArrayAttr reversal) {
  raw_ostream &os = printer.getStream();
  bool first = true;
  auto name = [&](StringRef text) -> raw_ostream & {
    if (!first)
      os << ", ";
    first = false;
    return os << text << " = ";
  };
  os << '{';
  if (strides)
    printDimList(name("stride"), strides.asArrayRef());
  if (padding) {
    SmallVector<int64_t> values(padding.getValues<int64_t>());
    name("pad") << '[';
    for (size_t i = 0; i < values.size(); i += 2) {
      if (i)
        os << ", ";
      printDimList(os, ArrayRef<int64_t>(values).slice(
                           i, std::min<size_t>(2, values.size() - i)));
    }
    os << ']';
  }
  if (lhsDilation)
    printDimList(name("lhs_dilate"), lhsDilation.asArrayRef());
  if (rhsDilation)
    printDimList(name("rhs_dilate"), rhsDilation.asArrayRef());
  if (reversal) {
    name("reverse") << '[';
    llvm::interleaveComma(reversal.asArrayRef(), os,
                          [&](bool b) { os << (b ? "true" : "false"); });
    os << ']';
  }
  os << '}';
}

//===--- custom_call -------------------------------------------------------===//

ParseResult parseCustomCallTarget(OpAsmParser &parser, StringAttr &target) {
  return parser.parseSymbolName(target);
}

void printCustomCallTarget(OpAsmPrinter &printer, Operation *,
                           StringAttr target) {
  printer.printSymbolName(target.getValue());
}

//===--- dot_general -------------------------------------------------------===//

ParseResult parsePrecisionList(OpAsmParser &parser, ArrayAttr &precision) {
  SmallVector<Attribute> values;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            llvm::SMLoc loc = parser.getCurrentLocation();
            StringRef keyword;
            if (parser.parseKeyword(&keyword))
              return failure();
            std::optional<Precision> value = symbolizePrecision(keyword);
            if (!value)
              return parser.emitError(loc)
                     << "unknown precision '" << keyword
                     << "', expected DEFAULT, HIGH or HIGHEST";
            values.push_back(PrecisionAttr::get(parser.getContext(), *value));
            return success();
          }))
    return failure();
  precision = ArrayAttr::get(parser.getContext(), values);
  return success();
}

void printPrecisionList(OpAsmPrinter &printer, Operation *,
                        ArrayAttr precision) {
  raw_ostream &os = printer.getStream();
  os << '[';
  llvm::interleaveComma(precision, os, [&](Attribute attr) {
    os << stringifyPrecision(cast<PrecisionAttr>(attr).getValue());
  });
  os << ']';
}

static ParseResult parseDimPair(OpAsmParser &parser, StringRef keyword,
                                SmallVectorImpl<int64_t> &lhs,
                                SmallVectorImpl<int64_t> &rhs) {
  return failure(parser.parseKeyword(keyword) || parser.parseEqual() ||
                 parseDimList(parser, lhs) || parser.parseKeyword("x") ||
                 parseDimList(parser, rhs));
}

static ParseResult parsePrecisionAndAlgorithm(OpAsmParser &parser,
                                              ArrayAttr &precision,
                                              DotAlgorithmAttr &algorithm);
static void printPrecisionAndAlgorithm(OpAsmPrinter &printer,
                                       ArrayAttr precision,
                                       DotAlgorithmAttr algorithm);

ParseResult parseDotDimensionNumbers(OpAsmParser &parser,
                                     DotDimensionNumbersAttr &dims,
                                     ArrayAttr &precision,
                                     DotAlgorithmAttr &algorithm) {
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
  if (succeeded(parser.parseOptionalKeyword("batching_dims"))) {
    if (parser.parseEqual() || parseDimList(parser, lhsBatch) ||
        parser.parseKeyword("x") || parseDimList(parser, rhsBatch) ||
        parser.parseComma())
      return failure();
  }
  if (parseDimPair(parser, "contracting_dims", lhsContract, rhsContract))
    return failure();
  dims = DotDimensionNumbersAttr::get(parser.getContext(), lhsBatch, rhsBatch,
                                      lhsContract, rhsContract);
  return parsePrecisionAndAlgorithm(parser, precision, algorithm);
}

void printDotDimensionNumbers(OpAsmPrinter &printer, Operation *,
                              DotDimensionNumbersAttr dims, ArrayAttr precision,
                              DotAlgorithmAttr algorithm) {
  raw_ostream &os = printer.getStream();
  if (!dims.getLhsBatchingDimensions().empty() ||
      !dims.getRhsBatchingDimensions().empty()) {
    os << "batching_dims = ";
    printDimList(os, dims.getLhsBatchingDimensions());
    os << " x ";
    printDimList(os, dims.getRhsBatchingDimensions());
    os << ", ";
  }
  os << "contracting_dims = ";
  printDimList(os, dims.getLhsContractingDimensions());
  os << " x ";
  printDimList(os, dims.getRhsContractingDimensions());
  printPrecisionAndAlgorithm(printer, precision, algorithm);
}

static ParseResult parsePrecisionAndAlgorithm(OpAsmParser &parser,
                                              ArrayAttr &precision,
                                              DotAlgorithmAttr &algorithm) {
  while (succeeded(parser.parseOptionalComma())) {
    if (!precision && succeeded(parser.parseOptionalKeyword("precision"))) {
      if (parser.parseEqual() || parsePrecisionList(parser, precision))
        return failure();
      continue;
    }
    if (!algorithm && succeeded(parser.parseOptionalKeyword("algorithm"))) {
      if (parser.parseEqual())
        return failure();
      Attribute parsed = DotAlgorithmAttr::parse(parser, Type());
      algorithm = llvm::dyn_cast_or_null<DotAlgorithmAttr>(parsed);
      if (!algorithm)
        return failure();
      continue;
    }
    return parser.emitError(parser.getCurrentLocation(),
                            "expected 'precision' or 'algorithm'");
  }
  return success();
}

static void printPrecisionAndAlgorithm(OpAsmPrinter &printer,
                                       ArrayAttr precision,
                                       DotAlgorithmAttr algorithm) {
  raw_ostream &os = printer.getStream();
  if (precision) {
    os << ", precision = ";
    printPrecisionList(printer, nullptr, precision);
  }
  if (algorithm) {
    os << ", algorithm = ";
    algorithm.print(printer);
  }
}

//===--- Structured attribute fields ---------------------------------------===//

ParseResult parseFields(AsmParser &parser,
                        llvm::function_ref<ParseResult(StringRef)> parseField,
                        bool allowTrailingComma) {
  if (parser.parseLess())
    return failure();
  if (succeeded(parser.parseOptionalGreater()))
    return success();
  llvm::StringSet<> seen;
  do {
    llvm::SMLoc loc = parser.getCurrentLocation();
    StringRef name;
    if (parser.parseKeyword(&name) || parser.parseEqual())
      return failure();
    if (!seen.insert(name).second)
      return parser.emitError(loc) << "duplicate field '" << name << "'";
    if (parseField(name))
      return failure();
    if (failed(parser.parseOptionalComma()))
      break;
    if (allowTrailingComma && succeeded(parser.parseOptionalGreater()))
      return success();
  } while (true);
  return parser.parseGreater();
}

ParseResult
parseOrderedFields(AsmParser &parser, ArrayRef<OrderedField> fields,
                   llvm::function_ref<ParseResult(StringRef)> parseField) {
  auto requiredFrom = [&](size_t index) {
    return llvm::any_of(fields.drop_front(index),
                        [](const OrderedField &f) { return !f.optional; });
  };
  if (parser.parseLess())
    return failure();
  if (!requiredFrom(0) && succeeded(parser.parseOptionalGreater()))
    return success();
  size_t next = 0; // the first field that may still come
  bool parsedAny = false;
  while (next < fields.size()) {
    if (parsedAny) { // a comma, which may end the list once nothing is required
      if (requiredFrom(next)) {
        if (parser.parseComma())
          return failure();
      } else if (failed(parser.parseOptionalComma())) {
        break;
      }
    }
    size_t index = next; // optional fields may be skipped, a required one not
    while (failed(parser.parseOptionalKeyword(fields[index].name))) {
      if (!fields[index].optional || index + 1 == fields.size())
        return parser.emitError(parser.getCurrentLocation())
               << "expected '" << fields[index].name << "'";
      ++index;
    }
    if (parser.parseEqual() || parseField(fields[index].name))
      return failure();
    next = index + 1;
    parsedAny = true;
  }
  return parser.parseGreater();
}

FieldPrinter::FieldPrinter(AsmPrinter &printer) : printer(printer) {
  printer.getStream() << '<';
}
FieldPrinter::~FieldPrinter() { printer.getStream() << '>'; }

raw_ostream &FieldPrinter::separator(StringRef name) {
  raw_ostream &os = printer.getStream();
  if (!first)
    os << ", ";
  first = false;
  return os << name << " = ";
}

FieldPrinter &FieldPrinter::dims(StringRef name, ArrayRef<int64_t> value,
                                 bool elideEmpty) {
  if (!value.empty() || !elideEmpty)
    printDimList(separator(name), value);
  return *this;
}

FieldPrinter &FieldPrinter::integer(StringRef name, int64_t value,
                                    bool elideZero) {
  if (value != 0 || !elideZero)
    separator(name) << value;
  return *this;
}

FieldPrinter &FieldPrinter::boolean(StringRef name, bool value) {
  separator(name) << (value ? "true" : "false");
  return *this;
}

FieldPrinter &FieldPrinter::type(StringRef name, Type value) {
  separator(name);
  printer.printType(value);
  return *this;
}

FieldPrinter &FieldPrinter::floating(StringRef name, const APFloat &value) {
  separator(name);
  printer.printFloat(value);
  return *this;
}

FieldPrinter &FieldPrinter::string(StringRef name, StringRef value) {
  raw_ostream &os = separator(name);
  os << '"';
  llvm::printEscapedString(value, os);
  os << '"';
  return *this;
}

FieldPrinter &FieldPrinter::attribute(StringRef name, Attribute value) {
  separator(name);
  printer.printAttribute(value);
  return *this;
}

} // namespace mlir::stablehlo
