"""Tennessee Eastman JAX backend: is_shutdown() returns bool(jnp.any(...)) of NamedTuple state fields.

source: jkitchin/tennessee-eastman-profbraatz tep/jax_backend.py, the revision stored as code-index file id 21455789046 (NamedTuple state classes, create_initial_*_state helpers, JaxTEProcess.is_shutdown; commit not resolved by the index -- the index also holds this path at cf77cd3d3001129968f6f70f2dfa310318395433, id 21220589128, and at 5d7962491847f855e30477976f10c291643ab824, id 21410570140). The module docstring advertises "JIT compilation", and the wrapper class notes "For pure JAX usage (JIT, vmap, grad), use JaxTEProcess directly."
error: TracerBoolConversionError
category: helper-bool-of-traced
expect: fix
notes: The state NamedTuples and the create_initial_*_state helpers are verbatim; JaxTEProcess is reduced to its is_shutdown method (verbatim) -- initialize/step/_tefunc and the rest of the ~1000-line simulator class, the stateful JaxTEProcessWrapper and the `constants` import are dropped, as is the module's os.environ JAX_PLATFORMS default. `from __future__ import annotations` is kept by placing EXPECT after the user section. The entry point `f` is a jitted shutdown check over traced reactor pressure/temperature measurements and reactor/separator/stripper liquid volumes, assembled into a TEPState inside the jitted function (as a jitted rollout would hold it). The leak: `return bool(jnp.any(conditions))`, a helper returning a Python bool of traced NamedTuple fields. Inputs straddle every limit so both outcomes occur.
"""

# --- user code (given to the tool) ---
from __future__ import annotations

import jax

import jax.numpy as jnp
from jax import lax
from typing import NamedTuple, Optional, Tuple
import numpy as np


# =============================================================================
# JAX-Compatible State Structures (NamedTuples are automatic pytrees)
# =============================================================================

class ReactorState(NamedTuple):
    """Reactor state variables."""
    uclr: jnp.ndarray   # Liquid component holdup (8,)
    ucvr: jnp.ndarray   # Vapor component holdup (8,)
    utlr: float         # Total liquid holdup
    utvr: float         # Total vapor holdup
    xlr: jnp.ndarray    # Liquid mole fractions (8,)
    xvr: jnp.ndarray    # Vapor mole fractions (8,)
    etr: float          # Total energy
    esr: float          # Specific energy
    tcr: float          # Temperature (C)
    tkr: float          # Temperature (K)
    dlr: float          # Liquid density
    vlr: float          # Liquid volume
    vvr: float          # Vapor volume
    vtr: float          # Total volume
    ptr: float          # Total pressure
    ppr: jnp.ndarray    # Partial pressures (8,)
    crxr: jnp.ndarray   # Reaction rates by component (8,)
    rr: jnp.ndarray     # Reaction rates (4,)
    rh: float           # Heat of reaction
    fwr: float          # Cooling water flow
    twr: float          # Cooling water temperature
    qur: float          # Heat transfer
    hwr: float          # Heat transfer coefficient
    uar: float          # Overall heat transfer


class SeparatorState(NamedTuple):
    """Separator state variables."""
    ucls: jnp.ndarray   # Liquid component holdup (8,)
    ucvs: jnp.ndarray   # Vapor component holdup (8,)
    utls: float         # Total liquid holdup
    utvs: float         # Total vapor holdup
    xls: jnp.ndarray    # Liquid mole fractions (8,)
    xvs: jnp.ndarray    # Vapor mole fractions (8,)
    ets: float          # Total energy
    ess: float          # Specific energy
    tcs: float          # Temperature (C)
    tks: float          # Temperature (K)
    dls: float          # Liquid density
    vls: float          # Liquid volume
    vvs: float          # Vapor volume
    vts: float          # Total volume
    pts: float          # Total pressure
    pps: jnp.ndarray    # Partial pressures (8,)
    fws: float          # Cooling water flow
    tws: float          # Cooling water temperature
    qus: float          # Heat transfer
    hws: float          # Heat transfer coefficient


class StripperState(NamedTuple):
    """Stripper/Condenser state variables."""
    uclc: jnp.ndarray   # Liquid component holdup (8,)
    utlc: float         # Total liquid holdup
    xlc: jnp.ndarray    # Liquid mole fractions (8,)
    etc: float          # Total energy
    esc: float          # Specific energy
    tcc: float          # Temperature (C)
    dlc: float          # Liquid density
    vlc: float          # Liquid volume
    vtc: float          # Total volume
    quc: float          # Heat transfer


