"""Six-player poker betting round: a Python `for` with `break` on traced pot/turn state and a history list of `int(action)`.

source: public JAX poker-bot module importing `poker_bot.evaluator.HandEvaluator` (code-index file id 12996333812; GameState pytree, create_initial_state, get_legal_actions, step, _deal_community_cards, run_betting_round, play_game, resolve_showdown, batch_play_game); a later stored revision (id 12939516569) rewrites run_betting_round as a lax.while_loop without the history. The index does not name the repository or commit.
error: TracerBoolConversionError
category: for-break-on-traced-state
expect: report
notes: The "hybrid orchestration (Python loops, no JIT)" part of the module: run_betting_round breaks out of
  a `for _ in range(30)` when `num_active <= 1` or `all_acted and bets_settled` (traced bools), converts each
  sampled action with `int(action)` and returns the list of actions taken, whose length depends on the
  sampled play. Under jit the list length is data-dependent, so there is no rewrite with the same output
  structure; the leak should be reported. Verbatim apart from dropping the hand evaluator import and the
  showdown/batch functions that use it; `f` (jit of create_initial_state + run_betting_round) is the entry point.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np
from jax import Array
from dataclasses import dataclass
from jax.tree_util import register_pytree_node_class

# --- Constantes y Wrapper de Evaluador ---
MAX_GAME_LENGTH = 60

# --- Estructura de Datos (Pytree) ---
@register_pytree_node_class
@dataclass(frozen=True)
class GameState:
    stacks: Array
    bets: Array
    player_status: Array
    hole_cards: Array
    community_cards: Array
    current_player_idx: Array
    street: Array
    pot_size: Array
    deck: Array
    deck_pointer: Array
    num_players_acted_this_round: Array
    
    def tree_flatten(self):
        children = (self.stacks, self.bets, self.player_status, self.hole_cards,
                    self.community_cards, self.current_player_idx, self.street,
                    self.pot_size, self.deck, self.deck_pointer,
                    self.num_players_acted_this_round)
        aux_data = None
        return (children, aux_data)

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        return cls(*children)

# --- Unidades de Trabajo Compiladas con JIT ---
@jax.jit
def create_initial_state(key: Array) -> GameState:
    deck = jnp.arange(52, dtype=jnp.int8)
    key, subkey = jax.random.split(key)
    shuffled_deck = jax.random.permutation(subkey, deck)
    hole_cards = shuffled_deck[:12].reshape((6, 2))
    
    stacks = jnp.full((6,), 1000.0)
    bets = jnp.zeros((6,)).at[0].set(5.0).at[1].set(10.0)
    stacks = stacks.at[0].add(-5.0).at[1].add(-10.0)
    
    return GameState(
        stacks=stacks, bets=bets, player_status=jnp.zeros((6,), dtype=jnp.int8),
        hole_cards=hole_cards, community_cards=jnp.full((5,), -1, dtype=jnp.int8),
        current_player_idx=jnp.array([2], dtype=jnp.int8), street=jnp.array([0], dtype=jnp.int8),
        pot_size=jnp.array([15.0]), deck=shuffled_deck,
        deck_pointer=jnp.array([12]), num_players_acted_this_round=jnp.array([0])
    )

@jax.jit
def get_legal_actions(state: GameState, num_actions: int = 14) -> Array:
    mask = jnp.zeros(num_actions, dtype=jnp.bool_)
    player_idx = state.current_player_idx[0]
    status = state.player_status[player_idx]
    can_act = (status == 0)
    mask = mask.at[0].set(can_act)
    current_bet = state.bets[player_idx]
    max_bet = jnp.max(state.bets)
    can_check = (current_bet == max_bet)
    mask = mask.at[1].set(can_check & can_act)
    to_call = max_bet - current_bet
    can_call = (to_call > 0) & (state.stacks[player_idx] >= to_call)
    mask = mask.at[2].set(can_call & can_act)
    mask = mask.at[3:].set((~can_check) & can_act)
    return mask

@jax.jit
def step(state: GameState, action: int) -> GameState:
    player_idx = state.current_player_idx[0]

    def _update_turn(s: GameState) -> GameState:
        start_idx = s.current_player_idx[0]
        # Bucle fori_loop es seguro para JIT
        def body_fun(i, current_idx):
            next_idx = (start_idx + 1 + i) % 6
            return jax.lax.cond(s.player_status[next_idx] == 0, lambda: next_idx, lambda: current_idx)
        next_player = jax.lax.fori_loop(0, 6, body_fun, start_idx)
        return GameState(**{**s.__dict__, "current_player_idx": jnp.array([next_player], dtype=jnp.int8)})

    def do_fold(s):
        return GameState(**{**s.__dict__, "player_status": s.player_status.at[player_idx].set(1)})
    def do_check(s):
        return s
    def do_call(s):
        amount = jnp.max(s.bets) - s.bets[player_idx]
        return GameState(**{**s.__dict__, "stacks": s.stacks.at[player_idx].add(-amount), "bets": s.bets.at[player_idx].add(amount), "pot_size": s.pot_size + amount})
    def do_bet_raise(s):
        bet_size = 20.0
        return GameState(**{**s.__dict__, "stacks": s.stacks.at[player_idx].add(-bet_size), "bets": s.bets.at[player_idx].add(bet_size), "pot_size": s.pot_size + bet_size})
        
    state_after_action = jax.lax.switch(
        jnp.clip(action, 0, 3), [do_fold, do_check, do_call, do_bet_raise], state
    )
    return _update_turn(state_after_action)

# --- Orquestación Híbrida (Bucles de Python, sin JIT) ---
def run_betting_round(state: GameState, policy_logits: Array, key: Array):
    history_in_round = []
    for _ in range(30):
        num_active = jnp.sum(state.player_status == 0)
        if num_active <= 1: break
        
        player_idx = state.current_player_idx[0]
        all_acted = (state.num_players_acted_this_round[0] >= num_active)
        bets_settled = (state.bets[player_idx] == jnp.max(state.bets))
        
        # Corregir la condición de parada para la primera acción
        if all_acted and bets_settled: break

        logits = policy_logits[player_idx]
        legal_mask = get_legal_actions(state) # Llama a la función JIT
        masked_logits = jnp.where(legal_mask, logits, -1e9)
        key, subkey = jax.random.split(key)
        action = jax.random.categorical(subkey, masked_logits)
        
        history_in_round.append(int(action))
        state_after_action = step(state, action) # Llama a la función JIT
        
        is_aggressive = (action >= 3)
        num_acted = 1 if is_aggressive else state.num_players_acted_this_round[0] + 1
        state = GameState(**{**state_after_action.__dict__, "num_players_acted_this_round": jnp.array([num_acted])})
        
    final_state = GameState(**{**state.__dict__, "num_players_acted_this_round": jnp.array([0])})
    return final_state, history_in_round


@jax.jit
def f(key, policy_logits):
    state = create_initial_state(key)
    return run_betting_round(state, policy_logits, key)
# --- end user code ---


def make_inputs(rng):
    key = np.array([0, rng.integers(0, 2**31 - 1)], dtype=np.uint32)
    logits = rng.normal(size=(6, 14)).astype(np.float32)
    logits[:, 0] += rng.uniform(-3, 3)  # vary how often players fold
    return (key, logits)


INPUTS = make_inputs
