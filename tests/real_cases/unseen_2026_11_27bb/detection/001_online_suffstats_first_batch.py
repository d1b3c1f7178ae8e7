"""Streaming HMM sufficient statistics: a dataclass method tests a traced field in `if` under jit.

source: lindermanlab/scalable-gaussian-hmm src/kf/inference.py (stored revision, code-index file id 34451583121; the index lists 626a294572e61785f2eab0e9daa813aba1f0c048 for one of the path's 34 stored versions) -- _OnlineSuffStats, SplitBatchOnlineSuffStats.accumulate_initial_probs / convert_flat / add
error: TracerBoolConversionError
category: method-tests-traced-attribute
expect: fix
notes: The classes are verbatim (including the unused `convert` / IndepBatch helpers, which reference names
  that do not exist in the file). `import chex` is replaced by a stand-in whose `chex.dataclass` is
  `dataclasses.dataclass` (chex is not installed here); the ssm_jax / tfp imports and the pmap-based
  `streaming_parallel_e_step` driver are dropped. The entry point `f` is one accumulation step of that
  driver (`convert_flat` of a per-device batch, then `suff_stats.add(...)`) wrapped in jax.jit. The leak is
  hidden in `SplitBatchOnlineSuffStats.accumulate_initial_probs`, called from `_OnlineSuffStats.add`:
  `if jnp.all(self.initial_probs==0.)` on a traced dataclass field. The shape checks in `__post_init__`,
  `batch_shape` and `convert_flat` (`if other.sum_w.ndim > 1`) are static and must stay.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import dataclasses
import types

import jax
import jax.numpy as jnp

# stand-in for `import chex` (only chex.dataclass and the type aliases are used)
chex = types.SimpleNamespace(dataclass=dataclasses.dataclass, Scalar=jax.Array, Array=jax.Array)

# ==============================================================================

@chex.dataclass
class _OnlineSuffStats:
    """Dataclass for cumulatively storing normalized GaussinHMM sufficient statistics."""
    marginal_loglik: chex.Scalar    # shape ([1],)
    initial_probs: chex.Array       # shape ([1],K,)
    trans_probs: chex.Array         # shape ([1],K,K)
    sum_w: chex.Array               # shape ([B],K,)
    normd_x: chex.Array             # shape ([B],K,D,)
    normd_xxT: chex.Array           # shape ([B],K,D,D)

    def __post_init__(self):
        """Verify that all parameters have consistent shapes"""
        assert self.trans_probs.shape[-2:] == (self.num_states, self.num_states)
        assert self.normd_xxT.shape[-2:] == (self.num_obs, self.num_obs)
        assert self.num_states == self.normd_x.shape[-2] == self.normd_xxT.shape[-3] == self.sum_w.shape[-1]
        
        if self.batch_shape:
            assert self.batch_shape == self.normd_x.shape[:-2] == self.normd_xxT.shape[:-3]
        
    @property
    def num_states(self,) -> int:
        return int(self.initial_probs.shape[-1])
    
    @property
    def num_obs(self,) -> int:
        return int(self.normd_x.shape[-1])

    @property
    def batch_shape(self,):
        return self.sum_w.shape[:-1] if self.sum_w.ndim > 1 else ()

    @classmethod
    def empty(cls, shape: tuple):
        """Allocate empty dataclass with specified shapes. Pre-allocated memory for arrays.
    
        `shape` is interpreted as ([B_1, B_2, ...], num_states, num_obs)
        """
        assert len(shape) >= 2, f'Expected tuple of length 2 or more, received {shape}'
        B = shape[:-2]
        K, D = shape[-2:]

        return cls(
            marginal_loglik=jnp.zeros(B),
            initial_probs=jnp.zeros(B+(K,)),
            trans_probs=jnp.zeros(B+(K,K)),
            sum_w=jnp.zeros(B+(K,)),
            normd_x=jnp.empty(B+(K,D,)),
            normd_xxT=jnp.empty(B+(K,D,D)),
        )

    @classmethod
    def convert(cls, other):
        """Convert `other` into a CumulativeSuffStat class instance."""
        return CumulativeSuffStats(
                marginal_loglik=other.marginal_loglik,
                initial_probs=other.initial_probs,
                trans_probs=other.trans_probs,
                sum_w=other.sum_w,
                normd_x=other.normd_x,
                normd_xxT=other.normd_xxT,)

    @classmethod
    def convert_flat(cls, other):
        """Convert `other` into a (flattened) class instance.

        If `other` has batch_dimensions, flattens by summing across batches
        (for HMM parameters) and renormalizing across batches for GMM parameters
        """
        # Else, `other` is a NormalizedGaussianSuffStat. Flatten before return instance
        if other.sum_w.ndim > 1:
            num_states = other.initial_probs.shape[-1]
            num_obs = other.normd_x.shape[-1]

            total_sum_w = other.sum_w.reshape(-1, num_states).sum(axis=0)
            new_normd_w = other.sum_w/total_sum_w
            normd_x = other.normd_x * new_normd_w[...,None]
            normd_x = normd_x.reshape(-1, num_states, num_obs).sum(axis=0)

            normd_xxT = other.normd_xxT * new_normd_w[...,None,None]
            normd_xxT = normd_xxT.reshape(-1, num_states, num_obs, num_obs).sum(axis=0)

            return cls(
                marginal_loglik=other.marginal_loglik.sum(),
                initial_probs=cls.flatten_initial_probs(other.initial_probs),
                trans_probs=other.trans_probs.reshape(-1, num_states, num_states).sum(axis=0),
                sum_w=total_sum_w,
                normd_x=normd_x,
                normd_xxT=normd_xxT,
            )
        else:
            return cls.convert(other)

    def add(self, other):
        # Accumulate the sum
        self.marginal_loglik += other.marginal_loglik
        self.initial_probs += self.accumulate_initial_probs(other.initial_probs)
        self.trans_probs += other.trans_probs

        # Compute running weighted average
        new_sum_w = self.sum_w + other.sum_w
        self.normd_x = (self.sum_w/new_sum_w)[...,None] * self.normd_x \
                       + (other.sum_w/new_sum_w)[...,None] * other.normd_x
        self.normd_xxT = (self.sum_w/new_sum_w)[...,None,None] * self.normd_xxT \
                         + (other.sum_w/new_sum_w)[...,None,None] * other.normd_xxT

        self.sum_w = new_sum_w
        return
    
    @classmethod
    def flatten_initial_probs(cls, other_initial_probs):
        raise NotImplementedError

    def accumulate_initial_probs(self, other_initial_probs):
        raise NotImplementedError

@chex.dataclass
class IndepBatchOnlineSuffStats(_OnlineSuffStats):
    """Data batches treated as independent batches. So, we sum inferred initial_probs"""
    @classmethod
    def flatten_initial_probs(cls, other_initial_probs):
        num_states = other_initial_probs.shape[-1]
        return other.reshape(-1, num_states).sum(axis=0)

    def accumulate_initial_probs(self, other_initial_probs):
        num_states = other_initial_probs.shape[-1]
        return other_initial_probs.reshape(-1, num_states).sum(axis=0)

@chex.dataclass
class SplitBatchOnlineSuffStats(_OnlineSuffStats):
    """Data batches treated as split sequences. So, we only care about the very
    initial initial_probs, and ignore later initial_probs because they are
    actually mid-sequence."""

    @classmethod
    def flatten_initial_probs(cls, other_initial_probs):
        num_states = other_initial_probs.shape[-1]
        return other_initial_probs.reshape(-1, num_states)[0]

    def accumulate_initial_probs(self, other_initial_probs):
        if jnp.all(self.initial_probs==0.):  # If first ijnput, then save the `other_initial_probs`
            return other_initial_probs
        return jnp.zeros_like(self.initial_probs) # Otherwise, ignore


@jax.jit
def f(stats, batch_stats):
    """One step of the streaming accumulation loop (pmap'ed e-step output -> running stats)."""
    suff_stats = SplitBatchOnlineSuffStats(**stats)
    batch_suff_stats = SplitBatchOnlineSuffStats.convert_flat(SplitBatchOnlineSuffStats(**batch_stats))
    suff_stats.add(batch_suff_stats)
    return dataclasses.asdict(suff_stats)
# --- end user code ---

import numpy as np

K, D, B = 3, 2, 2


def _stats(rng, lead, zero_init=False):
    p = rng.dirichlet(np.ones(K), size=lead or None).astype(np.float32)
    a = rng.normal(size=lead + (K, D, D)).astype(np.float32)
    return dict(
        marginal_loglik=rng.normal(size=lead).astype(np.float32),
        initial_probs=np.zeros(lead + (K,), np.float32) if zero_init else p,
        trans_probs=rng.random(lead + (K, K)).astype(np.float32),
        sum_w=(rng.random(lead + (K,)) + 0.5).astype(np.float32),
        normd_x=rng.normal(size=lead + (K, D)).astype(np.float32),
        normd_xxT=(a @ np.swapaxes(a, -1, -2)).astype(np.float32),
    )


def make_inputs(rng):
    # the first streamed batch finds all-zero initial_probs (keep the batch's), later ones do not
    first = bool(rng.random() < 0.5)
    return (_stats(rng, (), zero_init=first), _stats(rng, (B,)))


INPUTS = make_inputs


@chex.dataclass
class _SplitBatchFixed(SplitBatchOnlineSuffStats):
    def accumulate_initial_probs(self, other_initial_probs):
        return jnp.where(jnp.all(self.initial_probs == 0.), other_initial_probs,
                         jnp.zeros_like(self.initial_probs))


@jax.jit
def reference_fix(stats, batch_stats):
    suff_stats = _SplitBatchFixed(**stats)
    batch_suff_stats = _SplitBatchFixed.convert_flat(_SplitBatchFixed(**batch_stats))
    suff_stats.add(batch_suff_stats)
    return dataclasses.asdict(suff_stats)
