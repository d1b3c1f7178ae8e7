"""A model method runs Gillespie's SSA with Python whiles on traced propensities and appends to trajectory lists.

source: a public JAX port of pints-team/pints pints/toy/stochastic/_markov_jump_model.py (MarkovJumpModel; the port's file imports jax, jax.lax and jax_cosmo and keeps the NumPy loop at its end under the comment "original while loop in simulate_raw"); the NumPy original is pints-team/pints pints/toy/stochastic/_markov_jump_model.py at 1e7b0c85fde79c33d9aa99ad0792ac77ebe0eb88 (simulate_raw). The index holds the port but does not name its repository.
error: TracerBoolConversionError
category: method-while-growing-output
expect: report
notes: MarkovJumpModel.__init__ is the port's (jnp.asarray x0, self.mol_count/self.time seeds); simulate_raw is the port's preamble (propensities -> jnp.asarray -> jnp.sum) followed by the loop the port keeps in its closing comment, with its `jnp.random.uniform(0, 1)` (there is no jnp.random) written as np.random.uniform(0, 1), as in the pints original. pints.ForwardModel/ToyModel bases are dropped. The model is pints' degradation model (one species, V = [[-1]] given as a jnp array, as the port converts it with jnp.asarray before indexing, propensity k*x). The number of reactions, and so the length of the returned lists, depends on the traced rate and the random draws: no fixed-shape rewrite preserves the output.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


class MarkovJumpModel(object):
    def __init__(self, x0, V, propensities):
        super(MarkovJumpModel, self).__init__()
        self._x0 = jnp.asarray(x0)
        self._V = V
        self._propensities = propensities

        t = 0
        x = jnp.array(self._x0)
        self.mol_count = [jnp.array(x)]
        self.time = [t]

    def n_parameters(self):
        return len(self._V)

    def simulate_raw(self, rates, max_time):
        """ Returns raw times, mol counts when reactions occur. """
        # Setting the current propensities and summing them up
        current_propensities = self._propensities(self._x0, rates)
        current_propensities = jnp.asarray(current_propensities)
        prop_sum = jnp.sum(current_propensities)

        # Initial time and count
        t = 0
        x = jnp.array(self._x0)

        # Run Gillespie SSA, calculating time until next reaction, deciding
        # which reaction, and applying it
        mol_count = [jnp.array(x)]
        time = [t]
        while (prop_sum > 0) and (t <= max_time):
            r_1, r_2 = np.random.uniform(0, 1), np.random.uniform(0, 1)
            t += -jnp.log(r_1) / prop_sum
            s = 0
            r = 0
            while s <= r_2 * prop_sum:
                s += current_propensities[r]
                r += 1
            x += self._V[r - 1]

            # Calculate new current propensities
            current_propensities = self._propensities(x, rates)
            current_propensities = jnp.asarray(current_propensities)
            prop_sum = jnp.sum(current_propensities)

            # Store new values
            time.append(t)
            mol_count.append(jnp.copy(x))
        return time, mol_count


model = MarkovJumpModel([20], jnp.array([[-1]]), lambda xs, ks: [xs[0] * ks[0]])


@jax.jit
def f(rates):
    return model.simulate_raw(rates, 5.0)
# --- end user code ---


def make_inputs(rng):
    return (rng.uniform(0.05, 1.0, size=(1,)).astype(np.float32),)


INPUTS = make_inputs
