"""The study on a real Ray cluster of two nodes on this machine (a head and
a worker node, one CPU each, ray.cluster_utils.Cluster): the worker node
is killed whole, every process of it, while it plays a game; Ray plays
that game again on the head, and the driver records every game exactly
once."""

import os
import threading
import time

import pytest

from flanking_study import results, runner

SETTINGS = ["flanking0", "dnd-ai0"]
SEEDS = range(1, 3)
STEPS = 150


def test_a_node_killed_mid_game_loses_no_game_and_records_none_twice(tmp_path, monkeypatch):
    from ray.cluster_utils import Cluster

    # A local cluster, offline: no usage statistics, no token in $HOME.
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    started = tmp_path / "started"
    started.mkdir()
    # Each game leaves a file "<setting>.<seed>.<node>" once its first
    # step is played (runner._play).
    monkeypatch.setenv("FLANKING_STUDY_STARTED_DIR", str(started))
    path = str(tmp_path / "games.jsonl")

    cluster = Cluster(
        initialize_head=True,
        head_node_args={
            "num_cpus": 1,
            # A dead node is known within seconds, not the default's 30 s.
            "_system_config": {"health_check_period_ms": 1000, "health_check_failure_threshold": 3},
        },
    )
    try:
        head = cluster.head_node.node_id
        worker = cluster.add_node(num_cpus=1)
        cluster.wait_for_nodes()
        doomed = worker.node_id
        # A game there waits after its first step: killed mid-game, surely.
        monkeypatch.setenv("FLANKING_STUDY_HOLD_NODE", doomed)
        killed = []
        over = threading.Event()

        def kill_the_worker_node_mid_game():
            while not killed and not over.is_set():
                games = [f.split(".") for f in os.listdir(started)]
                there = [(n, int(s)) for n, s, node in games if node == doomed]
                if there:
                    # every process of the node at once, as a dead machine
                    cluster.remove_node(worker, allow_graceful=False)
                    killed.extend(there)
                    return
                time.sleep(0.1)

        killer = threading.Thread(target=kill_the_worker_node_mid_game, daemon=True)
        killer.start()
        try:
            failed = runner.run(SETTINGS, SEEDS, path, address=cluster.address, max_steps=STEPS, progress=False)
        finally:
            over.set()
            killer.join()
    finally:
        cluster.shutdown()

    assert killed, "no game was played on the worker node"
    assert failed == 0
    records = results.read(path)
    keys = sorted((r["setting"], r["seed"]) for r in records)
    assert keys == sorted((n, s) for n in SETTINGS for s in SEEDS)  # each exactly once
    by = {(r["setting"], r["seed"]): r for r in records}
    for game in killed:
        # started on the killed node, played again and recorded from the head
        assert by[game]["node"] == head
    for r in records:
        assert r["end"] == "step-cap" and r["steps"] == STEPS
        assert r["identity"] == runner.identities_of([r["setting"]], say=False)[r["setting"]]
    print("\nkilled the worker node %s mid-game in %s; played again on the head %s; %d games, "
          "each recorded once" % (doomed[:8], killed, head[:8], len(records)))


if __name__ == "__main__":
    raise SystemExit(pytest.main(["-q", "-s", __file__]))
