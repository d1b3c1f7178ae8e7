"""A list a traced loop appends to (`path.append(x)`), kept as a preallocated array.

Optimisers and simulators record their iterates: `path = [x0]` before a `for` over `range(n)` that
may `break`, `path.append(x)` in it. A `lax` loop carries state of one shape, so the list cannot
grow there; what a person writing JAX does instead is give it a row for every step the loop may
take and fill them in order:

    path_length = len(path)
    path = jnp.stack(path + path[-1:] * max_iter)
    ... path = path.at[path_length].set(x); path_length = path_length + 1 ...
    path = path[jnp.minimum(jnp.arange(len(path)), path_length - 1)]

After the loop the rows it did not reach repeat the last one it appended, so `path[-1]` is the last
iterate as before; the array is longer than the list was where the loop stopped early (a
documented difference, which makes the fix unsafe). Where the list is used after the loop as a
list (`path + [y]`, `path.pop()`), appended a tuple, grown in a nested loop or in a loop whose
length is not static, nothing is changed and the lowering refuses as before.
"""

from __future__ import annotations

import ast
import re

import libcst as cst

from tracerfix import pyast
from tracerfix.lowering.ir import For, If, Leaf, Return, While, analyse_leaf, children, walk

_APPEND = re.compile(r"\s*([A-Za-z_]\w*)\.append\((.*)\)\s*", re.DOTALL)


def buffered_lists(lowerer, loop: For, everything: list, parameters: set[str]) -> tuple[list, list]:
    """The statements to put before and after `loop` (a `for` the lowering makes a `lax` loop) that
    keep as arrays the lists it appends to; the appends in its body are rewritten in place.
    `everything`: the function's statements, to find how each list starts and how it is used
    after the loop; `parameters`: the function's. ([], []) where there is none to keep, or one
    cannot be kept."""
    iteration = lowerer.iteration(loop)
    if iteration is None or iteration.kind != "range":
        return [], []
    steps = _steps(iteration.start, iteration.stop)
    if steps is None or lowerer.traced_at(loop.node, _names(steps)) != set():
        return [], []
    order = list(walk(everything))
    at = next((i for i, s in enumerate(order) if s is loop), None)
    if at is None:
        return [], []
    inside = len(list(walk([loop])))
    earlier, later = order[:at], order[at + inside:]
    appends: dict[str, list[Leaf]] = {}
    for statement in _own_statements(loop.body):
        if isinstance(statement, Leaf) and statement.grows:
            match = _APPEND.fullmatch(statement.text)
            for name in statement.grows:
                appends.setdefault(name, []).append(statement if match and match.group(1) == name else None)
    jnp = lowerer.spell("jax.numpy")
    before, after = [], []
    for name, leaves in appends.items():
        returns_inside = [s for s in walk(loop.body) if isinstance(s, Return)]
        if None in leaves or _grown_in_inner_loops(loop, name) \
                or not _unobserved_after(lowerer, name, returns_inside + later):
            continue
        values = [_APPEND.fullmatch(leaf.text).group(2).strip() for leaf in leaves]
        if any(_is_container_display(value) for value in values):
            continue
        padding = _padding(name, values, earlier, parameters)
        if padding is None:
            continue
        length = lowerer.fresh(f"{name}_length")
        for leaf, value in zip(leaves, values):
            stored = analyse_leaf(f"{name} = {name}.at[{length}].set({value})")
            stored.comments, stored.indent = leaf.comments, leaf.indent
            _replace(loop.body, leaf, [stored, analyse_leaf(f"{length} = {length} + 1")])
        capacity = steps if len(leaves) == 1 else f"{len(leaves)} * {_parenthesised(steps)}"
        before += [analyse_leaf(f"{length} = len({name})"),
                   analyse_leaf(f"{name} = {jnp}.stack({name} + {padding} * {_parenthesised(capacity)})")]
        before[-1].comments = [f"# a row for each step the loop may take: `{name}` has one shape in a `lax` loop"]
        padded = f"{name} = {name}[{jnp}.minimum({jnp}.arange(len({name})), {length} - 1)]"
        after.append(analyse_leaf(padded))
        after[-1].comments = ["# the rows after the loop's last step repeat that step's row"]
        for returned in returns_inside:
            if name in returned.reads:
                _replace(loop.body, returned, [analyse_leaf(padded), returned])
        lowerer.cond_notes.append(
            f"`{name}` becomes an array with a row for each step the loop may take ({capacity} more than it "
            f"starts with), not a list of the steps it took: where the loop stops early the rows after the last "
            f"step repeat it, so `{name}[-1]` is unchanged but `len({name})` is not")
    return before, after


def _steps(start: str, stop: str) -> str | None:
    if start.strip() == "0":
        return stop.strip()
    return f"{_parenthesised(stop)} - {_parenthesised(start)}"


def _parenthesised(text: str) -> str:
    text = text.strip()
    return text if re.fullmatch(r"[\w.]+(\(.*\))?", text) else f"({text})"


def _names(text: str) -> set[str]:
    try:
        return {node.id for node in ast.walk(pyast.parse(text)) if isinstance(node, ast.Name)}
    except SyntaxError:
        return {text}


def _own_statements(block: list):
    """The statements of a loop body outside its nested loops (whose appends run many times a step)."""
    for statement in block:
        yield statement
        if isinstance(statement, If):
            yield from _own_statements(statement.body)
            yield from _own_statements(statement.orelse)


