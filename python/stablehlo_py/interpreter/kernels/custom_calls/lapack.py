"""JAX's CPU custom-call targets: LAPACK (and one tridiagonal solver) on numpy arrays.

On CPU, jnp.linalg and jax.scipy.linalg lower their factorizations to
`stablehlo.custom_call @lapack_<t><routine>_ffi` (t = s, d, c, z for f32, f64,
complex64, complex128), which XLA runs through its FFI with LAPACK. These
kernels compute what those calls compute, through scipy's LAPACK wrappers
(`scipy.linalg.lapack`, `scipy.linalg.blas`: on most installations the very
LAPACK that jaxlib itself loads from scipy), so results agree with XLA up to
rounding. docs/custom_calls.md lists every target with its operands, results
and attributes.

Conventions shared by every target (XLA's FFI, as JAX's lowering uses it):

- Layouts: the FFI kernel reads each batch element of a buffer as a column-major
  matrix (rows = the second-to-last dimension) and vectors as contiguous.
  JAX's calls carry `operand_layouts`/`result_layouts` that store matrices
  exactly so (minor-to-major `[r-2, r-1, r-3, ..., 0]`), making the routine's
  matrix the logical `tensor<...xMxN>`. Other layouts (absent: XLA's default,
  row-major) make LAPACK see the buffer reinterpreted, as in XLA: a row-major
  square matrix is factored as its transpose. The kernels reproduce that
  (`_relayout`), so hand-written calls agree with XLA too.
- Leading dimensions are batch dimensions (`mhlo.frontend_attributes =
  {num_batch_dims = "k"}`): each batch element is one LAPACK call, in row-major
  order of the batch index; per-element outputs (`info`, pivots, ...) keep
  the batch shape.
- Character options are `ui8` codes in the `mhlo.backend_config` dictionary:
  uplo 'L'/'U', side 'L'/'R', trans_x 'N'/'T'/'C', diag 'N'/'U', jobz-like
  `mode` 'A'/'S'/'N'/'V', `compute_left`/`compute_right` 'N'/'V', `sort` 'N'.
- `info` is int32, LAPACK's value: 0 on success, > 0 where the routine says
  the input was singular, indefinite or did not converge, < 0 for a bad
  argument (geev: -4 for a non-finite input, which it does not factor).
  JAX replaces the outputs of a failed call with NaN after the call; the
  kernels return LAPACK's outputs (zeros where LAPACK writes nothing).
- Pivots are LAPACK's: 1-based int32 (getrf's ipiv, geqp3's jpvt).
- An output that aliases an input (`output_operand_aliases`) holds what LAPACK
  leaves in that array: the packed factors, or the destroyed input.
"""

from __future__ import annotations

import re

import numpy as np

from ...core.errors import InterpreterError
from ...core.registry import Kernel, register_custom_call_targets

__all__ = ["LAPACK_TARGETS", "backend_config"]

_DTYPES = {"s": np.dtype(np.float32), "d": np.dtype(np.float64),
           "c": np.dtype(np.complex64), "z": np.dtype(np.complex128)}
_REAL_ONLY = ("orgqr", "ormqr", "syevd", "sytrd")
_COMPLEX_ONLY = ("ungqr", "unmqr", "heevd", "hetrd")
_BOTH = ("getrf", "geqrf", "geqp3", "potrf", "trsm", "gesdd", "gesvd", "geev", "gees", "gehrd", "gtsv")
_TARGET = re.compile(r"^lapack_([sdcz])([a-z0-9]+)_ffi$")
INT32 = np.dtype(np.int32)


def _names(*routines: str, real: bool = True, complex_: bool = True) -> tuple:
    prefixes = ("s", "d") * real + ("c", "z") * complex_
    return tuple(f"lapack_{p}{r}_ffi" for r in routines for p in prefixes)


LAPACK_TARGETS = tuple(sorted(_names(*_BOTH) + _names(*_REAL_ONLY, complex_=False)
                              + _names(*_COMPLEX_ONLY, real=False) + ("tridiagonal_solve_perturbed_ffi",)))


def backend_config(op) -> dict:
    """The call's `mhlo.backend_config` dictionary as plain values (ui8 and i32 as int, bool as
    bool); {} when absent or when it is the string form."""
    import mlir.ir as ir

    from ...core.attributes import decode

    value = op.attrs.get("mhlo.backend_config")
    if not isinstance(value, ir.DictAttr):
        return {}
    return {named.name: decode(named.attr) for named in value}


