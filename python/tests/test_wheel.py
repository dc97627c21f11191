"""The wheel an agent builder installs (./dev wheel, tools/wheel.py): pip
installs it into a fresh virtual environment outside the repository, with
its dependencies from the user's index, and every rule set plays from it;
on another platform it is refused, by name."""

import os
import shutil
import subprocess
import sys
import zipfile

import pytest

from nle_flanking import settings

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Played inside the fresh environment: nothing of the checkout on its path.
PLAY = r"""
import os, sys
import gymnasium as gym
import numpy as np
import nle_flanking
from nle_flanking import envs

here = os.path.dirname(nle_flanking.__file__)
assert here.startswith(sys.prefix), here
assert not any(p.startswith(sys.argv[1]) for p in sys.path), sys.path
print("nle_flanking from", here)
for rules in nle_flanking.rule_sets():
    env = gym.make("NetHackFlankingScore-v0", rules=rules).unwrapped
    env._max_episode_steps = 60
    obs, _ = env.reset(seed=7)
    rng = np.random.default_rng(7)
    done = False
    while not done:
        obs, _, done, _, _ = env.step(int(rng.integers(env.action_space.n)))
    (record,) = env.xlog_records()
    assert record["flankrules"] == rules, record
    print("%-20s turns=%-4s death=%s" % (rules, record["turns"], record["death"]))
    env.close()
env = gym.make("NetHackFlankingChallenge-v0", flanking=50).unwrapped
env._max_episode_steps = 60
env.reset()
done = False
while not done:
    done = env.step(0)[2]
(record,) = env.xlog_records()
assert record["flanking"] == "50", record
print("challenge            %s" % record["flankcode"])
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheels")
    path = subprocess.run(
        [sys.executable, os.path.join(REPO, "tools", "wheel.py"), str(out)],
        check=True, capture_output=True, text=True,
    ).stdout.splitlines()[-1]
    return path


def test_the_wheel_says_what_it_is(wheel):
    assert os.path.basename(wheel) == "nle_flanking-0.1.0-py3-none-linux_x86_64.whl"
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
        meta = whl.read("nle_flanking-0.1.0.dist-info/METADATA").decode()
        tag = whl.read("nle_flanking-0.1.0.dist-info/WHEEL").decode()
        lib = whl.read("nle_flanking/_game/libnethack.so")
    assert {"nle_flanking/_game/libnethack.so", "nle_flanking/_game/nhdat"} <= names
    assert "Requires-Dist: nle==1.3.0\n" in meta and "Requires-Dist: gymnasium\n" in meta
    assert "Tag: py3-none-linux_x86_64\n" in tag and "Root-Is-Purelib: false" in tag
    with open(settings.LIBNETHACK, "rb") as f:
        assert lib == f.read()
    assert lib[:4] == b"\x7fELF" and lib[18] == 0x3E  # e_machine: x86-64


def test_pip_installs_it_in_a_fresh_venv_and_every_rule_set_plays(wheel, tmp_path):
    # outside the repository, as an agent builder has it
    assert not str(tmp_path).startswith(REPO)
    shutil.copy(wheel, tmp_path)
    venv = tmp_path / "venv"
    subprocess.run(["/usr/bin/python3", "-m", "venv", str(venv)], check=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON") and k != "VIRTUAL_ENV"}
    pip = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check",
         str(tmp_path / os.path.basename(wheel))],
        cwd=tmp_path, env=env, capture_output=True, text=True,
    )
    assert pip.returncode == 0, pip.stdout + pip.stderr
    (tmp_path / "play.py").write_text(PLAY)
    run = subprocess.run(
        [str(venv / "bin" / "python"), "play.py", REPO],
        cwd=tmp_path, env=env, capture_output=True, text=True,
    )
    print(run.stdout)
    assert run.returncode == 0, run.stdout + run.stderr
    played = [line.split()[0] for line in run.stdout.splitlines()[1:]]
    assert played == list(settings.rule_sets()) + ["challenge"]


def test_pip_refuses_it_on_another_platform(wheel, tmp_path):
    pip = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--dry-run", "--no-deps", "--no-index",
         "--platform", "macosx_11_0_arm64", "--only-binary=:all:", "--target", str(tmp_path / "t"),
         wheel],
        capture_output=True, text=True,
    )
    assert pip.returncode != 0
    assert "nle_flanking-0.1.0-py3-none-linux_x86_64.whl is not a supported wheel on this platform" in pip.stderr


@pytest.mark.parametrize("system, machine", [("darwin", "arm64"), ("linux", "aarch64"), ("win32", "AMD64")])
def test_the_package_refuses_another_platform_by_name(system, machine):
    with pytest.raises(ImportError, match="built for Linux on x86-64 .*, and this platform is %s on %s" % (system, machine)):
        settings.check_platform(system, machine)
    settings.check_platform("linux", "x86_64")  # this one