class CompressorState(NamedTuple):
    """Compressor state variables."""
    ucvv: jnp.ndarray   # Vapor component holdup (8,)
    utvv: float         # Total vapor holdup
    xvv: jnp.ndarray    # Vapor mole fractions (8,)
    etv: float          # Total energy
    esv: float          # Specific energy
    tcv: float          # Temperature (C)
    tkv: float          # Temperature (K)
    vtv: float          # Volume
    ptv: float          # Pressure
    cpflmx: float       # Max compressor flow
    cpprmx: float       # Max pressure ratio
    cpdh: float         # Compressor delta enthalpy


class ValveState(NamedTuple):
    """Valve state variables."""
    vcv: jnp.ndarray    # Valve command values (12,)
    vrng: jnp.ndarray   # Valve ranges (12,)
    vtau: jnp.ndarray   # Time constants (12,)
    vst: jnp.ndarray    # Sticking threshold (12,)
    ivst: jnp.ndarray   # Sticking flags (12,)


class StreamState(NamedTuple):
    """Stream flow and composition state."""
    ftm: jnp.ndarray    # Total molar flows (13,)
    fcm: jnp.ndarray    # Component molar flows (8, 13)
    xst: jnp.ndarray    # Stream compositions (8, 13)
    xmws: jnp.ndarray   # Stream molecular weights (13,)
    hst: jnp.ndarray    # Stream enthalpies (13,)
    tst: jnp.ndarray    # Stream temperatures (13,)
    sfr: jnp.ndarray    # Separation factors (8,)


class WalkState(NamedTuple):
    """Disturbance random walk state."""
    adist: jnp.ndarray  # Spline coefficients (12,)
    bdist: jnp.ndarray
    cdist: jnp.ndarray
    ddist: jnp.ndarray
    tlast: jnp.ndarray  # Last update times (12,)
    tnext: jnp.ndarray  # Next update times (12,)
    hspan: jnp.ndarray  # Time span variation (12,)
    hzero: jnp.ndarray  # Time span base (12,)
    sspan: jnp.ndarray  # Signal span variation (12,)
    szero: jnp.ndarray  # Signal base (12,)
    spspan: jnp.ndarray # Derivative span (12,)
    idvwlk: jnp.ndarray # Disturbance walk flags (12,)


class MeasurementState(NamedTuple):
    """Measurement and sampling state."""
    xmeas: jnp.ndarray  # Measurements (41,)
    xdel: jnp.ndarray   # Delayed measurements (41,)
    xns: jnp.ndarray    # Noise std devs (41,)
    tgas: float         # Gas sampling time
    tprod: float        # Product sampling time


class TEPState(NamedTuple):
    """Complete TEP process state.

    This is the main state object passed through all JAX functions.
    It contains all sub-states needed for the simulation.
    """
    # Integration state
    yy: jnp.ndarray         # State vector (50,)
    yp: jnp.ndarray         # Derivative vector (50,)
    time: float             # Current time (hours)

    # Process sub-states
    reactor: ReactorState
    separator: SeparatorState
    stripper: StripperState
    compressor: CompressorState
    valves: ValveState
    streams: StreamState
    walks: WalkState
    measurements: MeasurementState

    # Control inputs
    xmv: jnp.ndarray        # Manipulated variables (12,)
    idv: jnp.ndarray        # Disturbance vector (20,)

    # Cooling water inlet temps
    tcwr: float
    tcws: float

    # Heat of reaction coefficients
    htr: jnp.ndarray        # (3,)
    agsp: float             # Agitator speed


# =============================================================================
# Helper Functions for Creating Default States
# =============================================================================

def create_initial_reactor_state() -> ReactorState:
    """Create initial reactor state."""
    return ReactorState(
        uclr=jnp.zeros(8),
        ucvr=jnp.zeros(8),
        utlr=0.0,
        utvr=0.0,
        xlr=jnp.zeros(8),
        xvr=jnp.zeros(8),
        etr=0.0,
        esr=0.0,
        tcr=120.0,  # Initial guess
        tkr=393.15,
        dlr=0.0,
        vlr=0.0,
        vvr=0.0,
        vtr=1300.0,
        ptr=0.0,
        ppr=jnp.zeros(8),
        crxr=jnp.zeros(8),
        rr=jnp.zeros(4),
        rh=0.0,
        fwr=0.0,
        twr=0.0,
        qur=0.0,
        hwr=7060.0,
        uar=0.0,
    )


