"""Where JAX needs a concrete Python value while tracing: which arguments of which functions and
array methods (axes, shapes, sizes, split sections...), and which calls convert an array to a
Python value (`int(t)`, `t.item()`...).

A traced value in one of these places raises `ConcretizationTypeError` or
`TracerIntegerConversionError` (or a TypeError about shapes). Every entry was checked against JAX
0.10 by passing a traced integer there; `tests/test_concrete_arguments.py` checks that the
positions and names still match JAX's signatures.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst

from tracerfix.bindings import assigned_values, bindings

# (position, keyword): where the argument can be passed; position None for keyword-only ones.
Slot = tuple[int | None, str]

_REDUCTIONS = (
    "sum", "prod", "mean", "max", "min", "amax", "amin", "any", "all", "argmax", "argmin", "std",
    "var", "ptp", "median", "average", "count_nonzero", "cumsum", "cumprod", "sort", "argsort",
    "flip", "squeeze", "expand_dims", "concatenate", "stack", "nansum", "nanprod", "nanmean",
    "nanmax", "nanmin", "nanargmax", "nanargmin", "nanstd", "nanvar", "nanmedian", "nancumsum",
    "nancumprod",
)
_AXIS_FIRST_METHODS = (
    "sum", "prod", "mean", "max", "min", "any", "all", "argmax", "argmin", "std", "var", "ptp",
    "cumsum", "cumprod", "sort", "argsort", "squeeze",
)
_RANDOM_SHAPE_AT_1 = (
    "normal", "uniform", "randint", "gumbel", "bits", "exponential", "laplace", "logistic",
    "rademacher", "cauchy",
)
_FFT_1D = ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft")
_FFT_ND = ("fftn", "ifftn", "rfftn", "irfftn", "fft2", "ifft2", "rfft2", "irfft2")
_LAX_CUMULATIVE = ("cumsum", "cumprod", "cummax", "cummin", "cumlogsumexp")
_LAX_REDUCE = ("reduce_sum", "reduce_max", "reduce_min", "reduce_prod", "reduce_and", "reduce_or")

FUNCTION_SLOTS: dict[str, tuple[Slot, ...]] = {
    **{f"jax.numpy.{name}": ((1, "axis"),) for name in _REDUCTIONS},
    "jax.numpy.cumulative_sum": ((None, "axis"),),
    "jax.numpy.cumulative_prod": ((None, "axis"),),
    "jax.numpy.zeros": ((0, "shape"),),
    "jax.numpy.ones": ((0, "shape"),),
    "jax.numpy.empty": ((0, "shape"),),
    "jax.numpy.full": ((0, "shape"),),
    "jax.numpy.zeros_like": ((2, "shape"),),
    "jax.numpy.ones_like": ((2, "shape"),),
    "jax.numpy.empty_like": ((2, "shape"),),
    "jax.numpy.full_like": ((3, "shape"),),
    "jax.numpy.arange": ((0, "start"), (1, "stop"), (2, "step")),
    "jax.numpy.linspace": ((2, "num"),),
    "jax.numpy.logspace": ((2, "num"),),
    "jax.numpy.geomspace": ((2, "num"),),
    "jax.numpy.eye": ((0, "N"), (1, "M")),
    "jax.numpy.identity": ((0, "n"),),
    "jax.numpy.tri": ((0, "N"), (1, "M")),
    "jax.numpy.tril": ((1, "k"),),
    "jax.numpy.triu": ((1, "k"),),
    "jax.numpy.diag": ((1, "k"),),
    "jax.numpy.diagonal": ((1, "offset"), (2, "axis1"), (3, "axis2")),
    "jax.numpy.reshape": ((1, "shape"),),
    "jax.numpy.broadcast_to": ((1, "shape"),),
    "jax.numpy.resize": ((1, "new_shape"),),
    "jax.numpy.tile": ((1, "reps"),),
    "jax.numpy.pad": ((1, "pad_width"),),
    "jax.numpy.repeat": ((1, "repeats"), (2, "axis"), (None, "total_repeat_length")),
    "jax.numpy.split": ((1, "indices_or_sections"), (2, "axis")),
    "jax.numpy.array_split": ((1, "indices_or_sections"), (2, "axis")),
    "jax.numpy.moveaxis": ((1, "source"), (2, "destination")),
    "jax.numpy.swapaxes": ((1, "axis1"), (2, "axis2")),
    "jax.numpy.transpose": ((1, "axes"),),
    "jax.numpy.take": ((2, "axis"),),
    "jax.numpy.take_along_axis": ((2, "axis"),),
    "jax.numpy.roll": ((2, "axis"),),
    "jax.numpy.rot90": ((1, "k"), (2, "axes")),
    "jax.numpy.diff": ((1, "n"), (2, "axis")),
    "jax.numpy.round": ((1, "decimals"),),
    "jax.numpy.around": ((1, "decimals"),),
    "jax.numpy.tensordot": ((2, "axes"),),
    "jax.numpy.indices": ((0, "dimensions"),),
    "jax.numpy.percentile": ((2, "axis"),),
    "jax.numpy.quantile": ((2, "axis"),),
    "jax.numpy.nanpercentile": ((2, "axis"),),
    "jax.numpy.nanquantile": ((2, "axis"),),
    "jax.numpy.nonzero": ((None, "size"),),
    "jax.numpy.flatnonzero": ((None, "size"),),
    "jax.numpy.argwhere": ((None, "size"),),
    "jax.numpy.where": ((None, "size"),),
    "jax.numpy.unique": ((None, "size"),),
    "jax.numpy.bincount": ((2, "minlength"), (None, "length")),
    "jax.numpy.linalg.norm": ((1, "ord"), (2, "axis")),
    **{f"jax.numpy.fft.{name}": ((1, "n"), (2, "axis")) for name in _FFT_1D},
    **{f"jax.numpy.fft.{name}": ((1, "s"), (2, "axes")) for name in _FFT_ND},
    **{f"jax.ops.segment_{name}": ((2, "num_segments"),) for name in ("sum", "prod", "max", "min")},
    "jax.lax.iota": ((1, "size"),),
    "jax.lax.full": ((0, "shape"),),
    "jax.lax.full_like": ((3, "shape"),),
    "jax.lax.broadcast": ((1, "sizes"),),
    "jax.lax.broadcast_in_dim": ((1, "shape"), (2, "broadcast_dimensions")),
    "jax.lax.broadcasted_iota": ((1, "shape"), (2, "dimension")),
    "jax.lax.reshape": ((1, "new_sizes"), (2, "dimensions")),
    "jax.lax.slice": ((1, "start_indices"), (2, "limit_indices"), (3, "strides")),
    "jax.lax.slice_in_dim": ((1, "start_index"), (2, "limit_index"), (3, "stride"), (4, "axis")),
    "jax.lax.index_in_dim": ((1, "index"), (2, "axis")),
    "jax.lax.dynamic_slice": ((2, "slice_sizes"),),
    "jax.lax.dynamic_slice_in_dim": ((2, "slice_size"), (3, "axis")),
    "jax.lax.dynamic_index_in_dim": ((2, "axis"),),
    "jax.lax.dynamic_update_slice_in_dim": ((3, "axis"),),
    "jax.lax.dynamic_update_index_in_dim": ((3, "axis"),),
    "jax.lax.top_k": ((1, "k"), (None, "axis")),
    "jax.lax.transpose": ((1, "permutation"),),
    "jax.lax.concatenate": ((1, "dimension"),),
    "jax.lax.squeeze": ((1, "dimensions"),),
    "jax.lax.expand_dims": ((1, "dimensions"),),
    "jax.lax.rev": ((1, "dimensions"),),
    "jax.lax.pad": ((2, "padding_config"),),
    "jax.lax.collapse": ((1, "start_dimension"), (2, "stop_dimension")),
    "jax.lax.argmax": ((1, "axis"),),
    "jax.lax.argmin": ((1, "axis"),),
    "jax.lax.sort": ((1, "dimension"), (3, "num_keys")),
    "jax.lax.scan": ((3, "length"),),
    **{f"jax.lax.{name}": ((1, "axis"),) for name in _LAX_CUMULATIVE},
    **{f"jax.lax.{name}": ((1, "axes"),) for name in _LAX_REDUCE},
    **{f"jax.random.{name}": ((1, "shape"),) for name in _RANDOM_SHAPE_AT_1},
    "jax.random.bernoulli": ((2, "shape"),),
    "jax.random.categorical": ((2, "axis"), (3, "shape")),
    "jax.random.permutation": ((2, "axis"),),
    "jax.random.choice": ((2, "shape"), (5, "axis")),
    "jax.random.split": ((1, "num"),),
    "jax.random.truncated_normal": ((3, "shape"),),
    "jax.random.beta": ((3, "shape"),),
    "jax.random.gamma": ((2, "shape"),),
    "jax.random.poisson": ((2, "shape"),),
    "jax.random.dirichlet": ((2, "shape"),),
    "jax.random.t": ((2, "shape"),),
    "jax.random.multivariate_normal": ((3, "shape"),),
    "jax.random.orthogonal": ((1, "n"), (2, "shape")),
    "jax.random.ball": ((1, "d"), (3, "shape")),
    "jax.nn.one_hot": ((1, "num_classes"), (None, "axis")),
    "jax.nn.softmax": ((1, "axis"),),
    "jax.nn.log_softmax": ((1, "axis"),),
    "jax.nn.logsumexp": ((1, "axis"),),
    "jax.nn.standardize": ((1, "axis"),),
    "jax.nn.glu": ((1, "axis"),),
    "jax.scipy.special.logsumexp": ((1, "axis"),),
    "jax.scipy.special.softmax": ((None, "axis"),),
    "jax.scipy.special.multigammaln": ((1, "d"),),
    "jax.scipy.special.bernoulli": ((0, "n"),),
    # Linear algebra: flags that choose the algorithm are static arguments of JAX's jitted kernels.
    "jax.scipy.linalg.lu_solve": ((2, "trans"),),
    "jax.scipy.linalg.solve_triangular": ((2, "trans"), (3, "lower"), (4, "unit_diagonal")),
    "jax.scipy.linalg.cholesky": ((1, "lower"),),
    "jax.scipy.linalg.cho_factor": ((1, "lower"),),
    "jax.scipy.linalg.eigh": ((2, "lower"), (3, "eigvals_only")),
    "jax.scipy.linalg.solve": ((2, "lower"), (7, "assume_a")),
    "jax.scipy.linalg.svd": ((1, "full_matrices"), (2, "compute_uv")),
    "jax.numpy.linalg.eigh": ((1, "UPLO"),),
    "jax.numpy.linalg.qr": ((1, "mode"),),
    "jax.numpy.linalg.svd": ((1, "full_matrices"), (2, "compute_uv"), (3, "hermitian")),
    "jax.numpy.linalg.matrix_power": ((1, "n"),),
    "jax.numpy.linalg.pinv": ((2, "hermitian"),),
    # NumPy functions that accept a tracer as data but need Python integers for the rest.
    "numpy.split": ((1, "indices_or_sections"), (2, "axis")),
    "numpy.array_split": ((1, "indices_or_sections"), (2, "axis")),
}

# Methods of jax.Array, by name.
METHOD_SLOTS: dict[str, tuple[Slot, ...]] = {
    **{name: ((0, "axis"),) for name in _AXIS_FIRST_METHODS},
    "take": ((1, "axis"),),
    "swapaxes": ((0, "axis1"), (1, "axis2")),
    "diagonal": ((0, "offset"), (1, "axis1"), (2, "axis2")),
    "repeat": ((0, "repeats"), (1, "axis"), (None, "total_repeat_length")),
    "round": ((0, "decimals"),),
    "nonzero": ((None, "size"),),
}
# Methods whose every positional argument is part of a shape or permutation: x.reshape(n, -1).
VARIADIC_METHODS = frozenset({"reshape", "transpose"})

# Arguments that may be traced after all when another keyword makes the output size static.
TRACEABLE_WHEN_GIVEN = {"repeats": "total_repeat_length"}


def concrete_arguments(
    call: cst.Call, slots: tuple[Slot, ...], variadic: bool = False
) -> Iterator[tuple[str, cst.BaseExpression]]:
    """The (parameter name, argument) pairs of `call` that must be concrete."""
    keywords = {arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None}
    positional = [arg.value for arg in call.args if arg.keyword is None and not arg.star]
    if variadic:
        for value in positional:
            yield "shape", value
        return
    for position, keyword in slots:
        exempt = TRACEABLE_WHEN_GIVEN.get(keyword)
        if exempt is not None and exempt in keywords:
            continue
        if keyword in keywords:
            yield keyword, keywords[keyword]
        elif position is not None and position < len(positional):
            yield keyword, positional[position]


# Parameters that, left out, the function computes from the data (`segment_sum` counts the segments
# in `segment_ids`): under a transform of the function itself no fix can make them concrete.
FROM_THE_DATA_WHEN_OMITTED = frozenset({
    *((f"jax.ops.segment_{name}", "num_segments") for name in ("sum", "prod", "max", "min")),
    ("jax.numpy.bincount", "length"), ("jax.numpy.unique", "size"), ("jax.numpy.nonzero", "size"),
    ("jax.numpy.flatnonzero", "size"),
})


def slots_for_function(qualified: str | None) -> tuple[Slot, ...]:
    return FUNCTION_SLOTS.get(qualified or "", ())


def slots_for_method(func: cst.Attribute) -> tuple[tuple[Slot, ...], bool]:
    """The concrete slots of a method call on an array, and whether every positional argument is
    one. `x.at[i].min(v)` is an update whose argument is a value, not an axis."""
    receiver = func.value
    at = receiver.value if isinstance(receiver, cst.Subscript) else None
    if isinstance(at, cst.Attribute) and at.attr.value == "at":
        return (), False
    method = func.attr.value
    return METHOD_SLOTS.get(method, ()), method in VARIADIC_METHODS


def is_concrete_slot(
    call: cst.Call, argument: cst.BaseExpression, slots: tuple[Slot, ...], variadic: bool = False
) -> bool:
    return any(value is argument for _, value in concrete_arguments(call, slots, variadic))


def flattened(expression: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    """The leaves of a literal tuple or list (a shape such as `(n, 3)`), else the expression."""
    if isinstance(expression, (cst.Tuple, cst.List)):
        for element in expression.elements:
            yield from flattened(element.value)
    else:
        yield expression


# -- conversions ---------------------------------------------------------------------------------

# Builtins (and operator.index) that turn an array into a Python number.
CONVERTING_BUILTINS = frozenset({"int", "float", "complex"})
CONVERTING_FUNCTIONS = frozenset({"operator.index"})
# Array methods that return Python values.
CONVERTING_METHODS = frozenset({"item", "tolist"})


def conversion_operand(call: cst.Call, context) -> tuple[str, cst.BaseExpression] | None:
    """(`int`, operand) for `int(t)`, (`item`, t) for `t.item()`...: a call that asks for the
    concrete value of its operand; None for any other call."""
    func = call.func
    if isinstance(func, cst.Attribute) and func.attr.value in CONVERTING_METHODS:
        if not call.args and context.qualified_name(func) is None:
            return func.attr.value, func.value
        return None
    positional = [arg for arg in call.args if arg.keyword is None and not arg.star]
    if len(positional) != 1 or len(call.args) != 1:
        return None
    qualified = context.qualified_name(func)
    if qualified in CONVERTING_FUNCTIONS:
        return qualified.rpartition(".")[2], positional[0].value
    if qualified is None and isinstance(func, cst.Name) and func.value in CONVERTING_BUILTINS:
        if not is_shadowed(func.value, context):
            return func.value, positional[0].value
    return None


def comes_from_conversion(expression: cst.BaseExpression, context) -> bool:
    """`int(t)`, or a name whose only assignment in the function is one: the leak is the
    conversion (TFX201), so the places that use its result are not reported again."""
    if isinstance(expression, cst.Call):
        return conversion_operand(expression, context) is not None
    function = context.function
    if not isinstance(expression, cst.Name) or not isinstance(function, cst.FunctionDef):
        return False
    if bindings(function).assignment_counts.get(expression.value) != 1:
        return False
    values = assigned_values(function, expression.value)
    return len(values) == 1 and isinstance(values[0], cst.Call) and conversion_operand(values[0], context) is not None


def is_shadowed(name: str, context) -> bool:
    """Whether a builtin's name is rebound by the module or the function."""
    index = context.analysis.index
    return name in context.env or name in index.module_env or name in index.defs_in_scope[id(index.module)]
