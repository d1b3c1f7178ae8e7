"""A pulse's initial-guess lambda, kept in a settings dict, calls np.sin on the traced time grid.

source: https://github.com/Quantum-OCS/QuOCS/issues/44 ("jax.errors.TracerArrayConversionError when using AD with a lambda_function as initial guess": settings_AD["pulses"][0]["initial_guess"] = {"function_type": "lambda_function", "lambda_function": "lambda t: 0.0 + np.sin(t)"}; "The error occurred while tracing the function <lambda> ... for jit. This concrete value was not available in Python because it depends on the value of the argument t.")
error: TracerArrayConversionError
category: np-in-lambda-from-config-dict
expect: fix
notes: the settings entry from the issue, with the lambda written as code instead of a string
  that QuOCS evals; a small Pulse class (plain class) reads it from the dict and adds a Fourier
  basis expansion of the optimised amplitudes, and a jitted f(amplitudes, times) returns the pulse
  and a quadratic figure of merit, as QuOCS's AD path does. The np.sin call is three hops away
  from f: dict -> Pulse attribute -> lambda.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np

settings_AD = {
    "pulses": [
        {
            "pulse_name": "Pulse_1",
            "basis": {"basis_name": "Fourier", "basis_vector_number": 3},
            "initial_guess": {
                "function_type": "lambda_function",
                "lambda_function": lambda t: 0.0 + np.sin(t),
            },
        }
    ]
}


class Pulse:
    def __init__(self, pulse_dict):
        self.name = pulse_dict["pulse_name"]
        self.n_basis = pulse_dict["basis"]["basis_vector_number"]
        guess = pulse_dict["initial_guess"]
        if guess["function_type"] == "lambda_function":
            self.initial_guess = guess["lambda_function"]
        else:
            self.initial_guess = lambda t: 0.0 * t

    def get_pulse(self, amplitudes, times):
        k = jnp.arange(1, self.n_basis + 1)
        basis = jnp.sin(jnp.outer(times, k) * jnp.pi / times[-1])
        return self.initial_guess(times) + basis @ amplitudes


pulse = Pulse(settings_AD["pulses"][0])


@jax.jit
def f(amplitudes, times):
    u = pulse.get_pulse(amplitudes, times)
    fom = jnp.mean((u - 0.5) ** 2)
    return u, fom
# --- end user code ---


def make_inputs(rng):
    amplitudes = rng.normal(size=(3,)).astype(np.float32)
    times = np.linspace(0.1, rng.uniform(2.0, 6.0), 16).astype(np.float32)
    return (amplitudes, times)


INPUTS = make_inputs


@jax.jit
def reference_fix(amplitudes, times):
    k = jnp.arange(1, 4)
    basis = jnp.sin(jnp.outer(times, k) * jnp.pi / times[-1])
    u = 0.0 + jnp.sin(times) + basis @ amplitudes
    return u, jnp.mean((u - 0.5) ** 2)
