"""Morsel's rigid-body dynamics against the real peers, on the robots users bring (pytest; the
venv of .ci/corpus.sh, and a built `morsel` binary as for test_corpus.py).

- Pinocchio (PyPI `pin`) on every URDF of example-robot-data and the URDFs in assets/, each with
  a fixed base and on a free-flyer: `crba`, `rnea`, `aba`, `computeGeneralizedGravity`,
  `computeCentroidalMomentum`, `computeRNEADerivatives`, `computeABADerivatives`, at random
  states (a free-flyer's derivatives turned into Morsel's layout by the chain rule:
  derivatives_in_mujoco_layout).
- MuJoCo (PyPI `mujoco`) on the MJCF models of the corpus packages (dm_control's suite,
  gymnasium's assets, pybullet's MJCF), the MuJoCo Menagerie's robots as the mesh-free dynamics
  twins in assets/robots/menagerie (corpus key `menagerie/...`; made and checked equal to the
  originals' dynamics in MuJoCo by make_menagerie_twins.py), the MJCF robots in assets/ and the
  small models in
  kinematics/tests/mjcf_models/ that isolate a feature (free, ball, hinge and slide joints,
  armature): `mj_fullM` (armature included), `M a + qfrc_bias`, `qfrc_bias` at zero velocity,
  `M⁻¹ (τ − qfrc_bias)` (`mj_solveM`), the world body's subtree momentum (`mj_subtreeVel`).

Agreement within 1e-9 relative (to the peer's largest entry, or 1). The layouts are converted in one
place each (`pinocchio_state`): Morsel's configuration is MuJoCo's qpos (so MuJoCo's arrays go in as
they are); Pinocchio keeps quaternions x, y, z, w, continuous joints as (cos, sin), and a
free-flyer's linear velocity in the body frame (v_pin = Rᵀ v).

URDFs with moving mimic joints are loaded by Pinocchio with `mimic=True` (its JointModelMimic,
coupled as Morsel couples them; derivatives are not compared there: Pinocchio's ABA refuses them); a model that a peer or Morsel
refuses is counted (test_corpus.py holds loading). MuJoCo models are compared under their
own gravity (`<option gravity>`, `<flag gravity="disable">`, which Morsel reads); those in a
medium with a density (buoyancy, which Morsel does not model) are skipped. A Menagerie twin that
Morsel refuses must be listed, with its reason, in known_gaps.txt (test_corpus.py's list).
"""
import json
import math
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

import corpus
from morsel_cli import rhai_value

REL_TOL = 1e-9
STATES = 2
ROOT = corpus.ROOT
ASSET_URDFS = sorted((ROOT / "assets" / "robots").rglob("*.urdf"))
ASSET_MJCFS = [ROOT / "assets" / "robots" / "gymnasium" / "humanoid.xml",
               ROOT / "assets" / "robots" / "gymnasium" / "ant.xml",
               ROOT / "assets" / "robots" / "mimo" / "benchmark_scene.xml",
               ROOT / "assets" / "robots" / "mimo" / "benchmarkv2_scene.xml"]
FEATURES = sorted((ROOT / "kinematics" / "tests" / "mjcf_models").glob("dynamics_*.xml"))


def close(got, expected, tol=REL_TOL):
    got, expected = np.asarray(got, float), np.asarray(expected, float)
    if got.shape != expected.shape:
        return f"shape {got.shape} vs {expected.shape}"
    scale = max(1.0, float(np.abs(expected).max()) if expected.size else 1.0)
    err = float(np.abs(got - expected).max()) if expected.size else 0.0
    return None if err <= tol * scale else f"max error {err:.3e} (scale {scale:.3e})"


def random_unit_quaternion(rng):
    g = rng.normal(size=4)
    return g / np.linalg.norm(g)


# ---------------------------------------------------------------------------------------------
# Pinocchio


