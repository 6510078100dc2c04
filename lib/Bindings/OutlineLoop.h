// A loop op outlined into a module of its own (OutlineLoop.cpp), for the
// interpreter's scalar loops (interpreter/jit/scalar.py).
#ifndef STABLEHLO_PY_BINDINGS_OUTLINELOOP_H
#define STABLEHLO_PY_BINDINGS_OUTLINELOOP_H

#include "mlir/Bindings/Python/Nanobind.h"

// Adds the function `outline_loop` to the module.
void registerOutlineLoop(nanobind::module_ &m);

#endif // STABLEHLO_PY_BINDINGS_OUTLINELOOP_H