class _Call:
    """One LAPACK custom call as its factory reads it: element type, options, operand checks."""

    def __init__(self, op, operands: int, results: int, matrices=((0,), (0,)), *, alpha_ok: bool = False):
        self.target = target = op.attrs["call_target_name"]
        match = _TARGET.match(target)
        self.dtype = _DTYPES[match[1]] if match else None
        self.routine = match[2] if match else target
        self.config = backend_config(op)
        got = op.num_operands
        if got != operands and not (alpha_ok and got == operands + 1):
            self.fail(f"takes {operands} operands, got {got}")
        if op.num_results != results:
            self.fail(f"has {results} results, got {op.num_results}")
        for i, spec in enumerate(op.operand_specs):
            if getattr(spec, "is_token", False) or not hasattr(spec, "shape"):
                self.fail(f"operand {i} must be a tensor, got {spec.text}")
        self.operand_specs = op.operand_specs
        self.result_specs = op.result_specs
        if self.dtype is not None and op.operand_specs[0].dtype != self.dtype:
            self.fail(f"operand 0 must have element type {self.dtype}, got {op.operand_specs[0].text}")
        self.layouts(op, *matrices)

    def layouts(self, op, operand_matrices, result_matrices) -> None:
        """The operand and result layouts (minor-to-major tuples; None where the kernel reads the value
        as stored), absent ones as XLA's default (row-major). `*_matrices`: the indices of the
        values that are (batches of) matrices, the others being (batches of) vectors or scalars."""
        import mlir.ir as ir

        from ...core.attributes import decode

        def read(name, specs, matrices):
            attr = op.attrs.get(name)
            given = [decode(item) for item in attr] if isinstance(attr, ir.ArrayAttr) else None
            if given is not None and len(given) != len(specs):
                self.fail(f"{name} has {len(given)} layouts for {len(specs)} values")
            out = []
            for i, spec in enumerate(specs):
                rank = len(spec.shape)
                layout = tuple(given[i]) if given is not None else tuple(range(rank - 1, -1, -1))
                if sorted(layout) != list(range(rank)):
                    self.fail(f"{name}[{i}] = {list(layout)} is not a permutation of the dimensions of {spec.text}")
                canonical = _lapack_layout(rank, i in matrices)
                out.append(None if layout == canonical else (layout, canonical))
            return out

        self.operand_layouts = read("operand_layouts", self.operand_specs, operand_matrices)
        self.result_layouts = read("result_layouts", self.result_specs, result_matrices)

    def kernel(self, run) -> Kernel:
        """The Kernel of `run` (operands in LAPACK's view -> results in LAPACK's view), with the
        buffers reinterpreted where the call's layouts are not the ones LAPACK reads."""
        ins, outs = self.operand_layouts, self.result_layouts
        if not any(ins) and not any(outs):
            return Kernel(run)

        def relaid(*operands):
            operands = [a if layout is None else _relayout(a, *layout) for a, layout in zip(operands, ins)]
            results = run(*operands)
            return [r if layout is None else _relayout(r, layout[1], layout[0]) for r, layout in zip(results, outs)]

        return Kernel(relaid)

    def fail(self, message: str):
        raise InterpreterError(f"custom_call @{self.target}: {message}")

    def char(self, name: str, allowed: str, default: str | None = None) -> str:
        """Option `name` of mhlo.backend_config, a ui8 character code, checked against `allowed`."""
        code = self.config.get(name)
        if code is None:
            if default is None:
                self.fail(f"missing mhlo.backend_config option '{name}'")
            return default
        if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < 256:
            self.fail(f"mhlo.backend_config option '{name}' must be a ui8 character code, got {code!r}")
        letter = chr(code)
        if letter not in allowed:
            self.fail(f"mhlo.backend_config option '{name}' = {code} ('{letter}') is not one of "
                      + ", ".join(f"'{c}'" for c in allowed))
        return letter

    def integer(self, name: str) -> int:
        value = self.config.get(name)
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(f"mhlo.backend_config option '{name}' must be an integer, got {value!r}")
        return value

    def boolean(self, name: str) -> bool:
        value = self.config.get(name)
        if not isinstance(value, bool):
            self.fail(f"mhlo.backend_config option '{name}' must be a bool, got {value!r}")
        return value

    def matrix(self, shape, what: str = "operand 0", square: bool = False) -> tuple:
        """(batch shape, m, n) of a matrix operand of `shape`, checked at run time."""
        if len(shape) < 2:
            self.fail(f"{what} must be a (batch of) matrices, got shape {tuple(shape)}")
        m, n = shape[-2:]
        if square and m != n:
            self.fail(f"{what} must be square, got shape {tuple(shape)}")
        return tuple(shape[:-2]), m, n

    def same_batch(self, batch: tuple, shape, trailing: int, what: str) -> None:
        if tuple(shape[:len(shape) - trailing]) != batch or len(shape) != len(batch) + trailing:
            self.fail(f"{what} of shape {tuple(shape)} does not match the batch shape {batch}")

    def lapack(self, name: str | None = None):
        from scipy.linalg import lapack

        return getattr(lapack, _prefix(self.dtype) + (name or self.routine))


def _lapack_layout(rank: int, matrix: bool) -> tuple:
    """The minor-to-major layout in which the FFI kernels read a value: each batch element of a
    matrix column-major, batch elements (and vectors) in row-major order."""
    if rank < 2 or not matrix:
        return tuple(range(rank - 1, -1, -1))
    return (rank - 2, rank - 1) + tuple(range(rank - 3, -1, -1))


