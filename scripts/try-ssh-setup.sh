#!/usr/bin/env bash
# Tries docs/ssh.md's setup, as written, against a real OpenSSH server.
#
# RUN IT ONLY AS ROOT ON A THROWAWAY MACHINE (a container or VM you will discard).
# It installs Debian packages (openssh-server, acl, tmux, and sshpass if it can), adds the
# group `players` and the users `referee` and `tablewatch`, makes /srv/adjutant, installs
# /usr/local/bin/adjutant, and runs a second, private sshd on 127.0.0.1:2222 with its own
# config file, host key and pid file. It does not touch the system's sshd (port 22) or
# /etc/ssh. On exit it removes what it made: the private sshd, its tmux server, the users,
# the group, /srv/adjutant, its temporary folder, and puts /usr/local/bin/adjutant back as
# it was. The packages stay installed.
#
# Usage:
#   scripts/try-ssh-setup.sh --yes-this-machine-is-disposable [path/to/adjutant]
# The binary defaults to target/release/adjutant, built with `cargo build --release` when
# missing (docs/ssh.md step 1); target/debug/adjutant serves as well.
#
# Every check prints one PASS or FAIL line; the exit status is 0 when all passed, 1 when one
# failed, 2 when the script could not run. The referee's commands run as `referee`, a plain
# account, through `runuser -l`; the players' ssh client runs as root with its own keys and
# known_hosts in the temporary folder, inside tmux on a private socket (`tmux -L sshsetup`).
# shellcheck disable=SC2317 # functions called through check, trap and tmux look unreachable to it
set -euo pipefail

readonly PORT=2222
readonly GROUP=players
readonly REF=referee
readonly WATCHER=tablewatch
readonly SAVES=/srv/adjutant/saves
readonly SAVE=$SAVES/tonight.toml
readonly BIN=/usr/local/bin/adjutant
readonly SOCK=sshsetup
readonly FLAG=--yes-this-machine-is-disposable

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
doc=$repo/docs/ssh.md

die() {
    echo "try-ssh-setup: $*" >&2
    exit 2
}

usage() {
    sed -n "2,/^# shellcheck/p" "${BASH_SOURCE[0]}" | sed "\$d; s/^# \{0,1\}//"
}

# ---------------------------------------------------------------- arguments, refusals

agreed=no
adj=
for arg in "$@"; do
    case $arg in
        "$FLAG") agreed=yes ;;
        -h | --help) usage; exit 0 ;;
        -*) die "unknown option $arg (see --help)" ;;
        *) [[ -z $adj ]] || die "one binary only"; adj=$arg ;;
    esac
done
[[ $agreed == yes ]] || { usage >&2; die "refusing without $FLAG"; }
[[ $(id -u) == 0 ]] || die "must run as root (it adds users, a group and an sshd)"
[[ -f $doc ]] || die "no $doc"
getent group "$GROUP" >/dev/null && die "group $GROUP exists already; not a throwaway machine?"
for u in "$REF" "$WATCHER"; do
    getent passwd "$u" >/dev/null && die "user $u exists already; not a throwaway machine?"
done
[[ -e /srv/adjutant ]] && die "/srv/adjutant exists already"
if (exec 3<>/dev/tcp/127.0.0.1/$PORT) 2>/dev/null; then die "port $PORT is in use"; fi
tmux -L "$SOCK" has-session 2>/dev/null && die "a tmux server on socket $SOCK is running"

# ---------------------------------------------------------------- results, cleanup

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "PASS  $*"; }
fail() { failed=$((failed + 1)); echo "FAIL  $*"; }
# check NAME COMMAND...: PASS when the command succeeds.
check() {
    local name=$1
    shift
    if "$@"; then pass "$name"; else fail "$name"; return 1; fi
}
note() { echo "      $*"; }
# fails COMMAND...: the command fails (its output hidden), for checks that something is refused.
fails() { ! "$@" >/dev/null 2>&1; }
# quietly COMMAND...: the command succeeds (its output hidden; a check's line is not).
quietly() { "$@" >/dev/null 2>&1; }
section() { printf '\n== %s\n' "$*"; }

work=$(mktemp -d /tmp/try-ssh-setup.XXXXXX)
chmod 755 "$work"
sshd_pid=
made_run_sshd=no
bin_backup=
bin_installed=no
made_users=()
made_group=no
made_srv=no
bg_pids=()

