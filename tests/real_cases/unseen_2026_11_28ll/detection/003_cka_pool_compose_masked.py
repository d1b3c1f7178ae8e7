"""Flax-struct knowledge pool composed under jit: `jnp.any(pool.mask)` feeds jnp.where only; must stay untouched.

source: "Knowledge pool and CKA state for continual contrastive RL (JAX/Haiku)" module, public code index file id 61410515289 (CKAPool, empty_pool_like, pool_size, compute_contribution, CKAState, init_cka_state, reinit_for_new_task, compose, compose_from_trainable, append_vector_host, _merge_most_similar_pair_host, _compact_pool, legacy KnowledgePool); the index does not name the repository or commit.
error: none
category: negative-masked-pytree
expect: untouched
notes: the module from its imports through `_compact_pool`, verbatim. Adapted: flax is not installed, so
  `import flax` is replaced by a stand-in whose `flax.struct.dataclass` makes a frozen dataclass with
  `.replace` registered as a pytree; `from __future__ import annotations` is dropped (it cannot follow the
  case header); the "Pytree utilities" and legacy `KnowledgePool` sections at the end of the file are
  left out. Entry point added: `f` builds a CKAState from traced leaves and calls `compose`. Look-alikes
  reached under jit: `any_active = jnp.any(pool.mask)` used only inside jnp.where, `cka.pool.mask.shape[0]`.
  The host-side helpers (`pool_size`, `append_vector_host`, ...) do call int()/bool() on arrays but are
  never reached from `f`, as their docstrings say. Inputs include an all-inactive mask.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses
import types
from typing import List, Optional

import jax
import jax.numpy as jnp
import numpy as np


def _struct_dataclass(cls):
  # stand-in for flax.struct.dataclass (flax is not installed here)
  cls = dataclasses.dataclass(frozen=True)(cls)
  cls.replace = lambda self, **updates: dataclasses.replace(self, **updates)
  names = [fld.name for fld in dataclasses.fields(cls)]
  jax.tree_util.register_dataclass(cls, data_fields=names, meta_fields=[])
  return cls


flax = types.SimpleNamespace(struct=types.SimpleNamespace(dataclass=_struct_dataclass))


# ===========================================================================
# Public new API
# ===========================================================================

@flax.struct.dataclass
class CKAPool:
  """Fixed-capacity knowledge pool that lives inside a JAX pytree.

  Attributes:
    vectors: pytree of arrays with leading dim ``capacity``.
    mask: bool array of shape ``(capacity,)`` marking active slots.
  """
  vectors: 'jax.tree_util.PyTreeDef'  # type: ignore[type-arg]
  mask: jnp.ndarray


def empty_pool_like(template, capacity: int) -> CKAPool:
  """Create an empty CKAPool whose slots match ``template``'s structure."""
  vectors = jax.tree_util.tree_map(
      lambda x: jnp.zeros((capacity,) + x.shape, dtype=x.dtype),
      template,
  )
  mask = jnp.zeros((capacity,), dtype=jnp.bool_)
  return CKAPool(vectors=vectors, mask=mask)


def pool_size(pool: CKAPool) -> int:
  """Number of active slots, host-side."""
  return int(jnp.sum(pool.mask))


def compute_contribution(
    pool: CKAPool,
    alpha_logits: jnp.ndarray,
    alpha_scale: jnp.ndarray,
):
  """Compute Sigma alpha_j v_j with masked softmax over active slots.

  The softmax is taken over ``alpha_logits * alpha_scale`` with
  inactive slots set to ``-inf`` so their weight is 0 regardless of
  ``alpha_scale``. The output is a pytree with the same structure as a
  single knowledge vector (the leading capacity axis is contracted).
  """
  masked_logits = jnp.where(
      pool.mask, alpha_logits * alpha_scale, -jnp.inf)
  # Numerically valid softmax when no slot is active: fall back to a
  # uniform-zero distribution. The product with the (zero) vectors is
  # zero anyway, so this is purely a NaN guard.
  any_active = jnp.any(pool.mask)
  safe_logits = jnp.where(any_active, masked_logits,
                          jnp.zeros_like(masked_logits))
  alphas = jax.nn.softmax(safe_logits, axis=0)
  alphas = jnp.where(any_active, alphas, jnp.zeros_like(alphas))

  def _blend(v_stack):
    broadcast_shape = (alphas.shape[0],) + (1,) * (v_stack.ndim - 1)
    return jnp.sum(alphas.reshape(broadcast_shape) * v_stack, axis=0)

  return jax.tree_util.tree_map(_blend, pool.vectors)


