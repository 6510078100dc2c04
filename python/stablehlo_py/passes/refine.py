"""`stablehlo-refine-arguments` and `stablehlo-refine-shapes`: specialise a shape-polymorphic program.

    from mlir.passmanager import PassManager
    from stablehlo_py.passes.refine import add_refine_arguments_pass, add_refine_shapes_pass
    pm = PassManager("builtin.module", context=module.context)
    add_refine_arguments_pass(pm, ["tensor<2x4xf32>"])   # types as text or mlir.ir.Type
    add_refine_shapes_pass(pm)
    pm.run(module.operation)          # raises mlir.ir.MLIRError on a contradiction

refine-arguments gives @main (or the module's only function) the given
argument types and wraps each refined argument in
`custom_call @stablehlo.shape_refinement_operand_wrapper` so the body still
sees the old type; refine-shapes removes the wrappers again.

refine-shapes walks @main (or the module's only function, as upstream) forward,
op by op: it folds integer
shape computations on constants (evaluated by the interpreter), gives each
op the result type its shape function infers from its refined operands
(InferTypeOpInterface / InferShapedTypeOpInterface, else the rules below),
gives dynamic ops whose shape operands are constants their static types,
refines each callee in place as upstream (dimension arguments dropped; in the
remove-dynamism pipeline instead each `func.call` and `stablehlo.composite`
is specialised per refined signature and constant operands), refines
while/if/case, resolves `custom_call @shape_assertion` whose predicate folds,
and updates the functions' types. Choices: docs/dynamism.md.
"""

from __future__ import annotations

import re

import mlir.ir as ir

from .._stablehlo import has_own_memory_effects
from ..dialects import chlo

from ._common import (CONSTANT_OPS, MAX_FOLD_ELEMENTS, PassError, constant_array, constant_ints, erase_with_constants,
                      functions, guarded_pass, integer_dtype, join_types, make_constant, refine_type, with_shape)
from .assertions import check_shape_assertion

__all__ = ["REFINE_ARGUMENTS", "REFINE_SHAPES", "WRAPPER", "refine_arguments", "refine_shapes",
           "refine_arguments_pass", "refine_shapes_pass", "add_refine_arguments_pass", "add_refine_shapes_pass",
           "parse_types", "entry_function"]

REFINE_ARGUMENTS = "stablehlo-refine-arguments"
REFINE_SHAPES = "stablehlo-refine-shapes"
WRAPPER = "stablehlo.shape_refinement_operand_wrapper"
GLOBAL_CONSTANT = "jax.global_constant"

# Integer shape computations folded on constant operands (no regions, no side effects).
FOLDABLE = frozenset("stablehlo." + n for n in (
    "abs add and broadcast_in_dim clamp compare concatenate convert divide dynamic_slice maximum minimum "
    "multiply negate not or pad power remainder reshape reverse select shift_left shift_right_arithmetic "
    "shift_right_logical sign slice subtract transpose xor").split())

# Ops that call a function, and the attribute naming it.
_CALLEE_ATTRIBUTE = {"func.call": "callee", "stablehlo.composite": "decomposition"}

_SYMBOL = re.compile(r"@([\w.$-]+)")



# ----------------------------------------------------------------- refine-arguments

def entry_function(module_op):
    """The function refinement starts from: @main, or the module's only function (as upstream)."""
    funcs = functions(module_op)
    if "main" in funcs:
        return funcs["main"]
    if len(funcs) == 1:
        return next(iter(funcs.values()))
    raise PassError("'builtin.module' op module must have an entry function named @main", module_op.location)


def parse_types(types, context) -> list:
    """mlir.ir.Type objects from a list of types or texts, or one comma-separated text
    (`tensor<2x4xf32>,tensor<i32>`, upstream's `types=` option)."""
    if isinstance(types, str):
        types = _split_types(types)
    parsed = []
    for t in types:
        if isinstance(t, ir.Type):
            parsed.append(t)
            continue
        try:
            parsed.append(ir.Type.parse(str(t).strip(), context))
        except ir.MLIRError:
            raise PassError(f"'builtin.module' op Invalid type string: {str(t).strip()}") from None
    return parsed


def _split_types(text: str) -> list:
    parts, depth, current = [], 0, []
    for ch in text:
        depth += (ch == "<") - (ch == ">")
        if ch == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    parts.append("".join(current))
    return [p.strip() for p in parts if p.strip()]


def refine_arguments(module_op, types) -> None:
    """Give the entry function the argument types `types`, wrapping refined arguments (see module doc)."""
    func = entry_function(module_op)
    types = parse_types(types, module_op.context)
    if len(func.regions[0].blocks) != 1:
        raise PassError("'func.func' op has no body to refine", func.location)
    block = func.regions[0].blocks[0]
    args = list(block.arguments)
    if len(args) != len(types):
        raise PassError(f"'func.func' op number of refinements must match number of function operands "
                        f"{len(types)} vs {len(args)}", func.location)
    for index, (arg, refined) in enumerate(zip(args, types)):
        problem = _refinement_problem(arg.type, refined)
        if problem:
            raise PassError(f"'func.func' op invalid refinement for argument {index}, refinement {problem} "
                            f"in '{arg.type}'->'{refined}'", func.location)
    first = block.operations[0]  # the wrappers go before it, in argument order (as upstream's)
    for arg, refined in zip(args, types):
        if arg.type == refined:
            continue
        with ir.InsertionPoint(first), arg.location:
            shape = make_constant(ir.RankedTensorType(refined).shape, ir.RankedTensorType.get(
                [ir.RankedTensorType(refined).rank], ir.IntegerType.get_signless(64)), arg.location)
            wrapper = ir.Operation.create("stablehlo.custom_call", results=[arg.type],
                                          operands=[arg, shape.result],
                                          attributes={"call_target_name": ir.StringAttr.get(WRAPPER),
                                                      "indices_of_shape_operands": _i64_tensor([1])})
        arg.replace_all_uses_except(wrapper.result, wrapper)
        arg.set_type(refined)
    _set_function_type(func, [a.type for a in args], _function_type(func).results)


def _refinement_problem(old, new):
    """Upstream's validation of one argument refinement: None if `new` may replace `old`."""
    if old == new:
        return None
    if not _is_tensor(old) or not _is_tensor(new):
        return "must be a tensor"
    if not isinstance(new, ir.RankedTensorType):
        return "must be ranked"
    if not isinstance(old, ir.RankedTensorType):
        return None
    old, new = ir.RankedTensorType(old), ir.RankedTensorType(new)
    if old.rank != new.rank:
        return "rank must match operand rank"
    if any(not ir.ShapedType.is_dynamic_size(a) and a != b for a, b in zip(old.shape, new.shape)):
        return "dimension sizes must match for static dimensions"
    return None


