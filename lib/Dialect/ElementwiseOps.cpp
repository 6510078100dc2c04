// Verifiers and shape functions of the elementwise, conversion and generator
// ops. Each check cites the spec constraint it implements.
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::stablehlo;

namespace mlir::stablehlo {
// Used by the op definitions generated from the shared TableGen classes of
// the elementwise family (ElementwiseOps.td); defined below.

// How <op>_c1 of the elementwise ops (e.g. negate_c1) relates operand and
// result types: type(...) = type(result) or baseline_type(...) =
// baseline_type(result).
enum class ElementwiseRule { Exact, Baseline };
// How the shared shape function derives the result type (see the .td).
enum class ElementwiseResult { Same, Part, Predicate, Complex };

static LogicalResult inferElementwiseType(ValueRange operands,
                                          ElementwiseResult kind,
                                          SmallVectorImpl<Type> &inferred);
static LogicalResult verifyElementwiseTypes(Operation *op,
                                            ElementwiseRule rule);

static ParseResult parseComplexOpType(OpAsmParser &parser, Type &lhs,
                                      Type &rhs, Type &result);
static void printComplexOpType(OpAsmPrinter &printer, Operation *op, Type lhs,
                               Type rhs, Type result);
static ParseResult parseClampOpType(OpAsmParser &parser, Type &min,
                                    Type &operand, Type &max, Type &result);
static void printClampOpType(OpAsmPrinter &printer, Operation *op, Type min,
                             Type operand, Type max, Type result);
static ParseResult parseExponentMantissa(OpAsmParser &parser,
                                         IntegerAttr &exponent,
                                         IntegerAttr &mantissa);
static void printExponentMantissa(OpAsmPrinter &printer, Operation *op,
                                  IntegerAttr exponent, IntegerAttr mantissa);
} // namespace mlir::stablehlo

#define GET_OP_CLASSES
#include "ElementwiseOps.cpp.inc"

void mlir::stablehlo::registerElementwiseOps(StablehloDialect &dialect) {
  registerOps<
#define GET_OP_LIST
#include "ElementwiseOps.cpp.inc"
      >(dialect);
}

namespace mlir::stablehlo {

//===--- constant ----------------------------------------------------------===//

LogicalResult ConstantOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto value = propertiesOf<ConstantOp>(attributes, properties).value;
  if (!value)
    return builderError(location, getOperationName(), "needs a value");
  inferred.push_back(value.getType());
  return success();
}

// The literal of a quantized tensor constant is written in the storage type
// (spec "Quantized tensor constants"): its type is the result's with the
// storage type as element type.
static Type literalType(Type result) {
  auto tensor = cast<RankedTensorType>(result);
  if (auto quantized = getQuantizedElementType(tensor))
    return RankedTensorType::get(tensor.getShape(),
                                 quantized.getStorageType(),
                                 tensor.getEncoding());
  return tensor;
}

bool ConstantOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return l.size() == 1 && r.size() == 1 &&
         isa<RankedTensorType>(r.front()) && l.front() == literalType(r.front());
}

LogicalResult ConstantOp::verify() {
  if (getValue().getType() != literalType(getType())) // constant_c1
    return emitOpError() << "C1: type of value " << getValue().getType()
                         << " must equal the result type " << getType()
                         << (getQuantizedElementType(getType())
                                 ? " with its storage type as element type"
                                 : "");
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValueAttr(); }

void ConstantOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(),
            isa<IntegerType>(getType().getElementType()) ? "c" : "cst");
}

ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  // `() <{value = ...}> {attrs} : () -> type`: the form printed when the
  // value's type is not the result type (quantized constants), as upstream.
  if (succeeded(parser.parseOptionalLParen())) {
    Type type;
    if (parser.parseRParen())
      return failure();
    if (succeeded(parser.parseOptionalLess()) &&
        (parser.parseAttribute(result.propertiesAttr) || parser.parseGreater()))
      return failure();
    if (parser.parseOptionalAttrDict(result.attributes) ||
        parser.parseColon() || parser.parseLParen() || parser.parseRParen() ||
        parser.parseArrow() || parser.parseType(type))
      return failure();
    result.addTypes(type);
    return success();
  }
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  llvm::SMLoc loc = parser.getCurrentLocation();
  Attribute value;
  if (parser.parseAttribute(value))
    return failure();
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements)
    return parser.emitError(loc) << "expected a tensor literal such as "
                                    "dense<...> : tensor<...>, got "
                                 << value;
  result.getOrAddProperties<ConstantOp::Properties>().value = elements;
  result.addTypes(elements.getType());
  return success();
}

void ConstantOp::print(OpAsmPrinter &printer) {
  if (getValue().getType() != getType()) {
    printer.printGenericOp(*this, /*printOpName=*/false);
    return;
  }
  printer.printOptionalAttrDict(
      (*this)->getDiscardableAttrDictionary().getValue());
  printer << ' ';
  printer.printAttribute(getValue());
}

//===--- add ---------------------------------------------------------------===//

LogicalResult AddOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<AddOp>(location, operands, 2);
  if (failed(ranked))
    return failure();
  RankedTensorType lhs = (*ranked)[0], rhs = (*ranked)[1];
  inferred.push_back(isCompatibleShape(lhs, rhs) && lhs.getElementType() ==
                                                        rhs.getElementType()
                         ? mostSpecificType(lhs, rhs)
                         : lhs);
  return success();
}


LogicalResult AddOp::verify() {
  Type lhs = getLhs().getType(), rhs = getRhs().getType(),
       result = getType();
  for (auto [a, b] : {std::pair{lhs, rhs}, std::pair{lhs, result},
                      std::pair{rhs, result}})
    if (!isCompatibleShape(a, b)) // add_c1 (pairwise: compatibility is not transitive)
      return emitOpError() << "C1: shapes of " << a << " and " << b
                           << " must match";
  auto ql = getQuantizedElementType(lhs), qr = getQuantizedElementType(rhs),
       qres = getQuantizedElementType(result);
  if (!ql && !qr && !qres) {
    if (getElementTypeOrSelf(lhs) != getElementTypeOrSelf(rhs) ||
        getElementTypeOrSelf(lhs) != getElementTypeOrSelf(result)) // add_c1
      return emitOpError() << "C1: lhs, rhs and result must have the same "
                              "element type, got "
                           << lhs << ", " << rhs << " and " << result;
    return success();
  }
  if (!ql || !qr || !qres) // add_c2
    return emitOpError() << "C2: lhs, rhs and result must all be quantized "
                            "when one is, got "
                         << lhs << ", " << rhs << " and " << result;
  if (ql.getStorageType() != qr.getStorageType() ||
      ql.getStorageType() != qres.getStorageType()) // add_c3
    return emitOpError() << "C3: storage types of lhs, rhs and result must "
                            "match";
  if (ql.getExpressedType() != qr.getExpressedType() ||
      ql.getExpressedType() != qres.getExpressedType()) // add_c4
    return emitOpError() << "C4: expressed types of lhs, rhs and result must "
                            "match";
  bool perAxisOperand = isPerAxisQuantized(lhs) || isPerAxisQuantized(rhs);
  if (perAxisOperand != isPerAxisQuantized(result)) // add_c5
    return emitOpError() << "C5: result must be per-axis quantized exactly "
                            "when lhs or rhs is";
  auto axisOf = [](Type t) {
    return cast<quant::UniformQuantizedPerAxisType>(getElementTypeOrSelf(t))
        .getQuantizedDimension();
  };
  if (isPerAxisQuantized(lhs) && axisOf(lhs) != axisOf(result)) // add_c6
    return emitOpError() << "C6: quantization_dimension of lhs and result "
                            "must match";
  if (isPerAxisQuantized(rhs) && axisOf(rhs) != axisOf(result)) // add_c7
    return emitOpError() << "C7: quantization_dimension of rhs and result "
                            "must match";
  return success();
}

