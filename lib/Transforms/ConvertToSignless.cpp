// stablehlo-convert-to-signless (dialect/Passes.td): unsigned integer types
// become signless ones of the same width, everywhere in the module. One
// generic pattern rebuilds any op whose operands, results, attributes or
// block arguments hold an unsigned type; constants keep their bits.
#include "Transforms/Passes.h"

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::stablehlo {

#define GEN_PASS_DEF_STABLEHLOCONVERTTOSIGNLESSPASS
#include "Passes.h.inc"

namespace {

class SignlessTypeConverter : public TypeConverter {
public:
  SignlessTypeConverter() {
    // Conversions added later are tried first.
    addConversion([](Type type) { return type; });
    addConversion([](IntegerType type) -> Type {
      if (!type.isUnsigned())
        return type;
      return IntegerType::get(type.getContext(), type.getWidth());
    });
    addConversion([this](ShapedType type) -> Type {
      Type element = convertType(type.getElementType());
      return element ? type.clone(element) : Type();
    });
    addConversion([this](ComplexType type) -> Type {
      Type element = convertType(type.getElementType());
      return element ? ComplexType::get(element) : Type();
    });
    addConversion([this](TupleType type) -> Type {
      SmallVector<Type> types;
      if (failed(convertTypes(type.getTypes(), types)))
        return {};
      return TupleType::get(type.getContext(), types);
    });
    addConversion([this](FunctionType type) -> Type {
      SmallVector<Type> inputs, results;
      if (failed(convertTypes(type.getInputs(), inputs)) ||
          failed(convertTypes(type.getResults(), results)))
        return {};
      return FunctionType::get(type.getContext(), inputs, results);
    });
  }

  // `attr` with its types converted; null when one does not convert.
  Attribute convertAttribute(Attribute attr) const {
    if (auto typeAttr = dyn_cast<TypeAttr>(attr)) {
      Type type = convertType(typeAttr.getValue());
      return type ? TypeAttr::get(type) : Attribute();
    }
    if (auto integer = dyn_cast<IntegerAttr>(attr)) {
      Type type = convertType(integer.getType());
      return type ? IntegerAttr::get(type, integer.getValue()) : Attribute();
    }
    if (auto dense = dyn_cast<DenseIntOrFPElementsAttr>(attr)) {
      auto type = dyn_cast_or_null<ShapedType>(convertType(dense.getType()));
      // Same widths, so the raw bits stand as they are.
      return type ? dense.bitcast(type.getElementType()) : Attribute();
    }
    if (auto array = dyn_cast<ArrayAttr>(attr)) {
      SmallVector<Attribute> elements;
      for (Attribute element : array) {
        elements.push_back(convertAttribute(element));
        if (!elements.back())
          return {};
      }
      return ArrayAttr::get(attr.getContext(), elements);
    }
    if (auto dictionary = dyn_cast<DictionaryAttr>(attr))
      return convertDictionary(dictionary);
    return attr;
  }

  DictionaryAttr convertDictionary(DictionaryAttr dictionary) const {
    if (!dictionary)
      return dictionary;
    NamedAttrList converted;
    for (NamedAttribute entry : dictionary) {
      Attribute value = convertAttribute(entry.getValue());
      if (!value)
        return {};
      converted.append(entry.getName(), value);
    }
    return converted.getDictionary(dictionary.getContext());
  }

  bool isLegalOp(Operation *op) const {
    if (!isLegal(op->getOperandTypes()) || !isLegal(op->getResultTypes()))
      return false;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (!isLegal(block.getArgumentTypes()))
          return false;
    // Attributes are uniqued: an unchanged one is the same attribute.
    DictionaryAttr attrs = op->getAttrDictionary();
    return convertDictionary(attrs) == attrs;
  }
};

// Rebuilds any op with converted operands, result types, attributes
// (inherent ones through the op's properties) and regions.
class ConvertOpTypes : public ConversionPattern {
public:
  ConvertOpTypes(const SignlessTypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context),
        converter(converter) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> results;
    if (failed(converter.convertTypes(op->getResultTypes(), results)))
      return rewriter.notifyMatchFailure(op, "a result type does not convert");
    bool hasProperties = op->getPropertiesStorageSize() != 0;
    DictionaryAttr properties;
    if (hasProperties) {
      properties = dyn_cast_or_null<DictionaryAttr>(
          op->getPropertiesAsAttribute());
      properties = properties ? converter.convertDictionary(properties)
                              : DictionaryAttr::get(op->getContext());
    }
    DictionaryAttr discardable = converter.convertDictionary(
        hasProperties ? op->getDiscardableAttrDictionary()
                      : op->getAttrDictionary());
    if ((hasProperties && !properties) || !discardable)
      return rewriter.notifyMatchFailure(op, "an attribute does not convert");

    OperationState state(op->getLoc(), op->getName(), operands, results,
                         discardable.getValue(), op->getSuccessors());
    for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i)
      state.addRegion();
    Operation *rebuilt = Operation::create(state);
    if (hasProperties &&
        failed(rebuilt->setPropertiesFromAttribute(properties, nullptr))) {
      rebuilt->destroy();
      return rewriter.notifyMatchFailure(op, "properties do not convert");
    }
    rewriter.insert(rebuilt);
    for (auto [from, to] : llvm::zip(op->getRegions(), rebuilt->getRegions())) {
      rewriter.inlineRegionBefore(from, to, to.end());
      if (failed(rewriter.convertRegionTypes(&to, converter)))
        return failure();
    }
    rewriter.replaceOp(op, rebuilt->getResults());
    return success();
  }

private:
  const SignlessTypeConverter &converter;
};

struct ConvertToSignless
    : impl::StablehloConvertToSignlessPassBase<ConvertToSignless> {
  void runOnOperation() override {
    MLIRContext &context = getContext();
    SignlessTypeConverter converter;
    ConversionTarget target(context);
    target.markUnknownOpDynamicallyLegal(
        [&](Operation *op) { return converter.isLegalOp(op); });
    RewritePatternSet patterns(&context);
    patterns.add<ConvertOpTypes>(converter, &context);
    if (failed(applyFullConversion(getOperation(), target,
                                   std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

std::unique_ptr<Pass> createConvertToSignlessPass() {
  return std::make_unique<ConvertToSignless>();
}

} // namespace mlir::stablehlo
