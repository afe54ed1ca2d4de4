// An image widget with no picture yet (a chart before its first run) would show the browser's
// broken-image icon in the still picture: hide such an image, keeping its place.
document.addEventListener("error", function (event) {
  var node = event.target;
  if (node.tagName === "IMG" && node.classList.contains("widget-image")) node.style.visibility = "hidden";
}, true);