//===--- compare -----------------------------------------------------------===//

LogicalResult CompareOp::inferReturnTypes(MLIRContext *ctx,
                                          std::optional<Location> location,
                                          ValueRange operands, DictionaryAttr,
                                          OpaqueProperties, RegionRange,
                                          SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<CompareOp>(location, operands, 2);
  if (failed(ranked))
    return failure();
  RankedTensorType lhs = (*ranked)[0];
  inferred.push_back(RankedTensorType::get(
      lhs.getShape(), IntegerType::get(ctx, 1), lhs.getEncoding()));
  return success();
}


LogicalResult CompareOp::verify() {
  Type lhs = getLhs().getType(), rhs = getRhs().getType();
  if (!haveSameBaselineElementType(lhs, rhs)) // compare_c1
    return emitOpError() << "C1: lhs and rhs must have the same element type, "
                            "got "
                         << lhs << " and " << rhs;
  Type result = getType();
  for (auto [a, b] : {std::pair{lhs, rhs}, std::pair{lhs, result},
                      std::pair{rhs, result}})
    if (!isCompatibleShape(a, b)) // compare_c2 (pairwise: compatibility is not transitive)
      return emitOpError() << "C2: shapes of " << a << " and " << b
                           << " must match";
  if (!getCompareType())
    return success();
  Type element = getElementTypeOrSelf(lhs);
  if (auto quantized = dyn_cast<quant::QuantizedType>(element))
    element = quantized.getStorageType();
  ComparisonType type = *getCompareType();
  if (!isAllowedComparisonType(element, type)) // compare_c3
    return reportSpecDeviation(*this, "C3", [&](InFlightDiagnostic &diag) {
      diag << "compare_type " << stringifyComparisonType(type)
           << " is not allowed for element type " << element;
    });
  return success();
}

//===--- select ------------------------------------------------------------===//

LogicalResult SelectOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  auto ranked = rankedOperandTypes<SelectOp>(location, operands, 3);
  if (failed(ranked))
    return failure();
  RankedTensorType onTrue = (*ranked)[1], onFalse = (*ranked)[2];
  inferred.push_back(haveSameBaselineType(onTrue, onFalse) &&
                             onTrue.getElementType() ==
                                 onFalse.getElementType()
                         ? mostSpecificType(onTrue, onFalse)
                         : onTrue);
  return success();
}


LogicalResult SelectOp::verify() {
  auto pred = cast<RankedTensorType>(getPred().getType());
  Type onTrue = getOnTrue().getType(), onFalse = getOnFalse().getType(),
       result = getType();
  // select_c1 as upstream checks it: a non-scalar pred against on_true, sizes
  // only (bounds ignored).
  if (pred.getRank() != 0 && failed(verifyCompatibleShape(pred, onTrue)))
    return emitOpError() << "C1: pred must be a scalar or have the shape of "
                            "on_true, got "
                         << pred << " and " << onTrue;
  for (auto [a, b] : {std::pair{onTrue, onFalse}, std::pair{onTrue, result},
                      std::pair{onFalse, result}})
    if (!haveSameBaselineType(a, b)) // select_c2 (pairwise)
      return emitOpError() << "C2: on_true, on_false and result must have the "
                              "same type, got "
                           << a << " and " << b;
  // select_c1 with select_c2: pred has the shape of on_false and the result
  // too, and a static size fits a bound (pairwise: compatibility is not
  // transitive). Upstream does not check these: spec deviations.
  if (pred.getRank() != 0)
    for (Type other : {onTrue, onFalse, result})
      if (!isCompatibleShape(pred, other)) // select_c1
        return reportSpecDeviation(*this, "C1", [&](InFlightDiagnostic &d) {
          d << "pred must be a scalar or have the shape of on_true, got "
            << pred << " and " << other;
        });
  return success();
}

