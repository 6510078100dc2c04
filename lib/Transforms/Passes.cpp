// The C++ passes of dialect/Passes.td: pattern sets from Folding.cpp and
// Simplification.cpp, applied greedily to each function.
#include "Transforms/Passes.h"

// Dependent dialects: arith (the simplifier's); arith, complex, math and scf
// (the folder's scalar table).
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <mutex>

namespace mlir::stablehlo {

#define GEN_PASS_DEF_STABLEHLOAGGRESSIVEFOLDERPASS
#define GEN_PASS_DEF_STABLEHLOAGGRESSIVESIMPLIFICATIONPASS
#define GEN_PASS_DEF_STABLEHLOTARGETINDEPENDENTOPTIMIZATIONPASS
#include "Passes.h.inc"

namespace {

LogicalResult applyPatterns(Operation *op, RewritePatternSet &&patterns) {
  return applyPatternsGreedily(op,
                               FrozenRewritePatternSet(std::move(patterns)));
}

struct AggressiveFolder
    : impl::StablehloAggressiveFolderPassBase<AggressiveFolder> {
  using StablehloAggressiveFolderPassBase::StablehloAggressiveFolderPassBase;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateFoldingPatterns(patterns, {foldFloat, foldOpElementLimit,
                                       assumeNoUndeclaredSideEffects});
    // Not converging is no error: what was folded stays folded.
    (void)applyPatterns(getOperation(), std::move(patterns));
  }
};

struct AggressiveSimplification
    : impl::StablehloAggressiveSimplificationPassBase<
          AggressiveSimplification> {
  using StablehloAggressiveSimplificationPassBase::
      StablehloAggressiveSimplificationPassBase;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateSimplificationPatterns(patterns, foldOpElementLimit);
    (void)applyPatterns(getOperation(), std::move(patterns));
  }
};

struct TargetIndependentOptimization
    : impl::StablehloTargetIndependentOptimizationPassBase<
          TargetIndependentOptimization> {
  using StablehloTargetIndependentOptimizationPassBase::
      StablehloTargetIndependentOptimizationPassBase;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateFoldingPatterns(patterns, {foldFloat, foldOpElementLimit});
    populateSimplificationPatterns(patterns, foldOpElementLimit);
    (void)applyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace

void registerPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerPass([] { return std::make_unique<AggressiveFolder>(); });
    registerPass([] { return std::make_unique<AggressiveSimplification>(); });
    registerPass(
        [] { return std::make_unique<TargetIndependentOptimization>(); });
    registerPass(createConvertToSignlessPass);
    registerPass([] { return createStablehloLegalizeToLinalgPass(); });
    registerPass([] { return createStablehloPyWidenBoolBuffersPass(); });
    registerPass([] { return createStablehloPyOutlineParallelLoopsPass(); });
    registerPass([] { return createStablehloPyStridedCopiesToLinalgPass(); });
    registerPass([] { return createStablehloPyResultsInPlacePass(); });
    registerPass([] { return createStablehloPyScalarizeRankZeroPass(); });
    registerPass([] { return createStablehloPyBlockedElementwisePass(); });
  });
}

} // namespace mlir::stablehlo
