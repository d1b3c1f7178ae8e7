"""Discrete EKF class: predict/update methods on self, with a traced `if` guarding a degenerate innovation covariance.

source: public JAX state-estimation research code in the code index (module with classes EKF "Discrete EKF" and GEKF "Continuous-Discrete GEKF" with compute_probability_bound; code-index file id 55122330, the revision where GEKF already has a `@partial(jax.jit, static_argnums=0)` _predict) and its dynamics module (SingleIntegrator1D, SimpleDynamics, NonlinearSingleIntegrator, DubinsDynamics; code-index file id 113027349). The index does not name the repository.
error: TracerBoolConversionError
category: class-methods-if
expect: fix
notes: class EKF verbatim (incl. compute_probability_bound, unused here) and SimpleDynamics verbatim from the dynamics module. The entry point `step` (build the filter, predict, update, return the belief) is added, as the project's simulation loop does per time step, and jitted. The leak is EKF.update's `if jnp.linalg.norm(S) < 1e-8:` choosing zeros over pinv(S); the inputs include a zero and a ~1e-12 prior covariance with zero measurement noise so that branch runs (for the tiny case pinv(S) would be ~1e12, so the two branches really differ).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax.scipy.special import erf, erfinv
from functools import partial


class SimpleDynamics:
    """Simple system dynamics: dx/dt = f(x) + g(x) u"""
    
    def __init__(self, Q=None):
        self.state_dim = 2
        self.f_matrix = jnp.array([[0.01, 0.02], [0.03, 0.04]])  # No drift for now
        self.g_matrix = jnp.array([[1, 0], [0, 1]])  # Identity control matrix
        if Q is None:
            self.Q = jnp.eye(self.f_matrix.shape[1])*0 
        else:
            self.Q = Q

    def f(self, x):
        """Drift dynamics: f(x)"""
        return self.f_matrix @ x  # Linear drift (zero in this case)

    def g(self, x):
        """Control matrix: g(x)"""
        return self.g_matrix  # Constant control input mapping
    
    def x_dot(self, x, u):
        return self.f_matrix@x + self.g_matrix@u


class EKF:
    """Discrete EKF"""
    
    def __init__(self, dynamics, dt, h = None, x_init=None, P_init=None, Q=None, R=None):
        self.dynamics = dynamics  # System dynamics model
        self.dt = dt  # Time step
        self.K = jnp.zeros((dynamics.state_dim, dynamics.state_dim)) # Ideally, it's shape should be (dynamics.state_dim, obs_dim)
        self.name = "EKF"

        # Initialize belief (state estimate)
        self.x_hat = x_init if x_init is not None else jnp.zeros(dynamics.state_dim)

        # Covariance initialization
        self.P = P_init if P_init is not None else jnp.eye(dynamics.state_dim) * 0.1  
        self.Q = dynamics.Q # Process noise covariance
        self.R = R if R is not None else jnp.eye(dynamics.state_dim) * 0.05  # Measurement noise covariance

        self.in_cov = jnp.zeros((dynamics.state_dim, dynamics.state_dim)) # For tracking innovation covariance
        self.sigma_minus = self.P

        # Initialize observation function as identity function
        if h is None:
            self.h = lambda x: x.ravel()
        else:
            self.h = h

    def predict(self, u):
        """
        Predict step of EKF.
        
        See (Page 274, Table 5.1, Optimal and Robust Estimation)
        """
        # Nonlinear state propagation
        self.x_hat = self.x_hat + self.dt * self.dynamics.x_dot(self.x_hat, u)

        # Compute Jacobian of dynamics (linearization)
        F = jax.jacobian(lambda x: (self.dynamics.x_dot(x, u).squeeze()))(self.x_hat)

        # Covariance udpate 
        if len(F.shape) > 2: 
            F = F.squeeze()
        P_dot = F @ self.P + self.P @ F.T + self.Q
        self.P = self.P + P_dot*self.dt

    def update(self, z):
        """
        Measurement update step of EKF

        Args:
            z (): Measurement
        """
        # H_x Jacobian of measurement function wrt state vector
        H_x = jax.jacfwd(self.h)(self.x_hat.ravel()) # The output of this should be (obs_dim, state_vector_len). 
        """
        NOTE: If H_x's shape is not (obs_dim, state_vector_len), ensure that the "h" operates on 1-dimensional
        state vector (x_dim, ) and the input (state vector value) at which jacobian needs to be calculted is also dimensionless.
        """
        
        obs_dim = len(H_x) # Number of rows in H_X == observation space dim

        z_obs = self.h(z) # This might not be technically correct, but here I am just extracting the second state from the measurement

        y = (z_obs - self.h(self.x_hat)) # Innovation term: note self.x_hat comes from identity observation model
        y = jnp.reshape(y, (obs_dim, 1)) 

        # Innovation Covariance
        S = H_x @ self.P @ H_x.T + self.R[:obs_dim, :obs_dim]# self.

        # Handle degenerate S cases
        if jnp.linalg.norm(S) < 1e-8:
            S_inv = jnp.zeros_like(S)
        else:
            S_inv = jnp.linalg.pinv(S)

        self.K = self.P @ H_x.T @ S_inv

        # Update Innovation Covariance (For calculating probability bound)
        self.in_cov = self.K @ S @ self.K.T

        # Update state estimate
        self.x_hat = self.x_hat + (self.K@y).reshape(self.x_hat.shape) # Order of K and y in multiplication matters!

        self.sigma_minus = self.P # For computing probability bound

        # Update covariance
        self.P = (jnp.eye(max(self.x_hat.shape)) - self.K @ H_x) @ self.P

    def get_belief(self):
        """Return the current belief (state estimate)."""
        return self.x_hat, self.P
    

    def compute_probability_bound(self, alpha, delta):
        """
        Returns the probability bounds for a range of delta values.
        """
        I = jnp.eye(self.K.shape[1])  # assuming K is (n x n)

        Sigma = self.sigma_minus
        K = self.K
        Lambda = self.in_cov
        H = jnp.eye(self.dynamics.state_dim) 
        
        alphaT_Sigma_alpha = alpha.T @ Sigma @ alpha
        term1 = jnp.sqrt(2 * alphaT_Sigma_alpha)
        term2 = jnp.sqrt(2 * alpha.T @ (I - K @ H) @ Sigma @ alpha)
        xi = erfinv(1 - 2 * delta) * (term1 - term2)

        denominator = jnp.sqrt(2 * alpha.T @ Lambda @ alpha)
        return 0.5 * (1 - erf(xi / denominator))


@jax.jit
def step(x_init, P_init, R, u, z):
    estimator = EKF(SimpleDynamics(), dt=0.05, x_init=x_init, P_init=P_init, R=R)
    estimator.predict(u)
    estimator.update(z)
    return estimator.get_belief()


f = step
# --- end user code ---

import numpy as np


def make_inputs(rng):
    kind = int(rng.integers(0, 4))
    x = rng.normal(size=2).astype(np.float32)
    u = rng.normal(size=2).astype(np.float32)
    z = (x + rng.normal(scale=0.3, size=2)).astype(np.float32)
    if kind == 0:    # degenerate: no prior uncertainty, no measurement noise
        P = np.zeros((2, 2), np.float32)
        R = np.zeros((2, 2), np.float32)
    elif kind == 1:  # tiny but nonzero: pinv(S) would be ~1e12
        P = (1e-12 * np.eye(2)).astype(np.float32)
        R = np.zeros((2, 2), np.float32)
    else:
        a = rng.normal(size=(2, 2))
        P = (0.1 * np.eye(2) + 0.05 * a @ a.T).astype(np.float32)
        R = np.diag(rng.uniform(0.01, 0.2, 2)).astype(np.float32)
    return (x, P, R, u, z)


INPUTS = make_inputs


@jax.jit
def reference_fix(x_init, P_init, R, u, z):
    dyn = SimpleDynamics()
    dt = 0.05
    x_hat = x_init + dt * dyn.x_dot(x_init, u)
    F = jax.jacobian(lambda x: dyn.x_dot(x, u).squeeze())(x_hat)
    P = P_init + (F @ P_init + P_init @ F.T + dyn.Q) * dt
    H_x = jnp.eye(2, dtype=x_hat.dtype)
    y = jnp.reshape(z - x_hat, (2, 1))
    S = H_x @ P @ H_x.T + R[:2, :2]
    S_inv = jnp.where(jnp.linalg.norm(S) < 1e-8, jnp.zeros_like(S), jnp.linalg.pinv(S))
    K = P @ H_x.T @ S_inv
    x_hat = x_hat + (K @ y).reshape(x_hat.shape)
    P = (jnp.eye(2) - K @ H_x) @ P
    return x_hat, P