def create_initial_separator_state() -> SeparatorState:
    """Create initial separator state."""
    return SeparatorState(
        ucls=jnp.zeros(8),
        ucvs=jnp.zeros(8),
        utls=0.0,
        utvs=0.0,
        xls=jnp.zeros(8),
        xvs=jnp.zeros(8),
        ets=0.0,
        ess=0.0,
        tcs=80.0,  # Initial guess
        tks=353.15,
        dls=0.0,
        vls=0.0,
        vvs=0.0,
        vts=3500.0,
        pts=0.0,
        pps=jnp.zeros(8),
        fws=0.0,
        tws=0.0,
        qus=0.0,
        hws=11138.0,
    )


def create_initial_stripper_state() -> StripperState:
    """Create initial stripper state."""
    return StripperState(
        uclc=jnp.zeros(8),
        utlc=0.0,
        xlc=jnp.zeros(8),
        etc=0.0,
        esc=0.0,
        tcc=65.0,  # Initial guess
        dlc=0.0,
        vlc=0.0,
        vtc=156.5,
        quc=0.0,
    )


def create_initial_compressor_state() -> CompressorState:
    """Create initial compressor state."""
    return CompressorState(
        ucvv=jnp.zeros(8),
        utvv=0.0,
        xvv=jnp.zeros(8),
        etv=0.0,
        esv=0.0,
        tcv=100.0,  # Initial guess
        tkv=373.15,
        vtv=5000.0,
        ptv=0.0,
        cpflmx=280275.0,
        cpprmx=1.3,
        cpdh=0.0,
    )


def create_initial_valve_state() -> ValveState:
    """Create initial valve state."""
    return ValveState(
        vcv=jnp.zeros(12),
        vrng=jnp.array([
            400.0, 400.0, 100.0, 1500.0, 0.0, 0.0,
            1500.0, 1000.0, 0.03, 1000.0, 1200.0, 0.0
        ]),
        vtau=jnp.array([8.0, 8.0, 6.0, 9.0, 7.0, 5.0, 5.0, 5.0, 120.0, 5.0, 5.0, 5.0]) / 3600.0,
        vst=jnp.full(12, 2.0),
        ivst=jnp.zeros(12, dtype=jnp.int32),
    )


def create_initial_stream_state() -> StreamState:
    """Create initial stream state."""
    # Initialize feed stream compositions
    xst = jnp.zeros((8, 13))
    # Stream 1: A Feed (mostly D)
    xst = xst.at[0, 0].set(0.0)
    xst = xst.at[1, 0].set(0.0001)
    xst = xst.at[2, 0].set(0.0)
    xst = xst.at[3, 0].set(0.9999)
    # Stream 2: D Feed (mostly E)
    xst = xst.at[4, 1].set(0.9999)
    xst = xst.at[5, 1].set(0.0001)
    # Stream 3: E Feed (mostly A)
    xst = xst.at[0, 2].set(0.9999)
    xst = xst.at[1, 2].set(0.0001)
    # Stream 4: A and C Feed
    xst = xst.at[0, 3].set(0.4850)
    xst = xst.at[1, 3].set(0.0050)
    xst = xst.at[2, 3].set(0.5100)

    tst = jnp.zeros(13)
    tst = tst.at[0].set(45.0)
    tst = tst.at[1].set(45.0)
    tst = tst.at[2].set(45.0)
    tst = tst.at[3].set(45.0)

    return StreamState(
        ftm=jnp.zeros(13),
        fcm=jnp.zeros((8, 13)),
        xst=xst,
        xmws=jnp.zeros(13),
        hst=jnp.zeros(13),
        tst=tst,
        sfr=jnp.array([0.99500, 0.99100, 0.99000, 0.91600, 0.93600, 0.93800, 0.05800, 0.03010]),
    )


def create_initial_walk_state() -> WalkState:
    """Create initial walk state for disturbances."""
    return WalkState(
        adist=jnp.array([0.485, 0.005, 45.0, 45.0, 35.0, 40.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0]),
        bdist=jnp.zeros(12),
        cdist=jnp.zeros(12),
        ddist=jnp.zeros(12),
        tlast=jnp.zeros(12),
        tnext=jnp.full(12, 0.1),
        hspan=jnp.array([0.2, 0.7, 0.25, 0.7, 0.15, 0.15, 1.0, 1.0, 0.4, 1.5, 2.0, 1.5]),
        hzero=jnp.array([0.5, 1.0, 0.5, 1.0, 0.25, 0.25, 2.0, 2.0, 0.5, 2.0, 3.0, 2.0]),
        sspan=jnp.array([0.03, 0.003, 10.0, 10.0, 10.0, 10.0, 0.25, 0.25, 0.25, 0.0, 0.0, 0.0]),
        szero=jnp.array([0.485, 0.005, 45.0, 45.0, 35.0, 40.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0]),
        spspan=jnp.zeros(12),
        idvwlk=jnp.zeros(12, dtype=jnp.int32),
    )


