"""Slime Volleyball game tick (Particle/Agent classes) with traced if/while/early return.

source: hardmaru/slimevolleygym slimevolleygym/slimevolley.py at 16f17a46dba86c6b5ec46174d38ec50eb843a923 (classes Particle and Agent; the driver follows Game.step). The same physics was later ported to JAX by google/evojax evojax/task/slimevolley.py at 85a7fe7f542c10881b5030d186e57333a28a1aaa, which replaced every `if` by jnp.where ("make if condition work with jax") and the `while(self.isColliding(p))` loop by a fixed 15-step loop ("this was a while loop in the orig code").
error: TracerBoolConversionError
category: class-methods-if-while-early-return
expect: fix
notes: Particle.__init__/move/applyAcceleration/checkEdges/getDist2/isColliding/bounce/limitSpeed and Agent.__init__/setAction/move/update are verbatim (display/updateState/getObservation/lives dropped; `self.state = RelativeState()` dropped from Agent.__init__ since the observation class is unused). Constants copied from the module. `game_step` is Game.step restricted to one tick for given ball/agent states: no DelayScreen, no betweenGameControl, no newMatch/emotion/life bookkeeping after a point (those need host RNG and Python state); it returns the new ball/agent states and the point result. `f = jax.jit(game_step)` added. Under jit the first traced test is `if action[0] > 0` in setAction; then the per-axis `if`s in Agent.update, limitSpeed's `if mag2 > ...` with math.sqrt, the `while(self.isColliding(p))` nudge loop in bounce, and the early `return -1/1` inside checkEdges that skips the ceiling and fence tests.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import math

import jax
import jax.numpy as jnp

# game settings:

REF_W = 24*2
REF_H = REF_W
REF_U = 1.5 # ground height
REF_WALL_WIDTH = 1.0 # wall width
REF_WALL_HEIGHT = 3.5
PLAYER_SPEED_X = 10*1.75
PLAYER_SPEED_Y = 10*1.35
MAX_BALL_SPEED = 15*1.5
TIMESTEP = 1/30.
NUDGE = 0.1
FRICTION = 1.0 # 1 means no FRICTION, less means FRICTION
INIT_DELAY_FRAMES = 30
GRAVITY = -9.8*2*1.5

MAXLIVES = 5 # game ends when one agent loses this many games

BALL_COLOR = (217, 79, 0)
AGENT_LEFT_COLOR = (35, 93, 188)
AGENT_RIGHT_COLOR = (255, 236, 0)
FENCE_COLOR = (102, 56, 35)


class Particle:
  """ used for the ball, and also for the round stub above the fence """
  def __init__(self, x, y, vx, vy, r, c):
    self.x = x
    self.y = y
    self.prev_x = self.x
    self.prev_y = self.y
    self.vx = vx
    self.vy = vy
    self.r = r
    self.c = c
  def move(self):
    self.prev_x = self.x
    self.prev_y = self.y
    self.x += self.vx * TIMESTEP
    self.y += self.vy * TIMESTEP
  def applyAcceleration(self, ax, ay):
    self.vx += ax * TIMESTEP
    self.vy += ay * TIMESTEP
  def checkEdges(self):
    if (self.x<=(self.r-REF_W/2)):
      self.vx *= -FRICTION
      self.x = self.r-REF_W/2+NUDGE*TIMESTEP

    if (self.x >= (REF_W/2-self.r)):
      self.vx *= -FRICTION;
      self.x = REF_W/2-self.r-NUDGE*TIMESTEP

    if (self.y<=(self.r+REF_U)):
      self.vy *= -FRICTION
      self.y = self.r+REF_U+NUDGE*TIMESTEP
      if (self.x <= 0):
        return -1
      else:
        return 1
    if (self.y >= (REF_H-self.r)):
      self.vy *= -FRICTION
      self.y = REF_H-self.r-NUDGE*TIMESTEP
    # fence:
    if ((self.x <= (REF_WALL_WIDTH/2+self.r)) and (self.prev_x > (REF_WALL_WIDTH/2+self.r)) and (self.y <= REF_WALL_HEIGHT)):
      self.vx *= -FRICTION
      self.x = REF_WALL_WIDTH/2+self.r+NUDGE*TIMESTEP

    if ((self.x >= (-REF_WALL_WIDTH/2-self.r)) and (self.prev_x < (-REF_WALL_WIDTH/2-self.r)) and (self.y <= REF_WALL_HEIGHT)):
      self.vx *= -FRICTION
      self.x = -REF_WALL_WIDTH/2-self.r-NUDGE*TIMESTEP
    return 0;
  def getDist2(self, p): # returns distance squared from p
    dy = p.y - self.y
    dx = p.x - self.x
    return (dx*dx+dy*dy)
  def isColliding(self, p): # returns true if it is colliding w/ p
    r = self.r+p.r
    return (r*r > self.getDist2(p)) # if distance is less than total radius, then colliding.
  def bounce(self, p): # bounce two balls that have collided (this and that)
    abx = self.x-p.x
    aby = self.y-p.y
    abd = math.sqrt(abx*abx+aby*aby)
    abx /= abd # normalize
    aby /= abd
    nx = abx # reuse calculation
    ny = aby
    abx *= NUDGE
    aby *= NUDGE
    while(self.isColliding(p)):
      self.x += abx
      self.y += aby
    ux = self.vx - p.vx
    uy = self.vy - p.vy
    un = ux*nx + uy*ny
    unx = nx*(un*2.) # added factor of 2
    uny = ny*(un*2.) # added factor of 2
    ux -= unx
    uy -= uny
    self.vx = ux + p.vx
    self.vy = uy + p.vy
  def limitSpeed(self, minSpeed, maxSpeed):
    mag2 = self.vx*self.vx+self.vy*self.vy;
    if (mag2 > (maxSpeed*maxSpeed) ):
      mag = math.sqrt(mag2)
      self.vx /= mag
      self.vy /= mag
      self.vx *= maxSpeed
      self.vy *= maxSpeed

    if (mag2 < (minSpeed*minSpeed) ):
      mag = math.sqrt(mag2)
      self.vx /= mag
      self.vy /= mag
      self.vx *= minSpeed
      self.vy *= minSpeed


class Agent:
  """ keeps track of the agent in the game. note this is not the policy network """
  def __init__(self, dir, x, y, c):
    self.dir = dir # -1 means left, 1 means right player for symmetry.
    self.x = x
    self.y = y
    self.r = 1.5
    self.c = c
    self.vx = 0
    self.vy = 0
    self.desired_vx = 0
    self.desired_vy = 0
    self.emotion = "happy"; # hehe...
    self.life = MAXLIVES
  def setAction(self, action):
    forward = False
    backward = False
    jump = False
    if action[0] > 0:
      forward = True
    if action[1] > 0:
      backward = True
    if action[2] > 0:
      jump = True
    self.desired_vx = 0
    self.desired_vy = 0
    if (forward and (not backward)):
      self.desired_vx = -PLAYER_SPEED_X
    if (backward and (not forward)):
      self.desired_vx = PLAYER_SPEED_X
    if jump:
      self.desired_vy = PLAYER_SPEED_Y
  def move(self):
    self.x += self.vx * TIMESTEP
    self.y += self.vy * TIMESTEP
  def update(self):
    self.vy += GRAVITY * TIMESTEP

    if (self.y <= REF_U + NUDGE*TIMESTEP):
      self.vy = self.desired_vy

    self.vx = self.desired_vx*self.dir

    self.move()

    if (self.y <= REF_U):
      self.y = REF_U;
      self.vy = 0;

    # stay in their own half:
    if (self.x*self.dir <= (REF_WALL_WIDTH/2+self.r) ):
      self.vx = 0;
      self.x = self.dir*(REF_WALL_WIDTH/2+self.r)

    if (self.x*self.dir >= (REF_W/2-self.r) ):
      self.vx = 0;
      self.x = self.dir*(REF_W/2-self.r)


def game_step(ball_state, left_state, right_state, action_left, action_right):
  """ one tick of Game.step for the given ball / agent states """
  fenceStub = Particle(0, REF_WALL_HEIGHT, 0, 0, REF_WALL_WIDTH/2, c=FENCE_COLOR);
  ball = Particle(ball_state[0], ball_state[1], ball_state[2], ball_state[3], 0.5, c=BALL_COLOR);
  agent_left = Agent(-1, left_state[0], left_state[1], c=AGENT_LEFT_COLOR)
  agent_left.vx, agent_left.vy = left_state[2], left_state[3]
  agent_right = Agent(1, right_state[0], right_state[1], c=AGENT_RIGHT_COLOR)
  agent_right.vx, agent_right.vy = right_state[2], right_state[3]

  agent_left.setAction(action_left)
  agent_right.setAction(action_right)

  agent_left.update()
  agent_right.update()

  ball.applyAcceleration(0, GRAVITY)
  ball.limitSpeed(0, MAX_BALL_SPEED)
  ball.move()

  if (ball.isColliding(agent_left)):
    ball.bounce(agent_left)
  if (ball.isColliding(agent_right)):
    ball.bounce(agent_right)
  if (ball.isColliding(fenceStub)):
    ball.bounce(fenceStub)

  # negated, since we want reward to be from the persepctive of right agent being trained.
  result = -ball.checkEdges()

  return (jnp.array([ball.x, ball.y, ball.vx, ball.vy]),
          jnp.array([agent_left.x, agent_left.y, agent_left.vx, agent_left.vy]),
          jnp.array([agent_right.x, agent_right.y, agent_right.vx, agent_right.vy]),
          result)


f = jax.jit(game_step)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    """Scenarios chosen so that every branch runs across the 20 trials."""
    kind = int(rng.integers(0, 10)) % 8
    bx, by = rng.uniform(-20, 20), rng.uniform(4, 40)
    bvx, bvy = rng.uniform(-15, 15), rng.uniform(-15, 15)
    lx, ly, lvx, lvy = rng.uniform(-20, -3), 1.5, 0.0, 0.0
    rx, ry, rvx, rvy = rng.uniform(3, 20), 1.5, 0.0, 0.0
    if kind == 0:    # ball about to hit the ground (point scored, early return)
        by, bvy = rng.uniform(1.9, 2.3), rng.uniform(-12, -4)
        bx = rng.choice([-1, 1]) * rng.uniform(3, 20)
    elif kind == 1:  # side walls and ceiling
        bx = rng.choice([-1, 1]) * rng.uniform(23.4, 23.9)
        by = rng.uniform(46.5, 47.9)
        bvx = np.sign(bx) * rng.uniform(5, 15)
        bvy = rng.uniform(5, 15)
    elif kind == 2:  # ball on the left agent (bounce while loop)
        ang = rng.uniform(0.3, 2.8)
        d = rng.uniform(1.0, 1.9)
        lx, ly = rng.uniform(-15, -5), rng.uniform(1.6, 3.0)
        lvy = rng.uniform(-3, 3)
        bx, by = lx + d * np.cos(ang), ly + d * np.sin(ang)
    elif kind == 3:  # ball on the right agent
        ang = rng.uniform(0.3, 2.8)
        d = rng.uniform(1.0, 1.9)
        rx, ry = rng.uniform(5, 15), rng.uniform(1.6, 3.0)
        rvx = rng.uniform(-3, 3)
        bx, by = rx + d * np.cos(ang), ry + d * np.sin(ang)
    elif kind == 4:  # ball on the fence stub
        ang = rng.uniform(0.4, 2.7)
        d = rng.uniform(0.4, 0.95)
        bx, by = d * np.cos(ang), 3.5 + d * np.sin(ang)
        bvx, bvy = rng.uniform(-5, 5), rng.uniform(-8, 0)
    elif kind == 5:  # crossing the fence below its top
        side = rng.choice([-1, 1])
        bx, by = side * rng.uniform(1.05, 1.25), rng.uniform(2.2, 2.9)
        bvx, bvy = -side * rng.uniform(8, 14), rng.uniform(4, 8)
    elif kind == 6:  # too fast: limitSpeed clips
        bvx, bvy = rng.uniform(18, 30) * rng.choice([-1, 1]), rng.uniform(18, 30)
    else:            # agents out of their half / in the air
        lx, ly, lvy = rng.uniform(-1.5, -0.5), rng.uniform(1.5, 4.0), rng.uniform(-5, 5)
        rx, ry, rvy = rng.uniform(22.0, 23.5), rng.uniform(1.5, 4.0), rng.uniform(-5, 5)
    f32 = np.float32
    ball = np.array([bx, by, bvx, bvy], f32)
    left = np.array([lx, ly, lvx, lvy], f32)
    right = np.array([rx, ry, rvx, rvy], f32)
    a_left = rng.integers(0, 2, size=3).astype(f32)
    a_right = rng.integers(0, 2, size=3).astype(f32)
    return (ball, left, right, a_left, a_right)


INPUTS = make_inputs


def _agent_update(d, x, y, vx, vy, action):
    forward = action[0] > 0
    backward = action[1] > 0
    jump = action[2] > 0
    desired_vx = jnp.where(forward & ~backward, -PLAYER_SPEED_X, 0.0)
    desired_vx = jnp.where(backward & ~forward, PLAYER_SPEED_X, desired_vx)
    desired_vy = jnp.where(jump, PLAYER_SPEED_Y, 0.0)
    vy = vy + GRAVITY * TIMESTEP
    vy = jnp.where(y <= REF_U + NUDGE * TIMESTEP, desired_vy, vy)
    vx = desired_vx * d
    x = x + vx * TIMESTEP
    y = y + vy * TIMESTEP
    ground = y <= REF_U
    y = jnp.where(ground, REF_U, y)
    vy = jnp.where(ground, 0.0, vy)
    c = x * d <= (REF_WALL_WIDTH / 2 + 1.5)
    vx = jnp.where(c, 0.0, vx)
    x = jnp.where(c, d * (REF_WALL_WIDTH / 2 + 1.5), x)
    c = x * d >= (REF_W / 2 - 1.5)
    vx = jnp.where(c, 0.0, vx)
    x = jnp.where(c, d * (REF_W / 2 - 1.5), x)
    return x, y, vx, vy


def _bounce_if_colliding(ball, p):
    x, y, vx, vy = ball
    px, py, pvx, pvy, pr = p
    r = 0.5 + pr

    def colliding(xy):
        dy = py - xy[1]
        dx = px - xy[0]
        return r * r > (dx * dx + dy * dy)

    def do_bounce(ball):
        x, y, vx, vy = ball
        abx = x - px
        aby = y - py
        abd = jnp.sqrt(abx * abx + aby * aby)
        abx = abx / abd
        aby = aby / abd
        nx, ny = abx, aby
        abx = abx * NUDGE
        aby = aby * NUDGE
        x, y = lax.while_loop(colliding, lambda xy: (xy[0] + abx, xy[1] + aby), (x, y))
        ux = vx - pvx
        uy = vy - pvy
        un = ux * nx + uy * ny
        ux = ux - nx * (un * 2.)
        uy = uy - ny * (un * 2.)
        return (x, y, ux + pvx, uy + pvy)

    return lax.cond(colliding((x, y)), do_bounce, lambda b: b, (x, y, vx, vy))


def _check_edges(x, y, vx, vy, prev_x):
    r = 0.5
    c = x <= (r - REF_W / 2)
    vx = jnp.where(c, vx * -FRICTION, vx)
    x = jnp.where(c, r - REF_W / 2 + NUDGE * TIMESTEP, x)
    c = x >= (REF_W / 2 - r)
    vx = jnp.where(c, vx * -FRICTION, vx)
    x = jnp.where(c, REF_W / 2 - r - NUDGE * TIMESTEP, x)
    ground = y <= (r + REF_U)
    ret = jnp.where(ground, jnp.where(x <= 0, -1, 1), 0)
    vy = jnp.where(ground, vy * -FRICTION, vy)
    y = jnp.where(ground, r + REF_U + NUDGE * TIMESTEP, y)
    live = ~ground
    c = live & (y >= (REF_H - r))
    vy = jnp.where(c, vy * -FRICTION, vy)
    y = jnp.where(c, REF_H - r - NUDGE * TIMESTEP, y)
    c = live & (x <= (REF_WALL_WIDTH / 2 + r)) & (prev_x > (REF_WALL_WIDTH / 2 + r)) & (y <= REF_WALL_HEIGHT)
    vx = jnp.where(c, vx * -FRICTION, vx)
    x = jnp.where(c, REF_WALL_WIDTH / 2 + r + NUDGE * TIMESTEP, x)
    c = live & (x >= (-REF_WALL_WIDTH / 2 - r)) & (prev_x < (-REF_WALL_WIDTH / 2 - r)) & (y <= REF_WALL_HEIGHT)
    vx = jnp.where(c, vx * -FRICTION, vx)
    x = jnp.where(c, -REF_WALL_WIDTH / 2 - r - NUDGE * TIMESTEP, x)
    return x, y, vx, vy, ret


@jax.jit
def reference_fix(ball_state, left_state, right_state, action_left, action_right):
    lx, ly, lvx, lvy = _agent_update(-1, *left_state, action_left)
    rx, ry, rvx, rvy = _agent_update(1, *right_state, action_right)
    x, y, vx, vy = ball_state
    vy = vy + GRAVITY * TIMESTEP
    mag2 = vx * vx + vy * vy
    fast = mag2 > (MAX_BALL_SPEED * MAX_BALL_SPEED)
    mag = jnp.sqrt(mag2)
    vx = jnp.where(fast, (vx / mag) * MAX_BALL_SPEED, vx)
    vy = jnp.where(fast, (vy / mag) * MAX_BALL_SPEED, vy)
    prev_x = x
    x = x + vx * TIMESTEP
    y = y + vy * TIMESTEP
    ball = (x, y, vx, vy)
    ball = _bounce_if_colliding(ball, (lx, ly, lvx, lvy, 1.5))
    ball = _bounce_if_colliding(ball, (rx, ry, rvx, rvy, 1.5))
    ball = _bounce_if_colliding(ball, (0.0, REF_WALL_HEIGHT, 0.0, 0.0, REF_WALL_WIDTH / 2))
    x, y, vx, vy, ret = _check_edges(*ball, prev_x)
    return (jnp.array([x, y, vx, vy]), jnp.array([lx, ly, lvx, lvy]),
            jnp.array([rx, ry, rvx, rvy]), -ret)
