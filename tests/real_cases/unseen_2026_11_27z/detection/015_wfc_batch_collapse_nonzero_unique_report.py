"""A wave-function-collapse batch selector: unsized nonzero, len() of it, jnp.unique and a data-length result.

source: public code index, file id 29263868724 (a JAX wave-function-collapse module under src/WFC importing TileHandler_JAX, gumbelSoftmax and shannonEntropy; the index does not name its repository): batch_get_neighbors and select_batch_collapse_by_map
error: ConcretizationTypeError
category: dynamic-shape
expect: report
notes: both functions verbatim (Chinese comments kept) except that the parameter/return part of batch_get_neighbors' docstring is cut; the module-level imports of gmsh, tqdm and the project's own modules are dropped since these two functions do not use them. Entry point `f = select_batch_collapse_by_map`, already jitted by the author with shape/batch_size/max_neighbors static. The same file keeps an older version commented out just above it that used `jnp.nonzero(mask, size=shape[0], fill_value=-1)`; the live version needs `jnp.nonzero(mask)[0]` without a size, `len()` of it, `jnp.unique` without a size, an `if count >= batch_size` on the scan carry, mask indexing inside the scan, and returns `selected_indices[:final_count]`, whose length depends on the data. No static-shape rewrite preserves that result, so the leak should be reported.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from functools import partial


@jax.jit
def batch_get_neighbors(vmap_adj, batch_indices):
    """
    批量获取单元的邻居和方向（兼容vmap）。
    适配 convert_adj_to_vmap_compatible 转换后的邻居矩阵结构。
    """
    # 从转换后的adj中获取整数形式的邻居和方向（修正键名以匹配转换结果）
    neighbors_batch = vmap_adj['padded_neighbors'][batch_indices]  # 邻居索引（整数）
    directions_batch = vmap_adj['padded_dirs_int'][batch_indices]  # 方向整数（对应dir_map）

    return neighbors_batch, directions_batch


@partial(jax.jit, static_argnames=('shape', 'batch_size', 'max_neighbors'))
def select_batch_collapse_by_map(
    key, map_arr, vmap_adj, shape, batch_size=16, max_neighbors=4
):
     # 1. 获取高优先级有效候选（无-1）
    max_val = jnp.max(map_arr)
    mask = map_arr == max_val
    valid_candidates = jnp.nonzero(mask)[0]
    valid_count = jnp.maximum(len(valid_candidates), 1)  # 至少1个候选

    # 2. 采样并去重（候选池大小为batch_size*2）
    subkey, key = jax.random.split(key)
    offsets = jax.random.randint(subkey, (batch_size * 2,), 0, valid_count)
    candidates = jnp.unique(valid_candidates[offsets])
    num_candidates = len(candidates)  # 动态候选数量

    # 3. 批量获取邻居（固定形状[num_candidates, max_neighbors]，含-1填充）
    neighbors_batch, _ = batch_get_neighbors(vmap_adj, candidates)  # 无需动态切片，保留-1

    # 4. 用lax.scan筛选无重叠邻居的单元
    init_state = (
        jnp.full((batch_size,), -1, dtype=jnp.int32),  # 已选中单元
        jnp.full((batch_size * max_neighbors,), -1, dtype=jnp.int32),  # 已选中的所有邻居（固定长度）
        jnp.array(0, dtype=jnp.int32)  # 已选数量
    )

    def scan_fn(state, i):
        selected, all_neighbors, count = state
        candidate = candidates[i]
        candidate_neigh = neighbors_batch[i]  # 含-1的固定长度邻居数组

        # 条件1：若已选满，直接跳过
        if count >= batch_size:
            return state, None

        # 过滤候选邻居中的-1（有效邻居）
        valid_candidate_neigh = candidate_neigh[candidate_neigh != -1]

        # 过滤已选中邻居中的-1（有效邻居）
        valid_all_neighbors = all_neighbors[all_neighbors != -1]

        # 条件2：判断邻居是否重叠
        has_overlap = jnp.any(jnp.isin(valid_candidate_neigh, valid_all_neighbors))

        # 不重叠则加入选中列表
        new_count = jnp.where(has_overlap, count, count + 1)
        new_selected = selected.at[count].set(jnp.where(has_overlap, selected[count], candidate))

        # 更新已选中的邻居集合（追加有效邻居，用-1填充剩余位置）
        neighbor_start = count * max_neighbors
        new_all_neighbors = all_neighbors.at[neighbor_start:neighbor_start+len(valid_candidate_neigh)].set(
            jnp.where(has_overlap, all_neighbors[neighbor_start:neighbor_start+len(valid_candidate_neigh)], valid_candidate_neigh)
        )

        return (new_selected, new_all_neighbors, new_count), None

    # 执行扫描（遍历所有候选）
    final_state, _ = jax.lax.scan(scan_fn, init_state, jnp.arange(num_candidates))
    selected_indices, _, final_count = final_state

    # 返回有效选中单元（长度≤batch_size）
    return selected_indices[:final_count]


f = select_batch_collapse_by_map
# --- end user code ---

import numpy as np


def make_inputs(rng):
    side = 6
    n = side * side
    idx = np.arange(n).reshape(side, side)
    neigh = np.full((n, 4), -1, dtype=np.int32)
    neigh[:, 0] = np.pad(idx, ((1, 0), (0, 0)), constant_values=-1)[:-1].ravel()   # up
    neigh[:, 1] = np.pad(idx, ((0, 1), (0, 0)), constant_values=-1)[1:].ravel()    # down
    neigh[:, 2] = np.pad(idx, ((0, 0), (1, 0)), constant_values=-1)[:, :-1].ravel()  # left
    neigh[:, 3] = np.pad(idx, ((0, 0), (0, 1)), constant_values=-1)[:, 1:].ravel()   # right
    dirs = np.tile(np.arange(4, dtype=np.int32), (n, 1))
    vmap_adj = {'padded_neighbors': neigh, 'padded_dirs_int': dirs}
    map_arr = rng.integers(0, 3, size=n).astype(np.float32)
    key = np.array([0, rng.integers(0, 2**31 - 1)], dtype=np.uint32)
    return (key, map_arr, vmap_adj, (n,))


INPUTS = make_inputs
