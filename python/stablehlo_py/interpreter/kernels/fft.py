"""The fft kernel: numpy.fft over the trailing len(fft_length) dimensions.

FFT/IFFT are complex-to-complex (IFFT normalised by 1/n, as the spec's
inverse); RFFT keeps the n/2 + 1 non-redundant entries of the last
dimension and IRFFT restores fft_length from them.  numpy computes each in
the operand's precision (complex64 stays complex64).
"""

from __future__ import annotations

import numpy as np

from ..core.registry import Kernel, register

_TRANSFORMS = {
    "FFT": lambda x, lengths, axes: np.fft.fftn(x, axes=axes),
    "IFFT": lambda x, lengths, axes: np.fft.ifftn(x, axes=axes),
    "RFFT": lambda x, lengths, axes: np.fft.rfftn(x, s=lengths, axes=axes),
    "IRFFT": lambda x, lengths, axes: np.fft.irfftn(x, s=lengths, axes=axes),
}


@register("stablehlo.fft")
def _fft(op):
    kind = op.attrs["fft_type"]
    lengths = op.attrs["fft_length"]
    operand, result = op.operand_specs[0], op.result_specs[0]
    axes = tuple(range(operand.rank - len(lengths), operand.rank))
    transform, dtype = _TRANSFORMS[kind], result.dtype

    # the last dimension of the result: RFFT keeps n/2 + 1 entries (none of none), IRFFT restores n (C4, C5)
    last = {"RFFT": lengths[-1] // 2 + 1 if lengths[-1] else 0, "IRFFT": lengths[-1]}.get(kind)

    def fft(x):
        if x.size == 0 or 0 in lengths:  # numpy refuses empty transforms; the result is empty too
            return np.zeros(x.shape if last is None else x.shape[:-1] + (last,), dtype)
        return transform(x, lengths, axes).astype(dtype, copy=False)

    return Kernel.single(fft)
