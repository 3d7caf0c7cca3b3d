#!/usr/bin/env python3
"""Whole-process figures through a real pseudo-terminal, as a player's SSH session sees them.

Usage: bench/terminal.py <adjutant> <floor> <save> [runs]

- start to first frame: from spawning `adjutant play <save>` to the end of its first frame
  on the terminal, against the floor (examples/floor.rs: a ratatui program that draws one
  frame), the median of `runs` each;
- bytes on the wire at 80x24 for the first frame, a cursor move (Down), a hit (h) and
  its undo (H), read from the terminal's side of the pty.
The save is played on a copy, which is deleted.
"""
import fcntl, os, pty, select, shutil, statistics, struct, subprocess, sys, tempfile, termios, time

END_OF_FRAME = b"\x1b[?2026l"


def spawn(argv, cols=80, rows=24):
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    env = dict(os.environ, TERM="xterm-256color")
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                            start_new_session=True)
    os.close(slave)
    return proc, master


def read_until(master, done, limit=5.0):
    """Reads until done(bytes so far) or the limit; returns the bytes."""
    got = b""
    deadline = time.monotonic() + limit
    while not done(got) and time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.01)
        if ready:
            try:
                got += os.read(master, 65536)
            except OSError:
                break
    return got


def read_quiet(master, quiet=0.25):
    """Reads until nothing has come for `quiet` seconds."""
    got = b""
    while True:
        ready, _, _ = select.select([master], [], [], quiet)
        if not ready:
            return got
        try:
            got += os.read(master, 65536)
        except OSError:
            return got


def first_frame(argv, marker):
    start = time.monotonic()
    proc, master = spawn(argv)
    got = read_until(master, lambda b: marker in b)
    elapsed = time.monotonic() - start
    proc.kill()
    proc.wait()
    os.close(master)
    if marker not in got:
        sys.exit(f"{argv[0]}: no frame within 5 s; it printed {got[-300:]!r}")
    return elapsed


def main():
    adjutant, floor, save = sys.argv[1:4]
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 20
    work = tempfile.mkdtemp()
    try:
        copy = os.path.join(work, "game.toml")
        shutil.copy(save, copy)
        floor_times = [first_frame([floor], b"\x1b[?1049l") for _ in range(runs)]
        ours = [first_frame([adjutant, "play", copy], END_OF_FRAME) for _ in range(runs)]
        f, a = statistics.median(floor_times), statistics.median(ours)
        print(f"start to first frame, median of {runs}: floor {f * 1000:.1f} ms, "
              f"adjutant play {a * 1000:.1f} ms, ratio {a / f:.1f}x")

        proc, master = spawn([adjutant, "play", copy])
        first = read_until(master, lambda b: END_OF_FRAME in b)
        first += read_quiet(master)
        sizes = {"first frame": len(first)}
        for label, keys in [("cursor move (Down)", b"\x1b[B"), ("hit (h)", b"h"),
                            ("undo (H)", b"H")]:
            os.write(master, keys)
            sizes[label] = len(read_quiet(master))
        os.write(master, b"q")
        proc.wait(timeout=5)
        os.close(master)
        print("bytes on the wire at 80x24: " +
              ", ".join(f"{label} {n} B" for label, n in sizes.items()))
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
