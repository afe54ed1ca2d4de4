"""Sphinx settings shared by both books of the website; ``build.py`` adds each book's language,
title and paths (``confoverrides``). Built with myst-nb (notebooks with their saved outputs and
widget state) and the book theme (a page per lesson, the lessons in a sidebar)."""

project = "Millionaire"
author = "Millionaire"
copyright = "the Millionaire authors, MIT licence"
extensions = ["myst_nb"]
exclude_patterns = ["_static", ".doctrees", "**.ipynb_checkpoints"]
templates_path = ["templates"]
suppress_warnings = ["myst.header", "misc.highlighting_failure"]

# The notebooks arrive already run (build.py), with each widget's state at its own cell.
nb_execution_mode = "off"
nb_merge_streams = True
myst_enable_extensions = ["dollarmath", "amsmath", "attrs_block"]
myst_heading_anchors = 3

# Nothing loads from the internet: MathJax, RequireJS and the widget manager are copied into
# _static/vendor from the npm registry at build time (build.py, VENDOR).
mathjax_path = "vendor/mathjax/tex-mml-chtml.js"
nb_ipywidgets_js = {
    "vendor/require.js": {},
    "widget-paths.js": {},
    "vendor/html-manager/embed-amd.js": {"data-jupyter-widgets-cdn": "vendor/html-manager/",
                                         "data-jupyter-widgets-cdn-only": ""},
}

html_theme = "sphinx_book_theme"
html_css_files = ["site.css"]
html_js_files = ["empty-images.js", "slider-names.js"]
html_show_sourcelink = False
html_copy_source = False
html_show_sphinx = False
html_sidebars = {"**": ["navbar-logo.html", "lang-switch.html", "search-button-field.html", "sbt-sidebar-nav.html"]}
html_theme_options = {
    "use_download_button": False,
    "use_fullscreen_button": False,
    "home_page_in_toc": True,
    "show_navbar_depth": 1,
    "secondary_sidebar_items": [],
    "navigation_with_keys": False,
}
