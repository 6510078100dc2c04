// The compile cache's object loader (lib/Runtime/ObjectLoader.h) as the
// extension's `LoadedObject` and `host_cpu` (lowering/cache.py).
#ifndef STABLEHLO_PY_BINDINGS_OBJECTLOADERBINDINGS_H
#define STABLEHLO_PY_BINDINGS_OBJECTLOADERBINDINGS_H

#include "mlir/Bindings/Python/Nanobind.h"

// Adds the class `LoadedObject` and the function `host_cpu` to the module.
void registerObjectLoader(nanobind::module_ &m);

#endif // STABLEHLO_PY_BINDINGS_OBJECTLOADERBINDINGS_H