//===--- convert -----------------------------------------------------------===//

LogicalResult ConvertOp::inferReturnTypeComponents(
    MLIRContext *, std::optional<Location>, ValueShapeRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<ShapedTypeComponents> &inferred) {
  return inferShapeOfFirstOperand(operands, inferred); // convert_c1
}

LogicalResult ConvertOp::verify() {
  if (!isCompatibleShape(getOperand().getType(), getType())) // convert_c1
    return emitOpError() << "C1: shapes of operand " << getOperand().getType()
                         << " and result " << getType() << " must match";
  return success();
}

//===--- The elementwise family: shared shape function and <op>_c1 --------===//

static LogicalResult inferElementwiseType(ValueRange operands,
                                          ElementwiseResult kind,
                                          SmallVectorImpl<Type> &inferred) {
  auto type = operands.empty()
                  ? RankedTensorType()
                  : dyn_cast<RankedTensorType>(operands[0].getType());
  if (!type)
    return failure();
  // Binary ops: the more static of lhs and rhs when they agree.
  if (operands.size() == 2)
    if (auto rhs = dyn_cast<RankedTensorType>(operands[1].getType());
        rhs && isCompatibleShape(type, rhs) &&
        type.getElementType() == rhs.getElementType())
      type = mostSpecificType(type, rhs);
  Type element = type.getElementType();
  switch (kind) {
  case ElementwiseResult::Same:
    break;
  case ElementwiseResult::Part:
    if (auto complex = dyn_cast<ComplexType>(element))
      element = complex.getElementType();
    break;
  case ElementwiseResult::Predicate:
    element = IntegerType::get(type.getContext(), 1);
    break;
  case ElementwiseResult::Complex:
    if (!isa<FloatType>(element))
      return failure();
    element = ComplexType::get(element);
    break;
  }
  inferred.push_back(
      RankedTensorType::get(type.getShape(), element, type.getEncoding()));
  return success();
}

namespace {
struct NamedType {
  StringRef name;
  Type type;
};
} // namespace

// `type(values...)` (Exact) or `baseline_type(values...)` (Baseline) are all
// equal: compatible shapes (dynamic dimensions match any size) and equal
// (baseline) element types. Reports the first pair that differs.
static LogicalResult verifySameTypes(Operation *op, ArrayRef<NamedType> values,
                                     ElementwiseRule rule,
                                     StringRef constraint) {
  // Compatibility is not transitive (`?x3` matches `2x?` and `3x3`, which do
  // not match each other): every pair must be compatible.
  for (auto [i, a] : llvm::enumerate(values))
    for (const NamedType &b : values.drop_front(i + 1))
      if (!isCompatibleShape(a.type, b.type))
        return op->emitOpError()
               << constraint << ": shapes of " << a.name << " " << a.type
               << " and " << b.name << " " << b.type << " must match";
  const NamedType &first = values.front();
  for (const NamedType &other : values.drop_front()) {
    bool same = rule == ElementwiseRule::Exact
                    ? getElementTypeOrSelf(first.type) ==
                          getElementTypeOrSelf(other.type)
                    : haveSameBaselineElementType(first.type, other.type);
    if (!same)
      return op->emitOpError()
             << constraint << ": " << first.name << " and " << other.name
             << " must have the same "
             << (rule == ElementwiseRule::Exact ? "element type"
                                                : "baseline element type")
             << ", got " << first.type << " and " << other.type;
  }
  return success();
}

// <op>_c1 of most elementwise ops (shared: the first constraint of each, e.g.
// negate_c1, subtract_c1), over all operands and the result.
static LogicalResult verifyElementwiseTypes(Operation *op,
                                            ElementwiseRule rule) {
  static constexpr StringRef unary[] = {"operand"}, binary[] = {"lhs", "rhs"};
  ArrayRef<StringRef> names =
      op->getNumOperands() == 1 ? ArrayRef<StringRef>(unary) : binary;
  SmallVector<NamedType> values;
  for (auto [name, operand] : llvm::zip(names, op->getOperandTypes()))
    values.push_back({name, operand});
  values.push_back({"result", op->getResult(0).getType()});
  return verifySameTypes(op, values, rule, "C1");
}

