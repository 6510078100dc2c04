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

// MLIR's parser asserts (aborting the process) on some malformed dense and
// sparse literals, e.g. complex `(re, im)` elements with a non-complex element
// type. Each such literal is replaced by `#stablehlo.<kLiteralErrorMnemonic>
// <"why">` (Dialect/StablehloOps.h), which the stablehlo attribute parser
// rejects with that message at the literal's line and column; all other text
// is returned unchanged.
std::string guardLiterals(llvm::StringRef text);

// MLIR's parser aborts the process (LLVM ERROR: out of memory) on a resource
// blob in the file metadata (`{-# dialect_resources: ... #-}`) whose alignment
// header is 0. Such a blob's string is made one that is not a hex blob, which
// the parser rejects ("expected hex string blob"); all other text is returned
// unchanged.
std::string guardResourceBlobs(llvm::StringRef text);

// Every upgrade and guard above, in order: what program text goes through
// before it is parsed.
std::string upgradeProgramText(llvm::StringRef text);

} // namespace mlir::stablehlo

#endif // STABLEHLO_PY_SUPPORT_TEXTUPGRADE_H
