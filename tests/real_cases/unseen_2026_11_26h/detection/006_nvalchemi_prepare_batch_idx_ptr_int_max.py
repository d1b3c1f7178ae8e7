"""A library helper sizes a `bincount` with `int(jnp.max(batch_idx)) + 1` when called under jit.

source: NVIDIA/nvalchemi-toolkit-ops nvalchemiops/jax/neighbors/neighbor_utils.py @51eda9bc4d2e6e4f840cfef333a7a91069bead5e (`prepare_batch_idx_ptr`); the later revision @180e5a384803a7e49e65634d4d887fc35f787cd1 wraps the `int(...)` and raises "Cannot infer num_systems from batch_idx inside jax.jit. Please provide batch_ptr explicitly when using jax.jit."
error: ConcretizationTypeError
category: data-dependent-size-int-conversion
expect: report
notes: `prepare_batch_idx_ptr` is verbatim (docstring shortened). `f` is a jitted per-system centroid computation written for the case, the way a batched model calls the helper with only `batch_idx`; it is not from the repository. The number of systems is read from the data (`int(jnp.max(batch_idx)) + 1`) and then sizes `bincount(length=...)` and `jnp.zeros(num_systems + 1)`, so the output shape depends on traced values: the project's own answer is to require `batch_ptr` (a static count) under jit. The `batch_idx is None` branch has a second leak of the same kind (`jnp.repeat` with traced repeats and no `total_repeat_length`); the `is None` tests themselves are static.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def prepare_batch_idx_ptr(
    batch_idx: jax.Array | None,
    batch_ptr: jax.Array | None,
    num_atoms: int,
    jax_device: jax.Device,
) -> tuple[jax.Array, jax.Array]:
    """Prepare batch index and pointer tensors from either representation.

    Utility function to ensure both batch_idx and batch_ptr are available,
    computing one from the other if needed.
    """
    if batch_idx is None and batch_ptr is None:
        raise ValueError("Either batch_idx or batch_ptr must be provided.")

    if batch_idx is None:
        num_systems = batch_ptr.shape[0] - 1
        num_atoms_per_system = batch_ptr[1:] - batch_ptr[:-1]
        batch_idx = jax.device_put(
            jnp.repeat(
                jnp.arange(num_systems, dtype=jnp.int32),
                num_atoms_per_system,
            ),
            jax_device,
        )

    elif batch_ptr is None:
        num_systems = int(jnp.max(batch_idx)) + 1
        # Use bincount to compute atoms per system
        num_atoms_per_system = jnp.bincount(
            batch_idx, minlength=num_systems, length=num_systems
        )
        batch_ptr = jnp.zeros(num_systems + 1, dtype=jnp.int32)
        batch_ptr = batch_ptr.at[1:].set(jnp.cumsum(num_atoms_per_system))

    return batch_idx, batch_ptr


@jax.jit
def f(positions, batch_idx):
    batch_idx, batch_ptr = prepare_batch_idx_ptr(
        batch_idx, None, positions.shape[0], jax.devices()[0]
    )
    num_systems = batch_ptr.shape[0] - 1
    counts = batch_ptr[1:] - batch_ptr[:-1]
    sums = jax.ops.segment_sum(positions, batch_idx, num_segments=num_systems)
    return sums / counts[:, None]
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n_systems = int(rng.integers(2, 5))
    sizes = rng.integers(1, 5, size=n_systems)
    batch_idx = np.repeat(np.arange(n_systems), sizes).astype(np.int32)
    positions = rng.normal(size=(batch_idx.shape[0], 3)).astype(np.float32)
    return (positions, batch_idx)


INPUTS = make_inputs
