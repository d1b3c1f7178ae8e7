"""ContinualGo.sample_legal_action: `weights.at[mask].set(0.)` in a nested helper of a method, called before and inside lax.while_loop.

source: public JAX "continual Go" environment (class ContinualGo(PyTreeNode) with step/count_liberties/sample_legal_action/legal_actions; code-index files 54139179733 and 56865026072, repository not named by the index). normalize_and_sample keeps the pre-fix line as a comment above its replacement: `# weights = weights.at[mask].set(0.)` / `weights = jnp.where(mask, jnp.zeros_like(weights), weights)`
error: NonConcreteBooleanIndexError
category: mask-at-set-in-method-closure
expect: fix
notes: the pre-fix line restored in normalize_and_sample; everything else in step, count_liberties and sample_legal_action verbatim. flax.struct.dataclass/PyTreeNode are replaced by a frozen dataclass registered with jax.tree_util.register_dataclass (State) and a plain class holding the static `size`/`k` (the game object is closed over, as a static pytree node would be); `state.replace` becomes dataclasses.replace; jaxtyping annotations dropped. `f` (jitted) builds the State from its arrays and samples one action on a 5x5 board with k=4.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class State:
    board: jax.Array
    turn: jax.Array  # -1 (black) or +1 (white)
    prev_boards: jax.Array  # [board_{t-2}, board_{t-1}]

    def replace(self, **kw):
        return dataclasses.replace(self, **kw)


jax.tree_util.register_dataclass(State, data_fields=["board", "turn", "prev_boards"], meta_fields=[])


def _adjacent4(mask: jax.Array) -> jax.Array:
    """For each cell, whether it is adjacent (4-neighborhood) to any True cell."""
    from_up = jnp.pad(mask[:-1, :], ((1, 0), (0, 0)))
    from_down = jnp.pad(mask[1:, :], ((0, 1), (0, 0)))
    from_left = jnp.pad(mask[:, :-1], ((0, 0), (1, 0)))
    from_right = jnp.pad(mask[:, 1:], ((0, 0), (0, 1)))
    return from_up | from_down | from_left | from_right


class ContinualGo:
    def __init__(self, size: int, k: int):
        self.size = size
        self.k = k  # max number of stones per player

    def step(self, state, action):
        n = self.size
        action = jnp.minimum(jnp.array((n * n - 1)), action)  # no pass allowed

        # update board history
        prev_boards = state.prev_boards.at[0].set(state.prev_boards[1])
        prev_boards = prev_boards.at[1].set(state.board)

        # update stone time counts
        board = state.board
        new_board = jax.lax.cond(
            state.turn == -1,
            lambda: jnp.where(board < 0, board - 1, board),
            lambda: jnp.where(board > 0, board + 1, board),
        )

        # set the new stone according to action
        i = action // n
        j = action - n * i
        new_board = new_board.at[i, j].set(state.turn)

        # count the liberties of each stone
        # TODO optimize: only count opponent's liberties, not whole board
        coords = jnp.stack(jnp.indices((self.size, self.size)), axis=-1).reshape(
            -1, 2
        )
        liberties = jax.vmap(self.count_liberties, in_axes=(None, 0, 0))(
            new_board, coords[:, 0], coords[:, 1]
        )
        liberties = liberties.reshape((n, n))

        # check captured stones (& update board): opponent's stones with 0 liberties
        captured = (jnp.sign(new_board) == (-1 * state.turn)) & (liberties == 0)
        new_board = jnp.where(captured, jnp.zeros_like(board, dtype=int), new_board)

        reward = captured.sum()

        def remove_stone(player):
            fb = new_board.reshape(-1)
            return jax.lax.cond(
                player > 0,
                lambda: fb.at[jnp.argmax(fb)].set(0),
                lambda: fb.at[jnp.argmin(fb)].set(0),
            ).reshape((n, n))

        # check if the opponent has more than K-1 stones, and remove the oldest in that case
        opponent = -1 * state.turn
        new_board = jax.lax.cond(
            (jnp.sign(new_board) == opponent).sum() > (self.k - 1),
            lambda: remove_stone(opponent),
            lambda: new_board,
        )

        return state.replace(
            board=new_board,
            turn=opponent,
            prev_boards=prev_boards,
        ), reward

    def count_liberties(self, board, i, j):
        stone = board[i, j]

        def on_empty(_):
            return jnp.int32(0)

        def on_stone(_):
            color = jnp.sign(stone)  # +1 or -1
            same_color = jnp.sign(board) == color

            group0 = jnp.zeros(board.shape, dtype=jnp.bool_)
            group0 = group0.at[i, j].set(True)

            def cond_fn(state):
                group, changed = state
                return changed

            def body_fn(state):
                group, _ = state
                expanded = group | (_adjacent4(group) & same_color)
                changed = jnp.any(expanded != group)
                return expanded, changed

            group, _ = jax.lax.while_loop(cond_fn, body_fn, (group0, jnp.bool_(True)))

            liberties_mask = _adjacent4(group) & (board == 0)
            return liberties_mask.sum(dtype=jnp.int32)

        return jax.lax.cond(stone == 0, on_empty, on_stone, operand=None)

    def sample_legal_action(self, key, state, weights, eps=1e-5):
        weights += eps

        def normalize_and_sample(key, weights, mask):
            weights = weights.at[mask].set(0.)
            probs = weights / weights.sum()
            logits = jnp.maximum(jnp.log(probs), jnp.finfo(probs.dtype).min)
            return jax.random.categorical(key, logits=logits, axis=-1)


        def cond(carry):
            _, action, mask = carry
            i = action // self.size
            j = action - self.size * i
            # simulate playing this action
            new_state, _rwd = self.step(state, action)
            # liberties of the newly played stone
            played_libs = self.count_liberties(new_state.board, i, j)
            suicide = played_libs == 0
            # check if new state is repeats board history
            repeats_board = (jnp.sign(state.prev_boards[1]) == jnp.sign(new_state.board)).all()
            return repeats_board | suicide  # True if action is illegal

        def try_again(carry):
            key, failed_action, mask = carry
            mask = mask.at[failed_action].set(False)
            key, _key = jax.random.split(key)
            action = normalize_and_sample(_key, weights, mask)
            return (key, action, mask)


        key_init, key_loop = jax.random.split(key)
        # set illegal moves (now, occupied positions) to True
        init_mask = (state.board != 0).reshape(-1)
        # sample first action candidate
        action = normalize_and_sample(key_init, weights, init_mask)

        init_carry = (key_loop, action, init_mask)
        carry = jax.lax.while_loop(cond, try_again, init_carry)
        _, action, _ = carry
        return action


game = ContinualGo(size=5, k=4)


@jax.jit
def f(key, board, turn, prev_boards, weights):
    state = State(board=board, turn=turn, prev_boards=prev_boards)
    return game.sample_legal_action(key, state, weights)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # A 5x5 board with a few stones of each colour (time counts grow with age),
    # the previous board, black or white to move, and random action weights.
    n = 5
    board = np.zeros((n, n), dtype=np.int32)
    cells = rng.choice(n * n, size=int(rng.integers(2, 7)), replace=False)
    for t, c in enumerate(cells):
        board.flat[c] = (-1 if t % 2 == 0 else 1) * (1 + t // 2)
    prev = np.stack([np.zeros((n, n), np.int32), board.copy()])
    prev[1].flat[cells[-1]] = 0
    turn = np.int32(rng.choice([-1, 1]))
    weights = rng.random(size=n * n).astype(np.float32)
    key = np.asarray(jax.random.key_data(jax.random.PRNGKey(int(rng.integers(0, 2**31)))))
    return (key, board, turn, prev, weights)


INPUTS = make_inputs


class _FixedGo(ContinualGo):
    def sample_legal_action(self, key, state, weights, eps=1e-5):
        weights += eps

        def normalize_and_sample(key, weights, mask):
            weights = jnp.where(mask, jnp.zeros_like(weights), weights)
            probs = weights / weights.sum()
            logits = jnp.maximum(jnp.log(probs), jnp.finfo(probs.dtype).min)
            return jax.random.categorical(key, logits=logits, axis=-1)

        def cond(carry):
            _, action, mask = carry
            i = action // self.size
            j = action - self.size * i
            new_state, _rwd = self.step(state, action)
            played_libs = self.count_liberties(new_state.board, i, j)
            suicide = played_libs == 0
            repeats_board = (jnp.sign(state.prev_boards[1]) == jnp.sign(new_state.board)).all()
            return repeats_board | suicide

        def try_again(carry):
            key, failed_action, mask = carry
            mask = mask.at[failed_action].set(False)
            key, _key = jax.random.split(key)
            action = normalize_and_sample(_key, weights, mask)
            return (key, action, mask)

        key_init, key_loop = jax.random.split(key)
        init_mask = (state.board != 0).reshape(-1)
        action = normalize_and_sample(key_init, weights, init_mask)
        carry = jax.lax.while_loop(cond, try_again, (key_loop, action, init_mask))
        _, action, _ = carry
        return action


_fixed_game = _FixedGo(size=5, k=4)


@jax.jit
def reference_fix(key, board, turn, prev_boards, weights):
    state = State(board=board, turn=turn, prev_boards=prev_boards)
    return _fixed_game.sample_legal_action(key, state, weights)
