#!/bin/bash
# A first install of the classic game for a public server (docs/SERVER.md,
# sections 1-3): built with the server's hints, every owner, mode, sysconf
# line and the save files' key set, the playground's variable files in a
# directory only the games group can enter.
#
#   tools/server-install.sh PREFIX [--chroot DIR]      (as root)
#
# PREFIX is the path the game sees (inside the chroot, with --chroot DIR:
# the game is then installed under DIR/PREFIX on the host).  The last line
# printed is the playground on the host, $DIR$PREFIX/games/lib/nethackdir.
#
# The layout it makes (the game setgid games; a player outside the group
# reaches none of the files his game writes for him, since they are his
# uid's: the directory that holds them shuts him out, whatever their mode):
#
#   nethackdir/            root:games 0755  the game, nhdat, sysconf, the key
#     nethack              root:games 2755  setgid games
#     recover, nhdat, ...  root:games 0755 / 0644
#     sysconf              root:games 0644  read at every start, root writes
#     savekey              root:games 0640  32 random bytes (sysconf SAVEKEY)
#     var/                 root:games 2770  VAR_PLAYGROUND: only the group enters
#       save/ dumplog/     root:games 2770
#       record logfile xlogfile perm paniclog
#                          root:games 0660
#       (level files, locks, bones, saves, dump logs, what a dead game
#        leaves: made there by the games, the group games)
#
# sysconf: WIZARDS=root, MAXPLAYERS=10, DUMPLOGFILE in var/dumplog,
# SAVEKEY=savekey.  A first install only: NetHack's `make install` empties
# the playground first, so a PREFIX that has one already is refused
# (docs/SERVER.md, "Upgrading", says how to upgrade it).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
usage() {
    echo "usage: tools/server-install.sh PREFIX [--chroot DIR]" >&2
    exit 2
}
prefix=
chroot=
while [ $# -gt 0 ]; do
    case $1 in
    --chroot) [ $# -ge 2 ] || usage; chroot=$2; shift 2 ;;
    --chroot=*) chroot=${1#--chroot=}; shift ;;
    -*) echo "server-install: unknown option $1" >&2; usage ;;
    *) [ -z "$prefix" ] || usage; prefix=$1; shift ;;
    esac
done
[ -n "$prefix" ] || usage
case $prefix in /*) ;; *) echo "server-install: PREFIX must be absolute: $prefix" >&2; exit 2 ;; esac
case $chroot in "" | /*) ;; *) echo "server-install: --chroot must be absolute: $chroot" >&2; exit 2 ;; esac
chroot=${chroot%/}
[ "$(id -u)" -eq 0 ] || { echo "server-install: run it as root (it sets owners and the setgid bit)" >&2; exit 2; }
getent group games >/dev/null || { echo "server-install: no group games on this machine" >&2; exit 2; }

hack=$chroot$prefix/games/lib/nethackdir
if [ -e "$hack" ]; then
    echo "server-install: $hack exists already: a playground, which NetHack's make install would empty" >&2
    echo "server-install: this is for a first install; to upgrade, follow docs/SERVER.md, \"Upgrading without breaking running games\"" >&2
    exit 1
fi

"$repo/tools/classic-build.sh" --hints linux-flanking-server ${chroot:+--chroot "$chroot"} "$prefix"
var=$hack/var
[ -d "$var/save" ] || { echo "server-install: the build made no $var/save (not VAR_PLAYGROUND's layout?)" >&2; exit 1; }

echo "server-install: owners and modes in $hack"
mkdir -p "$var/dumplog"
touch "$var/paniclog" "$var/record" "$var/logfile" "$var/xlogfile" "$var/perm"
(umask 077 && head -c 32 /dev/urandom >"$hack/savekey")
chown -R root:games "$hack"
# what is read: every file but the key readable, nothing writable but root's
find "$hack" -path "$var" -prune -o -type d -exec chmod 0755 {} + -o -type f -exec chmod go-w,a+r {} +
chmod 2755 "$hack/nethack"
chmod 0755 "$hack/recover"
chmod 0644 "$hack/sysconf" "$hack/nhdat"
chmod 0640 "$hack/savekey"
# what is written: the games group's alone
chmod 2770 "$var" "$var/save" "$var/dumplog"
chmod 0660 "$var/record" "$var/logfile" "$var/xlogfile" "$var/perm" "$var/paniclog"

echo "server-install: sysconf for a server"
sysconf=$hack/sysconf
set_line() { # NAME VALUE: the sysconf line NAME=VALUE, in place of NAME's (or #NAME's)
    if grep -qE "^#?$1=" "$sysconf"; then
        sed -i -E "0,/^#?$1=.*/s||$1=$2|" "$sysconf"
    else
        echo "$1=$2" >>"$sysconf"
    fi
}
set_line WIZARDS root
set_line MAXPLAYERS 10
set_line DUMPLOGFILE 'var/dumplog/%n.%d.txt'
set_line SAVEKEY savekey
for l in 'WIZARDS=root' 'MAXPLAYERS=10' 'DUMPLOGFILE=var/dumplog/%n.%d.txt' 'SAVEKEY=savekey'; do
    [ "$(grep -cxF "$l" "$sysconf")" -eq 1 ] || { echo "server-install: sysconf does not say $l once" >&2; exit 1; }
done

ls -la "$hack" "$var" | sed 's/^/  /'
echo "server-install: ok: the game is $hack/nethack (setgid games); its variable files in $var (root:games 2770)"
echo "$hack"
