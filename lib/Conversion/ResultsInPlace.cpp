// stablehlo-py-results-in-place: a function result computed into a buffer of
// the function's own is computed straight into its out-parameter.
//
// buffer-results-to-out-params ends each function by copying every result
// buffer into the out-parameter its caller passed (memref.copy before the
// return). Its hoist-static-allocs option would allocate nothing instead,
// but in MLIR 22 it crashes on a function returning one buffer twice. Here,
// a copy from a memref.alloc of the function's entry block into an
// out-parameter used by nothing else makes the alloc's every use a use of the
// out-parameter: the copy (a pass over the whole result: 1 ms of the 5 ms of
// a 16384-row embedding lookup) and the alloc go. A buffer returned twice
// goes to its first out-parameter, copied from there to the second. The
// out-parameters are the caller's fresh buffers (the compiled backend's
// calling convention), distinct from the inputs.
#include "Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::stablehlo {

#define GEN_PASS_DEF_STABLEHLOPYRESULTSINPLACEPASS
#include "Passes.h.inc"

namespace {

struct ResultsInPlace
    : impl::StablehloPyResultsInPlacePassBase<ResultsInPlace> {
  void runOnOperation() override {
    getOperation().walk([](func::FuncOp function) {
      if (function.isExternal())
        return;
      Block &entry = function.getBody().front();
      for (Block &block : function.getBody()) {
        auto ret = dyn_cast<func::ReturnOp>(block.getTerminator());
        if (!ret)
          continue;
        // The copies just before the return, in order.
        SmallVector<memref::CopyOp> copies;
        for (Operation *op = ret->getPrevNode();
             op && isa<memref::CopyOp>(op); op = op->getPrevNode())
          copies.insert(copies.begin(), cast<memref::CopyOp>(op));
        for (memref::CopyOp copy : copies) {
          auto out = dyn_cast<BlockArgument>(copy.getTarget());
          auto alloc = copy.getSource().getDefiningOp<memref::AllocOp>();
          if (!out || out.getOwner() != &entry || !alloc ||
              alloc->getBlock() != &entry || !out.hasOneUse() ||
              out.getType() != alloc.getType())
            continue;
          Value buffer = alloc.getResult();
          copy.erase();
          buffer.replaceAllUsesWith(out);
          alloc.erase();
        }
      }
    });
  }
};

} // namespace

} // namespace mlir::stablehlo
