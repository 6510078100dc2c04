// The check dialect: assertion ops evaluated by the interpreter.
#include "Dialect/StablehloOps.h"

using namespace mlir;
using namespace mlir::stablehlo::check;

#include "CheckDialect.cpp.inc"
#define GET_OP_CLASSES
#include "CheckOps.cpp.inc"

// A builder given an attribute of another kind for max_ulp_difference leaves
// the property empty; the generated verifier takes that for the default, but
// the printer, which always prints it, cannot.
LogicalResult ExpectCloseOp::verify() {
  if (!getMaxUlpDifferenceAttr())
    return emitOpError("requires max_ulp_difference, a ui64 integer attribute");
  return success();
}

void CheckDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "CheckOps.cpp.inc"
      >();
}
