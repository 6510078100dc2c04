"""JAX's CPU custom-call targets (interpreter/lapack.py, custom_calls.py): every jnp.linalg and
jax.scipy.linalg function exported for CPU runs under `interpret` and agrees with XLA.

Inputs: f32, f64, complex64, complex128; batched; well- and ill-conditioned, singular,
indefinite, non-symmetric and non-finite. Decompositions are compared with XLA up to their
sign / phase freedom (columns normalised so their largest component is real and positive)
and by reconstruction; the LAPACK calls themselves are also checked against XLA running the
same custom_call (info, pivots).

Tolerances, in epsilons of the element type times the largest expected magnitude
(conftest.assert_within_scale), were measured on these inputs before being set: the
interpreter calls scipy's LAPACK, which is the LAPACK jaxlib loads, so the factorizations
agree bit for bit and the differences come from the StableHLO ops JAX puts around them,
which XLA fuses and reorders. Largest measured: 2.34 eps (f32), 2.92 (f64), 1.83 (c64),
1.71 (c128) on the well-conditioned, batched, singular and non-finite inputs; 0 on the
ill-conditioned ones (cond ~1e3 in f32/c64, ~1e6 in f64/c128: identical bits); 0.54 for
eigh_tridiagonal's eigenvectors; reconstruction residuals at most 2.25 n eps |a|. Set:
WELL = 8, ILL = 64 (room for the amplified rounding of the surrounding ops on another
host), RESIDUAL = 8 n eps |a|.
"""

from __future__ import annotations

import os
import subprocess
import sys

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np
import pytest

from conftest import REPO, assert_within_scale, export, xla, xla_run_text

from stablehlo_py.interpreter import InterpreterError, interpret, register_custom_call, unregister_custom_call

DTYPES = [np.float32, np.float64, np.complex64, np.complex128]
DTYPE_IDS = ["f32", "f64", "c64", "c128"]
WELL = 8  # measured at most 2.92 eps of the scale (see the module docstring)
ILL = 64  # measured 0: the same LAPACK on both sides
RESIDUAL = 8  # times n eps |a|: measured at most 2.25


