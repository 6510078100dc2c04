// A plugin for stock mlir-opt (the SDK's, or any built from LLVM 22):
//   mlir-opt --load-dialect-plugin=LIB --load-pass-plugin=LIB ...
// registers the stablehlo, chlo, check, interpreter, sdy and vhlo dialects
// and every C++ pass (`stablehlo-py plugin-path` prints LIB). The Python
// passes need the Python package: stablehlo-opt and stablehlo-py opt run them.
#include "Dialect/StablehloOps.h"
#include "Transforms/Passes.h"
#include "Vhlo/Serialization.h"

#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "stablehlo-py", "0.1",
          [](mlir::DialectRegistry *registry) {
            mlir::stablehlo::registerAllDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "stablehlo-py", "0.1", [] {
            mlir::stablehlo::registerPasses();
            mlir::vhlo::registerVhloPasses();
          }};
}
