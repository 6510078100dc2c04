// stablehlo-legalize-to-linalg: stablehlo ops into MLIR's own dialects, on
// signless tensors. Each op family's patterns live in a file of their own
// (Lower<Family>.cpp, sharing LoweringCommon.h): element-wise ops become a
// linalg.generic (or linalg.map) whose body is the op on scalars, from the
// one table of scalar semantics (ScalarOps.cpp); data movement becomes tensor
// and linalg ops; contractions and reductions are reductions in index order;
// control flow becomes scf; tuples become their elements wherever they go
// (signatures, calls, regions: a 1:N type conversion). docs/lowering.md
// lists what lowers; any other stablehlo op is an error naming it.
#include "Conversion/LoweringCommon.h"
#include "Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::stablehlo {

#define GEN_PASS_DEF_STABLEHLOLEGALIZETOLINALGPASS
#include "Passes.h.inc"

namespace {

using namespace linalg_lowering;

struct LegalizeToLinalg
    : impl::StablehloLegalizeToLinalgPassBase<LegalizeToLinalg> {
  using StablehloLegalizeToLinalgPassBase::StablehloLegalizeToLinalgPassBase;

  // get_tuple_element of a tuple is that element, and the tuples then unused
  // go: first, so that the bodies the patterns read as scalar code (reduce,
  // sort, map) hold no tuples. Every other tuple is its elements through the
  // type converter (1:N).
  void forwardTupleElements() {
    getOperation().walk([](GetTupleElementOp op) {
      if (auto tuple = op.getOperand().getDefiningOp<TupleOp>();
          tuple && op.getIndex() < tuple->getNumOperands()) {
        op.replaceAllUsesWith(tuple->getOperand(op.getIndex()));
        op.erase();
      }
    });
    SmallVector<TupleOp> tuples;
    getOperation().walk([&](TupleOp op) { tuples.push_back(op); });
    for (TupleOp op : llvm::reverse(tuples)) // users before the tuples they hold
      if (op->use_empty())
        op.erase();
  }

  // A function's argument and result attributes, one per value after the
  // signature conversion: a tuple's elements each take the tuple's. MLIR's
  // 1:N signature conversion leaves them at their old positions, where the
  // entry's `bufferization.writable = false` (the caller's arrays) would land
  // on other arguments.
  struct SignatureAttributes {
    func::FuncOp function;
    SmallVector<DictionaryAttr> arguments, results;
  };
  SmallVector<SignatureAttributes>
  attributesAfterFlattening(const TypeConverter &converter) {
    SmallVector<SignatureAttributes> all;
    getOperation().walk([&](func::FuncOp function) {
      FunctionType type = function.getFunctionType();
      auto hasTuple = [](TypeRange types) {
        return llvm::any_of(types, [](Type t) { return isa<TupleType>(t); });
      };
      if (!hasTuple(type.getInputs()) && !hasTuple(type.getResults()))
        return;
      auto spread = [&](TypeRange types, auto attributesOf,
                        SmallVector<DictionaryAttr> &out) {
        for (auto [index, t] : llvm::enumerate(types)) {
          SmallVector<Type> converted;
          if (failed(converter.convertType(t, converted)))
            return false;
          DictionaryAttr attributes = attributesOf(index);
          out.append(converted.size(),
                     attributes ? attributes
                                : DictionaryAttr::get(function.getContext()));
        }
        return true;
      };
      SignatureAttributes entry{function, {}, {}};
      if (spread(type.getInputs(),
                 [&](unsigned i) { return function.getArgAttrDict(i); },
                 entry.arguments) &&
          spread(type.getResults(),
                 [&](unsigned i) { return function.getResultAttrDict(i); },
                 entry.results))
        all.push_back(std::move(entry));
    });
    return all;
  }

  // The runtime's functions (kernels, loop checks, runtime ops) are declared
  // as __stablehlo_py_* symbols: a program's own symbol of such a name would
  // be taken for one.
  LogicalResult checkReservedNames() {
    for (Operation &op : getOperation().getBody()->getOperations()) {
      auto name = op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
      if (name && name.getValue().starts_with(kReservedPrefix))
        return op.emitError() << "the compiled backend reserves symbol names "
                                 "beginning with '"
                              << kReservedPrefix << "' for its runtime";
    }
    return success();
  }

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    if (failed(checkReservedNames()))
      return signalPassFailure();
    forwardTupleElements();
    if (libraryContractions)
      stackRowDots(getOperation());
    if (loopLimits && failed(markLoopSites(getOperation()))) {
      signalPassFailure();
      return;
    }
    SignlessTypeConverter converter;
    SmallVector<SignatureAttributes> flattened =
        attributesAfterFlattening(converter);
    RewritePatternSet patterns(context);
    populateElementwisePatterns(converter, patterns, enablePrimitiveOps);
    if (libraryMath)
      populateLibraryMathPatterns(converter, patterns);
    populateDataMovementPatterns(converter, patterns);
    populateContractionPatterns(converter, patterns, libraryContractions);
    populateReductionPatterns(converter, patterns);
    populateReduceWindowPatterns(converter, patterns);
    populateSortPatterns(converter, patterns);
    populateScatterPatterns(converter, patterns);
    populateRngPatterns(converter, patterns);
    populateBatchNormPatterns(converter, patterns);
    if (enableRuntimeCalls)
      populateRuntimeCallPatterns(converter, patterns);
    populateControlFlowPatterns(converter, patterns);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    populateCallOpTypeConversionPattern(patterns, converter);

    ConversionTarget target(*context);
    target.addIllegalDialect<StablehloDialect>();
    target.addLegalDialect<arith::ArithDialect, complex::ComplexDialect,
                           linalg::LinalgDialect, math::MathDialect,
                           scf::SCFDialect, tensor::TensorDialect,
                           bufferization::BufferizationDialect,
                           memref::MemRefDialect>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns)))) {
      signalPassFailure();
      return;
    }
    if (libraryMath)
      callNumpyLoopsOnScalars(getOperation());
    if (loopLimits)
      addLoopChecks(getOperation());
    for (SignatureAttributes &entry : flattened) {
      if (entry.function.getNumArguments() == entry.arguments.size())
        entry.function.setAllArgAttrs(entry.arguments);
      if (entry.function.getNumResults() == entry.results.size())
        entry.function.setAllResultAttrs(entry.results);
    }
  }
};

} // namespace
} // namespace mlir::stablehlo

