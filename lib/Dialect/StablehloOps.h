// The stablehlo, check, chlo, interpreter and sdy dialects: every op, type and attribute.
// Definitions are generated from dialect/*.td; this header gathers them.
#ifndef STABLEHLO_PY_DIALECT_STABLEHLOOPS_H
#define STABLEHLO_PY_DIALECT_STABLEHLOOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/Mutex.h"
#include <set>
#include <string>
#include <tuple>

namespace mlir::stablehlo {

// `#stablehlo.__invalid_literal<"why">`: an attribute that never parses; the
// stablehlo attribute parser reports `why` at its position. Input layers that
// rewrite program text before parsing (Support/TextUpgrade.h) put it in place
// of a literal MLIR's parser cannot take safely.
inline constexpr llvm::StringLiteral kLiteralErrorMnemonic = "__invalid_literal";

// True for the quantized element types the spec allows: !quant.uniform with
// an integer storage type and a floating-point expressed type.
bool isValidQuantizedElementType(Type type);

// Quantized types quantized_type_c1-c13 of the spec for every operand and
// result of `op`.
LogicalResult verifyQuantizedTypesOf(Operation *op);

namespace OpTrait {
template <typename ConcreteType>
class VerifyQuantizedTypes
    : public mlir::OpTrait::TraitBase<ConcreteType, VerifyQuantizedTypes> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifyQuantizedTypesOf(op);
  }
};
} // namespace OpTrait
} // namespace mlir::stablehlo

#include "StablehloDialect.h.inc"
#include "StablehloEnums.h.inc"
#define GET_ATTRDEF_CLASSES
#include "StablehloAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "StablehloTypes.h.inc"

#include "Dialect/AsmSyntax.h"

#define GET_OP_CLASSES
#include "ElementwiseOps.h.inc"
#define GET_OP_CLASSES
#include "DataMovementOps.h.inc"
#define GET_OP_CLASSES
#include "IndexingOps.h.inc"
#define GET_OP_CLASSES
#include "RegionOps.h.inc"
#define GET_OP_CLASSES
#include "LinalgOps.h.inc"
#define GET_OP_CLASSES
#include "CommunicationOps.h.inc"
#define GET_OP_CLASSES
#include "NormalizationOps.h.inc"
#define GET_OP_CLASSES
#include "FftOps.h.inc"
#define GET_OP_CLASSES
#include "QuantizationOps.h.inc"
#define GET_OP_CLASSES
#include "RandomOps.h.inc"

namespace mlir::stablehlo {
// Each op family registers its ops in its own file (lib/Dialect/<Family>.cpp):
// registering instantiates every op's traits and interfaces, which in one
// file made the dialect's registration one of the build's longest compiles.
void registerElementwiseOps(StablehloDialect &dialect);
void registerDataMovementOps(StablehloDialect &dialect);
void registerIndexingOps(StablehloDialect &dialect);
void registerRegionOps(StablehloDialect &dialect);
void registerLinalgOps(StablehloDialect &dialect);
void registerCommunicationOps(StablehloDialect &dialect);
void registerNormalizationOps(StablehloDialect &dialect);
void registerFftOps(StablehloDialect &dialect);
void registerRandomOps(StablehloDialect &dialect);
void registerQuantizationOps(StablehloDialect &dialect);

template <typename... Ops>
void registerOps(Dialect &dialect) {
  (RegisteredOperationName::insert<Ops>(dialect), ...);
}
} // namespace mlir::stablehlo

#include "CheckDialect.h.inc"
#define GET_OP_CLASSES
#include "CheckOps.h.inc"

#include "ChloDialect.h.inc"
#define GET_ATTRDEF_CLASSES
#include "ChloAttrs.h.inc"
#define GET_OP_CLASSES
#include "ChloOps.h.inc"

#include "InterpreterDialect.h.inc"
#define GET_OP_CLASSES
#include "InterpreterOps.h.inc"

#include "SdyDialect.h.inc"
#define GET_ATTRDEF_CLASSES
#include "SdyAttrs.h.inc"
#define GET_OP_CLASSES
#include "SdyOps.h.inc"

namespace mlir::stablehlo::sdy {
// What a mesh, sharding, sharding_per_value or manual_axes attribute says, as
// builtin attributes (docs/shardy.md); other kinds and unreadable text give
// {text = "<the text after #sdy.>"}.
DictionaryAttr describe(SpecAttr attr);
} // namespace mlir::stablehlo::sdy

namespace mlir::stablehlo {
// Registers the stablehlo, check and chlo dialects (and their dependencies).
void registerAllDialects(DialectRegistry &registry);
} // namespace mlir::stablehlo

#endif // STABLEHLO_PY_DIALECT_STABLEHLOOPS_H
