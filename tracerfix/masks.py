"""Reductions of boolean-masked arrays, rewritten over the whole array.

`x[mask]` has as many elements as `mask` has True values, which tracing cannot know. When the
masked array is only reduced, the reduction can run over all of `x` with the unselected elements
made neutral: `x[mask].sum()` is `jnp.where(mask, x, 0).sum()`, `x[mask].mean()` is
`x.mean(where=mask)`. TFX301 (`x[mask]`) and TFX303 (`x[jnp.where(mask)]`) share this, and so
does TFX203 for a window of traced size (`x[:k]`, `lax.dynamic_slice(x, (s,), (k,))`), whose
mask compares each index with the window's bounds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import libcst as cst

from tracerfix.analysis import known
from tracerfix.analysis.values import STATIC
from tracerfix.concrete_arguments import is_shadowed
from tracerfix.definitions import latest_assignment, value_resolver
from tracerfix.rule import Safety

# Reductions rewritten with a three-argument jnp.where: the filler is the reduction's identity.
_IDENTITY = {"sum": "0", "prod": "1", "any": "False", "all": "True"}
# Reductions that take `where=` and count only the selected elements.
_WHERE_ARGUMENT = frozenset({"mean", "var", "std"})
# Reductions with no identity: `where=` needs `initial=`, which an empty selection returns.
_EXTREMES = {"max": "-", "min": "", "amax": "-", "amin": ""}
REDUCTIONS = frozenset(_IDENTITY) | _WHERE_ARGUMENT | frozenset(_EXTREMES)

# `x.at[mask].<method>(v)` as the value each selected element gets; `{x}` and `{v}` are filled in.
UPDATED_VALUE = {
    "set": "{v}",
    "add": "{x} + {v}",
    "multiply": "{x} * {v}",
    "min": "{jnp}.minimum({x}, {v})",
    "max": "{jnp}.maximum({x}, {v})",
}
OPERATORS = {"add": cst.Add, "multiply": cst.Multiply}

# jax.numpy functions that act elementwise: their result has (at least) the shape of an argument.
_ELEMENTWISE = frozenset(
    """
    abs absolute sign negative square sqrt exp log log1p expm1 sin cos tan tanh sinh cosh arctan
    floor ceil round rint trunc isnan isinf isfinite isposinf isneginf signbit logical_and
    logical_or logical_not logical_xor greater greater_equal less less_equal equal not_equal
    isclose maximum minimum add subtract multiply divide true_divide power clip where real imag
    """.split()
)


def boolean_index(subscript: cst.Subscript, context) -> cst.BaseExpression | None:
    """The index of `x[mask]` when it is a traced boolean array; None for anything else.

    Integer index arrays (`x[idx]`) are fine under jit and never count as masks.
    """
    for element in subscript.slice:
        if isinstance(element.slice, cst.Index) and element.slice.star is None:
            value = context.value(element.slice.value)
            if value.traced and value.boolean or context.proven_error(element.slice.value, "NonConcreteBooleanIndexError"):
                return element.slice.value
    return None


def selected_whole(subscript: cst.Subscript, mask: cst.BaseExpression, context) -> cst.BaseExpression | None:
    """What `subscript` selects from by `mask`, whole: `a` for `a[m]`, `a[:, 0]` for `a[m, 0]`
    (the mask first, then static indices or slices); None for other selections."""
    elements = subscript.slice
    if len(elements) == 1:
        return subscript.value
    first = elements[0]
    if not isinstance(first.slice, cst.Index) or first.slice.value is not mask:
        return None
    for element in elements[1:]:
        index = element.slice
        parts = [index.value] if isinstance(index, cst.Index) else \
            [part for part in (index.lower, index.upper, index.step) if part is not None]
        if isinstance(index, cst.Index) and index.star is not None \
                or any(context.value(part).trace != STATIC for part in parts):
            return None
    everything = first.with_changes(slice=cst.Slice(lower=None, upper=None))
    return subscript.with_changes(slice=[everything, *elements[1:]], lpar=[], rpar=[])


@dataclass
class MaskedReduction:
    """`x[m].sum()`, `jnp.mean(x[m])`, `len(x[m])`: what consumes a masked array."""

    node: cst.BaseExpression  # the expression the rewrite replaces
    kind: str  # a name in REDUCTIONS, or "count"
    function: cst.BaseExpression | None  # `jnp.sum` in the function form; None for a method
    # `x[m].sum(axis=0)`: along the selection's first axis, which is the axes the mask covers.
    along_selection: bool = False


def reduction_of(chain: Sequence[cst.CSTNode], context) -> MaskedReduction | None:
    """The reduction applied to `chain[-1]`, given its ancestors (outermost first)."""
    if len(chain) < 3:
        return None
    masked, parent, grandparent = chain[-1], chain[-2], chain[-3]
    if isinstance(parent, cst.Attribute) and parent.value is masked:
        attribute = parent.attr.value
        is_called = isinstance(grandparent, cst.Call) and grandparent.func is parent
        if attribute == "size" and not is_called:
            return MaskedReduction(parent, "count", None)
        if attribute in REDUCTIONS and is_called and not grandparent.args:
            return MaskedReduction(grandparent, attribute, None)
        if attribute in REDUCTIONS and is_called and _first_axis(grandparent.args, positional=True):
            return MaskedReduction(grandparent, attribute, None, along_selection=True)
        return None
    if not (
        isinstance(parent, cst.Arg)
        and parent.value is masked
        and parent.keyword is None
        and not parent.star
        and isinstance(grandparent, cst.Call)
        and (len(grandparent.args) == 1 or _first_axis(grandparent.args[1:], positional=False))
        and grandparent.args[0] is parent
    ):
        return None
    along = len(grandparent.args) == 2
    func = grandparent.func
    if isinstance(func, cst.Name) and func.value == "len" and not is_shadowed("len", context):
        return MaskedReduction(grandparent, "count", None)
    qualified = context.qualified_name(func) or ""
    leaf = qualified.rpartition(".")[2]
    if along and (isinstance(func, cst.Name) and func.value == "len" or leaf not in REDUCTIONS):
        return None
    if qualified.startswith("jax.numpy.") and qualified.count(".") == 2 and leaf in REDUCTIONS:
        return MaskedReduction(grandparent, leaf, func, along_selection=along)
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.attr.value in REDUCTIONS \
            and context.value(func.value).module in ("numpy", "jax.numpy"):
        # `xp.sum(x[m])` with `xp` an array namespace (`array_namespace(x)`): written with `jnp`,
        # which takes the tracer whichever module `xp` is.
        return MaskedReduction(grandparent, func.attr.value, None, along_selection=along)
    return None


def _first_axis(arguments: Sequence[cst.Arg], positional: bool) -> bool:
    """The arguments are just `axis=0` (or a positional `0` where the method takes the axis first)."""
    if len(arguments) != 1 or arguments[0].star:
        return False
    argument = arguments[0]
    keyword = argument.keyword.value if argument.keyword is not None else None
    return (keyword == "axis" or keyword is None and positional) and isinstance(argument.value, cst.Integer) \
        and argument.value.value == "0"


def elementwise_reduction_of(chain: Sequence[cst.CSTNode], context) -> tuple[MaskedReduction, cst.BaseExpression] | None:
    """`jnp.all(jnp.abs(a[m] - b[m]) / a[m] < eps)`: the reduction of an elementwise expression of
    arrays masked alike, with that expression (whose masked parts `unmasked` strips)."""
    position = elementwise_top(chain, context)
    if position == len(chain) - 1:
        return None  # the masked array alone: `reduction_of` handles it
    reduction = reduction_of(chain[: position + 1], context)
    return None if reduction is None else (reduction, chain[position])


def elementwise_top(chain: Sequence[cst.CSTNode], context) -> int:
    """The position in `chain` of the largest expression that `chain[-1]` reaches through
    elementwise operations only (arithmetic, comparisons, `jnp.abs`, `jnp.exp`...)."""
    position = len(chain) - 1
    while position >= 1:
        parent = chain[position - 1]
        if isinstance(parent, (cst.BinaryOperation, cst.UnaryOperation, cst.Comparison, cst.ComparisonTarget)) \
                and not (isinstance(parent, cst.BinaryOperation) and isinstance(parent.operator, cst.MatrixMultiply)):
            position -= 1
            continue
        if position >= 2 and isinstance(parent, cst.Arg) and isinstance(chain[position - 2], cst.Call) \
                and not parent.keyword:
            qualified = context.qualified_name(chain[position - 2].func) or ""
            if qualified.startswith("jax.numpy.") and qualified.rpartition(".")[2] in _ELEMENTWISE:
                position -= 2
                continue
        break
    return position


def elementwise_in(expression: cst.BaseExpression, name: str, context) -> bool:
    """Whether every read of `name` in `expression` meets only elementwise operations on its way
    to the whole expression (`v < 0`, `jnp.abs(v - 1) > tol`)."""
    from tracerfix.bindings import reads

    uses = reads(expression, name)
    return bool(uses) and all(elementwise_top((*use.ancestors, use.node), context) == 0 for use in uses)


@dataclass
class MaskedFlow:
    """Selections by one mask kept under names (`model_masked = model[mask]`), the names computed
    elementwise from them (`residuals = model_masked - obs_masked`), and the reductions that
    consume them (`jnp.sum(weights * residuals**2)`)."""

    roots: list[tuple[cst.Assign, cst.BaseExpression]]  # `w = 1 / sigma[mask]`, with its value unmasked
    reductions: list[tuple[MaskedReduction, cst.BaseExpression, cst.BaseExpression]]  # (reduction, reduced, shaped like)


def masked_flow(function: cst.FunctionDef, mask_text: str, context) -> MaskedFlow | None:
    """The flow of the selections by `mask_text` in `function` when every value it makes is only
    combined elementwise and then reduced: the selections can then be the whole arrays and each
    reduction select by the mask (`where`). None where a masked value is returned, indexed,
    sized, reassigned or passed anywhere else."""
    from tracerfix.analysis.syntax import target_names
    from tracerfix.bindings import reads
    from tracerfix.rewrite import names_in, walk

    assigns: dict[str, list[cst.Assign]] = {}
    for node in walk(function.body):
        if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
            targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
            for target in targets:
                for name in target_names(target):
                    assigns.setdefault(name, []).append(node)
    roots: list[tuple[cst.Assign, cst.BaseExpression]] = []  # (assignment, its value unmasked)
    domain: dict[str, cst.BaseExpression] = {}  # masked name -> an array of the mask's shape
    tainted: set[str] = set()  # names assigned from a selection by the mask in any other way
    for name, nodes in assigns.items():
        node = nodes[0]
        selected = [sub for sub in walk(node.value) if isinstance(sub, cst.Subscript)
                    and (found := boolean_index(sub, context)) is not None and bare_text(found, context) == mask_text
                    and selected_whole(sub, found, context) is not None] \
            if isinstance(node, cst.Assign) and node.value is not None else []
        if not selected:
            continue
        whole = unmasked(node.value, mask_text, context)
        if len(nodes) == 1 and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) \
                and whole is not None and all(_reaches_whole(sub, node.value, context) for sub in selected):
            domain[name] = selected_whole(selected[0], boolean_index(selected[0], context), context)
            roots.append((node, whole))
        else:
            tainted.add(name)
    order = {id(node): position for position, node in enumerate(walk(function.body))}
    first_root = min(order[id(node)] for node, _ in roots) if roots else 0
    if not domain or any(len(assigns.get(name, ())) > 1 and max(order[id(node)] for node in assigns[name]) > first_root
                         for name in names_in(mask_text)):
        # Nothing kept under a name, or a mask that changes on the way (bound in both branches
        # of an `if` before the selections is one mask).
        return None
    reductions: dict[int, tuple[MaskedReduction, cst.BaseExpression, cst.BaseExpression]] = {}
    pending = list(domain)
    while pending:
        name = pending.pop()
        for use in reads(function.body, name):
            chain = (*use.ancestors, use.node)
            top = elementwise_top(chain, context)
            parent = chain[top - 1] if top >= 1 else None
            if isinstance(parent, cst.Assign) and parent.value is chain[top] and len(parent.targets) == 1 \
                    and isinstance(parent.targets[0].target, cst.Name):
                target = parent.targets[0].target.value
                if len(assigns.get(target, ())) != 1 or unmasked(parent.value, mask_text, context) is None:
                    return None
                if target not in domain:
                    domain[target] = domain[name]
                    pending.append(target)
                continue
            reduction = reduction_of(chain[: top + 1], context)
            if reduction is None or reduction.kind == "count" and top != len(chain) - 1:
                return None
            reduced = unmasked(chain[top], mask_text, context)
            if reduced is None or any(isinstance(n, cst.Name) and n.value in tainted for n in walk(chain[top])):
                return None
            reductions.setdefault(id(reduction.node), (reduction, reduced, domain[name]))
    if any(name in tainted for name in domain):
        return None
    return MaskedFlow(roots, list(reductions.values()))


def _reaches_whole(selection: cst.Subscript, value: cst.BaseExpression, context) -> bool:
    """`sigma[valid]` inside `1.0 / (sigma[valid] ** 2 + eps)` meets only elementwise operations
    on its way to the whole value."""
    chain = node_path(value, selection)
    return chain is not None and elementwise_top(chain, context) == 0


def node_path(root: cst.CSTNode, target: cst.CSTNode) -> list[cst.CSTNode] | None:
    """The nodes from `root` down to `target` (both included); None when `target` is not in it."""
    if root is target:
        return [root]
    for child in root.children:
        found = node_path(child, target)
        if found is not None:
            return [root, *found]
    return None


def unmasked(expression: cst.BaseExpression, mask_text: str, context) -> cst.BaseExpression | None:
    """`expression` with each `a[m]` (the one mask `mask_text`) as `a`; None when it holds another
    mask. Its other parts broadcast against any number of selected elements in the original, so
    they are scalars (or of length 1) and broadcast against the whole arrays as well."""

    class Strip(cst.CSTTransformer):
        other = False

        def leave_Subscript(self, original, updated):
            mask = boolean_index(original, context)
            if mask is None:
                return updated
            whole = selected_whole(original, mask, context)
            if whole is None or bare_text(mask, context) != mask_text:
                Strip.other = True
                return updated
            if len(original.slice) > 1:  # `a[m, 0]` is `a[:, 0]`
                return updated.with_changes(slice=[updated.slice[0].with_changes(
                    slice=cst.Slice(lower=None, upper=None)), *updated.slice[1:]])
            return updated.value.with_changes(lpar=updated.lpar, rpar=updated.rpar)

    stripped = expression.visit(Strip())
    return None if Strip.other else stripped


@dataclass
class ReductionRewrite:
    text: str
    safety: Safety
    note: str


def rewrite_reduction(
    reduction: MaskedReduction,
    array: cst.BaseExpression,
    mask: cst.BaseExpression | str,
    context,
    shaped_like: cst.BaseExpression | None = None,
) -> ReductionRewrite:
    """The reduction over the whole of `array`, and how far it can be trusted (`shaped_like`: an
    array of `array`'s shape that the mask is checked against, when `array` is an expression)."""
    jnp = context.spell("jax.numpy")
    x = context.code(array).strip()
    # A mask given as text (a window's index test) is already shaped like the array.
    m = mask if isinstance(mask, str) else mask_over(mask, shaped_like if shaped_like is not None else array, context)
    kind = reduction.kind
    function = None if reduction.function is None else context.code(reduction.function).strip()
    # A NumPy constant has no `where=` methods that accept a tracer: use the jax.numpy function.
    if function is None and not context.value(array).traced:
        function = f"{jnp}.{kind}" if kind in REDUCTIONS else None
    notes: list[str] = []
    axis = ""
    if reduction.along_selection and not (not isinstance(mask, str) and (
            has_shape_of(mask, shaped_like if shaped_like is not None else array, context)
            or rank_of(shaped_like if shaped_like is not None else array, context) == 1)):
        # The selection's first axis runs over the elements the mask picks, which are the mask's
        # axes of the whole array (all of them, where the mask has its shape: a full reduction).
        mask_text = mask if isinstance(mask, str) else context.code(mask).strip()
        simple = mask_text.isidentifier() or not isinstance(mask, str) and isinstance(mask, (cst.Name, cst.Attribute))
        axis = f"axis=tuple(range({mask_text}.ndim))" if simple else f"axis=tuple(range({jnp}.ndim({mask_text})))"
    if kind == "count":
        text = f"{jnp}.count_nonzero({m})"
        notes.append(
            "the count becomes a traced int32 array instead of a Python int: it cannot be used "
            "as a shape, and integer arithmetic with it promotes to int32"
        )
    elif kind in _IDENTITY:
        selected = f"{jnp}.where({m}, {x}, {_IDENTITY[kind]})"
        text = f"{function}({selected}{', ' + axis if axis else ''})" if function else f"{selected}.{kind}({axis})"
    elif kind in _WHERE_ARGUMENT:
        arguments = ", ".join(filter(None, [axis, f"where={m}"]))
        text = f"{function}({x}, {arguments})" if function else f"{x}.{kind}({arguments})"
    else:
        initial = f"{_EXTREMES[kind]}{jnp}.inf"
        arguments = ", ".join(filter(None, [axis, f"where={m}, initial={initial}"]))
        text = f"{function}({x}, {arguments})" if function else f"{x}.{kind}({arguments})"
        notes.append(
            f"when `{m}` selects nothing, `{kind}` of the empty selection raises eagerly; the "
            f"rewrite returns {initial} (cast to the dtype of an integer array)"
        )
    return ReductionRewrite(text, Safety.UNSAFE if notes else Safety.SAFE, "; ".join(notes))


def mask_over(mask: cst.BaseExpression, array: cst.BaseExpression, context) -> str:
    """The text of `mask` as `jnp.where` needs it against `array`: itself where it has the
    array's shape, else with trailing axes added, as a boolean index over the leading axes
    selects whole rows (`x.at[rows].set(y[rows])` with `rows` of shape (n,) and `x` of (n, d))."""
    m = context.code(mask).strip()
    if has_shape_of(mask, array, context) or rank_of(array, context) == 1:
        return m  # (a boolean index of a vector is a vector of its length)
    jnp = context.spell("jax.numpy")
    x = context.code(array).strip()
    simple = (cst.Name, cst.Attribute, cst.Subscript, cst.Call)
    rank = f"{m}.ndim" if isinstance(mask, simple) and context.value(mask).traced else f"{jnp}.ndim({m})"
    compared = _compared_with_a_number(mask)
    if compared is not None and isinstance(compared, simple) and context.value(compared).traced:
        rank = f"{context.code(compared).strip()}.ndim"  # `scores > 0.5` has the shape of `scores`
    target = f"{x}.ndim" if isinstance(array, simple) and context.value(array).traced else f"{jnp}.ndim({x})"
    return f"{jnp}.expand_dims({m}, range({rank}, {target}))"


def _compared_with_a_number(mask: cst.BaseExpression) -> cst.BaseExpression | None:
    """`x` of `x > 0.5` or `0 <= x`: the one array a comparison with numbers has the shape of."""
    if not isinstance(mask, cst.Comparison):
        return None
    operands = [mask.left, *(target.comparator for target in mask.comparisons)]
    numbers = (cst.Integer, cst.Float)
    arrays = [o for o in operands if not isinstance(o, numbers) and not (
        isinstance(o, cst.UnaryOperation) and isinstance(o.expression, numbers))]
    return arrays[0] if len(arrays) == 1 else None


def rank_of(array: cst.BaseExpression, context) -> int | None:
    """The rank of an array the function builds with a literal shape (`np.full(5, 2)`,
    `jnp.zeros((n, d))`, `jnp.array([a, b])`), looked up through its one assignment."""
    from tracerfix.rewrite import literal_shape

    if isinstance(array, cst.Name):
        unpacked = _unpacked_rank(array.value, context)
        if unpacked is not None:
            return unpacked
        array = value_resolver(context)(array.value) or latest_assignment(array.value, context)
    if not isinstance(array, cst.Call) or not array.args:
        return None
    shape = literal_shape(array, context)
    if shape is not None:
        return len(shape)
    leaf = (context.qualified_name(array.func) or "").rpartition(".")[2]
    first = array.args[0].value
    if leaf in known.SHAPE_CONSTRUCTORS and array.args[0].keyword is None:
        if isinstance(first, (cst.Tuple, cst.List)):
            return len(first.elements) if not any(isinstance(e, cst.StarredElement) for e in first.elements) else None
        if isinstance(first, (cst.Integer, cst.BinaryOperation, cst.Subscript)) or (
                isinstance(first, cst.Call) and isinstance(first.func, cst.Name) and first.func.value == "len"):
            return 1  # one size: `x.shape[0]`, `n + 1`, `len(xs)`
    return None


def _unpacked_rank(name: str, context) -> int | None:
    """`rows, cols = image.shape` (or `np.shape(image)`) in the function: `image` has rank 2, or
    the unpacking would have failed."""
    import libcst.matchers as m

    function = context.function
    if not isinstance(function, cst.FunctionDef):
        return None
    shape_of = m.Attribute(value=m.Name(name), attr=m.Name("shape")) | m.Call(
        func=m.Attribute(attr=m.Name("shape")) | m.Name("shape"), args=[m.Arg(value=m.Name(name), keyword=None)])
    for assign in m.findall(function.body, m.Assign(targets=[m.AssignTarget(target=m.Tuple() | m.List())], value=shape_of)):
        elements = assign.targets[0].target.elements
        if not any(isinstance(element, cst.StarredElement) for element in elements):
            return len(elements)
    return None


def has_shape_of(mask: cst.BaseExpression, array: cst.BaseExpression, context) -> bool:
    """Whether `mask` is computed elementwise from `array`, so that indexing proves the shapes equal.

    Broadcasting gives an elementwise result at least the shape of `array`; a boolean index must
    match a prefix of the indexed shape; so when `array[mask]` is valid, the shapes are equal. A
    local name is looked through when its assignment is the value it has here (`mask = x > 0`).
    """
    return _elementwise_in(mask, array, context, value_resolver(context), depth=0)


def _elementwise_in(
    mask: cst.BaseExpression,
    array: cst.BaseExpression,
    context,
    resolve: Callable[[str], cst.BaseExpression | None],
    depth: int,
) -> bool:
    if depth > 4:
        return False
    if _same_text(mask, array, context):
        return True
    recurse = lambda node: _elementwise_in(node, array, context, resolve, depth + 1)  # noqa: E731
    if isinstance(mask, cst.Name):
        definition = resolve(mask.value)
        return definition is not None and recurse(definition)
    if isinstance(mask, cst.Comparison):
        return recurse(mask.left) or any(recurse(target.comparator) for target in mask.comparisons)
    if isinstance(mask, cst.BinaryOperation):
        if isinstance(mask.operator, cst.MatrixMultiply):
            return False
        return recurse(mask.left) or recurse(mask.right)
    if isinstance(mask, cst.UnaryOperation):
        return recurse(mask.expression)
    if isinstance(mask, cst.Call):
        qualified = context.qualified_name(mask.func) or ""
        if qualified.startswith("jax.numpy.") and qualified.rpartition(".")[2] in _ELEMENTWISE:
            return any(recurse(arg.value) for arg in mask.args if arg.keyword is None and not arg.star)
    return False


def _same_text(a: cst.BaseExpression, b: cst.BaseExpression, context) -> bool:
    """The same source apart from surrounding parentheses and layout: `(x)` and `x`."""
    return bare_text(a, context) == bare_text(b, context)


def bare_text(node: cst.BaseExpression, context) -> str:
    """`node`'s code on one line, without its outer parentheses: how masks are compared."""
    if getattr(node, "lpar", None):
        node = node.with_changes(lpar=[], rpar=[])
    return " ".join(context.module.code_for_node(node).split())


@dataclass
class Window:
    """The elements a slice of traced bounds selects along the first axis: `lower <= i < upper`
    (either bound may be missing), `clamped` when the start is moved so that `size` elements fit,
    as `lax.dynamic_slice` does."""

    array: cst.BaseExpression
    lower: cst.BaseExpression | None
    upper: cst.BaseExpression | None
    size: cst.BaseExpression | None = None  # dynamic_slice: the upper bound is lower + size
    clamped: bool = False


def window_of(node: cst.BaseExpression, context) -> Window | None:
    """`x[a:b]` (one slice, no step) or `lax.dynamic_slice(x, (s,), (k,))` /
    `lax.dynamic_slice_in_dim(x, s, k)` on a named array; None for any other selection."""
    if isinstance(node, cst.Subscript):
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Slice):
            return None
        bounds = node.slice[0].slice
        if bounds.step is not None or not _named(node.value):
            return None
        return Window(node.value, bounds.lower, bounds.upper)
    if not isinstance(node, cst.Call):
        return None
    leaf = (context.qualified_name(node.func) or "").removeprefix("jax.lax.")
    positional = [arg.value for arg in node.args if arg.keyword is None and not arg.star]
    if len(positional) != len(node.args) or len(positional) < 3 or not _named(positional[0]):
        return None
    if leaf == "dynamic_slice" and len(positional) == 3:
        start, size = (_single_element(part) for part in positional[1:])
        if start is None or size is None:
            return None
    elif leaf == "dynamic_slice_in_dim" and len(positional) == 3:
        start, size = positional[1:]
    else:
        return None
    return Window(positional[0], start, None, size, clamped=True)