def _random(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def _ct(a):
    return np.conj(np.swapaxes(a, -1, -2))


def _spd(n, dtype, batch=(), seed=1):
    a = _random(batch + (n, n), dtype, seed).astype(np.complex128)
    return (a @ _ct(a) + n * np.eye(n)).astype(dtype)


def _hermitian(n, dtype, batch=(), seed=2):
    a = _random(batch + (n, n), dtype, seed).astype(np.complex128)
    return ((a + _ct(a)) / 2).astype(dtype)


def _ill(n, dtype, seed=3):
    """A matrix of condition number ~1e3 (f32, c64) or ~1e6 (f64, c128): U diag(s) V^T."""
    cond = 1e3 if np.dtype(dtype) in (np.float32, np.complex64) else 1e6
    rng = np.random.default_rng(seed)
    u, _ = np.linalg.qr(rng.standard_normal((n, n)))
    v, _ = np.linalg.qr(rng.standard_normal((n, n)))
    return (u @ np.diag(np.geomspace(1, 1 / cond, n)) @ v.T).astype(dtype)


def _triangular(n, dtype, lower=True, seed=4):
    a = _random((n, n), dtype, seed) + 4 * np.eye(n, dtype=dtype)
    return np.tril(a) if lower else np.triu(a)


def _tridiagonal_args(n, dtype, batch=(), seed=5, shift=4.0):
    dl, d, du = (_random(batch + (n,), dtype, seed + i) for i in range(3))
    dl[..., 0] = 0
    du[..., -1] = 0
    return dl, (d + shift).astype(dtype), du, _random(batch + (n, 2), dtype, seed + 3)


def _compare(got, expected, eps_multiple, context=""):
    """Integer results (pivots, ranks) exactly, floating ones within `eps_multiple` epsilons of the
    scale (assert_within_scale: also NaN and infinities in the same places)."""
    assert len(got) == len(expected), context
    for i, (g, e) in enumerate(zip(got, expected)):
        assert g.dtype == e.dtype and g.shape == e.shape, f"{context}: result {i} {g.dtype}{g.shape} vs {e.dtype}{e.shape}"
        if e.dtype.kind in "iub":
            np.testing.assert_array_equal(g, e, err_msg=f"{context}: result {i}")
        else:
            assert_within_scale([g], [e], eps_multiple, context=f"{context}: result {i}")


def _run(fn, *args):
    """(interpreter results, XLA results) of `fn` exported for CPU."""
    return interpret(export(fn, *args), *args), xla(fn, *args)

# Functions whose outputs are unique (no sign or phase freedom): compared with XLA directly.
PLAIN = {
    "solve": (jnp.linalg.solve, lambda dt: (_random((4, 4), dt), _random((4, 2), dt, 1))),
    "solve_vector": (jnp.linalg.solve, lambda dt: (_random((5, 5), dt), _random((5,), dt, 1))),
    "inv": (jnp.linalg.inv, lambda dt: (_random((4, 4), dt),)),
    "det": (jnp.linalg.det, lambda dt: (_random((4, 4), dt),)),
    "slogdet": (jnp.linalg.slogdet, lambda dt: (_random((4, 4), dt),)),
    "svdvals": (lambda a: jnp.linalg.svd(a, compute_uv=False), lambda dt: (_random((4, 3), dt),)),
    "eigvalsh": (jnp.linalg.eigvalsh, lambda dt: (_hermitian(4, dt),)),
    "eigvalsh_upper": (lambda a: jnp.linalg.eigvalsh(a, UPLO="U"), lambda dt: (_hermitian(4, dt),)),
    "eigvals": (jnp.linalg.eigvals, lambda dt: (_random((4, 4), dt),)),
    "cholesky": (jnp.linalg.cholesky, lambda dt: (_spd(4, dt),)),
    "cholesky_upper": (lambda a: jnp.linalg.cholesky(a, upper=True), lambda dt: (_spd(4, dt),)),
    "lstsq": (lambda a, b: jnp.linalg.lstsq(a, b), lambda dt: (_random((5, 3), dt), _random((5, 2), dt, 1))),
    "pinv": (jnp.linalg.pinv, lambda dt: (_random((4, 3), dt),)),
    "matrix_rank": (jnp.linalg.matrix_rank, lambda dt: (_random((4, 3), dt),)),
    "norm_2": (lambda a: jnp.linalg.norm(a, ord=2), lambda dt: (_random((4, 3), dt),)),
    "norm_nuc": (lambda a: jnp.linalg.norm(a, ord="nuc"), lambda dt: (_random((4, 3), dt),)),
    "cond": (jnp.linalg.cond, lambda dt: (_random((4, 4), dt),)),
    "matrix_power_neg": (lambda a: jnp.linalg.matrix_power(a, -2), lambda dt: (_random((3, 3), dt),)),
    "tensorinv": (lambda a: jnp.linalg.tensorinv(a, ind=1), lambda dt: (_random((4, 4), dt),)),
    "tensorsolve": (jnp.linalg.tensorsolve, lambda dt: (_random((4, 4), dt), _random((4,), dt, 1))),
    "lu_factor": (jsl.lu_factor, lambda dt: (_random((4, 4), dt),)),
    "lu_factor_wide": (jsl.lu_factor, lambda dt: (_random((3, 5), dt),)),
    "lu_solve": (lambda a, b: jsl.lu_solve(jsl.lu_factor(a), b), lambda dt: (_random((4, 4), dt), _random((4, 2), dt, 1))),
    "lu_solve_trans": (lambda a, b: jsl.lu_solve(jsl.lu_factor(a), b, trans=1),
                       lambda dt: (_random((4, 4), dt), _random((4, 2), dt, 1))),
    "cho_solve": (lambda a, b: jsl.cho_solve(jsl.cho_factor(a), b), lambda dt: (_spd(4, dt), _random((4, 2), dt, 1))),
    "cho_solve_upper": (lambda a, b: jsl.cho_solve(jsl.cho_factor(a, lower=False), b),
                        lambda dt: (_spd(4, dt), _random((4, 2), dt, 1))),
    "solve_triangular_lower": (lambda a, b: jsl.solve_triangular(a, b, lower=True),
                               lambda dt: (_triangular(4, dt), _random((4, 2), dt, 1))),
    "solve_triangular_upper_T": (lambda a, b: jsl.solve_triangular(a, b, trans="T"),
                                 lambda dt: (_triangular(4, dt, lower=False), _random((4, 2), dt, 1))),
    "solve_triangular_conj_unit": (lambda a, b: jsl.solve_triangular(a, b, trans="C", lower=True, unit_diagonal=True),
                                   lambda dt: (_triangular(4, dt), _random((4, 3), dt, 1))),
    "triangular_solve_right": (lambda a, b: jax.lax.linalg.triangular_solve(a, b, left_side=False, lower=True),
                               lambda dt: (_triangular(4, dt), _random((2, 4), dt, 1))),
    "expm": (jsl.expm, lambda dt: (_random((4, 4), dt) / 2,)),
    "sqrtm": (jsl.sqrtm, lambda dt: (_spd(4, dt),)),
    "funm": (lambda a: jsl.funm(a, jnp.exp), lambda dt: (_random((4, 4), dt) / 2,)),
    "solve_sym": (lambda a, b: jsl.solve(a, b, assume_a="pos"), lambda dt: (_spd(4, dt), _random((4, 2), dt, 1))),
    "jsl_inv": (jsl.inv, lambda dt: (_random((4, 4), dt),)),
    "jsl_det": (jsl.det, lambda dt: (_random((4, 4), dt),)),
    "tridiagonal_solve": (jax.lax.linalg.tridiagonal_solve, lambda dt: _tridiagonal_args(5, dt)),
    "tridiagonal_solve_perturbed": (lambda *a: jax.lax.linalg.tridiagonal_solve(*a, perturb_singular=True),
                                    lambda dt: _tridiagonal_args(5, dt, shift=0.0)),
    "tridiagonal_reduction": (jax.lax.linalg.tridiagonal, lambda dt: (_hermitian(4, dt),)),
    "ormqr_left_T": (lambda a, t, c: jax.lax.linalg.ormqr(a, t, c, left=True, transpose=True),
                     lambda dt: (_random((4, 4), dt), _random((3,), dt, 1), _random((4, 2), dt, 2))),
    "ormqr_right": (lambda a, t, c: jax.lax.linalg.ormqr(a, t, c, left=False, transpose=False),
                    lambda dt: (_random((4, 4), dt), _random((3,), dt, 1), _random((2, 4), dt, 2))),
    "householder_product": (jax.lax.linalg.householder_product,
                            lambda dt: (_random((5, 3), dt), _random((3,), dt, 1))),
    "eigh_tridiagonal_values": (lambda d, e: jsl.eigh_tridiagonal(d, e, eigvals_only=True),
                                lambda dt: (_random((5,), dt).real.copy(), _random((4,), dt, 1).real.copy())),
}
REAL_ONLY = {"eigh_tridiagonal_values"}


@pytest.mark.xla
@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize("name", sorted(PLAIN))
def test_function_matches_xla(name, dtype):
    if name in REAL_ONLY and np.dtype(dtype).kind == "c":
        pytest.skip("real input only")
    fn, make = PLAIN[name]
    args = make(dtype)
    got, expected = _run(fn, *args)
    _compare(got, expected, WELL, context=name)


# --- decompositions: up to sign / phase, and by reconstruction ----------------------------------


def _phases(v, axis=-2):
    """Per column (axis=-2: entries along the rows) the unit factor making its largest-magnitude
    component real and positive."""
    index = np.expand_dims(np.argmax(np.abs(v), axis=axis), axis)
    pivot = np.take_along_axis(v, index, axis=axis)
    return np.where(pivot == 0, 1, np.conj(pivot) / np.where(pivot == 0, 1, np.abs(pivot)))


def _normalised_columns(v):
    return v * _phases(v)


def _residual(a, b, a_norm, context, dtype=None):
    """|a - b| within RESIDUAL * n * eps * |a_norm|."""
    dtype = np.dtype(dtype or np.asarray(a).dtype)
    eps = np.finfo(dtype).eps
    n = max(np.shape(a)[-2:])
    err = float(np.max(np.abs(np.asarray(a, np.complex128) - np.asarray(b, np.complex128)), initial=0.0))
    bound = RESIDUAL * n * eps * float(a_norm)
    assert err <= bound, f"{context}: residual {err:.3g} over {bound:.3g} ({err / (n * eps * a_norm):.3g} n eps |a|)"


def _close(got, expected, context, eps_multiple=WELL):
    assert_within_scale([np.asarray(got)], [np.asarray(expected)], eps_multiple, context=context)


def _norm(a):
    return np.max(np.linalg.norm(np.asarray(a, np.complex128), ord=2, axis=(-2, -1)))


def _check_svd(a, got, expected, full):
    (u, s, vh), (u_x, s_x, vh_x) = got, expected
    _close(s, s_x, "singular values")
    phase = _phases(u)  # u's column j and vh's row j share one phase
    phase_x = _phases(u_x)
    k = s.shape[-1]
    _close(u * phase, u_x * phase_x, "u up to phase")
    _close(vh[..., :k, :] * np.swapaxes(np.conj(phase[..., :k]), -1, -2),
           vh_x[..., :k, :] * np.swapaxes(np.conj(phase_x[..., :k]), -1, -2), "vh up to phase")
    recon = (u[..., :, :k] * s[..., None, :].astype(u.dtype)) @ vh[..., :k, :]
    _residual(a, recon, _norm(a), "u s vh = a", a.dtype)


def _check_eigh(a, got, expected):
    (w, v), (w_x, v_x) = got, expected
    _close(w, w_x, "eigenvalues")
    _close(_normalised_columns(v), _normalised_columns(v_x), "eigenvectors up to phase")
    _residual(a.astype(np.complex128) @ v, v * w[..., None, :], _norm(a), "a v = v w", a.dtype)


def _check_eig(a, got, expected):
    w, v = got[0], got[-1]
    _close(w, expected[0], "eigenvalues")
    _close(_normalised_columns(v), _normalised_columns(expected[-1]), "right eigenvectors up to phase")
    _residual(a.astype(np.complex128) @ v, v * w[..., None, :], _norm(a), "a v = v w", a.dtype)
    if len(got) == 3:  # left eigenvectors: vl^H a = w vl^H
        vl = got[1]
        _close(_normalised_columns(vl), _normalised_columns(expected[1]), "left eigenvectors up to phase")
        _residual(_ct(vl) @ a, _ct(vl) * w[..., :, None], _norm(a), "vl^H a = w vl^H", a.dtype)


def _check_qr(a, got, expected):
    (q, r), (q_x, r_x) = got[:2], expected[:2]
    k = min(r.shape[-2], r.shape[-1])
    phase = np.conj(_sign(np.diagonal(r, axis1=-2, axis2=-1)))  # make diag(r) real non-negative
    phase_x = np.conj(_sign(np.diagonal(r_x, axis1=-2, axis2=-1)))
    _close(q[..., :, :k] * np.conj(phase)[..., None, :], q_x[..., :, :k] * np.conj(phase_x)[..., None, :], "q")
    _close(r[..., :k, :] * phase[..., :, None], r_x[..., :k, :] * phase_x[..., :, None], "r")
    if len(got) == 3:  # pivoting: a[:, p] = q r
        np.testing.assert_array_equal(got[2], expected[2])
        a = np.take_along_axis(a, got[2][..., None, :], axis=-1)
    _residual(a, q @ r, _norm(a), "q r = a", a.dtype)
    _residual(_ct(q) @ q, np.eye(q.shape[-1]), 1.0, "q^H q = 1", a.dtype)


def _sign(x):
    return np.where(x == 0, 1, x / np.where(x == 0, 1, np.abs(x)))


def _check_schur(a, got, expected):
    t, z = got
    _close(t, expected[0], "T")  # LAPACK's Schur form is deterministic; the same routine on both sides
    _close(z, expected[1], "Z")
    _residual(a, z @ t @ _ct(z), _norm(a), "z t z^H = a", a.dtype)
    _residual(_ct(z) @ z, np.eye(z.shape[-1]), 1.0, "z^H z = 1", a.dtype)
    below = np.tril(t, -2 if np.dtype(a.dtype).kind == "f" else -1)
    assert not np.any(below), "T is not (quasi-)triangular"


def _check_hessenberg(a, got, expected):
    h, q = got
    _close(h, expected[0], "H")
    _close(q, expected[1], "Q")
    _residual(a, q @ h @ _ct(q), _norm(a), "q h q^H = a", a.dtype)
    assert not np.any(np.tril(h, -2)), "H is not upper Hessenberg"


def _check_lu(a, got, expected):
    p, l, u = got
    for g, e, what in zip(got, expected, "plu"):
        _close(g, e, what)
    _residual(a, p @ l @ u, _norm(a), "p l u = a", a.dtype)


def _check_polar(a, got, expected):
    u, p = got
    _close(u, expected[0], "u")
    _close(p, expected[1], "p")
    _residual(a, u @ p, _norm(a), "u p = a", a.dtype)


DECOMPOSITIONS = {
    "svd_full": (jnp.linalg.svd, lambda dt: (_random((4, 3), dt),), lambda a, g, e: _check_svd(a, g, e, True)),
    "svd_reduced_wide": (lambda a: jnp.linalg.svd(a, full_matrices=False), lambda dt: (_random((3, 5), dt),),
                         lambda a, g, e: _check_svd(a, g, e, False)),
    "svd_gesvd": (lambda a: jax.lax.linalg.svd(a, algorithm=jax.lax.linalg.SvdAlgorithm.QR),
                  lambda dt: (_random((4, 3), dt),), lambda a, g, e: _check_svd(a, g, e, True)),
    "jsl_svd": (jsl.svd, lambda dt: (_random((3, 4), dt),), lambda a, g, e: _check_svd(a, g, e, True)),
    "eigh": (jnp.linalg.eigh, lambda dt: (_hermitian(5, dt),), _check_eigh),
    "jsl_eigh_upper": (lambda a: jsl.eigh(a, lower=False), lambda dt: (_hermitian(5, dt),), _check_eigh),
    "eig": (jnp.linalg.eig, lambda dt: (_random((5, 5), dt),), _check_eig),
    "eig_left_right": (lambda a: jax.lax.linalg.eig(a, compute_left_eigenvectors=True),
                       lambda dt: (_random((4, 4), dt),), _check_eig),
    "qr_reduced": (jnp.linalg.qr, lambda dt: (_random((5, 3), dt),), _check_qr),
    "qr_complete": (lambda a: jnp.linalg.qr(a, mode="complete"), lambda dt: (_random((5, 3), dt),), _check_qr),
    "qr_wide": (jnp.linalg.qr, lambda dt: (_random((3, 5), dt),), _check_qr),
    "qr_pivoting": (lambda a: jsl.qr(a, pivoting=True), lambda dt: (_random((4, 4), dt),), _check_qr),
    "schur": (jsl.schur, lambda dt: (_random((5, 5), dt),), _check_schur),
    "hessenberg": (lambda a: jsl.hessenberg(a, calc_q=True), lambda dt: (_random((5, 5), dt),), _check_hessenberg),
    "lu": (jsl.lu, lambda dt: (_random((4, 4), dt),), _check_lu),
    "polar": (jsl.polar, lambda dt: (_random((4, 4), dt),), _check_polar),
}


@pytest.mark.xla
@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize("name", sorted(DECOMPOSITIONS))
def test_decomposition_matches_xla(name, dtype):
    fn, make, check = DECOMPOSITIONS[name]
    args = make(dtype)
    got, expected = _run(fn, *args)
    assert [g.shape for g in got] == [e.shape for e in expected] and [g.dtype for g in got] == [e.dtype for e in expected]
    check(args[0], got, expected)


@pytest.mark.xla
def test_eigh_tridiagonal_vectors():
    """Inverse iteration: tridiagonal_solve_perturbed_ffi on nearly singular systems, in a while loop."""
    d, e = np.array([2.0, 1.0, 3.0, 0.5, 1.5]), np.array([0.5, 0.25, 1.0, 0.75])
    for dtype in (np.float32, np.float64):
        fn = jsl.eigh_tridiagonal
        got, expected = _run(fn, d.astype(dtype), e.astype(dtype))
        _close(got[0], expected[0], "eigenvalues")
        _close(_normalised_columns(got[1]), _normalised_columns(expected[1]), "eigenvectors")
        t = np.diag(d) + np.diag(e, 1) + np.diag(e, -1)
        _residual(t @ got[1], got[1] * got[0], _norm(t) * 10, "t v = v w", dtype)


# --- batches ------------------------------------------------------------------------------------

BATCHED = {
    "inv": (jnp.linalg.inv, lambda dt: (_random((2, 3, 4, 4), dt),)),
    "solve": (jnp.linalg.solve, lambda dt: (_random((3, 4, 4), dt), _random((3, 4, 2), dt, 1))),
    "det": (jnp.linalg.det, lambda dt: (_random((2, 4, 4), dt),)),  # 3x3 and smaller: closed forms, no LAPACK
    "cholesky": (jnp.linalg.cholesky, lambda dt: (_spd(4, dt, (3,)),)),
    "eigvalsh": (jnp.linalg.eigvalsh, lambda dt: (_hermitian(4, dt, (2, 2)),)),
    "svdvals": (lambda a: jnp.linalg.svd(a, compute_uv=False), lambda dt: (_random((2, 3, 5, 4), dt),)),
    "eigvals": (jnp.linalg.eigvals, lambda dt: (_random((3, 4, 4), dt),)),
    "lu_factor": (jsl.lu_factor, lambda dt: (_random((3, 4, 4), dt),)),
    "solve_triangular": (lambda a, b: jsl.solve_triangular(a, b, lower=True),
                         lambda dt: (np.stack([_triangular(4, dt, seed=s) for s in range(3)]), _random((3, 4, 2), dt))),
    "tridiagonal_solve": (jax.lax.linalg.tridiagonal_solve, lambda dt: _tridiagonal_args(4, dt, (2, 3))),
    "pinv": (jnp.linalg.pinv, lambda dt: (_random((3, 4, 3), dt),)),
    "tridiagonal_reduction": (jax.lax.linalg.tridiagonal, lambda dt: (_hermitian(4, dt, (3,)),)),
}
BATCHED_DECOMPOSITIONS = {
    "eigh": (jnp.linalg.eigh, lambda dt: (_hermitian(4, dt, (2, 3)),), _check_eigh),
    "svd": (jnp.linalg.svd, lambda dt: (_random((2, 4, 3), dt),), lambda a, g, e: _check_svd(a, g, e, True)),
    "qr": (jnp.linalg.qr, lambda dt: (_random((3, 4, 3), dt),), _check_qr),
    "eig": (jnp.linalg.eig, lambda dt: (_random((2, 4, 4), dt),), _check_eig),
    "schur": (jsl.schur, lambda dt: (_random((2, 4, 4), dt),), _check_schur),
    "hessenberg": (lambda a: jsl.hessenberg(a, calc_q=True), lambda dt: (_random((3, 4, 4), dt),), _check_hessenberg),
}


@pytest.mark.xla
@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize("name", sorted(BATCHED) + [f"{n}:decomposition" for n in sorted(BATCHED_DECOMPOSITIONS)])
def test_batched_matches_xla(name, dtype):
    if name.endswith(":decomposition"):
        fn, make, check = BATCHED_DECOMPOSITIONS[name.split(":")[0]]
        args = make(dtype)
        got, expected = _run(fn, *args)
        check(args[0], got, expected)
        return
    fn, make = BATCHED[name]
    got, expected = _run(fn, *make(dtype))
    _compare(got, expected, WELL, context=name)


# --- ill-conditioned, singular, indefinite and non-finite inputs --------------------------------


def _singular(dtype):
    a = np.array([[1, 2, 3], [2, 4, 6], [1, 0, 1]], dtype)
    return a


EDGES = {
    "solve_ill": (jnp.linalg.solve, lambda dt: (_ill(5, dt), _random((5, 2), dt, 1)), ILL),
    "inv_ill": (jnp.linalg.inv, lambda dt: (_ill(5, dt),), ILL),
    "cho_solve_ill": (lambda a, b: jsl.cho_solve(jsl.cho_factor(a), b),
                      lambda dt: ((lambda m: (m @ _ct(m)).astype(dt))(_ill(4, dt).astype(np.complex128)),
                                  _random((4, 1), dt, 1)), ILL),
    "svdvals_ill": (lambda a: jnp.linalg.svd(a, compute_uv=False), lambda dt: (_ill(5, dt),), WELL),
    "cond_ill": (jnp.linalg.cond, lambda dt: (_ill(5, dt),), ILL),
    "solve_singular": (jnp.linalg.solve, lambda dt: (_singular(dt), _random((3, 1), dt, 1)), WELL),
    "inv_singular": (jnp.linalg.inv, lambda dt: (_singular(dt),), WELL),
    "det_singular": (jnp.linalg.det, lambda dt: (_singular(dt),), WELL),
    "slogdet_singular": (jnp.linalg.slogdet, lambda dt: (_singular(dt),), WELL),
    "lu_factor_singular": (jsl.lu_factor, lambda dt: (_singular(dt),), WELL),
    "lu_factor_zero": (jsl.lu_factor, lambda dt: (np.zeros((3, 3), dt),), WELL),
    "matrix_rank_singular": (jnp.linalg.matrix_rank, lambda dt: (_singular(dt),), WELL),
    "pinv_singular": (jnp.linalg.pinv, lambda dt: (_singular(dt),), WELL),
    "cholesky_indefinite": (jnp.linalg.cholesky, lambda dt: (_hermitian(4, dt),), WELL),
    "cholesky_batch_one_indefinite": (jnp.linalg.cholesky, lambda dt: (np.stack([_spd(3, dt), -_spd(3, dt)]),), WELL),
    "cholesky_nonsymmetric": (jnp.linalg.cholesky, lambda dt: (_spd(4, dt) + np.triu(_random((4, 4), dt), 1),), WELL),
    "eigvalsh_nonsymmetric": (jnp.linalg.eigvalsh, lambda dt: (_random((4, 4), dt),), WELL),
    "svd_nan": (jnp.linalg.svd, lambda dt: (np.where(np.eye(3) > 0, np.nan, 1).astype(dt),), WELL),
    "eig_inf": (jnp.linalg.eig, lambda dt: (np.where(np.eye(3) > 0, np.inf, 1).astype(dt),), WELL),
    "schur_nan": (jsl.schur, lambda dt: (np.full((3, 3), np.nan, dt),), WELL),
    "tridiagonal_solve_singular": (jax.lax.linalg.tridiagonal_solve,
                                   lambda dt: (np.zeros(3, dt), np.array([1, 0, 1], dt), np.zeros(3, dt),
                                               np.ones((3, 1), dt)), WELL),
    "tridiagonal_solve_perturbed_singular": (
        lambda *a: jax.lax.linalg.tridiagonal_solve(*a, perturb_singular=True),
        lambda dt: (np.array([0, 1, 1], dt), np.array([1, 1, 1], dt), np.array([1, 1, 0], dt), np.ones((3, 2), dt)),
        WELL),
}


@pytest.mark.xla
@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@pytest.mark.parametrize("name", sorted(EDGES))
def test_edge_inputs_match_xla(name, dtype):
    fn, make, tolerance = EDGES[name]
    args = make(dtype)
    got, expected = _run(fn, *args)
    _compare(got, expected, tolerance, context=name)


# --- the custom calls themselves: info, pivots, run through XLA as written -----------------------


@pytest.fixture(autouse=True, scope="module")
def _xla_lapack():
    """XLA's LAPACK targets find their LAPACK when jaxlib initialises it (JAX does on its first
    linalg lowering): without it, running a hand-written call would jump to a null pointer."""
    from jaxlib import lapack

    lapack.prepare_lapack_call("getrf_ffi", np.float64)


def _layouts(types, matrices):
    """JAX's layouts: matrices column-major within each batch element, everything else row-major."""
    out = []
    for i, t in enumerate(types):
        rank = len([d for d in t[len("tensor<"):].split("x") if d.isdigit()])
        order = list(range(rank - 1, -1, -1))
        if i in matrices and rank >= 2:
            order = [rank - 2, rank - 1] + list(range(rank - 3, -1, -1))
        out.append(f"dense<{order if rank != 1 else order[0]}> : tensor<{rank}xindex>" if rank else "dense<> : tensor<0xindex>")
    return "[" + ", ".join(out) + "]"


def _call_text(target, operands, results, config="", batch=0, matrices=((0,), (0,)), layouts=True):
    """@main(operands...) returning every result of `stablehlo.custom_call @target`, with JAX's
    layouts (`layouts`; else none: XLA's default, row-major)."""
    placed = (f"operand_layouts = {_layouts(operands, matrices[0])}, result_layouts = {_layouts(results, matrices[1])}, "
              if layouts else "")
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(operands))
    uses = ", ".join(f"%a{i}" for i in range(len(operands)))
    names = ", ".join(f"%r#{i}" for i in range(len(results))) if len(results) > 1 else "%r"
    count = f":{len(results)}" if len(results) > 1 else ""
    out = ", ".join(results)
    return (f"func.func @main({args}) -> ({out}) {{\n"
            f"  %r{count} = stablehlo.custom_call @{target}({uses}) {{{placed}mhlo.backend_config = {{{config}}}, "
            f"mhlo.frontend_attributes = {{num_batch_dims = \"{batch}\"}}}} : ({', '.join(operands)}) -> ({out})\n"
            f"  return {names} : {out}\n}}\n")