def create_initial_measurement_state() -> MeasurementState:
    """Create initial measurement state."""
    xns = jnp.array([
        0.0012, 18.000, 22.000, 0.0500, 0.2000, 0.2100, 0.3000, 0.5000,
        0.0100, 0.0017, 0.0100, 1.0000, 0.3000, 0.1250, 1.0000, 0.3000,
        0.1150, 0.0100, 1.1500, 0.2000, 0.0100, 0.0100,
        0.250, 0.100, 0.250, 0.100, 0.250, 0.025,
        0.250, 0.100, 0.250, 0.100, 0.250, 0.025, 0.050, 0.050,
        0.010, 0.010, 0.010, 0.500, 0.500
    ])
    return MeasurementState(
        xmeas=jnp.zeros(41),
        xdel=jnp.zeros(41),
        xns=xns,
        tgas=0.1,
        tprod=0.25,
    )


class JaxTEProcess:
    """JAX Tennessee Eastman process (reduced to the shutdown check)."""

    def is_shutdown(self, state: TEPState) -> bool:
        """Check if process is in shutdown state.

        Parameters
        ----------
        state : TEPState
            Current process state.

        Returns
        -------
        bool
            True if process has triggered a safety shutdown.
        """
        xmeas = state.measurements.xmeas
        reactor = state.reactor
        separator = state.separator
        stripper = state.stripper

        # Use JAX-compatible checks (returns bool array, need to convert)
        conditions = jnp.array([
            xmeas[6] > 3000.0,
            reactor.vlr / 35.3145 > 24.0,
            reactor.vlr / 35.3145 < 2.0,
            xmeas[8] > 175.0,
            separator.vls / 35.3145 > 12.0,
            separator.vls / 35.3145 < 1.0,
            stripper.vlc / 35.3145 > 8.0,
            stripper.vlc / 35.3145 < 1.0,
        ])
        return bool(jnp.any(conditions))


_PROCESS = JaxTEProcess()


@jax.jit
def f(xmeas, vlr, vls, vlc):
    state = TEPState(
        yy=jnp.zeros(50), yp=jnp.zeros(50), time=0.0,
        reactor=create_initial_reactor_state()._replace(vlr=vlr),
        separator=create_initial_separator_state()._replace(vls=vls),
        stripper=create_initial_stripper_state()._replace(vlc=vlc),
        compressor=create_initial_compressor_state(),
        valves=create_initial_valve_state(),
        streams=create_initial_stream_state(),
        walks=create_initial_walk_state(),
        measurements=create_initial_measurement_state()._replace(xmeas=xmeas),
        xmv=jnp.zeros(12), idv=jnp.zeros(20, dtype=jnp.int32),
        tcwr=35.0, tcws=40.0, htr=jnp.zeros(3), agsp=100.0,
    )
    return _PROCESS.is_shutdown(state)
# --- end user code ---

EXPECT = "fix"


def make_inputs(rng):
    xmeas = rng.normal(size=(41,)).astype(np.float32)
    xmeas[6] = rng.uniform(2600.0, 3080.0)   # reactor pressure (kPa), trip above 3000
    xmeas[8] = rng.uniform(110.0, 180.0)     # reactor temperature (C), trip above 175
    if rng.random() < 0.3:                   # keep some trials well inside the limits
        xmeas[6] = rng.uniform(2650.0, 2950.0)
        xmeas[8] = rng.uniform(115.0, 130.0)
    vlr = np.float32(rng.uniform(1.5, 25.0) * 35.3145)
    vls = np.float32(rng.uniform(0.8, 12.5) * 35.3145)
    vlc = np.float32(rng.uniform(0.8, 8.5) * 35.3145)
    if rng.random() < 0.5:
        vlr = np.float32(rng.uniform(5.0, 20.0) * 35.3145)
        vls = np.float32(rng.uniform(3.0, 10.0) * 35.3145)
        vlc = np.float32(rng.uniform(2.0, 6.0) * 35.3145)
    return (xmeas, vlr, vls, vlc)


INPUTS = make_inputs


@jax.jit
def reference_fix(xmeas, vlr, vls, vlc):
    conditions = jnp.array([
        xmeas[6] > 3000.0,
        vlr / 35.3145 > 24.0,
        vlr / 35.3145 < 2.0,
        xmeas[8] > 175.0,
        vls / 35.3145 > 12.0,
        vls / 35.3145 < 1.0,
        vlc / 35.3145 > 8.0,
        vlc / 35.3145 < 1.0,
    ])
    return jnp.any(conditions)