def _relayout(a: np.ndarray, source: tuple, target: tuple) -> np.ndarray:
    """The array whose buffer in layout `target` is `a`'s buffer in layout `source` (minor-to-major
    lists): what a kernel reading with `target` sees of a value stored with `source`."""
    buffer = np.transpose(a, source[::-1]).reshape(-1)
    physical = [a.shape[d] for d in target[::-1]]
    return np.ascontiguousarray(buffer.reshape(physical).transpose(np.argsort(target[::-1])))


def _prefix(dtype) -> str:
    return {v: k for k, v in _DTYPES.items()}[np.dtype(dtype)]


def _real(dtype) -> np.dtype:
    return np.dtype(np.float32) if np.dtype(dtype) in (np.float32, np.complex64) else np.dtype(np.float64)


def _complex(dtype) -> np.dtype:
    return np.dtype(np.complex64) if np.dtype(dtype) in (np.float32, np.complex64) else np.dtype(np.complex128)


def _fortran(a) -> np.ndarray:
    """A writable column-major copy of `a` (LAPACK overwrites it in place)."""
    return np.array(a, order="F", copy=True)


def _run_batched(batch: tuple, one, operands: list, outputs: list) -> list:
    """Call `one(*matrices)` on each batch element of `operands`, writing its results (None: leave
    as is) into `outputs`, arrays of shape batch + the per-element shape."""
    for index in np.ndindex(*batch):
        results = one(*(op[index] for op in operands))
        for out, value in zip(outputs, results):
            if value is not None:
                out[index] = value
    return outputs


def _info(batch: tuple) -> np.ndarray:
    return np.zeros(batch, INT32)


# ---------------------------------------------------------------------------
# Factorizations and solves


@register_custom_call_targets(*_names("getrf"))
def _getrf(op):
    """LU with partial pivoting: (a[..., m, n]) -> (lu, ipiv[..., min(m, n)] 1-based, info)."""
    call = _Call(op, 1, 3)
    getrf = call.lapack()

    def one(a):
        if a.size == 0:
            return None, None, 0
        lu, piv, info = getrf(_fortran(a), overwrite_a=1)
        return lu, piv + 1, info  # scipy hands back 0-based pivots; LAPACK's are 1-based

    def run(a):
        batch, m, n = call.matrix(a.shape)
        outputs = [np.zeros(a.shape, a.dtype), np.zeros(batch + (min(m, n),), INT32), _info(batch)]
        return _run_batched(batch, one, [a], outputs)

    return call.kernel(run)


@register_custom_call_targets(*_names("geqrf"))
def _geqrf(op):
    """Householder QR: (a[..., m, n]) -> (packed R and reflectors, tau[..., min(m, n)])."""
    call = _Call(op, 1, 2)
    geqrf = call.lapack()

    def one(a):
        if a.size == 0:
            return None, None
        qr, tau, _, _ = geqrf(_fortran(a), overwrite_a=1)
        return qr, tau

    def run(a):
        batch, m, n = call.matrix(a.shape)
        return _run_batched(batch, one, [a], [np.zeros(a.shape, a.dtype), np.zeros(batch + (min(m, n),), a.dtype)])

    return call.kernel(run)


@register_custom_call_targets(*_names("geqp3"))
def _geqp3(op):
    """QR with column pivoting: (a[..., m, n], jpvt[..., n] i32) -> (packed QR, jpvt 1-based, tau).
    Only free columns (jpvt all zero on entry, as JAX passes it) are supported."""
    call = _Call(op, 2, 3)
    geqp3 = call.lapack()

    def one(a, jpvt):
        if np.any(jpvt != 0):
            call.fail("columns fixed in place (a nonzero jpvt on entry) are not supported")
        if a.size == 0:
            return None, np.arange(1, a.shape[1] + 1, dtype=INT32), None
        qr, piv, tau, _, _ = geqp3(_fortran(a), overwrite_a=1)
        return qr, piv, tau

    def run(a, jpvt):
        batch, m, n = call.matrix(a.shape)
        call.same_batch(batch, jpvt.shape, 1, "jpvt")
        if jpvt.shape[-1] != n or jpvt.dtype != INT32:
            call.fail(f"jpvt must be int32 of length {n}, got {jpvt.dtype} {jpvt.shape}")
        outputs = [np.zeros(a.shape, a.dtype), np.zeros(jpvt.shape, INT32), np.zeros(batch + (min(m, n),), a.dtype)]
        return _run_batched(batch, one, [a, jpvt], outputs)

    return call.kernel(run)


