// The nanobind extension `stablehlo_py._stablehlo`. It reaches MLIR only
// through the C API and the upstream casters, so it shares the one MLIR
// instance of the upstream `mlir` Python package.
#include "CAPI/StablehloCAPI.h"
#include "CompiledCall.h"
#include "ObjectLoaderBindings.h"
#include "OutlineLoop.h"
#include "Runtime/NativeKernels.h"
#include "Runtime/NumpyLoops.h"

#include "mlir-c/Diagnostics.h"
#include "mlir/Bindings/Python/Nanobind.h"
#include "mlir/Bindings/Python/NanobindAdaptors.h"

#include <string>
#include <tuple>
#include <vector>

namespace nb = nanobind;
using namespace mlir::python::nanobind_adaptors;

static nb::object attributeOrNone(MlirAttribute attr) {
  if (mlirAttributeIsNull(attr))
    return nb::none();
  return nb::cast(attr);
}

static std::string toString(MlirStringRef ref) {
  return std::string(ref.data, ref.length);
}

// A Python pass's callables (registry.py), kept for the life of the process
// as MLIR's registry keeps the pass.
struct PythonPass {
  nb::object run;
  nb::object check;
};

static nb::list optionList(intptr_t nValues, const MlirStringRef *values) {
  nb::list options;
  for (intptr_t i = 0; i < nValues; ++i)
    options.append(nb::str(values[i].data, values[i].length));
  return options;
}

// A Python pass in MLIR's registry, called by the pass manager. Upstream's
// PassManager.run keeps the GIL while MLIR waits for its threads, so a
// pass nested on a worker thread can never take it: it fails with a message
// instead of waiting forever (register_dialects turns multithreading off for
// this reason). No exception may cross back into MLIR's frames.
static MlirLogicalResult runPythonPass(MlirOperation op, intptr_t nValues,
                                       const MlirStringRef *values,
                                       void *userData) {
  if (!PyGILState_Check()) {
    mlirEmitError(mlirOperationGetLocation(op),
                  "a Python pass runs only on the thread running the pass "
                  "manager, and this context runs nested passes on several "
                  "threads: call context.enable_multithreading(False)");
    return mlirLogicalResultFailure();
  }
  nb::gil_scoped_acquire gil;
  auto *pass = static_cast<PythonPass *>(userData);
  try {
    if (nb::cast<bool>(pass->run(op, optionList(nValues, values))))
      return mlirLogicalResultSuccess();
  } catch (const std::exception &e) {
    mlirEmitError(mlirOperationGetLocation(op), e.what());
  }
  return mlirLogicalResultFailure();
}

// Checks a Python pass's options when a pipeline is parsed, on the parsing
// thread (which holds the GIL): `check(values)` returns an error message, or
// None when they are fine.
static MlirLogicalResult checkPythonPass(intptr_t nValues,
                                         const MlirStringRef *values,
                                         MlirStringCallback error,
                                         void *errorData, void *userData) {
  nb::gil_scoped_acquire gil;
  auto *pass = static_cast<PythonPass *>(userData);
  std::string message;
  try {
    nb::object problem = pass->check(optionList(nValues, values));
    if (problem.is_none())
      return mlirLogicalResultSuccess();
    message = nb::cast<std::string>(nb::str(problem));
  } catch (const std::exception &e) {
    message = e.what();
  }
  error(mlirStringRefCreate(message.data(), message.size()), errorData);
  return mlirLogicalResultFailure();
}