def window_mask(window: Window, context) -> tuple[str, str]:
    """The test of each index of `window.array` along its first axis, shaped like the array, and
    what it does differently from the slice (empty when nothing)."""
    jnp = context.spell("jax.numpy")
    x = context.code(window.array).strip()
    if rank_of(window.array, context) == 1 or window.size is not None:
        index = f"{jnp}.arange({x}.shape[0])"  # dynamic_slice with one start: a vector
    else:
        index = f"{context.spell('jax.lax')}.broadcasted_iota({jnp}.int32, {x}.shape, 0)"
    tests: list[str] = []
    difference = ""
    if window.size is not None:
        size = operand_text(window.size, context)
        start = "0" if _is_zero(window.lower) else \
            f"{jnp}.clip({context.code(window.lower).strip()}, 0, {x}.shape[0] - {size})"
        tests = [f"{index} < {size}"] if start == "0" else [f"{index} >= {start}", f"{index} < {start} + {size}"]
    else:
        if window.lower is not None and not _is_zero(window.lower):
            tests.append(f"{index} >= {operand_text(window.lower, context)}")
        if window.upper is not None:
            tests.append(f"{index} < {operand_text(window.upper, context)}")
        difference = "a negative bound, which the slice counts from the end, selects nothing below zero in the rewrite"
    if len(tests) == 1:
        return tests[0], difference
    return " & ".join(f"({test})" for test in tests), difference