def _is_tensor(t) -> bool:
    return isinstance(t, ir.RankedTensorType) or isinstance(t, ir.UnrankedTensorType)


def _i64_tensor(values):
    t = ir.RankedTensorType.get([len(values)], ir.IntegerType.get_signless(64))
    return ir.DenseElementsAttr.get(__import__("numpy").array(values, dtype="int64"), type=t)


def _function_type(func) -> ir.FunctionType:
    return ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)


def _set_function_type(func, inputs, results) -> None:
    func.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(list(inputs), list(results)))


PLATFORM_INDEX = "_platform_index"


def substitute_platform_index(module_op, index: int) -> None:
    """Fix the platform of a multi-platform JAX export: @main's argument marked
    `jax.global_constant = "_platform_index"` becomes the constant `index` and leaves the signature."""
    func = entry_function(module_op)
    block = func.regions[0].blocks[0]
    position = next((i for i in range(len(block.arguments))
                     if _arg_attr(func, i, GLOBAL_CONSTANT) == PLATFORM_INDEX), None)
    if position is None:
        raise PassError(f"'func.func' op has no argument marked jax.global_constant = \"{PLATFORM_INDEX}\"",
                        func.location)
    arg = block.arguments[position]
    if not isinstance(arg.type, ir.RankedTensorType) or arg.type.rank != 0 or \
            integer_dtype(arg.type.element_type) is None:
        raise PassError(f"'func.func' op platform index argument has type {arg.type}, expected an integer "
                        "scalar tensor", func.location)
    with ir.InsertionPoint.at_block_begin(block):
        constant = make_constant(index, arg.type, arg.location)
    arg.replace_all_uses_with(constant.result)
    block.erase_argument(position)
    if "arg_attrs" in func.attributes:
        attrs = list(ir.ArrayAttr(func.attributes["arg_attrs"]))
        func.attributes["arg_attrs"] = ir.ArrayAttr.get(attrs[:position] + attrs[position + 1:])
    _set_function_type(func, [a.type for a in block.arguments], _function_type(func).results)


# ----------------------------------------------------------------- refine-shapes

def refine_shapes(module_op, specialise_calls: bool = False) -> None:
    """Refine the module's shapes. As upstream's pass (default): @main (or the module's only function)
    and the functions it calls, each callee refined in place for its one refinement (leading scalar
    integer constant operands, "dimension arguments", substituted and dropped). `specialise_calls`
    (the remove-dynamism pipeline): every public function nothing calls, each call specialised per
    signature on a copy of its callee (docs/dynamism.md)."""
    _ShapeRefiner(module_op, specialise_calls).run()