@register_custom_call_targets(*_names("orgqr", complex_=False), *_names("ungqr", real=False))
def _orgqr(op):
    """Q of a QR factorization: (a[..., m, n] packed reflectors, tau[..., k]) -> q[..., m, n],
    the first n columns of H(1) H(2) ... H(k) (m >= n >= k)."""
    call = _Call(op, 2, 1)
    orgqr = call.lapack()

    def one(a, tau):
        if a.size == 0:
            return (None,)
        q, _, info = orgqr(_fortran(a), tau, overwrite_a=1)
        return (q,)

    def run(a, tau):
        batch, m, n = call.matrix(a.shape)
        call.same_batch(batch, tau.shape, 1, "tau")
        if not m >= n >= tau.shape[-1]:
            call.fail(f"needs m >= n >= k, got a of shape {a.shape} and {tau.shape[-1]} reflectors")
        return _run_batched(batch, one, [a, tau], [np.zeros(a.shape, a.dtype)])

    return call.kernel(run)


@register_custom_call_targets(*_names("ormqr", complex_=False), *_names("unmqr", real=False))
def _ormqr(op):
    """Apply Q of a QR factorization: (a[..., r, n] reflectors, tau[..., k], c[..., p, q]) with
    bool options left, transpose -> Q c, Q^H c, c Q or c Q^H (r = p when left, q otherwise)."""
    call = _Call(op, 3, 1, ((0, 2), (0,)))
    ormqr = call.lapack()
    left, transpose = call.boolean("left"), call.boolean("transpose")
    side = b"L" if left else b"R"
    trans = (b"C" if call.dtype.kind == "c" else b"T") if transpose else b"N"

    def one(a, tau, c):
        k = tau.shape[-1]
        if c.size == 0 or k == 0:
            return (c,)
        a = _fortran(a[:, :k])
        work = ormqr(side, trans, a, tau, c, -1)[1]  # workspace query
        lwork = max(1, int(np.real(work[0])))
        cq, _, info = ormqr(side, trans, a, tau, _fortran(c), lwork, overwrite_c=1)
        return (cq,)

    def run(a, tau, c):
        batch, r, n = call.matrix(a.shape)
        call.same_batch(batch, tau.shape, 1, "tau")
        call.same_batch(batch, c.shape, 2, "c")
        rows = c.shape[-2] if left else c.shape[-1]
        if r != rows or tau.shape[-1] > min(r, n):
            call.fail(f"reflectors of shape {a.shape} ({tau.shape[-1]} of them) do not apply to c of shape {c.shape}")
        return _run_batched(batch, one, [a, tau, c], [np.zeros(c.shape, c.dtype)])

    return call.kernel(run)


@register_custom_call_targets(*_names("potrf"))
def _potrf(op):
    """Cholesky: (a[..., n, n]) uplo -> (factor in the uplo triangle, the other triangle as given;
    info > 0 where a is not positive definite: the leading minor of that order is not)."""
    call = _Call(op, 1, 2)
    lower = call.char("uplo", "LU") == "L"
    potrf = call.lapack()

    def one(a):
        if a.size == 0:
            return None, 0
        c, info = potrf(_fortran(a), lower=lower, clean=0, overwrite_a=1)
        return c, info

    def run(a):
        batch, _, _ = call.matrix(a.shape, square=True)
        return _run_batched(batch, one, [a], [np.zeros(a.shape, a.dtype), _info(batch)])

    return call.kernel(run)


@register_custom_call_targets(*_names("trsm"))
def _trsm(op):
    """Triangular solve: (a[..., k, k], b[..., m, n]) side, uplo, trans_x, diag -> x with
    op(a) x = b (side 'L', k = m) or x op(a) = b (side 'R', k = n); op is a, a^T or a^H. An older
    form passes alpha as a third, rank-0 operand (x solves for alpha b)."""
    call = _Call(op, 2, 1, ((0, 1), (0,)), alpha_ok=True)
    right = call.char("side", "LR") == "R"
    lower = call.char("uplo", "LU") == "L"
    trans = "NTC".index(call.char("trans_x", "NTC"))
    unit = call.char("diag", "NU") == "U"
    from scipy.linalg import blas

    trsm = getattr(blas, _prefix(call.dtype) + "trsm")

    def run(a, b, alpha=None):
        batch, k, _ = call.matrix(a.shape, square=True)
        call.same_batch(batch, b.shape, 2, "b")
        if b.shape[-1 if right else -2] != k:
            call.fail(f"a of shape {a.shape} does not fit b of shape {b.shape} on the {'right' if right else 'left'}")
        scale = 1.0 if alpha is None else alpha[()]

        def one(a, b):
            if b.size == 0:
                return (b,)
            return (trsm(scale, a, _fortran(b), side=int(right), lower=int(lower), trans_a=trans, diag=int(unit),
                         overwrite_b=1),)

        return _run_batched(batch, one, [a, b], [np.zeros(b.shape, b.dtype)])

    return call.kernel(run)