@pytest.mark.xla
def test_getrf_pivots_and_info_on_singular_batches():
    a = np.stack([_random((3, 3), np.float64), _singular(np.float64), np.zeros((3, 3))])
    text = _call_text("lapack_dgetrf_ffi", ["tensor<3x3x3xf64>"],
                      ["tensor<3x3x3xf64>", "tensor<3x3xi32>", "tensor<3xi32>"], batch=1)
    got, expected = interpret(text, a), xla_run_text(text, a)
    np.testing.assert_array_equal(got[1], expected[1])  # 1-based pivots
    np.testing.assert_array_equal(got[2], expected[2])  # info: 0, then the first zero pivot
    assert list(got[2]) == [0, 3, 1] and got[1].min() >= 1
    assert_within_scale(got[:1], expected[:1], WELL)


@pytest.mark.xla
def test_potrf_info_and_untouched_triangle():
    a = np.stack([_spd(3, np.float32), np.diag([1.0, -1.0, 2.0]).astype(np.float32)])
    a[0, 0, 2] = 7.0  # the upper triangle is not read and comes back as given
    text = _call_text("lapack_spotrf_ffi", ["tensor<2x3x3xf32>"], ["tensor<2x3x3xf32>", "tensor<2xi32>"],
                      "uplo = 76 : ui8", batch=1)
    got, expected = interpret(text, a), xla_run_text(text, a)
    np.testing.assert_array_equal(got[1], expected[1])
    assert list(got[1]) == [0, 2]
    assert got[0][0, 0, 2] == 7.0
    assert_within_scale([got[0][0]], [expected[0][0]], WELL)


