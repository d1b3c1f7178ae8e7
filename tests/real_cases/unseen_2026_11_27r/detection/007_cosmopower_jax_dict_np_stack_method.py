"""CosmoPowerJAX.predict jitted on a dict of parameters: `np.stack` on tracers inside a helper method.

source: dpiras/cosmopower-jax cosmopower_jax/cosmopower_jax.py at
    07dd5600c8aa11fe0a87648f00a519338e2c4619 (`CosmoPowerJAX._dict_to_ordered_arr_np`,
    `_activation`, `_predict`, `predict`); failure reported in
    https://github.com/dpiras/cosmopower-jax/issues/9 ("Setting up model with Numpyro?":
    TracerArrayConversionError from numpy's `stack` when the parameters were passed as a dict;
    the reporter worked around it by passing an array instead)
error: TracerArrayConversionError
category: numpy-call-on-tracer inside a method reached through `predict` (bound method jitted,
    `self` holds static config); look-alikes: isinstance(dict), len(shape) checks, assert,
    string comparisons on self.probe, `self.log == True`, range(len(weights)) over a Python list
expect: fix
notes: the four methods are verbatim (docstrings shortened). `__init__` is replaced: instead of
    unpickling a pre-trained network for a probe, it receives a small random network (weights,
    activation hyper-parameters, training means/stds) and the parameter names, and sets the
    same attributes (`probe="cmb_tt"`, so `self.log` is True). `f = jax.jit(emulator.predict)`
    on a dict of parameter arrays is mine (numpyro traces the dict values the same way).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import numpy as np
import jax
import jax.numpy as jnp
from jax.nn import sigmoid


class CosmoPowerJAX:
    """Predict cosmological power spectra using pre-trained neural networks."""

    def __init__(self, probe, weights, hyper_params, param_train_mean, param_train_std,
                 feature_train_mean, feature_train_std, parameters, modes):
        self.log = probe in ['cmb_tt', 'cmb_ee', 'mpk_lin', 'mpk_boost', 'mpk_nonlin', 'custom_log']
        self.probe = probe
        self.weights = weights
        self.hyper_params = hyper_params
        self.param_train_mean = param_train_mean
        self.param_train_std = param_train_std
        self.feature_train_mean = feature_train_mean
        self.feature_train_std = feature_train_std
        self.n_parameters = len(parameters)
        self.parameters = parameters
        self.modes = modes

    def _dict_to_ordered_arr_np(self,
                               input_dict,
                               ):
        """
        Sort input parameters. Takend verbatim from CP
        (https://github.com/alessiospuriomancini/cosmopower/blob/main/cosmopower/cosmopower_NN.py#LL291C1-L308C73)
        """
        if self.parameters is not None:
            return np.stack([input_dict[k] for k in self.parameters], axis=1)
        else:
            return np.stack([input_dict[k] for k in input_dict], axis=1)

    def _activation(self, x, a, b):
        """Non-linear activation function. Based on the original CosmoPower paper, Eq. A1.
        x is the input of each layer, while a and b are the trainable hyper-parameters.
        These correspond to beta and gamma in Eq. A1 in https://arxiv.org/pdf/2106.03846v2.pdf.
        """
        return jnp.multiply(jnp.add(b, jnp.multiply(sigmoid(jnp.multiply(a, x)), jnp.subtract(1., b))), x)

    def _predict(self, weights, hyper_params, param_train_mean, param_train_std,
                 feature_train_mean, feature_train_std, input_vec):
        """ Forward pass through pre-trained network."""
        act = []
        # Standardise
        layer_out = [(input_vec - param_train_mean)/param_train_std]

        # Loop over layers
        for i in range(len(weights[:-1])):
            w, b = weights[i]
            alpha, beta = hyper_params[i]
            act.append(jnp.dot(layer_out[-1], w.T) + b)
            layer_out.append(self._activation(act[-1], alpha, beta))

        # Final layer prediction (no activations)
        w, b = weights[-1]
        if self.probe == 'custom_log' or self.probe == 'custom_pca':
            # in original CP models, we assumed a full final bias vector...
            preds = jnp.dot(layer_out[-1], w.T) + b
        else:
            # ... unlike in cpjax, where we used only a single bias vector
            preds = jnp.dot(layer_out[-1], w.T) + b[-1]

        # Undo the standardisation
        preds = preds * feature_train_std + feature_train_mean
        if self.log == True:
            preds = 10**preds
        else:
            preds = (preds@self.pca_matrix)*self.training_std + self.training_mean
            if self.probe == 'cmb_pp':
                preds = 10**preds
        predictions = preds.squeeze()
        return predictions

    def predict(self, input_vec):
        """ Emulate cosmological power spectrum, based on the probe specified as input.
        If input is a dictionary, we to convert it to an array internally.
        """
        # convert dict to array, if needed
        if isinstance(input_vec, dict):
            input_vec = self._dict_to_ordered_arr_np(input_vec)

        if len(input_vec.shape) == 1:
            input_vec = input_vec.reshape(-1, self.n_parameters)
        assert len(input_vec.shape) == 2
        predictions = self._predict(self.weights, self.hyper_params, self.param_train_mean,
                                    self.param_train_std, self.feature_train_mean, self.feature_train_std,
                                    input_vec)
        if self.probe == 'mpk_nonlin':
            # multiply by linear power spectrum
            input_vec = jnp.concatenate((input_vec[:, :5],input_vec[:, 7:8]), axis=1)
            predictions *= self._predict(self.weights_l, self.hyper_params_l, self.param_train_mean_l,
                                         self.param_train_std_l, self.feature_train_mean_l, self.feature_train_std_l,
                                         input_vec
                                         )
        return predictions


_rng = np.random.default_rng(1234)
_sizes = [6, 16, 16, 10]
_weights = [(jnp.asarray(_rng.normal(size=(m, n)) / np.sqrt(n), dtype=jnp.float32),
             jnp.asarray(_rng.normal(size=(m,)) * 0.1, dtype=jnp.float32))
            for n, m in zip(_sizes[:-1], _sizes[1:])]
_hyper = [(jnp.asarray(_rng.normal(size=(m,)), dtype=jnp.float32),
           jnp.asarray(_rng.uniform(size=(m,)), dtype=jnp.float32)) for m in _sizes[1:-1]]
emulator = CosmoPowerJAX(
    'cmb_tt', _weights, _hyper,
    param_train_mean=jnp.asarray([0.022, 0.12, 0.67, 0.06, 0.965, 3.05], dtype=jnp.float32),
    param_train_std=jnp.asarray([0.002, 0.01, 0.05, 0.02, 0.02, 0.1], dtype=jnp.float32),
    feature_train_mean=jnp.linspace(-1.0, 1.0, 10, dtype=jnp.float32),
    feature_train_std=jnp.full((10,), 0.3, dtype=jnp.float32),
    parameters=['omega_b', 'omega_cdm', 'h', 'tau_reio', 'n_s', 'ln10^{10}A_s'],
    modes=np.arange(2, 12))

f = jax.jit(emulator.predict)
# --- end user code ---


def make_inputs(rng):
    n = 5
    params = {
        'omega_b': rng.normal(0.022, 0.002, size=n),
        'omega_cdm': rng.normal(0.12, 0.01, size=n),
        'h': rng.normal(0.67, 0.05, size=n),
        'tau_reio': rng.normal(0.06, 0.02, size=n),
        'n_s': rng.normal(0.965, 0.02, size=n),
        'ln10^{10}A_s': rng.normal(3.05, 0.1, size=n),
    }
    return ({k: v.astype(np.float32) for k, v in params.items()},)


INPUTS = make_inputs


@jax.jit
def reference_fix(input_dict):
    input_vec = jnp.stack([input_dict[k] for k in emulator.parameters], axis=1)
    return emulator._predict(emulator.weights, emulator.hyper_params, emulator.param_train_mean,
                             emulator.param_train_std, emulator.feature_train_mean,
                             emulator.feature_train_std, input_vec)
