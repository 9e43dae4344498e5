"""``standings serve``: the site held in memory, rebuilt on every change of the events folder,
and served to the browser with a reload script and the build's problems on every page."""
