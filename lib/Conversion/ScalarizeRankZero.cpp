// stablehlo-py-scalarize-rank-zero: rank-0 tensors become scalars where the
// program computes on them, so that scalar code (loop counters, carries of a
// while loop, predicates) stays in registers instead of becoming a heap
// buffer per op after bufferization.
//
// - A linalg.generic whose operands are all rank-0 tensors becomes its body
//   on tensor.extract'ed scalars, its results tensor.from_elements.
// - scf.while, scf.if, scf.for and scf.index_switch carry scalars instead of
//   rank-0 tensors (MLIR's structural type conversion of scf, with
//   tensor.from_elements / tensor.extract at the edges).
// A canonicalization afterwards folds the extract(from_elements) pairs away.
#include "Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::stablehlo {

#define GEN_PASS_DEF_STABLEHLOPYSCALARIZERANKZEROPASS
#include "Passes.h.inc"

namespace {

bool isRankZeroTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getRank() == 0 && !tensor.getEncoding();
}

// The body of a linalg.generic over rank-0 tensors, run once on scalars.
struct ScalarizeRankZeroGeneric : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op.getNumLoops() != 0)
      return failure();
    for (Value operand : op->getOperands())
      if (isa<ShapedType>(operand.getType()) &&
          !isRankZeroTensor(operand.getType()))
        return failure();
    Block &body = op.getRegion().front();
    Location loc = op.getLoc();
    IRMapping mapping;
    for (OpOperand &operand : op->getOpOperands()) {
      BlockArgument argument = op.getMatchingBlockArgument(&operand);
      if (argument.use_empty())
        continue; // the outs of an element-wise op are only its shape
      Value value = operand.get();
      if (isa<RankedTensorType>(value.getType()))
        value = tensor::ExtractOp::create(rewriter, loc, value, ValueRange{});
      mapping.map(argument, value);
    }
    for (Operation &nested : body.without_terminator())
      rewriter.clone(nested, mapping);
    auto yield = cast<linalg::YieldOp>(body.getTerminator());
    SmallVector<Value> results;
    for (auto [value, type] :
         llvm::zip_equal(yield.getValues(), op->getResultTypes()))
      results.push_back(tensor::FromElementsOp::create(
          rewriter, loc, type, ValueRange{mapping.lookupOrDefault(value)}));
    rewriter.replaceOp(op, results);
    return success();
  }
};

// Rank-0 tensors of scalar elements are their element; anything else stays.
struct RankZeroToScalar : TypeConverter {
  RankZeroToScalar() {
    addConversion([](Type type) { return type; });
    addConversion([](RankedTensorType type) -> Type {
      if (isRankZeroTensor(type) && type.getElementType().isIntOrIndexOrFloat())
        return type.getElementType();
      return type;
    });
    addSourceMaterialization([](OpBuilder &builder, Type type,
                                ValueRange inputs, Location loc) -> Value {
      if (inputs.size() != 1 || !isRankZeroTensor(type))
        return Value();
      return tensor::FromElementsOp::create(builder, loc, type, inputs);
    });
    addTargetMaterialization([](OpBuilder &builder, Type type,
                                ValueRange inputs, Location loc) -> Value {
      if (inputs.size() != 1 || !isRankZeroTensor(inputs.front().getType()))
        return Value();
      return tensor::ExtractOp::create(builder, loc, type, inputs.front(),
                                       ValueRange{});
    });
  }
};

struct ScalarizeRankZero
    : impl::StablehloPyScalarizeRankZeroPassBase<ScalarizeRankZero> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    {
      RewritePatternSet patterns(context);
      patterns.add<ScalarizeRankZeroGeneric>(context);
      if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
        return signalPassFailure();
    }
    RankZeroToScalar converter;
    RewritePatternSet patterns(context);
    ConversionTarget target(*context);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace mlir::stablehlo
