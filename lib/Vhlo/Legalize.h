// StableHLO <-> VHLO, and VHLO between versions (lib/Vhlo/Legalize.cpp).
#ifndef STABLEHLO_PY_VHLO_LEGALIZE_H
#define STABLEHLO_PY_VHLO_LEGALIZE_H

#include "Vhlo/Version.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace vhlo {

// stablehlo and func ops of the module's body -> the newest vhlo ops. An op
// of another dialect is an error, or with `allowOtherDialects` (upstream's
// option) stays as it is, behind unrealized casts.
LogicalResult legalizeToVhlo(ModuleOp module, bool allowOtherDialects = false);
// The newest vhlo ops -> stablehlo and func ops.
LogicalResult legalizeToStablehlo(ModuleOp module);
// Whether `target` is a version this build writes (0.9.0 to current); an
// error on `op` if not.
LogicalResult validateTargetVersion(Operation *op, Version target);
// vhlo ops of any version -> the versions `target` has; an error names the
// first op, type or attribute the target does not have.
LogicalResult convertToVersion(ModuleOp module, Version target);

} // namespace vhlo
} // namespace mlir

#endif // STABLEHLO_PY_VHLO_LEGALIZE_H