class _ShapeRefiner:
    def __init__(self, module_op, specialise_calls: bool = False):
        self.module = module_op
        self.specialise_calls = specialise_calls
        self.keys = {}  # upstream mode: callee name -> (tokens, dimension constants, other operand types)
        self.funcs = functions(module_op)
        self.snapshot_module = None  # the module before refinement: specialisations are cloned from it
        self.snapshot = {}
        self.claimed = set()  # private functions specialised in place (their first signature)
        self.specialised = {}  # (callee, argument types, constants) -> name of its specialisation
        self.active = set()  # functions being refined (recursion is left alone)
        self.visited = set()  # functions refined: callers of a function refined in place

    def run(self) -> None:
        self.snapshot_module = self.module.clone(ip=False)  # detached: kept alive by this reference
        self.snapshot = functions(self.snapshot_module)
        if not self.specialise_calls:
            target = self.target()
            if target is None:
                return
            self.refine_function(target)
            self.restore_unvisited_callers()
            return
        # Entry points: public functions nothing in the module calls (their new result types break no
        # caller); a called public function is refined through its calls, as a private one.
        referenced = self.referenced_symbols()
        for name, func in list(self.funcs.items()):
            if _visibility(func) == "public" and func.regions[0].blocks and name not in referenced:
                self.refine_function(func)
        self.restore_unvisited_callers()
        self.erase_unused_specialisations()

    # functions and calls

    def target(self):
        """Upstream's target: the only function, else @main; None if the module has no function."""
        if not self.funcs:
            return None
        func = next(iter(self.funcs.values())) if len(self.funcs) == 1 else self.funcs.get("main")
        if func is None:
            raise PassError("'builtin.module' op must have no more than one function or a `main` function to "
                            "clearly identify which function will be refined", self.module.location)
        if len(func.regions[0].blocks) != 1:
            raise PassError("'func.func' op must have exactly one block", func.location)
        return func

    def refine_call_in_place(self, op) -> None:
        """Upstream's call refinement: the callee is refined in place, once; its leading scalar integer
        constant operands (after leading tokens) are substituted in its body and dropped from its
        signature and from the call; a callee returning only constants is replaced by them."""
        callee_name = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
        callee = self.funcs.get(callee_name)
        if callee is None or len(callee.regions[0].blocks) != 1:
            return
        operands = list(op.operands)
        tokens = 0
        while tokens < len(operands) and str(operands[tokens].type) == "!stablehlo.token":
            tokens += 1
        dims = []
        for value in operands[tokens:]:
            t = value.type
            array = constant_array(value) if isinstance(t, ir.RankedTensorType) and t.rank == 0 \
                and isinstance(t.element_type, ir.IntegerType) else None
            if array is None:
                break
            dims.append(int(array))
        rest = operands[tokens + len(dims):]
        key = (tokens, tuple(dims), tuple(str(v.type) for v in rest))
        # A call that no longer fits its callee (refined for another call, or being refined) is reported
        # with the error that follows (upstream reports both).
        misfit = len(operands) != len(callee.regions[0].blocks[0].arguments)

        def fail(message):
            if misfit:
                op.location.emit_error("'func.call' op incorrect number of operands for callee")
            raise PassError(message, callee.location)

        if callee_name in self.active:
            fail(f"'func.func' op Function {callee_name} is being refined recursively")
        previous = self.keys.get(callee_name)
        if previous is None:
            self.keys[callee_name] = key
            self.claimed.add(callee_name)  # callers refinement never reaches get an unrefined copy
            self.refine_callee(op, callee, tokens, dims, [v.type for v in rest])
        elif (dims and dims != list(previous[1])) or (tokens, key[2]) != (previous[0], previous[2]):
            fail(f"'func.func' op refined with incompatible refinement keys: @{callee_name} refined for "
                 f"{_key_text(previous)}, now called with {_key_text(key)}")
        results = _function_type(callee).results
        if self.constant_function(callee):
            returned = _terminator(callee.regions[0].blocks[0])
            with ir.InsertionPoint(op):
                for result, value in zip(op.results, returned.operands):
                    result.replace_all_uses_with(value.owner.clone().results[0])
            erase_with_constants(op)
            return
        if dims:
            with ir.InsertionPoint(op):
                call = ir.Operation.create("func.call", results=list(results),
                                           operands=operands[:tokens] + rest,
                                           attributes={k: op.attributes[k] for k in op.attributes},
                                           loc=op.location)
            for old, new in zip(op.results, call.results):
                if refine_type(old.type, new.type) is None:
                    raise PassError(f"'func.call' op result of @{callee_name} is refined to {new.type}, which "
                                    f"contradicts the call's result type {old.type}", op.location)
                old.replace_all_uses_with(new)
            erase_with_constants(op)
            return
        for index, (r, t) in enumerate(zip(op.results, results)):
            if refine_type(r.type, t) is None:
                raise PassError(f"'func.call' op result #{index} of @{callee_name} is refined to {t}, which "
                                f"contradicts the call's result type {r.type}", op.location)
            r.set_type(t)

    def refine_callee(self, call, callee, tokens, dims, types) -> None:
        block = callee.regions[0].blocks[0]
        params = list(block.arguments)
        if len(params) != len(call.operands):
            raise PassError("'func.call' op incorrect number of operands for callee", call.location)
        for index, value in enumerate(dims, start=tokens):
            arg = params[index]
            with ir.InsertionPoint.at_block_begin(block):
                constant = make_constant(value, arg.type, arg.location)
            arg.replace_all_uses_with(constant.result)
        for index in reversed(range(tokens, tokens + len(dims))):
            block.erase_argument(index)
        if dims and "arg_attrs" in callee.attributes:
            attrs = list(ir.ArrayAttr(callee.attributes["arg_attrs"]))
            callee.attributes["arg_attrs"] = ir.ArrayAttr.get(attrs[:tokens] + attrs[tokens + len(dims):])
        for index, (arg, t) in enumerate(zip(list(block.arguments)[tokens:], types), start=tokens):
            if refine_type(arg.type, t) is None:
                raise PassError(f"'func.call' op operand of type {t} contradicts parameter #{index} of type "
                                f"{arg.type} of @{ir.StringAttr(callee.attributes['sym_name']).value}",
                                call.location)
            arg.set_type(t)
        _set_function_type(callee, [a.type for a in block.arguments], _function_type(callee).results)
        self.refine_function(callee)

    def constant_function(self, func) -> bool:
        """Whether `func` returns only constants (at least one) and has no side effects."""
        returned = _terminator(func.regions[0].blocks[0])
        if returned is None or not len(returned.operands):
            return False
        if not all(isinstance(v.owner, (ir.Operation, ir.OpView)) and v.owner.name in CONSTANT_OPS
                   for v in returned.operands):
            return False
        return self.side_effect_free(func)

    def refine_function(self, func) -> None:
        name = ir.StringAttr(func.attributes["sym_name"]).value
        if name in self.active or len(func.regions[0].blocks) != 1:
            return
        self.active.add(name)
        self.visited.add(name)
        try:
            block = func.regions[0].blocks[0]
            self.refine_block(block)
        finally:
            self.active.discard(name)
        returned = _terminator(block)
        declared = _function_type(func).results
        if returned is None or len(returned.operands) != len(declared):
            return
        for index, (d, value) in enumerate(zip(declared, returned.operands)):
            if refine_type(d, value.type) is None:
                raise PassError(f"'func.return' op result #{index} of @{name} is refined to {value.type}, "
                                f"which contradicts its declared type {d}", returned.location)
        _set_function_type(func, [a.type for a in block.arguments], [v.type for v in returned.operands])

    def refine_call(self, op, callee_attribute: str) -> None:
        """A func.call (or a composite, whose decomposition is called the same way)."""
        callee_name = ir.FlatSymbolRefAttr(op.attributes[callee_attribute]).value
        callee = self.funcs.get(callee_name)
        if callee is None or len(callee.regions[0].blocks) != 1 or callee_name in self.active:
            return
        params = callee.regions[0].blocks[0].arguments
        if len(params) != len(op.operands):
            return
        types = [v.type for v in op.operands]
        # Constant operands are substituted in the specialisation (inlining would fold them the same way);
        # jax.global_constant arguments (dimension variables) are exactly those that matter.
        constants = [constant_array(v) for v in op.operands]
        key = (callee_name, tuple(str(t) for t in types),
               tuple(None if c is None else (c.dtype.str, c.shape, c.tobytes()) for c in constants))
        target_name = self.specialised.get(key)
        if target_name is None:
            target_name = self.specialise(op, callee_name, key, types, constants)
        elif target_name in self.active:
            return
        if target_name != callee_name:
            op.attributes[callee_attribute] = ir.FlatSymbolRefAttr.get(target_name)
        target = self.funcs[target_name]
        results = _function_type(target).results
        for index, (r, t) in enumerate(zip(op.results, results)):
            if refine_type(r.type, t) is None:
                raise PassError(f"'{op.name}' op result #{index} of @{target_name} is refined to {t}, which "
                                f"contradicts the call's result type {r.type}", op.location)
            r.set_type(t)
        self.forward_constant_results(op, target)

    def forward_constant_results(self, call, target) -> None:
        """Results the callee returns as constants become constants at the call (what inlining and
        folding would give); a call left without uses to a side-effect free callee is erased."""
        returned = _terminator(target.regions[0].blocks[0])
        for result, value in zip(call.results, returned.operands):
            array = constant_array(value)
            if array is not None and any(True for _ in result.uses):
                with ir.InsertionPoint(call):
                    result.replace_all_uses_with(make_constant(array, result.type, call.location).result)
        if not any(True for r in call.results for _ in r.uses) and self.side_effect_free(target):
            erase_with_constants(call)

    def side_effect_free(self, func, seen=None) -> bool:
        seen = set() if seen is None else seen
        name = ir.StringAttr(func.attributes["sym_name"]).value
        if name in seen:
            return False  # recursion: not analysed
        seen.add(name)
        pure = True

        def visit(op):
            nonlocal pure
            if op.name in _CALLEE_ATTRIBUTE:
                callee = self.funcs.get(ir.FlatSymbolRefAttr(op.attributes[_CALLEE_ATTRIBUTE[op.name]]).value)
                pure = pure and callee is not None and self.side_effect_free(callee, seen)
            elif op.operation != func.operation and has_own_memory_effects(op):  # as the op's definition says
                pure = False
            return ir.WalkResult.ADVANCE if pure else ir.WalkResult.INTERRUPT

        func.walk(visit, ir.WalkOrder.PRE_ORDER)
        return pure

    def restore_unvisited_callers(self) -> None:
        """Calls in functions refinement never reached (dead code) to a function refined in place are
        given an unrefined copy of it, so they keep matching their callee's type."""
        copies = {}  # function refined in place -> name of its unrefined copy
        pending = [f for name, f in self.funcs.items() if name not in self.visited]
        while pending:
            calls = []

            def visit(op):
                if op.name in _CALLEE_ATTRIBUTE:
                    calls.append(op)
                return ir.WalkResult.ADVANCE

            pending.pop().walk(visit, ir.WalkOrder.PRE_ORDER)
            for call in calls:
                attribute = _CALLEE_ATTRIBUTE[call.name]
                callee = ir.FlatSymbolRefAttr(call.attributes[attribute]).value
                if callee not in self.claimed:
                    continue
                if callee not in copies:
                    copies[callee] = self.clone_unrefined(callee)
                    pending.append(self.funcs[copies[callee]])
                call.attributes[attribute] = ir.FlatSymbolRefAttr.get(copies[callee])

    def clone_unrefined(self, name: str) -> str:
        """A private copy of function @name as it was before the pass; its name."""
        copy_name = _unique_name(name, self.funcs)
        with ir.InsertionPoint(self.module.regions[0].blocks[0]):
            copy = self.snapshot[name].clone()
        copy.attributes["sym_name"] = ir.StringAttr.get(copy_name)
        copy.attributes["sym_visibility"] = ir.StringAttr.get("private")
        self.funcs[copy_name] = copy
        return copy_name

    def referenced_symbols(self) -> set:
        """The names symbol references of ops other than functions and constants mention."""
        referenced = set()

        def visit(op):
            if op.name != "func.func" and op.name not in CONSTANT_OPS:
                for attr in op.attributes:
                    try:
                        referenced.update(_SYMBOL.findall(str(op.attributes[attr])))
                    except TypeError:  # an attribute the bindings cannot downcast: dense elements, no symbol
                        pass
            return ir.WalkResult.ADVANCE

        self.module.walk(visit, ir.WalkOrder.PRE_ORDER)
        return referenced

    def erase_unused_specialisations(self) -> None:
        """Functions this pass specialised that no symbol reference names any more."""
        referenced = self.referenced_symbols()
        for name in set(self.specialised.values()):
            func = self.funcs.get(name)
            if func is not None and name not in referenced and _visibility(func) != "public":
                func.erase()
                del self.funcs[name]

    def specialise(self, call, callee_name, key, types, constants) -> str:
        """The name of @callee refined for `types` and `constants`: refined in place the first time
        (if private), else a clone of its unrefined form."""
        callee = self.funcs[callee_name]
        if _visibility(callee) != "public" and callee_name not in self.claimed:
            self.claimed.add(callee_name)
            target, target_name = callee, callee_name
        else:
            target_name = self.clone_unrefined(callee_name)
            target = self.funcs[target_name]
        self.specialised[key] = target_name
        block = target.regions[0].blocks[0]
        for index, (arg, t) in enumerate(zip(block.arguments, types)):
            if refine_type(arg.type, t) is None:
                raise PassError(f"'{call.name}' op operand #{index} of type {t} contradicts parameter type "
                                f"{arg.type} of @{callee_name}", call.location)
            arg.set_type(t)
        for arg, value in zip(block.arguments, constants):
            if value is not None and any(True for _ in arg.uses):
                with ir.InsertionPoint.at_block_begin(block):
                    constant = make_constant(value, arg.type, arg.location)
                arg.replace_all_uses_with(constant.result)
        self.refine_function(target)
        return target_name

    # blocks and ops

    def refine_block(self, block) -> None:
        for op in list(block.operations):
            self.refine_op(op.operation)

    def refine_op(self, op) -> None:
        name = op.name
        if name == "func.call" and not self.specialise_calls:
            return self.refine_call_in_place(op)
        if name in _CALLEE_ATTRIBUTE:
            if self.specialise_calls:
                self.refine_call(op, _CALLEE_ATTRIBUTE[name])
            return  # upstream leaves composites as they are
        if name == "builtin.unrealized_conversion_cast":
            return _erase_refining_cast(op)
        if name == "stablehlo.while":
            return self.refine_while(op)
        if name in ("stablehlo.if", "stablehlo.case"):
            return self.refine_branches(op)
        if name == "stablehlo.custom_call":
            return self.refine_custom_call(op)
        if name in CONSTANT_OPS:
            return  # typed by its value
        if fold(op):
            return
        _check_same_shapes(op)
        for region in op.regions:  # reduce bodies, sort comparators...: their calls are specialised too
            for block in region.blocks:
                self.refine_block(block)
        inferred = infer_result_types(op)
        if inferred is None:
            return
        set_result_types(op, inferred)
        if name == "stablehlo.convert" and op.operands[0].type == op.results[0].type:
            op.results[0].replace_all_uses_with(op.operands[0])  # an identity convert folds away
            erase_with_constants(op)

    def refine_while(self, op) -> None:
        cond, body = (r.blocks[0] for r in op.regions)
        for block in (cond, body):
            for index, (arg, value) in enumerate(zip(block.arguments, op.operands)):
                refined = refine_type(arg.type, value.type)
                if refined is None:
                    raise PassError(f"'stablehlo.while' op operand #{index} of type {value.type} contradicts "
                                    f"the region argument type {arg.type}", op.location)
                arg.set_type(refined)
        self.refine_block(cond)
        self.refine_block(body)
        yielded = _terminator(body)
        for index, (arg, value) in enumerate(zip(body.arguments, yielded.operands)):
            if refine_type(arg.type, value.type) is None:
                raise PassError(f"'stablehlo.while' op loop-carried value #{index} enters the loop as "
                                f"{arg.type} but the body yields {value.type}: its shape changes across "
                                f"iterations", op.location)
        set_result_types(op, [v.type for v in op.operands])

    def refine_branches(self, op) -> None:
        terminators = []
        for region in op.regions:
            self.refine_block(region.blocks[0])
            terminators.append(_terminator(region.blocks[0]))
        for index, result in enumerate(op.results):
            yielded = [t.operands[index].type for t in terminators]
            for t in yielded[1:]:
                if refine_type(yielded[0], t) is None:
                    raise PassError(f"'{op.name}' op branches yield incompatible types for result #{index}: "
                                    f"{', '.join(map(str, yielded))}", op.location)
            result.set_type(join_types(result.type, yielded))

    def refine_custom_call(self, op) -> None:
        target = ir.StringAttr(op.attributes["call_target_name"]).value
        if target == WRAPPER:
            return _remove_wrapper(op)
        if target == "shape_assertion":
            check_shape_assertion(op, require_constant=False)
            return
        if target in _CUSTOM_CALL_RULES:
            inferred = _CUSTOM_CALL_RULES[target](op)
            if inferred is not None:
                set_result_types(op, inferred)
            return
        if "indices_of_shape_operands" in op.attributes:
            reports = []
            refined = shape_refinements(op, reports)
            if reports:
                raise PassError(reports[0][1], reports[0][0])
            if refined is not None:
                shapes = iter(refined[1])
                set_result_types(op, [_rebuild(r.type, shapes) for r in op.results])


