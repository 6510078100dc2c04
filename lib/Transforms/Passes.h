// The C++ passes of the stablehlo dialect (dialect/Passes.td) and their
// pattern sets, which the dialect's canonicalization reuses.
#ifndef STABLEHLO_PY_TRANSFORMS_PASSES_H
#define STABLEHLO_PY_TRANSFORMS_PASSES_H

#include "Dialect/StablehloOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace mlir::stablehlo {

#define GEN_PASS_DECL
#include "Passes.h.inc"

struct FoldOptions {
  bool foldFloat = true;
  // Results with more elements are not folded (splats excepted).
  int64_t elementLimit = 65536;
  // Ops that declare no memory effects have none (upstream's option).
  bool assumeNoUndeclaredEffects = false;
};

// Patterns replacing ops whose operands are constants by constants.
void populateFoldingPatterns(RewritePatternSet &patterns,
                             const FoldOptions &options);
// get_dimension_size of a static dimension -> its size (both sets use it).
void populateStaticDimensionPatterns(RewritePatternSet &patterns);
// Patterns removing identities and simplifying ops; `elementLimit` bounds
// the constants they build element by element (select of constants).
void populateSimplificationPatterns(RewritePatternSet &patterns,
                                    int64_t elementLimit);

// The constant of zeros of `type`, a statically shaped tensor of integers,
// floats or complex floats without encoding; null for any other type.
DenseElementsAttr zerosOf(Type type);

// stablehlo-convert-to-signless (ConvertToSignless.cpp).
std::unique_ptr<Pass> createConvertToSignlessPass();

// Registers the passes above with MLIR's pass registry (once).
void registerPasses();

} // namespace mlir::stablehlo

#endif // STABLEHLO_PY_TRANSFORMS_PASSES_H