NB_MODULE(_stablehlo, m) {
  m.doc() = "Native part of stablehlo_py: dialect registration and "
            "attribute/type accessors.";
  // The C++ passes join MLIR's pass registry as soon as the package loads,
  // so PassManager.parse finds them in any pipeline.
  stablehloRegisterPasses();

  m.def(
      "register_dialects",
      [](MlirContext context, bool load) {
        for (MlirDialectHandle handle : {mlirGetDialectHandle__stablehlo__(),
                                         mlirGetDialectHandle__check__(),
                                         mlirGetDialectHandle__chlo__(),
                                         mlirGetDialectHandle__interpreter__(),
                                         mlirGetDialectHandle__sdy__()}) {
          mlirDialectHandleRegisterDialect(handle, context);
          if (load)
            mlirDialectHandleLoadDialect(handle, context);
        }
        // Registered only: loading it costs every context its 145 ops, and
        // it loads itself when an artifact or VHLO text names it.
        mlirDialectHandleRegisterDialect(mlirGetDialectHandle__vhlo__(),
                                         context);
        // The Python passes cannot run on MLIR's worker threads (see
        // runPythonPass).
        mlirContextEnableMultithreading(context, false);
      },
      nb::arg("context").none() = nb::none(), nb::arg("load") = true,
      "Registers (and by default loads) the stablehlo, check, chlo, "
      "interpreter and sdy dialects, and registers vhlo. Turns the context's "
      "multithreading off: the Python passes run on the calling thread.");

  m.def(
      "native_kernels",
      []() {
        nb::dict kernels;
        int64_t count = 0;
        const StablehloPyNativeKernel *table =
            stablehlo_py_native_kernels(&count);
        for (int64_t i = 0; i < count; ++i)
          kernels[table[i].name] = reinterpret_cast<uintptr_t>(table[i].address);
        return kernels;
      },
      "What the compiled code calls natively: symbol -> address "
      "(lib/Runtime/NativeKernels.h).");
  m.def(
      "blas_kernels",
      []() {
        nb::list symbols;
        int64_t count = 0;
        const StablehloPyNativeKernel *table =
            stablehlo_py_native_kernels(&count);
        for (int64_t i = 0; i < count; ++i)
          if (table[i].callsBlas)
            symbols.append(table[i].name);
        return symbols;
      },
      "The symbols of native_kernels() that call numpy's BLAS (a program "
      "declaring one runs with BLAS on one thread).");
  m.def(
      "set_gemm",
      [](uintptr_t f32, uintptr_t f64) {
        stablehlo_py_set_gemm(reinterpret_cast<void *>(f32),
                              reinterpret_cast<void *>(f64));
      },
      nb::arg("f32"), nb::arg("f64"),
      "The CBLAS sgemm and dgemm (64-bit integers) the gemm kernels call; "
      "0: plain loops.");
  m.def(
      "matmul_index_order",
      [](int64_t elementBytes, uintptr_t a, uintptr_t b, uintptr_t c,
         const std::vector<int64_t> &sizes,
         const std::vector<int64_t> &strides) {
        if ((elementBytes != 4 && elementBytes != 8) || sizes.size() != 4 ||
            strides.size() != 9)
          throw nb::value_error("matmul_index_order: element size 4 or 8, "
                                "4 sizes and 9 strides");
        nb::gil_scoped_release released;
        stablehlo_py_matmul_index_order(
            elementBytes, reinterpret_cast<const void *>(a),
            reinterpret_cast<const void *>(b), reinterpret_cast<void *>(c),
            sizes.data(), strides.data());
      },
      nb::arg("element_bytes"), nb::arg("a"), nb::arg("b"), nb::arg("c"),
      nb::arg("sizes"), nb::arg("strides"),
      "C[b] = A[b] x B[b] summed in index order, products rounded "
      "(lib/Runtime/NativeKernels.h): addresses of f32 (4) or f64 (8) "
      "buffers, sizes [batches, M, N, K], strides in elements (batch, row, "
      "column of A, B, C). The interpreter's _matmul calls it.");

  m.def(
      "numpy_loops",
      []() {
        auto names = [](auto &table) {
          nb::list list;
          for (const char *name : table)
            list.append(name);
          return list;
        };
        nb::dict slots;
        slots["unary"] = nb::make_tuple(0, names(kNumpyUnaryLoops));
        slots["reduce"] = nb::make_tuple(kNumpyReduceSlot, names(kNumpyReduceLoops));
        slots["blas"] = nb::make_tuple(kNumpyBlasSlot, names(kNumpyBlasFunctions));
        return slots;
      },
      "The slots of the numpy-loop kernels (lib/Runtime/NumpyLoops.h): "
      "'unary', 'reduce' (ufunc names) and 'blas' (CBLAS function names), "
      "each (first slot, names in slot order).");
  m.def(
      "set_numpy_loop",
      [](int64_t slot, uintptr_t loop, uintptr_t data) {
        stablehlo_py_set_numpy_loop(slot, reinterpret_cast<void *>(loop),
                                    reinterpret_cast<void *>(data));
      },
      nb::arg("slot"), nb::arg("loop"), nb::arg("data"),
      "Sets a slot's numpy inner loop (PyUFuncGenericFunction) and its data.");
  registerCompiledCall(m);
  registerObjectLoader(m);
  registerOutlineLoop(m);

  m.def(
      "register_python_pass",
      [](const std::string &argument, const std::string &summary,
         const std::string &anchor,
         const std::vector<std::tuple<std::string, std::string, std::string,
                                      bool>> &options,
         nb::callable run, nb::callable check) {
        std::vector<StablehloCallbackPassOption> described;
        for (const auto &[name, value, description, isList] : options)
          described.push_back({mlirStringRefCreate(name.data(), name.size()),
                               mlirStringRefCreate(value.data(), value.size()),
                               mlirStringRefCreate(description.data(),
                                                   description.size()),
                               isList});
        auto *held = new PythonPass{run, check};
        if (mlirLogicalResultIsFailure(stablehloRegisterCallbackPass(
                mlirStringRefCreate(argument.data(), argument.size()),
                mlirStringRefCreate(summary.data(), summary.size()),
                mlirStringRefCreate(anchor.data(), anchor.size()),
                described.size(), described.data(), runPythonPass,
                checkPythonPass, held))) {
          delete held;
          throw nb::value_error(
              ("cannot register pass '" + argument +
               "': the name is empty or another pass holds it")
                  .c_str());
        }
      },
      nb::arg("argument"), nb::arg("summary"), nb::arg("anchor"),
      nb::arg("options"), nb::arg("run"), nb::arg("check"),
      "Registers a Python pass in MLIR's pass registry. `options`: (name, "
      "default, description, is_list) each. `check(values)` gets the "
      "options' values as strings when a pipeline is parsed and returns an "
      "error message or None; `run(op, values)` runs the pass and returns "
      "True on success. `anchor`: an op name, or '' for any op.");

  mlir_type_subclass(m, "TokenType", stablehloTypeIsAToken)
      .def_classmethod(
          "get",
          [](nb::object cls, MlirContext context) {
            return cls(stablehloTokenTypeGet(context));
          },
          nb::arg("cls"), nb::arg("context").none() = nb::none(),
          "!stablehlo.token");

  m.def(
      "attribute_mnemonic",
      [](MlirAttribute attr) {
        return toString(stablehloAttributeGetMnemonic(attr));
      },
      nb::arg("attribute"),
      "Mnemonic of a structured stablehlo attribute ('dot', 'gather', ...), "
      "or '' for any other attribute.");
  m.def(
      "attribute_fields",
      [](MlirAttribute attr) {
        return attributeOrNone(stablehloAttributeGetFields(attr));
      },
      nb::arg("attribute"),
      "The fields of a structured stablehlo attribute as a DictAttr.");
  m.def(
      "attribute_from_fields",
      [](const std::string &mnemonic, MlirAttribute fields,
         MlirContext context) {
        return attributeOrNone(stablehloAttributeFromFields(
            context, mlirStringRefCreate(mnemonic.data(), mnemonic.size()),
            fields));
      },
      nb::arg("mnemonic"), nb::arg("fields"),
      nb::arg("context").none() = nb::none(),
      "Builds a structured stablehlo attribute from a DictAttr of fields.");

  m.def(
      "enum_attribute_kind",
      [](MlirAttribute attr) {
        return toString(stablehloEnumAttributeGetKind(attr));
      },
      nb::arg("attribute"));
  m.def(
      "enum_attribute_value",
      [](MlirAttribute attr) {
        return toString(stablehloEnumAttributeGetValue(attr));
      },
      nb::arg("attribute"));
  m.def(
      "enum_attribute_get",
      [](const std::string &kind, const std::string &value,
         MlirContext context) {
        return attributeOrNone(stablehloEnumAttributeGet(
            context, mlirStringRefCreate(kind.data(), kind.size()),
            mlirStringRefCreate(value.data(), value.size())));
      },
      nb::arg("kind"), nb::arg("value"),
      nb::arg("context").none() = nb::none());

  m.def(
      "upgrade_program_text",
      [](const std::string &text) {
        return toString(stablehloUpgradeProgramText(
            mlirStringRefCreate(text.data(), text.size())));
      },
      nb::arg("text"),
      "Program text with the upgrades stablehlo-opt applies before parsing "
      "(hex i1 literals written one byte per element, as jaxlib prints them).");
  m.def(
      "dense_elements_raw",
      [](MlirOperation op, const std::string &name) -> nb::object {
        const char *data;
        size_t size;
        bool isSplat;
        if (!stablehloOperationGetDenseElementsRawData(
                op, mlirStringRefCreate(name.data(), name.size()), &data,
                &size, &isSplat))
          return nb::none();
        return nb::make_tuple(nb::bytes(data, size), isSplat);
      },
      nb::arg("operation"), nb::arg("name"),
      "(raw storage bytes, is_splat) of a dense elements attribute of an "
      "op, or None. Reaches every element type, complex included, without "
      "going through the attribute's Python class.");
  m.def(
      "future_types",
      [](MlirType type) -> nb::object {
        intptr_t count = stablehloFutureTypeGetNumTypes(type);
        if (count < 0)
          return nb::none();
        nb::list types;
        for (intptr_t i = 0; i < count; ++i)
          types.append(stablehloFutureTypeGetType(type, i));
        return types;
      },
      nb::arg("type"),
      "The tensor types of a !stablehlo.future<...>, or None for any other "
      "type.");
  m.def(
      "future_type_get",
      [](const std::vector<MlirType> &types, MlirContext context) -> nb::object {
        MlirType type =
            stablehloFutureTypeGet(context, types.size(), types.data());
        return mlirTypeIsNull(type) ? nb::none() : nb::cast(type);
      },
      nb::arg("types"), nb::arg("context").none() = nb::none(),
      "!stablehlo.future<types...> (no types: !stablehlo.future<>), or None "
      "after an error diagnostic if a type is not a ranked tensor.");
  m.def(
      "dense_resource_raw",
      [](MlirOperation op, const std::string &name) -> nb::object {
        const char *data;
        size_t size;
        if (!stablehloOperationGetDenseResourceData(
                op, mlirStringRefCreate(name.data(), name.size()), &data,
                &size))
          return nb::none();
        if (!data)
          return nb::make_tuple(nb::none());
        return nb::make_tuple(nb::bytes(data, size));
      },
      nb::arg("operation"), nb::arg("name"),
      "None unless attribute `name` of the op is a dense_resource elements "
      "attribute; then a 1-tuple of its blob's bytes (elements in native "
      "layout, one byte per i1), or of None when the blob is missing.");
  m.def(
      "set_strict_spec",
      [](MlirContext ctx, bool strict) {
        stablehloContextSetStrictSpec(ctx, strict);
      },
      nb::arg("context"), nb::arg("strict"),
      "Strict spec checking in the context: programs the spec rejects but "
      "upstream StableHLO accepts fail to verify, instead of verifying with a "
      "warning.");
  m.def(
      "set_spec_deviation_warnings",
      [](MlirContext ctx, bool warn) {
        stablehloContextSetSpecDeviationWarnings(ctx, warn);
      },
      nb::arg("context"), nb::arg("warn"),
      "Whether programs the spec rejects but upstream StableHLO accepts "
      "verify with a warning (the default) or silently, as upstream's do "
      "(unless strict spec checking makes them errors).");
  m.def(
      "has_own_memory_effects",
      [](MlirOperation op) { return stablehloOperationHasOwnMemoryEffects(op); },
      nb::arg("operation"),
      "Whether the op has memory effects of its own, as its definition "
      "declares them (an op with recursive effects has none of its own; one "
      "that declares nothing may have any).");
  m.def(
      "bounds_value",
      [](MlirAttribute attr) -> nb::object {
        if (!stablehloAttributeIsABounds(attr))
          return nb::none();
        nb::list bounds;
        for (intptr_t i = 0, e = stablehloBoundsGetSize(attr); i < e; ++i) {
          int64_t bound = stablehloBoundsGetElement(attr, i);
          if (bound == INT64_MIN)
            bounds.append(nb::none());
          else
            bounds.append(nb::int_(bound));
        }
        return bounds;
      },
      nb::arg("attribute"),
      "Bounds of #stablehlo.bounds (None for '?'), or None.");
  m.def(
      "bounds_get",
      [](const std::vector<std::optional<int64_t>> &bounds,
         MlirContext context) {
        std::vector<int64_t> values;
        for (const auto &bound : bounds)
          values.push_back(bound ? *bound : INT64_MIN);
        return stablehloBoundsGet(context, values.size(), values.data());
      },
      nb::arg("bounds"), nb::arg("context").none() = nb::none());

  // Portable artifacts and versions (lib/Vhlo/).
  auto appendTo = [](MlirStringRef part, void *userData) {
    static_cast<std::string *>(userData)->append(part.data, part.length);
  };
  m.def(
      "serialize_portable_artifact",
      [appendTo](MlirModule module, const std::string &target,
                 bool allowOtherDialects) -> nb::bytes {
        std::string bytes;
        if (mlirLogicalResultIsFailure(stablehloSerializePortableArtifact(
                module, mlirStringRefCreate(target.data(), target.size()),
                allowOtherDialects, appendTo, &bytes)))
          throw nb::value_error("the module has no portable artifact of that "
                                "version (the diagnostics say why)");
        return nb::bytes(bytes.data(), bytes.size());
      },
      nb::arg("module"), nb::arg("target"),
      nb::arg("allow_other_dialects") = false,
      "The module (unchanged) as a portable artifact of version `target`.");
  m.def("get_current_version", [appendTo]() {
    std::string version;
    stablehloGetCurrentVersion(appendTo, &version);
    return version;
  });
  m.def("get_minimum_version", [appendTo]() {
    std::string version;
    stablehloGetMinimumVersion(appendTo, &version);
    return version;
  });
  m.def(
      "version_from_compatibility_requirement",
      [appendTo](int requirement) -> nb::object {
        std::string version;
        if (mlirLogicalResultIsFailure(
                stablehloVersionFromCompatibilityRequirement(requirement,
                                                             appendTo, &version)))
          return nb::none();
        return nb::str(version.c_str());
      },
      nb::arg("requirement"));
  m.def(
      "get_smaller_version",
      [appendTo](const std::string &a, const std::string &b) -> nb::object {
        std::string version;
        if (mlirLogicalResultIsFailure(stablehloGetSmallerVersion(
                mlirStringRefCreate(a.data(), a.size()),
                mlirStringRefCreate(b.data(), b.size()), appendTo, &version)))
          return nb::none();
        return nb::str(version.c_str());
      },
      nb::arg("version1"), nb::arg("version2"));
}