// abs, real, imag: abs_c1, real_c1, imag_c1 shape(result) = shape(operand);
// abs_c2, real_c2, imag_c2 the result's (baseline) element type is the part
// type of a complex operand, else the operand's.
static LogicalResult verifyPartType(Operation *op, Type operand, Type result) {
  if (!isCompatibleShape(operand, result)) // abs_c1, real_c1, imag_c1
    return op->emitOpError() << "C1: shapes of operand " << operand
                             << " and result " << result << " must match";
  Type element = getElementTypeOrSelf(operand);
  if (auto complex = dyn_cast<ComplexType>(element)) {
    if (getElementTypeOrSelf(result) != complex.getElementType()) // abs_c2, real_c2, imag_c2
      return op->emitOpError()
             << "C2: result element type must be " << complex.getElementType()
             << ", the part type of operand " << operand << ", got " << result;
    return success();
  }
  if (!haveSameBaselineElementType(operand, result)) // abs_c2, real_c2, imag_c2
    return op->emitOpError()
           << "C2: result must have the "
           << (getQuantizedElementType(operand) ? "baseline element type"
                                                : "element type")
           << " of operand " << operand << ", got " << result;
  return success();
}

//===--- abs, real, imag, is_finite ----------------------------------------===//

LogicalResult AbsOp::verify() {
  return verifyPartType(*this, getOperand().getType(), getType());
}
LogicalResult RealOp::verify() {
  return verifyPartType(*this, getOperand().getType(), getType());
}
LogicalResult ImagOp::verify() {
  return verifyPartType(*this, getOperand().getType(), getType());
}

LogicalResult IsFiniteOp::verify() {
  if (!isCompatibleShape(getX().getType(), getY().getType())) // is_finite_c1
    return emitOpError() << "C1: shapes of x " << getX().getType()
                         << " and y " << getY().getType() << " must match";
  return success();
}

//===--- reduce_precision --------------------------------------------------===//

LogicalResult ReducePrecisionOp::verify() {
  if (failed(verifySameTypes(*this,
                             {{"operand", getOperand().getType()},
                              {"output", getOutput().getType()}},
                             ElementwiseRule::Baseline, "C1")))
    return failure();
  // The accessors return uint32_t; the spec's types are si32.
  int64_t exponentBits = getExponentBitsAttr().getInt();
  int64_t mantissaBits = getMantissaBitsAttr().getInt();
  if (exponentBits < 1) // reduce_precision_c2
    return emitOpError() << "C2: exponent_bits must be at least 1, got "
                         << exponentBits;
  if (mantissaBits < 0) // reduce_precision_c3
    return emitOpError() << "C3: mantissa_bits must be non-negative, got "
                         << mantissaBits;
  return success();
}

// `format = e5m10`: exponent and mantissa bits.
static ParseResult parseExponentMantissa(OpAsmParser &parser,
                                         IntegerAttr &exponent,
                                         IntegerAttr &mantissa) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  auto [e, m] = keyword.split('m');
  int32_t exponentBits, mantissaBits;
  if (!e.consume_front("e") || e.getAsInteger(10, exponentBits) ||
      m.getAsInteger(10, mantissaBits))
    return parser.emitError(loc)
           << "expected a format e<exponent_bits>m<mantissa_bits> such as "
              "e5m10, got '"
           << keyword << "'";
  Builder builder(parser.getContext());
  exponent = builder.getI32IntegerAttr(exponentBits);
  mantissa = builder.getI32IntegerAttr(mantissaBits);
  return success();
}