def _named(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) or (isinstance(node, cst.Attribute) and _named(node.value))


def _single_element(node: cst.BaseExpression) -> cst.BaseExpression | None:
    if isinstance(node, (cst.Tuple, cst.List)) and len(node.elements) == 1 \
            and not isinstance(node.elements[0], cst.StarredElement):
        return node.elements[0].value
    return None


def _is_zero(node: cst.BaseExpression | None) -> bool:
    return isinstance(node, cst.Integer) and node.evaluated_value == 0


def operand_text(node: cst.BaseExpression, context) -> str:
    """The text of `node` safe as a comparison's right side: `k + 1` as it is, `a or b` in
    parentheses."""
    text = context.code(node).strip()
    plain = (cst.Name, cst.Attribute, cst.Subscript, cst.Call, cst.Integer, cst.BinaryOperation, cst.UnaryOperation)
    arithmetic = not isinstance(node, cst.BinaryOperation) or not isinstance(
        node.operator, (cst.BitAnd, cst.BitOr, cst.BitXor, cst.LeftShift, cst.RightShift))
    return text if isinstance(node, plain) and arithmetic or node.lpar else f"({text})"


def masked_update(call: cst.Call, array: cst.BaseExpression, mask: cst.BaseExpression, method: str,
                  context) -> tuple[str, Safety, str] | None:
    """`x.at[mask].set(v)` (`call`, or `.add`/`.multiply`/`.min`/`.max`) as
    `jnp.where(mask, v, x)`: its text, safety and note; None for other methods or arguments.
    TFX302 (`x.at[mask]`) and TFX303 (`x.at[jnp.where(mask)]`) share this."""
    from tracerfix.rewrite import right_operand

    if method not in UPDATED_VALUE or len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
        return None
    value = call.args[0].value
    notes = []
    # `x.at[m].set(y[m])`: the selected elements of `y` are `y` itself under jnp.where.
    if (
        isinstance(value, cst.Subscript)
        and boolean_index(value, context) is not None
        and len(value.slice) == 1
        and context.code(value.slice[0].slice.value).strip() == context.code(mask).strip()
    ):
        value = value.value
        notes.append("the result takes the promoted dtype of both arrays; `.at[]` keeps the dtype of the updated one")
    elif _elementwise_of_masked(value, mask, context):
        # `x.at[m].set(1 / x[m])`: the same elementwise expression of the whole arrays, selected.
        value = unmasked(value, bare_text(mask, context), context)
        notes.append(f"`{context.describe(value)}` is now computed for every element and selected where the mask "
                     "holds: where it does not, an inf or NaN it gives is discarded, but can still reach a gradient; "
                     "the result takes the promoted dtype")
    elif not is_integer_literal(value):
        notes.append(
            f"`.at[]` casts `{context.describe(value)}` to the dtype of the array while `jnp.where` "
            "promotes both, and a value with one entry per selected element does not broadcast"
        )
    if not has_shape_of(mask, array, context):
        notes.append(f"the mask is not computed from `{context.describe(array)}`: it is taken to cover its leading "
                     "axes, as a boolean index does (indices that fell outside the array, which the update dropped, "
                     "now fail to broadcast)")
    jnp = context.spell("jax.numpy")
    x = context.code(array).strip()
    if method in OPERATORS:
        value = right_operand(OPERATORS[method](), value)
    updated = UPDATED_VALUE[method].format(jnp=jnp, x=x, v=context.module.code_for_node(value).strip())
    text = f"{jnp}.where({mask_over(mask, array, context)}, {updated}, {x})"
    return text, Safety.UNSAFE if notes else Safety.SAFE, "; ".join(notes)


