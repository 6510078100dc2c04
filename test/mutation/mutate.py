"""Classic mutation operators over Python source, applied by AST position.

Each mutant replaces the exact source span of one AST node (so the rest of the
file, comments included, stays byte-identical and a survivor prints as a
one-line diff). Operators: arithmetic, bitwise, comparison and boolean
operator swaps; dropped `not`/unary minus; constant changes; numpy name swaps
(max<->min, xor->or, a wide dtype -> its narrow twin); a two-argument call
replaced by one of its arguments (drops an argument such as a reduction's
init); dropped keyword arguments; dropped expression statements, augmented
assignments and `if` branches. Code inside `raise` statements, docstrings and
annotations is not mutated (message text is not behaviour we test).
"""

from __future__ import annotations

import ast
import dataclasses

_BINOP = {
    ast.Add: [ast.Sub], ast.Sub: [ast.Add], ast.Mult: [ast.Div], ast.Div: [ast.Mult],
    ast.FloorDiv: [ast.Div], ast.Mod: [ast.FloorDiv], ast.Pow: [ast.Mult],
    ast.LShift: [ast.RShift], ast.RShift: [ast.LShift],
    ast.BitAnd: [ast.BitOr], ast.BitOr: [ast.BitAnd], ast.BitXor: [ast.BitOr],
}
_CMPOP = {
    ast.Eq: [ast.NotEq], ast.NotEq: [ast.Eq], ast.Lt: [ast.LtE], ast.LtE: [ast.Lt],
    ast.Gt: [ast.GtE], ast.GtE: [ast.Gt], ast.Is: [ast.IsNot], ast.IsNot: [ast.Is],
    ast.In: [ast.NotIn], ast.NotIn: [ast.In],
}
# np.<name> swaps: the mistakes a kernel author makes (wrong ufunc, too narrow a dtype).
_NP_SWAP = {
    "maximum": "minimum", "minimum": "maximum", "fmax": "fmin", "fmin": "fmax",
    "logical_xor": "logical_or", "bitwise_xor": "bitwise_or", "logical_and": "logical_or",
    "logical_or": "logical_and", "bitwise_and": "bitwise_or", "bitwise_or": "bitwise_and",
    "add": "subtract", "subtract": "add", "multiply": "add", "floor": "ceil", "ceil": "floor",
    "complex128": "complex64", "float64": "float32", "int64": "int32", "uint64": "uint32",
    "longdouble": "float64", "clongdouble": "complex128", "signbit": "isneginf",
    "isnan": "isinf", "isinf": "isnan", "real": "imag", "imag": "real", "abs": "negative",
    "any": "all", "all": "any", "sqrt": "cbrt", "exp": "exp2", "log": "log2",
    "expm1": "exp", "log1p": "log", "rint": "trunc", "trunc": "floor",
}


@dataclasses.dataclass(frozen=True)
class Mutant:
    path: str          # file the mutant applies to (relative to the package root)
    lineno: int
    start: int         # character offsets of the replaced span in the source
    stop: int
    replacement: str
    operator: str

    @property
    def key(self) -> str:
        return f"{self.path}:{self.lineno}:{self.start}:{self.operator}:{self.replacement}"

    def apply(self, source: str) -> str:
        return source[:self.start] + self.replacement + source[self.stop:]

    def describe(self, source: str) -> str:
        return f"{self.path}:{self.lineno} [{self.operator}] {source[self.start:self.stop]!r} -> {self.replacement!r}"


def _line_offsets(source: str) -> list:
    offsets, total = [0], 0
    for line in source.splitlines(keepends=True):
        total += len(line.encode("utf-8"))
        offsets.append(total)
    return offsets


