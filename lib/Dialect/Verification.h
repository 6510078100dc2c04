// Helpers shared by the verifiers and shape functions of all op families.
#ifndef STABLEHLO_PY_DIALECT_VERIFICATION_H
#define STABLEHLO_PY_DIALECT_VERIFICATION_H

#include "Dialect/StablehloOps.h"
#include <optional>
#include <string>

namespace mlir::stablehlo {

// The number of windows along one static dimension (num_windows of
// reduce_window and select_and_scatter, the spatial result sizes of
// convolution): `size` elements dilated by `baseDilation` and padded, cut into
// windows of `window` elements `windowDilation` apart, `stride` apart.
// std::nullopt when that geometry does not fit int64 (attributes near its
// limits), which callers report instead of building a malformed type.
std::optional<int64_t> windowCount(int64_t size, int64_t baseDilation,
                                   int64_t padLow, int64_t padHigh,
                                   int64_t window, int64_t windowDilation,
                                   int64_t stride);

// A program the spec rejects but upstream StableHLO accepts, and producers
// emit (docs/decisions.md, "Accepting what upstream accepts"): a warning that
// cites the constraint, or an error under strict spec checking
// (StablehloDialect::isStrictSpec): "'<op>' op <constraint>: <message>".
// The warning is given once per op and constraint, though verification runs
// again after passes. Returns failure only when strict.
LogicalResult
reportSpecDeviation(Operation *op, StringRef constraint,
                    llvm::function_ref<void(InFlightDiagnostic &)> message);

// Shapes agree where both are known (dynamic dimensions match anything).
bool isCompatibleShape(Type lhs, Type rhs);

// The same type up to dynamic sizes (dynamism RFC P3): tensors of the same
// element type with compatible shapes, tuples of compatible elements, or
// equal types.
bool isCompatibleType(Type lhs, Type rhs);
bool areCompatibleTypes(TypeRange lhs, TypeRange rhs);

// Same element type, ignoring the scales and zero points of quantized types:
// the spec's baseline_element_type(lhs) = baseline_element_type(rhs).
bool haveSameBaselineElementType(Type lhs, Type rhs);
// Same storage type, storage range and expressed type (quantization
// parameters and quantization_dimension may differ).
bool haveSameQuantizedBase(quant::QuantizedType lhs, quant::QuantizedType rhs);
// baseline_type(lhs) = baseline_type(rhs): compatible shapes and the above.
bool haveSameBaselineType(Type lhs, Type rhs);

// The shape function of ops whose result has the shape of their first operand
// and an element type of the op's choosing (convert_c1, uniform_quantize_c1):
// that shape, with its bounds; none for an unranked or missing operand.
LogicalResult inferShapeOfFirstOperand(
    ValueShapeRange operands, SmallVectorImpl<ShapedTypeComponents> &inferred);

// The more static of two compatible ranked tensor types.
RankedTensorType mostSpecificType(RankedTensorType lhs, RankedTensorType rhs);

quant::QuantizedType getQuantizedElementType(Type type);
bool isPerAxisQuantized(Type type);

bool isUnique(ArrayRef<int64_t> dims);
std::string formatDims(ArrayRef<int64_t> dims);
// A shape for messages: like formatDims, with `?` for dynamic sizes.
std::string formatShape(ArrayRef<int64_t> shape);

// Statically shaped, or exactly one dynamic dimension and it has a bound.
bool isStaticOrSingleBoundedDimension(Type type);

// Bounds of a bounded dynamic tensor (`#stablehlo.bounds<...>`), or {}.
ArrayRef<int64_t> getBounds(Type type);
// A ranked tensor type carrying `bounds` as its encoding when any is set.
RankedTensorType getTensorType(ArrayRef<int64_t> shape, Type elementType,
                               ArrayRef<int64_t> bounds);

// is_promotable(from, to) of the spec: same kind of element type, `to` at
// least as wide (booleans only to booleans).
bool isPromotable(Type from, Type to);

// compare_c3: the compare_type allowed for (storage) element type
// `element`: UNSIGNED for booleans and unsigned integers, SIGNED for signed
// integers, FLOAT or TOTALORDER for floats, FLOAT for complex.
bool isAllowedComparisonType(Type element, ComparisonType type);

// The body of a reduction-like op (reduce_c6, scatter_c15, ...) has type
// (tensor<E0>, ..., tensor<EN-1>, tensor<E0>, ..., tensor<EN-1>) ->
// (tensor<E0>, ..., tensor<EN-1>) with is_promotable(inputElementTypes[i], Ei);
// errors cite `constraint` and name the region `regionName`.
// Upstream's body checks are laxer (hlo::verifyReducerShape, which treats
// floating-point types of any precision as compatible): a float Ei narrower
// than its input's, an integer (or boolean) input of another kind widening to
// Ei, and an argument N+i of another float type than Ei are spec deviations
// (reportSpecDeviation; docs/decisions.md, "Accepting what upstream accepts").
// `asUpstream` false keeps the spec's checks.
LogicalResult verifyReducerBody(Operation *op, Block &body,
                                TypeRange inputElementTypes,
                                StringRef constraint, StringRef regionName,
                                bool asUpstream = true);

// is_promotable as upstream's verifier reads it (hlo::isPromotableElementType
// with floating-point precision ignored): integers of either signedness and
// booleans widen to integers, a float to any float, complex to complex of
// wider parts; quantized types as isPromotable.
bool isPromotableAsUpstream(Type from, Type to);

// The element type of result `i` of a reducer body (its terminator's operand
// `i`, a 0-d tensor), or null when the body has no such result.
Type reducerResultElement(Block &body, unsigned i);

// An init value (or scatter's update) of `element` type where the spec wants
// `expected` (reduce_c2, reduce_window_c3, select_and_scatter_c1/c3,
// scatter_c6): a spec deviation when upstream accepts it, i.e. when
// `accumulator` (the body's result element type, null if unknown) is
// promotable from it as upstream reads it (isPromotableAsUpstream); an error
// citing `constraint` otherwise (always for quantized types, which the
// oracle cannot parse). `describe` writes the message.
LogicalResult verifyElementAsUpstream(
    Operation *op, Type element, Type expected, Type accumulator,
    StringRef constraint,
    llvm::function_ref<void(InFlightDiagnostic &)> describe);

// The terminator of `block`, or null when its last op is not one: an invalid
// body the verifier reports (Block::getTerminator would assert).
Operation *terminatorOf(Block &block);

// Whether `regions` has a region `index` with a block. Shape functions may
// get null regions: MLIR's C API (mlirInferTypeOpInterfaceInferReturnTypes,
// which Python's InferTypeOpInterface calls) hands them over released.
bool hasBody(RegionRange regions, unsigned index);

// The element types of the results of a reduction-like op (reduce_c8,
// reduce_window_c16, scatter_c17): those its first region's body returns, or,
// before a builder has filled the body (or when the body returns another
// count, which the verifier reports), those of `values`.
SmallVector<Type> reducerResultElementTypes(ValueRange values,
                                            RegionRange regions);

// The properties of an op being built, for shape functions: `properties` when
// given, else read from `attributes` (callers through the C API, such as
// InferTypeOpInterface from Python, may pass attributes only).
template <typename OpT>
typename OpT::Properties propertiesOf(DictionaryAttr attributes,
                                      OpaqueProperties properties) {
  if (properties)
    return *properties.as<typename OpT::Properties *>();
  typename OpT::Properties result;
  if (attributes)
    for (NamedAttribute attr : attributes)
      OpT::setInherentAttr(result, attr.getName(), attr.getValue());
  return result;
}

// Shape functions also run for builders (Python's InferTypeOpInterface, the
// generated builders) before ODS has checked the operands, so they may see
// any count and any types. Succeeds if there are at least `count` operands
// and the first `count` (all when count < 0) are ranked tensors; otherwise
// reports at `location`, naming `opName`.
LogicalResult checkRankedTensorOperands(std::optional<Location> location,
                                        StringRef opName, TypeRange types,
                                        int64_t count = -1);

// The preamble of a shape function: checkRankedTensorOperands for OpT, then
// the first `count` operand types (all when count < 0) as ranked tensors.
template <typename OpT>
FailureOr<SmallVector<RankedTensorType>>
rankedOperandTypes(std::optional<Location> location, ValueRange operands,
                   int64_t count = -1) {
  if (failed(checkRankedTensorOperands(location, OpT::getOperationName(),
                                       operands.getTypes(), count)))
    return failure();
  size_t n = count < 0 ? operands.size() : static_cast<size_t>(count);
  return llvm::to_vector(llvm::map_range(
      operands.take_front(n).getTypes(),
      [](Type type) { return cast<RankedTensorType>(type); }));
}

// The values of a shape operand of a dynamic op (dynamic_pad's paddings,
// dynamic_iota's output_shape, ...) when a constant defines it: the dynamic
// ops check them as their static forms check the attribute. std::nullopt
// otherwise (the values are known at run time only).
std::optional<SmallVector<int64_t>> constantDims(Value value);
// The number of entries of a 1-D shape operand (kDynamic when unknown).
int64_t shapeOperandSize(Value value);

// A shape operand giving the result's sizes (dynamic_broadcast_in_dim's
// output_dimensions, dynamic_reshape's and dynamic_iota's output_shape): one
// entry per result dimension, and, when a constant defines it, non-negative
// sizes that agree with the result's static ones. Errors cite `id`.
// `countIsDeviation`: a number of entries other than the rank is a spec
// deviation (upstream accepts it for dynamic_broadcast_in_dim and
// dynamic_iota; the interpreter refuses the result at run time), and the
// constant sizes are then not compared.
LogicalResult verifyResultShapeOperand(Operation *op, Value shape,
                                       StringRef name, RankedTensorType result,
                                       StringRef id,
                                       bool countIsDeviation = false);

// The bound of dimension d (kDynamic when it has none).
int64_t boundOf(RankedTensorType type, int64_t d);
// The size of dimension d, or its bound when it is dynamic (kDynamic when
// neither is known).
int64_t sizeOrBound(RankedTensorType type, int64_t d);

// The one diagnostic style of shape functions. A violated constraint goes to
// an ErrorSink: the op's own diagnostics when its verifier calls the shape
// function, nowhere when a builder infers a type (inferReturnTypes then
// returns a placeholder and the verifier reports the problem once, citing its
// constraint).
struct ErrorSink {
  Operation *op = nullptr;
  template <typename... Args>
  LogicalResult operator()(Args &&...args) const {
    if (!op)
      return failure();
    InFlightDiagnostic diag = op->emitOpError();
    (diag << ... << std::forward<Args>(args));
    return diag;
  }
};

// What only a builder can get wrong, where a shape function cannot infer
// anything: operands missing or not ranked tensors, a required attribute
// absent (ODS checks these before any verifier runs). Reported at `location`
// in the words of the op's own diagnostics.
template <typename... Args>
LogicalResult builderError(std::optional<Location> location, StringRef opName,
                           Args &&...args) {
  return emitOptionalError(location, "'", opName, "' op ",
                           std::forward<Args>(args)...);
}

// Window attributes, shared by reduce_window, select_and_scatter and
// convolution. A field over `rank` dimensions (window_dimensions, strides,
// dilations) needs `rank` entries (constraint `sizeId`), all positive
// (`positiveId`); `dimensions` names what its entries index in messages
// ("", "spatial").
LogicalResult checkWindowField(const ErrorSink &error, StringRef name,
                               ArrayRef<int64_t> values, int64_t rank,
                               StringRef dimensions, StringRef sizeId,
                               StringRef positiveId);
// padding needs shape [rank, 2] (constraint `id`).
LogicalResult checkWindowPadding(const ErrorSink &error,
                                 ArrayRef<int64_t> paddingShape, int64_t rank,
                                 StringRef id);
// windowCount for (`dimensions`) dimension `d` of a window, reported
// (constraint `id`) when its geometry does not fit int64.
FailureOr<int64_t> checkedWindowCount(const ErrorSink &error, StringRef id,
                                      StringRef dimensions, int64_t d,
                                      int64_t size, int64_t baseDilation,
                                      int64_t padLow, int64_t padHigh,
                                      int64_t window, int64_t windowDilation,
                                      int64_t stride);

} // namespace mlir::stablehlo

#endif // STABLEHLO_PY_DIALECT_VERIFICATION_H
