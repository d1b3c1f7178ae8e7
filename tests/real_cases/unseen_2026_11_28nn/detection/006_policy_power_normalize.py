"""Policy.apply_power_normalize: a stateful method with an early `return` on a traced sum.

source: AlphaZero board-game player module in the public code index (code-index file id
    69495196862: board encoding helpers, class Policy with move_to_policy_index,
    policy_index_to_move, set_logits, set_logits_from_moves, mask_non_legal_moves, apply_softmax,
    apply_power_normalize, get_move_probability, get_best_move, sample_move; class A0Player with
    select_move); the index does not name the repository or commit.
error: TracerBoolConversionError
category: method-branches-on-traced-attribute
expect: fix
notes: The leak hides in a mutating method: `if jnp.sum(self.policy) == 0: return ...` reads the
    object's traced `policy` attribute. Note the early return leaves `self.policy` as the
    -inf-cleaned counts (all zeros) and only returns the uniform vector, which A0Player.select_move
    ignores; the case keeps that behaviour (the caller reads `p.policy`). Policy is kept verbatim
    except set_logits_from_moves / mask_non_legal_moves / get_move_probability(ies) / sample_move
    and the board encoders, which need the game's Move and Board classes (not in the file);
    get_best_move's policy_index_to_move returns a Move, so the entry point takes jnp.argmax itself.
    The entry point `f` follows select_move: policy from visit counts where illegal moves are
    already -inf, apply_power_normalize(tau), then the policy and its best index. Inputs include
    all-zero visit counts (the early-return branch).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class Policy:
    def __init__(self, board_size: int):
        self.board_size = board_size
        self.policy = jnp.zeros((board_size ** 4,), dtype=jnp.float32)

    def set_logits(self, logits: jnp.ndarray) -> None:
        '''
        Initializes the policy distribution with the given logits
        The logits are expected to be a 1D array of shape (BOARD_SIZE**4,).
        '''
        assert logits.shape[0] == self.board_size ** 4, \
            f"Expected logits shape ({self.board_size ** 4},), but got {logits.shape}."
        self.policy = logits

    def apply_softmax(self) -> None:
        '''
        Applies the softmax function to the logits to get the policy distribution.
        '''
        self.policy = jax.nn.softmax(self.policy)

    def apply_power_normalize(self, tau: float) -> None:
        '''
        Computes the AlphaZero-style softmax over visit counts.
        Args:
            tau (float): Temperature parameter (τ). Lower values → more deterministic.
        '''
        # remove -inf values (non-legal moves)
        # this normalization is necessary to avoid NaNs
        self.policy = jnp.where(self.policy == -jnp.inf, 0.0, self.policy)

        # Avoid divide-by-zero or NaNs if all counts are zero
        if jnp.sum(self.policy) == 0:
            return jnp.ones_like(self.policy) / self.policy.size

        # Apply the (1/τ) power transform
        powered = self.policy ** (1.0 / tau)

        # Normalize to form a probability distribution
        self.policy = powered / jnp.sum(powered)


BOARD_SIZE = 3


def mcts_policy(visit_counts, tau):
    p = Policy(BOARD_SIZE)
    p.set_logits(visit_counts)
    p.apply_power_normalize(tau)
    return p.policy, jnp.argmax(p.policy)


f = jax.jit(mcts_policy)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = BOARD_SIZE ** 4
    counts = rng.integers(0, 50, size=(n,)).astype(np.float32)
    if rng.random() < 0.3:
        counts = np.zeros((n,), np.float32)          # no visits: early-return branch
    illegal = rng.random(n) < 0.6
    counts[illegal] = -np.inf
    tau = float(rng.choice([1.0, 0.5, 2.0]))
    return (counts, tau)


INPUTS = make_inputs


@jax.jit
def reference_fix(visit_counts, tau):
    policy = jnp.where(visit_counts == -jnp.inf, 0.0, visit_counts)
    total = jnp.sum(policy)
    powered = policy ** (1.0 / tau)
    normed = powered / jnp.where(total == 0, 1.0, jnp.sum(powered))
    policy = jnp.where(total == 0, policy, normed)
    return policy, jnp.argmax(policy)
