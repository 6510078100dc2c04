#include "Dialect/Verification.h"

#include "llvm/ADT/SmallSet.h"

namespace mlir::stablehlo {

bool isCompatibleShape(Type lhs, Type rhs) {
  return succeeded(verifyCompatibleShape(lhs, rhs));
}

quant::QuantizedType getQuantizedElementType(Type type) {
  return dyn_cast<quant::QuantizedType>(getElementTypeOrSelf(type));
}

bool isPerAxisQuantized(Type type) {
  return isa<quant::UniformQuantizedPerAxisType>(getElementTypeOrSelf(type));
}

bool haveSameBaselineElementType(Type lhs, Type rhs) {
  Type l = getElementTypeOrSelf(lhs), r = getElementTypeOrSelf(rhs);
  if (l == r)
    return true;
  auto ql = dyn_cast<quant::QuantizedType>(l);
  auto qr = dyn_cast<quant::QuantizedType>(r);
  if (!ql || !qr)
    return false;
  // Per-axis types differ in scales and zero points slice by slice; the
  // baseline keeps storage and expressed types and the storage range.
  return isPerAxisQuantized(l) == isPerAxisQuantized(r) &&
         ql.getStorageType() == qr.getStorageType() &&
         ql.isSigned() == qr.isSigned() &&
         ql.getExpressedType() == qr.getExpressedType() &&
         ql.getStorageTypeMin() == qr.getStorageTypeMin() &&
         ql.getStorageTypeMax() == qr.getStorageTypeMax() &&
         (isPerAxisQuantized(l) || l == r);
}

bool haveSameBaselineType(Type lhs, Type rhs) {
  return isCompatibleShape(lhs, rhs) && haveSameBaselineElementType(lhs, rhs);
}

ArrayRef<int64_t> getBounds(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return {};
  if (auto ext = dyn_cast_or_null<TypeExtensionsAttr>(tensor.getEncoding()))
    return ext.getBounds();
  return {};
}

RankedTensorType getTensorType(ArrayRef<int64_t> shape, Type elementType,
                               ArrayRef<int64_t> bounds) {
  Attribute encoding;
  if (llvm::any_of(bounds, [](int64_t b) { return !ShapedType::isDynamic(b); }))
    encoding = TypeExtensionsAttr::get(elementType.getContext(), bounds);
  return RankedTensorType::get(shape, elementType, encoding);
}

RankedTensorType mostSpecificType(RankedTensorType lhs, RankedTensorType rhs) {
  if (lhs.getRank() != rhs.getRank())
    return lhs;
  ArrayRef<int64_t> lb = getBounds(lhs), rb = getBounds(rhs);
  SmallVector<int64_t> shape, bounds;
  for (int64_t d = 0; d < lhs.getRank(); ++d) {
    int64_t l = lhs.getDimSize(d), r = rhs.getDimSize(d);
    shape.push_back(ShapedType::isDynamic(l) ? r : l);
    int64_t lbound = lb.empty() ? ShapedType::kDynamic : lb[d];
    int64_t rbound = rb.empty() ? ShapedType::kDynamic : rb[d];
    int64_t bound = ShapedType::isDynamic(lbound)   ? rbound
                    : ShapedType::isDynamic(rbound) ? lbound
                                                    : std::min(lbound, rbound);
    bounds.push_back(ShapedType::isDynamic(shape.back()) ? bound
                                                         : ShapedType::kDynamic);
  }
  return getTensorType(shape, lhs.getElementType(), bounds);
}

bool isUnique(ArrayRef<int64_t> dims) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t d : dims)
    if (!seen.insert(d).second)
      return false;
  return true;
}

std::string formatDims(ArrayRef<int64_t> dims) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printDimList(os, dims);
  return text;
}

} // namespace mlir::stablehlo
