"""Random numbers: rng_bit_generator, bit for bit as XLA on CPU, and rng.

rng_bit_generator (THREE_FRY, PHILOX; DEFAULT is PHILOX as on XLA's CPU
backend): state word 0 is the key.  THREE_FRY counts from state[1] with
Threefry-2x32 (20 rounds); a 32-bit output pairs the two words of each draw
along the first even dimension (or the largest one), a 64-bit output joins
them.  PHILOX counts from the 128-bit (state[1], state[2]) -- or (state[1],
state[0]) for a two-word state -- with Philox-4x32 (10 rounds), its four
words interleaved.  Outputs narrower than 32 bits keep the low bits of 32-bit
draws; floats reinterpret the bits.  All vectorised over the whole output.
"""

from __future__ import annotations

import zlib

import numpy as np

from ..core.errors import InterpreterError
from ..core.registry import Kernel, SIZES_FROM_VALUES, register
from ..core.types import dimension_values, from_wide_int, uint_dtype
from ..numerics.conversion import convert_values

U32, U64 = np.uint32, np.uint64
_LOW32 = U64(0xFFFFFFFF)


def _split64(v):
    v = np.asarray(v, U64)
    return (v & _LOW32).astype(U32), (v >> U64(32)).astype(U32)


def _join64(low, high):
    return low.astype(U64) | (high.astype(U64) << U64(32))


def _rotate_left(v, distance: int):
    return (v << U32(distance)) | (v >> U32(32 - distance))


def threefry2x32(x0, x1, key0, key1):
    """Threefry-2x32 with 20 rounds on arrays of counter words."""
    keys = (U32(key0), U32(key1), U32(0x1BD11BDA) ^ U32(key0) ^ U32(key1))
    x0, x1 = x0 + keys[0], x1 + keys[1]
    rotations = ((13, 15, 26, 6), (17, 29, 16, 24))
    for block in range(5):
        for r in rotations[block % 2]:
            x0 = x0 + x1
            x1 = _rotate_left(x1, r) ^ x0
        x0 = x0 + keys[(block + 1) % 3]
        x1 = x1 + keys[(block + 2) % 3] + U32(block + 1)
    return x0, x1


