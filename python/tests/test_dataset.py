"""The variant's recordings load with NLE's own dataset tools (nle.dataset),
as the NetHack Learning Dataset's tooling reads NLE's: a savedir of games
becomes a database of games and ttyrecs, and its frames are the game."""

import numpy as np
from nle.dataset import dataset, db, populate_db

import nle_flanking  # noqa: F401  (registers the environments)

GAMES = 3
STEPS = 40


def test_a_savedir_loads_with_nle_dataset(tmp_path, recording):
    # NLE's layout: nle_data/<run>/nle.<pid>.<episode>.ttyrec3.bz2 and
    # nle.<pid>.xlogfile
    env = recording(tmp_path / "nle_data" / "run", "dnd").unwrapped
    env._max_episode_steps = STEPS
    rng = np.random.default_rng(5)
    seen = []  # the terminal at each step of the first game
    for game in range(GAMES):
        obs, _ = env.reset(seed=game)
        done = False
        while not done:
            if game == 0:
                seen.append(obs["tty_chars"].copy())
            obs, _, done, _, _ = env.step(int(rng.integers(env.action_space.n)))
    env.close()
    assert len(env.xlog_records()) == GAMES

    filename = str(tmp_path / "ttyrecs.db")
    db.create(filename)
    populate_db.add_nledata_directory(str(tmp_path / "nle_data"), "flanking", filename)
    with db.connect(filename) as conn:
        assert db.count_games("flanking", conn=conn) == GAMES

    data = dataset.TtyrecDataset(
        "flanking", batch_size=GAMES, seq_length=20, dbfilename=filename, shuffle=False
    )
    gameids = sorted(data._gameids)
    assert len(gameids) == GAMES
    meta = data.get_meta(gameids[0])
    assert (meta["name"], meta["death"], meta["version"]) == ("Agent", "quit", "3.6.7")
    assert data.get_paths(gameids[0])[0].endswith(".0.ttyrec3.bz2")
    batch = next(iter(data))
    assert batch["tty_chars"].shape == (GAMES, 20, 24, 80)
    # the first game's recording shows the screens its agent saw
    frames = batch["tty_chars"][0]
    matched = sum(any(np.array_equal(f, s) for s in seen) for f in frames)
    assert matched >= 10, "%d of the recording's 20 frames are screens the agent saw" % matched
    assert "welcome to NetHack!" in frames[0][0].tobytes().decode("latin-1")
    print(
        "nle.dataset: %d games; %d of the first game's first 20 frames are its agent's screens; death: %s"
        % (len(gameids), matched, meta["death"])
    )
