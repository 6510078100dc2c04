// Passes whose body is a callback: how the Python passes join MLIR's pass
// registry, so that pipelines parsed from text (PassManager.parse, mlir-opt
// syntax) find them by name, with options, nested and mixed with any other
// pass.
#ifndef STABLEHLO_PY_TRANSFORMS_CALLBACKPASSES_H
#define STABLEHLO_PY_TRANSFORMS_CALLBACKPASSES_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include <string>
#include <vector>

namespace mlir::stablehlo {

struct CallbackPassOption {
  std::string name;
  std::string defaultValue;
  std::string description;
  bool isList = false; // comma-separated values, as MLIR's ListOption
};

// Runs the pass on `op` with each option's value (lists joined by commas);
// failure fails the pass (the callback reports its own diagnostics).
using CallbackPassRun = LogicalResult (*)(Operation *op,
                                          ArrayRef<StringRef> optionValues,
                                          void *userData);

// Checks the options' values when a pipeline is parsed: failure with a
// message in `error` makes the pipeline invalid.
using CallbackPassCheck = LogicalResult (*)(ArrayRef<StringRef> optionValues,
                                            std::string &error,
                                            void *userData);

struct CallbackPassInfo {
  std::string argument;
  std::string summary;
  std::string anchor; // an op name, or empty: the pass runs on any op
  std::vector<CallbackPassOption> options;
  CallbackPassRun run = nullptr;
  CallbackPassCheck check = nullptr; // optional
  void *userData = nullptr;
};

// Registers `info` under info.argument. Registering an argument again that
// this function registered replaces its callback and options' defaults;
// an argument some other pass holds is refused (failure).
LogicalResult registerCallbackPass(CallbackPassInfo info);

} // namespace mlir::stablehlo

#endif // STABLEHLO_PY_TRANSFORMS_CALLBACKPASSES_H
