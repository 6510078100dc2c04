/* C API of the stablehlo, check and chlo dialects: what the Python extension
 * uses. */
#ifndef STABLEHLO_PY_CAPI_H
#define STABLEHLO_PY_CAPI_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Stablehlo, stablehlo);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Check, check);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Chlo, chlo);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Interpreter, interpreter);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Sdy, sdy);

/* !stablehlo.token */
MLIR_CAPI_EXPORTED bool stablehloTypeIsAToken(MlirType type);
MLIR_CAPI_EXPORTED MlirType stablehloTokenTypeGet(MlirContext ctx);

/* The number of tensor types a `!stablehlo.future<...>` holds, or -1 for any
 * other type; and the one at `index` (0 <= index < that number). */
MLIR_CAPI_EXPORTED intptr_t stablehloFutureTypeGetNumTypes(MlirType type);
MLIR_CAPI_EXPORTED MlirType stablehloFutureTypeGetType(MlirType type,
                                                       intptr_t index);
/* `!stablehlo.future<types...>` of `n` types (n = 0: the future of none,
 * `!stablehlo.future<>`); a null type, after an error diagnostic, if one is
 * not a ranked tensor. */
MLIR_CAPI_EXPORTED MlirType stablehloFutureTypeGet(MlirContext ctx, intptr_t n,
                                                   const MlirType *types);

/* Structured attributes (dot, gather, scatter, conv, dot_algorithm,
 * channel_handle, output_operand_alias, result_accuracy) as dictionaries of
 * builtin attributes, keyed by the field names of their textual form; Shardy
 * attributes by their kind ("mesh", "sharding", ...) and what
 * sdy::describe reads from them. */