def pinocchio_model(path, floating, mimic=False):
    """Pinocchio's model of a URDF; with `mimic`, its mimic joints coupled to their masters
    (JointModelMimic, no values of their own), as Morsel couples them."""
    import pinocchio as pin

    if floating:
        return pin.buildModelFromUrdf(str(path), pin.JointModelFreeFlyer(), mimic=mimic)
    return pin.buildModelFromUrdf(str(path), mimic=mimic)


def moving_mimics(path):
    """The URDF's mimic joints that move (a <mimic> on a fixed joint couples nothing)."""
    text = Path(path).read_text().lstrip()
    kinds = {j.get("name"): j.get("type") for j in ET.fromstring(text).iter("joint")}
    return [name for name in corpus.urdf_mimics(path) if kinds.get(name) != "fixed"]


def pinocchio_cases():
    """[(key, path, floating)]: every example-robot-data URDF and the assets' URDFs, fixed and on
    a free-flyer."""
    cases = [(key + suffix, path, floating) for key, path, kind in corpus.models()
             if kind == "urdf" and key.startswith("example-robot-data/")
             for suffix, floating in (("", False), (" (free-flyer)", True))]
    for path in ASSET_URDFS:
        rel = path.relative_to(ROOT).as_posix()
        cases += [(rel, path, False), (rel + " (free-flyer)", path, True)]
    return cases


def pinocchio_state(model, rng):
    """A random state: (Pinocchio's q, v, a, tau), and the same as Morsel's (q, v, a, tau) in
    MuJoCo's layout, Morsel's joints in Pinocchio's order. Returns None for a joint kind this
    conversion does not know."""
    import pinocchio as pin

    q_pin = pin.neutral(model)
    q_mj, v_mj = [], []
    v_pin = rng.uniform(-1.0, 1.0, model.nv)
    a_pin = rng.uniform(-1.0, 1.0, model.nv)
    tau_pin = rng.uniform(-1.0, 1.0, model.nv)
    # Morsel's velocity values per Pinocchio joint: a map from Pinocchio's v to Morsel's v (the
    # free-flyer's linear part rotated into the world), and its inverse for torques.
    t_v = np.eye(model.nv)
    for i in range(1, model.njoints):
        j = model.joints[i]
        short = j.shortname()
        iq, iv = j.idx_q, j.idx_v
        if short == "JointModelMimic":
            continue  # its value is its master's
        if short == "JointModelFreeFlyer":
            pos = rng.uniform(-0.5, 0.5, 3)
            quat_wxyz = random_unit_quaternion(rng)
            q_pin[iq:iq + 3] = pos
            q_pin[iq + 3:iq + 7] = [*quat_wxyz[1:], quat_wxyz[0]]
            rot = pin.Quaternion(quat_wxyz[0], *quat_wxyz[1:]).matrix()
            t_v[iv:iv + 3, iv:iv + 3] = rot
        elif j.nq == 2 and j.nv == 1:
            angle = rng.uniform(-math.pi, math.pi)
            q_pin[iq], q_pin[iq + 1] = math.cos(angle), math.sin(angle)
        elif j.nq == 1:
            lo, hi = model.lowerPositionLimit[iq], model.upperPositionLimit[iq]
            span = 0.5 if "P" in short.replace("JointModel", "")[:1] else math.pi
            lo, hi = max(lo, -span), min(hi, span)
            if not lo < hi:
                lo, hi = -span, span
            q_pin[iq] = rng.uniform(lo, hi)
        else:
            return None
    for i in range(1, model.njoints):
        j = model.joints[i]
        iq = j.idx_q
        if j.shortname() == "JointModelMimic":
            continue
        if j.shortname() == "JointModelFreeFlyer":
            x, y, z, w = q_pin[iq + 3:iq + 7]
            q_mj += [*q_pin[iq:iq + 3], w, x, y, z]
        elif j.nq == 2:
            q_mj.append(math.atan2(q_pin[iq + 1], q_pin[iq]))
        else:
            q_mj.append(q_pin[iq])
    v_mj = t_v @ v_pin
    # A free-flyer's acceleration: Morsel's linear part is the rate of R v_pin, R (a + ω × v).
    a_mj = t_v @ a_pin
    for i in range(1, model.njoints):
        j = model.joints[i]
        if j.shortname() == "JointModelFreeFlyer":
            iv = j.idx_v
            rot = t_v[iv:iv + 3, iv:iv + 3]
            a_mj[iv:iv + 3] = rot @ (a_pin[iv:iv + 3] + np.cross(v_pin[iv + 3:iv + 6], v_pin[iv:iv + 3]))
    # Torques are dual to velocities: τ_mj = T⁻ᵀ τ_pin, T⁻ᵀ = T for a rotation block.
    tau_mj = t_v @ tau_pin
    return (q_pin, v_pin, a_pin, tau_pin), (q_mj, list(v_mj), list(a_mj), list(tau_mj)), t_v