@register_custom_call_targets(*_names("gtsv"))
def _gtsv(op):
    """Tridiagonal solve: (dl[..., n], d[..., n], du[..., n], b[..., n, k]) -> (dl, d, du as LAPACK
    leaves them, x, info). dl[0] and du[n-1] are not part of the matrix; info = i > 0 when U(i, i)
    is exactly zero, and x is then not computed."""
    call = _Call(op, 4, 5, ((3,), (3,)))
    gtsv = call.lapack()

    def one(dl, d, du, b):
        n = d.shape[0]
        if n == 0:
            return None, None, None, None, 0
        if n == 1:  # scipy's wrapper rejects empty off-diagonals; LAPACK divides by d or stops
            if d[0] == 0:
                return dl, d, du, b, 1
            return dl, d, du, b / d[0], 0
        dl2, d2, du2, x, info = gtsv(dl[1:].copy(), d.copy(), du[:-1].copy(), _fortran(b),
                                     overwrite_dl=1, overwrite_d=1, overwrite_du=1, overwrite_b=1)
        return np.concatenate([dl[:1], dl2]), d2, np.concatenate([du2, du[-1:]]), x, info

    def run(dl, d, du, b):
        batch, n, k = call.matrix(b.shape, "b")
        for name, v in (("dl", dl), ("d", d), ("du", du)):
            call.same_batch(batch, v.shape, 1, name)
            if v.shape[-1] != n:
                call.fail(f"{name} of shape {v.shape} does not match b of shape {b.shape}")
        outputs = [np.array(dl), np.array(d), np.array(du), np.array(b), _info(batch)]
        return _run_batched(batch, one, [dl, d, du, b], outputs)

    return call.kernel(run)


# ---------------------------------------------------------------------------
# Eigen- and singular values


@register_custom_call_targets(*_names("gesdd", "gesvd"))
def _svd(op):
    """SVD (gesdd: divide and conquer, gesvd: QR iteration): (a[..., m, n]) mode -> (a as LAPACK
    leaves it, s[..., min(m, n)] real, u, vt, info). mode 'A': u m x m, vt n x n; 'S': u m x k,
    vt k x n; 'N': singular values only (u and vt keep their declared shapes, zero)."""
    call = _Call(op, 1, 5, ((0,), (0, 2, 3)))
    mode = call.char("mode", "ASNO")
    if mode == "O":
        call.fail("mode 'O' (overwrite a with u or vt) is not supported, as in XLA")
    svd = call.lapack()
    u_spec, vt_spec = call.result_specs[2], call.result_specs[3]

    def run(a):
        batch, m, n = call.matrix(a.shape)
        k = min(m, n)
        if mode == "A":
            u_shape, vt_shape = (m, m), (n, n)
        elif mode == "S":
            u_shape, vt_shape = (m, k), (k, n)
        else:
            u_shape = tuple(u_spec.shape[-2:]) if u_spec.is_static else (m, k)
            vt_shape = tuple(vt_spec.shape[-2:]) if vt_spec.is_static else (k, n)

        def one(a):
            if a.size == 0:
                return None, None, None, None, 0
            work = _fortran(a)
            u, s, vt, info = svd(work, compute_uv=int(mode != "N"), full_matrices=int(mode == "A"), overwrite_a=1)
            if mode == "N":
                return work, s, None, None, info
            return work, s, u, vt, info

        outputs = [np.zeros(a.shape, a.dtype), np.zeros(batch + (k,), _real(a.dtype)),
                   np.zeros(batch + u_shape, a.dtype), np.zeros(batch + vt_shape, a.dtype), _info(batch)]
        return _run_batched(batch, one, [a], outputs)

    return call.kernel(run)


@register_custom_call_targets(*_names("syevd", complex_=False), *_names("heevd", real=False))
def _syevd(op):
    """Symmetric / Hermitian eigendecomposition: (a[..., n, n]) mode, uplo -> (eigenvectors as
    columns (mode 'V'; the destroyed a for 'N'), w[..., n] real ascending, info). Only the uplo
    triangle of a is read."""
    call = _Call(op, 1, 3)
    vectors = call.char("mode", "VN") == "V"
    lower = call.char("uplo", "LU") == "L"
    syevd = call.lapack()

    def one(a):
        if a.size == 0:
            return None, None, 0
        w, v, info = syevd(_fortran(a), compute_v=int(vectors), lower=int(lower), overwrite_a=1)
        return v, w, info

    def run(a):
        batch, n, _ = call.matrix(a.shape, square=True)
        outputs = [np.zeros(a.shape, a.dtype), np.zeros(batch + (n,), _real(a.dtype)), _info(batch)]
        return _run_batched(batch, one, [a], outputs)

    return call.kernel(run)


def _unpack_eigenvectors(wi: np.ndarray, v: np.ndarray, dtype) -> np.ndarray:
    """Real geev's packed eigenvectors as complex columns: a real eigenvalue's vector is its column;
    a conjugate pair (wi[j] > 0, wi[j+1] = -wi[j]) shares columns j and j+1 as v[:, j] +- i v[:, j+1]."""
    first = wi > 0
    second = np.concatenate([[False], first[:-1]]) if len(wi) else first
    out = v.astype(dtype)
    nxt = np.roll(v, -1, axis=1)  # column j+1 at j
    prev = np.roll(v, 1, axis=1)  # column j-1 at j
    out[:, first] = v[:, first] + 1j * nxt[:, first]
    out[:, second] = prev[:, second] - 1j * v[:, second]
    return out


