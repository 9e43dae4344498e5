"""An Event to the site's files: views of the standings, the pages rendered by Jinja, the
downloads, and the build that stages a whole site and swaps it in."""
