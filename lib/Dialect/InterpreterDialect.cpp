// The interpreter dialect: process grids and probes in a program
// (docs/distributed.md, "The interpreter dialect"). run_parallel's checks
// cite the constraints listed there (RP1-RP5).
#include "Dialect/StablehloOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::stablehlo::interpreter;

#include "InterpreterDialect.cpp.inc"
#define GET_OP_CLASSES
#include "InterpreterOps.cpp.inc"

void InterpreterDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "InterpreterOps.cpp.inc"
      >();
}

static func::FuncOp lookupFunction(Operation *op, FlatSymbolRefAttr symbol) {
  return SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(op,
                                                            symbol.getAttr());
}

LogicalResult RunParallelOp::verify() {
  ArrayAttr rows = getPrograms();
  if (rows.empty()) // RP1
    return emitOpError("programs must have at least one row (replica)");
  SmallVector<Type> inputTypes, resultTypes;
  size_t width = cast<ArrayAttr>(rows[0]).size();
  for (auto [r, row] : llvm::enumerate(rows.getAsRange<ArrayAttr>())) {
    if (row.empty()) // RP1
      return emitOpError() << "every row of programs must hold at least one "
                              "function (partition); row "
                           << r << " is empty";
    if (row.size() != width) // RP1
      return emitOpError() << "every row of programs must hold the same "
                              "number of functions (partitions); row "
                           << r << " holds " << row.size() << ", row 0 holds "
                           << width;
    for (auto symbol : row.getAsRange<FlatSymbolRefAttr>()) {
      func::FuncOp function = lookupFunction(*this, symbol);
      if (!function) // RP2
        return emitOpError()
               << "program " << symbol << " is not a function of the module";
      llvm::append_range(inputTypes, function.getArgumentTypes());
      llvm::append_range(resultTypes, function.getResultTypes());
    }
  }
  if (TypeRange(inputTypes) != getInputs().getTypes()) // RP3
    return emitOpError()
           << "inputs must be the programs' arguments in flattened process "
              "order: expected "
           << inputTypes.size() << " of types (" << TypeRange(inputTypes)
           << "), got (" << getInputs().getTypes() << ")";
  if (TypeRange(resultTypes) != getResults().getTypes()) // RP4
    return emitOpError()
           << "results must be the programs' results in flattened process "
              "order: expected "
           << resultTypes.size() << " of types (" << TypeRange(resultTypes)
           << "), got (" << getResults().getTypes() << ")";
  if (std::optional<ArrayAttr> infeed = getInfeed()) {
    for (auto symbol : infeed->getAsRange<FlatSymbolRefAttr>()) {
      func::FuncOp function = lookupFunction(*this, symbol);
      if (!function || function.getNumArguments() != 0) // RP5
        return emitOpError() << "infeed " << symbol
                             << " must be a function of the module without "
                                "arguments";
    }
  }
  return success();
}
