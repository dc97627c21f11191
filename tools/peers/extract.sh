#!/bin/sh
# Extract the peers' own functions, verbatim, from the mirrors at the named
# commits, into nerfhack/extracted.c and silq/extracted.c (never into the
# project's repository); and SpliceHack's and Hack'EM's calculate_flankers()
# into splicehack/extracted.c and hackem/extracted.c.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
NH=${NERFHACK_GIT:-/work/.mirror/elunna+NerfHack/repo}
SQ=${SILQ_GIT:-/work/.mirror/sil-quirk+sil-q/repo}
NHC=5194598f759d704f13e736d38b98c2ead2e662e9
SQC=7516a49f77fdb1494d100d71011f94383855958f
SP=${SPLICEHACK_GIT:-/work/.mirror/NullCGT+SpliceHack/repo}
HK=${HACKEM_GIT:-/work/.mirror/elunna+hackem/repo}
SPC=8d70ade6f015c7894c171af691393327983173fe
HKC=cebe2f36e1908e82665c01a30a9eef2f108d07d9
# fn FILE-TEXT START-REGEX: from the line matching START-REGEX (and the line
# before it, when that is a return type alone) to the first "}" in column 0.
fn() { awk -v re="$1" '
  { prev = cur; cur = $0 }
  !on && $0 ~ re { on = 1; if (prev ~ /^[a-z_ ]+$/ && prev !~ /^$/) print prev }
  on { print } on && /^}/ { exit }'; }
{
  echo "/* extracted by extract.sh from elunna/NerfHack $NHC, src/mon.c */"
  git -C "$NH" show $NHC:src/mon.c | grep -E '^#define (MIN|MAX)_FLANK_BONUS'
  git -C "$NH" show $NHC:src/mon.c | fn '^calculate_flankers\('
  git -C "$NH" show $NHC:src/mon.c | fn '^int flank_bonus\('
} > "$HERE/nerfhack/extracted.c"
{
  echo "/* extracted by extract.sh from sil-quirk/sil-q $SQC */"
  echo "/* src/tables.c */"
  git -C "$SQ" show $SQC:src/tables.c | grep -E '^const s16b dd[xy]\[10\]'
  echo "/* src/melee2.c */"
  git -C "$SQ" show $SQC:src/melee2.c | fn '^extern bool attacker_at\('
  echo "/* src/xtra2.c */"
  git -C "$SQ" show $SQC:src/xtra2.c | fn '^int dir_from_delta\('
  git -C "$SQ" show $SQC:src/xtra2.c | fn '^int rough_direction\('
  echo "/* src/cmd1.c */"
  git -C "$SQ" show $SQC:src/cmd1.c | fn '^int overwhelming_att_mod\('
} > "$HERE/silq/extracted.c"
{
  echo "/* extracted by extract.sh from NullCGT/SpliceHack $SPC, src/mhitu.c */"
  git -C "$SP" show $SPC:src/mhitu.c | fn '^calculate_flankers\('
} > "$HERE/splicehack/extracted.c"
{
  echo "/* extracted by extract.sh from elunna/hackem $HKC, src/mhitu.c */"
  git -C "$HK" show $HKC:src/mhitu.c | fn '^calculate_flankers\('
} > "$HERE/hackem/extracted.c"
wc -l "$HERE/nerfhack/extracted.c" "$HERE/silq/extracted.c" \
  "$HERE/splicehack/extracted.c" "$HERE/hackem/extracted.c"