def _refine_any(declared, inferred):
    """refine_type, element by element for tuples."""
    if isinstance(declared, ir.TupleType) and isinstance(inferred, ir.TupleType):
        d, i = ir.TupleType(declared), ir.TupleType(inferred)
        if d.num_types != i.num_types:
            return None
        parts = [_refine_any(d.get_type(k), i.get_type(k)) for k in range(d.num_types)]
        return None if None in parts else ir.TupleType.get_tuple(parts)
    return refine_type(declared, inferred)


def _leaves(t) -> list:
    """The non-tuple types of `t`, depth first (a tuple's elements, flattened)."""
    if isinstance(t, ir.TupleType):
        t = ir.TupleType(t)
        return [leaf for i in range(t.num_types) for leaf in _leaves(t.get_type(i))]
    return [t]


def _rebuild(t, shapes):
    """`t` with its leaves given the next shapes of the iterator `shapes` (where they are ranked)."""
    if isinstance(t, ir.TupleType):
        t = ir.TupleType(t)
        return ir.TupleType.get_tuple([_rebuild(t.get_type(i), shapes) for i in range(t.num_types)])
    shape = next(shapes)
    if isinstance(t, ir.RankedTensorType):
        return with_shape(t, shape)
    if isinstance(t, ir.UnrankedTensorType):
        return ir.RankedTensorType.get(shape, ir.ShapedType(t).element_type)
    return t