MLIR_CAPI_EXPORTED MlirStringRef stablehloAttributeGetMnemonic(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAttribute stablehloAttributeGetFields(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirAttribute stablehloAttributeFromFields(
    MlirContext ctx, MlirStringRef mnemonic, MlirAttribute fields);

/* Enum attributes: the enum's mnemonic (e.g. "comparison_direction") and the
 * case name (e.g. "LT"); empty strings for any other attribute. */
MLIR_CAPI_EXPORTED MlirStringRef stablehloEnumAttributeGetKind(MlirAttribute attr);
MLIR_CAPI_EXPORTED MlirStringRef stablehloEnumAttributeGetValue(MlirAttribute attr);
/* Null attribute if `value` is not a case of the enum `kind`. */
MLIR_CAPI_EXPORTED MlirAttribute stablehloEnumAttributeGet(
    MlirContext ctx, MlirStringRef kind, MlirStringRef value);

/* #stablehlo.bounds<...>: the bounds, with INT64_MIN for `?`. */
MLIR_CAPI_EXPORTED bool stablehloAttributeIsABounds(MlirAttribute attr);
MLIR_CAPI_EXPORTED intptr_t stablehloBoundsGetSize(MlirAttribute attr);
MLIR_CAPI_EXPORTED int64_t stablehloBoundsGetElement(MlirAttribute attr, intptr_t pos);
MLIR_CAPI_EXPORTED MlirAttribute stablehloBoundsGet(MlirContext ctx, intptr_t n,
                                                    const int64_t *bounds);

/* The raw storage of the dense elements attribute `name` of `op`, as MLIR
 * keeps it: one element if splat, i1 packed eight to a byte (a splat i1 is
 * one byte), other types in whole bytes per element (complex as two parts).
 * Returns false if `op` has no such dense elements attribute. */
// Whether `op` has memory effects of its own, as its definition declares them
// (MemoryEffectOpInterface; ops with recursive effects have none of their own,
// their nested ops do; an op that declares nothing may have any).
MLIR_CAPI_EXPORTED bool stablehloOperationHasOwnMemoryEffects(MlirOperation op);

MLIR_CAPI_EXPORTED bool stablehloOperationGetDenseElementsRawData(
    MlirOperation op, MlirStringRef name, const char **data, size_t *size,
    bool *isSplat);

/* The data of the dense_resource elements attribute `name` of `op` (as
 * torch-mlir writes weights): returns true when the attribute is one, with
 * `*data` null when its blob is missing (an elided resource, or none in the
 * file's dialect_resources). The blob holds the elements in their native
 * layout, one byte per i1. */
MLIR_CAPI_EXPORTED bool stablehloOperationGetDenseResourceData(
    MlirOperation op, MlirStringRef name, const char **data, size_t *size);

/* Program text with the upgrades and guards of Support/TextUpgrade.h applied
 * (hex i1 literals in jaxlib's byte-per-element layout; literals MLIR's parser
 * would assert on become placeholders that fail to parse cleanly). The result
 * is valid until the next call on this thread. */
MLIR_CAPI_EXPORTED MlirStringRef stablehloUpgradeProgramText(MlirStringRef text);

/* Strict spec checking in `ctx`: programs the spec rejects but upstream
 * StableHLO accepts (reportSpecDeviation) fail to verify instead of verifying
 * with a warning. Loads the stablehlo dialect. */
MLIR_CAPI_EXPORTED void stablehloContextSetStrictSpec(MlirContext ctx,
                                                      bool strict);

/* Whether, without strict spec checking, such programs verify with a warning
 * (the default) or silently, as upstream StableHLO's do. Loads the stablehlo
 * dialect. */
MLIR_CAPI_EXPORTED void
stablehloContextSetSpecDeviationWarnings(MlirContext ctx, bool warn);

/* Registers the C++ passes (stablehlo-aggressive-folder,
 * stablehlo-aggressive-simplification,
 * stablehlo-target-independent-optimization) with MLIR's pass registry, so
 * that pass pipelines parsed from text find them. Idempotent. */
MLIR_CAPI_EXPORTED void stablehloRegisterPasses(void);

/* A pass whose body is a callback (lib/Transforms/CallbackPasses.h): the
 * Python passes in MLIR's pass registry. `run` gets the operation and each
 * option's value in `options`' order (lists joined by commas) and returns
 * failure to fail the pass. `anchor` is an op name, or empty for any op.
 * Registering an argument again replaces its callback; failure if another
 * pass holds the argument. */
typedef struct {
  MlirStringRef name;
  MlirStringRef defaultValue;
  MlirStringRef description;
  bool isList;
} StablehloCallbackPassOption;
typedef MlirLogicalResult (*StablehloCallbackPassRun)(
    MlirOperation op, intptr_t nValues, const MlirStringRef *values,
    void *userData);
/* `check` (may be null) checks the options' values when a pipeline is
 * parsed; on failure it passes its message to `error`. */
typedef MlirLogicalResult (*StablehloCallbackPassCheck)(
    intptr_t nValues, const MlirStringRef *values, MlirStringCallback error,
    void *errorData, void *userData);
MLIR_CAPI_EXPORTED MlirLogicalResult stablehloRegisterCallbackPass(
    MlirStringRef argument, MlirStringRef summary, MlirStringRef anchor,
    intptr_t nOptions, const StablehloCallbackPassOption *options,
    StablehloCallbackPassRun run, StablehloCallbackPassCheck check,
    void *userData);

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Vhlo, vhlo);

/* Portable artifacts (lib/Vhlo/Serialization.h). Writes `module` (left
 * unchanged) as VHLO of version `target` in MLIR bytecode through
 * `callback`; failure after an error diagnostic on the module.
 * `allowOtherDialects`: other dialects' ops are kept, not refused. */
MLIR_CAPI_EXPORTED MlirLogicalResult stablehloSerializePortableArtifact(
    MlirModule module, MlirStringRef target, bool allowOtherDialects,
    MlirStringCallback callback, void *userData);
/* VHLO of any version -> StableHLO, in place. */
MLIR_CAPI_EXPORTED MlirLogicalResult
stablehloDeserializePortableArtifactInPlace(MlirModule module);

/* Versions ("1.2.3") through `callback`. */
MLIR_CAPI_EXPORTED void stablehloGetCurrentVersion(MlirStringCallback callback,
                                                   void *userData);
MLIR_CAPI_EXPORTED void stablehloGetMinimumVersion(MlirStringCallback callback,
                                                   void *userData);
/* NONE = 0, WEEK_4 = 1, WEEK_12 = 2, MAX = 3; failure for another value. */
MLIR_CAPI_EXPORTED MlirLogicalResult stablehloVersionFromCompatibilityRequirement(
    int requirement, MlirStringCallback callback, void *userData);
/* The smaller of two versions; failure if either is not #.#.#. */
MLIR_CAPI_EXPORTED MlirLogicalResult
stablehloGetSmallerVersion(MlirStringRef version1, MlirStringRef version2,
                           MlirStringCallback callback, void *userData);

#ifdef __cplusplus
}
#endif

#endif /* STABLEHLO_PY_CAPI_H */