def _grown_in_inner_loops(loop: For, name: str) -> bool:
    return any(isinstance(inner, (For, While)) and inner is not loop
               and any(isinstance(s, Leaf) and name in s.grows for s in walk(children(inner)[0] + children(inner)[1]))
               for inner in walk(loop.body))


def _unobserved_after(lowerer, name: str, later: list) -> bool:
    """Nothing after the loop sees the rows the list did not have: it reads only `name[-1]` or
    `name[0]` (which the padding keeps), or returns the list in a tuple whose element every call of
    the function discards (`x, _ = descend(...)`, or a name the caller never reads). A list
    reduced, measured or returned to a caller that uses it would show the extra rows."""
    kept = re.compile(rf"(?<![\w.]){name}\s*\[\s*(-\s*1|0)\s*\]")
    anywhere = re.compile(rf"(?<![\w.]){name}\b")
    for statement in later:
        if isinstance(statement, Return) and statement.value and anywhere.search(kept.sub("_", statement.value)):
            position = _position_in_tuple(name, statement.value)
            if position is None or not _discarded_by_every_call(lowerer, position):
                return False
            continue
        texts = [statement.text] if isinstance(statement, Leaf) else \
            [statement.test] if isinstance(statement, (If, While)) else \
            [statement.iter] if isinstance(statement, For) else []
        if any(anywhere.search(kept.sub("_", text)) for text in texts):
            return False
        if isinstance(statement, Leaf) and name in statement.kills:
            return True  # bound anew: what follows reads the new value
    return True


def _position_in_tuple(name: str, value: str) -> int | None:
    try:
        node = pyast.parse(value, mode="eval").body
    except SyntaxError:
        return None
    if not isinstance(node, ast.Tuple):
        return None
    positions = [i for i, element in enumerate(node.elts) if isinstance(element, ast.Name) and element.id == name]
    others = [n for i, e in enumerate(node.elts) if i not in positions for n in ast.walk(e)
              if isinstance(n, ast.Name) and n.id == name]
    return positions[0] if len(positions) == 1 and not others else None


def _discarded_by_every_call(lowerer, position: int) -> bool:
    """Every call of the lowered function in its module unpacks the result and never reads the
    element at `position`. False where it has no call (a jitted entry point gives the list to its
    caller) or one that keeps the result whole."""
    function = lowerer.function
    module = lowerer.context.module
    callee = function.name.value
    calls, discarding = [], []

    class Calls(cst.CSTVisitor):
        def __init__(self) -> None:
            self.functions: list = []

        def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
            self.functions.append(node)

        def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
            self.functions.pop()

        def visit_Call(self, node: cst.Call) -> None:
            func = node.func
            named = func.value if isinstance(func, cst.Name) else func.attr.value if isinstance(func, cst.Attribute) else None
            if named == callee:
                calls.append(node)

        def visit_Assign(self, node: cst.Assign) -> None:
            if len(node.targets) != 1 or not isinstance(node.value, cst.Call) or not self.functions:
                return
            target = node.targets[0].target
            if not isinstance(target, (cst.Tuple, cst.List)) or position >= len(target.elements):
                return
            element = target.elements[position].value
            if not isinstance(element, cst.Name):
                return
            code = module.code_for_node(self.functions[-1])
            uses = len(re.findall(rf"(?<![\w.]){element.value}\b", code))
            if element.value == "_" or uses == 1:
                discarding.append(node.value)

    module.visit(Calls())
    return bool(calls) and all(any(call is kept for kept in discarding) for call in calls)


def _is_container_display(value: str) -> bool:
    try:
        node = pyast.parse(value, mode="eval").body
    except SyntaxError:
        return True
    return isinstance(node, (ast.Tuple, ast.Dict, ast.List, ast.Set))


def _padding(name: str, values: list[str], earlier: list, parameters: set[str]) -> str | None:
    """A one-element list that gives the buffer its row shape and dtype: the list's own last
    element where it starts with some (`path = [x0]`), else the value appended when that is a
    name bound before the loop (its shape is the one the loop carries). None otherwise, or where
    the list starts with integer literals the loop may append floats to."""
    start = next((s for s in reversed(earlier) if isinstance(s, Leaf) and name in s.kills), None)
    if start is None:
        return None
    try:
        statement = pyast.parse(start.text.strip()).body[0]
    except (SyntaxError, IndexError):
        return None
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name) and isinstance(statement.value, ast.List)):
        return None
    elements = statement.value.elts
    if any(isinstance(e, ast.Starred) or isinstance(e, ast.Constant) and isinstance(e.value, (int, bool))
           for e in elements):
        return None
    if elements:
        return f"{name}[-1:]"
    if len(set(values)) == 1 and values[0].isidentifier() and (values[0] in parameters or any(
            isinstance(s, Leaf) and values[0] in s.writes for s in earlier)):
        return f"[{values[0]}]"
    return None


def _replace(block: list, old, new: list) -> None:
    """`old` (somewhere in `block` or the blocks nested in it) replaced by the statements `new`."""
    for owner in [block, *(b for s in walk(block) for b in children(s))]:
        for position, statement in enumerate(owner):
            if statement is old:
                owner[position:position + 1] = new
                return


def splice(block: list, loop, before: list, after: list) -> None:
    """`before` and `after` put around `loop` in whichever block of `block` holds it."""
    _replace(block, loop, [*before, loop, *after])
