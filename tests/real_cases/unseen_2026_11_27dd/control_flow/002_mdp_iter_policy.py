"""Tabular policy iteration: nested Python loops with `break` on traced convergence tests (jnp.allclose, delta < theta).

source: shiukaheng/rl-david-silver-2015 src/rl_david_silver_2015/iter_policy.py at 2605e082f320cfb0d9aaedf65ad0c6c342b626bf (iter_policy; code-index file id 46555475416), with MDP / create_random_policy from src/rl_david_silver_2015/mdp.py at the same commit (id 46815190145) and eval_policy_vectorized from src/rl_david_silver_2015/.unorganized/eval_policy.py at 6b94042b2b2ca06983e83c8766a5db0a11b4352a (id 47007095740)
error: TracerBoolConversionError
category: loop-break-on-traced-convergence
expect: fix
notes: iter_policy, eval_policy_vectorized, the MDP NamedTuple (n_states / n_actions properties; validate and the
  iterators dropped) and create_random_policy are verbatim; the package imports are inlined and the jaxtyping
  annotations replaced by plain names. Two leaks: the inner evaluation loop breaks on `delta < theta` and the outer
  loop breaks on `jnp.allclose(new_policy, policy)` (then prints if it never converged). The entry point `f` builds a
  2x3 grid MDP from traced transition/reward tensors (gamma static) and jits iter_policy; the per-state / per-action
  Python loops are over static sizes and are fine.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import NamedTuple, Tuple

import jax
import jax.numpy as jnp

Array = jnp.ndarray


class MDP(NamedTuple):
    """
    A Markov Decision Process (MDP) is defined by a tuple (S, A, P, R, gamma).
    S: set of states
    A: set of actions
    P: transition function
    R: reward function
    gamma: discount factor
    """
    states: Array
    actions: Array
    transition: Array
    reward: Array
    gamma: Array

    @property
    def n_states(self) -> int:
        """
        Number of states in the MDP.
        """
        return self.states.shape[0] * self.states.shape[1]
    
    @property
    def n_actions(self) -> int:
        """
        Number of actions in the MDP.
        """
        return self.actions.shape[0]

Policy = Array

def create_random_policy(mdp: MDP) -> Policy:
    """
    Create a random policy for the given MDP.
    The policy is a matrix of shape (n_states, n_actions) where each row sums to 1.
    """
    n_states, n_actions = mdp.transition.shape[0], mdp.transition.shape[1]
    policy = jax.random.uniform(jax.random.PRNGKey(0), (n_states, n_actions))
    policy /= jnp.sum(policy, axis=1, keepdims=True)
    return policy


def eval_policy_vectorized(mdp: MDP, policy: Policy, theta=1e-10, max_iters=1000) -> Array:
    """
    Iterative Policy Evaluation: Fully vectorized version without loops.
    """
    V = jnp.zeros(mdp.n_states)

    for i in range(max_iters):
        # Compute the expected immediate reward: Rπ[s] = ∑_a π(a|s) * R[s,a]
        R_pi = jnp.sum(policy * mdp.reward, axis=1)  # shape: (n_states,)

        # Compute Pπ[s, s'] = ∑_a π(a|s) * P[s, a, s']
        P_pi = jnp.einsum("ia,ias->is", policy, mdp.transition)  # shape: (n_states, n_states)

        # Bellman update: V_new = R_pi + γ * P_pi @ V
        V_new = R_pi + mdp.gamma * P_pi @ V

        delta = jnp.max(jnp.abs(V_new - V))
        V = V_new
        if delta < theta:
            break

    return V


def iter_policy(mdp: MDP, theta=1e-10, max_iters=1000) -> Tuple[Policy, Array]:
    """
    Full Policy Iteration: iterates evaluation and greedy improvement until convergence.
    Returns:
    - Optimal policy π*
    - Corresponding value function V*
    """
    # Start with a random policy
    policy = create_random_policy(mdp)
    policy_stable = False

    for iteration in range(max_iters):
        # Policy Evaluation
        V = eval_policy_vectorized(mdp, policy, theta)

        # Policy Improvement
        new_policy = jnp.zeros_like(policy)

        for s in range(mdp.n_states):
            q_sa = jnp.zeros(mdp.n_actions)
            for a in range(mdp.n_actions):
                p_sas = mdp.transition[s, a]  # shape: (n_states,)
                r_sa = mdp.reward[s, a]
                q_sa = q_sa.at[a].set(jnp.sum(p_sas * (r_sa + mdp.gamma * V)))
            # Greedy improvement: set policy[s] to one-hot of best action
            best_a = jnp.argmax(q_sa)
            new_policy = new_policy.at[s].set(jax.nn.one_hot(best_a, mdp.n_actions))

        # Check if policy has changed
        if jnp.allclose(new_policy, policy):
            policy_stable = True
            break

        policy = new_policy

    if not policy_stable:
        print("⚠️ Policy did not converge within iteration limit.")

    return policy, V


@jax.jit
def f(transition, reward):
    mdp = MDP(states=jnp.zeros((2, 3)), actions=jnp.arange(4),
              transition=transition, reward=reward, gamma=0.9)
    return iter_policy(mdp)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    S, A = 6, 4
    logits = rng.normal(size=(S, A, S)) * 2.0
    transition = np.exp(logits)
    transition /= transition.sum(axis=-1, keepdims=True)
    reward = rng.normal(size=(S, A))
    return (transition.astype(np.float32), reward.astype(np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(transition, reward):
    gamma = 0.9
    theta = 1e-10
    max_iters = 1000
    S, A = transition.shape[0], transition.shape[1]
    policy0 = jax.random.uniform(jax.random.PRNGKey(0), (S, A))
    policy0 = policy0 / jnp.sum(policy0, axis=1, keepdims=True)

    def evaluate(policy):
        R_pi = jnp.sum(policy * reward, axis=1)
        P_pi = jnp.einsum("ia,ias->is", policy, transition)

        def cond(c):
            V, i, done = c
            return (i < max_iters) & ~done

        def body(c):
            V, i, _ = c
            V_new = R_pi + gamma * P_pi @ V
            delta = jnp.max(jnp.abs(V_new - V))
            return V_new, i + 1, delta < theta

        V, _, _ = jax.lax.while_loop(cond, body, (jnp.zeros(S), 0, False))
        return V

    def improve(V):
        q = jnp.sum(transition * (reward[:, :, None] + gamma * V[None, None, :]), axis=-1)
        return jax.nn.one_hot(jnp.argmax(q, axis=1), A)

    def cond(c):
        policy, V, i, done = c
        return (i < max_iters) & ~done

    def body(c):
        policy, _, i, _ = c
        V = evaluate(policy)
        new_policy = improve(V)
        stable = jnp.allclose(new_policy, policy)
        policy = jnp.where(stable, policy, new_policy)
        return policy, V, i + 1, stable

    policy, V, _, _ = jax.lax.while_loop(cond, body, (policy0, jnp.zeros(S), 0, False))
    return policy, V