def _compatible_shape(shape, t) -> bool:
    if isinstance(t, ir.UnrankedTensorType):
        return True
    if not isinstance(t, ir.RankedTensorType):
        return False
    t = ir.RankedTensorType(t)
    return t.rank == len(shape) and all(ir.ShapedType.is_dynamic_size(d) or d == s for d, s in zip(t.shape, shape))


def shape_refinements(op, reports):
    """(indices, shapes): the shapes the constant operands named by `op`'s `indices_of_shape_operands`
    give its results (tuple results flattened), as upstream reads them. None if a named operand is not
    constant, or if the attribute is malformed: then (location, upstream's message) is added to
    `reports`."""
    def report(message):
        reports.append((op.location, f"'{op.name}' op {message}"))

    attr = op.attributes["indices_of_shape_operands"]
    if not isinstance(attr, ir.DenseIntElementsAttr):
        return report("indices_of_shape_operands: must be a dense integer elements attribute")
    t = ir.ShapedType(attr.type)
    if t.rank != 1:
        return report("indices_of_shape_operands: must have rank = 1")
    if t.element_type != ir.IntegerType.get_signless(64, op.context):
        return report("indices_of_shape_operands: must have i64 element type")
    indices = [int(i) for i in ir.DenseIntElementsAttr(attr)]
    results = [leaf for r in op.results for leaf in _leaves(r.type)]
    if len(indices) != len(results):
        return report(f"indices_of_shape_operands: number of elements ({len(indices)}) must be equal to the "
                      f"number of operation results ({len(results)})")
    shapes = []
    for result_index, operand_index in enumerate(indices):
        if not 0 <= operand_index < len(op.operands):
            return report(f"indices_of_shape_operands: index #{result_index} ({operand_index}) must be within "
                          f"bounds for operation operands (from 0 to {len(op.operands)})")
        shape = constant_ints(op.operands[operand_index])
        if shape is None:
            return None
        if not _compatible_shape(shape, results[result_index]):
            return report(f"refinement #{result_index} ([{', '.join(map(str, shape))}]) must be compatible "
                          f"with operation result #{result_index} ('{results[result_index]}')")
        shapes.append(shape)
    return indices, shapes


def _remove_wrapper(op) -> None:
    """The wrapper refine-arguments made: its uses take the refined argument directly."""
    if len(op.operands) != 2 or len(op.results) != 1:
        raise PassError(f"'stablehlo.custom_call' op @{WRAPPER} expects 2 operands and 1 result", op.location)
    operand, result = op.operands[0], op.results[0]
    if refine_type(result.type, operand.type) is None or _element_type(result.type) != _element_type(operand.type):
        raise PassError(f"'stablehlo.custom_call' op @{WRAPPER}: operand type {operand.type} contradicts "
                        f"the wrapped type {result.type}", op.location)
    result.replace_all_uses_with(operand)
    erase_with_constants(op)


def _shaped_by(declared, shape_value, location):
    """`declared` with the shape held by constant `shape_value` (unchanged if it is not constant)."""
    shape = constant_ints(shape_value)
    if shape is None or not isinstance(declared, ir.RankedTensorType):
        return declared
    if any(s < 0 for s in shape):
        raise PassError(f"shape operand holds a negative size: {shape}", location)
    if len(shape) != ir.RankedTensorType(declared).rank:
        return ir.RankedTensorType.get(shape, ir.RankedTensorType(declared).element_type)  # refine_type rejects
    return with_shape(declared, shape)


