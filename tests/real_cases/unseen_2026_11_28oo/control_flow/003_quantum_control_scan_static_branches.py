"""Quantum-control trajectory scan: controller chosen by a static string, gates by lax.cond/lax.switch (already jit-safe).

source: public code index file id 67547973708 ("Program Q -- Blind Information Recovery (TPU-native)" script; imports MODEL_BUILDERS, sample_noise_params, _get_eigh, apply_clifford_psi, CLIFFORDS, N_CLIFF, select_backend from a sibling `program_l_tpu` module; functions _apply_U_psi_jax, _apply_site_gate_static_site, _apply_site_gate_jax, _apply_noise_jax, _get_coherence, _make_scan_step, _run_one_trajectory, _run_batch, run_experiment_q). The index does not name the repository or commit.
error: none
category: lookalike-static-config-if-in-scan
expect: untouched
notes: the pure-JAX helpers, _make_scan_step, _run_one_trajectory and the jitted vmapped _run_batch are verbatim; the only stand-in is `N_CLIFF = 24` for the constant imported from program_l_tpu (the Clifford stack itself is an argument); `f = _run_batch` added. `ctrl_name` is a static argnum (a string), `N` and `n_steps` are static, `ci > 0` goes through lax.cond, `site` through lax.switch, and `for q in range(N)` runs over a static range: nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

N_CLIFF = 24  # stand-in for `from program_l_tpu import N_CLIFF`

# ---------------------------------------------------------------------------
# Pure-JAX helpers
# ---------------------------------------------------------------------------

def _apply_U_psi_jax(psi, evals, evecs, dt):
    psi_e = evecs.conj().T @ psi
    psi_e = psi_e * jnp.exp(-1j * evals * dt)
    return evecs @ psi_e

def _apply_site_gate_static_site(psi, gate_2x2, N, site_val):
    dim = 2 ** N
    stride = 2 ** (N - 1 - site_val)
    psi = psi.reshape(-1, 2 * stride)
    lo = psi[:, :stride]
    hi = psi[:, stride:]
    lo_new = gate_2x2[0, 0] * lo + gate_2x2[0, 1] * hi
    hi_new = gate_2x2[1, 0] * lo + gate_2x2[1, 1] * hi
    psi = jnp.concatenate([lo_new, hi_new], axis=1)
    return psi.reshape(dim)

def _apply_site_gate_jax(psi, gate_2x2, N, site):
    branches = [
        lambda p, g, s=s_val: _apply_site_gate_static_site(p, g, N, s)
        for s_val in range(N)
    ]
    return jax.lax.switch(site, branches, psi, gate_2x2)

def _apply_noise_jax(psi, N, noise_row, dt):
    gamma = jnp.clip(noise_row[0] * dt, 0.0, 0.5)
    dim = 2 ** N
    idx = jnp.arange(dim)
    n_ones = jnp.zeros(dim, dtype=jnp.float32)
    for q in range(N):
        n_ones = n_ones + ((idx >> (N - 1 - q)) & 1).astype(jnp.float32)
    damp = jnp.power((1.0 - gamma), n_ones).astype(jnp.complex64)
    psi = psi * damp
    norm = jnp.linalg.norm(psi)
    return jnp.where(norm > 1e-12, psi / norm, psi)

def _get_coherence(psi, N):
    dim = 2 ** N
    half = dim // 2
    a = psi[:half]
    b = psi[half:]
    rho01 = jnp.sum(a * jnp.conj(b))
    sx = jnp.real(rho01 + jnp.conj(rho01))
    sy = jnp.real(1j * (rho01 - jnp.conj(rho01)))
    return jnp.sqrt(sx ** 2 + sy ** 2)

# ---------------------------------------------------------------------------
# JAX Scan Body
# ---------------------------------------------------------------------------

def _make_scan_step(evals, evecs, cliffords_stack, N, dt,
                    noise_seq, random_cis, ctrl_name, tau_thresh, N_probe=15):
    """
    carry = (psi, sma_buf, best_ci, max_gain, cooldown)
    """
    SMA_LEN = 5

    @jax.jit
    def step_fn(carry, step_idx):
        psi, sma_buf, best_ci, max_gain, cooldown = carry
        
        coh_before = _get_coherence(psi, N)
        sma = jnp.mean(sma_buf)
        
        # Instability metric: sudden drop in coherence below the moving average
        instability = sma - coh_before
        trigger = jnp.logical_and(instability > tau_thresh, cooldown == 0)

        site = jnp.int32(0) # Targeted intervention on Q0
        
        # 1. Controller Logic
        if ctrl_name == "static":
            ci = jnp.int32(0)
            
        elif ctrl_name == "periodic_sweep":
            # Deterministic Floquet-style scanning (from Program P2)
            ci = (1 + ((step_idx + N // 2) % (N_CLIFF - 1))).astype(jnp.int32)
            site = ((step_idx + 1) % N).astype(jnp.int32)
            
        elif ctrl_name == "random_sparse":
            # Fire at roughly the same rate as the adaptive trigger (e.g. 10% prob)
            # Use the pre-sampled random_cis array to determine both firing and CI
            val = random_cis[step_idx]
            # random_cis is randomly sampled from 0 to N_CLIFF-1.
            # If we want 10% sparse firing, we can say if val > 0 and step % 10 == 0
            # A simpler way: we'll just fire sparsely using step parity for baseline randomness
            fire = jnp.logical_and(val > 0, step_idx % 8 == 0)
            ci = jnp.where(fire, val, 0).astype(jnp.int32)
            
        elif ctrl_name == "adaptive_sparse":
            # Probe Phase (Estimate Response Jacobian)
            is_probe = step_idx < N_probe
            test_ci  = (step_idx % (N_CLIFF - 1) + 1).astype(jnp.int32)
            
            # Transport Phase (Sparse Predictive Stabilization)
            is_transport = step_idx >= N_probe
            
            transport_ci = jnp.where(trigger, best_ci, 0)
            ci = jnp.where(is_probe, test_ci, transport_ci).astype(jnp.int32)
            
        else:
            ci = jnp.int32(0)

        # 2. Apply Controller Gate
        gate = cliffords_stack[ci]
        psi = jax.lax.cond(
            ci > 0,
            lambda p: _apply_site_gate_jax(p, gate, N, site),
            lambda p: p,
            psi,
        )

        # Evaluate Probe Gain (Instantaneous Coherence Response)
        coh_after = _get_coherence(psi, N)
        gain = coh_after - coh_before
        
        if ctrl_name == "adaptive_sparse":
            is_probe = step_idx < N_probe
            update_probe = jnp.logical_and(is_probe, gain > max_gain)
            best_ci = jnp.where(update_probe, ci, best_ci)
            max_gain = jnp.where(update_probe, gain, max_gain)
            
            # Cooldown management
            fired_transport = jnp.logical_and(is_transport, trigger)
            cooldown = jnp.where(fired_transport, 3, jnp.maximum(0, cooldown - 1))
            
        # 3. Evolution & Noise
        psi = _apply_U_psi_jax(psi, evals, evecs, dt)
        noise_row = noise_seq[step_idx]
        psi = _apply_noise_jax(psi, N, noise_row, dt)

        # 4. Update Moving Average Buffer
        final_coh = _get_coherence(psi, N)
        new_sma_buf = jnp.concatenate([sma_buf[1:], jnp.array([final_coh])])

        new_carry = (psi, new_sma_buf, best_ci, max_gain, cooldown)
        return new_carry, None # No trajectory output, purely blind transport

    return step_fn

# ---------------------------------------------------------------------------
# Single trajectory: vmap-able
# ---------------------------------------------------------------------------

def _run_one_trajectory(psi0, psi_ideal_T, evals, evecs, cliffords_stack,
                        N, dt, n_steps, noise_seq, random_cis, ctrl_name, tau_thresh):
    
    step_fn = _make_scan_step(evals, evecs, cliffords_stack, N, dt,
                              noise_seq, random_cis, ctrl_name, tau_thresh)
    
    # Initialize adaptive carry
    initial_coh = _get_coherence(psi0, N)
    sma_buf0 = jnp.full((5,), initial_coh, dtype=jnp.float32)
    carry0 = (psi0, sma_buf0, jnp.int32(0), jnp.float32(-999.0), jnp.int32(0))
    
    steps = jnp.arange(n_steps, dtype=jnp.int32)
    final_carry, _ = jax.lax.scan(step_fn, carry0, steps)
    
    psi_final = final_carry[0]
    best_ci_found = final_carry[2]
    
    # Frozen Blind Decoder Fidelity
    fidelity = jnp.abs(jnp.vdot(psi_ideal_T, psi_final))**2
    
    return fidelity, best_ci_found

# Vectorize over the initial state batch dimension
_run_batch = jax.jit(jax.vmap(
    _run_one_trajectory,
    in_axes=(0, 0, None, None, None, None, None, None, None, None, None, None),
), static_argnums=(5, 7, 10))

f = _run_batch
# --- end user code ---

import numpy as np

_CONTROLLERS = ["static", "periodic_sweep", "random_sparse", "adaptive_sparse"]


def _unitary(rng, n):
    a = rng.normal(size=(n, n)) + 1j * rng.normal(size=(n, n))
    q, r = np.linalg.qr(a)
    return q * (np.diag(r) / np.abs(np.diag(r)))


def make_inputs(rng):
    N, B, n_steps = 3, 3, 20
    dim = 2 ** N
    h = rng.normal(size=(dim, dim)) + 1j * rng.normal(size=(dim, dim))
    evals, evecs = np.linalg.eigh(0.5 * (h + h.conj().T))
    psi0 = rng.normal(size=(B, dim)) + 1j * rng.normal(size=(B, dim))
    psi0 /= np.linalg.norm(psi0, axis=1, keepdims=True)
    psi_ideal = rng.normal(size=(B, dim)) + 1j * rng.normal(size=(B, dim))
    psi_ideal /= np.linalg.norm(psi_ideal, axis=1, keepdims=True)
    cliffords = np.stack([np.eye(2)] + [_unitary(rng, 2) for _ in range(N_CLIFF - 1)])
    noise = np.abs(rng.normal(0.02, 0.01, size=(n_steps, 8)))
    random_cis = rng.integers(0, N_CLIFF, size=n_steps).astype(np.int32)
    ctrl = _CONTROLLERS[int(rng.integers(len(_CONTROLLERS)))]
    return (psi0.astype(np.complex64), psi_ideal.astype(np.complex64),
            evals.astype(np.float32), evecs.astype(np.complex64),
            cliffords.astype(np.complex64), N, np.float32(rng.uniform(0.1, 0.4)),
            n_steps, noise.astype(np.float32), random_cis, ctrl,
            np.float32(rng.uniform(0.0, 0.05)))


INPUTS = make_inputs
