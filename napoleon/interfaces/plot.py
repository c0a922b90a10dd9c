"""Plots of a winnability study: presentation, so it lives with the interfaces."""

from __future__ import annotations

from ..study import need_extra


def plot(points: list[tuple[int, float | None, float, float]], path: str, title: str) -> None:
    """Draw the running estimate and its interval against deals solved to a PNG (atomically)."""
    import io

    matplotlib = need_extra("matplotlib", "--plot")  # the extra 'study'; named when missing
    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    from ..store.transfer import write_atomic

    fig = Figure(figsize=(8, 4.5), dpi=100)
    ax = fig.add_subplot()
    xs = [p[0] for p in points]
    ax.fill_between(xs, [p[2] for p in points], [p[3] for p in points], color="tab:blue", alpha=0.2,
                    label="95% interval (unknown as lost / as won)")
    ax.plot(xs, [p[1] if p[1] is not None else float("nan") for p in points], color="tab:blue",
            label="estimate: won / decided")
    ax.set_xlabel("deals solved")
    ax.set_ylabel("winnable fraction")
    ax.set_ylim(0, 1)
    ax.set_xlim(left=1)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    ax.set_title(title)
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    write_atomic(path, buf.getvalue())
