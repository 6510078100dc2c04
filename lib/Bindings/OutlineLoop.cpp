// outline_loop: an op with regions (the interpreter's scalar while) cloned
// into `func.func @main(operands..., captured values...) -> results` of a new
// module, which the compiled backend lowers (interpreter/jit/scalar.py). The
// clone keeps every location, so the lowering's errors and the loop checks
// name the program's ops.
#include "OutlineLoop.h"

#include "mlir/Bindings/Python/NanobindAdaptors.h"
#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

#include <nanobind/stl/vector.h>

#include <stdexcept>
#include <vector>

namespace nb = nanobind;
using namespace mlir;
using namespace mlir::python::nanobind_adaptors;

// A value the clone may recompute instead of taking: a constant's result.
static bool isConstant(Value value) {
  Operation *def = value.getDefiningOp();
  return def && def->hasTrait<OpTrait::ConstantLike>() &&
         def->getNumOperands() == 0 && def->getNumRegions() == 0;
}

// Clones into `module` the symbols (functions a func.call names) its
// operations use, found from `origin`, and theirs in turn.
static void copySymbols(ModuleOp module, Operation *origin) {
  SymbolTable table(module);
  SmallVector<Operation *> work{module};
  while (!work.empty()) {
    Operation *user = work.pop_back_val();
    auto uses = SymbolTable::getSymbolUses(&user->getRegion(0));
    if (!uses)
      continue;
    for (const SymbolTable::SymbolUse &use : *uses) {
      StringAttr name = use.getSymbolRef().getRootReference();
      if (name.getValue() == "main") // would name the outlined function
        throw std::invalid_argument("outline_loop: the loop calls @main");
      if (table.lookup(name))
        continue;
      Operation *symbol = SymbolTable::lookupNearestSymbolFrom(origin, name);
      if (!symbol) // the lowering reports the missing symbol, at its use
        continue;
      Operation *copy = symbol->clone();
      table.insert(copy);
      SymbolTable::setSymbolVisibility(copy, SymbolTable::Visibility::Private);
      if (copy->getNumRegions() == 1)
        work.push_back(copy);
    }
  }
}

// (module, captured) where captured[k] is the index in `captures` of
// @main's argument (operands + k); captured constants are cloned in.
static nb::tuple outlineLoop(MlirOperation loopOp,
                             const std::vector<MlirValue> &captures) {
  Operation *op = unwrap(loopOp);
  // Each value once, in the caller's order: a constant is cloned in, any
  // other becomes an argument.
  SmallVector<Type> inputs(op->getOperandTypes());
  std::vector<int64_t> captured;
  SmallVector<Value> constants;
  llvm::SmallDenseSet<Value> seen;
  for (auto [index, handle] : llvm::enumerate(captures)) {
    Value value = unwrap(handle);
    if (!seen.insert(value).second)
      continue;
    if (isConstant(value)) {
      constants.push_back(value);
    } else {
      inputs.push_back(value.getType());
      captured.push_back(index);
    }
  }
  llvm::SetVector<Value> above;
  getUsedValuesDefinedAbove(op->getRegions(), above);
  for (Value value : above)
    if (!seen.contains(value)) // a clone using it would not verify
      throw std::invalid_argument(
          "outline_loop: the op's regions use a value not among its captures");

  Location loc = op->getLoc();
  OpBuilder b(op->getContext());
  OwningOpRef<ModuleOp> owned = ModuleOp::create(loc);
  ModuleOp module = *owned;
  b.setInsertionPointToEnd(module.getBody());
  auto function = func::FuncOp::create(
      b, loc, "main", b.getFunctionType(inputs, op->getResultTypes()));
  Block *entry = function.addEntryBlock();
  b.setInsertionPointToStart(entry);
  IRMapping mapping;
  for (Value value : constants)
    mapping.map(value.getDefiningOp()->getResults(),
                b.clone(*value.getDefiningOp())->getResults());
  unsigned count = op->getNumOperands();
  for (auto [k, index] : llvm::enumerate(captured))
    mapping.map(unwrap(captures[index]), entry->getArgument(count + k));
  Operation *clone = b.clone(*op, mapping);
  clone->setOperands(entry->getArguments().take_front(count));
  func::ReturnOp::create(b, loc, clone->getResults());
  copySymbols(module, op);
  return nb::make_tuple(wrap(owned.release()), captured);
}

void registerOutlineLoop(nb::module_ &m) {
  m.def("outline_loop", &outlineLoop, nb::arg("operation"),
        nb::arg("captures"),
        "(module, captured): `operation` (an op with regions) as the only op "
        "of func.func @main(its operands..., captured values...) in a new "
        "module (its locations kept), and for each captured argument the "
        "index of its value in `captures` (the values its regions use from "
        "above, in the caller's order; constants among them are cloned in, "
        "and a value given twice is one argument). ValueError if the "
        "regions use a value not in `captures`, or call @main.");
}
