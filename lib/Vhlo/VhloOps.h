// The vhlo dialect: its types, attributes, enums and ops (dialect/vhlo/).
#ifndef STABLEHLO_PY_VHLO_OPS_H
#define STABLEHLO_PY_VHLO_OPS_H

#include "Vhlo/Version.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/Hashing.h"

namespace mlir {
namespace vhlo {

// Whether a type or attribute belongs to the vhlo dialect (what VHLO ops hold).
bool isVhloType(Type type);
bool isVhloAttr(Attribute attr);

// Parameters of types and attributes (dialect/vhlo/VhloTypes.td).
FailureOr<llvm::APFloat> parseDouble(AsmParser &parser);
FailureOr<SmallVector<llvm::APFloat>> parseDoubles(AsmParser &parser);
void printDoubles(AsmPrinter &printer, ArrayRef<llvm::APFloat> values);
bool bitwiseEqual(ArrayRef<llvm::APFloat> lhs, ArrayRef<llvm::APFloat> rhs);
// Dimension lists `[1, ?]` (? a dynamic size).
FailureOr<SmallVector<int64_t>> parseDims(AsmParser &parser);
void printDims(AsmPrinter &printer, ArrayRef<int64_t> dims);

} // namespace vhlo
} // namespace mlir


#include "VhloDialect.h.inc"
#include "VhloEnums.h.inc"
#include "VhloOpInterfaces.h.inc"
#include "VhloTypeInterfaces.h.inc"
#include "VhloAttrInterfaces.h.inc"
#define GET_TYPEDEF_CLASSES
#include "VhloTypes.h.inc"
#define GET_ATTRDEF_CLASSES
#include "VhloAttrs.h.inc"
#define GET_OP_CLASSES
#include "VhloOps.h.inc"

namespace mlir {
namespace vhlo {

// The builtin (or stablehlo) type a vhlo type stands for, and back; null
// where there is none (lib/Vhlo/VhloTypes.cpp).
Type toBuiltinType(Type vhloType);
Type toVhloType(Type type);

// Registers the dialect's bytecode encoding (lib/Vhlo/VhloBytecode.cpp).
void addBytecodeInterface(VhloDialect *dialect);

// vhlo.func_v1's syntax, `@name(%arg0: T0, ...) -> (R0, ...) { body }`,
// for its generated parser and printer (lib/Vhlo/VhloDialect.cpp).
ParseResult parseFunctionBody(OpAsmParser &parser, Attribute &name,
                              Region &body, Attribute &functionType);
void printFunctionBody(OpAsmPrinter &printer, Operation *op, Attribute name,
                       Region &body, Attribute functionType);

} // namespace vhlo
} // namespace mlir

#endif // STABLEHLO_PY_VHLO_OPS_H
