// The native call of a compiled entry (lowering/compiled.py, docs/lowering.md
// "Calling convention"): the entry's packed wrapper
// `_mlir__mlir_ciface_<entry>` takes one pointer per value to a pointer to
// its memref descriptor (MemrefDescriptor.h: allocated, aligned, offset,
// sizes[rank], strides[rank]), the arguments then the results, which the
// caller allocates.
//
// A call whose arguments are all numpy arrays of exactly the declared dtype
// and shape, C-contiguous and aligned (TOKEN for a token), is built here: its
// descriptors on the stack, its results new numpy arrays. Any other call
// returns None, and the Python side coerces the arguments (coerce_argument's
// checks and messages) and calls again. A call of ctypes objects built per
// call cost ~20 us.
#include "CompiledCall.h"

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL stablehlo_py_compiled_call_ARRAY_API
#include <numpy/arrayobject.h>

#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace nb = nanobind;

namespace {

// numpy's C API, imported once (by the first CompiledCall: numpy is loaded).
void importNumpy() {
  static bool imported = false;
  if (imported)
    return;
  if (_import_array() < 0)
    throw nb::python_error();
  imported = true;
}

// One argument or result: a token (no dtype) or a tensor of a static shape.
struct Value {
  nb::object dtype; // a numpy dtype, or None for a token
  std::vector<npy_intp> shape;
  std::vector<int64_t> strides; // in elements; zeros when empty (as numpy's)
  int64_t bytes = 1;            // a token's placeholder byte

  bool isToken() const { return dtype.is_none(); }
  PyArray_Descr *descr() const {
    return reinterpret_cast<PyArray_Descr *>(dtype.ptr());
  }
  size_t words() const { return 3 + 2 * shape.size(); }
};

Value valueOf(nb::handle spec) {
  Value value;
  if (spec.is_none()) {
    value.dtype = nb::none();
    return value;
  }
  auto [dtype, shape] =
      nb::cast<std::tuple<nb::object, std::vector<int64_t>>>(spec);
  if (!PyArray_DescrCheck(dtype.ptr()))
    throw nb::type_error("CompiledCall: a value's dtype must be a numpy dtype");
  value.dtype = dtype;
  int64_t elements = 1;
  for (int64_t size : shape)
    elements *= size;
  value.shape.assign(shape.begin(), shape.end());
  value.strides.assign(shape.size(), 0);
  if (elements) {
    int64_t stride = 1;
    for (size_t d = shape.size(); d-- > 0;) {
      value.strides[d] = stride;
      stride *= shape[d];
    }
  }
  value.bytes = elements * nb::cast<int64_t>(dtype.attr("itemsize"));
  return value;
}

// A descriptor written at `words` (3 + 2 * rank 8-byte words).
void describe(int64_t *words, void *data, const Value &value) {
  size_t rank = value.shape.size();
  words[0] = words[1] = reinterpret_cast<int64_t>(data);
  words[2] = 0;
  for (size_t d = 0; d < rank; ++d) {
    words[3 + d] = value.shape[d];
    words[3 + rank + d] = value.strides[d];
  }
}

class CompiledCall {
public:
  CompiledCall(uintptr_t address, nb::list arguments, nb::list results,
               nb::object token, nb::object resultsType, int64_t releaseBytes)
      : function(reinterpret_cast<void (*)(void **)>(address)),
        token(std::move(token)), resultsType(std::move(resultsType)) {
    importNumpy();
    for (nb::handle spec : arguments)
      values.push_back(valueOf(spec));
    argumentCount = values.size();
    for (nb::handle spec : results)
      values.push_back(valueOf(spec));
    int64_t bytes = 0;
    for (const Value &value : values) {
      words += value.words();
      bytes += value.bytes;
    }
    releaseGil = bytes >= releaseBytes;
  }