@pytest.mark.xla
def test_geev_non_finite_info():
    a = np.array([[1.0, np.nan], [0.0, 1.0]], np.float64)
    text = _call_text("lapack_dgeev_ffi", ["tensor<2x2xf64>"],
                      ["tensor<2xf64>", "tensor<2xf64>", "tensor<2x2xcomplex<f64>>", "tensor<2x2xcomplex<f64>>",
                       "tensor<i32>"], "compute_left = 78 : ui8, compute_right = 86 : ui8", matrices=((0,), (2, 3)))
    got, expected = interpret(text, a), xla_run_text(text, a)
    assert int(got[-1]) == int(expected[-1]) == -4


@pytest.mark.xla
def test_gesdd_and_syevd_info_match_xla():
    a = np.where(np.eye(3) > 0, np.nan, 1.0)
    text = _call_text("lapack_dgesdd_ffi", ["tensor<3x3xf64>"],
                      ["tensor<3x3xf64>", "tensor<3xf64>", "tensor<3x3xf64>", "tensor<3x3xf64>", "tensor<i32>"],
                      "mode = 65 : ui8", matrices=((0,), (0, 2, 3)))
    assert int(interpret(text, a)[-1]) == int(xla_run_text(text, a)[-1])
    h = _hermitian(4, np.complex64)
    text = _call_text("lapack_cheevd_ffi", ["tensor<4x4xcomplex<f32>>"],
                      ["tensor<4x4xcomplex<f32>>", "tensor<4xf32>", "tensor<i32>"], "mode = 86 : ui8, uplo = 85 : ui8")
    got, expected = interpret(text, h), xla_run_text(text, h)
    assert int(got[2]) == int(expected[2]) == 0
    assert_within_scale(got[1:2], expected[1:2], WELL)