@register_custom_call_targets(*_names("geev"))
def _geev(op):
    """General eigendecomposition: (a[..., n, n]) compute_left, compute_right ('N'/'V') -> real:
    (wr, wi, vl, vr complex, info), complex: (w, vl, vr, info). Conjugate pairs come positive
    imaginary part first; eigenvectors are columns of unit 2-norm with largest component real. A
    non-finite a is not factored: info = -4."""
    target = op.attrs["call_target_name"]
    real = target[7] in "sd"
    call = _Call(op, 1, 5 if real else 4, ((0,), (2, 3) if real else (1, 2)))
    left = call.char("compute_left", "NV") == "V"
    right = call.char("compute_right", "NV") == "V"
    geev = call.lapack()

    def one(a):
        n = a.shape[0]
        if n == 0:
            return (None,) * (4 if real else 3) + (0,)
        if not np.all(np.isfinite(a)):
            return (None,) * (4 if real else 3) + (-4,)
        if real:
            wr, wi, vl, vr, info = geev(_fortran(a), compute_vl=int(left), compute_vr=int(right), overwrite_a=1)
            if info != 0:
                return wr, wi, None, None, info
            complex_type = _complex(a.dtype)
            return (wr, wi, _unpack_eigenvectors(wi, vl, complex_type) if left else None,
                    _unpack_eigenvectors(wi, vr, complex_type) if right else None, info)
        w, vl, vr, info = geev(_fortran(a), compute_vl=int(left), compute_vr=int(right), overwrite_a=1)
        return w, vl if left else None, vr if right else None, info

    def run(a):
        batch, n, _ = call.matrix(a.shape, square=True)
        vectors = [np.zeros(a.shape, _complex(a.dtype)) for _ in range(2)]
        values = [np.zeros(batch + (n,), a.dtype) for _ in range(2 if real else 1)]
        return _run_batched(batch, one, [a], values + vectors + [_info(batch)])

    return call.kernel(run)


def _no_select(*_):
    return False


@register_custom_call_targets(*_names("gees"))
def _gees(op):
    """Schur decomposition: (a[..., n, n]) mode ('V'/'N'), sort ('N' only, as in XLA) -> real:
    (T quasi-triangular, vs, wr, wi, sdim, info), complex: (T, vs, w, sdim, info); a = vs T vs^H."""
    target = op.attrs["call_target_name"]
    real = target[7] in "sd"
    call = _Call(op, 1, 6 if real else 5, ((0,), (0, 1)))
    vectors = call.char("mode", "VN") == "V"
    if call.char("sort", "NS") != "N":
        call.fail("ordering eigenvalues (sort 'S') is not implemented, as in XLA")
    gees = call.lapack()

    def one(a):
        if a.size == 0:
            return (None,) * (5 if real else 4) + (0,)
        if real:
            t, sdim, wr, wi, vs, _, info = gees(_no_select, _fortran(a), compute_v=int(vectors), sort_t=0,
                                                overwrite_a=1)
            return t, vs if vectors else None, wr, wi, sdim, info
        t, sdim, w, vs, _, info = gees(_no_select, _fortran(a), compute_v=int(vectors), sort_t=0, overwrite_a=1)
        return t, vs if vectors else None, w, sdim, info

    def run(a):
        batch, n, _ = call.matrix(a.shape, square=True)
        values = [np.zeros(batch + (n,), a.dtype) for _ in range(2 if real else 1)]
        outputs = [np.zeros(a.shape, a.dtype), np.zeros(a.shape, a.dtype), *values, _info(batch), _info(batch)]
        return _run_batched(batch, one, [a], outputs)

    return call.kernel(run)


# ---------------------------------------------------------------------------
# Reductions to condensed form


@register_custom_call_targets(*_names("gehrd"))
def _gehrd(op):
    """Hessenberg reduction: (a[..., n, n]) low, high (1-based ilo, ihi; i32) -> (H above the
    subdiagonal with the reflectors below it, tau[..., n-1], info)."""
    call = _Call(op, 1, 3)
    low, high = call.integer("low"), call.integer("high")
    gehrd = call.lapack()

    def one(a):
        n = a.shape[0]
        if not 1 <= low <= max(1, n):  # LAPACK's argument checks, without its message on stderr
            return a, None, -2
        if not min(low, n) <= high <= n:
            return a, None, -3
        if n == 0:
            return None, None, 0
        h, tau, info = gehrd(_fortran(a), lo=low - 1, hi=high - 1, overwrite_a=1)  # scipy adds 1
        return h, tau, info

    def run(a):
        batch, n, _ = call.matrix(a.shape, square=True)
        outputs = [np.zeros(a.shape, a.dtype), np.zeros(batch + (max(n - 1, 0),), a.dtype), _info(batch)]
        return _run_batched(batch, one, [a], outputs)

    return call.kernel(run)


