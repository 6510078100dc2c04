// Verifiers and shape functions of the elementwise, conversion and generator
// ops. Each check cites the spec constraint it implements.
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::stablehlo;

#define GET_OP_CLASSES
#include "ElementwiseOps.cpp.inc"

namespace mlir::stablehlo {

// Result types are checked by each op's verifier, which cites the spec
// constraint; the interface's generic comparison is therefore permissive.
static bool countsMatch(TypeRange l, TypeRange r) {
  return l.size() == r.size();
}

//===--- constant ----------------------------------------------------------===//

LogicalResult ConstantOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferred) {
  ConstantOp::Adaptor adaptor(operands, attributes, properties, regions);
  if (!adaptor.getValue())
    return emitOptionalError(location, "stablehlo.constant needs a value");
  inferred.push_back(adaptor.getValue().getType());
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
  if (getValue().getType() != literalType(getType())) // C1
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

LogicalResult AddOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                      ValueRange operands, DictionaryAttr,
                                      OpaqueProperties, RegionRange,
                                      SmallVectorImpl<Type> &inferred) {
  auto lhs = cast<RankedTensorType>(operands[0].getType());
  auto rhs = cast<RankedTensorType>(operands[1].getType());
  inferred.push_back(isCompatibleShape(lhs, rhs) && lhs.getElementType() ==
                                                        rhs.getElementType()
                         ? mostSpecificType(lhs, rhs)
                         : lhs);
  return success();
}

bool AddOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return countsMatch(l, r);
}

LogicalResult AddOp::verify() {
  Type lhs = getLhs().getType(), rhs = getRhs().getType(),
       result = getType();
  for (Type other : {rhs, result})
    if (!isCompatibleShape(lhs, other)) // C1
      return emitOpError() << "C1: shapes of " << lhs << " and " << other
                           << " must match";
  auto ql = getQuantizedElementType(lhs), qr = getQuantizedElementType(rhs),
       qres = getQuantizedElementType(result);
  if (!ql && !qr && !qres) {
    if (getElementTypeOrSelf(lhs) != getElementTypeOrSelf(rhs) ||
        getElementTypeOrSelf(lhs) != getElementTypeOrSelf(result)) // C1
      return emitOpError() << "C1: lhs, rhs and result must have the same "
                              "element type, got "
                           << lhs << ", " << rhs << " and " << result;
    return success();
  }
  if (!ql || !qr || !qres) // C2
    return emitOpError() << "C2: lhs, rhs and result must all be quantized "
                            "when one is, got "
                         << lhs << ", " << rhs << " and " << result;
  if (ql.getStorageType() != qr.getStorageType() ||
      ql.getStorageType() != qres.getStorageType()) // C3
    return emitOpError() << "C3: storage types of lhs, rhs and result must "
                            "match";
  if (ql.getExpressedType() != qr.getExpressedType() ||
      ql.getExpressedType() != qres.getExpressedType()) // C4
    return emitOpError() << "C4: expressed types of lhs, rhs and result must "
                            "match";
  bool perAxisOperand = isPerAxisQuantized(lhs) || isPerAxisQuantized(rhs);
  if (perAxisOperand != isPerAxisQuantized(result)) // C5
    return emitOpError() << "C5: result must be per-axis quantized exactly "
                            "when lhs or rhs is";
  auto axisOf = [](Type t) {
    return cast<quant::UniformQuantizedPerAxisType>(getElementTypeOrSelf(t))
        .getQuantizedDimension();
  };
  if (isPerAxisQuantized(lhs) && axisOf(lhs) != axisOf(result)) // C6
    return emitOpError() << "C6: quantization_dimension of lhs and result "
                            "must match";
  if (isPerAxisQuantized(rhs) && axisOf(rhs) != axisOf(result)) // C7
    return emitOpError() << "C7: quantization_dimension of rhs and result "
                            "must match";
  return success();
}

//===--- compare -----------------------------------------------------------===//

LogicalResult CompareOp::inferReturnTypes(MLIRContext *ctx,
                                          std::optional<Location>,
                                          ValueRange operands, DictionaryAttr,
                                          OpaqueProperties, RegionRange,
                                          SmallVectorImpl<Type> &inferred) {
  auto lhs = cast<RankedTensorType>(operands[0].getType());
  inferred.push_back(RankedTensorType::get(
      lhs.getShape(), IntegerType::get(ctx, 1), lhs.getEncoding()));
  return success();
}

bool CompareOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return countsMatch(l, r);
}

LogicalResult CompareOp::verify() {
  Type lhs = getLhs().getType(), rhs = getRhs().getType();
  if (!haveSameBaselineElementType(lhs, rhs)) // C1
    return emitOpError() << "C1: lhs and rhs must have the same element type, "
                            "got "
                         << lhs << " and " << rhs;
  for (Type other : {rhs, Type(getType())})
    if (!isCompatibleShape(lhs, other)) // C2
      return emitOpError() << "C2: shapes of " << lhs << " and " << other
                           << " must match";
  if (!getCompareType())
    return success();
  Type element = getElementTypeOrSelf(lhs);
  if (auto quantized = dyn_cast<quant::QuantizedType>(element))
    element = quantized.getStorageType();
  ComparisonType type = *getCompareType();
  bool allowed = false;
  if (element.isInteger(1) || element.isUnsignedInteger())
    allowed = type == ComparisonType::UNSIGNED;
  else if (isa<IntegerType>(element))
    allowed = type == ComparisonType::SIGNED;
  else if (isa<FloatType>(element))
    allowed = type == ComparisonType::FLOAT ||
              type == ComparisonType::TOTALORDER;
  else if (isa<ComplexType>(element))
    allowed = type == ComparisonType::FLOAT;
  if (!allowed) // C3
    return emitOpError() << "C3: compare_type " << stringifyComparisonType(type)
                         << " is not allowed for element type " << element;
  return success();
}

//===--- select ------------------------------------------------------------===//

LogicalResult SelectOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                         ValueRange operands, DictionaryAttr,
                                         OpaqueProperties, RegionRange,
                                         SmallVectorImpl<Type> &inferred) {
  auto onTrue = cast<RankedTensorType>(operands[1].getType());
  auto onFalse = cast<RankedTensorType>(operands[2].getType());
  inferred.push_back(haveSameBaselineType(onTrue, onFalse) &&
                             onTrue.getElementType() ==
                                 onFalse.getElementType()
                         ? mostSpecificType(onTrue, onFalse)
                         : onTrue);
  return success();
}

bool SelectOp::isCompatibleReturnTypes(TypeRange l, TypeRange r) {
  return countsMatch(l, r);
}

LogicalResult SelectOp::verify() {
  auto pred = cast<RankedTensorType>(getPred().getType());
  Type onTrue = getOnTrue().getType();
  if (pred.getRank() != 0 && !isCompatibleShape(pred, onTrue)) // C1
    return emitOpError() << "C1: pred must be a scalar or have the shape of "
                            "on_true, got "
                         << pred << " and " << onTrue;
  for (Type other : {Type(getOnFalse().getType()), Type(getType())})
    if (!haveSameBaselineType(onTrue, other)) // C2
      return emitOpError() << "C2: on_true, on_false and result must have the "
                              "same type, got "
                           << onTrue << " and " << other;
  return success();
}

//===--- convert -----------------------------------------------------------===//

LogicalResult ConvertOp::verify() {
  if (!isCompatibleShape(getOperand().getType(), getType())) // C1
    return emitOpError() << "C1: shapes of operand " << getOperand().getType()
                         << " and result " << getType() << " must match";
  return success();
}

} // namespace mlir::stablehlo
