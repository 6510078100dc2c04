// Portable artifacts: StableHLO written as VHLO of a target version in MLIR
// bytecode, and read back (upstream StableHLO's format).
#ifndef STABLEHLO_PY_VHLO_SERIALIZATION_H
#define STABLEHLO_PY_VHLO_SERIALIZATION_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
namespace vhlo {

// Writes `module` (StableHLO; left unchanged) as an artifact of version
// `target` ("1.2.3"); failure with an error on the module if it has no form
// at that version. `allowOtherDialects`: ops of other dialects are written
// as they are, behind unrealized casts (upstream's option), not refused.
LogicalResult serializePortableArtifact(ModuleOp module, StringRef target,
                                        raw_ostream &os,
                                        bool allowOtherDialects = false);

// Turns a module of VHLO of any version (an artifact just read) into
// StableHLO, in place.
LogicalResult deserializePortableArtifact(ModuleOp module);

// The passes, under upstream's names: stablehlo-legalize-to-vhlo,
// vhlo-legalize-to-stablehlo, vhlo-to-version{target=...}.
void registerVhloPasses();

} // namespace vhlo
} // namespace mlir

#endif // STABLEHLO_PY_VHLO_SERIALIZATION_H
