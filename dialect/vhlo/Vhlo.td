// Everything of the vhlo dialect, for mlir-tblgen (dialect/CMakeLists.txt).
#ifndef STABLEHLO_PY_VHLO_TD
#define STABLEHLO_PY_VHLO_TD

include "vhlo/VhloBase.td"
include "vhlo/VhloEnums.td"
include "vhlo/VhloTypes.td"
include "vhlo/VhloAttrs.td"
include "vhlo/VhloOps.td"

#endif // STABLEHLO_PY_VHLO_TD