cleanup() {
    local status=$?
    set +e
    tmux -L "$SOCK" kill-server 2>/dev/null
    rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$SOCK"
    for pid in "${bg_pids[@]}"; do kill "$pid" 2>/dev/null; done
    [[ -n $sshd_pid ]] && kill "$sshd_pid" 2>/dev/null && wait "$sshd_pid" 2>/dev/null
    # Sessions of the private sshd end with their clients; give them a moment.
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        pgrep -u "$WATCHER" >/dev/null 2>&1 || break
        sleep 0.5
    done
    for u in "${made_users[@]}"; do userdel -f -r "$u" >/dev/null 2>&1 || userdel -f "$u"; done
    [[ $made_group == yes ]] && groupdel "$GROUP"
    [[ $made_srv == yes ]] && rm -rf /srv/adjutant
    if [[ -n $bin_backup ]]; then
        mv -f "$bin_backup" "$BIN"
    elif [[ $bin_installed == yes ]]; then
        rm -f "$BIN"
    fi
    [[ $made_run_sshd == yes ]] && rmdir /run/sshd 2>/dev/null
    rm -rf "$work"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---------------------------------------------------------------- helpers

# as_referee COMMAND: a login shell of the referee's account runs the command.
as_referee() { runuser -l "$REF" -c "$1"; }

# mode_of FILE: "mode owner group", e.g. "640 referee players".
mode_of() { stat -c '%a %U %G' "$1"; }

# is_mode FILE WANT: the file's mode, owner and group are WANT (says what they are if not).
is_mode() {
    local got
    got=$(mode_of "$1")
    [[ $got == "$2" ]] || { note "$1 is $got, wanted $2"; return 1; }
}

t() { tmux -L "$SOCK" "$@"; }
# screen_of NAME: the pane's text, with what scrolled off (a dead pane's last words do).
screen_of() { t capture-pane -p -S - -t "$1" 2>/dev/null; }
show_screen() { screen_of "$1" | sed '/^[[:space:]]*$/d; s/^/      | /'; }
screen_has() { screen_of "$1" | grep -Eq -- "$2"; }
pane_dead() { [[ $(t display-message -p -t "$1" '#{pane_dead}' 2>/dev/null) == 1 ]]; }

# open_session NAME COLS ROWS COMMAND: the command in a new tmux window of that size.
open_session() {
    t -f "$work/tmux.conf" new-session -d -s "$1" -x "$2" -y "$3" "$4"
}

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# wait_screen NAME REGEX SECONDS: until the screen matches (grep -E).
wait_screen() {
    local end=$(($(now_ms) + $3 * 1000))
    while :; do
        screen_has "$1" "$2" && return 0
        (($(now_ms) <= end)) || break
        sleep 0.1
    done
    note "no /$2/ on $1 within $3 s; the screen:"
    show_screen "$1"
    return 1
}

# wait_dead NAME SECONDS: until the session's command has ended.
wait_dead() {
    local end=$((SECONDS + $2))
    while ((SECONDS <= end)); do
        pane_dead "$1" && return 0
        sleep 0.2
    done
    note "$1 still running after $2 s"
    return 1
}

close_session() { t kill-session -t "$1" 2>/dev/null || true; }

# The France side only: French units shown, no allied unit id anywhere.
# shows_side NAME OURS THEIRS: the roster, from its first unit (g) to its last (G), shows
# units of ours (ids matching OURS) with their grade, and none of theirs with a grade:
# the other side is either not there or seen as a player sees it (grade `?`).
shows_side() {
    local s
    t send-keys -t "$1" g
    sleep 0.6
    s=$(screen_of "$1")
    t send-keys -t "$1" G
    sleep 0.6
    s+=$'\n'$(screen_of "$1")
    t send-keys -t "$1" g
    local graded=' +[^ ].* [A-E] +[^ ]* *[0-9]+/[0-9]+'
    if grep -Eq "($2)$graded" <<<"$s" && ! grep -Eq "($3)$graded" <<<"$s"; then
        if grep -Eq "($3) " <<<"$s"; then
            note "(the other side is shown, without its grades)"
        else
            note "(the other side is not shown)"
        fi
        return 0
    fi
    note "wanted /$2/ with grades and no /$3/ with grades on $1; the screens (g, G):"
    sed '/^[[:space:]]*$/d; s/^/      | /' <<<"$s"
    return 1
}
shows_france() { shows_side "$1" 'fr-[a-z0-9]+' '(nl|na|br|bw)-[a-z0-9-]+'; }
shows_allies() { shows_side "$1" '(nl|na|br|bw)-[a-z0-9-]+' 'fr-[a-z0-9]+'; }

# The forced command's session for the private sshd, as root's client with its own files.
ssh_base="ssh -F $work/ssh_config"

start_sshd() { # CONFIG [extra sshd options...]
    local conf=$1
    shift
    /usr/sbin/sshd -D -f "$conf" -p "$PORT" -h "$work/host_key" \
        -o PidFile="$work/sshd.pid" -o ListenAddress=127.0.0.1 -E "$work/sshd.log" "$@" &
    sshd_pid=$!
    local _
    for _ in $(seq 50); do
        if (exec 3<>/dev/tcp/127.0.0.1/$PORT) 2>/dev/null; then return 0; fi
        kill -0 "$sshd_pid" 2>/dev/null || break
        sleep 0.1
    done
    tail -n 5 "$work/sshd.log" >&2
    die "the private sshd did not start"
}
stop_sshd() {
    [[ -n $sshd_pid ]] || return 0
    kill "$sshd_pid" 2>/dev/null || true
    wait "$sshd_pid" 2>/dev/null || true
    sshd_pid=
}

# sshd_log_since MARK: the private sshd's log lines after line MARK.
log_lines() { wc -l <"$work/sshd.log"; }
log_since() { tail -n +"$(($1 + 1))" "$work/sshd.log"; }

# ---------------------------------------------------------------- 0. packages

section "packages"
need=()
for p in openssh-server acl tmux; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || need+=("$p")
done
if ((${#need[@]})); then
    echo "installing ${need[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" >"$work/apt.log" 2>&1 \
        || { tail "$work/apt.log" >&2; die "apt-get install ${need[*]} failed"; }
fi
have_sshpass=yes
if ! command -v sshpass >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q sshpass >>"$work/apt.log" 2>&1 \
        || have_sshpass=no
fi
echo "openssh-server $(dpkg-query -W -f='${Version}' openssh-server), $(ssh -V 2>&1), $(tmux -V)"

# Debian's stock file: the package's template when there is one, else /etc/ssh/sshd_config.
stock=/usr/share/openssh/sshd_config
[[ -f $stock ]] || stock=/etc/ssh/sshd_config
[[ -f $stock ]] || die "no stock sshd_config"
echo "stock sshd_config: $stock"

# ---------------------------------------------------------------- 1. the program

section "1. the program, where every account can run it"
if [[ -z $adj ]]; then
    adj=$repo/target/release/adjutant
    if [[ ! -x $adj ]]; then
        echo "building: cargo build --release"
        (cd "$repo" && cargo build --release) || die "cargo build --release failed"
    fi
fi
[[ -x $adj ]] || die "no adjutant binary at $adj"
if [[ -e $BIN ]]; then
    bin_backup=$work/adjutant.before
    cp -p "$BIN" "$bin_backup"
fi
install -m 755 "$adj" "$BIN"
bin_installed=yes
echo "$BIN from $adj"
check "1: another account (nobody) runs $BIN" \
    quietly runuser -u nobody -- "$BIN" scenarios

# ---------------------------------------------------------------- 2. the folder

section "2. a folder the players can read and not write"
useradd --create-home --shell /bin/bash "$REF"
made_users+=("$REF")
# docs/ssh.md, step 2, with "$USER" = the referee's account:
groupadd "$GROUP"
made_group=yes
made_srv=yes
mkdir -p "$SAVES"
chown "$REF":"$GROUP" "$SAVES"
chmod 2750 "$SAVES"
check "2: the folder is 2750 $REF $GROUP" is_mode "$SAVES" "2750 $REF $GROUP"

shared=()
for mask in 022 027 077; do
    f=$SAVES/umask-$mask.toml
    as_referee "umask $mask; adjutant new quatre-bras -o $f --mode 640 >/dev/null"
    check "2: umask $mask: adjutant new --mode 640 makes $f 640 $REF $GROUP" \
        is_mode "$f" "640 $REF $GROUP"
    as_referee "umask $mask; adjutant do $f hit fr-61 1 >/dev/null"
    check "2: umask $mask: after adjutant do (a rewrite) still 640 $REF $GROUP" \
        is_mode "$f" "640 $REF $GROUP"
    shared+=("$f")
done

f=$SAVES/later.toml
as_referee "umask 022; adjutant new quatre-bras -o $f >/dev/null"
check "2: umask 022: adjutant new without --mode makes 600 (yours alone)" \
    is_mode "$f" "600 $REF $GROUP"
as_referee "chmod 640 $f"
as_referee "umask 077; adjutant do $f hit fr-61 1 >/dev/null"
check "2: chmod 640 afterwards, then adjutant do under umask 077: still 640" \
    is_mode "$f" "640 $REF $GROUP"
shared+=("$f")

# The default ACL the doc once advised (a folder set up from an older docs/ssh.md).
acl=/srv/adjutant/acl
mkdir -p "$acl"
chown "$REF":"$GROUP" "$acl"
chmod 2750 "$acl"
setfacl -d -m g:"$GROUP":r "$acl"
f=$acl/tonight.toml
as_referee "umask 077; adjutant new quatre-bras -o $f --mode 640 >/dev/null"
check "2: default ACL, umask 077: adjutant new --mode 640 makes 640 $REF $GROUP" \
    is_mode "$f" "640 $REF $GROUP"
as_referee "umask 077; adjutant do $f hit fr-61 1 >/dev/null"
check "2: default ACL, umask 077: after adjutant do still 640 $REF $GROUP" \
    is_mode "$f" "640 $REF $GROUP"
shared+=("$f")

# The doc's own commands for tonight's game (the referee's usual umask).
as_referee "umask 022; adjutant new quatre-bras -o $SAVE --mode 640 >/dev/null"
check "2: adjutant new quatre-bras -o $SAVE --mode 640: 640 $REF $GROUP" \
    is_mode "$SAVE" "640 $REF $GROUP"
cat >"$work/tmux.conf" <<'EOF'
set -g remain-on-exit on
set -g history-limit 200
EOF
open_session play 80 24 "runuser -l $REF -c 'NO_COLOR=1 adjutant play $SAVE'"
if wait_screen play 'fr-2lg' 10; then
    t send-keys -t play h
    check "2: adjutant play: h on fr-2lg is saved" wait_screen play 'saved' 5
    t send-keys -t play q
    check "2: adjutant play: q ends it" wait_dead play 5
else
    fail "2: adjutant play opens the game"
fi
close_session play
check "2: after adjutant play's save still 640 $REF $GROUP" is_mode "$SAVE" "640 $REF $GROUP"
shared+=("$SAVE")
t kill-server 2>/dev/null || true

# ---------------------------------------------------------------- 3. the account

section "3. an account that can only watch"
useradd --create-home --shell /bin/sh --groups "$GROUP" "$WATCHER"
made_users+=("$WATCHER")
home=$(getent passwd "$WATCHER" | cut -d: -f6)
password="watch-$RANDOM-$RANDOM"
echo "$WATCHER:$password" | chpasswd # as `sudo passwd tablewatch` does, without a prompt

for f in "${shared[@]}"; do
    check "3: $WATCHER (group $GROUP) reads $f" \
        quietly runuser -u "$WATCHER" -- "$BIN" show "$f"
done
check "3: an account outside $GROUP (nobody) cannot read $SAVE" \
    fails runuser -u nobody -- cat "$SAVE"
check "3: $WATCHER cannot make a file in $SAVES" \
    fails runuser -u "$WATCHER" -- touch "$SAVES/x"
check "3: $WATCHER cannot write $SAVE" \
    fails runuser -u "$WATCHER" -- tee -a "$SAVE" </dev/null

# The Match block, exactly as docs/ssh.md writes it.
awk '/^    Match User /{on=1} on&&/^$/{exit} on{sub(/^    /,""); print}' "$doc" >"$work/match"
[[ -s $work/match ]] || die "no Match block in $doc"
grep -q "^Match User $WATCHER\$" "$work/match" || die "the doc's Match block is not for $WATCHER"
{ cat "$stock"; echo; cat "$work/match"; } >"$work/sshd_config"
cp "$stock" "$work/sshd_config.stock"
note "the doc's Match block:"
sed 's/^/      | /' "$work/match"

ssh-keygen -q -t ed25519 -N '' -C private-sshd -f "$work/host_key"
ssh-keygen -q -t ed25519 -N '' -C test-client -f "$work/id_client"
echo "[localhost]:$PORT $(cut -d' ' -f1,2 "$work/host_key.pub")" >"$work/known_hosts"
cat >"$work/ssh_config" <<EOF
Host *
    UserKnownHostsFile $work/known_hosts
    GlobalKnownHostsFile /dev/null
    StrictHostKeyChecking yes
    IdentitiesOnly yes
    ConnectTimeout 10
EOF

sshd_args=(-f "$work/sshd_config" -h "$work/host_key")
if [[ ! -d /run/sshd ]]; then
    out=$(/usr/sbin/sshd -t "${sshd_args[@]}" 2>&1 || true)
    check "3: without /run/sshd, sshd -t says Missing privilege separation directory" \
        grep -q 'Missing privilege separation directory: /run/sshd' <<<"$out"
    mkdir -p /run/sshd
    chmod 755 /run/sshd
    made_run_sshd=yes
fi
out=$(/usr/sbin/sshd -t "${sshd_args[@]}" 2>&1) || true
check "3: sshd -t prints nothing (the file is good)" test -z "$out"
[[ -z $out ]] || note "$out"
out=$(/usr/sbin/sshd -T "${sshd_args[@]}" -C user=$WATCHER,host=phone,addr=192.0.2.7 \
    | grep -i forcecommand || true)
check "3: sshd -T -C user=$WATCHER,… prints the forced command" \
    test "$out" == "forcecommand $BIN watch $SAVE --side france"
[[ -n $out ]] || note "(nothing)"
out=$(/usr/sbin/sshd -T "${sshd_args[@]}" -C user=$REF,host=phone,addr=192.0.2.7 \
    | grep -i forcecommand || true)
check "3: sshd -T -C user=$REF,… prints forcecommand none (the block is not $REF's)" \
    test "$out" == "forcecommand none"
[[ $out == "forcecommand none" ]] || note "${out:-(nothing)}"

start_sshd "$work/sshd_config"
install -d -o "$WATCHER" -g "$WATCHER" -m 700 "$home/.ssh"
install -o "$WATCHER" -g "$WATCHER" -m 600 "$work/id_client.pub" "$home/.ssh/authorized_keys"

key="-i $work/id_client -o BatchMode=yes"
client="$ssh_base $key"
client_a=(ssh -F "$work/ssh_config" -i "$work/id_client" -o BatchMode=yes)
key_a=(-i "$work/id_client" -o BatchMode=yes)

# The watcher over a key login, 80x24.
open_session k80 80 24 "NO_COLOR=1 $client -t -p $PORT $WATCHER@localhost"
if check "3: key login, 80x24: the screen shows WATCHING" wait_screen k80 'WATCHING' 15; then
    check "3: key login, 80x24: the France side (its units with their grades, no allied grade)" shows_france k80
    # docs/ssh.md: "a change shows within a second".
    as_referee "adjutant do $SAVE hit fr-61 1 >/dev/null"
    start=$(now_ms)
    if check "3: the referee's adjutant do hit fr-61 1: fr-61 at 11/12 on the watcher within 1 s" \
        wait_screen k80 'fr-61 .* 11/12' 1; then
        note "shown $(($(now_ms) - start)) ms after adjutant do ended"
    fi
    check "3: … and the status line says updated …: hit fr-61 1" \
        wait_screen k80 'updated .*: hit fr-61 1' 1
    before=$(sha256sum <"$SAVE")
    t send-keys -t k80 h
    check "3: h (hit) on the watcher says read-only: watching" \
        wait_screen k80 'read-only: watching' 5
    check "3: … and the save is unchanged" test "$(sha256sum <"$SAVE")" == "$before"
    as_referee "adjutant do $SAVE hit fr-61 1 >/dev/null"
    check "3: a second change while that message is up: fr-61 at 10/12 within 1 s" \
        wait_screen k80 'fr-61 .* 10/12' 1
    screen_has k80 'read-only: watching' \
        && note "(the status line still says read-only: watching, not the change, until Esc)"
    t send-keys -t k80 Escape
    check "3: Esc clears the message: the status line says the last change" \
        wait_screen k80 'updated .*: hit fr-61 1' 2
    # "for the next game, write it to the same path … A watcher follows the path".
    as_referee "mv $SAVE $SAVES/last-week.toml"
    check "3: the save moved away: the watcher's status line raises the alarm" \
        wait_screen k80 '! showing the last good game' 2
    check "3: adjutant new onto an existing save is refused" \
        fails as_referee "adjutant new quatre-bras -o $SAVES/last-week.toml"
    as_referee "adjutant new quatre-bras -o $SAVE --mode 640 >/dev/null"
    check "3: the next game at the same path shows on the watcher (fr-61 at 12/12)" \
        wait_screen k80 'fr-61 .* 12/12' 2
    note "status line: $(screen_of k80 | grep -v '^[[:space:]]*$' | tail -n 1)"
    t send-keys -t k80 q
    check "3: q ends the watcher and the SSH session" wait_dead k80 5
    check "3: … the client says the connection closed" \
        wait_screen k80 'Connection to localhost closed' 2
fi
close_session k80

# The watcher at 50x20, by password when sshpass is there.
if [[ $have_sshpass == yes ]]; then
    how="password login"
    cmd="NO_COLOR=1 SSHPASS='$password' sshpass -e $ssh_base -o PubkeyAuthentication=no"
    cmd+=" -o PreferredAuthentications=password,keyboard-interactive -t -p $PORT $WATCHER@localhost"
else
    how="key login (no sshpass: password login not tried)"
    cmd="NO_COLOR=1 $client -t -p $PORT $WATCHER@localhost"
fi
open_session p50 50 20 "$cmd"
if check "3: $how, 50x20: the screen shows WATCHING" wait_screen p50 'WATCHING' 15; then
    check "3: $how, 50x20: the France side" shows_france p50
    t send-keys -t p50 C-c
    check "3: Ctrl-C ends the watcher and the SSH session" wait_dead p50 5
fi
close_session p50

open_session bash 80 24 "$client -t -p $PORT $WATCHER@localhost bash"
check "3: ssh -t … bash opens the watcher, not a shell" wait_screen bash 'WATCHING' 15
t send-keys -t bash q
check "3: … and q ends it" wait_dead bash 5
close_session bash

expect_msg='watching needs a terminal'
out=$(timeout 20 "${client_a[@]}" -T -p $PORT $WATCHER@localhost </dev/null 2>&1) && rc=0 || rc=$?
check "3: ssh -T ends at once with \"$expect_msg\"" grep -qF "$expect_msg" <<<"$out"
note "exit status $rc: $(head -n 1 <<<"$out")"
check "3: … with a failing exit status" test "$rc" -ne 0
out=$(timeout 20 "${client_a[@]}" -p $PORT $WATCHER@localhost ls </dev/null 2>&1) || true
check "3: ssh … ls (a command) says \"$expect_msg\"" grep -qF "$expect_msg" <<<"$out"
# shellcheck disable=SC2016 # $HOME is for the remote shell, which must never run
out=$(timeout 20 "${client_a[@]}" -p $PORT $WATCHER@localhost 'echo shell-ran-as-$HOME' </dev/null 2>&1) || true
check "3: ssh … 'echo …' runs no shell" fails grep -q shell-ran-as <<<"$out"

out=$(timeout 20 sftp -F "$work/ssh_config" "${key_a[@]}" -P $PORT $WATCHER@localhost </dev/null 2>&1) || true
check "3: sftp ends with \"Connection closed\"" grep -q 'Connection closed' <<<"$out"
note "$(tr '\n' ' ' <<<"$out")"
for o in "" -O; do
    rm -f "$work/copied"
    out=$(timeout 20 scp ${o:+"$o"} -F "$work/ssh_config" "${key_a[@]}" -P $PORT \
        "$WATCHER@localhost:$SAVE" "$work/copied" </dev/null 2>&1) && rc=0 || rc=$?
    check "3: scp${o:+ $o} copies nothing (exit status $rc)" \
        bash -c "[[ $rc -ne 0 && ! -s '$work/copied' ]]"
    note "$(tr '\n' ' ' <<<"$out")"
done

# Forwarding: -L with the watcher open, as the doc tries it; -R and -D with -N.
open_session fwd 80 24 "$client -t -L 18080:localhost:$PORT -p $PORT $WATCHER@localhost"
if check "3: ssh -t -L … opens the watcher" wait_screen fwd 'WATCHING' 15; then
    (exec 3<>/dev/tcp/127.0.0.1/18080 && sleep 1) 2>/dev/null || true
    check "3: … and refuses the forwarded connection (administratively prohibited)" \
        wait_screen fwd 'administratively prohibited' 5
    t send-keys -t fwd q
    wait_dead fwd 5 || true
fi
close_session fwd
out=$(timeout 20 "${client_a[@]}" -N -o ExitOnForwardFailure=yes -R 18081:localhost:22 \
    -p $PORT $WATCHER@localhost </dev/null 2>&1) || true
check "3: ssh -N -R … is refused (remote port forwarding failed)" \
    grep -q 'remote port forwarding failed' <<<"$out"
"${client_a[@]}" -N -D 18082 -p $PORT $WATCHER@localhost </dev/null >"$work/socks.log" 2>&1 &
bg_pids+=($!)
sleep 2
if command -v curl >/dev/null; then
    curl -s -m 5 --socks5-hostname 127.0.0.1:18082 "http://localhost:$PORT/" >/dev/null 2>&1 || true
else
    (exec 3<>/dev/tcp/127.0.0.1/18082 && printf '\5\1\0' >&3 && sleep 1) 2>/dev/null || true
fi
sleep 1
check "3: ssh -N -D … forwards nothing (administratively prohibited)" \
    grep -q 'administratively prohibited' "$work/socks.log"
kill "${bg_pids[-1]}" 2>/dev/null || true

# The doc's reason to keep /bin/sh: with nologin the forced command never runs.
usermod -s /usr/sbin/nologin "$WATCHER"
open_session nologin 80 24 "$client -t -p $PORT $WATCHER@localhost"
wait_dead nologin 15 || true
check "3: with the shell /usr/sbin/nologin nothing runs (no watcher)" \
    fails screen_has nologin WATCHING
close_session nologin
usermod -s /bin/sh "$WATCHER"

# ---------------------------------------------------------------- 3. per player: keys

section "3. per player instead: keys in authorized_keys (no Match block)"
stop_sshd
start_sshd "$work/sshd_config.stock"
for who in anne bob nopty; do
    ssh-keygen -q -t ed25519 -N '' -C "$who-phone" -f "$work/id_$who"
done
# The doc's two lines, each with a real key in place of "ssh-ed25519 AAAAC3Nza… NAME".
grep -E '^    restrict,pty,command=' "$doc" | sed 's/^    //' >"$work/doc_keys"
[[ $(wc -l <"$work/doc_keys") == 2 ]] || die "wanted two restrict,pty lines in $doc"
{
    while IFS= read -r line; do
        who=$(sed -E 's/.* ([a-z]+)-phone$/\1/' <<<"$line")
        echo "${line%% ssh-ed25519 *} $(cat "$work/id_$who.pub")"
    done <"$work/doc_keys"
    # No `pty`: the doc says the client then gets "PTY allocation request failed".
    echo "restrict,command=\"$BIN watch $SAVE --side france\" $(cat "$work/id_nopty.pub")"
} >"$home/.ssh/authorized_keys"
note "authorized_keys:"
sed -E 's/(ssh-ed25519 ).{60}/\1…/; s/^/      | /' "$home/.ssh/authorized_keys"
# docs/ssh.md, as written:
chown root: "$home" "$home/.ssh" "$home/.ssh/authorized_keys"
chmod 755 "$home" "$home/.ssh"
chmod 644 "$home/.ssh/authorized_keys"
usermod -p '!' "$WATCHER" # no password again, as a new account has ("locked")

check "3 keys: $WATCHER cannot move authorized_keys away" \
    fails runuser -u "$WATCHER" -- mv "$home/.ssh/authorized_keys" "$home/.ssh/x"
check "3 keys: $WATCHER cannot write authorized_keys" \
    fails runuser -u "$WATCHER" -- tee -a "$home/.ssh/authorized_keys" </dev/null

anne="$ssh_base -i $work/id_anne -o BatchMode=yes"
bob="$ssh_base -i $work/id_bob -o BatchMode=yes"
anne_a=(ssh -F "$work/ssh_config" -i "$work/id_anne" -o BatchMode=yes)
open_session anne 80 24 "NO_COLOR=1 $anne -t -p $PORT $WATCHER@localhost"
open_session bob 50 20 "NO_COLOR=1 $bob -t -p $PORT $WATCHER@localhost"
if check "3 keys: anne's key, 80x24: WATCHING" wait_screen anne 'WATCHING' 15; then
    check "3 keys: anne's key: the France side" shows_france anne
fi
if check "3 keys: bob's key, 50x20: WATCHING" wait_screen bob 'WATCHING' 15; then
    check "3 keys: bob's key: the allies' side" shows_allies bob
    as_referee "adjutant do $SAVE hit br-95r 1 >/dev/null"
    check "3 keys: bob's watcher shows the referee's hit br-95r 1 within 1 s" \
        wait_screen bob 'hit br-95r 1' 1
fi
for s in anne bob; do
    t send-keys -t $s q
    check "3 keys: q ends $s's session" wait_dead $s 5
    close_session $s
done
out=$(timeout 20 "${anne_a[@]}" -T -p $PORT $WATCHER@localhost </dev/null 2>&1) || true
check "3 keys: ssh -T says \"$expect_msg\"" grep -qF "$expect_msg" <<<"$out"
out=$(timeout 20 "${anne_a[@]}" -p $PORT $WATCHER@localhost ls </dev/null 2>&1) || true
check "3 keys: ssh … ls says \"$expect_msg\"" grep -qF "$expect_msg" <<<"$out"
open_session kfwd 80 24 "$anne -t -L 18083:localhost:$PORT -p $PORT $WATCHER@localhost"
if wait_screen kfwd 'WATCHING' 15; then
    (exec 3<>/dev/tcp/127.0.0.1/18083 && sleep 1) 2>/dev/null || true
    check "3 keys: restrict refuses -L (administratively prohibited)" \
        wait_screen kfwd 'administratively prohibited' 5
    t send-keys -t kfwd q
else
    fail "3 keys: ssh -t -L … opens the watcher"
fi
close_session kfwd
open_session nopty 80 24 "$ssh_base -i $work/id_nopty -o BatchMode=yes -t -p $PORT $WATCHER@localhost"
check "3 keys: without pty the client says PTY allocation request failed" \
    wait_screen nopty 'PTY allocation request failed' 15
wait_dead nopty 10 || true
check "3 keys: … and no watcher opens" \
    fails screen_has nopty WATCHING
close_session nopty

# The locked account (`!`), with and without PAM.
if grep -Eiq '^[[:space:]]*UsePAM[[:space:]]+yes' "$work/sshd_config.stock"; then
    out=$(timeout 20 "${anne_a[@]}" -T -p $PORT $WATCHER@localhost </dev/null 2>&1) || true
    check "3 keys: locked account (!), UsePAM yes (stock): the key logs in" \
        grep -qF "$expect_msg" <<<"$out"
fi
stop_sshd
mark=$(log_lines)
start_sshd "$work/sshd_config.stock" -o UsePAM=no
out=$(timeout 20 "${anne_a[@]}" -T -p $PORT $WATCHER@localhost </dev/null 2>&1) || true
check "3 keys: locked account (!), UsePAM no: the key is refused" \
    fails grep -qF "$expect_msg" <<<"$out"
check "3 keys: … sshd logs \"not allowed because account is locked\"" \
    grep -q 'not allowed because account is locked' < <(log_since "$mark")
usermod -p '*' "$WATCHER"
out=$(timeout 20 "${anne_a[@]}" -T -p $PORT $WATCHER@localhost </dev/null 2>&1) || true
check "3 keys: usermod -p '*', UsePAM no: the key logs in" grep -qF "$expect_msg" <<<"$out"
stop_sshd

# Keys and a Match block together: the doc says the block wins, one side for every key.
start_sshd "$work/sshd_config"
open_session both 80 24 "NO_COLOR=1 $bob -t -p $PORT $WATCHER@localhost"
if wait_screen both 'WATCHING' 15; then
    check "3 keys + Match block: bob's key gets the block's side (France)" shows_france both
    t send-keys -t both q
else
    fail "3 keys + Match block: bob's key opens a watcher"
fi
close_session both
stop_sshd

# ---------------------------------------------------------------- summary

section "summary"
echo "$passed passed, $failed failed (openssh-server $(dpkg-query -W -f='${Version}' openssh-server); $adj)"
if ((failed)); then
    echo "private sshd log, last lines:"
    tail -n 15 "$work/sshd.log" | sed 's/^/      | /'
    exit 1
fi
exit 0