def _elementwise_of_masked(value: cst.BaseExpression, mask: cst.BaseExpression, context) -> bool:
    """`1 / x[m]`, `jnp.sqrt(a[m]) * 2`: arithmetic and elementwise `jax.numpy` functions of
    arrays indexed by this one mask, names and numbers (scalars, which broadcast alike)."""
    mask_text = bare_text(mask, context)
    found = False

    def elementwise(node: cst.BaseExpression) -> bool:
        nonlocal found
        if isinstance(node, cst.Subscript):
            index = boolean_index(node, context)
            if index is None or len(node.slice) != 1 or bare_text(index, context) != mask_text:
                return False
            found = True
            return True
        if isinstance(node, (cst.Name, cst.Integer, cst.Float)):
            return True
        if isinstance(node, cst.Attribute):
            return not context.value(node).container  # `self.config.exponent`, as a name
        if isinstance(node, cst.UnaryOperation):
            return elementwise(node.expression)
        if isinstance(node, cst.BinaryOperation):
            return not isinstance(node.operator, cst.MatrixMultiply) and elementwise(node.left) and elementwise(node.right)
        if isinstance(node, cst.Call):
            qualified = context.qualified_name(node.func) or ""
            return qualified.startswith("jax.numpy.") and qualified.rpartition(".")[2] in _ELEMENTWISE and all(
                arg.keyword is None and not arg.star and elementwise(arg.value) for arg in node.args)
        return False

    return elementwise(value) and found


