// The vhlo dialect: StableHLO's versioned, portable form (docs/vhlo.md).
//
// Every op, type and attribute carries the versions it exists in. The ops are
// shallow on purpose: any VHLO type for operands and results, any VHLO
// attribute for attributes, no verifiers; what they mean is the StableHLO op
// they legalize from and to (lib/Vhlo/Legalize*.cpp). Their bytecode encoding
// (lib/Vhlo/VhloBytecode.cpp) is upstream StableHLO's, so artifacts move
// between the two both ways.
#ifndef STABLEHLO_PY_VHLO_BASE_TD
#define STABLEHLO_PY_VHLO_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Vhlo_Dialect : Dialect {
  let name = "vhlo";
  let cppNamespace = "::mlir::vhlo";
  let summary = "VHLO: versioned StableHLO, the form of portable artifacts.";
  let useDefaultTypePrinterParser = 0;
  let useDefaultAttributePrinterParser = 0;
  let extraClassDeclaration = [{
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type,
                   ::mlir::DialectAsmPrinter &printer) const override;
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
  private:
    void registerTypes();
    void registerAttributes();
  public:
  }];
}

include "vhlo/VhloInterfaces.td"

// "1.2.3" -> "1, 2, 3"; "current" -> the build's current version.
class VHLO_VersionBody<string minVersion, string maxVersion> {
  code body = [{
    ::mlir::vhlo::Version $cppClass::getMinVersion() {
      return ::mlir::vhlo::Version(}] # !subst(".", ", ", minVersion) # [{);
    }
    ::mlir::vhlo::Version $cppClass::getMaxVersion() {
      return }] # !if(!eq(maxVersion, "current"),
                      "::mlir::vhlo::Version::getCurrentVersion()",
                      "::mlir::vhlo::Version(" # !subst(".", ", ", maxVersion) # ")")
                # [{;
    }
  }];
}

def VHLO_AnyType : Type<CPred<"::mlir::vhlo::isVhloType($_self)">,
                        "any VHLO type">;
def VHLO_AnyAttr : Attr<CPred<"::mlir::vhlo::isVhloAttr($_self)">,
                        "any VHLO attribute"> {
  let storageType = "::mlir::Attribute";
  let returnType = "::mlir::Attribute";
  let convertFromStorage = "$_self";
  let constBuilderCall = "$0";
}
def VHLO_AnyRegion : Region<CPred<"true">, "any region">;

class VHLO_Op<string mnemonic, string minVersion, string maxVersion,
              list<Trait> traits = []>
    : Op<Vhlo_Dialect, mnemonic,
         [DeclareOpInterfaceMethods<VHLO_VersionedInterface>] # traits> {
  let extraClassDefinition = VHLO_VersionBody<minVersion, maxVersion>.body;
}

#endif // STABLEHLO_PY_VHLO_BASE_TD