@pytest.mark.xla
def test_gtsv_info_matches_xla():
    dl, d, du = np.zeros(3), np.array([2.0, 0.0, 1.0]), np.zeros(3)
    b = np.ones((3, 1))
    text = _call_text("lapack_dgtsv_ffi", ["tensor<3xf64>"] * 3 + ["tensor<3x1xf64>"],
                      ["tensor<3xf64>"] * 3 + ["tensor<3x1xf64>", "tensor<i32>"], matrices=((3,), (3,)))
    assert int(interpret(text, dl, d, du, b)[-1]) == int(xla_run_text(text, dl, d, du, b)[-1]) == 2


@pytest.mark.xla
@pytest.mark.parametrize("square", [True, False], ids=["square", "wide"])
def test_row_major_layouts_reinterpret_the_buffer_as_xla_does(square):
    """Without layouts (XLA's default, row-major) LAPACK reads each matrix's buffer column-major:
    a square matrix is factored as its transpose, a wide one as a reshuffle."""
    shape = (2, 3, 3) if square else (2, 2, 4)
    a = _random(shape, np.float64)
    k = min(shape[1:])
    t = f"tensor<{shape[0]}x{shape[1]}x{shape[2]}xf64>"
    text = _call_text("lapack_dgetrf_ffi", [t], [t, f"tensor<2x{k}xi32>", "tensor<2xi32>"], batch=1, layouts=False)
    got, expected = interpret(text, a), xla_run_text(text, a)
    np.testing.assert_array_equal(got[1], expected[1])
    assert_within_scale(got[:1], expected[:1], WELL)
    b = _random((3, 2), np.float64, 1)
    lower = np.tril(_random((3, 3), np.float64, 2)) + 3 * np.eye(3)
    text = _call_text("lapack_dtrsm_ffi", ["tensor<3x3xf64>", "tensor<3x2xf64>"], ["tensor<3x2xf64>"],
                      "diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8", layouts=False)
    assert_within_scale(interpret(text, lower, b), xla_run_text(text, lower, b), WELL)


