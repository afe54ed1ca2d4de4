// A slider widget's handle (role="slider", drawn by the widget manager) has no name of its own: give
// it the slider's label, so that a screen reader says what the slider sets.
(function () {
  function nameHandles() {
    document.querySelectorAll(".widget-slider .noUi-handle:not([aria-label])").forEach(function (handle) {
      var label = handle.closest(".widget-slider").querySelector(".widget-label");
      if (label && label.textContent.trim()) handle.setAttribute("aria-label", label.textContent.trim());
    });
  }
  new MutationObserver(nameHandles).observe(document.documentElement, {childList: true, subtree: true});
})();
