// The reduce patterns of library-math (LowerReductions.cpp): the reduces the
// interpreter computes by one numpy reduction (kernels/reductions.py,
// _fast_reduce and _blas_sum) as calls of numpy's own loops or BLAS
// (lib/Runtime/NumpyLoops.h), in numpy's order bit for bit.
#ifndef STABLEHLO_PY_CONVERSION_LIBRARYREDUCTIONS_H
#define STABLEHLO_PY_CONVERSION_LIBRARYREDUCTIONS_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::stablehlo::linalg_lowering {

// Above ReduceToLinalg; populateLibraryMathPatterns adds them.
void populateLibraryReductionPatterns(const TypeConverter &converter,
                                      RewritePatternSet &patterns);

} // namespace mlir::stablehlo::linalg_lowering

#endif // STABLEHLO_PY_CONVERSION_LIBRARYREDUCTIONS_H