def configuration_by_name(model, q_mj):
    """Morsel's q (MuJoCo layout, Pinocchio's joint order) as {joint: value or [values]}."""
    out, k = {}, 0
    for i in range(1, model.njoints):
        j = model.joints[i]
        if j.shortname() == "JointModelMimic":
            continue
        n = 7 if j.nv == 6 else 1
        values = [float(x) for x in q_mj[k:k + n]]
        out[model.names[i]] = values if n > 1 else values[0]
        k += n
    return out


def skew(x):
    """The matrix of the cross product x × ·."""
    return np.array([[0.0, -x[2], x[1]], [x[2], 0.0, -x[0]], [-x[1], x[0], 0.0]])


def derivatives_in_mujoco_layout(model, data, state, t_v, pin_derivatives):
    """Pinocchio's analytic derivatives turned, by the chain rule, into Morsel's (MuJoCo's qvel
    layout and Morsel's tangent of q); identity for a fixed base.

    With one free-flyer at velocity index `i` and its rotation R: Pinocchio's velocity is
    `v_p = Tᵀ v` (T = t_v: R on the linear block), its acceleration `a_p = Tᵀ a − ω × v_b` on the
    linear block (`v_b = Rᵀ ṗ` the body-frame linear velocity, ω the body angular velocity),
    torques `τ = T τ_p`; Morsel moves q by `p + δ_lin` and `R exp(δ_ang)`, which is Pinocchio's
    tangent `Tᵀ δ` to first order, and the rotation inside T, `v_b`, `a_p` and `τ_p` turn with it:
    `∂(R'ᵀ x)/∂δ_ang = [Rᵀ x]×` and `∂(R' x)/∂δ_ang = −R [x]×`.
    """
    import pinocchio as pin

    frees = [model.joints[i].idx_v for i in range(1, model.njoints) if model.joints[i].nv == 6]
    if not frees:
        return pin_derivatives
    assert len(frees) == 1, "one free-flyer at most"
    i = frees[0]
    lin, ang = slice(i, i + 3), slice(i + 3, i + 6)
    q, v, a, tau = state
    rot = t_v[lin, lin]
    v_b, omega = v[lin], v[ang]
    n = model.nv
    out = {}
    if "dtau_dq" in pin_derivatives:
        dq, dv, da = (pin_derivatives[k] for k in ("dtau_dq", "dtau_dv", "dtau_da"))
        mass = da
        tau_p = pin.rnea(model, data, q, v, a)
        a_m_lin = rot @ (a[lin] + np.cross(omega, v_b))
        # ∂a_p/∂v (Morsel's v): a_p_lin = Rᵀ a_lin − ω × (Rᵀ ṗ).
        e_v = np.zeros((n, n))
        e_v[lin, lin] = -skew(omega) @ rot.T
        e_v[lin, ang] = skew(v_b)
        # ∂v_p/∂δ and ∂a_p/∂δ (Morsel's tangent of q), and ∂T/∂δ τ_p.
        e_qv = np.zeros((n, n))
        e_qv[lin, ang] = skew(v_b)
        e_qa = np.zeros((n, n))
        e_qa[lin, ang] = skew(rot.T @ a_m_lin) - skew(omega) @ skew(v_b)
        turn = np.zeros((n, n))
        turn[lin, ang] = -rot @ skew(tau_p[lin])
        out["dtau_dq"] = turn + t_v @ (dq @ t_v.T + dv @ e_qv + mass @ e_qa)
        out["dtau_dv"] = t_v @ (dv @ t_v.T + mass @ e_v)
        out["dtau_da"] = t_v @ mass @ t_v.T
    if "dqdd_dq" in pin_derivatives:
        ddq, ddv, ddtau = (pin_derivatives[k] for k in ("dqdd_dq", "dqdd_dv", "dqdd_dtau"))
        qdd_p = pin.aba(model, data, q, v, tau)
        # Morsel's qdd = T (a_p + c), c_lin = ω × v_b.
        c = np.zeros(n)
        c[lin] = np.cross(omega, v_b)
        e_cv = np.zeros((n, n))
        e_cv[lin, lin] = skew(omega) @ rot.T
        e_cv[lin, ang] = -skew(v_b)
        e_qv = np.zeros((n, n))
        e_qv[lin, ang] = skew(v_b)
        e_qtau = np.zeros((n, n))
        e_qtau[lin, ang] = skew(tau[lin])
        e_qc = np.zeros((n, n))
        e_qc[lin, ang] = skew(omega) @ skew(v_b)
        turn = np.zeros((n, n))
        turn[lin, ang] = -rot @ skew((qdd_p + c)[lin])
        out["dqdd_dq"] = turn + t_v @ (ddq @ t_v.T + ddv @ e_qv + ddtau @ e_qtau + e_qc)
        out["dqdd_dv"] = t_v @ (ddv @ t_v.T + e_cv)
        out["dqdd_dtau"] = t_v @ ddtau @ t_v.T
    return out


