// The check dialect: assertion ops evaluated by the interpreter.
#include "Dialect/StablehloOps.h"

using namespace mlir;
using namespace mlir::stablehlo::check;

#include "CheckDialect.cpp.inc"
#define GET_OP_CLASSES
#include "CheckOps.cpp.inc"

void CheckDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "CheckOps.cpp.inc"
      >();
}
