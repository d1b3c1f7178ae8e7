"""A jitted carbon-box `run` method reaches `scipy.optimize.minimize` two method calls down.

source: SharmaLlama/ticktack ticktack/ticktack.py at 0413265ef04fdff7c24d49ab48e68a78c83afc1f (CarbonBoxModel._convert_production_rate, compile, _equilibrate_brehm, _equilibrate_guttler, equilibrate, run); failure reported in https://github.com/SharmaLlama/ticktack/issues/19 ("`scipy.optimize.minimize` vs `JAX` tension": TracerArrayConversionError "While tracing the function run ... for jit ... from line ... (_equilibrate_guttler)")
error: TracerArrayConversionError
category: numpy-scipy-on-tracer-in-method
expect: report
notes: CarbonBoxModel methods are verbatim except: the add_nodes/add_edges machinery is replaced by a constructor taking boxes and flows, compile() drops the hemisphere consistency checks, and run() integrates with a small explicit-Euler loop (lax.fori_loop) instead of diffrax.diffeqsolve. `target_C_14` stays static as in the project's `static_argnums=(0, 2, 5, 6, 8)`; the leak is the initial guess `jnp.array([6.])`, which is a tracer inside the jitted run, handed to SciPy's host-side BFGS. Report: the fix is a different optimiser (or hoisting the equilibration out of jit), not a local rewrite.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import scipy.optimize
from jax import jit


class Box:
    def __init__(self, name, reservoir, production_coefficient=0.0):
        self._name = name
        self._reservoir = reservoir
        self._production = production_coefficient

    def get_name(self):
        return self._name

    def get_reservoir_content(self):
        return self._reservoir

    def get_production(self):
        return self._production


class CarbonBoxModel:
    """Carbon Box Model class which represents the box model which is made up of Box Objects and Flux Objects."""

    def __init__(self, boxes, fluxes, production_rate_units='kg/yr', flow_rate_units='Gt/yr'):
        self._nodes = {j: box for j, box in enumerate(boxes)}
        self._n_nodes = len(boxes)
        self._flux_table = fluxes
        self._reservoir_content = None
        self._fluxes = None
        self._decay_matrix = None
        self._production_coefficients = None
        self._decay_constant = jnp.log(2) / 5700
        self._production_rate_units = production_rate_units
        self._flow_rate_units = flow_rate_units
        self._corrected_fluxes = None
        self._matrix = None

    @partial(jit, static_argnums=0)
    def _convert_production_rate(self, production_rate):
        if self._production_rate_units == 'atoms/cm^2/s':
            new_rate = production_rate * 14.003242 / 6.022 * 5.11 * 31536. / 1.e5
        elif self._production_rate_units == 'kg/yr':
            new_rate = production_rate
        else:
            raise ValueError('Production Rate units must be either atoms/cm^2/s or kg/yr!')
        return new_rate

    def _convert_flux_rate(self, fluxes):
        if self._flow_rate_units == 'Gt/yr':
            corrected_fluxes = self._fluxes
        elif self._flow_rate_units == '1/yr':
            corrected_fluxes = fluxes * jnp.transpose(self._reservoir_content) * 14.003242 / 12
            corrected_fluxes = corrected_fluxes + jnp.transpose(corrected_fluxes)
        else:
            raise ValueError('Flow rate units must be either Gt/yr or 1/yr!')
        return corrected_fluxes

    def compile(self):
        if self._fluxes is None:
            self._reservoir_content = jnp.array(
                [[self._nodes[j].get_reservoir_content() for j in range(self._n_nodes)]])
            self._fluxes = jnp.array(self._flux_table)
            self._decay_matrix = jnp.diag(jnp.array([self._decay_constant] * self._n_nodes))
            self._production_coefficients = jnp.array([self._nodes[j].get_production() for j in range(self._n_nodes)])
            self._production_coefficients /= jnp.sum(self._production_coefficients)
            self._corrected_fluxes = self._convert_flux_rate(self._fluxes)
            c_14_fluxes = self._corrected_fluxes / jnp.transpose(self._reservoir_content)
            new_c_14_fluxes = jnp.diag(jnp.sum(c_14_fluxes, axis=1))
            self._matrix = jnp.transpose(c_14_fluxes) - new_c_14_fluxes - self._decay_matrix

    def _equilibrate_brehm(self, production_rate):
        production_rate = self._convert_production_rate(production_rate)
        solution = jnp.linalg.solve(self._matrix, -1 * self._production_coefficients * production_rate)
        return solution

    def _equilibrate_guttler(self, target_C_14):
        troposphere_index = None
        for index, node in self._nodes.items():
            if node.get_name() == 'Troposphere':
                troposphere_index = index
                break
        if troposphere_index is None:
            raise ValueError('there is currently no Troposphere node to equilibrate!')

        @jit
        def objective_function(production_rate):
            equilibrium = self._equilibrate_brehm(production_rate)
            return (equilibrium[troposphere_index] - target_C_14) ** 2

        grad_obj = jax.jit(jax.grad(objective_function))
        final_production_rate = scipy.optimize.minimize(objective_function, jnp.array([6.]), method='BFGS',
                                                        jac=grad_obj)
        return final_production_rate.x[0]

    def equilibrate(self, target_C_14=None, production_rate=None):
        if target_C_14 is not None:
            return self._equilibrate_guttler(target_C_14)

        elif production_rate is not None:
            return self._equilibrate_brehm(production_rate)

        else:
            raise ValueError("Must give either target C-14 or production rate.")

    @partial(jit, static_argnums=(0, 2, 5, 6, 8))
    def run(self, time, production, y0=None, args=(), target_C_14=None, steady_state_production=None, solution=None, adaptive=True, step_ts=None):
        def derivative(t, y, args):
            ans = jnp.matmul(self._matrix, y)
            production_rate_constant = production(t, *args) - steady_state_production
            production_rate_constant = self._convert_production_rate(production_rate_constant)
            production_term = self._production_coefficients * production_rate_constant
            return ans + production_term

        time_values = jnp.array(time)
        if solution is None:
            if steady_state_production is not None:
                solution = self.equilibrate(production_rate=steady_state_production)

            elif target_C_14 is not None:
                steady_state_production = self.equilibrate(target_C_14=target_C_14)
                solution = self.equilibrate(production_rate=steady_state_production)
            else:
                ValueError("Must give either target C-14 or production rate or steady state values of system.")

        if not callable(production):
            raise ValueError("incorrect object type for production")

        if y0 is not None:
            y_initial = jnp.array(y0)
        else:
            y_initial = jnp.array(solution)

        # explicit Euler between the requested time values (stands in for diffrax.diffeqsolve)
        def step(i, y):
            dt = time_values[i + 1] - time_values[i]
            return y + dt * derivative(time_values[i], y, args)

        y_final = jax.lax.fori_loop(0, time_values.shape[0] - 1, step, y_initial - solution)
        return y_final + solution, solution


def production(t):
    return 1.88 + 0.18 * 1.88 * jnp.sin(2 * jnp.pi / 11 * t)


cbm = CarbonBoxModel(
    [Box('Stratosphere', 60.0, 0.7), Box('Troposphere', 50.0, 0.3), Box('MarineSurface', 900.0)],
    [[0.0, 0.5, 0.0], [0.5, 0.0, 0.3], [0.0, 0.3, 0.0]],
    flow_rate_units='1/yr',
)
cbm.compile()


def f(time, target_C_14):
    return cbm.run(time, production, target_C_14=target_C_14)
# --- end user code ---


def make_inputs(rng):
    time = np.sort(rng.uniform(0.0, 20.0, size=8)).astype(np.float32)
    target = float(np.round(rng.uniform(100.0, 200.0), 1))
    return (time, target)


INPUTS = make_inputs
