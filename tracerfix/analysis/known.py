"""What the analysis knows about JAX, NumPy and Python names, as plain tables.

Kept apart from the logic so that teaching the tool a new function is a one-line change.
"""

from __future__ import annotations

# Namespaces whose functions return arrays traced whenever an argument is traced.
ARRAY_NAMESPACES = (
    "jax.numpy.",
    "jax.lax.",
    "jax.nn.",
    "jax.scipy.",
    "jax.random.",
    "jax.image.",
    "jax.tree_util.tree_map",
    "jax.tree.map",
    "jax.vmap",
    "jax.grad",
    "jax.value_and_grad",
    "optax.",
    "equinox.nn.",
)

# Calls that apply their first argument to the leaves of the trees they are given: under a trace,
# with traced trees, that function receives tracers.
TREE_MAP_CALLS = frozenset(
    {"jax.tree_util.tree_map", "jax.tree.map", "jax.tree_map", "jax.tree_util.tree_reduce", "jax.tree.reduce"}
)

# Namespaces whose calls JAX stages out under a trace: their results are tracers whatever their
# inputs, except the calls below that only compute shapes, dtypes or structure.
STAGED_NAMESPACES = ("jax.numpy.", "jax.lax.", "jax.random.", "jax.nn.", "jax.scipy.")
# Calls that give their first argument back, tracer or not.
PASS_THROUGH_CALLS = frozenset({"jax.device_get", "jax.device_put", "jax.block_until_ready"})
# Context managers under which `jnp` on Python values computes while tracing (concrete arrays).
COMPILE_TIME_EVAL = frozenset({"jax.ensure_compile_time_eval", "jax.core.ensure_compile_time_eval"})
STATIC_RESULT_LEAVES = frozenset(
    {"broadcast_shapes", "shape", "ndim", "size", "result_type", "dtype", "issubdtype", "iinfo",
     "finfo", "promote_types", "can_cast", "isscalar", "iscomplexobj", "isrealobj", "isdtype",
     "axis_size", "canonicalize_dtype",
     # `lax.psum(1, axis_name)`: a collective of a Python constant is the axis size, concrete.
     "psum", "pmean"}
)

# Calls whose result never depends on array values: shapes, dtypes, structure, type tests.
STATIC_RESULT_CALLS = frozenset(
    {
        "len",
        "isinstance",
        "issubclass",
        "type",
        "hasattr",
        "callable",
        "id",
        "repr",
        "str",
        "jax.numpy.shape",
        "jax.numpy.ndim",
        "jax.numpy.size",
        "jax.numpy.result_type",
        "jax.numpy.dtype",
        "jax.numpy.issubdtype",
        "jax.numpy.iinfo",
        "jax.numpy.finfo",
        "jax.numpy.promote_types",
        "jax.numpy.can_cast",
        "jax.numpy.isscalar",
        "jax.numpy.iscomplexobj",
        "jax.numpy.isrealobj",
        "jax.numpy.isdtype",
        "jax.lax.axis_size",
        "jax.dtypes.canonicalize_dtype",
        "jax.dtypes.issubdtype",
        "jax.eval_shape",
        "jax.tree_util.tree_structure",
        "jax.tree.structure",
        "jax.tree_util.tree_leaves",  # structure of the list is static; leaves are checked where used
        "jax.typeof",
        "jax.core.get_aval",
        "numpy.shape",
        "numpy.ndim",
        "numpy.result_type",
        "numpy.dtype",
        "numpy.issubdtype",
        "numpy.iinfo",
        "numpy.finfo",
        "numpy.iscomplexobj",
        "numpy.isrealobj",
        "math.prod",
        "operator.index",
    }
)

# Attributes of an array that are known at trace time.
STATIC_ARRAY_ATTRIBUTES = frozenset(
    {"shape", "ndim", "dtype", "size", "weak_type", "itemsize", "nbytes", "sharding", "aval"}
)

# Attributes of a traced array that are traced arrays themselves.
TRACED_ARRAY_ATTRIBUTES = frozenset({"T", "mT", "real", "imag", "at", "flat"})

# Methods of jax.Array whose result is traced when the array is.
ARRAY_METHODS = frozenset(
    {
        "all", "any", "argmax", "argmin", "argpartition", "argsort", "astype", "clip", "conj",
        "conjugate", "copy", "cumprod", "cumsum", "diagonal", "dot", "flatten", "get", "max",
        "mean", "min", "nonzero", "prod", "ptp", "ravel", "repeat", "reshape", "round",
        "searchsorted", "set", "add", "multiply", "divide", "power", "apply", "sort", "squeeze",
        "std", "sum", "swapaxes", "take", "trace", "transpose", "var", "view", "item", "tolist",
        "block_until_ready", "__getitem__",
    }
)

# What code names the array module it was handed (`self.np = np`, `xp = array_namespace(x)`,
# `backend.np`): its functions compute on arrays like NumPy's or JAX's own.
NAMESPACE_ALIASES = frozenset({"np", "jnp", "xp", "numpy", "anp"})

