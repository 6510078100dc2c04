// Verifiers of the ops that order side effects or exchange data (after_all
// and create_token have no constraints beyond their types).
#include "Dialect/StablehloOps.h"
#include "Dialect/Verification.h"

using namespace mlir;
using namespace mlir::stablehlo;

#define GET_OP_CLASSES
#include "CommunicationOps.cpp.inc"
