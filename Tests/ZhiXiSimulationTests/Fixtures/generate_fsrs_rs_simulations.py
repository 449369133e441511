"""Reference results of fsrs-rs's simulator for the card simulator's fidelity tests.

Runs fsrs-rs `simulate` (fsrs_rs_python 0.9.3, which wraps the fsrs crate 6.6.2) on a few
small configurations, 40 seeds each, and writes the mean and standard deviation of its
totals to fsrs-rs-simulations.json beside this script. fsrs-rs draws from a different
generator (and breaks ties in its priority queue arbitrarily), so the tests compare means,
not runs.

    python3 Tests/ZhiXiSimulationTests/Fixtures/generate_fsrs_rs_simulations.py
"""
import json
import os
import statistics

import fsrs_rs_python as fsrs

SEEDS = list(range(1000, 1040))

CASES = [
    {"name": "small deck, learn limit", "retention": 0.9,
     "config": {"deck_size": 400, "learn_span": 60, "max_cost_perday": 600.0, "learn_limit": 20}},
    {"name": "review limit counts new cards, suspension", "retention": 0.85,
     "config": {"deck_size": 1000, "learn_span": 120, "max_cost_perday": 900.0, "learn_limit": 30,
                "review_limit": 60, "new_cards_ignore_review_limit": False, "suspend_after_lapses": 2}},
    {"name": "high retention, three learning steps", "retention": 0.95,
     "config": {"deck_size": 300, "learn_span": 90, "max_cost_perday": 1200.0, "learning_step_count": 3,
                "relearning_step_count": 2, "max_ivl": 30.0}},
]


def make_config(overrides):
    config = fsrs.default_simulator_config()
    for key, value in overrides.items():
        setattr(config, key, value)
    return config


def main():
    cases = []
    for case in CASES:
        config = make_config(case["config"])
        totals = {"memorizedAtEnd": [], "totalReviews": [], "totalLearned": [], "totalSeconds": [], "correctReviews": []}
        for seed in SEEDS:
            result = fsrs.simulate(fsrs.DEFAULT_PARAMETERS, case["retention"], config, seed)
            totals["memorizedAtEnd"].append(result.memorized_cnt_per_day[-1])
            totals["totalReviews"].append(sum(result.review_cnt_per_day))
            totals["totalLearned"].append(sum(result.learn_cnt_per_day))
            totals["totalSeconds"].append(sum(result.cost_per_day))
            totals["correctReviews"].append(sum(result.correct_cnt_per_day))
        cases.append({
            "name": case["name"], "retention": case["retention"], "config": case["config"], "seeds": len(SEEDS),
            "mean": {key: statistics.mean(values) for key, values in totals.items()},
            "standardDeviation": {key: statistics.stdev(values) for key, values in totals.items()},
        })
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fsrs-rs-simulations.json")
    with open(path, "w") as file:
        json.dump({"source": "fsrs_rs_python 0.9.3 (fsrs 6.6.2) simulate, default parameters", "cases": cases}, file, indent=1)
        file.write("\n")


if __name__ == "__main__":
    main()