# Results that are boolean arrays: masks and predicates.
BOOLEAN_RESULT_FUNCTIONS = frozenset(
    {
        "isnan", "isinf", "isfinite", "isposinf", "isneginf", "isclose", "signbit", "isreal",
        "iscomplex", "logical_and", "logical_or", "logical_not", "logical_xor", "greater",
        "greater_equal", "less", "less_equal", "equal", "not_equal", "any", "all", "isin",
        "array_equal", "allclose",
    }
)
BOOLEAN_RESULT_METHODS = frozenset({"any", "all"})

# Array methods that keep the dtype of the array (a boolean mask stays one), and the updates of
# `x.at[i]`, which keep the dtype of `x`.
DTYPE_KEEPING_METHODS = frozenset({"copy", "flatten", "ravel", "reshape", "squeeze", "swapaxes", "transpose",
                                   "repeat", "take", "view"})
# jax.numpy/numpy functions whose result keeps the dtype of their first argument (without `dtype=`):
# `xp.asarray(mask)`, `jnp.reshape(mask, shape)` are still masks.
DTYPE_KEEPING_FUNCTIONS = frozenset({"asarray", "array", "copy", "reshape", "ravel", "squeeze", "expand_dims",
                                     "broadcast_to", "transpose", "atleast_1d", "atleast_2d", "flip", "roll",
                                     "moveaxis", "swapaxes", "tile", "repeat"})
AT_UPDATE_METHODS = frozenset({"set", "add", "multiply", "divide", "power", "min", "max", "apply", "get"})

# Builtins that read the value of their argument.
VALUE_READING_BUILTINS = frozenset({"abs", "round", "sum", "min", "max", "pow", "divmod"})

# Transformations that trace the function they are given.
JIT_TRANSFORMS = frozenset(
    {"jax.jit", "jax.pmap", "jax.checkpoint", "flax.linen.jit", "flax.linen.remat",
     "flax.linen.checkpoint", "jax.experimental.shard_map.shard_map", "jax.shard_map"}
)
# Transformations whose static arguments are every argument that is not an array.
FILTER_TRANSFORMS = frozenset(
    {
        "equinox.filter_jit", "equinox.filter_vmap", "equinox.filter_pmap", "equinox.filter_grad",
        "equinox.filter_value_and_grad", "equinox.filter_checkpoint", "equinox.filter_jacfwd",
        "equinox.filter_jacrev", "equinox.filter_hessian", "flax.nnx.jit", "flax.nnx.vmap",
        "flax.nnx.grad", "flax.nnx.value_and_grad", "flax.nnx.remat", "flax.nnx.pmap",
    }
)
# Differentiation traces only the arguments it differentiates (argnums, default 0).
GRAD_TRANSFORMS = frozenset(
    {"jax.grad", "jax.value_and_grad", "jax.jacfwd", "jax.jacrev", "jax.hessian", "jax.jacobian"}
)
VMAP_TRANSFORMS = frozenset({"jax.vmap", "haiku.vmap", "jax.numpy.vectorize"})
# Transformations that trace only inside a trace: applied outside `jit`, shard_map runs its body
# eagerly on concrete shards.
EAGER_OUTSIDE_JIT = frozenset({"jax.shard_map", "jax.experimental.shard_map.shard_map"})
# Functions handed to these are differentiated in reverse mode, like those given to jax.grad.
REVERSE_MODE_BODIES = frozenset({"jax.vjp", "jax.linearize"})

# Control-flow primitives and which of their arguments are traced bodies:
# positional indexes and keyword names; "*list" marks a list of functions (lax.switch branches).
LAX_BODY_ARGUMENTS: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {
    "jax.lax.cond": ((1, 2), ("true_fun", "false_fun")),
    "jax.lax.switch": ((1,), ("branches",)),
    "jax.lax.scan": ((0,), ("f",)),
    "jax.lax.fori_loop": ((2,), ("body_fun",)),
    "jax.lax.while_loop": ((0, 1), ("cond_fun", "body_fun")),
    "jax.lax.map": ((0,), ("f",)),
    # NumPy's helpers that JAX implements with `vmap`: the function sees tracers.
    "jax.numpy.apply_along_axis": ((0,), ("func1d",)),
    "jax.numpy.apply_over_axes": ((0,), ("func",)),
    "jax.lax.associative_scan": ((0,), ("fn",)),
    "jax.lax.reduce": ((2,), ("computation",)),
    "jax.lax.custom_root": ((0, 2, 3), ()),
    "jax.lax.select_n": ((), ()),
    "jax.checkpoint": ((0,), ("fun",)),
    "jax.linearize": ((0,), ("fun",)),
    "jax.jvp": ((0,), ("fun",)),
    "jax.vjp": ((0,), ("fun",)),
    "jax.make_jaxpr": ((0,), ("fun",)),
    "haiku.scan": ((0,), ("f",)),
    "haiku.fori_loop": ((2,), ("body_fun",)),
    "haiku.while_loop": ((0, 1), ("cond_fun", "body_fun")),
    "haiku.cond": ((1, 2), ("true_fun", "false_fun")),
    "haiku.switch": ((1,), ("branches",)),
    "haiku.map": ((0,), ("f",)),
}

