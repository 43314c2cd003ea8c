"""The robot corpus against the real peers (pytest; needs the packages of .ci/corpus.sh and a
built `morsel` binary: MORSEL_BIN, else target/release/morsel, else target/debug/morsel).

Every model of corpus.models() is loaded by its peer (MuJoCo for MJCF, Pinocchio for URDF) and by
Morsel; for each one the peer loads, Morsel must load it with the same joints, the same link /
body / site poses at CONFIGS_PER_MODEL configurations (1e-9), and the same total mass and CoM
(1e-9 relative), unless known_gaps.txt lists it with its reason. Models the peer refuses are
counted and reported, not failures. A summary is written to target/corpus/summary.json.
"""
import json
from collections import Counter

import pytest

import corpus


@pytest.fixture(scope="module")
def run():
    work = corpus.ROOT / "target" / "corpus" / "test"
    outcome, refused, entries = corpus.run_corpus(work)
    gaps = corpus.known_gaps()
    summary = summarize(outcome, refused, entries, gaps)
    (corpus.ROOT / "target" / "corpus").mkdir(parents=True, exist_ok=True)
    (corpus.ROOT / "target" / "corpus" / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    print_summary(summary)
    return outcome, refused, entries, gaps


def summarize(outcome, refused, entries, gaps):
    packages = Counter(key.split("/")[0] for key, _, _, _ in entries)
    kinds = {key: kind for key, _, kind, _ in entries}
    peer_loads = Counter(kinds[k] for k, v in outcome.items() if not isinstance(v, tuple))
    morsel_loads = Counter(
        kinds[k] for k, v in outcome.items()
        if v == "agree" or (isinstance(v, tuple) and v[1])
        or (isinstance(v, list) and not v[0].startswith("Morsel refuses"))
    )
    return {
        "models": len(entries),
        "per_package": dict(packages),
        "peer_loads": dict(peer_loads),
        "morsel_loads": dict(morsel_loads),
        "agree": sum(1 for v in outcome.values() if v == "agree"),
        "peer_refuses": {k: {"peer": refused[k], "morsel_loads_it": outcome[k][1]} for k in sorted(refused)},
        "differ": {k: v for k, v in sorted(outcome.items()) if isinstance(v, list)},
        "known_gaps": gaps,
    }


def print_summary(s):
    print(f"\ncorpus: {s['models']} models {s['per_package']}")
    print(f"peer loads {s['peer_loads']}, Morsel loads {s['morsel_loads']}, agree {s['agree']}")
    print(f"peer refuses {len(s['peer_refuses'])}:")
    for key, r in s["peer_refuses"].items():
        print(f"  {key}: {r['peer']} (Morsel {'loads' if r['morsel_loads_it'] else 'refuses'} it)")
    print(f"differ {len(s['differ'])} (known gaps {len(s['known_gaps'])}):")
    for key, problems in s["differ"].items():
        print(f"  {key}: {problems[0]}")


def test_the_corpus_is_complete(run):
    """The packages are found and hold what they held when this test was written (a package that
    moved its files would otherwise empty the corpus silently)."""
    _, _, entries, _ = run
    packages = Counter(key.split("/")[0] for key, _, _, _ in entries)
    assert packages["example-robot-data"] >= 60, packages
    assert packages["pybullet_data"] >= 1000, packages
    assert packages["dm_control"] >= 15, packages
    assert packages["gymnasium"] >= 10, packages


def test_every_model_the_peer_loads_agrees_with_it(run):
    outcome, _, _, gaps = run
    failures = {
        key: problems for key, problems in outcome.items()
        if isinstance(problems, list) and key not in gaps
    }
    report = "\n".join(f"{key}:\n    " + "\n    ".join(p) for key, p in sorted(failures.items()))
    assert not failures, f"{len(failures)} models differ from their peer:\n{report}"


def test_known_gaps_are_current(run):
    """Every listed gap is a model of the corpus that still differs: a fixed one leaves the file."""
    outcome, _, _, gaps = run
    stale = [key for key in gaps if not isinstance(outcome.get(key), list)]
    assert not stale, f"known_gaps.txt lists models that are no gap (any more): {stale}"