@pytest.mark.xla
def test_gehrd_partial_range_matches_xla():
    a = _random((5, 5), np.float64)
    text = _call_text("lapack_dgehrd_ffi", ["tensor<5x5xf64>"], ["tensor<5x5xf64>", "tensor<4xf64>", "tensor<i32>"],
                      "high = 4 : i32, low = 2 : i32")
    got, expected = interpret(text, a), xla_run_text(text, a)
    assert int(got[2]) == int(expected[2]) == 0
    assert_within_scale(got[:2], expected[:2], WELL)


# --- the other targets of CPU exports -----------------------------------------------------------


@pytest.mark.parametrize("target", ["annotate_device_placement", "Sharding", "SPMDFullToShardShape",
                                    "SPMDShardToFullShape", "MoveToHost", "MoveToDevice"])
def test_placement_annotations_are_identities(target):
    text = f"""func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {{
  %0 = stablehlo.custom_call @{target}(%x) {{mhlo.sharding = "{{replicated}}"}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}}"""
    x = _random((2, 3), np.float32)
    np.testing.assert_array_equal(interpret(text, x)[0], x)


def test_shard_shape_change_is_an_error():
    text = """func.func @main(%x: tensor<4x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.custom_call @SPMDFullToShardShape(%x) : (tensor<4x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}"""
    with pytest.raises(InterpreterError, match="SPMDFullToShardShape turns tensor<4x3xf32> into tensor<2x3xf32>"):
        interpret(text, np.zeros((4, 3), np.float32))


