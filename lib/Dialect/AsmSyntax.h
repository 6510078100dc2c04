// Textual syntax shared by stablehlo ops and attributes: the custom<...>
// directives of the op assembly formats and the `<field = value, ...>` form of
// structured attributes. Matches what the upstream StableHLO printer emits.
// Include it through Dialect/StablehloOps.h (its templates use the enums).
#ifndef STABLEHLO_PY_DIALECT_ASMSYNTAX_H
#define STABLEHLO_PY_DIALECT_ASMSYNTAX_H

#include "mlir/IR/OpImplementation.h"
#include <functional>

namespace mlir::stablehlo {
class DotDimensionNumbersAttr;
class DotAlgorithmAttr;
class ConvDimensionNumbersAttr;

//===--- Op directives -----------------------------------------------------===//

// `T` when all types are equal, else `(T0, T1) -> R`.
ParseResult parseSameOperandsAndResultType(OpAsmParser &parser, Type &operand,
                                           Type &result);
ParseResult parseSameOperandsAndResultType(OpAsmParser &parser, Type &lhs,
                                           Type &rhs, Type &result);
void printSameOperandsAndResultType(OpAsmPrinter &printer, Operation *op,
                                    Type operand, Type result);
void printSameOperandsAndResultType(OpAsmPrinter &printer, Operation *op,
                                    Type lhs, Type rhs, Type result);

// select: `PredT, T` when on_true, on_false and result agree, else functional.
ParseResult parseSelectOpType(OpAsmParser &parser, Type &pred, Type &onTrue,
                              Type &onFalse, Type &result);
void printSelectOpType(OpAsmPrinter &printer, Operation *op, Type pred,
                       Type onTrue, Type onFalse, Type result);

// `[0, 1]` for a DenseI64ArrayAttr.
ParseResult parseDims(OpAsmParser &parser, DenseI64ArrayAttr &dims);
void printDims(OpAsmPrinter &printer, Operation *op, DenseI64ArrayAttr dims);

// An operand and variadic operands, each followed by a comma:
// `%operand, %i, %j,` (dynamic_slice before `sizes = [...]`). Upstream prints
// `%operand, , sizes` when there are no start indices, and cannot parse it
// back; we print `%operand, sizes` and accept both.
ParseResult parseOperandsWithTrailingComma(
    OpAsmParser &parser, OpAsmParser::UnresolvedOperand &first,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &rest);
void printOperandsWithTrailingComma(OpAsmPrinter &printer, Operation *op,
                                    Value first, OperandRange rest);

// custom_call's target as a symbol: `@name`.
ParseResult parseCustomCallTarget(OpAsmParser &parser, StringAttr &target);
void printCustomCallTarget(OpAsmPrinter &printer, Operation *op,
                           StringAttr target);

// `batching_dims = [0] x [0], contracting_dims = [2] x [1]`, then the
// optional `, precision = [DEFAULT, HIGH]` and `, algorithm = <...>`.
ParseResult parseDotDimensionNumbers(OpAsmParser &parser,
                                     DotDimensionNumbersAttr &dims,
                                     ArrayAttr &precision,
                                     DotAlgorithmAttr &algorithm);
void printDotDimensionNumbers(OpAsmPrinter &printer, Operation *op,
                              DotDimensionNumbersAttr dims, ArrayAttr precision,
                              DotAlgorithmAttr algorithm);

// convolution's `dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`.
// Numbers that form no layout (an invalid op, which MLIR prints generically)
// print as the `#stablehlo.conv<raw ...>` attribute.
ParseResult parseConvolutionDimensions(OpAsmParser &parser,
                                       ConvDimensionNumbersAttr &dims);
void printConvolutionDimensions(OpAsmPrinter &printer, Operation *op,
                                ConvDimensionNumbersAttr dims);
// The compact layouts alone (shared with the attribute's own syntax);
// printing returns false, writing nothing, when they form no layout.
ParseResult parseConvDimensionsCompact(AsmParser &parser,
                                       ConvDimensionNumbersAttr &dims);
bool printConvDimensionsCompact(raw_ostream &os, ConvDimensionNumbersAttr dims);

// convolution's `window = {stride = [..], pad = [[l, h], ..], lhs_dilate =
// [..], rhs_dilate = [..], reverse = [true, ..]}`: the fields present, in
// this order.
ParseResult parseWindowAttributes(OpAsmParser &parser,
                                  DenseI64ArrayAttr &strides,
                                  DenseIntElementsAttr &padding,
                                  DenseI64ArrayAttr &lhsDilation,
                                  DenseI64ArrayAttr &rhsDilation,
                                  DenseBoolArrayAttr &reversal);
void printWindowAttributes(OpAsmPrinter &printer, Operation *op,
                           DenseI64ArrayAttr strides,
                           DenseIntElementsAttr padding,
                           DenseI64ArrayAttr lhsDilation,
                           DenseI64ArrayAttr rhsDilation,
                           DenseBoolArrayAttr reversal);

// A precision config as its bare list: `[DEFAULT, HIGH]`.
ParseResult parsePrecisionList(OpAsmParser &parser, ArrayAttr &precision);
void printPrecisionList(OpAsmPrinter &printer, Operation *op,
                        ArrayAttr precision);

// An enum attribute as its bare case name: `GT`, `FLOAT`.
template <typename EnumAttrT>
ParseResult parseEnumKeyword(OpAsmParser &parser, EnumAttrT &attr) {
  using Enum = decltype(std::declval<EnumAttrT>().getValue());
  llvm::SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<Enum> value = symbolizeEnum<Enum>(keyword);
  if (!value)
    return parser.emitError(loc)
           << "unknown " << EnumAttrT::getMnemonic() << " '" << keyword << "'";
  attr = EnumAttrT::get(parser.getContext(), *value);
  return success();
}
template <typename EnumAttrT>
void printEnumKeyword(OpAsmPrinter &printer, Operation *, EnumAttrT attr) {
  printer << stringifyEnum(attr.getValue());
}

//===--- Structured attribute fields ---------------------------------------===//

// Parses `<name = value, ...>` with fields in any order, each at most once;
// `parseField(name)` parses the value of a known field or fails.
// `allowTrailingComma`: a comma may follow the last field, as upstream's
// parser takes it in gather and scatter dimension numbers.
ParseResult parseFields(AsmParser &parser,
                        llvm::function_ref<ParseResult(StringRef)> parseField,
                        bool allowTrailingComma = false);
// `<name = value, ...>` with the fields in the order `fields` lists them, as
// upstream's generated struct syntax reads them (dot_algorithm,
// result_accuracy): an optional field may be left out, a required one not;
// no field may come out of order. Errors are upstream's ("expected ','",
// "expected 'mode'").
struct OrderedField {
  StringRef name;
  bool optional = false;
};
ParseResult parseOrderedFields(AsmParser &parser, ArrayRef<OrderedField> fields,
                               llvm::function_ref<ParseResult(StringRef)> parseField);
ParseResult parseDimList(AsmParser &parser, SmallVectorImpl<int64_t> &dims);
// Sizes that may be dynamic, `?` for ShapedType::kDynamic: the bounds of
// `#stablehlo.bounds<4, ?>` and the shapes of VHLO's tensor types.
ParseResult parseSizeList(AsmParser &parser, AsmParser::Delimiter delimiter,
                          SmallVectorImpl<int64_t> &sizes);
void printSizeList(raw_ostream &os, ArrayRef<int64_t> sizes);

// Prints `<name = value, ...>`, fields in the order they are added.
class FieldPrinter {
public:
  explicit FieldPrinter(AsmPrinter &printer);
  ~FieldPrinter();
  // A dimension list, omitted when empty and `elideEmpty` is set.
  FieldPrinter &dims(StringRef name, ArrayRef<int64_t> value,
                     bool elideEmpty = true);
  // An integer, omitted when zero and `elideZero` is set.
  FieldPrinter &integer(StringRef name, int64_t value, bool elideZero = true);
  FieldPrinter &boolean(StringRef name, bool value);
  FieldPrinter &type(StringRef name, Type value);
  FieldPrinter &floating(StringRef name, const APFloat &value);
  FieldPrinter &attribute(StringRef name, Attribute value);
  FieldPrinter &string(StringRef name, StringRef value);
  // An attribute of this dialect without its `#stablehlo.<mnemonic>` prefix.
  template <typename AttrT>
  FieldPrinter &stripped(StringRef name, AttrT value) {
    separator(name);
    printer.printStrippedAttrOrType(value);
    return *this;
  }

private:
  raw_ostream &separator(StringRef name);
  AsmPrinter &printer;
  bool first = true;
};

void printDimList(raw_ostream &os, ArrayRef<int64_t> dims);

} // namespace mlir::stablehlo

#endif // STABLEHLO_PY_DIALECT_ASMSYNTAX_H
