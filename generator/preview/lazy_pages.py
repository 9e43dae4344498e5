"""One unit's pages in ``standings serve`` (an event's, or the index pages'), each rendered
on first use: by a request, by the server's warmer, or all at once (``render_all``).

If a page fails to render after its unit was swapped in, :class:`PageFailure` says which
pages failed and why; livebuild.py sends the event back to its last good pages.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from generator.errors import Diagnostic
from generator.preview.site_port import PageJob, diagnostics_of_failure


class PageFailure(Exception):
    """A page of ``unit`` failed to render after its unit was swapped in."""

    def __init__(self, unit: str, pages: LazyPages, diagnostics: tuple[Diagnostic, ...]) -> None:
        super().__init__("\n".join(str(d) for d in diagnostics))
        self.unit, self.pages, self.diagnostics = unit, pages, diagnostics


class LazyPages:
    """One unit's files (an event's, or the index pages'), each job run on first use.

    Thread-safe: a request and the warmer asking for the same page run its job once.
    Deliberately not a Mapping: a ``len()``, a loop or a comparison would render every page
    of the event without saying so; :meth:`render_all` is the one call that does.
    """

    def __init__(self, unit: str, jobs: Sequence[PageJob], failure_path: str = "", *,
                 warms: bool = True) -> None:
        self.unit = unit
        self.warms = warms
        """Whether the server's warmer renders its pages ahead of requests: not those of an
        archive's events read on request, nor an archive's index pages (a page per person
        of thousands of events), which render when asked for."""
        self.rendered_bytes = 0
        self._failure_path = failure_path
        self._jobs = tuple(jobs)
        self._pending: list[PageJob] = list(jobs)
        self._owner: dict[str, PageJob] = {}
        self._listed = 0
        """The jobs (from the first) whose files are in ``_owner``: the rest are listed only
        when a page is looked for that those listed do not render."""
        self._done: dict[str, bytes] = {}
        self._lock = threading.RLock()
        self.failure: tuple[Diagnostic, ...] = ()

    @property
    def pending(self) -> int:
        """Jobs not run yet that the warmer is to run."""
        return len(self._pending) if self.warms else 0

    @property
    def probes_pending(self) -> bool:
        """A probe has not rendered yet: a template error would still be unseen."""
        return self.warms and any(job.probe for job in self._pending)

    def _failed(self, error: Exception) -> PageFailure:
        self.failure = diagnostics_of_failure(error, self._failure_path)
        return PageFailure(self.unit, self, self.failure)

    def _run(self, job: PageJob) -> None:
        if self.failure:
            raise PageFailure(self.unit, self, self.failure)
        if job not in self._pending:
            return
        try:
            produced = job.run()
        except Exception as error:
            raise self._failed(error) from error
        self._done.update(produced)
        self.rendered_bytes += sum(len(content) for content in produced.values())
        self._pending.remove(job)

    def _owner_of(self, path: str) -> PageJob | None:
        """The job that renders ``path``, listing the files of jobs in order until found."""
        while path not in self._owner and self._listed < len(self._jobs):
            job = self._jobs[self._listed]
            if callable(job.paths):
                if self.failure:
                    raise PageFailure(self.unit, self, self.failure)
                try:
                    paths: tuple[str, ...] | None = job.paths()
                except Exception as error:
                    raise self._failed(error) from error
            else:
                paths = job.paths
            for listed in paths or ():
                self._owner.setdefault(listed, job)
            self._listed += 1
        return self._owner.get(path)

    def run_probes(self) -> None:
        with self._lock:
            for job in [job for job in self._pending if job.probe]:
                self._run(job)

    def run_first_probe(self) -> None:
        """Run the first probe not run yet (an event's standings page), if any."""
        with self._lock:
            probe = next((job for job in self._pending if job.probe), None)
            if probe is not None:
                self._run(probe)

    def run_next(self) -> None:
        """Run one job not run yet, a probe first (the warmer asks only units with
        :attr:`pending` jobs)."""
        with self._lock:
            job = next((job for job in self._pending if job.probe), None)
            if job is None and self._pending:
                job = self._pending[0]
            if job is not None:
                self._run(job)

    def page(self, path: str) -> bytes:
        """The file at ``path``, rendered now if it was not yet; KeyError when the unit has
        none (every job that does not say what it renders has then run)."""
        # A page rendered already is answered without waiting for a job under way (pages
        # are only ever added, each in one step).
        done = self._done.get(path)
        if done is not None:
            return done
        with self._lock:
            if path in self._done:
                return self._done[path]
            owner = self._owner_of(path)
            if owner is not None:
                self._run(owner)
                if path in self._done:
                    return self._done[path]
            for job in [job for job in self._pending if job.paths is None]:
                self._run(job)
                if path in self._done:
                    return self._done[path]
        raise KeyError(path)

    def __contains__(self, path: object) -> bool:
        if not isinstance(path, str):
            return False
        try:
            self.page(path)
        except KeyError:
            return False
        return True

    def render_all(self) -> dict[str, bytes]:
        """Every file of the unit, each job run that has not run yet (a copy, by path)."""
        with self._lock:
            while self._pending:
                self._run(self._pending[0])
            return dict(sorted(self._done.items()))