static void printExponentMantissa(OpAsmPrinter &printer, Operation *,
                                  IntegerAttr exponent, IntegerAttr mantissa) {
  printer << 'e' << exponent.getInt() << 'm' << mantissa.getInt();
}

//===--- complex -----------------------------------------------------------===//

LogicalResult ComplexOp::verify() {
  Type lhs = getLhs().getType(), rhs = getRhs().getType(), result = getType();
  if (!isCompatibleShape(lhs, rhs) ||
      getElementTypeOrSelf(lhs) != getElementTypeOrSelf(rhs)) // complex_c1
    return emitOpError() << "C1: lhs and rhs must have the same type, got "
                         << lhs << " and " << rhs;
  if (!isCompatibleShape(lhs, result)) // complex_c2
    return emitOpError() << "C2: shapes of lhs " << lhs << " and result "
                         << result << " must match";
  if (!isCompatibleShape(rhs, result)) // complex_c2 (compatibility is not transitive)
    return emitOpError() << "C2: shapes of rhs " << rhs << " and result "
                         << result << " must match";
  Type expected = ComplexType::get(getElementTypeOrSelf(lhs));
  if (getElementTypeOrSelf(result) != expected) // complex_c3
    return emitOpError() << "C3: result element type must be " << expected
                         << ", got " << result;
  return success();
}

// The lhs/rhs type of a complex result: its shape with the part type.
static Type partsTypeOf(Type result) {
  auto tensor = dyn_cast<RankedTensorType>(result);
  auto complex =
      tensor ? dyn_cast<ComplexType>(tensor.getElementType()) : nullptr;
  if (!complex)
    return {};
  return RankedTensorType::get(tensor.getShape(), complex.getElementType(),
                               tensor.getEncoding());
}

static ParseResult parseComplexOpType(OpAsmParser &parser, Type &lhs,
                                      Type &rhs, Type &result) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto fn = dyn_cast<FunctionType>(type)) {
    if (fn.getNumInputs() != 2 || fn.getNumResults() != 1)
      return parser.emitError(loc)
             << "expected 2 operand types and 1 result type, got " << type;
    lhs = fn.getInput(0);
    rhs = fn.getInput(1);
    result = fn.getResult(0);
    return success();
  }
  lhs = rhs = partsTypeOf(type);
  if (!lhs)
    return parser.emitError(loc)
           << "expected a tensor of complex type or a function type, got "
           << type;
  result = type;
  return success();
}

static void printComplexOpType(OpAsmPrinter &printer, Operation *, Type lhs,
                               Type rhs, Type result) {
  if (lhs == rhs && lhs == partsTypeOf(result))
    printer << result;
  else
    printer.printFunctionalType(TypeRange{lhs, rhs}, TypeRange{result});
}

//===--- clamp -------------------------------------------------------------===//

LogicalResult ClampOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                        ValueRange operands, DictionaryAttr,
                                        OpaqueProperties, RegionRange,
                                        SmallVectorImpl<Type> &inferred) {
  if (operands.size() != 3)
    return failure();
  inferred.push_back(operands[1].getType());
  return success();
}

