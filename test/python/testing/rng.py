"""Programs of rng_bit_generator and rng, for interpreter/rng/test_rng.py and
test_rng_contract.py."""

from __future__ import annotations


def generator_program(algorithm, state_size, shape, element):
    """@main(state) -> (new state, tensor<shape x element>) by rng_bit_generator with `algorithm`."""
    S = f"tensor<{state_size}xui64>"
    T = f"tensor<{''.join(f'{d}x' for d in shape)}{element}>"
    return f"""func.func public @main(%s: {S}) -> ({S}, {T}) {{
      %0:2 = stablehlo.rng_bit_generator %s, algorithm = {algorithm} : ({S}) -> ({S}, {T})
      return %0#0, %0#1 : {S}, {T}
    }}"""


def rng_program(distribution, element, shape, a, b):
    """@main() -> tensor<shape x element> by rng with `distribution` and constant parameters a, b."""
    T = f"tensor<{'x'.join(map(str, shape))}x{element}>"
    V = f"tensor<{element}>"
    return f"""func.func public @main() -> {T} {{
      %a = stablehlo.constant dense<{a}> : {V}
      %b = stablehlo.constant dense<{b}> : {V}
      %shape = stablehlo.constant dense<[{', '.join(map(str, shape))}]> : tensor<{len(shape)}xi64>
      %0 = stablehlo.rng %a, %b, %shape, distribution = {distribution} : ({V}, {V}, tensor<{len(shape)}xi64>) -> {T}
      return %0 : {T}
    }}"""