def _refinable_user(op) -> bool:
    """Whether `op` accepts a refined operand type (as upstream: StableHLO and CHLO ops, func.return and
    func.call; others, like tensor.dim, would no longer verify)."""
    name = op.operation.name  # (an OpView's .name may be its attribute: stablehlo.composite's)
    return name.startswith(("stablehlo.", "chlo.")) or name in ("func.return", "func.call")


def set_result_types(op, inferred) -> None:
    """Refine each result's type by the inferred one; a contradiction is an error at the op. An op with
    a result used by an op that does not accept refined types is left as it is (as upstream)."""
    if any(not _refinable_user(use.owner) for r in op.results for use in r.uses):
        return
    for index, (result, t) in enumerate(zip(op.results, inferred)):
        refined = _refine_any(result.type, t)
        if refined is None:
            raise PassError(_verifier_message(op) or f"'{op.name}' op result #{index} is inferred as {t}, "
                            f"which contradicts its type {result.type}", op.location)
        if refined != result.type:
            result.set_type(refined)


def _verifier_message(op):
    """What the verifier says of `op` with its refined operands, or None if it verifies. Shape
    functions give their operand as a placeholder type when the operands cannot give a result (the
    verifier names the constraint), so a contradiction is best explained by the verifier."""
    try:
        op.verify()
    except ir.MLIRError as e:
        return "; ".join(str(d.message) for d in e.error_diagnostics) or None
    return None


# ----------------------------------------------------------------- folding

def fold(op) -> bool:
    """Replace `op` by constants if it is a small integer computation on constants; True if done."""
    if op.name == "stablehlo.get_dimension_size":
        return _fold_dimension_size(op)
    if op.name not in FOLDABLE or not op.results:
        return False
    types = [r.type for r in op.results]
    for t in types:
        if not isinstance(t, ir.RankedTensorType) or not ir.RankedTensorType(t).has_static_shape \
                or integer_dtype(ir.RankedTensorType(t).element_type) is None \
                or _elements(ir.RankedTensorType(t)) > MAX_FOLD_ELEMENTS:
            return False
    arrays = [constant_array(v) for v in op.operands]
    if any(a is None for a in arrays):
        return False
    values = _evaluate(op, arrays)
    if values is None:
        return False
    _replace_by_constants(op, values)
    return True


def _fold_dimension_size(op) -> bool:
    operand = op.operands[0].type
    dim = ir.IntegerAttr(op.attributes["dimension"]).value
    if not isinstance(operand, ir.RankedTensorType) or not 0 <= dim < ir.RankedTensorType(operand).rank:
        return False
    size = ir.RankedTensorType(operand).shape[dim]
    if ir.ShapedType.is_dynamic_size(size):
        return False
    _replace_by_constants(op, [size])
    return True


def _elements(t) -> int:
    count = 1
    for s in t.shape:
        count *= s
    return count


def _replace_by_constants(op, values) -> None:
    with ir.InsertionPoint(op):
        for result, value in zip(op.results, values):
            result.replace_all_uses_with(make_constant(value, result.type, op.location).result)
    erase_with_constants(op)


def _evaluate(op, arrays):
    """The results of `op` on `arrays`, computed by the interpreter; None if it cannot."""
    from mlir.dialects import func

    from ..interpreter import compile as compile_

    try:
        with op.context, ir.Location.unknown():
            module = ir.Module.create()
            with ir.InsertionPoint(module.body):
                function = func.FuncOp("main", ([v.type for v in op.operands], [r.type for r in op.results]))
            block = function.add_entry_block()
            with ir.InsertionPoint(block):
                clone = op.clone()
                for index, arg in enumerate(block.arguments):
                    clone.operands[index] = arg
                func.ReturnOp(list(clone.results))
        return compile_(module)(*arrays)
    except Exception:  # noqa: BLE001 - not foldable here (the op fails or is unsupported): left to run time
        return None


# ----------------------------------------------------------------- type inference

def infer_result_types(op):
    """Result types of `op` inferred from its (refined) operands, or None."""
    rule = _RULES.get(op.name)
    if rule is not None:
        return rule(op)
    has_interface, types = _infer(op, op, list(op.operands))
    return types if has_interface else None


def _infer(op, target, operands, extra=None, own_attributes=True):
    """(whether `target`, an op or op class, has a shape function; the result types it infers for `op`'s
    attributes (unless not `own_attributes`) plus `extra` on `operands`, or None). Shapes only: the
    declared element types of `op`'s results are kept."""
    # Only our dialects' shape functions take attributes without properties: another dialect's op
    # (shape.const_shape from torch-mlir) may read properties the Python binding does not pass and
    # crash the process.
    if not op.name.startswith(("stablehlo.", "chlo.")):
        return False, None
    attributes = _attribute_dict(op, extra) if own_attributes else ir.DictAttr.get(extra or {})
    if attributes is None:
        return False, None
    for interface in (ir.InferTypeOpInterface, ir.InferShapedTypeOpInterface):
        try:
            bound = interface(target, op.context)
        except ValueError:
            continue
        # A shape function that fails reports why as a diagnostic; here failure only means "keep the
        # declared types", so the report is dropped (inside a pass manager run an unconsumed error
        # diagnostic would abort the process).
        silencer = op.context.attach_diagnostic_handler(lambda diagnostic: True)
        try:
            if interface is ir.InferTypeOpInterface:
                inferred = bound.inferReturnTypes(operands=operands, attributes=attributes, context=op.context,
                                                  loc=op.location)
                return True, [with_shape(r.type, ir.RankedTensorType(t.maybe_downcast()).shape)
                              if _both_ranked(r.type, t) else t for r, t in zip(op.results, inferred)]
            components = bound.inferReturnTypeComponents(operands=operands, attributes=attributes,
                                                         context=op.context, loc=op.location)
            return True, [with_shape(r.type, c.shape) if c.has_rank and isinstance(r.type, ir.RankedTensorType)
                          else r.type for c, r in zip(components, op.results)]
        except ValueError:
            return True, None
        finally:
            silencer.detach()
    return False, None


def _both_ranked(declared, inferred) -> bool:
    return isinstance(declared, ir.RankedTensorType) and isinstance(inferred.maybe_downcast(), ir.RankedTensorType)


def _attribute_dict(op, extra=None):
    """The op's attributes (plus `extra`) as a DictAttr, or None if the bindings cannot read one
    (they fail to downcast some, e.g. dense complex elements)."""
    try:
        attributes = {k: op.attributes[k] for k in op.attributes}
    except TypeError:
        return None
    attributes.update(extra or {})
    return ir.DictAttr.get(attributes)


