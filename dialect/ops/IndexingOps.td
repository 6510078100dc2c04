// Ops that read or write a tensor at computed indices (spec: gather, scatter,
// dynamic_slice, dynamic_update_slice; legacy: torch_index_select).
// Verifiers and shape functions: lib/Dialect/IndexingOps.cpp.
#ifndef STABLEHLO_PY_INDEXING_OPS_TD
#define STABLEHLO_PY_INDEXING_OPS_TD

include "StablehloAttrs.td"

//===--- Reads: gather, dynamic_slice, torch_index_select ---------------===//


//===--- Writes: scatter, dynamic_update_slice ----------------------------===//


#endif // STABLEHLO_PY_INDEXING_OPS_TD