LogicalResult ClampOp::verify() {
  Type min = getMin().getType(), operand = getOperand().getType(),
       max = getMax().getType(), result = getType();
  auto isScalar = [](Type type) {
    return cast<RankedTensorType>(type).getRank() == 0;
  };
  // clamp_c1, clamp_c2 as upstream checks them: a non-scalar min or max
  // against operand, sizes only (bounds ignored).
  if (!isScalar(min) && failed(verifyCompatibleShape(min, operand))) // clamp_c1
    return emitOpError() << "C1: min must be a scalar or have the shape of "
                            "operand, got "
                         << min << " and " << operand;
  if (!isScalar(max) && failed(verifyCompatibleShape(max, operand))) // clamp_c2
    return emitOpError() << "C2: max must be a scalar or have the shape of "
                            "operand, got "
                         << max << " and " << operand;
  for (auto [name, type] : {std::pair{"min", min}, std::pair{"max", max}})
    if (!haveSameBaselineElementType(type, operand)) // clamp_c3
      return emitOpError() << "C3: " << name << " and operand must have the "
                           << "same baseline element type, got " << type
                           << " and " << operand;
  if (failed(verifySameTypes(*this, {{"operand", operand}, {"result", result}},
                             ElementwiseRule::Baseline, "C4"))) // clamp_c4
    return failure();
  // clamp_c1, clamp_c2 with clamp_c4: a non-scalar min or max also has the
  // shape of the result and of each other, and a static size fits a bound
  // (pairwise: compatibility is not transitive). Upstream does not check
  // these: spec deviations.
  auto deviation = [&](StringRef constraint, StringRef name, Type type,
                       StringRef otherName, Type other) {
    return reportSpecDeviation(*this, constraint, [&](InFlightDiagnostic &d) {
      d << name << " must be a scalar or have the shape of operand, got "
        << type << " and " << otherName << other;
    });
  };
  for (auto [constraint, name, type] :
       {std::tuple{"C1", "min", min}, std::tuple{"C2", "max", max}}) {
    if (isScalar(type))
      continue;
    if (!isCompatibleShape(type, operand)) // clamp_c1, clamp_c2
      return deviation(constraint, name, type, "", operand);
    if (!isCompatibleShape(type, result)) // clamp_c1, clamp_c2
      return deviation(constraint, name, type, "result ", result);
  }
  if (!isScalar(min) && !isScalar(max) &&
      !isCompatibleShape(min, max)) // clamp_c1, clamp_c2
    return deviation("C2", "max", max, "min ", min);
  return success();
}

static ParseResult parseClampOpType(OpAsmParser &parser, Type &min,
                                    Type &operand, Type &max, Type &result) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  auto fn = dyn_cast<FunctionType>(type);
  if (!fn) {
    min = operand = max = result = type;
    return success();
  }
  if (fn.getNumInputs() != 3 || fn.getNumResults() != 1)
    return parser.emitError(loc)
           << "expected 3 operand types and 1 result type, got " << type;
  min = fn.getInput(0);
  operand = fn.getInput(1);
  max = fn.getInput(2);
  result = fn.getResult(0);
  return success();
}

static void printClampOpType(OpAsmPrinter &printer, Operation *, Type min,
                             Type operand, Type max, Type result) {
  if (min == result && operand == result && max == result)
    printer << result;
  else
    printer.printFunctionalType(TypeRange{min, operand, max},
                                TypeRange{result});
}

//===--- iota --------------------------------------------------------------===//

LogicalResult IotaOp::verify() {
  int64_t rank = getType().getRank();
  int64_t dimension = getIotaDimensionAttr().getInt(); // si64 (the accessor
                                                       // is unsigned)
  if (dimension < 0 || dimension >= rank) // iota_c1
    return emitOpError() << "C1: iota_dimension " << dimension
                         << " must be in [0, " << rank << ") for output "
                         << getType();
  return success();
}

//===--- dynamic_iota -----------------------------------------------------===//

LogicalResult DynamicIotaOp::verify() {
  auto result = cast<RankedTensorType>(getType());
  // The spec's result type (Outputs) is iota's, without booleans; upstream's
  // takes any tensor type (XLA refuses an iota of booleans).
  if (result.getElementType().isInteger(1) &&
      failed(reportSpecDeviation(*this, "Outputs", [&](InFlightDiagnostic &d) {
        d << "result must be a tensor of integer, floating-point or complex "
             "type or per-tensor quantized tensor, got "
          << result;
      })))
    return failure();
  int64_t rank = result.getRank();
  int64_t dimension = getIotaDimensionAttr().getInt();
  if (dimension < 0 || dimension >= rank) // iota_c1
    return emitOpError() << "C1: iota_dimension " << dimension
                         << " must be in [0, " << rank << ") for result "
                         << result;
  return verifyResultShapeOperand(*this, getOutputShape(), "output_shape",
                                  result, "C2", /*countIsDeviation=*/true);
}