class _Collector(ast.NodeVisitor):
    def __init__(self, path: str, source: str):
        self.path = path
        self.source = source
        self.raw = source.encode("utf-8")
        self.offsets = _line_offsets(source)
        self.mutants: list = []

    # -- positions (ast offsets are utf-8 byte columns)
    def _span(self, node):
        start = self.offsets[node.lineno - 1] + node.col_offset
        stop = self.offsets[node.end_lineno - 1] + node.end_col_offset
        return start, stop

    def _chars(self, start, stop):
        return len(self.raw[:start].decode()), len(self.raw[:stop].decode())

    def _text(self, node) -> str:
        start, stop = self._span(node)
        return self.raw[start:stop].decode()

    def _add(self, node, replacement: str, operator: str):
        start, stop = self._chars(*self._span(node))
        if self.source[start:stop] != replacement:
            self.mutants.append(Mutant(self.path, node.lineno, start, stop, replacement, operator))

    def _replace_with(self, node, new_node, operator: str):
        self._add(node, ast.unparse(new_node), operator)

    # -- skipped subtrees
    def visit_Raise(self, node):
        return

    def visit_AnnAssign(self, node):
        if node.value is not None:
            self.visit(node.value)

    def visit_arg(self, node):
        return

    def visit_ImportFrom(self, node):
        return

    def visit_JoinedStr(self, node):
        return

    def _body(self, body):
        for i, stmt in enumerate(body):
            if i == 0 and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) \
                    and isinstance(stmt.value.value, str):
                continue  # docstring
            self.visit(stmt)

    def visit_Module(self, node):
        self._body(node.body)

    def visit_FunctionDef(self, node):
        for d in node.args.defaults + node.args.kw_defaults:
            if d is not None:
                self.visit(d)
        self._body(node.body)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        self._body(node.body)

    # -- operators
    def visit_BinOp(self, node):
        for new in _BINOP.get(type(node.op), []):
            self._replace_with(node, ast.BinOp(node.left, new(), node.right), "binop")
        self.generic_visit(node)

    def visit_AugAssign(self, node):
        for new in _BINOP.get(type(node.op), []):
            self._replace_with(node, ast.AugAssign(node.target, new(), node.value), "augop")
        self._add(node, "pass", "drop-stmt")
        self.generic_visit(node)

    def visit_Compare(self, node):
        for i, op in enumerate(node.ops):
            for new in _CMPOP.get(type(op), []):
                ops = list(node.ops)
                ops[i] = new()
                self._replace_with(node, ast.Compare(node.left, ops, node.comparators), "cmpop")
        self.generic_visit(node)

    def visit_BoolOp(self, node):
        new = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        self._replace_with(node, ast.BoolOp(new, node.values), "boolop")
        self.generic_visit(node)

    def visit_UnaryOp(self, node):
        if isinstance(node.op, (ast.Not, ast.USub, ast.Invert)):
            self._add(node, "(" + self._text(node.operand) + ")", "drop-unary")
        self.generic_visit(node)

    def visit_Constant(self, node):
        v = node.value
        if isinstance(v, bool):
            self._add(node, repr(not v), "const")
        elif isinstance(v, int):
            self._add(node, repr(v + 1), "const")
            if v != 0:
                self._add(node, "0", "const")
        elif isinstance(v, float):
            self._add(node, repr(v * 2 if v else 1.0), "const")

    def visit_Attribute(self, node):
        if isinstance(node.value, ast.Name) and node.value.id == "np" and node.attr in _NP_SWAP:
            self._add(node, "np." + _NP_SWAP[node.attr], "np-swap")
        self.generic_visit(node)

    def visit_Call(self, node):
        args = node.args
        if len(args) == 2 and not node.keywords and not any(isinstance(a, ast.Starred) for a in args):
            for a in args:  # f(a, b) -> a / b: drops an operand such as a reduction's init
                self._add(node, "(" + self._text(a) + ")", "drop-call")
        for i, kw in enumerate(node.keywords):
            if kw.arg is not None:
                rest = node.keywords[:i] + node.keywords[i + 1:]
                self._replace_with(node, ast.Call(node.func, node.args, rest), "drop-kwarg")
        self.generic_visit(node)

    def visit_Expr(self, node):
        if isinstance(node.value, ast.Call):
            self._add(node, "pass", "drop-stmt")
        self.generic_visit(node)

    def visit_If(self, node):
        # the branch never taken / always taken
        self._add(node.test, "False", "if-false")
        self._add(node.test, "True", "if-true")
        self.generic_visit(node)


def mutants_of(path: str, source: str) -> list:
    """Every mutant of `source` (the file at package-relative `path`), in file order."""
    c = _Collector(path, source)
    c.visit(ast.parse(source))
    seen, out = set(), []
    for m in sorted(c.mutants, key=lambda m: (m.start, m.stop, m.operator, m.replacement)):
        if m.key not in seen:
            seen.add(m.key)
            out.append(m)
    return out
