"""Quantum optimal-control cost object: `jnp.nonzero` on a mask built from a stored field, then a traced `if` on the penalty.

source: public code index, "controlbandwidthmax.py - This module defines a cost function that penalizes all control frequencies above a specified maximum." (code-index file id 25672675932: class ControlBandwidthMax with __init__ and cost; a JAX port of the qoc package's cost of the same name); the index does not name the repository or commit
error: ConcretizationTypeError
category: method-nonzero-and-traced-if
expect: fix
notes: ControlBandwidthMax verbatim except its base class: the stored file declares `class ControlBandwidthMax():` yet calls `super().__init__(cost_multiplier=cost_multiplier)`, so a minimal stand-in `Cost` base (the qoc base class that stores `cost_multiplier`) is added and named as the parent. The cost object is built at module level with the docstring's example values (2 controls, 64 steps over 10 ns, bandwidths 0.4 / 1.0 GHz) and the jitted `f` evaluating it on a control array (as the optimiser's jitted objective does) is added. Inside `cost`, `jnp.nonzero(self.freqs >= max_bandwidth)` has no static size and `if penalty < 1e-4` branches on a traced sum; a mask-weighted sum and `jnp.where` give the same value. The operator precedence of `penalty-1e-4 / penalty` is kept as written.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


class Cost(object):
    """Stand-in for the package's cost base class."""

    def __init__(self, cost_multiplier=1.):
        self.cost_multiplier = cost_multiplier


class ControlBandwidthMax(Cost):
    """
    This cost penalizes control frequencies above a set maximum.

    Fields:
    max_bandwidths :: ndarray (control_num) - This array contains the maximum allowed bandwidth of each control.
    control_num
    freqs :: ndarray (total_time_steps) - This array contains the frequencies of each of the controls.
    name
    requires_step_evaluation
    
    Example Usage:
    control_num = 1
    total_time = 10 #ns
    total_time_steps = 1000
    MAX_BANDWIDTH_0 = 0.4 # GHz
    MAX_BANDWIDTHS = np.array((MAX_BANDWIDTH_0,))
    COSTS = [ControlBandwidthMax(control_num, total_time_steps,
                                 total_time, MAX_BANDWIDTHS)]
    """
    name = "control_bandwidth_max"
    requires_step_evaluation = False

    def __init__(self, control_num,
                 total_time_steps, evolution_time,
                 max_bandwidths,
                 cost_multiplier=1.,):
        """
        See class fields for arguments not listed here.

        Arguments:
        control_num
        total_time_steps
        evolution_time
        """
        super().__init__(cost_multiplier=cost_multiplier)
        self.max_bandwidths = max_bandwidths
        self.control_num = control_num
        dt = evolution_time / (total_time_steps - 1)
        self.total_time_steps=total_time_steps
        self.freqs = jnp.fft.fftfreq(total_time_steps, d=dt)
        self.type="control_explicitly_related"

    def cost(self, controls):
        """
        Compute the penalty.

        Arguments:
        controls
        states
        system_eval_step

        Returns:
        cost
        """
        cost = 0
        # Iterate over the controls, penalize each control that has
        # frequencies greater than its maximum frequency.
        for i, max_bandwidth in enumerate(self.max_bandwidths):
            control_fft = jnp.fft.fft(controls[:, i])
            control_fft_sq = jnp.abs(control_fft)
            penalty_freq_indices = jnp.nonzero(self.freqs >= max_bandwidth)[0]
            penalized_ffts = control_fft_sq[penalty_freq_indices]
            penalty = jnp.sum(penalized_ffts)
            if penalty<1e-4:
                penalty_normalized=0
            else:
                penalty_normalized = penalty-1e-4 / penalty
            cost = cost + penalty_normalized
        cost_normalized = cost / self.control_num

        return cost_normalized * self.cost_multiplier


CONTROL_NUM = 2
TOTAL_TIME = 10.  # ns
TOTAL_TIME_STEPS = 64
MAX_BANDWIDTHS = np.array((0.4, 1.0))  # GHz
BANDWIDTH_COST = ControlBandwidthMax(CONTROL_NUM, TOTAL_TIME_STEPS, TOTAL_TIME,
                                     MAX_BANDWIDTHS, cost_multiplier=0.5)


@jax.jit
def f(controls):
    return BANDWIDTH_COST.cost(controls)
# --- end user code ---


def make_inputs(rng):
    t = np.linspace(0.0, TOTAL_TIME, TOTAL_TIME_STEPS)
    controls = np.zeros((TOTAL_TIME_STEPS, CONTROL_NUM), dtype=np.float32)
    for i in range(CONTROL_NUM):
        kind = rng.integers(0, 3)
        if kind == 1:    # slow drive, little content above the bandwidth
            controls[:, i] = rng.uniform(0.1, 1.0) * np.sin(2 * np.pi * 0.1 * t)
        elif kind == 2:  # noisy drive, well above the bandwidth
            controls[:, i] = rng.normal(scale=0.3, size=TOTAL_TIME_STEPS)
        # kind == 0: the control is off -> penalty 0, the `penalty < 1e-4` branch
    return (controls,)


INPUTS = make_inputs


@jax.jit
def reference_fix(controls):
    cost = 0.0
    for i, max_bandwidth in enumerate(BANDWIDTH_COST.max_bandwidths):
        control_fft_sq = jnp.abs(jnp.fft.fft(controls[:, i]))
        penalty = jnp.sum(jnp.where(BANDWIDTH_COST.freqs >= max_bandwidth, control_fft_sq, 0.0))
        safe = jnp.where(penalty < 1e-4, 1.0, penalty)
        penalty_normalized = jnp.where(penalty < 1e-4, 0.0, penalty - 1e-4 / safe)
        cost = cost + penalty_normalized
    return cost / BANDWIDTH_COST.control_num * BANDWIDTH_COST.cost_multiplier
