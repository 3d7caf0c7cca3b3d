#!/usr/bin/env python3
"""`adjutant serve` end to end, with the real OpenSSH client, as a table of players sees it.

Usage: bench/serve.py <adjutant> <save> [clients] [changes]
       (bench/serve.sh builds the release binary and the 2,000-command Waterloo first)

The referee's screen runs in a pseudo-terminal; `clients` players (default 20: French,
Allied and guests, at 50x20 and 80x24) connect with `ssh` in theirs. Then the referee
keys `changes` commands (a hit and its taking back, in turn), and for each the time from
the referee's Enter to the end of the last client's frame is taken; and the server's
memory and CPU time per client. The save is served from a copy, which is deleted.
"""
import fcntl, os, pty, re, select, shutil, socket, statistics, struct, subprocess, sys
import tempfile, termios, time

END_OF_FRAME = b"\x1b[?2026l"


def spawn(argv, cols, rows, env=None):
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", **(env or {}))
    env.pop("NO_COLOR", None)
    # The pty is made the controlling terminal: ssh reads the password from /dev/tty.
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                            start_new_session=True,
                            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
    os.close(slave)
    return proc, master


def read_until(master, done, limit=20.0):
    got = b""
    deadline = time.monotonic() + limit
    while not done(got):
        if time.monotonic() > deadline:
            sys.exit(f"waited {limit} s; got {got[-400:]!r}")
        ready, _, _ = select.select([master], [], [], 0.01)
        if ready:
            try:
                got += os.read(master, 65536)
            except OSError:
                sys.exit(f"the program ended; it printed {got[-400:]!r}")
    return got


def drain(master, quiet=0.3):
    while select.select([master], [], [], quiet)[0]:
        os.read(master, 65536)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def proc_figures(pid):
    """Resident memory in kB and CPU time in seconds of the process `pid`."""
    with open(f"/proc/{pid}/status") as f:
        rss = int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return rss, (int(fields[11]) + int(fields[12])) / ticks


def main():
    adjutant, save = sys.argv[1:3]
    clients = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    changes = int(sys.argv[4]) if len(sys.argv) > 4 else 20
    work = tempfile.mkdtemp()
    procs = []
    try:
        copy = os.path.join(work, "game.toml")
        shutil.copy(save, copy)
        port = free_port()
        referee, ref = spawn([adjutant, "serve", copy, "--bind", "127.0.0.1", "--port",
                              str(port)], 120, 40,
                             {"ADJUTANT_DATA_DIR": os.path.join(work, "data")})
        procs.append(referee)
        # Five words; ratatui may place each word of the status line by a cursor move.
        words = re.compile(rb"passphrase(?: |\x1b\[[0-9;]*H)([a-z]+(?:-[a-z]+){4})")
        screen = read_until(ref, words.search)
        passphrase = words.search(screen).group(1)
        drain(ref)
        rss_before, _ = proc_figures(referee.pid)
        masters = []
        for n in range(clients):
            login = ["france", "allies", "france", "allies", "guest"][n % 5]
            size = (50, 20) if n % 2 == 0 else (80, 24)
            proc, master = spawn(["ssh", "-tt", "-F", "/dev/null",
                                  "-o", "StrictHostKeyChecking=no",
                                  "-o", "UserKnownHostsFile=/dev/null",
                                  "-o", "PubkeyAuthentication=no", "-o", "LogLevel=ERROR",
                                  "-p", str(port), f"{login}@127.0.0.1"], *size)
            procs.append(proc)
            read_until(master, lambda b: b"password:" in b)
            os.write(master, passphrase + b"\r")
            read_until(master, lambda b: END_OF_FRAME in b)
            masters.append(master)
        for master in masters:
            drain(master, 0.05)
        rss_after, cpu_before = proc_figures(referee.pid)
        latencies = []
        drawn = []
        for i in range(changes):
            line = b"hit f54-1 1" if i % 2 == 0 else b"unhit f54-1 1"
            os.write(ref, b":" + line)
            time.sleep(0.1)
            drain(ref, 0.05)
            start = time.monotonic()
            os.write(ref, b"\r")
            waiting = {m: b"" for m in masters}
            last = start
            # A client whose screen the change leaves as it was (an enemy's unit off a
            # phone's roster, a status line cut at the same word) is sent nothing: a
            # second of silence from the rest ends the wait.
            while waiting:
                ready, _, _ = select.select(list(waiting), [], [], 1.0)
                if not ready:
                    break
                for m in ready:
                    waiting[m] += os.read(m, 65536)
                    # A small frame is sent without the synchronized-update escapes:
                    # any bytes after the change are its frame, read whole or in one go.
                    if END_OF_FRAME in waiting[m] or not select.select([m], [], [], 0.002)[0]:
                        last = time.monotonic()
                        del waiting[m]
            if len(waiting) == len(masters):
                sys.exit(f"change {i}: no client drew it within 1 s")
            drawn.append(len(masters) - len(waiting))
            latencies.append(last - start)
            drain(ref, 0.05)
        _, cpu_after = proc_figures(referee.pid)
        ms = sorted(x * 1000 for x in latencies)
        print(f"{clients} clients over ssh, {changes} changes keyed by the referee:")
        print(f"  referee's Enter to the last client's frame: median {statistics.median(ms):.1f} ms,"
              f" max {ms[-1]:.1f} ms ({min(drawn)}-{max(drawn)} of {clients} clients drew each"
              f" change; the others' screens did not change)")
        print(f"  server memory: {rss_before} kB before the clients, {rss_after} kB with them:"
              f" {(rss_after - rss_before) / clients:.0f} kB a client")
        print(f"  server CPU for the changes: {(cpu_after - cpu_before) * 1000:.0f} ms,"
              f" {(cpu_after - cpu_before) * 1000 / changes / clients:.2f} ms a client a change")
        os.write(ref, b"q")
        referee.wait(timeout=10)
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