def is_integer_literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, cst.Integer)


_UPDATES = frozenset({"set", "add", "subtract", "multiply", "divide", "power", "min", "max"})


def guards_masked_updates_only(node: cst.If, qualified_name: Callable[[cst.BaseExpression], str | None]) -> bool:
    """`if jnp.any(over): x = x.at[over, 0].set(...); v = v.at[over, 0].multiply(-1)` (no `else`):
    where no element of the mask holds, each masked update changes nothing, so the guard is only
    a shortcut and the body alone does the same."""
    test = node.test
    mask = None
    if isinstance(test, cst.Call) and len(test.args) == 1 and test.args[0].keyword is None \
            and qualified_name(test.func) in ("jax.numpy.any", "numpy.any"):
        mask = test.args[0].value
    elif isinstance(test, cst.Call) and not test.args and isinstance(test.func, cst.Attribute) \
            and test.func.attr.value == "any":
        mask = test.func.value
    if mask is None or node.orelse is not None or not isinstance(node.body, cst.IndentedBlock):
        return False
    for statement in node.body.body:
        small = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 else None
        if not isinstance(small, cst.Assign) or len(small.targets) != 1 or not isinstance(small.targets[0].target, cst.Name):
            return False
        update = small.value.func if isinstance(small.value, cst.Call) else None
        at = update.value if isinstance(update, cst.Attribute) else None
        if not isinstance(at, cst.Subscript) or update.attr.value not in _UPDATES \
                or not isinstance(at.value, cst.Attribute) or at.value.attr.value != "at" \
                or not at.value.value.deep_equals(small.targets[0].target) \
                or not any(isinstance(e.slice, cst.Index) and e.slice.value.deep_equals(mask) for e in at.slice):
            return False
    return True
