// stablehlo-legalize-to-linalg, sort.
#include "Conversion/LoweringCommon.h"

namespace mlir::stablehlo::linalg_lowering {

void populateSortPatterns(const TypeConverter &converter,
                          RewritePatternSet &patterns) {}

} // namespace mlir::stablehlo::linalg_lowering