def pinocchio_expected(model, state, t_v):
    """Pinocchio's numbers at a state, converted to MuJoCo's velocity layout."""
    import pinocchio as pin

    data = model.createData()
    q, v, a, tau = state
    mass = pin.crba(model, data, q)
    mass = np.triu(mass) + np.triu(mass, 1).T
    # v_pin = T⁻¹ v_mj, so M_mj = T⁻ᵀ M T⁻¹ = T M Tᵀ (T orthogonal by blocks); τ_mj = T τ_pin;
    # Morsel's accelerations relate to Pinocchio's as in pinocchio_state.
    t_inv = t_v.T
    rnea = t_v @ pin.rnea(model, data, q, v, a)
    gravity = t_v @ pin.computeGeneralizedGravity(model, data, q)
    if any(model.joints[i].shortname() == "JointModelMimic" for i in range(1, model.njoints)):
        # Pinocchio's ABA refuses mimic joints: its M⁻¹ (τ − h) from its crba and rnea instead.
        qdd_pin = np.linalg.solve(mass, tau - pin.rnea(model, data, q, v, np.zeros(model.nv)))
    else:
        qdd_pin = pin.aba(model, data, q, v, tau)
    qdd = t_v @ qdd_pin
    for i in range(1, model.njoints):
        j = model.joints[i]
        if j.shortname() == "JointModelFreeFlyer":
            iv = j.idx_v
            rot = t_v[iv:iv + 3, iv:iv + 3]
            qdd[iv:iv + 3] = rot @ (qdd_pin[iv:iv + 3] + np.cross(v[iv + 3:iv + 6], v[iv:iv + 3]))
    derivatives = {}
    mimic = any(model.joints[i].shortname() == "JointModelMimic" for i in range(1, model.njoints))
    if not mimic:
        dq, dv, da = pin.computeRNEADerivatives(model, data, q, v, a)
        derivatives = {"dtau_dq": np.array(dq), "dtau_dv": np.array(dv), "dtau_da": np.triu(da) + np.triu(da, 1).T}
        try:
            ddq, ddv, ddtau = pin.computeABADerivatives(model, data, q, v, tau)
            derivatives.update({"dqdd_dq": np.array(ddq), "dqdd_dv": np.array(ddv),
                                "dqdd_dtau": np.array(ddtau)})
        except Exception:  # a singular mass matrix: Morsel refuses there too
            pass
        derivatives = derivatives_in_mujoco_layout(model, data, state, t_v, derivatives)
    pin.computeCentroidalMomentum(model, data, q, v)
    return {
        "mass_matrix": t_v @ mass @ t_inv,
        "rnea": rnea,
        "gravity_torques": gravity,
        "aba": qdd,
        "linear": np.array(data.hg.linear),
        "angular": np.array(data.hg.angular),
        "com": np.array(data.com[0]),
        "derivatives": derivatives,
        # A singular mass matrix (a joint that moves nothing): Morsel refuses aba there.
        "singular": bool(mass.size and np.linalg.eigvalsh(mass).min() <= 1e-12 * max(1.0, np.abs(mass).max())),
    }


