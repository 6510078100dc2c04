// stablehlo-py-strided-copies-to-linalg: a memref.copy that MLIR's LLVM
// lowering cannot do with memcpy (a strided source or target: the padded
// interior a pad or convolution writes, a slice of a larger buffer) becomes
// linalg.copy. MLIR lowers such a copy to a call of c_runner_utils'
// memrefCopy, which walks the elements one at a time over generic strides
// (0.2 ms for the 131k floats of a padded 8x32x32x16 image, 9% of a small
// CNN); linalg.copy becomes a loop nest whose innermost loop LLVM vectorizes,
// and whose outer loops the thread pool can share.
#include "Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::stablehlo {

#define GEN_PASS_DEF_STABLEHLOPYSTRIDEDCOPIESTOLINALGPASS
#include "Passes.h.inc"

namespace {

// MLIR's copy lowering uses memcpy for these layouts.
bool copiesWithMemcpy(MemRefType type) {
  return type.getLayout().isIdentity() ||
         memref::isStaticShapeAndContiguousRowMajor(type);
}

struct StridedCopyToLinalg : OpRewritePattern<memref::CopyOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(memref::CopyOp op,
                                PatternRewriter &rewriter) const override {
    auto source = dyn_cast<MemRefType>(op.getSource().getType());
    auto target = dyn_cast<MemRefType>(op.getTarget().getType());
    if (!source || !target || source.getRank() == 0 ||
        source.getRank() != target.getRank())
      return rewriter.notifyMatchFailure(op, "expected ranked memrefs");
    if (copiesWithMemcpy(source) && copiesWithMemcpy(target))
      return rewriter.notifyMatchFailure(op, "memcpy copies it");
    rewriter.replaceOpWithNewOp<linalg::CopyOp>(op, op.getSource(),
                                                op.getTarget());
    return success();
  }
};

struct StridedCopiesToLinalgPass
    : impl::StablehloPyStridedCopiesToLinalgPassBase<
          StridedCopiesToLinalgPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<StridedCopyToLinalg>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace mlir::stablehlo
