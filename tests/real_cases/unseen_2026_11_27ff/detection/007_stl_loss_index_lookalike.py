"""A loss-schedule index that is already jit-safe: `is None` on a config, lax.cond, `.astype(int)`.

source: STL-planner training utilities built on gcbfplus (code-index file id 1089211377; imports `gcbfplus.utils.configs`, `ds.stl`; function get_loss_ind_from_step, which sits under a commented-out `# @jax.jit`). The index does not name the repository.
error: none
category: negative
expect: untouched
notes: get_loss_ind_from_step verbatim. PLANNER_CONFIG, loaded from a YAML file in the original, is replaced by a small
  literal dict with the three keys the function reads. The entry point re-enables the commented-out jit (with the
  index of the step tuple static). Everything that looks value-dependent is safe: `params is None` tests a Python
  default, `step[update_step_ind]` indexes a tuple with a static int, the warm-up test already goes through
  jax.lax.cond, and `.astype(int)` (commented "Convert JAX DeviceArray to Python int") is an array cast, not int().
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

PLANNER_CONFIG = {
    'slow_update_duration': 5,
    'slow_update_proportions': [0, 2, 3, 1],
    'achievable_warmup_period': 40,
}


# @jax.jit
def get_loss_ind_from_step(step: tuple, params: dict = None, update_step_ind=2) -> int:
    """Get the index of the loss from the step (JAX-compatible).

    switch between the losses based on the update step
    Eg. if update_proportions = [1, 2, 3], then the loss index will be 0 for the first update_duration steps,
    1 for the next 2*update_duration steps, and 2 for the next 3*update_duration steps, then back to 0, and so on.
    Cycle through loss indices based on update_step

    :arg step: tuple, (outer_step, inner_epoch, inner_step)
    :arg params: dict, planner configuration
    :arg update_step_ind: int, index of the update step in the step tuple (0 for outer_step, 1 for inner_epoch, 2 for inner_step)
    """

    if params is None:
        params = PLANNER_CONFIG

    update_duration = params['slow_update_duration']
    update_proportions = jnp.array(params['slow_update_proportions'])
    # default_loss_ind =jnp.nonzero(update_proportions)[0][0]
    mask = (update_proportions != 0)
    default_loss_ind = jnp.argmax(mask)

    # Ensure update_proportions are non-negative integers
    # assert jnp.all(update_proportions >= 0) & jnp.all(update_proportions == update_proportions)

    update_step = step[update_step_ind]
    number_of_intervals = jnp.sum(update_proportions)

    total_steps = update_duration * number_of_intervals
    remaining_step = update_step % total_steps

    cumulative_proportion = jnp.cumsum(update_proportions) * update_duration
    loss_ind = jnp.argmax(remaining_step < cumulative_proportion)

    # Skip achievable loss (index 2) if step[0] less than achievable_warmup_period
    loss_ind = jax.lax.cond((step[0] < params['achievable_warmup_period']) & (loss_ind == 2).astype(bool),
                            lambda _: default_loss_ind,
                            lambda loss_ind_arg: loss_ind_arg, loss_ind)

    return loss_ind.astype(int)  # Convert JAX DeviceArray to Python int


f = jax.jit(get_loss_ind_from_step, static_argnames="update_step_ind")
# --- end user code ---

import numpy as np


def make_inputs(rng):
    outer = rng.integers(0, 80)            # both sides of the warm-up period
    epoch = rng.integers(0, 10)
    inner = rng.integers(0, 200)           # several cycles of the 30-step schedule
    step = (np.int32(outer), np.int32(epoch), np.int32(inner))
    return (step,)


INPUTS = make_inputs