@pytest.mark.parametrize("make", [
    lambda a: jax.pure_callback(lambda v: v * 2, jax.ShapeDtypeStruct(a.shape, a.dtype), a),
    lambda a: (jax.debug.print("a = {}", a), a + 1)[1],
    "text",
], ids=["pure_callback", "debug_print", "no_results"])
def test_host_callbacks_name_the_callback(make):
    x = np.ones((2,), np.float32)
    if make == "text":  # what jax.debug.print writes, without the sharding
        text = """func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  stablehlo.custom_call @xla_ffi_python_cpu_callback(%x) {has_side_effect = true, mhlo.backend_config = {index = 0 : ui64}} : (tensor<2xf32>) -> ()
  return %x : tensor<2xf32>
}"""
    else:
        text = jax.jit(make).lower(x).as_text()
    with pytest.raises(InterpreterError, match=r"custom_call @xla_ffi_python_cpu_callback calls callback 0 .*"
                                               r"Python function is not in the program"):
        interpret(text, x)


def test_host_callback_stand_in():
    x = np.ones((2,), np.float32)
    text = jax.jit(lambda a: jax.pure_callback(lambda v: v * 2, jax.ShapeDtypeStruct(a.shape, a.dtype), a)).lower(x).as_text()
    register_custom_call("xla_ffi_python_cpu_callback", lambda v: v * 3)
    try:
        np.testing.assert_array_equal(interpret(text, x)[0], x * 3)
    finally:
        unregister_custom_call("xla_ffi_python_cpu_callback")


