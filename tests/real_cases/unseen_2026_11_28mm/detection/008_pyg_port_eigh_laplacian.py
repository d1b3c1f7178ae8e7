"""PyG-port graph Laplacian: jnp.nonzero selection, int() of a traced max, and a traced and/or chain.

source: public code index, code-index file id 33703092219 (a JAX/jraph molecular-graph utilities module
  importing `dit_mc.jraph_utils.get_number_of_nodes` and rdkit; functions maybe_num_nodes, remove_self_loops,
  compute_loop_attr, add_self_loops, get_laplacian, cumsum, to_dense_adj ("Code adopted from
  pytorch_geometric"), compute_eigh_laplacian, GaussianPrior, HarmonicPrior); the index does not name the
  repository or commit.
error: ConcretizationTypeError
category: nonzero-selection / int-of-traced / truth-test-in-boolop
expect: fix
notes: the functions maybe_num_nodes .. to_dense_adj and compute_eigh_laplacian are verbatim (including the
  `jnp.concatentate` typo on a branch this entry point never takes). Adapted: `import jraph` replaced by a
  two-line stand-in exposing `segment_sum` (jraph.segment_sum is jax.ops.segment_sum with the same
  positional signature); the rdkit helpers and the prior classes are dropped; entry point
  `f = jax.jit(compute_eigh_laplacian, static_argnums=(2,))` added (num_nodes is the static node count).
  Under jit the first leak is `jnp.nonzero(mask)` in remove_self_loops (data-dependent size); behind it are
  `int(src_idx.max())` / `int(batch.max())` in to_dense_adj and the
  `(jnp.size(idx1) > 0 and idx1.max() >= max_num_nodes) or (...)` truth test. The reference keeps every
  edge and zero-weights the self loops (segment sums are unchanged), uses the static num_nodes for the
  dense size and batch_size 1, and drops the out-of-range branch that can never fire once the
  self-loop indices are arange(num_nodes).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np
from types import SimpleNamespace
from typing import Optional, Union, Tuple

jraph = SimpleNamespace(segment_sum=jax.ops.segment_sum)  # stand-in for `import jraph`


"""
Code adopted from
https://github.com/pyg-team/pytorch_geometric/blob/master/torch_geometric/utils/num_nodes.py
"""
def maybe_num_nodes(
    src_idx: jnp.ndarray,
    dst_idx: jnp.ndarray,
    num_nodes: Optional[int] = None,
) -> int:
    if num_nodes is not None:
        return num_nodes
    return max(
        int(src_idx.max()) + 1 if jnp.size(src_idx) > 0 else 0,
        int(dst_idx.max()) + 1 if jnp.size(dst_idx) > 0 else 0,
    )


"""
Code adopted from
https://github.com/pyg-team/pytorch_geometric/blob/main/torch_geometric/utils/loop.py
"""
def remove_self_loops(
    src_idx: jnp.ndarray,
    dst_idx: jnp.ndarray,
    edge_attr: Optional[jnp.ndarray] = None,
):
    mask = src_idx != dst_idx
    mask = jnp.nonzero(mask)[0]
    src_idx, dst_idx = src_idx[mask], dst_idx[mask]
    if edge_attr is None:
        return src_idx, dst_idx, None
    return src_idx, dst_idx, edge_attr[mask]


"""
Code adopted from
https://github.com/pyg-team/pytorch_geometric/blob/main/torch_geometric/utils/loop.py
"""
def compute_loop_attr(
    edge_attr: jnp.ndarray,
    num_nodes: int,
    fill_value: Optional[Union[float, jnp.ndarray]] = None,
) -> jnp.ndarray:

    if fill_value is None:
        size = (num_nodes, ) + edge_attr.shape[1:]
        return jnp.ones(size)

    elif isinstance(fill_value, (int, float)):
        size = (num_nodes, ) + edge_attr.shape[1:]
        return jnp.full(size, fill_value)

    elif isinstance(fill_value, jnp.ndarray):
        size = (num_nodes, ) + edge_attr.shape[1:]
        loop_attr = fill_value.astype(edge_attr.dtype)
        if edge_attr.ndim != loop_attr.ndim:
            loop_attr = loop_attr.squeeze()
        return jnp.broadcast_to(loop_attr, size)

    raise AttributeError("No valid 'fill_value' provided")


"""
Code adopted from
https://github.com/pyg-team/pytorch_geometric/blob/main/torch_geometric/utils/loop.py
"""
def add_self_loops(
    src_idx: jnp.ndarray,
    dst_idx: jnp.ndarray,
    edge_attr: Optional[jnp.ndarray] = None,
    fill_value: Optional[Union[float, jnp.ndarray]] = None,
    num_nodes: Optional[int] = None,
):
    N = maybe_num_nodes(src_idx, dst_idx, num_nodes)

    loop_idx = jnp.arange(0, N)
    full_src_idx = jnp.concatenate((src_idx, loop_idx), axis=0)
    full_dst_idx = jnp.concatenate((dst_idx, loop_idx), axis=0)

    if edge_attr is not None:
        loop_attr = compute_loop_attr(edge_attr, N, fill_value)
        edge_attr = jnp.concatentate([edge_attr, loop_attr], axis=0)

    return full_src_idx, full_dst_idx, edge_attr


"""
Code adopted from
https://github.com/pyg-team/pytorch_geometric/blob/master/torch_geometric/utils/laplacian.py
"""
def get_laplacian(
    src_idx: jnp.ndarray,
    dst_idx: jnp.ndarray,
    edge_weight: Optional[jnp.ndarray] = None,
    num_nodes: Optional[int] = None,
) -> Tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray]:

    src_idx, dst_idx, edge_weight = remove_self_loops(src_idx, dst_idx, edge_weight)

    if edge_weight is None:
        edge_weight = jnp.ones(src_idx.size, dtype=np.float32)

    num_nodes = maybe_num_nodes(src_idx, dst_idx, num_nodes)

    deg = jraph.segment_sum(edge_weight, src_idx, num_nodes)

    # L = D - A.
    src_idx, dst_idx, _ = add_self_loops(src_idx, dst_idx, num_nodes=num_nodes)
    edge_weight = jnp.concatenate((-edge_weight, deg), axis=0)
    return src_idx, dst_idx, edge_weight


"""
Code adopted from
https://github.com/pyg-team/pytorch_geometric/blob/master/torch_geometric/utils/functions.py
"""
def cumsum(x: jnp.ndarray, axis: int = 0) -> jnp.ndarray:
    pad_width = [(0, 0)] * x.ndim
    pad_width[axis] = (1, 0)
    x = jnp.pad(x, pad_width, mode='constant', constant_values=0)
    return jnp.cumsum(x, axis=axis)


"""
Code adopted from
https://github.com/pyg-team/pytorch_geometric/blob/master/torch_geometric/utils/_to_dense_adj.py
"""
def to_dense_adj(
    src_idx: jnp.ndarray,
    dst_idx: jnp.ndarray,
    batch: Optional[jnp.ndarray] = None,
    edge_attr: Optional[jnp.ndarray] = None,
    max_num_nodes: Optional[int] = None,
    batch_size: Optional[int] = None,
) -> jnp.ndarray:

    if batch is None:
        max_index = max(
            int(src_idx.max()) + 1 if jnp.size(src_idx) > 0 else 0,
            int(dst_idx.max()) + 1 if jnp.size(dst_idx) > 0 else 0,
        )
        batch = jnp.zeros(max_index, dtype=np.int32)

    if batch_size is None:
        batch_size = int(batch.max()) + 1 if jnp.size(batch) > 0 else 0

    one = jnp.ones(batch.shape[0], dtype=np.int32)
    num_nodes = jraph.segment_sum(one, batch, batch_size)
    cum_nodes = cumsum(num_nodes)

    idx0 = batch[src_idx]
    idx1 = src_idx - cum_nodes[batch][src_idx]
    idx2 = dst_idx - cum_nodes[batch][dst_idx]

    if max_num_nodes is None:
        max_num_nodes = int(num_nodes.max())

    elif ((jnp.size(idx1) > 0 and idx1.max() >= max_num_nodes)
          or (jnp.size(idx2) > 0 and idx2.max() >= max_num_nodes)):
        mask = (idx1 < max_num_nodes) & (idx2 < max_num_nodes)
        idx0 = idx0[mask]
        idx1 = idx1[mask]
        idx2 = idx2[mask]
        edge_attr = None if edge_attr is None else edge_attr[mask]

    if edge_attr is None:
        edge_attr = jnp.ones(jnp.size(idx0))

    size = [batch_size, max_num_nodes, max_num_nodes]
    size += list(edge_attr.shape)[1:]
    flattened_size = batch_size * max_num_nodes * max_num_nodes

    idx = idx0 * max_num_nodes * max_num_nodes + idx1 * max_num_nodes + idx2
    adj = jraph.segment_sum(edge_attr, idx, flattened_size)
    adj = adj.reshape(size)

    return adj


def compute_eigh_laplacian(src_idx, dst_idx, num_nodes, alpha=1.0):

    edge_attr = jnp.ones_like(src_idx)
    edge_attr *= alpha

    src_idx, dst_idx, edge_weight = get_laplacian(
        src_idx,
        dst_idx,
        edge_attr,
        num_nodes=num_nodes,
    )

    H = to_dense_adj(
        src_idx,
        dst_idx,
        edge_attr=edge_weight,
        max_num_nodes=num_nodes,
    ).squeeze()

    D, P = jnp.linalg.eigh(H)

    return D, P


f = jax.jit(compute_eigh_laplacian, static_argnums=(2,))
# --- end user code ---


def make_inputs(rng):
    n = 6
    m = 10
    src = rng.integers(0, n, size=m)
    dst = rng.integers(0, n, size=m)
    dst[0] = src[0]          # a self loop that remove_self_loops must drop
    dst[1] = src[1]
    src[2], dst[2] = n - 1, 0  # the largest node index appears
    # symmetric edge list, as the project builds it (reverse=True)
    s = np.concatenate([src, dst]).astype(np.int32)
    d = np.concatenate([dst, src]).astype(np.int32)
    return (s, d, n)


INPUTS = make_inputs


def _reference_fix(src_idx, dst_idx, num_nodes, alpha=1.0):
    w = jnp.ones_like(src_idx) * alpha
    w = jnp.where(src_idx != dst_idx, w, 0.0)              # self loops weigh nothing
    deg = jax.ops.segment_sum(w, src_idx, num_nodes)
    loop = jnp.arange(num_nodes)
    s = jnp.concatenate((src_idx, loop))
    d = jnp.concatenate((dst_idx, loop))
    ew = jnp.concatenate((-w, deg))
    H = jax.ops.segment_sum(ew, s * num_nodes + d, num_nodes * num_nodes)
    return jnp.linalg.eigh(H.reshape(num_nodes, num_nodes))


reference_fix = jax.jit(_reference_fix, static_argnums=(2,))
