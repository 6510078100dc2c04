"""Text of select_and_scatter programs and of region bodies, for
interpreter/reductions/test_window_ops.py and test_region_kernel_edges.py."""

from __future__ import annotations


def select_and_scatter_text(t, select, scatter, n=7, w=3, s=2, pad=(1, 1)):
    """(text of @main running select_and_scatter over tensor<n x t> with window w, stride s, padding
    pad and the region bodies `select` and `scatter`, the number of windows nw)."""
    nw = max((n + pad[0] + pad[1] - w) // s + 1, 0)
    return f"""
    func.func @main(%o: tensor<{n}x{t}>, %src: tensor<{nw}x{t}>, %i: tensor<{t}>) -> tensor<{n}x{t}> {{
      %0 = "stablehlo.select_and_scatter"(%o, %src, %i) <{{window_dimensions = array<i64: {w}>, window_strides = array<i64: {s}>, padding = dense<[[{pad[0]}, {pad[1]}]]> : tensor<1x2xi64>}}> ({{
      ^bb0(%x: tensor<{t}>, %y: tensor<{t}>):
{select}
      }}, {{
      ^bb0(%x: tensor<{t}>, %y: tensor<{t}>):
{scatter}
      }}) : (tensor<{n}x{t}>, tensor<{nw}x{t}>, tensor<{t}>) -> tensor<{n}x{t}>
      return %0 : tensor<{n}x{t}>
    }}""", nw


def compare_body(direction, t, kind=""):
    """A region body returning `compare direction` of its two arguments of type tensor<t>."""
    kind = f", {kind}" if kind else ""
    return (f"        %c = stablehlo.compare {direction}, %x, %y{kind} : (tensor<{t}>, tensor<{t}>) -> tensor<i1>\n"
            "        stablehlo.return %c : tensor<i1>")


def binary_body(op, t):
    """A region body returning `op` of its two arguments of type tensor<t>."""
    return f"        %r = stablehlo.{op} %x, %y : tensor<{t}>\n        stablehlo.return %r : tensor<{t}>"