def test_bad_options_are_errors():
    text = _call_text("lapack_sgees_ffi", ["tensor<2x2xf32>"],
                      ["tensor<2x2xf32>", "tensor<2x2xf32>", "tensor<2xf32>", "tensor<2xf32>", "tensor<i32>",
                       "tensor<i32>"], "mode = 86 : ui8, sort = 83 : ui8")
    with pytest.raises(InterpreterError, match="lapack_sgees_ffi: ordering eigenvalues"):
        interpret(text, np.eye(2, dtype=np.float32))
    text = _call_text("lapack_spotrf_ffi", ["tensor<2x2xf32>"], ["tensor<2x2xf32>", "tensor<i32>"], "uplo = 88 : ui8")
    with pytest.raises(InterpreterError, match="option 'uplo' = 88 \\('X'\\) is not one of 'L', 'U'"):
        interpret(text, np.eye(2, dtype=np.float32))
    text = _call_text("lapack_dpotrf_ffi", ["tensor<2x2xf32>"], ["tensor<2x2xf32>", "tensor<i32>"], "uplo = 76 : ui8")
    with pytest.raises(InterpreterError, match="operand 0 must have element type float64"):
        interpret(text, np.eye(2, dtype=np.float32))


def test_builtin_targets_lists_every_lapack_target():
    from jaxlib import lapack as jax_lapack

    from stablehlo_py.interpreter.kernels.custom_calls import builtin_targets

    targets = dict(builtin_targets())
    assert set(jax_lapack._lapack.registrations()) <= set(targets)  # every target jaxlib registers on CPU
    for name in ("shape_assertion", "Sharding", "xla_ffi_python_cpu_callback", "check.expect_eq"):
        assert name in targets
    assert all(targets.values()), [t for t, d in targets.items() if not d]


# --- the command line ---------------------------------------------------------------------------


def test_cli_targets_prints_every_builtin_target(capsys):
    from stablehlo_py.cli import main
    from stablehlo_py.interpreter.kernels.custom_calls import builtin_targets

    assert main(["targets"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == [target for target, _ in builtin_targets()]
    getrf = next(line for line in lines if line.startswith("lapack_sgetrf_ffi "))
    assert "LU with partial pivoting" in getrf


@pytest.mark.xla
@pytest.mark.parametrize("name", ["solve", "eigh"])
def test_cli_runs_exported_linalg(name, tmp_path):
    fn = {"solve": jnp.linalg.solve, "eigh": jnp.linalg.eigh}[name]
    args = [_random((4, 4), np.float64), _random((4, 2), np.float64, 1)] if name == "solve" else [_hermitian(4, np.float64)]
    path = tmp_path / f"{name}.mlir"
    path.write_text(export(fn, *args))
    files = []
    for i, a in enumerate(args):
        files.append(str(tmp_path / f"a{i}.npy"))
        np.save(files[-1], a)
    env = dict(os.environ)
    repo_python = os.path.join(REPO, "python")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (repo_python, env.get("PYTHONPATH")) if p)
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, "-m", "stablehlo_py.cli", "run", str(path), "--args", *files,
                           "--output", str(out)], capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    expected = xla(fn, *args)
    got = [np.load(out / f"result_{i}.npy") for i in range(len(expected))]
    if name == "eigh":
        _check_eigh(args[0], got, expected)
    else:
        assert_within_scale(got, expected, WELL)
