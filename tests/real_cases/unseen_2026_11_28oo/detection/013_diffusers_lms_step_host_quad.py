"""diffusers FlaxLMSDiscreteScheduler.step: `int(step_index)` and scipy quadrature over traced sigmas inside a jitted sampling step.

source: huggingface/diffusers src/diffusers/schedulers/scheduling_lms_discrete_flax.py (stored revision 0d264255f87a3c051abb8fa9cb6aa992cc59cc62, code-index file id 54800305349: FlaxLMSDiscreteScheduler.get_lms_coefficient and .step). Users hit the scheduler under a traced sampling loop in https://github.com/huggingface/diffusers/issues/2155 (FlaxLMSDiscreteScheduler: "Abstract tracer value encountered where concrete value is expected ... The problem arose with the `bool` function ... while tracing the function scanned_fun").
error: ConcretizationTypeError
category: host-numpy-scipy-in-jit
expect: report
notes: get_lms_coefficient and step verbatim. Stand-ins: the flax.struct state dataclass (a plain dataclass with `replace`), the registered config (`prediction_type="epsilon"`), the output class and the scheduler constructor. `f` runs one LMS step under jax.jit with the state arrays as arguments, as the Flax Stable Diffusion pipeline's sampling loop does. The step needs a concrete Python index (`int(step_index)`, `min(idx + 1, order)`, `range(order)`) and integrates the Lagrange basis with scipy.integrate.quad on host floats, so there is no jit-safe rewrite of the same code; it should be reported.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import dataclasses
import types
from typing import Optional

import jax
import jax.numpy as jnp
from scipy import integrate


@dataclasses.dataclass
class LMSDiscreteSchedulerState:
    """Stand-in for the flax.struct.dataclass state."""

    timesteps: jnp.ndarray
    sigmas: jnp.ndarray
    num_inference_steps: Optional[int] = None
    derivatives: Optional[jnp.ndarray] = None

    def replace(self, **kwargs):
        return dataclasses.replace(self, **kwargs)


@dataclasses.dataclass
class FlaxLMSSchedulerOutput:
    prev_sample: jnp.ndarray
    state: LMSDiscreteSchedulerState


class FlaxLMSDiscreteScheduler:
    def __init__(self, prediction_type: str = "epsilon", dtype=jnp.float32):
        # stand-in for @register_to_config
        self.config = types.SimpleNamespace(prediction_type=prediction_type)
        self.dtype = dtype

    def get_lms_coefficient(
        self, state: LMSDiscreteSchedulerState, order: int, t: int, current_order: int
    ) -> float:
        """
        Compute a linear multistep coefficient.

        Args:
            order (`int`): Multistep order (number of derivative history terms used).
            t (`int`): Current step index along the inference sigma schedule (not the training timestep id).
            current_order (`int`): Index of the Lagrange basis term; must satisfy `0 <= current_order < order`.
        """

        def lms_derivative(tau):
            prod = 1.0
            for k in range(order):
                if current_order == k:
                    continue
                prod *= (tau - state.sigmas[t - k]) / (state.sigmas[t - current_order] - state.sigmas[t - k])
            return prod

        integrated_coeff = integrate.quad(lms_derivative, state.sigmas[t], state.sigmas[t + 1], epsrel=1e-4)[0]

        return integrated_coeff

    def step(
        self,
        state: LMSDiscreteSchedulerState,
        model_output: jnp.ndarray,
        timestep: int,
        sample: jnp.ndarray,
        order: int = 4,
        return_dict: bool = True,
    ) -> FlaxLMSSchedulerOutput | tuple:
        if state.num_inference_steps is None:
            raise ValueError(
                "Number of inference steps is 'None', you need to run 'set_timesteps' after creating the scheduler"
            )

        (step_index,) = jnp.where(state.timesteps == timestep, size=1)
        step_index = step_index[0]

        sigma = state.sigmas[step_index]

        # 1. compute predicted original sample (x_0) from sigma-scaled predicted noise
        if self.config.prediction_type == "epsilon":
            pred_original_sample = sample - sigma * model_output
        elif self.config.prediction_type == "v_prediction":
            # * c_out + input * c_skip
            pred_original_sample = model_output * (-sigma / (sigma**2 + 1) ** 0.5) + (sample / (sigma**2 + 1))
        elif self.config.prediction_type == "sample":
            pred_original_sample = model_output
        else:
            raise ValueError(
                f"prediction_type given as {self.config.prediction_type} must be one of `epsilon`, `sample`, or `v_prediction`"
            )

        # 2. Convert to an ODE derivative
        derivative = (sample - pred_original_sample) / sigma
        state = state.replace(derivatives=jnp.append(state.derivatives, derivative))
        if len(state.derivatives) > order:
            state = state.replace(derivatives=jnp.delete(state.derivatives, 0))

        # 3. Compute linear multistep coefficients
        idx = int(step_index)
        order = min(idx + 1, order)
        lms_coeffs = [self.get_lms_coefficient(state, order, idx, curr_order) for curr_order in range(order)]

        # 4. Compute previous sample based on the derivatives path
        prev_sample = sample + sum(
            coeff * derivative for coeff, derivative in zip(lms_coeffs, reversed(state.derivatives))
        )

        if not return_dict:
            return (prev_sample, state)

        return FlaxLMSSchedulerOutput(prev_sample=prev_sample, state=state)


scheduler = FlaxLMSDiscreteScheduler()


@jax.jit
def f(timesteps, sigmas, derivatives, model_output, sample, timestep):
    state = LMSDiscreteSchedulerState(
        timesteps=timesteps, sigmas=sigmas,
        num_inference_steps=timesteps.shape[0], derivatives=derivatives,
    )
    prev_sample, state = scheduler.step(state, model_output, timestep, sample, return_dict=False)
    return prev_sample, state.derivatives
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 10
    timesteps = np.linspace(999, 0, n).astype(np.int32)
    sigmas = np.concatenate([np.geomspace(14.6, 0.03, n), [0.0]]).astype(np.float32)
    k = int(rng.integers(0, 4))
    derivatives = rng.normal(size=(k,)).astype(np.float32)
    model_output = rng.normal(size=()).astype(np.float32)
    sample = rng.normal(size=()).astype(np.float32)
    timestep = np.int32(timesteps[k])
    return (timesteps, sigmas, derivatives, model_output, sample, timestep)


INPUTS = make_inputs