def morsel_dynamics(entries, work):
    """entries: [(key, path, kind, floating, [state maps])] -> key -> [per state #{...}] or
    #{error}: one morsel process for all of them."""
    work = Path(work).resolve()
    lines = ["let results = #{};"]
    for key, path, kind, floating, states in entries:
        rel = os.path.relpath(path, work)
        load = (f"urdf({json.dumps(rel)}, #{{geometry: false, floating: {str(floating).lower()}}})"
                if kind == "urdf" else f"mjcf({json.dumps(rel)})")
        lines.append(
            f"try {{\n"
            f"    let r = {load};\n"
            f"    let out = [];\n"
            f"    for s in {rhai_value(states)} {{\n"
            f"        let h = centroidal_momentum(r, s.q, s.v);\n"
            f"        out.push(#{{ mass_matrix: mass_matrix(r, s.q), rnea: rnea(r, s.q, s.v, s.a),\n"
            f"            bias: nonlinear_effects(r, s.q, s.v), gravity_torques: gravity_torques(r, s.q),\n"
            f"            aba: aba(r, s.q, s.v, s.tau), linear: h.linear, angular: h.angular, com: h.com,\n"
            f"            names: velocity_names(r) }});\n"
            f"        if {str(kind == 'urdf').lower()} {{ try {{\n"
            f"            let d = rnea_derivatives(r, s.q, s.v, s.a); let e = aba_derivatives(r, s.q, s.v, s.tau);\n"
            f"            out[out.len() - 1].derivatives = #{{ dtau_dq: d.dtau_dq, dtau_dv: d.dtau_dv, dtau_da: d.dtau_da,\n"
            f"                dqdd_dq: e.dqdd_dq, dqdd_dv: e.dqdd_dv, dqdd_dtau: e.dqdd_dtau }};\n"
            f"        }} catch (e) {{ out[out.len() - 1].derivatives_error = `${{e}}`; }} }}\n"
            f"    }}\n"
            f"    results[{json.dumps(key)}] = out;\n"
            f"}} catch (e) {{ results[{json.dumps(key)}] = #{{ error: `${{e}}` }}; }}"
        )
    lines.append('save("result.json", results);')
    return corpus.run_morsel_script("\n".join(lines) + "\n", work, [e[1] for e in entries])


def morsel_velocity_names(cases, work):
    """key -> Morsel's velocity_names (or None when Morsel refuses the model)."""
    work = Path(work).resolve()
    lines = ["let results = #{};"]
    for key, path, floating in cases:
        rel = os.path.relpath(path, work)
        lines.append(
            f"try {{ results[{json.dumps(key)}] = velocity_names(urdf({json.dumps(rel)}, "
            f"#{{geometry: false, floating: {str(floating).lower()}}})); }} "
            f"catch (e) {{ results[{json.dumps(key)}] = (); }}"
        )
    lines.append('save("result.json", results);')
    return corpus.run_morsel_script("\n".join(lines) + "\n", work, [c[1] for c in cases])


def pinocchio_order(model, names):
    """For each of Morsel's velocity values (named `names`), Pinocchio's velocity index: the two
    order the children of a link differently (Pinocchio by name). None if a name is missing."""
    index = {}
    for i in range(1, model.njoints):
        j = model.joints[i]
        if j.shortname() == "JointModelMimic":
            continue
        if j.nv == 6:
            for k, c in enumerate(("vx", "vy", "vz", "wx", "wy", "wz")):
                index[f"{model.names[i]}.{c}"] = j.idx_v + k
        else:
            index[model.names[i]] = j.idx_v
    try:
        return [index[n] for n in names]
    except KeyError:
        return None


