"""Spiking-network simulator state: metric methods use `int()`, `float()` and `if n_links == 0` on arrays the jitted kernels produce.

source: public code index, "JAX-accelerated simulation kernels." module of the css-hnca package ("Install with: pip install css-hnca[gpu]"; code-index file id 46442691368: _ensure_jax, is_jax_available, get_jax_device_info, create_jit_simulation_step, JAXSimulationState with step / get_firing_count / get_average_weight / sync_to_numpy); the index does not name the repository or commit
error: ConcretizationTypeError
category: method-int-float-if-on-object-state
expect: fix
notes: _ensure_jax, create_jit_simulation_step (the factory returning three jitted kernels) and JAXSimulationState verbatim; is_jax_available, get_jax_device_info, sync_to_numpy and the TYPE_CHECKING import are dropped, and `from __future__ import annotations` is removed (it cannot follow the case header); long kernel docstrings are shortened to their first line. The jitted `f` that builds a JAXSimulationState from traced arrays, runs one `step()` and reads its two metrics is added (a jitted rollout/metrics function over the simulator object). `get_firing_count` calls `int()` on a traced sum and `get_average_weight` branches on `n_links == 0` and calls `float()`; returning the jnp values and selecting with `jnp.where` gives the same numbers.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
"""JAX-accelerated simulation kernels.

