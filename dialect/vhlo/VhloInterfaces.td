// The interfaces of the vhlo dialect (a file of their own: mlir-tblgen
// generates interfaces only from its main file).
#ifndef STABLEHLO_PY_VHLO_INTERFACES_TD
#define STABLEHLO_PY_VHLO_INTERFACES_TD

include "mlir/IR/OpBase.td"

// The versions an op, type or attribute exists in: `current` is the newest
// version this build writes (lib/Vhlo/Version.cpp).
def VHLO_VersionedInterface : OpInterface<"VersionedOpInterface"> {
  let cppNamespace = "::mlir::vhlo";
  let methods = [
    InterfaceMethod<"The first version the op exists in.",
                    "::mlir::vhlo::Version", "getMinVersion">,
    InterfaceMethod<"The last version the op exists in (inclusive).",
                    "::mlir::vhlo::Version", "getMaxVersion">,
  ];
}

// Ops whose allowed attribute values or types depend on the target version
// (lib/Vhlo/VhloToVersion.cpp asks them before writing an older version).
def VHLO_VersionedConstraintInterface
    : OpInterface<"VersionedOpConstraintInterface"> {
  let cppNamespace = "::mlir::vhlo";
  let methods = [
    InterfaceMethod<"Whether the op as it is can be written at the target.",
                    "::mlir::LogicalResult", "validateConstraint",
                    (ins "::mlir::Operation *":$op,
                         "::mlir::vhlo::Version":$target)>,
  ];
}

def VHLO_VersionedTypeInterface : TypeInterface<"VersionedTypeInterface"> {
  let cppNamespace = "::mlir::vhlo";
  let methods = [
    InterfaceMethod<"", "::mlir::vhlo::Version", "getMinVersion">,
    InterfaceMethod<"", "::mlir::vhlo::Version", "getMaxVersion">,
  ];
}

def VHLO_VersionedAttrInterface : AttrInterface<"VersionedAttrInterface"> {
  let cppNamespace = "::mlir::vhlo";
  let methods = [
    InterfaceMethod<"", "::mlir::vhlo::Version", "getMinVersion">,
    InterfaceMethod<"", "::mlir::vhlo::Version", "getMaxVersion">,
  ];
}

#endif // STABLEHLO_PY_VHLO_INTERFACES_TD
