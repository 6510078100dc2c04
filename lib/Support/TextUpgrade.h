// Upgrades of textual IR written by other MLIR versions, applied to program
// text before it is parsed (by stablehlo-opt and by the Python package).
#ifndef STABLEHLO_PY_SUPPORT_TEXTUPGRADE_H
#define STABLEHLO_PY_SUPPORT_TEXTUPGRADE_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace mlir::stablehlo {

// Hex literals of i1 tensors, `dense<"0x0100..."> : tensor<NxMxi1>`, come in
// two layouts: one byte per element (the MLIR of jaxlib, so JAX's exports) and
// eight elements per byte (this MLIR). Literals in the byte-per-element layout
// (N*M > 1 bytes, each 00 or 01) are rewritten into the packed one; all other
// text is returned unchanged.
std::string upgradeBoolHexLiterals(llvm::StringRef text);

} // namespace mlir::stablehlo

#endif // STABLEHLO_PY_SUPPORT_TEXTUPGRADE_H