@pytest.fixture(scope="module")
def pinocchio_run():
    rng = np.random.default_rng(20261201)
    entries, expected, skipped = [], {}, {}
    cases = []
    for key, path, floating in pinocchio_cases():
        cases.append((key, path, floating, bool(moving_mimics(path))))
    names = morsel_velocity_names([c[:3] for c in cases], ROOT / "target" / "corpus" / "dynamics_names")
    for key, path, floating, mimic in cases:
        try:
            model = pinocchio_model(path, floating, mimic)
        except Exception as e:  # the peer's refusal: counted, not compared
            skipped[key] = f"Pinocchio refuses it: {e}"
            continue
        if names.get(key) is None:
            skipped[key] = "Morsel refuses it (test_corpus.py holds loading)"
            continue
        order = pinocchio_order(model, names[key])
        if order is None or len(order) != model.nv:
            skipped[key] = "joints that Morsel and Pinocchio name differently"
            continue
        states, exp = [], []
        for _ in range(STATES):
            made = pinocchio_state(model, rng)
            if made is None:
                break
            pin_state, mj_state, t_v = made
            q, v, a, tau = mj_state
            # q by joint name; v, a, tau (and every result) in Morsel's order.
            q_named = configuration_by_name(model, q)
            states.append({"q": q_named, "v": [float(v[i]) for i in order],
                           "a": [float(a[i]) for i in order], "tau": [float(tau[i]) for i in order]})
            e = pinocchio_expected(model, pin_state, t_v)
            e["mass_matrix"] = e["mass_matrix"][np.ix_(order, order)]
            for name, matrix in list(e["derivatives"].items()):
                e["derivatives"][name] = matrix[np.ix_(order, order)]
            for name in ("rnea", "gravity_torques", "aba"):
                e[name] = e[name][order]
            exp.append(e)
        if len(states) < STATES:
            skipped[key] = "a joint kind the conversion does not know"
            continue
        if model.nv == 0:
            skipped[key] = "no degrees of freedom"
            continue
        entries.append((key, path, "urdf", floating, states))
        expected[key] = (exp, [model.names[i] for i in range(1, model.njoints)])
    got = morsel_dynamics(entries, ROOT / "target" / "corpus" / "dynamics_pinocchio")
    print(f"\npinocchio dynamics: {len(entries)} models compared, {len(skipped)} skipped")
    for key, why in sorted(skipped.items()):
        print(f"  skipped {key}: {why}")
    return entries, expected, got, skipped


def test_dynamics_equal_pinocchio_on_every_urdf(pinocchio_run):
    entries, expected, got, _ = pinocchio_run
    assert len(entries) >= 30, f"only {len(entries)} URDFs compared"
    failures = []
    derivative_checks = [0, 0]
    for key, *_ in entries:
        mine = got.get(key)
        exp, _names = expected[key]
        if not isinstance(mine, list):
            refused_singular = "has nothing to move" in str(mine) and any(e["singular"] for e in exp)
            if not refused_singular:
                failures.append(f"{key}: Morsel: {mine}")
            continue
        for k, (m, e) in enumerate(zip(mine, exp)):
            # Morsel's (and MuJoCo's) centre of mass counts the links fixed to the world too,
            # Pinocchio's only the moving ones: move the angular momentum to Pinocchio's point.
            m = dict(m)
            m["angular"] = np.asarray(m["angular"]) + np.cross(
                np.asarray(m["com"]) - e["com"], np.asarray(m["linear"]))
            for name in ("mass_matrix", "rnea", "gravity_torques", "aba", "linear", "angular"):
                problem = close(m[name], e[name])
                if problem:
                    failures.append(f"{key} state {k} {name}: {problem}")
            # The analytic derivatives, on fixed bases and free-flyers (converted by
            # derivatives_in_mujoco_layout).
            for name, matrix in e["derivatives"].items():
                # ABA's derivatives go through M⁻¹, whose entries reach 4.6e8 on iCub: both
                # sides agree there to 6e-9 relative, so these take 1e-8.
                tol = 1e-8 if name.startswith("dqdd") else REL_TOL
                problem = close(m.get("derivatives", {}).get(name, []), matrix, tol)
                if problem:
                    failures.append(f"{key} state {k} {name}: {problem} {m.get('derivatives_error', '')}")
                else:
                    derivative_checks[0] += 1
                    derivative_checks[1] += key.endswith("(free-flyer)")
    print(f"derivative matrices equal to Pinocchio's: {derivative_checks[0]}, "
          f"{derivative_checks[1]} of them on a free-flyer")
    assert derivative_checks[0] >= 100, derivative_checks
    assert derivative_checks[1] >= 30, derivative_checks
    assert not failures, f"{len(failures)} differences:\n" + "\n".join(failures[:60])


