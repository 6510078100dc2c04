// The compiled backend's native call (CompiledCall.cpp): a compiled entry
// called on numpy arrays without ctypes (lowering/compiled.py).
#ifndef STABLEHLO_PY_BINDINGS_COMPILEDCALL_H
#define STABLEHLO_PY_BINDINGS_COMPILEDCALL_H

#include "mlir/Bindings/Python/Nanobind.h"

// Adds the class `CompiledCall` to the extension module.
void registerCompiledCall(nanobind::module_ &m);

#endif // STABLEHLO_PY_BINDINGS_COMPILEDCALL_H