@register_custom_call_targets(*_names("sytrd", complex_=False), *_names("hetrd", real=False))
def _sytrd(op):
    """Tridiagonal reduction of a symmetric / Hermitian matrix: (a[..., n, n]) uplo -> (T with the
    reflectors in the uplo triangle, d[..., n] real, e[..., n-1] real, tau[..., n-1], info)."""
    call = _Call(op, 1, 5)
    lower = call.char("uplo", "LU") == "L"
    sytrd = call.lapack()

    def one(a):
        if a.size == 0:
            return None, None, None, None, 0
        return sytrd(_fortran(a), lower=int(lower), overwrite_a=1)

    def run(a):
        batch, n, _ = call.matrix(a.shape, square=True)
        real = _real(a.dtype)
        outputs = [np.zeros(a.shape, a.dtype), np.zeros(batch + (n,), real), np.zeros(batch + (max(n - 1, 0),), real),
                   np.zeros(batch + (max(n - 1, 0),), a.dtype), _info(batch)]
        return _run_batched(batch, one, [a], outputs)

    return call.kernel(run)


# ---------------------------------------------------------------------------
# Tridiagonal solve with perturbed pivots (jax.lax.linalg.tridiagonal_solve(perturb_singular=True),
# used by jax.scipy.linalg.eigh_tridiagonal's inverse iteration)


def _safe_limits(real):
    """(safemin, bignum) as LAPACK's xLAMCH('S') defines them for `real`."""
    info = np.finfo(real)
    one = real.type(1)
    small = one / info.max
    safemin = info.tiny if small < info.tiny else small * (one + info.eps)
    return real.type(safemin), real.type(one / safemin)


def _perturbed(pivot, perturb, row, real):
    """Pivot `pivot` of back substitution made safe to divide `row` by (xLAGTS's rule): a pivot
    below 1 that would overflow the quotient is pushed away from zero by `perturb`, doubled until
    it suffices, or the row and pivot are scaled up together. Returns (pivot, row)."""
    one = real.type(1)
    magnitude = np.abs(pivot)
    if not magnitude < one:
        return pivot, row
    safemin, bignum = _safe_limits(real)
    step = max(np.abs(real.type(perturb)), safemin)
    step = real.type(np.copysign(step, np.real(pivot)))
    largest = np.max(np.abs(row)) if row.size else real.type(0)
    while magnitude < one:
        if magnitude < safemin and not (magnitude == 0 or largest * safemin > magnitude):
            return pivot * bignum, row * bignum
        if magnitude < safemin or largest > magnitude * bignum:
            pivot = pivot + step
            step = step * real.type(2)
        else:
            break
        magnitude = np.abs(pivot)
    return pivot, row


def _solve_perturbed(dl, d, du, b):
    """x with T x = b for the tridiagonal T (sub-, main and super-diagonals dl[1:], d, du[:-1]):
    Gaussian elimination with row interchanges, solving L on the way, then back substitution
    whose tiny pivots are perturbed by eps * max |U| (so a singular T gives a finite x)."""
    dtype = d.dtype
    real = _real(dtype)
    eps = real.type(np.finfo(real).eps)
    n = d.shape[0]
    x = np.array(b, dtype=dtype)
    if n == 0:
        return x
    if n == 1:
        pivot, row = _perturbed(d[0], eps * np.abs(d[0]), x[0].copy(), real)
        x[0] = row / pivot
        return x
    zero = dtype.type(0)
    diag = np.zeros(n, dtype)  # U's diagonal, first and second superdiagonals
    sup1 = np.zeros(n, dtype)
    sup2 = np.zeros(n, dtype)
    diag[0], sup1[0] = d[0], du[0]
    largest = max(np.abs(diag[0]), np.abs(sup1[0]))
    scale = np.abs(diag[0]) + np.abs(sup1[0])
    for k in range(n - 1):
        last = k == n - 2
        diag[k + 1] = d[k + 1]
        next_scale = np.abs(dl[k + 1]) + np.abs(diag[k + 1]) + (real.type(0) if last else np.abs(du[k + 1]))
        if dl[k + 1] == zero:  # nothing to eliminate in row k+1
            scale = next_scale
            sup1[k + 1] = du[k + 1]
            sup2[k] = zero
        else:
            kept = real.type(0) if diag[k] == zero else np.abs(diag[k]) / scale
            if np.abs(dl[k + 1]) / next_scale <= kept:  # keep row k as the pivot row
                scale = next_scale
                factor = dl[k + 1] / diag[k]
                diag[k + 1] = diag[k + 1] - factor * sup1[k]
                sup1[k + 1] = du[k + 1]
                sup2[k] = zero
                x[k + 1] = x[k + 1] - factor * x[k]
            else:  # interchange rows k and k+1
                factor = diag[k] / dl[k + 1]
                above = sup1[k]
                diag[k] = dl[k + 1]
                diag[k + 1] = above - factor * d[k + 1]
                sup1[k] = d[k + 1]
                if not last:
                    sup2[k] = du[k + 1]
                    sup1[k + 1] = -factor * du[k + 1]
                row_k = x[k].copy()
                x[k] = x[k + 1]
                x[k + 1] = row_k - factor * x[k + 1]
                scale = np.abs(diag[k + 1]) + np.abs(sup1[k + 1])
        if not last:
            largest = max(largest, np.abs(diag[k]), np.abs(sup1[k]), np.abs(sup2[k]))
    largest = max(largest, np.abs(diag[n - 1]))
    perturb = eps * largest
    one = dtype.type(1)
    for k in range(n - 1, -1, -1):
        row = x[k].copy()
        if k <= n - 2:
            row = row - sup1[k] * x[k + 1]
        if k <= n - 3:
            row = row - sup2[k] * x[k + 2]
        pivot, row = _perturbed(diag[k], perturb, row, real)
        x[k] = row * (one / pivot)
    return x