  // The results (resultsType of a list: arrays, `token` for a token), or
  // None when an argument is not one the call takes as it is.
  nb::object call(nb::handle arrays) {
    PyObject *tuple = arrays.ptr();
    if (!PyTuple_Check(tuple) ||
        PyTuple_GET_SIZE(tuple) != static_cast<Py_ssize_t>(argumentCount))
      return nb::none();
    size_t count = values.size();
    // Descriptors, then the pointers to them, then the packed arguments.
    constexpr size_t kInline = 512;
    int64_t inlineWords[kInline];
    std::unique_ptr<int64_t[]> heapWords;
    size_t needed = words + 2 * count;
    int64_t *storage = inlineWords;
    if (needed > kInline) {
      heapWords.reset(new int64_t[needed]);
      storage = heapWords.get();
    }
    void **pointers = reinterpret_cast<void **>(storage + words);
    void **packed = pointers + count;
    int8_t tokenBytes[2] = {0, 0}; // the arguments' and results' placeholders

    int64_t *next = storage;
    for (size_t i = 0; i < argumentCount; ++i) {
      const Value &value = values[i];
      PyObject *argument = PyTuple_GET_ITEM(tuple, i);
      void *data = &tokenBytes[0];
      if (value.isToken()) {
        if (argument != token.ptr())
          return nb::none();
      } else {
        if (!PyArray_CheckExact(argument))
          return nb::none();
        auto *array = reinterpret_cast<PyArrayObject *>(argument);
        PyArray_Descr *descr = PyArray_DESCR(array);
        if (descr != value.descr() && !PyArray_EquivTypes(descr, value.descr()))
          return nb::none();
        if (PyArray_NDIM(array) != static_cast<int>(value.shape.size()))
          return nb::none();
        const npy_intp *dims = PyArray_DIMS(array);
        for (size_t d = 0; d < value.shape.size(); ++d)
          if (dims[d] != value.shape[d])
            return nb::none();
        if (!PyArray_CHKFLAGS(array,
                              NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_ALIGNED))
          return nb::none();
        data = PyArray_DATA(array);
      }
      describe(next, data, value);
      pointers[i] = next;
      next += value.words();
    }

    nb::list results;
    for (size_t i = argumentCount; i < count; ++i) {
      const Value &value = values[i];
      void *data = &tokenBytes[1];
      if (value.isToken()) {
        results.append(token);
      } else {
        Py_INCREF(value.descr()); // PyArray_NewFromDescr takes a reference
        PyObject *array = PyArray_NewFromDescr(
            &PyArray_Type, value.descr(), static_cast<int>(value.shape.size()),
            const_cast<npy_intp *>(value.shape.data()), nullptr, nullptr, 0,
            nullptr);
        if (!array)
          throw nb::python_error();
        nb::object owned = nb::steal(array);
        data = PyArray_DATA(reinterpret_cast<PyArrayObject *>(array));
        results.append(owned);
      }
      describe(next, data, value);
      pointers[i] = next;
      next += value.words();
    }
    for (size_t i = 0; i < count; ++i)
      packed[i] = &pointers[i];

    // Large calls let other Python threads run meanwhile: the runtime's ops
    // are ctypes callbacks, which take the GIL themselves. Small ones keep it
    // (releasing costs more than they run, and getting it back may wait).
    if (releaseGil) {
      nb::gil_scoped_release release;
      function(packed);
    } else {
      function(packed);
    }
    return resultsType(results);
  }

private:
  void (*function)(void **);
  nb::object token;
  nb::object resultsType;
  std::vector<Value> values; // the arguments, then the results
  size_t argumentCount = 0;
  size_t words = 0; // of every descriptor
  bool releaseGil = false;
};

} // namespace

void registerCompiledCall(nb::module_ &m) {
  nb::class_<CompiledCall>(
      m, "CompiledCall",
      "A compiled entry's call on numpy arrays (lowering/compiled.py).")
      .def(nb::init<uintptr_t, nb::list, nb::list, nb::object, nb::object,
                    int64_t>(),
           nb::arg("address"), nb::arg("arguments"), nb::arg("results"),
           nb::arg("token"), nb::arg("results_type"),
           nb::arg("release_gil_bytes"),
           "`address`: the entry's packed wrapper; `arguments`, `results`: "
           "(numpy dtype, shape) each, None for a token; `token`: the token "
           "value; `results_type`: called with the list of results; the GIL "
           "is released while the code runs when the values' bytes are at "
           "least `release_gil_bytes`.")
      .def("__call__", &CompiledCall::call, nb::arg("arrays"),
           "The results of the entry on the tuple `arrays`, or None when an "
           "argument is not a C-contiguous, aligned array of exactly its "
           "dtype and shape (or the token).");
}
