#!/bin/bash
# NLE 1.3.0's own test suite, from its sdist (nle/tests/test_envs.py,
# test_nethack.py, test_system.py), played by the variant's game in every
# environment NLE makes and in NLE's raw Nethack (suite/sitecustomize.py),
# at one FLANKING percent (default 0, where the variant must pass it as
# vanilla NLE does).  suite/test_envs.patch makes the suite tell a
# Challenge by its class, as it tells NLE's own by its name.
#
#   tools/nle/suite.sh [--flanking PERCENT] [PYTEST ARGS...]
#
# Needs the sdist (tools/nle/build.sh fetch), the package's game
# (tools/nle/build.sh) and the project's Python (target/py; $NLE_PYTHON
# names another with nle, gymnasium and pytest).  Prints pytest's summary:
# passed, failed, skipped.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
build=${NLE_BUILD_DIR:-$repo/target/nle}
case $build in /*) ;; *) build=$PWD/$build ;; esac
py=${NLE_PYTHON:-$repo/target/py/bin/python}
case $py in */*) case $py in /*) ;; *) py=$PWD/$py ;; esac ;; esac
sdist=$build/nle-1.3.0.tar.gz
flanking=0
if [ "${1:-}" = --flanking ]; then
    flanking=${2:?--flanking needs a percent}
    shift 2
fi

die() {
    echo "tools/nle/suite.sh: $*" >&2
    exit 1
}
[ -f "$sdist" ] || die "no $sdist: run tools/nle/build.sh fetch first"
[ -x "$py" ] || die "no $py: run ./dev setup (or set NLE_PYTHON)"

# A fresh copy of the three test files (and nothing else of NLE's), patched.
suite=$build/suite
rm -rf "$suite"
mkdir -p "$suite/tests"
tar -xzf "$sdist" -C "$suite/tests" --strip-components=3 \
    nle-1.3.0/nle/tests/test_envs.py nle-1.3.0/nle/tests/test_nethack.py \
    nle-1.3.0/nle/tests/test_system.py
patch -d "$suite/tests" -p1 --fuzz=0 --no-backup-if-mismatch -s \
    -i "$repo/tools/nle/suite/test_envs.patch" ||
    die "tools/nle/suite/test_envs.patch does not apply to NLE's test_envs.py"

echo "NLE 1.3.0's own tests, the variant's game at FLANKING=$flanking" >&2
cd "$suite/tests"
NLE_SUITE_FLANKING=$flanking PYTHONPATH="$repo/tools/nle/suite:$repo/python" \
    "$py" -m pytest -p no:cacheprovider -q -rfE --rootdir "$suite/tests" "$@" \
    test_envs.py test_nethack.py test_system.py