# Loops whose body functions receive a carry built like an operand: name -> (index of the
# initial carry, keyword, [(index of a body function, keyword, position of the carry among its
# parameters)]). `lax.scan`'s second parameter, an element of `xs`, keeps the value its seeding
# as a body gave it.
CARRYING_LOOPS: dict[str, tuple[int, str, tuple[tuple[int, str, int], ...]]] = {
    "jax.lax.while_loop": (2, "init_val", ((0, "cond_fun", 0), (1, "body_fun", 0))),
    "jax.lax.fori_loop": (3, "init_val", ((2, "body_fun", 1),)),
    "jax.lax.scan": (1, "init", ((0, "f", 0),)),
}

# Transformations whose results are arrays: tracers when the transformed function is called
# under a trace (not the filter transformations, which give non-arrays back as they are).
STAGING_TRANSFORMS = JIT_TRANSFORMS | GRAD_TRANSFORMS | VMAP_TRANSFORMS

# Decorators that mean "this function's arguments are traced whenever it is called".
TRACED_SCOPE_TRANSFORMS = JIT_TRANSFORMS | FILTER_TRANSFORMS | GRAD_TRANSFORMS | VMAP_TRANSFORMS

# Annotations that say a parameter is an array (used where a transform keeps non-arrays static).
ARRAY_ANNOTATION_NAMES = frozenset(
    {
        "jax.Array", "jax.numpy.ndarray", "jax.typing.ArrayLike", "jaxtyping.Array",
        "jaxtyping.Float", "jaxtyping.Int", "jaxtyping.Bool", "jaxtyping.Shaped",
        "jaxtyping.Real", "jaxtyping.Num", "jaxtyping.Inexact", "jaxtyping.Integer",
        "jaxtyping.UInt", "jaxtyping.Complex", "jaxtyping.ArrayLike", "chex.Array",
        # JAX's scalar types: `is_call: jnp.bool_` is a 0-d array, a tracer under a transform.
        *(f"jax.numpy.{dtype}" for dtype in (
            "bool_", "float16", "bfloat16", "float32", "float64", "int8", "int16", "int32", "int64",
            "uint8", "uint16", "uint32", "uint64", "complex64", "complex128")),
    }
)

# Types that `isinstance` tells apart from tracers: a value of one of them is concrete. (Not
# tuple or list: a Python container may hold tracers.)
PYTHON_SCALAR_TYPES = frozenset({"int", "float", "bool", "complex", "str", "bytes"})

# Annotations of Python scalars: `jax.jit` traces them like arrays.
SCALAR_ANNOTATION_NAMES = frozenset({"float", "int", "bool", "complex"})
# Annotations of Python containers: traced elements, but static truthiness and length.
CONTAINER_ANNOTATION_NAMES = frozenset(
    {
        "tuple", "list", "dict", "typing.Tuple", "typing.List", "typing.Dict", "typing.Sequence",
        "typing.Mapping", "typing.MutableMapping", "typing.MutableSequence",
        "collections.abc.Sequence", "collections.abc.Mapping", "collections.abc.MutableMapping",
        "collections.abc.MutableSequence",
    }
)

# Words whose presence in a file means it may contain a traced scope.
TRACE_MARKERS = (
    "jit", "vmap", "pmap", "grad", "jacfwd", "jacrev", "hessian", "checkpoint", "remat",
    "scan", "fori_loop", "while_loop", "cond", "switch", "lax", "shard_map", "jvp", "vjp", "vectorize",
)


# Parameter names (singular, lower case) that by convention hold a bundle of values, not one array.
CONTAINER_NAMES = frozenset(
    {"config", "cfg", "conf", "param", "state", "option", "opt", "setting", "hparam", "kwarg", "arg", "batch",
     "info", "carry", "aux", "extra", "metadata", "context", "ctx", "env", "model", "module", "net", "metric",
     "stat", "log", "kwarg", "leave", "tree", "pytree", "dict", "mapping"}
)


def conventional_container_name(name: str) -> bool:
    """`config`, `params`, `extras`, `metrics`: a name that by convention holds a bundle of values."""
    return name.lower().lstrip("_").rstrip("_s") in CONTAINER_NAMES


def conventional_mask_name(name: str) -> bool:
    """`is_surface_atom`, `has_fd`: a name that by convention holds booleans. (Not `mask`: masks
    of 0s and 1s that weight values are as common as boolean ones.)"""
    return name.lower().lstrip("_").startswith(("is_", "has_"))

# Methods that change the length of a Python list or the keys of a dict: inside a `lax` loop
# their result would change the structure (a shape) of the state from one iteration to the next;
# a list they grow holds more than its literal said.
GROWING_METHODS = frozenset({"append", "extend", "insert", "pop", "remove", "clear", "update", "setdefault", "popitem"})

# Array constructors whose first argument is the shape (`np.zeros((n, m))`).
SHAPE_CONSTRUCTORS = frozenset({"zeros", "ones", "empty", "full"})