@flax.struct.dataclass
class CKAState:
  """All state needed to drive one CKA-decomposed component.

  Attributes:
    base_params: frozen theta_base (matches policy/critic param shape).
    v_k: trainable per-task delta (same shape as base_params).
    pool: CKAPool of past-task knowledge vectors.
    alpha_logits: trainable logits, shape ``(capacity,)``.
    alpha_scale: trainable scalar, shape ``()``.

  ``v_k``, ``alpha_logits``, ``alpha_scale`` are jointly updated by the
  learner's actor optimiser (a single Adam over the trainable bundle
  ``{'v_k', 'alpha_logits', 'alpha_scale'}``).  ``base_params`` and
  ``pool`` are constants from the optimiser's perspective and are
  rewritten only at task boundaries.
  """
  base_params: 'jax.tree_util.PyTreeDef'  # type: ignore[type-arg]
  v_k: 'jax.tree_util.PyTreeDef'          # type: ignore[type-arg]
  pool: CKAPool
  alpha_logits: jnp.ndarray
  alpha_scale: jnp.ndarray


def init_cka_state(base_params, capacity: int,
                   alpha_scale_init: float = 1.0) -> CKAState:
  """Build a CKAState whose pool is empty and trainables are zeroed.

  ``base_params`` should already reflect any post-task-zero freezing
  (i.e., it is the theta_base for the upcoming task).  ``v_k`` is
  zero-initialised so the composed policy at the first inner-loop step
  equals ``base_params``.
  """
  v_k = jax.tree_util.tree_map(jnp.zeros_like, base_params)
  pool = empty_pool_like(base_params, capacity)
  alpha_logits = jnp.zeros((capacity,), dtype=jnp.float32)
  alpha_scale = jnp.array(alpha_scale_init, dtype=jnp.float32)
  return CKAState(
      base_params=base_params,
      v_k=v_k,
      pool=pool,
      alpha_logits=alpha_logits,
      alpha_scale=alpha_scale,
  )


def reinit_for_new_task(
    cka: CKAState,
    new_base_params,
    rng_key: jax.Array,
    alpha_logits_init_std: float = 0.01,
    alpha_scale_init: float = 1.0,
) -> CKAState:
  """Refresh v_k, alpha_logits and alpha_scale at a task boundary.

  Pool and base_params are taken from the caller (typically the pool
  inherited from the prior task and a possibly-updated base).
  """
  v_k = jax.tree_util.tree_map(jnp.zeros_like, new_base_params)
  capacity = cka.pool.mask.shape[0]
  alpha_logits = (
      jax.random.normal(rng_key, (capacity,)) * alpha_logits_init_std
  ).astype(jnp.float32)
  # Mask inactive slots' logits to zero (purely cosmetic; the softmax
  # ignores them via the mask) for cleaner logging.
  alpha_logits = jnp.where(cka.pool.mask, alpha_logits, 0.0)
  alpha_scale = jnp.array(alpha_scale_init, dtype=jnp.float32)
  return cka.replace(
      base_params=new_base_params,
      v_k=v_k,
      alpha_logits=alpha_logits,
      alpha_scale=alpha_scale,
  )


def compose(cka: CKAState):
  """theta' = theta_base + Sigma alpha_j v_j + v_k."""
  contribution = compute_contribution(
      cka.pool, cka.alpha_logits, cka.alpha_scale)
  return jax.tree_util.tree_map(lambda b, p, v: b + p + v,
                      cka.base_params, contribution, cka.v_k)


def compose_from_trainable(cka: CKAState, trainable: dict):
  """Compose using a trainable bundle separated from the CKAState.

  Used inside the inner JIT loop where the optimiser's params are the
  bundle ``{'v_k', 'alpha_logits', 'alpha_scale'}``; the CKAState then
  carries only ``base_params`` and ``pool`` as constants.
  """
  contribution = compute_contribution(
      cka.pool, trainable['alpha_logits'], trainable['alpha_scale'])
  return jax.tree_util.tree_map(lambda b, p, v: b + p + v,
                      cka.base_params, contribution, trainable['v_k'])


# ===========================================================================
# Host-side pool mutation (only at task boundaries)
# ===========================================================================

def _flatten_for_sim(v) -> jnp.ndarray:
  return jnp.concatenate(
      [x.reshape(-1) for x in jax.tree_util.tree_leaves(v)])