@register_custom_call_targets("tridiagonal_solve_perturbed_ffi")
def _tridiagonal_perturbed(op):
    """Tridiagonal solve that never fails: (dl[..., n], d[..., n], du[..., n], b[..., n, k]) -> x;
    near-zero pivots of U are perturbed by about eps * max |U| (JAX's inverse iteration)."""
    call = _Call(op, 4, 1, ((3,), (0,)))
    dtype = call.operand_specs[0].dtype
    if dtype not in _DTYPES.values():
        call.fail(f"unsupported element type {call.operand_specs[0].text}")

    def run(dl, d, du, b):
        batch, n, _ = call.matrix(b.shape, "b")
        for name, v in (("dl", dl), ("d", d), ("du", du)):
            call.same_batch(batch, v.shape, 1, name)
            if v.shape[-1] != n or v.dtype != b.dtype:
                call.fail(f"{name} of type {v.dtype}{v.shape} does not match b of type {b.dtype}{b.shape}")
        with np.errstate(all="ignore"):
            return _run_batched(batch, lambda *v: (_solve_perturbed(*v),), [dl, d, du, b], [np.zeros(b.shape, b.dtype)])

    return call.kernel(run)


# --------------------------------------------------------------------- XLA's own targets

@register_custom_call_targets("Eigh")
def _xla_eigh(op):
    """XLA's `Eigh` target, which torch-xla writes for torch.linalg.eigh: (a[..., n, n]) ->
    tuple<eigenvectors as columns, eigenvalues (real)>. `backend_config = "lower,sort,max_iter,tol"`:
    `lower` 1 reads the lower triangle, 0 the upper; `sort`, `max_iter` and `tol` steer XLA's Jacobi
    iteration, which LAPACK's syevd / heevd replaces here: the eigenvalues come ascending whatever
    `sort` says (without sort XLA's order is its iteration's), and the eigenvectors' signs (phases)
    are LAPACK's. Row-major values, as XLA's default layout."""
    from scipy.linalg import lapack

    target = "custom_call @Eigh"
    config = op.attrs.get("backend_config")
    fields = config.split(",") if isinstance(config, str) else []
    if len(fields) != 4 or fields[0].strip() not in ("0", "1"):
        raise InterpreterError(f"{target}: backend_config must be \"lower,sort,max_iter,tol\" with lower 0 or 1, "
                               f"got {config!r}")
    lower = fields[0].strip() == "1"
    if op.num_operands != 1 or op.num_results != 1 or not hasattr(op.result_specs[0], "elements"):
        raise InterpreterError(f"{target}: takes one matrix and returns one tuple (eigenvectors, eigenvalues)")
    spec, (vectors_spec, values_spec) = op.operand_specs[0], op.result_specs[0].elements
    dtype = getattr(spec, "dtype", None)
    if dtype not in (np.float32, np.float64, np.complex64, np.complex128):
        raise InterpreterError(f"{target}: operand must be a tensor of f32, f64, complex<f32> or complex<f64>, "
                               f"got {spec.text}")
    shape = spec.shape
    if len(shape) < 2 or shape[-1] != shape[-2] or vectors_spec.shape != shape \
            or values_spec.shape != shape[:-1] or values_spec.dtype != _real(dtype):
        raise InterpreterError(f"{target}: a square matrix {spec.text} gives (eigenvectors of its type, eigenvalues "
                               f"of its shape without the last dimension), got {op.result_specs[0].text}")
    routine = getattr(lapack, _prefix(dtype) + ("heevd" if np.dtype(dtype).kind == "c" else "syevd"))

    def eigh(a):
        vectors, values = np.zeros(shape, dtype), np.zeros(shape[:-1], _real(dtype))
        for index in np.ndindex(*shape[:-2]):
            if shape[-1] == 0:
                break
            w, v, _ = routine(np.asfortranarray(a[index]), compute_v=1, lower=int(lower))
            vectors[index], values[index] = v, w
        return (vectors, values)

    return Kernel.single(eigh)