# ---------------------------------------------------------------------------------------------
# MuJoCo


def mujoco_cases():
    cases = [(key, path) for key, path, kind in corpus.models() if kind == "mjcf"]
    cases += [(p.relative_to(ROOT).as_posix(), p) for p in ASSET_MJCFS + FEATURES]
    return cases


def mujoco_state(m, rng):
    """A random (qpos, qvel, qacc, tau) within the joints' ranges."""
    import mujoco

    qpos = m.qpos0.copy()
    for j in range(m.njnt):
        adr, kind = m.jnt_qposadr[j], m.jnt_type[j]
        if kind == mujoco.mjtJoint.mjJNT_FREE:
            qpos[adr:adr + 3] = rng.uniform(-0.5, 0.5, 3)
            qpos[adr + 3:adr + 7] = random_unit_quaternion(rng)
        elif kind == mujoco.mjtJoint.mjJNT_BALL:
            qpos[adr:adr + 4] = random_unit_quaternion(rng)
        else:
            span = 0.5 if kind == mujoco.mjtJoint.mjJNT_SLIDE else math.pi
            lo, hi = (m.jnt_range[j] if m.jnt_limited[j] else (-span, span))
            lo, hi = max(lo, -span), min(hi, span)
            qpos[adr] = rng.uniform(lo, hi) if lo < hi else lo
    return (qpos, rng.uniform(-1, 1, m.nv), rng.uniform(-1, 1, m.nv), rng.uniform(-1, 1, m.nv))


def mujoco_expected(m, state):
    import mujoco

    qpos, qvel, qacc, tau = state
    d = mujoco.MjData(m)
    d.qpos[:], d.qvel[:] = qpos, qvel
    mujoco.mj_forward(m, d)
    mass = np.zeros((m.nv, m.nv))
    mujoco.mj_fullM(m, d, mass)
    bias = d.qfrc_bias.copy()
    qdd = np.zeros(m.nv)
    mujoco.mj_solveM(m, d, qdd.reshape(1, -1), (tau - bias).reshape(1, -1))
    mujoco.mj_subtreeVel(m, d)
    linear = d.subtree_linvel[0] * m.body_subtreemass[0]
    angular = d.subtree_angmom[0].copy()
    d.qvel[:] = 0
    mujoco.mj_forward(m, d)
    gravity = d.qfrc_bias.copy()
    return {"mass_matrix": mass, "rnea": mass @ qacc + bias, "bias": bias, "gravity_torques": gravity,
            "aba": qdd, "linear": linear, "angular": angular}


