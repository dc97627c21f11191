# Sourced by tools/server-check.sh and tools/dgl-check.sh: a game on a tmux
# terminal, typed at and read. The script defines tmx (its own tmux
# server) and screen_of NAME (the screen as text) first; settle_pause is
# how long a --More-- is given to show (seconds, 0.2 unless set).
keys() { tmx send-keys -t "$@"; }
settle() { # NAME: answer every --More-- (the welcome, a restore's)
    local i
    for i in $(seq 50); do
        sleep "${settle_pause:-0.2}"
        screen_of "$1" | grep -qF -- "--More--" || return 0
        keys "$1" Enter
    done
}
turn_of() { screen_of "$1" | grep -o 'T:[0-9]*' | tail -1; }
