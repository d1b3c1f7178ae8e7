"""Do two function outputs agree? Pytrees compared leaf by leaf (worker side).

Agreement is judged the way `jax.jit` would have returned the original had it been traceable:
same structure (a NamedTuple of the rewritten module's class matches the original's class of the
same name), same shapes; values within a tolerance that depends on the dtype, NaN equal to NaN,
infinities equal only with the same sign. Python scalars from the eager original are weakly
typed, as JAX treats them: a weak type that became strong, or an integer that became a float
with the same values, is a note, not a failure, unless `strict_dtypes` asks for exact dtypes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# Relative tolerance per dtype; absolute tolerance is the same fraction of the output's magnitude.
RTOL = {"float16": 2e-3, "bfloat16": 1.6e-2, "float32": 1e-5, "float64": 1e-12,
        "complex64": 1e-5, "complex128": 1e-12}
GRADIENT_SLACK = 50.0  # gradients pass through more operations: allow more rounding


@dataclass
class Difference:
    what: str  # "structure" | "shape" | "dtype" | "values" | "type"
    where: str  # the leaf's path in the output, "" for the whole output
    detail: str

    def describe(self) -> str:
        place = f" at output {self.where}" if self.where else ""
        return f"{self.what} differ{place}" + (f": {self.detail}" if self.detail else "")


def compare(expected, actual, slack: float = 1.0, strict_dtypes: bool = False) -> tuple[Difference | None, list[str]]:
    """The first difference between two outputs (None when they agree), and warnings."""
    import jax

    expected_leaves, expected_tree = jax.tree_util.tree_flatten_with_path(expected)
    actual_leaves, actual_tree = jax.tree_util.tree_flatten_with_path(actual)
    # The rewritten module defines its own copy of each class: the same name is the same type.
    if expected_tree != actual_tree and str(expected_tree) != str(actual_tree):
        return Difference("structure", "", f"the original returns {expected_tree}, the rewrite {actual_tree}"), []
    warnings: list[str] = []
    for (path, left), (_, right) in zip(expected_leaves, actual_leaves):
        where = path_text(path)
        difference = _compare_leaf(left, right, where, slack, warnings, strict_dtypes)
        if difference is not None:
            return difference, warnings
    return None, warnings


def _compare_leaf(expected, actual, where: str, slack: float, warnings: list[str],
                  strict_dtypes: bool = False) -> Difference | None:
    left, right = as_array(expected), as_array(actual)
    if left is None or right is None:
        if left is None and right is None:
            try:
                same = bool(expected == actual)
            except Exception:
                same = expected is actual
            return None if same else Difference("values", where, f"{expected!r} != {actual!r}")
        return Difference("type", where, f"{type(expected).__name__} became {type(actual).__name__}")
    if left.shape != right.shape:
        return Difference("shape", where, f"{left.shape} became {right.shape}")
    place = f"output {where} " if where else "output "
    if isinstance(expected, (bool, int, float, complex)) and not isinstance(actual, (bool, int, float, complex)):
        warnings.append(f"{place}{PYTHON_VALUE_BECAME_ARRAY} ({type(expected).__name__})")
    if left.dtype != right.dtype:
        if strict_dtypes or not _promotes_to(left, right):
            return Difference("dtype", where, f"{left.dtype} became {right.dtype}"
                              + ("" if strict_dtypes else " (not a weak-type promotion)"))
        kept = np.asarray(left).astype(right.dtype)
        if not values_agree(kept, np.asarray(right), str(right.dtype), slack):
            return Difference("values", where, f"(the original's {left.dtype} compared as {right.dtype})")
        warnings.append(f"{place}was {_weak(left)}{left.dtype}, now {right.dtype}, with the same values "
                        "(--strict-dtypes fails on this)")
        return None
    if getattr(left, "weak_type", False) != getattr(right, "weak_type", False):
        change = "weakly typed" if getattr(right, "weak_type", False) else "strongly typed"
        warnings.append(f"{place}is now {change} ({left.dtype})")
    if not values_agree(np.asarray(left), np.asarray(right), str(left.dtype), slack):
        return Difference("values", where, "")
    return None


# The warning that makes verification run the function's traced callers too: a caller may need
# the Python value (a static argument, a shape), which an array is not under a trace.
PYTHON_VALUE_BECAME_ARRAY = "was a Python number and is now an array"


def _weak(value) -> str:
    return "weakly typed " if getattr(value, "weak_type", False) else ""


def _promotes_to(original, rewrite) -> bool:
    """Whether the original's dtype becomes the rewrite's under JAX's promotion rules in a way
    that keeps values: a weakly typed value (a Python scalar) takes the dtype of what it meets,
    and an integer or boolean widened to a float keeps small values exactly."""
    import jax.numpy as jnp

    if getattr(original, "weak_type", False):
        return jnp.promote_types(original.dtype, rewrite.dtype) == rewrite.dtype or (
            jnp.issubdtype(rewrite.dtype, jnp.inexact))
    return original.dtype.kind in "biu" and rewrite.dtype.kind in "fc"


def broadcast_to(value, shapes):
    """`value` with each leaf broadcast to the matching shape in `shapes` (a list of leaf shapes),
    as the rewrite's selection broadcasts the original's per-branch outputs."""
    import jax
    import jax.numpy as jnp

    leaves, tree = jax.tree_util.tree_flatten(value)
    out = []
    for leaf, shape in zip(leaves, shapes):
        array = as_array(leaf)
        if array is None or shape is None or array.shape == tuple(shape):
            out.append(leaf)
        else:
            out.append(jnp.broadcast_to(array, shape))
    return jax.tree_util.tree_unflatten(tree, out)


def output_shape(value) -> tuple:
    """What jit fixes about an output: its structure and each leaf's shape and dtype (weakly
    typed leaves, Python scalars, promote: their dtype is left out)."""
    import jax

    leaves, tree = jax.tree_util.tree_flatten(value)
    described = []
    for leaf in leaves:
        array = as_array(leaf)
        dtype = "weak" if array is not None and getattr(array, "weak_type", False) else str(getattr(array, "dtype", ""))
        described.append(type(leaf).__name__ if array is None else (array.shape, dtype))
    return str(tree), tuple(described)


def common_shapes(shapes: set[tuple]) -> list | None:
    """The leaf shapes every output in `shapes` (values of `output_shape`) broadcasts to, when
    they differ only by broadcasting and weak types (one branch returns a Python scalar, the
    other an array); None when their structures or strong dtypes differ, or the shapes do not
    broadcast."""
    import numpy as np

    trees = {tree for tree, _ in shapes}
    if len(trees) != 1:
        return None
    described = [leaves for _, leaves in shapes]
    common = []
    for position in range(len(described[0])):
        leaf_shapes = [leaves[position][0] for leaves in described if isinstance(leaves[position], tuple)]
        if len(leaf_shapes) != len(described):
            return None
        if len({leaves[position][1] for leaves in described} - {"weak"}) > 1:
            return None  # a strong dtype that varies by branch: no compiled program has that
        try:
            shape = np.broadcast_shapes(*leaf_shapes)
        except ValueError:
            return None
        if shape not in leaf_shapes:
            # (386,) and (386, 1) broadcast to neither: shapes the data chose, not one branch's
            # scalar beside another's array (and the broadcast may not fit in memory).
            return None
        common.append(shape)
    return common


def overflowed(value) -> bool:
    """Whether a floating output holds NaN or inf: the computation left the finite numbers."""
    import jax

    for leaf in jax.tree_util.tree_leaves(value):
        array = as_array(leaf)
        if array is not None and np.asarray(array).dtype.kind in "fc" and not np.isfinite(np.asarray(array)).all():
            return True
    return False


def overflowed_alike(expected, actual) -> bool:
    """Whether two same-shaped outputs agree where the original (`expected`) is finite and are
    both NaN or inf where it is not: past an overflow (`gamma = 1e30` in a value iteration), which
    of inf and NaN comes out depends on the order of operations, not on what the code means."""
    involved = False
    for e, a in _floating_pairs(expected, actual, same_dtype=False) or ():
        gone = ~np.isfinite(e)
        if (np.isfinite(a) & gone).any():
            return False
        kept = ~gone
        if kept.any() and (not np.isfinite(a[kept]).all() or not values_agree(e[kept], a[kept], str(e.dtype))):
            return False
        involved = involved or bool(gone.any())
    return involved


def nonfinite_only(expected, actual) -> bool:
    """Whether every element where two same-shaped outputs disagree is NaN or inf on a side."""
    involved = False
    for e, a in _floating_pairs(expected, actual, same_dtype=True) or ():
        nonfinite = ~np.isfinite(e) | ~np.isfinite(a)
        differs = ~((e == a) | (np.isnan(e) & np.isnan(a)))
        finite_differs = differs & ~nonfinite
        if finite_differs.any() and not values_agree(e[finite_differs], a[finite_differs], str(e.dtype)):
            return False
        involved = involved or bool((differs & nonfinite).any())
    return involved


def _floating_pairs(expected, actual, same_dtype: bool) -> list[tuple[np.ndarray, np.ndarray]] | None:
    """The floating leaves of two outputs, paired; None when their structures, shapes (or, with
    `same_dtype`, dtypes) differ or a non-floating leaf is not equal."""
    import jax

    pairs = []
    for left, right in zip(jax.tree_util.tree_leaves(expected), jax.tree_util.tree_leaves(actual)):
        left, right = as_array(left), as_array(right)
        if left is None or right is None or left.shape != right.shape or same_dtype and left.dtype != right.dtype:
            return None
        e, a = np.asarray(left), np.asarray(right)
        if e.dtype.kind not in "fc":
            if not np.array_equal(e, a):
                return None
            continue
        pairs.append((e, a))
    return pairs


def as_array(value):
    """A jax array for anything array-like (canonical dtype: float64 becomes float32 unless x64
    is on, as it would inside jit), None for other objects (strings, classes)."""
    import jax
    import jax.numpy as jnp

    if isinstance(value, jax.Array):
        return value
    if isinstance(value, (np.ndarray, np.generic, bool, int, float, complex)):
        try:
            return jnp.asarray(value)
        except (OverflowError, TypeError, ValueError):
            return None
    return None


def values_agree(expected: np.ndarray, actual: np.ndarray, dtype: str, slack: float = 1.0) -> bool:
    if expected.dtype.kind in "biu" or dtype not in RTOL:
        return bool(np.array_equal(expected, actual))
    if expected.dtype.kind == "c":
        return values_agree(expected.real, actual.real, dtype, slack) and values_agree(
            expected.imag, actual.imag, dtype, slack
        )
    expected = expected.astype(np.float64)
    actual = actual.astype(np.float64)
    nan = np.isnan(expected)
    if not np.array_equal(nan, np.isnan(actual)):
        return False
    infinite = np.isinf(expected) | np.isinf(actual)
    if not np.array_equal(expected[infinite], actual[infinite]):
        return False
    finite = ~(nan | infinite)
    if not finite.any():
        return True
    rtol = RTOL[dtype] * slack
    scale = max(1.0, float(np.max(np.abs(expected[finite]))))
    return bool(np.all(np.abs(expected[finite] - actual[finite]) <= rtol * (scale + np.abs(expected[finite]))))


def describe_value(value, limit: int = 12) -> str:
    """Short text for reports: `f32[3] [0., -7., 0.5]`."""
    array = as_array(value)
    if array is None:
        text = repr(value)
        return text if len(text) <= 200 else text[:197] + "..."
    data = np.asarray(array)
    dtype = _short_dtype(str(array.dtype))
    if data.ndim == 0:
        python = type(value).__name__ if isinstance(value, (bool, int, float, complex)) else None
        return f"{python} {data.item()!r}" if python else f"{dtype}[] {data.item()!r}"
    body = np.array2string(data, precision=8, threshold=limit, separator=", ", max_line_width=100)
    return f"{dtype}{list(data.shape)} {body}"


def describe_tree(value) -> str:
    import jax

    leaves, _ = jax.tree_util.tree_flatten_with_path(value)
    if len(leaves) == 1 and not leaves[0][0]:
        return describe_value(leaves[0][1])
    return "; ".join(f"{path_text(path)}: {describe_value(leaf)}" for path, leaf in leaves) or repr(value)


def path_text(path) -> str:
    """A leaf's place in an output, readably: `[0]`, `loss`, `.params[1]`."""
    import jax

    parts = []
    for key in path:
        if isinstance(key, jax.tree_util.DictKey):
            parts.append(str(key.key) if not parts else f"[{key.key!r}]")
        elif isinstance(key, jax.tree_util.SequenceKey):
            parts.append(f"[{key.idx}]")
        elif isinstance(key, jax.tree_util.GetAttrKey):
            parts.append(f".{key.name}")
        else:
            parts.append(str(key))
    return "".join(parts)


def _short_dtype(dtype: str) -> str:
    from tracerfix.verify.specs import DTYPES

    return next((short for short, long in DTYPES.items() if long == dtype), dtype)