JIT-compiled functions for GPU-accelerated neural network simulation.
Uses float32 for Metal GPU compatibility.
"""

import numpy as np

# Lazy JAX import for optional dependency
_jax = None
_jnp = None


def _ensure_jax():
    """Lazily import JAX modules."""
    global _jax, _jnp
    if _jax is None:
        try:
            import jax
            import jax.numpy as jnp
            _jax = jax
            _jnp = jnp
        except ImportError:
            raise ImportError(
                "JAX is required for GPU acceleration. "
                "Install with: pip install css-hnca[gpu]"
            )
    return _jax, _jnp


def create_jit_simulation_step():
    """Create JIT-compiled simulation step function.
    
    Returns:
        Tuple of (step_fn, apply_stdp_fn) that are JIT-compiled.
    """
    jax, jnp = _ensure_jax()

    @jax.jit
    def compute_input_and_fire(
        weight_matrix: jnp.ndarray,
        firing: jnp.ndarray,
        membrane_potential: jnp.ndarray,
        threshold: float,
        leak_rate: float,
        reset_potential: float,
    ) -> tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray]:
        """Compute input signal and update firing state (JIT-compiled)."""
        # Compute input: v = W^T @ s
        input_signal = jnp.matmul(weight_matrix.T, firing)
        
        # LIF dynamics
        # 1. Leak
        potential = membrane_potential * (1.0 - leak_rate)
        # 2. Integrate
        potential = potential + input_signal
        # 3. Fire
        new_firing = (potential >= threshold).astype(jnp.float32)
        # 4. Reset
        potential = potential - reset_potential * new_firing
        # 5. Clamp
        potential = jnp.maximum(potential, 0.0)
        
        return new_firing, potential, input_signal

    @jax.jit
    def apply_stdp_jit(
        weights: jnp.ndarray,
        link_matrix: jnp.ndarray,
        firing_prev: jnp.ndarray,
        firing_current: jnp.ndarray,
        learning_rate: float,
        forgetting_rate: float,
        decay_alpha: float,
    ) -> jnp.ndarray:
        """Apply STDP learning rule (JIT-compiled)."""
        # Baseline decay
        new_weights = weights * (1.0 - decay_alpha)
        
        # LTP: A(t-1)=1 and B(t)=1 -> W[A,B] += l
        ltp_mask = jnp.outer(firing_prev, firing_current)
        # LTD: B(t-1)=1 and A(t)=1 -> W[A,B] -= f
        ltd_mask = jnp.outer(firing_current, firing_prev)
        
        # Apply only where links exist
        ltp_update = learning_rate * ltp_mask * link_matrix
        ltd_update = forgetting_rate * ltd_mask * link_matrix
        
        new_weights = new_weights + ltp_update - ltd_update
        
        return new_weights

    @jax.jit
    def clamp_weights(
        weights: jnp.ndarray,
        link_matrix: jnp.ndarray,
        inhibitory_mask: jnp.ndarray,
        weight_min: float,
        weight_max: float,
        weight_min_inh: float,
        weight_max_inh: float,
    ) -> jnp.ndarray:
        """Clamp weights per neuron type (JIT-compiled)."""
        # Per-row bounds based on presynaptic neuron type
        min_bounds = jnp.where(
            inhibitory_mask[:, None] > 0.5,
            weight_min_inh,
            weight_min
        )
        max_bounds = jnp.where(
            inhibitory_mask[:, None] > 0.5,
            weight_max_inh,
            weight_max
        )
        
        clamped = jnp.clip(weights, min_bounds, max_bounds)
        # Zero out non-links
        return jnp.where(link_matrix > 0.5, clamped, 0.0)

    return compute_input_and_fire, apply_stdp_jit, clamp_weights


class JAXSimulationState:
    """Holds JAX arrays for GPU-accelerated simulation."""
    
    def __init__(
        self,
        weight_matrix: np.ndarray,
        link_matrix: np.ndarray,
        firing: np.ndarray,
        membrane_potential: np.ndarray,
        inhibitory_nodes: np.ndarray,
        threshold: float,
        leak_rate: float,
        reset_potential: float,
        learning_rate: float,
        forgetting_rate: float,
        decay_alpha: float,
        weight_min: float,
        weight_max: float,
        weight_min_inh: float,
        weight_max_inh: float,
    ):
        """Initialize JAX state from NumPy arrays."""
        jax, jnp = _ensure_jax()
        
        # Convert to float32 for Metal compatibility
        self.weight_matrix = jnp.array(weight_matrix, dtype=jnp.float32)
        self.link_matrix = jnp.array(link_matrix, dtype=jnp.float32)
        self.firing = jnp.array(firing, dtype=jnp.float32)
        self.firing_prev = jnp.zeros_like(self.firing)
        self.membrane_potential = jnp.array(membrane_potential, dtype=jnp.float32)
        self.inhibitory_mask = jnp.array(inhibitory_nodes, dtype=jnp.float32)
        
        # Scalar parameters
        self.threshold = float(threshold)
        self.leak_rate = float(leak_rate)
        self.reset_potential = float(reset_potential)
        self.learning_rate = float(learning_rate)
        self.forgetting_rate = float(forgetting_rate)
        self.decay_alpha = float(decay_alpha)
        self.weight_min = float(weight_min)
        self.weight_max = float(weight_max)
        self.weight_min_inh = float(weight_min_inh)
        self.weight_max_inh = float(weight_max_inh)
        
        # Create JIT-compiled kernels
        self._compute_input_and_fire, self._apply_stdp, self._clamp_weights = \
            create_jit_simulation_step()
    
    def step(self) -> None:
        """Execute one simulation step on GPU."""
        # Save previous firing state
        self.firing_prev = self.firing
        
        # Compute input and update firing
        self.firing, self.membrane_potential, _ = self._compute_input_and_fire(
            self.weight_matrix,
            self.firing_prev,
            self.membrane_potential,
            self.threshold,
            self.leak_rate,
            self.reset_potential,
        )
        
        # Apply STDP
        self.weight_matrix = self._apply_stdp(
            self.weight_matrix,
            self.link_matrix,
            self.firing_prev,
            self.firing,
            self.learning_rate,
            self.forgetting_rate,
            self.decay_alpha,
        )
        
        # Clamp weights
        self.weight_matrix = self._clamp_weights(
            self.weight_matrix,
            self.link_matrix,
            self.inhibitory_mask,
            self.weight_min,
            self.weight_max,
            self.weight_min_inh,
            self.weight_max_inh,
        )
    
    def get_firing_count(self) -> int:
        """Get count of firing neurons."""
        _, jnp = _ensure_jax()
        return int(jnp.sum(self.firing))
    
    def get_average_weight(self) -> float:
        """Get average weight of connected neurons."""
        _, jnp = _ensure_jax()
        connected = self.weight_matrix * self.link_matrix
        n_links = jnp.sum(self.link_matrix)
        if n_links == 0:
            return 0.0
        return float(jnp.sum(connected) / n_links)


jax, _ = _ensure_jax()


@jax.jit
def f(weight_matrix, link_matrix, firing, membrane_potential, inhibitory_nodes):
    state = JAXSimulationState(
        weight_matrix, link_matrix, firing, membrane_potential, inhibitory_nodes,
        threshold=1.0, leak_rate=0.1, reset_potential=1.0,
        learning_rate=0.05, forgetting_rate=0.02, decay_alpha=0.001,
        weight_min=0.0, weight_max=1.0, weight_min_inh=-1.0, weight_max_inh=0.0,
    )
    state.step()
    return state.get_firing_count(), state.get_average_weight()
# --- end user code ---

import jax.numpy as jnp


def make_inputs(rng):
    n = 12
    link = (rng.uniform(size=(n, n)) < rng.choice([0.0, 0.3, 0.6])).astype(np.float32)  # 0.0: no links
    inhib = (rng.uniform(size=n) < 0.2).astype(np.float32)
    w = rng.uniform(0.0, 1.0, size=(n, n)).astype(np.float32)
    w = np.where(inhib[:, None] > 0.5, -w, w) * link
    firing = (rng.uniform(size=n) < 0.4).astype(np.float32)
    potential = rng.uniform(0.0, 1.2, size=n).astype(np.float32)
    return (w.astype(np.float32), link, firing, potential, inhib)


INPUTS = make_inputs


_kernels = create_jit_simulation_step()


@jax.jit
def reference_fix(weight_matrix, link_matrix, firing, membrane_potential, inhibitory_nodes):
    fire, stdp, clamp = _kernels
    new_firing, potential, _ = fire(weight_matrix, firing, membrane_potential, 1.0, 0.1, 1.0)
    w = stdp(weight_matrix, link_matrix, firing, new_firing, 0.05, 0.02, 0.001)
    w = clamp(w, link_matrix, inhibitory_nodes, 0.0, 1.0, -1.0, 0.0)
    n_links = jnp.sum(link_matrix)
    avg = jnp.where(n_links == 0, 0.0, jnp.sum(w * link_matrix) / jnp.where(n_links == 0, 1.0, n_links))
    return jnp.sum(new_firing).astype(jnp.int32), avg
