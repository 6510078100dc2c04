// stablehlo-legalize-to-linalg, scatter and select_and_scatter.
#include "Conversion/LoweringCommon.h"

namespace mlir::stablehlo::linalg_lowering {

void populateScatterPatterns(const TypeConverter &converter,
                          RewritePatternSet &patterns) {}

} // namespace mlir::stablehlo::linalg_lowering