//===--- bitcast_convert ---------------------------------------------------===//

// num_bits of the element type, or of the storage type of a quantized one.
static int64_t numBits(Type tensor) {
  Type element = getElementTypeOrSelf(tensor);
  if (auto quantized = dyn_cast<quant::QuantizedType>(element))
    element = quantized.getStorageType();
  if (auto complex = dyn_cast<ComplexType>(element))
    return 2 * complex.getElementType().getIntOrFloatBitWidth();
  return element.getIntOrFloatBitWidth();
}

LogicalResult BitcastConvertOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  int64_t bits = numBits(operand), resultBits = numBits(result);
  int64_t rank = operand.getRank();
  auto sameLeadingDims = [](RankedTensorType a, RankedTensorType b,
                            int64_t count) {
    for (int64_t d = 0; d < count; ++d)
      if (!a.isDynamicDim(d) && !b.isDynamicDim(d) &&
          a.getDimSize(d) != b.getDimSize(d))
        return false;
    return true;
  };
  bool complexOperand = isa<ComplexType>(getElementTypeOrSelf(operand));
  bool complexResult = isa<ComplexType>(getElementTypeOrSelf(result));
  if (complexOperand != complexResult) // bitcast_convert_c2
    return emitOpError() << "C2: operand " << operand << " and result "
                         << result << " must both be complex or both not";
  if (resultBits == bits) {
    if (isCompatibleShape(operand, result))
      return success();
    auto describe = [&](InFlightDiagnostic &d) {
      d << "shapes of operand " << operand << " and result " << result
               << " must match when their element types have the same number "
                  "of bits";
    };
    // Upstream compares only the leading dimensions the two ranks share,
    // sizes only (bounds ignored): the rest is a spec deviation.
    int64_t shared = std::min(rank, result.getRank());
    if (succeeded(verifyCompatibleShape(operand.getShape().take_front(shared),
                                        result.getShape().take_front(shared))))
      return reportSpecDeviation(*this, "C1", describe); // bitcast_convert_c1
    InFlightDiagnostic error = emitOpError() << "C1: "; // bitcast_convert_c1
    describe(error);
    return error;
  } else if (resultBits < bits) {
    if (result.getRank() != rank + 1) // bitcast_convert_c1
      return emitOpError() << "C1: result " << result << " must have rank "
                           << rank + 1 << " (one more than operand " << operand
                           << ") when its element type is narrower";
    if (!sameLeadingDims(operand, result, rank)) // bitcast_convert_c1
      return emitOpError() << "C1: the leading dimensions of result " << result
                           << " must be the dimensions of operand " << operand;
    if (!result.isDynamicDim(rank) &&
        result.getDimSize(rank) * resultBits != bits) // bitcast_convert_c1
      return emitOpError() << "C1: the last dimension of result " << result
                           << " times " << resultBits << " bits must be "
                           << bits << ", the bits of an operand element";
  } else {
    if (result.getRank() != rank - 1) // bitcast_convert_c1
      return emitOpError() << "C1: result " << result << " must have rank "
                           << rank - 1 << " (one less than operand " << operand
                           << ") when its element type is wider";
    if (!sameLeadingDims(operand, result, rank - 1)) // bitcast_convert_c1
      return emitOpError() << "C1: the dimensions of result " << result
                           << " must be the leading dimensions of operand "
                           << operand;
    if (!operand.isDynamicDim(rank - 1) &&
        operand.getDimSize(rank - 1) * bits != resultBits) // bitcast_convert_c1
      return emitOpError() << "C1: the last dimension of operand " << operand
                           << " times " << bits << " bits must be "
                           << resultBits << ", the bits of a result element";
  }
  return success();
}

} // namespace mlir::stablehlo
