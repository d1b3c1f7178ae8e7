"""Hex-grid river walker of a JAX Civ-V-style map generator: six-way if/elif on the flow direction, nested turn and row-parity branches, tuple outputs.

source: JAX strategy-game map generator module "The generation process is roughly based on the LekMod map script" (imports game.resources, game.natural_wonders, utils.maths; function translate_edge_over_hexes), file text in the public code index as id 1718637995; repository not resolved
error: TracerBoolConversionError
category: if-elif-chain-on-traced-int
expect: fix
notes: translate_edge_over_hexes is verbatim, including its quirk in the SW branch (the "Turning left to S" test is a plain `if`, so the "initial conditions" result is always overwritten) and the `raise ValueError` fallback; the rest of the 130 kB module (landmask/elevation/terrain generation, do_river_improved, which calls this function once per river step) is dropped. `f = jax.jit(translate_edge_over_hexes)` is added as the entry point so the direction, the candidate edge and the (x, y) tile are traced; inputs keep previous_direction in 0..5 so the raise is never reached, with new_temp_edge equal to the flow direction a third of the time and both row parities.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


# We need a way to translate from the previous river onto the current river
def translate_edge_over_hexes(previous_direction, new_temp_edge, prev_xy):
    """
    This function translates "as the river flows" to connected hex tiles, and returns the [x,y] position 
    of all tiles that the river touches.

    We will always follow the rightmost-hex are the "leader" (x,y)  and the leftmost-hex as the "adjacent" (x,y)

    Returns:
        translated_edge_leader, xy_leader, translated_edge_adj, xy_adj

    """
    # River flowing north
    if previous_direction == 0:
        # north initial conditions
        if new_temp_edge == previous_direction:
            edge_leader = 0
            xy_leader = prev_xy
            edge_adj = 3
            xy_adj = (prev_xy[0] - 1, prev_xy[1])
        
        # Turning left to NW
        elif new_temp_edge == 5:
            edge_leader = 2
            edge_adj = 5

            if prev_xy[1] % 2 == 0:
                xy_leader = (prev_xy[0] - 1, prev_xy[1] - 1)

            else:
                xy_leader = (prev_xy[0], prev_xy[1] - 1)
            
            xy_adj = (prev_xy[0] - 1, prev_xy[1])
        
        # Turning right to NE
        else:
            edge_leader = 1
            edge_adj = 4

            if prev_xy[1] % 2 == 0:
                xy_leader = prev_xy
                xy_adj = (prev_xy[0] - 1, prev_xy[1] - 1)

            else:
                xy_leader = prev_xy
                xy_adj = (prev_xy[0], prev_xy[1] - 1)

    # River flowing NE
    elif previous_direction == 1:
        # NE initial conditions
        if new_temp_edge == previous_direction:
            edge_leader = 1
            xy_leader = prev_xy
            edge_adj = 4

            if prev_xy[1] % 2 == 0:
                xy_adj = (prev_xy[0] - 1, prev_xy[1] - 1)
            else:
                xy_adj = (prev_xy[0], prev_xy[1] - 1)
        
        # Turning left to N
        elif new_temp_edge == 0:
            edge_leader = 0
            edge_adj = 3

            if prev_xy[1] % 2 == 0:
                xy_leader = (prev_xy[0], prev_xy[1] - 1)
                xy_adj = (prev_xy[0] - 1, prev_xy[1] - 1)
            else:
                xy_leader = (prev_xy[0] + 1, prev_xy[1] - 1)
                xy_adj = (prev_xy[0], prev_xy[1] - 1)
        
        # Turning right to SE
        else:
            edge_leader = 2
            edge_adj = 5

            if prev_xy[1] % 2 == 0:
                xy_leader = (prev_xy[0], prev_xy[1] - 1)
                xy_adj = (prev_xy[0], prev_xy[1])   
            else:
                xy_leader = (prev_xy[0] + 1, prev_xy[1] - 1)
                xy_adj = (prev_xy[0], prev_xy[1])

    # River flowing SE
    elif previous_direction == 2:
        # SE initial conditions
        if new_temp_edge == previous_direction:
            edge_leader = 2
            edge_adj = 5
            
            if prev_xy[1] % 2 == 0:
                xy_leader = (prev_xy[0], prev_xy[1])
                xy_adj = (prev_xy[0] - 1, prev_xy[1] + 1)
            else:
                xy_leader = (prev_xy[0], prev_xy[1])
                xy_adj = (prev_xy[0], prev_xy[1] + 1)
        
        # Turning left to NE
        elif new_temp_edge == 1:
            edge_leader = 1
            edge_adj = 4

            if prev_xy[1] % 2 == 0:
                xy_leader = (prev_xy[0], prev_xy[1] + 1)
                xy_adj = (prev_xy[0], prev_xy[1])
            else:
                xy_leader = (prev_xy[0] + 1, prev_xy[1] + 1)
                xy_adj = (prev_xy[0], prev_xy[1])
        
        # Turning right to S
        else:
            edge_leader = 0
            edge_adj = 3

            if prev_xy[1] % 2 == 0:
                xy_leader = (prev_xy[0], prev_xy[1] + 1)
                xy_adj = (prev_xy[0] - 1, prev_xy[1] + 1)
            else:
                xy_leader = (prev_xy[0] + 1, prev_xy[1] + 1)
                xy_adj = (prev_xy[0], prev_xy[1] + 1)

    # River flowing S
    elif previous_direction == 3:
        # S initial conditions
        if new_temp_edge == previous_direction:
            edge_leader = 0
            edge_adj = 3

            if prev_xy[1] % 2 == 0:
                xy_leader = (prev_xy[0] + 1, prev_xy[1])
                xy_adj = (prev_xy[0], prev_xy[1])
            else:
                xy_leader = (prev_xy[0] + 1, prev_xy[1])
                xy_adj = (prev_xy[0], prev_xy[1])
        
        # Turn left to SE
        elif new_temp_edge == 2:
            edge_leader = 2
            edge_adj = 5

            if prev_xy[1] % 2 == 0:
                xy_leader = (prev_xy[0], prev_xy[1])
                xy_adj = (prev_xy[0] - 1, prev_xy[1] + 1)
            else:
                xy_leader = (prev_xy[0], prev_xy[1])
                xy_adj = (prev_xy[0], prev_xy[1] + 1)

        # Turn right to SW
        else:
            edge_leader = 1
            edge_adj = 4

            if prev_xy[1] % 2 == 0:
                xy_leader = (prev_xy[0] - 1, prev_xy[1] + 1)
                xy_adj = (prev_xy[0] - 1, prev_xy[1])
            else:
                xy_leader = (prev_xy[0], prev_xy[1] + 1)
                xy_adj = (prev_xy[0] - 1, prev_xy[1])

    # River flowing SW
    elif previous_direction == 4:
        # SW initial conditions
        if new_temp_edge == previous_direction:
            edge_leader = 1
            edge_adj = 4

            if prev_xy[1] % 2 == 0:
                xy_leader = (prev_xy[0], prev_xy[1])
                xy_adj = (prev_xy[0], prev_xy[1])
            else:
                xy_leader = (prev_xy[0], prev_xy[1])
                xy_adj = (prev_xy[0], prev_xy[1])

        # Turning left to S
        if new_temp_edge == 3:
            edge_leader = 0
            edge_adj = 3

            if prev_xy[1] % 2 == 0:
                xy_leader = (prev_xy[0], prev_xy[1])
                xy_adj = (prev_xy[0] - 1, prev_xy[1])
            else:
                xy_leader = (prev_xy[0], prev_xy[1])
                xy_adj = (prev_xy[0] - 1, prev_xy[1])
        
        # Turning right to NW
        else:
            edge_leader = 2
            edge_adj = 5

            if prev_xy[1] % 2 == 0:
                xy_leader = (prev_xy[0] - 1, prev_xy[1] - 1)
                xy_adj = (prev_xy[0] - 1, prev_xy[1])
            else:
                xy_leader = (prev_xy[0], prev_xy[1] - 1)
                xy_adj = (prev_xy[0] - 1, prev_xy[1])

    # River flowing NW
    elif previous_direction == 5:
        # NW initial conditions
        if new_temp_edge == previous_direction:
            edge_leader = 2
            edge_adj = 5

            if prev_xy[1] % 2 == 0:
                xy_leader = (prev_xy[0], prev_xy[1] - 1)
                xy_adj = (prev_xy[0], prev_xy[1])
            else:
                xy_leader = (prev_xy[0] + 1, prev_xy[1] - 1)
                xy_adj = (prev_xy[0], prev_xy[1])

        # Turning left to SW
        elif new_temp_edge  == 4:
            edge_leader = 1
            edge_adj = 4

            if prev_xy[1] % 2 == 0:
                xy_leader = (prev_xy[0] - 1, prev_xy[1] + 1)
                xy_adj = (prev_xy[0] - 1, prev_xy[1])
            else:
                xy_leader = (prev_xy[0], prev_xy[1] + 1)
                xy_adj = (prev_xy[0] - 1, prev_xy[1])

        # Turning right to N
        else:
            edge_leader = 0
            edge_adj = 3

            if prev_xy[1] % 2 == 0:
                xy_leader = (prev_xy[0], prev_xy[1])
                xy_adj = (prev_xy[0] - 1, prev_xy[1])
            else:
                xy_leader = (prev_xy[0], prev_xy[1])
                xy_adj = (prev_xy[0] - 1, prev_xy[1])

    else:
        raise ValueError("Should never be here.")
                
    return edge_leader, xy_leader, edge_adj, xy_adj


f = jax.jit(translate_edge_over_hexes)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    prev_dir = int(rng.integers(0, 6))
    new_edge = prev_dir if rng.random() < 1 / 3 else int(rng.integers(0, 6))
    x = int(rng.integers(2, 40))
    y = int(rng.integers(2, 30))
    return (np.int32(prev_dir), np.int32(new_edge), (np.int32(x), np.int32(y)))


INPUTS = make_inputs


# Hand-written table version: (direction, branch, parity) -> edges and tile offsets.
# branch 0 = straight on, 1 = the "left" test, 2 = otherwise.
_LEFT = (5, 0, 1, 2, 3, 4)
_EDGES = {  # direction: [(edge_leader, edge_adj) for branch 0, 1, 2]
    0: [(0, 3), (2, 5), (1, 4)],
    1: [(1, 4), (0, 3), (2, 5)],
    2: [(2, 5), (1, 4), (0, 3)],
    3: [(0, 3), (2, 5), (1, 4)],
    4: [(0, 3), (0, 3), (2, 5)],   # SW: branch 0 falls through to the `if new_temp_edge == 3` test
    5: [(2, 5), (1, 4), (0, 3)],
}
_OFFS = {  # direction: [branch][parity] = (leader dx, dy, adj dx, dy)
    0: [[(0, 0, -1, 0), (0, 0, -1, 0)], [(-1, -1, -1, 0), (0, -1, -1, 0)], [(0, 0, -1, -1), (0, 0, 0, -1)]],
    1: [[(0, 0, -1, -1), (0, 0, 0, -1)], [(0, -1, -1, -1), (1, -1, 0, -1)], [(0, -1, 0, 0), (1, -1, 0, 0)]],
    2: [[(0, 0, -1, 1), (0, 0, 0, 1)], [(0, 1, 0, 0), (1, 1, 0, 0)], [(0, 1, -1, 1), (1, 1, 0, 1)]],
    3: [[(1, 0, 0, 0), (1, 0, 0, 0)], [(0, 0, -1, 1), (0, 0, 0, 1)], [(-1, 1, -1, 0), (0, 1, -1, 0)]],
    4: [[(0, 0, -1, 0), (0, 0, -1, 0)], [(0, 0, -1, 0), (0, 0, -1, 0)], [(-1, -1, -1, 0), (0, -1, -1, 0)]],
    5: [[(0, -1, 0, 0), (1, -1, 0, 0)], [(-1, 1, -1, 0), (0, 1, -1, 0)], [(0, 0, -1, 0), (0, 0, -1, 0)]],
}
_EDGE_TAB = jnp.array([_EDGES[d] for d in range(6)], dtype=jnp.int32)        # (6, 3, 2)
_OFF_TAB = jnp.array([_OFFS[d] for d in range(6)], dtype=jnp.int32)          # (6, 3, 2, 4)


@jax.jit
def reference_fix(previous_direction, new_temp_edge, prev_xy):
    d = previous_direction
    left = jnp.array(_LEFT, dtype=jnp.int32)[d]
    # SW (4): the left test (== 3) decides alone; elsewhere straight-on wins first
    branch = jnp.where(d == 4,
                       jnp.where(new_temp_edge == 3, 1, 2),
                       jnp.where(new_temp_edge == d, 0, jnp.where(new_temp_edge == left, 1, 2)))
    parity = prev_xy[1] % 2
    e = _EDGE_TAB[d, branch]
    o = _OFF_TAB[d, branch, parity]
    x, y = prev_xy
    return e[0], (x + o[0], y + o[1]), e[1], (x + o[2], y + o[3])