def _halves(shape: tuple):
    """How a shape is cut into two halves for paired draws: (half shape, cut dimension or None)."""
    if not shape:
        return (1,), None
    dim = next((i for i, d in enumerate(shape) if d % 2 == 0), None)
    if dim is None:
        dim = max(range(len(shape)), key=lambda i: (shape[i], -i))
    half = list(shape)
    half[dim] = -(-shape[dim] // 2)
    return tuple(half), dim


def threefry_bits(key, counter, shape: tuple, wide: bool):
    """(uint32 or uint64 bits of `shape`, next counter)."""
    key0, key1 = _split64(key)
    if wide:
        n = int(np.prod(shape, dtype=np.int64))
        words = threefry2x32(*_split64(U64(counter) + np.arange(n, dtype=U64)), key0, key1)
        return _join64(*words).reshape(shape), U64(counter) + U64(n)
    half, dim = _halves(shape)
    n = int(np.prod(half, dtype=np.int64))
    first, second = threefry2x32(*_split64(U64(counter) + np.arange(n, dtype=U64)), key0, key1)
    if dim is None:
        return first.reshape(()), U64(counter) + U64(n)
    pairs = np.stack([first.reshape(half), second.reshape(half)], axis=dim + 1)
    merged = list(half)
    merged[dim] *= 2
    bits = pairs.reshape(merged)[tuple(slice(0, s) for s in shape)]
    return bits, U64(counter) + U64(n)


_PHILOX_ROUND_KEYS = (U32(0x9E3779B9), U32(0xBB67AE85))
_PHILOX_MULTIPLIERS = (U64(0xD2511F53), U64(0xCD9E8D57))


def philox4x32(words, key0, key1):
    """Philox-4x32 with 10 rounds on four arrays of counter words."""
    x0, x1, x2, x3 = words
    key0, key1 = U32(key0), U32(key1)
    for _ in range(10):
        p0 = x0.astype(U64) * _PHILOX_MULTIPLIERS[0]
        p1 = x2.astype(U64) * _PHILOX_MULTIPLIERS[1]
        x0, x1, x2, x3 = ((p1 >> U64(32)).astype(U32) ^ x1 ^ key0, (p1 & _LOW32).astype(U32),
                          (p0 >> U64(32)).astype(U32) ^ x3 ^ key1, (p0 & _LOW32).astype(U32))
        key0, key1 = key0 + _PHILOX_ROUND_KEYS[0], key1 + _PHILOX_ROUND_KEYS[1]
    return x0, x1, x2, x3


def _add_u128(low, high, steps):
    """(low, high) + steps as 128-bit numbers (steps: uint64 array or scalar)."""
    new_low = U64(low) + steps
    carry = np.asarray(new_low < U64(low))
    return new_low, np.where(carry, U64(high) + U64(1), U64(high)).astype(U64)


def philox_bits(key, counter: tuple, shape: tuple, wide: bool):
    """(uint32 or uint64 bits of `shape`, next 128-bit counter (low, high))."""
    n = int(np.prod(shape, dtype=np.int64))
    blocks = -(-n // (2 if wide else 4))
    low, high = _add_u128(*counter, np.arange(blocks, dtype=U64))
    key0, key1 = _split64(key)
    words = philox4x32((*_split64(low), *_split64(high)), key0, key1)
    lanes = [_join64(words[0], words[1]), _join64(words[2], words[3])] if wide else list(words)
    bits = np.stack(lanes, axis=1).ravel()[:n].reshape(shape)
    new_low, new_high = _add_u128(*counter, U64(blocks))
    return bits, (U64(new_low), U64(new_high))


@register("stablehlo.rng_bit_generator")
def _rng_bit_generator(op):
    algorithm = op.attrs["rng_algorithm"]
    state_spec, out = op.result_specs[0], op.result_specs[1]
    if op.operand_specs[0].text != state_spec.text:  # C1, which upstream does not check (a deviation)
        raise InterpreterError(f"initial_state {op.operand_specs[0].text} and output_state {state_spec.text} "
                               "must have one type (the spec's C1)")
    if len(state_spec.shape) != 1 or state_spec.dtype != U64:
        # upstream verifies other states (a spec deviation the verifier warns about); their words
        # have no defined meaning, and XLA refuses them too
        raise InterpreterError(f"rng_bit_generator runs states of ui64 words (the spec's I2), got {state_spec.text}")
    size = state_spec.shape[0]
    if algorithm == "THREE_FRY" and size != 2 or algorithm in ("PHILOX", "DEFAULT") and size not in (2, 3):
        raise InterpreterError(f"{algorithm} needs a state of {'2' if algorithm == 'THREE_FRY' else '2 or 3'} "
                               f"words, got {state_spec.text}")
    shape, bits = out.shape, out.element.bits
    wide = bits == 64
    storage = uint_dtype(out.dtype)  # sub-byte types keep their bits in the low end of a byte

    def finish(raw):
        if bits < 32:  # the low bits of 32-bit draws
            raw = raw & U32((1 << bits) - 1)
        return raw.astype(storage).view(out.dtype)

    def generate(state):
        key = state[0]
        if algorithm == "THREE_FRY":
            raw, counter = threefry_bits(key, state[1], shape, wide)
            new_state = np.array([key, counter], U64)
        else:
            counter = (state[1], state[2]) if size == 3 else (state[1], state[0])
            raw, (low, high) = philox_bits(key, counter, shape, wide)
            new_state = np.array([key, low, high][:size], U64)
        return [new_state, finish(raw)]

    return Kernel(generate)


def _uniform_floats(bits, element, a, b):
    """[a, b) from the top mantissa bits of each draw (XLA's construction); values that would round
    up to b in the element type become the largest value below it, so the interval stays half-open."""
    import ml_dtypes

    mantissa = int(ml_dtypes.finfo(element.dtype).nmant)
    width = 64 if bits.dtype == U64 else 32
    compute = np.float64 if width == 64 else np.float32
    unit = (bits >> bits.dtype.type(width - mantissa)).astype(compute) * compute(2.0 ** -mantissa)
    values = (unit * (compute(b) - compute(a)) + compute(a)).astype(element.dtype)
    top = np.asarray(b, element.dtype)
    below_top = np.nextafter(top, np.asarray(-np.inf, element.dtype))
    return np.where(values >= top, below_top, values) if top > np.asarray(a, element.dtype) else values


@register("stablehlo.rng", traits=(SIZES_FROM_VALUES,))
def _rng(op):
    distribution = op.attrs["rng_distribution"]
    element = op.result_specs[0].element
    # A per-op stream: its key comes from the op's location, its counter advances with every call.
    key = U64(zlib.crc32(op.location_text.encode()))
    counter = [(U64(0), U64(0))]
    wide = element.bits == 64

    def draw(shape_):
        bits, counter[0] = philox_bits(key, counter[0], shape_, wide)
        return bits

    def rng(a, b, shape_operand):
        shape = dimension_values(shape_operand)  # the plan checks the result against its type
        if any(n < 0 for n in shape):
            raise InterpreterError(f"shape {list(shape)} has a negative size")
        if distribution == "NORMAL":
            pair_shape = (2,) + shape
            unit = _uniform_floats(draw(pair_shape), element, 0.0, 1.0).astype(np.float64)
            u1 = np.maximum(unit[0], 1e-7)  # keep log() finite
            z = np.sqrt(-2.0 * np.log(u1)) * np.cos(2 * np.pi * unit[1])
            # rounded by convert's rules (ml_dtypes' f64 casts changed in 0.7)
            return convert_values(np.float64(a) + np.float64(b) * z, element)
        if element.category == "float":
            return _uniform_floats(draw(shape), element, a, b)
        low, high = int(a), int(b)
        if high <= low:
            return np.full(shape, a, dtype=element.dtype)  # the spec leaves a >= b undefined
        # low + (draw mod (high - low)), computed modulo 2**64 and wrapped into the element type
        offsets = draw(shape).astype(U64) % U64(high - low)
        values = offsets + U64(low % 2**64)
        return from_wide_int(values, element) if element.is_int else values.astype(element.dtype)

    return Kernel.single(rng)
