"""igm_emulator's HMC prior: a Python `for i in x` over the traced parameter vector inside a jitted method with static `self`.

source: enigma-igm/igm_emulator igm_emulator/hmc/nn_hmc_3d_x.py at 010fae22da7fc953758215f38f165e2a7b806a01 (`NN_HMC_X.__init__`, `log_prior`, `eval_prior`)
error: none
category: negative-loop-over-traced-array-static-length
expect: untouched
notes: `__init__`, `log_prior` and `eval_prior` are verbatim, including the project's `@partial(jit, static_argnums=(0,))` and the commented-out prints; the other methods (likelihood through the neural emulator, NumPyro NUTS driver, HDF5 saving) are dropped, and the `jax.config` x64 switch, the `sys.path` import of the qso_fitting helpers and the `struct` print are left out. The object is built at module level from small grids, and `f` is the bound jitted method, as the project's `potential_fun` calls it. Look-alike: `for i in x:` iterates over a traced array, which reads like Python control flow on traced data, but iterating a tracer only needs its static leading dimension (3 parameters) and each `i` is a traced scalar fed to jnp/jax.nn functions; `self` is static by `static_argnums=(0,)` and only Python/NumPy attributes are read from it. Nothing needs a concrete value, so a fixer must leave it alone.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import numpy as np
import jax.numpy as jnp
import jax
from jax import jit
from functools import partial


#running everything in dimensionless parameter space (x)
class NN_HMC_X:
    def __init__(self, vbins, best_params, T0s, gammas, fobs, like_dict,dense_mass=True, max_tree_depth=(8,10), num_warmup=1000, num_samples=1000, num_chains=4):
        '''
        Args:
            vbins: velocity bins
            best_params: best parameters from the neural network
            T0s: temperature array
            gammas: gamma array
            fobs: frequency array
            like_dict: dictionary containing the covariance matrix, log determinant, and inverse covariance matrix
            dense_mass: whether to use dense mass matrix
            max_tree_depth: maximum tree depth
            num_warmup: number of warmup steps
        num_samples: number of samples
                num_chains: number of chains

        Returns:
            samples: samples from the posterior
        '''
        self.vbins = vbins
        self.best_params = best_params
        self.like_dict = like_dict
        self.max_tree_depth = max_tree_depth
        self.num_chains = num_chains
        self.num_warmup = num_warmup
        self.dense_mass = dense_mass
        self.mcmc_nsteps_tot = num_samples * num_chains
        self.num_samples = num_samples
        self.T0s = T0s
        self.gammas = gammas
        self.fobs = fobs
        self.theta_ranges = [[self.fobs[0],self.fobs[-1]],[self.T0s[0],self.T0s[-1]],[self.gammas[0],self.gammas[-1]]]

    def log_prior(self,x):
        '''
        Args:
            x: dimensionless parameters

        Returns:
            log_prior: log prior
        '''
        return jax.nn.log_sigmoid(x) + jnp.log(1.0 - jax.nn.sigmoid(x))

    @partial(jit, static_argnums=(0,))
    def eval_prior(self,x):
        prior = 0.0
        for i in x:
            prior += self.log_prior(i)
            #print(f'i={i}')
        #print(f'Prior={prior}')
        return prior


hmc_nn = NN_HMC_X(vbins=np.linspace(10.0, 700.0, 6), best_params=None,
                  T0s=np.linspace(6000.0, 14000.0, 9), gammas=np.linspace(1.0, 1.6, 7),
                  fobs=np.linspace(0.01, 0.05, 5), like_dict={'covariance': np.eye(6), 'log_determinant': 0.0})

f = hmc_nn.eval_prior
# --- end user code ---


def make_inputs(rng):
    return (rng.normal(scale=2.0, size=(3,)).astype(np.float32),)


INPUTS = make_inputs