def _shape_operand_rule(index):
    def rule(op):
        return [_shaped_by(op.results[0].type, op.operands[index], op.location)]
    return rule


def _dynamic_pad(op):
    operand = op.operands[0].type
    lows, highs, interiors = (constant_ints(v) for v in op.operands[2:5])
    if None in (lows, highs, interiors) or not isinstance(operand, ir.RankedTensorType):
        return None
    shape = []
    for n, lo, hi, interior in zip(ir.RankedTensorType(operand).shape, lows, highs, interiors):
        dynamic = ir.ShapedType.is_dynamic_size(n)
        shape.append(-1 if dynamic else lo + hi + n + max(n - 1, 0) * interior)
    if any(not ir.ShapedType.is_dynamic_size(s) and s < 0 for s in shape if s != -1):
        raise PassError(f"'stablehlo.dynamic_pad' op padding makes a negative size: {shape}", op.location)
    return [with_shape(op.results[0].type, shape)]


def _real_dynamic_slice(op):
    starts, limits, strides = (constant_ints(v) for v in op.operands[1:4])
    sizes = _added_sizes(op.operands[1], op.operands[2])
    if sizes is not None and strides is not None and all(s == 1 for s in strides):
        return [with_shape(op.results[0].type, sizes)]  # limit = start + sizes: the sizes, wherever it starts
    if None in (starts, limits, strides):
        return None
    if any(s <= 0 for s in strides) or any(lim < s for s, lim in zip(starts, limits)):
        raise PassError(f"'stablehlo.real_dynamic_slice' op has invalid constant bounds: start {starts}, "
                        f"limit {limits}, strides {strides}", op.location)
    return [with_shape(op.results[0].type, [-(-(lim - s) // st) for s, lim, st in zip(starts, limits, strides)])]


def _added_sizes(start, limit):
    """The constant `sizes` if `limit` is `add(start, sizes)` (either order), else None."""
    owner = limit.owner
    if not isinstance(owner, (ir.Operation, ir.OpView)) or owner.name != "stablehlo.add":
        return None
    lhs, rhs = owner.operands
    return constant_ints(rhs) if lhs == start else constant_ints(lhs) if rhs == start else None


def _group_size(op):
    """The size of the replica groups of a collective whose groups hold replica ids only (no channel,
    or flattened ids), else None (a group of replicas and partitions has a size known at run time)."""
    if "channel_handle" in op.attributes and "use_global_device_ids" not in op.attributes:
        return None
    groups = op.attributes["replica_groups"] if "replica_groups" in op.attributes else None
    if not isinstance(groups, ir.DenseElementsAttr):
        return None
    shape = ir.ShapedType(groups.type).shape
    return shape[1] if len(shape) == 2 and shape[1] > 0 else None


def _collective(dimension_attribute, scale):
    def rule(op):
        size = _group_size(op)
        if size is None:
            return None
        dim = ir.IntegerAttr(op.attributes[dimension_attribute]).value
        types = []
        for operand, result in zip(op.operands, op.results):
            if not isinstance(operand.type, ir.RankedTensorType) or not isinstance(result.type, ir.RankedTensorType):
                types.append(result.type)
                continue
            shape = list(ir.RankedTensorType(operand.type).shape)
            declared = ir.RankedTensorType(result.type).shape
            if len(declared) != len(shape) or not 0 <= dim < len(shape):
                types.append(result.type)
                continue
            if not ir.ShapedType.is_dynamic_size(declared[dim]):
                shape[dim] = declared[dim]  # a declared size is kept (upstream accepts a multiple)
            elif not ir.ShapedType.is_dynamic_size(shape[dim]):
                new = scale(shape[dim], size)
                shape[dim] = -1 if new is None else new
            types.append(with_shape(result.type, shape))
        return types
    return rule


def _dynamic_gather(op):
    from ..dialects import stablehlo

    sizes = constant_ints(op.operands[2])
    if sizes is None:
        return None
    return _infer(op, stablehlo.GatherOp, list(op.operands[:2]), {"slice_sizes": ir.DenseI64ArrayAttr.get(sizes)})[1]


def _dynamic_conv(op):
    from ..dialects import stablehlo

    padding = constant_array(op.operands[2])
    if padding is None or padding.ndim != 2:
        return None
    return _infer(op, stablehlo.ConvolutionOp, list(op.operands[:2]), {"padding": conv_padding(padding)})[1]


def conv_padding(padding):
    """The `padding` attribute of a convolution: an i64 tensor of shape [N, 2]."""
    import numpy as np

    array = np.ascontiguousarray(padding.astype(np.int64))
    t = ir.RankedTensorType.get(list(array.shape), ir.IntegerType.get_signless(64))
    return ir.DenseElementsAttr.get(array, type=t)


DYNAMIC_REDUCE_WINDOW = "stablehlo.dynamic_reduce_window"


def reduce_window_parts(op):
    """(inputs, init values, reduce_window attributes) of `custom_call @stablehlo.dynamic_reduce_window(
    inputs..., inits..., window_dimensions, window_strides, base_dilations, window_dilations, padding)`
    whose last five operands are constants; None otherwise."""
    operands = list(op.operands)
    count = len(operands) - 5
    if count < 2 or count % 2 or len(op.results) != count // 2:
        return None
    sizes = [constant_ints(v) for v in operands[-5:-1]]
    padding = constant_array(operands[-1])
    if None in sizes or padding is None or padding.ndim != 2:
        return None
    names = ("window_dimensions", "window_strides", "base_dilations", "window_dilations")
    attributes = {name: ir.DenseI64ArrayAttr.get(values) for name, values in zip(names, sizes)}
    attributes["padding"] = conv_padding(padding)
    return operands[:count // 2], operands[count // 2:count], attributes


def _dynamic_reduce_window(op):
    from ..dialects import stablehlo

    parts = reduce_window_parts(op)
    if parts is None:
        return None
    inputs, inits, attributes = parts
    return _infer(op, stablehlo.ReduceWindowOp, inputs + inits, attributes, own_attributes=False)[1]


_CUSTOM_CALL_RULES = {DYNAMIC_REDUCE_WINDOW: _dynamic_reduce_window}


def _bit_width(element):
    """Bits of an element type (of one part of a complex one), or None."""
    if isinstance(element, ir.ComplexType):
        element = element.element_type
    return element.width if isinstance(element, (ir.IntegerType, ir.FloatType)) else None


def _bitcast_convert(op):
    """The operand's shape when the element widths agree (otherwise the ranks differ: left alone, as
    upstream)."""
    operand, result = op.operands[0].type, op.results[0].type
    if not isinstance(operand, ir.RankedTensorType) or not isinstance(result, ir.RankedTensorType):
        return None
    width = _bit_width(operand.element_type)
    if width is None or width != _bit_width(result.element_type):
        return None
    return [with_shape(result, operand.shape)]

def _ragged_dot(op):
    """chlo.ragged_dot's result shape (its C8): the group count if the lhs ragged dimension is a
    contracting one, then the batching sizes, the lhs's free sizes and the rhs's (its group
    dimension excluded). chlo.ragged_dot has no shape function of its own."""
    numbers = chlo.RaggedDotDimensionNumbers(op.attributes["ragged_dot_dimension_numbers"]).fields()
    lhs, rhs, groups = (ir.RankedTensorType(v.type) for v in op.operands)
    result = op.results[0].type
    if not isinstance(result, ir.RankedTensorType) or not numbers["lhs_ragged_dimensions"]:
        return None
    lhs_batch, lhs_contract = numbers["lhs_batching_dimensions"], numbers["lhs_contracting_dimensions"]
    rhs_skip = (set(numbers["rhs_batching_dimensions"]) | set(numbers["rhs_contracting_dimensions"])
                | set(numbers["rhs_group_dimensions"]))
    shape = [groups.shape[-1]] if numbers["lhs_ragged_dimensions"][0] in lhs_contract else []
    shape += [lhs.shape[d] for d in lhs_batch]
    shape += [lhs.shape[d] for d in range(lhs.rank) if d not in lhs_batch and d not in lhs_contract]
    shape += [rhs.shape[d] for d in range(rhs.rank) if d not in rhs_skip]
    return [with_shape(result, shape)]


_RULES = {
    "chlo.ragged_dot": _ragged_dot,
    "stablehlo.dynamic_broadcast_in_dim": _shape_operand_rule(1),
    "stablehlo.dynamic_reshape": _shape_operand_rule(1),
    "stablehlo.dynamic_iota": _shape_operand_rule(0),
    "stablehlo.dynamic_pad": _dynamic_pad,
    "stablehlo.real_dynamic_slice": _real_dynamic_slice,
    "stablehlo.dynamic_gather": _dynamic_gather,
    "stablehlo.dynamic_conv": _dynamic_conv,
    "stablehlo.rng": _shape_operand_rule(2),
    "stablehlo.bitcast_convert": _bitcast_convert,
    "stablehlo.all_gather": _collective("all_gather_dim", lambda n, size: n * size),
    "stablehlo.reduce_scatter": _collective("scatter_dimension", lambda n, size: n // size if n % size == 0 else None),
    # Their result types are declared, not inferred (upstream keeps them too).
    "stablehlo.broadcast_in_dim": lambda op: None,
    "stablehlo.reshape": lambda op: None,
    "stablehlo.iota": lambda op: None,
}


# ----------------------------------------------------------------- helpers

def _key_text(key) -> str:
    tokens, dims, types = key
    return f"({tokens} leading tokens, dimension arguments [{', '.join(map(str, dims))}], types " \
           f"[{', '.join(types)}])"


def _erase_refining_cast(op) -> None:
    """`builtin.unrealized_conversion_cast` from a type to a less specific one goes (its uses take its
    operand), as upstream."""
    if len(op.operands) != 1 or len(op.results) != 1:
        return
    operand, result = op.operands[0], op.results[0]
    if operand.type != result.type and refine_type(result.type, operand.type) == operand.type:
        result.replace_all_uses_with(operand)
        op.erase()


# Element-wise ops whose operands and result share one shape.
_SAME_SHAPE = frozenset("stablehlo." + n for n in (
    "add subtract multiply divide remainder maximum minimum power atan2 and or xor shift_left "
    "shift_right_arithmetic shift_right_logical complex").split())


def _check_same_shapes(op) -> None:
    """An element-wise op whose refined operands contradict each other: upstream's verifier message."""
    if op.name not in _SAME_SHAPE:
        return
    shapes = [ir.RankedTensorType(v.type).shape for v in op.operands if isinstance(v.type, ir.RankedTensorType)]
    for shape in shapes[1:]:
        if len(shape) != len(shapes[0]) or any(
                not ir.ShapedType.is_dynamic_size(a) and not ir.ShapedType.is_dynamic_size(b) and a != b
                for a, b in zip(shape, shapes[0])):
            raise PassError(f"'{op.name}' op requires the same shape for all operands and results", op.location)


def _element_type(t):
    return t.element_type if isinstance(t, ir.ShapedType) else t


def _visibility(func) -> str:
    return ir.StringAttr(func.attributes["sym_visibility"]).value if "sym_visibility" in func.attributes \
        else "public"


def _arg_attr(func, index: int, name: str):
    """The string value of argument attribute `name` of argument `index`, or None."""
    if "arg_attrs" not in func.attributes:
        return None
    attrs = ir.ArrayAttr(func.attributes["arg_attrs"])
    if index >= len(attrs) or name not in ir.DictAttr(attrs[index]):
        return None
    value = ir.DictAttr(attrs[index])[name]
    return value.value if isinstance(value, ir.StringAttr) else str(value)


def _terminator(block):
    ops = list(block.operations)
    return ops[-1].operation if ops else None


def _unique_name(base: str, taken) -> str:
    n = 0
    while f"{base}_{n}" in taken:
        n += 1
    return f"{base}_{n}"


# ----------------------------------------------------------------- passes

def refine_arguments_pass(types):
    """A callable for `PassManager.add(..., name=REFINE_ARGUMENTS)`; `types` as in `parse_types`."""
    return guarded_pass(REFINE_ARGUMENTS, lambda op: refine_arguments(op, types))


def refine_shapes_pass():
    """A callable for `PassManager.add(..., name=REFINE_SHAPES)`."""
    return guarded_pass(REFINE_SHAPES, refine_shapes)


def add_refine_arguments_pass(pm, types) -> None:
    pm.add(refine_arguments_pass(types), name=REFINE_ARGUMENTS, argument=REFINE_ARGUMENTS)


def add_refine_shapes_pass(pm) -> None:
    pm.add(refine_shapes_pass(), name=REFINE_SHAPES, argument=REFINE_SHAPES)