@pytest.fixture(scope="module")
def mujoco_run():
    import mujoco

    rng = np.random.default_rng(20261202)
    entries, expected, skipped = [], {}, {}
    for key, path in mujoco_cases():
        try:
            m = mujoco.MjModel.from_xml_path(str(path))
        except Exception as e:
            skipped[key] = f"MuJoCo refuses it: {e}"
            continue
        if m.opt.density > 0:
            skipped[key] = f"a medium of density {m.opt.density} (buoyancy)"
            continue
        if m.nv == 0:
            skipped[key] = "no degrees of freedom"
            continue
        states, exp = [], []
        for _ in range(STATES):
            s = mujoco_state(m, rng)
            states.append({k: [float(x) for x in v] for k, v in zip(("q", "v", "a", "tau"), s)})
            exp.append(mujoco_expected(m, s))
        entries.append((key, path, "mjcf", False, states))
        expected[key] = exp
    got = morsel_dynamics(entries, ROOT / "target" / "corpus" / "dynamics_mujoco")
    print(f"\nmujoco dynamics: {len(entries)} models compared, {len(skipped)} skipped")
    for key, why in sorted(skipped.items()):
        print(f"  skipped {key}: {why}")
    return entries, expected, got, skipped


def test_dynamics_equal_mujoco_on_every_mjcf(mujoco_run):
    entries, expected, got, _ = mujoco_run
    assert len(entries) >= 25, f"only {len(entries)} MJCF models compared"
    failures, refused, worst = [], [], {}
    for key, *_ in entries:
        mine = got.get(key)
        if not isinstance(mine, list):
            refused.append(f"{key}: {mine}")
            continue
        for k, (mo, e) in enumerate(zip(mine, expected[key])):
            for name in ("mass_matrix", "rnea", "bias", "gravity_torques", "aba", "linear", "angular"):
                problem = close(mo[name], e[name])
                if problem:
                    failures.append(f"{key} state {k} {name}: {problem}")
                exp_arr = np.asarray(e[name], float)
                if exp_arr.size and np.asarray(mo[name], float).shape == exp_arr.shape:
                    rel = float(np.abs(np.asarray(mo[name], float) - exp_arr).max()) / max(
                        1.0, float(np.abs(exp_arr).max()))
                    group = "menagerie" if key.startswith("menagerie/") else "other"
                    if rel > worst.get(group, (0.0,))[0]:
                        worst[group] = (rel, key, name)
    print(f"Morsel refuses {len(refused)} of them (test_corpus.py holds loading):")
    for line in refused:
        print("  " + line[:300])
    twins = [e[0] for e in entries if e[0].startswith("menagerie/")]
    compared = [k for k in twins if isinstance(got.get(k), list)]
    print(f"menagerie twins: {len(twins)} given to Morsel, {len(compared)} compared")
    for group, (rel, key, name) in sorted(worst.items()):
        print(f"largest relative difference ({group}): {rel:.2e}, {key} {name}")
    assert len(compared) >= 80, f"only {len(compared)} menagerie twins compared"
    gaps = corpus.known_gaps()
    undocumented = [k for k in twins if k not in compared and k not in gaps]
    assert not undocumented, f"menagerie twins Morsel refuses, not in known_gaps.txt: {undocumented}"
    assert not failures, f"{len(failures)} differences:\n" + "\n".join(failures[:60])
    features = [e for e in entries if "dynamics_" in e[0]]
    assert features and all(isinstance(got.get(e[0]), list) for e in features), "the feature models must load"


def test_velocity_names_follow_mujoco(mujoco_run):
    """velocity_names lists each joint's dofs in qvel order, with MuJoCo's joint names."""
    import mujoco

    entries, _, got, _ = mujoco_run
    checked = 0
    for key, path, *_ in entries:
        mine = got.get(key)
        if not isinstance(mine, list):
            continue
        m = mujoco.MjModel.from_xml_path(str(path))
        names = mine[0]["names"]
        assert len(names) == m.nv, key
        for j in range(m.njnt):
            name = mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_JOINT, j)
            if not name:
                continue
            adr, kind = m.jnt_dofadr[j], m.jnt_type[j]
            if kind == mujoco.mjtJoint.mjJNT_FREE:
                expected = [f"{name}.{c}" for c in ("vx", "vy", "vz", "wx", "wy", "wz")]
            elif kind == mujoco.mjtJoint.mjJNT_BALL:
                expected = [f"{name}.{c}" for c in ("wx", "wy", "wz")]
            else:
                expected = [name]
            assert names[adr:adr + len(expected)] == expected, (key, name)
        checked += 1
    assert checked >= 20
