// stablehlo-opt: parse, verify, transform and print StableHLO programs.
#include "Dialect/StablehloOps.h"

#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();
  mlir::DialectRegistry registry;
  mlir::stablehlo::registerAllDialects(registry);
  registry.insert<mlir::func::FuncDialect>();
  mlir::func::registerInlinerExtension(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "StableHLO optimizer driver\n", registry));
}
