// Verifiers and shape functions of the indexing ops (gather, scatter,
// dynamic_slice, dynamic_update_slice, torch_index_select). Each check cites
// its spec constraint.
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"

using namespace mlir;
using namespace mlir::stablehlo;

#define GET_OP_CLASSES
#include "IndexingOps.cpp.inc"

namespace mlir::stablehlo {

//===--- Reads: gather, dynamic_slice, torch_index_select ---------------===//


//===--- Writes: scatter, dynamic_update_slice ----------------------------===//


} // namespace mlir::stablehlo
