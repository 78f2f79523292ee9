"""Figures of fishtest's own statistics code, run unchanged, for our SPRT tests (sprt-cases.json).

Run with fishtest's server folder on the path (a checkout of github.com/official-stockfish/fishtest):
    PYTHONPATH=/path/to/fishtest/server python3 generate.py > sprt-cases.json
It needs scipy. Every figure comes from fishtest.stats: LLR_logistic, SPRT_elo (logistic), update_SPRT (one pair a
batch), and the pentanomial nElo that fishtest's pages show (its template helper's formula, written out here from
LLRcalc.stats_ex and stat_util.Phi_inv, as that helper's module needs the web server's packages).
"""

import json
import random

from fishtest.stats import LLRcalc
from fishtest.stats.stat_util import SPRT, SPRT_elo, Phi_inv, update_SPRT

SETTINGS = [
    {"elo0": 0, "elo1": 5, "alpha": 0.05, "beta": 0.05},
    {"elo0": 0, "elo1": 10, "alpha": 0.05, "beta": 0.05},
    {"elo0": -3, "elo1": 1, "alpha": 0.05, "beta": 0.05},
    {"elo0": 0, "elo1": 50, "alpha": 0.05, "beta": 0.1},
]

COUNTS = [
    [5, 20, 40, 25, 10],
    [10, 20, 40, 20, 10],
    [2, 10, 30, 40, 18],
    [0, 0, 7, 0, 0],
    [0, 0, 0, 0, 9],
    [9, 0, 0, 0, 0],
    [1, 0, 0, 0, 0],
    [0, 0, 0, 1, 0],
    [0, 3, 0, 0, 2],
    [1187, 7410, 13475, 7378, 1164],
    [10789, 19328, 33806, 19402, 10543],
    [39, 2226, 31451, 2412, 40],
    [0, 12, 30, 15, 1],
    [3, 0, 5, 0, 4],
]


def nelo(results):
    """fishtest's pentanomial nElo and its 95% half-width (http/template_helpers.py, _nelo_pentanomial_details)."""
    coefficient = LLRcalc.nelo_divided_by_nt / (2**0.5)
    n, pdf = LLRcalc.results_to_pdf(results)
    avg, var, skewness, exkurt = LLRcalc.stats_ex(pdf)
    t = (avg - 0.5) / var**0.5
    var_t = max(1 - t * skewness + 0.25 * t**2 * (exkurt + 2), 0)
    return coefficient * t, coefficient * Phi_inv(0.975) * (var_t / n) ** 0.5


def figures(counts, settings):
    a = SPRT_elo({"pentanomial": counts}, alpha=settings["alpha"], beta=settings["beta"], elo0=settings["elo0"], elo1=settings["elo1"], elo_model="logistic")
    n, half = nelo(counts)
    return {
        "counts": counts,
        "settings": settings,
        "llr": LLRcalc.LLR_logistic(settings["elo0"], settings["elo1"], counts),
        "elo": a["elo"],
        "ci": a["ci"],
        "los": a["LOS"],
        "nelo": n,
        "nelo95": half,
    }


def stop(scores, settings):
    """update_SPRT after each pair (batch size 1): where it stops, and how."""
    sprt = SPRT(alpha=settings["alpha"], beta=settings["beta"], elo0=settings["elo0"], elo1=settings["elo1"], elo_model="logistic", batch_size=1)
    counts = [0, 0, 0, 0, 0]
    for pairs, score in enumerate(scores, start=1):
        counts[score] += 1
        update_SPRT({"pentanomial": counts}, sprt)
        if sprt["state"]:
            return {"pairs": pairs, "state": sprt["state"], "llr": sprt["llr"]}
    return {"pairs": len(scores), "state": "", "llr": sprt["llr"]}


def pair_scores(rng, probabilities, count):
    return rng.choices(range(5), weights=probabilities, k=count)


cases = [figures(counts, settings) for counts in COUNTS for settings in SETTINGS]
rng = random.Random(30)
runs = []
for probabilities in ([0.05, 0.2, 0.5, 0.2, 0.05], [0.04, 0.18, 0.5, 0.22, 0.06], [0.1, 0.1, 0.3, 0.3, 0.2], [0.0, 0.1, 0.8, 0.1, 0.0]):
    for settings in SETTINGS[:2] + SETTINGS[3:]:
        for _ in range(3):
            scores = pair_scores(rng, probabilities, 3000)
            runs.append({"scores": scores, "settings": settings, **stop(scores, settings)})
for run in runs:
    run["scores"] = run["scores"][: run["pairs"]]
print(json.dumps({"source": "official-stockfish/fishtest b8eecff2, server/fishtest/stats", "cases": cases, "runs": runs}))