def append_vector_host(pool: CKAPool, new_vector, k_max: int) -> CKAPool:
  """Append ``new_vector`` and merge if ``mask.sum() > k_max`` (host-side)."""
  capacity = pool.mask.shape[0]
  n_active = int(jnp.sum(pool.mask))
  if n_active >= capacity:
    pool = _merge_most_similar_pair_host(pool)
    n_active = int(jnp.sum(pool.mask))
  insert_idx = n_active
  new_vectors = jax.tree_util.tree_map(
      lambda stack, leaf: stack.at[insert_idx].set(leaf),
      pool.vectors, new_vector,
  )
  new_mask = pool.mask.at[insert_idx].set(True)
  pool = CKAPool(vectors=new_vectors, mask=new_mask)
  if int(jnp.sum(pool.mask)) > k_max:
    pool = _merge_most_similar_pair_host(pool)
  return pool


def _merge_most_similar_pair_host(pool: CKAPool) -> CKAPool:
  """Merge the two most cosine-similar active slots into one (host)."""
  capacity = pool.mask.shape[0]
  active_indices = [i for i in range(capacity) if bool(pool.mask[i])]
  if len(active_indices) < 2:
    return pool
  actives = []
  for idx in active_indices:
    leaves = jax.tree_util.tree_leaves(
        jax.tree_util.tree_map(lambda stack: stack[idx], pool.vectors))
    actives.append(jnp.concatenate([l.reshape(-1) for l in leaves]))
  flat = jnp.stack(actives, axis=0)
  norms = jnp.linalg.norm(flat, axis=1) + 1e-8
  sims = (flat @ flat.T) / (norms[:, None] * norms[None, :])
  n = flat.shape[0]
  # Mask out the diagonal and lower triangle.
  inf_mask = jnp.tril(jnp.ones((n, n), dtype=jnp.bool_), k=0)
  sims = jnp.where(inf_mask, -jnp.inf, sims)
  flat_argmax = int(jnp.argmax(sims))
  i, j = divmod(flat_argmax, n)
  src_a = active_indices[i]
  src_b = active_indices[j]
  avg_vectors = jax.tree_util.tree_map(
      lambda stack: stack.at[src_a].set((stack[src_a] + stack[src_b]) / 2.0),
      pool.vectors,
  )
  avg_vectors = jax.tree_util.tree_map(
      lambda stack: stack.at[src_b].set(jnp.zeros_like(stack[src_b])),
      avg_vectors,
  )
  new_mask = pool.mask.at[src_b].set(False)
  return _compact_pool(CKAPool(vectors=avg_vectors, mask=new_mask))


def _compact_pool(pool: CKAPool) -> CKAPool:
  """Move all active slots to the leading positions, in-order."""
  capacity = pool.mask.shape[0]
  active_indices = [i for i in range(capacity) if bool(pool.mask[i])]
  inactive_indices = [i for i in range(capacity)
                      if not bool(pool.mask[i])]
  perm = jnp.array(active_indices + inactive_indices, dtype=jnp.int32)
  permuted_vectors = jax.tree_util.tree_map(lambda stack: stack[perm], pool.vectors)
  new_mask = jnp.zeros_like(pool.mask)
  new_mask = new_mask.at[:len(active_indices)].set(True)
  permuted_vectors = jax.tree_util.tree_map(
      lambda stack: jnp.where(
          new_mask.reshape((-1,) + (1,) * (stack.ndim - 1)),
          stack,
          jnp.zeros_like(stack),
      ),
      permuted_vectors,
  )
  return CKAPool(vectors=permuted_vectors, mask=new_mask)


@jax.jit
def f(base_params, pool_vectors, pool_mask, v_k, alpha_logits, alpha_scale):
  cka = CKAState(
      base_params=base_params,
      v_k=v_k,
      pool=CKAPool(vectors=pool_vectors, mask=pool_mask),
      alpha_logits=alpha_logits,
      alpha_scale=alpha_scale,
  )
  return compose(cka)
# --- end user code ---


def make_inputs(rng):
  capacity = 4
  shapes = {"w": (3, 2), "b": (2,)}
  base = {k: rng.normal(size=s).astype(np.float32) for k, s in shapes.items()}
  pool = {k: rng.normal(size=(capacity,) + s).astype(np.float32) for k, s in shapes.items()}
  v_k = {k: (0.1 * rng.normal(size=s)).astype(np.float32) for k, s in shapes.items()}
  mask = rng.random(capacity) < 0.5
  if rng.random() < 0.3:
    mask[:] = False  # empty pool: the any_active fallback
  alpha_logits = rng.normal(size=capacity).astype(np.float32)
  alpha_scale = np.float32(rng.uniform(0.5, 2.0))
  return (base, pool, mask, v_k, alpha_logits, alpha_scale)


INPUTS = make_inputs
